//! Profile attachments: `!prof` of instructions (`visitProfMetadata`: branch weights, value
//! profiles, the explicit `unknown` marker) and of functions (`verifyFunctionMetadata`, with
//! `!kcfi_type`), `!memprof` and `!callsite` (`visitMemProfMetadata`, `visitCallsiteMetadata`,
//! `visitCallStackMetadata`).

use super::super::FnCtx;
use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::{Const, GlobalId, InstId, Md, MdId, Opcode, Value};

/// `InstrProfValueKind`: `IPVK_IndirectCallTarget`, `IPVK_MemOPSize` (`IPVK_First` is 0).
const IPVK_INDIRECT_CALL_TARGET: u64 = 0;
const IPVK_MEMOP_SIZE: u64 = 1;
/// `IPVK_Last` (`IPVK_VTableTarget`).
const IPVK_LAST: u64 = 2;

impl<'m> Verifier<'m> {
    /// The text of an `MDString` operand.
    pub(super) fn md_str(&self, md: Md) -> Option<&'m [u8]> {
        match md {
            Md::Str(s) => Some(self.v.ctx().name(s)),
            _ => None,
        }
    }

    /// `getBranchWeightOffset`: 2 when the weights carry an origin (`!"expected"`), else 1.
    fn branch_weight_offset(&self, md: MdId) -> usize {
        // hasBranchWeightOrigin: isBranchWeightMD (at least 3 operands) and operand 1 a string.
        let ops = self.md_ops(md);
        let is_bw = ops.len() >= 3 && self.md_str(ops[0]) == Some(b"branch_weights");
        if is_bw && matches!(ops[1], Md::Str(_)) {
            2
        } else {
            1
        }
    }

    /// The number of branch weights an instruction's `!prof` must hold (0 where none are
    /// allowed; invokes are checked apart).
    fn expected_branch_weights(&self, f: &FnCtx<'_>, i: InstId) -> usize {
        let inst = f.inst(i);
        let blocks = |vs: &[Value]| vs.iter().filter(|v| matches!(v, Value::Block(_))).count();
        match inst.op {
            Opcode::Br => blocks(&inst.operands),
            Opcode::Switch => 1 + inst.operands.len().saturating_sub(2) / 2,
            Opcode::Call => 1,
            Opcode::IndirectBr => inst.operands.len().saturating_sub(1),
            Opcode::Select => 2,
            Opcode::CallBr => {
                let n = inst.call().map_or(0, |c| c.num_args as usize);
                inst.operands.len().saturating_sub(1 + n)
            }
            _ => 0,
        }
    }

    /// `visitProfMetadata(I, MD)`.
    pub(super) fn visit_prof_metadata(&mut self, f: &FnCtx<'_>, i: InstId, md: MdId) -> Step {
        let node = Subject::Md(md);
        let n = self.md_ops(md).len();
        self.check_module(n >= 1, "!prof annotations should have at least 1 operand", &[node])?;
        let first = self.md_op(md, 0);
        self.check_module(first != Md::Null, "first operand should not be null", &[node])?;
        let Some(name) = self.md_str(first) else {
            self.fail_module("expected string with name of the !prof annotation", &[node]);
            return None;
        };
        let op = f.inst(i).op;
        let expected = self.expected_branch_weights(f, i);
        if name == b"unknown" {
            self.check_module(
                expected != 0 || op == Opcode::Invoke,
                "'unknown' !prof should only appear on instructions on which 'branch_weights' would",
                &[node],
            )?;
            return self.verify_unknown_profile_metadata(md);
        }
        self.check_module(n >= 2, "!prof annotations should have no less than 2 operands", &[node])?;
        if name == b"branch_weights" {
            let offset = self.branch_weight_offset(md);
            let weights = n.saturating_sub(offset);
            if op == Opcode::Invoke {
                self.check_module(
                    weights == 1 || weights == 2,
                    "Wrong number of InvokeInst branch_weights operands",
                    &[node],
                )?;
            } else {
                if expected == 0 {
                    self.fail_module("!prof branch_weights are not allowed for this instruction", &[node]);
                }
                self.check_module(weights == expected, "Wrong number of operands", &[node])?;
            }
            for k in offset..n {
                let w = self.md_op(md, k);
                self.check_module(w != Md::Null, "second operand should not be null", &[node])?;
                self.check_module(self.md_int(w).is_some(), "!prof brunch_weights operand is not a const int", &[])?;
            }
        } else if name == b"VP" {
            // isValueProfileMD: at least the kind, a total count and one value-count pair.
            self.check_module(n >= 5, "invalid value profiling metadata", &[node])?;
            let kind = self.md_int(self.md_op(md, 1)).map(|k| k.to_u64().unwrap_or(u64::MAX));
            let Some(kind) = kind else {
                self.fail_module("VP !prof missing kind argument", &[node]);
                return None;
            };
            self.check_module(kind <= IPVK_LAST, "Invalid VP !prof kind", &[node])?;
            self.check_module(n % 2 == 1, "VP !prof should have an even number of arguments after 'VP'", &[node])?;
            if kind == IPVK_INDIRECT_CALL_TARGET || kind == IPVK_MEMOP_SIZE {
                self.check_module(
                    matches!(op, Opcode::Call | Opcode::Invoke | Opcode::CallBr),
                    "VP !prof indirect call or memop size expected to be applied to CallBase instructions only",
                    &[node],
                )?;
            }
        } else {
            self.fail_module("expected either branch_weights or VP profile name", &[node]);
            return None;
        }
        Some(())
    }

    /// `verifyUnknownProfileMetadata`: `!{!"unknown", !"pass name"}`.
    fn verify_unknown_profile_metadata(&mut self, md: MdId) -> Step {
        let node = Subject::Md(md);
        self.check_module(
            self.md_ops(md).len() == 2,
            "'unknown' !prof should have a single additional operand",
            &[node],
        )?;
        let Some(pass) = self.md_str(self.md_op(md, 1)) else {
            self.fail_module("'unknown' !prof should have an additional operand of type string", &[]);
            return None;
        };
        self.check_module(!pass.is_empty(), "the 'unknown' !prof operand should not be an empty string", &[])
    }

    /// `visitCallStackMetadata`: at least one operand, each a constant integer.
    fn visit_call_stack_metadata(&mut self, md: MdId) -> Step {
        self.check_module(
            !self.md_ops(md).is_empty(),
            "call stack metadata should have at least 1 operand",
            &[Subject::Md(md)],
        )?;
        for k in 0..self.md_ops(md).len() {
            let op = self.md_op(md, k);
            // A null operand prints nothing.
            let subject: Vec<Subject> = (op != Md::Null).then_some(Subject::MdRef(op)).into_iter().collect();
            self.check_module(
                self.md_int(op).is_some(),
                "call stack metadata operand should be constant integer",
                &subject,
            )?;
        }
        Some(())
    }

    /// `visitMemProfMetadata`: a list of MemInfoBlocks `!{!stack, !"type", !{i64, i64}...}`.
    pub(super) fn visit_memprof_metadata(&mut self, me: Subject, op: Opcode, md: MdId) -> Step {
        let is_call = matches!(op, Opcode::Call | Opcode::Invoke | Opcode::CallBr);
        self.check_module(is_call, "!memprof metadata should only exist on calls", &[me])?;
        self.check_module(
            !self.md_ops(md).is_empty(),
            "!memprof annotations should have at least 1 metadata operand (MemInfoBlock)",
            &[Subject::Md(md)],
        )?;
        for k in 0..self.md_ops(md).len() {
            // LLVM reads every operand as a node; anything else has no operands here.
            let mib = self.as_node(self.md_op(md, k));
            let mib_ops = mib.map_or(0, |m| self.md_ops(m).len());
            let subject: Vec<Subject> = mib.map(Subject::Md).into_iter().collect();
            self.check_module(mib_ops >= 2, "Each !memprof MemInfoBlock should have at least 2 operands", &subject)?;
            let mib = mib?;
            let stack = self.md_op(mib, 0);
            self.check_module(stack != Md::Null, "!memprof MemInfoBlock first operand should not be null", &subject)?;
            let Some(stack) = self.as_node(stack) else {
                self.fail_module("!memprof MemInfoBlock first operand should be an MDNode", &subject);
                return None;
            };
            let _ = self.visit_call_stack_metadata(stack);
            self.check_module(
                matches!(self.md_op(mib, 1), Md::Str(_)),
                "!memprof MemInfoBlock second operand should be an MDString",
                &subject,
            )?;
            for j in 2..mib_ops {
                let Some(pair) = self.as_node(self.md_op(mib, j)) else {
                    self.fail_module("Not all !memprof MemInfoBlock operands 2 to N are MDNode", &subject);
                    return None;
                };
                self.check_module(
                    self.md_ops(pair).len() == 2,
                    "Not all !memprof MemInfoBlock operands 2 to N are MDNode with 2 operands",
                    &subject,
                )?;
                let ints = self.md_ops(pair).iter().all(|&o| self.md_int(o).is_some());
                self.check_module(
                    ints,
                    "Not all !memprof MemInfoBlock operands 2 to N are MDNode with ConstantInt operands",
                    &subject,
                )?;
            }
        }
        Some(())
    }

    /// `visitCallsiteMetadata`.
    pub(super) fn visit_callsite_metadata(&mut self, me: Subject, op: Opcode, md: MdId) -> Step {
        let is_call = matches!(op, Opcode::Call | Opcode::Invoke | Opcode::CallBr);
        self.check_module(is_call, "!callsite metadata should only exist on calls", &[me])?;
        self.visit_call_stack_metadata(md)
    }

    /// `verifyFunctionMetadata(F.getAllMetadata())`: the function's `!prof` (an entry count, or
    /// the explicit `!{!"unknown", !"pass"}` marker) and `!kcfi_type` attachments, in LLVM's order of kinds
    /// (`!prof` before `!kcfi_type`). The first failure ends the check.
    pub fn verify_function_metadata(&mut self, g: GlobalId) -> Step {
        let m = self.v.m;
        let md = &m.globals[g].md;
        if md.is_empty() {
            return Some(());
        }
        let (prof, kcfi) = {
            let k = self.attach_kinds();
            (k.prof, k.kcfi_type)
        };
        for &(_, node) in md.iter().filter(|(k, _)| Some(*k) == prof) {
            let s = [Subject::Md(node)];
            let n = self.md_ops(node).len();
            self.check_module(n >= 2, "!prof annotations should have no less than 2 operands", &s)?;
            let first = self.md_op(node, 0);
            self.check_module(first != Md::Null, "first operand should not be null", &s)?;
            let Some(name) = self.md_str(first) else {
                self.fail_module("expected string with name of the !prof annotation", &s);
                return None;
            };
            if name == b"unknown" {
                let _ = self.verify_unknown_profile_metadata(node);
                continue;
            }
            self.check_module(
                name == b"function_entry_count" || name == b"synthetic_function_entry_count",
                "first operand should be 'function_entry_count' or 'synthetic_function_entry_count'",
                &s,
            )?;
            let second = self.md_op(node, 1);
            self.check_module(second != Md::Null, "second operand should not be null", &s)?;
            self.check_module(matches!(second, Md::Const(_)), "expected integer argument to function_entry_count", &s)?;
        }
        for &(_, node) in md.iter().filter(|(k, _)| Some(*k) == kcfi) {
            let s = [Subject::Md(node)];
            self.check_module(self.md_ops(node).len() == 1, "!kcfi_type must have exactly one operand", &s)?;
            let op = self.md_op(node, 0);
            self.check_module(op != Md::Null, "!kcfi_type operand must not be null", &s)?;
            let Md::Const(c) = op else {
                self.fail_module("expected a constant operand for !kcfi_type", &s);
                return None;
            };
            let Const::Int(_, v) = self.v.ctx().const_of(c) else {
                self.fail_module("expected a constant integer operand for !kcfi_type", &s);
                return None;
            };
            self.check_module(v.width() == 32, "expected a 32-bit integer constant operand for !kcfi_type", &s)?;
        }
        Some(())
    }
}
