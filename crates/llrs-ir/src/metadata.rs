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
    /// `!DILocation(...)` held compactly: its numbers here, the scope and `inlinedAt` as the
    /// node's two operands (see [`Location`], [`MdNode::as_location`]). A location whose numbers
    /// do not fit (an `atomGroup` of 2^28 or more, an `atomRank` over 7) is a
    /// [`MdKind::Special`] node with fields; [`crate::Context`] keeps every other one in this
    /// form, whoever made it.
    Location {
        /// `line:`.
        line: u32,
        /// `column:` (LLVM keeps 16 bits).
        column: u16,
        /// `atomGroup:` (bits 4 and up), `atomRank:` (bits 1 to 3), `isImplicitCode:` (bit 0).
        bits: u32,
    },
}

/// A `!DILocation` ([`MdNode::as_location`]).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Location {
    /// `line:`.
    pub line: u32,
    /// `column:`.
    pub column: u16,
    /// `scope:` (never null in a valid location).
    pub scope: Md,
    /// `inlinedAt:` (null when absent).
    pub inlined_at: Md,
    /// `isImplicitCode:`.
    pub implicit: bool,
    /// `atomGroup:` (0 when absent).
    pub atom_group: u64,
    /// `atomRank:` (0 when absent).
    pub atom_rank: u8,
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
    /// Operands of tuples and DIArgList (a location's scope and `inlinedAt`).
    pub ops: crate::lists::MdOps,
    /// Fields of specialized nodes (in print order), and elements of DIExpression (nameless).
    pub fields: Box<[(Option<Symbol>, DiValue)]>,
}

impl MdNode {
    /// A generic tuple.
    pub fn tuple(distinct: bool, ops: impl IntoIterator<Item = Md>) -> Self {
        MdNode { distinct, kind: MdKind::Tuple, ops: ops.into_iter().collect(), fields: Box::new([]) }
    }

    /// A `!DILocation`: compact where its numbers fit ([`MdKind::Location`]), else `None`.
    pub fn location(distinct: bool, loc: Location) -> Option<Self> {
        let Location { line, column, scope, inlined_at, implicit, atom_group, atom_rank } = loc;
        let plain = |m: Md| matches!(m, Md::Null | Md::Node(_));
        if atom_rank > 7 || atom_group >= 1 << 28 || !plain(scope) || !plain(inlined_at) {
            return None;
        }
        let bits = (atom_group as u32) << 4 | u32::from(atom_rank) << 1 | u32::from(implicit);
        Some(MdNode {
            distinct,
            kind: MdKind::Location { line, column, bits },
            ops: [scope, inlined_at].into(),
            fields: Box::new([]),
        })
    }

    /// The location a compact `!DILocation` holds (`None` for any other node, and for a
    /// location with fields: see [`MdKind::Location`]).
    #[inline]
    pub fn as_location(&self) -> Option<Location> {
        let MdKind::Location { line, column, bits } = self.kind else { return None };
        let op = |i: usize| self.ops.get(i).copied().unwrap_or(Md::Null);
        Some(Location {
            line,
            column,
            scope: op(0),
            inlined_at: op(1),
            implicit: bits & 1 != 0,
            atom_group: u64::from(bits >> 4),
            atom_rank: (bits >> 1 & 7) as u8,
        })
    }

    /// The compact form of a `!DILocation` held with fields named by `names`, when it has
    /// one: every field one of a location's, once, with a value that fits.
    pub fn compact_location(&self, names: &LocationNames) -> Option<MdNode> {
        if !self.ops.is_empty() {
            return None;
        }
        let mut loc = Location {
            line: 0,
            column: 0,
            scope: Md::Null,
            inlined_at: Md::Null,
            implicit: false,
            atom_group: 0,
            atom_rank: 0,
        };
        let int = |v: &DiValue| match v {
            DiValue::Int(v) => u64::try_from(*v).ok(),
            _ => None,
        };
        let md = |v: &DiValue| match v {
            DiValue::Md(m) => Some(*m),
            _ => None,
        };
        let mut seen = 0u8;
        for (name, value) in self.fields.iter() {
            let name = (*name)?;
            let bit = if name == names.line {
                loc.line = u32::try_from(int(value)?).ok()?;
                1
            } else if name == names.column {
                loc.column = u16::try_from(int(value)?).ok()?;
                2
            } else if name == names.scope {
                loc.scope = md(value)?;
                4
            } else if name == names.inlined_at {
                loc.inlined_at = md(value)?;
                8
            } else if name == names.implicit {
                loc.implicit = match value {
                    DiValue::Ident(t) => *t == names.true_,
                    _ => return None,
                };
                16
            } else if name == names.atom_group {
                loc.atom_group = int(value)?;
                32
            } else if name == names.atom_rank {
                loc.atom_rank = u8::try_from(int(value)?).ok()?;
                64
            } else {
                return None;
            };
            if seen & bit != 0 {
                return None;
            }
            seen |= bit;
        }
        MdNode::location(self.distinct, loc)
    }
}

/// The symbols of a `!DILocation`'s field names (as a context has them interned), for
/// [`MdNode::compact_location`]. A name not interned is a symbol no field has.
#[derive(Copy, Clone, Debug)]
pub struct LocationNames {
    /// `line`.
    pub line: Symbol,
    /// `column`.
    pub column: Symbol,
    /// `scope`.
    pub scope: Symbol,
    /// `inlinedAt`.
    pub inlined_at: Symbol,
    /// `isImplicitCode`.
    pub implicit: Symbol,
    /// `true`.
    pub true_: Symbol,
    /// `atomGroup`.
    pub atom_group: Symbol,
    /// `atomRank`.
    pub atom_rank: Symbol,
}

#[cfg(test)]
mod tests {
    use super::{Location, Md, MdId, MdNode};

    /// A node stays 48 bytes (there are hundreds of thousands in a module with debug info).
    #[test]
    fn nodes_stay_small() {
        assert_eq!(std::mem::size_of::<MdNode>(), 56);
        assert_eq!(std::mem::size_of::<super::MdKind>(), 12);
    }

    #[test]
    fn a_location_reads_back_as_made() {
        let loc = Location {
            line: 7,
            column: 65535,
            scope: Md::Node(MdId(3)),
            inlined_at: Md::Null,
            implicit: true,
            atom_group: (1 << 28) - 1,
            atom_rank: 7,
        };
        let node = MdNode::location(true, loc).expect("compact");
        assert_eq!(node.as_location(), Some(loc));
        assert!(MdNode::location(false, Location { atom_group: 1 << 28, ..loc }).is_none());
        assert!(MdNode::location(false, Location { atom_rank: 8, ..loc }).is_none());
        assert!(MdNode::location(false, Location { scope: Md::Const(crate::ConstId(0)), ..loc }).is_none());
    }
}
