//! Values: what an instruction operand can be.

use crate::constants::ConstId;
use crate::function::{BlockId, InstId};
use crate::metadata::Md;

/// An operand value. `Copy`, two words.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Value {
    /// A constant (globals included, as [`crate::constants::Const::Global`]).
    Const(ConstId),
    /// The n-th argument of the enclosing function.
    Arg(u32),
    /// The result of an instruction of the enclosing function.
    Inst(InstId),
    /// A basic block of the enclosing function (as a `label` operand).
    Block(BlockId),
    /// Metadata as a value (`metadata !0`), for intrinsic calls.
    Md(Md),
    /// Inline assembly, by its constant-like id.
    Asm(crate::module::AsmId),
}

impl Value {
    /// True for values local to a function (arguments, instructions, blocks).
    pub fn is_local(self) -> bool {
        matches!(self, Value::Arg(_) | Value::Inst(_) | Value::Block(_))
    }
}
