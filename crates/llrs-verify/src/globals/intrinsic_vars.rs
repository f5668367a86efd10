//! The intrinsic global variables of `visitGlobalVariable`: `llvm.global_ctors` and
//! `llvm.global_dtors` (arrays of `{ i32, ptr, ptr }`), `llvm.used` and `llvm.compiler.used`
//! (arrays of named global values), none of them used by anything.

use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::module::Linkage;
use llrs_ir::{Const, ConstId, GlobalId, GlobalKind, InstExtra, Md, MdId, Type, Value};
use rustc_hash::FxHashSet;

/// The names whose globals LLVM checks as intrinsic variables.
const INTRINSIC_VARS: [&[u8]; 4] = [b"llvm.global_ctors", b"llvm.global_dtors", b"llvm.used", b"llvm.compiler.used"];

impl Verifier<'_> {
    /// The linkage and use checks every intrinsic variable gets.
    fn visit_intrinsic_var_common(&mut self, g: GlobalId) -> Step {
        let Some(gl) = self.v.m.globals.get(g) else { return Some(()) };
        self.check_module(
            gl.var.init.is_none() || gl.linkage == Linkage::Appending,
            "invalid linkage for intrinsic global variable",
            &[Subject::Global(g)],
        )?;
        let used = self.intrinsic_var_is_used(g);
        self.check_module(!used, "invalid uses of intrinsic global variable", &[Subject::Global(g)])
    }

    /// The `llvm.global_ctors` / `llvm.global_dtors` part of `visitGlobalVariable`.
    pub(super) fn visit_structor_list(&mut self, g: GlobalId) -> Step {
        self.visit_intrinsic_var_common(g)?;
        let m = self.v.m;
        let Some(gl) = m.globals.get(g) else { return Some(()) };
        // Not an array: `visitGlobalValue` reports the appending linkage.
        let Type::Array(_, elem) = *m.ctx.type_of(gl.value_ty) else { return Some(()) };
        let types = self.types();
        let fields = if types.is_struct(elem) { Some(types.struct_elems(elem).unwrap_or(&[])) } else { None };
        let program_as = self.data_layout().program_addr_space();
        let ok = fields.is_some_and(|f| {
            (f.len() == 2 || f.len() == 3)
                && f.first().is_some_and(|&t| types.int_bits(t) == Some(32))
                && f.get(1).is_some_and(|&t| matches!(m.ctx.type_of(t), Type::Ptr(a) if *a == program_as))
        });
        self.check_module(ok, "wrong type for intrinsic global variable", &[Subject::Global(g)])?;
        let fields = fields.unwrap_or(&[]);
        self.check_module(
            fields.len() == 3,
            "the third field of the element type is mandatory, specify ptr null to migrate from the obsoleted 2-field form",
            &[],
        )?;
        let third_is_ptr = fields.get(2).is_some_and(|&t| types.is_ptr(t));
        self.check_module(third_is_ptr, "wrong type for intrinsic global variable", &[Subject::Global(g)])
    }

    /// The `llvm.used` / `llvm.compiler.used` part of `visitGlobalVariable`.
    pub(super) fn visit_used_list(&mut self, g: GlobalId) -> Step {
        self.visit_intrinsic_var_common(g)?;
        let m = self.v.m;
        let Some(gl) = m.globals.get(g) else { return Some(()) };
        let Type::Array(_, elem) = *m.ctx.type_of(gl.value_ty) else { return Some(()) };
        self.check_module(
            self.types().is_ptr(elem),
            "wrong type for intrinsic global variable",
            &[Subject::Global(g)],
        )?;
        let Some(init) = gl.var.init else { return Some(()) };
        let Const::Array(_, elems) = m.ctx.const_of(init) else {
            self.fail_module(
                "wrong initializer for intrinsic global variable",
                &[Subject::Value(g, Value::Const(init))],
            );
            return None;
        };
        let name = String::from_utf8_lossy(self.global_name(g)).into_owned();
        for &op in elems.iter() {
            let v = self.gv_strip_casts(op, false);
            let member = match m.ctx.const_of(v) {
                Const::Global(_, x) => m.globals.get(*x),
                _ => None,
            };
            let subject = [Subject::Value(g, Value::Const(v))];
            let ok =
                member.is_some_and(|x| matches!(x.kind, GlobalKind::Var | GlobalKind::Function | GlobalKind::Alias));
            if !ok {
                self.fail_module(format!("invalid {name} member"), &subject);
                return None;
            }
            if member.is_none_or(|x| x.name.is_none()) {
                self.fail_module(format!("members of {name} must be named"), &subject);
                return None;
            }
        }
        Some(())
    }

    /// Whether an intrinsic variable has a use (`!materialized_use_empty()`): an instruction
    /// operand, an initializer, an aliasee or resolver, a function's personality, prefix or
    /// prologue, or a constant expression or aggregate that names it (wherever that constant is,
    /// metadata included: a constant is a user even when only metadata holds it).
    fn intrinsic_var_is_used(&mut self, g: GlobalId) -> bool {
        if self.global_state.used_intrinsic_vars.is_none() {
            let used = self.find_used_intrinsic_vars();
            self.global_state.used_intrinsic_vars = Some(used);
        }
        self.global_state.used_intrinsic_vars.as_ref().is_some_and(|s| s.contains(&g))
    }

    /// The intrinsic variables that have a use, found in one walk over the module.
    fn find_used_intrinsic_vars(&self) -> FxHashSet<GlobalId> {
        let m = self.v.m;
        let targets: FxHashSet<GlobalId> = m
            .vars
            .iter()
            .copied()
            .filter(|&g| {
                m.globals.get(g).is_some_and(|gl| gl.name.is_some()) && INTRINSIC_VARS.contains(&self.global_name(g))
            })
            .collect();
        let mut w = UseWalk { m, targets: &targets, seen: FxHashSet::default(), used: FxHashSet::default() };
        if targets.is_empty() {
            return w.used;
        }
        for &g in &m.vars {
            if let Some(init) = m.globals.get(g).and_then(|gl| gl.var.init) {
                w.operand(init);
            }
        }
        for &g in m.aliases.iter().chain(&m.ifuncs) {
            if let Some(t) = m.globals.get(g).and_then(|gl| gl.target) {
                w.operand(t);
            }
        }
        for &g in &m.functions {
            let Some(fd) = m.globals.get(g).and_then(|gl| gl.func.as_deref()) else { continue };
            for c in [fd.personality, fd.prefix, fd.prologue].into_iter().flatten() {
                w.operand(c);
            }
            let Some(body) = fd.body.as_ref() else { continue };
            for inst in body.insts.values() {
                for &v in &inst.operands {
                    w.value(v);
                }
                match &inst.extra {
                    InstExtra::Call(cd) => {
                        for b in &cd.bundles {
                            for &v in &b.inputs {
                                w.value(v);
                            }
                        }
                    }
                    InstExtra::LandingPad(clauses) => {
                        for c in clauses {
                            let (llrs_ir::instructions::Clause::Catch(v) | llrs_ir::instructions::Clause::Filter(v)) =
                                *c;
                            w.value(v);
                        }
                    }
                    _ => {}
                }
                for r in &inst.dbg_records {
                    w.md(r.loc);
                    if let Some((_, addr, _)) = r.assign {
                        w.md(addr);
                    }
                }
            }
        }
        for i in 0..m.ctx.num_mds() {
            let node = m.ctx.md(MdId(i as u32));
            for &op in node.ops.iter() {
                w.md(op);
            }
            for (_, f) in node.fields.iter() {
                match f {
                    llrs_ir::DiValue::Md(x) => w.md(*x),
                    llrs_ir::DiValue::List(l) => l.iter().for_each(|&x| w.md(x)),
                    _ => {}
                }
            }
        }
        w.used
    }
}

