//! Casts: `ConstantExpr::getCast` and `ConstantFoldCastInstruction`.

use super::{
    all_ones_value, expr, float_kind, get_extract_element, i32_const, intern, is_all_ones, is_null, is_vector,
    null_value, poison, scalar_bits, splat, splat_value, type_of, undef, vec_shape, vector, MAX_FOLD_ELEMENTS,
};
use crate::apint::APInt;
use crate::constants::{Const, ConstId};
use crate::context::Context;
use crate::instructions::Opcode;
use crate::types::{FloatKind, Type, TypeId};

/// `ConstantExpr::getCast`: `c` cast to `ty` by `op`, folded when LLVM folds it, otherwise the
/// interned expression. A bitcast to the operand's own type is the operand.
pub fn get_cast(ctx: &mut Context, op: Opcode, c: ConstId, ty: TypeId) -> ConstId {
    if op == Opcode::BitCast && type_of(ctx, c) == ty {
        return c;
    }
    match fold_cast(ctx, op, c, ty) {
        Some(f) => f,
        None => intern(ctx, expr(op, ty, 0, &[c])),
    }
}

/// The casts LLVM 22 still makes constant expressions of (`ConstantExpr::isDesirableCastOp`).
fn is_desirable(op: Opcode) -> bool {
    use Opcode::*;
    matches!(op, Trunc | PtrToAddr | PtrToInt | IntToPtr | BitCast | AddrSpaceCast)
}

/// `foldMaybeUndesirableCast`: build the expression when it may exist, otherwise only fold.
fn cast_maybe_undesirable(ctx: &mut Context, op: Opcode, c: ConstId, ty: TypeId) -> Option<ConstId> {
    if is_desirable(op) {
        Some(get_cast(ctx, op, c, ty))
    } else {
        fold_cast(ctx, op, c, ty)
    }
}

/// `ConstantFoldCastInstruction`: the folded cast, or `None` when LLVM keeps the expression.
///
/// Rules, in LLVM's order: a cast of poison is poison; of undef, 0 for `zext`, `sext`,
/// `uitofp`, `sitofp` and undef otherwise; of a null value, null (except `addrspacecast` and
/// `x86_amx`); a cast of a cast folds when the pair is eliminable; vectors of the same length
/// cast element by element (a splat as a splat); then integer extension and truncation and
/// bitcasts between integers and floats.
pub fn fold_cast(ctx: &mut Context, op: Opcode, c: ConstId, ty: TypeId) -> Option<ConstId> {
    match ctx.const_of(c) {
        Const::Poison(_) => return Some(poison(ctx, ty)),
        Const::Undef(_) => {
            use Opcode::*;
            return Some(if matches!(op, ZExt | SExt | UIToFP | SIToFP) {
                null_value(ctx, ty)
            } else {
                undef(ctx, ty)
            });
        }
        _ => {}
    }
    if is_null(ctx, c) && !matches!(ctx.type_of(ty), Type::X86Amx) && op != Opcode::AddrSpaceCast {
        return Some(null_value(ctx, ty));
    }
    if let Const::Expr(inner) = ctx.const_of(c) {
        if inner.op.is_cast() && inner.operands.len() == 1 {
            let (first, src) = (inner.op, inner.operands[0]);
            let mid = inner.ty;
            let src_ty = type_of(ctx, src);
            if let Some(new_op) = eliminable_cast_pair(ctx, first, op, src_ty, mid, ty) {
                return cast_maybe_undesirable(ctx, new_op, src, ty);
            }
        }
    }
    let src_ty = type_of(ctx, c);
    if let (Some(d), Some(s)) = (vec_shape(ctx, ty), vec_shape(ctx, src_ty)) {
        if d.len == s.len && d.scalable == s.scalable {
            if let Some(e) = splat_value(ctx, c) {
                let r = cast_maybe_undesirable(ctx, op, e, d.elem)?;
                return Some(splat(ctx, ty, r));
            }
            if d.scalable || d.len as u64 > MAX_FOLD_ELEMENTS {
                return None;
            }
            let mut out = Vec::with_capacity(d.len as usize);
            for i in 0..d.len as u64 {
                let idx = i32_const(ctx, i);
                let e = get_extract_element(ctx, c, idx);
                out.push(cast_maybe_undesirable(ctx, op, e, d.elem)?);
            }
            return Some(vector(ctx, ty, out));
        }
    }
    match op {
        Opcode::ZExt | Opcode::SExt | Opcode::Trunc => {
            let Const::Int(_, v) = ctx.const_of(c) else {
                return None;
            };
            let bits = scalar_bits(ctx, ty);
            let r = if op == Opcode::SExt { v.sext_or_trunc(bits) } else { v.zext_or_trunc(bits) };
            Some(ctx.konst(Const::Int(ty, r)))
        }
        Opcode::BitCast => fold_bitcast(ctx, c, ty),
        // Floating-point conversions need an exact APFloat (not reachable from a constant
        // expression); pointer casts other than of null do not fold.
        _ => None,
    }
}

