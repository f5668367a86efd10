//! Verification of a large module on several threads.
//!
//! The functions are split into runs of about equal size, each verified by its own [`Verifier`]
//! on the rayon pool; the module-level checks then run once, on what the runs learnt together.
//! The result is the report of the walk in order: when a run finds anything at all, or the runs
//! together break a rule that spans functions, the module is verified again in order, so that
//! every report, its order and what it stops at stay LLVM's. Valid modules, the common case,
//! are verified once, in parallel.

use crate::function::FnState;
use crate::report::Report;
use crate::walk::Verifier;
use llrs_ir::Module;
use rayon::prelude::*;

/// Below this many instructions the threads would cost more than they save.
const MIN_INSTRUCTIONS: usize = 20_000;

/// Runs per thread: more than one, so that a thread that finishes early takes another.
const RUNS_PER_THREAD: usize = 1;

/// The report of `m` verified in parallel, or `None` when the module is small, there is one
/// thread, or the walk in order must decide.
pub(crate) fn verify(m: &Module) -> Option<Report> {
    verify_from(m, MIN_INSTRUCTIONS)
}

/// [`verify`] for modules of at least `min_instructions` instructions.
fn verify_from(m: &Module, min_instructions: usize) -> Option<Report> {
    let threads = rayon::current_num_threads();
    if threads < 2 || m.functions.len() < 2 {
        return None;
    }
    let sizes = llrs_ir::runs::function_sizes(m);
    let total: usize = sizes.iter().sum();
    if total < min_instructions {
        return None;
    }
    let runs = llrs_ir::runs::balanced_runs(&sizes, threads * RUNS_PER_THREAD);
    // What every run needs of the whole module, found once.
    llrs_ir::phases::mark("verify setup");
    let ((users, insts), uses) =
        rayon::join(|| crate::module::assign_ids(m), || std::sync::Arc::new(crate::ir::function::module_uses(m)));
    llrs_ir::phases::mark("verify runs");
    let verified: Vec<Verifier<'_>> = runs
        .par_iter()
        .map(|range| {
            let mut v = Verifier::new(m);
            v.assign_users = users.clone();
            v.assign_insts = insts.clone();
            v.share_module_uses(uses.clone());
            // Functions are numbered from 1 in module order, as the walk in order numbers them.
            let mut st = FnState { number: range.start as u32, ..FnState::default() };
            for &g in &m.functions[range.clone()] {
                v.verify_function(g, &mut st);
            }
            v
        })
        .collect();
    llrs_ir::phases::mark("verify merge");
    let mut verified = verified.into_iter();
    let mut merged = verified.next()?;
    if !merged.clean_alone() {
        return None;
    }
    for v in verified {
        if !v.clean_alone() || !merged.absorb(v) {
            return None;
        }
    }
    let r = merged.finish();
    llrs_ir::phases::mark("verify finished");
    Some(r)
}

#[cfg(test)]
mod tests {
    use super::verify_from;

    fn module(src: &str) -> llrs_ir::Module {
        llrs_asm::parse_module(src.as_bytes(), "t.ll").expect("parses")
    }

    /// On two threads or more: the parallel walk's answer, `None` when it defers to the walk in
    /// order.
    fn parallel(src: &str) -> Option<crate::Report> {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().expect("a pool");
        let m = module(src);
        pool.install(|| verify_from(&m, 0))
    }

    #[test]
    fn valid_module_is_verified_in_parallel() {
        let src = "define i32 @f(i32 %x) {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n\
                   define void @g() {\n  call i32 @f(i32 2)\n  ret void\n}\n\
                   define void @h() {\n  ret void\n}\n";
        let report = parallel(src).expect("verified in parallel");
        assert!(report.diagnostics.is_empty());
    }

    #[test]
    fn a_failure_leaves_the_report_to_the_walk_in_order() {
        let src = "define void @f() {\n  ret void\n}\n\
                   define void @g() {\nentry:\n  ret void\nnext:\n  br label %entry\n}\n";
        assert!(parallel(src).is_none());
        let report = crate::verify(&module(src));
        assert_eq!(report.diagnostics[0].message, "Entry block to function must not have predecessors!");
    }

    #[test]
    fn a_subprogram_shared_by_two_runs_is_found() {
        let src = "define void @f() !dbg !3 {\n  ret void\n}\n\
                   define void @g() !dbg !3 {\n  ret void\n}\n\
                   !llvm.dbg.cu = !{!0}\n!llvm.module.flags = !{!5}\n\
                   !0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)\n\
                   !1 = !DIFile(filename: \"a.c\", directory: \"/\")\n\
                   !3 = distinct !DISubprogram(name: \"f\", scope: !1, file: !1, spFlags: DISPFlagDefinition, unit: !0)\n\
                   !5 = !{i32 2, !\"Debug Info Version\", i32 3}\n";
        assert!(parallel(src).is_none());
        let report = crate::verify(&module(src));
        assert_eq!(report.diagnostics[0].message, "DISubprogram attached to more than one function");
    }
}
