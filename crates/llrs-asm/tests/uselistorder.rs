//! `uselistorder` directives: applied to use-lists (seen in `; preds =`), and LLVM's errors.

use llrs_asm::{parse_module, print_module};

const FUNC: &str =
    "define void @f(i1 %c) {\nentry:\n  br i1 %c, label %a, label %b\na:\n  br label %b\nb:\n  ret void\n";

fn fmt(src: &str) -> Result<String, String> {
    match parse_module(src.as_bytes(), "u.ll") {
        Ok(m) => Ok(String::from_utf8(print_module(&m)).expect("utf-8")),
        Err(d) => Err(d.to_string()),
    }
}

#[test]
fn block_order_changes_the_predecessor_comment() {
    let plain = fmt(&format!("{FUNC}}}\n")).expect("parses");
    assert!(plain.contains("b:                                                ; preds = %a, %entry\n"), "{plain}");
    let ordered = fmt(&format!("{FUNC}  uselistorder label %b, {{ 1, 0 }}\n}}\n")).expect("parses");
    assert!(ordered.contains("b:                                                ; preds = %entry, %a\n"), "{ordered}");
}

#[test]
fn errors_are_llvms() {
    let cases = [
        ("uselistorder label %b, { }", "8:28: error: expected non-empty list of uselistorder indexes"),
        ("uselistorder label %b, { 0 }", "8:26: error: expected >= 2 uselistorder indexes"),
        ("uselistorder label %b, { 0, 2 }", "8:26: error: expected distinct uselistorder indexes in range [0, size)"),
        ("uselistorder label %b, { 0, 1 }", "8:26: error: expected uselistorder indexes to change the order"),
        ("uselistorder label %a, { 1, 0 }", "8:3: error: value only has one use"),
        ("uselistorder label %b, { 1, 2, 0 }", "8:3: error: wrong number of indexes, expected 2"),
        ("uselistorder i1 %c, { 1, 0 }", "8:3: error: value only has one use"),
    ];
    for (directive, want) in cases {
        let err = fmt(&format!("{FUNC}  {directive}\n}}\n")).expect_err(directive);
        assert!(err.starts_with(&format!("u.ll:{want}")), "{directive}: {err}");
    }
}
