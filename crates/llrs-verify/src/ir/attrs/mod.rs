//! Attributes: `verifyAttributeCount`, `verifyAttributeTypes`, `verifyParameterAttrs`,
//! `verifyFunctionAttrs` (function, return and parameter attributes of functions and call
//! sites), `checkUnsignedBaseTenFuncAttr`, and LLVM's table of the types each attribute may
//! apply to (`AttributeFuncs::typeIncompatible`).

mod param;
mod strs;
#[cfg(test)]
mod tests;

use param::uses;

pub use strs::{is_unsigned_base_ten, is_valid_denormal_mode, is_valid_vfabi_name};

use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::attributes::{AllocFnKind, Attr, AttrArg, AttrsId};
use llrs_ir::instructions::AttrList;
use llrs_ir::module::UnnamedAddr;
use llrs_ir::{Type, TypeId};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// What an attribute list was checked with: the function type, whether the function is an
/// intrinsic, whether the callee is inline asm.
pub type CheckedWith = (TypeId, bool, bool);

/// State of these checks (`AttributeListsVisited`).
#[derive(Default)]
pub struct AttrState {
    /// The attribute lists found clean by [`Verifier::verify_function_attrs`], with the
    /// function types, intrinsic and inline-asm bits they were checked with: checked again with
    /// the same, they are clean again (LLVM checks each time; the answer cannot change).
    pub lists_clean: FxHashMap<AttrList, SmallVec<[CheckedWith; 2]>>,
    /// The uses of functions and entry blocks across the module, found when first needed
    /// (`crate::ir::function::ModuleUses`).
    pub module_uses: Option<std::sync::Arc<crate::ir::function::ModuleUses>>,
    /// The module's functions by name (`Module::getFunction`), made when first needed.
    pub fn_by_name: Option<rustc_hash::FxHashMap<llrs_ir::Symbol, llrs_ir::GlobalId>>,
    /// The texts of the attributes named in messages so far (`getAsString`), as printing one
    /// needs a walk of the module's types.
    pub texts: rustc_hash::FxHashMap<Attr, String>,
}

impl<'m> Verifier<'m> {
    /// `verifyAttributeCount(Attrs, Params)`: no more attribute sets than the parameters plus
    /// the function and the return value.
    pub fn verify_attribute_count(&self, attrs: &AttrList, params: usize) -> bool {
        // `getNumAttrSets`: the index of the last non-empty parameter set, plus the two others.
        let last = attrs.params.iter().rposition(|&a| a != AttrsId::EMPTY).map_or(0, |i| i + 1);
        last <= params
    }

