//! Arithmetic, comparisons, `select`, casts and `freeze`.

use super::types::{is_bool_or_vec, is_fp_or_vec, is_int_or_vec, is_ptr_or_vec, is_value_type, scalar, vec_shape};
use super::{BuildError, BuildErrorKind as K, FunctionBuilder};
use crate::instructions::{flags as fl, CmpPred, InstData, InstExtra, Opcode};
use crate::types::{Type, TypeId};
use crate::value::Value;

/// The flags an opcode takes (LLVM's `nuw`/`nsw`, `exact`, `disjoint`, `nneg`).
fn allowed_flags(op: Opcode) -> u16 {
    use Opcode::*;
    match op {
        Add | Sub | Mul | Shl => fl::NUW | fl::NSW,
        UDiv | SDiv | LShr | AShr => fl::EXACT,
        Or => fl::DISJOINT,
        Trunc => fl::NUW | fl::NSW,
        ZExt | UIToFP => fl::NNEG,
        _ => 0,
    }
}

/// Opcodes that take floating-point operands.
fn is_fp_op(op: Opcode) -> bool {
    matches!(op, Opcode::FAdd | Opcode::FSub | Opcode::FMul | Opcode::FDiv | Opcode::FRem)
}

impl FunctionBuilder<'_> {
    /// A binary operator (`add`, `fmul`, `shl`, ...) with [`crate::instructions::flags`]
    /// (`NUW`/`NSW` on add, sub, mul and shl; `EXACT` on divisions and right shifts; `DISJOINT`
    /// on or). Both operands must have one type: integers (or vectors of them) for the integer
    /// opcodes, floating point (or vectors) for `fadd`, `fsub`, `fmul`, `fdiv`, `frem`.
    pub fn binop(
        &mut self,
        op: Opcode,
        a: Value,
        b: Value,
        flags: u16,
        name: Option<&str>,
    ) -> Result<Value, BuildError> {
        let inst = op.name();
        if !op.is_binary() {
            return Err(BuildError::new(inst, K::Other("not a binary operator".into())));
        }
        let ta = self.operand_ty(inst, a)?;
        let tb = self.operand_ty(inst, b)?;
        self.same_type(inst, ta, tb)?;
        let ctx = &self.m.ctx;
        if is_fp_op(op) {
            if !is_fp_or_vec(ctx, ta) {
                return Err(self.wrong_type(inst, "operand", "floating point or a vector of floating point", ta));
            }
        } else if !is_int_or_vec(ctx, ta) {
            return Err(self.wrong_type(inst, "operand", "an integer or a vector of integers", ta));
        }
        if flags & !allowed_flags(op) != 0 {
            return Err(BuildError::new(inst, K::InvalidFlags(flags & !allowed_flags(op))));
        }
        let mut d = InstData::new(op, ta, [a, b]);
        d.flags = flags;
        self.insert(inst, d, name)
    }

    /// `fneg v`: floating point or a vector of it.
    pub fn fneg(&mut self, v: Value, name: Option<&str>) -> Result<Value, BuildError> {
        let t = self.operand_ty("fneg", v)?;
        if !is_fp_or_vec(&self.m.ctx, t) {
            return Err(self.wrong_type("fneg", "operand", "floating point or a vector of floating point", t));
        }
        self.insert("fneg", InstData::new(Opcode::FNeg, t, [v]), name)
    }

    /// The `i1` (or vector of `i1`) type a comparison of `t` gives.
    fn bool_like(&mut self, t: TypeId) -> TypeId {
        let i1 = self.m.ctx.int_ty(1);
        match vec_shape(&self.m.ctx, t) {
            Some((scalable, len, _)) => self.m.ctx.ty(Type::Vector { scalable, len, elem: i1 }),
            None => i1,
        }
    }

    /// `icmp pred a, b`: integers or pointers (or vectors of them) of one type, an integer
    /// predicate (`Eq` ... `Sle`).
    pub fn icmp(&mut self, pred: CmpPred, a: Value, b: Value, name: Option<&str>) -> Result<Value, BuildError> {
        let ta = self.operand_ty("icmp", a)?;
        let tb = self.operand_ty("icmp", b)?;
        self.same_type("icmp", ta, tb)?;
        if (pred as u8) < CmpPred::Eq as u8 {
            return Err(BuildError::new("icmp", K::Other(format!("{} is not an icmp predicate", pred.name()))));
        }
        if !is_int_or_vec(&self.m.ctx, ta) && !is_ptr_or_vec(&self.m.ctx, ta) {
            return Err(self.wrong_type("icmp", "operand", "an integer, a pointer or a vector of them", ta));
        }
        let rt = self.bool_like(ta);
        let mut d = InstData::new(Opcode::ICmp, rt, [a, b]);
        d.extra = InstExtra::Cmp(pred);
        self.insert("icmp", d, name)
    }

    /// `fcmp pred a, b`: floating point (or vectors of it) of one type, a floating-point
    /// predicate (`FFalse` ... `FTrue`).
    pub fn fcmp(&mut self, pred: CmpPred, a: Value, b: Value, name: Option<&str>) -> Result<Value, BuildError> {
        let ta = self.operand_ty("fcmp", a)?;
        let tb = self.operand_ty("fcmp", b)?;
        self.same_type("fcmp", ta, tb)?;
        if (pred as u8) >= CmpPred::Eq as u8 {
            return Err(BuildError::new("fcmp", K::Other(format!("{} is not an fcmp predicate", pred.name()))));
        }
        if !is_fp_or_vec(&self.m.ctx, ta) {
            return Err(self.wrong_type("fcmp", "operand", "floating point or a vector of floating point", ta));
        }
        let rt = self.bool_like(ta);
        let mut d = InstData::new(Opcode::FCmp, rt, [a, b]);
        d.extra = InstExtra::Cmp(pred);
        self.insert("fcmp", d, name)
    }

    /// `select c, a, b`: `c` is `i1`, or a vector of `i1` as long as the vectors `a` and `b`,
    /// which have one type.
    pub fn select(&mut self, c: Value, a: Value, b: Value, name: Option<&str>) -> Result<Value, BuildError> {
        let tc = self.operand_ty("select", c)?;
        let ta = self.operand_ty("select", a)?;
        let tb = self.operand_ty("select", b)?;
        if !is_bool_or_vec(&self.m.ctx, tc) {
            return Err(self.wrong_type("select", "condition", "i1 or a vector of i1", tc));
        }
        self.same_type("select", ta, tb)?;
        if !is_value_type(&self.m.ctx, ta) || matches!(self.m.ctx.type_of(ta), Type::Token) {
            return Err(self.wrong_type("select", "operand", "a first-class value", ta));
        }
        if let Some((s, n, _)) = vec_shape(&self.m.ctx, tc) {
            if vec_shape(&self.m.ctx, ta).map(|v| (v.0, v.1)) != Some((s, n)) {
                return Err(self.wrong_type("select", "operand", "a vector as long as the condition", ta));
            }
        }
        self.insert("select", InstData::new(Opcode::Select, ta, [c, a, b]), name)
    }

    /// A cast of `v` to `ty` (`trunc`, `zext`, `bitcast`, `ptrtoint`, ...), valid as
    /// `CastInst::castIsValid` says: e.g. `trunc` to a narrower integer, `bitcast` between types
    /// of one size that are not aggregates.
    pub fn cast(&mut self, op: Opcode, v: Value, ty: TypeId, name: Option<&str>) -> Result<Value, BuildError> {
        self.cast_with_flags(op, v, ty, 0, name)
    }

    /// [`FunctionBuilder::cast`] with flags: `NUW`/`NSW` on `trunc`, `NNEG` on `zext` and
    /// `uitofp`.
    pub fn cast_with_flags(
        &mut self,
        op: Opcode,
        v: Value,
        ty: TypeId,
        flags: u16,
        name: Option<&str>,
    ) -> Result<Value, BuildError> {
        let inst = op.name();
        if !op.is_cast() {
            return Err(BuildError::new(inst, K::Other("not a cast".into())));
        }
        let src = self.operand_ty(inst, v)?;
        self.check_type_id(inst, ty)?;
        if !crate::fold::cast_is_valid(&self.m.ctx, op, src, ty) {
            return Err(BuildError::new(inst, K::InvalidCast { from: self.tname(src), to: self.tname(ty) }));
        }
        if flags & !allowed_flags(op) != 0 {
            return Err(BuildError::new(inst, K::InvalidFlags(flags & !allowed_flags(op))));
        }
        let mut d = InstData::new(op, ty, [v]);
        d.flags = flags;
        self.insert(inst, d, name)
    }

    /// `freeze v`: any first-class value.
    pub fn freeze(&mut self, v: Value, name: Option<&str>) -> Result<Value, BuildError> {
        let t = self.operand_ty("freeze", v)?;
        if !is_value_type(&self.m.ctx, t) || matches!(self.m.ctx.type_of(t), Type::Token) {
            return Err(self.wrong_type("freeze", "operand", "a first-class value", t));
        }
        self.insert("freeze", InstData::new(Opcode::Freeze, t, [v]), name)
    }

    /// Sets the fast-math flags ([`crate::instructions::fmf`]) of a floating-point operation
    /// built here: `fneg`, the floating-point binary operators, `fcmp`, floating-point casts, and
    /// `phi`, `select` or `call` of a floating-point type.
    pub fn set_fast_math(&mut self, v: Value, fmf: u8) -> Result<(), BuildError> {
        let Value::Inst(i) = v else {
            return Err(BuildError::new("fast-math", K::InvalidValue("not an instruction".into())));
        };
        let Some(d) = self.body().and_then(|b| b.insts.get(i)) else {
            return Err(BuildError::new("fast-math", K::InvalidValue(format!("instruction #{} does not exist", i.0))));
        };
        let (op, ty) = (d.op, d.ty);
        let fp_ty = {
            let ctx = &self.m.ctx;
            let mut t = ty;
            while let Type::Array(_, e) = ctx.type_of(t) {
                t = *e;
            }
            super::types::is_fp(ctx, scalar(ctx, t))
        };
        use Opcode::*;
        let ok = match op {
            FNeg | FAdd | FSub | FMul | FDiv | FRem | FCmp => true,
            FPTrunc | FPExt | UIToFP | SIToFP => true,
            Phi | Select | Call => fp_ty,
            _ => false,
        };
        if !ok || fmf > crate::instructions::fmf::FAST {
            return Err(BuildError::new(op.name(), K::Other("fast-math flags are not allowed here".into())));
        }
        self.body_mut().insts[i].fmf = fmf;
        Ok(())
    }
}
