//! The values of integer attributes (entry tag 1) and the constant ranges of `range` and
//! `initializes` (tags 7 and 8), decoded as LLVM 22's `AttrBuilder` takes them.

pub use crate::constants::decode_sign_rotated as sign_rotated;
use llrs_ir::attributes::{
    AllocFnKind, AttrArg, CaptureInfo, ConstantRangeList, FPClassTest, MemoryEffects, OffsetRange, UwTableKind,
};
use llrs_ir::APInt;

/// LLVM's limit on integer widths (`IntegerType::MAX_INT_BITS`): no value has a wider type, so a
/// range attribute wider than this stands on nothing (LLVM removes it from every parameter and
/// return value as type-incompatible); it is not built.
const MAX_INT_BITS: u32 = 1 << 23;

/// An alignment as `MaybeAlign` takes it: truncated to 32 bits, 0 for none, and (as a release
/// build of LLVM does) a value that is not a power of two floored to one.
pub fn alignment(v: u64) -> Option<u64> {
    let v = v as u32;
    (v != 0).then(|| 1u64 << (31 - v.leading_zeros()))
}

/// `memory`: the version in the top byte; version 0 (before `errnomem` and the target memory
/// locations) has argmem, inaccessiblemem and other in bits 0-5, other also standing for
/// errnomem; later versions are the raw `MemoryEffects` (LLVM 22 reads version 2 as 1, and
/// remaps nothing for AArch64).
pub fn memory_effects(v: u64) -> MemoryEffects {
    if v >> 56 == 0 {
        let (arg, inaccessible, other) = (v & 3, (v >> 2) & 3, (v >> 4) & 3);
        MemoryEffects((arg | inaccessible << 2 | other << 4 | other << 6) as u32)
    } else {
        MemoryEffects((v & 0x00FF_FFFF_FFFF_FFFF) as u32)
    }
}

/// The argument of integer attribute `name` stored as `v`, or `None` when LLVM's builder adds
/// nothing for it (a zero alignment, dereferenceable size, vscale range or unwind kind).
pub fn int_arg(name: &str, v: u64) -> Option<AttrArg> {
    Some(match name {
        "align" | "alignstack" => AttrArg::Int(alignment(v)?),
        "dereferenceable" | "dereferenceable_or_null" => AttrArg::Int((v != 0).then_some(v)?),
        // `(elemSizeArg << 32) | numElemsArg`, all ones in the low half meaning no second one.
        "allocsize" => AttrArg::AllocSize((v >> 32) as u32, Some(v as u32).filter(|&n| n != u32::MAX)),
        // `(min << 32) | max`; 0 adds nothing.
        "vscale_range" if v != 0 => AttrArg::VScale((v >> 32) as u32, v as u32),
        // 2 is the default (async) kind; LLVM prints every other non-zero kind as `sync`.
        "uwtable" => match v {
            0 => return None,
            2 => AttrArg::UwTable(UwTableKind::Async),
            _ => AttrArg::UwTable(UwTableKind::Sync),
        },
        // LLVM keeps unknown bits and a zero kind (printed `allockind("")`); llrs-ir holds the six
        // known kinds and has no empty one (an empty kind leaves the set).
        "allockind" => AttrArg::AllocKind(AllocFnKind::from_bits(v)),
        "memory" => AttrArg::Memory(memory_effects(v)),
        // `other << 4 | ret`, through a u32 (llrs-ir keeps the four meaningful bits of each).
        "captures" => AttrArg::Captures(CaptureInfo::from_int(v as u32)),
        // Bits beyond the ten classes are dropped; no class left adds nothing.
        "nofpclass" => AttrArg::NoFPClass(FPClassTest::from_bits(v & u64::from(FPClassTest::ALL.bits()))?),
        _ => return None,
    })
}

const TOO_FEW: &str = "Too few records for range";

/// One bound of a range as stored: a sign-rotated value (width 64 or less), or the sign-rotated
/// words of a wide one (least significant first).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Bound {
    Small(i64),
    Wide(Vec<u64>),
}

impl Bound {
    /// The bound as an APInt of `width` bits: a small value sign-extended or truncated, wide
    /// words zero-extended or truncated (`APInt(width, words)`).
    fn to_apint(&self, width: u32) -> APInt {
        match self {
            Bound::Small(v) => APInt::from_i64(width, *v),
            Bound::Wide(words) => APInt::from_words(width, words),
        }
    }

