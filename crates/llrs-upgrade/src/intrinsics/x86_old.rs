//! Old x86 intrinsics, the most common of those LLVM rewrites into plain IR or new intrinsics:
//! - `sse.sqrt.ss`/`sse2.sqrt.sd`: `llvm.sqrt` of element 0, inserted back;
//! - `sse.sqrt.p*`, `sse2.sqrt.p*`, `avx.sqrt.p*`: `llvm.sqrt` of the vector;
//! - `sse.{add,sub,mul,div}.ss`, `sse2.*.sd`: the operation on elements 0 (`i32` indices);
//! - `ssse3.pabs.*.128`, `avx2.pabs.*`: `llvm.abs(x, false)`;
//! - `xop.vpcmov`: `(a & c) | (b & ~c)`;
//! - `sse41.ptest*` on `<4 x float>`: operands bitcast to `<2 x i64>` (named `cast`);
//! - `xop.vpermil2*` with a floating-point selector: the selector bitcast to integers;
//! - `avx512bf16.cvtne2ps2bf16.*`, `[mask.]cvtneps2bf16.*` returning `i16` vectors: the call
//!   returns `bfloat`s (and takes them as passthru), bitcast;
//! - `avx512.mask.permvar.*`: `avx512.permvar.*` and a select on the mask.
//!
//! The new instructions are unnamed, as LLVM makes them, unless said otherwise.

use super::{Plan, Site};
use llrs_ir::instructions::CmpPred;
use llrs_ir::module::GlobalId;
use llrs_ir::{Const, Context, FloatKind, InstData, InstExtra, Md, MdNode, Opcode, Type, TypeId, Value};

/// The plan for an old x86 intrinsic declaration.
pub(super) fn plan(ctx: &mut Context, rest: &str, fn_ty: TypeId) -> Option<Plan> {
    let name = rest.strip_prefix("x86.")?;
    let Type::Function { ret, params, vararg: false } = ctx.type_of(fn_ty).clone() else { return None };
    let expand = matches!(
        name,
        "sse.sqrt.ss"
            | "sse2.sqrt.sd"
            | "sse.add.ss"
            | "sse2.add.sd"
            | "sse.sub.ss"
            | "sse2.sub.sd"
            | "sse.mul.ss"
            | "sse2.mul.sd"
            | "sse.div.ss"
            | "sse2.div.sd"
            | "ssse3.pabs.b.128"
            | "ssse3.pabs.w.128"
            | "ssse3.pabs.d.128"
            | "xop.vpcmov"
            | "xop.vpcmov.256"
    ) || ["avx.sqrt.p", "sse2.sqrt.p", "sse.sqrt.p", "avx2.pabs."].iter().any(|p| name.starts_with(p))
        || name.starts_with("avx512.mask.permvar.")
        || ["sse.movnt.", "sse2.movnt.", "avx.movnt.", "avx512.storent."].iter().any(|p| name.starts_with(p))
        || ["sse.storeu.", "sse2.storeu.", "avx.storeu."].iter().any(|p| name.starts_with(p))
        || ["sse41.pblendw", "sse41.blendp", "avx.blend.p", "avx2.pblendd."].iter().any(|p| name.starts_with(p))
        || name == "avx2.pblendw"
        || name.starts_with("xop.vpcom");
    if expand {
        return Some(Plan::expand(expand_call));
    }
    let f32t = ctx.float_ty(FloatKind::Float);
    let v4f32 = ctx.ty(Type::Vector { scalable: false, len: 4, elem: f32t });
    if matches!(name, "sse41.ptestc" | "sse41.ptestz" | "sse41.ptestnzc") && params.first() == Some(&v4f32) {
        let i64t = ctx.int_ty(64);
        let v2i64 = ctx.ty(Type::Vector { scalable: false, len: 2, elem: i64t });
        let new_ty = ctx.fn_ty(ret, &[v2i64, v2i64], false);
        return Some(Plan::rewrite(format!("llvm.{rest}"), new_ty, ptest));
    }
    if name.starts_with("xop.vpermil2") && params.len() == 4 {
        let int_idx = int_vector(ctx, params[2])?;
        if int_idx == params[2] {
            return None;
        }
        let new_ty = ctx.fn_ty(ret, &[params[0], params[1], int_idx, params[3]], false);
        return Some(Plan::rewrite(format!("llvm.{rest}"), new_ty, vpermil2));
    }
    if ["avx512bf16.cvtne2ps2bf16.", "avx512bf16.cvtneps2bf16.", "avx512bf16.mask.cvtneps2bf16."]
        .iter()
        .any(|p| name.starts_with(p))
    {
        let Type::Vector { scalable, len, elem } = *ctx.type_of(ret) else { return None };
        if matches!(ctx.type_of(elem), Type::Float(FloatKind::BFloat)) {
            return None;
        }
        let bf = ctx.float_ty(FloatKind::BFloat);
        let new_ret = ctx.ty(Type::Vector { scalable, len, elem: bf });
        let mut params = params.clone();
        if name.starts_with("avx512bf16.mask.") && params.len() == 3 {
            // The passthru operand is of the result's type.
            params[1] = new_ret;
        }
        let new_ty = ctx.fn_ty(new_ret, &params, false);
        return Some(Plan::rewrite(format!("llvm.{rest}"), new_ty, bf16_result));
    }
    None
}

