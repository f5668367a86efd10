//! LLVM's `UpgradeOperandBundles`: the operand bundles of a call as read, upgraded without
//! knowing the call. Bitcode readers call it; the `.ll` reader does not (LLParser does not, and
//! the verifier rejects what it would drop).

use llrs_ir::instructions::Bundle;
use llrs_ir::Context;

/// `UpgradeOperandBundles`: a `"clang.arc.attachedcall"` bundle without operands (a marker
/// from before the bundle required one) is dropped.
pub fn upgrade_operand_bundles(ctx: &Context, bundles: &mut Vec<Bundle>) {
    if bundles.is_empty() {
        return;
    }
    let Some(tag) = ctx.names.lookup(b"clang.arc.attachedcall") else { return };
    bundles.retain(|b| b.tag != tag || !b.inputs.is_empty());
}
