//! NVVM and AMDGPU intrinsic upgrades: old-form modules read and printed, compared with what
//! LLVM 22's `llvm-as | llvm-dis` prints for them (without the `; ModuleID` and
//! `source_filename` lines).

mod common;
use common::upgraded;

/// NVVM idioms expanded as `upgradeNVVMIntrinsicCall` builds them: `neg`/`abs.cond`/`abs`, `ctlz`/`ctlz.trunc`,
/// `ctpop`, `h2f` named uniquely beside the old calls' names, constants folded (no name taken), the call's
/// `!dbg` on what is made, an existing `nvvm.fabs.f32` reused, calls visited in use-list order.
#[test]
fn nvvm_idioms_named_and_folded() {
    assert_eq!(upgraded(NVVM_IDIOMS_NAMED_AND_FOLDED), NVVM_IDIOMS_NAMED_AND_FOLDED_LLVM);
}

/// NVVM: `brev`/`clz.i`/`popc.i` rebuilt (attributes and tail marker go), `max`/`min` retargeted
/// (attributes stay), atomics (`seq_cst`), `ldg.global` loads, barriers, rotates, bitcasts and
/// address-space casts (folded on constants).
#[test]
fn nvvm_llvm_intrinsics_and_casts() {
    assert_eq!(upgraded(NVVM_LLVM_INTRINSICS_AND_CASTS), NVVM_LLVM_INTRINSICS_AND_CASTS_LLVM);
}

/// Cases LLVM 22 has: `ex2.approx.*` on the overloaded intrinsic, `tanh.approx.f32` as `afn llvm.tanh`,
/// `atomic.load.*`, `ldg.global.*`, `abs.bf16*` through `nvvm.fabs`, `h2f` as `convert.from.fp16`.
#[test]
fn nvvm_llvm22_cases() {
    assert_eq!(upgraded(NVVM_LLVM22_CASES), NVVM_LLVM22_CASES_LLVM);
}

/// The new calls take no fast-math flags from the old ones (`tanh` gets `afn` only); `abs.bf16`
/// returning `bfloat` is expanded too.
#[test]
fn nvvm_no_fast_math_copied() {
    assert_eq!(upgraded(NVVM_NO_FAST_MATH_COPIED), NVVM_NO_FAST_MATH_COPIED_LLVM);
}

/// Every `bf16` intrinsic on integers LLVM 22 upgrades (`fma.rn` variants, `fmin`/`fmax` with
/// `ftz`/`nan`/`xorsign.abs`, `neg`, `abs`).
#[test]
fn nvvm_bf16_all_names() {
    assert_eq!(upgraded(NVVM_BF16_ALL_NAMES), NVVM_BF16_ALL_NAMES_LLVM);
}

/// A `bf16` declaration gets its new declaration at its first call, after every function; an
/// uncalled one leaves none.
#[test]
fn nvvm_bf16_declared_at_first_call() {
    assert_eq!(upgraded(NVVM_BF16_DECLARED_AT_FIRST_CALL), NVVM_BF16_DECLARED_AT_FIRST_CALL_LLVM);
}

/// `bf16` operands that are constants fold into `bfloat` constants; `clz.ll` makes `ctlz.i64` while an old
/// `ctlz.i64` declaration is still to be upgraded.
#[test]
fn nvvm_bf16_constants() {
    assert_eq!(upgraded(NVVM_BF16_CONSTANTS), NVVM_BF16_CONSTANTS_LLVM);
}

/// Names LLVM 22 leaves alone (variants out of order, unknown suffixes) and edge forms it does upgrade
/// (`ptr.gen.to.sharedx` cast to its own type, `ptr.shared.to.genx` folded).
#[test]
fn nvvm_names_not_upgraded() {
    assert_eq!(upgraded(NVVM_NAMES_NOT_UPGRADED), NVVM_NAMES_NOT_UPGRADED_LLVM);
}

/// `mapa.shared.cluster` returning a cluster pointer cast back (the new call named as the old), bulk
/// copies with their destination cast to `shared::cluster`.
#[test]
fn nvvm_shared_cluster() {
    assert_eq!(upgraded(NVVM_SHARED_CLUSTER), NVVM_SHARED_CLUSTER_LLVM);
}

/// TMA copies to shared memory: a shared destination cast, `i32 0` for a missing `cta_group`; an already
/// current declaration stays where it is.
#[test]
fn nvvm_tma_g2s() {
    assert_eq!(upgraded(NVVM_TMA_G2S), NVVM_TMA_G2S_LLVM);
}

/// Cluster upgrades with constant (folded) pointers, `!dbg`, attributes dropped, calls in two functions.
#[test]
fn nvvm_cluster_constants_and_dbg() {
    assert_eq!(upgraded(NVVM_CLUSTER_CONSTANTS_AND_DBG), NVVM_CLUSTER_CONSTANTS_AND_DBG_LLVM);
}

/// AMDGPU atomics as `atomicrmw`: orderings, volatile operands, `agent` scope, metadata by address space,
/// `<2 x i16>` as `<2 x bfloat>`; `fmin.num` kept; `ldexp` on `llvm.ldexp`.
#[test]
fn amdgpu_atomics() {
    assert_eq!(upgraded(AMDGPU_ATOMICS), AMDGPU_ATOMICS_LLVM);
}

/// Orderings that are invalid, `unordered` or not constant become `seq_cst`; an `undef` volatile operand
/// makes it volatile; constants and `!dbg`.
#[test]
fn amdgpu_atomic_orderings() {
    assert_eq!(upgraded(AMDGPU_ATOMIC_ORDERINGS), AMDGPU_ATOMIC_ORDERINGS_LLVM);
}

/// Many atomics with the `!amdgpu.ignore.denormal.mode` kind already in use: attachments print in kind
/// order.
#[test]
fn amdgpu_atomic_kinds_order() {
    assert_eq!(upgraded(AMDGPU_ATOMIC_KINDS_ORDER), AMDGPU_ATOMIC_KINDS_ORDER_LLVM);
}

/// Malformed atomic calls go away; `amdgcn.ds.ldexp.*` is upgraded to `llvm.ldexp` (LLVM tests `ldexp.`
/// after dropping `ds.`).
#[test]
fn amdgpu_malformed_and_ds_ldexp() {
    assert_eq!(upgraded(AMDGPU_MALFORMED_AND_DS_LDEXP), AMDGPU_MALFORMED_AND_DS_LDEXP_LLVM);
}

/// The legacy `wmma`/`swmmac` iu8 forms gain `i1 false`: the new (unnamed) call keeps tail marker,
/// attributes and metadata; declarations made after every function.
#[test]
fn amdgpu_legacy_wmma() {
    assert_eq!(upgraded(AMDGPU_LEGACY_WMMA), AMDGPU_LEGACY_WMMA_LLVM);
}

/// A declaration LLVM makes (`getOrInsertDeclaration`) displaces a function of that name and
/// another type as `NAME.invalid` (what `llvm-as -disable-verify` gives).
#[test]
fn new_declaration_displaces_invalid() {
    assert_eq!(upgraded(NEW_DECLARATION_DISPLACES_INVALID), NEW_DECLARATION_DISPLACES_INVALID_LLVM);
}

/// A remangled declaration (`remangleIntrinsicFunction`) displaces one of another type as
/// `NAME.renamed` (what `llvm-as -disable-verify` gives).
#[test]
fn remangled_declaration_displaces_renamed() {
    assert_eq!(upgraded(REMANGLED_DECLARATION_DISPLACES_RENAMED), REMANGLED_DECLARATION_DISPLACES_RENAMED_LLVM);
}

/// Declarations LLVM makes from the old return type whatever the operands: a mismatched
/// `alignbit` or `max.ll` call keeps its own function type and calls the new declaration
/// (LLVM's verifier then reports "Intrinsic called with incompatible signature" for exactly this
/// call).
#[test]
fn default_case_keeps_call_type() {
    let out = upgraded(MISMATCHED);
    assert!(out.contains("  %d = call i32 @llvm.fshr.i32(i32 %v, i32 %v, i64 3)\n"), "{out}");
    assert!(out.contains("declare i32 @llvm.fshr.i32(i32, i32, i32)"), "{out}");
    assert!(out.contains("  %m = call i64 @llvm.smax.i64(i32 %v, i32 %v)\n"), "{out}");
    assert!(out.contains("declare i64 @llvm.smax.i64(i64, i64)"), "{out}");
}

/// Malformed calls LLVM would crash on are left alone, without panicking.
#[test]
fn malformed_calls_do_not_panic() {
    let out = upgraded(MALFORMED);
    assert!(out.contains("call float @llvm.nvvm.ldg.global.f.f32.p1(ptr addrspace(1) %g, i32 %v)"), "{out}");
    assert!(out.contains("call i32 @llvm.nvvm.clz.ll()"), "{out}");
}

const MISMATCHED: &str = r#"define void @f(i32 %v) {
  %d = call i32 @llvm.amdgcn.alignbit(i32 %v, i32 %v, i64 3)
  %m = call i64 @llvm.nvvm.max.ll(i32 %v, i32 %v)
  ret void
}
declare i32 @llvm.amdgcn.alignbit(i32, i32, i64)
declare i64 @llvm.nvvm.max.ll(i32, i32)
"#;

const MALFORMED: &str = r#"define void @f(ptr addrspace(1) %g, i32 %v) {
  %a = call float @llvm.nvvm.ldg.global.f.f32.p1(ptr addrspace(1) %g, i32 %v)
  %b = call i32 @llvm.nvvm.clz.ll()
  call void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.1d()
  %e = call i16 @llvm.nvvm.fma.rn.bf16(i16 0)
  %w = call i32 @llvm.amdgcn.wmma.i32.16x16x64.iu8(i1 0, i32 0, i1 0, i32 0, i32 0, i1 0, i1 0)
  ret void
}
declare float @llvm.nvvm.ldg.global.f.f32.p1(ptr addrspace(1), i32)
declare i32 @llvm.nvvm.clz.ll()
declare void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.1d()
declare i16 @llvm.nvvm.fma.rn.bf16(i16)
declare i32 @llvm.amdgcn.wmma.i32.16x16x64.iu8(i1, i32, i1, i32, i32, i1, i1)
"#;

const NVVM_IDIOMS_NAMED_AND_FOLDED: &str = r#"declare float @llvm.nvvm.fabs.f32(float)

define i32 @g(i32 %neg, i64 %l, i16 %h) {
  %abs = call i32 @llvm.nvvm.abs.i(i32 %neg), !dbg !10
  %ctlz = call i32 @llvm.nvvm.clz.ll(i64 %l), !dbg !10
  %x = call i32 @llvm.nvvm.clz.ll(i64 12345)
  %y = call i32 @llvm.nvvm.popc.ll(i64 -1)
  %h2f = call float @llvm.nvvm.h2f(i16 %h)
  %h2f1 = call float @llvm.nvvm.h2f(i16 7)
  %a2 = call i32 @llvm.nvvm.abs.i(i32 %abs)
  %f = call float @llvm.nvvm.fabs.f(float %h2f)
  %r = call i32 @llvm.nvvm.rotate.b32(i32 7, i32 3)
  %r2 = call i64 @llvm.nvvm.rotate.b64(i64 7, i32 %neg)
  %bp = call i32 @llvm.nvvm.barrier0.popc(i32 0)
  %ba = call i32 @llvm.nvvm.barrier0.and(i32 %neg)
  ret i32 %a2
}

declare i32 @llvm.nvvm.abs.i(i32)
declare i32 @llvm.nvvm.clz.ll(i64)
declare i32 @llvm.nvvm.popc.ll(i64)
declare float @llvm.nvvm.h2f(i16)
declare float @llvm.nvvm.fabs.f(float)
declare i32 @llvm.nvvm.rotate.b32(i32, i32)
declare i64 @llvm.nvvm.rotate.b64(i64, i32)
declare i32 @llvm.nvvm.barrier0.popc(i32)
declare i32 @llvm.nvvm.barrier0.and(i32)
declare i32 @llvm.nvvm.brev32(i32)
declare i64 @llvm.nvvm.abs.ll(i64)

define i32 @k(i32 %v, i64 %l) {
  %b = tail call i32 @llvm.nvvm.brev32(i32 %v) #0, !dbg !10
  %c = call i64 @llvm.nvvm.abs.ll(i64 %l)
  %d = call i32 @llvm.nvvm.abs.i(i32 %v)
  %e = call float @llvm.nvvm.fabs.f(float 1.0)
  ret i32 %b
}

attributes #0 = { nounwind }
!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, emissionKind: FullDebug)
!2 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "g", scope: !2, file: !2, line: 1, unit: !1)
!10 = !DILocation(line: 3, scope: !3)
"#;

const NVVM_IDIOMS_NAMED_AND_FOLDED_LLVM: &str = r#"; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.nvvm.fabs.f32(float) #0

define i32 @g(i32 %neg, i64 %l, i16 %h) {
  %neg1 = sub i32 0, %neg, !dbg !3
  %abs.cond = icmp sge i32 %neg, 0, !dbg !3
  %abs2 = select i1 %abs.cond, i32 %neg, i32 %neg1, !dbg !3
  %ctlz5 = call i64 @llvm.ctlz.i64(i64 %l, i1 false), !dbg !3
  %ctlz.trunc = trunc i64 %ctlz5 to i32, !dbg !3
  %ctlz = call i64 @llvm.ctlz.i64(i64 12345, i1 false)
  %ctlz.trunc6 = trunc i64 %ctlz to i32
  %ctpop = call i64 @llvm.ctpop.i64(i64 -1)
  %ctpop.trunc = trunc i64 %ctpop to i32
  %h2f7 = call float @llvm.convert.from.fp16.f32(i16 %h)
  %h2f = call float @llvm.convert.from.fp16.f32(i16 7)
  %neg3 = sub i32 0, %abs2
  %abs.cond4 = icmp sge i32 %abs2, 0
  %abs = select i1 %abs.cond4, i32 %abs2, i32 %neg3
  %1 = call float @llvm.nvvm.fabs.f32(float %h2f7)
  %2 = call i32 @llvm.fshl.i32(i32 7, i32 7, i32 3)
  %3 = zext i32 %neg to i64
  %4 = call i64 @llvm.fshl.i64(i64 7, i64 7, i64 %3)
  %5 = call i32 @llvm.nvvm.barrier.cta.red.popc.aligned.all(i32 0, i1 false)
  %6 = icmp ne i32 %neg, 0
  %7 = call i1 @llvm.nvvm.barrier.cta.red.and.aligned.all(i32 0, i1 %6)
  %8 = zext i1 %7 to i32
  ret i32 %abs
}