/// The walk of [`Verifier::find_used_intrinsic_vars`].
struct UseWalk<'a> {
    m: &'a llrs_ir::Module,
    targets: &'a FxHashSet<GlobalId>,
    /// Constants whose operands were walked.
    seen: FxHashSet<ConstId>,
    used: FxHashSet<GlobalId>,
}

impl UseWalk<'_> {
    /// A value used as an operand.
    fn value(&mut self, v: Value) {
        if let Value::Const(c) = v {
            self.operand(c);
        }
    }

    /// Metadata: a constant there is no use of a global it names directly, but one of its
    /// operands is.
    fn md(&mut self, md: Md) {
        if let Md::Const(c) = md {
            self.operands_of(c);
        }
    }

    /// A constant used as an operand.
    fn operand(&mut self, c: ConstId) {
        if let Const::Global(_, g) = self.m.ctx.const_of(c) {
            if self.targets.contains(g) {
                self.used.insert(*g);
            }
            return;
        }
        self.operands_of(c);
    }

    /// The operands of a constant, each used by it.
    fn operands_of(&mut self, c: ConstId) {
        let mut stack = vec![c];
        while let Some(c) = stack.pop() {
            if !self.seen.insert(c) {
                continue;
            }
            let ops: &[ConstId] = self.m.ctx.const_of(c).operands();
            for &op in ops {
                match self.m.ctx.const_of(op) {
                    Const::Global(_, g) => {
                        if self.targets.contains(g) {
                            self.used.insert(*g);
                        }
                    }
                    _ => stack.push(op),
                }
            }
        }
    }
}
