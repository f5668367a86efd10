//! Intrinsics that became others of the same type (`llvm.experimental.vector.reverse` →
//! `llvm.vector.reverse`, `llvm.arm.neon.vqadds` → `llvm.sadd.sat`, ...). Most calls only change
//! callee; calls of those that LLVM's `UpgradeIntrinsicCall` rebuilds (`bitreverse`, `ctpop`,
//! `ctlz`) lose their tail marker, attributes and metadata other than `!dbg`, and the old
//! `ctlz`-like ones gain an `i1 false` operand.

use super::{add_false, canonical_name, rebuild_same_args, Plan, Rewrite};
use llrs_ir::{Context, Type, TypeId};

/// What happens to the calls.
#[derive(Clone, Copy, PartialEq)]
enum Calls {
    /// Only the callee changes.
    Keep,
    /// Rebuilt with the same arguments.
    Rebuild,
    /// Rebuilt with an `i1 false` operand added (to `llvm.ctlz`).
    AddFalse,
}

use Calls::*;

/// Old name (after `llvm.`), whether it must match whole (else it is a prefix), new base name,
/// what happens to calls.
const RENAMES: &[(&str, bool, &str, Calls)] = &[
    ("experimental.vector.reverse.", false, "vector.reverse", Keep),
    ("experimental.vector.extract.", false, "vector.extract", Keep),
    ("experimental.vector.insert.", false, "vector.insert", Keep),
    ("experimental.vector.interleave2.", false, "vector.interleave2", Keep),
    ("experimental.vector.deinterleave2.", false, "vector.deinterleave2", Keep),
    ("experimental.stepvector.", false, "stepvector", Keep),
    ("flt.rounds", false, "get.rounding", Keep),
    ("invariant.group.barrier", false, "launder.invariant.group", Keep),
    ("arm.neon.vqadds.", false, "sadd.sat", Keep),
    ("arm.neon.vqaddu.", false, "uadd.sat", Keep),
    ("arm.neon.vqsubs.", false, "ssub.sat", Keep),
    ("arm.neon.vqsubu.", false, "usub.sat", Keep),
    ("arm.neon.vrintn.", false, "roundeven", Keep),
    ("arm.neon.vrinta.", false, "round", Keep),
    ("arm.neon.vrintm.", false, "floor", Keep),
    ("arm.neon.vrintp.", false, "ceil", Keep),
    ("arm.neon.vrintx.", false, "rint", Keep),
    ("arm.neon.vrintz.", false, "trunc", Keep),
    ("arm.mve.vrintn.", false, "roundeven", Keep),
    ("aarch64.neon.frintn", false, "roundeven", Keep),
    ("arm.thread.pointer", true, "thread.pointer", Rebuild),
    ("aarch64.thread.pointer", true, "thread.pointer", Rebuild),
    ("arm.rbit", false, "bitreverse", Rebuild),
    ("aarch64.rbit", false, "bitreverse", Rebuild),
    ("aarch64.neon.rbit", false, "bitreverse", Rebuild),
    ("arm.neon.vcnt", false, "ctpop", Rebuild),
    ("arm.neon.vclz", false, "ctlz", AddFalse),
];

/// The reductions that lost `experimental.`.
const REDUCTIONS: &[&str] = &["add", "mul", "and", "or", "xor", "smax", "smin", "umax", "umin", "fmax", "fmin"];

/// The plan for a renamed intrinsic.
pub(super) fn plan(ctx: &mut Context, rest: &str, fn_ty: TypeId) -> Option<Plan> {
    let Type::Function { ret, params, vararg: false } = ctx.type_of(fn_ty).clone() else { return None };
    if let Some(r) = rest.strip_prefix("experimental.vector.reduce.") {
        let (op, tail) = r.split_once('.')?;
        let op = if op == "v2" { tail.split('.').next().filter(|o| *o == "fadd" || *o == "fmul")? } else { op };
        if !REDUCTIONS.contains(&op) && op != "fadd" && op != "fmul" {
            return None;
        }
        let name = canonical_name(ctx, &format!("llvm.vector.reduce.{op}"), fn_ty)?;
        return Some(Plan::rename(name, fn_ty));
    }
    if rest.starts_with("aarch64.neon.addp.") && params.len() == 2 {
        let float_elems = match ctx.type_of(ret) {
            Type::Vector { elem, .. } => matches!(ctx.type_of(*elem), Type::Float(_)),
            _ => false,
        };
        if float_elems {
            return Some(Plan::rename(canonical_name(ctx, "llvm.aarch64.neon.faddp", fn_ty)?, fn_ty));
        }
        return None;
    }
    let &(_, _, base, calls) =
        RENAMES.iter().find(|(old, exact, _, _)| if *exact { rest == *old } else { rest.starts_with(old) })?;
    let base = format!("llvm.{base}");
    if base == "llvm.stepvector" {
        // `getOrInsertDeclaration(M, stepvector, RetTy)`: named after the return type, whether
        // or not the signature is valid (the verifier then says so).
        let name = canonical_name(ctx, &base, fn_ty)
            .unwrap_or_else(|| llrs_ir::intrinsic_sig::mangled_name(ctx, &base, &[ret]));
        return Some(Plan::rename(name, fn_ty));
    }
    match calls {
        Keep => Some(Plan::rename(canonical_name(ctx, &base, fn_ty)?, fn_ty)),
        Rebuild => Some(Plan::rewrite(canonical_name(ctx, &base, fn_ty)?, fn_ty, rebuild_same_args as Rewrite)),
        AddFalse => {
            if params.len() != 1 {
                return None;
            }
            let i1 = ctx.int_ty(1);
            let new_ty = ctx.fn_ty(ret, &[params[0], i1], false);
            Some(Plan::rewrite(canonical_name(ctx, &base, new_ty)?, new_ty, add_false))
        }
    }
}
