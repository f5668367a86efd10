//! Metadata blocks written with the test bitstream writer, read, and printed by llrs-asm as
//! `llvm-dis` prints them; LLVM's messages for bad records; old records and their upgrades.

use llrs_ir::{Md, MdNode, Module};

use super::di_vars::upgrade_expression;
use super::{AttachTarget, Env, MetadataLoader};
use crate::bitstream::{BlockInfo, Cursor, Entry};
use crate::codes::*;
use crate::test_bits::Bits;
use crate::types::{read_type_table, TypeTable};
use crate::values::ValueSource;
use crate::Error;

/// The abbreviation width of the blocks written here.
const W: usize = 4;

/// Values for the tests: value `id` of any type is the integer `id` (ids from 100 on are
/// none).
struct Consts;

impl ValueSource for Consts {
    fn value_md(&mut self, m: &mut Module, id: u64, ty: llrs_ir::TypeId) -> Option<Md> {
        (id < 100).then(|| Md::Const(m.ctx.const_int(ty, id as i64)))
    }
}

/// A stream with a type table (`i32`, `metadata`, `void`) and then the blocks `body` writes.
fn stream(body: impl FnOnce(&mut Bits)) -> Vec<u8> {
    let mut b = Bits::new();
    let t = b.enter(2, u64::from(TYPE_BLOCK_ID_NEW), W as u64);
    b.record(W, u64::from(TYPE_CODE_NUMENTRY), &[3]);
    b.record(W, u64::from(TYPE_CODE_INTEGER), &[32]);
    b.record(W, u64::from(TYPE_CODE_METADATA), &[]);
    b.record(W, u64::from(TYPE_CODE_VOID), &[]);
    b.end_block(t, W);
    body(&mut b);
    b.bytes
}

/// A metadata block of `records` (`[code, ops...]`).
fn block(b: &mut Bits, records: &[&[u64]]) {
    let at = b.enter(2, u64::from(METADATA_BLOCK_ID), W as u64);
    for r in records {
        b.record(W, r[0], &r[1..]);
    }
    b.end_block(at, W);
}

/// Reads the blocks of `bytes` after the type table: kinds, metadata (module level), and
/// attachment blocks (of a function of 10 instructions).
fn read(bytes: &[u8]) -> Result<(Module, MetadataLoader, Vec<super::Attachment>), Error> {
    let mut cur = Cursor::new(bytes);
    cur.jump_to(32).map_err(|_| Error::new("jump"))?;
    let info = BlockInfo::default();
    let mut m = Module::default();
    assert_eq!(cur.advance(), Ok(Entry::SubBlock(TYPE_BLOCK_ID_NEW)));
    cur.enter_block(TYPE_BLOCK_ID_NEW, &info).map_err(|_| Error::new("types"))?;
    let mut types: TypeTable = read_type_table(&mut cur, &mut m.ctx)?;
    let mut loader = MetadataLoader::new(bytes.len());
    let mut attachments = Vec::new();
    while cur.bits() - cur.bit() >= 32 {
        match cur.advance() {
            Ok(Entry::SubBlock(METADATA_KIND_BLOCK_ID)) => loader.parse_kinds(&mut cur, &info, &mut m)?,
            Ok(Entry::SubBlock(METADATA_BLOCK_ID)) => {
                let mut env = Env { module: &mut m, types: &mut types, values: &mut Consts };
                loader.parse_metadata(&mut cur, &info, &mut env, true)?;
            }
            Ok(Entry::SubBlock(METADATA_ATTACHMENT_ID)) => {
                attachments.extend(loader.parse_attachments(&mut cur, &info, &mut m, 10)?);
            }
            _ => return Err(Error::new("unexpected entry")),
        }
    }
    Ok((m, loader, attachments))
}

/// The metadata part of the module's print (from its first named metadata on).
fn printed(m: &Module) -> String {
    let text = String::from_utf8(llrs_asm::print_module(m)).expect("utf-8");
    match text.find("\n!") {
        Some(i) => text[i + 1..].to_string(),
        None => String::new(),
    }
}

