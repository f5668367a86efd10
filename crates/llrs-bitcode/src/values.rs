//! The value list (`BitcodeReaderValueList`): every value by its id, in stream order — global
//! values, module constants, then while a body is read its arguments, constants and
//! instructions. Constants are kept as their records (`BitcodeConstant`) and built when first
//! asked for (`materializeValue`), so records may refer to constants that come later.

use llrs_ir::apint::APInt;
use llrs_ir::constants::{Const, ConstId};
use llrs_ir::entity::EntityId;
use llrs_ir::fold;
use llrs_ir::function::BlockId;
use llrs_ir::instructions::{flags, CmpPred, Opcode};
use llrs_ir::metadata::{Local, Md};
use llrs_ir::module::{GlobalId, GlobalKind};
use llrs_ir::types::{Type, TypeId};
use llrs_ir::value::Value;
use llrs_ir::Module;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use crate::Error;

/// What the metadata reader asks of the value list (`getValueFwdRef` for `METADATA_VALUE`,
/// `DIArgList` and the like).
pub trait ValueSource {
    /// The value `id` of type `ty` as metadata: [`Md::Const`] for constants and global values,
    /// [`Md::Local`] for arguments and instructions of the function being read; `None` when `id`
    /// names no value of that type (LLVM: "Invalid record" or a forward reference that is never
    /// resolved).
    fn value_md(&mut self, module: &mut Module, id: u64, ty: TypeId) -> Option<Md>;

    /// The global variable or function value `id` is (`dyn_cast<GlobalObject>(ValueList[id])`,
    /// for `METADATA_GLOBAL_DECL_ATTACHMENT`): `None` when `id` is past the end of the list
    /// (LLVM: "Invalid record"), `Some(None)` when the value is something else. By default the
    /// first ids are the module's global values in the order they were made, and any other id a
    /// value that is not one.
    fn global_object(&mut self, module: &Module, id: u64) -> Option<Option<GlobalId>> {
        let g = usize::try_from(id).ok().filter(|&i| i < module.globals.len()).map(GlobalId::new);
        Some(g.filter(|&g| matches!(module.globals[g].kind, GlobalKind::Var | GlobalKind::Function)))
    }
}

/// The special kinds of a deferred constant besides instruction opcodes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DeferredOp {
    /// An instruction opcode (casts, binary operators, GEP, vector operations, compares, ...).
    Inst(Opcode),
    /// A struct aggregate.
    Struct,
    /// An array aggregate.
    Array,
    /// A vector aggregate.
    Vector,
    /// `no_cfi @f`.
    NoCfi,
    /// `dso_local_equivalent @f`.
    DsoLocalEquivalent,
    /// `blockaddress(@f, %bb)`.
    BlockAddress,
    /// `ptrauth (...)`.
    PtrAuth,
}

/// A constant kept as its record until it is asked for (`BitcodeConstant`).
#[derive(Clone, Debug)]
pub struct Deferred {
    /// What it is.
    pub op: DeferredOp,
    /// Flags in llrs's encoding ([`flags`]).
    pub flags: u16,
    /// The compare predicate.
    pub pred: Option<CmpPred>,
    /// The operands' value ids.
    pub ops: SmallVec<[u32; 4]>,
    /// The block number of a `blockaddress`.
    pub block: u32,
    /// The source element type of a GEP.
    pub source_ty: Option<TypeId>,
    /// The `inrange` of a GEP.
    pub inrange: Option<(APInt, APInt)>,
}

/// One slot of the list.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Slot {
    /// Nothing yet.
    Empty,
    /// A value: a constant or global (`Value::Const`), an argument, an instruction, inline asm.
    Val(Value),
    /// A constant still kept as its record (index into the deferred constants).
    Deferred(u32),
    /// A forward reference inside a function body, to be assigned later.
    Placeholder,
}

/// Placeholders for forward references are arguments numbered from here: no function has that
/// many parameters (a type table entry lists each one).
pub const PLACEHOLDER_BASE: u32 = 1 << 31;

