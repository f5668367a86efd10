//! `visitModuleFlags` (every behavior and its rules, `visitModuleFlagCGProfileEntry`),
//! `visitModuleIdents` and `visitModuleCommandLines`.

use crate::walk::Verifier;

impl Verifier<'_> {
    /// `visitModuleFlags`.
    pub fn visit_module_flags(&mut self) {}

    /// `visitModuleIdents`.
    pub fn visit_module_idents(&mut self) {}

    /// `visitModuleCommandLines`.
    pub fn visit_module_command_lines(&mut self) {}
}
