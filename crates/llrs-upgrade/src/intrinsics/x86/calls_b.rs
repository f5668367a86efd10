//! `upgradeX86IntrinsicCall`, part two: its arms from `sse2.pshufl.w` to the end,
//! `upgradeAVX512MaskToSelect` last (LLVM's order).
//!
//! Each arm tests the name (after `llvm.x86.`) as LLVM tests it (`starts_with`, `==`, and the
//! character tests at fixed offsets, a missing character reading as `\0`). An operand that is
//! not what the intrinsic takes (a non-constant immediate, a non-vector result, an unknown
//! width: LLVM would assert or report a fatal error) leaves the call as it is
//! ([`Outcome::Failed`]). A name none of the arms takes is [`Outcome::Unmatched`] (LLVM's final
//! `"Unexpected intrinsic"` error).

use super::helpers;
use super::Outcome;
use crate::intrinsics::Site;
use llrs_ir::{Opcode, Type, TypeId, Value};

/// The byte of `name` at `i`, or 0 past its end (LLVM indexes the name unchecked; the names
/// that reach an arm are long enough, others must not panic here).
fn at(name: &str, i: usize) -> u8 {
    name.as_bytes().get(i).copied().unwrap_or(0)
}

/// The number of elements of a fixed vector type (`cast<FixedVectorType>`).
fn fixed_len(s: &Site<'_>, ty: TypeId) -> Option<u32> {
    match *s.m.ctx.type_of(ty) {
        Type::Vector { scalable: false, len, .. } => Some(len),
        _ => None,
    }
}

/// An immediate operand (`cast<ConstantInt>(...)->getZExtValue()`).
fn imm(s: &Site<'_>, i: usize) -> Option<u64> {
    s.arg_u64(i)
}

