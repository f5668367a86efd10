//! Old NVVM intrinsics (LLVM's `upgradeNVVMIntrinsicCall` and its part of
//! `upgradeIntrinsicFunction`):
//! - `nvvm.fabs.{f,d,ftz.f}` → the overloaded `nvvm.fabs[.ftz]`, calls remade unnamed;
//! - `nvvm.{max,min}.{s,i,ll,us,ui,ull}` → `llvm.{s,u}{max,min}` (only the callee changes);
//! - `nvvm.abs.{i,ll}` → `select (a >= 0), a, -a` (named `neg`, `abs.cond`, `abs`);
//! - `nvvm.clz.ll`, `nvvm.popc.ll` → `ctlz`/`ctpop` of `i64`, truncated (named after them);
//! - `nvvm.h2f` → `llvm.convert.from.fp16.f32` (named `h2f`);
//! - `nvvm.bitcast.*` → `bitcast`; `nvvm.ptr.*.to.*` → `addrspacecast`;
//! - `nvvm.rotate.*`, `nvvm.swap.lo.hi.b64` → `llvm.fshl`/`fshr` of the value with itself;
//! - the old barriers → `nvvm.barrier.cta.*`;
//! - the `bf16` intrinsics on integers (`abs`, `neg`, `fmin`, `fmax`, `fma.rn`) → on `bfloat`s,
//!   the operands and result bitcast.
//!
//! New instructions are unnamed unless said otherwise.

use super::{canonical_name, Plan, Site};
use llrs_ir::instructions::CmpPred;
use llrs_ir::module::GlobalId;
use llrs_ir::{Context, FloatKind, InstData, InstExtra, Opcode, Type, TypeId, Value};

/// The plan for an old NVVM intrinsic declaration.
pub(super) fn plan(ctx: &mut Context, rest: &str, fn_ty: TypeId) -> Option<Plan> {
    let name = rest.strip_prefix("nvvm.")?;
    let Type::Function { ret, params, vararg: false } = ctx.type_of(fn_ty).clone() else { return None };
    if let Some(kind) = name.strip_prefix("fabs.") {
        let base = match kind {
            "f" | "d" => "llvm.nvvm.fabs",
            "ftz.f" => "llvm.nvvm.fabs.ftz",
            _ => return None,
        };
        canonical_name(ctx, base, fn_ty)?;
        return Some(Plan::expand(fabs));
    }
    for (op, s, u) in [("max.", "smax", "umax"), ("min.", "smin", "umin")] {
        if let Some(t) = name.strip_prefix(op) {
            let base = match t {
                "s" | "i" | "ll" => s,
                "us" | "ui" | "ull" => u,
                _ => continue,
            };
            return Some(Plan::rename(canonical_name(ctx, &format!("llvm.{base}"), fn_ty)?, fn_ty));
        }
    }
    let expand = matches!(
        name,
        "abs.i"
            | "abs.ll"
            | "clz.ll"
            | "popc.ll"
            | "h2f"
            | "bitcast.f2i"
            | "bitcast.i2f"
            | "bitcast.d2ll"
            | "bitcast.ll2d"
            | "rotate.b32"
            | "rotate.b64"
            | "rotate.right.b64"
            | "swap.lo.hi.b64"
            | "barrier0"
            | "barrier.n"
            | "bar.sync"
            | "barrier"
            | "barrier.sync"
            | "barrier.sync.cnt"
            | "barrier0.and"
            | "barrier0.or"
            | "barrier0.popc"
    ) || is_ptr_cast(name);
    if expand {
        return Some(Plan::expand(expand_call));
    }
    bf16_plan(ctx, name, ret, &params)
}

/// `nvvm.ptr.gen.to.{global,shared,constant,local,param}` and the reverse casts.
fn is_ptr_cast(name: &str) -> bool {
    const SPACES: &[&str] = &["global", "shared", "constant", "local", "param"];
    if let Some(r) = name.strip_prefix("ptr.gen.to.") {
        return SPACES.iter().any(|s| r.starts_with(s));
    }
    let Some(r) = name.strip_prefix("ptr.") else { return false };
    SPACES.iter().any(|s| r.strip_prefix(s).is_some_and(|t| t.starts_with(".to.gen")))
}

