//! Global values, aliases, ifuncs and comdats against what LLVM 22 (`llvm-as-22`) reports.

use crate::report::{Kind, Subject};
use crate::verify;

/// The module errors of `src`: each message with the names of the globals among its subjects.
fn errors(src: &str) -> Vec<(String, Vec<String>)> {
    let m = llrs_asm::parse_module(src.as_bytes(), "t.ll").expect("parses");
    let report = verify(&m);
    report
        .diagnostics
        .iter()
        .filter(|d| d.kind == Kind::Error)
        .map(|d| {
            let names = d
                .subjects
                .iter()
                .filter_map(|s| match *s {
                    Subject::Global(g) => {
                        m.globals[g].name.map(|n| String::from_utf8_lossy(m.ctx.name(n)).into_owned())
                    }
                    _ => None,
                })
                .collect();
            (d.message.to_string(), names)
        })
        .collect()
}

/// The messages of the module errors of `src`.
fn messages(src: &str) -> Vec<String> {
    errors(src).into_iter().map(|(m, _)| m).collect()
}

#[test]
fn aliases_form_no_cycle() {
    let src = "@a = alias i32, ptr @b\n@b = alias i32, ptr @a\n";
    assert_eq!(
        errors(src),
        vec![
            ("Aliases cannot form a cycle".to_string(), vec!["a".to_string()]),
            ("Aliases cannot form a cycle".to_string(), vec!["b".to_string()]),
        ]
    );
    // The set of aliases reached is shared by the whole walk: two uses of one alias count.
    let src = "@g = global [2 x i32] zeroinitializer\n@b = alias i32, ptr @g\n@c = alias i32, ptr @b\n\
        @a = alias i32, getelementptr (i8, ptr @c, i64 add (i64 ptrtoint (ptr @c to i64), i64 ptrtoint (ptr @c to i64)))\n";
    assert_eq!(messages(src), vec!["Aliases cannot form a cycle", "Aliases cannot form a cycle"]);
}

#[test]
fn aliases_point_to_definitions() {
    let src = "@g = external global i32\n@a = alias i32, getelementptr (i8, ptr @g, i64 4)\n\
        declare void @f()\n@h = alias i32, ptr @f\n";
    assert_eq!(messages(src), vec!["Alias must point to a definition", "Alias must point to a definition"]);
    let src = "@g = global i32 0\n@a = available_externally alias i32, ptr @g\n";
    assert_eq!(messages(src), vec!["available_externally alias must point to available_externally global value"]);
    let src = "@g = available_externally global i32 0\n@a = available_externally alias i32, ptr @g\n";
    assert_eq!(messages(src), Vec::<String>::new());
}

#[test]
fn interposable_aliases() {
    let src = "@g = global i32 0\n@b = weak alias i32, ptr @g\n@a = alias i32, ptr @b\n";
    assert_eq!(messages(src), vec!["Alias cannot point to an interposable alias"]);
    let src = "!llvm.module.flags = !{!0}\n!0 = !{i32 1, !\"SemanticInterposition\", i32 1}\n@g = global i32 0\n\
        @b = alias i32, ptr @g\n@c = dso_local alias i32, ptr @g\n@a = alias i32, ptr @b\n@d = alias i32, ptr @c\n";
    assert_eq!(errors(src), vec![("Alias cannot point to an interposable alias".to_string(), vec!["a".to_string()])]);
}

#[test]
fn ifunc_rules() {
    let src = "@g = global i32 0\n@i = ifunc void (), ptr @g\ndefine ptr @r() {\n  ret ptr null\n}\n\
        @j = ifunc void (), ptr @r\n@al = alias ptr (), ptr @r\n@k = ifunc void (), ptr @al\n\
        define i32 @r2() {\n  ret i32 0\n}\n@l = ifunc void (), ptr @r2\ndeclare ptr @r3()\n@m = ifunc void (), ptr @r3\n";
    assert_eq!(
        errors(src),
        vec![
            ("IFunc must have a Function resolver".to_string(), vec!["i".to_string()]),
            ("IFunc resolver must return a pointer".to_string(), vec!["l".to_string()]),
            ("IFunc resolver must be a definition".to_string(), vec!["m".to_string()]),
        ]
    );
}

#[test]
fn structor_lists() {
    let two = "@llvm.global_ctors = appending global [1 x { i32, ptr }] [{ i32, ptr } { i32 1, ptr null }]\n";
    assert_eq!(
        messages(two),
        vec![
        "the third field of the element type is mandatory, specify ptr null to migrate from the obsoleted 2-field form"
    ]
    );
    let linkage =
        "@llvm.global_ctors = global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 1, ptr null, ptr null }]\n";
    assert_eq!(messages(linkage), vec!["invalid linkage for intrinsic global variable"]);
    let types = "@llvm.global_ctors = appending global [1 x { i32, ptr, i32 }] [{ i32, ptr, i32 } { i32 1, ptr null, i32 0 }]\n\
        @llvm.global_dtors = appending global [1 x { i64, ptr, ptr }] [{ i64, ptr, ptr } { i64 1, ptr null, ptr null }]\n";
    assert_eq!(
        errors(types),
        vec![
            ("wrong type for intrinsic global variable".to_string(), vec!["llvm.global_ctors".to_string()]),
            ("wrong type for intrinsic global variable".to_string(), vec!["llvm.global_dtors".to_string()]),
        ]
    );
    let used = "@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 1, ptr null, ptr null }]\n\
        define ptr @f() {\n  ret ptr @llvm.global_ctors\n}\n";
    assert_eq!(messages(used), vec!["invalid uses of intrinsic global variable"]);
}

