//! Function bodies: blocks and instructions in arenas, with an explicit layout and use-lists.

use crate::entity::{IdVec, SecondaryMap};
use crate::entity_id;
use crate::instructions::{InstData, InstExtra};
use crate::symbol::Symbol;
use crate::value::Value;

entity_id!(
    /// A basic block of one function body.
    BlockId
);
entity_id!(
    /// An instruction of one function body.
    InstId
);

/// A basic block: a name and its instructions in order.
#[derive(Clone, Debug, Default)]
pub struct BlockData {
    /// The label, `None` when unnamed.
    pub name: Option<Symbol>,
    /// The instructions, in order; the last one is the terminator.
    pub insts: Vec<InstId>,
    /// Debug records after the last instruction (rare: only in unterminated blocks while building).
    pub trailing_records: Vec<crate::instructions::DbgRecord>,
}

/// One use of a value: operand `index` of instruction `user`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Use {
    /// The instruction that uses the value.
    pub user: InstId,
    /// The operand index in the user.
    pub index: u32,
    /// True when the use is an incoming block of a phi rather than an operand.
    pub phi_block: bool,
}

/// The body of a defined function.
#[derive(Clone, Debug, Default)]
pub struct Body {
    /// Block arena.
    pub blocks: IdVec<BlockId, BlockData>,
    /// Instruction arena.
    pub insts: IdVec<InstId, InstData>,
    /// Block order.
    pub layout: Vec<BlockId>,
    /// Which block holds each instruction.
    pub inst_block: SecondaryMap<InstId, Option<BlockId>>,
    uses: Option<UseLists>,
}

#[derive(Clone, Debug, Default)]
struct UseLists {
    insts: SecondaryMap<InstId, Vec<Use>>,
    blocks: SecondaryMap<BlockId, Vec<Use>>,
    args: Vec<Vec<Use>>,
}

impl UseLists {
    fn list_mut(&mut self, v: Value) -> Option<&mut Vec<Use>> {
        match v {
            Value::Inst(i) => Some(self.insts.get_mut(i)),
            Value::Block(b) => Some(self.blocks.get_mut(b)),
            Value::Arg(a) => {
                let a = a as usize;
                if self.args.len() <= a {
                    self.args.resize(a + 1, Vec::new());
                }
                Some(&mut self.args[a])
            }
            _ => None,
        }
    }
}

impl Body {
    /// An empty body.
    pub fn new() -> Self {
        Self::default()
    }
    /// Creates a block (not yet placed in the layout).
    pub fn create_block(&mut self, name: Option<Symbol>) -> BlockId {
        self.blocks.push(BlockData { name, ..Default::default() })
    }
    /// Appends `b` to the layout.
    pub fn append_block(&mut self, b: BlockId) {
        self.layout.push(b);
    }
    /// The entry block.
    pub fn entry(&self) -> Option<BlockId> {
        self.layout.first().copied()
    }
    /// Appends an instruction at the end of block `b`.
    pub fn append_inst(&mut self, b: BlockId, data: InstData) -> InstId {
        let id = self.insts.push(data);
        self.place_inst(b, id);
        id
    }
    /// Places an already created instruction at the end of block `b`.
    pub fn place_inst(&mut self, b: BlockId, id: InstId) {
        self.blocks[b].insts.push(id);
        self.inst_block.set(id, Some(b));
        if let Some(uses) = self.uses.as_mut() {
            Self::add_uses(uses, id, &self.insts[id]);
        }
    }
    fn add_uses(uses: &mut UseLists, id: InstId, data: &InstData) {
        for (i, &op) in data.operands.iter().enumerate() {
            if let Some(l) = uses.list_mut(op) {
                l.push(Use { user: id, index: i as u32, phi_block: false });
            }
        }
        if let InstExtra::Phi(blocks) = &data.extra {
            for (i, &b) in blocks.iter().enumerate() {
                uses.blocks.get_mut(b).push(Use { user: id, index: i as u32, phi_block: true });
            }
        }
    }
    fn ensure_uses(&mut self) -> &mut UseLists {
        if self.uses.is_none() {
            let mut uses = UseLists::default();
            for &b in &self.layout {
                for &i in &self.blocks[b].insts {
                    Self::add_uses(&mut uses, i, &self.insts[i]);
                }
            }
            self.uses = Some(uses);
        }
        self.uses.as_mut().expect("use-lists were just built")
    }
    /// The uses of a local value (instruction, argument or block), in the order they were made.
    /// Builds the use-lists on first call; they are kept up to date by every mutation after that.
    pub fn uses(&mut self, v: Value) -> Vec<Use> {
        let uses = self.ensure_uses();
        uses.list_mut(v).map(|l| l.clone()).unwrap_or_default()
    }
    /// Sets operand `index` of `inst` to `v`, keeping use-lists right.
    pub fn set_operand(&mut self, inst: InstId, index: usize, v: Value) {
        let old = self.insts[inst].operands[index];
        if old == v {
            return;
        }
        self.insts[inst].operands[index] = v;
        if let Some(uses) = self.uses.as_mut() {
            if let Some(l) = uses.list_mut(old) {
                l.retain(|u| !(u.user == inst && u.index as usize == index && !u.phi_block));
            }
            if let Some(l) = uses.list_mut(v) {
                l.push(Use { user: inst, index: index as u32, phi_block: false });
            }
        }
    }
    /// Replaces every use of `old` by `new`; O(number of uses).
    pub fn replace_all_uses_with(&mut self, old: Value, new: Value) {
        if old == new {
            return;
        }
        let list = {
            let uses = self.ensure_uses();
            match uses.list_mut(old) {
                Some(l) => std::mem::take(l),
                None => return,
            }
        };
        for u in &list {
            let data = &mut self.insts[u.user];
            if u.phi_block {
                if let (InstExtra::Phi(blocks), Value::Block(nb)) = (&mut data.extra, new) {
                    blocks[u.index as usize] = nb;
                }
            } else {
                data.operands[u.index as usize] = new;
            }
        }
        let uses = self.uses.as_mut().expect("use-lists exist");
        if let Some(l) = uses.list_mut(new) {
            l.extend(list);
        }
    }
    /// Removes an instruction from its block (it stays in the arena, unused).
    pub fn remove_inst(&mut self, inst: InstId) {
        if let Some(b) = *self.inst_block.get(inst) {
            self.blocks[b].insts.retain(|&i| i != inst);
            self.inst_block.set(inst, None);
        }
        if let Some(uses) = self.uses.as_mut() {
            let ops = self.insts[inst].operands.clone();
            for op in ops {
                if let Some(l) = uses.list_mut(op) {
                    l.retain(|u| u.user != inst);
                }
            }
            if let InstExtra::Phi(blocks) = &self.insts[inst].extra {
                for &b in blocks {
                    uses.blocks.get_mut(b).retain(|u| u.user != inst);
                }
            }
        }
    }
    /// Drops cached use-lists (after bulk edits made directly through the public fields).
    pub fn invalidate_uses(&mut self) {
        self.uses = None;
    }
}
