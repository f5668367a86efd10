//! Old Arm/AArch64, RISC-V, WebAssembly and target-independent intrinsics read and printed,
//! compared with what LLVM 22's `llvm-as | llvm-dis` prints for them (without the `; ModuleID`
//! and `source_filename` lines).

mod common;
use common::upgraded;

/// `arm.mve.vctp64` returning `<4 x i1>` and the MVE/CDE forms predicated on `<4 x i1>`: predicates
/// cast through `pred.v2i`/`pred.i2v`, new calls named after the old ones (`%p1` gives `%p12`, in
/// use-list order), `vrintn` as `roundeven`.
#[test]
fn arm_mve_predicates() {
    assert_eq!(upgraded(ARM_MVE_PREDICATES), ARM_MVE_PREDICATES_LLVM);
}

const ARM_MVE_PREDICATES: &str = r#"declare <4 x i1> @llvm.arm.mve.vctp64(i32)
declare <2 x i64> @llvm.arm.mve.mull.int.predicated.v2i64.v4i32.v4i1(<4 x i32>, <4 x i32>, i32, i32, <4 x i1>, <2 x i64>)
declare <2 x i64> @llvm.arm.mve.vqdmull.predicated.v2i64.v4i32.v4i1(<4 x i32>, <4 x i32>, i32, <4 x i1>, <2 x i64>)
declare <2 x i64> @llvm.arm.mve.vldr.gather.base.predicated.v2i64.v2i64.v4i1(<2 x i64>, i32, <4 x i1>)
declare { <2 x i64>, <2 x i64> } @llvm.arm.mve.vldr.gather.base.wb.predicated.v2i64.v2i64.v4i1(<2 x i64>, i32, <4 x i1>)
declare <2 x i64> @llvm.arm.mve.vldr.gather.offset.predicated.v2i64.p0.v2i64.v4i1(ptr, <2 x i64>, i32, i32, i32, <4 x i1>)
declare void @llvm.arm.mve.vstr.scatter.base.predicated.v2i64.v2i64.v4i1(<2 x i64>, i32, <2 x i64>, <4 x i1>)
declare <2 x i64> @llvm.arm.mve.vstr.scatter.base.wb.predicated.v2i64.v2i64.v4i1(<2 x i64>, i32, <2 x i64>, <4 x i1>)
declare void @llvm.arm.mve.vstr.scatter.offset.predicated.p0.v2i64.v2i64.v4i1(ptr, <2 x i64>, <2 x i64>, i32, i32, <4 x i1>)
declare <2 x i64> @llvm.arm.cde.vcx1q.predicated.v2i64.v4i1(i32, <2 x i64>, i32, <4 x i1>)
declare <2 x i64> @llvm.arm.cde.vcx1qa.predicated.v2i64.v4i1(i32, <2 x i64>, i32, <4 x i1>)
declare <2 x i64> @llvm.arm.cde.vcx2q.predicated.v2i64.v4i1(i32, <2 x i64>, <16 x i8>, i32, <4 x i1>)
declare <2 x i64> @llvm.arm.cde.vcx2qa.predicated.v2i64.v4i1(i32, <2 x i64>, <16 x i8>, i32, <4 x i1>)
declare <2 x i64> @llvm.arm.cde.vcx3q.predicated.v2i64.v4i1(i32, <2 x i64>, <16 x i8>, <16 x i8>, i32, <4 x i1>)
declare <2 x i64> @llvm.arm.cde.vcx3qa.predicated.v2i64.v4i1(i32, <2 x i64>, <16 x i8>, <16 x i8>, i32, <4 x i1>)
declare <4 x float> @llvm.arm.mve.vrintn.v4f32(<4 x float>)

define <2 x i64> @f(i32 %n, <4 x i32> %a, <4 x i32> %b, <2 x i64> %v, ptr %p, <16 x i8> %x, <4 x float> %fl) {
entry:
  %p1 = call <4 x i1> @llvm.arm.mve.vctp64(i32 %n)
  %p2 = tail call <4 x i1> @llvm.arm.mve.vctp64(i32 7)
  %r1 = call <2 x i64> @llvm.arm.mve.mull.int.predicated.v2i64.v4i32.v4i1(<4 x i32> %a, <4 x i32> %b, i32 0, i32 1, <4 x i1> %p1, <2 x i64> %v)
  %r2 = call <2 x i64> @llvm.arm.mve.vqdmull.predicated.v2i64.v4i32.v4i1(<4 x i32> %a, <4 x i32> %b, i32 0, <4 x i1> %p2, <2 x i64> %r1)
  %r3 = call <2 x i64> @llvm.arm.mve.vldr.gather.base.predicated.v2i64.v2i64.v4i1(<2 x i64> %r2, i32 8, <4 x i1> <i1 true, i1 false, i1 true, i1 false>)
  %r4 = call { <2 x i64>, <2 x i64> } @llvm.arm.mve.vldr.gather.base.wb.predicated.v2i64.v2i64.v4i1(<2 x i64> %r3, i32 8, <4 x i1> %p1)
  %e = extractvalue { <2 x i64>, <2 x i64> } %r4, 0
  %r5 = call <2 x i64> @llvm.arm.mve.vldr.gather.offset.predicated.v2i64.p0.v2i64.v4i1(ptr %p, <2 x i64> %e, i32 64, i32 0, i32 0, <4 x i1> %p1)
  call void @llvm.arm.mve.vstr.scatter.base.predicated.v2i64.v2i64.v4i1(<2 x i64> %r5, i32 8, <2 x i64> %v, <4 x i1> %p1)
  %r6 = call <2 x i64> @llvm.arm.mve.vstr.scatter.base.wb.predicated.v2i64.v2i64.v4i1(<2 x i64> %r5, i32 8, <2 x i64> %v, <4 x i1> %p1)
  call void @llvm.arm.mve.vstr.scatter.offset.predicated.p0.v2i64.v2i64.v4i1(ptr %p, <2 x i64> %r6, <2 x i64> %v, i32 64, i32 0, <4 x i1> %p2)
  %c1 = call <2 x i64> @llvm.arm.cde.vcx1q.predicated.v2i64.v4i1(i32 0, <2 x i64> %r6, i32 1, <4 x i1> %p1)
  %c2 = call <2 x i64> @llvm.arm.cde.vcx1qa.predicated.v2i64.v4i1(i32 0, <2 x i64> %c1, i32 1, <4 x i1> %p1)
  %c3 = call <2 x i64> @llvm.arm.cde.vcx2q.predicated.v2i64.v4i1(i32 0, <2 x i64> %c2, <16 x i8> %x, i32 1, <4 x i1> %p1)
  %c4 = call <2 x i64> @llvm.arm.cde.vcx2qa.predicated.v2i64.v4i1(i32 0, <2 x i64> %c3, <16 x i8> %x, i32 1, <4 x i1> %p1)
  %c5 = call <2 x i64> @llvm.arm.cde.vcx3q.predicated.v2i64.v4i1(i32 0, <2 x i64> %c4, <16 x i8> %x, <16 x i8> %x, i32 1, <4 x i1> %p1)
  %c6 = call <2 x i64> @llvm.arm.cde.vcx3qa.predicated.v2i64.v4i1(i32 0, <2 x i64> %c5, <16 x i8> %x, <16 x i8> %x, i32 1, <4 x i1> %p1)
  call <2 x i64> @llvm.arm.cde.vcx3qa.predicated.v2i64.v4i1(i32 0, <2 x i64> %c5, <16 x i8> %x, <16 x i8> %x, i32 1, <4 x i1> %p1)
  %fr = call fast <4 x float> @llvm.arm.mve.vrintn.v4f32(<4 x float> %fl)
  ret <2 x i64> %c6
}
"#;

