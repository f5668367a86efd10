//! Attributes: parameter, return and function attributes, attribute groups, and the upgrades of
//! old spellings (`nocapture` → `captures(none)`, `readnone` on functions → `memory(none)`, ...).

use super::{GroupUse, PResult, Parser};
use crate::lexer::Tok;
use llrs_ir::attributes::{Attr, AttrArg, MemoryEffects, MEMORY_LOCATIONS};
use llrs_ir::{APInt, Type};

/// Where an attribute list stands.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum AttrPos {
    /// On a parameter or argument.
    Param,
    /// On a return value.
    Ret,
    /// On a function or call site (or in an attribute group).
    Func,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Form {
    Flag,
    IntParen,
    Align,
    AlignStack,
    Type,
    Memory,
    Paren,
    Range,
    AllocSize,
    VScale,
    UwTable,
    OldMemory(u32, i8),
    NoCapture,
}

fn form(kw: &[u8]) -> Option<Form> {
    use Form::*;
    Some(match kw {
        b"align" => Align,
        b"alignstack" => AlignStack,
        b"dereferenceable" | b"dereferenceable_or_null" | b"dead_on_return" => IntParen,
        b"byval" | b"byref" | b"sret" | b"inalloca" | b"preallocated" | b"elementtype" => Type,
        b"memory" => Memory,
        b"captures" | b"nofpclass" | b"initializes" | b"allockind" | b"denormal_fpenv" => Paren,
        b"range" => Range,
        b"allocsize" => AllocSize,
        b"vscale_range" => VScale,
        b"uwtable" => UwTable,
        b"nocapture" => NoCapture,
        b"argmemonly" => OldMemory(1 << 0, -1),
        b"inaccessiblememonly" => OldMemory(1 << 1, -1),
        b"inaccessiblemem_or_argmemonly" => OldMemory(0b11, -1),
        b"alwaysinline"
        | b"builtin"
        | b"cold"
        | b"convergent"
        | b"disable_sanitizer_instrumentation"
        | b"fn_ret_thunk_extern"
        | b"hot"
        | b"hybrid_patchable"
        | b"immarg"
        | b"inreg"
        | b"inlinehint"
        | b"jumptable"
        | b"minsize"
        | b"mustprogress"
        | b"naked"
        | b"nest"
        | b"noalias"
        | b"nobuiltin"
        | b"nocallback"
        | b"nocf_check"
        | b"noduplicate"
        | b"nofree"
        | b"noimplicitfloat"
        | b"noinline"
        | b"nomerge"
        | b"noprofile"
        | b"norecurse"
        | b"noredzone"
        | b"noreturn"
        | b"nosanitize_bounds"
        | b"nosanitize_coverage"
        | b"nosync"
        | b"noundef"
        | b"nounwind"
        | b"nonlazybind"
        | b"nonnull"
        | b"null_pointer_is_valid"
        | b"optforfuzzing"
        | b"optdebug"
        | b"optsize"
        | b"optnone"
        | b"presplitcoroutine"
        | b"readnone"
        | b"readonly"
        | b"returned"
        | b"returns_twice"
        | b"safestack"
        | b"sanitize_address"
        | b"sanitize_hwaddress"
        | b"sanitize_memtag"
        | b"sanitize_memory"
        | b"sanitize_thread"
        | b"sanitize_numerical_stability"
        | b"sanitize_realtime"
        | b"sanitize_realtime_blocking"
        | b"sanitize_type"
        | b"sanitize_alloc_token"
        | b"shadowcallstack"
        | b"skipprofile"
        | b"speculatable"
        | b"speculative_load_hardening"
        | b"ssp"
        | b"sspreq"
        | b"sspstrong"
        | b"strictfp"
        | b"swiftasync"
        | b"swifterror"
        | b"swiftself"
        | b"willreturn"
        | b"writable"
        | b"writeonly"
        | b"zeroext"
        | b"signext"
        | b"allocalign"
        | b"allocptr"
        | b"coro_only_destroy_when_complete"
        | b"coro_elide_safe"
        | b"dead_on_unwind"
        | b"nodivergencesource"
        | b"nocreateundeforpoison"
        | b"noext"
        | b"no_callback" => Flag,
        _ => return None,
    })
}

