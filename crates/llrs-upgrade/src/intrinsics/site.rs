//! The call being upgraded ([`Site`]), with an IRBuilder-like way to make new instructions
//! before it, and the edits to a function body ([`Edits`]) that are applied once every call of
//! the module was upgraded.
//!
//! LLVM's upgrades build new instructions with an `IRBuilder` placed at the old call: they stand
//! before the call, carry its `!dbg` location and nothing else, and are unnamed unless the
//! upgrade passes a name on. The old call then goes away, its uses replaced by the new value.

use llrs_ir::datalayout::DataLayout;
use llrs_ir::function::{Body, InstId};
use llrs_ir::instructions::{AttrList, CallData, DbgRecords, TailKind};
use llrs_ir::metadata::Local;
use llrs_ir::module::{FuncData, GlobalId, GlobalKind};
use llrs_ir::{Const, Context, FloatKind, InstData, InstExtra, Md, MdId, Module, Opcode, Symbol, Type, TypeId, Value};
use rustc_hash::{FxHashMap, FxHashSet};

/// Edits to one function body, applied by [`Edits::apply`] once every call is upgraded.
#[derive(Default)]
pub(crate) struct Edits {
    /// New instructions to place before an existing one, in order.
    before: FxHashMap<InstId, Vec<InstId>>,
    /// Instructions to take out of their block.
    removed: FxHashSet<InstId>,
    /// Values replaced by others (the results of upgraded calls).
    replaced: FxHashMap<Value, Value>,
    /// The names taken in the function, once a new name was needed.
    names: Option<FxHashSet<Symbol>>,
    /// The counter of LLVM's `ValueSymbolTable::makeUniqueName`.
    last_unique: u32,
}

impl Edits {
    fn resolve(&self, mut v: Value) -> Value {
        // Replacement chains are short; the bound guards against cycles.
        for _ in 0..=self.replaced.len() {
            match self.replaced.get(&v) {
                Some(&w) => v = w,
                None => break,
            }
        }
        v
    }

    fn resolve_md(&self, md: Md) -> Md {
        let v = match md {
            Md::Local(Local::Inst(i)) => Value::Inst(i),
            Md::Local(Local::Arg(a)) => Value::Arg(a),
            _ => return md,
        };
        match self.resolve(v) {
            Value::Inst(i) => Md::Local(Local::Inst(i)),
            Value::Arg(a) => Md::Local(Local::Arg(a)),
            Value::Const(c) => Md::Const(c),
            _ => md,
        }
    }

    /// Places the new instructions, takes out the removed ones (their debug records move to the
    /// next instruction) and replaces the uses of replaced values, in one pass over the body.
    pub(crate) fn apply(self, body: &mut Body) {
        for bi in 0..body.layout.len() {
            let b = body.layout[bi];
            let old = std::mem::take(&mut body.blocks[b].insts);
            let mut insts = Vec::with_capacity(old.len());
            let mut carry = DbgRecords::new();
            for i in old {
                let mut emit = |id: InstId, body: &mut Body, carry: &mut DbgRecords| {
                    if !carry.is_empty() {
                        let own = std::mem::take(&mut body.insts[id].dbg_records);
                        let mut recs = std::mem::take(carry);
                        recs.extend(own);
                        body.insts[id].dbg_records = recs;
                    }
                    body.inst_block.set(id, Some(b));
                    insts.push(id);
                };
                let removed = self.removed.contains(&i);
                let new = self.before.get(&i);
                if removed || new.is_some() {
                    carry.extend(std::mem::take(&mut body.insts[i].dbg_records));
                }
                for &n in new.into_iter().flatten() {
                    emit(n, body, &mut carry);
                }
                if removed {
                    body.inst_block.set(i, None);
                } else {
                    emit(i, body, &mut carry);
                }
            }
            body.blocks[b].trailing_records.splice(0..0, carry);
            body.blocks[b].insts = insts;
        }
        if !self.replaced.is_empty() {
            for bi in 0..body.layout.len() {
                let b = body.layout[bi];
                for k in 0..body.blocks[b].insts.len() {
                    let i = body.blocks[b].insts[k];
                    let d = &mut body.insts[i];
                    for op in d.operands.iter_mut() {
                        *op = match *op {
                            Value::Md(md) => Value::Md(self.resolve_md(md)),
                            v => self.resolve(v),
                        };
                    }
                    if let InstExtra::Call(cd) = &mut d.extra {
                        for bundle in &mut cd.bundles {
                            for v in &mut bundle.inputs {
                                *v = self.resolve(*v);
                            }
                        }
                    }
                    for r in &mut d.dbg_records {
                        r.loc = self.resolve_md(r.loc);
                    }
                }
            }
        }
        body.invalidate_uses();
    }
}

