//! The model of a machine function's body: blocks, instructions, operands and memory operands
//! in arenas, named by `u32` ids; operands and memory operands in pools.

use llrs_ir::entity::IdVec;
use llrs_ir::entity_id;
use llrs_ir::symbol::{Interner, Symbol};

entity_id!(
    /// A machine basic block; its index is its number (`bb.N`), blocks are numbered in layout order.
    MbbId
);
entity_id!(
    /// A machine instruction.
    MiId
);
entity_id!(
    /// A virtual register; its index is its number (`%N`).
    VRegId
);

/// A body: the blocks of one machine function and everything they hold.
#[derive(Default, Debug)]
pub struct Body {
    /// Names: opcodes, registers, classes, banks, subregister indices, symbols, IR names.
    pub names: Interner,
    /// Blocks in layout order.
    pub blocks: IdVec<MbbId, Block>,
    /// Instructions; each block lists its own in order.
    pub insts: IdVec<MiId, Inst>,
    /// The operand pool: an instruction's operands are a range of it.
    pub operands: Vec<Operand>,
    /// The memory-operand pool.
    pub memops: Vec<MemOperand>,
    /// Virtual registers in creation order (declared ones first, then by first appearance).
    pub vregs: IdVec<VRegId, VReg>,
    /// Pool of small integers: shuffle masks, CFI escape bytes.
    pub ints: Vec<i64>,
    /// Pool of symbols: target-flag lists, register lists of masks.
    pub syms: Vec<Symbol>,
    /// Whether some instruction is a `PHI` or `G_PHI`.
    pub has_phis: bool,
}

/// A range `start..start+len` in one of the body's pools.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Span {
    /// First index.
    pub start: u32,
    /// Number of items.
    pub len: u32,
}

impl Span {
    /// The indices as a `Range`.
    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..(self.start + self.len) as usize
    }
}

/// A reference to an IR entity, by name or by slot number, as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IrRef {
    /// A named entity (the name, unescaped).
    Named(Symbol),
    /// An unnamed entity by slot number.
    Slot(u32),
}

/// A machine basic block.
#[derive(Debug, Default)]
pub struct Block {
    /// The number written in the input (`bb.N`); the block's id is its printed number.
    pub input_number: u32,
    /// The IR block (`bb.N.name` or `(%ir-block.x)`).
    pub ir_block: Option<IrRef>,
    /// `machine-block-address-taken`.
    pub machine_address_taken: bool,
    /// `ir-block-address-taken %ir-block.x`.
    pub ir_address_taken: Option<IrRef>,
    /// `landing-pad`.
    pub landing_pad: bool,
    /// `inlineasm-br-indirect-target`.
    pub inlineasm_br_target: bool,
    /// `ehfunclet-entry`.
    pub ehfunclet_entry: bool,
    /// `ehscope-entry`.
    pub ehscope_entry: bool,
    /// `align N` (1: none).
    pub align: u64,
    /// `bbsections` value: a name (`Exception`, `Cold`) or a number.
    pub section: Option<Symbol>,
    /// `bb_id BASE CLONE`.
    pub bb_id: Option<(u32, u32)>,
    /// `call-frame-size N`.
    pub call_frame_size: u32,
    /// Successors with their raw probabilities (numerators over 2^31); `None`: no list of
    /// probabilities (`Probs` empty in LLVM).
    pub succs: Vec<MbbId>,
    /// Probabilities parallel to `succs`, when the block has them.
    pub probs: Option<Vec<u32>>,
    /// Whether the successors were written (not guessed).
    pub explicit_succs: bool,
    /// Live-in registers with their lane masks (`None`: all lanes).
    pub liveins: Vec<(Symbol, Option<u64>)>,
    /// Instructions in order.
    pub insts: Vec<MiId>,
}

