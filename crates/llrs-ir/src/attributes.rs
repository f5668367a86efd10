//! Attributes and attribute sets, uniqued in the [`crate::Context`].

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

/// Per-location memory access kinds of `memory(...)`, two bits each (1 = read, 2 = write).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct MemoryEffects(pub u32);

/// The memory locations of [`MemoryEffects`], in LLVM's order.
pub const MEMORY_LOCATIONS: &[&str] = &["argmem", "inaccessiblemem", "errnomem", "other", "target_mem0", "target_mem1"];

impl MemoryEffects {
    /// Access kind of location `loc` (an index into [`MEMORY_LOCATIONS`]).
    pub fn get(self, loc: usize) -> u32 {
        (self.0 >> (2 * loc)) & 3
    }
    /// Sets the access kind of location `loc`.
    pub fn set(&mut self, loc: usize, mr: u32) {
        self.0 = (self.0 & !(3 << (2 * loc))) | ((mr & 3) << (2 * loc));
    }
    /// The same access kind at every location.
    pub fn uniform(mr: u32) -> Self {
        let mut m = MemoryEffects(0);
        for i in 0..MEMORY_LOCATIONS.len() {
            m.set(i, mr);
        }
        m
    }
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
    /// Any other structured argument (`captures(...)`, `nofpclass(...)`, `initializes(...)`,
    /// `uwtable(sync)`, `allockind("...")`, ...) in its canonical printed form, without the keyword.
    Text(Symbol),
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
