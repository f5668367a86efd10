//! Summaries built record by record: what each record gives, LLVM's messages, and damaged
//! summaries read without a panic.

use llrs_ir::module::Linkage;
use llrs_ir::summary::{global_guid, md5_low64, Hotness, RefAccess, SummaryIndex, SummaryKind, TtResKind, WpdKind};

use crate::codes::*;
use crate::test_bits::Bits;
use crate::Error;

/// A record: code and operands.
type Rec = (u32, Vec<u64>);

fn chars(s: &str) -> Vec<u64> {
    s.bytes().map(u64::from).collect()
}

/// A file: a module block with `module` records, a summary block (`block`, if any) with
/// `summary` records, `after` records after it, and a string table block holding `strtab`.
fn file(module: &[Rec], block: Option<u32>, summary: &[Rec], after: &[Rec], strtab: &str) -> Vec<u8> {
    let mut b = Bits::new();
    let m = b.enter(2, u64::from(MODULE_BLOCK_ID), 3);
    for (code, ops) in module {
        b.record(3, u64::from(*code), ops);
    }
    if let Some(id) = block {
        let s = b.enter(3, u64::from(id), 4);
        for (code, ops) in summary {
            b.record(4, u64::from(*code), ops);
        }
        b.end_block(s, 4);
    }
    for (code, ops) in after {
        b.record(3, u64::from(*code), ops);
    }
    b.end_block(m, 3);
    // STRTAB: an abbreviation [literal BLOB, blob], then the blob through it.
    let t = b.enter(2, u64::from(STRTAB_BLOCK_ID), 3);
    b.put(2, 3); // DEFINE_ABBREV
    b.vbr(2, 5);
    b.put(1, 1);
    b.vbr(u64::from(STRTAB_BLOB), 8);
    b.put(0, 1);
    b.put(5, 3);
    b.put(4, 3);
    b.vbr(strtab.len() as u64, 6);
    b.align();
    for byte in strtab.bytes() {
        b.put(u64::from(byte), 8);
    }
    b.align();
    b.end_block(t, 3);
    b.bytes
}

/// Reads the summary of the first module of `bytes` as the module `x.bc`.
fn read(bytes: &[u8]) -> Result<Option<SummaryIndex>, Error> {
    let mods = crate::reader::modules(bytes)?;
    super::read(&mods[0], "x.bc")
}

/// A module named by the string table `"mainfga"`: `main`, internal `f`, `g`, alias `a`.
fn globals() -> Vec<Rec> {
    vec![
        (MODULE_CODE_VERSION, vec![2]),
        (MODULE_CODE_SOURCE_FILENAME, chars("a.c")),
        (MODULE_CODE_FUNCTION, vec![0, 4, 0, 0, 0, 0]),
        (MODULE_CODE_FUNCTION, vec![4, 1, 0, 0, 0, 3]),
        (MODULE_CODE_GLOBALVAR, vec![5, 1, 0, 0, 0, 0]),
        (MODULE_CODE_ALIAS, vec![6, 1, 0, 0, 0, 0]),
    ]
}

const STRTAB: &str = "mainfga_ZTS1A";

fn per_module(summary: &[Rec]) -> Result<Option<SummaryIndex>, Error> {
    let mut recs = vec![(FS_VERSION, vec![12])];
    recs.extend_from_slice(summary);
    read(&file(&globals(), Some(GLOBALVAL_SUMMARY_BLOCK_ID), &recs, &[(MODULE_CODE_HASH, vec![1, 2, 3, 4, 5])], STRTAB))
}

#[test]
fn a_module_without_summary_block_has_none() {
    assert_eq!(read(&file(&globals(), None, &[], &[], STRTAB)).unwrap(), None);
}

