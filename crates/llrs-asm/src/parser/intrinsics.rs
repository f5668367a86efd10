//! Intrinsics as LLVM reads them: declarations take the attributes of the intrinsic table
//! (replacing those written in the source), and calls of undeclared intrinsics declare them.

use super::attrs::AttrPos;
use super::PResult;
use super::Parser;
use llrs_ir::instructions::AttrList;
use llrs_ir::intrinsic_attrs::intrinsic_attrs;
use llrs_ir::intrinsic_sig::{match_signature, SigMatch};
use llrs_ir::module::User;
use llrs_ir::module::{FuncData, GlobalId, GlobalKind};
use llrs_ir::{AttrsId, Const, InstId, Type, TypeId, Value};
use rustc_hash::FxHashMap;

/// The calls of one type of an undeclared intrinsic: the type, whether it is a valid signature
/// of the intrinsic, and the calls (function, instruction).
type CallGroup = (TypeId, bool, Vec<(GlobalId, InstId)>);

impl<'a> Parser<'a> {
    /// Parses an attribute text of the intrinsic table (`nounwind memory(none)`, `immarg`).
    fn attr_text(&mut self, text: &str, pos: AttrPos) -> AttrsId {
        if text.is_empty() {
            return AttrsId::EMPTY;
        }
        let mut sub = Parser::new(text.as_bytes());
        std::mem::swap(&mut sub.m, &mut self.m);
        let attrs =
            if pos == AttrPos::Func { sub.parse_fn_attrs(false).map(|(a, _, _)| a) } else { sub.parse_attr_list(pos) };
        std::mem::swap(&mut sub.m, &mut self.m);
        let attrs = attrs.unwrap_or_default();
        self.m.ctx.attrs(attrs)
    }

    /// The scalar width of a type (for `range(iN ...)` templates).
    fn scalar_bits(&self, t: TypeId) -> u32 {
        match self.m.ctx.type_of(t) {
            Type::Int(b) => *b,
            Type::Vector { elem, .. } => self.scalar_bits(*elem),
            _ => 0,
        }
    }

    /// Gives every declared intrinsic the attributes of the intrinsic table.
    pub(crate) fn apply_to(m: &mut llrs_ir::Module) {
        let mut p = Parser::new(b"");
        std::mem::swap(&mut p.m, m);
        p.apply_intrinsic_attrs();
        std::mem::swap(&mut p.m, m);
    }

    /// Gives every declared intrinsic the attributes of the intrinsic table.
    pub(super) fn apply_intrinsic_attrs(&mut self) {
        for i in 0..self.m.functions.len() {
            let g = self.m.functions[i];
            let Some(name) = self.m.globals[g].name else { continue };
            let name_bytes = self.m.ctx.name(name);
            if !name_bytes.starts_with(b"llvm.") {
                continue;
            }
            let Some(ia) = intrinsic_attrs(name_bytes) else { continue };
            let fty = self.m.globals[g].value_ty;
            // Only a declaration whose type fits the intrinsic's signature takes its attributes.
            if !matches!(match_signature(&self.m.ctx, name_bytes, fty), SigMatch::Matches { .. }) {
                continue;
            }
            let Type::Function { ret, params, .. } = self.m.ctx.type_of(fty).clone() else { continue };
            let func = self.attr_text(ia.func, AttrPos::Func);
            let rbits = self.scalar_bits(ret);
            let ret_text = ia.ret_for(rbits).into_owned();
            let ret_id = self.attr_text(&ret_text, AttrPos::Ret);
            let mut ps = Vec::with_capacity(params.len());
            for (pi, &pt) in params.iter().enumerate() {
                let bits = self.scalar_bits(pt);
                let text = ia.param_for(pi, bits).into_owned();
                ps.push(self.attr_text(&text, AttrPos::Param));
            }
            while ps.last() == Some(&AttrsId::EMPTY) {
                ps.pop();
            }
            if let Some(f) = self.m.globals[g].func.as_deref_mut() {
                f.attrs = AttrList { func, ret: ret_id, params: ps };
            }
        }
    }

