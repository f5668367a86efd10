//! Debug records (`#dbg_value`, `#dbg_declare`, `#dbg_assign`, `#dbg_label`):
//! `Verifier::visitDbgRecords`, `visit(DbgVariableRecord&)`, `visit(DbgLabelRecord&)`,
//! `verifyFnArgs`, `verifyNotEntryValue` and the records' fragment check.

use crate::expression;
use crate::function::FnState;
use crate::node::{Class, DiKind, F};
use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::instructions::{DbgKind, DbgRecord};
use llrs_ir::metadata::Local;
use llrs_ir::{BlockId, Const, GlobalId, InstData, InstId, Md, MdId, Opcode, Type, TypeId};

/// Where a record is: its function, block, instruction and index among the instruction's records.
#[derive(Copy, Clone)]
struct At {
    g: GlobalId,
    b: BlockId,
    i: InstId,
    k: usize,
}

impl At {
    /// The record.
    fn record(self) -> Subject {
        Subject::Record(self.g, self.i, self.k)
    }
    /// `&DVR, X, BB, F`: the record, `x`, the block and the function, as LLVM 22's checks of a
    /// variable record name them.
    fn with(self, x: Subject) -> [Subject; 4] {
        [self.record(), x, Subject::Block(self.g, self.b), Subject::Global(self.g)]
    }
}

