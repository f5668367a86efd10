//! Printing a `.mir` file as `llc -run-pass=none` prints it: the IR module as a block scalar
//! (printed by `llrs_asm`'s writer), then each machine function.

use crate::function::write::write_function;
use crate::parse::MirFile;
use crate::yaml::output::Output;

/// Prints `f` as llc prints it.
pub fn print(f: &MirFile) -> String {
    let mut out = String::with_capacity(1 << 16);
    let mut ir = format!("; ModuleID = '{}'\n", f.file);
    match &f.module {
        Some(m) => ir.push_str(&String::from_utf8_lossy(&llrs_asm::print_module(m))),
        None => dummy_module(&mut ir, f),
    }
    let mut o = Output::new(&mut out);
    o.begin_document();
    o.block(&ir);
    o.end_document();
    for (mf, facts) in f.functions.iter().zip(&f.facts) {
        write_function(&mut out, mf, f.target, facts);
    }
    out
}

/// The module llc makes for a file without IR: one `void ()` function per machine function.
fn dummy_module(ir: &mut String, f: &MirFile) {
    ir.push_str(&format!("source_filename = \"{}\"\n", f.file));
    for mf in &f.functions {
        let name = &mf.name.value;
        let plain = !name.is_empty()
            && !name.as_bytes()[0].is_ascii_digit()
            && name.bytes().all(|b| b.is_ascii_alphanumeric() || b"$._-".contains(&b));
        let name = if plain { name.clone() } else { format!("\"{name}\"") };
        ir.push_str(&format!("\ndefine void @{name}() {{\nentry:\n  unreachable\n}}\n"));
    }
}
