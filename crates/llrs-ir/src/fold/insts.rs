//! The folds LLVM's `IRBuilder` (with its default `ConstantFolder`) applies to instructions
//! whose operands are all constants, beyond those of constant expressions: comparisons
//! (`ConstantFoldCompareInstruction`), `select` (`ConstantFoldSelectInstruction`), `fneg`
//! (`ConstantFoldUnaryInstruction`), floating-point arithmetic and the casts between integers
//! and floating-point values (`ConstantFoldBinaryInstruction`, `ConstantFoldCastInstruction`).
//!
//! Floating-point values are computed for `float` and `double` only (IEEE arithmetic in round
//! to nearest, ties to even, as `APFloat` does); other floating-point types are left unfolded
//! (`None`: the caller builds the instruction).

use super::{aggregate_element, is_undef, null_value, poison, splat, splat_value, type_of, vec_shape, vector};
use crate::apint::APInt;
use crate::constants::{Const, ConstId};
use crate::context::Context;
use crate::instructions::{CmpPred, Opcode};
use crate::types::{FloatKind, Type, TypeId};

/// The `i1` (or vector of `i1`) type of a comparison of values of type `t`.
fn cmp_result_ty(ctx: &mut Context, t: TypeId) -> TypeId {
    let i1 = ctx.int_ty(1);
    match vec_shape(ctx, t) {
        Some(s) => ctx.ty(Type::Vector { scalable: s.scalable, len: s.len, elem: i1 }),
        None => i1,
    }
}

/// Whether predicate `p` holds of two integers.
fn int_pred(p: CmpPred, a: &APInt, b: &APInt) -> Option<bool> {
    use std::cmp::Ordering::*;
    let u = a.ucmp(b);
    let s = a.scmp(b);
    Some(match p {
        CmpPred::Eq => u == Equal,
        CmpPred::Ne => u != Equal,
        CmpPred::Ugt => u == Greater,
        CmpPred::Uge => u != Less,
        CmpPred::Ult => u == Less,
        CmpPred::Ule => u != Greater,
        CmpPred::Sgt => s == Greater,
        CmpPred::Sge => s != Less,
        CmpPred::Slt => s == Less,
        CmpPred::Sle => s != Greater,
        _ => return None,
    })
}

/// Whether predicate `p` holds of two floating-point values (`None`: not an `fcmp` predicate).
fn float_pred(p: CmpPred, a: f64, b: f64) -> Option<bool> {
    let uno = a.is_nan() || b.is_nan();
    let (lt, eq, gt) = (a < b, a == b, a > b);
    Some(match p {
        CmpPred::FFalse => false,
        CmpPred::FOeq => eq,
        CmpPred::FOgt => gt,
        CmpPred::FOge => gt || eq,
        CmpPred::FOlt => lt,
        CmpPred::FOle => lt || eq,
        CmpPred::FOne => lt || gt,
        CmpPred::FOrd => !uno,
        CmpPred::FUno => uno,
        CmpPred::FUeq => uno || eq,
        CmpPred::FUgt => uno || gt,
        CmpPred::FUge => uno || gt || eq,
        CmpPred::FUlt => uno || lt,
        CmpPred::FUle => uno || lt || eq,
        CmpPred::FUne => uno || lt || gt,
        CmpPred::FTrue => true,
        _ => return None,
    })
}

/// `CmpInst::isTrueWhenEqual`.
fn true_when_equal(p: CmpPred) -> bool {
    matches!(
        p,
        CmpPred::Eq
            | CmpPred::Uge
            | CmpPred::Ule
            | CmpPred::Sge
            | CmpPred::Sle
            | CmpPred::FUeq
            | CmpPred::FUge
            | CmpPred::FUle
            | CmpPred::FTrue
    )
}

/// The value of a `float` or `double` constant.
fn float_of(ctx: &Context, c: ConstId) -> Option<f64> {
    let Const::Float(t, bits) = *ctx.const_of(c) else { return None };
    match ctx.type_of(t) {
        Type::Float(FloatKind::Float) => Some(f32::from_bits(bits as u32) as f64),
        Type::Float(FloatKind::Double) => Some(f64::from_bits(bits as u64)),
        _ => None,
    }
}

