//! What the convergence verifier asks of a function's control flow: the reverse post-order of
//! its reachable blocks (`ReversePostOrderTraversal`) and LLVM's cycle nest (`GenericCycleInfo`,
//! irreducible cycles included). Dominance is the function's dominator tree (`FnCtx::dt`).

use crate::ir::FnCtx;
use llrs_ir::{BlockId, Context, Type};
use rustc_hash::FxHashSet;

/// The reachable blocks in reverse post-order.
pub struct Cfg {
    /// The blocks reachable from the entry, in reverse post-order.
    pub rpo: Vec<BlockId>,
}

impl Cfg {
    /// The CFG of `f`.
    pub fn new(f: &FnCtx<'_>) -> Self {
        let nb = f.body.blocks.len();
        let mut rpo = Vec::new();
        let mut seen = vec![false; nb];
        if let Some(entry) = f.entry() {
            // Depth first, successors in order (`po_iterator`).
            let mut stack: Vec<(BlockId, usize)> = Vec::new();
            if let Some(s) = seen.get_mut(entry.0 as usize) {
                *s = true;
                stack.push((entry, 0));
            }
            while let Some(top) = stack.last_mut() {
                let (b, k) = *top;
                if let Some(&next) = f.succs(b).get(k) {
                    top.1 += 1;
                    if let Some(s) = seen.get_mut(next.0 as usize) {
                        if !*s {
                            *s = true;
                            stack.push((next, 0));
                        }
                    }
                } else {
                    rpo.push(b);
                    stack.pop();
                }
            }
            rpo.reverse();
        }
        Cfg { rpo }
    }
}

/// One cycle (`GenericCycle`).
struct Cycle {
    /// The entries, the header first.
    entries: Vec<BlockId>,
    /// The blocks, child cycles' included, in LLVM's insertion order.
    blocks: Vec<BlockId>,
    set: FxHashSet<BlockId>,
    parent: Option<usize>,
}

/// The cycles of a function (`GenericCycleInfo`).
pub struct Cycles {
    cycles: Vec<Cycle>,
    /// The innermost cycle of each block (by id).
    block_map: Vec<Option<usize>>,
}

impl Cycles {
    /// `GenericCycleInfoCompute::run` from the entry block.
    pub fn new(f: &FnCtx<'_>, _cfg: &Cfg) -> Self {
        let nb = f.body.blocks.len();
        let mut me = Cycles { cycles: Vec::new(), block_map: vec![None; nb] };
        let Some(entry) = f.entry() else { return me };
        // Depth-first preorder intervals, successors pushed in order and taken from the top.
        let mut start = vec![0u32; nb];
        let mut end = vec![0u32; nb];
        let mut preorder = Vec::new();
        let mut trav = vec![entry];
        let mut tree: Vec<usize> = Vec::new();
        let mut counter = 0u32;
        while let Some(&b) = trav.last() {
            let bi = b.0 as usize;
            if bi >= nb {
                trav.pop();
                continue;
            }
            if start[bi] == 0 {
                counter += 1;
                start[bi] = counter;
                tree.push(trav.len());
                trav.extend_from_slice(f.succs(b));
                preorder.push(b);
            } else {
                if tree.last() == Some(&trav.len()) {
                    end[bi] = counter;
                    tree.pop();
                }
                trav.pop();
            }
        }
        let info = |b: BlockId| -> (u32, u32) {
            let i = b.0 as usize;
            (start.get(i).copied().unwrap_or(0), end.get(i).copied().unwrap_or(0))
        };
        let ancestor = |a: (u32, u32), b: (u32, u32)| a.0 <= b.0 && b.1 <= a.1;
        let mut work: Vec<BlockId> = Vec::new();
        for &h in preorder.iter().rev() {
            let hi = info(h);
            work.extend(f.preds(h).iter().copied().filter(|&p| ancestor(hi, info(p))));
            if work.is_empty() {
                continue;
            }
            let new = me.cycles.len();
            me.cycles.push(Cycle { entries: vec![h], blocks: vec![h], set: [h].into_iter().collect(), parent: None });
            if let Some(slot) = me.block_map.get_mut(h.0 as usize) {
                slot.get_or_insert(new);
            }
            while let Some(b) = work.pop() {
                if b == h {
                    continue;
                }
                let mut to_process: Vec<BlockId> = Vec::new();
                if let Some(top) = me.top_level(b) {
                    if top != new {
                        me.cycles[top].parent = Some(new);
                        let child_blocks = me.cycles[top].blocks.clone();
                        let c = &mut me.cycles[new];
                        for x in child_blocks {
                            if c.set.insert(x) {
                                c.blocks.push(x);
                            }
                        }
                        to_process.extend(me.cycles[top].entries.iter().copied());
                    }
                } else {
                    if let Some(slot) = me.block_map.get_mut(b.0 as usize) {
                        *slot = Some(new);
                    }
                    let c = &mut me.cycles[new];
                    if c.set.insert(b) {
                        c.blocks.push(b);
                    }
                    to_process.push(b);
                }
                for blk in to_process {
                    let mut is_entry = false;
                    for &p in f.preds(blk) {
                        let pi = info(p);
                        if ancestor(hi, pi) {
                            work.push(p);
                        } else if pi.0 != 0 {
                            is_entry = true;
                        }
                    }
                    if is_entry {
                        me.cycles[new].entries.push(blk);
                    }
                }
            }
        }
        me
    }

