//! The machine-instruction language of a machine function's `body:` (LLVM's `MILexer`,
//! `MIParser`, and the body part of `MIRPrinter`).
//!
//! API for the YAML layer:
//! - [`parse_body`]`(src, &BodyContext) -> Result<Body, MiError>`: `src` is the body scalar's
//!   value (indentation removed); errors carry a byte offset into `src`
//!   ([`MiError::line_col`] gives its line and column within `src`; the caller maps them to
//!   the file as `MIRParser::diagFromMIStringDiag` does).
//! - [`print_body`]`(&Body, &PrintContext) -> String`: the body text as llc prints it, lines
//!   ending in `\n`, not indented (the YAML printer indents it as a block scalar).
//! - [`facts`]`(&Body) -> BodyFacts`: what the YAML printer needs (`noPhis`, `isSSA`,
//!   `noVRegs`, `hasFakeUses`, the call-frame size, block and virtual-register numbering);
//!   `Body::vregs` holds each register's class or bank and type for `registers:`.
//!
//! Without target data ([`NoTarget`]) every name is accepted and the printer falls back to what
//! the input said for what only instruction descriptions tell (ties, types of generic
//! operands, implicit-operand checks, barriers for successor guessing).

mod context;
mod diexpr;
mod facts;
mod float;
mod instr;
mod ir;
mod lexer;
mod memop;
mod model;
mod operands;
mod parser;
mod print;
mod target;
mod target_impl;

pub use context::{BodyContext, IrInfo, MiError, NoIr, StackObjectDecl, VRegDecl};
pub use facts::{facts, BodyFacts, VRegName};
pub use ir::{FunctionIr, ModuleIr};
pub use lexer::{Lexer, Tk, Token};
pub use model::*;
pub use print::{print_body, PrintContext};
pub use target::{InstrDesc, NoTarget, TargetInfo};
pub use target_impl::TargetAdapter;

/// Parses a body: block definitions first (`parseMachineBasicBlockDefinitions`), then the
/// `registers:` declarations of `ctx`, then blocks and instructions
/// (`parseMachineInstructions`).
pub fn parse_body(src: &[u8], ctx: &BodyContext<'_>) -> Result<Body, MiError> {
    let mut p = parser::Parser::new(src, ctx);
    let fail = |p: parser::Parser<'_, '_>| {
        Err(p.error.clone().unwrap_or(MiError { offset: 0, message: "invalid machine function body".into() }))
    };
    if p.parse_block_definitions().is_err() {
        return fail(p);
    }
    p.declare_vregs();
    p.restart();
    if p.parse_blocks().is_err() {
        return fail(p);
    }
    Ok(p.into_body())
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_llc;
