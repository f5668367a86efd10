//! The attachments LLVM 22 added to `visitInstruction`: `!nofree` of `inttoptr`,
//! `!callee_type` of calls (`visitCalleeTypeMetadata`), `!captures` of stores
//! (`visitCapturesMetadata`) and `!alloc_token` of calls (`visitAllocTokenMetadata`). Each is a
//! sub-visitor: its failure ends its own checks only.

use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::{InstData, Md, MdId, Opcode};

/// The components `!captures` may name.
const CAPTURE_COMPONENTS: &[&[u8]] = &[b"address", b"address_is_null", b"provenance", b"read_provenance"];

impl Verifier<'_> {
    /// `!nofree`: an empty node on an `inttoptr` of pointer type.
    pub(super) fn visit_nofree_metadata(&mut self, me: Subject, inst: &InstData, md: MdId) -> Step {
        self.check_module(self.types().is_ptr(inst.ty), "nofree applies only to pointer types", &[me])?;
        self.check_module(inst.op == Opcode::IntToPtr, "nofree applies only to inttoptr instruction", &[me])?;
        self.check_module(self.md_ops(md).is_empty(), "nofree metadata must be empty", &[me])
    }

    /// `visitCalleeTypeMetadata`: on calls, a list of generalized function type nodes
    /// `!{i64 0, !"_ZTSFvvE.generalized"}`.
    pub(super) fn visit_callee_type_metadata(&mut self, me: Subject, op: Opcode, md: MdId) -> Step {
        let is_call = matches!(op, Opcode::Call | Opcode::Invoke | Opcode::CallBr);
        self.check_module(is_call, "!callee_type metadata should only exist on calls", &[me])?;
        for k in 0..self.md_ops(md).len() {
            let op = self.md_op(md, k);
            let subject: Vec<Subject> = (op != Md::Null).then_some(Subject::MdRef(op)).into_iter().collect();
            let Some(ty) = self.as_node(op) else {
                self.fail_module("The callee_type metadata must be a list of type metadata nodes", &subject);
                return None;
            };
            self.check_module(
                self.md_ops(ty).len() == 2,
                "Well-formed generalized type metadata must contain exactly two operands",
                &subject,
            )?;
            let zero = self.md_int(self.md_op(ty, 0)).is_some_and(|v| v.is_zero());
            self.check_module(zero, "The first operand of type metadata for functions must be zero", &subject)?;
            // MDNode::hasGeneralizedMDString.
            let generalized = self.md_str(self.md_op(ty, 1)).is_some_and(|s| s.ends_with(b".generalized"));
            self.check_module(
                generalized,
                "Only generalized type metadata can be part of the callee_type metadata list",
                &subject,
            )?;
        }
        Some(())
    }

    /// `visitCapturesMetadata`: on stores of a pointer, a non-empty list of capture components.
    pub(super) fn visit_captures_metadata(&mut self, me: Subject, ptr_value: Option<bool>, md: MdId) -> Step {
        let Some(ptr_value) = ptr_value else {
            self.fail_module("!captures metadata can only be applied to store instructions", &[me]);
            return None;
        };
        self.check_module(
            ptr_value,
            "!captures metadata can only be applied to store with value operand of pointer type",
            &[me],
        )?;
        self.check_module(!self.md_ops(md).is_empty(), "!captures metadata cannot be empty", &[me])?;
        for k in 0..self.md_ops(md).len() {
            let op = self.md_op(md, k);
            let Some(name) = self.md_str(op) else {
                self.fail_module("!captures metadata must be a list of strings", &[me]);
                return None;
            };
            self.check_module(
                CAPTURE_COMPONENTS.contains(&name),
                "invalid entry in !captures metadata",
                &[me, Subject::MdRef(op)],
            )?;
        }
        Some(())
    }

    /// `visitAllocTokenMetadata`: on calls, `!{!"type name", i1 contains-pointer}`.
    pub(super) fn visit_alloc_token_metadata(&mut self, me: Subject, op: Opcode, md: MdId) -> Step {
        let is_call = matches!(op, Opcode::Call | Opcode::Invoke | Opcode::CallBr);
        self.check_module(is_call, "!alloc_token should only exist on calls", &[me])?;
        let node = [Subject::Md(md)];
        self.check_module(self.md_ops(md).len() == 2, "!alloc_token must have 2 operands", &node)?;
        self.check_module(matches!(self.md_op(md, 0), Md::Str(_)), "expected string", &node)?;
        self.check_module(self.md_int(self.md_op(md, 1)).is_some(), "expected integer constant", &node)
    }
}
