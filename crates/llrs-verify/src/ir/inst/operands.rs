//! `visitInstruction`: the instruction's own type and name, then each operand in LLVM's
//! operand order (functions and intrinsics, inline asm, dominance of instructions through
//! `verifyDominatesUse`, constant expressions through `visitConstantExprsRecursively`), then the
//! metadata attachments and the debug-info tail.

use super::super::FnCtx;
use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::instructions::Clause;
use llrs_ir::{Const, ConstId, GlobalId, GlobalKind, InstData, InstExtra, InstId, Opcode, TypeId, Value};
use smallvec::SmallVec;
use std::sync::OnceLock;

/// Where an operand of LLVM's operand list lives in our instruction.
#[derive(Copy, Clone, Debug)]
enum Slot {
    /// `operands[k]` (the printed order).
    Op(usize),
    /// Input `j` of operand bundle `b`.
    Bundle(usize, usize),
    /// The value of landingpad clause `k`.
    Clause(usize),
}

/// The operands of `inst` in LLVM's operand order (`I.getOperand(i)` for each `i`).
fn llvm_operands(inst: &InstData) -> SmallVec<[Slot; 8]> {
    let n = inst.operands.len();
    let mut out: SmallVec<[Slot; 8]> = SmallVec::new();
    match inst.op {
        Opcode::Call | Opcode::Invoke | Opcode::CallBr => {
            // Arguments, bundle inputs, the destinations, then the callee.
            let na = inst.call().map_or(0, |c| c.num_args as usize).min(n.saturating_sub(1));
            out.extend((1..1 + na).map(Slot::Op));
            if let Some(c) = inst.call() {
                for (b, bu) in c.bundles.iter().enumerate() {
                    out.extend((0..bu.inputs.len()).map(|j| Slot::Bundle(b, j)));
                }
            }
            out.extend((1 + na..n).map(Slot::Op));
            if n > 0 {
                out.push(Slot::Op(0));
            }
        }
        // Conditional `br`: the condition, the false then the true destination.
        Opcode::Br if n == 3 => out.extend([Slot::Op(0), Slot::Op(2), Slot::Op(1)]),
        Opcode::CatchSwitch => {
            // The parent pad, the unwind destination, then the handlers.
            let nh = match inst.extra {
                InstExtra::CatchSwitch(h) => (h as usize).min(n.saturating_sub(1)),
                _ => n.saturating_sub(1),
            };
            out.extend((0..n.min(1)).map(Slot::Op));
            out.extend((1 + nh..n).map(Slot::Op));
            out.extend((1..1 + nh).map(Slot::Op));
        }
        // The arguments, then the parent pad.
        Opcode::CatchPad | Opcode::CleanupPad => {
            out.extend((1..n).map(Slot::Op));
            out.extend((0..n.min(1)).map(Slot::Op));
        }
        Opcode::LandingPad => {
            out.extend((0..n).map(Slot::Op));
            if let InstExtra::LandingPad(cl) = &inst.extra {
                out.extend((0..cl.len()).map(Slot::Clause));
            }
        }
        _ => out.extend((0..n).map(Slot::Op)),
    }
    out
}

/// The value in a slot.
fn slot_value(inst: &InstData, s: Slot) -> Option<Value> {
    match s {
        Slot::Op(k) => inst.operands.get(k).copied(),
        Slot::Bundle(b, j) => inst.call()?.bundles.get(b)?.inputs.get(j).copied(),
        Slot::Clause(k) => match &inst.extra {
            InstExtra::LandingPad(cl) => cl.get(k).map(|c| match *c {
                Clause::Catch(v) | Clause::Filter(v) => v,
            }),
            _ => None,
        },
    }
}

/// The intrinsics an `invoke` (or `callbr`) may call.
fn invokable_intrinsics() -> &'static [u32] {
    static IDS: OnceLock<Vec<u32>> = OnceLock::new();
    IDS.get_or_init(|| {
        [
            "llvm.donothing",
            "llvm.seh.try.begin",
            "llvm.seh.try.end",
            "llvm.seh.scope.begin",
            "llvm.seh.scope.end",
            "llvm.coro.resume",
            "llvm.coro.destroy",
            "llvm.coro.await.suspend.void",
            "llvm.coro.await.suspend.bool",
            "llvm.coro.await.suspend.handle",
            "llvm.experimental.patchpoint.void",
            "llvm.experimental.patchpoint",
            "llvm.fake.use",
            "llvm.experimental.gc.statepoint",
            "llvm.wasm.throw",
            "llvm.wasm.rethrow",
        ]
        .iter()
        .filter_map(|n| llrs_ir::intrinsics::lookup(n.as_bytes()))
        .collect()
    })
}

