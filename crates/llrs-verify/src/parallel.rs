//! Verification of a large module on several threads.
//!
//! The functions are split into runs of about equal size, each verified by its own [`Verifier`]
//! on the rayon pool; the module-level checks then run once, on what the runs learnt together.
//! The result is the report of the walk in order: when a run finds anything at all, or the runs
//! together break a rule that spans functions, the module is verified again in order, so that
//! every report, its order and what it stops at stay LLVM's. Valid modules, the common case,
//! are verified once, in parallel.

use crate::function::FnState;
use crate::ir::function::{ModuleUses, UsesWalk};
use crate::module::{add_assign_ids, AssignUses};
use crate::report::Report;
use crate::walk::Verifier;
use llrs_ir::Module;
use rayon::prelude::*;

/// Below this many instructions the threads would cost more than they save.
const MIN_INSTRUCTIONS: usize = 20_000;

/// Runs per thread: one (each run holds per-node arrays; two runs a thread balance better but
/// cost as much memory again as they save time).
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
    // The uses that rules spanning functions need (an intrinsic's address taken, an entry
    // block's address used, a `DIAssignID` used in two functions) are found by each run in its
    // own functions as it goes; the runs check nothing against them, and when any is found the
    // module is verified again in order, which reports it as LLVM does.
    llrs_ir::phases::mark("verify runs");
    let assign_kind = m.ctx.names.lookup(b"DIAssignID");
    let verified: Vec<(Verifier<'_>, ModuleUses, (AssignUses, AssignUses))> = runs
        .par_iter()
        .map(|range| {
            let mut v = Verifier::new(m);
            v.share_module_uses(std::sync::Arc::default());
            let mut walk = UsesWalk::new(m);
            let mut assign = Default::default();
            // Functions are numbered from 1 in module order, as the walk in order numbers them.
            let mut st = FnState { number: range.start as u32, ..FnState::default() };
            for &g in &m.functions[range.clone()] {
                v.verify_function(g, &mut st);
                walk.global(g);
                walk.body(g);
                if let Some(kind) = assign_kind {
                    add_assign_ids(m, kind, g, &mut assign);
                }
            }
            (v, walk.out, assign)
        })
        .collect();
    llrs_ir::phases::mark("verify merge");
    let mut globals = UsesWalk::new(m);
    for (g, gl) in m.globals.iter() {
        if gl.func.is_none() {
            globals.global(g);
        }
    }
    let mut uses = vec![globals.out];
    let mut assign = Vec::new();
    let mut verified = verified.into_iter().map(|(v, u, a)| {
        uses.push(u);
        assign.push(a);
        v
    });
    let mut merged = verified.next()?;
    if !merged.clean_alone() {
        return None;
    }
    for v in verified {
        if !v.clean_alone() || !merged.absorb(v) {
            return None;
        }
    }
    if uses.iter().any(|u| !u.entry_address_used.is_empty() || !u.intrinsic_offender.is_empty())
        || assign_ids_span_functions(assign)
    {
        return None;
    }
    let r = merged.finish();
    llrs_ir::phases::mark("verify finished");
    Some(r)
}

/// Whether some `DIAssignID` is used by an instruction in one function and by a
/// `#dbg_assign` in another (the runs' findings put together).
fn assign_ids_span_functions(runs: Vec<(AssignUses, AssignUses)>) -> bool {
    let (mut users, mut insts) = (AssignUses::default(), AssignUses::default());
    for (u, i) in runs {
        for (id, fs) in u {
            users.entry(id).or_default().extend(fs);
        }
        for (id, fs) in i {
            insts.entry(id).or_default().extend(fs);
        }
    }
    insts.iter().any(|(id, fs)| {
        users.get(id).is_some_and(|us| {
            let first = fs[0].0;
            fs.iter().chain(us).any(|u| u.0 != first)
        })
    })
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

    /// Rules over uses in other functions, which the runs only note: the walk in order reports.
    #[test]
    fn uses_across_runs_leave_the_report_to_the_walk_in_order() {
        let intrinsic = "declare void @llvm.donothing()\n\
                         define void @f() {\n  ret void\n}\n\
                         define ptr @g() {\n  ret ptr @llvm.donothing\n}\n";
        let entry = "define void @f() {\nentry:\n  ret void\n}\n\
                     define ptr @g() {\n  ret ptr blockaddress(@f, %entry)\n}\n";
        let assign = "define void @f() !dbg !3 {\n  %a = alloca i32, align 4, !DIAssignID !9\n  ret void, !dbg !8\n}\n\
                      define void @g(ptr %p) !dbg !4 {\n  \
                        #dbg_assign(i32 0, !7, !DIExpression(), !9, ptr %p, !DIExpression(), !10)\n  ret void, !dbg !10\n}\n\
                      !llvm.dbg.cu = !{!0}\n!llvm.module.flags = !{!5}\n\
                      !0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)\n\
                      !1 = !DIFile(filename: \"a.c\", directory: \"/\")\n!2 = !DISubroutineType(types: !{})\n\
                      !3 = distinct !DISubprogram(name: \"f\", scope: !1, file: !1, type: !2, spFlags: DISPFlagDefinition, unit: !0)\n\
                      !4 = distinct !DISubprogram(name: \"g\", scope: !1, file: !1, type: !2, spFlags: DISPFlagDefinition, unit: !0)\n\
                      !5 = !{i32 2, !\"Debug Info Version\", i32 3}\n\
                      !7 = !DILocalVariable(name: \"x\", scope: !4, file: !1, type: !11)\n\
                      !8 = !DILocation(line: 1, scope: !3)\n!9 = distinct !DIAssignID()\n\
                      !10 = !DILocation(line: 2, scope: !4)\n\
                      !11 = !DIBasicType(name: \"int\", size: 32, encoding: DW_ATE_signed)\n";
        for (src, first) in [
            (intrinsic, "Invalid user of intrinsic instruction!"),
            (entry, "blockaddress may not be used with the entry block!"),
            (assign, "DVRAssign not in same function as inst"),
        ] {
            assert!(parallel(src).is_none(), "{first}");
            let report = crate::verify(&module(src));
            assert_eq!(report.diagnostics[0].message, first);
        }
    }
}
