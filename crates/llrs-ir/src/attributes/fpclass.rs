//! `nofpclass(...)`: LLVM's `FPClassTest` (llvm/ADT/FloatingPointMode.h), a set of
//! floating-point classes.

use std::ops::{BitOr, BitOrAssign};

/// A set of floating-point classes, in LLVM's 10-bit encoding (the `llvm.is.fpclass` mask).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct FPClassTest(u16);

impl FPClassTest {
    /// The empty set.
    pub const NONE: Self = Self(0);
    /// Signaling NaN.
    pub const SNAN: Self = Self(1 << 0);
    /// Quiet NaN.
    pub const QNAN: Self = Self(1 << 1);
    /// Negative infinity.
    pub const NEG_INF: Self = Self(1 << 2);
    /// Negative normal.
    pub const NEG_NORMAL: Self = Self(1 << 3);
    /// Negative subnormal.
    pub const NEG_SUBNORMAL: Self = Self(1 << 4);
    /// Negative zero.
    pub const NEG_ZERO: Self = Self(1 << 5);
    /// Positive zero.
    pub const POS_ZERO: Self = Self(1 << 6);
    /// Positive subnormal.
    pub const POS_SUBNORMAL: Self = Self(1 << 7);
    /// Positive normal.
    pub const POS_NORMAL: Self = Self(1 << 8);
    /// Positive infinity.
    pub const POS_INF: Self = Self(1 << 9);
    /// Any NaN.
    pub const NAN: Self = Self(0b11);
    /// Either infinity.
    pub const INF: Self = Self(Self::NEG_INF.0 | Self::POS_INF.0);
    /// Either normal.
    pub const NORMAL: Self = Self(Self::NEG_NORMAL.0 | Self::POS_NORMAL.0);
    /// Either subnormal.
    pub const SUBNORMAL: Self = Self(Self::NEG_SUBNORMAL.0 | Self::POS_SUBNORMAL.0);
    /// Either zero.
    pub const ZERO: Self = Self(Self::NEG_ZERO.0 | Self::POS_ZERO.0);
    /// Every class.
    pub const ALL: Self = Self(0x3ff);

    /// Every name of the `nofpclass(...)` syntax with its classes, in the order LLVM prefers them
    /// when printing (`NoFPClassName` in FloatingPointMode.cpp): groups before their members.
    pub const NAMES: [(&'static str, Self); 16] = [
        ("all", Self::ALL),
        ("nan", Self::NAN),
        ("snan", Self::SNAN),
        ("qnan", Self::QNAN),
        ("inf", Self::INF),
        ("ninf", Self::NEG_INF),
        ("pinf", Self::POS_INF),
        ("zero", Self::ZERO),
        ("nzero", Self::NEG_ZERO),
        ("pzero", Self::POS_ZERO),
        ("sub", Self::SUBNORMAL),
        ("nsub", Self::NEG_SUBNORMAL),
        ("psub", Self::POS_SUBNORMAL),
        ("norm", Self::NORMAL),
        ("nnorm", Self::NEG_NORMAL),
        ("pnorm", Self::POS_NORMAL),
    ];

    /// The set with LLVM's encoding `bits`, or `None` when a bit above [`Self::ALL`] is set.
    pub fn from_bits(bits: u64) -> Option<Self> {
        u16::try_from(bits).ok().filter(|b| b & !Self::ALL.0 == 0).map(Self)
    }
    /// LLVM's encoding.
    pub fn bits(self) -> u16 {
        self.0
    }
    /// The classes spelled `name` (`all`, `nan`, `pinf`, ...).
    pub fn from_name(name: &[u8]) -> Option<Self> {
        Self::NAMES.iter().find(|(n, _)| n.as_bytes() == name).map(|&(_, c)| c)
    }
    /// True for the empty set.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// True when every class of `other` is in this set.
    pub fn contains(self, other: Self) -> bool {
        self.0 & other.0 == other.0
    }
    /// The names LLVM prints for this set: the first name of [`Self::NAMES`] whose classes are
    /// all in the set, then the next one among the classes left, and so on; `none` for the empty
    /// set.
    pub fn names(self) -> impl Iterator<Item = &'static str> {
        let mut left = self.0;
        let none = self.is_empty().then_some("none");
        let named = Self::NAMES
            .iter()
            .filter(move |(_, c)| {
                let all_in = left & c.0 == c.0;
                if all_in {
                    left &= !c.0;
                }
                all_in
            })
            .map(|&(name, _)| name);
        none.into_iter().chain(named)
    }
}

impl BitOr for FPClassTest {
    type Output = Self;
    fn bitor(self, rhs: Self) -> Self {
        Self(self.0 | rhs.0)
    }
}

impl BitOrAssign for FPClassTest {
    fn bitor_assign(&mut self, rhs: Self) {
        self.0 |= rhs.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(bits: u64) -> String {
        FPClassTest::from_bits(bits).map(|t| t.names().collect::<Vec<_>>().join(" ")).unwrap_or_default()
    }

    #[test]
    fn names_group_as_llvm_does() {
        assert_eq!(names(0), "none");
        assert_eq!(names(1023), "all");
        assert_eq!(names(3), "nan");
        assert_eq!(names(1), "snan");
        // ninf nnorm nsub nzero: printed in table order, not bit order.
        assert_eq!(names(4 | 8 | 16 | 32), "ninf nzero nsub nnorm");
        assert_eq!(names(1023 & !2), "snan inf zero sub norm");
        assert_eq!(names(32 | 128), "nzero psub");
        assert_eq!(FPClassTest::from_bits(1024), None);
        assert_eq!(FPClassTest::from_name(b"pnorm"), Some(FPClassTest::POS_NORMAL));
        assert_eq!(FPClassTest::from_name(b"none"), None);
    }
}