/// Instruction flags (`MachineInstr::MIFlag`), in the printer's order.
pub mod iflags {
    /// `frame-setup`.
    pub const FRAME_SETUP: u32 = 1 << 0;
    /// `frame-destroy`.
    pub const FRAME_DESTROY: u32 = 1 << 1;
    /// `nnan`.
    pub const NNAN: u32 = 1 << 2;
    /// `ninf`.
    pub const NINF: u32 = 1 << 3;
    /// `nsz`.
    pub const NSZ: u32 = 1 << 4;
    /// `arcp`.
    pub const ARCP: u32 = 1 << 5;
    /// `contract`.
    pub const CONTRACT: u32 = 1 << 6;
    /// `afn`.
    pub const AFN: u32 = 1 << 7;
    /// `reassoc`.
    pub const REASSOC: u32 = 1 << 8;
    /// `nuw`.
    pub const NUW: u32 = 1 << 9;
    /// `nsw`.
    pub const NSW: u32 = 1 << 10;
    /// `exact`.
    pub const EXACT: u32 = 1 << 11;
    /// `nofpexcept`.
    pub const NOFPEXCEPT: u32 = 1 << 12;
    /// `nomerge`.
    pub const NOMERGE: u32 = 1 << 13;
    /// `unpredictable`.
    pub const UNPREDICTABLE: u32 = 1 << 14;
    /// `noconvergent`.
    pub const NOCONVERGENT: u32 = 1 << 15;
    /// `nneg`.
    pub const NNEG: u32 = 1 << 16;
    /// `disjoint`.
    pub const DISJOINT: u32 = 1 << 17;
    /// `nusw`.
    pub const NUSW: u32 = 1 << 18;
    /// `samesign`.
    pub const SAMESIGN: u32 = 1 << 19;
    /// `inbounds`.
    pub const INBOUNDS: u32 = 1 << 20;
    /// Names in print order.
    pub const NAMES: [(u32, &str); 21] = [
        (FRAME_SETUP, "frame-setup"),
        (FRAME_DESTROY, "frame-destroy"),
        (NNAN, "nnan"),
        (NINF, "ninf"),
        (NSZ, "nsz"),
        (ARCP, "arcp"),
        (CONTRACT, "contract"),
        (AFN, "afn"),
        (REASSOC, "reassoc"),
        (NUW, "nuw"),
        (NSW, "nsw"),
        (EXACT, "exact"),
        (NOFPEXCEPT, "nofpexcept"),
        (NOMERGE, "nomerge"),
        (UNPREDICTABLE, "unpredictable"),
        (NOCONVERGENT, "noconvergent"),
        (NNEG, "nneg"),
        (DISJOINT, "disjoint"),
        (NUSW, "nusw"),
        (SAMESIGN, "samesign"),
        (INBOUNDS, "inbounds"),
    ];
}

/// A metadata reference: `!N`, or an inline node kept as text (`!DIExpression(...)`,
/// `!DILocation(...)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MdRef {
    /// `!N`.
    Num(u32),
    /// Inline node, as text (normalized spacing is the printer's job upstream).
    Inline(Symbol),
}

/// A machine instruction.
#[derive(Debug, Default)]
pub struct Inst {
    /// The opcode's name.
    pub opcode: Option<Symbol>,
    /// `iflags` bits.
    pub flags: u32,
    /// Operands (in `Body::operands`).
    pub ops: Span,
    /// Memory operands (in `Body::memops`).
    pub memops: Span,
    /// `pre-instr-symbol`.
    pub pre_symbol: Option<Symbol>,
    /// `post-instr-symbol`.
    pub post_symbol: Option<Symbol>,
    /// `heap-alloc-marker`.
    pub heap_alloc_marker: Option<MdRef>,
    /// `pcsections`.
    pub pcsections: Option<MdRef>,
    /// `mmra`.
    pub mmra: Option<MdRef>,
    /// `cfi-type` (0: none).
    pub cfi_type: u32,
    /// `deactivation-symbol` (a global).
    pub deactivation_symbol: Option<IrRef>,
    /// `debug-instr-number` (0: none).
    pub instr_num: u32,
    /// `debug-location`.
    pub debug_loc: Option<MdRef>,
    /// Bundled with the next instruction.
    pub bundled_succ: bool,
    /// Bundled with the previous instruction.
    pub bundled_pred: bool,
}

/// Register operand flags (`RegState`).
pub mod rflags {
    /// A def.
    pub const DEF: u16 = 1;
    /// Implicit.
    pub const IMPLICIT: u16 = 2;
    /// `killed`.
    pub const KILL: u16 = 4;
    /// `dead`.
    pub const DEAD: u16 = 8;
    /// `undef`.
    pub const UNDEF: u16 = 16;
    /// `early-clobber`.
    pub const EARLY_CLOBBER: u16 = 32;
    /// `debug-use`.
    pub const DEBUG: u16 = 64;
    /// `internal`.
    pub const INTERNAL: u16 = 128;
    /// `renamable`.
    pub const RENAMABLE: u16 = 256;
}

