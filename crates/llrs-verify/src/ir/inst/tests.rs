//! `visitInstruction`, the phi and terminator checks, against what LLVM 22 reports.

use crate::verify;

/// The module-error messages for a module.
fn errors(src: &str) -> Vec<String> {
    let m = llrs_asm::parse_module(src.as_bytes(), "t.ll").expect("parses");
    verify(&m).errors().map(|d| d.message.to_string()).collect()
}

fn first(src: &str) -> String {
    errors(src).into_iter().next().unwrap_or_default()
}

const DOM: &str = "Instruction does not dominate all uses!";

#[test]
fn use_before_def_in_a_block() {
    let src = "define i32 @f(i32 %a) {\n  %x = add i32 %y, 1\n  %y = add i32 %a, 1\n  ret i32 %x\n}\n";
    assert_eq!(first(src), DOM);
}

#[test]
fn bundle_inputs_are_uses() {
    let src = "declare void @g()\ndefine void @f() {\n  call void @g() [ \"deopt\"(i32 %x) ]\n  %x = add i32 1, 2\n  ret void\n}\n";
    assert_eq!(first(src), DOM);
}

#[test]
fn self_reference() {
    let src = "define i32 @g(i32 %a) {\n  %x = add i32 %x, 1\n  ret i32 %x\n}\n";
    assert_eq!(first(src), "Only PHI nodes may reference their own value!");
    let dead = "define i32 @f(i32 %a) {\nentry:\n  ret i32 0\ndead:\n  %x = add i32 %x, 1\n  br label %dead\n}\n";
    assert_eq!(errors(dead), Vec::<String>::new());
}

const PHI_HEAD: &str = "define i32 @f(i1 %c) {\nentry:\n  br i1 %c, label %a, label %b\na:\n  br label %b\nb:\n";

#[test]
fn phis() {
    let not_top = format!("{PHI_HEAD}  %q = add i32 1, 2\n  %p = phi i32 [ 0, %entry ], [ 1, %a ]\n  ret i32 %p\n}}\n");
    assert_eq!(first(&not_top), "PHI nodes not grouped at top of basic block!");
    let dropped = format!("{PHI_HEAD}  %p = phi i32 [ 0, %entry ]\n  ret i32 %p\n}}\n");
    assert_eq!(first(&dropped), "PHINode should have one entry for each predecessor of its parent basic block!");
    let wrong = format!("{PHI_HEAD}  %p = phi i32 [ 0, %entry ], [ 1, %b ]\n  ret i32 %p\n}}\n");
    assert_eq!(first(&wrong), "PHI node entries do not match predecessors!");
    let ok = format!("{PHI_HEAD}  %p = phi i32 [ 0, %entry ], [ 1, %a ]\n  ret i32 %p\n}}\n");
    assert_eq!(errors(&ok), Vec::<String>::new());
}

#[test]
fn phi_uses_at_the_end_of_the_incoming_block() {
    // %v is defined in %a, which is the incoming block: valid even though %b is a join.
    let ok = format!("{PHI_HEAD}  %p = phi i32 [ 0, %entry ], [ %v, %a ]\n  ret i32 %p\n}}\n")
        .replace("a:\n  br label %b", "a:\n  %v = add i32 1, 2\n  br label %b");
    assert_eq!(errors(&ok), Vec::<String>::new());
    // Used on the edge from %entry, which %a does not dominate.
    let bad = ok.replace("[ 0, %entry ], [ %v, %a ]", "[ %v, %entry ], [ %v, %a ]");
    assert_eq!(first(&bad), DOM);
}

#[test]
fn intrinsic_operands() {
    let addr = "declare void @llvm.donothing()\ndefine void @f(ptr %p) {\n  store ptr @llvm.donothing, ptr %p\n  ret void\n}\n";
    assert!(errors(addr).contains(&"Cannot take the address of an intrinsic!".to_string()));
    let inv = "declare void @llvm.trap()\ndeclare i32 @p(...)\ndefine void @f() personality ptr @p {\n  invoke void @llvm.trap() to label %ok unwind label %bad\nok:\n  ret void\nbad:\n  %lp = landingpad { ptr, i32 } cleanup\n  ret void\n}\n";
    assert_eq!(
        first(inv),
        "Cannot invoke an intrinsic other than donothing, patchpoint, statepoint, coro_resume, coro_destroy, \
         clang.arc.attachedcall or wasm.(re)throw"
    );
    let allowed = inv.replace("llvm.trap", "llvm.donothing");
    assert_eq!(errors(&allowed), Vec::<String>::new());
}

const INVOKE: &str = "declare i32 @g()\ndeclare i32 @p(...)\ndefine i32 @f() personality ptr @p {\nentry:\n  %r = invoke i32 @g() to label %ok unwind label %bad\nok:\n  ret i32 %r\nbad:\n  %lp = landingpad { ptr, i32 } cleanup\n  ret i32 0\n}\n";

