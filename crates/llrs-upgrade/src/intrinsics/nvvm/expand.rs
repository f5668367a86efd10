//! LLVM 22's `upgradeNVVMIntrinsicCall`: a call of an NVVM intrinsic that has no declaration of
//! its own any more becomes other IR, made before it; its uses take the new value and it goes.
//! The new instructions are unnamed unless LLVM names them (`neg`, `abs.cond`, `abs`, `ctlz`,
//! `ctlz.trunc`, `ctpop`, `ctpop.trunc`, `h2f`), and the new calls are plain: no attributes, no
//! tail marker, no fast-math flags (`tanh` gets `afn`, and only that).

use super::{bf16_intrinsic, consume_ptr_addrspace, is_bfloat_scalar};
use crate::intrinsics::Site;
use llrs_ir::instructions::{fmf, CmpPred, Ordering};
use llrs_ir::module::GlobalId;
use llrs_ir::{FloatKind, Opcode, Type, Value};

/// The rewrite of a call whose declaration LLVM drops (`NewFn == nullptr`).
pub(super) fn call(site: &mut Site<'_>, _: Option<GlobalId>) -> bool {
    let Some(name) = site.old_name.strip_prefix("llvm.nvvm.").map(str::to_owned) else { return false };
    match upgrade(site, &name) {
        Some(rep) => {
            site.replace(rep, false);
            true
        }
        None => false,
    }
}

/// The value that replaces the call of `llvm.nvvm.NAME`; `None` when the call is malformed (LLVM
/// would crash on it) and stays as it is.
fn upgrade(site: &mut Site<'_>, name: &str) -> Option<Value> {
    let ret = site.ret_ty();
    if name == "abs.i" || name == "abs.ll" {
        let arg = site.arg(0)?;
        let neg = site.neg(arg);
        let neg = site.name(neg, "neg");
        let ty = site.value_ty(arg);
        let zero = site.null(ty);
        let cmp = site.icmp(CmpPred::Sge, arg, zero);
        let cmp = site.name(cmp, "abs.cond");
        let sel = site.select(cmp, arg, neg);
        return Some(site.name(sel, "abs"));
    }
    if name == "abs.bf16" || name == "abs.bf16x2" {
        let bf = site.float_ty(FloatKind::BFloat);
        let ty = if name == "abs.bf16" { bf } else { site.vec_ty(bf, 2) };
        let arg = site.arg(0)?;
        let arg = site.bitcast(arg, ty);
        let abs = unary(site, "llvm.nvvm.fabs", arg)?;
        return Some(site.bitcast(abs, ret));
    }
    if matches!(name, "fabs.f" | "fabs.ftz.f" | "fabs.d") {
        let base = if name == "fabs.ftz.f" { "llvm.nvvm.fabs.ftz" } else { "llvm.nvvm.fabs" };
        let arg = site.arg(0)?;
        return unary(site, base, arg);
    }
    if let Some(r) = name.strip_prefix("ex2.approx.") {
        let base = if r.starts_with("ftz") { "llvm.nvvm.ex2.approx.ftz" } else { "llvm.nvvm.ex2.approx" };
        let arg = site.arg(0)?;
        return unary(site, base, arg);
    }
    if let Some(op) = atomic_op(name) {
        let (ptr, val) = (site.arg(0)?, site.arg(1)?);
        return Some(site.atomic_rmw(op, ptr, val, 0, Ordering::SeqCst, None));
    }
    if name == "clz.ll" || name == "popc.ll" {
        let arg = site.arg(0)?;
        let ty = site.value_ty(arg);
        let (base, short) = if name == "clz.ll" { ("llvm.ctlz", "ctlz") } else { ("llvm.ctpop", "ctpop") };
        let mut args = vec![arg];
        if name == "clz.ll" {
            args.push(site.false_());
        }
        let g = site.intrinsic_decl(base, &[ty])?;
        let count = site.emit_call(g, &args);
        let count = site.name(count, short);
        let i32t = site.int_ty(32);
        let trunc = site.cast_to(Opcode::Trunc, count, i32t);
        if trunc == count {
            return Some(count);
        }
        return Some(site.name(trunc, &format!("{short}.trunc")));
    }
    if name == "h2f" {
        let f32t = site.float_ty(FloatKind::Float);
        let g = site.intrinsic_decl("llvm.convert.from.fp16", &[f32t])?;
        let arg = site.arg(0)?;
        let v = site.emit_call(g, &[arg]);
        return Some(site.name(v, "h2f"));
    }
    if let Some(r) = name.strip_prefix("bitcast.") {
        if matches!(r, "f2i" | "i2f" | "ll2d" | "d2ll") {
            let arg = site.arg(0)?;
            return Some(site.bitcast(arg, ret));
        }
    }
    if let Some((base, bits)) = rotate_kind(name) {
        return rotate(site, name, base, bits);
    }
    if is_ptr_cast(name) {
        let arg = site.arg(0)?;
        return Some(site.addrspace_cast(arg, ret));
    }
    if name.starts_with("ldg.global") {
        return ldg(site, ret);
    }
    if name == "tanh.approx.f32" {
        let arg = site.arg(0)?;
        let v = unary(site, "llvm.tanh", arg)?;
        if let Value::Inst(i) = v {
            site.body.insts[i].fmf = afn();
        }
        return Some(v);
    }
    if is_barrier(name) {
        return barrier(site, name);
    }
    bf16(site, name)
}