/// The value list.
#[derive(Debug, Default)]
pub struct ValueList {
    slots: Vec<Slot>,
    types: Vec<TypeId>,
    deferred: Vec<Deferred>,
    /// `RefsUpperBound`: no reference reaches this id.
    bound: u64,
    /// Whether placeholders were made in the body being read.
    pub placeholders: bool,
}

/// Where a body starts in the list, to drop what it added at its end.
#[derive(Copy, Clone, Debug)]
pub struct Mark {
    slots: usize,
    deferred: usize,
}

impl ValueList {
    /// An empty list for a stream of `stream_bytes` bytes.
    pub fn new(stream_bytes: usize) -> Self {
        ValueList { bound: (stream_bytes as u64).min(u32::MAX as u64), ..Default::default() }
    }
    /// The number of slots.
    pub fn len(&self) -> usize {
        self.slots.len()
    }
    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }
    /// The slot of `id`.
    pub fn slot(&self, id: usize) -> Slot {
        self.slots.get(id).copied().unwrap_or(Slot::Empty)
    }
    /// The type of `id` (meaningful when the slot is not empty).
    pub fn ty(&self, id: usize) -> Option<TypeId> {
        match self.slots.get(id)? {
            Slot::Empty => None,
            _ => self.types.get(id).copied(),
        }
    }
    /// Appends a value.
    pub fn push(&mut self, v: Value, ty: TypeId) {
        self.slots.push(Slot::Val(v));
        self.types.push(ty);
    }
    /// Appends a deferred constant.
    pub fn push_deferred(&mut self, d: Deferred, ty: TypeId) {
        self.slots.push(Slot::Deferred(self.deferred.len() as u32));
        self.deferred.push(d);
        self.types.push(ty);
    }
    /// Where the list stands now.
    pub fn mark(&self) -> Mark {
        Mark { slots: self.slots.len(), deferred: self.deferred.len() }
    }
    /// Drops everything after `m` (`shrinkTo`).
    pub fn shrink_to(&mut self, m: Mark) {
        self.slots.truncate(m.slots);
        self.types.truncate(m.slots);
        self.deferred.truncate(m.deferred);
        self.placeholders = false;
    }
    /// `assignValue`: `v` of type `ty` at `id`, resolving a placeholder made for it. The caller
    /// replaces the placeholder's uses.
    pub fn assign(&mut self, id: usize, v: Value, ty: TypeId) -> Result<(), Error> {
        if id >= self.slots.len() {
            if id as u64 >= self.bound {
                return Err(Error::new("Invalid record"));
            }
            self.slots.resize(id + 1, Slot::Empty);
            self.types.resize(id + 1, ty);
        }
        match self.slots[id] {
            Slot::Empty => {}
            Slot::Placeholder => {
                if self.types[id] != ty {
                    return Err(Error::bare("Assigned value does not match type of forward declaration"));
                }
            }
            _ => return Err(Error::new("Invalid record")),
        }
        self.slots[id] = Slot::Val(v);
        self.types[id] = ty;
        Ok(())
    }
    /// The value at `id` once every placeholder is assigned: what a placeholder stands for.
    pub fn resolved(&self, id: usize) -> Option<Value> {
        match self.slots.get(id)? {
            Slot::Val(v) => Some(*v),
            _ => None,
        }
    }

    /// `getValueFwdRef` for a body: the value `id`, checked against `ty` when given; a
    /// placeholder for a forward reference of a known type (when `placeholders` are allowed).
    /// `None` for an invalid reference.
    pub fn get_fwd(&mut self, m: &mut Module, id: u64, ty: Option<TypeId>, placeholders: bool) -> Option<Value> {
        if id >= self.bound {
            return None;
        }
        let i = id as usize;
        if i >= self.slots.len() {
            let t = ty?;
            if !placeholders {
                return None;
            }
            self.slots.resize(i + 1, Slot::Empty);
            self.types.resize(i + 1, t);
        }
        match self.slots[i] {
            Slot::Empty => {
                let t = ty?;
                if !placeholders {
                    return None;
                }
                self.slots[i] = Slot::Placeholder;
                self.types[i] = t;
                self.placeholders = true;
                Some(Value::Arg(PLACEHOLDER_BASE + id as u32))
            }
            Slot::Placeholder => {
                if ty.is_some_and(|t| t != self.types[i]) {
                    return None;
                }
                Some(Value::Arg(PLACEHOLDER_BASE + id as u32))
            }
            _ => {
                if ty.is_some_and(|t| t != self.types[i]) {
                    return None;
                }
                self.materialize(m, i).ok()
            }
        }
    }

    /// `materializeValue` without a block to expand into: the constant (or argument or
    /// instruction) at `id`, its deferred constants built bottom-up and cached.
    pub fn materialize(&mut self, m: &mut Module, id: usize) -> Result<Value, Error> {
        match self.slots.get(id) {
            Some(Slot::Val(v)) => return Ok(*v),
            Some(Slot::Deferred(_)) => {}
            _ => return Err(Error::new("Invalid value ID")),
        }
        // Post-order over the deferred constants reachable from `id`, with an explicit stack;
        // `gray` catches cycles (LLVM would loop).
        let mut stack: Vec<usize> = vec![id];
        // Expressions whose operands were asked for: the ancestors of what is being built.
        let mut gray: FxHashMap<usize, ()> = FxHashMap::default();
        while let Some(&top) = stack.last() {
            let Slot::Deferred(d) = self.slots[top] else {
                stack.pop();
                continue;
            };
            let mut pending = false;
            let ops = self.deferred[d as usize].ops.clone();
            for &o in ops.iter().rev() {
                let o = o as usize;
                match self.slots.get(o) {
                    Some(Slot::Deferred(_)) => {
                        if gray.contains_key(&o) {
                            return Err(Error::new("Invalid value ID"));
                        }
                        stack.push(o);
                        pending = true;
                    }
                    Some(Slot::Val(_)) => {}
                    _ => return Err(Error::new("Invalid value ID")),
                }
            }
            if pending {
                gray.insert(top, ());
                continue;
            }
            gray.remove(&top);
            let mut vals: SmallVec<[ConstId; 4]> = SmallVec::new();
            for &o in &ops {
                match self.slots[o as usize] {
                    Slot::Val(Value::Const(c)) => vals.push(c),
                    Slot::Val(_) => {
                        // An argument or instruction inside a constant: only an expansion in a
                        // body could use it.
                        return Err(unsupported(self.deferred[d as usize].op));
                    }
                    _ => return Err(Error::new("Invalid value ID")),
                }
            }
            let ty = self.types[top];
            let c = build(m, &self.deferred[d as usize], ty, &vals)?;
            self.slots[top] = Slot::Val(Value::Const(c));
            stack.pop();
        }
        match self.slots[id] {
            Slot::Val(v) => Ok(v),
            _ => Err(Error::new("Invalid value ID")),
        }
    }

    /// The deferred constant at `id`, if the slot holds one.
    pub fn deferred(&self, id: usize) -> Option<&Deferred> {
        match self.slots.get(id)? {
            Slot::Deferred(d) => self.deferred.get(*d as usize),
            _ => None,
        }
    }
    /// Caches the constant a deferred slot was built into.
    pub fn set_built(&mut self, id: usize, c: ConstId) {
        if let Some(s) = self.slots.get_mut(id) {
            *s = Slot::Val(Value::Const(c));
        }
    }

    /// The constant at `id`, for a module-level consumer (`getValueForInitializer`).
    pub fn constant(&mut self, m: &mut Module, id: usize) -> Result<ConstId, Error> {
        match self.materialize(m, id)? {
            Value::Const(c) => Ok(c),
            _ => Err(Error::new("Invalid value ID")),
        }
    }
}

