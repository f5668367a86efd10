//! Module-wide uses of globals and constants, and `replace_all_uses_with` for them.
//!
//! Local values (instructions, arguments, blocks) keep use-lists in their function's
//! [`crate::Body`]. Globals and constants are uniqued in the [`crate::Context`] and used from
//! anywhere: instruction operands in every function, initializers, aliases and ifuncs,
//! personalities, prefixes and prologues, metadata, and other constants that contain them. Their
//! uses are found here on demand, in one pass over the module: each constant reachable from the
//! module is looked at once, so the cost is linear in the size of the module.
//!
//! Constants are uniqued, so a constant expression or aggregate that contains a replaced value
//! is not changed in place: a new constant is built with the new operands (folded as LLVM folds
//! it when it creates a constant) and every place that held the old one gets the new one.

use super::{GlobalId, Module};
use crate::constants::{Const, ConstExpr, ConstId};
use crate::context::Context;
use crate::fold;
use crate::function::{Body, InstId};
use crate::instructions::{Clause, DbgRecord, InstExtra};
use crate::metadata::{DiValue, Md, MdId};
use crate::value::Value;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::fmt;

/// Who uses a global or a constant, module-wide.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum User {
    /// Operand `operand` of instruction `inst` of function `func`.
    Inst {
        /// The function.
        func: GlobalId,
        /// The instruction.
        inst: InstId,
        /// The operand index.
        operand: u32,
    },
    /// A part of an instruction that is not an operand: a landingpad clause, an operand-bundle
    /// input, a debug record before it.
    InstOther {
        /// The function.
        func: GlobalId,
        /// The instruction.
        inst: InstId,
    },
    /// The initializer of a global variable.
    Initializer(GlobalId),
    /// The aliasee of an alias or the resolver of an ifunc.
    Target(GlobalId),
    /// The personality, prefix or prologue of a function.
    FunctionData(GlobalId),
    /// A metadata node (as `ptr @g` or `i32 1` inside it).
    Metadata(MdId),
    /// A constant (aggregate, expression, `ptrauth`, `dso_local_equivalent`, `no_cfi`) that
    /// holds it, directly or through other constants.
    Const(ConstId),
}

/// One use found by [`Module::uses_of`] or [`Module::uses_of_const`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct ModuleUse {
    /// Where.
    pub user: User,
    /// The constant in that place: the value itself, or a constant that contains it (for a
    /// [`User::Const`], its operand that holds it).
    pub value: ConstId,
}

/// Why [`Module::replace_all_uses_with`] or [`Module::replace_global_uses`] refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RauwError {
    /// The old and new values have different types (LLVM's `RAUW` needs one type).
    TypeMismatch {
        /// The old value's type.
        old: String,
        /// The new value's type.
        new: String,
    },
    /// The new value contains the old one (`RAUW(x, expr(x))` is not valid).
    NewContainsOld,
    /// A global id that is not in the module.
    NoSuchGlobal(GlobalId),
}

impl fmt::Display for RauwError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RauwError::TypeMismatch { old, new } => write!(f, "replace_all_uses_with: types differ: {old} and {new}"),
            RauwError::NewContainsOld => f.write_str("replace_all_uses_with: the new value contains the old one"),
            RauwError::NoSuchGlobal(g) => write!(f, "replace_all_uses_with: global #{} does not exist", g.0),
        }
    }
}

impl std::error::Error for RauwError {}

/// What is looked for: one constant, or everything that names a global.
#[derive(Copy, Clone)]
enum Target {
    Const(ConstId),
    Global(GlobalId),
}