/// `Intrinsic::getOrInsertDeclaration`: the function named `name`, declared with `fn_ty` after
/// every other function when there is none. Another global of that name is renamed
/// `NAME.invalid` first (it is upgraded later, or the module is invalid).
pub(crate) fn get_or_insert_decl(
    m: &mut Module,
    names: &mut FxHashMap<Symbol, GlobalId>,
    name: &str,
    fn_ty: TypeId,
) -> Option<GlobalId> {
    get_or_insert_decl_renaming(m, names, name, fn_ty, ".invalid")
}

/// [`get_or_insert_decl`], another global of that name renamed `NAME` followed by `suffix`:
/// `.invalid` as `getOrInsertDeclaration` renames it, `.renamed` as `remangleIntrinsicFunction`
/// does before it.
pub(crate) fn get_or_insert_decl_renaming(
    m: &mut Module,
    names: &mut FxHashMap<Symbol, GlobalId>,
    name: &str,
    fn_ty: TypeId,
    suffix: &str,
) -> Option<GlobalId> {
    let sym = m.ctx.sym(name);
    if let Some(&g) = names.get(&sym) {
        let gl = &m.globals[g];
        if gl.kind == GlobalKind::Function && gl.value_ty == fn_ty {
            return Some(g);
        }
        // Another global holds the name: it makes room.
        let renamed = m.ctx.sym(&format!("{name}{suffix}"));
        if names.contains_key(&renamed) {
            return None;
        }
        m.globals[g].name = Some(renamed);
        names.insert(renamed, g);
    }
    let nparams = m.ctx.fn_params(fn_ty).len();
    let g = m.new_global(Some(sym), GlobalKind::Function, fn_ty);
    m.globals[g].addrspace = program_addrspace(m);
    m.globals[g].func = Some(Box::new(FuncData { arg_names: vec![None; nparams], ..Default::default() }));
    m.functions.push(g);
    names.insert(sym, g);
    Some(g)
}

/// The program address space of the module's data layout (`P<n>`).
pub(crate) fn program_addrspace(m: &Module) -> u32 {
    let Some(dl) = &m.data_layout else { return 0 };
    dl.split(|&c| c == b'-')
        .filter_map(|s| s.strip_prefix(b"P"))
        .find_map(|n| std::str::from_utf8(n).ok()?.parse().ok())
        .unwrap_or(0)
}

/// One call of an old intrinsic, being upgraded.
pub(crate) struct Site<'a> {
    /// The module (the body being edited is taken out of it meanwhile).
    pub m: &'a mut Module,
    /// Global names, kept up to date as declarations are made.
    pub names: &'a mut FxHashMap<Symbol, GlobalId>,
    /// The data layout.
    pub dl: &'a DataLayout,
    /// The body that holds the call.
    pub body: &'a mut Body,
    /// The pending edits of that body.
    pub edits: &'a mut Edits,
    /// The call.
    pub call: InstId,
    /// Parameter types of the function that holds the call.
    pub params: &'a [TypeId],
    /// The function that holds the call.
    pub func: GlobalId,
    /// The name of the declaration the call calls.
    pub old_name: &'a str,
    /// The `!dbg` kind.
    pub dbg_kind: Symbol,
}

