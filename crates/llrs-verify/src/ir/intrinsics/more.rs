//! The second half of `visitIntrinsicCall`'s cases (from `vector_splice` to the end of the switch),
//! `visitConstrainedFPIntrinsic` (`constrained.rs`) and `visitVPIntrinsic` (`vp.rs`). The target
//! rules (AArch64, ARM, AMDGPU, NVVM) are in `more_target.rs`.

#[path = "constrained.rs"]
mod constrained;
#[path = "more_target.rs"]
mod more_target;
#[path = "vp.rs"]
mod vp;

#[cfg(test)]
#[path = "more_tests.rs"]
mod tests;

use super::super::FnCtx;
use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::attributes::AttrArg;
use llrs_ir::{AttrsId, Const, GlobalId, InstId, TypeId, Value};
use rustc_hash::FxHashMap;
use std::sync::OnceLock;

/// The intrinsics of this half of the switch, by what their case checks.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum Case {
    SpliceLeft,
    SpliceRight,
    StepVector,
    VectorMatch,
    VectorInsert,
    VectorExtract,
    PartialReduce,
    ElemTypeFirst,
    ElemTypeSecond,
    Aarch64Prefetch,
    Aarch64RangePrefetch,
    CallbrLandingpad,
    CsChain,
    CallWholeWave,
    SetInactiveChainArg,
    SPrefetchData,
    MfmaScale,
    WmmaScale,
    CooperativeAtomic,
    InitExecFromInput,
    SetMaxNReg,
    ConvergenceOp,
    PtrMask,
    ThreadLocalAddress,
    TensormapFence,
}

/// The intrinsic names of each case.
const CASES: &[(&str, Case)] = &[
    ("llvm.vector.splice.left", Case::SpliceLeft),
    ("llvm.vector.splice.right", Case::SpliceRight),
    ("llvm.stepvector", Case::StepVector),
    ("llvm.experimental.vector.match", Case::VectorMatch),
    ("llvm.vector.insert", Case::VectorInsert),
    ("llvm.vector.extract", Case::VectorExtract),
    ("llvm.vector.partial.reduce.add", Case::PartialReduce),
    ("llvm.vector.partial.reduce.fadd", Case::PartialReduce),
    ("llvm.preserve.array.access.index", Case::ElemTypeFirst),
    ("llvm.preserve.struct.access.index", Case::ElemTypeFirst),
    ("llvm.aarch64.ldaxr", Case::ElemTypeFirst),
    ("llvm.aarch64.ldxr", Case::ElemTypeFirst),
    ("llvm.arm.ldaex", Case::ElemTypeFirst),
    ("llvm.arm.ldrex", Case::ElemTypeFirst),
    ("llvm.aarch64.stlxr", Case::ElemTypeSecond),
    ("llvm.aarch64.stxr", Case::ElemTypeSecond),
    ("llvm.arm.stlex", Case::ElemTypeSecond),
    ("llvm.arm.strex", Case::ElemTypeSecond),
    ("llvm.aarch64.prefetch", Case::Aarch64Prefetch),
    ("llvm.aarch64.range.prefetch", Case::Aarch64RangePrefetch),
    ("llvm.callbr.landingpad", Case::CallbrLandingpad),
    ("llvm.amdgcn.cs.chain", Case::CsChain),
    ("llvm.amdgcn.call.whole.wave", Case::CallWholeWave),
    ("llvm.amdgcn.set.inactive.chain.arg", Case::SetInactiveChainArg),
    ("llvm.amdgcn.s.prefetch.data", Case::SPrefetchData),
    ("llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4", Case::MfmaScale),
    ("llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4", Case::MfmaScale),
    ("llvm.amdgcn.wmma.f32.16x16x128.f8f6f4", Case::WmmaScale),
    ("llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4", Case::WmmaScale),
    ("llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4", Case::WmmaScale),
    ("llvm.amdgcn.cooperative.atomic.load.32x4B", Case::CooperativeAtomic),
    ("llvm.amdgcn.cooperative.atomic.load.16x8B", Case::CooperativeAtomic),
    ("llvm.amdgcn.cooperative.atomic.load.8x16B", Case::CooperativeAtomic),
    ("llvm.amdgcn.cooperative.atomic.store.32x4B", Case::CooperativeAtomic),
    ("llvm.amdgcn.cooperative.atomic.store.16x8B", Case::CooperativeAtomic),
    ("llvm.amdgcn.cooperative.atomic.store.8x16B", Case::CooperativeAtomic),
    ("llvm.amdgcn.init.exec.from.input", Case::InitExecFromInput),
    ("llvm.nvvm.setmaxnreg.inc.sync.aligned.u32", Case::SetMaxNReg),
    ("llvm.nvvm.setmaxnreg.dec.sync.aligned.u32", Case::SetMaxNReg),
    ("llvm.experimental.convergence.entry", Case::ConvergenceOp),
    ("llvm.experimental.convergence.anchor", Case::ConvergenceOp),
    ("llvm.experimental.convergence.loop", Case::ConvergenceOp),
    ("llvm.ptrmask", Case::PtrMask),
    ("llvm.threadlocal.address", Case::ThreadLocalAddress),
    ("llvm.nvvm.fence.proxy.tensormap_generic.acquire.cta", Case::TensormapFence),
    ("llvm.nvvm.fence.proxy.tensormap_generic.acquire.cluster", Case::TensormapFence),
    ("llvm.nvvm.fence.proxy.tensormap_generic.acquire.gpu", Case::TensormapFence),
    ("llvm.nvvm.fence.proxy.tensormap_generic.acquire.sys", Case::TensormapFence),
];

