//! Instructions (`MIParser::parse`): defs, flags, opcode, operands, trailing attributes and
//! memory operands; the implicit-operand check and register ties.

use super::lexer::Tk;
use super::model::*;
use super::parser::{PResult, Parser};

/// One parsed operand with where it began and ended (`ParsedMachineOperand`).
pub(super) struct Parsed {
    pub op: Operand,
    pub begin: usize,
    pub end: usize,
    pub tied_def: Option<u32>,
}

impl<'s, 'c> Parser<'s, 'c> {
    /// `MIParser::parse(MachineInstr *&)`.
    pub(super) fn parse_instruction(&mut self) -> PResult<MiId> {
        let mut ops: Vec<Parsed> = Vec::new();
        while self.tok.kind.is_register() || self.tok.kind.is_register_flag() {
            let begin = self.tok.start as usize;
            let (op, tied) = self.parse_register_operand(true)?;
            ops.push(Parsed { op, begin, end: self.tok.start as usize, tied_def: tied });
            if !self.is(Tk::Comma) {
                break;
            }
            self.lex();
        }
        if !ops.is_empty() {
            self.expect_and_consume(Tk::Equal)?;
        }
        if self.is(Tk::Error) {
            return Err(());
        }
        let mut inst = Inst::default();
        loop {
            let f = match self.tok.kind {
                Tk::KwFrameSetup => iflags::FRAME_SETUP,
                Tk::KwFrameDestroy => iflags::FRAME_DESTROY,
                Tk::KwNnan => iflags::NNAN,
                Tk::KwNinf => iflags::NINF,
                Tk::KwNsz => iflags::NSZ,
                Tk::KwArcp => iflags::ARCP,
                Tk::KwContract => iflags::CONTRACT,
                Tk::KwAfn => iflags::AFN,
                Tk::KwReassoc => iflags::REASSOC,
                Tk::KwNuw => iflags::NUW,
                Tk::KwNsw => iflags::NSW,
                Tk::KwExact => iflags::EXACT,
                Tk::KwNofpexcept => iflags::NOFPEXCEPT,
                Tk::KwUnpredictable => iflags::UNPREDICTABLE,
                Tk::KwNoconvergent => iflags::NOCONVERGENT,
                Tk::KwNneg => iflags::NNEG,
                Tk::KwDisjoint => iflags::DISJOINT,
                Tk::KwNusw => iflags::NUSW,
                Tk::KwSamesign => iflags::SAMESIGN,
                Tk::KwInbounds => iflags::INBOUNDS,
                Tk::KwNomerge => iflags::NOMERGE,
                _ => break,
            };
            inst.flags |= f;
            self.lex();
        }
        if !self.is(Tk::Identifier) {
            return self.error("expected a machine instruction");
        }
        let name = self.sv();
        if !self.ctx.target.has_opcode(&name) {
            let n = String::from_utf8_lossy(&name).into_owned();
            return self.error(format!("unknown machine instruction name '{n}'"));
        }
        let opcode = self.body.names.intern(&name);
        inst.opcode = Some(opcode);
        if &*name == b"PHI" || &*name == b"G_PHI" {
            self.body.has_phis = true;
        }
        self.lex();
        while !self.tok.kind.is_newline_or_eof()
            && !matches!(
                self.tok.kind,
                Tk::KwPreInstrSymbol
                    | Tk::KwPostInstrSymbol
                    | Tk::KwHeapAllocMarker
                    | Tk::KwPcsections
                    | Tk::KwMmra
                    | Tk::KwCfiType
                    | Tk::KwDeactivationSymbol
                    | Tk::KwDebugLocation
                    | Tk::KwDebugInstrNumber
                    | Tk::ColonColon
                    | Tk::LBrace
            )
        {
            let begin = self.tok.start as usize;
            let (op, tied) = self.parse_operand_and_target_flags()?;
            ops.push(Parsed { op, begin, end: self.tok.start as usize, tied_def: tied });
            if self.tok.kind.is_newline_or_eof() || self.is(Tk::ColonColon) || self.is(Tk::LBrace) {
                break;
            }
            if !self.is(Tk::Comma) {
                return self.error("expected ',' before the next machine operand");
            }
            self.lex();
        }
        if self.is(Tk::KwPreInstrSymbol) {
            inst.pre_symbol = Some(self.parse_instr_symbol()?);
        }
        if self.is(Tk::KwPostInstrSymbol) {
            inst.post_symbol = Some(self.parse_instr_symbol()?);
        }
        if self.is(Tk::KwHeapAllocMarker) {
            inst.heap_alloc_marker = Some(self.parse_trailing_md("heap-alloc-marker")?);
        }
        if self.is(Tk::KwPcsections) {
            inst.pcsections = Some(self.parse_trailing_md("pcsections")?);
        }
        if self.is(Tk::KwMmra) {
            inst.mmra = Some(self.parse_trailing_md("mmra")?);
        }
        if self.is(Tk::KwCfiType) {
            self.lex();
            if !self.is(Tk::IntegerLiteral) {
                return self.error("expected an integer literal after 'cfi-type'");
            }
            inst.cfi_type = self.get_unsigned()?;
            self.lex();
            self.consume_if(Tk::Comma);
        }
        if self.is(Tk::KwDeactivationSymbol) {
            self.lex();
            if !self.is(Tk::NamedGlobalValue) && !self.is(Tk::GlobalValue) {
                return self.error("expected a global value after 'deactivation-symbol'");
            }
            inst.deactivation_symbol = Some(self.parse_global_value()?);
            self.lex();
            self.consume_if(Tk::Comma);
        }
        if self.is(Tk::KwDebugInstrNumber) {
            self.lex();
            if !self.is(Tk::IntegerLiteral) {
                return self.error("expected an integer literal after 'debug-instr-number'");
            }
            inst.instr_num = self.get_unsigned()?;
            self.lex();
            self.consume_if(Tk::Comma);
        }
        if self.is(Tk::KwDebugLocation) {
            self.lex();
            let md = if self.is(Tk::Exclaim) {
                self.parse_md_node()?
            } else if self.is(Tk::MdDilocation) {
                self.parse_dilocation()?
            } else {
                return self.error("expected a metadata node after 'debug-location'");
            };
            inst.debug_loc = Some(md);
        }
        let mstart = self.body.memops.len() as u32;
        if self.is(Tk::ColonColon) {
            self.lex();
            while !self.tok.kind.is_newline_or_eof() {
                let m = self.parse_mem_operand()?;
                self.body.memops.push(m);
                if self.tok.kind.is_newline_or_eof() {
                    break;
                }
                if !self.is(Tk::Comma) {
                    return self.error("expected ',' before the next machine memory operand");
                }
                self.lex();
            }
        }
        inst.memops = Span { start: mstart, len: self.body.memops.len() as u32 - mstart };
        let desc = self.ctx.target.desc(self.body.names.get(opcode));
        self.verify_implicit_operands(&desc, &ops)?;
        self.add_operands(&mut inst, opcode, &desc, ops)?;
        Ok(self.body.insts.push(inst))
    }

