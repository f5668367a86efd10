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

/// `DW_ATE_*` encodings.
pub mod ate {
    pub const BOOLEAN: u64 = 0x02;
    pub const SIGNED: u64 = 0x05;
    pub const SIGNED_CHAR: u64 = 0x06;
    pub const UNSIGNED: u64 = 0x07;
    pub const UNSIGNED_CHAR: u64 = 0x08;
    pub const SIGNED_FIXED: u64 = 0x0d;
    pub const UNSIGNED_FIXED: u64 = 0x0e;
}

const ATE_NAMES: &[(&str, u64)] = &[
    ("DW_ATE_address", 0x01),
    ("DW_ATE_boolean", 0x02),
    ("DW_ATE_complex_float", 0x03),
    ("DW_ATE_float", 0x04),
    ("DW_ATE_signed", 0x05),
    ("DW_ATE_signed_char", 0x06),
    ("DW_ATE_unsigned", 0x07),
    ("DW_ATE_unsigned_char", 0x08),
    ("DW_ATE_imaginary_float", 0x09),
    ("DW_ATE_packed_decimal", 0x0a),
    ("DW_ATE_numeric_string", 0x0b),
    ("DW_ATE_edited", 0x0c),
    ("DW_ATE_signed_fixed", 0x0d),
    ("DW_ATE_unsigned_fixed", 0x0e),
    ("DW_ATE_decimal_float", 0x0f),
    ("DW_ATE_UTF", 0x10),
    ("DW_ATE_UCS", 0x11),
    ("DW_ATE_ASCII", 0x12),
];

/// The value of a `DW_ATE_*` name.
pub fn ate_value(name: &[u8]) -> Option<u64> {
    ATE_NAMES.iter().find(|(n, _)| n.as_bytes() == name).map(|&(_, v)| v)
}

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

/// `DW_OP_*` values the expression checks know.
pub mod op {
    pub const DEREF: u64 = 0x06;
    pub const CONSTU: u64 = 0x10;
    pub const CONSTS: u64 = 0x11;
    pub const DUP: u64 = 0x12;
    pub const OVER: u64 = 0x14;
    pub const SWAP: u64 = 0x16;
    pub const ROT: u64 = 0x17;
    pub const XDEREF: u64 = 0x18;
    pub const ABS: u64 = 0x19;
    pub const AND: u64 = 0x1a;
    pub const DIV: u64 = 0x1b;
    pub const MINUS: u64 = 0x1c;
    pub const MOD: u64 = 0x1d;
    pub const MUL: u64 = 0x1e;
    pub const NEG: u64 = 0x1f;
    pub const NOT: u64 = 0x20;
    pub const OR: u64 = 0x21;
    pub const PLUS: u64 = 0x22;
    pub const PLUS_UCONST: u64 = 0x23;
    pub const SHL: u64 = 0x24;
    pub const SHR: u64 = 0x25;
    pub const SHRA: u64 = 0x26;
    pub const XOR: u64 = 0x27;
    pub const EQ: u64 = 0x29;
    pub const GE: u64 = 0x2a;
    pub const GT: u64 = 0x2b;
    pub const LE: u64 = 0x2c;
    pub const LT: u64 = 0x2d;
    pub const NE: u64 = 0x2e;
    pub const LIT0: u64 = 0x30;
    pub const REG0: u64 = 0x50;
    pub const REG31: u64 = 0x6f;
    pub const BREG0: u64 = 0x70;
    pub const BREG31: u64 = 0x8f;
    pub const REGX: u64 = 0x90;
    pub const BREGX: u64 = 0x92;
    pub const DEREF_SIZE: u64 = 0x94;
    pub const PUSH_OBJECT_ADDRESS: u64 = 0x97;
    pub const STACK_VALUE: u64 = 0x9f;
    pub const LLVM_FRAGMENT: u64 = 0x1000;
    pub const LLVM_CONVERT: u64 = 0x1001;
    pub const LLVM_TAG_OFFSET: u64 = 0x1002;
    pub const LLVM_ENTRY_VALUE: u64 = 0x1003;
    pub const LLVM_IMPLICIT_POINTER: u64 = 0x1004;
    pub const LLVM_ARG: u64 = 0x1005;
    pub const LLVM_EXTRACT_BITS_SEXT: u64 = 0x1006;
    pub const LLVM_EXTRACT_BITS_ZEXT: u64 = 0x1007;
}

