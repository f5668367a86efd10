//! LLVM 22's fields of each specialized debug-info node, as `LLParser`'s `PARSE_MD_FIELDS`
//! lists them (`parseDILocation`, `parseDISubprogram`, ...): the field names in LLVM's order,
//! each with the parser's field type and whether it is required.
//!
//! Every node kind, field name, required flag and the integer limits were checked against
//! `llvm-as` 22, and the names and their order against the string comparisons in libLLVM 22's
//! `LLParser::parseDIxxx` machine code (see `/work/heldout/difields/verify.sh`, which reads this
//! file's table). LLVM 22 differs from later sources: `DIBasicType` and `DIFixedPointType` have
//! no `file`/`line`/`scope`, `DISubprogram`'s `type` is optional and may be `null`, and
//! `DICompileUnit` has no `dialect`.
//!
//! Not in the table, because their syntax is positional rather than `field: value`:
//! `!DIExpression(...)` (`parseDIExpression`, a list of `DW_OP_*` / `DW_ATE_*` names and
//! unsigned integers) and `!DIArgList(...)` (`parseDIArgList`, typed values; only inside a
//! function body, it is no `HANDLE_SPECIALIZED_MDNODE_LEAF` in LLVM 22).

/// How `LLParser::parseMDField` reads the value of a field.
///
/// The DWARF-name kinds (`Tag`, `Lang`, ...) also take a plain unsigned integer, read as an
/// `MDUnsignedField` with the maximum their doc gives ("value for 'X' too large, limit is N").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FieldTy {
    /// `MDUnsignedField` with this maximum (e.g. `LineField` is `u32::MAX`, `ColumnField` `u16::MAX`).
    Unsigned(u64),
    /// `MDSignedField` with this minimum and maximum.
    Signed(i64, i64),
    /// `MDBoolField`.
    Bool,
    /// `MDField`; the flag is `AllowNull` (`MDField(/* AllowNull */ false)` is false).
    Md(bool),
    /// `MDStringField`; the flag is `AllowEmpty`: `true` is `EmptyIs::Null` (the default, `""`
    /// reads as no string), `false` is `EmptyIs::Error` ("'X' cannot be empty").
    Str(bool),
    /// `MDStringField(MDStringField::EmptyIs::Empty)`: `""` is kept as an empty `MDString`
    /// (only `DIFile`'s `source`).
    StrKeepEmpty,
    /// `DwarfTagField` (`DW_TAG_*`; integers up to `DW_TAG_hi_user` = 0xffff).
    Tag,
    /// `DwarfLangField` (`DW_LANG_*`; integers up to `DW_LANG_hi_user` = 0xffff).
    Lang,
    /// `DwarfSourceLangNameField` (`DW_LNAME_*`; integers up to `u32::MAX`).
    LangName,
    /// `DwarfCCField` (`DW_CC_*`; integers up to `DW_CC_hi_user` = 0xff).
    Cc,
    /// `DwarfAttEncodingField` (`DW_ATE_*`; integers up to `DW_ATE_hi_user` = 0xff).
    AttEncoding,
    /// `DwarfVirtualityField` (`DW_VIRTUALITY_*`; integers up to `DW_VIRTUALITY_max` = 2).
    Virtuality,
    /// `DwarfMacinfoTypeField` (`DW_MACINFO_*`; integers up to `DW_MACINFO_vendor_ext` = 0xff).
    Macinfo,
    /// `EmissionKindField` (`NoDebug`, `FullDebug`, ...; integers up to `LastEmissionKind` = 3).
    EmissionKind,
    /// `NameTableKindField` (`Default`, `GNU`, `None`, `Apple`; integers up to 3).
    NameTableKind,
    /// `ChecksumKindField` (`CSK_MD5`, `CSK_SHA1`, `CSK_SHA256`; no integers).
    ChecksumKind,
    /// `DIFlagField` (`DIFlag*` names and unsigned 32-bit integers joined by `|`).
    Flags,
    /// `DISPFlagField` (`DISPFlag*` names and unsigned 32-bit integers joined by `|`).
    SpFlags,
    /// `DwarfEnumKindField` (`DW_APPLE_ENUM_KIND_*`; integers up to `DW_APPLE_ENUM_KIND_max` = 1).
    EnumKind,
    /// `FixedPointKindField` (`Binary`, `Decimal`, `Rational`; integers up to 2).
    FixedPointKind,
    /// `MDSignedOrMDField` with the signed part's minimum and maximum (`null` allowed).
    SignedOrMd(i64, i64),
    /// `MDSignedOrMDField(Default, Min, Max, /* AllowNull */ false)`: the signed part's minimum
    /// and maximum, and `null` is an error ("'X' cannot be null"; only `DISubrange`'s `count`).
    SignedOrMdNoNull(i64, i64),
    /// `MDUnsignedOrMDField` with the unsigned part's maximum (`null` allowed).
    UnsignedOrMd(u64),
    /// `MDSignedOrUnsignedField` (used by no node in LLVM 22: `DIEnumerator`'s `value` is an
    /// `MDAPSIntField` since LLVM 12).
    #[allow(dead_code)] // kept for the agreed API; no LLVM 22 field has this type
    SignedOrUnsigned,
    /// `MDAPSIntField`.
    ApsInt,
    /// `MDFieldList`.
    MdList,
}

