//! The calls of old Arm and AArch64 intrinsics: the expansions of `upgradeAArch64IntrinsicCall`
//! and `upgradeARMIntrinsicCall` (no new declaration), and the Arm and AArch64 cases of
//! `UpgradeIntrinsicCall`'s switch on the new intrinsic.
//!
//! New calls are made before the old one, which they replace; the last one takes its name,
//! except in the expansions, whose new intrinsic call is named after the old call while that
//! still holds its name (LLVM's `CreateIntrinsic(..., CI->getName())`: `%r` becomes `%r1`).

use super::calls::default_case;
use super::Site;
use llrs_ir::module::GlobalId;
use llrs_ir::{Const, FloatKind, Opcode, Type, TypeId, Value};

/// `upgradeAArch64IntrinsicCall`: `neon.bfcvt` → `fptrunc` to `bfloat`; `neon.bfcvtn` → the
/// truncated `<4 x bfloat>` and four zeros; `neon.bfcvtn2(inactive, v)` → the low half of
/// `inactive` and the truncated `v`; `sve.fcvt[nt].bf16f32` → `.v2` with its predicate made
/// `<vscale x 4 x i1>` through `svbool`.
pub(super) fn aarch64_expand(site: &mut Site<'_>, _: Option<GlobalId>) -> bool {
    let Some(name) = site.old_name.strip_prefix("llvm.aarch64.") else { return false };
    let name = name.to_string();
    let args = site.args();
    let Some(&a0) = args.first() else { return false };
    let bf = site.m.ctx.float_ty(FloatKind::BFloat);
    let concat: Vec<i32> = (0..8).collect();
    let r = if name.starts_with("neon.bfcvtn2") {
        let Some(&a1) = args.get(1) else { return false };
        let inactive = site.shuffle1(a0, &[0, 1, 2, 3]);
        let ity = site.value_ty(inactive);
        let t = site.cast_to(Opcode::FPTrunc, a1, ity);
        site.shuffle(inactive, t, &concat)
    } else if name.starts_with("neon.bfcvtn") {
        let v4 = site.m.ctx.ty(Type::Vector { scalable: false, len: 4, elem: bf });
        let t = site.cast_to(Opcode::FPTrunc, a0, v4);
        let z = Value::Const(site.m.ctx.konst(Const::Zero(v4)));
        site.shuffle(t, z, &concat)
    } else if name.starts_with("neon.bfcvt") {
        site.cast_to(Opcode::FPTrunc, a0, bf)
    } else if name == "sve.fcvt.bf16f32" || name == "sve.fcvtnt.bf16f32" {
        match sve_fcvt(site, &name, args) {
            Some(v) => v,
            None => return false,
        }
    } else {
        return false;
    };
    site.replace(r, false);
    true
}

/// `sve.fcvt[nt].bf16f32(a, <vscale x 8 x i1> pg, b)`: the predicate converted to
/// `<vscale x 4 x i1>` through `svbool`, and the `.v2` intrinsic called.
fn sve_fcvt(site: &mut Site<'_>, name: &str, mut args: Vec<Value>) -> Option<Value> {
    let i1 = site.m.ctx.int_ty(1);
    let bad = site.m.ctx.ty(Type::Vector { scalable: true, len: 8, elem: i1 });
    let good = site.m.ctx.ty(Type::Vector { scalable: true, len: 4, elem: i1 });
    if args.len() != 3 || site.value_ty(args[1]) != bad {
        return None;
    }
    let sv = site.create_intrinsic("llvm.aarch64.sve.convert.to.svbool", &[bad], &[args[1]])?;
    args[1] = site.create_intrinsic("llvm.aarch64.sve.convert.from.svbool", &[good], &[sv])?;
    let v = site.create_intrinsic(&format!("llvm.aarch64.{name}.v2"), &[], &args)?;
    name_after_call(site, v);
    Some(v)
}

/// Names `v` after the old call, which still holds its name (so `%r` gives `%r1`).
fn name_after_call(site: &mut Site<'_>, v: Value) {
    if let Some(n) = site.inst().name {
        let n = String::from_utf8_lossy(site.m.ctx.name(n)).into_owned();
        site.name(v, &n);
    }
}

/// `<n x i1>`.
fn pred_ty(site: &mut Site<'_>, n: u32) -> TypeId {
    let i1 = site.m.ctx.int_ty(1);
    site.m.ctx.ty(Type::Vector { scalable: false, len: n, elem: i1 })
}

