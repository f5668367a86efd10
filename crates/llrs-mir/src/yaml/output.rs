//! A YAML writer that prints as LLVM's `yaml::Output` does: the same state machine, the same
//! key padding (values at column 17 of their mapping), flow mappings wrapped past column 70,
//! `[]`/`{}` for empty containers, and `needsQuotes`' quoting.

/// Where the writer is (LLVM's `InState`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum State {
    SeqFirst,
    SeqOther,
    FlowSeqFirst,
    FlowSeqOther,
    MapFirst,
    MapOther,
    FlowMapFirst,
    FlowMapOther,
}

/// How a scalar must be quoted (LLVM's `QuotingType`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Quoting {
    /// As is.
    None,
    /// `'...'`, quotes doubled.
    Single,
    /// `"..."`, escaped.
    Double,
}

/// LLVM's pending padding: a newline, nothing, or spaces after a key.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Padding {
    Newline,
    Text(&'static str),
}

const SPACES: &str = "                ";

/// The writer. Text goes to `out`.
pub struct Output<'o> {
    out: &'o mut String,
    stack: Vec<State>,
    padding: Padding,
    padding_before_container: Padding,
    column: usize,
    column_at_flow_start: usize,
    column_at_map_flow_start: usize,
    need_flow_seq_comma: bool,
    wrap_column: usize,
}

impl<'o> Output<'o> {
    /// A writer appending to `out`.
    pub fn new(out: &'o mut String) -> Self {
        Output {
            out,
            stack: Vec::new(),
            padding: Padding::Text(""),
            padding_before_container: Padding::Text(""),
            column: 0,
            column_at_flow_start: 0,
            column_at_map_flow_start: 0,
            need_flow_seq_comma: false,
            wrap_column: 70,
        }
    }

    fn output(&mut self, s: &str) {
        self.column += s.len();
        self.out.push_str(s);
    }

    fn output_up_to_end_of_line(&mut self, s: &str) {
        self.output(s);
        let in_flow = matches!(
            self.stack.last(),
            Some(State::FlowSeqFirst | State::FlowSeqOther | State::FlowMapFirst | State::FlowMapOther)
        );
        if !in_flow {
            self.padding = Padding::Newline;
        }
    }

    fn output_new_line(&mut self) {
        self.out.push('\n');
        self.column = 0;
    }

    fn new_line_check(&mut self, empty_sequence: bool) {
        if let Padding::Text(p) = self.padding {
            self.output(p);
            self.padding = Padding::Text("");
            return;
        }
        self.output_new_line();
        self.padding = Padding::Text("");
        let Some(&back) = self.stack.last() else { return };
        if empty_sequence {
            return;
        }
        let mut indent = self.stack.len() - 1;
        let mut dash = false;
        if matches!(back, State::SeqFirst | State::SeqOther) {
            dash = true;
        } else if self.stack.len() > 1
            && matches!(back, State::MapFirst | State::FlowSeqFirst | State::FlowSeqOther | State::FlowMapFirst)
            && matches!(self.stack[self.stack.len() - 2], State::SeqFirst | State::SeqOther)
        {
            indent -= 1;
            dash = true;
        }
        for _ in 0..indent {
            self.output("  ");
        }
        if dash {
            self.output("- ");
        }
    }

    /// `---` at the start of a document.
    pub fn begin_document(&mut self) {
        self.output_up_to_end_of_line("---");
    }

    /// `...` at the end of a document.
    pub fn end_document(&mut self) {
        self.output("\n...\n");
        self.column = 0;
        self.padding = Padding::Text("");
    }

    /// Starts a block mapping.
    pub fn begin_map(&mut self) {
        self.stack.push(State::MapFirst);
        self.padding_before_container = self.padding;
        self.padding = Padding::Newline;
    }

    /// Ends a block mapping (`{}` if it had no key).
    pub fn end_map(&mut self) {
        if self.stack.last() == Some(&State::MapFirst) {
            self.padding = self.padding_before_container;
            self.new_line_check(false);
            self.output("{}");
            self.padding = Padding::Newline;
        }
        self.stack.pop();
    }

