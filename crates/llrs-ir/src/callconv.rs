//! Calling conventions: LLVM's numbers and their keywords.

/// The keyword of calling convention `cc` (`None` for numbers without one: printed `cc N`).
pub fn cc_name(cc: u32) -> Option<&'static str> {
    CALLING_CONVENTIONS.iter().find(|(_, n)| *n == cc).map(|(s, _)| *s)
}

/// The number of a calling convention keyword.
pub fn cc_number(name: &[u8]) -> Option<u32> {
    CALLING_CONVENTIONS.iter().find(|(s, _)| s.as_bytes() == name).map(|(_, n)| *n)
}

/// Keyword and number of every named calling convention.
pub const CALLING_CONVENTIONS: &[(&str, u32)] = &[("ccc", 0), ("fastcc", 8), ("coldcc", 9)];
