//! Printing a `.mir` file as `llc -run-pass=none` prints it: the IR module as a block scalar
//! (printed by `llrs_asm`'s writer), then each machine function.

use crate::function::write::write_function;
use crate::parse::MirFile;
use crate::yaml::output::Output;

/// Prints `f` as llc prints it.
pub fn print(f: &MirFile) -> String {
    // About the input's size (a canonical input prints as itself), so that a large output
    // is not copied as it grows.
    let estimate = f.source_len + f.source_len / 16 + f.functions.len() * 2048;
    let mut out: Vec<u8> = Vec::with_capacity(estimate.max(1 << 16));
    // Writing to a `Vec` does not fail.
    let _ = print_to(f, &mut out);
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// Prints `f` as llc prints it to `w`, a function at a time (a large file's output is never
/// held whole).
pub fn print_to(f: &MirFile, w: &mut dyn std::io::Write) -> std::io::Result<()> {
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
    drop(ir);
    w.write_all(out.as_bytes())?;
    out.clear();
    for ((mf, facts), body) in f.functions.iter().zip(&f.facts).zip(&f.bodies) {
        write_function(&mut out, mf, f.target, facts, body.as_deref());
        if out.len() >= 1 << 20 {
            w.write_all(out.as_bytes())?;
            out.clear();
        }
    }
    w.write_all(out.as_bytes())
}

/// The module llc makes for a file without IR: one `void ()` function per machine function.
fn dummy_module(ir: &mut String, f: &MirFile) {
    ir.push_str(&format!("source_filename = \"{}\"\n", f.file));
    if f.target == crate::function::TargetKind::X86 {
        ir.push_str(&format!("target datalayout = \"{}\"\n", crate::parse::DEFAULT_DATA_LAYOUT));
    }
    for mf in &f.functions {
        let name = &mf.name.value;
        let plain = !name.is_empty()
            && !name.as_bytes()[0].is_ascii_digit()
            && name.bytes().all(|b| b.is_ascii_alphanumeric() || b"$._-".contains(&b));
        let name = if plain { name.clone() } else { format!("\"{name}\"") };
        ir.push_str(&format!("\ndefine void @{name}() {{\nentry:\n  unreachable\n}}\n"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `llc-22 -mtriple=x86_64 -run-pass=none` prints for these fields (checked by hand).
    #[test]
    fn stack_objects_and_registers_as_llc() {
        let src = "---\nname: foo\nfixedStack:\n  - { id: 0, offset: 8, size: 4 }\n  - { id: 1, offset: 16, size: 8, alignment: 8 }\n\
                   stack:\n  - { id: 3, size: 4, alignment: 32 }\n  - { id: 1, size: 4 }\nregisters:\n  - { id: 5, class: gr32 }\n  - { id: 2, class: gr64 }\n\
                   frameInfo:\n  maxAlignment: 0\nbody: |\n  bb.0:\n    RET 0\n...\n";
        let out = print(&crate::parse(src, "b.mir").unwrap());
        let want = "\nregisters:
  - { id: 0, class: gr32, preferred-register: '', flags: [  ] }
  - { id: 1, class: gr64, preferred-register: '', flags: [  ] }
liveins:         []
";
        assert!(out.contains(want), "{out}");
        assert!(out.contains("\n  maxAlignment:    32\n"), "{out}");
        assert!(out.contains("\n  maxCallFrameSize: 4294967295\n"), "{out}");
        let want = "\nfixedStack:
  - { id: 0, type: default, offset: 16, size: 8, alignment: 8, stack-id: default, 
      isImmutable: false, isAliased: false, callee-saved-register: '', 
      callee-saved-restored: true, debug-info-variable: '', debug-info-expression: '', 
      debug-info-location: '' }
  - { id: 1, type: default, offset: 8, size: 4, alignment: 1, stack-id: default, 
      isImmutable: false, isAliased: false, callee-saved-register: '', 
      callee-saved-restored: true, debug-info-variable: '', debug-info-expression: '', 
      debug-info-location: '' }
stack:
  - { id: 0, name: '', type: default, offset: 0, size: 4, alignment: 32, 
      stack-id: default, callee-saved-register: '', callee-saved-restored: true, 
      debug-info-variable: '', debug-info-expression: '', debug-info-location: '' }
  - { id: 1, name: '', type: default, offset: 0, size: 4, alignment: 1, 
      stack-id: default, callee-saved-register: '', callee-saved-restored: true, 
      debug-info-variable: '', debug-info-expression: '', debug-info-location: '' }
entry_values:    []
";
        assert!(out.contains(want), "{out}");
        assert!(out.starts_with("--- |\n  ; ModuleID = 'b.mir'\n  source_filename = \"b.mir\"\n  target datalayout = "));
        assert!(out.contains("\n  \n  define void @foo() {\n  entry:\n    unreachable\n  }\n...\n"));
        assert!(out.contains("\nmachineFunctionInfo:\n  amxProgModel:    None\nbody:"));
        assert!(out.ends_with("\nbody:             |\n  bb.0:\n    RET 0\n...\n"), "{out}");
    }

    #[test]
    fn empty_body_and_function_order() {
        let src = "--- |\n  define void @a() {\n    ret void\n  }\n  define void @b() {\n    ret void\n  }\n...\n\
                   ---\nname: b\n...\n---\nname: a\nnoPhis: false\n...\n";
        let out = print(&crate::parse(src, "c.mir").unwrap());
        let a = out.find("name:            a").unwrap();
        let b = out.find("name:            b").unwrap();
        assert!(a < b);
        assert!(out.contains("noPhis:          false\n"));
        assert!(out.ends_with("body:             |\n...\n"), "{out}");
    }
}
