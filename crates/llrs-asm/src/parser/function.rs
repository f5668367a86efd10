//! Function bodies: blocks, local value numbering and forward references, debug records.

use super::{FnState, PResult, Parser};
use crate::lexer::Tok;
use llrs_ir::function::{BlockId, InstId};
use llrs_ir::instructions::{DbgKind, DbgRecord};
use llrs_ir::module::{GlobalId, UseListOrder, UseListTarget};
use llrs_ir::{Body, InstData, Md, Opcode, Symbol, Type, TypeId, UseOrderError, Value};

impl<'a> Parser<'a> {
    fn body(&mut self) -> &mut Body {
        &mut self.body
    }

    /// The type of a local value of the current function.
    pub fn local_type(&mut self, v: Value) -> TypeId {
        let g = self.fs.func.expect("inside a function");
        match v {
            Value::Arg(a) => {
                let fty = self.m.globals[g].value_ty;
                self.m.ctx.fn_params(fty)[a as usize]
            }
            Value::Inst(i) => self.body.insts[i].ty,
            Value::Block(_) => self.label_ty(),
            _ => unreachable!("not a local"),
        }
    }

    pub(super) fn type_name(&self, t: TypeId) -> String {
        super::types::type_text(&self.m, t)
    }

    /// `%x` / `%12` of type `ty`.
    pub fn parse_local_ref(&mut self, ty: TypeId) -> PResult<Value> {
        let pos = self.pos();
        let tok_end = self.tok.end as usize;
        if self.fs.func.is_none() {
            return self.err_here("invalid use of function-local name");
        }
        let is_label = matches!(self.m.ctx.type_of(ty), Type::Label);
        if is_label {
            let b = self.block_ref()?;
            return Ok(Value::Block(b));
        }
        let v = if self.is(Tok::LocalVar) {
            let name = self.val_sym();
            self.next();
            if let Some(&v) = self.fs.names.get(&name) {
                v
            } else if let Some(&(i, _)) = self.fs.fwd_names.get(&name) {
                Value::Inst(i)
            } else if let Some(&b) = self.fs.block_names.get(&name) {
                // A block referenced before: LLVM's one table of forward references has it.
                Value::Block(b)
            } else {
                // `getVal` makes no placeholder of a type a value cannot have.
                if !self.is_first_class(ty) {
                    return self.err(pos, "invalid use of a non-first-class type");
                }
                let i = self.body().insts.push(placeholder(ty));
                self.fs.fwd_names.insert(name, (i, pos));
                return Ok(Value::Inst(i));
            }
        } else {
            let n = self.tok_num()?;
            self.next();
            if let Some(v) = self.fs.nums.get(n) {
                v
            } else if let Some(&(i, _)) = self.fs.fwd_nums.get(&n) {
                Value::Inst(i)
            } else if let Some(&b) = self.fs.block_nums.get(&n) {
                Value::Block(b)
            } else {
                if !self.is_first_class(ty) {
                    return self.err(pos, "invalid use of a non-first-class type");
                }
                if n < self.fs.next_num {
                    return self.err(pos, format!("use of undefined value '%{n}'"));
                }
                let i = self.body().insts.push(placeholder(ty));
                self.fs.fwd_nums.insert(n, (i, pos));
                return Ok(Value::Inst(i));
            }
        };
        let vt = match v {
            Value::Block(_) => self.label_ty(),
            _ => self.local_type(v),
        };
        if vt != ty {
            // LLVM names the value as `'%' + Name` (unquoted) or `'%' + ID`.
            let name = match self.src.get(pos + 1) {
                Some(b'"') => {
                    format!("%{}", String::from_utf8_lossy(&super::unescape(&self.src[pos + 2..tok_end - 1])))
                }
                _ => String::from_utf8_lossy(&self.src[pos..tok_end]).into_owned(),
            };
            return self.err(
                pos,
                format!("'{}' defined with type '{}' but expected '{}'", name, self.type_name(vt), self.type_name(ty)),
            );
        }
        Ok(v)
    }

