//! Interned strings: names of values, types, metadata kinds and attributes.

use crate::entity_id;
use hashbrown::HashTable;
use std::hash::BuildHasher;

entity_id!(
    /// An interned string; compare and hash as a `u32`.
    Symbol
);

/// The string interner: every distinct string is stored once, all of them in one buffer.
#[derive(Default, Clone)]
pub struct Interner {
    /// The bytes of every string, one after the other.
    bytes: Vec<u8>,
    /// Where each symbol's bytes end in `bytes` (they start where the previous symbol's end),
    /// for the symbols that end in the first 4 GiB of it.
    ends: Vec<u32>,
    /// Where each later symbol's bytes end (none but in a module of more than 4 GiB of names).
    wide_ends: Vec<usize>,
    /// The symbols, found by the low half of the hash of their bytes (kept beside each one, so
    /// that growing the table and probing it never read the strings).
    table: HashTable<(u32, Symbol)>,
}

impl std::fmt::Debug for Interner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Interner").field("symbols", &self.len()).field("bytes", &self.bytes.len()).finish()
    }
}

/// Whether two strings are equal; short ones (most names) compared a word at a time, without
/// a call to `memcmp`.
#[inline]
fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    let word = |s: &[u8], i: usize| <[u8; 8]>::try_from(&s[i..i + 8]).map_or(0, u64::from_le_bytes);
    let half = |s: &[u8], i: usize| <[u8; 4]>::try_from(&s[i..i + 4]).map_or(0, u32::from_le_bytes);
    match n {
        // Two words that overlap when shorter than 16 bytes.
        8..=16 => word(a, 0) == word(b, 0) && word(a, n - 8) == word(b, n - 8),
        4..=7 => half(a, 0) == half(b, 0) && half(a, n - 4) == half(b, n - 4),
        0..=3 => a.iter().zip(b).all(|(x, y)| x == y),
        _ => a == b,
    }
}

/// How far into the bytes a symbol's end is kept in 32 bits (tests: a little way, so that
/// they reach the symbols past it).
#[cfg(not(test))]
const NARROW_MAX: usize = u32::MAX as usize;
#[cfg(test)]
const NARROW_MAX: usize = 1000;

/// The low half of the hash of a string's bytes (the half kept), and the table's hash of it.
#[inline]
fn hash(s: &[u8]) -> (u32, u64) {
    let low = rustc_hash::FxBuildHasher.hash_one(s) as u32;
    (low, spread(low))
}

/// The table's 64-bit hash of a kept half: spread by a multiplication, so that the top bits
/// hashbrown probes with are mixed too.
#[inline]
fn spread(low: u32) -> u64 {
    (low as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl Interner {
    /// Interns `s` (any bytes: LLVM names may hold any byte).
    pub fn intern(&mut self, s: &[u8]) -> Symbol {
        let (low, h) = hash(s);
        if let Some(sym) = self.find(low, h, s) {
            return sym;
        }
        let sym = Symbol(self.len() as u32);
        self.bytes.extend_from_slice(s);
        match self.bytes.len() {
            end if end <= NARROW_MAX && self.wide_ends.is_empty() => self.ends.push(end as u32),
            end => self.wide_ends.push(end),
        }
        self.table.insert_unique(h, (low, sym), |&(low, _)| spread(low));
        sym
    }
    /// The symbol of `s` if interned already.
    pub fn lookup(&self, s: &[u8]) -> Option<Symbol> {
        let (low, h) = hash(s);
        self.find(low, h, s)
    }
    fn find(&self, low: u32, h: u64, s: &[u8]) -> Option<Symbol> {
        self.table.find(h, |&(el, sym)| el == low && same_bytes(self.get(sym), s)).map(|&(_, sym)| sym)
    }
    /// How many symbols there are (each symbol's number is below this).
    pub fn len(&self) -> usize {
        self.ends.len() + self.wide_ends.len()
    }
    /// True when nothing is interned.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The bytes of a symbol.
    #[inline]
    pub fn get(&self, sym: Symbol) -> &[u8] {
        let i = sym.0 as usize;
        let (start, end) = match self.ends.get(i) {
            Some(&end) => (if i == 0 { 0 } else { self.ends[i - 1] as usize }, end as usize),
            None => self.wide_span(i),
        };
        &self.bytes[start..end]
    }
    /// Where the bytes of the `i`-th symbol, one ending past the first 4 GiB, start and end.
    #[cold]
    fn wide_span(&self, i: usize) -> (usize, usize) {
        let k = i - self.ends.len();
        let start = match k {
            0 => self.ends.last().map_or(0, |&e| e as usize),
            _ => self.wide_ends[k - 1],
        };
        (start, self.wide_ends[k])
    }
}

#[cfg(test)]
mod tests {
    use super::Interner;

    #[test]
    fn equal_strings_are_one_symbol() {
        let mut i = Interner::default();
        let names: Vec<Vec<u8>> = (0..10_000).map(|n| format!("v{n}").into_bytes()).collect();
        let syms: Vec<_> = names.iter().map(|n| i.intern(n)).collect();
        let empty = i.intern(b"");
        assert_eq!(i.intern(b""), empty);
        assert_eq!(i.get(empty), b"");
        for (n, &s) in names.iter().zip(&syms) {
            assert_eq!(i.intern(n), s);
            assert_eq!(i.lookup(n), Some(s));
            assert_eq!(i.get(s), &n[..]);
        }
        assert_eq!(i.lookup(b"w1"), None);
        assert_eq!(i.len(), 10_001);
        // Strings of every length up to past two words, differing at each place.
        for n in 0..40 {
            let a: Vec<u8> = (0..n as u8).collect();
            let sa = i.intern(&a);
            for k in 0..n {
                let mut b = a.clone();
                b[k] ^= 0x80;
                assert_ne!(i.intern(&b), sa, "{n} {k}");
            }
            assert_eq!(i.intern(&a), sa);
        }
    }
}
