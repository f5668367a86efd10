//! Interned strings: names of values, types, metadata kinds and attributes.

use crate::entity_id;
use rustc_hash::FxHashMap;

entity_id!(
    /// An interned string; compare and hash as a `u32`.
    Symbol
);

/// The string interner: every distinct string is stored once.
#[derive(Default, Debug, Clone)]
pub struct Interner {
    map: FxHashMap<Box<[u8]>, Symbol>,
    strings: Vec<Box<[u8]>>,
}

impl Interner {
    /// Interns `s` (any bytes: LLVM names may hold any byte).
    pub fn intern(&mut self, s: &[u8]) -> Symbol {
        if let Some(&sym) = self.map.get(s) {
            return sym;
        }
        let sym = Symbol(self.strings.len() as u32);
        let boxed: Box<[u8]> = s.into();
        self.strings.push(boxed.clone());
        self.map.insert(boxed, sym);
        sym
    }
    /// The symbol of `s` if interned already.
    pub fn lookup(&self, s: &[u8]) -> Option<Symbol> {
        self.map.get(s).copied()
    }
    /// How many symbols there are (each symbol's number is below this).
    pub fn len(&self) -> usize {
        self.strings.len()
    }
    /// True when nothing is interned.
    pub fn is_empty(&self) -> bool {
        self.strings.is_empty()
    }
    /// The bytes of a symbol.
    #[inline]
    pub fn get(&self, sym: Symbol) -> &[u8] {
        &self.strings[sym.0 as usize]
    }
}
