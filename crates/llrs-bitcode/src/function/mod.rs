//! Function bodies (`parseFunctionBody`): the arguments, the function's constants, its blocks
//! and instructions, its value symbol table. Operands are read in LLVM's order through the value
//! list; forward references become placeholders that the end of the body resolves.

mod expand;
mod insts;
mod uselists;

use llrs_ir::function::{BlockId, Body};
use llrs_ir::instructions::{InstData, InstExtra};
use llrs_ir::module::GlobalId;
use llrs_ir::symbol::Symbol;
use llrs_ir::types::{Type, TypeId};
use llrs_ir::value::Value;
use llrs_ir::{Module, Opcode};

use crate::bitstream::stream_error;
use crate::bitstream::{BlockInfo, Cursor, Entry};
use crate::codes::*;
use crate::constants::read_constants;
use crate::types::TypeTable;
use crate::values::{Slot, ValueList, PLACEHOLDER_BASE};
use crate::Error;

/// What every body reads from the module: the tables of the module block.
pub struct ModuleTables<'a> {
    /// The attribute lists (`getAttributes(i)`).
    pub attrs: &'a crate::attributes::AttrTable,
    /// The operand bundle tags, in order.
    pub bundle_tags: &'a [Symbol],
    /// The sync scope names, in order (`None` for the system scope).
    pub sync_scopes: &'a [Option<Symbol>],
    /// Instruction operands are relative ids (`VERSION` >= 1).
    pub relative: bool,
    /// The blocks' abbreviations.
    pub info: &'a BlockInfo,
    /// The alloca address space of the data layout.
    pub alloca_addrspace: u32,
    /// The size of the module's bitstream in bits (a bound on what a record may ask for).
    pub stream_bits: u64,
}

/// The state of one body being read.
pub(crate) struct FnReader<'a, 'b> {
    pub m: &'a mut Module,
    pub types: &'a mut TypeTable,
    pub values: &'a mut ValueList,
    pub t: &'a ModuleTables<'b>,
    pub body: Body,
    pub blocks: Vec<BlockId>,
    /// The index of the block instructions go to.
    pub cur: usize,
    /// `NextValueNo`.
    pub next: u64,
    /// The function.
    pub g: GlobalId,
    /// The parameter types.
    pub params: Vec<TypeId>,
    /// Bundles waiting for their call.
    pub bundles: Vec<llrs_ir::instructions::Bundle>,
    /// The last instruction placed (for debug locations).
    pub last: Option<llrs_ir::InstId>,
    /// The names in the function's symbol table (expansions' and the value symbol table's), for
    /// uniquing.
    pub used_names: rustc_hash::FxHashSet<Symbol>,
    /// The function's uniquing counter (`LastUnique`).
    pub last_unique: u32,
    /// The metadata loader.
    pub md: &'a mut crate::metadata::MetadataLoader,
    /// The instructions of the records, in order (`InstructionList`), for attachments.
    pub inst_list: Vec<llrs_ir::InstId>,
    /// The last debug location (`LastLoc`).
    pub last_loc: Option<llrs_ir::MdId>,
    /// Where expanded constant expressions go: the current block, or a phi's edge block.
    pub into: Into,
    /// The blocks made for phi operands that needed instructions (`ConstExprEdgeBBs`), by
    /// edge `(from, to)`, in the order they were made.
    pub edge_blocks: Vec<((BlockId, BlockId), BlockId)>,
    /// The same, by edge.
    pub edge_index: rustc_hash::FxHashMap<(BlockId, BlockId), BlockId>,
    /// The temporary edge block (`PhiConstExprBB`): its name, taken when it was made, and
    /// its block once something went into it.
    pub phi_temp: Option<(Symbol, Option<BlockId>)>,
    /// The number of constants when the body began.
    pub const_mark: usize,
    /// Each terminator placed, with the number of constants then (oldest first).
    pub term_consts: Vec<(llrs_ir::InstId, u32)>,
    /// The `USELIST_CODE_BB` records of the body, to apply at its end.
    pub block_orders: Vec<Vec<u64>>,
}

