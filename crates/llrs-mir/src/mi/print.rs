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

struct P<'a> {
    b: &'a Body,
    cx: &'a PrintContext<'a>,
    out: String,
    has_def: Vec<bool>,
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
    fn name(&self, s: Symbol) -> &'a [u8] {
        self.b.names.get(s)
    }
    fn push_bytes(&mut self, s: &[u8]) {
        self.out.push_str(&String::from_utf8_lossy(s));
    }
    fn push_sym(&mut self, s: Symbol) {
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

    fn ir_block_ref(&mut self, r: IrRef) {
        self.out.push_str("%ir-block.");
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

    fn global(&mut self, r: IrRef) {
        self.out.push('@');
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

    fn md_num(&mut self, n: u32) {
        match self.cx.metadata {
            Some(f) => self.out.push_str(&f(n)),
            None => {
                let _ = write!(self.out, "!{n}");
            }
        }
    }

    fn md(&mut self, m: MdRef) {
        match m {
            MdRef::Num(n) => self.md_num(n),
            MdRef::Inline(s) => self.push_sym(s),
        }
    }

    fn offset(&mut self, o: i64) {
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

    fn mcsymbol(&mut self, s: Symbol) {
        // `OS << Sym` prints the name without an MCAsmInfo: never quoted.
        self.out.push_str("<mcsymbol ");
        let n = self.name(s);
        self.push_bytes(n);
        self.out.push('>');
    }

    fn llt(&mut self, t: Llt) {
        match t {
            Llt::Scalar(n) => {
                let _ = write!(self.out, "s{n}");
            }
            Llt::Pointer(a, _) => {
                let _ = write!(self.out, "p{a}");
            }
            Llt::Token => self.out.push_str("s0"),
            Llt::Vector(n, sc, e) => {
                self.out.push('<');
                if sc {
                    self.out.push_str("vscale x ");
                }
                let _ = match e {
                    LltElt::Scalar(s) => write!(self.out, "{n} x s{s}>"),
                    LltElt::Pointer(a, _) => write!(self.out, "{n} x p{a}>"),
                };
            }
        }
    }

    fn reg(&mut self, r: Reg) {
        match r {
            Reg::NoReg => self.out.push_str("$noreg"),
            Reg::Phys(s) => {
                self.out.push('$');
                self.push_sym(s);
            }
            Reg::Virt(v) => match self.b.vregs[v].name {
                Some(n) => {
                    self.out.push('%');
                    self.push_sym(n);
                }
                None => {
                    let _ = write!(self.out, "%{}", v.0);
                }
            },
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn operand(
        &mut self,
        mi: MiId,
        idx: usize,
        print_def: bool,
        ties: bool,
        printed_types: &mut u64,
        desc: &Option<super::target::InstrDesc<'_>>,
    ) {
        let inst = &self.b.insts[mi];
        let ops = &self.b.operands[inst.ops.range()];
        let op = ops[idx];
        if op.target_flags.len > 0 {
            let names: Vec<&[u8]> = self.b.syms[op.target_flags.range()].iter().map(|&s| self.name(s)).collect();
            match self.cx.target.print_target_flags(&names) {
                Some(list) if list.is_empty() => {}
                Some(list) => {
                    self.out.push_str("target-flags(");
                    self.out.push_str(&list.join(", "));
                    self.out.push_str(") ");
                }
                None => {
                    self.out.push_str("target-flags(");
                    for (k, n) in names.iter().enumerate() {
                        if k > 0 {
                            self.out.push_str(", ");
                        }
                        self.push_bytes(n);
                    }
                    self.out.push_str(") ");
                }
            }
        }
        match op.kind {
            OpKind::Reg { reg, sub, flags, tied, ty_written } => {
                if flags & rflags::IMPLICIT != 0 {
                    self.out.push_str(if flags & rflags::DEF != 0 { "implicit-def " } else { "implicit " });
                } else if print_def && flags & rflags::DEF != 0 {
                    self.out.push_str("def ");
                }
                for (f, n) in [
                    (rflags::INTERNAL, "internal "),
                    (rflags::DEAD, "dead "),
                    (rflags::KILL, "killed "),
                    (rflags::UNDEF, "undef "),
                    (rflags::EARLY_CLOBBER, "early-clobber "),
                ] {
                    if flags & f != 0 {
                        self.out.push_str(n);
                    }
                }
                if matches!(reg, Reg::Phys(_)) && flags & rflags::RENAMABLE != 0 {
                    self.out.push_str("renamable ");
                }
                self.reg(reg);
                if let Some(s) = sub {
                    self.out.push('.');
                    self.push_sym(s);
                }
                if let Reg::Virt(v) = reg {
                    if !print_def || !self.has_def.get(v.0 as usize).copied().unwrap_or(false) {
                        self.out.push(':');
                        let vr = self.b.vregs[v];
                        match vr.class {
                            Some(c) if vr.kind != VRegKind::Generic => {
                                let n = self.name(c).to_ascii_lowercase();
                                self.push_bytes(&n);
                            }
                            _ => self.out.push('_'),
                        }
                    }
                }
                if ties && flags & rflags::DEF == 0 {
                    if let Some(t) = tied {
                        let _ = write!(self.out, "(tied-def {t})");
                    }
                }
                if let Reg::Virt(v) = reg {
                    if let Some(ty) = self.b.vregs[v].ty {
                        let show = match desc {
                            None => ty_written,
                            Some(d) => {
                                if d.variadic || idx as u32 >= d.num_operands {
                                    true
                                } else {
                                    match d.generic_type_index.get(idx).copied().unwrap_or(-1) {
                                        t if t < 0 => true,
                                        t => {
                                            let bit = 1u64 << (t as u32 & 63);
                                            let s = *printed_types & bit == 0;
                                            *printed_types |= bit;
                                            s
                                        }
                                    }
                                }
                            }
                        };
                        if show {
                            self.out.push('(');
                            self.llt(ty);
                            self.out.push(')');
                        }
                    }
                }
            }
            OpKind::Imm(v) => {
                let _ = write!(self.out, "{v}");
                if let Some(c) = self.imm_comment(mi, idx, v, desc) {
                    let _ = write!(self.out, " /* {c} */");
                }
            }
            OpKind::CImm(w, v) => {
                if w == 1 {
                    let _ = write!(self.out, "i1 {}", if v != 0 { "true" } else { "false" });
                } else {
                    let _ = write!(self.out, "i{w} {v}");
                }
            }
            OpKind::CImmBig(w, s) => {
                let _ = write!(self.out, "i{w} ");
                self.push_sym(s);
            }
            OpKind::FpImm(f) => {
                let kw = match f.kind {
                    llrs_ir::types::FloatKind::Half => "half",
                    llrs_ir::types::FloatKind::BFloat => "bfloat",
                    llrs_ir::types::FloatKind::Float => "float",
                    llrs_ir::types::FloatKind::Double => "double",
                    llrs_ir::types::FloatKind::X86Fp80 => "x86_fp80",
                    llrs_ir::types::FloatKind::Fp128 => "fp128",
                    llrs_ir::types::FloatKind::PpcFp128 => "ppc_fp128",
                };
                self.out.push_str(kw);
                self.out.push(' ');
                match f.bits {
                    Some(bits) => super::float::write(&mut self.out, f.kind, bits),
                    None => self.push_sym(f.text),
                }
            }
            OpKind::Mbb(b) => {
                let _ = write!(self.out, "%bb.{}", b.0);
            }
            OpKind::Stack(id, name) => self.stack_ref(id, name),
            OpKind::FixedStack(id) => self.fixed_stack_ref(id),
            OpKind::Global(g, o) => {
                self.global(g);
                self.offset(o);
            }
            OpKind::ConstPool(i, o) => {
                let _ = write!(self.out, "%const.{i}");
                self.offset(o);
            }
            OpKind::JumpTable(i) => {
                let _ = write!(self.out, "%jump-table.{i}");
            }
            OpKind::ExtSym(s, o) => {
                self.out.push('&');
                let n = self.name(s);
                if n.is_empty() {
                    self.out.push_str("\"\"");
                } else {
                    write_name(&mut self.out, n);
                }
                self.offset(o);
            }
            OpKind::McSym(s, o) => {
                self.mcsymbol(s);
                self.offset(o);
            }
            OpKind::SubRegIdx(s) => {
                self.out.push_str("%subreg.");
                self.push_sym(s);
            }
            OpKind::Metadata(m) => self.md(m),
            OpKind::Cfi(c) => self.cfi(c),
            OpKind::BlockAddress(f, bb, o) => {
                self.out.push_str("blockaddress(");
                self.global(f);
                self.out.push_str(", ");
                self.ir_block_ref(bb);
                self.out.push(')');
                self.offset(o);
            }
            OpKind::Intrinsic(s) => {
                self.out.push_str("intrinsic(@");
                self.push_sym(s);
                self.out.push(')');
            }
            OpKind::Predicate(fl, s) => {
                self.out.push_str(if fl { "floatpred(" } else { "intpred(" });
                self.push_sym(s);
                self.out.push(')');
            }
            OpKind::ShuffleMask(sp) => {
                self.out.push_str("shufflemask(");
                for (k, &v) in self.b.ints[sp.range()].iter().enumerate() {
                    if k > 0 {
                        self.out.push_str(", ");
                    }
                    if v == -1 {
                        self.out.push_str("undef");
                    } else {
                        let _ = write!(self.out, "{v}");
                    }
                }
                self.out.push(')');
            }
            OpKind::DbgInstrRef(a, b) => {
                let _ = write!(self.out, "dbg-instr-ref({a}, {b})");
            }
            OpKind::TargetIndex(s, o) => {
                self.out.push_str("target-index(");
                self.push_sym(s);
                self.out.push(')');
                self.offset(o);
            }
            OpKind::RegMask(s) => {
                let n = self.name(s).to_ascii_lowercase();
                self.push_bytes(&n);
            }
            OpKind::CustomRegMask(sp) => {
                self.out.push_str("CustomRegMask(");
                for (k, &s) in self.reg_list(sp).iter().enumerate() {
                    if k > 0 {
                        self.out.push(',');
                    }
                    self.out.push('$');
                    self.push_sym(s);
                }
                self.out.push(')');
            }
            OpKind::LiveOut(sp) => {
                self.out.push_str("liveout(");
                for (k, &s) in self.reg_list(sp).iter().enumerate() {
                    if k > 0 {
                        self.out.push_str(", ");
                    }
                    self.out.push('$');
                    self.push_sym(s);
                }
                self.out.push(')');
            }
        }
    }

    /// The registers of a mask as LLVM prints them: once each, by register number (as written
    /// when the target does not number them).
    fn reg_list(&self, sp: Span) -> Vec<Symbol> {
        let mut regs: Vec<(u32, Symbol)> = Vec::new();
        for (k, &s) in self.b.syms[sp.range()].iter().enumerate() {
            let n = self.cx.target.register_number(self.name(s)).unwrap_or(k as u32);
            if !regs.iter().any(|&(m, t)| m == n || t == s) {
                regs.push((n, s));
            }
        }
        regs.sort_by_key(|&(n, _)| n);
        regs.into_iter().map(|(_, s)| s).collect()
    }

    fn stack_ref(&mut self, id: u32, parsed: Option<Symbol>) {
        let (n, name) = match self.cx.stack_object {
            Some(f) => f(id),
            None => (id, parsed.map(|s| self.name(s).to_vec()).unwrap_or_default()),
        };
        let _ = write!(self.out, "%stack.{n}");
        if !name.is_empty() {
            self.out.push('.');
            self.push_bytes(&name);
        }
    }

    fn fixed_stack_ref(&mut self, id: u32) {
        let n = match self.cx.fixed_stack_object {
            Some(f) => f(id),
            None => id,
        };
        let _ = write!(self.out, "%fixed-stack.{n}");
    }

    /// `TargetInstrInfo::createMIROperandComment` for inline asm operands.
    fn imm_comment(&self, mi: MiId, idx: usize, v: i64, desc: &Option<super::target::InstrDesc<'_>>) -> Option<String> {
        let inst = &self.b.insts[mi];
        let name = inst.opcode.map(|s| self.name(s)).unwrap_or(b"");
        if name != b"INLINEASM" && name != b"INLINEASM_BR" {
            return self.cx.target.imm_comment(desc.as_ref()?, idx, v);
        }
        if idx == 1 {
            let mut parts: Vec<&str> = Vec::new();
            if v & 1 != 0 {
                parts.push("sideeffect");
            }
            if v & 8 != 0 {
                parts.push("mayload");
            }
            if v & 16 != 0 {
                parts.push("maystore");
            }
            if v & 32 != 0 {
                parts.push("isconvergent");
            }
            if v & 2 != 0 {
                parts.push("alignstack");
            }
            parts.push(if v & 4 != 0 { "inteldialect" } else { "attdialect" });
            return Some(parts.join(" "));
        }
        // Is `idx` a flag operand? Walk the groups from operand 2.
        let ops = &self.b.operands[inst.ops.range()];
        let mut i = 2usize;
        while i < ops.len() {
            let OpKind::Imm(f) = ops[i].kind else { return None };
            if i == idx {
                return Some(asm_flag_comment(f as u32, self.cx.target));
            }
            i += 1 + ((f as u32 >> 3) & 0x1fff) as usize;
            if i > idx {
                return None;
            }
        }
        None
    }

    fn cfi(&mut self, c: Cfi) {
        let reg = |p: &mut Self, s: Symbol| {
            p.out.push('$');
            p.push_sym(s);
        };
        match c {
            Cfi::SameValue(r) => {
                self.out.push_str("same_value ");
                reg(self, r);
            }
            Cfi::Offset(r, o) => {
                self.out.push_str("offset ");
                reg(self, r);
                let _ = write!(self.out, ", {o}");
            }
            Cfi::RelOffset(r, o) => {
                self.out.push_str("rel_offset ");
                reg(self, r);
                let _ = write!(self.out, ", {o}");
            }
            Cfi::DefCfaRegister(r) => {
                self.out.push_str("def_cfa_register ");
                reg(self, r);
            }
            Cfi::DefCfaOffset(o) => {
                let _ = write!(self.out, "def_cfa_offset {o}");
            }
            Cfi::AdjustCfaOffset(o) => {
                let _ = write!(self.out, "adjust_cfa_offset {o}");
            }
            Cfi::DefCfa(r, o) => {
                self.out.push_str("def_cfa ");
                reg(self, r);
                let _ = write!(self.out, ", {o}");
            }
            Cfi::LlvmDefAspaceCfa(r, o, a) => {
                self.out.push_str("llvm_def_aspace_cfa ");
                reg(self, r);
                let _ = write!(self.out, ", {o}, {a}");
            }
            Cfi::RememberState => self.out.push_str("remember_state "),
            Cfi::Restore(r) => {
                self.out.push_str("restore ");
                reg(self, r);
            }
            Cfi::RestoreState => self.out.push_str("restore_state "),
            Cfi::Undefined(r) => {
                self.out.push_str("undefined ");
                reg(self, r);
            }
            Cfi::Register(a, b) => {
                self.out.push_str("register ");
                reg(self, a);
                self.out.push_str(", ");
                reg(self, b);
            }
            Cfi::WindowSave => self.out.push_str("window_save "),
            Cfi::NegateRaSignState => self.out.push_str("negate_ra_sign_state "),
            Cfi::Escape(sp) => {
                self.out.push_str("escape ");
                for (k, &v) in self.b.ints[sp.range()].iter().enumerate() {
                    if k > 0 {
                        self.out.push_str(", ");
                    }
                    let _ = write!(self.out, "0x{:02x}", v as u8);
                }
            }
        }
    }

    fn memop(&mut self, m: &MemOperand) {
        self.out.push('(');
        for (f, n) in [
            (mflags::VOLATILE, "volatile "),
            (mflags::NON_TEMPORAL, "non-temporal "),
            (mflags::DEREFERENCEABLE, "dereferenceable "),
            (mflags::INVARIANT, "invariant "),
        ] {
            if m.flags & f != 0 {
                self.out.push_str(n);
            }
        }
        let mut tflags: Vec<Symbol> = m.target_flags.iter().flatten().copied().collect();
        tflags.sort_by_key(|&s| self.cx.target.mmo_flag_value(self.name(s)).unwrap_or(0));
        for s in &tflags {
            self.out.push('"');
            self.push_sym(*s);
            self.out.push_str("\" ");
        }
        if m.flags & mflags::LOAD != 0 {
            self.out.push_str("load ");
        }
        if m.flags & mflags::STORE != 0 {
            self.out.push_str("store ");
        }
        if let Some(s) = m.sync_scope {
            self.out.push_str("syncscope(\"");
            for &c in self.name(s) {
                if (0x20..0x7f).contains(&c) && c != b'\\' && c != b'"' {
                    self.out.push(c as char);
                } else {
                    let _ = write!(self.out, "\\{c:02X}");
                }
            }
            self.out.push_str("\") ");
        }
        for o in [m.ordering, m.failure_ordering] {
            if o != 0 {
                self.out.push_str(ORDERINGS.get(o as usize).copied().unwrap_or(""));
                self.out.push(' ');
            }
        }
        match m.ty {
            Some(t) => {
                self.out.push('(');
                self.llt(t);
                self.out.push(')');
            }
            None => self.out.push_str("unknown-size"),
        }
        let word = if m.flags & mflags::LOAD != 0 && m.flags & mflags::STORE != 0 {
            " on "
        } else if m.flags & mflags::LOAD != 0 {
            " from "
        } else {
            " into "
        };
        match m.ptr {
            PtrInfo::IrValue(r) => {
                self.out.push_str(word);
                self.out.push_str("%ir.");
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
            PtrInfo::Global(g) => {
                self.out.push_str(word);
                self.global(g);
            }
            PtrInfo::Constant(s) => {
                self.out.push_str(word);
                self.out.push('`');
                self.push_sym(s);
                self.out.push('`');
            }
            PtrInfo::Pseudo(p) => {
                self.out.push_str(word);
                match p {
                    Psv::Stack => self.out.push_str("stack"),
                    Psv::Got => self.out.push_str("got"),
                    Psv::JumpTable => self.out.push_str("jump-table"),
                    Psv::ConstantPool => self.out.push_str("constant-pool"),
                    Psv::FixedStack(id) => self.fixed_stack_ref(id),
                    Psv::StackObject(id, name) => self.stack_ref(id, name),
                    Psv::GlobalCallEntry(g) => {
                        self.out.push_str("call-entry ");
                        self.global(g);
                    }
                    Psv::ExternalCallEntry(s) => {
                        self.out.push_str("call-entry &");
                        let n = self.name(s);
                        write_name(&mut self.out, n);
                    }
                    Psv::Custom(s) => {
                        self.out.push_str("custom \"");
                        self.push_sym(s);
                        self.out.push('"');
                    }
                }
            }
            PtrInfo::None => {
                if m.offset != 0 {
                    self.out.push_str(word);
                    self.out.push_str("unknown-address");
                }
            }
        }
        self.offset(m.offset);
        let align = if m.offset == 0 {
            m.base_align
        } else {
            let lowbit = 1u64 << (m.offset as u64).trailing_zeros().min(63);
            m.base_align.min(lowbit)
        };
        let size = m.ty.map(|t| t.size_bits().div_ceil(8));
        if size != Some(align) {
            let _ = write!(self.out, ", align {align}");
        }
        if align != m.base_align {
            let _ = write!(self.out, ", basealign {}", m.base_align);
        }
        for (kw, v) in [
            (", !tbaa ", m.tbaa),
            (", !alias.scope ", m.scope),
            (", !noalias ", m.noalias),
            (", !noalias.addrspace ", m.noalias_addrspace),
            (", !range ", m.range),
        ] {
            if let Some(n) = v {
                self.out.push_str(kw);
                self.md_num(n);
            }
        }
        if m.addrspace != 0 {
            let _ = write!(self.out, ", addrspace {}", m.addrspace);
        }
        self.out.push(')');
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

/// The comment of an inline-asm flag operand (`InlineAsm::Flag`).
fn asm_flag_comment(f: u32, target: &dyn TargetInfo) -> String {
    let kind = f & 7;
    let mut s = String::from(match kind {
        1 => "reguse",
        2 => "regdef",
        3 => "regdef-ec",
        4 => "clobber",
        5 => "imm",
        6 => "mem",
        7 => "func",
        _ => "",
    });
    let hi = (f >> 16) & 0x7fff;
    let matched = f >> 31 == 1;
    if (1..=3).contains(&kind) && !matched && hi != 0 {
        if let Some(n) = target.reg_class_name_by_id(hi - 1) {
            s.push(':');
            s.push_str(&String::from_utf8_lossy(n));
        }
    }
    if kind == 6 || kind == 7 {
        const MEM: [&str; 29] = [
            "", "es", "i", "k", "m", "o", "v", "A", "Q", "R", "S", "T", "Um", "Un", "Uq", "Us", "Ut", "Uv", "Uy", "X",
            "Z", "ZB", "ZC", "Zy", "p", "ZQ", "ZR", "ZS", "ZT",
        ];
        if let Some(n) = MEM.get(hi as usize) {
            s.push(':');
            s.push_str(n);
        }
    }
    if matched {
        let _ = write!(s, " tiedto:${hi}");
    }
    s
}
