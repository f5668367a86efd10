//! A read-only view of a module's metadata as LLVM's debug-info classes see it: what class a
//! node is (`isa<DIScope>`, `isa<DILocalScope>`, ...), and its fields with LLVM's defaults.

use crate::dwarf::{self, tag};
use llrs_ir::{Const, Context, DiValue, Md, MdId, MdKind, MdNode, Module, Symbol};
use rustc_hash::FxHashMap;

/// The specialized debug-info node classes (leaves of LLVM's `Metadata.def`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum DiKind {
    Location,
    GlobalVariableExpression,
    Generic,
    Subrange,
    GenericSubrange,
    Enumerator,
    BasicType,
    FixedPointType,
    StringType,
    DerivedType,
    CompositeType,
    SubroutineType,
    SubrangeType,
    File,
    CompileUnit,
    Subprogram,
    LexicalBlock,
    LexicalBlockFile,
    Namespace,
    Module,
    CommonBlock,
    TemplateTypeParameter,
    TemplateValueParameter,
    GlobalVariable,
    LocalVariable,
    Label,
    ObjCProperty,
    ImportedEntity,
    Macro,
    MacroFile,
    AssignId,
}

const KIND_NAMES: &[(&str, DiKind)] = &[
    ("DILocation", DiKind::Location),
    ("DIGlobalVariableExpression", DiKind::GlobalVariableExpression),
    ("GenericDINode", DiKind::Generic),
    ("DISubrange", DiKind::Subrange),
    ("DIGenericSubrange", DiKind::GenericSubrange),
    ("DIEnumerator", DiKind::Enumerator),
    ("DIBasicType", DiKind::BasicType),
    ("DIFixedPointType", DiKind::FixedPointType),
    ("DIStringType", DiKind::StringType),
    ("DIDerivedType", DiKind::DerivedType),
    ("DICompositeType", DiKind::CompositeType),
    ("DISubroutineType", DiKind::SubroutineType),
    ("DISubrangeType", DiKind::SubrangeType),
    ("DIFile", DiKind::File),
    ("DICompileUnit", DiKind::CompileUnit),
    ("DISubprogram", DiKind::Subprogram),
    ("DILexicalBlock", DiKind::LexicalBlock),
    ("DILexicalBlockFile", DiKind::LexicalBlockFile),
    ("DINamespace", DiKind::Namespace),
    ("DIModule", DiKind::Module),
    ("DICommonBlock", DiKind::CommonBlock),
    ("DITemplateTypeParameter", DiKind::TemplateTypeParameter),
    ("DITemplateValueParameter", DiKind::TemplateValueParameter),
    ("DIGlobalVariable", DiKind::GlobalVariable),
    ("DILocalVariable", DiKind::LocalVariable),
    ("DILabel", DiKind::Label),
    ("DIObjCProperty", DiKind::ObjCProperty),
    ("DIImportedEntity", DiKind::ImportedEntity),
    ("DIMacro", DiKind::Macro),
    ("DIMacroFile", DiKind::MacroFile),
    ("DIAssignID", DiKind::AssignId),
];

impl DiKind {
    /// `isa<DIType>`.
    pub fn is_type(self) -> bool {
        use DiKind::*;
        matches!(
            self,
            BasicType | FixedPointType | StringType | DerivedType | CompositeType | SubroutineType | SubrangeType
        )
    }

    /// `isa<DIScope>`.
    pub fn is_scope(self) -> bool {
        use DiKind::*;
        self.is_type()
            || matches!(
                self,
                File | CompileUnit | Subprogram | LexicalBlock | LexicalBlockFile | Namespace | Module | CommonBlock
            )
    }

    /// `isa<DILocalScope>`.
    pub fn is_local_scope(self) -> bool {
        matches!(self, DiKind::Subprogram | DiKind::LexicalBlock | DiKind::LexicalBlockFile)
    }

    /// `isa<DINode>`.
    pub fn is_di_node(self) -> bool {
        !matches!(self, DiKind::Location | DiKind::GlobalVariableExpression | DiKind::AssignId)
    }
}

