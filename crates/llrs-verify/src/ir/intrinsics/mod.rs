//! Intrinsics: `visitIntrinsicCall` (the signature against LLVM's tables, the mangled name,
//! then the rules of each intrinsic), `verifyStatepoint`, `verifyFrameRecoverIndices`,
//! `verifyNoAliasScopeDecl` and `verifyDeoptimizeCallingConvs`.
//!
//! `visit_intrinsic_call` holds the prologue and the switch over the intrinsic's name; the cases
//! are in `cases.rs` and `cases2.rs` (general intrinsics), `gc.rs` (statepoints and garbage collection),
//! `frame.rs` (frame escape, noalias scope declarations, deoptimize) and `funclet.rs` (the
//! check after the switch); `more.rs` holds the second half of LLVM's switch.

mod cases;
mod cases2;
pub mod convergence;
mod frame;
mod funclet;
mod gc;
mod helpers;
pub mod more;
#[cfg(test)]
mod tests;

use super::FnCtx;
use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::intrinsic_sig::{self, Mismatch, SigMatch};
use llrs_ir::{GlobalId, InstId, Md, Value};
use rustc_hash::FxHashMap;

/// State of these checks (`FrameEscapeInfo`, `SawFrameEscape`, `NoAliasScopeDecls`, ...).
#[derive(Default)]
pub struct IntrState {
    /// `FrameEscapeInfo`: for each function, in first-seen order, the number of objects its
    /// `llvm.localescape` escapes and the highest index + 1 `llvm.localrecover` asks of it.
    pub frame_escape: Vec<(GlobalId, u32, u32)>,
    /// Where each function sits in `frame_escape`.
    frame_index: FxHashMap<GlobalId, usize>,
    /// `SawFrameEscape`: this function called `llvm.localescape`.
    pub saw_frame_escape: bool,
    /// `NoAliasScopeDecls`: this function's calls of `llvm.experimental.noalias.scope.decl`.
    pub noalias_decls: Vec<InstId>,
    /// `BlockEHFuncletColors` of this function, computed on demand.
    colors: Option<funclet::Colors>,
    /// The declarations whose signature and name were found right, with the intrinsic's base
    /// name and the name expected (the same for every call: found once).
    signatures: FxHashMap<GlobalId, (&'static str, std::sync::Arc<str>)>,
}

impl IntrState {
    /// Clears what holds for one function only.
    pub fn end_function(&mut self) {
        self.saw_frame_escape = false;
        self.noalias_decls.clear();
        self.colors = None;
    }

    /// The `FrameEscapeInfo` entry of `g` (made when missing).
    fn frame_entry(&mut self, g: GlobalId) -> &mut (GlobalId, u32, u32) {
        let k = *self.frame_index.entry(g).or_insert_with(|| {
            self.frame_escape.push((g, 0, 0));
            self.frame_escape.len() - 1
        });
        &mut self.frame_escape[k]
    }
}

/// The intrinsics LLVM may lower to a call of a runtime function
/// (`IntrinsicInst::mayLowerToFunctionCall`): the Objective-C ARC runtime entry points.
const MAY_LOWER_TO_CALL: &[&str] = &[
    "llvm.objc.autorelease",
    "llvm.objc.autoreleasePoolPop",
    "llvm.objc.autoreleasePoolPush",
    "llvm.objc.autoreleaseReturnValue",
    "llvm.objc.copyWeak",
    "llvm.objc.destroyWeak",
    "llvm.objc.initWeak",
    "llvm.objc.loadWeak",
    "llvm.objc.loadWeakRetained",
    "llvm.objc.moveWeak",
    "llvm.objc.release",
    "llvm.objc.retain",
    "llvm.objc.retainAutorelease",
    "llvm.objc.retainAutoreleaseReturnValue",
    "llvm.objc.retainAutoreleasedReturnValue",
    "llvm.objc.retainBlock",
    "llvm.objc.storeStrong",
    "llvm.objc.storeWeak",
    "llvm.objc.unsafeClaimAutoreleasedReturnValue",
    "llvm.objc.retainedObject",
    "llvm.objc.unretainedObject",
    "llvm.objc.unretainedPointer",
    "llvm.objc.retain.autorelease",
    "llvm.objc.sync.enter",
    "llvm.objc.sync.exit",
];

impl Verifier<'_> {
    /// `visitIntrinsicCall(ID, Call)`: `callee` is the intrinsic's declaration.
    pub fn visit_intrinsic_call(&mut self, f: &FnCtx<'_>, i: InstId, callee: GlobalId) -> Step {
        let m = self.v.m;
        let gl = &m.globals[callee];
        let decl = gl.func.as_ref().is_none_or(|fd| fd.body.is_none());
        let callee_s = Subject::Global(callee);
        self.check_module(decl, "Intrinsic functions should never be defined!", &[callee_s])?;
        let (base, expected) = match self.intr_state.signatures.get(&callee) {
            Some((base, expected)) => (*base, expected.clone()),
            None => {
                let Some(found) = self.intrinsic_signature(callee)? else { return Some(()) };
                self.intr_state.signatures.insert(callee, found.clone());
                found
            }
        };
        let inst = f.inst(i);
        for &v in helpers::call_args(inst) {
            if let Value::Md(md) = v {
                self.visit_metadata_as_value(md);
            }
            if let Value::Const(c) = v {
                let amx = self.types().is_x86_amx(m.ctx.const_of(c).ty());
                self.check_module(!amx, "const x86_amx is not allowed in argument!", &[])?;
            }
        }
        let step = match self.intrinsic_case(f, i, callee, base, &expected) {
            Some(step) => step,
            None => match self.visit_intrinsic_more(f, i, callee) {
                Some(step) => step,
                None => Some(()),
            },
        };
        step?;
        if MAY_LOWER_TO_CALL.contains(&base) {
            self.check_funclet_token(f, i)?;
        }
        Some(())
    }

