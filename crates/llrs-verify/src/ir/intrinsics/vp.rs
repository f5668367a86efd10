//! `visitVPIntrinsic`: the vector-predicated casts (vector lengths and element types), the
//! predicates of `vp.fcmp` and `vp.icmp`, and the test mask of `vp.is.fpclass`.

use crate::ir::FnCtx;
use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::{GlobalId, InstId, Md, Value};

/// `fcAllFlags`: the bits of an `FPClassTest`.
pub(super) const FC_ALL_FLAGS: u64 = 0x3ff;

/// The `fcmp` predicates by their metadata names (`getFPPredicateFromMD`).
const FP_PREDICATES: &[&str] =
    &["oeq", "ogt", "oge", "olt", "ole", "one", "ord", "uno", "ueq", "ugt", "uge", "ult", "ule", "une"];

/// The `icmp` predicates by their metadata names (`getIntPredicateFromMD`).
const INT_PREDICATES: &[&str] = &["eq", "ne", "ugt", "uge", "ult", "ule", "sgt", "sge", "slt", "sle"];

impl Verifier<'_> {
    /// `visitVPIntrinsic`: `callee` is the `llvm.vp.*` declaration.
    pub fn visit_vp_intrinsic(&mut self, f: &FnCtx<'_>, i: InstId, callee: GlobalId) -> Step {
        let name = self.global_name(callee);
        let base = vp_base(name);
        let call = [Subject::Inst(f.g, i)];
        const CASTS: &[&str] = &[
            "trunc", "zext", "sext", "fptoui", "fptosi", "uitofp", "sitofp", "fptrunc", "fpext", "ptrtoint", "inttoptr",
        ];
        if let Some(op) = base.filter(|b| CASTS.contains(b)) {
            let t = self.types();
            let ret = f.inst(i).ty;
            let Some(val) = self.arg_ty(f, i, 0) else { return Some(()) };
            let (Some(rv), Some(vv)) = (t.vector(ret), t.vector(val)) else { return Some(()) };
            self.check_module(
                (rv.0, rv.1) == (vv.0, vv.1),
                "VP cast intrinsic first argument and result vector lengths must be equal",
                &call,
            )?;
            let (ri, vi) = (t.is_int_or_int_vector(ret), t.is_int_or_int_vector(val));
            let (rf, vf) = (t.is_fp_or_fp_vector(ret), t.is_fp_or_fp_vector(val));
            let (rb, vb) = (t.scalar_bits(ret), t.scalar_bits(val));
            match op {
                "trunc" => {
                    self.check_module(
                        ri && vi,
                        "llvm.vp.trunc intrinsic first argument and result element type must be integer",
                        &call,
                    )?;
                    self.check_module(
                        rb < vb,
                        "llvm.vp.trunc intrinsic the bit size of first argument must be larger than the bit size of \
                         the return type",
                        &call,
                    )?;
                }
                "zext" | "sext" => {
                    self.check_module(
                        ri && vi,
                        "llvm.vp.zext or llvm.vp.sext intrinsic first argument and result element type must be \
                         integer",
                        &call,
                    )?;
                    self.check_module(
                        rb > vb,
                        "llvm.vp.zext or llvm.vp.sext intrinsic the bit size of first argument must be smaller than \
                         the bit size of the return type",
                        &call,
                    )?;
                }
                "fptoui" | "fptosi" => {
                    self.check_module(
                        ri && vf,
                        "llvm.vp.fptoui, llvm.vp.fptosi, llvm.vp.lrint or llvm.vp.llrintintrinsic first argument \
                         element type must be floating-point and result element type must be integer",
                        &call,
                    )?;
                }
                "uitofp" | "sitofp" => {
                    self.check_module(
                        rf && vi,
                        "llvm.vp.uitofp or llvm.vp.sitofp intrinsic first argument element type must be integer and \
                         result element type must be floating-point",
                        &call,
                    )?;
                }
                "fptrunc" => {
                    self.check_module(
                        rf && vf,
                        "llvm.vp.fptrunc intrinsic first argument and result element type must be floating-point",
                        &call,
                    )?;
                    self.check_module(
                        rb < vb,
                        "llvm.vp.fptrunc intrinsic the bit size of first argument must be larger than the bit size \
                         of the return type",
                        &call,
                    )?;
                }
                "fpext" => {
                    self.check_module(
                        rf && vf,
                        "llvm.vp.fpext intrinsic first argument and result element type must be floating-point",
                        &call,
                    )?;
                    self.check_module(
                        rb > vb,
                        "llvm.vp.fpext intrinsic the bit size of first argument must be smaller than the bit size of \
                         the return type",
                        &call,
                    )?;
                }
                "ptrtoint" => {
                    let ok = ri && t.is_ptr_or_ptr_vector(val);
                    self.check_module(
                        ok,
                        "llvm.vp.ptrtoint intrinsic first argument element type must be pointer and result element \
                         type must be integer",
                        &call,
                    )?;
                }
                _ => {
                    let ok = t.is_ptr_or_ptr_vector(ret) && vi;
                    self.check_module(
                        ok,
                        "llvm.vp.inttoptr intrinsic first argument element type must be integer and result element \
                         type must be pointer",
                        &call,
                    )?;
                }
            }
        }
        if self.global_name(callee).starts_with(b"llvm.experimental.vp.splice.") {
            return self.check_vp_splice(f, i);
        }
        match base {
            Some("fcmp") => {
                let ok = self.md_str_arg(f, i, 2).is_some_and(|p| FP_PREDICATES.contains(&p));
                self.check_module(ok, "invalid predicate for VP FP comparison intrinsic", &call)?;
            }
            Some("icmp") => {
                let ok = self.md_str_arg(f, i, 2).is_some_and(|p| INT_PREDICATES.contains(&p));
                self.check_module(ok, "invalid predicate for VP integer comparison intrinsic", &call)?;
            }
            Some("is.fpclass") => {
                if let Some(mask) = self.const_arg(f, i, 1) {
                    self.check_module(
                        mask & !FC_ALL_FLAGS & 0xffff_ffff == 0,
                        "unsupported bits for llvm.vp.is.fpclass test mask",
                        &[],
                    )?;
                }
            }
            _ => {}
        }
        Some(())
    }

    /// `experimental_vp_splice`: the index within `[-VL, VL-1]`, `VL` the known minimum number of
    /// elements times the function's `vscale_range` minimum.
    fn check_vp_splice(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let Some((_, len, _)) = self.types().vector(f.inst(i).ty) else { return Some(()) };
        let Some(idx) = self.const_arg_signed(f, i, 2) else { return Some(()) };
        let mut known_min = i64::from(len);
        if let Some(&llrs_ir::attributes::AttrArg::VScale(min, _)) = self.attr_arg(f.fd.attrs.func, b"vscale_range") {
            known_min = known_min.saturating_mul(i64::from(min));
        }
        let ok = (idx < 0 && idx.unsigned_abs() <= known_min.unsigned_abs()) || (idx >= 0 && idx < known_min);
        self.check_module(
            ok,
            "The splice index exceeds the range [-VL, VL-1] where VL is the known minimum number of elements in the \
             vector. For scalable vectors the minimum number of elements is determined from vscale_range.",
            &[Subject::Inst(f.g, i)],
        )
    }

    /// The string of a metadata-string argument (`metadata !"oeq"`).
    pub(super) fn md_str_arg(&self, f: &FnCtx<'_>, i: InstId, k: usize) -> Option<&str> {
        let Some(Value::Md(Md::Str(s))) = self.arg(f, i, k) else { return None };
        std::str::from_utf8(self.v.m.ctx.name(s)).ok()
    }
}

/// The operation of a `llvm.vp.*` name, without its type suffixes (`fcmp` of
/// `llvm.vp.fcmp.v4f32`, `is.fpclass` of `llvm.vp.is.fpclass.v4f32`).
fn vp_base(name: &[u8]) -> Option<&'static str> {
    const OPS: &[&str] = &[
        "trunc",
        "zext",
        "sext",
        "fptoui",
        "fptosi",
        "uitofp",
        "sitofp",
        "fptrunc",
        "fpext",
        "ptrtoint",
        "inttoptr",
        "fcmp",
        "icmp",
        "is.fpclass",
    ];
    let rest = name.strip_prefix(b"llvm.vp.")?;
    OPS.iter()
        .copied()
        .find(|op| rest.strip_prefix(op.as_bytes()).is_some_and(|r| r.is_empty() || r.first() == Some(&b'.')))
}
