//! Typed ids of a target's entities: the numbers LLVM gives them in its tables.

macro_rules! target_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub u32);

        impl $name {
            /// The id as an index.
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}

target_id!(
    /// An opcode: LLVM's `MCInstrDesc` number (the target's table starts with the generic
    /// `TargetOpcode`s: `PHI`, `COPY`, ..., `G_ADD`, ...).
    Opcode
);
target_id!(
    /// A physical register: LLVM's `MCRegister` number; `Reg::NONE` (0) is `$noreg`.
    Reg
);
target_id!(
    /// A register class: its `TargetRegisterClass` id.
    RegClass
);
target_id!(
    /// A GlobalISel register bank: its `RegisterBank` id.
    RegBank
);
target_id!(
    /// A subregister index; 0 is "no index", the first real one is 1.
    SubRegIdx
);
target_id!(
    /// A register mask: its position in `TargetRegisterInfo::getRegMasks()`.
    RegMask
);

impl Reg {
    /// `$noreg`, register 0.
    pub const NONE: Reg = Reg(0);
}
