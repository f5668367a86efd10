//! XXH3's 64-bit hash with seed 0 and the default secret (`llvm::xxh3_64bits`), which LLVM's
//! `StringMap` hashes its keys with: needed to know the order LLVM iterates such a map in.

/// The default secret of XXH3 (192 bytes of FARSH's pseudorandom data).
const SECRET: [u8; 192] = [
    0xb8, 0xfe, 0x6c, 0x39, 0x23, 0xa4, 0x4b, 0xbe, 0x7c, 0x01, 0x81, 0x2c, 0xf7, 0x21, 0xad, 0x1c, 0xde, 0xd4, 0x6d,
    0xe9, 0x83, 0x90, 0x97, 0xdb, 0x72, 0x40, 0xa4, 0xa4, 0xb7, 0xb3, 0x67, 0x1f, 0xcb, 0x79, 0xe6, 0x4e, 0xcc, 0xc0,
    0xe5, 0x78, 0x82, 0x5a, 0xd0, 0x7d, 0xcc, 0xff, 0x72, 0x21, 0xb8, 0x08, 0x46, 0x74, 0xf7, 0x43, 0x24, 0x8e, 0xe0,
    0x35, 0x90, 0xe6, 0x81, 0x3a, 0x26, 0x4c, 0x3c, 0x28, 0x52, 0xbb, 0x91, 0xc3, 0x00, 0xcb, 0x88, 0xd0, 0x65, 0x8b,
    0x1b, 0x53, 0x2e, 0xa3, 0x71, 0x64, 0x48, 0x97, 0xa2, 0x0d, 0xf9, 0x4e, 0x38, 0x19, 0xef, 0x46, 0xa9, 0xde, 0xac,
    0xd8, 0xa8, 0xfa, 0x76, 0x3f, 0xe3, 0x9c, 0x34, 0x3f, 0xf9, 0xdc, 0xbb, 0xc7, 0xc7, 0x0b, 0x4f, 0x1d, 0x8a, 0x51,
    0xe0, 0x4b, 0xcd, 0xb4, 0x59, 0x31, 0xc8, 0x9f, 0x7e, 0xc9, 0xd9, 0x78, 0x73, 0x64, 0xea, 0xc5, 0xac, 0x83, 0x34,
    0xd3, 0xeb, 0xc3, 0xc5, 0x81, 0xa0, 0xff, 0xfa, 0x13, 0x63, 0xeb, 0x17, 0x0d, 0xdd, 0x51, 0xb7, 0xf0, 0xda, 0x49,
    0xd3, 0x16, 0x55, 0x26, 0x29, 0xd4, 0x68, 0x9e, 0x2b, 0x16, 0xbe, 0x58, 0x7d, 0x47, 0xa1, 0xfc, 0x8f, 0xf8, 0xb8,
    0xd1, 0x7a, 0xd0, 0x31, 0xce, 0x45, 0xcb, 0x3a, 0x8f, 0x95, 0x16, 0x04, 0x28, 0xaf, 0xd7, 0xfb, 0xca, 0xbb, 0x4b,
    0x40, 0x7e,
];

const P32_1: u64 = 0x9E37_79B1;
const P32_2: u64 = 0x85EB_CA77;
const P32_3: u64 = 0xC2B2_AE3D;
const P64_1: u64 = 0x9E37_79B1_85EB_CA87;
const P64_2: u64 = 0xC2B2_AE3D_27D4_EB4F;
const P64_3: u64 = 0x1656_67B1_9E37_79F9;
const P64_4: u64 = 0x85EB_CA77_C2B2_AE63;
const P64_5: u64 = 0x27D4_EB2F_1656_67C5;
const MX1: u64 = 0x1656_6791_9E37_79F9;
const MX2: u64 = 0x9FB2_1C65_1E98_DF25;

/// Little-endian 64 bits at `at` (zero past the end, which the callers never reach).
fn r64(b: &[u8], at: usize) -> u64 {
    let mut w = [0u8; 8];
    if let Some(s) = b.get(at..at + 8) {
        w.copy_from_slice(s);
    }
    u64::from_le_bytes(w)
}

/// Little-endian 32 bits at `at`.
fn r32(b: &[u8], at: usize) -> u64 {
    let mut w = [0u8; 4];
    if let Some(s) = b.get(at..at + 4) {
        w.copy_from_slice(s);
    }
    u32::from_le_bytes(w) as u64
}

fn mul128_fold64(a: u64, b: u64) -> u64 {
    let p = a as u128 * b as u128;
    p as u64 ^ (p >> 64) as u64
}

fn xxh64_avalanche(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(P64_2);
    h ^= h >> 29;
    h = h.wrapping_mul(P64_3);
    h ^ (h >> 32)
}

fn avalanche(mut h: u64) -> u64 {
    h ^= h >> 37;
    h = h.wrapping_mul(MX1);
    h ^ (h >> 32)
}

fn mix16(input: &[u8], at: usize, secret_at: usize) -> u64 {
    let lhs = r64(&SECRET, secret_at) ^ r64(input, at);
    let rhs = r64(&SECRET, secret_at + 8) ^ r64(input, at + 8);
    mul128_fold64(lhs, rhs)
}