impl Verifier<'_> {
    /// `visitInstruction`.
    pub fn visit_instruction(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let g = f.g;
        let inst = f.inst(i);
        let me = Subject::Inst(g, i);
        let bb = f.block_of(i);
        self.check_module(bb.is_some(), "Instruction not embedded in basic block!", &[me])?;
        let bb = bb?;
        let slots = llvm_operands(inst);
        if inst.op != Opcode::Phi {
            // Non-phi instructions may not use their own value (in reachable code).
            let self_ref = slots.iter().any(|&s| slot_value(inst, s) == Some(Value::Inst(i)));
            self.check_module(
                !self_ref || !f.dt.is_reachable(bb),
                "Only PHI nodes may reference their own value!",
                &[me],
            )?;
        }
        let ty = self.types();
        self.check_module(
            !ty.is_void(inst.ty) || inst.name.is_none(),
            "Instruction has a name, but provides a void value!",
            &[me],
        )?;
        self.check_module(
            ty.is_void(inst.ty) || ty.is_first_class(inst.ty),
            "Instruction returns a non-scalar type!",
            &[me],
        )?;
        self.check_module(
            !ty.is_metadata(inst.ty) || matches!(inst.op, Opcode::Call | Opcode::Invoke),
            "Invalid use of metadata!",
            &[me],
        )?;
        // Every user of an instruction is an instruction in a block here.
        let is_call = matches!(inst.op, Opcode::Call | Opcode::Invoke | Opcode::CallBr);
        for &s in &slots {
            let v = slot_value(inst, s);
            self.check_module(v.is_some(), "Instruction has null operand!", &[me])?;
            let v = v?;
            let first_class = match v {
                Value::Inst(d) => f.body.insts.get(d).is_some_and(|d| ty.is_first_class(d.ty)),
                _ => self.value_ty(f, v).is_none_or(|t| ty.is_first_class(t)),
            };
            if !first_class {
                self.fail_module("Instruction operands must be first-class values!", &[me]);
                return None;
            }
            let is_callee = is_call && matches!(s, Slot::Op(0));
            match v {
                Value::Const(c) => self.visit_const_operand(f, i, inst, s, c, is_callee)?,
                Value::Inst(d) => {
                    let same_fn = f.body.insts.get(d).is_some() && f.block_of(d).is_some();
                    self.check_module(same_fn, "Referring to an instruction in another function!", &[me])?;
                    let index = match s {
                        Slot::Op(k) => k,
                        _ => usize::MAX,
                    };
                    // `verifyDominatesUse` returns from itself only: the other operands are checked.
                    self.verify_dominates_use(f, i, d, index);
                }
                Value::Asm(_) => {
                    self.check_module(is_callee, "Cannot take the address of an inline asm!", &[me])?;
                }
                Value::Block(_) | Value::Arg(_) | Value::Md(_) => {}
            }
        }
        self.visit_instruction_metadata(f, i)?;
        self.visit_instruction_debug(g, i, inst)?;
        self.inst_state.insert(i);
        Some(())
    }

    /// The checks of `visitInstruction` on a constant operand: a function (intrinsics only
    /// called, and invoked only when LLVM allows it), a signed pointer or a pointer constant
    /// expression (`visitConstantExprsRecursively`).
    fn visit_const_operand(
        &mut self,
        f: &FnCtx<'_>,
        i: InstId,
        inst: &InstData,
        s: Slot,
        c: ConstId,
        is_callee: bool,
    ) -> Step {
        let m = self.v.m;
        let me = Subject::Inst(f.g, i);
        match m.ctx.const_of(c) {
            Const::Global(_, gv) if m.globals.get(*gv).is_some_and(|x| x.kind == GlobalKind::Function) => {
                let Some(id) = self.intrinsic_of(*gv) else { return Some(()) };
                let attached = match s {
                    Slot::Bundle(b, _) => inst
                        .call()
                        .and_then(|cd| cd.bundles.get(b))
                        .is_some_and(|bu| m.ctx.name(bu.tag) == b"clang.arc.attachedcall"),
                    _ => false,
                };
                self.check_module(is_callee || attached, "Cannot take the address of an intrinsic!", &[me])?;
                let allowed = inst.op == Opcode::Call || id.is_some_and(|id| invokable_intrinsics().contains(&id));
                self.check_module(
                    allowed || attached,
                    "Cannot invoke an intrinsic other than donothing, patchpoint, statepoint, coro_resume, \
                     coro_destroy, clang.arc.attachedcall or wasm.(re)throw",
                    &[me],
                )?;
            }
            Const::PtrAuth(..) => self.visit_constant_exprs_recursively(f.g, c),
            Const::Expr(e) if self.types().is_ptr_or_ptr_vector(e.ty) => self.visit_constant_exprs_recursively(f.g, c),
            _ => {}
        }
        Some(())
    }

    /// `verifyDominatesUse(I, i)`: the definition `op` of operand `index` of `i` (printed
    /// order; `usize::MAX` for a bundle input) dominates that use.
    fn verify_dominates_use(&mut self, f: &FnCtx<'_>, i: InstId, op: InstId, index: usize) {
        let Some(od) = f.body.insts.get(op) else { return };
        // An invoke whose normal and unwind destinations are the same is rejected elsewhere.
        if od.op == Opcode::Invoke {
            let s = super::super::ctx::successors(od);
            if s.len() >= 2 && s[0] == s[1] {
                return;
            }
        }
        if f.inst(i).op != Opcode::Phi && self.inst_state.contains(op) {
            return;
        }
        let ok = f.dt.dominates_use(f.body, &f.cfg, op, i, index);
        let _ = self.check_module(
            ok,
            "Instruction does not dominate all uses!",
            &[Subject::Inst(f.g, op), Subject::Inst(f.g, i)],
        );
    }

    /// `visitConstantExprsRecursively`: each constant reached from `entry` once per module,
    /// stopping at global values.
    pub fn visit_constant_exprs_recursively(&mut self, g: GlobalId, entry: ConstId) {
        if !self.inst_state.const_visited.insert(entry) {
            return;
        }
        let m = self.v.m;
        let mut stack = vec![entry];
        while let Some(c) = stack.pop() {
            let k = m.ctx.const_of(c);
            match k {
                Const::Expr(e) => {
                    let _ = self.visit_constant_expr(g, c, e.op, e.ty, e.operands.first().copied());
                }
                Const::PtrAuth(_, ops) => {
                    let _ = self.visit_constant_ptr_auth(c, ops);
                }
                Const::Global(..) => continue,
                _ => {}
            }
            let ops: &[ConstId] = k.operands();
            for &op in ops {
                if self.inst_state.const_visited.insert(op) {
                    stack.push(op);
                }
            }
        }
    }

    /// `visitConstantExpr`: a constant `bitcast` must be a valid cast.
    fn visit_constant_expr(&mut self, g: GlobalId, c: ConstId, op: Opcode, ty: TypeId, src: Option<ConstId>) -> Step {
        if op == Opcode::BitCast {
            let ok = src.is_some_and(|s| self.bitcast_is_valid(self.v.m.ctx.const_of(s).ty(), ty));
            self.check_module(ok, "Invalid bitcast", &[Subject::Value(g, Value::Const(c))])?;
        }
        Some(())
    }

    /// `visitConstantPtrAuth`.
    fn visit_constant_ptr_auth(&mut self, c: ConstId, ops: &[ConstId]) -> Step {
        let m = self.v.m;
        let t = self.types();
        let ty_of = |k: usize| ops.get(k).map(|&o| m.ctx.const_of(o).ty());
        let ptr = ty_of(0);
        self.check_module(
            ptr.is_some_and(|p| t.is_ptr(p)),
            "signed ptrauth constant base pointer must have pointer type",
            &[],
        )?;
        self.check_module(
            Some(m.ctx.const_of(c).ty()) == ptr,
            "signed ptrauth constant must have same type as its base pointer",
            &[],
        )?;
        self.check_module(
            ty_of(1).is_some_and(|k| t.int_bits(k) == Some(32)),
            "signed ptrauth constant key must be i32 constant integer",
            &[],
        )?;
        self.check_module(
            ty_of(3).is_none_or(|a| t.is_ptr(a)),
            "signed ptrauth constant address discriminator must be a pointer",
            &[],
        )?;
        self.check_module(
            ty_of(2).is_none_or(|d| t.int_bits(d) == Some(64)),
            "signed ptrauth constant discriminator must be i64 constant integer",
            &[],
        )?;
        let Some(&ds) = ops.get(4) else { return Some(()) };
        self.check_module(
            t.is_ptr(m.ctx.const_of(ds).ty()),
            "signed ptrauth constant deactivation symbol must be a pointer",
            &[],
        )?;
        let global_or_null = matches!(m.ctx.const_of(ds), Const::Global(..) | Const::Null(_) | Const::Zero(_));
        self.check_module(
            global_or_null,
            "signed ptrauth constant deactivation symbol must be a global value or null",
            &[],
        )
    }

    /// `CastInst::castIsValid(Instruction::BitCast, Src, DstTy)`.
    pub fn bitcast_is_valid(&self, src: TypeId, dst: TypeId) -> bool {
        crate::ir::ops::casts::bitcast_is_valid(&self.types(), Some(src), Some(dst))
    }
}

/// How many of the invokable intrinsics LLVM 22 knows (for the tests).
#[cfg(test)]
pub(super) fn invokable_count() -> usize {
    invokable_intrinsics().len()
}
