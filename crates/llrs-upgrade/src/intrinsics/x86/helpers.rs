//! The helpers of LLVM 22's x86 call upgrades (`AutoUpgrade.cpp`, between
//! `UpgradeGlobalVariable` and `upgradeX86IntrinsicCall`), in LLVM's order: byte shifts, masks
//! as vectors of `i1` and the selects on them, `palignr`/`valign`, `vpermi2var`, binary
//! intrinsics, rotates, `vpcom`, concat shifts, masked loads and stores, `abs`, `pmuldq`,
//! compares into masks, masked shifts and moves, and the masked intrinsics that become the
//! unmasked one and a select (`upgradeAVX512MaskToSelect`).
//!
//! Each takes the call being upgraded ([`Site`]) and builds before it as LLVM's `IRBuilder`
//! does; `None` means an operand is not what the intrinsic takes (LLVM would assert or
//! report a fatal error): the call is then left as it is.

use crate::intrinsics::Site;
use llrs_ir::instructions::CmpPred;
use llrs_ir::{Opcode, Type, TypeId, Value};

/// `upgradeX86PSLLDQIntrinsics`: a left shift by `shift` bytes of each 16-byte lane, as a
/// shuffle with zeros (the casts named `cast`).
pub(crate) fn pslldq(s: &mut Site<'_>, op: Value, shift: u64) -> Option<Value> {
    byte_shift(s, op, shift, true)
}

/// `upgradeX86PSRLDQIntrinsics`: a right shift by `shift` bytes of each 16-byte lane.
pub(crate) fn psrldq(s: &mut Site<'_>, op: Value, shift: u64) -> Option<Value> {
    byte_shift(s, op, shift, false)
}

fn byte_shift(s: &mut Site<'_>, op: Value, shift: u64, left: bool) -> Option<Value> {
    let rty = s.value_ty(op);
    let n = s.num_elts(rty) * 8;
    // LLVM's 64 indices in whole 16-byte lanes (vectors of `i64`: 2, 4 or 8 elements).
    if n == 0 || !n.is_multiple_of(16) || n > 64 {
        return None;
    }
    let i8t = s.int_ty(8);
    let vty = s.vec_ty(i8t, n);
    let op = s.bitcast(op, vty);
    let op = s.name(op, "cast");
    let mut res = s.null(vty);
    if shift < 16 {
        let shift = shift as u32;
        let mut idx = Vec::with_capacity(n as usize);
        for l in (0..n).step_by(16) {
            for i in 0..16u32 {
                let v = if left {
                    let mut x = n + i - shift;
                    if x < n {
                        x -= n - 16;
                    }
                    x
                } else {
                    let mut x = i + shift;
                    if x >= 16 {
                        x += n - 16;
                    }
                    x
                };
                idx.push((v + l) as i32);
            }
        }
        res = if left { s.shuffle(res, op, &idx) } else { s.shuffle(op, res, &idx) };
    }
    let r = s.bitcast(res, rty);
    Some(s.name(r, "cast"))
}

/// `getX86MaskVec`: an integer mask as a vector of `i1`, cut to `n` elements (named `extract`)
/// when fewer than 8.
pub(crate) fn mask_vec(s: &mut Site<'_>, mask: Value, n: u32) -> Option<Value> {
    let mty = s.value_ty(mask);
    let Type::Int(bits) = *s.m.ctx.type_of(mty) else { return None };
    let i1 = s.int_ty(1);
    let vty = s.vec_ty(i1, bits);
    let mut m = s.bitcast(mask, vty);
    if n <= 4 {
        let idx: Vec<i32> = (0..n as i32).collect();
        m = s.shuffle(m, m, &idx);
        m = s.name(m, "extract");
    }
    Some(m)
}

/// `emitX86Select`: `a` where the mask's bits are set, else `b` (just `a` for an all-ones
/// constant mask).
pub(crate) fn select(s: &mut Site<'_>, mask: Value, a: Value, b: Value) -> Option<Value> {
    if s.is_all_ones(mask) {
        return Some(a);
    }
    let aty = s.value_ty(a);
    let n = s.num_elts(aty);
    let m = mask_vec(s, mask, n)?;
    Some(s.select(m, a, b))
}

