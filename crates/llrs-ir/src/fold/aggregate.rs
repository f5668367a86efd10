//! Aggregate constants in LLVM's canonical forms (`ConstantArray::get`, `ConstantStruct::get`,
//! `ConstantVector::get`, `ConstantVector::getSplat`).

use super::{expr, float_kind, intern, poison, undef, vec_shape, width_mask};
use crate::apint::APInt;
use crate::constants::{Const, ConstId};
use crate::context::Context;
use crate::instructions::Opcode;
use crate::types::{Type, TypeId};

/// `Constant::isNullValue`: integer 0, +0.0, `null`, `none`, `zeroinitializer`.
pub fn is_null(ctx: &Context, c: ConstId) -> bool {
    match ctx.const_of(c) {
        Const::Int(_, v) => v.is_zero(),
        Const::Float(t, bits) => {
            let w = float_kind(ctx, *t).map_or(128, |k| k.bits());
            *bits & width_mask(w) == 0
        }
        Const::Null(_) | Const::Zero(_) | Const::NoneToken(_) => true,
        Const::Splat(_, e) => is_null(ctx, *e),
        Const::Bytes(_, b) => b.iter().all(|&x| x == 0),
        _ => false,
    }
}

/// The one constant all of `ids` are, if any.
fn uniform(ids: &[ConstId]) -> Option<ConstId> {
    let first = *ids.first()?;
    ids.iter().all(|&c| c == first).then_some(first)
}

/// `ConstantArray::get`: an array of `ty` (`[N x T]`) from its elements. All null elements make
/// `zeroinitializer`, one repeated `undef` or `poison` makes that, and `i8` elements make bytes.
pub fn array(ctx: &mut Context, ty: TypeId, elems: Vec<ConstId>) -> ConstId {
    if let Some(u) = uniform(&elems) {
        match ctx.const_of(u) {
            Const::Poison(_) => return poison(ctx, ty),
            Const::Undef(_) => return undef(ctx, ty),
            _ => {}
        }
    }
    if elems.iter().all(|&c| is_null(ctx, c)) {
        return ctx.konst(Const::Zero(ty));
    }
    let elem_is_i8 = matches!(ctx.type_of(ty), Type::Array(_, e) if matches!(ctx.type_of(*e), Type::Int(8)));
    if elem_is_i8 {
        let bytes: Option<Vec<u8>> = elems
            .iter()
            .map(|&c| match ctx.const_of(c) {
                Const::Int(_, v) => Some(v.low_u64() as u8),
                _ => None,
            })
            .collect();
        if let Some(b) = bytes {
            return ctx.konst(Const::Bytes(ty, b.into_boxed_slice()));
        }
    }
    ctx.konst(Const::Array(ty, elems.into_boxed_slice()))
}

/// `ConstantStruct::get`: all null elements make `zeroinitializer`, all `poison` make `poison`,
/// all `undef` (none of them poison) make `undef`.
pub fn structure(ctx: &mut Context, ty: TypeId, elems: Vec<ConstId>) -> ConstId {
    if elems.iter().all(|&c| is_null(ctx, c)) {
        return ctx.konst(Const::Zero(ty));
    }
    if elems.iter().all(|&c| matches!(ctx.const_of(c), Const::Poison(_))) {
        return poison(ctx, ty);
    }
    if elems.iter().all(|&c| matches!(ctx.const_of(c), Const::Undef(_))) {
        return undef(ctx, ty);
    }
    ctx.konst(Const::Struct(ty, elems.into_boxed_slice()))
}

/// `ConstantVector::get`: all null elements make `zeroinitializer`, one repeated `undef` or
/// `poison` makes that, one repeated integer or float makes a splat.
pub fn vector(ctx: &mut Context, ty: TypeId, elems: Vec<ConstId>) -> ConstId {
    if elems.iter().all(|&c| is_null(ctx, c)) {
        return ctx.konst(Const::Zero(ty));
    }
    if let Some(u) = uniform(&elems) {
        match ctx.const_of(u) {
            Const::Poison(_) => return poison(ctx, ty),
            Const::Undef(_) => return undef(ctx, ty),
            Const::Int(..) | Const::Float(..) => return ctx.konst(Const::Splat(ty, u)),
            _ => {}
        }
    }
    ctx.konst(Const::Vector(ty, elems.into_boxed_slice()))
}

/// `ConstantVector::getSplat`: a vector of `ty` whose every element is `v`.
///
/// Null, `undef` and `poison` give `zeroinitializer`, `undef` and `poison`. A scalable vector of
/// anything but an integer or a float is LLVM's expression
/// `shufflevector (insertelement (poison, v, i64 0), poison, zeroinitializer)`.
pub fn splat(ctx: &mut Context, ty: TypeId, v: ConstId) -> ConstId {
    if is_null(ctx, v) {
        return ctx.konst(Const::Zero(ty));
    }
    match ctx.const_of(v) {
        Const::Poison(_) => return poison(ctx, ty),
        Const::Undef(_) => return undef(ctx, ty),
        Const::Int(..) | Const::Float(..) => return ctx.konst(Const::Splat(ty, v)),
        _ => {}
    }
    let Some(shape) = vec_shape(ctx, ty) else {
        return v;
    };
    if !shape.scalable {
        return ctx.konst(Const::Splat(ty, v));
    }
    let p = poison(ctx, ty);
    let i64t = ctx.int_ty(64);
    let zero64 = ctx.konst(Const::Int(i64t, APInt::zero(64)));
    let ins = intern(ctx, expr(Opcode::InsertElement, ty, 0, &[p, v, zero64]));
    let i32t = ctx.int_ty(32);
    let mask_ty = ctx.ty(Type::Vector { scalable: true, len: shape.len, elem: i32t });
    let mask = ctx.konst(Const::Zero(mask_ty));
    intern(ctx, expr(Opcode::ShuffleVector, ty, 0, &[ins, p, mask]))
}
