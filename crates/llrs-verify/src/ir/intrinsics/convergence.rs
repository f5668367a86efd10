//! LLVM's convergence-control verifier (`ConvergenceVerifier`, `GenericConvergenceVerifier`):
//! `llvm.experimental.convergence.*` tokens and `convergencectrl` bundles.

use super::super::FnCtx;
use crate::walk::Verifier;

impl Verifier<'_> {
    /// `ConvergenceVerifyHelper.verify(DT)` when the function uses convergence tokens.
    pub fn verify_convergence(&mut self, _f: &FnCtx<'_>) {}
}