/// The integer vector type of the same shape.
fn int_vector(ctx: &mut Context, t: TypeId) -> Option<TypeId> {
    let Type::Vector { scalable, len, elem } = *ctx.type_of(t) else { return None };
    let bits = match ctx.type_of(elem) {
        Type::Float(k) => k.bits(),
        Type::Int(b) => *b,
        _ => return None,
    };
    let it = ctx.int_ty(bits);
    Some(ctx.ty(Type::Vector { scalable, len, elem: it }))
}

/// A call of the unary intrinsic `base` overloaded on the operand's type.
fn unary(site: &mut Site<'_>, base: &str, v: Value) -> Option<Value> {
    let ty = site.value_ty(v);
    let fty = site.m.ctx.fn_ty(ty, &[ty], false);
    let g = site.intrinsic(base, &[ty], fty)?;
    Some(site.emit_call(g, &[v]))
}

/// The calls that become plain IR.
pub(super) fn expand_call(site: &mut Site<'_>, _: Option<GlobalId>) -> bool {
    let Some(name) = site.old_name.strip_prefix("llvm.x86.").map(str::to_string) else { return false };
    let args = site.args();
    let Some(&a0) = args.first() else { return false };
    let rep = match name.as_str() {
        "sse.sqrt.ss" | "sse2.sqrt.sd" => {
            let zero = site.int(64, 0);
            let e = site.extract_element(a0, zero);
            let Some(s) = unary(site, "llvm.sqrt", e) else { return false };
            site.insert_element(a0, s, zero)
        }
        n if n.starts_with("avx.sqrt.p") || n.starts_with("sse2.sqrt.p") || n.starts_with("sse.sqrt.p") => {
            let Some(s) = unary(site, "llvm.sqrt", a0) else { return false };
            s
        }
        "sse.add.ss" | "sse2.add.sd" | "sse.sub.ss" | "sse2.sub.sd" | "sse.mul.ss" | "sse2.mul.sd" | "sse.div.ss"
        | "sse2.div.sd" => {
            let n = name.as_str();
            let Some(&a1) = args.get(1) else { return false };
            let zero = site.int(32, 0);
            let e0 = site.extract_element(a0, zero);
            let e1 = site.extract_element(a1, zero);
            let op = match n.split('.').nth(1) {
                Some("add") => Opcode::FAdd,
                Some("sub") => Opcode::FSub,
                Some("mul") => Opcode::FMul,
                _ => Opcode::FDiv,
            };
            let r = site.binop(op, e0, e1);
            site.insert_element(a0, r, zero)
        }
        n if n.contains("pabs") => {
            let ty = site.value_ty(a0);
            let i1 = site.m.ctx.int_ty(1);
            let fty = site.m.ctx.fn_ty(ty, &[ty, i1], false);
            let Some(g) = site.intrinsic("llvm.abs", &[ty], fty) else { return false };
            let f = site.int(1, 0);
            site.emit_call(g, &[a0, f])
        }
        n if n.starts_with("xop.vpcmov") => {
            let (Some(&a1), Some(&sel)) = (args.get(1), args.get(2)) else { return false };
            let ty = site.value_ty(sel);
            let ones = site.all_ones(ty);
            let not = site.binop(Opcode::Xor, sel, ones);
            let s0 = site.binop(Opcode::And, a0, sel);
            let s1 = site.binop(Opcode::And, a1, not);
            site.binop(Opcode::Or, s0, s1)
        }
        n if n.starts_with("avx512.mask.permvar.") => {
            let (Some(&a1), Some(&pass), Some(&mask)) = (args.get(1), args.get(2), args.get(3)) else { return false };
            let suffix = &n["avx512.mask.permvar.".len()..];
            let new = match suffix {
                "sf.256" => "llvm.x86.avx2.permps".to_string(),
                "si.256" => "llvm.x86.avx2.permd".to_string(),
                _ => format!("llvm.x86.avx512.permvar.{suffix}"),
            };
            let ty = site.ret_ty();
            let ity = site.value_ty(a1);
            let fty = site.m.ctx.fn_ty(ty, &[ty, ity], false);
            let Some(g) = site.decl(&new, fty) else { return false };
            let r = site.emit_call(g, &[a0, a1]);
            select_on_mask(site, mask, r, pass)
        }
        n if n.contains("movnt.") || n.starts_with("avx512.storent.") || n.contains("storeu.") => {
            let Some(&v) = args.get(1) else { return false };
            let vty = site.value_ty(v);
            let nontemporal = !n.contains("storeu.");
            let align =
                if nontemporal { site.dl.type_store_size(&site.m.ctx, vty).fixed_value().unwrap_or(1) } else { 1 };
            let void = site.m.ctx.void_ty();
            let mut d = InstData::new(Opcode::Store, void, [v, a0]);
            d.extra = InstExtra::Mem { align, atomic: Default::default(), rmw: 0 };
            let st = site.emit(d);
            if let (true, Value::Inst(i)) = (nontemporal, st) {
                let i32t = site.m.ctx.int_ty(32);
                let one = site.m.ctx.const_int(i32t, 1);
                let node = site.m.ctx.md_intern(MdNode::tuple(false, [Md::Const(one)]));
                let kind = site.m.ctx.md_kind(b"nontemporal");
                site.body.insts[i].md.push((kind, node));
            }
            site.erase();
            return true;
        }
        n if n.contains("blend") => {
            let (Some(&a1), Some(imm)) = (args.get(1), args.get(2).and_then(|&v| site.const_u64(v))) else {
                return false;
            };
            let ty = site.ret_ty();
            let Type::Vector { len, .. } = *site.m.ctx.type_of(ty) else { return false };
            let idx: Vec<i32> =
                (0..len).map(|i| if (imm >> (i % 8)) & 1 == 1 { (i + len) as i32 } else { i as i32 }).collect();
            site.shuffle(a0, a1, &idx)
        }
        n if n.starts_with("xop.vpcom") => {
            let Some(&a1) = args.get(1) else { return false };
            let Some(r) = vpcom(site, n, a0, a1, args.get(2).copied()) else { return false };
            r
        }
        _ => return false,
    };
    site.replace(rep, false);
    true
}

