//! One file of `llrs verify`: read it as `llvm-as` does and check it as `opt -passes=verify`
//! does; silent when it is valid.

use super::{read_input, FileReport, Outcome, Source};
use crate::cli::report::Reporter;

/// `llrs verify` on one input.
pub fn run(input: Source, r: Reporter) -> FileReport {
    let (name, src) = match read_input(input, r) {
        Ok(read) => read,
        Err(report) => return report,
    };
    let mut report = FileReport::new();
    match crate::cli::fmt::load_source(&src, &name) {
        Ok(loaded) => {
            report.stderr(r.warnings(&name, &loaded.warnings));
            crate::cli::drop_module(loaded.module, src.len());
            report
        }
        Err(err) => report.fail(Outcome::Invalid, r.verify_error(&name, &err)),
    }
}
