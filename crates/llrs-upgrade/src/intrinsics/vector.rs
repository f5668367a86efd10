//! `llvm.experimental.vector.splice(a, b, imm)` and LLVM 21's `llvm.vector.splice(a, b, imm)`:
//! LLVM 22 splits them by the sign of the offset into
//! `llvm.vector.splice.left(a, b, imm)` and `llvm.vector.splice.right(a, b, -imm)`. The old
//! declaration goes and each call becomes a new, unnamed call.

use super::{Plan, Site};
use llrs_ir::module::GlobalId;
use llrs_ir::{Context, Type, TypeId};

/// The plan for an old splice declaration.
pub(super) fn plan(ctx: &mut Context, rest: &str, fn_ty: TypeId) -> Option<Plan> {
    let old = rest.strip_prefix("experimental.").unwrap_or(rest);
    if !old.starts_with("vector.splice.")
        || old.starts_with("vector.splice.left.")
        || old.starts_with("vector.splice.right.")
    {
        return None;
    }
    let Type::Function { params, vararg: false, .. } = ctx.type_of(fn_ty) else { return None };
    (params.len() == 3).then(|| Plan::expand(splice))
}

/// A call of `llvm.vector.splice.left` or `.right` in place of the old splice.
fn splice(site: &mut Site<'_>, _: Option<GlobalId>) -> bool {
    let args = site.args();
    if args.len() != 3 {
        return false;
    }
    let Some(imm) = site.const_i64(args[2]) else { return false };
    let vty = site.ret_ty();
    let i32t = site.m.ctx.int_ty(32);
    let fty = site.m.ctx.fn_ty(vty, &[vty, vty, i32t], false);
    let (base, off) = if imm >= 0 { ("llvm.vector.splice.left", imm) } else { ("llvm.vector.splice.right", -imm) };
    let Some(g) = site.intrinsic(base, &[vty], fty) else { return false };
    let off = site.int(32, off);
    let v = site.emit_call(g, &[args[0], args[1], off]);
    site.replace(v, false);
    true
}