/// Reads a single metadata block of `records` and prints it.
fn print(records: &[&[u64]]) -> String {
    let bytes = stream(|b| block(b, records));
    match read(&bytes) {
        Ok((m, _, _)) => printed(&m),
        Err(e) => format!("error: {e}"),
    }
}

/// The message of reading a single metadata block of `records`.
fn message(records: &[&[u64]]) -> String {
    let bytes = stream(|b| block(b, records));
    read(&bytes).err().map(|e| e.message).unwrap_or_default()
}

/// `METADATA_NAME` records for `name`, then `METADATA_NAMED_NODE` of `ids`.
fn named(name: &str, ids: &[u64]) -> [Vec<u64>; 2] {
    let mut n = vec![u64::from(METADATA_NAME)];
    n.extend(name.bytes().map(u64::from));
    let mut ops = vec![u64::from(METADATA_NAMED_NODE)];
    ops.extend_from_slice(ids);
    [n, ops]
}

/// A `METADATA_STRINGS` record through an abbreviation: the lengths as VBR6 fields, then the
/// characters.
fn strings_block(b: &mut Bits, strings: &[&str], then: &[&[u64]]) {
    let at = b.enter(2, u64::from(METADATA_BLOCK_ID), W as u64);
    b.blob_abbrev(W, u64::from(METADATA_STRINGS), 2);
    let mut lens = Bits { bytes: Vec::new(), bit: 0 };
    for s in strings {
        lens.vbr(s.len() as u64, 6);
    }
    let mut blob = lens.bytes;
    let offset = blob.len() as u64;
    for s in strings {
        blob.extend_from_slice(s.as_bytes());
    }
    b.blob_record(W, 4, &[strings.len() as u64, offset], &blob);
    for r in then {
        b.record(W, r[0], &r[1..]);
    }
    b.end_block(at, W);
}

const NODE: u64 = METADATA_NODE as u64;
const DISTINCT: u64 = METADATA_DISTINCT_NODE as u64;

#[test]
fn strings_tuples_and_named_metadata() {
    let [n, nn] = named("n", &[2]);
    let bytes = stream(|b| strings_block(b, &["a", "bc"], &[&[NODE, 1, 2, 0], &n, &nn]));
    let (m, loader, _) = read(&bytes).expect("reads");
    assert_eq!(loader.size(), 3);
    assert_eq!(printed(&m), "!n = !{!0}\n\n!0 = !{!\"a\", !\"bc\", null}\n");
}

#[test]
fn forward_references_and_cycles() {
    // !0 = !{!1}, !1 = distinct !{!0}: a cycle through a distinct node.
    let [n, nn] = named("n", &[0]);
    assert_eq!(print(&[&[NODE, 2], &[DISTINCT, 1], &n, &nn]), "!n = !{!0}\n\n!0 = !{!1}\n!1 = distinct !{!0}\n");
    // A uniqued node that is its own operand is distinct.
    let [n, nn] = named("n", &[0]);
    assert_eq!(print(&[&[NODE, 1], &n, &nn]), "!n = !{!0}\n\n!0 = distinct !{!0}\n");
    // `!1` is read while it is still a forward reference: it is `!0`, which then refers to
    // itself.
    let [n, nn] = named("n", &[0, 1]);
    assert_eq!(print(&[&[NODE, 2], &[NODE, 2], &n, &nn]), "!n = !{!0, !0}\n\n!0 = distinct !{!0}\n");
    // Two uniqued nodes in a cycle stay uniqued.
    let [n, nn] = named("n", &[0]);
    assert_eq!(print(&[&[NODE, 2], &[NODE, 1], &n, &nn]), "!n = !{!0}\n\n!0 = !{!1}\n!1 = !{!0}\n");
    // A forward reference to a value is the value.
    let [n, nn] = named("n", &[0]);
    let value = [u64::from(METADATA_VALUE), 0, 7];
    assert_eq!(print(&[&[NODE, 2], &value, &n, &nn]), "!n = !{!0}\n\n!0 = !{i32 7}\n");
    // Equal nodes are one.
    let [n, nn] = named("n", &[1, 2]);
    assert_eq!(print(&[&value, &[NODE, 1], &[NODE, 1], &n, &nn]), "!n = !{!0, !0}\n\n!0 = !{i32 7}\n");
}

