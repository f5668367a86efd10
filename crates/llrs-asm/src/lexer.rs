//! The `.ll` lexer: bytes in, tokens (kind + byte span) out, no allocation per token.

/// Token kinds. The text of a token is its span of the source.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Tok {
    /// End of input.
    Eof,
    /// A lexing error (message in [`Lexer::error`]).
    Error,
    /// `=`
    Equal,
    /// `,`
    Comma,
    /// `*`
    Star,
    /// `[`
    LSquare,
    /// `]`
    RSquare,
    /// `{`
    LBrace,
    /// `}`
    RBrace,
    /// `<`
    Less,
    /// `>`
    Greater,
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `!` not followed by a name.
    Exclaim,
    /// `|`
    Bar,
    /// `:`
    Colon,
    /// `...`
    DotDotDot,
    /// A bare word: keywords, type names, `DW_TAG_x`, ...
    Ident,
    /// `name:` or `"name":` (span covers the name without quotes/colon handling; see `Parser::val`).
    Label,
    /// `123:`
    LabelId,
    /// `@name` / `@"name"`
    GlobalVar,
    /// `@123`
    GlobalId,
    /// `%name` / `%"name"`
    LocalVar,
    /// `%123`
    LocalVarId,
    /// `$name` / `$"name"`
    ComdatVar,
    /// `!name`
    MetadataVar,
    /// `#123`
    AttrGrpId,
    /// `^123`
    SummaryId,
    /// `#dbg_value` etc.
    DbgRecord,
    /// `"..."` (span includes the quotes)
    Str,
    /// An integer literal `-12`, or `u0x1F`/`s0x1F`.
    Int,
    /// A floating-point literal `1.5e3` or `0x...`.
    Float,
}

/// A token: kind and byte span in the source.
#[derive(Copy, Clone, Debug)]
pub struct Token {
    /// The kind.
    pub kind: Tok,
    /// Start offset.
    pub start: u32,
    /// End offset (exclusive).
    pub end: u32,
    /// Start/end of the "value" part: name without sigil and quotes, label without colon.
    pub vstart: u32,
    /// See `vstart`.
    pub vend: u32,
    /// Whether the value is a quoted string that may hold escapes.
    pub quoted: bool,
}

/// The lexer over a source buffer.
pub struct Lexer<'a> {
    src: &'a [u8],
    pos: usize,
    /// The message of the last [`Tok::Error`].
    pub error: &'static str,
}

/// Character classes, one bit each, looked up in [`CLASS`].
const NAME: u8 = 1; // [-a-zA-Z$._0-9]: names and labels
const WORD: u8 = 2; // [a-zA-Z0-9_]: keywords
const DIGIT: u8 = 4; // [0-9]
const BLANK: u8 = 8; // space, tab, newline, carriage return
const SKIP: u8 = 16; // blanks and the bytes that may start a comment: `;`, `/`

/// The classes of every byte.
static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        let mut k = 0;
        if b.is_ascii_alphanumeric() || b == b'-' || b == b'$' || b == b'.' || b == b'_' {
            k |= NAME;
        }
        if b.is_ascii_alphanumeric() || b == b'_' {
            k |= WORD;
        }
        if b.is_ascii_digit() {
            k |= DIGIT;
        }
        if b == b' ' || b == b'\t' || b == b'\n' || b == b'\r' {
            k |= BLANK | SKIP;
        }
        if b == b';' || b == b'/' {
            k |= SKIP;
        }
        t[c] = k;
        c += 1;
    }
    t
};

#[inline]
fn is_ident_char(c: u8) -> bool {
    CLASS[c as usize] & NAME != 0
}

