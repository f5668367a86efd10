//! Calls of the old debug intrinsics become debug records as `upgradeDbgIntrinsicToDbgRecord`
//! makes them.

use llrs_asm::{parse_module, print_module};

fn fmt(body: &str) -> String {
    let src = format!(
        "define void @f() !dbg !3 {{\n{body}  ret void, !dbg !5\n}}\ndeclare void @llvm.dbg.value(metadata, i64, metadata, metadata)\n\
         declare void @llvm.dbg.declare(metadata, metadata, metadata)\n\
         !llvm.dbg.cu = !{{!0}}\n!llvm.module.flags = !{{!2}}\n\
         !0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1)\n!1 = !DIFile(filename: \"a.c\", directory: \"\")\n\
         !2 = !{{i32 2, !\"Debug Info Version\", i32 3}}\n\
         !3 = distinct !DISubprogram(name: \"f\", scope: !1, file: !1, unit: !0)\n\
         !4 = !DILocalVariable(name: \"x\", scope: !3)\n!5 = !DILocation(line: 1, scope: !3)\n!6 = !{{null}}\n"
    );
    let m = parse_module(src.as_bytes(), "d.ll").expect("parses");
    String::from_utf8(print_module(&m)).expect("utf-8")
}

#[test]
fn nonzero_offset_dbg_value_goes_away() {
    let out =
        fmt("  call void @llvm.dbg.value(metadata i32 1, i64 8, metadata !4, metadata !DIExpression()), !dbg !5\n");
    assert!(!out.contains("#dbg_value"), "{out}");
    let out =
        fmt("  call void @llvm.dbg.value(metadata i32 1, i64 0, metadata !4, metadata !DIExpression()), !dbg !5\n");
    assert!(out.contains("    #dbg_value(i32 1, !"), "{out}");
}

#[test]
fn a_node_location_is_killed() {
    let out = fmt("  call void @llvm.dbg.declare(metadata !6, metadata !4, metadata !DIExpression()), !dbg !5\n");
    assert!(out.contains("    #dbg_declare(!4, !5, !DIExpression(), !6)\n"), "{out}");
    assert!(out.contains("\n!4 = !{}\n"), "{out}");
}