/// What a metadata reference is, for the checks' `isa<...>` tests.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Class {
    /// `null`.
    Null,
    /// An `MDString`.
    Str,
    /// A value as metadata (`ConstantAsMetadata`, `LocalAsMetadata`).
    Value,
    /// A generic tuple `!{...}`.
    Tuple,
    /// `!DIExpression(...)`.
    Expression,
    /// `!DIArgList(...)` (not an `MDNode`).
    ArgList,
    /// A specialized node.
    Di(DiKind),
    /// A specialized node of a kind LLVM does not have.
    Unknown,
}

/// Fields of specialized nodes, by label.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
#[repr(usize)]
pub enum F {
    Scope,
    File,
    Line,
    Column,
    InlinedAt,
    Tag,
    Flags,
    SpFlags,
    Unit,
    Declaration,
    RetainedNodes,
    TemplateParams,
    ThrownTypes,
    Type,
    ContainingType,
    BaseType,
    Elements,
    VtableHolder,
    Discriminator,
    DataLocation,
    Associated,
    Allocated,
    Rank,
    Size,
    ExtraData,
    DwarfAddressSpace,
    Encoding,
    Count,
    LowerBound,
    UpperBound,
    Stride,
    Bias,
    Filename,
    Checksum,
    ChecksumKind,
    Enums,
    RetainedTypes,
    Globals,
    Imports,
    Macros,
    Name,
    Var,
    Expr,
    Entity,
    Arg,
    IsDefinition,
    Kind,
    Factor,
    Numerator,
    Denominator,
    Nodes,
    AtomGroup,
    KeyInstructions,
    Types,
}

const FIELD_NAMES: &[&str] = &[
    "scope",
    "file",
    "line",
    "column",
    "inlinedAt",
    "tag",
    "flags",
    "spFlags",
    "unit",
    "declaration",
    "retainedNodes",
    "templateParams",
    "thrownTypes",
    "type",
    "containingType",
    "baseType",
    "elements",
    "vtableHolder",
    "discriminator",
    "dataLocation",
    "associated",
    "allocated",
    "rank",
    "size",
    "extraData",
    "dwarfAddressSpace",
    "encoding",
    "count",
    "lowerBound",
    "upperBound",
    "stride",
    "bias",
    "filename",
    "checksum",
    "checksumkind",
    "enums",
    "retainedTypes",
    "globals",
    "imports",
    "macros",
    "name",
    "var",
    "expr",
    "entity",
    "arg",
    "isDefinition",
    "kind",
    "factor",
    "numerator",
    "denominator",
    "nodes",
    "atomGroup",
    "keyInstructions",
    "types",
];

/// The module's metadata seen through LLVM's debug-info classes.
pub struct View<'m> {
    /// The module.
    pub m: &'m Module,
    /// The class of every node, by id.
    classes: Vec<Class>,
    fields: Vec<Option<Symbol>>,
    /// The functions named `llvm.*`, with their LLVM intrinsic ids when LLVM 22 knows them.
    intrinsics: FxHashMap<llrs_ir::GlobalId, Option<u32>>,
}

impl<'m> View<'m> {
    /// A view of `m`.
    pub fn new(m: &'m Module) -> Self {
        let names = &m.ctx.names;
        let kinds: FxHashMap<Symbol, DiKind> =
            KIND_NAMES.iter().filter_map(|&(n, k)| Some((names.lookup(n.as_bytes())?, k))).collect();
        let fields = FIELD_NAMES.iter().map(|n| names.lookup(n.as_bytes())).collect();
        let classes = (0..m.ctx.num_mds())
            .map(|i| match m.ctx.md(MdId(i as u32)).kind {
                MdKind::Tuple => Class::Tuple,
                MdKind::Expression => Class::Expression,
                MdKind::ArgList => Class::ArgList,
                MdKind::Special(s) => kinds.get(&s).map_or(Class::Unknown, |&k| Class::Di(k)),
                MdKind::Location { .. } => Class::Di(DiKind::Location),
            })
            .collect();
        let intrinsics = m
            .globals
            .iter()
            .filter(|(_, gl)| gl.kind == llrs_ir::module::GlobalKind::Function)
            .filter_map(|(g, gl)| {
                let name = m.ctx.name(gl.name?);
                name.starts_with(b"llvm.").then(|| (g, llrs_ir::intrinsics::lookup(name)))
            })
            .collect();
        View { m, classes, fields, intrinsics }
    }

