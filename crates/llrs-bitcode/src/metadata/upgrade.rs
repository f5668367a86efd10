//! The metadata loader's upgrades of old debug info, at the end of a block (`tryToResolveCycles`
//! and `upgradeDebugInfo`): type references by identifier string (`upgradeTypeRef`,
//! `resolveTypeRefArray`), subprograms listed by their compile unit (`upgradeCUSubprograms`),
//! bare global variables (`upgradeCUVariables`), local imported entities
//! (`upgradeCULocals`, in llrs-upgrade); and, for the function-body reader,
//! `upgradeDeclareExpressions`.

use llrs_ir::metadata::Local;
use llrs_ir::module::{GlobalId, GlobalKind};
use llrs_ir::{Context, DiValue, Md, MdId, MdKind, MdNode, Module, Symbol};
use rustc_hash::FxHashMap;

use super::di_vars::{empty_expression, expression_node};
use super::MetadataLoader;

/// What the upgrades of old records keep between records and blocks.
#[derive(Debug, Default)]
pub(super) struct State {
    /// Each compile unit of an old record and its list of subprograms.
    pub cu_subprograms: Vec<(MdId, Md)>,
    /// Functions named by old subprograms (`FunctionsWithSPs`).
    pub functions_with_sps: Vec<(GlobalId, MdId)>,
    /// A version 0 `DIGlobalVariable` was read (`NeedUpgradeToDIGlobalVariableExpression`).
    pub need_gve_upgrade: bool,
    /// An expression of version 0 or 1 was read (`NeedDeclareExpressionUpgrade`).
    pub need_declare_upgrade: bool,
    /// Composite types of old records by identifier, definitions (`OldTypeRefs.Final`) and
    /// declarations (`OldTypeRefs.FwdDecls`); the first of each stays.
    final_types: FxHashMap<Symbol, MdId>,
    fwd_decls: FxHashMap<Symbol, MdId>,
    /// Subroutine types whose type array is of an old record (`OldTypeRefs.Arrays`).
    pub type_ref_arrays: Vec<MdId>,
}

impl State {
    /// `addTypeRef`: a composite type of an old record, by its identifier.
    pub(super) fn add_type_ref(&mut self, identifier: Symbol, ct: MdId, fwd_decl: bool) {
        let map = if fwd_decl { &mut self.fwd_decls } else { &mut self.final_types };
        map.entry(identifier).or_insert(ct);
    }
}

/// The fields read through `getDITypeRefOrNull`, by node kind.
fn type_ref_fields(kind: &[u8]) -> &'static [&'static str] {
    match kind {
        b"DIDerivedType" => &["scope", "baseType", "extraData"],
        b"DICompositeType" => &["scope", "baseType", "vtableHolder"],
        b"DISubprogram" => &["scope", "containingType"],
        b"DITemplateTypeParameter"
        | b"DITemplateValueParameter"
        | b"DIGlobalVariable"
        | b"DILocalVariable"
        | b"DIObjCProperty" => &["type"],
        b"DIImportedEntity" => &["entity"],
        _ => &[],
    }
}

/// The keyword of a specialized node.
fn keyword(ctx: &Context, n: &MdNode) -> Vec<u8> {
    match n.kind {
        MdKind::Special(k) => ctx.name(k).to_vec(),
        _ => Vec::new(),
    }
}

/// The value of field `name`.
fn field(ctx: &Context, n: &MdNode, name: &str) -> Option<DiValue> {
    n.fields.iter().find(|(f, _)| f.is_some_and(|f| ctx.name(f) == name.as_bytes())).map(|(_, v)| v.clone())
}

/// Sets field `name` of node `id` to `v`.
fn set(ctx: &mut Context, id: MdId, name: &str, v: DiValue) {
    let mut node = ctx.md(id).clone();
    llrs_upgrade::di::set_field(ctx, &mut node, name, v);
    ctx.md_set(id, node);
}

impl MetadataLoader {
    /// The upgrades at the end of a block: type references, then `upgradeDebugInfo`.
    pub(super) fn upgrade_debug_info(&mut self, m: &mut Module, module_level: bool) {
        self.resolve_type_refs(m);
        self.upgrade_cu_subprograms(m);
        self.upgrade_cu_variables(m);
        if module_level {
            llrs_upgrade::di::upgrade_cu_locals(m);
        }
    }

    /// `tryToResolveCycles`' part for old type references: declarations count as definitions
    /// from now on, type arrays of old records are read again, and identifier strings in type
    /// fields become the composite type they name (when one was read).
    fn resolve_type_refs(&mut self, m: &mut Module) {
        let block = self.block_nodes(m);
        let up = &mut self.up;
        for (s, ct) in std::mem::take(&mut up.fwd_decls) {
            up.final_types.entry(s).or_insert(ct);
        }
        let finals = &up.final_types;
        let upgrade_ref = |md: Md| match md {
            Md::Str(s) => finals.get(&s).map_or(md, |&ct| Md::Node(ct)),
            _ => md,
        };
        for st in std::mem::take(&mut up.type_ref_arrays) {
            let ctx = &mut m.ctx;
            let Some(DiValue::Md(Md::Node(t))) = field(ctx, ctx.md(st), "types") else { continue };
            let tuple = ctx.md(t);
            if tuple.kind != MdKind::Tuple || tuple.distinct {
                continue;
            }
            let ops: Vec<Md> = tuple.ops.iter().map(|&o| upgrade_ref(o)).collect();
            let new = ctx.md_intern(MdNode::tuple(false, ops));
            set(ctx, st, "types", DiValue::Md(Md::Node(new)));
        }
        if finals.is_empty() {
            return;
        }
        for i in block {
            let id = MdId(i as u32);
            let ctx = &mut m.ctx;
            let kw = keyword(ctx, ctx.md(id));
            for name in type_ref_fields(&kw) {
                if let Some(DiValue::Md(md @ Md::Str(_))) = field(ctx, ctx.md(id), name) {
                    let to = upgrade_ref(md);
                    if to != md {
                        set(ctx, id, name, DiValue::Md(to));
                    }
                }
            }
        }
    }

