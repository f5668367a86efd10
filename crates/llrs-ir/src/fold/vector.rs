//! `extractelement`, `insertelement` and `shufflevector` (`ConstantFoldExtractElementInstruction`,
//! `ConstantFoldInsertElementInstruction`, `ConstantFoldShuffleVectorInstruction`).

use super::{
    aggregate_element_at, expr, get_gep, i32_const, int_of, intern, is_null, is_undef, poison, splat, splat_value,
    type_of, undef, vec_shape, vector, GepInfo, MAX_FOLD_ELEMENTS,
};
use crate::constants::{Const, ConstId};
use crate::context::Context;
use crate::instructions::Opcode;
use crate::types::Type;
use smallvec::SmallVec;

/// `ConstantExpr::getExtractElement`: element `idx` of the vector `v`.
pub fn get_extract_element(ctx: &mut Context, v: ConstId, idx: ConstId) -> ConstId {
    match fold_extract_element(ctx, v, idx) {
        Some(f) => f,
        None => {
            let vt = type_of(ctx, v);
            let ty = vec_shape(ctx, vt).map_or(vt, |s| s.elem);
            intern(ctx, expr(Opcode::ExtractElement, ty, 0, &[v, idx]))
        }
    }
}

/// `ConstantFoldExtractElementInstruction`.
///
/// Poison vector or undef index: poison; undef vector: undef; an index past a fixed vector:
/// poison; of a vector `getelementptr`, the `getelementptr` of the elements; of an
/// `insertelement` at a constant index, the inserted value or the element of the vector below;
/// then the element itself, or the splatted value of a splat.
pub fn fold_extract_element(ctx: &mut Context, v: ConstId, idx: ConstId) -> Option<ConstId> {
    let shape = vec_shape(ctx, type_of(ctx, v))?;
    if matches!(ctx.const_of(v), Const::Poison(_)) || is_undef(ctx, idx) {
        return Some(poison(ctx, shape.elem));
    }
    if matches!(ctx.const_of(v), Const::Undef(_)) {
        return Some(undef(ctx, shape.elem));
    }
    let ci = int_of(ctx, idx)?.clone();
    if !shape.scalable && !ci.ult_u64(shape.len as u64) {
        return Some(poison(ctx, shape.elem));
    }
    if let Const::Expr(e) = ctx.const_of(v) {
        let e = (**e).clone();
        match e.op {
            Opcode::GetElementPtr => {
                let mut ops: SmallVec<[ConstId; 4]> = SmallVec::new();
                for &o in &e.operands {
                    let ot = type_of(ctx, o);
                    ops.push(if vec_shape(ctx, ot).is_some() { get_extract_element(ctx, o, idx) } else { o });
                }
                let src = e.source_ty?;
                let gep = GepInfo { source_ty: src, flags: e.flags, inrange: e.inrange.clone() };
                return Some(get_gep(ctx, &gep, *ops.first()?, &ops[1..]));
            }
            Opcode::InsertElement if e.operands.len() == 3 => {
                if let Some(at) = int_of(ctx, e.operands[2]) {
                    if at.same_unsigned_value(&ci) {
                        return Some(e.operands[1]);
                    }
                    return Some(get_extract_element(ctx, e.operands[0], idx));
                }
            }
            _ => {}
        }
    }
    if let Some(c) = aggregate_element_at(ctx, v, &ci) {
        return Some(c);
    }
    if ci.ult_u64(shape.len as u64) {
        return splat_value(ctx, v);
    }
    None
}

/// `ConstantExpr::getInsertElement`: the vector `v` with `elt` at `idx`.
pub fn get_insert_element(ctx: &mut Context, v: ConstId, elt: ConstId, idx: ConstId) -> ConstId {
    match fold_insert_element(ctx, v, elt, idx) {
        Some(f) => f,
        None => {
            let ty = type_of(ctx, v);
            intern(ctx, expr(Opcode::InsertElement, ty, 0, &[v, elt, idx]))
        }
    }
}

/// `ConstantFoldInsertElementInstruction`.
///
/// Undef index: poison; null into `zeroinitializer`: unchanged; an index past the end: poison;
/// otherwise a fixed vector is rebuilt element by element (scalable vectors do not fold).
pub fn fold_insert_element(ctx: &mut Context, v: ConstId, elt: ConstId, idx: ConstId) -> Option<ConstId> {
    let ty = type_of(ctx, v);
    if is_undef(ctx, idx) {
        return Some(poison(ctx, ty));
    }
    if matches!(ctx.const_of(v), Const::Zero(_)) && is_null(ctx, elt) {
        return Some(v);
    }
    let ci = int_of(ctx, idx)?.clone();
    let shape = vec_shape(ctx, ty)?;
    if shape.scalable {
        return None;
    }
    let n = shape.len as u64;
    if !ci.ult_u64(n) {
        return Some(poison(ctx, ty));
    }
    if n > MAX_FOLD_ELEMENTS {
        return None;
    }
    let at = ci.low_u64();
    let mut out = Vec::with_capacity(n as usize);
    for i in 0..n {
        if i == at {
            out.push(elt);
            continue;
        }
        let ii = i32_const(ctx, i);
        out.push(super::get_extract_element(ctx, v, ii));
    }
    Some(vector(ctx, ty, out))
}