    fn parse_instr_symbol(&mut self) -> PResult<llrs_ir::symbol::Symbol> {
        self.lex();
        if !self.is(Tk::MCSymbol) {
            return self.error("expected a symbol after 'pre-instr-symbol'");
        }
        let s = self.intern_sv();
        self.lex();
        self.trailing_comma()?;
        Ok(s)
    }

    fn trailing_comma(&mut self) -> PResult<()> {
        if self.tok.kind.is_newline_or_eof() || self.is(Tk::ColonColon) || self.is(Tk::LBrace) {
            return Ok(());
        }
        if !self.is(Tk::Comma) {
            return self.error("expected ',' before the next machine operand");
        }
        self.lex();
        Ok(())
    }

    fn parse_trailing_md(&mut self, _what: &str) -> PResult<MdRef> {
        // `parseMDNode` takes the token after the keyword as its `!` without checking it.
        self.lex();
        let md = self.parse_md_node()?;
        self.trailing_comma()?;
        Ok(md)
    }

    /// `verifyImplicitOperands`, when the target describes the opcode.
    fn verify_implicit_operands(&mut self, desc: &Option<super::target::InstrDesc<'_>>, ops: &[Parsed]) -> PResult<()> {
        let Some(desc) = desc else { return Ok(()) };
        if desc.variadic || desc.is_call {
            return Ok(());
        }
        let expected =
            desc.implicit_defs.iter().map(|r| (*r, true)).chain(desc.implicit_uses.iter().map(|r| (*r, false)));
        for (reg, is_def) in expected {
            let found = ops.iter().any(|p| match p.op.kind {
                OpKind::Reg { reg: Reg::Phys(s), sub: None, flags, .. } => {
                    p.op.target_flags.len == 0
                        && self.body.names.get(s) == reg
                        && ((flags & rflags::DEF) != 0) == is_def
                }
                _ => false,
            });
            if found {
                continue;
            }
            let at = ops.last().map(|p| p.end).unwrap_or(self.tok.start as usize);
            let kw = if is_def { "implicit-def" } else { "implicit" };
            let r = String::from_utf8_lossy(reg).into_owned();
            return self.error_at(at, format!("missing implicit register operand '{kw} ${r}'"));
        }
        Ok(())
    }