#[test]
fn per_module_summaries_name_their_values() {
    let (main, f, g, a) =
        (md5_low64(b"main"), global_guid(b"f", Linkage::Internal, b"a.c"), md5_low64(b"g"), md5_low64(b"a"));
    let idx = per_module(&[
        (FS_FLAGS, vec![8 | 4]),
        (FS_VALUE_GUID, vec![4, 0, 99]),
        (FS_PERMODULE, vec![1, 7 | (4 << 4), 1, 1 << 6, 0, 0, 0]),
        (FS_PERMODULE_GLOBALVAR_INIT_REFS, vec![2, 0, 1]),
        (FS_TYPE_TESTS, vec![7, 8]),
        // main: 3 instructions, refs g and 99 (write-only), calls f (hot, tail).
        (FS_PERMODULE_PROFILE, vec![0, 0, 3, 0, 2, 0, 1, 2, 4, 1, 3 | 8]),
        (FS_ALIAS, vec![3, 0, 2]),
        (FS_BLOCK_COUNT, vec![5]),
        (FS_BLOCK_COUNT, vec![2]),
    ])
    .unwrap()
    .unwrap();
    assert!(idx.from_bitcode);
    assert_eq!(idx.modules.get(&b"x.bc"[..]), Some(&[1, 2, 3, 4, 5]));
    // The reserved bit 0x4 is dropped, as `setFlags`/`getFlags` drop it.
    assert_eq!((idx.flags, idx.block_count), (8, 7));
    for (guid, name) in [(main, "main"), (f, "f"), (g, "g"), (a, "a")] {
        assert_eq!(idx.values[&guid].name.as_deref(), Some(name.as_bytes()));
    }
    assert_eq!(idx.values[&99].name, None);
    let SummaryKind::Function(fs) = &idx.values[&f].summaries[0].kind else { panic!() };
    assert!(fs.flags.no_unwind && fs.type_id_info.is_empty());
    assert!(idx.values[&f].summaries[0].flags.dso_local);
    let s = &idx.values[&main].summaries[0];
    assert_eq!(s.module, b"x.bc");
    let SummaryKind::Function(fs) = &s.kind else { panic!() };
    assert_eq!(fs.insts, 3);
    assert_eq!(fs.type_id_info.type_tests, vec![7, 8]);
    assert_eq!((fs.calls[0].callee, fs.calls[0].hotness, fs.calls[0].tail), (f, Hotness::Hot, true));
    let refs: Vec<_> = s.refs.iter().map(|r| (r.guid, r.access)).collect();
    assert_eq!(refs, vec![(g, RefAccess::Any), (99, RefAccess::WriteOnly)]);
    let SummaryKind::Variable(v) = &idx.values[&g].summaries[0].kind else { panic!() };
    assert!(v.flags.read_only);
    let SummaryKind::Alias(al) = &idx.values[&a].summaries[0].kind else { panic!() };
    assert_eq!(al.aliasee, Some(g));
}

#[test]
fn type_ids_and_vtables() {
    let idx = per_module(&[
        // _ZTS1A at offset 7, size 6: single, then wpd at offset 8: singleImpl "main" with a
        // by-arg resolution for args (1, 2).
        (FS_TYPE_ID, vec![7, 6, 3, 5, 1, 2, 3, 4, 8, 1, 0, 4, 1, 2, 1, 2, 1, 42, 2, 3]),
        (FS_PERMODULE_VTABLE_GLOBALVAR_INIT_REFS, vec![2, 0, 2 << 3, 1, 0, 1, 16]),
        (FS_TYPE_ID_METADATA, vec![7, 6, 16, 2]),
    ])
    .unwrap()
    .unwrap();
    let list = &idx.type_ids[&md5_low64(b"_ZTS1A")];
    let tis = &list[0].1;
    assert_eq!((tis.ttres.kind, tis.ttres.size_m1_bit_width, tis.ttres.inline_bits), (TtResKind::Single, 5, 4));
    let wpd = &tis.wpd[&8];
    assert_eq!((wpd.kind, wpd.single_impl_name.as_slice()), (WpdKind::SingleImpl, &b"main"[..]));
    let by = &wpd.res_by_arg[&vec![1, 2]];
    assert_eq!((by.info, by.byte, by.bit), (42, 2, 3));
    let g = md5_low64(b"g");
    let SummaryKind::Variable(v) = &idx.values[&g].summaries[0].kind else { panic!() };
    assert_eq!(v.flags.vcall_visibility, 2);
    assert_eq!(v.vtable_funcs[0].offset, 16);
    assert_eq!(idx.vtable_type_ids[&b"_ZTS1A"[..]][0].vtable, g);
}

