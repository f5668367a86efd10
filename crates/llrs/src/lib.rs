//! llrs: a pure-Rust toolkit for LLVM IR. This facade re-exports the llrs crates and holds the
//! commands of the `llrs` command line (see [`cli`]), so tests and benchmarks can call them directly.
pub use llrs_asm as asm;
pub use llrs_ir as ir;
pub use llrs_mir as mir;
pub use llrs_verify as verify;

pub mod cli;
