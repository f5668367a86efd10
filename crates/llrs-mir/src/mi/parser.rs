//! The parser (`MIParser.cpp`): the two passes over the body (block definitions, then blocks
//! and instructions), with llc's messages at llc's positions.

use super::context::{BodyContext, MiError};
use super::lexer::{Lexer, Tk, Token};
use super::model::*;
use llrs_ir::symbol::Symbol;
use rustc_hash::FxHashMap;

/// Parser state over one body.
pub struct Parser<'s, 'c> {
    pub(super) src: &'s [u8],
    lexer: Lexer<'s>,
    pub(super) tok: Token,
    pub(super) ctx: &'c BodyContext<'c>,
    pub(super) body: Body,
    pub(super) error: Option<MiError>,
    /// Input block number → block.
    pub(super) mbb_slots: FxHashMap<u32, MbbId>,
    vreg_ids: FxHashMap<u32, VRegId>,
    vreg_names: FxHashMap<Symbol, VRegId>,
    /// Nesting of inline `!DILocation`s (`inlinedAt:`), bounded.
    pub(super) md_depth: u32,
}

/// `Err(())`: the error is in `Parser::error`.
pub type PResult<T> = Result<T, ()>;

impl<'s, 'c> Parser<'s, 'c> {
    /// A parser over `src`.
    pub fn new(src: &'s [u8], ctx: &'c BodyContext<'c>) -> Self {
        Parser {
            src,
            lexer: Lexer::new(src, 0),
            tok: Token {
                kind: Tk::Eof,
                start: 0,
                end: 0,
                sv_start: 0,
                sv_end: 0,
                quoted: false,
                num_start: 0,
                num_end: 0,
            },
            ctx,
            body: Body::default(),
            error: None,
            mbb_slots: FxHashMap::default(),
            vreg_ids: FxHashMap::default(),
            vreg_names: FxHashMap::default(),
            md_depth: 0,
        }
    }

    /// Takes the body out.
    pub fn into_body(self) -> Body {
        self.body
    }

    pub(super) fn lex(&mut self) {
        self.tok = self.lexer.next_token();
        if let Some((at, msg)) = self.lexer.error.take() {
            self.error = Some(MiError { offset: at, message: msg });
        }
    }

    /// Restarts lexing at the beginning (second pass).
    pub fn restart(&mut self) {
        self.lexer = Lexer::new(self.src, 0);
    }

    /// Moves the lexer to `pos` and lexes the next token (after text a sub-parser consumed).
    pub(super) fn relex_at(&mut self, pos: usize) {
        self.lexer.set_pos(pos);
        self.lex();
    }

    pub(super) fn error_at(&mut self, at: usize, msg: impl Into<String>) -> PResult<()> {
        self.error = Some(MiError { offset: at, message: msg.into() });
        Err(())
    }

    pub(super) fn error<T>(&mut self, msg: impl Into<String>) -> PResult<T> {
        let at = self.tok.start as usize;
        self.error_at(at, msg)?;
        Err(())
    }

    pub(super) fn is(&self, k: Tk) -> bool {
        self.tok.kind == k
    }

    pub(super) fn consume_if(&mut self, k: Tk) -> bool {
        if self.tok.kind == k {
            self.lex();
            true
        } else {
            false
        }
    }

    pub(super) fn expect_and_consume(&mut self, k: Tk) -> PResult<()> {
        if self.tok.kind != k {
            let s = match k {
                Tk::Comma => "','",
                Tk::Equal => "'='",
                Tk::Colon => "':'",
                Tk::LParen => "'('",
                Tk::RParen => "')'",
                _ => "<unknown token>",
            };
            return self.error(format!("expected {s}"));
        }
        self.lex();
        Ok(())
    }

