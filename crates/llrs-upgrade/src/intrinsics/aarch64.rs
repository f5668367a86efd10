//! Old Arm and AArch64 intrinsics with new forms:
//! - `llvm.aarch64.sve.tuple.create{2,3,4}`, `.tuple.get`, `.tuple.set` → `llvm.vector.insert` /
//!   `llvm.vector.extract` at element offsets (`index × minimum element count`);
//! - `llvm.aarch64.sve.ld{2,3,4}` returning one wide vector → `.ld{2,3,4}.sret` returning a
//!   struct, whose fields are inserted into the wide vector;
//! - `llvm.aarch64.sve.bf{dot,mlalb,mlalt}.lane` → `.lane.v2` with an `i32` lane;
//! - `llvm.{arm,aarch64}.neon.bf{dot,mmla,mlalb,mlalt}` on `i8` vectors → on `bfloat` vectors
//!   (the arguments are bitcast);
//! - `llvm.aarch64.sve.fcvt[nt].bf16f32` with an 8-lane predicate → `.v2` with a 4-lane one;
//! - `llvm.arm.mve.vctp64` returning `<4 x i1>` → the `<2 x i1>` one and predicate casts;
//! - `llvm.aarch64.neon.bfcvt{,n,n2}` → `fptrunc` to `bfloat` (and shuffles).
//!
//! Calls are rebuilt: the last new instruction takes the old call's name.

use super::{canonical_name, Plan, Site};
use llrs_ir::module::GlobalId;
use llrs_ir::{Const, Context, FloatKind, Opcode, Type, TypeId, Value};

/// A vector type's (scalable, minimum length, element type).
fn vector(ctx: &Context, t: TypeId) -> Option<(bool, u32, TypeId)> {
    match ctx.type_of(t) {
        Type::Vector { scalable, len, elem } => Some((*scalable, *len, *elem)),
        _ => None,
    }
}

/// The plan for an old Arm or AArch64 intrinsic declaration.
pub(super) fn plan(ctx: &mut Context, rest: &str, fn_ty: TypeId) -> Option<Plan> {
    let Type::Function { ret, params, vararg: false } = ctx.type_of(fn_ty).clone() else { return None };
    let i64t = ctx.int_ty(64);
    let i32t = ctx.int_ty(32);
    if let Some(n) = rest.strip_prefix("aarch64.sve.tuple.create") {
        let k = n.chars().next()?;
        if !matches!(k, '2'..='4') || !(n.len() == 1 || n[1..].starts_with(".nxv")) || params.len() < 2 {
            return None;
        }
        let new_ty = ctx.fn_ty(ret, &[ret, params[1], i64t], false);
        return Some(Plan::rewrite(canonical_name(ctx, "llvm.vector.insert", new_ty)?, new_ty, tuple_create));
    }
    if rest.starts_with("aarch64.sve.tuple.get") && params.len() == 2 {
        let new_ty = ctx.fn_ty(ret, &[params[0], i64t], false);
        return Some(Plan::rewrite(canonical_name(ctx, "llvm.vector.extract", new_ty)?, new_ty, tuple_get));
    }
    if rest.starts_with("aarch64.sve.tuple.set") && params.len() == 3 {
        let new_ty = ctx.fn_ty(ret, &[params[0], params[2], i64t], false);
        // LLVM names the new declaration with a third, wrong overload suffix (`.i32`) and fixes
        // it when it reaches it, after every other declaration.
        let mut p = Plan::rewrite(canonical_name(ctx, "llvm.vector.insert", new_ty)?, new_ty, tuple_set);
        p.late = true;
        return Some(p);
    }
    if let Some(n) = rest.strip_prefix("aarch64.sve.ld") {
        let k = n.chars().next()?;
        if !matches!(k, '2'..='4') || !(n.len() == 1 || n[1..].starts_with(".nxv")) || params.is_empty() {
            return None;
        }
        // The struct of `k` vectors of the result's element type, as many as the predicate.
        let (_, _, elem) = vector(ctx, ret)?;
        let (scalable, len, _) = vector(ctx, params[0])?;
        let part = ctx.ty(Type::Vector { scalable, len, elem });
        let st = ctx
            .ty(Type::Struct { packed: false, elems: std::iter::repeat_n(part, (k as u8 - b'0') as usize).collect() });
        let new_ty = ctx.fn_ty(st, &params, false);
        let base = format!("llvm.aarch64.sve.ld{k}.sret");
        return Some(Plan::rewrite(canonical_name(ctx, &base, new_ty)?, new_ty, sve_ld));
    }
    if matches!(rest, "aarch64.sve.bfdot.lane" | "aarch64.sve.bfmlalb.lane" | "aarch64.sve.bfmlalt.lane") {
        if params.len() != 4 {
            return None;
        }
        let new_ty = ctx.fn_ty(ret, &[params[0], params[1], params[2], i32t], false);
        return Some(Plan::rewrite(canonical_name(ctx, &format!("llvm.{rest}.v2"), new_ty)?, new_ty, lane_v2));
    }
    if matches!(rest, "aarch64.sve.fcvt.bf16f32" | "aarch64.sve.fcvtnt.bf16f32") && params.len() == 3 {
        let i1 = ctx.int_ty(1);
        let bad = ctx.ty(Type::Vector { scalable: true, len: 8, elem: i1 });
        if params[1] != bad {
            return None;
        }
        return Some(Plan::expand(fcvt_v2));
    }
    if rest == "arm.mve.vctp64" && vector(ctx, ret).is_some_and(|(_, n, _)| n == 4) {
        return Some(Plan::expand(vctp64));
    }
    if rest.starts_with("aarch64.neon.bfcvt") {
        return Some(Plan::expand(bfcvt));
    }
    bf16(ctx, rest, ret, &params)
}

