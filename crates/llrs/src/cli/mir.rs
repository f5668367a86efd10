//! `llrs fmt` of Machine IR: a `.mir` file (by its ending, as llc decides, or by its first
//! document marker) is read and printed by `llrs_mir` as `llc -run-pass=none` prints it.

/// Is this Machine IR: a `.mir` file, or a text whose first line that is not blank or a
/// comment starts a YAML document (`---`)?
pub fn is_mir(file_name: &str, src: &[u8]) -> bool {
    if super::fmt::is_mir(file_name) {
        return true;
    }
    let first = src.split(|&b| b == b'\n').map(|l| l.trim_ascii()).find(|l| !l.is_empty() && !l.starts_with(b"#"));
    first.is_some_and(|l| l.starts_with(b"---"))
}

/// The output of `llrs fmt` for a `.mir` file, or llc's error as `llrs` prints it; with the
/// source back when `keep_source` (else it is dropped before printing, so that the input and
/// the output are never both held).
pub fn format(src: Vec<u8>, file_name: &str, keep_source: bool) -> (Result<Vec<u8>, String>, Option<Vec<u8>>) {
    let text = match String::from_utf8(src) {
        Ok(t) => t,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    };
    let file = match llrs_mir::parse(&text, file_name) {
        Ok(f) => f,
        Err(e) => return (Err(e.to_string()), keep_source.then(|| text.into_bytes())),
    };
    let original = keep_source.then(|| text.into_bytes());
    (Ok(llrs_mir::print(&file).into_bytes()), original)
}

/// Reads a `.mir` file for `llrs fmt`, dropping the source once read (a large file's input
/// and output are then never both held: print it with [`llrs_mir::print_to`], a function at a
/// time); `Err` with llc's error.
pub fn load(src: &[u8], file_name: &str) -> Result<llrs_mir::MirFile, llrs_mir::Error> {
    match std::str::from_utf8(src) {
        Ok(text) => llrs_mir::parse(text, file_name),
        Err(_) => llrs_mir::parse(&String::from_utf8_lossy(src), file_name),
    }
}

/// Whether two `.mir` texts are the same, the embedded module's `; ModuleID` lines aside (they
/// name the input as it was given).
pub fn same_text(a: &[u8], b: &[u8]) -> bool {
    fn lines(t: &[u8]) -> impl Iterator<Item = &[u8]> {
        t.split(|&c| c == b'\n').filter(|l| !l.starts_with(b"  ; ModuleID = "))
    }
    lines(a).eq(lines(b))
}