impl Target {
    /// Whether `c` is the target itself (for a global: its address).
    fn is(self, ctx: &Context, c: ConstId) -> bool {
        match self {
            Target::Const(t) => c == t,
            Target::Global(g) => matches!(ctx.const_of(c), Const::Global(_, x) if *x == g),
        }
    }
    /// Whether `c`, not the target, refers to the target without an operand
    /// (`dso_local_equivalent @g`, `no_cfi @g`, `blockaddress(@g, %bb)`).
    fn named_by(self, ctx: &Context, c: ConstId) -> bool {
        match (self, ctx.const_of(c)) {
            (
                Target::Global(g),
                Const::DsoLocalEquivalent(_, x) | Const::NoCfi(_, x) | Const::BlockAddress(_, x, _),
            ) => *x == g,
            _ => false,
        }
    }
}

/// Finds which constants contain the target, each constant once.
struct Finder<'a> {
    ctx: &'a Context,
    target: Target,
    /// Constants known to hold the target (`Some(operand)`: through that operand) or not.
    memo: FxHashMap<ConstId, Option<ConstId>>,
    const_users: Vec<ModuleUse>,
}

impl Finder<'_> {
    /// Whether `root` is or contains the target. Iterative: constants may nest deeply.
    fn holds(&mut self, root: ConstId) -> bool {
        if self.target.is(self.ctx, root) {
            return true;
        }
        if let Some(r) = self.memo.get(&root) {
            return r.is_some();
        }
        let mut stack = vec![(root, false)];
        while let Some((c, expanded)) = stack.pop() {
            if self.memo.contains_key(&c) {
                continue;
            }
            if self.target.named_by(self.ctx, c) {
                self.memo.insert(c, Some(c));
                self.const_users.push(ModuleUse { user: User::Const(c), value: c });
                continue;
            }
            let ops = self.ctx.const_of(c).operands();
            if !expanded {
                stack.push((c, true));
                stack.extend(
                    ops.iter()
                        .filter(|o| !self.target.is(self.ctx, **o) && !self.memo.contains_key(o))
                        .map(|&o| (o, false)),
                );
                continue;
            }
            let via = ops
                .iter()
                .copied()
                .find(|&o| self.target.is(self.ctx, o) || self.memo.get(&o).is_some_and(|r| r.is_some()));
            self.memo.insert(c, via);
            if let Some(v) = via {
                self.const_users.push(ModuleUse { user: User::Const(c), value: v });
            }
        }
        self.memo.get(&root).is_some_and(|r| r.is_some())
    }
}

/// Rewrites constants: each reachable constant once, new constants built through the folder.
struct Rewriter {
    old: Target,
    new: ConstId,
    /// For a global replaced by a global: the new global, for `dso_local_equivalent`/`no_cfi`.
    new_global: Option<GlobalId>,
    memo: FxHashMap<ConstId, ConstId>,
}

impl Rewriter {
    fn leaf(&self, ctx: &mut Context, c: ConstId) -> Option<ConstId> {
        if self.old.is(ctx, c) {
            return Some(self.new);
        }
        match (self.old, self.new_global, ctx.const_of(c).clone()) {
            (Target::Global(g), Some(n), Const::DsoLocalEquivalent(t, x)) if x == g => {
                Some(ctx.konst(Const::DsoLocalEquivalent(t, n)))
            }
            (Target::Global(g), Some(n), Const::NoCfi(t, x)) if x == g => Some(ctx.konst(Const::NoCfi(t, n))),
            (_, _, k) if k.operands().is_empty() => Some(c),
            _ => None,
        }
    }

    /// The constant that replaces `root` (itself when it does not hold the old value).
    fn rewrite(&mut self, ctx: &mut Context, root: ConstId) -> ConstId {
        if let Some(&r) = self.memo.get(&root) {
            return r;
        }
        let mut stack = vec![(root, false)];
        while let Some((c, expanded)) = stack.pop() {
            if self.memo.contains_key(&c) {
                continue;
            }
            if let Some(r) = self.leaf(ctx, c) {
                self.memo.insert(c, r);
                continue;
            }
            let ops: SmallVec<[ConstId; 4]> = SmallVec::from_slice(ctx.const_of(c).operands());
            if !expanded {
                stack.push((c, true));
                stack.extend(ops.iter().filter(|o| !self.memo.contains_key(o)).map(|&o| (o, false)));
                continue;
            }
            let new_ops: Vec<ConstId> = ops.iter().map(|o| self.memo.get(o).copied().unwrap_or(*o)).collect();
            let r = if new_ops[..] == ops[..] { c } else { rebuild(ctx, c, new_ops) };
            self.memo.insert(c, r);
        }
        self.memo.get(&root).copied().unwrap_or(root)
    }

