//! The `.ll` parser: a recursive-descent parser over the lexer's tokens, following LLParser's
//! grammar and forward-reference rules. One error stops the parse.

mod attrs;
mod bodies;
mod constants;
pub use constants::float_bits;
pub(crate) use llrs_ir::dwarf_ops::dwarf_op_name;
mod di_fields;
mod di_values;
mod function;
mod fwd_addrs;
mod globals;
mod instructions;
mod intrinsics;
mod locations;
mod md_tail;
mod md_unique;
mod metadata;
mod nummap;
mod summary;
mod summary_function;
mod summary_typeid;
mod types;
mod words;

use crate::diag::Diagnostic;
use crate::lexer::{unescape, Lexer, Tok, Token};
use llrs_ir::attributes::Attr;
use llrs_ir::function::{BlockId, InstId};
use llrs_ir::module::{ComdatId, GlobalId};
use llrs_ir::{MdId, Module, Symbol, Type, TypeId, Value};
use rustc_hash::FxHashMap;
use std::borrow::Cow;

/// A decimal `u64` from ASCII digits (an optional leading `+`); `None` on anything else or overflow.
#[inline]
pub(crate) fn dec_u64(t: &[u8]) -> Option<u64> {
    let t = t.strip_prefix(b"+").unwrap_or(t);
    if t.is_empty() {
        return None;
    }
    let mut v: u64 = 0;
    for &c in t {
        let d = c.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        v = v.checked_mul(10)?.checked_add(d as u64)?;
    }
    Some(v)
}

/// A decimal `i64` with an optional sign; `None` on anything else or overflow.
#[inline]
pub(crate) fn dec_i64(t: &[u8]) -> Option<i64> {
    match t.strip_prefix(b"-") {
        Some(rest) => {
            let m = dec_u64(rest)?;
            if m <= i64::MAX as u64 + 1 {
                Some((m as i64).wrapping_neg())
            } else {
                None
            }
        }
        None => dec_u64(t).and_then(|m| i64::try_from(m).ok()),
    }
}

/// How deeply types, constants and metadata may nest.
const MAX_DEPTH: u32 = 16_384;
/// Below this much stack left, a nesting level runs on a new stack segment...
const STACK_RED_ZONE: usize = 128 * 1024;
/// ...of this size.
const STACK_GROWTH: usize = 4 * 1024 * 1024;

/// A parse error: byte offset and message.
pub(crate) struct PErr {
    pub pos: usize,
    pub msg: String,
}

pub(crate) type PResult<T> = Result<T, PErr>;

/// Attribute-group references `#N` with where they stand.
pub(crate) type GroupRefs = Vec<(u32, usize)>;

/// Where a list of attribute-group references must be resolved at the end of the module.
pub(crate) enum GroupUse {
    /// Function attributes of a function.
    Func(GlobalId),
    /// Attributes of a global variable.
    Var(GlobalId),
    /// Call-site function attributes of an instruction.
    Call(GlobalId, InstId),
}

/// Per-function parse state.
#[derive(Default)]
pub(crate) struct FnState {
    pub func: Option<GlobalId>,
    pub names: FxHashMap<Symbol, Value>,
    pub nums: nummap::NumMap<Value>,
    pub fwd_names: FxHashMap<Symbol, (InstId, usize)>,
    pub fwd_nums: FxHashMap<u32, (InstId, usize)>,
    pub block_names: FxHashMap<Symbol, BlockId>,
    pub block_nums: FxHashMap<u32, BlockId>,
    pub fwd_blocks: FxHashMap<BlockId, usize>,
    pub next_num: u32,
    pub cur_block: Option<BlockId>,
}

/// The parser.
/// A set of metadata ids, one bit each.
#[derive(Default, Debug)]
pub(crate) struct IdBits(Vec<u64>);

impl IdBits {
    /// Adds `id`.
    pub fn insert(&mut self, id: MdId) {
        let (w, b) = (id.0 as usize / 64, id.0 % 64);
        if w >= self.0.len() {
            self.0.resize(w + 1, 0);
        }
        self.0[w] |= 1 << b;
    }
    /// Removes `id`.
    pub fn remove(&mut self, id: &MdId) {
        if let Some(w) = self.0.get_mut(id.0 as usize / 64) {
            *w &= !(1 << (id.0 % 64));
        }
    }
    /// Whether `id` is in the set.
    #[inline]
    pub fn contains(&self, id: &MdId) -> bool {
        self.0.get(id.0 as usize / 64).is_some_and(|w| w & (1 << (id.0 % 64)) != 0)
    }
}

