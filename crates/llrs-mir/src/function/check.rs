//! MIRParser's checks of a machine function's fields that need neither the body nor the
//! target's registers (`initializeMachineFunction`, in LLVM's order), and the ones that need
//! the body as far as [`BodyFacts`] tells.

use super::facts::BodyFacts;
use super::model::*;
use super::target_info::TargetKind;
use crate::yaml::input::YamlError;

/// A MIRParser error: at a position, or (`at == None`) for the whole file (`error: MESSAGE`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckError {
    /// Where, if llc says.
    pub at: Option<crate::yaml::tree::Mark>,
    /// llc's message.
    pub message: String,
}

impl From<YamlError> for CheckError {
    fn from(e: YamlError) -> Self {
        CheckError { at: Some(e.at), message: e.message }
    }
}

fn at(m: crate::yaml::tree::Mark, message: String) -> CheckError {
    CheckError { at: Some(m), message }
}

/// The checks of `initializeMachineFunction` before the body is parsed: `parseRegisterInfo`
/// and the constant pool.
pub fn check_before_body(mf: &MachineFunction, reg_target: Option<&crate::target::Target>) -> Result<(), CheckError> {
    // parseRegisterInfo.
    super::regs::check_register_info(mf, reg_target)?;
    // initializeConstantPool.
    let mut seen = rustc_hash::FxHashSet::default();
    for c in &mf.constants {
        if c.is_target_specific {
            return Err(at(
                c.value.at.unwrap_or(c.id.at),
                "Can't parse target-specific constant pool entries yet".to_string(),
            ));
        }
        if let Err((offset, message)) = super::constants::check_value(&c.value.value) {
            let m = c.value.inner_start();
            return Err(at(crate::yaml::tree::Mark { line: m.line, col: m.col + offset as u32 }, message));
        }
        if !seen.insert(c.id.value) {
            return Err(at(c.id.at, format!("redefinition of constant pool item '%const.{}'", c.id.value)));
        }
    }
    Ok(())
}

/// The checks of `initializeMachineFunction` between the block definitions and the
/// instructions of the body: the frame information and the jump tables (their block
/// references against `facts`' blocks).
pub fn check_frame(
    mf: &MachineFunction,
    facts: &BodyFacts,
    target: TargetKind,
    reg_target: Option<&crate::target::Target>,
    module: Option<&llrs_ir::Module>,
    func: Option<llrs_ir::GlobalId>,
) -> Result<(), CheckError> {
    // initializeFrameInfo.
    for p in mf.frame_info.save_points.iter().chain(&mf.frame_info.restore_points) {
        check_mbb_reference(&p.point, facts)?;
        if let Some(t) = reg_target {
            for r in &p.registers {
                super::regs::check_named_register(r, t)?;
            }
        }
    }
    let mut seen = rustc_hash::FxHashSet::default();
    for o in &mf.fixed_stack {
        if !stack_id_supported(target, o.stack_id) {
            return Err(at(o.id.at, "StackID is not supported by target".to_string()));
        }
        if !seen.insert(o.id.value) {
            return Err(at(o.id.at, format!("redefinition of fixed stack object '%fixed-stack.{}'", o.id.value)));
        }
        if let (false, Some(t)) = (o.callee_saved_register.value.is_empty(), reg_target) {
            super::regs::check_named_register(&o.callee_saved_register, t)?;
        }
    }
    // Entry values: a named (physical) register each.
    if let Some(t) = reg_target {
        for e in &mf.entry_values {
            super::regs::check_named_register(&e.register, t)?;
        }
    }
    let mut seen = rustc_hash::FxHashSet::default();
    let allocas = match module {
        Some(m) if mf.stack.iter().any(|o| !o.name.value.is_empty()) => Some(alloca_names(m, func)),
        _ => None,
    };
    for o in &mf.stack {
        if let (false, Some(names)) = (o.name.value.is_empty(), &allocas) {
            if !names.contains(o.name.value.as_bytes()) {
                return Err(at(
                    o.name.at.unwrap_or(o.id.at),
                    format!(
                        "alloca instruction named '{}' isn't defined in the function '{}'",
                        o.name.value, mf.name.value
                    ),
                ));
            }
        }
        if !stack_id_supported(target, o.stack_id) {
            return Err(at(o.id.at, "StackID is not supported by target".to_string()));
        }
        if !seen.insert(o.id.value) {
            return Err(at(o.id.at, format!("redefinition of stack object '%stack.{}'", o.id.value)));
        }
        if let (false, Some(t)) = (o.callee_saved_register.value.is_empty(), reg_target) {
            super::regs::check_named_register(&o.callee_saved_register, t)?;
        }
    }
    for r in [&mf.frame_info.stack_protector, &mf.frame_info.function_context] {
        if r.value.is_empty() {
            continue;
        }
        check_stack_reference(mf, r)?;
    }
    // Jump tables.
    let mut seen = rustc_hash::FxHashSet::default();
    for e in &mf.jump_table.entries {
        for b in &e.blocks {
            check_mbb_reference(b, facts)?;
        }
        if !seen.insert(e.id.value) {
            return Err(at(e.id.at, format!("redefinition of jump table entry '%jump-table.{}'", e.id.value)));
        }
    }
    Ok(())
}

