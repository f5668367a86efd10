//! The metadata that ends a large module, read on a second thread while the first thread reads
//! everything before it.
//!
//! `llvm-dis` prints every numbered and named metadata node after the functions, and in a module
//! with debug info they are half the text. [`find_tail`] finds where that run of metadata starts
//! (at the start of a line), and [`Chunks`] cuts it into chunks. [`read_tail`] reads chunks from
//! the back, on its own thread, with a parser of its own: each definition is read but not
//! defined, every `!N` it names is a placeholder of that parser. When the main parser arrives at
//! the start of the run, at the top level, it reads chunks from the front itself until the two
//! meet; then it takes the other thread's nodes in and defines them in order with
//! [`Parser::define_md`] and [`Parser::add_named_md`], exactly as
//! reading them itself would ([`Parser::replay_tail`]): symbols, types, constants and inline nodes
//! are interned in its context, and every `!N` goes through its [`Parser::md_num_ref`].
//!
//! Exactness comes first. The other thread's work is used only when the main parser stands at
//! the run's start at the top level. Whatever this path does not carry over exactly (a constant
//! expression, a function-local value, a global or a type the module does not define before the
//! run) makes the main parser fail, and a module read with the other thread's help that fails at
//! all is read again on one thread, so that every error is the one, at the position, that reading
//! in order gives.

use super::{PErr, PResult, Parser};
use crate::lexer::Tok;
use llrs_ir::module::GlobalId;
use llrs_ir::{Const, ConstId, DiValue, Md, MdId, MdKind, MdNode, Symbol, Type, TypeId};
use rustc_hash::FxHashMap;

/// Below this many bytes of trailing metadata a second thread is not worth starting.
pub(crate) const MIN_TAIL: usize = 1 << 20;

/// Where the metadata definitions that end `src` start, when they are at least [`MIN_TAIL`]
/// bytes: the first of the last lines that are metadata definitions (`!...`), blank, comments or
/// indented continuations.
pub(crate) fn find_tail(src: &[u8]) -> Option<usize> {
    if src.len() < MIN_TAIL {
        return None;
    }
    let mut start = None;
    // Each line's first byte, from the last line back (one search over the text, not one per
    // line); the first line starts at 0.
    let body = &src[..src.len() - 1];
    let line_starts = memchr::memrchr_iter(b'\n', body).map(|i| i + 1).chain(std::iter::once(0));
    for line_start in line_starts {
        match src.get(line_start) {
            Some(b'!') => start = Some(line_start),
            None | Some(b' ' | b'\t' | b'\r' | b'\n' | b';') => {}
            Some(_) => break,
        }
    }
    start.filter(|&s| src.len() - s >= MIN_TAIL)
}

/// How much of the run one chunk holds (it ends at the next definition line after this).
const CHUNK: usize = 128 << 10;

/// The run of trailing metadata cut into chunks at lines that start with `!`, shared by the two
/// threads: the main thread, once it arrives at the run, reads chunks from the front itself;
/// the other thread reads them from the back. They meet where the work is even, whatever the
/// text before the run costs.
pub(crate) struct Chunks {
    /// Chunk `i` is `bounds[i]..bounds[i + 1]`; the last ends at the end of the text.
    bounds: Vec<usize>,
    /// The next chunk from the front, and one past the last chunk left from the back.
    claims: std::sync::Mutex<(usize, usize)>,
    /// Set by the main thread when a chunk boundary fell inside a definition (so the run is
    /// read in order): the other thread stops.
    abandoned: std::sync::atomic::AtomicBool,
}

impl Chunks {
    /// The run starting at `run`, in chunks of about [`CHUNK`] bytes.
    pub(crate) fn new(src: &[u8], run: usize) -> Self {
        Self::with_size(src, run, CHUNK)
    }

    fn with_size(src: &[u8], run: usize, size: usize) -> Self {
        let mut bounds = vec![run];
        let mut at = run;
        while at + size < src.len() {
            // The next line after `at + size` that starts with `!`.
            let mut next = None;
            let mut from = at + size;
            while let Some(nl) = memchr::memchr(b'\n', &src[from..]) {
                from += nl + 1;
                if src.get(from) == Some(&b'!') {
                    next = Some(from);
                    break;
                }
            }
            let Some(next) = next else { break };
            bounds.push(next);
            at = next;
        }
        bounds.push(src.len());
        let n = bounds.len() - 1;
        Chunks { bounds, claims: std::sync::Mutex::new((0, n)), abandoned: Default::default() }
    }