/// `upgradeARMIntrinsicCall`: `mve.vctp64` returning `<4 x i1>` → the `<2 x i1>` one, cast
/// through `pred.v2i` and `pred.i2v`; the `mve` and `cde` forms predicated on `<4 x i1>` for
/// 64-bit lanes → the same intrinsics on `<2 x i1>`, each predicate operand cast.
pub(super) fn arm_expand(site: &mut Site<'_>, _: Option<GlobalId>) -> bool {
    let r = if site.old_name == "llvm.arm.mve.vctp64" { vctp64(site) } else { predicated(site) };
    match r {
        Some(v) => {
            site.replace(v, false);
            true
        }
        None => false,
    }
}

/// `mve.vctp64` returning `<4 x i1>`.
fn vctp64(site: &mut Site<'_>) -> Option<Value> {
    let n = site.arg(0)?;
    let (v2, v4) = (pred_ty(site, 2), pred_ty(site, 4));
    let vctp = site.create_intrinsic("llvm.arm.mve.vctp64", &[], &[n])?;
    name_after_call(site, vctp);
    let c = site.create_intrinsic("llvm.arm.mve.pred.v2i", &[v2], &[vctp])?;
    site.create_intrinsic("llvm.arm.mve.pred.i2v", &[v4], &[c])
}

/// The `mve` and `cde` intrinsics predicated on `<4 x i1>` for 64-bit lanes.
fn predicated(site: &mut Site<'_>) -> Option<Value> {
    let base = llrs_ir::intrinsic_attrs::intrinsic_attrs(site.old_name.as_bytes())?.name;
    let args = site.args();
    let (v2, v4) = (pred_ty(site, 2), pred_ty(site, 4));
    let ret = site.ret_ty();
    let mut ty = |i: usize| -> Option<TypeId> {
        let a = *args.get(i)?;
        Some(site.value_ty(a))
    };
    let tys = match base.strip_prefix("llvm.arm.")? {
        "mve.mull.int.predicated" | "mve.vqdmull.predicated" | "mve.vldr.gather.base.predicated" => {
            vec![ret, ty(0)?, v2]
        }
        "mve.vldr.gather.base.wb.predicated"
        | "mve.vstr.scatter.base.predicated"
        | "mve.vstr.scatter.base.wb.predicated" => vec![ty(0)?, ty(0)?, v2],
        "mve.vldr.gather.offset.predicated" => vec![ret, ty(0)?, ty(1)?, v2],
        "mve.vstr.scatter.offset.predicated" => vec![ty(0)?, ty(1)?, ty(2)?, v2],
        "cde.vcx1q.predicated"
        | "cde.vcx1qa.predicated"
        | "cde.vcx2q.predicated"
        | "cde.vcx2qa.predicated"
        | "cde.vcx3q.predicated"
        | "cde.vcx3qa.predicated" => vec![ty(1)?, v2],
        _ => return None,
    };
    let mut ops = Vec::with_capacity(args.len());
    for a in args {
        let t = site.value_ty(a);
        let elem = match site.m.ctx.type_of(t) {
            Type::Vector { elem, .. } => *elem,
            _ => t,
        };
        let op = if matches!(site.m.ctx.type_of(elem), Type::Int(1)) {
            let c = site.create_intrinsic("llvm.arm.mve.pred.v2i", &[v4], &[a])?;
            site.create_intrinsic("llvm.arm.mve.pred.i2v", &[v2], &[c])?
        } else {
            a
        };
        ops.push(op);
    }
    let v = site.create_intrinsic(base, &tys, &ops)?;
    name_after_call(site, v);
    Some(v)
}

/// `aarch64.sve.bf{dot,mlalb,mlalt}.lane.v2`: the `i64` lane becomes an `i32` one.
pub(super) fn lane_v2(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let mut args = site.args();
    let Some(lane) = args.get(3).and_then(|&v| site.const_u64(v)) else { return false };
    args[3] = site.int(32, lane as i64);
    site.rebuild(g, &args);
    true
}

/// The minimum element count of a scalable vector type.
fn scalable_min(site: &Site<'_>, t: TypeId) -> Option<u64> {
    match site.m.ctx.type_of(t) {
        Type::Vector { scalable: true, len, .. } => Some(*len as u64),
        _ => None,
    }
}

