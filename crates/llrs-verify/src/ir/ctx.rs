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
    /// Its global.
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
    /// Users of each instruction's value (by instruction id), most recent use first as LLVM's
    /// use-lists.
    inst_users: Vec<Vec<User>>,
    /// Users of each argument.
    arg_users: Vec<Vec<User>>,
}

impl<'m> FnCtx<'m> {
    /// The context of function `g` of `m`, which must have a body.
    pub fn new(m: &'m llrs_ir::Module, g: GlobalId) -> Option<Self> {
        let gl = &m.globals[g];
        let fd = gl.func.as_deref()?;
        let body = fd.body.as_ref()?;
        let cfg = Cfg::new(body);
        let dt = DomTree::new(body, &cfg);
        let mut inst_users: Vec<Vec<User>> = vec![Vec::new(); body.insts.len()];
        let mut arg_users: Vec<Vec<User>> = vec![Vec::new(); m.ctx.fn_params(gl.value_ty).len()];
        for &b in &body.layout {
            for &i in &body.blocks[b].insts {
                let inst = &body.insts[i];
                let mut add = |v: Value, index: u32, bundle: bool| {
                    let list = match v {
                        Value::Inst(d) => inst_users.get_mut(d.0 as usize),
                        Value::Arg(a) => arg_users.get_mut(a as usize),
                        _ => None,
                    };
                    if let Some(l) = list {
                        l.push(User { user: i, index, bundle });
                    }
                };
                for (k, &op) in inst.operands.iter().enumerate() {
                    add(op, k as u32, false);
                }
                if let Some(cd) = inst.call() {
                    let mut k = 0;
                    for bu in &cd.bundles {
                        for &v in &bu.inputs {
                            add(v, k, true);
                            k += 1;
                        }
                    }
                }
            }
        }
        // LLVM's use-lists put the most recent use first.
        for l in inst_users.iter_mut().chain(arg_users.iter_mut()) {
            l.reverse();
        }
        Some(FnCtx { g, fd, body, fn_ty: gl.value_ty, cfg, dt, inst_users, arg_users })
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
        let l = match v {
            Value::Inst(i) => self.inst_users.get(i.0 as usize),
            Value::Arg(a) => self.arg_users.get(a as usize),
            _ => None,
        };
        l.map_or(&[], |v| &v[..])
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
