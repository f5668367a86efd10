//! LLVM's AutoUpgrade of old intrinsic declarations and their calls, as `LLParser` runs it at the
//! end of a module: for each function in module order (`UpgradeCallsToIntrinsic`), an old
//! declaration gives way to a new one made after every other function
//! (`Intrinsic::getOrInsertDeclaration`), or to none when its calls become plain IR, and each
//! call is rewritten (`UpgradeIntrinsicCall`). The bitcode reader runs the same decisions and
//! rewrites in its own order ([`reader`]).
//!
//! Each family of intrinsics has its own module: it tells whether a declaration is old and what
//! replaces it ([`Plan`]), and how a call is rewritten. What is left are names with an old
//! mangling (typed pointers, missing or wrong suffixes): the declaration is renamed
//! (`remangleIntrinsicFunction`) and its calls are rewritten as `UpgradeIntrinsicCall`'s switch
//! on the new intrinsic says ([`calls::for_new_fn`]).

mod amdgpu;
mod arm;
mod arm_calls;
mod build;
mod calls;
mod coro;
mod debug;
mod generic;
mod lifetime;
mod masked;
mod memory;
mod nvvm;
mod reader;
mod riscv;
mod site;
mod structret;
mod vector;
mod x86;

pub use debug::dbg_intrinsic_record;
use llrs_ir::datalayout::DataLayout;
use llrs_ir::function::InstId;
use llrs_ir::module::GlobalId;
use llrs_ir::{Const, Context, Module, Opcode, Symbol, TypeId, Value};
use rustc_hash::FxHashMap;
pub(crate) use site::{program_addrspace, Edits, Site};

/// What `UpgradeIntrinsicFunction` decides for an old intrinsic declaration: the declaration
/// that replaces it (by name and type), if any, and how its calls are rewritten.
pub struct IntrinsicUpgrade {
    plan: Plan,
}

impl IntrinsicUpgrade {
    /// The name and function type of the new declaration; `None` when the calls become other
    /// instructions (or debug records) and no declaration replaces the old one.
    pub fn new_declaration(&self) -> Option<(&str, TypeId)> {
        self.plan.new_decl.as_ref().map(|(n, t)| (n.as_str(), *t))
    }

    /// Whether the calls only change callee (LLVM's `DefaultCase`).
    pub fn only_retargets_calls(&self) -> bool {
        matches!(self.plan.calls, Calls::Retarget)
    }
}

/// `UpgradeIntrinsicFunction` for the declaration `name` of type `fn_ty`: what becomes of it,
/// or `None` when it is not an old intrinsic. Old lifetime markers and `llvm.coro.end` are
/// upgraded by [`upgrade_calls_to_intrinsics`] itself.
pub fn upgrade_intrinsic_function(ctx: &mut Context, name: &str, fn_ty: TypeId) -> Option<IntrinsicUpgrade> {
    plan(ctx, name, fn_ty).map(|plan| IntrinsicUpgrade { plan })
}

/// `UpgradeCallsToIntrinsic` for every function of the module, in module order, as LLVM's
/// readers run it once a module is read: old intrinsic declarations give way to new ones made
/// after every other function, and their calls are rewritten (`UpgradeIntrinsicCall`). `dl` is
/// the module's data layout. Returns whether anything changed.
pub fn upgrade_calls_to_intrinsics(m: &mut Module, dl: &DataLayout) -> bool {
    let mut up = Intrinsics::new(m, dl);
    up.upgrade_intrinsic_calls(None)
}

/// The upgrade of old intrinsic declarations and their calls as LLVM's bitcode reader makes it
/// (`BitcodeReader`'s `globalCleanup`, `materialize` and `materializeModule`): each old
/// declaration, in module order, gives way to its new declaration at once (made after every
/// other function, and upgraded in turn when old); then each body, in module order, has its
/// calls rewritten in instruction order; the old declarations go last. Calls of the debug
/// intrinsics become debug records. `dl` is the module's data layout. Returns whether anything
/// changed.
pub fn upgrade_intrinsics_as_bitcode_reader(m: &mut Module, dl: &DataLayout) -> bool {
    let mut up = Intrinsics::new(m, dl);
    up.upgrade_as_bitcode_reader()
}