const ARM_MVE_PREDICATES_LLVM: &str = r#"define <2 x i64> @f(i32 %n, <4 x i32> %a, <4 x i32> %b, <2 x i64> %v, ptr %p, <16 x i8> %x, <4 x float> %fl) {
entry:
  %p12 = call <2 x i1> @llvm.arm.mve.vctp64(i32 %n)
  %0 = call i32 @llvm.arm.mve.pred.v2i.v2i1(<2 x i1> %p12)
  %1 = call <4 x i1> @llvm.arm.mve.pred.i2v.v4i1(i32 %0)
  %p21 = call <2 x i1> @llvm.arm.mve.vctp64(i32 7)
  %2 = call i32 @llvm.arm.mve.pred.v2i.v2i1(<2 x i1> %p21)
  %3 = call <4 x i1> @llvm.arm.mve.pred.i2v.v4i1(i32 %2)
  %4 = call i32 @llvm.arm.mve.pred.v2i.v4i1(<4 x i1> %1)
  %5 = call <2 x i1> @llvm.arm.mve.pred.i2v.v2i1(i32 %4)
  %r13 = call <2 x i64> @llvm.arm.mve.mull.int.predicated.v2i64.v4i32.v2i1(<4 x i32> %a, <4 x i32> %b, i32 0, i32 1, <2 x i1> %5, <2 x i64> %v)
  %6 = call i32 @llvm.arm.mve.pred.v2i.v4i1(<4 x i1> %3)
  %7 = call <2 x i1> @llvm.arm.mve.pred.i2v.v2i1(i32 %6)
  %r24 = call <2 x i64> @llvm.arm.mve.vqdmull.predicated.v2i64.v4i32.v2i1(<4 x i32> %a, <4 x i32> %b, i32 0, <2 x i1> %7, <2 x i64> %r13)
  %8 = call i32 @llvm.arm.mve.pred.v2i.v4i1(<4 x i1> <i1 true, i1 false, i1 true, i1 false>)
  %9 = call <2 x i1> @llvm.arm.mve.pred.i2v.v2i1(i32 %8)
  %r35 = call <2 x i64> @llvm.arm.mve.vldr.gather.base.predicated.v2i64.v2i64.v2i1(<2 x i64> %r24, i32 8, <2 x i1> %9)
  %10 = call i32 @llvm.arm.mve.pred.v2i.v4i1(<4 x i1> %1)
  %11 = call <2 x i1> @llvm.arm.mve.pred.i2v.v2i1(i32 %10)
  %r46 = call { <2 x i64>, <2 x i64> } @llvm.arm.mve.vldr.gather.base.wb.predicated.v2i64.v2i64.v2i1(<2 x i64> %r35, i32 8, <2 x i1> %11)
  %e = extractvalue { <2 x i64>, <2 x i64> } %r46, 0
  %12 = call i32 @llvm.arm.mve.pred.v2i.v4i1(<4 x i1> %1)
  %13 = call <2 x i1> @llvm.arm.mve.pred.i2v.v2i1(i32 %12)
  %r57 = call <2 x i64> @llvm.arm.mve.vldr.gather.offset.predicated.v2i64.p0.v2i64.v2i1(ptr %p, <2 x i64> %e, i32 64, i32 0, i32 0, <2 x i1> %13)
  %14 = call i32 @llvm.arm.mve.pred.v2i.v4i1(<4 x i1> %1)
  %15 = call <2 x i1> @llvm.arm.mve.pred.i2v.v2i1(i32 %14)
  call void @llvm.arm.mve.vstr.scatter.base.predicated.v2i64.v2i64.v2i1(<2 x i64> %r57, i32 8, <2 x i64> %v, <2 x i1> %15)
  %16 = call i32 @llvm.arm.mve.pred.v2i.v4i1(<4 x i1> %1)
  %17 = call <2 x i1> @llvm.arm.mve.pred.i2v.v2i1(i32 %16)
  %r68 = call <2 x i64> @llvm.arm.mve.vstr.scatter.base.wb.predicated.v2i64.v2i64.v2i1(<2 x i64> %r57, i32 8, <2 x i64> %v, <2 x i1> %17)
  %18 = call i32 @llvm.arm.mve.pred.v2i.v4i1(<4 x i1> %3)
  %19 = call <2 x i1> @llvm.arm.mve.pred.i2v.v2i1(i32 %18)
  call void @llvm.arm.mve.vstr.scatter.offset.predicated.p0.v2i64.v2i64.v2i1(ptr %p, <2 x i64> %r68, <2 x i64> %v, i32 64, i32 0, <2 x i1> %19)
  %20 = call i32 @llvm.arm.mve.pred.v2i.v4i1(<4 x i1> %1)
  %21 = call <2 x i1> @llvm.arm.mve.pred.i2v.v2i1(i32 %20)
  %c19 = call <2 x i64> @llvm.arm.cde.vcx1q.predicated.v2i64.v2i1(i32 0, <2 x i64> %r68, i32 1, <2 x i1> %21)
  %22 = call i32 @llvm.arm.mve.pred.v2i.v4i1(<4 x i1> %1)
  %23 = call <2 x i1> @llvm.arm.mve.pred.i2v.v2i1(i32 %22)
  %c210 = call <2 x i64> @llvm.arm.cde.vcx1qa.predicated.v2i64.v2i1(i32 0, <2 x i64> %c19, i32 1, <2 x i1> %23)
  %24 = call i32 @llvm.arm.mve.pred.v2i.v4i1(<4 x i1> %1)
  %25 = call <2 x i1> @llvm.arm.mve.pred.i2v.v2i1(i32 %24)
  %c311 = call <2 x i64> @llvm.arm.cde.vcx2q.predicated.v2i64.v2i1(i32 0, <2 x i64> %c210, <16 x i8> %x, i32 1, <2 x i1> %25)
  %26 = call i32 @llvm.arm.mve.pred.v2i.v4i1(<4 x i1> %1)
  %27 = call <2 x i1> @llvm.arm.mve.pred.i2v.v2i1(i32 %26)
  %c412 = call <2 x i64> @llvm.arm.cde.vcx2qa.predicated.v2i64.v2i1(i32 0, <2 x i64> %c311, <16 x i8> %x, i32 1, <2 x i1> %27)
  %28 = call i32 @llvm.arm.mve.pred.v2i.v4i1(<4 x i1> %1)
  %29 = call <2 x i1> @llvm.arm.mve.pred.i2v.v2i1(i32 %28)
  %c513 = call <2 x i64> @llvm.arm.cde.vcx3q.predicated.v2i64.v2i1(i32 0, <2 x i64> %c412, <16 x i8> %x, <16 x i8> %x, i32 1, <2 x i1> %29)
  %30 = call i32 @llvm.arm.mve.pred.v2i.v4i1(<4 x i1> %1)
  %31 = call <2 x i1> @llvm.arm.mve.pred.i2v.v2i1(i32 %30)
  %c614 = call <2 x i64> @llvm.arm.cde.vcx3qa.predicated.v2i64.v2i1(i32 0, <2 x i64> %c513, <16 x i8> %x, <16 x i8> %x, i32 1, <2 x i1> %31)
  %32 = call i32 @llvm.arm.mve.pred.v2i.v4i1(<4 x i1> %1)
  %33 = call <2 x i1> @llvm.arm.mve.pred.i2v.v2i1(i32 %32)
  %34 = call <2 x i64> @llvm.arm.cde.vcx3qa.predicated.v2i64.v2i1(i32 0, <2 x i64> %c513, <16 x i8> %x, <16 x i8> %x, i32 1, <2 x i1> %33)
  %fr = call fast <4 x float> @llvm.roundeven.v4f32(<4 x float> %fl)
  ret <2 x i64> %c614
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <2 x i1> @llvm.arm.mve.vctp64(i32) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare i32 @llvm.arm.mve.pred.v2i.v2i1(<2 x i1>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <4 x i1> @llvm.arm.mve.pred.i2v.v4i1(i32) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare i32 @llvm.arm.mve.pred.v2i.v4i1(<4 x i1>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <2 x i1> @llvm.arm.mve.pred.i2v.v2i1(i32) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <2 x i64> @llvm.arm.mve.mull.int.predicated.v2i64.v4i32.v2i1(<4 x i32>, <4 x i32>, i32, i32, <2 x i1>, <2 x i64>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <2 x i64> @llvm.arm.mve.vqdmull.predicated.v2i64.v4i32.v2i1(<4 x i32>, <4 x i32>, i32, <2 x i1>, <2 x i64>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(read)
declare <2 x i64> @llvm.arm.mve.vldr.gather.base.predicated.v2i64.v2i64.v2i1(<2 x i64>, i32, <2 x i1>) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(read)
declare { <2 x i64>, <2 x i64> } @llvm.arm.mve.vldr.gather.base.wb.predicated.v2i64.v2i64.v2i1(<2 x i64>, i32, <2 x i1>) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(read)
declare <2 x i64> @llvm.arm.mve.vldr.gather.offset.predicated.v2i64.p0.v2i64.v2i1(ptr, <2 x i64>, i32, i32, i32, <2 x i1>) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(write)
declare void @llvm.arm.mve.vstr.scatter.base.predicated.v2i64.v2i64.v2i1(<2 x i64>, i32, <2 x i64>, <2 x i1>) #2

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(write)
declare <2 x i64> @llvm.arm.mve.vstr.scatter.base.wb.predicated.v2i64.v2i64.v2i1(<2 x i64>, i32, <2 x i64>, <2 x i1>) #2

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(write)
declare void @llvm.arm.mve.vstr.scatter.offset.predicated.p0.v2i64.v2i64.v2i1(ptr, <2 x i64>, <2 x i64>, i32, i32, <2 x i1>) #2

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <2 x i64> @llvm.arm.cde.vcx1q.predicated.v2i64.v2i1(i32 immarg, <2 x i64>, i32 immarg, <2 x i1>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <2 x i64> @llvm.arm.cde.vcx1qa.predicated.v2i64.v2i1(i32 immarg, <2 x i64>, i32 immarg, <2 x i1>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <2 x i64> @llvm.arm.cde.vcx2q.predicated.v2i64.v2i1(i32 immarg, <2 x i64>, <16 x i8>, i32 immarg, <2 x i1>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <2 x i64> @llvm.arm.cde.vcx2qa.predicated.v2i64.v2i1(i32 immarg, <2 x i64>, <16 x i8>, i32 immarg, <2 x i1>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <2 x i64> @llvm.arm.cde.vcx3q.predicated.v2i64.v2i1(i32 immarg, <2 x i64>, <16 x i8>, <16 x i8>, i32 immarg, <2 x i1>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <2 x i64> @llvm.arm.cde.vcx3qa.predicated.v2i64.v2i1(i32 immarg, <2 x i64>, <16 x i8>, <16 x i8>, i32 immarg, <2 x i1>) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <4 x float> @llvm.roundeven.v4f32(<4 x float>) #3

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(none) }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(read) }
attributes #2 = { nocallback nofree nosync nounwind willreturn memory(write) }
attributes #3 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
"#;

/// `rbit`, `thread.pointer`, the `bf*` forms on `bfloat` (no fast-math flags on the rebuilt call),
/// `vclz`/`vcnt` rebuilt, saturating and rounding forms renamed, `aarch64.neon.addp` on floating
/// point only.
#[test]
fn arm_neon() {
    assert_eq!(upgraded(ARM_NEON), ARM_NEON_LLVM);
}

const ARM_NEON: &str = r#"declare i32 @llvm.arm.rbit(i32)
declare i64 @llvm.aarch64.rbit.i64(i64)
declare <8 x i8> @llvm.aarch64.neon.rbit.v8i8(<8 x i8>)
declare ptr @llvm.arm.thread.pointer()
declare ptr @llvm.aarch64.thread.pointer()
declare <2 x float> @llvm.arm.neon.bfdot.v2f32.v8i8(<2 x float>, <8 x i8>, <8 x i8>)
declare <4 x float> @llvm.aarch64.neon.bfdot.v4f32.v16i8(<4 x float>, <16 x i8>, <16 x i8>)
declare <4 x float> @llvm.arm.neon.bfmmla.v4f32.v16i8(<4 x float>, <16 x i8>, <16 x i8>)
declare <4 x float> @llvm.aarch64.neon.bfmlalb.v4f32.v16i8(<4 x float>, <16 x i8>, <16 x i8>)
declare <4 x float> @llvm.aarch64.neon.bfmlalt.v4f32.v16i8(<4 x float>, <16 x i8>, <16 x i8>)
declare <8 x i8> @llvm.arm.neon.vclz.v8i8(<8 x i8>)
declare <8 x i8> @llvm.arm.neon.vcnt.v8i8(<8 x i8>)
declare <4 x i16> @llvm.arm.neon.vqadds.v4i16(<4 x i16>, <4 x i16>)
declare <4 x i16> @llvm.arm.neon.vqaddu.v4i16(<4 x i16>, <4 x i16>)
declare <4 x i16> @llvm.arm.neon.vqsubs.v4i16(<4 x i16>, <4 x i16>)
declare <4 x i16> @llvm.arm.neon.vqsubu.v4i16(<4 x i16>, <4 x i16>)
declare <2 x float> @llvm.arm.neon.vrinta.v2f32(<2 x float>)
declare <2 x float> @llvm.arm.neon.vrintn.v2f32(<2 x float>)
declare <2 x float> @llvm.arm.neon.vrintm.v2f32(<2 x float>)
declare <2 x float> @llvm.arm.neon.vrintp.v2f32(<2 x float>)
declare <2 x float> @llvm.arm.neon.vrintx.v2f32(<2 x float>)
declare <2 x float> @llvm.arm.neon.vrintz.v2f32(<2 x float>)
declare <2 x double> @llvm.aarch64.neon.frintn.v2f64(<2 x double>)
declare <4 x float> @llvm.aarch64.neon.addp.v4f32(<4 x float>, <4 x float>)
declare <4 x i32> @llvm.aarch64.neon.addp.v4i32(<4 x i32>, <4 x i32>)

define void @f(i32 %a, i64 %b, <8 x i8> %c, <2 x float> %d, <4 x float> %e, <16 x i8> %g, <4 x i16> %h, <2 x double> %k, <4 x i32> %i4) {
  %r1 = call i32 @llvm.arm.rbit(i32 %a) #0
  %r2 = tail call i64 @llvm.aarch64.rbit.i64(i64 %b)
  %r3 = call <8 x i8> @llvm.aarch64.neon.rbit.v8i8(<8 x i8> %c)
  %t1 = call ptr @llvm.arm.thread.pointer()
  %t2 = call ptr @llvm.aarch64.thread.pointer()
  %b1 = call <2 x float> @llvm.arm.neon.bfdot.v2f32.v8i8(<2 x float> %d, <8 x i8> %c, <8 x i8> %c)
  %b2 = call fast <4 x float> @llvm.aarch64.neon.bfdot.v4f32.v16i8(<4 x float> %e, <16 x i8> %g, <16 x i8> zeroinitializer)
  %b3 = call <4 x float> @llvm.arm.neon.bfmmla.v4f32.v16i8(<4 x float> %e, <16 x i8> %g, <16 x i8> %g)
  %b4 = call <4 x float> @llvm.aarch64.neon.bfmlalb.v4f32.v16i8(<4 x float> %e, <16 x i8> %g, <16 x i8> %g)
  %b5 = call <4 x float> @llvm.aarch64.neon.bfmlalt.v4f32.v16i8(<4 x float> %e, <16 x i8> %g, <16 x i8> %g)
  %v1 = call <8 x i8> @llvm.arm.neon.vclz.v8i8(<8 x i8> %c)
  %v2 = call <8 x i8> @llvm.arm.neon.vcnt.v8i8(<8 x i8> %c)
  %v3 = call <4 x i16> @llvm.arm.neon.vqadds.v4i16(<4 x i16> %h, <4 x i16> %h)
  %v4 = call <4 x i16> @llvm.arm.neon.vqaddu.v4i16(<4 x i16> %h, <4 x i16> %h)
  %v5 = call <4 x i16> @llvm.arm.neon.vqsubs.v4i16(<4 x i16> %h, <4 x i16> %h)
  %v6 = call <4 x i16> @llvm.arm.neon.vqsubu.v4i16(<4 x i16> %h, <4 x i16> %h)
  %f1 = call <2 x float> @llvm.arm.neon.vrinta.v2f32(<2 x float> %d)
  %f2 = call <2 x float> @llvm.arm.neon.vrintn.v2f32(<2 x float> %d)
  %f3 = call <2 x float> @llvm.arm.neon.vrintm.v2f32(<2 x float> %d)
  %f4 = call <2 x float> @llvm.arm.neon.vrintp.v2f32(<2 x float> %d)
  %f5 = call <2 x float> @llvm.arm.neon.vrintx.v2f32(<2 x float> %d)
  %f6 = call nnan <2 x float> @llvm.arm.neon.vrintz.v2f32(<2 x float> %d)
  %f7 = call <2 x double> @llvm.aarch64.neon.frintn.v2f64(<2 x double> %k)
  %p1 = call <4 x float> @llvm.aarch64.neon.addp.v4f32(<4 x float> %e, <4 x float> %e)
  %p2 = call <4 x i32> @llvm.aarch64.neon.addp.v4i32(<4 x i32> %i4, <4 x i32> %i4)
  ret void
}
attributes #0 = { nounwind }
"#;

const ARM_NEON_LLVM: &str = r#"; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <4 x i32> @llvm.aarch64.neon.addp.v4i32(<4 x i32>, <4 x i32>) #0

define void @f(i32 %a, i64 %b, <8 x i8> %c, <2 x float> %d, <4 x float> %e, <16 x i8> %g, <4 x i16> %h, <2 x double> %k, <4 x i32> %i4) {
  %r1 = call i32 @llvm.bitreverse.i32(i32 %a)
  %r2 = call i64 @llvm.bitreverse.i64(i64 %b)
  %r3 = call <8 x i8> @llvm.bitreverse.v8i8(<8 x i8> %c)
  %t1 = call ptr @llvm.thread.pointer.p0()
  %t2 = call ptr @llvm.thread.pointer.p0()
  %1 = bitcast <8 x i8> %c to <4 x bfloat>
  %2 = bitcast <8 x i8> %c to <4 x bfloat>
  %b1 = call <2 x float> @llvm.arm.neon.bfdot.v2f32.v4bf16(<2 x float> %d, <4 x bfloat> %1, <4 x bfloat> %2)
  %3 = bitcast <16 x i8> %g to <8 x bfloat>
  %b2 = call <4 x float> @llvm.aarch64.neon.bfdot.v4f32.v8bf16(<4 x float> %e, <8 x bfloat> %3, <8 x bfloat> zeroinitializer)
  %4 = bitcast <16 x i8> %g to <8 x bfloat>
  %5 = bitcast <16 x i8> %g to <8 x bfloat>
  %b3 = call <4 x float> @llvm.arm.neon.bfmmla(<4 x float> %e, <8 x bfloat> %4, <8 x bfloat> %5)
  %6 = bitcast <16 x i8> %g to <8 x bfloat>
  %7 = bitcast <16 x i8> %g to <8 x bfloat>
  %b4 = call <4 x float> @llvm.aarch64.neon.bfmlalb(<4 x float> %e, <8 x bfloat> %6, <8 x bfloat> %7)
  %8 = bitcast <16 x i8> %g to <8 x bfloat>
  %9 = bitcast <16 x i8> %g to <8 x bfloat>
  %b5 = call <4 x float> @llvm.aarch64.neon.bfmlalt(<4 x float> %e, <8 x bfloat> %8, <8 x bfloat> %9)
  %v1 = call <8 x i8> @llvm.ctlz.v8i8(<8 x i8> %c, i1 false)
  %v2 = call <8 x i8> @llvm.ctpop.v8i8(<8 x i8> %c)
  %v3 = call <4 x i16> @llvm.sadd.sat.v4i16(<4 x i16> %h, <4 x i16> %h)
  %v4 = call <4 x i16> @llvm.uadd.sat.v4i16(<4 x i16> %h, <4 x i16> %h)
  %v5 = call <4 x i16> @llvm.ssub.sat.v4i16(<4 x i16> %h, <4 x i16> %h)
  %v6 = call <4 x i16> @llvm.usub.sat.v4i16(<4 x i16> %h, <4 x i16> %h)
  %f1 = call <2 x float> @llvm.round.v2f32(<2 x float> %d)
  %f2 = call <2 x float> @llvm.roundeven.v2f32(<2 x float> %d)
  %f3 = call <2 x float> @llvm.floor.v2f32(<2 x float> %d)
  %f4 = call <2 x float> @llvm.ceil.v2f32(<2 x float> %d)
  %f5 = call <2 x float> @llvm.rint.v2f32(<2 x float> %d)
  %f6 = call nnan <2 x float> @llvm.trunc.v2f32(<2 x float> %d)
  %f7 = call <2 x double> @llvm.roundeven.v2f64(<2 x double> %k)
  %p1 = call <4 x float> @llvm.aarch64.neon.faddp.v4f32(<4 x float> %e, <4 x float> %e)
  %p2 = call <4 x i32> @llvm.aarch64.neon.addp.v4i32(<4 x i32> %i4, <4 x i32> %i4)
  ret void
}

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.bitreverse.i32(i32) #1

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.bitreverse.i64(i64) #1

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <8 x i8> @llvm.bitreverse.v8i8(<8 x i8>) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare ptr @llvm.thread.pointer.p0() #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <2 x float> @llvm.arm.neon.bfdot.v2f32.v4bf16(<2 x float>, <4 x bfloat>, <4 x bfloat>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <4 x float> @llvm.aarch64.neon.bfdot.v4f32.v8bf16(<4 x float>, <8 x bfloat>, <8 x bfloat>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <4 x float> @llvm.arm.neon.bfmmla(<4 x float>, <8 x bfloat>, <8 x bfloat>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <4 x float> @llvm.aarch64.neon.bfmlalb(<4 x float>, <8 x bfloat>, <8 x bfloat>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <4 x float> @llvm.aarch64.neon.bfmlalt(<4 x float>, <8 x bfloat>, <8 x bfloat>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <8 x i8> @llvm.ctlz.v8i8(<8 x i8>, i1 immarg) #2

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <8 x i8> @llvm.ctpop.v8i8(<8 x i8>) #1

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <4 x i16> @llvm.sadd.sat.v4i16(<4 x i16>, <4 x i16>) #1

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <4 x i16> @llvm.uadd.sat.v4i16(<4 x i16>, <4 x i16>) #1

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <4 x i16> @llvm.ssub.sat.v4i16(<4 x i16>, <4 x i16>) #1

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <4 x i16> @llvm.usub.sat.v4i16(<4 x i16>, <4 x i16>) #1

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x float> @llvm.round.v2f32(<2 x float>) #1

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x float> @llvm.roundeven.v2f32(<2 x float>) #1

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x float> @llvm.floor.v2f32(<2 x float>) #1

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x float> @llvm.ceil.v2f32(<2 x float>) #1

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x float> @llvm.rint.v2f32(<2 x float>) #1

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x float> @llvm.trunc.v2f32(<2 x float>) #1

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x double> @llvm.roundeven.v2f64(<2 x double>) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <4 x float> @llvm.aarch64.neon.faddp.v4f32(<4 x float>, <4 x float>) #0

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(none) }
attributes #1 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
"#;

/// `arm.neon.vst*` with the old mangling: the intrinsic chosen by the number of operands, calls
/// rebuilt (attributes and metadata go); the new form stays.
#[test]
fn arm_neon_vst() {
    assert_eq!(upgraded(ARM_NEON_VST), ARM_NEON_VST_LLVM);
}

const ARM_NEON_VST: &str = r#"declare void @llvm.arm.neon.vst1.v8i8(ptr, <8 x i8>, i32)
declare void @llvm.arm.neon.vst2.v4i16(ptr, <4 x i16>, <4 x i16>, i32)
declare void @llvm.arm.neon.vst3.v2i32(ptr, <2 x i32>, <2 x i32>, <2 x i32>, i32)
declare void @llvm.arm.neon.vst4.v2f32(ptr, <2 x float>, <2 x float>, <2 x float>, <2 x float>, i32)
declare void @llvm.arm.neon.vst2lane.v4i16(ptr, <4 x i16>, <4 x i16>, i32, i32)
declare void @llvm.arm.neon.vst3lane.v4i16(ptr, <4 x i16>, <4 x i16>, <4 x i16>, i32, i32)
declare void @llvm.arm.neon.vst4lane.v4i16(ptr, <4 x i16>, <4 x i16>, <4 x i16>, <4 x i16>, i32, i32)
declare void @llvm.arm.neon.vst1.p0.v4i32(ptr, <4 x i32>, i32)
define void @f(ptr %p, <8 x i8> %a, <4 x i16> %b, <2 x i32> %c, <2 x float> %d, <4 x i32> %e) {
  call void @llvm.arm.neon.vst1.v8i8(ptr %p, <8 x i8> %a, i32 1) #0, !foo !0
  tail call void @llvm.arm.neon.vst2.v4i16(ptr %p, <4 x i16> %b, <4 x i16> %b, i32 2)
  call void @llvm.arm.neon.vst3.v2i32(ptr %p, <2 x i32> %c, <2 x i32> %c, <2 x i32> %c, i32 4)
  call void @llvm.arm.neon.vst4.v2f32(ptr %p, <2 x float> %d, <2 x float> %d, <2 x float> %d, <2 x float> %d, i32 4)
  call void @llvm.arm.neon.vst2lane.v4i16(ptr %p, <4 x i16> %b, <4 x i16> %b, i32 1, i32 2)
  call void @llvm.arm.neon.vst3lane.v4i16(ptr %p, <4 x i16> %b, <4 x i16> %b, <4 x i16> %b, i32 1, i32 2)
  call void @llvm.arm.neon.vst4lane.v4i16(ptr %p, <4 x i16> %b, <4 x i16> %b, <4 x i16> %b, <4 x i16> %b, i32 1, i32 2)
  call void @llvm.arm.neon.vst1.p0.v4i32(ptr %p, <4 x i32> %e, i32 1) #0
  ret void
}
attributes #0 = { nounwind }
!0 = !{}
"#;

const ARM_NEON_VST_LLVM: &str = r#"; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: write)
declare void @llvm.arm.neon.vst1.p0.v4i32(ptr, <4 x i32>, i32) #0

define void @f(ptr %p, <8 x i8> %a, <4 x i16> %b, <2 x i32> %c, <2 x float> %d, <4 x i32> %e) {
  call void @llvm.arm.neon.vst1.p0.v8i8(ptr %p, <8 x i8> %a, i32 1)
  call void @llvm.arm.neon.vst2.p0.v4i16(ptr %p, <4 x i16> %b, <4 x i16> %b, i32 2)
  call void @llvm.arm.neon.vst3.p0.v2i32(ptr %p, <2 x i32> %c, <2 x i32> %c, <2 x i32> %c, i32 4)
  call void @llvm.arm.neon.vst4.p0.v2f32(ptr %p, <2 x float> %d, <2 x float> %d, <2 x float> %d, <2 x float> %d, i32 4)
  call void @llvm.arm.neon.vst2lane.p0.v4i16(ptr %p, <4 x i16> %b, <4 x i16> %b, i32 1, i32 2)
  call void @llvm.arm.neon.vst3lane.p0.v4i16(ptr %p, <4 x i16> %b, <4 x i16> %b, <4 x i16> %b, i32 1, i32 2)
  call void @llvm.arm.neon.vst4lane.p0.v4i16(ptr %p, <4 x i16> %b, <4 x i16> %b, <4 x i16> %b, <4 x i16> %b, i32 1, i32 2)
  call void @llvm.arm.neon.vst1.p0.v4i32(ptr %p, <4 x i32> %e, i32 1) #1
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: write)
declare void @llvm.arm.neon.vst1.p0.v8i8(ptr, <8 x i8>, i32) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: write)
declare void @llvm.arm.neon.vst2.p0.v4i16(ptr, <4 x i16>, <4 x i16>, i32) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: write)
declare void @llvm.arm.neon.vst3.p0.v2i32(ptr, <2 x i32>, <2 x i32>, <2 x i32>, i32) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: write)
declare void @llvm.arm.neon.vst4.p0.v2f32(ptr, <2 x float>, <2 x float>, <2 x float>, <2 x float>, i32) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: write)
declare void @llvm.arm.neon.vst2lane.p0.v4i16(ptr, <4 x i16>, <4 x i16>, i32, i32) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: write)
declare void @llvm.arm.neon.vst3lane.p0.v4i16(ptr, <4 x i16>, <4 x i16>, <4 x i16>, i32, i32) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: write)
declare void @llvm.arm.neon.vst4lane.p0.v4i16(ptr, <4 x i16>, <4 x i16>, <4 x i16>, <4 x i16>, i32, i32) #0

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(argmem: write) }
attributes #1 = { nounwind }
"#;