/// `ConstantFoldCompareInstruction` for `icmp`/`fcmp` of constants `a` and `b`: integers,
/// `float`s and `double`s, and fixed vectors of them element by element; `None` when LLVM would
/// build the instruction (pointers and other types are not folded here).
pub fn fold_cmp(ctx: &mut Context, pred: CmpPred, a: ConstId, b: ConstId) -> Option<ConstId> {
    let ty = type_of(ctx, a);
    let rty = cmp_result_ty(ctx, ty);
    let is_int_pred = int_pred(pred, &APInt::zero(1), &APInt::zero(1)).is_some();
    if matches!(pred, CmpPred::FFalse) {
        return Some(null_value(ctx, rty));
    }
    if matches!(pred, CmpPred::FTrue) {
        return super::all_ones_value(ctx, rty);
    }
    if matches!(ctx.const_of(a), Const::Poison(_)) || matches!(ctx.const_of(b), Const::Poison(_)) {
        return Some(poison(ctx, rty));
    }
    if is_undef(ctx, a) || is_undef(ctx, b) {
        // An undef can be picked to make an equality pass or fail, and two undef integers too.
        if matches!(pred, CmpPred::Eq | CmpPred::Ne) || (is_int_pred && a == b) {
            return Some(ctx.konst(Const::Undef(rty)));
        }
        let v = APInt::from_u64(1, true_when_equal(pred) as u64);
        return Some(super::int_value(ctx, rty, v));
    }
    if let (Const::Int(_, x), Const::Int(_, y)) = (ctx.const_of(a), ctx.const_of(b)) {
        let r = int_pred(pred, x, y)?;
        let i1 = ctx.int_ty(1);
        return Some(ctx.konst(Const::Int(i1, APInt::from_u64(1, r as u64))));
    }
    if let (Some(x), Some(y)) = (float_of(ctx, a), float_of(ctx, b)) {
        let r = float_pred(pred, x, y)?;
        let i1 = ctx.int_ty(1);
        return Some(ctx.konst(Const::Int(i1, APInt::from_u64(1, r as u64))));
    }
    // `evaluateICmpRelation`: a constant is equal to itself (pointers included).
    if a == b && is_int_pred && vec_shape(ctx, ty).is_none() {
        let i1 = ctx.int_ty(1);
        return Some(ctx.konst(Const::Int(i1, APInt::from_u64(1, true_when_equal(pred) as u64))));
    }
    fold_lanes(ctx, ty, rty, a, b, |ctx, ea, eb| fold_cmp(ctx, pred, ea, eb))
}

/// A binary fold `f` lane by lane over two vector constants of type `ty` (a pair of splats folds
/// once), giving a vector of type `rty`; `None` when a lane does not fold.
fn fold_lanes(
    ctx: &mut Context,
    ty: TypeId,
    rty: TypeId,
    a: ConstId,
    b: ConstId,
    f: impl Fn(&mut Context, ConstId, ConstId) -> Option<ConstId>,
) -> Option<ConstId> {
    let shape = vec_shape(ctx, ty)?;
    if let (Some(sa), Some(sb)) = (splat_value(ctx, a), splat_value(ctx, b)) {
        let r = f(ctx, sa, sb)?;
        return Some(splat(ctx, rty, r));
    }
    if shape.scalable || shape.len as u64 > super::MAX_FOLD_ELEMENTS {
        return None;
    }
    let mut out = Vec::with_capacity(shape.len as usize);
    for i in 0..shape.len as u64 {
        let ea = aggregate_element(ctx, a, i)?;
        let eb = aggregate_element(ctx, b, i)?;
        out.push(f(ctx, ea, eb)?);
    }
    Some(vector(ctx, rty, out))
}

/// Whether `c` cannot be poison (`NotPoison` of `ConstantFoldSelectInstruction`).
fn not_poison(ctx: &Context, c: ConstId) -> bool {
    match ctx.const_of(c) {
        Const::Poison(_) | Const::Expr(_) => false,
        Const::Int(..) | Const::Float(..) | Const::Null(_) | Const::Global(..) => true,
        Const::Vector(_, elems) => elems
            .iter()
            .all(|&e| !matches!(ctx.const_of(e), Const::Poison(_) | Const::Expr(_)) && not_poison_elem(ctx, e)),
        Const::Splat(_, e) => not_poison_elem(ctx, *e),
        Const::Zero(t) => vec_shape(ctx, *t).is_some(),
        _ => false,
    }
}

