//! Binary operators: `ConstantExpr::get` and `ConstantFoldBinaryInstruction`.

use super::{
    all_ones_value, expr, float_kind, float_value, get_extract_element, i32_const, int_of, int_value, intern, is_expr,
    is_null, is_undef, null_value, poison, splat, splat_int, splat_value, type_of, undef, vec_shape, vector,
    MAX_FOLD_ELEMENTS,
};
use crate::apint::APInt;
use crate::constants::{Const, ConstId};
use crate::context::Context;
use crate::instructions::Opcode;
use crate::types::{FloatKind, Type, TypeId};

/// `ConstantExpr::get`: the binary operator `op` on `a` and `b` (of one type), folded when LLVM
/// folds it, otherwise the interned expression with `flags`.
pub fn get_binary(ctx: &mut Context, op: Opcode, a: ConstId, b: ConstId, flags: u16) -> ConstId {
    match fold_binary(ctx, op, a, b) {
        Some(f) => f,
        None => {
            let ty = type_of(ctx, a);
            intern(ctx, expr(op, ty, flags, &[a, b]))
        }
    }
}

/// The operators LLVM 22 still makes constant expressions of (`isDesirableBinOp`).
fn is_desirable(op: Opcode) -> bool {
    matches!(op, Opcode::Add | Opcode::Sub | Opcode::Xor)
}

fn is_commutative(op: Opcode) -> bool {
    use Opcode::*;
    matches!(op, Add | Mul | And | Or | Xor | FAdd | FMul)
}

fn is_associative(op: Opcode) -> bool {
    use Opcode::*;
    matches!(op, Add | Mul | And | Or | Xor)
}

fn is_int_div_rem(op: Opcode) -> bool {
    use Opcode::*;
    matches!(op, UDiv | SDiv | URem | SRem)
}

/// Builds the expression when it may exist, otherwise only folds.
fn binary_maybe_undesirable(ctx: &mut Context, op: Opcode, a: ConstId, b: ConstId) -> Option<ConstId> {
    if is_desirable(op) {
        Some(get_binary(ctx, op, a, b, 0))
    } else {
        fold_binary(ctx, op, a, b)
    }
}

/// The bits of 1.0 in a floating-point format.
fn float_one(k: FloatKind) -> u128 {
    match k {
        FloatKind::Half => 0x3c00,
        FloatKind::BFloat => 0x3f80,
        FloatKind::Float => 0x3f80_0000,
        FloatKind::Double | FloatKind::PpcFp128 => 0x3ff0_0000_0000_0000,
        FloatKind::X86Fp80 => 0x3fff_8000_0000_0000_0000,
        FloatKind::Fp128 => 0x3fff << 112,
    }
}

/// The bits of -0.0 in a floating-point format.
fn float_neg_zero(k: FloatKind) -> u128 {
    match k {
        FloatKind::PpcFp128 => 1 << 63,
        k => 1 << (k.bits() - 1),
    }
}

/// The bits of LLVM's default quiet NaN in a floating-point format.
fn float_nan(k: FloatKind) -> u128 {
    match k {
        FloatKind::Half => 0x7e00,
        FloatKind::BFloat => 0x7fc0,
        FloatKind::Float => 0x7fc0_0000,
        FloatKind::Double | FloatKind::PpcFp128 => 0x7ff8_0000_0000_0000,
        FloatKind::X86Fp80 => 0x7fff_c000_0000_0000_0000,
        FloatKind::Fp128 => (0x7fff << 112) | (1 << 111),
    }
}

fn scalar_float_kind(ctx: &Context, t: TypeId) -> Option<FloatKind> {
    float_kind(ctx, super::scalar_type(ctx, t))
}

fn int_one(ctx: &mut Context, t: TypeId) -> Option<ConstId> {
    match ctx.type_of(super::scalar_type(ctx, t)) {
        Type::Int(b) => {
            let b = *b;
            Some(int_value(ctx, t, APInt::from_u64(b, 1)))
        }
        _ => None,
    }
}

/// `ConstantExpr::getBinOpIdentity` (with `AllowRHSConstant` as given).
fn identity(ctx: &mut Context, op: Opcode, t: TypeId, allow_rhs: bool) -> Option<ConstId> {
    use Opcode::*;
    match op {
        Add | Or | Xor => Some(null_value(ctx, t)),
        Mul => int_one(ctx, t),
        And => all_ones_value(ctx, t),
        FAdd => scalar_float_kind(ctx, t).map(|k| float_value(ctx, t, float_neg_zero(k))),
        FMul => scalar_float_kind(ctx, t).map(|k| float_value(ctx, t, float_one(k))),
        _ if !allow_rhs => None,
        Sub | Shl | LShr | AShr | FSub => Some(null_value(ctx, t)),
        SDiv | UDiv => int_one(ctx, t),
        FDiv => scalar_float_kind(ctx, t).map(|k| float_value(ctx, t, float_one(k))),
        _ => None,
    }
}

