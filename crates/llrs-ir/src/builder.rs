//! A builder for function bodies: create blocks, position at the end of one, and append
//! instructions that are typed from their operands.
//!
//! ```
//! use llrs_ir::builder::FunctionBuilder;
//! use llrs_ir::instructions::{flags, CmpPred};
//! use llrs_ir::{Module, Value};
//!
//! let mut m = Module::new();
//! let i32t = m.ctx.int_ty(32);
//! let fty = m.ctx.fn_ty(i32t, &[i32t], false);
//! let f = m.add_function("abs", fty);
//! let mut b = FunctionBuilder::new(&mut m, f);
//! let entry = b.create_block(Some("entry"));
//! let neg = b.create_block(Some("neg"));
//! let done = b.create_block(Some("done"));
//! b.position_at_end(entry);
//! let zero = b.const_int(i32t, 0);
//! let is_neg = b.icmp(CmpPred::Slt, b.arg(0), zero, Some("isneg"));
//! b.cond_br(is_neg, neg, done);
//! b.position_at_end(neg);
//! let n = b.binop(llrs_ir::Opcode::Sub, zero, b.arg(0), flags::NSW, Some("n"));
//! b.br(done);
//! b.position_at_end(done);
//! let r = b.phi(i32t, &[(b.arg(0), entry), (n, neg)], Some("r"));
//! b.ret(Some(r));
//! ```

use crate::constants::{Const, ConstId};
use crate::function::{BlockId, Body, InstId};
use crate::instructions::{flags as fl, AttrList, CallData, CmpPred, InstData, InstExtra, Opcode, TailKind};
use crate::module::{GlobalId, Module};
use crate::types::{Type, TypeId};
use crate::value::Value;
use smallvec::SmallVec;

/// Appends instructions to one function of a module.
pub struct FunctionBuilder<'m> {
    m: &'m mut Module,
    func: GlobalId,
    block: Option<BlockId>,
}

impl<'m> FunctionBuilder<'m> {
    /// A builder for function `func` (given an empty body if it had none).
    pub fn new(m: &'m mut Module, func: GlobalId) -> Self {
        m.body_mut(func);
        FunctionBuilder { m, func, block: None }
    }

    /// The module being built.
    pub fn module(&mut self) -> &mut Module {
        self.m
    }

    fn body(&mut self) -> &mut Body {
        self.m.body_mut(self.func)
    }

    /// Argument `i` of the function.
    pub fn arg(&self, i: u32) -> Value {
        Value::Arg(i)
    }

    /// Names argument `i`.
    pub fn name_arg(&mut self, i: usize, name: &str) {
        let s = self.m.ctx.sym(name);
        if let Some(slot) = self.m.func_mut(self.func).arg_names.get_mut(i) {
            *slot = Some(s);
        }
    }

    /// Creates a block at the end of the function's layout.
    pub fn create_block(&mut self, name: Option<&str>) -> BlockId {
        let sym = name.map(|n| self.m.ctx.sym(n));
        let body = self.body();
        let b = body.create_block(sym);
        body.append_block(b);
        b
    }

    /// Makes later instructions go to the end of `b`.
    pub fn position_at_end(&mut self, b: BlockId) {
        self.block = Some(b);
    }

    /// An integer constant of type `ty`.
    pub fn const_int(&mut self, ty: TypeId, v: i64) -> Value {
        Value::Const(self.m.ctx.const_int(ty, v))
    }

    /// A constant.
    pub fn konst(&mut self, c: Const) -> Value {
        Value::Const(self.m.ctx.konst(c))
    }

    /// The address of a global as a value.
    pub fn global(&mut self, g: GlobalId) -> Value {
        let ty = self.m.ctx.ptr_ty(self.m.globals[g].addrspace);
        Value::Const(self.m.ctx.konst(Const::Global(ty, g)))
    }

    /// The type of a value of this function.
    pub fn type_of(&mut self, v: Value) -> TypeId {
        match v {
            Value::Const(c) => self.m.ctx.const_of(c).ty(),
            Value::Arg(i) => {
                let fty = self.m.globals[self.func].value_ty;
                self.m.ctx.fn_params(fty)[i as usize]
            }
            Value::Inst(i) => self.body().insts[i].ty,
            Value::Block(_) => self.m.ctx.ty(Type::Label),
            Value::Md(_) => self.m.ctx.ty(Type::Metadata),
            Value::Asm(_) => self.m.ctx.ptr_ty(0),
        }
    }

    /// Appends an instruction to the current block; returns its value.
    pub fn append(&mut self, mut data: InstData, name: Option<&str>) -> Value {
        data.name = name.map(|n| self.m.ctx.sym(n));
        let b = self.block.expect("position the builder in a block first");
        let id: InstId = self.body().append_inst(b, data);
        Value::Inst(id)
    }

    /// A binary operator with [`crate::instructions::flags`].
    pub fn binop(&mut self, op: Opcode, a: Value, b: Value, flags: u16, name: Option<&str>) -> Value {
        let ty = self.type_of(a);
        let mut d = InstData::new(op, ty, [a, b]);
        d.flags = flags;
        self.append(d, name)
    }