/// One field of a node: its name, how its value is read, and whether the node needs it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FieldSpec {
    /// The field's label, as written before the `:`.
    pub name: &'static str,
    /// How its value is read.
    pub ty: FieldTy,
    /// Whether leaving it out is "missing required field 'X'" (reported at the closing `)`).
    pub required: bool,
}

/// An optional field.
const fn opt(name: &'static str, ty: FieldTy) -> FieldSpec {
    FieldSpec { name, ty, required: false }
}

/// A required field ("missing required field 'X'" when absent).
const fn req(name: &'static str, ty: FieldTy) -> FieldSpec {
    FieldSpec { name, ty, required: true }
}

/// `MDField()`: metadata or `null`.
const MD: FieldTy = FieldTy::Md(true);
/// `MDField(/* AllowNull */ false)`: metadata, `null` is an error.
const MD_NN: FieldTy = FieldTy::Md(false);
/// `MDStringField()`: a string, `""` reads as no string.
const STR: FieldTy = FieldTy::Str(true);
/// `LineField`: `MDUnsignedField(0, UINT32_MAX)`.
const LINE: FieldTy = FieldTy::Unsigned(u32::MAX as u64);
/// `ColumnField`: `MDUnsignedField(0, UINT16_MAX)`.
const COLUMN: FieldTy = FieldTy::Unsigned(u16::MAX as u64);
/// `MDUnsignedField(0, UINT32_MAX)`.
const U32: FieldTy = FieldTy::Unsigned(u32::MAX as u64);
/// `MDUnsignedField()` / `MDUnsignedField(0, UINT64_MAX)`.
const U64: FieldTy = FieldTy::Unsigned(u64::MAX);
/// `MDUnsignedOrMDField(0, UINT64_MAX)` (the `size` and `offset` of types).
const U64_OR_MD: FieldTy = FieldTy::UnsignedOrMd(u64::MAX);
/// `MDSignedOrMDField()`: any `i64`, metadata or `null`.
const I64_OR_MD: FieldTy = FieldTy::SignedOrMd(i64::MIN, i64::MAX);
/// `MDBoolField`.
const BOOL: FieldTy = FieldTy::Bool;
/// `DIFlagField`.
const FLAGS: FieldTy = FieldTy::Flags;
/// `DwarfTagField`.
const TAG: FieldTy = FieldTy::Tag;

