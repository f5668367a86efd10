//! The corpus harness: one test per file of the reference corpus (`../shared/corpus`, unpacked into
//! `target/corpus` by `../shared/tools/corpus target/corpus`), checked against LLVM 22's verdicts.
//!
//! Tests, named `KIND::RELPATH` with RELPATH relative to `target/corpus`:
//! - `identity::X.ll`: printing the parse of `X.ll.canon` gives `X.ll.canon` back (or `X.ll.canon2`);
//! - `canon::X.ll`: printing the parse of `X.ll` gives `X.ll.canon`;
//! - `reject::X.ll`: where LLVM rejects `X.ll` (`X.ll.parse-error`), so does llrs;
//! - `verify::X.ll`: where LLVM's verifier rejects `X.ll` (`X.ll.verify-error`), so does llrs,
//!   with LLVM's first message; `verifyreport::X.ll`: with LLVM's whole report (messages and the
//!   values they name, as the conformance tool compares them);
//! - `mircanon::X.mir`: `llrs fmt X.mir` prints `X.mir.canon`; `miridentity::X.mir`: printing
//!   `X.mir.canon` gives it back (or `X.mir.canon2`); `mirreject::X.mir`: where llc rejects
//!   `X.mir` (`X.mir.parse-error`), so does llrs; `nocrash::X.mir`: `llrs fmt X.mir` does not
//!   panic;
//! - `bcread::X.ll.bc` / `bcread::X.bc`: `llrs fmt` of the bitcode prints `X.ll.bc.canon` (else
//!   `X.ll.canon`) / `X.bc.canon`; `bcreject::X.bc`: where `llvm-dis` rejects `X.bc`
//!   (`X.bc.error`), so does llrs (the messages are the conformance tool's to compare);
//! - `warnings::X.ll`: where LLVM reads `X.ll` with warnings on stderr (`X.ll.verify-warning`:
//!   invalid debug info dropped, with the verifier's report of it), `llrs fmt X.ll` prints the
//!   same lines;
//! - `identity::examples/X.ll`: the project's examples are canonical: printing one gives it back.
//!
//! The `; ModuleID` line is never compared. The library is called directly (no subprocess).
//!
//! Expected failures: `tests/known-failures.txt` lists tests that fail today, one name per line
//! (`#` starts a comment line). A listed test that fails is reported as ignored; a listed test that
//! passes fails the run until it is removed from the list, so the list only shrinks.
//!
//! Environment:
//! - `LLRS_FULL_CORPUS=1`: run every file; by default only a quick, deterministic subset runs
//!   (every 10th file of `llvm-test`, `mir`, `mir-mutants`, `verify-mutants`, `parse-mutants` and `bitcode` by sorted path, and
//!   `programs/rust-regex.ll` and its bitcode).
//! - `LLRS_UPDATE_KNOWN_FAILURES=1`: instead of failing, rewrite the list with the tests that fail
//!   now (entries for tests that did not run this time are kept).
//! - `LLRS_CORPUS_DIR=DIR`: read the corpus from DIR instead of `target/corpus`.

use std::cell::RefCell;
use std::collections::{BTreeSet, HashSet};
use std::fs;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};

use libtest_mimic::{Arguments, Completion, Failed, Trial};

