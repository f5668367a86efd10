//! `upgradeX86IntrinsicCall`, part one: its arms from `sse4a.movnt.` to `avx.vpermil.`,
//! `sse2.pshuf.d`, `avx512.mask.vpermil.p` and `avx512.mask.pshuf.d.` (LLVM 22's order).
//!
//! Each arm tests the name as LLVM does (`starts_with`, `==`, one character at a fixed place),
//! in LLVM's order, since several prefixes overlap (`avx512.mask.store.ss` before
//! `avx512.mask.store`, `avx512.mask.compress.store.` before `avx512.mask.compress.`,
//! `avx2.vbroadcasti128` before `avx2.vbroadcast`...). What LLVM would assert or report as a
//! fatal error (an immediate that is not a constant, a vector of an unexpected width) leaves
//! the call as it is ([`Outcome::Failed`]).

use super::helpers as h;
use super::Outcome;
use crate::intrinsics::Site;
use llrs_ir::instructions::CmpPred;
use llrs_ir::{FloatKind, Opcode, Type, TypeId, Value};

/// The arms of this part, tried in order on the call of `llvm.x86.NAME` (`name` is `NAME`).
/// LLVM 22 builds them without the call's fast-math flags (see [`Site::fmf`]).
pub(super) fn upgrade(s: &mut Site<'_>, name: &str) -> Outcome {
    arms(s, name)
}