/// `FoldBitCast`.
fn fold_bitcast(ctx: &mut Context, c: ConstId, ty: TypeId) -> Option<ConstId> {
    let src_ty = type_of(ctx, c);
    if src_ty == ty {
        return Some(c);
    }
    if is_all_ones(ctx, c) {
        return all_ones_value(ctx, ty);
    }
    match ctx.const_of(c).clone() {
        Const::Int(_, v) => {
            if is_vector(ctx, ty) && !is_vector(ctx, src_ty) {
                return Some(bitcast_via_vector(ctx, c, ty));
            }
            let k = float_kind(ctx, ty)?;
            if k == FloatKind::PpcFp128 || k.bits() != v.width() {
                return None;
            }
            let w = v.words();
            let bits = w[0] as u128 | (w.get(1).copied().unwrap_or(0) as u128) << 64;
            Some(ctx.konst(Const::Float(ty, bits)))
        }
        Const::Float(_, bits) => {
            if is_vector(ctx, ty) && !is_vector(ctx, src_ty) {
                return Some(bitcast_via_vector(ctx, c, ty));
            }
            let k = float_kind(ctx, src_ty)?;
            if k == FloatKind::PpcFp128 {
                return None;
            }
            match ctx.type_of(ty) {
                Type::Int(b) if *b == k.bits() => {
                    let v = APInt::from_words(*b, &[bits as u64, (bits >> 64) as u64]);
                    Some(ctx.konst(Const::Int(ty, v)))
                }
                _ => None,
            }
        }
        _ => None,
    }
}

/// A scalar bitcast to a vector becomes a bitcast of the one-element vector of the scalar.
fn bitcast_via_vector(ctx: &mut Context, c: ConstId, ty: TypeId) -> ConstId {
    let src_ty = type_of(ctx, c);
    let v1 = ctx.ty(Type::Vector { scalable: false, len: 1, elem: src_ty });
    let v = vector(ctx, v1, vec![c]);
    get_cast(ctx, Opcode::BitCast, v, ty)
}

/// The position of a cast opcode in LLVM's cast-pair table.
fn cast_index(op: Opcode) -> Option<usize> {
    use Opcode::*;
    const ORDER: [Opcode; 14] = [
        Trunc,
        ZExt,
        SExt,
        FPToUI,
        FPToSI,
        UIToFP,
        SIToFP,
        FPTrunc,
        FPExt,
        PtrToInt,
        PtrToAddr,
        IntToPtr,
        BitCast,
        AddrSpaceCast,
    ];
    ORDER.iter().position(|&o| o == op)
}

/// LLVM's table of what a pair of casts (row: first, column: second) folds to; see
/// `CastInst::isEliminableCastPair`. 0: never; 1: the first; 2: the second; others: the cases
/// below; 99: impossible.
#[rustfmt::skip]
const CAST_PAIRS: [[u8; 14]; 14] = [
    [ 1, 0, 0,99,99, 0, 0,99,99,99,99, 0, 3, 0], // trunc
    [ 8, 1, 9,99,99, 2,17,99,99,99,99, 2, 3, 0], // zext
    [ 8, 0, 1,99,99, 0, 2,99,99,99,99, 0, 3, 0], // sext
    [ 0, 0, 0,99,99, 0, 0,99,99,99,99, 0, 3, 0], // fptoui
    [ 0, 0, 0,99,99, 0, 0,99,99,99,99, 0, 3, 0], // fptosi
    [99,99,99, 0, 0,99,99, 0, 0,99,99,99, 4, 0], // uitofp
    [99,99,99, 0, 0,99,99, 0, 0,99,99,99, 4, 0], // sitofp
    [99,99,99, 0, 0,99,99, 0, 0,99,99,99, 4, 0], // fptrunc
    [99,99,99, 2, 2,99,99, 8, 2,99,99,99, 4, 0], // fpext
    [ 1, 0, 0,99,99, 0, 0,99,99,99,99, 7, 3, 0], // ptrtoint
    [ 0, 0, 0,99,99, 0, 0,99,99,99,99, 0, 3, 0], // ptrtoaddr
    [99,99,99,99,99,99,99,99,99,11,11,99,15, 0], // inttoptr
    [ 5, 5, 5, 0, 0, 5, 5, 0, 0,16,16, 5, 1,14], // bitcast
    [ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,13,12], // addrspacecast
];

fn is_ptr_or_ptr_vector(ctx: &Context, t: TypeId) -> bool {
    matches!(ctx.type_of(super::scalar_type(ctx, t)), Type::Ptr(_))
}

fn addr_space(ctx: &Context, t: TypeId) -> Option<u32> {
    match ctx.type_of(super::scalar_type(ctx, t)) {
        Type::Ptr(a) => Some(*a),
        _ => None,
    }
}

