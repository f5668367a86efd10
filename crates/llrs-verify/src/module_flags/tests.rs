//! Module flags, idents and command lines against what LLVM 22 (`llvm-as-22`) reports.

use crate::report::Kind;
use crate::verify;

/// The messages of the module errors of `src`.
fn messages(src: &str) -> Vec<String> {
    let m = llrs_asm::parse_module(src.as_bytes(), "t.ll").expect("parses");
    verify(&m).diagnostics.iter().filter(|d| d.kind == Kind::Error).map(|d| d.message.to_string()).collect()
}

#[test]
fn requirements() {
    let src = "!llvm.module.flags = !{!0, !1, !2, !3, !4}\n!0 = !{i32 3, !\"foo\", !{!\"bar\", i32 1}}\n\
        !1 = !{i32 1, !\"bar\", i32 2}\n!2 = !{i32 3, !\"baz\", !{!\"qux\", i32 1}}\n\
        !3 = !{i32 3, !\"x\", !{!\"bar\", i32 2}}\n!4 = !{i32 3, !\"y\", !{i32 1, i32 2}}\n";
    assert_eq!(
        messages(src),
        vec![
            "invalid value for 'require' module flag (first value operand should be a string)",
            "invalid requirement on flag, flag does not have the required value",
            "invalid requirement on flag, flag is not present in module",
        ]
    );
    let src = "!llvm.module.flags = !{!0}\n!0 = !{i32 3, !\"foo\", i32 1}\n";
    assert_eq!(messages(src), vec!["invalid value for 'require' module flag (expected metadata pair)"]);
}

#[test]
fn behaviors_and_values() {
    let src = "!llvm.module.flags = !{!0, !1, !2, !3, !4, !5, !6}\n!0 = !{i32 8, !\"a\", i32 -1}\n\
        !1 = !{i32 8, !\"b\", i1 true}\n!2 = !{i32 7, !\"c\", !\"s\"}\n!3 = !{i32 1, !\"a\", i32 1}\n\
        !4 = !{i32 9, !\"d\", i32 1}\n!5 = !{i64 18446744073709551617, !\"e\", i32 1}\n!6 = !{i32 5, !\"f\", !{}}\n";
    assert_eq!(
        messages(src),
        vec![
            "invalid value for 'min' module flag (expected constant non-negative integer)",
            "invalid value for 'min' module flag (expected constant non-negative integer)",
            "invalid value for 'max' module flag (expected constant integer)",
            "invalid behavior operand in module flag (unexpected constant)",
        ]
    );
    let src = "!llvm.module.flags = !{!0, !1, !2}\n!0 = !{i32 4, i32 1, i32 1}\n!1 = !{!\"x\", !\"y\", i32 1}\n\
        !2 = !{i32 6, !\"z\", i32 1}\n";
    assert_eq!(
        messages(src),
        vec![
            "invalid ID operand in module flag (expected metadata string)",
            "invalid behavior operand in module flag (expected constant integer)",
            "invalid value for 'append'-type module flag (expected a metadata node)",
        ]
    );
    let src = "!llvm.module.flags = !{!0, !1, !2}\n!0 = !{i32 1, !\"a\", i32 1}\n!1 = !{i32 1, !\"a\", i32 2}\n\
        !2 = !{i32 1, !\"b\"}\n";
    assert_eq!(
        messages(src),
        vec![
            "module flag identifiers must be unique (or of 'require' type)",
            "incorrect number of operands in module flag",
        ]
    );
}

#[test]
fn special_flags() {
    let src = "!llvm.module.flags = !{!0, !1, !2, !3}\n!0 = !{i32 1, !\"wchar_size\", !\"x\"}\n\
        !1 = !{i32 1, !\"Linker Options\", !{}}\n!2 = !{i32 1, !\"SemanticInterposition\", !\"x\"}\n\
        !3 = !{i32 1, !\"aarch64-elf-pauthabi-platform\", i32 1}\n";
    assert_eq!(messages(src), vec![
        "wchar_size metadata requires constant integer argument",
        "'Linker Options' named metadata no longer supported",
        "SemanticInterposition metadata requires constant integer argument",
        "either both or no 'aarch64-elf-pauthabi-platform' and 'aarch64-elf-pauthabi-version' module flags must be present",
    ]);
}

#[test]
fn cg_profile_entries() {
    let src = "define void @f() {\n  ret void\n}\n@g = global i32 0\n!llvm.module.flags = !{!0}\n\
        !0 = !{i32 5, !\"CG Profile\", !{!1, !2, !3, !4, null}}\n!1 = !{ptr @f, ptr @g, i64 1}\n\
        !2 = !{null, ptr @f, i64 1}\n!3 = !{ptr @f, ptr @f, !\"x\"}\n!4 = !{ptr @f, ptr @f}\n";
    assert_eq!(
        messages(src),
        vec![
            "expected a Function or null",
            "expected an integer constant",
            "expected a MDNode triple",
            "expected a MDNode triple",
        ]
    );
}

#[test]
fn idents_and_command_lines() {
    let src =
        "!llvm.ident = !{!0, !1}\n!0 = !{!\"a\"}\n!1 = !{!\"a\", !\"b\"}\n!llvm.commandline = !{!2}\n!2 = !{i32 1}\n";
    assert_eq!(
        messages(src),
        vec![
            "incorrect number of operands in llvm.ident metadata",
            "invalid value for llvm.commandline metadata entry operand(the operand should be a string)",
        ]
    );
}
