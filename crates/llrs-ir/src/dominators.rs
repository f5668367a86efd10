//! The dominator tree of a function body (LLVM's `DominatorTree`), computed with the Semi-NCA
//! algorithm as `DominatorTree::recalculate` does, with constant-time block dominance through
//! DFS in/out numbers of the tree, and LLVM's rules for an instruction dominating a use
//! (`DominatorTree::dominates(const Value *Def, const Use &U)` of `Dominators.cpp`).

use crate::cfg::{successors, Cfg};
use crate::function::{BlockId, Body, InstId};
use crate::instructions::{InstExtra, Opcode};

const NONE: u32 = u32::MAX;

/// The dominator tree of a body's blocks.
#[derive(Clone, Debug, Default)]
pub struct DomTree {
    /// Immediate dominator of each block (by id); `NONE` for the entry and unreachable blocks.
    idom: Vec<u32>,
    /// DFS entry number in the dominator tree (`NONE`: unreachable).
    dfs_in: Vec<u32>,
    /// DFS exit number in the dominator tree.
    dfs_out: Vec<u32>,
    /// Position of each instruction in its block (by instruction id).
    pos: Vec<u32>,
    /// For a block whose terminator is an invoke: whether the edge to its normal destination
    /// dominates what that destination dominates.
    normal_edge_ok: Vec<bool>,
}

impl DomTree {
    /// The tree of `body` over the graph `cfg` (Semi-NCA from the entry block).
    pub fn new(body: &Body, cfg: &Cfg) -> Self {
        let nb = cfg.len().max(body.blocks.len());
        let mut t = DomTree {
            idom: vec![NONE; nb],
            dfs_in: vec![NONE; nb],
            dfs_out: vec![NONE; nb],
            pos: vec![0; body.insts.len()],
            normal_edge_ok: vec![false; nb],
        };
        for &b in &body.layout {
            if let Some(d) = body.blocks.get(b) {
                for (k, &i) in d.insts.iter().enumerate() {
                    if let Some(p) = t.pos.get_mut(i.0 as usize) {
                        *p = k as u32;
                    }
                }
            }
        }
        let Some(entry) = body.entry() else { return t };
        if entry.0 as usize >= nb {
            return t;
        }
        t.semi_nca(cfg, entry, nb);
        t.number_tree(entry, nb);
        for &b in &body.layout {
            let Some(&last) = body.blocks.get(b).and_then(|d| d.insts.last()) else { continue };
            let Some(inst) = body.insts.get(last) else { continue };
            if inst.op == Opcode::Invoke {
                if let Some(&end) = successors(inst).first() {
                    let ok = t.edge_ok(cfg, b, end);
                    t.normal_edge_ok[b.0 as usize] = ok;
                }
            }
        }
        t
    }

    /// Semi-NCA: a depth-first numbering from the entry, semidominators by path-compressed
    /// evaluation in reverse preorder, then immediate dominators as nearest common ancestors.
    fn semi_nca(&mut self, cfg: &Cfg, entry: BlockId, nb: usize) {
        // Preorder numbers from 1; 0 = not visited.
        let mut num = vec![0u32; nb];
        let mut order: Vec<u32> = vec![NONE]; // order[n] = block of number n
        let mut parent: Vec<u32> = vec![0];
        let mut stack: Vec<(u32, u32)> = vec![(entry.0, 0)];
        while let Some((b, from)) = stack.pop() {
            if num[b as usize] != 0 {
                continue;
            }
            let n = order.len() as u32;
            num[b as usize] = n;
            order.push(b);
            parent.push(from);
            for &s in cfg.succs(BlockId(b)).iter().rev() {
                if (s.0 as usize) < nb && num[s.0 as usize] == 0 {
                    stack.push((s.0, n));
                }
            }
        }
        let n = order.len();
        let mut semi: Vec<u32> = (0..n as u32).collect();
        let mut label: Vec<u32> = (0..n as u32).collect();
        let mut anc: Vec<u32> = parent.clone();
        let mut idom: Vec<u32> = parent.clone();
        let mut work: Vec<u32> = Vec::new();
        for w in (2..n).rev() {
            let mut s = parent[w];
            for &p in cfg.preds(BlockId(order[w])) {
                let pn = num.get(p.0 as usize).copied().unwrap_or(0);
                if pn == 0 {
                    continue;
                }
                let u = eval(pn, w as u32 + 1, &mut anc, &mut label, &semi, &mut work);
                if semi[u as usize] < s {
                    s = semi[u as usize];
                }
            }
            semi[w] = s;
        }
        for w in 2..n {
            let mut cand = idom[w];
            while cand > semi[w] {
                cand = idom[cand as usize];
            }
            idom[w] = cand;
        }
        for w in 2..n {
            self.idom[order[w] as usize] = order[idom[w] as usize];
        }
    }

    /// DFS in/out numbers over the dominator tree.
    fn number_tree(&mut self, entry: BlockId, nb: usize) {
        let mut children: Vec<Vec<u32>> = vec![Vec::new(); nb];
        for b in 0..nb {
            let d = self.idom[b];
            if d != NONE {
                children[d as usize].push(b as u32);
            }
        }
        let mut counter = 0u32;
        let mut stack: Vec<(u32, usize)> = vec![(entry.0, 0)];
        self.dfs_in[entry.0 as usize] = counter;
        counter += 1;
        while let Some(top) = stack.last_mut() {
            let (b, k) = *top;
            if let Some(&c) = children[b as usize].get(k) {
                top.1 += 1;
                self.dfs_in[c as usize] = counter;
                counter += 1;
                stack.push((c, 0));
            } else {
                self.dfs_out[b as usize] = counter;
                counter += 1;
                stack.pop();
            }
        }
    }