    /// The number of words stored.
    fn words(&self) -> usize {
        match self {
            Bound::Small(_) => 1,
            Bound::Wide(w) => w.len(),
        }
    }
}

/// `readConstantRange`: the bounds of a range of `width` bits at `ops[*at..]`.
fn read_range(ops: &[u64], at: &mut usize, width: u32) -> Result<(Bound, Bound), String> {
    let rest = ops.get(*at..).unwrap_or_default();
    if rest.len() < 2 {
        return Err(TOO_FEW.into());
    }
    if width <= 64 {
        *at += 2;
        return Ok((Bound::Small(sign_rotated(rest[0]) as i64), Bound::Small(sign_rotated(rest[1]) as i64)));
    }
    // The word counts of the two bounds, packed in one operand.
    let (lo_words, hi_words) = (rest[0] & 0xFFFF_FFFF, rest[0] >> 32);
    let words = &rest[1..];
    if (words.len() as u64) < lo_words + hi_words {
        return Err(TOO_FEW.into());
    }
    let (lo, hi) = words.split_at(lo_words as usize);
    let decode = |w: &[u64]| Bound::Wide(w.iter().map(|&v| sign_rotated(v)).collect());
    let bounds = (decode(lo), decode(&hi[..hi_words as usize]));
    *at += 1 + (lo_words + hi_words) as usize;
    Ok(bounds)
}

/// Tag 7 after its kind: `[width, range]` (`readBitWidthAndConstantRange`). `None` when LLVM's
/// builder adds nothing (the full set) or the width is one no value has (see [`MAX_INT_BITS`]).
pub fn range(ops: &[u64], at: &mut usize) -> Result<Option<(u32, APInt, APInt)>, String> {
    let Some(&width) = ops.get(*at) else { return Err(TOO_FEW.into()) };
    *at += 1;
    let width = width as u32;
    let (lo, hi) = read_range(ops, at, width)?;
    if width > MAX_INT_BITS {
        return Ok(None);
    }
    let (lo, hi) = (lo.to_apint(width), hi.to_apint(width));
    if lo == hi && lo.is_all_ones() {
        return Ok(None);
    }
    Ok(Some((width, lo, hi)))
}

/// Tag 8 after its kind: `[count, width, range x count]`, checked as
/// `ConstantRangeList::isOrderedRanges` checks it. The offsets are kept as i64 (LLVM's are 64
/// bits wide; a wider range's bounds are truncated).
pub fn range_list(ops: &[u64], at: &mut usize) -> Result<ConstantRangeList, String> {
    let (Some(&count), Some(&width)) = (ops.get(*at), ops.get(*at + 1)) else {
        return Err("Too few records for constant range list".into());
    };
    *at += 2;
    let (count, width) = (count as u32, width as u32);
    let mut bounds = Vec::new();
    for _ in 0..count {
        // Each range takes two operands or more, so the record bounds this loop.
        bounds.push(read_range(ops, at, width)?);
    }
    let ordered = bounds.iter().all(|(l, h)| scmp(l, h, width).is_lt())
        && bounds.windows(2).all(|w| scmp(&w[1].0, &w[0].1, width).is_gt());
    const UNORDERED: &str = "Invalid (unordered or overlapping) range list";
    if !ordered {
        return Err(UNORDERED.into());
    }
    let offsets = bounds.iter().map(|(l, h)| OffsetRange { lo: low_i64(l, width), hi: low_i64(h, width) }).collect();
    ConstantRangeList::new(offsets).map_err(|_| UNORDERED.into())
}

/// Signed comparison of two bounds of a `width`-bit range. The APInts built are never wider than
/// the words stored (plus one): beyond them, both values are zero-extended, hence non-negative,
/// and compare as they do at the full width.
fn scmp(a: &Bound, b: &Bound, width: u32) -> std::cmp::Ordering {
    let stored = 64 * (a.words().max(b.words()) as u64 + 1);
    let w = u64::from(width).min(stored) as u32;
    a.to_apint(w).scmp(&b.to_apint(w))
}

/// The low 64 bits of a bound of a `width`-bit range, as a signed offset (sign-extended from a
/// narrower width).
fn low_i64(b: &Bound, width: u32) -> i64 {
    match b {
        Bound::Small(v) => APInt::from_i64(width, *v).sext_or_trunc(64).low_u64() as i64,
        Bound::Wide(words) => words.first().map_or(0, |&w| w as i64),
    }
}
