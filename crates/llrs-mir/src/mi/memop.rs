//! Memory operands (`parseMachineMemoryOperand`).

use super::lexer::Tk;
use super::model::*;
use super::parser::{PResult, Parser};

impl<'s, 'c> Parser<'s, 'c> {
    /// `parseMachineMemoryOperand`: `(flags load/store scope orderings (type) from ptr, ...)`.
    pub(super) fn parse_mem_operand(&mut self) -> PResult<MemOperand> {
        self.expect_and_consume(Tk::LParen)?;
        let mut m = MemOperand {
            flags: 0,
            target_flags: [None; 3],
            sync_scope: None,
            ordering: 0,
            failure_ordering: 0,
            ty: None,
            ptr: PtrInfo::None,
            offset: 0,
            base_align: 1,
            addrspace: 0,
            tbaa: None,
            scope: None,
            noalias: None,
            range: None,
            noalias_addrspace: None,
        };
        while self.tok.kind.is_memory_operand_flag() {
            let old = (m.flags, m.target_flags);
            match self.tok.kind {
                Tk::KwVolatile => m.flags |= mflags::VOLATILE,
                Tk::KwNonTemporal => m.flags |= mflags::NON_TEMPORAL,
                Tk::KwDereferenceable => m.flags |= mflags::DEREFERENCEABLE,
                Tk::KwInvariant => m.flags |= mflags::INVARIANT,
                _ => {
                    let name = self.sv();
                    if !self.ctx.target.is_mmo_flag(&name) {
                        let n = String::from_utf8_lossy(&name).into_owned();
                        return self.error(format!("use of undefined target MMO flag '{n}'"));
                    }
                    let s = self.body.names.intern(&name);
                    if !m.target_flags.contains(&Some(s)) {
                        if let Some(slot) = m.target_flags.iter_mut().find(|f| f.is_none()) {
                            *slot = Some(s);
                        }
                    }
                }
            }
            if old == (m.flags, m.target_flags) {
                let s = String::from_utf8_lossy(&self.sv()).into_owned();
                return self.error(format!("duplicate '{s}' memory operand flag"));
            }
            self.lex();
        }
        if !self.is(Tk::Identifier) || !matches!(self.text(), b"load" | b"store") {
            return self.error("expected 'load' or 'store' memory operation");
        }
        m.flags |= if self.text() == b"load" { mflags::LOAD } else { mflags::STORE };
        self.lex();
        if self.is(Tk::Identifier) && self.text() == b"store" {
            m.flags |= mflags::STORE;
            self.lex();
        }
        if self.is(Tk::Identifier) && self.text() == b"syncscope" {
            self.lex();
            if !self.consume_if(Tk::LParen) {
                return self.error("expected '(' in syncscope");
            }
            if !self.is(Tk::StringConstant) {
                return self.error("expected string constant");
            }
            m.sync_scope = Some(self.intern_sv());
            self.lex();
            if !self.consume_if(Tk::RParen) {
                return self.error("expected ')' in syncscope");
            }
        }
        m.ordering = self.parse_ordering()?;
        m.failure_ordering = self.parse_ordering()?;
        if !self.is(Tk::IntegerLiteral) && !self.is(Tk::KwUnknownSize) && !self.is(Tk::LParen) {
            return self
                .error("expected memory LLT, the size integer literal or 'unknown-size' after memory operation");
        }
        if self.is(Tk::IntegerLiteral) {
            let size = self.get_u64()?;
            m.ty = Some(Llt::Scalar(size.wrapping_mul(8) as u32));
            self.lex();
        } else if self.is(Tk::KwUnknownSize) {
            self.lex();
        } else {
            self.expect_and_consume(Tk::LParen)?;
            let loc = self.tok.start as usize;
            m.ty = Some(self.parse_llt(loc)?);
            self.expect_and_consume(Tk::RParen)?;
        }
        if self.is(Tk::Identifier) {
            let word: &[u8] = if m.flags & mflags::LOAD != 0 && m.flags & mflags::STORE != 0 {
                b"on"
            } else if m.flags & mflags::LOAD != 0 {
                b"from"
            } else {
                b"into"
            };
            if self.text() != word {
                let w = String::from_utf8_lossy(word).into_owned();
                return self.error(format!("expected '{w}'"));
            }
            self.lex();
            self.parse_pointer_info(&mut m)?;
        }
        m.base_align = match m.ty {
            Some(t) => t.size_bits().div_ceil(8).max(1).next_power_of_two(),
            None => 1,
        };
        while self.consume_if(Tk::Comma) {
            match self.tok.kind {
                Tk::KwAlign => {
                    let a = self.parse_alignment()?;
                    if m.offset & (a as i64 - 1) != 0 {
                        return self.error("specified alignment is more aligned than offset");
                    }
                    m.base_align = a;
                }
                Tk::KwBasealign => m.base_align = self.parse_alignment()?,
                Tk::KwAddrspace => {
                    self.lex();
                    if !self.is(Tk::IntegerLiteral) || self.int_is_signed() {
                        return self.error("expected an integer literal after 'addrspace'");
                    }
                    m.addrspace = self.get_unsigned()?;
                    self.lex();
                }
                Tk::MdTbaa | Tk::MdAliasScope | Tk::MdNoalias | Tk::MdRange | Tk::MdNoaliasAddrspace => {
                    let k = self.tok.kind;
                    self.lex();
                    if !self.is(Tk::Exclaim) {
                        return self.error("expected metadata id after '!'");
                    }
                    let MdRef::Num(n) = self.parse_md_node()? else { return Err(()) };
                    match k {
                        Tk::MdTbaa => m.tbaa = Some(n),
                        Tk::MdAliasScope => m.scope = Some(n),
                        Tk::MdNoalias => m.noalias = Some(n),
                        Tk::MdNoaliasAddrspace => m.noalias_addrspace = Some(n),
                        _ => m.range = Some(n),
                    }
                }
                _ => return self.error(
                    "expected 'align' or '!tbaa' or '!alias.scope' or '!noalias' or '!range' or '!noalias.addrspace'",
                ),
            }
        }
        self.expect_and_consume(Tk::RParen)?;
        Ok(m)
    }