/// The value of a `DW_OP_*` name (every operation of DWARF 5 and LLVM's extensions), or of a
/// `DW_ATE_*` name (the parser takes both inside `!DIExpression(...)`).
pub fn op_value(name: &[u8]) -> Option<u64> {
    let s = std::str::from_utf8(name).ok()?;
    if let Some(v) = ate_value(name) {
        return Some(v);
    }
    let rest = s.strip_prefix("DW_OP_")?;
    for (prefix, base) in [("lit", 0x30u64), ("reg", 0x50), ("breg", 0x70)] {
        if let Some(d) = rest.strip_prefix(prefix) {
            if !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()) && (d == "0" || !d.starts_with('0')) {
                let n: u64 = d.parse().ok()?;
                return (n < 32).then_some(base + n);
            }
        }
    }
    Some(match rest {
        "addr" => 0x03,
        "deref" => 0x06,
        "const1u" => 0x08,
        "const1s" => 0x09,
        "const2u" => 0x0a,
        "const2s" => 0x0b,
        "const4u" => 0x0c,
        "const4s" => 0x0d,
        "const8u" => 0x0e,
        "const8s" => 0x0f,
        "constu" => 0x10,
        "consts" => 0x11,
        "dup" => 0x12,
        "drop" => 0x13,
        "over" => 0x14,
        "pick" => 0x15,
        "swap" => 0x16,
        "rot" => 0x17,
        "xderef" => 0x18,
        "abs" => 0x19,
        "and" => 0x1a,
        "div" => 0x1b,
        "minus" => 0x1c,
        "mod" => 0x1d,
        "mul" => 0x1e,
        "neg" => 0x1f,
        "not" => 0x20,
        "or" => 0x21,
        "plus" => 0x22,
        "plus_uconst" => 0x23,
        "shl" => 0x24,
        "shr" => 0x25,
        "shra" => 0x26,
        "xor" => 0x27,
        "bra" => 0x28,
        "eq" => 0x29,
        "ge" => 0x2a,
        "gt" => 0x2b,
        "le" => 0x2c,
        "lt" => 0x2d,
        "ne" => 0x2e,
        "skip" => 0x2f,
        "regx" => 0x90,
        "fbreg" => 0x91,
        "bregx" => 0x92,
        "piece" => 0x93,
        "deref_size" => 0x94,
        "xderef_size" => 0x95,
        "nop" => 0x96,
        "push_object_address" => 0x97,
        "call2" => 0x98,
        "call4" => 0x99,
        "call_ref" => 0x9a,
        "form_tls_address" => 0x9b,
        "call_frame_cfa" => 0x9c,
        "bit_piece" => 0x9d,
        "implicit_value" => 0x9e,
        "stack_value" => 0x9f,
        "implicit_pointer" => 0xa0,
        "addrx" => 0xa1,
        "constx" => 0xa2,
        "entry_value" => 0xa3,
        "const_type" => 0xa4,
        "regval_type" => 0xa5,
        "deref_type" => 0xa6,
        "xderef_type" => 0xa7,
        "convert" => 0xa8,
        "reinterpret" => 0xa9,
        "GNU_push_tls_address" => 0xe0,
        "LLVM_user" => 0xe9,
        "WASM_location" => 0xed,
        "GNU_entry_value" => 0xf3,
        "GNU_addr_index" => 0xfb,
        "GNU_const_index" => 0xfc,
        "LLVM_fragment" => op::LLVM_FRAGMENT,
        "LLVM_convert" => op::LLVM_CONVERT,
        "LLVM_tag_offset" => op::LLVM_TAG_OFFSET,
        "LLVM_entry_value" => op::LLVM_ENTRY_VALUE,
        "LLVM_implicit_pointer" => op::LLVM_IMPLICIT_POINTER,
        "LLVM_arg" => op::LLVM_ARG,
        "LLVM_extract_bits_sext" => op::LLVM_EXTRACT_BITS_SEXT,
        "LLVM_extract_bits_zext" => op::LLVM_EXTRACT_BITS_ZEXT,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbered_ops() {
        assert_eq!(op_value(b"DW_OP_lit0"), Some(0x30));
        assert_eq!(op_value(b"DW_OP_lit31"), Some(0x4f));
        assert_eq!(op_value(b"DW_OP_lit32"), None);
        assert_eq!(op_value(b"DW_OP_lit01"), None);
        assert_eq!(op_value(b"DW_OP_reg5"), Some(0x55));
        assert_eq!(op_value(b"DW_OP_breg31"), Some(0x8f));
        assert_eq!(op_value(b"DW_OP_regx"), Some(0x90));
        assert_eq!(op_value(b"DW_OP_LLVM_fragment"), Some(0x1000));
        assert_eq!(op_value(b"DW_ATE_signed"), Some(5));
        assert_eq!(op_value(b"DW_OP_bogus"), None);
    }

    #[test]
    fn names() {
        assert_eq!(tag_value(b"DW_TAG_member"), tag::MEMBER);
        assert_eq!(tag_value(b"DW_TAG_entry_point"), tag::OTHER);
        assert_eq!(di_flag_value(b"DIFlagVector"), Some(flag::VECTOR));
        assert_eq!(sp_flag_value(b"DISPFlagDefinition"), Some(SP_FLAG_DEFINITION));
    }
}