/// An element of a vector that is no poison and no expression.
fn not_poison_elem(ctx: &Context, e: ConstId) -> bool {
    !matches!(ctx.const_of(e), Const::Poison(_) | Const::Expr(_))
}

/// `ConstantFoldSelectInstruction`: `select c, a, b` of constants, or `None`.
pub fn fold_select(ctx: &mut Context, c: ConstId, a: ConstId, b: ConstId) -> Option<ConstId> {
    if super::is_null(ctx, c) {
        return Some(b);
    }
    if super::is_all_ones(ctx, c) {
        return Some(a);
    }
    if let Const::Vector(_, conds) = ctx.const_of(c).clone() {
        let mut out = Vec::with_capacity(conds.len());
        for (i, &ce) in conds.iter().enumerate() {
            let ea = aggregate_element(ctx, a, i as u64)?;
            let eb = aggregate_element(ctx, b, i as u64)?;
            let v = match ctx.const_of(ce) {
                Const::Poison(_) => poison(ctx, type_of(ctx, ea)),
                _ if ea == eb => ea,
                Const::Undef(_) => {
                    if is_undef(ctx, ea) {
                        ea
                    } else {
                        eb
                    }
                }
                Const::Int(_, v) => {
                    if v.is_zero() {
                        eb
                    } else {
                        ea
                    }
                }
                _ => return None,
            };
            out.push(v);
        }
        let ty = type_of(ctx, a);
        return Some(vector(ctx, ty, out));
    }
    match ctx.const_of(c) {
        Const::Poison(_) => return Some(poison(ctx, type_of(ctx, a))),
        Const::Undef(_) => return Some(if is_undef(ctx, a) { a } else { b }),
        _ => {}
    }
    if a == b {
        return Some(a);
    }
    if matches!(ctx.const_of(a), Const::Poison(_)) {
        return Some(b);
    }
    if matches!(ctx.const_of(b), Const::Poison(_)) {
        return Some(a);
    }
    if is_undef(ctx, a) && not_poison(ctx, b) {
        return Some(b);
    }
    if is_undef(ctx, b) && not_poison(ctx, a) {
        return Some(a);
    }
    None
}

/// `fneg` of a constant: the sign bit flipped (`undef` and `poison` stay), element by element.
pub fn fold_fneg(ctx: &mut Context, c: ConstId) -> Option<ConstId> {
    match ctx.const_of(c).clone() {
        Const::Undef(_) | Const::Poison(_) => Some(c),
        Const::Float(t, bits) => {
            let Type::Float(k) = *ctx.type_of(t) else { return None };
            let sign = match k {
                FloatKind::X86Fp80 => 1u128 << 79,
                FloatKind::PpcFp128 => 1u128 << 63,
                k => 1u128 << (k.bits() - 1),
            };
            Some(ctx.konst(Const::Float(t, bits ^ sign)))
        }
        _ => {
            let t = type_of(ctx, c);
            let shape = vec_shape(ctx, t)?;
            if let Some(s) = splat_value(ctx, c) {
                let r = fold_fneg(ctx, s)?;
                return Some(splat(ctx, t, r));
            }
            if shape.scalable || shape.len as u64 > super::MAX_FOLD_ELEMENTS {
                return None;
            }
            let mut out = Vec::with_capacity(shape.len as usize);
            for i in 0..shape.len as u64 {
                let e = aggregate_element(ctx, c, i)?;
                out.push(fold_fneg(ctx, e)?);
            }
            Some(vector(ctx, t, out))
        }
    }
}

/// A `float` or `double` constant of type `t` with value `v`.
fn float_const(ctx: &mut Context, t: TypeId, v: f64) -> Option<ConstId> {
    let bits = match ctx.type_of(t) {
        Type::Float(FloatKind::Float) => (v as f32).to_bits() as u128,
        Type::Float(FloatKind::Double) => v.to_bits() as u128,
        Type::Float(FloatKind::Half) => round_to_ieee(v, 5, 10)? as u128,
        Type::Float(FloatKind::BFloat) => round_to_ieee(v, 8, 7)? as u128,
        _ => return None,
    };
    Some(ctx.konst(Const::Float(t, bits)))
}

