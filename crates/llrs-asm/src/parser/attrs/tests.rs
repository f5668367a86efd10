//! Round trips and errors of the structured attribute arguments, against what LLVM 22's
//! `llvm-as | llvm-dis` prints and reports.

use crate::{parse_module, print_module};
use llrs_ir::attributes::{AttrArg, CaptureComponents, CaptureInfo, FPClassTest};

/// The header of `define void @f(<ty> <attr> %p)` after a round trip.
fn param(ty: &str, attr: &str) -> String {
    let src = format!("define void @f({ty} {attr} %p) {{\n  ret void\n}}\n");
    let m = parse_module(src.as_bytes(), "t.ll").unwrap_or_else(|d| panic!("{attr}: {}", d.message));
    let out = String::from_utf8(print_module(&m)).expect("utf-8");
    let line = out.lines().find(|l| l.starts_with("define")).expect("define line");
    let inner = line.trim_start_matches(&format!("define void @f({ty} ")[..]);
    inner.trim_end_matches(" %p) {").to_string()
}

/// The attribute group of `define void @f() <attrs>` after a round trip.
fn group(attrs: &str) -> String {
    let src = format!("define void @f() {attrs} {{\n  ret void\n}}\n");
    let m = parse_module(src.as_bytes(), "t.ll").unwrap_or_else(|d| panic!("{attrs}: {}", d.message));
    let out = String::from_utf8(print_module(&m)).expect("utf-8");
    let line = out.lines().find(|l| l.starts_with("attributes #0")).unwrap_or("");
    line.trim_start_matches("attributes #0 = { ").trim_end_matches(" }").to_string()
}

/// The `col: message` of parsing `define void @f(<ty> <attr> %p)`.
fn param_err(ty: &str, attr: &str) -> String {
    let src = format!("define void @f({ty} {attr} %p) {{ ret void }}\n");
    match parse_module(src.as_bytes(), "t.ll") {
        Ok(_) => format!("{attr}: parsed"),
        Err(d) => format!("{}: {}", d.col, d.message),
    }
}

/// The `col: message` of parsing `define void @f() <attrs>`.
fn fn_err(attrs: &str) -> String {
    let src = format!("define void @f() {attrs} {{ ret void }}\n");
    match parse_module(src.as_bytes(), "t.ll") {
        Ok(_) => format!("{attrs}: parsed"),
        Err(d) => format!("{}: {}", d.col, d.message),
    }
}

#[test]
fn captures_round_trip() {
    let cases = [
        ("captures(none)", "captures(none)"),
        ("nocapture", "captures(none)"),
        ("captures(address, read_provenance)", "captures(address, read_provenance)"),
        ("captures(ret: address, provenance)", "captures(ret: address, provenance)"),
        ("captures(address_is_null, address)", "captures(address)"),
        ("captures(provenance, read_provenance, address_is_null)", "captures(address_is_null, provenance)"),
        ("captures(ret: none)", "captures(none)"),
        ("captures(none, ret: address)", "captures(ret: address)"),
        ("captures(address, ret: address)", "captures(address)"),
        ("captures(address, ret: none)", "captures(address, ret: none)"),
        ("captures(ret : address)", "captures(ret: address)"),
    ];
    for (src, want) in cases {
        assert_eq!(param("ptr", src), want, "{src}");
    }
}

#[test]
fn captures_errors() {
    let p = |a: &str| param_err("ptr", a);
    assert_eq!(p("captures(ret: address, ret: none)"), "48: duplicate 'ret' location");
    assert_eq!(p("captures(none, address)"), "35: cannot use 'none' with other component");
    assert_eq!(p("captures(address, none)"), "42: cannot use 'none' with other component");
    assert_eq!(p("captures(ret: address, none)"), "47: cannot use 'none' with other component");
    assert_eq!(p("captures(ret: none, address)"), "40: cannot use 'none' with other component");
    assert_eq!(p("captures(ret address)"), "33: expected ':'");
    assert_eq!(p("captures(address ret: none)"), "37: expected ',' or ')'");
    assert_eq!(p("captures(address:)"), "36: expected ',' or ')'");
    let any = "expected one of 'none', 'address', 'address_is_null', 'provenance' or 'read_provenance'";
    assert_eq!(p("captures(foo)"), format!("29: {any}"));
    assert_eq!(p("captures()"), format!("29: {any}"));
    assert_eq!(p("captures"), "29: expected '('");
}

