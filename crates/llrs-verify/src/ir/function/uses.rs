//! What `visitFunction` asks of the uses of functions and blocks across the module: whether the
//! `blockaddress` of an entry block is used (`BlockAddress::isConstantUsed`), and the first user
//! that takes the address of an intrinsic (`Function::hasAddressTaken` as the verifier calls
//! it). One walk of the module, made the first time a function asks.

use crate::report::Subject;
use crate::walk::Verifier;
use llrs_ir::{Const, ConstId, GlobalId, GlobalKind, Module, Opcode, Value};
use rustc_hash::{FxHashMap, FxHashSet};
use std::sync::Arc;

/// The uses of functions and entry blocks found by one walk of the module.
#[derive(Default)]
pub struct ModuleUses {
    /// The functions whose entry block's `blockaddress` has a user that is not a constant.
    pub entry_address_used: FxHashSet<GlobalId>,
    /// For each intrinsic whose address is taken, the user LLVM reports (the most recent one).
    pub intrinsic_offender: FxHashMap<GlobalId, Subject>,
}

/// The intrinsics that `Function::hasAddressTaken(IgnoreAssumeLikeCalls)` lets take arguments
/// (`IntrinsicInst::isAssumeLikeIntrinsic`).
fn is_assume_like(name: &[u8]) -> bool {
    const NAMES: &[&[u8]] = &[
        b"llvm.assume",
        b"llvm.sideeffect",
        b"llvm.pseudoprobe",
        b"llvm.dbg.assign",
        b"llvm.dbg.declare",
        b"llvm.dbg.value",
        b"llvm.dbg.label",
        b"llvm.invariant.start",
        b"llvm.invariant.end",
        b"llvm.lifetime.start",
        b"llvm.lifetime.end",
        b"llvm.experimental.noalias.scope.decl",
        b"llvm.objectsize",
        b"llvm.ptr.annotation",
        b"llvm.var.annotation",
    ];
    NAMES.iter().any(|n| name == *n || (name.starts_with(n) && name.get(n.len()) == Some(&b'.')))
}

/// A walk of the uses in a module, a global at a time (the whole of it: [`module_uses`]).
pub(crate) struct Walk<'m> {
    m: &'m Module,
    /// The constants whose operands were walked.
    seen: FxHashSet<ConstId>,
    /// What was found.
    pub out: ModuleUses,
}

impl Walk<'_> {
    fn is_intrinsic(&self, g: GlobalId) -> bool {
        self.m.globals.get(g).is_some_and(|gl| {
            gl.kind == GlobalKind::Function && gl.name.is_some_and(|n| self.m.ctx.name(n).starts_with(b"llvm."))
        })
    }

    /// A constant used by `user` (a non-constant): the globals it names directly, then every
    /// constant below it, once.
    fn root(&mut self, c: ConstId, user: Subject) {
        self.direct(c, user);
        // Most operands are leaves (integers, globals): nothing below them to walk.
        if self.m.ctx.const_of(c).operands().is_empty() {
            return;
        }
        let mut stack = vec![c];
        while let Some(c) = stack.pop() {
            if !self.seen.insert(c) {
                continue;
            }
            let ops: &[ConstId] = self.m.ctx.const_of(c).operands();
            let holder = Subject::Value(GlobalId(0), Value::Const(c));
            for &op in ops {
                self.direct(op, holder);
                stack.push(op);
            }
        }
    }

    /// `c` used directly by `user`.
    fn direct(&mut self, c: ConstId, user: Subject) {
        match *self.m.ctx.const_of(c) {
            Const::Global(_, g) if self.is_intrinsic(g) => {
                // A constant user is printed as seen from any function: the intrinsic itself.
                let user = match user {
                    Subject::Value(_, v) => Subject::Value(g, v),
                    s => s,
                };
                self.out.intrinsic_offender.insert(g, user);
            }
            Const::BlockAddress(_, f, b) => {
                let body = self.m.globals.get(f).and_then(|g| g.func.as_ref()).and_then(|fd| fd.body.as_ref());
                let entry = body.and_then(|b| b.entry());
                if entry == Some(b) {
                    self.out.entry_address_used.insert(f);
                }
            }
            _ => {}
        }
    }
}

