//! Old x86 arithmetic intrinsics that LLVM 22 rewrites into plain IR or other intrinsics:
//! - `fma.vf[n]m{add,sub}.*`, `fma4.vfmadd.s*` → `llvm.fma` (scalar forms on element 0), with
//!   `fneg`s; `fma.vfmsubadd.*` → `fma.vfmaddsub.*` of the negated addend;
//! - `xop.vprot*`, `avx512[.mask].pro{l,r}[v].*` → `llvm.fshl`/`fshr` of the value with itself;
//! - `avx512.mask[z].vperm{i,t}2var.*` → `avx512.vpermi2var.*` and a select on the mask;
//! - `pmulu.dq`/`pmul[.]dq` → a 64-bit `mul` of the low halves (masked or sign-extended);
//! - `cvtdq2ps`/`cvtdq2pd`/`cvtps2pd`/`cvtss2sd`/`cvtsi2s*` → `sitofp`/`fpext`;
//! - `psll.dq`/`psrl.dq` (in bits, or bytes for `.bs`) → byte shuffles with zeros;
//! - `pshuf{d,lw,hw}`, `vpermil.p*` → shuffles; `sse2.storel.dq` → a store of element 0;
//! - integer min/max and saturating add/sub → `llvm.{s,u}{max,min}`, `llvm.{s,u}{add,sub}.sat`;
//! - `vcvtph2ps.*` → `fpext` from `half`; `sse42.crc32.64.8` → the 32-bit one, extended;
//! - `avx512.cmp.p*` → `avx512.mask.cmp.p*` with an all-true mask;
//! - `avx512bf16.dpbf16ps.*` on integer vectors → on `bfloat` vectors.
//!
//! New instructions are unnamed unless said otherwise (`cvt`, `cvtps2pd`, `cvtph2ps`).

use super::x86_old::select_on_mask;
use super::{Plan, Site};
use llrs_ir::module::GlobalId;
use llrs_ir::{Const, Context, FloatKind, InstData, Opcode, Type, TypeId, Value};

