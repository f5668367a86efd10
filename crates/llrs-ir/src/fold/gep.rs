//! `getelementptr`: `ConstantExpr::getGetElementPtr` and `ConstantFoldGetElementPtr`.

use super::{
    int_of, intern, is_null, is_struct, is_undef, is_vector, poison, splat, splat_value, struct_field, type_of, undef,
    vec_shape, GepInfo,
};
use crate::constants::{Const, ConstExpr, ConstId};
use crate::context::Context;
use crate::instructions::Opcode;
use crate::types::{Type, TypeId};
use smallvec::SmallVec;

/// `GetElementPtrInst::getGEPReturnType`: the base's (vector of) pointer type, a vector of
/// pointers when the base or any index is a vector.
pub fn gep_result_type(ctx: &mut Context, base: ConstId, indices: &[ConstId]) -> TypeId {
    let bt = type_of(ctx, base);
    if is_vector(ctx, bt) {
        return bt;
    }
    for &i in indices {
        if let Some(s) = vec_shape(ctx, type_of(ctx, i)) {
            return ctx.ty(Type::Vector { scalable: s.scalable, len: s.len, elem: bt });
        }
    }
    bt
}

/// `ConstantExpr::getGetElementPtr`: folded when LLVM folds it; otherwise the expression, with
/// LLVM's canonical indices when the result is a vector: scalar indices into arrays, vectors and
/// the pointer are splatted, and vector indices into structs become their splatted value.
pub fn get_gep(ctx: &mut Context, gep: &GepInfo, base: ConstId, indices: &[ConstId]) -> ConstId {
    if let Some(f) = fold_gep(ctx, gep, base, indices) {
        return f;
    }
    let ty = gep_result_type(ctx, base, indices);
    let count = vec_shape(ctx, ty);
    let mut ops: SmallVec<[ConstId; 3]> = SmallVec::with_capacity(indices.len() + 1);
    ops.push(base);
    // The type the next index steps into; `None` before the first index (the pointer).
    let mut cur: Option<TypeId> = None;
    let mut known = true;
    for &idx in indices {
        let (is_struct_step, next) = match cur {
            None => (false, Some(gep.source_ty)),
            Some(t) if is_struct(ctx, t) => {
                let v = int_of(ctx, idx).cloned().or_else(|| {
                    let s = splat_value(ctx, idx)?;
                    int_of(ctx, s).cloned()
                });
                (true, v.and_then(|v| v.to_u64()).and_then(|i| struct_field(ctx, t, i)))
            }
            Some(t) => match ctx.type_of(t) {
                Type::Array(_, e) => (false, Some(*e)),
                Type::Vector { elem, .. } => (false, Some(*elem)),
                _ => (false, None),
            },
        };
        let idx_is_vec = is_vector(ctx, type_of(ctx, idx));
        let mut op = idx;
        if known {
            if is_struct_step && idx_is_vec {
                if let Some(s) = splat_value(ctx, idx) {
                    op = s;
                }
            } else if !is_struct_step && !idx_is_vec {
                if let Some(s) = count.filter(|s| s.len > 0) {
                    let vt_idx = type_of(ctx, idx);
                    let vt = ctx.ty(Type::Vector { scalable: s.scalable, len: s.len, elem: vt_idx });
                    op = splat(ctx, vt, idx);
                }
            }
        }
        ops.push(op);
        cur = next;
        known &= next.is_some();
    }
    let e = ConstExpr {
        op: Opcode::GetElementPtr,
        ty,
        flags: gep.flags,
        operands: ops,
        source_ty: Some(gep.source_ty),
        inrange: gep.inrange.clone(),
        pred: None,
    };
    intern(ctx, e)
}

/// `ConstantFoldGetElementPtr`: no indices, or a poison or undef base, or indices that are all
/// null or undef (without `inrange`) fold; the last to the base, splatted when the result is a
/// vector and the base is not.
pub fn fold_gep(ctx: &mut Context, gep: &GepInfo, base: ConstId, indices: &[ConstId]) -> Option<ConstId> {
    if indices.is_empty() {
        return Some(base);
    }
    let ty = gep_result_type(ctx, base, indices);
    match ctx.const_of(base) {
        Const::Poison(_) => return Some(poison(ctx, ty)),
        Const::Undef(_) => return Some(undef(ctx, ty)),
        _ => {}
    }
    let no_op = gep.inrange.is_none() && indices.iter().all(|&i| is_null(ctx, i) || is_undef(ctx, i));
    if !no_op {
        return None;
    }
    let bt = type_of(ctx, base);
    if is_vector(ctx, ty) && !is_vector(ctx, bt) {
        return Some(splat(ctx, ty, base));
    }
    Some(base)
}

/// `GetElementPtrInst::getIndexedType`: the type `indices` (the first one steps over the
/// pointer) select in `source_ty`, or `None` when they do not index it: a struct takes an `i32`
/// constant (or a fixed splat of one) below its field count; arrays and vectors take any index.
pub fn gep_indexed_type(ctx: &mut Context, source_ty: TypeId, indices: &[ConstId]) -> Option<TypeId> {
    let mut cur = source_ty;
    for &idx in indices.iter().skip(1) {
        cur = if is_struct(ctx, cur) {
            let it = type_of(ctx, idx);
            let shape = vec_shape(ctx, it);
            let elem = shape.map_or(it, |s| s.elem);
            if !matches!(ctx.type_of(elem), Type::Int(32)) || shape.is_some_and(|s| s.scalable) {
                return None;
            }
            let c = if shape.is_some() { splat_value(ctx, idx)? } else { idx };
            let i = int_of(ctx, c)?.to_u64()?;
            struct_field(ctx, cur, i)?
        } else {
            match ctx.type_of(cur) {
                Type::Array(_, e) => *e,
                Type::Vector { elem, .. } => *elem,
                _ => return None,
            }
        };
    }
    Some(cur)
}