    /// Where the run starts.
    pub(crate) fn start(&self) -> usize {
        self.bounds[0]
    }

    fn len(&self) -> usize {
        self.bounds.len() - 1
    }

    /// The next chunk from the front, if the other thread has not taken it.
    fn take_front(&self) -> Option<usize> {
        let mut c = self.claims.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        (c.0 < c.1).then(|| {
            c.0 += 1;
            c.0 - 1
        })
    }

    /// The next chunk from the back, if the main thread has not taken it.
    fn take_back(&self) -> Option<usize> {
        let mut c = self.claims.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        (c.0 < c.1).then(|| {
            c.1 -= 1;
            c.1
        })
    }
}

/// One top-level definition of the run, in the other thread's terms.
enum Event {
    /// `!N = node`.
    Def(u32, MdNode),
    /// `!name = !{...}`.
    Named(Symbol, Vec<MdId>),
}

/// Where the main thread receives what the other thread read (`None`: it failed).
pub(crate) type TailReceiver<'a> = std::sync::mpsc::Receiver<Option<Box<Tail<'a>>>>;

/// The chunks of the run read by the other thread.
pub(crate) struct Tail<'a> {
    /// Where the run ends: the first token that is not a metadata definition.
    end: usize,
    /// The definitions of each chunk read, in order, by chunk from the last.
    chunks: Vec<(usize, Vec<Event>)>,
    /// The parser that read them (its context holds what the events refer to).
    p: Parser<'a>,
}

/// Reads chunks of the run from the back until the main thread has the rest; `None` at the
/// first error, or when a chunk does not end exactly where the next starts (the main thread
/// then reads them itself, in order, and reports any error).
pub(crate) fn read_tail<'a>(src: &'a [u8], run: &Chunks, release: Option<super::Release<'a>>) -> Option<Box<Tail<'a>>> {
    use std::sync::atomic::Ordering;
    let mut p = Parser::new(src);
    p.placeholder_nums = Some(Vec::new());
    let mut chunks = Vec::new();
    let mut end = src.len();
    // Text read and not handed to `release` yet (the chunks are read from the back).
    let mut unreleased = src.len()..src.len();
    while let Some(c) = run.take_back() {
        if run.abandoned.load(Ordering::Relaxed) {
            return None;
        }
        let (start, stop) = (run.bounds[c], run.bounds[c + 1]);
        p.lex.set_pos(start);
        p.next();
        if p.pos() != start {
            return None;
        }
        let mut events = Vec::new();
        while p.pos() < stop {
            let event = match p.tok.kind {
                Tok::Exclaim => {
                    let (n, node) = p.read_standalone_metadata().ok()?;
                    Event::Def(n, node)
                }
                Tok::MetadataVar => {
                    let (name, ops) = p.read_named_metadata().ok()?;
                    Event::Named(name, ops)
                }
                _ => break,
            };
            events.push(event);
        }
        if c + 1 == run.len() {
            end = p.pos();
        } else if p.pos() != stop {
            return None;
        }
        chunks.push((c, events));
        if let Some(release) = release {
            unreleased.start = start;
            if unreleased.len() >= super::RELEASE_STEP {
                release(unreleased.clone());
                unreleased.end = start;
            }
        }
    }
    llrs_ir::phases::mark("md thread done");
    Some(Box::new(Tail { end, chunks, p }))
}

/// Carrying the other thread's ids over: `Err` when something cannot be carried exactly.
pub(super) type Carry<T> = Result<T, ()>;

/// Memos of ids already carried over from the other thread's parser.
pub(super) struct Remap {
    syms: Vec<u32>,
    mds: Vec<u32>,
    types: FxHashMap<TypeId, TypeId>,
    consts: FxHashMap<ConstId, ConstId>,
    /// The number of each placeholder, by the other thread's id.
    nums: Vec<Option<u32>>,
    /// Function bodies are carried (`super::bodies`): a global the main parser has not met
    /// becomes a forward reference, as reading the body would make it.
    bodies: bool,
    /// Where the body being carried starts: the position given to a forward reference it makes
    /// (the position only places an error, and a module with an error is read again in order).
    pub(super) body_start: usize,
}