    fn md(&mut self, ctx: &mut Context, m: Md) -> Md {
        match m {
            Md::Const(c) => Md::Const(self.rewrite(ctx, c)),
            other => other,
        }
    }
}

/// `c` built again with new operands, as LLVM creates it (folded, canonical aggregates).
fn rebuild(ctx: &mut Context, c: ConstId, ops: Vec<ConstId>) -> ConstId {
    match ctx.const_of(c).clone() {
        Const::Array(t, _) => fold::array(ctx, t, ops),
        Const::Struct(t, _) => fold::structure(ctx, t, ops),
        Const::Vector(t, _) => fold::vector(ctx, t, ops),
        Const::Splat(t, _) => match ops.first() {
            Some(&e) => fold::splat(ctx, t, e),
            None => c,
        },
        Const::PtrAuth(t, _) => ctx.konst(Const::PtrAuth(t, ops.into_iter().collect())),
        Const::Expr(e) => fold::fold_expr(ctx, ConstExpr { operands: ops.into_iter().collect(), ..*e }),
        _ => c,
    }
}

/// The constants a debug record holds as metadata.
fn record_mds(r: &DbgRecord) -> impl Iterator<Item = Md> + '_ {
    let assign = r.assign.iter().flat_map(|&(a, b, c)| [a, b, c]);
    [r.loc, r.var, r.expr, r.dbg].into_iter().chain(assign)
}

fn md_consts(m: Md) -> Option<ConstId> {
    match m {
        Md::Const(c) => Some(c),
        _ => None,
    }
}

impl Module {
    /// Every use of global `g` in the module: instruction operands in every function, other
    /// parts of instructions (landingpad clauses, bundle inputs, debug records), initializers,
    /// alias and ifunc targets, personalities, prefixes and prologues, metadata nodes, and the
    /// constants (expressions, aggregates, `dso_local_equivalent`, ...) that hold it. A use
    /// through a constant names that constant in [`ModuleUse::value`]. One pass over the module
    /// per call, linear in its size (about 90 ms for sqlite3 -O2 -g, a 47 MB module with full
    /// debug info; most of it the metadata): keep the answer when asking about many globals.
    pub fn uses_of(&self, g: GlobalId) -> Vec<ModuleUse> {
        self.find_uses(Target::Global(g))
    }

    /// Every use of constant `c` (as [`Module::uses_of`] does for a global).
    pub fn uses_of_const(&self, c: ConstId) -> Vec<ModuleUse> {
        self.find_uses(Target::Const(c))
    }

    /// The module's globals, in its order lists (variables, functions, aliases, ifuncs).
    fn listed_globals(&self) -> Vec<GlobalId> {
        let lists = [&self.vars, &self.functions, &self.aliases, &self.ifuncs];
        lists.into_iter().flatten().copied().filter(|&g| self.globals.get(g).is_some()).collect()
    }

