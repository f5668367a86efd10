//! Which attributes a value of a given type may carry: LLVM's
//! `AttributeFuncs::typeIncompatible` (`llvm/lib/IR/Attributes.cpp`), used by the verifier
//! (an incompatible attribute is an error) and by AutoUpgrade (which removes them from old IR).

use super::{AttrArg, AttrsId};
use crate::context::Context;
use crate::types::{Type, TypeId};

/// The attributes that need an integer.
const NEED_INT: [&str; 3] = ["allocalign", "signext", "zeroext"];

/// The attributes that need a pointer.
const NEED_PTR: [&str; 20] = [
    "noalias",
    "nonnull",
    "readnone",
    "readonly",
    "dereferenceable",
    "dereferenceable_or_null",
    "writable",
    "dead_on_unwind",
    "initializes",
    "captures",
    "dead_on_return",
    "nest",
    "swifterror",
    "preallocated",
    "inalloca",
    "byval",
    "sret",
    "byref",
    "elementtype",
    "allocptr",
];

/// `AttributeFuncs::typeIncompatible(Ty, AS)` with both safety kinds: the keywords of the
/// (non-string) attributes that cannot apply to a value of type `ty`. `set` is the set the
/// attributes come from: its `range`, if any, must be as wide as `ty`'s elements.
pub fn type_incompatible(ctx: &Context, ty: TypeId, set: AttrsId) -> Vec<&'static str> {
    let scalar = scalar_type(ctx, ty);
    let int_bits = |t: TypeId| match ctx.type_of(t) {
        Type::Int(n) => Some(*n),
        _ => None,
    };
    let mut out = Vec::new();
    if int_bits(ty).is_none() {
        out.extend(NEED_INT);
    }
    match int_bits(scalar) {
        None => out.push("range"),
        Some(width) => {
            let range = ctx.attrs_of(set).iter().find_map(|a| match a.arg {
                AttrArg::Range(rt, ..) if ctx.name(a.kind) == b"range" => Some(rt),
                _ => None,
            });
            if range.is_some_and(|rt| int_bits(rt) != Some(width)) {
                out.push("range");
            }
        }
    }
    if !matches!(ctx.type_of(ty), Type::Ptr(_)) {
        out.extend(NEED_PTR);
    }
    if !matches!(ctx.type_of(scalar), Type::Ptr(_)) {
        out.push("align");
    }
    if !is_no_fp_class_compatible(ctx, ty) {
        out.push("nofpclass");
    }
    if ctx.is_void(ty) {
        out.push("noundef");
    }
    out
}

/// `AttributeFuncs::isNoFPClassCompatibleType` (`FPMathOperator::isSupportedFloatingPointType`):
/// a floating-point scalar or vector, an array (of arrays) of one, or a literal struct whose
/// elements are all the same such type.
pub fn is_no_fp_class_compatible(ctx: &Context, ty: TypeId) -> bool {
    let mut ty = ty;
    match ctx.type_of(ty) {
        Type::Struct { elems, .. } => {
            let Some(&first) = elems.first() else { return false };
            if elems.iter().any(|&e| e != first) {
                return false;
            }
            ty = first;
        }
        Type::Array(..) => {
            let mut depth = 0;
            while let Type::Array(_, elem) = ctx.type_of(ty) {
                ty = *elem;
                depth += 1;
                if depth > 1000 {
                    return false;
                }
            }
        }
        _ => {}
    }
    matches!(ctx.type_of(scalar_type(ctx, ty)), Type::Float(_))
}

/// `getScalarType`: the element type of a vector, else the type itself.
fn scalar_type(ctx: &Context, ty: TypeId) -> TypeId {
    match ctx.type_of(ty) {
        Type::Vector { elem, .. } => *elem,
        _ => ty,
    }
}

/// `AttributeSet::removeAttributes(typeIncompatible(ty, set))`: `set` without the attributes a
/// value of type `ty` cannot carry (the same set when it has none).
pub fn remove_type_incompatible(ctx: &mut Context, ty: TypeId, set: AttrsId) -> AttrsId {
    if set == AttrsId::EMPTY {
        return set;
    }
    let bad = type_incompatible(ctx, ty, set);
    let is_bad = |ctx: &Context, a: &super::Attr| {
        !matches!(a.arg, AttrArg::Str(_)) && bad.iter().any(|k| k.as_bytes() == ctx.name(a.kind))
    };
    if !ctx.attrs_of(set).iter().any(|a| is_bad(ctx, a)) {
        return set;
    }
    let kept: Vec<super::Attr> = ctx.attrs_of(set).iter().filter(|a| !is_bad(ctx, a)).cloned().collect();
    ctx.attrs(kept)
}