/// The corpus folders, relative to `target/corpus`.
const SUITES: [&str; 7] = ["llvm-test", "programs", "mir", "mir-mutants", "verify-mutants", "parse-mutants", "bitcode"];
/// In the quick subset: every n-th file of `llvm-test` and `mir`.
const SUBSET_STRIDE: usize = 10;
/// In the quick subset: the only file of `programs` (the smallest; the others are for benchmarks).
const SUBSET_PROGRAM: &str = "programs/rust-regex.ll";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Identity,
    Canon,
    Reject,
    NoCrash,
    /// The verifier rejects the file with LLVM's first message.
    Verify,
    /// The verifier rejects the file with LLVM's whole report.
    VerifyReport,
    /// A file of `examples/`, canonical itself: printing its parse gives it back.
    SelfIdentity,
    /// `llrs fmt X.mir` prints `X.mir.canon`.
    MirCanon,
    /// `llrs fmt X.mir.canon` prints it back (or `X.mir.canon2`).
    MirIdentity,
    /// llc rejects `X.mir`, and so does llrs.
    MirReject,
    /// `llrs fmt` of bitcode prints what `llvm-dis` prints.
    BcRead,
    /// `llvm-dis` rejects the bitcode, and so does llrs.
    BcReject,
    /// `llrs fmt X.ll` prints on stderr what LLVM does (`X.ll.verify-warning`).
    Warnings,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Identity | Kind::SelfIdentity => "identity",
            Kind::Canon => "canon",
            Kind::Reject => "reject",
            Kind::NoCrash => "nocrash",
            Kind::Verify => "verify",
            Kind::VerifyReport => "verifyreport",
            Kind::MirCanon => "mircanon",
            Kind::MirIdentity => "miridentity",
            Kind::MirReject => "mirreject",
            Kind::BcRead => "bcread",
            Kind::BcReject => "bcreject",
            Kind::Warnings => "warnings",
        }
    }
}

/// One test: a kind of check on one input file.
struct Case {
    kind: Kind,
    /// Path relative to `target/corpus`, with `/` separators: the test's name after `KIND::`.
    rel: String,
    /// The input file (`X.ll` or `X.mir`).
    path: PathBuf,
}

impl Case {
    fn name(&self) -> String {
        format!("{}::{}", self.kind.name(), self.rel)
    }
}

fn main() -> ExitCode {
    let args = Arguments::from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let root = root.canonicalize().unwrap_or(root);
    let corpus = std::env::var_os("LLRS_CORPUS_DIR").map_or_else(|| root.join("target/corpus"), PathBuf::from);
    let list_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/known-failures.txt");

    let full = env_flag("LLRS_FULL_CORPUS");
    let update = env_flag("LLRS_UPDATE_KNOWN_FAILURES");
    let list_text = fs::read_to_string(&list_path).unwrap_or_default();
    let known: Arc<HashSet<String>> = Arc::new(parse_list(&list_text).into_iter().collect());

    let mut cases = collect_examples(&root);
    let mut trials = Vec::new();
    let have_corpus = SUITES.iter().any(|suite| corpus.join(suite).is_dir());
    if have_corpus {
        let corpus_cases = collect_cases(&corpus, full);
        if !full {
            println!(
                "corpus: the quick subset, {} tests (LLRS_FULL_CORPUS=1 runs the whole corpus)",
                corpus_cases.len()
            );
        }
        cases.extend(corpus_cases);
    } else {
        println!(
            "corpus tests skipped: no corpus at {} (from the repository root, run `../shared/tools/corpus target/corpus`; it needs ../shared)",
            corpus.display()
        );
        trials.push(Trial::test("corpus::missing", || Ok(())).with_ignored_flag(true));
    }
    let names: HashSet<String> = cases.iter().map(Case::name).collect();

    install_quiet_panic_hook();
    let ran: Arc<Mutex<Vec<(String, bool)>>> = Arc::default();
    trials.extend(cases.into_iter().map(|case| {
        let (known, ran) = (Arc::clone(&known), Arc::clone(&ran));
        Trial::ignorable_test(case.name(), move || {
            let name = case.name();
            let result = run_case(&case);
            ran.lock().unwrap_or_else(|e| e.into_inner()).push((name.clone(), result.is_ok()));
            conclude(known.contains(&name), update, result)
        })
    }));
    if full && have_corpus && !update {
        // Every test is registered: a listed name that matches none is stale.
        let stale: Vec<String> = known.iter().filter(|name| !names.contains(*name)).cloned().collect();
        trials.push(Trial::test("known-failures::stale-entries", move || {
            if stale.is_empty() {
                return Ok(());
            }
            let mut stale = stale;
            stale.sort();
            Err(format!(
                "{} entries of tests/known-failures.txt name no corpus test (first: {}); \
                 remove them, or run with LLRS_FULL_CORPUS=1 LLRS_UPDATE_KNOWN_FAILURES=1",
                stale.len(),
                stale[0]
            )
            .into())
        }));
    }

    let conclusion = libtest_mimic::run(&args, trials);

    if update && !args.list {
        let ran = ran.lock().unwrap_or_else(|e| e.into_inner());
        let ran_names: HashSet<&str> = ran.iter().map(|(name, _)| name.as_str()).collect();
        let mut list: BTreeSet<String> = known
            .iter()
            .filter(|name| !ran_names.contains(name.as_str()) && (!full || names.contains(*name)))
            .cloned()
            .collect();
        list.extend(ran.iter().filter(|(_, ok)| !ok).map(|(name, _)| name.clone()));
        let added = list.iter().filter(|name| !known.contains(*name)).count();
        let removed = known.iter().filter(|name| !list.contains(*name)).count();
        let mut text = list_header(&list_text);
        for name in &list {
            text.push_str(name);
            text.push('\n');
        }
        if let Err(err) = fs::write(&list_path, text) {
            eprintln!("error: could not write {}: {err}", list_path.display());
            return ExitCode::FAILURE;
        }
        println!("known failures: {} listed in {} ({added} added, {removed} removed)", list.len(), list_path.display());
    }
    conclusion.exit_code()
}