/// The arms, in LLVM's order.
fn arms(s: &mut Site<'_>, name: &str) -> Outcome {
    let starts = |p: &str| name.starts_with(p);
    let at = |i: usize| name.as_bytes().get(i).copied();
    if starts("sse4a.movnt.") {
        return stored(movnt_element(s));
    }
    if starts("avx.movnt.") || starts("avx512.storent.") {
        return stored(movnt_vector(s));
    }
    if name == "sse2.storel.dq" {
        return stored(storel_dq(s));
    }
    if starts("sse.storeu.") || starts("sse2.storeu.") || starts("avx.storeu.") {
        return stored(store_unaligned(s));
    }
    if name == "avx512.mask.store.ss" {
        return stored(mask_store_ss(s));
    }
    if starts("avx512.mask.store") {
        // `avx512.mask.storeu.` or `avx512.mask.store.`.
        let aligned = at(17) != Some(b'u');
        return stored(mask_store(s, aligned));
    }
    if starts("sse2.pcmp") || starts("avx2.pcmp") {
        // `sse2.pcmpeq.`, `sse2.pcmpgt.`, `avx2.pcmpeq.` or `avx2.pcmpgt.`.
        let pred = if at(9) == Some(b'e') { CmpPred::Eq } else { CmpPred::Sgt };
        return Outcome::of(compare_sext(s, pred));
    }
    if starts("avx512.broadcastm") {
        return Outcome::of(broadcastm(s));
    }
    if name == "sse.sqrt.ss" || name == "sse2.sqrt.sd" {
        return Outcome::of(sqrt_scalar(s));
    }
    if starts("avx.sqrt.p") || starts("sse2.sqrt.p") || starts("sse.sqrt.p") {
        return Outcome::of(sqrt_vector(s));
    }
    if starts("avx512.mask.sqrt.p") {
        return Outcome::of(mask_sqrt(s, at(18) == Some(b's')));
    }
    if starts("avx512.ptestm") || starts("avx512.ptestnm") {
        let pred = if starts("avx512.ptestm") { CmpPred::Ne } else { CmpPred::Eq };
        return Outcome::of(ptest(s, pred));
    }
    if starts("avx512.mask.pbroadcast") {
        return Outcome::of(mask_pbroadcast(s));
    }
    if starts("avx512.kunpck") {
        return Outcome::of(kunpck(s));
    }
    if let Some(op) = match name {
        "avx512.kand.w" => Some(MaskOp::And),
        "avx512.kandn.w" => Some(MaskOp::AndNot),
        "avx512.kor.w" => Some(MaskOp::Or),
        "avx512.kxor.w" => Some(MaskOp::Xor),
        "avx512.kxnor.w" => Some(MaskOp::XorNot),
        "avx512.knot.w" => Some(MaskOp::Not),
        _ => None,
    } {
        return Outcome::of(mask_logic(s, op));
    }
    if name == "avx512.kortestz.w" || name == "avx512.kortestc.w" {
        return Outcome::of(kortest(s, at(14) == Some(b'c')));
    }
    if matches!(
        name,
        "sse.add.ss" | "sse2.add.sd" | "sse.sub.ss" | "sse2.sub.sd" | "sse.mul.ss" | "sse2.mul.sd" | "sse.div.ss"
    ) || name == "sse2.div.sd"
    {
        return Outcome::of(scalar_arith(s, name));
    }
    if starts("avx512.mask.pcmp") {
        // `avx512.mask.pcmpeq.` or `avx512.mask.pcmpgt.`.
        let cc = if at(16) == Some(b'e') { 0 } else { 6 };
        return Outcome::of(h::masked_compare(s, cc, true));
    }
    if starts("avx512.mask.vpshufbitqmb.") {
        return Outcome::of(vpshufbitqmb(s));
    }
    if starts("avx512.mask.fpclass.p") {
        return Outcome::of(fpclass(s));
    }
    if starts("avx512.cmp.p") {
        return Outcome::of(cmp_fp(s));
    }
    if starts("avx512.mask.cmp.") {
        return Outcome::of(masked_int_compare(s, true));
    }
    if starts("avx512.mask.ucmp.") {
        return Outcome::of(masked_int_compare(s, false));
    }
    if starts("avx512.cvtb2mask.")
        || starts("avx512.cvtw2mask.")
        || starts("avx512.cvtd2mask.")
        || starts("avx512.cvtq2mask.")
    {
        return Outcome::of(to_mask(s));
    }
    if name == "ssse3.pabs.b.128"
        || name == "ssse3.pabs.w.128"
        || name == "ssse3.pabs.d.128"
        || starts("avx2.pabs")
        || starts("avx512.mask.pabs")
    {
        return Outcome::of(h::abs(s));
    }
    if name == "sse41.pmaxsb"
        || name == "sse2.pmaxs.w"
        || name == "sse41.pmaxsd"
        || starts("avx2.pmaxs")
        || starts("avx512.mask.pmaxs")
    {
        return Outcome::of(h::binary(s, "llvm.smax"));
    }
    if name == "sse2.pmaxu.b"
        || name == "sse41.pmaxuw"
        || name == "sse41.pmaxud"
        || starts("avx2.pmaxu")
        || starts("avx512.mask.pmaxu")
    {
        return Outcome::of(h::binary(s, "llvm.umax"));
    }
    if name == "sse41.pminsb"
        || name == "sse2.pmins.w"
        || name == "sse41.pminsd"
        || starts("avx2.pmins")
        || starts("avx512.mask.pmins")
    {
        return Outcome::of(h::binary(s, "llvm.smin"));
    }
    if name == "sse2.pminu.b"
        || name == "sse41.pminuw"
        || name == "sse41.pminud"
        || starts("avx2.pminu")
        || starts("avx512.mask.pminu")
    {
        return Outcome::of(h::binary(s, "llvm.umin"));
    }
    if name == "sse2.pmulu.dq"
        || name == "avx2.pmulu.dq"
        || name == "avx512.pmulu.dq.512"
        || starts("avx512.mask.pmulu.dq.")
    {
        return Outcome::of(h::pmuldq(s, false));
    }
    if name == "sse41.pmuldq"
        || name == "avx2.pmul.dq"
        || name == "avx512.pmul.dq.512"
        || starts("avx512.mask.pmul.dq.")
    {
        return Outcome::of(h::pmuldq(s, true));
    }
    if matches!(name, "sse.cvtsi2ss" | "sse2.cvtsi2sd" | "sse.cvtsi642ss" | "sse2.cvtsi642sd") {
        return Outcome::of(int_to_fp_element(s, Opcode::SIToFP));
    }
    if name == "avx512.cvtusi2sd" {
        return Outcome::of(int_to_fp_element(s, Opcode::UIToFP));
    }
    if name == "sse2.cvtss2sd" {
        return Outcome::of(cvtss2sd(s));
    }
    if is_vector_to_fp(name) {
        return Outcome::of(vector_to_fp(s, name.contains("cvtu")));
    }
    if starts("avx512.mask.vcvtph2ps.") || starts("vcvtph2ps.") {
        return Outcome::of(vcvtph2ps(s));
    }
    if starts("avx512.mask.load") {
        // `avx512.mask.loadu.` or `avx512.mask.load.`.
        let aligned = at(16) != Some(b'u');
        return Outcome::of(mask_load(s, aligned));
    }
    if starts("avx512.mask.expand.load.") {
        return Outcome::of(expand_load(s));
    }
    if starts("avx512.mask.compress.store.") {
        return stored(compress_store(s));
    }
    if starts("avx512.mask.compress.") || starts("avx512.mask.expand.") {
        return Outcome::of(compress_expand(s, at(12) == Some(b'c')));
    }
    if starts("xop.vpcom") {
        return Outcome::of(xop_vpcom(s, name));
    }
    if starts("xop.vpcmov") {
        return Outcome::of(xop_vpcmov(s));
    }
    if starts("xop.vprot") || starts("avx512.prol") || starts("avx512.mask.prol") {
        return Outcome::of(h::rotate(s, false));
    }
    if starts("avx512.pror") || starts("avx512.mask.pror") {
        return Outcome::of(h::rotate(s, true));
    }
    if starts("avx512.vpshld.") || starts("avx512.mask.vpshld") || starts("avx512.maskz.vpshld") {
        return Outcome::of(h::concat_shift(s, false, at(11) == Some(b'z')));
    }
    if starts("avx512.vpshrd.") || starts("avx512.mask.vpshrd") || starts("avx512.maskz.vpshrd") {
        return Outcome::of(h::concat_shift(s, true, at(11) == Some(b'z')));
    }
    if name == "sse42.crc32.64.8" {
        return Outcome::of(crc32_64_8(s));
    }
    if starts("avx.vbroadcast.s") || starts("avx512.vbroadcast.s") {
        return Outcome::of(broadcast_load_scalar(s));
    }
    if starts("sse41.pmovsx")
        || starts("sse41.pmovzx")
        || starts("avx2.pmovsx")
        || starts("avx2.pmovzx")
        || starts("avx512.mask.pmovsx")
        || starts("avx512.mask.pmovzx")
    {
        return Outcome::of(pmov_extend(s, name.contains("pmovsx")));
    }
    if matches!(
        name,
        "avx512.mask.pmov.qd.256" | "avx512.mask.pmov.qd.512" | "avx512.mask.pmov.wb.256" | "avx512.mask.pmov.wb.512"
    ) {
        return Outcome::of(pmov_truncate(s));
    }
    if starts("avx.vbroadcastf128") || name == "avx2.vbroadcasti128" {
        return Outcome::of(broadcast_load_128(s));
    }
    if starts("avx512.mask.shuf.i") || starts("avx512.mask.shuf.f") {
        return Outcome::of(shuffle_lanes(s));
    }
    if starts("avx512.mask.broadcastf") || starts("avx512.mask.broadcasti") {
        return Outcome::of(broadcast_subvector(s));
    }
    if starts("avx2.pbroadcast")
        || starts("avx2.vbroadcast")
        || starts("avx512.pbroadcast")
        || starts("avx512.mask.broadcast.s")
    {
        return Outcome::of(broadcast_element(s));
    }
    if starts("sse2.padds.") || starts("avx2.padds.") || starts("avx512.padds.") || starts("avx512.mask.padds.") {
        return Outcome::of(h::binary(s, "llvm.sadd.sat"));
    }
    if starts("sse2.psubs.") || starts("avx2.psubs.") || starts("avx512.psubs.") || starts("avx512.mask.psubs.") {
        return Outcome::of(h::binary(s, "llvm.ssub.sat"));
    }
    if starts("sse2.paddus.") || starts("avx2.paddus.") || starts("avx512.mask.paddus.") {
        return Outcome::of(h::binary(s, "llvm.uadd.sat"));
    }
    if starts("sse2.psubus.") || starts("avx2.psubus.") || starts("avx512.mask.psubus.") {
        return Outcome::of(h::binary(s, "llvm.usub.sat"));
    }
    if starts("avx512.mask.palignr.") {
        return Outcome::of(align(s, false));
    }
    if starts("avx512.mask.valign.") {
        return Outcome::of(align(s, true));
    }
    if name == "sse2.psll.dq" || name == "avx2.psll.dq" {
        // The shift is in bits.
        return Outcome::of(byte_shift(s, true, 8));
    }
    if name == "sse2.psrl.dq" || name == "avx2.psrl.dq" {
        return Outcome::of(byte_shift(s, false, 8));
    }
    if name == "sse2.psll.dq.bs" || name == "avx2.psll.dq.bs" || name == "avx512.psll.dq.512" {
        // The shift is in bytes.
        return Outcome::of(byte_shift(s, true, 1));
    }
    if name == "sse2.psrl.dq.bs" || name == "avx2.psrl.dq.bs" || name == "avx512.psrl.dq.512" {
        return Outcome::of(byte_shift(s, false, 1));
    }
    if name == "sse41.pblendw"
        || starts("sse41.blendp")
        || starts("avx.blend.p")
        || name == "avx2.pblendw"
        || starts("avx2.pblendd.")
    {
        return Outcome::of(blend(s));
    }
    if starts("avx.vinsertf128.") || name == "avx2.vinserti128" || starts("avx512.mask.insert") {
        return Outcome::of(insert_subvector(s));
    }
    if starts("avx.vextractf128.") || name == "avx2.vextracti128" || starts("avx512.mask.vextract") {
        return Outcome::of(extract_subvector(s));
    }
    if starts("avx512.mask.perm.df.") || starts("avx512.mask.perm.di.") {
        return Outcome::of(perm_64(s));
    }
    if starts("avx.vperm2f128.") || name == "avx2.vperm2i128" {
        return Outcome::of(vperm2_128(s));
    }
    if starts("avx.vpermil.")
        || name == "sse2.pshuf.d"
        || starts("avx512.mask.vpermil.p")
        || starts("avx512.mask.pshuf.d.")
    {
        return Outcome::of(vpermil(s));
    }
    Outcome::Unmatched
}

