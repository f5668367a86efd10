//! `llrs fmt --check --diff`: how a file would change in canonical form, as a unified diff.

use std::time::Duration;

/// How long a diff may search for the shortest edit before it settles for a longer one (a
/// large file rewritten throughout would otherwise take time quadratic in its size).
const TIMEOUT: Duration = Duration::from_secs(2);

/// The unified diff from `original` to its canonical form `canonical` (3 lines of context),
/// headed `--- NAME` and `+++ NAME (canonical)`. The `; ModuleID` line the canonical text
/// starts with (for Machine IR, `mir`, the embedded module's) names the input as it was given,
/// so it follows the original: kept as it is there, absent when it is absent.
pub fn unified(name: &str, original: &[u8], canonical: &[u8], mir: bool) -> Vec<u8> {
    let original = String::from_utf8_lossy(original);
    let canonical = String::from_utf8_lossy(canonical);
    let prefix = if mir { "  ; ModuleID = " } else { "; ModuleID = " };
    let theirs = original.split_inclusive('\n').find(|l| l.starts_with(prefix));
    let mut aligned = String::with_capacity(canonical.len());
    let mut replaced = false;
    for line in canonical.split_inclusive('\n') {
        // Only the first such line (the one the writer adds), and for .ll text only at the start.
        if !replaced && line.starts_with(prefix) && (mir || aligned.is_empty()) {
            replaced = true;
            aligned.push_str(theirs.unwrap_or(""));
            continue;
        }
        aligned.push_str(line);
    }
    let diff = similar::TextDiff::configure().timeout(TIMEOUT).diff_lines(original.as_ref(), aligned.as_str());
    let mut out = Vec::new();
    let canonical_name = format!("{name} (canonical)");
    // Writing into a vector cannot fail.
    let _ = diff.unified_diff().context_radius(3).header(name, &canonical_name).to_writer(&mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_diff_without_the_module_id() {
        let got = unified(
            "t.ll",
            b"define   void @f() {\n  ret void\n}\n",
            b"; ModuleID = 't.ll'\ndefine void @f() {\n  ret void\n}\n",
            false,
        );
        assert_eq!(
            String::from_utf8(got).expect("utf-8"),
            "--- t.ll\n+++ t.ll (canonical)\n@@ -1,3 +1,3 @@\n-define   void @f() {\n+define void @f() {\n   ret void\n }\n"
        );
    }

    #[test]
    fn the_module_id_of_the_original_is_kept() {
        let got = unified(
            "t.ll",
            b"; ModuleID = 'x'\n@a = global i32 0\n",
            b"; ModuleID = 't.ll'\n@a = global i32 0\n",
            false,
        );
        assert!(got.is_empty(), "{}", String::from_utf8_lossy(&got));
    }

    #[test]
    fn mir_module_ids_are_inside_the_text() {
        let got = unified(
            "t.mir",
            b"--- |\n  define void @f() {\n",
            b"--- |\n  ; ModuleID = 't.mir'\n  define void @f() {\n",
            true,
        );
        assert!(got.is_empty(), "{}", String::from_utf8_lossy(&got));
    }
}
