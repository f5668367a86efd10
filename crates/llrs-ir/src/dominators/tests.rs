//! The dominator tree against hand-computed trees, and the use rules of `Dominators.cpp`.

use super::DomTree;
use crate::cfg::Cfg;
use crate::function::{BlockId, Body, InstId};
use crate::instructions::{CallData, InstData, InstExtra, Opcode};
use crate::types::{Type, TypeId};
use crate::value::Value;
use crate::Context;

struct F {
    body: Body,
    blocks: Vec<BlockId>,
    void: TypeId,
    int: TypeId,
}

impl F {
    fn new(n: usize) -> F {
        let mut ctx = Context::default();
        let void = ctx.ty(Type::Void);
        let int = ctx.ty(Type::Int(32));
        let mut body = Body::new();
        let blocks: Vec<BlockId> = (0..n).map(|_| body.create_block(None)).collect();
        for &b in &blocks {
            body.append_block(b);
        }
        F { body, blocks, void, int }
    }
    /// `indirectbr` from block `from` to `to` (an unreachable-free terminator with any number of
    /// successors), or `ret` when `to` is empty.
    fn term(&mut self, from: usize, to: &[usize]) -> InstId {
        let d = if to.is_empty() {
            InstData::new(Opcode::Ret, self.void, [])
        } else {
            let ops = std::iter::once(Value::Arg(0)).chain(to.iter().map(|&t| Value::Block(self.blocks[t])));
            InstData::new(Opcode::IndirectBr, self.void, ops)
        };
        self.body.append_inst(self.blocks[from], d)
    }
    fn add(&mut self, b: usize, ops: &[Value]) -> InstId {
        let d = InstData::new(Opcode::Add, self.int, ops.iter().copied());
        self.body.append_inst(self.blocks[b], d)
    }
    fn phi(&mut self, b: usize, incoming: &[(Value, usize)]) -> InstId {
        let mut d = InstData::new(Opcode::Phi, self.int, incoming.iter().map(|x| x.0));
        d.extra = InstExtra::Phi(incoming.iter().map(|x| self.blocks[x.1]).collect());
        self.body.append_inst(self.blocks[b], d)
    }
    fn invoke(&mut self, b: usize, normal: usize, unwind: usize) -> InstId {
        let ops = [Value::Arg(0), Value::Block(self.blocks[normal]), Value::Block(self.blocks[unwind])];
        let mut d = InstData::new(Opcode::Invoke, self.int, ops);
        d.extra = InstExtra::Call(Box::new(CallData {
            fn_ty: self.int,
            cconv: 0,
            attrs: Default::default(),
            bundles: Vec::new(),
            tail: Default::default(),
            num_args: 0,
        }));
        self.body.append_inst(self.blocks[b], d)
    }
    fn tree(&self) -> (Cfg, DomTree) {
        let cfg = Cfg::new(&self.body);
        let dt = DomTree::new(&self.body, &cfg);
        (cfg, dt)
    }
}

fn idoms(f: &F, dt: &DomTree) -> Vec<Option<usize>> {
    f.blocks.iter().map(|&b| dt.idom(b).and_then(|d| f.blocks.iter().position(|&x| x == d))).collect()
}

#[test]
fn diamond_and_loop() {
    // 0 -> 1, 2; 1 -> 3; 2 -> 3; 3 -> 1, 4; 5 unreachable -> 3
    let mut f = F::new(6);
    f.term(0, &[1, 2]);
    f.term(1, &[3]);
    f.term(2, &[3]);
    f.term(3, &[1, 4]);
    f.term(4, &[]);
    f.term(5, &[3]);
    let (cfg, dt) = f.tree();
    assert_eq!(idoms(&f, &dt), vec![None, Some(0), Some(0), Some(0), Some(3), None]);
    assert_eq!(cfg.preds(f.blocks[3]), &[f.blocks[5], f.blocks[2], f.blocks[1]]);
    assert!(dt.is_reachable(f.blocks[4]) && !dt.is_reachable(f.blocks[5]));
    assert!(dt.dominates_block(f.blocks[0], f.blocks[4]));
    assert!(dt.dominates_block(f.blocks[3], f.blocks[4]));
    assert!(!dt.dominates_block(f.blocks[1], f.blocks[3]));
    assert!(dt.dominates_block(f.blocks[1], f.blocks[5]), "everything dominates an unreachable block");
    assert!(!dt.dominates_block(f.blocks[5], f.blocks[3]));
}

