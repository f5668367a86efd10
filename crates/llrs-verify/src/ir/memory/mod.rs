//! Memory instructions: `alloca`, `load`, `store`, `fence` (`visitAllocaInst`,
//! `visitLoadInst`, `visitStoreInst`, `visitFenceInst`); `cmpxchg`, `atomicrmw` and the size
//! rules of atomic accesses are in [`atomic`].

mod atomic;

#[cfg(test)]
mod tests;

use super::ops::has;
use super::FnCtx;
use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::instructions::{Atomic, Ordering};
use llrs_ir::{Const, Context, InstData, InstExtra, InstId, Type, TypeId, Value};
use rustc_hash::FxHashSet;

/// `Value::MaximumAlignment`: 2^32 bytes.
pub(crate) const MAXIMUM_ALIGNMENT: u64 = 1 << 32;

/// The alignment (0 when none) and atomic data of a memory instruction.
pub(crate) fn mem_data(inst: &InstData) -> (u64, Option<&Atomic>, u8) {
    match &inst.extra {
        InstExtra::Mem { align, atomic, rmw } => (*align, Some(atomic), *rmw),
        _ => (0, None, 0),
    }
}

/// The ordering of a memory instruction (`NotAtomic` when it has none).
pub(crate) fn ordering(atomic: Option<&Atomic>) -> Ordering {
    atomic.map_or(Ordering::NotAtomic, |a| a.ordering)
}

/// Whether the synchronization scope is the system's (`SyncScope::System`: no `syncscope`,
/// or the empty name).
fn system_scope(ctx: &Context, atomic: Option<&Atomic>) -> bool {
    atomic.and_then(|a| a.scope).is_none_or(|s| ctx.name(s).is_empty())
}

impl Verifier<'_> {
    /// `visitAllocaInst`.
    pub fn visit_alloca(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let m = self.v.m;
        let ty = self.types();
        let inst = f.inst(i);
        let s = [Subject::Inst(f.g, i)];
        let (allocated, align, space) = match inst.extra {
            InstExtra::Alloca { ty, align, addrspace } => (Some(ty), align, addrspace),
            _ => (None, 0, 0),
        };
        let space = ty.ptr_addrspace(inst.ty).unwrap_or(space);
        let sized = has(allocated, |t| self.is_sized_type(t));
        self.check_module(sized, "Cannot allocate unsized type", &s)?;
        let non_local = has(allocated, |t| contains_non_local_target_type(&m.ctx, t, &mut FxHashSet::default(), 0));
        self.check_module(!non_local, "Alloca has illegal target extension type", &s)?;
        // Without an operand, the array size is `i32 1`.
        let size = inst.operands.first().copied();
        let int_size = size.is_none_or(|v| has(self.value_ty(f, v), |t| ty.is_int(t)));
        self.check_module(int_size, "Alloca array size must have integer type", &s)?;
        if align != 0 {
            self.check_module(align <= MAXIMUM_ALIGNMENT, "huge alignment values are unsupported", &s)?;
        }
        if inst.flags & llrs_ir::instructions::flags::SWIFTERROR != 0 {
            let ptr = has(allocated, |t| ty.is_ptr(t));
            self.check_module(ptr, "swifterror alloca must have pointer type", &s)?;
            let array = size.is_some_and(|v| !self.is_const_one(v));
            self.check_module(!array, "swifterror alloca must not be array allocation", &s)?;
            self.verify_swift_error_value(f, llrs_ir::Value::Inst(i));
        }
        if self.is_amdgpu() {
            self.check_module(space == 5, "alloca on amdgpu must be in addrspace(5)", &s)?;
        }
        self.visit_instruction(f, i)
    }

    /// `visitLoadInst`.
    pub fn visit_load(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let m = self.v.m;
        let ty = self.types();
        let inst = f.inst(i);
        let s = [Subject::Inst(f.g, i)];
        let ptr = self.operand_ty(f, i, 0);
        self.check_module(has(ptr, |t| ty.is_ptr(t)), "Load operand must be a pointer.", &s)?;
        let el = inst.ty;
        let (align, atomic, _) = mem_data(inst);
        if align != 0 {
            self.check_module(align <= MAXIMUM_ALIGNMENT, "huge alignment values are unsupported", &s)?;
        }
        let sized = self.is_sized_type(el);
        self.check_module(sized, "loading unsized types is not allowed", &s)?;
        let order = ordering(atomic);
        if order != Ordering::NotAtomic {
            let release = matches!(order, Ordering::Release | Ordering::AcqRel);
            self.check_module(!release, "Load cannot have Release ordering", &s)?;
            self.check_module(
                atomic_scalar_ok(&m.ctx, el),
                "atomic load operand must have integer, pointer, floating point, or vector type!",
                &[Subject::Type(el), Subject::Inst(f.g, i)],
            )?;
            self.check_atomic_mem_access_size(f, el, i)?;
        } else {
            self.check_module(
                system_scope(&m.ctx, atomic),
                "Non-atomic load cannot have SynchronizationScope specified",
                &s,
            )?;
        }
        self.visit_instruction(f, i)
    }

    /// `visitStoreInst`.
    pub fn visit_store(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let m = self.v.m;
        let inst = f.inst(i);
        let s = [Subject::Inst(f.g, i)];
        let ptr = self.operand_ty(f, i, 1);
        self.check_module(has(ptr, |t| self.types().is_ptr(t)), "Store operand must be a pointer.", &s)?;
        let el = self.operand_ty(f, i, 0);
        let (align, atomic, _) = mem_data(inst);
        if align != 0 {
            self.check_module(align <= MAXIMUM_ALIGNMENT, "huge alignment values are unsupported", &s)?;
        }
        let sized = has(el, |t| self.is_sized_type(t));
        self.check_module(sized, "storing unsized types is not allowed", &s)?;
        // A sized type has a type id.
        let el = el?;
        let order = ordering(atomic);
        if order != Ordering::NotAtomic {
            let acquire = matches!(order, Ordering::Acquire | Ordering::AcqRel);
            self.check_module(!acquire, "Store cannot have Acquire ordering", &s)?;
            self.check_module(
                atomic_scalar_ok(&m.ctx, el),
                "atomic store operand must have integer, pointer, floating point, or vector type!",
                &[Subject::Type(el), Subject::Inst(f.g, i)],
            )?;
            self.check_atomic_mem_access_size(f, el, i)?;
        } else {
            self.check_module(
                system_scope(&m.ctx, atomic),
                "Non-atomic store cannot have SynchronizationScope specified",
                &s,
            )?;
        }
        self.visit_instruction(f, i)
    }

    /// `visitFenceInst`.
    pub fn visit_fence(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let order = ordering(mem_data(f.inst(i)).1);
        let ok = matches!(order, Ordering::Acquire | Ordering::Release | Ordering::AcqRel | Ordering::SeqCst);
        self.check_module(
            ok,
            "fence instructions may only have acquire, release, acq_rel, or seq_cst ordering.",
            &[Subject::Inst(f.g, i)],
        )?;
        self.visit_instruction(f, i)
    }

    /// Whether a value is the `ConstantInt` 1 (`AllocaInst::isArrayAllocation` is false).
    fn is_const_one(&self, v: Value) -> bool {
        let Value::Const(c) = v else { return false };
        matches!(self.v.m.ctx.const_of(c), Const::Int(_, n) if n.is_one())
    }

    /// `Triple::isAMDGPU`: the module's architecture is `amdgcn` or `r600`.
    fn is_amdgpu(&self) -> bool {
        let triple = self.v.m.triple.as_deref().unwrap_or(&[]);
        let arch = triple.split(|&b| b == b'-').next().unwrap_or(&[]);
        arch == b"amdgcn" || arch == b"r600"
    }
}