    /// The intrinsic function `g` is, by its `llvm.*` name (`None` for another function), with
    /// its LLVM intrinsic id when LLVM 22 knows it.
    pub fn intrinsic(&self, g: llrs_ir::GlobalId) -> Option<Option<u32>> {
        self.intrinsics.get(&g).copied()
    }

    /// The context.
    pub fn ctx(&self) -> &'m Context {
        &self.m.ctx
    }

    /// The node `id`.
    pub fn node(&self, id: MdId) -> &'m MdNode {
        self.m.ctx.md(id)
    }

    /// The class of a metadata reference.
    pub fn class(&self, md: Md) -> Class {
        match md {
            Md::Null => Class::Null,
            Md::Str(_) => Class::Str,
            Md::Const(_) | Md::Local(_) => Class::Value,
            Md::Node(id) => self.node_class(id),
        }
    }

    /// The class of node `id`.
    pub fn node_class(&self, id: MdId) -> Class {
        self.classes.get(id.0 as usize).copied().unwrap_or(Class::Unknown)
    }

    /// The specialized kind of `md`, if it is a specialized node.
    pub fn kind(&self, md: Md) -> Option<DiKind> {
        match self.class(md) {
            Class::Di(k) => Some(k),
            _ => None,
        }
    }

    /// Whether `md` is a node of kind `k`.
    pub fn is(&self, md: Md, k: DiKind) -> bool {
        self.kind(md) == Some(k)
    }

    /// `isType`: null or a `DIType`.
    pub fn is_type_or_null(&self, md: Md) -> bool {
        md == Md::Null || self.kind(md).is_some_and(DiKind::is_type)
    }

    /// `isScope`: null or a `DIScope`.
    pub fn is_scope_or_null(&self, md: Md) -> bool {
        md == Md::Null || self.kind(md).is_some_and(DiKind::is_scope)
    }

    /// `isa<DILocalScope>` (false for null).
    pub fn is_local_scope(&self, md: Md) -> bool {
        self.kind(md).is_some_and(DiKind::is_local_scope)
    }

    /// The value of a field, if the node holds it as a field (a compact location holds none:
    /// see [`View::md`] and [`View::uint`]).
    pub fn field(&self, id: MdId, f: F) -> Option<&'m DiValue> {
        let sym = self.fields[f as usize]?;
        self.node(id).fields.iter().find(|(n, _)| *n == Some(sym)).map(|(_, v)| v)
    }

    /// A field of a compact location (`None` for another node, or a field it does not have).
    fn location_field(&self, id: MdId, f: F) -> Option<DiValue> {
        let loc = self.node(id).as_location()?;
        match f {
            F::Line => Some(DiValue::Int(i64::from(loc.line))),
            F::Column => Some(DiValue::Int(i64::from(loc.column))),
            F::Scope => Some(DiValue::Md(loc.scope)),
            F::InlinedAt => Some(DiValue::Md(loc.inlined_at)),
            _ => None,
        }
    }

    /// A metadata field (`null` when absent or not metadata).
    pub fn md(&self, id: MdId, f: F) -> Md {
        if let Some(v) = self.location_field(id, f) {
            return match v {
                DiValue::Md(m) => m,
                _ => Md::Null,
            };
        }
        match self.field(id, f) {
            Some(DiValue::Md(m)) => *m,
            _ => Md::Null,
        }
    }

    /// The "raw" operand of a field that may hold an integer (stored by LLVM as a constant):
    /// `Some(Md::Null)`-like classes are told apart by [`Raw`].
    pub fn raw(&self, id: MdId, f: F) -> Raw {
        let loc = self.location_field(id, f);
        let value = match &loc {
            Some(v) => Some(v),
            None => self.field(id, f),
        };
        match value {
            None | Some(DiValue::Md(Md::Null)) => Raw::Null,
            Some(DiValue::Int(_) | DiValue::BigInt(_)) => Raw::Const,
            Some(DiValue::Md(m)) => match self.class(*m) {
                Class::Value => Raw::Const,
                c => Raw::Md(*m, c),
            },
            Some(_) => Raw::Other,
        }
    }

    /// An unsigned integer field (0 when absent).
    pub fn uint(&self, id: MdId, f: F) -> u64 {
        if let Some(v) = self.location_field(id, f) {
            return match v {
                DiValue::Int(v) => v as u64,
                _ => 0,
            };
        }
        match self.field(id, f) {
            Some(DiValue::Int(v)) => *v as u64,
            Some(DiValue::BigInt(s)) => parse_u64(self.ctx().name(*s)).unwrap_or(0),
            Some(DiValue::Md(Md::Const(c))) => const_u64(self.ctx(), *c).unwrap_or(0),
            _ => 0,
        }
    }

    /// A string field (empty when absent).
    pub fn str(&self, id: MdId, f: F) -> &'m [u8] {
        match self.field(id, f) {
            Some(DiValue::Str(s)) | Some(DiValue::Md(Md::Str(s))) => self.ctx().name(*s),
            _ => b"",
        }
    }

    /// A `true`/`false` field (`default` when absent).
    pub fn bool(&self, id: MdId, f: F, default: bool) -> bool {
        match self.field(id, f) {
            Some(DiValue::Ident(s)) => match self.ctx().name(*s) {
                b"true" => true,
                b"false" => false,
                _ => default,
            },
            Some(DiValue::Int(v)) => *v != 0,
            _ => default,
        }
    }

    /// The bits of a `DIFlag*` field.
    pub fn di_flags(&self, id: MdId) -> u64 {
        self.flag_bits(id, F::Flags, dwarf::di_flag_value)
    }

    fn flag_bits(&self, id: MdId, f: F, by_name: fn(&[u8]) -> Option<u64>) -> u64 {
        let one = |s: Symbol| -> u64 {
            let name = self.ctx().name(s);
            parse_u64(name).or_else(|| by_name(name)).unwrap_or(0)
        };
        match self.field(id, f) {
            Some(DiValue::Int(v)) => *v as u64,
            Some(DiValue::Ident(s)) => one(*s),
            Some(DiValue::Flags(list)) => list.iter().fold(0, |acc, s| acc | one(*s)),
            _ => 0,
        }
    }

    /// `DISubprogram::isDefinition`.
    pub fn sp_is_definition(&self, id: MdId) -> bool {
        if self.field(id, F::SpFlags).is_some() {
            return self.flag_bits(id, F::SpFlags, dwarf::sp_flag_value) & dwarf::SP_FLAG_DEFINITION != 0;
        }
        // A node whose legacy fields the parser left as written.
        self.bool(id, F::IsDefinition, true)
    }

    /// The operands of a generic tuple.
    pub fn tuple_ops(&self, md: Md) -> Option<&'m [Md]> {
        match md {
            Md::Node(id) if self.node(id).kind == MdKind::Tuple => Some(&self.node(id).ops),
            _ => None,
        }
    }

    /// An enumerated field (`DW_TAG_*`, `DW_ATE_*`, `DW_MACINFO_*`) as a number.
    fn enum_field(&self, id: MdId, f: F, by_name: fn(&[u8]) -> Option<u64>) -> Option<u64> {
        match self.field(id, f)? {
            DiValue::Int(v) => Some(*v as u64),
            DiValue::Ident(s) => Some(by_name(self.ctx().name(*s)).unwrap_or(tag::OTHER)),
            _ => None,
        }
    }

    /// `DINode::getTag()` (0 for nodes without one).
    pub fn tag(&self, id: MdId) -> u64 {
        let Class::Di(k) = self.node_class(id) else { return 0 };
        let written = |d: u64| self.enum_field(id, F::Tag, |n| Some(dwarf::tag_value(n))).unwrap_or(d);
        use DiKind::*;
        match k {
            Generic | DerivedType | CompositeType | ImportedEntity => written(0),
            BasicType | FixedPointType => written(tag::BASE_TYPE),
            StringType => written(tag::STRING_TYPE),
            TemplateValueParameter => written(tag::TEMPLATE_VALUE_PARAMETER),
            Subrange | SubrangeType => tag::SUBRANGE_TYPE,
            GenericSubrange => tag::GENERIC_SUBRANGE,
            Enumerator => tag::ENUMERATOR,
            SubroutineType => tag::SUBROUTINE_TYPE,
            File => tag::FILE_TYPE,
            CompileUnit => tag::COMPILE_UNIT,
            Subprogram => tag::SUBPROGRAM,
            LexicalBlock | LexicalBlockFile => tag::LEXICAL_BLOCK,
            Namespace => tag::NAMESPACE,
            Module => tag::MODULE,
            CommonBlock => tag::COMMON_BLOCK,
            TemplateTypeParameter => tag::TEMPLATE_TYPE_PARAMETER,
            GlobalVariable | LocalVariable => tag::VARIABLE,
            Label => tag::LABEL,
            ObjCProperty => tag::APPLE_PROPERTY,
            Macro | MacroFile | Location | GlobalVariableExpression | AssignId => 0,
        }
    }

    /// A `DW_ATE_*` encoding field (0 when absent).
    pub fn encoding(&self, id: MdId) -> u64 {
        self.enum_field(id, F::Encoding, dwarf::ate_value).unwrap_or(0)
    }

    /// A `DW_MACINFO_*` field.
    pub fn macinfo(&self, id: MdId, f: F, default: u64) -> u64 {
        self.enum_field(id, f, dwarf::macinfo_value).unwrap_or(default)
    }

    /// `DIType::getSizeInBits()`: the constant size, 0 when none.
    pub fn type_size(&self, id: MdId) -> u64 {
        self.uint(id, F::Size)
    }

    /// The number of operands of a node (`MDNode::getNumOperands`), as far as the checks need
    /// it: tuples and the kinds without operands.
    pub fn has_no_operands(&self, id: MdId) -> bool {
        match self.node_class(id) {
            Class::Tuple => self.node(id).ops.is_empty(),
            Class::Expression | Class::Di(DiKind::AssignId) => true,
            _ => false,
        }
    }
}

