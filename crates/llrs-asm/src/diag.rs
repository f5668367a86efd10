//! LLVM-style diagnostics: `FILE:LINE:COL: error: MESSAGE`, the source line and a caret.

use std::fmt;

/// An error found while reading text, located at a byte offset of the source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file name as given to the reader.
    pub file: String,
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub col: u32,
    /// LLVM's message.
    pub message: String,
    /// The text of the offending line, without its newline.
    pub source_line: String,
}

impl Diagnostic {
    /// Builds a diagnostic at byte `offset` of `src`.
    pub fn new(file: &str, src: &[u8], offset: usize, message: String) -> Self {
        let offset = offset.min(src.len());
        let line_start = src[..offset].iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
        let line_end = src[offset..].iter().position(|&b| b == b'\n').map_or(src.len(), |p| offset + p);
        let line = src[..line_start].iter().filter(|&&b| b == b'\n').count() as u32 + 1;
        let col = (offset - line_start) as u32 + 1;
        Diagnostic {
            file: file.to_string(),
            line,
            col,
            message,
            source_line: String::from_utf8_lossy(&src[line_start..line_end]).into_owned(),
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}:{}:{}: error: {}", self.file, self.line, self.col, self.message)?;
        writeln!(f, "{}", self.source_line)?;
        write!(f, "{}^", " ".repeat(self.col.saturating_sub(1) as usize))
    }
}

impl std::error::Error for Diagnostic {}
