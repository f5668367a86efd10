//! The YAML layer of `.mir` files: an owned node tree read with `saphyr-parser`
//! ([`tree`]), LLVM's `yaml::Input` rules over it ([`input`]), and a writer that prints as
//! LLVM's `yaml::Output` ([`output`]).

pub mod input;
pub mod output;
pub mod tree;