    /// The value of string attribute `key` in `set` (`""` for a bare `"key"`), when present.
    pub(crate) fn str_attr_value(&self, set: AttrsId, key: &str) -> Option<&'m [u8]> {
        let m: &'m llrs_ir::Module = self.v.m;
        let c = &m.ctx;
        c.attrs_of(set).iter().find_map(|a| match a.arg {
            AttrArg::Str(v) if c.name(a.kind) == key.as_bytes() => Some(v.map_or(&[][..], |s| c.name(s))),
            _ => None,
        })
    }

    /// `checkUnsignedBaseTenFuncAttr(Attrs, Attr, V)`.
    fn check_unsigned_base_ten_fn_attr(&mut self, set: AttrsId, key: &str, v: &Subject) {
        if let Some(s) = self.str_attr_value(set, key) {
            if !is_unsigned_base_ten(s) {
                let msg = format!("\"{key}\" takes an unsigned integer: {}", String::from_utf8_lossy(s));
                self.fail_module(msg, std::slice::from_ref(v));
            }
        }
    }

    /// `verifyFunctionAttrs(FT, Attrs, V, IsIntrinsic, IsInlineAsm)`: `subject` is what LLVM
    /// prints as `V` (the function, or the call instruction).
    pub fn verify_function_attrs(
        &mut self,
        fn_ty: TypeId,
        attrs: &AttrList,
        subject: &Subject,
        is_intrinsic: bool,
        is_inline_asm: bool,
    ) -> Step {
        let is_empty = attrs.func == AttrsId::EMPTY
            && attrs.ret == AttrsId::EMPTY
            && attrs.params.iter().all(|&a| a == AttrsId::EMPTY);
        if is_empty {
            return Some(());
        }
        // The context checks cannot fail here: every set lives in the module's context.
        let key = (fn_ty, is_intrinsic, is_inline_asm);
        if self.attr_state.lists_clean.get(attrs).is_some_and(|keys| keys.contains(&key)) {
            return Some(());
        }
        let before = self.report.diagnostics.len();
        let step = self.verify_function_attrs_once(attrs, subject, key);
        // Only `jumptable` looks at the subject itself (beyond naming it).
        if step.is_some() && self.report.diagnostics.len() == before && !self.has(attrs.func, "jumptable") {
            self.attr_state.lists_clean.entry(attrs.clone()).or_default().push(key);
        }
        step
    }

    /// [`Self::verify_function_attrs`] on a list not known to be clean.
    fn verify_function_attrs_once(&mut self, attrs: &AttrList, subject: &Subject, with: CheckedWith) -> Step {
        let (fn_ty, is_intrinsic, is_inline_asm) = with;
        let m: &'m llrs_ir::Module = self.v.m;
        let c = &m.ctx;
        let vs = std::slice::from_ref(subject);
        let (ret_ty, params) = match c.type_of(fn_ty) {
            Type::Function { ret, params, .. } => (*ret, &params[..]),
            _ => return Some(()),
        };

        for a in c.attrs_of(attrs.ret) {
            if !matches!(a.arg, AttrArg::Str(_)) && !uses(self.kind_name(a)).ret {
                let msg = format!("Attribute '{}' does not apply to function return values", self.attr_text(a));
                self.fail_module(msg, vs);
                return None;
            }
        }
        let _ = self.verify_parameter_attrs(attrs.ret, ret_ty, subject);

        let (mut saw_nest, mut saw_returned, mut saw_sret) = (false, false, false);
        let (mut saw_self, mut saw_async, mut saw_error) = (false, false, false);
        for (i, &ty) in params.iter().enumerate() {
            let set = attrs.param(i);
            if !is_intrinsic {
                self.check_module(!self.has(set, "immarg"), "immarg attribute only applies to intrinsics", vs)?;
                if !is_inline_asm {
                    self.check_module(
                        !self.has(set, "elementtype"),
                        "Attribute 'elementtype' can only be applied to intrinsics and inline asm.",
                        vs,
                    )?;
                }
            }
            let _ = self.verify_parameter_attrs(set, ty, subject);
            if self.has(set, "nest") {
                self.check_module(!saw_nest, "More than one parameter has attribute nest!", vs)?;
                saw_nest = true;
            }
            if self.has(set, "returned") {
                self.check_module(!saw_returned, "More than one parameter has attribute returned!", vs)?;
                let ok = self.can_losslessly_bitcast(ty, ret_ty);
                self.check_module(ok, "Incompatible argument and return types for 'returned' attribute", vs)?;
                saw_returned = true;
            }
            if self.has(set, "sret") {
                self.check_module(!saw_sret, "Cannot have multiple 'sret' parameters!", vs)?;
                self.check_module(i == 0 || i == 1, "Attribute 'sret' is not on first or second parameter!", vs)?;
                saw_sret = true;
            }
            if self.has(set, "swiftself") {
                self.check_module(!saw_self, "Cannot have multiple 'swiftself' parameters!", vs)?;
                saw_self = true;
            }
            if self.has(set, "swiftasync") {
                self.check_module(!saw_async, "Cannot have multiple 'swiftasync' parameters!", vs)?;
                saw_async = true;
            }
            if self.has(set, "swifterror") {
                self.check_module(!saw_error, "Cannot have multiple 'swifterror' parameters!", vs)?;
                saw_error = true;
            }
            if self.has(set, "inalloca") {
                self.check_module(i + 1 == params.len(), "inalloca isn't on the last parameter!", vs)?;
            }
        }

        let fa = attrs.func;
        if fa == AttrsId::EMPTY {
            return Some(());
        }
        let _ = self.verify_attribute_types(fa, subject);
        for a in c.attrs_of(fa) {
            if !matches!(a.arg, AttrArg::Str(_)) && !uses(self.kind_name(a)).func {
                let msg = format!("Attribute '{}' does not apply to functions!", self.attr_text(a));
                self.fail_module(msg, vs);
                return None;
            }
        }
        self.verify_fn_attr_conflicts(attrs, subject)?;
        self.verify_fn_attr_values(fa, fn_ty, params, subject)?;

        self.verify_fn_str_attrs(fa, fn_ty, subject)
    }

    /// The conflicts between function attributes, from `noinline`/`alwaysinline` to
    /// `jumptable`.
    fn verify_fn_attr_conflicts(&mut self, attrs: &AttrList, subject: &Subject) -> Step {
        let vs = std::slice::from_ref(subject);
        let fa = attrs.func;
        let h = |s: &Self, k: &str| s.has(fa, k);
        let both = h(self, "noinline") && h(self, "alwaysinline");
        self.check_module(!both, "Attributes 'noinline and alwaysinline' are incompatible!", vs)?;
        if h(self, "optnone") {
            self.check_module(h(self, "noinline"), "Attribute 'optnone' requires 'noinline'!", vs)?;
            self.check_module(!h(self, "optsize"), "Attributes 'optsize and optnone' are incompatible!", vs)?;
            self.check_module(!h(self, "minsize"), "Attributes 'minsize and optnone' are incompatible!", vs)?;
            self.check_module(!h(self, "optdebug"), "Attributes 'optdebug and optnone' are incompatible!", vs)?;
        }
        let both = h(self, "sanitize_realtime") && h(self, "sanitize_realtime_blocking");
        self.check_module(
            !both,
            "Attributes 'sanitize_realtime and sanitize_realtime_blocking' are incompatible!",
            vs,
        )?;
        if h(self, "optdebug") {
            self.check_module(!h(self, "optsize"), "Attributes 'optsize and optdebug' are incompatible!", vs)?;
            self.check_module(!h(self, "minsize"), "Attributes 'minsize and optdebug' are incompatible!", vs)?;
        }
        let writable = self.has(attrs.ret, "writable") || attrs.params.iter().any(|&p| self.has(p, "writable"));
        let argmem_mod = match self.attr(fa, "memory") {
            Some(Attr { arg: AttrArg::Memory(me), .. }) => me.get(0) & 2 != 0,
            _ => true,
        };
        self.check_module(
            !writable || argmem_mod,
            "Attribute writable and memory without argmem: write are incompatible!",
            vs,
        )?;
        let hs = |s: &Self, k: &str| s.str_attr_value(fa, k).is_some();
        if hs(self, "aarch64_pstate_sm_enabled") {
            self.check_module(
                !hs(self, "aarch64_pstate_sm_compatible"),
                "Attributes 'aarch64_pstate_sm_enabled and aarch64_pstate_sm_compatible' are incompatible!",
                vs,
            )?;
        }
        let za = [
            "aarch64_new_za",
            "aarch64_in_za",
            "aarch64_inout_za",
            "aarch64_out_za",
            "aarch64_preserves_za",
            "aarch64_za_state_agnostic",
        ];
        let n = za.iter().filter(|k| hs(self, k)).count();
        self.check_module(
            n <= 1,
            "Attributes 'aarch64_new_za', 'aarch64_in_za', 'aarch64_out_za', 'aarch64_inout_za', \
             'aarch64_preserves_za' and 'aarch64_za_state_agnostic' are mutually exclusive",
            vs,
        )?;
        let zt0 = [
            "aarch64_new_zt0",
            "aarch64_in_zt0",
            "aarch64_inout_zt0",
            "aarch64_out_zt0",
            "aarch64_preserves_zt0",
            "aarch64_za_state_agnostic",
        ];
        let n = zt0.iter().filter(|k| hs(self, k)).count();
        self.check_module(
            n <= 1,
            "Attributes 'aarch64_new_zt0', 'aarch64_in_zt0', 'aarch64_out_zt0', 'aarch64_inout_zt0', \
             'aarch64_preserves_zt0' and 'aarch64_za_state_agnostic' are mutually exclusive",
            vs,
        )?;
        if h(self, "jumptable") {
            // LLVM casts V to a global value; at a call site, LLVM 22 reads no `unnamed_addr`
            // there and reports the call.
            let ok = match *subject {
                Subject::Global(g) => self.v.m.globals[g].unnamed_addr == UnnamedAddr::Global,
                _ => false,
            };
            self.check_module(ok, "Attribute 'jumptable' requires 'unnamed_addr'", vs)?;
        }
        Some(())
    }

    /// `allocsize`, `allockind`, `vscale_range` and `frame-pointer`.
    fn verify_fn_attr_values(&mut self, fa: AttrsId, fn_ty: TypeId, params: &[TypeId], subject: &Subject) -> Step {
        let vs = std::slice::from_ref(subject);
        if let Some(&Attr { arg: AttrArg::AllocSize(elem, num), .. }) = self.attr(fa, "allocsize") {
            let check_param = |s: &mut Self, name: &str, n: u32| -> bool {
                let Some(&ty) = params.get(n as usize) else {
                    s.fail_module(format!("'allocsize' {name} argument is out of bounds"), vs);
                    return false;
                };
                if !s.types().is_int(ty) {
                    s.fail_module(format!("'allocsize' {name} argument must refer to an integer parameter"), vs);
                    return false;
                }
                true
            };
            if !check_param(self, "element size", elem) {
                return None;
            }
            if let Some(n) = num {
                if !check_param(self, "number of elements", n) {
                    return None;
                }
            }
        }
        if let Some(&Attr { arg: AttrArg::AllocKind(k), .. }) = self.attr(fa, "allockind") {
            let kind = AllocFnKind::from_bits((k.bits() & 7).into());
            if ![AllocFnKind::ALLOC, AllocFnKind::REALLOC, AllocFnKind::FREE].contains(&kind) {
                self.fail_module("'allockind()' requires exactly one of alloc, realloc, and free", &[]);
            }
            if kind == AllocFnKind::FREE && k.bits() & 0x38 != 0 {
                self.fail_module(
                    "'allockind(\"free\")' doesn't allow uninitialized, zeroed, or aligned modifiers.",
                    &[],
                );
            }
            if k.contains(AllocFnKind::UNINITIALIZED | AllocFnKind::ZEROED) {
                self.fail_module("'allockind()' can't be both zeroed and uninitialized", &[]);
            }
        }
        self.verify_alloc_variant_zeroed(fa, fn_ty)?;
        // `vscale_range(0,0)` encodes as 0, which LLVM keeps as no attribute at all.
        let vscale = self.attr(fa, "vscale_range").filter(|a| a.arg != AttrArg::VScale(0, 0));
        if let Some(&Attr { arg: AttrArg::VScale(min, max), .. }) = vscale {
            if min == 0 {
                self.fail_module("'vscale_range' minimum must be greater than 0", vs);
            } else if !min.is_power_of_two() {
                self.fail_module("'vscale_range' minimum must be power-of-two value", vs);
            }
            // A maximum of 0 means none.
            if max != 0 && min > max {
                self.fail_module("'vscale_range' minimum cannot be greater than maximum", vs);
            } else if max != 0 && !max.is_power_of_two() {
                self.fail_module("'vscale_range' maximum must be power-of-two value", vs);
            }
        }
        if let Some(fp) = self.str_attr_value(fa, "frame-pointer") {
            if !matches!(fp, b"all" | b"non-leaf" | b"none" | b"reserved") {
                let msg = format!("invalid value for 'frame-pointer' attribute: {}", String::from_utf8_lossy(fp));
                self.fail_module(msg, vs);
            }
        }
        Some(())
    }

    /// The string attributes checked after the EVEX512 rule, from `patchable-function-prefix` to
    /// `denormal-fp-math-f32`.
    fn verify_fn_str_attrs(&mut self, fa: AttrsId, fn_ty: TypeId, subject: &Subject) -> Step {
        let vs = std::slice::from_ref(subject);
        self.check_unsigned_base_ten_fn_attr(fa, "patchable-function-prefix", subject);
        self.check_unsigned_base_ten_fn_attr(fa, "patchable-function-entry", subject);
        if let Some(s) = self.str_attr_value(fa, "patchable-function-entry-section") {
            self.check_module(!s.is_empty(), "\"patchable-function-entry-section\" must not be empty", &[])?;
        }
        self.check_unsigned_base_ten_fn_attr(fa, "warn-stack-size", subject);
        let text = |s: &[u8]| String::from_utf8_lossy(s).into_owned();
        if let Some(s) = self.str_attr_value(fa, "sign-return-address") {
            if !matches!(s, b"none" | b"all" | b"non-leaf") {
                self.fail_module(format!("invalid value for 'sign-return-address' attribute: {}", text(s)), vs);
            }
        }
        if let Some(s) = self.str_attr_value(fa, "sign-return-address-key") {
            if !matches!(s, b"a_key" | b"b_key") {
                self.fail_module(format!("invalid value for 'sign-return-address-key' attribute: {}", text(s)), vs);
            }
            if self.str_attr_value(fa, "sign-return-address").is_none() {
                self.fail_module("'sign-return-address-key' present without `sign-return-address`", &[]);
            }
        }
        for key in ["branch-target-enforcement", "branch-protection-pauth-lr", "guarded-control-stack"] {
            if let Some(s) = self.str_attr_value(fa, key) {
                if !matches!(s, b"" | b"true" | b"false") {
                    self.fail_module(format!("invalid value for '{key}' attribute: {}", text(s)), vs);
                }
            }
        }
        if let Some(s) = self.str_attr_value(fa, "vector-function-abi-variant") {
            if !is_valid_vfabi_name(&self.types(), s, fn_ty) {
                self.fail_module(format!("invalid name for a VFABI variant: {}", text(s)), vs);
            }
        }
        for key in ["denormal-fp-math", "denormal-fp-math-f32"] {
            if let Some(s) = self.str_attr_value(fa, key) {
                if !is_valid_denormal_mode(s) {
                    self.fail_module(format!("invalid value for '{key}' attribute: {}", text(s)), vs);
                }
            }
        }
        if let Some(s) = self.str_attr_value(fa, "modular-format") {
            let args: Vec<&[u8]> = s.split(|&b| b == b',').collect();
            self.check_module(args.len() >= 5, "modular-format attribute requires at least 5 arguments", vs)?;
            let first = args.get(2).filter(|a| is_unsigned_base_ten(a)).and_then(|a| std::str::from_utf8(a).ok());
            let first = first.and_then(|a| a.parse::<u32>().ok());
            self.check_module(first.is_some(), "modular-format attribute first arg index is not an integer", vs)?;
            let c = &self.v.m.ctx;
            let (n, vararg) = match c.type_of(fn_ty) {
                Type::Function { params, vararg, .. } => (params.len(), *vararg),
                _ => (0, false),
            };
            let upper = n + vararg as usize;
            let idx = first.unwrap_or(0) as usize;
            self.check_module(
                idx > 0 && idx <= upper,
                "modular-format attribute first arg index is out of bounds",
                vs,
            )?;
        }
        if let Some(s) = self.str_attr_value(fa, "target-features").filter(|s| !s.is_empty()) {
            for feature in s.split(|&b| b == b',') {
                match feature.first() {
                    None => self.fail_module("target-features attribute should not contain an empty string", &[]),
                    Some(b'+' | b'-') => {}
                    Some(_) => {
                        let msg = format!("target feature '{}' must start with a '+' or '-'", text(feature));
                        self.fail_module(msg, vs);
                        return None;
                    }
                }
            }
        }
        Some(())
    }

    /// The `"alloc-variant-zeroed"` rules: the function it names must be a zeroing allocator of
    /// the same family and signature.
    fn verify_alloc_variant_zeroed(&mut self, fa: AttrsId, fn_ty: TypeId) -> Step {
        let Some(s) = self.str_attr_value(fa, "alloc-variant-zeroed") else { return Some(()) };
        self.check_module(!s.is_empty(), "'alloc-variant-zeroed' must not be empty", &[])?;
        let m: &'m llrs_ir::Module = self.v.m;
        let Some(sym) = m.ctx.names.lookup(s) else { return Some(()) };
        let by_name = self
            .attr_state
            .fn_by_name
            .get_or_insert_with(|| m.functions.iter().filter_map(|&g| Some((m.globals[g].name?, g))).collect());
        let Some(&variant) = by_name.get(&sym) else { return Some(()) };
        let Some(vfd) = m.globals[variant].func.as_deref() else { return Some(()) };
        if let Some(family) = self.str_attr_value(fa, "alloc-family") {
            let vfam = self.str_attr_value(vfd.attrs.func, "alloc-family");
            self.check_module(
                vfam == Some(family),
                "'alloc-variant-zeroed' must name a function belonging to the same 'alloc-family'",
                &[],
            )?;
        }
        let zeroed = matches!(
            self.attr(vfd.attrs.func, "allockind"),
            Some(Attr { arg: AttrArg::AllocKind(k), .. }) if k.contains(AllocFnKind::ZEROED)
        );
        self.check_module(zeroed, "'alloc-variant-zeroed' must name a function with 'allockind(\"zeroed\")'", &[])?;
        self.check_module(
            m.globals[variant].value_ty == fn_ty,
            "'alloc-variant-zeroed' must name a function with the same signature",
            &[],
        )
    }

    /// `Type::canLosslesslyBitCastTo(Ty)`.
    pub fn can_losslessly_bitcast(&self, from: TypeId, to: TypeId) -> bool {
        let t = self.types();
        if from == to {
            return true;
        }
        if !t.is_first_class(from) || !t.is_first_class(to) {
            return false;
        }
        // `getPrimitiveSizeInBits` of a vector: its lanes times its element's size (0 for
        // pointers), scalable or not.
        let size = |ty: TypeId| match t.of(ty) {
            Type::Vector { scalable, len, elem } => Some((*len as u64 * t.scalar_bits(*elem) as u64, *scalable)),
            _ => None,
        };
        match (t.of(from), t.of(to)) {
            (Type::Vector { .. }, Type::Vector { .. }) => size(from) == size(to),
            (Type::Vector { scalable: false, .. }, Type::X86Amx) => size(from) == Some((8192, false)),
            (Type::X86Amx, Type::Vector { scalable: false, .. }) => size(to) == Some((8192, false)),
            (Type::Ptr(a), Type::Ptr(b)) => a == b,
            _ => false,
        }
    }
}