/// The outcome of an arm that leaves no value (a store): the call is removed.
fn stored(r: Option<()>) -> Outcome {
    r.map_or(Outcome::Failed, |()| Outcome::Erased)
}

/// The number of elements of a fixed vector type (`cast<FixedVectorType>`), `None` otherwise.
fn fixed_len(s: &Site<'_>, ty: TypeId) -> Option<u32> {
    match *s.m.ctx.type_of(ty) {
        Type::Vector { scalable: false, len, .. } => Some(len),
        _ => None,
    }
}

/// The element type of a vector type (`cast<VectorType>(...)->getElementType()`).
fn elem_ty(s: &Site<'_>, ty: TypeId) -> Option<TypeId> {
    match *s.m.ctx.type_of(ty) {
        Type::Vector { elem, .. } => Some(elem),
        _ => None,
    }
}

/// The value of a constant integer operand as LLVM's `unsigned Imm = ...->getZExtValue()`
/// keeps it (`None` when the operand is not a `ConstantInt`).
fn imm(s: &Site<'_>, i: usize) -> Option<u32> {
    s.arg_u64(i).map(|v| v as u32)
}

/// `Align(n)`: a power of two.
fn align_of(n: u32) -> Option<u64> {
    n.is_power_of_two().then_some(u64::from(n))
}

/// `sse4a.movnt.ss`/`.sd`: a nontemporal store of element 0 (named `extractelement`), align 1.
fn movnt_element(s: &mut Site<'_>) -> Option<()> {
    let (ptr, v) = (s.arg(0)?, s.arg(1)?);
    let e = s.extract_at(v, 0);
    let e = s.name(e, "extractelement");
    let st = s.store(e, ptr, 1);
    s.nontemporal(st);
    Some(())
}

/// `avx.movnt.*`, `avx512.storent.*`: a nontemporal store aligned to the vector's size.
fn movnt_vector(s: &mut Site<'_>) -> Option<()> {
    let (ptr, v) = (s.arg(0)?, s.arg(1)?);
    let ty = s.value_ty(v);
    let align = align_of(s.prim_bits(ty) / 8)?;
    let st = s.store(v, ptr, align);
    s.nontemporal(st);
    Some(())
}

/// `sse2.storel.dq`: element 0 of the value as `<2 x i64>` (the cast named `cast`), stored
/// with align 1.
fn storel_dq(s: &mut Site<'_>) -> Option<()> {
    let (ptr, v) = (s.arg(0)?, s.arg(1)?);
    let i64t = s.int_ty(64);
    let vty = s.vec_ty(i64t, 2);
    let bc = s.bitcast(v, vty);
    let bc = s.name(bc, "cast");
    let e = s.extract_at(bc, 0);
    s.store(e, ptr, 1);
    Some(())
}

/// `sse.storeu.*`, `sse2.storeu.*`, `avx.storeu.*`: a store with align 1.
fn store_unaligned(s: &mut Site<'_>) -> Option<()> {
    let (ptr, v) = (s.arg(0)?, s.arg(1)?);
    s.store(v, ptr, 1);
    Some(())
}

/// `avx512.mask.store.ss`: a masked store of the vector under the mask's bit 0 (`mask & 1`),
/// align 1.
fn mask_store_ss(s: &mut Site<'_>) -> Option<()> {
    let (ptr, v, m) = (s.arg(0)?, s.arg(1)?, s.arg(2)?);
    let one = s.int(8, 1);
    let mask = s.binop(Opcode::And, m, one);
    h::masked_store(s, ptr, v, mask, false)?;
    Some(())
}

/// `avx512.mask.store.*` (aligned) and `avx512.mask.storeu.*`.
fn mask_store(s: &mut Site<'_>, aligned: bool) -> Option<()> {
    let (ptr, v, m) = (s.arg(0)?, s.arg(1)?, s.arg(2)?);
    h::masked_store(s, ptr, v, m, aligned)?;
    Some(())
}

/// `sse2.pcmp*`, `avx2.pcmp*`: an `icmp` sign-extended to the result type.
fn compare_sext(s: &mut Site<'_>, pred: CmpPred) -> Option<Value> {
    let (a, b) = (s.arg(0)?, s.arg(1)?);
    let ty = s.ret_ty();
    let c = s.icmp(pred, a, b);
    Some(s.cast_to(Opcode::SExt, c, ty))
}

