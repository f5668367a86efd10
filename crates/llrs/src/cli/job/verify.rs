//! One file of `llrs verify`: read it as `llvm-as` does and check it as `opt -passes=verify`
//! does; silent when it is valid. Machine IR (by its `.mir` ending or its content) is read as
//! `llc -run-pass=none` reads it, its errors being llc's.

use super::{read_input, FileReport, Outcome, Source};
use crate::cli::report::Reporter;

/// `llrs verify` on one input.
pub fn run(input: Source, r: Reporter) -> FileReport {
    let (name, src) = match read_input(input, r) {
        Ok(read) => read,
        Err(report) => return report,
    };
    let mut report = FileReport::new();
    if crate::cli::mir::is_mir(&name, &src) {
        let size = src.len();
        return match crate::cli::mir::load(&src, &name) {
            Ok(file) => {
                crate::cli::drop_module(file, size);
                report
            }
            Err(e) => report.fail(Outcome::Invalid, r.mir_error(&e)),
        };
    }
    // A mapped file's pages go back as they are read through.
    let read = crate::cli::fmt::read_module_releasing(&src, &name, &|read| src.release(read));
    match read.and_then(|module| crate::cli::fmt::check_module(module, &name)) {
        Ok(loaded) => {
            report.stderr(r.warnings(&name, &loaded.warnings));
            crate::cli::drop_module(loaded.module, src.len());
            report
        }
        Err(err) => report.fail(Outcome::Invalid, r.verify_error(&name, &err)),
    }
}