/// The nodes, each with its fields in LLVM's `VISIT_MD_FIELDS` order.
///
/// Node order is `Metadata.def`'s `HANDLE_SPECIALIZED_MDNODE_LEAF` order (which includes
/// `GenericDINode`), without `DIExpression` (positional, see the module doc).
pub(crate) static DI_NODES: &[(&str, &[FieldSpec])] = &[
    (
        "DILocation",
        &[
            opt("line", LINE),
            opt("column", COLUMN),
            req("scope", MD_NN),
            opt("inlinedAt", MD),
            opt("isImplicitCode", BOOL),
            opt("atomGroup", U64),
            opt("atomRank", FieldTy::Unsigned(u8::MAX as u64)),
        ],
    ),
    ("DIGlobalVariableExpression", &[req("var", MD), req("expr", MD)]),
    ("GenericDINode", &[req("tag", TAG), opt("header", STR), opt("operands", FieldTy::MdList)]),
    (
        "DISubrange",
        &[
            opt("count", FieldTy::SignedOrMdNoNull(-1, i64::MAX)),
            opt("lowerBound", I64_OR_MD),
            opt("upperBound", I64_OR_MD),
            opt("stride", I64_OR_MD),
        ],
    ),
    ("DIEnumerator", &[req("name", STR), req("value", FieldTy::ApsInt), opt("isUnsigned", BOOL)]),
    (
        "DIBasicType",
        &[
            opt("tag", TAG),
            opt("name", STR),
            opt("size", U64_OR_MD),
            opt("align", U32),
            opt("dataSize", U32),
            opt("encoding", FieldTy::AttEncoding),
            opt("num_extra_inhabitants", U32),
            opt("flags", FLAGS),
        ],
    ),
    (
        "DIDerivedType",
        &[
            req("tag", TAG),
            opt("name", STR),
            opt("file", MD),
            opt("line", LINE),
            opt("scope", MD),
            req("baseType", MD),
            opt("size", U64_OR_MD),
            opt("align", U32),
            opt("offset", U64_OR_MD),
            opt("flags", FLAGS),
            opt("extraData", MD),
            opt("dwarfAddressSpace", U32),
            opt("annotations", MD),
            opt("ptrAuthKey", FieldTy::Unsigned(7)),
            opt("ptrAuthIsAddressDiscriminated", BOOL),
            opt("ptrAuthExtraDiscriminator", FieldTy::Unsigned(0xffff)),
            opt("ptrAuthIsaPointer", BOOL),
            opt("ptrAuthAuthenticatesNullValues", BOOL),
        ],
    ),
    (
        "DICompositeType",
        &[
            req("tag", TAG),
            opt("name", STR),
            opt("file", MD),
            opt("line", LINE),
            opt("scope", MD),
            opt("baseType", MD),
            opt("size", U64_OR_MD),
            opt("align", U32),
            opt("offset", U64_OR_MD),
            opt("flags", FLAGS),
            opt("elements", MD),
            opt("runtimeLang", FieldTy::Lang),
            opt("enumKind", FieldTy::EnumKind),
            opt("vtableHolder", MD),
            opt("templateParams", MD),
            opt("identifier", STR),
            opt("discriminator", MD),
            opt("dataLocation", MD),
            opt("associated", MD),
            opt("allocated", MD),
            opt("rank", I64_OR_MD),
            opt("annotations", MD),
            opt("num_extra_inhabitants", U32),
            opt("specification", MD),
            opt("bitStride", MD),
        ],
    ),
    ("DISubroutineType", &[opt("flags", FLAGS), opt("cc", FieldTy::Cc), req("types", MD)]),
    (
        "DIFile",
        &[
            req("filename", STR),
            req("directory", STR),
            opt("checksumkind", FieldTy::ChecksumKind),
            opt("checksum", STR),
            opt("source", FieldTy::StrKeepEmpty),
        ],
    ),
    (
        "DICompileUnit",
        &[
            req("file", MD_NN),
            opt("language", FieldTy::Lang),
            opt("sourceLanguageName", FieldTy::LangName),
            opt("sourceLanguageVersion", U32),
            opt("producer", STR),
            opt("isOptimized", BOOL),
            opt("flags", STR),
            opt("runtimeVersion", U32),
            opt("splitDebugFilename", STR),
            opt("emissionKind", FieldTy::EmissionKind),
            opt("enums", MD),
            opt("retainedTypes", MD),
            opt("globals", MD),
            opt("imports", MD),
            opt("macros", MD),
            opt("dwoId", U64),
            opt("splitDebugInlining", BOOL),
            opt("debugInfoForProfiling", BOOL),
            opt("nameTableKind", FieldTy::NameTableKind),
            opt("rangesBaseAddress", BOOL),
            opt("sysroot", STR),
            opt("sdk", STR),
        ],
    ),
    (
        "DISubprogram",
        &[
            opt("scope", MD),
            opt("name", STR),
            opt("linkageName", STR),
            opt("file", MD),
            opt("line", LINE),
            opt("type", MD),
            opt("isLocal", BOOL),
            opt("isDefinition", BOOL),
            opt("scopeLine", LINE),
            opt("containingType", MD),
            opt("virtuality", FieldTy::Virtuality),
            opt("virtualIndex", U32),
            opt("thisAdjustment", FieldTy::Signed(i32::MIN as i64, i32::MAX as i64)),
            opt("flags", FLAGS),
            opt("spFlags", FieldTy::SpFlags),
            opt("isOptimized", BOOL),
            opt("unit", MD),
            opt("templateParams", MD),
            opt("declaration", MD),
            opt("retainedNodes", MD),
            opt("thrownTypes", MD),
            opt("annotations", MD),
            opt("targetFuncName", STR),
            opt("keyInstructions", BOOL),
        ],
    ),
    ("DILexicalBlock", &[req("scope", MD_NN), opt("file", MD), opt("line", LINE), opt("column", COLUMN)]),
    ("DILexicalBlockFile", &[req("scope", MD_NN), opt("file", MD), req("discriminator", U32)]),
    ("DINamespace", &[req("scope", MD), opt("name", STR), opt("exportSymbols", BOOL)]),
    (
        "DIModule",
        &[
            req("scope", MD),
            req("name", STR),
            opt("configMacros", STR),
            opt("includePath", STR),
            opt("apinotes", STR),
            opt("file", MD),
            opt("line", LINE),
            opt("isDecl", BOOL),
        ],
    ),
    ("DITemplateTypeParameter", &[opt("name", STR), req("type", MD), opt("defaulted", BOOL)]),
    (
        "DITemplateValueParameter",
        &[opt("tag", TAG), opt("name", STR), opt("type", MD), opt("defaulted", BOOL), req("value", MD)],
    ),
    (
        "DIGlobalVariable",
        &[
            opt("name", FieldTy::Str(false)),
            opt("scope", MD),
            opt("linkageName", STR),
            opt("file", MD),
            opt("line", LINE),
            opt("type", MD),
            opt("isLocal", BOOL),
            opt("isDefinition", BOOL),
            opt("templateParams", MD),
            opt("declaration", MD),
            opt("align", U32),
            opt("annotations", MD),
        ],
    ),
    (
        "DILocalVariable",
        &[
            req("scope", MD_NN),
            opt("name", STR),
            opt("arg", FieldTy::Unsigned(u16::MAX as u64)),
            opt("file", MD),
            opt("line", LINE),
            opt("type", MD),
            opt("flags", FLAGS),
            opt("align", U32),
            opt("annotations", MD),
        ],
    ),
    (
        "DILabel",
        &[
            req("scope", MD_NN),
            req("name", STR),
            req("file", MD),
            req("line", LINE),
            opt("column", COLUMN),
            opt("isArtificial", BOOL),
            opt("coroSuspendIdx", U64),
        ],
    ),
    (
        "DIObjCProperty",
        &[
            opt("name", STR),
            opt("file", MD),
            opt("line", LINE),
            opt("setter", STR),
            opt("getter", STR),
            opt("attributes", U32),
            opt("type", MD),
        ],
    ),
    (
        "DIImportedEntity",
        &[
            req("tag", TAG),
            req("scope", MD),
            opt("entity", MD),
            opt("file", MD),
            opt("line", LINE),
            opt("name", STR),
            opt("elements", MD),
        ],
    ),
    // `distinct !DIAssignID()`: no fields, not even `PARSE_MD_FIELDS` (just `(` and `)`).
    ("DIAssignID", &[]),
    ("DIMacro", &[req("type", FieldTy::Macinfo), opt("line", LINE), req("name", STR), opt("value", STR)]),
    ("DIMacroFile", &[opt("type", FieldTy::Macinfo), opt("line", LINE), req("file", MD), opt("nodes", MD)]),
    (
        "DICommonBlock",
        &[req("scope", MD), opt("declaration", MD), opt("name", STR), opt("file", MD), opt("line", LINE)],
    ),
    (
        "DIStringType",
        &[
            opt("tag", TAG),
            opt("name", STR),
            opt("stringLength", MD),
            opt("stringLengthExpression", MD),
            opt("stringLocationExpression", MD),
            opt("size", U64_OR_MD),
            opt("align", U32),
            opt("encoding", FieldTy::AttEncoding),
        ],
    ),
    (
        "DIGenericSubrange",
        &[
            opt("count", I64_OR_MD),
            opt("lowerBound", I64_OR_MD),
            opt("upperBound", I64_OR_MD),
            opt("stride", I64_OR_MD),
        ],
    ),
    (
        "DISubrangeType",
        &[
            opt("name", STR),
            opt("file", MD),
            opt("line", LINE),
            opt("scope", MD),
            opt("baseType", MD),
            opt("size", U64_OR_MD),
            opt("align", U32),
            opt("flags", FLAGS),
            opt("lowerBound", I64_OR_MD),
            opt("upperBound", I64_OR_MD),
            opt("stride", I64_OR_MD),
            opt("bias", I64_OR_MD),
        ],
    ),
    (
        "DIFixedPointType",
        &[
            opt("tag", TAG),
            opt("name", STR),
            opt("size", U64_OR_MD),
            opt("align", U32),
            opt("encoding", FieldTy::AttEncoding),
            opt("flags", FLAGS),
            opt("kind", FieldTy::FixedPointKind),
            opt("factor", FieldTy::Signed(i64::MIN, i64::MAX)),
            opt("numerator", FieldTy::ApsInt),
            opt("denominator", FieldTy::ApsInt),
        ],
    ),
];

