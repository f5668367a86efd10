//! The debug intrinsics, which LLVM 22 turns into debug records (`upgradeDbgIntrinsicToDbgRecord`).
//! A call of `llvm.dbg.value`/`declare`/`assign`/`label` becomes a record as it is read
//! ([`dbg_intrinsic_record`]).
//!
//! `llvm.dbg.addr(metadata V, metadata var, metadata expr)`: LLVM upgrades it to
//! `llvm.dbg.value` with `DW_OP_deref` appended to the expression (`DIExpression::append`: before
//! a `DW_OP_stack_value` or `DW_OP_LLVM_fragment`), which becomes a `#dbg_value` record before
//! the next instruction. (Metadata is resolved only at the end of the module, so this cannot be
//! done while the call is parsed, as for the other debug intrinsics.)

use super::{Plan, Site};
use llrs_ir::instructions::{DbgKind, DbgRecord};
use llrs_ir::module::GlobalId;
use llrs_ir::{Context, DiValue, InstData, Md, MdKind, Module, Opcode, TypeId, Value};

/// The debug record that a call of `llvm.dbg.value`/`declare`/`assign`/`label` stands for
/// (`upgradeDbgIntrinsicToDbgRecord`): `None` for any other instruction, `Some(None)` for a
/// call that goes away without a record (an old `dbg.value` with a non-zero offset).
pub fn dbg_intrinsic_record(m: &mut Module, data: &InstData) -> Option<Option<DbgRecord>> {
    if data.op != Opcode::Call {
        return None;
    }
    let Value::Const(c) = *data.operands.first()? else { return None };
    let llrs_ir::Const::Global(_, g) = m.ctx.const_of(c) else { return None };
    let name = m.ctx.name(m.globals[*g].name?);
    let kind = match name {
        b"llvm.dbg.value" => DbgKind::Value,
        b"llvm.dbg.declare" => DbgKind::Declare,
        b"llvm.dbg.assign" => DbgKind::Assign,
        b"llvm.dbg.label" => DbgKind::Label,
        _ => return None,
    };
    let arg = |i: usize| -> Option<Md> {
        match data.operands.get(i + 1)? {
            Value::Md(m) => Some(*m),
            _ => None,
        }
    };
    let dbg_kind = m.ctx.md_kind(b"dbg");
    let dbg = data.md.iter().find(|(k, _)| *k == dbg_kind).map(|(_, n)| Md::Node(*n)).unwrap_or(Md::Null);
    let rec = match kind {
        DbgKind::Label => DbgRecord { kind, loc: Md::Null, var: arg(0)?, expr: Md::Null, assign: None, dbg },
        DbgKind::Assign => DbgRecord {
            kind,
            loc: arg(0)?,
            var: arg(1)?,
            expr: arg(2)?,
            assign: Some((arg(3)?, arg(4)?, arg(5)?)),
            dbg,
        },
        // Old `llvm.dbg.value(metadata V, i64 offset, metadata var, metadata expr)`: only a
        // zero offset has a replacement.
        DbgKind::Value if data.operands.len() == 5 => {
            let zero = match data.operands[2] {
                // `Constant::isNullValue`: a zero of any type.
                Value::Const(k) => llrs_ir::fold::is_null(&m.ctx, k),
                _ => false,
            };
            if !zero {
                return Some(None);
            }
            DbgRecord { kind, loc: arg(0)?, var: arg(2)?, expr: arg(3)?, assign: None, dbg }
        }
        _ => DbgRecord { kind, loc: arg(0)?, var: arg(1)?, expr: arg(2)?, assign: None, dbg },
    };
    let mut rec = rec;
    // The variable, expressions and `DIAssignID` are read as nodes: anything else is null.
    let node = |md: Md| if matches!(md, Md::Node(_)) { md } else { Md::Null };
    rec.var = node(rec.var);
    rec.expr = node(rec.expr);
    if let Some(a) = rec.assign.as_mut() {
        a.0 = node(a.0);
        a.2 = node(a.2);
    }
    if kind != DbgKind::Label {
        rec.loc = canonical_location(&mut m.ctx, rec.loc);
        if let Some(a) = rec.assign.as_mut() {
            a.1 = canonical_location(&mut m.ctx, a.1);
        }
    }
    Some(Some(rec))
}

