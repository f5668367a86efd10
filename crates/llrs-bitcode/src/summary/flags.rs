//! The flag words of summary records, decoded as `getDecodedGVSummaryFlags`,
//! `getDecodedFFlags`, `getDecodedGVarFlags`, `getDecodedHotnessCallEdgeInfo` and
//! `getDecodedRelBFCallEdgeInfo` decode them, and the other small codes of the records.

pub(super) use crate::constants::decode_sign_rotated as sign_rotated;
use llrs_ir::module::{Linkage, Visibility};
use llrs_ir::summary::{AllocType, ByArgKind, FuncFlags, GvFlags, Hotness, ImportKind, TtResKind, VarFlags, WpdKind};

/// `GlobalValue::LinkageTypes` by its value (the summary stores the enum, not the bitcode
/// linkage code). Values LLVM has no linkage for read as external.
fn linkage(v: u64) -> Linkage {
    match v {
        1 => Linkage::AvailableExternally,
        2 => Linkage::LinkOnce,
        3 => Linkage::LinkOnceOdr,
        4 => Linkage::Weak,
        5 => Linkage::WeakOdr,
        6 => Linkage::Appending,
        7 => Linkage::Internal,
        8 => Linkage::Private,
        9 => Linkage::ExternWeak,
        10 => Linkage::Common,
        _ => Linkage::External,
    }
}

/// `getDecodedGVSummaryFlags`: linkage in bits 0-3, then not eligible to import, live, DSO local,
/// can auto-hide; visibility in bits 8-9, import kind in bit 10. Before version 3 every value is
/// live and not eligible to import.
pub(super) fn gv_flags(raw: u64, version: u64) -> GvFlags {
    let visibility = match (raw >> 8) & 3 {
        1 => Visibility::Hidden,
        2 => Visibility::Protected,
        _ => Visibility::Default,
    };
    let import_type = if (raw >> 10) & 1 == 1 { ImportKind::Declaration } else { ImportKind::Definition };
    let bits = raw >> 4;
    GvFlags {
        linkage: linkage(raw & 0xf),
        visibility,
        not_eligible_to_import: bits & 0x1 != 0 || version < 3,
        live: bits & 0x2 != 0 || version < 3,
        dso_local: bits & 0x4 != 0,
        can_auto_hide: bits & 0x8 != 0,
        import_type,
    }
}

/// `getDecodedFFlags`: one bit per function flag, in LLVM's order.
pub(super) fn func_flags(raw: u64) -> FuncFlags {
    let bit = |i: u32| (raw >> i) & 1 == 1;
    FuncFlags {
        read_none: bit(0),
        read_only: bit(1),
        no_recurse: bit(2),
        return_does_not_alias: bit(3),
        no_inline: bit(4),
        always_inline: bit(5),
        no_unwind: bit(6),
        may_throw: bit(7),
        has_unknown_call: bit(8),
        must_be_unreachable: bit(9),
    }
}

/// `getDecodedGVarFlags`: read-only, write-only, constant, then the vcall visibility (a 2-bit
/// field in LLVM's flags).
pub(super) fn var_flags(raw: u64) -> VarFlags {
    VarFlags {
        read_only: raw & 0x1 != 0,
        write_only: raw & 0x2 != 0,
        constant: raw & 0x4 != 0,
        vcall_visibility: ((raw >> 3) & 3) as u8,
    }
}

/// `getDecodedHotnessCallEdgeInfo`: the hotness (3 bits) and the tail-call bit.
pub(super) fn hotness(raw: u64) -> (Hotness, bool) {
    let hotness = match raw & 0x7 {
        1 => Hotness::Cold,
        2 => Hotness::None,
        3 => Hotness::Hot,
        4 => Hotness::Critical,
        _ => Hotness::Unknown,
    };
    (hotness, raw & 0x8 != 0)
}

/// `getDecodedRelBFCallEdgeInfo`: the tail-call bit after the 28 bits of relative block
/// frequency (which `llvm-dis` does not print).
pub(super) fn relbf_tail(raw: u64) -> bool {
    raw & (1 << 28) != 0
}

/// `TypeTestResolution::Kind` by value (an unknown value reads as `unknown`).
pub(super) fn ttres_kind(v: u64) -> TtResKind {
    match v {
        0 => TtResKind::Unsat,
        1 => TtResKind::ByteArray,
        2 => TtResKind::Inline,
        3 => TtResKind::Single,
        4 => TtResKind::AllOnes,
        _ => TtResKind::Unknown,
    }
}

/// `WholeProgramDevirtResolution::Kind` by value.
pub(super) fn wpd_kind(v: u64) -> WpdKind {
    match v {
        1 => WpdKind::SingleImpl,
        2 => WpdKind::BranchFunnel,
        _ => WpdKind::Indir,
    }
}

/// `WholeProgramDevirtResolution::ByArg::Kind` by value.
pub(super) fn by_arg_kind(v: u64) -> ByArgKind {
    match v {
        1 => ByArgKind::UniformRetVal,
        2 => ByArgKind::UniqueRetVal,
        3 => ByArgKind::VirtualConstProp,
        _ => ByArgKind::Indir,
    }
}

/// `AllocationType` by value (a byte: none 0, notcold 1, cold 2, hot 4).
pub(super) fn alloc_type(v: u64) -> AllocType {
    match v as u8 {
        1 => AllocType::NotCold,
        2 => AllocType::Cold,
        4 => AllocType::Hot,
        _ => AllocType::None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_decode_as_llvm_decodes_them() {
        // linkage internal (7), live, dsoLocal; hidden; declaration.
        let f = gv_flags(7 | (0x6 << 4) | (1 << 8) | (1 << 10), 12);
        assert_eq!(f.linkage, Linkage::Internal);
        assert!(f.live && f.dso_local && !f.not_eligible_to_import && !f.can_auto_hide);
        assert_eq!((f.visibility, f.import_type), (Visibility::Hidden, ImportKind::Declaration));
        let old = gv_flags(0, 2);
        assert!(old.live && old.not_eligible_to_import);
        assert!(func_flags(1 << 9).must_be_unreachable);
        let v = var_flags(0x1 | 0x4 | (2 << 3));
        assert!(v.read_only && !v.write_only && v.constant);
        assert_eq!(v.vcall_visibility, 2);
        assert_eq!(hotness(0xb), (Hotness::Hot, true));
        assert_eq!(sign_rotated(4), 2);
        assert_eq!(sign_rotated(5), (-2i64) as u64);
        assert_eq!(sign_rotated(1), 1 << 63);
    }
}
