//! Debug-info nodes as LLVM 22 holds them after reading: the fields of specialized nodes
//! written in an old or partial form ([`upgrade_di_fields`]), and the metadata loader's `upgradeCULocals`
//! ([`upgrade_cu_locals`]).

mod cu_locals;
mod fields;

pub use cu_locals::{set_field, upgrade_cu_locals};
pub use fields::{canonical_location, upgrade_di_fields, upgrade_di_node, Field, LocationSyms};
