//! LLVM textual assembly (`.ll`) for llrs: a reader that builds an [`llrs_ir::Module`] from text
//! and a writer that prints a module exactly as `llvm-dis` does.

pub mod diag;
pub mod lexer;
mod parser;
mod show;
mod writer;

pub use diag::Diagnostic;
use llrs_ir::Module;
pub use show::{Show, Shown};
pub use writer::ValuePrinter;

/// Floating-point literals as LLParser reads them for a type and as `AsmWriter` prints them
/// (NaN payloads, signalling ones included, kept bit for bit).
pub mod floats {
    pub use crate::parser::float_bits;
    pub use crate::writer::write_float;
}

/// Gives every intrinsic declaration of `m` whose type fits the intrinsic's signature the
/// attributes of LLVM 22's intrinsic table, as `UpgradeIntrinsicFunction` does for every
/// function a reader reads (the attribute texts of the table are read by this crate's parser).
pub fn apply_intrinsic_attributes(m: &mut Module) {
    parser::apply_intrinsic_attributes(m)
}

/// Parses a whole `.ll` module. `file_name` is used in diagnostics only.
pub fn parse_module(src: &[u8], file_name: &str) -> Result<Module, Diagnostic> {
    parser::parse(src, file_name, None)
}

/// Parses a module as [`parse_module`] does, handing `release` each stretch of `src` (a megabyte
/// or more, in order, from one thread or two at once) that it has read through and will not
/// read again, except to report an error or to read the module again on one thread. For a
/// caller whose `src` is a mapped file: dropping those pages keeps only the module in memory,
/// not the text too (the next read of a dropped page fetches it from the file again).
pub fn parse_module_releasing<'a>(
    src: &'a [u8],
    file_name: &str,
    release: &'a (dyn Fn(std::ops::Range<usize>) + Sync),
) -> Result<Module, Diagnostic> {
    parser::parse(src, file_name, Some(release))
}

/// Prints a module as `llvm-dis` prints it, without the `; ModuleID` line.
pub fn print_module(module: &Module) -> Vec<u8> {
    writer::print_module_into(module, Vec::with_capacity(1 << 16))
}

/// Prints a module as [`print_module`] does to `sink`, after `head`, a piece at a time: the
/// text is never held whole, and large modules print on several threads.
pub fn print_module_to(module: &Module, head: &[u8], sink: &mut dyn std::io::Write) -> std::io::Result<()> {
    writer::print_module_to(module, head, sink)
}

pub use writer::{prepare_print, print_prepared_to, PrintPrep};

/// Prints a module as [`print_module`] does, appending to `out` (no copy of the output).
pub fn print_module_into(module: &Module, out: Vec<u8>) -> Vec<u8> {
    writer::print_module_into(module, out)
}