    /// The outermost cycle holding `b`.
    fn top_level(&self, b: BlockId) -> Option<usize> {
        let mut c = (*self.block_map.get(b.0 as usize)?)?;
        let mut guard = self.cycles.len();
        while let Some(p) = self.cycles[c].parent {
            c = p;
            guard = guard.checked_sub(1)?;
        }
        Some(c)
    }

    /// `getCycle(B)`: the innermost cycle holding `b`.
    pub fn cycle_of(&self, b: BlockId) -> Option<usize> {
        *self.block_map.get(b.0 as usize)?
    }

    /// `contains(B)`.
    pub fn contains(&self, c: usize, b: BlockId) -> bool {
        self.cycles.get(c).is_some_and(|c| c.set.contains(&b))
    }

    /// `getParentCycle`.
    pub fn parent(&self, c: usize) -> Option<usize> {
        self.cycles.get(c)?.parent
    }

    /// `isReducible`: a single entry.
    pub fn is_reducible(&self, c: usize) -> bool {
        self.cycles.get(c).is_some_and(|c| c.entries.len() == 1)
    }

    /// `getHeader`: the first entry.
    pub fn header(&self, c: usize) -> Option<BlockId> {
        self.cycles.get(c)?.entries.first().copied()
    }

    /// The depth of a cycle (1 for an outermost one).
    fn depth(&self, c: usize) -> usize {
        let mut d = 1;
        let mut cur = c;
        while let Some(p) = self.parent(cur) {
            d += 1;
            cur = p;
            if d > self.cycles.len() {
                break;
            }
        }
        d
    }

    /// `GenericCycle::print`: `depth=N: entries(A B) C D`.
    pub fn print(&self, ctx: &Context, f: &FnCtx<'_>, c: usize) -> String {
        let Some(cy) = self.cycles.get(c) else { return String::new() };
        let names = BlockNames::new(ctx, f);
        let entries: Vec<String> = cy.entries.iter().map(|&b| names.plain(ctx, f, b)).collect();
        let mut out = format!("depth={}: entries({})", self.depth(c), entries.join(" "));
        for &b in &cy.blocks {
            if !cy.entries.contains(&b) {
                out.push(' ');
                out.push_str(&names.plain(ctx, f, b));
            }
        }
        out
    }
}

/// The names of blocks as LLVM prints them: their label, else their slot number.
struct BlockNames {
    slots: Vec<Option<u32>>,
}

impl BlockNames {
    fn new(ctx: &Context, f: &FnCtx<'_>) -> Self {
        let mut slots = vec![None; f.body.blocks.len()];
        let nparams = ctx.fn_params(f.fn_ty).len();
        let mut next = (0..nparams).filter(|&k| f.fd.arg_names.get(k).copied().flatten().is_none()).count() as u32;
        for &b in &f.body.layout {
            let data = &f.body.blocks[b];
            if data.name.is_none() {
                if let Some(s) = slots.get_mut(b.0 as usize) {
                    *s = Some(next);
                }
                next += 1;
            }
            for &i in &data.insts {
                let inst = &f.body.insts[i];
                let void = matches!(ctx.type_of(inst.ty), Type::Void);
                if !void && inst.name.is_none() {
                    next += 1;
                }
            }
        }
        BlockNames { slots }
    }

    /// `SSAContext::print(BB)`: the name, else the slot number.
    fn plain(&self, ctx: &Context, f: &FnCtx<'_>, b: BlockId) -> String {
        match f.body.blocks.get(b).and_then(|d| d.name) {
            Some(n) => String::from_utf8_lossy(ctx.name(n)).into_owned(),
            None => self.slots.get(b.0 as usize).copied().flatten().map_or_else(String::new, |s| s.to_string()),
        }
    }
}
