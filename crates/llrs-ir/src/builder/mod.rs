//! A checked builder for function bodies: create blocks, choose an insertion point (the end of a
//! block, or before an instruction) and insert instructions typed from their operands.
//!
//! Every instruction constructor returns `Result<Value, BuildError>`: it checks what LLVM's IR
//! constructors and verifier require of a well-formed instruction (operand types and counts,
//! integer or floating-point classes per opcode, cast validity, call arguments against the
//! function type, `ret` against the function, atomic orderings, ...) and refuses the rest with a
//! [`BuildError`] that names the instruction and the mismatch, e.g.
//! `add: operand types differ: i32 and i64`. These are building-time checks; the verifier
//! (`llrs-verify`) remains the full check of a module.
//!
//! Names given to values and blocks are made unique within the function as LLVM does (`x`,
//! `x1`, `x2`, ...), so that the printed module reads back. Alignments of 0 mean the ABI
//! alignment of the type under the module's data layout (the preferred one for `alloca`), as
//! `IRBuilder` does.
//!
//! ```
//! use llrs_ir::builder::FunctionBuilder;
//! use llrs_ir::instructions::{flags, CmpPred};
//! use llrs_ir::{Module, Opcode};
//!
//! # fn main() -> Result<(), llrs_ir::builder::BuildError> {
//! let mut m = Module::new();
//! let i32t = m.ctx.int_ty(32);
//! let fty = m.ctx.fn_ty(i32t, &[i32t], false);
//! let f = m.add_function("abs", fty);
//! let mut b = FunctionBuilder::new(&mut m, f)?;
//! let entry = b.create_block(Some("entry"));
//! let neg = b.create_block(Some("neg"));
//! let done = b.create_block(Some("done"));
//! b.position_at_end(entry);
//! let zero = b.const_int(i32t, 0)?;
//! let x = b.arg(0);
//! let is_neg = b.icmp(CmpPred::Slt, x, zero, Some("isneg"))?;
//! b.cond_br(is_neg, neg, done)?;
//! b.position_at_end(neg);
//! let n = b.binop(Opcode::Sub, zero, x, flags::NSW, Some("n"))?;
//! b.br(done)?;
//! b.position_at_end(done);
//! let r = b.phi(i32t, &[(x, entry), (n, neg)], Some("r"))?;
//! b.ret(Some(r))?;
//!
//! // Mistakes are errors, not broken IR:
//! let i64t = b.module().ctx.int_ty(64);
//! let wide = b.const_int(i64t, 1)?;
//! let err = b.binop(Opcode::Add, x, wide, 0, None).unwrap_err();
//! assert_eq!(err.to_string(), "add: operand types differ: i32 and i64");
//! # Ok(())
//! # }
//! ```

mod aggregate;
mod arith;
mod constants;
mod control;
mod error;
mod memory;
mod types;

pub use error::{type_name, BuildError, BuildErrorKind};

use crate::constants::ConstId;
use crate::datalayout::DataLayout;
use crate::function::{BlockId, Body, InstId};
use crate::instructions::{InstData, Opcode};
use crate::module::{GlobalId, GlobalKind, Module};
use crate::symbol::Symbol;
use crate::types::{Type, TypeId};
use crate::value::Value;
use rustc_hash::FxHashSet;
use smallvec::SmallVec;

use BuildErrorKind as K;

/// Where the next instruction goes.
#[derive(Copy, Clone, Debug)]
enum Position {
    /// Nowhere yet.
    None,
    /// At the end of a block.
    End(BlockId),
    /// Before `inst`, which stands at `index` in `block` (the index is checked before use).
    Before { block: BlockId, index: usize, inst: InstId },
    /// `position_before` an instruction that is in no block.
    Detached(InstId),
}

/// Inserts checked instructions into one function of a module.
pub struct FunctionBuilder<'m> {
    m: &'m mut Module,
    func: GlobalId,
    pos: Position,
    dl: DataLayout,
    /// Local names in use (arguments, blocks, instructions), for unique names.
    names: FxHashSet<Symbol>,
    last_unique: u64,
}

