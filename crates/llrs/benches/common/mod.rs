//! What the benchmarks share: the corpus files they run on.

use std::path::{Path, PathBuf};

/// The files of `target/corpus/<dir>` (with `nested`, of its folders one level down) whose
/// names end in `suffix`, as (name without the suffix, path), sorted; none, with a note, when
/// the corpus is not unpacked.
pub fn corpus_files(dir: &str, suffix: &str, nested: bool) -> Vec<(String, PathBuf)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/corpus").join(dir);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        println!(
            "note: no corpus at {}: nothing to benchmark (run ../shared/tools/corpus target/corpus)",
            dir.display()
        );
        return Vec::new();
    };
    let folders: Vec<PathBuf> = if nested { entries.flatten().map(|e| e.path()).collect() } else { vec![dir.clone()] };
    let mut files = Vec::new();
    for folder in folders {
        let Ok(entries) = std::fs::read_dir(&folder) else { continue };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if let Some(stem) = name.strip_suffix(suffix) {
                files.push((stem.to_string(), entry.path()));
            }
        }
    }
    files.sort();
    files
}

/// A corpus file's bytes and its file name; `None`, with a note, when it cannot be read.
#[allow(dead_code)] // Not every benchmark reads bytes.
pub fn load(name: &str, path: &Path) -> Option<(Vec<u8>, String)> {
    match std::fs::read(path) {
        Ok(bytes) => {
            let file_name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            Some((bytes, file_name))
        }
        Err(err) => {
            println!("note: skipping {name}: could not read {}: {err}", path.display());
            None
        }
    }
}

/// The rest of `llrs fmt`'s work once a module is read: verify it, print it; the length of the
/// output (0 for a broken module).
#[allow(dead_code)] // Not every benchmark prints IR.
pub fn verify_and_print(m: &llrs::ir::Module) -> usize {
    if llrs::verify::verify(m).is_broken() {
        return 0;
    }
    llrs::asm::print_module(m).len()
}

/// The settings of the benchmarks on whole programs: few samples of a few seconds, each run
/// being long.
#[allow(dead_code)] // Not every benchmark runs on whole programs.
pub fn config() -> criterion::Criterion {
    criterion::Criterion::default()
        .sample_size(10)
        .warm_up_time(std::time::Duration::from_secs(1))
        .measurement_time(std::time::Duration::from_secs(3))
}
