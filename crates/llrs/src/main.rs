//! The `llrs` command line (clap). The commands themselves live in the library (`llrs::cli`) so
//! the tests can call them without a subprocess; this file parses arguments and does the I/O.

use std::cell::RefCell;
use std::ffi::OsString;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use llrs::cli::job::{self, fmt::Mode, FileReport, Source};
use llrs::cli::printer::Printer;
use llrs::cli::progress::Task;
use llrs::cli::report::Reporter;

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
    /// Colours in diagnostics: `auto` paints them when stderr is a terminal and `NO_COLOR` is
    /// not set.
    #[arg(long, global = true, value_enum, value_name = "WHEN", default_value_t = Color::Auto)]
    color: Color,
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

/// When diagnostics are painted.
#[derive(Copy, Clone, PartialEq, Eq, clap::ValueEnum)]
enum Color {
    /// On a terminal, unless `NO_COLOR` is set (or `CLICOLOR_FORCE` forces them).
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

#[derive(Subcommand)]
enum Command {
    /// Parse LLVM IR (.ll) or Machine IR (.mir) and print it as `llvm-as FILE -o - | llvm-dis`
    /// (or `llc -run-pass=none`) does.
    ///
    /// With no FILE, or `-`, reads standard input. Several files are read in parallel and
    /// printed one after the other, in the order given.
    Fmt {
        /// The input files (`-` for standard input).
        files: Vec<OsString>,
        /// Write the output to this file instead of standard output (one input only).
        #[arg(short = 'o', value_name = "FILE", conflicts_with_all = ["check", "diff", "in_place"])]
        output: Option<PathBuf>,
        /// Print nothing; exit 1 and name each file whose text is not canonical.
        #[arg(long, conflicts_with = "in_place")]
        check: bool,
        /// --check, printing on stdout how each file that is not canonical would change (a
        /// unified diff).
        #[arg(long, conflicts_with = "in_place")]
        diff: bool,
        /// Rewrite each file that is not in canonical form (only files that read without error).
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

/// glibc's `mallopt` parameter for the number of allocation arenas.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const M_ARENA_MAX: std::ffi::c_int = -8;

#[cfg(all(target_os = "linux", target_env = "gnu"))]
unsafe extern "C" {
    fn mallopt(param: std::ffi::c_int, value: std::ffi::c_int) -> std::ffi::c_int;
}

/// At most two allocation arenas: glibc gives every thread that allocates one of its own
/// (memory freed in one is not reused by another), which on a large module costs about 5% of
/// the peak memory (sqlite3 -O2 -g's bitcode: 101 MB with the default, 96 MB with two) for no
/// measurable time on two cores.
fn limit_malloc_arenas() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` only sets a tunable of glibc's allocator; it is called first thing in
    // `main`, before any other thread exists, with a parameter and value glibc documents.
    unsafe {
        mallopt(M_ARENA_MAX, 2);
    }
}

fn main() -> ExitCode {
    limit_malloc_arenas();
    let args: Vec<OsString> = std::env::args_os().collect();
    // clap's own messages (help, usage errors) follow `--color` too.
    let command = Cli::command().color(match color_in_args(&args) {
        Some(Color::Always) => clap::ColorChoice::Always,
        Some(Color::Never) => clap::ColorChoice::Never,
        _ => clap::ColorChoice::Auto,
    });
    let cli = match command.try_get_matches_from(&args).and_then(|m| Cli::from_arg_matches(&m)) {
        Ok(cli) => cli,
        Err(err) => {
            // Help and version go to stdout with status 0; usage errors to stderr with 2.
            let _ = err.print();
            return ExitCode::from(if err.use_stderr() { 2 } else { 0 });
        }
    };
    let json = cli.message_format == MessageFormat::Json;
    let r = Reporter { json };
    let color = match cli.color {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => anstream::AutoStream::choice(&std::io::stderr()) != anstream::ColorChoice::Never,
    };
    let mut printer = Printer::new(color && !json);
    // A batch's progress bar and summary are for a person at a terminal (tests say there is
    // one with `LLRS_ASSUME_TERMINAL=1`; the bar itself is drawn on a real terminal only).
    let assume_terminal = std::env::var_os("LLRS_ASSUME_TERMINAL").is_some_and(|v| v == "1");
    let terminal = !json && (assume_terminal || std::io::stderr().is_terminal());
    match cli.command {
        Command::Fmt { files, output, check, diff, in_place } => {
            let stdin = [OsString::from("-")];
            let files = if files.is_empty() { &stdin[..] } else { &files[..] };
            if output.is_some() && files.len() > 1 {
                return usage(&mut printer, "-o takes one input file");
            }
            if (check || diff || in_place) && files.iter().any(|f| f == "-") {
                return usage(&mut printer, "--check and --in-place need files, not standard input");
            }
            let mode = match output {
                Some(o) => Mode::Output(o),
                None if check || diff => Mode::Check { diff },
                None if in_place => Mode::InPlace,
                None => Mode::Print,
            };
            let task = match mode {
                Mode::Check { .. } => Task::Check,
                Mode::InPlace => Task::Rewrite,
                Mode::Print | Mode::Output(_) => Task::Format,
            };
            let sources = job::sources(files);
            if terminal && sources.len() > 1 {
                printer.show_progress(task, sources.len());
            }
            run(&mut printer, sources, move |s| job::fmt::run(s, &mode, r))
        }
        Command::Verify { files } => {
            let sources = job::sources(&files);
            if terminal && sources.len() > 1 {
                printer.show_progress(Task::Verify, sources.len());
            }
            run(&mut printer, sources, move |s| job::verify::run(s, r))
        }
        Command::Completions { shell } => {
            let mut out = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "llrs", &mut out);
            status(printer.stdout(&out))
        }
    }
}

/// The value of `--color` among the raw arguments, before clap reads them.
fn color_in_args(args: &[OsString]) -> Option<Color> {
    let mut value = None;
    let mut it = args.iter().map(|a| a.to_str().unwrap_or(""));
    while let Some(a) = it.next() {
        if a == "--" {
            break;
        }
        let v = match a.strip_prefix("--color") {
            Some("") => it.next().unwrap_or(""),
            Some(rest) => rest.strip_prefix('=').unwrap_or(""),
            None => continue,
        };
        value = match v {
            "always" => Some(Color::Always),
            "never" => Some(Color::Never),
            _ => Some(Color::Auto),
        };
    }
    value
}

/// A usage error of `llrs fmt`, found after clap: exit 2.
fn usage(printer: &mut Printer, message: &str) -> ExitCode {
    let text = format!("llrs: error: {message}\nTry 'llrs fmt --help'.");
    printer.stderr(&llrs::cli::style::Styled::labelled(&text));
    ExitCode::from(2)
}

/// Runs `job` on each input (several at once on rayon's pool when there are several), prints
/// what each gives in the order of the inputs, and gives the exit status.
fn run(
    printer: &mut Printer,
    sources: Vec<Source>,
    job: impl Fn(Source) -> FileReport + Send + Sync + 'static,
) -> ExitCode {
    let mut ok = true;
    // Once standard output is closed (`llrs fmt *.ll | head`), the rest of a batch would be
    // work for nobody: the process ends there, as `head`'s other writers do.
    let stop_when_closed = |printer: &Printer, ok: bool| {
        if printer.stdout_closed() {
            std::process::exit(if ok { 0 } else { 1 });
        }
    };
    if sources.len() == 1 {
        // A single file (possibly large) is read on this thread; the library uses the pool
        // inside it.
        for s in sources {
            ok &= printer.emit(job(s));
        }
    } else {
        let printer = RefCell::new(&mut *printer);
        llrs::cli::batch::run_ordered(
            sources,
            llrs::cli::batch::Limits::default(),
            Source::weight,
            None,
            job,
            |report| {
                ok &= printer.borrow_mut().emit(report);
                stop_when_closed(&printer.borrow(), ok);
            },
            || printer.borrow_mut().idle(),
        );
    }
    printer.finish();
    status(ok)
}

/// The exit status: 0 when everything went well, else 1.
fn status(ok: bool) -> ExitCode {
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
