//! Exception handling: `landingpad`, `resume`, `catchswitch`, `catchpad`, `catchret`,
//! `cleanuppad`, `cleanupret` (`visitLandingPadInst` ... `visitCleanupReturnInst`), the
//! predecessors of EH pads (`visitEHPadPredecessors`), funclet pads' unwind destinations
//! (`visitFuncletPadInst`), `verifySiblingFuncletUnwinds` and the funclet colouring
//! (`colorEHFunclets`).

mod funclet;
#[cfg(test)]
mod tests;

use super::calls::is_eh_pad;
use super::calls::site::Site;
use super::FnCtx;
use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::instructions::Clause;
use llrs_ir::{BlockId, Const, ConstId, InstExtra, InstId, Opcode, Type, TypeId, Value};

/// State of these visitors, for the function being verified.
#[derive(Default)]
pub struct EhState {
    /// `LandingPadResultTy`: the type of the first landingpad or resume.
    pub landing_pad_result_ty: Option<TypeId>,
    /// `SiblingFuncletInfo`: catchswitches and cleanuppads that unwind to a sibling, with the
    /// terminator that says so, in insertion order.
    pub sibling_funclet_info: Vec<(InstId, InstId)>,
    /// Where each pad of `sibling_funclet_info` is.
    sibling_index: rustc_hash::FxHashMap<InstId, usize>,
}

impl EhState {
    /// Clears what holds for one function only.
    pub fn end_function(&mut self) {
        *self = EhState::default();
    }

    /// `SiblingFuncletInfo[pad] = terminator` (a new pad goes last, a known one keeps its place).
    fn set_sibling(&mut self, pad: InstId, term: InstId) {
        match self.sibling_index.get(&pad) {
            Some(&k) => {
                if let Some(e) = self.sibling_funclet_info.get_mut(k) {
                    e.1 = term;
                }
            }
            None => {
                self.sibling_index.insert(pad, self.sibling_funclet_info.len());
                self.sibling_funclet_info.push((pad, term));
            }
        }
    }
}

/// A pad as LLVM's `getParentPad` sees it: `none`, or a value (`Bad` for what is no pad, where
/// LLVM's casts would not hold).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) enum Pad {
    /// `token none`: the function itself.
    None,
    /// A value.
    V(Value),
    /// What `getParentPad` gives for a value that is not a pad (never equal to a real pad).
    Bad(Value),
}

impl Pad {
    /// The instruction, if this is one.
    fn inst(self) -> Option<InstId> {
        match self {
            Pad::V(Value::Inst(i)) => Some(i),
            _ => None,
        }
    }
}