pub(crate) struct Parser<'a> {
    pub lex: Lexer<'a>,
    pub tok: Token,
    pub src: &'a [u8],
    pub m: Module,
    pub global_names: FxHashMap<Symbol, GlobalId>,
    pub global_nums: FxHashMap<u32, GlobalId>,
    pub next_global_num: u32,
    pub fwd_globals: FxHashMap<GlobalId, usize>,
    /// The pointer type a forward-referenced global was first used with, and where.
    pub fwd_global_types: FxHashMap<GlobalId, (TypeId, usize)>,
    pub fwd_global_nums: FxHashMap<u32, (GlobalId, usize)>,
    pub comdat_names: FxHashMap<Symbol, ComdatId>,
    pub fwd_comdats: FxHashMap<ComdatId, usize>,
    pub md_nums: nummap::NumMap<MdId>,
    pub md_fwd: nummap::PosMap,
    /// The nodes referenced but not defined yet (the ids of `md_fwd`).
    pub md_fwd_ids: IdBits,
    /// Uniqued nodes as they were when defined with operands not defined yet: LLVM uniques
    /// them then, with its temporary nodes as operands. Only a node that refers to itself asks
    /// for an earlier one (see [`Parser::define_md`]), so they are listed as defined, and put in
    /// `md_fwd_uniq` by the hash of their content (compared in full on a hit) when one does:
    /// those before `md_open_hashed` are there.
    pub md_open: Vec<MdId>,
    /// See `md_open`.
    pub md_open_hashed: usize,
    /// See `md_open`.
    pub md_fwd_uniq: FxHashMap<u64, smallvec::SmallVec<[MdId; 1]>>,
    /// Whether a type holds a scalable vector, for the types asked about whose answer is final.
    pub scalable_memo: FxHashMap<TypeId, bool>,
    /// The aggregate types found sized ([`Parser::is_sized`]).
    pub sized_known: std::cell::RefCell<rustc_hash::FxHashSet<TypeId>>,
    /// Nodes that referred to themselves when defined but were, for LLVM, an earlier node with
    /// the same unresolved operands: that node becomes distinct once resolved.
    pub md_selfref_merged: Vec<MdId>,
    pub attr_groups: FxHashMap<u32, Vec<Attr>>,
    pub group_uses: Vec<(GroupUse, GroupRefs, Vec<Attr>)>,
    pub numbered_types: FxHashMap<u32, TypeId>,
    pub type_fwd: FxHashMap<TypeId, usize>,
    pub defined_types: rustc_hash::FxHashSet<TypeId>,
    pub fs: FnState,
    /// Bodies of functions mentioned by `blockaddress` before they were parsed.
    pub pre_blocks: FxHashMap<GlobalId, (FnState, llrs_ir::Body)>,
    /// Numbers of the unnamed arguments of the function header just parsed.
    pub arg_nums: Vec<u32>,
    /// The number of the instruction being defined.
    pub cur_num: u32,
    /// Type names that stand for non-struct types (`%T = type i32`).
    pub type_aliases: FxHashMap<Symbol, TypeId>,
    /// Debug records made from debug intrinsic calls, waiting for the next instruction.
    pub pending_records: Vec<llrs_ir::instructions::DbgRecord>,
    /// Where the opcode of the instruction being parsed stands.
    pub op_pos: usize,
    /// How deeply nested the current type, constant or metadata is.
    pub depth: u32,
    /// The `label` type, once looked up.
    label_cache: Option<TypeId>,
    /// The first lexer error met (position, message), which LLVM reports only if the parse
    /// fails: the lexer's errors take precedence over the parser's.
    pub lex_error: std::cell::Cell<Option<(usize, &'static str)>>,
    /// The module's data layout (defaults until `target datalayout` is read).
    pub dl: llrs_ir::datalayout::DataLayout,
    /// Where the data layout string stands.
    pub dl_pos: usize,
    /// The program address space of the data layout, found once it is read.
    prog_as: u32,
    /// The body of the function being parsed.
    pub body: llrs_ir::Body,
    /// Call-site attribute groups of the call being parsed.
    pub pending_call_groups: Option<(GroupRefs, Vec<Attr>)>,
    /// Summary entries: module ids, numbered values and forward references.
    pub summary: summary::SummaryState,
    /// Functions named by `blockaddress` and `dso_local_equivalent` before their definition.
    pub fwd_addrs: fwd_addrs::FwdAddrs,
    /// The function whose `define` header is being read: LLVM creates it only after its
    /// header, so a `blockaddress` of it there is a forward reference.
    pub header_fn: Option<GlobalId>,
    /// On a thread reading the metadata at the end of the file: the placeholder made for each
    /// `!N` referenced, with its number.
    pub placeholder_nums: Option<Vec<(MdId, u32)>>,
    /// `DILocation` and its usual fields, once interned (see [`llrs_upgrade::di::canonical_location`]).
    pub loc_syms: Option<llrs_upgrade::di::LocationSyms>,
    /// The debug-info node kinds and field labels as symbols.
    pub(crate) di_syms: di_fields::DiNodeSyms,
    /// The symbols of short words met often (see [`words::Words`]).
    pub(crate) words: words::Words,
    /// Where the metadata at the end of the file starts, and the other thread reading it.
    pub tail: Option<(std::sync::Arc<md_tail::Chunks>, md_tail::TailReceiver<'a>)>,
    /// Whether the metadata at the end was taken from the other thread.
    pub used_tail: bool,
    /// The definitions claimed by this thread and the one that reads bodies, and where that
    /// thread's work arrives ([`bodies`]).
    pub region_rx: Option<(std::sync::Arc<bodies::Claims>, bodies::RegionReceiver<'a>)>,
    /// The other thread's function bodies, while the main thread reads their headers.
    pub region: Option<Box<bodies::Region<'a>>>,
    /// Whether a body was carried over from the other thread.
    pub used_region: bool,
    /// The last attachment kind read, with its text.
    pub last_md_kind: Option<(&'a [u8], Symbol)>,
    /// Told of each stretch of the text read through (see [`Release`]).
    pub release: Option<Release<'a>>,
    /// Where the text not yet handed to `release` starts.
    pub released: usize,
}

/// Told of each stretch of the source a parser has read through and will not read again (except
/// to report an error, or to read the whole module again on one thread): a caller whose text is
/// a mapped file gives those pages back as reading goes on.
pub(crate) type Release<'a> = &'a (dyn Fn(std::ops::Range<usize>) + Sync);

/// How much text a parser reads through before telling its [`Release`].
const RELEASE_STEP: usize = 1 << 20;

impl<'a> Parser<'a> {
    pub fn new(src: &'a [u8]) -> Self {
        let mut lex = Lexer::new(src);
        let tok = lex.next_token();
        Parser {
            lex,
            tok,
            src,
            m: Module::new(),
            global_names: FxHashMap::default(),
            global_nums: FxHashMap::default(),
            next_global_num: 0,
            fwd_globals: FxHashMap::default(),
            fwd_global_types: FxHashMap::default(),
            fwd_global_nums: FxHashMap::default(),
            comdat_names: FxHashMap::default(),
            fwd_comdats: FxHashMap::default(),
            md_nums: Default::default(),
            md_fwd: Default::default(),
            md_fwd_ids: Default::default(),
            md_open: Vec::new(),
            md_open_hashed: 0,
            md_fwd_uniq: FxHashMap::default(),
            scalable_memo: FxHashMap::default(),
            sized_known: Default::default(),
            md_selfref_merged: Vec::new(),
            attr_groups: FxHashMap::default(),
            group_uses: Vec::new(),
            numbered_types: FxHashMap::default(),
            type_fwd: FxHashMap::default(),
            defined_types: Default::default(),
            fs: FnState::default(),
            pre_blocks: FxHashMap::default(),
            pending_call_groups: None,
            body: llrs_ir::Body::new(),
            arg_nums: Vec::new(),
            dl: Default::default(),
            depth: 0,
            label_cache: None,
            lex_error: std::cell::Cell::new(None),
            op_pos: 0,
            dl_pos: 0,
            prog_as: 0,
            pending_records: Default::default(),
            cur_num: 0,
            type_aliases: FxHashMap::default(),
            summary: Default::default(),
            fwd_addrs: Default::default(),
            header_fn: None,
            placeholder_nums: None,
            loc_syms: None,
            di_syms: Default::default(),
            words: Default::default(),
            tail: None,
            used_tail: false,
            region_rx: None,
            region: None,
            used_region: false,
            last_md_kind: None,
            release: None,
            released: 0,
        }
    }

    /// Hands the text before the current token to the [`Release`], a megabyte or more at a time.
    #[inline]
    pub(crate) fn release_read(&mut self) {
        if let Some(release) = self.release {
            let upto = self.pos();
            if upto >= self.released + RELEASE_STEP {
                release(self.released..upto);
                self.released = upto;
            }
        }
    }

    /// Runs `f` one nesting level deeper; deep nesting is an error, not a stack overflow. The
    /// stack grows on demand (in any build profile, on any thread, however small its stack),
    /// so the depth limit alone decides.
    pub fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        if self.depth >= MAX_DEPTH {
            return self.err_here("nesting too deep");
        }
        self.depth += 1;
        let r = stacker::maybe_grow(STACK_RED_ZONE, STACK_GROWTH, || f(self));
        self.depth -= 1;
        r
    }

    /// The `label` type.
    pub fn label_ty(&mut self) -> TypeId {
        if let Some(t) = self.label_cache {
            return t;
        }
        let t = self.m.ctx.ty(Type::Label);
        self.label_cache = Some(t);
        t
    }

    // ---- token helpers ----

    #[inline]
    pub fn next(&mut self) {
        self.tok = self.lex.next_token();
    }
    /// The lexer's position (just after the current token).
    pub fn lex_pos(&self) -> usize {
        self.lex.pos()
    }
    /// Moves the lexer (the caller restores or re-reads the current token).
    pub fn set_lex_pos(&mut self, p: usize) {
        self.lex.set_pos(p);
    }
    #[inline]
    pub fn pos(&self) -> usize {
        self.tok.start as usize
    }
    #[inline]
    pub fn text(&self) -> &'a [u8] {
        &self.src[self.tok.start as usize..self.tok.end as usize]
    }
    /// The value part of the current token (name without sigil, label without colon), unescaped.
    pub fn val(&self) -> Cow<'a, [u8]> {
        self.val_of(self.tok)
    }
    /// [`Parser::val`] of a token read earlier.
    fn val_of(&self, tok: Token) -> Cow<'a, [u8]> {
        let raw = &self.src[tok.vstart as usize..tok.vend as usize];
        if tok.quoted && raw.contains(&b'\\') {
            Cow::Owned(unescape(raw))
        } else {
            Cow::Borrowed(raw)
        }
    }
    /// The value of the current token interned.
    pub fn val_sym(&mut self) -> Symbol {
        let v = self.val();
        self.m.ctx.sym_bytes(&v)
    }
    /// [`Parser::val_sym`] of a token whose value is a short word met often (a field label), by
    /// way of [`words::Words`].
    pub(crate) fn word_sym(&mut self) -> Symbol {
        self.word_sym_of(self.tok)
    }
    /// [`Parser::word_sym`] of a token read earlier.
    pub(crate) fn word_sym_of(&mut self, tok: Token) -> Symbol {
        if tok.quoted {
            let v = self.val_of(tok);
            return self.m.ctx.sym_bytes(&v);
        }
        self.words.sym(&mut self.m.ctx, self.src, tok.vstart as usize, tok.vend as usize)
    }
    pub fn err<T>(&self, pos: usize, msg: impl Into<String>) -> PResult<T> {
        Err(PErr { pos, msg: msg.into() })
    }
    pub fn err_here<T>(&self, msg: impl Into<String>) -> PResult<T> {
        if self.tok.kind == Tok::Error && !self.lex.error.is_empty() {
            return self.err(self.pos(), self.lex.error);
        }
        self.err(self.pos(), msg)
    }
    #[inline]
    pub fn is(&self, k: Tok) -> bool {
        self.tok.kind == k
    }
    #[inline]
    pub fn is_kw(&self, kw: &[u8]) -> bool {
        self.tok.kind == Tok::Ident && self.text() == kw
    }
    pub fn eat(&mut self, k: Tok) -> bool {
        if self.tok.kind == k {
            self.next();
            true
        } else {
            false
        }
    }
    pub fn eat_kw(&mut self, kw: &[u8]) -> bool {
        if self.is_kw(kw) {
            self.next();
            true
        } else {
            false
        }
    }
    pub fn expect(&mut self, k: Tok, msg: &str) -> PResult<()> {
        if self.eat(k) {
            Ok(())
        } else {
            self.err_here(msg)
        }
    }
    pub fn expect_kw(&mut self, kw: &[u8], msg: &str) -> PResult<()> {
        if self.eat_kw(kw) {
            Ok(())
        } else {
            self.err_here(msg)
        }
    }
    /// Parses a string constant, unescaped.
    pub fn parse_str(&mut self, msg: &str) -> PResult<Vec<u8>> {
        if !self.is(Tok::Str) {
            return self.err_here(msg);
        }
        let v = self.val().into_owned();
        self.next();
        Ok(v)
    }
    /// The value of an integer token that LLVM's lexer makes unsigned (decimal without `-`, or
    /// `u0x...`), saturated at `limit` as `APInt::getLimitedValue` does; `None` for a signed one.
    fn limited_uint(&self, limit: u64) -> Option<u64> {
        if !self.is(Tok::Int) {
            return None;
        }
        let t = self.text();
        // The usual case: a short run of decimal digits, which cannot overflow.
        if t.len() <= 19 && t.iter().all(u8::is_ascii_digit) {
            let v = t.iter().fold(0u64, |v, &d| v * 10 + u64::from(d - b'0'));
            return Some(v.min(limit));
        }
        let (digits, radix) = match t {
            [b'u', b'0', b'x', rest @ ..] => (rest, 16u64),
            [b's', ..] | [b'-', ..] => return None,
            _ => (t.strip_prefix(b"+").unwrap_or(t), 10u64),
        };
        let mut v: u64 = 0;
        for &c in digits {
            let d = (c as char).to_digit(radix as u32)? as u64;
            v = match v.checked_mul(radix).and_then(|v| v.checked_add(d)) {
                Some(v) => v,
                None => return Some(limit),
            };
        }
        Some(v.min(limit))
    }
    /// `LLParser::parseUInt64`: an unsigned integer, saturated at `u64::MAX`.
    pub fn parse_uint64(&mut self) -> PResult<u64> {
        match self.limited_uint(u64::MAX) {
            Some(v) => {
                self.next();
                Ok(v)
            }
            None => self.err_here("expected integer"),
        }
    }
    /// `LLParser::parseUInt32`: an unsigned integer that fits 32 bits.
    pub fn parse_uint32(&mut self) -> PResult<u32> {
        match self.limited_uint(1 << 32) {
            Some(v) if v < 1 << 32 => {
                self.next();
                Ok(v as u32)
            }
            Some(_) => self.err_here("expected 32-bit integer (too large)"),
            None => self.err_here("expected integer"),
        }
    }
    /// Parses an unsigned integer literal that fits `u64`.
    pub fn parse_u64(&mut self, msg: &str) -> PResult<u64> {
        if !self.is(Tok::Int) {
            return self.err_here(msg);
        }
        match dec_u64(self.text()) {
            Some(v) => {
                self.next();
                Ok(v)
            }
            None => self.err_here(msg),
        }
    }
    pub fn parse_u32(&mut self, msg: &str) -> PResult<u32> {
        let p = self.pos();
        let v = self.parse_u64(msg)?;
        u32::try_from(v).or_else(|_| self.err(p, msg))
    }
    /// After `align`: `N`, or `(N)` where `parens` allows it, checked as LLVM's
    /// `parseOptionalAlignment` does, with every error but a missing number at the token after
    /// `align`.
    pub fn parse_align_value(&mut self, parens: bool) -> PResult<u64> {
        let align_pos = self.pos();
        let paren = parens && self.eat(Tok::LParen);
        let v = self.parse_uint64()?;
        if paren && !self.eat(Tok::RParen) {
            return self.err(align_pos, "expected ')'");
        }
        if !v.is_power_of_two() {
            return self.err(align_pos, "alignment is not a power of two");
        }
        if v > 1 << 32 {
            return self.err(align_pos, "huge alignments are not supported yet");
        }
        Ok(v)
    }
    /// A numeric id from a `%12`/`@12`/`#12`/`^12`-style token value, as `LLLexer::LexUIntID`
    /// makes it: a number beyond 64 bits is 0, one beyond 32 bits keeps its low 32 bits, and
    /// either is a lexer error that LLVM reports only if the parse fails (see
    /// [`Parser::lex_error`]).
    pub fn tok_num(&self) -> PResult<u32> {
        let v = &self.src[self.tok.vstart as usize..self.tok.vend as usize];
        let mut n: u64 = 0;
        for &d in v {
            match n.checked_mul(10).and_then(|n| n.checked_add(u64::from(d.wrapping_sub(b'0')))) {
                Some(m) => n = m,
                None => {
                    self.note_lex_error(self.tok.start as usize, "constant bigger than 64 bits detected");
                    return Ok(0);
                }
            }
        }
        if n > u64::from(u32::MAX) {
            self.note_lex_error(self.tok.start as usize, "invalid value number (too large)");
        }
        Ok(n as u32)
    }

    /// Records a lexer error: the parse goes on, and if it fails, the first such error is the
    /// one reported (LLVM's lexer errors take precedence over the parser's).
    pub fn note_lex_error(&self, pos: usize, msg: &'static str) {
        if self.lex_error.get().is_none() {
            self.lex_error.set(Some((pos, msg)));
        }
    }

    /// The diagnostic for a failed parse: a lexer error noted before it, else the error itself.
    fn diagnostic(&self, file: &str, e: PErr) -> Diagnostic {
        match self.lex_error.get() {
            Some((pos, msg)) => Diagnostic::new(file, self.src, pos, msg.to_string()),
            None => Diagnostic::new(file, self.src, e.pos, e.msg),
        }
    }

    // ---- module ----

    pub fn parse_module(&mut self) -> PResult<()> {
        // `target` and `source_filename` lead the module.
        while self.is_kw(b"target") || self.is_kw(b"source_filename") {
            self.parse_top_keyword()?;
        }
        self.set_data_layout()?;
        loop {
            self.release_read();
            if self.tail.as_ref().is_some_and(|(run, _)| run.start() == self.pos()) {
                self.take_tail()?;
            }

            if self.is_kw(b"target") {
                return self.err_here("expected top-level entity");
            }
            match self.tok.kind {
                Tok::Eof => break,
                Tok::Error => return self.err_here("expected top-level entity"),
                Tok::Ident => self.parse_top_keyword()?,
                Tok::LocalVar | Tok::LocalVarId => self.parse_named_type()?,
                Tok::GlobalVar | Tok::GlobalId => self.parse_named_global()?,
                Tok::ComdatVar => self.parse_comdat()?,
                Tok::Exclaim => self.parse_standalone_metadata()?,
                Tok::MetadataVar => self.parse_named_metadata()?,
                Tok::AttrGrpId => self.parse_attr_group()?,
                Tok::SummaryId => self.parse_summary_entry()?,
                _ => return self.err_here("expected top-level entity"),
            }
        }
        self.finish_module()
    }

    fn parse_top_keyword(&mut self) -> PResult<()> {
        let t = self.text();
        match t {
            b"declare" => self.parse_declare(),
            b"define" => self.parse_define(),
            b"module" => {
                self.next();
                self.expect_kw(b"asm", "expected 'module asm'")?;
                let s = self.parse_str("expected string constant")?;
                // `Module::appendModuleInlineAsm`: every piece ends in a newline.
                self.m.module_asm.extend_from_slice(&s);
                if self.m.module_asm.last().is_some_and(|&c| c != b'\n') {
                    self.m.module_asm.push(b'\n');
                }
                Ok(())
            }
            b"target" => {
                self.next();
                if self.eat_kw(b"triple") {
                    self.expect(Tok::Equal, "expected '=' after target triple")?;
                    let s = self.parse_str("expected string constant")?;
                    self.m.triple = Some(s);
                    Ok(())
                } else if self.eat_kw(b"datalayout") {
                    self.expect(Tok::Equal, "expected '=' after target datalayout")?;
                    self.dl_pos = self.pos();
                    let s = self.parse_str("expected string constant")?;
                    self.m.data_layout = Some(s);
                    Ok(())
                } else {
                    self.err_here("unknown target property")
                }
            }
            b"source_filename" => {
                self.next();
                self.expect(Tok::Equal, "expected '=' after source_filename")?;
                let s = self.parse_str("expected string constant")?;
                self.m.source_filename = Some(s);
                Ok(())
            }
            b"deplibs" => {
                self.next();
                self.expect(Tok::Equal, "expected '=' after deplibs")?;
                self.expect(Tok::LSquare, "expected '=' after deplibs")?;
                if !self.eat(Tok::RSquare) {
                    loop {
                        self.parse_str("expected string")?;
                        if !self.eat(Tok::Comma) {
                            break;
                        }
                    }
                    self.expect(Tok::RSquare, "expected ']' at end of list")?;
                }
                Ok(())
            }
            b"attributes" => {
                let at = self.pos();
                self.next();
                self.parse_attr_group_def(at)
            }
            b"uselistorder" | b"uselistorder_bb" => self.parse_uselistorder(),
            _ => {
                // Globals without a name are not valid; unknown keyword.
                self.err_here("expected top-level entity")
            }
        }
    }

    /// The program address space of the data layout (`P<n>`), 0 by default.
    pub fn program_addrspace(&self) -> u32 {
        self.prog_as
    }

    /// [`Self::program_addrspace`], read from the data layout.
    fn read_program_addrspace(&self) -> u32 {
        let Some(dl) = &self.m.data_layout else { return 0 };
        for spec in dl.split(|&c| c == b'-') {
            if spec.len() > 1 && spec[0] == b'P' {
                if let Some(n) = std::str::from_utf8(&spec[1..]).ok().and_then(|s| s.parse::<u32>().ok()) {
                    return n;
                }
            }
        }
        0
    }

    /// Resolves everything that may be referenced before its definition.
    fn finish_module(&mut self) -> PResult<()> {
        llrs_ir::phases::mark("finish_module");
        self.declare_called_intrinsics()?;
        self.check_undefined()?;
        self.resolve_attr_groups()?;
        self.unique_metadata();
        llrs_upgrade::upgrade_tbaa_tags(&mut self.m);
        self.upgrade_module();
        llrs_upgrade::upgrade_debug_info(&mut self.m);
        self.unique_instruction_locations();
        llrs_upgrade::di::upgrade_cu_locals(&mut self.m);
        llrs_upgrade::upgrade_section_attributes(&mut self.m);
        llrs_upgrade::copy_module_attr_to_functions(&mut self.m);
        self.upgrade_as_bitcode_reader();
        self.apply_intrinsic_attrs();
        self.validate_summary()
    }

    /// What is still undefined at the end of the module, reported as LLVM's
    /// `validateEndOfModule` does: block addresses and `dso_local_equivalent` first, then types
    /// (numbered ones by number), comdats by name, named values by name, numbered values by
    /// number, metadata by number. (LLVM keeps named types in a hash table: of those, the first
    /// used is reported.)
    fn check_undefined(&self) -> PResult<()> {
        self.check_fwd_addrs()?;
        let mut num_types: Vec<(u32, usize)> =
            (self.numbered_types.iter()).filter_map(|(&n, t)| self.type_fwd.get(t).map(|&p| (n, p))).collect();
        num_types.sort_unstable();
        if let Some(&(n, pos)) = num_types.first() {
            return self.err(pos, format!("use of undefined type '%{n}'"));
        }
        if let Some((&t, &pos)) = self.type_fwd.iter().min_by_key(|(_, &p)| p) {
            let name = match self.m.ctx.type_of(t) {
                Type::Named(s) => self.m.ctx.structs[*s].name.map(|n| self.m.ctx.name(n).to_vec()),
                _ => None,
            };
            let name = String::from_utf8_lossy(&name.unwrap_or_default()).into_owned();
            return self.err(pos, format!("use of undefined type named '{name}'"));
        }
        let sym_text = |s: Symbol| String::from_utf8_lossy(self.m.ctx.name(s)).into_owned();
        if let Some((name, pos)) = self.fwd_comdats.iter().map(|(&c, &p)| (sym_text(self.m.comdats[c].name), p)).min() {
            return self.err(pos, format!("use of undefined comdat '${name}'"));
        }
        let named = self.fwd_globals.iter().map(|(&g, &p)| (self.m.globals[g].name.map(sym_text), p));
        if let Some((name, pos)) = named.min() {
            return self.err(pos, format!("use of undefined value '@{}'", name.unwrap_or_default()));
        }
        if let Some((&n, &(_, pos))) = self.fwd_global_nums.iter().min_by_key(|(&n, _)| n) {
            return self.err(pos, format!("use of undefined value '@{n}'"));
        }
        if let Some((n, pos)) = self.md_fwd.first() {
            return self.err(pos, format!("use of undefined metadata '!{n}'"));
        }
        Ok(())
    }

    /// Upgrades the data layout string for the triple and reads it, as LLVM does once the
    /// leading target definitions are read.
    fn set_data_layout(&mut self) -> PResult<()> {
        let triple = self.m.triple.as_deref().map(|t| String::from_utf8_lossy(t).into_owned()).unwrap_or_default();
        let dl = self.m.data_layout.as_deref().map(|d| String::from_utf8_lossy(d).into_owned()).unwrap_or_default();
        let up = llrs_upgrade::upgrade_data_layout_string(&dl, &triple);
        // Default alignments come from the layout as written (LLParser); the upgrade is what the
        // bitcode reader then sets on the module.
        match llrs_ir::datalayout::DataLayout::parse(&dl) {
            Ok(layout) => self.dl = layout,
            Err(msg) => return self.err(self.dl_pos, msg),
        }
        if up != dl {
            self.m.data_layout = Some(up.into_bytes());
        }
        self.prog_as = self.read_program_addrspace();
        Ok(())
    }

    /// LLVM's upgrades of old IR that apply to the module as a whole.
    fn upgrade_module(&mut self) {
        llrs_upgrade::upgrade_module_flags(&mut self.m);
        llrs_upgrade::upgrade_nvvm_annotations(&mut self.m);
        // Declarations of the debug intrinsics go with their calls.
        let m = &self.m;
        let is_dbg = |g: &GlobalId| {
            let gl = &m.globals[*g];
            let body = gl.func.as_ref().is_some_and(|f| f.body.is_some());
            !body
                && gl.name.is_some_and(|n| {
                    matches!(
                        m.ctx.name(n),
                        b"llvm.dbg.value" | b"llvm.dbg.declare" | b"llvm.dbg.assign" | b"llvm.dbg.label"
                    )
                })
        };
        let keep: Vec<GlobalId> = m.functions.iter().copied().filter(|g| !is_dbg(g)).collect();
        self.m.functions = keep;
        // Old intrinsic declarations give way to new ones after every other function, in order.
        if llrs_upgrade::upgrade_calls_to_intrinsics(&mut self.m, &self.dl) {
            self.refresh_global_names();
        }
    }

    /// The upgrades LLVM's bitcode reader makes when `llvm-dis` reads back what `llvm-as` wrote
    /// (LLParser makes none of them): inline asm strings as they are read, function attributes
    /// (`globalCleanup`, `materialize`; the type-incompatible ones are left to the verifier,
    /// which `llvm-as` runs first), then the ARC runtime calls (`materializeModule`).
    fn upgrade_as_bitcode_reader(&mut self) {
        llrs_upgrade::upgrade_inline_asm_strings(&mut self.m);
        llrs_upgrade::upgrade_module_function_attributes(&mut self.m, llrs_upgrade::TypeIncompatible::Keep);
        if llrs_upgrade::upgrade_arc_runtime(&mut self.m) {
            self.refresh_global_names();
        }
    }

    /// Declarations were made, renamed or removed: the names are the module's again.
    fn refresh_global_names(&mut self) {
        self.global_names.clear();
        for &g in self.m.vars.iter().chain(&self.m.functions).chain(&self.m.aliases).chain(&self.m.ifuncs) {
            if let Some(n) = self.m.globals[g].name {
                self.global_names.insert(n, g);
            }
        }
    }
}

