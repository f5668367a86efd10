//! End-to-end checks of the `llrs` binary that the file tests (`tests/cmd/`, run by
//! `tests/cmd.rs`) cannot express: files outside the test folder, and what must *not* be left
//! behind.

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

/// A scratch folder of its own for a test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("make a scratch folder");
    dir
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

/// `-i` goes through a temporary file beside the input: none is left behind, whether the file
/// was rewritten or refused.
#[test]
fn fmt_in_place_leaves_no_temporary_file() {
    let dir = scratch("fmt-in-place");
    std::fs::write(dir.join("messy.ll"), "define   i32 @f(i32 %a) {\n  ret i32 %a\n}\n").expect("write");
    std::fs::write(dir.join("bad.ll"), "define void @f( {\n").expect("write");
    let out = llrs(&["fmt", "-i", "messy.ll", "bad.ll"], &dir);
    assert_eq!(out.status.code(), Some(1));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("list")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["bad.ll", "messy.ll"], "no temporary file is left");
    let again = llrs(&["fmt", "--check", "messy.ll"], &dir);
    assert_eq!(again.status.code(), Some(0), "{}", text(&again.stderr));
}

/// `-i` on a symbolic link rewrites the file the link leads to, and the link stays a link (as
/// rustfmt does).
#[cfg(unix)]
#[test]
fn fmt_in_place_follows_a_symlink() {
    let dir = scratch("fmt-in-place-symlink");
    std::fs::create_dir_all(dir.join("real")).expect("mkdir");
    std::fs::write(dir.join("real/m.ll"), "define   i32 @f(i32 %a) {\n  ret i32 %a\n}\n").expect("write");
    std::os::unix::fs::symlink("real/m.ll", dir.join("link.ll")).expect("symlink");
    let out = llrs(&["fmt", "-i", "link.ll"], &dir);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let meta = std::fs::symlink_metadata(dir.join("link.ll")).expect("stat");
    assert!(meta.file_type().is_symlink(), "the link is still a link");
    let target = std::fs::read_to_string(dir.join("real/m.ll")).expect("read");
    assert!(target.contains("define i32 @f(i32 %a) {"), "the target was rewritten:\n{target}");
    let again = llrs(&["fmt", "--check", "real/m.ll"], &dir);
    assert_eq!(again.status.code(), Some(0), "{}", text(&again.stderr));
}

/// `-i` says when the rewrite drops comments of the file (the canonical form is llvm-dis's), and
/// says nothing when there were none to lose.
#[test]
fn fmt_in_place_warns_of_lost_comments() {
    let dir = scratch("fmt-in-place-comments");
    std::fs::write(dir.join("c.ll"), "; RUN: opt %s\ndefine   void @f() {\n  ret void ; done\n}\n").expect("write");
    std::fs::write(dir.join("n.ll"), "define   void @f() {\n  ret void\n}\n").expect("write");
    let out = llrs(&["fmt", "-i", "c.ll"], &dir);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("warning: c.ll: comments are not kept"), "{}", text(&out.stderr));
    let out = llrs(&["fmt", "-i", "n.ll"], &dir);
    assert_eq!((out.status.code(), text(&out.stderr)), (Some(0), String::new()));
}

/// A parse error on a line with bytes that are not ASCII is printed as LLVM prints it: the line
/// as it is (its bytes unchanged), and no caret line.
#[test]
fn parse_error_lines_keep_their_bytes() {
    let dir = scratch("parse-error-bytes");
    std::fs::write(dir.join("b.ll"), b"@x = global i32 \"\xff\"\t\n".as_slice()).expect("write");
    let out = llrs(&["fmt", "b.ll"], &dir);
    assert_eq!(out.status.code(), Some(1));
    let mut want = b"b.ll:1:17: error: expected value token\n@x = global i32 \"\xff\"".to_vec();
    want.extend_from_slice(b"     \n");
    assert_eq!(out.stderr, want, "{}", text(&out.stderr));
}
