//! The module-level walk (`verifyModule`): every function, then the global variables, the
//! named metadata and the compile units, in LLVM's order.

use crate::function::FnState;
use crate::node::DiKind;
use crate::report::{Report, Subject};
use crate::walk::{Step, Verifier};
use llrs_ir::{GlobalId, InstId, Md, MdId};

impl Verifier<'_> {
    /// Runs every check and returns what was found.
    pub fn run(mut self) -> Report {
        (self.assign_users, self.assign_insts) = assign_ids(self.v.m);
        let m = self.v.m;
        let mut st = FnState::default();
        for &g in &m.functions {
            self.verify_function(g, &mut st);
        }
        self.finish()
    }

    /// `verify()`: the module as a whole, once every function is verified.
    pub(crate) fn finish(mut self) -> Report {
        let m = self.v.m;
        self.verify_frame_recover_indices();
        for &g in &m.vars {
            let _ = self.visit_global_variable_ir(g);
        }
        for &g in &m.aliases {
            let _ = self.visit_global_alias(g);
        }
        for &g in &m.ifuncs {
            let _ = self.visit_global_ifunc(g);
        }
        for (name, ops) in &m.named_md {
            let _ = self.visit_named_md_node(*name, ops);
        }
        self.visit_comdats();
        self.visit_module_flags();
        self.visit_module_idents();
        self.visit_module_command_lines();
        self.verify_compile_units();
        self.verify_deoptimize_calling_convs();
        self.report
    }

    /// `visitGlobalVariable`'s debug info: each `!dbg` is a `DIGlobalVariableExpression`.
    pub fn visit_global_var_md(&mut self, g: GlobalId) {
        let Some(dbg) = self.dbg else { return };
        for &(k, n) in &self.v.m.globals[g].md {
            if k != dbg {
                continue;
            }
            if self.v.is(Md::Node(n), DiKind::GlobalVariableExpression) {
                let _ = self.visit_global_variable_expression(n);
            } else {
                self.fail("!dbg attachment of global variable must be a DIGlobalVariableExpression", &[]);
                return;
            }
        }
    }

    /// `visitNamedMDNode`'s debug-info part.
    pub fn visit_named_md(&mut self, name: llrs_ir::Symbol, ops: &[MdId]) -> Step {
        let text = self.v.ctx().name(name);
        let is_cu = text == b"llvm.dbg.cu";
        if text.starts_with(b"llvm.dbg.") {
            self.check(is_cu, "unrecognized named metadata node in the llvm.dbg namespace", &[Subject::NamedMd(name)])?;
        }
        for &op in ops {
            if is_cu {
                let ok = self.v.is(Md::Node(op), DiKind::CompileUnit);
                self.check(ok, "invalid compile unit", &[Subject::NamedMd(name), Subject::Md(op)])?;
            }
            self.visit_md_node(op, true);
        }
        Some(())
    }

    /// `verifyCompileUnits`: every compile unit reached is listed in `!llvm.dbg.cu`.
    fn verify_compile_units(&mut self) {
        let m = self.v.m;
        let listed: rustc_hash::FxHashSet<MdId> = m
            .ctx
            .names
            .lookup(b"llvm.dbg.cu")
            .and_then(|key| m.named_md.iter().find(|(n, _)| *n == key))
            .map(|(_, ops)| ops.iter().copied().collect())
            .unwrap_or_default();
        for cu in std::mem::take(&mut self.cu_visited) {
            let _ = self.check(listed.contains(&cu), "DICompileUnit not listed in llvm.dbg.cu", &[Subject::Md(cu)]);
        }
    }
}

/// For each `DIAssignID`, the functions that use it.
pub(crate) type AssignUses = rustc_hash::FxHashMap<MdId, Vec<AssignUse>>;

/// A use of a `DIAssignID`: the function, the instruction, and the index of the `#dbg_assign`
/// among the instruction's records (0 for an attachment).
pub(crate) type AssignUse = (GlobalId, InstId, usize);

/// Which functions use each `DIAssignID`: in `#dbg_assign` records, and in attachments.
pub(crate) fn assign_ids(m: &llrs_ir::Module) -> (AssignUses, AssignUses) {
    let mut uses = (AssignUses::default(), AssignUses::default());
    let Some(kind) = m.ctx.names.lookup(b"DIAssignID") else { return uses };
    for &g in &m.functions {
        add_assign_ids(m, kind, g, &mut uses);
    }
    uses
}

/// [`assign_ids`] of function `g` (`kind` the name `DIAssignID`) added to `(users, insts)`.
pub(crate) fn add_assign_ids(
    m: &llrs_ir::Module,
    kind: llrs_ir::Symbol,
    g: GlobalId,
    uses: &mut (AssignUses, AssignUses),
) {
    let (users, insts) = uses;
    let Some(body) = m.globals[g].func.as_ref().and_then(|f| f.body.as_ref()) else { return };
    for &b in &body.layout {
        for &i in &body.blocks[b].insts {
            let inst = &body.insts[i];
            for &(k, n) in &inst.md {
                if k == kind {
                    add(insts, n, (g, i, 0), false);
                }
            }
            for (k, r) in inst.dbg_records.iter().enumerate() {
                if let Some((Md::Node(id), _, _)) = r.assign {
                    add(users, id, (g, i, k), true);
                }
            }
        }
    }
}

/// Adds use `u` to the uses of `id`. Of uses in one function after another, one is kept: the
/// first, or the last when `keep_last`.
fn add(map: &mut AssignUses, id: MdId, u: AssignUse, keep_last: bool) {
    let list = map.entry(id).or_default();
    match list.last_mut() {
        Some(l) if l.0 == u.0 => {
            if keep_last {
                *l = u;
            }
        }
        _ => list.push(u),
    }
}
