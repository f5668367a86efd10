//! LLVM's convergence-control verifier (`ConvergenceVerifier.cpp` and
//! `GenericConvergenceVerifierImpl.h`): `llvm.experimental.convergence.*` tokens and
//! `convergencectrl` bundles.
//!
//! LLVM runs it in two parts: `visit(I)` for each instruction (from the instruction visitor, with
//! `visit(BB)` at the start of each block), then `verify(DT)` at the end of a function that used
//! tokens. [`Verifier::convergence_visit_block`], [`Verifier::convergence_visit`] and
//! [`Verifier::convergence_verify`] are these parts over a [`ConvState`];
//! [`Verifier::verify_convergence`] runs both over the whole function at its end.

use super::super::FnCtx;
#[path = "more_cfg.rs"]
mod more_cfg;

use crate::report::Subject;
use crate::walk::Verifier;
use llrs_ir::{BlockId, InstId, Opcode, Value};
use more_cfg::{Cfg, Cycles};
use rustc_hash::FxHashMap;

/// Whether the function's convergent operations are controlled by tokens (`ConvergenceKind`).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
enum Kind {
    Controlled,
    Uncontrolled,
    #[default]
    None,
}

/// `ConvOpKind`: which convergence-control intrinsic an instruction calls.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum ConvOp {
    Anchor,
    Entry,
    Loop,
    None,
}

/// The state of the convergence verifier over one function (LLVM's
/// `GenericConvergenceVerifier` members).
#[derive(Default)]
pub struct ConvState {
    kind: Kind,
    /// `Tokens`: the token definition each instruction with a `convergencectrl` bundle uses.
    tokens: FxHashMap<InstId, InstId>,
    /// `SeenFirstConvOp`: a convergent operation was seen in the current block.
    seen_first_conv_op: bool,
}

impl ConvState {
    /// `sawTokens`: convergence control tokens were used (then `verify(DT)` runs).
    pub fn saw_tokens(&self) -> bool {
        self.kind == Kind::Controlled
    }
}