    pub(super) fn sv(&self) -> std::borrow::Cow<'s, [u8]> {
        self.tok.string_value(self.src)
    }

    pub(super) fn text(&self) -> &'s [u8] {
        self.tok.range(self.src)
    }

    pub(super) fn intern_sv(&mut self) -> Symbol {
        let v = self.tok.string_value(self.src);
        self.body.names.intern(&v)
    }

    /// The token's integer value as an unsigned 32-bit number (`getUnsigned`).
    pub(super) fn get_unsigned(&mut self) -> PResult<u32> {
        if self.tok.kind.has_integer_value() {
            let t = self.tok.number_text(self.src);
            return match apsint_zext(t) {
                Some(v) if v <= u32::MAX as u128 => Ok(v as u32),
                _ => self.error("expected 32-bit integer (too large)"),
            };
        }
        if self.is(Tk::HexLiteral) {
            let t = self.text();
            let digits = &t[2..];
            let v = parse_hex_u128(digits);
            return match v {
                Some(v) if v <= u32::MAX as u128 => Ok(v as u32),
                _ => self.error("expected 32-bit integer (too large)"),
            };
        }
        Err(())
    }

    /// `getUint64`.
    pub(super) fn get_u64(&mut self) -> PResult<u64> {
        if self.tok.kind.has_integer_value() {
            let t = self.tok.number_text(self.src);
            return match apsint_zext(t) {
                Some(v) if v <= u64::MAX as u128 => Ok(v as u64),
                _ => self.error("expected 64-bit integer (too large)"),
            };
        }
        if self.is(Tk::HexLiteral) {
            let t = self.text();
            return match parse_hex_u128(&t[2..]) {
                Some(v) if v <= u64::MAX as u128 => Ok(v as u64),
                _ => self.error("expected 64-bit integer (too large)"),
            };
        }
        Err(())
    }

    /// The integer literal's value, signed, when it fits 64 bits.
    pub(super) fn int_value(&self) -> Option<i128> {
        let t = self.tok.number_text(self.src);
        let (neg, d) = match t.strip_prefix(b"-") {
            Some(r) => (true, r),
            None => (false, t),
        };
        let mut v: i128 = 0;
        for &c in d {
            v = v.checked_mul(10)?.checked_add((c - b'0') as i128)?;
            if v > u64::MAX as i128 {
                return None;
            }
        }
        Some(if neg { -v } else { v })
    }

    pub(super) fn int_is_signed(&self) -> bool {
        self.tok.number_text(self.src).first() == Some(&b'-')
    }

    // ---- virtual registers ----

    fn new_vreg(&mut self, v: VReg) -> VRegId {
        self.body.vregs.push(v)
    }

    /// `PFS.getVRegInfo(ID)`.
    pub(super) fn vreg_by_id(&mut self, id: u32) -> VRegId {
        if let Some(&v) = self.vreg_ids.get(&id) {
            return v;
        }
        let v = self.new_vreg(VReg { input_id: Some(id), ..VReg::default() });
        self.vreg_ids.insert(id, v);
        v
    }

    /// `PFS.getVRegInfoNamed(Name)`.
    pub(super) fn vreg_by_name(&mut self, name: Symbol) -> VRegId {
        if let Some(&v) = self.vreg_names.get(&name) {
            return v;
        }
        let v = self.new_vreg(VReg { name: Some(name), ..VReg::default() });
        self.vreg_names.insert(name, v);
        v
    }

    /// Applies the `registers:` declarations.
    pub fn declare_vregs(&mut self) {
        for d in self.ctx.vregs {
            let v = self.vreg_by_id(d.id);
            if let Some(p) = d.preferred_vreg {
                self.vreg_by_id(p);
            }
            if d.class.is_empty() {
                continue;
            }
            let sym = self.body.names.intern(d.class);
            let r = &mut self.body.vregs[v];
            r.explicit = true;
            if d.class == b"_" {
                r.kind = VRegKind::Generic;
            } else if self.ctx.target.is_reg_class(d.class) {
                r.kind = VRegKind::Normal;
                r.class = Some(sym);
            } else {
                r.kind = VRegKind::RegBank;
                r.class = Some(sym);
            }
        }
    }

    // ---- pass 1: block definitions ----

    /// `parseBasicBlockDefinitions`.
    pub fn parse_block_definitions(&mut self) -> PResult<()> {
        self.lex();
        while self.is(Tk::Newline) {
            self.lex();
        }
        if self.tok.kind.is_error_or_eof() {
            return if self.is(Tk::Error) { Err(()) } else { Ok(()) };
        }
        if !self.is(Tk::MachineBasicBlockLabel) {
            return self.error("expected a basic block definition before instructions");
        }
        let mut depth = 0u32;
        loop {
            self.parse_block_definition()?;
            let mut after_newline = false;
            loop {
                if (self.is(Tk::MachineBasicBlockLabel) && after_newline) || self.tok.kind.is_error_or_eof() {
                    break;
                } else if self.is(Tk::MachineBasicBlockLabel) {
                    return self.error("basic block definition should be located at the start of the line");
                } else if self.consume_if(Tk::Newline) {
                    after_newline = true;
                    continue;
                }
                after_newline = false;
                if self.is(Tk::LBrace) {
                    depth += 1;
                }
                if self.is(Tk::RBrace) {
                    if depth == 0 {
                        return self.error("extraneous closing brace ('}')");
                    }
                    depth -= 1;
                }
                self.lex();
            }
            if !self.is(Tk::Error) && depth != 0 {
                return self.error("expected '}'");
            }
            if self.tok.kind.is_error_or_eof() {
                break;
            }
        }
        if self.is(Tk::Error) {
            Err(())
        } else {
            Ok(())
        }
    }

    fn parse_block_definition(&mut self) -> PResult<()> {
        let id = self.get_unsigned()?;
        let loc = self.tok.start as usize;
        let name = self.sv().into_owned();
        self.lex();
        let mut b = Block { input_number: id, align: 1, ..Block::default() };
        if self.consume_if(Tk::LParen) {
            loop {
                match self.tok.kind {
                    Tk::KwMachineBlockAddressTaken => {
                        b.machine_address_taken = true;
                        self.lex();
                    }
                    Tk::KwIrBlockAddressTaken => {
                        self.lex();
                        if !self.is(Tk::IRBlock) && !self.is(Tk::NamedIRBlock) {
                            return self.error("expected basic block after 'ir_block_address_taken'");
                        }
                        b.ir_address_taken = Some(self.parse_ir_block()?);
                        self.lex();
                    }
                    Tk::KwLandingPad => {
                        b.landing_pad = true;
                        self.lex();
                    }
                    Tk::KwInlineasmBrIndirectTarget => {
                        b.inlineasm_br_target = true;
                        self.lex();
                    }
                    Tk::KwEhfuncletEntry => {
                        b.ehfunclet_entry = true;
                        self.lex();
                    }
                    Tk::KwEhscopeEntry => {
                        b.ehscope_entry = true;
                        self.lex();
                    }
                    Tk::KwAlign => {
                        b.align = self.parse_alignment()?;
                    }
                    Tk::IRBlock | Tk::NamedIRBlock => {
                        b.ir_block = Some(self.parse_ir_block()?);
                        self.lex();
                    }
                    Tk::KwBbsections => {
                        self.lex();
                        if self.is(Tk::IntegerLiteral) {
                            self.get_unsigned()?;
                            b.section = Some(self.body.names.intern(self.tok.range(self.src)));
                        } else if self.is(Tk::Identifier) && matches!(self.text(), b"Exception" | b"Cold") {
                            b.section = Some(self.body.names.intern(self.tok.range(self.src)));
                        } else {
                            return self.error("Unknown Section ID");
                        }
                        self.lex();
                    }
                    Tk::KwBbId => {
                        self.lex();
                        let base = match self.get_unsigned() {
                            Ok(v) => v,
                            Err(()) => return self.error("Unknown BB ID"),
                        };
                        self.lex();
                        let mut clone = 0;
                        if self.is(Tk::IntegerLiteral) {
                            clone = match self.get_unsigned() {
                                Ok(v) => v,
                                Err(()) => return self.error("Unknown Clone ID"),
                            };
                            self.lex();
                        }
                        b.bb_id = Some((base, clone));
                    }
                    Tk::KwCallFrameSize => {
                        self.lex();
                        if !self.is(Tk::IntegerLiteral) {
                            return self.error("expected integer literal after 'call-frame-size'");
                        }
                        b.call_frame_size = self.get_unsigned()?;
                        self.lex();
                    }
                    _ => {}
                }
                if !self.consume_if(Tk::Comma) {
                    break;
                }
            }
            self.expect_and_consume(Tk::RParen)?;
        }
        self.expect_and_consume(Tk::Colon)?;
        if !name.is_empty() {
            if !self.ctx.ir.has_block(&name) {
                let f = String::from_utf8_lossy(self.ctx.function_name).into_owned();
                let n = String::from_utf8_lossy(&name).into_owned();
                return self.error_at(loc, format!("basic block '{n}' is not defined in the function '{f}'"));
            }
            b.ir_block = Some(IrRef::Named(self.body.names.intern(&name)));
        }
        let mbb = self.body.blocks.push(b);
        if self.mbb_slots.insert(id, mbb).is_some() {
            return self.error_at(loc, format!("redefinition of machine basic block with id #{id}"));
        }
        Ok(())
    }

    pub(super) fn parse_alignment(&mut self) -> PResult<u64> {
        self.lex();
        if !self.is(Tk::IntegerLiteral) || self.int_is_signed() {
            return self.error("expected an integer literal after 'align'");
        }
        let a = self.get_u64()?;
        self.lex();
        if !a.is_power_of_two() {
            return self.error("expected a power-of-2 literal after 'align'");
        }
        Ok(a)
    }

    pub(super) fn parse_ir_block(&mut self) -> PResult<IrRef> {
        if self.is(Tk::NamedIRBlock) {
            let n = self.sv();
            if !self.ctx.ir.has_block(&n) {
                let r = String::from_utf8_lossy(self.text()).into_owned();
                return self.error(format!("use of undefined IR block '{r}'"));
            }
            return Ok(IrRef::Named(self.intern_sv()));
        }
        let slot = self.get_unsigned()?;
        if !self.ctx.ir.has_block_slot(slot) {
            return self.error(format!("use of undefined IR block '%ir-block.{slot}'"));
        }
        Ok(IrRef::Slot(slot))
    }

    // ---- pass 2: blocks ----

    /// `parseBasicBlocks`.
    pub fn parse_blocks(&mut self) -> PResult<()> {
        self.lex();
        while self.is(Tk::Newline) {
            self.lex();
        }
        if self.tok.kind.is_error_or_eof() {
            return if self.is(Tk::Error) { Err(()) } else { Ok(()) };
        }
        let mut fallthrough_from: Option<MbbId> = None;
        loop {
            let mbb = self.parse_mbb_reference()?;
            if let Some(from) = fallthrough_from.take() {
                if !self.body.blocks[from].succs.contains(&mbb) {
                    self.add_successor(from, mbb, None);
                }
                normalize(&mut self.body.blocks[from]);
            }
            fallthrough_from = self.parse_block(mbb)?;
            if self.is(Tk::Eof) {
                break;
            }
            if !self.is(Tk::MachineBasicBlockLabel) {
                return Err(());
            }
        }
        Ok(())
    }

    fn add_successor(&mut self, from: MbbId, to: MbbId, prob: Option<u32>) {
        let b = &mut self.body.blocks[from];
        b.succs.push(to);
        match (prob, &mut b.probs) {
            (Some(p), Some(v)) => v.push(p),
            (Some(p), None) => {
                // LLVM keeps no list while every probability is unknown.
                let mut v = vec![UNKNOWN_PROB; b.succs.len() - 1];
                v.push(p);
                b.probs = Some(v);
            }
            (None, Some(v)) => v.push(UNKNOWN_PROB),
            (None, None) => {}
        }
    }

    /// `parseMBBReference` (checks the name written after the number).
    pub(super) fn parse_mbb_reference(&mut self) -> PResult<MbbId> {
        let n = self.get_unsigned()?;
        let Some(&mbb) = self.mbb_slots.get(&n) else {
            return self.error(format!("use of undefined machine basic block #{n}"));
        };
        let sv = self.sv();
        if !sv.is_empty() {
            let name: &[u8] = match self.body.blocks[mbb].ir_block {
                Some(IrRef::Named(s)) => self.body.names.get(s),
                _ => b"",
            };
            if *sv != *name {
                let s = String::from_utf8_lossy(&sv).into_owned();
                return self.error(format!("the name of machine basic block #{n} isn't '{s}'"));
            }
        }
        Ok(mbb)
    }

    fn parse_block(&mut self, mbb: MbbId) -> PResult<Option<MbbId>> {
        self.lex();
        if self.consume_if(Tk::LParen) {
            while !self.is(Tk::RParen) && !self.tok.kind.is_error_or_eof() {
                self.lex();
            }
            self.consume_if(Tk::RParen);
        }
        self.consume_if(Tk::Colon);
        let mut explicit = false;
        loop {
            if self.is(Tk::KwSuccessors) {
                self.parse_successors(mbb)?;
                explicit = true;
            } else if self.is(Tk::KwLiveins) {
                self.parse_liveins(mbb)?;
            } else if self.consume_if(Tk::Newline) {
                continue;
            } else {
                break;
            }
            if !self.tok.kind.is_newline_or_eof() {
                return self.error("expected line break at the end of a list");
            }
            self.lex();
        }
        self.body.blocks[mbb].explicit_succs = explicit;
        let mut in_bundle = false;
        let mut prev: Option<MiId> = None;
        while !self.is(Tk::MachineBasicBlockLabel) && !self.is(Tk::Eof) {
            if self.consume_if(Tk::Newline) {
                continue;
            }
            if self.consume_if(Tk::RBrace) {
                in_bundle = false;
                continue;
            }
            let mi = self.parse_instruction()?;
            self.body.blocks[mbb].insts.push(mi);
            if in_bundle {
                if let Some(p) = prev {
                    self.body.insts[p].bundled_succ = true;
                }
                self.body.insts[mi].bundled_pred = true;
            }
            prev = Some(mi);
            if self.is(Tk::LBrace) {
                if in_bundle {
                    return self.error("nested instruction bundles are not allowed");
                }
                self.lex();
                self.body.insts[mi].bundled_succ = true;
                in_bundle = true;
                if !self.is(Tk::Newline) {
                    continue;
                }
            }
            if self.is(Tk::Error) {
                return Err(());
            }
            self.lex();
        }
        if explicit {
            return Ok(None);
        }
        // guessSuccessors: blocks named by operands, in order, once each (phis skipped).
        let mut guessed: Vec<MbbId> = Vec::new();
        let insts = std::mem::take(&mut self.body.blocks[mbb].insts);
        for &mi in &insts {
            let inst = &self.body.insts[mi];
            let name = inst.opcode.map(|s| self.body.names.get(s)).unwrap_or(b"");
            if name == b"PHI" || name == b"G_PHI" {
                continue;
            }
            for op in &self.body.operands[inst.ops.range()] {
                if let OpKind::Mbb(b) = op.kind {
                    if !guessed.contains(&b) {
                        guessed.push(b);
                    }
                }
            }
        }
        let fallthrough = match insts.iter().rev().find(|&&mi| !self.is_debug_instr(mi)) {
            None => true,
            Some(&mi) => !self.is_barrier(mi),
        };
        self.body.blocks[mbb].insts = insts;
        for s in guessed {
            self.add_successor(mbb, s, None);
        }
        if fallthrough {
            Ok(Some(mbb))
        } else {
            normalize(&mut self.body.blocks[mbb]);
            Ok(None)
        }
    }

    fn opcode_name(&self, mi: MiId) -> &[u8] {
        self.body.insts[mi].opcode.map(|s| self.body.names.get(s)).unwrap_or(b"")
    }

    fn is_debug_instr(&self, mi: MiId) -> bool {
        matches!(self.opcode_name(mi), b"DBG_VALUE" | b"DBG_VALUE_LIST" | b"DBG_INSTR_REF" | b"DBG_PHI" | b"DBG_LABEL")
    }

    /// Whether an instruction is a barrier: from the target's description, else LLVM's generic
    /// barriers and a few common names.
    pub(super) fn is_barrier(&self, mi: MiId) -> bool {
        let name = self.opcode_name(mi);
        if let Some(d) = self.ctx.target.desc(name) {
            return d.is_barrier;
        }
        super::print::guess_barrier(name)
    }

    fn parse_successors(&mut self, mbb: MbbId) -> PResult<()> {
        self.lex();
        self.expect_and_consume(Tk::Colon)?;
        if self.tok.kind.is_newline_or_eof() {
            return Ok(());
        }
        loop {
            if !self.is(Tk::MachineBasicBlock) {
                return self.error("expected a machine basic block reference");
            }
            let succ = self.parse_mbb_reference()?;
            self.lex();
            let mut weight = 0u32;
            if self.consume_if(Tk::LParen) {
                if !self.is(Tk::IntegerLiteral) && !self.is(Tk::HexLiteral) {
                    return self.error("expected an integer literal after '('");
                }
                weight = self.get_unsigned()?;
                self.lex();
                self.expect_and_consume(Tk::RParen)?;
            }
            self.add_successor(mbb, succ, Some(weight));
            if !self.consume_if(Tk::Comma) {
                break;
            }
        }
        normalize(&mut self.body.blocks[mbb]);
        Ok(())
    }

    fn parse_liveins(&mut self, mbb: MbbId) -> PResult<()> {
        self.lex();
        self.expect_and_consume(Tk::Colon)?;
        if self.tok.kind.is_newline_or_eof() {
            return Ok(());
        }
        loop {
            if !self.is(Tk::NamedRegister) {
                return self.error("expected a named register");
            }
            let reg = self.parse_named_register()?;
            self.lex();
            let mut mask = None;
            if self.consume_if(Tk::Colon) {
                if !self.is(Tk::IntegerLiteral) && !self.is(Tk::HexLiteral) {
                    return self.error("expected a lane mask");
                }
                match self.get_u64() {
                    Ok(v) => mask = Some(v),
                    Err(()) => return self.error("invalid lane mask value"),
                }
                self.lex();
            }
            self.body.blocks[mbb].liveins.push((reg, mask));
            if !self.consume_if(Tk::Comma) {
                break;
            }
        }
        Ok(())
    }

    /// `parseNamedRegister`: the register's name (`noreg` for register 0).
    pub(super) fn parse_named_register(&mut self) -> PResult<Symbol> {
        let name = self.sv();
        if name.is_empty() {
            // Register 0's name is empty: a lone `$` is `$noreg`.
            return Ok(self.body.names.intern(b"noreg"));
        }
        if &*name != b"noreg" && !self.ctx.target.has_register(&name) {
            let n = String::from_utf8_lossy(&name).into_owned();
            return self.error(format!("unknown register name '{n}'"));
        }
        Ok(self.body.names.intern(&name))
    }
}