/// SVE tuples, `ld{2,3,4}` through `.sret`, `bf*.lane`, `fcvt[nt].bf16f32` through `svbool` (named
/// `%f11`), `addqv` on floating point, `rev`, and `neon.bfcvt*` as `fptrunc` (folded on constants).
#[test]
fn aarch64_sve() {
    assert_eq!(upgraded(AARCH64_SVE), AARCH64_SVE_LLVM);
}

const AARCH64_SVE: &str = r#"declare <vscale x 8 x i32> @llvm.aarch64.sve.tuple.create2.nxv8i32.nxv4i32(<vscale x 4 x i32>, <vscale x 4 x i32>)
declare <vscale x 12 x i32> @llvm.aarch64.sve.tuple.create3.nxv12i32.nxv4i32(<vscale x 4 x i32>, <vscale x 4 x i32>, <vscale x 4 x i32>)
declare <vscale x 16 x i32> @llvm.aarch64.sve.tuple.create4.nxv16i32.nxv4i32(<vscale x 4 x i32>, <vscale x 4 x i32>, <vscale x 4 x i32>, <vscale x 4 x i32>)
declare <vscale x 4 x i32> @llvm.aarch64.sve.tuple.get.nxv4i32.nxv8i32(<vscale x 8 x i32>, i32)
declare <vscale x 8 x i32> @llvm.aarch64.sve.tuple.set.nxv8i32.nxv4i32(<vscale x 8 x i32>, i32, <vscale x 4 x i32>)
declare <vscale x 8 x i32> @llvm.aarch64.sve.ld2.nxv8i32.nxv4i1.p0(<vscale x 4 x i1>, ptr)
declare <vscale x 12 x float> @llvm.aarch64.sve.ld3.nxv12f32.nxv4i1.p0(<vscale x 4 x i1>, ptr)
declare <vscale x 64 x i8> @llvm.aarch64.sve.ld4.nxv64i8.nxv16i1.p0(<vscale x 16 x i1>, ptr)
declare <vscale x 4 x float> @llvm.aarch64.sve.bfdot.lane(<vscale x 4 x float>, <vscale x 8 x bfloat>, <vscale x 8 x bfloat>, i64)
declare <vscale x 4 x float> @llvm.aarch64.sve.bfmlalb.lane(<vscale x 4 x float>, <vscale x 8 x bfloat>, <vscale x 8 x bfloat>, i64)
declare <vscale x 4 x float> @llvm.aarch64.sve.bfmlalt.lane(<vscale x 4 x float>, <vscale x 8 x bfloat>, <vscale x 8 x bfloat>, i64)
declare <vscale x 8 x bfloat> @llvm.aarch64.sve.fcvt.bf16f32(<vscale x 8 x bfloat>, <vscale x 8 x i1>, <vscale x 4 x float>)
declare <vscale x 8 x bfloat> @llvm.aarch64.sve.fcvtnt.bf16f32(<vscale x 8 x bfloat>, <vscale x 8 x i1>, <vscale x 4 x float>)
declare <4 x float> @llvm.aarch64.sve.addqv.v4f32.nxv4f32(<vscale x 4 x i1>, <vscale x 4 x float>)
declare <4 x i32> @llvm.aarch64.sve.addqv.v4i32.nxv4i32(<vscale x 4 x i1>, <vscale x 4 x i32>)
declare <vscale x 4 x i32> @llvm.aarch64.sve.rev.nxv4i32(<vscale x 4 x i32>)
declare bfloat @llvm.aarch64.neon.bfcvt(float)
declare <8 x bfloat> @llvm.aarch64.neon.bfcvtn(<4 x float>)
declare <8 x bfloat> @llvm.aarch64.neon.bfcvtn2(<8 x bfloat>, <4 x float>)

