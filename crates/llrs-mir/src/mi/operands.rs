//! Machine operands (`parseMachineOperand` and the parsers it dispatches to).

use super::lexer::Tk;
use super::model::*;
use super::parser::{PResult, Parser};
use llrs_ir::types::FloatKind;

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

    /// `parseMachineOperandAndTargetFlags`.
    pub(super) fn parse_operand_and_target_flags(&mut self) -> PResult<(Operand, Option<u32>)> {
        let mut tf = Span::default();
        let has_tf = self.is(Tk::KwTargetFlags);
        if has_tf {
            self.lex();
            self.expect_and_consume(Tk::LParen)?;
            let start = self.body.syms.len() as u32;
            loop {
                if !self.is(Tk::Identifier) {
                    return self.error("expected the name of the target flag");
                }
                let name = self.sv();
                if !self.ctx.target.is_target_flag(&name) {
                    let n = String::from_utf8_lossy(&name).into_owned();
                    return self.error(format!("use of undefined target flag '{n}'"));
                }
                let s = self.body.names.intern(&name);
                self.body.syms.push(s);
                self.lex();
                if !self.consume_if(Tk::Comma) {
                    break;
                }
                if self.is(Tk::Identifier) {
                    let name = self.sv();
                    if !self.ctx.target.is_bitmask_target_flag(&name) {
                        let n = String::from_utf8_lossy(&name).into_owned();
                        return self.error(format!("use of undefined target flag '{n}'"));
                    }
                }
            }
            self.expect_and_consume(Tk::RParen)?;
            tf = Span { start, len: self.body.syms.len() as u32 - start };
        }
        let loc = self.tok.start as usize;
        let (mut op, tied) = self.parse_machine_operand()?;
        if has_tf {
            if matches!(op.kind, OpKind::Reg { .. }) {
                self.error_at(loc, "register operands can't have target flags")?;
            }
            op.target_flags = tf;
        }
        Ok((op, tied))
    }

    fn op(kind: OpKind) -> Operand {
        Operand { kind, target_flags: Span::default() }
    }

    /// `parseMachineOperand`.
    fn parse_machine_operand(&mut self) -> PResult<(Operand, Option<u32>)> {
        let k = self.tok.kind;
        if k.is_register() || k.is_register_flag() {
            return self.parse_register_operand(false);
        }
        let kind = match k {
            Tk::IntegerLiteral => {
                let Some(v) = self.int_value() else {
                    return self.error("integer literal is too large to be an immediate operand");
                };
                if v < i64::MIN as i128 {
                    return self.error("integer literal is too large to be an immediate operand");
                }
                self.lex();
                OpKind::Imm(v as i64)
            }
            Tk::KwHalf | Tk::KwBfloat | Tk::KwFloat | Tk::KwDouble | Tk::KwX86Fp80 | Tk::KwFp128 | Tk::KwPpcFp128 => {
                self.parse_fp_imm()?
            }
            Tk::MachineBasicBlock => {
                let b = self.parse_mbb_reference()?;
                self.lex();
                OpKind::Mbb(b)
            }
            Tk::StackObject => {
                let (id, name) = self.parse_stack_object()?;
                OpKind::Stack(id, name)
            }
            Tk::FixedStackObject => OpKind::FixedStack(self.parse_fixed_stack_object()?),
            Tk::GlobalValue | Tk::NamedGlobalValue => {
                let g = self.parse_global_value()?;
                self.lex();
                OpKind::Global(g, self.parse_offset()?)
            }
            Tk::ConstantPoolItem => {
                let id = self.get_unsigned()?;
                if let Some(c) = self.ctx.constants {
                    if !c.contains(&id) {
                        return self.error(format!("use of undefined constant '%const.{id}'"));
                    }
                }
                self.lex();
                OpKind::ConstPool(id, self.parse_offset()?)
            }
            Tk::JumpTableIndex => {
                let id = self.get_unsigned()?;
                if let Some(c) = self.ctx.jump_tables {
                    if !c.contains(&id) {
                        return self.error(format!("use of undefined jump table '%jump-table.{id}'"));
                    }
                }
                self.lex();
                OpKind::JumpTable(id)
            }
            Tk::ExternalSymbol => {
                let s = self.intern_sv();
                self.lex();
                OpKind::ExtSym(s, self.parse_offset()?)
            }
            Tk::MCSymbol => {
                let s = self.intern_sv();
                self.lex();
                OpKind::McSym(s, self.parse_offset()?)
            }
            Tk::SubRegisterIndex => {
                let name = self.sv();
                if !self.ctx.target.has_subreg_index(&name) {
                    let n = String::from_utf8_lossy(&name).into_owned();
                    return self.error(format!("unknown subregister index '{n}'"));
                }
                let s = self.intern_sv();
                self.lex();
                OpKind::SubRegIdx(s)
            }
            Tk::Exclaim => OpKind::Metadata(self.parse_md_node()?),
            Tk::MdDiexpr => OpKind::Metadata(self.parse_diexpression()?),
            Tk::CfiSameValue
            | Tk::CfiOffset
            | Tk::CfiRelOffset
            | Tk::CfiDefCfaRegister
            | Tk::CfiDefCfaOffset
            | Tk::CfiAdjustCfaOffset
            | Tk::CfiEscape
            | Tk::CfiDefCfa
            | Tk::CfiLlvmDefAspaceCfa
            | Tk::CfiRegister
            | Tk::CfiRememberState
            | Tk::CfiRestore
            | Tk::CfiRestoreState
            | Tk::CfiUndefined
            | Tk::CfiWindowSave
            | Tk::CfiNegateRaSignState => OpKind::Cfi(self.parse_cfi()?),
            Tk::KwBlockaddress => self.parse_block_address()?,
            Tk::KwIntrinsic => self.parse_intrinsic()?,
            Tk::KwTargetIndex => {
                self.lex();
                self.expect_and_consume(Tk::LParen)?;
                if !self.is(Tk::Identifier) {
                    return self.error("expected the name of the target index");
                }
                let name = self.sv();
                if !self.ctx.target.is_target_index(&name) {
                    let n = String::from_utf8_lossy(&name).into_owned();
                    return self.error(format!("use of undefined target index '{n}'"));
                }
                let s = self.intern_sv();
                self.lex();
                self.expect_and_consume(Tk::RParen)?;
                OpKind::TargetIndex(s, self.parse_offset()?)
            }
            Tk::KwLiveout => {
                self.lex();
                self.expect_and_consume(Tk::LParen)?;
                let start = self.body.syms.len() as u32;
                loop {
                    if !self.is(Tk::NamedRegister) {
                        return self.error("expected a named register");
                    }
                    let r = self.parse_named_register()?;
                    self.body.syms.push(r);
                    self.lex();
                    if !self.consume_if(Tk::Comma) {
                        break;
                    }
                }
                self.expect_and_consume(Tk::RParen)?;
                OpKind::LiveOut(Span { start, len: self.body.syms.len() as u32 - start })
            }
            Tk::KwFloatpred | Tk::KwIntpred => self.parse_predicate()?,
            Tk::KwShufflemask => self.parse_shuffle_mask()?,
            Tk::KwDbgInstrRef => self.parse_dbg_instr_ref()?,
            Tk::Error => return Err(()),
            Tk::Identifier => {
                let name = self.sv();
                if self.ctx.target.is_reg_mask(&name) {
                    let s = self.body.names.intern(&name);
                    self.lex();
                    OpKind::RegMask(s)
                } else if &*name == b"CustomRegMask" {
                    self.parse_custom_reg_mask()?
                } else {
                    self.parse_typed_imm()?
                }
            }
            _ => return self.error("expected a machine operand"),
        };
        Ok((Self::op(kind), None))
    }

    pub(super) fn parse_stack_object(&mut self) -> PResult<(u32, Option<llrs_ir::symbol::Symbol>)> {
        let id = self.get_unsigned()?;
        let mut name = None;
        let sv = self.sv();
        if !sv.is_empty() {
            name = Some(self.body.names.intern(&sv));
        }
        if let Some(objs) = self.ctx.stack_objects {
            let Some(o) = objs.iter().find(|o| o.id == id) else {
                return self.error(format!("use of undefined stack object '%stack.{id}'"));
            };
            let sv = self.sv();
            if !sv.is_empty() && *sv != *o.name {
                let s = String::from_utf8_lossy(&sv).into_owned();
                return self.error(format!("the name of the stack object '%stack.{id}' isn't '{s}'"));
            }
            name = (!o.name.is_empty()).then(|| self.body.names.intern(o.name));
        }
        self.lex();
        Ok((id, name))
    }

    fn parse_fixed_stack_object(&mut self) -> PResult<u32> {
        let id = self.get_unsigned()?;
        if let Some(objs) = self.ctx.fixed_stack_objects {
            if !objs.contains(&id) {
                return self.error(format!("use of undefined fixed stack object '%fixed-stack.{id}'"));
            }
        }
        self.lex();
        Ok(id)
    }

    /// `parseGlobalValue` (the token stays).
    pub(super) fn parse_global_value(&mut self) -> PResult<IrRef> {
        if self.is(Tk::NamedGlobalValue) {
            let n = self.sv();
            if !self.ctx.ir.has_global(&n) {
                let r = String::from_utf8_lossy(self.text()).into_owned();
                return self.error(format!("use of undefined global value '{r}'"));
            }
            return Ok(IrRef::Named(self.intern_sv()));
        }
        let n = self.get_unsigned()?;
        if !self.ctx.ir.has_global_slot(n) {
            return self.error(format!("use of undefined global value '@{n}'"));
        }
        Ok(IrRef::Slot(n))
    }

    /// `parseOffset`: ` + N` / ` - N`.
    pub(super) fn parse_offset(&mut self) -> PResult<i64> {
        if !self.is(Tk::Plus) && !self.is(Tk::Minus) {
            return Ok(0);
        }
        let neg = self.is(Tk::Minus);
        let sign = if neg { "-" } else { "+" };
        self.lex();
        if !self.is(Tk::IntegerLiteral) {
            return self.error(format!("expected an integer literal after '{sign}'"));
        }
        let v = match self.int_value() {
            Some(v) if v >= i64::MIN as i128 && v <= i64::MAX as i128 => v as i64,
            _ => return self.error("expected 64-bit integer (too large)"),
        };
        self.lex();
        Ok(if neg { v.wrapping_neg() } else { v })
    }

    /// `parseMDNode`: `!N`.
    pub(super) fn parse_md_node(&mut self) -> PResult<MdRef> {
        let loc = self.tok.start as usize;
        self.lex();
        if !self.is(Tk::IntegerLiteral) || self.int_is_signed() {
            return self.error("expected metadata id after '!'");
        }
        let id = self.get_unsigned()?;
        if !self.ctx.ir.has_metadata(id) {
            self.error_at(loc, format!("use of undefined metadata '!{id}'"))?;
        }
        self.lex();
        Ok(MdRef::Num(id))
    }

    fn parse_fp_imm(&mut self) -> PResult<OpKind> {
        let loc = self.tok.start as usize;
        let kind = match self.tok.kind {
            Tk::KwHalf => FloatKind::Half,
            Tk::KwBfloat => FloatKind::BFloat,
            Tk::KwFloat => FloatKind::Float,
            Tk::KwDouble => FloatKind::Double,
            Tk::KwX86Fp80 => FloatKind::X86Fp80,
            Tk::KwFp128 => FloatKind::Fp128,
            _ => FloatKind::PpcFp128,
        };
        self.lex();
        if !self.is(Tk::FloatingPointLiteral) && !self.is(Tk::HexLiteral) {
            return self.error("expected a floating point literal");
        }
        let text = self.text();
        let bits = super::float::decode(kind, text);
        let Some(bits) = bits else {
            let at = self.tok.start as usize;
            let _ = loc;
            self.error_at(at, "floating point constant invalid for type")?;
            return Err(());
        };
        let sym = self.body.names.intern(text);
        self.lex();
        Ok(OpKind::FpImm(FpImm { kind, bits: Some(bits), text: sym }))
    }

    fn parse_typed_imm(&mut self) -> PResult<OpKind> {
        let text = self.text();
        let first = text.first().copied().unwrap_or(0);
        if first != b'i' && first != b's' && first != b'p' {
            return self.error("a typed immediate operand should start with one of 'i', 's', or 'p'");
        }
        let digits = &text[1..];
        if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
            return self.error("expected integers after 'i'/'s'/'p' type character");
        }
        let loc = self.tok.start as usize;
        let width = super::parser::parse_u64(digits).unwrap_or(0);
        self.lex();
        let is_bool = self.is(Tk::Identifier) && matches!(self.text(), b"true" | b"false");
        if !self.is(Tk::IntegerLiteral) && !is_bool {
            return self.error("expected an integer literal");
        }
        if first != b'i' {
            self.error_at(loc, "expected type")?;
        }
        if width == 0 || width > (1 << 23) {
            {
                self.error_at(loc, "expected type")?;
                return Err(());
            }
        }
        let v: i128 = if self.is(Tk::Identifier) {
            if width != 1 {
                return self.error("integer constant must have integer type");
            }
            (self.text() == b"true") as i128
        } else {
            match self.int_value() {
                Some(v) => v,
                None => {
                    let t = self.body.names.intern(self.text());
                    self.lex();
                    return Ok(OpKind::CImmBig(width as u32, t));
                }
            }
        };
        self.lex();
        let w = width as u32;
        let v = if w < 127 {
            let m = (1i128 << w) - 1;
            let x = v & m;
            if x >> (w - 1) & 1 == 1 {
                x - (1i128 << w)
            } else {
                x
            }
        } else {
            v
        };
        Ok(OpKind::CImm(w, v))
    }

    fn parse_block_address(&mut self) -> PResult<OpKind> {
        self.lex();
        self.expect_and_consume(Tk::LParen)?;
        if !self.is(Tk::GlobalValue) && !self.is(Tk::NamedGlobalValue) {
            return self.error("expected a global value");
        }
        let f = self.parse_global_value()?;
        if let IrRef::Named(s) = f {
            let n = self.body.names.get(s).to_vec();
            if !self.ctx.ir.is_function(&n) {
                return self.error("expected an IR function reference");
            }
        }
        self.lex();
        self.expect_and_consume(Tk::Comma)?;
        if !self.is(Tk::IRBlock) && !self.is(Tk::NamedIRBlock) {
            return self.error("expected an IR block reference");
        }
        let fname: Vec<u8> = match f {
            IrRef::Named(s) => self.body.names.get(s).to_vec(),
            IrRef::Slot(_) => Vec::new(),
        };
        let b = if self.is(Tk::NamedIRBlock) {
            let n = self.sv();
            if !fname.is_empty() && !self.ctx.ir.has_block_in(&fname, &n, None) {
                let r = String::from_utf8_lossy(self.text()).into_owned();
                return self.error(format!("use of undefined IR block '{r}'"));
            }
            IrRef::Named(self.intern_sv())
        } else {
            let n = self.get_unsigned()?;
            if !fname.is_empty() && !self.ctx.ir.has_block_in(&fname, b"", Some(n)) {
                return self.error(format!("use of undefined IR block '%ir-block.{n}'"));
            }
            IrRef::Slot(n)
        };
        self.lex();
        self.expect_and_consume(Tk::RParen)?;
        Ok(OpKind::BlockAddress(f, b, self.parse_offset()?))
    }

    fn parse_intrinsic(&mut self) -> PResult<OpKind> {
        self.lex();
        if !self.consume_if(Tk::LParen) {
            return self.error("expected syntax intrinsic(@llvm.whatever)");
        }
        if !self.is(Tk::NamedGlobalValue) {
            return self.error("expected syntax intrinsic(@llvm.whatever)");
        }
        let name = self.sv().into_owned();
        self.lex();
        if !self.consume_if(Tk::RParen) {
            return self.error("expected ')' to terminate intrinsic name");
        }
        let Some(id) = llrs_ir::intrinsics::lookup(&name) else {
            return self.error("unknown intrinsic name");
        };
        // The base name: the shortest prefix (at a '.') that names the same intrinsic.
        let mut base: &[u8] = &name;
        while let Some(dot) = base.iter().rposition(|&c| c == b'.') {
            if dot <= 5 {
                break;
            }
            let shorter = &base[..dot];
            if llrs_ir::intrinsics::lookup(shorter) == Some(id) {
                base = shorter;
            } else {
                break;
            }
        }
        Ok(OpKind::Intrinsic(self.body.names.intern(base)))
    }

    fn parse_predicate(&mut self) -> PResult<OpKind> {
        let is_float = self.is(Tk::KwFloatpred);
        self.lex();
        if !self.consume_if(Tk::LParen) {
            return self.error("expected syntax intpred(whatever) or floatpred(whatever");
        }
        if !self.is(Tk::Identifier) {
            return self.error("whatever");
        }
        let name = self.text();
        const F: [&[u8]; 16] = [
            b"false", b"oeq", b"ogt", b"oge", b"olt", b"ole", b"one", b"ord", b"uno", b"ueq", b"ugt", b"uge", b"ult",
            b"ule", b"une", b"true",
        ];
        const I: [&[u8]; 10] = [b"eq", b"ne", b"sgt", b"sge", b"slt", b"sle", b"ugt", b"uge", b"ult", b"ule"];
        if is_float && !F.contains(&name) {
            return self.error("invalid floating-point predicate");
        }
        if !is_float && !I.contains(&name) {
            return self.error("invalid integer predicate");
        }
        let s = self.body.names.intern(name);
        self.lex();
        if !self.consume_if(Tk::RParen) {
            return self.error("predicate should be terminated by ')'.");
        }
        Ok(OpKind::Predicate(is_float, s))
    }

    fn parse_shuffle_mask(&mut self) -> PResult<OpKind> {
        self.lex();
        if !self.consume_if(Tk::LParen) {
            return self.error("expected syntax shufflemask(<integer or undef>, ...)");
        }
        let start = self.body.ints.len() as u32;
        loop {
            if self.is(Tk::KwUndef) {
                self.body.ints.push(-1);
            } else if self.is(Tk::IntegerLiteral) {
                let v = self.int_value().unwrap_or(0) as i32;
                self.body.ints.push(v as i64);
            } else {
                return self.error("expected integer constant");
            }
            self.lex();
            if !self.consume_if(Tk::Comma) {
                break;
            }
        }
        if !self.consume_if(Tk::RParen) {
            return self.error("shufflemask should be terminated by ')'.");
        }
        Ok(OpKind::ShuffleMask(Span { start, len: self.body.ints.len() as u32 - start }))
    }

    fn parse_dbg_instr_ref(&mut self) -> PResult<OpKind> {
        self.lex();
        if !self.consume_if(Tk::LParen) {
            return self.error("expected syntax dbg-instr-ref(<unsigned>, <unsigned>)");
        }
        if !self.is(Tk::IntegerLiteral) || self.int_is_signed() {
            return self.error("expected unsigned integer for instruction index");
        }
        let a = self.int_value().unwrap_or(0) as u32;
        self.lex();
        if !self.consume_if(Tk::Comma) {
            return self.error("expected syntax dbg-instr-ref(<unsigned>, <unsigned>)");
        }
        if !self.is(Tk::IntegerLiteral) || self.int_is_signed() {
            return self.error("expected unsigned integer for operand index");
        }
        let b = self.int_value().unwrap_or(0) as u32;
        self.lex();
        if !self.consume_if(Tk::RParen) {
            return self.error("expected syntax dbg-instr-ref(<unsigned>, <unsigned>)");
        }
        Ok(OpKind::DbgInstrRef(a, b))
    }

    fn parse_custom_reg_mask(&mut self) -> PResult<OpKind> {
        self.lex();
        self.expect_and_consume(Tk::LParen)?;
        let start = self.body.syms.len() as u32;
        loop {
            if !self.is(Tk::RParen) {
                if !self.is(Tk::NamedRegister) {
                    return self.error("expected a named register");
                }
                let r = self.parse_named_register()?;
                self.body.syms.push(r);
                self.lex();
            }
            if !self.consume_if(Tk::Comma) {
                break;
            }
        }
        self.expect_and_consume(Tk::RParen)?;
        Ok(OpKind::CustomRegMask(Span { start, len: self.body.syms.len() as u32 - start }))
    }

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

    fn parse_cfi(&mut self) -> PResult<Cfi> {
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