/// See [`crate::apply_intrinsic_attributes`].
pub(crate) fn apply_intrinsic_attributes(m: &mut Module) {
    Parser::apply_to(m)
}

/// Parses a module, turning the first error into an LLVM-style diagnostic; `release` (if any) is
/// told of the text as it is read through.
pub(crate) fn parse<'a>(src: &'a [u8], file: &str, release: Option<Release<'a>>) -> Result<Module, Diagnostic> {
    // One thread in the pool (`RAYON_NUM_THREADS=1`): one thread in all.
    if rayon::current_num_threads() < 2 {
        return parse_in_order(src, file, release);
    }
    let Some(run) = md_tail::find_tail(src) else { return parse_with_bodies(src, file, release, bodies::MIN_SOURCE) };
    let chunks = std::sync::Arc::new(md_tail::Chunks::new(src, run));
    std::thread::scope(|scope| {
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        let theirs = chunks.clone();
        let worker = std::thread::Builder::new()
            .name("llrs-metadata".into())
            .spawn_scoped(scope, move || drop(tx.send(md_tail::read_tail(src, &theirs, release))));
        if worker.is_err() {
            return parse_in_order(src, file, release);
        }
        let mut p = Parser::new(src);
        p.release = release;
        p.tail = Some((chunks, rx));
        // Without `source_filename`, LLVM names the module's source after its input (summary
        // entries need it for the GUIDs of local values).
        p.m.source_filename = Some(file.as_bytes().to_vec());
        match p.parse_module() {
            Ok(()) => Ok(p.m),
            // Errors are the ones reading in order gives, at its positions.
            Err(_) if p.used_tail => parse_in_order(src, file, None),
            Err(e) => Err(p.diagnostic(file, e)),
        }
    })
}

