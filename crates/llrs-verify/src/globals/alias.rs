//! `visitGlobalAlias` with the aliasee walk (`visitAliaseeSubExpr`), and `visitGlobalIFunc`.

use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::module::Linkage;
use llrs_ir::{Const, ConstId, GlobalId, GlobalKind, Type};
use rustc_hash::FxHashSet;

/// How many constants the aliasee walk visits at most (LLVM's walk is a tree walk of the
/// aliasee's constant DAG; this bounds it on pathological sharing).
const ALIASEE_WALK_LIMIT: usize = 1 << 16;

/// One step of the aliasee walk: a constant, or a global value named by a constant that holds
/// it by id (`blockaddress`, `dso_local_equivalent`, `no_cfi`).
#[derive(Copy, Clone)]
enum Item {
    Const(ConstId),
    Global(GlobalId),
}

impl Verifier<'_> {
    /// `visitGlobalAlias`.
    pub fn visit_global_alias(&mut self, ga: GlobalId) -> Step {
        let Some(gl) = self.v.m.globals.get(ga) else { return Some(()) };
        // `GlobalAlias::isValidLinkage`.
        let valid = matches!(
            gl.linkage,
            Linkage::External
                | Linkage::Private
                | Linkage::Internal
                | Linkage::Weak
                | Linkage::WeakOdr
                | Linkage::LinkOnce
                | Linkage::LinkOnceOdr
                | Linkage::AvailableExternally
        );
        self.check_module(
            valid,
            "Alias should have private, internal, linkonce, weak, linkonce_odr, weak_odr, external, or \
             available_externally linkage!",
            &[Subject::Global(ga)],
        )?;
        let Some(aliasee) = gl.target else {
            self.fail_module("Aliasee cannot be NULL!", &[Subject::Global(ga)]);
            return None;
        };
        let same_ty = matches!(self.v.m.ctx.type_of(self.gv_const_ty(aliasee)), Type::Ptr(a) if *a == gl.addrspace);
        self.check_module(same_ty, "Alias and aliasee types should match!", &[Subject::Global(ga)])?;
        let kind_ok = matches!(self.v.m.ctx.const_of(aliasee), Const::Global(..) | Const::Expr(_));
        self.check_module(kind_ok, "Aliasee should be either GlobalValue or ConstantExpr", &[Subject::Global(ga)])?;

        self.visit_aliasee_sub_expr(ga, aliasee);

        self.visit_global_value(ga)
    }

    /// `visitAliaseeSubExpr(GA, C)`: a depth-first walk of the aliasee, operands in order, with
    /// one set of the aliases reached for the whole walk. A failed check ends the visit of the
    /// constant it is about (LLVM's `Check` returns from that recursive call), not the walk. An
    /// operand that is an alias stands for its aliasee.
    fn visit_aliasee_sub_expr(&mut self, ga: GlobalId, root: ConstId) {
        let m = self.v.m;
        let avail = m.globals.get(ga).is_some_and(|gl| gl.linkage == Linkage::AvailableExternally);
        let mut visited = FxHashSet::default();
        visited.insert(ga);
        let mut stack = vec![Item::Const(root)];
        let mut steps = 0;
        while let Some(item) = stack.pop() {
            steps += 1;
            if steps > ALIASEE_WALK_LIMIT {
                break;
            }
            let (c, global) = match item {
                Item::Const(c) => match *m.ctx.const_of(c) {
                    Const::Global(_, g) => (Some(c), Some(g)),
                    _ => (Some(c), None),
                },
                Item::Global(g) => (None, Some(g)),
            };
            if avail {
                let ok =
                    global.and_then(|g| m.globals.get(g)).is_some_and(|x| x.linkage == Linkage::AvailableExternally);
                if !ok {
                    self.fail_module(
                        "available_externally alias must point to available_externally global value",
                        &[Subject::Global(ga)],
                    );
                    continue;
                }
            }
            let mut ops: Vec<Item> = Vec::new();
            if let Some(g) = global {
                if !avail && self.gv_is_declaration_for_linker(g) {
                    self.fail_module("Alias must point to a definition", &[Subject::Global(ga)]);
                    continue;
                }
                let Some(x) = m.globals.get(g) else { continue };
                if x.kind != GlobalKind::Alias {
                    // Only the aliasee of an alias is walked further, never an initializer.
                    continue;
                }
                if !visited.insert(g) {
                    self.fail_module("Aliases cannot form a cycle", &[Subject::Global(ga)]);
                    continue;
                }
                if self.gv_is_interposable(g) {
                    self.fail_module("Alias cannot point to an interposable alias", &[Subject::Global(ga)]);
                    continue;
                }
                ops.extend(x.target.map(Item::Const));
            } else if let Some(c) = c {
                if let Const::Expr(_) = m.ctx.const_of(c) {
                    // `visitConstantExprsRecursively(CE)`.
                    self.visit_constant_exprs_recursively(ga, c);
                }
                self.constant_operands(c, &mut ops);
            }
            // Push in reverse so that the first operand is visited first; an alias operand is
            // replaced by its aliasee.
            for &op in ops.iter().rev() {
                let alias_target =
                    |g: GlobalId| m.globals.get(g).filter(|x| x.kind == GlobalKind::Alias).map(|x| x.target);
                let resolved = match op {
                    Item::Const(oc) => match *m.ctx.const_of(oc) {
                        Const::Global(_, g) => alias_target(g),
                        _ => None,
                    },
                    Item::Global(g) => alias_target(g),
                };
                match resolved {
                    Some(Some(t)) => stack.push(Item::Const(t)),
                    Some(None) => {}
                    None => stack.push(op),
                }
            }
        }
    }

    /// `Constant::operands()` of a constant that is not a global value, as walk items.
    fn constant_operands(&self, c: ConstId, out: &mut Vec<Item>) {
        let ctx = &self.v.m.ctx;
        match ctx.const_of(c) {
            Const::Array(_, e) | Const::Struct(_, e) | Const::Vector(_, e) => {
                out.extend(e.iter().map(|&x| Item::Const(x)))
            }
            Const::PtrAuth(_, e) => out.extend(e.iter().map(|&x| Item::Const(x))),
            Const::Expr(e) => out.extend(e.operands.iter().map(|&x| Item::Const(x))),
            Const::Splat(t, e) => {
                // A fixed splat is a vector of copies; a scalable one an expression over one copy.
                let n = match ctx.type_of(*t) {
                    Type::Vector { scalable: false, len, .. } => (*len as usize).min(ALIASEE_WALK_LIMIT),
                    _ => 1,
                };
                out.extend(std::iter::repeat_n(Item::Const(*e), n));
            }
            Const::BlockAddress(_, f, _) | Const::DsoLocalEquivalent(_, f) | Const::NoCfi(_, f) => {
                out.push(Item::Global(*f))
            }
            _ => {}
        }
    }

    /// `visitGlobalIFunc` (LLVM 22.1: `visitGlobalValue`, then the attachments, by kind id: no
    /// `!dbg` (a debug-info failure), no `!prof`, each node walked with no locations allowed).
    pub fn visit_global_ifunc(&mut self, gi: GlobalId) -> Step {
        let m = self.v.m;
        let Some(gl) = m.globals.get(gi) else { return Some(()) };
        let _ = self.visit_global_value(gi);
        let mut mds: Vec<(llrs_ir::Symbol, llrs_ir::MdId)> = gl.md.to_vec();
        mds.sort_by_key(|&(k, _)| m.ctx.md_kind_id(k));
        let prof = m.ctx.names.lookup(b"prof");
        for (k, n) in mds {
            self.check(Some(k) != self.dbg, "an ifunc may not have a !dbg attachment", &[Subject::Global(gi)])?;
            self.check_module(Some(k) != prof, "an ifunc may not have a !prof attachment", &[Subject::Global(gi)])?;
            self.visit_md_node(n, false);
        }
        // `GlobalIFunc::isValidLinkage`.
        let valid = matches!(
            gl.linkage,
            Linkage::External
                | Linkage::Private
                | Linkage::Internal
                | Linkage::Weak
                | Linkage::WeakOdr
                | Linkage::LinkOnce
                | Linkage::LinkOnceOdr
        );
        self.check_module(
            valid,
            "IFunc should have private, internal, linkonce, weak, linkonce_odr, weak_odr, or external linkage!",
            &[Subject::Global(gi)],
        )?;
        // `getResolverFunction`: through casts and aliases to a function.
        let resolver = gl.target;
        let resolver_fn = resolver.and_then(|r| match *m.ctx.const_of(self.gv_strip_casts(r, true)) {
            Const::Global(_, f) => m.globals.get(f).filter(|x| x.kind == GlobalKind::Function).map(|_| f),
            _ => None,
        });
        let (Some(resolver), Some(f)) = (resolver, resolver_fn) else {
            self.fail_module("IFunc must have a Function resolver", &[Subject::Global(gi)]);
            return None;
        };
        self.check_module(
            !self.gv_is_declaration_for_linker(f),
            "IFunc resolver must be a definition",
            &[Subject::Global(gi)],
        )?;
        let returns_ptr = m.globals.get(f).is_some_and(
            |x| matches!(m.ctx.type_of(x.value_ty), Type::Function { ret, .. } if self.types().is_ptr(*ret)),
        );
        self.check_module(returns_ptr, "IFunc resolver must return a pointer", &[Subject::Global(gi)])?;
        let ty_ok = matches!(m.ctx.type_of(self.gv_const_ty(resolver)), Type::Ptr(a) if *a == gl.addrspace);
        self.check_module(ty_ok, "IFunc resolver has incorrect type", &[Subject::Global(gi)])
    }
}