/// A shuffle mask, as `ShuffleVectorInst::getShuffleMask` reads it (-1 for undef lanes).
pub(crate) enum Mask {
    /// Every lane 0 (`zeroinitializer`).
    Zero(u32),
    /// Every lane undefined.
    Undef(u32),
    /// Lane by lane.
    Lanes(Vec<i32>),
}

impl Mask {
    pub(crate) fn all_zero(&self) -> bool {
        match self {
            Mask::Zero(_) => true,
            Mask::Undef(n) => *n == 0,
            Mask::Lanes(l) => l.iter().all(|&x| x == 0),
        }
    }
    fn all_undef(&self) -> bool {
        match self {
            Mask::Zero(n) => *n == 0,
            Mask::Undef(_) => true,
            Mask::Lanes(l) => l.iter().all(|&x| x == -1),
        }
    }
    fn len(&self) -> u32 {
        match self {
            Mask::Zero(n) | Mask::Undef(n) => *n,
            Mask::Lanes(l) => l.len() as u32,
        }
    }
}

/// Reads a mask constant (`None` when it is not a valid mask).
pub(crate) fn mask_of(ctx: &Context, m: ConstId) -> Option<Mask> {
    let shape = vec_shape(ctx, type_of(ctx, m))?;
    match ctx.const_of(m) {
        Const::Zero(_) => return Some(Mask::Zero(shape.len)),
        Const::Undef(_) | Const::Poison(_) => return Some(Mask::Undef(shape.len)),
        _ if shape.scalable => return None,
        _ => {}
    }
    if shape.len as u64 > MAX_FOLD_ELEMENTS {
        return None;
    }
    let lane = |c: ConstId| -> Option<i32> {
        match ctx.const_of(c) {
            Const::Int(_, v) => Some(v.low_u64() as u32 as i32),
            Const::Undef(_) | Const::Poison(_) => Some(-1),
            _ => None,
        }
    };
    let lanes = match ctx.const_of(m) {
        Const::Vector(_, ops) => ops.iter().map(|&c| lane(c)).collect::<Option<Vec<i32>>>()?,
        Const::Splat(_, e) => vec![lane(*e)?; shape.len as usize],
        _ => return None,
    };
    Some(Mask::Lanes(lanes))
}

/// `ConstantExpr::getShuffleVector`: `shufflevector (v1, v2, mask)`.
pub fn get_shuffle_vector(ctx: &mut Context, v1: ConstId, v2: ConstId, mask: ConstId) -> ConstId {
    match fold_shuffle_vector(ctx, v1, v2, mask) {
        Some(f) => f,
        None => {
            let t1 = type_of(ctx, v1);
            let mt = type_of(ctx, mask);
            let ty = match (vec_shape(ctx, t1), vec_shape(ctx, mt)) {
                (Some(a), Some(m)) => ctx.ty(Type::Vector { scalable: a.scalable, len: m.len, elem: a.elem }),
                _ => t1,
            };
            intern(ctx, expr(Opcode::ShuffleVector, ty, 0, &[v1, v2, mask]))
        }
    }
}

/// `ConstantFoldShuffleVectorInstruction`.
///
/// An all-undef mask: poison; an all-zero mask: a splat of element 0 (for a scalable vector only
/// when that is null, undef or poison; otherwise the expression stays, and prints as
/// `splat (...)` when it has the form of one); otherwise a fixed vector is built lane by lane
/// (undef lanes are undef).
pub fn fold_shuffle_vector(ctx: &mut Context, v1: ConstId, v2: ConstId, mask: ConstId) -> Option<ConstId> {
    let s1 = vec_shape(ctx, type_of(ctx, v1))?;
    let m = mask_of(ctx, mask)?;
    let n = m.len();
    let res_ty = ctx.ty(Type::Vector { scalable: s1.scalable, len: n, elem: s1.elem });
    if m.all_undef() {
        return Some(poison(ctx, res_ty));
    }
    if m.all_zero() {
        let zero = i32_const(ctx, 0);
        let e = get_extract_element(ctx, v1, zero);
        // A scalable splat of anything else would fold back into a shuffle.
        if !s1.scalable || is_null(ctx, e) || is_undef(ctx, e) {
            return Some(splat(ctx, res_ty, e));
        }
        // LLVM keeps the expression; it is a splat, printed as one when the value is an integer
        // or a float, which is how such a splat is held here.
        let is_splat_expr = super::shuffle_splat_value(ctx, v1, v2, mask) == Some(e);
        if is_splat_expr && matches!(ctx.const_of(e), Const::Int(..) | Const::Float(..)) {
            return Some(splat(ctx, res_ty, e));
        }
        return None;
    }
    if s1.scalable {
        return None;
    }
    let Mask::Lanes(lanes) = m else {
        return None;
    };
    let src_n = s1.len as i64;
    let mut out = Vec::with_capacity(lanes.len());
    for &l in &lanes {
        let l = l as i64;
        let c = if l == -1 || l as u32 as i64 >= 2 * src_n || l < -1 {
            undef(ctx, s1.elem)
        } else if l >= src_n {
            let i = i32_const(ctx, (l - src_n) as u64);
            get_extract_element(ctx, v2, i)
        } else {
            let i = i32_const(ctx, l as u64);
            get_extract_element(ctx, v1, i)
        };
        out.push(c);
    }
    Some(vector(ctx, res_ty, out))
}
