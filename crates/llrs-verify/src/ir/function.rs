//! `visitFunction` (everything but its debug-info part, which is `crate::function`) and
//! `verifyFunctionMetadata`'s callers.

use super::FnCtx;
use crate::function::FnState;
use crate::walk::{Step, Verifier};
use llrs_ir::GlobalId;

impl Verifier<'_> {
    /// `visitFunction(F)`; `f` is `None` for a declaration.
    pub fn visit_function(&mut self, g: GlobalId, _f: Option<&FnCtx<'_>>, st: &mut FnState) -> Step {
        self.visit_function_md(g)?;
        st.has_debug_info = self.subprogram_attached(g).is_some();
        if let Some(sp) = self.subprogram_attached(g) {
            self.check_locations_lead_to(g, sp, st.number);
        }
        Some(())
    }
}