impl Verifier<'_> {
    /// A value as a pad (`token none` becomes [`Pad::None`]).
    pub(crate) fn pad_of(&self, v: Value) -> Pad {
        match v {
            Value::Const(c) if self.is_none_token(c) => Pad::None,
            v => Pad::V(v),
        }
    }

    fn is_none_token(&self, c: ConstId) -> bool {
        matches!(self.v.m.ctx.const_of(c), Const::NoneToken(_))
    }

    /// `getParentPad`: the parent of a funclet pad or catchswitch.
    pub(crate) fn parent_pad(&self, f: &FnCtx<'_>, p: Pad) -> Pad {
        let Some(i) = p.inst() else {
            return match p {
                Pad::V(v) | Pad::Bad(v) => Pad::Bad(v),
                Pad::None => Pad::None,
            };
        };
        let d = f.inst(i);
        match (d.op, d.operands.first()) {
            (Opcode::CatchPad | Opcode::CleanupPad | Opcode::CatchSwitch, Some(&v)) => self.pad_of(v),
            _ => Pad::Bad(Value::Inst(i)),
        }
    }

    /// The subject LLVM prints for a pad (nothing for `none`, which has no id here).
    fn pad_subject(&self, f: &FnCtx<'_>, p: Pad) -> Option<Subject> {
        match p {
            Pad::V(v) | Pad::Bad(v) => Some(Subject::Value(f.g, v)),
            Pad::None => None,
        }
    }

    /// The op of an instruction value.
    fn op_of(&self, f: &FnCtx<'_>, v: Value) -> Option<Opcode> {
        match v {
            Value::Inst(i) => f.body.insts.get(i).map(|d| d.op),
            _ => None,
        }
    }

    /// `[handlers, unwind destination]` of a catchswitch.
    pub(crate) fn catch_switch_parts<'a>(&self, f: &FnCtx<'a>, cs: InstId) -> (&'a [Value], Option<BlockId>) {
        let d = f.inst(cs);
        let n = match d.extra {
            InstExtra::CatchSwitch(n) => n as usize,
            _ => d.operands.len().saturating_sub(1),
        };
        let handlers = d.operands.get(1..1 + n).unwrap_or(&[]);
        let unwind = match d.operands.get(1 + n) {
            Some(&Value::Block(b)) => Some(b),
            _ => None,
        };
        (handlers, unwind)
    }

    /// The unwind destination of an invoke, catchswitch or cleanupret.
    pub(crate) fn unwind_dest(&self, f: &FnCtx<'_>, t: InstId) -> Option<BlockId> {
        let d = f.inst(t);
        let v = match d.op {
            Opcode::Invoke => Site::of(d).and_then(|s| s.dests().get(1).copied()),
            Opcode::CatchSwitch => return self.catch_switch_parts(f, t).1,
            Opcode::CleanupRet => d.operands.get(1).copied(),
            _ => None,
        };
        match v {
            Some(Value::Block(b)) => Some(b),
            _ => None,
        }
    }

    fn has_personality(&self, f: &FnCtx<'_>) -> bool {
        f.fd.personality.is_some()
    }

    /// `visitEHPadPredecessors`.
    fn visit_eh_pad_predecessors(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let me = Subject::Inst(f.g, i);
        let b = f.block_of(i)?;
        self.check_module(Some(b) != f.entry(), "EH pad cannot be in entry block.", &[me])?;
        let d = f.inst(i);
        if d.op == Opcode::LandingPad {
            // Only the unwind edge of an invoke may lead to a landing pad.
            for &pred in f.preds(b) {
                let ok =
                    f.terminator(pred).and_then(|t| Site::of(f.inst(t)).filter(|_| f.inst(t).op == Opcode::Invoke));
                let ok = ok.is_some_and(|s| {
                    s.dests().get(1) == Some(&Value::Block(b)) && s.dests().first() != Some(&Value::Block(b))
                });
                self.check_module(
                    ok,
                    "Block containing LandingPadInst must be jumped to only by the unwind edge of an invoke.",
                    &[me],
                )?;
            }
            return Some(());
        }
        if d.op == Opcode::CatchPad {
            let Some(cs) = d.operands.first().and_then(|&v| match v {
                Value::Inst(x) if f.inst(x).op == Opcode::CatchSwitch => Some(x),
                _ => None,
            }) else {
                return Some(());
            };
            let preds = f.preds(b);
            if let Some(&first) = preds.first() {
                let unique = preds.iter().all(|&p| p == first).then_some(first);
                self.check_module(
                    unique.is_some() && unique == f.block_of(cs),
                    "Block containg CatchPadInst must be jumped to only by its catchswitch.",
                    &[me],
                )?;
            }
            self.check_module(
                self.catch_switch_parts(f, cs).1 != Some(b),
                "Catchswitch cannot unwind to one of its catchpads",
                &[Subject::Inst(f.g, cs), me],
            )?;
            return Some(());
        }

        // Each predecessor must reach this pad by an unwind edge that leaves its pads legally.
        let to_pad = Pad::V(Value::Inst(i));
        let to_parent = self.parent_pad(f, to_pad);
        for &pred in f.preds(b) {
            let Some(ti) = f.terminator(pred) else { continue };
            let td = f.inst(ti);
            let mut from = match td.op {
                Opcode::Invoke => {
                    let Some(site) = Site::of(td) else { continue };
                    let dests = site.dests();
                    let ok = dests.get(1) == Some(&Value::Block(b)) && dests.first() != Some(&Value::Block(b));
                    self.check_module(
                        ok,
                        "EH pad must be jumped to via an unwind edge",
                        &[me, Subject::Inst(f.g, ti)],
                    )?;
                    let called = site.callee().and_then(|c| self.stripped_function(f, c));
                    if let Some(g) = called {
                        if self.intrinsic_of(g).is_some()
                            && self.call_has_fn_attr(site, "nounwind")
                            && !may_lower_to_function_call(self.known_intrinsic(g))
                        {
                            continue;
                        }
                    }
                    let funclet = site.call.bundles.iter().find(|bu| self.v.m.ctx.name(bu.tag) == b"funclet");
                    match funclet {
                        Some(bu) => bu.inputs.first().map_or(Pad::None, |&v| self.pad_of(v)),
                        None => Pad::None,
                    }
                }
                Opcode::CleanupRet => {
                    let from = td.operands.first().map_or(Pad::None, |&v| self.pad_of(v));
                    self.check_module(
                        from != to_parent,
                        "A cleanupret must exit its cleanup",
                        &[Subject::Inst(f.g, ti)],
                    )?;
                    from
                }
                Opcode::CatchSwitch => Pad::V(Value::Inst(ti)),
                _ => {
                    self.fail_module("EH pad must be jumped to via an unwind edge", &[me, Subject::Inst(f.g, ti)]);
                    return None;
                }
            };
            // The edge may leave several nested pads, but enter only this one.
            let mut seen: rustc_hash::FxHashSet<Pad> = Default::default();
            loop {
                if from == to_pad {
                    let mut subjects: Vec<Subject> = self.pad_subject(f, from).into_iter().collect();
                    subjects.push(Subject::Inst(f.g, ti));
                    self.fail_module("EH pad cannot handle exceptions raised within it", &subjects);
                    return None;
                }
                if from == to_parent {
                    break;
                }
                self.check_module(
                    from != Pad::None,
                    "A single unwind edge may only enter one EH pad",
                    &[Subject::Inst(f.g, ti)],
                )?;
                if !seen.insert(from) {
                    let subjects: Vec<Subject> = self.pad_subject(f, from).into_iter().collect();
                    self.fail_module("EH pad jumps through a cycle of pads", &subjects);
                    return None;
                }
                let is_pad = matches!(
                    from,
                    Pad::V(v) if matches!(self.op_of(f, v), Some(Opcode::CatchPad | Opcode::CleanupPad | Opcode::CatchSwitch))
                );
                self.check_module(
                    is_pad,
                    "Parent pad must be catchpad/cleanuppad/catchswitch",
                    &[Subject::Inst(f.g, ti)],
                )?;
                from = self.parent_pad(f, from);
            }
        }
        Some(())
    }

    /// Whether a landingpad filter is a `ConstantArray` or a `ConstantAggregateZero` (LLVM
    /// keeps an array of simple numbers as a `ConstantDataArray`, all undef as `undef`).
    fn is_filter_array(&self, v: Value) -> bool {
        let ctx = &self.v.m.ctx;
        let Value::Const(c) = v else { return false };
        let is_null = |c: ConstId| match ctx.const_of(c) {
            Const::Int(_, x) => x.is_zero(),
            Const::Float(_, bits) => *bits == 0,
            Const::Null(_) | Const::Zero(_) | Const::NoneToken(_) => true,
            _ => false,
        };
        match ctx.const_of(c) {
            Const::Zero(t) => self.types().is_array(*t),
            Const::Array(t, elems) => {
                if elems.iter().all(|&e| is_null(e)) {
                    return true;
                }
                if elems.iter().all(|&e| matches!(ctx.const_of(e), Const::Undef(_) | Const::Poison(_))) {
                    return false;
                }
                let elem_ty = match ctx.type_of(*t) {
                    Type::Array(_, e) => *e,
                    _ => return true,
                };
                let simple = match ctx.type_of(elem_ty) {
                    Type::Int(n) => matches!(n, 8 | 16 | 32 | 64),
                    Type::Float(k) => matches!(k.bits(), 16 | 32 | 64),
                    _ => false,
                };
                let data = elems.iter().all(|&e| matches!(ctx.const_of(e), Const::Int(..) | Const::Float(..)));
                !(simple && data)
            }
            _ => false,
        }
    }

    /// `visitLandingPadInst`.
    pub fn visit_landing_pad(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let me = Subject::Inst(f.g, i);
        let d = f.inst(i);
        let clauses: &[Clause] = match &d.extra {
            InstExtra::LandingPad(c) => c,
            _ => &[],
        };
        let cleanup = d.flags & llrs_ir::instructions::flags::CLEANUP != 0;
        self.check_module(
            !clauses.is_empty() || cleanup,
            "LandingPadInst needs at least one clause or to be a cleanup.",
            &[me],
        )?;
        let _ = self.visit_eh_pad_predecessors(f, i);
        match self.eh_state.landing_pad_result_ty {
            None => self.eh_state.landing_pad_result_ty = Some(d.ty),
            Some(t) => self.check_module(
                t == d.ty,
                "The landingpad instruction should have a consistent result type inside a function.",
                &[me],
            )?,
        }
        self.check_module(
            self.has_personality(f),
            "LandingPadInst needs to be in a function with a personality.",
            &[me],
        )?;
        let first = f.block_of(i).and_then(|b| f.first_non_phi(b));
        self.check_module(first == Some(i), "LandingPadInst not the first non-PHI instruction in the block.", &[me])?;
        for clause in clauses {
            match *clause {
                Clause::Catch(v) => {
                    let ptr = self.value_ty(f, v).is_some_and(|t| self.types().is_ptr(t));
                    self.check_module(ptr, "Catch operand does not have pointer type!", &[me])?;
                }
                Clause::Filter(v) => {
                    self.check_module(self.is_filter_array(v), "Filter operand is not an array of constants!", &[me])?;
                }
            }
        }
        self.visit_instruction(f, i)
    }

    /// `visitResumeInst`.
    pub fn visit_resume(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let me = Subject::Inst(f.g, i);
        self.check_module(self.has_personality(f), "ResumeInst needs to be in a function with a personality.", &[me])?;
        let ty = f.inst(i).operands.first().and_then(|&v| self.value_ty(f, v));
        match (self.eh_state.landing_pad_result_ty, ty) {
            (None, Some(t)) => self.eh_state.landing_pad_result_ty = Some(t),
            (Some(t), ty) => self.check_module(
                Some(t) == ty,
                "The resume instruction should have a consistent result type inside a function.",
                &[me],
            )?,
            (None, None) => {}
        }
        self.visit_terminator(f, i)
    }

    /// `visitCatchPadInst`.
    pub fn visit_catch_pad(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let me = Subject::Inst(f.g, i);
        self.check_module(
            self.has_personality(f),
            "CatchPadInst needs to be in a function with a personality.",
            &[me],
        )?;
        let parent = f.inst(i).operands.first().copied();
        let in_switch = parent.and_then(|v| self.op_of(f, v)) == Some(Opcode::CatchSwitch);
        let subjects: Vec<Subject> = parent.map(|v| Subject::Value(f.g, v)).into_iter().collect();
        self.check_module(in_switch, "CatchPadInst needs to be directly nested in a CatchSwitchInst.", &subjects)?;
        let first = f.block_of(i).and_then(|b| f.first_non_phi(b));
        self.check_module(first == Some(i), "CatchPadInst not the first non-PHI instruction in the block.", &[me])?;
        let _ = self.visit_eh_pad_predecessors(f, i);
        self.visit_funclet_pad(f, i)
    }

    /// `visitCatchReturnInst`.
    pub fn visit_catch_return(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let pad = f.inst(i).operands.first().copied();
        let ok = pad.and_then(|v| self.op_of(f, v)) == Some(Opcode::CatchPad);
        let mut subjects = vec![Subject::Inst(f.g, i)];
        subjects.extend(pad.map(|v| Subject::Value(f.g, v)));
        self.check_module(ok, "CatchReturnInst needs to be provided a CatchPad", &subjects)?;
        self.visit_terminator(f, i)
    }

    /// `visitCleanupPadInst`.
    pub fn visit_cleanup_pad(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let me = Subject::Inst(f.g, i);
        self.check_module(
            self.has_personality(f),
            "CleanupPadInst needs to be in a function with a personality.",
            &[me],
        )?;
        let first = f.block_of(i).and_then(|b| f.first_non_phi(b));
        self.check_module(first == Some(i), "CleanupPadInst not the first non-PHI instruction in the block.", &[me])?;
        let parent = f.inst(i).operands.first().map(|&v| self.pad_of(v));
        let ok = match parent {
            Some(Pad::None) => true,
            Some(Pad::V(v)) => matches!(self.op_of(f, v), Some(Opcode::CatchPad | Opcode::CleanupPad)),
            _ => false,
        };
        self.check_module(ok, "CleanupPadInst has an invalid parent.", &[me])?;
        let _ = self.visit_eh_pad_predecessors(f, i);
        self.visit_funclet_pad(f, i)
    }

    /// `visitCatchSwitchInst`.
    pub fn visit_catch_switch(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let me = Subject::Inst(f.g, i);
        self.check_module(
            self.has_personality(f),
            "CatchSwitchInst needs to be in a function with a personality.",
            &[me],
        )?;
        let first = f.block_of(i).and_then(|b| f.first_non_phi(b));
        self.check_module(first == Some(i), "CatchSwitchInst not the first non-PHI instruction in the block.", &[me])?;
        let parent_v = f.inst(i).operands.first().copied();
        let parent = parent_v.map(|v| self.pad_of(v));
        let ok = match parent {
            Some(Pad::None) => true,
            Some(Pad::V(v)) => matches!(self.op_of(f, v), Some(Opcode::CatchPad | Opcode::CleanupPad)),
            _ => false,
        };
        let subjects: Vec<Subject> = parent_v.map(|v| Subject::Value(f.g, v)).into_iter().collect();
        self.check_module(ok, "CatchSwitchInst has an invalid parent.", &subjects)?;
        let (handlers, unwind) = self.catch_switch_parts(f, i);
        if let Some(u) = unwind {
            let pad = f.first_non_phi(u);
            let ok = pad.is_some_and(|p| is_eh_pad(f.inst(p).op) && f.inst(p).op != Opcode::LandingPad);
            self.check_module(ok, "CatchSwitchInst must unwind to an EH block which is not a landingpad.", &[me])?;
            if let Some(p) = pad {
                if Some(self.parent_pad(f, Pad::V(Value::Inst(p)))) == parent {
                    self.eh_state.set_sibling(i, i);
                }
            }
        }
        self.check_module(!handlers.is_empty(), "CatchSwitchInst cannot have empty handler list", &[me])?;
        for &h in handlers {
            let Value::Block(hb) = h else { continue };
            let ok = f.first_non_phi(hb).is_some_and(|p| f.inst(p).op == Opcode::CatchPad);
            self.check_module(ok, "CatchSwitchInst handlers must be catchpads", &[me, Subject::Block(f.g, hb)])?;
        }
        let _ = self.visit_eh_pad_predecessors(f, i);
        self.visit_terminator(f, i)
    }

    /// `visitCleanupReturnInst`.
    pub fn visit_cleanup_return(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let me = Subject::Inst(f.g, i);
        let pad = f.inst(i).operands.first().copied();
        let ok = pad.and_then(|v| self.op_of(f, v)) == Some(Opcode::CleanupPad);
        let mut subjects = vec![me];
        subjects.extend(pad.map(|v| Subject::Value(f.g, v)));
        self.check_module(ok, "CleanupReturnInst needs to be provided a CleanupPad", &subjects)?;
        if let Some(u) = self.unwind_dest(f, i) {
            let ok = f.first_non_phi(u).is_some_and(|p| is_eh_pad(f.inst(p).op) && f.inst(p).op != Opcode::LandingPad);
            self.check_module(ok, "CleanupReturnInst must unwind to an EH block which is not a landingpad.", &[me])?;
        }
        self.visit_terminator(f, i)
    }
}

/// `IntrinsicInst::mayLowerToFunctionCall`: the ObjC ARC intrinsics.
fn may_lower_to_function_call(name: Option<&[u8]>) -> bool {
    let Some(rest) = name.and_then(|n| n.strip_prefix(b"llvm.objc.")) else { return false };
    matches!(
        rest,
        b"autorelease"
            | b"autoreleasePoolPop"
            | b"autoreleasePoolPush"
            | b"autoreleaseReturnValue"
            | b"copyWeak"
            | b"destroyWeak"
            | b"initWeak"
            | b"loadWeak"
            | b"loadWeakRetained"
            | b"moveWeak"
            | b"release"
            | b"retain"
            | b"retainAutorelease"
            | b"retainAutoreleaseReturnValue"
            | b"retainAutoreleasedReturnValue"
            | b"retainBlock"
            | b"storeStrong"
            | b"storeWeak"
            | b"unsafeClaimAutoreleasedReturnValue"
            | b"retainedObject"
            | b"unretainedObject"
            | b"unretainedPointer"
            | b"retain.autorelease"
            | b"sync.enter"
            | b"sync.exit"
    )
}