    /// The signature checks of `visitIntrinsicCall` on the declaration `callee`: its base name
    /// and the name its types call for when they pass; `Some(None)` when LLVM does not know the
    /// intrinsic or its signature (nothing more is checked), `None` after a failure.
    fn intrinsic_signature(&mut self, callee: GlobalId) -> Option<Option<(&'static str, std::sync::Arc<str>)>> {
        let m = self.v.m;
        let gl = &m.globals[callee];
        let callee_s = Subject::Global(callee);
        let name = self.global_name(callee);
        let Some(base) = llrs_ir::intrinsic_attrs::intrinsic_attrs(name).map(|a| a.name) else { return Some(None) };
        let vararg = self.fn_vararg(gl.value_ty);
        let overloads = match intrinsic_sig::match_signature(&m.ctx, name, gl.value_ty) {
            SigMatch::Matches { overload_types } => overload_types,
            SigMatch::Mismatch(Mismatch::ReturnType) => {
                self.fail_module("Intrinsic has incorrect return type!", &[callee_s]);
                return None;
            }
            SigMatch::Mismatch(Mismatch::ArgumentType) => {
                self.fail_module("Intrinsic has incorrect argument type!", &[callee_s]);
                return None;
            }
            SigMatch::Mismatch(Mismatch::VarArg) => {
                let msg = if vararg {
                    "Intrinsic was not defined with variable arguments!"
                } else {
                    "Callsite was not defined with variable arguments!"
                };
                self.fail_module(msg, &[callee_s]);
                return None;
            }
            SigMatch::Mismatch(Mismatch::NotAFunction) | SigMatch::Unknown => return Some(None),
        };
        // `matchIntrinsicVarArg` consumed every descriptor, so "Intrinsic has too few arguments!"
        // cannot fail here.
        let expected = self.expected_intrinsic_name(base, &overloads, name);
        if expected.as_bytes() != name {
            let msg = format!("Intrinsic name not mangled correctly for type arguments! Should be: {expected}");
            self.fail_module(msg, &[callee_s]);
            return None;
        }
        Some(Some((base, expected.into())))
    }

    /// `Intrinsic::getName(ID, ArgTys, M, FTy)`. With an identified struct without a name among
    /// the overloaded types, LLVM numbers the name per module; a name of the form `BASE.N` is
    /// then taken as it is.
    fn expected_intrinsic_name(&self, base: &str, overloads: &[llrs_ir::TypeId], name: &[u8]) -> String {
        let ctx = &self.v.m.ctx;
        let mut unnamed = false;
        for &t in overloads {
            let mut s = String::new();
            intrinsic_sig::mangle_type(ctx, t, &mut s, &mut unnamed);
        }
        let wanted = intrinsic_sig::mangled_name(ctx, base, overloads);
        if unnamed {
            let numbered = name
                .strip_prefix(wanted.as_bytes())
                .and_then(|rest| rest.strip_prefix(b"."))
                .is_some_and(|n| !n.is_empty() && n.iter().all(u8::is_ascii_digit));
            if numbered {
                return String::from_utf8_lossy(name).into_owned();
            }
            return wanted + ".0";
        }
        wanted
    }

    /// `visitMetadataAsValue(MD, F)`: a node is walked (no locations allowed below it); a local
    /// value always belongs to the function whose call names it here.
    pub(crate) fn visit_metadata_as_value(&mut self, md: Md) {
        if let Md::Node(n) = md {
            if self.v.node_class(n) != crate::node::Class::ArgList {
                self.visit_md_node(n, false);
            }
        }
    }

