//! Instructions: opcodes, flags and per-opcode data.

use crate::attributes::AttrsId;
use crate::constants::ConstId;
use crate::function::BlockId;
use crate::metadata::Md;
use crate::symbol::Symbol;
use crate::types::TypeId;
use crate::value::Value;
use smallvec::SmallVec;

pub use crate::lists::{Attachments, IndexList};

macro_rules! opcodes {
    ($($variant:ident = $text:literal,)*) => {
        /// Every LLVM 22 instruction opcode.
        #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
        pub enum Opcode { $(#[doc = $text] $variant,)* }
        impl Opcode {
            /// The keyword.
            pub fn name(self) -> &'static str {
                match self { $(Opcode::$variant => $text,)* }
            }
            /// The opcode of a keyword.
            pub fn from_name(s: &[u8]) -> Option<Opcode> {
                match s { $(x if x == $text.as_bytes() => Some(Opcode::$variant),)* _ => None }
            }
        }
    };
}

opcodes! {
    Ret = "ret", Br = "br", Switch = "switch", IndirectBr = "indirectbr", Invoke = "invoke",
    Resume = "resume", Unreachable = "unreachable", CleanupRet = "cleanupret", CatchRet = "catchret",
    CatchSwitch = "catchswitch", CallBr = "callbr", FNeg = "fneg",
    Add = "add", FAdd = "fadd", Sub = "sub", FSub = "fsub", Mul = "mul", FMul = "fmul",
    UDiv = "udiv", SDiv = "sdiv", FDiv = "fdiv", URem = "urem", SRem = "srem", FRem = "frem",
    Shl = "shl", LShr = "lshr", AShr = "ashr", And = "and", Or = "or", Xor = "xor",
    ExtractElement = "extractelement", InsertElement = "insertelement", ShuffleVector = "shufflevector",
    ExtractValue = "extractvalue", InsertValue = "insertvalue",
    Alloca = "alloca", Load = "load", Store = "store", Fence = "fence", CmpXchg = "cmpxchg",
    AtomicRmw = "atomicrmw", GetElementPtr = "getelementptr",
    Trunc = "trunc", ZExt = "zext", SExt = "sext", FPTrunc = "fptrunc", FPExt = "fpext",
    FPToUI = "fptoui", FPToSI = "fptosi", UIToFP = "uitofp", SIToFP = "sitofp",
    PtrToInt = "ptrtoint", PtrToAddr = "ptrtoaddr", IntToPtr = "inttoptr", BitCast = "bitcast",
    AddrSpaceCast = "addrspacecast",
    ICmp = "icmp", FCmp = "fcmp", Phi = "phi", Select = "select", Call = "call", VAArg = "va_arg",
    LandingPad = "landingpad", CatchPad = "catchpad", CleanupPad = "cleanuppad", Freeze = "freeze",
}

impl Opcode {
    /// True for the cast opcodes.
    pub fn is_cast(self) -> bool {
        use Opcode::*;
        matches!(
            self,
            Trunc
                | ZExt
                | SExt
                | FPTrunc
                | FPExt
                | FPToUI
                | FPToSI
                | UIToFP
                | SIToFP
                | PtrToInt
                | PtrToAddr
                | IntToPtr
                | BitCast
                | AddrSpaceCast
        )
    }
    /// True for the two-operand arithmetic and logic opcodes.
    pub fn is_binary(self) -> bool {
        use Opcode::*;
        matches!(
            self,
            Add | FAdd
                | Sub
                | FSub
                | Mul
                | FMul
                | UDiv
                | SDiv
                | FDiv
                | URem
                | SRem
                | FRem
                | Shl
                | LShr
                | AShr
                | And
                | Or
                | Xor
        )
    }
    /// True for block terminators.
    pub fn is_terminator(self) -> bool {
        use Opcode::*;
        matches!(
            self,
            Ret | Br
                | Switch
                | IndirectBr
                | Invoke
                | Resume
                | Unreachable
                | CleanupRet
                | CatchRet
                | CatchSwitch
                | CallBr
        )
    }
}

/// Instruction and constant-expression flags (bits of a `u16`).
pub mod flags {
    /// `nuw`
    pub const NUW: u16 = 1 << 0;
    /// `nsw`
    pub const NSW: u16 = 1 << 1;
    /// `exact`
    pub const EXACT: u16 = 1 << 2;
    /// `disjoint`
    pub const DISJOINT: u16 = 1 << 3;
    /// `nneg`
    pub const NNEG: u16 = 1 << 4;
    /// `samesign`
    pub const SAMESIGN: u16 = 1 << 5;
    /// `inbounds` (GEP)
    pub const INBOUNDS: u16 = 1 << 6;
    /// `nusw` (GEP)
    pub const NUSW: u16 = 1 << 7;
    /// `volatile`
    pub const VOLATILE: u16 = 1 << 8;
    /// `weak` (cmpxchg)
    pub const WEAK: u16 = 1 << 9;
    /// `inalloca` (alloca)
    pub const INALLOCA: u16 = 1 << 10;
    /// `swifterror` (alloca)
    pub const SWIFTERROR: u16 = 1 << 11;
    /// `cleanup` (landingpad)
    pub const CLEANUP: u16 = 1 << 12;
}

/// Fast-math flags (bits of a `u8`), in LLVM's print order.
pub mod fmf {
    /// The flag keywords in print order, with their bits.
    pub const NAMES: &[(&str, u8)] = &[
        ("nnan", 1 << 1),
        ("ninf", 1 << 2),
        ("nsz", 1 << 3),
        ("arcp", 1 << 4),
        ("contract", 1 << 5),
        ("afn", 1 << 6),
        ("reassoc", 1 << 0),
    ];
    /// All flags set: printed as `fast`.
    pub const FAST: u8 = 0x7f;
}

/// Comparison predicates of icmp and fcmp.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum CmpPred {
    /// fcmp false
    FFalse,
    FOeq,
    FOgt,
    FOge,
    FOlt,
    FOle,
    FOne,
    FOrd,
    FUno,
    FUeq,
    FUgt,
    FUge,
    FUlt,
    FUle,
    FUne,
    FTrue,
    /// icmp eq
    Eq,
    Ne,
    Ugt,
    Uge,
    Ult,
    Ule,
    Sgt,
    Sge,
    Slt,
    Sle,
}

