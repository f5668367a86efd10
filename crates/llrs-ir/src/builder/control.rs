//! Control flow and calls: terminators, `phi`, `call` (direct and indirect), `invoke`,
//! `landingpad`.

use super::types::{is_int, is_ptr, is_value_type};
use super::{BuildError, BuildErrorKind as K, FunctionBuilder};
use crate::attributes::AttrsId;
use crate::constants::Const;
use crate::function::BlockId;
use crate::instructions::{flags as fl, AttrList, CallData, Clause, InstData, InstExtra, Opcode, TailKind};
use crate::module::{GlobalId, GlobalKind};
use crate::types::{Type, TypeId};
use crate::value::Value;
use rustc_hash::FxHashSet;

impl FunctionBuilder<'_> {
    fn void_inst(&mut self, op: Opcode, ops: impl IntoIterator<Item = Value>) -> InstData {
        let void = self.m.ctx.void_ty();
        InstData::new(op, void, ops)
    }

    /// `br label %dest`.
    pub fn br(&mut self, dest: BlockId) -> Result<Value, BuildError> {
        self.check_block("br", dest)?;
        let d = self.void_inst(Opcode::Br, [Value::Block(dest)]);
        self.insert("br", d, None)
    }

    /// `br i1 c, label %t, label %f`: the condition is `i1`.
    pub fn cond_br(&mut self, c: Value, t: BlockId, f: BlockId) -> Result<Value, BuildError> {
        let ct = self.operand_ty("br", c)?;
        if !matches!(self.m.ctx.type_of(ct), Type::Int(1)) {
            return Err(self.wrong_type("br", "condition", "i1", ct));
        }
        self.check_block("br", t)?;
        self.check_block("br", f)?;
        let d = self.void_inst(Opcode::Br, [c, Value::Block(t), Value::Block(f)]);
        self.insert("br", d, None)
    }

    /// `switch T c, label %default [ T v, label %dest ... ]`: an integer condition, case values
    /// distinct integer constants of its type.
    pub fn switch(&mut self, c: Value, default: BlockId, cases: &[(Value, BlockId)]) -> Result<Value, BuildError> {
        let ct = self.operand_ty("switch", c)?;
        if !is_int(&self.m.ctx, ct) {
            return Err(self.wrong_type("switch", "condition", "an integer", ct));
        }
        self.check_block("switch", default)?;
        let mut seen = FxHashSet::default();
        let mut ops = vec![c, Value::Block(default)];
        for &(v, dest) in cases {
            let vt = self.operand_ty("switch", v)?;
            self.same_type("switch", ct, vt)?;
            let is_int_const = matches!(v, Value::Const(k) if matches!(self.m.ctx.const_of(k), Const::Int(..)));
            if !is_int_const {
                return Err(BuildError::new(
                    "switch",
                    K::InvalidValue("a case value must be an integer constant".into()),
                ));
            }
            if !seen.insert(v) {
                return Err(BuildError::new("switch", K::InvalidValue("duplicate case value".into())));
            }
            self.check_block("switch", dest)?;
            ops.extend([v, Value::Block(dest)]);
        }
        let d = self.void_inst(Opcode::Switch, ops);
        self.insert("switch", d, None)
    }

    /// `indirectbr ptr addr, [label %a, ...]`: the address is a pointer.
    pub fn indirectbr(&mut self, addr: Value, dests: &[BlockId]) -> Result<Value, BuildError> {
        let t = self.operand_ty("indirectbr", addr)?;
        if !is_ptr(&self.m.ctx, t) {
            return Err(self.wrong_type("indirectbr", "address", "a pointer", t));
        }
        for &b in dests {
            self.check_block("indirectbr", b)?;
        }
        let d = self.void_inst(Opcode::IndirectBr, std::iter::once(addr).chain(dests.iter().map(|&b| Value::Block(b))));
        self.insert("indirectbr", d, None)
    }

    /// `ret void` (`None`) or `ret T v`: the value's type is the function's return type.
    pub fn ret(&mut self, v: Option<Value>) -> Result<Value, BuildError> {
        let want = self.m.ctx.fn_ret(self.fn_ty()).unwrap_or_else(|| self.m.ctx.void_ty());
        let got = match v {
            Some(v) => self.operand_ty("ret", v)?,
            None => self.m.ctx.void_ty(),
        };
        if want != got {
            return Err(BuildError::new("ret", K::ReturnType { expected: self.tname(want), got: self.tname(got) }));
        }
        let d = self.void_inst(Opcode::Ret, v);
        self.insert("ret", d, None)
    }

    /// `unreachable`.
    pub fn unreachable(&mut self) -> Result<Value, BuildError> {
        let d = self.void_inst(Opcode::Unreachable, []);
        self.insert("unreachable", d, None)
    }

    /// `resume T v`: rethrows an exception (the value a `landingpad` gave).
    pub fn resume(&mut self, v: Value) -> Result<Value, BuildError> {
        let t = self.operand_ty("resume", v)?;
        if !is_value_type(&self.m.ctx, t) {
            return Err(self.wrong_type("resume", "operand", "a first-class value", t));
        }
        let d = self.void_inst(Opcode::Resume, [v]);
        self.insert("resume", d, None)
    }

    /// `phi ty [v, %b], ...`: a first-class type, every incoming value of that type. More
    /// incoming edges can be added later with [`FunctionBuilder::add_incoming`] (for loops).
    pub fn phi(&mut self, ty: TypeId, incoming: &[(Value, BlockId)], name: Option<&str>) -> Result<Value, BuildError> {
        self.check_type_id("phi", ty)?;
        if !is_value_type(&self.m.ctx, ty) || matches!(self.m.ctx.type_of(ty), Type::Token) {
            return Err(self.wrong_type("phi", "type", "a first-class type", ty));
        }
        for &(v, b) in incoming {
            let vt = self.operand_ty("phi", v)?;
            self.same_type("phi", ty, vt)?;
            self.check_block("phi", b)?;
        }
        let mut d = InstData::new(Opcode::Phi, ty, incoming.iter().map(|(v, _)| *v));
        d.extra = InstExtra::Phi(incoming.iter().map(|(_, b)| *b).collect());
        self.insert("phi", d, name)
    }

    /// Adds the incoming edge `[v, %b]` to a phi built earlier.
    pub fn add_incoming(&mut self, phi: Value, v: Value, b: BlockId) -> Result<(), BuildError> {
        let ty = match phi {
            Value::Inst(i) => {
                self.body().and_then(|body| body.insts.get(i)).filter(|d| d.op == Opcode::Phi).map(|d| d.ty)
            }
            _ => None,
        };
        let (Value::Inst(i), Some(ty)) = (phi, ty) else {
            return Err(BuildError::new("phi", K::InvalidValue("add_incoming needs a phi".into())));
        };
        let vt = self.operand_ty("phi", v)?;
        self.same_type("phi", ty, vt)?;
        self.check_block("phi", b)?;
        self.body_mut().add_phi_incoming(i, v, b);
        Ok(())
    }

    /// The function type of a direct callee, and its name for messages.
    fn callee_of(&mut self, op: &str, callee: GlobalId) -> Result<(TypeId, String, Value), BuildError> {
        let Some(g) = self.m.globals.get(callee) else {
            return Err(BuildError::new(op, K::InvalidValue(format!("global #{} does not exist", callee.0))));
        };
        let label = match g.name {
            Some(n) => format!("{op} @{}", String::from_utf8_lossy(self.m.ctx.name(n))),
            None => format!("{op} @{}", callee.0),
        };
        if g.kind != GlobalKind::Function {
            return Err(BuildError::new(label, K::InvalidValue("the callee is not a function".into())));
        }
        let fn_ty = g.value_ty;
        let c = self.global(callee)?;
        Ok((fn_ty, label, c))
    }

    /// The call data and operands of a call-like instruction, checked against `fn_ty`.
    fn call_data(
        &mut self,
        inst: &str,
        fn_ty: TypeId,
        callee: Value,
        args: &[Value],
    ) -> Result<(InstData, TypeId), BuildError> {
        self.check_type_id(inst, fn_ty)?;
        let (ret, params, vararg) = match self.m.ctx.type_of(fn_ty) {
            Type::Function { ret, params, vararg } => (*ret, params.clone(), *vararg),
            _ => return Err(self.wrong_type(inst, "callee type", "a function type", fn_ty)),
        };
        let ct = self.operand_ty(inst, callee)?;
        if !is_ptr(&self.m.ctx, ct) {
            return Err(self.wrong_type(inst, "callee", "a pointer", ct));
        }
        let count_ok = if vararg { args.len() >= params.len() } else { args.len() == params.len() };
        if !count_ok {
            return Err(BuildError::new(inst, K::ArgCount { expected: params.len(), got: args.len(), vararg }));
        }
        for (k, &a) in args.iter().enumerate() {
            let at = self.value_ty(inst, a)?;
            match params.get(k) {
                Some(&p) if p != at => {
                    let kind =
                        K::WrongType { what: format!("argument {k}"), expected: self.tname(p), got: self.tname(at) };
                    return Err(BuildError::new(inst, kind));
                }
                None if !is_value_type(&self.m.ctx, at) => {
                    return Err(self.wrong_type(inst, &format!("argument {k}"), "a first-class value", at));
                }
                _ => {}
            }
        }
        let mut d = InstData::new(Opcode::Call, ret, std::iter::once(callee).chain(args.iter().copied()));
        d.extra = InstExtra::Call(Box::new(CallData {
            fn_ty,
            cconv: 0,
            attrs: AttrList { func: AttrsId::EMPTY, ret: AttrsId::EMPTY, params: Vec::new() },
            bundles: Vec::new(),
            tail: TailKind::None,
            num_args: args.len() as u32,
        }));
        Ok((d, ret))
    }

    /// A direct call of function `callee`: as many arguments as it has parameters (at least as
    /// many for a varargs function), each of its parameter's type. A call of a `void` function
    /// gets no name.
    pub fn call(&mut self, callee: GlobalId, args: &[Value], name: Option<&str>) -> Result<Value, BuildError> {
        let (fn_ty, label, c) = self.callee_of("call", callee)?;
        let (d, _) = self.call_data(&label, fn_ty, c, args)?;
        self.insert(&label, d, name)
    }

    /// An indirect call through the pointer `callee` of function type `fn_ty`, checked as
    /// [`FunctionBuilder::call`].
    pub fn call_indirect(
        &mut self,
        fn_ty: TypeId,
        callee: Value,
        args: &[Value],
        name: Option<&str>,
    ) -> Result<Value, BuildError> {
        let (d, _) = self.call_data("call", fn_ty, callee, args)?;
        self.insert("call", d, name)
    }

    /// `invoke` of function `callee`, continuing at `normal` or, when it unwinds, at `unwind`
    /// (which must start with a `landingpad`; the verifier checks that).
    pub fn invoke(
        &mut self,
        callee: GlobalId,
        args: &[Value],
        normal: BlockId,
        unwind: BlockId,
        name: Option<&str>,
    ) -> Result<Value, BuildError> {
        let (fn_ty, label, c) = self.callee_of("invoke", callee)?;
        self.invoke_impl(&label, fn_ty, c, args, normal, unwind, name)
    }

    /// `invoke` through the pointer `callee` of function type `fn_ty`.
    pub fn invoke_indirect(
        &mut self,
        fn_ty: TypeId,
        callee: Value,
        args: &[Value],
        normal: BlockId,
        unwind: BlockId,
        name: Option<&str>,
    ) -> Result<Value, BuildError> {
        self.invoke_impl("invoke", fn_ty, callee, args, normal, unwind, name)
    }

    #[allow(clippy::too_many_arguments)]
    fn invoke_impl(
        &mut self,
        inst: &str,
        fn_ty: TypeId,
        callee: Value,
        args: &[Value],
        normal: BlockId,
        unwind: BlockId,
        name: Option<&str>,
    ) -> Result<Value, BuildError> {
        let (mut d, _) = self.call_data(inst, fn_ty, callee, args)?;
        self.check_block(inst, normal)?;
        self.check_block(inst, unwind)?;
        d.op = Opcode::Invoke;
        d.operands.extend([Value::Block(normal), Value::Block(unwind)]);
        self.insert(inst, d, name)
    }

    /// `landingpad ty [cleanup] clauses...`: each `catch` clause a pointer constant, each
    /// `filter` clause an array constant.
    pub fn landingpad(
        &mut self,
        ty: TypeId,
        cleanup: bool,
        clauses: &[Clause],
        name: Option<&str>,
    ) -> Result<Value, BuildError> {
        let inst = "landingpad";
        self.check_type_id(inst, ty)?;
        if !is_value_type(&self.m.ctx, ty) {
            return Err(self.wrong_type(inst, "type", "a first-class type", ty));
        }
        if !cleanup && clauses.is_empty() {
            return Err(BuildError::new(inst, K::Other("needs a clause or cleanup".into())));
        }
        for c in clauses {
            let (v, catch) = match *c {
                Clause::Catch(v) => (v, true),
                Clause::Filter(v) => (v, false),
            };
            let t = self.operand_ty(inst, v)?;
            if !matches!(v, Value::Const(_)) {
                return Err(BuildError::new(inst, K::InvalidValue("a clause must be a constant".into())));
            }
            if catch && !is_ptr(&self.m.ctx, t) {
                return Err(self.wrong_type(inst, "catch clause", "a pointer", t));
            }
            if !catch && !matches!(self.m.ctx.type_of(t), Type::Array(..)) {
                return Err(self.wrong_type(inst, "filter clause", "an array", t));
            }
        }
        let mut d = InstData::new(Opcode::LandingPad, ty, []);
        if cleanup {
            d.flags |= fl::CLEANUP;
        }
        d.extra = InstExtra::LandingPad(clauses.into());
        self.insert(inst, d, name)
    }
}
