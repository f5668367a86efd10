//! Corpus-driven check of reading a YAML stream in parts (`yaml::split`): for every `.mir` of
//! `target/corpus/mir` and `target/corpus/mir-mutants`, the parts that read alone give the
//! documents, marks included, that the whole stream gives; and where the whole stream reads
//! without error, so do almost all parts. Skips with a warning when the corpus is missing.

use std::fs;

use llrs_mir::yaml::split::{read_part, split_documents};
use llrs_mir::yaml::tree::{DocReader, Node};

mod common;
use common::{corpus, files};

/// The stream's documents up to its first syntax error, and whether it had one.
fn whole(src: &str) -> (Vec<Node>, bool) {
    let mut r = DocReader::new(src);
    let mut out = Vec::new();
    loop {
        match r.next_document() {
            Ok(Some(d)) => out.push(d.root),
            Ok(None) => return (out, false),
            Err(_) => return (out, true),
        }
    }
}

#[test]
fn parts_read_as_the_whole_stream() {
    let Some(root) = corpus() else {
        eprintln!("warning: target/corpus is missing: corpus test skipped");
        return;
    };
    let mut all = Vec::new();
    files(&root.join("mir"), &mut all);
    files(&root.join("mir-mutants"), &mut all);
    let (mut cut, mut well_formed, mut gave_up) = (0, 0, 0);
    let mut failures = Vec::new();
    for p in &all {
        let Ok(src) = fs::read_to_string(p) else { continue };
        let Some(parts) = split_documents(&src) else { continue };
        let (docs, error) = whole(&src);
        let mut joined = Vec::new();
        let mut all_read = true;
        for (i, part) in parts.iter().enumerate() {
            match read_part(&src, part, i + 1 == parts.len()) {
                Some(d) => joined.extend(d.into_iter().map(|d| d.root)),
                None => {
                    all_read = false;
                    break;
                }
            }
        }
        cut += usize::from(parts.len() > 1);
        if !error {
            well_formed += 1;
            gave_up += usize::from(!all_read);
        }
        // Parts read alone are what the stream gives there.
        let n = joined.len().min(docs.len());
        if joined[..n] != docs[..n] || (all_read && !error && joined.len() != docs.len()) {
            failures.push(p.display().to_string());
        }
    }
    assert!(
        failures.is_empty(),
        "{} files read differently in parts: {:?}",
        failures.len(),
        &failures[..failures.len().min(10)]
    );
    assert!(cut > 1000, "only {cut} files were cut in parts");
    assert!(gave_up * 100 <= well_formed, "{gave_up} of {well_formed} well-formed files could not be read in parts");
}
