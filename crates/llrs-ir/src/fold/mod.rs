//! Constant folding, as LLVM does it when a constant is created.
//!
//! LLVM never builds a constant expression blindly: `ConstantExpr::getCast`, `get` (binary
//! operators), `getGetElementPtr`, `getExtractElement`, `getInsertElement` and
//! `getShuffleVector` first try the folds of `llvm/lib/IR/ConstantFold.cpp`, and
//! `ConstantArray::get`, `ConstantStruct::get`, `ConstantVector::get` and
//! `ConstantVector::getSplat` canonicalize aggregates (`llvm/lib/IR/Constants.cpp`). These folds
//! need no data layout. This module ports them, so that what is built here is what LLVM would
//! hold in memory (and print).
//!
//! The entry point is [`fold_expr`]: give it a [`ConstExpr`] and it returns the folded constant,
//! or the interned expression when nothing folds. The `get_*` functions do the same per kind of
//! expression; the `fold_*` functions only fold (`None` when LLVM would create the expression).
//!
//! ```
//! use llrs_ir::fold::{self, get_binary};
//! use llrs_ir::{APInt, Const, Context, Opcode};
//!
//! let mut ctx = Context::default();
//! let i32t = ctx.int_ty(32);
//! let two = ctx.konst(Const::Int(i32t, APInt::from_u64(32, 2)));
//! let three = ctx.konst(Const::Int(i32t, APInt::from_u64(32, 3)));
//! let five = get_binary(&mut ctx, Opcode::Add, two, three, 0);
//! assert_eq!(ctx.const_of(five), &Const::Int(i32t, APInt::from_u64(32, 5)));
//! let zero = get_binary(&mut ctx, Opcode::Xor, five, five, 0);
//! assert!(fold::is_null(&ctx, zero));
//! ```
//!
//! Not ported (they need what a context alone does not have, or an exact `APFloat`): the
//! `and` of `ptrtoint @global` with a mask below the global's alignment, and arithmetic and
//! conversions on floating-point values. Neither is reachable from a constant expression that
//! LLVM 22 accepts (`and`, floating-point operators and floating-point casts are not constant
//! expressions any more), so constants built from text fold exactly as in LLVM.
//!
//! LLVM folds fixed vectors element by element whatever their length; here a vector longer than
//! [`MAX_FOLD_ELEMENTS`] is left unfolded rather than building one constant per element.

mod aggregate;
mod binary;
mod casts;
mod gep;
mod insts;
mod vector;

#[cfg(test)]
mod tests;

pub use aggregate::{array, is_null, splat, structure, vector};
pub use binary::{fold_binary, get_binary};
pub use casts::{cast_is_valid, fold_cast, get_cast};
pub use gep::{fold_gep, gep_indexed_type, gep_result_type, get_gep};
pub use insts::{fold_cmp, fold_fneg, fold_fp_binary, fold_fp_cast, fold_select};
pub use vector::{
    fold_extract_element, fold_insert_element, fold_shuffle_vector, get_extract_element, get_insert_element,
    get_shuffle_vector,
};

use crate::apint::APInt;
use crate::constants::{Const, ConstExpr, ConstId};
use crate::context::Context;
use crate::instructions::Opcode;
use crate::types::{FloatKind, Type, TypeId};
use smallvec::SmallVec;

/// Fixed vectors with more elements than this are not folded element by element.
pub const MAX_FOLD_ELEMENTS: u64 = 1 << 16;

/// The constant LLVM makes of `e`: folded when one of its folds applies, otherwise `e` interned.
///
/// Casts, binary operators, `getelementptr`, `extractelement`, `insertelement` and
/// `shufflevector` fold; any other opcode (and any expression whose operands do not fit its
/// opcode) is interned unchanged.
pub fn fold_expr(ctx: &mut Context, e: ConstExpr) -> ConstId {
    let ops = &e.operands;
    match (e.op, ops.len()) {
        (op, 1) if op.is_cast() => get_cast(ctx, op, ops[0], e.ty),
        (op, 2) if op.is_binary() => get_binary(ctx, op, ops[0], ops[1], e.flags),
        (Opcode::GetElementPtr, n) if n >= 1 => match e.source_ty {
            Some(src) => {
                let gep = GepInfo { source_ty: src, flags: e.flags, inrange: e.inrange.clone() };
                get_gep(ctx, &gep, ops[0], &ops[1..])
            }
            None => intern(ctx, e),
        },
        (Opcode::ExtractElement, 2) => get_extract_element(ctx, ops[0], ops[1]),
        (Opcode::InsertElement, 3) => get_insert_element(ctx, ops[0], ops[1], ops[2]),
        (Opcode::ShuffleVector, 3) => get_shuffle_vector(ctx, ops[0], ops[1], ops[2]),
        _ => intern(ctx, e),
    }
}

