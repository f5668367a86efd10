//! What the verifier finds: LLVM's messages with the values they are about.

use llrs_ir::module::ComdatId;
use llrs_ir::{BlockId, GlobalId, InstId, Md, MdId, Symbol, TypeId, Value};
use std::borrow::Cow;

/// A value a diagnostic is about; LLVM prints each after the message (`VerifierSupport::Write`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Subject {
    /// A metadata node (printed `!N = ...`).
    Md(MdId),
    /// A global value: function, variable, alias (printed `ptr @name`).
    Global(GlobalId),
    /// An instruction of a function.
    Inst(GlobalId, InstId),
    /// The `index`-th debug record before an instruction.
    Record(GlobalId, InstId, usize),
    /// A basic block of a function (printed `label %bb`).
    Block(GlobalId, BlockId),
    /// A named metadata node, by name.
    NamedMd(Symbol),
    /// A number (such as the line of a node), printed as is.
    Number(u64),
    /// A value seen from function `.0`'s body: an instruction is printed whole
    /// (`Value::print`), anything else as an operand with its type (`printAsOperand`):
    /// `ptr @f`, `i32 %x`, `label %bb`, `i32 5`. For a constant, `.0` may be any function.
    Value(GlobalId, Value),
    /// Metadata that is not a node (a string, a value as metadata), or a node: `MD->print`.
    MdRef(Md),
    /// A type: LLVM writes `' ' << *T` with no newline after it.
    Type(TypeId),
    /// A comdat (`Comdat::print`: `$name = comdat any`).
    Comdat(ComdatId),
    /// The module (`; ModuleID = '...'`).
    Module,
    /// Text LLVM prints followed by a newline (an attribute's `getAsString`, an APInt, a
    /// `Printable`): an index into [`Report::texts`] (made by `Verifier::text`).
    Text(u32),
}

/// Which kind of check failed.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Kind {
    /// LLVM's `Check`: the module is invalid.
    Error,
    /// LLVM's `CheckDI`: the module's debug info is invalid (LLVM's readers then strip it with a
    /// warning instead of rejecting the module).
    DebugInfo,
}

/// One failed check: LLVM's message, then the values it names.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Diagnostic {
    /// A module error or a debug-info failure.
    pub kind: Kind,
    /// The message, exactly as LLVM words it (no trailing newline).
    pub message: Cow<'static, str>,
    /// The values LLVM prints after the message, in its order.
    pub subjects: Vec<Subject>,
}

/// The outcome of [`crate::verify`]: the failed checks in the order LLVM reports them.
#[derive(Clone, Default, Debug)]
pub struct Report {
    /// Every failure, in order.
    pub diagnostics: Vec<Diagnostic>,
    /// The texts of [`Subject::Text`] subjects, by index.
    pub texts: Vec<Box<str>>,
}

impl Report {
    /// Whether a module check failed (the module is broken).
    pub fn is_broken(&self) -> bool {
        self.diagnostics.iter().any(|d| d.kind == Kind::Error)
    }

    /// Whether a debug-info check failed (LLVM's `BrokenDebugInfo`).
    pub fn broken_debug_info(&self) -> bool {
        self.diagnostics.iter().any(|d| d.kind == Kind::DebugInfo)
    }

    /// The debug-info failures.
    pub fn debug_info(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics.iter().filter(|d| d.kind == Kind::DebugInfo)
    }

    /// The module errors.
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics.iter().filter(|d| d.kind == Kind::Error)
    }
}

impl Report {
    /// The report as LLVM's verifier writes it: each message on its own line, then the values
    /// it names as `VerifierSupport::Write` prints them (an instruction whole, other values as
    /// typed operands, metadata as `!N = ...`, a type as ` T` with no newline after it).
    /// `module_id` is what `; ModuleID` subjects print (the input's name).
    pub fn render(&self, m: &llrs_ir::Module, module_id: &str) -> String {
        let mut out = String::new();
        let mut p = llrs_asm::ValuePrinter::new(m);
        for d in &self.diagnostics {
            self.render_one(d, &mut p, module_id, &mut out);
        }
        out
    }

    /// The lines of one diagnostic, appended to `out` (see [`Report::render`]).
    pub fn render_one(&self, d: &Diagnostic, p: &mut llrs_asm::ValuePrinter<'_>, module_id: &str, out: &mut String) {
        out.push_str(&d.message);
        out.push('\n');
        for s in &d.subjects {
            let before = out.len();
            match *s {
                Subject::Md(id) => p.metadata(Md::Node(id), out),
                Subject::MdRef(md) => p.metadata(md, out),
                Subject::Global(g) => p.global(g, out),
                Subject::Inst(g, i) => p.instruction(g, i, out),
                Subject::Value(g, Value::Inst(i)) => p.instruction(g, i, out),
                Subject::Value(g, v) => p.operand(g, v, out),
                Subject::Record(g, i, k) => p.dbg_record(g, i, k, out),
                Subject::Block(g, b) => p.block(g, b, out),
                Subject::NamedMd(name) => {
                    p.named_md(name, out);
                    // `NamedMDNode::print` ends its line itself; `Write` adds another.
                    out.push('\n');
                }
                Subject::Number(n) => out.push_str(&n.to_string()),
                Subject::Type(t) => {
                    out.push(' ');
                    p.ty(t, out);
                    continue;
                }
                Subject::Comdat(c) => {
                    p.comdat(c, out);
                    out.push('\n');
                    continue;
                }
                Subject::Module => {
                    out.push_str("; ModuleID = '");
                    out.push_str(module_id);
                    out.push_str("'\n");
                    continue;
                }
                Subject::Text(k) => out.push_str(self.texts.get(k as usize).map_or("", |t| t)),
            }
            // `Write(nullptr)` prints nothing, not even the newline.
            if out.len() > before || matches!(s, Subject::Text(_)) {
                out.push('\n');
            }
        }
    }
}
