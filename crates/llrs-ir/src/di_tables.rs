//! Facts about LLVM 22's specialized debug-info metadata nodes (`!DILocation(...)`,
//! `!DISubprogram(...)`, ...) as LLVM's text parser reads them and its printer writes them.
//!
//! The tables drive two things:
//!
//! * **Slot numbering.** LLVM's `SlotTracker` numbers metadata nodes in a depth-first
//!   pre-order walk: a node gets the next number the first time it is reached, then its
//!   operands are visited in operand-index order (`N->operands()`), skipping null operands,
//!   non-node operands (`MDString`, `ConstantAsMetadata`/`ValueAsMetadata`) and
//!   `DIExpression`s (which are always printed inline and never numbered). Roots are
//!   visited in this order: metadata attachments of global variables, then the operands of
//!   every named metadata (in module order), then per function its attachments, then for
//!   each instruction its debug records (`#dbg_value` etc.: location operand if it is a
//!   node, variable, assign id, address, then the record's `!dbg` location) and the
//!   instruction's metadata-as-value call operands and attachments. So for slot numbering
//!   what matters is [`DiNodeSpec::operand_order`]: it names, for operand 0, 1, 2, ...,
//!   which printed field lives there.
//! * **Printing.** [`DiNodeSpec::print_order`] lists the fields in the order
//!   `AsmWriter.cpp` writes them, and whether a field is left out when it has its default
//!   value.
//!
//! # Sources
//!
//! * `llvm/include/llvm/IR/DebugInfoMetadata.h` of LLVM 22.1.8 (the operand index
//!   accessors, e.g. `getRawScope() { return getOperand(1); }`), `llvm/IR/Metadata.def`
//!   (the list of node kinds) and `llvm/IR/FixedMetadataKinds.def`.
//! * `llvm/lib/IR/DebugInfoMetadata.cpp` (the `Metadata *Ops[] = {File, Scope, Name, ...}`
//!   arrays in each `getImpl`), `llvm/lib/IR/AsmWriter.cpp` (`writeDILocation`,
//!   `writeDISubprogram`, ..., and `MDFieldPrinter`) and `llvm/lib/AsmParser/LLParser.cpp`
//!   (`parseDILocation`, ...: the `OPTIONAL`/`REQUIRED` field lists), read from a
//!   near-LLVM-22 copy of llvm-project.
//! * Every entry was then checked against the LLVM 22.1.8 binaries (`opt -S` and
//!   `llvm-as | llvm-dis`): each node was written with every node-valued field pointing at
//!   its own `distinct !{!"<field>"}` tuple, and the numbers LLVM gave back reveal the
//!   operand order; each field was dropped to find the required ones, and set to its
//!   default to find which are omitted. Where the sources and the binary disagreed, the
//!   binary won (e.g. `DILabel`'s `line:` is omitted when 0 in LLVM 22).
//!
//! # Conventions
//!
//! * Field kinds that are stored as node operands are [`DiFieldKind::Md`],
//!   [`DiFieldKind::MdOrInt`], [`DiFieldKind::Str`] and some `Other` kinds (see
//!   [`DiFieldKind::is_operand_kind`]); everything else (`Int`, `Bool`, enums, flags) is
//!   stored in the node itself and never visited by the slot tracker.
//! * In `operand_order`, names starting with `_` are operands that have no printed field
//!   of their own (always null for that node kind, or a duplicate of another field).
//! * Positional payloads (the `DW_OP_*` list of `!DIExpression(...)`, the value list of
//!   `!DIArgList(...)`) are listed as a single field whose kind is
//!   `Other("positional:...")`; they are printed without a `name:` label.
//! * `required`: the parser reports `missing required field` without it (a few nodes have
//!   other hard rules, noted on their entries: `distinct` requirements, "one of
//!   `language`/`sourceLanguageName`").
//! * `skip_if_default`: the printer leaves the field out when it is null / empty / zero /
//!   false / the default enum value (or, for optional-valued fields, absent). Fields with
//!   `skip_if_default == false` are always printed (null node operands print as `null`).
//!   Conditional fields (printed only for some tags or kinds) are marked
//!   `skip_if_default == true` and explained in the entry's comments.

/// One field of a specialized debug-info node, as written `name: value` in the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DiField {
    /// The label in the text form, e.g. `"scope"`.
    pub name: &'static str,
    /// What the value is and how it is written.
    pub kind: DiFieldKind,
    /// The parser rejects the node when this field is missing.
    pub required: bool,
    /// AsmWriter omits it when default/null/empty/zero (see the module docs).
    pub skip_if_default: bool,
}