    /// `upgradeCUSubprograms`: the subprograms an old compile unit listed name it as their unit.
    fn upgrade_cu_subprograms(&mut self, m: &mut Module) {
        for (cu, sps) in std::mem::take(&mut self.up.cu_subprograms) {
            let Md::Node(t) = sps else { continue };
            let ctx = &mut m.ctx;
            if ctx.md(t).kind != MdKind::Tuple {
                continue;
            }
            for op in ctx.md(t).ops.clone().iter() {
                if let Md::Node(sp) = *op {
                    if keyword(ctx, ctx.md(sp)) == b"DISubprogram" {
                        set(ctx, sp, "unit", DiValue::Md(Md::Node(cu)));
                    }
                }
            }
        }
    }

    /// `upgradeCUVariables`: bare global variables in the compile units' lists and in the
    /// attachments of globals become `DIGlobalVariableExpression`s with an empty expression.
    fn upgrade_cu_variables(&mut self, m: &mut Module) {
        if !self.up.need_gve_upgrade {
            return;
        }
        self.up.need_gve_upgrade = false;
        let empty = empty_expression(&mut m.ctx);
        let is_gv = |ctx: &Context, md: Md| matches!(md, Md::Node(n) if keyword(ctx, ctx.md(n)) == b"DIGlobalVariable");
        let cus = m
            .ctx
            .names
            .lookup(b"llvm.dbg.cu")
            .and_then(|k| m.named_md.iter().find(|(n, _)| *n == k))
            .map(|(_, ops)| ops.clone())
            .unwrap_or_default();
        for cu in cus {
            let ctx = &m.ctx;
            if keyword(ctx, ctx.md(cu)) != b"DICompileUnit" {
                continue;
            }
            let Some(DiValue::Md(Md::Node(gvs))) = field(ctx, ctx.md(cu), "globals") else { continue };
            if ctx.md(gvs).kind != MdKind::Tuple {
                continue;
            }
            let mut node = ctx.md(gvs).clone();
            let mut changed = false;
            for op in node.ops.iter_mut() {
                if is_gv(&m.ctx, *op) {
                    *op = Md::Node(self.gve_node(m, *op, empty, true));
                    changed = true;
                }
            }
            if changed {
                m.ctx.md_set(gvs, node);
            }
        }
        let dbg = m.ctx.md_kind(b"dbg");
        let vars: Vec<GlobalId> =
            m.globals.iter().filter(|(_, g)| g.kind == GlobalKind::Var).map(|(id, _)| id).collect();
        for g in vars {
            let attached: Vec<MdId> = m.globals[g].md.iter().filter(|(k, _)| *k == dbg).map(|&(_, n)| n).collect();
            if attached.is_empty() {
                continue;
            }
            m.globals[g].md.retain(|(k, _)| *k != dbg);
            for n in attached {
                let n = if is_gv(&m.ctx, Md::Node(n)) { self.gve_node(m, Md::Node(n), empty, true) } else { n };
                m.globals[g].md.push((dbg, n));
            }
        }
    }

    /// `upgradeDeclareExpressions` (`upgradeDebugIntrinsics`), for the function-body reader once a
    /// body is read and its debug intrinsics are records: in a file with expressions of version 0
    /// or 1, a `#dbg_declare` of an argument whose expression starts with `DW_OP_deref` loses it.
    pub fn upgrade_debug_intrinsics(&self, m: &mut Module, f: GlobalId) {
        if !self.up.need_declare_upgrade {
            return;
        }
        let Some(mut body) = m.globals[f].func.as_mut().and_then(|fd| fd.body.take()) else { return };
        for inst in body.insts.values_mut() {
            for rec in inst.dbg_records.iter_mut() {
                if rec.kind != llrs_ir::instructions::DbgKind::Declare || !matches!(rec.loc, Md::Local(Local::Arg(_))) {
                    continue;
                }
                let Md::Node(e) = rec.expr else { continue };
                let node = m.ctx.md(e);
                if node.kind != MdKind::Expression {
                    continue;
                }
                match llrs_ir::di_expr::elements(&m.ctx, node) {
                    Some(elems) if elems.first() == Some(&llrs_ir::di_expr::op::DEREF) => {
                        let new = expression_node(&mut m.ctx, &elems[1..]);
                        rec.expr = Md::Node(m.ctx.md_intern(new));
                    }
                    _ => {}
                }
            }
        }
        if let Some(fd) = m.globals[f].func.as_mut() {
            fd.body = Some(body);
        }
    }
}