impl<'m> FunctionBuilder<'m> {
    /// A builder for function `func` (given an empty body if it had none). Fails when `func` is
    /// not a function of `m`.
    pub fn new(m: &'m mut Module, func: GlobalId) -> Result<Self, BuildError> {
        let is_fn = m.globals.get(func).is_some_and(|g| {
            g.kind == GlobalKind::Function
                && g.func.is_some()
                && (g.value_ty.0 as usize) < m.ctx.num_types()
                && matches!(m.ctx.type_of(g.value_ty), Type::Function { .. })
        });
        if !is_fn {
            return Err(BuildError::new("builder", K::Other(format!("global #{} is not a function", func.0))));
        }
        let dl =
            m.data_layout.as_deref().and_then(|s| std::str::from_utf8(s).ok()).and_then(|s| DataLayout::parse(s).ok());
        let mut names = FxHashSet::default();
        if let Some(fd) = m.globals[func].func.as_deref_mut() {
            names.extend(fd.arg_names.iter().flatten().copied());
            let body = fd.body.get_or_insert_with(Body::new);
            names.extend(body.blocks.iter().filter_map(|(_, b)| b.name));
            names.extend(body.insts.iter().filter_map(|(_, i)| i.name));
        }
        Ok(FunctionBuilder { m, func, pos: Position::None, dl: dl.unwrap_or_default(), names, last_unique: 0 })
    }

    /// The module being built (its context makes types and constants).
    pub fn module(&mut self) -> &mut Module {
        self.m
    }

    /// The function being built.
    pub fn function(&self) -> GlobalId {
        self.func
    }

    fn body_mut(&mut self) -> &mut Body {
        // `new` checked that `func` is a function; a caller may have changed the module since
        // through `module()`, so this stays total.
        let g = &mut self.m.globals[self.func];
        if g.func.is_none() {
            g.func = Some(Box::default());
        }
        g.func.as_deref_mut().map(|f| f.body.get_or_insert_with(Body::new)).expect("just made")
    }

    fn body(&self) -> Option<&Body> {
        self.m.globals.get(self.func)?.func.as_deref()?.body.as_ref()
    }

    /// The type of the function being built.
    fn fn_ty(&self) -> TypeId {
        self.m.globals[self.func].value_ty
    }

    /// Argument `i` of the function (checked when used as an operand).
    pub fn arg(&self, i: u32) -> Value {
        Value::Arg(i)
    }

    /// Names argument `i` (made unique in the function); ignored when out of range.
    pub fn name_arg(&mut self, i: usize, name: &str) {
        let n = self.m.globals[self.func].func.as_deref().map_or(0, |f| f.arg_names.len());
        if i >= n {
            return;
        }
        let s = self.unique_name(Some(name));
        if let Some(slot) = self.m.globals[self.func].func.as_deref_mut().and_then(|f| f.arg_names.get_mut(i)) {
            *slot = s;
        }
    }

    /// A name not used yet in the function: `name`, else `name1`, `name2`, ... (LLVM's
    /// `ValueSymbolTable::makeUniqueName`). `None` for no name or an empty one.
    fn unique_name(&mut self, name: Option<&str>) -> Option<Symbol> {
        let name = name.filter(|n| !n.is_empty())?;
        let sym = self.m.ctx.sym(name);
        if self.names.insert(sym) {
            return Some(sym);
        }
        loop {
            self.last_unique += 1;
            let cand = format!("{name}{}", self.last_unique);
            let sym = self.m.ctx.sym(&cand);
            if self.names.insert(sym) {
                return Some(sym);
            }
        }
    }

    /// Creates a block at the end of the function's layout.
    pub fn create_block(&mut self, name: Option<&str>) -> BlockId {
        let sym = self.unique_name(name);
        let body = self.body_mut();
        let b = body.create_block(sym);
        body.append_block(b);
        b
    }

    /// Makes later instructions go to the end of `b`.
    pub fn position_at_end(&mut self, b: BlockId) {
        self.pos = Position::End(b);
    }

    /// Makes later instructions go before `inst`, in order (each new one after the previous).
    pub fn position_before(&mut self, inst: InstId) {
        let place = self.body().and_then(|body| {
            let b = (*body.inst_block.get(inst))?;
            let index = body.blocks.get(b)?.insts.iter().position(|&i| i == inst)?;
            Some((b, index))
        });
        self.pos = match place {
            Some((block, index)) => Position::Before { block, index, inst },
            None => Position::Detached(inst),
        };
    }

    /// Makes later instructions go right after `inst`, in order (before the instruction that
    /// follows it, or at the end of its block).
    pub fn position_after(&mut self, inst: InstId) {
        let next = self.body().and_then(|body| {
            let b = (*body.inst_block.get(inst))?;
            let insts = &body.blocks.get(b)?.insts;
            let index = insts.iter().position(|&i| i == inst)?;
            Some(match insts.get(index + 1) {
                Some(&n) => Position::Before { block: b, index: index + 1, inst: n },
                None => Position::End(b),
            })
        });
        self.pos = next.unwrap_or(Position::Detached(inst));
    }

    /// The block instructions go to, if the builder is positioned.
    pub fn current_block(&self) -> Option<BlockId> {
        match self.pos {
            Position::End(b) | Position::Before { block: b, .. } => Some(b),
            _ => None,
        }
    }