    /// `icmp pred a, b`.
    pub fn icmp(&mut self, pred: CmpPred, a: Value, b: Value, name: Option<&str>) -> Value {
        let ty = self.type_of(a);
        let rt = match self.m.ctx.type_of(ty).clone() {
            Type::Vector { scalable, len, .. } => {
                let i1 = self.m.ctx.int_ty(1);
                self.m.ctx.ty(Type::Vector { scalable, len, elem: i1 })
            }
            _ => self.m.ctx.int_ty(1),
        };
        let mut d = InstData::new(Opcode::ICmp, rt, [a, b]);
        d.extra = InstExtra::Cmp(pred);
        self.append(d, name)
    }

    /// `select c, a, b`.
    pub fn select(&mut self, c: Value, a: Value, b: Value, name: Option<&str>) -> Value {
        let ty = self.type_of(a);
        self.append(InstData::new(Opcode::Select, ty, [c, a, b]), name)
    }

    /// A cast of `v` to `ty`.
    pub fn cast(&mut self, op: Opcode, v: Value, ty: TypeId, name: Option<&str>) -> Value {
        self.append(InstData::new(op, ty, [v]), name)
    }

    /// `alloca ty, align a`.
    pub fn alloca(&mut self, ty: TypeId, align: u64, name: Option<&str>) -> Value {
        let pt = self.m.ctx.ptr_ty(0);
        let mut d = InstData::new(Opcode::Alloca, pt, []);
        d.extra = InstExtra::Alloca { ty, align, addrspace: 0 };
        self.append(d, name)
    }

    /// `load ty, ptr p, align a`.
    pub fn load(&mut self, ty: TypeId, ptr: Value, align: u64, name: Option<&str>) -> Value {
        let mut d = InstData::new(Opcode::Load, ty, [ptr]);
        d.extra = InstExtra::Mem { align, atomic: Default::default(), rmw: 0 };
        self.append(d, name)
    }

    /// `store v, ptr p, align a`.
    pub fn store(&mut self, v: Value, ptr: Value, align: u64) -> Value {
        let void = self.m.ctx.void_ty();
        let mut d = InstData::new(Opcode::Store, void, [v, ptr]);
        d.extra = InstExtra::Mem { align, atomic: Default::default(), rmw: 0 };
        self.append(d, None)
    }

    /// `getelementptr [inbounds] src, ptr p, indices...`.
    pub fn gep(&mut self, src: TypeId, ptr: Value, indices: &[Value], inbounds: bool, name: Option<&str>) -> Value {
        let ty = self.type_of(ptr);
        let mut d = InstData::new(Opcode::GetElementPtr, ty, std::iter::once(ptr).chain(indices.iter().copied()));
        d.flags = if inbounds { fl::INBOUNDS } else { 0 };
        d.extra = InstExtra::Gep(src);
        self.append(d, name)
    }

    /// `phi ty [v, %b], ...`.
    pub fn phi(&mut self, ty: TypeId, incoming: &[(Value, BlockId)], name: Option<&str>) -> Value {
        let mut d = InstData::new(Opcode::Phi, ty, incoming.iter().map(|(v, _)| *v));
        d.extra = InstExtra::Phi(incoming.iter().map(|(_, b)| *b).collect());
        self.append(d, name)
    }

    /// A direct call of function `callee`.
    pub fn call(&mut self, callee: GlobalId, args: &[Value], name: Option<&str>) -> Value {
        let fn_ty = self.m.globals[callee].value_ty;
        let ret = self.m.ctx.fn_ret(fn_ty).expect("callee is a function");
        let c = self.global(callee);
        let mut d = InstData::new(Opcode::Call, ret, std::iter::once(c).chain(args.iter().copied()));
        d.extra = InstExtra::Call(Box::new(CallData {
            fn_ty,
            cconv: 0,
            attrs: AttrList::default(),
            bundles: Vec::new(),
            tail: TailKind::None,
            num_args: args.len() as u32,
        }));
        let name = if self.m.ctx.is_void(ret) { None } else { name };
        self.append(d, name)
    }

    /// `br label %dest`.
    pub fn br(&mut self, dest: BlockId) -> Value {
        let void = self.m.ctx.void_ty();
        self.append(InstData::new(Opcode::Br, void, [Value::Block(dest)]), None)
    }

    /// `br i1 c, label %t, label %f`.
    pub fn cond_br(&mut self, c: Value, t: BlockId, f: BlockId) -> Value {
        let void = self.m.ctx.void_ty();
        self.append(InstData::new(Opcode::Br, void, [c, Value::Block(t), Value::Block(f)]), None)
    }

    /// `ret void` or `ret T v`.
    pub fn ret(&mut self, v: Option<Value>) -> Value {
        let void = self.m.ctx.void_ty();
        self.append(InstData::new(Opcode::Ret, void, v), None)
    }

    /// `unreachable`.
    pub fn unreachable(&mut self) -> Value {
        let void = self.m.ctx.void_ty();
        self.append(InstData::new(Opcode::Unreachable, void, []), None)
    }

    /// The constant id of a value, if it is a constant.
    pub fn as_const(v: Value) -> Option<ConstId> {
        match v {
            Value::Const(c) => Some(c),
            _ => None,
        }
    }

    /// Operands of an instruction value (empty for other values).
    pub fn operands(&mut self, v: Value) -> SmallVec<[Value; 3]> {
        match v {
            Value::Inst(i) => self.body().insts[i].operands.clone(),
            _ => SmallVec::new(),
        }
    }
}