fn env_flag(name: &str) -> bool {
    std::env::var_os(name).is_some_and(|v| !v.is_empty() && v != "0")
}

/// The test names of a known-failures list: one per line, `#` comment lines and blank lines skipped.
fn parse_list(text: &str) -> Vec<String> {
    text.lines().map(str::trim).filter(|line| !line.is_empty() && !line.starts_with('#')).map(str::to_string).collect()
}

/// The comment lines at the top of the list, kept when it is rewritten.
fn list_header(text: &str) -> String {
    let mut header: String = text
        .lines()
        .take_while(|line| line.trim().is_empty() || line.starts_with('#'))
        .filter(|line| line.starts_with('#'))
        .map(|line| format!("{line}\n"))
        .collect();
    if header.is_empty() {
        header = "\
# Corpus tests that are known to fail (see tests/corpus.rs), one test name per line. A listed test
# that fails is reported as ignored; a listed test that passes fails the run: remove its line.
# Rewrite with: LLRS_UPDATE_KNOWN_FAILURES=1 cargo test --release --test corpus
# (that keeps the lines of tests it did not run; add LLRS_FULL_CORPUS=1 to cover the whole corpus).
"
        .to_string();
    }
    header
}

/// A test's outcome from its check's result and whether it is a known failure.
fn conclude(known: bool, update: bool, result: Result<(), String>) -> Result<Completion, Failed> {
    match (result, known) {
        (Ok(()), false) => Ok(Completion::Completed),
        (Ok(()), true) if update => Ok(Completion::Completed),
        (Ok(()), true) => {
            Err("this known failure passes now: remove its line from crates/llrs/tests/known-failures.txt \
             (or run with LLRS_UPDATE_KNOWN_FAILURES=1)"
                .into())
        }
        (Err(_), true) => Ok(Completion::ignored_with("known failure")),
        (Err(_), false) if update => Ok(Completion::ignored_with("failing: added to known-failures.txt")),
        (Err(message), false) => Err(message.into()),
    }
}

// ---------------------------------------------------------------------------------------------
// Finding the tests

/// The `.ll` files of the project's `examples/`, each its own canonical form.
fn collect_examples(root: &Path) -> Vec<Case> {
    let mut cases: Vec<Case> = fs::read_dir(root.join("examples"))
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            name.ends_with(".ll").then(|| Case {
                kind: Kind::SelfIdentity,
                rel: format!("examples/{name}"),
                path: entry.path(),
            })
        })
        .collect();
    cases.sort_by(|a, b| a.rel.cmp(&b.rel));
    cases
}

