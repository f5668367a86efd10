//! CFI directives (`parseCFIOperand`).

use super::lexer::Tk;
use super::model::*;
use super::parser::{PResult, Parser};

impl<'s, 'c> Parser<'s, 'c> {
    fn parse_cfi_reg(&mut self) -> PResult<llrs_ir::symbol::Symbol> {
        if !self.is(Tk::NamedRegister) {
            return self.error("expected a cfi register");
        }
        let r = self.parse_named_register()?;
        self.lex();
        Ok(r)
    }

    fn parse_cfi_offset(&mut self) -> PResult<i64> {
        if !self.is(Tk::IntegerLiteral) {
            return self.error("expected a cfi offset");
        }
        let v = match self.int_value() {
            Some(v) if v >= i32::MIN as i128 && v <= i32::MAX as i128 => v as i64,
            _ => return self.error("expected a 32 bit integer (the cfi offset is too large)"),
        };
        self.lex();
        Ok(v)
    }

    pub(super) fn parse_cfi(&mut self) -> PResult<Cfi> {
        let k = self.tok.kind;
        self.lex();
        Ok(match k {
            Tk::CfiSameValue => Cfi::SameValue(self.parse_cfi_reg()?),
            Tk::CfiOffset | Tk::CfiRelOffset | Tk::CfiDefCfa => {
                let r = self.parse_cfi_reg()?;
                self.expect_and_consume(Tk::Comma)?;
                let o = self.parse_cfi_offset()?;
                match k {
                    Tk::CfiOffset => Cfi::Offset(r, o),
                    Tk::CfiRelOffset => Cfi::RelOffset(r, o),
                    _ => Cfi::DefCfa(r, o),
                }
            }
            Tk::CfiDefCfaRegister => Cfi::DefCfaRegister(self.parse_cfi_reg()?),
            Tk::CfiDefCfaOffset => Cfi::DefCfaOffset(self.parse_cfi_offset()?),
            Tk::CfiAdjustCfaOffset => Cfi::AdjustCfaOffset(self.parse_cfi_offset()?),
            Tk::CfiLlvmDefAspaceCfa => {
                let r = self.parse_cfi_reg()?;
                self.expect_and_consume(Tk::Comma)?;
                let o = self.parse_cfi_offset()?;
                self.expect_and_consume(Tk::Comma)?;
                if !self.is(Tk::IntegerLiteral) {
                    return self.error("expected a cfi address space literal");
                }
                if self.int_is_signed() {
                    return self.error("expected an unsigned integer (cfi address space)");
                }
                let a = self.int_value().unwrap_or(0) as u32;
                self.lex();
                Cfi::LlvmDefAspaceCfa(r, o, a)
            }
            Tk::CfiRememberState => Cfi::RememberState,
            Tk::CfiRestore => Cfi::Restore(self.parse_cfi_reg()?),
            Tk::CfiRestoreState => Cfi::RestoreState,
            Tk::CfiUndefined => Cfi::Undefined(self.parse_cfi_reg()?),
            Tk::CfiRegister => {
                let a = self.parse_cfi_reg()?;
                self.expect_and_consume(Tk::Comma)?;
                Cfi::Register(a, self.parse_cfi_reg()?)
            }
            Tk::CfiWindowSave => Cfi::WindowSave,
            Tk::CfiNegateRaSignState => Cfi::NegateRaSignState,
            _ => {
                let start = self.body.ints.len() as u32;
                loop {
                    if !self.is(Tk::HexLiteral) {
                        return self.error("expected a hexadecimal literal");
                    }
                    let v = self.get_unsigned()?;
                    if v > 255 {
                        return self.error("expected a 8-bit integer (too large)");
                    }
                    self.body.ints.push(v as i64);
                    self.lex();
                    if !self.consume_if(Tk::Comma) {
                        break;
                    }
                }
                Cfi::Escape(Span { start, len: self.body.ints.len() as u32 - start })
            }
        })
    }
}