/// Where [`FnReader::expand`] puts the instructions of an expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Into {
    /// At the end of the current block.
    Cur,
    /// At the end of an existing edge block.
    Block(BlockId),
    /// In the temporary edge block.
    Temp,
}

/// `setName` of a global value: its new name, made unique among the module's globals as
/// LLVM's symbol table makes it (`name.N`); an empty name leaves it unnamed.
fn rename_global(m: &mut Module, g: GlobalId, name: Option<Symbol>) {
    if m.globals[g].name == name {
        return;
    }
    let taken = |m: &Module, s: Symbol| m.globals.iter().any(|(id, gl)| id != g && gl.name == Some(s));
    let Some(base) = name else {
        m.globals[g].name = None;
        return;
    };
    let mut sym = base;
    let mut n = 0u32;
    while taken(m, sym) {
        n += 1;
        let text = [m.ctx.name(base), format!(".{n}").as_bytes()].concat();
        sym = m.ctx.sym_bytes(&text);
    }
    m.globals[g].name = Some(sym);
}

/// Calls of the old debug intrinsics (`llvm.dbg.value`, `declare`, `assign`, `label`) become
/// debug records of the instruction after them (`upgradeDbgIntrinsicToDbgRecord`, as
/// `UpgradeIntrinsicCall` runs it when a body is materialized).
fn dbg_intrinsics_to_records(m: &mut Module, body: &mut Body) {
    let any = body.insts.values().any(|d| d.op == Opcode::Call && is_dbg_call(m, d));
    if !any {
        return;
    }
    for bi in 0..body.layout.len() {
        let b = body.layout[bi];
        let insts = std::mem::take(&mut body.blocks[b].insts);
        let mut kept = Vec::with_capacity(insts.len());
        let mut pending: Vec<llrs_ir::instructions::DbgRecord> = Vec::new();
        for x in insts {
            match llrs_upgrade::dbg_intrinsic_record(m, &body.insts[x]) {
                Some(rec) => {
                    pending.extend(rec);
                    body.inst_block.set(x, None);
                }
                None => {
                    if !pending.is_empty() {
                        let own = std::mem::take(&mut body.insts[x].dbg_records);
                        let mut all = llrs_ir::instructions::DbgRecords::with_capacity(pending.len() + own.len());
                        // The call's own records (from debug records before it) come first.
                        all.extend(pending.drain(..));
                        all.extend(own);
                        body.insts[x].dbg_records = all;
                    }
                    kept.push(x);
                }
            }
        }
        body.blocks[b].trailing_records.extend(pending);
        body.blocks[b].insts = kept;
    }
}

/// Whether an instruction calls one of the old debug intrinsics.
fn is_dbg_call(m: &Module, d: &InstData) -> bool {
    let Some(Value::Const(c)) = d.operands.first() else { return false };
    let llrs_ir::Const::Global(_, g) = m.ctx.const_of(*c) else { return false };
    m.globals[*g].name.is_some_and(|n| m.ctx.name(n).starts_with(b"llvm.dbg."))
}

/// Whether a record of a function block makes an instruction (or more, with expanded
/// constant expressions): not a block count, a debug location or record, a bundle or a list of
/// block address users.
fn makes_instruction(code: u32) -> bool {
    !matches!(
        code,
        FUNC_CODE_DECLAREBLOCKS
            | FUNC_CODE_DEBUG_LOC
            | FUNC_CODE_DEBUG_LOC_AGAIN
            | FUNC_CODE_OPERAND_BUNDLE
            | FUNC_CODE_BLOCKADDR_USERS
            | FUNC_CODE_DEBUG_RECORD_VALUE..=FUNC_CODE_DEBUG_RECORD_DECLARE_VALUE
    )
}

