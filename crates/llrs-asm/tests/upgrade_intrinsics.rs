//! Old-form modules read and printed, compared with what LLVM 22's `llvm-as | llvm-dis` prints
//! for them (without the `; ModuleID` and `source_filename` lines).

mod common;
use common::upgraded;

/// Splices split by the sign of their offset (declarations made in use-list order: the
/// declaration stands before its calls, so the last call comes first); masked operations with
/// `align` on the pointer (ABI alignment for a gather's 0), keeping tail marker and metadata.
#[test]
fn splice_and_masked() {
    assert_eq!(upgraded(SPLICE_MASKED), SPLICE_MASKED_LLVM);
}

/// Lifetime markers through zero-index GEPs, struct returns, objectsize, ctlz, memcpy alignment,
/// AMDGPU atomics.
#[test]
fn struct_return_memory_and_atomics() {
    assert_eq!(upgraded(MIXED), MIXED_LLVM);
}

/// x86 upgrades into plain IR (with the call's `!dbg`), `llvm.dbg.addr`, and names made unique
/// as LLVM makes them (`cast`, `cast1`).
#[test]
fn x86_and_dbg_addr() {
    assert_eq!(upgraded(X86_DBG), X86_DBG_LLVM);
}

/// NVVM: `fabs.d` remade unnamed, `max.s` renamed, `abs.i` expanded with LLVM's names, `clz.ll`
/// truncated, `rotate.right.b64` as `fshr`, the `bf16` forms on `bfloat`, the barriers; the
/// unused `fabs.f` leaves no declaration.
#[test]
fn nvvm() {
    assert_eq!(upgraded(NVVM), NVVM_LLVM);
}

/// x86: scalar FMA with `fneg`s, rotates, `pmulu.dq`, byte shifts (`cast`, `cast1`),
/// `vpermt2var`, `avx512.cmp`, min/max, and constants folded (`cvtsi2sd`, `vcvtph2ps`).
#[test]
fn x86_ops() {
    assert_eq!(upgraded(X86_OPS), X86_OPS_LLVM);
}

/// SVE `tuple.set` declared after `tuple.get`'s `vector.extract` (LLVM declares it last),
/// `fcvt.bf16f32` through `svbool` (the new call named `out1`), RISC-V crypto operands, and
/// `thread.pointer`.
#[test]
fn sve_riscv_thread_pointer() {
    assert_eq!(upgraded(MISC), MISC_LLVM);
}

/// `!nvvm.annotations` (read with the intrinsics): launch bounds become `"nvvm.*"` attributes
/// (missing dimensions 1), `grid_constant` parameter attributes; repeated and global-less
/// entries go, other pairs stay.
#[test]
fn nvvm_annotations() {
    assert_eq!(upgraded(NVVM_ANNOTATIONS), NVVM_ANNOTATIONS_LLVM);
}

/// `arm.mve.vctp64` returning `<4 x i1>` (the new call named after the old one, the tail marker
/// gone), and an undeclared intrinsic declared under the name mangled from its call.
#[test]
fn vctp64_and_undeclared() {
    assert_eq!(upgraded(VCTP), VCTP_LLVM);
}

const SPLICE_MASKED: &str = r#"declare <4 x i32> @llvm.experimental.vector.splice.v4i32(<4 x i32>, <4 x i32>, i32)
define <4 x i32> @f(<4 x i32> %a, <4 x i32> %b, ptr %p, <4 x ptr> %ps, <4 x i1> %m) {
  %l = call <4 x i32> @llvm.experimental.vector.splice.v4i32(<4 x i32> %a, <4 x i32> %b, i32 -2)
  %r = call <4 x i32> @llvm.experimental.vector.splice.v4i32(<4 x i32> %a, <4 x i32> %b, i32 1)
  %v = tail call <4 x i32> @llvm.masked.load.v4i32.p0v4i32(ptr noundef %p, i32 16, <4 x i1> %m, <4 x i32> %a) #0, !foo !0
  %g = call <4 x i32> @llvm.masked.gather.v4i32(<4 x ptr> %ps, i32 0, <4 x i1> %m, <4 x i32> %a)
  ret <4 x i32> %v
}
declare <4 x i32> @llvm.masked.load.v4i32.p0v4i32(ptr, i32, <4 x i1>, <4 x i32>)
declare <4 x i32> @llvm.masked.gather.v4i32(<4 x ptr>, i32, <4 x i1>, <4 x i32>)
attributes #0 = { nounwind }
!0 = !{}
"#;

