//! The calls of the memory intrinsics and annotations in their new forms (cases of
//! `UpgradeIntrinsicCall`'s switch):
//! - `llvm.memcpy`/`memmove`/`memset` with an `i32` alignment operand: it goes, and becomes
//!   `align` on the pointer arguments; the call keeps its attributes but not its tail marker or
//!   metadata other than `!dbg`;
//! - `llvm.objectsize` with two or three operands: `false` fills the missing ones (every call of
//!   an old declaration is rebuilt, typed-pointer names included);
//! - `llvm.ptr.annotation`/`llvm.var.annotation` without their fifth operand: `null` is added.

use super::calls::default_case;
use super::site::with_align;
use super::Site;
use llrs_ir::instructions::AttrList;
use llrs_ir::module::GlobalId;
use llrs_ir::{AttrsId, Const, Value};

/// `memcpy`, `memmove`, `memset`: with five operands, the alignment operand goes and becomes
/// `align` on the destination (and the source of a transfer); otherwise `DefaultCase`.
pub(super) fn mem_transfer(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let args = site.args();
    if args.len() != 5 {
        return default_case(site, new);
    }
    // `cast<ConstantInt>(...)->getMaybeAlignValue()`: 0 is no alignment; LLVM's `Align` keeps
    // the largest power of two a value that is not one holds.
    let Some(align) = site.const_u64(args[3]) else { return false };
    let align = if align == 0 { 0 } else { 1u64 << (63 - align.leading_zeros()) };
    let transfer = site.m.globals[g].name.is_some_and(|n| !site.m.ctx.name(n).starts_with(b"llvm.memset"));
    let old = site.call_data().map(|c| c.attrs.clone()).unwrap_or_default();
    site.rebuild(g, &[args[0], args[1], args[2], args[4]]);
    let ctx = &mut site.m.ctx;
    let mut params = vec![old.param(0), old.param(1), old.param(2), old.param(4)];
    params[0] = with_align(ctx, params[0], align);
    if transfer {
        params[1] = with_align(ctx, params[1], align);
    }
    while params.last() == Some(&AttrsId::EMPTY) {
        params.pop();
    }
    site.set_attrs(AttrList { func: old.func, ret: old.ret, params });
    true
}

/// `objectsize`: the call rebuilt with its `null is unknown` and `dynamic` operands (`false`
/// when missing).
pub(super) fn objectsize(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let mut args = site.args();
    if !(2..=4).contains(&args.len()) {
        return false;
    }
    while args.len() < 4 {
        args.push(site.int(1, 0));
    }
    site.rebuild(g, &args);
    true
}

/// `ptr.annotation`, `var.annotation`: with four operands, a `ptr null` is added (the new call
/// takes the old one's name); otherwise `DefaultCase`.
pub(super) fn annotation(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let mut args = site.args();
    if args.len() != 4 {
        return default_case(site, new);
    }
    let p0 = site.m.ctx.ptr_ty(0);
    args.push(Value::Const(site.m.ctx.konst(Const::Null(p0))));
    site.rebuild(g, &args);
    true
}