    /// The metadata nodes the module reaches (named metadata, attachments, metadata operands and
    /// debug records, and the nodes those refer to), each once, in the order first met.
    fn reachable_mds(&self) -> Vec<MdId> {
        let n = self.ctx.num_mds();
        let mut seen = vec![false; n];
        let mut out = Vec::new();
        let mut stack: Vec<MdId> = Vec::new();
        let push = |m: Md, stack: &mut Vec<MdId>| {
            if let Md::Node(id) = m {
                stack.push(id);
            }
        };
        for (_, nodes) in &self.named_md {
            stack.extend(nodes.iter().copied());
        }
        for g in self.listed_globals() {
            let gl = &self.globals[g];
            stack.extend(gl.md.iter().map(|&(_, id)| id));
            let Some(body) = gl.func.as_deref().and_then(|f| f.body.as_ref()) else { continue };
            for &b in &body.layout {
                for r in &body.blocks[b].trailing_records {
                    record_mds(r).for_each(|m| push(m, &mut stack));
                }
            }
            for i in body.inst_order() {
                let d = &body.insts[i];
                stack.extend(d.md.iter().map(|&(_, id)| id));
                for r in &d.dbg_records {
                    record_mds(r).for_each(|m| push(m, &mut stack));
                }
                let bundles = d.call().map_or(&[][..], |cd| &cd.bundles[..]);
                for v in d.operands.iter().chain(bundles.iter().flat_map(|b| b.inputs.iter())) {
                    if let Value::Md(m) = v {
                        push(*m, &mut stack);
                    }
                }
            }
        }
        while let Some(id) = stack.pop() {
            let i = id.0 as usize;
            if i >= n || seen[i] {
                continue;
            }
            seen[i] = true;
            out.push(id);
            let node = self.ctx.md(id);
            let fields = node.fields.iter().flat_map(|(_, v)| di_mds(v));
            for m in node.ops.iter().copied().chain(fields) {
                push(m, &mut stack);
            }
        }
        out
    }

