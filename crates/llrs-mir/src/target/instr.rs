//! Opcodes and their descriptions (`MCInstrDesc`, `MCOperandInfo`).

use super::data::{RawInstr, RawOperand};
use super::ids::{Opcode, Reg, RegClass};
use super::Target;

/// The bits of `MCInstrDesc::Flags` (LLVM 22's `MCID::Flag`), by position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum InstrFlag {
    PreISelOpcode = 0,
    Variadic,
    HasOptionalDef,
    Pseudo,
    Meta,
    Return,
    EHScopeReturn,
    Call,
    Barrier,
    Terminator,
    Branch,
    IndirectBranch,
    Compare,
    MoveImm,
    MoveReg,
    Bitcast,
    Select,
    DelaySlot,
    FoldableAsLoad,
    MayLoad,
    MayStore,
    MayRaiseFPException,
    Predicable,
    NotDuplicable,
    UnmodeledSideEffects,
    Commutable,
    ConvertibleTo3Addr,
    UsesCustomInserter,
    HasPostISelHook,
    Rematerializable,
    CheapAsAMove,
    ExtraSrcRegAllocReq,
    ExtraDefRegAllocReq,
    RegSequence,
    ExtractSubreg,
    InsertSubreg,
    Convergent,
    Add,
    Trap,
    VariadicOpsAreDefs,
    Authenticated,
}

/// `MCOI::OperandType` values below the target's own (which start at `FIRST_TARGET`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OperandType;

impl OperandType {
    /// `OPERAND_UNKNOWN`.
    pub const UNKNOWN: u8 = 0;
    /// `OPERAND_IMMEDIATE`.
    pub const IMMEDIATE: u8 = 1;
    /// `OPERAND_REGISTER`.
    pub const REGISTER: u8 = 2;
    /// `OPERAND_MEMORY`.
    pub const MEMORY: u8 = 3;
    /// `OPERAND_PCREL`.
    pub const PCREL: u8 = 4;
    /// `OPERAND_GENERIC_0`: generic type index 0 (`OPERAND_GENERIC_5` is 11).
    pub const FIRST_GENERIC: u8 = 6;
    /// `OPERAND_GENERIC_5`.
    pub const LAST_GENERIC: u8 = 11;
    /// `OPERAND_GENERIC_IMM_0`.
    pub const FIRST_GENERIC_IMM: u8 = 12;
    /// `OPERAND_GENERIC_IMM_0` is also the last.
    pub const LAST_GENERIC_IMM: u8 = 12;
    /// The first target-specific type.
    pub const FIRST_TARGET: u8 = 13;
}

/// The `MCOI::OperandFlags` bits.
const LOOKUP_REG_CLASS_BY_HW_MODE: u8 = 1 << 0;
const PREDICATE: u8 = 1 << 1;
const OPTIONAL_DEF: u8 = 1 << 2;
const BRANCH_TARGET: u8 = 1 << 3;

/// One opcode's description.
#[derive(Debug, Clone, Copy)]
pub struct InstrDesc<'a> {
    target: &'a Target,
    raw: RawInstr,
}

/// One declared operand of an opcode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OperandInfo {
    /// The register class the operand must be in (resolved for the target's mode).
    pub reg_class: Option<RegClass>,
    /// `MCOI::OperandType` (see `OperandType`).
    pub operand_type: u8,
    /// The `MCOI::OperandFlags` bits.
    pub flags: u8,
    /// The operand it is tied to (`TIED_TO` constraint).
    pub tied_to: Option<u8>,
    /// The `EARLY_CLOBBER` constraint.
    pub early_clobber: bool,
}

impl OperandInfo {
    /// A generic (GlobalISel) type operand: `OPERAND_GENERIC_0..=5`.
    pub fn is_generic_type(&self) -> bool {
        (OperandType::FIRST_GENERIC..=OperandType::LAST_GENERIC).contains(&self.operand_type)
    }

    /// The generic type index (`getGenericTypeIndex`), for a generic type operand.
    pub fn generic_type_index(&self) -> Option<u8> {
        self.is_generic_type().then(|| self.operand_type - OperandType::FIRST_GENERIC)
    }

    /// A generic immediate operand: `OPERAND_GENERIC_IMM_0`.
    pub fn is_generic_imm(&self) -> bool {
        (OperandType::FIRST_GENERIC_IMM..=OperandType::LAST_GENERIC_IMM).contains(&self.operand_type)
    }

    /// Part of a predicate.
    pub fn is_predicate(&self) -> bool {
        self.flags & PREDICATE != 0
    }

    /// An optional definition.
    pub fn is_optional_def(&self) -> bool {
        self.flags & OPTIONAL_DEF != 0
    }

    /// A branch target.
    pub fn is_branch_target(&self) -> bool {
        self.flags & BRANCH_TARGET != 0
    }
}

impl<'a> InstrDesc<'a> {
    /// `getNumDefs`: the explicit definitions, first among the operands.
    pub fn num_defs(&self) -> u32 {
        u32::from(self.raw.num_defs)
    }

    /// `getNumOperands`: the declared operands (more may follow if variadic).
    pub fn num_operands(&self) -> u32 {
        u32::from(self.raw.num_operands)
    }