    /// Starts a flow mapping `{ ... }`.
    pub fn begin_flow_map(&mut self) {
        self.stack.push(State::FlowMapFirst);
        self.new_line_check(false);
        self.column_at_map_flow_start = self.column;
        self.output("{ ");
    }

    /// Ends a flow mapping.
    pub fn end_flow_map(&mut self) {
        self.stack.pop();
        self.output_up_to_end_of_line(" }");
    }

    /// A key of the current (block or flow) mapping; its value follows.
    pub fn key(&mut self, key: &str) {
        match self.stack.last() {
            Some(State::FlowMapFirst | State::FlowMapOther) => {
                if self.stack.last() == Some(&State::FlowMapOther) {
                    self.output(", ");
                }
                if self.wrap_column != 0 && self.column > self.wrap_column {
                    self.output("\n");
                    for _ in 0..self.column_at_map_flow_start {
                        self.output(" ");
                    }
                    self.column = self.column_at_map_flow_start;
                    self.output("  ");
                }
                self.output(key);
                self.output(": ");
            }
            _ => {
                self.new_line_check(false);
                self.output(key);
                self.output(":");
                self.padding = Padding::Text(if key.len() < SPACES.len() { &SPACES[key.len()..] } else { " " });
            }
        }
    }

    /// After a key's value (LLVM's `postflightKey`).
    pub fn end_key(&mut self) {
        match self.stack.last_mut() {
            Some(s @ State::MapFirst) => *s = State::MapOther,
            Some(s @ State::FlowMapFirst) => *s = State::FlowMapOther,
            _ => {}
        }
    }

    /// `key:` and its value, written by `value`.
    pub fn key_with(&mut self, key: &str, value: impl FnOnce(&mut Self)) {
        self.key(key);
        value(self);
        self.end_key();
    }

    /// A mapping (flow `{ ... }` or block) whose keys `body` writes.
    pub fn map(&mut self, flow: bool, body: impl FnOnce(&mut Self)) {
        if flow {
            self.begin_flow_map();
            body(self);
            self.end_flow_map();
        } else {
            self.begin_map();
            body(self);
            self.end_map();
        }
    }

    /// A sequence (flow `[ ... ]` or block) of `items`, each element written by `item`.
    pub fn seq<T>(&mut self, flow: bool, items: impl IntoIterator<Item = T>, mut item: impl FnMut(&mut Self, T)) {
        if flow {
            self.begin_flow_seq();
        } else {
            self.begin_seq();
        }
        for x in items {
            self.element();
            item(self, x);
            self.end_element();
        }
        if flow {
            self.end_flow_seq();
        } else {
            self.end_seq();
        }
    }

    /// `key:` and a block sequence of `items`, each element written by `item`.
    pub fn key_seq<T>(&mut self, key: &str, items: impl IntoIterator<Item = T>, item: impl FnMut(&mut Self, T)) {
        self.key_with(key, |o| o.seq(false, items, item));
    }

    /// Starts a block sequence.
    pub fn begin_seq(&mut self) {
        self.stack.push(State::SeqFirst);
        self.padding_before_container = self.padding;
        self.padding = Padding::Newline;
    }

    /// Ends a block sequence (`[]` if empty).
    pub fn end_seq(&mut self) {
        if self.stack.last() == Some(&State::SeqFirst) {
            self.padding = self.padding_before_container;
            self.new_line_check(true);
            self.output("[]");
            self.padding = Padding::Newline;
        }
        self.stack.pop();
    }

    /// Starts a flow sequence `[ ... ]`.
    pub fn begin_flow_seq(&mut self) {
        self.stack.push(State::FlowSeqFirst);
        self.new_line_check(false);
        self.column_at_flow_start = self.column;
        self.output("[ ");
        self.need_flow_seq_comma = false;
    }

    /// Ends a flow sequence.
    pub fn end_flow_seq(&mut self) {
        self.stack.pop();
        self.output_up_to_end_of_line(" ]");
    }

    /// Before an element of a block or flow sequence.
    pub fn element(&mut self) {
        if matches!(self.stack.last(), Some(State::FlowSeqFirst | State::FlowSeqOther)) {
            if self.need_flow_seq_comma {
                self.output(", ");
            }
            if self.wrap_column != 0 && self.column > self.wrap_column {
                self.output("\n");
                for _ in 0..self.column_at_flow_start {
                    self.output(" ");
                }
                self.column = self.column_at_flow_start;
                self.output("  ");
            }
        }
    }

