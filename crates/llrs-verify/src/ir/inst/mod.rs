//! `visitInstruction` (the checks every instruction gets, with dominance of each use),
//! `visitBasicBlock`, `visitTerminator`, the terminators `ret`, `br`, `switch`, `indirectbr`,
//! `phi`, and the constant expressions instructions use (`visitConstantExprsRecursively`).
//!
//! `operands.rs` holds `visitInstruction` itself with `verifyDominatesUse` and the constant
//! expression walk.

mod operands;
#[cfg(test)]
mod tests;

use super::FnCtx;
use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::{BlockId, ConstId, InstExtra, InstId, Opcode, Value};
use rustc_hash::FxHashSet;

/// State of these visitors (`InstsInThisBlock`, `ConstantExprVisited`).
#[derive(Default)]
pub struct InstState {
    /// `InstsInThisBlock`: the instructions of the current block whose `visitInstruction`
    /// completed, as the serial of that block by instruction id.
    in_block: Vec<u32>,
    /// The serial of the current block (`visitBasicBlock` clears the set by moving on).
    block_serial: u32,
    /// `ConstantExprVisited` (kept for the whole module, as LLVM's).
    pub const_visited: FxHashSet<ConstId>,
}

impl InstState {
    /// Clears what holds for one function only.
    pub fn end_function(&mut self) {
        self.in_block.clear();
    }

    /// `InstsInThisBlock.clear()`.
    fn begin_block(&mut self) {
        self.block_serial = self.block_serial.wrapping_add(1).max(1);
    }

    /// `InstsInThisBlock.insert(I)`.
    fn insert(&mut self, i: InstId) {
        let k = i.0 as usize;
        if self.in_block.len() <= k {
            self.in_block.resize(k + 1, 0);
        }
        self.in_block[k] = self.block_serial;
    }

    /// `InstsInThisBlock.count(I)`.
    fn contains(&self, i: InstId) -> bool {
        self.block_serial != 0 && self.in_block.get(i.0 as usize) == Some(&self.block_serial)
    }
}