/// What a `getelementptr` carries besides its operands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GepInfo {
    /// The source element type.
    pub source_ty: TypeId,
    /// `inbounds`, `nusw`, `nuw` ([`crate::instructions::flags`]).
    pub flags: u16,
    /// `inrange(lo, hi)`.
    pub inrange: Option<(APInt, APInt)>,
}

/// Interns an expression as it is.
pub(crate) fn intern(ctx: &mut Context, e: ConstExpr) -> ConstId {
    ctx.konst(Const::Expr(Box::new(e)))
}

/// An expression with no GEP parts and no predicate.
pub(crate) fn expr(op: Opcode, ty: TypeId, flags: u16, operands: &[ConstId]) -> ConstExpr {
    ConstExpr { op, ty, flags, operands: SmallVec::from_slice(operands), source_ty: None, inrange: None, pred: None }
}

// ---- types ----

/// The shape of a vector type.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) struct VecShape {
    pub len: u32,
    pub scalable: bool,
    pub elem: TypeId,
}

pub(crate) fn type_of(ctx: &Context, c: ConstId) -> TypeId {
    ctx.const_of(c).ty()
}

pub(crate) fn vec_shape(ctx: &Context, t: TypeId) -> Option<VecShape> {
    match ctx.type_of(t) {
        Type::Vector { len, scalable, elem } => Some(VecShape { len: *len, scalable: *scalable, elem: *elem }),
        _ => None,
    }
}

pub(crate) fn is_vector(ctx: &Context, t: TypeId) -> bool {
    matches!(ctx.type_of(t), Type::Vector { .. })
}

/// The element type of a vector, the type itself otherwise.
pub(crate) fn scalar_type(ctx: &Context, t: TypeId) -> TypeId {
    vec_shape(ctx, t).map_or(t, |v| v.elem)
}

/// LLVM's `getScalarSizeInBits`: 0 for pointers and other unsized scalars.
pub(crate) fn scalar_bits(ctx: &Context, t: TypeId) -> u32 {
    match ctx.type_of(scalar_type(ctx, t)) {
        Type::Int(b) => *b,
        Type::Float(k) => k.bits(),
        _ => 0,
    }
}

pub(crate) fn float_kind(ctx: &Context, t: TypeId) -> Option<FloatKind> {
    match ctx.type_of(t) {
        Type::Float(k) => Some(*k),
        _ => None,
    }
}

/// The type of field `i` of a struct type (literal or identified).
pub(crate) fn struct_field(ctx: &Context, t: TypeId, i: u64) -> Option<TypeId> {
    let i = usize::try_from(i).ok()?;
    match ctx.type_of(t) {
        Type::Struct { elems, .. } => elems.get(i).copied(),
        Type::Named(s) => ctx.structs[*s].body.as_ref()?.elems.get(i).copied(),
        _ => None,
    }
}

pub(crate) fn is_struct(ctx: &Context, t: TypeId) -> bool {
    match ctx.type_of(t) {
        Type::Struct { .. } => true,
        Type::Named(s) => ctx.structs[*s].body.is_some(),
        _ => false,
    }
}

fn width_mask(bits: u32) -> u128 {
    if bits >= 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    }
}

// ---- simple constants ----

/// `Constant::getNullValue`: 0, +0.0, `null`, `none`, or `zeroinitializer`.
pub fn null_value(ctx: &mut Context, t: TypeId) -> ConstId {
    let c = match ctx.type_of(t) {
        Type::Int(b) => Const::Int(t, APInt::zero(*b)),
        Type::Float(_) => Const::Float(t, 0),
        Type::Ptr(_) => Const::Null(t),
        Type::Token => Const::NoneToken(t),
        _ => Const::Zero(t),
    };
    ctx.konst(c)
}