define void @f(<vscale x 4 x i32> %a, <vscale x 8 x i32> %t, <vscale x 4 x i1> %pg, <vscale x 16 x i1> %pg16, ptr %p, <vscale x 4 x float> %acc, <vscale x 8 x bfloat> %b, <vscale x 8 x i1> %pg8, float %x, <4 x float> %v4, <8 x bfloat> %v8) {
  %c2 = call <vscale x 8 x i32> @llvm.aarch64.sve.tuple.create2.nxv8i32.nxv4i32(<vscale x 4 x i32> %a, <vscale x 4 x i32> %a)
  %c3 = call <vscale x 12 x i32> @llvm.aarch64.sve.tuple.create3.nxv12i32.nxv4i32(<vscale x 4 x i32> %a, <vscale x 4 x i32> %a, <vscale x 4 x i32> %a)
  %c4 = call <vscale x 16 x i32> @llvm.aarch64.sve.tuple.create4.nxv16i32.nxv4i32(<vscale x 4 x i32> %a, <vscale x 4 x i32> %a, <vscale x 4 x i32> %a, <vscale x 4 x i32> %a)
  %g = call <vscale x 4 x i32> @llvm.aarch64.sve.tuple.get.nxv4i32.nxv8i32(<vscale x 8 x i32> %c2, i32 1)
  %s = call <vscale x 8 x i32> @llvm.aarch64.sve.tuple.set.nxv8i32.nxv4i32(<vscale x 8 x i32> %t, i32 1, <vscale x 4 x i32> %g)
  %l2 = call <vscale x 8 x i32> @llvm.aarch64.sve.ld2.nxv8i32.nxv4i1.p0(<vscale x 4 x i1> %pg, ptr %p)
  %l3 = call <vscale x 12 x float> @llvm.aarch64.sve.ld3.nxv12f32.nxv4i1.p0(<vscale x 4 x i1> %pg, ptr %p)
  %l4 = call <vscale x 64 x i8> @llvm.aarch64.sve.ld4.nxv64i8.nxv16i1.p0(<vscale x 16 x i1> %pg16, ptr %p)
  %d1 = call <vscale x 4 x float> @llvm.aarch64.sve.bfdot.lane(<vscale x 4 x float> %acc, <vscale x 8 x bfloat> %b, <vscale x 8 x bfloat> %b, i64 3)
  %d2 = call <vscale x 4 x float> @llvm.aarch64.sve.bfmlalb.lane(<vscale x 4 x float> %acc, <vscale x 8 x bfloat> %b, <vscale x 8 x bfloat> %b, i64 7)
  %d3 = call <vscale x 4 x float> @llvm.aarch64.sve.bfmlalt.lane(<vscale x 4 x float> %acc, <vscale x 8 x bfloat> %b, <vscale x 8 x bfloat> %b, i64 0)
  %f1 = call <vscale x 8 x bfloat> @llvm.aarch64.sve.fcvt.bf16f32(<vscale x 8 x bfloat> %b, <vscale x 8 x i1> %pg8, <vscale x 4 x float> %acc)
  %f2 = call <vscale x 8 x bfloat> @llvm.aarch64.sve.fcvtnt.bf16f32(<vscale x 8 x bfloat> %f1, <vscale x 8 x i1> %pg8, <vscale x 4 x float> %acc)
  %q1 = call <4 x float> @llvm.aarch64.sve.addqv.v4f32.nxv4f32(<vscale x 4 x i1> %pg, <vscale x 4 x float> %acc)
  %q2 = call <4 x i32> @llvm.aarch64.sve.addqv.v4i32.nxv4i32(<vscale x 4 x i1> %pg, <vscale x 4 x i32> %a)
  %rv = call <vscale x 4 x i32> @llvm.aarch64.sve.rev.nxv4i32(<vscale x 4 x i32> %a)
  %b1 = call bfloat @llvm.aarch64.neon.bfcvt(float %x)
  %b2 = call bfloat @llvm.aarch64.neon.bfcvt(float 1.5)
  %b3 = call <8 x bfloat> @llvm.aarch64.neon.bfcvtn(<4 x float> %v4)
  %b4 = call <8 x bfloat> @llvm.aarch64.neon.bfcvtn2(<8 x bfloat> %v8, <4 x float> %v4)
  %b5 = call <8 x bfloat> @llvm.aarch64.neon.bfcvtn(<4 x float> <float 1.0, float 2.0, float 3.0, float 4.0>)
  ret void
}
"#;

const AARCH64_SVE_LLVM: &str = r#"; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <4 x i32> @llvm.aarch64.sve.addqv.v4i32.nxv4i32(<vscale x 4 x i1>, <vscale x 4 x i32>) #0

define void @f(<vscale x 4 x i32> %a, <vscale x 8 x i32> %t, <vscale x 4 x i1> %pg, <vscale x 16 x i1> %pg16, ptr %p, <vscale x 4 x float> %acc, <vscale x 8 x bfloat> %b, <vscale x 8 x i1> %pg8, float %x, <4 x float> %v4, <8 x bfloat> %v8) {
  %1 = call <vscale x 8 x i32> @llvm.vector.insert.nxv8i32.nxv4i32(<vscale x 8 x i32> poison, <vscale x 4 x i32> %a, i64 0)
  %c2 = call <vscale x 8 x i32> @llvm.vector.insert.nxv8i32.nxv4i32(<vscale x 8 x i32> %1, <vscale x 4 x i32> %a, i64 4)
  %2 = call <vscale x 12 x i32> @llvm.vector.insert.nxv12i32.nxv4i32(<vscale x 12 x i32> poison, <vscale x 4 x i32> %a, i64 0)
  %3 = call <vscale x 12 x i32> @llvm.vector.insert.nxv12i32.nxv4i32(<vscale x 12 x i32> %2, <vscale x 4 x i32> %a, i64 4)
  %c3 = call <vscale x 12 x i32> @llvm.vector.insert.nxv12i32.nxv4i32(<vscale x 12 x i32> %3, <vscale x 4 x i32> %a, i64 8)
  %4 = call <vscale x 16 x i32> @llvm.vector.insert.nxv16i32.nxv4i32(<vscale x 16 x i32> poison, <vscale x 4 x i32> %a, i64 0)
  %5 = call <vscale x 16 x i32> @llvm.vector.insert.nxv16i32.nxv4i32(<vscale x 16 x i32> %4, <vscale x 4 x i32> %a, i64 4)
  %6 = call <vscale x 16 x i32> @llvm.vector.insert.nxv16i32.nxv4i32(<vscale x 16 x i32> %5, <vscale x 4 x i32> %a, i64 8)
  %c4 = call <vscale x 16 x i32> @llvm.vector.insert.nxv16i32.nxv4i32(<vscale x 16 x i32> %6, <vscale x 4 x i32> %a, i64 12)
  %g = call <vscale x 4 x i32> @llvm.vector.extract.nxv4i32.nxv8i32(<vscale x 8 x i32> %c2, i64 4)
  %s = call <vscale x 8 x i32> @llvm.vector.insert.nxv8i32.nxv4i32(<vscale x 8 x i32> %t, <vscale x 4 x i32> %g, i64 4)
  %7 = call { <vscale x 4 x i32>, <vscale x 4 x i32> } @llvm.aarch64.sve.ld2.sret.nxv4i32(<vscale x 4 x i1> %pg, ptr %p)
  %8 = extractvalue { <vscale x 4 x i32>, <vscale x 4 x i32> } %7, 0
  %9 = call <vscale x 8 x i32> @llvm.vector.insert.nxv8i32.nxv4i32(<vscale x 8 x i32> poison, <vscale x 4 x i32> %8, i64 0)
  %10 = extractvalue { <vscale x 4 x i32>, <vscale x 4 x i32> } %7, 1
  %l2 = call <vscale x 8 x i32> @llvm.vector.insert.nxv8i32.nxv4i32(<vscale x 8 x i32> %9, <vscale x 4 x i32> %10, i64 4)
  %11 = call { <vscale x 4 x float>, <vscale x 4 x float>, <vscale x 4 x float> } @llvm.aarch64.sve.ld3.sret.nxv4f32(<vscale x 4 x i1> %pg, ptr %p)
  %12 = extractvalue { <vscale x 4 x float>, <vscale x 4 x float>, <vscale x 4 x float> } %11, 0
  %13 = call <vscale x 12 x float> @llvm.vector.insert.nxv12f32.nxv4f32(<vscale x 12 x float> poison, <vscale x 4 x float> %12, i64 0)
  %14 = extractvalue { <vscale x 4 x float>, <vscale x 4 x float>, <vscale x 4 x float> } %11, 1
  %15 = call <vscale x 12 x float> @llvm.vector.insert.nxv12f32.nxv4f32(<vscale x 12 x float> %13, <vscale x 4 x float> %14, i64 4)
  %16 = extractvalue { <vscale x 4 x float>, <vscale x 4 x float>, <vscale x 4 x float> } %11, 2
  %l3 = call <vscale x 12 x float> @llvm.vector.insert.nxv12f32.nxv4f32(<vscale x 12 x float> %15, <vscale x 4 x float> %16, i64 8)
  %17 = call { <vscale x 16 x i8>, <vscale x 16 x i8>, <vscale x 16 x i8>, <vscale x 16 x i8> } @llvm.aarch64.sve.ld4.sret.nxv16i8(<vscale x 16 x i1> %pg16, ptr %p)
  %18 = extractvalue { <vscale x 16 x i8>, <vscale x 16 x i8>, <vscale x 16 x i8>, <vscale x 16 x i8> } %17, 0
  %19 = call <vscale x 64 x i8> @llvm.vector.insert.nxv64i8.nxv16i8(<vscale x 64 x i8> poison, <vscale x 16 x i8> %18, i64 0)
  %20 = extractvalue { <vscale x 16 x i8>, <vscale x 16 x i8>, <vscale x 16 x i8>, <vscale x 16 x i8> } %17, 1
  %21 = call <vscale x 64 x i8> @llvm.vector.insert.nxv64i8.nxv16i8(<vscale x 64 x i8> %19, <vscale x 16 x i8> %20, i64 16)
  %22 = extractvalue { <vscale x 16 x i8>, <vscale x 16 x i8>, <vscale x 16 x i8>, <vscale x 16 x i8> } %17, 2
  %23 = call <vscale x 64 x i8> @llvm.vector.insert.nxv64i8.nxv16i8(<vscale x 64 x i8> %21, <vscale x 16 x i8> %22, i64 32)
  %24 = extractvalue { <vscale x 16 x i8>, <vscale x 16 x i8>, <vscale x 16 x i8>, <vscale x 16 x i8> } %17, 3
  %l4 = call <vscale x 64 x i8> @llvm.vector.insert.nxv64i8.nxv16i8(<vscale x 64 x i8> %23, <vscale x 16 x i8> %24, i64 48)
  %d1 = call <vscale x 4 x float> @llvm.aarch64.sve.bfdot.lane.v2(<vscale x 4 x float> %acc, <vscale x 8 x bfloat> %b, <vscale x 8 x bfloat> %b, i32 3)
  %d2 = call <vscale x 4 x float> @llvm.aarch64.sve.bfmlalb.lane.v2(<vscale x 4 x float> %acc, <vscale x 8 x bfloat> %b, <vscale x 8 x bfloat> %b, i32 7)
  %d3 = call <vscale x 4 x float> @llvm.aarch64.sve.bfmlalt.lane.v2(<vscale x 4 x float> %acc, <vscale x 8 x bfloat> %b, <vscale x 8 x bfloat> %b, i32 0)
  %25 = call <vscale x 16 x i1> @llvm.aarch64.sve.convert.to.svbool.nxv8i1(<vscale x 8 x i1> %pg8)
  %26 = call <vscale x 4 x i1> @llvm.aarch64.sve.convert.from.svbool.nxv4i1(<vscale x 16 x i1> %25)
  %f11 = call <vscale x 8 x bfloat> @llvm.aarch64.sve.fcvt.bf16f32.v2(<vscale x 8 x bfloat> %b, <vscale x 4 x i1> %26, <vscale x 4 x float> %acc)
  %27 = call <vscale x 16 x i1> @llvm.aarch64.sve.convert.to.svbool.nxv8i1(<vscale x 8 x i1> %pg8)
  %28 = call <vscale x 4 x i1> @llvm.aarch64.sve.convert.from.svbool.nxv4i1(<vscale x 16 x i1> %27)
  %f22 = call <vscale x 8 x bfloat> @llvm.aarch64.sve.fcvtnt.bf16f32.v2(<vscale x 8 x bfloat> %f11, <vscale x 4 x i1> %28, <vscale x 4 x float> %acc)
  %q1 = call <4 x float> @llvm.aarch64.sve.faddqv.v4f32.nxv4f32(<vscale x 4 x i1> %pg, <vscale x 4 x float> %acc)
  %q2 = call <4 x i32> @llvm.aarch64.sve.addqv.v4i32.nxv4i32(<vscale x 4 x i1> %pg, <vscale x 4 x i32> %a)
  %rv = call <vscale x 4 x i32> @llvm.vector.reverse.nxv4i32(<vscale x 4 x i32> %a)
  %29 = fptrunc float %x to bfloat
  %30 = fptrunc <4 x float> %v4 to <4 x bfloat>
  %31 = shufflevector <4 x bfloat> %30, <4 x bfloat> zeroinitializer, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %32 = shufflevector <8 x bfloat> %v8, <8 x bfloat> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %33 = fptrunc <4 x float> %v4 to <4 x bfloat>
  %34 = shufflevector <4 x bfloat> %32, <4 x bfloat> %33, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <vscale x 8 x i32> @llvm.vector.insert.nxv8i32.nxv4i32(<vscale x 8 x i32>, <vscale x 4 x i32>, i64 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <vscale x 12 x i32> @llvm.vector.insert.nxv12i32.nxv4i32(<vscale x 12 x i32>, <vscale x 4 x i32>, i64 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <vscale x 16 x i32> @llvm.vector.insert.nxv16i32.nxv4i32(<vscale x 16 x i32>, <vscale x 4 x i32>, i64 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <vscale x 4 x i32> @llvm.vector.extract.nxv4i32.nxv8i32(<vscale x 8 x i32>, i64 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: read)
declare { <vscale x 4 x i32>, <vscale x 4 x i32> } @llvm.aarch64.sve.ld2.sret.nxv4i32(<vscale x 4 x i1>, ptr) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: read)
declare { <vscale x 4 x float>, <vscale x 4 x float>, <vscale x 4 x float> } @llvm.aarch64.sve.ld3.sret.nxv4f32(<vscale x 4 x i1>, ptr) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <vscale x 12 x float> @llvm.vector.insert.nxv12f32.nxv4f32(<vscale x 12 x float>, <vscale x 4 x float>, i64 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: read)
declare { <vscale x 16 x i8>, <vscale x 16 x i8>, <vscale x 16 x i8>, <vscale x 16 x i8> } @llvm.aarch64.sve.ld4.sret.nxv16i8(<vscale x 16 x i1>, ptr) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <vscale x 64 x i8> @llvm.vector.insert.nxv64i8.nxv16i8(<vscale x 64 x i8>, <vscale x 16 x i8>, i64 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <vscale x 4 x float> @llvm.aarch64.sve.bfdot.lane.v2(<vscale x 4 x float>, <vscale x 8 x bfloat>, <vscale x 8 x bfloat>, i32 immarg) #2

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <vscale x 4 x float> @llvm.aarch64.sve.bfmlalb.lane.v2(<vscale x 4 x float>, <vscale x 8 x bfloat>, <vscale x 8 x bfloat>, i32 immarg) #2

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <vscale x 4 x float> @llvm.aarch64.sve.bfmlalt.lane.v2(<vscale x 4 x float>, <vscale x 8 x bfloat>, <vscale x 8 x bfloat>, i32 immarg) #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <vscale x 16 x i1> @llvm.aarch64.sve.convert.to.svbool.nxv8i1(<vscale x 8 x i1>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <vscale x 4 x i1> @llvm.aarch64.sve.convert.from.svbool.nxv4i1(<vscale x 16 x i1>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <vscale x 8 x bfloat> @llvm.aarch64.sve.fcvt.bf16f32.v2(<vscale x 8 x bfloat>, <vscale x 4 x i1>, <vscale x 4 x float>) #2

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <vscale x 8 x bfloat> @llvm.aarch64.sve.fcvtnt.bf16f32.v2(<vscale x 8 x bfloat>, <vscale x 4 x i1>, <vscale x 4 x float>) #2

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <4 x float> @llvm.aarch64.sve.faddqv.v4f32.nxv4f32(<vscale x 4 x i1>, <vscale x 4 x float>) #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <vscale x 4 x i32> @llvm.vector.reverse.nxv4i32(<vscale x 4 x i32>) #0

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: read) }
attributes #2 = { nocallback nofree nosync nounwind willreturn memory(none) }
"#;

/// Unsuffixed SVE tuple forms (the `tuple.set` declaration LLVM makes with a third suffix is
/// remangled in a later round), `ld2` without suffix, `fptrunc` of a NaN, `faddp` on `<2 x
/// double>`.
#[test]
fn aarch64_odd_forms() {
    assert_eq!(upgraded(AARCH64_ODD_FORMS), AARCH64_ODD_FORMS_LLVM);
}

const AARCH64_ODD_FORMS: &str = r#"declare <2 x double> @llvm.aarch64.neon.addp.v2f64(<2 x double>, <2 x double>)
declare double @llvm.aarch64.neon.frintn.f64(double)
declare <8 x bfloat> @llvm.aarch64.neon.bfcvtn2(<8 x bfloat>, <4 x float>)
declare bfloat @llvm.aarch64.neon.bfcvt(float)
declare <vscale x 8 x i32> @llvm.aarch64.sve.tuple.create2(<vscale x 4 x i32>, <vscale x 4 x i32>)
declare <vscale x 4 x i32> @llvm.aarch64.sve.tuple.get(<vscale x 8 x i32>, i32)
declare <vscale x 8 x i32> @llvm.aarch64.sve.tuple.set(<vscale x 8 x i32>, i32, <vscale x 4 x i32>)
declare <vscale x 8 x i32> @llvm.aarch64.sve.tuple.set.nxv8i32.nxv4i32(<vscale x 8 x i32>, i32, <vscale x 4 x i32>)
declare <vscale x 16 x i8> @llvm.aarch64.sve.ld2(<vscale x 8 x i1>, ptr)
define void @f(<2 x double> %d, double %s, <8 x bfloat> %b, <vscale x 4 x i32> %a, <vscale x 8 x i32> %t, <vscale x 8 x i1> %p, ptr %q, <vscale x 4 x i1> %p4, <vscale x 4 x float> %vf) {
  %1 = call <2 x double> @llvm.aarch64.neon.addp.v2f64(<2 x double> %d, <2 x double> %d)
  %2 = call double @llvm.aarch64.neon.frintn.f64(double %s)
  %3 = call <8 x bfloat> @llvm.aarch64.neon.bfcvtn2(<8 x bfloat> zeroinitializer, <4 x float> <float 1.0, float 0x7FF8000000000000, float -0.0, float 0x47EFFFFFE0000000>)
  %4 = call bfloat @llvm.aarch64.neon.bfcvt(float 0x36A0000000000000)
  %5 = call <vscale x 8 x i32> @llvm.aarch64.sve.tuple.create2(<vscale x 4 x i32> %a, <vscale x 4 x i32> %a)
  %6 = call <vscale x 4 x i32> @llvm.aarch64.sve.tuple.get(<vscale x 8 x i32> %5, i32 0)
  %7 = call <vscale x 8 x i32> @llvm.aarch64.sve.tuple.set(<vscale x 8 x i32> %5, i32 0, <vscale x 4 x i32> %6)
  %8 = call <vscale x 8 x i32> @llvm.aarch64.sve.tuple.set.nxv8i32.nxv4i32(<vscale x 8 x i32> %7, i32 1, <vscale x 4 x i32> %6)
  %9 = call <vscale x 16 x i8> @llvm.aarch64.sve.ld2(<vscale x 8 x i1> %p, ptr %q)
  ret void
}
"#;

const AARCH64_ODD_FORMS_LLVM: &str = r#"define void @f(<2 x double> %d, double %s, <8 x bfloat> %b, <vscale x 4 x i32> %a, <vscale x 8 x i32> %t, <vscale x 8 x i1> %p, ptr %q, <vscale x 4 x i1> %p4, <vscale x 4 x float> %vf) {
  %1 = call <2 x double> @llvm.aarch64.neon.faddp.v2f64(<2 x double> %d, <2 x double> %d)
  %2 = call double @llvm.roundeven.f64(double %s)
  %3 = call <vscale x 8 x i32> @llvm.vector.insert.nxv8i32.nxv4i32(<vscale x 8 x i32> poison, <vscale x 4 x i32> %a, i64 0)
  %4 = call <vscale x 8 x i32> @llvm.vector.insert.nxv8i32.nxv4i32(<vscale x 8 x i32> %3, <vscale x 4 x i32> %a, i64 4)
  %5 = call <vscale x 4 x i32> @llvm.vector.extract.nxv4i32.nxv8i32(<vscale x 8 x i32> %4, i64 0)
  %6 = call <vscale x 8 x i32> @llvm.vector.insert.nxv8i32.nxv4i32(<vscale x 8 x i32> %4, <vscale x 4 x i32> %5, i64 0)
  %7 = call <vscale x 8 x i32> @llvm.vector.insert.nxv8i32.nxv4i32(<vscale x 8 x i32> %6, <vscale x 4 x i32> %5, i64 4)
  %8 = call { <vscale x 8 x i8>, <vscale x 8 x i8> } @llvm.aarch64.sve.ld2.sret.nxv8i8(<vscale x 8 x i1> %p, ptr %q)
  %9 = extractvalue { <vscale x 8 x i8>, <vscale x 8 x i8> } %8, 0
  %10 = call <vscale x 16 x i8> @llvm.vector.insert.nxv16i8.nxv8i8(<vscale x 16 x i8> poison, <vscale x 8 x i8> %9, i64 0)
  %11 = extractvalue { <vscale x 8 x i8>, <vscale x 8 x i8> } %8, 1
  %12 = call <vscale x 16 x i8> @llvm.vector.insert.nxv16i8.nxv8i8(<vscale x 16 x i8> %10, <vscale x 8 x i8> %11, i64 8)
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <2 x double> @llvm.aarch64.neon.faddp.v2f64(<2 x double>, <2 x double>) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.roundeven.f64(double) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <vscale x 8 x i32> @llvm.vector.insert.nxv8i32.nxv4i32(<vscale x 8 x i32>, <vscale x 4 x i32>, i64 immarg) #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <vscale x 4 x i32> @llvm.vector.extract.nxv4i32.nxv8i32(<vscale x 8 x i32>, i64 immarg) #2

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: read)
declare { <vscale x 8 x i8>, <vscale x 8 x i8> } @llvm.aarch64.sve.ld2.sret.nxv8i8(<vscale x 8 x i1>, ptr) #3

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <vscale x 16 x i8> @llvm.vector.insert.nxv16i8.nxv8i8(<vscale x 16 x i8>, <vscale x 8 x i8>, i64 immarg) #2

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(none) }
attributes #1 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #3 = { nocallback nofree nosync nounwind willreturn memory(argmem: read) }
"#;

