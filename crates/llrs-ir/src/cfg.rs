//! The control-flow graph of a function body: the successors of each block in LLVM's order
//! (`Instruction::getSuccessor`) and its predecessors, one per edge, in the order of LLVM's
//! use-lists (`predecessors(BB)`: the most recently created edge first).

use crate::function::{BlockId, Body};
use crate::instructions::{InstData, InstExtra, Opcode};
use crate::value::Value;

/// The successors of a terminator, in LLVM's order (`Instruction::getSuccessor`).
pub fn successors(inst: &InstData) -> Vec<BlockId> {
    let mut out = Vec::new();
    for_each_successor(inst, |b| out.push(b));
    out
}

/// Calls `f` with each successor of a terminator, in LLVM's order, without allocating.
pub fn for_each_successor(inst: &InstData, mut f: impl FnMut(BlockId)) {
    let mut blocks = |vs: &[Value]| {
        for v in vs {
            if let Value::Block(b) = v {
                f(*b);
            }
        }
    };
    let ops = &inst.operands[..];
    match inst.op {
        Opcode::Br => blocks(ops),
        Opcode::Switch => {
            // [cond, default, (value, dest)*]: the default first, then the cases.
            blocks(ops.get(1..2).unwrap_or(&[]));
            for pair in ops.get(2..).unwrap_or(&[]).chunks(2) {
                blocks(pair.get(1..2).unwrap_or(&[]));
            }
        }
        Opcode::IndirectBr => blocks(ops.get(1..).unwrap_or(&[])),
        Opcode::Invoke | Opcode::CallBr => {
            let n = inst.call().map_or(0, |c| c.num_args as usize);
            blocks(ops.get(1 + n..).unwrap_or(&[]))
        }
        Opcode::CatchSwitch => {
            // [parent, handlers..., unwind?]: LLVM lists the unwind destination first.
            let n = match inst.extra {
                InstExtra::CatchSwitch(n) => n as usize,
                _ => ops.len().saturating_sub(1),
            };
            blocks(ops.get(1 + n..).unwrap_or(&[]));
            blocks(ops.get(1..1 + n).unwrap_or(&[]));
        }
        Opcode::CatchRet | Opcode::CleanupRet => blocks(ops.get(1..).unwrap_or(&[])),
        _ => {}
    }
}

#[derive(Clone, Debug, Default)]
pub struct Cfg {
    /// Successor lists, by block id: `succ[succ_start[b]..succ_start[b + 1]]`.
    succ_start: Vec<u32>,
    succ: Vec<BlockId>,
    /// Predecessor lists, by block id, in the same layout.
    pred_start: Vec<u32>,
    pred: Vec<BlockId>,
}

impl Cfg {
    /// The graph of `body`: every block in its layout (blocks outside it have no edges).
    pub fn new(body: &Body) -> Self {
        let nb = body.blocks.len();
        let term = |b: BlockId| body.blocks.get(b).and_then(|d| d.insts.last()).and_then(|&t| body.insts.get(t));
        // Count, then place: one allocation per list kind.
        let mut succ_count = vec![0u32; nb + 1];
        let mut pred_count = vec![0u32; nb + 1];
        for &b in &body.layout {
            let Some(inst) = term(b) else { continue };
            for_each_successor(inst, |to| {
                if (to.0 as usize) < nb && (b.0 as usize) < nb {
                    succ_count[b.0 as usize] += 1;
                    pred_count[to.0 as usize] += 1;
                }
            });
        }
        let prefix = |counts: &mut Vec<u32>| {
            let mut sum = 0;
            for c in counts.iter_mut() {
                let n = *c;
                *c = sum;
                sum += n;
            }
            sum as usize
        };
        let (ns, np) = (prefix(&mut succ_count), prefix(&mut pred_count));
        let mut succ = vec![BlockId(0); ns];
        let mut pred = vec![BlockId(0); np];
        let mut succ_next = succ_count.clone();
        // Predecessors are placed from the end of each list backwards: LLVM's use-lists put
        // the most recent edge first.
        let mut pred_next: Vec<u32> = pred_count[1..].to_vec();
        for &b in &body.layout {
            let Some(inst) = term(b) else { continue };
            for_each_successor(inst, |to| {
                let (bi, ti) = (b.0 as usize, to.0 as usize);
                if ti < nb && bi < nb {
                    succ[succ_next[bi] as usize] = to;
                    succ_next[bi] += 1;
                    pred_next[ti] -= 1;
                    pred[pred_next[ti] as usize] = b;
                }
            });
        }
        Cfg { succ_start: succ_count, succ, pred_start: pred_count, pred }
    }

    /// The number of block slots (the body's block arena size).
    pub fn len(&self) -> usize {
        self.succ_start.len().saturating_sub(1)
    }

    /// Whether the body has no blocks.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The successors of `b`, in LLVM's order.
    pub fn succs(&self, b: BlockId) -> &[BlockId] {
        slice(&self.succ_start, &self.succ, b)
    }

    /// The predecessors of `b`, one per edge (`predecessors(BB)`).
    pub fn preds(&self, b: BlockId) -> &[BlockId] {
        slice(&self.pred_start, &self.pred, b)
    }
}

/// List `b` of a compressed list set (`starts` has one more entry than there are lists).
fn slice<'a>(starts: &[u32], items: &'a [BlockId], b: BlockId) -> &'a [BlockId] {
    let k = b.0 as usize;
    match (starts.get(k), starts.get(k + 1)) {
        (Some(&s), Some(&e)) => items.get(s as usize..e as usize).unwrap_or(&[]),
        _ => &[],
    }
}
