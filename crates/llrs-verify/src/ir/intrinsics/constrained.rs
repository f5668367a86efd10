//! `visitConstrainedFPIntrinsic`: the operand count, the per-intrinsic operand rules, then the
//! exception behavior and rounding mode metadata.

use crate::ir::FnCtx;
use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::{GlobalId, InstId};

/// The constrained intrinsics with a rounding-mode operand (`ConstrainedOps.def`'s ROUND_MODE).
const WITH_ROUNDING: &[&str] = &[
    "fadd",
    "fsub",
    "fmul",
    "fdiv",
    "frem",
    "sitofp",
    "uitofp",
    "fptrunc",
    "acos",
    "asin",
    "atan",
    "atan2",
    "cos",
    "cosh",
    "exp",
    "exp2",
    "fma",
    "log",
    "log10",
    "log2",
    "lrint",
    "llrint",
    "nearbyint",
    "pow",
    "powi",
    "ldexp",
    "rint",
    "sin",
    "sinh",
    "sqrt",
    "tan",
    "tanh",
    "fmuladd",
];

/// Every constrained intrinsic (`ConstrainedOps.def`), longest names first where one is a prefix
/// of another.
const ALL: &[&str] = &[
    "fadd",
    "fsub",
    "fmul",
    "fdiv",
    "frem",
    "fpext",
    "sitofp",
    "uitofp",
    "fptosi",
    "fptoui",
    "fptrunc",
    "fcmps",
    "fcmp",
    "acos",
    "asin",
    "atan2",
    "atan",
    "ceil",
    "cosh",
    "cos",
    "exp2",
    "exp",
    "floor",
    "fmuladd",
    "fma",
    "log10",
    "log2",
    "log",
    "lrint",
    "llrint",
    "lround",
    "llround",
    "maxnum",
    "minnum",
    "maximum",
    "minimum",
    "nearbyint",
    "powi",
    "pow",
    "ldexp",
    "rint",
    "roundeven",
    "round",
    "sinh",
    "sin",
    "sqrt",
    "tanh",
    "tan",
    "trunc",
];

/// The rounding modes LLVM reads from metadata (`convertStrToRoundingMode`).
const ROUNDING_MODES: &[&str] =
    &["round.dynamic", "round.tonearest", "round.tonearestaway", "round.downward", "round.upward", "round.towardzero"];

/// The exception behaviors (`convertStrToExceptionBehavior`).
const EXCEPTION_BEHAVIORS: &[&str] = &["fpexcept.ignore", "fpexcept.maytrap", "fpexcept.strict"];

/// The `fcmp` predicates by their metadata names.
const FP_PREDICATES: &[&str] =
    &["oeq", "ogt", "oge", "olt", "ole", "one", "ord", "uno", "ueq", "ugt", "uge", "ult", "ule", "une"];

/// The operation of a constrained intrinsic's name (`fadd` of
/// `llvm.experimental.constrained.fadd.f64`).
fn constrained_base(name: &[u8]) -> Option<&'static str> {
    let rest = name.strip_prefix(b"llvm.experimental.constrained.")?;
    ALL.iter()
        .copied()
        .find(|op| rest.strip_prefix(op.as_bytes()).is_some_and(|r| r.is_empty() || r.first() == Some(&b'.')))
}

