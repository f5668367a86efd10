//! Casts, unary and binary operators, comparisons, `select`, vector and aggregate operations,
//! and `getelementptr` (`visitTruncInst` ... `visitGetElementPtrInst`).

use super::FnCtx;
use crate::walk::{Step, Verifier};
use llrs_ir::InstId;

impl Verifier<'_> {
    /// `visit*CastInst (every cast opcode)`.
    pub fn visit_cast(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        self.visit_instruction(f, i)
    }

    /// `visitUnaryOperator`.
    pub fn visit_unary_operator(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        self.visit_instruction(f, i)
    }

    /// `visitBinaryOperator`.
    pub fn visit_binary_operator(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        self.visit_instruction(f, i)
    }

    /// `visitICmpInst`.
    pub fn visit_icmp(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        self.visit_instruction(f, i)
    }

    /// `visitFCmpInst`.
    pub fn visit_fcmp(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        self.visit_instruction(f, i)
    }

    /// `visitSelectInst`.
    pub fn visit_select(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        self.visit_instruction(f, i)
    }

    /// `visitExtractElementInst`.
    pub fn visit_extract_element(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        self.visit_instruction(f, i)
    }

    /// `visitInsertElementInst`.
    pub fn visit_insert_element(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        self.visit_instruction(f, i)
    }

    /// `visitShuffleVectorInst`.
    pub fn visit_shuffle_vector(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        self.visit_instruction(f, i)
    }

    /// `visitExtractValueInst`.
    pub fn visit_extract_value(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        self.visit_instruction(f, i)
    }

    /// `visitInsertValueInst`.
    pub fn visit_insert_value(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        self.visit_instruction(f, i)
    }

    /// `visitGetElementPtrInst`.
    pub fn visit_gep(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        self.visit_instruction(f, i)
    }
}