/// The digit after `prefix` in the old name (`aarch64.sve.ld2...` gives 2).
fn count_after(site: &Site<'_>, prefix: &str) -> u64 {
    site.old_name
        .strip_prefix("llvm.")
        .and_then(|n| n.strip_prefix(prefix))
        .and_then(|n| n.bytes().next())
        .filter(|b| (b'2'..=b'4').contains(b))
        .map_or(0, |b| (b - b'0') as u64)
}

/// `aarch64.sve.ld{2,3,4}.sret`: the struct's fields inserted one by one into the old wide
/// result (`CreateInsertVector`), the last insertion taking the old call's name.
pub(super) fn sve_ld(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let n = count_after(site, "aarch64.sve.ld");
    let ret = site.ret_ty();
    let Some(min) = scalable_min(site, ret) else { return false };
    if n == 0 {
        return false;
    }
    let part = min / n;
    let args = site.args();
    let ld = site.emit_call(g, &args);
    let mut acc = site.poison(ret);
    for i in 0..n {
        let e = site.extract_value(ld, i as u32);
        match site.insert_vector(ret, acc, e, i * part) {
            Some(v) => acc = v,
            None => return false,
        }
    }
    site.replace(acc, true);
    true
}

/// `vector.extract`: `aarch64.sve.tuple.get(t, i)` → `vector.extract(t, i × n)`, `n` the
/// result's minimum element count; any other old declaration takes `DefaultCase`.
pub(super) fn vector_extract(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    if !site.old_name.starts_with("llvm.aarch64.sve.tuple.get") {
        return default_case(site, new);
    }
    let Some(g) = new else { return false };
    let ret = site.ret_ty();
    let (Some(min), Some(t), Some(i)) = (scalable_min(site, ret), site.arg(0), site.arg_u64(1)) else {
        return false;
    };
    let idx = site.int(64, (i as u32).wrapping_mul(min as u32) as i64);
    site.rebuild(g, &[t, idx]);
    true
}

/// `vector.insert`: `aarch64.sve.tuple.set(t, i, v)` → `vector.insert(t, v, i × n)`, `n` the
/// part's minimum element count; `aarch64.sve.tuple.create{N}(v0, ...)` → insertions of each
/// part into `poison`; any other old declaration takes `DefaultCase`.
pub(super) fn vector_insert(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    if !site.old_name.starts_with("llvm.aarch64.sve.tuple") {
        return default_case(site, new);
    }
    let Some(g) = new else { return false };
    if site.old_name.starts_with("llvm.aarch64.sve.tuple.set") {
        let (Some(t), Some(i), Some(v)) = (site.arg(0), site.arg_u64(1), site.arg(2)) else { return false };
        let vty = site.value_ty(v);
        let Some(min) = scalable_min(site, vty) else { return false };
        let idx = site.int(64, (i as u32).wrapping_mul(min as u32) as i64);
        site.rebuild(g, &[t, v, idx]);
        return true;
    }
    if !site.old_name.starts_with("llvm.aarch64.sve.tuple.create") {
        return false;
    }
    let n = count_after(site, "aarch64.sve.tuple.create");
    let ret = site.ret_ty();
    let Some(min) = scalable_min(site, ret) else { return false };
    if n == 0 || site.num_args() < n as usize {
        return false;
    }
    let part = min / n;
    let mut acc = site.poison(ret);
    for i in 0..n {
        let Some(v) = site.arg(i as usize) else { return false };
        match site.insert_vector(ret, acc, v, i * part) {
            Some(r) => acc = r,
            None => return false,
        }
    }
    site.replace(acc, true);
    true
}

/// `{arm,aarch64}.neon.bf{dot,mmla,mlalb,mlalt}`: the two `i8` vector operands bitcast to
/// `bfloat` vectors of the same width.
pub(super) fn neon_bf16(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let mut args = site.args();
    if args.len() != 3 {
        return false;
    }
    let a1 = site.value_ty(args[1]);
    let width = site.prim_bits(a1);
    let bf = site.m.ctx.float_ty(FloatKind::BFloat);
    let ty = site.m.ctx.ty(Type::Vector { scalable: false, len: width / 16, elem: bf });
    args[1] = site.bitcast(args[1], ty);
    args[2] = site.bitcast(args[2], ty);
    site.rebuild(g, &args);
    true
}