/// A raw field of a bound or size: what `getRawCountNode()` and friends return.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Raw {
    /// Absent or null.
    Null,
    /// An integer, stored as a `ConstantAsMetadata`.
    Const,
    /// A metadata reference of the given class.
    Md(Md, Class),
    /// Something else (a string or keyword where metadata was expected).
    Other,
}

impl Raw {
    /// `isa<ConstantAsMetadata> || isa<DIVariable> || isa<DIExpression>` (or null).
    pub fn is_bound_or_null(self) -> bool {
        match self {
            Raw::Null | Raw::Const => true,
            Raw::Md(_, c) => {
                matches!(c, Class::Expression | Class::Di(DiKind::GlobalVariable) | Class::Di(DiKind::LocalVariable))
            }
            Raw::Other => false,
        }
    }

    /// `isa<DIVariable> || isa<DIExpression>` (or null).
    pub fn is_var_or_expr_or_null(self) -> bool {
        match self {
            Raw::Null => true,
            Raw::Const | Raw::Other => false,
            Raw::Md(..) => self.is_bound_or_null(),
        }
    }
}

/// An unsigned decimal.
pub fn parse_u64(s: &[u8]) -> Option<u64> {
    std::str::from_utf8(s).ok()?.parse().ok()
}

/// The zero-extended value of an integer constant.
pub fn const_u64(ctx: &Context, c: llrs_ir::ConstId) -> Option<u64> {
    match ctx.const_of(c) {
        Const::Int(_, v) => Some(v.low_u64()),
        _ => None,
    }
}
