//! Old RISC-V scalar crypto intrinsics (the `riscv.` case of `upgradeIntrinsicFunction1` and
//! their cases of `UpgradeIntrinsicCall`'s switch):
//! - `riscv.aes32{d,e}s[m]i`, `riscv.sm4{ks,ed}` whose byte-select operand was `i8` (or that
//!   worked on `i64`) → the `i32` forms: the operand becomes an `i32` constant, `i64` operands
//!   are truncated and the result sign-extended;
//! - `riscv.sha256{sig,sum}{0,1}`, `riscv.sm3p{0,1}` on `i64` → on `i32`, the same way.
//!
//! (`llvm.riscv.clmul` became `llvm.clmul` after LLVM 22, which keeps it.)
//! The new call takes the old call's name; the casts are unnamed.

use super::{Plan, Site};
use llrs_ir::module::GlobalId;
use llrs_ir::{Context, Opcode, Type, TypeId, Value};

/// The plan for an old RISC-V intrinsic declaration (`name` after `riscv.`).
pub(super) fn plan(ctx: &mut Context, name: &str, fn_ty: TypeId) -> Option<Plan> {
    let Type::Function { ret, params, .. } = ctx.type_of(fn_ty).clone() else { return None };
    let is_int = |ctx: &Context, t: Option<&TypeId>, bits: u32| t.is_some_and(|&t| ctx.type_of(t) == &Type::Int(bits));
    if matches!(name, "aes32dsi" | "aes32dsmi" | "aes32esi" | "aes32esmi") {
        // `getParamType(2)`: the declaration has three parameters.
        if params.len() < 3 || is_int(ctx, params.get(2), 32) {
            return None;
        }
        return Plan::new_fn(ctx, &format!("llvm.riscv.{name}"), &[]);
    }
    if let Some(base) = ["sm4ks", "sm4ed"].into_iter().find(|p| name.starts_with(p)) {
        if params.len() < 3 || (is_int(ctx, params.get(2), 32) && !is_int(ctx, Some(&ret), 64)) {
            return None;
        }
        return Plan::new_fn(ctx, &format!("llvm.riscv.{base}"), &[]);
    }
    let base = ["sha256sig0", "sha256sig1", "sha256sum0", "sha256sum1", "sm3p0", "sm3p1"]
        .into_iter()
        .find(|p| name.starts_with(p))?;
    if !is_int(ctx, Some(&ret), 64) {
        return None;
    }
    Plan::new_fn(ctx, &format!("llvm.riscv.{base}"), &[])
}

/// The call of `g` with `args`, taking the old call's name, its result sign-extended back
/// (`CreateIntCast(NewCall, CI->getType(), true)`).
fn finish(site: &mut Site<'_>, g: GlobalId, args: &[Value]) {
    let ret = site.ret_ty();
    let v = site.emit_call(g, args);
    if let Value::Inst(i) = v {
        site.body.insts[i].name = site.body.insts[site.call].name.take();
    }
    let r = site.int_cast(v, ret, true);
    site.replace(r, false);
}

/// `aes32*`, `sm4*`: `(a, b, i8 bs)` → `(a, b, i32 bs)`, on `i32` halves of `i64` operands.
/// A call already in the new form is left as it is.
pub(super) fn byte_select(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let args = site.args();
    if args.len() != 3 {
        return false;
    }
    let i32t = site.m.ctx.int_ty(32);
    let ret64 = matches!(site.m.ctx.type_of(site.ret_ty()), Type::Int(64));
    if site.value_ty(args[2]) == i32t && !ret64 {
        return false;
    }
    let Some(bs) = site.const_u64(args[2]) else { return false };
    let (mut a, mut b) = (args[0], args[1]);
    if ret64 {
        a = site.cast(Opcode::Trunc, a, i32t);
        b = site.cast(Opcode::Trunc, b, i32t);
    }
    let bs = site.int(32, bs as i64);
    finish(site, g, &[a, b, bs]);
    true
}

/// `sha256*`, `sm3p*` on `i64`: on the truncated value.
pub(super) fn narrow(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let Some(a) = site.arg(0) else { return false };
    if !matches!(site.m.ctx.type_of(site.ret_ty()), Type::Int(64)) {
        return false;
    }
    let i32t = site.m.ctx.int_ty(32);
    let t = site.cast(Opcode::Trunc, a, i32t);
    finish(site, g, &[t]);
    true
}