/// `md` with its placeholders for values still to come replaced by those values (argument
/// lists rebuilt).
fn fix_md(
    values: &ValueList,
    ctx: &mut llrs_ir::Context,
    md: llrs_ir::metadata::Md,
) -> Result<llrs_ir::metadata::Md, Error> {
    use llrs_ir::metadata::{Local, Md, MdKind};
    let one = |m: Md| -> Result<Md, Error> {
        match m {
            Md::Local(Local::Arg(p)) if p >= PLACEHOLDER_BASE => match values.resolved((p - PLACEHOLDER_BASE) as usize)
            {
                Some(Value::Inst(x)) => Ok(Md::Local(Local::Inst(x))),
                Some(Value::Arg(a)) if a < PLACEHOLDER_BASE => Ok(Md::Local(Local::Arg(a))),
                Some(Value::Const(c)) => Ok(Md::Const(c)),
                _ => Err(Error::new("Never resolved value found in function")),
            },
            m => Ok(m),
        }
    };
    match md {
        Md::Node(id) if ctx.md(id).kind == MdKind::ArgList => {
            let n = ctx.md(id);
            let stale = n.ops.iter().any(|o| matches!(o, Md::Local(Local::Arg(p)) if *p >= PLACEHOLDER_BASE));
            if !stale {
                return Ok(md);
            }
            let mut node = n.clone();
            for o in node.ops.iter_mut() {
                *o = one(*o)?;
            }
            Ok(Md::Node(ctx.md_intern(node)))
        }
        m => one(m),
    }
}

/// The function-level value list as metadata sees it: arguments and constants read so far.
struct FnValues<'v> {
    list: &'v mut ValueList,
    next: u64,
}

impl crate::values::ValueSource for FnValues<'_> {
    fn value_md(&mut self, module: &mut Module, id: u64, ty: TypeId) -> Option<llrs_ir::metadata::Md> {
        if id >= self.next {
            // An instruction still to come: a placeholder the end of the body resolves.
            return match self.list.get_fwd(module, id, Some(ty), true)? {
                Value::Arg(a) => Some(llrs_ir::metadata::Md::Local(llrs_ir::metadata::Local::Arg(a))),
                _ => None,
            };
        }
        crate::values::ModuleValues { list: self.list }.value_md(module, id, ty)
    }
}

/// Reads the body of function `g`, its block entered at `cur`.
pub fn read_body(
    cur: &mut Cursor<'_>,
    m: &mut Module,
    types: &mut TypeTable,
    values: &mut ValueList,
    t: &ModuleTables<'_>,
    md: &mut crate::metadata::MetadataLoader,
    g: GlobalId,
) -> Result<(), Error> {
    let mark = values.mark();
    let md_mark = md.size();
    let fn_ty = m.globals[g].value_ty;
    let params: Vec<TypeId> = match m.ctx.type_of(fn_ty) {
        Type::Function { params, .. } => params.to_vec(),
        _ => return Err(Error::new("Invalid function type")),
    };
    for (i, &p) in params.iter().enumerate() {
        values.push(Value::Arg(i as u32), p);
    }
    let names = &mut m.func_mut(g).arg_names;
    if names.len() < params.len() {
        names.resize(params.len(), None);
    }
    let next = values.len() as u64;
    let mut r = FnReader {
        m,
        types,
        values,
        t,
        body: Body::new(),
        blocks: Vec::new(),
        cur: 0,
        next,
        g,
        params,
        bundles: Vec::new(),
        last: None,
        used_names: Default::default(),
        last_unique: 0,
        md,
        inst_list: Vec::new(),
        last_loc: None,
        into: Into::Cur,
        edge_blocks: Vec::new(),
        edge_index: Default::default(),
        phi_temp: None,
        const_mark: 0,
        term_consts: Vec::new(),
        block_orders: Vec::new(),
    };
    r.const_mark = r.m.ctx.num_consts();
    if let Some(codes) = cur.replay_block_codes() {
        r.body.reserve_insts(codes.filter(|&c| makes_instruction(c)).count());
    }
    // The body's metadata refers to nothing of another body's: nodes that refer to one made for
    // this body are uniqued among this body's.
    r.m.ctx.md_scope_begin();
    let res = r.read(cur);
    let FnReader { m, values, mut body, md, .. } = r;
    values.shrink_to(mark);
    md.shrink_to(md_mark);
    if res.is_ok() {
        dbg_intrinsics_to_records(m, &mut body);
    }
    m.ctx.md_scope_end();
    res?;
    body.shrink_to_fit();
    // A body without blocks leaves the function a declaration (LLVM's is empty).
    if !body.layout.is_empty() {
        m.func_mut(g).body = Some(body);
    }
    Ok(())
}

