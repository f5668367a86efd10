//! `llrs verify`: read LLVM IR and check it as `opt -passes=verify -disable-output` does.

use super::fmt::{load_source, FmtError};

/// Verifies the source text `src` of `file_name`. `Ok` holds the warnings LLVM prints while
/// reading (invalid debug info dropped); `Err` the text for stderr: a parse error in LLVM's form,
/// or the verifier's report followed by `llrs: FILE: error: input module is broken!`.
pub fn verify_source(src: &[u8], file_name: &str) -> Result<Vec<String>, String> {
    match load_source(src, file_name) {
        Ok(loaded) => {
            super::drop_in_background(loaded.module);
            Ok(loaded.warnings)
        }
        Err(FmtError::Verify { warnings, messages, .. }) => {
            let mut text = String::new();
            for line in warnings.iter().chain(&messages) {
                text.push_str(line);
                text.push('\n');
            }
            text.push_str(&format!("llrs: {file_name}: error: input module is broken!"));
            Err(text)
        }
        Err(other) => Err(other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_module_is_silent() {
        assert_eq!(verify_source(b"define void @f() {\n  ret void\n}\n", "t.ll"), Ok(vec![]));
    }

    #[test]
    fn broken_module_gets_the_report_and_opt_s_last_line() {
        let src = b"define void @f() {\nentry:\n  ret void\nnext:\n  br label %entry\n}\n";
        let err = verify_source(src, "t.ll").unwrap_err();
        assert!(err.starts_with("Entry block to function must not have predecessors!\nlabel %entry\n"), "{err}");
        assert!(err.ends_with("llrs: t.ll: error: input module is broken!"), "{err}");
    }
}
