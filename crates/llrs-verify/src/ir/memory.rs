//! Memory instructions: `alloca`, `load`, `store`, `fence`, `cmpxchg`, `atomicrmw`, and the
//! size rules of atomic accesses (`checkAtomicMemAccessSize`).

use super::FnCtx;
use crate::walk::{Step, Verifier};
use llrs_ir::InstId;

impl Verifier<'_> {
    /// `visitAllocaInst`.
    pub fn visit_alloca(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        self.visit_instruction(f, i)
    }

    /// `visitLoadInst`.
    pub fn visit_load(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        self.visit_instruction(f, i)
    }

    /// `visitStoreInst`.
    pub fn visit_store(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        self.visit_instruction(f, i)
    }

    /// `visitFenceInst`.
    pub fn visit_fence(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        self.visit_instruction(f, i)
    }

    /// `visitAtomicCmpXchgInst`.
    pub fn visit_cmpxchg(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        self.visit_instruction(f, i)
    }

    /// `visitAtomicRMWInst`.
    pub fn visit_atomicrmw(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        self.visit_instruction(f, i)
    }
}
