//! Debug info of functions and instructions (`Verifier::visitFunction`, `visitInstruction`,
//! `visitCallBase`): `!dbg` attachments, the subprogram every location leads back to, and the
//! `!dbg` location an inlinable call needs.

use crate::node::{DiKind, F};
use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::{Const, GlobalId, InstData, InstId, Md, MdId, Opcode, Symbol, Value};

/// Per-function state (`HasDebugInfo`, `DebugFnArgs`).
#[derive(Default)]
pub struct FnState {
    /// The function has a `DISubprogram` attached.
    pub has_debug_info: bool,
    /// The variables of the function's arguments seen so far, by argument number.
    pub fn_args: rustc_hash::FxHashMap<u64, MdId>,
    /// The function's number, from 1.
    pub number: u32,
}

impl Verifier<'_> {
    /// The `!dbg` attachment of an instruction or global.
    pub fn dbg_of(&self, md: &[(Symbol, MdId)]) -> Option<MdId> {
        let dbg = self.dbg?;
        md.iter().find(|(k, _)| *k == dbg).map(|&(_, n)| n)
    }

    /// `Function::getSubprogram`.
    pub fn subprogram_attached(&self, g: GlobalId) -> Option<MdId> {
        let sp = self.dbg_of(&self.v.m.globals[g].md)?;
        self.v.is(Md::Node(sp), DiKind::Subprogram).then_some(sp)
    }

    /// Every `!dbg` location of the function (and those of its `!llvm.loop` nodes) must lead,
    /// through its inlined-at chain and lexical blocks, to the function's subprogram.
    pub fn check_locations_lead_to(&mut self, g: GlobalId, sp: MdId, number: u32) {
        let m = self.v.m;
        let Some(body) = m.globals[g].func.as_ref().and_then(|f| f.body.as_ref()) else { return };
        let lp = self.llvm_loop;
        for &b in &body.layout {
            for &i in &body.blocks[b].insts {
                let inst = &body.insts[i];
                let dbg = self.dbg_of(&inst.md).map(Md::Node);
                let loop_ops = match lp.and_then(|lp| inst.md.iter().find(|(k, _)| *k == lp)) {
                    Some(&(_, l)) => self.v.node(l).ops.get(1..).unwrap_or(&[]),
                    None => &[],
                };
                for &loc in dbg.iter().chain(loop_ops) {
                    let Md::Node(loc) = loc else { continue };
                    if !self.v.is(Md::Node(loc), DiKind::Location) {
                        continue;
                    }
                    if self.seen_in.0 != number {
                        self.seen_in.0 = number;
                        self.seen_in.1.clear();
                    }
                    if !self.seen_in.1.insert(loc) {
                        continue;
                    }
                    if self.check_location_leads_to(g, i, loc, sp).is_none() {
                        return;
                    }
                }
            }
        }
    }

    fn check_location_leads_to(&mut self, g: GlobalId, i: InstId, loc: MdId, sp: MdId) -> Step {
        let parent = self.v.md(loc, F::Scope);
        let subjects = [Subject::Md(sp), Subject::Global(g), Subject::Inst(g, i), Subject::Md(loc)];
        let with_parent = [subjects[0], subjects[1], subjects[2], subjects[3], Subject::MdRef(parent)];
        self.check(self.v.is_local_scope(parent), "DILocation's scope must be a DILocalScope", &with_parent)?;
        // getInlinedAtScope: the scope of the last location of the inlined-at chain.
        let mut cur = loc;
        let mut steps = 0usize;
        while let Md::Node(ia) = self.v.md(cur, F::InlinedAt) {
            if !self.v.is(Md::Node(ia), DiKind::Location) || steps > self.v.ctx().num_mds() {
                break;
            }
            cur = ia;
            steps += 1;
        }
        let scope = self.v.md(cur, F::Scope);
        let found = self.subprogram_of(scope);
        let found_md = found.map_or(Md::Null, Md::Node);
        let subjects =
            [subjects[0], subjects[1], subjects[2], subjects[3], Subject::MdRef(scope), Subject::MdRef(found_md)];
        self.check(found == Some(sp), "!dbg attachment points at wrong subprogram for function", &subjects)
    }

    /// `visitCallBase`'s debug-info rule, and the metadata arguments of intrinsic calls.
    pub fn visit_call_md(&mut self, g: GlobalId, i: InstId, inst: &InstData) {
        let m = self.v.m;
        let Some(callee) = self.called_function(inst) else { return };
        let cg = &m.globals[callee];
        if matches!(self.v.intrinsic(callee), Some(Some(_))) {
            for op in inst.operands.iter().skip(1) {
                if let Value::Md(Md::Node(n)) = op {
                    if self.v.node_class(*n) != crate::node::Class::ArgList {
                        self.visit_md_node(*n, false);
                    }
                }
            }
        }
        let inlinable = self.subprogram_attached(g).is_some()
            && !self.gv_is_interposable(callee)
            && cg.func.as_ref().is_some_and(|f| f.body.is_some())
            && self.subprogram_attached(callee).is_some();
        if inlinable {
            let has_loc = self.dbg_of(&inst.md).is_some();
            let _ = self.check(
                has_loc,
                "inlinable function call in a function with debug info must have a !dbg location",
                &[Subject::Inst(g, i)],
            );
        }
    }

    /// `CallBase::getCalledFunction`: the callee when it is a function of the call's type.
    pub fn called_function(&self, inst: &InstData) -> Option<GlobalId> {
        let call = inst.call()?;
        let Value::Const(c) = *inst.operands.first()? else { return None };
        let Const::Global(_, g) = *self.v.ctx().const_of(c) else { return None };
        let gl = &self.v.m.globals[g];
        (gl.kind == llrs_ir::GlobalKind::Function && gl.value_ty == call.fn_ty).then_some(g)
    }

    /// The debug-info tail of `visitInstruction`: the `!DIAssignID` attachment
    /// (`visitDIAssignIDMetadata`), the `!dbg` location, then every attachment's node
    /// (`visitMDNode`, locations allowed under `!dbg` and `!llvm.loop` only). `None` when the
    /// `!dbg` attachment is not a location (LLVM's `CheckDI` returns from `visitInstruction`).
    pub fn visit_instruction_debug(&mut self, g: GlobalId, i: InstId, inst: &InstData) -> Step {
        if let Some(assign) = self.assign_kind {
            if let Some(&(_, node)) = inst.md.iter().find(|(k, _)| *k == assign) {
                self.visit_assign_id_attachment(g, i, inst, node);
            }
        }
        if let Some(loc) = self.dbg_of(&inst.md) {
            let is_loc = self.v.is(Md::Node(loc), DiKind::Location);
            self.check(is_loc, "invalid !dbg metadata attachment", &[Subject::Inst(g, i), Subject::Md(loc)])?;
            self.visit_md_node(loc, true);
            // Whether the location's atom group is allowed depends on the location only.
            let state = match self.atom_ok.get(loc.0 as usize) {
                Some(0) => {
                    let ok = self.v.uint(loc, F::AtomGroup) == 0 || {
                        let sp = self.subprogram_of(self.v.md(loc, F::Scope));
                        sp.is_some_and(|sp| self.v.bool(sp, F::KeyInstructions, false))
                    };
                    let state = if ok { 1 } else { 2 };
                    self.atom_ok[loc.0 as usize] = state;
                    state
                }
                Some(&s) => s,
                None => 1,
            };
            let _ = self.check(
                state == 1,
                "DbgLoc uses atomGroup but DISubprogram doesn't have Key Instructions enabled",
                &[Subject::Md(loc)],
            );
        }
        let lp = self.llvm_loop;
        for &(kind, node) in &inst.md {
            let allow = Some(kind) == self.dbg || Some(kind) == lp;
            self.visit_md_node(node, allow);
        }
        Some(())
    }

    /// `visitDIAssignIDMetadata`: only allocas, stores and intrinsic calls carry one, and the
    /// `#dbg_assign` records that use it are in the same function.
    fn visit_assign_id_attachment(&mut self, g: GlobalId, i: InstId, inst: &InstData, id: MdId) {
        let m = self.v.m;
        let intrinsic = inst.op == Opcode::Call
            && self
                .called_function(inst)
                .and_then(|c| m.globals[c].name)
                .is_some_and(|n| m.ctx.name(n).starts_with(b"llvm."));
        let ok = matches!(inst.op, Opcode::Alloca | Opcode::Store) || intrinsic;
        if self
            .check(ok, "!DIAssignID attached to unexpected instruction kind", &[Subject::Inst(g, i), Subject::Md(id)])
            .is_none()
        {
            return;
        }
        // LLVM meets the records the latest made first.
        let other = self.assign_users.get(&id).and_then(|us| us.iter().rev().find(|u| u.0 != g)).copied();
        if let Some((f, j, k)) = other {
            self.fail("DVRAssign not in same function as inst", &[Subject::Record(f, j, k), Subject::Inst(g, i)]);
        }
    }
}
