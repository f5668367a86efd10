//! The printer (`MIRPrinter.cpp`'s `printMBB`/`printMI`, `MachineOperand::print`,
//! `MachineMemOperand::print`): the body text as llc prints it, before YAML indentation.

use super::model::*;
use super::target::TargetInfo;
use llrs_ir::symbol::Symbol;
use std::fmt::Write;

/// What the printer needs besides the body.
pub struct PrintContext<'a> {
    /// The target.
    pub target: &'a dyn TargetInfo,
    /// Stack objects' printed ids and names by their input id (`None`: the parsed id, and the
    /// name the YAML declared, else the name written).
    pub stack_object: Option<&'a dyn Fn(u32) -> (u32, Vec<u8>)>,
    /// Fixed stack objects' printed ids by their input id.
    pub fixed_stack_object: Option<&'a dyn Fn(u32) -> u32>,
    /// How `!N` prints (`None`: as `!N`): llc prints metadata with the numbers its IR printer
    /// gives them, or inline for nodes it does not number (a `DILocation` only the body uses).
    pub metadata: Option<&'a dyn Fn(u32) -> String>,
}

/// Whether an opcode is a barrier, guessed from its name when the target is not described:
/// returns, unconditional branches, traps and tail calls of the five corpus targets.
pub fn guess_barrier(name: &[u8]) -> bool {
    const NAMES: &[&[u8]] = &[
        b"RET",
        b"RET64",
        b"RET32",
        b"RETQ",
        b"RETL",
        b"JMP_1",
        b"JMP_4",
        b"JMP64r",
        b"JMP32r",
        b"JMP64m",
        b"TRAP",
        b"UD2",
        b"TCRETURNdi64",
        b"TCRETURNri64",
        b"TCRETURNmi64",
        b"TAILJMPd64",
        b"TAILJMPr64",
        b"G_BR",
        b"G_BRINDIRECT",
        b"G_BRJT",
        b"RET_ReallyLR",
        b"RET",
        b"B",
        b"BR",
        b"TCRETURNdi",
        b"TCRETURNri",
        b"BRK",
        b"PseudoRET",
        b"PseudoBR",
        b"PseudoBRIND",
        b"PseudoTAIL",
        b"PseudoTAILIndirect",
        b"SI_RETURN",
        b"SI_RETURN_TO_EPILOG",
        b"S_BRANCH",
        b"S_ENDPGM",
        b"S_SETPC_B64_return",
        b"SI_TCRETURN",
        b"BX_RET",
        b"tBX_RET",
        b"MOVPCLR",
        b"tB",
        b"t2B",
        b"BX",
        b"tBX",
        b"TCRETURNdi",
        b"TAILJMPd",
        b"TAILJMPr",
        b"tTAILJMPd",
        b"tTAILJMPr",
        b"tTAILJMPdND",
        b"BR_JTr",
        b"BR_JTm_i12",
        b"BR_JTadd",
        b"tBR_JTr",
        b"t2BR_JT",
        b"LDMIA_RET",
        b"t2LDMIA_RET",
        b"tPOP_RET",
        b"RETL",
        b"ERET",
        b"UDF",
        b"PseudoCALLReg",
        b"SI_RETURN_TO_EPILOG",
        b"JMP",
        b"EH_RETURN",
        b"EH_RETURN64",
        b"PseudoJump",
        b"S_SETPC_B64",
    ];
    NAMES.contains(&name)
}

/// Writes `name` as LLVM's `printLLVMNameWithoutPrefix` does.
pub fn write_name(out: &mut String, name: &[u8]) {
    let simple = !name.is_empty()
        && !name[0].is_ascii_digit()
        && name.iter().all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_'));
    if simple {
        out.push_str(&String::from_utf8_lossy(name));
        return;
    }
    out.push('"');
    for &c in name {
        if (0x20..0x7f).contains(&c) && c != b'\\' && c != b'"' {
            out.push(c as char);
        } else {
            let _ = write!(out, "\\{c:02X}");
        }
    }
    out.push('"');
}