impl Remap {
    fn new(w: &Parser<'_>, bodies: bool) -> Self {
        Remap {
            syms: vec![UNSET; w.m.ctx.names.len()],
            mds: vec![UNSET; w.m.ctx.num_mds()],
            types: FxHashMap::default(),
            consts: FxHashMap::default(),
            nums: placeholder_numbers(w),
            bodies,
            body_start: 0,
        }
    }

    /// The memos for carrying the function bodies `w` read.
    pub(super) fn for_bodies(w: &Parser<'_>) -> Self {
        Self::new(w, true)
    }
}

const UNSET: u32 = u32::MAX;

/// The number of each of the other thread's placeholders, by its id.
fn placeholder_numbers(w: &Parser<'_>) -> Vec<Option<u32>> {
    let mut nums = vec![None; w.m.ctx.num_mds()];
    for &(id, n) in w.placeholder_nums.iter().flatten() {
        if let Some(slot) = nums.get_mut(id.0 as usize) {
            *slot = Some(n);
        }
    }
    nums
}

impl<'a> Parser<'a> {
    /// At the start of the trailing metadata, at the top level: reads chunks of it from the
    /// front until the other thread has the rest, then takes in what that thread read and goes
    /// on after it. When that thread failed, or a chunk boundary fell inside a definition, the
    /// rest is left to the reading in order that goes on from here.
    pub(crate) fn take_tail(&mut self) -> PResult<()> {
        let Some((run, rx)) = self.tail.take() else { return Ok(()) };
        llrs_ir::phases::mark("main at tail");
        while let Some(c) = run.take_front() {
            let stop = run.bounds[c + 1];
            while self.pos() < stop {
                self.release_read();
                match self.tok.kind {
                    Tok::Exclaim => self.parse_standalone_metadata()?,
                    Tok::MetadataVar => self.parse_named_metadata()?,
                    _ => break,
                }
            }
            if c + 1 == run.len() {
                // The end of the run: nothing is left to the other thread.
                return Ok(());
            }
            if self.pos() != stop {
                run.abandoned.store(true, std::sync::atomic::Ordering::Relaxed);
                return Ok(());
            }
        }
        let Ok(Some(tail)) = rx.recv() else { return Ok(()) };
        llrs_ir::phases::mark("tail received");
        // The other thread read every chunk from here on.
        if tail.chunks.last().map(|(c, _)| run.bounds[*c]) != Some(self.pos()) {
            return Ok(());
        }
        self.used_tail = true;
        let end = tail.end;
        if self.replay_tail(*tail).is_err() {
            return Err(PErr {
                pos: self.pos(),
                msg: "metadata read on another thread could not be carried over".into(),
            });
        }
        self.lex.set_pos(end);
        self.next();
        llrs_ir::phases::mark("tail carried");
        Ok(())
    }

    /// Defines the nodes of the run in order, as reading them here would.
    fn replay_tail(&mut self, tail: Tail<'a>) -> Carry<()> {
        let Tail { chunks, p: w, .. } = tail;
        let mut r = Remap::new(&w, false);
        for event in chunks.into_iter().rev().flat_map(|(_, events)| events) {
            match event {
                Event::Def(n, mut node) => {
                    self.carry_node(&mut r, &w, &mut node)?;
                    self.define_md(n, node).map_err(|_| ())?;
                }
                Event::Named(name, ops) => {
                    let name = self.carry_sym(&mut r, &w, name);
                    let ops = ops.into_iter().map(|id| self.carry_md_id(&mut r, &w, id)).collect::<Carry<Vec<_>>>()?;
                    self.add_named_md(name, ops);
                }
            }
        }
        Ok(())
    }

    pub(super) fn carry_sym(&mut self, r: &mut Remap, w: &Parser<'_>, s: Symbol) -> Symbol {
        let slot = &mut r.syms[s.0 as usize];
        if *slot == UNSET {
            *slot = self.m.ctx.sym_bytes(w.m.ctx.name(s)).0;
        }
        Symbol(*slot)
    }

