//! AMDGPU atomic intrinsics that became `atomicrmw` (the atomic part of LLVM 22's
//! `upgradeAMDGCNIntrinsicCall`). The operands are `(ptr, value, ordering, scope, volatile)`, or
//! only `(ptr, value)` for the old `ds.fadd.v2bf16`:
//! - the ordering is kept when it is a constant valid ordering other than `unordered` (else
//!   `seq_cst`); the scope is always `agent`; a volatile operand that is not the constant 0 makes
//!   it volatile;
//! - the alignment is the value's store size, as IRBuilder gives;
//! - `<2 x i16>` values (the old `bf16` forms) operate on `<2 x bfloat>`, bitcast both ways;
//! - outside LDS (address space 3) the instruction gets `!amdgpu.no.fine.grained.memory`, and
//!   `!amdgpu.ignore.denormal.mode` for an `fadd` of `float`; on flat pointers (address space 0)
//!   also `!noalias.addrspace` excluding private memory (5).
//!
//! A malformed call (fewer than two operands, no pointer, a value not of the result type) goes
//! away without replacement, as in LLVM. The instruction is unnamed.

use crate::intrinsics::Site;
use llrs_ir::instructions::Ordering;
use llrs_ir::{FloatKind, Md, Type};

/// LDS.
const LOCAL: u32 = 3;
/// Flat.
const FLAT: u32 = 0;
/// Scratch.
const PRIVATE: u32 = 5;

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

/// `isValidAtomicOrdering` of an ordering operand, as an ordering.
fn ordering(v: u64) -> Option<Ordering> {
    Some(match v {
        0 => Ordering::NotAtomic,
        1 => Ordering::Unordered,
        2 => Ordering::Monotonic,
        4 => Ordering::Acquire,
        5 => Ordering::Release,
        6 => Ordering::AcqRel,
        7 => Ordering::SeqCst,
        _ => return None,
    })
}

/// The `atomicrmw` in place of the call of `llvm.amdgcn.NAME`. False when the name is none of
/// these (LLVM has no answer for it).
pub(super) fn upgrade(site: &mut Site<'_>, name: &str) -> bool {
    let Some(op) = rmw_op(name) else { return false };
    let args = site.args();
    let (Some(&ptr), Some(&val)) = (args.first(), args.get(1)) else {
        site.erase();
        return true;
    };
    let ret = site.ret_ty();
    let pty = site.value_ty(ptr);
    let Type::Ptr(addrspace) = *site.m.ctx.type_of(pty) else {
        site.erase();
        return true;
    };
    if site.value_ty(val) != ret {
        site.erase();
        return true;
    }
    let order = args.get(2).and_then(|&o| site.const_u64(o)).and_then(ordering);
    let volatile = args.get(4).is_some_and(|&v| site.const_u64(v) != Some(0));
    let order = match order {
        None | Some(Ordering::NotAtomic | Ordering::Unordered) => Ordering::SeqCst,
        Some(o) => o,
    };
    let mut val = val;
    if let Type::Vector { scalable, len, elem } = *site.m.ctx.type_of(ret) {
        if matches!(site.m.ctx.type_of(elem), Type::Int(16)) {
            let bf = site.float_ty(FloatKind::BFloat);
            let bf_vec = site.m.ctx.ty(Type::Vector { scalable, len, elem: bf });
            val = site.bitcast(val, bf_vec);
        }
    }
    let agent = site.m.ctx.sym("agent");
    let rmw = site.atomic_rmw(op, ptr, val, 0, order, Some(agent));
    if addrspace != LOCAL {
        site.attach(rmw, b"amdgpu.no.fine.grained.memory", &[]);
        if op == "fadd" && matches!(site.m.ctx.type_of(ret), Type::Float(FloatKind::Float)) {
            site.attach(rmw, b"amdgpu.ignore.denormal.mode", &[]);
        }
    }
    if addrspace == FLAT {
        let i32t = site.int_ty(32);
        let lo = site.m.ctx.const_int(i32t, PRIVATE as i64);
        let hi = site.m.ctx.const_int(i32t, PRIVATE as i64 + 1);
        site.attach(rmw, b"noalias.addrspace", &[Md::Const(lo), Md::Const(hi)]);
    }
    if volatile {
        if let llrs_ir::Value::Inst(i) = rmw {
            site.body.insts[i].flags |= llrs_ir::instructions::flags::VOLATILE;
        }
    }
    let res = site.bitcast(rmw, ret);
    site.replace(res, false);
    true
}
