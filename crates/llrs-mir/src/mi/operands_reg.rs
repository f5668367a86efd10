//! Register operands (`parseRegisterOperand`: flags, register, subregister, class or bank,
//! tie or type) and low-level types (`parseLowLevelType`).

use super::lexer::Tk;
use super::model::*;
use super::parser::{PResult, Parser};

impl<'s, 'c> Parser<'s, 'c> {
    /// `parseRegisterOperand`: flags, register, subregister, class or bank, tie or type.
    pub(super) fn parse_register_operand(&mut self, is_def: bool) -> PResult<(Operand, Option<u32>)> {
        let mut flags: u16 = if is_def { rflags::DEF } else { 0 };
        while self.tok.kind.is_register_flag() {
            let f = match self.tok.kind {
                Tk::KwImplicit => rflags::IMPLICIT,
                Tk::KwImplicitDefine => rflags::IMPLICIT | rflags::DEF,
                Tk::KwDef => rflags::DEF,
                Tk::KwDead => rflags::DEAD,
                Tk::KwKilled => rflags::KILL,
                Tk::KwUndef => rflags::UNDEF,
                Tk::KwInternal => rflags::INTERNAL,
                Tk::KwEarlyClobber => rflags::EARLY_CLOBBER,
                Tk::KwDebugUse => rflags::DEBUG,
                _ => rflags::RENAMABLE,
            };
            if flags | f == flags {
                let s = String::from_utf8_lossy(self.text()).into_owned();
                return self.error(format!("duplicate '{s}' register flag"));
            }
            flags |= f;
            self.lex();
        }
        if !self.tok.kind.is_register() {
            return self.error("expected a register after register flags");
        }
        let reg = match self.tok.kind {
            Tk::Underscore => Reg::NoReg,
            Tk::NamedRegister => {
                let s = self.parse_named_register()?;
                if self.body.names.get(s) == b"noreg" {
                    Reg::NoReg
                } else {
                    Reg::Phys(s)
                }
            }
            Tk::NamedVirtualRegister => {
                let s = self.intern_sv();
                Reg::Virt(self.vreg_by_name(s))
            }
            _ => {
                let id = self.get_unsigned()?;
                Reg::Virt(self.vreg_by_id(id))
            }
        };
        self.lex();
        let mut sub = None;
        if self.is(Tk::Dot) {
            self.lex();
            if !self.is(Tk::Identifier) {
                return self.error("expected a subregister index after '.'");
            }
            let name = self.sv();
            if !self.ctx.target.has_subreg_index(&name) {
                let n = String::from_utf8_lossy(&name).into_owned();
                return self.error(format!("use of unknown subregister index '{n}'"));
            }
            sub = Some(self.intern_sv());
            self.lex();
            if !matches!(reg, Reg::Virt(_)) {
                return self.error("subregister index expects a virtual register");
            }
        }
        if self.is(Tk::Colon) {
            let Reg::Virt(v) = reg else {
                return self.error("register class specification expects a virtual register");
            };
            self.lex();
            self.parse_class_or_bank(v)?;
        }
        let mut tied = None;
        let mut ty_written = false;
        if flags & rflags::DEF == 0 {
            if self.consume_if(Tk::LParen) {
                if self.consume_if(Tk::KwTiedDef) {
                    if !self.is(Tk::IntegerLiteral) {
                        return self.error("expected an integer literal after 'tied-def'");
                    }
                    tied = Some(self.get_unsigned()?);
                    self.lex();
                    self.expect_and_consume(Tk::RParen)?;
                } else {
                    let loc = self.tok.start as usize;
                    let ty = match self.parse_llt(loc) {
                        Ok(t) => t,
                        Err(()) => return self.error("expected tied-def or low-level type after '('"),
                    };
                    self.expect_and_consume(Tk::RParen)?;
                    self.set_vreg_type(reg, ty)?;
                    ty_written = true;
                }
            }
        } else if self.consume_if(Tk::LParen) {
            let Reg::Virt(_) = reg else {
                return self.error("unexpected type on physical register");
            };
            let loc = self.tok.start as usize;
            let ty = self.parse_llt(loc)?;
            self.expect_and_consume(Tk::RParen)?;
            self.set_vreg_type(reg, ty)?;
            ty_written = true;
        } else if let Reg::Virt(v) = reg {
            if matches!(self.body.vregs[v].kind, VRegKind::Generic | VRegKind::RegBank) {
                return self.error("generic virtual registers must have a type");
            }
        }
        if flags & rflags::DEF != 0 {
            if flags & rflags::KILL != 0 {
                return self.error("cannot have a killed def operand");
            }
        } else if flags & rflags::DEAD != 0 {
            return self.error("cannot have a dead use operand");
        }
        let op =
            Operand { kind: OpKind::Reg { reg, sub, flags, tied: None, ty_written }, target_flags: Span::default() };
        Ok((op, tied))
    }

    fn set_vreg_type(&mut self, reg: Reg, ty: Llt) -> PResult<()> {
        let Reg::Virt(v) = reg else { return Ok(()) };
        if let Some(old) = self.body.vregs[v].ty {
            if old != ty {
                return self.error("inconsistent type for generic virtual register");
            }
        }
        // The class a NORMAL register had comes back in `setupRegisterInfo`: keep it.
        self.body.vregs[v].ty = Some(ty);
        Ok(())
    }

