//! The DWARF and LLVM debug-info constants the checks compare against (values from LLVM's
//! `llvm/BinaryFormat/Dwarf.def` and `llvm/IR/DebugInfoFlags.def`), and their spellings.

/// `DW_TAG_*` values.
pub mod tag {
    pub const ARRAY_TYPE: u64 = 0x01;
    pub const CLASS_TYPE: u64 = 0x02;
    pub const ENUMERATION_TYPE: u64 = 0x04;
    pub const IMPORTED_DECLARATION: u64 = 0x08;
    pub const LABEL: u64 = 0x0a;
    pub const LEXICAL_BLOCK: u64 = 0x0b;
    pub const MEMBER: u64 = 0x0d;
    pub const POINTER_TYPE: u64 = 0x0f;
    pub const REFERENCE_TYPE: u64 = 0x10;
    pub const COMPILE_UNIT: u64 = 0x11;
    pub const STRING_TYPE: u64 = 0x12;
    pub const STRUCTURE_TYPE: u64 = 0x13;
    pub const SUBROUTINE_TYPE: u64 = 0x15;
    pub const TYPEDEF: u64 = 0x16;
    pub const UNION_TYPE: u64 = 0x17;
    pub const VARIANT: u64 = 0x19;
    pub const COMMON_BLOCK: u64 = 0x1a;
    pub const INHERITANCE: u64 = 0x1c;
    pub const MODULE: u64 = 0x1e;
    pub const PTR_TO_MEMBER_TYPE: u64 = 0x1f;
    pub const SET_TYPE: u64 = 0x20;
    pub const SUBRANGE_TYPE: u64 = 0x21;
    pub const BASE_TYPE: u64 = 0x24;
    pub const CONST_TYPE: u64 = 0x26;
    pub const ENUMERATOR: u64 = 0x28;
    pub const FILE_TYPE: u64 = 0x29;
    pub const FRIEND: u64 = 0x2a;
    pub const NAMELIST: u64 = 0x2b;
    pub const SUBPROGRAM: u64 = 0x2e;
    pub const TEMPLATE_TYPE_PARAMETER: u64 = 0x2f;
    pub const TEMPLATE_VALUE_PARAMETER: u64 = 0x30;
    pub const VARIANT_PART: u64 = 0x33;
    pub const VARIABLE: u64 = 0x34;
    pub const VOLATILE_TYPE: u64 = 0x35;
    pub const RESTRICT_TYPE: u64 = 0x37;
    pub const NAMESPACE: u64 = 0x39;
    pub const IMPORTED_MODULE: u64 = 0x3a;
    pub const UNSPECIFIED_TYPE: u64 = 0x3b;
    pub const RVALUE_REFERENCE_TYPE: u64 = 0x42;
    pub const TEMPLATE_ALIAS: u64 = 0x43;
    pub const GENERIC_SUBRANGE: u64 = 0x45;
    pub const ATOMIC_TYPE: u64 = 0x47;
    pub const IMMUTABLE_TYPE: u64 = 0x4b;
    pub const GNU_TEMPLATE_TEMPLATE_PARAM: u64 = 0x4106;
    pub const GNU_TEMPLATE_PARAMETER_PACK: u64 = 0x4107;
    pub const APPLE_PROPERTY: u64 = 0x4200;
    pub const LLVM_PTRAUTH_TYPE: u64 = 0x4300;
    /// Stands for a tag spelled with a name this table does not know: it equals none of the
    /// tags above and is not zero.
    pub const OTHER: u64 = u64::MAX;
}