/// `emitX86ScalarSelect`: a select on the mask's bit 0.
pub(crate) fn scalar_select(s: &mut Site<'_>, mask: Value, a: Value, b: Value) -> Option<Value> {
    if s.is_all_ones(mask) {
        return Some(a);
    }
    let mty = s.value_ty(mask);
    let Type::Int(bits) = *s.m.ctx.type_of(mty) else { return None };
    let i1 = s.int_ty(1);
    let vty = s.vec_ty(i1, bits);
    let m = s.bitcast(mask, vty);
    let m = s.extract_at(m, 0);
    Some(s.select(m, a, b))
}

/// `upgradeX86ALIGNIntrinsics`: `palignr` (128-bit lanes, large shifts shift in zeros) and
/// `valign` (the shift masked), then a select.
pub(crate) fn align(
    s: &mut Site<'_>,
    op0: Value,
    op1: Value,
    shift: Value,
    passthru: Value,
    mask: Value,
    is_valign: bool,
) -> Option<Value> {
    let mut sh = s.const_u64(shift)? as u32;
    let ty = s.value_ty(op0);
    let n = s.num_elts(ty);
    // LLVM asserts whole 16-byte lanes for `palignr`, at most 16 elements for `valign`, a power
    // of two, and has room for 64 indices.
    if !n.is_power_of_two() || n > 64 || (is_valign && n > 16) || (!is_valign && !n.is_multiple_of(16)) {
        return None;
    }
    if is_valign {
        sh &= n - 1;
    }
    if sh >= 32 {
        return Some(s.null(ty));
    }
    let (mut op0, mut op1) = (op0, op1);
    if sh > 16 {
        sh -= 16;
        op1 = op0;
        op0 = s.null(ty);
    }
    let mut idx = Vec::with_capacity(n as usize);
    for l in (0..n).step_by(16) {
        for i in 0..16u32 {
            let mut x = sh + i;
            if !is_valign && x >= 16 {
                x += n - 16;
            }
            idx.push((x + l) as i32);
        }
    }
    idx.truncate(n as usize);
    let a = s.shuffle(op1, op0, &idx);
    let a = s.name(a, "palignr");
    select(s, mask, a, passthru)
}

/// `upgradeX86VPERMT2Intrinsics`: `vpermi2var` of the right width (operands 0 and 1 swapped
/// unless in index form), then a select with zero or operand 1 (bitcast).
pub(crate) fn vpermt2(s: &mut Site<'_>, zero_mask: bool, index_form: bool) -> Option<Value> {
    let ty = s.ret_ty();
    let width = s.prim_bits(ty);
    let elt = s.scalar_bits(ty);
    let float = s.is_fp_ty(ty);
    let suffix = match (width, elt, float) {
        (128, 32, true) => "ps.128",
        (128, 32, false) => "d.128",
        (128, 64, true) => "pd.128",
        (128, 64, false) => "q.128",
        (256, 32, true) => "ps.256",
        (256, 32, false) => "d.256",
        (256, 64, true) => "pd.256",
        (256, 64, false) => "q.256",
        (512, 32, true) => "ps.512",
        (512, 32, false) => "d.512",
        (512, 64, true) => "pd.512",
        (512, 64, false) => "q.512",
        (128, 16, _) => "hi.128",
        (256, 16, _) => "hi.256",
        (512, 16, _) => "hi.512",
        (128, 8, _) => "qi.128",
        (256, 8, _) => "qi.256",
        (512, 8, _) => "qi.512",
        _ => return None,
    };
    let mut args = [s.arg(0)?, s.arg(1)?, s.arg(2)?];
    if !index_form {
        args.swap(0, 1);
    }
    let v = s.create_intrinsic(&format!("llvm.x86.avx512.vpermi2var.{suffix}"), &[], &args)?;
    let pass = if zero_mask {
        s.null(ty)
    } else {
        let a1 = s.arg(1)?;
        s.bitcast(a1, ty)
    };
    let m = s.arg(3)?;
    select(s, m, v, pass)
}

/// `upgradeX86BinaryIntrinsics`: the intrinsic `base` overloaded on the result type, and a
/// select for the masked forms (four operands).
pub(crate) fn binary(s: &mut Site<'_>, base: &str) -> Option<Value> {
    let ty = s.ret_ty();
    let (op0, op1) = (s.arg(0)?, s.arg(1)?);
    let mut r = s.create_intrinsic(base, &[ty], &[op0, op1])?;
    if s.num_args() == 4 {
        let (src, mask) = (s.arg(2)?, s.arg(3)?);
        r = select(s, mask, r, src)?;
    }
    Some(r)
}

