//! The ThinLTO module summary index, as LLVM's `ModuleSummaryIndex` holds it.
//!
//! A `.ll` file may end with summary entries (`^N = module: ...`, `^N = gv: ...`, ...). The parser
//! resolves their `^N` references and builds a [`SummaryIndex`]: module paths with their hashes,
//! global values by GUID with their summaries, type-id summaries, the type ids compatible with
//! vtables, the index flags and the block count. Every reference to a global value is by its GUID,
//! as in LLVM; the `^N` numbers are only the printer's slots.

use crate::module::{Linkage, Visibility};
use std::collections::BTreeMap;

/// A global value's GUID: the low 64 bits of the MD5 of its global identifier.
pub type Guid = u64;

/// A module's hash: five 32-bit words (a SHA-1).
pub type ModuleHash = [u32; 5];

/// The index flag bits LLVM keeps when it reads `^N = flags: F` (0x4 is reserved; higher bits are
/// unknown to it).
pub const KNOWN_FLAGS: u64 = 0x7fb;

/// The index flag bits a per-module summary keeps through bitcode (`EnableSplitLTOUnit` and
/// `UnifiedLTO`); the others are set on combined indexes only.
pub const PER_MODULE_FLAGS: u64 = 0x208;

/// The module path LLVM prints for the empty path (a regular LTO module).
pub const REGULAR_LTO_MODULE_NAME: &[u8] = b"[Regular LTO]";

/// The low 64 bits (little-endian) of the MD5 of `data`: LLVM's `MD5Hash`.
pub fn md5_low64(data: &[u8]) -> u64 {
    const S: [u32; 64] = [
        7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14,
        20, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6,
        10, 15, 21,
    ];
    let k: Vec<u32> = (0..64).map(|i| ((i as f64 + 1.0).sin().abs() * 4294967296.0) as u32).collect();
    let (mut a0, mut b0, mut c0, mut d0) = (0x67452301u32, 0xefcdab89u32, 0x98badcfeu32, 0x10325476u32);
    let mut msg = data.to_vec();
    msg.push(0x80);
    while msg.len() % 64 != 56 {
        msg.push(0);
    }
    msg.extend_from_slice(&((data.len() as u64).wrapping_mul(8)).to_le_bytes());
    for chunk in msg.chunks_exact(64) {
        let mut m = [0u32; 16];
        for (w, bytes) in m.iter_mut().zip(chunk.chunks_exact(4)) {
            *w = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        }
        let (mut a, mut b, mut c, mut d) = (a0, b0, c0, d0);
        for i in 0..64 {
            let (f, g) = match i / 16 {
                0 => ((b & c) | (!b & d), i),
                1 => ((d & b) | (!d & c), (5 * i + 1) % 16),
                2 => (b ^ c ^ d, (3 * i + 5) % 16),
                _ => (c ^ (b | !d), (7 * i) % 16),
            };
            let f2 = f.wrapping_add(a).wrapping_add(k[i]).wrapping_add(m[g]);
            a = d;
            d = c;
            c = b;
            b = b.wrapping_add(f2.rotate_left(S[i]));
        }
        a0 = a0.wrapping_add(a);
        b0 = b0.wrapping_add(b);
        c0 = c0.wrapping_add(c);
        d0 = d0.wrapping_add(d);
    }
    (a0 as u64) | ((b0 as u64) << 32)
}

/// `GlobalValue::getGlobalIdentifier`: the name without a leading `\1`, prefixed with
/// `FILE;` for local linkage (`<unknown>` when the source file name is empty).
pub fn global_identifier(name: &[u8], linkage: Linkage, source_file: &[u8]) -> Vec<u8> {
    let name = name.strip_prefix(b"\x01").unwrap_or(name);
    let mut id = Vec::with_capacity(name.len() + source_file.len() + 1);
    if linkage.is_local() {
        id.extend_from_slice(if source_file.is_empty() { b"<unknown>" } else { source_file });
        id.push(b';');
    }
    id.extend_from_slice(name);
    id
}

