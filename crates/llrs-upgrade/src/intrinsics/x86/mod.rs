//! LLVM 22's upgrades of old x86 intrinsics (`llvm.x86.*`), ported from `AutoUpgrade.cpp`:
//! - `upgradeX86IntrinsicFunction` ([`plan`]): the intrinsics [`should::should_upgrade`] names
//!   become other IR at each call (no new declaration); a few others are declared anew
//!   (`rdtscp` without operand, `ptest*` on `<2 x i64>`, 8-bit immediates, masked FP compares
//!   returning a vector, the dot products on `i8`/`i16` vectors, `bfloat` conversions, `xop`
//!   `vpermil2*` and `vfrcz.s*`, `seh.recoverfp`);
//! - the x86 cases of `UpgradeIntrinsicCall` for those new declarations ([`renamed`]);
//! - `upgradeX86IntrinsicCall` for the others, in LLVM's order ([`calls_a`], then [`calls_b`]),
//!   over the helpers LLVM defines before it ([`helpers`]).

mod calls_a;
mod calls_b;
pub(crate) mod helpers;
mod renamed;
mod should;

use super::{Plan, Site};
use llrs_ir::module::GlobalId;
use llrs_ir::{Context, FloatKind, Type, TypeId, Value};

/// What an arm of `upgradeX86IntrinsicCall` did with the call.
pub(crate) enum Outcome {
    /// Not this arm's intrinsic: the next arm is tried.
    Unmatched,
    /// The intrinsic is this arm's, but an operand is not what it takes (LLVM would assert or
    /// stop): the call stays as it is.
    Failed,
    /// The call is replaced by this value and removed.
    Replaced(Value),
    /// The call is removed (it had no result to replace: a store).
    Erased,
}

impl Outcome {
    /// `Replaced`, or `Failed` when there is no value.
    pub(crate) fn of(v: Option<Value>) -> Outcome {
        v.map_or(Outcome::Failed, Outcome::Replaced)
    }
}

