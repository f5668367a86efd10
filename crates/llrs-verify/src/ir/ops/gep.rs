//! `visitGetElementPtrInst`, with `GetElementPtrInst::getIndexedType` and
//! `StructType::indexValid`.

use super::{element_count, has};
use crate::ir::FnCtx;
use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::{Const, ConstId, Context, InstExtra, InstId, Type, TypeId, Value};

impl Verifier<'_> {
    /// `visitGetElementPtrInst`.
    pub fn visit_gep(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let ty = self.types();
        let inst = f.inst(i);
        let s = [Subject::Inst(f.g, i)];
        let ptr_ty = self.operand_ty(f, i, 0);
        let idxs = inst.operands.get(1..).unwrap_or(&[]);
        let src = match inst.extra {
            InstExtra::Gep(t) => Some(t),
            _ => None,
        };
        let base_is_ptr = has(ptr_ty, |t| ty.is_ptr(ty.scalar(t)));
        self.check_module(base_is_ptr, "GEP base pointer is not a vector or a vector of pointers", &s)?;
        let sized = has(src, |t| self.is_sized_type(t));
        self.check_module(sized, "GEP into unsized type!", &s)?;
        if let Some(src) = src.filter(|&t| ty.is_struct(t)) {
            let scalable = self.type_scalable(src);
            self.check_module(
                !scalable,
                "getelementptr cannot target structure that contains scalable vectortype",
                &s,
            )?;
        }
        let idx_tys: Vec<Option<TypeId>> = idxs.iter().map(|&v| self.value_ty(f, v)).collect();
        let all_int = idx_tys.iter().all(|&t| has(t, |t| ty.is_int_or_int_vector(t)));
        self.check_module(all_int, "GEP indexes must be integers", &s)?;
        let el_ty = src.and_then(|src| self.gep_indexed_type(f, src, idxs));
        self.check_module(el_ty.is_some(), "Invalid indices for GEP pointer type!", &s)?;
        let result_ptr = ty.ptr_addrspace(inst.ty);
        if result_ptr.is_none() {
            let mut subjects = s.to_vec();
            subjects.extend(el_ty.map(Subject::Type));
            self.fail_module("GEP is not of right type for indices!", &subjects);
            return None;
        }
        if let Some(width) = element_count(&ty, Some(inst.ty)) {
            if has(ptr_ty, |t| ty.is_vector(t)) {
                let same = element_count(&ty, ptr_ty) == Some(width);
                self.check_module(same, "Vector GEP result width doesn't match operand's", &s)?;
            }
            for &t in &idx_tys {
                if let Some(w) = element_count(&ty, t) {
                    self.check_module(w == width, "Invalid GEP index vector width", &s)?;
                }
                self.check_module(
                    has(t, |t| ty.is_int_or_int_vector(t)),
                    "All GEP indices should be of integer type",
                    &[],
                )?;
            }
        }
        let base_space = ptr_ty.and_then(|t| ty.ptr_addrspace(t));
        self.check_module(base_space == result_ptr, "GEP address space doesn't match type", &s)?;
        self.visit_instruction(f, i)
    }

    /// `GetElementPtrInst::getIndexedType(SrcElTy, Idxs)`: the type the indices after the first
    /// select (`getTypeAtIndex` for each); `None` when one does not.
    pub(crate) fn gep_indexed_type(&self, f: &FnCtx<'_>, src: TypeId, idxs: &[Value]) -> Option<TypeId> {
        let ty = self.types();
        let ctx = &self.v.m.ctx;
        let mut cur = src;
        for &v in idxs.iter().skip(1) {
            let vt = self.value_ty(f, v)?;
            cur = match ty.of(cur) {
                Type::Struct { .. } | Type::Named(_) => {
                    // `StructType::indexValid`: an i32 constant (or a fixed vector splat of one)
                    // in range.
                    if ty.int_bits(ty.scalar(vt)) != Some(32) || matches!(ty.vector(vt), Some((true, ..))) {
                        return None;
                    }
                    let Value::Const(c) = v else { return None };
                    let n = splat_int(ctx, c, 0)?;
                    let elems = ty.struct_elems(cur).unwrap_or(&[]);
                    *elems.get(usize::try_from(n).ok()?)?
                }
                _ if !ty.is_int_or_int_vector(vt) => return None,
                Type::Array(_, elem) | Type::Vector { elem, .. } => *elem,
                _ => return None,
            };
        }
        Some(cur)
    }
}

/// The value of a `ConstantInt`, or of the splat a constant vector is (`getSplatValue`), as
/// an unsigned 64-bit number.
fn splat_int(ctx: &Context, c: ConstId, depth: u32) -> Option<u64> {
    if depth > 2 {
        return None;
    }
    match ctx.const_of(c) {
        Const::Int(_, v) => v.to_u64(),
        Const::Zero(_) => Some(0),
        Const::Splat(_, e) => splat_int(ctx, *e, depth + 1),
        Const::Vector(_, elems) => {
            let (&first, rest) = elems.split_first()?;
            let k = ctx.const_of(first);
            if rest.iter().all(|&e| e == first || ctx.const_of(e) == k) {
                splat_int(ctx, first, depth + 1)
            } else {
                None
            }
        }
        _ => None,
    }
}
