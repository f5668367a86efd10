//! Attributes: parameter, return and function attributes, attribute groups, and the upgrades of
//! old spellings (`nocapture` → `captures(none)`, `readnone` on functions → `memory(none)`, ...).
//! The structured arguments are read in [`args`]; old string attributes are upgraded by
//! [`llrs_upgrade::upgrade_attributes`].

mod args;
#[cfg(test)]
mod tests;

use super::{GroupRefs, GroupUse, PErr, PResult, Parser};
use crate::lexer::Tok;
use llrs_ir::attributes::{Attr, AttrArg, CaptureInfo, MemoryEffects, MEMORY_LOCATIONS};
use llrs_ir::{APInt, Type};

/// Which list of attributes [`Parser::parse_attrs_into`] reads.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum AttrList {
    /// Parameter or return attributes.
    Param(AttrPos),
    /// Function attributes (with `#N` references, and `align N` when allowed).
    Func { allow_align: bool },
    /// The inside of `attributes #N = { ... }`.
    Group,
}

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
    Captures,
    NoFPClass,
    Initializes,
    AllocKind,
    Range,
    AllocSize,
    VScale,
    UwTable,
    OldMemory(u32, i8),
    NoCapture,
}

/// How the attribute `kw` is read: LLVM 22's attribute table gives the kinds and their class
/// (`Attributes.td`, see [`llrs_ir::attributes::attr_info`]); the integer attributes each have
/// their own syntax; a few old keywords are read and upgraded.
fn form(kw: &[u8]) -> Option<Form> {
    use llrs_ir::attributes::AttrClass;
    use Form::*;
    let Some(info) = llrs_ir::attributes::attr_info(kw) else {
        return Some(match kw {
            b"nocapture" => NoCapture,
            b"argmemonly" => OldMemory(1 << 0, -1),
            b"inaccessiblememonly" => OldMemory(1 << 1, -1),
            b"inaccessiblemem_or_argmemonly" => OldMemory(0b11, -1),
            _ => return None,
        });
    };
    Some(match info.class {
        AttrClass::Enum => Flag,
        AttrClass::Type => Type,
        AttrClass::Range => Range,
        AttrClass::RangeList => Initializes,
        AttrClass::Int => match kw {
            b"align" => Align,
            b"alignstack" => AlignStack,
            b"dereferenceable" | b"dereferenceable_or_null" => IntParen,
            b"memory" => Memory,
            b"captures" => Captures,
            b"nofpclass" => NoFPClass,
            b"allockind" => AllocKind,
            b"allocsize" => AllocSize,
            b"vscale_range" => VScale,
            b"uwtable" => UwTable,
            _ => return None,
        },
    })
}

/// Whether the attribute `kw` may stand on a function (the old memory keywords only may).
fn can_use_as_fn(kw: &[u8]) -> bool {
    llrs_ir::attributes::attr_info(kw)
        .map_or(matches!(kw, b"argmemonly" | b"inaccessiblememonly" | b"inaccessiblemem_or_argmemonly"), |a| a.func)
}

/// Whether the attribute `kw` may stand on a parameter (`nocapture` may).
fn can_use_as_param(kw: &[u8]) -> bool {
    llrs_ir::attributes::attr_info(kw).map_or(kw == b"nocapture", |a| a.param)
}

/// Whether the attribute `kw` may stand on a return value.
fn can_use_as_ret(kw: &[u8]) -> bool {
    llrs_ir::attributes::attr_info(kw).is_some_and(|a| a.ret)
}

/// True for keywords that may start a parameter attribute.
pub fn is_param_attr_kw(kw: &[u8]) -> bool {
    form(kw).is_some()
}