/// `avx512.broadcastm*`: the mask zero-extended to `i64` (from `i8`) or `i32`, splatted.
fn broadcastm(s: &mut Site<'_>) -> Option<Value> {
    let m = s.arg(0)?;
    let mty = s.value_ty(m);
    let bits = if matches!(s.m.ctx.type_of(mty), Type::Int(8)) { 64 } else { 32 };
    let ext = s.int_ty(bits);
    let ty = s.ret_ty();
    let n = s.prim_bits(ty) / bits;
    if n == 0 {
        return None;
    }
    let z = s.cast_to(Opcode::ZExt, m, ext);
    Some(s.splat(n, z))
}

/// `sse.sqrt.ss`, `sse2.sqrt.sd`: `llvm.sqrt` of element 0, inserted back.
fn sqrt_scalar(s: &mut Site<'_>) -> Option<Value> {
    let v = s.arg(0)?;
    let e = s.extract_at(v, 0);
    let ety = s.value_ty(e);
    let r = s.create_intrinsic("llvm.sqrt", &[ety], &[e])?;
    Some(s.insert_at(v, r, 0))
}

/// `avx.sqrt.p*`, `sse2.sqrt.p*`, `sse.sqrt.p*`: `llvm.sqrt` of the vector.
fn sqrt_vector(s: &mut Site<'_>) -> Option<Value> {
    let v = s.arg(0)?;
    let ty = s.ret_ty();
    s.create_intrinsic("llvm.sqrt", &[ty], &[v])
}

/// `avx512.mask.sqrt.p*`: `avx512.sqrt.ps.512`/`pd.512` with the rounding operand when there is
/// one other than 4 (current direction), else `llvm.sqrt`; then a select.
fn mask_sqrt(s: &mut Site<'_>, single: bool) -> Option<Value> {
    let (a, pass, mask) = (s.arg(0)?, s.arg(1)?, s.arg(2)?);
    let rounding = if s.num_args() == 4 {
        let r = s.arg(3)?;
        (s.const_u64(r) != Some(4)).then_some(r)
    } else {
        None
    };
    let r = match rounding {
        Some(rm) => {
            let base = if single { "llvm.x86.avx512.sqrt.ps.512" } else { "llvm.x86.avx512.sqrt.pd.512" };
            s.create_intrinsic(base, &[], &[a, rm])?
        }
        None => {
            let ty = s.ret_ty();
            s.create_intrinsic("llvm.sqrt", &[ty], &[a])?
        }
    };
    h::select(s, mask, r, pass)
}

/// `avx512.ptestm.*`/`ptestnm.*`: `(a & b) != 0` (or `== 0`) as a mask, and-ed with the mask.
fn ptest(s: &mut Site<'_>, pred: CmpPred) -> Option<Value> {
    let (a, b, mask) = (s.arg(0)?, s.arg(1)?, s.arg(2)?);
    let r = s.binop(Opcode::And, a, b);
    let ty = s.value_ty(a);
    let zero = s.null(ty);
    let c = s.icmp(pred, r, zero);
    h::mask_on_1bits(s, c, Some(mask))
}

/// `avx512.mask.pbroadcast*`: the scalar splatted to the passthru's length, then a select.
fn mask_pbroadcast(s: &mut Site<'_>) -> Option<Value> {
    let (v, pass, mask) = (s.arg(0)?, s.arg(1)?, s.arg(2)?);
    let pty = s.value_ty(pass);
    let n = fixed_len(s, pty)?;
    let r = s.splat(n, v);
    h::select(s, mask, r, pass)
}

/// `avx512.kunpck*`: the low halves of both masks, concatenated (operand 1 low).
fn kunpck(s: &mut Site<'_>) -> Option<Value> {
    let (a, b) = (s.arg(0)?, s.arg(1)?);
    let ty = s.ret_ty();
    let n = s.scalar_bits(ty);
    if !(2..=64).contains(&n) {
        return None;
    }
    let lhs = h::mask_vec(s, a, n)?;
    let rhs = h::mask_vec(s, b, n)?;
    let idx: Vec<i32> = (0..n as i32).collect();
    let half = &idx[..n as usize / 2];
    let lhs = s.shuffle(lhs, lhs, half);
    let rhs = s.shuffle(rhs, rhs, half);
    let r = s.shuffle(rhs, lhs, &idx);
    Some(s.bitcast(r, ty))
}

/// The `avx512.k*.w` operations on 16-bit masks.
#[derive(Clone, Copy)]
enum MaskOp {
    And,
    AndNot,
    Or,
    Xor,
    XorNot,
    Not,
}

/// `avx512.kand.w`, `kandn.w`, `kor.w`, `kxor.w`, `kxnor.w`, `knot.w`: the operation on the
/// masks as `<16 x i1>`, bitcast back.
fn mask_logic(s: &mut Site<'_>, op: MaskOp) -> Option<Value> {
    let ty = s.ret_ty();
    let a = s.arg(0)?;
    let r = if let MaskOp::Not = op {
        let m = h::mask_vec(s, a, 16)?;
        s.not(m)
    } else {
        let b = s.arg(1)?;
        let lhs = h::mask_vec(s, a, 16)?;
        let rhs = h::mask_vec(s, b, 16)?;
        match op {
            MaskOp::And => s.binop(Opcode::And, lhs, rhs),
            MaskOp::AndNot => {
                let l = s.not(lhs);
                s.binop(Opcode::And, l, rhs)
            }
            MaskOp::Or => s.binop(Opcode::Or, lhs, rhs),
            MaskOp::Xor => s.binop(Opcode::Xor, lhs, rhs),
            MaskOp::XorNot | MaskOp::Not => {
                let l = s.not(lhs);
                s.binop(Opcode::Xor, l, rhs)
            }
        }
    };
    Some(s.bitcast(r, ty))
}

/// `avx512.kortestz.w`/`kortestc.w`: whether `a | b` is all zeros (all ones for `c`), as `i32`.
fn kortest(s: &mut Site<'_>, carry: bool) -> Option<Value> {
    let (a, b) = (s.arg(0)?, s.arg(1)?);
    let lhs = h::mask_vec(s, a, 16)?;
    let rhs = h::mask_vec(s, b, 16)?;
    let r = s.binop(Opcode::Or, lhs, rhs);
    let i16t = s.int_ty(16);
    let r = s.bitcast(r, i16t);
    let c = if carry { s.all_ones(i16t) } else { s.null(i16t) };
    let cmp = s.icmp(CmpPred::Eq, r, c);
    let i32t = s.int_ty(32);
    Some(s.cast_to(Opcode::ZExt, cmp, i32t))
}

