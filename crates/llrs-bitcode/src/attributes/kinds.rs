//! The attribute kind codes of LLVM 22's reader (`getAttrFromCode`): the keyword each code
//! names, and the class the keyword has in LLVM 22's attribute table.
//!
//! Codes with no kind in the reader: 0, the old memory kinds (45, 49, 50: upgraded on a function
//! index only), `nocapture` (11: upgraded in an enum entry only), `hybrid_patchable` (95: written
//! by LLVM 22 but not read back, a bug fixed after 22) and everything from 106 on.

use llrs_ir::attributes::{attr_info, AttrClass};

use crate::codes::*;

/// The keyword of the attribute kind `code` names, if LLVM 22's reader maps it.
pub fn kind_name(code: u64) -> Option<&'static str> {
    let code = u32::try_from(code).ok()?;
    Some(match code {
        ATTR_KIND_ALIGNMENT => "align",
        ATTR_KIND_ALWAYS_INLINE => "alwaysinline",
        ATTR_KIND_BY_VAL => "byval",
        ATTR_KIND_INLINE_HINT => "inlinehint",
        ATTR_KIND_IN_REG => "inreg",
        ATTR_KIND_MIN_SIZE => "minsize",
        ATTR_KIND_NAKED => "naked",
        ATTR_KIND_NEST => "nest",
        ATTR_KIND_NO_ALIAS => "noalias",
        ATTR_KIND_NO_BUILTIN => "nobuiltin",
        ATTR_KIND_NO_DUPLICATE => "noduplicate",
        ATTR_KIND_NO_IMPLICIT_FLOAT => "noimplicitfloat",
        ATTR_KIND_NO_INLINE => "noinline",
        ATTR_KIND_NON_LAZY_BIND => "nonlazybind",
        ATTR_KIND_NO_RED_ZONE => "noredzone",
        ATTR_KIND_NO_RETURN => "noreturn",
        ATTR_KIND_NO_UNWIND => "nounwind",
        ATTR_KIND_OPTIMIZE_FOR_SIZE => "optsize",
        ATTR_KIND_READ_NONE => "readnone",
        ATTR_KIND_READ_ONLY => "readonly",
        ATTR_KIND_RETURNED => "returned",
        ATTR_KIND_RETURNS_TWICE => "returns_twice",
        ATTR_KIND_S_EXT => "signext",
        ATTR_KIND_STACK_ALIGNMENT => "alignstack",
        ATTR_KIND_STACK_PROTECT => "ssp",
        ATTR_KIND_STACK_PROTECT_REQ => "sspreq",
        ATTR_KIND_STACK_PROTECT_STRONG => "sspstrong",
        ATTR_KIND_STRUCT_RET => "sret",
        ATTR_KIND_SANITIZE_ADDRESS => "sanitize_address",
        ATTR_KIND_SANITIZE_THREAD => "sanitize_thread",
        ATTR_KIND_SANITIZE_MEMORY => "sanitize_memory",
        ATTR_KIND_UW_TABLE => "uwtable",
        ATTR_KIND_Z_EXT => "zeroext",
        ATTR_KIND_BUILTIN => "builtin",
        ATTR_KIND_COLD => "cold",
        ATTR_KIND_OPTIMIZE_NONE => "optnone",
        ATTR_KIND_IN_ALLOCA => "inalloca",
        ATTR_KIND_NON_NULL => "nonnull",
        ATTR_KIND_JUMP_TABLE => "jumptable",
        ATTR_KIND_DEREFERENCEABLE => "dereferenceable",
        ATTR_KIND_DEREFERENCEABLE_OR_NULL => "dereferenceable_or_null",
        ATTR_KIND_CONVERGENT => "convergent",
        ATTR_KIND_SAFESTACK => "safestack",
        ATTR_KIND_SWIFT_SELF => "swiftself",
        ATTR_KIND_SWIFT_ERROR => "swifterror",
        ATTR_KIND_NO_RECURSE => "norecurse",
        ATTR_KIND_ALLOC_SIZE => "allocsize",
        ATTR_KIND_WRITEONLY => "writeonly",
        ATTR_KIND_SPECULATABLE => "speculatable",
        ATTR_KIND_STRICT_FP => "strictfp",
        ATTR_KIND_SANITIZE_HWADDRESS => "sanitize_hwaddress",
        ATTR_KIND_NOCF_CHECK => "nocf_check",
        ATTR_KIND_OPT_FOR_FUZZING => "optforfuzzing",
        ATTR_KIND_SHADOWCALLSTACK => "shadowcallstack",
        ATTR_KIND_SPECULATIVE_LOAD_HARDENING => "speculative_load_hardening",
        ATTR_KIND_IMMARG => "immarg",
        ATTR_KIND_WILLRETURN => "willreturn",
        ATTR_KIND_NOFREE => "nofree",
        ATTR_KIND_NOSYNC => "nosync",
        ATTR_KIND_SANITIZE_MEMTAG => "sanitize_memtag",
        ATTR_KIND_PREALLOCATED => "preallocated",
        ATTR_KIND_NO_MERGE => "nomerge",
        ATTR_KIND_NULL_POINTER_IS_VALID => "null_pointer_is_valid",
        ATTR_KIND_NOUNDEF => "noundef",
        ATTR_KIND_BYREF => "byref",
        ATTR_KIND_MUSTPROGRESS => "mustprogress",
        ATTR_KIND_NO_CALLBACK => "nocallback",
        ATTR_KIND_HOT => "hot",
        ATTR_KIND_NO_PROFILE => "noprofile",
        ATTR_KIND_VSCALE_RANGE => "vscale_range",
        ATTR_KIND_SWIFT_ASYNC => "swiftasync",
        ATTR_KIND_NO_SANITIZE_COVERAGE => "nosanitize_coverage",
        ATTR_KIND_ELEMENTTYPE => "elementtype",
        ATTR_KIND_DISABLE_SANITIZER_INSTRUMENTATION => "disable_sanitizer_instrumentation",
        ATTR_KIND_NO_SANITIZE_BOUNDS => "nosanitize_bounds",
        ATTR_KIND_ALLOC_ALIGN => "allocalign",
        ATTR_KIND_ALLOCATED_POINTER => "allocptr",
        ATTR_KIND_ALLOC_KIND => "allockind",
        ATTR_KIND_PRESPLIT_COROUTINE => "presplitcoroutine",
        ATTR_KIND_FNRETTHUNK_EXTERN => "fn_ret_thunk_extern",
        ATTR_KIND_SKIP_PROFILE => "skipprofile",
        ATTR_KIND_MEMORY => "memory",
        ATTR_KIND_NOFPCLASS => "nofpclass",
        ATTR_KIND_OPTIMIZE_FOR_DEBUGGING => "optdebug",
        ATTR_KIND_WRITABLE => "writable",
        ATTR_KIND_CORO_ONLY_DESTROY_WHEN_COMPLETE => "coro_only_destroy_when_complete",
        ATTR_KIND_DEAD_ON_UNWIND => "dead_on_unwind",
        ATTR_KIND_RANGE => "range",
        ATTR_KIND_SANITIZE_NUMERICAL_STABILITY => "sanitize_numerical_stability",
        ATTR_KIND_INITIALIZES => "initializes",
        ATTR_KIND_SANITIZE_REALTIME => "sanitize_realtime",
        ATTR_KIND_SANITIZE_REALTIME_BLOCKING => "sanitize_realtime_blocking",
        ATTR_KIND_CORO_ELIDE_SAFE => "coro_elide_safe",
        ATTR_KIND_NO_EXT => "noext",
        ATTR_KIND_NO_DIVERGENCE_SOURCE => "nodivergencesource",
        ATTR_KIND_SANITIZE_TYPE => "sanitize_type",
        ATTR_KIND_CAPTURES => "captures",
        ATTR_KIND_DEAD_ON_RETURN => "dead_on_return",
        ATTR_KIND_SANITIZE_ALLOC_TOKEN => "sanitize_alloc_token",
        ATTR_KIND_NO_CREATE_UNDEF_OR_POISON => "nocreateundeforpoison",
        _ => return None,
    })
}

/// `parseAttrKind`: the keyword and class of kind `code`, or LLVM's message for a code it does
/// not map.
pub fn kind(code: u64) -> Result<(&'static str, AttrClass), String> {
    kind_name(code)
        .and_then(|name| Some((name, attr_info(name.as_bytes())?.class)))
        .ok_or_else(|| format!("Unknown attribute kind ({code})"))
}

/// The type attributes LLVM upgrades when they come without a type (`byval`, `sret`,
/// `inalloca`); the others (`byref`, `preallocated`, `elementtype`) have no upgrade.
pub fn upgradable_type_kind(name: &str) -> bool {
    matches!(name, "byval" | "sret" | "inalloca")
}
