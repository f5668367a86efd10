//! Intrinsics: `visitIntrinsicCall` (the signature against LLVM's tables, the mangled name,
//! then the rules of each intrinsic), `verifyStatepoint`, `verifyFrameRecoverIndices`,
//! `verifyNoAliasScopeDecl` and `verifyDeoptimizeCallingConvs`.

pub mod convergence;
pub mod more;

use super::FnCtx;
use crate::walk::{Step, Verifier};
use llrs_ir::{GlobalId, InstId};

/// State of these checks (`FrameEscapeInfo`, `SawFrameEscape`, `NoAliasScopeDecls`, ...).
#[derive(Default)]
pub struct IntrState {}

impl IntrState {
    /// Clears what holds for one function only.
    pub fn end_function(&mut self) {}
}

impl Verifier<'_> {
    /// `visitIntrinsicCall(ID, Call)`: `callee` is the intrinsic's declaration.
    pub fn visit_intrinsic_call(&mut self, _f: &FnCtx<'_>, _i: InstId, _callee: GlobalId) -> Step {
        Some(())
    }

    /// `verifyNoAliasScopeDecl`, at the end of each function.
    pub fn verify_noalias_scope_decls(&mut self, _f: &FnCtx<'_>) {}

    /// `verifyFrameRecoverIndices`, once all functions are verified.
    pub fn verify_frame_recover_indices(&mut self) {}

    /// `verifyDeoptimizeCallingConvs`, at the end of the module.
    pub fn verify_deoptimize_calling_convs(&mut self) {}
}