/// Attributes that only apply to functions.
fn is_fn_only(kw: &[u8]) -> bool {
    matches!(
        kw,
        b"alwaysinline"
            | b"builtin"
            | b"cold"
            | b"convergent"
            | b"disable_sanitizer_instrumentation"
            | b"fn_ret_thunk_extern"
            | b"hot"
            | b"hybrid_patchable"
            | b"inlinehint"
            | b"jumptable"
            | b"minsize"
            | b"mustprogress"
            | b"naked"
            | b"nobuiltin"
            | b"nocallback"
            | b"nocf_check"
            | b"noduplicate"
            | b"noimplicitfloat"
            | b"noinline"
            | b"nomerge"
            | b"noprofile"
            | b"norecurse"
            | b"noredzone"
            | b"noreturn"
            | b"nosanitize_bounds"
            | b"nosanitize_coverage"
            | b"nosync"
            | b"nounwind"
            | b"nonlazybind"
            | b"null_pointer_is_valid"
            | b"optforfuzzing"
            | b"optdebug"
            | b"optsize"
            | b"optnone"
            | b"presplitcoroutine"
            | b"returns_twice"
            | b"safestack"
            | b"sanitize_address"
            | b"sanitize_hwaddress"
            | b"sanitize_memtag"
            | b"sanitize_memory"
            | b"sanitize_thread"
            | b"sanitize_numerical_stability"
            | b"sanitize_realtime"
            | b"sanitize_realtime_blocking"
            | b"sanitize_type"
            | b"shadowcallstack"
            | b"skipprofile"
            | b"speculatable"
            | b"speculative_load_hardening"
            | b"ssp"
            | b"sspreq"
            | b"sspstrong"
            | b"strictfp"
            | b"willreturn"
            | b"allockind"
            | b"allocsize"
            | b"memory"
            | b"uwtable"
            | b"vscale_range"
            | b"coro_only_destroy_when_complete"
            | b"coro_elide_safe"
            | b"argmemonly"
            | b"inaccessiblememonly"
            | b"inaccessiblemem_or_argmemonly"
    )
}

/// Attributes that only apply to parameters.
fn is_param_only(kw: &[u8]) -> bool {
    matches!(
        kw,
        b"byval"
            | b"byref"
            | b"sret"
            | b"inalloca"
            | b"preallocated"
            | b"elementtype"
            | b"nest"
            | b"returned"
            | b"swiftself"
            | b"swifterror"
            | b"swiftasync"
            | b"nocapture"
            | b"captures"
            | b"immarg"
            | b"dead_on_unwind"
            | b"writable"
            | b"initializes"
            | b"allocalign"
            | b"allocptr"
            | b"dead_on_return"
            | b"readnone"
            | b"readonly"
            | b"writeonly"
            | b"nofree"
    )
}

/// True for keywords that may start a parameter attribute.
pub fn is_param_attr_kw(kw: &[u8]) -> bool {
    form(kw).is_some()
}

impl<'a> Parser<'a> {
    /// Parses one attribute at the current token into `out`.
    pub fn parse_one_attr(&mut self, out: &mut Vec<Attr>, pos: AttrPos) -> PResult<()> {
        if self.is(Tok::Str) {
            let key = self.parse_str("expected attribute")?;
            let key = self.m.ctx.sym_bytes(&key);
            let val = if self.eat(Tok::Equal) {
                let v = self.parse_str("expected string value")?;
                Some(self.m.ctx.sym_bytes(&v))
            } else {
                None
            };
            out.push(Attr { kind: key, arg: AttrArg::Str(val) });
            return Ok(());
        }
        let kw = self.text();
        let Some(f) = form(kw) else {
            return self.err_here("expected attribute");
        };
        let attr_pos = self.pos();
        let n = out.len();
        self.parse_attr_body(out, pos, kw, f)?;
        // LLVM checks where an attribute may stand once it has read all of it.
        let misplaced = match pos {
            AttrPos::Ret if is_fn_only(kw) || is_param_only(kw) => "this attribute does not apply to return values",
            AttrPos::Param if is_fn_only(kw) => "this attribute does not apply to parameters",
            _ => "",
        };
        if !misplaced.is_empty() {
            out.truncate(n);
            return self.err(attr_pos, misplaced);
        }
        Ok(())
    }