define i32 @k(i32 %v, i64 %l) {
  %b = call i32 @llvm.bitreverse.i32(i32 %v), !dbg !3
  %neg1 = sub i64 0, %l
  %abs.cond2 = icmp sge i64 %l, 0
  %abs3 = select i1 %abs.cond2, i64 %l, i64 %neg1
  %neg = sub i32 0, %v
  %abs.cond = icmp sge i32 %v, 0
  %abs = select i1 %abs.cond, i32 %v, i32 %neg
  %1 = call float @llvm.nvvm.fabs.f32(float 1.000000e+00)
  ret i32 %b
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.ctlz.i64(i64, i1 immarg) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.ctpop.i64(i64) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare float @llvm.convert.from.fp16.f32(i16) #2

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.fshl.i32(i32, i32, i32) #1

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.fshl.i64(i64, i64, i64) #1

; Function Attrs: convergent nocallback nounwind
declare i32 @llvm.nvvm.barrier.cta.red.popc.aligned.all(i32, i1) #3

; Function Attrs: convergent nocallback nounwind
declare i1 @llvm.nvvm.barrier.cta.red.and.aligned.all(i32, i1) #3

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.bitreverse.i32(i32) #1

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #1 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { nocallback nofree nosync nounwind willreturn memory(none) }
attributes #3 = { convergent nocallback nounwind }

!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!2 = !DIFile(filename: "a.c", directory: "/")
!3 = !DILocation(line: 3, scope: !4)
!4 = distinct !DISubprogram(name: "g", scope: !2, file: !2, line: 1, spFlags: DISPFlagDefinition, unit: !1)
"#;

const NVVM_LLVM_INTRINSICS_AND_CASTS: &str = r#"define void @f(ptr %p, ptr addrspace(1) %g, double %d, i32 %v, i64 %l, float %x) {
  %a = call double @llvm.nvvm.atomic.load.add.f64.p1(ptr addrspace(1) %g, double %d)
  %b = call i32 @llvm.nvvm.atomic.load.dec.32.p0(ptr %p, i32 %v)
  %c = call float @llvm.nvvm.ldg.global.f.f32.p1(ptr addrspace(1) %g, i32 8)
  %e = call ptr @llvm.nvvm.ldg.global.p.p0.p0(ptr %p, i32 16)
  %n = call i32 @llvm.nvvm.abs.i(i32 -5)
  %n2 = call i64 @llvm.nvvm.abs.ll(i64 %l)
  %ba = call i32 @llvm.nvvm.barrier0.or(i32 3)
  %bp = call i32 @llvm.nvvm.barrier0.popc(i32 %v)
  %r = call i64 @llvm.nvvm.rotate.b64(i64 %l, i32 5)
  %r2 = call i64 @llvm.nvvm.rotate.right.b64(i64 %l, i32 %v)
  %r3 = call i32 @llvm.nvvm.rotate.b32(i32 %v, i32 %v)
  %br = tail call i32 @llvm.nvvm.brev32(i32 %v) #0
  %br2 = call i64 @llvm.nvvm.brev64(i64 %l)
  %cz = call i32 @llvm.nvvm.clz.i(i32 %v) #0
  %pc = call i32 @llvm.nvvm.popc.i(i32 %v)
  %mx = call i64 @llvm.nvvm.max.ull(i64 %l, i64 7) #0
  %mn = call i32 @llvm.nvvm.min.i(i32 %v, i32 7)
  %bc = call float @llvm.nvvm.bitcast.i2f(i32 7)
  %bc2 = call i64 @llvm.nvvm.bitcast.d2ll(double %d)
  %pc1 = call ptr addrspace(3) @llvm.nvvm.ptr.gen.to.shared.p3.p0(ptr %p)
  %pc2 = call ptr @llvm.nvvm.ptr.shared.to.gen.p0.p3(ptr addrspace(3) %pc1)
  %pc3 = call ptr addrspace(1) @llvm.nvvm.ptr.gen.to.global.p1.p0(ptr null)
  call void @llvm.nvvm.barrier(i32 %v, i32 4)
  call void @llvm.nvvm.barrier.sync(i32 %v)
  call void @llvm.nvvm.barrier.sync.cnt(i32 %v, i32 %v)
  call void @llvm.nvvm.bar.sync(i32 1)
  call void @llvm.nvvm.barrier.n(i32 %v)
  %t = call i64 @llvm.nvvm.swap.lo.hi.b64(i64 3)
  ret void
}
declare double @llvm.nvvm.atomic.load.add.f64.p1(ptr addrspace(1), double)
declare i32 @llvm.nvvm.atomic.load.dec.32.p0(ptr, i32)
declare float @llvm.nvvm.ldg.global.f.f32.p1(ptr addrspace(1), i32)
declare ptr @llvm.nvvm.ldg.global.p.p0.p0(ptr, i32)
declare i32 @llvm.nvvm.abs.i(i32)
declare i64 @llvm.nvvm.abs.ll(i64)
declare i32 @llvm.nvvm.barrier0.or(i32)
declare i32 @llvm.nvvm.barrier0.popc(i32)
declare i64 @llvm.nvvm.rotate.b64(i64, i32)
declare i64 @llvm.nvvm.rotate.right.b64(i64, i32)
declare i32 @llvm.nvvm.rotate.b32(i32, i32)
declare i32 @llvm.nvvm.brev32(i32)
declare i64 @llvm.nvvm.brev64(i64)
declare i32 @llvm.nvvm.clz.i(i32)
declare i32 @llvm.nvvm.popc.i(i32)
declare i64 @llvm.nvvm.max.ull(i64, i64)
declare i32 @llvm.nvvm.min.i(i32, i32)
declare float @llvm.nvvm.bitcast.i2f(i32)
declare i64 @llvm.nvvm.bitcast.d2ll(double)
declare ptr addrspace(3) @llvm.nvvm.ptr.gen.to.shared.p3.p0(ptr)
declare ptr @llvm.nvvm.ptr.shared.to.gen.p0.p3(ptr addrspace(3))
declare ptr addrspace(1) @llvm.nvvm.ptr.gen.to.global.p1.p0(ptr)
declare void @llvm.nvvm.barrier(i32, i32)
declare void @llvm.nvvm.barrier.sync(i32)
declare void @llvm.nvvm.barrier.sync.cnt(i32, i32)
declare void @llvm.nvvm.bar.sync(i32)
declare void @llvm.nvvm.barrier.n(i32)
declare i64 @llvm.nvvm.swap.lo.hi.b64(i64)
attributes #0 = { nounwind }
"#;

const NVVM_LLVM_INTRINSICS_AND_CASTS_LLVM: &str = r#"define void @f(ptr %p, ptr addrspace(1) %g, double %d, i32 %v, i64 %l, float %x) {
  %1 = atomicrmw fadd ptr addrspace(1) %g, double %d seq_cst, align 8
  %2 = atomicrmw udec_wrap ptr %p, i32 %v seq_cst, align 4
  %3 = load float, ptr addrspace(1) %g, align 8, !invariant.load !0
  %4 = addrspacecast ptr %p to ptr addrspace(1)
  %5 = load ptr, ptr addrspace(1) %4, align 16, !invariant.load !0
  %neg = sub i64 0, %l
  %abs.cond = icmp sge i64 %l, 0
  %abs = select i1 %abs.cond, i64 %l, i64 %neg
  %6 = call i1 @llvm.nvvm.barrier.cta.red.or.aligned.all(i32 0, i1 true)
  %7 = zext i1 %6 to i32
  %8 = icmp ne i32 %v, 0
  %9 = call i32 @llvm.nvvm.barrier.cta.red.popc.aligned.all(i32 0, i1 %8)
  %10 = call i64 @llvm.fshl.i64(i64 %l, i64 %l, i64 5)
  %11 = zext i32 %v to i64
  %12 = call i64 @llvm.fshr.i64(i64 %l, i64 %l, i64 %11)
  %13 = call i32 @llvm.fshl.i32(i32 %v, i32 %v, i32 %v)
  %br = call i32 @llvm.bitreverse.i32(i32 %v)
  %br2 = call i64 @llvm.bitreverse.i64(i64 %l)
  %cz = call i32 @llvm.ctlz.i32(i32 %v, i1 false)
  %pc = call i32 @llvm.ctpop.i32(i32 %v)
  %mx = call i64 @llvm.umax.i64(i64 %l, i64 7) #3
  %mn = call i32 @llvm.smin.i32(i32 %v, i32 7)
  %14 = bitcast double %d to i64
  %15 = addrspacecast ptr %p to ptr addrspace(3)
  %16 = addrspacecast ptr addrspace(3) %15 to ptr
  call void @llvm.nvvm.barrier.cta.sync.aligned.count(i32 %v, i32 4)
  call void @llvm.nvvm.barrier.cta.sync.all(i32 %v)
  call void @llvm.nvvm.barrier.cta.sync.count(i32 %v, i32 %v)
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 1)
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 %v)
  %17 = call i64 @llvm.fshl.i64(i64 3, i64 3, i64 32)
  ret void
}

; Function Attrs: convergent nocallback nounwind
declare i1 @llvm.nvvm.barrier.cta.red.or.aligned.all(i32, i1) #0

; Function Attrs: convergent nocallback nounwind
declare i32 @llvm.nvvm.barrier.cta.red.popc.aligned.all(i32, i1) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.fshl.i64(i64, i64, i64) #1

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.fshr.i64(i64, i64, i64) #1

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.fshl.i32(i32, i32, i32) #1

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.bitreverse.i32(i32) #1

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.bitreverse.i64(i64) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.ctlz.i32(i32, i1 immarg) #2

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.ctpop.i32(i32) #1

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.umax.i64(i64, i64) #1

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smin.i32(i32, i32) #1

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier.cta.sync.aligned.count(i32, i32) #0

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier.cta.sync.all(i32) #0

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier.cta.sync.count(i32, i32) #0

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #0

attributes #0 = { convergent nocallback nounwind }
attributes #1 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #3 = { nounwind }

!0 = !{}
"#;

const NVVM_LLVM22_CASES: &str = r#"define i32 @f(i32 %a, i64 %b, float %x, double %d, i16 %h, ptr %p, <2 x half> %hh) {
  %1 = call i32 @llvm.nvvm.clz.ll(i64 %b)
  %2 = call i32 @llvm.nvvm.popc.ll(i64 %b)
  %3 = call float @llvm.nvvm.h2f(i16 %h)
  %4 = call float @llvm.nvvm.ex2.approx.f(float %x)
  %5 = call float @llvm.nvvm.ex2.approx.ftz.f(float %x)
  %6 = call double @llvm.nvvm.ex2.approx.d(double %d)
  %7 = call <2 x half> @llvm.nvvm.ex2.approx.f16x2(<2 x half> %hh)
  %8 = call float @llvm.nvvm.tanh.approx.f32(float %x)
  %9 = call float @llvm.nvvm.atomic.load.add.f32.p0(ptr %p, float %x)
  %10 = call i32 @llvm.nvvm.atomic.load.inc.32.p0(ptr %p, i32 %a)
  %11 = call i32 @llvm.nvvm.ldg.global.i.i32.p0(ptr %p, i32 4)
  %12 = call i16 @llvm.nvvm.abs.bf16(i16 %h)
  %13 = call i32 @llvm.nvvm.abs.bf16x2(i32 %a)
  %14 = call i64 @llvm.nvvm.swap.lo.hi.b64(i64 %b)
  ret i32 %1
}
declare i32 @llvm.nvvm.clz.ll(i64)
declare i32 @llvm.nvvm.popc.ll(i64)
declare float @llvm.nvvm.h2f(i16)
declare float @llvm.nvvm.ex2.approx.f(float)
declare float @llvm.nvvm.ex2.approx.ftz.f(float)
declare double @llvm.nvvm.ex2.approx.d(double)
declare <2 x half> @llvm.nvvm.ex2.approx.f16x2(<2 x half>)
declare float @llvm.nvvm.tanh.approx.f32(float)
declare float @llvm.nvvm.atomic.load.add.f32.p0(ptr, float)
declare i32 @llvm.nvvm.atomic.load.inc.32.p0(ptr, i32)
declare i32 @llvm.nvvm.ldg.global.i.i32.p0(ptr, i32)
declare i16 @llvm.nvvm.abs.bf16(i16)
declare i32 @llvm.nvvm.abs.bf16x2(i32)
declare i64 @llvm.nvvm.swap.lo.hi.b64(i64)
"#;

const NVVM_LLVM22_CASES_LLVM: &str = r#"define i32 @f(i32 %a, i64 %b, float %x, double %d, i16 %h, ptr %p, <2 x half> %hh) {
  %ctlz = call i64 @llvm.ctlz.i64(i64 %b, i1 false)
  %ctlz.trunc = trunc i64 %ctlz to i32
  %ctpop = call i64 @llvm.ctpop.i64(i64 %b)
  %ctpop.trunc = trunc i64 %ctpop to i32
  %h2f = call float @llvm.convert.from.fp16.f32(i16 %h)
  %1 = call float @llvm.nvvm.ex2.approx.f32(float %x)
  %2 = call float @llvm.nvvm.ex2.approx.ftz.f32(float %x)
  %3 = call double @llvm.nvvm.ex2.approx.f64(double %d)
  %4 = call <2 x half> @llvm.nvvm.ex2.approx.v2f16(<2 x half> %hh)
  %5 = call afn float @llvm.tanh.f32(float %x)
  %6 = atomicrmw fadd ptr %p, float %x seq_cst, align 4
  %7 = atomicrmw uinc_wrap ptr %p, i32 %a seq_cst, align 4
  %8 = addrspacecast ptr %p to ptr addrspace(1)
  %9 = load i32, ptr addrspace(1) %8, align 4, !invariant.load !0
  %10 = bitcast i16 %h to bfloat
  %11 = call bfloat @llvm.nvvm.fabs.bf16(bfloat %10)
  %12 = bitcast bfloat %11 to i16
  %13 = bitcast i32 %a to <2 x bfloat>
  %14 = call <2 x bfloat> @llvm.nvvm.fabs.v2bf16(<2 x bfloat> %13)
  %15 = bitcast <2 x bfloat> %14 to i32
  %16 = call i64 @llvm.fshl.i64(i64 %b, i64 %b, i64 32)
  ret i32 %ctlz.trunc
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.ctlz.i64(i64, i1 immarg) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.ctpop.i64(i64) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare float @llvm.convert.from.fp16.f32(i16) #2

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare float @llvm.nvvm.ex2.approx.f32(float) #2

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare float @llvm.nvvm.ex2.approx.ftz.f32(float) #2

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare double @llvm.nvvm.ex2.approx.f64(double) #2

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <2 x half> @llvm.nvvm.ex2.approx.v2f16(<2 x half>) #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.tanh.f32(float) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare bfloat @llvm.nvvm.fabs.bf16(bfloat) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x bfloat> @llvm.nvvm.fabs.v2bf16(<2 x bfloat>) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.fshl.i64(i64, i64, i64) #1

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #1 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { nocallback nofree nosync nounwind willreturn memory(none) }

!0 = !{}
"#;

const NVVM_NO_FAST_MATH_COPIED: &str = r#"define void @f(bfloat %b, float %x, i16 %h, double %d) {
  %a = call bfloat @llvm.nvvm.abs.bf16(bfloat %b)
  %t = call fast float @llvm.nvvm.tanh.approx.f32(float %x)
  %h2 = call nnan float @llvm.nvvm.h2f(i16 %h)
  %fa = call nnan ninf float @llvm.nvvm.fabs.f(float %x)
  %e = call reassoc float @llvm.nvvm.ex2.approx.ftz.f(float %x)
  %e2 = call afn double @llvm.nvvm.ex2.approx.d(double %d)
  ret void
}
declare bfloat @llvm.nvvm.abs.bf16(bfloat)
declare float @llvm.nvvm.tanh.approx.f32(float)
declare float @llvm.nvvm.h2f(i16)
declare float @llvm.nvvm.fabs.f(float)
declare float @llvm.nvvm.ex2.approx.ftz.f(float)
declare double @llvm.nvvm.ex2.approx.d(double)
"#;

const NVVM_NO_FAST_MATH_COPIED_LLVM: &str = r#"define void @f(bfloat %b, float %x, i16 %h, double %d) {
  %1 = call bfloat @llvm.nvvm.fabs.bf16(bfloat %b)
  %2 = call afn float @llvm.tanh.f32(float %x)
  %h2f = call float @llvm.convert.from.fp16.f32(i16 %h)
  %3 = call float @llvm.nvvm.fabs.f32(float %x)
  %4 = call float @llvm.nvvm.ex2.approx.ftz.f32(float %x)
  %5 = call double @llvm.nvvm.ex2.approx.f64(double %d)
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare bfloat @llvm.nvvm.fabs.bf16(bfloat) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.tanh.f32(float) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare float @llvm.convert.from.fp16.f32(i16) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.nvvm.fabs.f32(float) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare float @llvm.nvvm.ex2.approx.ftz.f32(float) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare double @llvm.nvvm.ex2.approx.f64(double) #1

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(none) }
"#;