/// `experimental.vector.*` renamed with LLVM's overloaded types, reductions by LLVM's two patterns
/// (not `reduce.add.nxv4i32` nor the old `fadd`), `extract.last.active` kept, `stepvector`,
/// splices.
#[test]
fn experimental_vector() {
    assert_eq!(upgraded(EXPERIMENTAL_VECTOR), EXPERIMENTAL_VECTOR_LLVM);
}

const EXPERIMENTAL_VECTOR: &str = r#"declare <4 x i32> @llvm.experimental.vector.extract.v4i32.nxv8i32(<vscale x 8 x i32>, i64)
declare <vscale x 8 x i32> @llvm.experimental.vector.insert.nxv8i32.v4i32(<vscale x 8 x i32>, <4 x i32>, i64)
declare <8 x i16> @llvm.experimental.vector.reverse.v8i16(<8 x i16>)
declare <8 x i16> @llvm.experimental.vector.interleave2.v8i16(<4 x i16>, <4 x i16>)
declare {<4 x i16>, <4 x i16>} @llvm.experimental.vector.deinterleave2.v8i16(<8 x i16>)
declare <4 x i32> @llvm.experimental.vector.partial.reduce.add.v4i32.v16i32(<4 x i32>, <16 x i32>)
declare <4 x float> @llvm.experimental.vector.extract.last.active.v4f32(<4 x float>, <4 x i1>, float)
declare i32 @llvm.experimental.vector.reduce.add.v4i32(<4 x i32>)
declare i32 @llvm.experimental.vector.reduce.mul.v4i32(<4 x i32>)
declare i32 @llvm.experimental.vector.reduce.and.v4i32(<4 x i32>)
declare i32 @llvm.experimental.vector.reduce.or.v4i32(<4 x i32>)
declare i32 @llvm.experimental.vector.reduce.xor.v4i32(<4 x i32>)
declare i32 @llvm.experimental.vector.reduce.smax.v4i32(<4 x i32>)
declare i32 @llvm.experimental.vector.reduce.smin.v4i32(<4 x i32>)
declare i32 @llvm.experimental.vector.reduce.umax.v4i32(<4 x i32>)
declare i32 @llvm.experimental.vector.reduce.umin.v4i32(<4 x i32>)
declare float @llvm.experimental.vector.reduce.fmax.v4f32(<4 x float>)
declare float @llvm.experimental.vector.reduce.fmin.v4f32(<4 x float>)
declare float @llvm.experimental.vector.reduce.v2.fadd.f32.v4f32(float, <4 x float>)
declare float @llvm.experimental.vector.reduce.v2.fmul.f32.v4f32(float, <4 x float>)
declare float @llvm.experimental.vector.reduce.fadd.f32.v4f32(float, <4 x float>)
declare i32 @llvm.experimental.vector.reduce.add.nxv4i32(<vscale x 4 x i32>)
declare <vscale x 4 x i32> @llvm.experimental.stepvector.nxv4i32()
declare <4 x i32> @llvm.experimental.vector.splice.v4i32(<4 x i32>, <4 x i32>, i32)

define void @f(<vscale x 8 x i32> %s, <4 x i32> %v, <8 x i16> %h, <4 x i16> %q, <16 x i32> %w, <4 x float> %fv, <vscale x 4 x i32> %sv) {
  %a = call <4 x i32> @llvm.experimental.vector.extract.v4i32.nxv8i32(<vscale x 8 x i32> %s, i64 0)
  %b = call <vscale x 8 x i32> @llvm.experimental.vector.insert.nxv8i32.v4i32(<vscale x 8 x i32> %s, <4 x i32> %a, i64 4)
  %c = call <8 x i16> @llvm.experimental.vector.reverse.v8i16(<8 x i16> %h)
  %d = call <8 x i16> @llvm.experimental.vector.interleave2.v8i16(<4 x i16> %q, <4 x i16> %q)
  %e = call {<4 x i16>, <4 x i16>} @llvm.experimental.vector.deinterleave2.v8i16(<8 x i16> %h)
  %g = call <4 x i32> @llvm.experimental.vector.partial.reduce.add.v4i32.v16i32(<4 x i32> %v, <16 x i32> %w)
  %r1 = call i32 @llvm.experimental.vector.reduce.add.v4i32(<4 x i32> %v)
  %r2 = call i32 @llvm.experimental.vector.reduce.mul.v4i32(<4 x i32> %v)
  %r3 = call i32 @llvm.experimental.vector.reduce.and.v4i32(<4 x i32> %v)
  %r4 = call i32 @llvm.experimental.vector.reduce.or.v4i32(<4 x i32> %v)
  %r5 = call i32 @llvm.experimental.vector.reduce.xor.v4i32(<4 x i32> %v)
  %r6 = call i32 @llvm.experimental.vector.reduce.smax.v4i32(<4 x i32> %v)
  %r7 = call i32 @llvm.experimental.vector.reduce.smin.v4i32(<4 x i32> %v)
  %r8 = call i32 @llvm.experimental.vector.reduce.umax.v4i32(<4 x i32> %v)
  %r9 = call i32 @llvm.experimental.vector.reduce.umin.v4i32(<4 x i32> %v)
  %r10 = call nnan float @llvm.experimental.vector.reduce.fmax.v4f32(<4 x float> %fv)
  %r11 = call float @llvm.experimental.vector.reduce.fmin.v4f32(<4 x float> %fv)
  %r12 = call reassoc float @llvm.experimental.vector.reduce.v2.fadd.f32.v4f32(float 0.0, <4 x float> %fv)
  %r13 = call float @llvm.experimental.vector.reduce.v2.fmul.f32.v4f32(float 1.0, <4 x float> %fv)
  %r14 = call float @llvm.experimental.vector.reduce.fadd.f32.v4f32(float 0.0, <4 x float> %fv)
  %r15 = call i32 @llvm.experimental.vector.reduce.add.nxv4i32(<vscale x 4 x i32> %sv)
  %st = call <vscale x 4 x i32> @llvm.experimental.stepvector.nxv4i32()
  %sp = call <4 x i32> @llvm.experimental.vector.splice.v4i32(<4 x i32> %v, <4 x i32> %v, i32 3)
  %sp2 = call <4 x i32> @llvm.experimental.vector.splice.v4i32(<4 x i32> %v, <4 x i32> %sp, i32 -1)
  ret void
}
"#;