    fn carry_node(&mut self, r: &mut Remap, w: &Parser<'_>, node: &mut MdNode) -> Carry<()> {
        if let MdKind::Special(s) = node.kind {
            node.kind = MdKind::Special(self.carry_sym(r, w, s));
        }
        for op in node.ops.iter_mut() {
            *op = self.carry_md(r, w, *op)?;
        }
        for (name, v) in node.fields.iter_mut() {
            if let Some(s) = name {
                *s = self.carry_sym(r, w, *s);
            }
            match v {
                DiValue::Md(m) => *m = self.carry_md(r, w, *m)?,
                DiValue::Int(_) => {}
                DiValue::Str(s) | DiValue::Ident(s) | DiValue::BigInt(s) => *s = self.carry_sym(r, w, *s),
                DiValue::Flags(list) => {
                    for s in list.iter_mut() {
                        *s = self.carry_sym(r, w, *s);
                    }
                }
                DiValue::List(items) => {
                    for m in items.iter_mut() {
                        *m = self.carry_md(r, w, *m)?;
                    }
                }
            }
        }
        Ok(())
    }

    pub(super) fn carry_md(&mut self, r: &mut Remap, w: &Parser<'_>, m: Md) -> Carry<Md> {
        Ok(match m {
            Md::Null => Md::Null,
            Md::Node(id) => Md::Node(self.carry_md_id(r, w, id)?),
            Md::Str(s) => Md::Str(self.carry_sym(r, w, s)),
            Md::Const(c) => Md::Const(self.carry_const(r, w, c)?),
            Md::Local(_) => return Err(()),
        })
    }

    pub(super) fn carry_md_id(&mut self, r: &mut Remap, w: &Parser<'_>, id: MdId) -> Carry<MdId> {
        let memo = *r.mds.get(id.0 as usize).ok_or(())?;
        if memo != UNSET {
            return Ok(MdId(memo));
        }
        let carried = match r.nums.get(id.0 as usize).copied().flatten() {
            // `!N`: where the other thread first met it is where reading in order would have.
            Some(n) => {
                let pos = w.md_fwd.get(n).ok_or(())?;
                self.md_num_ref(n, pos)
            }
            // An inline node (`!{...}`, `!DIExpression(...)`), uniqued as it is read.
            None => {
                let mut node = w.m.ctx.md(id).clone();
                self.carry_node(r, w, &mut node)?;
                self.m.ctx.md_intern(node)
            }
        };
        r.mds[id.0 as usize] = carried.0;
        Ok(carried)
    }

    pub(super) fn carry_type(&mut self, r: &mut Remap, w: &Parser<'_>, t: TypeId) -> Carry<TypeId> {
        if let Some(&t) = r.types.get(&t) {
            return Ok(t);
        }
        let ty = match w.m.ctx.type_of(t).clone() {
            Type::Array(n, e) => Type::Array(n, self.carry_type(r, w, e)?),
            Type::Vector { scalable, len, elem } => Type::Vector { scalable, len, elem: self.carry_type(r, w, elem)? },
            Type::Struct { packed, elems } => {
                Type::Struct { packed, elems: elems.iter().map(|&e| self.carry_type(r, w, e)).collect::<Carry<_>>()? }
            }
            Type::Function { ret, params, vararg } => Type::Function {
                ret: self.carry_type(r, w, ret)?,
                params: params.iter().map(|&p| self.carry_type(r, w, p)).collect::<Carry<_>>()?,
                vararg,
            },
            Type::TargetExt { name, types, ints } => Type::TargetExt {
                name: self.carry_sym(r, w, name),
                types: types.iter().map(|&p| self.carry_type(r, w, p)).collect::<Carry<_>>()?,
                ints,
            },
            // A struct by its name, when the module already knows it by that name.
            Type::Named(s) => {
                let name = w.m.ctx.structs[s].name.ok_or(())?;
                let name = self.carry_sym(r, w, name);
                if self.type_aliases.contains_key(&name) {
                    return Err(());
                }
                let s = self.m.ctx.find_struct(name).ok_or(())?;
                let carried = self.m.ctx.structs[s].ty.ok_or(())?;
                r.types.insert(t, carried);
                return Ok(carried);
            }
            simple => simple,
        };
        let carried = self.m.ctx.ty(ty);
        r.types.insert(t, carried);
        Ok(carried)
    }

