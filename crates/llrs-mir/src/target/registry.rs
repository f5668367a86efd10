//! The embedded data files, each decoded once, when its target is first asked for.

use std::sync::OnceLock;

use super::data::TargetData;
use super::triple::Family;
use super::Target;

/// One generated file and what is built from it.
pub(crate) struct Slot {
    /// The file's name in `data/` (without `.bin`).
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) file: &'static str,
    pub(crate) bytes: &'static [u8],
    data: OnceLock<Option<TargetData>>,
    targets: OnceLock<Vec<Target>>,
}

macro_rules! slots {
    ($($file:literal),* $(,)?) => {
        [$(Slot {
            file: $file,
            bytes: include_bytes!(concat!("../../data/", $file, ".bin")),
            data: OnceLock::new(),
            targets: OnceLock::new(),
        }),*]
    };
}

/// In the order of `Family`.
pub(crate) static SLOTS: [Slot; 23] = slots!(
    "x86",
    "aarch64",
    "arm",
    "riscv",
    "amdgpu",
    "r600",
    "powerpc",
    "systemz",
    "mips",
    "hexagon",
    "webassembly",
    "nvptx",
    "loongarch",
    "sparc",
    "bpf",
    "avr",
    "msp430",
    "lanai",
    "ve",
    "m68k",
    "xcore",
    "xtensa",
    "spirv",
);

impl Slot {
    /// The decoded tables (None if the file is malformed, which a test rules out).
    pub(crate) fn data(&'static self) -> Option<&'static TargetData> {
        self.data.get_or_init(|| TargetData::decode(self.bytes).ok()).as_ref()
    }

    /// One `Target` per hardware mode.
    pub(crate) fn targets(&'static self) -> Option<&'static [Target]> {
        let data = self.data()?;
        let targets = self.targets.get_or_init(|| (0..data.modes.len()).map(|mode| Target { data, mode }).collect());
        Some(targets)
    }
}

/// The slot of a family.
pub(crate) fn slot(family: Family) -> &'static Slot {
    &SLOTS[family as usize]
}