/// Predicate keywords in [`CmpPred`] order.
pub const CMP_PRED_NAMES: &[&str] = &[
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "uno", "ueq", "ugt", "uge", "ult", "ule", "une", "true",
    "eq", "ne", "ugt", "uge", "ult", "ule", "sgt", "sge", "slt", "sle",
];

impl CmpPred {
    /// The keyword.
    pub fn name(self) -> &'static str {
        CMP_PRED_NAMES[self as usize]
    }
    /// Parses an fcmp (`float == true`) or icmp predicate keyword.
    pub fn from_name(s: &[u8], float: bool) -> Option<CmpPred> {
        let range = if float { 0..16 } else { 16..26 };
        for i in range {
            if CMP_PRED_NAMES[i].as_bytes() == s {
                // SAFETY-free: i < 26 and CmpPred is repr(u8) with 26 contiguous variants.
                return Some(ALL_PREDS[i]);
            }
        }
        None
    }
}

const ALL_PREDS: [CmpPred; 26] = {
    use CmpPred::*;
    [
        FFalse, FOeq, FOgt, FOge, FOlt, FOle, FOne, FOrd, FUno, FUeq, FUgt, FUge, FUlt, FUle, FUne, FTrue, Eq, Ne, Ugt,
        Uge, Ult, Ule, Sgt, Sge, Slt, Sle,
    ]
};

/// Atomic orderings.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum Ordering {
    /// Not atomic.
    #[default]
    NotAtomic,
    /// `unordered`
    Unordered,
    /// `monotonic`
    Monotonic,
    /// `acquire`
    Acquire,
    /// `release`
    Release,
    /// `acq_rel`
    AcqRel,
    /// `seq_cst`
    SeqCst,
}

impl Ordering {
    /// The keyword.
    pub fn name(self) -> &'static str {
        match self {
            Ordering::NotAtomic => "",
            Ordering::Unordered => "unordered",
            Ordering::Monotonic => "monotonic",
            Ordering::Acquire => "acquire",
            Ordering::Release => "release",
            Ordering::AcqRel => "acq_rel",
            Ordering::SeqCst => "seq_cst",
        }
    }
}

/// Atomic memory ordering data shared by load, store, fence, cmpxchg and atomicrmw.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Atomic {
    /// Ordering (success ordering for cmpxchg).
    pub ordering: Ordering,
    /// Failure ordering (cmpxchg).
    pub failure: Ordering,
    /// `syncscope("...")`, `None` for the system scope.
    pub scope: Option<Symbol>,
}

/// `tail`, `musttail`, `notail` on calls.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum TailKind {
    /// No marker.
    #[default]
    None,
    /// `tail`
    Tail,
    /// `musttail`
    MustTail,
    /// `notail`
    NoTail,
}

/// Attributes of a function or call site: function, return and per-parameter sets.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct AttrList {
    /// Function attributes.
    pub func: AttrsId,
    /// Return value attributes.
    pub ret: AttrsId,
    /// Parameter attributes, by index (trailing empty sets may be absent).
    pub params: Vec<AttrsId>,
}

impl AttrList {
    /// The attributes of parameter `i` (empty when absent).
    pub fn param(&self, i: usize) -> AttrsId {
        self.params.get(i).copied().unwrap_or(AttrsId::EMPTY)
    }
}

/// An operand bundle `"tag"(ty %v, ...)`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Bundle {
    /// The tag.
    pub tag: Symbol,
    /// The inputs.
    pub inputs: Vec<Value>,
}

/// Call-like data: call, invoke and callbr.
#[derive(Clone, PartialEq, Debug)]
pub struct CallData {
    /// The callee's function type.
    pub fn_ty: TypeId,
    /// Calling convention number (0 = ccc).
    pub cconv: u32,
    /// Attributes.
    pub attrs: AttrList,
    /// Operand bundles.
    pub bundles: Vec<Bundle>,
    /// Tail marker.
    pub tail: TailKind,
    /// Number of call arguments (operands 1..=num_args after the callee at operand 0).
    pub num_args: u32,
}

