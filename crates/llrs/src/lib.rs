//! llrs: a pure-Rust toolkit for LLVM IR. This facade re-exports the llrs crates.
pub use llrs_asm as asm;
pub use llrs_ir as ir;
