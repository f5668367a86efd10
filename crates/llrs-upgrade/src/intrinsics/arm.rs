//! Old Arm and AArch64 intrinsic declarations (`upgradeArmOrAarch64IntrinsicFunction`), in
//! LLVM's order:
//! - `{arm,aarch64}.rbit*` → `llvm.bitreverse`; `{arm,aarch64}.thread.pointer` →
//!   `llvm.thread.pointer`;
//! - `{arm,aarch64}.neon.bfdot` on `i8` vectors → on `bfloat` vectors; `neon.bf{mmla,mlalb,mlalt}`
//!   `.v4f32.v16i8` → the non-overloaded forms;
//! - `arm.neon.{vclz,vcnt,vqadd*,vqsub*,vrint*}` → the generic intrinsics; `arm.neon.vst*` with
//!   the old mangling → `arm.neon.vst*` overloaded on the pointer too;
//! - `arm.mve.vctp64` returning `<4 x i1>`, and the `arm.mve`/`arm.cde` forms predicated on
//!   `<4 x i1>` for 64-bit lanes → expanded (`<2 x i1>` predicates, see [`super::arm_calls`]);
//!   `arm.mve.vrintn` → `llvm.roundeven`;
//! - `aarch64.neon.{frintn,rbit}` → `roundeven`, `bitreverse`; `aarch64.neon.addp` on
//!   floating point → `faddp`; `aarch64.neon.bfcvt*` → expanded (`fptrunc`);
//! - `aarch64.sve.bf{dot,mlalb,mlalt}.lane` → `.lane.v2`; `aarch64.sve.fcvt[nt].bf16f32` →
//!   expanded; `aarch64.sve.addqv` on floating point → `faddqv`; `aarch64.sve.ld{2,3,4}` →
//!   `.sret`; `aarch64.sve.tuple.{get,set,create*}` → `llvm.vector.{extract,insert}`;
//!   `aarch64.sve.rev` → `llvm.vector.reverse`.

use super::{arm_calls, Plan};
use llrs_ir::{Context, Type, TypeId};

/// The plan for an old `arm.*` or `aarch64.*` declaration (`rest` is the name after `llvm.`);
/// `None` when LLVM goes on to the struct-return and mangling upgrades.
pub(super) fn plan(ctx: &mut Context, rest: &str, fn_ty: TypeId) -> Option<Plan> {
    let (is_arm, name) = match rest.strip_prefix("arm.") {
        Some(n) => (true, n),
        None => (false, rest.strip_prefix("aarch64.")?),
    };
    let Type::Function { ret, params, .. } = ctx.type_of(fn_ty).clone() else { return None };
    let arg0 = params.first().copied();
    if name.starts_with("rbit") {
        return Plan::new_fn(ctx, "llvm.bitreverse", &[arg0?]);
    }
    if name == "thread.pointer" {
        return Plan::new_fn(ctx, "llvm.thread.pointer", &[ret]);
    }
    let target = if is_arm { "arm" } else { "aarch64" };
    let neon = name.strip_prefix("neon.");
    if let Some(n) = neon {
        // Changed in 12.0: `bfdot` takes `bfloat` vectors; `bfmmla`, `bfmlalb` and `bfmlalt` are
        // not overloaded any more.
        if let Some(n) = n.strip_prefix("bfdot.") {
            if n != "v2f32.v8i8" && n != "v4f32.v16i8" {
                return None;
            }
            let bits = prim_bits(ctx, ret);
            let bf = ctx.float_ty(llrs_ir::FloatKind::BFloat);
            let half = ctx.ty(Type::Vector { scalable: false, len: bits / 16, elem: bf });
            return Plan::new_fn(ctx, &format!("llvm.{target}.neon.bfdot"), &[ret, half]);
        }
        if let Some(n) = n.strip_prefix("bfm") {
            let id = match n.strip_suffix(".v4f32.v16i8")? {
                "mla" => "bfmmla",
                "lalb" => "bfmlalb",
                "lalt" => "bfmlalt",
                _ => return None,
            };
            return Plan::new_fn(ctx, &format!("llvm.{target}.neon.{id}"), &[]);
        }
    }
    if is_arm {
        if let Some(n) = neon {
            return arm_neon(ctx, n, &params);
        }
        if let Some(n) = name.strip_prefix("mve.") {
            return arm_mve(ctx, n, ret, arg0);
        }
        let n = name.strip_prefix("cde.vcx")?.strip_suffix(".predicated.v2i64.v4i1")?;
        return matches!(n, "1q" | "1qa" | "2q" | "2qa" | "3q" | "3qa").then(|| Plan::expand(arm_calls::arm_expand));
    }
    if let Some(n) = neon {
        return aarch64_neon(ctx, n, ret, &params);
    }
    aarch64_sve(ctx, name.strip_prefix("sve.")?, ret, &params)
}

