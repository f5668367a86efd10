//! The upgrade of old intrinsic declarations and their calls in the order of LLVM's bitcode
//! reader (`BitcodeReader`), where [`super::upgrade_calls_to_intrinsics`] follows `LLParser`'s:
//!
//! - `globalCleanup`, once the module block's globals are read: for each function in module
//!   order, those it makes meanwhile included, `UpgradeIntrinsicFunction` makes the new
//!   declaration at once (after every other function) and records it (`UpgradedIntrinsics`);
//! - `materialize`, for each body in module order: its calls of a recorded declaration, in
//!   instruction order, are rewritten (`UpgradeIntrinsicCall`) when the call's function type is
//!   the declaration's (`getCalledFunction`);
//! - `materializeModule`: the calls left (of another function type, or made by the rewrites)
//!   are rewritten, and each old declaration leaves the module, what still uses it using the
//!   new one (`replaceAllUsesWith`).
//!
//! The decisions per declaration and the rewrites per call are those of the `LLParser` order;
//! only the order differs, and with it where new declarations land. Besides, the calls of the
//! debug intrinsics become debug records here (the `.ll` reader makes those as it reads).

use super::{debug, plan, Declared, Edits, Intrinsics};
use llrs_ir::function::InstId;
use llrs_ir::module::GlobalId;
use llrs_ir::{Const, Opcode, TypeId, Value};
use rustc_hash::{FxHashMap, FxHashSet};

/// How the calls of an upgraded declaration are rewritten.
enum How {
    /// As its plan says, with the new declaration made.
    Plan(Declared),
    /// An old lifetime marker (`llvm.lifetime.start` when true).
    Lifetime(bool),
}

/// An old declaration recorded by `globalCleanup` (`UpgradedIntrinsics[F] = NewFn`).
struct Upgraded {
    /// The old declaration.
    g: GlobalId,
    /// Its function type, which the calls it rewrites have.
    fn_ty: TypeId,
    /// How its calls are rewritten.
    how: How,
    /// Whether every call met so far was rewritten.
    all_done: bool,
}