/// `UpgradeCallsToIntrinsic` for one function `f` of the module: when it is an old intrinsic
/// declaration, it gives way to its new declaration and its calls are rewritten. Returns
/// whether anything changed.
pub fn upgrade_calls_to_intrinsic(m: &mut Module, dl: &DataLayout, f: GlobalId) -> bool {
    let mut up = Intrinsics::new(m, dl);
    up.upgrade_intrinsic_calls(Some(f))
}

/// The module whose intrinsic declarations and calls are upgraded, with its globals by name.
pub(crate) struct Intrinsics<'a> {
    /// The module.
    pub m: &'a mut Module,
    /// The module's globals by name, kept up to date as declarations are made and renamed.
    pub global_names: FxHashMap<Symbol, GlobalId>,
    /// The module's data layout.
    pub dl: &'a DataLayout,
}

impl<'a> Intrinsics<'a> {
    fn new(m: &'a mut Module, dl: &'a DataLayout) -> Self {
        let mut global_names = FxHashMap::default();
        for &g in m.vars.iter().chain(&m.functions).chain(&m.aliases).chain(&m.ifuncs) {
            if let Some(n) = m.globals[g].name {
                global_names.insert(n, g);
            }
        }
        Intrinsics { m, global_names, dl }
    }
}

/// A rewrite of one call, given the new declaration (`None` when there is none). It answers
/// false when it left the call as it was.
pub(crate) type Rewrite = fn(&mut Site<'_>, Option<GlobalId>) -> bool;

/// How the calls of an upgraded declaration are rewritten.
#[derive(Clone, Copy)]
pub(crate) enum Calls {
    /// LLVM's `DefaultCase`: only the callee changes when the new declaration has the call's
    /// type; a call returning a struct is rebuilt on the new declaration's literal struct;
    /// otherwise the call keeps its type and only calls the new declaration.
    Retarget,
    /// A rewrite of each call (`call` instructions only).
    Rewrite(Rewrite),
}

/// What becomes of an old intrinsic declaration.
pub(crate) struct Plan {
    /// The declaration that replaces it, by name and type; `None` when its calls become other
    /// instructions.
    pub new_decl: Option<(String, TypeId)>,
    /// How its calls are rewritten.
    pub calls: Calls,
    /// Whether the new declaration is the old one remangled (`remangleIntrinsicFunction`, which
    /// renames another global holding the name `NAME.renamed`, where `getOrInsertDeclaration`
    /// renames a function of another type `NAME.invalid`).
    pub remangle: bool,
}

impl Plan {
    /// A new declaration whose calls are rewritten by `f`.
    pub(crate) fn rewrite(name: String, ty: TypeId, f: Rewrite) -> Plan {
        Plan { new_decl: Some((name, ty)), calls: Calls::Rewrite(f), remangle: false }
    }
    /// A declaration under a new name, its calls through LLVM's `DefaultCase`.
    pub(crate) fn rename(name: String, ty: TypeId) -> Plan {
        Plan { new_decl: Some((name, ty)), calls: Calls::Retarget, remangle: false }
    }
    /// No new declaration: calls become other instructions.
    pub(crate) fn expand(f: Rewrite) -> Plan {
        Plan { new_decl: None, calls: Calls::Rewrite(f), remangle: false }
    }
    /// `NewFn = Intrinsic::getOrInsertDeclaration(M, ID, Tys)` for intrinsic `base` (such as
    /// `llvm.ctlz`) with these overloaded types (all of them mangled into the name, as LLVM
    /// mangles them), its calls rewritten as `UpgradeIntrinsicCall`'s switch on the new
    /// intrinsic says ([`calls::for_new_fn`]). `None` when the types do not make a declaration.
    pub(crate) fn new_fn(ctx: &mut Context, base: &str, overloads: &[TypeId]) -> Option<Plan> {
        let (name, ty) = llrs_ir::intrinsic_sig::intrinsic_declaration(ctx, base, overloads)?;
        Some(Plan { new_decl: Some((name, ty)), calls: calls::for_new_fn(base), remangle: false })
    }
}

/// A rewrite that rebuilds the call with the same arguments (`Builder.CreateCall(NewFn, Args)`).
pub(crate) fn rebuild_same_args(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let args = site.args();
    site.rebuild(g, &args);
    true
}

/// A rewrite that rebuilds the call with an `i1 false` operand added (`llvm.ctlz` and `cttz`).
pub(crate) fn add_false(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let mut args = site.args();
    if args.len() != 1 {
        return false;
    }
    args.push(site.int(1, 0));
    site.rebuild(g, &args);
    true
}

/// The canonical name of intrinsic `base` declared with `fn_ty`, when the type fits it.
pub(crate) fn canonical_name(ctx: &Context, base: &str, fn_ty: TypeId) -> Option<String> {
    match llrs_ir::intrinsic_sig::match_signature(ctx, base.as_bytes(), fn_ty) {
        llrs_ir::intrinsic_sig::SigMatch::Matches { .. } => {
            Some(llrs_ir::intrinsic_sig::remangle(ctx, base.as_bytes(), fn_ty).unwrap_or_else(|| base.to_string()))
        }
        _ => None,
    }
}

/// What becomes of the declaration `name` of type `fn_ty`, if it is old
/// (`upgradeIntrinsicFunction1`): the cases by name, then a struct return type made literal, then
/// a new mangling.
fn plan(ctx: &mut Context, name: &str, fn_ty: TypeId) -> Option<Plan> {
    let rest = name.strip_prefix("llvm.")?;
    if rest.is_empty() {
        return None;
    }
    if let Some(p) = arm::plan(ctx, rest, fn_ty)
        .or_else(|| amdgpu::plan(ctx, rest, fn_ty))
        .or_else(|| x86::plan(ctx, rest, fn_ty))
        .or_else(|| nvvm::plan(ctx, rest, fn_ty))
        .or_else(|| generic::plan(ctx, rest, fn_ty))
    {
        return Some(p);
    }
    if let Some(p) = structret::plan(ctx, name, fn_ty) {
        return Some(p);
    }
    // `remangleIntrinsicFunction`: the same intrinsic under its right name, its calls rewritten
    // as the switch on the intrinsic says.
    let new = llrs_ir::intrinsic_sig::remangle(ctx, name.as_bytes(), fn_ty)?;
    let base = llrs_ir::intrinsic_attrs::intrinsic_attrs(name.as_bytes())?.name;
    Some(Plan { new_decl: Some((new, fn_ty)), calls: calls::for_new_fn(base), remangle: true })
}

/// Orders the calls of declaration `g` (in module order, each given as its function and
/// instruction) as LLVM visits them, in the order of the declaration's use-list: the calls in
/// functions after the declaration last to first, then those before it first to last.
/// `functions` is the module's function list.
pub(crate) fn use_list_order(functions: &[GlobalId], g: GlobalId, calls: &mut [(GlobalId, InstId)]) {
    let position: FxHashMap<GlobalId, usize> = functions.iter().enumerate().map(|(i, &f)| (f, i)).collect();
    let split = calls.partition_point(|(f, _)| position.get(f) < position.get(&g));
    calls[split..].reverse();
    calls.rotate_left(split);
}

impl Intrinsics<'_> {
    /// Upgrades old intrinsic declarations and their calls, in module order (or only `only`), as
    /// LLVM 22 does while reading: old lifetime markers and `llvm.coro.end`, the families of this
    /// module, and old manglings. LLVM's loop goes on to the declarations it made meanwhile
    /// (after every other function): those that are old in turn (such as the wrongly mangled
    /// `llvm.vector.insert` of `aarch64.sve.tuple.set`) are upgraded in a further round.
    /// Returns whether anything changed.
    fn upgrade_intrinsic_calls(&mut self, only: Option<GlobalId>) -> bool {
        let mut order = self.m.functions.clone();
        let mut changed = false;
        // Each round upgrades the declarations the previous one made; a round makes only
        // declarations with the right mangling for its types, so this ends quickly.
        for _ in 0..8 {
            let before: rustc_hash::FxHashSet<GlobalId> = self.m.functions.iter().copied().collect();
            changed |= self.upgrade_round(&order, only);
            if only.is_some() {
                break;
            }
            order = self.m.functions.iter().copied().filter(|g| !before.contains(g)).collect();
            if order.is_empty() {
                break;
            }
        }
        changed
    }

    /// One round of [`Self::upgrade_intrinsic_calls`] over the functions `order`.
    fn upgrade_round(&mut self, order: &[GlobalId], only: Option<GlobalId>) -> bool {
        let mut changed = false;
        let functions = self.m.functions.clone();
        let mut plans: FxHashMap<GlobalId, Plan> = FxHashMap::default();
        for &g in order {
            if only.is_some_and(|o| o != g) {
                continue;
            }
            let gl = &self.m.globals[g];
            let has_body = gl.func.as_ref().is_some_and(|f| f.body.is_some());
            let Some(name) = gl.name else { continue };
            if has_body || self.is_old_lifetime(g).is_some() || self.is_old_coro_end(g) {
                continue;
            }
            let name = String::from_utf8_lossy(self.m.ctx.name(name)).into_owned();
            let fty = gl.value_ty;
            if let Some(p) = plan(&mut self.m.ctx, &name, fty) {
                plans.insert(g, p);
            }
        }
        let mut sites = self.call_sites(&plans);
        let mut edits: FxHashMap<GlobalId, Edits> = FxHashMap::default();
        for &g in order {
            if only.is_some_and(|o| o != g) {
                continue;
            }
            if self.is_old_lifetime(g).is_some() {
                changed = true;
                self.upgrade_lifetime_decl(g);
            } else if self.is_old_coro_end(g) {
                changed = true;
                self.upgrade_coro_end(g);
            } else if let Some(p) = plans.remove(&g) {
                changed = true;
                let mut calls = sites.remove(&g).unwrap_or_default();
                use_list_order(&functions, g, &mut calls);
                self.apply_plan(g, p, &calls, &mut edits);
            }
        }
        for (f, e) in edits {
            if let Some(body) = self.m.globals[f].func.as_mut().and_then(|fd| fd.body.as_mut()) {
                e.apply(body);
            }
        }
        changed
    }

    /// The calls of each planned declaration, in module order: (function, instruction).
    fn call_sites(&self, plans: &FxHashMap<GlobalId, Plan>) -> FxHashMap<GlobalId, Vec<(GlobalId, InstId)>> {
        let mut out: FxHashMap<GlobalId, Vec<(GlobalId, InstId)>> = FxHashMap::default();
        if plans.is_empty() {
            return out;
        }
        for &f in &self.m.functions {
            let Some(body) = self.m.globals[f].func.as_ref().and_then(|fd| fd.body.as_ref()) else { continue };
            for &b in &body.layout {
                for &i in &body.blocks[b].insts {
                    let d = &body.insts[i];
                    if !matches!(d.op, Opcode::Call | Opcode::Invoke | Opcode::CallBr) {
                        continue;
                    }
                    let Some(Value::Const(c)) = d.operands.first() else { continue };
                    if let Const::Global(_, g) = self.m.ctx.const_of(*c) {
                        if plans.contains_key(g) {
                            out.entry(*g).or_default().push((f, i));
                        }
                    }
                }
            }
        }
        out
    }

    /// Replaces the declaration `g` as `p` says and rewrites its calls.
    fn apply_plan(
        &mut self,
        g: GlobalId,
        p: Plan,
        calls: &[(GlobalId, InstId)],
        edits: &mut FxHashMap<GlobalId, Edits>,
    ) {
        let Some(d) = self.declare(g, &p) else { return };
        let mut all_done = true;
        for &(f, inst) in calls {
            all_done &= self.rewrite_call(&d, f, inst, edits.entry(f).or_default());
        }
        self.finish_declared(g, &d, all_done);
    }

    /// The first half of `UpgradeIntrinsicFunction` for the declaration `g` planned as `p`: its
    /// name freed and the new declaration made (`getOrInsertDeclaration`). `None` when the new
    /// declaration cannot be made (its name and the renamed one are taken), and `g` stays.
    pub(crate) fn declare(&mut self, g: GlobalId, p: &Plan) -> Option<Declared> {
        let sym = self.m.globals[g].name?;
        let old_name = String::from_utf8_lossy(self.m.ctx.name(sym)).into_owned();
        // LLVM first renames the old declaration (`NAME.old`), which frees its name.
        let owns_name = self.global_names.get(&sym) == Some(&g);
        if owns_name {
            self.global_names.remove(&sym);
        }
        let new = match &p.new_decl {
            Some((name, ty)) => {
                let suffix = if p.remangle { ".renamed" } else { ".invalid" };
                match site::get_or_insert_decl_renaming(self.m, &mut self.global_names, name, *ty, suffix) {
                    Some(n) => Some(n),
                    None => {
                        if owns_name {
                            self.global_names.insert(sym, g);
                        }
                        return None;
                    }
                }
            }
            None => None,
        };
        Some(Declared { calls: p.calls, new, sym, old_name, owns_name })
    }

    /// `UpgradeIntrinsicCall` for the call `inst` of function `f`, of a declaration replaced as
    /// `d` says, its body edits kept in `edits`. Returns whether the call was rewritten.
    pub(crate) fn rewrite_call(&mut self, d: &Declared, f: GlobalId, inst: InstId, edits: &mut Edits) -> bool {
        let Some(mut body) = self.m.globals[f].func.as_mut().and_then(|fd| fd.body.take()) else { return true };
        let data = &body.insts[inst];
        let fits = data.call().is_some();
        let done = match (d.calls, d.new) {
            (Calls::Retarget, Some(_)) | (Calls::Rewrite(_), _) if fits => {
                if matches!(d.calls, Calls::Rewrite(_)) && data.op != Opcode::Call {
                    false
                } else {
                    let params = self.m.ctx.fn_params(self.m.globals[f].value_ty).to_vec();
                    let dbg_kind = self.m.ctx.md_kind(b"dbg");
                    let mut s = Site {
                        m: self.m,
                        names: &mut self.global_names,
                        dl: self.dl,
                        body: &mut body,
                        edits,
                        call: inst,
                        params: &params,
                        func: f,
                        old_name: &d.old_name,
                        dbg_kind,
                    };
                    match (d.calls, d.new) {
                        (Calls::Rewrite(rw), new) => rw(&mut s, new),
                        (Calls::Retarget, n) => calls::default_case(&mut s, n),
                    }
                }
            }
            _ => false,
        };
        if let Some(fd) = self.m.globals[f].func.as_mut() {
            fd.body = Some(body);
        }
        done
    }

    /// The end of an upgrade of declaration `g` replaced as `d` says, once its calls were
    /// rewritten (`all_done`: all of them): `g` leaves the module, or, when calls are left, keeps
    /// its name.
    pub(crate) fn finish_declared(&mut self, g: GlobalId, d: &Declared, all_done: bool) {
        if d.new == Some(g) {
            return;
        }
        if all_done {
            self.m.functions.retain(|&x| x != g);
        } else if d.owns_name && !self.global_names.contains_key(&d.sym) {
            self.global_names.insert(d.sym, g);
        }
    }
}

/// An old intrinsic declaration whose replacement was made ([`Intrinsics::declare`]), its calls
/// still to be rewritten.
pub(crate) struct Declared {
    /// How its calls are rewritten.
    pub calls: Calls,
    /// The new declaration, if any.
    pub new: Option<GlobalId>,
    /// The old declaration's name.
    pub sym: Symbol,
    /// The old declaration's name, as text.
    pub old_name: String,
    /// Whether the old declaration held its name in the module's table of names.
    pub owns_name: bool,
}
