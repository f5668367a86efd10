//! The `llrs` command line (clap). The commands themselves live in the library (`llrs::cli`) so
//! the tests can call them without a subprocess; this file parses arguments and does the I/O.

use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

/// The version line: llrs's own version and the LLVM release whose behaviour it matches.
const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " (matches LLVM 22.1)");

/// llrs: a pure-Rust toolkit for LLVM IR.
///
/// Exit status: 0 on success; 1 when an input is rejected (the error, in LLVM's form
/// `FILE:LINE:COL: error: MESSAGE`, goes to standard error), cannot be read, or (with --check)
/// is not canonical; 2 on a usage error.
#[derive(Parser)]
#[command(name = "llrs", version = VERSION, about, long_about)]
struct Cli {
    /// How diagnostics are written on stderr: as LLVM writes them, or one JSON object per line
    /// (`file`, `line`, `column`, `severity`, `message`, and a verifier error's `values`).
    #[arg(long, global = true, value_enum, default_value_t = MessageFormat::Human)]
    message_format: MessageFormat,
    #[command(subcommand)]
    command: Command,
}

/// The form of diagnostics on stderr.
#[derive(Copy, Clone, PartialEq, Eq, clap::ValueEnum)]
enum MessageFormat {
    /// LLVM's text.
    Human,
    /// One JSON object per line.
    Json,
}

/// Where diagnostics go: stderr, as text or JSON.
#[derive(Copy, Clone)]
struct Out {
    json: bool,
}

impl Out {
    /// A message of the tool's own (`llrs: error: ...`), about `file` when known.
    fn tool(self, file: Option<&str>, severity: &str, text: &str) {
        if self.json {
            let message = text.strip_prefix("llrs: error: ").unwrap_or(text);
            self.object(serde_json::json!({ "file": file, "severity": severity, "message": message }));
        } else {
            report(text);
        }
    }

    /// An error of reading or verifying `file`.
    fn error(self, file: &str, err: &llrs::cli::fmt::FmtError) {
        use llrs::cli::fmt::FmtError;
        if !self.json {
            report(&err.to_string());
            return;
        }
        match err {
            FmtError::Parse(d) => self.object(serde_json::json!({
                "file": d.file, "line": d.line, "column": d.col, "severity": "error", "message": d.message,
            })),
            FmtError::Unsupported { .. } => self.tool(Some(file), "error", &err.to_string()),
            FmtError::Verify { warnings, errors, .. } => {
                self.warnings(file, warnings);
                for e in errors {
                    let severity = if e.kind == llrs::verify::Kind::DebugInfo { "warning" } else { "error" };
                    self.object(serde_json::json!({
                        "file": file, "severity": severity, "message": e.message, "values": e.values,
                    }));
                }
            }
        }
    }

    /// LLVM's warnings while reading `file`.
    fn warnings(self, file: &str, lines: &[String]) {
        if lines.is_empty() {
            return;
        }
        if !self.json {
            report(&lines.join("\n"));
            return;
        }
        for l in lines.iter().filter_map(|l| l.strip_prefix("warning: ")) {
            self.object(serde_json::json!({ "file": file, "severity": "warning", "message": l }));
        }
    }

    fn object(self, v: serde_json::Value) {
        report(&v.to_string());
    }
}

