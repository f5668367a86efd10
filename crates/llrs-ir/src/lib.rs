//! The in-memory LLVM IR of llrs.
//!
//! A [`Module`] owns a [`Context`] that uniques types, constants, attribute sets and metadata,
//! and global values whose functions own their bodies (blocks and instructions in arenas).
//! Everything is named by `u32` ids; nothing here knows about text or bitcode.
//!
//! The main entry points: [`Module`] (globals, [`Module::function_named`], [`Module::body`],
//! module-wide [`Module::uses_of`] and [`Module::replace_global_uses`]), its [`Context`] (types
//! and constants: `int_ty`, `ptr_ty`, `fn_ty`, `const_int`, `konst`), [`builder::FunctionBuilder`]
//! (checked instruction construction), [`Body`] (blocks, instructions, use-lists,
//! [`Body::replace_and_remove`]), [`cfg::Cfg`] and [`dominators::DomTree`].
//!
//! ```
//! use llrs_ir::builder::FunctionBuilder;
//! use llrs_ir::{Module, Opcode};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let mut m = Module::new();
//! let i64t = m.ctx.int_ty(64);
//! let counter = m.add_var("counter", i64t, None);
//! let fty = m.ctx.fn_ty(i64t, &[], false);
//! let f = m.add_function("bump", fty);
//! let mut b = FunctionBuilder::new(&mut m, f)?;
//! let entry = b.create_block(Some("entry"));
//! b.position_at_end(entry);
//! let p = b.global(counter)?;
//! let old = b.load(i64t, p, 0, Some("old"))?; // align 0: the type's ABI alignment
//! let one = b.const_int(i64t, 1)?;
//! let new = b.binop(Opcode::Add, old, one, 0, Some("new"))?;
//! b.store(new, p, 0)?;
//! b.ret(Some(new))?;
//! assert_eq!(m.uses_of(counter).len(), 2); // the load and the store
//! assert_eq!(m.body(f).map(|body| body.inst_order().count()), Some(4));
//! # Ok(())
//! # }
//! ```

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
pub mod dwarf_ops;
pub mod entity;
pub mod fold;
pub mod function;
pub mod inline_asm;
pub mod instructions;
pub mod intrinsic_attrs;
pub mod intrinsic_sig;
pub mod intrinsics;
pub mod lists;
pub mod metadata;
pub mod module;
pub mod phases;
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
