//! `upgradeCULocals` (LLVM's metadata loader): imported entities of a compile unit whose scope is
//! local (a subprogram or lexical block) move to the `retainedNodes` of their subprogram.

use super::fields::upgrade_di_node;
use crate::Up;
use llrs_ir::{Context, DiValue, Md, MdId, MdKind, MdNode, Module, Symbol};

/// The value of field `name` of a specialized node.
fn field(ctx: &Context, n: &MdNode, name: &[u8]) -> Option<DiValue> {
    n.fields.iter().find(|(f, _)| f.is_some_and(|f| ctx.name(f) == name)).map(|(_, v)| v.clone())
}

/// The keyword of a specialized node.
fn kind(ctx: &Context, id: MdId) -> &[u8] {
    match ctx.md(id).kind {
        MdKind::Special(k) => ctx.name(k),
        _ => b"",
    }
}

fn is_local_scope(ctx: &Context, id: MdId) -> bool {
    matches!(kind(ctx, id), b"DISubprogram" | b"DILexicalBlock" | b"DILexicalBlockFile")
}

/// The subprogram around a local scope (`findEnclosingDISubprogram`), following `scope:`.
fn enclosing_subprogram(ctx: &Context, mut id: MdId) -> Option<MdId> {
    for _ in 0..10_000 {
        if kind(ctx, id) == b"DISubprogram" {
            return Some(id);
        }
        if !is_local_scope(ctx, id) {
            return None;
        }
        match field(ctx, ctx.md(id), b"scope") {
            Some(DiValue::Md(Md::Node(s))) => id = s,
            _ => return None,
        }
    }
    None
}

/// The nodes of a tuple-valued field.
fn tuple_ops(ctx: &Context, v: &DiValue) -> Option<Vec<Md>> {
    match v {
        DiValue::Md(Md::Node(t)) if ctx.md(*t).kind == MdKind::Tuple => Some(ctx.md(*t).ops.to_vec()),
        _ => None,
    }
}

/// Sets field `name` of a specialized node to `v`, in LLVM's field order (the node's fields then
/// as LLVM 22 prints them).
pub fn set_field(ctx: &mut Context, node: &mut MdNode, name: &str, v: DiValue) {
    let mut fields = node.fields.to_vec();
    match fields.iter_mut().find(|(f, _)| f.is_some_and(|f| ctx.name(f) == name.as_bytes())) {
        Some(slot) => slot.1 = v,
        None => {
            let sym: Symbol = ctx.sym(name);
            fields.push((Some(sym), v));
        }
    }
    node.fields = fields.into_boxed_slice();
    upgrade_di_node(ctx, node);
}

/// `upgradeCULocals`: moves the local imported entities of every compile unit of `!llvm.dbg.cu`
/// to their subprogram.
pub fn upgrade_cu_locals(m: &mut Module) {
    Up { m }.upgrade_cu_locals();
}

impl Up<'_> {
    fn upgrade_cu_locals(&mut self) {
        let Some(key) = self.m.ctx.names.lookup(b"llvm.dbg.cu") else { return };
        let Some((_, cus)) = self.m.named_md.iter().find(|(n, _)| *n == key) else { return };
        for cu in cus.clone() {
            let ctx = &mut self.m.ctx;
            if kind(ctx, cu) != b"DICompileUnit" {
                continue;
            }
            let Some(imports) = field(ctx, ctx.md(cu), b"imports").and_then(|v| tuple_ops(ctx, &v)) else { continue };
            let local = |ctx: &Context, e: &Md| match e {
                Md::Node(ie) => match field(ctx, ctx.md(*ie), b"scope") {
                    Some(DiValue::Md(Md::Node(s))) => is_local_scope(ctx, s),
                    _ => false,
                },
                _ => false,
            };
            if !imports.iter().any(|e| local(ctx, e)) {
                continue;
            }
            let mut keep = Vec::new();
            let mut moved: Vec<(MdId, Vec<Md>)> = Vec::new();
            for e in imports {
                if !local(ctx, &e) {
                    keep.push(e);
                    continue;
                }
                let Md::Node(ie) = e else { continue };
                let Some(DiValue::Md(Md::Node(scope))) = field(ctx, ctx.md(ie), b"scope") else { continue };
                let Some(sp) = enclosing_subprogram(ctx, scope) else { continue };
                match moved.iter_mut().find(|(s, _)| *s == sp) {
                    Some((_, list)) => list.push(e),
                    None => moved.push((sp, vec![e])),
                }
            }
            for (sp, entities) in moved {
                let mut node = ctx.md(sp).clone();
                let mut nodes =
                    field(ctx, &node, b"retainedNodes").and_then(|v| tuple_ops(ctx, &v)).unwrap_or_default();
                nodes.extend(entities);
                let list = ctx.md_intern(MdNode::tuple(false, nodes));
                set_field(ctx, &mut node, "retainedNodes", DiValue::Md(Md::Node(list)));
                ctx.md_set(sp, node);
            }
            let list = ctx.md_intern(MdNode::tuple(false, keep));
            let mut node = ctx.md(cu).clone();
            set_field(ctx, &mut node, "imports", DiValue::Md(Md::Node(list)));
            ctx.md_set(cu, node);
        }
    }
}