const SPLICE_MASKED_LLVM: &str = r#"define <4 x i32> @f(<4 x i32> %a, <4 x i32> %b, ptr %p, <4 x ptr> %ps, <4 x i1> %m) {
  %1 = call <4 x i32> @llvm.vector.splice.right.v4i32(<4 x i32> %a, <4 x i32> %b, i32 2)
  %2 = call <4 x i32> @llvm.vector.splice.left.v4i32(<4 x i32> %a, <4 x i32> %b, i32 1)
  %v = tail call <4 x i32> @llvm.masked.load.v4i32.p0(ptr align 16 %p, <4 x i1> %m, <4 x i32> %a), !foo !0
  %g = call <4 x i32> @llvm.masked.gather.v4i32.v4p0(<4 x ptr> align 4 %ps, <4 x i1> %m, <4 x i32> %a)
  ret <4 x i32> %v
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <4 x i32> @llvm.vector.splice.left.v4i32(<4 x i32>, <4 x i32>, i32 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <4 x i32> @llvm.vector.splice.right.v4i32(<4 x i32>, <4 x i32>, i32 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: read)
declare <4 x i32> @llvm.masked.load.v4i32.p0(ptr captures(none), <4 x i1>, <4 x i32>) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(read)
declare <4 x i32> @llvm.masked.gather.v4i32.v4p0(<4 x ptr>, <4 x i1>, <4 x i32>) #2

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: read) }
attributes #2 = { nocallback nofree nosync nounwind willreturn memory(read) }

!0 = !{}
"#;

const MIXED: &str = r#"%pair = type { i64, i1 }
define i64 @f(i64 %a, ptr %p, i64 %n) {
  %buf = alloca [8 x i8]
  %gep = getelementptr [8 x i8], ptr %buf, i64 0, i64 0
  call void @llvm.lifetime.start.p0i8(i64 8, ptr %gep)
  %s = tail call %pair @llvm.uadd.with.overflow.i64(i64 %a, i64 %a) #0
  %x = extractvalue %pair %s, 0
  %o = tail call i64 @llvm.objectsize.i64.p0i8(ptr %p, i1 false) #0
  %c = tail call i64 @llvm.ctlz.i64(i64 %x) #0
  tail call void @llvm.memcpy.p0i8.p0i8.i64(ptr nonnull %p, ptr %p, i64 %n, i32 4, i1 false) #0
  %i = call i32 @llvm.amdgcn.atomic.inc.i32.p1i32(ptr addrspace(1) null, i32 1, i32 0, i32 0, i1 false)
  ret i64 %x
}
declare void @llvm.lifetime.start.p0i8(i64, ptr)
declare %pair @llvm.uadd.with.overflow.i64(i64, i64)
declare i64 @llvm.objectsize.i64.p0i8(ptr, i1)
declare i64 @llvm.ctlz.i64(i64)
declare void @llvm.memcpy.p0i8.p0i8.i64(ptr, ptr, i64, i32, i1)
declare i32 @llvm.amdgcn.atomic.inc.i32.p1i32(ptr addrspace(1), i32, i32, i32, i1)
attributes #0 = { nounwind }
"#;

const MIXED_LLVM: &str = r#"%pair = type { i64, i1 }