impl Site<'_> {
    /// A name for a new value of the function: `base`, or `base` followed by a number when it
    /// is taken (LLVM's `ValueSymbolTable::makeUniqueName`, one counter per function).
    pub fn unique_name(&mut self, base: &str) -> Symbol {
        if self.edits.names.is_none() {
            let mut taken = FxHashSet::default();
            if let Some(fd) = self.m.globals[self.func].func.as_ref() {
                taken.extend(fd.arg_names.iter().flatten().copied());
            }
            taken.extend(self.body.blocks.values().filter_map(|b| b.name));
            taken.extend(self.body.insts.values().filter_map(|i| i.name));
            self.edits.names = Some(taken);
        }
        let mut sym = self.m.ctx.sym(base);
        let taken = self.edits.names.as_mut().expect("names were just made");
        while taken.contains(&sym) {
            self.edits.last_unique += 1;
            sym = self.m.ctx.sym(&format!("{base}{}", self.edits.last_unique));
        }
        taken.insert(sym);
        sym
    }

    /// Gives a new instruction a unique name.
    pub fn name(&mut self, v: Value, base: &str) -> Value {
        if let Value::Inst(i) = v {
            // Only instructions made here (not yet in a block), not values folded to old ones.
            if i != self.call && self.body.inst_block.get(i).is_none() {
                let sym = self.unique_name(base);
                self.body.insts[i].name = Some(sym);
            }
        }
        v
    }

    /// The call's instruction data.
    pub fn inst(&self) -> &InstData {
        &self.body.insts[self.call]
    }

    /// The call's call data.
    pub fn call_data(&self) -> Option<&CallData> {
        self.inst().call()
    }

    /// The number of call arguments.
    pub fn num_args(&self) -> usize {
        self.call_data().map_or(0, |c| c.num_args as usize)
    }

    /// Argument `i` (an undef-free placeholder `None` when absent).
    pub fn arg(&self, i: usize) -> Option<Value> {
        (i < self.num_args()).then(|| self.inst().operands.get(i + 1).copied()).flatten()
    }

    /// All call arguments.
    pub fn args(&self) -> Vec<Value> {
        let n = self.num_args();
        self.inst().operands.iter().skip(1).take(n).copied().collect()
    }

    /// The call's result type.
    pub fn ret_ty(&self) -> TypeId {
        self.inst().ty
    }

    /// The type of a value of the function.
    pub fn value_ty(&mut self, v: Value) -> TypeId {
        match v {
            Value::Const(c) => self.m.ctx.const_of(c).ty(),
            Value::Inst(i) => self.body.insts[i].ty,
            Value::Arg(a) => match self.params.get(a as usize) {
                Some(&t) => t,
                None => self.m.ctx.void_ty(),
            },
            Value::Md(_) => self.m.ctx.ty(Type::Metadata),
            Value::Block(_) => self.m.ctx.ty(Type::Label),
            Value::Asm(_) => self.m.ctx.ptr_ty(0),
        }
    }

    /// The value of an integer constant argument, zero-extended.
    pub fn const_u64(&self, v: Value) -> Option<u64> {
        let Value::Const(c) = v else { return None };
        match self.m.ctx.const_of(c) {
            Const::Int(_, a) => Some(a.low_u64()),
            _ => None,
        }
    }

    /// The value of an integer constant argument, sign-extended.
    pub fn const_i64(&self, v: Value) -> Option<i64> {
        let Value::Const(c) = v else { return None };
        match self.m.ctx.const_of(c) {
            Const::Int(t, a) => {
                let bits = match self.m.ctx.type_of(*t) {
                    Type::Int(b) => *b,
                    _ => 64,
                };
                let raw = a.low_u64();
                Some(if bits >= 64 { raw as i64 } else { ((raw << (64 - bits)) as i64) >> (64 - bits) })
            }
            _ => None,
        }
    }

    /// An integer constant.
    pub fn int(&mut self, bits: u32, v: i64) -> Value {
        let t = self.m.ctx.int_ty(bits);
        Value::Const(self.m.ctx.const_int(t, v))
    }

    /// The declaration `name` of type `fn_ty` (made when missing).
    pub fn decl(&mut self, name: &str, fn_ty: TypeId) -> Option<GlobalId> {
        get_or_insert_decl(self.m, self.names, name, fn_ty)
    }

    /// The callee operand for a call of `g`.
    pub fn callee(&mut self, g: GlobalId) -> Value {
        let pty = self.m.ctx.ptr_ty(self.m.globals[g].addrspace);
        Value::Const(self.m.ctx.konst(Const::Global(pty, g)))
    }

    /// The `!dbg` attachment of the call, which instructions made for it carry.
    fn dbg(&self) -> Option<MdId> {
        self.inst().md.iter().find(|(k, _)| *k == self.dbg_kind).map(|&(_, n)| n)
    }

    /// Places a new instruction before the call (with the call's `!dbg`).
    pub fn emit(&mut self, mut data: InstData) -> Value {
        if let Some(d) = self.dbg() {
            data.md = [(self.dbg_kind, d)].into_iter().collect();
        }
        let id = self.body.insts.push(data);
        self.edits.before.entry(self.call).or_default().push(id);
        Value::Inst(id)
    }

    /// A new call of `g` before the call (plain: no attributes, tail marker or bundles).
    pub fn emit_call(&mut self, g: GlobalId, args: &[Value]) -> Value {
        let fn_ty = self.m.globals[g].value_ty;
        let ret = self.m.ctx.fn_ret(fn_ty).unwrap_or_else(|| self.m.ctx.void_ty());
        let callee = self.callee(g);
        let mut d = InstData::new(Opcode::Call, ret, std::iter::once(callee).chain(args.iter().copied()));
        d.extra = InstExtra::Call(Box::new(plain_call(fn_ty, args.len())));
        self.emit(d)
    }

    /// Replaces the call by `v` (which takes the call's name when `take_name`) and removes it.
    pub fn replace(&mut self, v: Value, take_name: bool) {
        if take_name {
            if let Value::Inst(i) = v {
                self.body.insts[i].name = self.body.insts[self.call].name.take();
            }
        }
        if let (Some(names), Some(n)) = (self.edits.names.as_mut(), self.body.insts[self.call].name) {
            names.remove(&n);
        }
        self.body.insts[self.call].name = None;
        self.edits.replaced.insert(Value::Inst(self.call), v);
        self.edits.removed.insert(self.call);
    }

    /// Removes the call (its result, if used, becomes `poison`).
    pub fn erase(&mut self) {
        let ty = self.ret_ty();
        if !self.m.ctx.is_void(ty) {
            let p = Value::Const(self.m.ctx.konst(Const::Poison(ty)));
            self.edits.replaced.insert(Value::Inst(self.call), p);
        }
        self.edits.removed.insert(self.call);
    }

    /// Makes the call call `g` instead, changing nothing else (LLVM's `setCalledFunction`).
    pub fn retarget(&mut self, g: GlobalId) {
        let callee = self.callee(g);
        let fn_ty = self.m.globals[g].value_ty;
        let d = &mut self.body.insts[self.call];
        d.operands[0] = callee;
        if let InstExtra::Call(cd) = &mut d.extra {
            cd.fn_ty = fn_ty;
        }
    }

    /// Rebuilds the call in place as a plain call of `g` with `args`, as LLVM's
    /// `Builder.CreateCall(NewFn, Args)` followed by `takeName` and the removal of the old call:
    /// the name and `!dbg` stay, attributes, other metadata, fast-math flags, the tail marker,
    /// the calling convention and bundles go.
    pub fn rebuild(&mut self, g: GlobalId, args: &[Value]) {
        let callee = self.callee(g);
        let fn_ty = self.m.globals[g].value_ty;
        let ret = self.m.ctx.fn_ret(fn_ty).unwrap_or_else(|| self.m.ctx.void_ty());
        let void = self.m.ctx.is_void(ret);
        let dbg = self.dbg();
        let kind = self.dbg_kind;
        let d = &mut self.body.insts[self.call];
        d.operands = std::iter::once(callee).chain(args.iter().copied()).collect();
        d.ty = ret;
        if void {
            d.name = None;
        }
        d.flags = 0;
        d.fmf = 0;
        d.md = dbg.map(|n| (kind, n)).into_iter().collect();
        d.extra = InstExtra::Call(Box::new(plain_call(fn_ty, args.len())));
    }

    /// Sets the call-site attributes of the call.
    pub fn set_attrs(&mut self, attrs: AttrList) {
        if let InstExtra::Call(cd) = &mut self.body.insts[self.call].extra {
            cd.attrs = attrs;
        }
    }

    /// Sets the tail marker of the call.
    pub fn set_tail(&mut self, tail: TailKind) {
        if let InstExtra::Call(cd) = &mut self.body.insts[self.call].extra {
            cd.tail = tail;
        }
    }

    // ---- instructions, folded as LLVM's IRBuilder folds constants ----

    /// `bitcast v to ty` (nothing when `v` has that type already).
    pub fn bitcast(&mut self, v: Value, ty: TypeId) -> Value {
        if self.value_ty(v) == ty {
            return v;
        }
        if let Value::Const(c) = v {
            return Value::Const(llrs_ir::fold::get_cast(&mut self.m.ctx, Opcode::BitCast, c, ty));
        }
        self.emit(InstData::new(Opcode::BitCast, ty, [v]))
    }

    /// A cast instruction, folded when `v` is a constant (IRBuilder's `ConstantFolder`: the
    /// casts that may stay constant expressions become one when they do not fold).
    pub fn cast(&mut self, op: Opcode, v: Value, ty: TypeId) -> Value {
        if let Value::Const(c) = v {
            use Opcode::*;
            let desirable = matches!(op, Trunc | PtrToAddr | PtrToInt | IntToPtr | BitCast | AddrSpaceCast);
            let folded = if desirable {
                Some(llrs_ir::fold::get_cast(&mut self.m.ctx, op, c, ty))
            } else {
                llrs_ir::fold::fold_cast(&mut self.m.ctx, op, c, ty)
            };
            let folded = folded.or_else(|| self.int_to_fp(op, v, ty));
            if let Some(f) = folded.or_else(|| (op == Opcode::FPExt).then(|| fp_ext(&mut self.m.ctx, c, ty)).flatten())
            {
                return Value::Const(f);
            }
        }
        self.emit(InstData::new(op, ty, [v]))
    }

    /// `sitofp`/`uitofp` of an integer constant to `float` or `double` (rounded to nearest,
    /// ties to even, as APFloat converts).
    fn int_to_fp(&mut self, op: Opcode, v: Value, ty: TypeId) -> Option<llrs_ir::ConstId> {
        let bits = match op {
            Opcode::SIToFP => self.const_i64(v)? as f64,
            Opcode::UIToFP => self.const_u64(v)? as f64,
            _ => return None,
        };
        let Value::Const(c) = v else { return None };
        let Type::Int(w) = *self.m.ctx.type_of(self.m.ctx.const_of(c).ty()) else { return None };
        if w > 53 {
            return None;
        }
        let raw = match self.m.ctx.type_of(ty) {
            Type::Float(FloatKind::Double) => bits.to_bits() as u128,
            Type::Float(FloatKind::Float) if w <= 24 => (bits as f32).to_bits() as u128,
            _ => return None,
        };
        Some(self.m.ctx.konst(Const::Float(ty, raw)))
    }

    /// `extractvalue agg, idx`.
    pub fn extract_value(&mut self, agg: Value, idx: u32) -> Value {
        let aty = self.value_ty(agg);
        let ty = match self.m.ctx.type_of(aty) {
            Type::Struct { elems, .. } => elems.get(idx as usize).copied(),
            Type::Array(_, e) => Some(*e),
            _ => None,
        };
        let ty = ty.unwrap_or_else(|| self.m.ctx.void_ty());
        let mut d = InstData::new(Opcode::ExtractValue, ty, [agg]);
        d.extra = InstExtra::Indices(llrs_ir::instructions::IndexList::from_slice(&[idx]));
        self.emit(d)
    }

    /// `insertvalue agg, v, idx`.
    pub fn insert_value(&mut self, agg: Value, v: Value, idx: u32) -> Value {
        let ty = self.value_ty(agg);
        let mut d = InstData::new(Opcode::InsertValue, ty, [agg, v]);
        d.extra = InstExtra::Indices(llrs_ir::instructions::IndexList::from_slice(&[idx]));
        self.emit(d)
    }

    /// `poison` of a type.
    pub fn poison(&mut self, ty: TypeId) -> Value {
        Value::Const(self.m.ctx.konst(Const::Poison(ty)))
    }

    /// `extractelement v, idx`; a constant (folded, or a constant expression) when both are
    /// constants, as IRBuilder's `ConstantFolder` makes it (`ConstantExpr::getExtractElement`).
    pub fn extract_element(&mut self, v: Value, idx: Value) -> Value {
        let vty = self.value_ty(v);
        let Type::Vector { elem, .. } = *self.m.ctx.type_of(vty) else { return v };
        if let (Value::Const(c), Value::Const(i)) = (v, idx) {
            return Value::Const(llrs_ir::fold::get_extract_element(&mut self.m.ctx, c, i));
        }
        self.emit(InstData::new(Opcode::ExtractElement, elem, [v, idx]))
    }

    /// `insertelement v, e, idx`; a constant (folded, or a constant expression) when all three
    /// are constants (`ConstantExpr::getInsertElement`).
    pub fn insert_element(&mut self, v: Value, e: Value, idx: Value) -> Value {
        if let (Value::Const(cv), Value::Const(ce), Value::Const(ci)) = (v, e, idx) {
            return Value::Const(llrs_ir::fold::get_insert_element(&mut self.m.ctx, cv, ce, ci));
        }
        let ty = self.value_ty(v);
        self.emit(InstData::new(Opcode::InsertElement, ty, [v, e, idx]))
    }

    /// `shufflevector a, b, mask` with `mask` a list of indices (-1 for poison); a constant
    /// (folded, or a constant expression) when both are constants (`ConstantExpr::getShuffleVector`).
    pub fn shuffle(&mut self, a: Value, b: Value, mask: &[i32]) -> Value {
        let aty = self.value_ty(a);
        let Type::Vector { scalable, elem, .. } = *self.m.ctx.type_of(aty) else { return a };
        let ty = self.m.ctx.ty(Type::Vector { scalable, len: mask.len() as u32, elem });
        let i32t = self.m.ctx.int_ty(32);
        let mty = self.m.ctx.ty(Type::Vector { scalable, len: mask.len() as u32, elem: i32t });
        let elems: Vec<llrs_ir::ConstId> = mask
            .iter()
            .map(|&m| if m < 0 { self.m.ctx.konst(Const::Poison(i32t)) } else { self.m.ctx.const_int(i32t, m as i64) })
            .collect();
        let mask_c = if elems.windows(2).all(|w| w[0] == w[1]) && !elems.is_empty() {
            match self.m.ctx.const_of(elems[0]) {
                Const::Int(_, a) if a.is_zero() => self.m.ctx.konst(Const::Zero(mty)),
                Const::Int(..) => self.m.ctx.konst(Const::Splat(mty, elems[0])),
                _ => self.m.ctx.konst(Const::Poison(mty)),
            }
        } else {
            self.m.ctx.konst(Const::Vector(mty, elems.into_boxed_slice()))
        };
        if let (Value::Const(ca), Value::Const(cb)) = (a, b) {
            return Value::Const(llrs_ir::fold::get_shuffle_vector(&mut self.m.ctx, ca, cb, mask_c));
        }
        let mut d = InstData::new(Opcode::ShuffleVector, ty, [a, b]);
        d.extra = InstExtra::Shuffle(mask_c);
        self.emit(d)
    }

    /// `select c, a, b` (see [`Site::select_fp`]).
    pub fn select(&mut self, c: Value, a: Value, b: Value) -> Value {
        self.select_fp(c, a, b)
    }

    /// An all-ones constant of an integer or integer vector type.
    pub fn all_ones(&mut self, ty: TypeId) -> Value {
        match *self.m.ctx.type_of(ty) {
            Type::Vector { elem, .. } => {
                let e = self.m.ctx.const_int(elem, -1);
                Value::Const(self.m.ctx.konst(Const::Splat(ty, e)))
            }
            _ => Value::Const(self.m.ctx.const_int(ty, -1)),
        }
    }

    /// A two-operand instruction, folded when both are constants (`add`, `sub` and `xor` may
    /// stay constant expressions).
    pub fn binop(&mut self, op: Opcode, a: Value, b: Value) -> Value {
        if let (Value::Const(ca), Value::Const(cb)) = (a, b) {
            let folded = if matches!(op, Opcode::Add | Opcode::Sub | Opcode::Xor) {
                Some(llrs_ir::fold::get_binary(&mut self.m.ctx, op, ca, cb, 0))
            } else {
                llrs_ir::fold::fold_binary(&mut self.m.ctx, op, ca, cb)
            };
            if let Some(f) = folded {
                return Value::Const(f);
            }
        }
        let ty = self.value_ty(a);
        self.emit(InstData::new(op, ty, [a, b]))
    }
}

