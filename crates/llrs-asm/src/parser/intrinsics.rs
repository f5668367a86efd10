//! Intrinsics as LLVM reads them: declarations take the attributes of the intrinsic table
//! (replacing those written in the source), and calls of undeclared intrinsics declare them.

use super::attrs::AttrPos;
use super::Parser;
use llrs_ir::instructions::AttrList;
use llrs_ir::intrinsic_attrs::intrinsic_attrs;
use llrs_ir::intrinsic_sig::{match_signature, SigMatch};
use llrs_ir::module::{FuncData, GlobalId, GlobalKind};
use llrs_ir::{AttrsId, Type, TypeId};

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

    /// Declares the intrinsics that were called but never declared, sorted by name, at the end.
    pub(super) fn declare_called_intrinsics(&mut self) {
        let mut todo: Vec<(Vec<u8>, GlobalId, TypeId)> = Vec::new();
        for (&g, &fty) in &self.intrinsic_calls {
            if !self.fwd_globals.contains_key(&g) {
                continue;
            }
            let Some(n) = self.m.globals[g].name else { continue };
            let name = self.m.ctx.name(n);
            if llrs_ir::intrinsics::lookup(name).is_some() {
                todo.push((name.to_vec(), g, fty));
            }
        }
        todo.sort();
        for (_, g, fty) in todo {
            self.fwd_globals.remove(&g);
            self.fwd_global_types.remove(&g);
            let nparams = self.m.ctx.fn_params(fty).len();
            let gl = &mut self.m.globals[g];
            gl.kind = GlobalKind::Function;
            gl.value_ty = fty;
            gl.func = Some(Box::new(FuncData { arg_names: vec![None; nparams], ..Default::default() }));
            self.m.functions.push(g);
            // LLVM declares it under the name mangled from the call's type.
            let Some(old) = self.m.globals[g].name else { continue };
            let Some(new) = llrs_ir::intrinsic_sig::remangle(&self.m.ctx, self.m.ctx.name(old), fty) else { continue };
            let sym = self.m.ctx.sym(&new);
            if !self.global_names.contains_key(&sym) && self.global_names.get(&old) == Some(&g) {
                self.global_names.remove(&old);
                self.global_names.insert(sym, g);
                self.m.globals[g].name = Some(sym);
            }
        }
    }
}