/// The case of an intrinsic ID.
fn case_of(id: u32) -> Option<Case> {
    static MAP: OnceLock<FxHashMap<u32, Case>> = OnceLock::new();
    let map = MAP.get_or_init(|| {
        CASES.iter().filter_map(|&(n, c)| llrs_ir::intrinsics::lookup(n.as_bytes()).map(|id| (id, c))).collect()
    });
    map.get(&id).copied()
}

/// What the family of an intrinsic is, for the visitors LLVM calls from its cases.
enum Family {
    Case(Case),
    Vp,
    Constrained,
}

impl Verifier<'_> {
    /// The cases of `visitIntrinsicCall`'s switch that `visit_intrinsic_call` leaves to this
    /// module (`vector_splice` to the end of the switch), and the cases that call
    /// `visitVPIntrinsic` and `visitConstrainedFPIntrinsic`. `Some` when handled.
    pub fn visit_intrinsic_more(&mut self, f: &FnCtx<'_>, i: InstId, callee: GlobalId) -> Option<Step> {
        let name = self.global_name(callee);
        let id = self.intrinsic_of(callee)??;
        let family = if let Some(c) = case_of(id) {
            Family::Case(c)
        } else if name.starts_with(b"llvm.vp.") || name.starts_with(b"llvm.experimental.vp.") {
            Family::Vp
        } else if name.starts_with(b"llvm.experimental.constrained.") {
            Family::Constrained
        } else {
            return None;
        };
        Some(match family {
            Family::Case(c) => self.more_case(f, i, c),
            Family::Vp => self.visit_vp_intrinsic(f, i, callee),
            Family::Constrained => self.visit_constrained_fp_intrinsic(f, i, callee),
        })
    }

    fn more_case(&mut self, f: &FnCtx<'_>, i: InstId, c: Case) -> Step {
        match c {
            Case::SpliceLeft | Case::SpliceRight => self.check_splice(f, i, c == Case::SpliceRight),
            Case::StepVector => {
                let ty = f.inst(i).ty;
                let t = self.types();
                let ok = t.is_vector(ty) && t.is_int(t.scalar(ty)) && t.scalar_bits(ty) >= 8;
                self.check_module(
                    ok,
                    "stepvector only supported for vectors of integers with a bitwidth of at least 8.",
                    &[Subject::Inst(f.g, i)],
                )
            }
            Case::VectorMatch => self.check_vector_match(f, i),
            Case::VectorInsert => self.check_vector_insert(f, i),
            Case::VectorExtract => self.check_vector_extract(f, i),
            Case::PartialReduce => {
                let acc = self.arg_ty(f, i, 0).and_then(|t| self.types().vector(t));
                let vec = self.arg_ty(f, i, 1).and_then(|t| self.types().vector(t));
                let (Some(acc), Some(vec)) = (acc, vec) else { return Some(()) };
                // `VecWidth % AccWidth`: a zero width divides nothing (LLVM would trap).
                self.check_module(
                    acc.1 != 0 && vec.1.is_multiple_of(acc.1),
                    "Invalid vector widths for partial reduction. The width of the input vector must be a \
                     positive integer multiple of the width of the accumulator vector.",
                    &[],
                )
            }
            Case::ElemTypeFirst => {
                let ok = self.call_param_elementtype(f, i, 0).is_some();
                self.check_module(
                    ok,
                    "Intrinsic requires elementtype attribute on first argument.",
                    &[Subject::Inst(f.g, i)],
                )
            }
            Case::ElemTypeSecond => {
                let ok = self.call_param_elementtype(f, i, 1).is_some();
                self.check_module(
                    ok,
                    "Intrinsic requires elementtype attribute on second argument.",
                    &[Subject::Inst(f.g, i)],
                )
            }
            Case::ConvergenceOp => Some(()),
            Case::PtrMask => self.check_ptrmask(f, i),
            Case::ThreadLocalAddress => {
                let g = self.arg(f, i, 0).and_then(|v| self.global_of(v));
                self.check_module(g.is_some(), "llvm.threadlocal.address first argument must be a GlobalValue", &[])?;
                let tl = g.is_some_and(|g| self.v.m.globals[g].thread_local != llrs_ir::module::ThreadLocal::None);
                self.check_module(tl, "llvm.threadlocal.address operand isThreadLocal() must be true", &[])
            }
            _ => self.intrinsic_target_case(f, i, c),
        }
    }

    /// `vector_splice_left` / `vector_splice_right`: the index against the known minimum number
    /// of elements (times the function's `vscale_range` minimum).
    fn check_splice(&mut self, f: &FnCtx<'_>, i: InstId, right: bool) -> Step {
        let Some((_, len, _)) = self.types().vector(f.inst(i).ty) else { return Some(()) };
        let Some(idx) = self.arg(f, i, 2).and_then(|v| self.const_int(v)) else { return Some(()) };
        let mut known_min = u64::from(len);
        if let Some(&AttrArg::VScale(min, _)) = self.attr_arg(f.fd.attrs.func, b"vscale_range") {
            known_min = known_min.saturating_mul(u64::from(min));
        }
        if right {
            self.check_module(
                idx <= known_min,
                "The splice index exceeds the range [0, VL] where VL is the known minimum number of elements in the \
                 vector. For scalable vectors the minimum number of elements is determined from vscale_range.",
                &[Subject::Inst(f.g, i)],
            )
        } else {
            self.check_module(
                idx < known_min,
                "The splice index exceeds the range [0, VL-1] where VL is the known minimum number of elements in \
                 the vector. For scalable vectors the minimum number of elements is determined from vscale_range.",
                &[Subject::Inst(f.g, i)],
            )
        }
    }

    /// `experimental_vector_match`.
    fn check_vector_match(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let t = self.types();
        let op1 = self.arg_ty(f, i, 0).and_then(|x| t.vector(x));
        let op2 = self.arg_ty(f, i, 1).and_then(|x| t.vector(x));
        let mask_ty = self.arg_ty(f, i, 2);
        let mask = mask_ty.and_then(|x| t.vector(x));
        let call = [Subject::Inst(f.g, i)];
        let (Some(op1), Some(op2), Some(mask)) = (op1, op2, mask) else {
            return self.check_module(false, "Operands must be vectors.", &call);
        };
        self.check_module(!op2.0, "Second operand must be a fixed length vector.", &call)?;
        self.check_module(t.is_int(op1.2), "First operand must be a vector of integers.", &call)?;
        self.check_module(op1.2 == op2.2, "First two operands must have the same element type.", &call)?;
        self.check_module(
            (op1.0, op1.1) == (mask.0, mask.1),
            "First operand and mask must have the same number of elements.",
            &call,
        )?;
        self.check_module(t.int_bits(mask.2) == Some(1), "Mask must be a vector of i1's.", &call)?;
        self.check_module(Some(f.inst(i).ty) == mask_ty, "Return type must match the mask type.", &call)
    }

    /// `vector_insert`.
    fn check_vector_insert(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let t = self.types();
        let Some(idx) = self.arg(f, i, 2).and_then(|v| self.const_int(v)) else { return Some(()) };
        let idx = idx as u32;
        let vec = self.arg_ty(f, i, 0).and_then(|x| t.vector(x));
        let sub = self.arg_ty(f, i, 1).and_then(|x| t.vector(x));
        let (Some(vec), Some(sub)) = (vec, sub) else { return Some(()) };
        self.check_module(
            vec.2 == sub.2,
            "vector_insert parameters must have the same element type.",
            &[Subject::Inst(f.g, i)],
        )?;
        self.check_module(
            sub.1 != 0 && idx.is_multiple_of(sub.1),
            "vector_insert index must be a constant multiple of the subvector's known minimum vector length.",
            &[],
        )?;
        if vec.0 == sub.0 {
            self.check_module(
                idx < vec.1 && idx.wrapping_add(sub.1) <= vec.1,
                "subvector operand of vector_insert would overrun the vector being inserted into.",
                &[],
            )?;
        }
        Some(())
    }

    /// `vector_extract`.
    fn check_vector_extract(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let t = self.types();
        let Some(idx) = self.arg(f, i, 1).and_then(|v| self.const_int(v)) else { return Some(()) };
        let idx = idx as u32;
        let res = t.vector(f.inst(i).ty);
        let vec = self.arg_ty(f, i, 0).and_then(|x| t.vector(x));
        let (Some(res), Some(vec)) = (res, vec) else { return Some(()) };
        self.check_module(
            res.2 == vec.2,
            "vector_extract result must have the same element type as the input vector.",
            &[Subject::Inst(f.g, i)],
        )?;
        self.check_module(
            res.1 != 0 && idx.is_multiple_of(res.1),
            "vector_extract index must be a constant multiple of the result type's known minimum vector length.",
            &[],
        )?;
        if vec.0 == res.0 {
            self.check_module(idx < vec.1 && idx.wrapping_add(res.1) <= vec.1, "vector_extract would overrun.", &[])?;
        }
        Some(())
    }

    /// `ptrmask`.
    fn check_ptrmask(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let t = self.types();
        let (Some(ty0), Some(ty1)) = (self.arg_ty(f, i, 0), self.arg_ty(f, i, 1)) else { return Some(()) };
        let call = [Subject::Inst(f.g, i)];
        self.check_module(
            t.is_ptr_or_ptr_vector(ty0),
            "llvm.ptrmask intrinsic first argument must be pointer or vector of pointers",
            &call,
        )?;
        self.check_module(
            t.is_vector(ty0) == t.is_vector(ty1),
            "llvm.ptrmask intrinsic arguments must be both scalars or both vectors",
            &call,
        )?;
        if let (Some(a), Some(b)) = (t.vector(ty0), t.vector(ty1)) {
            self.check_module(
                (a.0, a.1) == (b.0, b.1),
                "llvm.ptrmask intrinsic arguments must have the same number of elements",
                &call,
            )?;
        }
        let index_bits = t.ptr_addrspace(ty0).map(|a| self.data_layout().index_size_in_bits(a));
        self.check_module(
            index_bits == Some(t.scalar_bits(ty1)),
            "llvm.ptrmask intrinsic second argument bitwidth must match pointer index type size of first argument",
            &call,
        )
    }

    /// Argument `k` of call `i` (`getArgOperand(k)`).
    pub(super) fn arg(&self, f: &FnCtx<'_>, i: InstId, k: usize) -> Option<Value> {
        let inst = f.inst(i);
        let n = inst.call().map_or(0, |c| c.num_args as usize);
        if k >= n {
            return None;
        }
        inst.operands.get(1 + k).copied()
    }

    /// The number of arguments of call `i` (`arg_size`).
    pub(super) fn arg_count(&self, f: &FnCtx<'_>, i: InstId) -> usize {
        let inst = f.inst(i);
        inst.call().map_or(0, |c| c.num_args as usize).min(inst.operands.len().saturating_sub(1))
    }

    /// Argument `k` as a `ConstantInt`, zero-extended (`None` when it is not a constant integer).
    pub(super) fn const_arg(&self, f: &FnCtx<'_>, i: InstId, k: usize) -> Option<u64> {
        self.arg(f, i, k).and_then(|v| self.const_int(v))
    }

    /// Argument `k` as a `ConstantInt`, sign-extended.
    pub(super) fn const_arg_signed(&self, f: &FnCtx<'_>, i: InstId, k: usize) -> Option<i64> {
        let Some(Value::Const(c)) = self.arg(f, i, k) else { return None };
        match self.v.m.ctx.const_of(c) {
            Const::Int(_, v) => v.to_i64(),
            _ => None,
        }
    }

    /// The argument of attribute `name` in set `set`.
    pub(super) fn attr_arg(&self, set: AttrsId, name: &[u8]) -> Option<&AttrArg> {
        let ctx = &self.v.m.ctx;
        ctx.attrs_of(set).iter().find(|a| ctx.name(a.kind) == name).map(|a| &a.arg)
    }

    /// `CallBase::getParamElementType(k)`: the `elementtype` of the call site's parameter `k`.
    pub(super) fn call_param_elementtype(&self, f: &FnCtx<'_>, i: InstId, k: usize) -> Option<TypeId> {
        let cd = f.inst(i).call()?;
        match self.attr_arg(cd.attrs.param(k), b"elementtype") {
            Some(AttrArg::Type(t)) => Some(*t),
            _ => None,
        }
    }

    /// `CallBase::paramHasAttr(k, kind)`: on the call site, else on the called function.
    pub(super) fn call_param_has_attr(&self, f: &FnCtx<'_>, i: InstId, k: usize, name: &[u8]) -> bool {
        let inst = f.inst(i);
        let Some(cd) = inst.call() else { return false };
        if self.attr_arg(cd.attrs.param(k), name).is_some() {
            return true;
        }
        let Some(callee) = self.callee_fn(inst) else { return false };
        let Some(fd) = self.v.m.globals[callee].func.as_deref() else { return false };
        self.attr_arg(fd.attrs.param(k), name).is_some()
    }
}
