//! `visitExtractElementInst`, `visitInsertElementInst`, `visitShuffleVectorInst` (with their
//! `isValidOperands`), `visitExtractValueInst` and `visitInsertValueInst` (with
//! `ExtractValueInst::getIndexedType`).

use super::has;
use crate::ir::util::Types;
use crate::ir::FnCtx;
use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::{Const, ConstId, Context, InstExtra, InstId, Type, TypeId};

/// A shuffle mask as `ShuffleVectorInst::getShuffleMask` gives it: the index of each element,
/// -1 for an undefined one.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Mask {
    /// `count` elements all of one index (`zeroinitializer`, `undef`, `poison`, `splat`).
    Uniform(i32, u32),
    /// Each element.
    List(Vec<i32>),
}

impl Verifier<'_> {
    /// `visitExtractElementInst`.
    pub fn visit_extract_element(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let ty = self.types();
        let (vec, idx) = (self.operand_ty(f, i, 0), self.operand_ty(f, i, 1));
        let ok = has(vec, |t| ty.is_vector(t)) && has(idx, |t| ty.is_int(t));
        self.check_module(ok, "Invalid extractelement operands!", &[Subject::Inst(f.g, i)])?;
        self.visit_instruction(f, i)
    }

    /// `visitInsertElementInst`.
    pub fn visit_insert_element(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let ty = self.types();
        let (vec, elt, idx) = (self.operand_ty(f, i, 0), self.operand_ty(f, i, 1), self.operand_ty(f, i, 2));
        let elem = vec.and_then(|t| ty.vector(t)).map(|(_, _, e)| e);
        let ok = elem.is_some() && elt == elem && has(idx, |t| ty.is_int(t));
        self.check_module(ok, "Invalid insertelement operands!", &[Subject::Inst(f.g, i)])?;
        self.visit_instruction(f, i)
    }

    /// `visitShuffleVectorInst`.
    pub fn visit_shuffle_vector(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let ctx = &self.v.m.ctx;
        let (a, b) = (self.operand_ty(f, i, 0), self.operand_ty(f, i, 1));
        let mask = match f.inst(i).extra {
            InstExtra::Shuffle(c) => shuffle_mask(ctx, c),
            _ => None,
        };
        let ok = mask.is_some_and(|m| shuffle_operands_valid(&self.types(), a, b, &m));
        self.check_module(ok, "Invalid shufflevector operands!", &[Subject::Inst(f.g, i)])?;
        self.visit_instruction(f, i)
    }

    /// `visitExtractValueInst`.
    pub fn visit_extract_value(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let inst = f.inst(i);
        let indexed = indexed_value_type(&self.types(), self.operand_ty(f, i, 0), indices(&inst.extra));
        self.check_module(indexed == Some(inst.ty), "Invalid ExtractValueInst operands!", &[Subject::Inst(f.g, i)])?;
        self.visit_instruction(f, i)
    }

    /// `visitInsertValueInst`.
    pub fn visit_insert_value(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let inst = f.inst(i);
        let indexed = indexed_value_type(&self.types(), self.operand_ty(f, i, 0), indices(&inst.extra));
        let ok = indexed.is_some() && indexed == self.operand_ty(f, i, 1);
        self.check_module(ok, "Invalid InsertValueInst operands!", &[Subject::Inst(f.g, i)])?;
        self.visit_instruction(f, i)
    }
}

/// The indices of `extractvalue` and `insertvalue`.
fn indices(extra: &InstExtra) -> &[u32] {
    match extra {
        InstExtra::Indices(v) => v,
        _ => &[],
    }
}

/// `ExtractValueInst::getIndexedType`: the type the indices select in `agg`, each in range of
/// its array or struct; `None` when one is not.
pub(crate) fn indexed_value_type(ty: &Types<'_>, agg: Option<TypeId>, idxs: &[u32]) -> Option<TypeId> {
    let mut cur = agg?;
    for &idx in idxs {
        cur = match ty.of(cur) {
            Type::Array(n, elem) if u64::from(idx) < *n => *elem,
            Type::Struct { .. } | Type::Named(_) => *ty.struct_elems(cur)?.get(idx as usize)?,
            _ => return None,
        };
    }
    Some(cur)
}

/// The index of one mask element (`getShuffleMask`: undefined is -1, else the value's low
/// bits as an `int`).
fn mask_elem(ctx: &Context, c: ConstId) -> Option<i32> {
    match ctx.const_of(c) {
        Const::Undef(_) | Const::Poison(_) => Some(-1),
        Const::Int(_, v) => Some(v.low_u64() as u32 as i32),
        _ => None,
    }
}

/// `ShuffleVectorInst::getShuffleMask` of a mask constant (`None` when it is not a vector of
/// integers and undefined elements).
pub(crate) fn shuffle_mask(ctx: &Context, c: ConstId) -> Option<Mask> {
    let k = ctx.const_of(c);
    let Type::Vector { len, .. } = *ctx.type_of(k.ty()) else { return None };
    match k {
        Const::Zero(_) => Some(Mask::Uniform(0, len)),
        Const::Undef(_) | Const::Poison(_) => Some(Mask::Uniform(-1, len)),
        Const::Splat(_, e) => Some(Mask::Uniform(mask_elem(ctx, *e)?, len)),
        Const::Int(_, v) => Some(Mask::Uniform(v.low_u64() as u32 as i32, len)),
        Const::Vector(_, elems) => elems.iter().map(|&e| mask_elem(ctx, e)).collect::<Option<Vec<_>>>().map(Mask::List),
        _ => None,
    }
}

/// `ShuffleVectorInst::isValidOperands(V1, V2, ArrayRef<int> Mask)`: two vectors of one type,
/// each mask element undefined or under twice their length; for scalable vectors, a mask of
/// one element repeated, 0 or undefined.
pub(crate) fn shuffle_operands_valid(ty: &Types<'_>, a: Option<TypeId>, b: Option<TypeId>, mask: &Mask) -> bool {
    let Some((scalable, len, _)) = a.and_then(|t| ty.vector(t)) else { return false };
    if a != b {
        return false;
    }
    let limit = i64::from(len) * 2;
    let in_range = |e: i32| e == -1 || i64::from(e) < limit;
    let (first, all_equal) = match mask {
        Mask::Uniform(e, n) => {
            if *n > 0 && !in_range(*e) {
                return false;
            }
            ((*n > 0).then_some(*e), true)
        }
        Mask::List(v) => {
            if !v.iter().all(|&e| in_range(e)) {
                return false;
            }
            (v.first().copied(), v.windows(2).all(|w| w[0] == w[1]))
        }
    };
    if scalable {
        if let Some(m0) = first {
            if (m0 != 0 && m0 != -1) || !all_equal {
                return false;
            }
        }
    }
    true
}