/// `xop.vpcom*`: a comparison, sign-extended.
fn vpcom(site: &mut Site<'_>, name: &str, a: Value, b: Value, imm: Option<Value>) -> Option<Value> {
    let signed = !["ub", "uw", "ud", "uq"].iter().any(|s| name.ends_with(s));
    let imm = match imm {
        Some(v) => site.const_u64(v)? & 7,
        None => {
            let cond = &name["xop.vpcom".len()..];
            ["lt", "le", "gt", "ge", "eq", "ne", "false", "true"].iter().position(|c| cond.starts_with(c))? as u64
        }
    };
    let ty = site.ret_ty();
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
        (6, _) => return Some(Value::Const(site.m.ctx.konst(Const::Zero(ty)))),
        _ => return Some(site.all_ones(ty)),
    };
    let Type::Vector { scalable, len, .. } = *site.m.ctx.type_of(ty) else { return None };
    let i1 = site.m.ctx.int_ty(1);
    let cty = site.m.ctx.ty(Type::Vector { scalable, len, elem: i1 });
    let mut d = InstData::new(Opcode::ICmp, cty, [a, b]);
    d.extra = InstExtra::Cmp(pred);
    let c = site.emit(d);
    Some(site.cast(Opcode::SExt, c, ty))
}

/// `EmitX86Select`: `a` where the bits of the integer mask are set, else `b` (nothing when the
/// mask is all ones).
pub(super) fn select_on_mask(site: &mut Site<'_>, mask: Value, a: Value, b: Value) -> Value {
    let mty = site.value_ty(mask);
    let Type::Int(bits) = *site.m.ctx.type_of(mty) else { return a };
    if site.const_i64(mask) == Some(-1) || (bits < 64 && site.const_u64(mask) == Some((1u64 << bits) - 1)) {
        return a;
    }
    let aty = site.value_ty(a);
    let n = match site.m.ctx.type_of(aty) {
        Type::Vector { len, .. } => *len,
        _ => return a,
    };
    let i1 = site.m.ctx.int_ty(1);
    let vty = site.m.ctx.ty(Type::Vector { scalable: false, len: bits, elem: i1 });
    let mut m = site.bitcast(mask, vty);
    if n <= 4 {
        let idx: Vec<i32> = (0..n as i32).collect();
        m = site.shuffle(m, m, &idx);
        m = site.name(m, "extract");
    }
    site.select(m, a, b)
}

