//! Casts, unary and binary operators, comparisons, `select`, vector and aggregate operations,
//! and `getelementptr` (`visitTruncInst` ... `visitGetElementPtrInst`), with the operand rules
//! of `llvm/lib/IR/Instructions.cpp` they use (`CastInst::castIsValid`,
//! `SelectInst::areInvalidOperands`, `*::isValidOperands`, `getIndexedType`).

mod arith;
pub(crate) mod casts;
mod gep;
pub(crate) mod vector;

#[cfg(test)]
pub(crate) mod tests;

use super::util::Types;
use super::FnCtx;
use crate::walk::Verifier;
use llrs_ir::{InstId, Type, TypeId};

/// `ElementCount`: whether scalable, and the (minimum) number of elements.
pub(crate) type ElementCount = (bool, u32);

impl Verifier<'_> {
    /// The type of operand `k` of `i`, in LLVM's operand order where it matches the printed one
    /// (`None` when the operand is missing or has no type id of its own: a block, metadata,
    /// inline asm).
    pub(crate) fn operand_ty(&self, f: &FnCtx<'_>, i: InstId, k: usize) -> Option<TypeId> {
        let v = *f.inst(i).operands.get(k)?;
        self.value_ty(f, v)
    }

    /// `Type::isSized`.
    pub(crate) fn is_sized_type(&self, t: TypeId) -> bool {
        self.type_sized(t)
    }
}

/// `pred(t)` for a type, `false` for a value without a type id.
pub(crate) fn has(t: Option<TypeId>, pred: impl FnOnce(TypeId) -> bool) -> bool {
    t.is_some_and(pred)
}

/// `getElementCount` of a vector type.
pub(crate) fn element_count(ty: &Types<'_>, t: Option<TypeId>) -> Option<ElementCount> {
    ty.vector(t?).map(|(scalable, len, _)| (scalable, len))
}

/// `isVectorTy`.
pub(crate) fn is_vector(ty: &Types<'_>, t: Option<TypeId>) -> bool {
    has(t, |t| ty.is_vector(t))
}

/// `getPrimitiveSizeInBits` as a `TypeSize` (bits, scalable): integers, floats, `x86_amx` and
/// vectors of them; 0 for every other type.
pub(crate) fn primitive_size(ty: &Types<'_>, t: Option<TypeId>) -> (u64, bool) {
    let Some(t) = t else { return (0, false) };
    match ty.of(t) {
        Type::Int(n) => (u64::from(*n), false),
        Type::Float(k) => (u64::from(k.bits()), false),
        Type::X86Amx => (8192, false),
        Type::Vector { scalable, len, elem } => {
            let (e, _) = primitive_size(ty, Some(*elem));
            (e.wrapping_mul(u64::from(*len)), *scalable)
        }
        _ => (0, false),
    }
}
