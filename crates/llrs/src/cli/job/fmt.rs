//! One file of `llrs fmt`: read it (LLVM IR as `llvm-as` reads it, or Machine IR as llc does),
//! then print it, write it to `-o`, check it (`--check`) or rewrite it (`-i`).

use std::path::{Path, PathBuf};

use super::{read_input, Event, FileReport, Outcome, Source};
use crate::cli::read::Text;
use crate::cli::report::Reporter;

/// What `llrs fmt` does with the canonical text of a file.
#[derive(Clone, Debug)]
pub enum Mode {
    /// Print it on standard output.
    Print,
    /// Write it to this file (`-o`, one input only).
    Output(PathBuf),
    /// Compare it with the file and name the file when they differ (`--check`), with a
    /// unified diff on standard output when `diff` (`--diff`).
    Check {
        /// Print how the file would change.
        diff: bool,
    },
    /// Replace the file with it when they differ (`-i`).
    InPlace,
}

/// `llrs fmt` on one input.
pub fn run(input: Source, mode: &Mode, r: Reporter) -> FileReport {
    let path = match &input {
        Source::Path(p) => Some(PathBuf::from(p)),
        Source::Stdin(_) => None,
    };
    let (name, src) = match read_input(input, r) {
        Ok(read) => read,
        Err(report) => return report,
    };
    let at = Target { name: &name, path: path.as_deref(), mode, r };
    if crate::cli::mir::is_mir(&name, &src) {
        mir(src, &at)
    } else {
        ll(src, &at)
    }
}

/// The file a job works on and what it does with it.
struct Target<'a> {
    name: &'a str,
    path: Option<&'a Path>,
    mode: &'a Mode,
    r: Reporter,
}

/// LLVM IR.
fn ll(src: Text, at: &Target<'_>) -> FileReport {
    let Target { name, mode, r, .. } = *at;
    let mut report = FileReport::new();
    // A mapped file's pages go back as they are read through.
    llrs_ir::phases::mark("start");
    let bitcode = crate::cli::fmt::is_bitcode(&src);
    let parsed = crate::cli::fmt::read_module_releasing(&src, name, &|read| src.release(read));
    llrs_ir::phases::mark("parsed");
    // What the module's text will take: about the source's size, eight times a bitcode file's.
    let size = if bitcode { src.len().saturating_mul(BITCODE_TEXT_RATIO) } else { src.len() };
    // The source is dropped once parsed, so that the input and the output are never both held
    // (peak memory is the module plus one of them), except to compare them.
    let original = matches!(mode, Mode::Check { .. } | Mode::InPlace).then_some(src);
    // What printing to a sink needs first is found while the module is verified.
    let streamed = matches!(mode, Mode::Output(_)) || matches!(mode, Mode::Print if size >= STREAM_MIN);
    let checked = parsed.and_then(|module| {
        crate::cli::fmt::check_read_module(module, name, bitcode, |m| streamed.then(|| llrs_asm::prepare_print(m)))
    });
    let (loaded, prep) = match checked {
        Ok((loaded, prep)) => (loaded, prep.flatten()),
        Err(err) => return report.fail(Outcome::Invalid, r.error(name, &err)),
    };
    llrs_ir::phases::mark("checked");
    report.stderr(r.warnings(name, &loaded.warnings));
    let head = || crate::cli::fmt::module_id_line(name);
    match mode {
        // A large module is printed a piece at a time when its turn comes (on several threads
        // itself): its text is never held whole. A small one prints here, so that the files of
        // a batch print at once on every thread, and its text waits for its turn.
        Mode::Print if size >= STREAM_MIN => {
            report.events.push(Event::StdoutIr(Box::new(IrOutput { module: loaded.module, head: head(), size, prep })));
            report
        }
        Mode::Output(o) => {
            let report = write_output(report, o, at, |w| print_to(&loaded.module, prep, &head(), w));
            crate::cli::drop_module(loaded.module, size);
            report
        }
        Mode::Print | Mode::Check { .. } | Mode::InPlace => {
            let text = crate::cli::fmt::render(&loaded.module, name, size);
            crate::cli::drop_module(loaded.module, size);
            let same = |original: &[u8], text: &[u8]| crate::cli::fmt::same_text(original, text);
            finish(report, text, original, at, same, false)
        }
    }
}

/// From this size of source on, `llrs fmt` prints a module to standard output a piece at a
/// time when its turn comes, not into a buffer where it is read.
pub const STREAM_MIN: usize = 4 << 20;

/// About how many bytes of text a byte of bitcode prints as (7.5 for the corpus's programs),
/// so that bitcode counts as its text does in [`STREAM_MIN`] and buffer sizes.
const BITCODE_TEXT_RATIO: usize = 8;

/// A module to print on standard output when its turn comes.
pub struct IrOutput {
    /// The module.
    pub module: llrs_ir::Module,
    /// The text before it (the `; ModuleID` line).
    pub head: Vec<u8>,
    /// The expected size of its text (to choose how to free it).
    pub size: usize,
    /// What printing it needs first, when found already.
    pub prep: Option<llrs_asm::PrintPrep>,
}

/// Prints `module` after `head` on `w`, with what printing it needs first when found already.
fn print_to(
    module: &llrs_ir::Module,
    prep: Option<llrs_asm::PrintPrep>,
    head: &[u8],
    w: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    match prep {
        Some(prep) => llrs_asm::print_prepared_to(module, prep, head, w),
        None => llrs_asm::print_module_to(module, head, w),
    }
}

impl IrOutput {
    /// Prints it on `w`, then frees it.
    pub fn print_to(self, w: &mut dyn std::io::Write) -> std::io::Result<()> {
        let written = print_to(&self.module, self.prep, &self.head, w);
        crate::cli::drop_module(self.module, self.size);
        written
    }
}