/// `upgradeX86IntrinsicFunction` for `llvm.NAME` (`rest` is `NAME`) declared with `fn_ty`.
pub(super) fn plan(ctx: &mut Context, rest: &str, fn_ty: TypeId) -> Option<Plan> {
    let name = rest.strip_prefix("x86.")?;
    let Type::Function { ret, params, vararg } = ctx.type_of(fn_ty).clone() else { return None };
    if should::should_upgrade(name) {
        return Some(Plan::expand(expand));
    }
    let decl = |ctx: &mut Context, base: &str| llrs_ir::intrinsic_sig::intrinsic_declaration(ctx, base, &[]);
    let renamed = |ctx: &mut Context, base: &str, f| -> Option<Plan> {
        let (n, t) = decl(ctx, base)?;
        Some(Plan::rewrite(n, t, f))
    };
    if name == "rdtscp" {
        if params.is_empty() {
            return None;
        }
        return renamed(ctx, "llvm.x86.rdtscp", renamed::rdtscp);
    }
    if let Some(k) = name.strip_prefix("sse41.ptest") {
        if !matches!(k, "c" | "z" | "nzc") {
            return None;
        }
        let f32t = ctx.float_ty(FloatKind::Float);
        let v4f32 = ctx.ty(Type::Vector { scalable: false, len: 4, elem: f32t });
        if params.first() != Some(&v4f32) {
            return None;
        }
        return renamed(ctx, &format!("llvm.x86.sse41.ptest{k}"), renamed::ptest);
    }
    if matches!(name, "sse41.insertps" | "sse41.dppd" | "sse41.dpps" | "sse41.mpsadbw" | "avx.dp.ps.256")
        || name == "avx2.mpsadbw"
    {
        if !params.last().is_some_and(|&t| matches!(ctx.type_of(t), Type::Int(32))) {
            return None;
        }
        return renamed(ctx, &format!("llvm.x86.{name}"), renamed::imm8);
    }
    if let Some(n) = name.strip_prefix("avx512.") {
        if let Some(k) = n.strip_prefix("mask.cmp.") {
            if !matches!(k, "pd.128" | "pd.256" | "pd.512" | "ps.128" | "ps.256" | "ps.512") {
                return None;
            }
            if matches!(ctx.type_of(ret), Type::Vector { .. }) {
                return None;
            }
            return renamed(ctx, &format!("llvm.x86.{name}"), renamed::masked_fp_compare);
        }
        let bytes = ["vpdpbusd.128", "vpdpbusd.256", "vpdpbusd.512", "vpdpbusds.128", "vpdpbusds.256"];
        if bytes.contains(&n) || n == "vpdpbusds.512" {
            return multiply_add(ctx, name, &params, 8);
        }
        let words = ["vpdpwssd.128", "vpdpwssd.256", "vpdpwssd.512", "vpdpwssds.128", "vpdpwssds.256"];
        if words.contains(&n) || n == "vpdpwssds.512" {
            return multiply_add(ctx, name, &params, 16);
        }
        return None;
    }
    if let Some(n) = name.strip_prefix("avx2.") {
        if let Some(k) = n.strip_prefix("vpdpb") {
            let ok = ["ssd", "ssds", "sud", "suds", "uud", "uuds"]
                .iter()
                .any(|p| k.strip_prefix(p).is_some_and(|w| w == ".128" || w == ".256"));
            return if ok { multiply_add(ctx, name, &params, 8) } else { None };
        }
        if let Some(k) = n.strip_prefix("vpdpw") {
            let ok = ["sud", "suds", "usd", "usds", "uud", "uuds"]
                .iter()
                .any(|p| k.strip_prefix(p).is_some_and(|w| w == ".128" || w == ".256"));
            return if ok { multiply_add(ctx, name, &params, 16) } else { None };
        }
        return None;
    }
    if let Some(n) = name.strip_prefix("avx10.") {
        if let Some(k) = n.strip_prefix("vpdpb") {
            let ok = ["ssd", "ssds", "sud", "suds", "uud", "uuds"].iter().any(|p| k.strip_prefix(p) == Some(".512"));
            return if ok { multiply_add(ctx, name, &params, 8) } else { None };
        }
        if let Some(k) = n.strip_prefix("vpdpw") {
            let ok = ["sud", "suds", "usd", "usds", "uud", "uuds"].iter().any(|p| k.strip_prefix(p) == Some(".512"));
            return if ok { multiply_add(ctx, name, &params, 16) } else { None };
        }
        return None;
    }
    if let Some(n) = name.strip_prefix("avx512bf16.") {
        let cvt = ["cvtne2ps2bf16.128", "cvtne2ps2bf16.256", "cvtne2ps2bf16.512", "mask.cvtneps2bf16.128"];
        if cvt.contains(&n) || matches!(n, "cvtneps2bf16.256" | "cvtneps2bf16.512") {
            let elem = match *ctx.type_of(ret) {
                Type::Vector { elem, .. } => elem,
                _ => ret,
            };
            if matches!(ctx.type_of(elem), Type::Float(FloatKind::BFloat)) {
                return None;
            }
            return renamed(ctx, &format!("llvm.x86.{name}"), renamed::bf16_convert);
        }
        if matches!(n, "dpbf16ps.128" | "dpbf16ps.256" | "dpbf16ps.512") {
            let p1 = *params.get(1)?;
            let elem = match *ctx.type_of(p1) {
                Type::Vector { elem, .. } => elem,
                _ => p1,
            };
            if matches!(ctx.type_of(elem), Type::Float(FloatKind::BFloat)) {
                return None;
            }
            return renamed(ctx, &format!("llvm.x86.{name}"), renamed::bf16_dot);
        }
        return None;
    }
    if let Some(n) = name.strip_prefix("xop.") {
        if n.starts_with("vpermil2") {
            let idx = *params.get(2)?;
            let (bits, elt) = match *ctx.type_of(idx) {
                Type::Vector { len, elem, .. } => match ctx.type_of(elem) {
                    Type::Float(k) => (k.bits() * len, k.bits()),
                    _ => return None,
                },
                Type::Float(k) => (k.bits(), k.bits()),
                _ => return None,
            };
            let new = match (elt, bits) {
                (64, 128) => "llvm.x86.xop.vpermil2pd",
                (32, 128) => "llvm.x86.xop.vpermil2ps",
                (64, 256) => "llvm.x86.xop.vpermil2pd.256",
                _ => "llvm.x86.xop.vpermil2ps.256",
            };
            return renamed(ctx, new, renamed::vpermil2);
        }
        if params.len() == 2 && matches!(n, "vfrcz.ss" | "vfrcz.sd") {
            return renamed(ctx, &format!("llvm.x86.xop.{n}"), renamed::vfrcz);
        }
        return None;
    }
    if name == "seh.recoverfp" {
        // No rename: the old declaration stays beside the new one until its calls are gone.
        let (n, t) = decl(ctx, "llvm.eh.recoverfp")?;
        let _ = vararg;
        return Some(Plan::rename(n, t));
    }
    None
}

/// `upgradeX86MultiplyAddBytes`/`Words`: the dot products whose operands 1 and 2 were `i32`
/// vectors and are now vectors of `i8` (`elt` 8) or `i16` (`elt` 16).
fn multiply_add(ctx: &mut Context, name: &str, params: &[TypeId], elt: u32) -> Option<Plan> {
    let of_elt = |t: TypeId| match *ctx.type_of(t) {
        Type::Vector { elem, .. } => matches!(ctx.type_of(elem), Type::Int(w) if *w == elt),
        _ => false,
    };
    if params.len() > 2 && of_elt(params[1]) && of_elt(params[2]) {
        return None;
    }
    let (n, t) = llrs_ir::intrinsic_sig::intrinsic_declaration(ctx, &format!("llvm.x86.{name}"), &[])?;
    Some(Plan::rewrite(n, t, if elt == 8 { renamed::dot_bytes } else { renamed::dot_words }))
}

/// A call of an intrinsic [`should::should_upgrade`] names: `upgradeX86IntrinsicCall`.
fn expand(site: &mut Site<'_>, _: Option<GlobalId>) -> bool {
    let Some(name) = site.old_name.strip_prefix("llvm.x86.").map(str::to_string) else { return false };
    let mut out = calls_a::upgrade(site, &name);
    if matches!(out, Outcome::Unmatched) {
        out = calls_b::upgrade(site, &name);
    }
    match out {
        Outcome::Replaced(v) => {
            site.replace(v, false);
            true
        }
        Outcome::Erased => {
            site.erase();
            true
        }
        Outcome::Unmatched | Outcome::Failed => false,
    }
}
