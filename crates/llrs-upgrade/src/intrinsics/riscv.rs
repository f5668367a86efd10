//! Old RISC-V scalar crypto intrinsics:
//! - `riscv.aes32{d,e}s[m]i`, `riscv.sm4{ks,ed}` whose byte-select operand was `i8` (or that
//!   worked on `i64`) → the `i32` forms: the operand becomes an `i32` constant, `i64` operands
//!   are truncated and the result sign-extended;
//! - `riscv.sha256{sig,sum}{0,1}`, `riscv.sm3p{0,1}` on `i64` → on `i32`, the same way.
//!
//! The new call takes the old call's name; the casts are unnamed.

use super::{Plan, Site};
use llrs_ir::module::GlobalId;
use llrs_ir::{Context, Opcode, Type, TypeId, Value};

/// The plan for an old RISC-V crypto intrinsic declaration.
pub(super) fn plan(ctx: &mut Context, rest: &str, fn_ty: TypeId) -> Option<Plan> {
    let name = rest.strip_prefix("riscv.")?;
    let Type::Function { ret, params, vararg: false } = ctx.type_of(fn_ty).clone() else { return None };
    let i32t = ctx.int_ty(32);
    let ret64 = matches!(ctx.type_of(ret), Type::Int(64));
    if matches!(name, "aes32dsi" | "aes32dsmi" | "aes32esi" | "aes32esmi") {
        if params.len() != 3 || params[2] == i32t {
            return None;
        }
        let new_ty = ctx.fn_ty(i32t, &[i32t, i32t, i32t], false);
        return Some(Plan::rewrite(format!("llvm.riscv.{name}"), new_ty, byte_select));
    }
    if let Some(base) = ["sm4ks", "sm4ed"].iter().find(|p| name.starts_with(*p)) {
        if params.len() != 3 || (params[2] == i32t && !ret64) {
            return None;
        }
        let new_ty = ctx.fn_ty(i32t, &[i32t, i32t, i32t], false);
        return Some(Plan::rewrite(format!("llvm.riscv.{base}"), new_ty, byte_select));
    }
    let base = ["sha256sig0", "sha256sig1", "sha256sum0", "sha256sum1", "sm3p0", "sm3p1"]
        .iter()
        .find(|p| name.starts_with(*p))?;
    if !ret64 || params.len() != 1 {
        return None;
    }
    let new_ty = ctx.fn_ty(i32t, &[i32t], false);
    Some(Plan::rewrite(format!("llvm.riscv.{base}"), new_ty, narrow))
}

/// The call of `g` with `args`, taking the old call's name, its result sign-extended back.
fn finish(site: &mut Site<'_>, g: GlobalId, args: &[Value]) {
    let ret = site.ret_ty();
    let v = site.emit_call(g, args);
    if let Value::Inst(i) = v {
        site.body.insts[i].name = site.body.insts[site.call].name.take();
    }
    let r = if site.value_ty(v) != ret { site.cast(Opcode::SExt, v, ret) } else { v };
    site.replace(r, false);
}

/// `aes32*`, `sm4*`: `(a, b, i8 bs)` → `(a, b, i32 bs)`.
fn byte_select(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let args = site.args();
    if args.len() != 3 {
        return false;
    }
    let Some(bs) = site.const_u64(args[2]) else { return false };
    let i32t = site.m.ctx.int_ty(32);
    let (mut a, mut b) = (args[0], args[1]);
    if site.value_ty(a) != i32t {
        a = site.cast(Opcode::Trunc, a, i32t);
        b = site.cast(Opcode::Trunc, b, i32t);
    }
    let bs = site.int(32, bs as i64);
    finish(site, g, &[a, b, bs]);
    true
}

/// `sha256*`, `sm3p*` on `i64`: on the truncated value.
fn narrow(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let Some(a) = site.arg(0) else { return false };
    let i32t = site.m.ctx.int_ty(32);
    let t = site.cast(Opcode::Trunc, a, i32t);
    finish(site, g, &[t]);
    true
}
