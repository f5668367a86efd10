//! [`TargetInfo`] over the generated descriptions of `crate::target`.

use super::target::{InstrDesc, TargetInfo};
use crate::target::Target;
use smallvec::SmallVec;

/// A target's descriptions seen through [`TargetInfo`].
#[derive(Debug, Clone, Copy)]
pub struct TargetAdapter {
    target: &'static Target,
    arm: bool,
}

impl TargetAdapter {
    /// The adapter of a target.
    pub fn new(target: &'static Target) -> TargetAdapter {
        let arm = matches!(target.name(), "arm" | "thumb" | "armeb" | "thumbeb");
        TargetAdapter { target, arm }
    }
    /// The adapter of a triple (`None`: LLVM 22 has no such target).
    pub fn for_triple(triple: &str) -> Option<TargetAdapter> {
        Target::for_triple(triple).map(TargetAdapter::new)
    }
    /// The target.
    pub fn target(&self) -> &'static Target {
        self.target
    }
}

/// `ARMCondCodeToString`.
const ARM_CC: [&str; 15] = ["eq", "ne", "hs", "lo", "mi", "pl", "vs", "vc", "hi", "ls", "ge", "lt", "gt", "le", "al"];

impl TargetInfo for TargetAdapter {
    fn has_opcode(&self, name: &[u8]) -> bool {
        self.target.opcode(name).is_some()
    }
    fn has_register(&self, name: &[u8]) -> bool {
        self.target.reg(name).is_some()
    }
    fn is_reg_class(&self, name: &[u8]) -> bool {
        self.target.reg_class(name).is_some()
    }
    fn reg_class_spelling<'n>(&'n self, name: &'n [u8]) -> &'n [u8] {
        match self.target.reg_class(name) {
            Some(c) => self.target.reg_class_target_name(c).as_bytes(),
            None => name,
        }
    }
    fn is_reg_bank(&self, name: &[u8]) -> bool {
        self.target.reg_bank(name).is_some()
    }
    fn has_subreg_index(&self, name: &[u8]) -> bool {
        self.target.sub_reg_idx(name).is_some()
    }
    fn is_reg_mask(&self, name: &[u8]) -> bool {
        self.target.reg_mask(name).is_some()
    }
    fn is_target_flag(&self, name: &[u8]) -> bool {
        self.target.direct_target_flags().value(name).is_some() || self.is_bitmask_target_flag(name)
    }
    fn is_bitmask_target_flag(&self, name: &[u8]) -> bool {
        self.target.bitmask_target_flags().value(name).is_some()
    }
    fn is_target_index(&self, name: &[u8]) -> bool {
        self.target.target_index(name).is_some()
    }
    fn is_mmo_flag(&self, name: &[u8]) -> bool {
        self.target.mmo_target_flags().value(name).is_some()
    }
    fn print_target_flags(&self, names: &[&[u8]]) -> Option<Vec<String>> {
        let t = self.target;
        let (direct, bitmask) = (t.direct_target_flags(), t.bitmask_target_flags());
        let mut tf = 0u32;
        for (i, n) in names.iter().enumerate() {
            let v = if i == 0 { direct.value(n).or_else(|| bitmask.value(n)) } else { bitmask.value(n) };
            tf |= v?;
        }
        if tf == 0 {
            return Some(Vec::new());
        }
        let (d, mut b) = t.decompose_target_flags(tf);
        let mut out = Vec::new();
        if d == 0 && b == 0 {
            out.push("<unknown>".to_string());
            return Some(out);
        }
        if d != 0 {
            out.push(direct.name(d).unwrap_or("<unknown target flag>").to_string());
        }
        for (v, n) in bitmask.iter() {
            if v != 0 && b & v == v {
                out.push(n.to_string());
                b &= !v;
            }
        }
        if b != 0 {
            out.push("<unknown bitmask target flag>".to_string());
        }
        Some(out)
    }
    fn register_number(&self, name: &[u8]) -> Option<u32> {
        self.target.reg(name).map(|r| r.0)
    }
    fn mmo_flag_value(&self, name: &[u8]) -> Option<u32> {
        self.target.mmo_target_flags().value(name)
    }
    fn desc(&self, opcode: &[u8]) -> Option<InstrDesc<'_>> {
        let t = self.target;
        let op = t.opcode(opcode)?;
        let d = t.instr(op);
        let mut out = InstrDesc {
            num_operands: d.num_operands(),
            variadic: d.is_variadic(),
            is_call: d.is_call(),
            is_barrier: d.is_barrier(),
            implicit_defs: d.implicit_defs().map(|r| t.reg_name(r).as_bytes()).collect(),
            implicit_uses: d.implicit_uses().map(|r| t.reg_name(r).as_bytes()).collect(),
            tied_to: SmallVec::new(),
            early_clobber: SmallVec::new(),
            generic_type_index: SmallVec::new(),
            first_predicate: None,
        };
        let predicable = d.has(crate::target::InstrFlag::Predicable);
        for (i, o) in d.operands().enumerate() {
            out.tied_to.push(o.tied_to.map_or(-1, |t| t as i8));
            out.early_clobber.push(o.early_clobber);
            out.generic_type_index.push(o.generic_type_index().map_or(-1, |t| t as i8));
            if predicable && out.first_predicate.is_none() && o.is_predicate() {
                out.first_predicate = Some(i as u32);
            }
        }
        Some(out)
    }
    fn reg_class_name_by_id(&self, id: u32) -> Option<&[u8]> {
        if (id as usize) < self.target.num_reg_classes() {
            Some(self.target.reg_class_target_name(crate::target::RegClass(id)).as_bytes())
        } else {
            None
        }
    }
    fn imm_comment(&self, desc: &InstrDesc<'_>, op_index: usize, imm: i64) -> Option<String> {
        if !self.arm || desc.first_predicate != Some(op_index as u32) {
            return None;
        }
        let cc = usize::try_from(imm).ok().and_then(|i| ARM_CC.get(i)).copied().unwrap_or("");
        Some(format!("CC::{cc}"))
    }
}