/// `sve.fcvt[nt].bf16f32(a, <vscale x 8 x i1> pg, b)` → `.v2` with the predicate converted to
/// `<vscale x 4 x i1>` through `svbool`; the new call is named after the old one.
fn fcvt_v2(site: &mut Site<'_>, _: Option<GlobalId>) -> bool {
    let args = site.args();
    if args.len() != 3 {
        return false;
    }
    let bad = site.value_ty(args[1]);
    let i1 = site.m.ctx.int_ty(1);
    let sv = site.m.ctx.ty(Type::Vector { scalable: true, len: 16, elem: i1 });
    let good = site.m.ctx.ty(Type::Vector { scalable: true, len: 4, elem: i1 });
    let to_ty = site.m.ctx.fn_ty(sv, &[bad], false);
    let from_ty = site.m.ctx.fn_ty(good, &[sv], false);
    let Some(to) = site.intrinsic("llvm.aarch64.sve.convert.to.svbool", &[bad], to_ty) else { return false };
    let Some(from) = site.intrinsic("llvm.aarch64.sve.convert.from.svbool", &[good], from_ty) else { return false };
    let b = site.emit_call(to, &[args[1]]);
    let pg = site.emit_call(from, &[b]);
    // The new declaration is made when the first call is rewritten, after the conversions'.
    let ret = site.ret_ty();
    let (t0, t2) = (site.value_ty(args[0]), site.value_ty(args[2]));
    let new_ty = site.m.ctx.fn_ty(ret, &[t0, good, t2], false);
    let name = format!("{}.v2", site.old_name);
    let Some(g) = site.decl(&name, new_ty) else { return false };
    let v = site.emit_call(g, &[args[0], pg, args[2]]);
    if let Some(n) = site.inst().name {
        let n = String::from_utf8_lossy(site.m.ctx.name(n)).into_owned();
        site.name(v, &n);
    }
    site.replace(v, false);
    true
}