/// The GUID of a global value named `name` with `linkage` in a module whose source file is
/// `source_file` (`GlobalValue::getGUID`).
pub fn global_guid(name: &[u8], linkage: Linkage, source_file: &[u8]) -> Guid {
    md5_low64(&global_identifier(name, linkage, source_file))
}

/// A module summary index (`ModuleSummaryIndex`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SummaryIndex {
    /// Module paths with their hashes; the empty path is a regular LTO module.
    pub modules: BTreeMap<Vec<u8>, ModuleHash>,
    /// Global values by GUID.
    pub values: BTreeMap<Guid, ValueEntry>,
    /// Type-id summaries by the GUID of the type id's name (several names may share a GUID).
    pub type_ids: BTreeMap<Guid, Vec<(Vec<u8>, TypeIdSummary)>>,
    /// For each type id (by name), the vtables compatible with it.
    pub vtable_type_ids: BTreeMap<Vec<u8>, Vec<VTableTypeIdEntry>>,
    /// Index flags (`^N = flags: F`).
    pub flags: u64,
    /// The number of basic blocks (`^N = blockcount: N`).
    pub block_count: u64,
    /// The index as `llvm-dis` reads it from bitcode (`getSummary`): printed as it is, even
    /// empty, where an index read from text is printed as `llvm-as | llvm-dis` gives it back.
    pub from_bitcode: bool,
}

impl SummaryIndex {
    /// True when LLVM would not write the index to bitcode: no global value and no flag.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty() && self.flags == 0
    }

    /// The summary of `guid` defined in the module `path` (`findSummaryInModule`).
    pub fn find_summary_in_module(&self, guid: Guid, path: &[u8]) -> Option<&GlobalValueSummary> {
        self.values.get(&guid)?.summaries.iter().find(|s| s.module == path)
    }

    /// The type-id summary named `name`, created empty when absent (`getOrInsertTypeIdSummary`).
    pub fn type_id_mut(&mut self, name: &[u8]) -> &mut TypeIdSummary {
        let list = self.type_ids.entry(md5_low64(name)).or_default();
        let i = match list.iter().position(|(n, _)| n == name) {
            Some(i) => i,
            None => {
                list.push((name.to_vec(), TypeIdSummary::default()));
                list.len() - 1
            }
        };
        &mut list[i].1
    }

    /// Every function summary of the index.
    pub fn function_summaries(&self) -> impl Iterator<Item = &FunctionSummary> {
        self.values.values().flat_map(|e| e.summaries.iter()).filter_map(|s| match &s.kind {
            SummaryKind::Function(f) => Some(&**f),
            _ => None,
        })
    }
}

/// A global value of the index: its name when known and its summaries (one per module that
/// defines it; none for a value only referenced).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ValueEntry {
    /// The name, when the entry was given one.
    pub name: Option<Vec<u8>>,
    /// The summaries, in order.
    pub summaries: Vec<GlobalValueSummary>,
}

/// The summary of one definition of a global value (`GlobalValueSummary`).
#[derive(Clone, Debug, PartialEq)]
pub struct GlobalValueSummary {
    /// The path of the defining module.
    pub module: Vec<u8>,
    /// Linkage, visibility and import flags.
    pub flags: GvFlags,
    /// The global values referenced (not called): read-only ones after the plain ones, write-only
    /// ones last.
    pub refs: Vec<ValueRef>,
    /// What kind of global value, with its own data.
    pub kind: SummaryKind,
}

/// A reference to a global value, with what is known of the access.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ValueRef {
    /// The referenced value.
    pub guid: Guid,
    /// Read-only, write-only or neither.
    pub access: RefAccess,
}

/// How a reference accesses a variable.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum RefAccess {
    /// Nothing known.
    #[default]
    Any,
    /// `readonly ^N`.
    ReadOnly,
    /// `writeonly ^N`.
    WriteOnly,
}

/// Whether a summary stands for a definition or a declaration (`importType`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum ImportKind {
    /// `definition`.
    #[default]
    Definition,
    /// `declaration`.
    Declaration,
}