    /// The switch of `visitIntrinsicCall` over the cases of this module: `None` when `base` is
    /// not one of them.
    fn intrinsic_case(
        &mut self,
        f: &FnCtx<'_>,
        i: InstId,
        callee: GlobalId,
        base: &str,
        expected: &str,
    ) -> Option<Step> {
        let step = match base {
            "llvm.assume" => self.visit_assume(f, i),
            "llvm.ucmp" | "llvm.scmp" => self.visit_cmp3(f, i),
            "llvm.coro.id" => self.visit_coro_id(f, i),
            "llvm.is.fpclass" => self.visit_is_fpclass(f, i),
            "llvm.fptrunc.round" => self.visit_fptrunc_round(f, i),
            "llvm.dbg.declare" | "llvm.dbg.value" | "llvm.dbg.assign" | "llvm.dbg.label" => Some(()),
            "llvm.memcpy"
            | "llvm.memcpy.inline"
            | "llvm.memmove"
            | "llvm.memset"
            | "llvm.memset.inline"
            | "llvm.experimental.memset.pattern" => Some(()),
            "llvm.memcpy.element.unordered.atomic"
            | "llvm.memmove.element.unordered.atomic"
            | "llvm.memset.element.unordered.atomic" => self.visit_atomic_mem(f, i, callee, base),
            "llvm.call.preallocated.setup" => self.visit_preallocated_setup(f, i),
            "llvm.call.preallocated.arg" => self.visit_preallocated_arg(f, i, callee),
            "llvm.call.preallocated.teardown" => self.visit_preallocated_teardown(f, i),
            "llvm.gcroot" | "llvm.gcwrite" | "llvm.gcread" => self.visit_gc_root(f, i, base),
            "llvm.init.trampoline" => self.visit_init_trampoline(f, i),
            "llvm.prefetch" => self.visit_prefetch(f, i),
            "llvm.stackprotector" => self.visit_stackprotector(f, i),
            "llvm.localescape" => self.visit_localescape(f, i),
            "llvm.localrecover" => self.visit_localrecover(f, i),
            "llvm.lifetime.start" | "llvm.lifetime.end" => self.visit_lifetime(f, i),
            "llvm.experimental.gc.statepoint" => self.visit_gc_statepoint(f, i, callee),
            "llvm.experimental.gc.result" => self.visit_gc_result(f, i),
            "llvm.experimental.gc.relocate" => self.visit_gc_relocate(f, i),
            "llvm.experimental.patchpoint" => self.visit_patchpoint(f, i),
            "llvm.eh.exceptioncode" | "llvm.eh.exceptionpointer" => self.visit_eh_exception(f, i),
            "llvm.get.active.lane.mask" => self.visit_active_lane_mask(f, i),
            "llvm.experimental.get.vector.length" => self.visit_get_vector_length(f, i),
            "llvm.masked.load" => self.visit_masked_load(f, i),
            "llvm.masked.store" => self.visit_masked_store(f, i),
            "llvm.masked.gather" | "llvm.masked.scatter" => Some(()),
            "llvm.experimental.guard" => self.visit_guard(f, i),
            "llvm.experimental.deoptimize" => self.visit_deoptimize(f, i),
            "llvm.va_start" => self.visit_va_start(f),
            "llvm.vector.reduce.and"
            | "llvm.vector.reduce.or"
            | "llvm.vector.reduce.xor"
            | "llvm.vector.reduce.add"
            | "llvm.vector.reduce.mul"
            | "llvm.vector.reduce.smax"
            | "llvm.vector.reduce.smin"
            | "llvm.vector.reduce.umax"
            | "llvm.vector.reduce.umin" => self.visit_reduce(f, i, 0, false),
            "llvm.vector.reduce.fmax" | "llvm.vector.reduce.fmin" => self.visit_reduce(f, i, 0, true),
            "llvm.vector.reduce.fadd" | "llvm.vector.reduce.fmul" => self.visit_reduce(f, i, 1, true),
            "llvm.smul.fix" | "llvm.smul.fix.sat" | "llvm.umul.fix" | "llvm.umul.fix.sat" | "llvm.sdiv.fix"
            | "llvm.sdiv.fix.sat" | "llvm.udiv.fix" | "llvm.udiv.fix.sat" => self.visit_fixed_point(f, i, base),
            "llvm.lrint" | "llvm.llrint" | "llvm.lround" | "llvm.llround" => self.visit_lrint(f, i, expected),
            "llvm.bswap" => self.visit_bswap(f, i),
            "llvm.get.dynamic.area.offset" => self.visit_dynamic_area_offset(f, i),
            "llvm.invariant.start" => self.visit_invariant_start(f, i),
            "llvm.experimental.noalias.scope.decl" => self.visit_noalias_scope_decl(i),
            "llvm.matrix.multiply"
            | "llvm.matrix.transpose"
            | "llvm.matrix.column.major.load"
            | "llvm.matrix.column.major.store" => self.visit_matrix(f, i, callee, base),
            _ => return None,
        };
        Some(step)
    }

    /// `verifyNoAliasScopeDecl`, at the end of each function.
    pub fn verify_noalias_scope_decls(&mut self, f: &FnCtx<'_>) {
        self.verify_noalias_decls(f);
    }

    /// `verifyFrameRecoverIndices`, once all functions are verified.
    pub fn verify_frame_recover_indices(&mut self) {
        self.verify_frame_indices();
    }

    /// `verifyDeoptimizeCallingConvs`, at the end of the module.
    pub fn verify_deoptimize_calling_convs(&mut self) {
        self.verify_deopt_ccs();
    }
}
