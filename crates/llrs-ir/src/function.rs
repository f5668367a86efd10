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

/// Why [`Body::sort_use_list`] cannot reorder a value's uses.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum UseOrderError {
    /// The value has no uses.
    NoUses,
    /// The value has one use: there is nothing to order.
    OneUse,
    /// The order does not have one index per use; the number of uses.
    WrongCount(usize),
}

/// Why [`Body::remove_inst`] or [`Body::replace_and_remove`] refused to remove an instruction.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum RemoveError {
    /// Other instructions still use its result (how many uses).
    HasUses(usize),
    /// The instruction is not in a block (never placed, or removed already).
    NotInBlock,
    /// No instruction has this id in this body.
    NoSuchInst,
    /// `replace_and_remove(i, i)`: an instruction cannot replace itself.
    SelfReplacement,
}

impl std::fmt::Display for RemoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RemoveError::HasUses(1) => f.write_str("the instruction still has 1 use"),
            RemoveError::HasUses(n) => write!(f, "the instruction still has {n} uses"),
            RemoveError::NotInBlock => f.write_str("the instruction is not in a block"),
            RemoveError::NoSuchInst => f.write_str("no such instruction"),
            RemoveError::SelfReplacement => f.write_str("an instruction cannot replace itself"),
        }
    }
}