/// `CastInst::isEliminableCastPair` without a data layout (as `foldConstantCastPair` calls it in
/// LLVM 22): the opcode that replaces `second(first(x: src) : mid) : dst`, if any.
fn eliminable_cast_pair(
    ctx: &Context,
    first: Opcode,
    second: Opcode,
    src: TypeId,
    mid: TypeId,
    dst: TypeId,
) -> Option<Opcode> {
    let (fi, si) = (cast_index(first)?, cast_index(second)?);
    let first_bc = first == Opcode::BitCast;
    let second_bc = second == Opcode::BitCast;
    // A bitcast between a scalar and a vector only merges with another bitcast.
    if ((first_bc && is_vector(ctx, src) != is_vector(ctx, mid))
        || (second_bc && is_vector(ctx, mid) != is_vector(ctx, dst)))
        && !(first_bc && second_bc)
    {
        return None;
    }
    match CAST_PAIRS[fi][si] {
        1 => Some(first),
        2 => Some(second),
        3 => (!is_vector(ctx, src) && matches!(ctx.type_of(dst), Type::Int(_))).then_some(first),
        4 => (dst == mid).then_some(first),
        5 => matches!(ctx.type_of(src), Type::Int(_)).then_some(second),
        // inttoptr/ptrtoint round trips need the data layout's pointer size.
        7 | 11 => None,
        8 => {
            let (s, d) = (scalar_bits(ctx, src), scalar_bits(ctx, dst));
            if src == dst {
                Some(Opcode::BitCast)
            } else if s < d {
                Some(first)
            } else if s > d {
                Some(second)
            } else {
                None
            }
        }
        9 => Some(Opcode::ZExt),
        12 => Some(if addr_space(ctx, src) != addr_space(ctx, dst) { Opcode::AddrSpaceCast } else { Opcode::BitCast }),
        13 => is_ptr_or_ptr_vector(ctx, dst).then_some(first),
        14 => is_ptr_or_ptr_vector(ctx, src).then_some(Opcode::AddrSpaceCast),
        15 => Some(first),
        16 => Some(second),
        17 => Some(Opcode::UIToFP),
        _ => None,
    }
}

/// `getPrimitiveSizeInBits`: (minimum bits, scalable); 0 for pointers and unsized types.
fn primitive_bits(ctx: &Context, t: TypeId) -> (u64, bool) {
    match ctx.type_of(t) {
        Type::Int(b) => (*b as u64, false),
        Type::Float(k) => (k.bits() as u64, false),
        Type::X86Amx => (8192, false),
        Type::Vector { len, scalable, elem } => (*len as u64 * primitive_bits(ctx, *elem).0, *scalable),
        _ => (0, false),
    }
}

/// `CastInst::castIsValid`: whether `op` may cast a value of type `src` to `dst`.
pub fn cast_is_valid(ctx: &Context, op: Opcode, src: TypeId, dst: TypeId) -> bool {
    let first_class_scalar_or_vector = |t: TypeId| {
        !matches!(
            ctx.type_of(t),
            Type::Void | Type::Function { .. } | Type::Array(..) | Type::Struct { .. } | Type::Named(_)
        )
    };
    if !first_class_scalar_or_vector(src) || !first_class_scalar_or_vector(dst) {
        return false;
    }
    let count = |t: TypeId| vec_shape(ctx, t).map_or((0, false), |s| (s.len, s.scalable));
    let same_count = count(src) == count(dst);
    let scalar = |t: TypeId| ctx.type_of(super::scalar_type(ctx, t));
    let is_int = |t: TypeId| matches!(scalar(t), Type::Int(_));
    let is_fp = |t: TypeId| matches!(scalar(t), Type::Float(_));
    let (sb, db) = (scalar_bits(ctx, src), scalar_bits(ctx, dst));
    use Opcode::*;
    match op {
        Trunc => is_int(src) && is_int(dst) && same_count && sb > db,
        ZExt | SExt => is_int(src) && is_int(dst) && same_count && sb < db,
        FPTrunc => is_fp(src) && is_fp(dst) && same_count && sb > db,
        FPExt => is_fp(src) && is_fp(dst) && same_count && sb < db,
        UIToFP | SIToFP => is_int(src) && is_fp(dst) && same_count,
        FPToUI | FPToSI => is_fp(src) && is_int(dst) && same_count,
        PtrToAddr | PtrToInt => same_count && addr_space(ctx, src).is_some() && is_int(dst),
        IntToPtr => same_count && is_int(src) && addr_space(ctx, dst).is_some(),
        BitCast => match (addr_space(ctx, src), addr_space(ctx, dst)) {
            (None, None) => primitive_bits(ctx, src) == primitive_bits(ctx, dst),
            (Some(a), Some(b)) if a == b => match (count(src), count(dst)) {
                ((0, _), (0, _)) => true,
                ((0, _), d) => d == (1, false),
                (s, (0, _)) => s == (1, false),
                (s, d) => s == d,
            },
            _ => false,
        },
        AddrSpaceCast => match (addr_space(ctx, src), addr_space(ctx, dst)) {
            (Some(a), Some(b)) => a != b && same_count,
            _ => false,
        },
        _ => false,
    }
}
