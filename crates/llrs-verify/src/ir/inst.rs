//! `visitInstruction` (the checks every instruction gets, with dominance of each use),
//! `visitBasicBlock`, `visitTerminator`, the terminators `ret`, `br`, `switch`, `indirectbr`,
//! `phi`, and the constant expressions instructions use (`visitConstantExprsRecursively`).

use super::FnCtx;
use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::{BlockId, InstId};

/// State of these visitors (`InstsInThisBlock`, `ConstantExprVisited`, ...).
#[derive(Default)]
pub struct InstState {}

impl InstState {
    /// Clears what holds for one function only.
    pub fn end_function(&mut self) {}
}

impl Verifier<'_> {
    /// `visitInstruction`.
    pub fn visit_instruction(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        self.visit_instruction_metadata(f, i)?;
        self.visit_instruction_md(f.g, i, f.inst(i));
        Some(())
    }

    /// `visitBasicBlock`.
    pub fn visit_basic_block(&mut self, f: &FnCtx<'_>, b: BlockId) -> Step {
        let trailing = f.body.blocks[b].trailing_records.is_empty();
        self.check(trailing, "Basic Block has trailing DbgRecords!", &[Subject::Block(f.g, b)])
    }

    /// `visitTerminator`.
    pub fn visit_terminator(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        self.visit_instruction(f, i)
    }

    /// `visitReturnInst`.
    pub fn visit_return(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        self.visit_terminator(f, i)
    }

    /// `visitBranchInst`.
    pub fn visit_branch(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        self.visit_terminator(f, i)
    }

    /// `visitSwitchInst`.
    pub fn visit_switch(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        self.visit_terminator(f, i)
    }

    /// `visitIndirectBrInst`.
    pub fn visit_indirect_br(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        self.visit_terminator(f, i)
    }

    /// `visitPHINode`.
    pub fn visit_phi(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        self.visit_instruction(f, i)
    }
}