#[test]
fn nofpclass_round_trip() {
    let cases = [
        ("nofpclass(nan)", "nofpclass(nan)"),
        ("nofpclass(snan qnan)", "nofpclass(nan)"),
        ("nofpclass(1023)", "nofpclass(all)"),
        ("nofpclass(3)", "nofpclass(nan)"),
        ("nofpclass(nan inf zero sub norm)", "nofpclass(all)"),
        ("nofpclass(ninf nnorm nsub nzero)", "nofpclass(ninf nzero nsub nnorm)"),
        ("nofpclass(pinf pnorm psub pzero)", "nofpclass(pinf pzero psub pnorm)"),
        ("nofpclass(snan ninf nnorm nsub nzero pzero psub pnorm pinf)", "nofpclass(snan inf zero sub norm)"),
        ("nofpclass(nzero psub)", "nofpclass(nzero psub)"),
    ];
    for (src, want) in cases {
        assert_eq!(param("float", src), want, "{src}");
    }
}

#[test]
fn nofpclass_errors() {
    let p = |a: &str| param_err("float", a);
    assert_eq!(p("nofpclass(0)"), "33: invalid mask value for 'nofpclass'");
    assert_eq!(p("nofpclass(1024)"), "36: invalid mask value for 'nofpclass'");
    assert_eq!(p("nofpclass(1 2)"), "34: expected ')'");
    assert_eq!(p("nofpclass(-1)"), "32: expected nofpclass test mask");
    assert_eq!(p("nofpclass(nan, inf)"), "35: expected nofpclass test mask");
    assert_eq!(p("nofpclass()"), "32: expected nofpclass test mask");
    assert_eq!(p("nofpclass(nan 1)"), "36: expected nofpclass test mask");
    assert_eq!(p("nofpclass(none)"), "32: expected nofpclass test mask");
    assert_eq!(p("nofpclass"), "32: expected '('");
}

#[test]
fn initializes_round_trip() {
    let cases = [
        ("initializes((0, 4))", "initializes((0, 4))"),
        ("initializes((0,4),(8,12))", "initializes((0, 4), (8, 12))"),
        ("initializes((-4, 4), (5, 6))", "initializes((-4, 4), (5, 6))"),
        (
            "initializes((-9223372036854775808, 9223372036854775807))",
            "initializes((-9223372036854775808, 9223372036854775807))",
        ),
    ];
    for (src, want) in cases {
        assert_eq!(param("ptr", src), want, "{src}");
    }
}

#[test]
fn initializes_errors() {
    let p = |a: &str| param_err("ptr", a);
    let bad = "Invalid (unordered or overlapping) range list";
    assert_eq!(p("initializes((0, 4), (4, 8))"), format!("48: {bad}"));
    assert_eq!(p("initializes((4, 8), (0, 2))"), format!("48: {bad}"));
    assert_eq!(p("initializes((8, 4))"), format!("40: {bad}"));
    assert_eq!(p("initializes((0, 18446744073709551615))"), format!("59: {bad}"));
    assert_eq!(p("initializes((4, 4))"), "37: the range should not represent the full or empty set!");
    assert_eq!(p("initializes(0, 4)"), "32: expected '('");
    assert_eq!(p("initializes((0 4))"), "35: expected ','");
    assert_eq!(p("initializes((0, 4)"), "39: expected ')'");
    assert_eq!(p("initializes((true, 4))"), "33: expected integer");
    assert_eq!(p("initializes((0, 4),)"), "39: expected '('");
}