    pub(super) fn carry_const(&mut self, r: &mut Remap, w: &Parser<'_>, c: ConstId) -> Carry<ConstId> {
        if let Some(&c) = r.consts.get(&c) {
            return Ok(c);
        }
        let list = |p: &mut Self, r: &mut Remap, items: &[ConstId]| -> Carry<Box<[ConstId]>> {
            items.iter().map(|&i| p.carry_const(r, w, i)).collect()
        };
        let konst = match w.m.ctx.const_of(c).clone() {
            Const::Int(t, v) => Const::Int(self.carry_type(r, w, t)?, v),
            Const::Float(t, v) => Const::Float(self.carry_type(r, w, t)?, v),
            Const::Null(t) => Const::Null(self.carry_type(r, w, t)?),
            Const::NoneToken(t) => Const::NoneToken(self.carry_type(r, w, t)?),
            Const::Undef(t) => Const::Undef(self.carry_type(r, w, t)?),
            Const::Poison(t) => Const::Poison(self.carry_type(r, w, t)?),
            Const::Zero(t) => Const::Zero(self.carry_type(r, w, t)?),
            Const::Array(t, e) => Const::Array(self.carry_type(r, w, t)?, list(self, r, &e)?),
            Const::Struct(t, e) => Const::Struct(self.carry_type(r, w, t)?, list(self, r, &e)?),
            Const::Vector(t, e) => Const::Vector(self.carry_type(r, w, t)?, list(self, r, &e)?),
            Const::Bytes(t, b) => Const::Bytes(self.carry_type(r, w, t)?, b),
            Const::Splat(t, e) => Const::Splat(self.carry_type(r, w, t)?, self.carry_const(r, w, e)?),
            Const::Global(t, g) => {
                let (t, carried) = (self.carry_type(r, w, t)?, self.carry_global(r, w, g)?);
                if let Some(&pos) = self.fwd_globals.get(&carried) {
                    // As `const_global` notes a forward reference's type.
                    self.fwd_global_types.entry(carried).or_insert((t, pos));
                }
                Const::Global(t, carried)
            }
            // A body's expressions were folded (from their operands alone) as reading them here
            // folds them.
            Const::Expr(mut e) if r.bodies => {
                e.ty = self.carry_type(r, w, e.ty)?;
                for op in e.operands.iter_mut() {
                    *op = self.carry_const(r, w, *op)?;
                }
                if let Some(t) = e.source_ty {
                    e.source_ty = Some(self.carry_type(r, w, t)?);
                }
                Const::Expr(e)
            }
            // Expressions may fold with the module's data layout; addresses of blocks and
            // functions refer to bodies: left to reading in order.
            Const::Expr(_)
            | Const::PtrAuth(..)
            | Const::BlockAddress(..)
            | Const::DsoLocalEquivalent(..)
            | Const::NoCfi(..) => return Err(()),
        };
        let carried = self.m.ctx.konst(konst);
        r.consts.insert(c, carried);
        Ok(carried)
    }

    /// A global the module defined or declared before the run (a forward reference is left to
    /// reading in order, which records where it was first used).
    fn carry_global(&mut self, r: &mut Remap, w: &Parser<'_>, g: GlobalId) -> Carry<GlobalId> {
        let carried = match w.m.globals[g].name {
            Some(name) => {
                let name = self.carry_sym(r, w, name);
                match self.global_names.get(&name) {
                    Some(&g) => g,
                    None if r.bodies => {
                        // Met first in a body: a forward reference, as `global_ref` makes it.
                        let pos = r.body_start;
                        let void = self.m.ctx.void_ty();
                        let new = self.m.new_global(Some(name), llrs_ir::GlobalKind::Var, void);
                        self.global_names.insert(name, new);
                        self.fwd_globals.insert(new, pos);
                        return Ok(new);
                    }
                    None => return Err(()),
                }
            }
            None => {
                let n = w.fwd_global_nums.iter().find(|(_, &(x, _))| x == g).map(|(&n, _)| n).ok_or(())?;
                *self.global_nums.get(&n).ok_or(())?
            }
        };
        if r.bodies {
            // Numbered globals are left to reading in order.
            return match w.m.globals[g].name {
                Some(_) => Ok(carried),
                None => Err(()),
            };
        }
        if self.fwd_globals.contains_key(&carried) || self.fwd_global_nums.values().any(|&(x, _)| x == carried) {
            return Err(());
        }
        Ok(carried)
    }
}

