//! The upgrade of `i1 @llvm.coro.end(ptr, i1)` to LLVM 22's `void @llvm.coro.end(ptr, i1, token)`:
//! calls gain a `token none` operand and lose their result, call-site attributes and metadata
//! other than `!dbg`; the declaration is re-created at the end of the module. A call keeps its
//! name (LLVM's `takeName` onto the void call), which the verifier then rejects, as LLVM's does.

use super::Intrinsics;
use llrs_ir::instructions::{AttrList, TailKind};
use llrs_ir::module::GlobalId;
use llrs_ir::{Const, InstExtra, Opcode, Type, Value};

impl Intrinsics<'_> {
    /// True for the old two-operand `i1 @llvm.coro.end(ptr, i1)` declaration.
    pub(crate) fn is_old_coro_end(&self, g: GlobalId) -> bool {
        let gl = &self.m.globals[g];
        let Some(n) = gl.name else { return false };
        if self.m.ctx.name(n) != b"llvm.coro.end" {
            return false;
        }
        match self.m.ctx.type_of(gl.value_ty) {
            Type::Function { ret, params, vararg: false } => {
                params.len() == 2 && matches!(self.m.ctx.type_of(*ret), Type::Int(1))
            }
            _ => false,
        }
    }

    /// Upgrades the old `llvm.coro.end` declaration `g` and its calls.
    pub(crate) fn upgrade_coro_end(&mut self, g: GlobalId) {
        let params = self.m.ctx.fn_params(self.m.globals[g].value_ty).to_vec();
        let void = self.m.ctx.void_ty();
        let token = self.m.ctx.ty(Type::Token);
        let fty = self.m.ctx.fn_ty(void, &[params[0], params[1], token], false);
        let none = self.m.ctx.konst(Const::NoneToken(token));
        self.m.globals[g].value_ty = fty;
        if let Some(fd) = self.m.globals[g].func.as_deref_mut() {
            fd.attrs = AttrList::default();
            fd.arg_names = vec![None; 3];
        }
        self.m.functions.retain(|&x| x != g);
        self.m.functions.push(g);
        let dbg = self.m.ctx.md_kind(b"dbg");
        for fi in 0..self.m.functions.len() {
            let f = self.m.functions[fi];
            let Some(body) = self.m.globals[f].func.as_mut().and_then(|fd| fd.body.as_mut()) else { continue };
            let mut changed = false;
            for &b in &body.layout {
                for &i in &body.blocks[b].insts {
                    let d = &mut body.insts[i];
                    if d.op != Opcode::Call || d.operands.len() != 3 {
                        continue;
                    }
                    let Value::Const(c) = d.operands[0] else { continue };
                    if !matches!(self.m.ctx.const_of(c), Const::Global(_, callee) if *callee == g) {
                        continue;
                    }
                    d.operands.push(Value::Const(none));
                    d.ty = void;
                    d.fmf = 0;
                    d.md.retain(|(k, _)| *k == dbg);
                    if let InstExtra::Call(cd) = &mut d.extra {
                        cd.fn_ty = fty;
                        cd.attrs = AttrList::default();
                        cd.bundles.clear();
                        cd.tail = TailKind::None;
                        cd.num_args = 3;
                    }
                    changed = true;
                }
            }
            if changed {
                body.invalidate_uses();
            }
        }
    }
}