/// `Type::getPrimitiveSizeInBits` of a fixed vector or scalar (0 for other types).
fn prim_bits(ctx: &Context, t: TypeId) -> u32 {
    let (len, elem) = match ctx.type_of(t) {
        Type::Vector { scalable: false, len, elem } => (*len, *elem),
        _ => (1, t),
    };
    let bits = match ctx.type_of(elem) {
        Type::Int(w) => *w,
        Type::Float(k) => k.bits(),
        _ => 0,
    };
    bits.saturating_mul(len)
}

/// `arm.neon.*` (`n` after `neon.`).
fn arm_neon(ctx: &mut Context, n: &str, params: &[TypeId]) -> Option<Plan> {
    const GENERIC: &[(&str, &str)] = &[
        ("vclz.", "ctlz"),
        ("vcnt.", "ctpop"),
        ("vqadds.", "sadd.sat"),
        ("vqaddu.", "uadd.sat"),
        ("vqsubs.", "ssub.sat"),
        ("vqsubu.", "usub.sat"),
        ("vrinta.", "round"),
        ("vrintn.", "roundeven"),
        ("vrintm.", "floor"),
        ("vrintp.", "ceil"),
        ("vrintx.", "rint"),
        ("vrintz.", "trunc"),
    ];
    if let Some(&(_, id)) = GENERIC.iter().find(|(p, _)| n.starts_with(p)) {
        return Plan::new_fn(ctx, &format!("llvm.{id}"), &[*params.first()?]);
    }
    // `^([1234]|[234]lane)\.v[a-z0-9]*$`; the intrinsic is chosen by the number of parameters.
    let n = n.strip_prefix("vst")?;
    let (group, tail) = n.split_once('.')?;
    let lane = match group {
        "1" | "2" | "3" | "4" => false,
        "2lane" | "3lane" | "4lane" => true,
        _ => return None,
    };
    let suffix_ok =
        tail.strip_prefix('v').is_some_and(|t| t.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()));
    if !suffix_ok || params.len() < 2 {
        return None;
    }
    let id = if lane {
        format!("vst{}lane", params.len().checked_sub(5).filter(|&i| i < 3)? + 2)
    } else {
        format!("vst{}", params.len().checked_sub(3).filter(|&i| i < 4)? + 1)
    };
    Plan::new_fn(ctx, &format!("llvm.arm.neon.{id}"), &[params[0], params[1]])
}

/// `arm.mve.*` (`n` after `mve.`): `vctp64` returning `<4 x i1>` and the forms predicated on
/// `<4 x i1>` for 64-bit lanes are expanded; `vrintn` is `roundeven`.
fn arm_mve(ctx: &mut Context, n: &str, ret: TypeId, arg0: Option<TypeId>) -> Option<Plan> {
    if n == "vctp64" {
        let four = matches!(ctx.type_of(ret), Type::Vector { scalable: false, len: 4, .. });
        return four.then(|| Plan::expand(arm_calls::arm_expand));
    }
    if n.starts_with("vrintn.v") {
        return Plan::new_fn(ctx, "llvm.roundeven", &[arg0?]);
    }
    let n = n.strip_suffix(".v4i1")?;
    if let Some(n) = n.strip_suffix(".predicated.v2i64.v4i32") {
        return matches!(n, "mull.int" | "vqdmull").then(|| Plan::expand(arm_calls::arm_expand));
    }
    let n = n.strip_suffix(".v2i64")?;
    let (gather, n) = match n.strip_prefix("vldr.gather.") {
        Some(n) => (true, n),
        None => (false, n.strip_prefix("vstr.scatter.")?),
    };
    let ok = if let Some(n) = n.strip_prefix("base.") {
        n.strip_prefix("wb.").unwrap_or(n) == "predicated.v2i64"
    } else if let Some(n) = n.strip_prefix("offset.predicated.") {
        if gather {
            n == "v2i64.p0i64" || n == "v2i64.p0"
        } else {
            n == "p0i64.v2i64" || n == "p0.v2i64"
        }
    } else {
        false
    };
    ok.then(|| Plan::expand(arm_calls::arm_expand))
}

