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

/// The output of `llrs fmt` for a `.mir` file, or llc's error as `llrs` prints it.
pub fn format(src: &[u8], file_name: &str) -> Result<Vec<u8>, String> {
    let text = String::from_utf8_lossy(src);
    let file = llrs_mir::parse(&text, file_name).map_err(|e| e.to_string())?;
    Ok(llrs_mir::print(&file).into_bytes())
}

/// Whether two `.mir` texts are the same, the embedded module's `; ModuleID` lines aside (they
/// name the input as it was given).
pub fn same_text(a: &[u8], b: &[u8]) -> bool {
    fn lines(t: &[u8]) -> impl Iterator<Item = &[u8]> {
        t.split(|&c| c == b'\n').filter(|l| !l.starts_with(b"  ; ModuleID = "))
    }
    lines(a).eq(lines(b))
}
