//! LLVM-style diagnostics: `FILE:LINE:COL: error: MESSAGE`, the source line and a caret.

use std::fmt;

/// An error found while reading text, located at a byte offset of the source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file name as given to the reader.
    pub file: String,
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in bytes from the start of the line.
    pub col: u32,
    /// LLVM's message.
    pub message: String,
    /// The bytes of the offending line, without its line end.
    pub source_line: Vec<u8>,
}

impl Diagnostic {
    /// Builds a diagnostic at byte `offset` of `src`, as `SourceMgr::GetMessage` finds the line
    /// (it ends at a `\n` or a `\r`).
    pub fn new(file: &str, src: &[u8], offset: usize, message: String) -> Self {
        let offset = offset.min(src.len());
        let is_end = |b: &u8| *b == b'\n' || *b == b'\r';
        let line_start = src[..offset].iter().rposition(is_end).map_or(0, |p| p + 1);
        let line_end = src[offset..].iter().position(is_end).map_or(src.len(), |p| offset + p);
        let line = src[..offset].iter().filter(|&&b| b == b'\n').count() as u32 + 1;
        let col = (offset - line_start) as u32 + 1;
        Diagnostic { file: file.to_string(), line, col, message, source_line: src[line_start..line_end].to_vec() }
    }

    /// The bytes `SMDiagnostic::print` writes: the location and message, then the source line
    /// with its tabs expanded and, unless the line has bytes that are not ASCII, the caret line
    /// (a caret on a tab fills the tab's width); every line ends with a newline.
    pub fn render(&self) -> Vec<u8> {
        let mut out = format!("{}:{}:{}: error: {}\n", self.file, self.line, self.col, self.message).into_bytes();
        let line = &self.source_line[..];
        print_source_line(&mut out, line);
        if line.iter().any(|&b| b & 0x80 != 0) {
            return out;
        }
        let n = line.len();
        let mut caret = vec![b' '; n + 1];
        caret[(self.col.saturating_sub(1) as usize).min(n)] = b'^';
        let keep = caret.iter().rposition(|&c| c != b' ').map_or(0, |p| p + 1);
        caret.truncate(keep);
        let mut col = 0usize;
        for (i, &c) in caret.iter().enumerate() {
            if line.get(i) != Some(&b'\t') {
                out.push(c);
                col += 1;
                continue;
            }
            loop {
                out.push(c);
                col += 1;
                if col.is_multiple_of(TAB_STOP) {
                    break;
                }
            }
        }
        out.push(b'\n');
        out
    }
}

/// LLVM's tab stop when it prints a source line.
const TAB_STOP: usize = 8;

/// `printSourceLine`: the line with each tab turned into at least one space, up to the next tab
/// stop, and a newline.
fn print_source_line(out: &mut Vec<u8>, line: &[u8]) {
    let mut col = 0usize;
    for &b in line {
        if b != b'\t' {
            out.push(b);
            col += 1;
            continue;
        }
        loop {
            out.push(b' ');
            col += 1;
            if col.is_multiple_of(TAB_STOP) {
                break;
            }
        }
    }
    out.push(b'\n');
}

impl fmt::Display for Diagnostic {
    /// [`Diagnostic::render`] without its last newline (bytes that are not UTF-8 shown as
    /// U+FFFD; [`Diagnostic::render`] has them as they are).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.render();
        let text = text.strip_suffix(b"\n").unwrap_or(&text);
        f.write_str(&String::from_utf8_lossy(text))
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

    #[test]
    fn a_caret_on_a_tab_fills_it() {
        let d = Diagnostic::new("t.ll", b"ab\tc\n", 2, "bad".into());
        assert_eq!(d.to_string(), "t.ll:1:3: error: bad\nab      c\n  ^^^^^^");
    }

    #[test]
    fn lines_with_other_bytes_have_no_caret_and_keep_their_bytes() {
        let d = Diagnostic::new("t.ll", b"x \xff\ty\r\nz", 0, "bad".into());
        assert_eq!(d.render(), b"t.ll:1:1: error: bad\nx \xff     y\n".to_vec());
        let d = Diagnostic::new("t.ll", b"\"\xc3\xa9\" x", 5, "bad".into());
        assert_eq!(d.render(), "t.ll:1:6: error: bad\n\"\u{e9}\" x\n".as_bytes().to_vec());
    }
}
