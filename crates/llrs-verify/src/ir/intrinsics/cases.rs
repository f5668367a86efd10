//! The cases of `visitIntrinsicCall`'s switch for general intrinsics: `assume`, `ucmp`/`scmp`,
//! `coro.id`, `is.fpclass`, `fptrunc.round`, the element-wise atomic memory intrinsics,
//! preallocated calls, `gcroot`, `init.trampoline`, `prefetch`, `stackprotector`, `lifetime.*`.
//! The rest are in `cases2.rs`.

use super::super::FnCtx;
use super::helpers::{arg, call_args};
use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::attr_order::{attr_kind_rank, FIRST_INT_ATTR};
use llrs_ir::module::Linkage;
use llrs_ir::{Const, GlobalKind, InstId, Md, Opcode, Type, Value};

/// The attributes LLVM allows on parameters (`Attribute::canUseAsParamAttr`), among those
/// without an integer argument.
const PARAM_ATTRS: &[&str] = &[
    "allocalign",
    "allocptr",
    "dead_on_return",
    "dead_on_unwind",
    "immarg",
    "inreg",
    "nest",
    "noalias",
    "noext",
    "nofree",
    "noundef",
    "nonnull",
    "readnone",
    "readonly",
    "returned",
    "signext",
    "swiftasync",
    "swifterror",
    "swiftself",
    "writable",
    "writeonly",
    "zeroext",
    "byref",
    "byval",
    "elementtype",
    "inalloca",
    "preallocated",
    "sret",
    "range",
    "initializes",
];

/// The last integer attribute kind (`vscale_range`).
const LAST_INT_ATTR: u32 = 99;

/// The rounding modes `convertStrToRoundingMode` knows, but `round.dynamic`.
const ROUNDING_MODES: &[&[u8]] =
    &[b"round.tonearest", b"round.downward", b"round.upward", b"round.towardzero", b"round.tonearestaway"];