impl ImportKind {
    /// The keyword.
    pub fn name(self) -> &'static str {
        match self {
            ImportKind::Definition => "definition",
            ImportKind::Declaration => "declaration",
        }
    }
}

/// The flags of a global value summary (`GVFlags`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct GvFlags {
    /// Linkage.
    pub linkage: Linkage,
    /// Visibility.
    pub visibility: Visibility,
    /// `notEligibleToImport`.
    pub not_eligible_to_import: bool,
    /// `live`.
    pub live: bool,
    /// `dsoLocal`.
    pub dso_local: bool,
    /// `canAutoHide`.
    pub can_auto_hide: bool,
    /// `importType`.
    pub import_type: ImportKind,
}

/// The kind-specific part of a summary.
#[derive(Clone, Debug, PartialEq)]
pub enum SummaryKind {
    /// `function: (...)`.
    Function(Box<FunctionSummary>),
    /// `variable: (...)`.
    Variable(VariableSummary),
    /// `alias: (...)`.
    Alias(AliasSummary),
}

impl SummaryKind {
    /// The keyword of the kind.
    pub fn name(&self) -> &'static str {
        match self {
            SummaryKind::Function(_) => "function",
            SummaryKind::Variable(_) => "variable",
            SummaryKind::Alias(_) => "alias",
        }
    }
}

/// A function's summary (`FunctionSummary`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FunctionSummary {
    /// The number of instructions.
    pub insts: u32,
    /// The function flags.
    pub flags: FuncFlags,
    /// Call edges, in order.
    pub calls: Vec<CallEdge>,
    /// Type tests and virtual calls.
    pub type_id_info: TypeIdInfo,
    /// Parameter accesses (stack safety).
    pub params: Vec<ParamAccess>,
    /// Memprof call sites.
    pub callsites: Vec<CallsiteInfo>,
    /// Memprof allocation sites.
    pub allocs: Vec<AllocInfo>,
}

/// The function flags (`FFlags`), printed only when one is set.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct FuncFlags {
    /// `readNone`.
    pub read_none: bool,
    /// `readOnly`.
    pub read_only: bool,
    /// `noRecurse`.
    pub no_recurse: bool,
    /// `returnDoesNotAlias`.
    pub return_does_not_alias: bool,
    /// `noInline`.
    pub no_inline: bool,
    /// `alwaysInline`.
    pub always_inline: bool,
    /// `noUnwind`.
    pub no_unwind: bool,
    /// `mayThrow`.
    pub may_throw: bool,
    /// `hasUnknownCall`.
    pub has_unknown_call: bool,
    /// `mustBeUnreachable`.
    pub must_be_unreachable: bool,
}

impl FuncFlags {
    /// The flags with their keywords, in LLVM's printing order.
    pub fn named(&self) -> [(&'static str, bool); 10] {
        [
            ("readNone", self.read_none),
            ("readOnly", self.read_only),
            ("noRecurse", self.no_recurse),
            ("returnDoesNotAlias", self.return_does_not_alias),
            ("noInline", self.no_inline),
            ("alwaysInline", self.always_inline),
            ("noUnwind", self.no_unwind),
            ("mayThrow", self.may_throw),
            ("hasUnknownCall", self.has_unknown_call),
            ("mustBeUnreachable", self.must_be_unreachable),
        ]
    }
    /// Is any flag set?
    pub fn any(&self) -> bool {
        self.named().iter().any(|&(_, v)| v)
    }
}

/// A call edge.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CallEdge {
    /// The callee.
    pub callee: Guid,
    /// The profile hotness of the call.
    pub hotness: Hotness,
    /// Whether it is a tail call.
    pub tail: bool,
}

/// The hotness of a call edge.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Hotness {
    /// `unknown` (not printed).
    #[default]
    Unknown,
    /// `cold`.
    Cold,
    /// `none`.
    None,
    /// `hot`.
    Hot,
    /// `critical`.
    Critical,
}

