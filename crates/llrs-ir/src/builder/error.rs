//! What the builder reports when an instruction would be malformed.

use crate::context::Context;
use crate::types::{Type, TypeId};
use std::fmt;

/// Why the builder refused to create an instruction: the instruction (its keyword, and the
/// callee for calls) and what is wrong with it. Printed as `INST: MISMATCH`, e.g.
/// `add: operand types differ: i32 and i64` or `call @f: expected 2 arguments, got 1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildError {
    /// The instruction being built: `add`, `icmp`, `call @f`, `store`, ...
    pub inst: String,
    /// What is wrong.
    pub kind: BuildErrorKind,
}

/// The kinds of [`BuildError`]. Types are given as LLVM prints them (`i32`, `ptr`, `<4 x float>`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BuildErrorKind {
    /// The builder has no insertion point: call `position_at_end` or `position_before` first.
    NoInsertionPoint,
    /// The insertion point is not usable (a block or instruction that is not in the function).
    BadPosition(String),
    /// The block already ends in a terminator, or a terminator would not end its block.
    Terminator(String),
    /// Two operands that must have one type do not.
    TypesDiffer {
        /// The first operand's type.
        first: String,
        /// The other operand's type.
        second: String,
    },
    /// An operand (or type) is not of the class the instruction needs.
    WrongType {
        /// Which operand: `operand`, `condition`, `pointer`, `index`, ...
        what: String,
        /// What it must be, in words.
        expected: String,
        /// Its type.
        got: String,
    },
    /// A call or invoke with the wrong number of arguments for its function type.
    ArgCount {
        /// Parameters of the function type.
        expected: usize,
        /// Arguments given.
        got: usize,
        /// The function type takes `...`: more arguments are allowed.
        vararg: bool,
    },
    /// A `ret` whose value does not match the function's return type.
    ReturnType {
        /// The function's return type.
        expected: String,
        /// The value's type (`void` for no value).
        got: String,
    },
    /// A cast that `CastInst::castIsValid` refuses.
    InvalidCast {
        /// The value's type.
        from: String,
        /// The destination type.
        to: String,
    },
    /// Aggregate, element or GEP indices that do not fit the type.
    InvalidIndices(String),
    /// An atomic ordering the instruction does not allow.
    InvalidOrdering(String),
    /// Flags the opcode does not take (e.g. `nsw` on `udiv`).
    InvalidFlags(u16),
    /// A value that cannot be an operand here (an argument out of range, a removed
    /// instruction, an instruction without a result, ...).
    InvalidValue(String),
    /// Anything else, in words.
    Other(String),
}

impl BuildError {
    pub(crate) fn new(inst: impl Into<String>, kind: BuildErrorKind) -> Self {
        BuildError { inst: inst.into(), kind }
    }
}

impl fmt::Display for BuildErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use BuildErrorKind::*;
        match self {
            NoInsertionPoint => f.write_str("no insertion point (call position_at_end or position_before first)"),
            BadPosition(s) | Terminator(s) | InvalidIndices(s) | InvalidOrdering(s) | InvalidValue(s) | Other(s) => {
                f.write_str(s)
            }
            TypesDiffer { first, second } => write!(f, "operand types differ: {first} and {second}"),
            WrongType { what, expected, got } => write!(f, "{what} must be {expected}, got {got}"),
            ArgCount { expected, got, vararg } => {
                let least = if *vararg { "at least " } else { "" };
                let s = if *expected == 1 { "" } else { "s" };
                write!(f, "expected {least}{expected} argument{s}, got {got}")
            }
            ReturnType { expected, got } => write!(f, "the function returns {expected}, got {got}"),
            InvalidCast { from, to } => write!(f, "invalid cast from {from} to {to}"),
            InvalidFlags(fl) => write!(f, "flags {fl:#x} are not allowed on this instruction"),
        }
    }
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.inst, self.kind)
    }
}

impl std::error::Error for BuildError {}

/// A type as LLVM prints it, for messages (identified structs by name, or `%N` by creation
/// order; deep nests cut short with `...`).
pub fn type_name(ctx: &Context, t: TypeId) -> String {
    let mut s = String::new();
    write_type(ctx, t, &mut s, 0);
    s
}

fn write_type(ctx: &Context, t: TypeId, out: &mut String, depth: u32) {
    use std::fmt::Write;
    if depth > 8 {
        out.push_str("...");
        return;
    }
    let list = |out: &mut String, elems: &[TypeId]| {
        for (i, &e) in elems.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            write_type(ctx, e, out, depth + 1);
        }
    };
    match ctx.type_of(t) {
        Type::Void => out.push_str("void"),
        Type::Float(k) => out.push_str(k.name()),
        Type::X86Amx => out.push_str("x86_amx"),
        Type::Label => out.push_str("label"),
        Type::Metadata => out.push_str("metadata"),
        Type::Token => out.push_str("token"),
        Type::Int(b) => {
            let _ = write!(out, "i{b}");
        }
        Type::Ptr(0) => out.push_str("ptr"),
        Type::Ptr(a) => {
            let _ = write!(out, "ptr addrspace({a})");
        }
        Type::Array(n, e) => {
            let _ = write!(out, "[{n} x ");
            write_type(ctx, *e, out, depth + 1);
            out.push(']');
        }
        Type::Vector { scalable, len, elem } => {
            let _ = write!(out, "<{}{len} x ", if *scalable { "vscale x " } else { "" });
            write_type(ctx, *elem, out, depth + 1);
            out.push('>');
        }
        Type::Struct { packed, elems } => {
            out.push_str(if *packed { "<{ " } else { "{ " });
            list(out, elems);
            out.push_str(if *packed { " }>" } else { " }" });
        }
        Type::Named(s) => match ctx.structs.get(*s).and_then(|d| d.name) {
            Some(n) => {
                out.push('%');
                out.push_str(&String::from_utf8_lossy(ctx.name(n)));
            }
            None => {
                let _ = write!(out, "%{}", s.0);
            }
        },
        Type::Function { ret, params, vararg } => {
            write_type(ctx, *ret, out, depth + 1);
            out.push_str(" (");
            list(out, params);
            if *vararg {
                out.push_str(if params.is_empty() { "..." } else { ", ..." });
            }
            out.push(')');
        }
        Type::TargetExt { name, .. } => {
            let _ = write!(out, "target(\"{}\")", String::from_utf8_lossy(ctx.name(*name)));
        }
    }
}