/// `sse.{add,sub,mul,div}.ss`, `sse2.*.sd`: the operation on elements 0 (`i32` indices),
/// inserted into operand 0.
fn scalar_arith(s: &mut Site<'_>, name: &str) -> Option<Value> {
    let (a, b) = (s.arg(0)?, s.arg(1)?);
    let zero = s.int(32, 0);
    let e0 = s.extract_element(a, zero);
    let e1 = s.extract_element(b, zero);
    let op = if name.contains(".add.") {
        Opcode::FAdd
    } else if name.contains(".sub.") {
        Opcode::FSub
    } else if name.contains(".mul.") {
        Opcode::FMul
    } else {
        Opcode::FDiv
    };
    let r = s.fbinop(op, e0, e1);
    Some(s.insert_element(a, r, zero))
}

/// The intrinsic of a 128-, 256- or 512-bit vector: `base` followed by the width.
fn by_width(base: &str, width: u32) -> Option<String> {
    matches!(width, 128 | 256 | 512).then(|| format!("{base}.{width}"))
}

/// `avx512.mask.vpshufbitqmb.*`: `avx512.vpshufbitqmb.N` and the mask applied.
fn vpshufbitqmb(s: &mut Site<'_>) -> Option<Value> {
    let (a, b, mask) = (s.arg(0)?, s.arg(1)?, s.arg(2)?);
    let ty = s.value_ty(a);
    let base = by_width("llvm.x86.avx512.vpshufbitqmb", s.prim_bits(ty))?;
    let r = s.create_intrinsic(&base, &[], &[a, b])?;
    h::mask_on_1bits(s, r, Some(mask))
}

/// The `ps`/`pd` suffix of a 128-, 256- or 512-bit vector of `float` or `double` (by the
/// element width): `ps.128` ... `pd.512`.
fn fp_suffix(s: &Site<'_>, ty: TypeId) -> Option<String> {
    let width = s.prim_bits(ty);
    let kind = match s.scalar_bits(ty) {
        32 => "ps",
        64 => "pd",
        _ => return None,
    };
    by_width(kind, width)
}

/// `avx512.mask.fpclass.p*`: `avx512.fpclass.p*` and the mask applied.
fn fpclass(s: &mut Site<'_>) -> Option<Value> {
    let (a, b, mask) = (s.arg(0)?, s.arg(1)?, s.arg(2)?);
    let ty = s.value_ty(a);
    let suffix = fp_suffix(s, ty)?;
    let r = s.create_intrinsic(&format!("llvm.x86.avx512.fpclass.{suffix}"), &[], &[a, b])?;
    h::mask_on_1bits(s, r, Some(mask))
}

/// `avx512.cmp.p*` returning `i1` vectors: `avx512.mask.cmp.p*` with an all-ones mask (before
/// the rounding operand of the 512-bit forms).
fn cmp_fp(s: &mut Site<'_>) -> Option<Value> {
    let mut args = s.args();
    let first = *args.first()?;
    let ty = s.value_ty(first);
    let width = s.prim_bits(ty);
    let suffix = fp_suffix(s, ty)?;
    let rty = s.ret_ty();
    let mut mask = s.all_ones(rty);
    if width == 512 {
        std::mem::swap(&mut mask, args.last_mut()?);
    }
    args.push(mask);
    s.create_intrinsic(&format!("llvm.x86.avx512.mask.cmp.{suffix}"), &[], &args)
}

/// `avx512.mask.cmp.*`/`ucmp.*` on integers: the compare of the immediate's condition.
fn masked_int_compare(s: &mut Site<'_>, signed: bool) -> Option<Value> {
    let cc = imm(s, 2)?;
    h::masked_compare(s, u64::from(cc), signed)
}

/// `avx512.cvt{b,w,d,q}2mask.*`: the sign bits as a mask.
fn to_mask(s: &mut Site<'_>) -> Option<Value> {
    let v = s.arg(0)?;
    let ty = s.value_ty(v);
    let zero = s.null(ty);
    let c = s.icmp(CmpPred::Slt, v, zero);
    h::mask_on_1bits(s, c, None)
}

/// `sse.cvtsi2ss` and friends: operand 1 converted to the element type, inserted at 0.
fn int_to_fp_element(s: &mut Site<'_>, op: Opcode) -> Option<Value> {
    let (v, x) = (s.arg(0)?, s.arg(1)?);
    let rty = s.ret_ty();
    let ety = elem_ty(s, rty)?;
    let r = s.cast_to(op, x, ety);
    Some(s.insert_at(v, r, 0))
}

/// `sse2.cvtss2sd`: element 0 of operand 1 extended, inserted into operand 0.
fn cvtss2sd(s: &mut Site<'_>) -> Option<Value> {
    let (v, x) = (s.arg(0)?, s.arg(1)?);
    let rty = s.ret_ty();
    let ety = elem_ty(s, rty)?;
    let e = s.extract_at(x, 0);
    let r = s.cast_to(Opcode::FPExt, e, ety);
    Some(s.insert_at(v, r, 0))
}

/// The conversions of integer vectors (and `float` vectors) to floating point that become
/// `sitofp`/`uitofp` (or `fpext`).
fn is_vector_to_fp(name: &str) -> bool {
    let prefixes = [
        "avx512.mask.cvtdq2pd.",
        "avx512.mask.cvtudq2pd.",
        "avx512.mask.cvtdq2ps.",
        "avx512.mask.cvtudq2ps.",
        "avx512.mask.cvtqq2pd.",
        "avx512.mask.cvtuqq2pd.",
    ];
    matches!(
        name,
        "sse2.cvtdq2pd"
            | "sse2.cvtdq2ps"
            | "avx.cvtdq2.pd.256"
            | "avx.cvtdq2.ps.256"
            | "avx512.mask.cvtqq2ps.256"
            | "avx512.mask.cvtqq2ps.512"
            | "avx512.mask.cvtuqq2ps.256"
            | "avx512.mask.cvtuqq2ps.512"
            | "sse2.cvtps2pd"
            | "avx.cvt.ps2.pd.256"
            | "avx512.mask.cvtps2pd.128"
            | "avx512.mask.cvtps2pd.256"
    ) || prefixes.iter().any(|p| name.starts_with(p))
}