#[test]
fn bad_records_give_llvm_messages() {
    let kind = |id: u64, c: u8| [u64::from(METADATA_KIND), id, u64::from(c)];
    assert_eq!(message(&[&kind(1, b'a'), &kind(1, b'b')]), "Conflicting METADATA_KIND records");
    let [n, _] = named("n", &[]);
    assert_eq!(message(&[&n, &[NODE]]), "METADATA_NAME not followed by METADATA_NAMED_NODE");
    let [n, nn] = named("n", &[0]);
    let value = [u64::from(METADATA_VALUE), 0, 7];
    assert_eq!(message(&[&value, &n, &nn]), "Invalid named metadata: expect fwd ref to MDNode");
    // Named before it turns out to be a value.
    let [n, nn] = named("n", &[0]);
    assert_eq!(message(&[&n, &nn, &value]), "Invalid named metadata: expect fwd ref to MDNode");
    assert_eq!(message(&[&[u64::from(METADATA_VALUE), 1, 7]]), "Invalid record");
    assert_eq!(message(&[&[u64::from(METADATA_VALUE), 0, 100]]), "Invalid value reference from metadata");
    assert_eq!(message(&[&[u64::from(METADATA_ASSIGN_ID), 0]]), "Invalid DIAssignID record. Must be distinct");
    assert_eq!(message(&[&[u64::from(METADATA_ASSIGN_ID), 1, 1]]), "Invalid DIAssignID record.");
    assert_eq!(
        message(&[&[u64::from(METADATA_SUBRANGE), 6, 0, 0]]),
        "Invalid record: Unsupported version of DISubrange"
    );
    assert_eq!(
        message(&[&[u64::from(METADATA_ARG_LIST), 1], &value]),
        "Invalid record: DIArgList should not contain forward refs"
    );
    assert_eq!(message(&[&[NODE, 5]]), "Invalid metadata: forward reference never defined");
    assert_eq!(message(&[&[u64::from(METADATA_LOCATION), 0, 1, 2, 0]]), "Invalid record");
    assert_eq!(message(&[&[u64::from(METADATA_IMPORTED_ENTITY), 0]]), "Invalid DIImportedEntity record");
    assert_eq!(message(&[&[u64::from(METADATA_EXPRESSION), 8]]), "Invalid record");
    let strings = [u64::from(METADATA_STRINGS), 1, 0];
    assert_eq!(message(&[&strings]), "Invalid record: metadata strings bad length");
    assert_eq!(message(&[&[u64::from(METADATA_STRINGS), 1]]), "Invalid record: metadata strings layout");
    let bytes = stream(|b| strings_block(b, &[], &[]));
    assert_eq!(read(&bytes).err().map(|e| e.message), Some("Invalid record: metadata strings with no strings".into()));
    // A string id where a string is wanted only.
    assert_eq!(message(&[&[NODE], &[u64::from(METADATA_FILE), 0, 1, 1]]), "Invalid record");
}

#[test]
fn string_blobs_are_checked() {
    let blob_block = |fields: &[u64], blob: &[u8]| {
        stream(|b| {
            let at = b.enter(2, u64::from(METADATA_BLOCK_ID), W as u64);
            b.blob_abbrev(W, u64::from(METADATA_STRINGS), 2);
            b.blob_record(W, 4, fields, blob);
            b.end_block(at, W);
        })
    };
    let msg = |bytes: Vec<u8>| read(&bytes).err().map(|e| e.message).unwrap_or_default();
    assert_eq!(msg(blob_block(&[1, 9], b"ab")), "Invalid record: metadata strings corrupt offset");
    // One length (5) for two characters.
    assert_eq!(msg(blob_block(&[1, 1], &[5, b'a', b'b'])), "Invalid record: metadata strings truncated chars");
    // Four empty strings fill the three bytes of lengths: a fifth finds their end.
    assert_eq!(msg(blob_block(&[5, 3], &[0, 0, 0])), "Invalid record: metadata strings bad length");
    // A length cut short is the stream's own error, as LLVM hands it on.
    assert_eq!(msg(blob_block(&[2, 1], &[1, b'a'])), "Unexpected end of file reading 1 of 1 bytes");
}