/// `ConstantExpr::getBinOpAbsorber`.
fn absorber(ctx: &mut Context, op: Opcode, t: TypeId, allow_lhs: bool) -> Option<ConstId> {
    use Opcode::*;
    match op {
        Or => all_ones_value(ctx, t),
        And | Mul => Some(null_value(ctx, t)),
        Shl | LShr | AShr | SDiv | UDiv | URem | SRem if allow_lhs => Some(null_value(ctx, t)),
        _ => None,
    }
}

/// `ConstantFoldBinaryInstruction`: the folded operation, or `None` when LLVM keeps the
/// expression.
///
/// Rules, in LLVM's order: identities (`x + 0`, `x ^ 0`, `x - 0`, `x * 1`, ...); poison
/// operands; undef operands of scalars and scalable vectors (`undef ^ undef` is 0, `x + undef`
/// is undef, ...); absorbers and division by 0 or 1 with a constant integer on the right; a
/// constant integer on the left of a commutative operator moves to the right; two integers
/// compute; vectors fold as splats or element by element; `(a op b) op c` becomes
/// `a op (b op c)` when `b op c` folds to something else; `i1` arithmetic becomes `xor`.
pub fn fold_binary(ctx: &mut Context, op: Opcode, c1: ConstId, c2: ConstId) -> Option<ConstId> {
    let ty = type_of(ctx, c1);
    if let Some(id) = identity(ctx, op, ty, false) {
        if c1 == id {
            return Some(c2);
        }
        if c2 == id {
            return Some(c1);
        }
    } else if let Some(id) = identity(ctx, op, ty, true) {
        if c2 == id {
            return Some(c1);
        }
    }
    if matches!(ctx.const_of(c1), Const::Poison(_)) || matches!(ctx.const_of(c2), Const::Poison(_)) {
        return Some(poison(ctx, ty));
    }
    let vshape = vec_shape(ctx, ty);
    if vshape.is_none_or(|s| s.scalable) && (is_undef(ctx, c1) || is_undef(ctx, c2)) {
        return fold_undef(ctx, op, c1, c2);
    }
    if let Some(v2) = int_of(ctx, c2).cloned() {
        if absorber(ctx, op, ty, false) == Some(c2) {
            return Some(c2);
        }
        match op {
            Opcode::UDiv | Opcode::SDiv if v2.is_zero() => return Some(poison(ctx, ty)),
            Opcode::URem | Opcode::SRem if v2.is_one() => return Some(null_value(ctx, ty)),
            Opcode::URem | Opcode::SRem if v2.is_zero() => return Some(poison(ctx, ty)),
            // `and` of `ptrtoint @g` with a mask below @g's alignment needs the module.
            _ => {}
        }
    } else if int_of(ctx, c1).is_some() && is_commutative(op) {
        return binary_maybe_undesirable(ctx, op, c2, c1);
    }
    if let Some(v1) = int_of(ctx, c1).cloned() {
        if let Some(v2) = int_of(ctx, c2).cloned() {
            if let Some(r) = fold_ints(ctx, op, ty, &v1, &v2) {
                return Some(r);
            }
        }
        if absorber(ctx, op, ty, true) == Some(c1) {
            return Some(c1);
        }
    }
    // Two floats: arithmetic needs an exact APFloat (not reachable from a constant expression).
    if let Some(s) = vshape {
        if let Some(s2) = splat_value(ctx, c2) {
            if is_int_div_rem(op) && is_null(ctx, s2) {
                return Some(poison(ctx, ty));
            }
            if let Some(s1) = splat_value(ctx, c1) {
                let r = binary_maybe_undesirable(ctx, op, s1, s2)?;
                return Some(splat(ctx, ty, r));
            }
        }
        if !s.scalable {
            if s.len as u64 > MAX_FOLD_ELEMENTS {
                return None;
            }
            let mut out = Vec::with_capacity(s.len as usize);
            for i in 0..s.len as u64 {
                let idx = i32_const(ctx, i);
                let l = get_extract_element(ctx, c1, idx);
                let r = get_extract_element(ctx, c2, idx);
                out.push(binary_maybe_undesirable(ctx, op, l, r)?);
            }
            return Some(vector(ctx, ty, out));
        }
    }
    if is_expr(ctx, c1) {
        if let Const::Expr(e1) = ctx.const_of(c1) {
            if is_associative(op) && e1.op == op && e1.operands.len() == 2 {
                let (a, b) = (e1.operands[0], e1.operands[1]);
                let t = get_binary(ctx, op, b, c2, 0);
                let t_is_same_op = matches!(ctx.const_of(t), Const::Expr(e) if e.op == op);
                if !t_is_same_op {
                    return Some(get_binary(ctx, op, a, t, 0));
                }
            }
        }
    } else if is_expr(ctx, c2) && is_commutative(op) {
        return fold_binary(ctx, op, c2, c1);
    }
    if matches!(ctx.type_of(ty), Type::Int(1)) {
        use Opcode::*;
        match op {
            Add | Sub => return Some(get_binary(ctx, Xor, c1, c2, 0)),
            Shl | LShr | AShr | SDiv | UDiv => return Some(c1),
            URem | SRem => return Some(null_value(ctx, ty)),
            _ => {}
        }
    }
    None
}