/// The vector conversions to floating point: the low two elements when the result is shorter,
/// then `fpext` (named `cvtps2pd`) from `float`, `avx512.{s,u}itofp.round` with a rounding
/// operand other than 4, else `sitofp`/`uitofp` (named `cvt`); a select when masked.
fn vector_to_fp(s: &mut Site<'_>, unsigned: bool) -> Option<Value> {
    let dst = s.ret_ty();
    let v = s.arg(0)?;
    let src = s.value_ty(v);
    let (nd, ns) = (fixed_len(s, dst)?, fixed_len(s, src)?);
    let mut r = v;
    if nd < ns {
        if nd != 2 {
            return None;
        }
        r = s.shuffle(r, r, &[0, 1]);
    }
    let src_elem = s.scalar_ty(src);
    let ps2pd = matches!(s.m.ctx.type_of(src_elem), Type::Float(FloatKind::Float));
    let rounding = if s.num_args() == 4 {
        let rm = s.arg(3)?;
        (s.const_u64(rm) != Some(4)).then_some(rm)
    } else {
        None
    };
    r = if ps2pd {
        let e = s.cast_to(Opcode::FPExt, r, dst);
        s.name(e, "cvtps2pd")
    } else if let Some(rm) = rounding {
        let base = if unsigned { "llvm.x86.avx512.uitofp.round" } else { "llvm.x86.avx512.sitofp.round" };
        s.create_intrinsic(base, &[dst, src], &[r, rm])?
    } else {
        let op = if unsigned { Opcode::UIToFP } else { Opcode::SIToFP };
        let c = s.cast_to(op, r, dst);
        s.name(c, "cvt")
    };
    if s.num_args() >= 3 {
        let (pass, mask) = (s.arg(1)?, s.arg(2)?);
        r = h::select(s, mask, r, pass)?;
    }
    Some(r)
}

/// `vcvtph2ps.*`, `avx512.mask.vcvtph2ps.*`: the (low four) `i16`s as `half`s, extended
/// (named `cvtph2ps`); a select when masked.
fn vcvtph2ps(s: &mut Site<'_>) -> Option<Value> {
    let dst = s.ret_ty();
    let v = s.arg(0)?;
    let src = s.value_ty(v);
    let (nd, ns) = (fixed_len(s, dst)?, fixed_len(s, src)?);
    let mut r = v;
    if nd != ns {
        if nd != 4 {
            return None;
        }
        r = s.shuffle(r, r, &[0, 1, 2, 3]);
    }
    let half = s.float_ty(FloatKind::Half);
    let hty = s.vec_ty(half, nd);
    r = s.bitcast(r, hty);
    let e = s.cast_to(Opcode::FPExt, r, dst);
    r = s.name(e, "cvtph2ps");
    if s.num_args() >= 3 {
        let (pass, mask) = (s.arg(1)?, s.arg(2)?);
        r = h::select(s, mask, r, pass)?;
    }
    Some(r)
}

/// `avx512.mask.load.*` (aligned) and `avx512.mask.loadu.*`.
fn mask_load(s: &mut Site<'_>, aligned: bool) -> Option<Value> {
    let (ptr, pass, mask) = (s.arg(0)?, s.arg(1)?, s.arg(2)?);
    h::masked_load(s, ptr, pass, mask, aligned)
}

/// `avx512.mask.expand.load.*`: `llvm.masked.expandload`.
fn expand_load(s: &mut Site<'_>) -> Option<Value> {
    let (ptr, pass, mask) = (s.arg(0)?, s.arg(1)?, s.arg(2)?);
    let ty = s.ret_ty();
    let n = fixed_len(s, ty)?;
    let m = h::mask_vec(s, mask, n)?;
    s.create_intrinsic("llvm.masked.expandload", &[ty], &[ptr, m, pass])
}

/// `avx512.mask.compress.store.*`: `llvm.masked.compressstore`.
fn compress_store(s: &mut Site<'_>) -> Option<()> {
    let (ptr, v, mask) = (s.arg(0)?, s.arg(1)?, s.arg(2)?);
    let ty = s.value_ty(v);
    let n = fixed_len(s, ty)?;
    let m = h::mask_vec(s, mask, n)?;
    s.create_intrinsic("llvm.masked.compressstore", &[ty], &[v, ptr, m])?;
    Some(())
}

/// `avx512.mask.compress.*`/`expand.*`: `avx512.mask.compress`/`expand` with the mask as a
/// vector.
fn compress_expand(s: &mut Site<'_>, compress: bool) -> Option<Value> {
    let (v, pass, mask) = (s.arg(0)?, s.arg(1)?, s.arg(2)?);
    let ty = s.ret_ty();
    let n = fixed_len(s, ty)?;
    let m = h::mask_vec(s, mask, n)?;
    let base = if compress { "llvm.x86.avx512.mask.compress" } else { "llvm.x86.avx512.mask.expand" };
    s.create_intrinsic(base, &[ty], &[v, pass, m])
}

/// `xop.vpcom*`: signedness from the suffix, the predicate from the immediate (three operands)
/// or the name.
fn xop_vpcom(s: &mut Site<'_>, name: &str) -> Option<Value> {
    let ends = |p: &str| name.ends_with(p);
    let signed = if ends("ub") || ends("uw") || ends("ud") || ends("uq") {
        false
    } else if ends("b") || ends("w") || ends("d") || ends("q") {
        true
    } else {
        return None;
    };
    let cc = if s.num_args() == 3 {
        imm(s, 2)?
    } else {
        let rest = name.get("xop.vpcom".len()..)?;
        let conds = [("lt", 0), ("le", 1), ("gt", 2), ("ge", 3), ("eq", 4), ("ne", 5), ("false", 6), ("true", 7)];
        conds.iter().find(|(p, _)| rest.starts_with(p)).map(|&(_, c)| c)?
    };
    h::vpcom(s, u64::from(cc), signed)
}

/// `xop.vpcmov*`: `(a & sel) | (b & ~sel)`.
fn xop_vpcmov(s: &mut Site<'_>) -> Option<Value> {
    let (a, b, sel) = (s.arg(0)?, s.arg(1)?, s.arg(2)?);
    let not_sel = s.not(sel);
    let sel0 = s.binop(Opcode::And, a, sel);
    let sel1 = s.binop(Opcode::And, b, not_sel);
    Some(s.binop(Opcode::Or, sel0, sel1))
}

