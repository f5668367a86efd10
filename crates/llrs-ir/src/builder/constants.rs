//! Constants made through the builder, with their types checked.

use super::types::{is_int, is_ptr, is_value_type};
use super::{BuildError, BuildErrorKind as K, FunctionBuilder};
use crate::constants::Const;
use crate::module::GlobalId;
use crate::types::{Type, TypeId};
use crate::value::Value;

impl FunctionBuilder<'_> {
    /// An integer constant of integer type `ty` (sign-extended or truncated from `v`).
    pub fn const_int(&mut self, ty: TypeId, v: i64) -> Result<Value, BuildError> {
        self.check_type_id("constant", ty)?;
        if !is_int(&self.m.ctx, ty) {
            return Err(self.wrong_type("constant", "type", "an integer type", ty));
        }
        Ok(Value::Const(self.m.ctx.const_int(ty, v)))
    }

    /// A floating-point constant of type `ty` (`half`, `bfloat`, `float` or `double`; the value
    /// rounded to the type's precision).
    pub fn const_float(&mut self, ty: TypeId, v: f64) -> Result<Value, BuildError> {
        use crate::types::FloatKind as F;
        self.check_type_id("constant", ty)?;
        let bits = match self.m.ctx.type_of(ty) {
            Type::Float(F::Double) => u128::from(v.to_bits()),
            Type::Float(F::Float) => u128::from((v as f32).to_bits()),
            // bfloat is the top half of a float (rounded to nearest even).
            Type::Float(F::BFloat) => {
                let f = (v as f32).to_bits();
                let rounded =
                    if (v as f32).is_nan() { f | 0x0040_0000 } else { f.wrapping_add(0x7fff + ((f >> 16) & 1)) };
                u128::from(rounded >> 16)
            }
            Type::Float(F::Half) => u128::from(f64_to_half(v)),
            _ => return Err(self.wrong_type("constant", "type", "half, bfloat, float or double", ty)),
        };
        Ok(Value::Const(self.m.ctx.konst(Const::Float(ty, bits))))
    }

    /// `null` of a pointer type.
    pub fn const_null(&mut self, ty: TypeId) -> Result<Value, BuildError> {
        self.check_type_id("constant", ty)?;
        if !is_ptr(&self.m.ctx, ty) {
            return Err(self.wrong_type("constant", "type", "a pointer type", ty));
        }
        Ok(Value::Const(self.m.ctx.konst(Const::Null(ty))))
    }

    /// `poison` of a first-class type.
    pub fn const_poison(&mut self, ty: TypeId) -> Result<Value, BuildError> {
        self.check_type_id("constant", ty)?;
        if !is_value_type(&self.m.ctx, ty) {
            return Err(self.wrong_type("constant", "type", "a first-class type", ty));
        }
        Ok(Value::Const(self.m.ctx.konst(Const::Poison(ty))))
    }

    /// A constant (interned in the module's context).
    pub fn konst(&mut self, c: Const) -> Value {
        Value::Const(self.m.ctx.konst(c))
    }

    /// The address of a global as a value (`ptr` in the global's address space).
    pub fn global(&mut self, g: GlobalId) -> Result<Value, BuildError> {
        let Some(gl) = self.m.globals.get(g) else {
            return Err(BuildError::new("global", K::InvalidValue(format!("global #{} does not exist", g.0))));
        };
        let ty = self.m.ctx.ptr_ty(gl.addrspace);
        Ok(Value::Const(self.m.ctx.konst(Const::Global(ty, g))))
    }
}

/// IEEE binary16 bits of `v`, rounded to nearest even.
fn f64_to_half(v: f64) -> u16 {
    let sign = if v.is_sign_negative() { 0x8000 } else { 0 };
    if v.is_nan() {
        return sign | 0x7e00;
    }
    let a = v.abs();
    if a >= 65520.0 {
        return sign | 0x7c00; // rounds to infinity
    }
    if a < 2f64.powi(-14) {
        // Subnormal: units of 2^-24.
        let q = (a * 2f64.powi(24)).round_ties_even();
        return sign | q as u16;
    }
    let e = a.log2().floor() as i32;
    // Guard against log2 rounding at exact powers of two.
    let e = if 2f64.powi(e) > a {
        e - 1
    } else if 2f64.powi(e + 1) <= a {
        e + 1
    } else {
        e
    };
    let m = (a / 2f64.powi(e) - 1.0) * 1024.0;
    let m = m.round_ties_even() as u32;
    let (e, m) = if m == 1024 { (e + 1, 0) } else { (e, m) };
    if e > 15 {
        return sign | 0x7c00;
    }
    sign | (((e + 15) as u16) << 10) | m as u16
}
