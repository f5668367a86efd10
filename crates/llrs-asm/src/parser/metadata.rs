//! Metadata: numbered and named metadata, tuples, specialized nodes, DIExpression, DIArgList,
//! values as metadata, and attachments.

use super::{PResult, Parser};
use crate::lexer::Tok;
use llrs_ir::metadata::Local;
use llrs_ir::{DiValue, Md, MdId, MdKind, MdNode, Type, Value};
use smallvec::SmallVec;

/// The hash of a node's content.
fn node_hash(node: &MdNode) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    node.hash(&mut h);
    h.finish()
}

impl<'a> Parser<'a> {
    /// `!N` for a numbered node, creating a forward reference when unknown.
    pub(crate) fn md_num_ref(&mut self, n: u32, pos: usize) -> MdId {
        if let Some(id) = self.md_nums.get(n) {
            return id;
        }
        let id = self.m.ctx.md_new(MdNode::tuple(false, []));
        self.md_nums.insert(n, id);
        self.md_fwd.insert(n, pos);
        self.md_fwd_ids.insert(id);
        if let Some(nums) = &mut self.placeholder_nums {
            nums.push((id, n));
        }
        id
    }

    /// Whether a node (not `distinct`) has an operand that is not defined yet, or itself.
    fn has_unresolved_ops(&self, id: MdId, node: &MdNode) -> bool {
        let open = |m: &Md| matches!(m, Md::Node(x) if *x == id || self.md_fwd_ids.contains(x));
        !node.distinct
            && (node.ops.iter().any(open)
                || node.fields.iter().any(|(_, v)| match v {
                    DiValue::Md(m) => open(m),
                    DiValue::List(items) => items.iter().any(open),
                    _ => false,
                }))
    }

    /// `!N = [distinct] node` at top level (current token is `!`).
    pub fn parse_standalone_metadata(&mut self) -> PResult<()> {
        let (n, node) = self.read_standalone_metadata()?;
        self.define_md(n, node)
    }

    /// `!N = [distinct] node`, read but not defined yet.
    pub(crate) fn read_standalone_metadata(&mut self) -> PResult<(u32, MdNode)> {
        // `parseStandaloneMetadata`.
        self.next();
        let n = self.parse_uint32()?;
        self.expect(Tok::Equal, "expected '=' here")?;
        // A common error, from the old metadata syntax.
        if self.is(Tok::Ident)
            && (super::types::simple_type(self.text()).is_some()
                || super::types::int_width(self.text()).is_some()
                || self.is_kw(b"ptr"))
        {
            return self.err_here("unexpected type in metadata definition");
        }
        let distinct = self.eat_kw(b"distinct");
        let node = match self.tok.kind {
            Tok::MetadataVar => self.parse_specialized_body(distinct)?,
            _ => {
                self.expect(Tok::Exclaim, "Expected '!' here")?;
                self.parse_md_tuple_body(distinct)?
            }
        };
        Ok((n, node))
    }

    /// Defines `!n` as `node`, read just before the current token: LLVM's uniquing of nodes
    /// whose operands are not defined yet included.
    pub(crate) fn define_md(&mut self, n: u32, mut node: MdNode) -> PResult<()> {
        match self.md_nums.get(n) {
            Some(id) => {
                if self.md_fwd.remove(n).is_none() {
                    // LLVM notices once the whole node is read: at the token after it.
                    return self.err(self.pos(), "Metadata id is already used");
                }
                self.md_fwd_ids.remove(&id);
                let me = Md::Node(id);
                let self_ref =
                    node.ops.contains(&me) || node.fields.iter().any(|(_, v)| matches!(v, DiValue::Md(m) if *m == me));
                // LLVM uniques a node with unresolved operands as it reads it: one read earlier
                // with the same operands is this node (it turns distinct when it refers to
                // itself once resolved).
                let open = self.has_unresolved_ops(id, &node);
                let earlier = open && self_ref && self.earlier_open_node(&node);
                if earlier {
                    self.md_selfref_merged.push(id);
                } else {
                    if open {
                        self.md_open.push(id);
                    }
                    // A uniqued node that is its own operand cannot be uniqued: LLVM makes it
                    // distinct.
                    if self_ref {
                        node.distinct = true;
                    }
                }
                // A forward reference's placeholder: made by `md_num_ref`, never registered.
                self.m.ctx.md_fill(id, node);
            }
            None => {
                let open = self.has_unresolved_ops(MdId(u32::MAX), &node);
                let id = self.m.ctx.md_new(node);
                self.md_nums.insert(n, id);
                if open {
                    self.md_open.push(id);
                }
            }
        }
        Ok(())
    }

