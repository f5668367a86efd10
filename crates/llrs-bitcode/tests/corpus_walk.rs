//! Every bitcode file of the reference corpus (`target/corpus`, unpacked by
//! `../shared/tools/corpus`) walks to its end: each block and record read through its
//! abbreviations; damaged files (`bitcode/mutants`) give an error or a walk, never a panic.
//! Without the corpus there is nothing to check.

use std::path::{Path, PathBuf};

fn corpus() -> PathBuf {
    match std::env::var_os("LLRS_CORPUS_DIR") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/corpus"),
    }
}

fn bitcode_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            bitcode_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "bc") {
            out.push(p);
        }
    }
}

#[test]
fn every_corpus_bitcode_file_walks() {
    let root = corpus();
    let mut files = Vec::new();
    for sub in ["llvm-test", "programs", "bitcode"] {
        bitcode_files(&root.join(sub), &mut files);
    }
    files.sort();
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

/// The bitcode `llvm-as-22` wrote for the test modules and programs, sorted.
fn written_modules() -> Vec<PathBuf> {
    let root = corpus();
    let mut files = Vec::new();
    for sub in ["llvm-test", "programs"] {
        bitcode_files(&root.join(sub), &mut files);
    }
    files.sort();
    files
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
        // llvm-dis's own print where it differs from the text's round trip.
        let own = PathBuf::from(format!("{}.canon", f.display()));
        let canon = if own.exists() { own } else { PathBuf::from(f.to_string_lossy().replace(".ll.bc", ".ll.canon")) };
        let Ok(text) = std::fs::read_to_string(&canon) else { continue };
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
        let mut ctx = llrs_ir::Context::default();
        let name = f.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let h = match llrs_bitcode::reader::read_header(m, &name, &mut ctx) {
            Ok((h, _)) => h,
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
