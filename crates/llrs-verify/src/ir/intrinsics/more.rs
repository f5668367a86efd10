//! The second half of `visitIntrinsicCall`'s cases, `visitConstrainedFPIntrinsic` and
//! `visitVPIntrinsic`.

use super::super::FnCtx;
use crate::walk::{Step, Verifier};
use llrs_ir::{GlobalId, InstId};

impl Verifier<'_> {
    /// The cases of `visitIntrinsicCall`'s switch that `visit_intrinsic_call` leaves to this
    /// module. `Some` when handled.
    pub fn visit_intrinsic_more(&mut self, _f: &FnCtx<'_>, _i: InstId, _callee: GlobalId) -> Option<Step> {
        None
    }
}