impl Verifier<'_> {
    /// `visitConstrainedFPIntrinsic`: `callee` is the `llvm.experimental.constrained.*`
    /// declaration.
    pub fn visit_constrained_fp_intrinsic(&mut self, f: &FnCtx<'_>, i: InstId, callee: GlobalId) -> Step {
        let Some(op) = constrained_base(self.global_name(callee)) else { return Some(()) };
        let call = [Subject::Inst(f.g, i)];
        let has_rounding = WITH_ROUNDING.contains(&op);
        let is_cmp = matches!(op, "fcmp" | "fcmps");
        let n = self.arg_count(f, i);
        // `getNonMetadataArgCount` plus the metadata operands: the count always agrees.
        let md = 1 + usize::from(has_rounding) + usize::from(is_cmp);
        let non_md = n.wrapping_sub(md);
        self.check_module(non_md.wrapping_add(md) == n, "invalid arguments for constrained FP intrinsic", &call)?;
        let t = self.types();
        let ret = f.inst(i).ty;
        match op {
            "lrint" | "llrint" | "lround" | "llround" => {
                let val = self.arg_ty(f, i, 0);
                let ok = !val.is_some_and(|v| t.is_vector(v)) && !t.is_vector(ret);
                self.check_module(ok, "Intrinsic does not support vectors", &call)?;
            }
            "fcmp" | "fcmps" => {
                let ok = self.md_str_arg(f, i, 2).is_some_and(|p| FP_PREDICATES.contains(&p));
                self.check_module(ok, "invalid predicate for constrained FP comparison intrinsic", &call)?;
            }
            "fptosi" | "fptoui" | "sitofp" | "uitofp" => {
                let Some(val) = self.arg_ty(f, i, 0) else { return Some(()) };
                let to_int = op.starts_with("fpto");
                if to_int {
                    self.check_module(
                        t.is_fp_or_fp_vector(val),
                        "Intrinsic first argument must be floating point",
                        &call,
                    )?;
                } else {
                    self.check_module(t.is_int_or_int_vector(val), "Intrinsic first argument must be integer", &call)?;
                }
                // A zero element count for scalars, as LLVM's default `ElementCount`.
                let src_ec = t.vector(val).map_or((false, 0), |v| (v.0, v.1));
                self.check_module(
                    (src_ec.1 != 0) == t.is_vector(ret),
                    "Intrinsic first argument and result disagree on vector use",
                    &call,
                )?;
                if to_int {
                    self.check_module(t.is_int_or_int_vector(ret), "Intrinsic result must be an integer", &call)?;
                } else {
                    self.check_module(t.is_fp_or_fp_vector(ret), "Intrinsic result must be a floating point", &call)?;
                }
                if let Some(rv) = t.vector(ret) {
                    self.check_module(
                        src_ec == (rv.0, rv.1),
                        "Intrinsic first argument and result vector lengths must be equal",
                        &call,
                    )?;
                }
            }
            "fptrunc" | "fpext" => {
                let Some(val) = self.arg_ty(f, i, 0) else { return Some(()) };
                self.check_module(
                    t.is_fp_or_fp_vector(val),
                    "Intrinsic first argument must be FP or FP vector",
                    &call,
                )?;
                self.check_module(t.is_fp_or_fp_vector(ret), "Intrinsic result must be FP or FP vector", &call)?;
                self.check_module(
                    t.is_vector(val) == t.is_vector(ret),
                    "Intrinsic first argument and result disagree on vector use",
                    &call,
                )?;
                if let (Some(a), Some(b)) = (t.vector(val), t.vector(ret)) {
                    self.check_module(
                        (a.0, a.1) == (b.0, b.1),
                        "Intrinsic first argument and result vector lengths must be equal",
                        &call,
                    )?;
                }
                if op == "fptrunc" {
                    self.check_module(
                        t.scalar_bits(val) > t.scalar_bits(ret),
                        "Intrinsic first argument's type must be larger than result type",
                        &call,
                    )?;
                } else {
                    self.check_module(
                        t.scalar_bits(val) < t.scalar_bits(ret),
                        "Intrinsic first argument's type must be smaller than result type",
                        &call,
                    )?;
                }
            }
            _ => {}
        }
        let except = n.checked_sub(1).and_then(|k| self.md_str_arg(f, i, k));
        let ok = except.is_some_and(|s| EXCEPTION_BEHAVIORS.contains(&s));
        self.check_module(ok, "invalid exception behavior argument", &call)?;
        if has_rounding {
            let round = n.checked_sub(2).and_then(|k| self.md_str_arg(f, i, k));
            let ok = round.is_some_and(|s| ROUNDING_MODES.contains(&s));
            self.check_module(ok, "invalid rounding mode argument", &call)?;
        }
        Some(())
    }
}