impl Hotness {
    /// The keyword.
    pub fn name(self) -> &'static str {
        match self {
            Hotness::Unknown => "unknown",
            Hotness::Cold => "cold",
            Hotness::None => "none",
            Hotness::Hot => "hot",
            Hotness::Critical => "critical",
        }
    }
}

/// The type tests and virtual calls of a function (`TypeIdInfo`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TypeIdInfo {
    /// GUIDs of the type ids tested outside of virtual calls.
    pub type_tests: Vec<Guid>,
    /// Virtual calls through `llvm.type.test` + `llvm.assume` with non-constant arguments.
    pub type_test_assume_vcalls: Vec<VFuncId>,
    /// Virtual calls through `llvm.type.checked.load` with non-constant arguments.
    pub type_checked_load_vcalls: Vec<VFuncId>,
    /// Virtual calls through `llvm.type.test` + `llvm.assume` with constant arguments.
    pub type_test_assume_const_vcalls: Vec<ConstVCall>,
    /// Virtual calls through `llvm.type.checked.load` with constant arguments.
    pub type_checked_load_const_vcalls: Vec<ConstVCall>,
}

impl TypeIdInfo {
    /// No list holds anything.
    pub fn is_empty(&self) -> bool {
        self.type_tests.is_empty()
            && self.type_test_assume_vcalls.is_empty()
            && self.type_checked_load_vcalls.is_empty()
            && self.type_test_assume_const_vcalls.is_empty()
            && self.type_checked_load_const_vcalls.is_empty()
    }
    /// Every type-id GUID mentioned.
    pub fn type_id_guids(&self) -> impl Iterator<Item = Guid> + '_ {
        self.type_tests
            .iter()
            .copied()
            .chain(self.type_test_assume_vcalls.iter().map(|v| v.guid))
            .chain(self.type_checked_load_vcalls.iter().map(|v| v.guid))
            .chain(self.type_test_assume_const_vcalls.iter().map(|c| c.vfunc.guid))
            .chain(self.type_checked_load_const_vcalls.iter().map(|c| c.vfunc.guid))
    }
}

/// A virtual function: type id and offset in the vtable.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct VFuncId {
    /// The GUID of the type id.
    pub guid: Guid,
    /// The offset.
    pub offset: u64,
}

/// A virtual call with constant integer arguments.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ConstVCall {
    /// The virtual function.
    pub vfunc: VFuncId,
    /// The constant arguments.
    pub args: Vec<u64>,
}

/// A range of byte offsets over 64 bits (`ConstantRange`): `[lower, upper)`, wrapping; equal
/// bounds are the full set when all ones and the empty set when zero.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct OffsetRange {
    /// Lower bound (inclusive).
    pub lower: u64,
    /// Upper bound (exclusive).
    pub upper: u64,
}

impl OffsetRange {
    /// The range printed `[lo, hi]` (inclusive bounds), as LLParser builds it.
    pub fn from_inclusive(lo: u64, hi: u64) -> Self {
        let upper = hi.wrapping_add(1);
        if lo == upper && lo != u64::MAX {
            OffsetRange { lower: 0, upper: 0 }
        } else {
            OffsetRange { lower: lo, upper }
        }
    }
    fn is_full(self) -> bool {
        self.lower == self.upper && self.lower == u64::MAX
    }
    /// `getSignedMin`.
    pub fn signed_min(self) -> i64 {
        let (l, u) = (self.lower as i64, self.upper as i64);
        if self.is_full() || (l > u && u != i64::MIN) {
            i64::MIN
        } else {
            l
        }
    }
    /// `getSignedMax`.
    pub fn signed_max(self) -> i64 {
        let (l, u) = (self.lower as i64, self.upper as i64);
        if self.is_full() || l > u {
            i64::MAX
        } else {
            u.wrapping_sub(1)
        }
    }
}

/// How a function uses one of its pointer parameters (`ParamAccess`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamAccess {
    /// The parameter number.
    pub param: u64,
    /// The byte offsets accessed.
    pub offsets: OffsetRange,
    /// Calls that pass the parameter on.
    pub calls: Vec<ParamCall>,
}