/// `fpext` of a constant `half`, `float` or `double` (or a vector of them) to `float` or
/// `double`; NaNs are left unfolded.
pub(crate) fn fp_ext(ctx: &mut Context, c: llrs_ir::ConstId, ty: TypeId) -> Option<llrs_ir::ConstId> {
    match ctx.const_of(c).clone() {
        Const::Float(sty, bits) => {
            let v = match ctx.type_of(sty) {
                Type::Float(FloatKind::Half) => half_to_f64(bits as u16)?,
                Type::Float(FloatKind::Float) => f32::from_bits(bits as u32) as f64,
                Type::Float(FloatKind::Double) => f64::from_bits(bits as u64),
                _ => return None,
            };
            if v.is_nan() {
                return None;
            }
            let raw = match ctx.type_of(ty) {
                Type::Float(FloatKind::Double) => v.to_bits() as u128,
                Type::Float(FloatKind::Float) => (v as f32).to_bits() as u128,
                _ => return None,
            };
            Some(ctx.konst(Const::Float(ty, raw)))
        }
        Const::Vector(_, elems) => {
            let Type::Vector { elem, .. } = *ctx.type_of(ty) else { return None };
            let out = elems.iter().map(|&e| fp_ext(ctx, e, elem)).collect::<Option<Vec<_>>>()?;
            Some(llrs_ir::fold::vector(ctx, ty, out))
        }
        Const::Splat(_, e) => {
            let Type::Vector { elem, .. } = *ctx.type_of(ty) else { return None };
            let f = fp_ext(ctx, e, elem)?;
            Some(llrs_ir::fold::splat(ctx, ty, f))
        }
        _ => None,
    }
}