/// `arm.mve.vctp64` returning `<4 x i1>`: the `<2 x i1>` one (named after the old call), cast
/// through `pred.v2i` and `pred.i2v`.
fn vctp64(site: &mut Site<'_>, _: Option<GlobalId>) -> bool {
    let Some(n) = site.arg(0) else { return false };
    let (i1, i32t) = (site.m.ctx.int_ty(1), site.m.ctx.int_ty(32));
    let v2 = site.m.ctx.ty(Type::Vector { scalable: false, len: 2, elem: i1 });
    let v4 = site.m.ctx.ty(Type::Vector { scalable: false, len: 4, elem: i1 });
    let nty = site.value_ty(n);
    let vctp_ty = site.m.ctx.fn_ty(v2, &[nty], false);
    let v2i_ty = site.m.ctx.fn_ty(i32t, &[v2], false);
    let i2v_ty = site.m.ctx.fn_ty(v4, &[i32t], false);
    let Some(vctp) = site.decl("llvm.arm.mve.vctp64", vctp_ty) else { return false };
    let p = site.emit_call(vctp, &[n]);
    if let Some(name) = site.inst().name {
        let name = String::from_utf8_lossy(site.m.ctx.name(name)).into_owned();
        site.name(p, &name);
    }
    let Some(v2i) = site.intrinsic("llvm.arm.mve.pred.v2i", &[v2], v2i_ty) else { return false };
    let c = site.emit_call(v2i, &[p]);
    let Some(i2v) = site.intrinsic("llvm.arm.mve.pred.i2v", &[v4], i2v_ty) else { return false };
    let r = site.emit_call(i2v, &[c]);
    site.replace(r, false);
    true
}

/// `neon.bfcvt` → `fptrunc` to `bfloat`; `neon.bfcvtn` → the truncated `<4 x bfloat>` and four
/// zeros; `neon.bfcvtn2(inactive, v)` → the low half of `inactive` and the truncated `v`.
fn bfcvt(site: &mut Site<'_>, _: Option<GlobalId>) -> bool {
    let args = site.args();
    let Some(&a0) = args.first() else { return false };
    let bf = site.m.ctx.float_ty(FloatKind::BFloat);
    let v4 = site.m.ctx.ty(Type::Vector { scalable: false, len: 4, elem: bf });
    let concat: Vec<i32> = (0..8).collect();
    let r = if site.old_name.starts_with("llvm.aarch64.neon.bfcvtn2") {
        let Some(&a1) = args.get(1) else { return false };
        let t0 = site.value_ty(a0);
        let p = site.poison(t0);
        let lo = site.shuffle(a0, p, &[0, 1, 2, 3]);
        let t = site.cast(Opcode::FPTrunc, a1, v4);
        site.shuffle(lo, t, &concat)
    } else if site.old_name.starts_with("llvm.aarch64.neon.bfcvtn") {
        let t = site.cast(Opcode::FPTrunc, a0, v4);
        let z = Value::Const(site.m.ctx.konst(Const::Zero(v4)));
        site.shuffle(t, z, &concat)
    } else {
        site.cast(Opcode::FPTrunc, a0, bf)
    };
    site.replace(r, false);
    true
}

/// `llvm.{arm,aarch64}.neon.bf*` on `i8` vectors.
fn bf16(ctx: &mut Context, rest: &str, ret: TypeId, params: &[TypeId]) -> Option<Plan> {
    let (target, op) = rest.split_once(".neon.")?;
    if !(target == "arm" || target == "aarch64") || params.len() != 3 {
        return None;
    }
    let dot = matches!(op, "bfdot.v2f32.v8i8" | "bfdot.v4f32.v16i8");
    let other = matches!(op, "bfmmla.v4f32.v16i8" | "bfmlalb.v4f32.v16i8" | "bfmlalt.v4f32.v16i8");
    if !dot && !other {
        return None;
    }
    let (_, rlen, _) = vector(ctx, ret)?;
    let bf = ctx.float_ty(FloatKind::BFloat);
    let half = ctx.ty(Type::Vector { scalable: false, len: rlen * 2, elem: bf });
    let new_ty = ctx.fn_ty(ret, &[params[0], half, half], false);
    let name = op.split('.').next()?;
    Some(Plan::rewrite(canonical_name(ctx, &format!("llvm.{target}.neon.{name}"), new_ty)?, new_ty, bf16_call))
}