/// `aarch64.neon.*` (`n` after `neon.`).
fn aarch64_neon(ctx: &mut Context, n: &str, ret: TypeId, params: &[TypeId]) -> Option<Plan> {
    if n.starts_with("frintn") {
        return Plan::new_fn(ctx, "llvm.roundeven", &[*params.first()?]);
    }
    if n.starts_with("rbit") {
        return Plan::new_fn(ctx, "llvm.bitreverse", &[*params.first()?]);
    }
    if n.starts_with("addp") {
        if params.len() != 2 {
            return None;
        }
        if let Type::Vector { elem, .. } = *ctx.type_of(ret) {
            if matches!(ctx.type_of(elem), Type::Float(_)) {
                return Plan::new_fn(ctx, "llvm.aarch64.neon.faddp", &[ret]);
            }
        }
    }
    // Changed in 20.0: `bfcvt`, `bfcvtn` and `bfcvtn2` are `fptrunc`.
    n.starts_with("bfcvt").then(|| Plan::expand(arm_calls::aarch64_expand))
}

/// Whether `s` is empty or matches `.nxv[a-z0-9]+` at its start (the tail of LLVM's
/// `(.nxv[a-z0-9]+|$)`, `.` being any character).
fn nxv_tail(s: &str) -> bool {
    let b = s.as_bytes();
    b.is_empty()
        || (b.len() >= 5
            && b.get(1..4) == Some(b"nxv".as_slice())
            && (b[4].is_ascii_lowercase() || b[4].is_ascii_digit()))
}

/// `aarch64.sve.*` (`n` after `sve.`).
fn aarch64_sve(ctx: &mut Context, n: &str, ret: TypeId, params: &[TypeId]) -> Option<Plan> {
    if let Some(n) = n.strip_prefix("bf") {
        let id = match n.strip_suffix(".lane")? {
            "dot" => "bfdot",
            "mlalb" => "bfmlalb",
            "mlalt" => "bfmlalt",
            _ => return None,
        };
        return Plan::new_fn(ctx, &format!("llvm.aarch64.sve.{id}.lane.v2"), &[]);
    }
    if n == "fcvt.bf16f32" || n == "fcvtnt.bf16f32" {
        return Some(Plan::expand(arm_calls::aarch64_expand));
    }
    if n.starts_with("addqv") {
        let fp = match ctx.type_of(ret) {
            Type::Float(_) => true,
            Type::Vector { elem, .. } => matches!(ctx.type_of(*elem), Type::Float(_)),
            _ => false,
        };
        if !fp {
            return None;
        }
        return Plan::new_fn(ctx, "llvm.aarch64.sve.faddqv", &[ret, *params.get(1)?]);
    }
    if let Some(n) = n.strip_prefix("ld") {
        // `^[234](.nxv[a-z0-9]+|$)`: the parts are vectors of the result's element type, as
        // many elements as the predicate.
        let k = n.bytes().next().filter(|k| (b'2'..=b'4').contains(k))?;
        if !nxv_tail(&n[1..]) {
            return None;
        }
        let Type::Vector { elem, .. } = *ctx.type_of(ret) else { return None };
        let Type::Vector { scalable, len, .. } = *ctx.type_of(*params.first()?) else { return None };
        let part = ctx.ty(Type::Vector { scalable, len, elem });
        return Plan::new_fn(ctx, &format!("llvm.aarch64.sve.ld{}.sret", k as char), &[part]);
    }
    if let Some(n) = n.strip_prefix("tuple.") {
        if n.starts_with("get") {
            return Plan::new_fn(ctx, "llvm.vector.extract", &[ret, *params.first()?]);
        }
        if n.starts_with("set") {
            // Three overloaded types for two: the declaration's name has a third suffix, and is
            // remangled when LLVM's loop reaches it.
            let (a0, a1, a2) = (*params.first()?, *params.get(1)?, *params.get(2)?);
            return Plan::new_fn(ctx, "llvm.vector.insert", &[a0, a2, a1]);
        }
        let n = n.strip_prefix("create")?;
        // `^create[234](.nxv[a-z0-9]+|$)`.
        n.bytes().next().filter(|k| (b'2'..=b'4').contains(k))?;
        if !nxv_tail(&n[1..]) {
            return None;
        }
        return Plan::new_fn(ctx, "llvm.vector.insert", &[ret, *params.get(1)?]);
    }
    if n.starts_with("rev.nxv") {
        return Plan::new_fn(ctx, "llvm.vector.reverse", &[ret]);
    }
    None
}