    fn parse_ordering(&mut self) -> PResult<u8> {
        if !self.is(Tk::Identifier) {
            return Ok(0);
        }
        let o = match self.text() {
            b"unordered" => 1,
            b"monotonic" => 2,
            b"acquire" => 4,
            b"release" => 5,
            b"acq_rel" => 6,
            b"seq_cst" => 7,
            _ => return self.error("expected an atomic scope, ordering or a size specification"),
        };
        self.lex();
        Ok(o)
    }

    fn parse_pointer_info(&mut self, m: &mut MemOperand) -> PResult<()> {
        let psv = match self.tok.kind {
            Tk::KwStack => Some(Psv::Stack),
            Tk::KwGot => Some(Psv::Got),
            Tk::KwJumpTable => Some(Psv::JumpTable),
            Tk::KwConstantPool => Some(Psv::ConstantPool),
            _ => None,
        };
        if let Some(p) = psv {
            self.lex();
            m.ptr = PtrInfo::Pseudo(p);
            m.offset = self.parse_offset()?;
            return Ok(());
        }
        match self.tok.kind {
            Tk::FixedStackObject => {
                let id = self.get_unsigned()?;
                if let Some(objs) = self.ctx.fixed_stack_objects {
                    if !objs.contains(&id) {
                        return self.error(format!("use of undefined fixed stack object '%fixed-stack.{id}'"));
                    }
                }
                self.lex();
                m.ptr = PtrInfo::Pseudo(Psv::FixedStack(id));
                m.offset = self.parse_offset()?;
                return Ok(());
            }
            Tk::StackObject => {
                let (id, name) = self.parse_stack_object()?;
                m.ptr = PtrInfo::Pseudo(Psv::StackObject(id, name));
                m.offset = self.parse_offset()?;
                return Ok(());
            }
            Tk::KwCallEntry => {
                self.lex();
                let p = match self.tok.kind {
                    Tk::GlobalValue | Tk::NamedGlobalValue => Psv::GlobalCallEntry(self.parse_global_value()?),
                    Tk::ExternalSymbol => Psv::ExternalCallEntry(self.intern_sv()),
                    _ => return self.error("expected a global value or an external symbol after 'call-entry'"),
                };
                self.lex();
                m.ptr = PtrInfo::Pseudo(p);
                m.offset = self.parse_offset()?;
                return Ok(());
            }
            Tk::KwCustom => {
                self.lex();
                let s = self.intern_sv();
                self.lex();
                m.ptr = PtrInfo::Pseudo(Psv::Custom(s));
                m.offset = self.parse_offset()?;
                return Ok(());
            }
            _ => {}
        }
        m.ptr = match self.tok.kind {
            Tk::NamedIRValue => {
                let n = self.sv();
                if !self.ctx.ir.has_value(&n) {
                    let r = String::from_utf8_lossy(self.text()).into_owned();
                    return self.error(format!("use of undefined IR value '{r}'"));
                }
                if !self.ctx.ir.is_pointer_value(&n) {
                    return self.error("expected a pointer IR value");
                }
                PtrInfo::IrValue(IrRef::Named(self.intern_sv()))
            }
            Tk::IRValue => {
                let n = self.get_unsigned()?;
                if !self.ctx.ir.has_value_slot(n) {
                    let r = String::from_utf8_lossy(self.text()).into_owned();
                    return self.error(format!("use of undefined IR value '{r}'"));
                }
                if !self.ctx.ir.is_pointer_value_slot(n) {
                    return self.error("expected a pointer IR value");
                }
                PtrInfo::IrValue(IrRef::Slot(n))
            }
            Tk::GlobalValue | Tk::NamedGlobalValue => PtrInfo::Global(self.parse_global_value()?),
            Tk::QuotedIRValue => {
                // The constant's type comes first: only pointers (`ptr`, `ptr addrspace(N)`).
                let v = self.sv();
                let printed = match self.ctx.ir.constant(&v) {
                    Ok(p) => p,
                    Err((off, msg)) => {
                        // llc adds the column to the position of the backquote.
                        let at = self.tok.start as usize + off;
                        self.error_at(at, msg)?;
                        return Err(());
                    }
                };
                let is_ptr = printed.strip_prefix(b"ptr").is_some_and(|r| r.first().is_none_or(|&c| c == b' '));
                if !is_ptr {
                    return self.error("expected a pointer IR value");
                }
                let norm = normalize_constant(&printed);
                PtrInfo::Constant(self.body.names.intern(&norm))
            }
            Tk::KwUnknownAddress => PtrInfo::None,
            _ => return self.error("expected an IR value reference"),
        };
        self.lex();
        m.offset = self.parse_offset()?;
        Ok(())
    }
}