#[inline]
fn is_label_char(c: u8) -> bool {
    CLASS[c as usize] & NAME != 0
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `src`.
    pub fn new(src: &'a [u8]) -> Self {
        Lexer { src, pos: 0, error: "" }
    }

    /// The position just after the last token.
    pub fn pos(&self) -> usize {
        self.pos
    }
    /// Moves to byte `p`.
    pub fn set_pos(&mut self, p: usize) {
        self.pos = p.min(self.src.len());
    }
    /// The source.
    pub fn src(&self) -> &'a [u8] {
        self.src
    }

    #[inline]
    fn peek(&self, off: usize) -> u8 {
        self.src.get(self.pos + off).copied().unwrap_or(0)
    }

    /// The end of the run of bytes of class `class` that starts at `from`.
    #[inline]
    fn run_end(&self, from: usize, class: u8) -> usize {
        let rest = self.src.get(from..).unwrap_or(&[]);
        from + rest.iter().position(|&c| CLASS[c as usize] & class == 0).unwrap_or(rest.len())
    }

    fn tok(&self, kind: Tok, start: usize) -> Token {
        Token {
            kind,
            start: start as u32,
            end: self.pos as u32,
            vstart: start as u32,
            vend: self.pos as u32,
            quoted: false,
        }
    }

    fn tokv(&self, kind: Tok, start: usize, vs: usize, ve: usize, quoted: bool) -> Token {
        Token { kind, start: start as u32, end: self.pos as u32, vstart: vs as u32, vend: ve as u32, quoted }
    }

    fn err(&mut self, start: usize, msg: &'static str) -> Token {
        self.error = msg;
        Token { kind: Tok::Error, start: start as u32, end: self.pos as u32, vstart: 0, vend: 0, quoted: false }
    }

    /// The next token.
    pub fn next_token(&mut self) -> Token {
        // Skip white space and comments. Blanks come one or two at a time between tokens: one
        // test of the class tells a token's first byte.
        while let Some(&c) = self.src.get(self.pos) {
            let class = CLASS[c as usize];
            if class & SKIP == 0 {
                break;
            }
            if class & BLANK != 0 {
                self.pos += 1;
            } else {
                match self.skip_comment(c) {
                    Some(None) => {}
                    Some(Some(err)) => return err,
                    None => break,
                }
            }
        }
        let start = self.pos;
        if start >= self.src.len() {
            return self.tok(Tok::Eof, start);
        }
        let c = self.src[start];
        self.pos += 1;
        match c {
            b'=' => self.tok(Tok::Equal, start),
            b',' => self.tok(Tok::Comma, start),
            b'*' => self.tok(Tok::Star, start),
            b'[' => self.tok(Tok::LSquare, start),
            b']' => self.tok(Tok::RSquare, start),
            b'{' => self.tok(Tok::LBrace, start),
            b'}' => self.tok(Tok::RBrace, start),
            b'<' => self.tok(Tok::Less, start),
            b'>' => self.tok(Tok::Greater, start),
            b'(' => self.tok(Tok::LParen, start),
            b')' => self.tok(Tok::RParen, start),
            b'|' => self.tok(Tok::Bar, start),
            b':' => self.tok(Tok::Colon, start),
            b'@' => self.lex_var(start, Tok::GlobalVar, Tok::GlobalId),
            b'%' => self.lex_var(start, Tok::LocalVar, Tok::LocalVarId),
            b'!' => {
                let n = self.peek(0);
                if n.is_ascii_alphabetic() || matches!(n, b'-' | b'$' | b'.' | b'_' | b'\\') {
                    let vs = self.pos;
                    while is_ident_char(self.peek(0)) || self.peek(0) == b'\\' {
                        self.pos += 1;
                    }
                    let q = self.src[vs..self.pos].contains(&b'\\');
                    self.tokv(Tok::MetadataVar, start, vs, self.pos, q)
                } else {
                    self.tok(Tok::Exclaim, start)
                }
            }
            b'0'..=b'9' | b'-' | b'+' => self.lex_number(start),
            b'i' if self.peek(0).is_ascii_digit() => self.lex_int_type(start),
            _ if c.is_ascii_alphabetic() || c == b'_' => self.lex_identifier(start),
            _ => self.lex_rare(c, start),
        }
    }

    /// At byte `c`, which may start a comment: past the comment (`Some(None)`, or `Some(error)`
    /// for one that never ends), or `None` when `c` starts a token. Out of the way of the
    /// tokens, which are far more common.
    #[cold]
    #[inline(never)]
    fn skip_comment(&mut self, c: u8) -> Option<Option<Token>> {
        if c == b';' {
            match memchr::memchr(b'\n', &self.src[self.pos..]) {
                Some(p) => self.pos += p + 1,
                None => self.pos = self.src.len(),
            }
            Some(None)
        } else if c == b'/' && self.peek(1) == b'*' {
            // Block comments are accepted by LLVM's lexer.
            let start = self.pos;
            match memchr::memmem::find(&self.src[self.pos + 2..], b"*/") {
                Some(p) => {
                    self.pos += p + 4;
                    Some(None)
                }
                None => {
                    self.pos = self.src.len();
                    Some(Some(self.err(start, "unterminated comment")))
                }
            }
        } else {
            None
        }
    }

    /// The tokens that start with a byte other than punctuation, `@`, `%`, `!`, a digit or a
    /// letter (and errors), after that byte `c` at `start`.
    #[inline(never)]
    fn lex_rare(&mut self, c: u8, start: usize) -> Token {
        match c {
            b'.' => {
                if self.peek(0) == b'.' && self.peek(1) == b'.' {
                    self.pos += 2;
                    self.tok(Tok::DotDotDot, start)
                } else {
                    self.lex_identifier(start)
                }
            }
            b'$' => {
                // `$N:` is a label; otherwise a comdat name.
                let mut e = self.pos;
                while e < self.src.len() && is_label_char(self.src[e]) {
                    e += 1;
                }
                if self.src.get(e) == Some(&b':') {
                    self.pos = e + 1;
                    self.tokv(Tok::Label, start, start, e, false)
                } else if self.peek(0) == b'"' || is_ident_char(self.peek(0)) {
                    self.lex_var(start, Tok::ComdatVar, Tok::Error)
                } else {
                    self.lex_identifier(start)
                }
            }
            b'#' => {
                if self.peek(0).is_ascii_digit() {
                    let vs = self.pos;
                    while self.peek(0).is_ascii_digit() {
                        self.pos += 1;
                    }
                    self.tokv(Tok::AttrGrpId, start, vs, self.pos, false)
                } else if self.src[self.pos..].starts_with(b"dbg_") {
                    let vs = self.pos + 4;
                    self.pos += 4;
                    while self.peek(0).is_ascii_alphanumeric() || self.peek(0) == b'_' {
                        self.pos += 1;
                    }
                    self.tokv(Tok::DbgRecord, start, vs, self.pos, false)
                } else {
                    self.err(start, "")
                }
            }
            b'^' => {
                if self.peek(0).is_ascii_digit() {
                    let vs = self.pos;
                    while self.peek(0).is_ascii_digit() {
                        self.pos += 1;
                    }
                    self.tokv(Tok::SummaryId, start, vs, self.pos, false)
                } else {
                    self.err(start, "")
                }
            }
            b'"' => {
                let vs = self.pos;
                match memchr::memchr(b'"', &self.src[self.pos..]) {
                    Some(p) => {
                        self.pos += p + 1;
                        let ve = self.pos - 1;
                        if self.peek(0) == b':' {
                            self.pos += 1;
                            self.tokv(Tok::Label, start, vs, ve, true)
                        } else {
                            self.tokv(Tok::Str, start, vs, ve, true)
                        }
                    }
                    None => {
                        self.pos = self.src.len();
                        self.err(start, "end of file in string constant")
                    }
                }
            }
            _ => self.err(start, ""),
        }
    }

    fn lex_var(&mut self, start: usize, named: Tok, numbered: Tok) -> Token {
        let c = self.peek(0);
        if c == b'"' {
            self.pos += 1;
            let vs = self.pos;
            match memchr::memchr(b'"', &self.src[self.pos..]) {
                Some(p) => {
                    self.pos += p + 1;
                    self.tokv(named, start, vs, self.pos - 1, true)
                }
                None => {
                    self.pos = self.src.len();
                    self.err(start, "end of file in global variable name")
                }
            }
        } else if c.is_ascii_digit() && numbered != Tok::Error {
            let vs = self.pos;
            self.pos = self.run_end(self.pos, DIGIT);
            self.tokv(numbered, start, vs, self.pos, false)
        } else if is_ident_char(c) {
            let vs = self.pos;
            self.pos = self.run_end(self.pos, NAME);
            self.tokv(named, start, vs, self.pos, false)
        } else {
            self.err(start, "")
        }
    }

    /// `i` and a digit: an integer type `iN`, however the word goes on (`i32ptr` is `i32`, then
    /// `ptr`), unless the word is a label.
    fn lex_int_type(&mut self, start: usize) -> Token {
        let digits_end = self.run_end(self.pos, DIGIT);
        let c = self.src.get(digits_end).copied().unwrap_or(0);
        if CLASS[c as usize] & NAME != 0 || c == b':' {
            // A label (`i32ptr:`)?
            let name_end = self.run_end(digits_end, NAME);
            if self.src.get(name_end) == Some(&b':') {
                self.pos = name_end + 1;
                return self.tokv(Tok::Label, start, start, name_end, false);
            }
        }
        self.pos = digits_end;
        self.tok(Tok::Ident, start)
    }

    fn lex_identifier(&mut self, start: usize) -> Token {
        // Already consumed the first char. A keyword ends at the first character outside
        // [A-Za-z0-9_]; a label runs on over `-$.` up to its `:`.
        let word_end = self.run_end(self.pos, WORD);
        let c = self.src.get(word_end).copied().unwrap_or(0);
        let name_end = if CLASS[c as usize] & NAME != 0 { self.run_end(word_end, NAME) } else { word_end };
        if self.src.get(name_end) == Some(&b':') {
            self.pos = name_end + 1;
            return self.tokv(Tok::Label, start, start, name_end, false);
        }
        self.pos = word_end;
        let text = &self.src[start..self.pos];
        // Hex integers: u0x... and s0x...
        if text.len() > 3
            && (text[0] == b'u' || text[0] == b's')
            && text[1] == b'0'
            && text[2] == b'x'
            && text[3..].iter().all(|c| c.is_ascii_hexdigit())
        {
            return self.tok(Tok::Int, start);
        }
        self.tok(Tok::Ident, start)
    }

    fn lex_number(&mut self, start: usize) -> Token {
        let c = self.src[start];
        // Hex float forms: 0x, 0xK, 0xL, 0xM, 0xH, 0xR
        if c == b'0' && self.peek(0) == b'x' {
            self.pos += 1;
            if matches!(self.peek(0), b'K' | b'L' | b'M' | b'H' | b'R') {
                self.pos += 1;
            }
            let ds = self.pos;
            while self.peek(0).is_ascii_hexdigit() {
                self.pos += 1;
            }
            if self.pos == ds {
                return self.err(start, "");
            }
            return self.tok(Tok::Float, start);
        }
        if (c == b'-' || c == b'+') && !self.peek(0).is_ascii_digit() {
            // `-foo` may be an identifier-like label (e.g. `-:`); LLVM lexes labels starting with '-'.
            if c == b'-' && is_label_char(self.peek(0)) {
                return self.lex_identifier(start);
            }
            return self.err(start, "");
        }
        self.pos = self.run_end(self.pos, DIGIT);
        // Label like `123:` (only for non-signed numbers).
        if self.peek(0) == b':' && c.is_ascii_digit() {
            let ve = self.pos;
            self.pos += 1;
            return self.tokv(Tok::LabelId, start, start, ve, false);
        }
        // A string label such as `-1:` or `1abc:`.
        if is_label_char(self.peek(0)) || self.peek(0) == b':' {
            let save = self.pos;
            while is_label_char(self.peek(0)) {
                self.pos += 1;
            }
            if self.peek(0) == b':' {
                self.pos += 1;
                return self.tokv(Tok::Label, start, start, self.pos - 1, false);
            }
            self.pos = save;
        }
        if self.peek(0) != b'.' {
            return self.tok(Tok::Int, start);
        }
        self.pos += 1;
        while self.peek(0).is_ascii_digit() {
            self.pos += 1;
        }
        if matches!(self.peek(0), b'e' | b'E') {
            let save = self.pos;
            self.pos += 1;
            if matches!(self.peek(0), b'-' | b'+') {
                self.pos += 1;
            }
            if self.peek(0).is_ascii_digit() {
                while self.peek(0).is_ascii_digit() {
                    self.pos += 1;
                }
            } else {
                self.pos = save;
            }
        }
        self.tok(Tok::Float, start)
    }
}

/// Decodes LLVM's string escapes (`\\` and `\XX`) into bytes.
pub fn unescape(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        if c == b'\\' {
            if i + 1 < s.len() && s[i + 1] == b'\\' {
                out.push(b'\\');
                i += 2;
                continue;
            }
            if i + 2 < s.len() && i + 2 <= s.len() - 1 + 1 {
                let h = s.get(i + 1).and_then(|c| (*c as char).to_digit(16));
                let l = s.get(i + 2).and_then(|c| (*c as char).to_digit(16));
                if let (Some(h), Some(l)) = (h, l) {
                    out.push((h * 16 + l) as u8);
                    i += 3;
                    continue;
                }
            }
            out.push(b'\\');
            i += 1;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}
