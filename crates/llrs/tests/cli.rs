//! End-to-end checks of the `llrs` binary: exit status, stdout and stderr as a user sees them.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn llrs(args: &[&str], cwd: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_llrs")).args(args).current_dir(cwd).output().expect("run the llrs binary")
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The README's first command. (That the example prints back unchanged is checked by the corpus
/// harness, as `identity::examples/hello.ll`.)
#[test]
fn fmt_prints_the_example() {
    let out = llrs(&["fmt", "examples/hello.ll"], &repo_root());
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "llrs fmt examples/hello.ll failed:\n{stderr}");
    assert!(
        stdout.starts_with("; ModuleID = 'examples/hello.ll'\n"),
        "stdout starts with:\n{}",
        stdout.chars().take(200).collect::<String>()
    );
}

#[test]
fn fmt_prints_machine_ir() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    std::fs::write(
        dir.join("cli-test.mir"),
        "--- |\n  define void @f() {\n    ret void\n  }\n...\n---\nname: f\n...\n",
    )
    .expect("write a .mir file");
    let out = llrs(&["fmt", "cli-test.mir"], dir);
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("--- |\n  ; ModuleID = 'cli-test.mir'\n"), "{stdout}");
    assert!(stdout.contains("\n---\nname:            f\n"), "{stdout}");
    std::fs::write(dir.join("cli-bad.mir"), "---\nalignment: 4\n...\n").expect("write a .mir file");
    let out = llrs(&["fmt", "cli-bad.mir"], dir);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).starts_with("cli-bad.mir:2:1: error: missing required key 'name'\n"));
}

#[test]
fn fmt_reports_a_missing_file() {
    let out = llrs(&["fmt", "no-such-file.ll"], &repo_root());
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(stderr.starts_with("llrs: error: could not open no-such-file.ll: "), "{stderr}");
}

#[test]
fn fmt_rejects_bad_input_in_llvm_form() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    std::fs::write(dir.join("cli-test-bad.ll"), "define void @f() {\n  ret i32 \n").expect("write a .ll file");
    let out = llrs(&["fmt", "cli-test-bad.ll"], dir);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    let first = stderr.lines().next().unwrap_or_default();
    let rest = first.strip_prefix("cli-test-bad.ll:").unwrap_or_else(|| panic!("stderr: {stderr}"));
    let mut parts = rest.splitn(3, ':');
    let line: u32 = parts.next().and_then(|s| s.parse().ok()).unwrap_or_else(|| panic!("stderr: {stderr}"));
    let col: u32 = parts.next().and_then(|s| s.parse().ok()).unwrap_or_else(|| panic!("stderr: {stderr}"));
    assert!(line >= 1 && col >= 1);
    assert!(parts.next().is_some_and(|m| m.starts_with(" error: ")), "stderr: {stderr}");
}

#[test]
fn help_and_version() {
    let root = repo_root();
    let help = llrs(&["--help"], &root);
    assert!(help.status.success());
    assert!(text(&help.stdout).contains("fmt") && text(&help.stdout).contains("verify"));
    let version = llrs(&["--version"], &root);
    assert!(version.status.success());
    assert_eq!(text(&version.stdout), format!("llrs {} (matches LLVM 22.1)\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn unknown_command_is_a_usage_error() {
    let out = llrs(&["frobnicate"], &repo_root());
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("'frobnicate'"), "{}", text(&out.stderr));
}

#[test]
fn verify_is_silent_on_a_valid_module() {
    let out = llrs(&["verify", "examples/hello.ll"], &repo_root());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty() && out.stderr.is_empty());
}

#[test]
fn verify_prints_llvm_s_report_and_fails() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let src = "define i32 @f(i32 %a) {\nentry:\n  %x = add i32 %y, 1\n  %y = add i32 %a, 1\n  ret i32 %x\n}\n";
    std::fs::write(dir.join("cli-verify-bad.ll"), src).expect("write a .ll file");
    let out = llrs(&["verify", "cli-verify-bad.ll", "cli-verify-bad.ll"], dir);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let report = "Instruction does not dominate all uses!\n  %y = add i32 %a, 1\n  %x = add i32 %y, 1\n\
        llrs: cli-verify-bad.ll: error: input module is broken!\n";
    assert_eq!(text(&out.stderr), format!("{report}{report}"));
}

#[test]
fn verify_needs_a_file() {
    let out = llrs(&["verify"], &repo_root());
    assert_eq!(out.status.code(), Some(2));
}

/// A scratch folder of its own for a test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("make a scratch folder");
    dir
}

const MESSY: &str = "define   i32 @f(i32 %a) {\n  %b = add i32 %a,   1\n  ret i32 %b\n}\n";

