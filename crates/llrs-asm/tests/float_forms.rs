//! Hexadecimal float forms as LLVM's lexer reads them (checked against LLVM 22).

use llrs_asm::{parse_module, print_module};

fn global(ty: &str, lit: &str) -> String {
    let src = format!("@x = global {ty} {lit}\n");
    let m = parse_module(src.as_bytes(), "f.ll").expect("parses");
    let out = String::from_utf8(print_module(&m)).expect("utf-8");
    out.lines().last().unwrap_or_default().to_string()
}

#[test]
fn short_quad_hex_fills_the_high_word() {
    assert_eq!(global("fp128", "0xL01"), "@x = global fp128 0xL00000000000000000000000000000001");
    assert_eq!(global("fp128", "0xL0123456789ABCDEF0123"), "@x = global fp128 0xL0123456789ABCDEF0000000000000123");
    assert_eq!(global("ppc_fp128", "0xM01"), "@x = global ppc_fp128 0xM00000000000000000000000000000001");
}
