//! Old NVVM intrinsics: the `nvvm.` case of LLVM 22's `upgradeIntrinsicFunction1`, in its order.
//!
//! 1. One operand: `brev32`/`brev64` → `llvm.bitreverse`, `clz.i` → `llvm.ctlz`, `popc.i` →
//!    `llvm.ctpop`, declared on the return type; the calls are rebuilt (`ctlz` with `i1 false`).
//! 2. Two operands: `{max,min}.{s,i,ll}` → `llvm.s{max,min}`, `{max,min}.{us,ui,ull}` →
//!    `llvm.u{max,min}`, declared on the return type; the calls only change callee.
//! 3. The `bf16` intrinsics that took integers ([`bf16_intrinsic`]), unless they return
//!    `bfloat`s already: no new declaration, each call expanded ([`expand`]).
//! 4. Distributed shared memory (`mapa.shared.cluster`, `cp.async.bulk.*` with a shared
//!    destination) and the TMA copies to shared memory (`cp.async.bulk.tensor.g2s.*`): the
//!    declaration of LLVM 22 ([`cluster`]).
//! 5. Idioms that are no intrinsic of their own ([`is_expanded`]): each call expanded.
//!
//! Anything else is left to the struct-return check and remangling.

mod cluster;
mod expand;

use super::{add_false, rebuild_same_args, Plan, Rewrite};
use llrs_ir::intrinsic_sig::intrinsic_declaration;
use llrs_ir::{Context, FloatKind, Type, TypeId};

/// The plan for an old NVVM intrinsic declaration (`rest` is its name after `llvm.`).
pub(super) fn plan(ctx: &mut Context, rest: &str, fn_ty: TypeId) -> Option<Plan> {
    let name = rest.strip_prefix("nvvm.")?;
    let Type::Function { ret, params, .. } = ctx.type_of(fn_ty).clone() else { return None };
    if params.len() == 1 {
        let target: Option<(&str, Rewrite)> = match name {
            "brev32" | "brev64" => Some(("llvm.bitreverse", rebuild_same_args)),
            "clz.i" => Some(("llvm.ctlz", add_false)),
            "popc.i" => Some(("llvm.ctpop", rebuild_same_args)),
            _ => None,
        };
        if let Some((base, calls)) = target {
            let (new_name, new_ty) = intrinsic_declaration(ctx, base, &[ret])?;
            return Some(Plan::rewrite(new_name, new_ty, calls));
        }
    } else if params.len() == 2 {
        let base = match name {
            "max.s" | "max.i" | "max.ll" => Some("llvm.smax"),
            "min.s" | "min.i" | "min.ll" => Some("llvm.smin"),
            "max.us" | "max.ui" | "max.ull" => Some("llvm.umax"),
            "min.us" | "min.ui" | "min.ull" => Some("llvm.umin"),
            _ => None,
        };
        if let Some(base) = base {
            let (new_name, new_ty) = intrinsic_declaration(ctx, base, &[ret])?;
            return Some(Plan::rename(new_name, new_ty));
        }
    }
    if !is_bfloat_scalar(ctx, ret) && bf16_intrinsic(name) {
        return Some(Plan::expand(expand::call));
    }
    if let Some(p) = cluster::plan(ctx, name, ret, &params) {
        return Some(p);
    }
    is_expanded(name).then(|| Plan::expand(expand::call))
}

/// `shouldUpgradeNVPTXBF16Intrinsic`: the `bf16` intrinsics (after `llvm.nvvm.`) that once took
/// and returned integers. Each is now the intrinsic of the same name on `bfloat`s.
pub(super) fn bf16_intrinsic(name: &str) -> bool {
    const FMA: &[&str] = &["", "relu.", "sat.", "ftz.", "ftz.relu.", "ftz.sat."];
    const MIN_MAX: &[&str] = &[
        "",
        "ftz.",
        "ftz.nan.",
        "ftz.nan.xorsign.abs.",
        "ftz.xorsign.abs.",
        "nan.",
        "nan.xorsign.abs.",
        "xorsign.abs.",
    ];
    let (variants, tail) = if let Some(t) = name.strip_prefix("fma.rn.") {
        (FMA, t)
    } else if let Some(t) = name.strip_prefix("fmax.").or_else(|| name.strip_prefix("fmin.")) {
        (MIN_MAX, t)
    } else if let Some(t) = name.strip_prefix("neg.") {
        (&[""][..], t)
    } else {
        return false;
    };
    tail.strip_suffix("bf16x2").or_else(|| tail.strip_suffix("bf16")).is_some_and(|v| variants.contains(&v))
}

/// `consumeNVVMPtrAddrSpace`: `name` after a leading NVPTX address space name.
pub(super) fn consume_ptr_addrspace(name: &str) -> Option<&str> {
    ["local", "shared", "global", "constant", "param"].iter().find_map(|s| name.strip_prefix(s))
}

/// The NVVM intrinsics (after `llvm.nvvm.`) that LLVM expands into other IR, call by call.
fn is_expanded(name: &str) -> bool {
    if let Some(r) = name.strip_prefix("abs.") {
        matches!(r, "i" | "ll" | "bf16" | "bf16x2")
    } else if let Some(r) = name.strip_prefix("fabs.") {
        matches!(r, "f" | "ftz.f" | "d")
    } else if let Some(r) = name.strip_prefix("ex2.approx.") {
        matches!(r, "f" | "ftz.f" | "d" | "f16x2")
    } else if let Some(r) = name.strip_prefix("atomic.load.") {
        ["add.f32.p", "add.f64.p", "inc.32.p", "dec.32.p"].iter().any(|p| r.starts_with(p))
    } else if let Some(r) = name.strip_prefix("bitcast.") {
        matches!(r, "f2i" | "i2f" | "ll2d" | "d2ll")
    } else if let Some(r) = name.strip_prefix("rotate.") {
        matches!(r, "b32" | "b64" | "right.b64")
    } else if let Some(r) = name.strip_prefix("ptr.gen.to.") {
        consume_ptr_addrspace(r).is_some()
    } else if let Some(r) = name.strip_prefix("ptr.") {
        consume_ptr_addrspace(r).is_some_and(|t| t.starts_with(".to.gen"))
    } else if let Some(r) = name.strip_prefix("ldg.global.") {
        r.starts_with("i.") || r.starts_with("f.") || r.starts_with("p.")
    } else {
        matches!(
            name,
            "barrier0"
                | "barrier.n"
                | "barrier.sync.cnt"
                | "barrier.sync"
                | "barrier"
                | "bar.sync"
                | "barrier0.popc"
                | "barrier0.and"
                | "barrier0.or"
                | "clz.ll"
                | "popc.ll"
                | "h2f"
                | "swap.lo.hi.b64"
                | "tanh.approx.f32"
        )
    }
}

/// `Ty->getScalarType()->isBFloatTy()`.
fn is_bfloat_scalar(ctx: &Context, t: TypeId) -> bool {
    let t = match ctx.type_of(t) {
        Type::Vector { elem, .. } => *elem,
        _ => t,
    };
    matches!(ctx.type_of(t), Type::Float(FloatKind::BFloat))
}