    fn parse_class_or_bank(&mut self, v: VRegId) -> PResult<()> {
        if !self.is(Tk::Identifier) && !self.is(Tk::Underscore) {
            return self.error("expected '_', register class, or register bank name");
        }
        let loc = self.tok.start as usize;
        let name = self.sv();
        let sym = self.body.names.intern(&name);
        let target = self.ctx.target;
        if &*name != b"_" && target.is_reg_class(&name) {
            self.lex();
            let r = self.body.vregs[v];
            match r.kind {
                VRegKind::Unknown | VRegKind::Normal => {
                    if r.explicit && r.class != Some(sym) {
                        let prev = r.class.map(|c| {
                            String::from_utf8_lossy(target.reg_class_spelling(self.body.names.get(c))).into_owned()
                        });
                        return self.error_at(
                            loc,
                            format!("conflicting register classes, previously: {}", prev.unwrap_or_default()),
                        );
                    }
                    let r = &mut self.body.vregs[v];
                    r.kind = VRegKind::Normal;
                    r.class = Some(sym);
                    r.explicit = true;
                    return Ok(());
                }
                _ => return self.error_at(loc, "register class specification on generic register"),
            }
        }
        let bank = if &*name != b"_" {
            if !target.is_reg_bank(&name) {
                return self.error_at(loc, "expected '_', register class, or register bank name");
            }
            Some(sym)
        } else {
            None
        };
        self.lex();
        let r = self.body.vregs[v];
        match r.kind {
            VRegKind::Normal => self.error_at(loc, "register bank specification on normal register"),
            _ => {
                if r.explicit && r.class != bank {
                    return self.error_at(loc, "conflicting generic register banks");
                }
                let r = &mut self.body.vregs[v];
                r.kind = if bank.is_some() { VRegKind::RegBank } else { VRegKind::Generic };
                r.class = bank;
                r.explicit = true;
                Ok(())
            }
        }
    }

    /// `parseLowLevelType`.
    pub(super) fn parse_llt(&mut self, loc: usize) -> PResult<Llt> {
        let text = self.text();
        let first = text.first().copied().unwrap_or(0);
        if first == b's' || first == b'p' {
            let digits = &text[1..];
            if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
                return self.error("expected integers after 's'/'p' type character");
            }
            let v = super::parser::parse_u64(digits).unwrap_or(u64::MAX);
            let t = if first == b's' {
                if v == 0 {
                    Llt::Token
                } else if v > 0xffff {
                    return self.error("invalid size for scalar type");
                } else {
                    Llt::Scalar(v as u32)
                }
            } else {
                if v >= 1 << 24 {
                    return self.error("invalid address space number");
                }
                Llt::Pointer(v as u32, self.ctx.ir.pointer_bits(v as u32))
            };
            self.lex();
            return Ok(t);
        }
        if !self.is(Tk::Less) {
            self.error_at(
                loc,
                "expected sN, pA, <M x sN>, <M x pA>, <vscale x M x sN>, or <vscale x M x pA> for GlobalISel type",
            )?;
        }
        self.lex();
        let scalable = self.is(Tk::Identifier) && self.text() == b"vscale";
        if scalable {
            self.lex();
            if !self.is(Tk::Identifier) || self.text() != b"x" {
                return self.error("expected <vscale x M x sN> or <vscale x M x pA>");
            }
            self.lex();
        }
        let vec_err = |p: &mut Self| -> PResult<Llt> {
            let m = if scalable {
                "expected <vscale x M x sN> or <vscale M x pA> for vector type"
            } else {
                "expected <M x sN> or <M x pA> for vector type"
            };
            p.error_at(loc, m)?;
            Err(())
        };
        if !self.is(Tk::IntegerLiteral) {
            return vec_err(self);
        }
        let n = self.int_value().unwrap_or(0);
        if n <= 0 || n > 0xffff {
            return self.error("invalid number of vector elements");
        }
        self.lex();
        if !self.is(Tk::Identifier) || self.text() != b"x" {
            return vec_err(self);
        }
        self.lex();
        let text = self.text();
        let first = text.first().copied().unwrap_or(0);
        if first != b's' && first != b'p' {
            return vec_err(self);
        }
        let digits = &text[1..];
        if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
            return self.error("expected integers after 's'/'p' type character");
        }
        let v = super::parser::parse_u64(digits).unwrap_or(u64::MAX);
        let elt = if first == b's' {
            if v == 0 || v > 0xffff {
                return self.error("invalid size for scalar element in vector");
            }
            LltElt::Scalar(v as u32)
        } else {
            if v >= 1 << 24 {
                return self.error("invalid address space number");
            }
            LltElt::Pointer(v as u32, self.ctx.ir.pointer_bits(v as u32))
        };
        self.lex();
        if !self.is(Tk::Greater) {
            return vec_err(self);
        }
        self.lex();
        Ok(Llt::Vector(n as u32, scalable, elt))
    }
}
