//! Metadata: strings, tuples, specialized debug-info nodes, expressions, and values as metadata.

use crate::constants::ConstId;
use crate::entity_id;
use crate::function::InstId;
use crate::symbol::Symbol;

entity_id!(
    /// A metadata node (tuple, specialized node, DIExpression, DIArgList).
    MdId
);

/// A reference to metadata, as an operand of a node or as the metadata of a value.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Md {
    /// `null` (an absent operand).
    Null,
    /// A node.
    Node(MdId),
    /// `!"string"`.
    Str(Symbol),
    /// A constant as metadata: `i32 1`, `ptr @g`.
    Const(ConstId),
    /// A function-local value as metadata: `ptr %x` (only inside functions).
    Local(Local),
}

/// A function-local value referenced from metadata.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Local {
    /// The n-th argument.
    Arg(u32),
    /// An instruction result.
    Inst(InstId),
}

/// What kind of node a [`MdNode`] is.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum MdKind {
    /// A generic tuple `!{...}`.
    Tuple,
    /// A specialized node `!DIxxx(...)` / `!GenericDINode(...)`, named by its keyword.
    Special(Symbol),
    /// `!DIExpression(...)`: printed inline, never numbered.
    Expression,
    /// `!DIArgList(...)`: printed inline, never numbered.
    ArgList,
}

/// The value of one field of a specialized node.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum DiValue {
    /// A metadata operand (or `null`).
    Md(Md),
    /// An integer literal that fits `i64`.
    Int(i64),
    /// A string `"..."`.
    Str(Symbol),
    /// A bare keyword: `DW_TAG_member`, `true`, `FullDebug`, `CSK_MD5`, ...
    Ident(Symbol),
    /// Flags joined with `|`: `DIFlagPrototyped | DIFlagAllCallsDescribed`.
    Flags(Box<Box<[Symbol]>>),
    /// An integer too wide for `i64`, as its decimal digits (with a leading `-` if negative).
    BigInt(Symbol),
    /// A braced list of metadata: `operands: {!0, !1}` (GenericDINode).
    List(Box<Box<[Md]>>),
}

/// A metadata node.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct MdNode {
    /// `distinct`: never merged with an equal node.
    pub distinct: bool,
    /// The kind.
    pub kind: MdKind,
    /// Operands of tuples and DIArgList.
    pub ops: Box<[Md]>,
    /// Fields of specialized nodes (in print order), and elements of DIExpression (nameless).
    pub fields: Box<[(Option<Symbol>, DiValue)]>,
}

impl MdNode {
    /// A generic tuple.
    pub fn tuple(distinct: bool, ops: impl IntoIterator<Item = Md>) -> Self {
        MdNode { distinct, kind: MdKind::Tuple, ops: ops.into_iter().collect(), fields: Box::new([]) }
    }
}
