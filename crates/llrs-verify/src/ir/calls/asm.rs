//! `verifyInlineAsmCall`: indirect constraints need pointers with an `elementtype`, label
//! constraints go with callbr's indirect destinations; and the part of
//! `InlineAsm::ParseConstraints` it needs.

use super::site::Site;
use super::FnCtx;
use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::{InstId, Opcode, Value};

/// What `ConstraintInfo` says of one constraint.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Constraint {
    /// `isLabel` (`!i`).
    pub label: bool,
    /// `hasArg`: an input, or an indirect output.
    pub has_arg: bool,
    /// `isIndirect` (`*`).
    pub indirect: bool,
}

/// `InlineAsm::ParseConstraints`, as far as the verifier looks: the kind of each constraint,
/// or nothing when the string does not parse (as LLVM returns an empty list).
pub fn parse_constraints(s: &[u8]) -> Vec<Constraint> {
    let mut out = Vec::new();
    if s.is_empty() {
        return out;
    }
    if s.last() == Some(&b',') {
        return Vec::new();
    }
    for piece in s.split(|&c| c == b',') {
        if piece.is_empty() {
            return Vec::new();
        }
        let (kind, rest) = match piece[0] {
            b'~' => {
                if piece.get(1).is_some_and(|&c| c != b'{') {
                    return Vec::new();
                }
                (b'~', &piece[1..])
            }
            b'=' => (b'=', &piece[1..]),
            b'!' => (b'!', &piece[1..]),
            _ => (b' ', piece),
        };
        let indirect = rest.first() == Some(&b'*');
        let rest = if indirect { &rest[1..] } else { rest };
        if rest.is_empty() {
            return Vec::new();
        }
        let has_arg = kind == b' ' || (kind == b'=' && indirect);
        out.push(Constraint { label: kind == b'!', has_arg, indirect });
    }
    out
}

impl Verifier<'_> {
    /// `verifyInlineAsmCall`.
    pub(super) fn verify_inline_asm_call(&mut self, f: &FnCtx<'_>, i: InstId, site: Site<'_>) -> Step {
        let m = self.v.m;
        let me = Subject::Inst(f.g, i);
        let Some(Value::Asm(a)) = site.callee() else { return Some(()) };
        let Some(ia) = m.asms.get(a) else { return Some(()) };
        let mut arg_no = 0usize;
        let mut labels = 0usize;
        for c in parse_constraints(m.ctx.name(ia.constraints)) {
            if c.label {
                labels += 1;
                continue;
            }
            if !c.has_arg {
                continue;
            }
            if c.indirect {
                let ptr = site.arg(arg_no).and_then(|v| self.value_ty(f, v)).is_some_and(|t| self.types().is_ptr(t));
                self.check_module(ptr, "Operand for indirect constraint must have pointer type", &[me])?;
                let elem = self.has(site.call.attrs.param(arg_no), "elementtype");
                self.check_module(elem, "Operand for indirect constraint must have elementtype attribute", &[me])?;
            } else {
                self.check_module(
                    !self.has(site.call.attrs.param(arg_no), "elementtype"),
                    "Elementtype attribute can only be applied for indirect constraints",
                    &[me],
                )?;
            }
            arg_no += 1;
        }
        if site.inst.op == Opcode::CallBr {
            let indirect = site.dests().len().saturating_sub(1);
            self.check_module(
                labels == indirect,
                "Number of label constraints does not match number of callbr dests",
                &[me],
            )
        } else {
            self.check_module(labels == 0, "Label constraints can only be used with callbr", &[me])
        }
    }
}