impl<'a> Parser<'a> {
    /// Parses one attribute at the current token into `out`.
    pub fn parse_one_attr(&mut self, out: &mut Vec<Attr>, pos: AttrPos) -> PResult<()> {
        match self.parse_one_attr_in(out, pos, false)? {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// Parses one attribute; `group` when inside `attributes #N = { ... }`, where the alignments
    /// are written `align=N` and `alignstack=N`. An attribute that may not stand where it is
    /// gives an error that LLVM reports only once the list is read (`HaveError`): it is
    /// returned, not raised.
    fn parse_one_attr_in(&mut self, out: &mut Vec<Attr>, pos: AttrPos, group: bool) -> PResult<Option<PErr>> {
        if self.is(Tok::Str) {
            let key = self.parse_str("expected attribute")?;
            let key = self.m.ctx.sym_bytes(&key);
            let val = if self.eat(Tok::Equal) {
                let v = self.parse_str("expected string constant")?;
                Some(self.m.ctx.sym_bytes(&v))
            } else {
                None
            };
            out.push(Attr { kind: key, arg: AttrArg::Str(val) });
            return Ok(None);
        }
        let kw = self.text();
        let Some(f) = form(kw) else {
            return self.err_here("expected attribute");
        };
        let attr_pos = self.pos();
        let n = out.len();
        self.parse_attr_body(out, pos, kw, f, group)?;
        // LLVM checks where an attribute may stand once it has read all of it.
        let old_memory = matches!(
            kw,
            b"readnone"
                | b"readonly"
                | b"writeonly"
                | b"argmemonly"
                | b"inaccessiblememonly"
                | b"inaccessiblemem_or_argmemonly"
        );
        let misplaced = match pos {
            AttrPos::Ret if !can_use_as_ret(kw) => "this attribute does not apply to return values",
            AttrPos::Param if !can_use_as_param(kw) => "this attribute does not apply to parameters",
            // `align` on a function (`align=N` in a group) is its alignment.
            AttrPos::Func if !old_memory && kw != b"align" && !can_use_as_fn(kw) => {
                "this attribute does not apply to functions"
            }
            _ => "",
        };
        if !misplaced.is_empty() {
            out.truncate(n);
            return Ok(Some(PErr { pos: attr_pos, msg: misplaced.into() }));
        }
        Ok(None)
    }

    fn parse_attr_body(
        &mut self,
        out: &mut Vec<Attr>,
        pos: AttrPos,
        kw: &'a [u8],
        f: Form,
        group: bool,
    ) -> PResult<()> {
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
                out.push(Attr { kind: k, arg: AttrArg::Captures(CaptureInfo::NONE) });
                return Ok(());
            }
            Form::IntParen if kw == b"dead_on_return" && !self.is(Tok::LParen) => AttrArg::None,
            Form::IntParen => {
                self.expect(Tok::LParen, "expected '('")?;
                let v = self.parse_uint64()?;
                self.expect(Tok::RParen, "expected ')'")?;
                AttrArg::Int(v)
            }
            Form::Align if group => {
                self.expect(Tok::Equal, "expected '=' here")?;
                let vp = self.pos();
                let v = self.parse_uint32()? as u64;
                if !v.is_power_of_two() {
                    return self.err(vp, "alignment is not a power of two");
                }
                AttrArg::Int(v)
            }
            Form::Align => AttrArg::Int(self.parse_align_value(true)?),
            Form::AlignStack if group => {
                self.expect(Tok::Equal, "expected '=' here")?;
                AttrArg::Int(self.parse_uint32()? as u64)
            }
            Form::AlignStack => {
                self.expect(Tok::LParen, "expected '('")?;
                let ap = self.pos();
                let v = self.parse_uint32()?;
                self.expect(Tok::RParen, "expected ')'")?;
                if !v.is_power_of_two() {
                    return self.err(ap, "stack alignment is not a power of two");
                }
                AttrArg::Int(v as u64)
            }
            Form::Type => {
                self.expect(Tok::LParen, "expected '('")?;
                let t = self.parse_type("expected type")?;
                self.expect(Tok::RParen, "expected ')'")?;
                AttrArg::Type(t)
            }
            Form::Memory => AttrArg::Memory(self.parse_memory_effects()?),
            Form::Captures => AttrArg::Captures(self.parse_captures()?),
            Form::NoFPClass => AttrArg::NoFPClass(self.parse_nofpclass()?),
            Form::Initializes => AttrArg::Initializes(self.parse_initializes()?),
            Form::AllocKind => AttrArg::AllocKind(self.parse_allockind()?),
            Form::UwTable => AttrArg::UwTable(self.parse_uwtable_kind()?),
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
                let a = self.parse_uint32()?;
                let b = if self.eat(Tok::Comma) { Some(self.parse_uint32()?) } else { None };
                self.expect(Tok::RParen, "expected ')'")?;
                AttrArg::AllocSize(a, b)
            }
            Form::VScale => {
                self.expect(Tok::LParen, "expected '('")?;
                let a = self.parse_uint32()?;
                let b = if self.eat(Tok::Comma) { self.parse_uint32()? } else { a };
                self.expect(Tok::RParen, "expected ')'")?;
                if a == 0 && b == 0 {
                    // `addVScaleRangeAttr` keeps nothing for all-zero arguments.
                    return Ok(());
                }
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

    /// The one loop over a list of attributes: keywords and string attributes, plus what `list`
    /// allows (group references, a function's `align N`). Stops at the first token that is none
    /// of these (in a group definition, that must be the closing `}`, left to the caller).
    fn parse_attrs_into(&mut self, list: AttrList, out: &mut Vec<Attr>, groups: &mut GroupRefs) -> PResult<u64> {
        let pos = match list {
            AttrList::Param(p) => p,
            AttrList::Func { .. } | AttrList::Group => AttrPos::Func,
        };
        let mut align = 0;
        // The last misplaced attribute's error (LLVM reads on and reports it at the end).
        let mut misplaced: Option<PErr> = None;
        loop {
            match self.tok.kind {
                Tok::Str => self.parse_one_attr(out, pos)?,
                Tok::Ident if matches!(list, AttrList::Func { allow_align: true }) && self.is_kw(b"align") => {
                    self.next();
                    align = self.parse_align_value(true)?;
                }
                // `nocapture` is no attribute kind: it ends a list of function attributes.
                Tok::Ident if pos == AttrPos::Func && self.is_kw(b"nocapture") => break,
                Tok::Ident if form(self.text()).is_some() => {
                    if let Some(e) = self.parse_one_attr_in(out, pos, list == AttrList::Group)? {
                        misplaced = Some(e);
                    }
                }
                Tok::AttrGrpId if matches!(list, AttrList::Func { .. }) => {
                    let p = self.pos();
                    groups.push((self.tok_num()?, p));
                    self.next();
                }
                Tok::AttrGrpId if list == AttrList::Group => {
                    return self.err_here("cannot have an attribute group reference in an attribute group")
                }
                Tok::RBrace => break,
                _ if list == AttrList::Group => return self.err_here("unterminated attribute group"),
                _ => break,
            }
        }
        match misplaced {
            Some(e) => Err(e),
            None => Ok(align),
        }
    }

    /// Parses parameter or return attributes (stops at the first token that is not one).
    pub fn parse_attr_list(&mut self, pos: AttrPos) -> PResult<Vec<Attr>> {
        let mut out = Vec::new();
        self.parse_attrs_into(AttrList::Param(pos), &mut out, &mut Vec::new())?;
        llrs_upgrade::upgrade_attributes(&mut self.m.ctx, &mut out);
        Ok(out)
    }

    /// Parses function attributes: keywords, string attributes and `#N` group references.
    /// Returns the attributes, the group references, and a function alignment if `align N` was seen.
    pub fn parse_fn_attrs(&mut self, allow_align: bool) -> PResult<(Vec<Attr>, GroupRefs, u64)> {
        let mut out = Vec::new();
        let mut groups = Vec::new();
        let align = self.parse_attrs_into(AttrList::Func { allow_align }, &mut out, &mut groups)?;
        Ok((out, groups, align))
    }

    /// `attributes #N = { ... }`
    pub fn parse_attr_group(&mut self) -> PResult<()> {
        let n = self.tok_num()?;
        // `#N` at top level must come after the `attributes` keyword; LLVM lexes it so.
        self.next();
        self.err_here(format!("unexpected attribute group #{n}"))
    }

    /// After the `attributes` keyword (at `at`): `parseUnnamedAttrGrp`. A group defined again
    /// takes the attributes of its last definition, as LLVM's builder is cleared for each.
    pub fn parse_attr_group_def(&mut self, at: usize) -> PResult<()> {
        if !self.is(Tok::AttrGrpId) {
            return self.err_here("expected attribute group id");
        }
        let n = self.tok_num()?;
        self.next();
        self.expect(Tok::Equal, "expected '=' here")?;
        self.expect(Tok::LBrace, "expected '{' here")?;
        let mut out = Vec::new();
        self.parse_attrs_into(AttrList::Group, &mut out, &mut Vec::new())?;
        self.next();
        if out.is_empty() {
            return self.err(at, "attribute group has no attributes");
        }
        self.attr_groups.insert(n, out);
        Ok(())
    }

    /// Applies attribute groups to everything that referenced them.
    pub fn resolve_attr_groups(&mut self) -> PResult<()> {
        let uses = std::mem::take(&mut self.group_uses);
        for (target, groups, inline) in uses {
            // The groups override the attributes written inline (LLVM merges each group into
            // them, in order); the old string attributes are upgraded in the merged set.
            let mut set = inline;
            for (g, _) in groups {
                // LLVM ignores references to groups that are never defined.
                if let Some(attrs) = self.attr_groups.get(&g) {
                    set.extend(attrs.iter().cloned());
                }
            }
            llrs_upgrade::upgrade_attributes(&mut self.m.ctx, &mut set);
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