define i64 @f(i64 %a, ptr %p, i64 %n) {
  %buf = alloca [8 x i8], align 1
  %gep = getelementptr [8 x i8], ptr %buf, i64 0, i64 0
  call void @llvm.lifetime.start.p0(ptr %buf)
  %1 = call { i64, i1 } @llvm.uadd.with.overflow.i64(i64 %a, i64 %a) #4
  %2 = extractvalue { i64, i1 } %1, 0
  %3 = insertvalue %pair poison, i64 %2, 0
  %4 = extractvalue { i64, i1 } %1, 1
  %5 = insertvalue %pair %3, i1 %4, 1
  %x = extractvalue %pair %5, 0
  %o = call i64 @llvm.objectsize.i64.p0(ptr %p, i1 false, i1 false, i1 false)
  %c = call i64 @llvm.ctlz.i64(i64 %x, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr nonnull align 4 %p, ptr align 4 %p, i64 %n, i1 false) #4
  %6 = atomicrmw uinc_wrap ptr addrspace(1) null, i32 1 syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  ret i64 %x
}

declare void @llvm.lifetime.start.i64(i64)

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(ptr captures(none)) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare { i64, i1 } @llvm.uadd.with.overflow.i64(i64, i64) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.objectsize.i64.p0(ptr, i1 immarg, i1 immarg, i1 immarg) #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.ctlz.i64(i64, i1 immarg) #2

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias writeonly captures(none), ptr noalias readonly captures(none), i64, i1 immarg) #3

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #1 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #3 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #4 = { nounwind }

!0 = !{}
"#;

const X86_DBG: &str = r#"define <4 x float> @f(<4 x float> %x, <16 x i8> %a, <16 x i8> %b, ptr %p) !dbg !4 {
  %y = tail call <4 x float> @llvm.x86.sse.sqrt.ss(<4 x float> %x), !dbg !8
  %c = call <16 x i8> @llvm.x86.xop.vpcomltb(<16 x i8> %a, <16 x i8> %b)
  call void @llvm.dbg.addr(metadata ptr %p, metadata !9, metadata !DIExpression(DW_OP_LLVM_fragment, 0, 8)), !dbg !8
  %t = call i32 @llvm.x86.sse41.ptestc(<4 x float> %x, <4 x float> %x)
  ret <4 x float> %y
}
declare <4 x float> @llvm.x86.sse.sqrt.ss(<4 x float>)
declare <16 x i8> @llvm.x86.xop.vpcomltb(<16 x i8>, <16 x i8>)
declare void @llvm.dbg.addr(metadata, metadata, metadata)
declare i32 @llvm.x86.sse41.ptestc(<4 x float>, <4 x float>)
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "t.c", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !5, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!8 = !DILocation(line: 2, scope: !4)
!9 = !DILocalVariable(name: "v", scope: !4, file: !1, line: 2, type: !10)
!10 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
"#;

const X86_DBG_LLVM: &str = r#"define <4 x float> @f(<4 x float> %x, <16 x i8> %a, <16 x i8> %b, ptr %p) !dbg !3 {
  %1 = extractelement <4 x float> %x, i64 0, !dbg !6
  %2 = call float @llvm.sqrt.f32(float %1), !dbg !6
  %3 = insertelement <4 x float> %x, float %2, i64 0, !dbg !6
  %4 = icmp slt <16 x i8> %a, %b
  %5 = sext <16 x i1> %4 to <16 x i8>
    #dbg_value(ptr %p, !7, !DIExpression(DW_OP_deref, DW_OP_LLVM_fragment, 0, 8), !6)
  %cast = bitcast <4 x float> %x to <2 x i64>
  %cast1 = bitcast <4 x float> %x to <2 x i64>
  %t = call i32 @llvm.x86.sse41.ptestc(<2 x i64> %cast, <2 x i64> %cast1)
  ret <4 x float> %3
}

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.sqrt.f32(float) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare i32 @llvm.x86.sse41.ptestc(<2 x i64>, <2 x i64>) #1

attributes #0 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(none) }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "t.c", directory: "/")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, spFlags: DISPFlagDefinition, unit: !0)
!4 = !DISubroutineType(types: !5)
!5 = !{}
!6 = !DILocation(line: 2, scope: !3)
!7 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 2, type: !8)
!8 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
"#;