#[test]
fn specialized_nodes_print_as_llvm_dis_prints_them() {
    let [n, nn] = named("n", &[1, 2, 3, 4]);
    let text = print(&[
        &[u64::from(METADATA_FILE), 0, 0, 0],
        // Version 0: count 5, lowerBound -1 (sign in the low bit); version 1: a count node and
        // an integer lower bound (3).
        &[u64::from(METADATA_SUBRANGE), 0, 5, 1],
        &[u64::from(METADATA_SUBRANGE), 2, 0, 6],
        // A column beyond 16 bits is unknown; the scope comes later.
        &[u64::from(METADATA_LOCATION), 0, 7, 70_000, 5, 0],
        &[u64::from(METADATA_BASIC_TYPE), 0, 0x24, 0, 32, 0, 5],
        &[u64::from(METADATA_LEXICAL_BLOCK), 1, 0, 1, 3, 9],
        &n,
        &nn,
    ]);
    let want = "!n = !{!0, !1, !2, !5}\n\n!0 = !DISubrange(count: 5, lowerBound: -1)\n\
                !1 = !DISubrange(lowerBound: 3)\n\
                !2 = !DILocation(line: 7, scope: !3)\n\
                !3 = distinct !DILexicalBlock(scope: null, file: !4, line: 3, column: 9)\n\
                !4 = !DIFile(filename: \"\", directory: \"\")\n\
                !5 = !DIBasicType(size: 32, encoding: DW_ATE_signed)\n";
    assert_eq!(text, want);
}

#[test]
fn old_expressions_are_upgraded() {
    use llrs_ir::di_expr::op;
    const BIT_PIECE: u64 = 0x9d;
    // Version 0: `DW_OP_bit_piece` is a fragment, the leading `DW_OP_deref` moves to the end,
    // `DW_OP_plus N` is `DW_OP_plus_uconst N`.
    let e = vec![op::DEREF, op::PLUS, 4, BIT_PIECE, 0, 8];
    let want = vec![op::PLUS_UCONST, 4, op::DEREF, op::LLVM_FRAGMENT, 0, 8];
    assert_eq!(upgrade_expression(0, e), Some((want, true)));
    assert_eq!(upgrade_expression(2, vec![op::MINUS, 3]), Some((vec![op::CONSTU, 3, op::MINUS], false)));
    assert_eq!(upgrade_expression(3, vec![op::MINUS]), Some((vec![op::MINUS], false)));
    assert_eq!(upgrade_expression(4, vec![]), None);
    // Read and printed by name.
    let [n, nn] = named("n", &[0]);
    let rec = [u64::from(METADATA_EXPRESSION), 2, op::PLUS, 4];
    let holder = [u64::from(METADATA_GLOBAL_VAR_EXPR), 0, 0, 2];
    let text = print(&[&holder, &rec, &n, &nn]);
    assert!(text.contains("expr: !DIExpression(DW_OP_plus_uconst, 4)"), "{text}");
}

