//! `!DIExpression`: the DWARF operations and encodings it names (`DW_OP_*`, `DW_ATE_*`), and
//! LLVM's rules over its elements (`DIExpression::isValid`, `getFragmentInfo`, `isEntryValue`,
//! `llvm/lib/IR/DebugInfoMetadata.cpp`), over the elements as written. The writer prints an
//! invalid expression's elements as numbers, as LLVM does; the verifier checks them.

use crate::{Context, DiValue, MdNode};

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

/// The name of a `DW_ATE_*` value (`AttributeEncodingString`).
pub fn ate_name(v: u64) -> Option<&'static str> {
    ATE_NAMES.iter().find(|&&(_, x)| x == v).map(|&(n, _)| n)
}

/// The value of a `DW_ATE_*` name.
pub fn ate_value(name: &[u8]) -> Option<u64> {
    ATE_NAMES.iter().find(|(n, _)| n.as_bytes() == name).map(|&(_, v)| v)
}

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

/// The elements of a `!DIExpression(...)` as numbers; `None` when one is a name LLVM's
/// operation tables do not hold (LLVM's parser rejects those).
pub fn elements(ctx: &Context, n: &MdNode) -> Option<Vec<u64>> {
    n.fields
        .iter()
        .map(|(_, v)| match v {
            DiValue::Int(i) => Some(*i as u64),
            DiValue::BigInt(s) => std::str::from_utf8(ctx.name(*s)).ok()?.parse().ok(),
            DiValue::Ident(s) => op_value(ctx.name(*s)),
            _ => None,
        })
        .collect()
}

/// `ExprOperand::getSize`: the operation and its arguments.
pub fn op_size(o: u64) -> usize {
    if (op::BREG0..=op::BREG31).contains(&o) {
        return 2;
    }
    match o {
        op::LLVM_CONVERT | op::LLVM_FRAGMENT | op::LLVM_EXTRACT_BITS_SEXT | op::LLVM_EXTRACT_BITS_ZEXT | op::BREGX => 3,
        op::CONSTU
        | op::CONSTS
        | op::DEREF_SIZE
        | op::PLUS_UCONST
        | op::LLVM_TAG_OFFSET
        | op::LLVM_ENTRY_VALUE
        | op::LLVM_ARG
        | op::REGX => 2,
        _ => 1,
    }
}

/// The start index of each operation, as `expr_ops()` steps (stopping at the end).
fn op_starts(e: &[u64]) -> Vec<usize> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < e.len() {
        out.push(i);
        i += op_size(e[i]);
    }
    out
}

/// `DIExpression::isValid`.
pub fn is_valid(e: &[u64]) -> bool {
    let starts = op_starts(e);
    for &i in &starts {
        let o = e[i];
        let end = i + op_size(o);
        if end > e.len() {
            return false;
        }
        if (op::REG0..=op::REG31).contains(&o) || (op::BREG0..=op::BREG31).contains(&o) {
            return true;
        }
        match o {
            op::LLVM_FRAGMENT => return end == e.len(),
            op::STACK_VALUE => {
                if end != e.len() && e.get(end) != Some(&op::LLVM_FRAGMENT) {
                    return false;
                }
            }
            op::SWAP => {
                if e.len() == 1 {
                    return false;
                }
            }
            op::LLVM_ENTRY_VALUE => {
                let first = if e.first() == Some(&op::LLVM_ARG) && e.get(1) == Some(&0) {
                    starts.get(1)
                } else {
                    starts.first()
                };
                return first == Some(&i) && e.get(i + 1) == Some(&1);
            }
            op::LLVM_IMPLICIT_POINTER
            | op::LLVM_CONVERT
            | op::LLVM_ARG
            | op::LLVM_TAG_OFFSET
            | op::LLVM_EXTRACT_BITS_SEXT
            | op::LLVM_EXTRACT_BITS_ZEXT
            | op::CONSTU
            | op::PLUS_UCONST
            | op::PLUS
            | op::MINUS
            | op::MUL
            | op::DIV
            | op::MOD
            | op::OR
            | op::AND
            | op::XOR
            | op::SHL
            | op::SHR
            | op::SHRA
            | op::DEREF
            | op::DEREF_SIZE
            | op::XDEREF
            | op::LIT0
            | op::NOT
            | op::DUP
            | op::REGX
            | op::BREGX
            | op::PUSH_OBJECT_ADDRESS
            | op::OVER
            | op::CONSTS
            | op::EQ
            | op::NE
            | op::GT
            | op::GE
            | op::LT
            | op::LE
            | op::NEG
            | op::ABS
            | op::ROT => {}
            _ => return false,
        }
    }
    true
}