#[test]
fn invoke_results() {
    assert_eq!(errors(INVOKE), Vec::<String>::new());
    let in_unwind = INVOKE.replace("cleanup\n  ret i32 0", "cleanup\n  ret i32 %r");
    assert_eq!(first(&in_unwind), DOM);
    // A critical normal edge: only the phi entry for that edge sees the result.
    let critical = INVOKE.replace(
        "ok:\n  ret i32 %r\nbad:\n  %lp = landingpad { ptr, i32 } cleanup\n  ret i32 0",
        "ok:\n  %q = phi i32 [ %r, %entry ], [ 0, %bad ]\n  ret i32 %q\nbad:\n  %lp = landingpad { ptr, i32 } cleanup\n  br label %ok",
    );
    assert_eq!(errors(&critical), Vec::<String>::new());
    let use_after = critical.replace("ret i32 %q", "ret i32 %r");
    assert_eq!(first(&use_after), DOM);
}

#[test]
fn terminators() {
    let br = "define void @f(i32 %c) {\nentry:\n  br i1 true, label %entry2, label %entry2\nentry2:\n  ret void\n}\n";
    assert_eq!(errors(br), Vec::<String>::new());
    let ind = "define void @f(ptr %a) {\nentry:\n  indirectbr ptr %a, [label %x]\nx:\n  ret void\n}\n";
    assert_eq!(errors(ind), Vec::<String>::new());
}

#[test]
fn callbr_results_are_plain_values() {
    // LLVM 22 accepts a callbr's result in its indirect destination.
    let src = "define i32 @f() {\nentry:\n  %r = callbr i32 asm sideeffect \"\", \"=r,!i\"() to label %n [label %a]\nn:\n  ret i32 0\na:\n  ret i32 %r\n}\n";
    assert_eq!(errors(src), Vec::<String>::new());
}

#[test]
fn each_operand_is_checked_for_dominance() {
    // LLVM reports both operands: `verifyDominatesUse` returns from itself only.
    let src = "define void @f(ptr %p) {\n  store float %v, ptr %q\n  %v = load float, ptr %p\n  %q = getelementptr i8, ptr %p, i32 1\n  ret void\n}\n";
    assert_eq!(errors(src), vec![DOM.to_string(), DOM.to_string()]);
}

#[test]
fn invokable_intrinsics_are_known() {
    assert_eq!(super::operands::invokable_count(), 16);
    let arc = "declare ptr @foo()\ndeclare ptr @llvm.objc.retainAutoreleasedReturnValue(ptr)\ndefine void @f() {\n  %r = call ptr @foo() [ \"clang.arc.attachedcall\"(ptr @llvm.objc.retainAutoreleasedReturnValue) ]\n  ret void\n}\n";
    assert_eq!(errors(arc), Vec::<String>::new());
}

#[test]
fn signed_pointer_operands() {
    let src = "@g = external global i8\ndefine void @f(ptr %p) {\n  store ptr ptrauth (ptr @g, i32 0, i64 65535, ptr null, ptr inttoptr (i64 16 to ptr)), ptr %p\n  ret void\n}\n";
    assert_eq!(first(src), "signed ptrauth constant deactivation symbol must be a global value or null");
    assert_eq!(errors(&src.replace("ptr inttoptr (i64 16 to ptr)", "ptr @g")), Vec::<String>::new());
}

#[test]
fn broken_instructions_do_not_panic() {
    use llrs_ir::{InstExtra, InstId, Value};
    let src = "declare i32 @g()\ndeclare i32 @p(...)\ndefine i32 @f(i32 %x, i1 %c) personality ptr @p {\nentry:\n  switch i32 %x, label %a [ i32 1, label %b ]\na:\n  %r = invoke i32 @g() to label %b unwind label %lp\nb:\n  %q = phi i32 [ 0, %entry ], [ %r, %a ]\n  br i1 %c, label %a, label %e\nlp:\n  %l = landingpad { ptr, i32 } cleanup\n  br label %e\ne:\n  ret i32 0\n}\n";
    let base = llrs_asm::parse_module(src.as_bytes(), "t.ll").expect("parses");
    assert_eq!(verify(&base).errors().count(), 0);
    let n = {
        let g = base.functions[0];
        base.globals[g].func.as_ref().and_then(|f| f.body.as_ref()).map_or(0, |b| b.insts.len())
    };
    for k in 0..n {
        for mutation in 0..5 {
            let mut m = llrs_asm::parse_module(src.as_bytes(), "t.ll").expect("parses");
            let g = m.functions[0];
            let body = m.globals[g].func.as_mut().and_then(|f| f.body.as_mut()).expect("a body");
            let inst = &mut body.insts[InstId(k as u32)];
            match mutation {
                0 => inst.operands.clear(),
                1 => inst.extra = InstExtra::None,
                2 => inst.operands.push(Value::Inst(InstId(999))),
                3 => inst.operands.truncate(1),
                _ => inst.operands.iter_mut().for_each(|v| *v = Value::Inst(InstId(k as u32))),
            }
            let _ = verify(&m);
        }
    }
}