/// The arms of this part, tried in order on the call of `llvm.x86.NAME`.
pub(super) fn upgrade(s: &mut Site<'_>, name: &str) -> Outcome {
    let sw = |p: &str| name.starts_with(p);
    if name == "sse2.pshufl.w" || sw("avx512.mask.pshufl.w.") {
        return Outcome::of(pshuf_half(s, false));
    }
    if name == "sse2.pshufh.w" || sw("avx512.mask.pshufh.w.") {
        return Outcome::of(pshuf_half(s, true));
    }
    if sw("avx512.mask.shuf.p") {
        return Outcome::of(shuf_p(s));
    }
    if sw("avx512.mask.movddup") || sw("avx512.mask.movshdup") || sw("avx512.mask.movsldup") {
        return Outcome::of(mov_dup(s, sw("avx512.mask.movshdup.")));
    }
    if sw("avx512.mask.punpckl") || sw("avx512.mask.unpckl.") {
        return Outcome::of(unpack(s, false));
    }
    if sw("avx512.mask.punpckh") || sw("avx512.mask.unpckh.") {
        return Outcome::of(unpack(s, true));
    }
    if sw("avx512.mask.and.") || sw("avx512.mask.pand.") {
        return Outcome::of(logic(s, Opcode::And, false));
    }
    if sw("avx512.mask.andn.") || sw("avx512.mask.pandn.") {
        return Outcome::of(logic(s, Opcode::And, true));
    }
    if sw("avx512.mask.or.") || sw("avx512.mask.por.") {
        return Outcome::of(logic(s, Opcode::Or, false));
    }
    if sw("avx512.mask.xor.") || sw("avx512.mask.pxor.") {
        return Outcome::of(logic(s, Opcode::Xor, false));
    }
    if sw("avx512.mask.padd.") {
        return Outcome::of(int_arith(s, Opcode::Add));
    }
    if sw("avx512.mask.psub.") {
        return Outcome::of(int_arith(s, Opcode::Sub));
    }
    if sw("avx512.mask.pmull.") {
        return Outcome::of(int_arith(s, Opcode::Mul));
    }
    for (prefix, op, base) in [
        ("avx512.mask.add.p", Opcode::FAdd, "add"),
        ("avx512.mask.div.p", Opcode::FDiv, "div"),
        ("avx512.mask.mul.p", Opcode::FMul, "mul"),
        ("avx512.mask.sub.p", Opcode::FSub, "sub"),
    ] {
        if sw(prefix) {
            return Outcome::of(fp_arith(s, name, op, base));
        }
    }
    if (sw("avx512.mask.max.p") || sw("avx512.mask.min.p")) && name.get(18..) == Some(".512") {
        return Outcome::of(min_max_512(s, name));
    }
    if sw("avx512.mask.lzcnt.") {
        return Outcome::of(lzcnt(s));
    }
    for op in ["sll", "srl", "sra"] {
        if name.strip_prefix("avx512.mask.p").is_some_and(|r| r.starts_with(op)) {
            let Some(iid) = shift_intrinsic(name, op) else { return Outcome::Failed };
            return Outcome::of(helpers::masked_shift(s, &format!("llvm.x86.{iid}")));
        }
    }
    if sw("avx512.mask.move.s") {
        return Outcome::of(helpers::masked_move(s));
    }
    if sw("avx512.cvtmask2") {
        return Outcome::of(helpers::mask_to_int(s));
    }
    if name.ends_with(".movntdqa") {
        return Outcome::of(movntdqa(s));
    }
    if sw("fma.vfmadd.") || sw("fma.vfmsub.") || sw("fma.vfnmadd.") || sw("fma.vfnmsub.") {
        return Outcome::of(fma(s, name));
    }
    if sw("fma4.vfmadd.s") {
        return Outcome::of(fma4_scalar(s));
    }
    if sw("avx512.mask.vfmadd.s")
        || sw("avx512.maskz.vfmadd.s")
        || sw("avx512.mask3.vfmadd.s")
        || sw("avx512.mask3.vfmsub.s")
        || sw("avx512.mask3.vfnmsub.s")
    {
        return Outcome::of(masked_fma_scalar(s, name));
    }
    if sw("avx512.mask.vfmadd.p")
        || sw("avx512.mask.vfnmadd.p")
        || sw("avx512.mask.vfnmsub.p")
        || sw("avx512.mask3.vfmadd.p")
        || sw("avx512.mask3.vfmsub.p")
        || sw("avx512.mask3.vfnmsub.p")
        || sw("avx512.maskz.vfmadd.p")
    {
        return Outcome::of(masked_fma_packed(s, name));
    }
    if sw("fma.vfmsubadd.p") {
        return Outcome::of(fma_subadd(s));
    }
    if sw("avx512.mask.vfmaddsub.p")
        || sw("avx512.mask3.vfmaddsub.p")
        || sw("avx512.maskz.vfmaddsub.p")
        || sw("avx512.mask3.vfmsubadd.p")
    {
        return Outcome::of(masked_fma_addsub(s, name));
    }
    if sw("avx512.mask.pternlog.") || sw("avx512.maskz.pternlog.") {
        return Outcome::of(pternlog(s, at(name, 11) == b'z'));
    }
    if sw("avx512.mask.vpmadd52") || sw("avx512.maskz.vpmadd52") {
        let high = at(name, 20) == b'h' || at(name, 21) == b'h';
        return Outcome::of(vpmadd52(s, at(name, 11) == b'z', high));
    }
    if sw("avx512.mask.vpermi2var.") || sw("avx512.mask.vpermt2var.") || sw("avx512.maskz.vpermt2var.") {
        return Outcome::of(helpers::vpermt2(s, at(name, 11) == b'z', at(name, 17) == b'i'));
    }
    if sw("avx512.mask.vpdpbusd.")
        || sw("avx512.maskz.vpdpbusd.")
        || sw("avx512.mask.vpdpbusds.")
        || sw("avx512.maskz.vpdpbusds.")
    {
        return Outcome::of(dot_product(s, name, "vpdpbusd", 8));
    }
    if sw("avx512.mask.vpdpwssd.")
        || sw("avx512.maskz.vpdpwssd.")
        || sw("avx512.mask.vpdpwssds.")
        || sw("avx512.maskz.vpdpwssds.")
    {
        return Outcome::of(dot_product(s, name, "vpdpwssd", 16));
    }
    if matches!(
        name,
        "addcarryx.u32" | "addcarryx.u64" | "addcarry.u32" | "addcarry.u64" | "subborrow.u32" | "subborrow.u64"
    ) {
        return Outcome::of(add_carry(s, name));
    }
    if let Some(rest) = name.strip_prefix("avx512.mask.") {
        if let Some(v) = helpers::mask_to_select(s, rest) {
            return Outcome::Replaced(v);
        }
    }
    Outcome::Unmatched
}