    /// The type of a value of this function; an error for a value that cannot be an operand
    /// (an argument out of range, an instruction not in a block or without a result).
    pub fn type_of(&mut self, v: Value) -> Result<TypeId, BuildError> {
        self.value_ty("operand", v)
    }

    fn value_ty(&mut self, inst: &str, v: Value) -> Result<TypeId, BuildError> {
        let bad = |s: String| Err(BuildError::new(inst, K::InvalidValue(s)));
        match v {
            Value::Const(c) => match self.m.ctx.try_const_of(c) {
                Some(k) => Ok(k.ty()),
                None => bad(format!("constant #{} does not exist in this module", c.0)),
            },
            Value::Arg(i) => match self.m.ctx.fn_params(self.fn_ty()).get(i as usize) {
                Some(&t) => Ok(t),
                None => {
                    let n = self.m.ctx.fn_params(self.fn_ty()).len();
                    bad(format!("argument {i} is out of range (the function has {n})"))
                }
            },
            Value::Inst(i) => {
                let Some(body) = self.body() else { return bad(format!("instruction #{} does not exist", i.0)) };
                let Some(d) = body.insts.get(i) else { return bad(format!("instruction #{} does not exist", i.0)) };
                let ty = d.ty;
                if body.inst_block.get(i).is_none() {
                    return bad(format!("instruction #{} is not in a block (removed?)", i.0));
                }
                if self.m.ctx.is_void(ty) {
                    return bad(format!("instruction #{} ({}) has no result", i.0, d.op.name()));
                }
                Ok(ty)
            }
            Value::Block(b) => {
                self.check_block(inst, b)?;
                Ok(self.m.ctx.ty(Type::Label))
            }
            Value::Md(_) => Ok(self.m.ctx.ty(Type::Metadata)),
            Value::Asm(a) => match self.m.asms.get(a) {
                Some(_) => Ok(self.m.ctx.ptr_ty(0)),
                None => bad(format!("inline asm #{} does not exist", a.0)),
            },
        }
    }

    /// The type of an operand that must hold a value (not a label or metadata).
    fn operand_ty(&mut self, inst: &str, v: Value) -> Result<TypeId, BuildError> {
        let t = self.value_ty(inst, v)?;
        if matches!(v, Value::Block(_) | Value::Md(_)) {
            return Err(self.wrong_type(inst, "operand", "a value", t));
        }
        Ok(t)
    }

    fn check_block(&self, inst: &str, b: BlockId) -> Result<(), BuildError> {
        match self.body().and_then(|body| body.blocks.get(b)) {
            Some(_) => Ok(()),
            None => Err(BuildError::new(inst, K::InvalidValue(format!("block #{} does not exist", b.0)))),
        }
    }

    fn check_type_id(&self, inst: &str, t: TypeId) -> Result<(), BuildError> {
        if (t.0 as usize) < self.m.ctx.num_types() {
            Ok(())
        } else {
            Err(BuildError::new(inst, K::Other(format!("type #{} does not exist", t.0))))
        }
    }

    fn tname(&self, t: TypeId) -> String {
        type_name(&self.m.ctx, t)
    }

    fn wrong_type(&self, inst: &str, what: &str, expected: &str, got: TypeId) -> BuildError {
        BuildError::new(
            inst,
            K::WrongType { what: what.to_string(), expected: expected.to_string(), got: self.tname(got) },
        )
    }

    fn same_type(&self, inst: &str, a: TypeId, b: TypeId) -> Result<(), BuildError> {
        if a == b {
            Ok(())
        } else {
            Err(BuildError::new(inst, K::TypesDiffer { first: self.tname(a), second: self.tname(b) }))
        }
    }

    /// Where an instruction goes: its block and index, checked.
    fn insertion(&mut self, inst: &str, terminator: bool) -> Result<(BlockId, usize), BuildError> {
        let err = |k| Err(BuildError::new(inst, k));
        let pos = self.pos;
        let Some(body) = self.body() else { return err(K::NoInsertionPoint) };
        match pos {
            Position::None => err(K::NoInsertionPoint),
            Position::Detached(i) => err(K::BadPosition(format!("instruction #{} is not in a block", i.0))),
            Position::End(b) => {
                let Some(bd) = body.blocks.get(b) else {
                    return err(K::BadPosition(format!("block #{} does not exist", b.0)));
                };
                if bd.insts.last().is_some_and(|&l| body.insts.get(l).is_some_and(|d| d.op.is_terminator())) {
                    return err(K::Terminator("the block already ends in a terminator".into()));
                }
                Ok((b, bd.insts.len()))
            }
            Position::Before { block, index, inst: before } => {
                if terminator {
                    return err(K::Terminator("a terminator must be the last instruction of its block".into()));
                }
                let here = body.blocks.get(block).is_some_and(|bd| bd.insts.get(index) == Some(&before));
                if here {
                    return Ok((block, index));
                }
                // The function changed under the builder: find the instruction again.
                self.position_before(before);
                match self.pos {
                    Position::Before { block, index, .. } => Ok((block, index)),
                    _ => err(K::BadPosition(format!("instruction #{} is not in a block", before.0))),
                }
            }
        }
    }

