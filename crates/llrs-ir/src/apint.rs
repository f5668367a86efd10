//! Arbitrary-width integers (LLVM's APInt): a bit width and little-endian 64-bit limbs.

use smallvec::SmallVec;

/// An integer of `width` bits; bits above the width are always zero.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct APInt {
    width: u32,
    words: SmallVec<[u64; 1]>,
}

fn words_for(width: u32) -> usize {
    (width as usize).div_ceil(64).max(1)
}

impl APInt {
    /// Zero of the given width.
    pub fn zero(width: u32) -> Self {
        APInt { width, words: SmallVec::from_elem(0, words_for(width)) }
    }
    /// `v` truncated to `width` bits.
    pub fn from_u64(width: u32, v: u64) -> Self {
        let mut a = Self::zero(width);
        a.words[0] = v;
        a.clear_unused();
        a
    }
    /// `v` sign-extended or truncated to `width` bits.
    pub fn from_i64(width: u32, v: i64) -> Self {
        let mut a = Self::zero(width);
        let fill = if v < 0 { u64::MAX } else { 0 };
        for w in a.words.iter_mut() {
            *w = fill;
        }
        a.words[0] = v as u64;
        a.clear_unused();
        a
    }
    /// From little-endian limbs, truncated to `width`.
    pub fn from_words(width: u32, src: &[u64]) -> Self {
        let mut a = Self::zero(width);
        for (d, s) in a.words.iter_mut().zip(src) {
            *d = *s;
        }
        a.clear_unused();
        a
    }
    fn clear_unused(&mut self) {
        let n = words_for(self.width);
        self.words.truncate(n);
        let rem = self.width % 64;
        if rem != 0 {
            let last = n - 1;
            self.words[last] &= (1u64 << rem) - 1;
        }
        if self.width == 0 {
            self.words[0] = 0;
        }
    }
    /// The width in bits.
    pub fn width(&self) -> u32 {
        self.width
    }
    /// The limbs, least significant first.
    pub fn words(&self) -> &[u64] {
        &self.words
    }
    /// True when every bit is zero.
    pub fn is_zero(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }
    /// True when every bit is one.
    pub fn is_all_ones(&self) -> bool {
        let mut b = self.clone();
        b.not_in_place();
        b.is_zero()
    }
    /// The low 64 bits.
    pub fn low_u64(&self) -> u64 {
        self.words[0]
    }
    /// The value as i64 when it fits a sign-extended 64-bit value.
    pub fn to_i64(&self) -> Option<i64> {
        let neg = self.is_negative();
        let v = self.sext_low();
        let fill = if neg { u64::MAX } else { 0 };
        if self.width > 64 && self.words[1..].iter().enumerate().any(|(i, &w)| w != self.fill_word(i + 1, fill)) {
            return None;
        }
        Some(v as i64)
    }
    fn fill_word(&self, i: usize, fill: u64) -> u64 {
        let rem = self.width % 64;
        if i == self.words.len() - 1 && rem != 0 {
            fill & ((1u64 << rem) - 1)
        } else {
            fill
        }
    }
    fn sext_low(&self) -> u64 {
        let w = self.words[0];
        if self.width >= 64 || self.width == 0 {
            w
        } else if self.is_negative() {
            w | !((1u64 << self.width) - 1)
        } else {
            w
        }
    }
    /// The sign bit.
    pub fn is_negative(&self) -> bool {
        if self.width == 0 {
            return false;
        }
        let b = self.width - 1;
        (self.words[(b / 64) as usize] >> (b % 64)) & 1 == 1
    }
    /// Bit `i`.
    pub fn bit(&self, i: u32) -> bool {
        i < self.width && (self.words[(i / 64) as usize] >> (i % 64)) & 1 == 1
    }
    fn not_in_place(&mut self) {
        for w in self.words.iter_mut() {
            *w = !*w;
        }
        self.clear_unused();
    }
    /// Two's complement negation.
    pub fn neg(&self) -> APInt {
        let mut a = self.clone();
        a.not_in_place();
        a.add_small(1);
        a
    }
    fn add_small(&mut self, v: u64) {
        let mut carry = v;
        for w in self.words.iter_mut() {
            let (s, c) = w.overflowing_add(carry);
            *w = s;
            carry = c as u64;
            if carry == 0 {
                break;
            }
        }
        self.clear_unused();
    }
    fn mul_small_add(words: &mut SmallVec<[u64; 1]>, m: u64, a: u64) -> u64 {
        let mut carry = a as u128;
        for w in words.iter_mut() {
            let p = (*w as u128) * (m as u128) + carry;
            *w = p as u64;
            carry = p >> 64;
        }
        carry as u64
    }
    /// Divides the magnitude in place by `d`, returning the remainder.
    fn div_small(words: &mut [u64], d: u64) -> u64 {
        let mut rem: u128 = 0;
        for w in words.iter_mut().rev() {
            let cur = (rem << 64) | (*w as u128);
            *w = (cur / d as u128) as u64;
            rem = cur % d as u128;
        }
        rem as u64
    }
    /// Parses digits in `radix` (2..=16), with an optional leading '-', truncating to `width`.
    /// Returns `None` on a bad digit.
    pub fn parse(width: u32, text: &[u8], radix: u32) -> Option<APInt> {
        let (neg, digits) = match text.first() {
            Some(b'-') => (true, &text[1..]),
            _ => (false, text),
        };
        if digits.is_empty() {
            return None;
        }
        let mut words: SmallVec<[u64; 1]> = SmallVec::from_elem(0, words_for(width));
        for &c in digits {
            let d = (c as char).to_digit(radix)? as u64;
            Self::mul_small_add(&mut words, radix as u64, d);
        }
        let mut a = APInt { width, words };
        a.clear_unused();
        Some(if neg { a.neg() } else { a })
    }
    /// The minimum number of bits needed to hold the decimal `text` (with optional '-') as a
    /// signed value, as LLVM's `APInt::getBitsNeeded` computes it for the lexer.
    pub fn active_bits_of_decimal(text: &[u8]) -> u32 {
        let digits = text.iter().filter(|c| c.is_ascii_digit()).count() as u32;
        // Enough bits for the magnitude plus a sign bit.
        let wide = (digits * 64 / 19 + 2).max(2);
        let v = match APInt::parse(wide, text, 10) {
            Some(v) => v,
            None => return 64,
        };
        let neg = v.is_negative();
        let mut bits = wide;
        while bits > 1 && v.bit(bits - 2) == neg {
            bits -= 1;
        }
        bits
    }
    /// Sign-extends or truncates to `width`.
    pub fn sext_or_trunc(&self, width: u32) -> APInt {
        let neg = self.is_negative();
        let mut a = APInt::zero(width);
        let n = a.words.len();
        for i in 0..n {
            a.words[i] = if i < self.words.len() {
                let w = self.words[i];
                if neg && i == self.words.len() - 1 && !self.width.is_multiple_of(64) {
                    w | !((1u64 << (self.width % 64)) - 1)
                } else {
                    w
                }
            } else if neg {
                u64::MAX
            } else {
                0
            };
        }
        a.clear_unused();
        a
    }
    /// Zero-extends or truncates to `width`.
    pub fn zext_or_trunc(&self, width: u32) -> APInt {
        APInt::from_words(width, &self.words)
    }
    /// Unsigned decimal text.
    pub fn to_string_unsigned(&self) -> String {
        if self.width <= 64 {
            return self.words[0].to_string();
        }
        let mut mag: Vec<u64> = self.words.to_vec();
        let mut chunks = Vec::new();
        while mag.iter().any(|&w| w != 0) {
            chunks.push(Self::div_small(&mut mag, 10_000_000_000_000_000_000));
        }
        if chunks.is_empty() {
            return "0".into();
        }
        let mut s = chunks.last().unwrap().to_string();
        for c in chunks.iter().rev().skip(1) {
            s.push_str(&format!("{c:019}"));
        }
        s
    }
    /// Signed decimal text, as LLVM prints integer constants.
    pub fn to_string_signed(&self) -> String {
        if self.width <= 64 {
            return (self.sext_low() as i64).to_string();
        }
        if self.is_negative() {
            format!("-{}", self.neg().to_string_unsigned())
        } else {
            self.to_string_unsigned()
        }
    }
    /// Upper-case hex digits of the value, without prefix, `digits` wide (zero padded).
    pub fn to_hex(&self, digits: usize) -> String {
        let mut s = String::with_capacity(digits);
        for i in (0..digits).rev() {
            let word = self.words.get(i / 16).copied().unwrap_or(0);
            let nib = (word >> ((i % 16) * 4)) & 0xf;
            s.push(char::from_digit(nib as u32, 16).unwrap_or('0').to_ascii_uppercase());
        }
        s
    }
}