/// `sse2.pshufl.w`/`pshufh.w` and their masked forms: the low (or high) four words of each
/// 128-bit lane permuted by the immediate, the other four kept; a select when masked.
fn pshuf_half(s: &mut Site<'_>, high: bool) -> Option<Value> {
    let op0 = s.arg(0)?;
    let imm = imm(s, 1)? as u32;
    let ty = s.ret_ty();
    let n = fixed_len(s, ty)?;
    // LLVM rejects the unmasked forms ("Intrinsic has invalid signature"); the masked ones
    // would index past the mask.
    if n % 8 != 0 {
        return None;
    }
    let mut idx = vec![0i32; n as usize];
    for l in (0..n).step_by(8) {
        for i in 0..8u32 {
            let perm = ((imm >> (2 * (i & 3))) & 3) as i32;
            let v = match (high, i < 4) {
                (false, true) => perm + l as i32,
                (true, false) => perm + 4 + l as i32,
                _ => (i + l) as i32,
            };
            idx[(i + l) as usize] = v;
        }
    }
    let r = s.shuffle(op0, op0, &idx);
    if s.num_args() == 4 {
        let (mask, src) = (s.arg(3)?, s.arg(2)?);
        return helpers::select(s, mask, r, src);
    }
    Some(r)
}

/// The element count of the result and the elements in each 128-bit lane.
fn lanes(s: &Site<'_>) -> Option<(u32, u32)> {
    let ty = s.ret_ty();
    let n = fixed_len(s, ty)?;
    let bits = s.scalar_bits(ty);
    if bits == 0 || bits > 128 {
        return None;
    }
    let lane = 128 / bits;
    if lane == 0 || n % lane != 0 {
        return None;
    }
    Some((n, lane))
}

/// `avx512.mask.shuf.p*`: `shufps`/`shufpd` on each lane (low half from operand 0, high half
/// from operand 1, elements chosen by the immediate), then a select.
fn shuf_p(s: &mut Site<'_>) -> Option<Value> {
    let (op0, op1) = (s.arg(0)?, s.arg(1)?);
    let imm = imm(s, 2)? as u32;
    let (n, lane) = lanes(s)?;
    let half = lane / 2;
    if half == 0 || half >= 32 {
        return None;
    }
    let idx: Vec<i32> = (0..n)
        .map(|i| {
            let mut x = i - i % lane;
            if i % lane >= half {
                x += n;
            }
            x += (imm >> ((i * half) % 8)) & ((1u32 << half) - 1);
            x as i32
        })
        .collect();
    let r = s.shuffle(op0, op1, &idx);
    let (mask, src) = (s.arg(4)?, s.arg(3)?);
    helpers::select(s, mask, r, src)
}

/// `avx512.mask.movddup`/`movshdup`/`movsldup`: each even (odd for `movshdup`) element
/// duplicated into the pair, then a select.
fn mov_dup(s: &mut Site<'_>, odd: bool) -> Option<Value> {
    let op0 = s.arg(0)?;
    let (n, lane) = lanes(s)?;
    let off = u32::from(odd);
    let mut idx = vec![0i32; n as usize];
    for l in (0..n).step_by(lane as usize) {
        for i in (0..lane).step_by(2) {
            let v = (i + l + off) as i32;
            idx[(i + l) as usize] = v;
            if let Some(x) = idx.get_mut((i + l + 1) as usize) {
                *x = v;
            }
        }
    }
    let r = s.shuffle(op0, op0, &idx);
    let (mask, src) = (s.arg(2)?, s.arg(1)?);
    helpers::select(s, mask, r, src)
}