const NVVM: &str = r#"define i32 @f(double %d, i16 %h, i32 %i, i64 %l) {
  %a = call double @llvm.nvvm.fabs.d(double %d)
  %s = call i16 @llvm.nvvm.max.s(i16 %h, i16 %h)
  %b = call i32 @llvm.nvvm.abs.i(i32 %i)
  %c = call i32 @llvm.nvvm.clz.ll(i64 %l)
  %r = call i64 @llvm.nvvm.rotate.right.b64(i64 %l, i32 %i)
  %ab = call i16 @llvm.nvvm.abs.bf16(i16 %h)
  call void @llvm.nvvm.barrier0()
  %ba = call i32 @llvm.nvvm.barrier0.and(i32 0)
  ret i32 %c
}
declare double @llvm.nvvm.fabs.d(double)
declare i16 @llvm.nvvm.max.s(i16, i16)
declare i32 @llvm.nvvm.abs.i(i32)
declare i32 @llvm.nvvm.clz.ll(i64)
declare i64 @llvm.nvvm.rotate.right.b64(i64, i32)
declare i16 @llvm.nvvm.abs.bf16(i16)
declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.barrier0.and(i32)
declare float @llvm.nvvm.fabs.f(float)
"#;

const NVVM_LLVM: &str = r#"define i32 @f(double %d, i16 %h, i32 %i, i64 %l) {
  %1 = call double @llvm.nvvm.fabs.f64(double %d)
  %s = call i16 @llvm.smax.i16(i16 %h, i16 %h)
  %neg = sub i32 0, %i
  %abs.cond = icmp sge i32 %i, 0
  %abs = select i1 %abs.cond, i32 %i, i32 %neg
  %ctlz = call i64 @llvm.ctlz.i64(i64 %l, i1 false)
  %ctlz.trunc = trunc i64 %ctlz to i32
  %2 = zext i32 %i to i64
  %3 = call i64 @llvm.fshr.i64(i64 %l, i64 %l, i64 %2)
  %4 = bitcast i16 %h to bfloat
  %5 = call bfloat @llvm.nvvm.fabs.bf16(bfloat %4)
  %6 = bitcast bfloat %5 to i16
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %7 = call i1 @llvm.nvvm.barrier.cta.red.and.aligned.all(i32 0, i1 false)
  %8 = zext i1 %7 to i32
  ret i32 %ctlz.trunc
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.nvvm.fabs.f64(double) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i16 @llvm.smax.i16(i16, i16) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.ctlz.i64(i64, i1 immarg) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.fshr.i64(i64, i64, i64) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare bfloat @llvm.nvvm.fabs.bf16(bfloat) #0

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #2

; Function Attrs: convergent nocallback nounwind
declare i1 @llvm.nvvm.barrier.cta.red.and.aligned.all(i32, i1) #2

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #1 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { convergent nocallback nounwind }
"#;