    /// A block reference `%bb` / `%12` in the current function.
    pub fn block_ref(&mut self) -> PResult<BlockId> {
        let pos = self.pos();
        let b = match self.tok.kind {
            Tok::LocalVar => {
                let name = self.val_sym();
                let not_block = |p: &Self| {
                    p.err_here(format!("'%{}' is not a basic block", String::from_utf8_lossy(p.m.ctx.name(name))))
                };
                if self.fs.names.get(&name).is_some_and(|v| !matches!(v, Value::Block(_))) {
                    return not_block(self);
                }
                match self.fs.block_names.get(&name) {
                    Some(&b) => b,
                    None => {
                        // A value referenced before under this name: LLVM's one table of
                        // forward references has it.
                        if self.fs.fwd_names.contains_key(&name) {
                            return not_block(self);
                        }
                        let b = self.body().create_block(Some(name));
                        self.fs.block_names.insert(name, b);
                        self.fs.fwd_blocks.insert(b, pos);
                        b
                    }
                }
            }
            Tok::LocalVarId => {
                let n = self.tok_num()?;
                match self.fs.block_nums.get(&n) {
                    Some(&b) => b,
                    None => {
                        if self.fs.nums.contains(n) || self.fs.fwd_nums.contains_key(&n) {
                            return self.err_here(format!("'%{n}' is not a basic block"));
                        }
                        let b = self.body().create_block(None);
                        self.fs.block_nums.insert(n, b);
                        self.fs.fwd_blocks.insert(b, pos);
                        b
                    }
                }
            }
            _ => return self.err_here("expected a basic block"),
        };
        self.next();
        Ok(b)
    }

    /// A block reference into function `g` (for `blockaddress`).
    pub fn block_ref_in(&mut self, g: GlobalId) -> PResult<BlockId> {
        if self.fs.func == Some(g) {
            return self.block_ref();
        }
        let parsed = self.m.globals[g].func.as_ref().and_then(|f| f.body.as_ref()).is_some()
            && !self.pre_blocks.contains_key(&g);
        if parsed {
            let body = self.m.func(g).body.as_ref().expect("body");
            let found = match self.tok.kind {
                Tok::LocalVar => {
                    let name = self.m.ctx.names.lookup(&self.val());
                    body.layout.iter().copied().find(|&b| body.blocks[b].name.is_some() && body.blocks[b].name == name)
                }
                _ => {
                    let n = self.tok_num()?;
                    numbered_block(&self.m, g, n)
                }
            };
            return match found {
                Some(b) => {
                    self.next();
                    Ok(b)
                }
                None => self.err_here("referenced value is not a basic block"),
            };
        }
        // Not parsed yet: pre-register the block in that function's future state.
        let (mut pre, mut pre_body) = self.pre_blocks.remove(&g).unwrap_or_default();
        pre.func = Some(g);
        std::mem::swap(&mut self.fs, &mut pre);
        std::mem::swap(&mut self.body, &mut pre_body);
        let r = self.block_ref();
        std::mem::swap(&mut self.fs, &mut pre);
        std::mem::swap(&mut self.body, &mut pre_body);
        self.pre_blocks.insert(g, (pre, pre_body));
        r
    }

    /// Parses `{ ... }` of function `g`.
    pub fn parse_function_body(&mut self, g: GlobalId) -> PResult<()> {
        if !self.is(Tok::LBrace) {
            return self.err_here("expected '{' in function body");
        }
        self.next();
        self.resolve_fwd_blockaddrs(g)?;
        let (mut fs, body) = self.pre_blocks.remove(&g).unwrap_or_default();
        fs.func = Some(g);
        self.fs = fs;
        self.body = body;
        // Arguments.
        let names = self.m.func(g).arg_names.clone();
        let arg_nums = std::mem::take(&mut self.arg_nums);
        for (i, n) in names.iter().enumerate() {
            match n {
                Some(s) => {
                    if self.fs.names.insert(*s, Value::Arg(i as u32)).is_some() {
                        return self.err_here("redefinition of argument");
                    }
                }
                None => {
                    let num = arg_nums.get(i).copied().unwrap_or(self.fs.next_num);
                    self.fs.nums.insert(num, Value::Arg(i as u32));
                    self.fs.next_num = num + 1;
                }
            }
        }
        if self.is(Tok::RBrace) {
            return self.err_here("function body requires at least one basic block");
        }
        while !self.is(Tok::RBrace) {
            if self.is_kw(b"uselistorder") {
                self.parse_uselistorder()?;
                continue;
            }
            self.parse_basic_block()?;
        }
        self.next();
        self.finish_function()
    }