impl Verifier<'_> {
    /// `visitDbgRecords`: the records before one instruction.
    pub fn visit_records(&mut self, g: GlobalId, b: BlockId, i: InstId, inst: &InstData, st: &mut FnState) {
        if inst.dbg_records.is_empty() {
            return;
        }
        if inst.op == Opcode::Phi {
            self.fail("PHI Node must not have any attached DbgRecords", &[Subject::Inst(g, i)]);
            return;
        }
        for (k, r) in inst.dbg_records.iter().enumerate() {
            if let Md::Node(loc) = r.dbg {
                if self.v.is(r.dbg, DiKind::Location) {
                    self.visit_md_node(loc, true);
                }
            }
            let at = At { g, b, i, k };
            if r.kind == DbgKind::Label {
                let _ = self.visit_label_record(at, r);
            } else {
                let _ = self.visit_variable_record(at, r, st);
                let _ = self.verify_record_fragment(g, i, k, r);
                let _ = self.verify_not_entry_value(g, i, k, r);
            }
        }
    }

    /// A record's location operand: a value, a `DIArgList`, or an empty node (`!{}`).
    fn is_record_location(&self, md: Md) -> bool {
        match (md, self.v.class(md)) {
            (_, Class::Value | Class::ArgList) => true,
            (Md::Node(n), Class::Tuple | Class::Expression | Class::Di(_) | Class::Unknown) => {
                self.v.has_no_operands(n)
            }
            _ => false,
        }
    }

    /// The type of a value operand of a record.
    fn value_type(&self, g: GlobalId, md: Md) -> Option<TypeId> {
        let m = self.v.m;
        match md {
            Md::Const(c) => Some(m.ctx.const_of(c).ty()),
            Md::Local(Local::Arg(n)) => m.ctx.fn_params(m.globals[g].value_ty).get(n as usize).copied(),
            Md::Local(Local::Inst(i)) => m.globals[g].func.as_ref()?.body.as_ref()?.insts.get(i).map(|d| d.ty),
            _ => None,
        }
    }

    /// `visit(DbgVariableRecord&)`.
    fn visit_variable_record(&mut self, at: At, r: &DbgRecord, st: &mut FnState) -> Step {
        let (m, g) = (self.v.m, at.g);
        self.check(
            self.is_record_location(r.loc),
            "invalid #dbg record address/value",
            &at.with(Subject::MdRef(r.loc)),
        )?;
        if r.kind == DbgKind::Declare && self.v.class(r.loc) == Class::Value {
            let ok = self.value_type(g, r.loc).is_some_and(|t| matches!(m.ctx.type_of(t), Type::Int(_) | Type::Ptr(_)));
            let subj = at.with(Subject::MdRef(r.loc));
            self.check(ok, "location of #dbg_declare must be a pointer or int", &subj)?;
        }
        let var_ok = self.v.is(r.var, DiKind::LocalVariable);
        self.check(var_ok, "invalid #dbg record variable", &at.with(Subject::MdRef(r.var)))?;
        let Md::Node(var) = r.var else { return None };
        self.visit_md_node(var, false);
        let expr_ok = self.v.class(r.expr) == Class::Expression;
        self.check(expr_ok, "invalid #dbg record expression", &at.with(Subject::MdRef(r.expr)))?;
        if let Md::Node(e) = r.expr {
            self.visit_md_node(e, false);
        }
        if let (DbgKind::Assign, Some(assign)) = (r.kind, r.assign) {
            self.visit_assign_operands(at, assign)?;
        }
        let ty = self.v.md(var, F::Type);
        let subj = [Subject::Md(var), Subject::MdRef(ty), Subject::Block(g, at.b), Subject::Global(g)];
        self.check(self.v.is_type_or_null(ty), "invalid type ref", &subj)?;
        let loc_ok = self.v.is(r.dbg, DiKind::Location);
        self.check(loc_ok, "invalid #dbg record DILocation", &at.with(Subject::MdRef(r.dbg)))?;
        let Md::Node(loc) = r.dbg else { return None };
        let var_sp = self.subprogram_of(self.v.md(var, F::Scope));
        let loc_sp = self.subprogram_of(self.v.md(loc, F::Scope));
        let (Some(var_sp), Some(loc_sp)) = (var_sp, loc_sp) else { return Some(()) };
        let (bb, f) = (Subject::Block(g, at.b), Subject::Global(g));
        let subj =
            [at.record(), bb, f, Subject::Md(var), Subject::Md(var_sp), Subject::Md(loc), Subject::Md(loc_sp), bb, f];
        self.check(var_sp == loc_sp, "mismatched subprogram between #dbg record variable and DILocation", &subj)?;
        self.verify_fn_args(at, var, loc, st)
    }

    /// The operands of a `#dbg_assign`: its `DIAssignID`, address and address expression, and
    /// the instructions linked to it.
    fn visit_assign_operands(&mut self, at: At, (id, addr, aexpr): (Md, Md, Md)) -> Step {
        self.check(self.v.is(id, DiKind::AssignId), "invalid #dbg_assign DIAssignID", &at.with(Subject::MdRef(id)))?;
        if let Md::Node(id) = id {
            self.visit_md_node(id, false);
        }
        let addr_ok = match (addr, self.v.class(addr)) {
            (_, Class::Value) => true,
            (Md::Node(n), Class::Tuple | Class::Expression | Class::Di(_)) => self.v.has_no_operands(n),
            _ => false,
        };
        self.check(addr_ok, "invalid #dbg_assign address", &at.with(Subject::MdRef(addr)))?;
        let aexpr_ok = self.v.class(aexpr) == Class::Expression;
        self.check(aexpr_ok, "invalid #dbg_assign address expression", &at.with(Subject::MdRef(aexpr)))?;
        if let Md::Node(e) = aexpr {
            self.visit_md_node(e, false);
        }
        let Md::Node(id) = id else { return Some(()) };
        let elsewhere = self.assign_insts.get(&id).and_then(|is| is.iter().find(|u| u.0 != at.g)).copied();
        if let Some((f, i, _)) = elsewhere {
            let subj = [Subject::Inst(f, i), at.record(), Subject::Block(at.g, at.b), Subject::Global(at.g)];
            self.check(false, "inst not in same function as #dbg_assign", &subj)?;
        }
        Some(())
    }

    /// `verifyFnArgs`: one variable per argument number in a function.
    fn verify_fn_args(&mut self, at: At, var: MdId, loc: MdId, st: &mut FnState) -> Step {
        if !st.has_debug_info || self.v.md(loc, F::InlinedAt) != Md::Null {
            return Some(());
        }
        let arg = self.v.uint(var, F::Arg);
        if arg == 0 {
            return Some(());
        }
        let prev = *st.fn_args.entry(arg).or_insert(var);
        st.fn_args.insert(arg, var);
        self.check(
            prev == var,
            "conflicting debug info for argument",
            &[at.record(), Subject::Md(prev), Subject::Md(var)],
        )
    }

    /// `verifyFragmentExpression(DbgVariableRecord&)`.
    fn verify_record_fragment(&mut self, g: GlobalId, i: InstId, k: usize, r: &DbgRecord) -> Step {
        let (Md::Node(var), Md::Node(e)) = (r.var, r.expr) else { return Some(()) };
        if !self.v.is(r.var, DiKind::LocalVariable) || self.v.class(r.expr) != Class::Expression {
            return Some(());
        }
        let elems = expression::elements(self.v.ctx(), self.v.node(e))?;
        if !expression::is_valid(&elems) {
            return Some(());
        }
        let frag = expression::fragment(&elems)?;
        if self.v.di_flags(var) & crate::dwarf::flag::ARTIFICIAL != 0 {
            return Some(());
        }
        self.verify_fragment(var, frag, Subject::Record(g, i, k))
    }

    /// `verifyNotEntryValue`: entry values only on swiftasync arguments (or undef).
    fn verify_not_entry_value(&mut self, g: GlobalId, i: InstId, k: usize, r: &DbgRecord) -> Step {
        let Md::Node(e) = r.expr else { return Some(()) };
        if self.v.class(r.expr) != Class::Expression {
            return Some(());
        }
        let elems = expression::elements(self.v.ctx(), self.v.node(e))?;
        if !expression::is_valid(&elems) {
            return Some(());
        }
        let m = self.v.m;
        match r.loc {
            Md::Const(c) if matches!(m.ctx.const_of(c), Const::Undef(_) | Const::Poison(_)) => return Some(()),
            Md::Local(Local::Arg(n)) if self.arg_has_swiftasync(g, n) => return Some(()),
            _ => {}
        }
        self.check(
            !expression::is_entry_value(&elems),
            "Entry values are only allowed in MIR unless they target a swiftasync Argument",
            &[Subject::Record(g, i, k)],
        )
    }

    fn arg_has_swiftasync(&self, g: GlobalId, n: u32) -> bool {
        let m = self.v.m;
        let Some(f) = m.globals[g].func.as_ref() else { return false };
        let set = f.attrs.param(n as usize);
        m.ctx
            .attrs_of(set)
            .iter()
            .any(|a| m.ctx.name(a.kind) == b"swiftasync" && matches!(a.arg, llrs_ir::AttrArg::None))
    }

    /// `visit(DbgLabelRecord&)`.
    fn visit_label_record(&mut self, at: At, r: &DbgRecord) -> Step {
        let ok = self.v.is(r.var, DiKind::Label);
        self.check(ok, "invalid #dbg_label intrinsic variable", &[at.record(), Subject::MdRef(r.var)])?;
        if r.dbg != Md::Null && !self.v.is(r.dbg, DiKind::Location) {
            return Some(());
        }
        let (bb, f) = (Subject::Block(at.g, at.b), Subject::Global(at.g));
        self.check(r.dbg != Md::Null, "#dbg_label record requires a !dbg attachment", &[at.record(), bb, f])?;
        let (Md::Node(label), Md::Node(loc)) = (r.var, r.dbg) else { return None };
        let label_sp = self.subprogram_of(self.v.md(label, F::Scope));
        let loc_sp = self.subprogram_of(self.v.md(loc, F::Scope));
        let (Some(a), Some(b)) = (label_sp, loc_sp) else { return Some(()) };
        let subj = [at.record(), bb, f, Subject::Md(label), Subject::Md(a), Subject::Md(loc), Subject::Md(b)];
        self.check(a == b, "mismatched subprogram between #dbg_label label and !dbg attachment", &subj)
    }
}
