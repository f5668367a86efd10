//! `llvm.dbg.addr(metadata V, metadata var, metadata expr)`: LLVM upgrades it to
//! `llvm.dbg.value` with `DW_OP_deref` appended to the expression (`DIExpression::append`: before
//! a `DW_OP_stack_value` or `DW_OP_LLVM_fragment`), which becomes a `#dbg_value` record before
//! the next instruction. (Metadata is resolved only at the end of the module, so this cannot be
//! done while the call is parsed, as for the other debug intrinsics.)

use super::{Plan, Site};
use llrs_ir::instructions::{DbgKind, DbgRecord};
use llrs_ir::module::GlobalId;
use llrs_ir::{Context, DiValue, Md, MdKind, TypeId, Value};

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
