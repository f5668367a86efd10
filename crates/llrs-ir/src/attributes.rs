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

/// Attribute keywords in the order of LLVM 22's `Attribute::AttrKind` enum, which is the order of
/// attributes in every attribute set LLVM builds (and prints): enum attributes, then type,
/// integer, constant-range and constant-range-list attributes, each group sorted by the
/// attribute's TableGen record name (`Attributes.td`). String attributes come after all of
/// these, sorted by key and then value.
pub const ATTR_KIND_ORDER: &[&str] = &[
    "allocalign",
    "allocptr",
    "alwaysinline",
    "builtin",
    "cold",
    "convergent",
    "coro_only_destroy_when_complete",
    "coro_elide_safe",
    "dead_on_return",
    "dead_on_unwind",
    "disable_sanitizer_instrumentation",
    "fn_ret_thunk_extern",
    "hot",
    "hybrid_patchable",
    "immarg",
    "inreg",
    "inlinehint",
    "jumptable",
    "minsize",
    "mustprogress",
    "naked",
    "nest",
    "noalias",
    "nobuiltin",
    "nocallback",
    "nocf_check",
    "nocreateundeforpoison",
    "nodivergencesource",
    "noduplicate",
    "noext",
    "nofree",
    "noimplicitfloat",
    "noinline",
    "nomerge",
    "noprofile",
    "norecurse",
    "noredzone",
    "noreturn",
    "nosanitize_bounds",
    "nosanitize_coverage",
    "nosync",
    "noundef",
    "nounwind",
    "nonlazybind",
    "nonnull",
    "null_pointer_is_valid",
    "optforfuzzing",
    "optdebug",
    "optsize",
    "optnone",
    "presplitcoroutine",
    "readnone",
    "readonly",
    "returned",
    "returns_twice",
    "signext",
    "safestack",
    "sanitize_address",
    "sanitize_alloc_token",
    "sanitize_hwaddress",
    "sanitize_memtag",
    "sanitize_memory",
    "sanitize_numerical_stability",
    "sanitize_realtime",
    "sanitize_realtime_blocking",
    "sanitize_thread",
    "sanitize_type",
    "shadowcallstack",
    "skipprofile",
    "speculatable",
    "speculative_load_hardening",
    "ssp",
    "sspreq",
    "sspstrong",
    "strictfp",
    "swiftasync",
    "swifterror",
    "swiftself",
    "willreturn",
    "writable",
    "writeonly",
    "zeroext",
    "byref",
    "byval",
    "elementtype",
    "inalloca",
    "preallocated",
    "sret",
    "align",
    "allockind",
    "allocsize",
    "captures",
    "dereferenceable",
    "dereferenceable_or_null",
    "flatten_depth",
    "memory",
    "nofpclass",
    "alignstack",
    "uwtable",
    "vscale_range",
    "range",
    "initializes",
];

/// The rank of an attribute keyword in [`ATTR_KIND_ORDER`] (unknown keywords after every known
/// one, in a stable position).
pub fn attr_kind_rank(kind: &[u8]) -> usize {
    ATTR_KIND_ORDER.iter().position(|k| k.as_bytes() == kind).unwrap_or(ATTR_KIND_ORDER.len())
}
