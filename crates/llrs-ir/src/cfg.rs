//! The control-flow graph of a function body: the successors of each block in LLVM's order
//! (`Instruction::getSuccessor`) and its predecessors, one per edge, in the order of LLVM's
//! use-lists (`predecessors(BB)`: the most recently created edge first).

use crate::function::{BlockId, Body};
use crate::instructions::{InstData, InstExtra, Opcode};
use crate::value::Value;

/// The successors of a terminator, in LLVM's order (`Instruction::getSuccessor`); empty for an
/// instruction that is not a terminator.
pub fn successors(inst: &InstData) -> Vec<BlockId> {
    let blocks =
        |vs: &[Value]| vs.iter().filter_map(|v| if let Value::Block(b) = v { Some(*b) } else { None }).collect();
    let ops = &inst.operands[..];
    match inst.op {
        Opcode::Br => blocks(ops),
        Opcode::Switch => {
            // [cond, default, (value, dest)*]: the default first, then the cases.
            let mut out = Vec::new();
            if let Some(Value::Block(d)) = ops.get(1) {
                out.push(*d);
            }
            for pair in ops.get(2..).unwrap_or(&[]).chunks(2) {
                if let Some(Value::Block(d)) = pair.get(1) {
                    out.push(*d);
                }
            }
            out
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
            let mut out: Vec<BlockId> = blocks(ops.get(1 + n..).unwrap_or(&[]));
            out.extend(blocks(ops.get(1..1 + n).unwrap_or(&[])).iter());
            out
        }
        Opcode::CatchRet | Opcode::CleanupRet => blocks(ops.get(1..).unwrap_or(&[])),
        _ => Vec::new(),
    }
}

/// Successors and predecessors of every block of a body (indexed by block id). Only the last
/// instruction of a block (its terminator) makes edges.
#[derive(Clone, Debug, Default)]
pub struct Cfg {
    succs: Vec<Vec<BlockId>>,
    preds: Vec<Vec<BlockId>>,
}

impl Cfg {
    /// The graph of `body`'s blocks in layout.
    pub fn new(body: &Body) -> Self {
        let nb = body.blocks.len();
        let mut succs = vec![Vec::new(); nb];
        let mut preds = vec![Vec::new(); nb];
        for &b in &body.layout {
            let Some(&t) = body.blocks.get(b).and_then(|d| d.insts.last()) else { continue };
            let Some(inst) = body.insts.get(t) else { continue };
            let s = successors(inst);
            for &to in &s {
                if let Some(p) = preds.get_mut(to.0 as usize) {
                    p.push(b);
                }
            }
            if let Some(slot) = succs.get_mut(b.0 as usize) {
                *slot = s;
            }
        }
        // LLVM's use-lists put the most recent use first.
        for l in &mut preds {
            l.reverse();
        }
        Cfg { succs, preds }
    }

    /// The number of block slots (the body's block arena size).
    pub fn len(&self) -> usize {
        self.succs.len()
    }

    /// Whether the body has no blocks.
    pub fn is_empty(&self) -> bool {
        self.succs.is_empty()
    }

    /// The successors of `b`, in LLVM's order.
    pub fn succs(&self, b: BlockId) -> &[BlockId] {
        self.succs.get(b.0 as usize).map_or(&[], |v| &v[..])
    }

    /// The predecessors of `b`, one per edge (`predecessors(BB)`).
    pub fn preds(&self, b: BlockId) -> &[BlockId] {
        self.preds.get(b.0 as usize).map_or(&[], |v| &v[..])
    }
}