/// The exponent and stored mantissa widths of an IEEE binary floating-point type.
fn ieee_format(ctx: &Context, t: TypeId) -> Option<(u32, u32)> {
    match ctx.type_of(t) {
        Type::Float(FloatKind::Half) => Some((5, 10)),
        Type::Float(FloatKind::BFloat) => Some((8, 7)),
        Type::Float(FloatKind::Float) => Some((8, 23)),
        Type::Float(FloatKind::Double) => Some((11, 52)),
        _ => None,
    }
}

/// A NaN converted between IEEE formats as APFloat's `convert` does: a signaling NaN is made
/// quiet, and the payload keeps its high bits (shifted to the new mantissa width).
fn convert_nan((se, sm): (u32, u32), (de, dm): (u32, u32), bits: u128) -> u128 {
    let sign = (bits >> (se + sm)) & 1;
    let mut frac = bits & ((1u128 << sm) - 1);
    frac |= 1u128 << (sm - 1);
    let frac = if dm >= sm { frac << (dm - sm) } else { frac >> (sm - dm) };
    (sign << (de + dm)) | (((1u128 << de) - 1) << dm) | frac
}

/// The bits of `v` in a narrower IEEE binary format with `exp_bits` exponent bits and
/// `mant_bits` stored mantissa bits, rounded once to nearest, ties to even (as APFloat's
/// `convert` rounds); `None` for NaN.
fn round_to_ieee(v: f64, exp_bits: u32, mant_bits: u32) -> Option<u64> {
    if v.is_nan() {
        return None;
    }
    let sign = (v.is_sign_negative() as u64) << (exp_bits + mant_bits);
    let a = v.abs();
    let bias = (1i32 << (exp_bits - 1)) - 1;
    let emin = 1 - bias;
    let inf = ((1u64 << exp_bits) - 1) << mant_bits;
    if a.is_infinite() {
        return Some(sign | inf);
    }
    // A `double` below the smallest normal `double` is far below half the smallest subnormal
    // of the narrower format.
    let raw_exp = ((a.to_bits() >> 52) & 0x7ff) as i32;
    if raw_exp == 0 {
        return Some(sign);
    }
    let e = (raw_exp - 1023).max(emin);
    // The value in units of the last place at exponent `e`, rounded to an integer; scaling by
    // powers of two is exact here.
    let ulp = e - mant_bits as i32;
    let q = (a * 2f64.powi(-ulp)).round_ties_even();
    let r = q * 2f64.powi(ulp);
    if r >= 2f64.powi(bias + 1) {
        return Some(sign | inf);
    }
    if r < 2f64.powi(emin) {
        // Subnormal (or zero): the mantissa in units of the smallest subnormal.
        return Some(sign | (r * 2f64.powi(mant_bits as i32 - emin)) as u64);
    }
    let re = (((r.to_bits() >> 52) & 0x7ff) as i32) - 1023;
    let mant = (r * 2f64.powi(mant_bits as i32 - re)) as u64 - (1u64 << mant_bits);
    Some(sign | (((re + bias) as u64) << mant_bits) | mant)
}