/// `avx512.mask.punpckl*`/`unpckl.*` (and the high forms): the low (high) halves of each lane
/// of the two operands interleaved, then a select.
fn unpack(s: &mut Site<'_>, high: bool) -> Option<Value> {
    let (op0, op1) = (s.arg(0)?, s.arg(1)?);
    let (n, lane) = lanes(s)?;
    let base = if high { lane / 2 } else { 0 };
    let mut idx = vec![0i32; n as usize];
    for l in (0..n).step_by(lane as usize) {
        for i in 0..lane {
            idx[(i + l) as usize] = (base + l + i / 2 + n * (i % 2)) as i32;
        }
    }
    let r = s.shuffle(op0, op1, &idx);
    let (mask, src) = (s.arg(3)?, s.arg(2)?);
    helpers::select(s, mask, r, src)
}

/// `avx512.mask.and`/`andn`/`or`/`xor` (and the `p` forms): the operation on the operands as
/// integers (operand 0 inverted for `andn`), back to the result type, then a select.
fn logic(s: &mut Site<'_>, op: Opcode, invert: bool) -> Option<Value> {
    let fty = s.ret_ty();
    fixed_len(s, fty)?;
    let ity = s.int_vec_ty(fty);
    let (a0, a1) = (s.arg(0)?, s.arg(1)?);
    let mut l = s.bitcast(a0, ity);
    if invert {
        l = s.not(l);
    }
    let r = s.bitcast(a1, ity);
    let v = s.binop(op, l, r);
    let v = s.bitcast(v, fty);
    let (mask, src) = (s.arg(3)?, s.arg(2)?);
    helpers::select(s, mask, v, src)
}

/// `avx512.mask.padd`/`psub`/`pmull`: the integer operation, then a select.
fn int_arith(s: &mut Site<'_>, op: Opcode) -> Option<Value> {
    let (a0, a1) = (s.arg(0)?, s.arg(1)?);
    let v = s.binop(op, a0, a1);
    let (mask, src) = (s.arg(3)?, s.arg(2)?);
    helpers::select(s, mask, v, src)
}

/// `avx512.mask.add`/`div`/`mul`/`sub.p*`: the 512-bit forms keep their rounding operand in
/// `avx512.OP.p*.512`, the others become the plain FP operation; then a select.
fn fp_arith(s: &mut Site<'_>, name: &str, op: Opcode, base: &str) -> Option<Value> {
    let (a0, a1) = (s.arg(0)?, s.arg(1)?);
    let v = if name.ends_with(".512") {
        let k = if at(name, 17) == b's' { "ps" } else { "pd" };
        let rounding = s.arg(4)?;
        s.create_intrinsic(&format!("llvm.x86.avx512.{base}.{k}.512"), &[], &[a0, a1, rounding])?
    } else {
        s.fbinop(op, a0, a1)
    };
    let (mask, src) = (s.arg(3)?, s.arg(2)?);
    helpers::select(s, mask, v, src)
}

/// `avx512.mask.max`/`min.p*.512`: `avx512.max`/`min.p*.512` with the rounding operand, then a
/// select.
fn min_max_512(s: &mut Site<'_>, name: &str) -> Option<Value> {
    let k = if at(name, 17) == b'd' { "pd" } else { "ps" };
    let op = if at(name, 13) == b'i' { "min" } else { "max" };
    let (a0, a1, rounding) = (s.arg(0)?, s.arg(1)?, s.arg(4)?);
    let v = s.create_intrinsic(&format!("llvm.x86.avx512.{op}.{k}.512"), &[], &[a0, a1, rounding])?;
    let (mask, src) = (s.arg(3)?, s.arg(2)?);
    helpers::select(s, mask, v, src)
}

/// `avx512.mask.lzcnt.*`: `llvm.ctlz` (zero not poison), then a select.
fn lzcnt(s: &mut Site<'_>) -> Option<Value> {
    let ty = s.ret_ty();
    let a0 = s.arg(0)?;
    let f = s.false_();
    let v = s.create_intrinsic("llvm.ctlz", &[ty], &[a0, f])?;
    let (mask, src) = (s.arg(2)?, s.arg(1)?);
    helpers::select(s, mask, v, src)
}

