//! The function being verified: its body, its control-flow graph and the users of its values.

use llrs_ir::cfg::Cfg;
use llrs_ir::dominators::DomTree;
use llrs_ir::function::Body;
use llrs_ir::module::FuncData;
use llrs_ir::{BlockId, GlobalId, InstData, InstId, Opcode, TypeId, Value};

/// One user of a local value: operand `index` of `user` (`bundle` when the operand is an
/// operand-bundle input: `index` then counts the inputs of all bundles in order).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct User {
    /// The instruction that uses the value.
    pub user: InstId,
    /// The operand index.
    pub index: u32,
    /// The use is an input of an operand bundle.
    pub bundle: bool,
}

/// A defined function as the visitors see it.
pub struct FnCtx<'m> {
    /// The function.
    pub g: GlobalId,
    /// Its function data.
    pub fd: &'m FuncData,
    /// Its body.
    pub body: &'m Body,
    /// Its function type.
    pub fn_ty: TypeId,
    /// Successors and predecessors of its blocks.
    pub cfg: Cfg,
    /// Its dominator tree (LLVM's `DT`, recalculated at the start of `verify(F)`).
    pub dt: DomTree,
    /// The users of each argument, then of each instruction (by id), most recent use first as
    /// LLVM's use-lists: `users[user_start[k]..user_start[k + 1]]` for value slot `k`.
    users: Vec<User>,
    user_start: Vec<u32>,
    /// The number of arguments (the first value slots).
    nargs: usize,
}

impl<'m> FnCtx<'m> {
    /// The context of function `g` of `m`, which must have a body.
    pub fn new(m: &'m llrs_ir::Module, g: GlobalId) -> Option<Self> {
        let gl = &m.globals[g];
        let fd = gl.func.as_deref()?;
        let body = fd.body.as_ref()?;
        let cfg = Cfg::new(body);
        let dt = DomTree::new(body, &cfg);
        let nargs = m.ctx.fn_params(gl.value_ty).len();
        let nslots = nargs + body.insts.len();
        let slot = |v: Value| match v {
            Value::Arg(a) if (a as usize) < nargs => Some(a as usize),
            Value::Inst(d) if (d.0 as usize) < body.insts.len() => Some(nargs + d.0 as usize),
            _ => None,
        };
        // Every use of the body in order, given to `f` as (value slot, user).
        let each_use = |f: &mut dyn FnMut(usize, User)| {
            for &b in &body.layout {
                for &i in &body.blocks[b].insts {
                    let inst = &body.insts[i];
                    for (k, &op) in inst.operands.iter().enumerate() {
                        if let Some(s) = slot(op) {
                            f(s, User { user: i, index: k as u32, bundle: false });
                        }
                    }
                    if let Some(cd) = inst.call() {
                        let inputs = cd.bundles.iter().flat_map(|bu| bu.inputs.iter());
                        for (k, &v) in inputs.enumerate() {
                            if let Some(s) = slot(v) {
                                f(s, User { user: i, index: k as u32, bundle: true });
                            }
                        }
                    }
                }
            }
        };
        // Count, then place each list from its end backwards: the most recent use first.
        let mut user_start = vec![0u32; nslots + 1];
        each_use(&mut |s, _| user_start[s] += 1);
        let mut sum = 0u32;
        for c in user_start.iter_mut() {
            let n = *c;
            *c = sum;
            sum += n;
        }
        let mut users = vec![User { user: InstId(0), index: 0, bundle: false }; sum as usize];
        let mut next: Vec<u32> = user_start[1..].to_vec();
        each_use(&mut |s, u| {
            next[s] -= 1;
            users[next[s] as usize] = u;
        });
        Some(FnCtx { g, fd, body, fn_ty: gl.value_ty, cfg, dt, users, user_start, nargs })
    }

    /// The instruction `i`.
    pub fn inst(&self, i: InstId) -> &'m InstData {
        &self.body.insts[i]
    }

    /// The block holding `i`.
    pub fn block_of(&self, i: InstId) -> Option<BlockId> {
        *self.body.inst_block.get(i)
    }

    /// The successors of block `b` (its terminator's, in LLVM's order).
    pub fn succs(&self, b: BlockId) -> &[BlockId] {
        self.cfg.succs(b)
    }

    /// The predecessors of block `b`, one per edge (`predecessors(BB)`).
    pub fn preds(&self, b: BlockId) -> &[BlockId] {
        self.cfg.preds(b)
    }

    /// The users of a local value (instruction or argument), most recent use first.
    pub fn users(&self, v: Value) -> &[User] {
        let k = match v {
            Value::Arg(a) => a as usize,
            Value::Inst(i) => self.nargs + i.0 as usize,
            _ => return &[],
        };
        if matches!(v, Value::Arg(a) if a as usize >= self.nargs) {
            return &[];
        }
        match (self.user_start.get(k), self.user_start.get(k + 1)) {
            (Some(&s), Some(&e)) => self.users.get(s as usize..e as usize).unwrap_or(&[]),
            _ => &[],
        }
    }

    /// The terminator of `b`, if its last instruction is one.
    pub fn terminator(&self, b: BlockId) -> Option<InstId> {
        let &t = self.body.blocks[b].insts.last()?;
        self.body.insts[t].op.is_terminator().then_some(t)
    }

    /// `BasicBlock::getFirstNonPHI`.
    pub fn first_non_phi(&self, b: BlockId) -> Option<InstId> {
        self.body.blocks[b].insts.iter().copied().find(|&i| self.body.insts[i].op != Opcode::Phi)
    }

    /// The entry block.
    pub fn entry(&self) -> Option<BlockId> {
        self.body.entry()
    }
}

/// The successors of a terminator, in LLVM's order (`Instruction::getSuccessor`).
pub fn successors(inst: &InstData) -> Vec<BlockId> {
    llrs_ir::cfg::successors(inst)
}