/// The minimum element count of a vector type (0 otherwise).
fn min_elts(site: &Site<'_>, t: TypeId) -> i64 {
    vector(&site.m.ctx, t).map_or(0, |(_, n, _)| n as i64)
}

/// `create{N}(v0, ..., vN-1)`: `vector.insert`s of each part into `poison`.
fn tuple_create(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let args = site.args();
    let ret = site.ret_ty();
    let n = args.len() as i64;
    if n < 2 {
        return false;
    }
    let part = min_elts(site, ret) / n;
    let mut acc = site.poison(ret);
    for (i, &v) in args.iter().enumerate() {
        let idx = site.int(64, i as i64 * part);
        if i + 1 == args.len() {
            site.rebuild(g, &[acc, v, idx]);
        } else {
            acc = site.emit_call(g, &[acc, v, idx]);
        }
    }
    true
}

/// `get(t, i)`: `vector.extract(t, i × n)` with `n` the result's minimum element count.
fn tuple_get(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let (Some(t), Some(i)) = (site.arg(0), site.arg(1).and_then(|v| site.const_u64(v))) else { return false };
    let idx = site.int(64, i as i64 * min_elts(site, site.ret_ty()));
    site.rebuild(g, &[t, idx]);
    true
}

/// `set(t, i, v)`: `vector.insert(t, v, i × n)` with `n` the part's minimum element count.
fn tuple_set(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let (Some(t), Some(i), Some(v)) = (site.arg(0), site.arg(1).and_then(|v| site.const_u64(v)), site.arg(2)) else {
        return false;
    };
    let vty = site.value_ty(v);
    let idx = site.int(64, i as i64 * min_elts(site, vty));
    site.rebuild(g, &[t, v, idx]);
    true
}

/// `ld{N}` → `ld{N}.sret`, its fields inserted into the wide result.
fn sve_ld(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let args = site.args();
    let ret = site.ret_ty();
    let st = site.m.ctx.fn_ret(site.m.globals[g].value_ty);
    let n = st.map_or(0, |s| match site.m.ctx.type_of(s) {
        Type::Struct { elems, .. } => elems.len(),
        _ => 0,
    });
    let Some(&part_ty) = st.and_then(|s| match site.m.ctx.type_of(s) {
        Type::Struct { elems, .. } => elems.first(),
        _ => None,
    }) else {
        return false;
    };
    let part = min_elts(site, ret) / n.max(1) as i64;
    let i64t = site.m.ctx.int_ty(64);
    let ins_ty = site.m.ctx.fn_ty(ret, &[ret, part_ty, i64t], false);
    let Some(ins) = site.intrinsic("llvm.vector.insert", &[ret, part_ty], ins_ty) else { return false };
    let ld = site.emit_call(g, &args);
    let mut acc = site.poison(ret);
    for i in 0..n {
        let e = site.extract_value(ld, i as u32);
        let idx = site.int(64, i as i64 * part);
        if i + 1 == n {
            site.rebuild(ins, &[acc, e, idx]);
        } else {
            acc = site.emit_call(ins, &[acc, e, idx]);
        }
    }
    true
}

/// `bf*.lane(a, b, c, i64 lane)` → `.lane.v2(a, b, c, i32 lane)`.
fn lane_v2(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let mut args = site.args();
    let Some(lane) = args.get(3).and_then(|&v| site.const_u64(v)) else { return false };
    args[3] = site.int(32, lane as i64);
    site.rebuild(g, &args);
    true
}

/// The `i8` vector operands bitcast to `bfloat` vectors of the same width.
fn bf16_call(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let mut args = site.args();
    if args.len() != 3 {
        return false;
    }
    let params = site.m.ctx.fn_params(site.m.globals[g].value_ty).to_vec();
    for i in 1..3 {
        args[i] = site.bitcast(args[i], params[i]);
    }
    site.rebuild(g, &args);
    true
}