/// Arithmetic and logic, as LLVM's APInt does them: both operands have the same width and results
/// wrap modulo 2^width.
impl APInt {
    /// All bits set.
    pub fn all_ones(width: u32) -> APInt {
        let mut a = APInt { width, words: SmallVec::from_elem(u64::MAX, words_for(width)) };
        a.clear_unused();
        a
    }
    /// The smallest signed value (only the sign bit set).
    pub fn signed_min(width: u32) -> APInt {
        let mut a = APInt::zero(width);
        if width > 0 {
            a.set_bit(width - 1);
        }
        a
    }
    fn set_bit(&mut self, i: u32) {
        if i < self.width {
            self.words[(i / 64) as usize] |= 1u64 << (i % 64);
        }
    }
    /// True for the value 1.
    pub fn is_one(&self) -> bool {
        self.width > 0 && self.words[0] == 1 && self.words[1..].iter().all(|&w| w == 0)
    }
    /// True for the smallest signed value.
    pub fn is_signed_min(&self) -> bool {
        *self == APInt::signed_min(self.width)
    }
    /// The number of bits needed for the unsigned value (LLVM's `getActiveBits`).
    pub fn active_bits(&self) -> u32 {
        for (i, &w) in self.words.iter().enumerate().rev() {
            if w != 0 {
                return i as u32 * 64 + (64 - w.leading_zeros());
            }
        }
        0
    }
    /// The unsigned value when it fits 64 bits.
    pub fn to_u64(&self) -> Option<u64> {
        (self.active_bits() <= 64).then(|| self.words[0])
    }
    /// True when the unsigned values are equal, whatever the widths (`APSInt::isSameValue` on
    /// unsigned operands).
    pub fn same_unsigned_value(&self, other: &APInt) -> bool {
        let n = self.words.len().max(other.words.len());
        (0..n).all(|i| self.words.get(i).copied().unwrap_or(0) == other.words.get(i).copied().unwrap_or(0))
    }
    /// Unsigned `self < other`.
    pub fn ult(&self, other: &APInt) -> bool {
        self.ucmp(other).is_lt()
    }
    /// Unsigned comparison.
    pub fn ucmp(&self, other: &APInt) -> std::cmp::Ordering {
        let n = self.words.len().max(other.words.len());
        for i in (0..n).rev() {
            let a = self.words.get(i).copied().unwrap_or(0);
            let b = other.words.get(i).copied().unwrap_or(0);
            if a != b {
                return a.cmp(&b);
            }
        }
        std::cmp::Ordering::Equal
    }
    /// Signed comparison (two's complement of the same width).
    pub fn scmp(&self, other: &APInt) -> std::cmp::Ordering {
        match (self.is_negative(), other.is_negative()) {
            (true, false) => std::cmp::Ordering::Less,
            (false, true) => std::cmp::Ordering::Greater,
            _ => self.ucmp(other),
        }
    }
    /// Unsigned `self < v`.
    pub fn ult_u64(&self, v: u64) -> bool {
        self.to_u64().is_some_and(|x| x < v)
    }
    /// Bitwise not.
    pub fn not(&self) -> APInt {
        let mut a = self.clone();
        a.not_in_place();
        a
    }
    fn zip_words(&self, other: &APInt, f: impl Fn(u64, u64) -> u64) -> APInt {
        let mut a = self.clone();
        for (d, s) in a.words.iter_mut().zip(other.words.iter()) {
            *d = f(*d, *s);
        }
        a.clear_unused();
        a
    }
    /// Bitwise and.
    pub fn and(&self, other: &APInt) -> APInt {
        self.zip_words(other, |a, b| a & b)
    }
    /// Bitwise or.
    pub fn or(&self, other: &APInt) -> APInt {
        self.zip_words(other, |a, b| a | b)
    }
    /// Bitwise exclusive or.
    pub fn xor(&self, other: &APInt) -> APInt {
        self.zip_words(other, |a, b| a ^ b)
    }
    /// Wrapping addition.
    pub fn add(&self, other: &APInt) -> APInt {
        let mut a = self.clone();
        let mut carry = 0u64;
        for (d, &s) in a.words.iter_mut().zip(other.words.iter()) {
            let (x, c1) = d.overflowing_add(s);
            let (y, c2) = x.overflowing_add(carry);
            *d = y;
            carry = (c1 || c2) as u64;
        }
        a.clear_unused();
        a
    }
    /// Wrapping subtraction.
    pub fn sub(&self, other: &APInt) -> APInt {
        self.add(&other.neg())
    }
    /// Wrapping multiplication.
    pub fn mul(&self, other: &APInt) -> APInt {
        let n = self.words.len();
        let mut out: SmallVec<[u64; 1]> = SmallVec::from_elem(0, n);
        for (i, &a) in self.words.iter().enumerate() {
            if a == 0 {
                continue;
            }
            let mut carry: u128 = 0;
            for j in 0..n - i {
                let cur = out[i + j] as u128 + (a as u128) * (other.words.get(j).copied().unwrap_or(0) as u128) + carry;
                out[i + j] = cur as u64;
                carry = cur >> 64;
            }
        }
        let mut r = APInt { width: self.width, words: out };
        r.clear_unused();
        r
    }
    /// Shift left by `n` bits (`n` below the width).
    pub fn shl(&self, n: u32) -> APInt {
        let mut a = APInt::zero(self.width);
        let (ws, bs) = ((n / 64) as usize, n % 64);
        for i in (ws..a.words.len()).rev() {
            let lo = self.words[i - ws];
            let mut v = lo << bs;
            if bs != 0 && i > ws {
                v |= self.words[i - ws - 1] >> (64 - bs);
            }
            a.words[i] = v;
        }
        a.clear_unused();
        a
    }
    /// Logical shift right by `n` bits (`n` below the width).
    pub fn lshr(&self, n: u32) -> APInt {
        let mut a = APInt::zero(self.width);
        let (ws, bs) = ((n / 64) as usize, n % 64);
        let len = a.words.len();
        for i in 0..len.saturating_sub(ws) {
            let mut v = self.words[i + ws] >> bs;
            if bs != 0 && i + ws + 1 < len {
                v |= self.words[i + ws + 1] << (64 - bs);
            }
            a.words[i] = v;
        }
        a
    }
    /// Arithmetic shift right by `n` bits (`n` below the width).
    pub fn ashr(&self, n: u32) -> APInt {
        let r = self.lshr(n);
        if !self.is_negative() || n == 0 {
            return r;
        }
        // Fill the top `n` bits with ones.
        let fill = APInt::all_ones(self.width).lshr(self.width - n).shl(self.width - n);
        r.or(&fill)
    }
    /// Unsigned division and remainder; `None` for a zero divisor.
    pub fn udivrem(&self, d: &APInt) -> Option<(APInt, APInt)> {
        if d.is_zero() {
            return None;
        }
        if self.width <= 64 {
            let (a, b) = (self.words[0], d.words[0]);
            return Some((APInt::from_u64(self.width, a / b), APInt::from_u64(self.width, a % b)));
        }
        // Shift-subtract long division over the active bits of the dividend.
        let mut q = APInt::zero(self.width);
        let mut r = APInt::zero(self.width);
        for i in (0..self.active_bits()).rev() {
            r = r.shl(1);
            if self.bit(i) {
                r.words[0] |= 1;
            }
            if !r.ult(d) {
                r = r.sub(d);
                q.set_bit(i);
            }
        }
        Some((q, r))
    }
    /// Unsigned division; `None` for a zero divisor.
    pub fn udiv(&self, d: &APInt) -> Option<APInt> {
        self.udivrem(d).map(|x| x.0)
    }
    /// Unsigned remainder; `None` for a zero divisor.
    pub fn urem(&self, d: &APInt) -> Option<APInt> {
        self.udivrem(d).map(|x| x.1)
    }
    fn abs_value(&self) -> APInt {
        if self.is_negative() {
            self.neg()
        } else {
            self.clone()
        }
    }
    /// Signed division, rounding toward zero; `None` for a zero divisor.
    pub fn sdiv(&self, d: &APInt) -> Option<APInt> {
        let q = self.abs_value().udiv(&d.abs_value())?;
        Some(if self.is_negative() != d.is_negative() { q.neg() } else { q })
    }
    /// Signed remainder, with the sign of the dividend; `None` for a zero divisor.
    pub fn srem(&self, d: &APInt) -> Option<APInt> {
        let r = self.abs_value().urem(&d.abs_value())?;
        Some(if self.is_negative() { r.neg() } else { r })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_round_trip_wide() {
        let a = APInt::parse(128, b"-170141183460469231731687303715884105728", 10).unwrap();
        assert_eq!(a.to_string_signed(), "-170141183460469231731687303715884105728");
        let b = APInt::parse(128, b"340282366920938463463374607431768211455", 10).unwrap();
        assert_eq!(b.to_string_signed(), "-1");
        assert_eq!(b.to_string_unsigned(), "340282366920938463463374607431768211455");
        assert_eq!(APInt::parse(8, b"255", 10).unwrap().to_string_signed(), "-1");
        assert_eq!(APInt::parse(1, b"1", 10).unwrap().to_string_signed(), "-1");
        assert_eq!(APInt::parse(65, b"18446744073709551616", 10).unwrap().to_string_signed(), "-18446744073709551616");
    }

    #[test]
    fn bits_needed() {
        assert_eq!(APInt::active_bits_of_decimal(b"0"), 1);
        assert_eq!(APInt::active_bits_of_decimal(b"127"), 8);
        assert_eq!(APInt::active_bits_of_decimal(b"128"), 9);
        assert_eq!(APInt::active_bits_of_decimal(b"-128"), 8);
    }

    fn w(width: u32, v: i64) -> APInt {
        APInt::from_i64(width, v)
    }

    #[test]
    fn arithmetic_wraps() {
        assert_eq!(w(8, 200).add(&w(8, 100)), w(8, 44));
        assert_eq!(w(8, 1).sub(&w(8, 2)), w(8, -1));
        assert_eq!(w(128, -1).add(&w(128, 1)), w(128, 0));
        let big = APInt::from_words(128, &[u64::MAX, 0]);
        assert_eq!(big.add(&w(128, 1)), APInt::from_words(128, &[0, 1]));
        assert_eq!(w(16, 300).mul(&w(16, 300)), w(16, 90000 % 65536));
        assert_eq!(APInt::from_words(128, &[1 << 63, 0]).mul(&w(128, 4)), APInt::from_words(128, &[0, 2]));
        assert_eq!(w(8, 0x0f).xor(&w(8, -1)), w(8, 0xf0u8 as i8 as i64));
        assert_eq!(w(8, 0x0f).and(&w(8, 0x3c)), w(8, 0x0c));
        assert_eq!(w(8, 0x0f).or(&w(8, 0x30)), w(8, 0x3f));
        assert!(w(3, -1).is_all_ones() && APInt::all_ones(3) == w(3, 7));
    }

    #[test]
    fn shifts() {
        assert_eq!(w(8, 1).shl(7), w(8, -128));
        assert_eq!(w(8, -128).lshr(7), w(8, 1));
        assert_eq!(w(8, -128).ashr(7), w(8, -1));
        assert_eq!(w(8, 64).ashr(3), w(8, 8));
        let x = APInt::from_words(130, &[1, 0, 0]).shl(129);
        assert!(x.bit(129) && x.is_negative());
        assert_eq!(x.lshr(129), APInt::from_words(130, &[1, 0, 0]));
        assert_eq!(x.ashr(129), APInt::all_ones(130));
        assert_eq!(APInt::from_words(128, &[0, 3]).lshr(65), APInt::from_words(128, &[1, 0]));
    }

    #[test]
    fn division() {
        assert_eq!(w(8, 100).udiv(&w(8, 7)), Some(w(8, 14)));
        assert_eq!(w(8, 100).urem(&w(8, 7)), Some(w(8, 2)));
        assert_eq!(w(8, -7).sdiv(&w(8, 2)), Some(w(8, -3)));
        assert_eq!(w(8, -7).srem(&w(8, 2)), Some(w(8, -1)));
        assert_eq!(w(8, 7).srem(&w(8, -2)), Some(w(8, 1)));
        assert_eq!(w(8, 1).udiv(&w(8, 0)), None);
        let n = APInt::parse(128, b"340282366920938463463374607431768211455", 10).unwrap();
        let (q, r) = n.udivrem(&w(128, 10)).unwrap();
        assert_eq!(q.to_string_unsigned(), "34028236692093846346337460743176821145");
        assert_eq!(r, w(128, 5));
    }

    #[test]
    fn comparisons() {
        assert!(w(8, 3).ult(&w(8, -1)));
        assert!(!w(8, -1).ult(&w(8, 3)));
        assert!(w(8, -128).is_signed_min() && !w(8, 127).is_signed_min());
        assert!(w(32, 1).is_one() && !w(32, 2).is_one());
        assert!(w(64, 5).same_unsigned_value(&w(8, 5)));
        assert!(!w(64, -1).same_unsigned_value(&w(8, -1)));
        assert_eq!(APInt::from_words(128, &[0, 1]).to_u64(), None);
        assert_eq!(w(128, 9).to_u64(), Some(9));
        assert_eq!(w(128, 9).active_bits(), 4);
    }
}