/// `DIExpression::getFragmentInfo`: `(offset, size)` in bits of the first
/// `DW_OP_LLVM_fragment`.
pub fn fragment(e: &[u64]) -> Option<(u64, u64)> {
    let i = op_starts(e).into_iter().find(|&i| e[i] == op::LLVM_FRAGMENT)?;
    Some((*e.get(i + 1)?, *e.get(i + 2)?))
}

/// `DIExpression::isEntryValue` (for a valid expression).
pub fn is_entry_value(e: &[u64]) -> bool {
    if !is_valid(e) || e.is_empty() {
        return false;
    }
    let starts = op_starts(e);
    let mut rest = &starts[..];
    if e[0] == op::LLVM_ARG {
        if e.get(1) != Some(&0) {
            return false;
        }
        rest = &starts[1..];
    }
    if rest.iter().any(|&i| e[i] == op::LLVM_ARG) {
        return false;
    }
    let single = if e[0] == op::LLVM_ARG { &e[2..] } else { e };
    single.first() == Some(&op::LLVM_ENTRY_VALUE)
}

#[cfg(test)]
mod tests {
    use super::*;

    const FRAG: u64 = op::LLVM_FRAGMENT;

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
    fn validity_follows_llvm() {
        assert!(is_valid(&[]));
        assert!(is_valid(&[op::DEREF]));
        assert!(is_valid(&[FRAG, 0, 32]));
        assert!(!is_valid(&[FRAG, 0]));
        assert!(!is_valid(&[FRAG, 0, 32, op::DEREF]));
        assert!(is_valid(&[op::STACK_VALUE, FRAG, 0, 32]));
        assert!(!is_valid(&[op::STACK_VALUE, op::DEREF]));
        assert!(!is_valid(&[op::SWAP]));
        assert!(is_valid(&[op::DEREF, op::SWAP]));
        assert!(!is_valid(&[0x31])); // DW_OP_lit1
        assert!(is_valid(&[op::BREG0, 1, 0x31])); // anything after a register
        assert!(is_valid(&[op::LLVM_ENTRY_VALUE, 1, op::DEREF]));
        assert!(!is_valid(&[op::LLVM_ENTRY_VALUE, 2]));
        assert!(is_valid(&[op::LLVM_ARG, 0, op::LLVM_ENTRY_VALUE, 1]));
        assert!(!is_valid(&[op::LLVM_ARG, 1, op::LLVM_ENTRY_VALUE, 1]));
        assert!(!is_valid(&[op::DEREF, op::LLVM_ENTRY_VALUE, 1]));
        assert!(!is_valid(&[4096 + 9]));
        assert!(!is_valid(&[0x95, 4])); // DW_OP_xderef_size is not accepted
        assert!(is_valid(&[op::NEG, op::ABS, op::ROT]));
    }

    #[test]
    fn fragments_and_entry_values() {
        assert_eq!(fragment(&[op::DEREF, FRAG, 8, 16]), Some((8, 16)));
        assert_eq!(fragment(&[op::DEREF]), None);
        assert!(is_entry_value(&[op::LLVM_ENTRY_VALUE, 1]));
        assert!(is_entry_value(&[op::LLVM_ARG, 0, op::LLVM_ENTRY_VALUE, 1]));
        assert!(!is_entry_value(&[op::DEREF]));
    }
}