#[test]
fn old_global_variables_become_expressions() {
    // Version 0, whose variable field holds the constant 7: an expression of it, and the index
    // is the `DIGlobalVariableExpression`.
    let [n, nn] = named("n", &[1]);
    let value = [u64::from(METADATA_VALUE), 0, 7];
    let gv = [u64::from(METADATA_GLOBAL_VAR), 0, 0, 0, 0, 0, 3, 0, 0, 1, 1, 0];
    let text = print(&[&value, &gv, &n, &nn]);
    let want = "!n = !{!0}\n\n!0 = distinct !DIGlobalVariableExpression(var: !1, expr: \
                !DIExpression(DW_OP_constu, 7, DW_OP_stack_value))\n\
                !1 = !DIGlobalVariable(scope: null, line: 3, isLocal: false, isDefinition: true)\n";
    assert_eq!(text, want);
}

#[test]
fn old_type_references_name_their_type() {
    // A composite type of an old record (identifier "T"), and a pointer to it by its identifier.
    let bytes = stream(|b| {
        strings_block(
            b,
            &["T"],
            &[
                &[u64::from(METADATA_COMPOSITE_TYPE), 0, 0x13, 0, 0, 0, 0, 0, 64, 0, 0, 0, 0, 0, 0, 0, 1],
                &[u64::from(METADATA_DERIVED_TYPE), 0, 0x0f, 0, 0, 0, 0, 1, 64, 0, 0, 0, 0],
                &named("n", &[2])[0],
                &named("n", &[2])[1],
            ],
        )
    });
    let (m, _, _) = read(&bytes).expect("reads");
    let want = "!n = !{!0}\n\n!0 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !1, size: 64)\n\
                !1 = !DICompositeType(tag: DW_TAG_structure_type, size: 64, identifier: \"T\")\n";
    assert_eq!(printed(&m), want);
}

#[test]
fn old_subprograms_fold_their_flags() {
    // Before `spFlags`: isLocal, isDefinition, ..., virtuality 1, virtualIndex 2, flags
    // (DIFlagPrototyped), isOptimized; a unit in the 16th field (version 3).
    let sp = [
        u64::from(METADATA_SUBPROGRAM),
        3, // distinct, has a unit
        0,
        0,
        0,
        0,
        7, // line
        0,
        1, // isLocal
        1, // isDefinition
        8, // scopeLine
        0,
        1,   // virtuality
        2,   // virtualIndex
        256, // flags
        1,   // isOptimized
        0,
        0,
        0,
        0,
        0, // thisAdjustment
        0,
    ];
    let [n, nn] = named("n", &[0]);
    let want = "!n = !{!0}\n\n!0 = distinct !DISubprogram(scope: null, line: 7, scopeLine: 8, virtualIndex: 2, \
                flags: DIFlagPrototyped, spFlags: DISPFlagVirtual | DISPFlagLocalToUnit | DISPFlagDefinition | \
                DISPFlagOptimized)\n";
    assert_eq!(print(&[&sp, &n, &nn]), want);
}

#[test]
fn attachments_of_functions_and_instructions() {
    let bytes = stream(|b| {
        let k = b.enter(2, u64::from(METADATA_KIND_BLOCK_ID), W as u64);
        b.record(W, u64::from(METADATA_KIND), &[0, u64::from(b'd'), u64::from(b'b'), u64::from(b'g')]);
        let tbaa: Vec<u64> = std::iter::once(1).chain("tbaa".bytes().map(u64::from)).collect();
        b.record(W, u64::from(METADATA_KIND), &tbaa);
        b.end_block(k, W);
        // !0 = !"int", !1 = !{!"int"} (an old scalar TBAA tag: `!{name}`), !2 = !{}.
        strings_block(b, &["int"], &[&[NODE, 1], &[NODE]]);
        let a = b.enter(2, u64::from(METADATA_ATTACHMENT_ID), W as u64);
        b.record(W, u64::from(METADATA_ATTACHMENT), &[0, 2]);
        b.record(W, u64::from(METADATA_ATTACHMENT), &[3, 1, 1]);
        b.end_block(a, W);
    });
    let (m, _, att) = read(&bytes).expect("reads");
    assert_eq!(att.len(), 2);
    assert_eq!(att[0].target, AttachTarget::Function);
    assert_eq!(m.ctx.name(att[0].kind), b"dbg");
    assert_eq!(att[1].target, AttachTarget::Inst(3));
    // `UpgradeTBAANode`: the scalar tag is `!{!T, !T, i64 0}`.
    let tag = m.ctx.md(att[1].node);
    assert_eq!(tag.ops.len(), 3);
    assert_eq!(tag.ops[0], tag.ops[1]);
    // An attachment to an instruction beyond the body, and a kind no record named.
    let bad = |rec: &[u64]| {
        let bytes = stream(|b| {
            block(b, &[&[NODE]]);
            let a = b.enter(2, u64::from(METADATA_ATTACHMENT_ID), W as u64);
            b.record(W, u64::from(METADATA_ATTACHMENT), rec);
            b.end_block(a, W);
        });
        read(&bytes).err().map(|e| e.message).unwrap_or_default()
    };
    assert_eq!(bad(&[10, 0, 0]), "Invalid record");
    assert_eq!(bad(&[0, 9, 0]), "Invalid ID");
    assert_eq!(bad(&[]), "Invalid record");
}