/// A register: none (`$noreg`, `_`), physical by name, or virtual.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reg {
    /// Register 0.
    NoReg,
    /// A physical register (lower-case name).
    Phys(Symbol),
    /// A virtual register.
    Virt(VRegId),
}

/// A low-level type (`LLT`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Llt {
    /// `sN`.
    Scalar(u32),
    /// `pA` (address space, size in bits).
    Pointer(u32, u32),
    /// `<N x sM>` / `<vscale x N x pA>`: element count, scalable, element.
    Vector(u32, bool, LltElt),
    /// `s0`: the token type.
    Token,
}

/// The element of a vector `LLT`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LltElt {
    /// `sN`.
    Scalar(u32),
    /// `pA` (address space, size in bits).
    Pointer(u32, u32),
}

impl Llt {
    /// Size in bits (known minimum for scalable vectors).
    pub fn size_bits(self) -> u64 {
        match self {
            Llt::Scalar(n) => n as u64,
            Llt::Pointer(_, s) => s as u64,
            Llt::Vector(n, _, e) => {
                n as u64
                    * match e {
                        LltElt::Scalar(s) => s as u64,
                        LltElt::Pointer(_, s) => s as u64,
                    }
            }
            Llt::Token => 0,
        }
    }
}

/// A floating-point immediate: its type and value (bits), or the literal kept as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FpImm {
    /// `half`, `bfloat`, `float`, `double`, `x86_fp80`, `fp128`, `ppc_fp128`.
    pub kind: llrs_ir::types::FloatKind,
    /// The value's bit pattern, when decoded.
    pub bits: Option<u128>,
    /// The literal as written (when not decoded).
    pub text: Symbol,
}

/// A CFI directive (`MCCFIInstruction`), registers by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cfi {
    /// `same_value`.
    SameValue(Symbol),
    /// `offset R, N`.
    Offset(Symbol, i64),
    /// `rel_offset R, N`.
    RelOffset(Symbol, i64),
    /// `def_cfa_register R`.
    DefCfaRegister(Symbol),
    /// `def_cfa_offset N`.
    DefCfaOffset(i64),
    /// `adjust_cfa_offset N`.
    AdjustCfaOffset(i64),
    /// `def_cfa R, N`.
    DefCfa(Symbol, i64),
    /// `llvm_def_aspace_cfa R, N, AS`.
    LlvmDefAspaceCfa(Symbol, i64, u32),
    /// `remember_state`.
    RememberState,
    /// `restore R`.
    Restore(Symbol),
    /// `restore_state`.
    RestoreState,
    /// `undefined R`.
    Undefined(Symbol),
    /// `register R1, R2`.
    Register(Symbol, Symbol),
    /// `window_save`.
    WindowSave,
    /// `negate_ra_sign_state`.
    NegateRaSignState,
    /// `escape` with its bytes (in `Body::ints`).
    Escape(Span),
}

/// An operand's kind and value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum OpKind {
    /// A register.
    Reg {
        /// The register.
        reg: Reg,
        /// The subregister index.
        sub: Option<Symbol>,
        /// `rflags`.
        flags: u16,
        /// The operand this one is tied to.
        tied: Option<u16>,
        /// A type was written on this operand.
        ty_written: bool,
    },
    /// An immediate.
    Imm(i64),
    /// A typed immediate (`i32 5`): width and value (two's complement, low 128 bits).
    CImm(u32, i128),
    /// A typed immediate too wide for `i128`: width and the literal (assumed in range).
    CImmBig(u32, Symbol),
    /// A floating-point immediate.
    FpImm(FpImm),
    /// A block.
    Mbb(MbbId),
    /// `%stack.N.name` (by the YAML id; the name from the YAML, else as written).
    Stack(u32, Option<Symbol>),
    /// `%fixed-stack.N`.
    FixedStack(u32),
    /// A global with an offset.
    Global(IrRef, i64),
    /// `%const.N` with an offset.
    ConstPool(u32, i64),
    /// `%jump-table.N`.
    JumpTable(u32),
    /// `&name` with an offset.
    ExtSym(Symbol, i64),
    /// `<mcsymbol name>` with an offset.
    McSym(Symbol, i64),
    /// `%subreg.name` (an immediate).
    SubRegIdx(Symbol),
    /// Metadata.
    Metadata(MdRef),
    /// A CFI directive.
    Cfi(Cfi),
    /// `blockaddress(@f, %ir-block.b)` with an offset.
    BlockAddress(IrRef, IrRef, i64),
    /// `intrinsic(@llvm.x)`.
    Intrinsic(Symbol),
    /// `intpred(eq)` / `floatpred(oeq)`: float?, name.
    Predicate(bool, Symbol),
    /// `shufflemask(...)` (in `Body::ints`, -1: undef).
    ShuffleMask(Span),
    /// `dbg-instr-ref(I, O)`.
    DbgInstrRef(u32, u32),
    /// `target-index(name)` with an offset.
    TargetIndex(Symbol, i64),
    /// A named register mask.
    RegMask(Symbol),
    /// `CustomRegMask(...)` (registers in `Body::syms`).
    CustomRegMask(Span),
    /// `liveout(...)` (registers in `Body::syms`).
    LiveOut(Span),
}