const X86_OPS: &str = r#"define <2 x double> @f(<4 x float> %a, <2 x double> %c, <16 x i8> %v, <4 x i32> %w, <2 x i64> %q, i16 %m, <16 x i32> %x) {
  %1 = call <4 x float> @llvm.x86.fma.vfnmsub.ss(<4 x float> %a, <4 x float> %a, <4 x float> %a)
  %2 = call <16 x i8> @llvm.x86.xop.vprotbi(<16 x i8> %v, i8 3)
  %3 = call <2 x i64> @llvm.x86.sse2.pmulu.dq(<4 x i32> %w, <4 x i32> %w)
  %4 = call <2 x i64> @llvm.x86.sse2.psll.dq.bs(<2 x i64> %q, i32 7)
  %5 = call <16 x i32> @llvm.x86.avx512.maskz.vpermt2var.d.512(<16 x i32> %x, <16 x i32> %x, <16 x i32> %x, i16 %m)
  %6 = call <2 x i1> @llvm.x86.avx512.cmp.pd.128(<2 x double> %c, <2 x double> %c, i32 5)
  %7 = call <16 x i8> @llvm.x86.sse2.pmaxu.b(<16 x i8> %v, <16 x i8> %v)
  %cvt = call <2 x double> @llvm.x86.sse2.cvtsi2sd(<2 x double> <double 1.0, double 2.0>, i32 128)
  %h = call <4 x float> @llvm.x86.vcvtph2ps.128(<8 x i16> <i16 0, i16 14336, i16 15360, i16 32768, i16 0, i16 0, i16 0, i16 0>)
  ret <2 x double> %cvt
}
declare <4 x float> @llvm.x86.fma.vfnmsub.ss(<4 x float>, <4 x float>, <4 x float>)
declare <16 x i8> @llvm.x86.xop.vprotbi(<16 x i8>, i8)
declare <2 x i64> @llvm.x86.sse2.pmulu.dq(<4 x i32>, <4 x i32>)
declare <2 x i64> @llvm.x86.sse2.psll.dq.bs(<2 x i64>, i32)
declare <16 x i32> @llvm.x86.avx512.maskz.vpermt2var.d.512(<16 x i32>, <16 x i32>, <16 x i32>, i16)
declare <2 x i1> @llvm.x86.avx512.cmp.pd.128(<2 x double>, <2 x double>, i32)
declare <16 x i8> @llvm.x86.sse2.pmaxu.b(<16 x i8>, <16 x i8>)
declare <2 x double> @llvm.x86.sse2.cvtsi2sd(<2 x double>, i32)
declare <4 x float> @llvm.x86.vcvtph2ps.128(<8 x i16>)
"#;