/// A call passing a parameter to another function.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ParamCall {
    /// The callee.
    pub callee: Guid,
    /// The callee's parameter number.
    pub param: u64,
    /// The offsets passed.
    pub offsets: OffsetRange,
}

/// A memprof call site (`CallsiteInfo`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CallsiteInfo {
    /// The callee (`null` when unknown).
    pub callee: Option<Guid>,
    /// Clone numbers.
    pub clones: Vec<u32>,
    /// Stack ids of the context.
    pub stack_ids: Vec<u64>,
}

/// A memprof allocation site (`AllocInfo`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllocInfo {
    /// Allocation type of each version.
    pub versions: Vec<AllocType>,
    /// The contexts.
    pub mibs: Vec<Mib>,
}

/// One allocation context (`MIBInfo`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mib {
    /// Its allocation type.
    pub alloc_type: AllocType,
    /// Stack ids of the context.
    pub stack_ids: Vec<u64>,
}

/// A memprof allocation type.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum AllocType {
    /// `none`.
    #[default]
    None,
    /// `notcold`.
    NotCold,
    /// `cold`.
    Cold,
    /// `hot`.
    Hot,
}

impl AllocType {
    /// The keyword.
    pub fn name(self) -> &'static str {
        match self {
            AllocType::None => "none",
            AllocType::NotCold => "notcold",
            AllocType::Cold => "cold",
            AllocType::Hot => "hot",
        }
    }
}

/// A global variable's summary (`GlobalVarSummary`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct VariableSummary {
    /// The variable flags.
    pub flags: VarFlags,
    /// For vtables: the virtual functions and their offsets.
    pub vtable_funcs: Vec<VirtFunc>,
}

/// The flags of a variable summary (`GVarFlags`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct VarFlags {
    /// `readonly`.
    pub read_only: bool,
    /// `writeonly`.
    pub write_only: bool,
    /// `constant`.
    pub constant: bool,
    /// `vcall_visibility`.
    pub vcall_visibility: u8,
}

/// A virtual function of a vtable.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct VirtFunc {
    /// The function.
    pub func: Guid,
    /// Its offset in the vtable.
    pub offset: u64,
}

/// An alias's summary.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct AliasSummary {
    /// The aliasee, when its summary in the alias's module is known (`null` otherwise).
    pub aliasee: Option<Guid>,
}

/// A type id's summary (`TypeIdSummary`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TypeIdSummary {
    /// How type tests are lowered.
    pub ttres: TypeTestResolution,
    /// Devirtualization resolutions by vtable offset.
    pub wpd: BTreeMap<u64, WpdResolution>,
}

/// A type test resolution.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct TypeTestResolution {
    /// The kind.
    pub kind: TtResKind,
    /// `sizeM1BitWidth`.
    pub size_m1_bit_width: u32,
    /// `alignLog2` (printed when not zero).
    pub align_log2: u64,
    /// `sizeM1` (printed when not zero).
    pub size_m1: u64,
    /// `bitMask` (printed when not zero).
    pub bit_mask: u8,
    /// `inlineBits` (printed when not zero).
    pub inline_bits: u64,
}

/// The kind of a type test resolution.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum TtResKind {
    /// `unknown`.
    #[default]
    Unknown,
    /// `unsat`.
    Unsat,
    /// `byteArray`.
    ByteArray,
    /// `inline`.
    Inline,
    /// `single`.
    Single,
    /// `allOnes`.
    AllOnes,
}

impl TtResKind {
    /// The keyword.
    pub fn name(self) -> &'static str {
        match self {
            TtResKind::Unknown => "unknown",
            TtResKind::Unsat => "unsat",
            TtResKind::ByteArray => "byteArray",
            TtResKind::Inline => "inline",
            TtResKind::Single => "single",
            TtResKind::AllOnes => "allOnes",
        }
    }
}

