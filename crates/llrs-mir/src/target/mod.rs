//! Per-target descriptions: what the MIR parser and printer look up by name or by number.
//!
//! For every target LLVM 22's `llc` registers, `tools/mir-targets/generate` dumps LLVM's own
//! tables (opcodes with their `MCInstrDesc`, registers and their subregisters, register
//! classes, subregister indices, GlobalISel register banks, register masks, target flags and
//! target indices) into a compact file in `crates/llrs-mir/data/`, embedded here. A
//! target's file is decoded the first time the target is asked for, then kept.
//!
//! Names are as MIR spells them: registers, register classes, register banks and register
//! masks lowercased (`$eax`, `gr32`, `gpr`, `csr_64`), opcodes, subregister indices, target
//! flags and target indices as the target writes them (`MOV32rr`, `sub_32bit`).
//!
//! A few tables depend on the subtarget's hardware mode (LLVM's HwMode): the register
//! classes of some operands (`ptr_rc` and the like), the sizes of register classes and of
//! subregister indices. They differ between triples of one target (x86_64 and i686,
//! riscv64 and riscv32, ...) and, for AMDGPU, between CPUs; each mode is its own `Target`.
//!
//! ```
//! use llrs_mir::target::Target;
//! let x86 = Target::for_triple("x86_64-unknown-linux-gnu").unwrap();
//! let add = x86.opcode("ADD32rr").unwrap();
//! let eflags = x86.reg("eflags").unwrap();
//! assert_eq!(x86.instr(add).implicit_defs().collect::<Vec<_>>(), [eflags]);
//! ```

mod data;
mod flags;
mod ids;
mod instr;
mod names;
mod reader;
mod registry;
mod regs;
mod subregs;
mod triple;

#[cfg(test)]
mod corpus_tests;
#[cfg(test)]
mod dump_check;
#[cfg(test)]
mod tests;

pub use flags::TargetFlags;
pub use ids::{Opcode, Reg, RegBank, RegClass, RegMask, SubRegIdx};
pub use instr::{InstrDesc, InstrFlag, OperandInfo, OperandType};
pub use regs::RegClassInfo;

use data::TargetData;

/// One target in one hardware mode.
#[derive(Debug)]
pub struct Target {
    data: &'static TargetData,
    mode: usize,
}

impl Target {
    /// The target of a triple with the generic CPU: the architecture (before the first
    /// `-`) read as LLVM's `Triple::getArch` does (`x86_64`, `i686`, `aarch64`, `arm64`,
    /// `armv7`, `thumbv7m`, `riscv64`, `amdgcn`, `r600`, `wasm32`, ...). None for an
    /// architecture LLVM 22 has no target for.
    pub fn for_triple(triple: &str) -> Option<&'static Target> {
        Target::for_triple_cpu(triple, "")
    }

    /// The target of a triple for a CPU (`target-cpu`): the CPU matters only where it
    /// changes the hardware mode (AMDGPU); an unknown CPU is the generic one.
    pub fn for_triple_cpu(triple: &str, cpu: &str) -> Option<&'static Target> {
        let (family, variant) = triple::parse_arch(triple)?;
        let slot = registry::slot(family);
        let data = slot.data()?;
        let variant = data.variants.get(variant)?;
        let mode = variant.cpus.iter().find(|(name, _)| name == cpu).map_or(variant.default_mode, |&(_, mode)| mode);
        slot.targets()?.get(mode as usize)
    }

    /// LLVM's name of the target (`x86-64`, `aarch64`, `arm`, `riscv64`, `amdgcn`, ...: the
    /// name registered for the triple the data was dumped with).
    pub fn name(&self) -> &str {
        &self.data.name
    }

    /// The triple the tables were dumped with (the corpus's, where it has the target).
    pub fn triple(&self) -> &str {
        self.data.variants.first().map_or("", |v| v.triple.as_str())
    }

    /// The hardware mode's index among the target's distinct modes.
    pub fn mode(&self) -> usize {
        self.mode
    }

    fn mode_data(&self) -> Option<&data::Mode> {
        self.data.modes.get(self.mode)
    }
}
