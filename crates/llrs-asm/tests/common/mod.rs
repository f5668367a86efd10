//! What the upgrade tests share: reading a module and printing it as `llvm-as | llvm-dis` does,
//! without the `; ModuleID` and `source_filename` lines.

/// `src` read and printed, from its first line after the module header.
#[allow(dead_code)] // not every test file reads modules that are accepted
pub fn upgraded(src: &str) -> String {
    let m = llrs_asm::parse_module(src.as_bytes(), "t.ll").expect("parses");
    printed(&m)
}

/// `src` read and printed as [`upgraded`] does, or the first error as text.
#[allow(dead_code)] // not every test file reads modules that fail
pub fn read(src: &str) -> Result<String, String> {
    llrs_asm::parse_module(src.as_bytes(), "t.ll").map(|m| printed(&m)).map_err(|e| e.to_string())
}

fn printed(m: &llrs_ir::Module) -> String {
    let text = String::from_utf8(llrs_asm::print_module(m)).expect("utf-8");
    let header = |l: &&str| l.starts_with("; ModuleID") || l.starts_with("source_filename") || l.trim().is_empty();
    text.split_inclusive('\n').skip_while(header).collect()
}
