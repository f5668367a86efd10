//! The llrs verifier: LLVM's `Verifier.cpp` over an llrs [`Module`], reporting LLVM's messages.
//!
//! [`check`] answers as `llvm-as` does after reading a module: `Ok`, or the errors as values
//! (message, the values named, `Display` as LLVM's report). [`verify`] gives the raw [`Report`]
//! (module errors and debug-info failures apart), which [`Report::render`] prints.
//!
//! The module checks are LLVM's `verify(F)` for each function (every block ends in a
//! terminator; `visitFunction`; each instruction's visitor with dominance of every use;
//! attributes, calls, exception handling, intrinsics, metadata attachments), then `verify()`
//! for the module (globals, aliases, ifuncs, comdats, module flags). The debug-info checks (the
//! `CheckDI`s): each node reachable from the
//! module's functions, instructions, debug records, global variables and named metadata is
//! checked once by the rules of its class (`visitDISubprogram`, `visitDILocation`, ...), then
//! the module-wide rules (every compile unit is listed in `!llvm.dbg.cu`, every location of a
//! function leads to its subprogram, ...). A failure there makes LLVM's readers drop the
//! module's debug info with `warning: ignoring invalid debug info in FILE` (`UpgradeDebugInfo`)
//! rather than reject the module.
//!
//! The checks follow LLVM 22 (`llvm/lib/IR/Verifier.cpp`, `llvm/lib/IR/DebugInfoMetadata.cpp`),
//! checked against its binaries. The module is walked once; the cost is linear in its size.
//!
//! ```
//! let src = b"define void @f() !dbg !0 {\n  ret void\n}\n!0 = distinct !DISubprogram(name: \"f\")\n\
//!     !llvm.module.flags = !{!1}\n!1 = !{i32 2, !\"Debug Info Version\", i32 3}\n";
//! let m = llrs_asm::parse_module(src, "t.ll").unwrap();
//! let report = llrs_verify::verify(&m);
//! // A definition needs a compile unit.
//! assert!(report.broken_debug_info());
//! assert_eq!(report.diagnostics[0].message, "subprogram definitions must have a compile unit");
//! ```

mod dwarf;
mod errors;
mod expression;
mod function;
mod globals;

mod ir;
mod module;
mod module_flags;
mod node;
mod parallel;
mod records;
mod report;
mod scopes;
mod types;
mod variables;
mod walk;

pub use errors::{check, errors_of, VerifyError, VerifyErrors};
pub use report::{Diagnostic, Kind, Report, Subject};

use llrs_ir::Module;

/// Verifies `m`: the checks that fail, with LLVM's messages, in LLVM's order.
pub fn verify(m: &Module) -> Report {
    parallel::verify(m).unwrap_or_else(|| walk::Verifier::new(m).run())
}

#[cfg(test)]
mod tests;
