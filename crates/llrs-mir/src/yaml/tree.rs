//! An owned YAML node tree with source marks, built document by document from
//! `saphyr-parser`'s events (the shape LLVM's `yaml::Input` walks: its `HNode`s).

use std::borrow::Cow;

use saphyr_parser::{Event, Parser, ScalarStyle, ScanError, Span, StrInput};

/// A position in the source: 1-based line, 1-based column (in characters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mark {
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub col: u32,
}

impl Mark {
    fn from_marker(m: saphyr_parser::Marker) -> Mark {
        Mark { line: m.line() as u32, col: m.col() as u32 + 1 }
    }
}

/// How a scalar was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// A plain scalar.
    Plain,
    /// `'...'`.
    SingleQuoted,
    /// `"..."`.
    DoubleQuoted,
    /// A `|` or `>` block scalar.
    Block,
}

/// One node of a document.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// No value at all (`key:` followed by nothing): LLVM's `NullNode`.
    Null,
    /// An alias (`*name`): LLVM's reader has no use for them (`unknown node kind`).
    Alias,
    /// A scalar and how it was written.
    Scalar(String, Style),
    /// A sequence.
    Seq(Vec<Node>),
    /// A mapping: keys (scalars) and values, in source order.
    Map(Vec<(Node, Node)>),
}

/// A node and where it starts.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    /// What the node holds.
    pub kind: Kind,
    /// Where it starts (for a quoted scalar: its opening quote).
    pub start: Mark,
    /// A mapping or sequence written in flow style (`{ }`, `[ ]`).
    pub flow: bool,
}

impl Node {
    /// The scalar's text, if this is a scalar.
    pub fn scalar(&self) -> Option<&str> {
        match &self.kind {
            Kind::Scalar(s, _) => Some(s),
            _ => None,
        }
    }
}

/// A YAML syntax error: LLVM's message where the scanner's error has an LLVM equivalent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// Where.
    pub at: Mark,
    /// The message.
    pub message: String,
}

/// One document of the stream.
#[derive(Debug)]
pub struct Document {
    /// The root node (`Kind::Null` for an empty document).
    pub root: Node,
}

/// Reads a YAML stream one document at a time.
pub struct DocReader<'a> {
    parser: Parser<'a, StrInput<'a>>,
    done: bool,
    src: &'a str,
    ascii: bool,
    /// A (character index, byte offset) pair, to turn the parser's character indices into bytes.
    cursor: (usize, usize),
    /// The lines before `src` in the file it was taken from (added to every mark).
    line_base: u32,
}

/// How deep nodes may nest before the reader gives up (no unbounded memory on odd input).
const MAX_DEPTH: usize = 10_000;

impl<'a> DocReader<'a> {
    /// A reader over `src`.
    pub fn new(src: &'a str) -> Self {
        Self::at_line(src, 0)
    }

    /// A reader over `src`, a part of a file that starts after its first `line_base` lines:
    /// marks are given in the file's lines.
    pub fn at_line(src: &'a str, line_base: u32) -> Self {
        let parser = Parser::new_from_str(src);
        DocReader { parser, done: false, src, ascii: src.is_ascii(), cursor: (0, 0), line_base }
    }

    /// A mark of the parser, in the file's lines.
    fn mark(&self, m: saphyr_parser::Marker) -> Mark {
        let at = Mark::from_marker(m);
        Mark { line: at.line.saturating_add(self.line_base), col: at.col }
    }

    /// The byte at character index `index`.
    fn byte_at(&mut self, index: usize) -> Option<u8> {
        if self.ascii {
            return self.src.as_bytes().get(index).copied();
        }
        if index < self.cursor.0 {
            self.cursor = (0, 0);
        }
        let (mut ci, mut bi) = self.cursor;
        for c in self.src[bi..].chars() {
            if ci == index {
                break;
            }
            ci += 1;
            bi += c.len_utf8();
        }
        self.cursor = (ci, bi);
        self.src.as_bytes().get(bi).copied()
    }

    /// The next document, `Ok(None)` at the end of the stream.
    pub fn next_document(&mut self) -> Result<Option<Document>, SyntaxError> {
        if self.done {
            return Ok(None);
        }
        loop {
            let (ev, _span) = self.next()?;
            match ev {
                Event::StreamStart | Event::Nothing => continue,
                Event::StreamEnd => {
                    self.done = true;
                    return Ok(None);
                }
                Event::DocumentStart(_) => break,
                _ => continue,
            }
        }
        // The root node and the document end.
        let root = self.read_node()?;
        loop {
            let (ev, _) = self.next()?;
            if matches!(ev, Event::DocumentEnd) {
                break;
            }
            if matches!(ev, Event::StreamEnd) {
                self.done = true;
                break;
            }
        }
        Ok(Some(Document { root }))
    }

    fn next(&mut self) -> Result<(Event<'a>, Span), SyntaxError> {
        match self.parser.next_event() {
            Some(Ok(x)) => Ok(x),
            Some(Err(e)) => {
                self.done = true;
                let mut e = syntax_error(&e);
                e.at.line = e.at.line.saturating_add(self.line_base);
                Err(e)
            }
            None => {
                self.done = true;
                Err(SyntaxError { at: Mark::default(), message: "unexpected end of stream".into() })
            }
        }
    }

