//! Printing one value, instruction, metadata node, type, comdat or debug record as LLVM does
//! outside a whole-module print (`Value::print`, `Value::printAsOperand`, `Metadata::print`,
//! `NamedMDNode::print`, `Comdat::print`, `DbgRecord::print`) with a `ModuleSlotTracker` that
//! numbers all metadata up front, as the verifier's does. The numbers are those `llvm-dis`
//! prints for the same module.

use super::names::{write_name, write_u64};
use super::slots::FuncSlots;
use super::Writer;
use llrs_ir::metadata::{Md, MdKind};
use llrs_ir::module::{ComdatId, GlobalId};
use llrs_ir::{BlockId, InstId, Module, Symbol, TypeId, Value};

/// Prints single entities of one module; numbering is computed once, on creation.
pub struct ValuePrinter<'a> {
    w: Writer<'a>,
}

impl<'a> ValuePrinter<'a> {
    /// A printer for `m`: module slots, then every function's metadata in order (LLVM's
    /// `ModuleSlotTracker` with `ShouldInitializeAllMetadata`).
    pub fn new(m: &'a Module) -> Self {
        let mut w = Writer::new(m);
        w.out = Vec::with_capacity(256);
        for &g in &m.functions {
            std::sync::Arc::make_mut(&mut w.slots).process_function(m, g);
        }
        ValuePrinter { w }
    }

    /// Makes `g` the function whose local values are numbered (`incorporateFunction`).
    fn enter(&mut self, g: GlobalId) {
        if self.w.func == Some(g) {
            return;
        }
        let Some(fd) = self.w.m.globals.get(g).and_then(|gl| gl.func.as_deref()) else { return };
        self.w.fslots = FuncSlots::new(self.w.c, fd);
        self.w.func = Some(g);
    }

    fn take(&mut self, out: &mut String) {
        out.push_str(&String::from_utf8_lossy(&self.w.out));
        self.w.out.clear();
    }

    /// `I.print(OS, MST)`: the instruction line as `llvm-dis` prints it (two spaces first, no
    /// newline).
    pub fn instruction(&mut self, g: GlobalId, i: InstId, out: &mut String) {
        self.enter(g);
        let m = self.w.m;
        let Some(body) = m.globals.get(g).and_then(|gl| gl.func.as_deref()).and_then(|f| f.body.as_ref()) else {
            return;
        };
        if body.insts.get(i).is_none() {
            out.push_str("<badref>");
            return;
        }
        self.w.print_instruction(body, i);
        self.take(out);
    }

    /// `V.printAsOperand(OS, /*PrintType=*/true, MST)` for a value of function `g`'s body (or
    /// a constant): `i32 %x`, `label %bb`, `ptr @f`, `i32 7`, `metadata !3`.
    pub fn operand(&mut self, g: GlobalId, v: Value, out: &mut String) {
        self.enter(g);
        self.w.write_typed_value(v);
        self.take(out);
    }

    /// A block as an operand: `label %bb`.
    pub fn block(&mut self, g: GlobalId, b: BlockId, out: &mut String) {
        self.operand(g, Value::Block(b), out);
    }

    /// A global value as an operand: `ptr @g` (its pointer type with its address space).
    pub fn global(&mut self, g: GlobalId, out: &mut String) {
        let Some(gl) = self.w.m.globals.get(g) else { return };
        self.w.out.extend_from_slice(b"ptr");
        if gl.addrspace != 0 {
            self.w.out.extend_from_slice(b" addrspace(");
            write_u64(&mut self.w.out, gl.addrspace as u64);
            self.w.out.push(b')');
        }
        self.w.out.push(b' ');
        self.w.write_global_ref(g);
        self.take(out);
    }

    /// `MD->print(OS, MST, M)`: a node as `!N = BODY` (DIExpression and DIArgList inline),
    /// a string as `!"s"`, a value as `T v`. Nothing for `null`.
    pub fn metadata(&mut self, md: Md, out: &mut String) {
        match md {
            Md::Null => return,
            Md::Node(n) => {
                self.w.write_md_node_ref(n);
                if !matches!(self.w.c.md(n).kind, MdKind::Expression | MdKind::ArgList) {
                    self.w.out.extend_from_slice(b" = ");
                    self.w.write_md_body(n);
                }
            }
            Md::Local(_) => {
                // Function-local metadata is printed with the numbering of the current function.
                self.w.write_md(md);
            }
            _ => self.w.write_md(md),
        }
        self.take(out);
    }

    /// `NamedMDNode::print`: `!name = !{!0, !1}`.
    pub fn named_md(&mut self, name: Symbol, out: &mut String) {
        let m = self.w.m;
        let Some((_, ops)) = m.named_md.iter().find(|(n, _)| *n == name) else { return };
        self.w.out.push(b'!');
        super::names::write_md_identifier(&mut self.w.out, m.ctx.name(name));
        self.w.out.extend_from_slice(b" = !{");
        for (k, &n) in ops.iter().enumerate() {
            if k > 0 {
                self.w.out.extend_from_slice(b", ");
            }
            self.w.write_md_node_ref(n);
        }
        self.w.out.push(b'}');
        self.take(out);
    }

    /// `F.print(OS)`: a whole function as `llvm-dis` prints it (its `; Function Attrs`
    /// comment, its `define` or `declare` line, its blocks), ending in a newline.
    pub fn function(&mut self, g: GlobalId, out: &mut String) {
        let Some(gl) = self.w.m.globals.get(g) else { return };
        if gl.func.is_none() {
            return;
        }
        // Every function's slots were made on creation.
        self.w.slots_ready = true;
        self.w.print_function(g);
        self.take(out);
    }

    /// A type, as LLVM's `operator<<(raw_ostream, Type)`.
    pub fn ty(&mut self, t: TypeId, out: &mut String) {
        self.w.write_type(t);
        self.take(out);
    }

    /// `Comdat::print`: `$name = comdat any` (no newline).
    pub fn comdat(&mut self, id: ComdatId, out: &mut String) {
        let m = self.w.m;
        let Some(cd) = m.comdats.get(id) else { return };
        write_name(&mut self.w.out, Some(b'$'), m.ctx.name(cd.name));
        self.w.out.extend_from_slice(b" = comdat ");
        self.w.out.extend_from_slice(cd.kind.name().as_bytes());
        self.take(out);
    }

    /// An attribute as LLVM's `Attribute::getAsString` gives it (`align 16`, `byval(i32)`).
    pub fn attribute(&mut self, a: &llrs_ir::attributes::Attr, out: &mut String) {
        self.w.write_attr(a, false);
        self.take(out);
    }

    /// `DbgRecord::print`: the `index`-th record before instruction `i` of `g`, as
    /// `#dbg_value(...)` (no indentation, no newline).
    pub fn dbg_record(&mut self, g: GlobalId, i: InstId, index: usize, out: &mut String) {
        self.enter(g);
        let m = self.w.m;
        let Some(r) = m
            .globals
            .get(g)
            .and_then(|gl| gl.func.as_deref())
            .and_then(|f| f.body.as_ref())
            .and_then(|b| b.insts.get(i))
            .and_then(|d| d.dbg_records.get(index))
        else {
            return;
        };
        self.w.write_dbg_record(r);
        self.take(out);
    }
}
