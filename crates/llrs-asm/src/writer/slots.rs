//! LLVM's SlotTracker: numbers of unnamed globals and locals, metadata nodes and attribute groups.

use super::metadata::{node_operands, OperandOrders};
use llrs_ir::attributes::AttrsId;
use llrs_ir::function::Body;
use llrs_ir::instructions::{DbgKind, DbgRecord, InstData, InstExtra, Opcode};
use llrs_ir::metadata::{Md, MdId, MdKind};
use llrs_ir::module::{FuncData, GlobalId, GlobalKind};
use llrs_ir::{Const, Context, Module, Symbol, Value};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// Sentinel for "no slot".
pub const NONE: u32 = u32::MAX;

/// Metadata node numbers in creation order.
#[derive(Default, Clone)]
pub struct MdSlots {
    /// The number of each node by id ([`NONE`] when unnumbered); grown on demand.
    slot: Vec<u32>,
    /// Nodes by number.
    pub order: Vec<MdId>,
    /// The operand order of each kind of specialized node met.
    orders: OperandOrders,
    /// The walk's stack, kept between walks (empty between them).
    stack: Vec<(SmallVec<[MdId; 8]>, usize)>,
}

impl MdSlots {
    /// The number of a node, if it has one.
    pub fn get(&self, n: MdId) -> Option<u32> {
        self.slot.get(n.0 as usize).copied().filter(|&s| s != NONE)
    }

    /// `CreateMetadataSlot`: numbers `n` and, depth first, every node it references.
    /// DIExpressions and DIArgLists are printed inline and never numbered.
    pub fn create(&mut self, c: &Context, n: MdId) {
        if !self.add(c, n) {
            return;
        }
        let mut stack = std::mem::take(&mut self.stack);
        stack.push((node_operands(c, n, &mut self.orders), 0));
        while let Some((ops, i)) = stack.last_mut() {
            if *i >= ops.len() {
                stack.pop();
                continue;
            }
            let op = ops[*i];
            *i += 1;
            if self.add(c, op) {
                let sub = node_operands(c, op, &mut self.orders);
                stack.push((sub, 0));
            }
        }
        self.stack = stack;
    }

    fn add(&mut self, c: &Context, n: MdId) -> bool {
        let next = self.order.len() as u32;
        let i = n.0 as usize;
        if i >= self.slot.len() {
            self.slot.resize(c.num_mds().max(i + 1), NONE);
        }
        // The slot first: most nodes met are numbered already, and it is the smaller read.
        if self.slot[i] != NONE || matches!(c.md(n).kind, MdKind::Expression | MdKind::ArgList) {
            return false;
        }
        self.slot[i] = next;
        self.order.push(n);
        true
    }

    fn create_md(&mut self, c: &Context, m: Md) {
        if let Md::Node(n) = m {
            self.create(c, n);
        }
    }
}

/// Module-level slots.
#[derive(Clone, Default)]
pub struct ModuleSlots {
    /// Number of each unnamed global value (by `GlobalId`), [`NONE`] otherwise.
    pub globals: Vec<u32>,
    /// Attribute group numbers.
    attr_slot: FxHashMap<AttrsId, u32>,
    /// Attribute groups by number.
    pub attr_order: Vec<AttrsId>,
    /// Metadata numbers.
    pub md: MdSlots,
}

impl ModuleSlots {
    /// The number of an attribute group.
    pub fn attr_group(&self, a: AttrsId) -> Option<u32> {
        self.attr_slot.get(&a).copied()
    }

    fn create_attr(&mut self, a: AttrsId) {
        if a == AttrsId::EMPTY {
            return;
        }
        if !self.attr_slot.contains_key(&a) {
            self.attr_slot.insert(a, self.attr_order.len() as u32);
            self.attr_order.push(a);
        }
    }

    /// `processModule`.
    pub fn new(m: &Module) -> Self {
        let c = &m.ctx;
        let mut s = ModuleSlots { globals: vec![NONE; m.globals.len()], ..Default::default() };
        let mut next = 0u32;
        let mut number = |s: &mut ModuleSlots, g: GlobalId| {
            if m.globals[g].name.is_none() {
                s.globals[g.0 as usize] = next;
                next += 1;
            }
        };
        for &g in &m.vars {
            number(&mut s, g);
            for (_, n) in sorted_attachments(c, &m.globals[g].md) {
                s.md.create(c, n);
            }
            s.create_attr(m.globals[g].var.attrs);
        }
        for &g in &m.aliases {
            number(&mut s, g);
        }
        for &g in &m.ifuncs {
            number(&mut s, g);
        }
        for (_, ops) in &m.named_md {
            for &n in ops {
                s.md.create(c, n);
            }
        }
        for &g in &m.functions {
            number(&mut s, g);
            if let Some(fd) = m.globals[g].func.as_deref() {
                s.create_attr(fd.attrs.func);
            }
        }
        s
    }