impl Verifier<'_> {
    /// `visitBasicBlock`: the phis against the predecessors, and no trailing debug records.
    pub fn visit_basic_block(&mut self, f: &FnCtx<'_>, b: BlockId) -> Step {
        self.inst_state.begin_block();
        self.visit_block_convergence();
        let g = f.g;
        let block = Subject::Value(g, Value::Block(b));
        self.check_module(f.terminator(b).is_some(), "Basic Block does not have terminator!", &[block])?;
        let insts = &f.body.blocks[b].insts;
        let is_phi = |i: &InstId| f.body.insts.get(*i).is_some_and(|d| d.op == Opcode::Phi);
        if insts.first().is_some_and(is_phi) {
            let mut preds: Vec<BlockId> = f.preds(b).to_vec();
            preds.sort();
            let mut values: Vec<(BlockId, Value)> = Vec::new();
            for &p in insts.iter().take_while(|i| is_phi(i)) {
                let pn = f.inst(p);
                let blocks: &[BlockId] = match &pn.extra {
                    InstExtra::Phi(bs) => bs,
                    _ => &[],
                };
                let me = Subject::Inst(g, p);
                let n = pn.operands.len().min(blocks.len());
                self.check_module(
                    n == preds.len(),
                    "PHINode should have one entry for each predecessor of its parent basic block!",
                    &[me],
                )?;
                values.clear();
                values.extend(blocks.iter().copied().zip(pn.operands.iter().copied()));
                // LLVM sorts (block, value) pairs by address. Blocks are numbered in the order
                // LLVM creates them; among values, instructions (in creation order) come before
                // arguments and constants, as LLVM's allocations usually fall.
                values.sort_by_key(|&(blk, v)| (blk, value_rank(v)));
                for k in 0..values.len() {
                    let (blk, val) = values[k];
                    if k > 0 {
                        let (prev_blk, prev_val) = values[k - 1];
                        self.check_module(
                            blk != prev_blk || val == prev_val,
                            "PHI node has multiple entries for the same basic block with different incoming values!",
                            &[
                                me,
                                Subject::Value(g, Value::Block(blk)),
                                Subject::Value(g, val),
                                Subject::Value(g, prev_val),
                            ],
                        )?;
                    }
                    let pred = preds.get(k).copied();
                    if Some(blk) != pred {
                        let mut subjects = vec![me, Subject::Value(g, Value::Block(blk))];
                        subjects.extend(pred.map(|p| Subject::Value(g, Value::Block(p))));
                        self.fail_module("PHI node entries do not match predecessors!", &subjects);
                        return None;
                    }
                }
            }
        }
        let trailing = f.body.blocks[b].trailing_records.is_empty();
        self.check(trailing, "Basic Block has trailing DbgRecords!", &[block])
    }

    /// `visitTerminator`: a terminator ends its block.
    pub fn visit_terminator(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let b = f.block_of(i)?;
        self.check_module(
            f.terminator(b) == Some(i),
            "Terminator found in the middle of a basic block!",
            &[Subject::Value(f.g, Value::Block(b))],
        )?;
        self.visit_instruction(f, i)
    }

    /// `visitReturnInst`.
    pub fn visit_return(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let m = self.v.m;
        let inst = f.inst(i);
        let me = Subject::Inst(f.g, i);
        if let Some(ret) = m.ctx.fn_ret(f.fn_ty) {
            let n = inst.operands.len();
            if self.types().is_void(ret) {
                self.check_module(
                    n == 0,
                    "Found return instr that returns non-void in Function of void return type!",
                    &[me, Subject::Type(ret)],
                )?;
            } else {
                let same = n == 1 && inst.operands.first().and_then(|&v| self.value_ty(f, v)) == Some(ret);
                self.check_module(
                    same,
                    "Function return type does not match operand type of return inst!",
                    &[me, Subject::Type(ret)],
                )?;
            }
        }
        self.visit_terminator(f, i)
    }

    /// `visitBranchInst`: a conditional branch tests an `i1`.
    pub fn visit_branch(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let inst = f.inst(i);
        if inst.operands.len() == 3 {
            let cond = inst.operands[0];
            let ok = self.value_ty(f, cond).is_some_and(|t| self.types().int_bits(t) == Some(1));
            self.check_module(
                ok,
                "Branch condition is not 'i1' type!",
                &[Subject::Inst(f.g, i), Subject::Value(f.g, cond)],
            )?;
        }
        self.visit_terminator(f, i)
    }

    /// `visitSwitchInst`: constant integer cases of the condition's type, none twice.
    pub fn visit_switch(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let m = self.v.m;
        let inst = f.inst(i);
        let me = Subject::Inst(f.g, i);
        self.check_module(self.types().is_void(inst.ty), "Switch must have void result type!", &[me])?;
        let switch_ty = inst.operands.first().and_then(|&c| self.value_ty(f, c));
        let mut seen: FxHashSet<ConstId> = FxHashSet::default();
        for case in inst.operands.get(2..).unwrap_or(&[]).chunks(2) {
            let v = case[0];
            let c = match v {
                Value::Const(c) if matches!(m.ctx.const_of(c), llrs_ir::Const::Int(..)) => Some(c),
                _ => None,
            };
            self.check_module(c.is_some(), "Case value is not a constant integer.", &[me])?;
            let c = c?;
            self.check_module(
                Some(m.ctx.const_of(c).ty()) == switch_ty,
                "Switch constants must all be same type as switch value!",
                &[me],
            )?;
            self.check_module(seen.insert(c), "Duplicate integer as switch case", &[me, Subject::Value(f.g, v)])?;
        }
        self.visit_terminator(f, i)
    }

    /// `visitIndirectBrInst`.
    pub fn visit_indirect_br(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let inst = f.inst(i);
        let me = Subject::Inst(f.g, i);
        let addr = inst.operands.first().and_then(|&a| self.value_ty(f, a));
        self.check_module(
            addr.is_some_and(|t| self.types().is_ptr(t)),
            "Indirectbr operand must have pointer type!",
            &[me],
        )?;
        for v in inst.operands.iter().skip(1) {
            self.check_module(
                matches!(v, Value::Block(_)),
                "Indirectbr destinations must all have pointer type!",
                &[me],
            )?;
        }
        self.visit_terminator(f, i)
    }

    /// `visitPHINode`: phis lead their block, are not tokens and have their operands' type.
    pub fn visit_phi(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let inst = f.inst(i);
        let b = f.block_of(i)?;
        let pos = f.dt.position(i) as usize;
        let insts = &f.body.blocks[b].insts;
        let grouped = insts.first() == Some(&i)
            || pos
                .checked_sub(1)
                .and_then(|p| insts.get(p))
                .and_then(|&p| f.body.insts.get(p))
                .is_some_and(|d| d.op == Opcode::Phi);
        self.check_module(
            grouped,
            "PHI nodes not grouped at top of basic block!",
            &[Subject::Inst(f.g, i), Subject::Value(f.g, Value::Block(b))],
        )?;
        self.check_module(!self.types().is_token(inst.ty), "PHI nodes cannot have token type!", &[])?;
        for &v in &inst.operands {
            self.check_module(
                self.value_ty(f, v) == Some(inst.ty),
                "PHI node operands are not the same type as the result!",
                &[Subject::Inst(f.g, i)],
            )?;
        }
        self.visit_instruction(f, i)
    }
}

/// An estimate of the address order of phi incoming values (see `visit_basic_block`).
fn value_rank(v: Value) -> (u8, u32) {
    match v {
        Value::Inst(i) => (0, i.0),
        Value::Arg(a) => (1, a),
        Value::Const(c) => (2, c.0),
        _ => (3, 0),
    }
}
