//! Floating-point immediates: decoding literals as LLParser does for a type, and printing
//! values as LLVM's `AsmWriter` does.

use llrs_ir::types::FloatKind;

/// The bit pattern of `text` (a decimal or hex literal) as a constant of `kind`; `None`: the
/// literal is not valid for the type.
pub fn decode(kind: FloatKind, text: &[u8]) -> Option<u128> {
    if text.len() > 2 && text[0] == b'0' && (text[1] == b'x' || text[1] == b'X') {
        let (prefix, digits) = match text[2] {
            b'H' | b'K' | b'L' | b'M' | b'R' => (Some(text[2]), &text[3..]),
            _ => (None, &text[2..]),
        };
        let v = super::parser::parse_hex_u128(digits)?;
        return match (prefix, kind) {
            (None, FloatKind::Double) => Some(v & u64::MAX as u128),
            (None, FloatKind::Float) => {
                let d = f64::from_bits(v as u64);
                let f = d as f32;
                ((f as f64).to_bits() == d.to_bits() || d.is_nan()).then_some(f.to_bits() as u128)
            }
            (Some(b'H'), FloatKind::Half) | (Some(b'R'), FloatKind::BFloat) => Some(v & 0xffff),
            (Some(b'K'), FloatKind::X86Fp80) => Some(v & ((1u128 << 80) - 1)),
            (Some(b'L'), FloatKind::Fp128) | (Some(b'M'), FloatKind::PpcFp128) => {
                // Written as two 64-bit halves, low part first in LLVM's hex form.
                let lo = (v >> 64) as u64;
                let hi = v as u64;
                Some(((hi as u128) << 64) | lo as u128)
            }
            _ => None,
        };
    }
    let s = std::str::from_utf8(text).ok()?;
    let d: f64 = s.parse().ok()?;
    match kind {
        FloatKind::Double => Some(d.to_bits() as u128),
        FloatKind::Float => {
            let f = d as f32;
            ((f as f64) == d).then_some(f.to_bits() as u128)
        }
        FloatKind::BFloat => {
            let f = d as f32;
            let b = f.to_bits();
            ((f as f64) == d && b & 0xffff == 0).then_some((b >> 16) as u128)
        }
        FloatKind::Half => half_exact(d).map(u128::from),
        _ => None,
    }
}

/// The IEEE half with exactly the value `d`, if there is one.
fn half_exact(d: f64) -> Option<u16> {
    let sign = if d.is_sign_negative() { 0x8000u16 } else { 0 };
    if d == 0.0 {
        return Some(sign);
    }
    if d.is_infinite() {
        return Some(sign | 0x7c00);
    }
    if d.is_nan() {
        return None;
    }
    let a = d.abs();
    if a < 2f64.powi(-14) {
        let m = a / 2f64.powi(-24);
        return (m.fract() == 0.0 && m < 1024.0).then_some(sign | m as u16);
    }
    for e in -14i32..=15 {
        if a < 2f64.powi(e + 1) {
            let m = a / 2f64.powi(e - 10);
            return (m.fract() == 0.0).then(|| sign | (((e + 15) as u16) << 10) | (m as u16 - 1024));
        }
    }
    None
}

/// Writes a value of `kind` as LLVM prints a `ConstantFP` (decimal `%e` when it reads back
/// exactly, else hex).
pub fn write(out: &mut String, kind: FloatKind, bits: u128) {
    use std::fmt::Write;
    match kind {
        FloatKind::Double | FloatKind::Float => {
            let d = if kind == FloatKind::Double {
                f64::from_bits(bits as u64)
            } else {
                f32::from_bits(bits as u32) as f64
            };
            if d.is_finite() {
                let s = format!("{:.6e}", d);
                if let Some((m, e)) = s.split_once('e') {
                    let (sign, digits) = match e.strip_prefix('-') {
                        Some(r) => ('-', r),
                        None => ('+', e),
                    };
                    let cand = format!("{m}e{sign}{digits:0>2}");
                    if cand.parse::<f64>().ok() == Some(d) {
                        out.push_str(&cand);
                        return;
                    }
                }
            }
            let dbits = if kind == FloatKind::Double {
                bits as u64
            } else if d.is_nan() {
                let b = bits as u32;
                ((b as u64 >> 31) << 63) | (0x7ffu64 << 52) | (((b & 0x7f_ffff) as u64) << 29)
            } else {
                d.to_bits()
            };
            let _ = write!(out, "0x{dbits:X}");
        }
        FloatKind::Half => {
            let _ = write!(out, "0xH{:04X}", bits as u16);
        }
        FloatKind::BFloat => {
            let _ = write!(out, "0xR{:04X}", bits as u16);
        }
        FloatKind::X86Fp80 => {
            let _ = write!(out, "0xK{:04X}{:016X}", (bits >> 64) as u16, bits as u64);
        }
        FloatKind::Fp128 | FloatKind::PpcFp128 => {
            let p = if kind == FloatKind::Fp128 { 'L' } else { 'M' };
            let _ = write!(out, "0x{p}{:016X}{:016X}", bits as u64, (bits >> 64) as u64);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats() {
        let mut s = String::new();
        write(&mut s, FloatKind::Float, decode(FloatKind::Float, b"1.0").unwrap_or(0));
        assert_eq!(s, "1.000000e+00");
        assert_eq!(decode(FloatKind::Float, b"0.1"), None);
        let mut s = String::new();
        write(&mut s, FloatKind::Double, decode(FloatKind::Double, b"0.1").unwrap_or(0));
        assert_eq!(s, "1.000000e-01");
        let mut s = String::new();
        write(&mut s, FloatKind::Double, 0x3FB9_9999_9999_9990);
        assert_eq!(s, "0x3FB9999999999990");
        let mut s = String::new();
        write(&mut s, FloatKind::Half, decode(FloatKind::Half, b"0xH3c00").unwrap_or(0));
        assert_eq!(s, "0xH3C00");
        assert_eq!(decode(FloatKind::Half, b"1.0"), Some(0x3c00));
        assert_eq!(decode(FloatKind::Half, b"-2.5"), Some(0xc100));
        assert_eq!(decode(FloatKind::Half, b"0.1"), None);
        assert_eq!(decode(FloatKind::Half, b"6.103515625e-05"), Some(0x0400));
        assert_eq!(decode(FloatKind::Half, b"5.9604644775390625e-08"), Some(0x0001));
        assert_eq!(decode(FloatKind::BFloat, b"1.5"), Some(0x3fc0));
    }
}
