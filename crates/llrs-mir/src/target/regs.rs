//! Registers, their subregisters, register classes, subregister indices, register banks
//! and register masks.

use super::data::Span;
use super::ids::{Reg, RegBank, RegClass, RegMask, SubRegIdx};
use super::Target;

/// A register class's sizes in the target's mode (`TargetRegisterInfo`'s `RegClassInfo`),
/// and whether the allocator may use it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RegClassInfo {
    /// `getRegSizeInBits`.
    pub size_in_bits: u32,
    /// `getSpillSize`, in bytes.
    pub spill_size: u32,
    /// `getSpillAlign`, in bytes (0 for the few classes that have none).
    pub spill_align: u32,
    /// `isAllocatable`.
    pub allocatable: bool,
}

impl Target {
    /// The number of registers (register 0, `$noreg`, included).
    pub fn num_regs(&self) -> usize {
        self.data.reg_names.len()
    }

    /// The register of a MIR name, lowercase and without `$` (`eax`, `noreg`).
    pub fn reg(&self, name: impl AsRef<[u8]>) -> Option<Reg> {
        if name.as_ref() == b"noreg" {
            return Some(Reg::NONE);
        }
        self.data.reg_names.find(name.as_ref()).map(|i| Reg(i as u32))
    }

    /// A register's MIR name, lowercase, without `$`: `noreg` for register 0, "" out of
    /// range.
    pub fn reg_name(&self, reg: Reg) -> &str {
        if reg == Reg::NONE {
            return "noreg";
        }
        self.data.reg_names.get(reg.index()).unwrap_or("")
    }