/// The printer's state over one body.
pub(super) struct P<'a> {
    pub(super) b: &'a Body,
    pub(super) cx: &'a PrintContext<'a>,
    pub(super) out: String,
    pub(super) has_def: Vec<bool>,
}

/// Prints a body as llc prints it (the text of `body: |`, not indented).
pub fn print_body(body: &Body, cx: &PrintContext<'_>) -> String {
    let mut has_def = vec![false; body.vregs.len()];
    for op in &body.operands {
        if let OpKind::Reg { reg: Reg::Virt(v), flags, .. } = op.kind {
            if flags & rflags::DEF != 0 {
                if let Some(x) = has_def.get_mut(v.0 as usize) {
                    *x = true;
                }
            }
        }
    }
    let mut p = P { b: body, cx, out: String::with_capacity(body.operands.len() * 12 + 64), has_def };
    let mut first = true;
    for (id, _) in body.blocks.iter() {
        if !first {
            p.out.push('\n');
        }
        first = false;
        p.block(id);
    }
    p.out
}

impl<'a> P<'a> {
    pub(super) fn name(&self, s: Symbol) -> &'a [u8] {
        self.b.names.get(s)
    }
    pub(super) fn push_bytes(&mut self, s: &[u8]) {
        self.out.push_str(&String::from_utf8_lossy(s));
    }
    pub(super) fn push_sym(&mut self, s: Symbol) {
        let n = self.name(s);
        self.push_bytes(n);
    }

    fn block(&mut self, id: MbbId) {
        let b = &self.b.blocks[id];
        let _ = write!(self.out, "bb.{}", id.0);
        let mut has_attrs = false;
        match b.ir_block {
            Some(IrRef::Named(s)) => {
                self.out.push('.');
                self.push_sym(s);
            }
            Some(IrRef::Slot(n)) => {
                has_attrs = true;
                let _ = write!(self.out, " (%ir-block.{n}");
            }
            None => {}
        }
        let mut attr = |p: &mut Self, text: &str| {
            p.out.push_str(if has_attrs { ", " } else { " (" });
            p.out.push_str(text);
            has_attrs = true;
        };
        if b.machine_address_taken {
            attr(self, "machine-block-address-taken");
        }
        if let Some(r) = b.ir_address_taken {
            attr(self, "ir-block-address-taken ");
            self.ir_block_ref(r);
        }
        if b.landing_pad {
            attr(self, "landing-pad");
        }
        if b.inlineasm_br_target {
            attr(self, "inlineasm-br-indirect-target");
        }
        if b.ehfunclet_entry {
            attr(self, "ehfunclet-entry");
        }
        if b.ehscope_entry {
            attr(self, "ehscope-entry");
        }
        if b.align > 1 {
            attr(self, &format!("align {}", b.align));
        }
        if let Some(s) = b.section {
            let n = String::from_utf8_lossy(self.name(s)).into_owned();
            if n != "0" {
                attr(self, &format!("bbsections {n}"));
            }
        }
        // `bb_id` is parsed but not kept by llc's default options (no basic-block address map):
        // it is not printed.
        if b.call_frame_size != 0 {
            attr(self, &format!("call-frame-size {}", b.call_frame_size));
        }
        if has_attrs {
            self.out.push(')');
        }
        self.out.push_str(":\n");
        let mut line_attrs = false;
        if !b.succs.is_empty() || !self.can_predict_successors(id) {
            self.out.push_str("  successors:");
            if !b.succs.is_empty() {
                self.out.push(' ');
            }
            let n = b.succs.len() as u64;
            for (i, s) in b.succs.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                let prob = match &b.probs {
                    None => ((super::parser::PROB_D + n / 2) / n) as u32,
                    Some(v) => {
                        let p = v.get(i).copied().unwrap_or(0);
                        if p == super::parser::UNKNOWN_PROB {
                            let known: Vec<u32> =
                                v.iter().copied().filter(|&x| x != super::parser::UNKNOWN_PROB).collect();
                            let sum: u64 = known.iter().map(|&x| x as u64).sum::<u64>().min(super::parser::PROB_D);
                            let unk = (v.len() - known.len()) as u64;
                            ((super::parser::PROB_D - sum) / unk.max(1)) as u32
                        } else {
                            p
                        }
                    }
                };
                let _ = write!(self.out, "%bb.{}(0x{:08x})", s.0, prob);
            }
            self.out.push('\n');
            line_attrs = true;
        }
        if !b.liveins.is_empty() {
            self.out.push_str("  liveins: ");
            for (i, &(r, mask)) in b.liveins.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.out.push('$');
                self.push_sym(r);
                if let Some(m) = mask {
                    if m != u64::MAX {
                        let _ = write!(self.out, ":0x{m:016X}");
                    }
                }
            }
            self.out.push('\n');
            line_attrs = true;
        }
        if line_attrs && !b.insts.is_empty() {
            self.out.push('\n');
        }
        let mut in_bundle = false;
        for &mi in &b.insts {
            let inst = &self.b.insts[mi];
            if in_bundle && !inst.bundled_pred {
                self.out.push_str("  }\n");
                in_bundle = false;
            }
            self.out.push_str(if in_bundle { "    " } else { "  " });
            self.inst(mi);
            if !in_bundle && inst.bundled_succ {
                self.out.push_str(" {");
                in_bundle = true;
            }
            self.out.push('\n');
        }
        if in_bundle {
            self.out.push_str("  }\n");
        }
    }

    fn is_barrier(&self, mi: MiId) -> bool {
        let name = self.b.insts[mi].opcode.map(|s| self.name(s)).unwrap_or(b"");
        match self.cx.target.desc(name) {
            Some(d) => d.is_barrier,
            None => guess_barrier(name),
        }
    }

    fn can_predict_successors(&self, id: MbbId) -> bool {
        let b = &self.b.blocks[id];
        let mut guessed: Vec<MbbId> = Vec::new();
        for &mi in &b.insts {
            let inst = &self.b.insts[mi];
            let name = inst.opcode.map(|s| self.name(s)).unwrap_or(b"");
            if name == b"PHI" || name == b"G_PHI" {
                continue;
            }
            for op in &self.b.operands[inst.ops.range()] {
                if let OpKind::Mbb(t) = op.kind {
                    if !guessed.contains(&t) {
                        guessed.push(t);
                    }
                }
            }
        }
        let last = b.insts.iter().rev().find(|&&mi| {
            let n = self.b.insts[mi].opcode.map(|s| self.name(s)).unwrap_or(b"");
            !n.starts_with(b"DBG_")
        });
        let fallthrough = last.is_none_or(|&mi| !self.is_barrier(mi));
        if fallthrough {
            let next = MbbId(id.0 + 1);
            if (next.0 as usize) < self.b.blocks.len() && !guessed.contains(&next) {
                guessed.push(next);
            }
        }
        guessed == b.succs
    }

    pub(super) fn ir_block_ref(&mut self, r: IrRef) {
        self.ir_ref("%ir-block.", r);
    }

    pub(super) fn global(&mut self, r: IrRef) {
        self.ir_ref("@", r);
    }

    /// `prefix` then the name (quoted where needed) or the slot number.
    pub(super) fn ir_ref(&mut self, prefix: &str, r: IrRef) {
        self.out.push_str(prefix);
        match r {
            IrRef::Named(s) => {
                let n = self.name(s);
                write_name(&mut self.out, n);
            }
            IrRef::Slot(n) => {
                let _ = write!(self.out, "{n}");
            }
        }
    }

    pub(super) fn md_num(&mut self, n: u32) {
        match self.cx.metadata {
            Some(f) => self.out.push_str(&f(n)),
            None => {
                let _ = write!(self.out, "!{n}");
            }
        }
    }

    pub(super) fn md(&mut self, m: MdRef) {
        match m {
            MdRef::Num(n) => self.md_num(n),
            MdRef::Inline(s) => self.push_sym(s),
        }
    }

    pub(super) fn offset(&mut self, o: i64) {
        if o < 0 {
            let _ = write!(self.out, " - {}", (o as i128).unsigned_abs());
        } else if o > 0 {
            let _ = write!(self.out, " + {o}");
        }
    }

    fn inst(&mut self, mi: MiId) {
        let inst = &self.b.insts[mi];
        let ops = &self.b.operands[inst.ops.range()];
        let opname = inst.opcode.map(|s| self.name(s)).unwrap_or(b"");
        let desc = self.cx.target.desc(opname);
        let ties = match &desc {
            Some(d) => complex_ties(ops, &d.tied_to),
            None => ops
                .iter()
                .any(|o| matches!(o.kind, OpKind::Reg { tied: Some(_), flags, .. } if flags & rflags::DEF == 0)),
        };
        let mut printed_types = 0u64;
        let mut i = 0;
        while i < ops.len() {
            match ops[i].kind {
                OpKind::Reg { flags, .. } if flags & rflags::DEF != 0 && flags & rflags::IMPLICIT == 0 => {}
                _ => break,
            }
            if i > 0 {
                self.out.push_str(", ");
            }
            self.operand(mi, i, false, ties, &mut printed_types, &desc);
            i += 1;
        }
        if i > 0 {
            self.out.push_str(" = ");
        }
        for (f, n) in iflags::NAMES {
            if inst.flags & f != 0 {
                self.out.push_str(n);
                self.out.push(' ');
            }
        }
        self.push_bytes(opname);
        let mut first = true;
        let mut sep = |p: &mut Self| {
            p.out.push_str(if first { " " } else { ", " });
            first = false;
        };
        while i < ops.len() {
            sep(self);
            self.operand(mi, i, true, ties, &mut printed_types, &desc);
            i += 1;
        }
        if let Some(s) = inst.pre_symbol {
            sep(self);
            self.out.push_str("pre-instr-symbol ");
            self.mcsymbol(s);
        }
        if let Some(s) = inst.post_symbol {
            sep(self);
            self.out.push_str("post-instr-symbol ");
            self.mcsymbol(s);
        }
        if let Some(m) = inst.heap_alloc_marker {
            sep(self);
            self.out.push_str("heap-alloc-marker ");
            self.md(m);
        }
        if let Some(m) = inst.pcsections {
            sep(self);
            self.out.push_str("pcsections ");
            self.md(m);
        }
        if let Some(m) = inst.mmra {
            sep(self);
            self.out.push_str("mmra ");
            self.md(m);
        }
        if inst.cfi_type != 0 {
            sep(self);
            let _ = write!(self.out, "cfi-type {}", inst.cfi_type);
        }
        if let Some(g) = inst.deactivation_symbol {
            sep(self);
            self.out.push_str("deactivation-symbol ");
            self.global(g);
        }
        if inst.instr_num != 0 {
            sep(self);
            let _ = write!(self.out, "debug-instr-number {}", inst.instr_num);
        }
        if let Some(m) = inst.debug_loc {
            sep(self);
            self.out.push_str("debug-location ");
            self.md(m);
        }
        if inst.memops.len > 0 {
            self.out.push_str(" :: ");
            for (k, m) in self.b.memops[inst.memops.range()].iter().enumerate() {
                if k > 0 {
                    self.out.push_str(", ");
                }
                self.memop(m);
            }
        }
    }
}

/// `MachineInstr::hasComplexRegisterTies` against the description's `TIED_TO` constraints.
fn complex_ties(ops: &[Operand], tied_to: &[i8]) -> bool {
    for (i, o) in ops.iter().enumerate() {
        let OpKind::Reg { flags, tied, .. } = o.kind else { continue };
        if flags & rflags::DEF != 0 {
            continue;
        }
        let expected = tied_to.get(i).copied().map(|t| t as i32).unwrap_or(-1);
        let actual = tied.map(|t| t as i32).unwrap_or(-1);
        if expected != actual {
            return true;
        }
    }
    false
}