#[test]
fn memprof_records_come_before_their_function() {
    let idx = per_module(&[
        (FS_STACK_IDS, vec![0, 11, 0, 22, 1, 0]),
        (FS_CONTEXT_RADIX_TREE_ARRAY, vec![2, 0, 1, 1, 2]),
        (FS_PERMODULE_CALLSITE_INFO, vec![1, 2, 0]),
        // Two contexts: from radix index 0 (frames 0, 1) and index 3 (frame 2).
        (FS_PERMODULE_ALLOC_INFO, vec![2, 2, 0, 1, 3]),
        (FS_PARAM_ACCESS, vec![0, 0, 7, 1, 1, 1, 8, 3]),
        (FS_PERMODULE, vec![0, 0, 1, 0, 0, 0, 0]),
    ])
    .unwrap()
    .unwrap();
    let SummaryKind::Function(fs) = &idx.values[&md5_low64(b"main")].summaries[0].kind else { panic!() };
    let site = &fs.callsites[0];
    assert_eq!(
        (site.callee, site.clones.as_slice(), site.stack_ids.as_slice()),
        (Some(global_guid(b"f", Linkage::Internal, b"a.c")), &[0][..], &[1 << 32, 11][..])
    );
    let alloc = &fs.allocs[0];
    assert_eq!(alloc.mibs[0].stack_ids, vec![11, 22]);
    assert_eq!(alloc.mibs[1].stack_ids, vec![1 << 32]);
    let p = &fs.params[0];
    assert_eq!((p.param, p.offsets.lower, p.offsets.upper), (0, 0, (-3i64) as u64));
    assert_eq!((p.calls[0].param, p.calls[0].offsets.lower, p.calls[0].offsets.upper), (1, 4, (-1i64) as u64));
}

#[test]
fn combined_indexes_name_their_modules() {
    let mut b = Bits::new();
    // A combined index: MODULE_STRTAB, then the summary block, in the module block.
    let m = b.enter(2, u64::from(MODULE_BLOCK_ID), 3);
    b.record(3, u64::from(MODULE_CODE_VERSION), &[2]);
    let t = b.enter(3, u64::from(MODULE_STRTAB_BLOCK_ID), 3);
    b.record(3, u64::from(MST_CODE_ENTRY), &[[0].as_slice(), &chars("b.o")].concat());
    b.record(3, u64::from(MST_CODE_HASH), &[9, 8, 7, 6, 5]);
    b.record(3, u64::from(MST_CODE_ENTRY), &[[1].as_slice(), &chars("a.o")].concat());
    b.end_block(t, 3);
    let s = b.enter(3, u64::from(GLOBALVAL_SUMMARY_BLOCK_ID), 4);
    for (code, ops) in [
        (FS_VERSION, vec![12]),
        (FS_VALUE_GUID, vec![1, 0, 100]),
        (FS_VALUE_GUID, vec![2, 0, 200]),
        (FS_VALUE_GUID, vec![3, 0, 300]),
        (FS_STACK_IDS, vec![0, 5]),
        (FS_COMBINED_CALLSITE_INFO, vec![9, 1, 2, 0, 1, 2]),
        (FS_COMBINED_ALLOC_INFO_NO_CONTEXT, vec![1, 2, 2, 0, 4]),
        (FS_COMBINED_PROFILE, vec![1, 0, 0, 4, 0, 0, 2, 1, 1, 2, 3, 2, 3]),
        (FS_COMBINED_ORIGINAL_NAME, vec![55]),
        (FS_COMBINED_GLOBALVAR_INIT_REFS, vec![2, 1, 0, 1]),
        (FS_COMBINED_ALIAS, vec![3, 1, 0, 1]),
    ] {
        b.record(4, u64::from(code), &ops);
    }
    b.end_block(s, 4);
    b.end_block(m, 3);
    let idx = read(&b.bytes).unwrap().unwrap();
    let paths: Vec<_> = idx.modules.iter().map(|(p, h)| (p.as_slice(), h[0])).collect();
    assert_eq!(paths, vec![(&b"a.o"[..], 0), (&b"b.o"[..], 9)]);
    let s = &idx.values[&100].summaries[0];
    assert_eq!(s.module, b"b.o");
    let SummaryKind::Function(fs) = &s.kind else { panic!() };
    assert_eq!(fs.insts, 4);
    assert_eq!((fs.callsites[0].callee, fs.callsites[0].clones.as_slice()), (None, &[1, 2][..]));
    assert_eq!(fs.allocs[0].versions.len(), 2);
    assert!(fs.allocs[0].mibs[0].stack_ids.is_empty());
    let refs: Vec<_> = s.refs.iter().map(|r| (r.guid, r.access)).collect();
    assert_eq!(refs, vec![(200, RefAccess::ReadOnly), (300, RefAccess::WriteOnly)]);
    assert_eq!((fs.calls[0].callee, fs.calls[0].hotness), (200, Hotness::Hot));
    assert_eq!(idx.values[&200].summaries[0].module, b"a.o");
    // The alias's aliasee has no summary in its module: null.
    let SummaryKind::Alias(al) = &idx.values[&300].summaries[0].kind else { panic!() };
    assert_eq!(al.aliasee, None);
}

