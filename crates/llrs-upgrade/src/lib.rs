//! LLVM's AutoUpgrade (`llvm/lib/IR/AutoUpgrade.cpp`, LLVM 22) on the llrs IR: the rewriting of
//! old IR into what LLVM 22 holds after reading it. Every reader calls these functions where
//! LLVM's readers call their counterparts of `AutoUpgrade.h` (`LLParser` for `.ll`,
//! `BitcodeReader` and `MetadataLoader` for bitcode); a program that builds IR in an old style
//! can call them too.
//!
//! The entry points, by LLVM's name:
//!
//! | LLVM | here | called by the `.ll` reader |
//! | --- | --- | --- |
//! | `UpgradeIntrinsicFunction` | [`upgrade_intrinsic_function`] | yes |
//! | `UpgradeIntrinsicCall`, `UpgradeCallsToIntrinsic` | [`upgrade_calls_to_intrinsic`], [`upgrade_calls_to_intrinsics`] | yes |
//! | the same in `BitcodeReader`'s order (`globalCleanup`, `materialize`, `materializeModule`) | [`upgrade_intrinsics_as_bitcode_reader`] | no: the bitcode reader calls it |
//! | the debug intrinsics to debug records | [`dbg_intrinsic_record`] | yes |
//! | `UpgradeDebugInfo` | [`upgrade_debug_info`] | yes |
//! | `UpgradeModuleFlags` | [`upgrade_module_flags`], [`upgrade_module_flag_behavior`] | yes |
//! | `UpgradeNVVMAnnotations` | [`upgrade_nvvm_annotations`] | yes |
//! | `UpgradeSectionAttributes` | [`upgrade_section_attributes`] | yes |
//! | `copyModuleAttrToFunctions` | [`copy_module_attr_to_functions`] | yes |
//! | `UpgradeFunctionAttributes` | [`upgrade_function_attributes`], [`upgrade_module_function_attributes`] | yes, keeping type-incompatible attributes for the verifier |
//! | `UpgradeAttributes` | [`upgrade_attributes`] | yes |
//! | `UpgradeTBAANode` | [`upgrade_tbaa_node`], [`upgrade_tbaa_tags`] | yes |
//! | `UpgradeDataLayoutString` | [`upgrade_data_layout_string`] | yes |
//! | `UpgradeARCRuntime` (with `upgradeRetainReleaseMarker`) | [`upgrade_arc_runtime`], [`upgrade_retain_release_marker`] | yes |
//! | `UpgradeInlineAsmString` | [`upgrade_inline_asm_string`], [`upgrade_inline_asm_strings`] | yes |
//! | `upgradeInstructionLoopAttachment`, `mayBeOldLoopAttachmentTag` | [`upgrade_instruction_loop_attachment`], [`may_be_old_loop_attachment_tag`] | no: only for pre-3.9 bitcode strings |
//! | `UpgradeGlobalVariable` | [`upgrade_global_variable`], [`upgrade_global_variables`] | no: the verifier rejects what it upgrades |
//! | `UpgradeOperandBundles` | [`upgrade_operand_bundles`] | no: the verifier rejects what it drops |
//! | `UpgradeBitCastInst`, `UpgradeBitCastExpr` | [`upgrade_bitcast_inst`], [`upgrade_bitcast_expr`] | no: LLParser rejects such casts |
//!
//! "Called by the `.ll` reader" follows what `llvm-as-22 X.ll | llvm-dis-22` does: LLParser's
//! upgrades, then those of the bitcode reader reading the module back (which LLParser and the
//! verifier let through). The bitcode reader's ones are the ARC runtime, inline asm strings and
//! function attributes; the last four rows only ever change modules the `.ll` reader rejects (or
//! bitcode LLVM 22 no longer writes), so it leaves those modules to its verifier.
//!
//! Besides `AutoUpgrade.cpp`, the metadata loader's upgrades of debug-info nodes read in an old
//! form live here ([`di`]): `upgradeCULocals`, and the fields of specialized nodes as LLVM 22
//! holds them.

mod arc;
mod attrs;
mod bitcast;
mod bundles;
mod datalayout;
pub mod di;
mod function_attrs;
mod globals;
mod inline_asm;
mod intrinsics;
mod local;
mod loop_md;
mod metadata;
mod module_attrs;
mod module_flags;
mod nvvm;

use llrs_ir::Module;

pub use arc::{upgrade_arc_runtime, upgrade_retain_release_marker};
pub use attrs::upgrade_attributes;
pub use bitcast::{upgrade_bitcast_expr, upgrade_bitcast_inst, BitCastUpgrade};
pub use bundles::upgrade_operand_bundles;
pub use datalayout::upgrade_data_layout_string;
pub use function_attrs::{upgrade_function_attributes, upgrade_module_function_attributes, TypeIncompatible};
pub use globals::{upgrade_global_variable, upgrade_global_variables};
pub use inline_asm::{upgrade_inline_asm_string, upgrade_inline_asm_strings};
pub use intrinsics::{
    dbg_intrinsic_record, upgrade_calls_to_intrinsic, upgrade_calls_to_intrinsics, upgrade_intrinsic_function,
    upgrade_intrinsics_as_bitcode_reader, IntrinsicUpgrade,
};
pub use loop_md::{may_be_old_loop_attachment_tag, upgrade_instruction_loop_attachment};
pub use metadata::{rewrite_attachments, upgrade_debug_info, upgrade_tbaa_node, upgrade_tbaa_tags};
pub use module_attrs::{copy_module_attr_to_functions, upgrade_section_attributes};
pub use module_flags::{upgrade_module_flag_behavior, upgrade_module_flags};
pub use nvvm::upgrade_nvvm_annotations;

/// The module being upgraded, for the upgrades that work on the module as a whole.
pub(crate) struct Up<'a> {
    /// The module.
    pub m: &'a mut Module,
}
