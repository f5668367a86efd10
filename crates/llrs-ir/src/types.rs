//! Types, uniqued by structure in the [`crate::Context`] (identified structs by identity).

use crate::entity_id;
use crate::symbol::Symbol;
use smallvec::SmallVec;

entity_id!(
    /// A uniqued type.
    TypeId
);

/// The floating-point formats.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum FloatKind {
    /// IEEE binary16.
    Half,
    /// bfloat16.
    BFloat,
    /// IEEE binary32.
    Float,
    /// IEEE binary64.
    Double,
    /// x87 80-bit extended.
    X86Fp80,
    /// IEEE binary128.
    Fp128,
    /// PowerPC double-double.
    PpcFp128,
}

impl FloatKind {
    /// The keyword of this type.
    pub fn name(self) -> &'static str {
        match self {
            FloatKind::Half => "half",
            FloatKind::BFloat => "bfloat",
            FloatKind::Float => "float",
            FloatKind::Double => "double",
            FloatKind::X86Fp80 => "x86_fp80",
            FloatKind::Fp128 => "fp128",
            FloatKind::PpcFp128 => "ppc_fp128",
        }
    }
    /// The width in bits of the value's representation.
    pub fn bits(self) -> u32 {
        match self {
            FloatKind::Half | FloatKind::BFloat => 16,
            FloatKind::Float => 32,
            FloatKind::Double => 64,
            FloatKind::X86Fp80 => 80,
            FloatKind::Fp128 | FloatKind::PpcFp128 => 128,
        }
    }
}

/// A type's structure.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Type {
    /// `void`
    Void,
    /// A floating-point type.
    Float(FloatKind),
    /// `x86_amx`
    X86Amx,
    /// `label`
    Label,
    /// `metadata`
    Metadata,
    /// `token`
    Token,
    /// `iN`, 1 ≤ N ≤ 2^23.
    Int(u32),
    /// `ptr addrspace(N)`
    Ptr(u32),
    /// `[N x T]`
    Array(u64, TypeId),
    /// `<N x T>` or `<vscale x N x T>`
    Vector {
        /// Scalable (`vscale x`).
        scalable: bool,
        /// Minimum element count.
        len: u32,
        /// Element type.
        elem: TypeId,
    },
    /// A literal struct `{ ... }` or packed `<{ ... }>`.
    Struct {
        /// Packed.
        packed: bool,
        /// Element types.
        elems: SmallVec<[TypeId; 4]>,
    },
    /// An identified struct: unique by identity, not structure.
    Named(StructId),
    /// A function type.
    Function {
        /// Return type.
        ret: TypeId,
        /// Parameter types.
        params: SmallVec<[TypeId; 4]>,
        /// Takes `...`.
        vararg: bool,
    },
    /// `target("name", types..., ints...)`
    TargetExt {
        /// The target type's name.
        name: Symbol,
        /// Type parameters.
        types: SmallVec<[TypeId; 2]>,
        /// Integer parameters.
        ints: SmallVec<[u32; 2]>,
    },
}

entity_id!(
    /// An identified struct type (named `%T` or numbered `%N`).
    StructId
);

/// The body and name of an identified struct.
#[derive(Clone, Debug, Default)]
pub struct StructDef {
    /// The name, or `None` for a numbered struct.
    pub name: Option<Symbol>,
    /// The body, or `None` when opaque.
    pub body: Option<StructBody>,
    /// The type id that names this struct.
    pub ty: Option<TypeId>,
}

/// The body of an identified struct.
#[derive(Clone, Debug, Default)]
pub struct StructBody {
    /// Packed `<{ }>`.
    pub packed: bool,
    /// Element types.
    pub elems: Vec<TypeId>,
}