    fn parse_attr_body(&mut self, out: &mut Vec<Attr>, pos: AttrPos, kw: &'a [u8], f: Form) -> PResult<()> {
        let kind = self.m.ctx.sym_bytes(kw);
        self.next();
        let arg = match f {
            Form::Flag => {
                if kw == b"readnone" && pos == AttrPos::Func {
                    return self.merge_old_memory(out, 0b1111_1111_1111, 0);
                }
                if kw == b"readonly" && pos == AttrPos::Func {
                    return self.merge_old_memory(out, u32::MAX, 1);
                }
                if kw == b"writeonly" && pos == AttrPos::Func {
                    return self.merge_old_memory(out, u32::MAX, 2);
                }
                AttrArg::None
            }
            Form::OldMemory(locs, _) => {
                // argmemonly & co: restrict the locations of the memory effects.
                return self.restrict_old_memory(out, locs);
            }
            Form::NoCapture => {
                let k = self.m.ctx.sym("captures");
                let t = self.m.ctx.sym("none");
                out.push(Attr { kind: k, arg: AttrArg::Text(t) });
                return Ok(());
            }
            Form::IntParen if kw == b"dead_on_return" && !self.is(Tok::LParen) => AttrArg::None,
            Form::IntParen => {
                self.expect(Tok::LParen, "expected '('")?;
                let v = self.parse_u64("expected integer")?;
                self.expect(Tok::RParen, "expected ')'")?;
                AttrArg::Int(v)
            }
            Form::Align => {
                let paren = self.eat(Tok::LParen);
                if !paren && pos == AttrPos::Func && self.is(Tok::Equal) {
                    self.next();
                }
                let vp = self.pos();
                let v = self.parse_u64("expected integer")?;
                if paren {
                    self.expect(Tok::RParen, "expected ')'")?;
                }
                if !v.is_power_of_two() {
                    return self.err(vp, "alignment is not a power of two");
                }
                AttrArg::Int(v)
            }
            Form::AlignStack => {
                let v = if self.eat(Tok::Equal) {
                    self.parse_u64("expected integer")?
                } else {
                    self.expect(Tok::LParen, "expected '('")?;
                    let v = self.parse_u64("expected integer")?;
                    self.expect(Tok::RParen, "expected ')'")?;
                    v
                };
                AttrArg::Int(v)
            }
            Form::Type => {
                self.expect(Tok::LParen, "expected '('")?;
                let t = self.parse_type("expected type")?;
                self.expect(Tok::RParen, "expected ')'")?;
                AttrArg::Type(t)
            }
            Form::Memory => AttrArg::Memory(self.parse_memory_effects()?),
            Form::Paren if kw == b"allockind" => {
                self.expect(Tok::LParen, "expected '('")?;
                let p = self.pos();
                let s = self.parse_str("expected allockind value")?;
                let mut parts = Vec::new();
                for part in s.split(|&c| c == b',') {
                    match part {
                        b"alloc" | b"realloc" | b"free" | b"uninitialized" | b"zeroed" | b"aligned" => parts.push(part),
                        b"" => {}
                        _ => return self.err(p, format!("unknown allockind {}", String::from_utf8_lossy(part))),
                    }
                }
                if parts.is_empty() {
                    return self.err(p, "expected allockind value");
                }
                self.expect(Tok::RParen, "expected ')'")?;
                let text = format!("\"{}\"", String::from_utf8_lossy(&s));
                AttrArg::Text(self.m.ctx.sym(&text))
            }
            Form::Paren => {
                self.expect(Tok::LParen, "expected '('")?;
                let text = self.collect_paren_text()?;
                let t = self.m.ctx.sym_bytes(&text);
                AttrArg::Text(t)
            }
            Form::UwTable => {
                if self.eat(Tok::LParen) {
                    let arg = match self.text() {
                        b"async" => AttrArg::None,
                        b"sync" => AttrArg::Text(self.m.ctx.sym("sync")),
                        _ => return self.err_here("expected unwind table kind"),
                    };
                    self.next();
                    self.expect(Tok::RParen, "expected ')'")?;
                    arg
                } else {
                    AttrArg::None
                }
            }
            Form::Range => {
                self.expect(Tok::LParen, "expected '('")?;
                let p = self.pos();
                let ty = self.parse_type("expected type")?;
                let bits = match self.m.ctx.type_of(ty) {
                    Type::Int(b) => *b,
                    _ => return self.err(p, "the range must have integer type!"),
                };
                let lo = self.parse_apint_lit(bits)?;
                self.expect(Tok::Comma, "expected ','")?;
                let hi = self.parse_apint_lit(bits)?;
                self.expect(Tok::RParen, "expected ')'")?;
                AttrArg::Range(ty, lo, hi)
            }
            Form::AllocSize => {
                self.expect(Tok::LParen, "expected '('")?;
                let a = self.parse_u32("expected integer")?;
                let b = if self.eat(Tok::Comma) { Some(self.parse_u32("expected integer")?) } else { None };
                self.expect(Tok::RParen, "expected ')'")?;
                AttrArg::AllocSize(a, b)
            }
            Form::VScale => {
                self.expect(Tok::LParen, "expected '('")?;
                let a = self.parse_u32("expected integer")?;
                let b = if self.eat(Tok::Comma) { self.parse_u32("expected integer")? } else { a };
                self.expect(Tok::RParen, "expected ')'")?;
                AttrArg::VScale(a, b)
            }
        };
        out.push(Attr { kind, arg });
        Ok(())
    }

