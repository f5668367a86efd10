//! `visitAtomicCmpXchgInst`, `visitAtomicRMWInst` and `checkAtomicMemAccessSize`.

use super::{mem_data, ordering};
use crate::ir::FnCtx;
use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::instructions::{Ordering, RMW_OPS};
use llrs_ir::{InstId, TypeId};

/// `AtomicRMWInst::isFPOperation`: `fadd`, `fsub`, `fmax`, `fmin`, `fmaximum`, `fminimum`.
fn is_fp_operation(name: &str) -> bool {
    matches!(name, "fadd" | "fsub" | "fmax" | "fmin" | "fmaximum" | "fminimum")
}

impl Verifier<'_> {
    /// `checkAtomicMemAccessSize`: the type's size in bits (`DataLayout::getTypeSizeInBits`,
    /// as an `unsigned`) is at least a byte and a power of two.
    pub(crate) fn check_atomic_mem_access_size(&mut self, f: &FnCtx<'_>, ty: TypeId, i: InstId) -> Step {
        let size = self.data_layout().type_size_in_bits(&self.v.m.ctx, ty).min as u32;
        let s = [Subject::Type(ty), Subject::Inst(f.g, i)];
        self.check_module(size >= 8, "atomic memory access' size must be byte-sized", &s)?;
        self.check_module(size & (size - 1) == 0, "atomic memory access' operand must have a power-of-two size", &s)
    }

    /// `visitAtomicCmpXchgInst`.
    pub fn visit_cmpxchg(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let ty = self.types();
        let el = self.operand_ty(f, i, 1);
        let ok = el.is_some_and(|t| ty.is_int(t) || ty.is_ptr(t));
        let mut s: Vec<Subject> = el.map(Subject::Type).into_iter().collect();
        s.push(Subject::Inst(f.g, i));
        self.check_module(ok, "cmpxchg operand must have integer or pointer type", &s)?;
        let el = el?;
        self.check_atomic_mem_access_size(f, el, i)?;
        self.visit_instruction(f, i)
    }

    /// `visitAtomicRMWInst`.
    pub fn visit_atomicrmw(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let ty = self.types();
        let inst = f.inst(i);
        let (_, atomic, op) = mem_data(inst);
        let unordered = ordering(atomic) == Ordering::Unordered;
        self.check_module(!unordered, "atomicrmw instructions cannot be unordered.", &[Subject::Inst(f.g, i)])?;
        let name = RMW_OPS.get(usize::from(op)).copied();
        let el = self.operand_ty(f, i, 1);
        let (ok, what) = match name {
            Some("xchg") => (
                el.is_some_and(|t| ty.is_int(t) || ty.is_fp(t) || ty.is_ptr(t)),
                "operand must have integer or floating point type!",
            ),
            Some(n) if is_fp_operation(n) => (
                el.is_some_and(|t| ty.is_fp_or_fp_vector(t) && !matches!(ty.vector(t), Some((true, ..)))),
                "operand must have floating-point or fixed vector of floating-point type!",
            ),
            _ => (el.is_some_and(|t| ty.is_int(t)), "operand must have integer type!"),
        };
        if !ok {
            let msg = format!("atomicrmw {} {what}", name.unwrap_or("<invalid operation>"));
            let mut s = vec![Subject::Inst(f.g, i)];
            s.extend(el.map(Subject::Type));
            self.fail_module(msg, &s);
            return None;
        }
        let el = el?;
        self.check_atomic_mem_access_size(f, el, i)?;
        self.check_module(name.is_some(), "Invalid binary operation!", &[Subject::Inst(f.g, i)])?;
        self.visit_instruction(f, i)
    }
}
