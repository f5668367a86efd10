//! Modules.
/// A module (placeholder while the core is written).
#[derive(Default)]
pub struct Module {}