#[cfg(test)]
mod tests {
    use super::{find_tail, Chunks, MIN_TAIL};
    use crate::parser::{parse, parse_in_order, Parser};

    /// A module whose trailing metadata is over [`MIN_TAIL`] bytes, with `extra` among it.
    fn big_module(extra: &str) -> String {
        let mut s = String::from(
            "%struct.S = type { i32 }\n@g = global i32 0\n\
             define void @f() !dbg !3 {\n  ret void, !dbg !9\n}\n\
             !llvm.dbg.cu = !{!0}\n!llvm.module.flags = !{!5, !6}\n\
             !0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug, globals: !7)\n\
             !1 = !DIFile(filename: \"a.c\", directory: \"/\")\n\
             !3 = distinct !DISubprogram(name: \"f\", scope: !1, file: !1, spFlags: DISPFlagDefinition, unit: !0)\n\
             !5 = !{i32 2, !\"Debug Info Version\", i32 3}\n!6 = !{i32 1, !\"g\", ptr @g}\n\
             !7 = !{!8}\n!8 = !DIGlobalVariableExpression(var: !10, expr: !DIExpression(DW_OP_plus_uconst, 4))\n\
             !9 = !DILocation(line: 3, scope: !3)\n\
             !10 = distinct !DIGlobalVariable(name: \"g\", scope: !0, file: !1, type: !11, isLocal: false, isDefinition: true)\n\
             !11 = !DIBasicType(name: \"int\", size: 32, encoding: DW_ATE_signed)\n",
        );
        s.push_str(extra);
        let mut n = 100;
        while s.len() < 2 * MIN_TAIL {
            s.push_str(&format!("!{n} = !{{!{}, !\"s{n}\", i64 {n}, !{{}}, ptr @g, [2 x i8] c\"ab\"}}\n", n + 1));
            n += 1;
        }
        s.push_str(&format!("!{n} = !{{}}\n!named = !{{!100, !{n}}}\n"));
        s
    }

    /// Reads `src` with the other thread's help: the text printed, and whether its work was
    /// used.
    fn both_ways(src: &str) -> (Result<Vec<u8>, String>, Result<Vec<u8>, String>) {
        // Each thread hands over what it has read, in order; no stretch is handed over twice
        // (except what the main thread goes over again after the tail).
        let released = std::sync::Mutex::new(Vec::new());
        let release = |r: std::ops::Range<usize>| released.lock().expect("not poisoned").push(r);
        let with =
            parse(src.as_bytes(), "t.ll", Some(&release)).map(|m| crate::print_module(&m)).map_err(|e| e.to_string());
        let mut released = released.into_inner().expect("not poisoned");
        released.sort_by_key(|r| r.start);
        for pair in released.windows(2) {
            assert!(pair[0].start < pair[0].end && pair[0].end <= pair[1].start + src.len(), "{released:?}");
        }
        assert!(released.iter().all(|r| r.end <= src.len() && r.len() >= super::super::RELEASE_STEP));
        // (Which thread reads how much depends on the timing: something is handed over.)
        assert!(with.is_err() || !released.is_empty());
        let alone =
            parse_in_order(src.as_bytes(), "t.ll", None).map(|m| crate::print_module(&m)).map_err(|e| e.to_string());
        (with, alone)
    }

    /// Reads `src` with the run in chunks of `size` bytes, the other thread (here, before the
    /// main one) reading all but the first `front` chunks: whether its work was used, and the
    /// module printed.
    fn with_chunks(src: &str, size: usize, front: usize) -> (bool, Result<Vec<u8>, String>) {
        let run = find_tail(src.as_bytes()).expect("a tail");
        let chunks = std::sync::Arc::new(Chunks::with_size(src.as_bytes(), run, size));
        // The main thread's first chunks are set aside while the other thread takes the rest,
        // then given back.
        let front = front.min(chunks.len());
        chunks.claims.lock().expect("not poisoned").0 = front;
        let tail = super::read_tail(src.as_bytes(), &chunks, None);
        chunks.claims.lock().expect("not poisoned").0 = 0;
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        tx.send(tail).expect("sent");
        let mut p = Parser::new(src.as_bytes());
        p.m.source_filename = Some(b"t.ll".to_vec());
        p.tail = Some((chunks, rx));
        let r = p.parse_module().map(|()| crate::print_module(&p.m)).map_err(|e| e.msg);
        // (An error here is compared with the in-order reading's by its message.)
        (p.used_tail, r)
    }