impl FnReader<'_, '_> {
    fn read(&mut self, cur: &mut Cursor<'_>) -> Result<(), Error> {
        loop {
            let a = match cur.advance().map_err(stream_error)? {
                Entry::EndBlock => break,
                Entry::SubBlock(CONSTANTS_BLOCK_ID) => {
                    cur.enter_block(CONSTANTS_BLOCK_ID, self.t.info).map_err(stream_error)?;
                    read_constants(cur, self.m, self.types, self.values)?;
                    self.next = self.values.len() as u64;
                    continue;
                }
                Entry::SubBlock(METADATA_BLOCK_ID) => {
                    let mut vs = FnValues { list: self.values, next: self.next };
                    let mut env = crate::metadata::Env { module: self.m, types: self.types, values: &mut vs };
                    self.md.parse_metadata(cur, self.t.info, &mut env, false)?;
                    continue;
                }
                Entry::SubBlock(METADATA_ATTACHMENT_ID) => {
                    let atts = self.md.parse_attachments(cur, self.t.info, self.m, self.inst_list.len())?;
                    for a in atts {
                        match a.target {
                            crate::metadata::AttachTarget::Function => {
                                self.m.globals[self.g].md.push((a.kind, a.node));
                            }
                            crate::metadata::AttachTarget::Inst(i) => {
                                let Some(&x) = self.inst_list.get(i as usize) else {
                                    return Err(Error::new("Invalid record"));
                                };
                                let md = &mut self.body.insts[x].md;
                                md.retain(|(k, _)| *k != a.kind);
                                md.push((a.kind, a.node));
                            }
                        }
                    }
                    continue;
                }
                Entry::SubBlock(VALUE_SYMTAB_BLOCK_ID) => {
                    cur.enter_block(VALUE_SYMTAB_BLOCK_ID, self.t.info).map_err(stream_error)?;
                    self.read_symtab(cur)?;
                    continue;
                }
                Entry::SubBlock(USELIST_BLOCK_ID) => {
                    self.read_use_lists(cur)?;
                    continue;
                }
                Entry::SubBlock(_) => {
                    cur.skip_block().map_err(stream_error)?;
                    continue;
                }
                Entry::Record(a) => a,
            };
            cur.with_record_ops(a, |code, ops| self.record(code, ops)).map_err(stream_error)??;
        }
        if !self.bundles.is_empty() {
            return Err(Error::new("Operand bundles found with no consumer"));
        }
        if self.values.placeholders {
            self.resolve_placeholders()?;
        }
        if self.md.has_fwd_refs() {
            return Err(Error::new("Invalid function metadata: outgoing forward refs"));
        }
        self.sort_blocks_uses();
        self.finish_edge_blocks();
        Ok(())
    }