    /// Phi nodes stand together at the top of their block.
    fn check_phi_order(&self, inst: &str, op: Opcode, block: BlockId, index: usize) -> Result<(), BuildError> {
        let Some(body) = self.body() else { return Ok(()) };
        let insts = body.blocks.get(block).map_or(&[][..], |b| &b.insts[..]);
        let is_phi = |i: &InstId| body.insts.get(*i).is_some_and(|d| d.op == Opcode::Phi);
        let before_is_phi = index == 0 || insts.get(index - 1).is_some_and(is_phi);
        if op == Opcode::Phi && !before_is_phi {
            return Err(BuildError::new(inst, K::BadPosition("phi nodes must come first in their block".into())));
        }
        if op != Opcode::Phi && insts.get(index).is_some_and(is_phi) {
            return Err(BuildError::new(inst, K::BadPosition("only phi nodes may stand before a phi".into())));
        }
        Ok(())
    }

    /// Inserts a checked instruction at the insertion point; names it (uniquely) unless void.
    fn insert(&mut self, inst: &str, mut data: InstData, name: Option<&str>) -> Result<Value, BuildError> {
        let (block, index) = self.insertion(inst, data.op.is_terminator())?;
        self.check_phi_order(inst, data.op, block, index)?;
        data.name = if self.m.ctx.is_void(data.ty) { None } else { self.unique_name(name) };
        let id = self.body_mut().insert_inst(block, index, data);
        if let Position::Before { index, .. } = &mut self.pos {
            *index += 1;
        }
        Ok(Value::Inst(id))
    }

    /// Inserts an instruction as given, with no checks beyond the insertion point (for what the
    /// typed constructors do not cover: funclet pads, `callbr`, instructions with attachments).
    /// The verifier is then the only check.
    pub fn insert_unchecked(&mut self, data: InstData, name: Option<&str>) -> Result<Value, BuildError> {
        let inst = data.op.name();
        self.insert(inst, data, name)
    }

    /// Replaces every use of instruction `inst` by `new`, which must have its type, then removes
    /// `inst` ([`Body::replace_and_remove`] with a type check).
    pub fn replace_and_remove(&mut self, inst: InstId, new: Value) -> Result<(), BuildError> {
        let old_ty = self.value_ty("replace", Value::Inst(inst))?;
        let new_ty = self.operand_ty("replace", new)?;
        self.same_type("replace", old_ty, new_ty)?;
        self.body_mut()
            .replace_and_remove(inst, new)
            .map_err(|e| BuildError::new("replace", K::InvalidValue(e.to_string())))
    }

    /// Sets operand `index` of instruction `inst` to `v`, which must have the type of the
    /// operand it replaces (a phi's incoming value, a call argument, ...).
    pub fn set_operand(&mut self, inst: InstId, index: usize, v: Value) -> Result<(), BuildError> {
        let old = self.body().and_then(|b| b.insts.get(inst)).and_then(|d| d.operands.get(index).copied());
        let Some(old) = old else {
            let msg = format!("instruction #{} has no operand {index}", inst.0);
            return Err(BuildError::new("set_operand", K::InvalidValue(msg)));
        };
        let old_ty = self.value_ty("set_operand", old)?;
        let new_ty = self.value_ty("set_operand", v)?;
        self.same_type("set_operand", old_ty, new_ty)?;
        self.body_mut().set_operand(inst, index, v);
        Ok(())
    }

    /// Removes instruction `inst`, which must have no uses left ([`Body::remove_inst`]).
    pub fn remove(&mut self, inst: InstId) -> Result<(), BuildError> {
        self.body_mut().remove_inst(inst).map_err(|e| BuildError::new("remove", K::InvalidValue(e.to_string())))
    }

    /// The constant id of a value, if it is a constant.
    pub fn as_const(v: Value) -> Option<ConstId> {
        match v {
            Value::Const(c) => Some(c),
            _ => None,
        }
    }

    /// Operands of an instruction value (empty for other values).
    pub fn operands(&self, v: Value) -> SmallVec<[Value; 3]> {
        match v {
            Value::Inst(i) => self.body().and_then(|b| b.insts.get(i)).map(|d| d.operands.clone()).unwrap_or_default(),
            _ => SmallVec::new(),
        }
    }
}

#[cfg(test)]
mod tests;
