//! Floating-point immediates: literals decoded for a type as LLParser decodes them (MIParser
//! reads them as IR constants) and values printed as LLVM's `AsmWriter` prints them, through
//! the `.ll` reader's and writer's own functions (NaN payloads, signalling ones included, are
//! kept bit for bit).

use llrs_ir::types::FloatKind;

/// The bit pattern of `text` (a decimal or hex literal) as a constant of `kind`; `None`: the
/// literal is not valid for the type.
pub fn decode(kind: FloatKind, text: &[u8]) -> Option<u128> {
    llrs_asm::floats::float_bits(text, kind)
}

/// Writes a value of `kind` as LLVM prints a `ConstantFP` (decimal `%e` when it reads back
/// exactly, else hex).
pub fn write(out: &mut String, kind: FloatKind, bits: u128) {
    let mut buf = Vec::with_capacity(24);
    llrs_asm::floats::write_float(&mut buf, kind, bits);
    out.push_str(&String::from_utf8_lossy(&buf));
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

    /// A signalling NaN stays one, with its payload: what `llc -run-pass=none` prints.
    #[test]
    fn signalling_nans_keep_their_bits() {
        for (lit, bits) in [("0x7FF4000000000000", 0x7fa0_0000u128), ("0xFFF0000020000000", 0xff80_0001)] {
            let b = decode(FloatKind::Float, lit.as_bytes());
            assert_eq!(b, Some(bits), "{lit}");
            let mut s = String::new();
            write(&mut s, FloatKind::Float, bits);
            assert_eq!(s, lit);
        }
    }
}