/// `sse42.crc32.64.8`: `sse42.crc32.32.8` on the truncated accumulator, zero-extended.
fn crc32_64_8(s: &mut Site<'_>) -> Option<Value> {
    let (acc, v) = (s.arg(0)?, s.arg(1)?);
    let i32t = s.int_ty(32);
    let t = s.cast_to(Opcode::Trunc, acc, i32t);
    let r = s.create_intrinsic("llvm.x86.sse42.crc32.32.8", &[], &[t, v])?;
    let ty = s.ret_ty();
    Some(s.cast_to(Opcode::ZExt, r, ty))
}

/// `avx.vbroadcast.s*`, `avx512.vbroadcast.s*`: one load of the element, inserted at each
/// place (`i32` indices).
fn broadcast_load_scalar(s: &mut Site<'_>) -> Option<Value> {
    let ptr = s.arg(0)?;
    let ty = s.ret_ty();
    let n = fixed_len(s, ty)?;
    let ety = elem_ty(s, ty)?;
    let load = s.load(ety, ptr, 0);
    let mut r = s.poison(ty);
    for i in 0..n {
        let idx = s.int(32, i64::from(i));
        r = s.insert_element(r, load, idx);
    }
    Some(r)
}

/// `sse41.pmov{s,z}x*`, `avx2.*`, `avx512.mask.*`: the low elements extended; a select when
/// masked.
fn pmov_extend(s: &mut Site<'_>, signed: bool) -> Option<Value> {
    let v = s.arg(0)?;
    let ty = s.ret_ty();
    let n = fixed_len(s, ty)?;
    let idx: Vec<i32> = (0..n as i32).collect();
    let sv = s.shuffle1(v, &idx);
    let op = if signed { Opcode::SExt } else { Opcode::ZExt };
    let mut r = s.cast_to(op, sv, ty);
    if s.num_args() == 3 {
        let (pass, mask) = (s.arg(1)?, s.arg(2)?);
        r = h::select(s, mask, r, pass)?;
    }
    Some(r)
}

/// `avx512.mask.pmov.qd.256`/`.512`, `pmov.wb.256`/`.512`: a `trunc`, then a select.
fn pmov_truncate(s: &mut Site<'_>) -> Option<Value> {
    let (v, pass, mask) = (s.arg(0)?, s.arg(1)?, s.arg(2)?);
    let ty = s.value_ty(pass);
    let r = s.cast_to(Opcode::Trunc, v, ty);
    h::select(s, mask, r, pass)
}

/// `avx.vbroadcastf128.*`, `avx2.vbroadcasti128`: a 128-bit load (align 1), repeated.
fn broadcast_load_128(s: &mut Site<'_>) -> Option<Value> {
    let ptr = s.arg(0)?;
    let ty = s.ret_ty();
    let ety = elem_ty(s, ty)?;
    let bits = s.prim_bits(ety);
    if bits == 0 {
        return None;
    }
    let n = 128 / bits;
    let vt = s.vec_ty(ety, n);
    let load = s.load(vt, ptr, 1);
    let mask: &[i32] = if n == 2 { &[0, 1, 0, 1] } else { &[0, 1, 2, 3, 0, 1, 2, 3] };
    Some(s.shuffle1(load, mask))
}

/// `avx512.mask.shuf.i*`/`shuf.f*`: 128-bit lanes picked by the immediate, the low half from
/// operand 0 and the high half from operand 1; then a select.
fn shuffle_lanes(s: &mut Site<'_>) -> Option<Value> {
    let (a, b) = (s.arg(0)?, s.arg(1)?);
    let imm = imm(s, 2)?;
    let (pass, mask) = (s.arg(3)?, s.arg(4)?);
    let ty = s.ret_ty();
    let lanes = s.prim_bits(ty) / 128;
    let elt = s.scalar_bits(ty);
    if lanes == 0 || elt == 0 {
        return None;
    }
    let per_lane = 128 / elt;
    let control_mask = lanes - 1;
    let control_bits = lanes / 2;
    let mut idx = Vec::new();
    for l in 0..lanes {
        let mut lane = imm.checked_shr(l * control_bits).unwrap_or(0) & control_mask;
        if l >= lanes / 2 {
            lane += lanes;
        }
        for i in 0..per_lane {
            idx.push((lane * per_lane + i) as i32);
        }
    }
    let r = s.shuffle(a, b, &idx);
    h::select(s, mask, r, pass)
}

/// `avx512.mask.broadcastf*`/`broadcasti*`: the subvector repeated, then a select.
fn broadcast_subvector(s: &mut Site<'_>) -> Option<Value> {
    let (v, pass, mask) = (s.arg(0)?, s.arg(1)?, s.arg(2)?);
    let vty = s.value_ty(v);
    let ns = fixed_len(s, vty)?;
    let ty = s.ret_ty();
    let nd = fixed_len(s, ty)?;
    if ns == 0 {
        return None;
    }
    let idx: Vec<i32> = (0..nd).map(|i| (i % ns) as i32).collect();
    let r = s.shuffle(v, v, &idx);
    h::select(s, mask, r, pass)
}

/// `avx2.pbroadcast*`, `avx2.vbroadcast*`, `avx512.pbroadcast*`, `avx512.mask.broadcast.s*`:
/// element 0 splatted by a shuffle; a select when masked.
fn broadcast_element(s: &mut Site<'_>) -> Option<Value> {
    let v = s.arg(0)?;
    let ty = s.ret_ty();
    let n = fixed_len(s, ty)?;
    let zeros = vec![0; n as usize];
    let mut r = s.shuffle1(v, &zeros);
    if s.num_args() == 3 {
        let (pass, mask) = (s.arg(1)?, s.arg(2)?);
        r = h::select(s, mask, r, pass)?;
    }
    Some(r)
}

/// `avx512.mask.palignr.*` and `avx512.mask.valign.*`.
fn align(s: &mut Site<'_>, is_valign: bool) -> Option<Value> {
    let (a, b, shift, pass, mask) = (s.arg(0)?, s.arg(1)?, s.arg(2)?, s.arg(3)?, s.arg(4)?);
    h::align(s, a, b, shift, pass, mask, is_valign)
}

