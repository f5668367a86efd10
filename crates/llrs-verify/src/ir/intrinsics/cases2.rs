//! More cases of `visitIntrinsicCall`'s switch: `patchpoint`, `eh.exception*`, lane masks,
//! masked loads and stores, `guard`, `deoptimize`, `va_start`, reductions, fixed-point
//! arithmetic, `lrint` and friends, `bswap`, `invariant.start` and the matrix intrinsics.

use super::super::FnCtx;
use super::helpers::arg;
use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::{GlobalId, InstId, Opcode, TypeId, Value};

/// LLVM's `CallingConv::AnyReg`.
const ANYREG_CC: u32 = 13;

impl Verifier<'_> {
    /// `case Intrinsic::experimental_patchpoint`.
    pub(super) fn visit_patchpoint(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let inst = f.inst(i);
        if inst.call().is_some_and(|cd| cd.cconv == ANYREG_CC) {
            let ok = self.types().is_single_value(inst.ty);
            self.check_module(ok, "patchpoint: invalid return type used with anyregcc", &[Subject::Inst(f.g, i)])?;
        }
        Some(())
    }

    /// `case Intrinsic::eh_exceptioncode`, `eh_exceptionpointer`.
    pub(super) fn visit_eh_exception(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let ok = self.is_catchpad(f, arg(f.inst(i), 0));
        self.check_module(ok, "eh.exceptionpointer argument must be a catchpad", &[Subject::Inst(f.g, i)])
    }

    /// `case Intrinsic::get_active_lane_mask`.
    pub(super) fn visit_active_lane_mask(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let t = self.types();
        let ty = f.inst(i).ty;
        let call = Subject::Inst(f.g, i);
        self.check_module(t.is_vector(ty), "get_active_lane_mask: must return a vector", &[call])?;
        let i1 = t.int_bits(t.scalar(ty)) == Some(1);
        self.check_module(i1, "get_active_lane_mask: element type is not i1", &[call])
    }

    /// `case Intrinsic::experimental_get_vector_length`.
    pub(super) fn visit_get_vector_length(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let Some(vf) = self.const_apint(arg(f.inst(i), 1)) else { return Some(()) };
        let ok = !vf.is_negative() && !vf.is_zero();
        self.check_module(ok, "get_vector_length: VF must be positive", &[Subject::Inst(f.g, i)])
    }

    /// `case Intrinsic::masked_load` (LLVM 22: the alignment is an attribute of the pointer).
    pub(super) fn visit_masked_load(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let t = self.types();
        let ty = f.inst(i).ty;
        let call = Subject::Inst(f.g, i);
        self.check_module(t.is_vector(ty), "masked_load: must return a vector", &[call])?;
        let mask = self.arg_ty(f, i, 1);
        let pass = self.arg_ty(f, i, 2);
        self.check_module(mask.is_some_and(|m| t.is_vector(m)), "masked_load: mask must be vector", &[call])?;
        self.check_module(pass == Some(ty), "masked_load: pass through and return type must match", &[call])?;
        let same = self.vec_count(mask).map(|c| c.1) == self.vec_count(Some(ty)).map(|c| c.1);
        self.check_module(same, "masked_load: vector mask must be same length as return", &[call])
    }

    /// `case Intrinsic::masked_store`.
    pub(super) fn visit_masked_store(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let t = self.types();
        let call = Subject::Inst(f.g, i);
        let val = self.arg_ty(f, i, 0);
        let mask = self.arg_ty(f, i, 2);
        self.check_module(mask.is_some_and(|m| t.is_vector(m)), "masked_store: mask must be vector", &[call])?;
        let same = self.vec_count(mask).map(|c| c.1) == self.vec_count(val).map(|c| c.1);
        self.check_module(same, "masked_store: vector mask must be same length as value", &[call])
    }

    /// The number of `deopt` operand bundles of a call.
    fn deopt_bundles(&self, f: &FnCtx<'_>, i: InstId) -> usize {
        let ctx = &self.v.m.ctx;
        f.inst(i).call().map_or(0, |cd| cd.bundles.iter().filter(|b| ctx.name(b.tag) == b"deopt").count())
    }

    /// `case Intrinsic::experimental_guard`.
    pub(super) fn visit_guard(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let call = Subject::Inst(f.g, i);
        self.check_module(Self::is_call_inst(f.inst(i)), "experimental_guard cannot be invoked", &[call])?;
        self.check_module(
            self.deopt_bundles(f, i) == 1,
            "experimental_guard must have exactly one \"deopt\" operand bundle",
            &[],
        )
    }

    /// `case Intrinsic::experimental_deoptimize`.
    pub(super) fn visit_deoptimize(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let m = self.v.m;
        let inst = f.inst(i);
        let call = Subject::Inst(f.g, i);
        let is_call = Self::is_call_inst(inst);
        self.check_module(is_call, "experimental_deoptimize cannot be invoked", &[call])?;
        self.check_module(
            self.deopt_bundles(f, i) == 1,
            "experimental_deoptimize must have exactly one \"deopt\" operand bundle",
            &[],
        )?;
        let ret = m.ctx.fn_ret(f.fn_ty);
        self.check_module(
            ret == Some(inst.ty),
            "experimental_deoptimize return type must match caller return type",
            &[],
        )?;
        if is_call {
            let next = f.block_of(i).and_then(|b| {
                let insts = &f.body.blocks[b].insts;
                let k = insts.iter().position(|&x| x == i)?;
                insts.get(k + 1).copied()
            });
            let ri = next.filter(|&n| f.inst(n).op == Opcode::Ret);
            self.check_module(ri.is_some(), "calls to experimental_deoptimize must be followed by a return", &[])?;
            if let Some(r) = ri {
                if !self.types().is_void(inst.ty) {
                    self.check_module(
                        f.inst(r).operands.first() == Some(&Value::Inst(i)),
                        "calls to experimental_deoptimize must be followed by a return of the value computed by \
                         experimental_deoptimize",
                        &[],
                    )?;
                }
            }
        }
        Some(())
    }

    /// `case Intrinsic::vastart`.
    pub(super) fn visit_va_start(&mut self, f: &FnCtx<'_>) -> Step {
        let vararg = self.fn_vararg(f.fn_ty);
        self.check_module(vararg, "va_start called in a non-varargs function", &[])
    }

    /// `case Intrinsic::vector_reduce_*`: argument `k` is a vector of integers (or of floats).
    pub(super) fn visit_reduce(&mut self, f: &FnCtx<'_>, i: InstId, k: usize, fp: bool) -> Step {
        let t = self.types();
        let ok = self
            .arg_ty(f, i, k)
            .is_some_and(|a| t.is_vector(a) && if fp { t.is_fp_or_fp_vector(a) } else { t.is_int_or_int_vector(a) });
        self.check_module(ok, "Intrinsic has incorrect argument type!", &[])
    }

    /// `case Intrinsic::smul_fix` and the other fixed-point intrinsics.
    pub(super) fn visit_fixed_point(&mut self, f: &FnCtx<'_>, i: InstId, base: &str) -> Step {
        let t = self.types();
        let op1 = self.arg_ty(f, i, 0);
        let op2 = self.arg_ty(f, i, 1);
        self.check_module(
            op1.is_some_and(|x| t.is_int_or_int_vector(x)),
            "first operand of [us][mul|div]_fix[_sat] must be an int type or vector of ints",
            &[],
        )?;
        self.check_module(
            op2.is_some_and(|x| t.is_int_or_int_vector(x)),
            "second operand of [us][mul|div]_fix[_sat] must be an int type or vector of ints",
            &[],
        )?;
        let Some(scale) = self.const_apint(arg(f.inst(i), 2)) else { return Some(()) };
        self.check_module(
            scale.width() <= 32,
            "third operand of [us][mul|div]_fix[_sat] must fit within 32 bits",
            &[],
        )?;
        let width = op1.map_or(0, |x| t.scalar_bits(x)) as u64;
        let s = scale.low_u64();
        if base.starts_with("llvm.s") {
            self.check_module(
                s < width,
                "the scale of s[mul|div]_fix[_sat] must be less than the width of the operands",
                &[],
            )
        } else {
            self.check_module(
                s <= width,
                "the scale of u[mul|div]_fix[_sat] must be less than or equal to the width of the operands",
                &[],
            )
        }
    }

    /// `case Intrinsic::lrint`, `llrint`, `lround`, `llround`.
    pub(super) fn visit_lrint(&mut self, f: &FnCtx<'_>, i: InstId, expected: &str) -> Step {
        let t = self.types();
        let call = Subject::Inst(f.g, i);
        let res = f.inst(i).ty;
        let Some(val) = self.arg_ty(f, i, 0) else { return Some(()) };
        if !(t.is_fp_or_fp_vector(val) && t.is_int_or_int_vector(res)) {
            let msg = format!(
                "{expected}: argument must be floating-point or vector of floating-points, and result must be \
                 integer or vector of integers"
            );
            self.fail_module(msg, &[call]);
            return None;
        }
        if t.is_vector(val) != t.is_vector(res) {
            self.fail_module(format!("{expected}: argument and result disagree on vector use"), &[call]);
            return None;
        }
        if t.is_vector(val) && self.vec_count(Some(val)) != self.vec_count(Some(res)) {
            self.fail_module(format!("{expected}: argument must be same length as result"), &[call]);
            return None;
        }
        Some(())
    }

    /// `case Intrinsic::get_dynamic_area_offset` (LLVM 22): an integer as wide as a pointer of
    /// the alloca address space.
    pub(super) fn visit_dynamic_area_offset(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let dl = self.data_layout();
        let width = dl.pointer_size_in_bits(dl.alloca_addr_space());
        let ok = self.types().int_bits(f.inst(i).ty) == Some(width);
        self.check_module(
            ok,
            "get_dynamic_area_offset result type must be scalar integer matching alloca address space width",
            &[Subject::Inst(f.g, i)],
        )
    }

    /// `case Intrinsic::bswap`.
    pub(super) fn visit_bswap(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let size = self.types().scalar_bits(f.inst(i).ty);
        self.check_module(size.is_multiple_of(16), "bswap must be an even number of bytes", &[Subject::Inst(f.g, i)])
    }

    /// `case Intrinsic::invariant_start`.
    pub(super) fn visit_invariant_start(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let size = self.const_apint(arg(f.inst(i), 0));
        let ok = size.is_some_and(|s| !s.is_negative() || s.is_all_ones());
        self.check_module(ok, "invariant_start parameter must be -1, 0 or a positive number", &[Subject::Inst(f.g, i)])
    }

    /// `case Intrinsic::matrix_multiply`, `matrix_transpose`, `matrix_column_major_load`,
    /// `matrix_column_major_store`.
    pub(super) fn visit_matrix(&mut self, f: &FnCtx<'_>, i: InstId, callee: GlobalId, base: &str) -> Step {
        let t = self.types();
        let inst = f.inst(i);
        let cint = |k: usize| self.const_apint(arg(inst, k)).map(|c| c.low_u64());
        let elems = |ty: Option<TypeId>| ty.and_then(|x| t.vector(x)).map(|(_, n, _)| n as u64);
        let elem_ty = |ty: Option<TypeId>| ty.and_then(|x| t.vector(x)).map(|(_, _, e)| e);
        let (a0, a1) = (self.arg_ty(f, i, 0), self.arg_ty(f, i, 1));
        let (mut stride, mut op0, mut op1) = (None, None, None);
        let (rows, cols, result) = match base {
            "llvm.matrix.multiply" => {
                let (r, n, c) = (cint(2), cint(3), cint(4));
                let (Some(r), Some(n), Some(c)) = (r, n, c) else { return Some(()) };
                self.check_module(
                    elems(a0) == Some(r.wrapping_mul(n)),
                    "First argument of a matrix operation does not match specified shape!",
                    &[],
                )?;
                self.check_module(
                    elems(a1) == Some(n.wrapping_mul(c)),
                    "Second argument of a matrix operation does not match specified shape!",
                    &[],
                )?;
                op0 = elem_ty(a0);
                op1 = elem_ty(a1);
                (Some(r), Some(c), Some(inst.ty))
            }
            "llvm.matrix.transpose" => {
                op0 = elem_ty(a0);
                (cint(1), cint(2), Some(inst.ty))
            }
            "llvm.matrix.column.major.load" => {
                stride = Some(cint(1));
                (cint(3), cint(4), Some(inst.ty))
            }
            _ => {
                stride = Some(cint(2));
                op0 = elem_ty(a0);
                (cint(4), cint(5), a0)
            }
        };
        let (Some(rows), Some(cols)) = (rows, cols) else { return Some(()) };
        let if_ = Subject::Global(callee);
        let res_elem = elem_ty(result);
        let ok = res_elem.is_some_and(|e| t.is_int(e) || t.is_fp(e));
        self.check_module(ok, "Result type must be an integer or floating-point type!", &[if_])?;
        if let Some(o) = op0 {
            self.check_module(
                res_elem == Some(o),
                "Vector element type mismatch of the result and first operand vector!",
                &[if_],
            )?;
        }
        if let Some(o) = op1 {
            self.check_module(
                res_elem == Some(o),
                "Vector element type mismatch of the result and second operand vector!",
                &[if_],
            )?;
        }
        self.check_module(
            elems(result) == Some(rows.wrapping_mul(cols)),
            "Result of a matrix operation does not fit in the returned vector!",
            &[],
        )?;
        if let Some(Some(s)) = stride {
            self.check_module(s >= rows, "Stride must be greater or equal than the number of rows!", &[if_])?;
        }
        Some(())
    }
}