/// Two integer operands.
fn fold_ints(ctx: &mut Context, op: Opcode, ty: TypeId, a: &APInt, b: &APInt) -> Option<ConstId> {
    use Opcode::*;
    let width = a.width();
    let shift_ok = b.ult_u64(width as u64);
    let r = match op {
        Add => a.add(b),
        Sub => a.sub(b),
        Mul => a.mul(b),
        UDiv => a.udiv(b)?,
        URem => a.urem(b)?,
        SDiv | SRem if b.is_all_ones() && a.is_signed_min() => return Some(poison(ctx, ty)),
        SDiv => a.sdiv(b)?,
        SRem => a.srem(b)?,
        And => a.and(b),
        Or => a.or(b),
        Xor => a.xor(b),
        Shl | LShr | AShr if !shift_ok => return Some(poison(ctx, ty)),
        Shl => a.shl(b.low_u64() as u32),
        LShr => a.lshr(b.low_u64() as u32),
        AShr => a.ashr(b.low_u64() as u32),
        _ => return None,
    };
    Some(ctx.konst(Const::Int(ty, r)))
}

/// Undef operands of a scalar or scalable-vector operation.
fn fold_undef(ctx: &mut Context, op: Opcode, c1: ConstId, c2: ConstId) -> Option<ConstId> {
    use Opcode::*;
    let ty = type_of(ctx, c1);
    let (u1, u2) = (is_undef(ctx, c1), is_undef(ctx, c2));
    let zero_or_undef = |ctx: &mut Context, c: ConstId| is_undef(ctx, c) || is_null(ctx, c);
    Some(match op {
        Xor if u1 && u2 => null_value(ctx, ty),
        Xor | Add | Sub => undef(ctx, ty),
        And if u1 && u2 => c1,
        And => null_value(ctx, ty),
        Mul if u1 && u2 => c1,
        Mul => {
            let odd = splat_int(ctx, c1).or_else(|| splat_int(ctx, c2)).is_some_and(|v| v.bit(0));
            if odd {
                undef(ctx, ty)
            } else {
                null_value(ctx, ty)
            }
        }
        SDiv | UDiv | URem | SRem if zero_or_undef(ctx, c2) => poison(ctx, ty),
        SDiv | UDiv | URem | SRem => null_value(ctx, ty),
        Or if u1 && u2 => c1,
        Or => all_ones_value(ctx, ty)?,
        LShr | AShr | Shl if u2 => poison(ctx, ty),
        LShr | AShr | Shl => null_value(ctx, ty),
        FSub if u2 && is_neg_zero(ctx, c1) => c2,
        FSub | FAdd | FMul | FDiv | FRem if u1 && u2 => c1,
        FSub | FAdd | FMul | FDiv | FRem => {
            let k = scalar_float_kind(ctx, ty)?;
            float_value(ctx, ty, float_nan(k))
        }
        _ => return None,
    })
}

/// `m_NegZeroFP`: -0.0, or a splat of it.
fn is_neg_zero(ctx: &mut Context, c: ConstId) -> bool {
    let s = if vec_shape(ctx, type_of(ctx, c)).is_some() { splat_value(ctx, c) } else { Some(c) };
    match s.map(|s| ctx.const_of(s).clone()) {
        Some(Const::Float(t, bits)) => float_kind(ctx, t).is_some_and(|k| bits == float_neg_zero(k)),
        _ => false,
    }
}
