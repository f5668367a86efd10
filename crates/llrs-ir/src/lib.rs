//! The in-memory LLVM IR of llrs.
pub mod module;
pub use module::Module;
