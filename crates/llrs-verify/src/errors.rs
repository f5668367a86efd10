//! The verifier's answer as values: [`check`] returns `Ok` for a module LLVM accepts, or the
//! errors LLVM reports, each with its message and the values it names printed as LLVM prints
//! them.

use crate::report::{Diagnostic, Kind, Report};
use llrs_ir::Module;
use std::fmt;

/// One failed check of the verifier.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct VerifyError {
    /// A module error, or a debug-info failure (an error too when the module is checked as a
    /// whole, as `llvm-as` does after reading).
    pub kind: Kind,
    /// LLVM's message.
    pub message: String,
    /// The values the message is about, as LLVM prints them after it (instructions whole,
    /// other values as typed operands, metadata as `!N = ...`).
    pub values: Vec<String>,
    /// The same values as ids into the module.
    pub diagnostic: Diagnostic,
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)?;
        for v in &self.values {
            write!(f, "\n{v}")?;
        }
        Ok(())
    }
}

impl std::error::Error for VerifyError {}

/// Every error of a module that does not verify, in LLVM's order. `Display` gives LLVM's whole
/// report.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct VerifyErrors(pub Vec<VerifyError>);

impl fmt::Display for VerifyErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, e) in self.0.iter().enumerate() {
            if k > 0 {
                f.write_str("\n")?;
            }
            e.fmt(f)?;
        }
        Ok(())
    }
}

impl std::error::Error for VerifyErrors {}

/// Checks `m` as `llvm-as` does after reading a module (`verifyModule(M, &errs())`): `Ok` when
/// LLVM accepts it, otherwise every failed check, debug-info ones included.
///
/// ```
/// let m = llrs_asm::parse_module(b"define void @f() {\nentry:\n  br label %entry\n}\n", "t.ll").unwrap();
/// let errors = llrs_verify::check(&m).unwrap_err();
/// assert_eq!(errors.0[0].message, "Entry block to function must not have predecessors!");
/// assert_eq!(errors.0[0].values, ["label %entry"]);
/// assert_eq!(errors.to_string(), "Entry block to function must not have predecessors!\nlabel %entry");
/// ```
pub fn check(m: &Module) -> Result<(), VerifyErrors> {
    let report = crate::verify(m);
    if report.diagnostics.is_empty() {
        return Ok(());
    }
    Err(errors_of(&report, m))
}

/// The errors of a report, their values printed for module `m`.
pub fn errors_of(report: &Report, m: &Module) -> VerifyErrors {
    let mut p = llrs_asm::ValuePrinter::new(m);
    let errors = report
        .diagnostics
        .iter()
        .map(|d| {
            let mut text = String::new();
            report.render_one(d, &mut p, "", &mut text);
            let mut lines = text.lines().map(str::to_string);
            let message = lines.next().unwrap_or_default();
            VerifyError { kind: d.kind, message, values: lines.collect(), diagnostic: d.clone() }
        })
        .collect();
    VerifyErrors(errors)
}