/// The byte shifts: the constant shift (in bits when `unit` is 8, else in bytes).
fn byte_shift(s: &mut Site<'_>, left: bool, unit: u32) -> Option<Value> {
    let v = s.arg(0)?;
    let shift = u64::from(imm(s, 1)? / unit);
    if left {
        h::pslldq(s, v, shift)
    } else {
        h::psrldq(s, v, shift)
    }
}

/// `sse41.pblendw`, `sse41.blendp*`, `avx.blend.p*`, `avx2.pblendw`, `avx2.pblendd.*`: a
/// shuffle taking element `i` from operand 1 where bit `i % 8` of the immediate is set.
fn blend(s: &mut Site<'_>) -> Option<Value> {
    let (a, b) = (s.arg(0)?, s.arg(1)?);
    let imm = imm(s, 2)?;
    let ty = s.ret_ty();
    let n = fixed_len(s, ty)?;
    let idx: Vec<i32> = (0..n).map(|i| if (imm >> (i % 8)) & 1 != 0 { i + n } else { i } as i32).collect();
    Some(s.shuffle(a, b, &idx))
}

/// `avx.vinsertf128.*`, `avx2.vinserti128`, `avx512.mask.insert*`: operand 1 widened, then
/// shuffled into operand 0 at the immediate's place (modulo the count of places); a select
/// when masked.
fn insert_subvector(s: &mut Site<'_>) -> Option<Value> {
    let (a, b) = (s.arg(0)?, s.arg(1)?);
    let mut imm = imm(s, 2)?;
    let ty = s.ret_ty();
    let nd = fixed_len(s, ty)?;
    let bty = s.value_ty(b);
    let ns = fixed_len(s, bty)?;
    if ns == 0 || ns > nd {
        return None;
    }
    let scale = nd / ns;
    imm %= scale;
    let widen: Vec<i32> = (0..nd).map(|i| i.min(ns) as i32).collect();
    let wide = s.shuffle1(b, &widen);
    let mut idx: Vec<i32> = (0..nd as i32).collect();
    for i in 0..ns {
        let k = (i + imm * ns) as usize;
        if let Some(x) = idx.get_mut(k) {
            *x = (i + nd) as i32;
        }
    }
    let mut r = s.shuffle(a, wide, &idx);
    if s.num_args() == 5 {
        let (pass, mask) = (s.arg(3)?, s.arg(4)?);
        r = h::select(s, mask, r, pass)?;
    }
    Some(r)
}

/// `avx.vextractf128.*`, `avx2.vextracti128`, `avx512.mask.vextract*`: the subvector at the
/// immediate's place (modulo the count of places); a select when masked.
fn extract_subvector(s: &mut Site<'_>) -> Option<Value> {
    let a = s.arg(0)?;
    let mut imm = imm(s, 1)?;
    let ty = s.ret_ty();
    let nd = fixed_len(s, ty)?;
    let aty = s.value_ty(a);
    let ns = fixed_len(s, aty)?;
    if nd == 0 || nd > ns {
        return None;
    }
    let scale = ns / nd;
    imm %= scale;
    let idx: Vec<i32> = (0..nd).map(|i| (i + imm * nd) as i32).collect();
    let mut r = s.shuffle(a, a, &idx);
    if s.num_args() == 4 {
        let (pass, mask) = (s.arg(2)?, s.arg(3)?);
        r = h::select(s, mask, r, pass)?;
    }
    Some(r)
}

/// `avx512.mask.perm.df.*`/`perm.di.*`: each group of four 64-bit elements permuted by the
/// immediate's four 2-bit fields; a select when masked.
fn perm_64(s: &mut Site<'_>) -> Option<Value> {
    let a = s.arg(0)?;
    let imm = imm(s, 1)?;
    let ty = s.ret_ty();
    let n = fixed_len(s, ty)?;
    let idx: Vec<i32> = (0..n).map(|i| ((i & !3) + ((imm >> (2 * (i & 3))) & 3)) as i32).collect();
    let mut r = s.shuffle(a, a, &idx);
    if s.num_args() == 4 {
        let (pass, mask) = (s.arg(2)?, s.arg(3)?);
        r = h::select(s, mask, r, pass)?;
    }
    Some(r)
}

/// `avx.vperm2f128.*`, `avx2.vperm2i128`: each half of the result one of the four halves of the
/// operands, or zero, by the immediate's byte.
fn vperm2_128(s: &mut Site<'_>) -> Option<Value> {
    let (a, b) = (s.arg(0)?, s.arg(1)?);
    let imm = imm(s, 2)? as u8;
    let ty = s.ret_ty();
    let n = fixed_len(s, ty)?;
    let half = n / 2;
    let mut v0 = if imm & 0x02 != 0 { b } else { a };
    let mut v1 = if imm & 0x20 != 0 { b } else { a };
    if imm & 0x08 != 0 {
        v0 = s.null(ty);
    }
    if imm & 0x80 != 0 {
        v1 = s.null(ty);
    }
    let lo = if imm & 0x01 != 0 { half } else { 0 };
    let hi = if imm & 0x10 != 0 { half } else { 0 };
    let idx: Vec<i32> = (0..half).map(|i| (lo + i) as i32).chain((0..half).map(|i| (n + hi + i) as i32)).collect();
    Some(s.shuffle(v0, v1, &idx))
}

/// `avx.vpermil.*`, `sse2.pshuf.d`, `avx512.mask.vpermil.p*`, `avx512.mask.pshuf.d.*`: each
/// element picked within its group of two (64-bit elements) or four (32-bit) by the
/// immediate's fields, which repeat every 8 bits; a select when masked.
fn vpermil(s: &mut Site<'_>) -> Option<Value> {
    let a = s.arg(0)?;
    let imm = imm(s, 1)?;
    let ty = s.ret_ty();
    let n = fixed_len(s, ty)?;
    let elt = s.scalar_bits(ty);
    if elt == 0 || elt > 64 {
        return None;
    }
    let size = 64 / elt;
    let field = 1u32.checked_shl(size).map_or(u32::MAX, |x| x - 1);
    let idx: Vec<i32> = (0..n)
        .map(|i| {
            let sh = i.wrapping_mul(size) % 8;
            (((imm >> sh) & field) | (i & !field)) as i32
        })
        .collect();
    let mut r = s.shuffle(a, a, &idx);
    if s.num_args() == 4 {
        let (pass, mask) = (s.arg(2)?, s.arg(3)?);
        r = h::select(s, mask, r, pass)?;
    }
    Some(r)
}
