//! The machine function as `MIRYamlMapping.h` describes it (LLVM 22), field by field.

use crate::yaml::input::{StrVal, UVal};
use crate::yaml::tree::{Mark, Node};

/// A virtual register definition of `registers:`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct VirtualRegister {
    /// `id`.
    pub id: UVal,
    /// `class`: a register class, a register bank, or `_`.
    pub class: StrVal,
    /// `preferred-register`.
    pub preferred_register: StrVal,
    /// `flags`.
    pub flags: Vec<StrVal>,
}

/// A live-in register of `liveins:`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LiveIn {
    /// `reg`.
    pub reg: StrVal,
    /// `virtual-reg`.
    pub virtual_reg: StrVal,
}

/// One `savePoint`/`restorePoint` entry.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SaveRestorePoint {
    /// `point`: a block reference.
    pub point: StrVal,
    /// `registers`.
    pub registers: Vec<StrVal>,
}

/// `frameInfo:` (LLVM's `yaml::MachineFrameInfo`).
#[derive(Clone, Debug, PartialEq)]
pub struct FrameInfo {
    /// `isFrameAddressTaken`.
    pub is_frame_address_taken: bool,
    /// `isReturnAddressTaken`.
    pub is_return_address_taken: bool,
    /// `hasStackMap`.
    pub has_stack_map: bool,
    /// `hasPatchPoint`.
    pub has_patch_point: bool,
    /// `stackSize`.
    pub stack_size: u64,
    /// `offsetAdjustment`.
    pub offset_adjustment: i32,
    /// `maxAlignment`.
    pub max_alignment: u32,
    /// `adjustsStack`.
    pub adjusts_stack: bool,
    /// `hasCalls`.
    pub has_calls: bool,
    /// `stackProtector`: a stack object reference.
    pub stack_protector: StrVal,
    /// `functionContext`: a stack object reference.
    pub function_context: StrVal,
    /// `maxCallFrameSize` (`u32::MAX`: not computed).
    pub max_call_frame_size: u32,
    /// `cvBytesOfCalleeSavedRegisters`.
    pub cv_bytes_of_callee_saved_registers: u32,
    /// `hasOpaqueSPAdjustment`.
    pub has_opaque_sp_adjustment: bool,
    /// `hasVAStart`.
    pub has_va_start: bool,
    /// `hasMustTailInVarArgFunc`.
    pub has_must_tail_in_var_arg_func: bool,
    /// `hasTailCall`.
    pub has_tail_call: bool,
    /// `isCalleeSavedInfoValid`.
    pub is_callee_saved_info_valid: bool,
    /// `localFrameSize`.
    pub local_frame_size: u32,
    /// `savePoint`.
    pub save_points: Vec<SaveRestorePoint>,
    /// `restorePoint`.
    pub restore_points: Vec<SaveRestorePoint>,
}

impl Default for FrameInfo {
    fn default() -> Self {
        FrameInfo {
            is_frame_address_taken: false,
            is_return_address_taken: false,
            has_stack_map: false,
            has_patch_point: false,
            stack_size: 0,
            offset_adjustment: 0,
            max_alignment: 0,
            adjusts_stack: false,
            has_calls: false,
            stack_protector: StrVal::default(),
            function_context: StrVal::default(),
            max_call_frame_size: u32::MAX,
            cv_bytes_of_callee_saved_registers: 0,
            has_opaque_sp_adjustment: false,
            has_va_start: false,
            has_must_tail_in_var_arg_func: false,
            has_tail_call: false,
            is_callee_saved_info_valid: false,
            local_frame_size: 0,
            save_points: Vec::new(),
            restore_points: Vec::new(),
        }
    }
}

/// The stack ids of `TargetStackID::Value`, by their YAML names.
pub const STACK_IDS: [&str; 6] =
    ["default", "sgpr-spill", "scalable-vector", "scalable-predicate-vector", "wasm-local", "noalloc"];

/// A fixed stack object (`fixedStack:`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FixedStackObject {
    /// `id`.
    pub id: UVal,
    /// `type`: `spill-slot` when true, `default` otherwise.
    pub spill_slot: bool,
    /// `offset`.
    pub offset: i64,
    /// `size`.
    pub size: u64,
    /// `alignment` (0: none).
    pub alignment: u64,
    /// `stack-id`: an index into [`STACK_IDS`].
    pub stack_id: usize,
    /// `isImmutable`.
    pub is_immutable: bool,
    /// `isAliased`.
    pub is_aliased: bool,
    /// `callee-saved-register`.
    pub callee_saved_register: StrVal,
    /// `callee-saved-restored`.
    pub callee_saved_restored: bool,
    /// `debug-info-variable`.
    pub debug_var: StrVal,
    /// `debug-info-expression`.
    pub debug_expr: StrVal,
    /// `debug-info-location`.
    pub debug_loc: StrVal,
}

