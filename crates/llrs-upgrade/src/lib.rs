//! LLVM's AutoUpgrade (`llvm/lib/IR/AutoUpgrade.cpp`, LLVM 22) on the llrs IR: the rewriting of
//! old IR into what LLVM 22 holds after reading it. Every reader calls these functions where
//! LLVM's readers call their counterparts of `AutoUpgrade.h` (`LLParser` for `.ll`,
//! `BitcodeReader` and `MetadataLoader` for bitcode); a program that builds IR in an old style
//! can call them too.
//!
//! The entry points, by LLVM's name:
//!
//! | LLVM | here |
//! | --- | --- |
//! | `UpgradeIntrinsicFunction` | [`upgrade_intrinsic_function`] |
//! | `UpgradeIntrinsicCall`, `UpgradeCallsToIntrinsic` | [`upgrade_calls_to_intrinsic`], [`upgrade_calls_to_intrinsics`] |
//! | the debug intrinsics to debug records | [`dbg_intrinsic_record`] |
//! | `UpgradeDebugInfo` | [`upgrade_debug_info`] |
//! | `UpgradeModuleFlags` | [`upgrade_module_flags`], [`upgrade_module_flag_behavior`] |
//! | `UpgradeNVVMAnnotations` | [`upgrade_nvvm_annotations`] |
//! | `UpgradeSectionAttributes` | [`upgrade_section_attributes`] |
//! | `copyModuleAttrToFunctions` | [`copy_module_attr_to_functions`] |
//! | `UpgradeFunctionAttributes` | [`upgrade_function_attributes`] |
//! | `UpgradeAttributes` | [`upgrade_attributes`] |
//! | `UpgradeTBAANode` | [`upgrade_tbaa_node`], [`upgrade_tbaa_tags`] |
//! | `UpgradeDataLayoutString` | [`upgrade_data_layout_string`] |
//!
//! Besides `AutoUpgrade.cpp`, the metadata loader's upgrades of debug-info nodes read in an old
//! form live here ([`di`]): `upgradeCULocals`, and the fields of specialized nodes as LLVM 22
//! holds them.

mod attrs;
mod datalayout;
pub mod di;
mod intrinsics;
mod metadata;
mod module_attrs;
mod module_flags;
mod nvvm;

use llrs_ir::Module;

pub use attrs::upgrade_attributes;
pub use datalayout::upgrade_data_layout_string;
pub use intrinsics::{
    dbg_intrinsic_record, upgrade_calls_to_intrinsic, upgrade_calls_to_intrinsics, upgrade_intrinsic_function,
    IntrinsicUpgrade,
};
pub use metadata::{rewrite_attachments, upgrade_debug_info, upgrade_tbaa_node, upgrade_tbaa_tags};
pub use module_attrs::{
    copy_module_attr_to_functions, upgrade_function_attributes, upgrade_implicit_section_names,
    upgrade_section_attributes,
};
pub use module_flags::{upgrade_module_flag_behavior, upgrade_module_flags};
pub use nvvm::upgrade_nvvm_annotations;

/// The module being upgraded, for the upgrades that work on the module as a whole.
pub(crate) struct Up<'a> {
    /// The module.
    pub m: &'a mut Module,
}