/// The plan for an old x86 arithmetic intrinsic declaration.
pub(super) fn plan(ctx: &mut Context, rest: &str, fn_ty: TypeId) -> Option<Plan> {
    let name = rest.strip_prefix("x86.")?;
    let Type::Function { ret, params, vararg: false } = ctx.type_of(fn_ty).clone() else { return None };
    let fma = ["fma.vfmadd.", "fma.vfmsub.", "fma.vfnmadd.", "fma.vfnmsub.", "fma4.vfmadd.s", "fma.vfmsubadd."]
        .iter()
        .any(|p| name.starts_with(p));
    let rotate = ["xop.vprot", "avx512.prol", "avx512.pror", "avx512.mask.prol", "avx512.mask.pror"]
        .iter()
        .any(|p| name.starts_with(p));
    let vpermt2 = ["avx512.mask.vpermi2var.", "avx512.mask.vpermt2var.", "avx512.maskz.vpermt2var."]
        .iter()
        .any(|p| name.starts_with(p));
    let pmul = matches!(
        name,
        "sse2.pmulu.dq"
            | "sse41.pmuldq"
            | "avx2.pmulu.dq"
            | "avx2.pmul.dq"
            | "avx512.pmulu.dq.512"
            | "avx512.pmul.dq.512"
    ) || name.starts_with("avx512.mask.pmul.dq.")
        || name.starts_with("avx512.mask.pmulu.dq.");
    let cvt = matches!(
        name,
        "sse2.cvtdq2ps"
            | "avx.cvtdq2.ps.256"
            | "sse2.cvtdq2pd"
            | "avx.cvtdq2.pd.256"
            | "sse2.cvtps2pd"
            | "avx.cvt.ps2.pd.256"
            | "sse2.cvtss2sd"
            | "sse2.cvtsi2sd"
            | "sse2.cvtsi642sd"
            | "sse.cvtsi2ss"
            | "sse.cvtsi642ss"
            | "avx512.cvtusi2sd"
    ) || name.starts_with("vcvtph2ps.");
    let byte_shift = matches!(
        name,
        "sse2.psll.dq"
            | "avx2.psll.dq"
            | "sse2.psrl.dq"
            | "avx2.psrl.dq"
            | "sse2.psll.dq.bs"
            | "avx2.psll.dq.bs"
            | "avx512.psll.dq.512"
            | "sse2.psrl.dq.bs"
            | "avx2.psrl.dq.bs"
            | "avx512.psrl.dq.512"
    );
    let shuffle = matches!(name, "sse2.pshuf.d" | "sse2.pshufl.w" | "sse2.pshufh.w")
        || ["avx512.mask.pshuf.d.", "avx512.mask.pshufl.w.", "avx512.mask.pshufh.w.", "avx512.mask.vpermil.p"]
            .iter()
            .any(|p| name.starts_with(p));
    if fma || rotate || vpermt2 || pmul || cvt || byte_shift || shuffle || binary_intrinsic(name).is_some() {
        return Some(Plan::expand(expand_call));
    }
    if name == "sse42.crc32.64.8" || name == "sse2.storel.dq" {
        return Some(Plan::expand(expand_call));
    }
    if let Some(r) = name.strip_prefix("avx512.cmp.p") {
        let new_name = format!("llvm.x86.avx512.mask.cmp.p{r}");
        if params.len() < 3 {
            return None;
        }
        let mut np = vec![params[0], params[1], params[2], ret];
        np.extend_from_slice(&params[3..]);
        let new_ty = ctx.fn_ty(ret, &np, false);
        return Some(Plan::rewrite(new_name, new_ty, cmp_mask));
    }
    if name.starts_with("avx512bf16.dpbf16ps.") && params.len() == 3 {
        let Type::Vector { len, elem, .. } = *ctx.type_of(params[1]) else { return None };
        if !matches!(ctx.type_of(elem), Type::Int(32)) {
            return None;
        }
        let bf = ctx.float_ty(FloatKind::BFloat);
        let v = ctx.ty(Type::Vector { scalable: false, len: len * 2, elem: bf });
        let new_ty = ctx.fn_ty(ret, &[params[0], v, v], false);
        return Some(Plan::rewrite(format!("llvm.{rest}"), new_ty, dpbf16ps));
    }
    None
}

/// `avx512.cmp.p*(a, b, imm[, rounding])` → `avx512.mask.cmp.p*(a, b, imm, true[, rounding])`.
fn cmp_mask(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let mut args = site.args();
    if args.len() < 3 {
        return false;
    }
    let ret = site.ret_ty();
    let Type::Vector { elem, .. } = *site.m.ctx.type_of(ret) else { return false };
    let t = site.m.ctx.const_int(elem, 1);
    let ones = Value::Const(site.m.ctx.konst(Const::Splat(ret, t)));
    args.insert(3, ones);
    let v = site.emit_call(g, &args);
    site.replace(v, false);
    true
}

/// `dpbf16ps(acc, a, b)`: `a` and `b` bitcast to `bfloat` vectors; the new call takes the name.
fn dpbf16ps(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let params = site.m.ctx.fn_params(site.m.globals[g].value_ty).to_vec();
    let mut args = site.args();
    if args.len() != 3 || params.len() != 3 {
        return false;
    }
    args[1] = site.bitcast(args[1], params[1]);
    args[2] = site.bitcast(args[2], params[2]);
    let v = site.emit_call(g, &args);
    site.replace(v, true);
    true
}

/// `fneg v`.
fn fneg(site: &mut Site<'_>, v: Value) -> Value {
    let ty = site.value_ty(v);
    site.emit(InstData::new(Opcode::FNeg, ty, [v]))
}

/// The element type and length of a vector type.
fn vec_of(ctx: &Context, t: TypeId) -> Option<(TypeId, u32)> {
    match ctx.type_of(t) {
        Type::Vector { elem, len, scalable: false } => Some((*elem, *len)),
        _ => None,
    }
}

/// The calls that become plain IR.
pub(super) fn expand_call(site: &mut Site<'_>, _: Option<GlobalId>) -> bool {
    let Some(name) = site.old_name.strip_prefix("llvm.x86.").map(str::to_string) else { return false };
    let Some(v) = expand(site, &name) else { return false };
    let ret = site.ret_ty();
    if site.m.ctx.is_void(ret) {
        site.erase();
    } else {
        site.replace(v, false);
    }
    true
}