/// All tests of the corpus at `corpus` (or of its quick subset), in a fixed order.
fn collect_cases(corpus: &Path, full: bool) -> Vec<Case> {
    let mut cases = Vec::new();
    for suite in SUITES {
        let mut files = Vec::new();
        walk(&corpus.join(suite), suite, &mut files);
        files.sort_by(|a, b| a.0.cmp(&b.0));
        let mut inputs: Vec<(String, PathBuf, Vec<Kind>)> = Vec::new();
        for (rel, path, siblings) in files {
            let kinds = kinds_of(&rel, &siblings);
            if !kinds.is_empty() {
                inputs.push((rel, path, kinds));
            }
        }
        for (index, (rel, path, kinds)) in inputs.into_iter().enumerate() {
            let chosen = full
                || match suite {
                    "programs" => rel.strip_suffix(".bc").unwrap_or(&rel) == SUBSET_PROGRAM,
                    _ => index % SUBSET_STRIDE == 0,
                };
            if chosen {
                cases.extend(kinds.into_iter().map(|kind| Case { kind, rel: rel.clone(), path: path.clone() }));
            }
        }
    }
    cases
}

/// The checks that apply to the file `rel`, given the names of the files beside it.
fn kinds_of(rel: &str, siblings: &HashSet<String>) -> Vec<Kind> {
    let name = rel.rsplit('/').next().unwrap_or(rel);
    if name.ends_with(".mir") {
        return if siblings.contains(&format!("{name}.canon")) {
            vec![Kind::MirIdentity, Kind::MirCanon, Kind::NoCrash]
        } else if siblings.contains(&format!("{name}.parse-error")) {
            vec![Kind::MirReject, Kind::NoCrash]
        } else {
            vec![Kind::NoCrash]
        };
    }
    if name.ends_with(".bc") {
        let canon = siblings.contains(&format!("{name}.canon"))
            || name.strip_suffix(".bc").is_some_and(|ll| siblings.contains(&format!("{ll}.canon")));
        return if canon {
            vec![Kind::BcRead]
        } else if siblings.contains(&format!("{name}.error")) {
            vec![Kind::BcReject]
        } else {
            Vec::new()
        };
    }
    if !name.ends_with(".ll") {
        return Vec::new();
    }
    let mut kinds = if siblings.contains(&format!("{name}.canon")) {
        vec![Kind::Identity, Kind::Canon]
    } else if siblings.contains(&format!("{name}.parse-error")) {
        vec![Kind::Reject]
    } else if siblings.contains(&format!("{name}.verify-error")) {
        vec![Kind::Verify, Kind::VerifyReport]
    } else {
        Vec::new()
    };
    if siblings.contains(&format!("{name}.verify-warning")) {
        kinds.push(Kind::Warnings);
    }
    kinds
}

/// Every file under `dir` as (path relative to the corpus, path, names of the files beside it).
fn walk(dir: &Path, rel: &str, out: &mut Vec<(String, PathBuf, Arc<HashSet<String>>)>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    let mut files = Vec::new();
    let mut subdirs = Vec::new();
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        match entry.file_type() {
            Ok(t) if t.is_dir() => subdirs.push((name, entry.path())),
            Ok(_) => files.push((name, entry.path())),
            Err(_) => {}
        }
    }
    let siblings: Arc<HashSet<String>> = Arc::new(files.iter().map(|(name, _)| name.clone()).collect());
    for (name, path) in files {
        out.push((format!("{rel}/{name}"), path, Arc::clone(&siblings)));
    }
    for (name, path) in subdirs {
        walk(&path, &format!("{rel}/{name}"), out);
    }
}

// ---------------------------------------------------------------------------------------------
// Running a test