    /// Whether a node defined earlier with operands not defined yet (see `md_open`) is equal to
    /// `node`.
    fn earlier_open_node(&mut self, node: &MdNode) -> bool {
        for i in self.md_open_hashed..self.md_open.len() {
            let e = self.md_open[i];
            let hash = node_hash(self.m.ctx.md(e));
            self.md_fwd_uniq.entry(hash).or_default().push(e);
        }
        self.md_open_hashed = self.md_open.len();
        let ctx = &self.m.ctx;
        self.md_fwd_uniq.get(&node_hash(node)).is_some_and(|ids| ids.iter().any(|&e| *ctx.md(e) == *node))
    }

    /// `!name = !{!0, !1}`
    pub fn parse_named_metadata(&mut self) -> PResult<()> {
        let (name, ops) = self.read_named_metadata()?;
        self.add_named_md(name, ops);
        Ok(())
    }

    /// `!name = !{!0, !1}`, read but not added yet.
    pub(crate) fn read_named_metadata(&mut self) -> PResult<(llrs_ir::Symbol, Vec<MdId>)> {
        let name = self.val_sym();
        self.next();
        self.expect(Tok::Equal, "expected '=' here")?;
        if !self.is(Tok::Exclaim) {
            return self.err_here("Expected '!' here");
        }
        self.next();
        self.expect(Tok::LBrace, "Expected '{' here")?;
        let mut ops = Vec::new();
        if !self.is(Tok::RBrace) {
            loop {
                if self.is(Tok::MetadataVar) && self.text() == b"!DIExpression" {
                    let n = self.parse_specialized_body(false)?;
                    ops.push(self.m.ctx.md_intern(n));
                } else if self.is(Tok::MetadataVar) && self.text() == b"!DIArgList" {
                    return self.err_here("found DIArgList outside of function");
                } else {
                    if !self.is(Tok::Exclaim) {
                        return self.err_here("Expected '!' here");
                    }
                    self.next();
                    let p = self.pos();
                    let n = self.parse_uint32()?;
                    ops.push(self.md_num_ref(n, p));
                }
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
        }
        self.expect(Tok::RBrace, "expected end of metadata node")?;
        Ok((name, ops))
    }

    /// Appends operands to the named node `name` (made when new).
    pub(crate) fn add_named_md(&mut self, name: llrs_ir::Symbol, ops: Vec<MdId>) {
        if let Some(e) = self.m.named_md.iter_mut().find(|(n, _)| *n == name) {
            e.1.extend(ops);
        } else {
            self.m.named_md.push((name, ops));
        }
    }

    /// After `!`, at `{`: a tuple's body.
    fn parse_md_tuple_body(&mut self, distinct: bool) -> PResult<MdNode> {
        let ops = self.parse_md_node_vector()?;
        Ok(MdNode::tuple(distinct, ops))
    }

    /// `parseMDNodeVector`: `{` metadata or `null`, separated by commas `}`.
    pub(super) fn parse_md_node_vector(&mut self) -> PResult<SmallVec<[Md; 4]>> {
        self.expect(Tok::LBrace, "expected '{' here")?;
        let mut ops: SmallVec<[Md; 4]> = SmallVec::new();
        if !self.is(Tok::RBrace) {
            loop {
                if self.eat_kw(b"null") {
                    ops.push(Md::Null);
                } else {
                    ops.push(self.parse_md_operand()?);
                }
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
        }
        self.expect(Tok::RBrace, "expected end of metadata node")?;
        Ok(ops)
    }

    /// A metadata operand: `!N`, `!{}`, `!"s"`, `!DIx(...)`, or `T v`.
    pub fn parse_md_operand(&mut self) -> PResult<Md> {
        match self.tok.kind {
            Tok::Exclaim | Tok::MetadataVar => self.parse_md_ref(),
            _ => {
                let tp = self.pos();
                let ty = self.parse_type("expected metadata operand")?;
                if matches!(self.m.ctx.type_of(ty), Type::Metadata) {
                    return self.err(tp, "invalid metadata-value-metadata roundtrip");
                }
                let v = self.parse_value(ty)?;
                self.value_as_md(v, tp)
            }
        }
    }

    /// Wraps a value as metadata.
    pub fn value_as_md(&self, v: Value, pos: usize) -> PResult<Md> {
        Ok(match v {
            Value::Const(c) => Md::Const(c),
            Value::Arg(a) => Md::Local(Local::Arg(a)),
            Value::Inst(i) => Md::Local(Local::Inst(i)),
            Value::Md(m) => m,
            _ => return self.err(pos, "invalid use of a value as metadata"),
        })
    }

    /// `!N`, `!{...}`, `!"str"` or `!DIx(...)`.
    pub fn parse_md_ref(&mut self) -> PResult<Md> {
        self.nested(|p| p.parse_md_ref_inner(true))
    }

    /// `parseMDNode`: as [`Parser::parse_md_ref`], but a string is not a node (LLVM's
    /// `parseMDNodeID` wants a number there).
    fn parse_md_node_only(&mut self) -> PResult<Md> {
        self.nested(|p| p.parse_md_ref_inner(false))
    }

    fn parse_md_ref_inner(&mut self, allow_str: bool) -> PResult<Md> {
        if self.is(Tok::MetadataVar) {
            let n = self.parse_specialized_body(false)?;
            return Ok(Md::Node(self.m.ctx.md_intern(n)));
        }
        self.expect(Tok::Exclaim, "expected '!' here")?;
        match self.tok.kind {
            Tok::Int => {
                let p = self.pos();
                let n = self.parse_uint32()?;
                Ok(Md::Node(self.md_num_ref(n, p)))
            }
            Tok::LBrace => {
                let n = self.parse_md_tuple_body(false)?;
                Ok(Md::Node(self.m.ctx.md_intern(n)))
            }
            Tok::Str if allow_str => {
                let s = self.val().into_owned();
                self.next();
                Ok(Md::Str(self.m.ctx.sym_bytes(&s)))
            }
            // `parseMDNodeID`'s `parseUInt32`.
            _ => self.err_here("expected integer"),
        }
    }

    /// The kind of an attachment at its `!name` token (the last kind read is remembered:
    /// attachments of one kind come in runs, `!dbg` above all).
    pub(crate) fn attachment_kind(&mut self) -> llrs_ir::Symbol {
        let v = self.val();
        if let Some((text, kind)) = self.last_md_kind {
            if *v == *text {
                return kind;
            }
        }
        let kind = self.m.ctx.md_kind(&v);
        if let std::borrow::Cow::Borrowed(text) = v {
            self.last_md_kind = Some((text, kind));
        }
        kind
    }

    /// An attachment's node: `!N`, `!{...}` or `!DIx(...)` (also `distinct !{...}` inline).
    pub fn parse_md_node_ref(&mut self) -> PResult<MdId> {
        // `!N`, the usual case, without the nesting a general reference needs: the number read
        // here from the text when it is plainly one (digits, then nothing a name or label goes
        // on with), else from its token.
        if self.is(Tok::Exclaim) && self.src.get(self.tok.end as usize).is_some_and(u8::is_ascii_digit) {
            let at = self.tok.end as usize;
            let digits = self.src[at..].iter().take(10).take_while(|c| c.is_ascii_digit()).count();
            let plain = |c: u8| !(c.is_ascii_alphanumeric() || matches!(c, b'-' | b'$' | b'.' | b'_' | b':'));
            if digits <= 9 && self.src.get(at + digits).copied().is_none_or(plain) {
                let n = self.src[at..at + digits].iter().fold(0u32, |n, &d| n * 10 + u32::from(d - b'0'));
                self.set_lex_pos(at + digits);
                self.next();
                return Ok(self.md_num_ref(n, at));
            }
            self.next();
            let p = self.pos();
            let n = self.parse_uint32()?;
            return Ok(self.md_num_ref(n, p));
        }
        if self.eat_kw(b"distinct") {
            let n = if self.is(Tok::MetadataVar) {
                self.parse_specialized_body(true)?
            } else {
                self.expect(Tok::Exclaim, "expected '!' here")?;
                self.parse_md_tuple_body(true)?
            };
            return Ok(self.m.ctx.md_intern(n));
        }
        match self.parse_md_node_only()? {
            Md::Node(id) => Ok(id),
            _ => self.err_here("expected integer"),
        }
    }

    /// A specialized node at a `!DIxxx` token, through its closing parenthesis.
    fn parse_specialized_body(&mut self, distinct: bool) -> PResult<MdNode> {
        // A keyword is never escaped: it borrows the source.
        let kw: &[u8] = &self.val();
        let kw_tok = self.tok;
        let pos = self.pos();
        // `parseSpecializedMDNode`: the kind first, then `parseDICompileUnit`'s own check.
        let positional = kw == b"DIExpression" || kw == b"DIArgList";
        let kind = if positional { None } else { Some(self.word_sym_of(kw_tok)) };
        let node = kind.and_then(|kind| self.di_syms.node(&mut self.m.ctx, kind, kw));
        if node.is_none() && !positional {
            return self.err(pos, "expected metadata type");
        }
        if kw == b"DICompileUnit" && !distinct {
            return self.err(pos, "missing 'distinct', required for !DICompileUnit");
        }
        if kw == b"DIAssignID" && !distinct {
            return self.err(pos, "missing 'distinct', required for !DIAssignID()");
        }
        self.next();
        self.expect(Tok::LParen, "expected '(' here")?;
        match kw {
            b"DIExpression" => {
                let mut fields = Vec::new();
                if !self.is(Tok::RParen) {
                    loop {
                        let v = self.parse_di_expr_element()?;
                        fields.push((None, v));
                        if !self.eat(Tok::Comma) {
                            break;
                        }
                    }
                }
                self.expect(Tok::RParen, "expected ')' here")?;
                Ok(MdNode {
                    distinct,
                    kind: MdKind::Expression,
                    ops: Default::default(),
                    fields: fields.into_boxed_slice(),
                })
            }
            b"DIArgList" => {
                let mut ops: Vec<Md> = Vec::new();
                if !self.is(Tok::RParen) {
                    loop {
                        let p = self.pos();
                        let (_, v) = self.parse_typed_value()?;
                        ops.push(self.value_as_md(v, p)?);
                        if !self.eat(Tok::Comma) {
                            break;
                        }
                    }
                }
                self.expect(Tok::RParen, "expected ')' here")?;
                Ok(MdNode { distinct, kind: MdKind::ArgList, ops: ops.into(), fields: Box::new([]) })
            }
            _ => {
                let Some((node, specs)) = node else { return self.err(pos, "expected metadata type") };
                let Some(kind) = kind else { return self.err(pos, "expected metadata type") };
                let mut fields: SmallVec<[(Option<llrs_ir::Symbol>, DiValue); 16]> = SmallVec::new();
                // `PARSE_MD_FIELDS`: each label one of the node's fields, given once.
                // The fields given, one bit each (no node has more than 64).
                let mut seen: u64 = 0;
                // `parseDIAssignID` takes no fields: `()` only.
                let mut next_field = 0;
                if !specs.is_empty() && !self.is(Tok::RParen) {
                    loop {
                        if !self.is(Tok::Label) {
                            return self.err_here("expected field label here");
                        }
                        let name = self.word_sym();
                        let Some(i) = self.di_syms.field(node, name, next_field) else {
                            let label = self.val();
                            return self.err_here(format!("invalid field '{}'", String::from_utf8_lossy(&label)));
                        };
                        let spec = specs[i];
                        if seen & (1 << i) != 0 {
                            return self.err_here(format!("field '{}' cannot be specified more than once", spec.name));
                        }
                        seen |= 1 << i;
                        next_field = i + 1;
                        self.next();
                        let v = self.parse_di_field(spec.name, spec.ty)?;
                        fields.push((Some(name), v));
                        if !self.eat(Tok::Comma) {
                            break;
                        }
                    }
                }
                let closing = self.pos();
                self.expect(Tok::RParen, "expected ')' here")?;
                let missing = self.di_syms.required(node) & !seen;
                if missing != 0 {
                    let f = specs[missing.trailing_zeros() as usize].name;
                    return self.err(closing, format!("missing required field '{f}'"));
                }
                self.check_node_fields(kw, distinct, pos, &fields)?;
                let loc = *self.loc_syms.get_or_insert_with(|| llrs_upgrade::di::LocationSyms::new(&mut self.m.ctx));
                let canonical =
                    if kind == loc.kind { llrs_upgrade::di::canonical_location(&loc, &mut fields) } else { None };
                let fields = match canonical {
                    Some(fields) => fields,
                    None => llrs_upgrade::di::upgrade_di_fields(&mut self.m.ctx, kind, &mut fields),
                };
                Ok(MdNode { distinct, kind: MdKind::Special(kind), ops: Default::default(), fields })
            }
        }
    }

    /// One element of a `!DIExpression`, as LLVM's `parseDIExpressionBody` reads it: a known
    /// `DW_OP_*` operation or `DW_ATE_*` encoding, or an unsigned 64-bit integer.
    fn parse_di_expr_element(&mut self) -> PResult<DiValue> {
        let t = self.text();
        match self.tok.kind {
            Tok::Ident if t.starts_with(b"DW_OP_") || t.starts_with(b"DW_ATE_") => {
                let op = t.starts_with(b"DW_OP_");
                let known = if op { llrs_ir::dwarf_ops::is_dwarf_op(t) } else { llrs_ir::dwarf::is_dw_ate(t) };
                if !known {
                    let what = if op { "op" } else { "attribute encoding" };
                    return self.err_here(format!("invalid DWARF {what} '{}'", String::from_utf8_lossy(t)));
                }
                let s = self.m.ctx.sym_bytes(t);
                self.next();
                Ok(DiValue::Ident(s))
            }
            Tok::Int if !t.starts_with(b"-") => {
                if super::dec_u64(t).is_none() {
                    return self.err_here(format!("element too large, limit is {}", u64::MAX));
                }
                Ok(self.parse_di_int())
            }
            _ => self.err_here("expected unsigned integer"),
        }
    }

    /// An integer field value: `Int` when it fits `i64`, else its digits.
    pub(super) fn parse_di_int(&mut self) -> DiValue {
        let t = self.text();
        let v = match super::dec_i64(t) {
            Some(v) => DiValue::Int(v),
            None => DiValue::BigInt(self.m.ctx.sym_bytes(t)),
        };
        self.next();
        v
    }
}