/// The spacing LLVM prints a constant with: one blank between tokens, none after `(`, `[`, `<`,
/// `{` or before `)`, `]`, `>`, `}`, `,`, and one after `,` (quoted strings kept as written).
/// The constant itself is kept as written otherwise (LLVM reprints it from its value).
fn normalize_constant(v: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(v.len());
    let mut i = 0;
    let mut pending_space = false;
    while i < v.len() {
        let c = v[i];
        if c == b' ' || c == b'\t' || c == b'\n' || c == b'\r' {
            pending_space = true;
            i += 1;
            continue;
        }
        let closes = matches!(c, b')' | b']' | b'>' | b'}' | b',');
        let after_open = matches!(out.last(), Some(b'(' | b'[' | b'<' | b'{') | None);
        if (pending_space && !closes && !after_open) || (out.last() == Some(&b',') && !closes) {
            out.push(b' ');
        }
        pending_space = false;
        if c == b'"' {
            let end = v[i + 1..].iter().position(|&x| x == b'"').map_or(v.len(), |p| i + 2 + p);
            out.extend_from_slice(&v[i..end]);
            i = end;
            continue;
        }
        out.push(c);
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn constants_spaced_as_llvm() {
        assert_eq!(
            super::normalize_constant(b"ptr addrspace(257) getelementptr (ptr ,  ptr addrspace( 257 ) null ,i32 31)"),
            b"ptr addrspace(257) getelementptr (ptr, ptr addrspace(257) null, i32 31)".to_vec()
        );
    }
}
