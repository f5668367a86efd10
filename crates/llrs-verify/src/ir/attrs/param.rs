//! `verifyAttributeTypes`, `verifyParameterAttrs` and LLVM's tables behind them: where each
//! attribute kind may appear (`Attribute::canUseAs*Attr`, from `Attributes.td`), which kinds take
//! an integer (`Attribute::isIntAttrKind`), the string attributes that hold a boolean
//! (`ATTRIBUTE_STRBOOL`), and `AttributeFuncs::typeIncompatible`.

use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::attributes::{Attr, AttrArg, AttrsId};
use llrs_ir::TypeId;

/// Where an attribute kind may appear: as a function, parameter or return attribute.
#[derive(Copy, Clone, Default)]
pub struct Uses {
    /// `FnAttr`.
    pub func: bool,
    /// `ParamAttr`.
    pub param: bool,
    /// `RetAttr`.
    pub ret: bool,
}

/// The properties LLVM 22's `Attributes.td` gives each attribute kind (all false for a keyword
/// that is not a kind): [`llrs_ir::attributes::attr_info`].
pub fn uses(kind: &[u8]) -> Uses {
    llrs_ir::attributes::attr_info(kind).map_or_else(Uses::default, |a| Uses {
        func: a.func,
        param: a.param,
        ret: a.ret,
    })
}

/// `Attribute::isIntAttrKind`: the kinds whose argument is an integer.
fn is_int_attr_kind(kind: &[u8]) -> bool {
    llrs_ir::attributes::attr_info(kind).is_some_and(|a| a.class == llrs_ir::attributes::AttrClass::Int)
}

/// Whether an attribute holds an integer (`Attribute::isIntAttribute`).
fn is_int_attribute(arg: &AttrArg) -> bool {
    matches!(
        arg,
        AttrArg::Int(_)
            | AttrArg::Memory(_)
            | AttrArg::AllocSize(..)
            | AttrArg::VScale(..)
            | AttrArg::Captures(_)
            | AttrArg::NoFPClass(_)
            | AttrArg::UwTable(_)
            | AttrArg::AllocKind(_)
    )
}

/// The string attributes that hold a boolean (`ATTRIBUTE_STRBOOL` of LLVM 22's `Attributes.td`).
const STR_BOOL: &[&str] = &[
    "allow_direct_access_in_hot_patch_function",
    "less-precise-fpmad",
    "loader-replaceable",
    "marked_for_windows_hot_patching",
    "no-infs-fp-math",
    "no-inline-line-tables",
    "no-jump-tables",
    "no-nans-fp-math",
    "no-signed-zeros-fp-math",
    "profile-sample-accurate",
    "use-sample-profile",
];