/// [`expand_call`]'s value for intrinsic `name` (after `llvm.x86.`).
fn expand(site: &mut Site<'_>, name: &str) -> Option<Value> {
    let args = site.args();
    let ret = site.ret_ty();
    let a0 = *args.first()?;
    if name.starts_with("fma") {
        return fma(site, name, &args);
    }
    if name.contains("vprot") || name.contains(".prol") || name.contains(".pror") {
        let right = name.contains(".pror");
        let amt = *args.get(1)?;
        let (elem, len) = vec_of(&site.m.ctx, ret)?;
        let amt = if site.value_ty(amt) != ret {
            let aty = site.value_ty(amt);
            let a = match (site.m.ctx.type_of(aty), site.m.ctx.type_of(elem)) {
                _ if aty == elem => amt,
                (Type::Int(from), Type::Int(to)) if from > to => site.cast(Opcode::Trunc, amt, elem),
                (Type::Int(_), Type::Int(_)) => site.cast(Opcode::ZExt, amt, elem),
                _ => return None,
            };
            splat(site, a, len)
        } else {
            amt
        };
        let base = if right { "llvm.fshr" } else { "llvm.fshl" };
        let r = site.call_intrinsic(base, &[ret], ret, &[a0, a0, amt])?;
        if args.len() == 4 {
            return Some(select_on_mask(site, args[3], r, args[2]));
        }
        return Some(r);
    }
    if name.contains("vpermi2var.") || name.contains("vpermt2var.") {
        return vpermt2(site, name, &args);
    }
    if name.contains("pmul") {
        let signed = !name.contains("pmulu");
        let (a, b) = (site.bitcast(a0, ret), site.bitcast(*args.get(1)?, ret));
        let (elem, _) = vec_of(&site.m.ctx, ret)?;
        let (a, b) = if signed {
            let k = site.m.ctx.const_int(elem, 32);
            let k = Value::Const(site.m.ctx.konst(Const::Splat(ret, k)));
            let a = site.binop(Opcode::Shl, a, k);
            let a = site.binop(Opcode::AShr, a, k);
            let b = site.binop(Opcode::Shl, b, k);
            let b = site.binop(Opcode::AShr, b, k);
            (a, b)
        } else {
            let k = site.m.ctx.const_int(elem, 0xffff_ffff);
            let k = Value::Const(site.m.ctx.konst(Const::Splat(ret, k)));
            (site.binop(Opcode::And, a, k), site.binop(Opcode::And, b, k))
        };
        let r = site.binop(Opcode::Mul, a, b);
        if args.len() == 4 {
            return Some(select_on_mask(site, args[3], r, args[2]));
        }
        return Some(r);
    }
    if let Some(base) = binary_intrinsic(name) {
        let r = site.call_intrinsic(base, &[ret], ret, &[a0, *args.get(1)?])?;
        if args.len() == 4 {
            return Some(select_on_mask(site, args[3], r, args[2]));
        }
        return Some(r);
    }
    if name.contains("pshuf") || name.contains("vpermil.p") {
        return pshuf(site, name, &args);
    }
    if name == "sse2.storel.dq" {
        let i64t = site.m.ctx.int_ty(64);
        let v2 = site.m.ctx.ty(Type::Vector { scalable: false, len: 2, elem: i64t });
        let c = site.bitcast(*args.get(1)?, v2);
        let c = site.name(c, "cast");
        let zero = site.int(64, 0);
        let e = site.extract_element(c, zero);
        let void = site.m.ctx.void_ty();
        let mut d = InstData::new(Opcode::Store, void, [e, a0]);
        d.extra = llrs_ir::InstExtra::Mem { align: 1, atomic: Default::default(), rmw: 0 };
        return Some(site.emit(d));
    }
    if name.contains(".psll.dq") || name.contains(".psrl.dq") {
        let shift = site.const_u64(*args.get(1)?)?;
        let in_bytes = name.ends_with(".bs") || name.starts_with("avx512.");
        return byte_shift(site, a0, if in_bytes { shift } else { shift / 8 }, name.contains(".psll."));
    }
    if name == "sse42.crc32.64.8" {
        let i32t = site.m.ctx.int_ty(32);
        let t = site.cast(Opcode::Trunc, a0, i32t);
        let b = *args.get(1)?;
        let bty = site.value_ty(b);
        let fty = site.m.ctx.fn_ty(i32t, &[i32t, bty], false);
        let g = site.decl("llvm.x86.sse42.crc32.32.8", fty)?;
        let c = site.emit_call(g, &[t, b]);
        return Some(site.cast(Opcode::ZExt, c, ret));
    }
    cvt(site, name, &args)
}