/// The kind of a field's value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiFieldKind {
    /// Metadata reference (`!N`, `!{...}`, `!"str"`, a `!DIExpression(...)`, or a typed
    /// value like `i32 7`), may be `null`. Stored as an operand.
    Md,
    /// An integer or a metadata reference, e.g. `DISubrange`'s `count: 5` / `count: !3`,
    /// `DIDerivedType`'s `size:`. Integers are stored as a `ConstantAsMetadata` (`i64`)
    /// operand (not a node, so not numbered); references are stored as is.
    MdOrInt,
    /// `MDString` operand, written `"..."`.
    Str,
    /// Unsigned or signed integer held in the node itself.
    Int,
    /// `true` / `false` held in the node itself.
    Bool,
    /// `DW_TAG_*` (or a number).
    DwTag,
    /// `DW_LANG_*` (or a number).
    DwLang,
    /// `DW_ATE_*` (or a number).
    DwAte,
    /// `DW_VIRTUALITY_*` (parse-only legacy field of `DISubprogram`).
    DwVirtuality,
    /// `DW_CC_*` (or a number).
    DwCc,
    /// `DW_MACINFO_*` (or a number).
    DwMacinfo,
    /// `DIFlag* | DIFlag* | number`, printed omitted when 0.
    DiFlags,
    /// `DISPFlag* | ...`; `DISubprogram` prints `spFlags: 0` when empty.
    DiSpFlags,
    /// `NoDebug`, `FullDebug`, `LineTablesOnly`, `DebugDirectivesOnly`.
    EmissionKind,
    /// `Default` (never printed), `GNU`, `None`, `Apple`.
    NameTableKind,
    /// `CSK_MD5`, `CSK_SHA1`, `CSK_SHA256`.
    ChecksumKind,
    /// Anything else; the string says what. Used here:
    /// * `"MdList"`: `{!1, null, !2}` list of operands (GenericDINode `operands:`).
    /// * `"APInt"`: arbitrary-width integer held in the node (`DIEnumerator` `value:`,
    ///   `DIFixedPointType` `numerator:`/`denominator:`).
    /// * `"MdOrTypedInt"`: parsed as a signed integer or a metadata reference, stored as
    ///   an operand (`ConstantAsMetadata` i64 for integers), and printed through
    ///   `printMetadata`, so a constant prints typed: `lowerBound: i64 -7`
    ///   (`DISubrangeType` bounds).
    /// * `"DwLName"`: `DW_LNAME_*` versioned source language name (`DICompileUnit`).
    /// * `"DwEnumKind"`: `DW_APPLE_ENUM_KIND_*` (`DICompositeType` `enumKind:`).
    /// * `"FixedPointKind"`: `Binary`, `Decimal`, `Rational`.
    /// * `"positional:DwOpList"`: the `DW_OP_*`/integer list of `!DIExpression(...)`.
    /// * `"positional:ValueList"`: the `type value` list of `!DIArgList(...)`.
    Other(&'static str),
}

impl DiFieldKind {
    /// Whether a field of this kind is stored as an operand of the node (and so can take
    /// part in slot numbering when it refers to a node).
    pub const fn is_operand_kind(self) -> bool {
        match self {
            DiFieldKind::Md | DiFieldKind::MdOrInt | DiFieldKind::Str => true,
            DiFieldKind::Other(s) => matches!(s.as_bytes(), b"MdList" | b"MdOrTypedInt"),
            _ => false,
        }
    }
}

/// Print and operand layout of one specialized node kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DiNodeSpec {
    /// The class name as written after `!`, e.g. `"DISubprogram"`.
    pub name: &'static str,
    /// Fields in the order AsmWriter prints them.
    pub print_order: &'static [DiField],
    /// Names of the fields stored as node operands (`Md`, `MdOrInt`, `Str` kinds), in the
    /// node's operand index order (operand 0 first). Names starting with `_` have no
    /// printed field (always null for this kind, or a duplicate).
    pub operand_order: &'static [&'static str],
}

impl DiNodeSpec {
    /// The place in the print order of the field named `name`, looked for from `from` on first
    /// (fields usually come in print order: pass the place after the last one found).
    pub fn print_index(&self, name: &[u8], from: usize) -> Option<usize> {
        let order = self.print_order;
        let from = from.min(order.len());
        let same = |i: usize| order[i].name.as_bytes() == name;
        (from..order.len()).find(|&i| same(i)).or_else(|| (0..from).find(|&i| same(i)))
    }

    /// The printed field with this name.
    pub fn field(&self, name: &str) -> Option<&'static DiField> {
        self.print_order.iter().find(|f| f.name == name)
    }

    /// Operand index of a field, if it is stored as an operand.
    pub fn operand_index(&self, name: &str) -> Option<usize> {
        self.operand_order.iter().position(|n| *n == name)
    }
}

const fn fld(name: &'static str, kind: DiFieldKind, required: bool, skip: bool) -> DiField {
    DiField { name, kind, required, skip_if_default: skip }
}
/// Optional, omitted when default.
const fn opt(name: &'static str, kind: DiFieldKind) -> DiField {
    fld(name, kind, false, true)
}
/// Optional in the parser, but always printed.
const fn always(name: &'static str, kind: DiFieldKind) -> DiField {
    fld(name, kind, false, false)
}
/// Required by the parser, always printed.
const fn req(name: &'static str, kind: DiFieldKind) -> DiField {
    fld(name, kind, true, false)
}
/// Required by the parser, but omitted by the printer when default.
const fn req_skip(name: &'static str, kind: DiFieldKind) -> DiField {
    fld(name, kind, true, true)
}

use DiFieldKind::*;

/// Nodes whose operand list is variadic: `(node, field)` where that field's list elements
/// become operands `operand_index(field)..` one per element (`null` elements included).
pub static VARIADIC_OPERAND_FIELDS: &[(&str, &str)] = &[("GenericDINode", "operands")];