/// `DW_TAG_*` names the checks need, with their values.
const TAG_NAMES: &[(&str, u64)] = &[
    ("DW_TAG_array_type", tag::ARRAY_TYPE),
    ("DW_TAG_class_type", tag::CLASS_TYPE),
    ("DW_TAG_enumeration_type", tag::ENUMERATION_TYPE),
    ("DW_TAG_imported_declaration", tag::IMPORTED_DECLARATION),
    ("DW_TAG_label", tag::LABEL),
    ("DW_TAG_lexical_block", tag::LEXICAL_BLOCK),
    ("DW_TAG_member", tag::MEMBER),
    ("DW_TAG_pointer_type", tag::POINTER_TYPE),
    ("DW_TAG_reference_type", tag::REFERENCE_TYPE),
    ("DW_TAG_compile_unit", tag::COMPILE_UNIT),
    ("DW_TAG_string_type", tag::STRING_TYPE),
    ("DW_TAG_structure_type", tag::STRUCTURE_TYPE),
    ("DW_TAG_subroutine_type", tag::SUBROUTINE_TYPE),
    ("DW_TAG_typedef", tag::TYPEDEF),
    ("DW_TAG_union_type", tag::UNION_TYPE),
    ("DW_TAG_variant", tag::VARIANT),
    ("DW_TAG_common_block", tag::COMMON_BLOCK),
    ("DW_TAG_inheritance", tag::INHERITANCE),
    ("DW_TAG_module", tag::MODULE),
    ("DW_TAG_ptr_to_member_type", tag::PTR_TO_MEMBER_TYPE),
    ("DW_TAG_set_type", tag::SET_TYPE),
    ("DW_TAG_subrange_type", tag::SUBRANGE_TYPE),
    ("DW_TAG_base_type", tag::BASE_TYPE),
    ("DW_TAG_const_type", tag::CONST_TYPE),
    ("DW_TAG_enumerator", tag::ENUMERATOR),
    ("DW_TAG_file_type", tag::FILE_TYPE),
    ("DW_TAG_friend", tag::FRIEND),
    ("DW_TAG_namelist", tag::NAMELIST),
    ("DW_TAG_subprogram", tag::SUBPROGRAM),
    ("DW_TAG_template_type_parameter", tag::TEMPLATE_TYPE_PARAMETER),
    ("DW_TAG_template_value_parameter", tag::TEMPLATE_VALUE_PARAMETER),
    ("DW_TAG_variant_part", tag::VARIANT_PART),
    ("DW_TAG_variable", tag::VARIABLE),
    ("DW_TAG_volatile_type", tag::VOLATILE_TYPE),
    ("DW_TAG_restrict_type", tag::RESTRICT_TYPE),
    ("DW_TAG_namespace", tag::NAMESPACE),
    ("DW_TAG_imported_module", tag::IMPORTED_MODULE),
    ("DW_TAG_unspecified_type", tag::UNSPECIFIED_TYPE),
    ("DW_TAG_rvalue_reference_type", tag::RVALUE_REFERENCE_TYPE),
    ("DW_TAG_template_alias", tag::TEMPLATE_ALIAS),
    ("DW_TAG_generic_subrange", tag::GENERIC_SUBRANGE),
    ("DW_TAG_atomic_type", tag::ATOMIC_TYPE),
    ("DW_TAG_immutable_type", tag::IMMUTABLE_TYPE),
    ("DW_TAG_GNU_template_template_param", tag::GNU_TEMPLATE_TEMPLATE_PARAM),
    ("DW_TAG_GNU_template_parameter_pack", tag::GNU_TEMPLATE_PARAMETER_PACK),
    ("DW_TAG_APPLE_property", tag::APPLE_PROPERTY),
    ("DW_TAG_LLVM_ptrauth_type", tag::LLVM_PTRAUTH_TYPE),
];

/// The value of a `DW_TAG_*` name ([`tag::OTHER`] for a name not in the table).
pub fn tag_value(name: &[u8]) -> u64 {
    TAG_NAMES.iter().find(|(n, _)| n.as_bytes() == name).map_or(tag::OTHER, |&(_, v)| v)
}

/// The `DW_ATE_*` and `DW_OP_*` tables live with the expression rules in `llrs_ir::di_expr`.
pub use llrs_ir::di_expr::{ate, ate_value};

/// `DW_MACINFO_*` values.
pub mod macinfo {
    pub const DEFINE: u64 = 0x01;
    pub const UNDEF: u64 = 0x02;
    pub const START_FILE: u64 = 0x03;
}

/// The value of a `DW_MACINFO_*` name.
pub fn macinfo_value(name: &[u8]) -> Option<u64> {
    match name {
        b"DW_MACINFO_define" => Some(macinfo::DEFINE),
        b"DW_MACINFO_undef" => Some(macinfo::UNDEF),
        b"DW_MACINFO_start_file" => Some(macinfo::START_FILE),
        b"DW_MACINFO_end_file" => Some(0x04),
        b"DW_MACINFO_vendor_ext" => Some(0xff),
        _ => None,
    }
}

/// `DIFlag*` bits (`DINode::DIFlags`).
pub mod flag {
    pub const BLOCK_BYREF_STRUCT: u64 = 1 << 4;
    pub const ARTIFICIAL: u64 = 1 << 6;
    pub const VECTOR: u64 = 1 << 11;
    pub const STATIC_MEMBER: u64 = 1 << 12;
    pub const LVALUE_REFERENCE: u64 = 1 << 13;
    pub const RVALUE_REFERENCE: u64 = 1 << 14;
    pub const TYPE_PASS_BY_VALUE: u64 = 1 << 22;
    pub const TYPE_PASS_BY_REFERENCE: u64 = 1 << 23;
    pub const BIG_ENDIAN: u64 = 1 << 27;
    pub const LITTLE_ENDIAN: u64 = 1 << 28;
    pub const ALL_CALLS_DESCRIBED: u64 = 1 << 29;
}

/// The bits of a `DIFlag*` name (`DIFlagZero` included).
pub fn di_flag_value(name: &[u8]) -> Option<u64> {
    if name == b"DIFlagZero" {
        return Some(0);
    }
    llrs_ir::dwarf::di_flag_value(name)
}

/// The bits of a `DISPFlag*` name (`DISPFlagZero` included).
pub fn sp_flag_value(name: &[u8]) -> Option<u64> {
    if name == b"DISPFlagZero" {
        return Some(0);
    }
    llrs_ir::dwarf::sp_flag_value(name)
}

/// `DISPFlagDefinition`.
pub const SP_FLAG_DEFINITION: u64 = 1 << 3;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(tag_value(b"DW_TAG_member"), tag::MEMBER);
        assert_eq!(tag_value(b"DW_TAG_entry_point"), tag::OTHER);
        assert_eq!(di_flag_value(b"DIFlagVector"), Some(flag::VECTOR));
        assert_eq!(sp_flag_value(b"DISPFlagDefinition"), Some(SP_FLAG_DEFINITION));
    }
}
