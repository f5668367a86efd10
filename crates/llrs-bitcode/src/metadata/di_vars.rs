//! The records of locations, variables, labels and expressions: `DILocation`, `GenericDINode`,
//! `DIGlobalVariable` (every version, the oldest upgraded to `DIGlobalVariableExpression`s),
//! `DIAssignID`, `DILocalVariable`, `DILabel`, `DIExpression` (with the upgrades of the
//! operations of old versions) and `DIGlobalVariableExpression`.

use llrs_ir::di_expr::{ate_name, is_valid, op, op_size};
use llrs_ir::dwarf_ops::dwarf_op_name;
use llrs_ir::module::GlobalKind;
use llrs_ir::{Const, Context, DiValue, Md, MdKind, MdNode, Module, Symbol};
use smallvec::SmallVec;

use super::di_scopes::column;
use super::fields::{uint_value, Di};
use super::MetadataLoader;
use crate::Error;

fn invalid() -> Error {
    Error::new("Invalid record")
}

/// A location's values as a record gives them.
#[derive(Clone, Copy, Debug)]
pub struct Loc {
    /// The line (truncated to 32 bits).
    pub line: u64,
    /// The column (truncated to 32 bits; one past 16 bits is 0).
    pub col: u64,
    /// The scope.
    pub scope: Md,
    /// Where it was inlined (null if not).
    pub inlined_at: Md,
    /// `isImplicitCode`.
    pub implicit: bool,
    /// The key instruction's `(atomGroup, atomRank)`.
    pub atom: Option<(u64, u64)>,
}

/// The symbols of a `DILocation`'s kind, field names and `true`, interned once per loader.
#[derive(Clone, Copy, Debug)]
pub(super) struct LocSyms {
    kind: Symbol,
    line: Symbol,
    column: Symbol,
    scope: Symbol,
    inlined_at: Symbol,
    implicit: Symbol,
    true_: Symbol,
    atom_group: Symbol,
    atom_rank: Symbol,
}

impl LocSyms {
    fn new(ctx: &mut Context) -> Self {
        LocSyms {
            kind: ctx.sym("DILocation"),
            line: ctx.sym("line"),
            column: ctx.sym("column"),
            scope: ctx.sym("scope"),
            inlined_at: ctx.sym("inlinedAt"),
            implicit: ctx.sym("isImplicitCode"),
            true_: ctx.sym("true"),
            atom_group: ctx.sym("atomGroup"),
            atom_rank: ctx.sym("atomRank"),
        }
    }
}

/// `DW_OP_bit_piece`, which old expressions used for fragments.
const DW_OP_BIT_PIECE: u64 = 0x9d;

/// `upgradeDIExpression`: the elements of an expression of record version `version` as LLVM 22
/// holds them; `None` for a version LLVM does not know. The second value tells whether the
/// expression is old enough for `upgradeDeclareExpressions` (versions 0 and 1).
pub(super) fn upgrade_expression(version: u64, mut e: Vec<u64>) -> Option<(Vec<u64>, bool)> {
    if version > 3 {
        return None;
    }
    let n = e.len();
    if version == 0 && n >= 3 && e[n - 3] == DW_OP_BIT_PIECE {
        e[n - 3] = op::LLVM_FRAGMENT;
    }
    if version <= 1 && n > 0 && e[0] == op::DEREF {
        // `DW_OP_deref` moves to the end (before a fragment).
        let end = if n >= 3 && e[n - 3] == op::LLVM_FRAGMENT { n - 3 } else { n };
        if end > 0 {
            e[..end].rotate_left(1);
            e[end - 1] = op::DEREF;
        }
    }
    if version <= 2 {
        // `DW_OP_plus N` is `DW_OP_plus_uconst N`; `DW_OP_minus N` is `DW_OP_constu N,
        // DW_OP_minus`, each operation taking the operands it took then.
        let mut out = Vec::with_capacity(e.len());
        let mut i = 0;
        while i < e.len() {
            let o = e[i];
            let size = match o {
                op::CONSTU | op::MINUS | op::PLUS => 2,
                op::LLVM_FRAGMENT => 3,
                _ => 1,
            };
            let size = size.min(e.len() - i);
            let args = &e[i + 1..i + size];
            match o {
                op::PLUS => {
                    out.push(op::PLUS_UCONST);
                    out.extend_from_slice(args);
                }
                op::MINUS => {
                    out.push(op::CONSTU);
                    out.extend_from_slice(args);
                    out.push(op::MINUS);
                }
                _ => {
                    out.push(o);
                    out.extend_from_slice(args);
                }
            }
            i += size;
        }
        e = out;
    }
    Some((e, version <= 1))
}

