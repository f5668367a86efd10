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