    fn memory_attr_index(&mut self, out: &[Attr]) -> Option<usize> {
        let k = self.m.ctx.sym("memory");
        out.iter().position(|a| a.kind == k)
    }

    /// `readnone`/`readonly`/`writeonly` on a function: intersect with a uniform effect.
    fn merge_old_memory(&mut self, out: &mut Vec<Attr>, _mask: u32, mr: u32) -> PResult<()> {
        let k = self.m.ctx.sym("memory");
        match self.memory_attr_index(out) {
            Some(i) => {
                if let AttrArg::Memory(me) = &mut out[i].arg {
                    for l in 0..MEMORY_LOCATIONS.len() {
                        let cur = me.get(l);
                        me.set(l, cur & mr);
                    }
                }
            }
            None => out.push(Attr { kind: k, arg: AttrArg::Memory(MemoryEffects::uniform(mr)) }),
        }
        Ok(())
    }

    /// `argmemonly` & co on a function: only the given locations may be accessed.
    fn restrict_old_memory(&mut self, out: &mut Vec<Attr>, locs: u32) -> PResult<()> {
        let k = self.m.ctx.sym("memory");
        let idx = match self.memory_attr_index(out) {
            Some(i) => i,
            None => {
                out.push(Attr { kind: k, arg: AttrArg::Memory(MemoryEffects::uniform(3)) });
                out.len() - 1
            }
        };
        if let AttrArg::Memory(me) = &mut out[idx].arg {
            for l in 0..MEMORY_LOCATIONS.len() {
                let allowed = (l == 0 && locs & 1 != 0) || (l == 1 && locs & 2 != 0);
                if !allowed {
                    me.set(l, 0);
                }
            }
        }
        Ok(())
    }

    fn parse_memory_effects(&mut self) -> PResult<MemoryEffects> {
        self.expect(Tok::LParen, "expected '('")?;
        let mut me = MemoryEffects::uniform(0);
        let mut seen_default = false;
        loop {
            let loc = if self.is(Tok::Label) {
                let v = self.val().into_owned();
                let i = match v.as_slice() {
                    b"argmem" => vec![0],
                    b"inaccessiblemem" => vec![1],
                    b"errnomem" => vec![2],
                    b"target_mem0" => vec![4],
                    b"target_mem1" => vec![5],
                    b"target_mem" => vec![4, 5],
                    _ => return self.err_here("expected memory location (argmem, inaccessiblemem, errnomem)"),
                };
                self.next();
                Some(i)
            } else {
                None
            };
            let mr = match self.text() {
                b"none" => 0,
                b"read" => 1,
                b"write" => 2,
                b"readwrite" => 3,
                _ => {
                    return self.err_here(if loc.is_some() {
                        "expected access kind (none, read, write, readwrite)"
                    } else {
                        "expected memory location (argmem, inaccessiblemem, errnomem) or access kind (none, read, write, readwrite)"
                    })
                }
            };
            self.next();
            match loc {
                Some(ls) => {
                    for l in ls {
                        me.set(l, mr);
                    }
                }
                None => {
                    if seen_default {
                        return self.err_here("default access kind must be specified first");
                    }
                    seen_default = true;
                    me = MemoryEffects::uniform(mr);
                }
            }
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::RParen, "expected ')'")?;
        Ok(me)
    }

    /// Collects the tokens up to the matching ')' as canonical text (tokens joined by their
    /// source spacing normalized: a space after commas, none elsewhere).
    fn collect_paren_text(&mut self) -> PResult<Vec<u8>> {
        let mut depth = 1;
        let mut text = Vec::new();
        loop {
            match self.tok.kind {
                Tok::Eof | Tok::Error => return self.err_here("expected ')'"),
                Tok::LParen => depth += 1,
                Tok::RParen => {
                    depth -= 1;
                    if depth == 0 {
                        self.next();
                        return Ok(text);
                    }
                }
                _ => {}
            }
            let t = self.text();
            if !text.is_empty() {
                let last = *text.last().unwrap_or(&b' ');
                let needs_space =
                    last == b',' || (last != b'(' && !matches!(self.tok.kind, Tok::Comma | Tok::RParen | Tok::Colon));
                if needs_space {
                    text.push(b' ');
                }
            }
            text.extend_from_slice(t);
            self.next();
        }
    }