impl Verifier<'_> {
    /// LLVM's `ConvergenceVerifyHelper.verify(DT)` at the end of a function that uses
    /// convergence tokens (its blocks and calls were visited on the way: `visit_block_convergence`,
    /// `visit_call_convergence`).
    pub fn verify_convergence(&mut self, f: &FnCtx<'_>) {
        let st = std::mem::take(&mut self.conv_state);
        if st.saw_tokens() {
            self.convergence_verify(&st, f);
        }
    }

    /// `ConvergenceVerifyHelper.visit(BB)`, at the start of `visitBasicBlock`.
    pub fn visit_block_convergence(&mut self) {
        let mut st = std::mem::take(&mut self.conv_state);
        self.convergence_visit_block(&mut st);
        self.conv_state = st;
    }

    /// `ConvergenceVerifyHelper.visit(Call)`, in `visitCallBase`.
    pub fn visit_call_convergence(&mut self, f: &FnCtx<'_>, i: InstId) {
        let mut st = std::mem::take(&mut self.conv_state);
        self.convergence_visit(&mut st, f, i);
        self.conv_state = st;
    }

    /// `visit(const BasicBlock &)`: a new block starts.
    pub fn convergence_visit_block(&mut self, st: &mut ConvState) {
        st.seen_first_conv_op = false;
    }

    /// `visit(const Instruction &)`.
    pub fn convergence_visit(&mut self, st: &mut ConvState, f: &FnCtx<'_>, i: InstId) {
        let op = self.conv_op(f, i);
        let token_def = self.find_and_check_token_used(st, f, i);
        let me = [Subject::Inst(f.g, i)];
        let ok = 'sw: {
            match op {
                ConvOp::Entry | ConvOp::Anchor => {
                    if op == ConvOp::Entry {
                        let convergent = self.has(f.fd.attrs.func, "convergent");
                        if !convergent {
                            self.fail_module("Entry intrinsic can occur only in a convergent function.", &me);
                            break 'sw false;
                        }
                        if f.block_of(i) != f.entry() {
                            self.fail_module("Entry intrinsic can occur only in the entry block.", &me);
                            break 'sw false;
                        }
                        if st.seen_first_conv_op {
                            self.fail_module(
                                "Entry intrinsic cannot be preceded by a convergent operation in the same basic block.",
                                &me,
                            );
                            break 'sw false;
                        }
                    }
                    if token_def.is_some() {
                        self.fail_module("Entry or anchor intrinsic cannot have a convergencectrl token operand.", &me);
                        break 'sw false;
                    }
                }
                ConvOp::Loop => {
                    if token_def.is_none() {
                        self.fail_module("Loop intrinsic must have a convergencectrl token operand.", &me);
                        break 'sw false;
                    }
                    if st.seen_first_conv_op {
                        self.fail_module(
                            "Loop intrinsic cannot be preceded by a convergent operation in the same basic block.",
                            &me,
                        );
                        break 'sw false;
                    }
                }
                ConvOp::None => {}
            }
            true
        };
        if !ok {
            return;
        }
        // `checkConvergenceTokenProduced` does nothing for IR.
        let convergent = self.is_convergent_call(f, i);
        if convergent {
            st.seen_first_conv_op = true;
        }
        if token_def.is_some() || op != ConvOp::None {
            if st.kind == Kind::Uncontrolled {
                self.fail_module("Cannot mix controlled and uncontrolled convergence in the same function.", &me);
                return;
            }
            st.kind = Kind::Controlled;
        } else if convergent {
            if st.kind == Kind::Controlled {
                self.fail_module("Cannot mix controlled and uncontrolled convergence in the same function.", &me);
                return;
            }
            st.kind = Kind::Uncontrolled;
        }
    }

    /// `verify(DT)`: tokens dominate their uses, regions nest, and the static rules of cycles.
    pub fn convergence_verify(&mut self, st: &ConvState, f: &FnCtx<'_>) {
        let cfg = Cfg::new(f);
        let cycles = Cycles::new(f, &cfg);
        let mut live_map: FxHashMap<BlockId, Vec<InstId>> = FxHashMap::default();
        let mut hearts: FxHashMap<usize, InstId> = FxHashMap::default();
        let mut live: Vec<InstId> = Vec::new();
        for &bb in &cfg.rpo {
            live = live_map.remove(&bb).unwrap_or_default();
            for &i in &f.body.blocks[bb].insts {
                if let Some(&token) = st.tokens.get(&i) {
                    self.check_token(f, &cycles, &mut hearts, token, i, &mut live);
                }
                if self.conv_op(f, i) != ConvOp::None {
                    live.push(i);
                }
            }
            for &succ in f.succs(bb) {
                if let Some(entry) = live_map.get_mut(&succ) {
                    // The intersection of the live tokens.
                    entry.retain(|t| live.contains(t));
                } else {
                    // The first predecessor: the tokens that dominate the successor are live.
                    let mut list = Vec::new();
                    for &t in &live {
                        let Some(tb) = f.block_of(t) else { break };
                        if !f.dt.dominates_block(tb, succ) {
                            break;
                        }
                        list.push(t);
                    }
                    live_map.insert(succ, list);
                }
            }
        }
        drop(live);
    }

    /// `checkToken(Token, User, LiveTokens)`.
    fn check_token(
        &mut self,
        f: &FnCtx<'_>,
        cycles: &Cycles,
        hearts: &mut FxHashMap<usize, InstId>,
        token: InstId,
        user: InstId,
        live: &mut Vec<InstId>,
    ) {
        let pair = [Subject::Inst(f.g, token), Subject::Inst(f.g, user)];
        let (Some(def_bb), Some(bb)) = (f.block_of(token), f.block_of(user)) else { return };
        if !f.dt.dominates_block(def_bb, bb) {
            self.fail_module("Convergence control token must dominate all its uses.", &pair);
            return;
        }
        if !live.contains(&token) {
            self.fail_module("Convergence region is not well-nested.", &pair);
            return;
        }
        while live.last().is_some_and(|&t| t != token) {
            live.pop();
        }
        let Some(mut cycle) = cycles.cycle_of(bb) else { return };
        if def_bb == bb || cycles.contains(cycle, def_bb) {
            // A degenerate occurrence of a loop intrinsic.
            return;
        }
        if self.conv_op(f, user) != ConvOp::Loop {
            let text = self.text(cycles.print(&self.v.m.ctx, f, cycle));
            self.fail_module(
                "Convergence token used by an instruction other than llvm.experimental.convergence.loop in a cycle \
                 that does not contain the token's definition.",
                &[Subject::Inst(f.g, user), text],
            );
            return;
        }
        while let Some(parent) = cycles.parent(cycle) {
            if cycles.contains(parent, def_bb) {
                break;
            }
            cycle = parent;
        }
        if !(cycles.is_reducible(cycle) && cycles.header(cycle) == Some(bb)) {
            let text = self.text(cycles.print(&self.v.m.ctx, f, cycle));
            self.fail_module(
                "Cycle heart must dominate all blocks in the cycle.",
                &[Subject::Inst(f.g, user), Subject::Value(f.g, Value::Block(bb)), text],
            );
            return;
        }
        if let Some(&other) = hearts.get(&cycle) {
            let text = self.text(cycles.print(&self.v.m.ctx, f, cycle));
            self.fail_module(
                "Two static convergence token uses in a cycle that does not contain either token's definition.",
                &[Subject::Inst(f.g, user), Subject::Inst(f.g, other), text],
            );
            return;
        }
        hearts.insert(cycle, user);
    }

    /// `getConvOp`: the convergence-control intrinsic a call calls.
    fn conv_op(&self, f: &FnCtx<'_>, i: InstId) -> ConvOp {
        let inst = f.inst(i);
        if !matches!(inst.op, Opcode::Call | Opcode::Invoke | Opcode::CallBr) {
            return ConvOp::None;
        }
        let Some(g) = self.callee_fn(inst) else { return ConvOp::None };
        match self.global_name(g) {
            b"llvm.experimental.convergence.anchor" => ConvOp::Anchor,
            b"llvm.experimental.convergence.entry" => ConvOp::Entry,
            b"llvm.experimental.convergence.loop" => ConvOp::Loop,
            _ => ConvOp::None,
        }
    }

    /// `findAndCheckConvergenceTokenUsed`: the definition of the token of the call's
    /// `convergencectrl` bundle, recorded in `Tokens`.
    fn find_and_check_token_used(&mut self, st: &mut ConvState, f: &FnCtx<'_>, i: InstId) -> Option<InstId> {
        let inst = f.inst(i);
        let cd = inst.call()?;
        let m = self.v.m;
        let mut bundles = cd.bundles.iter().filter(|b| m.ctx.name(b.tag) == b"convergencectrl");
        let bundle = bundles.next()?;
        let me = [Subject::Inst(f.g, i)];
        if bundles.next().is_some() {
            self.fail_module("The 'convergencectrl' bundle can occur at most once on a call", &me);
            return None;
        }
        let token = match bundle.inputs[..] {
            [v] if self.value_ty(f, v).is_some_and(|t| self.types().is_token(t)) => v,
            _ => {
                self.fail_module("The 'convergencectrl' bundle requires exactly one token use.", &me);
                return None;
            }
        };
        let def = match token {
            Value::Inst(d) if f.body.insts.get(d).is_some() => Some(d),
            _ => None,
        };
        if !def.is_some_and(|d| self.conv_op(f, d) != ConvOp::None) {
            self.fail_module(
                "Convergence control tokens can only be produced by calls to the convergence control intrinsics.",
                &[Subject::Value(f.g, token), Subject::Inst(f.g, i)],
            );
            return None;
        }
        let d = def?;
        st.tokens.insert(i, d);
        Some(d)
    }

    /// `CallBase::isConvergent`: `convergent` on the call site or on the called function.
    fn is_convergent_call(&self, f: &FnCtx<'_>, i: InstId) -> bool {
        let inst = f.inst(i);
        let Some(cd) = inst.call() else { return false };
        if self.has(cd.attrs.func, "convergent") {
            return true;
        }
        let callee = inst.operands.first().and_then(|&v| self.global_of(v));
        callee.and_then(|g| self.v.m.globals[g].func.as_deref()).is_some_and(|fd| self.has(fd.attrs.func, "convergent"))
    }
}