/// `xxh3_64bits(data)`.
pub fn xxh3_64(d: &[u8]) -> u64 {
    let len = d.len();
    let s = &SECRET;
    match len {
        0 => xxh64_avalanche(r64(s, 56) ^ r64(s, 64)),
        1..=3 => {
            let (c1, c2, c3) = (d[0] as u32, d[len >> 1] as u32, d[len - 1] as u32);
            let combined = (c1 << 16) | (c2 << 24) | c3 | ((len as u32) << 8);
            xxh64_avalanche(combined as u64 ^ (r32(s, 0) ^ r32(s, 4)))
        }
        4..=8 => {
            let input64 = r32(d, len - 4) | (r32(d, 0) << 32);
            let mut acc = (r64(s, 8) ^ r64(s, 16)) ^ input64;
            acc ^= acc.rotate_left(49) ^ acc.rotate_left(24);
            acc = acc.wrapping_mul(MX2);
            acc ^= (acc >> 35).wrapping_add(len as u64);
            acc = acc.wrapping_mul(MX2);
            acc ^ (acc >> 28)
        }
        9..=16 => {
            let lo = (r64(s, 24) ^ r64(s, 32)) ^ r64(d, 0);
            let hi = (r64(s, 40) ^ r64(s, 48)) ^ r64(d, len - 8);
            let acc = (len as u64).wrapping_add(lo.swap_bytes()).wrapping_add(hi).wrapping_add(mul128_fold64(lo, hi));
            avalanche(acc)
        }
        17..=128 => {
            let mut acc = (len as u64).wrapping_mul(P64_1);
            acc = acc.wrapping_add(mix16(d, 0, 0));
            let mut end = mix16(d, len - 16, 16);
            if len > 32 {
                acc = acc.wrapping_add(mix16(d, 16, 32));
                end = end.wrapping_add(mix16(d, len - 32, 48));
                if len > 64 {
                    acc = acc.wrapping_add(mix16(d, 32, 64));
                    end = end.wrapping_add(mix16(d, len - 48, 80));
                    if len > 96 {
                        acc = acc.wrapping_add(mix16(d, 48, 96));
                        end = end.wrapping_add(mix16(d, len - 64, 112));
                    }
                }
            }
            avalanche(acc.wrapping_add(end))
        }
        129..=240 => {
            let mut acc = (len as u64).wrapping_mul(P64_1);
            for i in 0..8 {
                acc = acc.wrapping_add(mix16(d, 16 * i, 16 * i));
            }
            acc = avalanche(acc);
            for i in 8..len / 16 {
                acc = acc.wrapping_add(mix16(d, 16 * i, 16 * (i - 8) + 3));
            }
            acc = acc.wrapping_add(mix16(d, len - 16, 136 - 17));
            avalanche(acc)
        }
        _ => hash_long(d),
    }
}

fn accumulate_512(acc: &mut [u64; 8], d: &[u8], at: usize, secret_at: usize) {
    for i in 0..8 {
        let v = r64(d, at + 8 * i);
        let k = v ^ r64(&SECRET, secret_at + 8 * i);
        acc[i ^ 1] = acc[i ^ 1].wrapping_add(v);
        acc[i] = acc[i].wrapping_add((k & 0xFFFF_FFFF).wrapping_mul(k >> 32));
    }
}

fn hash_long(d: &[u8]) -> u64 {
    let len = d.len();
    let stripes_per_block = (SECRET.len() - 64) / 8;
    let block_len = 64 * stripes_per_block;
    let blocks = (len - 1) / block_len;
    let mut acc = [P32_3, P64_1, P64_2, P64_3, P64_4, P32_2, P64_5, P32_1];
    for n in 0..blocks {
        for s in 0..stripes_per_block {
            accumulate_512(&mut acc, d, n * block_len + s * 64, s * 8);
        }
        for (i, a) in acc.iter_mut().enumerate() {
            *a ^= *a >> 47;
            *a ^= r64(&SECRET, SECRET.len() - 64 + 8 * i);
            *a = a.wrapping_mul(P32_1);
        }
    }
    let stripes = (len - 1 - block_len * blocks) / 64;
    for s in 0..stripes {
        accumulate_512(&mut acc, d, blocks * block_len + s * 64, s * 8);
    }
    accumulate_512(&mut acc, d, len - 64, SECRET.len() - 64 - 7);
    let mut result = (len as u64).wrapping_mul(P64_1);
    for i in 0..4 {
        let key = 11 + 16 * i;
        result =
            result.wrapping_add(mul128_fold64(acc[2 * i] ^ r64(&SECRET, key), acc[2 * i + 1] ^ r64(&SECRET, key + 8)));
    }
    avalanche(result)
}

#[cfg(test)]
mod tests {
    use super::xxh3_64;

    #[test]
    fn known_values() {
        // Reference values of XXH3_64bits with seed 0.
        assert_eq!(xxh3_64(b""), 0x2D06_8005_38D3_94C2);
        assert_eq!(xxh3_64(b"a"), 0xE6C6_32B6_1E96_4E1F);
        assert_eq!(xxh3_64(b"abc"), 0x78AF_5F94_892F_3950);
    }
}
