//! The in-memory LLVM IR of llrs.
//!
//! A [`Module`] owns a [`Context`] that uniques types, constants, attribute sets and metadata,
//! and global values whose functions own their bodies (blocks and instructions in arenas).
//! Everything is named by `u32` ids; nothing here knows about text or bitcode.

pub mod apint;
pub mod attr_order;
pub mod attributes;
pub mod builder;
pub mod callconv;
pub mod cfg;
pub mod constants;
pub mod context;
pub mod datalayout;
pub mod debug_strip;
pub mod di_expr;
pub mod di_tables;
pub mod dominators;
pub mod dwarf;
pub mod entity;
pub mod fold;
pub mod function;
pub mod instructions;
pub mod intrinsic_attrs;
pub mod intrinsic_sig;
pub mod intrinsics;
pub mod metadata;
pub mod module;
pub mod runs;
pub mod summary;
pub mod symbol;
pub mod types;
pub mod value;

pub use apint::APInt;
pub use attributes::{Attr, AttrArg, AttrsId};
pub use constants::{Const, ConstExpr, ConstId};
pub use context::Context;
pub use function::{BlockId, Body, InstId, RemoveError, Use, UseOrderError};
pub use instructions::{InstData, InstExtra, Opcode};
pub use metadata::{DiValue, Md, MdId, MdKind, MdNode};
pub use module::{Global, GlobalId, GlobalKind, Module};
pub use symbol::Symbol;
pub use types::{FloatKind, Type, TypeId};
pub use value::Value;
