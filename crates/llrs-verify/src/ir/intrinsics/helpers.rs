//! What the intrinsic rules ask of a call: its arguments, their types, the attributes of the
//! call site and of the callee, the intrinsic a called function is, `stripPointerCasts`.

use super::super::FnCtx;
use crate::walk::Verifier;
use llrs_ir::apint::APInt;
use llrs_ir::attributes::{AttrArg, MemoryEffects};
use llrs_ir::instructions::{AttrList, CallData};
use llrs_ir::{AttrsId, Const, GlobalId, InstData, InstExtra, InstId, Opcode, Type, TypeId, Value};

/// The arguments of a call (`Call.args()`), after the callee.
pub(super) fn call_args(inst: &InstData) -> &[Value] {
    let n = inst.call().map_or(0, |c| c.num_args as usize);
    inst.operands.get(1..1 + n).or_else(|| inst.operands.get(1..)).unwrap_or(&[])
}

/// Argument `k` of a call (`Call.getArgOperand(k)`).
pub(super) fn arg(inst: &InstData, k: usize) -> Option<Value> {
    call_args(inst).get(k).copied()
}

impl<'m> Verifier<'m> {
    /// The type of argument `k` of call `i`.
    pub(super) fn arg_ty(&self, f: &FnCtx<'_>, i: InstId, k: usize) -> Option<TypeId> {
        self.value_ty(f, arg(f.inst(i), k)?)
    }