    fn find_uses(&self, target: Target) -> Vec<ModuleUse> {
        let mut f = Finder { ctx: &self.ctx, target, memo: FxHashMap::default(), const_users: Vec::new() };
        let mut out = Vec::new();
        let slot = |f: &mut Finder<'_>, user: User, c: ConstId, out: &mut Vec<ModuleUse>| {
            if f.holds(c) {
                out.push(ModuleUse { user, value: c });
            }
        };
        for g in self.listed_globals() {
            let gl = &self.globals[g];
            if let Some(c) = gl.var.init {
                slot(&mut f, User::Initializer(g), c, &mut out);
            }
            if let Some(c) = gl.target {
                slot(&mut f, User::Target(g), c, &mut out);
            }
            let Some(fd) = gl.func.as_deref() else { continue };
            for c in [fd.personality, fd.prefix, fd.prologue].into_iter().flatten() {
                slot(&mut f, User::FunctionData(g), c, &mut out);
            }
            let Some(body) = fd.body.as_ref() else { continue };
            for &b in &body.layout {
                for &i in &body.blocks[b].insts {
                    let d = &body.insts[i];
                    for (k, &op) in d.operands.iter().enumerate() {
                        let c = match op {
                            Value::Const(c) | Value::Md(Md::Const(c)) => c,
                            _ => continue,
                        };
                        slot(&mut f, User::Inst { func: g, inst: i, operand: k as u32 }, c, &mut out);
                    }
                    let other = User::InstOther { func: g, inst: i };
                    for c in inst_other_consts(d) {
                        slot(&mut f, other, c, &mut out);
                    }
                }
                // Records after the last instruction (unterminated blocks): named by the block's
                // last instruction, if any.
                let last = body.blocks[b].insts.last().copied();
                for c in body.blocks[b].trailing_records.iter().flat_map(record_mds).filter_map(md_consts) {
                    if let Some(inst) = last {
                        slot(&mut f, User::InstOther { func: g, inst }, c, &mut out);
                    }
                }
            }
        }
        for id in self.reachable_mds() {
            let node = self.ctx.md(id);
            let fields = node.fields.iter().flat_map(|(_, v)| di_mds(v));
            for c in node.ops.iter().copied().chain(fields).filter_map(md_consts) {
                if f.holds(c) {
                    out.push(ModuleUse { user: User::Metadata(id), value: c });
                    break;
                }
            }
        }
        out.extend(f.const_users);
        out
    }

    /// Replaces every use of constant `old` by `new` (same type) throughout the module, building
    /// new constants for the expressions and aggregates that held `old`. Returns how many
    /// places (instruction operands, initializers, metadata nodes, ...) changed.
    pub fn replace_all_uses_with(&mut self, old: ConstId, new: ConstId) -> Result<usize, RauwError> {
        let (ot, nt) = (self.ctx.const_of(old).ty(), self.ctx.const_of(new).ty());
        if ot != nt {
            let name = |t| crate::builder::type_name(&self.ctx, t);
            return Err(RauwError::TypeMismatch { old: name(ot), new: name(nt) });
        }
        if old == new {
            return Ok(0);
        }
        let mut f =
            Finder { ctx: &self.ctx, target: Target::Const(old), memo: FxHashMap::default(), const_users: Vec::new() };
        if f.holds(new) {
            return Err(RauwError::NewContainsOld);
        }
        let mut rw = Rewriter { old: Target::Const(old), new, new_global: None, memo: FxHashMap::default() };
        Ok(self.rewrite_all(&mut rw))
    }

    /// Replaces every use of global `old` by global `new` (of the same pointer type)
    /// throughout the module, `dso_local_equivalent @old` and `no_cfi @old` included
    /// (`blockaddress(@old, ...)` stays: its block belongs to `old`). Returns how many places
    /// changed. `old` itself stays in the module, unused.
    pub fn replace_global_uses(&mut self, old: GlobalId, new: GlobalId) -> Result<usize, RauwError> {
        let (Some(o), Some(n)) = (self.globals.get(old), self.globals.get(new)) else {
            let bad = if self.globals.get(old).is_none() { old } else { new };
            return Err(RauwError::NoSuchGlobal(bad));
        };
        if o.addrspace != n.addrspace {
            let name = |a: u32| if a == 0 { "ptr".to_string() } else { format!("ptr addrspace({a})") };
            return Err(RauwError::TypeMismatch { old: name(o.addrspace), new: name(n.addrspace) });
        }
        if old == new {
            return Ok(0);
        }
        let pt = self.ctx.ptr_ty(n.addrspace);
        let new_c = self.ctx.konst(Const::Global(pt, new));
        let mut rw =
            Rewriter { old: Target::Global(old), new: new_c, new_global: Some(new), memo: FxHashMap::default() };
        Ok(self.rewrite_all(&mut rw))
    }

    fn rewrite_all(&mut self, rw: &mut Rewriter) -> usize {
        let listed = self.listed_globals();
        let mds = self.reachable_mds();
        let ctx = &mut self.ctx;
        let mut changed = 0;
        let fix = |rw: &mut Rewriter, ctx: &mut Context, c: &mut ConstId| {
            let r = rw.rewrite(ctx, *c);
            let differs = r != *c;
            *c = r;
            usize::from(differs)
        };
        for g in listed {
            let gl = &mut self.globals[g];
            if let Some(c) = gl.var.init.as_mut() {
                changed += fix(rw, ctx, c);
            }
            if let Some(c) = gl.target.as_mut() {
                changed += fix(rw, ctx, c);
            }
            let Some(fd) = gl.func.as_deref_mut() else { continue };
            for c in [&mut fd.personality, &mut fd.prefix, &mut fd.prologue].into_iter().flatten() {
                changed += fix(rw, ctx, c);
            }
            if let Some(body) = fd.body.as_mut() {
                changed += rewrite_body(rw, ctx, body);
            }
        }
        for id in mds {
            let node = ctx.md(id);
            let fields = node.fields.iter().flat_map(|(_, v)| di_mds(v));
            let any = node.ops.iter().copied().chain(fields).filter_map(md_consts).collect::<SmallVec<[ConstId; 4]>>();
            if any.is_empty() || any.iter().all(|&c| rw.rewrite(ctx, c) == c) {
                continue;
            }
            let mut node = ctx.md(id).clone();
            for op in node.ops.iter_mut() {
                *op = rw.md(ctx, *op);
            }
            for (_, v) in node.fields.iter_mut() {
                match v {
                    DiValue::Md(m) => *m = rw.md(ctx, *m),
                    DiValue::List(l) => l.iter_mut().for_each(|m| *m = rw.md(ctx, *m)),
                    _ => {}
                }
            }
            ctx.md_set(id, node);
            changed += 1;
        }
        changed
    }
}