const NVVM_BF16_ALL_NAMES: &str = r#"define void @f(i16 %abf16, i32 %abf16x2) {
  %r0 = call i16 @llvm.nvvm.fma.rn.bf16(i16 %abf16, i16 %abf16, i16 %abf16)
  %r1 = call i32 @llvm.nvvm.fma.rn.bf16x2(i32 %abf16x2, i32 %abf16x2, i32 %abf16x2)
  %r2 = call i16 @llvm.nvvm.fma.rn.relu.bf16(i16 %abf16, i16 %abf16, i16 %abf16)
  %r3 = call i32 @llvm.nvvm.fma.rn.relu.bf16x2(i32 %abf16x2, i32 %abf16x2, i32 %abf16x2)
  %r4 = call i16 @llvm.nvvm.fma.rn.sat.bf16(i16 %abf16, i16 %abf16, i16 %abf16)
  %r5 = call i32 @llvm.nvvm.fma.rn.sat.bf16x2(i32 %abf16x2, i32 %abf16x2, i32 %abf16x2)
  %r6 = call i16 @llvm.nvvm.fma.rn.ftz.bf16(i16 %abf16, i16 %abf16, i16 %abf16)
  %r7 = call i32 @llvm.nvvm.fma.rn.ftz.bf16x2(i32 %abf16x2, i32 %abf16x2, i32 %abf16x2)
  %r8 = call i16 @llvm.nvvm.fma.rn.ftz.relu.bf16(i16 %abf16, i16 %abf16, i16 %abf16)
  %r9 = call i32 @llvm.nvvm.fma.rn.ftz.relu.bf16x2(i32 %abf16x2, i32 %abf16x2, i32 %abf16x2)
  %r10 = call i16 @llvm.nvvm.fma.rn.ftz.sat.bf16(i16 %abf16, i16 %abf16, i16 %abf16)
  %r11 = call i32 @llvm.nvvm.fma.rn.ftz.sat.bf16x2(i32 %abf16x2, i32 %abf16x2, i32 %abf16x2)
  %r12 = call i16 @llvm.nvvm.fmax.bf16(i16 %abf16, i16 %abf16)
  %r13 = call i32 @llvm.nvvm.fmax.bf16x2(i32 %abf16x2, i32 %abf16x2)
  %r14 = call i16 @llvm.nvvm.fmax.xorsign.abs.bf16(i16 %abf16, i16 %abf16)
  %r15 = call i32 @llvm.nvvm.fmax.xorsign.abs.bf16x2(i32 %abf16x2, i32 %abf16x2)
  %r16 = call i16 @llvm.nvvm.fmax.nan.bf16(i16 %abf16, i16 %abf16)
  %r17 = call i32 @llvm.nvvm.fmax.nan.bf16x2(i32 %abf16x2, i32 %abf16x2)
  %r18 = call i16 @llvm.nvvm.fmax.nan.xorsign.abs.bf16(i16 %abf16, i16 %abf16)
  %r19 = call i32 @llvm.nvvm.fmax.nan.xorsign.abs.bf16x2(i32 %abf16x2, i32 %abf16x2)
  %r20 = call i16 @llvm.nvvm.fmax.ftz.bf16(i16 %abf16, i16 %abf16)
  %r21 = call i32 @llvm.nvvm.fmax.ftz.bf16x2(i32 %abf16x2, i32 %abf16x2)
  %r22 = call i16 @llvm.nvvm.fmax.ftz.xorsign.abs.bf16(i16 %abf16, i16 %abf16)
  %r23 = call i32 @llvm.nvvm.fmax.ftz.xorsign.abs.bf16x2(i32 %abf16x2, i32 %abf16x2)
  %r24 = call i16 @llvm.nvvm.fmax.ftz.nan.bf16(i16 %abf16, i16 %abf16)
  %r25 = call i32 @llvm.nvvm.fmax.ftz.nan.bf16x2(i32 %abf16x2, i32 %abf16x2)
  %r26 = call i16 @llvm.nvvm.fmax.ftz.nan.xorsign.abs.bf16(i16 %abf16, i16 %abf16)
  %r27 = call i32 @llvm.nvvm.fmax.ftz.nan.xorsign.abs.bf16x2(i32 %abf16x2, i32 %abf16x2)
  %r28 = call i16 @llvm.nvvm.fmin.bf16(i16 %abf16, i16 %abf16)
  %r29 = call i32 @llvm.nvvm.fmin.bf16x2(i32 %abf16x2, i32 %abf16x2)
  %r30 = call i16 @llvm.nvvm.fmin.xorsign.abs.bf16(i16 %abf16, i16 %abf16)
  %r31 = call i32 @llvm.nvvm.fmin.xorsign.abs.bf16x2(i32 %abf16x2, i32 %abf16x2)
  %r32 = call i16 @llvm.nvvm.fmin.nan.bf16(i16 %abf16, i16 %abf16)
  %r33 = call i32 @llvm.nvvm.fmin.nan.bf16x2(i32 %abf16x2, i32 %abf16x2)
  %r34 = call i16 @llvm.nvvm.fmin.nan.xorsign.abs.bf16(i16 %abf16, i16 %abf16)
  %r35 = call i32 @llvm.nvvm.fmin.nan.xorsign.abs.bf16x2(i32 %abf16x2, i32 %abf16x2)
  %r36 = call i16 @llvm.nvvm.fmin.ftz.bf16(i16 %abf16, i16 %abf16)
  %r37 = call i32 @llvm.nvvm.fmin.ftz.bf16x2(i32 %abf16x2, i32 %abf16x2)
  %r38 = call i16 @llvm.nvvm.fmin.ftz.xorsign.abs.bf16(i16 %abf16, i16 %abf16)
  %r39 = call i32 @llvm.nvvm.fmin.ftz.xorsign.abs.bf16x2(i32 %abf16x2, i32 %abf16x2)
  %r40 = call i16 @llvm.nvvm.fmin.ftz.nan.bf16(i16 %abf16, i16 %abf16)
  %r41 = call i32 @llvm.nvvm.fmin.ftz.nan.bf16x2(i32 %abf16x2, i32 %abf16x2)
  %r42 = call i16 @llvm.nvvm.fmin.ftz.nan.xorsign.abs.bf16(i16 %abf16, i16 %abf16)
  %r43 = call i32 @llvm.nvvm.fmin.ftz.nan.xorsign.abs.bf16x2(i32 %abf16x2, i32 %abf16x2)
  %r44 = call i16 @llvm.nvvm.neg.bf16(i16 %abf16)
  %r45 = call i16 @llvm.nvvm.abs.bf16(i16 %abf16)
  %r46 = call i32 @llvm.nvvm.neg.bf16x2(i32 %abf16x2)
  %r47 = call i32 @llvm.nvvm.abs.bf16x2(i32 %abf16x2)
  ret void
}
declare i16 @llvm.nvvm.fma.rn.bf16(i16, i16, i16)
declare i32 @llvm.nvvm.fma.rn.bf16x2(i32, i32, i32)
declare i16 @llvm.nvvm.fma.rn.relu.bf16(i16, i16, i16)
declare i32 @llvm.nvvm.fma.rn.relu.bf16x2(i32, i32, i32)
declare i16 @llvm.nvvm.fma.rn.sat.bf16(i16, i16, i16)
declare i32 @llvm.nvvm.fma.rn.sat.bf16x2(i32, i32, i32)
declare i16 @llvm.nvvm.fma.rn.ftz.bf16(i16, i16, i16)
declare i32 @llvm.nvvm.fma.rn.ftz.bf16x2(i32, i32, i32)
declare i16 @llvm.nvvm.fma.rn.ftz.relu.bf16(i16, i16, i16)
declare i32 @llvm.nvvm.fma.rn.ftz.relu.bf16x2(i32, i32, i32)
declare i16 @llvm.nvvm.fma.rn.ftz.sat.bf16(i16, i16, i16)
declare i32 @llvm.nvvm.fma.rn.ftz.sat.bf16x2(i32, i32, i32)
declare i16 @llvm.nvvm.fmax.bf16(i16, i16)
declare i32 @llvm.nvvm.fmax.bf16x2(i32, i32)
declare i16 @llvm.nvvm.fmax.xorsign.abs.bf16(i16, i16)
declare i32 @llvm.nvvm.fmax.xorsign.abs.bf16x2(i32, i32)
declare i16 @llvm.nvvm.fmax.nan.bf16(i16, i16)
declare i32 @llvm.nvvm.fmax.nan.bf16x2(i32, i32)
declare i16 @llvm.nvvm.fmax.nan.xorsign.abs.bf16(i16, i16)
declare i32 @llvm.nvvm.fmax.nan.xorsign.abs.bf16x2(i32, i32)
declare i16 @llvm.nvvm.fmax.ftz.bf16(i16, i16)
declare i32 @llvm.nvvm.fmax.ftz.bf16x2(i32, i32)
declare i16 @llvm.nvvm.fmax.ftz.xorsign.abs.bf16(i16, i16)
declare i32 @llvm.nvvm.fmax.ftz.xorsign.abs.bf16x2(i32, i32)
declare i16 @llvm.nvvm.fmax.ftz.nan.bf16(i16, i16)
declare i32 @llvm.nvvm.fmax.ftz.nan.bf16x2(i32, i32)
declare i16 @llvm.nvvm.fmax.ftz.nan.xorsign.abs.bf16(i16, i16)
declare i32 @llvm.nvvm.fmax.ftz.nan.xorsign.abs.bf16x2(i32, i32)
declare i16 @llvm.nvvm.fmin.bf16(i16, i16)
declare i32 @llvm.nvvm.fmin.bf16x2(i32, i32)
declare i16 @llvm.nvvm.fmin.xorsign.abs.bf16(i16, i16)
declare i32 @llvm.nvvm.fmin.xorsign.abs.bf16x2(i32, i32)
declare i16 @llvm.nvvm.fmin.nan.bf16(i16, i16)
declare i32 @llvm.nvvm.fmin.nan.bf16x2(i32, i32)
declare i16 @llvm.nvvm.fmin.nan.xorsign.abs.bf16(i16, i16)
declare i32 @llvm.nvvm.fmin.nan.xorsign.abs.bf16x2(i32, i32)
declare i16 @llvm.nvvm.fmin.ftz.bf16(i16, i16)
declare i32 @llvm.nvvm.fmin.ftz.bf16x2(i32, i32)
declare i16 @llvm.nvvm.fmin.ftz.xorsign.abs.bf16(i16, i16)
declare i32 @llvm.nvvm.fmin.ftz.xorsign.abs.bf16x2(i32, i32)
declare i16 @llvm.nvvm.fmin.ftz.nan.bf16(i16, i16)
declare i32 @llvm.nvvm.fmin.ftz.nan.bf16x2(i32, i32)
declare i16 @llvm.nvvm.fmin.ftz.nan.xorsign.abs.bf16(i16, i16)
declare i32 @llvm.nvvm.fmin.ftz.nan.xorsign.abs.bf16x2(i32, i32)
declare i16 @llvm.nvvm.neg.bf16(i16)
declare i16 @llvm.nvvm.abs.bf16(i16)
declare i32 @llvm.nvvm.neg.bf16x2(i32)
declare i32 @llvm.nvvm.abs.bf16x2(i32)
"#;

