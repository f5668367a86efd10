//! The check after `visitIntrinsicCall`'s switch: an intrinsic that may become a call of a
//! runtime function, inside an EH funclet of a scoped personality, needs a `funclet` bundle.
//! The funclet colors of the blocks are LLVM's `colorEHFunclets`.

use super::super::FnCtx;
use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::{BlockId, GlobalKind, InstId, Opcode, Value};

/// `BlockEHFuncletColors`: for each block (by id), the entry blocks of the funclets it belongs to.
pub(super) type Colors = Vec<Vec<BlockId>>;

/// The personalities `isScopedEHPersonality` accepts (`classifyEHPersonality` by name).
const SCOPED_PERSONALITIES: &[&[u8]] = &[
    b"__CxxFrameHandler3",
    b"__CxxFrameHandler4",
    b"__C_specific_handler",
    b"_except_handler3",
    b"_except_handler4",
    b"ProcessCLRException",
    b"__gxx_wasm_personality_v0",
];

impl Verifier<'_> {
    /// "Verify that there aren't any unmediated control transfers between funclets."
    pub(super) fn check_funclet_token(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let m = self.v.m;
        let Some(per) = f.fd.personality else { return Some(()) };
        let per = self.strip_pointer_casts(f, Value::Const(per));
        let Some(pg) = self.global_of(per).filter(|&g| m.globals[g].kind == GlobalKind::Function) else {
            return Some(());
        };
        if !SCOPED_PERSONALITIES.contains(&self.global_name(pg)) {
            return Some(());
        }
        if self.intr_state.colors.is_none() {
            self.intr_state.colors = Some(color_funclets(f));
        }
        let Some(b) = f.block_of(i) else { return Some(()) };
        let colors = self.intr_state.colors.as_ref().and_then(|c| c.get(b.0 as usize));
        let in_funclet = colors.is_some_and(|cv| {
            cv.iter().any(|&c| {
                f.first_non_phi(c).is_some_and(|x| matches!(f.inst(x).op, Opcode::CatchPad | Opcode::CleanupPad))
            })
        });
        let has_token = f.inst(i).call().is_some_and(|cd| cd.bundles.iter().any(|bu| m.ctx.name(bu.tag) == b"funclet"));
        if in_funclet {
            self.check_module(has_token, "Missing funclet token on intrinsic call", &[Subject::Inst(f.g, i)])?;
        }
        Some(())
    }
}

/// `colorEHFunclets(F)`.
fn color_funclets(f: &FnCtx<'_>) -> Colors {
    let mut colors: Colors = vec![Vec::new(); f.body.blocks.len()];
    let Some(entry) = f.entry() else { return colors };
    let mut work = vec![(entry, entry)];
    while let Some((visiting, mut color)) = work.pop() {
        let head = f.first_non_phi(visiting);
        if head.is_some_and(|h| {
            matches!(f.inst(h).op, Opcode::LandingPad | Opcode::CatchSwitch | Opcode::CatchPad | Opcode::CleanupPad)
        }) {
            color = visiting;
        }
        let Some(cv) = colors.get_mut(visiting.0 as usize) else { continue };
        if cv.contains(&color) {
            continue;
        }
        cv.push(color);
        let mut succ_color = color;
        if let Some(t) = f.terminator(visiting) {
            let ti = f.inst(t);
            if ti.op == Opcode::CatchRet {
                // The parent pad of the catchswitch the catchpad belongs to.
                let parent = catchret_parent(f, ti.operands.first().copied());
                succ_color = match parent {
                    Some(Value::Inst(p)) => f.block_of(p).unwrap_or(entry),
                    _ => entry,
                };
            }
        }
        for &s in f.succs(visiting) {
            work.push((s, succ_color));
        }
    }
    colors
}

/// `CatchReturnInst::getCatchSwitchParentPad`: the parent pad of the catchswitch of the catchpad.
fn catchret_parent(f: &FnCtx<'_>, pad: Option<Value>) -> Option<Value> {
    let Some(Value::Inst(cp)) = pad else { return None };
    let Some(Value::Inst(cs)) = f.body.insts.get(cp)?.operands.first().copied() else { return None };
    f.body.insts.get(cs)?.operands.first().copied()
}
