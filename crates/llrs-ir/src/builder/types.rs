//! Type predicates the builder's checks use (LLVM's `Type::is*`).

use crate::context::Context;
use crate::types::{Type, TypeId};

/// `(scalable, len, elem)` of a vector type.
pub(crate) fn vec_shape(ctx: &Context, t: TypeId) -> Option<(bool, u32, TypeId)> {
    match ctx.type_of(t) {
        Type::Vector { scalable, len, elem } => Some((*scalable, *len, *elem)),
        _ => None,
    }
}

/// The element type of a vector, the type itself otherwise.
pub(crate) fn scalar(ctx: &Context, t: TypeId) -> TypeId {
    vec_shape(ctx, t).map_or(t, |s| s.2)
}

pub(crate) fn is_int(ctx: &Context, t: TypeId) -> bool {
    matches!(ctx.type_of(t), Type::Int(_))
}

pub(crate) fn is_fp(ctx: &Context, t: TypeId) -> bool {
    matches!(ctx.type_of(t), Type::Float(_))
}

pub(crate) fn is_ptr(ctx: &Context, t: TypeId) -> bool {
    matches!(ctx.type_of(t), Type::Ptr(_))
}

pub(crate) fn is_int_or_vec(ctx: &Context, t: TypeId) -> bool {
    is_int(ctx, scalar(ctx, t))
}

pub(crate) fn is_fp_or_vec(ctx: &Context, t: TypeId) -> bool {
    is_fp(ctx, scalar(ctx, t))
}

pub(crate) fn is_ptr_or_vec(ctx: &Context, t: TypeId) -> bool {
    is_ptr(ctx, scalar(ctx, t))
}

pub(crate) fn is_bool_or_vec(ctx: &Context, t: TypeId) -> bool {
    matches!(ctx.type_of(scalar(ctx, t)), Type::Int(1))
}

/// LLVM's `isFirstClassType`: anything but void, function types and opaque structs.
pub(crate) fn is_first_class(ctx: &Context, t: TypeId) -> bool {
    match ctx.type_of(t) {
        Type::Function { .. } | Type::Void => false,
        Type::Named(s) => ctx.structs.get(*s).is_some_and(|d| d.body.is_some()),
        _ => true,
    }
}

/// A first-class type that a value can have: not `label` or `metadata` either.
pub(crate) fn is_value_type(ctx: &Context, t: TypeId) -> bool {
    is_first_class(ctx, t) && !matches!(ctx.type_of(t), Type::Label | Type::Metadata)
}

/// An aggregate: array or struct.
pub(crate) fn is_aggregate(ctx: &Context, t: TypeId) -> bool {
    matches!(ctx.type_of(t), Type::Array(..) | Type::Struct { .. } | Type::Named(_))
}

/// The type at `idx` inside an aggregate (`ExtractValueInst::getIndexedType`).
pub(crate) fn indexed_type(ctx: &Context, mut t: TypeId, idx: &[u32]) -> Option<TypeId> {
    if idx.is_empty() {
        return None;
    }
    for &i in idx {
        t = match ctx.type_of(t) {
            Type::Array(n, e) => {
                if u64::from(i) >= *n {
                    return None;
                }
                *e
            }
            Type::Struct { elems, .. } => *elems.get(i as usize)?,
            Type::Named(s) => *ctx.structs.get(*s)?.body.as_ref()?.elems.get(i as usize)?,
            _ => return None,
        };
    }
    Some(t)
}

/// The fields of a struct type (literal or identified with a body).
pub(crate) fn struct_fields(ctx: &Context, t: TypeId) -> Option<&[TypeId]> {
    match ctx.type_of(t) {
        Type::Struct { elems, .. } => Some(elems),
        Type::Named(s) => Some(&ctx.structs.get(*s)?.body.as_ref()?.elems),
        _ => None,
    }
}