    fn tail_is_used(src: &str) -> bool {
        let (used, r) = with_chunks(src, super::CHUNK, 0);
        assert!(r.is_ok(), "{r:?}");
        used
    }

    #[test]
    fn reading_the_tail_on_another_thread_changes_nothing() {
        let src = big_module("");
        assert!(tail_is_used(&src));
        let (with, alone) = both_ways(&src);
        assert!(alone.is_ok(), "{alone:?}");
        assert_eq!(with, alone);
    }

    #[test]
    fn what_cannot_be_carried_over_is_read_in_order() {
        // A constant expression, an undefined global, an undefined type, an error, a node
        // defined twice, a forward reference never defined.
        for extra in [
            "!50 = !{ptr getelementptr (i8, ptr @g, i64 4)}\n",
            "!50 = !{ptr @undefined}\n",
            "!50 = !{%struct.T zeroinitializer}\n",
            "!50 = !{%struct.S zeroinitializer}\n",
            "!50 = !{i32 1, i32}\n",
            "!5 = !{}\n",
            "!50 = !{!99999}\n",
        ] {
            let src = big_module(extra);
            let (with, alone) = both_ways(&src);
            assert_eq!(with, alone, "{extra}");
        }
    }

    #[test]
    fn the_tail_starts_at_the_first_of_the_last_metadata_lines() {
        let mut src = b"define void @f() {\n  ret void\n}\n\n!llvm.dbg.cu = !{!0}\n".to_vec();
        let start = src.len() - b"!llvm.dbg.cu = !{!0}\n".len();
        while src.len() < start + MIN_TAIL {
            src.extend_from_slice(b"!0 = !{}\n; a comment\n  !{}\n");
        }
        assert_eq!(find_tail(&src), Some(start));
        // Chunks start at lines that start with `!`, the last ends at the end.
        let chunks = Chunks::new(&src, start);
        assert_eq!(chunks.bounds.first(), Some(&start));
        assert_eq!(chunks.bounds.last(), Some(&src.len()));
        assert!(chunks.len() >= MIN_TAIL / super::CHUNK);
        for &b in &chunks.bounds[1..chunks.len()] {
            assert_eq!((src[b - 1], src[b]), (b'\n', b'!'));
        }
        src.extend_from_slice(b"@g = global i32 0\n");
        assert_eq!(find_tail(&src), None);
    }

    #[test]
    fn the_two_threads_share_the_run_anywhere() {
        let src = big_module("");
        let alone =
            parse_in_order(src.as_bytes(), "t.ll", None).map(|m| crate::print_module(&m)).map_err(|e| e.to_string());
        let n = Chunks::new(src.as_bytes(), find_tail(src.as_bytes()).expect("a tail")).len();
        for front in [0, 1, n / 2, n - 1, n] {
            let (used, with) = with_chunks(&src, super::CHUNK, front);
            assert_eq!(used, front < n, "{front}");
            assert_eq!(with, alone, "{front}");
        }
    }

    #[test]
    fn a_chunk_boundary_inside_a_definition_leaves_the_run_to_the_reading_in_order() {
        // Definitions over several lines, some of which start with `!`: with tiny chunks, many
        // boundaries fall inside one.
        let src = big_module("!60 = !{\n!61,\n!\"x\"}\n!61 = !{}\n!62 = !{\n!\"y\n!63 = !{}\"}\n");
        let alone =
            parse_in_order(src.as_bytes(), "t.ll", None).map(|m| crate::print_module(&m)).map_err(|e| e.to_string());
        assert!(alone.is_ok(), "{alone:?}");
        for front in [0, 1, 7, 14, 16, 18, 20, 24, 40] {
            let (used, with) = with_chunks(&src, 16, front);
            // Whichever thread meets a boundary inside a definition gives up the other's work.
            assert!(!used, "{front}");
            assert_eq!(with, alone, "{front}");
        }
    }
}