/// A `!DIExpression` of `elements` as the parser reads what `writeDIExpression` prints: a
/// valid expression as its operations by name, their arguments as numbers (a conversion's
/// encoding by name); an invalid one as numbers.
pub(super) fn expression_node(ctx: &mut Context, elements: &[u64]) -> MdNode {
    let mut fields: Vec<(Option<llrs_ir::Symbol>, DiValue)> = Vec::with_capacity(elements.len());
    let named = is_valid(elements) && {
        let mut i = 0;
        let mut all = true;
        while i < elements.len() {
            all &= dwarf_op_name(elements[i]).is_some();
            i += op_size(elements[i]);
        }
        all
    };
    if named {
        let mut i = 0;
        while i < elements.len() {
            let o = elements[i];
            let name = dwarf_op_name(o).unwrap_or_default();
            fields.push((None, DiValue::Ident(ctx.sym(name))));
            let end = (i + op_size(o)).min(elements.len());
            for (a, &arg) in elements.iter().enumerate().take(end).skip(i + 1) {
                let v = match (o == op::LLVM_CONVERT && a == i + 2).then(|| ate_name(arg)).flatten() {
                    Some(ate) => DiValue::Ident(ctx.sym(ate)),
                    None => uint_value(ctx, arg),
                };
                fields.push((None, v));
            }
            i = end;
        }
    } else {
        fields.extend(elements.iter().map(|&e| (None, uint_value(ctx, e))));
    }
    MdNode { distinct: false, kind: MdKind::Expression, ops: Default::default(), fields: fields.into() }
}

/// `!DIExpression()`.
pub(super) fn empty_expression(ctx: &mut Context) -> Md {
    let e = expression_node(ctx, &[]);
    Md::Node(ctx.md_intern(e))
}

impl MetadataLoader {
    /// `METADATA_LOCATION` `[distinct, line, column, scope, inlinedAt, isImplicitCode?,
    /// atomGroup?, atomRank?]` (5, 6 or 8 fields).
    pub(super) fn location(&mut self, m: &mut Module, r: &[u64]) -> Result<(), Error> {
        if !matches!(r.len(), 5 | 6 | 8) {
            return Err(invalid());
        }
        let scope = self.md(m, r[3]);
        let inlined_at = self.md_or_null(m, r[4]);
        let loc = Loc {
            line: r[1],
            col: r[2],
            scope,
            inlined_at,
            implicit: r.len() >= 6 && r[5] != 0,
            atom: (r.len() == 8).then(|| (r[6], r[7])),
        };
        let node = self.location_node(&mut m.ctx, r[0] != 0, loc);
        self.assign_node(m, node);
        Ok(())
    }

    /// The uniqued `DILocation` of a body's `DEBUG_LOC` record (`DILocation::get`).
    pub fn debug_location(&mut self, m: &mut Module, loc: Loc) -> llrs_ir::MdId {
        let node = self.location_node(&mut m.ctx, false, loc);
        m.ctx.md_intern(node)
    }

