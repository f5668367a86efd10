//! Diagnostics as text with the parts LLVM colours marked (`WithColor`, `SMDiagnostic::print`):
//! printed plain they are byte for byte what LLVM prints; on a terminal, `error:` is bold red,
//! `warning:` bold magenta, `note:` bold black, the `FILE:LINE:COL:` prefix and the message
//! bold, and the caret line bold green.

use std::io::{self, Write};

use anstyle::{AnsiColor, Style};

/// How a part of a diagnostic is shown on a terminal.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Paint {
    /// As it is.
    Plain,
    /// Bold: a location prefix (`FILE:LINE:COL: `) or the message after a label.
    Bold,
    /// The `error: ` label: bold red.
    Error,
    /// The `warning: ` label: bold magenta.
    Warning,
    /// The `note: ` label: bold black (grey on most terminals).
    Note,
    /// The caret line under a source line: bold green.
    Caret,
}

impl Paint {
    /// The terminal style of this part.
    pub fn style(self) -> Style {
        let bold = Style::new().bold();
        match self {
            Paint::Plain => Style::new(),
            Paint::Bold => bold,
            Paint::Error => bold.fg_color(Some(AnsiColor::Red.into())),
            Paint::Warning => bold.fg_color(Some(AnsiColor::Magenta.into())),
            Paint::Note => bold.fg_color(Some(AnsiColor::Black.into())),
            Paint::Caret => bold.fg_color(Some(AnsiColor::Green.into())),
        }
    }
}

/// A block of text for standard error, ending with a newline, made of parts that may be
/// painted. [`Styled::plain`] is the text itself.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Styled {
    /// The parts, as bytes: a source line is shown as it is, UTF-8 or not.
    parts: Vec<(Paint, Vec<u8>)>,
}

impl Styled {
    /// Unpainted text, and a newline.
    pub fn plain(text: impl Into<String>) -> Self {
        let mut s = Styled::default();
        s.push(Paint::Plain, text.into() as String).push(Paint::Plain, "\n");
        s
    }

    /// Appends `text` painted with `paint`.
    pub fn push(&mut self, paint: Paint, text: impl AsRef<[u8]>) -> &mut Self {
        let text = text.as_ref().to_vec();
        if !text.is_empty() {
            self.parts.push((paint, text));
        }
        self
    }

    /// Appends the other block.
    pub fn append(&mut self, other: Styled) -> &mut Self {
        self.parts.extend(other.parts);
        self
    }

    /// A syntax error as LLVM's `SMDiagnostic::print` shows it: the bold location, the red
    /// `error: ` label, the bold message, the source line, and the caret line in green.
    pub fn parse_error(d: &llrs_asm::Diagnostic) -> Self {
        let text = d.render();
        let mut s = Styled::default();
        let location = format!("{}:{}:{}: ", d.file, d.line, d.col);
        let mut lines = text.split_inclusive(|&b| b == b'\n');
        let header = lines.next().unwrap_or_default();
        let message = header.strip_prefix(location.as_bytes()).and_then(|h| h.strip_prefix(b"error: "));
        match message {
            Some(message) => {
                let message = message.strip_suffix(b"\n").unwrap_or(message);
                s.push(Paint::Bold, location).push(Paint::Error, "error: ").push(Paint::Bold, message);
                s.push(Paint::Plain, "\n");
            }
            None => {
                s.push(Paint::Plain, header);
            }
        }
        // The source line, then the caret line (when there is one).
        if let Some(source) = lines.next() {
            s.push(Paint::Plain, source);
        }
        let caret: Vec<u8> = lines.flatten().copied().collect();
        if !caret.is_empty() {
            s.push(Paint::Caret, caret);
        }
        s
    }

    /// A Machine IR error as llc shows it: with a position, as [`Styled::parse_error`];
    /// without, `FILE: error: MESSAGE`.
    pub fn mir_error(e: &llrs_mir::Error) -> Self {
        match e.pos {
            Some((line, col)) => Styled::parse_error(&llrs_asm::Diagnostic {
                file: e.file.clone(),
                line,
                col,
                message: e.message.clone(),
                source_line: e.source_line.clone().into_bytes(),
            }),
            None => {
                let mut s = Styled::default();
                s.push(Paint::Bold, format!("{}: ", e.file)).push(Paint::Error, "error: ");
                s.push(Paint::Bold, format!("{}\n", e.message));
                s
            }
        }
    }

    /// Lines of text, and a newline (as `errs() << text << '\n'`), where a line starting with a label (`error: `, `warning: `, `note: `), or
    /// with the tool's name and then a label (`llrs: error: `, `llrs: FILE: error: `), gets
    /// the label painted as `WithColor::error(OS, Prefix)` paints it (the prefix and the
    /// message stay plain). Other lines are plain.
    pub fn labelled(text: &str) -> Self {
        let mut s = Styled::default();
        for line in text.split_inclusive('\n') {
            match find_label(line) {
                Some((at, paint, len)) => {
                    s.push(Paint::Plain, &line[..at])
                        .push(paint, &line[at..at + len])
                        .push(Paint::Plain, &line[at + len..]);
                }
                None => {
                    s.push(Paint::Plain, line);
                }
            }
        }
        s.push(Paint::Plain, "\n");
        s
    }

