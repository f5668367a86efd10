//! What the corpus tests share: where the corpus is, which files a run reads, and which print
//! a bitcode file should give.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The reference corpus (`LLRS_CORPUS_DIR`, else `target/corpus`).
pub fn corpus() -> PathBuf {
    match std::env::var_os("LLRS_CORPUS_DIR") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/corpus"),
    }
}

/// Every file when `LLRS_FULL_CORPUS` is set, else a fixed, evenly spread subset.
pub fn subset(mut files: Vec<PathBuf>) -> Vec<PathBuf> {
    files.sort();
    if std::env::var_os("LLRS_FULL_CORPUS").is_some() {
        return files;
    }
    let stride = if cfg!(debug_assertions) { 50 } else { 10 };
    files.into_iter().step_by(stride).collect()
}

/// The bitcode files under `dir`, recursively.
pub fn bitcode_files(dir: &Path, out: &mut Vec<PathBuf>) {
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

/// The bitcode `llvm-as-22` wrote for the test modules and programs, sorted.
pub fn written_modules() -> Vec<PathBuf> {
    let root = corpus();
    let mut files = Vec::new();
    for sub in ["llvm-test", "programs"] {
        bitcode_files(&root.join(sub), &mut files);
    }
    subset(files)
}

/// What llvm-dis prints for `X.ll.bc`: `X.ll.bc.canon` where that differs from the text's
/// round trip, else `X.ll.canon`.
pub fn printed(f: &Path) -> PathBuf {
    let own = PathBuf::from(format!("{}.canon", f.display()));
    if own.exists() {
        own
    } else {
        PathBuf::from(f.to_string_lossy().replace(".ll.bc", ".ll.canon"))
    }
}