    /// `getSize`: the encoding's size in bytes (0 if unknown or variable).
    pub fn size(&self) -> u32 {
        u32::from(self.raw.size)
    }

    /// The `MCInstrDesc::Flags` word.
    pub fn flags(&self) -> u64 {
        let words = &self.target.data.flag_words;
        words.get(self.raw.flags as usize).copied().unwrap_or(0)
    }

    /// The target-specific `TSFlags` word.
    pub fn ts_flags(&self) -> u64 {
        let words = &self.target.data.ts_flag_words;
        words.get(self.raw.ts_flags as usize).copied().unwrap_or(0)
    }

    /// Whether a flag is set.
    pub fn has(&self, flag: InstrFlag) -> bool {
        self.flags() >> (flag as u32) & 1 != 0
    }

    /// `isVariadic`.
    pub fn is_variadic(&self) -> bool {
        self.has(InstrFlag::Variadic)
    }

    /// `isPreISelOpcode`: a generic (`G_*`) opcode.
    pub fn is_pre_isel_opcode(&self) -> bool {
        self.has(InstrFlag::PreISelOpcode)
    }

    /// `isReturn`.
    pub fn is_return(&self) -> bool {
        self.has(InstrFlag::Return)
    }

    /// `isCall`.
    pub fn is_call(&self) -> bool {
        self.has(InstrFlag::Call)
    }

    /// `isTerminator`.
    pub fn is_terminator(&self) -> bool {
        self.has(InstrFlag::Terminator)
    }

    /// `isBranch`.
    pub fn is_branch(&self) -> bool {
        self.has(InstrFlag::Branch)
    }

    /// `isBarrier`.
    pub fn is_barrier(&self) -> bool {
        self.has(InstrFlag::Barrier)
    }

    /// `hasOptionalDef`.
    pub fn has_optional_def(&self) -> bool {
        self.has(InstrFlag::HasOptionalDef)
    }

    /// `variadicOpsAreDefs`.
    pub fn variadic_ops_are_defs(&self) -> bool {
        self.has(InstrFlag::VariadicOpsAreDefs)
    }

    fn regs(&self, list: u32) -> impl ExactSizeIterator<Item = Reg> + 'a {
        let data = self.target.data;
        let span = data.reg_lists.get(list as usize).copied().unwrap_or_default();
        span.of(&data.reg_pool).iter().map(|&r| Reg(u32::from(r)))
    }

    /// The registers it defines implicitly (`implicit_defs`), in order.
    pub fn implicit_defs(&self) -> impl ExactSizeIterator<Item = Reg> + 'a {
        self.regs(self.raw.implicit_defs)
    }

    /// The registers it uses implicitly (`implicit_uses`), in order.
    pub fn implicit_uses(&self) -> impl ExactSizeIterator<Item = Reg> + 'a {
        self.regs(self.raw.implicit_uses)
    }

    fn raw_operands(&self) -> &'a [RawOperand] {
        let data = self.target.data;
        let span = data.operand_lists.get(self.raw.operands as usize).copied().unwrap_or_default();
        span.of(&data.operand_pool)
    }

    /// The declared operands.
    pub fn operands(&self) -> impl ExactSizeIterator<Item = OperandInfo> + 'a {
        let target = self.target;
        self.raw_operands().iter().map(move |op| target.operand_info(op))
    }

    /// Declared operand `i`.
    pub fn operand(&self, i: usize) -> Option<OperandInfo> {
        self.raw_operands().get(i).map(|op| self.target.operand_info(op))
    }
}

impl Target {
    /// The number of opcodes.
    pub fn num_opcodes(&self) -> usize {
        self.data.instrs.len()
    }

    /// The opcode of a name (`COPY`, `G_ADD`, `MOV32rr`; case matters).
    pub fn opcode(&self, name: impl AsRef<[u8]>) -> Option<Opcode> {
        self.data.opcode_names.find(name.as_ref()).map(|i| Opcode(i as u32))
    }

    /// An opcode's name ("" for an opcode out of range).
    pub fn opcode_name(&self, opcode: Opcode) -> &str {
        self.data.opcode_names.get(opcode.index()).unwrap_or("")
    }

    /// An opcode's description; an opcode out of range has an empty one.
    pub fn instr(&self, opcode: Opcode) -> InstrDesc<'_> {
        let raw = self.data.instrs.get(opcode.index()).copied().unwrap_or(RawInstr {
            num_defs: 0,
            size: 0,
            num_operands: 0,
            flags: u32::MAX,
            ts_flags: u32::MAX,
            operands: u32::MAX,
            implicit_defs: u32::MAX,
            implicit_uses: u32::MAX,
        });
        InstrDesc { target: self, raw }
    }

    fn operand_info(&self, op: &RawOperand) -> OperandInfo {
        let class = if op.flags & LOOKUP_REG_CLASS_BY_HW_MODE != 0 {
            self.mode_data().and_then(|m| m.hw_classes.get(usize::try_from(op.reg_class).ok()?).copied()).unwrap_or(-1)
        } else {
            op.reg_class
        };
        OperandInfo {
            reg_class: u32::try_from(class).ok().map(RegClass),
            operand_type: op.operand_type,
            flags: op.flags,
            tied_to: u8::try_from(op.tied_to).ok(),
            early_clobber: op.early_clobber,
        }
    }
}
