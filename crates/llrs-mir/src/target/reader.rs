//! A bounds-checked reader of the generated data's primitives: LEB128 varints, zigzag
//! integers, strings and front-coded name lists (see `tools/mir-targets/generate`).

/// The data is malformed (truncated, out of range). Embedded data never is unless the
/// generator and this reader disagree; the loader then gives no target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Malformed;

/// The result of a read.
pub(crate) type Read<T> = Result<T, Malformed>;

/// A cursor over the bytes of one target's file.
pub(crate) struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    /// A reader at the start of `bytes`.
    pub(crate) fn new(bytes: &'a [u8]) -> Self {
        Reader { bytes, pos: 0 }
    }

    /// Consumes `tag` exactly.
    pub(crate) fn expect(&mut self, tag: &[u8]) -> Read<()> {
        if self.bytes(tag.len())? == tag {
            Ok(())
        } else {
            Err(Malformed)
        }
    }

    /// The next `n` bytes.
    #[inline]
    pub(crate) fn bytes(&mut self, n: usize) -> Read<&'a [u8]> {
        let end = self.pos.checked_add(n).ok_or(Malformed)?;
        let out = self.bytes.get(self.pos..end).ok_or(Malformed)?;
        self.pos = end;
        Ok(out)
    }

    /// An unsigned LEB128 varint of at most 64 bits.
    #[inline]
    pub(crate) fn u64(&mut self) -> Read<u64> {
        match self.bytes.get(self.pos) {
            Some(&byte) if byte < 0x80 => {
                self.pos += 1;
                Ok(u64::from(byte))
            }
            _ => self.u64_slow(),
        }
    }

    fn u64_slow(&mut self) -> Read<u64> {
        let mut value = 0u64;
        let mut shift = 0u32;
        loop {
            let byte = *self.bytes.get(self.pos).ok_or(Malformed)?;
            self.pos += 1;
            if shift >= 64 || (shift == 63 && byte > 1) {
                return Err(Malformed);
            }
            value |= u64::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                return Ok(value);
            }
            shift += 7;
        }
    }

    /// A varint that fits in a `u32`.
    #[inline]
    pub(crate) fn u32(&mut self) -> Read<u32> {
        u32::try_from(self.u64()?).map_err(|_| Malformed)
    }

    /// A varint that fits in a `u16`.
    #[inline]
    pub(crate) fn u16(&mut self) -> Read<u16> {
        u16::try_from(self.u64()?).map_err(|_| Malformed)
    }

    /// A varint that fits in a `u8`.
    #[inline]
    pub(crate) fn u8(&mut self) -> Read<u8> {
        u8::try_from(self.u64()?).map_err(|_| Malformed)
    }

    /// A count (a varint), bounded by the bytes left so that a corrupt count cannot make
    /// the loader reserve unbounded memory: every counted item takes at least one byte.
    #[inline]
    pub(crate) fn count(&mut self) -> Read<usize> {
        let n = usize::try_from(self.u64()?).map_err(|_| Malformed)?;
        if n > self.bytes.len() - self.pos {
            return Err(Malformed);
        }
        Ok(n)
    }

    /// A zigzag-encoded signed varint that fits in an `i64`.
    #[inline]
    pub(crate) fn i64(&mut self) -> Read<i64> {
        let v = self.u64()?;
        Ok(((v >> 1) as i64) ^ -((v & 1) as i64))
    }

    /// A zigzag-encoded signed varint that fits in an `i32`.
    #[inline]
    pub(crate) fn i32(&mut self) -> Read<i32> {
        i32::try_from(self.i64()?).map_err(|_| Malformed)
    }

    /// A length-prefixed UTF-8 string.
    pub(crate) fn str(&mut self) -> Read<&'a str> {
        let n = self.count()?;
        std::str::from_utf8(self.bytes(n)?).map_err(|_| Malformed)
    }

    /// Whether every byte was read.
    pub(crate) fn at_end(&self) -> bool {
        self.pos == self.bytes.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varints_and_zigzag() {
        let mut r = Reader::new(&[0x00, 0x7f, 0x80, 0x01, 0x03, 0x04, 0xff, 0xff, 0x07]);
        assert_eq!(r.u64(), Ok(0));
        assert_eq!(r.u64(), Ok(127));
        assert_eq!(r.u64(), Ok(128));
        assert_eq!(r.i64(), Ok(-2));
        assert_eq!(r.i64(), Ok(2));
        assert_eq!(r.u16(), Err(Malformed));
        assert!(r.at_end());
        assert_eq!(r.u64(), Err(Malformed));
    }

    #[test]
    fn overlong_and_truncated() {
        let mut r = Reader::new(&[0xff; 11]);
        assert_eq!(r.u64(), Err(Malformed));
        let mut r = Reader::new(&[5, b'a']);
        assert_eq!(r.str(), Err(Malformed));
        let mut r = Reader::new(&[0x80, 0x80, 0x04]);
        assert_eq!(r.count(), Err(Malformed));
    }
}