    /// A `DILocation` as the `.ll` parser makes `!DILocation(...)` after
    /// `upgrade_di_fields` (fields in print order, defaults left out), made directly: a body
    /// has one for nearly every instruction.
    pub(super) fn location_node(&mut self, ctx: &mut Context, distinct: bool, loc: Loc) -> MdNode {
        let Loc { line, col, scope, inlined_at, implicit, atom } = loc;
        // The compact form (as the context would make it of the fields below).
        let column = column(col);
        let (atom_group, atom_rank) = atom.map_or((0, 0), |(group, rank)| (group, rank as u8));
        if let Ok(column) = u16::try_from(column) {
            let loc = llrs_ir::metadata::Location {
                line: line as u32,
                column,
                scope,
                inlined_at,
                implicit,
                atom_group,
                atom_rank,
            };
            if let Some(node) = MdNode::location(distinct, loc) {
                return node;
            }
        }
        let s = *self.loc_syms.get_or_insert_with(|| LocSyms::new(ctx));
        let mut fields: SmallVec<[(Option<Symbol>, DiValue); 8]> = SmallVec::new();
        fields.push((Some(s.line), DiValue::Int(i64::from(line as u32))));
        if column != 0 {
            fields.push((Some(s.column), DiValue::Int(column as i64)));
        }
        fields.push((Some(s.scope), DiValue::Md(scope)));
        if inlined_at != Md::Null {
            fields.push((Some(s.inlined_at), DiValue::Md(inlined_at)));
        }
        if implicit {
            fields.push((Some(s.implicit), DiValue::Ident(s.true_)));
        }
        if let Some((group, rank)) = atom {
            if group != 0 {
                fields.push((Some(s.atom_group), uint_value(ctx, group)));
            }
            if rank as u8 != 0 {
                fields.push((Some(s.atom_rank), DiValue::Int(i64::from(rank as u8))));
            }
        }
        MdNode {
            distinct,
            kind: MdKind::Special(s.kind),
            ops: Default::default(),
            fields: fields.into_vec().into_boxed_slice(),
        }
    }

    /// `METADATA_GENERIC_DEBUG` `[distinct, tag, version (0), header, operands...]`.
    pub(super) fn generic_debug(&mut self, m: &mut Module, r: &[u64]) -> Result<(), Error> {
        if r.len() < 4 || r[1] >= 1 << 16 || r[2] != 0 {
            return Err(invalid());
        }
        let header = self.string(m, r[3])?;
        let ops: Vec<Md> = r[4..].iter().map(|&v| self.md_or_null(m, v)).collect();
        let mut di = Di::new(&mut m.ctx, "GenericDINode");
        di.uint("tag", r[1]);
        di.str("header", header);
        di.value("operands", DiValue::List(Box::new(ops.into())));
        let node = di.finish(r[0] != 0);
        self.assign_node(m, node);
        Ok(())
    }

