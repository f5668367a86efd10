//! The upgrade of `llvm.lifetime.start`/`end` calls with a size operand (LLVM 22 takes only the
//! pointer): the call moves to the alloca behind the pointer's casts, or goes away.

use super::Intrinsics;
use llrs_ir::function::InstId;
use llrs_ir::instructions::{AttrList, TailKind};
use llrs_ir::module::{FuncData, GlobalId, GlobalKind};
use llrs_ir::{Const, InstExtra, Opcode, Type, Value};
use smallvec::smallvec;

impl Intrinsics<'_> {
    /// The declaration of `llvm.lifetime.{start,end}.p<AS>`, made when missing.
    fn lifetime_decl(&mut self, start: bool, addrspace: u32, made: &mut Vec<GlobalId>) -> GlobalId {
        let name = format!("llvm.lifetime.{}.p{addrspace}", if start { "start" } else { "end" });
        let sym = self.m.ctx.sym(&name);
        if let Some(&g) = self.global_names.get(&sym) {
            if self.m.globals[g].kind == GlobalKind::Function
                && self.m.ctx.fn_params(self.m.globals[g].value_ty).len() == 1
            {
                return g;
            }
        }
        let void = self.m.ctx.void_ty();
        let ptr = self.m.ctx.ptr_ty(addrspace);
        let fty = self.m.ctx.fn_ty(void, &[ptr], false);
        let g = self.m.new_global(Some(sym), GlobalKind::Function, fty);
        self.m.globals[g].func = Some(Box::new(FuncData { arg_names: vec![None], ..Default::default() }));
        self.global_names.insert(sym, g);
        made.push(g);
        g
    }

    /// For an old two-operand `llvm.lifetime.start`/`end` declaration: whether it is `start`.
    pub(crate) fn is_old_lifetime(&self, g: GlobalId) -> Option<bool> {
        let n = self.m.ctx.name(self.m.globals[g].name?);
        let start = n.starts_with(b"llvm.lifetime.start");
        let end = n.starts_with(b"llvm.lifetime.end");
        let two = self.m.ctx.fn_params(self.m.globals[g].value_ty).len() == 2;
        ((start || end) && two).then_some(start)
    }

    /// Upgrades an old lifetime declaration and its calls. As LLVM 22 does, the declaration is
    /// re-created at the end of the module as `llvm.lifetime.*.i64(i64)`, followed by the new
    /// `llvm.lifetime.*.p<AS>(ptr)` declaration when a call was rewritten.
    pub(crate) fn upgrade_lifetime_decl(&mut self, g: GlobalId) {
        let Some(start) = self.is_old_lifetime(g) else { return };
        let calls = self.lifetime_calls(g);
        self.lifetime_leftover(g, start);
        self.rewrite_lifetime_calls(&calls, start);
    }

    /// The declaration an old lifetime marker `g` leaves: `g` itself, moved to the end of the
    /// module as `llvm.lifetime.*.i64(i64)`, or none when an earlier one left that already (`g`
    /// then leaves the module). Its calls are still to be rewritten.
    pub(crate) fn lifetime_leftover(&mut self, g: GlobalId, start: bool) {
        self.m.functions.retain(|&x| x != g);
        if let Some(n) = self.m.globals[g].name {
            if self.global_names.get(&n) == Some(&g) {
                self.global_names.remove(&n);
            }
        }
        let leftover = format!("llvm.lifetime.{}.i64", if start { "start" } else { "end" });
        let sym = self.m.ctx.sym(&leftover);
        let void = self.m.ctx.void_ty();
        let i64t = self.m.ctx.int_ty(64);
        let fty = self.m.ctx.fn_ty(void, &[i64t], false);
        // A second old declaration finds the first one's leftover.
        if self.global_names.get(&sym).is_some_and(|&o| self.m.globals[o].value_ty == fty) {
            return;
        }
        self.m.globals[g].name = Some(sym);
        self.m.globals[g].value_ty = fty;
        self.m.globals[g].addrspace = super::site::program_addrspace(self.m);
        if let Some(fd) = self.m.globals[g].func.as_deref_mut() {
            fd.attrs = AttrList::default();
            fd.arg_names = vec![None];
        }
        self.global_names.insert(sym, g);
        self.m.functions.push(g);
    }

    /// The calls of the old declaration `g` (with its two operands), in the order LLVM visits
    /// them: that of the declaration's use-list (see [`super::use_list_order`]).
    fn lifetime_calls(&self, g: GlobalId) -> Vec<(GlobalId, InstId)> {
        let mut calls = Vec::new();
        for &f in &self.m.functions {
            let Some(body) = self.m.globals[f].func.as_ref().and_then(|fd| fd.body.as_ref()) else { continue };
            for &b in &body.layout {
                for &i in &body.blocks[b].insts {
                    let d = &body.insts[i];
                    if d.op != Opcode::Call || d.operands.len() != 3 {
                        continue;
                    }
                    let Value::Const(c) = d.operands[0] else { continue };
                    if matches!(self.m.ctx.const_of(c), Const::Global(_, callee) if *callee == g) {
                        calls.push((f, i));
                    }
                }
            }
        }
        super::use_list_order(&self.m.functions, g, &mut calls);
        calls
    }

    /// LLVM's `Value::stripPointerCasts`: through bitcasts, address space casts and
    /// getelementptrs whose indices are all zero (instructions or constant expressions), and calls
    /// with a `returned` argument.
    fn strip_pointer_casts(&self, body: &llrs_ir::Body, mut v: Value) -> Value {
        let returned = self.m.ctx.names.lookup(b"returned");
        let is_zero = |c: llrs_ir::ConstId| match self.m.ctx.const_of(c) {
            Const::Int(_, a) => a.is_zero(),
            _ => false,
        };
        // Each step goes to an operand defined earlier; the bound guards against cycles.
        for _ in 0..=body.insts.len() {
            let next = match v {
                Value::Inst(i) => {
                    let d = &body.insts[i];
                    match d.op {
                        Opcode::BitCast | Opcode::AddrSpaceCast => d.operands.first().copied(),
                        Opcode::GetElementPtr
                            if d.operands[1..].iter().all(|&o| matches!(o, Value::Const(c) if is_zero(c))) =>
                        {
                            d.operands.first().copied()
                        }
                        Opcode::Call | Opcode::Invoke => self.returned_arg(d, returned),
                        _ => None,
                    }
                }
                Value::Const(c) => match self.m.ctx.const_of(c) {
                    Const::Expr(e) => match e.op {
                        Opcode::BitCast | Opcode::AddrSpaceCast => e.operands.first().map(|&o| Value::Const(o)),
                        Opcode::GetElementPtr if e.operands[1..].iter().all(|&o| is_zero(o)) => {
                            e.operands.first().map(|&o| Value::Const(o))
                        }
                        _ => None,
                    },
                    _ => None,
                },
                _ => None,
            };
            match next {
                Some(n) => v = n,
                None => break,
            }
        }
        v
    }

    /// The argument of a call marked `returned` (at the call or on the callee).
    fn returned_arg(&self, d: &llrs_ir::InstData, returned: Option<llrs_ir::Symbol>) -> Option<Value> {
        let returned = returned?;
        let cd = d.call()?;
        let has = |a: llrs_ir::AttrsId| self.m.ctx.attrs_of(a).iter().any(|x| x.kind == returned);
        let callee_attrs = match d.operands.first() {
            Some(Value::Const(c)) => match self.m.ctx.const_of(*c) {
                Const::Global(_, g) => self.m.globals[*g].func.as_ref().map(|f| f.attrs.clone()),
                _ => None,
            },
            _ => None,
        };
        (0..cd.num_args as usize)
            .find(|&i| has(cd.attrs.param(i)) || callee_attrs.as_ref().is_some_and(|a| has(a.param(i))))
            .and_then(|i| d.operands.get(i + 1).copied())
    }

    /// Rewrites the calls (`UpgradeIntrinsicCall`'s lifetime case): a call on an alloca (behind
    /// pointer casts) calls the new marker on it, any other goes.
    pub(crate) fn rewrite_lifetime_calls(&mut self, calls: &[(GlobalId, InstId)], start: bool) {
        let dbg = self.m.ctx.md_kind(b"dbg");
        let mut made = Vec::new();
        for &(f, id) in calls {
            let Some(mut body) = self.m.globals[f].func.as_mut().and_then(|fd| fd.body.take()) else { continue };
            // Look through pointer casts (`stripPointerCasts`) for an alloca.
            let alloca = match body.insts[id].operands.get(2).map(|&p| self.strip_pointer_casts(&body, p)) {
                Some(Value::Inst(i)) if body.insts[i].op == Opcode::Alloca => Some(i),
                _ => None,
            };
            match alloca {
                None => body.remove_inst_unchecked(id),
                Some(a) => {
                    let addrspace = match self.m.ctx.type_of(body.insts[a].ty) {
                        Type::Ptr(s) => *s,
                        _ => 0,
                    };
                    let decl = self.lifetime_decl(start, addrspace, &mut made);
                    if made.last() == Some(&decl) && !self.m.functions.contains(&decl) {
                        self.m.functions.push(decl);
                    }
                    let pty = self.m.ctx.ptr_ty(0);
                    let callee_c = self.m.ctx.konst(Const::Global(pty, decl));
                    let fn_ty = self.m.globals[decl].value_ty;
                    let d = &mut body.insts[id];
                    d.operands = smallvec![Value::Const(callee_c), Value::Inst(a)];
                    d.md.retain(|(k, _)| *k == dbg);
                    d.flags = 0;
                    d.fmf = 0;
                    if let InstExtra::Call(cd) = &mut d.extra {
                        cd.fn_ty = fn_ty;
                        cd.attrs = AttrList::default();
                        cd.bundles.clear();
                        cd.tail = TailKind::None;
                        cd.num_args = 1;
                        cd.cconv = 0;
                    }
                }
            }
            body.invalidate_uses();
            if let Some(fd) = self.m.globals[f].func.as_mut() {
                fd.body = Some(body);
            }
        }
    }
}