    /// LLParser's `validateEndOfModule` for the undefined globals named `llvm.*`, by name: each
    /// use must be the callee of a call. A call whose type is a valid signature of a known
    /// intrinsic calls its declaration (`getOrInsertDeclaration`, mangled from the call's type:
    /// one name may give several declarations); any other call is tried as an old intrinsic
    /// (`UpgradeIntrinsicFunction` on a declaration of the call's type, then
    /// `UpgradeIntrinsicCall`). Uses are visited as LLVM's use-list holds them, last first.
    pub(super) fn declare_called_intrinsics(&mut self) -> PResult<()> {
        let mut todo: Vec<(Vec<u8>, GlobalId, usize)> = Vec::new();
        for (&g, &pos) in &self.fwd_globals {
            let Some(n) = self.m.globals[g].name else { continue };
            let name = self.m.ctx.name(n);
            if name.starts_with(b"llvm.") {
                todo.push((name.to_vec(), g, pos));
            }
        }
        if todo.is_empty() {
            return Ok(());
        }
        todo.sort_unstable();
        let users = self.m.const_users();
        for (name_bytes, g, pos) in todo {
            let name = String::from_utf8_lossy(&name_bytes).into_owned();
            // The forward reference is a placeholder without a name in LLVM: the declarations
            // made here may take it.
            if let Some(n) = self.m.globals[g].name.take() {
                if self.global_names.get(&n) == Some(&g) {
                    self.global_names.remove(&n);
                }
            }
            self.fwd_globals.remove(&g);
            self.fwd_global_types.remove(&g);
            let known = llrs_ir::intrinsics::lookup(&name_bytes).is_some();
            // The calls by type, types in the order first met, each with whether the type is a
            // valid signature of the intrinsic (else the calls are upgraded); errors as LLVM
            // meets them, before anything changes.
            let mut groups: Vec<CallGroup> = Vec::new();
            let mut group_of: FxHashMap<TypeId, usize> = FxHashMap::default();
            for user in users.of_global(g).iter().rev() {
                let User::Inst { func, inst, operand: 0 } = *user else {
                    return self.err(pos, "intrinsic can only be used as callee");
                };
                let Some(fty) = self.m.body(func).and_then(|b| b.insts[inst].call()).map(|c| c.fn_ty) else {
                    return self.err(pos, "intrinsic can only be used as callee");
                };
                let k = match group_of.get(&fty) {
                    Some(&k) => k,
                    None => {
                        let valid =
                            known && matches!(match_signature(&self.m.ctx, &name_bytes, fty), SigMatch::Matches { .. });
                        if !valid && llrs_upgrade::upgrade_intrinsic_function(&mut self.m.ctx, &name, fty).is_none() {
                            if known {
                                return self.err(pos, "invalid intrinsic signature");
                            }
                            return self.err(pos, format!("unknown intrinsic '{name}'"));
                        }
                        groups.push((fty, valid, Vec::new()));
                        group_of.insert(fty, groups.len() - 1);
                        groups.len() - 1
                    }
                };
                groups[k].2.push((func, inst));
            }
            for (fty, valid, calls) in groups {
                if valid {
                    let decl_name = llrs_ir::intrinsic_sig::remangle(&self.m.ctx, &name_bytes, fty);
                    let decl = self.declaration(decl_name.as_deref().unwrap_or(&name), fty);
                    for (func, inst) in calls {
                        self.set_callee(func, inst, decl);
                    }
                    continue;
                }
                // LLVM declares the old intrinsic for each call, upgrades it and erases it once
                // unused; the calls of one type are upgraded together, to the same effect.
                let tmp = self.new_declaration(&name, fty);
                let at = self.m.functions.len() - 1;
                for (func, inst) in calls {
                    self.set_callee(func, inst, tmp);
                }
                llrs_upgrade::upgrade_calls_to_intrinsic(&mut self.m, &self.dl, tmp);
                // The upgrade takes the declaration out of the function list once unused, and
                // adds the new ones after it.
                let sym = self.m.ctx.sym(&name);
                if self.m.functions.get(at) != Some(&tmp) && self.global_names.get(&sym) == Some(&tmp) {
                    self.global_names.remove(&sym);
                }
                for k in at..self.m.functions.len() {
                    let f = self.m.functions[k];
                    if let Some(n) = self.m.globals[f].name {
                        self.global_names.insert(n, f);
                    }
                }
            }
        }
        Ok(())
    }

    /// `Module::getOrInsertFunction`: the global named `name`, or a new declaration of type
    /// `fty` after every other function.
    fn declaration(&mut self, name: &str, fty: TypeId) -> GlobalId {
        let sym = self.m.ctx.sym(name);
        match self.global_names.get(&sym) {
            Some(&g) if !self.fwd_globals.contains_key(&g) => g,
            _ => self.new_declaration(name, fty),
        }
    }

    /// A new declaration named `name` of type `fty` after every other function.
    fn new_declaration(&mut self, name: &str, fty: TypeId) -> GlobalId {
        let sym = self.m.ctx.sym(name);
        let g = self.m.new_global(Some(sym), GlobalKind::Function, fty);
        let nparams = self.m.ctx.fn_params(fty).len();
        self.m.globals[g].addrspace = self.prog_as;
        self.m.globals[g].func = Some(Box::new(FuncData { arg_names: vec![None; nparams], ..Default::default() }));
        self.m.functions.push(g);
        self.global_names.insert(sym, g);
        g
    }

    /// Makes call `inst` of function `func` call `g`.
    fn set_callee(&mut self, func: GlobalId, inst: InstId, g: GlobalId) {
        let pty = self.m.ctx.ptr_ty(self.m.globals[g].addrspace);
        let callee = Value::Const(self.m.ctx.konst(Const::Global(pty, g)));
        if let Some(body) = self.m.globals[func].func.as_deref_mut().and_then(|f| f.body.as_mut()) {
            body.insts[inst].operands[0] = callee;
        }
    }
}
