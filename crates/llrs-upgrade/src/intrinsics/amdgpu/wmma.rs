//! The legacy integer WMMA intrinsics of AMDGPU without the clamp operand
//! (`llvm.amdgcn.wmma.i32.16x16x64.iu8` with 7 operands, `llvm.amdgcn.swmmac.i32.16x16x128.iu8`
//! with 8): each call becomes a call of the current form, overloaded on the types of its
//! operands, with `i1 false` appended. The new call keeps the old one's bundles, tail marker,
//! calling convention, attributes and metadata, but not its name.

use crate::intrinsics::Site;
use llrs_ir::instructions::InstExtra;
use llrs_ir::Value;

/// The two legacy forms.
#[derive(Clone, Copy)]
pub(super) enum Legacy {
    /// `wmma.i32.16x16x64.iu8`, overloaded on operands 4 and 1.
    Wmma,
    /// `swmmac.i32.16x16x128.iu8`, overloaded on operands 4, 1, 3 and 5.
    Swmmac,
}

/// The base names of the two intrinsics.
const WMMA: &str = "llvm.amdgcn.wmma.i32.16x16x64.iu8";
const SWMMAC: &str = "llvm.amdgcn.swmmac.i32.16x16x128.iu8";

/// Which legacy form the intrinsic `rest` (after `llvm.`) with `nargs` operands is, if any
/// (`F->getIntrinsicID()` is one of the two and the operand count is the old one).
pub(super) fn legacy(rest: &str, nargs: usize) -> Option<Legacy> {
    let id = llrs_ir::intrinsics::lookup(format!("llvm.{rest}").as_bytes())?;
    if Some(id) == llrs_ir::intrinsics::lookup(WMMA.as_bytes()) && nargs == 7 {
        Some(Legacy::Wmma)
    } else if Some(id) == llrs_ir::intrinsics::lookup(SWMMAC.as_bytes()) && nargs == 8 {
        Some(Legacy::Swmmac)
    } else {
        None
    }
}

/// The call of the current form in place of a legacy one.
pub(super) fn upgrade(site: &mut Site<'_>, kind: Legacy) -> bool {
    let (base, overload_args): (&str, &[usize]) = match kind {
        Legacy::Wmma => (WMMA, &[4, 1]),
        Legacy::Swmmac => (SWMMAC, &[4, 1, 3, 5]),
    };
    let mut overloads = Vec::with_capacity(overload_args.len());
    for &i in overload_args {
        let Some(t) = site.arg_ty(i) else { return false };
        overloads.push(t);
    }
    let mut args = site.args();
    args.push(site.false_());
    let Some(g) = site.intrinsic_decl(base, &overloads) else { return false };
    let v = site.emit_call(g, &args);
    let Value::Inst(new) = v else { return false };
    let old = &site.body.insts[site.call];
    let md = old.md.clone();
    let old_call = old.call().cloned();
    if let (Some(old_call), InstExtra::Call(cd)) = (old_call, &mut site.body.insts[new].extra) {
        cd.bundles = old_call.bundles;
        cd.tail = old_call.tail;
        cd.cconv = old_call.cconv;
        cd.attrs = old_call.attrs;
    }
    site.body.insts[new].md = md;
    site.replace(v, false);
    true
}