/// The shift amount as a vector of the result's type: a scalar amount is cast and splatted.
fn splat_amount(s: &mut Site<'_>, amt: Value, ty: TypeId) -> Value {
    if s.value_ty(amt) == ty {
        return amt;
    }
    let n = s.num_elts(ty);
    let elem = s.scalar_ty(ty);
    let a = s.int_cast(amt, elem, false);
    s.splat(n, a)
}

/// `upgradeX86Rotate`: `llvm.fshl`/`fshr` of the value with itself, then a select when masked.
pub(crate) fn rotate(s: &mut Site<'_>, right: bool) -> Option<Value> {
    let ty = s.ret_ty();
    let src = s.arg(0)?;
    let amt = s.arg(1)?;
    let amt = splat_amount(s, amt, ty);
    let base = if right { "llvm.fshr" } else { "llvm.fshl" };
    let mut r = s.create_intrinsic(base, &[ty], &[src, src, amt])?;
    if s.num_args() == 4 {
        let (src, mask) = (s.arg(2)?, s.arg(3)?);
        r = select(s, mask, r, src)?;
    }
    Some(r)
}

/// `upgradeX86vpcom`: the comparison of predicate `imm`, sign-extended (all false or all true
/// for 6 and 7).
pub(crate) fn vpcom(s: &mut Site<'_>, imm: u64, signed: bool) -> Option<Value> {
    let ty = s.ret_ty();
    let (l, r) = (s.arg(0)?, s.arg(1)?);
    let pred = match (imm, signed) {
        (0, true) => CmpPred::Slt,
        (0, false) => CmpPred::Ult,
        (1, true) => CmpPred::Sle,
        (1, false) => CmpPred::Ule,
        (2, true) => CmpPred::Sgt,
        (2, false) => CmpPred::Ugt,
        (3, true) => CmpPred::Sge,
        (3, false) => CmpPred::Uge,
        (4, _) => CmpPred::Eq,
        (5, _) => CmpPred::Ne,
        (6, _) => return Some(s.null(ty)),
        (7, _) => return Some(s.all_ones(ty)),
        _ => return None,
    };
    let c = s.icmp(pred, l, r);
    Some(s.cast_to(Opcode::SExt, c, ty))
}

/// `upgradeX86ConcatShift`: `llvm.fshl`/`fshr` of two values, then a select when masked (the
/// passthru operand 3 with five operands, else zero or operand 0).
pub(crate) fn concat_shift(s: &mut Site<'_>, right: bool, zero_mask: bool) -> Option<Value> {
    let ty = s.ret_ty();
    let (mut op0, mut op1) = (s.arg(0)?, s.arg(1)?);
    let amt = s.arg(2)?;
    if right {
        std::mem::swap(&mut op0, &mut op1);
    }
    let amt = splat_amount(s, amt, ty);
    let base = if right { "llvm.fshr" } else { "llvm.fshl" };
    let mut r = s.create_intrinsic(base, &[ty], &[op0, op1, amt])?;
    let n = s.num_args();
    if n >= 4 {
        let src = if n == 5 {
            s.arg(3)?
        } else if zero_mask {
            s.null(ty)
        } else {
            s.arg(0)?
        };
        let mask = s.arg(n - 1)?;
        r = select(s, mask, r, src)?;
    }
    Some(r)
}

/// `upgradeMaskedStore`: a plain store for an all-ones constant mask, else `llvm.masked.store`;
/// aligned to the vector's size, or to 1.
pub(crate) fn masked_store(s: &mut Site<'_>, ptr: Value, data: Value, mask: Value, aligned: bool) -> Option<Value> {
    let dty = s.value_ty(data);
    let align = if aligned { u64::from(s.prim_bits(dty) / 8) } else { 1 };
    if s.is_all_ones(mask) {
        return Some(s.store(data, ptr, align));
    }
    let n = s.num_elts(dty);
    let m = mask_vec(s, mask, n)?;
    s.masked_store(data, ptr, align, m)
}