/// `Constant::getAllOnesValue`, for integer, floating-point and vector types.
pub fn all_ones_value(ctx: &mut Context, t: TypeId) -> Option<ConstId> {
    match ctx.type_of(t).clone() {
        Type::Int(b) => Some(ctx.konst(Const::Int(t, APInt::all_ones(b)))),
        Type::Float(k) => Some(ctx.konst(Const::Float(t, width_mask(k.bits())))),
        Type::Vector { elem, .. } => {
            let e = all_ones_value(ctx, elem)?;
            Some(splat(ctx, t, e))
        }
        _ => None,
    }
}

/// `undef` of a type.
pub fn undef(ctx: &mut Context, t: TypeId) -> ConstId {
    ctx.konst(Const::Undef(t))
}

/// `poison` of a type.
pub fn poison(ctx: &mut Context, t: TypeId) -> ConstId {
    ctx.konst(Const::Poison(t))
}

/// `ConstantInt::get(Ty, V)`: an integer, splatted when `t` is a vector type.
pub fn int_value(ctx: &mut Context, t: TypeId, v: APInt) -> ConstId {
    match vec_shape(ctx, t) {
        Some(s) => {
            let e = ctx.konst(Const::Int(s.elem, v));
            splat(ctx, t, e)
        }
        None => ctx.konst(Const::Int(t, v)),
    }
}

/// `ConstantFP::get(Ty, bits)`, splatted when `t` is a vector type.
pub(crate) fn float_value(ctx: &mut Context, t: TypeId, bits: u128) -> ConstId {
    match vec_shape(ctx, t) {
        Some(s) => {
            let e = ctx.konst(Const::Float(s.elem, bits));
            splat(ctx, t, e)
        }
        None => ctx.konst(Const::Float(t, bits)),
    }
}

// ---- predicates ----

/// `isa<UndefValue>`: `undef` or `poison`.
pub fn is_undef(ctx: &Context, c: ConstId) -> bool {
    matches!(ctx.const_of(c), Const::Undef(_) | Const::Poison(_))
}

/// `isa<PoisonValue>`.
pub fn is_poison(ctx: &Context, c: ConstId) -> bool {
    matches!(ctx.const_of(c), Const::Poison(_))
}

/// `Constant::isAllOnesValue`: an integer -1, a float whose bits are all ones, or a splat of one.
pub fn is_all_ones(ctx: &mut Context, c: ConstId) -> bool {
    match ctx.const_of(c) {
        Const::Int(_, v) => v.is_all_ones(),
        Const::Float(t, bits) => {
            let w = float_kind(ctx, *t).map_or(128, |k| k.bits());
            *bits & width_mask(w) == width_mask(w)
        }
        _ if is_vector(ctx, type_of(ctx, c)) => splat_value(ctx, c).is_some_and(|s| is_all_ones(ctx, s)),
        _ => false,
    }
}

/// `isa<ConstantExpr>`. A scalable splat of a non-null value is a `shufflevector` expression in
/// LLVM, so it counts as one.
pub(crate) fn is_expr(ctx: &Context, c: ConstId) -> bool {
    match ctx.const_of(c) {
        Const::Expr(_) => true,
        Const::Splat(t, _) => vec_shape(ctx, *t).is_some_and(|s| s.scalable),
        _ => false,
    }
}

/// The integer value of a scalar integer constant (`ConstantInt`).
pub(crate) fn int_of(ctx: &Context, c: ConstId) -> Option<&APInt> {
    match ctx.const_of(c) {
        Const::Int(_, v) => Some(v),
        _ => None,
    }
}

/// `m_APInt`: the value of an integer or of a splat of one.
pub(crate) fn splat_int(ctx: &mut Context, c: ConstId) -> Option<APInt> {
    if let Some(v) = int_of(ctx, c) {
        return Some(v.clone());
    }
    if is_vector(ctx, type_of(ctx, c)) {
        let s = splat_value(ctx, c)?;
        return int_of(ctx, s).cloned();
    }
    None
}