#[test]
fn allockind_and_uwtable_round_trip() {
    assert_eq!(group("allockind(\"alloc,uninitialized,aligned\")"), "allockind(\"alloc,uninitialized,aligned\")");
    assert_eq!(
        group("allockind(\"aligned,free,zeroed,realloc,uninitialized,alloc\")"),
        "allockind(\"alloc,realloc,free,uninitialized,zeroed,aligned\")"
    );
    assert_eq!(group("allockind(\"alloc,alloc\")"), "allockind(\"alloc\")");
    assert_eq!(group("uwtable"), "uwtable");
    assert_eq!(group("uwtable(async)"), "uwtable");
    assert_eq!(group("uwtable(sync)"), "uwtable(sync)");
    assert_eq!(group("uwtable(sync) uwtable"), "uwtable");
    assert_eq!(group("uwtable uwtable(sync)"), "uwtable(sync)");
}

#[test]
fn allockind_and_uwtable_errors() {
    assert_eq!(fn_err("allockind(\"\")"), "28: unknown allockind ");
    assert_eq!(fn_err("allockind(\"alloc,\")"), "28: unknown allockind ");
    assert_eq!(fn_err("allockind(\"foo\")"), "28: unknown allockind foo");
    assert_eq!(fn_err("allockind(alloc)"), "28: expected allockind value");
    assert_eq!(fn_err("allockind"), "28: expected '('");
    assert_eq!(fn_err("allockind(\"alloc\""), "36: expected ')'");
    assert_eq!(fn_err("uwtable(none)"), "26: expected unwind table kind");
    assert_eq!(fn_err("uwtable(sync"), "31: expected ')'");
}

#[test]
fn arguments_are_structures() {
    let src = b"declare void @f(ptr captures(ret: address) %p, float nofpclass(nan) %x)\n";
    let m = parse_module(src, "t.ll").expect("parses");
    let Some(f) = m.functions.first().and_then(|&g| m.globals[g].func.as_deref()) else { panic!("no function") };
    let arg = |i: usize| m.ctx.attrs_of(f.attrs.params[i])[0].arg.clone();
    assert_eq!(arg(0), AttrArg::Captures(CaptureInfo::new(CaptureComponents::NONE, CaptureComponents::ADDRESS)));
    assert_eq!(arg(1), AttrArg::NoFPClass(FPClassTest::NAN));
}

/// The module after a round trip, without its `source_filename` line and blank lines.
fn module(src: &str) -> String {
    let m = parse_module(src.as_bytes(), "t.ll").unwrap_or_else(|d| panic!("{}", d.message));
    let out = String::from_utf8(print_module(&m)).expect("utf-8");
    out.lines().filter(|l| !l.is_empty() && !l.starts_with("source_filename")).collect::<Vec<_>>().join("\n")
}

#[test]
fn groups_override_inline_attributes() {
    let src = "define void @f() \"a\"=\"1\" uwtable(sync) #0 { ret void }\nattributes #0 = { \"a\"=\"2\" uwtable }\n";
    assert_eq!(
        module(src),
        "; Function Attrs: uwtable\ndefine void @f() #0 {\n  ret void\n}\nattributes #0 = { uwtable \"a\"=\"2\" }"
    );
}

#[test]
fn old_string_attributes_upgrade() {
    let src = r#"declare void @g(i32)
define "no-frame-pointer-elim"="true" i32 @r() "null-pointer-is-valid"="true" { call void @g(i32 "no-frame-pointer-elim-non-leaf" 1) "null-pointer-is-valid"="false" ret i32 0 }
define void @x() #0 { ret void }
define void @y() #1 "no-frame-pointer-elim"="true" { ret void }
attributes #0 = { "null-pointer-is-valid"="yes" "no-frame-pointer-elim"="false" }
attributes #1 = { "no-frame-pointer-elim-non-leaf" "frame-pointer"="none" }
"#;
    let want = r#"declare void @g(i32)
; Function Attrs: null_pointer_is_valid
define "frame-pointer"="all" i32 @r() #0 {
  call void @g(i32 "frame-pointer"="non-leaf" 1)
  ret i32 0
}
define void @x() #1 {
  ret void
}
define void @y() #2 {
  ret void
}
attributes #0 = { null_pointer_is_valid }
attributes #1 = { "frame-pointer"="none" }
attributes #2 = { "frame-pointer"="all" }"#;
    assert_eq!(module(src), want);
}