/// The checks of `initializeMachineFunction` after the body's instructions: `setupRegisterInfo`,
/// the target's function info, `computeFunctionProperties`, call sites and called globals.
pub fn check_after_body(
    mf: &MachineFunction,
    facts: &BodyFacts,
    body: &crate::mi::Body,
    mi_target: &dyn crate::mi::TargetInfo,
    reg_target: Option<&crate::target::Target>,
    module: Option<&llrs_ir::Module>,
) -> Result<(), CheckError> {
    // setupRegisterInfo: every virtual register needs a class, a bank or `_`, and an
    // allocatable class.
    if let Some(message) = crate::mi::check_vregs(body, mi_target, mf.name.value.as_bytes()).into_iter().next() {
        return Err(CheckError { at: None, message });
    }
    // The target's function info (`parseMachineFunctionInfo`): frame indices by position
    // (`yaml::FrameIndex::getFI`), then registers.
    if let FunctionInfo::Fields(fields) = &mf.function_info {
        for (_, v) in fields {
            if let InfoValue::FrameIndex(s, m) = v {
                check_frame_index(mf, s, *m)?;
            }
        }
    }
    if let Some(t) = reg_target {
        for r in &mf.info_registers {
            super::regs::check_named_register(r, t)?;
        }
    }
    // computeFunctionProperties.
    let name = &mf.name.value;
    if mf.no_phis == Some(true) && facts.has_phi {
        return Err(CheckError {
            at: None,
            message: format!("{name} has explicit property NoPhi, but contains at least one PHI"),
        });
    }
    if mf.is_ssa == Some(true) && !facts.is_ssa {
        return Err(CheckError {
            at: None,
            message: format!("{name} has explicit property IsSSA, but is not valid SSA"),
        });
    }
    if mf.no_vregs == Some(true) && facts.has_vregs {
        return Err(CheckError {
            at: None,
            message: format!("{name} has explicit property NoVRegs, but contains virtual registers"),
        });
    }
    if mf.has_fake_uses == Some(false) && facts.has_fake_use {
        return Err(CheckError {
            at: None,
            message: format!("{name} has explicit property hasFakeUses=false, but contains fake uses"),
        });
    }
    check_call_sites(mf, body, reg_target)?;
    check_called_globals(mf, body, reg_target, module)
}

/// The instruction a call location names: its block and offset must exist (llc's messages).
fn check_call_location(mf: &MachineFunction, sizes: &[u32], bb: u32, off: u32) -> Result<(), CheckError> {
    let name = &mf.name.value;
    let nopos = |message: String| CheckError { at: None, message };
    let Some(&size) = sizes.get(bb as usize) else {
        return Err(nopos(format!("{name} instruction block out of range. Unable to reference bb:{bb}")));
    };
    if off >= size {
        return Err(nopos(format!(
            "{name} instruction offset out of range. Unable to reference instruction at bb: {bb} at offset:{off}"
        )));
    }
    Ok(())
}

/// Whether the instruction at `bb`/`off` is a call, by the target's descriptions.
fn is_call_at(body: &crate::mi::Body, t: &crate::target::Target, bb: u32, off: u32) -> bool {
    let opcode = super::facts::opcode_at(body, bb as usize, off).unwrap_or(b"");
    t.opcode(opcode).is_some_and(|op| t.instr(op).is_call())
}

/// `calledGlobals`: each names a call instruction and a global of the module.
fn check_called_globals(
    mf: &MachineFunction,
    body: &crate::mi::Body,
    target: Option<&crate::target::Target>,
    module: Option<&llrs_ir::Module>,
) -> Result<(), CheckError> {
    if mf.called_globals.is_empty() {
        return Ok(());
    }
    let sizes = super::facts::block_sizes(body);
    for c in &mf.called_globals {
        check_call_location(mf, &sizes, c.bb, c.offset)?;
        if let Some(t) = target {
            if !is_call_at(body, t, c.bb, c.offset) {
                return Err(CheckError {
                    at: None,
                    message: format!(
                        "{} called global should reference call instruction. Instruction at bb:{} at offset:{} is not a call instruction",
                        mf.name.value, c.bb, c.offset
                    ),
                });
            }
        }
        if let Some(m) = module {
            if m.global_named(&c.callee.value).is_none() {
                return Err(at(c.callee.inner_start(), format!("use of undefined global '{}'", c.callee.value)));
            }
        }
    }
    Ok(())
}