#[test]
fn irreducible_graph() {
    // The classic Lengauer-Tarjan example shape: 0 -> 1, 2; 1 -> 3; 2 -> 3, 4; 3 -> 4; 4 -> 3
    let mut f = F::new(5);
    f.term(0, &[1, 2]);
    f.term(1, &[3]);
    f.term(2, &[3, 4]);
    f.term(3, &[4]);
    f.term(4, &[3]);
    let (_, dt) = f.tree();
    assert_eq!(idoms(&f, &dt), vec![None, Some(0), Some(0), Some(0), Some(0)]);
}

#[test]
fn long_chain_is_fast() {
    let n = 200_000;
    let mut f = F::new(n);
    for i in 0..n - 1 {
        f.term(i, &[i + 1, 0]);
    }
    f.term(n - 1, &[]);
    let (_, dt) = f.tree();
    assert_eq!(dt.idom(f.blocks[n - 1]), Some(f.blocks[n - 2]));
    assert!(dt.dominates_block(f.blocks[10], f.blocks[n - 1]));
}

#[test]
fn instruction_uses() {
    let mut f = F::new(4);
    // 0: a = add; b = add a; br 1, 2   1: phi [a, 0], [c, 2]... ; 3 unreachable
    let a = f.add(0, &[Value::Arg(0)]);
    let b = f.add(0, &[Value::Inst(a)]);
    f.term(0, &[1, 2]);
    let p = f.phi(1, &[(Value::Inst(b), 0), (Value::Inst(b), 2)]);
    let c = f.add(1, &[Value::Inst(p)]);
    f.term(1, &[2]);
    let d = f.add(2, &[Value::Inst(c)]);
    f.term(2, &[1]);
    let u = f.add(3, &[Value::Inst(u_placeholder())]);
    f.term(3, &[]);
    let (cfg, dt) = f.tree();
    let body = &f.body;
    assert!(dt.dominates_use(body, &cfg, a, b, 0));
    assert!(!dt.dominates_use(body, &cfg, b, a, 0), "order within a block");
    assert!(!dt.dominates_use(body, &cfg, a, a, 0), "no self-dominance in reachable code");
    assert!(dt.dominates_use(body, &cfg, u, u, 0), "unreachable uses are dominated");
    assert!(dt.dominates_use(body, &cfg, b, p, 0) && dt.dominates_use(body, &cfg, b, p, 1));
    assert!(!dt.dominates_use(body, &cfg, c, d, 0), "1 does not dominate 2");
    assert!(!dt.dominates_use(body, &cfg, u, c, 0), "unreachable defs dominate nothing reachable");
    // The phi's use at the end of block 2, which block 1 does not dominate.
    assert!(!dt.dominates_use(body, &cfg, c, p, 1));
}

fn u_placeholder() -> InstId {
    InstId(0)
}

#[test]
fn invoke_results() {
    // 0: invoke -> 1 normal, 2 unwind; 1 -> 3; 2 -> 3; 3: phi [r, 1], [r, 2]
    let mut f = F::new(5);
    let r = f.invoke(0, 1, 2);
    let in_normal = f.add(1, &[Value::Inst(r)]);
    f.term(1, &[3]);
    let in_unwind = f.add(2, &[Value::Inst(r)]);
    f.term(2, &[3]);
    let p = f.phi(3, &[(Value::Inst(r), 1), (Value::Inst(r), 2)]);
    f.term(3, &[]);
    // 4 unreachable
    f.term(4, &[]);
    let (cfg, dt) = f.tree();
    let body = &f.body;
    assert!(dt.dominates_use(body, &cfg, r, in_normal, 0));
    assert!(!dt.dominates_use(body, &cfg, r, in_unwind, 0));
    assert!(dt.dominates_use(body, &cfg, r, p, 0));
    assert!(!dt.dominates_use(body, &cfg, r, p, 1));

    // The normal edge is critical: 0 invoke -> 1 normal, 2 unwind; 2 -> 1.
    let mut g = F::new(3);
    let r = g.invoke(0, 1, 2);
    let phi_from_edge = g.phi(1, &[(Value::Inst(r), 0), (Value::Arg(0), 2)]);
    let use_in_1 = g.add(1, &[Value::Inst(r)]);
    g.term(1, &[]);
    g.term(2, &[1]);
    let (cfg, dt) = g.tree();
    assert!(dt.dominates_use(&g.body, &cfg, r, phi_from_edge, 0), "the phi entry of the edge");
    assert!(!dt.dominates_use(&g.body, &cfg, r, use_in_1, 0), "the edge does not dominate block 1");
}
