//! The YAML layer of `.mir` files: an owned node tree read with `saphyr-parser`
//! ([`tree`]), LLVM's `yaml::Input` rules over it ([`input`]), the stream cut into documents for reading
//! on several threads ([`split`]), and a writer that prints as
//! LLVM's `yaml::Output` ([`output`]).

pub mod input;
pub mod output;
pub mod split;
pub mod tree;