    fn finish_function(&mut self) -> PResult<()> {
        // `finishFunction`: LLVM keeps forward references (values and blocks alike) in ordered
        // maps, and names the first name in byte order, then the smallest number.
        let fwd_block_names = self.fs.fwd_blocks.iter().filter_map(|(&b, &p)| Some((self.body.blocks[b].name?, p)));
        let first_name = self
            .fs
            .fwd_names
            .iter()
            .map(|(&n, &(_, p))| (n, p))
            .chain(fwd_block_names)
            .min_by(|a, b| self.m.ctx.name(a.0).cmp(self.m.ctx.name(b.0)));
        if let Some((name, pos)) = first_name {
            return self
                .err(pos, format!("use of undefined value '%{}'", String::from_utf8_lossy(self.m.ctx.name(name))));
        }
        let fwd_block_nums = self.fs.block_nums.iter().filter_map(|(&n, b)| self.fs.fwd_blocks.get(b).map(|&p| (n, p)));
        let first_num = self.fs.fwd_nums.iter().map(|(&n, &(_, p))| (n, p)).chain(fwd_block_nums).min();
        if let Some((n, pos)) = first_num {
            return self.err(pos, format!("use of undefined value '%{n}'"));
        }
        let g = self.fs.func.expect("in a function");
        let mut body = std::mem::take(&mut self.body);
        body.shrink_to_fit();
        self.m.func_mut(g).body = Some(body);
        self.fs = FnState::default();
        Ok(())
    }

    fn parse_basic_block(&mut self) -> PResult<()> {
        let pos = self.pos();
        let b = match self.tok.kind {
            Tok::Label => {
                let name = self.val_sym();
                self.next();
                match self.fs.block_names.get(&name) {
                    Some(&b) => {
                        if self.fs.fwd_blocks.remove(&b).is_none() {
                            // Defined before: LLVM's `defineBB` finds the block and moves it to
                            // the end, and what follows is appended to it (the verifier then
                            // finds a terminator in the middle of it).
                            self.body().layout.retain(|&x| x != b);
                        }
                        b
                    }
                    None => {
                        // A value of that name (defined or referenced): `defineBB` cannot make it
                        // a block.
                        if self.fs.names.contains_key(&name) || self.fs.fwd_names.contains_key(&name) {
                            let name = String::from_utf8_lossy(self.m.ctx.name(name)).into_owned();
                            return self.err(pos, format!("unable to create block named '{name}'"));
                        }
                        let b = self.body().create_block(Some(name));
                        self.fs.block_names.insert(name, b);
                        b
                    }
                }
            }
            _ => {
                let n = if self.is(Tok::LabelId) {
                    let n = self.tok_num()?;
                    if n < self.fs.next_num {
                        return self
                            .err_here(format!("label expected to be numbered '{}' or greater", self.fs.next_num));
                    }
                    self.next();
                    n
                } else {
                    self.fs.next_num
                };
                if self.fs.fwd_nums.contains_key(&n) {
                    return self.err(pos, format!("unable to create block numbered '{n}'"));
                }
                self.fs.next_num = n + 1;
                let b = match self.fs.block_nums.get(&n) {
                    Some(&b) => {
                        self.fs.fwd_blocks.remove(&b);
                        b
                    }
                    None => {
                        let b = self.body().create_block(None);
                        self.fs.block_nums.insert(n, b);
                        b
                    }
                };
                self.fs.nums.insert(n, Value::Block(b));
                b
            }
        };
        if let Some(name) = self.body().blocks[b].name {
            self.fs.names.insert(name, Value::Block(b));
        }
        self.body().append_block(b);
        self.fs.cur_block = Some(b);
        // Instructions until a terminator.
        let mut records = std::mem::take(&mut self.pending_records);
        loop {
            if self.is(Tok::DbgRecord) {
                records.push(self.parse_dbg_record()?);
                continue;
            }
            if self.is(Tok::Eof) {
                return self.err_here("found end of file when expecting more instructions");
            }
            if self.is(Tok::RBrace) || self.is(Tok::Label) || self.is(Tok::LabelId) {
                return self.err_here("expected instruction opcode");
            }
            let op = self.parse_instruction_stmt(&mut records)?;
            if op.is_terminator() {
                break;
            }
        }
        // Empty now (the terminator took them): kept for its room.
        self.pending_records = records;
        Ok(())
    }