const NVVM_BF16_ALL_NAMES_LLVM: &str = r#"define void @f(i16 %abf16, i32 %abf16x2) {
  %1 = bitcast i16 %abf16 to bfloat
  %2 = bitcast i16 %abf16 to bfloat
  %3 = bitcast i16 %abf16 to bfloat
  %4 = call bfloat @llvm.nvvm.fma.rn.bf16(bfloat %1, bfloat %2, bfloat %3)
  %5 = bitcast bfloat %4 to i16
  %6 = bitcast i32 %abf16x2 to <2 x bfloat>
  %7 = bitcast i32 %abf16x2 to <2 x bfloat>
  %8 = bitcast i32 %abf16x2 to <2 x bfloat>
  %9 = call <2 x bfloat> @llvm.nvvm.fma.rn.bf16x2(<2 x bfloat> %6, <2 x bfloat> %7, <2 x bfloat> %8)
  %10 = bitcast <2 x bfloat> %9 to i32
  %11 = bitcast i16 %abf16 to bfloat
  %12 = bitcast i16 %abf16 to bfloat
  %13 = bitcast i16 %abf16 to bfloat
  %14 = call bfloat @llvm.nvvm.fma.rn.relu.bf16(bfloat %11, bfloat %12, bfloat %13)
  %15 = bitcast bfloat %14 to i16
  %16 = bitcast i32 %abf16x2 to <2 x bfloat>
  %17 = bitcast i32 %abf16x2 to <2 x bfloat>
  %18 = bitcast i32 %abf16x2 to <2 x bfloat>
  %19 = call <2 x bfloat> @llvm.nvvm.fma.rn.relu.bf16x2(<2 x bfloat> %16, <2 x bfloat> %17, <2 x bfloat> %18)
  %20 = bitcast <2 x bfloat> %19 to i32
  %21 = bitcast i16 %abf16 to bfloat
  %22 = bitcast i16 %abf16 to bfloat
  %23 = bitcast i16 %abf16 to bfloat
  %24 = call bfloat @llvm.nvvm.fma.rn.sat.bf16(bfloat %21, bfloat %22, bfloat %23)
  %25 = bitcast bfloat %24 to i16
  %26 = bitcast i32 %abf16x2 to <2 x bfloat>
  %27 = bitcast i32 %abf16x2 to <2 x bfloat>
  %28 = bitcast i32 %abf16x2 to <2 x bfloat>
  %29 = call <2 x bfloat> @llvm.nvvm.fma.rn.sat.bf16x2(<2 x bfloat> %26, <2 x bfloat> %27, <2 x bfloat> %28)
  %30 = bitcast <2 x bfloat> %29 to i32
  %31 = bitcast i16 %abf16 to bfloat
  %32 = bitcast i16 %abf16 to bfloat
  %33 = bitcast i16 %abf16 to bfloat
  %34 = call bfloat @llvm.nvvm.fma.rn.ftz.bf16(bfloat %31, bfloat %32, bfloat %33)
  %35 = bitcast bfloat %34 to i16
  %36 = bitcast i32 %abf16x2 to <2 x bfloat>
  %37 = bitcast i32 %abf16x2 to <2 x bfloat>
  %38 = bitcast i32 %abf16x2 to <2 x bfloat>
  %39 = call <2 x bfloat> @llvm.nvvm.fma.rn.ftz.bf16x2(<2 x bfloat> %36, <2 x bfloat> %37, <2 x bfloat> %38)
  %40 = bitcast <2 x bfloat> %39 to i32
  %41 = bitcast i16 %abf16 to bfloat
  %42 = bitcast i16 %abf16 to bfloat
  %43 = bitcast i16 %abf16 to bfloat
  %44 = call bfloat @llvm.nvvm.fma.rn.ftz.relu.bf16(bfloat %41, bfloat %42, bfloat %43)
  %45 = bitcast bfloat %44 to i16
  %46 = bitcast i32 %abf16x2 to <2 x bfloat>
  %47 = bitcast i32 %abf16x2 to <2 x bfloat>
  %48 = bitcast i32 %abf16x2 to <2 x bfloat>
  %49 = call <2 x bfloat> @llvm.nvvm.fma.rn.ftz.relu.bf16x2(<2 x bfloat> %46, <2 x bfloat> %47, <2 x bfloat> %48)
  %50 = bitcast <2 x bfloat> %49 to i32
  %51 = bitcast i16 %abf16 to bfloat
  %52 = bitcast i16 %abf16 to bfloat
  %53 = bitcast i16 %abf16 to bfloat
  %54 = call bfloat @llvm.nvvm.fma.rn.ftz.sat.bf16(bfloat %51, bfloat %52, bfloat %53)
  %55 = bitcast bfloat %54 to i16
  %56 = bitcast i32 %abf16x2 to <2 x bfloat>
  %57 = bitcast i32 %abf16x2 to <2 x bfloat>
  %58 = bitcast i32 %abf16x2 to <2 x bfloat>
  %59 = call <2 x bfloat> @llvm.nvvm.fma.rn.ftz.sat.bf16x2(<2 x bfloat> %56, <2 x bfloat> %57, <2 x bfloat> %58)
  %60 = bitcast <2 x bfloat> %59 to i32
  %61 = bitcast i16 %abf16 to bfloat
  %62 = bitcast i16 %abf16 to bfloat
  %63 = call bfloat @llvm.nvvm.fmax.bf16(bfloat %61, bfloat %62)
  %64 = bitcast bfloat %63 to i16
  %65 = bitcast i32 %abf16x2 to <2 x bfloat>
  %66 = bitcast i32 %abf16x2 to <2 x bfloat>
  %67 = call <2 x bfloat> @llvm.nvvm.fmax.bf16x2(<2 x bfloat> %65, <2 x bfloat> %66)
  %68 = bitcast <2 x bfloat> %67 to i32
  %69 = bitcast i16 %abf16 to bfloat
  %70 = bitcast i16 %abf16 to bfloat
  %71 = call bfloat @llvm.nvvm.fmax.xorsign.abs.bf16(bfloat %69, bfloat %70)
  %72 = bitcast bfloat %71 to i16
  %73 = bitcast i32 %abf16x2 to <2 x bfloat>
  %74 = bitcast i32 %abf16x2 to <2 x bfloat>
  %75 = call <2 x bfloat> @llvm.nvvm.fmax.xorsign.abs.bf16x2(<2 x bfloat> %73, <2 x bfloat> %74)
  %76 = bitcast <2 x bfloat> %75 to i32
  %77 = bitcast i16 %abf16 to bfloat
  %78 = bitcast i16 %abf16 to bfloat
  %79 = call bfloat @llvm.nvvm.fmax.nan.bf16(bfloat %77, bfloat %78)
  %80 = bitcast bfloat %79 to i16
  %81 = bitcast i32 %abf16x2 to <2 x bfloat>
  %82 = bitcast i32 %abf16x2 to <2 x bfloat>
  %83 = call <2 x bfloat> @llvm.nvvm.fmax.nan.bf16x2(<2 x bfloat> %81, <2 x bfloat> %82)
  %84 = bitcast <2 x bfloat> %83 to i32
  %85 = bitcast i16 %abf16 to bfloat
  %86 = bitcast i16 %abf16 to bfloat
  %87 = call bfloat @llvm.nvvm.fmax.nan.xorsign.abs.bf16(bfloat %85, bfloat %86)
  %88 = bitcast bfloat %87 to i16
  %89 = bitcast i32 %abf16x2 to <2 x bfloat>
  %90 = bitcast i32 %abf16x2 to <2 x bfloat>
  %91 = call <2 x bfloat> @llvm.nvvm.fmax.nan.xorsign.abs.bf16x2(<2 x bfloat> %89, <2 x bfloat> %90)
  %92 = bitcast <2 x bfloat> %91 to i32
  %93 = bitcast i16 %abf16 to bfloat
  %94 = bitcast i16 %abf16 to bfloat
  %95 = call bfloat @llvm.nvvm.fmax.ftz.bf16(bfloat %93, bfloat %94)
  %96 = bitcast bfloat %95 to i16
  %97 = bitcast i32 %abf16x2 to <2 x bfloat>
  %98 = bitcast i32 %abf16x2 to <2 x bfloat>
  %99 = call <2 x bfloat> @llvm.nvvm.fmax.ftz.bf16x2(<2 x bfloat> %97, <2 x bfloat> %98)
  %100 = bitcast <2 x bfloat> %99 to i32
  %101 = bitcast i16 %abf16 to bfloat
  %102 = bitcast i16 %abf16 to bfloat
  %103 = call bfloat @llvm.nvvm.fmax.ftz.xorsign.abs.bf16(bfloat %101, bfloat %102)
  %104 = bitcast bfloat %103 to i16
  %105 = bitcast i32 %abf16x2 to <2 x bfloat>
  %106 = bitcast i32 %abf16x2 to <2 x bfloat>
  %107 = call <2 x bfloat> @llvm.nvvm.fmax.ftz.xorsign.abs.bf16x2(<2 x bfloat> %105, <2 x bfloat> %106)
  %108 = bitcast <2 x bfloat> %107 to i32
  %109 = bitcast i16 %abf16 to bfloat
  %110 = bitcast i16 %abf16 to bfloat
  %111 = call bfloat @llvm.nvvm.fmax.ftz.nan.bf16(bfloat %109, bfloat %110)
  %112 = bitcast bfloat %111 to i16
  %113 = bitcast i32 %abf16x2 to <2 x bfloat>
  %114 = bitcast i32 %abf16x2 to <2 x bfloat>
  %115 = call <2 x bfloat> @llvm.nvvm.fmax.ftz.nan.bf16x2(<2 x bfloat> %113, <2 x bfloat> %114)
  %116 = bitcast <2 x bfloat> %115 to i32
  %117 = bitcast i16 %abf16 to bfloat
  %118 = bitcast i16 %abf16 to bfloat
  %119 = call bfloat @llvm.nvvm.fmax.ftz.nan.xorsign.abs.bf16(bfloat %117, bfloat %118)
  %120 = bitcast bfloat %119 to i16
  %121 = bitcast i32 %abf16x2 to <2 x bfloat>
  %122 = bitcast i32 %abf16x2 to <2 x bfloat>
  %123 = call <2 x bfloat> @llvm.nvvm.fmax.ftz.nan.xorsign.abs.bf16x2(<2 x bfloat> %121, <2 x bfloat> %122)
  %124 = bitcast <2 x bfloat> %123 to i32
  %125 = bitcast i16 %abf16 to bfloat
  %126 = bitcast i16 %abf16 to bfloat
  %127 = call bfloat @llvm.nvvm.fmin.bf16(bfloat %125, bfloat %126)
  %128 = bitcast bfloat %127 to i16
  %129 = bitcast i32 %abf16x2 to <2 x bfloat>
  %130 = bitcast i32 %abf16x2 to <2 x bfloat>
  %131 = call <2 x bfloat> @llvm.nvvm.fmin.bf16x2(<2 x bfloat> %129, <2 x bfloat> %130)
  %132 = bitcast <2 x bfloat> %131 to i32
  %133 = bitcast i16 %abf16 to bfloat
  %134 = bitcast i16 %abf16 to bfloat
  %135 = call bfloat @llvm.nvvm.fmin.xorsign.abs.bf16(bfloat %133, bfloat %134)
  %136 = bitcast bfloat %135 to i16
  %137 = bitcast i32 %abf16x2 to <2 x bfloat>
  %138 = bitcast i32 %abf16x2 to <2 x bfloat>
  %139 = call <2 x bfloat> @llvm.nvvm.fmin.xorsign.abs.bf16x2(<2 x bfloat> %137, <2 x bfloat> %138)
  %140 = bitcast <2 x bfloat> %139 to i32
  %141 = bitcast i16 %abf16 to bfloat
  %142 = bitcast i16 %abf16 to bfloat
  %143 = call bfloat @llvm.nvvm.fmin.nan.bf16(bfloat %141, bfloat %142)
  %144 = bitcast bfloat %143 to i16
  %145 = bitcast i32 %abf16x2 to <2 x bfloat>
  %146 = bitcast i32 %abf16x2 to <2 x bfloat>
  %147 = call <2 x bfloat> @llvm.nvvm.fmin.nan.bf16x2(<2 x bfloat> %145, <2 x bfloat> %146)
  %148 = bitcast <2 x bfloat> %147 to i32
  %149 = bitcast i16 %abf16 to bfloat
  %150 = bitcast i16 %abf16 to bfloat
  %151 = call bfloat @llvm.nvvm.fmin.nan.xorsign.abs.bf16(bfloat %149, bfloat %150)
  %152 = bitcast bfloat %151 to i16
  %153 = bitcast i32 %abf16x2 to <2 x bfloat>
  %154 = bitcast i32 %abf16x2 to <2 x bfloat>
  %155 = call <2 x bfloat> @llvm.nvvm.fmin.nan.xorsign.abs.bf16x2(<2 x bfloat> %153, <2 x bfloat> %154)
  %156 = bitcast <2 x bfloat> %155 to i32
  %157 = bitcast i16 %abf16 to bfloat
  %158 = bitcast i16 %abf16 to bfloat
  %159 = call bfloat @llvm.nvvm.fmin.ftz.bf16(bfloat %157, bfloat %158)
  %160 = bitcast bfloat %159 to i16
  %161 = bitcast i32 %abf16x2 to <2 x bfloat>
  %162 = bitcast i32 %abf16x2 to <2 x bfloat>
  %163 = call <2 x bfloat> @llvm.nvvm.fmin.ftz.bf16x2(<2 x bfloat> %161, <2 x bfloat> %162)
  %164 = bitcast <2 x bfloat> %163 to i32
  %165 = bitcast i16 %abf16 to bfloat
  %166 = bitcast i16 %abf16 to bfloat
  %167 = call bfloat @llvm.nvvm.fmin.ftz.xorsign.abs.bf16(bfloat %165, bfloat %166)
  %168 = bitcast bfloat %167 to i16
  %169 = bitcast i32 %abf16x2 to <2 x bfloat>
  %170 = bitcast i32 %abf16x2 to <2 x bfloat>
  %171 = call <2 x bfloat> @llvm.nvvm.fmin.ftz.xorsign.abs.bf16x2(<2 x bfloat> %169, <2 x bfloat> %170)
  %172 = bitcast <2 x bfloat> %171 to i32
  %173 = bitcast i16 %abf16 to bfloat
  %174 = bitcast i16 %abf16 to bfloat
  %175 = call bfloat @llvm.nvvm.fmin.ftz.nan.bf16(bfloat %173, bfloat %174)
  %176 = bitcast bfloat %175 to i16
  %177 = bitcast i32 %abf16x2 to <2 x bfloat>
  %178 = bitcast i32 %abf16x2 to <2 x bfloat>
  %179 = call <2 x bfloat> @llvm.nvvm.fmin.ftz.nan.bf16x2(<2 x bfloat> %177, <2 x bfloat> %178)
  %180 = bitcast <2 x bfloat> %179 to i32
  %181 = bitcast i16 %abf16 to bfloat
  %182 = bitcast i16 %abf16 to bfloat
  %183 = call bfloat @llvm.nvvm.fmin.ftz.nan.xorsign.abs.bf16(bfloat %181, bfloat %182)
  %184 = bitcast bfloat %183 to i16
  %185 = bitcast i32 %abf16x2 to <2 x bfloat>
  %186 = bitcast i32 %abf16x2 to <2 x bfloat>
  %187 = call <2 x bfloat> @llvm.nvvm.fmin.ftz.nan.xorsign.abs.bf16x2(<2 x bfloat> %185, <2 x bfloat> %186)
  %188 = bitcast <2 x bfloat> %187 to i32
  %189 = bitcast i16 %abf16 to bfloat
  %190 = call bfloat @llvm.nvvm.neg.bf16(bfloat %189)
  %191 = bitcast bfloat %190 to i16
  %192 = bitcast i16 %abf16 to bfloat
  %193 = call bfloat @llvm.nvvm.fabs.bf16(bfloat %192)
  %194 = bitcast bfloat %193 to i16
  %195 = bitcast i32 %abf16x2 to <2 x bfloat>
  %196 = call <2 x bfloat> @llvm.nvvm.neg.bf16x2(<2 x bfloat> %195)
  %197 = bitcast <2 x bfloat> %196 to i32
  %198 = bitcast i32 %abf16x2 to <2 x bfloat>
  %199 = call <2 x bfloat> @llvm.nvvm.fabs.v2bf16(<2 x bfloat> %198)
  %200 = bitcast <2 x bfloat> %199 to i32
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare bfloat @llvm.nvvm.fma.rn.bf16(bfloat, bfloat, bfloat) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x bfloat> @llvm.nvvm.fma.rn.bf16x2(<2 x bfloat>, <2 x bfloat>, <2 x bfloat>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare bfloat @llvm.nvvm.fma.rn.relu.bf16(bfloat, bfloat, bfloat) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x bfloat> @llvm.nvvm.fma.rn.relu.bf16x2(<2 x bfloat>, <2 x bfloat>, <2 x bfloat>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare bfloat @llvm.nvvm.fma.rn.sat.bf16(bfloat, bfloat, bfloat) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x bfloat> @llvm.nvvm.fma.rn.sat.bf16x2(<2 x bfloat>, <2 x bfloat>, <2 x bfloat>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare bfloat @llvm.nvvm.fma.rn.ftz.bf16(bfloat, bfloat, bfloat) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x bfloat> @llvm.nvvm.fma.rn.ftz.bf16x2(<2 x bfloat>, <2 x bfloat>, <2 x bfloat>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare bfloat @llvm.nvvm.fma.rn.ftz.relu.bf16(bfloat, bfloat, bfloat) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x bfloat> @llvm.nvvm.fma.rn.ftz.relu.bf16x2(<2 x bfloat>, <2 x bfloat>, <2 x bfloat>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare bfloat @llvm.nvvm.fma.rn.ftz.sat.bf16(bfloat, bfloat, bfloat) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x bfloat> @llvm.nvvm.fma.rn.ftz.sat.bf16x2(<2 x bfloat>, <2 x bfloat>, <2 x bfloat>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare bfloat @llvm.nvvm.fmax.bf16(bfloat, bfloat) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x bfloat> @llvm.nvvm.fmax.bf16x2(<2 x bfloat>, <2 x bfloat>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare bfloat @llvm.nvvm.fmax.xorsign.abs.bf16(bfloat, bfloat) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x bfloat> @llvm.nvvm.fmax.xorsign.abs.bf16x2(<2 x bfloat>, <2 x bfloat>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare bfloat @llvm.nvvm.fmax.nan.bf16(bfloat, bfloat) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x bfloat> @llvm.nvvm.fmax.nan.bf16x2(<2 x bfloat>, <2 x bfloat>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare bfloat @llvm.nvvm.fmax.nan.xorsign.abs.bf16(bfloat, bfloat) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x bfloat> @llvm.nvvm.fmax.nan.xorsign.abs.bf16x2(<2 x bfloat>, <2 x bfloat>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare bfloat @llvm.nvvm.fmax.ftz.bf16(bfloat, bfloat) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x bfloat> @llvm.nvvm.fmax.ftz.bf16x2(<2 x bfloat>, <2 x bfloat>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare bfloat @llvm.nvvm.fmax.ftz.xorsign.abs.bf16(bfloat, bfloat) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x bfloat> @llvm.nvvm.fmax.ftz.xorsign.abs.bf16x2(<2 x bfloat>, <2 x bfloat>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare bfloat @llvm.nvvm.fmax.ftz.nan.bf16(bfloat, bfloat) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x bfloat> @llvm.nvvm.fmax.ftz.nan.bf16x2(<2 x bfloat>, <2 x bfloat>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare bfloat @llvm.nvvm.fmax.ftz.nan.xorsign.abs.bf16(bfloat, bfloat) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x bfloat> @llvm.nvvm.fmax.ftz.nan.xorsign.abs.bf16x2(<2 x bfloat>, <2 x bfloat>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare bfloat @llvm.nvvm.fmin.bf16(bfloat, bfloat) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x bfloat> @llvm.nvvm.fmin.bf16x2(<2 x bfloat>, <2 x bfloat>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare bfloat @llvm.nvvm.fmin.xorsign.abs.bf16(bfloat, bfloat) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x bfloat> @llvm.nvvm.fmin.xorsign.abs.bf16x2(<2 x bfloat>, <2 x bfloat>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare bfloat @llvm.nvvm.fmin.nan.bf16(bfloat, bfloat) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x bfloat> @llvm.nvvm.fmin.nan.bf16x2(<2 x bfloat>, <2 x bfloat>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare bfloat @llvm.nvvm.fmin.nan.xorsign.abs.bf16(bfloat, bfloat) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x bfloat> @llvm.nvvm.fmin.nan.xorsign.abs.bf16x2(<2 x bfloat>, <2 x bfloat>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare bfloat @llvm.nvvm.fmin.ftz.bf16(bfloat, bfloat) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x bfloat> @llvm.nvvm.fmin.ftz.bf16x2(<2 x bfloat>, <2 x bfloat>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare bfloat @llvm.nvvm.fmin.ftz.xorsign.abs.bf16(bfloat, bfloat) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x bfloat> @llvm.nvvm.fmin.ftz.xorsign.abs.bf16x2(<2 x bfloat>, <2 x bfloat>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare bfloat @llvm.nvvm.fmin.ftz.nan.bf16(bfloat, bfloat) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x bfloat> @llvm.nvvm.fmin.ftz.nan.bf16x2(<2 x bfloat>, <2 x bfloat>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare bfloat @llvm.nvvm.fmin.ftz.nan.xorsign.abs.bf16(bfloat, bfloat) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x bfloat> @llvm.nvvm.fmin.ftz.nan.xorsign.abs.bf16x2(<2 x bfloat>, <2 x bfloat>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare bfloat @llvm.nvvm.neg.bf16(bfloat) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare bfloat @llvm.nvvm.fabs.bf16(bfloat) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x bfloat> @llvm.nvvm.neg.bf16x2(<2 x bfloat>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x bfloat> @llvm.nvvm.fabs.v2bf16(<2 x bfloat>) #0

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
"#;

const NVVM_BF16_DECLARED_AT_FIRST_CALL: &str = r#"define i16 @f(i16 %a, i16 %b) {
  %x = call i16 @llvm.nvvm.fmin.bf16(i16 %a, i16 %b)
  ret i16 %x
}
declare i16 @llvm.nvvm.fmin.bf16(i16, i16)
declare i16 @llvm.nvvm.fmax.bf16(i16, i16)
define void @h() {
  ret void
}
"#;

const NVVM_BF16_DECLARED_AT_FIRST_CALL_LLVM: &str = r#"define i16 @f(i16 %a, i16 %b) {
  %1 = bitcast i16 %a to bfloat
  %2 = bitcast i16 %b to bfloat
  %3 = call bfloat @llvm.nvvm.fmin.bf16(bfloat %1, bfloat %2)
  %4 = bitcast bfloat %3 to i16
  ret i16 %4
}

define void @h() {
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare bfloat @llvm.nvvm.fmin.bf16(bfloat, bfloat) #0

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
"#;

const NVVM_BF16_CONSTANTS: &str = r#"define i32 @f(i64 %l, i16 %a, i32 %b) {
  %c = call i32 @llvm.nvvm.clz.ll(i64 %l)
  %d = call i64 @llvm.ctlz.i64(i64 %l)
  %e = call i16 @llvm.nvvm.fma.rn.bf16(i16 %a, i16 1, i16 %a)
  %f = call i32 @llvm.nvvm.fmax.nan.bf16x2(i32 %b, i32 5)
  %g = call i16 @llvm.nvvm.neg.bf16(i16 -1)
  %h = call float @llvm.nvvm.ex2.approx.f(float 2.0)
  %i = call <2 x half> @llvm.nvvm.ex2.approx.f16x2(<2 x half> zeroinitializer)
  %t = call float @llvm.nvvm.tanh.approx.f32(float 1.0)
  ret i32 %c
}
declare i32 @llvm.nvvm.clz.ll(i64)
declare i64 @llvm.ctlz.i64(i64)
declare i16 @llvm.nvvm.fma.rn.bf16(i16, i16, i16)
declare i32 @llvm.nvvm.fmax.nan.bf16x2(i32, i32)
declare i16 @llvm.nvvm.neg.bf16(i16)
declare float @llvm.nvvm.ex2.approx.f(float)
declare <2 x half> @llvm.nvvm.ex2.approx.f16x2(<2 x half>)
declare float @llvm.nvvm.tanh.approx.f32(float)
"#;

const NVVM_BF16_CONSTANTS_LLVM: &str = r#"define i32 @f(i64 %l, i16 %a, i32 %b) {
  %ctlz = call i64 @llvm.ctlz.i64(i64 %l, i1 false)
  %ctlz.trunc = trunc i64 %ctlz to i32
  %d = call i64 @llvm.ctlz.i64(i64 %l, i1 false)
  %1 = bitcast i16 %a to bfloat
  %2 = bitcast i16 %a to bfloat
  %3 = call bfloat @llvm.nvvm.fma.rn.bf16(bfloat %1, bfloat 0xR0001, bfloat %2)
  %4 = bitcast bfloat %3 to i16
  %5 = bitcast i32 %b to <2 x bfloat>
  %6 = call <2 x bfloat> @llvm.nvvm.fmax.nan.bf16x2(<2 x bfloat> %5, <2 x bfloat> bitcast (<1 x i32> splat (i32 5) to <2 x bfloat>))
  %7 = bitcast <2 x bfloat> %6 to i32
  %8 = call bfloat @llvm.nvvm.neg.bf16(bfloat 0xRFFFF)
  %9 = bitcast bfloat %8 to i16
  %10 = call float @llvm.nvvm.ex2.approx.f32(float 2.000000e+00)
  %11 = call <2 x half> @llvm.nvvm.ex2.approx.v2f16(<2 x half> zeroinitializer)
  %12 = call afn float @llvm.tanh.f32(float 1.000000e+00)
  ret i32 %ctlz.trunc
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.ctlz.i64(i64, i1 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare bfloat @llvm.nvvm.fma.rn.bf16(bfloat, bfloat, bfloat) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x bfloat> @llvm.nvvm.fmax.nan.bf16x2(<2 x bfloat>, <2 x bfloat>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare bfloat @llvm.nvvm.neg.bf16(bfloat) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare float @llvm.nvvm.ex2.approx.f32(float) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <2 x half> @llvm.nvvm.ex2.approx.v2f16(<2 x half>) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.tanh.f32(float) #0

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(none) }
"#;

const NVVM_NAMES_NOT_UPGRADED: &str = r#"define void @f(i16 %a, i32 %b) {
  %1 = call i16 @llvm.nvvm.fma.rn.relu.ftz.bf16(i16 %a, i16 %a, i16 %a)
  %2 = call i16 @llvm.nvvm.fmin.xorsign.abs.nan.bf16(i16 %a, i16 %a)
  %3 = call i32 @llvm.nvvm.fmax.ftz.nan.xorsign.bf16x2(i32 %b, i32 %b)
  %4 = call i16 @llvm.nvvm.neg.ftz.bf16(i16 %a)
  %6 = call bfloat @llvm.nvvm.fmin.bf16(bfloat 1.0, bfloat 2.0)
  %7 = call i32 @llvm.nvvm.abs.i64(i32 %b)
  %8 = call float @llvm.nvvm.fabs.ftz.d(float 1.0)
  %9 = call i32 @llvm.nvvm.ptr.gen.to.sharedx(i32 %b)
  %10 = call ptr @llvm.nvvm.ptr.shared.to.genx.p0.p3(ptr addrspace(3) null)
  %11 = call ptr @llvm.nvvm.ptr.shared.togen(ptr addrspace(3) null)
  %12 = call i32 @llvm.nvvm.atomic.load.inc.32p(ptr null, i32 1)
  ret void
}
declare i16 @llvm.nvvm.fma.rn.relu.ftz.bf16(i16, i16, i16)
declare i16 @llvm.nvvm.fmin.xorsign.abs.nan.bf16(i16, i16)
declare i32 @llvm.nvvm.fmax.ftz.nan.xorsign.bf16x2(i32, i32)
declare i16 @llvm.nvvm.neg.ftz.bf16(i16)
declare bfloat @llvm.nvvm.fmin.bf16(bfloat, bfloat)
declare i32 @llvm.nvvm.abs.i64(i32)
declare float @llvm.nvvm.fabs.ftz.d(float)
declare i32 @llvm.nvvm.ptr.gen.to.sharedx(i32)
declare ptr @llvm.nvvm.ptr.shared.to.genx.p0.p3(ptr addrspace(3))
declare ptr @llvm.nvvm.ptr.shared.togen(ptr addrspace(3))
declare i32 @llvm.nvvm.atomic.load.inc.32p(ptr, i32)
"#;

const NVVM_NAMES_NOT_UPGRADED_LLVM: &str = r#"define void @f(i16 %a, i32 %b) {
  %1 = call i16 @llvm.nvvm.fma.rn.relu.ftz.bf16(i16 %a, i16 %a, i16 %a)
  %2 = call i16 @llvm.nvvm.fmin.xorsign.abs.nan.bf16(i16 %a, i16 %a)
  %3 = call i32 @llvm.nvvm.fmax.ftz.nan.xorsign.bf16x2(i32 %b, i32 %b)
  %4 = call i16 @llvm.nvvm.neg.ftz.bf16(i16 %a)
  %5 = call bfloat @llvm.nvvm.fmin.bf16(bfloat 0xR3F80, bfloat 0xR4000)
  %6 = call i32 @llvm.nvvm.abs.i64(i32 %b)
  %7 = call float @llvm.nvvm.fabs.ftz.f32(float 1.000000e+00)
  %8 = call ptr @llvm.nvvm.ptr.shared.togen(ptr addrspace(3) null)
  %9 = call i32 @llvm.nvvm.atomic.load.inc.32p(ptr null, i32 1)
  ret void
}

; Unknown intrinsic
declare i16 @llvm.nvvm.fma.rn.relu.ftz.bf16(i16, i16, i16)

; Unknown intrinsic
declare i16 @llvm.nvvm.fmin.xorsign.abs.nan.bf16(i16, i16)

; Unknown intrinsic
declare i32 @llvm.nvvm.fmax.ftz.nan.xorsign.bf16x2(i32, i32)

; Unknown intrinsic
declare i16 @llvm.nvvm.neg.ftz.bf16(i16)

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare bfloat @llvm.nvvm.fmin.bf16(bfloat, bfloat) #0

; Unknown intrinsic
declare i32 @llvm.nvvm.abs.i64(i32)

; Unknown intrinsic
declare ptr @llvm.nvvm.ptr.shared.togen(ptr addrspace(3))

; Unknown intrinsic
declare i32 @llvm.nvvm.atomic.load.inc.32p(ptr, i32)

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.nvvm.fabs.ftz.f32(float) #0

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
"#;

const NVVM_SHARED_CLUSTER: &str = r#"define void @f(ptr addrspace(3) %s, ptr addrspace(1) %g, ptr addrspace(3) %bar, i32 %sz, i64 %ch, i16 %mc, i32 %r) {
  %m = call ptr addrspace(3) @llvm.nvvm.mapa.shared.cluster(ptr addrspace(3) %s, i32 %r)
  call void @llvm.nvvm.cp.async.bulk.global.to.shared.cluster(ptr addrspace(3) %s, ptr addrspace(3) %bar, ptr addrspace(1) %g, i32 %sz, i16 %mc, i64 %ch, i1 0, i1 0)
  call void @llvm.nvvm.cp.async.bulk.shared.cta.to.cluster(ptr addrspace(3) %s, ptr addrspace(3) %bar, ptr addrspace(3) %m, i32 %sz)
  ret void
}
declare ptr addrspace(3) @llvm.nvvm.mapa.shared.cluster(ptr addrspace(3), i32)
declare void @llvm.nvvm.cp.async.bulk.global.to.shared.cluster(ptr addrspace(3), ptr addrspace(3), ptr addrspace(1), i32, i16, i64, i1, i1)
declare void @llvm.nvvm.cp.async.bulk.shared.cta.to.cluster(ptr addrspace(3), ptr addrspace(3), ptr addrspace(3), i32)
define void @h() {
  ret void
}
"#;

const NVVM_SHARED_CLUSTER_LLVM: &str = r#"define void @f(ptr addrspace(3) %s, ptr addrspace(1) %g, ptr addrspace(3) %bar, i32 %sz, i64 %ch, i16 %mc, i32 %r) {
  %m = call ptr addrspace(7) @llvm.nvvm.mapa.shared.cluster(ptr addrspace(3) %s, i32 %r)
  %1 = addrspacecast ptr addrspace(7) %m to ptr addrspace(3)
  %2 = addrspacecast ptr addrspace(3) %s to ptr addrspace(7)
  call void @llvm.nvvm.cp.async.bulk.global.to.shared.cluster(ptr addrspace(7) %2, ptr addrspace(3) %bar, ptr addrspace(1) %g, i32 %sz, i16 %mc, i64 %ch, i1 false, i1 false)
  %3 = addrspacecast ptr addrspace(3) %s to ptr addrspace(7)
  call void @llvm.nvvm.cp.async.bulk.shared.cta.to.cluster(ptr addrspace(7) %3, ptr addrspace(3) %bar, ptr addrspace(3) %1, i32 %sz)
  ret void
}

define void @h() {
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare ptr addrspace(7) @llvm.nvvm.mapa.shared.cluster(ptr addrspace(3) captures(none), i32) #0

; Function Attrs: convergent nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.nvvm.cp.async.bulk.global.to.shared.cluster(ptr addrspace(7) writeonly, ptr addrspace(3), ptr addrspace(1) readonly, i32, i16, i64, i1 immarg, i1 immarg) #1

; Function Attrs: convergent nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.nvvm.cp.async.bulk.shared.cta.to.cluster(ptr addrspace(7) writeonly, ptr addrspace(3), ptr addrspace(3) readonly, i32) #1

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #1 = { convergent nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
"#;

const NVVM_TMA_G2S: &str = r#"define void @f(ptr addrspace(3) %d, ptr addrspace(7) %d7, ptr addrspace(3) %bar, ptr %tm, i32 %x, i16 %o, i16 %mc, i64 %ch) {
  call void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.1d(ptr addrspace(3) %d, ptr addrspace(3) %bar, ptr %tm, i32 %x, i16 %mc, i64 %ch, i1 0, i1 1)
  call void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.2d(ptr addrspace(7) %d7, ptr addrspace(3) %bar, ptr %tm, i32 %x, i32 %x, i16 %mc, i64 %ch, i1 0, i1 1)
  call void @llvm.nvvm.cp.async.bulk.tensor.g2s.im2col.3d(ptr addrspace(3) %d, ptr addrspace(3) %bar, ptr %tm, i32 %x, i32 %x, i32 %x, i16 %o, i16 %mc, i64 %ch, i1 0, i1 1, i32 1)
  call void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.3d(ptr addrspace(7) %d7, ptr addrspace(3) %bar, ptr %tm, i32 %x, i32 %x, i32 %x, i16 %mc, i64 %ch, i1 0, i1 1, i32 2)
  ret void
}
declare void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.1d(ptr addrspace(3), ptr addrspace(3), ptr, i32, i16, i64, i1, i1)
declare void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.2d(ptr addrspace(7), ptr addrspace(3), ptr, i32, i32, i16, i64, i1, i1)
declare void @llvm.nvvm.cp.async.bulk.tensor.g2s.im2col.3d(ptr addrspace(3), ptr addrspace(3), ptr, i32, i32, i32, i16, i16, i64, i1, i1, i32)
declare void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.3d(ptr addrspace(7), ptr addrspace(3), ptr, i32, i32, i32, i16, i64, i1, i1, i32)
"#;

const NVVM_TMA_G2S_LLVM: &str = r#"define void @f(ptr addrspace(3) %d, ptr addrspace(7) %d7, ptr addrspace(3) %bar, ptr %tm, i32 %x, i16 %o, i16 %mc, i64 %ch) {
  %1 = addrspacecast ptr addrspace(3) %d to ptr addrspace(7)
  call void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.1d(ptr addrspace(7) %1, ptr addrspace(3) %bar, ptr %tm, i32 %x, i16 %mc, i64 %ch, i1 false, i1 true, i32 0)
  call void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.2d(ptr addrspace(7) %d7, ptr addrspace(3) %bar, ptr %tm, i32 %x, i32 %x, i16 %mc, i64 %ch, i1 false, i1 true, i32 0)
  %2 = addrspacecast ptr addrspace(3) %d to ptr addrspace(7)
  call void @llvm.nvvm.cp.async.bulk.tensor.g2s.im2col.3d(ptr addrspace(7) %2, ptr addrspace(3) %bar, ptr %tm, i32 %x, i32 %x, i32 %x, i16 %o, i16 %mc, i64 %ch, i1 false, i1 true, i32 1)
  call void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.3d(ptr addrspace(7) %d7, ptr addrspace(3) %bar, ptr %tm, i32 %x, i32 %x, i32 %x, i16 %mc, i64 %ch, i1 false, i1 true, i32 2)
  ret void
}

; Function Attrs: convergent nocallback nofree nosync nounwind willreturn
declare void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.3d(ptr addrspace(7) writeonly, ptr addrspace(3), ptr readonly, i32, i32, i32, i16, i64, i1 immarg, i1 immarg, i32 immarg range(i32 0, 3)) #0

; Function Attrs: convergent nocallback nofree nosync nounwind willreturn
declare void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.1d(ptr addrspace(7) writeonly, ptr addrspace(3), ptr readonly, i32, i16, i64, i1 immarg, i1 immarg, i32 immarg range(i32 0, 3)) #0

; Function Attrs: convergent nocallback nofree nosync nounwind willreturn
declare void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.2d(ptr addrspace(7) writeonly, ptr addrspace(3), ptr readonly, i32, i32, i16, i64, i1 immarg, i1 immarg, i32 immarg range(i32 0, 3)) #0

; Function Attrs: convergent nocallback nofree nosync nounwind willreturn
declare void @llvm.nvvm.cp.async.bulk.tensor.g2s.im2col.3d(ptr addrspace(7) writeonly, ptr addrspace(3), ptr readonly, i32, i32, i32, i16, i16, i64, i1 immarg, i1 immarg, i32 immarg range(i32 0, 3)) #0

attributes #0 = { convergent nocallback nofree nosync nounwind willreturn }
"#;

const NVVM_CLUSTER_CONSTANTS_AND_DBG: &str = r#"define ptr addrspace(3) @f(ptr addrspace(3) %s, ptr addrspace(3) %bar, ptr %tm, i32 %x, i16 %mc, i64 %ch) {
  %m = call ptr addrspace(3) @llvm.nvvm.mapa.shared.cluster(ptr addrspace(3) null, i32 %x), !dbg !10
  %m2 = tail call ptr addrspace(3) @llvm.nvvm.mapa.shared.cluster(ptr addrspace(3) %m, i32 1) #0
  call void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.1d(ptr addrspace(3) null, ptr addrspace(3) %bar, ptr %tm, i32 %x, i16 %mc, i64 %ch, i1 0, i1 1), !dbg !10
  call void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.1d(ptr addrspace(3) %m2, ptr addrspace(3) %bar, ptr %tm, i32 %x, i16 %mc, i64 %ch, i1 0, i1 1) #0
  ret ptr addrspace(3) %m2
}
declare void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.1d(ptr addrspace(3), ptr addrspace(3), ptr, i32, i16, i64, i1, i1)
declare ptr addrspace(3) @llvm.nvvm.mapa.shared.cluster(ptr addrspace(3), i32)
define ptr addrspace(3) @g(ptr addrspace(3) %s) {
  %m = call ptr addrspace(3) @llvm.nvvm.mapa.shared.cluster(ptr addrspace(3) %s, i32 3)
  ret ptr addrspace(3) %m
}
attributes #0 = { nounwind }
!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, emissionKind: FullDebug)
!2 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "g", scope: !2, file: !2, line: 1, unit: !1)
!10 = !DILocation(line: 3, scope: !3)
"#;

const NVVM_CLUSTER_CONSTANTS_AND_DBG_LLVM: &str = r#"define ptr addrspace(3) @f(ptr addrspace(3) %s, ptr addrspace(3) %bar, ptr %tm, i32 %x, i16 %mc, i64 %ch) {
  %m = call ptr addrspace(7) @llvm.nvvm.mapa.shared.cluster(ptr addrspace(3) null, i32 %x), !dbg !3
  %1 = addrspacecast ptr addrspace(7) %m to ptr addrspace(3), !dbg !3
  %m2 = call ptr addrspace(7) @llvm.nvvm.mapa.shared.cluster(ptr addrspace(3) %1, i32 1)
  %2 = addrspacecast ptr addrspace(7) %m2 to ptr addrspace(3)
  call void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.1d(ptr addrspace(7) addrspacecast (ptr addrspace(3) null to ptr addrspace(7)), ptr addrspace(3) %bar, ptr %tm, i32 %x, i16 %mc, i64 %ch, i1 false, i1 true, i32 0), !dbg !3
  %3 = addrspacecast ptr addrspace(3) %2 to ptr addrspace(7)
  call void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.1d(ptr addrspace(7) %3, ptr addrspace(3) %bar, ptr %tm, i32 %x, i16 %mc, i64 %ch, i1 false, i1 true, i32 0)
  ret ptr addrspace(3) %2
}

define ptr addrspace(3) @g(ptr addrspace(3) %s) {
  %m = call ptr addrspace(7) @llvm.nvvm.mapa.shared.cluster(ptr addrspace(3) %s, i32 3)
  %1 = addrspacecast ptr addrspace(7) %m to ptr addrspace(3)
  ret ptr addrspace(3) %1
}

; Function Attrs: convergent nocallback nofree nosync nounwind willreturn
declare void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.1d(ptr addrspace(7) writeonly, ptr addrspace(3), ptr readonly, i32, i16, i64, i1 immarg, i1 immarg, i32 immarg range(i32 0, 3)) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare ptr addrspace(7) @llvm.nvvm.mapa.shared.cluster(ptr addrspace(3) captures(none), i32) #1

attributes #0 = { convergent nocallback nofree nosync nounwind willreturn }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!2 = !DIFile(filename: "a.c", directory: "/")
!3 = !DILocation(line: 3, scope: !4)
!4 = distinct !DISubprogram(name: "g", scope: !2, file: !2, line: 1, spFlags: DISPFlagDefinition, unit: !1)
"#;

const AMDGPU_ATOMICS: &str = r#"define void @f(ptr addrspace(1) %g, ptr addrspace(3) %l, ptr %p, i32 %v, float %x, double %d, <2 x i16> %bf, <2 x half> %hh, i32 %o, i1 %vol, half %h) {
  %a = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 2, i32 0, i1 false)
  %b = call i32 @llvm.amdgcn.atomic.dec.i32.p3(ptr addrspace(3) %l, i32 %v, i32 %o, i32 0, i1 true)
  %c = call i32 @llvm.amdgcn.atomic.inc.i32.p0(ptr %p, i32 %v, i32 7, i32 0, i1 %vol)
  %e = call float @llvm.amdgcn.ds.fadd.f32(ptr addrspace(3) %l, float %x, i32 4, i32 0, i1 false)
  %e2 = call <2 x i16> @llvm.amdgcn.ds.fadd.v2bf16(ptr addrspace(3) %l, <2 x i16> %bf)
  %f = call float @llvm.amdgcn.global.atomic.fadd.f32.p1.f32(ptr addrspace(1) %g, float %x)
  %f2 = call double @llvm.amdgcn.flat.atomic.fmax.f64.p0.f64(ptr %p, double %d)
  %f3 = call float @llvm.amdgcn.flat.atomic.fadd.f32.p0.f32(ptr %p, float %x)
  %f4 = call <2 x half> @llvm.amdgcn.global.atomic.fadd.v2f16.p1.v2f16(ptr addrspace(1) %g, <2 x half> %hh)
  %f5 = call float @llvm.amdgcn.global.atomic.fmin.num.f32.p1.f32(ptr addrspace(1) %g, float %x)
  %f6 = call float @llvm.amdgcn.ds.fmin.f32(ptr addrspace(3) %l, float %x, i32 3, i32 0, i1 false)
  %g1 = call i32 @llvm.amdgcn.atomic.csub.i32.p1(ptr addrspace(1) %g, i32 %v)
  %g2 = call i32 @llvm.amdgcn.atomic.cond.sub.u32.p3(ptr addrspace(3) %l, i32 %v)
  %ld = call float @llvm.amdgcn.ldexp.f32(float %x, i32 %v)
  %ld2 = call half @llvm.amdgcn.ldexp.f16(half %h, i32 %v)
  ret void
}
declare i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1), i32, i32, i32, i1)
declare i32 @llvm.amdgcn.atomic.dec.i32.p3(ptr addrspace(3), i32, i32, i32, i1)
declare i32 @llvm.amdgcn.atomic.inc.i32.p0(ptr, i32, i32, i32, i1)
declare float @llvm.amdgcn.ds.fadd.f32(ptr addrspace(3), float, i32, i32, i1)
declare <2 x i16> @llvm.amdgcn.ds.fadd.v2bf16(ptr addrspace(3), <2 x i16>)
declare float @llvm.amdgcn.global.atomic.fadd.f32.p1.f32(ptr addrspace(1), float)
declare double @llvm.amdgcn.flat.atomic.fmax.f64.p0.f64(ptr, double)
declare float @llvm.amdgcn.flat.atomic.fadd.f32.p0.f32(ptr, float)
declare <2 x half> @llvm.amdgcn.global.atomic.fadd.v2f16.p1.v2f16(ptr addrspace(1), <2 x half>)
declare float @llvm.amdgcn.global.atomic.fmin.num.f32.p1.f32(ptr addrspace(1), float)
declare float @llvm.amdgcn.ds.fmin.f32(ptr addrspace(3), float, i32, i32, i1)
declare i32 @llvm.amdgcn.atomic.csub.i32.p1(ptr addrspace(1), i32)
declare i32 @llvm.amdgcn.atomic.cond.sub.u32.p3(ptr addrspace(3), i32)
declare float @llvm.amdgcn.ldexp.f32(float, i32)
declare half @llvm.amdgcn.ldexp.f16(half, i32)
"#;

const AMDGPU_ATOMICS_LLVM: &str = r#"define void @f(ptr addrspace(1) %g, ptr addrspace(3) %l, ptr %p, i32 %v, float %x, double %d, <2 x i16> %bf, <2 x half> %hh, i32 %o, i1 %vol, half %h) {
  %1 = atomicrmw uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") monotonic, align 4, !amdgpu.no.fine.grained.memory !0
  %2 = atomicrmw volatile udec_wrap ptr addrspace(3) %l, i32 %v syncscope("agent") seq_cst, align 4
  %3 = atomicrmw volatile uinc_wrap ptr %p, i32 %v syncscope("agent") seq_cst, align 4, !noalias.addrspace !1, !amdgpu.no.fine.grained.memory !0
  %4 = atomicrmw fadd ptr addrspace(3) %l, float %x syncscope("agent") acquire, align 4
  %5 = bitcast <2 x i16> %bf to <2 x bfloat>
  %6 = atomicrmw fadd ptr addrspace(3) %l, <2 x bfloat> %5 syncscope("agent") seq_cst, align 4
  %7 = bitcast <2 x bfloat> %6 to <2 x i16>
  %8 = atomicrmw fadd ptr addrspace(1) %g, float %x syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0, !amdgpu.ignore.denormal.mode !0
  %9 = atomicrmw fmax ptr %p, double %d syncscope("agent") seq_cst, align 8, !noalias.addrspace !1, !amdgpu.no.fine.grained.memory !0
  %10 = atomicrmw fadd ptr %p, float %x syncscope("agent") seq_cst, align 4, !noalias.addrspace !1, !amdgpu.no.fine.grained.memory !0, !amdgpu.ignore.denormal.mode !0
  %11 = atomicrmw fadd ptr addrspace(1) %g, <2 x half> %hh syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %f5 = call float @llvm.amdgcn.global.atomic.fmin.num.f32.p1.f32(ptr addrspace(1) %g, float %x)
  %12 = atomicrmw fmin ptr addrspace(3) %l, float %x syncscope("agent") seq_cst, align 4
  %13 = atomicrmw usub_sat ptr addrspace(1) %g, i32 %v syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %14 = atomicrmw usub_cond ptr addrspace(3) %l, i32 %v syncscope("agent") seq_cst, align 4
  %ld = call float @llvm.ldexp.f32.i32(float %x, i32 %v)
  %ld2 = call half @llvm.ldexp.f16.i32(half %h, i32 %v)
  ret void
}

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare float @llvm.amdgcn.global.atomic.fmin.num.f32.p1.f32(ptr addrspace(1) captures(none), float) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.ldexp.f32.i32(float, i32) #1

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare half @llvm.ldexp.f16.i32(half, i32) #1

attributes #0 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #1 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }

!0 = !{}
!1 = !{i32 5, i32 6}
"#;

const AMDGPU_ATOMIC_ORDERINGS: &str = r#"define void @f(ptr addrspace(1) %g, ptr %p, i32 %v, i32 %o, i1 %vol, <2 x i16> %bf) {
  %a = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 0, i32 0, i1 false)
  %b = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 1, i32 0, i1 undef)
  %c = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 3, i32 0, i1 %vol)
  %d = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 5, i32 0, i1 false)
  %e = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 6, i32 0, i1 false)
  %f = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 8, i32 0, i1 false)
  %h = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 %o, i32 0, i1 false)
  %i = call <2 x i16> @llvm.amdgcn.flat.atomic.fadd.v2bf16.p0(ptr %p, <2 x i16> %bf)
  %j = call i32 @llvm.amdgcn.atomic.dec.i32.p1(ptr addrspace(1) null, i32 7, i32 2, i32 0, i1 false), !dbg !10
  ret void
}
declare i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1), i32, i32, i32, i1)
declare i32 @llvm.amdgcn.atomic.dec.i32.p1(ptr addrspace(1), i32, i32, i32, i1)
declare <2 x i16> @llvm.amdgcn.flat.atomic.fadd.v2bf16.p0(ptr, <2 x i16>)
!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, emissionKind: FullDebug)
!2 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "g", scope: !2, file: !2, line: 1, unit: !1)
!10 = !DILocation(line: 3, scope: !3)
"#;