    /// Reads one node (iteratively: nesting costs heap, not stack).
    fn read_node(&mut self) -> Result<Node, SyntaxError> {
        enum Frame {
            Seq(Mark, bool, Vec<Node>),
            Map(Mark, bool, Vec<(Node, Node)>, Option<Node>),
        }
        let mut stack: Vec<Frame> = Vec::new();
        loop {
            let (ev, span) = self.next()?;
            let start = self.mark(span.start);
            let done = match ev {
                Event::Scalar(v, style, _, _) => Some(scalar_node(v, style, start, &span)),
                Event::Alias(_) => Some(Node { kind: Kind::Alias, start, flow: false }),
                Event::SequenceStart(..) => {
                    if stack.len() >= MAX_DEPTH {
                        return Err(SyntaxError { at: start, message: "nesting too deep".into() });
                    }
                    let flow = self.byte_at(span.start.index()) == Some(b'[');
                    stack.push(Frame::Seq(start, flow, Vec::new()));
                    None
                }
                Event::MappingStart(..) => {
                    if stack.len() >= MAX_DEPTH {
                        return Err(SyntaxError { at: start, message: "nesting too deep".into() });
                    }
                    let flow = self.byte_at(span.start.index()) == Some(b'{');
                    stack.push(Frame::Map(start, flow, Vec::new(), None));
                    None
                }
                Event::SequenceEnd => match stack.pop() {
                    Some(Frame::Seq(m, flow, items)) => Some(Node { kind: Kind::Seq(items), start: m, flow }),
                    _ => return Err(SyntaxError { at: start, message: "unbalanced sequence".into() }),
                },
                Event::MappingEnd => match stack.pop() {
                    Some(Frame::Map(m, flow, items, _)) => {
                        // LLVM places a mapping at its first key, in flow style too.
                        let start = items.first().map_or(m, |(k, _)| k.start);
                        Some(Node { kind: Kind::Map(items), start, flow })
                    }
                    _ => return Err(SyntaxError { at: start, message: "unbalanced mapping".into() }),
                },
                Event::DocumentEnd | Event::StreamEnd => {
                    return Err(SyntaxError { at: start, message: "unexpected end of document".into() })
                }
                _ => None,
            };
            let Some(node) = done else { continue };
            match stack.last_mut() {
                None => return Ok(node),
                Some(Frame::Seq(_, _, items)) => items.push(node),
                Some(Frame::Map(_, _, items, key)) => match key.take() {
                    None => *key = Some(node),
                    Some(k) => items.push((k, node)),
                },
            }
        }
    }
}

fn scalar_node(v: Cow<'_, str>, style: ScalarStyle, start: Mark, span: &Span) -> Node {
    let style = match style {
        ScalarStyle::Plain => Style::Plain,
        ScalarStyle::SingleQuoted => Style::SingleQuoted,
        ScalarStyle::DoubleQuoted => Style::DoubleQuoted,
        _ => Style::Block,
    };
    if style == Style::Plain && v.is_empty() && span.is_empty() {
        return Node { kind: Kind::Null, start, flow: false };
    }
    Node { kind: Kind::Scalar(v.into_owned(), style), start, flow: false }
}

/// Translates a scanner error to LLVM's wording where one is known.
fn syntax_error(e: &ScanError) -> SyntaxError {
    let info = e.info();
    let message = if info.contains("tab") {
        "Found invalid tab character in indentation"
    } else if info.contains("did not find expected key") || info.contains("expected key") {
        "Unexpected token. Expected Key or Block End (at the value indicator)"
    } else if info.contains("quoted scalar") {
        "Expected quote at end of scalar"
    } else if info.contains("mapping values are not allowed") {
        "Unexpected token. Expected Key or Block End (at the value indicator)"
    } else if info.contains("plain scalar cannot start") {
        "Unrecognized character while tokenizing."
    } else if info.contains("only valid inside a block")
        || info.contains("did not find expected ',' or '}'")
        || info.contains("flow mapping")
    {
        "Unexpected token. Expected Key, Flow Entry, or Flow Mapping End."
    } else if info.contains("did not find expected ',' or ']'") || info.contains("flow sequence") {
        "Could not find closing ]!"
    } else if info.contains("unexpected character") || info.contains("cannot start any token") {
        "Unrecognized character while tokenizing."
    } else {
        info
    };
    SyntaxError { at: Mark::from_marker(*e.marker()), message: message.to_string() }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn docs(src: &str) -> Vec<Node> {
        let mut r = DocReader::new(src);
        let mut out = Vec::new();
        while let Some(d) = r.next_document().unwrap() {
            out.push(d.root);
        }
        out
    }

    #[test]
    fn documents_and_marks() {
        let d = docs("--- |\n  hello\n...\n---\nname: foo\nx:\nl: [ 1, 2 ]\n...\n");
        assert_eq!(d.len(), 2);
        assert_eq!(d[0].kind, Kind::Scalar("hello\n".into(), Style::Block));
        let Kind::Map(items) = &d[1].kind else { panic!("not a map") };
        assert_eq!(items[0].0.scalar(), Some("name"));
        assert_eq!(items[0].1.start, Mark { line: 5, col: 7 });
        assert_eq!(items[1].1.kind, Kind::Null);
        assert!(matches!(&items[2].1.kind, Kind::Seq(v) if v.len() == 2));
        assert_eq!(d[1].start, Mark { line: 5, col: 1 });
    }

    #[test]
    fn syntax_errors_stop() {
        let mut r = DocReader::new("---\na: 'x\n");
        assert!(r.next_document().is_err());
        assert!(r.next_document().unwrap().is_none());
    }
}