    /// `[%x =] instruction [, !md !N]*`; returns the opcode.
    fn parse_instruction_stmt(&mut self, records: &mut Vec<llrs_ir::instructions::DbgRecord>) -> PResult<Opcode> {
        let name_pos = self.pos();
        let mut name: Option<Symbol> = None;
        let mut num: Option<u32> = None;
        if self.is(Tok::LocalVar) || self.is(Tok::LocalVarId) {
            let msg = if self.is(Tok::LocalVar) {
                name = Some(self.val_sym());
                "expected '=' after instruction name"
            } else {
                num = Some(self.tok_num()?);
                "expected '=' after instruction id"
            };
            self.next();
            self.expect(Tok::Equal, msg)?;
        }
        let ipos = self.pos();
        let mut data = self.parse_instruction()?;
        // Attachments.
        while self.is(Tok::Comma) {
            self.next();
            if !self.is(Tok::MetadataVar) {
                return self.err_here("expected metadata after comma");
            }
            let kind = self.attachment_kind();
            self.next();
            let node = self.parse_md_node_ref()?;
            data.md.push((kind, node));
        }
        // Calls of the old debug intrinsics become debug records of the next instruction.
        if let Some(rec) = llrs_upgrade::dbg_intrinsic_record(&mut self.m, &data) {
            records.extend(rec);
            return Ok(data.op);
        }
        if !records.is_empty() {
            // Exactly as many as there are: most instructions carry one or two.
            let mut exact = llrs_ir::instructions::DbgRecords::with_capacity(records.len());
            exact.extend(records.drain(..));
            data.dbg_records = exact;
        }
        let op = data.op;
        let is_void = self.m.ctx.is_void(data.ty);
        if is_void && (name.is_some() || num.is_some()) {
            return self.err(name_pos, "instructions returning void cannot have a name");
        }
        let _ = ipos;
        let id = self.define_inst(name, num, is_void, data, name_pos)?;
        self.note_call_groups(id);
        Ok(op)
    }

