//! The `llrs` command line. Arguments are parsed by hand (there are few); the commands themselves
//! live in the library (`llrs::cli`) so the tests can call them without a subprocess.

use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::process::ExitCode;

const USAGE: &str = "\
llrs: a pure-Rust toolkit for LLVM IR

Usage:
  llrs fmt [FILE|-]    parse LLVM IR (.ll) and print it as `llvm-as FILE -o - | llvm-dis` does;
                       reads standard input when FILE is `-` or absent
  llrs verify FILE...  check each module as `opt -passes=verify -disable-output` does: silent
                       when valid; LLVM's verifier report otherwise (`-` reads standard input)
  llrs --help          print this help
  llrs --version       print the version

Exit status: 0 on success; 1 when the input is rejected (the error, in LLVM's form
`FILE:LINE:COL: error: MESSAGE`, goes to standard error) or cannot be read; 2 on a usage error.
";

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let Some(first) = args.first() else {
        eprint!("{USAGE}");
        return ExitCode::from(2);
    };
    match first.to_str() {
        Some("-h" | "--help" | "help") => {
            print!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some("-V" | "--version") => {
            println!("llrs {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        Some("fmt") => fmt_command(&args[1..]),
        Some("verify") => verify_command(&args[1..]),
        _ => usage_error(&format!("unknown command '{}'", first.to_string_lossy())),
    }
}

fn usage_error(message: &str) -> ExitCode {
    eprintln!("llrs: error: {message}\nTry 'llrs --help'.");
    ExitCode::from(2)
}

/// `llrs fmt [FILE|-]`.
fn fmt_command(args: &[OsString]) -> ExitCode {
    let mut input: Option<&OsString> = None;
    let mut only_operands = false;
    for arg in args {
        match arg.to_str() {
            Some("-h" | "--help") if !only_operands => {
                print!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            Some("--") if !only_operands => only_operands = true,
            Some(flag) if !only_operands && flag.starts_with('-') && flag != "-" => {
                return usage_error(&format!("fmt: unknown option '{flag}'"));
            }
            _ if input.is_some() => return usage_error("fmt: takes at most one input file"),
            _ => input = Some(arg),
        }
    }
    let from_stdin = input.is_none_or(|arg| arg == "-");
    let (name, src) = if from_stdin {
        let mut src = Vec::new();
        if let Err(err) = io::stdin().lock().read_to_end(&mut src) {
            eprintln!("llrs: error: could not read <stdin>: {err}");
            return ExitCode::FAILURE;
        }
        ("<stdin>".to_string(), src)
    } else {
        let path = input.expect("an input file when not reading stdin");
        let name = path.to_string_lossy().into_owned();
        match std::fs::read(path) {
            Ok(src) => (name, src),
            Err(err) => {
                eprintln!("llrs: error: could not open {name}: {err}");
                return ExitCode::FAILURE;
            }
        }
    };
    // The source is dropped before printing, so that the input and the output are never both
    // held (peak memory is the module plus one of them).
    let parsed = llrs::cli::fmt::load_source(&src, &name);
    let size = src.len();
    drop(src);
    if let Ok(loaded) = &parsed {
        if !loaded.warnings.is_empty() {
            let mut text = loaded.warnings.join("\n");
            text.push('\n');
            let _ = io::stderr().lock().write_all(text.as_bytes());
        }
    }
    match parsed.map(|loaded| llrs::cli::fmt::render(&loaded.module, &name, size)) {
        Ok(out) => write_stdout(&out),
        Err(err) => {
            let mut text = err.to_string();
            text.push('\n');
            // Nothing more can be done if stderr is gone.
            let _ = io::stderr().lock().write_all(text.as_bytes());
            ExitCode::FAILURE
        }
    }
}

/// `llrs verify FILE...`: each file in turn; exit 1 when any is rejected.
fn verify_command(args: &[OsString]) -> ExitCode {
    let mut files = Vec::new();
    let mut only_operands = false;
    for arg in args {
        match arg.to_str() {
            Some("-h" | "--help") if !only_operands => {
                print!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            Some("--") if !only_operands => only_operands = true,
            Some(flag) if !only_operands && flag.starts_with('-') && flag != "-" => {
                return usage_error(&format!("verify: unknown option '{flag}'"));
            }
            _ => files.push(arg),
        }
    }
    if files.is_empty() {
        return usage_error("verify: no input file");
    }
    let mut ok = true;
    for path in files {
        let (name, src) = match read_input(path) {
            Ok(input) => input,
            Err(message) => {
                eprintln!("{message}");
                ok = false;
                continue;
            }
        };
        let mut text = match llrs::cli::verify::verify_source(&src, &name) {
            Ok(warnings) => warnings.join("\n"),
            Err(report) => {
                ok = false;
                report
            }
        };
        if !text.is_empty() {
            text.push('\n');
            let _ = io::stderr().lock().write_all(text.as_bytes());
        }
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
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
fn write_stdout(out: &[u8]) -> ExitCode {
    let mut stdout = io::stdout().lock();
    match stdout.write_all(out).and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if err.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("llrs: error: could not write the output: {err}");
            ExitCode::FAILURE
        }
    }
}