/// `initializeCallSiteInfo`: each call site must name a call instruction of the body; llc
/// (without `-emit-call-site-info`) then refuses them all.
fn check_call_sites(
    mf: &MachineFunction,
    body: &crate::mi::Body,
    target: Option<&crate::target::Target>,
) -> Result<(), CheckError> {
    if mf.call_sites.is_empty() {
        return Ok(());
    }
    let nopos = |message: String| CheckError { at: None, message };
    let name = &mf.name.value;
    let sizes = super::facts::block_sizes(body);
    for c in &mf.call_sites {
        let (bb, off) = (c.bb, c.offset);
        check_call_location(mf, &sizes, bb, off)?;
        if let Some(t) = target {
            if !is_call_at(body, t, bb, off) {
                return Err(nopos(format!(
                    "{name} call site info should reference call instruction. Instruction at bb:{bb} at offset:{off} is not a call instruction"
                )));
            }
            for a in &c.fwd_arg_regs {
                super::regs::check_named_register(&a.reg, t)?;
            }
        }
    }
    Err(nopos("call site info provided but not used".to_string()))
}

/// `yaml::FrameIndex::getFI`: the number written is an index among the objects made.
fn check_frame_index(mf: &MachineFunction, s: &str, m: crate::yaml::tree::Mark) -> Result<(), CheckError> {
    let (n, count, kind) = match s.strip_prefix("%fixed-stack.") {
        Some(n) => (n, mf.fixed_stack.len(), "fixed frame"),
        None => (s.strip_prefix("%stack.").unwrap_or(""), mf.stack.len(), "frame"),
    };
    match n.parse::<u32>() {
        Ok(i) if (i as usize) < count => Ok(()),
        Ok(i) => Err(at(m, format!("invalid {kind} index {i}"))),
        Err(_) => Ok(()),
    }
}

/// `parseStackObjectReference` of a frame info field: `%stack.N[.name]` of a defined object.
fn check_stack_reference(mf: &MachineFunction, r: &crate::yaml::input::StrVal) -> Result<(), CheckError> {
    let start = r.inner_start();
    let Some(rest) = r.value.strip_prefix("%stack.") else {
        return Err(at(start, "expected a stack object".to_string()));
    };
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let Ok(id) = rest[..digits].parse::<u32>() else {
        return Err(at(start, "expected a stack object".to_string()));
    };
    if !mf.stack.iter().any(|o| o.id.value == id) {
        return Err(at(start, format!("use of undefined stack object '%stack.{id}'")));
    }
    Ok(())
}

/// `TargetFrameLowering::isSupportedStackID` of each target (an index into [`STACK_IDS`]).
fn stack_id_supported(target: TargetKind, id: usize) -> bool {
    // default, sgpr-spill, scalable-vector, scalable-predicate-vector, wasm-local, noalloc
    match target {
        TargetKind::AArch64 => matches!(id, 0 | 2 | 3 | 5),
        TargetKind::RiscV => matches!(id, 0 | 2 | 5),
        TargetKind::Amdgpu => matches!(id, 0 | 1 | 5),
        TargetKind::WebAssembly => matches!(id, 0 | 4 | 5),
        // `TargetFrameLowering`'s default: the default stack and `noalloc`.
        _ => matches!(id, 0 | 5),
    }
}

/// MIParser's `parseMBBReference` of a whole string (`%bb.N[.name]`); llc reports its errors
/// without a position.
fn check_mbb_reference(r: &crate::yaml::input::StrVal, facts: &BodyFacts) -> Result<(), CheckError> {
    let nopos = |message: String| CheckError { at: None, message };
    let Some(rest) = r.value.strip_prefix("%bb.") else {
        return Err(nopos("expected a machine basic block reference".to_string()));
    };
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let Ok(n) = rest[..digits].parse::<u32>() else {
        return Err(nopos("expected a machine basic block reference".to_string()));
    };
    if facts.block_number(n).is_none() {
        return Err(nopos(format!("use of undefined machine basic block #{n}")));
    }
    let tail = &rest[digits..];
    if !tail.is_empty() && !tail.starts_with('.') {
        return Err(nopos("expected end of string".to_string()));
    }
    Ok(())
}

/// The names of the `alloca`s of the IR function `func` (what its value symbol table finds).
fn alloca_names(m: &llrs_ir::Module, func: Option<llrs_ir::GlobalId>) -> rustc_hash::FxHashSet<&[u8]> {
    let Some(body) = func.and_then(|g| m.globals[g].func.as_ref()).and_then(|f| f.body.as_ref()) else {
        return Default::default();
    };
    body.insts
        .iter()
        .filter(|(_, i)| i.op == llrs_ir::Opcode::Alloca)
        .filter_map(|(_, i)| i.name.map(|s| m.ctx.name(s)))
        .collect()
}
