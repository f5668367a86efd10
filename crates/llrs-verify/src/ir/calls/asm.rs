//! `verifyInlineAsmCall`: indirect constraints need pointers with an `elementtype`, label
//! constraints go with callbr's indirect destinations. The constraints are read by
//! `llrs_ir::inline_asm` (`InlineAsm::ParseConstraints`).

use super::site::Site;
use super::FnCtx;
use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::inline_asm::{parse_constraints, ConstraintKind};
use llrs_ir::{InstId, Opcode, Value};

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
            if c.kind == ConstraintKind::Label {
                labels += 1;
                continue;
            }
            if !c.has_arg() {
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