/// The unmasked intrinsic (after `llvm.x86.`) of `avx512.mask.pOP*` (`op` is `sll`, `srl` or
/// `sra`): immediate, variable or by-vector shift of the width the name tells.
fn shift_intrinsic(name: &str, op: &str) -> Option<String> {
    let (c16, c17, c18) = (at(name, 16), at(name, 17), at(name, 18));
    let is_imm = c16 == b'i' || (name.len() > 18 && c18 == b'i');
    let is_var = c16 == b'v';
    let size = if c16 == b'.' {
        c17
    } else if c17 == b'.' {
        c18
    } else if c18 == b'.' {
        at(name, 19)
    } else {
        at(name, 20)
    };
    let arith = op == "sra";
    if is_var && c17 != b'.' {
        return Some(match (size, c17) {
            (b'd', b'2') if !arith => format!("avx2.p{op}v.q"),
            (b'd', b'4') if !arith => format!("avx2.p{op}v.q.256"),
            (b's', b'4') => format!("avx2.p{op}v.d"),
            (b's', b'8') => format!("avx2.p{op}v.d.256"),
            (b'h', b'8') => format!("avx512.p{op}v.w.128"),
            (b'h', b'1') => format!("avx512.p{op}v.w.256"),
            _ if c17 == b'3' && c18 == b'2' => format!("avx512.p{op}v.w.512"),
            _ => return None,
        });
    }
    let i = if is_imm { "i" } else { "" };
    let iv = if is_imm {
        "i"
    } else if is_var {
        "v"
    } else {
        ""
    };
    if name.ends_with(".128") {
        return Some(match size {
            b'q' if arith => format!("avx512.p{op}{iv}.q.128"),
            b'd' | b'q' | b'w' => format!("sse2.p{op}{i}.{}", size as char),
            _ => return None,
        });
    }
    if name.ends_with(".256") {
        return Some(match size {
            b'q' if arith => format!("avx512.p{op}{iv}.q.256"),
            b'd' | b'q' | b'w' => format!("avx2.p{op}{i}.{}", size as char),
            _ => return None,
        });
    }
    Some(match size {
        b'd' | b'q' => format!("avx512.p{op}{iv}.{}.512", size as char),
        b'w' => format!("avx512.p{op}{i}.w.512"),
        _ => return None,
    })
}

/// `*.movntdqa`: a load aligned to the vector's size, `!nontemporal`.
fn movntdqa(s: &mut Site<'_>) -> Option<Value> {
    let ty = s.ret_ty();
    let ptr = s.arg(0)?;
    let align = u64::from(s.prim_bits(ty) / 8);
    if align == 0 {
        return None;
    }
    let v = s.load(ty, ptr, align);
    s.nontemporal(v);
    Some(v)
}

/// `fma.vfmadd`/`vfmsub`/`vfnmadd`/`vfnmsub.*`: `llvm.fma` with the negations (of the product
/// through operand 0, or 1 for the scalar forms, and of the addend); the scalar forms work on
/// element 0 and put the result back into operand 0.
fn fma(s: &mut Site<'_>, name: &str) -> Option<Value> {
    let neg_mul = at(name, 6) == b'n';
    let neg_acc = if neg_mul { at(name, 8) == b's' } else { at(name, 7) == b's' };
    let scalar = if neg_mul { at(name, 12) == b's' } else { at(name, 11) == b's' };
    let mut ops = [s.arg(0)?, s.arg(1)?, s.arg(2)?];
    if scalar {
        for o in &mut ops {
            *o = s.extract_at(*o, 0);
        }
    }
    if neg_mul && !scalar {
        ops[0] = s.fneg(ops[0]);
    }
    if neg_mul && scalar {
        ops[1] = s.fneg(ops[1]);
    }
    if neg_acc {
        ops[2] = s.fneg(ops[2]);
    }
    let ty = s.value_ty(ops[0]);
    let r = s.create_intrinsic("llvm.fma", &[ty], &ops)?;
    if scalar {
        let a0 = s.arg(0)?;
        return Some(s.insert_at(a0, r, 0));
    }
    Some(r)
}

