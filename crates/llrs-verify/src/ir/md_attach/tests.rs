//! Cases of the attachment checks, each a small module and LLVM 22's first message.

fn first(src: &str) -> String {
    let m = llrs_asm::parse_module(src.as_bytes(), "t.ll").expect("parses");
    let r = crate::verify(&m);
    r.diagnostics.first().map(|d| d.message.to_string()).unwrap_or_default()
}

#[test]
fn nonnull_on_store() {
    let src = "define void @f(ptr %p) {\n  store ptr null, ptr %p, !nonnull !0\n  ret void\n}\n!0 = !{}\n";
    assert_eq!(first(src), "nonnull applies only to pointer types");
}
