//! `replace_all_uses_with` for globals and constants, module-wide: every place that holds the
//! old value, or a constant that contains it, gets the new value or a new constant built with it
//! (uniqued constants are never changed in place).

use super::uses::{di_mds, md_consts, Finder, Target};
use super::{GlobalId, Module};
use crate::constants::{Const, ConstExpr, ConstId};
use crate::context::Context;
use crate::fold;
use crate::function::{Body, InstId};
use crate::instructions::{Clause, DbgRecord, InstExtra};
use crate::metadata::{DiValue, Md};
use crate::value::Value;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::fmt;

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

impl Module {
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