/// A splat of the scalar `v` to `len` elements (constants fold; otherwise named `.splatinsert`
/// and `.splat`, as `CreateVectorSplat` names them).
fn splat(site: &mut Site<'_>, v: Value, len: u32) -> Value {
    let ety = site.value_ty(v);
    let vty = site.m.ctx.ty(Type::Vector { scalable: false, len, elem: ety });
    if let Value::Const(c) = v {
        return Value::Const(llrs_ir::fold::splat(&mut site.m.ctx, vty, c));
    }
    let p = site.poison(vty);
    let zero = site.int(64, 0);
    let ins = site.insert_element(p, v, zero);
    let ins = site.name(ins, ".splatinsert");
    let s = site.shuffle(ins, p, &vec![0; len as usize]);
    site.name(s, ".splat")
}

/// The FMA family.
fn fma(site: &mut Site<'_>, name: &str, args: &[Value]) -> Option<Value> {
    if args.len() != 3 {
        return None;
    }
    let mut ops = [args[0], args[1], args[2]];
    if let Some(r) = name.strip_prefix("fma.vfmsubadd.") {
        // `vfmaddsub` of the negated addend.
        ops[2] = fneg(site, ops[2]);
        let ret = site.ret_ty();
        let fty = site.m.ctx.fn_ty(ret, &[ret, ret, ret], false);
        let g = site.decl(&format!("llvm.x86.fma.vfmaddsub.{r}"), fty)?;
        return Some(site.emit_call(g, &ops));
    }
    let fma4 = name.starts_with("fma4.");
    let b = name.as_bytes();
    let neg_mul = !fma4 && b.get(6) == Some(&b'n');
    let neg_acc = !fma4 && if neg_mul { b.get(8) == Some(&b's') } else { b.get(7) == Some(&b's') };
    let scalar = fma4 || if neg_mul { b.get(12) == Some(&b's') } else { b.get(11) == Some(&b's') };
    if scalar {
        let zero = site.int(64, 0);
        for op in &mut ops {
            *op = site.extract_element(*op, zero);
        }
    }
    if neg_mul {
        let i = if scalar { 1 } else { 0 };
        ops[i] = fneg(site, ops[i]);
    }
    if neg_acc {
        ops[2] = fneg(site, ops[2]);
    }
    let ty = site.value_ty(ops[0]);
    let r = site.call_intrinsic("llvm.fma", &[ty], ty, &ops)?;
    if !scalar {
        return Some(r);
    }
    let zero = site.int(64, 0);
    let into = if fma4 {
        let ret = site.ret_ty();
        Value::Const(site.m.ctx.konst(Const::Zero(ret)))
    } else {
        args[0]
    };
    Some(site.insert_element(into, r, zero))
}

