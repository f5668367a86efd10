//! Funclets: `visitFuncletPadInst` (every unwind edge out of a funclet pad goes to the same
//! place), `verifySiblingFuncletUnwinds` (sibling pads cannot unwind to each other in a
//! cycle) and `colorEHFunclets` (the funclets each block belongs to).

use super::Pad;
use crate::ir::calls::is_eh_pad;
use crate::ir::FnCtx;
use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::{InstId, Opcode, Value};
use rustc_hash::{FxHashMap, FxHashSet};

/// Bound on the walks up a chain of parent pads (each pad has one parent; a longer chain is a
/// cycle in a broken module).
const MAX_DEPTH: usize = 1 << 16;

impl Verifier<'_> {
    /// `visitFuncletPadInst`.
    pub(super) fn visit_funclet_pad(&mut self, f: &FnCtx<'_>, fpi: InstId) -> Step {
        let fpi_pad = Pad::V(Value::Inst(fpi));
        let mut first_user: Option<InstId> = None;
        let mut first_unwind_pad: Option<Pad> = None;
        let mut worklist: Vec<InstId> = vec![fpi];
        let mut seen: FxHashSet<InstId> = FxHashSet::default();
        while let Some(current) = worklist.pop() {
            if !seen.insert(current) {
                self.fail_module("FuncletPadInst must not be nested within itself", &[Subject::Inst(f.g, current)]);
                return None;
            }
            let current_pad = Pad::V(Value::Inst(current));
            let mut unresolved: Option<Pad> = None;
            for u in f.users(Value::Inst(current)) {
                let ud = f.inst(u.user);
                let unwind_dest = match ud.op {
                    Opcode::CleanupRet => self.unwind_dest(f, u.user),
                    // A catchswitch that unwinds to the caller may sit in a pad that unwinds
                    // elsewhere (it has no nounwind form).
                    Opcode::CatchSwitch => match self.unwind_dest(f, u.user) {
                        Some(b) => Some(b),
                        None => continue,
                    },
                    Opcode::Invoke => self.unwind_dest(f, u.user),
                    // Calls that do not unwind may sit in pads that unwind elsewhere.
                    Opcode::Call => continue,
                    Opcode::CleanupPad => {
                        worklist.push(u.user);
                        continue;
                    }
                    op => {
                        self.check_module(
                            op == Opcode::CatchRet,
                            "Bogus funclet pad use",
                            &[Subject::Inst(f.g, u.user)],
                        )?;
                        continue;
                    }
                };
                let unwind_pad;
                let exits_fpi;
                if let Some(dest) = unwind_dest {
                    let Some(first) = f.first_non_phi(dest) else { continue };
                    if !is_eh_pad(f.inst(first).op) {
                        continue;
                    }
                    unwind_pad = Pad::V(Value::Inst(first));
                    let unwind_parent = self.parent_pad(f, unwind_pad);
                    // Unwind edges that stay in the current pad do not count.
                    if unwind_parent == current_pad {
                        continue;
                    }
                    // Which pads does the edge leave: the original one, and how many nested?
                    let mut exited = current_pad;
                    let mut exits = false;
                    for _ in 0..MAX_DEPTH {
                        if exited == fpi_pad {
                            exits = true;
                            unresolved = Some(fpi_pad);
                            break;
                        }
                        let exited_parent = self.parent_pad(f, exited);
                        if exited_parent == unwind_parent {
                            unresolved = Some(exited_parent);
                            break;
                        }
                        exited = exited_parent;
                        if matches!(exited, Pad::None | Pad::Bad(_)) {
                            break;
                        }
                    }
                    exits_fpi = exits;
                } else {
                    // Unwinding to the caller leaves every pad.
                    unwind_pad = Pad::None;
                    exits_fpi = true;
                    unresolved = Some(fpi_pad);
                }

                if exits_fpi {
                    if let (Some(fu), Some(fup)) = (first_user, first_unwind_pad) {
                        self.check_module(
                            unwind_pad == fup,
                            "Unwind edges out of a funclet pad must have the same unwind dest",
                            &[Subject::Inst(f.g, fpi), Subject::Inst(f.g, u.user), Subject::Inst(f.g, fu)],
                        )?;
                    } else {
                        first_user = Some(u.user);
                        first_unwind_pad = Some(unwind_pad);
                        if f.inst(fpi).op == Opcode::CleanupPad
                            && unwind_pad != Pad::None
                            && self.parent_pad(f, unwind_pad) == self.parent_pad(f, fpi_pad)
                        {
                            self.eh_state.set_sibling(fpi, u.user);
                        }
                    }
                }
                // All uses of the pad itself; for nested pads, only until it is known where
                // they unwind.
                if current != fpi {
                    break;
                }
            }
            let Some(unresolved) = unresolved else { continue };
            if current_pad == unresolved {
                continue;
            }
            // Pop the nested pads (uncles of the current pad) whose unwind destination is now
            // known.
            let mut resolved = current_pad;
            while let Some(&uncle) = worklist.last() {
                let ancestor = self.parent_pad(f, Pad::V(Value::Inst(uncle)));
                for _ in 0..MAX_DEPTH {
                    if resolved == ancestor {
                        break;
                    }
                    let resolved_parent = self.parent_pad(f, resolved);
                    if resolved_parent == unresolved || matches!(resolved_parent, Pad::None | Pad::Bad(_)) {
                        break;
                    }
                    resolved = resolved_parent;
                }
                if resolved != ancestor {
                    break;
                }
                worklist.pop();
            }
        }

        if let Some(fup) = first_unwind_pad {
            let parent = f.inst(fpi).operands.first().copied();
            if let Some(Value::Inst(cs)) = parent.filter(|&v| self.op_of(f, v) == Some(Opcode::CatchSwitch)) {
                let switch_pad = match self.catch_switch_parts(f, cs).1 {
                    Some(b) => f.first_non_phi(b).map_or(Pad::None, |p| Pad::V(Value::Inst(p))),
                    None => Pad::None,
                };
                let mut subjects = vec![Subject::Inst(f.g, fpi)];
                subjects.extend(first_user.map(|u| Subject::Inst(f.g, u)));
                subjects.push(Subject::Inst(f.g, cs));
                self.check_module(
                    switch_pad == fup,
                    "Unwind edges out of a catch must have the same unwind dest as the parent catchswitch",
                    &subjects,
                )?;
            }
        }
        self.visit_instruction(f, fpi)
    }

    /// `getSuccPad`: the first non-PHI instruction where a terminator unwinds to.
    fn succ_pad(&self, f: &FnCtx<'_>, t: InstId) -> Option<InstId> {
        f.first_non_phi(self.unwind_dest(f, t)?)
    }

    /// `verifySiblingFuncletUnwinds`, at the end of each function.
    pub fn verify_sibling_funclet_unwinds(&mut self, f: &FnCtx<'_>) {
        let info = std::mem::take(&mut self.eh_state.sibling_funclet_info);
        let index: FxHashMap<InstId, InstId> = info.iter().copied().collect();
        let mut visited: FxHashSet<InstId> = FxHashSet::default();
        let mut active: FxHashSet<InstId> = FxHashSet::default();
        for &(pred_pad, terminator) in &info {
            if visited.contains(&pred_pad) {
                continue;
            }
            active.insert(pred_pad);
            let mut terminator = terminator;
            while let Some(succ) = self.succ_pad(f, terminator) {
                if active.contains(&succ) {
                    // A cycle: report its pads and the terminators between them.
                    let mut nodes = Vec::new();
                    let mut cycle_pad = succ;
                    for _ in 0..info.len() + 1 {
                        nodes.push(cycle_pad);
                        let Some(&t) = index.get(&cycle_pad) else { break };
                        if t != cycle_pad {
                            nodes.push(t);
                        }
                        match self.succ_pad(f, t) {
                            Some(next) if next != succ => cycle_pad = next,
                            _ => break,
                        }
                    }
                    let subjects: Vec<Subject> = nodes.iter().map(|&n| Subject::Inst(f.g, n)).collect();
                    self.fail_module("EH pads can't handle each other's exceptions", &subjects);
                    self.eh_state.sibling_funclet_info = info;
                    return;
                }
                // Do not walk a pad again.
                if !visited.insert(succ) {
                    break;
                }
                let Some(&t) = index.get(&succ) else { break };
                terminator = t;
                active.insert(succ);
            }
            // Each pad has one successor: every active pad's successor has been walked.
            active.clear();
        }
        self.eh_state.sibling_funclet_info = info;
    }
}