/// Fields the LLVM 22 parser accepts but the printer never writes (legacy spellings that
/// are folded into other fields, or values the printer does not show).
pub static PARSE_ONLY_FIELDS: &[(&str, &[&str])] = &[
    // Folded into `spFlags` when `spFlags:` is absent (`isDefinition` defaults to true,
    // so a `DISubprogram` without `spFlags:`/`isDefinition: false` is a definition and
    // must be `distinct`).
    ("DISubprogram", &["isLocal", "isDefinition", "isOptimized", "virtuality"]),
    // Stored (default DW_MACINFO_start_file) but not printed by writeDIMacroFile.
    ("DIMacroFile", &["type"]),
];

/// Every specialized node kind of LLVM 22 (`HANDLE_SPECIALIZED_MDNODE_LEAF*` in
/// `Metadata.def`) plus `DIArgList`, which is *not* an `MDNode`.
pub static DI_NODE_SPECS: &[DiNodeSpec] = &[
    // writeDILocation. Operands: {Scope} or {Scope, InlinedAt}: operand 1 exists only
    // when inlinedAt is non-null. line/column/isImplicitCode/atomGroup/atomRank are held
    // in the node.
    DiNodeSpec {
        name: "DILocation",
        print_order: &[
            always("line", Int), // printed even when 0
            opt("column", Int),
            req("scope", Md), // parser: may not be null
            opt("inlinedAt", Md),
            opt("isImplicitCode", Bool),
            opt("atomGroup", Int),
            opt("atomRank", Int),
        ],
        operand_order: &["scope", "inlinedAt"],
    },
    // No operands; printed inline wherever used, never gets a slot. Elements are
    // positional: `!DIExpression(DW_OP_plus_uconst, 4)`.
    DiNodeSpec {
        name: "DIExpression",
        print_order: &[always("elements", Other("positional:DwOpList"))],
        operand_order: &[],
    },
    // NOT an MDNode (Metadata + ReplaceableMetadataImpl): never numbered, never visited by
    // the slot tracker; only valid as a function-local value operand (e.g. first operand
    // of `#dbg_value`), printed inline as `!DIArgList(i32 %a, i32 %b)`.
    DiNodeSpec { name: "DIArgList", print_order: &[always("args", Other("positional:ValueList"))], operand_order: &[] },
    // writeGenericDINode. Operand 0 is the header MDString (null when empty), operands
    // 1.. are the `operands:` list elements in order (nulls included).
    DiNodeSpec {
        name: "GenericDINode",
        print_order: &[
            req("tag", DwTag),
            opt("header", Str),
            opt("operands", Other("MdList")), // omitted when the list is empty
        ],
        operand_order: &["header", "operands"],
    },
    // writeDISubrange. Each bound: integer (ConstantAsMetadata i64, printed as a plain
    // number), DIVariable/node reference, or DIExpression. Omitted only when null; a
    // constant 0 is printed (ShouldSkipZero=false).
    DiNodeSpec {
        name: "DISubrange",
        print_order: &[
            opt("count", MdOrInt),
            opt("lowerBound", MdOrInt),
            opt("upperBound", MdOrInt),
            opt("stride", MdOrInt),
        ],
        operand_order: &["count", "lowerBound", "upperBound", "stride"],
    },
    // writeDIGenericSubrange. Integers are stored as !DIExpression(DW_OP_consts, N) (so
    // never numbered) and printed back as plain integers; other references as is. Omitted
    // only when null.
    DiNodeSpec {
        name: "DIGenericSubrange",
        print_order: &[
            opt("count", MdOrInt),
            opt("lowerBound", MdOrInt),
            opt("upperBound", MdOrInt),
            opt("stride", MdOrInt),
        ],
        operand_order: &["count", "lowerBound", "upperBound", "stride"],
    },
    // writeDIEnumerator. Operands: {Name}. value (APInt) and isUnsigned held in the node.
    DiNodeSpec {
        name: "DIEnumerator",
        print_order: &[
            req("name", Str),             // printed even when ""
            req("value", Other("APInt")), // printed even when 0
            opt("isUnsigned", Bool),      // printed only as `isUnsigned: true`
        ],
        operand_order: &["name"],
    },
    // writeDIBasicType. DIType layout {File, Scope, Name, SizeInBits, OffsetInBits}; in
    // LLVM 22 a basic type has no file/scope/offset (always null). size is a
    // ConstantAsMetadata i64 unless written as a reference.
    DiNodeSpec {
        name: "DIBasicType",
        print_order: &[
            opt("tag", DwTag), // printed only when != DW_TAG_base_type (the default)
            opt("name", Str),
            opt("size", MdOrInt),
            opt("align", Int),
            opt("dataSize", Int),
            opt("encoding", DwAte),
            opt("num_extra_inhabitants", Int),
            opt("flags", DiFlags),
        ],
        operand_order: &["_file", "_scope", "name", "size", "_offset"],
    },
    // writeDIFixedPointType. Same operand layout as DIBasicType (it derives from it).
    DiNodeSpec {
        name: "DIFixedPointType",
        print_order: &[
            opt("tag", DwTag), // printed only when != DW_TAG_base_type
            opt("name", Str),
            opt("size", MdOrInt),
            opt("align", Int),
            opt("encoding", DwAte),
            opt("flags", DiFlags),
            always("kind", Other("FixedPointKind")), // default Binary, always printed
            // Binary/Decimal: `factor:` (omitted when 0), no numerator/denominator.
            opt("factor", Int),
            // Rational: `numerator:` and `denominator:` always printed, no factor.
            opt("numerator", Other("APInt")),
            opt("denominator", Other("APInt")),
        ],
        operand_order: &["_file", "_scope", "name", "size", "_offset"],
    },
    // writeDIStringType. Operands {null, null, Name, SizeInBits, null, StringLength,
    // StringLengthExp, StringLocationExp}: note `size` comes *before* stringLength in
    // operand order but after it in print order.
    DiNodeSpec {
        name: "DIStringType",
        print_order: &[
            opt("tag", DwTag), // printed only when != DW_TAG_string_type
            opt("name", Str),
            opt("stringLength", Md),
            opt("stringLengthExpression", Md),
            opt("stringLocationExpression", Md),
            opt("size", MdOrInt),
            opt("align", Int),
            opt("encoding", DwAte),
        ],
        operand_order: &[
            "_file",
            "_scope",
            "name",
            "size",
            "_offset",
            "stringLength",
            "stringLengthExpression",
            "stringLocationExpression",
        ],
    },
    // writeDIDerivedType. Operands {File, Scope, Name, SizeInBits, OffsetInBits, BaseType,
    // ExtraData, Annotations}. file comes before scope in operand order but after it in
    // print order.
    DiNodeSpec {
        name: "DIDerivedType",
        print_order: &[
            req("tag", DwTag),
            opt("name", Str),
            opt("scope", Md),
            opt("file", Md),
            opt("line", Int),
            req("baseType", Md), // printed as `baseType: null` when null
            opt("size", MdOrInt),
            opt("align", Int),
            opt("offset", MdOrInt),
            opt("flags", DiFlags),
            opt("extraData", Md),
            // Optional<unsigned>: printed whenever present, even `dwarfAddressSpace: 0`.
            opt("dwarfAddressSpace", Int),
            opt("annotations", Md),
            // The five ptrAuth fields are printed only when tag == DW_TAG_LLVM_ptrauth_type:
            // ptrAuthKey and ptrAuthExtraDiscriminator omitted when 0, the three bools
            // always printed (as true/false).
            opt("ptrAuthKey", Int),
            opt("ptrAuthIsAddressDiscriminated", Bool),
            opt("ptrAuthExtraDiscriminator", Int),
            opt("ptrAuthIsaPointer", Bool),
            opt("ptrAuthAuthenticatesNullValues", Bool),
        ],
        operand_order: &["file", "scope", "name", "size", "offset", "baseType", "extraData", "annotations"],
    },
    // writeDISubrangeType. Operands {File, Scope, Name, SizeInBits, null, BaseType,
    // LowerBound, UpperBound, Stride, Bias}. Bounds print through printMetadata, so a
    // constant prints typed (`lowerBound: i64 -7`), and are omitted only when null.
    DiNodeSpec {
        name: "DISubrangeType",
        print_order: &[
            opt("name", Str),
            opt("scope", Md),
            opt("file", Md),
            opt("line", Int),
            opt("size", MdOrInt),
            opt("align", Int),
            opt("flags", DiFlags),
            always("baseType", Md), // printed as `baseType: null` when null
            opt("lowerBound", Other("MdOrTypedInt")),
            opt("upperBound", Other("MdOrTypedInt")),
            opt("stride", Other("MdOrTypedInt")),
            opt("bias", Other("MdOrTypedInt")),
        ],
        operand_order: &[
            "file",
            "scope",
            "name",
            "size",
            "_offset",
            "baseType",
            "lowerBound",
            "upperBound",
            "stride",
            "bias",
        ],
    },
    // writeDICompositeType. Operands {File, Scope, Name, SizeInBits, OffsetInBits,
    // BaseType, Elements, VTableHolder, TemplateParams, Identifier, Discriminator,
    // DataLocation, Associated, Allocated, Rank, Annotations, Specification, BitStride}.
    // Note: with an `identifier:` and ODR type uniquing enabled in the context (opt turns
    // it on, llvm-as does not), the parser builds the node as `distinct`.
    DiNodeSpec {
        name: "DICompositeType",
        print_order: &[
            req("tag", DwTag),
            opt("name", Str),
            opt("scope", Md),
            opt("file", Md),
            opt("line", Int),
            opt("baseType", Md),
            opt("size", MdOrInt),
            opt("align", Int),
            opt("offset", MdOrInt),
            opt("num_extra_inhabitants", Int),
            opt("flags", DiFlags),
            opt("elements", Md),
            opt("runtimeLang", DwLang),
            opt("vtableHolder", Md),
            opt("templateParams", Md),
            opt("identifier", Str),
            opt("discriminator", Md),
            opt("dataLocation", Md),
            opt("associated", Md),
            opt("allocated", Md),
            // Constant rank: always printed, even `rank: 0`; node rank omitted when null.
            opt("rank", MdOrInt),
            opt("annotations", Md),
            opt("specification", Md),
            // Optional: printed whenever present (also for the 0 value).
            opt("enumKind", Other("DwEnumKind")),
            opt("bitStride", Md), // e.g. `bitStride: i32 3`
        ],
        operand_order: &[
            "file",
            "scope",
            "name",
            "size",
            "offset",
            "baseType",
            "elements",
            "vtableHolder",
            "templateParams",
            "identifier",
            "discriminator",
            "dataLocation",
            "associated",
            "allocated",
            "rank",
            "annotations",
            "specification",
            "bitStride",
        ],
    },
    // writeDISubroutineType. Operands {null, null, null, null, null, TypeArray}: the five
    // DIType base operands are all null.
    DiNodeSpec {
        name: "DISubroutineType",
        print_order: &[
            opt("flags", DiFlags),
            opt("cc", DwCc),
            req("types", Md), // printed as `types: null` when null
        ],
        operand_order: &["_file", "_scope", "_name", "_size", "_offset", "types"],
    },
    // writeDIFile. Operands {Filename, Directory, ChecksumValue (or null), Source (or
    // null)}; the checksum kind is held in the node. checksumkind and checksum must be
    // given together and are printed together.
    DiNodeSpec {
        name: "DIFile",
        print_order: &[
            req("filename", Str),  // printed even when ""
            req("directory", Str), // printed even when ""
            opt("checksumkind", ChecksumKind),
            opt("checksum", Str),
            // Printed whenever present, even `source: ""` (absent and empty differ).
            opt("source", Str),
        ],
        operand_order: &["filename", "directory", "checksum", "source"],
    },
    // writeDICompileUnit. Must be `distinct`. Operands {File, Producer, Flags,
    // SplitDebugFilename, EnumTypes, RetainedTypes, GlobalVariables, ImportedEntities,
    // Macros, SysRoot, SDK}. Exactly one of `language:` / `sourceLanguageName:` must be
    // given (the parser errors otherwise), and `sourceLanguageVersion:` only with
    // `sourceLanguageName:`. The printer writes `sourceLanguageName:` (+ version if
    // non-zero) for a versioned name, else `language:`, always.
    DiNodeSpec {
        name: "DICompileUnit",
        print_order: &[
            opt("sourceLanguageName", Other("DwLName")), // printed iff versioned name
            opt("sourceLanguageVersion", Int),           // with the above, omitted when 0
            opt("language", DwLang),                     // printed iff unversioned
            req("file", Md),                             // may not be null
            opt("producer", Str),
            always("isOptimized", Bool),
            opt("flags", Str),
            always("runtimeVersion", Int),
            opt("splitDebugFilename", Str),
            always("emissionKind", EmissionKind), // default NoDebug, always printed
            opt("enums", Md),
            opt("retainedTypes", Md),
            opt("globals", Md),
            opt("imports", Md),
            opt("macros", Md),
            opt("dwoId", Int),
            opt("splitDebugInlining", Bool), // default true: printed only when false
            opt("debugInfoForProfiling", Bool),
            opt("nameTableKind", NameTableKind), // omitted when Default
            opt("rangesBaseAddress", Bool),
            opt("sysroot", Str),
            opt("sdk", Str),
        ],
        operand_order: &[
            "file",
            "producer",
            "flags",
            "splitDebugFilename",
            "enums",
            "retainedTypes",
            "globals",
            "imports",
            "macros",
            "sysroot",
            "sdk",
        ],
    },
    // writeDISubprogram. Operands {File, Scope, Name, LinkageName, Type, Unit, Declaration,
    // RetainedNodes, ContainingType, TemplateParams, ThrownTypes, Annotations,
    // TargetFuncName}, with trailing null operands from ContainingType on dropped (8 to 13
    // operands). No REQUIRED fields, but a definition (spFlags has DISPFlagDefinition, or
    // legacy isDefinition, which defaults to true when spFlags is absent) must be
    // `distinct`.
    DiNodeSpec {
        name: "DISubprogram",
        print_order: &[
            opt("name", Str),
            opt("linkageName", Str),
            always("scope", Md), // printed as `scope: null` when null
            opt("file", Md),
            opt("line", Int),
            opt("type", Md),
            opt("scopeLine", Int),
            opt("containingType", Md),
            // Printed when virtuality (in spFlags) != none or the index != 0; then even 0.
            opt("virtualIndex", Int),
            opt("thisAdjustment", Int),
            opt("flags", DiFlags),
            always("spFlags", DiSpFlags), // `spFlags: 0` when empty
            opt("unit", Md),
            opt("templateParams", Md),
            opt("declaration", Md),
            opt("retainedNodes", Md),
            opt("thrownTypes", Md),
            opt("annotations", Md),
            opt("targetFuncName", Str),
            opt("keyInstructions", Bool),
        ],
        operand_order: &[
            "file",
            "scope",
            "name",
            "linkageName",
            "type",
            "unit",
            "declaration",
            "retainedNodes",
            "containingType",
            "templateParams",
            "thrownTypes",
            "annotations",
            "targetFuncName",
        ],
    },
    // writeDILexicalBlock. Operands {File, Scope}.
    DiNodeSpec {
        name: "DILexicalBlock",
        print_order: &[
            req("scope", Md), // may not be null
            opt("file", Md),
            opt("line", Int),
            opt("column", Int),
        ],
        operand_order: &["file", "scope"],
    },
    // writeDILexicalBlockFile. Operands {File, Scope}.
    DiNodeSpec {
        name: "DILexicalBlockFile",
        print_order: &[
            req("scope", Md), // may not be null
            opt("file", Md),
            req("discriminator", Int), // printed even when 0
        ],
        operand_order: &["file", "scope"],
    },
    // writeDINamespace. Operands {null (DIScope's file slot), Scope, Name}.
    DiNodeSpec {
        name: "DINamespace",
        print_order: &[
            opt("name", Str),
            req("scope", Md), // printed as `scope: null` when null
            opt("exportSymbols", Bool),
        ],
        operand_order: &["_file", "scope", "name"],
    },
    // writeDIModule. Operands {File, Scope, Name, ConfigurationMacros, IncludePath,
    // APINotesFile}.
    DiNodeSpec {
        name: "DIModule",
        print_order: &[
            req("scope", Md),      // printed as `scope: null` when null
            req_skip("name", Str), // required, but `name: ""` is omitted when printing
            opt("configMacros", Str),
            opt("includePath", Str),
            opt("apinotes", Str),
            opt("file", Md),
            opt("line", Int),
            opt("isDecl", Bool),
        ],
        operand_order: &["file", "scope", "name", "configMacros", "includePath", "apinotes"],
    },
    // writeDICommonBlock. Operands {Scope, Decl, Name, File} (scope first, unlike the
    // other DIScopes).
    DiNodeSpec {
        name: "DICommonBlock",
        print_order: &[
            req("scope", Md),          // printed as `scope: null` when null
            always("declaration", Md), // printed as `declaration: null` when null
            opt("name", Str),
            opt("file", Md),
            opt("line", Int),
        ],
        operand_order: &["scope", "declaration", "name", "file"],
    },
    // writeDITemplateTypeParameter. Operands {Name, Type}.
    DiNodeSpec {
        name: "DITemplateTypeParameter",
        print_order: &[
            opt("name", Str),
            req("type", Md), // printed as `type: null` when null
            opt("defaulted", Bool),
        ],
        operand_order: &["name", "type"],
    },
    // writeDITemplateValueParameter. Operands {Name, Type, Value}; value is often a typed
    // constant (`value: i32 3`), a node, or a string.
    DiNodeSpec {
        name: "DITemplateValueParameter",
        print_order: &[
            opt("tag", DwTag), // printed only when != DW_TAG_template_value_parameter
            opt("name", Str),
            opt("type", Md),
            opt("defaulted", Bool),
            req("value", Md), // printed as `value: null` when null
        ],
        operand_order: &["name", "type", "value"],
    },
    // writeDIGlobalVariable. Operands {Scope, Name, File, Type, Name (again: the display
    // name slot, same MDString as operand 1), LinkageName, StaticDataMemberDeclaration,
    // TemplateParams, Annotations}. The parser rejects `name: ""`.
    DiNodeSpec {
        name: "DIGlobalVariable",
        print_order: &[
            opt("name", Str),
            opt("linkageName", Str),
            always("scope", Md), // printed as `scope: null` when null
            opt("file", Md),
            opt("line", Int),
            opt("type", Md),
            always("isLocal", Bool),      // default false, always printed
            always("isDefinition", Bool), // default true, always printed
            opt("declaration", Md),
            opt("templateParams", Md),
            opt("align", Int),
            opt("annotations", Md),
        ],
        operand_order: &[
            "scope",
            "name",
            "file",
            "type",
            "_displayName",
            "linkageName",
            "declaration",
            "templateParams",
            "annotations",
        ],
    },
    // writeDILocalVariable. Operands {Scope, Name, File, Type, Annotations}.
    DiNodeSpec {
        name: "DILocalVariable",
        print_order: &[
            opt("name", Str),
            opt("arg", Int),
            req("scope", Md), // may not be null
            opt("file", Md),
            opt("line", Int),
            opt("type", Md),
            opt("flags", DiFlags),
            opt("align", Int),
            opt("annotations", Md),
        ],
        operand_order: &["scope", "name", "file", "type", "annotations"],
    },
    // writeDILabel. Operands {Scope, Name, File}. scope/name/file/line are all REQUIRED
    // in the parser, yet name, file and line are omitted when empty/null/0 (checked on
    // LLVM 22.1.8).
    DiNodeSpec {
        name: "DILabel",
        print_order: &[
            req("scope", Md), // may not be null
            req_skip("name", Str),
            req_skip("file", Md),
            req_skip("line", Int),
            opt("column", Int),
            opt("isArtificial", Bool),
            // Optional<unsigned>: printed whenever present, even `coroSuspendIdx: 0`.
            opt("coroSuspendIdx", Int),
        ],
        operand_order: &["scope", "name", "file"],
    },
    // writeDIObjCProperty. Operands {Name, File, GetterName, SetterName, Type}: getter is
    // operand 2 and setter operand 3, but `setter:` is printed before `getter:`.
    DiNodeSpec {
        name: "DIObjCProperty",
        print_order: &[
            opt("name", Str),
            opt("file", Md),
            opt("line", Int),
            opt("setter", Str),
            opt("getter", Str),
            opt("attributes", Int),
            opt("type", Md),
        ],
        operand_order: &["name", "file", "getter", "setter", "type"],
    },
    // writeDIImportedEntity. Operands {Scope, Entity, Name, File, Elements}.
    DiNodeSpec {
        name: "DIImportedEntity",
        print_order: &[
            req("tag", DwTag),
            opt("name", Str),
            req("scope", Md), // printed as `scope: null` when null
            opt("entity", Md),
            opt("file", Md),
            opt("line", Int),
            opt("elements", Md),
        ],
        operand_order: &["scope", "entity", "name", "file", "elements"],
    },
    // writeDIMacro. Operands {Name, Value}; the macinfo type and line held in the node.
    DiNodeSpec {
        name: "DIMacro",
        print_order: &[
            req("type", DwMacinfo),
            opt("line", Int),
            req_skip("name", Str), // required, but `name: ""` is omitted when printing
            opt("value", Str),
        ],
        operand_order: &["name", "value"],
    },
    // writeDIMacroFile. Operands {File, Elements}. The `type:` field is accepted by the
    // parser (default DW_MACINFO_start_file) but never printed (see PARSE_ONLY_FIELDS).
    DiNodeSpec {
        name: "DIMacroFile",
        print_order: &[
            opt("line", Int),
            req("file", Md), // printed as `file: null` when null
            opt("nodes", Md),
        ],
        operand_order: &["file", "nodes"],
    },
    // writeDIGlobalVariableExpression. Operands {Variable, Expression}. Both REQUIRED in
    // the parser (null allowed), omitted when null.
    DiNodeSpec {
        name: "DIGlobalVariableExpression",
        print_order: &[req_skip("var", Md), req_skip("expr", Md)],
        operand_order: &["var", "expr"],
    },
    // writeDIAssignID: `distinct !DIAssignID()`. No operands; must be `distinct` (the
    // parser rejects a uniqued one). It is an MDNode and gets a slot.
    DiNodeSpec { name: "DIAssignID", print_order: &[], operand_order: &[] },
];