#[derive(Subcommand)]
enum Command {
    /// Parse LLVM IR (.ll) and print it as `llvm-as FILE -o - | llvm-dis` does.
    ///
    /// With no FILE, or `-`, reads standard input. Several files are printed one after the
    /// other.
    Fmt {
        /// The input files (`-` for standard input).
        files: Vec<OsString>,
        /// Write the output to this file instead of standard output (one input only).
        #[arg(short = 'o', value_name = "FILE", conflicts_with_all = ["check", "in_place"])]
        output: Option<PathBuf>,
        /// Print nothing; exit 1 and name each file whose text is not canonical.
        #[arg(long, conflicts_with = "in_place")]
        check: bool,
        /// Rewrite each file in its canonical form (only files that read without error).
        #[arg(short = 'i', long = "in-place")]
        in_place: bool,
    },
    /// Check modules as `opt -passes=verify -disable-output` does: silent when every module is
    /// valid, LLVM's verifier report otherwise (`-` reads standard input).
    Verify {
        /// The input files.
        #[arg(required = true)]
        files: Vec<OsString>,
    },
    /// Print a completion script for a shell (e.g. `llrs completions bash > /etc/bash_completion.d/llrs`).
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => {
            // Help and version go to stdout with status 0; usage errors to stderr with 2.
            let _ = err.print();
            return ExitCode::from(if err.use_stderr() { 2 } else { 0 });
        }
    };
    let out = Out { json: cli.message_format == MessageFormat::Json };
    match cli.command {
        Command::Fmt { files, output, check, in_place } => fmt_command(out, &files, output.as_deref(), check, in_place),
        Command::Verify { files } => verify_command(out, &files),
        Command::Completions { shell } => {
            let mut out = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "llrs", &mut out);
            match write_stdout(&out) {
                Ok(()) => ExitCode::SUCCESS,
                Err(()) => ExitCode::FAILURE,
            }
        }
    }
}

/// Writes `text` (and a newline) to standard error; nothing more can be done if it is gone.
fn report(text: &str) {
    let mut text = text.to_string();
    text.push('\n');
    let _ = io::stderr().lock().write_all(text.as_bytes());
}

