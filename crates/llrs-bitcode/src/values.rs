//! What the readers of metadata and function bodies ask of the value list
//! (`BitcodeReaderValueList`): a value by its id and type.

use llrs_ir::metadata::Md;
use llrs_ir::types::TypeId;
use llrs_ir::Module;

/// The value list as the metadata reader sees it (`getValueFwdRef` for `METADATA_VALUE`,
/// `DIArgList` and the like).
pub trait ValueSource {
    /// The value `id` of type `ty` as metadata: [`Md::Const`] for constants and global values,
    /// [`Md::Local`] for arguments and instructions of the function being read; `None` when `id`
    /// names no value of that type (LLVM: "Invalid record" or a forward reference that is never
    /// resolved).
    fn value_md(&mut self, module: &mut Module, id: u64, ty: TypeId) -> Option<Md>;
}