impl Verifier<'_> {
    /// Gives this verifier uses found once for the module (by [`module_uses`]).
    pub fn share_module_uses(&mut self, uses: Arc<ModuleUses>) {
        self.attr_state.module_uses = Some(uses);
    }

    /// The uses of functions and entry blocks ([`ModuleUses`]), found on first call.
    pub fn module_uses(&mut self) -> &ModuleUses {
        if self.attr_state.module_uses.is_none() {
            self.attr_state.module_uses = Some(Arc::new(module_uses(self.v.m)));
        }
        self.attr_state.module_uses.get_or_insert_with(Default::default)
    }
}

/// The uses of functions and entry blocks of `m`, found by one walk of the module (for verifiers
/// that share it: see [`Verifier::share_module_uses`]).
pub(crate) fn module_uses(m: &Module) -> ModuleUses {
    let mut w = Walk::new(m);
    for g in m.globals.keys() {
        w.global(g);
        w.body(g);
    }
    w.out
}

impl<'m> Walk<'m> {
    /// A walk of `m` that has seen nothing.
    pub(crate) fn new(m: &'m Module) -> Self {
        Walk { m, seen: FxHashSet::default(), out: ModuleUses::default() }
    }

    /// The constants global `g` holds: an initializer, an alias's target, a function's prefix,
    /// prologue and personality.
    pub(crate) fn global(&mut self, g: GlobalId) {
        let gl = &self.m.globals[g];
        let user = Subject::Global(g);
        if let Some(init) = gl.var.init {
            self.root(init, user);
        }
        if let Some(t) = gl.target {
            self.root(t, user);
        }
        if let Some(fd) = gl.func.as_deref() {
            for c in [fd.prefix, fd.prologue, fd.personality].into_iter().flatten() {
                self.root(c, user);
            }
        }
    }
}

impl Walk<'_> {
    /// The uses in the body of function `g` (nothing when it has none).
    pub(crate) fn body(&mut self, g: GlobalId) {
        let m = self.m;
        let global_of = |v: Value| match v {
            Value::Const(c) => match *m.ctx.const_of(c) {
                Const::Global(_, g) => Some(g),
                _ => None,
            },
            _ => None,
        };
        let Some(body) = m.globals[g].func.as_deref().and_then(|fd| fd.body.as_ref()) else { return };
        for &b in &body.layout {
            for &i in &body.blocks[b].insts {
                let inst = &body.insts[i];
                let user = Subject::Inst(g, i);
                let call = inst.call();
                let callee = call.and_then(|_| inst.operands.first()).and_then(|&v| global_of(v));
                // An `IntrinsicInst`: a call (not an invoke) whose callee operand is an intrinsic
                // (`getCalledFunction` does not compare the function types).
                let assume_like = inst.op == Opcode::Call
                    && callee.is_some_and(|f| {
                        m.globals[f].kind == llrs_ir::GlobalKind::Function
                            && m.globals[f].name.is_some_and(|n| is_assume_like(m.ctx.name(n)))
                    });
                for (k, &op) in inst.operands.iter().enumerate() {
                    let Value::Const(c) = op else { continue };
                    if let (Some(cd), 0, Some(f)) = (call, k, callee) {
                        // The callee: a use LLVM allows when the call's type is the function's.
                        if self.is_intrinsic(f) {
                            // Assume-like calls are skipped before the types are compared.
                            if !assume_like && m.globals.get(f).is_none_or(|gl| cd.fn_ty != gl.value_ty) {
                                self.out.intrinsic_offender.insert(f, user);
                            }
                            continue;
                        }
                    }
                    if assume_like && global_of(op).is_some() {
                        continue;
                    }
                    self.root(c, user);
                }
                for bu in call.map_or(&[][..], |c| &c.bundles[..]) {
                    let arc = m.ctx.name(bu.tag) == b"clang.arc.attachedcall";
                    for &v in &bu.inputs {
                        let Value::Const(c) = v else { continue };
                        if (arc || assume_like) && global_of(v).is_some() {
                            continue;
                        }
                        self.root(c, user);
                    }
                }
            }
        }
    }
}