    /// `METADATA_GLOBAL_VAR` `[distinct | version << 1, scope, name, linkageName, file, line,
    /// type, isLocal, isDefinition, ...]`: version 2 `[declaration, templateParams, align,
    /// annotations?]`, version 1 `[_, declaration, align]`, version 0 `[variable or constant,
    /// declaration, align?]` (upgraded to an expression).
    pub(super) fn global_var(&mut self, m: &mut Module, r: &[u64]) -> Result<(), Error> {
        if r.len() < 11 || r.len() > 13 {
            return Err(invalid());
        }
        let version = r[0] >> 1;
        if version > 2 {
            return Err(invalid());
        }
        let (mut old_expr, decl, template, align, annotations) = match version {
            2 => {
                let Some(&align) = r.get(11) else { return Err(invalid()) };
                let a = if r.len() > 12 { self.md_or_null(m, r[12]) } else { Md::Null };
                (Md::Null, self.md_or_null(m, r[9]), self.md_or_null(m, r[10]), align, a)
            }
            1 => (Md::Null, self.md_or_null(m, r[10]), Md::Null, r.get(11).copied().unwrap_or(0), Md::Null),
            _ => {
                let expr = self.md_or_null(m, r[9]);
                let align = r.get(11).copied().unwrap_or(0);
                if align > u64::from(u32::MAX) {
                    return Err(Error::new("Alignment value is too large"));
                }
                (expr, self.md_or_null(m, r[10]), Md::Null, align, Md::Null)
            }
        };
        let scope = self.md_or_null(m, r[1]);
        let name = self.string(m, r[2])?;
        let linkage = self.string(m, r[3])?;
        let file = self.md_or_null(m, r[4]);
        let ty = self.md_or_null(m, r[6]);
        // Version 0: a global variable is attached to, a constant integer becomes an expression.
        let mut attach = None;
        if version == 0 {
            if let Md::Const(c) = old_expr {
                old_expr = Md::Null;
                match m.ctx.try_const_of(c) {
                    Some(Const::Global(_, g)) if m.globals[*g].kind == GlobalKind::Var => attach = Some(*g),
                    Some(Const::Int(_, ap)) => {
                        let v = ap.low_u64();
                        let e = expression_node(&mut m.ctx, &[op::CONSTU, v, op::STACK_VALUE]);
                        old_expr = Md::Node(m.ctx.md_intern(e));
                    }
                    _ => {}
                }
            }
        }
        let mut di = Di::new(&mut m.ctx, "DIGlobalVariable");
        di.str("name", name);
        di.str("linkageName", linkage);
        di.md("scope", scope);
        di.md("file", file);
        di.uint("line", r[5] as u32 as u64);
        di.md("type", ty);
        di.bool("isLocal", r[7] != 0);
        di.bool("isDefinition", r[8] != 0);
        di.md("declaration", decl);
        di.md("templateParams", template);
        di.uint("align", align as u32 as u64);
        di.md("annotations", annotations);
        let node = di.finish(r[0] & 1 == 1);
        if version != 0 {
            self.assign_node(m, node);
            return Ok(());
        }
        self.up.need_gve_upgrade = true;
        let gv = if node.distinct { m.ctx.md_new(node) } else { m.ctx.md_intern(node) };
        let gve = if attach.is_some() || old_expr != Md::Null {
            let expr = match old_expr {
                Md::Null => empty_expression(&mut m.ctx),
                e => e,
            };
            Some(self.gve_node(m, Md::Node(gv), expr, true))
        } else {
            None
        };
        if let (Some(g), Some(gve)) = (attach, gve) {
            let dbg = m.ctx.md_kind(b"dbg");
            m.globals[g].md.push((dbg, gve));
        }
        match gve {
            Some(gve) if old_expr != Md::Null => self.assign(Md::Node(gve)),
            _ => self.assign(Md::Node(gv)),
        }
        Ok(())
    }

    /// A `!DIGlobalVariableExpression(var: var, expr: expr)`.
    pub(super) fn gve_node(&mut self, m: &mut Module, var: Md, expr: Md, distinct: bool) -> llrs_ir::MdId {
        let mut di = Di::new(&mut m.ctx, "DIGlobalVariableExpression");
        di.md("var", var);
        di.md("expr", expr);
        let node = di.finish(distinct);
        if distinct {
            m.ctx.md_new(node)
        } else {
            m.ctx.md_intern(node)
        }
    }

    /// `METADATA_ASSIGN_ID` `[distinct]`: always distinct.
    pub(super) fn assign_id(&mut self, m: &mut Module, r: &[u64]) -> Result<(), Error> {
        if r.len() != 1 {
            return Err(Error::new("Invalid DIAssignID record."));
        }
        if r[0] & 1 == 0 {
            return Err(Error::new("Invalid DIAssignID record. Must be distinct"));
        }
        let node = Di::new(&mut m.ctx, "DIAssignID").finish(true);
        self.assign_node(m, node);
        Ok(())
    }

