//! `DIExpression`'s rules (`isValid`, `getFragmentInfo`, `isEntryValue`) live in
//! `llrs_ir::di_expr`, where the writer uses them too.

pub use llrs_ir::di_expr::{elements, fragment, is_entry_value, is_valid};