/// The `bf16` intrinsics that took integers: the same intrinsic on `bfloat`s (`abs` became
/// `fabs`).
fn bf16_plan(ctx: &mut Context, name: &str, ret: TypeId, params: &[TypeId]) -> Option<Plan> {
    let (head, tail) = if let Some(t) = name.strip_prefix("abs.") {
        ("abs", t)
    } else {
        ["neg.", "fmin.", "fmax.", "fma.rn."]
            .iter()
            .find_map(|p| name.strip_prefix(p).map(|t| (&p[..p.len() - 1], t)))?
    };
    let pair = tail.ends_with("bf16x2");
    if !pair && !tail.ends_with("bf16") {
        return None;
    }
    let tail_ok = match head {
        "abs" | "neg" => tail == "bf16" || tail == "bf16x2",
        "fma.rn" => {
            let t = tail.trim_end_matches("x2").trim_end_matches("bf16");
            matches!(t, "" | "ftz." | "ftz.relu." | "ftz.sat." | "relu." | "sat.")
        }
        _ => {
            let t = tail.trim_end_matches("x2").trim_end_matches("bf16");
            let t = t.strip_prefix("ftz.").unwrap_or(t);
            let t = t.strip_prefix("nan.").unwrap_or(t);
            matches!(t, "" | "xorsign.abs.")
        }
    };
    if !tail_ok || is_bfloat(ctx, ret) {
        return None;
    }
    let bf = ctx.float_ty(FloatKind::BFloat);
    let new = if pair { ctx.ty(Type::Vector { scalable: false, len: 2, elem: bf }) } else { bf };
    let new_ty = ctx.fn_ty(new, &vec![new; params.len()], false);
    let new_name = if head == "abs" {
        llrs_ir::intrinsic_sig::mangled_name(ctx, "llvm.nvvm.fabs", &[new])
    } else {
        format!("llvm.nvvm.{name}")
    };
    Some(Plan::rewrite(new_name, new_ty, bf16_call))
}

/// Whether a type is `bfloat` or a vector of them.
fn is_bfloat(ctx: &Context, t: TypeId) -> bool {
    let t = match ctx.type_of(t) {
        Type::Vector { elem, .. } => *elem,
        _ => t,
    };
    matches!(ctx.type_of(t), Type::Float(FloatKind::BFloat))
}

/// `nvvm.fabs.{f,d,ftz.f}`: a new, unnamed call of `nvvm.fabs[.ftz]` (declared when the first
/// call is rewritten) with the same arguments.
fn fabs(site: &mut Site<'_>, _: Option<GlobalId>) -> bool {
    let base = if site.old_name.contains(".ftz.") { "llvm.nvvm.fabs.ftz" } else { "llvm.nvvm.fabs" };
    let ret = site.ret_ty();
    let fty = site.m.ctx.fn_ty(ret, &[ret], false);
    let Some(g) = site.intrinsic(base, &[ret], fty) else { return false };
    let args = site.args();
    let v = site.emit_call(g, &args);
    site.replace(v, false);
    true
}

/// A `bf16` call on integers: operands bitcast to `bfloat`s, the result bitcast back.
fn bf16_call(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let params = site.m.ctx.fn_params(site.m.globals[g].value_ty).to_vec();
    let args = site.args();
    if args.len() != params.len() {
        return false;
    }
    let cast: Vec<Value> = args.iter().zip(&params).map(|(&a, &t)| site.bitcast(a, t)).collect();
    let ret = site.ret_ty();
    let v = site.emit_call(g, &cast);
    let r = site.bitcast(v, ret);
    site.replace(r, false);
    true
}

/// An integer comparison.
fn icmp(site: &mut Site<'_>, pred: CmpPred, a: Value, b: Value) -> Value {
    let i1 = site.m.ctx.int_ty(1);
    let mut d = InstData::new(Opcode::ICmp, i1, [a, b]);
    d.extra = InstExtra::Cmp(pred);
    site.emit(d)
}

/// The calls that become plain IR or calls of other intrinsics.
fn expand_call(site: &mut Site<'_>, _: Option<GlobalId>) -> bool {
    let Some(name) = site.old_name.strip_prefix("llvm.nvvm.").map(str::to_string) else { return false };
    expand(site, &name).is_some()
}

