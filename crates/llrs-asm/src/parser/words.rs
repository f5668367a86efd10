//! The symbols of short words that a module repeats many times (the field labels and kinds of
//! debug-info nodes: `line:`, `scope:`, `DILocation`), found without the interner's hashing.
//!
//! A word of up to 16 bytes is two 64-bit numbers; a small table indexed by a mix of them keeps
//! the symbol of the last word seen at each place. A miss (or a longer word) asks the interner
//! and fills the place, so the symbol given is always the interner's.

use llrs_ir::{Context, Symbol};

/// Places in the table (a power of two).
const PLACES: usize = 64;

/// The last word seen at each place: its two halves, length and symbol (`len` of `u32::MAX`:
/// empty).
#[derive(Clone)]
pub(crate) struct Words {
    places: Box<[(u64, u64, u32, Symbol); PLACES]>,
}

impl Default for Words {
    fn default() -> Self {
        Words { places: Box::new([(0, 0, u32::MAX, Symbol(0)); PLACES]) }
    }
}

impl Words {
    /// The symbol of `src[start..end]` in `ctx`.
    #[inline]
    pub(crate) fn sym(&mut self, ctx: &mut Context, src: &[u8], start: usize, end: usize) -> Symbol {
        let word = &src[start..end];
        let Some((lo, hi)) = halves(src, start, word.len()) else { return ctx.sym_bytes(word) };
        let len = word.len() as u32;
        let mix = (lo ^ hi.rotate_left(29) ^ u64::from(len)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let place = &mut self.places[(mix >> (64 - PLACES.trailing_zeros())) as usize];
        if place.0 == lo && place.1 == hi && place.2 == len {
            return place.3;
        }
        let sym = ctx.sym_bytes(word);
        *place = (lo, hi, len, sym);
        sym
    }
}

/// The `len` bytes at `start` as two little-endian numbers, the bytes past `len` zero; `None`
/// when the word is longer than 16 bytes or too near the end of `src` to read 16 at once.
#[inline]
fn halves(src: &[u8], start: usize, len: usize) -> Option<(u64, u64)> {
    let bytes: &[u8; 16] = src.get(start..start.checked_add(16)?)?.try_into().ok()?;
    if len > 16 {
        return None;
    }
    let lo = u64::from_le_bytes(bytes[..8].try_into().ok()?);
    let hi = u64::from_le_bytes(bytes[8..].try_into().ok()?);
    let keep = |n: usize| if n >= 8 { u64::MAX } else { (1u64 << (8 * n)) - 1 };
    Some((lo & keep(len), hi & keep(len.saturating_sub(8))))
}

#[cfg(test)]
mod tests {
    use super::Words;
    use llrs_ir::Context;

    #[test]
    fn words_get_the_interners_symbols() {
        let src =
            b"line column scope inlinedAt line lines linf retainedNodes thisIsAVeryLongFieldName scope           ";
        let mut ctx = Context::default();
        let mut words = Words::default();
        let mut at = 0;
        // Twice over, so that the second time finds the words in the table.
        for _ in 0..2 {
            for w in src.split(|&c| c == b' ').filter(|w| !w.is_empty()) {
                let start = at + src[at..].windows(w.len()).position(|x| x == w).expect("found");
                let sym = words.sym(&mut ctx, src, start, start + w.len());
                assert_eq!(ctx.name(sym), w);
                assert_eq!(Some(sym), ctx.names.lookup(w));
                at = start + w.len();
            }
            at = 0;
        }
        // A word that ends within 16 bytes of the end is interned the usual way.
        let end = src.len() - 11;
        let sym = words.sym(&mut ctx, src, end - 5, end);
        assert_eq!(ctx.name(sym), b"scope");
    }
}