fn run_case(case: &Case) -> Result<(), String> {
    LAST_PANIC.with(|p| p.borrow_mut().take());
    IN_CHECK.with(|c| *c.borrow_mut() = true);
    let outcome = panic::catch_unwind(AssertUnwindSafe(|| check(case)));
    IN_CHECK.with(|c| *c.borrow_mut() = false);
    match outcome {
        Ok(result) => result,
        Err(payload) => {
            let message = LAST_PANIC.with(|p| p.borrow_mut().take()).unwrap_or_else(|| {
                payload
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a panic".to_string())
            });
            Err(format!("panicked: {message}"))
        }
    }
}

fn check(case: &Case) -> Result<(), String> {
    let input = &case.path;
    // The file name as `llrs fmt` sees it when run in the file's folder, as the conformance tool
    // does: LLVM names a module without `source_filename` after it.
    let name = input.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    match case.kind {
        Kind::Identity => {
            let canon = with_suffix(input, ".canon");
            let canon2 = with_suffix(input, ".canon2");
            let src = read(&canon)?;
            let got = print(&src, &format!("{name}.canon"))?;
            if canon2.exists() {
                compare(&got, &read(&canon2)?, &canon2)
            } else {
                compare(&got, &src, &canon)
            }
        }
        Kind::Canon => {
            let canon = with_suffix(input, ".canon");
            let got = print(&read(input)?, &name)?;
            compare(&got, &read(&canon)?, &canon)
        }
        Kind::Reject => match llrs::asm::parse_module(&read(input)?, &name) {
            Err(_) => Ok(()),
            Ok(_) => {
                let reference = fs::read_to_string(with_suffix(input, ".parse-error")).unwrap_or_default();
                Err(format!("accepted, but LLVM rejects it: {}", reference.lines().next().unwrap_or("")))
            }
        },
        Kind::SelfIdentity => {
            let src = read(input)?;
            compare(&print(&src, &name)?, &src, input)
        }
        Kind::Verify | Kind::VerifyReport => {
            let want = report_lines(&String::from_utf8_lossy(&read(&with_suffix(input, ".verify-error"))?));
            let got = match llrs::cli::fmt::load_source(&read(input)?, &name) {
                Ok(_) => return Err(format!("accepted, but LLVM's verifier rejects it: {}", first(&want))),
                Err(llrs::cli::fmt::FmtError::Verify { warnings, messages, .. }) => {
                    let text: Vec<String> = warnings.into_iter().chain(messages).collect();
                    report_lines(&text.join("\n"))
                }
                Err(err) => return Err(format!("rejected while parsing: {err}")),
            };
            if case.kind == Kind::Verify {
                return if first(&got) == first(&want) {
                    Ok(())
                } else {
                    Err(format!("first message: want {:?}, got {:?}", first(&want), first(&got)))
                };
            }
            match got.iter().zip(&want).position(|(g, w)| g != w) {
                Some(k) => Err(format!("report line {}: want {:?}, got {:?}", k + 1, want[k], got[k])),
                None if got.len() != want.len() => Err(format!("report: want {} lines, got {}", want.len(), got.len())),
                None => Ok(()),
            }
        }
        Kind::MirCanon => {
            let canon = with_suffix(input, ".canon");
            let got = llrs::cli::mir::format(read(input)?, &name, false).0.map_err(|e| format!("rejected: {e}"))?;
            compare_mir(&got, &read(&canon)?, &canon)
        }
        Kind::MirIdentity => {
            let canon = with_suffix(input, ".canon");
            let canon2 = with_suffix(input, ".canon2");
            let src = read(&canon)?;
            let got = llrs::cli::mir::format(src.clone(), &format!("{name}.canon"), false)
                .0
                .map_err(|e| format!("rejected: {e}"))?;
            if canon2.exists() {
                compare_mir(&got, &read(&canon2)?, &canon2)
            } else {
                compare_mir(&got, &src, &canon)
            }
        }
        Kind::MirReject => match llrs::cli::mir::format(read(input)?, &name, false).0 {
            Err(_) => Ok(()),
            Ok(_) => {
                let reference = fs::read_to_string(with_suffix(input, ".parse-error")).unwrap_or_default();
                Err(format!("accepted, but llc rejects it: {}", reference.lines().next().unwrap_or("")))
            }
        },
        Kind::BcRead => {
            let canon = match with_suffix(input, ".canon") {
                own if own.exists() => own,
                _ => input.with_extension("canon"),
            };
            let got = read_bitcode(&read(input)?, &name).map_err(|e| format!("rejected: {e}"))?;
            compare(&got, &read(&canon)?, &canon)
        }
        Kind::BcReject => match read_bitcode(&read(input)?, &name) {
            Err(_) => Ok(()),
            Ok(_) => {
                let reference = fs::read_to_string(with_suffix(input, ".error")).unwrap_or_default();
                Err(format!("accepted, but llvm-dis rejects it: {}", reference.lines().next().unwrap_or("")))
            }
        },
        Kind::Warnings => {
            let reference = with_suffix(input, ".verify-warning");
            let want = read(&reference)?;
            let got = match llrs::cli::fmt::load_source(&read(input)?, &name) {
                Ok(loaded) => loaded.warnings.iter().map(|w| format!("{w}\n")).collect::<String>(),
                Err(err) => return Err(format!("rejected, but LLVM reads it with warnings: {err}")),
            };
            compare_stderr(got.as_bytes(), &want, &reference)
        }
        Kind::NoCrash => {
            // Any result will do; only a panic fails.
            let src = read(input)?;
            if llrs::cli::mir::is_mir(&name, &src) {
                let _ = llrs::cli::mir::format(src, &name, false);
            } else {
                let _ = llrs::cli::fmt::format_source(&src, &name);
            }
            Ok(())
        }
    }
}