/// `fma4.vfmadd.s*`: `llvm.fma` on element 0, into a zero vector.
fn fma4_scalar(s: &mut Site<'_>) -> Option<Value> {
    let mut ops = [s.arg(0)?, s.arg(1)?, s.arg(2)?];
    for o in &mut ops {
        *o = s.extract_at(*o, 0);
    }
    let ty = s.value_ty(ops[0]);
    let r = s.create_intrinsic("llvm.fma", &[ty], &ops)?;
    let rty = s.ret_ty();
    let z = s.null(rty);
    Some(s.insert_at(z, r, 0))
}

/// What follows `avx512.mask.`, `avx512.mask3.` or `avx512.maskz.`, and which of the three.
fn masked_fma_kind(name: &str) -> (bool, bool, &str) {
    let mask3 = at(name, 11) == b'3';
    let maskz = at(name, 11) == b'z';
    let skip = if mask3 || maskz { 13 } else { 12 };
    (mask3, maskz, name.get(skip..).unwrap_or(""))
}

/// Whether operand `i` is the constant 4 (`_MM_FROUND_CUR_DIRECTION`: no rounding operand).
fn is_cur_direction(s: &Site<'_>, i: usize) -> bool {
    s.arg(i).and_then(|v| s.const_u64(v)) == Some(4)
}

/// `avx512.mask`/`mask3`/`maskz.vf*.s*`: the scalar FMA on element 0 (negated operands first),
/// `avx512.vfmadd.f32`/`f64` when a rounding mode is given, a select on mask bit 0 (with zero,
/// the addend or operand 0), put back into operand 0 (operand 2 for `mask3`).
fn masked_fma_scalar(s: &mut Site<'_>, name: &str) -> Option<Value> {
    let (mask3, maskz, rest) = masked_fma_kind(name);
    let neg_mul = at(rest, 2) == b'n';
    let neg_acc = if neg_mul { at(rest, 4) == b's' } else { at(rest, 3) == b's' };
    let (mut a, mut b, mut c) = (s.arg(0)?, s.arg(1)?, s.arg(2)?);
    let (mask, rounding) = (s.arg(3)?, s.arg(4)?);
    if neg_mul && (mask3 || maskz) {
        a = s.fneg(a);
    }
    if neg_mul && !(mask3 || maskz) {
        b = s.fneg(b);
    }
    if neg_acc {
        c = s.fneg(c);
    }
    a = s.extract_at(a, 0);
    b = s.extract_at(b, 0);
    c = s.extract_at(c, 0);
    let r = if !is_cur_direction(s, 4) {
        let k = if rest.ends_with('d') { "f64" } else { "f32" };
        s.create_intrinsic(&format!("llvm.x86.avx512.vfmadd.{k}"), &[], &[a, b, c, rounding])?
    } else {
        s.fma(a, b, c)?
    };
    let mut pass = if maskz {
        let rty = s.value_ty(r);
        s.null(rty)
    } else if mask3 {
        c
    } else {
        a
    };
    if neg_acc && mask3 {
        let a2 = s.arg(2)?;
        pass = s.extract_at(a2, 0);
    }
    let r = helpers::scalar_select(s, mask, r, pass)?;
    let into = s.arg(if mask3 { 2 } else { 0 })?;
    Some(s.insert_at(into, r, 0))
}

/// The passthru of the masked FMA forms: zero (`maskz`), the addend (`mask3`) or operand 0.
fn fma_passthru(s: &mut Site<'_>, mask3: bool, maskz: bool) -> Option<Value> {
    if maskz {
        let ty = s.ret_ty();
        Some(s.null(ty))
    } else {
        s.arg(if mask3 { 2 } else { 0 })
    }
}