/// A whole-program devirtualization resolution.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WpdResolution {
    /// The kind.
    pub kind: WpdKind,
    /// For `singleImpl`: the implementation.
    pub single_impl_name: Vec<u8>,
    /// Resolutions by constant arguments.
    pub res_by_arg: BTreeMap<Vec<u64>, ByArg>,
}

/// The kind of a devirtualization resolution.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum WpdKind {
    /// `indir`.
    #[default]
    Indir,
    /// `singleImpl`.
    SingleImpl,
    /// `branchFunnel`.
    BranchFunnel,
}

impl WpdKind {
    /// The keyword.
    pub fn name(self) -> &'static str {
        match self {
            WpdKind::Indir => "indir",
            WpdKind::SingleImpl => "singleImpl",
            WpdKind::BranchFunnel => "branchFunnel",
        }
    }
}

/// A resolution for given constant arguments.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct ByArg {
    /// The kind.
    pub kind: ByArgKind,
    /// `info` (for uniform and unique return values).
    pub info: u64,
    /// `byte`.
    pub byte: u32,
    /// `bit`.
    pub bit: u32,
}

/// The kind of a by-argument resolution.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum ByArgKind {
    /// `indir`.
    #[default]
    Indir,
    /// `uniformRetVal`.
    UniformRetVal,
    /// `uniqueRetVal`.
    UniqueRetVal,
    /// `virtualConstProp`.
    VirtualConstProp,
}

impl ByArgKind {
    /// The keyword.
    pub fn name(self) -> &'static str {
        match self {
            ByArgKind::Indir => "indir",
            ByArgKind::UniformRetVal => "uniformRetVal",
            ByArgKind::UniqueRetVal => "uniqueRetVal",
            ByArgKind::VirtualConstProp => "virtualConstProp",
        }
    }
}

/// A vtable compatible with a type id, at an address point offset.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct VTableTypeIdEntry {
    /// The address point offset.
    pub offset: u64,
    /// The vtable.
    pub vtable: Guid,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guids() {
        assert_eq!(md5_low64(b"main"), 15822663052811949562);
        assert_eq!(md5_low64(b"_ZTS1C"), 1884921850105019584);
        assert_eq!(md5_low64(b""), 338333539836370388);
        assert_eq!(global_guid(b"h", Linkage::Internal, b"e1.c"), 13298637357614949011);
        assert_eq!(global_guid(b"\x01f", Linkage::External, b"x"), md5_low64(b"f"));
        assert_eq!(global_identifier(b"g", Linkage::Private, b""), b"<unknown>;g");
    }

    #[test]
    fn offset_ranges() {
        let r = OffsetRange::from_inclusive(0, 3);
        assert_eq!((r.signed_min(), r.signed_max()), (0, 3));
        let r = OffsetRange::from_inclusive(-4i64 as u64, 7);
        assert_eq!((r.signed_min(), r.signed_max()), (-4, 7));
        let empty = OffsetRange::from_inclusive(5, 4);
        assert_eq!((empty.signed_min(), empty.signed_max()), (0, -1));
        assert_eq!(OffsetRange::from_inclusive(0, u64::MAX), OffsetRange::from_inclusive(0, -1i64 as u64));
        let full = OffsetRange::from_inclusive(u64::MAX, u64::MAX - 1);
        assert_eq!((full.signed_min(), full.signed_max()), (i64::MIN, i64::MAX));
    }

    #[test]
    fn type_ids_share_guid_buckets() {
        let mut idx = SummaryIndex::default();
        idx.type_id_mut(b"_ZTS1A").ttres.size_m1_bit_width = 7;
        idx.type_id_mut(b"_ZTS1A").ttres.align_log2 = 1;
        assert_eq!(idx.type_ids.len(), 1);
        let list = &idx.type_ids[&md5_low64(b"_ZTS1A")];
        assert_eq!(list.len(), 1);
        assert_eq!((list[0].1.ttres.size_m1_bit_width, list[0].1.ttres.align_log2), (7, 1));
        assert!(idx.is_empty());
        idx.flags = 8;
        assert!(!idx.is_empty());
    }
}
