//! `alloca` of a type not sized yet: LLParser needs the size only for a default alignment.

use llrs_asm::parse_module;

#[test]
fn explicit_alignment_allows_a_type_defined_later() {
    let src = "define void @f() {\n  %b = alloca %S2, align 1\n  ret void\n}\n%S2 = type { i8 }\n";
    assert!(parse_module(src.as_bytes(), "a.ll").is_ok());
    let without = src.replace(", align 1", "");
    let err = parse_module(without.as_bytes(), "a.ll").expect_err("needs the size");
    assert!(err.to_string().starts_with("a.ll:2:15: error: Cannot allocate unsized type"), "{err}");
}