    fn define_inst(
        &mut self,
        name: Option<Symbol>,
        num: Option<u32>,
        is_void: bool,
        mut data: InstData,
        pos: usize,
    ) -> PResult<InstId> {
        let b = self.fs.cur_block.expect("in a block");
        // A block referenced (not defined) under this name or number: LLVM's one table of
        // forward references has it, as a label.
        let fwd_block = match (name, num) {
            (Some(n), _) => self.fs.block_names.get(&n).is_some_and(|b| self.fs.fwd_blocks.contains_key(b)),
            (None, _) if is_void => false,
            (None, n) => {
                let n = n.unwrap_or(self.fs.next_num);
                n >= self.fs.next_num && self.fs.block_nums.contains_key(&n)
            }
        };
        if fwd_block {
            return self.err(pos, "instruction forward referenced with type 'label'");
        }
        let fwd = if let Some(n) = name {
            data.name = Some(n);
            if self.fs.names.contains_key(&n) {
                return self.err(
                    pos,
                    format!(
                        "multiple definition of local value named '{}'",
                        String::from_utf8_lossy(self.m.ctx.name(n))
                    ),
                );
            }
            self.fs.fwd_names.remove(&n).map(|(i, _)| i)
        } else if !is_void {
            let next = self.fs.next_num;
            let n = num.unwrap_or(next);
            if n < next {
                return self.err(pos, format!("instruction expected to be numbered '%{next}' or greater"));
            }
            self.fs.next_num = n + 1;
            self.cur_num = n;
            self.fs.fwd_nums.remove(&n).map(|(i, _)| i)
        } else {
            None
        };
        let id = match fwd {
            Some(i) => {
                let fty = self.body().insts[i].ty;
                if fty != data.ty {
                    return self
                        .err(pos, format!("instruction forward referenced with type '{}'", self.type_name(fty)));
                }
                self.body().insts[i] = data;
                self.body().place_inst(b, i);
                i
            }
            None => self.body().append_inst(b, data),
        };
        if let Some(n) = name {
            self.fs.names.insert(n, Value::Inst(id));
        } else if !is_void {
            self.fs.nums.insert(self.cur_num, Value::Inst(id));
        }
        Ok(id)
    }

    fn parse_dbg_record(&mut self) -> PResult<DbgRecord> {
        let kind = match &self.src[self.tok.vstart as usize..self.tok.vend as usize] {
            b"value" => DbgKind::Value,
            b"declare" => DbgKind::Declare,
            b"assign" => DbgKind::Assign,
            b"declare_value" => DbgKind::DeclareValue,
            b"label" => DbgKind::Label,
            _ => return self.err_here("expected debug record type here"),
        };
        self.next();
        self.expect(Tok::LParen, "Expected '(' here")?;
        if kind == DbgKind::Label {
            let label = self.parse_md_ref()?;
            self.expect(Tok::Comma, "Expected ',' here")?;
            let dbg = self.parse_md_ref()?;
            self.expect(Tok::RParen, "Expected ')' here")?;
            return Ok(DbgRecord { kind, loc: Md::Null, var: label, expr: Md::Null, assign: None, dbg });
        }
        let loc = self.parse_dbg_value_md()?;
        self.expect(Tok::Comma, "Expected ',' here")?;
        let var = self.parse_md_ref()?;
        self.expect(Tok::Comma, "Expected ',' here")?;
        let expr = self.parse_md_ref()?;
        self.expect(Tok::Comma, "Expected ',' here")?;
        let assign = if kind == DbgKind::Assign {
            let id = self.parse_md_ref()?;
            self.expect(Tok::Comma, "Expected ',' here")?;
            let addr = self.parse_dbg_value_md()?;
            self.expect(Tok::Comma, "Expected ',' here")?;
            let aexpr = self.parse_md_ref()?;
            self.expect(Tok::Comma, "Expected ',' here")?;
            Some((id, addr, aexpr))
        } else {
            None
        };
        let dbg = self.parse_md_ref()?;
        self.expect(Tok::RParen, "Expected ')' here")?;
        Ok(DbgRecord { kind, loc, var, expr, assign, dbg })
    }

    /// The value operand of a debug record: `T v`, `!DIArgList(...)`, `!{}` or `!N`.
    fn parse_dbg_value_md(&mut self) -> PResult<Md> {
        if self.is(Tok::Exclaim) || self.is(Tok::MetadataVar) {
            return self.parse_md_ref();
        }
        self.parse_md_operand()
    }