/// `upgradeMaskedLoad`: a plain load for an all-ones constant mask, else `llvm.masked.load`.
pub(crate) fn masked_load(s: &mut Site<'_>, ptr: Value, passthru: Value, mask: Value, aligned: bool) -> Option<Value> {
    let ty = s.value_ty(passthru);
    let align = if aligned { u64::from(s.prim_bits(ty) / 8) } else { 1 };
    if s.is_all_ones(mask) {
        return Some(s.load(ty, ptr, align));
    }
    let n = s.num_elts(ty);
    let m = mask_vec(s, mask, n)?;
    s.masked_load(ty, ptr, align, m, Some(passthru))
}

/// `upgradeAbs`: `llvm.abs(x, false)`, then a select when masked (three operands).
pub(crate) fn abs(s: &mut Site<'_>) -> Option<Value> {
    let ty = s.ret_ty();
    let op0 = s.arg(0)?;
    let f = s.false_();
    let mut r = s.create_intrinsic("llvm.abs", &[ty], &[op0, f])?;
    if s.num_args() == 3 {
        let (mask, src) = (s.arg(2)?, s.arg(1)?);
        r = select(s, mask, r, src)?;
    }
    Some(r)
}

/// `upgradePMULDQ`: a 64-bit multiply of the low halves, sign-extended (by shifts) or
/// zero-extended (by a mask), then a select when masked.
pub(crate) fn pmuldq(s: &mut Site<'_>, signed: bool) -> Option<Value> {
    let ty = s.ret_ty();
    let (a0, a1) = (s.arg(0)?, s.arg(1)?);
    let mut lhs = s.bitcast(a0, ty);
    let mut rhs = s.bitcast(a1, ty);
    if signed {
        let amt = s.const_of(ty, 32);
        lhs = s.binop(Opcode::Shl, lhs, amt);
        lhs = s.binop(Opcode::AShr, lhs, amt);
        rhs = s.binop(Opcode::Shl, rhs, amt);
        rhs = s.binop(Opcode::AShr, rhs, amt);
    } else {
        let m = s.const_of(ty, 0xffff_ffff);
        lhs = s.binop(Opcode::And, lhs, m);
        rhs = s.binop(Opcode::And, rhs, m);
    }
    let mut r = s.binop(Opcode::Mul, lhs, rhs);
    if s.num_args() == 4 {
        let (mask, src) = (s.arg(3)?, s.arg(2)?);
        r = select(s, mask, r, src)?;
    }
    Some(r)
}

/// `applyX86MaskOn1BitsVec`: a vector of `i1` and-ed with the mask (unless none or all ones),
/// widened to 8 elements with zeros, as an integer.
pub(crate) fn mask_on_1bits(s: &mut Site<'_>, vec: Value, mask: Option<Value>) -> Option<Value> {
    let vty = s.value_ty(vec);
    let n = s.num_elts(vty);
    let mut v = vec;
    if let Some(m) = mask {
        if !s.is_all_ones(m) {
            let mv = mask_vec(s, m, n)?;
            v = s.binop(Opcode::And, v, mv);
        }
    }
    if n < 8 {
        let mut idx: Vec<i32> = (0..n as i32).collect();
        for i in n..8 {
            idx.push((n + i % n) as i32);
        }
        let z = s.null(vty);
        v = s.shuffle(v, z, &idx);
    }
    let it = s.int_ty(n.max(8));
    Some(s.bitcast(v, it))
}

/// `upgradeMaskedCompare`: an integer comparison of condition code `cc` (3 is never, 7
/// always), as a mask and-ed with the last operand.
pub(crate) fn masked_compare(s: &mut Site<'_>, cc: u64, signed: bool) -> Option<Value> {
    let op0 = s.arg(0)?;
    let oty = s.value_ty(op0);
    let n = s.num_elts(oty);
    let i1 = s.int_ty(1);
    let cty = s.vec_ty(i1, n);
    let cmp = match cc {
        3 => s.null(cty),
        7 => s.all_ones(cty),
        _ => {
            let pred = match (cc, signed) {
                (0, _) => CmpPred::Eq,
                (1, true) => CmpPred::Slt,
                (1, false) => CmpPred::Ult,
                (2, true) => CmpPred::Sle,
                (2, false) => CmpPred::Ule,
                (4, _) => CmpPred::Ne,
                (5, true) => CmpPred::Sge,
                (5, false) => CmpPred::Uge,
                (6, true) => CmpPred::Sgt,
                (6, false) => CmpPred::Ugt,
                _ => return None,
            };
            let op1 = s.arg(1)?;
            s.icmp(pred, op0, op1)
        }
    };
    let mask = s.arg(s.num_args().checked_sub(1)?)?;
    mask_on_1bits(s, cmp, Some(mask))
}