impl<'m> Verifier<'m> {
    /// The keyword of an attribute.
    pub(super) fn kind_name(&self, a: &Attr) -> &'m [u8] {
        let m: &'m llrs_ir::Module = self.v.m;
        m.ctx.name(a.kind)
    }

    /// The attribute of `kind` in `set` (not a string attribute).
    pub(crate) fn attr(&self, set: AttrsId, kind: &str) -> Option<&'m Attr> {
        let m: &'m llrs_ir::Module = self.v.m;
        let c = &m.ctx;
        c.attrs_of(set).iter().find(|a| !matches!(a.arg, AttrArg::Str(_)) && c.name(a.kind) == kind.as_bytes())
    }

    /// Whether `set` has the attribute `kind`.
    pub(crate) fn has(&self, set: AttrsId, kind: &str) -> bool {
        self.attr(set, kind).is_some()
    }

    /// `getAsString` of an attribute.
    pub(crate) fn attr_text(&mut self, a: &Attr) -> String {
        if let Some(t) = self.attr_state.texts.get(a) {
            return t.clone();
        }
        let m = self.v.m;
        let mut t = String::new();
        self.printer.get_or_insert_with(|| llrs_asm::ValuePrinter::new(m)).attribute(a, &mut t);
        self.attr_state.texts.insert(a.clone(), t.clone());
        t
    }

    /// `verifyAttributeTypes(Attrs, V)`.
    pub(super) fn verify_attribute_types(&mut self, set: AttrsId, v: &Subject) -> Step {
        let m: &'m llrs_ir::Module = self.v.m;
        let c = &m.ctx;
        for a in c.attrs_of(set) {
            if let AttrArg::Str(val) = a.arg {
                let key = c.name(a.kind);
                if STR_BOOL.iter().any(|k| k.as_bytes() == key) {
                    let val = val.map_or(&[][..], |s| c.name(s));
                    if !(val.is_empty() || val == b"true" || val == b"false") {
                        let msg = format!(
                            "invalid value for '{}' attribute: {}",
                            String::from_utf8_lossy(key),
                            String::from_utf8_lossy(val)
                        );
                        self.fail_module(msg, &[]);
                    }
                }
                continue;
            }
            if is_int_attribute(&a.arg) != is_int_attr_kind(c.name(a.kind)) {
                let msg = format!("Attribute '{}' should have an Argument", self.attr_text(a));
                self.fail_module(msg, std::slice::from_ref(v));
                return None;
            }
        }
        Some(())
    }

    /// `verifyParameterAttrs(Attrs, Ty, V)`: the attributes of a parameter or return value of
    /// type `ty`.
    pub(crate) fn verify_parameter_attrs(&mut self, set: AttrsId, ty: TypeId, v: &Subject) -> Step {
        let m: &'m llrs_ir::Module = self.v.m;
        let c = &m.ctx;
        let attrs = c.attrs_of(set);
        if attrs.is_empty() {
            return Some(());
        }
        let _ = self.verify_attribute_types(set, v);
        let vs = std::slice::from_ref(v);
        for a in attrs {
            if !matches!(a.arg, AttrArg::Str(_)) && !uses(c.name(a.kind)).param {
                let msg = format!("Attribute '{}' does not apply to parameters", self.attr_text(a));
                self.fail_module(msg, vs);
                return None;
            }
        }
        if self.has(set, "immarg") {
            let count = attrs.len() - self.has(set, "range") as usize;
            self.check_module(
                count == 1,
                "Attribute 'immarg' is incompatible with other attributes except the 'range' attribute",
                vs,
            )?;
        }
        let h = |k| self.has(set, k);
        let count = h("byval") as u32
            + h("inalloca") as u32
            + h("preallocated") as u32
            + (h("sret") || h("inreg")) as u32
            + h("nest") as u32
            + h("byref") as u32;
        self.check_module(
            count <= 1,
            "Attributes 'byval', 'inalloca', 'preallocated', 'inreg', 'nest', 'byref', and 'sret' are incompatible!",
            vs,
        )?;
        let pairs: [(&str, &str, &'static str); 9] = [
            ("inalloca", "readonly", "Attributes 'inalloca and readonly' are incompatible!"),
            ("sret", "returned", "Attributes 'sret and returned' are incompatible!"),
            ("zeroext", "signext", "Attributes 'zeroext and signext' are incompatible!"),
            ("readnone", "readonly", "Attributes 'readnone and readonly' are incompatible!"),
            ("readnone", "writeonly", "Attributes 'readnone and writeonly' are incompatible!"),
            ("readonly", "writeonly", "Attributes 'readonly and writeonly' are incompatible!"),
            ("noinline", "alwaysinline", "Attributes 'noinline and alwaysinline' are incompatible!"),
            ("writable", "readnone", "Attributes writable and readnone are incompatible!"),
            ("writable", "readonly", "Attributes writable and readonly are incompatible!"),
        ];
        for (a, b, msg) in pairs {
            let both = self.has(set, a) && self.has(set, b);
            self.check_module(!both, msg, vs)?;
        }
        let incompatible = self.type_incompatible(ty, set);
        for a in attrs {
            if !matches!(a.arg, AttrArg::Str(_)) && incompatible.iter().any(|k| k.as_bytes() == c.name(a.kind)) {
                let msg = format!("Attribute '{}' applied to incompatible type!", self.attr_text(a));
                self.fail_module(msg, vs);
                return None;
            }
        }
        let t = self.types();
        if t.is_ptr(ty) {
            if let Some(&Attr { arg: AttrArg::Int(n), .. }) = self.attr(set, "align") {
                self.check_module(n <= 1 << 32, "huge alignment values are unsupported", vs)?;
            }
            for (kind, unsized_msg, huge_msg) in [
                (
                    "byval",
                    "Attribute 'byval' does not support unsized types!",
                    "huge 'byval' arguments are unsupported",
                ),
                (
                    "byref",
                    "Attribute 'byref' does not support unsized types!",
                    "huge 'byref' arguments are unsupported",
                ),
                (
                    "inalloca",
                    "Attribute 'inalloca' does not support unsized types!",
                    "huge 'inalloca' arguments are unsupported",
                ),
                (
                    "preallocated",
                    "Attribute 'preallocated' does not support unsized types!",
                    "huge 'preallocated' arguments are unsupported",
                ),
            ] {
                let Some(a) = self.attr(set, kind) else { continue };
                let AttrArg::Type(elem) = a.arg else { continue };
                let sized = self.is_sized(elem);
                self.check_module(sized, unsized_msg, vs)?;
                let size = self.data_layout().type_alloc_size(c, elem);
                self.check_module(size < 1 << 32, huge_msg, vs)?;
            }
        }
        if let Some(Attr { arg: AttrArg::Initializes(l), .. }) = self.attr(set, "initializes") {
            let ranges = l.ranges();
            self.check_module(!ranges.is_empty(), "Attribute 'initializes' does not support empty list", vs)?;
            let ordered = ranges.first().is_none_or(|r| r.lo < r.hi)
                && ranges.windows(2).all(|w| w[1].lo < w[1].hi && w[1].lo > w[0].hi);
            self.check_module(ordered, "Attribute 'initializes' does not support unordered ranges", vs)?;
        }
        if let Some(Attr { arg: AttrArg::NoFPClass(t), .. }) = self.attr(set, "nofpclass") {
            let bits = t.bits();
            self.check_module(bits != 0, "Attribute 'nofpclass' must have at least one test bit set", vs)?;
            self.check_module(bits & !0x3ff == 0, "Invalid value for 'nofpclass' test mask", vs)?;
        }
        if let Some(&Attr { arg: AttrArg::Range(rt, ..), .. }) = self.attr(set, "range") {
            let t = self.types();
            let width = t.int_bits(rt);
            let ok = t.is_int_or_int_vector(ty) && t.int_bits(t.scalar(ty)) == width;
            self.check_module(ok, "Range bit width must match type bit width!", vs)?;
        }
        Some(())
    }

    /// `AttributeFuncs::typeIncompatible(Ty, AS)` with both safety kinds: the attribute kinds that
    /// cannot apply to a value of type `ty` (`set` gives the `range` whose width must match).
    pub fn type_incompatible(&self, ty: TypeId, set: AttrsId) -> Vec<&'static str> {
        llrs_ir::attributes::type_incompatible(&self.v.m.ctx, ty, set)
    }

    /// `Type::isSized(&Visited)`, with LLVM's per-struct cache: a struct found sized once stays
    /// sized when met again in the same walk; one met again while in progress is not.
    pub fn is_sized(&self, ty: TypeId) -> bool {
        self.type_sized(ty)
    }
}
