//! Calls of intrinsics never declared, read as LLParser's `validateEndOfModule` reads them, compared
//! with what LLVM 22's `llvm-as | llvm-dis` prints (or the error it reports).

mod common;
use common::read;

/// One name called with several types declares one intrinsic per type; `llvm.ctpop` gets its mangling.
#[test]
fn several_types() {
    let src = r#"declare void @before()
define void @f(i32 %a, i64 %b) {
  %x = call i32 @llvm.ctpop.i32(i32 %a)
  %y = call i64 @llvm.ctpop.i32(i64 %b)
  %z = call i64 @llvm.ctpop(i64 %b)
  ret void
}
declare void @after()
"#;
    assert_eq!(
        read(src).expect("reads"),
        r#"declare void @before()

define void @f(i32 %a, i64 %b) {
  %x = call i32 @llvm.ctpop.i32(i32 %a)
  %y = call i64 @llvm.ctpop.i64(i64 %b)
  %z = call i64 @llvm.ctpop.i64(i64 %b)
  ret void
}

declare void @after()

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.ctpop.i64(i64) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.ctpop.i32(i32) #0

attributes #0 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
"#
    );
}

/// Declarations are made in use-list order: the last call first.
#[test]
fn use_list_order() {
    let src = r#"define void @f(i32 %a, i64 %b, i16 %c) {
  %x = call i32 @llvm.ctpop.i32(i32 %a)
  %y = call i64 @llvm.ctpop.i32(i64 %b)
  %z = call i16 @llvm.ctpop.i32(i16 %c)
  ret void
}
define void @g(i32 %a, i64 %b, i16 %c) {
  %x = call i8 @llvm.ctpop.i32(i8 0)
  ret void
}
"#;
    assert_eq!(
        read(src).expect("reads"),
        r#"define void @f(i32 %a, i64 %b, i16 %c) {
  %x = call i32 @llvm.ctpop.i32(i32 %a)
  %y = call i64 @llvm.ctpop.i64(i64 %b)
  %z = call i16 @llvm.ctpop.i16(i16 %c)
  ret void
}

define void @g(i32 %a, i64 %b, i16 %c) {
  %x = call i8 @llvm.ctpop.i8(i8 0)
  ret void
}

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i8 @llvm.ctpop.i8(i8) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i16 @llvm.ctpop.i16(i16) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.ctpop.i64(i64) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.ctpop.i32(i32) #0

attributes #0 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
"#
    );
}

/// A forward reference does not hold its name: a call of `llvm.ctpop` declares `llvm.ctpop.i32` although `@llvm.ctpop.i32` is referenced too.
#[test]
fn fwd_name_is_not_taken() {
    let src = r#"declare void @before()
define void @f(i32 %a, i64 %b) {
  %y = call i64 @llvm.ctpop.i32(i64 %b)
  %x = call i32 @llvm.ctpop.i32(i32 %a)
  %z = call i32 @llvm.ctpop(i32 %a)
  ret void
}
"#;
    assert_eq!(
        read(src).expect("reads"),
        r#"declare void @before()

define void @f(i32 %a, i64 %b) {
  %y = call i64 @llvm.ctpop.i64(i64 %b)
  %x = call i32 @llvm.ctpop.i32(i32 %a)
  %z = call i32 @llvm.ctpop.i32(i32 %a)
  ret void
}

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.ctpop.i32(i32) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.ctpop.i64(i64) #0

attributes #0 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
"#
    );
}

/// An old intrinsic never declared is upgraded for each call type (`aarch64.sve.rev` to `vector.reverse`).
#[test]
fn old_intrinsic_upgraded() {
    let src = r#"declare void @before()
define void @f(<vscale x 4 x i32> %a, <vscale x 2 x i64> %b) {
  %r = call <vscale x 4 x i32> @llvm.aarch64.sve.rev.nxv4i32(<vscale x 4 x i32> %a)
  %s = call <vscale x 2 x i64> @llvm.aarch64.sve.rev.nxv4i32(<vscale x 2 x i64> %b)
  %t = call <vscale x 4 x i32> @llvm.aarch64.sve.rev.nxv4i32(<vscale x 4 x i32> %a)
  ret void
}
declare void @after()
"#;
    assert_eq!(
        read(src).expect("reads"),
        r#"declare void @before()

define void @f(<vscale x 4 x i32> %a, <vscale x 2 x i64> %b) {
  %r = call <vscale x 4 x i32> @llvm.vector.reverse.nxv4i32(<vscale x 4 x i32> %a)
  %s = call <vscale x 2 x i64> @llvm.vector.reverse.nxv2i64(<vscale x 2 x i64> %b)
  %t = call <vscale x 4 x i32> @llvm.vector.reverse.nxv4i32(<vscale x 4 x i32> %a)
  ret void
}

declare void @after()

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <vscale x 4 x i32> @llvm.vector.reverse.nxv4i32(<vscale x 4 x i32>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <vscale x 2 x i64> @llvm.vector.reverse.nxv2i64(<vscale x 2 x i64>) #0

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
"#
    );
}

/// A known intrinsic called with a type that is no signature of it, and not an old form.
#[test]
fn invalid_signature() {
    let src = r#"define void @f(i32 %a) {
  %x = call i32 @llvm.ctpop.i32(i32 %a, i32 %a)
  ret void
}
"#;
    let e = read(src).expect_err("rejected");
    assert!(e.contains("2:17") && e.contains("invalid intrinsic signature"), "{e}");
}

/// An unknown `llvm.*` name is reported before undefined values.
#[test]
fn unknown_before_undefined() {
    let src = r#"define void @f() {
  call void @zzz()
  call void @llvm.foo()
  call void @aaa()
  ret void
}
"#;
    let e = read(src).expect_err("rejected");
    assert!(e.contains("3:13") && e.contains("unknown intrinsic 'llvm.foo'"), "{e}");
}

/// Names are taken in order: `llvm.ctpop.i32` before `llvm.foo`.
#[test]
fn first_name_first() {
    let src = r#"define void @f(i32 %a) {
  %x = call i32 @llvm.ctpop.i32(i32 %a, i32 %a)
  call void @llvm.foo()
  ret void
}
"#;
    let e = read(src).expect_err("rejected");
    assert!(e.contains("2:17") && e.contains("invalid intrinsic signature"), "{e}");
}

/// An unknown name that no upgrade takes.
#[test]
fn unknown_old_name() {
    let src = r#"define void @f(<vscale x 4 x i32> %a) {
  %r = call <vscale x 4 x i32> @llvm.aarch64.sve.rev(<vscale x 4 x i32> %a)
  ret void
}
"#;
    let e = read(src).expect_err("rejected");
    assert!(e.contains("2:32") && e.contains("unknown intrinsic 'llvm.aarch64.sve.rev'"), "{e}");
}

/// A use other than as callee.
#[test]
fn not_callee() {
    let src = r#"@g = global ptr @llvm.foo
"#;
    let e = read(src).expect_err("rejected");
    assert!(e.contains("1:17") && e.contains("intrinsic can only be used as callee"), "{e}");
}
