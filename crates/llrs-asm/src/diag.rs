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

/// LLVM's tab stop when it prints a source line.
const TAB_STOP: usize = 8;

impl fmt::Display for Diagnostic {
    /// As LLVM's `SMDiagnostic::print`: tabs of the source line are expanded to the next tab
    /// stop, and the caret line follows them, so the caret stands under the column.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}:{}:{}: error: {}", self.file, self.line, self.col, self.message)?;
        let caret_at = self.col.saturating_sub(1) as usize;
        let (mut line, mut caret) = (String::new(), String::new());
        for (k, b) in self.source_line.bytes().enumerate() {
            if b == b'\t' {
                loop {
                    line.push(' ');
                    if k < caret_at {
                        caret.push(' ');
                    }
                    if line.len() % TAB_STOP == 0 {
                        break;
                    }
                }
            } else {
                line.push(b as char);
                if k < caret_at {
                    caret.push(' ');
                }
            }
        }
        if !self.source_line.contains('\t') {
            line = self.source_line.clone();
        }
        // A caret past the end of the line (at the end of the file) still gets its column.
        let shown = self.source_line.len().min(caret_at);
        caret.push_str(&" ".repeat(caret_at - shown));
        writeln!(f, "{line}")?;
        write!(f, "{caret}^")
    }
}

impl std::error::Error for Diagnostic {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tabs_are_expanded_and_the_caret_follows() {
        let d = Diagnostic::new("t.ll", b"\tret i32 \tfoo\n", 10, "bad".into());
        assert_eq!(d.col, 11);
        assert_eq!(d.to_string(), format!("t.ll:1:11: error: bad\n        ret i32         foo\n{}^", " ".repeat(24)));
    }

    #[test]
    fn lines_without_tabs_are_printed_as_they_are() {
        let d = Diagnostic::new("t.ll", b"  ret i32 foo\n", 10, "bad".into());
        assert_eq!(d.to_string(), "t.ll:1:11: error: bad\n  ret i32 foo\n          ^");
    }
}
