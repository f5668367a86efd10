//! Names and strings as AsmWriter prints them: `PrintLLVMName`, `printEscapedString`,
//! `printMetadataIdentifier`, and small number formatting helpers.

const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// True when a name can be printed without quotes (LLVM's `printLLVMNameWithoutPrefix`).
#[inline]
fn is_plain(name: &[u8]) -> bool {
    match name.first() {
        None => false,
        Some(c) if c.is_ascii_digit() => false,
        _ => name.iter().all(|&c| c.is_ascii_alphanumeric() || c == b'-' || c == b'.' || c == b'_'),
    }
}

/// `printEscapedString`: printable ASCII as is, except `\` as `\\` and `"` as `\22`; every other
/// byte as `\XX`.
pub fn write_escaped(out: &mut Vec<u8>, s: &[u8]) {
    let mut start = 0;
    for (i, &c) in s.iter().enumerate() {
        if (0x20..0x7f).contains(&c) && c != b'\\' && c != b'"' {
            continue;
        }
        out.extend_from_slice(&s[start..i]);
        if c == b'\\' {
            out.extend_from_slice(b"\\\\");
        } else {
            out.extend_from_slice(&[b'\\', HEX[(c >> 4) as usize], HEX[(c & 15) as usize]]);
        }
        start = i + 1;
    }
    out.extend_from_slice(&s[start..]);
}

/// A name without prefix, quoted and escaped when needed.
pub fn write_name_body(out: &mut Vec<u8>, name: &[u8]) {
    if is_plain(name) {
        out.extend_from_slice(name);
    } else {
        out.push(b'"');
        write_escaped(out, name);
        out.push(b'"');
    }
}

/// `PrintLLVMName` with a prefix byte (`@`, `%`, `$`) or none (labels).
pub fn write_name(out: &mut Vec<u8>, prefix: Option<u8>, name: &[u8]) {
    if let Some(p) = prefix {
        out.push(p);
    }
    write_name_body(out, name);
}

/// A quoted, escaped string: `"..."`.
pub fn write_quoted(out: &mut Vec<u8>, s: &[u8]) {
    out.push(b'"');
    write_escaped(out, s);
    out.push(b'"');
}

/// `printMetadataIdentifier`: the name of a metadata kind or named metadata, without the `!`.
pub fn write_md_identifier(out: &mut Vec<u8>, name: &[u8]) {
    if name.is_empty() {
        out.extend_from_slice(b"<empty name> ");
        return;
    }
    let plain = |i: usize, c: u8| {
        (if i == 0 { c.is_ascii_alphabetic() } else { c.is_ascii_alphanumeric() })
            || c == b'-'
            || c == b'$'
            || c == b'.'
            || c == b'_'
    };
    // Most names (`dbg`, `tbaa`, `llvm.loop`) need no escape: copied whole.
    if name.iter().enumerate().all(|(i, &c)| plain(i, c)) {
        out.extend_from_slice(name);
        return;
    }
    for (i, &c) in name.iter().enumerate() {
        if plain(i, c) {
            out.push(c);
        } else {
            out.extend_from_slice(&[b'\\', HEX[(c >> 4) as usize], HEX[(c & 15) as usize]]);
        }
    }
}

/// An unsigned decimal number.
#[inline]
pub fn write_u64(out: &mut Vec<u8>, v: u64) {
    if v < 10 {
        out.push(b'0' + v as u8);
        return;
    }
    // The digits fill the front of a buffer of fixed size, copied whole (no call to copy a
    // few bytes) and cut to length; two digits at a time.
    let len = decimal_len(v);
    let mut buf = [0u8; 20];
    let mut i = len;
    let mut v = v;
    while v >= 100 {
        let d = (v % 100) as usize * 2;
        v /= 100;
        i -= 2;
        buf[i..i + 2].copy_from_slice(&DIGIT_PAIRS[d..d + 2]);
    }
    if v >= 10 {
        let d = v as usize * 2;
        buf[0..2].copy_from_slice(&DIGIT_PAIRS[d..d + 2]);
    } else {
        buf[0] = b'0' + v as u8;
    }
    let at = out.len();
    out.extend_from_slice(&buf);
    out.truncate(at + len);
}

