//! LLVM 22's order of attributes within an attribute set.
//!
//! LLVM keeps every attribute set sorted (`AttributeImpl::operator<`): first the attributes
//! with a kind (enum, type, integer, constant-range and constant-range-list attributes), by
//! their `Attribute::AttrKind` value; then the string attributes (`"key"="value"`), by key
//! compared as bytes (shorter first on a common prefix) and then by value. A set holds one
//! attribute per kind and per string key (when a source repeats one, the last one written wins).
//! The printed text of a set (`attributes #N = { ... }`, the `; Function Attrs:` comment, the
//! attributes before a return type or after a parameter type) follows this order.

/// Attribute keywords in the order of LLVM 22.1's `Attribute::AttrKind` enum
/// (`llvm/IR/Attributes.inc`): the keyword at index `i` has kind value `i + 1`. Kinds 1-82 are
/// enum attributes (no argument), 83-88 type attributes, 89-99 integer attributes, 100 `range`
/// (a constant range), 101 `initializes` (a constant-range list).
pub const ATTR_KINDS: &[&str] = &[
    "allocalign",                        // AllocAlign = 1
    "allocptr",                          // AllocatedPointer = 2
    "alwaysinline",                      // AlwaysInline = 3
    "builtin",                           // Builtin = 4
    "cold",                              // Cold = 5
    "convergent",                        // Convergent = 6
    "coro_only_destroy_when_complete",   // CoroDestroyOnlyWhenComplete = 7
    "coro_elide_safe",                   // CoroElideSafe = 8
    "dead_on_return",                    // DeadOnReturn = 9
    "dead_on_unwind",                    // DeadOnUnwind = 10
    "disable_sanitizer_instrumentation", // DisableSanitizerInstrumentation = 11
    "fn_ret_thunk_extern",               // FnRetThunkExtern = 12
    "hot",                               // Hot = 13
    "hybrid_patchable",                  // HybridPatchable = 14
    "immarg",                            // ImmArg = 15
    "inreg",                             // InReg = 16
    "inlinehint",                        // InlineHint = 17
    "jumptable",                         // JumpTable = 18
    "minsize",                           // MinSize = 19
    "mustprogress",                      // MustProgress = 20
    "naked",                             // Naked = 21
    "nest",                              // Nest = 22
    "noalias",                           // NoAlias = 23
    "nobuiltin",                         // NoBuiltin = 24
    "nocallback",                        // NoCallback = 25
    "nocf_check",                        // NoCfCheck = 26
    "nocreateundeforpoison",             // NoCreateUndefOrPoison = 27
    "nodivergencesource",                // NoDivergenceSource = 28
    "noduplicate",                       // NoDuplicate = 29
    "noext",                             // NoExt = 30
    "nofree",                            // NoFree = 31
    "noimplicitfloat",                   // NoImplicitFloat = 32
    "noinline",                          // NoInline = 33
    "nomerge",                           // NoMerge = 34
    "noprofile",                         // NoProfile = 35
    "norecurse",                         // NoRecurse = 36
    "noredzone",                         // NoRedZone = 37
    "noreturn",                          // NoReturn = 38
    "nosanitize_bounds",                 // NoSanitizeBounds = 39
    "nosanitize_coverage",               // NoSanitizeCoverage = 40
    "nosync",                            // NoSync = 41
    "noundef",                           // NoUndef = 42
    "nounwind",                          // NoUnwind = 43
    "nonlazybind",                       // NonLazyBind = 44
    "nonnull",                           // NonNull = 45
    "null_pointer_is_valid",             // NullPointerIsValid = 46
    "optforfuzzing",                     // OptForFuzzing = 47
    "optdebug",                          // OptimizeForDebugging = 48
    "optsize",                           // OptimizeForSize = 49
    "optnone",                           // OptimizeNone = 50
    "presplitcoroutine",                 // PresplitCoroutine = 51
    "readnone",                          // ReadNone = 52
    "readonly",                          // ReadOnly = 53
    "returned",                          // Returned = 54
    "returns_twice",                     // ReturnsTwice = 55
    "signext",                           // SExt = 56
    "safestack",                         // SafeStack = 57
    "sanitize_address",                  // SanitizeAddress = 58
    "sanitize_alloc_token",              // SanitizeAllocToken = 59
    "sanitize_hwaddress",                // SanitizeHWAddress = 60
    "sanitize_memtag",                   // SanitizeMemTag = 61
    "sanitize_memory",                   // SanitizeMemory = 62
    "sanitize_numerical_stability",      // SanitizeNumericalStability = 63
    "sanitize_realtime",                 // SanitizeRealtime = 64
    "sanitize_realtime_blocking",        // SanitizeRealtimeBlocking = 65
    "sanitize_thread",                   // SanitizeThread = 66
    "sanitize_type",                     // SanitizeType = 67
    "shadowcallstack",                   // ShadowCallStack = 68
    "skipprofile",                       // SkipProfile = 69
    "speculatable",                      // Speculatable = 70
    "speculative_load_hardening",        // SpeculativeLoadHardening = 71
    "ssp",                               // StackProtect = 72
    "sspreq",                            // StackProtectReq = 73
    "sspstrong",                         // StackProtectStrong = 74
    "strictfp",                          // StrictFP = 75
    "swiftasync",                        // SwiftAsync = 76
    "swifterror",                        // SwiftError = 77
    "swiftself",                         // SwiftSelf = 78
    "willreturn",                        // WillReturn = 79
    "writable",                          // Writable = 80
    "writeonly",                         // WriteOnly = 81
    "zeroext",                           // ZExt = 82
    "byref",                             // ByRef = 83
    "byval",                             // ByVal = 84
    "elementtype",                       // ElementType = 85
    "inalloca",                          // InAlloca = 86
    "preallocated",                      // Preallocated = 87
    "sret",                              // StructRet = 88
    "align",                             // Alignment = 89
    "allockind",                         // AllocKind = 90
    "allocsize",                         // AllocSize = 91
    "captures",                          // Captures = 92
    "dereferenceable",                   // Dereferenceable = 93
    "dereferenceable_or_null",           // DereferenceableOrNull = 94
    "memory",                            // Memory = 95
    "nofpclass",                         // NoFPClass = 96
    "alignstack",                        // StackAlignment = 97
    "uwtable",                           // UWTable = 98
    "vscale_range",                      // VScaleRange = 99
    "range",                             // Range = 100
    "initializes",                       // Initializes = 101
];