/// `ptest*` on floats: both operands bitcast (named `cast`).
fn ptest(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let args = site.args();
    if args.len() != 2 {
        return false;
    }
    let pty = site.m.ctx.fn_params(site.m.globals[g].value_ty).to_vec();
    let mut out = Vec::new();
    for (i, &a) in args.iter().enumerate() {
        let c = site.bitcast(a, pty[i]);
        out.push(site.name(c, "cast"));
    }
    site.rebuild(g, &out);
    true
}

/// `vpermil2*`: the selector bitcast to integers.
fn vpermil2(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let mut args = site.args();
    if args.len() != 4 {
        return false;
    }
    let pty = site.m.ctx.fn_params(site.m.globals[g].value_ty)[2];
    args[2] = site.bitcast(args[2], pty);
    site.rebuild(g, &args);
    true
}

/// `cvtne2ps2bf16`: the call returns `bfloat`s, bitcast to the old integer vector.
fn bf16_result(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let params = site.m.ctx.fn_params(site.m.globals[g].value_ty).to_vec();
    let mut args = site.args();
    if args.len() != params.len() {
        return false;
    }
    for (a, &t) in args.iter_mut().zip(&params) {
        *a = site.bitcast(*a, t);
    }
    let old = site.ret_ty();
    let call = site.emit_call(g, &args);
    if let Value::Inst(i) = call {
        site.body.insts[i].name = site.body.insts[site.call].name.take();
    }
    let r = site.bitcast(call, old);
    site.replace(r, false);
    true
}
