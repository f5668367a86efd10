//! Corpus-driven check of the container: for every 7th `X.mir` of `target/corpus/mir` that has
//! an `X.mir.canon`, the printed file must equal llc's outside the `body:` blocks (the body is
//! printed as written until the body printer is merged), and every `X.mir` with an
//! `X.mir.parse-error` of the YAML/MIRParser kinds in `target/corpus/mir-mutants` must be
//! rejected. Skips with a warning when the corpus is missing.

use std::fs;

mod common;
use common::{corpus, files};

/// The text without the bodies' lines and the module's `; ModuleID` line.
fn outside_body(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut in_body = false;
    for line in text.split('\n') {
        if line.starts_with("  ; ModuleID = ") {
            continue;
        }
        if line.starts_with("body:") {
            in_body = true;
            out.push("body:");
            continue;
        }
        if in_body && (line.starts_with("  ") || line.is_empty()) {
            continue;
        }
        in_body = false;
        out.push(line);
    }
    out
}

#[test]
fn container_matches_llc_outside_bodies() {
    let Some(root) = corpus() else {
        eprintln!("warning: target/corpus/mir is missing: corpus test skipped");
        return;
    };
    let mut all = Vec::new();
    files(&root.join("mir"), &mut all);
    let mut failures = Vec::new();
    let mut n = 0;
    for p in all.iter().filter(|p| p.with_extension("mir.canon").exists()).step_by(7) {
        n += 1;
        let src = fs::read_to_string(p).expect("read");
        let want = fs::read_to_string(p.with_extension("mir.canon")).expect("read");
        let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("x.mir");
        match llrs_mir::parse(&src, name) {
            Ok(f) => {
                let got = llrs_mir::print(&f);
                if outside_body(&got) != outside_body(&want) {
                    failures.push(p.display().to_string());
                }
            }
            Err(e) => failures.push(format!("{}: {e}", p.display())),
        }
    }
    assert!(n > 0, "no file with a canon under {}", root.display());
    assert!(failures.is_empty(), "{} of {n} differ outside bodies: {failures:#?}", failures.len());
}

#[test]
fn container_errors_are_rejected() {
    let Some(root) = corpus() else {
        eprintln!("warning: target/corpus/mir-mutants is missing: corpus test skipped");
        return;
    };
    let mut all = Vec::new();
    files(&root.join("mir-mutants"), &mut all);
    let kinds = ["yaml-missing-name", "yaml-dup-key", "yaml-unknown-key", "reg-dup-id", "frameinfo-bad-value"];
    let mut failures = Vec::new();
    for p in &all {
        let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if !kinds.iter().any(|k| name.contains(&format!(".{k}."))) {
            continue;
        }
        let Ok(want) = fs::read_to_string(p.with_extension("mir.parse-error")) else { continue };
        let src = fs::read_to_string(p).expect("read");
        match llrs_mir::parse(&src, name) {
            Ok(_) => failures.push(format!("{name}: accepted, want {want}")),
            Err(e) => {
                let got = match e.pos {
                    Some((l, c)) => format!("{l}:{c}: {}", e.message),
                    None => format!("error: {}", e.message),
                };
                if got.trim() != want.trim() {
                    failures.push(format!("{name}: got {got}, want {want}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}