const X86_OPS_LLVM: &str = r#"define <2 x double> @f(<4 x float> %a, <2 x double> %c, <16 x i8> %v, <4 x i32> %w, <2 x i64> %q, i16 %m, <16 x i32> %x) {
  %1 = extractelement <4 x float> %a, i64 0
  %2 = extractelement <4 x float> %a, i64 0
  %3 = extractelement <4 x float> %a, i64 0
  %4 = fneg float %2
  %5 = fneg float %3
  %6 = call float @llvm.fma.f32(float %1, float %4, float %5)
  %7 = insertelement <4 x float> %a, float %6, i64 0
  %8 = call <16 x i8> @llvm.fshl.v16i8(<16 x i8> %v, <16 x i8> %v, <16 x i8> splat (i8 3))
  %9 = bitcast <4 x i32> %w to <2 x i64>
  %10 = bitcast <4 x i32> %w to <2 x i64>
  %11 = and <2 x i64> %9, splat (i64 4294967295)
  %12 = and <2 x i64> %10, splat (i64 4294967295)
  %13 = mul <2 x i64> %11, %12
  %cast = bitcast <2 x i64> %q to <16 x i8>
  %14 = shufflevector <16 x i8> zeroinitializer, <16 x i8> %cast, <16 x i32> <i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15, i32 16, i32 17, i32 18, i32 19, i32 20, i32 21, i32 22, i32 23, i32 24>
  %cast1 = bitcast <16 x i8> %14 to <2 x i64>
  %15 = call <16 x i32> @llvm.x86.avx512.vpermi2var.d.512(<16 x i32> %x, <16 x i32> %x, <16 x i32> %x)
  %16 = bitcast i16 %m to <16 x i1>
  %17 = select <16 x i1> %16, <16 x i32> %15, <16 x i32> zeroinitializer
  %18 = call <2 x i1> @llvm.x86.avx512.mask.cmp.pd.128(<2 x double> %c, <2 x double> %c, i32 5, <2 x i1> splat (i1 true))
  %19 = call <16 x i8> @llvm.umax.v16i8(<16 x i8> %v, <16 x i8> %v)
  ret <2 x double> <double 1.280000e+02, double 2.000000e+00>
}

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fma.f32(float, float, float) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <16 x i8> @llvm.fshl.v16i8(<16 x i8>, <16 x i8>, <16 x i8>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <16 x i32> @llvm.x86.avx512.vpermi2var.d.512(<16 x i32>, <16 x i32>, <16 x i32>) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <2 x i1> @llvm.x86.avx512.mask.cmp.pd.128(<2 x double>, <2 x double>, i32 immarg, <2 x i1>) #1

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <16 x i8> @llvm.umax.v16i8(<16 x i8>, <16 x i8>) #0

attributes #0 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(none) }
"#;

const MISC: &str = r#"define i64 @f(i64 %a, i32 %b, <vscale x 64 x i8> %t, <vscale x 8 x bfloat> %x, <vscale x 8 x i1> %pg, <vscale x 4 x float> %y) {
  %s = call <vscale x 64 x i8> @llvm.aarch64.sve.tuple.set.nxv64i8.nxv16i8(<vscale x 64 x i8> %t, i32 1, <vscale x 16 x i8> zeroinitializer)
  %g = call <vscale x 16 x i8> @llvm.aarch64.sve.tuple.get.nxv16i8.nxv64i8(<vscale x 64 x i8> %s, i32 3)
  %out = call <vscale x 8 x bfloat> @llvm.aarch64.sve.fcvt.bf16f32(<vscale x 8 x bfloat> %x, <vscale x 8 x i1> %pg, <vscale x 4 x float> %y)
  %k = call i64 @llvm.riscv.sm4ks.i64(i64 %a, i64 %a, i8 1)
  %z = call i32 @llvm.riscv.aes32dsi(i32 %b, i32 %b, i8 2)
  %w = call i64 @llvm.riscv.sha256sig0.i64(i64 %a)
  %p = call ptr @llvm.aarch64.thread.pointer()
  ret i64 %k
}
declare <vscale x 64 x i8> @llvm.aarch64.sve.tuple.set.nxv64i8.nxv16i8(<vscale x 64 x i8>, i32, <vscale x 16 x i8>)
declare <vscale x 16 x i8> @llvm.aarch64.sve.tuple.get.nxv16i8.nxv64i8(<vscale x 64 x i8>, i32)
declare <vscale x 8 x bfloat> @llvm.aarch64.sve.fcvt.bf16f32(<vscale x 8 x bfloat>, <vscale x 8 x i1>, <vscale x 4 x float>)
declare i64 @llvm.riscv.sm4ks.i64(i64, i64, i8)
declare i32 @llvm.riscv.aes32dsi(i32, i32, i8)
declare i64 @llvm.riscv.sha256sig0.i64(i64)
declare ptr @llvm.aarch64.thread.pointer()
"#;