    /// After an element of a block or flow sequence.
    pub fn end_element(&mut self) {
        match self.stack.last_mut() {
            Some(s @ State::SeqFirst) => *s = State::SeqOther,
            Some(s @ State::FlowSeqFirst) => *s = State::FlowSeqOther,
            Some(State::FlowSeqOther) => {}
            _ => {}
        }
        if matches!(self.stack.last(), Some(State::FlowSeqFirst | State::FlowSeqOther)) {
            self.need_flow_seq_comma = true;
        }
    }

    /// A scalar quoted as `needsQuotes` says.
    pub fn string(&mut self, s: &str) {
        self.scalar(s, needs_quotes(s));
    }

    /// A scalar printed as is (numbers, booleans, enumeration names).
    pub fn plain(&mut self, s: &str) {
        self.scalar(s, Quoting::None);
    }

    /// A scalar with the given quoting (LLVM's `scalarString`).
    pub fn scalar(&mut self, s: &str, quoting: Quoting) {
        self.new_line_check(false);
        if s.is_empty() {
            self.output_up_to_end_of_line("''");
            return;
        }
        match quoting {
            Quoting::None => self.output_up_to_end_of_line(s),
            Quoting::Single => {
                self.output("'");
                let escaped = s.replace('\'', "''");
                self.output(&escaped);
                self.output_up_to_end_of_line("'");
            }
            Quoting::Double => {
                self.output("\"");
                let escaped = escape(s);
                self.output(&escaped);
                self.output_up_to_end_of_line("\"");
            }
        }
    }

    /// A `|` block scalar: each line on its own line, indented by the depth.
    pub fn block(&mut self, text: &str) {
        if !self.stack.is_empty() {
            self.new_line_check(false);
        }
        self.output(" |");
        let indent = self.stack.len().max(1);
        for line in text.split_terminator('\n') {
            self.output_new_line();
            for _ in 0..indent {
                self.output("  ");
            }
            self.output(line);
        }
        self.padding = Padding::Newline;
    }

    /// Convenience: `key: value` with `needsQuotes` quoting.
    pub fn key_string(&mut self, key: &str, value: &str) {
        self.key(key);
        self.string(value);
        self.end_key();
    }

    /// Convenience: `key: value` printed as is.
    pub fn key_plain(&mut self, key: &str, value: &str) {
        self.key(key);
        self.plain(value);
        self.end_key();
    }

    /// Convenience: `key: true|false`.
    pub fn key_bool(&mut self, key: &str, value: bool) {
        self.key_plain(key, if value { "true" } else { "false" });
    }

    /// Convenience: `key: N`.
    pub fn key_num<T: std::fmt::Display>(&mut self, key: &str, value: T) {
        let s = value.to_string();
        self.key_plain(key, &s);
    }
}

/// LLVM's `needsQuotes` (with `ForcePreserveAsString`).
pub fn needs_quotes(s: &str) -> Quoting {
    let b = s.as_bytes();
    let (Some(&first), Some(&last)) = (b.first(), b.last()) else { return Quoting::Single };
    let mut q = Quoting::None;
    let is_space = |c: u8| matches!(c, b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r');
    if is_space(first) || is_space(last) {
        q = Quoting::Single;
    }
    if is_null(s) || is_bool(s) || is_numeric(s) {
        q = Quoting::Single;
    }
    if br#"-?:\,[]{}#&*!|>'"%@`"#.contains(&first) {
        q = Quoting::Single;
    }
    for &c in b {
        if c.is_ascii_alphanumeric() {
            continue;
        }
        match c {
            b'_' | b'-' | b'^' | b'.' | b',' | b' ' | b'\t' => continue,
            b'\n' | b'\r' | 0x7f => return Quoting::Double,
            _ => {
                if c <= 0x1f || c & 0x80 != 0 {
                    return Quoting::Double;
                }
                q = Quoting::Single;
            }
        }
    }
    q
}

/// YAML's null spellings.
pub fn is_null(s: &str) -> bool {
    matches!(s, "null" | "Null" | "NULL" | "~")
}