/// `vpermi2var`/`vpermt2var`: `avx512.vpermi2var.*` (the first two operands swapped for `t2`)
/// and a select on the mask (against zero for `maskz`, else the second operand).
fn vpermt2(site: &mut Site<'_>, name: &str, args: &[Value]) -> Option<Value> {
    if args.len() != 4 {
        return None;
    }
    let zero_mask = name.starts_with("avx512.maskz.");
    let index_form = name.contains("vpermi2var.");
    let ret = site.ret_ty();
    let (elem, len) = vec_of(&site.m.ctx, ret)?;
    let (bits, float) = match *site.m.ctx.type_of(elem) {
        Type::Int(b) => (b, false),
        Type::Float(k) => (k.bits(), true),
        _ => return None,
    };
    let kind = match (bits, float) {
        (32, true) => "ps",
        (64, true) => "pd",
        (32, false) => "d",
        (64, false) => "q",
        (16, false) => "hi",
        (8, false) => "qi",
        _ => return None,
    };
    let new = format!("llvm.x86.avx512.vpermi2var.{kind}.{}", bits.checked_mul(len)?);
    let mut ops = [args[0], args[1], args[2]];
    if !index_form {
        ops.swap(0, 1);
    }
    let tys: Vec<TypeId> = ops.iter().map(|&v| site.value_ty(v)).collect();
    let fty = site.m.ctx.fn_ty(ret, &tys, false);
    let g = site.decl(&new, fty)?;
    let v = site.emit_call(g, &ops);
    let pass = if zero_mask { Value::Const(site.m.ctx.konst(Const::Zero(ret))) } else { site.bitcast(args[1], ret) };
    Some(select_on_mask(site, args[3], v, pass))
}

/// The conversions.
fn cvt(site: &mut Site<'_>, name: &str, args: &[Value]) -> Option<Value> {
    let ret = site.ret_ty();
    let a0 = *args.first()?;
    let (elem, dst_len) = vec_of(&site.m.ctx, ret)?;
    let zero = site.int(64, 0);
    match name {
        "sse2.cvtsi2sd" | "sse2.cvtsi642sd" | "sse.cvtsi2ss" | "sse.cvtsi642ss" | "avx512.cvtusi2sd" => {
            let op = if name.contains("usi") { Opcode::UIToFP } else { Opcode::SIToFP };
            let f = site.cast(op, *args.get(1)?, elem);
            return Some(site.insert_element(a0, f, zero));
        }
        "sse2.cvtss2sd" => {
            let e = site.extract_element(*args.get(1)?, zero);
            let f = site.cast(Opcode::FPExt, e, elem);
            return Some(site.insert_element(a0, f, zero));
        }
        _ => {}
    }
    let src_ty = site.value_ty(a0);
    let (src_elem, src_len) = vec_of(&site.m.ctx, src_ty)?;
    let mut v = a0;
    if dst_len < src_len {
        let idx: Vec<i32> = (0..dst_len as i32).collect();
        v = site.shuffle(v, v, &idx);
    }
    let r = if name.contains("vcvtph2ps") {
        let half = site.m.ctx.float_ty(FloatKind::Half);
        let hty = site.m.ctx.ty(Type::Vector { scalable: false, len: dst_len, elem: half });
        let h = site.bitcast(v, hty);
        let e = site.cast(Opcode::FPExt, h, ret);
        site.name(e, "cvtph2ps")
    } else if matches!(site.m.ctx.type_of(src_elem), Type::Float(_)) {
        let e = site.cast(Opcode::FPExt, v, ret);
        site.name(e, "cvtps2pd")
    } else {
        let e = site.cast(Opcode::SIToFP, v, ret);
        site.name(e, "cvt")
    };
    if args.len() >= 3 {
        return Some(select_on_mask(site, args[2], r, args[1]));
    }
    Some(r)
}

/// `psll.dq`/`psrl.dq`: a shift of each 16-byte lane by `shift` bytes, as a shuffle with zeros
/// of the value bitcast to bytes (the bitcasts named `cast`).
fn byte_shift(site: &mut Site<'_>, v: Value, shift: u64, left: bool) -> Option<Value> {
    let ty = site.value_ty(v);
    let (_, len) = vec_of(&site.m.ctx, ty)?;
    let n = len * 8;
    let i8t = site.m.ctx.int_ty(8);
    let bytes = site.m.ctx.ty(Type::Vector { scalable: false, len: n, elem: i8t });
    let c = site.bitcast(v, bytes);
    let c = site.name(c, "cast");
    let mut res = Value::Const(site.m.ctx.konst(Const::Zero(bytes)));
    if shift < 16 {
        let (n, shift) = (n as i64, shift as i64);
        let mut idx = Vec::with_capacity(n as usize);
        for l in (0..n).step_by(16) {
            for i in 0..16 {
                let k = if left {
                    let k = n + i - shift;
                    if k < n {
                        k - (n - 16)
                    } else {
                        k
                    }
                } else {
                    let k = i + shift;
                    if k >= 16 {
                        k + n - 16
                    } else {
                        k
                    }
                };
                idx.push((k + l) as i32);
            }
        }
        res = if left { site.shuffle(res, c, &idx) } else { site.shuffle(c, res, &idx) };
    }
    let r = site.bitcast(res, ty);
    Some(site.name(r, "cast"))
}