    /// The end of `parseFunctionBody`: the unused temporary edge block goes, and each edge
    /// block is wired in (a branch to its phi's block, the predecessor's terminator and the
    /// phis sent through it) and moved before its phi's block.
    fn finish_edge_blocks(&mut self) {
        if let Some((name, _)) = self.phi_temp.take() {
            self.used_names.remove(&name);
        }
        let void = self.m.ctx.void_ty();
        for ((from, to), e) in std::mem::take(&mut self.edge_blocks) {
            self.body.append_inst(e, InstData::new(Opcode::Br, void, [Value::Block(to)]));
            if let Some(&t) = self.body.blocks[from].insts.last() {
                if self.body.insts[t].op.is_terminator() {
                    for v in self.body.insts[t].operands.iter_mut() {
                        if *v == Value::Block(to) {
                            *v = Value::Block(e);
                        }
                    }
                }
            }
            for &x in &self.body.blocks[to].insts {
                let llrs_ir::InstExtra::Phi(preds) = &mut self.body.insts[x].extra else { continue };
                for p in preds.iter_mut() {
                    if *p == from {
                        *p = e;
                    }
                }
            }
            self.body.layout.retain(|&b| b != e);
            let at = self.body.layout.iter().position(|&b| b == to).unwrap_or(self.body.layout.len());
            self.body.layout.insert(at, e);
        }
    }

    /// The value symbol table of the body (`parseValueSymbolTable` in a function): names of
    /// arguments, instructions and blocks.
    fn read_symtab(&mut self, cur: &mut Cursor<'_>) -> Result<(), Error> {
        loop {
            let a = match cur.advance_skipping_subblocks().map_err(stream_error)? {
                Entry::EndBlock => return Ok(()),
                Entry::SubBlock(_) => return Err(Error::new("Malformed block")),
                Entry::Record(a) => a,
            };
            let rec = cur.read_record_ops(a).map_err(stream_error)?;
            let r = &rec.ops;
            match rec.code {
                // `recordValue`.
                VST_CODE_ENTRY | VST_CODE_FNENTRY => {
                    let name_at = if rec.code == VST_CODE_ENTRY { 1 } else { 2 };
                    if name_at > r.len() {
                        return Err(Error::new("Invalid record"));
                    }
                    let id = r[0] as u32 as usize;
                    if id >= self.values.len() || matches!(self.values.slot(id), Slot::Empty) {
                        return Err(Error::new("Invalid record"));
                    }
                    let name: Vec<u8> = r[name_at..].iter().map(|&c| c as u8).collect();
                    if name.contains(&0) {
                        return Err(Error::new("Invalid value name"));
                    }
                    // An empty name leaves the value unnamed (`setName("")`).
                    let sym = (!name.is_empty()).then(|| self.m.ctx.sym_bytes(&name));
                    match self.values.resolved(id) {
                        Some(Value::Arg(i)) if i < PLACEHOLDER_BASE => {
                            let i = i as usize;
                            let old = self.m.func(self.g).arg_names.get(i).copied().flatten();
                            let sym = self.local_name(old, sym);
                            let f = self.m.func_mut(self.g);
                            if f.arg_names.len() <= i {
                                f.arg_names.resize(i + 1, None);
                            }
                            f.arg_names[i] = sym;
                        }
                        Some(Value::Inst(x)) => {
                            let sym = self.local_name(self.body.insts[x].name, sym);
                            self.body.insts[x].name = sym;
                        }
                        // A global is renamed (uniqued in the module); other constants take no
                        // name.
                        Some(Value::Const(c)) => {
                            if let llrs_ir::Const::Global(_, g) = *self.m.ctx.const_of(c) {
                                rename_global(self.m, g, sym);
                            }
                        }
                        _ => {}
                    }
                }
                VST_CODE_BBENTRY => {
                    let Some(&b) = r.first().and_then(|&b| self.blocks.get(b as u32 as usize)) else {
                        return Err(Error::new("Invalid bbentry record"));
                    };
                    let name: Vec<u8> = r[1..].iter().map(|&c| c as u8).collect();
                    let sym = (!name.is_empty()).then(|| self.m.ctx.sym_bytes(&name));
                    self.body.blocks[b].name = self.local_name(self.body.blocks[b].name, sym);
                }
                _ => {}
            }
        }
    }

