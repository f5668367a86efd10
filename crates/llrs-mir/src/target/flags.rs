//! Target flags of machine operands and memory operands, and target indices: the values
//! `TargetInstrInfo::getSerializable*` name for MIR.

use super::Target;

/// A list of target flags: values and their MIR names, in LLVM's order.
#[derive(Debug, Clone, Copy)]
pub struct TargetFlags<'a> {
    list: &'a [(u32, String)],
    names: &'a super::names::NameTable,
}

impl<'a> TargetFlags<'a> {
    /// The value of a name.
    pub fn value(&self, name: impl AsRef<[u8]>) -> Option<u32> {
        self.names.find(name.as_ref()).and_then(|i| self.list.get(i)).map(|&(v, _)| v)
    }

    /// The first name of a value.
    pub fn name(&self, value: u32) -> Option<&'a str> {
        self.list.iter().find(|(v, _)| *v == value).map(|(_, n)| n.as_str())
    }

    /// Every (value, name), in LLVM's order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (u32, &'a str)> + 'a {
        self.list.iter().map(|(v, n)| (*v, n.as_str()))
    }

    /// The number of flags.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }
}

impl Target {
    /// Direct operand target flags (`getSerializableDirectMachineOperandTargetFlags`),
    /// printed `target-flags(x86-gotpcrel)`.
    pub fn direct_target_flags(&self) -> TargetFlags<'_> {
        TargetFlags { list: &self.data.direct_flags, names: &self.data.direct_names }
    }

    /// Bitmask operand target flags (`getSerializableBitmaskMachineOperandTargetFlags`).
    pub fn bitmask_target_flags(&self) -> TargetFlags<'_> {
        TargetFlags { list: &self.data.bitmask_flags, names: &self.data.bitmask_names }
    }

    /// Memory operand target flags (`getSerializableMachineMemOperandTargetFlags`), as
    /// `MachineMemOperand::Flags` bits.
    pub fn mmo_target_flags(&self) -> TargetFlags<'_> {
        TargetFlags { list: &self.data.mmo_flags, names: &self.data.mmo_names }
    }

    /// `decomposeMachineOperandsTargetFlags`: an operand's flags split into the direct
    /// flag and the bitmask flags. Exact for every 12-bit flag word (the generator checks
    /// that LLVM's split is this masking).
    pub fn decompose_target_flags(&self, flags: u32) -> (u32, u32) {
        (flags & self.data.direct_mask, flags & self.data.bitmask_mask)
    }

    /// Whether `decompose_target_flags` is LLVM's split (it is for every LLVM 22 target).
    pub fn target_flags_split_is_exact(&self) -> bool {
        self.data.split_is_linear
    }

    /// The value of a target index name (`getSerializableTargetIndices`).
    pub fn target_index(&self, name: impl AsRef<[u8]>) -> Option<i32> {
        let i = self.data.index_names.find(name.as_ref())?;
        self.data.target_indices.get(i).map(|&(v, _)| v)
    }

    /// The first name of a target index value.
    pub fn target_index_name(&self, value: i32) -> Option<&str> {
        self.data.target_indices.iter().find(|(v, _)| *v == value).map(|(_, n)| n.as_str())
    }

    /// Every target index (value, name), in LLVM's order.
    pub fn target_indices(&self) -> impl ExactSizeIterator<Item = (i32, &str)> {
        self.data.target_indices.iter().map(|(v, n)| (*v, n.as_str()))
    }
}