#[test]
fn used_lists() {
    let src =
        "@x = global i32 0\n@0 = global i32 0\n@llvm.used = appending global [3 x ptr] [ptr @x, ptr @0, ptr null]\n";
    assert_eq!(messages(src), vec!["members of llvm.used must be named"]);
    let src =
        "@x = global i32 0\n@llvm.compiler.used = appending global [2 x ptr] [ptr @x, ptr inttoptr (i64 1 to ptr)]\n\
        @llvm.used = appending global [1 x i32] [i32 1]\n";
    assert_eq!(messages(src), vec!["invalid llvm.compiler.used member", "wrong type for intrinsic global variable"]);
    let src = "@llvm.used = appending global [1 x ptr] [ptr null]\n";
    assert_eq!(messages(src), vec!["wrong initializer for intrinsic global variable"]);
    // A constant expression in metadata uses the variable; the variable itself there does not.
    let src = "@x = global i32 0\n@llvm.used = appending global [1 x ptr] [ptr @x]\n\
        !0 = !{ptr getelementptr (i8, ptr @llvm.used, i64 1)}\n!named = !{!0}\n";
    assert_eq!(messages(src), vec!["invalid uses of intrinsic global variable"]);
    let src =
        "@x = global i32 0\n@llvm.used = appending global [1 x ptr] [ptr @x]\n!0 = !{ptr @llvm.used}\n!named = !{!0}\n";
    assert_eq!(messages(src), Vec::<String>::new());
}

#[test]
fn global_value_rules() {
    let src = "$c = comdat any\n@a = external global i32, comdat($c)\n\
        @b = available_externally global i32 0, comdat($c)\n@x = common global i32 1\n@y = common constant i32 0\n";
    assert_eq!(
        messages(src),
        vec![
            "Declaration may not be in a Comdat!",
            "Declaration may not be in a Comdat!",
            "'common' global must have a zero initializer!",
            "'common' global may not be marked constant!",
        ]
    );
    let src =
        "@a = hidden dllexport global i32 0\n@b = dllimport global i32 0\n@c = protected dllimport global i32 0\n\
        @d = extern_weak dllimport global i32\n@e = available_externally dllimport global i32 0\n";
    assert_eq!(
        errors(src),
        vec![
            ("dllexport GlobalValue must have default or protected visibility".to_string(), vec!["a".to_string()]),
            ("Global is marked as dllimport, but not external".to_string(), vec!["b".to_string()]),
            ("dllimport GlobalValue must have default visibility".to_string(), vec!["c".to_string()]),
        ]
    );
    let src =
        "%t = type {i32, %t2}\n%t2 = type opaque\n@g = external global %t\n@h = global [1 x %t] zeroinitializer\n";
    assert_eq!(messages(src), vec!["Global variable initializer must be sized"]);
    // A struct met twice is sized both times.
    let src = "%0 = type { %1, %1 }\n%1 = type <{ i16, i8 }>\n@0 = internal global %0 zeroinitializer\n";
    assert_eq!(messages(src), Vec::<String>::new());
    let src =
        "@g = global {<vscale x 4 x i32>} zeroinitializer\n@h = global target(\"aarch64.svcount\") zeroinitializer\n";
    assert_eq!(messages(src), vec!["Globals cannot contain scalable types", "Globals cannot contain scalable types"]);
    let src = "@g = external global target(\"opaque\")\n";
    assert_eq!(messages(src), vec!["Global @g has illegal target extension type"]);
    let src = "@a = global [2 x i32] zeroinitializer\n@b = appending global i32 0\n";
    assert_eq!(messages(src), vec!["Only global arrays can have appending linkage!"]);
}

#[test]
fn associated_metadata() {
    let src = "@a = global i32 0, !associated !0\n!0 = !{ptr @a}\n@b = global i32 0, !associated !1\n!1 = !{}\n\
        @c = global i32 0, !associated !2\n!2 = !{null}\n@d = global i32 0, !associated !3\n!3 = !{!\"s\"}\n\
        @e = global i32 0, !associated !4\n!4 = !{i32 1}\n";
    assert_eq!(
        messages(src),
        vec![
            "global values should not associate to themselves",
            "associated metadata must have one operand",
            "associated metadata must have a global value",
            "associated metadata must be ValueAsMetadata",
            "associated value must be pointer typed",
        ]
    );
}