const AMDGPU_ATOMIC_ORDERINGS_LLVM: &str = r#"define void @f(ptr addrspace(1) %g, ptr %p, i32 %v, i32 %o, i1 %vol, <2 x i16> %bf) {
  %1 = atomicrmw uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !3
  %2 = atomicrmw volatile uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !3
  %3 = atomicrmw volatile uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !3
  %4 = atomicrmw uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") release, align 4, !amdgpu.no.fine.grained.memory !3
  %5 = atomicrmw uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") acq_rel, align 4, !amdgpu.no.fine.grained.memory !3
  %6 = atomicrmw uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !3
  %7 = atomicrmw uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !3
  %8 = bitcast <2 x i16> %bf to <2 x bfloat>
  %9 = atomicrmw fadd ptr %p, <2 x bfloat> %8 syncscope("agent") seq_cst, align 4, !noalias.addrspace !4, !amdgpu.no.fine.grained.memory !3
  %10 = bitcast <2 x bfloat> %9 to <2 x i16>
  %11 = atomicrmw udec_wrap ptr addrspace(1) null, i32 7 syncscope("agent") monotonic, align 4, !dbg !5, !amdgpu.no.fine.grained.memory !3
  ret void
}

!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!2 = !DIFile(filename: "a.c", directory: "/")
!3 = !{}
!4 = !{i32 5, i32 6}
!5 = !DILocation(line: 3, scope: !6)
!6 = distinct !DISubprogram(name: "g", scope: !2, file: !2, line: 1, spFlags: DISPFlagDefinition, unit: !1)
"#;