/// One landingpad clause.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Clause {
    /// `catch T v`
    Catch(Value),
    /// `filter T v`
    Filter(Value),
}

/// The `atomicrmw` operations.
pub const RMW_OPS: &[&str] = &[
    "xchg",
    "add",
    "sub",
    "and",
    "nand",
    "or",
    "xor",
    "max",
    "min",
    "umax",
    "umin",
    "fadd",
    "fsub",
    "fmax",
    "fmin",
    "fmaximum",
    "fminimum",
    "uinc_wrap",
    "udec_wrap",
    "usub_cond",
    "usub_sat",
];

/// Per-opcode data beyond opcode, type, flags and operands.
#[derive(Clone, PartialEq, Debug, Default)]
pub enum InstExtra {
    /// Nothing more.
    #[default]
    None,
    /// alloca: allocated type, log2 alignment + 1 (0 = none), address space.
    Alloca {
        /// Allocated type.
        ty: TypeId,
        /// Alignment in bytes (0 = unspecified).
        align: u64,
        /// Address space.
        addrspace: u32,
    },
    /// load/store/fence/cmpxchg/atomicrmw.
    Mem {
        /// Alignment in bytes (0 = unspecified).
        align: u64,
        /// Atomic data.
        atomic: Atomic,
        /// atomicrmw operation (index into [`RMW_OPS`]).
        rmw: u8,
    },
    /// getelementptr: the source element type.
    Gep(TypeId),
    /// icmp/fcmp predicate.
    Cmp(CmpPred),
    /// extractvalue/insertvalue indices.
    Indices(IndexList),
    /// phi: incoming blocks, parallel to the operands.
    Phi(thin_vec::ThinVec<BlockId>),
    /// call/invoke/callbr.
    Call(Box<CallData>),
    /// landingpad clauses.
    LandingPad(thin_vec::ThinVec<Clause>),
    /// shufflevector mask as a constant.
    Shuffle(ConstId),
    /// catchswitch: how many operands after the parent pad are handlers (an unwind block may follow).
    CatchSwitch(u32),
    /// va_arg: none needed (result type), catchswitch: none (operands hold it).
    Unused,
}

/// The debug records before an instruction: one pointer wide, as most instructions have none.
pub type DbgRecords = thin_vec::ThinVec<DbgRecord>;

/// A debug record attached before an instruction (`#dbg_value(...)` and friends).
#[derive(Clone, PartialEq, Debug)]
pub struct DbgRecord {
    /// `value`, `declare`, `assign`, `declare_value` or `label`.
    pub kind: DbgKind,
    /// The location operand (value as metadata), or the label for `#dbg_label`.
    pub loc: Md,
    /// The variable (or label).
    pub var: Md,
    /// The expression.
    pub expr: Md,
    /// For `#dbg_assign`: the DIAssignID, the address and the address expression.
    pub assign: Option<(Md, Md, Md)>,
    /// The DILocation.
    pub dbg: Md,
}

/// The kinds of debug record.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum DbgKind {
    /// `#dbg_value`
    Value,
    /// `#dbg_declare`
    Declare,
    /// `#dbg_assign`
    Assign,
    /// `#dbg_declare_value`
    DeclareValue,
    /// `#dbg_label`
    Label,
}

impl DbgKind {
    /// The keyword after `#dbg_`.
    pub fn name(self) -> &'static str {
        match self {
            DbgKind::Value => "value",
            DbgKind::Declare => "declare",
            DbgKind::Assign => "assign",
            DbgKind::DeclareValue => "declare_value",
            DbgKind::Label => "label",
        }
    }
}

/// An instruction.
#[derive(Clone, PartialEq, Debug)]
pub struct InstData {
    /// The opcode.
    pub op: Opcode,
    /// Result type (`void` for none).
    pub ty: TypeId,
    /// Flags ([`flags`]).
    pub flags: u16,
    /// Fast-math flags ([`fmf`]).
    pub fmf: u8,
    /// The name, `None` when unnamed (numbered when printed).
    pub name: Option<Symbol>,
    /// Operands, in LLVM's printed order.
    pub operands: SmallVec<[Value; 3]>,
    /// Per-opcode data.
    pub extra: InstExtra,
    /// Metadata attachments `!kind !node`, in source order.
    pub md: Attachments,
    /// Debug records that stand before this instruction.
    pub dbg_records: DbgRecords,
}

impl InstData {
    /// A new instruction with no flags, name, metadata or extra data.
    pub fn new(op: Opcode, ty: TypeId, operands: impl IntoIterator<Item = Value>) -> Self {
        InstData {
            op,
            ty,
            flags: 0,
            fmf: 0,
            name: None,
            operands: operands.into_iter().collect(),
            extra: InstExtra::None,
            md: Attachments::new(),
            dbg_records: DbgRecords::new(),
        }
    }
    /// The call data of a call, invoke or callbr.
    pub fn call(&self) -> Option<&CallData> {
        match &self.extra {
            InstExtra::Call(c) => Some(c),
            _ => None,
        }
    }
}
