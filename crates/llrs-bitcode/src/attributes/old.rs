//! The attribute words of LLVM before 3.3 (`PARAMATTR_CODE_ENTRY_OLD`: `[idx, bits, ...]`),
//! decoded as `decodeLLVMAttributesForBitcode` decodes them.
//!
//! A word holds the enum kinds in bits 0-15 and 32-51 and an alignment (in bytes) in bits 16-31.
//! LLVM repacks it (bits 32-51 moved down to 21-40; bits 52-63 dropped) and reads the repacked
//! bits through its raw mask table; only the kinds below can be reached that way.

use llrs_ir::attributes::{Attr, AttrArg, CaptureInfo, MemoryEffects, UwTableKind};
use llrs_ir::Context;

use super::values::alignment;
use super::{Builder, FUNCTION_INDEX};

/// The enum kind of each bit of the repacked word (byval and sret are typeless type kinds;
/// readnone and readonly are upgraded on a function; nocapture, alignstack and uwtable are read
/// apart).
const BITS: &[(u32, &str)] = &[
    (0, "zeroext"),
    (1, "signext"),
    (2, "noreturn"),
    (3, "inreg"),
    (4, "sret"),
    (5, "nounwind"),
    (6, "noalias"),
    (7, "byval"),
    (8, "nest"),
    (9, "readnone"),
    (10, "readonly"),
    (11, "noinline"),
    (12, "alwaysinline"),
    (13, "optsize"),
    (14, "ssp"),
    (15, "sspreq"),
    (22, "noredzone"),
    (23, "noimplicitfloat"),
    (24, "naked"),
    (25, "inlinehint"),
    (29, "returns_twice"),
    (31, "nonlazybind"),
    (32, "sanitize_address"),
    (33, "minsize"),
    (34, "noduplicate"),
    (35, "sspstrong"),
    (36, "sanitize_thread"),
    (37, "sanitize_memory"),
    (38, "nobuiltin"),
    (39, "returned"),
    (40, "cold"),
];

const READ_NONE: u64 = 1 << 9;
const READ_ONLY: u64 = 1 << 10;
const NO_CAPTURE: u64 = 1 << 21;
const UW_TABLE: u64 = 1 << 30;

/// The attributes of one `(idx, bits)` pair.
pub fn decode(ctx: &mut Context, idx: u64, bits: u64) -> Vec<Attr> {
    let mut b = Builder::default();
    if let Some(a) = alignment((bits >> 16) & 0xFFFF) {
        b.add(ctx, "align", AttrArg::Int(a));
    }
    let mut a = (bits & 0xFFFF) | ((bits >> 32) & 0xF_FFFF) << 21;
    // On the (exact 64-bit) function index, readnone and readonly become `memory`. LLVM also
    // tests three bits that repacking leaves clear (inaccessiblememonly & co).
    if idx == u64::from(FUNCTION_INDEX) {
        let mut me = MemoryEffects::uniform(3);
        if a & READ_NONE != 0 {
            a &= !READ_NONE;
            me = MemoryEffects::uniform(0);
        }
        if a & READ_ONLY != 0 {
            a &= !READ_ONLY;
            me = MemoryEffects(me.0 & MemoryEffects::uniform(1).0);
        }
        if me != MemoryEffects::uniform(3) {
            b.add(ctx, "memory", AttrArg::Memory(me));
        }
    }
    if a & NO_CAPTURE != 0 {
        a &= !NO_CAPTURE;
        b.add(ctx, "captures", AttrArg::Captures(CaptureInfo::NONE));
    }
    for &(bit, name) in BITS {
        if a >> bit & 1 == 1 {
            b.add(ctx, name, AttrArg::None);
        }
    }
    // A 3-bit log2 + 1 of the stack alignment.
    let stack = (a >> 26) & 7;
    if stack != 0 {
        b.add(ctx, "alignstack", AttrArg::Int(1 << (stack - 1)));
    }
    // LLVM adds `uwtable` with the raw value 0 (no kind), which it prints `uwtable(sync)`.
    if a & UW_TABLE != 0 {
        b.add(ctx, "uwtable", AttrArg::UwTable(UwTableKind::Sync));
    }
    b.finish()
}