/// `upgradeX86MaskedShift`: the unmasked shift intrinsic `name`, then a select.
pub(crate) fn masked_shift(s: &mut Site<'_>, name: &str) -> Option<Value> {
    let (a0, a1) = (s.arg(0)?, s.arg(1)?);
    let r = s.create_intrinsic(name, &[], &[a0, a1])?;
    let (mask, src) = (s.arg(3)?, s.arg(2)?);
    select(s, mask, r, src)
}

/// `upgradeMaskedMove`: element 0 of `b` or of the passthru by the mask's bit 0, into `a`.
pub(crate) fn masked_move(s: &mut Site<'_>) -> Option<Value> {
    let (a, b, src, mask) = (s.arg(0)?, s.arg(1)?, s.arg(2)?, s.arg(3)?);
    let mty = s.value_ty(mask);
    let one = s.const_of(mty, 1);
    let and = s.binop(Opcode::And, mask, one);
    let cmp = s.is_not_null(and);
    let e1 = s.extract_at(b, 0);
    let e2 = s.extract_at(src, 0);
    let sel = s.select(cmp, e1, e2);
    Some(s.insert_at(a, sel, 0))
}

/// `upgradeMaskToInt`: the mask as `i1`s, sign-extended (named `vpmovm2`).
pub(crate) fn mask_to_int(s: &mut Site<'_>) -> Option<Value> {
    let op = s.arg(0)?;
    let rty = s.ret_ty();
    let n = s.num_elts(rty);
    let m = mask_vec(s, op, n)?;
    let r = s.cast_to(Opcode::SExt, m, rty);
    Some(s.name(r, "vpmovm2"))
}

