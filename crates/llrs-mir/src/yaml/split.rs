//! A YAML stream cut into parts at its document-start lines, so that the parts can be read on
//! several threads.
//!
//! saphyr's scanner takes a line that is `---` followed by a blank or the line's end as a
//! document start wherever it is: at the start of a line it is checked before any other token,
//! it ends block scalars (by their indentation, or as a document marker where a scalar has
//! none) and plain scalars, and it is an error inside a quoted scalar. So each part, read on its
//! own, gives the documents the whole stream gives there, unless the stream is not well formed
//! there: a reader of the parts falls back to reading the whole stream in order on any syntax
//! error. One document reads differently on its own: an empty one at the end of a part, which
//! the next part's `---` ends in the stream (an empty plain scalar) and the end of the part ends
//! alone (no node at all); [`read_part`] gives up on it.

use crate::yaml::tree::{DocReader, Document, Kind};

/// A part of a stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    /// Its first byte.
    pub start: usize,
    /// Its last byte, exclusive.
    pub end: usize,
    /// The lines of the stream before it.
    pub line_base: u32,
}

/// The parts of `src`, each but the first starting with a document-start line (the first one
/// holds what comes before the second, possibly nothing). `None` where the stream has what
/// cannot be read in parts: a directive (`%` at the start of a line, which belongs to the
/// document after it), or a carriage return (lines are counted at `\n` only; saphyr counts a
/// lone `\r` as a line break too).
pub fn split_documents(src: &str) -> Option<Vec<Part>> {
    let bytes = src.as_bytes();
    if bytes.first() == Some(&b'%') || memchr::memchr(b'\r', bytes).is_some() {
        return None;
    }
    if memchr::memmem::find(bytes, b"\n%").is_some() {
        return None;
    }
    let is_start =
        |at: usize| bytes[at..].starts_with(b"---") && matches!(bytes.get(at + 3), None | Some(b' ' | b'\t' | b'\n'));
    let mut parts = Vec::new();
    let (mut start, mut line_base) = (0usize, 0u32);
    for nl in memchr::memmem::find_iter(bytes, b"\n---") {
        let at = nl + 1;
        if !is_start(at) || at == start {
            continue;
        }
        let lines = memchr::memchr_iter(b'\n', &bytes[start..at]).count();
        parts.push(Part { start, end: at, line_base });
        start = at;
        line_base = line_base.saturating_add(u32::try_from(lines).unwrap_or(u32::MAX));
    }
    parts.push(Part { start, end: bytes.len(), line_base });
    Some(parts)
}

/// The documents of `part` of `src` (`last`: the stream's last part); `None` where the part is
/// not well formed YAML alone, or ends with an empty document (see the module's note).
pub fn read_part(src: &str, part: &Part, last: bool) -> Option<Vec<Document>> {
    let mut reader = DocReader::at_line(&src[part.start..part.end], part.line_base);
    let mut docs = Vec::new();
    while let Some(doc) = reader.next_document().ok()? {
        docs.push(doc);
    }
    if !last && docs.last().is_some_and(|d| matches!(d.root.kind, Kind::Null)) {
        return None;
    }
    Some(docs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::tree::Node;

    fn read_all(src: &str, line_base: u32) -> Vec<Node> {
        let mut r = DocReader::at_line(src, line_base);
        let mut out = Vec::new();
        while let Some(d) = r.next_document().unwrap() {
            out.push(d.root);
        }
        out
    }

    /// The parts read one by one give the documents, marks included, that the whole stream gives.
    #[test]
    fn parts_read_as_the_whole() {
        let src = "# c\n--- |\n  define void @f() {\n  ---x\n  }\n\n...\n---\nname: f\nbody: |\n  bb.0:\n    RET 0\n...\n--- # c\n...\n---\nname: g\nx: 'a\n\n  b'\nl: [ 1,\n  2 ]\n---x: 1\n--- !tag\nname: h\n";
        let parts = split_documents(src).unwrap();
        let starts: Vec<usize> = parts.iter().map(|p| p.start).collect();
        let want: Vec<usize> = ["--- |", "---\nname: f", "--- # c", "---\nname: g", "--- !tag"]
            .iter()
            .map(|s| src.find(s).unwrap())
            .collect();
        assert_eq!(starts[1..], want[..]);
        assert_eq!(starts[0], 0);
        let mut joined = Vec::new();
        for (i, p) in parts.iter().enumerate() {
            joined.extend(read_part(src, p, i + 1 == parts.len()).unwrap().into_iter().map(|d| d.root));
        }
        assert_eq!(joined, read_all(src, 0));
        assert_eq!(parts.last().unwrap().end, src.len());
    }

    /// An empty document is an empty scalar before a `---` and no node at the end of the stream.
    #[test]
    fn empty_document_at_the_end_of_a_part() {
        let src = "---\na: 1\n---\n---\nb: 1\n---\n";
        let parts = split_documents(src).unwrap();
        assert_eq!(parts.len(), 4);
        assert!(read_part(src, &parts[1], false).is_none());
        assert!(read_part(src, &parts[3], true).is_some());
        let whole = read_all(src, 0);
        assert_eq!(whole[1].kind, Kind::Scalar(String::new(), crate::yaml::tree::Style::Plain));
        assert_eq!(whole[3].kind, Kind::Null);
    }

    #[test]
    fn streams_not_cut() {
        assert!(split_documents("%YAML 1.2\n---\na: 1\n").is_none());
        assert!(split_documents("---\na: 1\n%TAG ! x\n---\n").is_none());
        assert!(split_documents("---\r\na: 1\r\n").is_none());
        assert_eq!(split_documents("a: 1\n").unwrap(), vec![Part { start: 0, end: 5, line_base: 0 }]);
    }
}
