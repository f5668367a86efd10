//! Attributes and attribute sets, uniqued in the [`crate::Context`].
//!
//! Every argument is held as a structure a user can build and inspect, as LLVM holds it:
//! [`MemoryEffects`], [`CaptureInfo`], [`FPClassTest`], [`ConstantRangeList`], [`UwTableKind`],
//! [`AllocFnKind`]; only string attributes (`"key"="value"`) hold text.

mod captures;
mod fpclass;
mod info;
mod kinds;
mod memory;
mod range_list;
mod type_compat;

pub use captures::{CaptureComponents, CaptureInfo};
pub use fpclass::FPClassTest;
pub use info::{all_attrs, attr_info, AttrClass, AttrInfo};
pub use kinds::{AllocFnKind, UwTableKind};
pub use memory::{MemoryEffects, MEMORY_LOCATIONS};
pub use range_list::{ConstantRangeList, OffsetRange, RangeListError};
pub use type_compat::{is_no_fp_class_compatible, remove_type_incompatible, type_incompatible};

use crate::apint::APInt;
use crate::entity_id;
use crate::symbol::Symbol;
use crate::types::TypeId;

entity_id!(
    /// A uniqued attribute set (possibly empty: [`AttrsId::EMPTY`]).
    AttrsId
);

impl Default for AttrsId {
    fn default() -> Self {
        AttrsId::EMPTY
    }
}

impl AttrsId {
    /// The empty set, always id 0.
    pub const EMPTY: AttrsId = AttrsId(0);
}

/// One attribute: a kind and its argument.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Attr {
    /// The keyword (`nounwind`, `align`, `memory`, ...), or the key of a string attribute.
    pub kind: Symbol,
    /// The argument.
    pub arg: AttrArg,
}

/// The argument of an attribute.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum AttrArg {
    /// None: `nounwind`.
    None,
    /// An integer: `align 8`, `dereferenceable(16)`, `alignstack(4)`.
    Int(u64),
    /// A type: `byval(%T)`, `sret(i32)`, `elementtype(i8)`.
    Type(TypeId),
    /// A string attribute's value: `"key"="value"`; `None` for `"key"`.
    Str(Option<Symbol>),
    /// `memory(...)`.
    Memory(MemoryEffects),
    /// `range(iN lo, hi)`.
    Range(TypeId, APInt, APInt),
    /// `allocsize(n[, m])`.
    AllocSize(u32, Option<u32>),
    /// `vscale_range(min, max)`.
    VScale(u32, u32),
    /// `captures(...)` (and the old `nocapture`, which is `captures(none)`).
    Captures(CaptureInfo),
    /// `nofpclass(...)`.
    NoFPClass(FPClassTest),
    /// `initializes((lo, hi), ...)`.
    Initializes(ConstantRangeList),
    /// `uwtable` / `uwtable(sync)` / `uwtable(async)`.
    UwTable(UwTableKind),
    /// `allockind("...")`.
    AllocKind(AllocFnKind),
}

impl AttrArg {
    /// True for the arguments LLVM treats as no attribute at all (`AttrBuilder` drops an
    /// attribute whose integer value is 0): [`UwTableKind::None`], [`AllocFnKind::UNKNOWN`] and an
    /// empty [`FPClassTest`]. [`crate::Context::attrs`] leaves them out of a set.
    pub fn is_void(&self) -> bool {
        match self {
            AttrArg::UwTable(k) => *k == UwTableKind::None,
            AttrArg::AllocKind(k) => k.is_unknown(),
            AttrArg::NoFPClass(t) => t.is_empty(),
            _ => false,
        }
    }
}

/// The rank of an attribute keyword in LLVM's `Attribute::AttrKind` order
/// ([`crate::attr_order::ATTR_KINDS`]); unknown keywords come after every known one.
pub fn attr_kind_rank(kind: &[u8]) -> usize {
    crate::attr_order::attr_kind_rank(kind).map_or(usize::MAX - 1, |r| r as usize)
}

/// LLVM's order of attributes in a set: by kind, string attributes last by key then value.
pub fn attr_cmp(names: &crate::symbol::Interner, a: &Attr, b: &Attr) -> std::cmp::Ordering {
    let key = |x: &Attr| match x.arg {
        AttrArg::Str(_) => usize::MAX,
        _ => attr_kind_rank(names.get(x.kind)),
    };
    key(a).cmp(&key(b)).then_with(|| match (&a.arg, &b.arg) {
        (AttrArg::Str(va), AttrArg::Str(vb)) => {
            let val = |v: &Option<crate::symbol::Symbol>| v.map(|s| names.get(s)).unwrap_or(b"");
            names.get(a.kind).cmp(names.get(b.kind)).then_with(|| val(va).cmp(val(vb)))
        }
        _ => std::cmp::Ordering::Equal,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Context;

    #[test]
    fn void_arguments_leave_the_set() {
        let mut c = Context::default();
        let uw = c.sym("uwtable");
        let nounwind = c.sym("nounwind");
        let sync = Attr { kind: uw, arg: AttrArg::UwTable(UwTableKind::Sync) };
        let none = Attr { kind: uw, arg: AttrArg::UwTable(UwTableKind::None) };
        let nu = Attr { kind: nounwind, arg: AttrArg::None };
        assert_eq!(c.attrs(vec![none.clone()]), AttrsId::EMPTY);
        // The last one wins, then a void one removes its kind.
        let a = c.attrs(vec![sync.clone(), none, nu.clone()]);
        assert_eq!(c.attrs_of(a), std::slice::from_ref(&nu));
        let b = c.attrs(vec![sync.clone(), nu.clone()]);
        assert_eq!(c.attrs_of(b), [nu, sync]);
        assert!(AttrArg::NoFPClass(FPClassTest::NONE).is_void());
        assert!(AttrArg::AllocKind(AllocFnKind::UNKNOWN).is_void());
        assert!(!AttrArg::Captures(CaptureInfo::NONE).is_void());
    }
}
