//! The rest of LLVM's `IRBuilder` as AutoUpgrade uses it, on a [`Site`]: every `Create*` the
//! upgrades call, with the constant folding of IRBuilder's default `ConstantFolder` (an
//! instruction whose operands are all constants is folded when LLVM folds it). New
//! floating-point instructions get no fast-math flags, as in LLVM 22 ([`Site::fmf`]).
//!
//! New instructions stand before the old call and carry its `!dbg`; they are unnamed unless the
//! upgrade names them ([`Site::name`]).

use super::site::with_align;
use super::Site;
use llrs_ir::fold;
use llrs_ir::instructions::{Atomic, AttrList, CmpPred, Ordering, RMW_OPS};
use llrs_ir::module::GlobalId;
use llrs_ir::{AttrsId, FloatKind, InstData, InstExtra, Md, MdNode, Opcode, Type, TypeId, Value};

impl Site<'_> {
    // ---- types and constants ----

    /// `iN`.
    pub fn int_ty(&mut self, bits: u32) -> TypeId {
        self.m.ctx.int_ty(bits)
    }

    /// `<len x elem>`.
    pub fn vec_ty(&mut self, elem: TypeId, len: u32) -> TypeId {
        self.m.ctx.ty(Type::Vector { scalable: false, len, elem })
    }

    /// A floating-point type.
    pub fn float_ty(&mut self, k: FloatKind) -> TypeId {
        self.m.ctx.float_ty(k)
    }

    /// `ptr addrspace(a)`.
    pub fn ptr_ty(&mut self, a: u32) -> TypeId {
        self.m.ctx.ptr_ty(a)
    }

    /// The number of elements of a fixed vector type (1 for a scalar).
    pub fn num_elts(&self, ty: TypeId) -> u32 {
        match self.m.ctx.type_of(ty) {
            Type::Vector { len, .. } => *len,
            _ => 1,
        }
    }

    /// The element type of a vector type (the type itself for a scalar).
    pub fn scalar_ty(&self, ty: TypeId) -> TypeId {
        match self.m.ctx.type_of(ty) {
            Type::Vector { elem, .. } => *elem,
            _ => ty,
        }
    }

    /// `Type::getScalarSizeInBits`.
    pub fn scalar_bits(&self, ty: TypeId) -> u32 {
        let s = self.scalar_ty(ty);
        match self.m.ctx.type_of(s) {
            Type::Int(w) => *w,
            Type::Float(k) => k.bits(),
            _ => 0,
        }
    }

    /// `Type::getPrimitiveSizeInBits` of a fixed vector or scalar.
    pub fn prim_bits(&self, ty: TypeId) -> u32 {
        self.scalar_bits(ty).saturating_mul(self.num_elts(ty))
    }

    /// Whether the type is floating point or a vector of it.
    pub fn is_fp_ty(&self, ty: TypeId) -> bool {
        let s = self.scalar_ty(ty);
        matches!(self.m.ctx.type_of(s), Type::Float(_))
    }

    /// `VectorType::getInteger`: the vector of integers of the same element width.
    pub fn int_vec_ty(&mut self, ty: TypeId) -> TypeId {
        let bits = self.scalar_bits(ty);
        let it = self.m.ctx.int_ty(bits);
        match *self.m.ctx.type_of(ty) {
            Type::Vector { scalable, len, .. } => self.m.ctx.ty(Type::Vector { scalable, len, elem: it }),
            _ => it,
        }
    }

    /// `ConstantInt::get(Ty, V)`: an integer of an integer type, splatted for a vector type.
    pub fn const_of(&mut self, ty: TypeId, v: u64) -> Value {
        let bits = self.scalar_bits(ty);
        Value::Const(fold::int_value(&mut self.m.ctx, ty, llrs_ir::APInt::from_u64(bits, v)))
    }

    /// `Constant::getNullValue`.
    pub fn null(&mut self, ty: TypeId) -> Value {
        Value::Const(fold::null_value(&mut self.m.ctx, ty))
    }

    /// `getInt1(false)` and friends: `i1 false`.
    pub fn false_(&mut self) -> Value {
        self.int(1, 0)
    }

    /// Whether `v` is a constant whose bits are all ones (`Constant::isAllOnesValue`).
    pub fn is_all_ones(&mut self, v: Value) -> bool {
        match v {
            Value::Const(c) => fold::is_all_ones(&mut self.m.ctx, c),
            _ => false,
        }
    }

    /// The fast-math flags new floating-point instructions get: none. (LLVM 22's
    /// `UpgradeIntrinsicCall` builds with a fresh `IRBuilder`; later releases give new
    /// instructions the old call's flags, which is why every floating-point instruction made
    /// here asks for them.)
    pub fn fmf(&self) -> u8 {
        0
    }

    /// Places `data` before the call, with the call's fast-math flags when `fp`.
    fn emit_fp(&mut self, mut data: InstData, fp: bool) -> Value {
        if fp {
            data.fmf = self.fmf();
        }
        self.emit(data)
    }

    // ---- arithmetic ----

    /// `CreateICmp`: an integer comparison, folded when both are constants.
    pub fn icmp(&mut self, pred: CmpPred, a: Value, b: Value) -> Value {
        if let (Value::Const(ca), Value::Const(cb)) = (a, b) {
            if let Some(f) = fold::fold_cmp(&mut self.m.ctx, pred, ca, cb) {
                return Value::Const(f);
            }
        }
        let ty = self.value_ty(a);
        let i1 = self.m.ctx.int_ty(1);
        let rty = match *self.m.ctx.type_of(ty) {
            Type::Vector { scalable, len, .. } => self.m.ctx.ty(Type::Vector { scalable, len, elem: i1 }),
            _ => i1,
        };
        let mut d = InstData::new(Opcode::ICmp, rty, [a, b]);
        d.extra = InstExtra::Cmp(pred);
        self.emit(d)
    }

    /// `CreateIsNotNull`: `icmp ne v, 0`.
    pub fn is_not_null(&mut self, v: Value) -> Value {
        let ty = self.value_ty(v);
        let z = self.null(ty);
        self.icmp(CmpPred::Ne, v, z)
    }

    /// `CreateNot`: `xor v, -1`.
    pub fn not(&mut self, v: Value) -> Value {
        let ty = self.value_ty(v);
        let ones = self.all_ones(ty);
        self.binop(Opcode::Xor, v, ones)
    }

    /// `CreateNeg`: `sub 0, v`.
    pub fn neg(&mut self, v: Value) -> Value {
        let ty = self.value_ty(v);
        let z = self.null(ty);
        self.binop(Opcode::Sub, z, v)
    }

    /// `CreateFNeg`, with the call's fast-math flags.
    pub fn fneg(&mut self, v: Value) -> Value {
        if let Value::Const(c) = v {
            if let Some(f) = fold::fold_fneg(&mut self.m.ctx, c) {
                return Value::Const(f);
            }
        }
        let ty = self.value_ty(v);
        self.emit_fp(InstData::new(Opcode::FNeg, ty, [v]), true)
    }

    /// `CreateFAdd`/`FSub`/`FMul`/`FDiv`/`FRem`, with the call's fast-math flags.
    pub fn fbinop(&mut self, op: Opcode, a: Value, b: Value) -> Value {
        if let (Value::Const(ca), Value::Const(cb)) = (a, b) {
            if let Some(f) = fold::fold_fp_binary(&mut self.m.ctx, op, ca, cb) {
                return Value::Const(f);
            }
        }
        let ty = self.value_ty(a);
        self.emit_fp(InstData::new(op, ty, [a, b]), true)
    }

    /// `CreateSelect`, folded when all are constants; a floating-point select gets the call's
    /// fast-math flags.
    pub fn select_fp(&mut self, c: Value, a: Value, b: Value) -> Value {
        if let (Value::Const(cc), Value::Const(ca), Value::Const(cb)) = (c, a, b) {
            if let Some(f) = fold::fold_select(&mut self.m.ctx, cc, ca, cb) {
                return Value::Const(f);
            }
        }
        let ty = self.value_ty(a);
        let fp = self.m.ctx.is_fp_math_ty(ty);
        self.emit_fp(InstData::new(Opcode::Select, ty, [c, a, b]), fp)
    }

    // ---- casts ----

    /// `CreateCast`: nothing when `v` has type `ty` already; folded as the `ConstantFolder`
    /// folds casts of constants; `fpext`/`fptrunc` get the call's fast-math flags.
    pub fn cast_to(&mut self, op: Opcode, v: Value, ty: TypeId) -> Value {
        if self.value_ty(v) == ty {
            return v;
        }
        if let Value::Const(c) = v {
            if matches!(op, Opcode::SIToFP | Opcode::UIToFP | Opcode::FPExt | Opcode::FPTrunc) {
                if let Some(f) = fold::fold_fp_cast(&mut self.m.ctx, op, c, ty) {
                    return Value::Const(f);
                }
            }
        }
        if matches!(op, Opcode::FPExt | Opcode::FPTrunc) {
            if let Value::Const(c) = v {
                if let Some(f) = fold::fold_cast(&mut self.m.ctx, op, c, ty) {
                    return Value::Const(f);
                }
                // `half` constants (and vectors of them), which the folds above leave.
                if op == Opcode::FPExt {
                    if let Some(f) = super::site::fp_ext(&mut self.m.ctx, c, ty) {
                        return Value::Const(f);
                    }
                }
            }
            return self.emit_fp(InstData::new(op, ty, [v]), true);
        }
        self.cast(op, v, ty)
    }

    /// `CreateIntCast`: `trunc`, `sext` or `zext` to `ty`, or nothing.
    pub fn int_cast(&mut self, v: Value, ty: TypeId, signed: bool) -> Value {
        let vty = self.value_ty(v);
        let from = self.scalar_bits(vty);
        let to = self.scalar_bits(ty);
        let op = if from > to {
            Opcode::Trunc
        } else if signed {
            Opcode::SExt
        } else {
            Opcode::ZExt
        };
        self.cast_to(op, v, ty)
    }

    /// `CreateAddrSpaceCast`.
    pub fn addrspace_cast(&mut self, v: Value, ty: TypeId) -> Value {
        self.cast_to(Opcode::AddrSpaceCast, v, ty)
    }

    // ---- vectors ----

    /// `CreateShuffleVector(V, Mask)`: the second operand is `poison`.
    pub fn shuffle1(&mut self, v: Value, mask: &[i32]) -> Value {
        let ty = self.value_ty(v);
        let p = self.poison(ty);
        self.shuffle(v, p, mask)
    }

    /// `CreateVectorSplat(n, v)`: a constant splat, or `insertelement poison, v, i64 0`
    /// (`.splatinsert`) and a zero-mask shuffle (`.splat`).
    pub fn splat(&mut self, n: u32, v: Value) -> Value {
        let ety = self.value_ty(v);
        let vty = self.vec_ty(ety, n);
        if let Value::Const(c) = v {
            return Value::Const(fold::splat(&mut self.m.ctx, vty, c));
        }
        let p = self.poison(vty);
        let zero = self.int(64, 0);
        let ins = self.insert_element(p, v, zero);
        let ins = self.name(ins, ".splatinsert");
        let mask = vec![0; n as usize];
        let s = self.shuffle1(ins, &mask);
        self.name(s, ".splat")
    }

    /// `CreateExtractElement(v, (uint64_t)i)`: the index an `i64`.
    pub fn extract_at(&mut self, v: Value, i: u64) -> Value {
        let idx = self.int(64, i as i64);
        self.extract_element(v, idx)
    }

    /// `CreateInsertElement(v, e, (uint64_t)i)`: the index an `i64`.
    pub fn insert_at(&mut self, v: Value, e: Value, i: u64) -> Value {
        let idx = self.int(64, i as i64);
        self.insert_element(v, e, idx)
    }

    // ---- memory ----

    /// `CreateAlignedLoad(ty, ptr, align)`; `align` 0 takes the data layout's ABI alignment of
    /// `ty` (`CreateLoad`).
    pub fn load(&mut self, ty: TypeId, ptr: Value, align: u64) -> Value {
        let align = if align == 0 { self.dl.abi_align(&self.m.ctx, ty) } else { align };
        let mut d = InstData::new(Opcode::Load, ty, [ptr]);
        d.extra = InstExtra::Mem { align, atomic: Atomic::default(), rmw: 0 };
        self.emit(d)
    }

    /// `CreateAlignedStore(v, ptr, align)`.
    pub fn store(&mut self, v: Value, ptr: Value, align: u64) -> Value {
        let void = self.m.ctx.void_ty();
        let mut d = InstData::new(Opcode::Store, void, [v, ptr]);
        d.extra = InstExtra::Mem { align, atomic: Atomic::default(), rmw: 0 };
        self.emit(d)
    }

    /// Attaches `!kind !{...}` (a tuple of `ops`) to an instruction made here.
    pub fn attach(&mut self, v: Value, kind: &[u8], ops: &[Md]) {
        if let Value::Inst(i) = v {
            let node = self.m.ctx.md_intern(MdNode::tuple(false, ops.iter().copied()));
            let k = self.m.ctx.md_kind(kind);
            self.body.insts[i].md.push((k, node));
        }
    }

    /// `!{i32 1}`, the operand list of `!nontemporal`.
    pub fn nontemporal(&mut self, v: Value) {
        let i32t = self.m.ctx.int_ty(32);
        let one = self.m.ctx.const_int(i32t, 1);
        self.attach(v, b"nontemporal", &[Md::Const(one)]);
    }

    /// `CreateAtomicRMW(op, ptr, val, align, ordering, scope)`; `align` 0 takes the store size
    /// of the value's type, as IRBuilder does for an unspecified alignment.
    pub fn atomic_rmw(
        &mut self,
        op: &str,
        ptr: Value,
        val: Value,
        align: u64,
        ordering: Ordering,
        scope: Option<llrs_ir::Symbol>,
    ) -> Value {
        let ty = self.value_ty(val);
        let align =
            if align == 0 { self.dl.type_store_size(&self.m.ctx, ty).fixed_value().unwrap_or(1).max(1) } else { align };
        let rmw = RMW_OPS.iter().position(|o| *o == op).unwrap_or(0) as u8;
        let mut d = InstData::new(Opcode::AtomicRmw, ty, [ptr, val]);
        d.extra = InstExtra::Mem { align, atomic: Atomic { ordering, failure: Ordering::NotAtomic, scope }, rmw };
        self.emit(d)
    }

    // ---- calls of intrinsics ----

    /// `Intrinsic::getOrInsertDeclaration(M, base, overloads)`.
    pub fn intrinsic_decl(&mut self, base: &str, overloads: &[TypeId]) -> Option<GlobalId> {
        let (name, fty) = llrs_ir::intrinsic_sig::intrinsic_declaration(&mut self.m.ctx, base, overloads)?;
        self.decl(&name, fty)
    }

    /// `CreateCall(F, Args)` of a declaration made here: the call's fast-math flags when the
    /// result is floating point.
    pub fn call(&mut self, g: GlobalId, args: &[Value]) -> Value {
        let v = self.emit_call(g, args);
        if let Value::Inst(i) = v {
            let ty = self.body.insts[i].ty;
            if self.m.ctx.is_fp_math_ty(ty) {
                self.body.insts[i].fmf = self.fmf();
            }
        }
        v
    }

    /// `CreateIntrinsic(ID, Types, Args)`.
    pub fn create_intrinsic(&mut self, base: &str, overloads: &[TypeId], args: &[Value]) -> Option<Value> {
        let g = self.intrinsic_decl(base, overloads)?;
        Some(self.call(g, args))
    }

    /// `CreateFMA(a, b, c)`: `llvm.fma` on `a`'s type.
    pub fn fma(&mut self, a: Value, b: Value, c: Value) -> Option<Value> {
        let ty = self.value_ty(a);
        self.create_intrinsic("llvm.fma", &[ty], &[a, b, c])
    }

    /// `CreateMaskedLoad(ty, ptr, align, mask, passthru)`: `llvm.masked.load` with `align` on
    /// the pointer (a `poison` passthru when none).
    pub fn masked_load(
        &mut self,
        ty: TypeId,
        ptr: Value,
        align: u64,
        mask: Value,
        passthru: Option<Value>,
    ) -> Option<Value> {
        let pty = self.value_ty(ptr);
        let pass = match passthru {
            Some(p) => p,
            None => self.poison(ty),
        };
        let v = self.create_intrinsic("llvm.masked.load", &[ty, pty], &[ptr, mask, pass])?;
        self.param_align(v, 0, align);
        Some(v)
    }

    /// `CreateMaskedStore(v, ptr, align, mask)`.
    pub fn masked_store(&mut self, v: Value, ptr: Value, align: u64, mask: Value) -> Option<Value> {
        let vty = self.value_ty(v);
        let pty = self.value_ty(ptr);
        let c = self.create_intrinsic("llvm.masked.store", &[vty, pty], &[v, ptr, mask])?;
        self.param_align(c, 1, align);
        Some(c)
    }

    /// Puts `align n` on parameter `i` of a call made here.
    pub fn param_align(&mut self, call: Value, i: usize, align: u64) {
        let Value::Inst(id) = call else { return };
        let set = with_align(&mut self.m.ctx, AttrsId::EMPTY, align);
        if let InstExtra::Call(cd) = &mut self.body.insts[id].extra {
            let mut params = std::mem::take(&mut cd.attrs.params);
            if params.len() <= i {
                params.resize(i + 1, AttrsId::EMPTY);
            }
            params[i] = set;
            cd.attrs = AttrList { params, ..std::mem::take(&mut cd.attrs) };
        }
    }

    /// `CreateInsertVector(ret, vec, sub, idx)`: `llvm.vector.insert` with an `i64` index.
    pub fn insert_vector(&mut self, ret: TypeId, vec: Value, sub: Value, idx: u64) -> Option<Value> {
        let sty = self.value_ty(sub);
        let i = self.int(64, idx as i64);
        self.create_intrinsic("llvm.vector.insert", &[ret, sty], &[vec, sub, i])
    }

    /// A constant of the call's operands, by value: `Some` for an integer constant.
    pub fn arg_u64(&self, i: usize) -> Option<u64> {
        self.arg(i).and_then(|v| self.const_u64(v))
    }

    /// The type of argument `i`.
    pub fn arg_ty(&mut self, i: usize) -> Option<TypeId> {
        let v = self.arg(i)?;
        Some(self.value_ty(v))
    }
}