    /// `METADATA_LOCAL_VAR` `[distinct | hasAlignment << 1, (tag)?, scope, name, file, line,
    /// type, arg, flags, align?, annotations?]`: records without alignment may have the old
    /// artificial tag second.
    pub(super) fn local_var(&mut self, m: &mut Module, r: &[u64]) -> Result<(), Error> {
        if r.len() < 8 || r.len() > 10 {
            return Err(invalid());
        }
        let has_align = r[0] & 2 != 0;
        if has_align && r.len() < 9 {
            return Err(invalid());
        }
        let t = usize::from(!has_align && r.len() > 8);
        let (mut align, mut annotations) = (0, Md::Null);
        if has_align {
            if r[8] > u64::from(u32::MAX) {
                return Err(Error::new("Alignment value is too large"));
            }
            align = r[8];
            if r.len() > 9 {
                annotations = self.md_or_null(m, r[9]);
            }
        }
        let scope = self.md_or_null(m, r[1 + t]);
        let name = self.string(m, r[2 + t])?;
        let file = self.md_or_null(m, r[3 + t]);
        let ty = self.md_or_null(m, r[5 + t]);
        let mut di = Di::new(&mut m.ctx, "DILocalVariable");
        di.str("name", name);
        di.uint("arg", r[6 + t] as u16 as u64);
        di.md("scope", scope);
        di.md("file", file);
        di.uint("line", r[4 + t] as u32 as u64);
        di.md("type", ty);
        di.uint("flags", r[7 + t] as u32 as u64);
        di.uint("align", align);
        di.md("annotations", annotations);
        let node = di.finish(r[0] & 1 == 1);
        self.assign_node(m, node);
        Ok(())
    }

    /// `METADATA_LABEL` `[distinct | artificial << 1, scope, name, file, line, column?,
    /// coroSuspendIdx?]` (no suspend index: all ones).
    pub(super) fn label(&mut self, m: &mut Module, r: &[u64]) -> Result<(), Error> {
        if r.len() < 5 || r.len() > 7 {
            return Err(invalid());
        }
        let suspend = match r.get(6) {
            Some(&u64::MAX) | None => None,
            Some(&v) if v > u64::from(u32::MAX) => return Err(Error::new("CoroSuspendIdx value is too large")),
            Some(&v) => Some(v),
        };
        let scope = self.md_or_null(m, r[1]);
        let name = self.string(m, r[2])?;
        let file = self.md_or_null(m, r[3]);
        let mut di = Di::new(&mut m.ctx, "DILabel");
        di.md("scope", scope);
        di.str("name", name);
        di.md("file", file);
        di.uint("line", r[4] as u32 as u64);
        di.uint("column", r.get(5).map_or(0, |&c| c as u32 as u64));
        di.bool("isArtificial", r[0] & 2 != 0);
        if let Some(i) = suspend {
            di.uint("coroSuspendIdx", i);
        }
        let node = di.finish(r[0] & 1 == 1);
        self.assign_node(m, node);
        Ok(())
    }

    /// `METADATA_EXPRESSION` `[distinct | version << 1, elements...]`: always uniqued.
    pub(super) fn expression(&mut self, m: &mut Module, r: &[u64]) -> Result<(), Error> {
        let Some((&head, elements)) = r.split_first() else { return Err(invalid()) };
        let Some((elements, old)) = upgrade_expression(head >> 1, elements.to_vec()) else {
            return Err(invalid());
        };
        self.up.need_declare_upgrade |= old;
        let node = expression_node(&mut m.ctx, &elements);
        self.assign_node(m, node);
        Ok(())
    }

    /// `METADATA_GLOBAL_VAR_EXPR` `[distinct, variable, expression]` (an empty expression when
    /// there is none).
    pub(super) fn global_var_expr(&mut self, m: &mut Module, r: &[u64]) -> Result<(), Error> {
        if r.len() != 3 {
            return Err(invalid());
        }
        let mut expr = self.md_or_null(m, r[2]);
        if expr == Md::Null {
            expr = empty_expression(&mut m.ctx);
        }
        let var = self.md_or_null(m, r[1]);
        let mut di = Di::new(&mut m.ctx, "DIGlobalVariableExpression");
        di.md("var", var);
        di.md("expr", expr);
        let node = di.finish(r[0] != 0);
        self.assign_node(m, node);
        Ok(())
    }
}
