//! Statepoints: `case Intrinsic::experimental_gc_statepoint` with `verifyStatepoint`, and the
//! `gc.result` and `gc.relocate` cases.

use super::super::FnCtx;
use super::helpers::{arg, call_args};
use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::{GlobalId, InstId, Opcode, Type, TypeId, Value};

/// `StatepointFlags::MaskAll`.
const STATEPOINT_FLAGS_MASK: u64 = 3;

impl Verifier<'_> {
    /// Whether `v` is a call of `llvm.experimental.gc.statepoint` (`GCStatepointInst`).
    fn is_statepoint(&self, f: &FnCtx<'_>, v: Value) -> bool {
        self.called_intrinsic(f, v) == Some("llvm.experimental.gc.statepoint")
    }

    /// `case Intrinsic::experimental_gc_statepoint`.
    pub(super) fn visit_gc_statepoint(&mut self, f: &FnCtx<'_>, i: InstId, _callee: GlobalId) -> Step {
        self.check_module(f.fd.gc.is_some(), "Enclosing function does not use GC.", &[Subject::Inst(f.g, i)])?;
        self.verify_statepoint(f, i)
    }

    /// `verifyStatepoint(Call)`.
    fn verify_statepoint(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let m = self.v.m;
        let t = self.types();
        let inst = f.inst(i);
        let Some(cd) = inst.call() else { return Some(()) };
        let call = Subject::Inst(f.g, i);
        let me = self.call_memory(inst, cd, false);
        let locs = llrs_ir::attributes::MEMORY_LOCATIONS.len();
        let none = (0..locs).all(|l| me.get(l) == 0);
        let only_reads = (0..locs).all(|l| me.get(l) & 2 == 0);
        let only_arg = (1..locs).all(|l| me.get(l) == 0);
        self.check_module(
            !none && !only_reads && !only_arg,
            "gc.statepoint must read and write all memory to preserve reordering restrictions required by \
             safepoint semantics",
            &[call],
        )?;
        if let Some(n) = self.const_apint(arg(inst, 1)) {
            let n = n.sext_or_trunc(64).low_u64() as i64;
            self.check_module(n >= 0, "gc.statepoint number of patchable bytes must be positive", &[call])?;
        }
        let target = self.param_element_type(inst, 2);
        self.check_module(target.is_some(), "gc.statepoint callee argument must have elementtype attribute", &[call])?;
        let target = target?;
        let Type::Function { ret, params, vararg } = m.ctx.type_of(target) else {
            self.fail_module("gc.statepoint callee elementtype must be function type", &[call]);
            return None;
        };
        let Some(num_call_args) = self.const_apint(arg(inst, 3)) else { return Some(()) };
        let num_call_args = num_call_args.low_u64() as u32 as i32 as i64;
        self.check_module(
            num_call_args >= 0,
            "gc.statepoint number of arguments to underlying call must be positive",
            &[call],
        )?;
        let num_params = params.len() as i64;
        if *vararg {
            self.check_module(
                num_call_args >= num_params,
                "gc.statepoint mismatch in number of vararg call args",
                &[call],
            )?;
            self.check_module(
                t.is_void(*ret),
                "gc.statepoint doesn't support wrapping non-void vararg functions yet",
                &[call],
            )?;
        } else {
            self.check_module(num_call_args == num_params, "gc.statepoint mismatch in number of call args", &[call])?;
        }
        if let Some(flags) = self.const_apint(arg(inst, 4)) {
            self.check_module(
                flags.low_u64() & !STATEPOINT_FLAGS_MASK == 0,
                "unknown flag used in gc.statepoint flags argument",
                &[call],
            )?;
        }
        for (k, &p) in params.iter().enumerate() {
            let a = self.arg_ty(f, i, 5 + k);
            self.check_module(
                a == Some(p),
                "gc.statepoint call argument does not match wrapped function type",
                &[call],
            )?;
            if *vararg {
                let sret = self.has(cd.attrs.param(5 + k), "sret");
                self.check_module(!sret, "Attribute 'sret' cannot be used for vararg call arguments!", &[call])?;
            }
        }
        let end_call = 4 + num_call_args as usize;
        let transition = arg(inst, end_call + 1);
        self.check_module(
            transition.is_some_and(|v| self.is_const_int(v)),
            "gc.statepoint number of transition arguments must be constant integer",
            &[call],
        )?;
        let nt = self.const_apint(transition).map_or(0, |c| c.low_u64() as u32 as i32);
        self.check_module(nt == 0, "gc.statepoint w/inline transition bundle is deprecated", &[call])?;
        let deopt = arg(inst, end_call + 2);
        self.check_module(
            deopt.is_some_and(|v| self.is_const_int(v)),
            "gc.statepoint number of deoptimization arguments must be constant integer",
            &[call],
        )?;
        let nd = self.const_apint(deopt).map_or(0, |c| c.low_u64() as u32 as i32);
        self.check_module(nd == 0, "gc.statepoint w/inline deopt operands is deprecated", &[call])?;
        let expected = 7 + num_call_args;
        self.check_module(expected == call_args(inst).len() as i64, "gc.statepoint too many arguments", &[call])?;
        for u in f.users(Value::Inst(i)) {
            let user = f.inst(u.user);
            let us = Subject::Inst(f.g, u.user);
            self.check_module(user.op == Opcode::Call, "illegal use of statepoint token", &[call, us])?;
            let base = self.called_intrinsic(f, Value::Inst(u.user));
            let is_result = base == Some("llvm.experimental.gc.result");
            let is_relocate = base == Some("llvm.experimental.gc.relocate");
            self.check_module(
                is_relocate || is_result,
                "gc.result or gc.relocate are the only value uses of a gc.statepoint",
                &[call, us],
            )?;
            if is_result {
                self.check_module(
                    arg(user, 0) == Some(Value::Inst(i)),
                    "gc.result connected to wrong gc.statepoint",
                    &[call, us],
                )?;
            }
        }
        Some(())
    }

    /// `case Intrinsic::experimental_gc_result`.
    pub(super) fn visit_gc_result(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let m = self.v.m;
        let inst = f.inst(i);
        let call = Subject::Inst(f.g, i);
        self.check_module(f.fd.gc.is_some(), "Enclosing function does not use GC.", &[call])?;
        let Some(sp) = arg(inst, 0) else { return Some(()) };
        if self.is_undef(sp) {
            return Some(());
        }
        let sp_fn = match sp {
            Value::Inst(x) => f.body.insts.get(x).filter(|d| Self::is_call_base(d)).and_then(|d| self.callee_fn(d)),
            _ => None,
        };
        let ok = sp_fn.is_some_and(|g| {
            m.globals[g].func.as_ref().is_none_or(|fd| fd.body.is_none())
                && self.intrinsic_base(g) == Some("llvm.experimental.gc.statepoint")
        });
        self.check_module(ok, "gc.result operand #1 must be from a statepoint", &[call, Subject::Value(f.g, sp)])?;
        let Some(sp_inst) = (match sp {
            Value::Inst(x) => f.body.insts.get(x),
            _ => None,
        }) else {
            return Some(());
        };
        let target = self.param_element_type(sp_inst, 2);
        let ret = target.and_then(|t| match m.ctx.type_of(t) {
            Type::Function { ret, .. } => Some(*ret),
            _ => None,
        });
        let Some(ret) = ret else { return Some(()) };
        self.check_module(inst.ty == ret, "gc.result result type does not match wrapped callee", &[call])
    }

    /// `BasicBlock::getUniquePredecessor`.
    fn unique_pred(f: &FnCtx<'_>, b: llrs_ir::BlockId) -> Option<llrs_ir::BlockId> {
        let preds = f.preds(b);
        let &first = preds.first()?;
        preds.iter().all(|&p| p == first).then_some(first)
    }

    /// `case Intrinsic::experimental_gc_relocate`.
    pub(super) fn visit_gc_relocate(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let t = self.types();
        let inst = f.inst(i);
        let call = Subject::Inst(f.g, i);
        self.check_module(call_args(inst).len() == 3, "wrong number of arguments", &[call])?;
        let rty = inst.ty;
        self.check_module(
            t.is_ptr(t.scalar(rty)),
            "gc.relocate must return a pointer or a vector of pointers",
            &[call],
        )?;
        let token = arg(inst, 0)?;
        // `getStatepoint()`: the statepoint this relocate belongs to (`None`: undef).
        let statepoint: Option<InstId>;
        let lp = match token {
            Value::Inst(x) if f.body.insts.get(x).is_some_and(|d| d.op == Opcode::LandingPad) => Some(x),
            _ => None,
        };
        if let Some(lp) = lp {
            let lp_block = f.block_of(lp)?;
            let invoke_bb = Self::unique_pred(f, lp_block);
            self.check_module(
                invoke_bb.is_some(),
                "safepoints should have unique landingpads",
                &[Subject::Block(f.g, lp_block)],
            )?;
            let invoke_bb = invoke_bb?;
            let term = f.terminator(invoke_bb);
            let bb = Subject::Block(f.g, invoke_bb);
            self.check_module(term.is_some(), "safepoint block should be well formed", &[bb])?;
            let term = term?;
            let ok = self.is_statepoint(f, Value::Inst(term));
            self.check_module(ok, "gc relocate should be linked to a statepoint", &[bb])?;
            statepoint = Some(term);
        } else {
            let ok = self.is_statepoint(f, token) || self.is_undef(token);
            self.check_module(
                ok,
                "gc relocate is incorrectly tied to the statepoint",
                &[call, Subject::Value(f.g, token)],
            )?;
            statepoint = match token {
                Value::Inst(x) => Some(x),
                _ => None,
            };
        }
        let base = self.const_apint(arg(inst, 1));
        self.check_module(base.is_some(), "gc.relocate operand #2 must be integer offset", &[call])?;
        let derived = self.const_apint(arg(inst, 2));
        self.check_module(derived.is_some(), "gc.relocate operand #3 must be integer offset", &[call])?;
        let (base, derived) = (base?.low_u64(), derived?.low_u64());
        let Some(sp) = statepoint else { return Some(()) };
        let Some(sp_inst) = f.body.insts.get(sp) else { return Some(()) };
        let live = sp_inst
            .call()
            .and_then(|cd| cd.bundles.iter().find(|b| self.v.m.ctx.name(b.tag) == b"gc-live"))
            .map(|b| &b.inputs[..]);
        if let Some(live) = live {
            let n = live.len() as u64;
            self.check_module(base < n, "gc.relocate: statepoint base index out of bounds", &[call])?;
            self.check_module(derived < n, "gc.relocate: statepoint derived index out of bounds", &[call])?;
        }
        let pool = live.unwrap_or_else(|| call_args(sp_inst));
        let pick = |k: u64| usize::try_from(k).ok().and_then(|k| pool.get(k)).and_then(|&v| self.value_ty(f, v));
        let (Some(dty), Some(bty)) = (pick(derived), pick(base)) else { return Some(()) };
        let msg = "gc.relocate: relocated value must be a pointer";
        self.check_module(t.is_ptr_or_ptr_vector(bty), msg, &[call])?;
        self.check_module(t.is_ptr_or_ptr_vector(dty), msg, &[call])?;
        self.check_module(
            t.is_vector(rty) == t.is_vector(dty),
            "gc.relocate: vector relocates to vector and pointer to pointer",
            &[call],
        )?;
        self.check_module(
            t.ptr_addrspace(rty) == t.ptr_addrspace(dty),
            "gc.relocate: relocating a pointer shouldn't change its address space",
            &[call],
        )?;
        // `getGCStrategy`: LLVM aborts on a function without a known strategy.
        let Some(managed) = self.gc_managed(f) else { return Some(()) };
        let is_gc = |ty: TypeId| managed.is_none_or(|as_| t.ptr_addrspace(ty) == Some(as_));
        self.check_module(is_gc(rty), "gc.relocate: must return gc pointer", &[call])?;
        self.check_module(is_gc(bty), "gc.relocate: relocated value must be a gc pointer", &[call])?;
        self.check_module(is_gc(dty), "gc.relocate: relocated value must be a gc pointer", &[call])
    }

    /// The built-in GC strategy of the function: `Some(Some(AS))` when it manages the pointers
    /// of address space AS only, `Some(None)` when it does not tell, `None` when it has none.
    fn gc_managed(&self, f: &FnCtx<'_>) -> Option<Option<u32>> {
        let name = self.v.m.ctx.name(f.fd.gc?);
        match name {
            b"statepoint-example" | b"coreclr" => Some(Some(1)),
            b"erlang" | b"ocaml" | b"shadow-stack" => Some(None),
            _ => None,
        }
    }
}
