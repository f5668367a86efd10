//! `llvm.localescape` and `llvm.localrecover` with `verifyFrameRecoverIndices`,
//! `llvm.experimental.noalias.scope.decl` with `verifyNoAliasScopeDecl`, and
//! `verifyDeoptimizeCallingConvs`.

use super::super::FnCtx;
use super::helpers::{arg, call_args};
use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::{GlobalKind, InstId, Md, Value};

impl Verifier<'_> {
    /// `case Intrinsic::localescape`.
    pub(super) fn visit_localescape(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let call = Subject::Inst(f.g, i);
        let in_entry = f.block_of(i).is_some() && f.block_of(i) == f.entry();
        self.check_module(in_entry, "llvm.localescape used outside of entry block", &[call])?;
        let saw = self.intr_state.saw_frame_escape;
        self.check_module(!saw, "multiple calls to llvm.localescape in one function", &[call])?;
        let args = call_args(f.inst(i));
        for &a in args {
            if self.is_null_ptr(a) {
                continue;
            }
            let s = self.strip_pointer_casts(f, a);
            self.check_module(self.is_static_alloca(f, s), "llvm.localescape only accepts static allocas", &[call])?;
        }
        self.intr_state.frame_entry(f.g).1 = args.len() as u32;
        self.intr_state.saw_frame_escape = true;
        Some(())
    }

    /// `case Intrinsic::localrecover`.
    pub(super) fn visit_localrecover(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let m = self.v.m;
        let inst = f.inst(i);
        let target = arg(inst, 0).map(|v| self.strip_pointer_casts(f, v)).and_then(|v| self.global_of(v));
        let target = target.filter(|&g| {
            let gl = &m.globals[g];
            gl.kind == GlobalKind::Function && gl.func.as_ref().is_some_and(|fd| fd.body.is_some())
        });
        self.check_module(
            target.is_some(),
            "llvm.localrecover first argument must be function defined in this module",
            &[Subject::Inst(f.g, i)],
        )?;
        let Some(idx) = self.const_apint(arg(inst, 2)) else { return Some(()) };
        let limited = if idx.active_bits() > 32 { u64::from(u32::MAX) } else { idx.low_u64().min(u64::from(u32::MAX)) };
        let e = self.intr_state.frame_entry(target?);
        e.2 = u64::from(e.2).max(limited + 1) as u32;
        Some(())
    }

    /// `verifyFrameRecoverIndices`.
    pub(super) fn verify_frame_indices(&mut self) {
        let entries = std::mem::take(&mut self.intr_state.frame_escape);
        for &(g, escaped, max) in &entries {
            if self
                .check_module(
                    max <= escaped,
                    "all indices passed to llvm.localrecover must be less than the number of arguments passed to \
                     llvm.localescape in the parent function",
                    &[Subject::Global(g)],
                )
                .is_none()
            {
                break;
            }
        }
        self.intr_state.frame_escape = entries;
    }

    /// `case Intrinsic::experimental_noalias_scope_decl`: remembered for
    /// `verifyNoAliasScopeDecl`.
    pub(super) fn visit_noalias_scope_decl(&mut self, i: InstId) -> Step {
        self.intr_state.noalias_decls.push(i);
        Some(())
    }

    /// `verifyNoAliasScopeDecl` (the domination rule is off by default in LLVM:
    /// `-verify-noalias-scope-decl-dom`).
    pub(super) fn verify_noalias_decls(&mut self, f: &FnCtx<'_>) {
        let decls = std::mem::take(&mut self.intr_state.noalias_decls);
        for &i in &decls {
            if self.verify_one_noalias_decl(f, i).is_none() {
                break;
            }
        }
        self.intr_state.noalias_decls = decls;
    }

    fn verify_one_noalias_decl(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let ii = Subject::Inst(f.g, i);
        let op = arg(f.inst(i), 0);
        let Some(Value::Md(md)) = op else {
            self.fail_module("llvm.experimental.noalias.scope.decl must have a MetadataAsValue argument", &[ii]);
            return None;
        };
        let Md::Node(list) = md else {
            self.fail_module("!id.scope.list must point to an MDNode", &[ii]);
            return None;
        };
        let n = self.v.node(list).ops.len();
        self.check_module(n == 1, "!id.scope.list must point to a list with a single scope", &[ii])?;
        let _ = self.visit_alias_scope_list_metadata(list);
        Some(())
    }

    /// `verifyDeoptimizeCallingConvs`: the declarations of `llvm.experimental.deoptimize`.
    pub(super) fn verify_deopt_ccs(&mut self) {
        let m = self.v.m;
        let decls: Vec<_> = m
            .functions
            .iter()
            .copied()
            .filter(|&g| self.intrinsic_base(g) == Some("llvm.experimental.deoptimize"))
            .collect();
        let Some((&first, rest)) = decls.split_first() else { return };
        let cc = |g: llrs_ir::GlobalId| m.globals[g].func.as_ref().map_or(0, |fd| fd.cconv);
        for &g in rest {
            if self
                .check_module(
                    cc(first) == cc(g),
                    "All llvm.experimental.deoptimize declarations must have the same calling convention",
                    &[Subject::Global(first), Subject::Global(g)],
                )
                .is_none()
            {
                return;
            }
        }
    }
}