/// `BranchProbability::getUnknown()`'s numerator.
pub const UNKNOWN_PROB: u32 = u32::MAX;
/// `BranchProbability::D`.
pub const PROB_D: u64 = 1 << 31;

/// `MachineBasicBlock::normalizeSuccProbs` (`BranchProbability::normalizeProbabilities`).
pub fn normalize(b: &mut Block) {
    let Some(probs) = b.probs.as_mut() else { return };
    if probs.is_empty() {
        return;
    }
    let mut unknown = 0u64;
    let mut sum = 0u64;
    for &p in probs.iter() {
        if p == UNKNOWN_PROB {
            unknown += 1;
        } else {
            sum += p as u64;
        }
    }
    if let Some(share) = (PROB_D.saturating_sub(sum)).checked_div(unknown) {
        let for_unknown = share as u32;
        for p in probs.iter_mut() {
            if *p == UNKNOWN_PROB {
                *p = for_unknown;
            }
        }
        if sum <= PROB_D {
            return;
        }
    }
    if sum == 0 {
        let n = probs.len() as u64;
        let v = ((PROB_D + n / 2) / n) as u32;
        probs.iter_mut().for_each(|p| *p = v);
        return;
    }
    for p in probs.iter_mut() {
        *p = ((*p as u64 * PROB_D + sum / 2) / sum) as u32;
    }
}