const EXPERIMENTAL_VECTOR_LLVM: &str = r#"declare <4 x float> @llvm.experimental.vector.extract.last.active.v4f32(<4 x float>, <4 x i1>, float)

; Unknown intrinsic
declare float @llvm.experimental.vector.reduce.fadd.f32.v4f32(float, <4 x float>)

; Unknown intrinsic
declare i32 @llvm.experimental.vector.reduce.add.nxv4i32(<vscale x 4 x i32>)

define void @f(<vscale x 8 x i32> %s, <4 x i32> %v, <8 x i16> %h, <4 x i16> %q, <16 x i32> %w, <4 x float> %fv, <vscale x 4 x i32> %sv) {
  %a = call <4 x i32> @llvm.vector.extract.v4i32.nxv8i32(<vscale x 8 x i32> %s, i64 0)
  %b = call <vscale x 8 x i32> @llvm.vector.insert.nxv8i32.v4i32(<vscale x 8 x i32> %s, <4 x i32> %a, i64 4)
  %c = call <8 x i16> @llvm.vector.reverse.v8i16(<8 x i16> %h)
  %d = call <8 x i16> @llvm.vector.interleave2.v8i16(<4 x i16> %q, <4 x i16> %q)
  %e = call { <4 x i16>, <4 x i16> } @llvm.vector.deinterleave2.v8i16(<8 x i16> %h)
  %g = call <4 x i32> @llvm.vector.partial.reduce.add.v4i32.v16i32(<4 x i32> %v, <16 x i32> %w)
  %r1 = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %v)
  %r2 = call i32 @llvm.vector.reduce.mul.v4i32(<4 x i32> %v)
  %r3 = call i32 @llvm.vector.reduce.and.v4i32(<4 x i32> %v)
  %r4 = call i32 @llvm.vector.reduce.or.v4i32(<4 x i32> %v)
  %r5 = call i32 @llvm.vector.reduce.xor.v4i32(<4 x i32> %v)
  %r6 = call i32 @llvm.vector.reduce.smax.v4i32(<4 x i32> %v)
  %r7 = call i32 @llvm.vector.reduce.smin.v4i32(<4 x i32> %v)
  %r8 = call i32 @llvm.vector.reduce.umax.v4i32(<4 x i32> %v)
  %r9 = call i32 @llvm.vector.reduce.umin.v4i32(<4 x i32> %v)
  %r10 = call nnan float @llvm.vector.reduce.fmax.v4f32(<4 x float> %fv)
  %r11 = call float @llvm.vector.reduce.fmin.v4f32(<4 x float> %fv)
  %r12 = call reassoc float @llvm.vector.reduce.fadd.v4f32(float 0.000000e+00, <4 x float> %fv)
  %r13 = call float @llvm.vector.reduce.fmul.v4f32(float 1.000000e+00, <4 x float> %fv)
  %r14 = call float @llvm.experimental.vector.reduce.fadd.f32.v4f32(float 0.000000e+00, <4 x float> %fv)
  %r15 = call i32 @llvm.experimental.vector.reduce.add.nxv4i32(<vscale x 4 x i32> %sv)
  %st = call <vscale x 4 x i32> @llvm.stepvector.nxv4i32()
  %1 = call <4 x i32> @llvm.vector.splice.left.v4i32(<4 x i32> %v, <4 x i32> %v, i32 3)
  %2 = call <4 x i32> @llvm.vector.splice.right.v4i32(<4 x i32> %v, <4 x i32> %1, i32 1)
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <4 x i32> @llvm.vector.extract.v4i32.nxv8i32(<vscale x 8 x i32>, i64 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <vscale x 8 x i32> @llvm.vector.insert.nxv8i32.v4i32(<vscale x 8 x i32>, <4 x i32>, i64 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <8 x i16> @llvm.vector.reverse.v8i16(<8 x i16>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <8 x i16> @llvm.vector.interleave2.v8i16(<4 x i16>, <4 x i16>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare { <4 x i16>, <4 x i16> } @llvm.vector.deinterleave2.v8i16(<8 x i16>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <4 x i32> @llvm.vector.partial.reduce.add.v4i32.v16i32(<4 x i32>, <16 x i32>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.vector.reduce.add.v4i32(<4 x i32>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.vector.reduce.mul.v4i32(<4 x i32>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.vector.reduce.and.v4i32(<4 x i32>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.vector.reduce.or.v4i32(<4 x i32>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.vector.reduce.xor.v4i32(<4 x i32>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.vector.reduce.smax.v4i32(<4 x i32>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.vector.reduce.smin.v4i32(<4 x i32>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.vector.reduce.umax.v4i32(<4 x i32>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.vector.reduce.umin.v4i32(<4 x i32>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.vector.reduce.fmax.v4f32(<4 x float>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.vector.reduce.fmin.v4f32(<4 x float>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.vector.reduce.fadd.v4f32(float, <4 x float>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.vector.reduce.fmul.v4f32(float, <4 x float>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <vscale x 4 x i32> @llvm.stepvector.nxv4i32() #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <4 x i32> @llvm.vector.splice.right.v4i32(<4 x i32>, <4 x i32>, i32 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <4 x i32> @llvm.vector.splice.left.v4i32(<4 x i32>, <4 x i32>, i32 immarg) #0

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(none) }
"#;

/// Memory intrinsics with an alignment operand, `objectsize`, annotations, `ctlz`/`cttz`, masked
/// operations, `thread.pointer`, `stackprotectorcheck` (calls go), `flt.rounds`,
/// `invariant.group.barrier`.
#[test]
fn memory_masked_misc() {
    assert_eq!(upgraded(MEMORY_MASKED_MISC), MEMORY_MASKED_MISC_LLVM);
}

const MEMORY_MASKED_MISC: &str = r#"declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i32, i1)
declare void @llvm.memmove.p0.p0.i32(ptr, ptr, i32, i32, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i32, i1)
declare void @llvm.memcpy.p0i8.p0i8.i64(ptr, ptr, i64, i1)
declare i64 @llvm.objectsize.i64.p0(ptr, i1)
declare i32 @llvm.objectsize.i32.p0i8(ptr, i1, i1)
declare i64 @llvm.objectsize.i64.p0i8(ptr, i1, i1, i1)
declare ptr @llvm.ptr.annotation.p0(ptr, ptr, ptr, i32)
declare void @llvm.var.annotation(ptr, ptr, ptr, i32)
declare i32 @llvm.ctlz.i32(i32)
declare <2 x i64> @llvm.cttz.v2i64(<2 x i64>)
declare i16 @llvm.ctlz.i16(i16, i1)
declare void @llvm.masked.store.v4i32.p0(<4 x i32>, ptr, i32, <4 x i1>)
declare <4 x i32> @llvm.masked.load.v4i32.p0(ptr, i32, <4 x i1>, <4 x i32>)
declare <4 x double> @llvm.masked.gather.v4f64.v4p0(<4 x ptr>, i32, <4 x i1>, <4 x double>)
declare void @llvm.masked.scatter.v4f64.v4p0(<4 x double>, <4 x ptr>, i32, <4 x i1>)
declare ptr @llvm.thread.pointer()
declare void @llvm.stackprotectorcheck(ptr)
declare i32 @llvm.flt.rounds()
declare ptr @llvm.invariant.group.barrier.p0(ptr)

define void @f(ptr %p, ptr %q, i64 %n, i32 %m, i8 %v, i32 %x, <2 x i64> %y, i16 %z, <4 x i32> %w, <4 x i1> %mask, <4 x ptr> %ps, <4 x double> %d) {
  call void @llvm.memcpy.p0.p0.i64(ptr %p, ptr %q, i64 %n, i32 8, i1 false) #0, !tbaa !0
  tail call void @llvm.memmove.p0.p0.i32(ptr noalias %p, ptr %q, i32 %m, i32 0, i1 true)
  call void @llvm.memset.p0.i64(ptr nonnull %p, i8 %v, i64 %n, i32 16, i1 false)
  call void @llvm.memcpy.p0i8.p0i8.i64(ptr %p, ptr %q, i64 %n, i1 false) #0
  %o1 = call i64 @llvm.objectsize.i64.p0(ptr %p, i1 false)
  %o2 = call i32 @llvm.objectsize.i32.p0i8(ptr %p, i1 true, i1 true)
  %o3 = tail call i64 @llvm.objectsize.i64.p0i8(ptr %p, i1 false, i1 true, i1 true)
  %a1 = call ptr @llvm.ptr.annotation.p0(ptr %p, ptr %q, ptr %q, i32 3)
  call void @llvm.var.annotation(ptr %p, ptr %q, ptr %q, i32 3)
  %c1 = call i32 @llvm.ctlz.i32(i32 %x)
  %c2 = tail call <2 x i64> @llvm.cttz.v2i64(<2 x i64> %y) #0
  %c3 = call i16 @llvm.ctlz.i16(i16 %z, i1 true)
  call void @llvm.masked.store.v4i32.p0(<4 x i32> %w, ptr %p, i32 4, <4 x i1> %mask)
  %l = tail call <4 x i32> @llvm.masked.load.v4i32.p0(ptr %p, i32 16, <4 x i1> %mask, <4 x i32> %w), !tbaa !0
  %g = call <4 x double> @llvm.masked.gather.v4f64.v4p0(<4 x ptr> %ps, i32 0, <4 x i1> %mask, <4 x double> %d) #0
  call void @llvm.masked.scatter.v4f64.v4p0(<4 x double> %d, <4 x ptr> %ps, i32 0, <4 x i1> %mask)
  %tp = call ptr @llvm.thread.pointer()
  call void @llvm.stackprotectorcheck(ptr %p)
  %fr = call i32 @llvm.flt.rounds()
  %ig = call ptr @llvm.invariant.group.barrier.p0(ptr %p)
  ret void
}
attributes #0 = { nounwind }
!0 = !{!1, !1, i64 0}
!1 = !{!"x", !2}
!2 = !{!"root"}
"#;

const MEMORY_MASKED_MISC_LLVM: &str = r#"; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i16 @llvm.ctlz.i16(i16, i1 immarg) #0

define void @f(ptr %p, ptr %q, i64 %n, i32 %m, i8 %v, i32 %x, <2 x i64> %y, i16 %z, <4 x i32> %w, <4 x i1> %mask, <4 x ptr> %ps, <4 x double> %d) {
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %p, ptr align 8 %q, i64 %n, i1 false) #10
  call void @llvm.memmove.p0.p0.i32(ptr noalias %p, ptr %q, i32 %m, i1 true)
  call void @llvm.memset.p0.i64(ptr nonnull align 16 %p, i8 %v, i64 %n, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr %p, ptr %q, i64 %n, i1 false) #10
  %o1 = call i64 @llvm.objectsize.i64.p0(ptr %p, i1 false, i1 false, i1 false)
  %o2 = call i32 @llvm.objectsize.i32.p0(ptr %p, i1 true, i1 true, i1 false)
  %o3 = call i64 @llvm.objectsize.i64.p0(ptr %p, i1 false, i1 true, i1 true)
  %a1 = call ptr @llvm.ptr.annotation.p0.p0(ptr %p, ptr %q, ptr %q, i32 3, ptr null)
  call void @llvm.var.annotation.p0.p0(ptr %p, ptr %q, ptr %q, i32 3, ptr null)
  %c1 = call i32 @llvm.ctlz.i32(i32 %x, i1 false)
  %c2 = call <2 x i64> @llvm.cttz.v2i64(<2 x i64> %y, i1 false)
  %c3 = call i16 @llvm.ctlz.i16(i16 %z, i1 true)
  call void @llvm.masked.store.v4i32.p0(<4 x i32> %w, ptr align 4 %p, <4 x i1> %mask)
  %l = tail call <4 x i32> @llvm.masked.load.v4i32.p0(ptr align 16 %p, <4 x i1> %mask, <4 x i32> %w), !tbaa !0
  %g = call <4 x double> @llvm.masked.gather.v4f64.v4p0(<4 x ptr> align 8 %ps, <4 x i1> %mask, <4 x double> %d)
  call void @llvm.masked.scatter.v4f64.v4p0(<4 x double> %d, <4 x ptr> align 8 %ps, <4 x i1> %mask)
  %tp = call ptr @llvm.thread.pointer.p0()
  %fr = call i32 @llvm.get.rounding()
  %ig = call ptr @llvm.launder.invariant.group.p0(ptr %p)
  ret void
}

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias writeonly captures(none), ptr noalias readonly captures(none), i64, i1 immarg) #1

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memmove.p0.p0.i32(ptr writeonly captures(none), ptr readonly captures(none), i32, i1 immarg) #1

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: write)
declare void @llvm.memset.p0.i64(ptr writeonly captures(none), i8, i64, i1 immarg) #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.objectsize.i64.p0(ptr, i1 immarg, i1 immarg, i1 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.objectsize.i32.p0(ptr, i1 immarg, i1 immarg, i1 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr @llvm.ptr.annotation.p0.p0(ptr, ptr, ptr, i32, ptr) #3

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite)
declare void @llvm.var.annotation.p0.p0(ptr, ptr, ptr, i32, ptr) #3

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.ctlz.i32(i32, i1 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x i64> @llvm.cttz.v2i64(<2 x i64>, i1 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: write)
declare void @llvm.masked.store.v4i32.p0(<4 x i32>, ptr captures(none), <4 x i1>) #4

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: read)
declare <4 x i32> @llvm.masked.load.v4i32.p0(ptr captures(none), <4 x i1>, <4 x i32>) #5

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(read)
declare <4 x double> @llvm.masked.gather.v4f64.v4p0(<4 x ptr>, <4 x i1>, <4 x double>) #6

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(write)
declare void @llvm.masked.scatter.v4f64.v4p0(<4 x double>, <4 x ptr>, <4 x i1>) #7

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare ptr @llvm.thread.pointer.p0() #8

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite)
declare i32 @llvm.get.rounding() #3

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(inaccessiblemem: readwrite)
declare ptr @llvm.launder.invariant.group.p0(ptr) #9

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #1 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nocallback nofree nounwind willreturn memory(argmem: write) }
attributes #3 = { nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite) }
attributes #4 = { nocallback nofree nosync nounwind willreturn memory(argmem: write) }
attributes #5 = { nocallback nofree nosync nounwind willreturn memory(argmem: read) }
attributes #6 = { nocallback nofree nosync nounwind willreturn memory(read) }
attributes #7 = { nocallback nofree nosync nounwind willreturn memory(write) }
attributes #8 = { nocallback nofree nosync nounwind willreturn memory(none) }
attributes #9 = { nocallback nofree nosync nounwind speculatable willreturn memory(inaccessiblemem: readwrite) }
attributes #10 = { nounwind }

!0 = !{!1, !1, i64 0}
!1 = !{!"x", !2}
!2 = !{!"root"}
"#;

/// RISC-V crypto forms, WebAssembly relaxed SIMD forms, `coro.end` with two operands.
#[test]
fn riscv_wasm_coro() {
    assert_eq!(upgraded(RISCV_WASM_CORO), RISCV_WASM_CORO_LLVM);
}

const RISCV_WASM_CORO: &str = r#"declare i32 @llvm.riscv.aes32dsi(i32, i32, i8)
declare i32 @llvm.riscv.aes32esmi(i32, i32, i8)
declare i64 @llvm.riscv.sm4ks.i64(i64, i64, i32)
declare i32 @llvm.riscv.sm4ed.i32(i32, i32, i8)
declare i64 @llvm.riscv.sha256sig0.i64(i64)
declare i64 @llvm.riscv.sm3p1.i64(i64)
declare <4 x float> @llvm.wasm.fma.v4f32(<4 x float>, <4 x float>, <4 x float>)
declare <2 x double> @llvm.wasm.fms.v2f64(<2 x double>, <2 x double>, <2 x double>)
declare <16 x i8> @llvm.wasm.laneselect.v16i8(<16 x i8>, <16 x i8>, <16 x i8>)
declare <8 x i16> @llvm.wasm.dot.i8x16.i7x16.signed(<16 x i8>, <16 x i8>)
declare i1 @llvm.coro.end(ptr, i1)

define i64 @f(i32 %a, i32 %b, i64 %c, <4 x float> %v, <2 x double> %d, <16 x i8> %x, ptr %p) {
  %r1 = call i32 @llvm.riscv.aes32dsi(i32 %a, i32 %b, i8 3)
  %r2 = call i32 @llvm.riscv.aes32esmi(i32 %a, i32 %r1, i8 1)
  %r3 = call i64 @llvm.riscv.sm4ks.i64(i64 %c, i64 %c, i32 2)
  %r4 = call i32 @llvm.riscv.sm4ed.i32(i32 %a, i32 %b, i8 2)
  %r5 = call i64 @llvm.riscv.sha256sig0.i64(i64 %r3)
  %r6 = call i64 @llvm.riscv.sm3p1.i64(i64 %r5)
  %w1 = call fast <4 x float> @llvm.wasm.fma.v4f32(<4 x float> %v, <4 x float> %v, <4 x float> %v)
  %w2 = call <2 x double> @llvm.wasm.fms.v2f64(<2 x double> %d, <2 x double> %d, <2 x double> %d)
  %w3 = call <16 x i8> @llvm.wasm.laneselect.v16i8(<16 x i8> %x, <16 x i8> %x, <16 x i8> %x)
  %w4 = call <8 x i16> @llvm.wasm.dot.i8x16.i7x16.signed(<16 x i8> %x, <16 x i8> %x)
  call i1 @llvm.coro.end(ptr %p, i1 false)
  ret i64 %r6
}
"#;

const RISCV_WASM_CORO_LLVM: &str = r#"define i64 @f(i32 %a, i32 %b, i64 %c, <4 x float> %v, <2 x double> %d, <16 x i8> %x, ptr %p) {
  %r1 = call i32 @llvm.riscv.aes32dsi(i32 %a, i32 %b, i32 3)
  %r2 = call i32 @llvm.riscv.aes32esmi(i32 %a, i32 %r1, i32 1)
  %1 = trunc i64 %c to i32
  %2 = trunc i64 %c to i32
  %r3 = call i32 @llvm.riscv.sm4ks(i32 %1, i32 %2, i32 2)
  %3 = sext i32 %r3 to i64
  %r4 = call i32 @llvm.riscv.sm4ed(i32 %a, i32 %b, i32 2)
  %4 = trunc i64 %3 to i32
  %r5 = call i32 @llvm.riscv.sha256sig0(i32 %4)
  %5 = sext i32 %r5 to i64
  %6 = trunc i64 %5 to i32
  %r6 = call i32 @llvm.riscv.sm3p1(i32 %6)
  %7 = sext i32 %r6 to i64
  %w1 = call fast <4 x float> @llvm.wasm.relaxed.madd.v4f32(<4 x float> %v, <4 x float> %v, <4 x float> %v)
  %w2 = call <2 x double> @llvm.wasm.relaxed.nmadd.v2f64(<2 x double> %d, <2 x double> %d, <2 x double> %d)
  %w3 = call <16 x i8> @llvm.wasm.relaxed.laneselect.v16i8(<16 x i8> %x, <16 x i8> %x, <16 x i8> %x)
  %w4 = call <8 x i16> @llvm.wasm.relaxed.dot.i8x16.i7x16.signed(<16 x i8> %x, <16 x i8> %x)
  call void @llvm.coro.end(ptr %p, i1 false, token none)
  ret i64 %7
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.riscv.aes32dsi(i32, i32, i32 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.riscv.aes32esmi(i32, i32, i32 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.riscv.sm4ks(i32, i32, i32 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.riscv.sm4ed(i32, i32, i32 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.riscv.sha256sig0(i32) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.riscv.sm3p1(i32) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <4 x float> @llvm.wasm.relaxed.madd.v4f32(<4 x float>, <4 x float>, <4 x float>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x double> @llvm.wasm.relaxed.nmadd.v2f64(<2 x double>, <2 x double>, <2 x double>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <16 x i8> @llvm.wasm.relaxed.laneselect.v16i8(<16 x i8>, <16 x i8>, <16 x i8>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <8 x i16> @llvm.wasm.relaxed.dot.i8x16.i7x16.signed(<16 x i8>, <16 x i8>) #0

; Function Attrs: nounwind
declare void @llvm.coro.end(ptr, i1, token) #1

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #1 = { nounwind }
"#;

/// RISC-V: a call already in the new form stays; `i64` forms truncated and sign-extended; constants
/// folded.
#[test]
fn riscv_forms() {
    assert_eq!(upgraded(RISCV_FORMS), RISCV_FORMS_LLVM);
}

const RISCV_FORMS: &str = r#"declare i32 @llvm.riscv.aes32dsi(i32, i32, i32)
declare i64 @llvm.riscv.sm4ks.i64(i64, i64, i8)
declare i32 @llvm.riscv.sm4ks.i32(i32, i32, i8)
declare i64 @llvm.riscv.sm4ed(i64, i64, i32)
declare i32 @llvm.riscv.sha256sum0.i32(i32)
declare i64 @llvm.riscv.sha256sum1(i64)
declare i64 @llvm.riscv.sm3p0.i64(i64)
define i64 @f(i32 %a, i64 %c) {
  %r1 = call i32 @llvm.riscv.aes32dsi(i32 %a, i32 %a, i32 3)
  %r2 = call i64 @llvm.riscv.sm4ks.i64(i64 %c, i64 5, i8 255)
  %r3 = call i32 @llvm.riscv.sm4ks.i32(i32 %a, i32 %a, i8 -1)
  %r4 = call i64 @llvm.riscv.sm4ed(i64 7, i64 %c, i32 1)
  %r5 = call i32 @llvm.riscv.sha256sum0.i32(i32 %a)
  %r6 = call i64 @llvm.riscv.sha256sum1(i64 %r4)
  %r7 = call i64 @llvm.riscv.sm3p0.i64(i64 12345678901)
  ret i64 %r7
}
"#;

const RISCV_FORMS_LLVM: &str = r#"; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.riscv.aes32dsi(i32, i32, i32 immarg) #0

; Unknown intrinsic
declare i32 @llvm.riscv.sha256sum0.i32(i32)

define i64 @f(i32 %a, i64 %c) {
  %r1 = call i32 @llvm.riscv.aes32dsi(i32 %a, i32 %a, i32 3)
  %1 = trunc i64 %c to i32
  %r2 = call i32 @llvm.riscv.sm4ks(i32 %1, i32 5, i32 255)
  %2 = sext i32 %r2 to i64
  %r3 = call i32 @llvm.riscv.sm4ks(i32 %a, i32 %a, i32 255)
  %3 = trunc i64 %c to i32
  %r4 = call i32 @llvm.riscv.sm4ed(i32 7, i32 %3, i32 1)
  %4 = sext i32 %r4 to i64
  %r5 = call i32 @llvm.riscv.sha256sum0.i32(i32 %a)
  %5 = trunc i64 %4 to i32
  %r6 = call i32 @llvm.riscv.sha256sum1(i32 %5)
  %6 = sext i32 %r6 to i64
  %r7 = call i32 @llvm.riscv.sm3p0(i32 -539222987)
  %7 = sext i32 %r7 to i64
  ret i64 %7
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.riscv.sm4ks(i32, i32, i32 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.riscv.sm4ed(i32, i32, i32 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.riscv.sha256sum1(i32) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.riscv.sm3p0(i32) #0

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
"#;

/// Old manglings: calls rebuilt as the switch on the new intrinsic says (`objectsize`,
/// `bitreverse`, `ctpop`, `vst1`), or retargeted (`ctlz` with two operands, masked load with three,
/// memcpy with four); struct returns made literal.
#[test]
fn remangled() {
    assert_eq!(upgraded(REMANGLED), REMANGLED_LLVM);
}

const REMANGLED: &str = r#"%st = type { i32, i1 }
declare i64 @llvm.objectsize.i64.p0i8(ptr, i1, i1, i1)
declare i32 @llvm.bitreverse.i16(i32)
declare i32 @llvm.ctpop.i64(i32)
declare i32 @llvm.ctlz.i64(i32, i1)
declare <4 x i32> @llvm.masked.load.v4i32.p0v4i32(ptr, <4 x i1>, <4 x i32>)
declare void @llvm.memcpy.p0i8.p0i8.i64(ptr, ptr, i64, i1)
declare void @llvm.arm.neon.vst1.p0i8.v8i8(ptr, <8 x i8>, i32)
declare ptr @llvm.thread.pointer.p1(ptr addrspace(0))
declare %st @llvm.sadd.with.overflow.i32(i32, i32)
declare %st @llvm.uadd.with.overflow.i64(i32, i32)
define void @f(ptr %p, i32 %x, <4 x i1> %m, <4 x i32> %v, <8 x i8> %b, <8 x i16> %h) {
  %o = call i64 @llvm.objectsize.i64.p0i8(ptr %p, i1 false, i1 true, i1 false) #0
  %r = tail call i32 @llvm.bitreverse.i16(i32 %x) #0, !foo !0
  %c = call i32 @llvm.ctpop.i64(i32 %x)
  %z = call i32 @llvm.ctlz.i64(i32 %x, i1 true) #0
  %l = call <4 x i32> @llvm.masked.load.v4i32.p0v4i32(ptr align 4 %p, <4 x i1> %m, <4 x i32> %v)
  call void @llvm.memcpy.p0i8.p0i8.i64(ptr align 2 %p, ptr %p, i64 4, i1 false) #0
  call void @llvm.arm.neon.vst1.p0i8.v8i8(ptr %p, <8 x i8> %b, i32 1) #0
  %s = call %st @llvm.sadd.with.overflow.i32(i32 %x, i32 %x) #0
  %s2 = call %st @llvm.uadd.with.overflow.i64(i32 %x, i32 %x)
  %e = extractvalue %st %s, 0
  ret void
}
attributes #0 = { nounwind }
!0 = !{}
"#;

const REMANGLED_LLVM: &str = r#"%st = type { i32, i1 }

declare ptr @llvm.thread.pointer.p1(ptr)

define void @f(ptr %p, i32 %x, <4 x i1> %m, <4 x i32> %v, <8 x i8> %b, <8 x i16> %h) {
  %o = call i64 @llvm.objectsize.i64.p0(ptr %p, i1 false, i1 true, i1 false)
  %r = call i32 @llvm.bitreverse.i32(i32 %x)
  %c = call i32 @llvm.ctpop.i32(i32 %x)
  %z = call i32 @llvm.ctlz.i32(i32 %x, i1 true) #5
  %l = call <4 x i32> @llvm.masked.load.v4i32.p0(ptr align 4 %p, <4 x i1> %m, <4 x i32> %v)
  call void @llvm.memcpy.p0.p0.i64(ptr align 2 %p, ptr %p, i64 4, i1 false) #5
  call void @llvm.arm.neon.vst1.p0.v8i8(ptr %p, <8 x i8> %b, i32 1)
  %1 = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %x, i32 %x) #5
  %2 = extractvalue { i32, i1 } %1, 0
  %3 = insertvalue %st poison, i32 %2, 0
  %4 = extractvalue { i32, i1 } %1, 1
  %5 = insertvalue %st %3, i1 %4, 1
  %6 = call { i32, i1 } @llvm.uadd.with.overflow.i32(i32 %x, i32 %x)
  %7 = extractvalue { i32, i1 } %6, 0
  %8 = insertvalue %st poison, i32 %7, 0
  %9 = extractvalue { i32, i1 } %6, 1
  %10 = insertvalue %st %8, i1 %9, 1
  %e = extractvalue %st %5, 0
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.objectsize.i64.p0(ptr, i1 immarg, i1 immarg, i1 immarg) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.bitreverse.i32(i32) #1

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.ctpop.i32(i32) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.ctlz.i32(i32, i1 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: read)
declare <4 x i32> @llvm.masked.load.v4i32.p0(ptr captures(none), <4 x i1>, <4 x i32>) #2

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias writeonly captures(none), ptr noalias readonly captures(none), i64, i1 immarg) #3

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: write)
declare void @llvm.arm.neon.vst1.p0.v8i8(ptr, <8 x i8>, i32) #4

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare { i32, i1 } @llvm.sadd.with.overflow.i32(i32, i32) #1

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare { i32, i1 } @llvm.uadd.with.overflow.i32(i32, i32) #1

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #1 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { nocallback nofree nosync nounwind willreturn memory(argmem: read) }
attributes #3 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #4 = { nocallback nofree nosync nounwind willreturn memory(argmem: write) }
attributes #5 = { nounwind }
"#;

/// `dbg.value` with an offset (a non-zero one goes), `dbg.declare`, `dbg.addr` with `DW_OP_deref`
/// appended, `dbg.label`, a killed location.
#[test]
fn debug_intrinsics() {
    assert_eq!(upgraded(DEBUG_INTRINSICS), DEBUG_INTRINSICS_LLVM);
}

const DEBUG_INTRINSICS: &str = r#"declare void @llvm.dbg.value(metadata, i64, metadata, metadata)
declare void @llvm.dbg.declare(metadata, metadata, metadata)
declare void @llvm.dbg.addr(metadata, metadata, metadata)
declare void @llvm.dbg.label(metadata)
define void @f(i32 %x, ptr %p) !dbg !4 {
  call void @llvm.dbg.value(metadata i32 %x, i64 0, metadata !8, metadata !DIExpression()), !dbg !10
  call void @llvm.dbg.value(metadata i32 %x, i64 4, metadata !8, metadata !DIExpression()), !dbg !10
  call void @llvm.dbg.declare(metadata ptr %p, metadata !8, metadata !DIExpression()), !dbg !10
  call void @llvm.dbg.addr(metadata ptr %p, metadata !8, metadata !DIExpression(DW_OP_plus_uconst, 4, DW_OP_stack_value)), !dbg !10
  call void @llvm.dbg.addr(metadata ptr %p, metadata !8, metadata !DIExpression()), !dbg !10
  call void @llvm.dbg.value(metadata !{}, i64 0, metadata !8, metadata !DIExpression()), !dbg !10
  call void @llvm.dbg.label(metadata !11), !dbg !10
  ret void
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "x", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !5, unit: !0, retainedNodes: !7)
!5 = !DISubroutineType(types: !6)
!6 = !{null}
!7 = !{}
!8 = !DILocalVariable(name: "x", scope: !4, file: !1, line: 1, type: !9)
!9 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = !DILocation(line: 1, scope: !4)
!11 = !DILabel(scope: !4, name: "l", file: !1, line: 2)
"#;

const DEBUG_INTRINSICS_LLVM: &str = r#"define void @f(i32 %x, ptr %p) !dbg !3 {
    #dbg_value(i32 %x, !7, !DIExpression(), !9)
    #dbg_declare(ptr %p, !7, !DIExpression(), !9)
    #dbg_value(ptr %p, !7, !DIExpression(DW_OP_plus_uconst, 4, DW_OP_deref, DW_OP_stack_value), !9)
    #dbg_value(ptr %p, !7, !DIExpression(DW_OP_deref), !9)
    #dbg_value(!6, !7, !DIExpression(), !9)
    #dbg_label(!10, !9)
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "x", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !6)
!4 = !DISubroutineType(types: !5)
!5 = !{null}
!6 = !{}
!7 = !DILocalVariable(name: "x", scope: !3, file: !1, line: 1, type: !8)
!8 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!9 = !DILocation(line: 1, scope: !3)
!10 = !DILabel(scope: !3, name: "l", file: !1, line: 2)
"#;

/// Debug intrinsic locations canonicalized as `MetadataAsValue` makes them: `!{null}` is `!{}`,
/// `!{i32 3}` is `i32 3`.
#[test]
fn debug_locations() {
    assert_eq!(upgraded(DEBUG_LOCATIONS), DEBUG_LOCATIONS_LLVM);
}

const DEBUG_LOCATIONS: &str = r#"declare void @llvm.dbg.value(metadata, metadata, metadata)
define void @f(i32 %x) !dbg !4 {
  call void @llvm.dbg.value(metadata !20, metadata !8, metadata !DIExpression()), !dbg !10
  call void @llvm.dbg.value(metadata !{}, metadata !8, metadata !DIExpression()), !dbg !10
  call void @llvm.dbg.value(metadata !{null}, metadata !8, metadata !DIExpression()), !dbg !10
  call void @llvm.dbg.value(metadata !{i32 3}, metadata !8, metadata !DIExpression()), !dbg !10
  call void @llvm.dbg.value(metadata ptr undef, metadata !8, metadata !DIExpression()), !dbg !10
  ret void
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "x", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !5, unit: !0, retainedNodes: !7)
!5 = !DISubroutineType(types: !6)
!6 = !{null}
!7 = !{}
!8 = !DILocalVariable(name: "x", scope: !4, file: !1, line: 1, type: !9)
!9 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = !DILocation(line: 1, scope: !4)
!20 = !{}
!21 = !{i32 5}
"#;

const DEBUG_LOCATIONS_LLVM: &str = r#"define void @f(i32 %x) !dbg !3 {
    #dbg_value(!6, !7, !DIExpression(), !9)
    #dbg_value(!6, !7, !DIExpression(), !9)
    #dbg_value(!6, !7, !DIExpression(), !9)
    #dbg_value(i32 3, !7, !DIExpression(), !9)
    #dbg_value(ptr undef, !7, !DIExpression(), !9)
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "x", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !6)
!4 = !DISubroutineType(types: !5)
!5 = !{null}
!6 = !{}
!7 = !DILocalVariable(name: "x", scope: !3, file: !1, line: 1, type: !8)
!8 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!9 = !DILocation(line: 1, scope: !3)
"#;

/// Lifetime markers with a size: new declarations made in the order of the old declaration's use-
/// list, through address space casts; `coro.end`.
#[test]
fn lifetime_in_use_list_order() {
    assert_eq!(upgraded(LIFETIME_IN_USE_LIST_ORDER), LIFETIME_IN_USE_LIST_ORDER_LLVM);
}

const LIFETIME_IN_USE_LIST_ORDER: &str = r#"target datalayout = "A5"
declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @llvm.lifetime.end.p0i8(i64, ptr nocapture)
declare void @llvm.lifetime.start.p5(i64, ptr addrspace(5))
declare i1 @llvm.coro.end(ptr, i1)
define void @f(ptr %q) {
  %a = alloca [4 x i32], addrspace(5)
  %b = alloca i32
  %c = addrspacecast ptr addrspace(5) %a to ptr
  call void @llvm.lifetime.start.p0(i64 16, ptr %c) #0
  call void @llvm.lifetime.start.p5(i64 16, ptr addrspace(5) %a)
  %g = getelementptr [4 x i32], ptr addrspace(5) %a, i32 0, i32 0
  call void @llvm.lifetime.end.p0i8(i64 4, ptr %b)
  call void @llvm.lifetime.end.p0i8(i64 4, ptr %q)
  call void @llvm.lifetime.start.p0(i64 -1, ptr %b)
  call i1 @llvm.coro.end(ptr %q, i1 true)
  ret void
}
attributes #0 = { nounwind }
"#;

const LIFETIME_IN_USE_LIST_ORDER_LLVM: &str = r#"target datalayout = "A5"

define void @f(ptr %q) {
  %a = alloca [4 x i32], align 4, addrspace(5)
  %b = alloca i32, align 4
  %c = addrspacecast ptr addrspace(5) %a to ptr
  call void @llvm.lifetime.start.p5(ptr addrspace(5) %a)
  call void @llvm.lifetime.start.p5(ptr addrspace(5) %a)
  %g = getelementptr [4 x i32], ptr addrspace(5) %a, i32 0, i32 0
  call void @llvm.lifetime.end.p0(ptr %b)
  call void @llvm.lifetime.start.p0(ptr %b)
  call void @llvm.coro.end(ptr %q, i1 true, token none)
  ret void
}

declare void @llvm.lifetime.start.i64(i64)

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(ptr captures(none)) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p5(ptr addrspace(5) captures(none)) #0

declare void @llvm.lifetime.end.i64(i64)

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(ptr captures(none)) #0

; Function Attrs: nounwind
declare void @llvm.coro.end(ptr, i1, token) #1

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #1 = { nounwind }
"#;

/// Calls before and after the declaration: LLVM's use-list order decides where new declarations go.
#[test]
fn declarations_in_use_list_order() {
    assert_eq!(upgraded(DECLARATIONS_IN_USE_LIST_ORDER), DECLARATIONS_IN_USE_LIST_ORDER_LLVM);
}

const DECLARATIONS_IN_USE_LIST_ORDER: &str = r#"define <4 x i32> @f1(<4 x i32> %a) {
  %s = call <4 x i32> @llvm.experimental.vector.splice.v4i32(<4 x i32> %a, <4 x i32> %a, i32 1)
  %c = call i32 @llvm.ctlz.i32(i32 1)
  ret <4 x i32> %s
}
declare <4 x i32> @llvm.experimental.vector.splice.v4i32(<4 x i32>, <4 x i32>, i32)
declare i32 @llvm.ctlz.i32(i32)
define <4 x i32> @f2(<4 x i32> %a) {
  %s = call <4 x i32> @llvm.experimental.vector.splice.v4i32(<4 x i32> %a, <4 x i32> %a, i32 -1)
  %t = call <4 x i32> @llvm.experimental.vector.splice.v4i32(<4 x i32> %s, <4 x i32> %a, i32 2)
  %c = call i32 @llvm.ctlz.i32(i32 2)
  ret <4 x i32> %t
}
declare <vscale x 8 x bfloat> @llvm.aarch64.sve.fcvt.bf16f32(<vscale x 8 x bfloat>, <vscale x 8 x i1>, <vscale x 4 x float>)
define <4 x i32> @f3(<4 x i32> %a, <vscale x 8 x bfloat> %b, <vscale x 8 x i1> %p, <vscale x 4 x float> %f) {
  %s = call <4 x i32> @llvm.experimental.vector.splice.v4i32(<4 x i32> %a, <4 x i32> %a, i32 -3)
  %x = call <vscale x 8 x bfloat> @llvm.aarch64.sve.fcvt.bf16f32(<vscale x 8 x bfloat> %b, <vscale x 8 x i1> %p, <vscale x 4 x float> %f)
  %x1 = call <vscale x 8 x bfloat> @llvm.aarch64.sve.fcvt.bf16f32(<vscale x 8 x bfloat> %b, <vscale x 8 x i1> %p, <vscale x 4 x float> %f)
  ret <4 x i32> %s
}
"#;

const DECLARATIONS_IN_USE_LIST_ORDER_LLVM: &str = r#"define <4 x i32> @f1(<4 x i32> %a) {
  %1 = call <4 x i32> @llvm.vector.splice.left.v4i32(<4 x i32> %a, <4 x i32> %a, i32 1)
  %c = call i32 @llvm.ctlz.i32(i32 1, i1 false)
  ret <4 x i32> %1
}

define <4 x i32> @f2(<4 x i32> %a) {
  %1 = call <4 x i32> @llvm.vector.splice.right.v4i32(<4 x i32> %a, <4 x i32> %a, i32 1)
  %2 = call <4 x i32> @llvm.vector.splice.left.v4i32(<4 x i32> %1, <4 x i32> %a, i32 2)
  %c = call i32 @llvm.ctlz.i32(i32 2, i1 false)
  ret <4 x i32> %2
}

define <4 x i32> @f3(<4 x i32> %a, <vscale x 8 x bfloat> %b, <vscale x 8 x i1> %p, <vscale x 4 x float> %f) {
  %1 = call <4 x i32> @llvm.vector.splice.right.v4i32(<4 x i32> %a, <4 x i32> %a, i32 3)
  %2 = call <vscale x 16 x i1> @llvm.aarch64.sve.convert.to.svbool.nxv8i1(<vscale x 8 x i1> %p)
  %3 = call <vscale x 4 x i1> @llvm.aarch64.sve.convert.from.svbool.nxv4i1(<vscale x 16 x i1> %2)
  %x2 = call <vscale x 8 x bfloat> @llvm.aarch64.sve.fcvt.bf16f32.v2(<vscale x 8 x bfloat> %b, <vscale x 4 x i1> %3, <vscale x 4 x float> %f)
  %4 = call <vscale x 16 x i1> @llvm.aarch64.sve.convert.to.svbool.nxv8i1(<vscale x 8 x i1> %p)
  %5 = call <vscale x 4 x i1> @llvm.aarch64.sve.convert.from.svbool.nxv4i1(<vscale x 16 x i1> %4)
  %x11 = call <vscale x 8 x bfloat> @llvm.aarch64.sve.fcvt.bf16f32.v2(<vscale x 8 x bfloat> %b, <vscale x 4 x i1> %5, <vscale x 4 x float> %f)
  ret <4 x i32> %1
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <4 x i32> @llvm.vector.splice.right.v4i32(<4 x i32>, <4 x i32>, i32 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <4 x i32> @llvm.vector.splice.left.v4i32(<4 x i32>, <4 x i32>, i32 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.ctlz.i32(i32, i1 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <vscale x 16 x i1> @llvm.aarch64.sve.convert.to.svbool.nxv8i1(<vscale x 8 x i1>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <vscale x 4 x i1> @llvm.aarch64.sve.convert.from.svbool.nxv4i1(<vscale x 16 x i1>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <vscale x 8 x bfloat> @llvm.aarch64.sve.fcvt.bf16f32.v2(<vscale x 8 x bfloat>, <vscale x 4 x i1>, <vscale x 4 x float>) #1

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(none) }
"#;
