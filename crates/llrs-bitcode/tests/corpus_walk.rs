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