/// The metadata a field of a specialized node holds.
fn di_mds(v: &DiValue) -> impl Iterator<Item = Md> + '_ {
    let (one, list): (Option<Md>, &[Md]) = match v {
        DiValue::Md(m) => (Some(*m), &[]),
        DiValue::List(l) => (None, l),
        _ => (None, &[]),
    };
    one.into_iter().chain(list.iter().copied())
}

/// The constants of an instruction that are not operands.
fn inst_other_consts(d: &crate::instructions::InstData) -> impl Iterator<Item = ConstId> + '_ {
    let clauses = match &d.extra {
        InstExtra::LandingPad(cl) => &cl[..],
        _ => &[],
    };
    let clause_values = clauses.iter().map(|c| match *c {
        Clause::Catch(v) | Clause::Filter(v) => v,
    });
    let bundles = d.call().map_or(&[][..], |cd| &cd.bundles[..]);
    let bundle_values = bundles.iter().flat_map(|b| b.inputs.iter().copied());
    let values = clause_values.chain(bundle_values).filter_map(|v| match v {
        Value::Const(c) | Value::Md(Md::Const(c)) => Some(c),
        _ => None,
    });
    values.chain(d.dbg_records.iter().flat_map(record_mds).filter_map(md_consts))
}

/// Rewrites the constants of one function body; returns how many places changed.
fn rewrite_body(rw: &mut Rewriter, ctx: &mut Context, body: &mut Body) -> usize {
    let mut changed = 0;
    let mut records = |rw: &mut Rewriter, ctx: &mut Context, rs: &mut [DbgRecord]| {
        for r in rs.iter_mut() {
            let assign = r.assign.as_mut().map(|(a, b, c)| [a, b, c]).into_iter().flatten();
            for m in [&mut r.loc, &mut r.var, &mut r.expr, &mut r.dbg].into_iter().chain(assign) {
                let nm = rw.md(ctx, *m);
                if nm != *m {
                    *m = nm;
                    changed += 1;
                }
            }
        }
    };
    let layout = body.layout.clone();
    for &b in &layout {
        records(rw, ctx, &mut body.blocks[b].trailing_records);
    }
    let placed: Vec<InstId> = body.inst_order().collect();
    for &i in &placed {
        records(rw, ctx, &mut body.insts[i].dbg_records);
    }
    let mut changed_ops = 0;
    let mut value = |rw: &mut Rewriter, ctx: &mut Context, v: &mut Value| {
        let nv = match *v {
            Value::Const(c) => Value::Const(rw.rewrite(ctx, c)),
            Value::Md(Md::Const(c)) => Value::Md(Md::Const(rw.rewrite(ctx, c))),
            other => other,
        };
        if nv != *v {
            *v = nv;
            changed_ops += 1;
        }
    };
    for i in placed {
        let d = &mut body.insts[i];
        for op in d.operands.iter_mut() {
            value(rw, ctx, op);
        }
        if let InstExtra::LandingPad(cl) = &mut d.extra {
            for c in cl.iter_mut() {
                let (Clause::Catch(v) | Clause::Filter(v)) = c;
                value(rw, ctx, v);
            }
        }
        if let InstExtra::Call(cd) = &mut d.extra {
            for b in cd.bundles.iter_mut() {
                b.inputs.iter_mut().for_each(|v| value(rw, ctx, v));
            }
        }
    }
    changed + changed_ops
}

#[cfg(test)]
mod tests;
