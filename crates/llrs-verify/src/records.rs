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
use llrs_ir::{Const, GlobalId, InstData, InstId, Md, MdId, Opcode, Type, TypeId};

impl Verifier<'_> {
    /// `visitDbgRecords`: the records before one instruction.
    pub fn visit_records(&mut self, g: GlobalId, i: InstId, inst: &InstData, st: &mut FnState) {
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
            if r.kind == DbgKind::Label {
                let _ = self.visit_label_record(g, i, k, r);
            } else {
                let _ = self.visit_variable_record(g, i, k, r, st);
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
    fn visit_variable_record(&mut self, g: GlobalId, i: InstId, k: usize, r: &DbgRecord, st: &mut FnState) -> Step {
        let m = self.v.m;
        let subj = [Subject::Record(g, i, k)];
        self.check(self.is_record_location(r.loc), "invalid #dbg record address/value", &subj)?;
        if r.kind == DbgKind::Declare && self.v.class(r.loc) == Class::Value {
            let ok = self.value_type(g, r.loc).is_some_and(|t| matches!(m.ctx.type_of(t), Type::Int(_) | Type::Ptr(_)));
            self.check(ok, "location of #dbg_declare must be a pointer or int", &subj)?;
        }
        self.check(self.v.is(r.var, DiKind::LocalVariable), "invalid #dbg record variable", &subj)?;
        let Md::Node(var) = r.var else { return None };
        self.visit_md_node(var, false);
        self.check(self.v.class(r.expr) == Class::Expression, "invalid #dbg record expression", &subj)?;
        if let Md::Node(e) = r.expr {
            self.visit_md_node(e, false);
        }
        if let (DbgKind::Assign, Some((id, addr, aexpr))) = (r.kind, r.assign) {
            self.check(self.v.is(id, DiKind::AssignId), "invalid #dbg_assign DIAssignID", &subj)?;
            if let Md::Node(id) = id {
                self.visit_md_node(id, false);
            }
            let addr_ok = match (addr, self.v.class(addr)) {
                (_, Class::Value) => true,
                (Md::Node(n), Class::Tuple | Class::Expression | Class::Di(_)) => self.v.has_no_operands(n),
                _ => false,
            };
            self.check(addr_ok, "invalid #dbg_assign address", &subj)?;
            self.check(self.v.class(aexpr) == Class::Expression, "invalid #dbg_assign address expression", &subj)?;
            if let Md::Node(e) = aexpr {
                self.visit_md_node(e, false);
            }
            if let Md::Node(id) = id {
                let elsewhere = self.assign_insts.get(&id).is_some_and(|fs| fs.iter().any(|&f| f != g));
                self.check(!elsewhere, "inst not in same function as #dbg_assign", &subj)?;
            }
        }
        let ty = self.v.md(var, F::Type);
        self.check(self.v.is_type_or_null(ty), "invalid type ref", &[Subject::Md(var)])?;
        self.check(self.v.is(r.dbg, DiKind::Location), "invalid #dbg record DILocation", &subj)?;
        let Md::Node(loc) = r.dbg else { return None };
        let var_sp = self.subprogram_of(self.v.md(var, F::Scope));
        let loc_sp = self.subprogram_of(self.v.md(loc, F::Scope));
        let (Some(var_sp), Some(loc_sp)) = (var_sp, loc_sp) else { return Some(()) };
        self.check(var_sp == loc_sp, "mismatched subprogram between #dbg record variable and DILocation", &subj)?;
        self.verify_fn_args(g, i, k, var, loc, st)
    }

    /// `verifyFnArgs`: one variable per argument number in a function.
    fn verify_fn_args(&mut self, g: GlobalId, i: InstId, k: usize, var: MdId, loc: MdId, st: &mut FnState) -> Step {
        if !st.has_debug_info || self.v.md(loc, F::InlinedAt) != Md::Null {
            return Some(());
        }
        let arg = self.v.uint(var, F::Arg);
        if arg == 0 {
            return Some(());
        }
        let prev = *st.fn_args.entry(arg).or_insert(var);
        st.fn_args.insert(arg, var);
        self.check(prev == var, "conflicting debug info for argument", &[Subject::Record(g, i, k), Subject::Md(prev)])
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
    fn visit_label_record(&mut self, g: GlobalId, i: InstId, k: usize, r: &DbgRecord) -> Step {
        let subj = [Subject::Record(g, i, k)];
        self.check(self.v.is(r.var, DiKind::Label), "invalid #dbg_label intrinsic variable", &subj)?;
        if r.dbg != Md::Null && !self.v.is(r.dbg, DiKind::Location) {
            return Some(());
        }
        self.check(r.dbg != Md::Null, "#dbg_label record requires a !dbg attachment", &subj)?;
        let (Md::Node(label), Md::Node(loc)) = (r.var, r.dbg) else { return None };
        let label_sp = self.subprogram_of(self.v.md(label, F::Scope));
        let loc_sp = self.subprogram_of(self.v.md(loc, F::Scope));
        let (Some(a), Some(b)) = (label_sp, loc_sp) else { return Some(()) };
        self.check(a == b, "mismatched subprogram between #dbg_label label and !dbg attachment", &subj)
    }
}
