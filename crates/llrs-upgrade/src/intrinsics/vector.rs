//! `llvm.experimental.vector.splice(a, b, imm)` and LLVM 21's `llvm.vector.splice(a, b, imm)`
//! (`upgradeVectorSplice`): LLVM 22 splits them by the sign of the offset into
//! `llvm.vector.splice.left(a, b, imm)` and `llvm.vector.splice.right(a, b, -imm)`. The old
//! declaration goes and each call becomes a new, unnamed call.

use super::Site;
use llrs_ir::module::GlobalId;

/// A call of `llvm.vector.splice.left` or `.right` in place of the old splice. LLVM stops with
/// a fatal error when the offset is not a constant: such calls are left as they are.
pub(super) fn splice(site: &mut Site<'_>, _: Option<GlobalId>) -> bool {
    let args = site.args();
    if args.len() != 3 {
        return false;
    }
    let Some(imm) = site.const_i64(args[2]) else { return false };
    let vty = site.ret_ty();
    let base = if imm >= 0 { "llvm.vector.splice.left" } else { "llvm.vector.splice.right" };
    let off = site.int(32, imm.wrapping_abs());
    let Some(v) = site.create_intrinsic(base, &[vty], &[args[0], args[1], off]) else { return false };
    site.replace(v, false);
    true
}