/// The spec of a node kind by class name (`"DISubprogram"`, without `!`).
pub fn di_node_spec(name: &str) -> Option<&'static DiNodeSpec> {
    di_node_spec_bytes(name.as_bytes())
}

/// [`di_node_spec`] of a name as bytes (as interned).
pub fn di_node_spec_bytes(name: &[u8]) -> Option<&'static DiNodeSpec> {
    static BY_NAME: std::sync::OnceLock<rustc_hash::FxHashMap<&'static [u8], &'static DiNodeSpec>> =
        std::sync::OnceLock::new();
    BY_NAME.get_or_init(|| DI_NODE_SPECS.iter().map(|s| (s.name.as_bytes(), s)).collect()).get(name).copied()
}

/// LLVM 22's fixed metadata kind names in fixed-ID order (`FixedMetadataKinds.def`):
/// `FIXED_MD_KINDS[id]` is the name of kind `id`, so `"dbg"` = 0, `"tbaa"` = 1, ...
/// Custom kinds registered by a module get IDs after these.
pub static FIXED_MD_KINDS: &[&str] = &[
    "dbg",                           // 0
    "tbaa",                          // 1
    "prof",                          // 2
    "fpmath",                        // 3
    "range",                         // 4
    "tbaa.struct",                   // 5
    "invariant.load",                // 6
    "alias.scope",                   // 7
    "noalias",                       // 8
    "nontemporal",                   // 9
    "llvm.mem.parallel_loop_access", // 10
    "nonnull",                       // 11
    "dereferenceable",               // 12
    "dereferenceable_or_null",       // 13
    "make.implicit",                 // 14
    "unpredictable",                 // 15
    "invariant.group",               // 16
    "align",                         // 17
    "llvm.loop",                     // 18
    "type",                          // 19
    "section_prefix",                // 20
    "absolute_symbol",               // 21
    "associated",                    // 22
    "callees",                       // 23
    "irr_loop",                      // 24
    "llvm.access.group",             // 25
    "callback",                      // 26
    "llvm.preserve.access.index",    // 27
    "vcall_visibility",              // 28
    "noundef",                       // 29
    "annotation",                    // 30
    "nosanitize",                    // 31
    "func_sanitize",                 // 32
    "exclude",                       // 33
    "memprof",                       // 34
    "callsite",                      // 35
    "kcfi_type",                     // 36
    "pcsections",                    // 37
    "DIAssignID",                    // 38
    "coro.outside.frame",            // 39
    "mmra",                          // 40
    "noalias.addrspace",             // 41
    "callee_type",                   // 42
    "nofree",                        // 43
    "captures",                      // 44
    "alloc_token",                   // 45
    "implicit.ref",                  // 46
];