/// Reads `src` with the last function bodies read on another thread ([`bodies`]), when they
/// suit (from `min_source` bytes).
fn parse_with_bodies<'a>(
    src: &'a [u8],
    file: &str,
    release: Option<Release<'a>>,
    min_source: usize,
) -> Result<Module, Diagnostic> {
    let Some(defines) = bodies::find_defines(src, min_source) else { return parse_in_order(src, file, release) };
    let claims = std::sync::Arc::new(bodies::Claims::new(defines));
    std::thread::scope(|scope| {
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        let theirs = claims.clone();
        let worker = std::thread::Builder::new()
            .name("llrs-bodies".into())
            .spawn_scoped(scope, move || drop(tx.send(bodies::read_bodies(src, &theirs))));
        if worker.is_err() {
            return parse_in_order(src, file, release);
        }
        let mut p = Parser::new(src);
        p.release = release;
        p.region_rx = Some((claims.clone(), rx));
        // Without `source_filename`, LLVM names the module's source after its input (summary
        // entries need it for the GUIDs of local values).
        p.m.source_filename = Some(file.as_bytes().to_vec());
        let read = p.parse_module();
        // The other thread claims nothing more (after an error, say).
        claims.stop();
        match read {
            Ok(()) => Ok(p.m),
            // Errors are the ones reading in order gives, at its positions.
            Err(_) if p.used_region => parse_in_order(src, file, None),
            Err(e) => Err(p.diagnostic(file, e)),
        }
    })
}

/// Reads `src` on this thread alone.
fn parse_in_order<'a>(src: &'a [u8], file: &str, release: Option<Release<'a>>) -> Result<Module, Diagnostic> {
    let mut p = Parser::new(src);
    p.release = release;
    // Without `source_filename`, LLVM names the module's source after its input (summary
    // entries need it for the GUIDs of local values).
    p.m.source_filename = Some(file.as_bytes().to_vec());
    match p.parse_module() {
        Ok(()) => Ok(p.m),
        Err(e) => Err(p.diagnostic(file, e)),
    }
}
