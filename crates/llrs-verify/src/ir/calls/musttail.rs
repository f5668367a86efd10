//! `verifyMustTailCall` and `verifyTailCCMustTailAttrs`: what a `musttail` call needs of its
//! caller, its callee and the instructions after it.

use super::site::{signature, Site};
use super::FnCtx;
use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::attributes::{Attr, AttrsId};
use llrs_ir::instructions::AttrList;
use llrs_ir::{Const, InstId, Opcode, TypeId, Value};

/// The calling conventions `tailcc` and `swifttailcc`.
const TAIL_CC: u32 = 18;
const SWIFT_TAIL_CC: u32 = 20;

/// The parameter attributes that change the ABI (`getParameterABIAttributes`), `align` only
/// with `byval` or `byref`.
const ABI_ATTRS: [&str; 10] = [
    "sret",
    "byval",
    "inalloca",
    "inreg",
    "alignstack",
    "swiftself",
    "swiftasync",
    "swifterror",
    "preallocated",
    "byref",
];

impl<'m> Verifier<'m> {
    /// `getParameterABIAttributes(I, Attrs)`.
    fn abi_attrs(&self, list: &AttrList, k: usize) -> Vec<&'m Attr> {
        let set: AttrsId = list.param(k);
        let mut out: Vec<&'m Attr> = ABI_ATTRS.iter().filter_map(|kind| self.attr(set, kind)).collect();
        if self.has(set, "byval") || self.has(set, "byref") {
            out.extend(self.attr(set, "align"));
        }
        out
    }

    /// `verifyTailCCMustTailAttrs(Attrs, Context)`.
    fn verify_tailcc_must_tail_attrs(&mut self, attrs: &[&Attr], context: &str) -> Step {
        let m = self.v.m;
        let has = |kind: &str| attrs.iter().any(|a| m.ctx.name(a.kind) == kind.as_bytes());
        for kind in ["inalloca", "inreg", "swifterror", "preallocated", "byref"] {
            if has(kind) {
                self.fail_module(format!("{kind} attribute not allowed in {context}"), &[]);
                return None;
            }
        }
        Some(())
    }

    /// `isTypeCongruent`: the same type, or pointers of the same address space.
    fn is_type_congruent(&self, l: TypeId, r: TypeId) -> bool {
        let ty = self.types();
        l == r || (ty.is_ptr(l) && ty.is_ptr(r) && ty.ptr_addrspace(l) == ty.ptr_addrspace(r))
    }

    /// `verifyMustTailCall`.
    pub(super) fn verify_must_tail_call(&mut self, f: &FnCtx<'_>, i: InstId, site: Site<'_>) -> Step {
        let m = self.v.m;
        let me = Subject::Inst(f.g, i);
        self.check_module(!site.is_inline_asm(), "cannot use musttail call with inline asm", &[me])?;
        let (Some(caller), Some(callee)) = (signature(&m.ctx, f.fn_ty), signature(&m.ctx, site.call.fn_ty)) else {
            return Some(());
        };
        let (caller_ret, caller_params, caller_vararg) = caller;
        let (callee_ret, callee_params, callee_vararg) = callee;
        self.check_module(
            caller_vararg == callee_vararg,
            "cannot guarantee tail call due to mismatched varargs",
            &[me],
        )?;
        self.check_module(
            self.is_type_congruent(caller_ret, callee_ret),
            "cannot guarantee tail call due to mismatched return types",
            &[me],
        )?;
        self.check_module(
            f.fd.cconv == site.call.cconv,
            "cannot guarantee tail call due to mismatched calling conv",
            &[me],
        )?;

        // The call must come right before a `ret` (a bitcast may stand between) that returns
        // its value or nothing.
        let mut ret_val = Value::Inst(i);
        let insts = f.block_of(i).map_or(&[][..], |b| &f.body.blocks[b].insts[..]);
        let pos = insts.iter().position(|&x| x == i);
        let mut next = pos.and_then(|p| insts.get(p + 1)).copied();
        if let Some(bc) = next.filter(|&x| f.inst(x).op == Opcode::BitCast) {
            self.check_module(
                f.inst(bc).operands.first() == Some(&ret_val),
                "bitcast following musttail call must use the call",
                &[Subject::Inst(f.g, bc)],
            )?;
            ret_val = Value::Inst(bc);
            next = pos.and_then(|p| insts.get(p + 2)).copied();
        }
        let Some(ret) = next.filter(|&x| f.inst(x).op == Opcode::Ret) else {
            self.fail_module("musttail call must precede a ret with an optional bitcast", &[me]);
            return None;
        };
        let ok = match f.inst(ret).operands.first() {
            None => true,
            Some(&v) if v == ret_val => true,
            Some(&Value::Const(c)) => matches!(m.ctx.const_of(c), Const::Undef(_) | Const::Poison(_)),
            Some(_) => false,
        };
        self.check_module(ok, "musttail call result must be returned", &[Subject::Inst(f.g, ret)])?;

        let caller_attrs = &f.fd.attrs;
        let callee_attrs = &site.call.attrs;
        let cc = site.call.cconv;
        if cc == TAIL_CC || cc == SWIFT_TAIL_CC {
            let name = if cc == TAIL_CC { "tailcc" } else { "swifttailcc" };
            for k in 0..caller_params.len() {
                let abi = self.abi_attrs(caller_attrs, k);
                let _ = self.verify_tailcc_must_tail_attrs(&abi, &format!("{name} musttail caller"));
            }
            for k in 0..callee_params.len() {
                let abi = self.abi_attrs(callee_attrs, k);
                let _ = self.verify_tailcc_must_tail_attrs(&abi, &format!("{name} musttail callee"));
            }
            if caller_vararg {
                self.fail_module(format!("cannot guarantee {name} tail call for varargs function"), &[]);
                return None;
            }
            return Some(());
        }

        // The prototypes must match (pointers may differ in what they point to).
        let intrinsic = self.callee_fn(site.inst).is_some_and(|g| self.intrinsic_of(g).is_some());
        if !intrinsic {
            self.check_module(
                caller_params.len() == callee_params.len(),
                "cannot guarantee tail call due to mismatched parameter counts",
                &[me],
            )?;
            for (&a, &b) in caller_params.iter().zip(callee_params) {
                self.check_module(
                    self.is_type_congruent(a, b),
                    "cannot guarantee tail call due to mismatched parameter types",
                    &[me],
                )?;
            }
        }

        // The ABI-changing parameter attributes must match.
        for k in 0..caller_params.len() {
            if self.abi_attrs(caller_attrs, k) != self.abi_attrs(callee_attrs, k) {
                let mut subjects = vec![me];
                subjects.extend(site.llvm_operand(k).map(|v| Subject::Value(f.g, v)));
                self.fail_module(
                    "cannot guarantee tail call due to mismatched ABI impacting function attributes",
                    &subjects,
                );
                return None;
            }
        }
        Some(())
    }
}
