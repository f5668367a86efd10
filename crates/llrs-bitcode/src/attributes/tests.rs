//! The attribute blocks read from crafted modules: every entry form, the old words, the lists,
//! where the lists go, and LLVM's messages. The expected texts are what `llvm-dis-22` prints for
//! the same records.

use crate::codes::*;
use crate::reader::{modules, read_header, Skeleton};
use crate::test_bits::Bits;
use llrs_ir::Module;

/// Type ids of [`TYPES`]: 0 void, 1 ptr, 2 i32, 3 `void (ptr, i32)`, 4 i64.
const TYPES: &[(u32, &[u64])] = &[
    (TYPE_CODE_NUMENTRY, &[5]),
    (TYPE_CODE_VOID, &[]),
    (TYPE_CODE_OPAQUE_POINTER, &[0]),
    (TYPE_CODE_INTEGER, &[32]),
    (TYPE_CODE_FUNCTION, &[0, 0, 1, 2]),
    (TYPE_CODE_INTEGER, &[64]),
];

/// A block of a module: its id and its records (each a code and operands).
type Block = (u32, Vec<(u32, Vec<u64>)>);

/// A declaration of `void (ptr, i32)` with attribute list `n`.
fn func(n: u64) -> (u32, Vec<u64>) {
    (MODULE_CODE_FUNCTION, vec![3, 0, 1, 0, n, 0, 0, 0])
}

/// A global `i32` variable with attribute list `n`.
fn var(n: u64) -> (u32, Vec<u64>) {
    (MODULE_CODE_GLOBALVAR, vec![2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, n])
}

/// A module: an identification block naming `producer` (if not empty), then the module block
/// with `blocks` (each an id and its records) and then `records`.
fn module(producer: &str, blocks: &[Block], records: &[(u32, Vec<u64>)]) -> Vec<u8> {
    let mut b = Bits::new();
    if !producer.is_empty() {
        let id = b.enter(2, IDENTIFICATION_BLOCK_ID.into(), 5);
        let chars: Vec<u64> = producer.bytes().map(u64::from).collect();
        b.record(5, IDENTIFICATION_CODE_STRING.into(), &chars);
        b.record(5, IDENTIFICATION_CODE_EPOCH.into(), &[0]);
        b.end_block(id, 5);
    }
    let m = b.enter(2, MODULE_BLOCK_ID.into(), 3);
    b.record(3, MODULE_CODE_VERSION.into(), &[1]);
    for (id, recs) in blocks {
        let at = b.enter(3, (*id).into(), 4);
        for (code, ops) in recs {
            b.record(4, (*code).into(), ops);
        }
        b.end_block(at, 4);
    }
    for (code, ops) in records {
        b.record(3, (*code).into(), ops);
    }
    b.end_block(m, 3);
    b.bytes
}

fn types() -> Block {
    (TYPE_BLOCK_ID_NEW, TYPES.iter().map(|&(c, o)| (c, o.to_vec())).collect())
}

fn groups(recs: &[&[u64]]) -> Block {
    (PARAMATTR_GROUP_BLOCK_ID, recs.iter().map(|r| (PARAMATTR_GRP_CODE_ENTRY, r.to_vec())).collect())
}

fn lists(recs: &[&[u64]]) -> Block {
    (PARAMATTR_BLOCK_ID, recs.iter().map(|r| (PARAMATTR_CODE_ENTRY, r.to_vec())).collect())
}

fn old_lists(recs: &[&[u64]]) -> Block {
    (PARAMATTR_BLOCK_ID, recs.iter().map(|r| (PARAMATTR_CODE_ENTRY_OLD, r.to_vec())).collect())
}

fn read(bytes: &[u8]) -> Result<(Module, Skeleton<'_>), String> {
    let mods = modules(bytes).map_err(|e| e.message)?;
    let src = mods.first().ok_or("no module")?;
    let mut m = Module::default();
    let sk = read_header(src, "t", &mut m).map_err(|e| e.message)?;
    Ok((m, sk))
}