/// `atomic.load.{add.f32,add.f64,inc.32,dec.32}.p*`: the `atomicrmw` operation.
fn atomic_op(name: &str) -> Option<&'static str> {
    let r = name.strip_prefix("atomic.load.")?;
    if r.starts_with("add.f32.p") || r.starts_with("add.f64.p") {
        Some("fadd")
    } else if r.starts_with("inc.32.p") {
        Some("uinc_wrap")
    } else if r.starts_with("dec.32.p") {
        Some("udec_wrap")
    } else {
        None
    }
}

/// `nvvm.ptr.gen.to.SPACE*` and `nvvm.ptr.SPACE.to.gen*`.
fn is_ptr_cast(name: &str) -> bool {
    if name.strip_prefix("ptr.gen.to.").and_then(consume_ptr_addrspace).is_some() {
        return true;
    }
    let name = name.strip_prefix("ptr.gen.to.").unwrap_or(name);
    name.strip_prefix("ptr.").and_then(consume_ptr_addrspace).is_some_and(|r| r.starts_with(".to.gen"))
}

/// `Builder.CreateUnaryIntrinsic(ID, V)`: intrinsic `base` overloaded on `v`'s type.
fn unary(site: &mut Site<'_>, base: &str, v: Value) -> Option<Value> {
    let ty = site.value_ty(v);
    let g = site.intrinsic_decl(base, &[ty])?;
    Some(site.emit_call(g, &[v]))
}

/// A call of the non-overloaded intrinsic `base`.
fn plain(site: &mut Site<'_>, base: &str, args: &[Value]) -> Option<Value> {
    let g = site.intrinsic_decl(base, &[])?;
    Some(site.emit_call(g, args))
}

/// The `afn` fast-math flag alone.
fn afn() -> u8 {
    fmf::NAMES.iter().find(|(n, _)| *n == "afn").map_or(0, |&(_, b)| b)
}

/// `rotate.b32`, `rotate.b64`, `rotate.right.b64` and `swap.lo.hi.b64`: the funnel shift that
/// rotates the value, and the width it works on.
fn rotate_kind(name: &str) -> Option<(&'static str, u32)> {
    match name {
        "rotate.b32" => Some(("llvm.fshl", 32)),
        "rotate.b64" | "swap.lo.hi.b64" => Some(("llvm.fshl", 64)),
        "rotate.right.b64" => Some(("llvm.fshr", 64)),
        _ => None,
    }
}