/// [`expand_call`] for the intrinsic `name` (after `llvm.nvvm.`).
fn expand(site: &mut Site<'_>, name: &str) -> Option<()> {
    let args = site.args();
    let ret = site.ret_ty();
    let i32t = site.m.ctx.int_ty(32);
    let i64t = site.m.ctx.int_ty(64);
    let void = site.m.ctx.void_ty();
    let rep = match name {
        "abs.i" | "abs.ll" => {
            if args.len() != 1 {
                return None;
            }
            let a = args[0];
            let ty = site.value_ty(a);
            let Type::Int(bits) = *site.m.ctx.type_of(ty) else { return None };
            let zero = site.int(bits, 0);
            let neg = site.binop(Opcode::Sub, zero, a);
            let neg = site.name(neg, "neg");
            let c = icmp(site, CmpPred::Sge, a, zero);
            let c = site.name(c, "abs.cond");
            let s = site.select(c, a, neg);
            site.name(s, "abs")
        }
        "clz.ll" | "popc.ll" => {
            let a = *args.first()?;
            let ty = site.value_ty(a);
            let (base, nm) = if name == "clz.ll" { ("llvm.ctlz", "ctlz") } else { ("llvm.ctpop", "ctpop") };
            let mut ops = vec![a];
            if name == "clz.ll" {
                ops.push(site.int(1, 0));
            }
            let c = site.call_intrinsic(base, &[ty], ty, &ops)?;
            site.name(c, nm);
            let t = site.cast(Opcode::Trunc, c, i32t);
            site.name(t, &format!("{nm}.trunc"))
        }
        "h2f" => {
            let f32t = site.m.ctx.float_ty(FloatKind::Float);
            let c = site.call_intrinsic("llvm.convert.from.fp16", &[f32t], f32t, &[*args.first()?])?;
            site.name(c, "h2f")
        }
        n if n.starts_with("bitcast.") => {
            let a = *args.first()?;
            if let Value::Const(_) = a {
                site.bitcast(a, ret)
            } else {
                site.emit(InstData::new(Opcode::BitCast, ret, [a]))
            }
        }
        n if n.starts_with("ptr.") => site.cast(Opcode::AddrSpaceCast, *args.first()?, ret),
        "rotate.b32" => {
            let (a, b) = (*args.first()?, *args.get(1)?);
            site.call_intrinsic("llvm.fshl", &[i32t], i32t, &[a, a, b])?
        }
        "rotate.b64" | "rotate.right.b64" => {
            let (a, b) = (*args.first()?, *args.get(1)?);
            let b = match site.const_u64(b) {
                Some(k) => site.int(64, k as i64),
                None => site.cast(Opcode::ZExt, b, i64t),
            };
            let base = if name == "rotate.b64" { "llvm.fshl" } else { "llvm.fshr" };
            site.call_intrinsic(base, &[i64t], i64t, &[a, a, b])?
        }
        "swap.lo.hi.b64" => {
            let a = *args.first()?;
            let k = site.int(64, 32);
            site.call_intrinsic("llvm.fshl", &[i64t], i64t, &[a, a, k])?
        }
        "barrier0" | "barrier.n" | "bar.sync" | "barrier" | "barrier.sync" | "barrier.sync.cnt" => {
            let (base, ops) = match name {
                "barrier0" => ("llvm.nvvm.barrier.cta.sync.aligned.all", vec![site.int(32, 0)]),
                "barrier.n" | "bar.sync" => ("llvm.nvvm.barrier.cta.sync.aligned.all", vec![*args.first()?]),
                "barrier" => ("llvm.nvvm.barrier.cta.sync.aligned.count", vec![*args.first()?, *args.get(1)?]),
                "barrier.sync" => ("llvm.nvvm.barrier.cta.sync.all", vec![*args.first()?]),
                _ => ("llvm.nvvm.barrier.cta.sync.count", vec![*args.first()?, *args.get(1)?]),
            };
            site.call_intrinsic(base, &[], void, &ops)?;
            site.erase();
            return Some(());
        }
        "barrier0.and" | "barrier0.or" | "barrier0.popc" => {
            let a = *args.first()?;
            let c = match site.const_u64(a) {
                Some(k) => site.int(1, (k != 0) as i64),
                None => {
                    let zero = site.int(32, 0);
                    icmp(site, CmpPred::Ne, a, zero)
                }
            };
            let op = &name["barrier0.".len()..];
            let i1 = site.m.ctx.int_ty(1);
            let rty = if op == "popc" { i32t } else { i1 };
            let zero = site.int(32, 0);
            let r =
                site.call_intrinsic(&format!("llvm.nvvm.barrier.cta.red.{op}.aligned.all"), &[], rty, &[zero, c])?;
            if op == "popc" {
                r
            } else {
                site.cast(Opcode::ZExt, r, i32t)
            }
        }
        _ => return None,
    };
    site.replace(rep, false);
    Some(())
}
