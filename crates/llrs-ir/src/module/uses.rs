//! Module-wide uses of globals and constants (`replace_all_uses_with` for them is in `rauw.rs`).
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
use crate::constants::{Const, ConstId};
use crate::context::Context;
use crate::function::InstId;
use crate::instructions::{Clause, DbgRecord, InstExtra};
use crate::metadata::{DiValue, Md, MdId};
use crate::value::Value;
use rustc_hash::FxHashMap;

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

/// What is looked for: one constant, or everything that names a global.
#[derive(Copy, Clone)]
pub(super) enum Target {
    Const(ConstId),
    Global(GlobalId),
}

impl Target {
    /// Whether `c` is the target itself (for a global: its address).
    pub(super) fn is(self, ctx: &Context, c: ConstId) -> bool {
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
pub(super) struct Finder<'a> {
    pub(super) ctx: &'a Context,
    pub(super) target: Target,
    /// Constants known to hold the target (`Some(operand)`: through that operand) or not.
    pub(super) memo: FxHashMap<ConstId, Option<ConstId>>,
    pub(super) const_users: Vec<ModuleUse>,
}

impl Finder<'_> {
    /// Whether `root` is or contains the target. Iterative: constants may nest deeply.
    pub(super) fn holds(&mut self, root: ConstId) -> bool {
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

/// The constants a debug record holds as metadata.
pub(super) fn record_mds(r: &DbgRecord) -> impl Iterator<Item = Md> + '_ {
    let assign = r.assign.iter().flat_map(|&(a, b, c)| [a, b, c]);
    [r.loc, r.var, r.expr, r.dbg].into_iter().chain(assign)
}

pub(super) fn md_consts(m: Md) -> Option<ConstId> {
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
    pub(super) fn listed_globals(&self) -> Vec<GlobalId> {
        let lists = [&self.vars, &self.functions, &self.aliases, &self.ifuncs];
        lists.into_iter().flatten().copied().filter(|&g| self.globals.get(g).is_some()).collect()
    }

    /// The metadata nodes the module reaches (named metadata, attachments, metadata operands and
    /// debug records, and the nodes those refer to), each once, in the order first met.
    pub(super) fn reachable_mds(&self) -> Vec<MdId> {
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

    /// Calls `f` for every place of the module that holds a constant (not the constants inside
    /// other constants), with the constant: initializers, alias and ifunc targets, function
    /// data, instruction operands and other parts, debug records, reachable metadata nodes.
    pub(super) fn for_each_slot(&self, mut f: impl FnMut(User, ConstId)) {
        for g in self.listed_globals() {
            let gl = &self.globals[g];
            if let Some(c) = gl.var.init {
                f(User::Initializer(g), c);
            }
            if let Some(c) = gl.target {
                f(User::Target(g), c);
            }
            let Some(fd) = gl.func.as_deref() else { continue };
            for c in [fd.personality, fd.prefix, fd.prologue].into_iter().flatten() {
                f(User::FunctionData(g), c);
            }
            let Some(body) = fd.body.as_ref() else { continue };
            for &b in &body.layout {
                for &i in &body.blocks[b].insts {
                    let d = &body.insts[i];
                    for (k, &op) in d.operands.iter().enumerate() {
                        if let Value::Const(c) | Value::Md(Md::Const(c)) = op {
                            f(User::Inst { func: g, inst: i, operand: k as u32 }, c);
                        }
                    }
                    for c in inst_other_consts(d) {
                        f(User::InstOther { func: g, inst: i }, c);
                    }
                }
                // Records after the last instruction (unterminated blocks): named by the block's
                // last instruction, if any.
                if let Some(&inst) = body.blocks[b].insts.last() {
                    for c in body.blocks[b].trailing_records.iter().flat_map(record_mds).filter_map(md_consts) {
                        f(User::InstOther { func: g, inst }, c);
                    }
                }
            }
        }
        for id in self.reachable_mds() {
            let node = self.ctx.md(id);
            let fields = node.fields.iter().flat_map(|(_, v)| di_mds(v));
            for c in node.ops.iter().copied().chain(fields).filter_map(md_consts) {
                f(User::Metadata(id), c);
            }
        }
    }

    fn find_uses(&self, target: Target) -> Vec<ModuleUse> {
        let mut f = Finder { ctx: &self.ctx, target, memo: FxHashMap::default(), const_users: Vec::new() };
        let mut out: Vec<ModuleUse> = Vec::new();
        self.for_each_slot(|user, c| {
            // A metadata node is one user, however many of its operands hold the value.
            let again = matches!(user, User::Metadata(_)) && out.last().is_some_and(|u| u.user == user);
            if !again && f.holds(c) {
                out.push(ModuleUse { user, value: c });
            }
        });
        out.extend(f.const_users);
        out
    }
}

/// The metadata a field of a specialized node holds.
pub(super) fn di_mds(v: &DiValue) -> impl Iterator<Item = Md> + '_ {
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

#[cfg(test)]
mod tests;
