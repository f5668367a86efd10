//! The ThinLTO summaries of the reference corpus's bitcode (`target/corpus`, unpacked by
//! `../shared/tools/corpus`): the summary lines (`^N = ...`) `llrs_asm::print_module` prints for
//! the module read from `X.ll.bc` (or `X.bc`) are those of the text `llvm-dis-22` printed for it
//! (`X.ll.bc.canon`, else `X.ll.canon`; `X.bc.canon`). Where the module itself cannot be read yet
//! (attributes, metadata), the summary is read alone and printed in an empty module.
//!
//! Every file whose reference ends with a summary is checked; of the others, a fixed subset
//! (every 10th file, every 50th in a debug build) must print no summary. `LLRS_FULL_CORPUS=1`
//! checks every file; `LLRS_CORPUS_DIR` points at another corpus laid out the same way.

use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

fn corpus() -> PathBuf {
    match std::env::var_os("LLRS_CORPUS_DIR") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/corpus"),
    }
}

fn full() -> bool {
    std::env::var_os("LLRS_FULL_CORPUS").is_some()
}

/// Every bitcode file under `dir` with the text llvm-dis printed for it.
fn cases(dir: &Path, out: &mut Vec<(PathBuf, PathBuf)>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            cases(&p, out);
            continue;
        }
        let name = p.to_string_lossy().into_owned();
        if !name.ends_with(".bc") {
            continue;
        }
        let own = PathBuf::from(format!("{name}.canon"));
        if own.exists() {
            out.push((p, own));
        } else if let Some(text) = name.strip_suffix(".ll.bc") {
            let canon = PathBuf::from(format!("{text}.ll.canon"));
            if canon.exists() {
                out.push((p, canon));
            }
        }
    }
}

/// Whether the text ends with a summary (its last line is `^N = blockcount: M`): only the tail
/// of the file is read.
fn ends_with_summary(f: &Path) -> bool {
    let Ok(mut file) = std::fs::File::open(f) else { return false };
    let len = file.metadata().map(|m| m.len()).unwrap_or(0);
    if file.seek(SeekFrom::Start(len.saturating_sub(256))).is_err() {
        return false;
    }
    let mut tail = Vec::new();
    if file.read_to_end(&mut tail).is_err() {
        return false;
    }
    let tail = tail.strip_suffix(b"\n").unwrap_or(&tail);
    let last = tail.rsplit(|&b| b == b'\n').next().unwrap_or_default();
    last.starts_with(b"^") && last.windows(12).any(|w| w == b" blockcount:")
}

/// The summary lines of a module's text.
fn summary_lines(text: &[u8]) -> Vec<String> {
    text.split(|&b| b == b'\n')
        .filter(|l| l.starts_with(b"^"))
        .map(|l| String::from_utf8_lossy(l).into_owned())
        .collect()
}

/// The summary lines llrs prints for `bytes` read as the file `name`, and whether the module
/// had to be left out (read alone).
fn printed(bytes: &[u8], name: &str) -> Result<(Vec<String>, bool), String> {
    if let Ok(m) = llrs_bitcode::read_named(bytes, name) {
        return Ok((summary_lines(&llrs_asm::print_module(&m)), false));
    }
    let mods = llrs_bitcode::reader::modules(bytes).map_err(|e| e.to_string())?;
    let src = mods.first().ok_or("no module")?;
    let mut m = llrs_ir::Module::default();
    if let Some(idx) = llrs_bitcode::summary::read(src, name).map_err(|e| e.to_string())? {
        m.summary = idx;
    }
    Ok((summary_lines(&llrs_asm::print_module(&m)), true))
}

#[test]
fn summaries_print_as_llvm_dis_prints_them() {
    let root = corpus();
    let mut all = Vec::new();
    for sub in ["llvm-test", "bitcode"] {
        cases(&root.join(sub), &mut all);
    }
    all.sort();
    let stride = if cfg!(debug_assertions) { 50 } else { 10 };
    let (mut with, mut alone, mut without) = (0usize, 0usize, 0usize);
    let mut wrong = Vec::new();
    for (i, (bc, canon)) in all.iter().enumerate() {
        let has = ends_with_summary(canon);
        if !has && !full() && i % stride != 0 {
            continue;
        }
        let want = if has { summary_lines(&std::fs::read(canon).expect("read")) } else { Vec::new() };
        let bytes = std::fs::read(bc).expect("read");
        let name = bc.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        match printed(&bytes, &name) {
            Ok((got, read_alone)) => {
                if got != want {
                    let first = want.iter().zip(&got).find(|(w, g)| w != g);
                    let why = match first {
                        Some((w, g)) => format!("want {w}\n  got  {g}"),
                        None => format!("want {} summary lines, got {}", want.len(), got.len()),
                    };
                    wrong.push(format!("{}: {why}", bc.display()));
                }
                if has {
                    with += 1;
                    alone += usize::from(read_alone);
                } else {
                    without += 1;
                }
            }
            // The module's own errors are not the summary's; with a summary, it must read.
            Err(e) if has => wrong.push(format!("{}: {e}", bc.display())),
            Err(_) => {}
        }
    }
    eprintln!(
        "{with} summaries ({alone} read without their module), {without} files without one; {} wrong",
        wrong.len()
    );
    assert!(wrong.is_empty(), "{} files differ:\n{}", wrong.len(), wrong.join("\n"));
}
