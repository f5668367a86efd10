//! What LLVM 22's attribute table (`Attributes.td`) says of each attribute keyword: what the
//! parser reads after it, and where the attribute may stand (`Attribute::canUseAsFnAttr`,
//! `canUseAsParamAttr`, `canUseAsRetAttr`). The table is generated ([`table`] by
//! `tools/gen-attr-table`).

#[path = "table.rs"]
mod table;

/// The class of an attribute kind: what follows its keyword.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum AttrClass {
    /// `EnumAttr`: nothing.
    Enum,
    /// `IntAttr`: an integer argument (in its own syntax: `align 8`, `memory(read)`, ...).
    Int,
    /// `TypeAttr`: a type in parentheses (`byval(i32)`).
    Type,
    /// `ConstantRangeAttr`: `range(i32 0, 10)`.
    Range,
    /// `ConstantRangeListAttr`: `initializes((0, 4))`.
    RangeList,
}

/// One attribute kind of LLVM 22.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct AttrInfo {
    /// The keyword.
    pub name: &'static str,
    /// What follows the keyword.
    pub class: AttrClass,
    /// May stand on a function (or call site).
    pub func: bool,
    /// May stand on a parameter.
    pub param: bool,
    /// May stand on a return value.
    pub ret: bool,
}

/// The attribute kind with this keyword, if LLVM 22 has one (string attributes are not kinds).
pub fn attr_info(name: &[u8]) -> Option<&'static AttrInfo> {
    table::index(name).and_then(|i| table::ATTRS.get(i))
}

/// Every attribute kind of LLVM 22, sorted by keyword.
pub fn all_attrs() -> &'static [AttrInfo] {
    table::ATTRS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_answers() {
        let a = attr_info(b"dead_on_return").unwrap();
        assert_eq!((a.class, a.func, a.param, a.ret), (AttrClass::Enum, false, true, false));
        assert_eq!(attr_info(b"align").unwrap().class, AttrClass::Int);
        assert_eq!(attr_info(b"byval").unwrap().class, AttrClass::Type);
        assert_eq!(attr_info(b"range").unwrap().class, AttrClass::Range);
        assert_eq!(attr_info(b"initializes").unwrap().class, AttrClass::RangeList);
        assert!(attr_info(b"nocreateundeforpoison").unwrap().func);
        assert!(attr_info(b"no_callback").is_none());
        assert!(attr_info(b"nocapture").is_none());
        assert!(all_attrs().windows(2).all(|w| w[0].name < w[1].name));
        assert!(all_attrs().iter().all(|a| attr_info(a.name.as_bytes()) == Some(a)));
    }
}
