//! `Type::isSized` and `Type::isScalableTy`, with LLVM's memory of the structs found sized: a
//! struct is sized when each of its fields is (and none is scalable, unless all are the same
//! scalable vector type); a struct met again inside itself is not.

use llrs_ir::datalayout::DataLayout;
use llrs_ir::{Context, Type, TypeId};
use rustc_hash::FxHashMap;

/// How deep a type may nest before it is taken as unsized.
const MAX_DEPTH: u32 = 512;

/// `Type::isSized`.
pub(crate) fn is_sized(dl: &DataLayout, ctx: &Context, t: TypeId) -> bool {
    Sizer { dl, ctx, structs: FxHashMap::default(), scalable: FxHashMap::default() }.sized(t, 0)
}

/// `Type::isScalableTy`.
pub(crate) fn is_scalable(dl: &DataLayout, ctx: &Context, t: TypeId) -> bool {
    Sizer { dl, ctx, structs: FxHashMap::default(), scalable: FxHashMap::default() }.is_scalable(t, 0)
}

/// One query, with what is known of the structs met so far (`false` while one is being
/// looked into, as LLVM's `Visited` set).
struct Sizer<'a> {
    dl: &'a DataLayout,
    ctx: &'a Context,
    structs: FxHashMap<TypeId, bool>,
    /// `isScalableTy` of the structs met so far.
    scalable: FxHashMap<TypeId, bool>,
}

impl Sizer<'_> {
    fn sized(&mut self, t: TypeId, depth: u32) -> bool {
        if depth > MAX_DEPTH {
            return false;
        }
        let elems: &[TypeId] = match self.ctx.type_of(t) {
            Type::Int(_) | Type::Float(_) | Type::Ptr(_) | Type::X86Amx => return true,
            Type::Array(_, elem) | Type::Vector { elem, .. } => return self.sized(*elem, depth + 1),
            Type::TargetExt { .. } => return self.dl.is_sized(self.ctx, t),
            Type::Struct { elems, .. } => elems,
            Type::Named(s) => match self.ctx.structs.get(*s).and_then(|d| d.body.as_ref()) {
                Some(body) => &body.elems,
                None => return false,
            },
            _ => return false,
        };
        if let Some(&known) = self.structs.get(&t) {
            return known;
        }
        self.structs.insert(t, false);
        let homogeneous_scalable =
            matches!(elems.first().map(|&e| self.ctx.type_of(e)), Some(Type::Vector { scalable: true, .. }))
                && elems.iter().all(|&e| Some(&e) == elems.first());
        let sized =
            homogeneous_scalable || elems.iter().all(|&e| !self.is_scalable(e, depth + 1) && self.sized(e, depth + 1));
        self.structs.insert(t, sized);
        sized
    }

    /// `Type::isScalableTy`: a scalable vector, a target type laid out as one, or an array or
    /// struct holding one.
    fn is_scalable(&mut self, t: TypeId, depth: u32) -> bool {
        if depth > MAX_DEPTH {
            return false;
        }
        let elems: &[TypeId] = match self.ctx.type_of(t) {
            Type::Vector { scalable, .. } => return *scalable,
            Type::Array(_, elem) => return self.is_scalable(*elem, depth + 1),
            Type::TargetExt { .. } => return self.dl.is_scalable(self.ctx, t),
            Type::Struct { elems, .. } => elems,
            Type::Named(s) => match self.ctx.structs.get(*s).and_then(|d| d.body.as_ref()) {
                Some(body) => &body.elems,
                None => return false,
            },
            _ => return false,
        };
        if let Some(&known) = self.scalable.get(&t) {
            return known;
        }
        self.scalable.insert(t, false);
        let scalable = elems.iter().any(|&e| self.is_scalable(e, depth + 1));
        self.scalable.insert(t, scalable);
        scalable
    }
}