/// Compares what `llrs fmt` prints on stderr with LLVM's (the whole text, byte for byte).
fn compare_stderr(got: &[u8], want: &[u8], reference: &Path) -> Result<(), String> {
    if got == want {
        return Ok(());
    }
    let (got, want) = (String::from_utf8_lossy(got), String::from_utf8_lossy(want));
    let (g, w): (Vec<&str>, Vec<&str>) = (got.lines().collect(), want.lines().collect());
    let k = g.iter().zip(&w).position(|(a, b)| a != b).unwrap_or(g.len().min(w.len()));
    let line = |v: &[&str]| v.get(k).map_or("(end)".to_string(), |l| clip(l.as_bytes()));
    Err(format!(
        "stderr differs from {} at line {}: want {:?}, got {:?}",
        reference.display(),
        k + 1,
        line(&w),
        line(&g)
    ))
}

/// Compares Machine IR output with llc's, the embedded module's `; ModuleID` lines aside.
fn compare_mir(got: &[u8], want: &[u8], reference: &Path) -> Result<(), String> {
    if llrs::cli::mir::same_text(got, want) {
        return Ok(());
    }
    let (g, w) = (String::from_utf8_lossy(got), String::from_utf8_lossy(want));
    let line = g.lines().zip(w.lines()).position(|(a, b)| a != b).unwrap_or(g.lines().count().min(w.lines().count()));
    Err(format!(
        "differs from {} at line {}: want {:?}, got {:?}",
        reference.display(),
        line + 1,
        w.lines().nth(line).unwrap_or(""),
        g.lines().nth(line).unwrap_or("")
    ))
}

/// A verifier report's lines as the conformance tool compares them: up to where LLVM aborted,
/// without blank lines, warnings and the tool's own `llrs...` lines, right-trimmed.
fn report_lines(text: &str) -> Vec<String> {
    text.lines()
        .take_while(|l| {
            !l.starts_with("LLVM ERROR:") && !l.starts_with("PLEASE submit") && !l.starts_with("Stack dump")
        })
        .filter(|l| !l.trim().is_empty() && !l.starts_with("warning:") && !l.trim().starts_with("llrs"))
        .map(|l| l.trim_end().to_string())
        .collect()
}