    /// The text without colours: what LLVM prints when its output is not a terminal (bytes
    /// that are not UTF-8 shown as U+FFFD).
    pub fn to_plain(&self) -> String {
        let bytes: Vec<u8> = self.parts.iter().flat_map(|(_, t)| t.iter().copied()).collect();
        String::from_utf8_lossy(&bytes).into_owned()
    }

    /// Writes the text to `w`, with terminal colours when `color`. Each painted part is reset
    /// before a newline it contains ends, so that nothing leaks onto the next line.
    pub fn write_to(&self, w: &mut dyn Write, color: bool) -> io::Result<()> {
        if !color {
            for (_, t) in &self.parts {
                w.write_all(t)?;
            }
            return Ok(());
        }
        let mut out: Vec<u8> = Vec::new();
        for (paint, t) in &self.parts {
            let style = paint.style();
            if style == Style::new() {
                out.extend_from_slice(t);
                continue;
            }
            // Paint each line's text apart from its newline.
            for piece in t.split_inclusive(|&b| b == b'\n') {
                let (body, nl): (&[u8], &[u8]) = match piece.strip_suffix(b"\n") {
                    Some(b) => (b, b"\n"),
                    None => (piece, b""),
                };
                if !body.is_empty() {
                    out.extend_from_slice(style.render().to_string().as_bytes());
                    out.extend_from_slice(body);
                    out.extend_from_slice(style.render_reset().to_string().as_bytes());
                }
                out.extend_from_slice(nl);
            }
        }
        w.write_all(&out)
    }
}

/// Where the label of `line` starts (at the start, or after `llrs: ` and possibly one more
/// `NAME: `), its paint and its length.
fn find_label(line: &str) -> Option<(usize, Paint, usize)> {
    const LABELS: [(&str, Paint); 3] =
        [("error: ", Paint::Error), ("warning: ", Paint::Warning), ("note: ", Paint::Note)];
    let label_at =
        |at: usize| LABELS.iter().find(|(l, _)| line[at..].starts_with(l)).map(|&(l, paint)| (at, paint, l.len()));
    if let Some(found) = label_at(0) {
        return Some(found);
    }
    let rest = line.strip_prefix("llrs: ")?;
    let at = line.len() - rest.len();
    if let Some(found) = label_at(at) {
        return Some(found);
    }
    // `llrs: FILE: error: ...`: the file name ends at the last `: ` before the label.
    LABELS.iter().find_map(|&(l, paint)| rest.find(&format!(": {l}")).map(|k| (at + k + 2, paint, l.len())))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn colored(s: &Styled) -> String {
        let mut out = Vec::new();
        s.write_to(&mut out, true).expect("write to a vector");
        String::from_utf8(out).expect("utf-8")
    }

    #[test]
    fn parse_error_plain_is_the_diagnostic() {
        let d = llrs_asm::Diagnostic {
            file: "t.ll".into(),
            line: 2,
            col: 3,
            message: "expected type".into(),
            source_line: b"\tx y".to_vec(),
        };
        let s = Styled::parse_error(&d);
        assert_eq!(s.to_plain(), format!("{d}\n"));
        assert_eq!(
            colored(&s),
            "\x1b[1mt.ll:2:3: \x1b[0m\x1b[1m\x1b[31merror: \x1b[0m\x1b[1mexpected type\x1b[0m\n        x y\n\
             \x1b[1m\x1b[32m         ^\x1b[0m\n"
        );
    }

    #[test]
    fn labels_are_found_after_the_tool_and_a_file() {
        let s = Styled::labelled("llrs: t.ll: error: input module is broken!");
        assert_eq!(s.to_plain(), "llrs: t.ll: error: input module is broken!\n");
        assert_eq!(colored(&s), "llrs: t.ll: \x1b[1m\x1b[31merror: \x1b[0minput module is broken!\n");
        let s = Styled::labelled(
            "Instruction does not dominate all uses!\n  %x\nwarning: ignoring invalid debug info in t.ll",
        );
        assert_eq!(
            colored(&s),
            "Instruction does not dominate all uses!\n  %x\n\x1b[1m\x1b[35mwarning: \x1b[0mignoring invalid debug info in t.ll\n"
        );
        let s = Styled::labelled("llrs: error: could not open x: no");
        assert_eq!(colored(&s), "llrs: \x1b[1m\x1b[31merror: \x1b[0mcould not open x: no\n");
    }

    #[test]
    fn plain_text_is_unchanged() {
        for text in ["", "a\n", "a", "error: x\n\x1b[31mraw\n", "x\n\n"] {
            let s = Styled::labelled(text);
            let want = format!("{text}\n");
            assert_eq!(s.to_plain(), want);
            let mut out = Vec::new();
            s.write_to(&mut out, false).expect("write");
            assert_eq!(out, want.as_bytes());
        }
    }
}
