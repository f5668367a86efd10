//! `llrs fmt`: read LLVM IR and print it exactly as `llvm-as X.ll -o - | llvm-dis` would.

use std::fmt;

/// Why `llrs fmt` could not format its input. `Display` gives the text for stderr (no final newline).
#[derive(Debug)]
pub enum FmtError {
    /// A syntax error, in LLVM's form: `FILE:LINE:COL: error: MESSAGE`, the source line, a caret.
    Parse(llrs_asm::Diagnostic),
    /// An input llrs recognises but cannot read yet, such as Machine IR.
    Unsupported { file: String, what: &'static str },
}

impl fmt::Display for FmtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FmtError::Parse(diag) => diag.fmt(f),
            FmtError::Unsupported { file, what } => write!(f, "{file}:1:1: error: {what} is not supported yet"),
        }
    }
}

impl std::error::Error for FmtError {}

impl From<llrs_asm::Diagnostic> for FmtError {
    fn from(diag: llrs_asm::Diagnostic) -> Self {
        FmtError::Parse(diag)
    }
}

/// Is `file_name` Machine IR (by its `.mir` ending, as llc decides)?
pub fn is_mir(file_name: &str) -> bool {
    file_name.ends_with(".mir")
}

/// Formats the source text `src` of the file named `file_name` (as given on the command line, or
/// `<stdin>`): the whole output of `llrs fmt`, starting with the `; ModuleID = 'FILE'` line.
pub fn format_source(src: &[u8], file_name: &str) -> Result<Vec<u8>, FmtError> {
    let module = parse_source(src, file_name)?;
    Ok(render(&module, file_name, src.len()))
}

/// Reads the source text of `file_name` into a module (Machine IR is refused).
pub fn parse_source(src: &[u8], file_name: &str) -> Result<llrs_ir::Module, FmtError> {
    if is_mir(file_name) {
        return Err(FmtError::Unsupported { file: file_name.to_string(), what: "Machine IR (.mir)" });
    }
    Ok(llrs_asm::parse_module(src, file_name)?)
}

/// The whole output of `llrs fmt` for a module read from `file_name`: the `; ModuleID` line and
/// the module as `llvm-dis` prints it. `size_hint` is the input's size, to size the buffer once.
pub fn render(module: &llrs_ir::Module, file_name: &str, size_hint: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(size_hint + size_hint / 16 + file_name.len() + 20);
    out.extend_from_slice(b"; ModuleID = '");
    out.extend_from_slice(file_name.as_bytes());
    out.extend_from_slice(b"'\n");
    llrs_asm::print_module_into(module, out)
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
    fn mir_detection_is_by_ending() {
        assert!(is_mir("x.mir"));
        assert!(!is_mir("x.mir.canon"));
        assert!(!is_mir("x.ll"));
    }
}