/// `Constant::getSplatValue`: the element of a vector whose elements are all one constant.
/// Undef and poison vectors have none, as in LLVM.
pub fn splat_value(ctx: &mut Context, c: ConstId) -> Option<ConstId> {
    match ctx.const_of(c) {
        Const::Splat(_, e) => Some(*e),
        Const::Vector(_, ops) => {
            let first = *ops.first()?;
            ops.iter().all(|&o| o == first).then_some(first)
        }
        Const::Zero(t) => {
            let s = vec_shape(ctx, *t)?;
            Some(null_value(ctx, s.elem))
        }
        Const::Expr(e) => expr_splat_value(ctx, e),
        _ => None,
    }
}

/// The splat value of a `shufflevector` expression in the form `ConstantVector::getSplat`
/// builds: `shufflevector (insertelement (undef, X, 0), undef, zeroinitializer)` is X.
fn expr_splat_value(ctx: &Context, e: &ConstExpr) -> Option<ConstId> {
    if e.op != Opcode::ShuffleVector || e.operands.len() != 3 {
        return None;
    }
    shuffle_splat_value(ctx, e.operands[0], e.operands[1], e.operands[2])
}

/// [`expr_splat_value`] on the operands of a shuffle.
pub(crate) fn shuffle_splat_value(ctx: &Context, v1: ConstId, v2: ConstId, mask: ConstId) -> Option<ConstId> {
    if !is_undef(ctx, v2) {
        return None;
    }
    let Const::Expr(ins) = ctx.const_of(v1) else {
        return None;
    };
    if ins.op != Opcode::InsertElement || ins.operands.len() != 3 || !is_undef(ctx, ins.operands[0]) {
        return None;
    }
    let idx_zero = int_of(ctx, ins.operands[2]).is_some_and(|v| v.is_zero());
    let mask_zero = vector::mask_of(ctx, mask).is_some_and(|m| m.all_zero());
    (idx_zero && mask_zero).then_some(ins.operands[1])
}

/// `Constant::getAggregateElement(i)`: element `i` of an aggregate or vector constant, when it
/// is known without building an expression.
pub fn aggregate_element(ctx: &mut Context, c: ConstId, i: u64) -> Option<ConstId> {
    let t = type_of(ctx, c);
    let vshape = vec_shape(ctx, t);
    let seq: Option<(u64, TypeId)> = match ctx.type_of(t) {
        Type::Array(n, e) => Some((*n, *e)),
        _ => vshape.map(|s| (s.len as u64, s.elem)),
    };
    let scalable = vshape.is_some_and(|s| s.scalable);
    let elem_ty = |ctx: &Context| match seq {
        Some((n, e)) => (i < n).then_some(e),
        None => struct_field(ctx, t, i),
    };
    match ctx.const_of(c).clone() {
        Const::Array(_, ops) | Const::Struct(_, ops) | Const::Vector(_, ops) => {
            usize::try_from(i).ok().and_then(|i| ops.get(i).copied())
        }
        Const::Bytes(_, b) => {
            let v = *usize::try_from(i).ok().and_then(|i| b.get(i))?;
            let i8t = ctx.int_ty(8);
            Some(ctx.konst(Const::Int(i8t, APInt::from_u64(8, v as u64))))
        }
        Const::Zero(_) => {
            let e = elem_ty(ctx)?;
            Some(null_value(ctx, e))
        }
        Const::Splat(_, e) if !scalable => seq.is_some_and(|(n, _)| i < n).then_some(e),
        Const::Undef(_) if !scalable => {
            let e = elem_ty(ctx)?;
            Some(undef(ctx, e))
        }
        Const::Poison(_) if !scalable => {
            let e = elem_ty(ctx)?;
            Some(poison(ctx, e))
        }
        _ => None,
    }
}

/// `getAggregateElement(Constant *Idx)`: by an integer constant whose value fits 64 bits.
pub(crate) fn aggregate_element_at(ctx: &mut Context, c: ConstId, idx: &APInt) -> Option<ConstId> {
    let i = idx.to_u64()?;
    aggregate_element(ctx, c, i)
}

/// An `i32` index constant.
pub(crate) fn i32_const(ctx: &mut Context, v: u64) -> ConstId {
    let t = ctx.int_ty(32);
    ctx.konst(Const::Int(t, APInt::from_u64(32, v)))
}