/// An operand: its kind and its target flags (names in `Body::syms`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Operand {
    /// Kind and value.
    pub kind: OpKind,
    /// Target flags.
    pub target_flags: Span,
}

/// Memory-operand flags (`MachineMemOperand::Flags`).
pub mod mflags {
    /// `load`.
    pub const LOAD: u16 = 1;
    /// `store`.
    pub const STORE: u16 = 2;
    /// `volatile`.
    pub const VOLATILE: u16 = 4;
    /// `non-temporal`.
    pub const NON_TEMPORAL: u16 = 8;
    /// `dereferenceable`.
    pub const DEREFERENCEABLE: u16 = 16;
    /// `invariant`.
    pub const INVARIANT: u16 = 32;
}

/// A pseudo source value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Psv {
    /// `stack`.
    Stack,
    /// `got`.
    Got,
    /// `jump-table`.
    JumpTable,
    /// `constant-pool`.
    ConstantPool,
    /// `%fixed-stack.N`.
    FixedStack(u32),
    /// `%stack.N.name` (a frame index too).
    StackObject(u32, Option<Symbol>),
    /// `call-entry @g`.
    GlobalCallEntry(IrRef),
    /// `call-entry &sym`.
    ExternalCallEntry(Symbol),
    /// `custom "x"`.
    Custom(Symbol),
}

/// Where a memory operand points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PtrInfo {
    /// Nothing (or `unknown-address`).
    None,
    /// `%ir.x`.
    IrValue(IrRef),
    /// `@g`.
    Global(IrRef),
    /// `` `constant` ``, as written.
    Constant(Symbol),
    /// A pseudo source value.
    Pseudo(Psv),
}

/// Atomic orderings, as LLVM numbers them.
pub const ORDERINGS: [&str; 8] = ["", "unordered", "monotonic", "", "acquire", "release", "acq_rel", "seq_cst"];

/// A memory operand.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MemOperand {
    /// `mflags`.
    pub flags: u16,
    /// Target flags (`MOTargetFlag1..3`) by name.
    pub target_flags: [Option<Symbol>; 3],
    /// `syncscope("x")`.
    pub sync_scope: Option<Symbol>,
    /// Success ordering (index in `ORDERINGS`, 0: not atomic).
    pub ordering: u8,
    /// Failure ordering.
    pub failure_ordering: u8,
    /// The memory type (`None`: unknown size).
    pub ty: Option<Llt>,
    /// The pointer.
    pub ptr: PtrInfo,
    /// Offset from the pointer.
    pub offset: i64,
    /// Base alignment.
    pub base_align: u64,
    /// Address space.
    pub addrspace: u32,
    /// `!tbaa`.
    pub tbaa: Option<u32>,
    /// `!alias.scope`.
    pub scope: Option<u32>,
    /// `!noalias`.
    pub noalias: Option<u32>,
    /// `!range`.
    pub range: Option<u32>,
    /// `!noalias.addrspace`.
    pub noalias_addrspace: Option<u32>,
}

/// What a virtual register is (`VRegInfo::Kind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum VRegKind {
    /// Not known yet.
    #[default]
    Unknown,
    /// Has a register class.
    Normal,
    /// Generic (`_`).
    Generic,
    /// Has a register bank.
    RegBank,
}

/// A virtual register.
#[derive(Clone, Copy, Debug, Default)]
pub struct VReg {
    /// Its name (`%name`), if named.
    pub name: Option<Symbol>,
    /// Its number in the input (`%N`), if numbered.
    pub input_id: Option<u32>,
    /// What it is.
    pub kind: VRegKind,
    /// The class or bank name.
    pub class: Option<Symbol>,
    /// The class or bank was given explicitly.
    pub explicit: bool,
    /// Its type.
    pub ty: Option<Llt>,
}