const AMDGPU_ATOMIC_KINDS_ORDER: &str = r#"define void @f(ptr %p0, ptr addrspace(1) %p1, ptr addrspace(1) %g, ptr addrspace(3) %p3, ptr addrspace(5) %p5, i32 %v, i32 %o, i1 %vol) {
  %z = load float, ptr %p0, !amdgpu.ignore.denormal.mode !0
  %a0 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 0, i32 0, i1 false)
  %a1 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 0, i32 0, i1 true)
  %a2 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 0, i32 0, i1 %vol)
  %a3 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 0, i32 0, i1 undef)
  %a4 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 1, i32 0, i1 false)
  %a5 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 1, i32 0, i1 true)
  %a6 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 1, i32 0, i1 %vol)
  %a7 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 1, i32 0, i1 undef)
  %a8 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 2, i32 0, i1 false)
  %a9 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 2, i32 0, i1 true)
  %a10 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 2, i32 0, i1 %vol)
  %a11 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 2, i32 0, i1 undef)
  %a12 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 3, i32 0, i1 false)
  %a13 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 3, i32 0, i1 true)
  %a14 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 3, i32 0, i1 %vol)
  %a15 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 3, i32 0, i1 undef)
  %a16 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 4, i32 0, i1 false)
  %a17 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 4, i32 0, i1 true)
  %a18 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 4, i32 0, i1 %vol)
  %a19 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 4, i32 0, i1 undef)
  %a20 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 5, i32 0, i1 false)
  %a21 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 5, i32 0, i1 true)
  %a22 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 5, i32 0, i1 %vol)
  %a23 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 5, i32 0, i1 undef)
  %a24 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 6, i32 0, i1 false)
  %a25 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 6, i32 0, i1 true)
  %a26 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 6, i32 0, i1 %vol)
  %a27 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 6, i32 0, i1 undef)
  %a28 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 7, i32 0, i1 false)
  %a29 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 7, i32 0, i1 true)
  %a30 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 7, i32 0, i1 %vol)
  %a31 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 7, i32 0, i1 undef)
  %a32 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 8, i32 0, i1 false)
  %a33 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 8, i32 0, i1 true)
  %a34 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 8, i32 0, i1 %vol)
  %a35 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 8, i32 0, i1 undef)
  %a36 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 %o, i32 0, i1 false)
  %a37 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 %o, i32 0, i1 true)
  %a38 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 %o, i32 0, i1 %vol)
  %a39 = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g, i32 %v, i32 %o, i32 0, i1 undef)
  %b40 = call float @llvm.amdgcn.flat.atomic.fadd.f32.p0.f32(ptr %p0, float zeroinitializer)
  %b41 = call double @llvm.amdgcn.flat.atomic.fadd.f64.p0.f64(ptr %p0, double zeroinitializer)
  %b42 = call <2 x half> @llvm.amdgcn.flat.atomic.fadd.v2f16.p0.v2f16(ptr %p0, <2 x half> zeroinitializer)
  %b43 = call <2 x i16> @llvm.amdgcn.flat.atomic.fadd.v2i16.p0.v2i16(ptr %p0, <2 x i16> zeroinitializer)
  %b44 = call <2 x bfloat> @llvm.amdgcn.flat.atomic.fadd.v2bf16.p0.v2bf16(ptr %p0, <2 x bfloat> zeroinitializer)
  %b45 = call float @llvm.amdgcn.flat.atomic.fmin.f32.p0.f32(ptr %p0, float zeroinitializer)
  %b46 = call double @llvm.amdgcn.flat.atomic.fmin.f64.p0.f64(ptr %p0, double zeroinitializer)
  %b47 = call <2 x half> @llvm.amdgcn.flat.atomic.fmin.v2f16.p0.v2f16(ptr %p0, <2 x half> zeroinitializer)
  %b48 = call <2 x i16> @llvm.amdgcn.flat.atomic.fmin.v2i16.p0.v2i16(ptr %p0, <2 x i16> zeroinitializer)
  %b49 = call <2 x bfloat> @llvm.amdgcn.flat.atomic.fmin.v2bf16.p0.v2bf16(ptr %p0, <2 x bfloat> zeroinitializer)
  %b50 = call float @llvm.amdgcn.flat.atomic.fmax.f32.p0.f32(ptr %p0, float zeroinitializer)
  %b51 = call double @llvm.amdgcn.flat.atomic.fmax.f64.p0.f64(ptr %p0, double zeroinitializer)
  %b52 = call <2 x half> @llvm.amdgcn.flat.atomic.fmax.v2f16.p0.v2f16(ptr %p0, <2 x half> zeroinitializer)
  %b53 = call <2 x i16> @llvm.amdgcn.flat.atomic.fmax.v2i16.p0.v2i16(ptr %p0, <2 x i16> zeroinitializer)
  %b54 = call <2 x bfloat> @llvm.amdgcn.flat.atomic.fmax.v2bf16.p0.v2bf16(ptr %p0, <2 x bfloat> zeroinitializer)
  %b55 = call float @llvm.amdgcn.global.atomic.fadd.f32.p1.f32(ptr addrspace(1) %p1, float zeroinitializer)
  %b56 = call double @llvm.amdgcn.global.atomic.fadd.f64.p1.f64(ptr addrspace(1) %p1, double zeroinitializer)
  %b57 = call <2 x half> @llvm.amdgcn.global.atomic.fadd.v2f16.p1.v2f16(ptr addrspace(1) %p1, <2 x half> zeroinitializer)
  %b58 = call <2 x i16> @llvm.amdgcn.global.atomic.fadd.v2i16.p1.v2i16(ptr addrspace(1) %p1, <2 x i16> zeroinitializer)
  %b59 = call <2 x bfloat> @llvm.amdgcn.global.atomic.fadd.v2bf16.p1.v2bf16(ptr addrspace(1) %p1, <2 x bfloat> zeroinitializer)
  %b60 = call float @llvm.amdgcn.global.atomic.fmin.f32.p1.f32(ptr addrspace(1) %p1, float zeroinitializer)
  %b61 = call double @llvm.amdgcn.global.atomic.fmin.f64.p1.f64(ptr addrspace(1) %p1, double zeroinitializer)
  %b62 = call <2 x half> @llvm.amdgcn.global.atomic.fmin.v2f16.p1.v2f16(ptr addrspace(1) %p1, <2 x half> zeroinitializer)
  %b63 = call <2 x i16> @llvm.amdgcn.global.atomic.fmin.v2i16.p1.v2i16(ptr addrspace(1) %p1, <2 x i16> zeroinitializer)
  %b64 = call <2 x bfloat> @llvm.amdgcn.global.atomic.fmin.v2bf16.p1.v2bf16(ptr addrspace(1) %p1, <2 x bfloat> zeroinitializer)
  %b65 = call float @llvm.amdgcn.global.atomic.fmax.f32.p1.f32(ptr addrspace(1) %p1, float zeroinitializer)
  %b66 = call double @llvm.amdgcn.global.atomic.fmax.f64.p1.f64(ptr addrspace(1) %p1, double zeroinitializer)
  %b67 = call <2 x half> @llvm.amdgcn.global.atomic.fmax.v2f16.p1.v2f16(ptr addrspace(1) %p1, <2 x half> zeroinitializer)
  %b68 = call <2 x i16> @llvm.amdgcn.global.atomic.fmax.v2i16.p1.v2i16(ptr addrspace(1) %p1, <2 x i16> zeroinitializer)
  %b69 = call <2 x bfloat> @llvm.amdgcn.global.atomic.fmax.v2bf16.p1.v2bf16(ptr addrspace(1) %p1, <2 x bfloat> zeroinitializer)
  %b70 = call float @llvm.amdgcn.ds.fadd.f32.p3.f32(ptr addrspace(3) %p3, float zeroinitializer)
  %b71 = call double @llvm.amdgcn.ds.fadd.f64.p3.f64(ptr addrspace(3) %p3, double zeroinitializer)
  %b72 = call <2 x half> @llvm.amdgcn.ds.fadd.v2f16.p3.v2f16(ptr addrspace(3) %p3, <2 x half> zeroinitializer)
  %b73 = call <2 x i16> @llvm.amdgcn.ds.fadd.v2i16.p3.v2i16(ptr addrspace(3) %p3, <2 x i16> zeroinitializer)
  %b74 = call <2 x bfloat> @llvm.amdgcn.ds.fadd.v2bf16.p3.v2bf16(ptr addrspace(3) %p3, <2 x bfloat> zeroinitializer)
  %b75 = call float @llvm.amdgcn.ds.fmin.f32.p3.f32(ptr addrspace(3) %p3, float zeroinitializer)
  %b76 = call double @llvm.amdgcn.ds.fmin.f64.p3.f64(ptr addrspace(3) %p3, double zeroinitializer)
  %b77 = call <2 x half> @llvm.amdgcn.ds.fmin.v2f16.p3.v2f16(ptr addrspace(3) %p3, <2 x half> zeroinitializer)
  %b78 = call <2 x i16> @llvm.amdgcn.ds.fmin.v2i16.p3.v2i16(ptr addrspace(3) %p3, <2 x i16> zeroinitializer)
  %b79 = call <2 x bfloat> @llvm.amdgcn.ds.fmin.v2bf16.p3.v2bf16(ptr addrspace(3) %p3, <2 x bfloat> zeroinitializer)
  %b80 = call float @llvm.amdgcn.ds.fmax.f32.p3.f32(ptr addrspace(3) %p3, float zeroinitializer)
  %b81 = call double @llvm.amdgcn.ds.fmax.f64.p3.f64(ptr addrspace(3) %p3, double zeroinitializer)
  %b82 = call <2 x half> @llvm.amdgcn.ds.fmax.v2f16.p3.v2f16(ptr addrspace(3) %p3, <2 x half> zeroinitializer)
  %b83 = call <2 x i16> @llvm.amdgcn.ds.fmax.v2i16.p3.v2i16(ptr addrspace(3) %p3, <2 x i16> zeroinitializer)
  %b84 = call <2 x bfloat> @llvm.amdgcn.ds.fmax.v2bf16.p3.v2bf16(ptr addrspace(3) %p3, <2 x bfloat> zeroinitializer)
  %b85 = call float @llvm.amdgcn.global.atomic.fadd.f32.p5.f32(ptr addrspace(5) %p5, float zeroinitializer)
  %b86 = call double @llvm.amdgcn.global.atomic.fadd.f64.p5.f64(ptr addrspace(5) %p5, double zeroinitializer)
  %b87 = call <2 x half> @llvm.amdgcn.global.atomic.fadd.v2f16.p5.v2f16(ptr addrspace(5) %p5, <2 x half> zeroinitializer)
  %b88 = call <2 x i16> @llvm.amdgcn.global.atomic.fadd.v2i16.p5.v2i16(ptr addrspace(5) %p5, <2 x i16> zeroinitializer)
  %b89 = call <2 x bfloat> @llvm.amdgcn.global.atomic.fadd.v2bf16.p5.v2bf16(ptr addrspace(5) %p5, <2 x bfloat> zeroinitializer)
  %b90 = call float @llvm.amdgcn.global.atomic.fmin.f32.p5.f32(ptr addrspace(5) %p5, float zeroinitializer)
  %b91 = call double @llvm.amdgcn.global.atomic.fmin.f64.p5.f64(ptr addrspace(5) %p5, double zeroinitializer)
  %b92 = call <2 x half> @llvm.amdgcn.global.atomic.fmin.v2f16.p5.v2f16(ptr addrspace(5) %p5, <2 x half> zeroinitializer)
  %b93 = call <2 x i16> @llvm.amdgcn.global.atomic.fmin.v2i16.p5.v2i16(ptr addrspace(5) %p5, <2 x i16> zeroinitializer)
  %b94 = call <2 x bfloat> @llvm.amdgcn.global.atomic.fmin.v2bf16.p5.v2bf16(ptr addrspace(5) %p5, <2 x bfloat> zeroinitializer)
  %b95 = call float @llvm.amdgcn.global.atomic.fmax.f32.p5.f32(ptr addrspace(5) %p5, float zeroinitializer)
  %b96 = call double @llvm.amdgcn.global.atomic.fmax.f64.p5.f64(ptr addrspace(5) %p5, double zeroinitializer)
  %b97 = call <2 x half> @llvm.amdgcn.global.atomic.fmax.v2f16.p5.v2f16(ptr addrspace(5) %p5, <2 x half> zeroinitializer)
  %b98 = call <2 x i16> @llvm.amdgcn.global.atomic.fmax.v2i16.p5.v2i16(ptr addrspace(5) %p5, <2 x i16> zeroinitializer)
  %b99 = call <2 x bfloat> @llvm.amdgcn.global.atomic.fmax.v2bf16.p5.v2bf16(ptr addrspace(5) %p5, <2 x bfloat> zeroinitializer)
  ret void
}
declare <2 x bfloat> @llvm.amdgcn.ds.fadd.v2bf16.p3.v2bf16(ptr addrspace(3), <2 x bfloat>)
declare <2 x bfloat> @llvm.amdgcn.ds.fmax.v2bf16.p3.v2bf16(ptr addrspace(3), <2 x bfloat>)
declare <2 x bfloat> @llvm.amdgcn.ds.fmin.v2bf16.p3.v2bf16(ptr addrspace(3), <2 x bfloat>)
declare <2 x bfloat> @llvm.amdgcn.flat.atomic.fadd.v2bf16.p0.v2bf16(ptr, <2 x bfloat>)
declare <2 x bfloat> @llvm.amdgcn.flat.atomic.fmax.v2bf16.p0.v2bf16(ptr, <2 x bfloat>)
declare <2 x bfloat> @llvm.amdgcn.flat.atomic.fmin.v2bf16.p0.v2bf16(ptr, <2 x bfloat>)
declare <2 x bfloat> @llvm.amdgcn.global.atomic.fadd.v2bf16.p1.v2bf16(ptr addrspace(1), <2 x bfloat>)
declare <2 x bfloat> @llvm.amdgcn.global.atomic.fadd.v2bf16.p5.v2bf16(ptr addrspace(5), <2 x bfloat>)
declare <2 x bfloat> @llvm.amdgcn.global.atomic.fmax.v2bf16.p1.v2bf16(ptr addrspace(1), <2 x bfloat>)
declare <2 x bfloat> @llvm.amdgcn.global.atomic.fmax.v2bf16.p5.v2bf16(ptr addrspace(5), <2 x bfloat>)
declare <2 x bfloat> @llvm.amdgcn.global.atomic.fmin.v2bf16.p1.v2bf16(ptr addrspace(1), <2 x bfloat>)
declare <2 x bfloat> @llvm.amdgcn.global.atomic.fmin.v2bf16.p5.v2bf16(ptr addrspace(5), <2 x bfloat>)
declare <2 x half> @llvm.amdgcn.ds.fadd.v2f16.p3.v2f16(ptr addrspace(3), <2 x half>)
declare <2 x half> @llvm.amdgcn.ds.fmax.v2f16.p3.v2f16(ptr addrspace(3), <2 x half>)
declare <2 x half> @llvm.amdgcn.ds.fmin.v2f16.p3.v2f16(ptr addrspace(3), <2 x half>)
declare <2 x half> @llvm.amdgcn.flat.atomic.fadd.v2f16.p0.v2f16(ptr, <2 x half>)
declare <2 x half> @llvm.amdgcn.flat.atomic.fmax.v2f16.p0.v2f16(ptr, <2 x half>)
declare <2 x half> @llvm.amdgcn.flat.atomic.fmin.v2f16.p0.v2f16(ptr, <2 x half>)
declare <2 x half> @llvm.amdgcn.global.atomic.fadd.v2f16.p1.v2f16(ptr addrspace(1), <2 x half>)
declare <2 x half> @llvm.amdgcn.global.atomic.fadd.v2f16.p5.v2f16(ptr addrspace(5), <2 x half>)
declare <2 x half> @llvm.amdgcn.global.atomic.fmax.v2f16.p1.v2f16(ptr addrspace(1), <2 x half>)
declare <2 x half> @llvm.amdgcn.global.atomic.fmax.v2f16.p5.v2f16(ptr addrspace(5), <2 x half>)
declare <2 x half> @llvm.amdgcn.global.atomic.fmin.v2f16.p1.v2f16(ptr addrspace(1), <2 x half>)
declare <2 x half> @llvm.amdgcn.global.atomic.fmin.v2f16.p5.v2f16(ptr addrspace(5), <2 x half>)
declare <2 x i16> @llvm.amdgcn.ds.fadd.v2i16.p3.v2i16(ptr addrspace(3), <2 x i16>)
declare <2 x i16> @llvm.amdgcn.ds.fmax.v2i16.p3.v2i16(ptr addrspace(3), <2 x i16>)
declare <2 x i16> @llvm.amdgcn.ds.fmin.v2i16.p3.v2i16(ptr addrspace(3), <2 x i16>)
declare <2 x i16> @llvm.amdgcn.flat.atomic.fadd.v2i16.p0.v2i16(ptr, <2 x i16>)
declare <2 x i16> @llvm.amdgcn.flat.atomic.fmax.v2i16.p0.v2i16(ptr, <2 x i16>)
declare <2 x i16> @llvm.amdgcn.flat.atomic.fmin.v2i16.p0.v2i16(ptr, <2 x i16>)
declare <2 x i16> @llvm.amdgcn.global.atomic.fadd.v2i16.p1.v2i16(ptr addrspace(1), <2 x i16>)
declare <2 x i16> @llvm.amdgcn.global.atomic.fadd.v2i16.p5.v2i16(ptr addrspace(5), <2 x i16>)
declare <2 x i16> @llvm.amdgcn.global.atomic.fmax.v2i16.p1.v2i16(ptr addrspace(1), <2 x i16>)
declare <2 x i16> @llvm.amdgcn.global.atomic.fmax.v2i16.p5.v2i16(ptr addrspace(5), <2 x i16>)
declare <2 x i16> @llvm.amdgcn.global.atomic.fmin.v2i16.p1.v2i16(ptr addrspace(1), <2 x i16>)
declare <2 x i16> @llvm.amdgcn.global.atomic.fmin.v2i16.p5.v2i16(ptr addrspace(5), <2 x i16>)
declare double @llvm.amdgcn.ds.fadd.f64.p3.f64(ptr addrspace(3), double)
declare double @llvm.amdgcn.ds.fmax.f64.p3.f64(ptr addrspace(3), double)
declare double @llvm.amdgcn.ds.fmin.f64.p3.f64(ptr addrspace(3), double)
declare double @llvm.amdgcn.flat.atomic.fadd.f64.p0.f64(ptr, double)
declare double @llvm.amdgcn.flat.atomic.fmax.f64.p0.f64(ptr, double)
declare double @llvm.amdgcn.flat.atomic.fmin.f64.p0.f64(ptr, double)
declare double @llvm.amdgcn.global.atomic.fadd.f64.p1.f64(ptr addrspace(1), double)
declare double @llvm.amdgcn.global.atomic.fadd.f64.p5.f64(ptr addrspace(5), double)
declare double @llvm.amdgcn.global.atomic.fmax.f64.p1.f64(ptr addrspace(1), double)
declare double @llvm.amdgcn.global.atomic.fmax.f64.p5.f64(ptr addrspace(5), double)
declare double @llvm.amdgcn.global.atomic.fmin.f64.p1.f64(ptr addrspace(1), double)
declare double @llvm.amdgcn.global.atomic.fmin.f64.p5.f64(ptr addrspace(5), double)
declare float @llvm.amdgcn.ds.fadd.f32.p3.f32(ptr addrspace(3), float)
declare float @llvm.amdgcn.ds.fmax.f32.p3.f32(ptr addrspace(3), float)
declare float @llvm.amdgcn.ds.fmin.f32.p3.f32(ptr addrspace(3), float)
declare float @llvm.amdgcn.flat.atomic.fadd.f32.p0.f32(ptr, float)
declare float @llvm.amdgcn.flat.atomic.fmax.f32.p0.f32(ptr, float)
declare float @llvm.amdgcn.flat.atomic.fmin.f32.p0.f32(ptr, float)
declare float @llvm.amdgcn.global.atomic.fadd.f32.p1.f32(ptr addrspace(1), float)
declare float @llvm.amdgcn.global.atomic.fadd.f32.p5.f32(ptr addrspace(5), float)
declare float @llvm.amdgcn.global.atomic.fmax.f32.p1.f32(ptr addrspace(1), float)
declare float @llvm.amdgcn.global.atomic.fmax.f32.p5.f32(ptr addrspace(5), float)
declare float @llvm.amdgcn.global.atomic.fmin.f32.p1.f32(ptr addrspace(1), float)
declare float @llvm.amdgcn.global.atomic.fmin.f32.p5.f32(ptr addrspace(5), float)
declare i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1), i32, i32, i32, i1)
!0 = !{}
"#;