    /// `processFunctionMetadata` plus the call-site attribute groups of `processFunction`.
    pub fn process_function(&mut self, m: &Module, g: GlobalId) {
        let c = &m.ctx;
        let gl = &m.globals[g];
        for (_, n) in sorted_attachments(c, &gl.md) {
            self.md.create(c, n);
        }
        let Some(fd) = gl.func.as_deref() else { return };
        let Some(body) = fd.body.as_ref() else { return };
        for &b in &body.layout {
            for &i in &body.blocks[b].insts {
                let inst = &body.insts[i];
                for r in &inst.dbg_records {
                    self.dbg_record(c, r);
                }
                self.instruction_md(m, inst);
            }
            for r in &body.blocks[b].trailing_records {
                self.dbg_record(c, r);
            }
        }
        for &b in &body.layout {
            for &i in &body.blocks[b].insts {
                if let InstExtra::Call(cd) = &body.insts[i].extra {
                    self.create_attr(cd.attrs.func);
                }
            }
        }
    }

    fn dbg_record(&mut self, c: &Context, r: &DbgRecord) {
        if r.kind == DbgKind::Label {
            let label = if r.var != Md::Null { r.var } else { r.loc };
            self.md.create_md(c, label);
        } else {
            self.md.create_md(c, r.loc);
            self.md.create_md(c, r.var);
            if let Some((id, addr, _)) = r.assign {
                self.md.create_md(c, id);
                self.md.create_md(c, addr);
            }
        }
        self.md.create_md(c, r.dbg);
    }

    fn instruction_md(&mut self, m: &Module, inst: &InstData) {
        let c = &m.ctx;
        if inst.op == Opcode::Call && is_intrinsic_callee(m, inst) {
            for &v in &inst.operands {
                if let Value::Md(Md::Node(n)) = v {
                    self.md.create(c, n);
                }
            }
        }
        for (_, n) in sorted_attachments(c, &inst.md) {
            self.md.create(c, n);
        }
    }

    /// Numbers a node met only while printing (LLVM would print its address).
    pub fn late_md(&mut self, c: &Context, n: MdId) -> Option<u32> {
        self.md.create(c, n);
        self.md.get(n)
    }
}

/// True when a call's callee is a function whose name starts with `llvm.`.
pub fn is_intrinsic_callee(m: &Module, inst: &InstData) -> bool {
    match inst.operands.first() {
        Some(Value::Const(k)) => match m.ctx.const_of(*k) {
            Const::Global(_, g) => {
                let gl = &m.globals[*g];
                gl.kind == GlobalKind::Function && gl.name.is_some_and(|n| m.ctx.name(n).starts_with(b"llvm."))
            }
            _ => false,
        },
        _ => false,
    }
}

/// Attachments sorted by kind id (`!dbg` first), as `getAllMetadata` returns them.
pub fn sorted_attachments(c: &Context, md: &[(Symbol, MdId)]) -> SmallVec<[(Symbol, MdId); 4]> {
    let mut v: SmallVec<[(Symbol, MdId); 4]> = md.iter().copied().collect();
    if v.len() > 1 {
        v.sort_by_key(|(k, _)| c.md_kind_id(*k));
    }
    v
}

/// Function-local slots.
#[derive(Default)]
pub struct FuncSlots {
    /// Argument numbers.
    pub args: Vec<u32>,
    /// Block numbers by `BlockId`.
    pub blocks: Vec<u32>,
    /// Instruction numbers by `InstId`.
    pub insts: Vec<u32>,
}

impl FuncSlots {
    /// `processFunction`'s numbering of unnamed arguments, blocks and instructions.
    pub fn new(c: &Context, fd: &FuncData) -> Self {
        let mut s = FuncSlots { args: vec![NONE; fd.arg_names.len()], ..Default::default() };
        let mut next = 0u32;
        for (i, n) in fd.arg_names.iter().enumerate() {
            if n.is_none() {
                s.args[i] = next;
                next += 1;
            }
        }
        if let Some(body) = fd.body.as_ref() {
            s.number_body(c, body, next);
        }
        s
    }

    fn number_body(&mut self, c: &Context, body: &Body, mut next: u32) {
        self.blocks = vec![NONE; body.blocks.len()];
        self.insts = vec![NONE; body.insts.len()];
        for &b in &body.layout {
            if body.blocks[b].name.is_none() {
                self.blocks[b.0 as usize] = next;
                next += 1;
            }
            for &i in &body.blocks[b].insts {
                let inst = &body.insts[i];
                if inst.name.is_none() && !c.is_void(inst.ty) {
                    self.insts[i.0 as usize] = next;
                    next += 1;
                }
            }
        }
    }

    /// The number of a local value.
    pub fn get(&self, v: Value) -> Option<u32> {
        let s = match v {
            Value::Arg(a) => self.args.get(a as usize).copied(),
            Value::Block(b) => self.blocks.get(b.0 as usize).copied(),
            Value::Inst(i) => self.insts.get(i.0 as usize).copied(),
            _ => None,
        }?;
        (s != NONE).then_some(s)
    }
}