/// `upgradeAVX512MaskToSelect`: `avx512.mask.NAME` (`name` is what follows `avx512.mask.`) as
/// the unmasked intrinsic of the same width, without the last two operands, then a select
/// between its result and the passthru. `None` when `name` is not one of these.
pub(crate) fn mask_to_select(s: &mut Site<'_>, name: &str) -> Option<Value> {
    let ty = s.ret_ty();
    let width = s.prim_bits(ty);
    let elt = s.scalar_bits(ty);
    let by_width = |w128: &str, w256: &str, w512: &str| -> Option<String> {
        match width {
            128 => Some(w128.to_string()),
            256 => Some(w256.to_string()),
            512 => Some(w512.to_string()),
            _ => None,
        }
    };
    let new = if name.starts_with("max.p") || name.starts_with("min.p") {
        let op = &name[..3];
        match (width, elt) {
            (128, 32) => format!("sse.{op}.ps"),
            (128, 64) => format!("sse2.{op}.pd"),
            (256, 32) => format!("avx.{op}.ps.256"),
            (256, 64) => format!("avx.{op}.pd.256"),
            _ => return None,
        }
    } else if name.starts_with("pshuf.b.") {
        by_width("ssse3.pshuf.b.128", "avx2.pshuf.b", "avx512.pshuf.b.512")?
    } else if name.starts_with("pmul.hr.sw.") {
        by_width("ssse3.pmul.hr.sw.128", "avx2.pmul.hr.sw", "avx512.pmul.hr.sw.512")?
    } else if name.starts_with("pmulh.w.") {
        by_width("sse2.pmulh.w", "avx2.pmulh.w", "avx512.pmulh.w.512")?
    } else if name.starts_with("pmulhu.w.") {
        by_width("sse2.pmulhu.w", "avx2.pmulhu.w", "avx512.pmulhu.w.512")?
    } else if name.starts_with("pmaddw.d.") {
        by_width("sse2.pmadd.wd", "avx2.pmadd.wd", "avx512.pmaddw.d.512")?
    } else if name.starts_with("pmaddubs.w.") {
        by_width("ssse3.pmadd.ub.sw.128", "avx2.pmadd.ub.sw", "avx512.pmaddubs.w.512")?
    } else if name.starts_with("packsswb.") {
        by_width("sse2.packsswb.128", "avx2.packsswb", "avx512.packsswb.512")?
    } else if name.starts_with("packssdw.") {
        by_width("sse2.packssdw.128", "avx2.packssdw", "avx512.packssdw.512")?
    } else if name.starts_with("packuswb.") {
        by_width("sse2.packuswb.128", "avx2.packuswb", "avx512.packuswb.512")?
    } else if name.starts_with("packusdw.") {
        by_width("sse41.packusdw", "avx2.packusdw", "avx512.packusdw.512")?
    } else if name.starts_with("vpermilvar.") {
        match (width, elt) {
            (128, 32) => "avx.vpermilvar.ps".to_string(),
            (128, 64) => "avx.vpermilvar.pd".to_string(),
            (256, 32) => "avx.vpermilvar.ps.256".to_string(),
            (256, 64) => "avx.vpermilvar.pd.256".to_string(),
            (512, 32) => "avx512.vpermilvar.ps.512".to_string(),
            (512, 64) => "avx512.vpermilvar.pd.512".to_string(),
            _ => return None,
        }
    } else if name == "cvtpd2dq.256" {
        "avx.cvt.pd2dq.256".to_string()
    } else if name == "cvtpd2ps.256" {
        "avx.cvt.pd2.ps.256".to_string()
    } else if name == "cvttpd2dq.256" {
        "avx.cvtt.pd2dq.256".to_string()
    } else if name == "cvttps2dq.128" {
        "sse2.cvttps2dq".to_string()
    } else if name == "cvttps2dq.256" {
        "avx.cvtt.ps2dq.256".to_string()
    } else if name.starts_with("permvar.") {
        let float = s.is_fp_ty(ty);
        match (width, elt, float) {
            (256, 32, true) => "avx2.permps",
            (256, 32, false) => "avx2.permd",
            (256, 64, true) => "avx512.permvar.df.256",
            (256, 64, false) => "avx512.permvar.di.256",
            (512, 32, true) => "avx512.permvar.sf.512",
            (512, 32, false) => "avx512.permvar.si.512",
            (512, 64, true) => "avx512.permvar.df.512",
            (512, 64, false) => "avx512.permvar.di.512",
            (128, 16, _) => "avx512.permvar.hi.128",
            (256, 16, _) => "avx512.permvar.hi.256",
            (512, 16, _) => "avx512.permvar.hi.512",
            (128, 8, _) => "avx512.permvar.qi.128",
            (256, 8, _) => "avx512.permvar.qi.256",
            (512, 8, _) => "avx512.permvar.qi.512",
            _ => return None,
        }
        .to_string()
    } else if name.starts_with("dbpsadbw.") {
        by_width("avx512.dbpsadbw.128", "avx512.dbpsadbw.256", "avx512.dbpsadbw.512")?
    } else if name.starts_with("pmultishift.qb.") {
        by_width("avx512.pmultishift.qb.128", "avx512.pmultishift.qb.256", "avx512.pmultishift.qb.512")?
    } else if name.starts_with("conflict.") {
        let k = name.as_bytes().get(9).copied();
        match (k, width) {
            (Some(b'd'), 128) => "avx512.conflict.d.128",
            (Some(b'd'), 256) => "avx512.conflict.d.256",
            (Some(b'd'), 512) => "avx512.conflict.d.512",
            (Some(b'q'), 128) => "avx512.conflict.q.128",
            (Some(b'q'), 256) => "avx512.conflict.q.256",
            (Some(b'q'), 512) => "avx512.conflict.q.512",
            _ => return None,
        }
        .to_string()
    } else if name.starts_with("pavg.") {
        let k = name.as_bytes().get(5).copied();
        match (k, width) {
            (Some(b'b'), 128) => "sse2.pavg.b",
            (Some(b'b'), 256) => "avx2.pavg.b",
            (Some(b'b'), 512) => "avx512.pavg.b.512",
            (Some(b'w'), 128) => "sse2.pavg.w",
            (Some(b'w'), 256) => "avx2.pavg.w",
            (Some(b'w'), 512) => "avx512.pavg.w.512",
            _ => return None,
        }
        .to_string()
    } else {
        return None;
    };
    let mut args = s.args();
    let n = args.len();
    if n < 2 {
        return None;
    }
    args.truncate(n - 2);
    let r = s.create_intrinsic(&format!("llvm.x86.{new}"), &[], &args)?;
    let (mask, pass) = (s.arg(n - 1)?, s.arg(n - 2)?);
    select(s, mask, r, pass)
}