impl std::error::Error for RemoveError {}

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
    /// Built on first use (boxed: most bodies never need them).
    uses: Option<Box<UseLists>>,
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
    /// Gives back the room the arenas and lists grew into but do not use: for a reader, once a
    /// body is complete (a body grown by doubling holds a quarter more than it needs, on average).
    pub fn shrink_to_fit(&mut self) {
        self.insts.shrink_to_fit();
        self.blocks.shrink_to_fit();
        self.inst_block.shrink_to_fit();
        self.layout.shrink_to_fit();
        for b in self.blocks.values_mut() {
            b.insts.shrink_to_fit();
        }
    }
    /// Makes room for `n` more instructions (for a reader that knows about how many come).
    pub fn reserve_insts(&mut self, n: usize) {
        self.insts.reserve(n);
        self.inst_block.reserve(n);
    }
    /// Appends `b` to the layout.
    pub fn append_block(&mut self, b: BlockId) {
        self.layout.push(b);
    }
    /// The entry block.
    pub fn entry(&self) -> Option<BlockId> {
        self.layout.first().copied()
    }
    /// The instructions in layout order: the blocks in order, each block's instructions in order.
    pub fn inst_order(&self) -> impl Iterator<Item = InstId> + '_ {
        self.layout.iter().flat_map(|&b| self.blocks[b].insts.iter().copied())
    }
    /// Appends an instruction at the end of block `b`.
    pub fn append_inst(&mut self, b: BlockId, data: InstData) -> InstId {
        let id = self.insts.push(data);
        self.place_inst(b, id);
        id
    }
    /// Inserts an instruction into block `b` at position `index` (the end when `index` is past
    /// it). Costs a shift of the instructions after it.
    pub fn insert_inst(&mut self, b: BlockId, index: usize, data: InstData) -> InstId {
        let id = self.insts.push(data);
        let insts = &mut self.blocks[b].insts;
        insts.insert(index.min(insts.len()), id);
        self.inst_block.set(id, Some(b));
        if let Some(uses) = self.uses.as_mut() {
            Self::add_uses(uses, id, &self.insts[id]);
        }
        id
    }
    /// Adds the incoming edge `[v, %b]` to phi `phi`, keeping use-lists right (nothing for an
    /// instruction that is not a phi).
    pub fn add_phi_incoming(&mut self, phi: InstId, v: Value, b: BlockId) {
        let Some(data) = self.insts.get(phi) else { return };
        if !matches!(data.extra, InstExtra::Phi(_)) {
            return;
        }
        let data = &mut self.insts[phi];
        let index = data.operands.len() as u32;
        data.operands.push(v);
        if let InstExtra::Phi(blocks) = &mut data.extra {
            blocks.push(b);
        }
        if self.inst_block.get(phi).is_some() {
            if let Some(uses) = self.uses.as_mut() {
                if let Some(l) = uses.list_mut(v) {
                    l.push(Use { user: phi, index, phi_block: false });
                }
                uses.blocks.get_mut(b).push(Use { user: phi, index, phi_block: true });
            }
        }
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
            self.uses = Some(Box::new(uses));
        }
        self.uses.as_mut().expect("use-lists were just built")
    }
    /// The uses of a local value (instruction, argument or block), in the order they were made.
    /// Builds the use-lists on first call; they are kept up to date by every mutation after that.
    /// Globals and constants are used module-wide: see [`crate::Module::uses_of`] (empty here).
    pub fn uses(&mut self, v: Value) -> Vec<Use> {
        let uses = self.ensure_uses();
        uses.list_mut(v).map(|l| l.clone()).unwrap_or_default()
    }
    /// Sets operand `index` of `inst` to `v`, keeping use-lists right. Returns the operand it
    /// replaced, or `None` (and changes nothing) when there is no such operand.
    pub fn set_operand(&mut self, inst: InstId, index: usize, v: Value) -> Option<Value> {
        let old = *self.insts.get(inst)?.operands.get(index)?;
        if old == v {
            return Some(old);
        }
        self.insts[inst].operands[index] = v;
        let placed = self.inst_block.get(inst).is_some();
        if let Some(uses) = self.uses.as_mut().filter(|_| placed) {
            if let Some(l) = uses.list_mut(old) {
                l.retain(|u| !(u.user == inst && u.index as usize == index && !u.phi_block));
            }
            if let Some(l) = uses.list_mut(v) {
                l.push(Use { user: inst, index: index as u32, phi_block: false });
            }
        }
        Some(old)
    }
    /// Replaces every use of local value `old` by `new`; O(number of uses). For globals and
    /// constants (which this does not touch) use [`crate::Module::replace_all_uses_with`] or
    /// [`crate::Module::replace_global_uses`].
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
        // LLVM moves each use, most recent first, to the front of the new value's list.
        let uses = self.uses.as_mut().expect("use-lists exist");
        if let Some(l) = uses.list_mut(new) {
            l.extend(list.into_iter().rev());
        }
    }
    /// Removes an instruction from its block (it stays in the arena, unused). Refuses an
    /// instruction whose result is still used by another instruction (that would leave a
    /// dangling operand): replace its uses first, or call [`Body::replace_and_remove`]. Builds
    /// the use-lists on first call.
    pub fn remove_inst(&mut self, inst: InstId) -> Result<(), RemoveError> {
        if self.insts.get(inst).is_none() {
            return Err(RemoveError::NoSuchInst);
        }
        if self.inst_block.get(inst).is_none() {
            return Err(RemoveError::NotInBlock);
        }
        let uses = self.ensure_uses();
        let n = uses.insts.get(inst).iter().filter(|u| u.user != inst).count();
        if n > 0 {
            return Err(RemoveError::HasUses(n));
        }
        self.remove_inst_unchecked(inst);
        Ok(())
    }
    /// Replaces every use of `inst` by `new`, then removes `inst` (LLVM's
    /// `ReplaceInstWithValue`): an unnamed instruction `new` takes the name of `inst`. The types
    /// are not checked here (a body does not know them);
    /// [`crate::builder::FunctionBuilder::replace_and_remove`] checks them.
    pub fn replace_and_remove(&mut self, inst: InstId, new: Value) -> Result<(), RemoveError> {
        if self.insts.get(inst).is_none() {
            return Err(RemoveError::NoSuchInst);
        }
        if self.inst_block.get(inst).is_none() {
            return Err(RemoveError::NotInBlock);
        }
        if new == Value::Inst(inst) {
            return Err(RemoveError::SelfReplacement);
        }
        self.replace_all_uses_with(Value::Inst(inst), new);
        self.remove_inst(inst)?;
        if let Value::Inst(n) = new {
            if self.insts.get(n).is_some_and(|d| d.name.is_none()) {
                self.insts[n].name = self.insts[inst].name.take();
            }
        }
        Ok(())
    }
    /// Removes an instruction from its block whether or not it is used (its users are left
    /// with a dangling operand). For readers that remove instructions they know to be unused;
    /// use [`Body::remove_inst`].
    #[doc(hidden)]
    pub fn remove_inst_unchecked(&mut self, inst: InstId) {
        if self.insts.get(inst).is_none() {
            return;
        }
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
    /// Whether the use-lists are built (they are kept up to date from then on).
    pub fn uses_built(&self) -> bool {
        self.uses.is_some()
    }
    /// The use-list of a local value when the use-lists are built (by [`Body::uses`] or any
    /// mutation after it), in the order the uses were made; `None` while they are not.
    pub fn built_uses(&self, v: Value) -> Option<&[Use]> {
        let uses = self.uses.as_ref()?;
        match v {
            Value::Inst(i) => Some(uses.insts.get(i)),
            Value::Block(b) => Some(uses.blocks.get(b)),
            Value::Arg(a) => Some(uses.args.get(a as usize).map_or(&[][..], |l| &l[..])),
            _ => None,
        }
    }
    /// `uselistorder`: reorders the uses of a local value. LLVM lists uses most recent first;
    /// `order[i]` is the new position, in that order, of the `i`-th use (uses with equal
    /// positions keep their relative order). Phi incoming blocks are not uses in LLVM and keep
    /// their places.
    pub fn sort_use_list(&mut self, v: Value, order: &[u32]) -> Result<(), UseOrderError> {
        let Some(list) = self.ensure_uses().list_mut(v) else { return Err(UseOrderError::NoUses) };
        let slots: Vec<usize> = (0..list.len()).filter(|&i| !list[i].phi_block).collect();
        let n = slots.len();
        match n {
            0 => return Err(UseOrderError::NoUses),
            1 => return Err(UseOrderError::OneUse),
            _ if n != order.len() => return Err(UseOrderError::WrongCount(n)),
            _ => {}
        }
        // Uses in LLVM's order (the reverse of ours), each with its new position; a stable sort
        // by position, as LLVM's.
        let mut keyed: Vec<(u32, Use)> =
            order.iter().enumerate().map(|(i, &to)| (to, list[slots[n - 1 - i]])).collect();
        keyed.sort_by_key(|&(to, _)| to);
        for (k, &slot) in slots.iter().enumerate() {
            list[slot] = keyed[n - 1 - k].1;
        }
        Ok(())
    }
    /// Drops cached use-lists (after bulk edits made directly through the public fields).
    pub fn invalidate_uses(&mut self) {
        self.uses = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::instructions::Opcode;
    use crate::types::TypeId;

    /// A body with an entry block whose three `br` instructions use block `b` (as if parsed in
    /// that order; only the use-lists matter here).
    fn three_uses() -> (Body, BlockId, Vec<InstId>) {
        let mut body = Body::new();
        let (entry, b) = (body.create_block(None), body.create_block(None));
        body.append_block(entry);
        body.append_block(b);
        let void = TypeId(0);
        let brs = (0..3).map(|_| body.append_inst(entry, InstData::new(Opcode::Br, void, [Value::Block(b)]))).collect();
        (body, b, brs)
    }

    fn users(body: &mut Body, v: Value) -> Vec<InstId> {
        body.uses(v).iter().map(|u| u.user).collect()
    }

    #[test]
    fn use_list_order_permutes_in_llvm_order() {
        let (mut body, b, brs) = three_uses();
        // LLVM's order is most recent first: [2, 1, 0]; {1, 2, 0} moves use 2 to position 1,
        // use 1 to position 2 and use 0 to the front: [0, 2, 1], ours [1, 2, 0].
        body.sort_use_list(Value::Block(b), &[1, 2, 0]).expect("three uses");
        assert_eq!(users(&mut body, Value::Block(b)), vec![brs[1], brs[2], brs[0]]);
        assert_eq!(body.sort_use_list(Value::Block(b), &[1, 0]), Err(UseOrderError::WrongCount(3)));
        assert_eq!(body.sort_use_list(Value::Inst(brs[0]), &[1, 0]), Err(UseOrderError::NoUses));
    }

    #[test]
    fn replacing_moves_uses_to_the_front_most_recent_first() {
        let (mut body, b, brs) = three_uses();
        let c = body.create_block(None);
        body.append_block(c);
        let last = body.append_inst(b, InstData::new(Opcode::Br, TypeId(0), [Value::Block(c)]));
        body.replace_all_uses_with(Value::Block(b), Value::Block(c));
        // LLVM: c's list was [last]; the uses of b, most recent first, each go to the front:
        // [0, 1, 2, last] in LLVM's order, ours reversed.
        assert_eq!(users(&mut body, Value::Block(c)), vec![last, brs[2], brs[1], brs[0]]);
    }

    #[test]
    fn remove_refuses_used_instructions() {
        let (mut body, b, brs) = three_uses();
        let void = TypeId(0);
        // %a = freeze %arg0 (typed loosely: only uses matter); %c uses %a.
        let a = body.append_inst(b, InstData::new(Opcode::Freeze, void, [Value::Arg(0)]));
        let c = body.append_inst(b, InstData::new(Opcode::Freeze, void, [Value::Inst(a)]));
        assert_eq!(body.remove_inst(a), Err(RemoveError::HasUses(1)));
        assert_eq!(body.blocks[b].insts, vec![a, c], "nothing removed");
        assert_eq!(body.replace_and_remove(a, Value::Inst(a)), Err(RemoveError::SelfReplacement));
        body.replace_and_remove(a, Value::Arg(1)).expect("replaced, then removed");
        assert_eq!(body.insts[c].operands[0], Value::Arg(1));
        assert_eq!(body.blocks[b].insts, vec![c]);
        assert_eq!(body.remove_inst(a), Err(RemoveError::NotInBlock));
        assert_eq!(body.remove_inst(InstId(1000)), Err(RemoveError::NoSuchInst));
        assert_eq!(body.uses(Value::Arg(0)).len(), 0, "the removed instruction's uses are gone");
        body.remove_inst(c).expect("unused");
        body.remove_inst(brs[0]).expect("a br has no uses");
    }

    #[test]
    fn a_phi_using_only_itself_can_be_removed() {
        let (mut body, b, _) = three_uses();
        let phi = body.insts.push(InstData::new(Opcode::Phi, TypeId(0), []));
        body.place_inst(b, phi);
        body.add_phi_incoming(phi, Value::Inst(phi), b);
        body.remove_inst(phi).expect("only a self-use");
    }
}
