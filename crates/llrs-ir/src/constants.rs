//! Constants, uniqued in the [`crate::Context`]: one id per distinct constant.

use crate::apint::APInt;
use crate::entity_id;
use crate::function::BlockId;
use crate::instructions::{CmpPred, Opcode};
use crate::module::GlobalId;
use crate::types::TypeId;
use smallvec::SmallVec;

entity_id!(
    /// A uniqued constant.
    ConstId
);

/// A constant's structure. Every variant knows its type.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Const {
    /// An integer of the type's width.
    Int(TypeId, APInt),
    /// A floating-point value by its bit pattern in the type's format.
    Float(TypeId, u128),
    /// `null` of a pointer type.
    Null(TypeId),
    /// `none` (token).
    NoneToken(TypeId),
    /// `undef`.
    Undef(TypeId),
    /// `poison`.
    Poison(TypeId),
    /// `zeroinitializer`.
    Zero(TypeId),
    /// An array aggregate `[T a, T b]`.
    Array(TypeId, Box<[ConstId]>),
    /// A struct aggregate `{ T a, U b }`.
    Struct(TypeId, Box<[ConstId]>),
    /// A vector aggregate `<T a, T b>`.
    Vector(TypeId, Box<[ConstId]>),
    /// An array of `i8` held as bytes, printed `c"..."`.
    Bytes(TypeId, Box<[u8]>),
    /// `splat (T v)` of a vector type.
    Splat(TypeId, ConstId),
    /// The address of a global value; the type is its pointer type.
    Global(TypeId, GlobalId),
    /// `blockaddress(@f, %bb)`.
    BlockAddress(TypeId, GlobalId, BlockId),
    /// `dso_local_equivalent @f`.
    DsoLocalEquivalent(TypeId, GlobalId),
    /// `no_cfi @f`.
    NoCfi(TypeId, GlobalId),
    /// `ptrauth (ptr P, i32 K[, i64 D[, ptr A[, ptr DS]]])`.
    PtrAuth(TypeId, SmallVec<[ConstId; 5]>),
    /// A constant expression.
    Expr(Box<ConstExpr>),
}

/// A constant expression: an instruction opcode over constant operands.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct ConstExpr {
    /// The opcode (casts, binary operators, getelementptr, extractelement, ...).
    pub op: Opcode,
    /// Result type.
    pub ty: TypeId,
    /// Flags, as in [`crate::instructions::flags`].
    pub flags: u16,
    /// Operands.
    pub operands: SmallVec<[ConstId; 3]>,
    /// For getelementptr: the source element type.
    pub source_ty: Option<TypeId>,
    /// For getelementptr: `inrange(lo, hi)`.
    pub inrange: Option<(APInt, APInt)>,
    /// For icmp/fcmp (kept for old IR).
    pub pred: Option<CmpPred>,
}

impl Const {
    /// The type of this constant.
    pub fn ty(&self) -> TypeId {
        match self {
            Const::Int(t, _)
            | Const::Float(t, _)
            | Const::Null(t)
            | Const::NoneToken(t)
            | Const::Undef(t)
            | Const::Poison(t)
            | Const::Zero(t)
            | Const::Array(t, _)
            | Const::Struct(t, _)
            | Const::Vector(t, _)
            | Const::Bytes(t, _)
            | Const::Splat(t, _)
            | Const::Global(t, _)
            | Const::BlockAddress(t, _, _)
            | Const::DsoLocalEquivalent(t, _)
            | Const::NoCfi(t, _)
            | Const::PtrAuth(t, _) => *t,
            Const::Expr(e) => e.ty,
        }
    }

    /// The constants this one is made of (LLVM's operands of a `Constant`): the elements of an
    /// aggregate, the element of a splat, the parts of a `ptrauth`, the operands of an
    /// expression. Globals, block addresses and scalars have none.
    pub fn operands(&self) -> &[ConstId] {
        match self {
            Const::Array(_, e) | Const::Struct(_, e) | Const::Vector(_, e) => e,
            Const::Splat(_, e) => std::slice::from_ref(e),
            Const::PtrAuth(_, e) => e,
            Const::Expr(e) => &e.operands,
            _ => &[],
        }
    }
}