/// A funnel shift of the value with itself (by 32 for `swap.lo.hi.b64`, by the second operand
/// zero-extended to `i64` for the 64-bit rotates).
fn rotate(site: &mut Site<'_>, name: &str, base: &str, bits: u32) -> Option<Value> {
    let arg = site.arg(0)?;
    let ty = site.int_ty(bits);
    let amount = match name {
        "rotate.b32" => site.arg(1)?,
        "swap.lo.hi.b64" => site.int(64, 32),
        _ => {
            let a = site.arg(1)?;
            site.cast_to(Opcode::ZExt, a, ty)
        }
    };
    let g = site.intrinsic_decl(base, &[ty])?;
    Some(site.emit_call(g, &[arg, arg, amount]))
}

/// `ldg.global.*`: a load from the global address space, aligned as the second operand says,
/// `!invariant.load`.
fn ldg(site: &mut Site<'_>, ret: llrs_ir::TypeId) -> Option<Value> {
    let ptr = site.arg(0)?;
    let align = site.arg_u64(1).filter(|a| a.is_power_of_two())?;
    let global = site.ptr_ty(1);
    let ptr = site.addrspace_cast(ptr, global);
    let load = site.load(ret, ptr, align);
    site.attach(load, b"invariant.load", &[]);
    Some(load)
}

/// The old barriers.
fn is_barrier(name: &str) -> bool {
    matches!(
        name,
        "barrier0"
            | "barrier.n"
            | "bar.sync"
            | "barrier"
            | "barrier.sync"
            | "barrier.sync.cnt"
            | "barrier0.popc"
            | "barrier0.and"
            | "barrier0.or"
    )
}

/// An old barrier as a `barrier.cta.*` call (the reductions' `i1` result zero-extended).
fn barrier(site: &mut Site<'_>, name: &str) -> Option<Value> {
    match name {
        "barrier0" | "barrier.n" | "bar.sync" => {
            let arg = if name.ends_with('0') { site.int(32, 0) } else { site.arg(0)? };
            plain(site, "llvm.nvvm.barrier.cta.sync.aligned.all", &[arg])
        }
        "barrier" => {
            let args = [site.arg(0)?, site.arg(1)?];
            plain(site, "llvm.nvvm.barrier.cta.sync.aligned.count", &args)
        }
        "barrier.sync" => {
            let arg = site.arg(0)?;
            plain(site, "llvm.nvvm.barrier.cta.sync.all", &[arg])
        }
        "barrier.sync.cnt" => {
            let args = [site.arg(0)?, site.arg(1)?];
            plain(site, "llvm.nvvm.barrier.cta.sync.count", &args)
        }
        _ => {
            let op = name.strip_prefix("barrier0.")?;
            let arg = site.arg(0)?;
            let zero = site.int(32, 0);
            let cond = site.icmp(CmpPred::Ne, arg, zero);
            let bar = plain(site, &format!("llvm.nvvm.barrier.cta.red.{op}.aligned.all"), &[zero, cond])?;
            let ret = site.ret_ty();
            Some(site.cast_to(Opcode::ZExt, bar, ret))
        }
    }
}

/// The `bf16` intrinsics that took integers: the intrinsic of the same name on `bfloat`s
/// (declared at its first call), integer operands bitcast to its parameter types, an integer
/// result bitcast back.
fn bf16(site: &mut Site<'_>, name: &str) -> Option<Value> {
    let ret = site.ret_ty();
    if !bf16_intrinsic(name) || is_bfloat_scalar(&site.m.ctx, ret) {
        return None;
    }
    let g = site.intrinsic_decl(&format!("llvm.nvvm.{name}"), &[])?;
    let params = site.m.ctx.fn_params(site.m.globals[g].value_ty).to_vec();
    let mut args = Vec::with_capacity(params.len());
    for (i, &p) in params.iter().enumerate() {
        let arg = site.arg(i)?;
        let old = site.value_ty(arg);
        let is_int = matches!(site.m.ctx.type_of(old), Type::Int(_));
        args.push(if is_int && is_bfloat_scalar(&site.m.ctx, p) { site.bitcast(arg, p) } else { arg });
    }
    let v = site.emit_call(g, &args);
    if matches!(site.m.ctx.type_of(ret), Type::Int(_)) {
        return Some(site.bitcast(v, ret));
    }
    Some(v)
}