/// Machine IR: to standard output, printed a function at a time when its turn comes.
fn mir(src: Text, at: &Target<'_>) -> FileReport {
    let Target { name, mode, r, .. } = *at;
    let mut report = FileReport::new();
    let file = match crate::cli::mir::load(&src, name) {
        Ok(file) => file,
        Err(e) => return report.fail(Outcome::Invalid, r.mir_error(&e)),
    };
    let original = matches!(mode, Mode::Check { .. } | Mode::InPlace).then_some(src);
    match mode {
        Mode::Print => {
            report.events.push(Event::StdoutMir(Box::new(file)));
            report
        }
        Mode::Output(o) => write_output(report, o, at, |w| llrs_mir::print_to(&file, w)),
        Mode::Check { .. } | Mode::InPlace => {
            let text = llrs_mir::print(&file).into_bytes();
            drop(file);
            let same = |original: &[u8], text: &[u8]| crate::cli::mir::same_text(original, text);
            finish(report, text, original, at, same, true)
        }
    }
}

/// Writes the file `-o` names with `print`, a piece at a time.
fn write_output(
    report: FileReport,
    o: &Path,
    at: &Target<'_>,
    print: impl FnOnce(&mut dyn std::io::Write) -> std::io::Result<()>,
) -> FileReport {
    // A file that is there is written over, then cut to the new length: not emptied first,
    // which for a large file costs the system as much as writing a tenth of it again.
    let written = std::fs::OpenOptions::new().write(true).create(true).truncate(false).open(o).and_then(|f| {
        let mut w = std::io::BufWriter::with_capacity(1 << 16, &f);
        print(&mut w)?;
        std::io::Write::flush(&mut w)?;
        drop(w);
        if f.metadata()?.is_file() {
            let len = std::io::Seek::stream_position(&mut &f)?;
            f.set_len(len)?;
        }
        Ok(())
    });
    match written {
        Ok(()) => report,
        Err(err) => {
            let message = format!("llrs: error: could not write {}: {err}", o.display());
            report.fail(Outcome::Invalid, at.r.tool(Some(at.name), "error", &message))
        }
    }
}

/// Does with the canonical `text` what `mode` says; `original` is the source for `--check` and
/// `-i`, compared with `same` (and for `--diff`, as Machine IR when `mir`).
fn finish(
    mut report: FileReport,
    text: Vec<u8>,
    original: Option<Text>,
    at: &Target<'_>,
    same: impl Fn(&[u8], &[u8]) -> bool,
    mir: bool,
) -> FileReport {
    let Target { name, path, mode, r } = *at;
    let unchanged = original.as_deref().is_some_and(|o| same(o, &text));
    match mode {
        Mode::Print => report.events.push(Event::Stdout(text)),
        Mode::Output(o) => {
            if let Err(err) = std::fs::write(o, &text) {
                let message = format!("llrs: error: could not write {}: {err}", o.display());
                return report.fail(Outcome::Invalid, r.tool(Some(name), "error", &message));
            }
        }
        Mode::Check { diff } if !unchanged => {
            let message = format!("llrs: {name} is not in canonical form");
            let mut report = report.fail(Outcome::NotCanonical, r.tool(Some(name), "error", &message));
            if *diff {
                let original = original.as_deref().unwrap_or_default();
                report.events.push(Event::Stdout(crate::cli::diff::unified(name, original, &text, mir)));
            }
            return report;
        }
        Mode::Check { .. } => {}
        Mode::InPlace if !unchanged => match path {
            Some(path) => match super::write_in_place(path, &text) {
                Ok(()) => {
                    report.outcome = Outcome::Rewritten;
                    if !mir && original.as_deref().is_some_and(|o| loses_comments(o, &text)) {
                        let message = format!(
                            "llrs: warning: {name}: comments are not kept (the canonical form is what llvm-dis prints)"
                        );
                        report.stderr(r.tool(Some(name), "warning", &message));
                    }
                }
                Err(message) => return report.fail(Outcome::Invalid, r.tool(Some(name), "error", &message)),
            },
            None => {
                let message = "llrs: error: -i needs a file, not standard input";
                return report.fail(Outcome::Invalid, r.tool(None, "error", message));
            }
        },
        Mode::InPlace => {}
    }
    report
}

/// Whether `original` has a comment (`;` to the end of the line, outside a string) that the
/// canonical `text` does not have.
fn loses_comments(original: &[u8], text: &[u8]) -> bool {
    let kept: std::collections::HashSet<&[u8]> = comments(text).collect();
    comments(original).any(|c| !kept.contains(c))
}

/// The comments of `.ll` text, each without its line end.
fn comments(src: &[u8]) -> impl Iterator<Item = &[u8]> {
    src.split(|&b| b == b'\n').filter_map(|line| {
        let mut in_string = false;
        for (i, &b) in line.iter().enumerate() {
            match b {
                b'"' => in_string = !in_string,
                b';' if !in_string => {
                    let c = &line[i..];
                    return Some(c.strip_suffix(b"\r").unwrap_or(c).trim_ascii_end());
                }
                _ => {}
            }
        }
        None
    })
}

#[cfg(test)]
mod comment_tests {
    use super::loses_comments;

    #[test]
    fn comments_lost_are_found() {
        assert!(loses_comments(b"; RUN: opt\ndefine void @f() {\n", b"define void @f() {\n"));
        assert!(!loses_comments(b"@s = global [2 x i8] c\";a\"\n", b"@s = global [2 x i8] c\";a\"\n"));
        assert!(!loses_comments(b"  br label %b ; preds = %a\n", b"x:    ; preds = %a\n"));
    }
}