/// The type of a stack object.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StackObjectType {
    /// `default`.
    #[default]
    Default,
    /// `spill-slot`.
    SpillSlot,
    /// `variable-sized`.
    VariableSized,
}

/// A stack object (`stack:`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StackObject {
    /// `id`.
    pub id: UVal,
    /// `name`: the IR alloca's name.
    pub name: StrVal,
    /// `type`.
    pub ty: StackObjectType,
    /// `offset`.
    pub offset: i64,
    /// `size` (absent for variable-sized objects).
    pub size: u64,
    /// `alignment` (0: none).
    pub alignment: u64,
    /// `stack-id`: an index into [`STACK_IDS`].
    pub stack_id: usize,
    /// `callee-saved-register`.
    pub callee_saved_register: StrVal,
    /// `callee-saved-restored`.
    pub callee_saved_restored: bool,
    /// `local-offset`.
    pub local_offset: Option<i64>,
    /// `debug-info-variable`.
    pub debug_var: StrVal,
    /// `debug-info-expression`.
    pub debug_expr: StrVal,
    /// `debug-info-location`.
    pub debug_loc: StrVal,
}

/// An entry value object (`entry_values:`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EntryValue {
    /// `entry-value-register`.
    pub register: StrVal,
    /// `debug-info-variable`.
    pub debug_var: StrVal,
    /// `debug-info-expression`.
    pub debug_expr: StrVal,
    /// `debug-info-location`.
    pub debug_loc: StrVal,
}

/// An argument forwarding register of a call site.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ArgReg {
    /// `arg`.
    pub arg: u16,
    /// `reg`.
    pub reg: StrVal,
}

/// A call site (`callSites:`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CallSite {
    /// `bb`.
    pub bb: u32,
    /// `offset`.
    pub offset: u32,
    /// `fwdArgRegs`.
    pub fwd_arg_regs: Vec<ArgReg>,
    /// `calleeTypeIds`.
    pub callee_type_ids: Vec<u64>,
}

/// A debug value substitution (`debugValueSubstitutions:`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DebugValueSubstitution {
    /// `srcinst`.
    pub src_inst: u32,
    /// `srcop`.
    pub src_op: u32,
    /// `dstinst`.
    pub dst_inst: u32,
    /// `dstop`.
    pub dst_op: u32,
    /// `subreg`.
    pub subreg: u32,
}

/// A constant pool entry (`constants:`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Constant {
    /// `id`.
    pub id: UVal,
    /// `value`: an IR constant, `TYPE VALUE`.
    pub value: StrVal,
    /// `alignment` (0: none given).
    pub alignment: u64,
    /// `isTargetSpecific`.
    pub is_target_specific: bool,
}

/// The jump table entry kinds, by their YAML names.
pub const JT_KINDS: [&str; 7] = [
    "block-address",
    "gp-rel64-block-address",
    "gp-rel32-block-address",
    "label-difference32",
    "label-difference64",
    "inline",
    "custom32",
];

/// A jump table (`jumpTable:`).
#[derive(Clone, Debug, PartialEq)]
pub struct JumpTable {
    /// `kind`: an index into [`JT_KINDS`].
    pub kind: usize,
    /// `entries`.
    pub entries: Vec<JumpTableEntry>,
}

impl Default for JumpTable {
    fn default() -> Self {
        JumpTable { kind: 6, entries: Vec::new() }
    }
}

/// One jump table.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct JumpTableEntry {
    /// `id`.
    pub id: UVal,
    /// `blocks`: block references.
    pub blocks: Vec<StrVal>,
}

/// A called global (`calledGlobals:`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CalledGlobal {
    /// `bb`.
    pub bb: u32,
    /// `offset`.
    pub offset: u32,
    /// `callee`.
    pub callee: StrVal,
    /// `flags`.
    pub flags: u32,
}

/// The `body:` block.
///
/// TEMPORARY: until the `mi` body parser/printer is merged, the body is kept as its source text
/// and printed as written.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Body {
    /// The block scalar's text (its indentation removed); `parse` empties it once the body
    /// is parsed and printed (`MirFile::bodies`).
    pub text: String,
    /// Line and column (1-based) of its first character in the file.
    pub start: Mark,
}

