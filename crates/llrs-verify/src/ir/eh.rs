//! Exception handling: `landingpad`, `resume`, `catchswitch`, `catchpad`, `catchret`,
//! `cleanuppad`, `cleanupret` (`visitLandingPadInst` ... `visitCleanupReturnInst`), the
//! predecessors of EH pads (`visitEHPadPredecessors`), funclet pads' unwind destinations
//! (`visitFuncletPadInst`) and `verifySiblingFuncletUnwinds`.

use super::FnCtx;
use crate::walk::{Step, Verifier};
use llrs_ir::InstId;

/// State of these visitors (`LandingPadResultTy`, `SiblingFuncletInfo`, funclet colours).
#[derive(Default)]
pub struct EhState {}

impl EhState {
    /// Clears what holds for one function only.
    pub fn end_function(&mut self) {}
}

impl Verifier<'_> {
    /// `visitLandingPadInst`.
    pub fn visit_landing_pad(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        self.visit_instruction(f, i)
    }

    /// `visitCatchPadInst`.
    pub fn visit_catch_pad(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        self.visit_instruction(f, i)
    }

    /// `visitCleanupPadInst`.
    pub fn visit_cleanup_pad(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        self.visit_instruction(f, i)
    }

    /// `visitResumeInst`.
    pub fn visit_resume(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        self.visit_terminator(f, i)
    }

    /// `visitCatchReturnInst`.
    pub fn visit_catch_return(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        self.visit_terminator(f, i)
    }

    /// `visitCatchSwitchInst`.
    pub fn visit_catch_switch(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        self.visit_terminator(f, i)
    }

    /// `visitCleanupReturnInst`.
    pub fn visit_cleanup_return(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        self.visit_terminator(f, i)
    }

    /// `verifySiblingFuncletUnwinds`.
    pub fn verify_sibling_funclet_unwinds(&mut self, _f: &FnCtx<'_>) {}
}
