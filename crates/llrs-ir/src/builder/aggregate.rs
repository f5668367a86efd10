//! Aggregates and vectors: `extractvalue`, `insertvalue`, `extractelement`, `insertelement`,
//! `shufflevector`.

use super::types::{indexed_type, is_aggregate, is_int, vec_shape};
use super::{BuildError, BuildErrorKind as K, FunctionBuilder};
use crate::constants::Const;
use crate::instructions::IndexList;
use crate::instructions::{InstData, InstExtra, Opcode};
use crate::types::Type;
use crate::value::Value;

impl FunctionBuilder<'_> {
    fn bad_indices(&self, inst: &str, idx: &[u32], t: crate::types::TypeId) -> BuildError {
        BuildError::new(inst, K::InvalidIndices(format!("indices {idx:?} are not valid for {}", self.tname(t))))
    }

    /// `extractvalue agg, i, j, ...`: the field at the (non-empty) indices of a struct or array.
    pub fn extract_value(&mut self, agg: Value, idx: &[u32], name: Option<&str>) -> Result<Value, BuildError> {
        let at = self.operand_ty("extractvalue", agg)?;
        if !is_aggregate(&self.m.ctx, at) {
            return Err(self.wrong_type("extractvalue", "operand", "a struct or an array", at));
        }
        let Some(rt) = indexed_type(&self.m.ctx, at, idx) else {
            return Err(self.bad_indices("extractvalue", idx, at));
        };
        let mut d = InstData::new(Opcode::ExtractValue, rt, [agg]);
        d.extra = InstExtra::Indices(IndexList::from_slice(idx));
        self.insert("extractvalue", d, name)
    }

    /// `insertvalue agg, v, i, j, ...`: `v` has the type of the field at the indices.
    pub fn insert_value(&mut self, agg: Value, v: Value, idx: &[u32], name: Option<&str>) -> Result<Value, BuildError> {
        let at = self.operand_ty("insertvalue", agg)?;
        let vt = self.operand_ty("insertvalue", v)?;
        if !is_aggregate(&self.m.ctx, at) {
            return Err(self.wrong_type("insertvalue", "operand", "a struct or an array", at));
        }
        let Some(ft) = indexed_type(&self.m.ctx, at, idx) else {
            return Err(self.bad_indices("insertvalue", idx, at));
        };
        self.same_type("insertvalue", ft, vt)?;
        let mut d = InstData::new(Opcode::InsertValue, at, [agg, v]);
        d.extra = InstExtra::Indices(IndexList::from_slice(idx));
        self.insert("insertvalue", d, name)
    }

    /// `extractelement vec, idx`: an element of a vector, at an integer index.
    pub fn extract_element(&mut self, vec: Value, idx: Value, name: Option<&str>) -> Result<Value, BuildError> {
        let vt = self.operand_ty("extractelement", vec)?;
        let it = self.operand_ty("extractelement", idx)?;
        let Some((_, _, elem)) = vec_shape(&self.m.ctx, vt) else {
            return Err(self.wrong_type("extractelement", "operand", "a vector", vt));
        };
        if !is_int(&self.m.ctx, it) {
            return Err(self.wrong_type("extractelement", "index", "an integer", it));
        }
        self.insert("extractelement", InstData::new(Opcode::ExtractElement, elem, [vec, idx]), name)
    }

    /// `insertelement vec, elt, idx`: `elt` of the vector's element type, an integer index.
    pub fn insert_element(
        &mut self,
        vec: Value,
        elt: Value,
        idx: Value,
        name: Option<&str>,
    ) -> Result<Value, BuildError> {
        let vt = self.operand_ty("insertelement", vec)?;
        let et = self.operand_ty("insertelement", elt)?;
        let it = self.operand_ty("insertelement", idx)?;
        let Some((_, _, elem)) = vec_shape(&self.m.ctx, vt) else {
            return Err(self.wrong_type("insertelement", "operand", "a vector", vt));
        };
        self.same_type("insertelement", elem, et)?;
        if !is_int(&self.m.ctx, it) {
            return Err(self.wrong_type("insertelement", "index", "an integer", it));
        }
        self.insert("insertelement", InstData::new(Opcode::InsertElement, vt, [vec, elt, idx]), name)
    }

    /// `shufflevector a, b, mask`: two vectors of one type; `mask` picks elements of their
    /// concatenation (`-1` for poison). The result has the mask's length. A scalable vector
    /// takes only an all-zero or all-poison mask.
    pub fn shuffle_vector(
        &mut self,
        a: Value,
        b: Value,
        mask: &[i32],
        name: Option<&str>,
    ) -> Result<Value, BuildError> {
        let inst = "shufflevector";
        let ta = self.operand_ty(inst, a)?;
        let tb = self.operand_ty(inst, b)?;
        self.same_type(inst, ta, tb)?;
        let Some((scalable, len, elem)) = vec_shape(&self.m.ctx, ta) else {
            return Err(self.wrong_type(inst, "operand", "a vector", ta));
        };
        if mask.is_empty() || u32::try_from(mask.len()).is_err() {
            return Err(BuildError::new(inst, K::InvalidIndices("the mask is empty".into())));
        }
        let limit = 2 * i64::from(len);
        if let Some(&bad) = mask.iter().find(|&&i| i < -1 || i64::from(i) >= limit) {
            return Err(BuildError::new(inst, K::InvalidIndices(format!("mask element {bad} is out of range"))));
        }
        if scalable && !(mask.iter().all(|&i| i == 0) || mask.iter().all(|&i| i == -1)) {
            return Err(BuildError::new(
                inst,
                K::InvalidIndices("a scalable shuffle takes a zero or poison mask".into()),
            ));
        }
        let i32t = self.m.ctx.int_ty(32);
        let n = mask.len() as u32;
        let mty = self.m.ctx.ty(Type::Vector { scalable, len: n, elem: i32t });
        let elems: Vec<_> =
            mask.iter()
                .map(|&i| {
                    if i < 0 {
                        self.m.ctx.konst(Const::Poison(i32t))
                    } else {
                        self.m.ctx.const_int(i32t, i64::from(i))
                    }
                })
                .collect();
        let mask_c = if scalable {
            crate::fold::splat(&mut self.m.ctx, mty, elems[0])
        } else {
            crate::fold::vector(&mut self.m.ctx, mty, elems)
        };
        let rt = self.m.ctx.ty(Type::Vector { scalable, len: n, elem });
        let mut d = InstData::new(Opcode::ShuffleVector, rt, [a, b]);
        d.extra = InstExtra::Shuffle(mask_c);
        self.insert(inst, d, name)
    }
}