    /// `uselistorder T v, { i, j, ... }` and `uselistorder_bb @f, %bb, { ... }`. Inside a function
    /// the order is applied to the value's use-list; module-level directives name globals,
    /// constants and blocks used by `blockaddress`, which have no use-lists in llrs: they are
    /// checked and kept in [`llrs_ir::Module::uselist_orders`].
    pub fn parse_uselistorder(&mut self) -> PResult<()> {
        let loc = self.pos();
        let bb = self.is_kw(b"uselistorder_bb");
        self.next();
        let mut kept = None;
        let mut local = None;
        if bb {
            if !(self.is(Tok::GlobalVar) || self.is(Tok::GlobalId)) {
                return self.err_here("expected function name in uselistorder_bb");
            }
            let f = self.global_ref()?;
            self.expect(Tok::Comma, "expected comma in uselistorder_bb directive")?;
            if !(self.is(Tok::LocalVar) || self.is(Tok::LocalVarId)) {
                return self.err_here("expected basic block name in uselistorder_bb");
            }
            let label = self.m.ctx.sym_bytes(&self.src[self.tok.vstart as usize..self.tok.vend as usize]);
            kept = Some(UseListTarget::Block(f, label));
            self.next();
        } else {
            let (_, v) = self.parse_typed_value()?;
            if matches!(v, Value::Inst(_) | Value::Arg(_) | Value::Block(_)) {
                local = Some(v);
            } else {
                kept = Some(UseListTarget::Value(v));
            }
        }
        self.expect(Tok::Comma, "expected comma in uselistorder directive")?;
        let order = self.parse_uselistorder_indexes()?;
        let Some(v) = local else {
            if let Some(target) = kept {
                self.m.uselist_orders.push(UseListOrder { target, order: order.into_boxed_slice() });
            }
            return Ok(());
        };
        match self.body.sort_use_list(v, &order) {
            Ok(()) => Ok(()),
            Err(UseOrderError::NoUses) => self.err(loc, "value has no uses"),
            Err(UseOrderError::OneUse) => self.err(loc, "value only has one use"),
            Err(UseOrderError::WrongCount(n)) => self.err(loc, format!("wrong number of indexes, expected {n}")),
        }
    }

    /// `{ i, j, ... }`: at least two indexes in `0..n` that sum as a permutation of `0..n` would
    /// (LLVM's check) and are not in order.
    fn parse_uselistorder_indexes(&mut self) -> PResult<Vec<u32>> {
        let loc = self.pos();
        self.expect(Tok::LBrace, "expected '{' here")?;
        if self.is(Tok::RBrace) {
            return self.err_here("expected non-empty list of uselistorder indexes");
        }
        let mut order = Vec::new();
        loop {
            order.push(self.parse_uint32()?);
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::RBrace, "expected '}' here")?;
        if order.len() < 2 {
            return self.err(loc, "expected >= 2 uselistorder indexes");
        }
        // LLVM's check: the indexes sum to those of 0..n and none is out of range.
        let n = order.len() as u64;
        let sum: u64 = order.iter().map(|&i| u64::from(i)).sum();
        if sum != n * (n - 1) / 2 || order.iter().any(|&i| u64::from(i) >= n) {
            return self.err(loc, "expected distinct uselistorder indexes in range [0, size)");
        }
        if order.iter().enumerate().all(|(k, &i)| i as usize == k) {
            return self.err(loc, "expected uselistorder indexes to change the order");
        }
        Ok(order)
    }
}

fn placeholder(ty: TypeId) -> InstData {
    InstData::new(Opcode::Freeze, ty, [])
}

/// The block numbered `n` in function `g` (counting unnamed arguments, blocks and values).
fn numbered_block(m: &llrs_ir::Module, g: GlobalId, n: u32) -> Option<BlockId> {
    let f = m.func(g);
    let body = f.body.as_ref()?;
    let mut next = f.arg_names.iter().filter(|a| a.is_none()).count() as u32;
    for &b in &body.layout {
        if body.blocks[b].name.is_none() {
            if next == n {
                return Some(b);
            }
            next += 1;
        }
        for &i in &body.blocks[b].insts {
            let d = &body.insts[i];
            if d.name.is_none() && !m.ctx.is_void(d.ty) {
                next += 1;
            }
        }
    }
    None
}
