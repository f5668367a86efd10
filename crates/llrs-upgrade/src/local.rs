//! What the upgrades of calls ask of a function body: the function a call calls, the type of
//! a local value, and the replacement of an instruction's result wherever the body names it.

use llrs_ir::instructions::DbgRecord;
use llrs_ir::metadata::Local;
use llrs_ir::{Body, Const, ConstId, Context, GlobalId, InstData, InstId, Md, TypeId, Value};

/// `CallBase::getCalledFunction` without the type check: the global a call, invoke or callbr
/// calls directly.
pub(crate) fn callee_of(ctx: &Context, d: &InstData) -> Option<GlobalId> {
    d.call()?;
    match d.operands.first() {
        Some(&Value::Const(k)) => match ctx.try_const_of(k) {
            Some(Const::Global(_, g)) => Some(*g),
            _ => None,
        },
        _ => None,
    }
}

/// The type of a value of a body whose function has parameters `params`: `None` for blocks,
/// metadata and inline asm (which are not bitcast).
pub(crate) fn local_value_ty(ctx: &Context, body: &Body, params: &[TypeId], v: Value) -> Option<TypeId> {
    match v {
        Value::Const(c) => ctx.try_const_of(c).map(|k| k.ty()),
        Value::Arg(n) => params.get(n as usize).copied(),
        Value::Inst(i) => body.insts.get(i).map(|d| d.ty),
        Value::Block(_) | Value::Md(_) | Value::Asm(_) => None,
    }
}

/// What replaces an instruction's result.
#[derive(Clone, Copy, Debug)]
pub(crate) enum LocalRef {
    /// Another instruction's result: its uses and the metadata that names it (LLVM's
    /// `replaceAllUsesWith`).
    Inst(InstId),
    /// `poison` of the result's type, in the metadata that names it: what metadata holds once
    /// an unused instruction is deleted.
    Poison(ConstId),
}

/// Replaces `old` by `new` in every instruction of `body` but `skip`: operands and
/// operand-bundle inputs (for [`LocalRef::Inst`]), metadata operands and debug records. The
/// caller drops the body's use-lists after (`Body::invalidate_uses`).
pub(crate) fn replace_local_refs(body: &mut Body, old: InstId, new: LocalRef, skip: InstId) {
    let old_md = Md::Local(Local::Inst(old));
    let new_md = match new {
        LocalRef::Inst(i) => Md::Local(Local::Inst(i)),
        LocalRef::Poison(c) => Md::Const(c),
    };
    let swap_md = |md: &mut Md| {
        if *md == old_md {
            *md = new_md;
        }
    };
    let ids: Vec<InstId> = body.inst_order().collect();
    for id in ids {
        let d = &mut body.insts[id];
        for r in d.dbg_records.iter_mut() {
            swap_record(r, &swap_md);
        }
        if id == skip {
            continue;
        }
        for op in d.operands.iter_mut() {
            match op {
                Value::Inst(i) if *i == old => {
                    if let LocalRef::Inst(n) = new {
                        *op = Value::Inst(n);
                    }
                }
                Value::Md(md) => swap_md(md),
                _ => {}
            }
        }
        if let (llrs_ir::InstExtra::Call(cd), LocalRef::Inst(n)) = (&mut d.extra, new) {
            for b in cd.bundles.iter_mut() {
                for v in b.inputs.iter_mut() {
                    if *v == Value::Inst(old) {
                        *v = Value::Inst(n);
                    }
                }
            }
        }
    }
    for b in body.blocks.values_mut() {
        for r in b.trailing_records.iter_mut() {
            swap_record(r, &swap_md);
        }
    }
}

/// The value operands of a debug record, each passed to `f`.
fn swap_record(r: &mut DbgRecord, f: &impl Fn(&mut Md)) {
    f(&mut r.loc);
    if let Some((_, addr, _)) = r.assign.as_mut() {
        f(addr);
    }
}