/// The first line of a report, trimmed (empty when there is none).
fn first(lines: &[String]) -> &str {
    lines.first().map_or("", |l| l.trim())
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

fn read(path: &Path) -> Result<Vec<u8>, String> {
    fs::read(path).map_err(|err| format!("could not read {}: {err}", path.display()))
}

/// Read as `llrs fmt` reads (parse, then drop invalid debug info), then `print`: the module's
/// text without its `; ModuleID` line.
fn print(src: &[u8], file_name: &str) -> Result<Vec<u8>, String> {
    let module = llrs::cli::fmt::parse_source(src, file_name).map_err(|err| err.to_string())?;
    Ok(llrs::asm::print_module(&module))
}

/// Bitcode read as `llrs fmt` reads it (as `llvm-dis`: only `UpgradeDebugInfo`'s check), then
/// printed without the `; ModuleID` line.
fn read_bitcode(bytes: &[u8], file_name: &str) -> Result<Vec<u8>, String> {
    let module = llrs::cli::fmt::read_bitcode(bytes, file_name).map_err(|err| err.to_string())?;
    let (loaded, _) =
        llrs::cli::fmt::check_read_module(module, file_name, true, |_| ()).map_err(|err| err.to_string())?;
    Ok(llrs::asm::print_module(&loaded.module))
}

/// `text` without a first line `; ModuleID = ...`; and how many lines were dropped.
fn strip_module_id(text: &[u8]) -> (&[u8], usize) {
    if text.starts_with(b"; ModuleID = ") {
        match text.iter().position(|&b| b == b'\n') {
            Some(end) => (&text[end + 1..], 1),
            None => (&[], 1),
        }
    } else {
        (text, 0)
    }
}

/// Compares printed text with the reference file's contents (whose ModuleID line is skipped).
fn compare(got: &[u8], reference: &[u8], reference_path: &Path) -> Result<(), String> {
    let (want, offset) = strip_module_id(reference);
    if got == want {
        return Ok(());
    }
    let name = reference_path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let mut got_lines = got.split(|&b| b == b'\n');
    let mut want_lines = want.split(|&b| b == b'\n');
    let mut line = offset;
    loop {
        line += 1;
        match (want_lines.next(), got_lines.next()) {
            (Some(w), Some(g)) if w == g => continue,
            (Some(w), Some(g)) => {
                return Err(format!("{name} line {line}: want {:?}, got {:?}", clip(w), clip(g)));
            }
            (Some(w), None) => {
                return Err(format!("{name} line {line}: want {:?}, got the end of the output", clip(w)))
            }
            (None, Some(g)) => return Err(format!("{name} ends at line {}, got more: {:?}", line - 1, clip(g))),
            (None, None) => return Err(format!("{name}: outputs differ")),
        }
    }
}

fn clip(line: &[u8]) -> String {
    let text = String::from_utf8_lossy(line);
    match text.char_indices().nth(160) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.into_owned(),
    }
}

thread_local! {
    /// The message of the last panic inside a test on this thread, caught by the panic hook.
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
    /// Whether this thread is running a corpus check (whose panics become test failures).
    static IN_CHECK: RefCell<bool> = const { RefCell::new(false) };
}

/// Panics inside checks are reported as the test's failure message, with their location, instead
/// of being printed as they happen (known failures would otherwise flood the output).
fn install_quiet_panic_hook() {
    let default_hook = panic::take_hook();
    panic::set_hook(Box::new(move |info| {
        if IN_CHECK.with(|c| *c.borrow()) {
            let message = info
                .payload()
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| info.payload().downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".to_string());
            let location = info.location().map(|l| format!(" at {}:{}", l.file(), l.line())).unwrap_or_default();
            LAST_PANIC.with(|p| *p.borrow_mut() = Some(format!("{message}{location}")));
        } else {
            default_hook(info);
        }
    }));
}