/// The zero-extended value of a decimal literal as LLVM's `APSInt(StringRef)` holds it: a
/// negative literal is kept in its minimal two's-complement width (`-1` is one bit: 1).
/// `None` when it needs more than 128 bits.
pub fn apsint_zext(t: &[u8]) -> Option<u128> {
    match t.strip_prefix(b"-") {
        None => {
            let mut v: u128 = 0;
            for &c in t {
                v = v.checked_mul(10)?.checked_add((c - b'0') as u128)?;
            }
            Some(v)
        }
        Some(d) => {
            let mut m: u128 = 0;
            for &c in d {
                m = m.checked_mul(10)?.checked_add((c - b'0') as u128)?;
            }
            if m == 0 {
                return Some(0);
            }
            if m > 1u128 << 126 {
                return None;
            }
            let x = (m as i128).wrapping_neg();
            // Significant bits of a negative number: width - leading ones + 1.
            let bits = 128 - (!x).leading_zeros() + 1;
            Some((x as u128) & (u128::MAX >> (128 - bits)))
        }
    }
}

/// Parses decimal digits into a `u64` (`None` on overflow or a non-digit).
pub fn parse_u64(d: &[u8]) -> Option<u64> {
    let mut v: u64 = 0;
    for &c in d {
        if !c.is_ascii_digit() {
            return None;
        }
        v = v.checked_mul(10)?.checked_add((c - b'0') as u64)?;
    }
    Some(v)
}

/// Parses hex digits (leading zeros allowed) into a `u128` (`None` on overflow).
pub fn parse_hex_u128(d: &[u8]) -> Option<u128> {
    let mut v: u128 = 0;
    for &c in d {
        let x = (c as char).to_digit(16)? as u128;
        if v >> 124 != 0 {
            return None;
        }
        v = v * 16 + x;
    }
    Some(v)
}