#[test]
fn function_blocks_see_no_forward_references() {
    let bytes = stream(|b| block(b, &[&[NODE]]));
    let (mut m, mut loader, _) = read(&bytes).expect("reads");
    let size = loader.size();
    // A function's metadata: ids go on from the module's, and are dropped at its end.
    let f = stream(|b| block(b, &[&[NODE, 1]]));
    let mut cur = Cursor::new(&f);
    cur.jump_to(32).expect("jump");
    let info = BlockInfo::default();
    assert_eq!(cur.advance(), Ok(Entry::SubBlock(TYPE_BLOCK_ID_NEW)));
    cur.skip_block().expect("skip");
    assert_eq!(cur.advance(), Ok(Entry::SubBlock(METADATA_BLOCK_ID)));
    let mut types = TypeTable::default();
    let mut env = Env { module: &mut m, types: &mut types, values: &mut Consts };
    loader.parse_metadata(&mut cur, &info, &mut env, false).expect("reads");
    assert_eq!(loader.size(), size + 1);
    assert!(matches!(loader.get(1), Some(Md::Node(_))));
    loader.shrink_to(size);
    assert_eq!(loader.get(1), None);
}

#[test]
fn damaged_blocks_never_panic() {
    let [n, nn] = named("n", &[0, 2]);
    let bytes = stream(|b| {
        strings_block(
            b,
            &["a", "DW"],
            &[
                &[NODE, 3, 1],
                &[u64::from(METADATA_SUBPROGRAM), 7, 1, 2, 2, 0, 3, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2],
                &[u64::from(METADATA_COMPOSITE_TYPE), 5, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2],
                &n,
                &nn,
            ],
        )
    });
    for cut in (36..bytes.len()).step_by(1) {
        let _ = read(&bytes[..cut]);
    }
    for i in 36..bytes.len() {
        for flip in [1u8, 0x10, 0x80] {
            let mut b = bytes.clone();
            b[i] ^= flip;
            let _ = read(&b);
        }
    }
}

#[test]
fn declares_of_arguments_lose_a_leading_deref_in_old_files() {
    let src = "define void @f(ptr %p, ptr %q) {\n  #dbg_declare(ptr %p, !1, !DIExpression(DW_OP_deref, DW_OP_plus_uconst, 4), !2)\n  \
               #dbg_declare(ptr %q, !1, !DIExpression(DW_OP_deref), !2)\n  ret void\n}\n\
               !0 = distinct !DISubprogram(name: \"f\", spFlags: 0)\n!1 = !DILocalVariable(name: \"x\", scope: !0)\n\
               !2 = !DILocation(line: 1, scope: !0)\n!llvm.module.flags = !{!3}\n\
               !3 = !{i32 2, !\"Debug Info Version\", i32 3}\n";
    let mut m = llrs_asm::parse_module(src.as_bytes(), "t.ll").expect("parses");
    let f = m.functions[0];
    let mut loader = MetadataLoader::new(0);
    // Files without expressions of version 0 or 1 are left alone.
    loader.upgrade_debug_intrinsics(&mut m, f);
    let before = String::from_utf8(llrs_asm::print_module(&m)).expect("utf-8");
    assert!(before.contains("!DIExpression(DW_OP_deref, DW_OP_plus_uconst, 4)"), "{before}");
    loader.up.need_declare_upgrade = true;
    loader.upgrade_debug_intrinsics(&mut m, f);
    let after = String::from_utf8(llrs_asm::print_module(&m)).expect("utf-8");
    assert!(after.contains("#dbg_declare(ptr %p, !1, !DIExpression(DW_OP_plus_uconst, 4), "), "{after}");
    assert!(after.contains("#dbg_declare(ptr %q, !1, !DIExpression(), "), "{after}");
}