    /// `MachineInstr::addOperand` for each operand (explicit operands before implicit ones,
    /// ties and early-clobbers from the description), then `assignRegisterTies`.
    fn add_operands(
        &mut self,
        inst: &mut Inst,
        opcode: llrs_ir::symbol::Symbol,
        desc: &Option<super::target::InstrDesc<'_>>,
        parsed: Vec<Parsed>,
    ) -> PResult<()> {
        let name = self.body.names.get(opcode);
        let is_inline_asm = name == b"INLINEASM" || name == b"INLINEASM_BR";
        let mut ops: Vec<Operand> = Vec::with_capacity(parsed.len());
        let mut order: Vec<usize> = Vec::with_capacity(parsed.len());
        for (i, p) in parsed.iter().enumerate() {
            let is_imp = matches!(p.op.kind, OpKind::Reg { flags, .. } if flags & rflags::IMPLICIT != 0);
            let mut at = ops.len();
            if !is_imp && !is_inline_asm {
                while at > 0 && matches!(ops[at - 1].kind, OpKind::Reg { flags, .. } if flags & rflags::IMPLICIT != 0) {
                    at -= 1;
                }
            }
            ops.insert(at, p.op);
            order.insert(at, i);
            if let (Some(d), OpKind::Reg { flags, .. }) = (desc, p.op.kind) {
                if (at as u32) < d.num_operands {
                    if flags & rflags::DEF == 0 {
                        if let Some(&t) = d.tied_to.get(at) {
                            if t >= 0 && (t as usize) < ops.len() {
                                tie(&mut ops, t as usize, at);
                            }
                        }
                    }
                    if d.early_clobber.get(at).copied().unwrap_or(false) {
                        if let OpKind::Reg { flags, .. } = &mut ops[at].kind {
                            *flags |= rflags::EARLY_CLOBBER;
                        }
                    }
                }
            }
        }
        // assignRegisterTies, with the parsed indices.
        let e = parsed.len();
        let mut pairs: Vec<(usize, usize)> = Vec::new();
        for (i, p) in parsed.iter().enumerate() {
            let Some(def) = p.tied_def else { continue };
            let def = def as usize;
            if def >= e {
                return self.error_at(
                    p.begin,
                    format!("use of invalid tied-def operand index '{def}'; instruction has only {e} operands"),
                );
            }
            let ok = matches!(parsed[def].op.kind, OpKind::Reg { flags, .. } if flags & rflags::DEF != 0);
            if !ok {
                return self.error_at(
                    p.begin,
                    format!(
                        "use of invalid tied-def operand index '{def}'; the operand #{def} isn't a defined register"
                    ),
                );
            }
            if pairs.iter().any(|&(d, _)| d == def) {
                return self.error_at(
                    p.begin,
                    format!("the tied-def operand #{def} is already tied with another register operand"),
                );
            }
            pairs.push((def, i));
        }
        for (d, u) in pairs {
            let pos = |x: usize| order.iter().position(|&o| o == x);
            if let (Some(d), Some(u)) = (pos(d), pos(u)) {
                tie(&mut ops, d, u);
            }
        }
        let start = self.body.operands.len() as u32;
        self.body.operands.extend_from_slice(&ops);
        inst.ops = Span { start, len: ops.len() as u32 };
        Ok(())
    }
}

fn tie(ops: &mut [Operand], def: usize, usei: usize) {
    if let OpKind::Reg { tied, .. } = &mut ops[def].kind {
        *tied = Some(usei as u16);
    }
    if let OpKind::Reg { tied, .. } = &mut ops[usei].kind {
        *tied = Some(def as u16);
    }
}