    /// The value of a `ConstantInt`.
    pub(super) fn const_apint(&self, v: Option<Value>) -> Option<&'m APInt> {
        let Some(Value::Const(c)) = v else { return None };
        match self.v.m.ctx.const_of(c) {
            Const::Int(_, x) => Some(x),
            _ => None,
        }
    }

    /// Whether a value is `poison` (`PoisonValue`).
    pub(super) fn is_poison(&self, v: Value) -> bool {
        matches!(v, Value::Const(c) if matches!(self.v.m.ctx.const_of(c), Const::Poison(_)))
    }

    /// Whether a value is `undef` or `poison` (`UndefValue`).
    pub(super) fn is_undef(&self, v: Value) -> bool {
        matches!(v, Value::Const(c) if matches!(self.v.m.ctx.const_of(c), Const::Poison(_) | Const::Undef(_)))
    }

    /// Whether a value is `null` of a pointer type (`ConstantPointerNull`).
    pub(super) fn is_null_ptr(&self, v: Value) -> bool {
        let Value::Const(c) = v else { return false };
        match self.v.m.ctx.const_of(c) {
            Const::Null(_) => true,
            Const::Zero(t) => self.types().is_ptr(*t),
            _ => false,
        }
    }

    /// `Value::stripPointerCasts`: through bitcasts, address-space casts and all-zero GEPs,
    /// instructions and constant expressions alike.
    pub(super) fn strip_pointer_casts(&self, f: &FnCtx<'_>, v: Value) -> Value {
        let ctx = &self.v.m.ctx;
        let mut cur = v;
        for _ in 0..64 {
            let next = match cur {
                Value::Inst(i) => {
                    let Some(d) = f.body.insts.get(i) else { break };
                    match d.op {
                        Opcode::BitCast | Opcode::AddrSpaceCast => d.operands.first().copied(),
                        Opcode::GetElementPtr if d.operands.iter().skip(1).all(|&x| self.is_zero_index(x)) => {
                            d.operands.first().copied()
                        }
                        _ => None,
                    }
                }
                Value::Const(c) => match ctx.const_of(c) {
                    Const::Expr(e) => match e.op {
                        Opcode::BitCast | Opcode::AddrSpaceCast => e.operands.first().map(|&x| Value::Const(x)),
                        Opcode::GetElementPtr
                            if e.operands.iter().skip(1).all(|&x| self.is_zero_index(Value::Const(x))) =>
                        {
                            e.operands.first().map(|&x| Value::Const(x))
                        }
                        _ => None,
                    },
                    _ => None,
                },
                _ => None,
            };
            match next {
                Some(n) => cur = n,
                None => break,
            }
        }
        cur
    }

    /// A constant zero index (integer or vector of zeros).
    fn is_zero_index(&self, v: Value) -> bool {
        let Value::Const(c) = v else { return false };
        match self.v.m.ctx.const_of(c) {
            Const::Int(_, x) => x.is_zero(),
            Const::Zero(_) | Const::Null(_) => true,
            Const::Splat(_, e) => self.is_zero_index(Value::Const(*e)),
            _ => false,
        }
    }

    /// The `alloca` a value is, if it is one.
    pub(super) fn alloca_of<'f>(&self, f: &FnCtx<'f>, v: Value) -> Option<&'f InstData> {
        let Value::Inst(i) = v else { return None };
        let d = f.body.insts.get(i)?;
        (d.op == Opcode::Alloca).then_some(d)
    }

    /// `AllocaInst::isStaticAlloca`: in the entry block, with a constant size, not `inalloca`.
    pub(super) fn is_static_alloca(&self, f: &FnCtx<'_>, v: Value) -> bool {
        let Value::Inst(i) = v else { return false };
        let Some(d) = self.alloca_of(f, v) else { return false };
        let const_size = d.operands.first().is_none_or(|&s| self.is_const_int(s));
        let in_entry = f.block_of(i).is_some() && f.block_of(i) == f.entry();
        const_size && in_entry && d.flags & llrs_ir::instructions::flags::INALLOCA == 0
    }

    /// The intrinsic a function is, by its name in LLVM's table (`llvm.memcpy` for
    /// `llvm.memcpy.p0.p0.i64`).
    pub(super) fn intrinsic_base(&self, g: GlobalId) -> Option<&'static str> {
        self.intrinsic_of(g)??;
        llrs_ir::intrinsic_attrs::intrinsic_attrs(self.global_name(g)).map(|a| a.name)
    }

    /// The intrinsic called by instruction `i` (through `getCalledFunction`), if any.
    pub(super) fn called_intrinsic(&self, f: &FnCtx<'_>, v: Value) -> Option<&'static str> {
        let Value::Inst(i) = v else { return None };
        let d = f.body.insts.get(i)?;
        self.intrinsic_base(self.callee_fn(d)?)
    }

    /// The type argument of attribute `name` in a set (`elementtype(T)`).
    fn set_type(&self, set: AttrsId, name: &[u8]) -> Option<TypeId> {
        let ctx = &self.v.m.ctx;
        let sym = ctx.names.lookup(name)?;
        ctx.attrs_of(set).iter().find_map(|a| match a.arg {
            AttrArg::Type(t) if a.kind == sym => Some(t),
            _ => None,
        })
    }

    /// The callee's attribute list, when it is a known function.
    fn callee_attrs(&self, inst: &InstData) -> Option<&'m AttrList> {
        let g = self.callee_fn(inst)?;
        Some(&self.v.m.globals[g].func.as_deref()?.attrs)
    }

    /// `CallBase::paramHasAttr(k, name)`: on the call site or on the callee.
    pub(super) fn call_param_has(&self, inst: &InstData, k: usize, name: &str) -> bool {
        let Some(cd) = inst.call() else { return false };
        self.has(cd.attrs.param(k), name) || self.callee_attrs(inst).is_some_and(|a| self.has(a.param(k), name))
    }

    /// `CallBase::hasFnAttr(name)`: on the call site or on the callee.
    pub(super) fn intrinsic_call_has_fn_attr(&self, inst: &InstData, name: &str) -> bool {
        let Some(cd) = inst.call() else { return false };
        self.has(cd.attrs.func, name) || self.callee_attrs(inst).is_some_and(|a| self.has(a.func, name))
    }

    /// `CallBase::getParamElementType(k)`: the call site's, else the callee's.
    pub(super) fn param_element_type(&self, inst: &InstData, k: usize) -> Option<TypeId> {
        let cd = inst.call()?;
        self.set_type(cd.attrs.param(k), b"elementtype")
            .or_else(|| self.callee_attrs(inst).and_then(|a| self.set_type(a.param(k), b"elementtype")))
    }

    /// `CallBase::getMemoryEffects`: the call site's `memory` with the callee's, widened by
    /// operand bundles that read or write.
    pub(super) fn call_memory(&self, inst: &InstData, cd: &CallData, is_assume: bool) -> MemoryEffects {
        let ctx = &self.v.m.ctx;
        let mem_of = |set: AttrsId| -> Option<MemoryEffects> {
            let sym = ctx.names.lookup(b"memory")?;
            ctx.attrs_of(set).iter().find_map(|a| match a.arg {
                AttrArg::Memory(me) if a.kind == sym => Some(me),
                _ => None,
            })
        };
        let mut me = mem_of(cd.attrs.func).unwrap_or(MemoryEffects::uniform(3));
        if let Some(a) = self.callee_attrs(inst) {
            if let Some(c) = mem_of(a.func) {
                me = MemoryEffects(me.0 & c.0);
            }
        }
        let tags: Vec<&[u8]> = cd.bundles.iter().map(|b| ctx.name(b.tag)).collect();
        let not_in = |allowed: &[&[u8]]| tags.iter().any(|t| !allowed.contains(t));
        const NON_READING: &[&[u8]] = &[b"ptrauth", b"kcfi", b"convergencectrl", b"deactivation-symbol"];
        const NON_CLOBBERING: &[&[u8]] =
            &[b"deopt", b"funclet", b"ptrauth", b"kcfi", b"convergencectrl", b"deactivation-symbol"];
        if !is_assume && not_in(NON_READING) {
            me = MemoryEffects(me.0 | MemoryEffects::uniform(1).0);
        }
        if !is_assume && not_in(NON_CLOBBERING) {
            me = MemoryEffects(me.0 | MemoryEffects::uniform(2).0);
        }
        me
    }

    /// Whether a function type is vararg.
    pub(super) fn fn_vararg(&self, t: TypeId) -> bool {
        matches!(self.v.m.ctx.type_of(t), Type::Function { vararg: true, .. })
    }

    /// The element count of a vector type as `(scalable, min)`.
    pub(super) fn vec_count(&self, t: Option<TypeId>) -> Option<(bool, u32)> {
        self.types().vector(t?).map(|(s, n, _)| (s, n))
    }

    /// Whether `i` is a `call` (not an `invoke` or `callbr`).
    pub(super) fn is_call_inst(inst: &InstData) -> bool {
        inst.op == Opcode::Call
    }

    /// Whether an instruction is a call-like (`CallBase`).
    pub(super) fn is_call_base(inst: &InstData) -> bool {
        matches!(inst.op, Opcode::Call | Opcode::Invoke | Opcode::CallBr) && matches!(inst.extra, InstExtra::Call(_))
    }
}