/// LLVM's message for a constant expression it no longer makes.
fn unsupported(op: DeferredOp) -> Error {
    let name = match op {
        DeferredOp::Inst(o) => o.name(),
        _ => "aggregate",
    };
    Error::new(format!("Value referenced by initializer is an unsupported constant expression of type {name}"))
}

/// `isConstExprSupported`: the expressions LLVM 22 still builds as constants.
pub(crate) fn supported(m: &Module, d: &Deferred) -> bool {
    use Opcode::*;
    match d.op {
        DeferredOp::Inst(op) => match op {
            Add | Sub | Xor => true,
            Trunc | PtrToInt | PtrToAddr | IntToPtr | BitCast | AddrSpaceCast => true,
            ExtractElement | InsertElement | ShuffleVector => true,
            GetElementPtr => d.source_ty.is_none_or(|t| !contains_scalable(m, t)),
            _ => false,
        },
        _ => true,
    }
}

/// Whether a type has a scalable vector in it.
fn contains_scalable(m: &Module, t: TypeId) -> bool {
    let mut work = vec![t];
    let mut seen = 0usize;
    while let Some(t) = work.pop() {
        seen += 1;
        if seen > 100_000 {
            return false;
        }
        match m.ctx.type_of(t) {
            Type::Vector { scalable: true, .. } => return true,
            Type::Array(_, e) => work.push(*e),
            Type::Struct { elems, .. } => work.extend(elems.iter().copied()),
            _ => {}
        }
    }
    false
}

