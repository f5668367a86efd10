//! The target cases of the second half of `visitIntrinsicCall`'s switch: AArch64 prefetches,
//! `callbr_landingpad`, the AMDGPU chain calls, whole-wave calls, prefetches, scaled MFMA/WMMA
//! formats, cooperative atomics and `init_exec_from_input`, and NVVM's `setmaxnreg`.

use super::Case;
use crate::ir::FnCtx;
use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::{GlobalKind, InstId, Md, Opcode, Value};

/// LLVM's AMDGPU calling conventions (`CallingConv::AMDGPU_*`).
mod cc {
    pub const AMDGPU_VS: u32 = 87;
    pub const AMDGPU_GS: u32 = 88;
    pub const AMDGPU_CS: u32 = 90;
    pub const AMDGPU_HS: u32 = 93;
    pub const AMDGPU_LS: u32 = 95;
    pub const AMDGPU_ES: u32 = 96;
    pub const AMDGPU_CS_CHAIN: u32 = 104;
    pub const AMDGPU_CS_CHAIN_PRESERVE: u32 = 105;
    pub const AMDGPU_GFX_WHOLE_WAVE: u32 = 124;
}

impl Verifier<'_> {
    /// The target cases (see the module comment).
    pub(super) fn intrinsic_target_case(&mut self, f: &FnCtx<'_>, i: InstId, c: Case) -> Step {
        let call = Subject::Inst(f.g, i);
        match c {
            Case::Aarch64Prefetch => {
                let msgs: [(usize, u64, &'static str); 4] = [
                    (1, 2, "write argument to llvm.aarch64.prefetch must be 0 or 1"),
                    (2, 4, "target argument to llvm.aarch64.prefetch must be 0-3"),
                    (3, 2, "stream argument to llvm.aarch64.prefetch must be 0 or 1"),
                    (4, 2, "isdata argument to llvm.aarch64.prefetch must be 0 or 1"),
                ];
                self.check_const_args(f, i, &msgs)
            }
            Case::Aarch64RangePrefetch => {
                let msgs: [(usize, u64, &'static str); 2] = [
                    (1, 2, "write argument to llvm.aarch64.range.prefetch must be 0 or 1"),
                    (2, 2, "stream argument to llvm.aarch64.range.prefetch must be 0 or 1"),
                ];
                self.check_const_args(f, i, &msgs)
            }
            Case::CallbrLandingpad => self.check_callbr_landingpad(f, i),
            Case::CsChain => {
                let ok = matches!(
                    f.fd.cconv,
                    cc::AMDGPU_CS
                        | cc::AMDGPU_CS_CHAIN
                        | cc::AMDGPU_CS_CHAIN_PRESERVE
                        | cc::AMDGPU_ES
                        | cc::AMDGPU_GS
                        | cc::AMDGPU_HS
                        | cc::AMDGPU_LS
                        | cc::AMDGPU_VS
                );
                if !ok {
                    self.fail_module("Intrinsic cannot be called from functions with this calling convention", &[call]);
                }
                let sgpr = self.call_param_has_attr(f, i, 2, b"inreg");
                self.check_module(sgpr, "SGPR arguments must have the `inreg` attribute", &[call])?;
                let vgpr = self.call_param_has_attr(f, i, 3, b"inreg");
                self.check_module(!vgpr, "VGPR arguments must not have the `inreg` attribute", &[call])
            }
            Case::CallWholeWave => self.check_call_whole_wave(f, i),
            Case::SetInactiveChainArg => {
                if !matches!(f.fd.cconv, cc::AMDGPU_CS_CHAIN | cc::AMDGPU_CS_CHAIN_PRESERVE) {
                    self.fail_module(
                        "Intrinsic can only be used from functions with the amdgpu_cs_chain or \
                         amdgpu_cs_chain_preserve calling conventions",
                        &[call],
                    );
                }
                let inreg = self.call_param_has_attr(f, i, 1, b"inreg");
                self.check_module(!inreg, "Value for inactive lanes must not have the `inreg` attribute", &[call])?;
                let arg = match self.arg(f, i, 1) {
                    Some(Value::Arg(a)) => Some(a),
                    _ => None,
                };
                self.check_module(arg.is_some(), "Value for inactive lanes must be a function argument", &[call])?;
                let vgpr = arg.is_some_and(|a| self.attr_arg(f.fd.attrs.param(a as usize), b"inreg").is_none());
                self.check_module(vgpr, "Value for inactive lanes must be a VGPR function argument", &[call])
            }
            Case::SPrefetchData => {
                let a = self.arg_ty(f, i, 0).and_then(|t| self.types().ptr_addrspace(t));
                // `AMDGPU::isFlatGlobalAddrSpace`: flat, global, constant, or beyond the target's own.
                let ok = a.is_none_or(|a| matches!(a, 0 | 1 | 4) || a > 9);
                self.check_module(ok, "llvm.amdgcn.s.prefetch.data only supports global or constant memory", &[])
            }
            Case::MfmaScale => self.check_scaled_formats(f, i, [3, 4], [0, 1], true),
            Case::WmmaScale => self.check_scaled_formats(f, i, [0, 2], [1, 3], false),
            Case::CooperativeAtomic => {
                let ptr = self.arg(f, i, 0);
                let a = ptr.and_then(|p| self.value_ty(f, p)).and_then(|t| self.types().ptr_addrspace(t));
                let mut subs = vec![call];
                subs.extend(ptr.map(|p| Subject::Value(f.g, p)));
                self.check_module(
                    matches!(a, Some(0 | 1)),
                    "cooperative atomic intrinsics require a generic or global pointer",
                    &subs,
                )?;
                let n = self.arg_count(f, i);
                let last = n.checked_sub(1).and_then(|k| self.arg(f, i, k));
                let ok = match last {
                    Some(Value::Md(Md::Node(id))) => {
                        let ops = &self.v.m.ctx.md(id).ops;
                        ops.len() == 1 && matches!(ops.first(), Some(Md::Str(_)))
                    }
                    _ => false,
                };
                let mut subs = vec![call];
                subs.extend(last.map(|p| Subject::Value(f.g, p)));
                self.check_module(
                    ok,
                    "cooperative atomic intrinsics require that the last argument is a metadata string",
                    &subs,
                )
            }
            Case::InitExecFromInput => {
                let ok = match self.arg(f, i, 0) {
                    Some(Value::Arg(a)) => self.attr_arg(f.fd.attrs.param(a as usize), b"inreg").is_some(),
                    _ => false,
                };
                self.check_module(
                    ok,
                    "only inreg arguments to the parent function are valid as inputs to this intrinsic",
                    &[call],
                )
            }
            Case::SetMaxNReg => {
                let Some(n) = self.const_arg(f, i, 0) else { return Some(()) };
                self.check_module(
                    (n as u32).is_multiple_of(8),
                    "reg_count argument to nvvm.setmaxnreg must be in multiples of 8",
                    &[],
                )
            }
            // LLVM 22 checks the size operand through its immarg range.
            _ => Some(()),
        }
    }

    /// Constant arguments that must stay below a bound: `(index, bound, message)`.
    fn check_const_args(&mut self, f: &FnCtx<'_>, i: InstId, checks: &[(usize, u64, &'static str)]) -> Step {
        for &(k, bound, msg) in checks {
            let Some(v) = self.const_arg(f, i, k) else { continue };
            self.check_module(v < bound, msg, &[Subject::Inst(f.g, i)])?;
        }
        Some(())
    }

    /// `callbr_landingpad`: tied to the `callbr` of its block's single predecessor, first in its
    /// block.
    fn check_callbr_landingpad(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let call = Subject::Inst(f.g, i);
        let cbr = match self.arg(f, i, 0) {
            Some(Value::Inst(d)) if f.body.insts.get(d).is_some_and(|x| x.op == Opcode::CallBr) => Some(d),
            _ => None,
        };
        self.check_module(cbr.is_some(), "intrinstic requires callbr operand", &[call])?;
        let cbr = cbr?;
        let bb = f.block_of(i)?;
        let preds = f.preds(bb);
        let unique = preds.first().copied().filter(|&p| preds.iter().all(|&q| q == p));
        let Some(pred) = unique else {
            self.fail_module("Intrinsic in block must have 1 unique predecessor", &[call]);
            return Some(());
        };
        if !f.terminator(pred).is_some_and(|t| f.inst(t).op == Opcode::CallBr) {
            self.fail_module("Intrinsic must have corresponding callbr in predecessor", &[call]);
            return Some(());
        }
        let cb = f.inst(cbr);
        let n = cb.call().map_or(0, |c| c.num_args as usize);
        let indirect = cb.operands.get(2 + n..).unwrap_or(&[]);
        self.check_module(
            indirect.contains(&Value::Block(bb)),
            "Intrinsic's corresponding callbr must have intrinsic's parent basic block in indirect destination list",
            &[call],
        )?;
        let first = f.body.blocks[bb].insts.first().copied();
        self.check_module(first == Some(i), "No other instructions may proceed intrinsic", &[call])
    }

    /// `amdgcn_call_whole_wave`: a direct call of an `amdgpu_gfx_whole_wave` function whose
    /// arguments after the active mask match the call's.
    fn check_call_whole_wave(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let m = self.v.m;
        let call = [Subject::Inst(f.g, i)];
        let callee =
            self.arg(f, i, 0).and_then(|v| self.global_of(v)).filter(|&g| m.globals[g].kind == GlobalKind::Function);
        self.check_module(callee.is_some(), "Indirect whole wave calls are not allowed", &call)?;
        let g = callee?;
        let fd = m.globals[g].func.as_deref()?;
        self.check_module(
            fd.cconv == cc::AMDGPU_GFX_WHOLE_WAVE,
            "Callee must have the amdgpu_gfx_whole_wave calling convention",
            &call,
        )?;
        let fty = m.globals[g].value_ty;
        let vararg = matches!(m.ctx.type_of(fty), llrs_ir::Type::Function { vararg: true, .. });
        self.check_module(!vararg, "Variadic whole wave calls are not allowed", &call)?;
        let params = m.ctx.fn_params(fty);
        let n = self.arg_count(f, i);
        self.check_module(n == params.len(), "Call argument count must match callee argument count", &call)?;
        let first_i1 = params.first().is_some_and(|&t| self.types().int_bits(t) == Some(1));
        self.check_module(first_i1, "Callee must have i1 as its first argument", &call)?;
        for (k, &pty) in params.iter().enumerate().skip(1) {
            self.check_module(self.arg_ty(f, i, k) == Some(pty), "Argument types must match", &call)?;
            let at_call = self.call_param_has_attr(f, i, k, b"inreg");
            let at_fn = self.attr_arg(fd.attrs.param(k), b"inreg").is_some();
            self.check_module(at_call == at_fn, "Argument inreg attributes must match", &call)?;
        }
        Some(())
    }

    /// The scaled MFMA (`mfma`: formats in arguments 3 and 4, sources 0 and 1, of 4, 6 or 8
    /// `i32`s) and WMMA (formats in arguments 0 and 2, sources 1 and 3, of 8, 12 or 16 `i32`s)
    /// intrinsics: each source must hold at least the registers its format needs.
    fn check_scaled_formats(&mut self, f: &FnCtx<'_>, i: InstId, fmt: [usize; 2], src: [usize; 2], mfma: bool) -> Step {
        let call = Subject::Inst(f.g, i);
        let (Some(fa), Some(fb)) = (self.const_arg(f, i, fmt[0]), self.const_arg(f, i, fmt[1])) else {
            return Some(());
        };
        let av: Vec<Option<Subject>> = (0..8).map(|k| self.arg(f, i, k).map(|v| Subject::Value(f.g, v))).collect();
        let fmt_val = |k: usize| av.get(k).copied().flatten();
        let (fmt_msg_a, fmt_msg_b) = if mfma {
            ("invalid value for cbsz format", "invalid value for blgp format")
        } else {
            ("invalid value for matrix format", "invalid value for matrix format")
        };
        let t = self.types();
        let valid = |k: usize| -> Option<u32> {
            let (scalable, len, elem) = t.vector(self.arg_ty(f, i, k)?)?;
            let ok = !scalable && t.int_bits(elem) == Some(32);
            let sizes = if mfma { [4, 6, 8] } else { [8, 12, 16] };
            (ok && sizes.contains(&len)).then_some(len)
        };
        let l0 = valid(src[0]);
        let l1 = valid(src[1]);
        let subs: Vec<Subject> = std::iter::once(call).chain(fmt_val(fmt[0])).collect();
        self.check_module(fa <= 4, fmt_msg_a, &subs)?;
        let subs: Vec<Subject> = std::iter::once(call).chain(fmt_val(fmt[1])).collect();
        self.check_module(fb <= 4, fmt_msg_b, &subs)?;
        let regs = |v: u64| -> u32 {
            let r = match v {
                0 | 1 => 8,
                2 | 3 => 6,
                _ => 4,
            };
            if mfma {
                r
            } else {
                r * 2
            }
        };
        let (msg0, msg1) = if mfma {
            ("operand 0 must be 4, 6 or 8 element i32 vector", "operand 1 must be 4, 6 or 8 element i32 vector")
        } else {
            ("operand 1 must be 8, 12 or 16 element i32 vector", "operand 3 must be 8, 12 or 16 element i32 vector")
        };
        let subs: Vec<Subject> = std::iter::once(call).chain(fmt_val(src[0])).collect();
        self.check_module(l0.is_some(), msg0, &subs)?;
        let subs: Vec<Subject> = std::iter::once(call).chain(fmt_val(src[1])).collect();
        self.check_module(l1.is_some(), msg1, &subs)?;
        let subs: Vec<Subject> = std::iter::once(call).chain(fmt_val(src[0])).chain(fmt_val(fmt[0])).collect();
        self.check_module(l0? >= regs(fa), "invalid vector type for format", &subs)?;
        // LLVM names argument 5 after the second source for the MFMA, argument 2 for the WMMA.
        let second_fmt = if mfma { 5 } else { fmt[1] };
        let subs: Vec<Subject> = std::iter::once(call).chain(fmt_val(src[1])).chain(fmt_val(second_fmt)).collect();
        self.check_module(l1? >= regs(fb), "invalid vector type for format", &subs)
    }
}