/// The first type attribute (`byref`).
pub const FIRST_TYPE_ATTR: u32 = 83;
/// The first integer attribute (`align`).
pub const FIRST_INT_ATTR: u32 = 89;

/// LLVM 22's `Attribute::AttrKind` value of an attribute keyword (`nounwind` is 43, `memory`
/// 95), or `None` for a word that is not an attribute kind (string attributes, which sort after
/// every kind, and old spellings such as `argmemonly` that the parser upgrades).
///
/// Sorting a set by this rank, then string attributes by key and value, gives LLVM's order.
pub fn attr_kind_rank(name: &[u8]) -> Option<u32> {
    static RANKS: std::sync::OnceLock<rustc_hash::FxHashMap<&'static [u8], u32>> = std::sync::OnceLock::new();
    let ranks =
        RANKS.get_or_init(|| ATTR_KINDS.iter().enumerate().map(|(i, k)| (k.as_bytes(), i as u32 + 1)).collect());
    ranks.get(name).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks() {
        assert_eq!(ATTR_KINDS.len(), 101);
        assert_eq!(attr_kind_rank(b"allocalign"), Some(1));
        assert_eq!(attr_kind_rank(b"immarg"), Some(15));
        assert_eq!(attr_kind_rank(b"nounwind"), Some(43));
        assert_eq!(attr_kind_rank(b"zeroext"), Some(82));
        assert_eq!(attr_kind_rank(b"byref"), Some(FIRST_TYPE_ATTR));
        assert_eq!(attr_kind_rank(b"align"), Some(FIRST_INT_ATTR));
        assert_eq!(attr_kind_rank(b"memory"), Some(95));
        assert_eq!(attr_kind_rank(b"range"), Some(100));
        assert_eq!(attr_kind_rank(b"initializes"), Some(101));
        assert_eq!(attr_kind_rank(b"argmemonly"), None);
        assert_eq!(attr_kind_rank(b"no-frame-pointer-elim"), None);
        assert_eq!(attr_kind_rank(b""), None);
    }

    #[test]
    fn printed_orders() {
        // As llvm-dis-22 prints them.
        let sets = [
            "nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)",
            "noalias writeonly captures(none)",
            "noundef nonnull align 4",
            "noinline nounwind allockind allocsize memory alignstack uwtable vscale_range",
            "immarg range",
        ];
        for s in sets {
            let ranks: Vec<u32> =
                s.split(' ').filter_map(|w| attr_kind_rank(w.split('(').next().unwrap_or(w).as_bytes())).collect();
            assert!(ranks.windows(2).all(|w| w[0] < w[1]), "{s}");
        }
        let mut unique = ATTR_KINDS.to_vec();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), ATTR_KINDS.len());
    }
}