/// The integer min/max and saturating add/sub intrinsics that became generic ones
/// (`upgradeX86BinaryIntrinsics`, `upgradeX86AddSubSatIntrinsics`).
fn binary_intrinsic(name: &str) -> Option<&'static str> {
    const MINMAX: &[&str] = &["sse2.", "sse41.", "avx2.", "avx512.mask."];
    let rest = MINMAX.iter().find_map(|p| name.strip_prefix(p))?;
    let base = match rest.get(..5)? {
        "pmaxs" => "llvm.smax",
        "pmaxu" => "llvm.umax",
        "pmins" => "llvm.smin",
        "pminu" => "llvm.umin",
        _ => {
            let sat = ["sse2.", "avx2.", "avx512.", "avx512.mask."].iter().find_map(|p| name.strip_prefix(p))?;
            return [
                ("padds.", "llvm.sadd.sat"),
                ("psubs.", "llvm.ssub.sat"),
                ("paddus.", "llvm.uadd.sat"),
                ("psubus.", "llvm.usub.sat"),
            ]
            .iter()
            .find(|(p, _)| sat.starts_with(p))
            .map(|&(_, b)| b);
        }
    };
    // `sse41` only has the byte/word/dword forms LLVM upgrades; `avx2`, `avx512.mask` all.
    if name.starts_with("sse41.")
        && !matches!(rest, "pmaxsb" | "pmaxsd" | "pmaxuw" | "pmaxud" | "pminsb" | "pminsd" | "pminuw" | "pminud")
    {
        return None;
    }
    if name.starts_with("sse2.") && !matches!(rest, "pmaxs.w" | "pmaxu.b" | "pmins.w" | "pminu.b") {
        return None;
    }
    Some(base)
}

/// `pshuf.d`, `pshufl.w`, `pshufh.w`, `vpermil.p*`: a shuffle of the operand with itself by
/// the immediate (and a select on the mask for the masked forms).
fn pshuf(site: &mut Site<'_>, name: &str, args: &[Value]) -> Option<Value> {
    let a0 = *args.first()?;
    let imm = site.const_u64(*args.get(1)?)? as usize;
    let ret = site.ret_ty();
    let (elem, n) = vec_of(&site.m.ctx, ret)?;
    let n = n as usize;
    let bits = match *site.m.ctx.type_of(elem) {
        Type::Int(b) => b,
        Type::Float(k) => k.bits(),
        _ => return None,
    } as usize;
    let mut idx = vec![0i32; n];
    if name.contains("pshufl.w") || name.contains("pshufh.w") {
        let high = name.contains("pshufh");
        for l in (0..n).step_by(8) {
            for i in 0..4 {
                let sel = ((imm >> (2 * i)) & 3) as i32;
                if high {
                    idx[i + l] = (i + l) as i32;
                    idx[i + l + 4] = sel + 4 + l as i32;
                } else {
                    idx[i + l] = sel + l as i32;
                    idx[i + l + 4] = (i + 4 + l) as i32;
                }
            }
        }
    } else {
        let size = 64 / bits.max(1);
        if size >= 8 {
            return None;
        }
        let mask = (1usize << size) - 1;
        for (i, x) in idx.iter_mut().enumerate() {
            *x = (((imm >> ((i * size) % 8)) & mask) | (i & !mask)) as i32;
        }
    }
    let r = site.shuffle(a0, a0, &idx);
    if args.len() == 4 {
        return Some(select_on_mask(site, args[3], r, args[2]));
    }
    Some(r)
}
