//! Old-form modules read and printed, compared with what LLVM 22's `llvm-as | llvm-dis` prints
//! for them (without the `; ModuleID` and `source_filename` lines).

fn upgraded(src: &str) -> String {
    let m = crate::parse_module(src.as_bytes(), "t.ll").expect("parses");
    let text = String::from_utf8(crate::print_module(&m)).expect("utf-8");
    let header = |l: &&str| l.starts_with("; ModuleID") || l.starts_with("source_filename") || l.trim().is_empty();
    text.split_inclusive('\n').skip_while(header).collect()
}

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