/// The value of an IEEE half (exactly; `None` for NaN).
fn half_to_f64(h: u16) -> Option<f64> {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = ((h >> 10) & 0x1f) as i32;
    let frac = (h & 0x3ff) as f64;
    let mag = match exp {
        0 => frac * 2f64.powi(-24),
        31 if frac == 0.0 => f64::INFINITY,
        31 => return None,
        e => (1.0 + frac / 1024.0) * 2f64.powi(e - 15),
    };
    Some(sign * mag)
}

/// The call data of a plain call.
fn plain_call(fn_ty: TypeId, num_args: usize) -> CallData {
    CallData {
        fn_ty,
        cconv: 0,
        attrs: AttrList::default(),
        bundles: Vec::new(),
        tail: TailKind::None,
        num_args: num_args as u32,
    }
}

/// The attribute set `{ align n }`, merged into `base`.
pub(crate) fn with_align(ctx: &mut Context, base: llrs_ir::AttrsId, n: u64) -> llrs_ir::AttrsId {
    let mut set = ctx.attrs_of(base).to_vec();
    let kind = ctx.sym("align");
    set.retain(|a| a.kind != kind);
    if n > 0 {
        set.push(llrs_ir::Attr { kind, arg: llrs_ir::AttrArg::Int(n) });
    }
    ctx.attrs(set)
}
