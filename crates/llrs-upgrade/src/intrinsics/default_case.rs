//! LLVM's `DefaultCase` of `UpgradeIntrinsicCall` for a declaration that became another
//! intrinsic whose type LLVM takes from the old declaration's return or parameter types
//! (`Intrinsic::getOrInsertDeclaration(M, ID, {F->getReturnType()})`) without checking the
//! rest of the signature: when the types agree the calls only change callee
//! (`setCalledFunction`); when they do not, the calls keep their own function type and call the
//! new declaration anyway (`setCalledOperand`), which the verifier then refuses.

use super::{Plan, Site};
use llrs_ir::module::GlobalId;
use llrs_ir::TypeId;

/// The plan for an old declaration of type `old_ty` replaced by the intrinsic `name` of type
/// `new_ty` whose calls go through `DefaultCase`.
pub(crate) fn plan(name: String, new_ty: TypeId, old_ty: TypeId) -> Plan {
    if new_ty == old_ty {
        Plan::rename(name, new_ty)
    } else {
        Plan::rewrite(name, new_ty, set_callee)
    }
}

/// `CI->setCalledOperand(NewFn)`: the call keeps its function type, only its callee changes.
fn set_callee(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let callee = site.callee(g);
    match site.body.insts[site.call].operands.first_mut() {
        Some(op) => {
            *op = callee;
            true
        }
        None => false,
    }
}
