//! Memory operands as `MachineMemOperand::print` prints them.

use super::model::*;
use super::print::{write_name, P};
use llrs_ir::symbol::Symbol;
use std::fmt::Write;

impl<'a> P<'a> {
    pub(super) fn memop(&mut self, m: &MemOperand) {
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
                self.ir_ref("%ir.", r);
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
        let base = if m.base_align == 0 { 1u64 << 63 } else { m.base_align };
        let align = if m.offset == 0 {
            base
        } else {
            let lowbit = 1u64 << (m.offset as u64).trailing_zeros().min(63);
            base.min(lowbit)
        };
        // No `align` for a zero size; `basealign` when it differs from `align`.
        let size = m.ty.map(|t| t.size_bits().div_ceil(8));
        if size.is_none() || (size != Some(0) && size != Some(align)) {
            let _ = write!(self.out, ", align {align}");
        }
        if align != base || m.base_align == 0 {
            let _ = write!(self.out, ", basealign {base}");
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