/// The elements of an aggregate type, or its length and element type.
fn aggregate_shape(m: &Module, ty: TypeId) -> Option<Result<Vec<TypeId>, (u64, TypeId)>> {
    match m.ctx.type_of(ty) {
        Type::Struct { elems, .. } => Some(Ok(elems.to_vec())),
        Type::Named(s) => Some(Ok(m.ctx.structs[*s].body.as_ref().map(|b| b.elems.to_vec()).unwrap_or_default())),
        Type::Array(n, e) => Some(Err((*n, *e))),
        Type::Vector { len, elem, .. } => Some(Err((*len as u64, *elem))),
        _ => None,
    }
}

/// The global value a constant is, if it is one.
fn global_of(m: &Module, c: ConstId) -> Option<GlobalId> {
    match m.ctx.const_of(c) {
        Const::Global(_, g) => Some(*g),
        _ => None,
    }
}

/// Builds a deferred constant from its materialized operands (the constant path of
/// `materializeValue`), with LLVM's folds and checks.
pub(crate) fn build(m: &mut Module, d: &Deferred, ty: TypeId, ops: &[ConstId]) -> Result<ConstId, Error> {
    if !supported(m, d) {
        return Err(unsupported(d.op));
    }
    let ctx = &mut m.ctx;
    let op_ty = |ctx: &llrs_ir::Context, i: usize| ctx.const_of(ops[i]).ty();
    match d.op {
        DeferredOp::Struct | DeferredOp::Array | DeferredOp::Vector => {
            let (kind, msg_n, msg_t) = match d.op {
                DeferredOp::Struct => {
                    (0, "Invalid number of elements in struct initializer", "Incorrect type in struct initializer")
                }
                DeferredOp::Array => {
                    (1, "Invalid number of elements in array initializer", "Incorrect type in array initializer")
                }
                _ => (2, "Invalid number of elements in vector initializer", "Incorrect type in vector initializer"),
            };
            match aggregate_shape(m, ty) {
                Some(Ok(elems)) if kind == 0 => {
                    if elems.len() != ops.len() {
                        return Err(Error::new(msg_n));
                    }
                    if elems.iter().enumerate().any(|(i, &t)| op_ty(&m.ctx, i) != t) {
                        return Err(Error::new(msg_t));
                    }
                    Ok(fold::structure(&mut m.ctx, ty, ops.to_vec()))
                }
                Some(Err((n, e))) if kind != 0 => {
                    if n != ops.len() as u64 {
                        return Err(Error::new(msg_n));
                    }
                    if (0..ops.len()).any(|i| op_ty(&m.ctx, i) != e) {
                        return Err(Error::new(msg_t));
                    }
                    if kind == 1 {
                        Ok(fold::array(&mut m.ctx, ty, ops.to_vec()))
                    } else {
                        if matches!(m.ctx.type_of(ty), Type::Vector { scalable: true, .. }) {
                            return Err(Error::new("Invalid vector initializer"));
                        }
                        Ok(fold::vector(&mut m.ctx, ty, ops.to_vec()))
                    }
                }
                _ => Err(Error::new(msg_t)),
            }
        }
        DeferredOp::NoCfi | DeferredOp::DsoLocalEquivalent => {
            let Some(g) = ops.first().and_then(|&c| global_of(m, c)) else {
                return Err(Error::new(if d.op == DeferredOp::NoCfi {
                    "no_cfi operand must be GlobalValue"
                } else {
                    "dso_local operand must be GlobalValue"
                }));
            };
            let pty = m.ctx.const_of(ops[0]).ty();
            Ok(m.ctx.konst(if d.op == DeferredOp::NoCfi {
                Const::NoCfi(pty, g)
            } else {
                Const::DsoLocalEquivalent(pty, g)
            }))
        }
        DeferredOp::BlockAddress => {
            let g = ops.first().and_then(|&c| global_of(m, c));
            let Some(g) = g.filter(|&g| m.globals[g].kind == GlobalKind::Function) else {
                return Err(Error::new("blockaddress operand must be a function"));
            };
            if d.block == 0 {
                return Err(Error::new("Invalid ID"));
            }
            let pty = m.ctx.const_of(ops[0]).ty();
            Ok(m.ctx.konst(Const::BlockAddress(pty, g, BlockId::new(d.block as usize))))
        }
        DeferredOp::PtrAuth => {
            if ops.len() < 4 {
                return Err(Error::new("Invalid ptrauth record"));
            }
            if !matches!(ctx.const_of(ops[1]), Const::Int(..)) {
                return Err(Error::new("ptrauth key operand must be ConstantInt"));
            }
            if !matches!(ctx.const_of(ops[2]), Const::Int(..)) {
                return Err(Error::new("ptrauth disc operand must be ConstantInt"));
            }
            let deact = match ops.get(4) {
                Some(&c) => c,
                None => {
                    let t = ctx.const_of(ops[3]).ty();
                    fold::null_value(ctx, t)
                }
            };
            if !matches!(ctx.type_of(ctx.const_of(deact).ty()), Type::Ptr(_)) {
                return Err(Error::new("ptrauth deactivation symbol operand must be a pointer"));
            }
            // AsmWriter leaves out trailing null operands after the key.
            let mut parts: SmallVec<[ConstId; 5]> = SmallVec::from_slice(&ops[..4]);
            parts.push(deact);
            while parts.len() > 2 && fold::is_null(ctx, *parts.last().unwrap_or(&deact)) {
                parts.pop();
            }
            Ok(ctx.konst(Const::PtrAuth(ty, parts)))
        }
        DeferredOp::Inst(op) => {
            if op.is_cast() {
                let Some(&c) = ops.first() else { return Err(Error::new("Invalid cast constexpr record")) };
                let src = ctx.const_of(c).ty();
                if !fold::cast_is_valid(ctx, op, src, ty) {
                    return Err(Error::new("Invalid cast constexpr record"));
                }
                if op == Opcode::BitCast {
                    if let (Some(a), Some(b)) = (ptr_space(ctx, src), ptr_space(ctx, ty)) {
                        if a != b {
                            let i64t = ctx.int_ty(64);
                            let i = fold::get_cast(ctx, Opcode::PtrToInt, c, i64t);
                            return Ok(fold::get_cast(ctx, Opcode::IntToPtr, i, ty));
                        }
                    }
                }
                return Ok(fold::get_cast(ctx, op, c, ty));
            }
            if op.is_binary() {
                if ops.len() != 2 || op_ty(ctx, 0) != op_ty(ctx, 1) || op_ty(ctx, 0) != ty {
                    return Err(Error::new("Invalid binary op constexpr record"));
                }
                return Ok(fold::get_binary(ctx, op, ops[0], ops[1], d.flags));
            }
            match op {
                Opcode::GetElementPtr => {
                    let Some(src) = d.source_ty else {
                        return Err(Error::new("Missing element type for old-style constant GEP"));
                    };
                    let Some((&base, idx)) = ops.split_first() else {
                        return Err(Error::new("Invalid gep with no operands"));
                    };
                    let gep = fold::GepInfo { source_ty: src, flags: d.flags, inrange: d.inrange.clone() };
                    Ok(fold::get_gep(ctx, &gep, base, idx))
                }
                Opcode::ExtractElement if ops.len() == 2 => Ok(fold::get_extract_element(ctx, ops[0], ops[1])),
                Opcode::InsertElement if ops.len() == 3 => Ok(fold::get_insert_element(ctx, ops[0], ops[1], ops[2])),
                Opcode::ShuffleVector if ops.len() == 3 => Ok(fold::get_shuffle_vector(ctx, ops[0], ops[1], ops[2])),
                _ => Err(Error::new("Invalid constant expression")),
            }
        }
    }
}

