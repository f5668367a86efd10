//! LLVM's IR checks (`Verifier::verify(const Function &)` and the instruction visitors): one
//! module per family of visitors, each a port of the matching part of `Verifier.cpp`.
//!
//! `verify_function` is LLVM's `verify(F)`: every block must end in a terminator, then
//! `visitFunction`, then each block (`visitBasicBlock`) and each instruction (`visit(I)`: its
//! debug records, then the visitor of its opcode, dispatched as LLVM's `InstVisitor` does), then
//! the function-wide checks (sibling funclet unwinds, convergence control, noalias scope
//! declarations).

pub mod attrs;
pub mod calls;
pub mod ctx;
pub mod eh;
pub mod function;
pub mod inst;
pub mod intrinsics;
pub mod md_attach;
pub mod memory;
pub mod ops;
pub mod tbaa;
pub mod util;

pub use ctx::FnCtx;

use crate::function::FnState;
use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::{BlockId, GlobalId, InstId, Opcode, Value};

impl Verifier<'_> {
    /// `verify(F)`.
    pub fn verify_function(&mut self, g: GlobalId, st: &mut FnState) {
        st.number += 1;
        let m = self.v.m;
        let f = FnCtx::new(m, g);
        if let Some(f) = &f {
            for &b in &f.body.layout {
                if f.terminator(b).is_none() {
                    let name = m.globals[g].name.map(|n| m.ctx.name(n)).unwrap_or(b"");
                    let msg = format!(
                        "Basic Block in function '{}' does not have terminator!",
                        String::from_utf8_lossy(name)
                    );
                    self.fail_module(msg, &[Subject::Value(g, Value::Block(b))]);
                    return;
                }
            }
        }
        let _ = self.visit_function(g, f.as_ref(), st);
        if let Some(f) = &f {
            for &b in &f.body.layout {
                let _ = self.visit_basic_block(f, b);
                for &i in &f.body.blocks[b].insts {
                    self.visit(f, b, i, st);
                }
            }
            self.verify_sibling_funclet_unwinds(f);
            self.verify_convergence(f);
            self.verify_noalias_scope_decls(f);
        }
        st.fn_args.clear();
        self.end_function();
    }

    /// Clears the per-function state of every family of visitors.
    fn end_function(&mut self) {
        self.inst_state.end_function();
        self.eh_state.end_function();
        self.conv_state = Default::default();
        self.intr_state.end_function();
    }

    /// `visit(Instruction &)`: the debug records, then the visitor of the opcode.
    fn visit(&mut self, f: &FnCtx<'_>, b: BlockId, i: InstId, st: &mut FnState) {
        let inst = f.inst(i);
        self.visit_records(f.g, b, i, inst, st);
        let _ = self.dispatch(f, i);
    }

    /// `InstVisitor::visit`: the visitor of each opcode.
    fn dispatch(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        use Opcode::*;
        match f.inst(i).op {
            Ret => self.visit_return(f, i),
            Br => self.visit_branch(f, i),
            Switch => self.visit_switch(f, i),
            IndirectBr => self.visit_indirect_br(f, i),
            Invoke => self.visit_invoke(f, i),
            Resume => self.visit_resume(f, i),
            Unreachable => self.visit_terminator(f, i),
            CleanupRet => self.visit_cleanup_return(f, i),
            CatchRet => self.visit_catch_return(f, i),
            CatchSwitch => self.visit_catch_switch(f, i),
            CallBr => self.visit_callbr(f, i),
            FNeg => self.visit_unary_operator(f, i),
            Add | FAdd | Sub | FSub | Mul | FMul | UDiv | SDiv | FDiv | URem | SRem | FRem | Shl | LShr | AShr
            | And | Or | Xor => self.visit_binary_operator(f, i),
            ExtractElement => self.visit_extract_element(f, i),
            InsertElement => self.visit_insert_element(f, i),
            ShuffleVector => self.visit_shuffle_vector(f, i),
            ExtractValue => self.visit_extract_value(f, i),
            InsertValue => self.visit_insert_value(f, i),
            Alloca => self.visit_alloca(f, i),
            Load => self.visit_load(f, i),
            Store => self.visit_store(f, i),
            Fence => self.visit_fence(f, i),
            CmpXchg => self.visit_cmpxchg(f, i),
            AtomicRmw => self.visit_atomicrmw(f, i),
            GetElementPtr => self.visit_gep(f, i),
            Trunc | ZExt | SExt | FPTrunc | FPExt | FPToUI | FPToSI | UIToFP | SIToFP | PtrToInt | PtrToAddr
            | IntToPtr | BitCast | AddrSpaceCast => self.visit_cast(f, i),
            ICmp => self.visit_icmp(f, i),
            FCmp => self.visit_fcmp(f, i),
            Phi => self.visit_phi(f, i),
            Select => self.visit_select(f, i),
            Call => self.visit_call_inst(f, i),
            VAArg | Freeze => self.visit_instruction(f, i),
            LandingPad => self.visit_landing_pad(f, i),
            CatchPad => self.visit_catch_pad(f, i),
            CleanupPad => self.visit_cleanup_pad(f, i),
        }
    }
}
