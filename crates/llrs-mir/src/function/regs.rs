//! MIRParser's `parseRegisterInfo` and the register references of the other fields, checked
//! against the target's registers, classes and banks (`crate::target`).

use super::check::CheckError;
use super::model::MachineFunction;
use crate::target::Target;
use crate::yaml::input::StrVal;

/// An error inside a string value, at `offset` characters into it (MIRParser's
/// `diagFromMIStringDiag`: the value's start, after its opening quote).
fn inside(v: &StrVal, offset: u32, message: String) -> CheckError {
    let m = v.inner_start();
    CheckError { at: Some(crate::yaml::tree::Mark { line: m.line, col: m.col + offset }), message }
}

fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'.' || b == b'$' || b == b'-'
}

/// MIParser's `parseNamedRegisterReference` of a whole string: `$name` of a known register.
pub fn check_named_register(v: &StrVal, target: &Target) -> Result<(), CheckError> {
    let s = v.value.as_str();
    let Some(rest) = s.strip_prefix('$') else {
        return Err(inside(v, 0, "expected a named register".to_string()));
    };
    let len = rest.bytes().take_while(|&b| is_ident(b)).count();
    let name = &rest[..len];
    if target.reg(name).is_none() {
        return Err(inside(v, 0, format!("unknown register name '{name}'")));
    }
    if len < rest.len() {
        return Err(inside(v, 1 + len as u32, "expected end of string after the register reference".to_string()));
    }
    Ok(())
}

/// MIParser's `parseVirtualRegisterReference` of a whole string: `%N` or `%name`.
fn check_virtual_register(v: &StrVal) -> Result<(), CheckError> {
    let s = v.value.as_str();
    let Some(rest) = s.strip_prefix('%') else {
        return Err(inside(v, 0, "expected a virtual register".to_string()));
    };
    // `%N` is a number; `%name` a named virtual register.
    let len = if rest.as_bytes().first().is_some_and(u8::is_ascii_digit) {
        rest.bytes().take_while(u8::is_ascii_digit).count()
    } else {
        rest.bytes().take_while(|&b| is_ident(b)).count()
    };
    if len == 0 {
        return Err(inside(v, 0, "expected a virtual register".to_string()));
    }
    if len < rest.len() {
        return Err(inside(v, 1 + len as u32, "expected end of string after the register reference".to_string()));
    }
    Ok(())
}

/// `parseRegisterInfo`: the virtual registers' ids, classes or banks and preferred registers,
/// the live-ins and the callee-saved registers.
pub fn check_register_info(mf: &MachineFunction, target: Option<&Target>) -> Result<(), CheckError> {
    let mut seen = rustc_hash::FxHashSet::default();
    for r in &mf.registers {
        if !seen.insert(r.id.value) {
            return Err(CheckError {
                at: Some(r.id.at),
                message: format!("redefinition of virtual register '%{}'", r.id.value),
            });
        }
        let class_at = r.class.at.unwrap_or(r.id.at);
        let mut normal = false;
        if r.class.value != "_" {
            if let Some(t) = target {
                normal = t.reg_class(&r.class.value).is_some();
                if !normal && t.reg_bank(&r.class.value).is_none() {
                    return Err(CheckError {
                        at: Some(class_at),
                        message: format!("use of undefined register class or register bank '{}'", r.class.value),
                    });
                }
            } else {
                normal = true;
            }
        }
        if !r.preferred_register.value.is_empty() {
            if !normal {
                return Err(CheckError {
                    at: Some(class_at),
                    message: "preferred register can only be set for normal vregs".to_string(),
                });
            }
            if let Some(t) = target {
                if r.preferred_register.value.starts_with('$') {
                    check_named_register(&r.preferred_register, t)?;
                } else {
                    check_virtual_register(&r.preferred_register)?;
                }
            }
        }
        // `getVRegFlagValue`: only AMDGPU has virtual register flags.
        if let Some(t) = target {
            let amdgpu = t.name() == "amdgcn" || t.name() == "r600";
            if let Some(f) = r.flags.iter().find(|f| !(amdgpu && f.value == "WWM_REG")) {
                return Err(CheckError {
                    at: Some(f.at.unwrap_or(r.id.at)),
                    message: format!("use of undefined register flag '{}'", f.value),
                });
            }
        }
    }
    let Some(t) = target else { return Ok(()) };
    for l in &mf.liveins {
        check_named_register(&l.reg, t)?;
        if !l.virtual_reg.value.is_empty() {
            check_virtual_register(&l.virtual_reg)?;
        }
    }
    for r in mf.callee_saved_registers.iter().flatten() {
        check_named_register(r, t)?;
    }
    Ok(())
}