    /// A register's subregisters with their indices, direct and indirect, in LLVM's
    /// order (`MCSubRegIndexIterator`). The first call decodes the target's subregister
    /// table.
    pub fn sub_regs(&self, reg: Reg) -> impl Iterator<Item = (SubRegIdx, Reg)> + '_ {
        self.data
            .subregs()
            .into_iter()
            .flat_map(move |s| s.of(reg.index()))
            .map(|(idx, sub)| (SubRegIdx(u32::from(idx)), Reg(u32::from(sub))))
    }

    /// The subregister of `reg` at `idx` (`getSubReg`).
    pub fn sub_reg(&self, reg: Reg, idx: SubRegIdx) -> Option<Reg> {
        self.sub_regs(reg).find(|&(i, _)| i == idx).map(|(_, r)| r)
    }

    /// The number of register classes.
    pub fn num_reg_classes(&self) -> usize {
        self.data.class_names.len()
    }

    /// The register class of a MIR name, lowercase (`gr32`).
    pub fn reg_class(&self, name: impl AsRef<[u8]>) -> Option<RegClass> {
        self.data.class_names.find(name.as_ref()).map(|i| RegClass(i as u32))
    }

    /// A register class's MIR name, lowercase ("" out of range).
    pub fn reg_class_name(&self, class: RegClass) -> &str {
        self.data.class_names.get(class.index()).unwrap_or("")
    }

    /// A register class's name as the target spells it (`TRI->getRegClassName`: `GR64`,
    /// `GPR32common`), which inline asm operand comments print ("" out of range).
    pub fn reg_class_target_name(&self, class: RegClass) -> &str {
        self.data.class_target_names.get(class.index()).unwrap_or("")
    }

    fn members_span(&self, class: RegClass) -> Span {
        let members = &self.data.class_members;
        members.get(class.index()).copied().unwrap_or_default()
    }

    /// A class's registers in allocation order.
    pub fn reg_class_members(&self, class: RegClass) -> impl ExactSizeIterator<Item = Reg> + '_ {
        let span = self.members_span(class);
        span.of(&self.data.member_pool).iter().map(|&r| Reg(u32::from(r)))
    }

    /// Whether `reg` is in `class` (`contains`).
    pub fn reg_class_contains(&self, class: RegClass, reg: Reg) -> bool {
        let Ok(reg) = u16::try_from(reg.0) else {
            return false;
        };
        let span = self.members_span(class);
        span.of(&self.data.sorted_member_pool).binary_search(&reg).is_ok()
    }

    /// A class's sizes in this target's mode.
    pub fn reg_class_info(&self, class: RegClass) -> RegClassInfo {
        let sizes = self.mode_data().and_then(|m| m.class_sizes.get(class.index()).copied());
        let (size, spill, align) = sizes.map_or((0, 0, 0), |s| (s.reg_size, s.spill_size / 8, s.spill_align / 8));
        RegClassInfo {
            size_in_bits: size,
            spill_size: spill,
            spill_align: align,
            allocatable: self.data.class_allocatable.get(class.index()).copied().unwrap_or(false),
        }
    }

    /// The number of subregister indices, counting 0 ("no index") as LLVM's
    /// `getNumSubRegIndices` does.
    pub fn num_sub_reg_indices(&self) -> usize {
        self.data.subreg_idx_names.len() + 1
    }

    /// The subregister index of a name (`sub_32bit`; case matters).
    pub fn sub_reg_idx(&self, name: impl AsRef<[u8]>) -> Option<SubRegIdx> {
        let i = self.data.subreg_idx_names.find(name.as_ref())?;
        Some(SubRegIdx(i as u32 + 1))
    }

    /// A subregister index's name ("" for 0 and out of range).
    pub fn sub_reg_idx_name(&self, idx: SubRegIdx) -> &str {
        let Some(i) = idx.index().checked_sub(1) else {
            return "";
        };
        self.data.subreg_idx_names.get(i).unwrap_or("")
    }

    /// A subregister index's size and offset in bits in this mode (`getSubRegIdxSize`,
    /// `getSubRegIdxOffset`; an offset of `None` is LLVM's "unknown", `uint16_t(-1)`).
    pub fn sub_reg_idx_range(&self, idx: SubRegIdx) -> Option<(u32, Option<u32>)> {
        let i = idx.index().checked_sub(1)?;
        let &(size, offset) = self.mode_data()?.subreg_ranges.get(i)?;
        Some((u32::from(size), u32::try_from(offset).ok()))
    }

    /// The number of register banks (0 for a target without GlobalISel).
    pub fn num_reg_banks(&self) -> usize {
        self.data.bank_names.len()
    }

    /// The register bank of a MIR name, lowercase (`gpr`).
    pub fn reg_bank(&self, name: impl AsRef<[u8]>) -> Option<RegBank> {
        self.data.bank_names.find(name.as_ref()).map(|i| RegBank(i as u32))
    }

    /// A register bank's MIR name, lowercase ("" out of range).
    pub fn reg_bank_name(&self, bank: RegBank) -> &str {
        self.data.bank_names.get(bank.index()).unwrap_or("")
    }

    /// The number of register masks.
    pub fn num_reg_masks(&self) -> usize {
        self.data.mask_names.len()
    }

    /// The register mask of a MIR name, lowercase (`csr_64`).
    pub fn reg_mask(&self, name: impl AsRef<[u8]>) -> Option<RegMask> {
        self.data.mask_names.find(name.as_ref()).map(|i| RegMask(i as u32))
    }

    /// A register mask's MIR name, lowercase ("" out of range).
    pub fn reg_mask_name(&self, mask: RegMask) -> &str {
        self.data.mask_names.get(mask.index()).unwrap_or("")
    }

    /// A register mask's bits: bit `r % 32` of word `r / 32` is set if register `r` is
    /// preserved; `(num_regs() + 31) / 32` words (empty out of range).
    pub fn reg_mask_bits(&self, mask: RegMask) -> &[u32] {
        let words = self.data.mask_words;
        let start = mask.index().saturating_mul(words);
        self.data.mask_pool.get(start..start.saturating_add(words)).unwrap_or(&[])
    }

    /// The first register mask with exactly these bits (how the printer names a mask).
    pub fn reg_mask_with_bits(&self, bits: &[u32]) -> Option<RegMask> {
        (0..self.num_reg_masks()).map(|i| RegMask(i as u32)).find(|&m| self.reg_mask_bits(m) == bits)
    }
}
