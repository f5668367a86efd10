//! What the machine-instruction parser and printer need to know of a target.
//!
//! A small interface, so that the parser works before the generated per-target descriptions
//! exist (`crate::target`, the "target" helper's work): [`NoTarget`] accepts every name and
//! answers "unknown" to every question about instruction descriptions; the printer then falls
//! back to what the input said (see `mi::print`). [`super::TargetAdapter`] answers from the
//! generated descriptions of `crate::target`.

use smallvec::SmallVec;

/// A target's answers, by name. Names of registers, classes, banks and subregister indices are
/// lower case, as the parser looks them up (`MIRParser`'s lower-cased name maps).
pub trait TargetInfo {
    /// Whether an instruction name exists (`parseInstrName`).
    fn has_opcode(&self, name: &[u8]) -> bool;
    /// Whether a physical register name exists (`getRegisterByName`).
    fn has_register(&self, name: &[u8]) -> bool;
    /// Whether `name` is a register class.
    fn is_reg_class(&self, name: &[u8]) -> bool;
    /// Whether `name` is a register bank.
    fn is_reg_bank(&self, name: &[u8]) -> bool;
    /// Whether a subregister index name exists.
    fn has_subreg_index(&self, name: &[u8]) -> bool;
    /// Whether `name` names a register mask (`getRegMask`: `csr_64`, ...).
    fn is_reg_mask(&self, name: &[u8]) -> bool;
    /// A register class's name as the target spells it (`GR32` for `gr32`), for messages.
    fn reg_class_spelling<'n>(&'n self, name: &'n [u8]) -> &'n [u8] {
        name
    }
    /// Whether a target flag name exists (direct or bitmask).
    fn is_target_flag(&self, name: &[u8]) -> bool;
    /// Whether a name is a bitmask target flag (the only kind allowed after the first).
    fn is_bitmask_target_flag(&self, name: &[u8]) -> bool {
        self.is_target_flag(name)
    }
    /// The target's comment for an immediate operand (`createMIROperandComment` beyond inline
    /// asm: ARM's condition codes).
    fn imm_comment(&self, _desc: &InstrDesc<'_>, _op_index: usize, _imm: i64) -> Option<String> {
        None
    }
    /// Whether a target index name exists.
    fn is_target_index(&self, name: &[u8]) -> bool;
    /// Whether a target memory-operand flag name exists.
    fn is_mmo_flag(&self, name: &[u8]) -> bool;
    /// The target flags of an operand as `printTargetFlags` prints them (the direct flag, then
    /// the bitmask flags in the target's order), from the names written (the first may be
    /// direct). `None`: print them as written.
    fn print_target_flags(&self, _names: &[&[u8]]) -> Option<Vec<String>> {
        None
    }
    /// A physical register's number (register lists of masks print in this order).
    fn register_number(&self, _name: &[u8]) -> Option<u32> {
        None
    }
    /// A target memory-operand flag's value (`MOTargetFlag1..3`: they print in this order).
    fn mmo_flag_value(&self, _name: &[u8]) -> Option<u32> {
        None
    }
    /// The description of an instruction, when known.
    fn desc(&self, opcode: &[u8]) -> Option<InstrDesc<'_>>;
    /// The name of a register class by id (inline asm operand comments), lower case.
    fn reg_class_name_by_id(&self, _id: u32) -> Option<&[u8]> {
        None
    }
}

/// What the parser and printer use of an `MCInstrDesc`.
#[derive(Clone, Debug, Default)]
pub struct InstrDesc<'a> {
    /// Number of explicit operands (`getNumOperands`).
    pub num_operands: u32,
    /// Variadic.
    pub variadic: bool,
    /// A call (implicit operands are not verified).
    pub is_call: bool,
    /// A barrier (no fallthrough).
    pub is_barrier: bool,
    /// Implicit defs (physical register names, lower case).
    pub implicit_defs: SmallVec<[&'a [u8]; 4]>,
    /// Implicit uses.
    pub implicit_uses: SmallVec<[&'a [u8]; 4]>,
    /// For each explicit operand: the operand it is tied to (`TIED_TO`), or -1.
    pub tied_to: SmallVec<[i8; 8]>,
    /// For each explicit operand: whether it is early-clobber (`EARLY_CLOBBER`).
    pub early_clobber: SmallVec<[bool; 8]>,
    /// For each explicit operand: its generic type index, or -1 when not generic.
    pub generic_type_index: SmallVec<[i8; 8]>,
    /// The first predicate operand of a predicable instruction (`findFirstPredOperandIdx`).
    pub first_predicate: Option<u32>,
}

/// No target data: every name is accepted, nothing is known of descriptions.
#[derive(Default, Debug, Clone, Copy)]
pub struct NoTarget;

impl TargetInfo for NoTarget {
    fn has_opcode(&self, _name: &[u8]) -> bool {
        true
    }
    fn has_register(&self, _name: &[u8]) -> bool {
        true
    }
    fn is_reg_class(&self, name: &[u8]) -> bool {
        name != b"_"
    }
    fn is_reg_bank(&self, _name: &[u8]) -> bool {
        false
    }
    fn has_subreg_index(&self, _name: &[u8]) -> bool {
        true
    }
    fn is_reg_mask(&self, name: &[u8]) -> bool {
        let l = name.to_ascii_lowercase();
        l.starts_with(b"csr_") || l.ends_with(b"_regmask") || l == b"noregs"
    }
    fn is_target_flag(&self, _name: &[u8]) -> bool {
        true
    }
    fn is_target_index(&self, _name: &[u8]) -> bool {
        true
    }
    fn is_mmo_flag(&self, _name: &[u8]) -> bool {
        true
    }
    fn desc(&self, _opcode: &[u8]) -> Option<InstrDesc<'_>> {
        None
    }
}
