//! Old forms of memory-related intrinsics and of `ctlz`/`cttz`:
//! - `llvm.memcpy`/`memmove`/`memset` with an `i32` alignment operand: it goes, and becomes
//!   `align` on the pointer arguments; the call keeps its attributes but not its tail marker or
//!   metadata other than `!dbg`;
//! - `llvm.objectsize` with two or three operands: `false` fills the missing ones; LLVM rebuilds
//!   every call of an old declaration, typed-pointer names included;
//! - `llvm.ptr.annotation`/`llvm.var.annotation` without their fifth operand: `null` is added;
//! - `llvm.ctlz`/`llvm.cttz` without their `i1` operand: `false` is added.

use super::site::with_align;
use super::{add_false, canonical_name, Plan, Site};
use llrs_ir::instructions::AttrList;
use llrs_ir::module::GlobalId;
use llrs_ir::{AttrsId, Const, Context, Type, TypeId, Value};

/// The plan for an old memory intrinsic declaration.
pub(super) fn plan(ctx: &mut Context, rest: &str, fn_ty: TypeId) -> Option<Plan> {
    let Type::Function { ret, params, vararg: false } = ctx.type_of(fn_ty).clone() else { return None };
    let base = rest.split('.').next().unwrap_or("");
    match base {
        "memcpy" | "memmove" | "memset" if params.len() == 5 && rest.len() > base.len() => {
            let new_ty = ctx.fn_ty(ret, &[params[0], params[1], params[2], params[4]], false);
            let name = canonical_name(ctx, &format!("llvm.{base}"), new_ty)?;
            Some(Plan::rewrite(name, new_ty, mem_transfer))
        }
        "objectsize" if rest.len() > base.len() && (2..=4).contains(&params.len()) => {
            let i1 = ctx.int_ty(1);
            let new_ty = ctx.fn_ty(ret, &[params[0], i1, i1, i1], false);
            let name = canonical_name(ctx, "llvm.objectsize", new_ty)?;
            if params.len() == 4 && name.as_bytes() == format!("llvm.{rest}").as_bytes() {
                return None;
            }
            Some(Plan::rewrite(name, new_ty, objectsize))
        }
        "ctlz" | "cttz" if params.len() == 1 && rest.len() > base.len() => {
            let i1 = ctx.int_ty(1);
            let new_ty = ctx.fn_ty(ret, &[params[0], i1], false);
            let name = canonical_name(ctx, &format!("llvm.{base}"), new_ty)?;
            Some(Plan::rewrite(name, new_ty, add_false))
        }
        _ if params.len() == 4 && (rest.starts_with("ptr.annotation.") || rest == "var.annotation") => {
            let base = if base == "ptr" { "ptr.annotation" } else { "var.annotation" };
            let p0 = ctx.ptr_ty(0);
            let new_ty = ctx.fn_ty(ret, &[params[0], params[1], params[2], params[3], p0], false);
            let name = canonical_name(ctx, &format!("llvm.{base}"), new_ty)?;
            Some(Plan::rewrite(name, new_ty, add_null))
        }
        _ => None,
    }
}

/// `llvm.mem*` without its alignment operand, which becomes `align` on the pointers.
fn mem_transfer(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let args = site.args();
    if args.len() != 5 {
        return false;
    }
    let Some(align) = site.const_u64(args[3]) else { return false };
    let old = site.call_data().map(|c| c.attrs.clone()).unwrap_or_default();
    site.rebuild(g, &[args[0], args[1], args[2], args[4]]);
    let ctx = &mut site.m.ctx;
    let mut params = vec![old.param(0), old.param(1), old.param(2), old.param(4)];
    // `MaybeAlign(0)` is no alignment: the attribute goes.
    params[0] = with_align(ctx, params[0], align);
    if !site.old_name.starts_with("llvm.memset") {
        params[1] = with_align(ctx, params[1], align);
    }
    while params.last() == Some(&AttrsId::EMPTY) {
        params.pop();
    }
    site.set_attrs(AttrList { func: old.func, ret: old.ret, params });
    true
}

/// `llvm.objectsize` with its `null is unknown` and `dynamic` operands (`false` when missing).
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

/// The annotations with a `ptr null` operand added.
fn add_null(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let mut args = site.args();
    if args.len() != 4 {
        return false;
    }
    let p0 = site.m.ctx.ptr_ty(0);
    args.push(Value::Const(site.m.ctx.konst(Const::Null(p0))));
    site.rebuild(g, &args);
    true
}