/// The address space of a pointer or vector of pointers.
fn ptr_space(ctx: &llrs_ir::Context, t: TypeId) -> Option<u32> {
    match ctx.type_of(t) {
        Type::Ptr(a) => Some(*a),
        Type::Vector { elem, .. } => match ctx.type_of(*elem) {
            Type::Ptr(a) => Some(*a),
            _ => None,
        },
        _ => None,
    }
}

/// A module-level [`ValueSource`]: constants and globals.
pub struct ModuleValues<'a> {
    /// The list.
    pub list: &'a mut ValueList,
}

impl ValueSource for ModuleValues<'_> {
    fn value_md(&mut self, module: &mut Module, id: u64, ty: TypeId) -> Option<Md> {
        let i = id as usize;
        if self.list.ty(i)? != ty {
            return None;
        }
        match self.list.materialize(module, i) {
            Ok(Value::Const(c)) => Some(Md::Const(c)),
            Ok(Value::Arg(a)) if a < PLACEHOLDER_BASE => Some(Md::Local(Local::Arg(a))),
            Ok(Value::Inst(x)) => Some(Md::Local(Local::Inst(x))),
            Ok(_) => None,
            // A constant expression LLVM no longer makes reads as if it were deleted: `undef` of
            // its type (the metadata loader's `getValueFwdRef`).
            Err(_) => Some(Md::Const(fold::undef(&mut module.ctx, ty))),
        }
    }

    fn global_object(&mut self, module: &Module, id: u64) -> Option<Option<GlobalId>> {
        let i = usize::try_from(id).ok().filter(|&i| i < self.list.len())?;
        Some(match self.list.slot(i) {
            Slot::Val(Value::Const(c)) => match module.ctx.try_const_of(c) {
                Some(Const::Global(_, g))
                    if matches!(module.globals[*g].kind, GlobalKind::Var | GlobalKind::Function) =>
                {
                    Some(*g)
                }
                _ => None,
            },
            _ => None,
        })
    }
}

/// The `nuw`/`nsw` bits of an overflowing operator's record flags, in llrs's encoding.
pub fn overflow_flags(v: u64) -> u16 {
    let mut f = 0;
    if v & 1 != 0 {
        f |= flags::NUW;
    }
    if v & 2 != 0 {
        f |= flags::NSW;
    }
    f
}

/// GEP no-wrap bits (`inbounds`, `nusw`, `nuw`) in llrs's encoding (`inbounds` implies `nusw`).
pub fn gep_flags(v: u64) -> u16 {
    let mut f = 0;
    if v & 1 != 0 {
        f |= flags::INBOUNDS;
    } else if v & 2 != 0 {
        f |= flags::NUSW;
    }
    if v & 4 != 0 {
        f |= flags::NUW;
    }
    f
}