#[test]
fn special_reference_counts_wrap_as_llvm_counts_them() {
    // Three references, 6 read-only and 1 write-only: LLVM's unsigned arithmetic marks none.
    let idx = per_module(&[(FS_PERMODULE, vec![0, 0, 1, 0, 3, 6, 1, 0, 1, 2])]).unwrap().unwrap();
    let s = &idx.values[&md5_low64(b"main")].summaries[0];
    assert!(s.refs.iter().all(|r| r.access == RefAccess::Any));
}

#[test]
fn llvm_messages() {
    let msg = |summary: &[Rec]| {
        let bytes = file(&globals(), Some(GLOBALVAL_SUMMARY_BLOCK_ID), summary, &[], STRTAB);
        read(&bytes).err().map(|e| e.message)
    };
    assert_eq!(msg(&[]).as_deref(), Some("Invalid Summary Block: record for version expected"));
    assert_eq!(msg(&[(FS_FLAGS, vec![0])]).as_deref(), Some("Invalid Summary Block: version expected"));
    assert_eq!(
        msg(&[(FS_VERSION, vec![13])]).as_deref(),
        Some("Invalid summary version 13. Version should be in the range [1-12].")
    );
    assert_eq!(
        msg(&[(FS_VERSION, vec![12]), (FS_ALIAS, vec![3, 0, 2])]).as_deref(),
        Some("Alias expects aliasee summary to be parsed")
    );
    assert_eq!(
        msg(&[(FS_VERSION, vec![12]), (FS_COMBINED_ORIGINAL_NAME, vec![1])]).as_deref(),
        Some("Name attachment that does not follow a combined record")
    );
    assert_eq!(msg(&[(FS_VERSION, vec![12]), (FS_PERMODULE, vec![0, 0])]).as_deref(), Some("Invalid record"));
    let bytes = file(
        &globals(),
        Some(GLOBALVAL_SUMMARY_BLOCK_ID),
        &[(FS_VERSION, vec![12])],
        &[(MODULE_CODE_HASH, vec![1])],
        STRTAB,
    );
    assert_eq!(read(&bytes).err().map(|e| e.message).as_deref(), Some("Invalid hash length 1"));
}

#[test]
fn damaged_summaries_are_errors_or_summaries() {
    let good = file(
        &globals(),
        Some(GLOBALVAL_SUMMARY_BLOCK_ID),
        &[
            (FS_VERSION, vec![12]),
            (FS_STACK_IDS, vec![0, 11, 0, 22]),
            (FS_CONTEXT_RADIX_TREE_ARRAY, vec![2, 0, 1]),
            (FS_PERMODULE_ALLOC_INFO, vec![1, 2, 0]),
            (FS_PARAM_ACCESS, vec![0, 0, 7, 1, 1, 1, 8, 3]),
            (FS_TYPE_ID, vec![7, 6, 3, 5, 1, 2, 3, 4, 8, 1, 0, 4, 1, 2, 1, 2, 1, 42, 2, 3]),
            (FS_PERMODULE_PROFILE, vec![0, 0, 3, 0, 2, 0, 1, 2, 1, 1, 3]),
            (FS_ALIAS, vec![3, 0, 0]),
        ],
        &[(MODULE_CODE_HASH, vec![1, 2, 3, 4, 5])],
        STRTAB,
    );
    assert!(read(&good).unwrap().is_some());
    for n in 0..good.len() {
        let _ = crate::reader::modules(&good[..n]).map(|m| m.first().map(|src| super::read(src, "x")));
        for bit in 0..8 {
            let mut bad = good.clone();
            bad[n] ^= 1 << bit;
            let _ = crate::reader::modules(&bad).map(|m| m.first().map(|src| super::read(src, "x")));
        }
    }
}
