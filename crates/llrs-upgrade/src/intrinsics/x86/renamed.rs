//! The x86 cases of `UpgradeIntrinsicCall`: calls of an old declaration that
//! `upgradeX86IntrinsicFunction` replaced by a new one. The new call takes the old one's name
//! (`NewCall->takeName(CI)`).

use super::helpers;
use crate::intrinsics::Site;
use llrs_ir::module::GlobalId;
use llrs_ir::{FloatKind, Opcode, Type, Value};

/// The parameter types of the new declaration.
fn params(s: &Site<'_>, g: GlobalId) -> Vec<llrs_ir::TypeId> {
    s.m.ctx.fn_params(s.m.globals[g].value_ty).to_vec()
}

/// `x86_rdtscp`: the new call returns `{ i64, i32 }`; the `i32` is stored (align 1) where the
/// old operand pointed, the `i64` replaces the old result.
pub(super) fn rdtscp(s: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let Some(ptr) = s.arg(0) else { return false };
    let call = s.call(g, &[]);
    let data = s.extract_value(call, 1);
    s.store(data, ptr, 1);
    let tsc = s.extract_value(call, 0);
    take_name(s, call);
    s.replace(tsc, false);
    true
}

/// The new call takes the old one's name.
fn take_name(s: &mut Site<'_>, v: Value) {
    if let Value::Inst(i) = v {
        s.body.insts[i].name = s.body.insts[s.call].name.take();
    }
}

/// `sse41.ptest*` on `<4 x float>`: both operands bitcast to `<2 x i64>` (named `cast`).
pub(super) fn ptest(s: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let (Some(a0), Some(a1)) = (s.arg(0), s.arg(1)) else { return false };
    let f32t = s.float_ty(FloatKind::Float);
    let v4f32 = s.vec_ty(f32t, 4);
    if s.value_ty(a0) != v4f32 {
        // Already the new form: nothing to do.
        return false;
    }
    let i64t = s.int_ty(64);
    let v2i64 = s.vec_ty(i64t, 2);
    let b0 = s.bitcast(a0, v2i64);
    let b0 = s.name(b0, "cast");
    let b1 = s.bitcast(a1, v2i64);
    let b1 = s.name(b1, "cast");
    s.rebuild(g, &[b0, b1]);
    true
}

/// The 8-bit immediates: the last operand truncated to `i8` (named `trunc`).
pub(super) fn imm8(s: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let mut args = s.args();
    let Some(last) = args.pop() else { return false };
    let i8t = s.int_ty(8);
    let t = s.cast_to(Opcode::Trunc, last, i8t);
    let t = s.name(t, "trunc");
    args.push(t);
    s.rebuild(g, &args);
    true
}

/// `avx512.mask.cmp.p*`: the mask operand as a vector of `i1`, the vector result widened and
/// turned back into an integer.
pub(super) fn masked_fp_compare(s: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let mut args = s.args();
    if args.len() < 4 {
        return false;
    }
    let a0ty = s.value_ty(args[0]);
    let n = s.num_elts(a0ty);
    let Some(m) = helpers::mask_vec(s, args[3], n) else { return false };
    args[3] = m;
    let call = s.call(g, &args);
    let Some(res) = helpers::mask_on_1bits(s, call, None) else { return false };
    take_name(s, call);
    s.replace(res, false);
    true
}

/// The dot products on bytes: operands 1 and 2 bitcast to `<N x i8>` (N the result's size in
/// bytes).
pub(super) fn dot_bytes(s: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    dot(s, new, 8)
}

/// The dot products on words: operands 1 and 2 bitcast to `<N x i16>`.
pub(super) fn dot_words(s: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    dot(s, new, 16)
}

fn dot(s: &mut Site<'_>, new: Option<GlobalId>, elt: u32) -> bool {
    let Some(g) = new else { return false };
    let mut args = s.args();
    if args.len() != 3 {
        return false;
    }
    let rty = s.ret_ty();
    let n = s.prim_bits(rty) / elt;
    let et = s.int_ty(elt);
    let vty = s.vec_ty(et, n);
    args[1] = s.bitcast(args[1], vty);
    args[2] = s.bitcast(args[2], vty);
    s.rebuild(g, &args);
    true
}

/// The `bfloat` conversions: the passthru of `mask.cvtneps2bf16.128` bitcast to `bfloat`s, the
/// new result bitcast back to `i16`s.
pub(super) fn bf16_convert(s: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let mut args = s.args();
    let rty = s.ret_ty();
    let n = s.num_elts(rty);
    let masked = s.m.globals[g].name.is_some_and(|x| s.m.ctx.name(x).ends_with(b"mask.cvtneps2bf16.128"));
    if masked {
        let Some(a1) = args.get(1).copied() else { return false };
        let bf = s.float_ty(FloatKind::BFloat);
        let vty = s.vec_ty(bf, n);
        args[1] = s.bitcast(a1, vty);
    }
    if args.len() != params(s, g).len() {
        return false;
    }
    let call = s.call(g, &args);
    let i16t = s.int_ty(16);
    let vty = s.vec_ty(i16t, n);
    let res = s.bitcast(call, vty);
    take_name(s, call);
    s.replace(res, false);
    true
}

/// `dpbf16ps`: operands 1 and 2 bitcast to `bfloat` vectors twice as long as the result.
pub(super) fn bf16_dot(s: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let mut args = s.args();
    if args.len() != 3 {
        return false;
    }
    let rty = s.ret_ty();
    let n = s.num_elts(rty) * 2;
    let bf = s.float_ty(FloatKind::BFloat);
    let vty = s.vec_ty(bf, n);
    args[1] = s.bitcast(args[1], vty);
    args[2] = s.bitcast(args[2], vty);
    s.rebuild(g, &args);
    true
}

/// `xop.vpermil2*`: the selector bitcast to integers.
pub(super) fn vpermil2(s: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let mut args = s.args();
    let Some(&idx) = args.get(2) else { return false };
    let ity = s.value_ty(idx);
    if !matches!(s.m.ctx.type_of(ity), Type::Vector { .. }) {
        return false;
    }
    let int = s.int_vec_ty(ity);
    args[2] = s.bitcast(idx, int);
    s.rebuild(g, &args);
    true
}

/// `xop.vfrcz.ss`/`sd` with two operands: only the second is kept.
pub(super) fn vfrcz(s: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let Some(a1) = s.arg(1) else { return false };
    s.rebuild(g, &[a1]);
    true
}