/// What atomic loads and stores may access: integers, pointers, floats and vectors of them
/// (`getScalarType()->isIntOrPtrTy() || getScalarType()->isFloatingPointTy()`).
fn atomic_scalar_ok(ctx: &Context, t: TypeId) -> bool {
    let scalar = match ctx.type_of(t) {
        Type::Vector { elem, .. } => *elem,
        _ => t,
    };
    matches!(ctx.type_of(scalar), Type::Int(_) | Type::Ptr(_) | Type::Float(_))
}

/// `Type::containsNonLocalTargetExtType`: a target type that may not live on the stack (not
/// `CanBeLocal`), alone or inside arrays and structs (each struct looked into once).
pub(crate) fn contains_non_local_target_type(
    ctx: &Context,
    t: TypeId,
    seen: &mut FxHashSet<TypeId>,
    depth: u32,
) -> bool {
    if depth > 512 {
        return false;
    }
    let mut t = t;
    while let Type::Array(_, elem) = ctx.type_of(t) {
        t = *elem;
    }
    let elems: &[TypeId] = match ctx.type_of(t) {
        Type::Struct { elems, .. } => elems,
        Type::Named(s) => ctx.structs.get(*s).and_then(|d| d.body.as_ref()).map_or(&[], |b| &b.elems[..]),
        Type::TargetExt { name, .. } => return !target_type_can_be_local(ctx.name(*name)),
        _ => return false,
    };
    if !seen.insert(t) {
        return false;
    }
    elems.iter().any(|&e| contains_non_local_target_type(ctx, e, seen, depth + 1))
}

/// The `CanBeLocal` property of LLVM 22's target types (`getTargetTypeInfo`).
fn target_type_can_be_local(name: &[u8]) -> bool {
    match name {
        b"spirv.IntegralConstant" | b"spirv.Literal" | b"spirv.Padding" | b"dx.Padding" => false,
        _ if name.starts_with(b"spirv.") || name.starts_with(b"dx.") => true,
        b"aarch64.svcount" | b"riscv.vector.tuple" | b"llvm.test.vectorelement" => true,
        _ => false,
    }
}
