//! `llrs fmt`: read LLVM IR and print it exactly as `llvm-as X.ll -o - | llvm-dis` would.

use std::fmt;

/// Why `llrs fmt` could not format its input. `Display` gives the text for stderr (no final newline).
#[derive(Debug)]
pub enum FmtError {
    /// A syntax error, in LLVM's form: `FILE:LINE:COL: error: MESSAGE`, the source line, a caret.
    Parse(llrs_asm::Diagnostic),
    /// An input llrs recognises but cannot read yet, such as Machine IR.
    Unsupported { file: String, what: &'static str },
    /// Bitcode LLVM would not read: `llvm-dis`'s message.
    Bitcode { file: String, error: llrs_bitcode::Error },
    /// The module does not verify: LLVM's warnings while reading it, then the verifier's
    /// messages (as `llvm-as` prints them after `assembly parsed, but does not verify as
    /// correct!`).
    Verify {
        /// LLVM's warnings while reading (dropped debug info).
        warnings: Vec<String>,
        /// The report's lines, as LLVM prints them.
        messages: Vec<String>,
        /// The same report as values: each failed check with the values it names.
        errors: Vec<llrs_verify::VerifyError>,
    },
}

impl fmt::Display for FmtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FmtError::Parse(diag) => diag.fmt(f),
            FmtError::Unsupported { file, what } => write!(f, "{file}:1:1: error: {what} is not supported yet"),
            FmtError::Bitcode { file, error } => write!(f, "llrs: error: {file}: {error}"),
            FmtError::Verify { warnings, messages, .. } => {
                for w in warnings {
                    writeln!(f, "{w}")?;
                }
                write!(f, "llrs: assembly parsed, but does not verify as correct!")?;
                for m in messages {
                    write!(f, "\n{m}")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for FmtError {}

impl From<llrs_asm::Diagnostic> for FmtError {
    fn from(diag: llrs_asm::Diagnostic) -> Self {
        FmtError::Parse(diag)
    }
}

/// Is `src` LLVM bitcode (the raw magic `BC 0xC0DE`, or the wrapper's `0x0B17C0DE`)?
pub fn is_bitcode(src: &[u8]) -> bool {
    src.starts_with(b"BC\xC0\xDE") || src.starts_with(&[0xDE, 0xC0, 0x17, 0x0B])
}

/// Whether two outputs of `llrs fmt` are the same text, their `; ModuleID` lines aside (they
/// name the input as it was given).
pub fn same_text(a: &[u8], b: &[u8]) -> bool {
    fn body(t: &[u8]) -> &[u8] {
        if t.starts_with(b"; ModuleID = ") {
            t.iter().position(|&c| c == b'\n').map_or(&[][..], |k| &t[k + 1..])
        } else {
            t
        }
    }
    body(a) == body(b)
}

/// Is `file_name` a bitcode file by its `.bc` ending? `llvm-dis` reads whatever it is given as
/// bitcode, so such a file is read as bitcode whatever its first bytes (and rejected with
/// `llvm-dis`'s message when they are not bitcode's).
pub fn is_bitcode_name(file_name: &str) -> bool {
    file_name.ends_with(".bc")
}

/// Is `file_name` Machine IR (by its `.mir` ending, as llc decides)?
pub fn is_mir(file_name: &str) -> bool {
    file_name.ends_with(".mir")
}

/// Formats the source text `src` of the file named `file_name` (as given on the command line, or
/// `<stdin>`): the whole output of `llrs fmt`, starting with the `; ModuleID = 'FILE'` line.
pub fn format_source(src: &[u8], file_name: &str) -> Result<Vec<u8>, FmtError> {
    let module = parse_source(src, file_name)?;
    let text = render(&module, file_name, src.len());
    super::drop_in_background(module);
    Ok(text)
}

/// Reads the source text of `file_name` into a module (Machine IR is refused), as
/// [`load_source`] does, leaving out its warnings.
pub fn parse_source(src: &[u8], file_name: &str) -> Result<llrs_ir::Module, FmtError> {
    load_source(src, file_name).map(|loaded| loaded.module)
}

/// A module as `llvm-as` reads it, with what LLVM prints on stderr while reading it.
pub struct Loaded {
    /// The module.
    pub module: llrs_ir::Module,
    /// The lines LLVM prints as warnings (without final newlines), in order.
    pub warnings: Vec<String>,
}

/// Reads the source text of `file_name` into a module as `llvm-as` does: parsed, then verified
/// when it holds debug info of the current version; debug info LLVM finds invalid is dropped
/// with LLVM's warning (`UpgradeDebugInfo`), after the verifier's messages. Then the module is
/// verified (`llvm-as`'s `verifyModule`, where invalid debug info left is an error too).
pub fn load_source(src: &[u8], file_name: &str) -> Result<Loaded, FmtError> {
    check_module(read_module(src, file_name)?, file_name)
}

/// The first half of [`load_source`]: the module parsed, not verified yet.
pub fn read_module(src: &[u8], file_name: &str) -> Result<llrs_ir::Module, FmtError> {
    if is_bitcode(src) || is_bitcode_name(file_name) {
        return read_bitcode(src, file_name);
    }
    if is_mir(file_name) {
        return Err(FmtError::Unsupported { file: file_name.to_string(), what: "Machine IR (.mir)" });
    }
    Ok(llrs_asm::parse_module(src, file_name)?)
}

/// [`read_module`], handing `release` the text as it is read through (see
/// [`llrs_asm::parse_module_releasing`]).
pub fn read_module_releasing<'a>(
    src: &'a [u8],
    file_name: &str,
    release: &'a (dyn Fn(std::ops::Range<usize>) + Sync),
) -> Result<llrs_ir::Module, FmtError> {
    if is_bitcode(src) || is_bitcode_name(file_name) {
        return read_bitcode(src, file_name);
    }
    if is_mir(file_name) {
        return Err(FmtError::Unsupported { file: file_name.to_string(), what: "Machine IR (.mir)" });
    }
    Ok(llrs_asm::parse_module_releasing(src, file_name, release)?)
}

/// A bitcode file read as `llvm-dis` reads it (the module's source file name defaults to the
/// file's name).
pub fn read_bitcode(src: &[u8], file_name: &str) -> Result<llrs_ir::Module, FmtError> {
    llrs_bitcode::read_named(src, file_name).map_err(|error| FmtError::Bitcode { file: file_name.to_string(), error })
}

/// The second half of [`load_source`], on a module just parsed (its source may be gone: the
/// verifier's messages name no position in it).
pub fn check_module(module: llrs_ir::Module, file_name: &str) -> Result<Loaded, FmtError> {
    check_module_with(module, file_name, |_| ()).map(|(loaded, _)| loaded)
}

/// [`check_module`], doing `alongside` with the module on another thread while it is first
/// verified: what that gives is handed back when the check leaves the module as it was (not
/// when invalid debug info is dropped from it).
pub fn check_module_with<T: Send>(
    module: llrs_ir::Module,
    file_name: &str,
    alongside: impl FnOnce(&llrs_ir::Module) -> T + Send,
) -> Result<(Loaded, Option<T>), FmtError> {
    check_read_module(module, file_name, false, alongside)
}

/// From this many instructions on, the work beside the verifier gets a thread of its own.
const SIDE_THREAD_MIN: usize = 20_000;

/// [`check_module_with`] for a module read from text (`bitcode` false: checked as `llvm-as`
/// checks it) or from bitcode (as `llvm-dis` reads it: only `UpgradeDebugInfo`'s check, when the
/// module holds debug info of the current version).
pub fn check_read_module<T: Send>(
    mut module: llrs_ir::Module,
    file_name: &str,
    bitcode: bool,
    alongside: impl FnOnce(&llrs_ir::Module) -> T + Send,
) -> Result<(Loaded, Option<T>), FmtError> {
    let mut warnings = Vec::new();
    if let (Some(v), false) = (module.stripped_debug_version, bitcode) {
        warnings.push(format!("warning: ignoring debug info with an invalid version ({v}) in {file_name}"));
    }
    let version = llrs_ir::debug_strip::debug_metadata_version(&module);
    if bitcode && version != llrs_ir::debug_strip::DEBUG_METADATA_VERSION {
        let extra = alongside(&module);
        return Ok((Loaded { module, warnings }, Some(extra)));
    }
    let mut verified = false;
    // The work beside the verifier gets a thread of its own, not a task on the pool: the
    // system shares the cores between it and the verifier's runs however they end.
    let (report, mut extra) = if rayon::current_num_threads() > 1
        && llrs_ir::runs::function_sizes(&module).iter().sum::<usize>() >= SIDE_THREAD_MIN
    {
        std::thread::scope(|s| {
            let side = s.spawn(|| alongside(&module));
            let report = llrs_verify::verify(&module);
            (report, side.join().ok())
        })
    } else {
        (llrs_verify::verify(&module), Some(alongside(&module)))
    };
    if version == llrs_ir::debug_strip::DEBUG_METADATA_VERSION {
        if report.is_broken() {
            // `UpgradeDebugInfo`: a broken module is a fatal error, whatever its debug info
            // (LLVM prints the whole report, then aborts).
            let messages = report.render(&module, file_name).lines().map(str::to_string).collect();
            let errors = llrs_verify::errors_of(&report, &module).0;
            return Err(FmtError::Verify { warnings, messages, errors });
        }
        if report.broken_debug_info() {
            let mut p = llrs_asm::ValuePrinter::new(&module);
            for d in report.debug_info() {
                let mut text = String::new();
                report.render_one(d, &mut p, file_name, &mut text);
                warnings.extend(text.lines().map(str::to_string));
            }
            drop(p);
            warnings.push(format!("warning: ignoring invalid debug info in {file_name}"));
            llrs_ir::debug_strip::strip_debug_info(&mut module);
            extra = None;
        } else {
            // The same module again would give the same report.
            verified = true;
        }
    }
    if !verified && !bitcode {
        // The first report is of this module when it was not stripped.
        let report = match extra.is_some() {
            true => report,
            false => llrs_verify::verify(&module),
        };
        if report.is_broken() || report.broken_debug_info() {
            let messages = report.render(&module, file_name).lines().map(str::to_string).collect();
            let errors = llrs_verify::errors_of(&report, &module).0;
            return Err(FmtError::Verify { warnings, messages, errors });
        }
    }
    Ok((Loaded { module, warnings }, extra))
}

/// The whole output of `llrs fmt` for a module read from `file_name`: the `; ModuleID` line and
/// the module as `llvm-dis` prints it. `size_hint` is the input's size, to size the buffer once.
pub fn render(module: &llrs_ir::Module, file_name: &str, size_hint: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(size_hint + size_hint / 16 + file_name.len() + 20);
    out.extend_from_slice(&module_id_line(file_name));
    llrs_asm::print_module_into(module, out)
}

/// The line `llvm-dis` starts with: `; ModuleID = 'FILE'`.
pub fn module_id_line(file_name: &str) -> Vec<u8> {
    let mut line = Vec::with_capacity(file_name.len() + 16);
    line.extend_from_slice(b"; ModuleID = '");
    line.extend_from_slice(file_name.as_bytes());
    line.extend_from_slice(b"'\n");
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mir_is_refused_with_a_position() {
        let err = format_source(b"--- |\n", "a/b.finalize-isel.mir").unwrap_err();
        assert_eq!(err.to_string(), "a/b.finalize-isel.mir:1:1: error: Machine IR (.mir) is not supported yet");
    }

    #[test]
    fn invalid_debug_info_is_dropped_with_a_warning() {
        let src = b"define void @f() !dbg !1 {\n  ret void\n}\n!1 = distinct !DISubprogram()\n\
            !llvm.module.flags = !{!0}\n!0 = !{i32 2, !\"Debug Info Version\", i32 3}\n";
        let loaded = load_source(src, "t.ll").expect("reads");
        assert_eq!(
            loaded.warnings,
            [
                "subprogram definitions must have a compile unit",
                "!1 = distinct !DISubprogram(scope: null, spFlags: DISPFlagDefinition)",
                "warning: ignoring invalid debug info in t.ll"
            ]
        );
        let out = String::from_utf8(render(&loaded.module, "t.ll", 0)).expect("utf-8");
        assert!(out.contains("define void @f() {\n"), "{out}");
        assert!(!out.contains("DISubprogram"), "{out}");
    }

    #[test]
    fn debug_info_of_another_version_is_dropped_with_a_warning_when_there_is_some() {
        let src = b"define void @f() !dbg !1 {\n  ret void\n}\n!1 = distinct !DISubprogram()\n\
            !llvm.module.flags = !{!0}\n!0 = !{i32 2, !\"Debug Info Version\", i32 2}\n";
        let loaded = load_source(src, "t.ll").expect("reads");
        assert_eq!(loaded.warnings, ["warning: ignoring debug info with an invalid version (2) in t.ll"]);
        // Nothing to drop: no warning (LLVM warns only when stripping changed the module).
        let src = b"define void @f() {\n  ret void\n}\n";
        assert!(load_source(src, "t.ll").expect("reads").warnings.is_empty());
    }

    #[test]
    fn debug_info_left_after_stripping_is_verified() {
        let src = b"!named = !{!0}\n!0 = !DIExpression(DW_OP_entry_value, 1)\n";
        let err = load_source(src, "t.ll").err().expect("does not verify");
        assert_eq!(
            err.to_string(),
            "llrs: assembly parsed, but does not verify as correct!\ninvalid expression\n!DIExpression(163, 1)"
        );
    }

    #[test]
    fn mir_detection_is_by_ending() {
        assert!(is_mir("x.mir"));
        assert!(!is_mir("x.mir.canon"));
        assert!(!is_mir("x.ll"));
    }
}
