//! MIRParser's checks of a machine function's fields that need neither the body nor the
//! target's registers (`initializeMachineFunction`, in LLVM's order), and the ones that need
//! the body as far as [`BodyFacts`] tells.

use super::facts::BodyFacts;
use super::model::*;
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

/// Checks `mf` as `initializeMachineFunction` does, up to what can be checked here.
pub fn check_function(mf: &MachineFunction, facts: &BodyFacts) -> Result<(), CheckError> {
    // parseRegisterInfo: virtual register ids.
    let mut seen = rustc_hash::FxHashSet::default();
    for r in &mf.registers {
        if !seen.insert(r.id.value) {
            return Err(at(r.id.at, format!("redefinition of virtual register '%{}'", r.id.value)));
        }
        if !r.preferred_register.value.is_empty() && r.class.value == "_" {
            return Err(at(
                r.class.at.unwrap_or_default(),
                "preferred register can only be set for normal vregs".to_string(),
            ));
        }
    }
    // initializeConstantPool.
    let mut seen = rustc_hash::FxHashSet::default();
    for c in &mf.constants {
        if c.is_target_specific {
            return Err(at(
                c.value.at.unwrap_or(c.id.at),
                "Can't parse target-specific constant pool entries yet".to_string(),
            ));
        }
        if !seen.insert(c.id.value) {
            return Err(at(c.id.at, format!("redefinition of constant pool item '%const.{}'", c.id.value)));
        }
    }
    // initializeFrameInfo.
    let mut seen = rustc_hash::FxHashSet::default();
    for o in &mf.fixed_stack {
        if !seen.insert(o.id.value) {
            return Err(at(o.id.at, format!("redefinition of fixed stack object '%fixed-stack.{}'", o.id.value)));
        }
    }
    let mut seen = rustc_hash::FxHashSet::default();
    for o in &mf.stack {
        if !seen.insert(o.id.value) {
            return Err(at(o.id.at, format!("redefinition of stack object '%stack.{}'", o.id.value)));
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
        if !seen.insert(e.id.value) {
            return Err(at(e.id.at, format!("redefinition of jump table entry '%jump-table.{}'", e.id.value)));
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
        return Err(CheckError { at: None, message: format!("{name} has explicit property IsSSA, but is not valid SSA") });
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
    Ok(())
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