/// `llrs fmt`.
fn fmt_command(out: Out, files: &[OsString], output: Option<&Path>, check: bool, in_place: bool) -> ExitCode {
    let stdin = OsString::from("-");
    let files: Vec<&OsString> = if files.is_empty() { vec![&stdin] } else { files.iter().collect() };
    if output.is_some() && files.len() > 1 {
        report("llrs: error: -o takes one input file\nTry 'llrs fmt --help'.");
        return ExitCode::from(2);
    }
    if (check || in_place) && files.iter().any(|f| *f == "-") {
        report("llrs: error: --check and --in-place need files, not standard input\nTry 'llrs fmt --help'.");
        return ExitCode::from(2);
    }
    let mut ok = true;
    for path in files {
        let Some((name, src)) = read_readable(out, path) else {
            ok = false;
            continue;
        };
        let mir = llrs::cli::mir::is_mir(&name, &src);
        if mir && !check && !in_place {
            // Machine IR to standard output or a file: printed a function at a time.
            let file = match llrs::cli::mir::load(src, &name) {
                Ok(file) => file,
                Err(message) => {
                    out.tool(Some(&name), "error", &message);
                    ok = false;
                    continue;
                }
            };
            let done = match output {
                Some(o) => std::fs::File::create(o)
                    .and_then(|f| {
                        let mut w = io::BufWriter::with_capacity(1 << 16, f);
                        llrs::mir::print_to(&file, &mut w)?;
                        w.flush()
                    })
                    .map_err(|err| {
                        out.tool(Some(&name), "error", &format!("llrs: error: could not write {}: {err}", o.display()))
                    }),
                None => {
                    let mut w = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
                    match llrs::mir::print_to(&file, &mut w).and_then(|()| w.flush()) {
                        Ok(()) => Ok(()),
                        Err(err) if err.kind() == io::ErrorKind::BrokenPipe => Ok(()),
                        Err(err) => {
                            report(&format!("llrs: error: could not write the output: {err}"));
                            Err(())
                        }
                    }
                }
            };
            ok &= done.is_ok();
            continue;
        }
        let (text, original) = if mir {
            match llrs::cli::mir::format(src, &name, check) {
                (Ok(text), original) => (text, original),
                (Err(message), _) => {
                    out.tool(Some(&name), "error", &message);
                    ok = false;
                    continue;
                }
            }
        } else {
            // The source is dropped before printing, so that the input and the output are never
            // both held (peak memory is the module plus one of them), except for --check.
            let parsed = llrs::cli::fmt::load_source(&src, &name);
            let size = src.len();
            let original = if check { Some(src) } else { None };
            let loaded = match parsed {
                Ok(loaded) => loaded,
                Err(err) => {
                    out.error(&name, &err);
                    ok = false;
                    continue;
                }
            };
            out.warnings(&name, &loaded.warnings);
            (llrs::cli::fmt::render(&loaded.module, &name, size), original)
        };
        let done = if let Some(original) = original {
            let same = if mir {
                llrs::cli::mir::same_text(&original, &text)
            } else {
                llrs::cli::fmt::same_text(&original, &text)
            };
            if same {
                Ok(())
            } else {
                out.tool(Some(&name), "error", &format!("llrs: {name} is not in canonical form"));
                Err(())
            }
        } else if in_place {
            write_in_place(Path::new(path), &text)
        } else if let Some(o) = output {
            std::fs::write(o, &text).map_err(|err| {
                out.tool(Some(&name), "error", &format!("llrs: error: could not write {}: {err}", o.display()))
            })
        } else {
            write_stdout(&text)
        };
        ok &= done.is_ok();
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Replaces `path` by `text` without ever leaving it half written: the text goes to a temporary
/// file beside it, which is then renamed over it.
fn write_in_place(path: &Path, text: &[u8]) -> Result<(), ()> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let file_name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let tmp = dir.join(format!(".{file_name}.llrs-{}.tmp", std::process::id()));
    let result = std::fs::write(&tmp, text).and_then(|()| {
        if let Ok(meta) = std::fs::metadata(path) {
            let _ = std::fs::set_permissions(&tmp, meta.permissions());
        }
        std::fs::rename(&tmp, path)
    });
    result.map_err(|err| {
        let _ = std::fs::remove_file(&tmp);
        report(&format!("llrs: error: could not rewrite {}: {err}", path.display()));
    })
}

/// `llrs verify FILE...`: each file in turn; exit 1 when any is rejected.
fn verify_command(out: Out, files: &[OsString]) -> ExitCode {
    let mut ok = true;
    for path in files {
        let Some((name, src)) = read_readable(out, path) else {
            ok = false;
            continue;
        };
        if out.json {
            match llrs::cli::fmt::load_source(&src, &name) {
                Ok(loaded) => out.warnings(&name, &loaded.warnings),
                Err(err) => {
                    ok = false;
                    out.error(&name, &err);
                }
            }
            continue;
        }
        match llrs::cli::verify::verify_source(&src, &name) {
            Ok(warnings) => out.warnings(&name, &warnings),
            Err(text) => {
                ok = false;
                report(&text);
            }
        }
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// An input to read: its name and bytes, or `None` once the reason it cannot be read (missing,
/// or bitcode) is reported.
fn read_readable(out: Out, path: &OsString) -> Option<(String, Vec<u8>)> {
    let (name, src) = match read_input(path) {
        Ok(input) => input,
        Err(message) => {
            out.tool(None, "error", &message);
            return None;
        }
    };
    if let Some(message) = unsupported_input(&name, &src) {
        out.tool(Some(&name), "error", &message);
        return None;
    }
    Some((name, src))
}

/// An input llrs recognises but does not read yet, with the message for it: LLVM bitcode (by its
/// magic number; no binary bytes reach the terminal).
fn unsupported_input(name: &str, src: &[u8]) -> Option<String> {
    llrs::cli::fmt::is_bitcode(src).then(|| format!("llrs: error: {name}: LLVM bitcode is not supported yet"))
}

/// The name and bytes of an input: a file, or standard input for `-`.
fn read_input(path: &OsString) -> Result<(String, Vec<u8>), String> {
    if path == "-" {
        let mut src = Vec::new();
        return match io::stdin().lock().read_to_end(&mut src) {
            Ok(_) => Ok(("<stdin>".to_string(), src)),
            Err(err) => Err(format!("llrs: error: could not read <stdin>: {err}")),
        };
    }
    let name = path.to_string_lossy().into_owned();
    match std::fs::read(path) {
        Ok(src) => Ok((name, src)),
        Err(err) => Err(format!("llrs: error: could not open {name}: {err}")),
    }
}

/// Writes the whole output with one buffered write. A closed pipe (`llrs fmt x.ll | head`) is not
/// an error worth reporting.
fn write_stdout(out: &[u8]) -> Result<(), ()> {
    let mut stdout = io::stdout().lock();
    match stdout.write_all(out).and_then(|()| stdout.flush()) {
        Ok(()) => Ok(()),
        Err(err) if err.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(err) => {
            report(&format!("llrs: error: could not write the output: {err}"));
            Err(())
        }
    }
}
