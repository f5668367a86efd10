//! What the verifier finds: LLVM's messages with the values they are about.

use llrs_ir::{BlockId, GlobalId, InstId, MdId, Symbol};
use std::borrow::Cow;

/// A value a diagnostic is about; LLVM prints each on its own line after the message.
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
}

/// One failed check: LLVM's message, then the values it names.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Diagnostic {
    /// The message, exactly as LLVM words it (no trailing newline).
    pub message: Cow<'static, str>,
    /// The values LLVM prints after the message, in its order.
    pub subjects: Vec<Subject>,
}

/// The outcome of [`crate::verify`].
#[derive(Clone, Default, Debug)]
pub struct Report {
    /// Failures of LLVM's `Check`s: the module is invalid.
    pub errors: Vec<Diagnostic>,
    /// Failures of LLVM's `CheckDI`s: the module's debug info is invalid (LLVM's readers then
    /// strip it with a warning instead of rejecting the module).
    pub debug_info: Vec<Diagnostic>,
}

impl Report {
    /// Whether a module check failed (the module is broken).
    pub fn is_broken(&self) -> bool {
        !self.errors.is_empty()
    }

    /// Whether a debug-info check failed (LLVM's `BrokenDebugInfo`).
    pub fn broken_debug_info(&self) -> bool {
        !self.debug_info.is_empty()
    }
}