/// `avx512.mask`/`mask3`/`maskz.vf*.p*`: `llvm.fma` on the negated operands, or
/// `avx512.vfmadd.p*.512` when a rounding mode is given, then a select.
fn masked_fma_packed(s: &mut Site<'_>, name: &str) -> Option<Value> {
    let (mask3, maskz, rest) = masked_fma_kind(name);
    let neg_mul = at(rest, 2) == b'n';
    let neg_acc = if neg_mul { at(rest, 4) == b's' } else { at(rest, 3) == b's' };
    let (mut a, mut b, mut c) = (s.arg(0)?, s.arg(1)?, s.arg(2)?);
    let mask = s.arg(3)?;
    if neg_mul && (mask3 || maskz) {
        a = s.fneg(a);
    }
    if neg_mul && !(mask3 || maskz) {
        b = s.fneg(b);
    }
    if neg_acc {
        c = s.fneg(c);
    }
    let r = if s.num_args() == 5 && !is_cur_direction(s, 4) {
        let k = if rest.len() >= 5 && at(rest, rest.len() - 5) == b's' { "ps" } else { "pd" };
        let rounding = s.arg(4)?;
        s.create_intrinsic(&format!("llvm.x86.avx512.vfmadd.{k}.512"), &[], &[a, b, c, rounding])?
    } else {
        s.fma(a, b, c)?
    };
    let pass = fma_passthru(s, mask3, maskz)?;
    helpers::select(s, mask, r, pass)
}

/// `fma.vfmsubadd.p*`: `fma.vfmaddsub.p*` with the addend negated.
fn fma_subadd(s: &mut Site<'_>) -> Option<Value> {
    let ty = s.ret_ty();
    let k = match (s.prim_bits(ty), s.scalar_bits(ty)) {
        (128, 32) => "ps",
        (256, 32) => "ps.256",
        (128, 64) => "pd",
        (256, 64) => "pd.256",
        _ => return None,
    };
    let (a0, a1, a2) = (s.arg(0)?, s.arg(1)?, s.arg(2)?);
    let a2 = s.fneg(a2);
    s.create_intrinsic(&format!("llvm.x86.fma.vfmaddsub.{k}"), &[], &[a0, a1, a2])
}

/// `avx512.mask`/`mask3`/`maskz.vfmaddsub.p*` and `mask3.vfmsubadd.p*`: with a rounding operand
/// `avx512.vfmaddsub.p*.512` (the addend negated for `vfmsubadd`); otherwise two `llvm.fma`
/// (addend as is, then negated) interleaved, even elements from the subtraction (the addition
/// for `vfmsubadd`); then a select.
fn masked_fma_addsub(s: &mut Site<'_>, name: &str) -> Option<Value> {
    let (mask3, maskz, rest) = masked_fma_kind(name);
    let sub_add = at(rest, 3) == b's';
    let ops = [s.arg(0)?, s.arg(1)?, s.arg(2)?];
    let mask = s.arg(3)?;
    let r = if s.num_args() == 5 {
        let k = if rest.len() >= 5 && at(rest, rest.len() - 5) == b's' { "ps" } else { "pd" };
        let rounding = s.arg(4)?;
        let mut args = [ops[0], ops[1], ops[2], rounding];
        if sub_add {
            args[2] = s.fneg(args[2]);
        }
        s.create_intrinsic(&format!("llvm.x86.avx512.vfmaddsub.{k}.512"), &[], &args)?
    } else {
        let ty = s.ret_ty();
        let n = fixed_len(s, ty)?;
        let oty = s.value_ty(ops[0]);
        let g = s.intrinsic_decl("llvm.fma", &[oty])?;
        let mut odd = s.call(g, &ops);
        let neg = s.fneg(ops[2]);
        let mut even = s.call(g, &[ops[0], ops[1], neg]);
        if sub_add {
            std::mem::swap(&mut even, &mut odd);
        }
        let idx: Vec<i32> = (0..n).map(|i| (i + (i % 2) * n) as i32).collect();
        s.shuffle(even, odd, &idx)
    };
    let pass = fma_passthru(s, mask3, maskz)?;
    helpers::select(s, mask, r, pass)
}

