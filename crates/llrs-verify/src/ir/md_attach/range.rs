//! `verifyRangeLikeMetadata`: the pairs `[lo, hi)` of `!range`, `!absolute_symbol` and
//! `!noalias.addrspace`, as LLVM's `ConstantRange`s (wrapping, `lo == hi` meaning the full set
//! at the maximum value and the empty set at zero).

use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::apint::APInt;
use llrs_ir::{Const, GlobalId, Md, MdId, TypeId};

/// Which attachment a range list is (`RangeLikeMetadataKind`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum RangeKind {
    /// `!range` of a load, call or invoke: ranges of the result's scalar type, never full.
    Range,
    /// `!absolute_symbol` of a global: ranges of the pointer's integer type; the full set allowed.
    AbsoluteSymbol,
    /// `!noalias.addrspace` of a memory operation: `i32` address-space ranges.
    NoaliasAddrspace,
}

/// A `ConstantRange` `[lower, upper)`.
struct Range {
    lower: APInt,
    upper: APInt,
}

impl Range {
    fn is_empty(&self) -> bool {
        self.lower == self.upper && self.lower.is_zero()
    }
    fn is_full(&self) -> bool {
        self.lower == self.upper && self.lower.is_all_ones()
    }
    fn contains(&self, x: &APInt) -> bool {
        if self.lower == self.upper {
            return self.is_full();
        }
        x.sub(&self.lower).ult(&self.upper.sub(&self.lower))
    }
    /// `intersectWith(other).isEmptySet()`: the two sets are disjoint.
    fn disjoint(&self, other: &Range) -> bool {
        if self.is_empty() || other.is_empty() {
            return true;
        }
        !self.contains(&other.lower) && !other.contains(&self.lower)
    }
    /// `isContiguous`: one ends where the other starts.
    fn contiguous(&self, other: &Range) -> bool {
        self.upper == other.lower || self.lower == other.upper
    }
}

/// `a.sgt(b)`.
fn sgt(a: &APInt, b: &APInt) -> bool {
    let flip = APInt::signed_min(a.width());
    b.xor(&flip).ult(&a.xor(&flip))
}

impl Verifier<'_> {
    /// The integer constant of a metadata operand: its type and value.
    fn md_typed_int(&self, md: Md) -> Option<(TypeId, &APInt)> {
        let Md::Const(c) = md else { return None };
        match self.v.ctx().const_of(c) {
            Const::Int(t, v) => Some((*t, v)),
            _ => None,
        }
    }

    /// `verifyRangeLikeMetadata(V, Range, Ty, Kind)` for an instruction's `!range` or
    /// `!noalias.addrspace`: `subject` is the value LLVM names (the instruction), `ty` the
    /// instruction's type (the ranges must be of its scalar type). `None` when a check failed
    /// (the rest of the list is not checked).
    pub fn verify_range_like_metadata(&mut self, subject: Subject, range: MdId, ty: TypeId, kind: RangeKind) -> Step {
        let types = self.types();
        let bits = types.int_bits(types.scalar(ty));
        self.verify_range_like(subject, range, bits, kind)
    }

    /// `verifyRangeLikeMetadata(GO, AbsoluteSymbol, DL.getIntPtrType(GO->getType()),
    /// AbsoluteSymbol)`: a global's `!absolute_symbol` ranges, of the pointer-sized integer of
    /// its address space (the full set allowed). Subjects name the global.
    pub fn verify_absolute_symbol_metadata(&mut self, g: GlobalId, range: MdId) -> Step {
        let space = self.v.m.globals[g].addrspace;
        let bits = self.data_layout().pointer_size_in_bits(space);
        self.verify_range_like(Subject::Global(g), range, Some(bits), RangeKind::AbsoluteSymbol)
    }

    /// The checks of `verifyRangeLikeMetadata`, the expected type given as the width of the
    /// integer type the ranges must have (integer types are unique by width; `None` when the
    /// type is not an integer, which no range matches).
    fn verify_range_like(&mut self, subject: Subject, range: MdId, bits: Option<u32>, kind: RangeKind) -> Step {
        let list = Subject::Md(range);
        let n = self.md_ops(range).len();
        self.check_module(n.is_multiple_of(2), "Unfinished range!", &[list])?;
        let count = n / 2;
        self.check_module(count >= 1, "It should have at least one range!", &[list])?;
        let mut last: Option<Range> = None;
        for k in 0..count {
            let Some((low_ty, low)) = self.md_typed_int(self.md_op(range, 2 * k)) else {
                self.fail_module("The lower limit must be an integer!", &[]);
                return None;
            };
            let Some((high_ty, high)) = self.md_typed_int(self.md_op(range, 2 * k + 1)) else {
                self.fail_module("The upper limit must be an integer!", &[]);
                return None;
            };
            let (low, high) = (low.clone(), high.clone());
            self.check_module(high_ty == low_ty, "Range pair types must match!", &[subject])?;
            if kind == RangeKind::NoaliasAddrspace {
                let i32_ty = self.types().int_bits(high_ty) == Some(32);
                self.check_module(i32_ty, "noalias.addrspace type must be i32!", &[subject])?;
            } else {
                let same = self.types().int_bits(high_ty) == bits;
                self.check_module(same, "Range types must match instruction type!", &[subject])?;
            }
            // ConstantRange rejects equal limits but for the minimum and maximum values, which
            // the empty-range check below reports.
            let same_ok = low != high || low.is_all_ones() || low.is_zero();
            self.check_module(same_ok, "The upper and lower limits cannot be the same value", &[subject])?;
            let cur = Range { lower: low, upper: high };
            let nonempty = !cur.is_empty() && (kind == RangeKind::AbsoluteSymbol || !cur.is_full());
            self.check_module(nonempty, "Range must not be empty!", &[list])?;
            if let Some(prev) = &last {
                self.check_module(cur.disjoint(prev), "Intervals are overlapping", &[list])?;
                self.check_module(sgt(&cur.lower, &prev.lower), "Intervals are not in order", &[list])?;
                self.check_module(!cur.contiguous(prev), "Intervals are contiguous", &[list])?;
            }
            last = Some(cur);
        }
        if count > 2 {
            let (Some((_, lo)), Some((_, hi))) =
                (self.md_typed_int(self.md_op(range, 0)), self.md_typed_int(self.md_op(range, 1)))
            else {
                return Some(());
            };
            let first = Range { lower: lo.clone(), upper: hi.clone() };
            let last = last?;
            self.check_module(first.disjoint(&last), "Intervals are overlapping", &[list])?;
            self.check_module(!first.contiguous(&last), "Intervals are contiguous", &[list])?;
        }
        Some(())
    }
}