/// The spellings `needsQuotes` treats as booleans.
pub fn is_bool(s: &str) -> bool {
    matches!(s, "true" | "True" | "TRUE" | "false" | "False" | "FALSE")
}

/// LLVM's `yaml::isNumeric`.
pub fn is_numeric(s: &str) -> bool {
    if s.is_empty() || s == "+" || s == "-" {
        return false;
    }
    if matches!(s, ".nan" | ".NaN" | ".NAN") {
        return true;
    }
    let tail = s.strip_prefix(['-', '+']).unwrap_or(s);
    if matches!(tail, ".inf" | ".Inf" | ".INF") {
        return true;
    }
    if let Some(r) = s.strip_prefix("0o") {
        return !r.is_empty() && r.bytes().all(|c| (b'0'..=b'7').contains(&c));
    }
    if let Some(r) = s.strip_prefix("0x") {
        return !r.is_empty() && r.bytes().all(|c| c.is_ascii_hexdigit());
    }
    let b = tail.as_bytes();
    if b[0] == b'.' && (b.len() == 1 || !b[1].is_ascii_digit()) {
        return false;
    }
    if b[0] == b'e' || b[0] == b'E' {
        return false;
    }
    let skip = |mut i: usize| {
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        i
    };
    let mut i = skip(0);
    if i == b.len() {
        return true;
    }
    if b[i] == b'.' {
        i = skip(i + 1);
        if i == b.len() {
            return true;
        }
    }
    if b[i] != b'e' && b[i] != b'E' {
        return false;
    }
    i += 1;
    if i == b.len() {
        return false;
    }
    if b[i] == b'+' || b[i] == b'-' {
        i += 1;
        if i == b.len() {
            return false;
        }
    }
    skip(i) == b.len()
}

/// `yaml::escape` without escaping printable characters.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\0' => out.push_str("\\0"),
            '\x07' => out.push_str("\\a"),
            '\x08' => out.push_str("\\b"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\x0b' => out.push_str("\\v"),
            '\x0c' => out.push_str("\\f"),
            '\r' => out.push_str("\\r"),
            '\x1b' => out.push_str("\\e"),
            '\u{85}' => out.push_str("\\N"),
            '\u{a0}' => out.push_str("\\_"),
            '\u{2028}' => out.push_str("\\L"),
            '\u{2029}' => out.push_str("\\P"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => out.push_str(&format!("\\x{:02X}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting() {
        assert_eq!(needs_quotes("gr64"), Quoting::None);
        assert_eq!(needs_quotes("$rdi"), Quoting::Single);
        assert_eq!(needs_quotes("%stack.0"), Quoting::Single);
        assert_eq!(needs_quotes("12"), Quoting::Single);
        assert_eq!(needs_quotes("true"), Quoting::Single);
        assert_eq!(needs_quotes("1e5"), Quoting::Single);
        assert_eq!(needs_quotes("a\nb"), Quoting::Double);
        assert_eq!(needs_quotes(""), Quoting::Single);
        assert!(!is_numeric("e5"));
        assert!(is_numeric("0x1F"));
    }

    #[test]
    fn layout() {
        let mut s = String::new();
        let mut o = Output::new(&mut s);
        o.begin_document();
        o.begin_map();
        o.key_string("name", "foo");
        o.key("registers");
        o.begin_seq();
        o.element();
        o.begin_flow_map();
        o.key_num("id", 0);
        o.key_string("class", "gr64");
        o.key("flags");
        o.begin_flow_seq();
        o.end_flow_seq();
        o.end_key();
        o.end_flow_map();
        o.end_element();
        o.end_seq();
        o.end_key();
        o.key("liveins");
        o.begin_seq();
        o.end_seq();
        o.end_key();
        o.key("mfi");
        o.begin_map();
        o.end_map();
        o.end_key();
        o.key("body");
        o.block("bb.0:\n  RET 0\n");
        o.end_key();
        o.end_map();
        o.end_document();
        assert_eq!(
            s,
            "---\nname:            foo\nregisters:\n  - { id: 0, class: gr64, flags: [  ] }\nliveins:         []\n\
             mfi:             {}\nbody:             |\n  bb.0:\n    RET 0\n...\n"
        );
    }
}
