//! Calls: `visitCallBase` (arguments against the prototype, attributes of the call site,
//! operand bundles, inline asm, swifterror, the callee's calling convention), `visitCallInst`
//! with `verifyMustTailCall`, `visitInvokeInst` and `visitCallBrInst`.

use super::FnCtx;
use crate::walk::{Step, Verifier};
use llrs_ir::InstId;

impl Verifier<'_> {
    /// `visitCallBase`.
    pub fn visit_call_base(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        self.visit_call_md(f.g, i, f.inst(i));
        // Hook for testing wt-g before `intrinsics/mod.rs` calls it (the lead resolves this line).
        if let Some(g) = self.callee_fn(f.inst(i)).filter(|&g| self.intrinsic_of(g).flatten().is_some()) {
            let _ = self.visit_intrinsic_more(f, i, g);
        }
        self.visit_instruction(f, i)
    }

    /// `visitCallInst`.
    pub fn visit_call_inst(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        self.visit_call_base(f, i)
    }

    /// `visitInvokeInst`.
    pub fn visit_invoke(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        self.visit_call_base(f, i)
    }

    /// `visitCallBrInst`.
    pub fn visit_callbr(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        self.visit_call_base(f, i)
    }
}