/// The fixed ID of a metadata kind name, if it is one of LLVM's fixed kinds.
pub fn fixed_md_kind_id(name: &str) -> Option<u32> {
    FIXED_MD_KINDS.iter().position(|k| *k == name).map(|i| i as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ops(name: &str) -> Vec<&'static str> {
        di_node_spec(name).unwrap().operand_order.to_vec()
    }

    fn printed(name: &str) -> Vec<&'static str> {
        di_node_spec(name).unwrap().print_order.iter().map(|f| f.name).collect()
    }

    #[test]
    fn all_kinds_present_once() {
        let kinds = [
            "DILocation",
            "DIExpression",
            "DIArgList",
            "GenericDINode",
            "DISubrange",
            "DIGenericSubrange",
            "DIEnumerator",
            "DIBasicType",
            "DIFixedPointType",
            "DIStringType",
            "DIDerivedType",
            "DISubrangeType",
            "DICompositeType",
            "DISubroutineType",
            "DIFile",
            "DICompileUnit",
            "DISubprogram",
            "DILexicalBlock",
            "DILexicalBlockFile",
            "DINamespace",
            "DIModule",
            "DICommonBlock",
            "DITemplateTypeParameter",
            "DITemplateValueParameter",
            "DIGlobalVariable",
            "DILocalVariable",
            "DILabel",
            "DIObjCProperty",
            "DIImportedEntity",
            "DIMacro",
            "DIMacroFile",
            "DIGlobalVariableExpression",
            "DIAssignID",
        ];
        assert_eq!(DI_NODE_SPECS.len(), kinds.len());
        for k in kinds {
            assert_eq!(DI_NODE_SPECS.iter().filter(|s| s.name == k).count(), 1, "{k}");
        }
        assert!(di_node_spec("DINothing").is_none());
    }

    #[test]
    fn location_operands() {
        assert_eq!(ops("DILocation"), ["scope", "inlinedAt"]);
        assert_eq!(printed("DILocation")[..4], ["line", "column", "scope", "inlinedAt"]);
        let line = di_node_spec("DILocation").unwrap().field("line").unwrap();
        assert!(!line.skip_if_default);
        assert!(di_node_spec("DILocation").unwrap().field("scope").unwrap().required);
    }

    #[test]
    fn scopes_store_file_first() {
        for k in [
            "DIDerivedType",
            "DICompositeType",
            "DISubrangeType",
            "DISubprogram",
            "DILexicalBlock",
            "DILexicalBlockFile",
            "DIModule",
        ] {
            let s = di_node_spec(k).unwrap();
            assert_eq!(s.operand_index("file"), Some(0), "{k}");
            assert_eq!(s.operand_index("scope"), Some(1), "{k}");
        }
        // Printed scope-before-file, stored file-before-scope.
        let p = printed("DISubprogram");
        let (si, fi) = (p.iter().position(|n| *n == "scope").unwrap(), p.iter().position(|n| *n == "file").unwrap());
        assert!(si < fi);
        assert_eq!(ops("DINamespace"), ["_file", "scope", "name"]);
        assert_eq!(ops("DICommonBlock"), ["scope", "declaration", "name", "file"]);
    }

    #[test]
    fn subprogram_operands() {
        assert_eq!(
            ops("DISubprogram"),
            [
                "file",
                "scope",
                "name",
                "linkageName",
                "type",
                "unit",
                "declaration",
                "retainedNodes",
                "containingType",
                "templateParams",
                "thrownTypes",
                "annotations",
                "targetFuncName",
            ]
        );
        let sp = di_node_spec("DISubprogram").unwrap();
        assert!(!sp.field("spFlags").unwrap().skip_if_default);
        assert!(!sp.field("scope").unwrap().skip_if_default);
    }

    #[test]
    fn variables_and_types() {
        assert_eq!(ops("DILocalVariable"), ["scope", "name", "file", "type", "annotations"]);
        assert_eq!(ops("DIGlobalVariable")[..6], ["scope", "name", "file", "type", "_displayName", "linkageName"]);
        assert_eq!(ops("DILabel"), ["scope", "name", "file"]);
        assert_eq!(ops("DIStringType")[3..6], ["size", "_offset", "stringLength"]);
        assert_eq!(ops("DISubroutineType").len(), 6);
        assert_eq!(di_node_spec("DISubroutineType").unwrap().operand_index("types"), Some(5));
        assert_eq!(di_node_spec("DICompositeType").unwrap().operand_index("bitStride"), Some(17));
        assert_eq!(ops("DIObjCProperty"), ["name", "file", "getter", "setter", "type"]);
        assert_eq!(ops("DICompileUnit")[..5], ["file", "producer", "flags", "splitDebugFilename", "enums"]);
        assert_eq!(ops("DITemplateValueParameter"), ["name", "type", "value"]);
        assert_eq!(ops("DIImportedEntity"), ["scope", "entity", "name", "file", "elements"]);
        assert!(ops("DIArgList").is_empty());
        assert!(ops("DIExpression").is_empty());
    }

    #[test]
    fn operand_names_are_fields_or_placeholders() {
        for s in DI_NODE_SPECS {
            for n in s.operand_order {
                if n.starts_with('_') {
                    continue;
                }
                let f = s.field(n).unwrap_or_else(|| panic!("{}: operand {n} has no printed field", s.name));
                assert!(f.kind.is_operand_kind(), "{}: {n} is not an operand kind", s.name);
            }
            // Every operand-kind field is listed as an operand.
            for f in s.print_order {
                if f.kind.is_operand_kind() {
                    assert!(s.operand_index(f.name).is_some(), "{}: {} missing", s.name, f.name);
                }
            }
        }
    }

    #[test]
    fn fixed_kinds() {
        assert_eq!(FIXED_MD_KINDS[0], "dbg");
        assert_eq!(FIXED_MD_KINDS[1], "tbaa");
        assert_eq!(fixed_md_kind_id("llvm.loop"), Some(18));
        assert_eq!(fixed_md_kind_id("DIAssignID"), Some(38));
        assert_eq!(fixed_md_kind_id("implicit.ref"), Some(46));
        assert_eq!(FIXED_MD_KINDS.len(), 47);
        assert_eq!(fixed_md_kind_id("nope"), None);
    }
}