#[test]
fn coff_comdats_in_string_map_order() {
    let mut src = String::from("target triple = \"x86_64-pc-windows-msvc\"\n");
    for i in 0..21 {
        src.push_str(&format!("$c{i} = comdat any\n"));
    }
    for i in 0..21 {
        src.push_str(&format!("@c{i} = private global i32 0, comdat\n"));
    }
    let order: Vec<String> = errors(&src).into_iter().flat_map(|(_, n)| n).collect();
    // `llvm-as-22`'s order.
    let want = [1, 20, 5, 16, 4, 18, 19, 12, 14, 13, 8, 2, 10, 6, 9, 11, 15, 17, 0, 3, 7];
    assert_eq!(order, want.iter().map(|i| format!("c{i}")).collect::<Vec<_>>());
    // Not COFF: nothing to check.
    let elf = src.replace("x86_64-pc-windows-msvc", "x86_64-unknown-linux-gnu");
    assert_eq!(messages(&elf), Vec::<String>::new());
}

#[test]
fn coff_triples() {
    use super::comdat::is_coff;
    assert!(is_coff(b"x86_64-pc-windows-msvc"));
    assert!(is_coff(b"x86_64-w64-windows-gnu"));
    assert!(is_coff(b"x86_64-unknown-linux-coff"));
    assert!(is_coff(b"aarch64-unknown-uefi"));
    // LLVM reads the raw triple by position: these name no Windows.
    assert!(!is_coff(b"x86_64-w64-mingw32"));
    assert!(!is_coff(b"x86_64-windows"));
    assert!(!is_coff(b"thumbv7-windows-msvc"));
    assert!(is_coff(b"aarch64-pc-windows-gnu"));
    assert!(is_coff(b"thumbv7-unknown-windows-msvc"));
    assert!(!is_coff(b"mips-pc-windows-msvc"));
    assert!(!is_coff(b"i686-pc-windows-gnu-elf"));
    // An architecture LLVM does not know defaults to COFF on Windows; a known other one not.
    assert!(is_coff(b"foo-pc-windows-msvc"));
    assert!(!is_coff(b"riscv64-pc-windows-msvc"));
    assert!(!is_coff(b"armv7eb-pc-windows-msvc"));
    assert!(!is_coff(b"x86_64-pc-windows-elf"));
    assert!(!is_coff(b"x86_64-apple-macosx"));
    assert!(!is_coff(b"x86_64-unknown-linux-gnu"));
    assert!(!is_coff(b""));
}

#[test]
fn implicit_refs() {
    let src = "@a = global i32 1, !implicit.ref !0\n@b = global i32 2, !implicit.ref !1\n\
        @c = global i32 3, !implicit.ref !1, !implicit.ref !2\n@d = global i32 4, !implicit.ref !3\n\
        @e = external global i32, !implicit.ref !1\n!0 = !{i32 1}\n!1 = !{ptr @b}\n!2 = !{!\"Hello World!\"}\n\
        !3 = !{ptr @c, ptr @a}\n";
    assert_eq!(
        errors(src),
        vec![
            ("ref value must be pointer typed".to_string(), vec!["a".to_string()]),
            ("values should not reference themselves".to_string(), vec!["b".to_string()]),
            ("ref metadata must be ValueAsMetadata".to_string(), vec!["c".to_string()]),
            ("ref metadata must have one operand".to_string(), vec!["d".to_string()]),
            ("ref metadata must not be placed on a declaration".to_string(), vec!["e".to_string()]),
        ]
    );
}

#[test]
fn ifunc_attachments_and_global_value_rules() {
    let src = "define ptr @r() {\n  ret ptr null\n}\n@i = hidden dllexport ifunc void (), ptr @r, !prof !0\n!0 = !{}\n\
        @g = global i32 0\n@j = ifunc void (), ptr @g, !prof !0\n";
    assert_eq!(
        errors(src),
        vec![
            ("dllexport GlobalValue must have default or protected visibility".to_string(), vec!["i".to_string()]),
            ("an ifunc may not have a !prof attachment".to_string(), vec!["i".to_string()]),
            ("an ifunc may not have a !prof attachment".to_string(), vec!["j".to_string()]),
        ]
    );
    // Attachments in kind order: `!dbg` (a debug-info failure) ends the visit before `!prof`.
    let src = "define ptr @r() {\n  ret ptr null\n}\n@i = ifunc void (), ptr @r, !prof !0, !dbg !0\n!0 = !{}\n";
    let m = llrs_asm::parse_module(src.as_bytes(), "t.ll").expect("parses");
    let report = verify(&m);
    let all: Vec<(Kind, String)> = report.diagnostics.iter().map(|d| (d.kind, d.message.to_string())).collect();
    assert_eq!(all, vec![(Kind::DebugInfo, "an ifunc may not have a !dbg attachment".to_string())]);
}