const MISC_LLVM: &str = r#"define i64 @f(i64 %a, i32 %b, <vscale x 64 x i8> %t, <vscale x 8 x bfloat> %x, <vscale x 8 x i1> %pg, <vscale x 4 x float> %y) {
  %s = call <vscale x 64 x i8> @llvm.vector.insert.nxv64i8.nxv16i8(<vscale x 64 x i8> %t, <vscale x 16 x i8> zeroinitializer, i64 16)
  %g = call <vscale x 16 x i8> @llvm.vector.extract.nxv16i8.nxv64i8(<vscale x 64 x i8> %s, i64 48)
  %1 = call <vscale x 16 x i1> @llvm.aarch64.sve.convert.to.svbool.nxv8i1(<vscale x 8 x i1> %pg)
  %2 = call <vscale x 4 x i1> @llvm.aarch64.sve.convert.from.svbool.nxv4i1(<vscale x 16 x i1> %1)
  %out1 = call <vscale x 8 x bfloat> @llvm.aarch64.sve.fcvt.bf16f32.v2(<vscale x 8 x bfloat> %x, <vscale x 4 x i1> %2, <vscale x 4 x float> %y)
  %3 = trunc i64 %a to i32
  %4 = trunc i64 %a to i32
  %k = call i32 @llvm.riscv.sm4ks(i32 %3, i32 %4, i32 1)
  %5 = sext i32 %k to i64
  %z = call i32 @llvm.riscv.aes32dsi(i32 %b, i32 %b, i32 2)
  %6 = trunc i64 %a to i32
  %w = call i32 @llvm.riscv.sha256sig0(i32 %6)
  %7 = sext i32 %w to i64
  %p = call ptr @llvm.thread.pointer.p0()
  ret i64 %5
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <vscale x 16 x i8> @llvm.vector.extract.nxv16i8.nxv64i8(<vscale x 64 x i8>, i64 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <vscale x 16 x i1> @llvm.aarch64.sve.convert.to.svbool.nxv8i1(<vscale x 8 x i1>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <vscale x 4 x i1> @llvm.aarch64.sve.convert.from.svbool.nxv4i1(<vscale x 16 x i1>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <vscale x 8 x bfloat> @llvm.aarch64.sve.fcvt.bf16f32.v2(<vscale x 8 x bfloat>, <vscale x 4 x i1>, <vscale x 4 x float>) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.riscv.sm4ks(i32, i32, i32 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.riscv.aes32dsi(i32, i32, i32 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.riscv.sha256sig0(i32) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare ptr @llvm.thread.pointer.p0() #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <vscale x 64 x i8> @llvm.vector.insert.nxv64i8.nxv16i8(<vscale x 64 x i8>, <vscale x 16 x i8>, i64 immarg) #0

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(none) }
"#;

const NVVM_ANNOTATIONS: &str = r#"define void @f() { ret void }
define void @g(ptr %a, ptr %b) { ret void }
!nvvm.annotations = !{!0, !1, !0, !2, !3}
!0 = !{ptr @f, !"maxntidx", i32 10, !"kernel", i32 0}
!1 = !{ptr @g, !"reqntidy", i32 3, !"maxclusterrank", i32 2, !"grid_constant", !4, !"foo", i32 1}
!2 = !{null, !"align", i32 1}
!3 = !{ptr @g, !"cluster_dim_z", i32 5, !"maxnreg", i32 9}
!4 = !{i32 1, i32 2}
"#;

const NVVM_ANNOTATIONS_LLVM: &str = r#"define void @f() #0 {
  ret void
}

define void @g(ptr "nvvm.grid_constant" %a, ptr "nvvm.grid_constant" %b) #1 {
  ret void
}

attributes #0 = { "nvvm.maxntid"="10" }
attributes #1 = { "nvvm.cluster_dim"="1,1,5" "nvvm.maxclusterrank"="2" "nvvm.maxnreg"="9" "nvvm.reqntid"="1,3" }

!nvvm.annotations = !{!0}

!0 = !{ptr @g, !"foo", i32 1}
"#;

const VCTP: &str = r#"define <4 x i1> @f(i32 %n) {
  %p = tail call <4 x i1> @llvm.arm.mve.vctp64(i32 %n)
  %q = call ptr @llvm.strip.invariant.group.p0i8(ptr null)
  ret <4 x i1> %p
}
declare <4 x i1> @llvm.arm.mve.vctp64(i32)
"#;

const VCTP_LLVM: &str = r#"define <4 x i1> @f(i32 %n) {
  %p1 = call <2 x i1> @llvm.arm.mve.vctp64(i32 %n)
  %1 = call i32 @llvm.arm.mve.pred.v2i.v2i1(<2 x i1> %p1)
  %2 = call <4 x i1> @llvm.arm.mve.pred.i2v.v4i1(i32 %1)
  %q = call ptr @llvm.strip.invariant.group.p0(ptr null)
  ret <4 x i1> %2
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare ptr @llvm.strip.invariant.group.p0(ptr) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <2 x i1> @llvm.arm.mve.vctp64(i32) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare i32 @llvm.arm.mve.pred.v2i.v2i1(<2 x i1>) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <4 x i1> @llvm.arm.mve.pred.i2v.v4i1(i32) #1

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(none) }
"#;