impl Verifier<'_> {
    /// `case Intrinsic::assume`: the operand bundles are attributes.
    pub(super) fn visit_assume(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let m = self.v.m;
        let inst = f.inst(i);
        let Some(cd) = inst.call() else { return Some(()) };
        let call = Subject::Inst(f.g, i);
        if !cd.bundles.is_empty() {
            let one = self.const_apint(arg(inst, 0)).is_some_and(|c| c.is_one());
            self.check_module(one, "assume with operand bundles must have i1 true condition", &[call])?;
        }
        for b in &cd.bundles {
            let tag = m.ctx.name(b.tag);
            let n = b.inputs.len();
            let tys: Vec<Option<llrs_ir::TypeId>> =
                (0..3).map(|k| b.inputs.get(k).and_then(|&v| self.value_ty(f, v))).collect();
            let ty = |k: usize| tys.get(k).copied().flatten();
            let types = self.types();
            let is_ptr = |t: Option<llrs_ir::TypeId>| t.is_some_and(|t| types.is_ptr(t));
            let is_int = |t: Option<llrs_ir::TypeId>| t.is_some_and(|t| types.is_int(t));
            if tag == b"separate_storage" {
                self.check_module(n == 2, "separate_storage assumptions should have 2 arguments", &[call])?;
                let ok = is_ptr(ty(0)) && is_ptr(ty(1));
                self.check_module(ok, "arguments to separate_storage assumptions should be pointers", &[call])?;
                continue;
            }
            let kind = attr_kind_rank(tag);
            self.check_module(tag == b"ignore" || kind.is_some(), "tags must be valid attribute names", &[call])?;
            if tag == b"align" {
                let (p, a, o) = (is_ptr(ty(0)), is_int(ty(1)), is_int(ty(2)));
                self.check_module((2..=3).contains(&n), "alignment assumptions should have 2 or 3 arguments", &[call])?;
                self.check_module(p, "first argument should be a pointer", &[call])?;
                self.check_module(a, "second argument should be an integer", &[call])?;
                if n == 3 {
                    self.check_module(o, "third argument should be an integer if present", &[call])?;
                }
                continue;
            }
            if tag == b"dereferenceable" {
                let (p, a) = (is_ptr(ty(0)), is_int(ty(1)));
                self.check_module(n == 2, "dereferenceable assumptions should have 2 arguments", &[call])?;
                self.check_module(p, "first argument should be a pointer", &[call])?;
                self.check_module(a, "second argument should be an integer", &[call])?;
                continue;
            }
            self.check_module(n <= 2, "too many arguments", &[call])?;
            let Some(kind) = kind else { break };
            if (FIRST_INT_ATTR..=LAST_INT_ATTR).contains(&kind) {
                self.check_module(n == 2, "this attribute should have 2 arguments", &[call])?;
                let c = b.inputs.get(1).is_some_and(|&v| self.is_const_int(v));
                self.check_module(c, "the second argument should be a constant integral value", &[call])?;
            } else if PARAM_ATTRS.iter().any(|a| a.as_bytes() == tag) {
                self.check_module(n == 1, "this attribute should have one argument", &[call])?;
            } else if kind < 83 {
                self.check_module(n == 0, "this attribute has no argument", &[call])?;
            }
        }
        Some(())
    }

    /// `case Intrinsic::ucmp`, `scmp`.
    pub(super) fn visit_cmp3(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let t = self.types();
        let call = Subject::Inst(f.g, i);
        let dest = f.inst(i).ty;
        let src = self.arg_ty(f, i, 0);
        self.check_module(t.scalar_bits(dest) >= 2, "result type must be at least 2 bits wide", &[call])?;
        let dest_vec = t.is_vector(dest);
        let same = src.is_some_and(|s| t.is_vector(s) == dest_vec);
        self.check_module(
            same,
            "ucmp/scmp argument and result types must both be either vector or scalar types",
            &[call],
        )?;
        if dest_vec {
            let eq = self.vec_count(src) == self.vec_count(Some(dest));
            self.check_module(eq, "return type and arguments must have the same number of elements", &[call])?;
        }
        Some(())
    }

    /// `case Intrinsic::coro_id`: the info argument.
    pub(super) fn visit_coro_id(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let m = self.v.m;
        let Some(info) = arg(f.inst(i), 3) else { return Some(()) };
        let info = self.strip_pointer_casts(f, info);
        if self.is_null_ptr(info) {
            return Some(());
        }
        let gv = self.global_of(info).map(|g| &m.globals[g]).filter(|g| g.kind == GlobalKind::Var);
        let definitive = gv.is_some_and(|g| {
            g.var.constant
                && g.var.init.is_some()
                && !g.var.externally_initialized
                && !matches!(g.linkage, Linkage::Weak | Linkage::LinkOnce | Linkage::Common | Linkage::ExternWeak)
        });
        self.check_module(definitive, "info argument of llvm.coro.id must refer to an initialized constant", &[])?;
        let init = gv.and_then(|g| g.var.init).map(|c| m.ctx.const_of(c));
        let aggregate = match init {
            Some(Const::Struct(..)) => true,
            // A `ConstantDataArray` (simple elements) is not a `ConstantArray`.
            Some(Const::Array(t, _)) => match m.ctx.type_of(*t) {
                Type::Array(_, e) => !matches!(m.ctx.type_of(*e), Type::Int(8 | 16 | 32 | 64) | Type::Float(_)),
                _ => true,
            },
            _ => false,
        };
        self.check_module(aggregate, "info argument of llvm.coro.id must refer to either a struct or an array", &[])
    }

    /// `case Intrinsic::is_fpclass`.
    pub(super) fn visit_is_fpclass(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let Some(mask) = self.const_apint(arg(f.inst(i), 1)) else { return Some(()) };
        let ok = mask.low_u64() & !0x3ff == 0;
        self.check_module(ok, "unsupported bits for llvm.is.fpclass test mask", &[])
    }

    /// `case Intrinsic::fptrunc_round`: the rounding mode.
    pub(super) fn visit_fptrunc_round(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let call = Subject::Inst(f.g, i);
        let md = match f.inst(i).operands.get(2) {
            Some(Value::Md(md)) => Some(*md),
            _ => None,
        };
        self.check_module(md.is_some(), "missing rounding mode argument", &[call])?;
        let md = md?;
        let Md::Str(s) = md else {
            self.fail_module(
                "invalid value for llvm.fptrunc.round metadata operand (the operand should be a string)",
                &[Subject::MdRef(md)],
            );
            return None;
        };
        let mode = self.v.m.ctx.name(s);
        self.check_module(ROUNDING_MODES.contains(&mode), "unsupported rounding mode argument", &[call])
    }

    /// `case Intrinsic::memcpy_element_unordered_atomic` and the like.
    pub(super) fn visit_atomic_mem(
        &mut self,
        f: &FnCtx<'_>,
        i: InstId,
        _callee: llrs_ir::GlobalId,
        base: &str,
    ) -> Step {
        let inst = f.inst(i);
        let call = Subject::Inst(f.g, i);
        let Some(size) = self.const_apint(arg(inst, 3)) else { return Some(()) };
        let pow2 = !size.is_zero() && size.and(&size.sub(&llrs_ir::apint::APInt::from_u64(size.width(), 1))).is_zero();
        self.check_module(
            pow2,
            "element size of the element-wise atomic memory intrinsic must be a power of 2",
            &[call],
        )?;
        let valid = |v: &Self, k: usize| {
            let align = inst.call().and_then(|cd| v.set_int(cd.attrs.param(k), b"align"));
            align.is_some_and(|a| size.to_u64().is_some_and(|s| s <= a))
        };
        let dest = valid(self, 0);
        self.check_module(dest, "incorrect alignment of the destination argument", &[call])?;
        if base != "llvm.memset.element.unordered.atomic" {
            let src = valid(self, 1);
            self.check_module(src, "incorrect alignment of the source argument", &[call])?;
        }
        Some(())
    }

    /// The integer argument of attribute `name` in a set (`align 8`).
    pub(super) fn set_int(&self, set: llrs_ir::AttrsId, name: &[u8]) -> Option<u64> {
        let ctx = &self.v.m.ctx;
        let sym = ctx.names.lookup(name)?;
        ctx.attrs_of(set).iter().find_map(|a| match a.arg {
            llrs_ir::attributes::AttrArg::Int(v) if a.kind == sym => Some(v),
            _ => None,
        })
    }

    /// `case Intrinsic::call_preallocated_setup`: every use of the token.
    pub(super) fn visit_preallocated_setup(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let m = self.v.m;
        let call = Subject::Inst(f.g, i);
        let num_args = self.const_apint(arg(f.inst(i), 0));
        self.check_module(num_args.is_some(), "llvm.call.preallocated.setup argument must be a constant", &[])?;
        let num_args = num_args?;
        let mut found_call = false;
        for u in f.users(Value::Inst(i)) {
            let user = f.inst(u.user);
            self.check_module(Self::is_call_base(user), "Uses of llvm.call.preallocated.setup must be calls", &[])?;
            let called = self.callee_fn(user).and_then(|g| self.intrinsic_base(g));
            if called == Some("llvm.call.preallocated.arg") {
                let idx = self.const_apint(arg(user, 1));
                self.check_module(idx.is_some(), "llvm.call.preallocated.alloc arg index must be a constant", &[])?;
                let idx = idx?.to_i64();
                let n = num_args.to_i64();
                let ok = matches!((idx, n), (Some(x), Some(n)) if x >= 0 && x < n);
                self.check_module(
                    ok,
                    "llvm.call.preallocated.alloc arg index must be between 0 and corresponding \
                     llvm.call.preallocated.setup's argument count",
                    &[],
                )?;
            } else if called == Some("llvm.call.preallocated.teardown") {
            } else {
                self.check_module(
                    !found_call,
                    "Can have at most one call corresponding to a llvm.call.preallocated.setup",
                    &[],
                )?;
                found_call = true;
                let n = (0..call_args(user).len()).filter(|&k| self.call_param_has(user, k, "preallocated")).count();
                self.check_module(
                    n != 0,
                    "cannot use preallocated intrinsics on a call without preallocated arguments",
                    &[],
                )?;
                self.check_module(
                    num_args.to_u64() == Some(n as u64),
                    "llvm.call.preallocated.setup arg size must be equal to number of preallocated arguments at \
                     call site",
                    &[call, Subject::Inst(f.g, u.user)],
                )?;
                let bundles: Vec<_> = user
                    .call()
                    .map(|cd| cd.bundles.iter().filter(|b| m.ctx.name(b.tag) == b"preallocated").collect())
                    .unwrap_or_default();
                if bundles.len() > 1 {
                    return None;
                }
                self.check_module(
                    !bundles.is_empty(),
                    "Use of llvm.call.preallocated.setup outside intrinsics must be in \"preallocated\" operand \
                     bundle",
                    &[],
                )?;
                let first = bundles.first().and_then(|b| b.inputs.first().copied());
                self.check_module(
                    first == Some(Value::Inst(i)),
                    "preallocated bundle must have token from corresponding llvm.call.preallocated.setup",
                    &[],
                )?;
            }
        }
        Some(())
    }

    /// `case Intrinsic::call_preallocated_arg`.
    pub(super) fn visit_preallocated_arg(&mut self, f: &FnCtx<'_>, i: InstId, _callee: llrs_ir::GlobalId) -> Step {
        let inst = f.inst(i);
        let token = arg(inst, 0).and_then(|v| self.called_intrinsic(f, v));
        self.check_module(
            token == Some("llvm.call.preallocated.setup"),
            "llvm.call.preallocated.arg token argument must be a llvm.call.preallocated.setup",
            &[],
        )?;
        self.check_module(
            self.intrinsic_call_has_fn_attr(inst, "preallocated"),
            "llvm.call.preallocated.arg must be called with a \"preallocated\" call site attribute",
            &[],
        )
    }

    /// `case Intrinsic::call_preallocated_teardown`.
    pub(super) fn visit_preallocated_teardown(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let token = arg(f.inst(i), 0).and_then(|v| self.called_intrinsic(f, v));
        self.check_module(
            token == Some("llvm.call.preallocated.setup"),
            "llvm.call.preallocated.teardown token argument must be a llvm.call.preallocated.setup",
            &[],
        )
    }

    /// `case Intrinsic::gcroot`, `gcwrite`, `gcread`.
    pub(super) fn visit_gc_root(&mut self, f: &FnCtx<'_>, i: InstId, base: &str) -> Step {
        let inst = f.inst(i);
        let call = Subject::Inst(f.g, i);
        if base == "llvm.gcroot" {
            let a0 = arg(inst, 0).map(|v| self.strip_pointer_casts(f, v));
            let ai = a0.and_then(|v| self.alloca_of(f, v));
            self.check_module(ai.is_some(), "llvm.gcroot parameter #1 must be an alloca.", &[call])?;
            let a1 = arg(inst, 1);
            self.check_module(
                matches!(a1, Some(Value::Const(_))),
                "llvm.gcroot parameter #2 must be a constant.",
                &[call],
            )?;
            let ptr_alloca = ai.is_some_and(|d| match d.extra {
                llrs_ir::InstExtra::Alloca { ty, .. } => self.types().is_ptr(ty),
                _ => false,
            });
            if !ptr_alloca {
                self.check_module(
                    !a1.is_some_and(|v| self.is_null_ptr(v)),
                    "llvm.gcroot parameter #1 must either be a pointer alloca, or argument #2 must be a non-null \
                     constant.",
                    &[call],
                )?;
            }
        }
        self.check_module(f.fd.gc.is_some(), "Enclosing function does not use GC.", &[call])
    }

    /// `case Intrinsic::init_trampoline`.
    pub(super) fn visit_init_trampoline(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let m = self.v.m;
        let target = arg(f.inst(i), 1).map(|v| self.strip_pointer_casts(f, v));
        let is_fn = target.and_then(|v| self.global_of(v)).is_some_and(|g| m.globals[g].kind == GlobalKind::Function);
        self.check_module(
            is_fn,
            "llvm.init_trampoline parameter #2 must resolve to a function.",
            &[Subject::Inst(f.g, i)],
        )
    }

    /// `case Intrinsic::prefetch`.
    pub(super) fn visit_prefetch(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let inst = f.inst(i);
        let call = Subject::Inst(f.g, i);
        let below = |k: usize, n: u64| self.const_apint(arg(inst, k)).is_none_or(|c| c.ult_u64(n));
        let (rw, loc, cache) = (below(1, 2), below(2, 4), below(3, 2));
        self.check_module(rw, "rw argument to llvm.prefetch must be 0-1", &[call])?;
        self.check_module(loc, "locality argument to llvm.prefetch must be 0-3", &[call])?;
        self.check_module(cache, "cache type argument to llvm.prefetch must be 0-1", &[call])
    }

    /// `case Intrinsic::stackprotector`.
    pub(super) fn visit_stackprotector(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let slot = arg(f.inst(i), 1).map(|v| self.strip_pointer_casts(f, v));
        let ok = slot.is_some_and(|v| self.alloca_of(f, v).is_some());
        self.check_module(ok, "llvm.stackprotector parameter #2 must resolve to an alloca.", &[Subject::Inst(f.g, i)])
    }

    /// `case Intrinsic::lifetime_start`, `lifetime_end`.
    pub(super) fn visit_lifetime(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let p = arg(f.inst(i), 0);
        let ok = p.is_some_and(|v| self.alloca_of(f, v).is_some() || self.is_poison(v));
        self.check_module(ok, "llvm.lifetime.start/end can only be used on alloca or poison", &[Subject::Inst(f.g, i)])
    }

    /// Whether `v` is a `catchpad` instruction.
    pub(super) fn is_catchpad(&self, f: &FnCtx<'_>, v: Option<Value>) -> bool {
        matches!(v, Some(Value::Inst(x)) if f.body.insts.get(x).is_some_and(|d| d.op == Opcode::CatchPad))
    }
}