const AMDGPU_ATOMIC_KINDS_ORDER_LLVM: &str = r#"define void @f(ptr %p0, ptr addrspace(1) %p1, ptr addrspace(1) %g, ptr addrspace(3) %p3, ptr addrspace(5) %p5, i32 %v, i32 %o, i1 %vol) {
  %z = load float, ptr %p0, align 4, !amdgpu.ignore.denormal.mode !0
  %1 = atomicrmw uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %2 = atomicrmw volatile uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %3 = atomicrmw volatile uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %4 = atomicrmw volatile uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %5 = atomicrmw uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %6 = atomicrmw volatile uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %7 = atomicrmw volatile uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %8 = atomicrmw volatile uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %9 = atomicrmw uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") monotonic, align 4, !amdgpu.no.fine.grained.memory !0
  %10 = atomicrmw volatile uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") monotonic, align 4, !amdgpu.no.fine.grained.memory !0
  %11 = atomicrmw volatile uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") monotonic, align 4, !amdgpu.no.fine.grained.memory !0
  %12 = atomicrmw volatile uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") monotonic, align 4, !amdgpu.no.fine.grained.memory !0
  %13 = atomicrmw uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %14 = atomicrmw volatile uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %15 = atomicrmw volatile uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %16 = atomicrmw volatile uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %17 = atomicrmw uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") acquire, align 4, !amdgpu.no.fine.grained.memory !0
  %18 = atomicrmw volatile uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") acquire, align 4, !amdgpu.no.fine.grained.memory !0
  %19 = atomicrmw volatile uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") acquire, align 4, !amdgpu.no.fine.grained.memory !0
  %20 = atomicrmw volatile uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") acquire, align 4, !amdgpu.no.fine.grained.memory !0
  %21 = atomicrmw uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") release, align 4, !amdgpu.no.fine.grained.memory !0
  %22 = atomicrmw volatile uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") release, align 4, !amdgpu.no.fine.grained.memory !0
  %23 = atomicrmw volatile uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") release, align 4, !amdgpu.no.fine.grained.memory !0
  %24 = atomicrmw volatile uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") release, align 4, !amdgpu.no.fine.grained.memory !0
  %25 = atomicrmw uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") acq_rel, align 4, !amdgpu.no.fine.grained.memory !0
  %26 = atomicrmw volatile uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") acq_rel, align 4, !amdgpu.no.fine.grained.memory !0
  %27 = atomicrmw volatile uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") acq_rel, align 4, !amdgpu.no.fine.grained.memory !0
  %28 = atomicrmw volatile uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") acq_rel, align 4, !amdgpu.no.fine.grained.memory !0
  %29 = atomicrmw uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %30 = atomicrmw volatile uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %31 = atomicrmw volatile uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %32 = atomicrmw volatile uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %33 = atomicrmw uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %34 = atomicrmw volatile uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %35 = atomicrmw volatile uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %36 = atomicrmw volatile uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %37 = atomicrmw uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %38 = atomicrmw volatile uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %39 = atomicrmw volatile uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %40 = atomicrmw volatile uinc_wrap ptr addrspace(1) %g, i32 %v syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %41 = atomicrmw fadd ptr %p0, float 0.000000e+00 syncscope("agent") seq_cst, align 4, !noalias.addrspace !1, !amdgpu.ignore.denormal.mode !0, !amdgpu.no.fine.grained.memory !0
  %42 = atomicrmw fadd ptr %p0, double 0.000000e+00 syncscope("agent") seq_cst, align 8, !noalias.addrspace !1, !amdgpu.no.fine.grained.memory !0
  %43 = atomicrmw fadd ptr %p0, <2 x half> zeroinitializer syncscope("agent") seq_cst, align 4, !noalias.addrspace !1, !amdgpu.no.fine.grained.memory !0
  %44 = atomicrmw fadd ptr %p0, <2 x bfloat> zeroinitializer syncscope("agent") seq_cst, align 4, !noalias.addrspace !1, !amdgpu.no.fine.grained.memory !0
  %45 = bitcast <2 x bfloat> %44 to <2 x i16>
  %46 = atomicrmw fadd ptr %p0, <2 x bfloat> zeroinitializer syncscope("agent") seq_cst, align 4, !noalias.addrspace !1, !amdgpu.no.fine.grained.memory !0
  %47 = atomicrmw fmin ptr %p0, float 0.000000e+00 syncscope("agent") seq_cst, align 4, !noalias.addrspace !1, !amdgpu.no.fine.grained.memory !0
  %48 = atomicrmw fmin ptr %p0, double 0.000000e+00 syncscope("agent") seq_cst, align 8, !noalias.addrspace !1, !amdgpu.no.fine.grained.memory !0
  %49 = atomicrmw fmin ptr %p0, <2 x half> zeroinitializer syncscope("agent") seq_cst, align 4, !noalias.addrspace !1, !amdgpu.no.fine.grained.memory !0
  %50 = atomicrmw fmin ptr %p0, <2 x bfloat> zeroinitializer syncscope("agent") seq_cst, align 4, !noalias.addrspace !1, !amdgpu.no.fine.grained.memory !0
  %51 = bitcast <2 x bfloat> %50 to <2 x i16>
  %52 = atomicrmw fmin ptr %p0, <2 x bfloat> zeroinitializer syncscope("agent") seq_cst, align 4, !noalias.addrspace !1, !amdgpu.no.fine.grained.memory !0
  %53 = atomicrmw fmax ptr %p0, float 0.000000e+00 syncscope("agent") seq_cst, align 4, !noalias.addrspace !1, !amdgpu.no.fine.grained.memory !0
  %54 = atomicrmw fmax ptr %p0, double 0.000000e+00 syncscope("agent") seq_cst, align 8, !noalias.addrspace !1, !amdgpu.no.fine.grained.memory !0
  %55 = atomicrmw fmax ptr %p0, <2 x half> zeroinitializer syncscope("agent") seq_cst, align 4, !noalias.addrspace !1, !amdgpu.no.fine.grained.memory !0
  %56 = atomicrmw fmax ptr %p0, <2 x bfloat> zeroinitializer syncscope("agent") seq_cst, align 4, !noalias.addrspace !1, !amdgpu.no.fine.grained.memory !0
  %57 = bitcast <2 x bfloat> %56 to <2 x i16>
  %58 = atomicrmw fmax ptr %p0, <2 x bfloat> zeroinitializer syncscope("agent") seq_cst, align 4, !noalias.addrspace !1, !amdgpu.no.fine.grained.memory !0
  %59 = atomicrmw fadd ptr addrspace(1) %p1, float 0.000000e+00 syncscope("agent") seq_cst, align 4, !amdgpu.ignore.denormal.mode !0, !amdgpu.no.fine.grained.memory !0
  %60 = atomicrmw fadd ptr addrspace(1) %p1, double 0.000000e+00 syncscope("agent") seq_cst, align 8, !amdgpu.no.fine.grained.memory !0
  %61 = atomicrmw fadd ptr addrspace(1) %p1, <2 x half> zeroinitializer syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %62 = atomicrmw fadd ptr addrspace(1) %p1, <2 x bfloat> zeroinitializer syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %63 = bitcast <2 x bfloat> %62 to <2 x i16>
  %64 = atomicrmw fadd ptr addrspace(1) %p1, <2 x bfloat> zeroinitializer syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %65 = atomicrmw fmin ptr addrspace(1) %p1, float 0.000000e+00 syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %66 = atomicrmw fmin ptr addrspace(1) %p1, double 0.000000e+00 syncscope("agent") seq_cst, align 8, !amdgpu.no.fine.grained.memory !0
  %67 = atomicrmw fmin ptr addrspace(1) %p1, <2 x half> zeroinitializer syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %68 = atomicrmw fmin ptr addrspace(1) %p1, <2 x bfloat> zeroinitializer syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %69 = bitcast <2 x bfloat> %68 to <2 x i16>
  %70 = atomicrmw fmin ptr addrspace(1) %p1, <2 x bfloat> zeroinitializer syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %71 = atomicrmw fmax ptr addrspace(1) %p1, float 0.000000e+00 syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %72 = atomicrmw fmax ptr addrspace(1) %p1, double 0.000000e+00 syncscope("agent") seq_cst, align 8, !amdgpu.no.fine.grained.memory !0
  %73 = atomicrmw fmax ptr addrspace(1) %p1, <2 x half> zeroinitializer syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %74 = atomicrmw fmax ptr addrspace(1) %p1, <2 x bfloat> zeroinitializer syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %75 = bitcast <2 x bfloat> %74 to <2 x i16>
  %76 = atomicrmw fmax ptr addrspace(1) %p1, <2 x bfloat> zeroinitializer syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %77 = atomicrmw fadd ptr addrspace(3) %p3, float 0.000000e+00 syncscope("agent") seq_cst, align 4
  %78 = atomicrmw fadd ptr addrspace(3) %p3, double 0.000000e+00 syncscope("agent") seq_cst, align 8
  %79 = atomicrmw fadd ptr addrspace(3) %p3, <2 x half> zeroinitializer syncscope("agent") seq_cst, align 4
  %80 = atomicrmw fadd ptr addrspace(3) %p3, <2 x bfloat> zeroinitializer syncscope("agent") seq_cst, align 4
  %81 = bitcast <2 x bfloat> %80 to <2 x i16>
  %82 = atomicrmw fadd ptr addrspace(3) %p3, <2 x bfloat> zeroinitializer syncscope("agent") seq_cst, align 4
  %83 = atomicrmw fmin ptr addrspace(3) %p3, float 0.000000e+00 syncscope("agent") seq_cst, align 4
  %84 = atomicrmw fmin ptr addrspace(3) %p3, double 0.000000e+00 syncscope("agent") seq_cst, align 8
  %85 = atomicrmw fmin ptr addrspace(3) %p3, <2 x half> zeroinitializer syncscope("agent") seq_cst, align 4
  %86 = atomicrmw fmin ptr addrspace(3) %p3, <2 x bfloat> zeroinitializer syncscope("agent") seq_cst, align 4
  %87 = bitcast <2 x bfloat> %86 to <2 x i16>
  %88 = atomicrmw fmin ptr addrspace(3) %p3, <2 x bfloat> zeroinitializer syncscope("agent") seq_cst, align 4
  %89 = atomicrmw fmax ptr addrspace(3) %p3, float 0.000000e+00 syncscope("agent") seq_cst, align 4
  %90 = atomicrmw fmax ptr addrspace(3) %p3, double 0.000000e+00 syncscope("agent") seq_cst, align 8
  %91 = atomicrmw fmax ptr addrspace(3) %p3, <2 x half> zeroinitializer syncscope("agent") seq_cst, align 4
  %92 = atomicrmw fmax ptr addrspace(3) %p3, <2 x bfloat> zeroinitializer syncscope("agent") seq_cst, align 4
  %93 = bitcast <2 x bfloat> %92 to <2 x i16>
  %94 = atomicrmw fmax ptr addrspace(3) %p3, <2 x bfloat> zeroinitializer syncscope("agent") seq_cst, align 4
  %95 = atomicrmw fadd ptr addrspace(5) %p5, float 0.000000e+00 syncscope("agent") seq_cst, align 4, !amdgpu.ignore.denormal.mode !0, !amdgpu.no.fine.grained.memory !0
  %96 = atomicrmw fadd ptr addrspace(5) %p5, double 0.000000e+00 syncscope("agent") seq_cst, align 8, !amdgpu.no.fine.grained.memory !0
  %97 = atomicrmw fadd ptr addrspace(5) %p5, <2 x half> zeroinitializer syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %98 = atomicrmw fadd ptr addrspace(5) %p5, <2 x bfloat> zeroinitializer syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %99 = bitcast <2 x bfloat> %98 to <2 x i16>
  %100 = atomicrmw fadd ptr addrspace(5) %p5, <2 x bfloat> zeroinitializer syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %101 = atomicrmw fmin ptr addrspace(5) %p5, float 0.000000e+00 syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %102 = atomicrmw fmin ptr addrspace(5) %p5, double 0.000000e+00 syncscope("agent") seq_cst, align 8, !amdgpu.no.fine.grained.memory !0
  %103 = atomicrmw fmin ptr addrspace(5) %p5, <2 x half> zeroinitializer syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %104 = atomicrmw fmin ptr addrspace(5) %p5, <2 x bfloat> zeroinitializer syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %105 = bitcast <2 x bfloat> %104 to <2 x i16>
  %106 = atomicrmw fmin ptr addrspace(5) %p5, <2 x bfloat> zeroinitializer syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %107 = atomicrmw fmax ptr addrspace(5) %p5, float 0.000000e+00 syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %108 = atomicrmw fmax ptr addrspace(5) %p5, double 0.000000e+00 syncscope("agent") seq_cst, align 8, !amdgpu.no.fine.grained.memory !0
  %109 = atomicrmw fmax ptr addrspace(5) %p5, <2 x half> zeroinitializer syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %110 = atomicrmw fmax ptr addrspace(5) %p5, <2 x bfloat> zeroinitializer syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  %111 = bitcast <2 x bfloat> %110 to <2 x i16>
  %112 = atomicrmw fmax ptr addrspace(5) %p5, <2 x bfloat> zeroinitializer syncscope("agent") seq_cst, align 4, !amdgpu.no.fine.grained.memory !0
  ret void
}