/// `machineFunctionInfo:`: the target's fields, in the order the target maps them.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum FunctionInfo {
    /// No target information known: the node is printed back as written.
    #[default]
    None,
    /// The fields of a target whose mapping is known, in LLVM's order; absent optional fields
    /// are left out.
    Fields(Vec<(&'static str, InfoValue)>),
    /// A target whose mapping is not modelled (WebAssembly): the node as written, reprinted
    /// through `yaml::Output`'s layout.
    Raw(Box<Node>),
}

/// A value of a target's function info field.
#[derive(Clone, Debug, PartialEq)]
pub enum InfoValue {
    /// A boolean.
    Bool(bool),
    /// A number (printed as is).
    Num(String),
    /// A string (quoted as `needsQuotes` says).
    Str(String),
    /// A block mapping of fields.
    Map(Vec<(&'static str, InfoValue)>),
    /// A flow mapping of fields (`{ reg: '$sgpr4' }`).
    FlowMap(Vec<(&'static str, InfoValue)>),
    /// A block sequence of strings.
    Seq(Vec<String>),
    /// A frame index (`%stack.N`, `%fixed-stack.N`), printed with llc's numbering.
    FrameIndex(String),
}

/// One machine function: one YAML document after the IR module.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MachineFunction {
    /// `name`.
    pub name: StrVal,
    /// `alignment` (0: none given; printed as llc computes it).
    pub alignment: u64,
    /// `exposesReturnsTwice`.
    pub exposes_returns_twice: bool,
    /// `legalized`.
    pub legalized: bool,
    /// `regBankSelected`.
    pub reg_bank_selected: bool,
    /// `selected`.
    pub selected: bool,
    /// `failedISel`.
    pub failed_isel: bool,
    /// `tracksRegLiveness`.
    pub tracks_reg_liveness: bool,
    /// `hasWinCFI`.
    pub has_win_cfi: bool,
    /// `noPhis` as written (computed when absent).
    pub no_phis: Option<bool>,
    /// `isSSA` as written (computed when absent).
    pub is_ssa: Option<bool>,
    /// `noVRegs` as written (computed when absent).
    pub no_vregs: Option<bool>,
    /// `hasFakeUses` as written (computed when absent).
    pub has_fake_uses: Option<bool>,
    /// `callsEHReturn`.
    pub calls_eh_return: bool,
    /// `callsUnwindInit`.
    pub calls_unwind_init: bool,
    /// `hasEHContTarget`.
    pub has_eh_cont_target: bool,
    /// `hasEHScopes`.
    pub has_eh_scopes: bool,
    /// `hasEHFunclets`.
    pub has_eh_funclets: bool,
    /// `isOutlined`.
    pub is_outlined: bool,
    /// `debugInstrRef`.
    pub debug_instr_ref: bool,
    /// `failsVerification`.
    pub fails_verification: bool,
    /// `tracksDebugUserValues`.
    pub tracks_debug_user_values: bool,
    /// `registers`.
    pub registers: Vec<VirtualRegister>,
    /// `liveins`.
    pub liveins: Vec<LiveIn>,
    /// `calleeSavedRegisters` (printed only when given).
    pub callee_saved_registers: Option<Vec<StrVal>>,
    /// `frameInfo`.
    pub frame_info: FrameInfo,
    /// `fixedStack`.
    pub fixed_stack: Vec<FixedStackObject>,
    /// `stack`.
    pub stack: Vec<StackObject>,
    /// `entry_values`.
    pub entry_values: Vec<EntryValue>,
    /// `callSites`.
    pub call_sites: Vec<CallSite>,
    /// `debugValueSubstitutions`.
    pub debug_value_substitutions: Vec<DebugValueSubstitution>,
    /// `constants`: as written when read, then the pool as llc builds it (see
    /// `function::constants`).
    pub constants: Vec<Constant>,
    /// Written constant id → pool index (MIRParser's `ConstantPoolSlots`), filled by `parse`.
    pub constant_slots: Vec<(u32, u32)>,
    /// `machineFunctionInfo`.
    pub function_info: FunctionInfo,
    /// `jumpTable`.
    pub jump_table: JumpTable,
    /// `machineMetadataNodes`.
    pub machine_metadata_nodes: Vec<StrVal>,
    /// `calledGlobals`.
    pub called_globals: Vec<CalledGlobal>,
    /// `body`.
    pub body: Body,
    /// The register references of `machineFunctionInfo`, in the order the target checks them
    /// (after the body).
    pub info_registers: Vec<StrVal>,
    /// Made by llc for a function of the IR module that has no document (not read from the
    /// file): printed with the machine function's own defaults.
    pub generated: bool,
}
