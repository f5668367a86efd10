//! AMDGPU atomic intrinsics that became `atomicrmw` (`llvm.amdgcn.atomic.inc`/`dec`,
//! `.atomic.cond.sub`, `.atomic.csub`, `.ds.fadd`/`fmin`/`fmax`, `.global.atomic.fadd`/`fmin`/`fmax`,
//! `.flat.atomic.*`): the ordering operand is kept when valid (else `seq_cst`), the scope becomes
//! `agent`, a nonzero volatile operand makes it volatile. Outside LDS (address space 3) it gets
//! `!amdgpu.no.fine.grained.memory` (and `!amdgpu.ignore.denormal.mode` for `float` fadd); on flat
//! pointers also `!noalias.addrspace` excluding private memory. The instruction is unnamed.

use super::{Plan, Site};
use llrs_ir::instructions::{flags, Atomic, Ordering, RMW_OPS};
use llrs_ir::module::GlobalId;
use llrs_ir::{Context, FloatKind, InstData, InstExtra, Md, MdNode, Opcode, Type, TypeId, Value};

/// The `atomicrmw` operation of an AMDGPU atomic intrinsic (name after `llvm.amdgcn.`).
fn rmw_op(name: &str) -> Option<&'static str> {
    const OPS: &[(&str, &str)] = &[
        ("ds.fadd", "fadd"),
        ("ds.fmin", "fmin"),
        ("ds.fmax", "fmax"),
        ("atomic.inc.", "uinc_wrap"),
        ("atomic.dec.", "udec_wrap"),
        ("global.atomic.fadd", "fadd"),
        ("flat.atomic.fadd", "fadd"),
        ("global.atomic.fmin", "fmin"),
        ("flat.atomic.fmin", "fmin"),
        ("global.atomic.fmax", "fmax"),
        ("flat.atomic.fmax", "fmax"),
        ("atomic.cond.sub", "usub_cond"),
        ("atomic.csub", "usub_sat"),
    ];
    OPS.iter().find(|(p, _)| name.starts_with(p)).map(|&(_, op)| op)
}

/// The plan for an AMDGPU atomic intrinsic that is now `atomicrmw`.
pub(super) fn plan(_ctx: &mut Context, rest: &str, _fn_ty: TypeId) -> Option<Plan> {
    let name = rest.strip_prefix("amdgcn.")?;
    if name.contains(".fmin.num") || name.contains(".fmax.num") {
        return None;
    }
    rmw_op(name)?;
    Some(Plan::expand(atomic))
}

/// The `atomicrmw` in place of the call.
fn atomic(site: &mut Site<'_>, _: Option<GlobalId>) -> bool {
    let Some(op) = site.old_name.strip_prefix("llvm.amdgcn.").and_then(rmw_op) else { return false };
    let Some(rmw) = RMW_OPS.iter().position(|o| *o == op) else { return false };
    let args = site.args();
    if args.len() < 2 {
        return false;
    }
    let (ptr, mut val) = (args[0], args[1]);
    let ret = site.ret_ty();
    let pty = site.value_ty(ptr);
    let Type::Ptr(addrspace) = *site.m.ctx.type_of(pty) else { return false };
    if site.value_ty(val) != ret {
        return false;
    }
    let mut ordering = Ordering::SeqCst;
    if args.len() > 2 {
        ordering = match site.const_u64(args[2]) {
            Some(2) => Ordering::Monotonic,
            Some(4) => Ordering::Acquire,
            Some(5) => Ordering::Release,
            Some(6) => Ordering::AcqRel,
            _ => Ordering::SeqCst,
        };
    }
    let volatile = args.len() > 4 && site.const_u64(args[4]) != Some(0);
    // The old `<2 x i16>` bf16 forms operate on `<2 x bfloat>`.
    let mut val_ty = ret;
    if let Type::Vector { scalable, len, elem } = *site.m.ctx.type_of(ret) {
        if matches!(site.m.ctx.type_of(elem), Type::Int(16)) {
            let bf = site.m.ctx.float_ty(FloatKind::BFloat);
            val_ty = site.m.ctx.ty(Type::Vector { scalable, len, elem: bf });
            val = site.bitcast(val, val_ty);
        }
    }
    let align = site.dl.default_atomic_align(&site.m.ctx, val_ty);
    let scope = Some(site.m.ctx.sym("agent"));
    let mut d = InstData::new(Opcode::AtomicRmw, val_ty, [ptr, val]);
    d.extra =
        InstExtra::Mem { align, atomic: Atomic { ordering, failure: Ordering::NotAtomic, scope }, rmw: rmw as u8 };
    if volatile {
        d.flags = flags::VOLATILE;
    }
    let v = site.emit(d);
    let Value::Inst(i) = v else { return false };
    let mut md = Vec::new();
    if addrspace == 0 {
        // `!{i32 5, i32 6}`: not the private address space.
        let i32t = site.m.ctx.int_ty(32);
        let (lo, hi) = (site.m.ctx.const_int(i32t, 5), site.m.ctx.const_int(i32t, 6));
        let range = site.m.ctx.md_intern(MdNode::tuple(false, [Md::Const(lo), Md::Const(hi)]));
        md.push(("noalias.addrspace", range));
    }
    if addrspace != 3 {
        let empty = site.m.ctx.md_intern(MdNode::tuple(false, []));
        md.push(("amdgpu.no.fine.grained.memory", empty));
        let is_float = matches!(site.m.ctx.type_of(ret), Type::Float(FloatKind::Float));
        if op == "fadd" && is_float {
            md.push(("amdgpu.ignore.denormal.mode", empty));
        }
    }
    for (k, n) in md {
        let kind = site.m.ctx.md_kind(k.as_bytes());
        site.body.insts[i].md.push((kind, n));
    }
    let res = site.bitcast(v, ret);
    site.replace(res, false);
    true
}