    /// `setName` of a value of the function: its old name (`old`) leaves the function's symbol
    /// table, the new one goes in, made unique as LLVM makes it (`name` and the next number).
    fn local_name(&mut self, old: Option<Symbol>, name: Option<Symbol>) -> Option<Symbol> {
        if old == name {
            return name;
        }
        if let Some(o) = old {
            self.used_names.remove(&o);
        }
        name.map(|base| self.unique_sym(base))
    }

    /// The type of a value of this body.
    pub(crate) fn value_ty(&mut self, v: Value) -> TypeId {
        let known = match v {
            Value::Const(c) => Some(self.m.ctx.const_of(c).ty()),
            Value::Arg(i) if i >= PLACEHOLDER_BASE => self.values.ty((i - PLACEHOLDER_BASE) as usize),
            Value::Arg(i) => self.params.get(i as usize).copied(),
            Value::Inst(x) => Some(self.body.insts[x].ty),
            Value::Asm(_) => Some(self.m.ctx.ptr_ty(0)),
            Value::Block(_) => Some(self.m.ctx.ty(Type::Label)),
            Value::Md(_) => Some(self.m.ctx.ty(Type::Metadata)),
        };
        known.unwrap_or_else(|| self.m.ctx.void_ty())
    }

    /// The absolute id of operand `r[slot]` (relative ids counted back from `next`).
    fn abs_id(&self, raw: u64) -> u64 {
        let v = raw as u32;
        if self.t.relative {
            u64::from((self.next as u32).wrapping_sub(v))
        } else {
            u64::from(v)
        }
    }

    /// `getValueFwdRef(id, ty, CurBB)`: constants that LLVM no longer makes are expanded into
    /// the current block.
    fn fetch(&mut self, id: u64, ty: Option<TypeId>) -> Option<Value> {
        if ty.is_some_and(|t| self.m.ctx.type_of(t) == &Type::Metadata) {
            // `getFnMetadataByID`: metadata operands come from the metadata loader.
            // Past the stream's size, no metadata: `MetadataAsValue` makes it `!{}`.
            let md = match self.md.get_or_fwd(self.m, id) {
                Some(md) => md,
                None => llrs_ir::metadata::Md::Node(self.m.ctx.md_intern(llrs_ir::MdNode::tuple(false, []))),
            };
            return Some(Value::Md(md));
        }
        if let crate::values::Slot::Deferred(_) = self.values.slot(id as usize) {
            if ty.is_some_and(|t| Some(t) != self.values.ty(id as usize)) {
                return None;
            }
            return self.expand(id as usize).ok();
        }
        self.values.get_fwd(self.m, id, ty, true)
    }

    /// `getValue`: operand `r[slot]` of type `ty`.
    pub(crate) fn get_value(&mut self, r: &[u64], slot: usize, ty: TypeId) -> Option<Value> {
        let raw = *r.get(slot)?;
        let id = self.abs_id(raw);
        self.fetch(id, Some(ty))
    }

    /// `getValueSigned` (phi operands).
    pub(crate) fn get_value_signed(&mut self, r: &[u64], slot: usize, ty: TypeId) -> Option<Value> {
        let raw = *r.get(slot)?;
        let id = if self.t.relative {
            let d = crate::constants::decode_sign_rotated(raw) as i64;
            u64::from((self.next as u32).wrapping_sub(d as u32))
        } else {
            u64::from(raw as u32)
        };
        self.fetch(id, Some(ty))
    }

    /// `popValue`.
    pub(crate) fn pop_value(&mut self, r: &[u64], slot: &mut usize, ty: TypeId) -> Option<Value> {
        let v = self.get_value(r, *slot, ty);
        *slot += 1;
        v
    }

