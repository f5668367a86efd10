//! `captures(...)`: LLVM's `CaptureComponents` and `CaptureInfo` (llvm/Support/ModRef.h).

use std::ops::{BitAnd, BitOr, BitOrAssign};

/// Which components of a pointer may be captured: a bitset in LLVM's encoding, where
/// [`Self::ADDRESS`] includes [`Self::ADDRESS_IS_NULL`] and [`Self::PROVENANCE`] includes
/// [`Self::READ_PROVENANCE`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct CaptureComponents(u8);

impl CaptureComponents {
    /// Nothing is captured (`none`).
    pub const NONE: Self = Self(0);
    /// Only whether the address is null (`address_is_null`).
    pub const ADDRESS_IS_NULL: Self = Self(1);
    /// The whole address, nullness included (`address`).
    pub const ADDRESS: Self = Self(2 | 1);
    /// Provenance for reading only (`read_provenance`).
    pub const READ_PROVENANCE: Self = Self(4);
    /// Full provenance, read-only provenance included (`provenance`).
    pub const PROVENANCE: Self = Self(8 | 4);
    /// Every component.
    pub const ALL: Self = Self(15);

    /// The components named in the `captures(...)` syntax, by name.
    pub const NAMES: [(&'static str, Self); 4] = [
        ("address_is_null", Self::ADDRESS_IS_NULL),
        ("address", Self::ADDRESS),
        ("read_provenance", Self::READ_PROVENANCE),
        ("provenance", Self::PROVENANCE),
    ];

    /// The components from LLVM's 4-bit encoding (higher bits are ignored).
    pub fn from_bits(bits: u8) -> Self {
        Self(bits & 15)
    }
    /// LLVM's 4-bit encoding.
    pub fn bits(self) -> u8 {
        self.0
    }
    /// The component spelled `name` (`none` is not a component: see [`Self::NONE`]).
    pub fn from_name(name: &[u8]) -> Option<Self> {
        Self::NAMES.iter().find(|(n, _)| n.as_bytes() == name).map(|&(_, c)| c)
    }
    /// True when nothing is captured.
    pub fn is_none(self) -> bool {
        self.0 == 0
    }
    /// True when every bit of `other` is set here.
    pub fn contains(self, other: Self) -> bool {
        self.0 & other.0 == other.0
    }
    /// The names LLVM prints for these components, in its order: `address_is_null` or
    /// `address`, then `read_provenance` or `provenance`; `none` when nothing is captured.
    pub fn names(self) -> impl Iterator<Item = &'static str> {
        let addr = match self.0 & Self::ADDRESS.0 {
            0 => None,
            1 => Some("address_is_null"),
            _ => Some("address"),
        };
        let prov = match self.0 & Self::PROVENANCE.0 {
            0 => None,
            4 => Some("read_provenance"),
            _ => Some("provenance"),
        };
        let none = self.is_none().then_some("none");
        none.into_iter().chain(addr).chain(prov)
    }
}

impl BitOr for CaptureComponents {
    type Output = Self;
    fn bitor(self, rhs: Self) -> Self {
        Self(self.0 | rhs.0)
    }
}

impl BitOrAssign for CaptureComponents {
    fn bitor_assign(&mut self, rhs: Self) {
        self.0 |= rhs.0;
    }
}

impl BitAnd for CaptureComponents {
    type Output = Self;
    fn bitand(self, rhs: Self) -> Self {
        Self(self.0 & rhs.0)
    }
}

/// What a `captures(...)` attribute says: the components that may be captured through the
/// return value and those that may be captured anywhere else.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct CaptureInfo {
    /// Components captured other than through the return value.
    pub other: CaptureComponents,
    /// Components captured through the return value.
    pub ret: CaptureComponents,
}

impl CaptureInfo {
    /// `captures(none)` (what the old `nocapture` means).
    pub const NONE: Self = Self::uniform(CaptureComponents::NONE);
    /// Every component may be captured anywhere.
    pub const ALL: Self = Self::uniform(CaptureComponents::ALL);

    /// Different components for the return value and for everything else.
    pub const fn new(other: CaptureComponents, ret: CaptureComponents) -> Self {
        CaptureInfo { other, ret }
    }
    /// The same components everywhere.
    pub const fn uniform(c: CaptureComponents) -> Self {
        CaptureInfo { other: c, ret: c }
    }
    /// The components captured anywhere.
    pub fn all_components(self) -> CaptureComponents {
        self.other | self.ret
    }
    /// LLVM's integer encoding (`other << 4 | ret`), as stored in bitcode.
    pub fn to_int(self) -> u32 {
        (u32::from(self.other.bits()) << 4) | u32::from(self.ret.bits())
    }
    /// The inverse of [`Self::to_int`].
    pub fn from_int(v: u32) -> Self {
        Self::new(CaptureComponents::from_bits((v >> 4) as u8), CaptureComponents::from_bits(v as u8))
    }
    /// Whether LLVM prints the other components: unless they are `none` while the return value's
    /// are not (`captures(ret: address)`).
    pub fn prints_other(self) -> bool {
        !self.other.is_none() || self.other == self.ret
    }
    /// Whether LLVM prints a `ret:` part: when the return value's components differ.
    pub fn prints_ret(self) -> bool {
        self.other != self.ret
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(c: CaptureComponents) -> Vec<&'static str> {
        c.names().collect()
    }

    #[test]
    fn component_names_follow_llvm() {
        assert_eq!(names(CaptureComponents::NONE), ["none"]);
        assert_eq!(names(CaptureComponents::ADDRESS_IS_NULL | CaptureComponents::ADDRESS), ["address"]);
        let c = CaptureComponents::PROVENANCE | CaptureComponents::READ_PROVENANCE | CaptureComponents::ADDRESS_IS_NULL;
        assert_eq!(names(c), ["address_is_null", "provenance"]);
        assert_eq!(names(CaptureComponents::ALL), ["address", "provenance"]);
        assert_eq!(CaptureComponents::from_name(b"read_provenance"), Some(CaptureComponents::READ_PROVENANCE));
        assert_eq!(CaptureComponents::from_name(b"none"), None);
    }

    #[test]
    fn info_encoding_and_parts() {
        let ci = CaptureInfo::new(CaptureComponents::NONE, CaptureComponents::ADDRESS);
        assert_eq!(CaptureInfo::from_int(ci.to_int()), ci);
        assert_eq!(ci.to_int(), 3);
        assert!(!ci.prints_other() && ci.prints_ret());
        assert!(CaptureInfo::NONE.prints_other() && !CaptureInfo::NONE.prints_ret());
        assert_eq!(ci.all_components(), CaptureComponents::ADDRESS);
    }
}