/// The printed module's declarations and attribute groups (what follows the header).
fn printed(blocks: &[Block], records: &[(u32, Vec<u64>)]) -> String {
    let (m, _) = read(&module("", blocks, records)).expect("reads");
    let text = String::from_utf8(llrs_asm::print_module(&m)).expect("utf-8");
    text.lines()
        .filter(|l| l.starts_with("declare") || l.starts_with("attributes") || l.starts_with('@'))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The message reading these blocks gives.
fn error(producer: &str, blocks: &[Block], records: &[(u32, Vec<u64>)]) -> String {
    match read(&module(producer, blocks, records)) {
        Ok(_) => "no error".into(),
        Err(e) => e,
    }
}

/// One group of `entries` at index `idx`, used by one function: what it prints.
fn one_group(idx: u64, entries: &[u64]) -> String {
    let mut g = vec![1, idx];
    g.extend_from_slice(entries);
    printed(&[types(), groups(&[&g]), lists(&[&[1]])], &[func(1)])
}

const FN: u64 = 0xFFFF_FFFF;

fn s(t: &str) -> Vec<u64> {
    t.bytes().map(u64::from).collect()
}

#[test]
fn enum_int_and_string_entries() {
    let mut e = vec![0, 18, 0, 14, 1, 25, 16, 3];
    e.extend(s("a"));
    e.extend([0, 4]);
    e.extend(s("k"));
    e.push(0);
    e.extend(s("v"));
    e.push(0);
    assert_eq!(
        one_group(FN, &e),
        "declare void @0(ptr, i32) #0\nattributes #0 = { noinline nounwind alignstack=16 \"a\" \"k\"=\"v\" }"
    );
    // Parameter 0 (index 1): align is the byte count (floored to a power of two), `nocapture`
    // is `captures(none)`, on any index.
    assert_eq!(one_group(1, &[1, 1, 24, 0, 11, 0, 9]), "declare void @0(ptr noalias align 16 captures(none), i32)");
    assert_eq!(one_group(1, &[1, 1, 3]), "declare void @0(ptr align 2, i32)");
    assert_eq!(one_group(2, &[0, 34]), "declare void @0(ptr, i32 zeroext)");
    assert_eq!(one_group(FN, &[0, 11]), "declare void @0(ptr, i32) #0\nattributes #0 = { captures(none) }");
}

#[test]
fn old_memory_kinds_on_functions() {
    assert_eq!(one_group(FN, &[0, 20]), "declare void @0(ptr, i32) #0\nattributes #0 = { memory(none) }");
    assert_eq!(
        one_group(FN, &[0, 45, 0, 21]),
        "declare void @0(ptr, i32) #0\nattributes #0 = { memory(argmem: read) }"
    );
    assert_eq!(
        one_group(FN, &[0, 50, 0, 52]),
        "declare void @0(ptr, i32) #0\nattributes #0 = { memory(argmem: write, inaccessiblemem: write) }"
    );
    // They replace an explicit `memory` of the group.
    assert_eq!(
        one_group(FN, &[1, 86, (1 << 56) | 0xFFF, 0, 21]),
        "declare void @0(ptr, i32) #0\nattributes #0 = { memory(read) }"
    );
    // Not on a parameter (or the 64-bit all-ones index).
    assert_eq!(one_group(1, &[0, 20, 0, 21, 0, 52]), "declare void @0(ptr readnone readonly writeonly, i32)");
    assert_eq!(error("", &[types(), groups(&[&[1, 1, 0, 45]])], &[]), "Unknown attribute kind (45)");
    assert_eq!(error("", &[types(), groups(&[&[1, u64::MAX, 0, 49]])], &[]), "Unknown attribute kind (49)");
    // The all-ones 64-bit index is the function's (truncated), without the upgrade.
    assert_eq!(one_group(u64::MAX, &[0, 20]), "declare void @0(ptr, i32) #0\nattributes #0 = { readnone }");
}

#[test]
fn integer_values() {
    let fn_attrs = |code: u64, v: u64| {
        let p = one_group(FN, &[1, code, v]);
        p.split_once("attributes #0 = { ").map(|(_, r)| r.trim_end_matches(" }").to_string()).unwrap_or_default()
    };
    assert_eq!(fn_attrs(51, 0xFFFF_FFFF), "allocsize(0)");
    assert_eq!(fn_attrs(51, 1), "allocsize(0,1)");
    assert_eq!(fn_attrs(74, 0x1_0000_0010), "vscale_range(1,16)");
    assert_eq!(fn_attrs(74, 2 << 32), "vscale_range(2,0)");
    assert_eq!(fn_attrs(74, 0), "");
    assert_eq!(fn_attrs(33, 1), "uwtable(sync)");
    assert_eq!(fn_attrs(33, 2), "uwtable");
    assert_eq!(fn_attrs(33, 7), "uwtable(sync)");
    assert_eq!(fn_attrs(33, 0), "");
    assert_eq!(fn_attrs(82, 41), "allockind(\"alloc,uninitialized,aligned\")");
    // LLVM 22 keeps a zero kind (`allockind("")`); llrs-ir has no empty kind, so it is left out.
    assert_eq!(fn_attrs(82, 0), "");
    assert_eq!(fn_attrs(86, 0x15), "memory(read, target_mem0: none, target_mem1: none)");
    assert_eq!(fn_attrs(86, 0x0C), "memory(inaccessiblemem: readwrite)");
    assert_eq!(fn_attrs(86, (1 << 56) | 1), "memory(argmem: read)");
    assert_eq!(fn_attrs(86, (1 << 56) | 0x100), "memory(target_mem0: read)");
    assert_eq!(fn_attrs(87, 519), "nofpclass(nan inf)");
    assert_eq!(fn_attrs(87, 0x400), "");
    let param = |code: u64, v: u64| one_group(1, &[1, code, v]);
    assert_eq!(param(41, 8), "declare void @0(ptr dereferenceable(8), i32)");
    assert_eq!(param(42, 0), "declare void @0(ptr, i32)");
    assert_eq!(param(102, 0x33), "declare void @0(ptr captures(address), i32)");
    assert_eq!(param(102, 0x0F), "declare void @0(ptr captures(ret: address, provenance), i32)");
    assert_eq!(param(102, 0x55), "declare void @0(ptr captures(address_is_null, read_provenance), i32)");
}

#[test]
fn type_attributes() {
    assert_eq!(one_group(1, &[6, 3, 2]), "declare void @0(ptr byval(i32), i32)");
    assert_eq!(one_group(1, &[6, 69, 4]), "declare void @0(ptr byref(i64), i32)");
    // An id out of the table is no type: `byval`, `sret` and `inalloca` then take the pointee
    // type of their parameter at the function record, which an opaque pointer has not.
    let at_function = |e: &[u64]| {
        let mut g = vec![1, 1];
        g.extend_from_slice(e);
        error("", &[types(), groups(&[&g]), lists(&[&[1]])], &[func(1)])
    };
    const MISSING: &str = "Missing param element type for attribute upgrade";
    assert_eq!(at_function(&[6, 3, 99]), MISSING);
    assert_eq!(at_function(&[5, 29]), MISSING);
    assert_eq!(at_function(&[0, 38]), MISSING);
    // Beyond the function's parameters, nothing is upgraded (nor kept).
    let mut g = vec![1, 3, 5, 29];
    g.extend([6, 3, 99]);
    assert_eq!(printed(&[types(), groups(&[&g]), lists(&[&[1]])], &[func(1)]), "declare void @0(ptr, i32)");
    // `byref`, `preallocated` and `elementtype` have no upgrade (LLVM 22 crashes later).
    assert_eq!(
        error("", &[types(), groups(&[&[1, 1, 5, 77]])], &[]),
        "Missing param element type for attribute upgrade"
    );
    assert_eq!(
        error("", &[types(), groups(&[&[1, 1, 6, 65, 99]])], &[]),
        "Missing param element type for attribute upgrade"
    );
    // Before the type table, no type is known.
    let late = [groups(&[&[1, 1, 6, 69, 2]]), types()];
    assert_eq!(error("", &late, &[]), "Missing param element type for attribute upgrade");
}

#[test]
fn constant_ranges() {
    assert_eq!(one_group(2, &[7, 92, 32, 0, 20]), "declare void @0(ptr, i32 range(i32 0, 10))");
    assert_eq!(one_group(2, &[7, 92, 32, 11, 10]), "declare void @0(ptr, i32 range(i32 -5, 5))");
    // The full set is no attribute; other equal bounds are kept.
    assert_eq!(one_group(2, &[7, 92, 32, 3, 3]), "declare void @0(ptr, i32)");
    assert_eq!(one_group(2, &[7, 92, 32, 2, 2]), "declare void @0(ptr, i32 range(i32 1, 1))");
    // Wide: two words for each bound (-1 and 1e23). The width is truncated to 32 bits.
    assert_eq!(
        one_group(FN, &[7, 92, 128, 0x2_0000_0002, 3, 3, 400752841041379328, 10842]),
        "declare void @0(ptr, i32) #0\nattributes #0 = { range(i128 -1, 100000000000000000000000) }"
    );
    assert_eq!(
        one_group(FN, &[7, 92, 0x1_0000_0020, 0, 20]),
        "declare void @0(ptr, i32) #0\nattributes #0 = { range(i32 0, 10) }"
    );
    assert_eq!(one_group(1, &[8, 94, 2, 64, 0, 8, 16, 24]), "declare void @0(ptr initializes((0, 4), (8, 12)), i32)");
    assert_eq!(one_group(1, &[8, 94, 2, 64, 3, 0, 2, 4]), "declare void @0(ptr initializes((-1, 0), (1, 2)), i32)");
    assert_eq!(one_group(1, &[8, 94, 0, 64]), "declare void @0(ptr initializes(), i32)");
    let err = |e: &[u64]| {
        let mut g = vec![1, 1];
        g.extend_from_slice(e);
        error("", &[types(), groups(&[&g])], &[])
    };
    assert_eq!(err(&[8, 94, 2, 64, 0, 16, 16, 24]), "Invalid (unordered or overlapping) range list");
    assert_eq!(err(&[8, 94, 1, 64, 4, 4]), "Invalid (unordered or overlapping) range list");
    assert_eq!(err(&[8, 94, 1]), "Too few records for constant range list");
    assert_eq!(err(&[8, 94, 1, 64, 0]), "Too few records for range");
    assert_eq!(err(&[7, 92, 32, 0]), "Too few records for range");
    assert_eq!(err(&[7, 92]), "Too few records for range");
    assert_eq!(err(&[7, 92, 128, 0x1_0000_0001, 3]), "Too few records for range");
    assert_eq!(err(&[7, 94, 32, 0, 2]), "Not a ConstantRange attribute");
    assert_eq!(err(&[8, 92, 0, 64]), "Not a constant range list attribute");
}

#[test]
fn string_upgrades() {
    let mut e = vec![4];
    e.extend(s("no-frame-pointer-elim"));
    e.push(0);
    e.extend(s("false"));
    e.extend([0, 3]);
    e.extend(s("no-frame-pointer-elim-non-leaf"));
    e.extend([0, 4]);
    e.extend(s("null-pointer-is-valid"));
    e.push(0);
    e.extend(s("true"));
    e.push(0);
    assert_eq!(
        one_group(FN, &e),
        "declare void @0(ptr, i32) #0\nattributes #0 = { null_pointer_is_valid \"frame-pointer\"=\"non-leaf\" }"
    );
}

#[test]
fn lists_merge_groups_later_wins() {
    let g = groups(&[&[1, 1, 1, 1, 8], &[2, 1, 1, 1, 16], &[3, FN, 0, 18]]);
    let p = printed(&[types(), g.clone(), lists(&[&[1, 2, 3], &[2, 1], &[]])], &[func(1), func(2), func(3), func(0)]);
    assert_eq!(
        p,
        "declare void @0(ptr align 16, i32) #0\ndeclare void @1(ptr align 8, i32)\ndeclare void @2(ptr, i32)\n\
         declare void @3(ptr, i32)\nattributes #0 = { nounwind }"
    );
    // An out-of-range number is the empty list; a list naming an unknown group is read.
    let p = printed(&[types(), g, lists(&[&[7]])], &[func(9)]);
    assert_eq!(p, "declare void @0(ptr, i32)");
}

#[test]
fn variables_keep_the_function_set() {
    let g = groups(&[&[1, FN, 3, b'k'.into(), 0], &[2, 1, 0, 18]]);
    let blocks = [types(), g, lists(&[&[1, 2]])];
    assert_eq!(
        printed(&blocks, &[var(1), var(0)]),
        "@0 = external global i32 #0\n@1 = external global i32\nattributes #0 = { \"k\" }"
    );
    let bytes = module("", &blocks, &[var(1), var(0)]);
    let (m, sk) = read(&bytes).expect("reads");
    assert_eq!(sk.attrs.len(), 1);
    let v = m.vars[0];
    let attrs = m.ctx.attrs_of(m.globals[v].var.attrs);
    assert_eq!(attrs.len(), 1);
    assert_eq!(m.ctx.name(attrs[0].kind), b"k");
    assert_eq!(m.globals[m.vars[1]].var.attrs, llrs_ir::attributes::AttrsId::EMPTY);
    assert_eq!(sk.attrs.get(1).params.len(), 1);
    assert_eq!(sk.attrs.get(0), llrs_ir::instructions::AttrList::default());
}

#[test]
fn old_words() {
    // readnone, nounwind, noinline, uwtable, sspstrong, alignstack(16) on the function; align 16,
    // nocapture, noalias, readonly on parameter 0; zeroext, inreg on parameter 1.
    let f = (1 << 9) | (1 << 5) | (1 << 11) | (1 << 41) | (1 << 46) | (5 << 37);
    let p1 = (16 << 16) | (1 << 32) | (1 << 6) | (1 << 10);
    let p2 = 1 | (1 << 3);
    let p = printed(&[types(), old_lists(&[&[FN, f, 1, p1, 2, p2]])], &[func(1)]);
    assert_eq!(
        p,
        "declare void @0(ptr noalias readonly align 16 captures(none), i32 inreg zeroext) #0\n\
         attributes #0 = { noinline nounwind sspstrong memory(none) alignstack=16 uwtable(sync) }"
    );
    // byval (bit 7) is typeless until the function record fills it in: not from an opaque pointer.
    let e = error("", &[types(), old_lists(&[&[1, 1 << 7]])], &[func(1)]);
    assert_eq!(e, "Missing param element type for attribute upgrade");
    let p = printed(
        &[types(), old_lists(&[&[FN, (1 << 9) | (1 << 10)], &[FN, 1 << 10], &[FN, 1 << 49]])],
        &[func(1), func(2), func(3)],
    );
    assert_eq!(
        p,
        "declare void @0(ptr, i32) #0\ndeclare void @1(ptr, i32) #1\ndeclare void @2(ptr, i32) #2\n\
         attributes #0 = { memory(none) }\nattributes #1 = { memory(read) }\nattributes #2 = { nobuiltin }"
    );
    // A later pair of the same index wins.
    let p = printed(&[types(), old_lists(&[&[1, 8 << 16, 1, 16 << 16]])], &[func(1)]);
    assert_eq!(p, "declare void @0(ptr align 16, i32)");
}

#[test]
fn messages() {
    let err = |blocks: &[Block]| error("", blocks, &[]);
    let grp = |e: &[u64]| {
        let mut g = vec![1, 1];
        g.extend_from_slice(e);
        err(&[types(), groups(&[&g])])
    };
    assert_eq!(err(&[types(), groups(&[&[1, 1]])]), "Invalid grp record");
    assert_eq!(grp(&[2, 5]), "Invalid attribute group entry");
    assert_eq!(grp(&[9]), "Invalid attribute group entry");
    assert_eq!(grp(&[0, 0]), "Unknown attribute kind (0)");
    assert_eq!(grp(&[0, 95]), "Unknown attribute kind (95)");
    assert_eq!(grp(&[0, 106]), "Unknown attribute kind (106)");
    assert_eq!(grp(&[1, 11, 0]), "Unknown attribute kind (11)");
    assert_eq!(grp(&[0, 1]), "Not an enum attribute");
    assert_eq!(grp(&[0, 69]), "Not an enum attribute");
    assert_eq!(grp(&[0, 92]), "Not an enum attribute");
    assert_eq!(grp(&[1, 18, 0]), "Not an int attribute");
    assert_eq!(grp(&[1, 103, 0]), "Not an int attribute");
    assert_eq!(grp(&[5, 18]), "Not a type attribute");
    // Entries cut short: LLVM reads past the record, most often finding zeros (tag 0, kind 0).
    assert_eq!(grp(&[0]), "Unknown attribute kind (0)");
    assert_eq!(grp(&[1, 1]), "Unknown attribute kind (0)");
    assert_eq!(grp(&[6, 18]), "Not a type attribute");
    assert_eq!(grp(&[3, b'a'.into(), b'b'.into()]), "Unknown attribute kind (0)");
    assert_eq!(grp(&[4, b'a'.into(), 0, b'b'.into()]), "Unknown attribute kind (0)");
    assert_eq!(err(&[types(), old_lists(&[&[FN]])]), "Invalid parameter attribute record");
    // A second block is refused once the first gave something.
    assert_eq!(err(&[types(), groups(&[&[1, 1, 0, 18]]), groups(&[])]), "Invalid multiple blocks");
    assert_eq!(err(&[types(), groups(&[]), groups(&[&[1, 1, 0, 18]])]), "no error");
    assert_eq!(err(&[types(), lists(&[&[]]), lists(&[])]), "Invalid multiple blocks");
    // A list naming a group that does not exist makes it, so a group block after it is refused.
    assert_eq!(err(&[types(), lists(&[&[5]]), groups(&[&[1, 1, 0, 18]])]), "Invalid multiple blocks");
    // Unknown records are ignored.
    let odd = (PARAMATTR_GROUP_BLOCK_ID, vec![(7, vec![1]), (PARAMATTR_GRP_CODE_ENTRY, vec![1, 1, 0, 18])]);
    assert_eq!(err(&[types(), odd, (PARAMATTR_BLOCK_ID, vec![(9, vec![])])]), "no error");
    // The producer is named.
    assert_eq!(
        error("LLVM3.2crafted", &[types(), old_lists(&[&[FN]])], &[]),
        "Invalid parameter attribute record (Producer: 'LLVM3.2crafted' Reader: 'LLVM 22.1.8')"
    );
}

#[test]
fn typeless_attributes_at_use_sites() {
    use super::fill_typeless;
    let bytes = module("", &[types(), groups(&[&[1, 1, 0, 3, 0, 9]]), lists(&[&[1]])], &[]);
    let (mut m, sk) = read(&bytes).expect("reads");
    let set = sk.attrs.get(1).param(0);
    let i32t = m.ctx.int_ty(32);
    assert_eq!(fill_typeless(&mut m.ctx, set, None), None);
    let filled = fill_typeless(&mut m.ctx, set, Some(i32t)).expect("filled");
    let byval = m.ctx.sym("byval");
    let got = m.ctx.attrs_of(filled).iter().find(|a| a.kind == byval).map(|a| a.arg.clone());
    assert_eq!(got, Some(llrs_ir::attributes::AttrArg::Type(i32t)));
    assert_eq!(fill_typeless(&mut m.ctx, filled, None), Some(filled));
}

#[test]
fn x86_intrcc_gets_byval_from_its_pointee() {
    use super::{function_attrs, AttrTable};
    use llrs_ir::attributes::{Attr, AttrArg};
    // Without a byval first parameter, from the pointee of an opaque pointer: none.
    let intrcc = (MODULE_CODE_FUNCTION, vec![3, 83, 1, 0, 0, 0, 0, 0]);
    assert_eq!(error("", &[types()], &[intrcc]), "Missing param element type for x86_intrcc upgrade");
    let with_byval = [types(), groups(&[&[1, 1, 6, 3, 2]]), lists(&[&[1]])];
    assert_eq!(error("", &with_byval, &[(MODULE_CODE_FUNCTION, vec![3, 83, 1, 0, 1, 0, 0, 0])]), "no error");
    // From a typed pointer's pointee.
    let mut ctx = llrs_ir::Context::default();
    let (i32t, ptr) = (ctx.int_ty(32), ctx.ptr_ty(0));
    let void = ctx.ty(llrs_ir::types::Type::Void);
    let fn_ty =
        ctx.ty(llrs_ir::types::Type::Function { ret: void, params: [ptr].into_iter().collect(), vararg: false });
    let list = function_attrs(&mut ctx, &AttrTable::default(), fn_ty, 83, 0, |_| Some(i32t)).expect("upgraded");
    let byval = ctx.sym("byval");
    assert_eq!(ctx.attrs_of(list.param(0)), [Attr { kind: byval, arg: AttrArg::Type(i32t) }]);
}

#[test]
fn upgrades_come_before_the_rest_of_the_function_record() {
    // A typeless byval, and an alignment out of range: LLVM reports the first.
    let blocks = [types(), groups(&[&[1, 1, 0, 3]]), lists(&[&[1]])];
    let f = (MODULE_CODE_FUNCTION, vec![3, 0, 1, 0, 1, 99, 0, 0]);
    assert_eq!(error("", &blocks, &[f]), "Missing param element type for attribute upgrade");
}

/// An entry cut short reads on into what earlier, longer records left in LLVM's record buffer
/// (as `fission-inline.908.bc` of the corpus's damaged files shows), then into zeros.
#[test]
fn an_entry_cut_short_reads_what_earlier_records_left() {
    // Operand 3 of the first record is 200: the second's kind.
    let first: &[u64] = &[1, u64::MAX, 3, 200, 0];
    assert_eq!(error("", &[types(), groups(&[first, &[2, u64::MAX, 0]])], &[]), "Unknown attribute kind (200)");
    // Past everything written: the zero LLVM most often finds.
    assert_eq!(error("", &[types(), groups(&[&[1, u64::MAX, 0]])], &[]), "Unknown attribute kind (0)");
    // A string runs on into the buffer too: `"ab"`, its 0 from the first record.
    let first: &[u64] = &[1, u64::MAX, 4, 120, 0, 0];
    let second: &[u64] = &[2, u64::MAX, 3, 97, 98];
    let text = printed(&[types(), groups(&[first, second]), lists(&[&[2]])], &[func(1)]);
    assert!(text.ends_with("attributes #0 = { \"ab\" }"), "{text}");
}