    /// `getValueTypePair`: a value, and its type when it is a forward reference.
    pub(crate) fn value_type_pair(&mut self, r: &[u64], slot: &mut usize) -> Option<(Value, TypeId)> {
        let raw = *r.get(*slot)?;
        *slot += 1;
        let id = self.abs_id(raw);
        if id < self.next {
            let ty = self.values.ty(id as usize)?;
            let v = self.fetch(id, None)?;
            Some((v, ty))
        } else {
            let tid = *r.get(*slot)?;
            *slot += 1;
            let ty = self.types.get(&mut self.m.ctx, tid)?;
            let v = self.fetch(id, Some(ty))?;
            Some((v, ty))
        }
    }

    /// `getBasicBlock`.
    pub(crate) fn block(&self, id: u64) -> Option<BlockId> {
        self.blocks.get(usize::try_from(id).ok()?).copied()
    }

    /// Places an instruction at the end of the current block, gives it its value id.
    pub(crate) fn place(&mut self, data: InstData) -> Result<llrs_ir::InstId, Error> {
        let Some(&b) = self.blocks.get(self.cur) else {
            return Err(Error::new("Invalid instruction with no BB"));
        };
        if !self.bundles.is_empty() {
            return Err(Error::new("Operand bundles found with no consumer"));
        }
        let term = data.op.is_terminator();
        let ty = data.ty;
        let void = self.m.ctx.is_void(ty);
        let id = self.body.append_inst(b, data);
        self.last = Some(id);
        self.inst_list.push(id);
        if term {
            self.cur += 1;
            self.term_consts.push((id, self.m.ctx.num_consts() as u32));
        }
        if !void {
            self.values.assign(self.next as usize, Value::Inst(id), ty)?;
            self.next += 1;
        }
        Ok(id)
    }

    /// Replaces every placeholder operand by the value later assigned to its id.
    fn resolve_placeholders(&mut self) -> Result<(), Error> {
        let values = &*self.values;
        let fix = |v: &mut Value| -> Result<(), Error> {
            if let Value::Arg(i) = *v {
                if i >= PLACEHOLDER_BASE {
                    match values.resolved((i - PLACEHOLDER_BASE) as usize) {
                        Some(Value::Arg(j)) if j >= PLACEHOLDER_BASE => {
                            return Err(Error::new("Never resolved value found in function"))
                        }
                        Some(r) => *v = r,
                        None => return Err(Error::new("Never resolved value found in function")),
                    }
                }
            }
            Ok(())
        };
        for inst in self.body.insts.values_mut() {
            for v in inst.operands.iter_mut() {
                fix(v)?;
            }
            if let InstExtra::Call(cd) = &mut inst.extra {
                for b in cd.bundles.iter_mut() {
                    for v in b.inputs.iter_mut() {
                        fix(v)?;
                    }
                }
            }
            if let InstExtra::LandingPad(cls) = &mut inst.extra {
                for c in cls.iter_mut() {
                    match c {
                        llrs_ir::instructions::Clause::Catch(v) | llrs_ir::instructions::Clause::Filter(v) => fix(v)?,
                    }
                }
            }
        }
        // Metadata that names values still to come: operands, debug records, argument lists.
        let ctx = &mut self.m.ctx;
        for inst in self.body.insts.values_mut() {
            for v in inst.operands.iter_mut() {
                if let Value::Md(md) = v {
                    *md = fix_md(values, ctx, *md)?;
                }
            }
            for r in inst.dbg_records.iter_mut() {
                r.loc = fix_md(values, ctx, r.loc)?;
                if let Some((_, addr, _)) = &mut r.assign {
                    *addr = fix_md(values, ctx, *addr)?;
                }
            }
        }
        Ok(())
    }

    /// Whether `op` makes an `FPMathOperator` of result type `ty`.
    pub(crate) fn fp_math(&self, op: Opcode, ty: TypeId) -> bool {
        use Opcode::*;
        match op {
            FNeg | FAdd | FSub | FMul | FDiv | FRem | FCmp | FPTrunc | FPExt => true,
            Phi | Select | Call => self.m.ctx.is_fp_math_ty(ty),
            _ => false,
        }
    }
}