/// `avx512.mask`/`maskz.pternlog.*`: `avx512.pternlog.{d,q}.*`, then a select with zero or
/// operand 0.
fn pternlog(s: &mut Site<'_>, zero_mask: bool) -> Option<Value> {
    let ty = s.ret_ty();
    let k = match (s.prim_bits(ty), s.scalar_bits(ty)) {
        (128, 32) => "d.128",
        (256, 32) => "d.256",
        (512, 32) => "d.512",
        (128, 64) => "q.128",
        (256, 64) => "q.256",
        (512, 64) => "q.512",
        _ => return None,
    };
    let args = [s.arg(0)?, s.arg(1)?, s.arg(2)?, s.arg(3)?];
    let mask = s.arg(4)?;
    let r = s.create_intrinsic(&format!("llvm.x86.avx512.pternlog.{k}"), &[], &args)?;
    let pass = if zero_mask { s.null(ty) } else { args[0] };
    helpers::select(s, mask, r, pass)
}

/// `avx512.mask`/`maskz.vpmadd52{l,h}.uq.*`: `avx512.vpmadd52{l,h}.uq.*`, then a select.
fn vpmadd52(s: &mut Site<'_>, zero_mask: bool, high: bool) -> Option<Value> {
    let ty = s.ret_ty();
    let w = match s.prim_bits(ty) {
        w @ (128 | 256 | 512) => w,
        _ => return None,
    };
    let hl = if high { 'h' } else { 'l' };
    let args = [s.arg(0)?, s.arg(1)?, s.arg(2)?];
    let mask = s.arg(3)?;
    let r = s.create_intrinsic(&format!("llvm.x86.avx512.vpmadd52{hl}.uq.{w}"), &[], &args)?;
    let pass = if zero_mask { s.null(ty) } else { args[0] };
    helpers::select(s, mask, r, pass)
}

/// `avx512.mask`/`maskz.vpdpbusd[s].*` and `vpdpwssd[s].*` (`base`): the unmasked intrinsic,
/// operands 1 and 2 bitcast from `i32` vectors to vectors of `elt`-bit integers when they
/// are of the old type, then a select with zero or operand 0.
fn dot_product(s: &mut Site<'_>, name: &str, base: &str, elt: u32) -> Option<Value> {
    let zero_mask = at(name, 11) == b'z';
    let saturating = at(name, if zero_mask { 21 } else { 20 }) == b's';
    let ty = s.ret_ty();
    let width = s.prim_bits(ty);
    if !matches!(width, 128 | 256 | 512) {
        return None;
    }
    let sat = if saturating { "s" } else { "" };
    let mut args = [s.arg(0)?, s.arg(1)?, s.arg(2)?];
    let mask = s.arg(3)?;
    let old_ty = |s: &mut Site<'_>, v: Value| {
        let t = s.value_ty(v);
        match s.m.ctx.type_of(t) {
            Type::Vector { elem, .. } => matches!(s.m.ctx.type_of(*elem), Type::Int(32)),
            _ => false,
        }
    };
    if old_ty(s, args[1]) && old_ty(s, args[2]) {
        let et = s.int_ty(elt);
        let nty = s.vec_ty(et, width / elt);
        args[1] = s.bitcast(args[1], nty);
        args[2] = s.bitcast(args[2], nty);
    }
    let r = s.create_intrinsic(&format!("llvm.x86.avx512.{base}{sat}.{width}"), &[], &args)?;
    let pass = if zero_mask { s.null(ty) } else { args[0] };
    helpers::select(s, mask, r, pass)
}

/// `addcarry[x]`/`subborrow.u32`/`u64`: `addcarry`/`subborrow.32`/`64`, its second result
/// stored through operand 3 (align 1), its first the call's value.
fn add_carry(s: &mut Site<'_>, name: &str) -> Option<Value> {
    let w = if name.ends_with('2') { 32 } else { 64 };
    let op = if name.starts_with('a') { "addcarry" } else { "subborrow" };
    let args = [s.arg(0)?, s.arg(1)?, s.arg(2)?];
    let ptr = s.arg(3)?;
    let call = s.create_intrinsic(&format!("llvm.x86.{op}.{w}"), &[], &args)?;
    let data = s.extract_value(call, 1);
    s.store(data, ptr, 1);
    Some(s.extract_value(call, 0))
}
