//! Machine operands as `MachineOperand::print` prints them, with the operand comments of
//! `createMIROperandComment` (inline asm flags, ARM condition codes) and CFI directives.

use super::model::*;
use super::print::{write_name, P};
use super::target::TargetInfo;
use llrs_ir::symbol::Symbol;
use std::fmt::Write;

impl<'a> P<'a> {
    pub(super) fn mcsymbol(&mut self, s: Symbol) {
        // `OS << Sym` prints the name without an MCAsmInfo: never quoted.
        self.out.push_str("<mcsymbol ");
        let n = self.name(s);
        self.push_bytes(n);
        self.out.push('>');
    }

    pub(super) fn llt(&mut self, t: Llt) {
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
    pub(super) fn operand(
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

    pub(super) fn stack_ref(&mut self, id: u32, parsed: Option<Symbol>) {
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

    pub(super) fn fixed_stack_ref(&mut self, id: u32) {
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
