//! What the commands write on standard error, as LLVM writes it or (with `--message-format
//! json`) as one JSON object per line: `file`, `line` and `column` (for errors at a position),
//! `severity`, `message`, and for verifier errors the `values` the message names.

use super::fmt::FmtError;
use super::style::Styled;

/// Turns the commands' diagnostics into text for standard error, in the chosen format.
#[derive(Copy, Clone, Debug, Default)]
pub struct Reporter {
    /// One JSON object per line instead of LLVM's text.
    pub json: bool,
}

impl Reporter {
    /// A message of the tool's own (`llrs: error: ...`), about `file` when known.
    pub fn tool(self, file: Option<&str>, severity: &str, text: &str) -> Styled {
        if self.json {
            let message = text.strip_prefix("llrs: error: ").or_else(|| text.strip_prefix("llrs: ")).unwrap_or(text);
            let message = file.and_then(|f| message.strip_prefix(&format!("{f}: "))).unwrap_or(message);
            return object(serde_json::json!({ "file": file, "severity": severity, "message": message }));
        }
        Styled::labelled(text)
    }

    /// An error of reading `file` as `llvm-as` does (`llrs fmt`).
    pub fn error(self, file: &str, err: &FmtError) -> Styled {
        if self.json {
            return self.json_error(file, err);
        }
        match err {
            FmtError::Parse(d) => Styled::parse_error(d),
            other => Styled::labelled(&other.to_string()),
        }
    }

    /// An error of `llrs verify` on `file`: a syntax error as for `llrs fmt`; a module that does
    /// not verify gets the report and then opt's `llrs: FILE: error: input module is broken!`.
    pub fn verify_error(self, file: &str, err: &FmtError) -> Styled {
        match err {
            FmtError::Verify { warnings, messages, .. } if !self.json => {
                let mut text = String::new();
                for line in warnings.iter().chain(messages) {
                    text.push_str(line);
                    text.push('\n');
                }
                text.push_str(&format!("llrs: {file}: error: input module is broken!"));
                Styled::labelled(&text)
            }
            _ => self.error(file, err),
        }
    }

    fn json_error(self, file: &str, err: &FmtError) -> Styled {
        match err {
            FmtError::Parse(d) => object(serde_json::json!({
                "file": d.file, "line": d.line, "column": d.col, "severity": "error", "message": d.message,
            })),
            FmtError::Unsupported { .. } => self.tool(Some(file), "error", &err.to_string()),
            FmtError::Bitcode { error, .. } => object(serde_json::json!({
                "file": file, "severity": "error", "message": error.message,
            })),
            FmtError::Verify { warnings, errors, .. } => {
                let mut s = self.warnings(file, warnings);
                for e in errors {
                    let severity = if e.kind == llrs_verify::Kind::DebugInfo { "warning" } else { "error" };
                    s.append(object(serde_json::json!({
                        "file": file, "severity": severity, "message": e.message, "values": e.values,
                    })));
                }
                s
            }
        }
    }

    /// A Machine IR error, as llc prints it.
    pub fn mir_error(self, e: &llrs_mir::Error) -> Styled {
        if !self.json {
            return Styled::mir_error(e);
        }
        match e.pos {
            Some((line, col)) => object(serde_json::json!({
                "file": e.file, "line": line, "column": col, "severity": "error", "message": e.message,
            })),
            None => object(serde_json::json!({ "file": e.file, "severity": "error", "message": e.message })),
        }
    }

    /// LLVM's warnings while reading `file` (nothing when there are none).
    pub fn warnings(self, file: &str, lines: &[String]) -> Styled {
        if lines.is_empty() {
            return Styled::default();
        }
        if !self.json {
            return Styled::labelled(&lines.join("\n"));
        }
        let mut s = Styled::default();
        for l in lines.iter().filter_map(|l| l.strip_prefix("warning: ")) {
            s.append(object(serde_json::json!({ "file": file, "severity": "warning", "message": l })));
        }
        s
    }
}

/// One JSON object on a line.
fn object(v: serde_json::Value) -> Styled {
    Styled::plain(v.to_string())
}