/// The nodes of [`DI_NODES`] by the symbols of a module's context: a node's keyword and field
/// labels are then compared as symbols, as the parser interns them anyway.
#[derive(Default)]
pub(crate) struct DiNodeSyms {
    /// Each keyword met, with its node (index in [`DI_NODES`]) when LLVM 22 has it.
    kinds: rustc_hash::FxHashMap<llrs_ir::Symbol, Option<usize>>,
    /// The field labels of each node met, as symbols.
    fields: Vec<Option<Box<[llrs_ir::Symbol]>>>,
    /// The required fields of each node, one bit per field.
    required: Vec<u64>,
}

impl DiNodeSyms {
    /// The node of keyword `kind` (spelled `name`): its index in [`DI_NODES`] and its fields.
    pub(crate) fn node(
        &mut self,
        ctx: &mut llrs_ir::Context,
        kind: llrs_ir::Symbol,
        name: &[u8],
    ) -> Option<(usize, &'static [FieldSpec])> {
        let i = (*self.kinds.entry(kind).or_insert_with(|| DI_NODES.iter().position(|(n, _)| n.as_bytes() == name)))?;
        if self.fields.is_empty() {
            self.fields.resize(DI_NODES.len(), None);
            self.required = DI_NODES
                .iter()
                .map(|(_, specs)| specs.iter().enumerate().filter(|(_, f)| f.required).fold(0, |m, (k, _)| m | 1 << k))
                .collect();
        }
        let specs = DI_NODES[i].1;
        self.fields[i].get_or_insert_with(|| specs.iter().map(|f| ctx.sym(f.name)).collect());
        Some((i, specs))
    }

    /// The required fields of node `node`, one bit per field in table order.
    pub(crate) fn required(&self, node: usize) -> u64 {
        self.required.get(node).copied().unwrap_or(0)
    }

    /// The place among node `node`'s fields of the label `label`, looked for from `from` on
    /// first (fields are mostly written in LLVM's order).
    pub(crate) fn field(&self, node: usize, label: llrs_ir::Symbol, from: usize) -> Option<usize> {
        let syms = self.fields.get(node)?.as_deref()?;
        let from = from.min(syms.len());
        (from..syms.len()).chain(0..from).find(|&k| syms[k] == label)
    }
}

#[cfg(test)]
mod tests {
    /// The parser keeps the fields given in a 64-bit mask.
    #[test]
    fn at_most_64_fields() {
        assert!(super::DI_NODES.iter().all(|(_, fields)| fields.len() <= 64));
    }
}