    /// An integer literal of `bits` width.
    pub fn parse_apint_lit(&mut self, bits: u32) -> PResult<APInt> {
        if self.is_kw(b"true") {
            self.next();
            return Ok(APInt::from_u64(bits, 1));
        }
        if self.is_kw(b"false") {
            self.next();
            return Ok(APInt::from_u64(bits, 0));
        }
        if !self.is(Tok::Int) {
            return self.err_here("expected integer");
        }
        let v = self.int_token_value(bits)?;
        self.next();
        Ok(v)
    }

    /// Parses parameter or return attributes (stops at the first token that is not one).
    pub fn parse_attr_list(&mut self, pos: AttrPos) -> PResult<Vec<Attr>> {
        let mut out = Vec::new();
        loop {
            if self.is(Tok::Str) && pos != AttrPos::Func {
                self.parse_one_attr(&mut out, pos)?;
                continue;
            }
            if self.tok.kind == Tok::Ident && form(self.text()).is_some() {
                self.parse_one_attr(&mut out, pos)?;
                continue;
            }
            break;
        }
        Ok(out)
    }

    /// Parses function attributes: keywords, string attributes and `#N` group references.
    /// Returns the attributes, the group references, and a function alignment if `align N` was seen.
    pub fn parse_fn_attrs(&mut self, allow_align: bool) -> PResult<(Vec<Attr>, super::GroupRefs, u64)> {
        let mut out = Vec::new();
        let mut groups = Vec::new();
        let mut align = 0;
        loop {
            match self.tok.kind {
                Tok::AttrGrpId => {
                    let p = self.pos();
                    groups.push((self.tok_num()?, p));
                    self.next();
                }
                Tok::Str => self.parse_one_attr(&mut out, AttrPos::Func)?,
                Tok::Ident if self.is_kw(b"align") && allow_align => {
                    self.next();
                    let v = if self.eat(Tok::LParen) {
                        let v = self.parse_u64("expected integer")?;
                        self.expect(Tok::RParen, "expected ')'")?;
                        v
                    } else {
                        self.parse_u64("expected integer")?
                    };
                    align = v;
                }
                Tok::Ident if form(self.text()).is_some() => self.parse_one_attr(&mut out, AttrPos::Func)?,
                _ => break,
            }
        }
        Ok((out, groups, align))
    }

    /// `attributes #N = { ... }`
    pub fn parse_attr_group(&mut self) -> PResult<()> {
        let n = self.tok_num()?;
        // `#N` at top level must come after the `attributes` keyword; LLVM lexes it so.
        self.next();
        self.err_here(format!("unexpected attribute group #{n}"))
    }

    /// After the `attributes` keyword.
    pub fn parse_attr_group_def(&mut self) -> PResult<()> {
        if !self.is(Tok::AttrGrpId) {
            return self.err_here("expected attribute group id");
        }
        let n = self.tok_num()?;
        self.next();
        self.expect(Tok::Equal, "expected '=' here")?;
        self.expect(Tok::LBrace, "expected '{' here")?;
        let mut out = Vec::new();
        loop {
            match self.tok.kind {
                Tok::RBrace => break,
                Tok::Str => self.parse_one_attr(&mut out, AttrPos::Func)?,
                Tok::Ident if form(self.text()).is_some() => self.parse_one_attr(&mut out, AttrPos::Func)?,
                Tok::AttrGrpId => {
                    return self.err_here("cannot have an attribute group reference in an attribute group")
                }
                _ => return self.err_here("unterminated attribute group"),
            }
        }
        self.next();
        self.attr_groups.entry(n).or_default().extend(out);
        Ok(())
    }

    /// Applies attribute groups to everything that referenced them.
    pub fn resolve_attr_groups(&mut self) -> PResult<()> {
        let uses = std::mem::take(&mut self.group_uses);
        for (target, groups, inline) in uses {
            let mut set = Vec::new();
            for (g, _) in groups {
                // LLVM ignores references to groups that are never defined.
                if let Some(attrs) = self.attr_groups.get(&g) {
                    set.extend(attrs.iter().cloned());
                }
            }
            set.extend(inline);
            let id = self.m.ctx.attrs(set);
            match target {
                GroupUse::Func(g) => {
                    let f = self.m.func_mut(g);
                    f.attrs.func = id;
                }
                GroupUse::Var(g) => self.m.globals[g].var.attrs = id,
                GroupUse::Call(g, i) => {
                    let Some(body) = self.m.func_mut(g).body.as_mut() else { continue };
                    if let llrs_ir::InstExtra::Call(c) = &mut body.insts[i].extra {
                        c.attrs.func = id;
                    }
                }
            }
        }
        Ok(())
    }
}
