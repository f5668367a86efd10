//! The machine-instruction language of a machine function's `body:` (LLVM's `MILexer`,
//! `MIParser`, and the body part of `MIRPrinter`).
//!
//! API for the YAML layer (see `examples/mi_bodies.rs` for a complete use):
//! 1. Target: [`TargetAdapter::for_triple`] (or `TargetAdapter::new(Target::for_triple_cpu(..))`
//!    for AMDGPU's CPU-dependent modes); [`NoTarget`] when the triple has no target.
//! 2. IR: [`ModuleIr::new`]`(&module)` once per file, [`ModuleIr::set_ir_text`] with the embedded
//!    module's text (metadata numbers, quoted constants), then [`ModuleIr::function`]`(name)` per
//!    machine function: an [`IrInfo`]. [`NoIr`] accepts everything.
//! 3. [`parse_body`]`(src, &BodyContext) -> Result<Body, MiError>`: `src` is the body scalar's
//!    value (indentation removed). [`BodyContext::vregs`] lists the virtual registers created
//!    before the body, in llc's order: each `registers:` entry (with `preferred_vreg` when its
//!    preferred register is `%N`), then the function `liveins:` virtual registers (as entries
//!    with an empty class). The stack objects, fixed stack objects, constants and jump tables
//!    declared are checked by id (`None`: not checked). Errors carry a byte offset in `src`;
//!    [`MiError::file_position`] gives llc's line:col in the file (`diagFromBlockStringDiag`:
//!    the column plus the block's indentation; past the last line, the next line, column 1).
//! 4. [`print_body`]`(&Body, &PrintContext) -> String`: the body as llc prints it, lines ending
//!    in `\n`, not indented. [`PrintContext`] maps what the function-level printer renumbers:
//!    stack objects (llc's ids and alloca names), fixed stack objects (entry k of n prints as
//!    n-1-k), metadata (`!N` as the IR printer numbers it).
//! 5. [`facts`]`(&Body) -> BodyFacts`: `noPhis`, `isSSA`, `noVRegs`, `hasFakeUses`, the
//!    call-frame size, block and virtual-register numbering; [`Body::vregs`] holds each virtual
//!    register's class or bank and type for `registers:`. [`check_vregs`] gives llc's
//!    `setupRegisterInfo` errors (registers whose class or bank nothing determined).
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
mod operands_cfi;
mod operands_reg;
mod parser;
mod print;
mod print_memop;
mod print_operand;
mod target;
mod target_impl;

pub use context::{BodyContext, IrInfo, MiError, NoIr, StackObjectDecl, VRegDecl};
pub use facts::{check_vregs, facts, BodyFacts, VRegName};
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
pub(crate) mod tests;
#[cfg(test)]
mod tests_llc;
