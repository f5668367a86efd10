//! Machine IR (`.mir`): LLVM's serialization of machine functions, read and printed as
//! `llc -run-pass=none` does.
//!
//! [`parse()`] reads a `.mir` file (the embedded IR module, then one machine function per YAML
//! document) with llc's checks, messages and positions; [`print()`] and [`print_to()`] print it as
//! llc does. The crate is organised by concern:
//! - `target`: per-target descriptions (opcodes, registers, classes, banks, subregister indices,
//!   register masks, implicit operands, target flags), generated from LLVM 22 by
//!   `tools/mir-targets` and loaded per target;
//! - `yaml`: the YAML container (documents, the embedded IR module, `MIRYamlMapping.h`'s fields)
//!   read with `saphyr-parser` and printed as LLVM's `yaml::Output` prints;
//! - `function`: the machine function's fields (`MIRYamlMapping.h`), read, checked in
//!   MIRParser's order, renumbered and printed as MIRPrinter does;
//! - `mi`: the machine-instruction language of `body:` (lexer, parser, printer) and its model.
#![warn(missing_docs)]

pub mod function;
pub mod mi;
pub mod parse;
pub mod print;
mod reading;
pub mod target;
pub mod yaml;

pub use parse::{parse, Error, MirFile};
pub use print::{print, print_to};
