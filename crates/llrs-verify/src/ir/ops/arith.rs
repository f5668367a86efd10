//! `visitUnaryOperator`, `visitBinaryOperator`, `visitICmpInst`, `visitFCmpInst` and
//! `visitSelectInst` (with `SelectInst::areInvalidOperands`).

use super::{element_count, has};
use crate::ir::util::Types;
use crate::ir::FnCtx;
use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::instructions::CmpPred;
use llrs_ir::{InstExtra, InstId, Opcode, Type, TypeId};

impl Verifier<'_> {
    /// `visitUnaryOperator`.
    pub fn visit_unary_operator(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let inst = f.inst(i);
        let s = [Subject::Inst(f.g, i)];
        let same = Some(inst.ty) == self.operand_ty(f, i, 0);
        self.check_module(same, "Unary operators must have same type foroperands and result!", &s)?;
        if inst.op == Opcode::FNeg {
            let fp = self.types().is_fp_or_fp_vector(inst.ty);
            self.check_module(fp, "FNeg operator only works with float types!", &s)?;
        }
        self.visit_instruction(f, i)
    }

    /// `visitBinaryOperator`.
    pub fn visit_binary_operator(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        use Opcode::*;
        let inst = f.inst(i);
        let s = [Subject::Inst(f.g, i)];
        let (lhs, rhs) = (self.operand_ty(f, i, 0), self.operand_ty(f, i, 1));
        self.check_module(lhs == rhs, "Both operands to a binary operator are not of the same type!", &s)?;
        let ty = self.types();
        let (int, fp) = (ty.is_int_or_int_vector(inst.ty), ty.is_fp_or_fp_vector(inst.ty));
        let same = Some(inst.ty) == lhs;
        let (kind, kind_msg, same_msg) = match inst.op {
            Add | Sub | Mul | SDiv | UDiv | SRem | URem => (
                int,
                "Integer arithmetic operators only work with integral types!",
                "Integer arithmetic operators must have same type for operands and result!",
            ),
            FAdd | FSub | FMul | FDiv | FRem => (
                fp,
                "Floating-point arithmetic operators only work with floating-point types!",
                "Floating-point arithmetic operators must have same type for operands and result!",
            ),
            And | Or | Xor => (
                int,
                "Logical operators only work with integral types!",
                "Logical operators must have same type for operands and result!",
            ),
            Shl | LShr | AShr => {
                (int, "Shifts only work with integral types!", "Shift return type must be same as operands!")
            }
            _ => return self.visit_instruction(f, i),
        };
        self.check_module(kind, kind_msg, &s)?;
        self.check_module(same, same_msg, &s)?;
        self.visit_instruction(f, i)
    }

    /// `visitICmpInst`.
    pub fn visit_icmp(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let s = [Subject::Inst(f.g, i)];
        let (lhs, rhs) = (self.operand_ty(f, i, 0), self.operand_ty(f, i, 1));
        self.check_module(lhs == rhs, "Both operands to ICmp instruction are not of the same type!", &s)?;
        let ty = self.types();
        let ok = has(lhs, |t| ty.is_int_or_int_vector(t) || ty.is_ptr_or_ptr_vector(t));
        self.check_module(ok, "Invalid operand types for ICmp instruction", &s)?;
        let int_pred = matches!(f.inst(i).extra, InstExtra::Cmp(p) if p as u8 >= CmpPred::Eq as u8);
        self.check_module(int_pred, "Invalid predicate in ICmp instruction!", &s)?;
        self.visit_instruction(f, i)
    }

    /// `visitFCmpInst`.
    pub fn visit_fcmp(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let s = [Subject::Inst(f.g, i)];
        let (lhs, rhs) = (self.operand_ty(f, i, 0), self.operand_ty(f, i, 1));
        self.check_module(lhs == rhs, "Both operands to FCmp instruction are not of the same type!", &s)?;
        let ty = self.types();
        let ok = has(lhs, |t| ty.is_fp_or_fp_vector(t));
        self.check_module(ok, "Invalid operand types for FCmp instruction", &s)?;
        let fp_pred = matches!(f.inst(i).extra, InstExtra::Cmp(p) if p as u8 <= CmpPred::FTrue as u8);
        self.check_module(fp_pred, "Invalid predicate in FCmp instruction!", &s)?;
        self.visit_instruction(f, i)
    }

    /// `visitSelectInst`.
    pub fn visit_select(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let s = [Subject::Inst(f.g, i)];
        let ops = [self.operand_ty(f, i, 0), self.operand_ty(f, i, 1), self.operand_ty(f, i, 2)];
        let valid = select_operands_error(&self.types(), ops).is_none();
        self.check_module(valid, "Invalid operands for select instruction!", &s)?;
        self.check_module(
            ops[1] == Some(f.inst(i).ty),
            "Select values must have same type as select instruction!",
            &s,
        )?;
        self.visit_instruction(f, i)
    }
}

/// `SelectInst::areInvalidOperands(cond, true value, false value)`: why the operand types do
/// not make a `select`, `None` when they do.
pub(crate) fn select_operands_error(ty: &Types<'_>, [cond, a, b]: [Option<TypeId>; 3]) -> Option<&'static str> {
    if a != b {
        return Some("both values to select must have same type");
    }
    if has(a, |t| ty.is_token(t)) {
        return Some("select values cannot have token type");
    }
    let is_i1 = |t: TypeId| matches!(ty.of(t), Type::Int(1));
    if let Some((_, _, elem)) = cond.and_then(|c| ty.vector(c)) {
        if !is_i1(elem) {
            return Some("vector select condition element type must be i1");
        }
        if !has(a, |t| ty.is_vector(t)) {
            return Some("selected values for vector select must be vectors");
        }
        if element_count(ty, a) != element_count(ty, cond) {
            return Some("vector select requires selected vectors to have the same vector length as select condition");
        }
    } else if !has(cond, is_i1) {
        return Some("select condition must be i1 or <n x i1>");
    }
    None
}
