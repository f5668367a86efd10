//! Memory: `alloca`, `load`, `store` (plain and atomic), `getelementptr`, `fence`, `cmpxchg`,
//! `atomicrmw`, `va_arg`.

use super::types::{
    is_first_class, is_fp, is_int, is_int_or_vec, is_ptr, is_ptr_or_vec, is_value_type, scalar, struct_fields,
    vec_shape,
};
use super::{BuildError, BuildErrorKind as K, FunctionBuilder};
use crate::constants::Const;
use crate::instructions::{flags as fl, Atomic, InstData, InstExtra, Opcode, Ordering, RMW_OPS};
use crate::types::{Type, TypeId};
use crate::value::Value;
use smallvec::SmallVec;

impl FunctionBuilder<'_> {
    fn sized(&self, t: TypeId) -> bool {
        self.dl.is_sized(&self.m.ctx, t)
    }

    fn check_ptr(&mut self, inst: &str, p: Value) -> Result<(), BuildError> {
        let t = self.operand_ty(inst, p)?;
        if !is_ptr(&self.m.ctx, t) {
            return Err(self.wrong_type(inst, "pointer operand", "a pointer", t));
        }
        Ok(())
    }

    /// A loadable, storable type: first class and sized.
    fn check_memory_type(&self, inst: &str, t: TypeId) -> Result<(), BuildError> {
        self.check_type_id(inst, t)?;
        let ctx = &self.m.ctx;
        if !is_value_type(ctx, t) || matches!(ctx.type_of(t), Type::Token) || !self.sized(t) {
            return Err(self.wrong_type(inst, "type", "a sized first-class type", t));
        }
        Ok(())
    }

    /// The checks of an atomic access's type (`checkAtomicMemAccessSize` and the type class).
    /// The type of an atomic load or store: an integer, pointer or floating-point type (or a
    /// vector of them) of a power-of-two byte size.
    fn check_atomic_access(&self, inst: &str, t: TypeId) -> Result<(), BuildError> {
        let ctx = &self.m.ctx;
        let s = scalar(ctx, t);
        let ok = is_int(ctx, s) || is_ptr(ctx, s) || is_fp(ctx, s);
        self.check_atomic_type(inst, t, "an integer, pointer or floating-point type", ok)
    }

    fn check_atomic_type(&self, inst: &str, t: TypeId, classes: &str, ok: bool) -> Result<(), BuildError> {
        if !ok {
            return Err(self.wrong_type(inst, "operand", classes, t));
        }
        let ctx = &self.m.ctx;
        let bits = match ctx.type_of(t) {
            Type::Ptr(_) => return Ok(()),
            _ => self.dl.type_size_in_bits(ctx, t),
        };
        if bits.scalable || bits.min < 8 || !bits.min.is_power_of_two() {
            return Err(self.wrong_type(inst, "operand", "a power-of-two byte-sized type", t));
        }
        Ok(())
    }

    fn ordering_error(inst: &str, o: Ordering, what: &str) -> BuildError {
        let name = if o == Ordering::NotAtomic { "not atomic" } else { o.name() };
        BuildError::new(inst, K::InvalidOrdering(format!("{what} ordering cannot be {name}")))
    }

    /// `alloca ty, align a` in address space 0 (`align` 0: the preferred alignment of `ty`).
    pub fn alloca(&mut self, ty: TypeId, align: u64, name: Option<&str>) -> Result<Value, BuildError> {
        self.check_type_id("alloca", ty)?;
        let ctx = &self.m.ctx;
        let allowed = !matches!(
            ctx.type_of(ty),
            Type::Function { .. } | Type::Void | Type::Label | Type::Metadata | Type::Token | Type::X86Amx
        );
        if !allowed || !self.sized(ty) {
            return Err(self.wrong_type("alloca", "type", "a sized type", ty));
        }
        let align = if align == 0 { self.dl.default_alloca_align(ctx, ty) } else { align };
        let addrspace = self.dl.alloca_addr_space();
        let pt = self.m.ctx.ptr_ty(addrspace);
        let mut d = InstData::new(Opcode::Alloca, pt, []);
        d.extra = InstExtra::Alloca { ty, align, addrspace };
        self.insert("alloca", d, name)
    }

    /// `load ty, ptr p, align a` (`align` 0: the ABI alignment of `ty`).
    pub fn load(&mut self, ty: TypeId, ptr: Value, align: u64, name: Option<&str>) -> Result<Value, BuildError> {
        self.load_impl("load", ty, ptr, align, Atomic::default(), name)
    }

    /// `load atomic ty, ptr p ORDERING, align a`: an integer, pointer or floating-point type (or
    /// a vector of them) of a power-of-two byte size; not `release` or `acq_rel`.
    pub fn load_atomic(
        &mut self,
        ty: TypeId,
        ptr: Value,
        ordering: Ordering,
        align: u64,
        name: Option<&str>,
    ) -> Result<Value, BuildError> {
        if matches!(ordering, Ordering::NotAtomic | Ordering::Release | Ordering::AcqRel) {
            return Err(Self::ordering_error("load atomic", ordering, "the"));
        }
        let atomic = Atomic { ordering, ..Default::default() };
        self.load_impl("load atomic", ty, ptr, align, atomic, name)
    }

    fn load_impl(
        &mut self,
        inst: &str,
        ty: TypeId,
        ptr: Value,
        align: u64,
        atomic: Atomic,
        name: Option<&str>,
    ) -> Result<Value, BuildError> {
        self.check_ptr(inst, ptr)?;
        self.check_memory_type(inst, ty)?;
        if atomic.ordering != Ordering::NotAtomic {
            self.check_atomic_access(inst, ty)?;
        }
        let align = if align == 0 { self.dl.default_load_align(&self.m.ctx, ty) } else { align };
        let mut d = InstData::new(Opcode::Load, ty, [ptr]);
        d.extra = InstExtra::Mem { align, atomic, rmw: 0 };
        self.insert(inst, d, name)
    }

    /// `store v, ptr p, align a` (`align` 0: the ABI alignment of `v`'s type).
    pub fn store(&mut self, v: Value, ptr: Value, align: u64) -> Result<Value, BuildError> {
        self.store_impl("store", v, ptr, align, Atomic::default())
    }

    /// `store atomic v, ptr p ORDERING, align a`: as [`FunctionBuilder::load_atomic`], not
    /// `acquire` or `acq_rel`.
    pub fn store_atomic(&mut self, v: Value, ptr: Value, ordering: Ordering, align: u64) -> Result<Value, BuildError> {
        if matches!(ordering, Ordering::NotAtomic | Ordering::Acquire | Ordering::AcqRel) {
            return Err(Self::ordering_error("store atomic", ordering, "the"));
        }
        self.store_impl("store atomic", v, ptr, align, Atomic { ordering, ..Default::default() })
    }

    fn store_impl(
        &mut self,
        inst: &str,
        v: Value,
        ptr: Value,
        align: u64,
        atomic: Atomic,
    ) -> Result<Value, BuildError> {
        let vt = self.operand_ty(inst, v)?;
        self.check_ptr(inst, ptr)?;
        self.check_memory_type(inst, vt)?;
        if atomic.ordering != Ordering::NotAtomic {
            self.check_atomic_access(inst, vt)?;
        }
        let align = if align == 0 { self.dl.abi_align(&self.m.ctx, vt) } else { align };
        let void = self.m.ctx.void_ty();
        let mut d = InstData::new(Opcode::Store, void, [v, ptr]);
        d.extra = InstExtra::Mem { align, atomic, rmw: 0 };
        self.insert(inst, d, None)
    }

    /// Marks a load, store, `cmpxchg` or `atomicrmw` built here `volatile`.
    pub fn set_volatile(&mut self, v: Value) -> Result<(), BuildError> {
        let op = match v {
            Value::Inst(i) => self.body().and_then(|b| b.insts.get(i)).map(|d| d.op),
            _ => None,
        };
        match (v, op) {
            (Value::Inst(i), Some(Opcode::Load | Opcode::Store | Opcode::CmpXchg | Opcode::AtomicRmw)) => {
                self.body_mut().insts[i].flags |= fl::VOLATILE;
                Ok(())
            }
            _ => Err(BuildError::new("volatile", K::InvalidValue("not a load, store, cmpxchg or atomicrmw".into()))),
        }
    }

    /// Sets the synchronization scope (`syncscope("name")`) of an atomic instruction built here:
    /// `load atomic`, `store atomic`, `fence`, `cmpxchg` or `atomicrmw`.
    pub fn set_syncscope(&mut self, v: Value, name: &str) -> Result<(), BuildError> {
        let sym = self.m.ctx.sym(name);
        let atomic = match v {
            Value::Inst(i) => self.body().and_then(|b| b.insts.get(i)).is_some_and(|d| match &d.extra {
                InstExtra::Mem { atomic, .. } => atomic.ordering != Ordering::NotAtomic,
                _ => false,
            }),
            _ => false,
        };
        match v {
            Value::Inst(i) if atomic => {
                if let InstExtra::Mem { atomic, .. } = &mut self.body_mut().insts[i].extra {
                    atomic.scope = Some(sym);
                }
                Ok(())
            }
            _ => Err(BuildError::new("syncscope", K::InvalidValue("not an atomic instruction".into()))),
        }
    }

    /// Marks a `cmpxchg` built here `weak` (it may fail spuriously).
    pub fn set_weak(&mut self, v: Value) -> Result<(), BuildError> {
        match v {
            Value::Inst(i) if self.body().and_then(|b| b.insts.get(i)).is_some_and(|d| d.op == Opcode::CmpXchg) => {
                self.body_mut().insts[i].flags |= fl::WEAK;
                Ok(())
            }
            _ => Err(BuildError::new("weak", K::InvalidValue("not a cmpxchg".into()))),
        }
    }

    /// `getelementptr [inbounds] src, ptr p, indices...`: `p` a pointer (or a vector of
    /// pointers), integer indices (or vectors of them, all as long), a sized `src` when there
    /// are indices, and struct fields indexed by `i32` constants in range.
    pub fn gep(
        &mut self,
        src: TypeId,
        ptr: Value,
        indices: &[Value],
        inbounds: bool,
        name: Option<&str>,
    ) -> Result<Value, BuildError> {
        let inst = "getelementptr";
        self.check_type_id(inst, src)?;
        let pt = self.operand_ty(inst, ptr)?;
        if !is_ptr_or_vec(&self.m.ctx, pt) {
            return Err(self.wrong_type(inst, "base", "a pointer or a vector of pointers", pt));
        }
        let mut width = vec_shape(&self.m.ctx, pt).map(|s| (s.0, s.1));
        let mut index_tys = Vec::with_capacity(indices.len());
        for &i in indices {
            let it = self.operand_ty(inst, i)?;
            if !is_int_or_vec(&self.m.ctx, it) {
                return Err(self.wrong_type(inst, "index", "an integer or a vector of integers", it));
            }
            if let Some((s, n, _)) = vec_shape(&self.m.ctx, it) {
                if width.is_some_and(|w| w != (s, n)) {
                    return Err(self.wrong_type(inst, "vector index", "as long as the other vectors", it));
                }
                width = Some((s, n));
            }
            index_tys.push(it);
        }
        if !indices.is_empty() && !self.sized(src) {
            return Err(self.wrong_type(inst, "source element type", "a sized type", src));
        }
        // `GetElementPtrInst::getIndexedType`: structs take constant i32 indices in range.
        let mut cur = src;
        for (k, &i) in indices.iter().enumerate().skip(1) {
            let ctx = &self.m.ctx;
            cur = if let Some(fields) = struct_fields(ctx, cur) {
                let field = match i {
                    Value::Const(c) => match ctx.const_of(c) {
                        Const::Int(t, v) if matches!(ctx.type_of(*t), Type::Int(32)) => v.to_u64(),
                        _ => None,
                    },
                    _ => None,
                };
                match field.and_then(|f| fields.get(usize::try_from(f).ok()?)) {
                    Some(&t) => t,
                    None => {
                        let msg = format!("index {k} into {} must be an i32 constant field number", self.tname(cur));
                        return Err(BuildError::new(inst, K::InvalidIndices(msg)));
                    }
                }
            } else {
                match ctx.type_of(cur) {
                    Type::Array(_, e) => *e,
                    Type::Vector { elem, .. } => *elem,
                    _ => {
                        let msg = format!("index {k} goes into {}, which is not an aggregate", self.tname(cur));
                        return Err(BuildError::new(inst, K::InvalidIndices(msg)));
                    }
                }
            };
        }
        let base = scalar(&self.m.ctx, pt);
        let rt = match width {
            Some((scalable, len)) => self.m.ctx.ty(Type::Vector { scalable, len, elem: base }),
            None => base,
        };
        let mut d = InstData::new(Opcode::GetElementPtr, rt, std::iter::once(ptr).chain(indices.iter().copied()));
        d.flags = if inbounds { fl::INBOUNDS } else { 0 };
        d.extra = InstExtra::Gep(src);
        self.insert(inst, d, name)
    }

    /// `fence ORDERING`: `acquire`, `release`, `acq_rel` or `seq_cst`.
    pub fn fence(&mut self, ordering: Ordering) -> Result<Value, BuildError> {
        if !matches!(ordering, Ordering::Acquire | Ordering::Release | Ordering::AcqRel | Ordering::SeqCst) {
            return Err(Self::ordering_error("fence", ordering, "the"));
        }
        let void = self.m.ctx.void_ty();
        let mut d = InstData::new(Opcode::Fence, void, []);
        d.extra = InstExtra::Mem { align: 0, atomic: Atomic { ordering, ..Default::default() }, rmw: 0 };
        self.insert("fence", d, None)
    }

    /// `cmpxchg ptr p, T cmp, T new SUCCESS FAILURE`, giving `{ T, i1 }`: `T` an integer or a
    /// pointer of a power-of-two byte size; neither ordering `unordered`, the failure ordering
    /// not `release` or `acq_rel`.
    pub fn cmpxchg(
        &mut self,
        ptr: Value,
        cmp: Value,
        new: Value,
        success: Ordering,
        failure: Ordering,
        name: Option<&str>,
    ) -> Result<Value, BuildError> {
        let inst = "cmpxchg";
        self.check_ptr(inst, ptr)?;
        let ct = self.operand_ty(inst, cmp)?;
        let nt = self.operand_ty(inst, new)?;
        self.same_type(inst, ct, nt)?;
        let ok = is_int(&self.m.ctx, ct) || is_ptr(&self.m.ctx, ct);
        self.check_atomic_type(inst, ct, "an integer or a pointer", ok)?;
        if matches!(success, Ordering::NotAtomic | Ordering::Unordered) {
            return Err(Self::ordering_error(inst, success, "the success"));
        }
        if matches!(failure, Ordering::NotAtomic | Ordering::Unordered | Ordering::Release | Ordering::AcqRel) {
            return Err(Self::ordering_error(inst, failure, "the failure"));
        }
        let align = self.dl.default_atomic_align(&self.m.ctx, ct);
        let i1 = self.m.ctx.int_ty(1);
        let rt = self.m.ctx.ty(Type::Struct { packed: false, elems: SmallVec::from_slice(&[ct, i1]) });
        let mut d = InstData::new(Opcode::CmpXchg, rt, [ptr, cmp, new]);
        d.extra = InstExtra::Mem { align, atomic: Atomic { ordering: success, failure, scope: None }, rmw: 0 };
        self.insert(inst, d, name)
    }

    /// `atomicrmw OP ptr p, T v ORDERING`, `OP` one of [`RMW_OPS`] (`xchg`, `add`, `fadd`,
    /// ...): `xchg` takes an integer, floating-point or pointer value, the `f*` operations
    /// floating point (or vectors of it), the others integers; not `unordered`.
    pub fn atomicrmw(
        &mut self,
        op: &str,
        ptr: Value,
        v: Value,
        ordering: Ordering,
        name: Option<&str>,
    ) -> Result<Value, BuildError> {
        let inst = "atomicrmw";
        let Some(rmw) = RMW_OPS.iter().position(|&o| o == op) else {
            return Err(BuildError::new(inst, K::Other(format!("unknown operation {op:?}"))));
        };
        self.check_ptr(inst, ptr)?;
        let t = self.operand_ty(inst, v)?;
        let ctx = &self.m.ctx;
        let (ok, classes) = match op {
            "xchg" => (is_int(ctx, t) || is_fp(ctx, t) || is_ptr(ctx, t), "an integer, floating point or a pointer"),
            "fadd" | "fsub" | "fmax" | "fmin" | "fmaximum" | "fminimum" => {
                (is_fp(ctx, scalar(ctx, t)) && vec_shape(ctx, t).is_none_or(|s| !s.0), "floating point")
            }
            _ => (is_int(ctx, t), "an integer"),
        };
        self.check_atomic_type(&format!("atomicrmw {op}"), t, classes, ok)?;
        if matches!(ordering, Ordering::NotAtomic | Ordering::Unordered) {
            return Err(Self::ordering_error(inst, ordering, "the"));
        }
        let align = self.dl.default_atomic_align(&self.m.ctx, t);
        let mut d = InstData::new(Opcode::AtomicRmw, t, [ptr, v]);
        d.extra = InstExtra::Mem { align, atomic: Atomic { ordering, ..Default::default() }, rmw: rmw as u8 };
        self.insert(inst, d, name)
    }

    /// `va_arg ptr list, ty`: the next variadic argument, of a first-class type.
    pub fn va_arg(&mut self, list: Value, ty: TypeId, name: Option<&str>) -> Result<Value, BuildError> {
        self.check_ptr("va_arg", list)?;
        self.check_type_id("va_arg", ty)?;
        if !is_first_class(&self.m.ctx, ty) || !is_value_type(&self.m.ctx, ty) {
            return Err(self.wrong_type("va_arg", "type", "a first-class type", ty));
        }
        self.insert("va_arg", InstData::new(Opcode::VAArg, ty, [list]), name)
    }
}
