//! Small enumerated attribute arguments: `uwtable(...)` and `allockind("...")`.

use std::ops::{BitOr, BitOrAssign};

/// The kind of unwind table of `uwtable` (LLVM's `UWTableKind`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum UwTableKind {
    /// No unwind table: an attribute with this kind is dropped from its set.
    #[default]
    None,
    /// `uwtable(sync)`: tables valid at call sites only.
    Sync,
    /// `uwtable` or `uwtable(async)`: tables valid at every instruction (LLVM's default).
    Async,
}

impl UwTableKind {
    /// LLVM's encoding (0, 1, 2).
    pub fn to_int(self) -> u64 {
        match self {
            UwTableKind::None => 0,
            UwTableKind::Sync => 1,
            UwTableKind::Async => 2,
        }
    }
}

/// What an allocation function does (`allockind("...")`, LLVM's `AllocFnKind`): a bitset.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct AllocFnKind(u8);

impl AllocFnKind {
    /// Nothing known (no attribute: an `allockind` with this value is dropped from its set).
    pub const UNKNOWN: Self = Self(0);
    /// Allocates (`alloc`).
    pub const ALLOC: Self = Self(1 << 0);
    /// Reallocates (`realloc`).
    pub const REALLOC: Self = Self(1 << 1);
    /// Frees (`free`).
    pub const FREE: Self = Self(1 << 2);
    /// The new memory is uninitialized (`uninitialized`).
    pub const UNINITIALIZED: Self = Self(1 << 3);
    /// The new memory is zeroed (`zeroed`).
    pub const ZEROED: Self = Self(1 << 4);
    /// The allocation takes an alignment argument (`aligned`).
    pub const ALIGNED: Self = Self(1 << 5);

    /// The names of the kinds, in the order LLVM prints them.
    pub const NAMES: [(&'static str, Self); 6] = [
        ("alloc", Self::ALLOC),
        ("realloc", Self::REALLOC),
        ("free", Self::FREE),
        ("uninitialized", Self::UNINITIALIZED),
        ("zeroed", Self::ZEROED),
        ("aligned", Self::ALIGNED),
    ];

    /// The set with LLVM's encoding `bits` (bits above [`Self::ALIGNED`] are dropped).
    pub fn from_bits(bits: u64) -> Self {
        Self((bits & 0x3f) as u8)
    }
    /// LLVM's encoding.
    pub fn bits(self) -> u8 {
        self.0
    }
    /// The kind spelled `name`.
    pub fn from_name(name: &[u8]) -> Option<Self> {
        Self::NAMES.iter().find(|(n, _)| n.as_bytes() == name).map(|&(_, k)| k)
    }
    /// True for [`Self::UNKNOWN`].
    pub fn is_unknown(self) -> bool {
        self.0 == 0
    }
    /// True when every kind of `other` is set here.
    pub fn contains(self, other: Self) -> bool {
        self.0 & other.0 == other.0
    }
    /// The names of the kinds set, in LLVM's order.
    pub fn names(self) -> impl Iterator<Item = &'static str> {
        Self::NAMES.iter().filter(move |(_, k)| self.contains(*k)).map(|&(n, _)| n)
    }
}

impl BitOr for AllocFnKind {
    type Output = Self;
    fn bitor(self, rhs: Self) -> Self {
        Self(self.0 | rhs.0)
    }
}

impl BitOrAssign for AllocFnKind {
    fn bitor_assign(&mut self, rhs: Self) {
        self.0 |= rhs.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alloc_kind_names_in_llvm_order() {
        let k = AllocFnKind::ALIGNED | AllocFnKind::ALLOC | AllocFnKind::UNINITIALIZED;
        assert_eq!(k.names().collect::<Vec<_>>(), ["alloc", "uninitialized", "aligned"]);
        assert_eq!(AllocFnKind::from_name(b"zeroed"), Some(AllocFnKind::ZEROED));
        assert_eq!(AllocFnKind::from_name(b""), None);
        assert_eq!(AllocFnKind::from_bits(k.bits().into()), k);
        assert_eq!(UwTableKind::default(), UwTableKind::None);
        assert_eq!(UwTableKind::Async.to_int(), 2);
    }
}
