//! One input file of a command, from reading it to what the command prints about it: the work
//! a batch runs on its threads. A job writes nothing on the terminal; it returns its output as
//! [`Event`]s, which the caller prints in the order of the inputs.

pub mod fmt;
pub mod verify;

use crate::cli::read::Text;
use std::ffi::OsString;
use std::io::{self, Read};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

use super::style::Styled;

/// Something a job prints, in order.
pub enum Event {
    /// Text for standard output.
    Stdout(Vec<u8>),
    /// Machine IR for standard output, printed a function at a time when its turn comes (so
    /// that a large file's text is never held whole).
    StdoutMir(Box<llrs_mir::MirFile>),
    /// LLVM IR for standard output, printed a piece at a time when its turn comes (so that a
    /// large file's text is never held whole).
    StdoutIr(Box<fmt::IrOutput>),
    /// A diagnostic for standard error.
    Stderr(Styled),
}

/// How a file fared, for the exit status and the summary of a batch.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Done: printed, written, checked canonical or left alone by `-i`, or verified valid.
    Ok,
    /// `fmt -i` rewrote it.
    Rewritten,
    /// `fmt --check`: not in canonical form.
    NotCanonical,
    /// Rejected: a syntax error, a module that does not verify, or an output that could not be
    /// written.
    Invalid,
    /// Not read: missing, unreadable, or of a kind llrs does not read yet (bitcode).
    Unreadable,
}

impl Outcome {
    /// Whether the command exits 0 with this outcome.
    pub fn is_success(self) -> bool {
        matches!(self, Outcome::Ok | Outcome::Rewritten)
    }
}

/// What a job gives back: its output in order and its outcome.
pub struct FileReport {
    /// The output, in the order it is printed.
    pub events: Vec<Event>,
    /// How the file fared.
    pub outcome: Outcome,
}

impl FileReport {
    fn new() -> Self {
        FileReport { events: Vec::new(), outcome: Outcome::Ok }
    }

    /// Adds a diagnostic (nothing for an empty one).
    fn stderr(&mut self, s: Styled) {
        if !s.to_plain().is_empty() {
            self.events.push(Event::Stderr(s));
        }
    }

    /// Ends the job with `outcome` after the diagnostic `s`.
    fn fail(mut self, outcome: Outcome, s: Styled) -> Self {
        self.stderr(s);
        self.outcome = outcome;
        self
    }
}

/// An input: a file, or standard input already read (`-`).
pub enum Source {
    /// A file, as named on the command line.
    Path(OsString),
    /// Standard input, read by the caller (once, for the first `-`), or why it could not be.
    Stdin(Result<Vec<u8>, String>),
}

impl Source {
    /// The name diagnostics give this input: the path as given, or `<stdin>`.
    pub fn name(&self) -> String {
        match self {
            Source::Path(p) => p.to_string_lossy().into_owned(),
            Source::Stdin(_) => "<stdin>".to_string(),
        }
    }

    /// The size of the input in bytes (0 when it cannot be known): what a batch weighs it.
    pub fn weight(&self) -> u64 {
        match self {
            Source::Path(p) => std::fs::metadata(p).map_or(0, |m| m.len()),
            Source::Stdin(read) => read.as_ref().map_or(0, |b| b.len() as u64),
        }
    }

    /// The bytes of the input, or the message saying why it cannot be read.
    fn read(self) -> Result<Text, String> {
        match self {
            Source::Stdin(read) => read.map(Text::Bytes),
            Source::Path(p) => crate::cli::read::read_file(Path::new(&p))
                .map_err(|err| format!("llrs: error: could not open {}: {err}", p.to_string_lossy())),
        }
    }
}

/// The inputs named on the command line, `-` being standard input: read here, once, for the
/// first `-` (a later `-` finds it empty, as reading it again in turn would).
pub fn sources(files: &[OsString]) -> Vec<Source> {
    let mut stdin_read = false;
    files
        .iter()
        .map(|f| {
            if f != "-" {
                return Source::Path(f.clone());
            }
            if std::mem::replace(&mut stdin_read, true) {
                return Source::Stdin(Ok(Vec::new()));
            }
            let mut src = Vec::new();
            Source::Stdin(match io::stdin().lock().read_to_end(&mut src) {
                Ok(_) => Ok(src),
                Err(err) => Err(format!("llrs: error: could not read <stdin>: {err}")),
            })
        })
        .collect()
}

/// Reads `input` for a job, refusing what llrs cannot read (bitcode, recognised by its magic
/// number, whose bytes never reach the terminal). `Err` is the report that ends the job.
fn read_input(input: Source, r: super::report::Reporter) -> Result<(String, Text), FileReport> {
    let name = input.name();
    let src = input
        .read()
        .map_err(|message| FileReport::new().fail(Outcome::Unreadable, r.tool(Some(&name), "error", &message)))?;
    Ok((name, src))
}

/// Replaces `path` by `text` without ever leaving it half written: the text goes to a temporary
/// file beside it (named for this process and this write), which is then renamed over it.
pub fn write_in_place(path: &Path, text: &[u8]) -> Result<(), String> {
    static WRITES: AtomicU64 = AtomicU64::new(0);
    // A symbolic link stays: the file it leads to is rewritten (as rustfmt does).
    let real;
    let path = match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => {
            real = std::fs::canonicalize(path)
                .map_err(|err| format!("llrs: error: could not rewrite {}: {err}", path.display()))?;
            real.as_path()
        }
        _ => path,
    };
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let file_name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let n = WRITES.fetch_add(1, Ordering::Relaxed);
    let tmp = dir.join(format!(".{file_name}.llrs-{}-{n}.tmp", std::process::id()));
    let result = std::fs::write(&tmp, text).and_then(|()| {
        if let Ok(meta) = std::fs::metadata(path) {
            let _ = std::fs::set_permissions(&tmp, meta.permissions());
        }
        std::fs::rename(&tmp, path)
    });
    result.map_err(|err| {
        let _ = std::fs::remove_file(&tmp);
        format!("llrs: error: could not rewrite {}: {err}", path.display())
    })
}
