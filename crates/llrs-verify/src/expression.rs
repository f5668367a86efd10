//! `DIExpression`: LLVM's `isValid`, `getFragmentInfo` and `isEntryValue`
//! (`llvm/lib/IR/DebugInfoMetadata.cpp`), over the elements as written.

use crate::dwarf::{self, op};
use crate::node::parse_u64;
use llrs_ir::{Context, DiValue, MdNode};

/// The elements of a `!DIExpression(...)` as numbers; `None` when one is a name LLVM's
/// operation tables do not hold (LLVM's parser rejects those).
pub fn elements(ctx: &Context, n: &MdNode) -> Option<Vec<u64>> {
    n.fields
        .iter()
        .map(|(_, v)| match v {
            DiValue::Int(i) => Some(*i as u64),
            DiValue::BigInt(s) => parse_u64(ctx.name(*s)),
            DiValue::Ident(s) => dwarf::op_value(ctx.name(*s)),
            _ => None,
        })
        .collect()
}

/// `ExprOperand::getSize`: the operation and its arguments.
fn op_size(o: u64) -> usize {
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