!0 = !{}
!1 = !{i32 5, i32 6}
"#;

const AMDGPU_MALFORMED_AND_DS_LDEXP: &str = r#"define void @f(ptr addrspace(1) %g, i32 %v, float %x) {
  %a = call i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1) %g)
  %b = call float @llvm.amdgcn.ds.ldexp.f32(float %x, i32 %v)
  %c = call i32 @llvm.amdgcn.atomic.dec.i32.p1(i32 %v, i32 %v)
  ret void
}
declare i32 @llvm.amdgcn.atomic.inc.i32.p1(ptr addrspace(1))
declare float @llvm.amdgcn.ds.ldexp.f32(float, i32)
declare i32 @llvm.amdgcn.atomic.dec.i32.p1(i32, i32)
"#;

const AMDGPU_MALFORMED_AND_DS_LDEXP_LLVM: &str = r#"define void @f(ptr addrspace(1) %g, i32 %v, float %x) {
  %b = call float @llvm.ldexp.f32.i32(float %x, i32 %v)
  ret void
}

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.ldexp.f32.i32(float, i32) #0

attributes #0 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
"#;

const AMDGPU_LEGACY_WMMA: &str = r#"define <8 x i32> @f(<8 x i32> %a, <8 x i32> %b, <8 x i32> %c, <16 x i32> %bb, i32 %idx) {
  %r = call <8 x i32> @llvm.amdgcn.wmma.i32.16x16x64.iu8.v8i32.v8i32(i1 0, <8 x i32> %a, i1 0, <8 x i32> %b, <8 x i32> %c, i1 false, i1 true), !foo !0
  %s = tail call <8 x i32> @llvm.amdgcn.swmmac.i32.16x16x128.iu8.v8i32.v8i32.v16i32.i32(i1 0, <8 x i32> %a, i1 0, <16 x i32> %bb, <8 x i32> %r, i32 %idx, i1 false, i1 true) #0
  ret <8 x i32> %s
}
declare <8 x i32> @llvm.amdgcn.wmma.i32.16x16x64.iu8.v8i32.v8i32(i1, <8 x i32>, i1, <8 x i32>, <8 x i32>, i1, i1)
declare <8 x i32> @llvm.amdgcn.swmmac.i32.16x16x128.iu8.v8i32.v8i32.v16i32.i32(i1, <8 x i32>, i1, <16 x i32>, <8 x i32>, i32, i1, i1)
define void @h() {
  ret void
}
attributes #0 = { nounwind }
!0 = !{}
"#;

const AMDGPU_LEGACY_WMMA_LLVM: &str = r#"define <8 x i32> @f(<8 x i32> %a, <8 x i32> %b, <8 x i32> %c, <16 x i32> %bb, i32 %idx) {
  %1 = call <8 x i32> @llvm.amdgcn.wmma.i32.16x16x64.iu8.v8i32.v8i32(i1 false, <8 x i32> %a, i1 false, <8 x i32> %b, <8 x i32> %c, i1 false, i1 true, i1 false), !foo !0
  %2 = tail call <8 x i32> @llvm.amdgcn.swmmac.i32.16x16x128.iu8.v8i32.v8i32.v16i32.i32(i1 false, <8 x i32> %a, i1 false, <16 x i32> %bb, <8 x i32> %1, i32 %idx, i1 false, i1 true, i1 false) #2
  ret <8 x i32> %2
}

define void @h() {
  ret void
}

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x i32> @llvm.amdgcn.wmma.i32.16x16x64.iu8.v8i32.v8i32(i1 immarg, <8 x i32>, i1 immarg, <8 x i32>, <8 x i32>, i1 immarg, i1 immarg, i1 immarg) #0

; Function Attrs: convergent nocreateundeforpoison nounwind willreturn memory(none)
declare <8 x i32> @llvm.amdgcn.swmmac.i32.16x16x128.iu8.v8i32.v8i32.v16i32.i32(i1 immarg, <8 x i32>, i1 immarg, <16 x i32>, <8 x i32>, i32, i1 immarg, i1 immarg, i1 immarg) #1

attributes #0 = { convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none) }
attributes #1 = { convergent nocreateundeforpoison nounwind willreturn memory(none) }
attributes #2 = { nounwind }

!0 = !{}
"#;

const NEW_DECLARATION_DISPLACES_INVALID: &str = r#"define i32 @f(i32 %v, i64 %l) {
  %b = call i32 @llvm.nvvm.brev32(i32 %v)
  %c = call i32 @llvm.bitreverse.i32(i64 %l)
  ret i32 %b
}
declare i32 @llvm.nvvm.brev32(i32)
declare i32 @llvm.bitreverse.i32(i64)
"#;

const NEW_DECLARATION_DISPLACES_INVALID_LLVM: &str = r#"define i32 @f(i32 %v, i64 %l) {
  %b = call i32 @llvm.bitreverse.i32(i32 %v)
  %c = call i32 @llvm.bitreverse.i32.invalid(i64 %l)
  ret i32 %b
}

declare i32 @llvm.bitreverse.i32.invalid(i64)

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.bitreverse.i32(i32) #0

attributes #0 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
"#;

const REMANGLED_DECLARATION_DISPLACES_RENAMED: &str = r#"define i32 @f(i32 %v, i64 %l) {
  %b = call i32 @llvm.ctpop.i32.foo(i32 %v)
  %c = call i32 @llvm.ctpop.i32(i64 %l)
  ret i32 %b
}
declare i32 @llvm.ctpop.i32.foo(i32)
declare i32 @llvm.ctpop.i32(i64)
"#;

const REMANGLED_DECLARATION_DISPLACES_RENAMED_LLVM: &str = r#"define i32 @f(i32 %v, i64 %l) {
  %b = call i32 @llvm.ctpop.i32(i32 %v)
  %c = call i32 @llvm.ctpop.i32.renamed(i64 %l)
  ret i32 %b
}

declare i32 @llvm.ctpop.i32.renamed(i64)

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.ctpop.i32(i32) #0

attributes #0 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
"#;