/// `fadd`, `fsub`, `fmul`, `fdiv` and `frem` of two `float`/`double` constants (or of vectors of
/// them, element by element): `None` for other types and operands.
pub fn fold_fp_binary(ctx: &mut Context, op: Opcode, a: ConstId, b: ConstId) -> Option<ConstId> {
    let t = type_of(ctx, a);
    if matches!(ctx.const_of(a), Const::Poison(_)) || matches!(ctx.const_of(b), Const::Poison(_)) {
        return Some(poison(ctx, t));
    }
    if let (Some(x), Some(y)) = (float_of(ctx, a), float_of(ctx, b)) {
        let single = matches!(ctx.type_of(t), Type::Float(FloatKind::Float));
        let r = if single {
            let (x, y) = (x as f32, y as f32);
            (match op {
                Opcode::FAdd => x + y,
                Opcode::FSub => x - y,
                Opcode::FMul => x * y,
                Opcode::FDiv => x / y,
                Opcode::FRem => x % y,
                _ => return None,
            }) as f64
        } else {
            match op {
                Opcode::FAdd => x + y,
                Opcode::FSub => x - y,
                Opcode::FMul => x * y,
                Opcode::FDiv => x / y,
                Opcode::FRem => x % y,
                _ => return None,
            }
        };
        if r.is_nan() {
            if x.is_nan() || y.is_nan() {
                // Which NaN operand APFloat keeps (and its quieting) is its business.
                return None;
            }
            // An invalid operation (0/0, inf-inf, 0*inf, x rem 0...) gives APFloat's default
            // NaN: positive, quiet, no payload (the host's may be negative).
            let bits = if single { 0x7fc0_0000 } else { 0x7ff8_0000_0000_0000 };
            return Some(ctx.konst(Const::Float(t, bits)));
        }
        return float_const(ctx, t, r);
    }
    fold_lanes(ctx, t, t, a, b, |ctx, ea, eb| fold_fp_binary(ctx, op, ea, eb))
}

/// `sitofp`/`uitofp` of an integer constant to `float`/`double`, `fpext` of a `float` to `double`,
/// `fptrunc` of a `double` to `float`, element by element for vectors: `None` otherwise.
pub fn fold_fp_cast(ctx: &mut Context, op: Opcode, c: ConstId, ty: TypeId) -> Option<ConstId> {
    match (op, ctx.const_of(c).clone()) {
        (_, Const::Poison(_)) => Some(poison(ctx, ty)),
        (Opcode::SIToFP | Opcode::UIToFP, Const::Int(_, v)) => {
            let signed = op == Opcode::SIToFP;
            let x = int_to_f64_exact(&v, signed)?;
            // Round once, from the exact value: exact in f64 when it has at most 53 bits.
            match ctx.type_of(ty) {
                Type::Float(FloatKind::Double) => float_const(ctx, ty, x),
                Type::Float(FloatKind::Float) if x.abs() < (1u64 << 53) as f64 => float_const(ctx, ty, x),
                _ => None,
            }
        }
        (Opcode::FPExt | Opcode::FPTrunc, Const::Float(src, bits)) => {
            let x = float_of(ctx, c)?;
            if x.is_nan() {
                let raw = convert_nan(ieee_format(ctx, src)?, ieee_format(ctx, ty)?, bits);
                return Some(ctx.konst(Const::Float(ty, raw)));
            }
            float_const(ctx, ty, x)
        }
        (_, Const::Zero(_)) if matches!(op, Opcode::SIToFP | Opcode::UIToFP | Opcode::FPExt | Opcode::FPTrunc) => {
            Some(null_value(ctx, ty))
        }
        _ => {
            let src = type_of(ctx, c);
            let shape = vec_shape(ctx, src)?;
            let dst = vec_shape(ctx, ty)?;
            if let Some(s) = splat_value(ctx, c) {
                let r = fold_fp_cast(ctx, op, s, dst.elem)?;
                return Some(splat(ctx, ty, r));
            }
            if shape.scalable || shape.len as u64 > super::MAX_FOLD_ELEMENTS {
                return None;
            }
            let mut out = Vec::with_capacity(shape.len as usize);
            for i in 0..shape.len as u64 {
                let e = aggregate_element(ctx, c, i)?;
                out.push(fold_fp_cast(ctx, op, e, dst.elem)?);
            }
            Some(vector(ctx, ty, out))
        }
    }
}

/// The value of an integer of at most 53 significant bits, exactly (`None` when it has more).
fn int_to_f64_exact(v: &APInt, signed: bool) -> Option<f64> {
    let w = v.width();
    if w > 64 {
        return None;
    }
    let raw = v.low_u64();
    let x = if signed && w > 0 {
        let shift = 64 - w;
        (((raw << shift) as i64) >> shift) as f64
    } else {
        raw as f64
    };
    // Exact only when the magnitude fits in 53 bits.
    let mag = if signed && w > 0 { (((raw << (64 - w)) as i64) >> (64 - w)).unsigned_abs() } else { raw };
    (mag < (1u64 << 53)).then_some(x)
}
