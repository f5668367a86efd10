//! What the corpus-driven tests share: where the corpus is and its `.mir` files.

use std::fs;
use std::path::{Path, PathBuf};

/// `target/corpus`, when it holds the Machine IR tests.
pub fn corpus() -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/corpus");
    root.join("mir").is_dir().then_some(root)
}

/// Every `.mir` file under `dir`, in sorted order, appended to `out`.
pub fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|e| e == "mir") {
            out.push(p);
        }
    }
}