/// A location operand as LLVM holds it: `MetadataAsValue` canonicalizes its metadata
/// (`canonicalizeMetadataForValue`): a tuple of one constant is that constant, a tuple of one
/// `null` is `!{}`; any other node stays (the verifier judges it). A node referenced before its
/// definition is still an empty tuple while the call is read: it is taken for a killed location
/// (`!{}` or `!{null}`, as old modules write them).
fn canonical_location(ctx: &mut Context, loc: Md) -> Md {
    let Md::Node(n) = loc else { return loc };
    let node = ctx.md(n);
    if node.kind != MdKind::Tuple {
        return loc;
    }
    match *node.ops {
        [] | [Md::Null] => Md::Node(ctx.md_intern(llrs_ir::MdNode::tuple(false, []))),
        [Md::Const(c)] => Md::Const(c),
        _ => loc,
    }
}

/// The plan for `llvm.dbg.addr`.
pub(super) fn plan(rest: &str, _fn_ty: TypeId) -> Option<Plan> {
    (rest == "dbg.addr").then(|| Plan::expand(dbg_addr))
}

/// Replaces the call by a `#dbg_value` record.
fn dbg_addr(site: &mut Site<'_>, _: Option<GlobalId>) -> bool {
    let md = |v: Option<Value>| match v {
        Some(Value::Md(m)) => Some(m),
        _ => None,
    };
    let (Some(loc), Some(var), Some(expr)) = (md(site.arg(0)), md(site.arg(1)), md(site.arg(2))) else {
        return false;
    };
    let expr = append_deref(&mut site.m.ctx, expr);
    let loc = canonical_location(&mut site.m.ctx, loc);
    let dbg = site.inst().md.iter().find(|(k, _)| *k == site.dbg_kind).map_or(Md::Null, |&(_, n)| Md::Node(n));
    let rec = DbgRecord { kind: DbgKind::Value, loc, var, expr, assign: None, dbg };
    site.body.insts[site.call].dbg_records.push(rec);
    site.erase();
    true
}

/// The expression with `DW_OP_deref` appended.
fn append_deref(ctx: &mut Context, expr: Md) -> Md {
    let Md::Node(id) = expr else { return expr };
    let mut node = ctx.md(id).clone();
    if node.kind != MdKind::Expression {
        return expr;
    }
    let deref = ctx.sym("DW_OP_deref");
    let stack = ctx.names.lookup(b"DW_OP_stack_value");
    let fragment = ctx.names.lookup(b"DW_OP_LLVM_fragment");
    let mut fields = node.fields.to_vec();
    let at = fields
        .iter()
        .position(|(_, v)| matches!(v, DiValue::Ident(s) if Some(*s) == stack || Some(*s) == fragment))
        .unwrap_or(fields.len());
    fields.insert(at, (None, DiValue::Ident(deref)));
    node.fields = fields.into_boxed_slice();
    Md::Node(ctx.md_intern(node))
}

/// The plan for `llvm.dbg.value`, `declare`, `assign` and `label` where the bitcode reader meets
/// them (`UpgradeIntrinsicFunction` with `CanUpgradeDebugIntrinsicsToRecords`): no new
/// declaration, each call a debug record ([`dbg_record`]). The `.ll` reader turns the calls
/// into records as it reads them instead.
pub(super) fn record_plan(name: &str) -> Option<Plan> {
    matches!(name, "llvm.dbg.value" | "llvm.dbg.declare" | "llvm.dbg.assign" | "llvm.dbg.label")
        .then(|| Plan::expand(dbg_record))
}

/// Replaces the call by its debug record, which goes before the next instruction
/// (`upgradeDbgIntrinsicToDbgRecord`): it joins the call's own records, which move on when the
/// call goes. An old `dbg.value` with an offset goes without a record.
fn dbg_record(site: &mut Site<'_>, _: Option<GlobalId>) -> bool {
    match dbg_intrinsic_record(site.m, &site.body.insts[site.call]) {
        Some(rec) => {
            site.body.insts[site.call].dbg_records.extend(rec);
            site.erase();
            true
        }
        None => false,
    }
}