#[test]
fn fmt_writes_to_a_file_with_o() {
    let dir = scratch("fmt-o");
    std::fs::write(dir.join("a.ll"), MESSY).expect("write");
    let out = llrs(&["fmt", "a.ll", "-o", "b.ll"], &dir);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty());
    let b = std::fs::read_to_string(dir.join("b.ll")).expect("b.ll written");
    assert!(b.starts_with("; ModuleID = 'a.ll'\n") && b.contains("%b = add i32 %a, 1\n"), "{b}");
    let two = llrs(&["fmt", "a.ll", "a.ll", "-o", "c.ll"], &dir);
    assert_eq!(two.status.code(), Some(2));
}

#[test]
fn fmt_check_names_files_that_are_not_canonical() {
    let dir = scratch("fmt-check");
    std::fs::write(dir.join("messy.ll"), MESSY).expect("write");
    let canon = llrs(&["fmt", "messy.ll"], &dir);
    std::fs::write(dir.join("clean.ll"), &canon.stdout).expect("write");
    let out = llrs(&["fmt", "--check", "clean.ll", "messy.ll"], &dir);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert_eq!(text(&out.stderr), "llrs: messy.ll is not in canonical form\n");
    let ok = llrs(&["fmt", "--check", "clean.ll"], &dir);
    assert_eq!(ok.status.code(), Some(0), "{}", text(&ok.stderr));
}

#[test]
fn fmt_in_place_rewrites_only_files_that_read() {
    let dir = scratch("fmt-in-place");
    std::fs::write(dir.join("messy.ll"), MESSY).expect("write");
    std::fs::write(dir.join("bad.ll"), "define void @f( {\n").expect("write");
    let out = llrs(&["fmt", "-i", "messy.ll", "bad.ll"], &dir);
    assert_eq!(out.status.code(), Some(1));
    let messy = std::fs::read_to_string(dir.join("messy.ll")).expect("read");
    assert!(messy.contains("%b = add i32 %a, 1\n"), "{messy}");
    assert_eq!(std::fs::read_to_string(dir.join("bad.ll")).expect("read"), "define void @f( {\n");
    let leftovers = std::fs::read_dir(&dir).expect("list").count();
    assert_eq!(leftovers, 2, "no temporary file is left");
    let again = llrs(&["fmt", "--check", "messy.ll"], &dir);
    assert_eq!(again.status.code(), Some(0), "{}", text(&again.stderr));
}

#[test]
fn bitcode_is_refused_without_printing_it() {
    let dir = scratch("bitcode");
    std::fs::write(dir.join("x.bc"), b"BC\xC0\xDE\x35\x14\x00\x00\x05\x00\x00\x00").expect("write");
    for cmd in ["fmt", "verify"] {
        let out = llrs(&[cmd, "x.bc"], &dir);
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(text(&out.stderr), "llrs: error: x.bc: LLVM bitcode is not supported yet\n");
    }
}

#[test]
fn fmt_prints_several_files_in_turn() {
    let dir = scratch("fmt-several");
    std::fs::write(dir.join("a.ll"), "@a = global i32 0\n").expect("write");
    std::fs::write(dir.join("b.ll"), "@b = global i32 1\n").expect("write");
    let out = llrs(&["fmt", "a.ll", "b.ll"], &dir);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let (a, b) = (stdout.find("; ModuleID = 'a.ll'"), stdout.find("; ModuleID = 'b.ll'"));
    assert!(a.is_some() && b.is_some() && a < b, "{stdout}");
}

#[test]
fn completions_for_a_shell() {
    let out = llrs(&["completions", "bash"], &repo_root());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let script = text(&out.stdout);
    assert!(script.contains("llrs") && script.contains("verify") && script.contains("--in-place"), "{script}");
    let bad = llrs(&["completions", "cmd.exe"], &repo_root());
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn json_diagnostics_one_object_per_line() {
    let dir = scratch("json");
    std::fs::write(dir.join("bad.ll"), "define void @f() {\n  ret i32 \n").expect("write");
    let src = "define i32 @f(i32 %a) {\nentry:\n  %x = add i32 %y, 1\n  %y = add i32 %a, 1\n  ret i32 %x\n}\n";
    std::fs::write(dir.join("broken.ll"), src).expect("write");
    let out = llrs(&["fmt", "--message-format", "json", "bad.ll"], &dir);
    assert_eq!(out.status.code(), Some(1));
    let line = text(&out.stderr);
    assert!(line.starts_with("{\"column\":1,\"file\":\"bad.ll\",\"line\":3,"), "{line}");
    assert!(line.contains("\"severity\":\"error\"") && line.ends_with("}\n"), "{line}");
    let out = llrs(&["--message-format", "json", "verify", "broken.ll"], &dir);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "{\"file\":\"broken.ll\",\"message\":\"Instruction does not dominate all uses!\",\"severity\":\"error\",\
         \"values\":[\"  %y = add i32 %a, 1\",\"  %x = add i32 %y, 1\"]}\n"
    );
}