#[test]
fn old_compile_units_give_their_subprograms_a_unit() {
    // !0 = distinct !DISubprogram (no unit), !1 = !{!0}, !2 = a compile unit of an old record
    // listing !1 as its subprograms (field 11).
    let sp = [u64::from(METADATA_SUBPROGRAM), 7, 0, 0, 0, 0, 1, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0];
    let mut cu = vec![u64::from(METADATA_COMPILE_UNIT), 1, 12, 0, 0, 0, 0, 0, 0, 1, 0, 0, 2, 0, 0];
    cu.resize(16, 0);
    let [n, nn] = named("llvm.dbg.cu", &[2]);
    let [s, sn] = named("s", &[0]);
    let text = print(&[&sp, &[NODE, 1], &cu, &n, &nn, &s, &sn]);
    assert!(
        text.contains("!1 = distinct !DISubprogram(scope: null, line: 1, spFlags: DISPFlagDefinition, unit: !0)"),
        "{text}"
    );
}

/// `location_node` makes exactly the node the generic builder (fields, then
/// `upgrade_di_fields`) makes, as the context holds them (compact where the numbers fit), for
/// every combination of present and default fields.
#[test]
fn location_node_is_the_generic_node() {
    let mut m = Module::new();
    let scope = Md::Node(m.ctx.md_intern(MdNode::tuple(true, [])));
    let inlined = Md::Node(m.ctx.md_intern(MdNode::tuple(true, [Md::Null])));
    let mut loader = MetadataLoader::new(1 << 20);
    for line in [0, 7, u64::from(u32::MAX) + 3] {
        for col in [0, 5, 1 << 16, u64::from(u32::MAX)] {
            for ia in [Md::Null, inlined] {
                for implicit in [false, true] {
                    for atom in [None, Some((0, 0)), Some((3, 1)), Some((u64::MAX, 256 + 2))] {
                        for distinct in [false, true] {
                            let loc = super::Loc { line, col, scope, inlined_at: ia, implicit, atom };
                            let fast = loader.location_node(&mut m.ctx, distinct, loc);
                            let mut di = super::fields::Di::new(&mut m.ctx, "DILocation");
                            di.uint("line", line as u32 as u64);
                            di.uint("column", super::di_scopes::column(col));
                            di.md("scope", scope);
                            di.md("inlinedAt", ia);
                            di.bool("isImplicitCode", implicit);
                            if let Some((group, rank)) = atom {
                                di.uint("atomGroup", group);
                                di.uint("atomRank", u64::from(rank as u8));
                            }
                            let slow = di.finish(distinct);
                            // As the context holds them.
                            let (fast, slow) = (m.ctx.md_new(fast), m.ctx.md_new(slow));
                            let (fast, slow) = (m.ctx.md(fast), m.ctx.md(slow));
                            assert!(fast == slow, "{line} {col} {ia:?} {implicit} {atom:?}: {fast:?} != {slow:?}");
                            // Compact wherever the numbers fit.
                            let fits = atom.is_none_or(|(g, r)| g < 1 << 28 && (r as u8) < 8);
                            assert_eq!(fast.as_location().is_some(), fits, "{atom:?}");
                        }
                    }
                }
            }
        }
    }
}
