//! The call side of an upgrade with a new declaration (`UpgradeIntrinsicCall` given `NewFn`):
//! LLVM switches on the new intrinsic ([`for_new_fn`]); the intrinsics without a case, and the
//! cases that find the call already in its new form, take the `DefaultCase` ([`default_case`]).
//!
//! The cases of the x86 and NVVM intrinsics are their families' own (their plans name the
//! rewrite); a declaration that only needs a new mangling takes the case of this table.

use super::{add_false, arm_calls, masked, memory, rebuild_same_args, riscv, structret, Calls, Rewrite, Site};
use llrs_ir::module::GlobalId;
use llrs_ir::{Const, Type, Value};

/// How the calls are rewritten once the new declaration is an intrinsic `base` (its name in
/// LLVM's table, such as `llvm.ctlz`): the case of `UpgradeIntrinsicCall`'s switch, in LLVM's
/// order, or `DefaultCase`.
pub(super) fn for_new_fn(base: &str) -> Calls {
    let Some(intrinsic) = base.strip_prefix("llvm.") else { return Calls::Retarget };
    let rewrite: Rewrite = match intrinsic {
        "arm.neon.vst1" | "arm.neon.vst2" | "arm.neon.vst3" | "arm.neon.vst4" | "arm.neon.vst2lane"
        | "arm.neon.vst3lane" | "arm.neon.vst4lane" => rebuild_same_args,
        "aarch64.sve.bfmlalb.lane.v2" | "aarch64.sve.bfmlalt.lane.v2" | "aarch64.sve.bfdot.lane.v2" => {
            arm_calls::lane_v2
        }
        "aarch64.sve.ld3.sret" | "aarch64.sve.ld4.sret" | "aarch64.sve.ld2.sret" => arm_calls::sve_ld,
        "vector.extract" => arm_calls::vector_extract,
        "vector.insert" => arm_calls::vector_insert,
        "arm.neon.bfdot"
        | "arm.neon.bfmmla"
        | "arm.neon.bfmlalb"
        | "arm.neon.bfmlalt"
        | "aarch64.neon.bfdot"
        | "aarch64.neon.bfmmla"
        | "aarch64.neon.bfmlalb"
        | "aarch64.neon.bfmlalt" => arm_calls::neon_bf16,
        "bitreverse" | "ctpop" => first_arg,
        "ctlz" | "cttz" => count_zeros,
        "objectsize" => memory::objectsize,
        "ptr.annotation" | "var.annotation" => memory::annotation,
        "riscv.aes32dsi" | "riscv.aes32dsmi" | "riscv.aes32esi" | "riscv.aes32esmi" | "riscv.sm4ks" | "riscv.sm4ed" => {
            riscv::byte_select
        }
        "riscv.sha256sig0" | "riscv.sha256sig1" | "riscv.sha256sum0" | "riscv.sha256sum1" | "riscv.sm3p0"
        | "riscv.sm3p1" => riscv::narrow,
        "thread.pointer" => no_args,
        "memcpy" | "memmove" | "memset" => memory::mem_transfer,
        "masked.load" | "masked.gather" | "masked.store" | "masked.scatter" => masked::rewrite,
        _ => return Calls::Retarget,
    };
    Calls::Rewrite(rewrite)
}

/// LLVM's `DefaultCase`: nothing when the call already calls the new declaration; the new
/// callee when the types agree (`setCalledFunction`); a call returning a struct rebuilt on the
/// new declaration's literal struct; otherwise the call keeps its function type and calls the
/// new declaration (`setCalledOperand`; the verifier then judges it).
pub(crate) fn default_case(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let callee = match site.inst().operands.first() {
        Some(Value::Const(c)) => match site.m.ctx.const_of(*c) {
            Const::Global(_, f) => Some(*f),
            _ => None,
        },
        _ => None,
    };
    if callee == Some(g) {
        return true;
    }
    let Some(call_ty) = site.call_data().map(|c| c.fn_ty) else { return false };
    if call_ty == site.m.globals[g].value_ty {
        site.retarget(g);
        return true;
    }
    if matches!(site.m.ctx.type_of(site.ret_ty()), Type::Struct { .. } | Type::Named(_)) {
        return structret::literal_struct_call(site, g);
    }
    let callee = site.callee(g);
    site.body.insts[site.call].operands[0] = callee;
    true
}

/// `bitreverse`, `ctpop`: `CreateCall(NewFn, {CI->getArgOperand(0)})`.
fn first_arg(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let (Some(g), Some(a)) = (new, site.arg(0)) else { return false };
    site.rebuild(g, &[a]);
    true
}

/// `thread_pointer`: `CreateCall(NewFn, {})`.
fn no_args(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    site.rebuild(g, &[]);
    true
}

/// `ctlz`, `cttz`: with one operand, `i1 false` is added; otherwise `DefaultCase`.
fn count_zeros(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    if site.num_args() != 1 {
        return default_case(site, new);
    }
    add_false(site, new)
}
