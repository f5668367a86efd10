//! Calls: `visitCallBase` (arguments against the prototype, attributes of the call site,
//! operand bundles, inline asm, swifterror, the callee's calling convention), `visitCallInst`
//! with `verifyMustTailCall`, `visitInvokeInst`, `visitCallBrInst`, `verifySwiftErrorCall` and
//! `verifySwiftErrorValue`.

mod asm;
mod bundles;
mod musttail;
pub mod site;
#[cfg(test)]
mod tests;

use super::FnCtx;
use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::instructions::flags;
use llrs_ir::{Const, InstId, Opcode, TypeId, Value};
use site::{signature, Site, Strip};

/// `Value::MaximumAlignment`: 2^32 bytes.
const MAXIMUM_ALIGNMENT: u64 = 1 << 32;

/// `CallingConv::isCallableCC`: the AMDGPU entry points and chain functions, and SPIR kernels,
/// cannot be called.
fn is_callable_cc(cc: u32) -> bool {
    // amdgpu_cs_chain(_preserve), amdgpu_gfx_whole_wave, amdgpu_{cs,es,gs,hs,kernel,ls,ps,vs},
    // spir_kernel.
    !matches!(cc, 104 | 105 | 124 | 90 | 96 | 88 | 93 | 91 | 95 | 89 | 87 | 76)
}