impl Intrinsics<'_> {
    /// Upgrades old intrinsic declarations and their calls in the bitcode reader's order (see
    /// the module's documentation). Returns whether anything changed.
    pub(super) fn upgrade_as_bitcode_reader(&mut self) -> bool {
        let mut changed = false;
        let mut ups = self.global_cleanup(&mut changed);
        if ups.is_empty() {
            return changed;
        }
        let index: FxHashMap<GlobalId, usize> = ups.iter().enumerate().map(|(k, u)| (u.g, k)).collect();
        let mut tried = FxHashSet::default();
        let functions = self.m.functions.clone();
        for &f in &functions {
            let calls = self.upgraded_calls(f, &index, &ups, true);
            tried.extend(calls.iter().map(|&(inst, _)| (f, inst)));
            self.rewrite_calls(f, &calls, &mut ups);
        }
        // `materializeModule`: the calls that slipped through.
        for &f in &functions {
            let mut calls = self.upgraded_calls(f, &index, &ups, false);
            calls.retain(|&(inst, _)| !tried.contains(&(f, inst)));
            self.rewrite_calls(f, &calls, &mut ups);
        }
        self.erase_old_declarations(&ups);
        true
    }

    /// `globalCleanup`'s loop: `UpgradeIntrinsicFunction` for each function in module order,
    /// including the declarations it makes. Old `llvm.coro.end` is upgraded at once (its calls
    /// make nothing new); the others are recorded for their calls.
    fn global_cleanup(&mut self, changed: &mut bool) -> Vec<Upgraded> {
        let mut ups = Vec::new();
        let mut seen = FxHashSet::default();
        let mut i = 0;
        while let Some(&g) = self.m.functions.get(i) {
            if seen.insert(g) {
                self.upgrade_function(g, &mut ups, changed);
            }
            // An upgrade that moved `g` to the end (or out) leaves the next function at `i`.
            if self.m.functions.get(i) == Some(&g) {
                i += 1;
            }
        }
        ups
    }

    /// `UpgradeIntrinsicFunction` for the function `g`, recorded in `ups` when upgraded.
    fn upgrade_function(&mut self, g: GlobalId, ups: &mut Vec<Upgraded>, changed: &mut bool) {
        let gl = &self.m.globals[g];
        let Some(sym) = gl.name else { return };
        if gl.func.as_ref().is_some_and(|f| f.body.is_some()) {
            return;
        }
        let fn_ty = gl.value_ty;
        if let Some(start) = self.is_old_lifetime(g) {
            *changed = true;
            self.lifetime_leftover(g, start);
            ups.push(Upgraded { g, fn_ty, how: How::Lifetime(start), all_done: true });
            return;
        }
        if self.is_old_coro_end(g) {
            *changed = true;
            self.upgrade_coro_end(g);
            return;
        }
        let name = String::from_utf8_lossy(self.m.ctx.name(sym)).into_owned();
        let Some(p) = plan(&mut self.m.ctx, &name, fn_ty).or_else(|| debug::record_plan(&name)) else { return };
        *changed = true;
        if let Some(d) = self.declare(g, &p) {
            ups.push(Upgraded { g, fn_ty, how: How::Plan(d), all_done: true });
        }
    }

    /// The calls in `f` of the recorded declarations, in instruction order, each with its
    /// declaration's index in `ups`: as `materialize` finds them (`CallBase`s whose
    /// `getCalledFunction` is one: the call has its function type) when `materializing`, else
    /// as `materializeModule` does (`CallInst`s of any function type).
    fn upgraded_calls(
        &self,
        f: GlobalId,
        index: &FxHashMap<GlobalId, usize>,
        ups: &[Upgraded],
        materializing: bool,
    ) -> Vec<(InstId, usize)> {
        let mut out = Vec::new();
        let Some(body) = self.m.globals[f].func.as_ref().and_then(|fd| fd.body.as_ref()) else { return out };
        for &b in &body.layout {
            for &i in &body.blocks[b].insts {
                let d = &body.insts[i];
                let is_call = match d.op {
                    Opcode::Call => true,
                    Opcode::Invoke | Opcode::CallBr => materializing,
                    _ => false,
                };
                let Some(cd) = d.call().filter(|_| is_call) else { continue };
                let Some(Value::Const(c)) = d.operands.first() else { continue };
                let Const::Global(_, g) = self.m.ctx.const_of(*c) else { continue };
                let Some(&k) = index.get(g) else { continue };
                if materializing && cd.fn_ty != ups[k].fn_ty {
                    continue;
                }
                // The lifetime rewrite takes calls with their two operands only.
                if matches!(ups[k].how, How::Lifetime(_)) && (d.op != Opcode::Call || d.operands.len() != 3) {
                    continue;
                }
                out.push((i, k));
            }
        }
        out
    }

    /// `UpgradeIntrinsicCall` for each of `calls` of `f` in turn, the body edits applied at the end.
    fn rewrite_calls(&mut self, f: GlobalId, calls: &[(InstId, usize)], ups: &mut [Upgraded]) {
        if calls.is_empty() {
            return;
        }
        let mut edits = Edits::default();
        for &(inst, k) in calls {
            let u = &mut ups[k];
            match &u.how {
                How::Plan(d) => u.all_done &= self.rewrite_call(d, f, inst, &mut edits),
                How::Lifetime(start) => self.rewrite_lifetime_calls(&[(f, inst)], *start),
            }
        }
        if let Some(body) = self.m.globals[f].func.as_mut().and_then(|fd| fd.body.as_mut()) {
            edits.apply(body);
        }
    }

    /// The end of `materializeModule`'s loop: each old declaration replaced by another leaves
    /// the module, what still uses it using the new one; one without a replacement leaves once
    /// all its calls are gone.
    fn erase_old_declarations(&mut self, ups: &[Upgraded]) {
        let replaced = |u: &Upgraded| matches!(&u.how, How::Plan(d) if d.new.is_some_and(|n| n != u.g));
        let users = ups.iter().any(replaced).then(|| self.m.const_users());
        for u in ups {
            let How::Plan(d) = &u.how else { continue };
            match d.new {
                Some(n) if n != u.g => {
                    if users.as_ref().is_some_and(|x| x.is_used(u.g)) {
                        // Of the same address space: the new declaration is in the program's.
                        let _ = self.m.replace_global_uses(u.g, n);
                    }
                    self.finish_declared(u.g, d, true);
                }
                _ => self.finish_declared(u.g, d, u.all_done),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use llrs_ir::builder::FunctionBuilder;
    use llrs_ir::datalayout::DataLayout;
    use llrs_ir::{Md, Module, Value};

    /// `declare void @llvm.memcpy.p0i8.p0i8.i64(ptr, ptr, i64, i1)`,
    /// `declare void @llvm.lifetime.start.p0(i64, ptr)`, `declare i32 @llvm.nvvm.rotate.b32(i32, i32)`,
    /// `declare void @llvm.dbg.value(metadata, metadata, metadata)`, and `@a` calling them in
    /// another order: rotate, dbg.value, lifetime.start, memcpy.
    fn module() -> Module {
        let mut m = Module::new();
        let c = &mut m.ctx;
        let (void, i1, i32t, i64t, ptr) = (c.void_ty(), c.int_ty(1), c.int_ty(32), c.int_ty(64), c.ptr_ty(0));
        let md = c.ty(llrs_ir::Type::Metadata);
        let memcpy_ty = c.fn_ty(void, &[ptr, ptr, i64t, i1], false);
        let lifetime_ty = c.fn_ty(void, &[i64t, ptr], false);
        let rotate_ty = c.fn_ty(i32t, &[i32t, i32t], false);
        let dbg_ty = c.fn_ty(void, &[md, md, md], false);
        let a_ty = c.fn_ty(void, &[ptr, i32t], false);
        let memcpy = m.add_function("llvm.memcpy.p0i8.p0i8.i64", memcpy_ty);
        let lifetime = m.add_function("llvm.lifetime.start.p0", lifetime_ty);
        let rotate = m.add_function("llvm.nvvm.rotate.b32", rotate_ty);
        let dbg = m.add_function("llvm.dbg.value", dbg_ty);
        let a = m.add_function("a", a_ty);
        let mut b = FunctionBuilder::new(&mut m, a).expect("a function");
        let entry = b.create_block(None);
        b.position_at_end(entry);
        let x = b.alloca(i32t, 4, Some("x")).expect("alloca");
        let (three, four, no) = {
            let c = &mut b.module().ctx;
            let (t, f, n) = (c.const_int(i32t, 3), c.const_int(i64t, 4), c.const_int(i1, 0));
            (Value::Const(t), Value::Const(f), Value::Const(n))
        };
        let r = b.call(rotate, &[b.arg(1), three], Some("r")).expect("rotate");
        let Value::Inst(ri) = r else { panic!("an instruction") };
        let loc = Value::Md(Md::Local(llrs_ir::metadata::Local::Inst(ri)));
        b.call(dbg, &[loc, Value::Md(Md::Null), Value::Md(Md::Null)], None).expect("dbg.value");
        b.call(lifetime, &[four, x], None).expect("lifetime");
        b.call(memcpy, &[b.arg(0), b.arg(0), four, no], None).expect("memcpy");
        b.ret(None).expect("ret");
        m
    }

    fn function_names(m: &Module) -> Vec<String> {
        m.functions
            .iter()
            .map(|&g| String::from_utf8_lossy(m.ctx.name(m.globals[g].name.unwrap())).into_owned())
            .collect()
    }

    #[test]
    fn declarations_are_made_in_the_bitcode_readers_order() {
        let mut m = module();
        assert!(super::super::upgrade_intrinsics_as_bitcode_reader(&mut m, &DataLayout::default()));
        // `globalCleanup` makes the new memcpy and leaves the old lifetime marker as
        // `.i64(i64)`; the calls, in instruction order, make the others.
        let want = ["a", "llvm.memcpy.p0.p0.i64", "llvm.lifetime.start.i64", "llvm.fshl.i32", "llvm.lifetime.start.p0"];
        assert_eq!(function_names(&m), want);
        // The call of `llvm.dbg.value` became a record of the next instruction.
        let a = m.functions[0];
        let body = m.globals[a].func.as_ref().and_then(|f| f.body.as_ref()).expect("a body");
        let insts = &body.blocks[body.layout[0]].insts;
        assert_eq!(insts.len(), 5, "alloca, fshl, lifetime.start, memcpy, ret");
        let recs = &body.insts[insts[2]].dbg_records;
        assert_eq!(recs.len(), 1);
        // Its location, the old call's result, is the value that replaced it.
        assert_eq!(recs[0].loc, Md::Local(llrs_ir::metadata::Local::Inst(insts[1])));
    }

    #[test]
    fn the_ll_readers_order_differs() {
        let mut m = module();
        assert!(super::super::upgrade_calls_to_intrinsics(&mut m, &DataLayout::default()));
        // Per old declaration, its calls at once (the debug intrinsic is the `.ll` reader's to
        // turn into records as it reads).
        let want = [
            "llvm.dbg.value",
            "a",
            "llvm.memcpy.p0.p0.i64",
            "llvm.lifetime.start.i64",
            "llvm.lifetime.start.p0",
            "llvm.fshl.i32",
        ];
        assert_eq!(function_names(&m), want);
    }
}
