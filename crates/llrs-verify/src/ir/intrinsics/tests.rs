//! `visitIntrinsicCall` and the checks around it, against what `llvm-as-22` says of small
//! modules.

use crate::verify;

/// The module-error messages for a module, in order.
fn errors(src: &str) -> Vec<String> {
    let m = llrs_asm::parse_module(src.as_bytes(), "t.ll").expect("parses");
    verify(&m).errors().map(|d| d.message.to_string()).collect()
}

fn first(src: &str) -> String {
    errors(src).into_iter().next().unwrap_or_default()
}

#[test]
fn valid_intrinsic_calls_are_valid() {
    let src = "declare void @llvm.prefetch.p0(ptr, i32, i32, i32)\n\
               declare void @llvm.lifetime.start.p0(ptr)\n\
               define void @f(ptr %p) {\n  %a = alloca i32\n  call void @llvm.lifetime.start.p0(ptr %a)\n  \
               call void @llvm.lifetime.start.p0(ptr poison)\n  \
               call void @llvm.prefetch.p0(ptr %p, i32 1, i32 3, i32 1)\n  ret void\n}\n";
    assert_eq!(errors(src), Vec::<String>::new());
}

#[test]
fn signature_mismatch() {
    let src = "declare float @llvm.ctpop.i32(i32)\n\
               define float @f(i32 %x) {\n  %r = call float @llvm.ctpop.i32(i32 %x)\n  ret float %r\n}\n";
    assert_eq!(first(src), "Intrinsic has incorrect return type!");
    let src = "declare i32 @llvm.ctlz.i32(i32, i32)\n\
               define i32 @f(i32 %x) {\n  %r = call i32 @llvm.ctlz.i32(i32 %x, i32 0)\n  ret i32 %r\n}\n";
    assert_eq!(first(src), "Intrinsic has incorrect argument type!");
    let src = "declare double @llvm.exp.f64()\n\
               define double @f() {\n  %r = call double @llvm.exp.f64()\n  ret double %r\n}\n";
    assert_eq!(first(src), "Callsite was not defined with variable arguments!");
}

#[test]
fn prefetch_arguments() {
    let src = "declare void @llvm.prefetch.p0(ptr, i32, i32, i32)\n\
               define void @f(ptr %p) {\n  call void @llvm.prefetch.p0(ptr %p, i32 2, i32 3, i32 1)\n  \
               call void @llvm.prefetch.p0(ptr %p, i32 1, i32 4, i32 1)\n  \
               call void @llvm.prefetch.p0(ptr %p, i32 1, i32 3, i32 2)\n  ret void\n}\n";
    assert_eq!(
        errors(src),
        [
            "rw argument to llvm.prefetch must be 0-1",
            "locality argument to llvm.prefetch must be 0-3",
            "cache type argument to llvm.prefetch must be 0-1"
        ]
    );
}

#[test]
fn lifetime_needs_alloca() {
    let src = "declare void @llvm.lifetime.start.p0(ptr)\n\
               define void @f(ptr %p) {\n  call void @llvm.lifetime.start.p0(ptr %p)\n  ret void\n}\n";
    assert_eq!(first(src), "llvm.lifetime.start/end can only be used on alloca or poison");
}

#[test]
fn va_start_needs_varargs() {
    let src = "declare void @llvm.va_start.p0(ptr)\n\
               define void @f(ptr %p) {\n  call void @llvm.va_start.p0(ptr %p)\n  ret void\n}\n";
    assert_eq!(first(src), "va_start called in a non-varargs function");
}

#[test]
fn assume_bundles() {
    let src = "declare void @llvm.assume(i1)\n\
               define void @f(ptr %p, i1 %c) {\n  call void @llvm.assume(i1 %c) [ \"nonnull\"(ptr %p) ]\n  \
               call void @llvm.assume(i1 true) [ \"align\"(ptr %p, i32 4), \"blah\"() ]\n  \
               call void @llvm.assume(i1 true) [ \"ignore\"(), \"blah\"() ]\n  \
               call void @llvm.assume(i1 true) [ \"cold\"(ptr %p) ]\n  ret void\n}\n";
    assert_eq!(
        errors(src),
        [
            "assume with operand bundles must have i1 true condition",
            "tags must be valid attribute names",
            "this attribute has no argument"
        ]
    );
}