impl Verifier<'_> {
    /// Whether a value may be passed where type `t` is expected (`V->getType() == T`).
    fn has_type(&self, f: &FnCtx<'_>, v: Value, t: TypeId) -> bool {
        let ty = self.types();
        match v {
            Value::Md(_) => ty.is_metadata(t),
            Value::Block(_) => ty.is_label(t),
            Value::Asm(_) => ty.ptr_addrspace(t) == Some(0) && ty.is_ptr(t),
            v => self.value_ty(f, v) == Some(t),
        }
    }

    /// `visitCallBase`.
    pub fn visit_call_base(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let m = self.v.m;
        let ctx = &m.ctx;
        let inst = f.inst(i);
        let Some(site) = Site::of(inst) else { return self.visit_instruction(f, i) };
        let me = Subject::Inst(f.g, i);
        let callee_op = site.callee();
        let callee_is_ptr = match callee_op {
            Some(Value::Asm(_)) => true,
            Some(v) => self.value_ty(f, v).is_some_and(|t| self.types().is_ptr(t)),
            None => false,
        };
        self.check_module(callee_is_ptr, "Called function must be a pointer!", &[me])?;
        let fty = site.call.fn_ty;
        let Some((ret, params, vararg)) = signature(ctx, fty) else { return Some(()) };
        let args = site.args();

        // The number of arguments, then their types.
        if vararg {
            self.check_module(
                args.len() >= params.len(),
                "Called function requires more parameters than were provided!",
                &[me],
            )?;
        } else {
            self.check_module(
                args.len() == params.len(),
                "Incorrect number of arguments passed to called function!",
                &[me],
            )?;
        }
        for (&a, &pt) in args.iter().zip(params) {
            self.check_module(
                self.has_type(f, a, pt),
                "Call parameter type does not match function signature!",
                &[Subject::Value(f.g, a), Subject::Type(pt), me],
            )?;
        }

        let attrs = &site.call.attrs;
        let count_ok = attrs.params.iter().skip(args.len()).all(|&a| a == llrs_ir::attributes::AttrsId::EMPTY);
        self.check_module(count_ok, "Attribute after last parameter!", &[me])?;

        let callee = callee_op.and_then(|v| self.stripped_function(f, v));
        let is_intrinsic = callee.is_some_and(|g| self.intrinsic_of(g).is_some());
        if let (true, Some(g)) = (is_intrinsic, callee) {
            self.check_module(m.globals[g].value_ty == fty, "Intrinsic called with incompatible signature", &[me])?;
        }
        self.check_module(is_callable_cc(site.call.cconv), "calling convention does not permit calls", &[me])?;

        // Alignments higher than LLVM can represent (a failure here does not end the visit:
        // LLVM checks in a lambda).
        if !is_intrinsic {
            let mut verify_type_align = |t: TypeId, what: &str| {
                if !self.type_sized(t) || self.data_layout().abi_align(ctx, t) <= MAXIMUM_ALIGNMENT {
                    return;
                }
                self.fail_module(format!("Incorrect alignment of {what} to called function!"), &[me]);
            };
            verify_type_align(ret, "return type");
            for &p in params {
                verify_type_align(p, "argument passed");
            }
        }

        if self.has(attrs.func, "speculatable") {
            let spec = callee.and_then(|g| self.fn_attrs(g)).is_some_and(|a| self.has(a.func, "speculatable"));
            self.check_module(spec, "speculatable attribute may not apply to call sites", &[me])?;
        }
        let called = self.callee_fn(inst);
        if self.has(attrs.func, "preallocated") {
            let ok = called.is_some_and(|g| self.intrinsic_is(g, "llvm.call.preallocated.arg"));
            self.check_module(
                ok,
                "preallocated as a call site attribute can only be on llvm.call.preallocated.arg",
                &[],
            )?;
        }

        let _ = self.verify_function_attrs(fty, attrs, &me, is_intrinsic, site.is_inline_asm());

        // The alloca of an inalloca argument must be marked inalloca.
        if !args.is_empty() && self.param_has_attr(site, args.len() - 1, "inalloca") {
            let arg = params.len().checked_sub(1).and_then(|k| site.arg(k));
            if let Some(Value::Inst(ai)) = arg.map(|a| self.strip(f, a, Strip::InBounds)) {
                if let Some(d) = f.body.insts.get(ai).filter(|d| d.op == Opcode::Alloca) {
                    self.check_module(
                        d.flags & flags::INALLOCA != 0,
                        "inalloca argument for call has mismatched alloca",
                        &[Subject::Value(f.g, Value::Inst(ai)), me],
                    )?;
                }
            }
        }

        for k in 0..params.len() {
            let Some(arg) = site.arg(k) else { break };
            if self.param_has_attr(site, k, "swifterror") {
                if let Value::Inst(ai) = self.strip(f, arg, Strip::InBounds) {
                    if let Some(d) = f.body.insts.get(ai).filter(|d| d.op == Opcode::Alloca) {
                        self.check_module(
                            d.flags & flags::SWIFTERROR != 0,
                            "swifterror argument for call has mismatched alloca",
                            &[Subject::Value(f.g, Value::Inst(ai)), me],
                        )?;
                        continue;
                    }
                }
                let Value::Arg(a) = arg else {
                    self.fail_module(
                        "swifterror argument should come from an alloca or parameter",
                        &[Subject::Value(f.g, arg), me],
                    );
                    return None;
                };
                self.check_module(
                    self.has(f.fd.attrs.param(a as usize), "swifterror"),
                    "swifterror argument for call has mismatched parameter",
                    &[Subject::Value(f.g, arg), me],
                )?;
            }

            if self.has(attrs.param(k), "immarg") {
                let decl = callee.and_then(|g| self.fn_attrs(g)).is_some_and(|a| self.has(a.param(k), "immarg"));
                self.check_module(decl, "immarg may not apply only to call sites", &[Subject::Value(f.g, arg), me])?;
            }

            if self.param_has_attr(site, k, "immarg") {
                let imm = match arg {
                    Value::Const(c) => match ctx.const_of(c) {
                        Const::Int(t, _) | Const::Float(t, _) => !self.types().is_vector(*t),
                        _ => false,
                    },
                    _ => false,
                };
                self.check_module(imm, "immarg operand has non-immediate parameter", &[Subject::Value(f.g, arg), me])?;
            }

            if self.param_has_attr(site, k, "preallocated") {
                let has_bundle = site.call.bundles.iter().any(|b| ctx.name(b.tag) == b"preallocated");
                self.check_module(
                    has_bundle != site.is_must_tail(),
                    "preallocated operand either requires a preallocated bundle or the call to be musttail (but not both)",
                    &[Subject::Value(f.g, arg), me],
                )?;
            }
        }

        if vararg {
            self.verify_vararg_call_attrs(f, i, site, ret, params.len())?;
        }

        // Metadata and token parameters are for intrinsics only.
        if !is_intrinsic {
            for &p in params {
                self.check_module(
                    !self.types().is_metadata(p),
                    "Function has metadata parameter but isn't an intrinsic",
                    &[me],
                )?;
                self.check_module(
                    !self.types().is_token(p),
                    "Function has token parameter but isn't an intrinsic",
                    &[me],
                )?;
            }
        }

        // Indirect calls cannot return tokens.
        if called.is_none() {
            self.check_module(!self.types().is_token(ret), "Return type cannot be token for indirect call!", &[])?;
            self.check_module(!self.types().is_x86_amx(ret), "Return type cannot be x86_amx for indirect call!", &[])?;
        }

        if let Some(g) = called {
            if matches!(self.intrinsic_of(g), Some(Some(_))) {
                let _ = self.visit_intrinsic_call(f, i, g);
            }
        }

        let found_ptrauth = self.verify_operand_bundles(f, i, site)?;

        // Callee and call site must agree on pointer authentication.
        self.check_module(!(called.is_some() && found_ptrauth), "Direct call cannot have a ptrauth bundle", &[me])?;

        self.visit_call_md(f.g, i, inst);

        if site.is_inline_asm() {
            let _ = self.verify_inline_asm_call(f, i, site);
        }

        self.visit_call_convergence(f, i);

        self.visit_instruction(f, i)
    }

    /// The attribute checks `visitCallBase` makes of the variadic part of a call.
    fn verify_vararg_call_attrs(&mut self, f: &FnCtx<'_>, i: InstId, site: Site<'_>, ret: TypeId, n: usize) -> Step {
        let me = Subject::Inst(f.g, i);
        let attrs = &site.call.attrs;
        let mut saw_nest = (0..n).any(|k| self.has(attrs.param(k), "nest"));
        let mut saw_returned = (0..n).any(|k| self.has(attrs.param(k), "returned"));
        let called = self.callee_fn(site.inst);
        let statepoint = called.is_some_and(|g| self.intrinsic_is(g, "llvm.experimental.gc.statepoint"));
        let args = site.args();
        for (k, &arg) in args.iter().enumerate().skip(n) {
            let ty = self.value_ty(f, arg);
            let set = attrs.param(k);
            if let Some(t) = ty {
                let _ = self.verify_parameter_attrs(set, t, &me);
            }
            if self.has(set, "nest") {
                self.check_module(!saw_nest, "More than one parameter has attribute nest!", &[me])?;
                saw_nest = true;
            }
            if self.has(set, "returned") {
                self.check_module(!saw_returned, "More than one parameter has attribute returned!", &[me])?;
                let lossless = ty.is_some_and(|t| self.can_losslessly_bitcast(t, ret));
                self.check_module(lossless, "Incompatible argument and return types for 'returned' attribute", &[me])?;
                saw_returned = true;
            }
            if !statepoint {
                self.check_module(
                    !self.has(set, "sret"),
                    "Attribute 'sret' cannot be used for vararg call arguments!",
                    &[me],
                )?;
            }
            if self.has(set, "inalloca") {
                self.check_module(k == args.len() - 1, "inalloca isn't on the last argument!", &[me])?;
            }
        }
        Some(())
    }

    /// `visitCallInst`.
    pub fn visit_call_inst(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let _ = self.visit_call_base(f, i);
        if let Some(site) = Site::of(f.inst(i)).filter(|s| s.is_must_tail()) {
            self.verify_must_tail_call(f, i, site)?;
        }
        Some(())
    }

    /// `visitInvokeInst`.
    pub fn visit_invoke(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let _ = self.visit_call_base(f, i);
        let unwind = Site::of(f.inst(i)).and_then(|s| s.dests().get(1).copied());
        let is_pad = match unwind {
            Some(Value::Block(b)) => self.first_is_eh_pad(f, b),
            _ => false,
        };
        self.check_module(
            is_pad,
            "The unwind destination does not have an exception handling instruction!",
            &[Subject::Inst(f.g, i)],
        )?;
        self.visit_terminator(f, i)
    }

    /// `visitCallBrInst`.
    pub fn visit_callbr(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let Some(site) = Site::of(f.inst(i)) else { return self.visit_terminator(f, i) };
        if !site.is_inline_asm() {
            let Some(g) = self.callee_fn(site.inst) else {
                self.fail_module("Callbr: indirect function / invalid signature", &[]);
                return None;
            };
            self.check_module(
                site.call.bundles.is_empty(),
                "Callbr for intrinsics currently doesn't support operand bundles",
                &[],
            )?;
            if self.intrinsic_is(g, "llvm.amdgcn.kill") {
                let indirect = site.dests().get(1..).unwrap_or(&[]);
                self.check_module(indirect.len() == 1, "Callbr amdgcn_kill only supports one indirect dest", &[])?;
                let first = match indirect.first() {
                    Some(Value::Block(b)) => f.body.blocks[*b].insts.first().map(|&x| f.inst(x)),
                    _ => None,
                };
                let ok = first.is_some_and(|d| {
                    d.op == Opcode::Unreachable
                        || (d.op == Opcode::Call
                            && self.callee_fn(d).is_some_and(|c| self.intrinsic_is(c, "llvm.amdgcn.unreachable")))
                });
                self.check_module(ok, "Callbr amdgcn_kill indirect dest needs to be unreachable", &[])?;
            } else {
                self.fail_module("Callbr currently only supports asm-goto and selected intrinsics", &[]);
            }
            // LLVM goes on to `visitIntrinsicCall(getIntrinsicID())` whatever the callee (and
            // crashes for a function that is no intrinsic).
            if self.known_intrinsic(g).is_some() {
                let _ = self.visit_intrinsic_call(f, i, g);
            }
        } else {
            let throws = match site.callee() {
                Some(Value::Asm(a)) => self.v.m.asms.get(a).is_some_and(|x| x.can_throw),
                _ => false,
            };
            self.check_module(!throws, "Unwinding from Callbr is not allowed", &[])?;
            let _ = self.verify_inline_asm_call(f, i, site);
        }
        self.visit_terminator(f, i)
    }

    /// `verifySwiftErrorCall`: a swifterror value passed to a call must go to a swifterror
    /// parameter.
    fn verify_swift_error_call(&mut self, f: &FnCtx<'_>, call: InstId, v: Value) -> Step {
        let Some(site) = Site::of(f.inst(call)) else { return Some(()) };
        for (k, &a) in site.args().iter().enumerate() {
            if a == v {
                self.check_module(
                    self.param_has_attr(site, k, "swifterror"),
                    "swifterror value when used in a callsite should be marked with swifterror attribute",
                    &[Subject::Value(f.g, v), Subject::Inst(f.g, call)],
                )?;
            }
        }
        Some(())
    }

    /// `verifySwiftErrorValue`: a swifterror alloca or argument may only be loaded, stored to,
    /// or passed as a swifterror argument.
    pub fn verify_swift_error_value(&mut self, f: &FnCtx<'_>, v: Value) {
        let _ = self.swift_error_value(f, v);
    }

    fn swift_error_value(&mut self, f: &FnCtx<'_>, v: Value) -> Step {
        for u in f.users(v) {
            let d = f.inst(u.user);
            let subjects = [Subject::Value(f.g, v), Subject::Inst(f.g, u.user)];
            self.check_module(
                matches!(d.op, Opcode::Load | Opcode::Store | Opcode::Call | Opcode::Invoke),
                "swifterror value can only be loaded and stored from, or as a swifterror argument!",
                &subjects,
            )?;
            if d.op == Opcode::Store {
                self.check_module(
                    d.operands.get(1) == Some(&v),
                    "swifterror value should be the second operand when used by stores",
                    &subjects,
                )?;
            }
            if d.call().is_some() {
                let _ = self.verify_swift_error_call(f, u.user, v);
            }
        }
        Some(())
    }

    /// `BasicBlock::isEHPad` (of its first non-PHI instruction).
    pub fn first_is_eh_pad(&self, f: &FnCtx<'_>, b: llrs_ir::BlockId) -> bool {
        f.first_non_phi(b).is_some_and(|x| is_eh_pad(f.inst(x).op))
    }
}

/// `Instruction::isEHPad`.
pub fn is_eh_pad(op: Opcode) -> bool {
    matches!(op, Opcode::LandingPad | Opcode::CatchPad | Opcode::CleanupPad | Opcode::CatchSwitch)
}