    /// `isReachableFromEntry(BB)`.
    pub fn is_reachable(&self, b: BlockId) -> bool {
        self.dfs_out.get(b.0 as usize).is_some_and(|&n| n != NONE)
    }

    /// The immediate dominator of `b` (`None` for the entry and unreachable blocks).
    pub fn idom(&self, b: BlockId) -> Option<BlockId> {
        self.idom.get(b.0 as usize).copied().filter(|&d| d != NONE).map(BlockId)
    }

    /// `dominates(A, B)` on blocks: every block dominates an unreachable one, an unreachable
    /// block dominates no reachable one, otherwise `A` is an ancestor of `B` in the tree.
    pub fn dominates_block(&self, a: BlockId, b: BlockId) -> bool {
        if !self.is_reachable(b) {
            return true;
        }
        if !self.is_reachable(a) {
            return false;
        }
        let (ai, bi) = (a.0 as usize, b.0 as usize);
        self.dfs_in[ai] <= self.dfs_in[bi] && self.dfs_out[bi] <= self.dfs_out[ai]
    }

    /// Whether the edge `start -> end` dominates every block `end` dominates: `end` has a
    /// single predecessor edge, or this is the only edge from `start` and `end` dominates its
    /// other predecessors (`dominates(const BasicBlockEdge &, const BasicBlock *)` without the
    /// use block).
    pub fn edge_ok(&self, cfg: &Cfg, start: BlockId, end: BlockId) -> bool {
        let preds = cfg.preds(end);
        if preds.len() == 1 {
            return true;
        }
        let mut from_start = 0;
        for &p in preds {
            if p == start {
                from_start += 1;
                if from_start > 1 {
                    return false;
                }
                continue;
            }
            if !self.dominates_block(end, p) {
                return false;
            }
        }
        true
    }

    /// `dominates(const BasicBlockEdge &E, const BasicBlock *UseBB)`.
    pub fn edge_dominates_block(&self, cfg: &Cfg, start: BlockId, end: BlockId, use_bb: BlockId) -> bool {
        self.dominates_block(end, use_bb) && self.edge_ok(cfg, start, end)
    }

    /// The position of `i` in its block.
    pub fn position(&self, i: InstId) -> u32 {
        self.pos.get(i.0 as usize).copied().unwrap_or(0)
    }

    /// `DominatorTree::dominates(const Instruction *Def, const Use &U)`: whether instruction
    /// `def` dominates operand `operand` (in the printed order of `user`'s operands; for a phi
    /// it selects the incoming block) of `user`. A use in an unreachable block is dominated by
    /// everything; a def in an unreachable block dominates nothing reachable; an invoke's
    /// result is available only through the edge to its normal destination (LLVM 22 treats a
    /// callbr's result as any other instruction's: `llvm-as-22` accepts its use in an indirect
    /// destination); a phi uses its value at the end of the incoming block; within one block the
    /// order counts, so an instruction does not dominate itself.
    pub fn dominates_use(&self, body: &Body, cfg: &Cfg, def: InstId, user: InstId, operand: usize) -> bool {
        let Some(def_bb) = *body.inst_block.get(def) else { return false };
        let Some(u) = body.insts.get(user) else { return true };
        let is_phi = u.op == Opcode::Phi;
        let use_bb = if is_phi {
            match &u.extra {
                InstExtra::Phi(blocks) => blocks.get(operand).copied(),
                _ => None,
            }
        } else {
            *body.inst_block.get(user)
        };
        let Some(use_bb) = use_bb else { return true };
        if !self.is_reachable(use_bb) {
            return true;
        }
        if !self.is_reachable(def_bb) {
            return false;
        }
        let Some(d) = body.insts.get(def) else { return false };
        if d.op == Opcode::Invoke {
            let Some(&end) = successors(d).first() else { return false };
            // A phi in the edge's end, on the entry for the edge's start.
            if is_phi && *body.inst_block.get(user) == Some(end) && use_bb == def_bb {
                return true;
            }
            if !self.dominates_block(end, use_bb) {
                return false;
            }
            let is_term = body.blocks.get(def_bb).and_then(|b| b.insts.last()) == Some(&def);
            return if is_term {
                self.normal_edge_ok.get(def_bb.0 as usize).copied().unwrap_or(false)
            } else {
                self.edge_ok(cfg, def_bb, end)
            };
        }
        if def_bb != use_bb {
            return self.dominates_block(def_bb, use_bb);
        }
        if is_phi {
            return true;
        }
        self.position(def) < self.position(user)
    }
}

/// Semi-NCA's `eval`: the label with the least semidominator on the path from `v` up to the
/// last linked ancestor (numbers below `last_linked` are not linked yet), compressing the path.
fn eval(v: u32, last_linked: u32, anc: &mut [u32], label: &mut [u32], semi: &[u32], work: &mut Vec<u32>) -> u32 {
    if anc[v as usize] < last_linked {
        return label[v as usize];
    }
    work.clear();
    let mut x = v;
    loop {
        work.push(x);
        x = anc[x as usize];
        if anc[x as usize] < last_linked {
            break;
        }
    }
    // x is the last node on the path whose ancestor is not linked.
    let mut p = x;
    let mut p_label = label[p as usize];
    let mut last = v;
    while let Some(y) = work.pop() {
        anc[y as usize] = anc[p as usize];
        let y_label = label[y as usize];
        if semi[p_label as usize] < semi[y_label as usize] {
            label[y as usize] = p_label;
        } else {
            p_label = y_label;
        }
        p = y;
        last = y;
    }
    label[last as usize]
}

#[cfg(test)]
mod tests;