#[test]
fn frame_escape_and_recover() {
    let src = "declare void @llvm.localescape(...)\n\
               declare ptr @llvm.localrecover(ptr, ptr, i32)\n\
               define void @g() {\n  %a = alloca i32\n  call void (...) @llvm.localescape(ptr %a)\n  \
               call void (...) @llvm.localescape(ptr %a)\n  ret void\n}\n\
               define void @h() {\n  %r = call ptr @llvm.localrecover(ptr @g, ptr null, i32 1)\n  ret void\n}\n";
    assert_eq!(
        errors(src),
        [
            "multiple calls to llvm.localescape in one function",
            "all indices passed to llvm.localrecover must be less than the number of arguments passed to \
             llvm.localescape in the parent function"
        ]
    );
}

#[test]
fn noalias_scope_decl() {
    let src = "declare void @llvm.experimental.noalias.scope.decl(metadata)\n\
               define void @f() {\n  call void @llvm.experimental.noalias.scope.decl(metadata !0)\n  \
               call void @llvm.experimental.noalias.scope.decl(metadata !\"x\")\n  ret void\n}\n\
               define void @g() {\n  call void @llvm.experimental.noalias.scope.decl(metadata !3)\n  ret void\n}\n\
               !0 = !{!1, !1}\n!1 = distinct !{!1, !2}\n!2 = distinct !{!2}\n!3 = !{!4}\n!4 = distinct !{!4}\n";
    assert_eq!(
        errors(src),
        ["!id.scope.list must point to a list with a single scope", "scope must have two or three operands"]
    );
}

#[test]
fn statepoint_rules() {
    let src = "declare token @llvm.experimental.gc.statepoint.p0(i64, i32, ptr, i32, i32, ...)\n\
               declare i32 @llvm.experimental.gc.result.i32(token)\n\
               declare void @bar()\n\
               define void @f() gc \"statepoint-example\" {\n  \
               %t = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 0, i32 0, \
               ptr @bar, i32 0, i32 0, i32 0, i32 0)\n  \
               %u = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 0, i32 0, \
               ptr elementtype(void ()) @bar, i32 0, i32 0, i32 0, i32 0)\n  \
               %r = call i32 @llvm.experimental.gc.result.i32(token %u)\n  ret void\n}\n\
               define void @g() {\n  \
               %t = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 0, i32 0, \
               ptr elementtype(void ()) @bar, i32 0, i32 0, i32 0, i32 0)\n  ret void\n}\n";
    assert_eq!(
        errors(src),
        [
            "gc.statepoint callee argument must have elementtype attribute",
            "gc.result result type does not match wrapped callee",
            "Enclosing function does not use GC."
        ]
    );
}

#[test]
fn deoptimize_calling_conventions() {
    let src = "declare i32 @llvm.experimental.deoptimize.i32(...)\n\
               declare cc10 void @llvm.experimental.deoptimize.isVoid(...)\n";
    assert_eq!(first(src), "All llvm.experimental.deoptimize declarations must have the same calling convention");
}

#[test]
fn funclet_token_on_objc_call() {
    let src = "declare ptr @llvm.objc.retain(ptr)\n\
               declare void @bar()\n\
               declare i32 @__CxxFrameHandler3(...)\n\
               define void @f() personality ptr @__CxxFrameHandler3 {\nentry:\n  \
               invoke void @bar() to label %cont unwind label %cs\ncs:\n  \
               %s = catchswitch within none [label %h] unwind to caller\nh:\n  \
               %c = catchpad within %s []\n  %r = call ptr @llvm.objc.retain(ptr null)\n  \
               catchret from %c to label %cont\ncont:\n  %r2 = call ptr @llvm.objc.retain(ptr null)\n  ret void\n}\n";
    assert_eq!(errors(src), ["Missing funclet token on intrinsic call"]);
}
