//! Module-level checks of `Verifier::verify()`: `visitGlobalValue`, `visitGlobalVariable`
//! (with `llvm.used`, `llvm.compiler.used`, `llvm.global_ctors`/`dtors`), `visitGlobalAlias`
//! and the aliasee walk, `visitGlobalIFunc`, `visitNamedMDNode`, `visitComdat`.

mod alias;
mod comdat;
mod intrinsic_vars;
#[cfg(test)]
mod tests;
mod xxh3;

use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::module::{DllStorage, Global, Linkage, Visibility};
use llrs_ir::{Const, ConstId, GlobalId, GlobalKind, Md, MdId, Opcode, Symbol, Type, TypeId, Value};

/// `Value::MaximumAlignment`: 2^32.
const MAXIMUM_ALIGNMENT: u64 = 1 << 32;

/// State of these checks.
#[derive(Default)]
pub struct GlobalState {
    /// The intrinsic global variables (`llvm.used`, `llvm.global_ctors`, ...) that have a use,
    /// computed once when the first of them is visited.
    used_intrinsic_vars: Option<rustc_hash::FxHashSet<GlobalId>>,
    /// `Module::getSemanticInterposition()`, computed once.
    semantic_interposition: Option<bool>,
}

impl<'m> Verifier<'m> {
    /// The global `g`.
    fn gv_data(&self, g: GlobalId) -> Option<&'m Global> {
        self.v.m.globals.get(g)
    }

    /// `GlobalValue::isDeclaration`: a variable without initializer, a function without body;
    /// aliases and ifuncs are always definitions.
    pub(crate) fn gv_is_declaration(&self, g: GlobalId) -> bool {
        let Some(gl) = self.gv_data(g) else { return false };
        match gl.kind {
            GlobalKind::Var => gl.var.init.is_none(),
            GlobalKind::Function => gl.func.as_ref().is_none_or(|f| f.body.is_none()),
            GlobalKind::Alias | GlobalKind::IFunc => false,
        }
    }

    /// `GlobalValue::isDeclarationForLinker`: `available_externally` or a declaration.
    pub(crate) fn gv_is_declaration_for_linker(&self, g: GlobalId) -> bool {
        self.gv_data(g).is_some_and(|gl| gl.linkage == Linkage::AvailableExternally) || self.gv_is_declaration(g)
    }

    /// `Module::getSemanticInterposition`: the `SemanticInterposition` module flag's value.
    fn gv_semantic_interposition(&mut self) -> bool {
        if let Some(s) = self.global_state.semantic_interposition {
            return s;
        }
        let s = match self.module_flag_value(b"SemanticInterposition") {
            Some(Md::Const(c)) => self.const_int(Value::Const(c)).is_some_and(|v| v != 0),
            _ => false,
        };
        self.global_state.semantic_interposition = Some(s);
        s
    }

    /// `GlobalValue::isInterposable`: an interposable linkage (`weak`, `linkonce`, `common`,
    /// `extern_weak`), or semantic interposition for a global that is not `dso_local`.
    pub(crate) fn gv_is_interposable(&mut self, g: GlobalId) -> bool {
        let Some(gl) = self.gv_data(g) else { return false };
        if matches!(gl.linkage, Linkage::Weak | Linkage::LinkOnce | Linkage::Common | Linkage::ExternWeak) {
            return true;
        }
        // `isDSOLocal`: set, or implied by local linkage or a non-default visibility.
        let dso_local = gl.dso_local
            || gl.linkage.is_local()
            || (gl.visibility != llrs_ir::module::Visibility::Default && gl.linkage != Linkage::ExternWeak);
        self.gv_semantic_interposition() && !dso_local
    }

    /// `Module::getModuleFlag(key)`: the value of the first well-formed flag with that key.
    pub(crate) fn module_flag_value(&self, key: &[u8]) -> Option<Md> {
        let m = self.v.m;
        let name = m.ctx.names.lookup(b"llvm.module.flags")?;
        let (_, ops) = m.named_md.iter().find(|(n, _)| *n == name)?;
        for &op in ops {
            let node = self.v.node(op);
            let (Some(&b), Some(&Md::Str(k)), Some(&val)) = (node.ops.first(), node.ops.get(1), node.ops.get(2)) else {
                continue;
            };
            if crate::module_flags::behavior(self, b).is_some() && m.ctx.name(k) == key {
                return Some(val);
            }
        }
        None
    }

    /// The type of a constant.
    pub(crate) fn gv_const_ty(&self, c: ConstId) -> TypeId {
        self.v.m.ctx.const_of(c).ty()
    }

    /// The first attachment of kind `name` of global `g` (`GlobalObject::getMetadata`).
    fn gv_attachment(&self, g: GlobalId, name: &[u8]) -> Option<MdId> {
        let kind = self.v.m.ctx.names.lookup(name)?;
        self.gv_data(g)?.md.iter().find(|(k, _)| *k == kind).map(|&(_, n)| n)
    }

    /// `Value::stripPointerCasts` (`aliases` false) or `stripPointerCastsAndAliases` (true) of
    /// a constant: through all-zero `getelementptr`s, pointer `bitcast`s, `addrspacecast`s and,
    /// with `aliases`, to the aliasee of each alias.
    pub(crate) fn gv_strip_casts(&self, c: ConstId, aliases: bool) -> ConstId {
        let ctx = &self.v.m.ctx;
        if !matches!(ctx.type_of(ctx.const_of(c).ty()), Type::Ptr(_)) {
            return c;
        }
        let mut seen = rustc_hash::FxHashSet::default();
        let mut cur = c;
        while seen.insert(cur) {
            let next = match ctx.const_of(cur) {
                Const::Expr(e) => match e.op {
                    Opcode::GetElementPtr => {
                        let zero = e.operands.get(1..).is_some_and(|idx| {
                            idx.iter().all(|&i| matches!(ctx.const_of(i), Const::Int(_, v) if v.is_zero()))
                        });
                        if !zero {
                            return cur;
                        }
                        e.operands.first().copied()
                    }
                    Opcode::BitCast => {
                        let op = e.operands.first().copied();
                        if !op.is_some_and(|o| matches!(ctx.type_of(ctx.const_of(o).ty()), Type::Ptr(_))) {
                            return cur;
                        }
                        op
                    }
                    Opcode::AddrSpaceCast => e.operands.first().copied(),
                    _ => return cur,
                },
                Const::Global(_, g) if aliases => match self.gv_data(*g) {
                    Some(gl) if gl.kind == GlobalKind::Alias => gl.target,
                    _ => return cur,
                },
                _ => return cur,
            };
            match next {
                Some(n) => cur = n,
                None => return cur,
            }
        }
        cur
    }

    /// `visitGlobalValue`: the checks of every global value (functions call it from
    /// `visitFunction`, variables and aliases after their own checks).
    pub fn visit_global_value(&mut self, g: GlobalId) -> Step {
        let Some(gl) = self.gv_data(g) else { return Some(()) };
        let is_decl = self.gv_is_declaration(g);
        let valid_decl_linkage = matches!(gl.linkage, Linkage::External | Linkage::ExternWeak);
        self.check_module(
            !is_decl || valid_decl_linkage,
            "Global is external, but doesn't have external or weak linkage!",
            &[Subject::Global(g)],
        )?;

        // A global object: anything but an alias.
        if gl.kind != GlobalKind::Alias {
            if gl.align != 0 {
                self.check_module(
                    gl.align <= MAXIMUM_ALIGNMENT,
                    "huge alignment values are unsupported",
                    &[Subject::Global(g)],
                )?;
            }
            if let Some(assoc) = self.gv_attachment(g, b"associated") {
                self.visit_associated(g, assoc)?;
            }
            if let Some(abs) = self.gv_attachment(g, b"absolute_symbol") {
                // `verifyRangeLikeMetadata(*GO, AbsoluteSymbol, DL.getIntPtrType(GO->getType()),
                // AbsoluteSymbol)`: its failure does not end this visit.
                let _ = self.verify_absolute_symbol_metadata(g, abs);
            }
            self.visit_implicit_refs(g)?;
        }

        self.check_module(
            gl.linkage != Linkage::Appending || gl.kind == GlobalKind::Var,
            "Only global variables can have appending linkage!",
            &[Subject::Global(g)],
        )?;
        if gl.linkage == Linkage::Appending {
            let array = gl.kind == GlobalKind::Var && self.types().is_array(gl.value_ty);
            let subject: &[Subject] = if gl.kind == GlobalKind::Var { &[Subject::Global(g)] } else { &[] };
            self.check_module(array, "Only global arrays can have appending linkage!", subject)?;
        }

        if self.gv_is_declaration_for_linker(g) {
            self.check_module(gl.comdat.is_none(), "Declaration may not be in a Comdat!", &[Subject::Global(g)])?;
        }

        if gl.dll == DllStorage::Export {
            self.check_module(
                gl.visibility != Visibility::Hidden,
                "dllexport GlobalValue must have default or protected visibility",
                &[Subject::Global(g)],
            )?;
        }
        if gl.dll == DllStorage::Import {
            self.check_module(
                gl.visibility == Visibility::Default,
                "dllimport GlobalValue must have default visibility",
                &[Subject::Global(g)],
            )?;
            self.check_module(
                !gl.dso_local,
                "GlobalValue with DLLImport Storage is dso_local!",
                &[Subject::Global(g)],
            )?;
            let external = (is_decl && matches!(gl.linkage, Linkage::External | Linkage::ExternWeak))
                || gl.linkage == Linkage::AvailableExternally;
            self.check_module(external, "Global is marked as dllimport, but not external", &[Subject::Global(g)])?;
        }

        // `isImplicitDSOLocal`.
        if gl.linkage.is_local() || (gl.visibility != Visibility::Default && gl.linkage != Linkage::ExternWeak) {
            self.check_module(
                gl.dso_local,
                "GlobalValue with local linkage or non-default visibility must be dso_local!",
                &[Subject::Global(g)],
            )?;
        }

        // LLVM then walks the users of the global for instructions and functions of another
        // module ("Global is referenced in a different module!", "Global is referenced by
        // parentless instruction!", "Global is used by function in a different module"): an
        // llrs module owns every value that names its globals, so none of these can fail.
        Some(())
    }

    /// The `!associated` part of `visitGlobalValue`.
    fn visit_associated(&mut self, g: GlobalId, assoc: MdId) -> Step {
        let ops = &self.v.node(assoc).ops;
        self.check_module(
            ops.len() == 1,
            "associated metadata must have one operand",
            &[Subject::Global(g), Subject::Md(assoc)],
        )?;
        let op = ops.first().copied().unwrap_or(Md::Null);
        self.check_module(
            op != Md::Null,
            "associated metadata must have a global value",
            &[Subject::Global(g), Subject::Md(assoc)],
        )?;
        let c = match op {
            Md::Const(c) => Some(c),
            _ => None,
        };
        let is_vm = matches!(op, Md::Const(_) | Md::Local(_));
        self.check_module(
            is_vm,
            "associated metadata must be ValueAsMetadata",
            &[Subject::Global(g), Subject::Md(assoc)],
        )?;
        // A function-local value cannot be attached to a global; only constants remain.
        let Some(c) = c else { return Some(()) };
        let is_ptr = self.types().is_ptr(self.gv_const_ty(c));
        self.check_module(is_ptr, "associated value must be pointer typed", &[Subject::Global(g), Subject::Md(assoc)])?;
        let stripped = self.gv_strip_casts(c, true);
        // `isa<GlobalObject>(Stripped) || isa<Constant>(Stripped)` holds for every constant.
        let own = matches!(self.v.m.ctx.const_of(stripped), Const::Global(_, s) if *s == g);
        self.check_module(
            !own,
            "global values should not associate to themselves",
            &[Subject::Global(g), Subject::Md(assoc)],
        )
    }

    /// The `!implicit.ref` part of `visitGlobalValue` (LLVM 22.1): on a definition only, each
    /// attachment one pointer to another global object or constant.
    fn visit_implicit_refs(&mut self, g: GlobalId) -> Step {
        let Some(kind) = self.v.m.ctx.names.lookup(b"implicit.ref") else { return Some(()) };
        let Some(gl) = self.gv_data(g) else { return Some(()) };
        if !gl.md.iter().any(|(k, _)| *k == kind) {
            return Some(());
        }
        self.check_module(
            !self.gv_is_declaration(g),
            "ref metadata must not be placed on a declaration",
            &[Subject::Global(g)],
        )?;
        for &(k, r) in gl.md.iter() {
            if k != kind {
                continue;
            }
            let subjects = [Subject::Global(g), Subject::Md(r)];
            let ops = &self.v.node(r).ops;
            self.check_module(ops.len() == 1, "ref metadata must have one operand", &subjects)?;
            let op = ops.first().copied().unwrap_or(Md::Null);
            self.check_module(
                matches!(op, Md::Const(_) | Md::Local(_)),
                "ref metadata must be ValueAsMetadata",
                &subjects,
            )?;
            let Md::Const(c) = op else { continue };
            let is_ptr = self.types().is_ptr(self.gv_const_ty(c));
            self.check_module(is_ptr, "ref value must be pointer typed", &subjects)?;
            // Every constant is a `Constant`: "ref metadata must point to a GlobalObject" holds.
            let stripped = self.gv_strip_casts(c, true);
            let own = matches!(self.v.m.ctx.const_of(stripped), Const::Global(_, s) if *s == g);
            self.check_module(!own, "values should not reference themselves", &subjects)?;
        }
        Some(())
    }

    /// `visitGlobalVariable`.
    pub fn visit_global_variable_ir(&mut self, g: GlobalId) -> Step {
        let Some(gl) = self.gv_data(g) else { return Some(()) };
        if let Some(init) = gl.var.init {
            self.check_module(
                self.gv_const_ty(init) == gl.value_ty,
                "Global variable initializer type does not match global variable type!",
                &[Subject::Global(g)],
            )?;
            // LLVM 22.1 checks this too (its `main` sources at the time did not yet).
            let sized = self.gv_is_sized(self.gv_const_ty(init));
            self.check_module(sized, "Global variable initializer must be sized", &[Subject::Global(g)])?;
            if gl.linkage == Linkage::Common {
                let null = llrs_ir::fold::is_null(&self.v.m.ctx, init);
                self.check_module(null, "'common' global must have a zero initializer!", &[Subject::Global(g)])?;
                self.check_module(
                    !gl.var.constant,
                    "'common' global may not be marked constant!",
                    &[Subject::Global(g)],
                )?;
                self.check_module(
                    gl.comdat.is_none(),
                    "'common' global may not be in a Comdat!",
                    &[Subject::Global(g)],
                )?;
            }
        }

        let name = self.global_name(g);
        if gl.name.is_some() && (name == b"llvm.global_ctors" || name == b"llvm.global_dtors") {
            self.visit_structor_list(g)?;
        }
        if gl.name.is_some() && (name == b"llvm.used" || name == b"llvm.compiler.used") {
            self.visit_used_list(g)?;
        }

        // The `!dbg` attachments: one that is not a `DIGlobalVariableExpression` ends the visit
        // (LLVM's `CheckDI` returns from `visitGlobalVariable`).
        let bad_dbg = self.dbg.is_some_and(|dbg| {
            gl.md
                .iter()
                .any(|&(k, n)| k == dbg && !self.v.is(Md::Node(n), crate::node::DiKind::GlobalVariableExpression))
        });
        self.visit_global_var_md(g);
        if bad_dbg {
            return None;
        }

        let scalable = self.type_scalable(gl.value_ty);
        self.check_module(!scalable, "Globals cannot contain scalable types", &[Subject::Global(g)])?;

        if let Type::TargetExt { name: tname, .. } = self.v.m.ctx.type_of(gl.value_ty) {
            if !target_ext_can_be_global(self.v.m.ctx.name(*tname)) {
                let msg = format!("Global @{} has illegal target extension type", String::from_utf8_lossy(name));
                self.fail_module(msg, &[Subject::Type(gl.value_ty)]);
                return None;
            }
        }

        if let Some(init) = gl.var.init {
            // `visitConstantExprsRecursively(GV.getInitializer())`.
            self.visit_constant_exprs_recursively(g, init);
        }
        self.visit_global_value(g)
    }

    /// `Type::isSized()`.
    fn gv_is_sized(&self, t: TypeId) -> bool {
        self.type_sized(t)
    }

    /// `visitNamedMDNode`.
    pub fn visit_named_md_node(&mut self, name: Symbol, ops: &[MdId]) -> Step {
        // LLVM's `visitNamedMDNode` holds only the `llvm.dbg.` name rules and the compile unit
        // list (`visit_named_md`), then `visitMDNode` of each operand; a named node's operands
        // are never null in llrs.
        self.visit_named_md(name, ops)
    }
}

/// `TargetExtType::hasProperty(CanBeGlobal)` (LLVM 22's `getTargetTypeInfo`).
fn target_ext_can_be_global(name: &[u8]) -> bool {
    if name == b"spirv.IntegralConstant" || name == b"spirv.Literal" {
        return false;
    }
    name.starts_with(b"spirv.") || name.starts_with(b"dx.") || name == b"amdgcn.named.barrier"
}