/// How many decimal digits `v` has: from its bit length (log10(2) is about 1233/4096), then
/// one comparison (cheaper than `ilog10`'s).
#[inline]
fn decimal_len(v: u64) -> usize {
    let t = (((64 - (v | 1).leading_zeros()) * 1233) >> 12) as usize;
    t + usize::from(v >= POW10[t])
}

/// 10 to the power of the index.
static POW10: [u64; 20] = {
    let mut t = [1u64; 20];
    let mut i = 1;
    while i < 20 {
        t[i] = t[i - 1] * 10;
        i += 1;
    }
    t
};

/// "00" to "99", one after the other.
static DIGIT_PAIRS: [u8; 200] = {
    let mut t = [0u8; 200];
    let mut n = 0;
    while n < 100 {
        t[2 * n] = b'0' + (n / 10) as u8;
        t[2 * n + 1] = b'0' + (n % 10) as u8;
        n += 1;
    }
    t
};

/// A signed decimal number.
#[inline]
pub fn write_i64(out: &mut Vec<u8>, v: i64) {
    if v < 0 {
        out.push(b'-');
    }
    write_u64(out, v.unsigned_abs());
}

/// Upper-case hex digits of `v`, zero-padded to `digits`.
pub fn write_hex_padded(out: &mut Vec<u8>, v: u64, digits: usize) {
    for i in (0..digits).rev() {
        let nib = if i >= 16 { 0 } else { (v >> (i * 4)) & 15 };
        out.push(HEX[nib as usize]);
    }
}

/// Upper-case hex digits of `v` without padding (at least one digit).
pub fn write_hex_min(out: &mut Vec<u8>, v: u64) {
    let digits = if v == 0 { 1 } else { (64 - v.leading_zeros() as usize).div_ceil(4) };
    write_hex_padded(out, v, digits);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(p: Option<u8>, s: &[u8]) -> String {
        let mut v = Vec::new();
        write_name(&mut v, p, s);
        String::from_utf8(v).unwrap()
    }

    #[test]
    fn writer_names() {
        assert_eq!(name(Some(b'@'), b"main"), "@main");
        assert_eq!(name(Some(b'%'), b"struct.foo"), "%struct.foo");
        assert_eq!(name(Some(b'%'), b"1x"), "%\"1x\"");
        assert_eq!(name(Some(b'%'), b"a b"), "%\"a b\"");
        assert_eq!(name(Some(b'@'), b"\x01foo\"\\"), "@\"\\01foo\\22\\\\\"");
        assert_eq!(name(None, b"bb.1-x_y"), "bb.1-x_y");
        let mut v = Vec::new();
        write_md_identifier(&mut v, b"llvm.loop");
        write_md_identifier(&mut v, b"9a b");
        assert_eq!(v, b"llvm.loop\\39a\\20b");
        let mut v = Vec::new();
        write_hex_min(&mut v, 0x8000000000000);
        v.push(b' ');
        write_i64(&mut v, i64::MIN);
        assert_eq!(v, b"8000000000000 -9223372036854775808");
        // Every power of ten and its neighbours (where the number of digits changes).
        let edges = (0..20u32).flat_map(|e| {
            let p = 10u64.pow(e);
            [p - 1, p, p + 1]
        });
        for n in [0u64, 7, 9, 10, 42, 99, 100, 101, 999, 1000, 12345, 1 << 40, u64::MAX / 3, u64::MAX]
            .into_iter()
            .chain(edges)
        {
            let mut v = Vec::new();
            write_u64(&mut v, n);
            assert_eq!(v, n.to_string().as_bytes());
        }
    }
}
