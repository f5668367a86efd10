//! x86 upgrades of `upgradeX86IntrinsicCall`, part one (`sse4a.movnt.` to `avx512.mask.pshuf.d.`):
//! old-form modules read and printed, compared with what LLVM 22's `llvm-as | llvm-dis` prints for
//! them (without the `; ModuleID` and `source_filename` lines).

mod common;
use common::upgraded;

/// Stores (`movnt` with `!nontemporal`, `storel.dq` folded to a constant expression, `storeu`,
/// masked stores by width and mask, `mask.store.ss` under `mask & 1`), `pcmpeq`/`pcmpgt` and
/// `broadcastm`.
#[test]
fn stores_and_compares() {
    assert_eq!(upgraded(STORES_AND_COMPARES), STORES_AND_COMPARES_LLVM);
}

/// `sqrt` (scalar, vector, masked with and without a rounding operand), `ptestm`/`ptestnm`,
/// `mask.pbroadcast`, the 16-bit mask operations and `kunpck` (constants folded; `kor` with
/// zero kept), and the scalar `add`/`sub`/`mul`/`div` on `i32` indices.
#[test]
fn sqrt_ptest_kmask_scalar_arith() {
    assert_eq!(upgraded(SQRT_PTEST_KMASK_SCALAR_ARITH), SQRT_PTEST_KMASK_SCALAR_ARITH_LLVM);
}

/// Integer compares into masks (`pcmp`, `cmp`/`ucmp` with the never/always codes), `vpshufbitqmb`,
/// `cvt*2mask`, `fpclass`, `avx512.cmp.p*` (the all-ones mask before the 512-bit rounding
/// operand), `pabs`, min/max, `pmuldq`/`pmuludq` (folded for constants).
#[test]
fn masked_compares_and_integer_ops() {
    assert_eq!(upgraded(MASKED_COMPARES_AND_INTEGER_OPS), MASKED_COMPARES_AND_INTEGER_OPS_LLVM);
}

/// `cvtsi2ss` and friends, `cvtss2sd`, vector conversions (`cvt` and `cvtps2pd` names, the
/// `sitofp.round`/`uitofp.round` intrinsics for a rounding operand other than 4), `vcvtph2ps`
/// (a constant `half` vector folded through `fpext`); `avx512.mask.vcvtph2ps.512` stays.
#[test]
fn conversions() {
    assert_eq!(upgraded(CONVERSIONS), CONVERSIONS_LLVM);
}

/// Masked loads, `expand.load`, `compress.store`, `compress`/`expand` with the mask as a vector,
/// `vbroadcast.s*` (one load, `i32` insert indices) and `vbroadcastf128`/`vbroadcasti128`.
#[test]
fn loads_compress_expand_broadcast_loads() {
    assert_eq!(upgraded(LOADS_COMPRESS_EXPAND_BROADCAST_LOADS), LOADS_COMPRESS_EXPAND_BROADCAST_LOADS_LLVM);
}

/// `xop.vpcom*` (by immediate and by name), `vpcmov`, rotates as funnel shifts (immediate and
/// variable), `vpshld`/`vpshrd` (masked and zero-masked), `crc32.64.8`, `pmovsx`/`pmovzx`, and
/// the truncating `pmov.qd`/`pmov.wb`.
#[test]
fn xop_rotates_concat_shifts_pmov() {
    assert_eq!(upgraded(XOP_ROTATES_CONCAT_SHIFTS_PMOV), XOP_ROTATES_CONCAT_SHIFTS_PMOV_LLVM);
}

/// `shuf.f32x4`-style lane shuffles, subvector and element broadcasts, saturating add/sub,
/// `palignr`/`valign`, byte shifts, blends, `vinsertf128`-style inserts, extracts, `perm.df`,
/// `vperm2f128` (zeroing halves), `vpermil`/`pshuf.d`.
#[test]
fn shuffles_blends_byte_shifts() {
    assert_eq!(upgraded(SHUFFLES_BLENDS_BYTE_SHIFTS), SHUFFLES_BLENDS_BYTE_SHIFTS_LLVM);
}

/// The new instructions carry the call's `!dbg`; `cast` names made unique after the names the
/// function holds (a replaced call's name is free again); typed pointers; a byte shift of 16
/// bytes or more leaves its first bitcast and gives zero.
#[test]
fn debug_locations_and_names() {
    assert_eq!(upgraded(DEBUG_LOCATIONS_AND_NAMES), DEBUG_LOCATIONS_AND_NAMES_LLVM);
}

/// LLVM 22 gives the instructions made for a `call fast` no fast-math flags.
#[test]
fn no_fast_math_flags() {
    assert_eq!(upgraded(NO_FAST_MATH_FLAGS), NO_FAST_MATH_FLAGS_LLVM);
}

/// Operands of unexpected types or counts (which LLVM asserts on, or reads as garbage): the
/// upgrade leaves such a call or builds what it can, and never panics.
#[test]
fn unexpected_operands_do_not_panic() {
    let m = llrs_asm::parse_module(WEIRD.as_bytes(), "t.ll").expect("parses");
    let _ = llrs_asm::print_module(&m);
}

const STORES_AND_COMPARES: &str = r#"define void @stores(ptr %p, <4 x float> %a, <2 x double> %b, <8 x float> %c, <4 x i64> %d, <16 x float> %e, <2 x i64> %q, <4 x i32> %i, i8 %m, i16 %w, <16 x i8> %bb, <32 x i8> %cb) {
  call void @llvm.x86.sse4a.movnt.ss(ptr %p, <4 x float> %a)
  call void @llvm.x86.sse4a.movnt.sd(ptr %p, <2 x double> %b)
  call void @llvm.x86.sse4a.movnt.sd(ptr %p, <2 x double> <double 1.0, double 2.0>)
  call void @llvm.x86.avx.movnt.ps.256(ptr %p, <8 x float> %c)
  call void @llvm.x86.avx.movnt.dq.256(ptr %p, <4 x i64> %d)
  call void @llvm.x86.avx512.storent.ps.512(ptr %p, <16 x float> %e)
  call void @llvm.x86.sse2.storel.dq(ptr %p, <4 x i32> %i)
  call void @llvm.x86.sse2.storel.dq(ptr %p, <4 x i32> <i32 1, i32 2, i32 3, i32 4>)
  call void @llvm.x86.sse.storeu.ps(ptr %p, <4 x float> %a)
  call void @llvm.x86.sse2.storeu.pd(ptr %p, <2 x double> %b)
  call void @llvm.x86.sse2.storeu.dq(ptr %p, <16 x i8> %bb)
  call void @llvm.x86.avx.storeu.ps.256(ptr %p, <8 x float> %c)
  call void @llvm.x86.avx.storeu.dq.256(ptr %p, <32 x i8> %cb)
  call void @llvm.x86.avx512.mask.store.ss(ptr %p, <4 x float> %a, i8 %m)
  call void @llvm.x86.avx512.mask.store.ss(ptr %p, <4 x float> %a, i8 -1)
  call void @llvm.x86.avx512.mask.store.ps.512(ptr %p, <16 x float> %e, i16 %w)
  call void @llvm.x86.avx512.mask.store.ps.512(ptr %p, <16 x float> %e, i16 -1)
  call void @llvm.x86.avx512.mask.storeu.ps.512(ptr %p, <16 x float> %e, i16 %w)
  call void @llvm.x86.avx512.mask.store.pd.128(ptr %p, <2 x double> %b, i8 %m)
  call void @llvm.x86.avx512.mask.storeu.d.128(ptr %p, <4 x i32> %i, i8 %m)
  call void @llvm.x86.avx512.mask.store.q.256(ptr %p, <4 x i64> %d, i8 3)
  call void @llvm.x86.avx512.mask.storeu.b.128(ptr %p, <16 x i8> %bb, i16 %w)
  ret void
}
declare void @llvm.x86.sse4a.movnt.ss(ptr, <4 x float>)
declare void @llvm.x86.sse4a.movnt.sd(ptr, <2 x double>)
declare void @llvm.x86.avx.movnt.ps.256(ptr, <8 x float>)
declare void @llvm.x86.avx.movnt.dq.256(ptr, <4 x i64>)
declare void @llvm.x86.avx512.storent.ps.512(ptr, <16 x float>)
declare void @llvm.x86.sse2.storel.dq(ptr, <4 x i32>)
declare void @llvm.x86.sse.storeu.ps(ptr, <4 x float>)
declare void @llvm.x86.sse2.storeu.pd(ptr, <2 x double>)
declare void @llvm.x86.sse2.storeu.dq(ptr, <16 x i8>)
declare void @llvm.x86.avx.storeu.ps.256(ptr, <8 x float>)
declare void @llvm.x86.avx.storeu.dq.256(ptr, <32 x i8>)
declare void @llvm.x86.avx512.mask.store.ss(ptr, <4 x float>, i8)
declare void @llvm.x86.avx512.mask.store.ps.512(ptr, <16 x float>, i16)
declare void @llvm.x86.avx512.mask.storeu.ps.512(ptr, <16 x float>, i16)
declare void @llvm.x86.avx512.mask.store.pd.128(ptr, <2 x double>, i8)
declare void @llvm.x86.avx512.mask.storeu.d.128(ptr, <4 x i32>, i8)
declare void @llvm.x86.avx512.mask.store.q.256(ptr, <4 x i64>, i8)
declare void @llvm.x86.avx512.mask.storeu.b.128(ptr, <16 x i8>, i16)

define void @cmps(<16 x i8> %a, <16 x i8> %b, <8 x i32> %c, <8 x i32> %d, <4 x i64> %q, i8 %m8, i16 %m16, ptr %out) {
  %r1 = call <16 x i8> @llvm.x86.sse2.pcmpeq.b(<16 x i8> %a, <16 x i8> %b)
  store <16 x i8> %r1, ptr %out
  %r2 = call <16 x i8> @llvm.x86.sse2.pcmpgt.b(<16 x i8> %a, <16 x i8> %b)
  store <16 x i8> %r2, ptr %out
  %r3 = call <8 x i32> @llvm.x86.avx2.pcmpeq.d(<8 x i32> %c, <8 x i32> %d)
  store <8 x i32> %r3, ptr %out
  %r4 = call <4 x i64> @llvm.x86.avx2.pcmpgt.q(<4 x i64> %q, <4 x i64> zeroinitializer)
  store <4 x i64> %r4, ptr %out
  %r5 = call <16 x i8> @llvm.x86.sse2.pcmpeq.b(<16 x i8> <i8 1, i8 2, i8 3, i8 4, i8 5, i8 6, i8 7, i8 8, i8 1, i8 2, i8 3, i8 4, i8 5, i8 6, i8 7, i8 8>, <16 x i8> zeroinitializer)
  store <16 x i8> %r5, ptr %out
  %b1 = call <8 x i64> @llvm.x86.avx512.broadcastmb.512(i8 %m8)
  store <8 x i64> %b1, ptr %out
  %b2 = call <16 x i32> @llvm.x86.avx512.broadcastmw.512(i16 %m16)
  store <16 x i32> %b2, ptr %out
  %b3 = call <2 x i64> @llvm.x86.avx512.broadcastmb.128(i8 %m8)
  store <2 x i64> %b3, ptr %out
  %b4 = call <8 x i32> @llvm.x86.avx512.broadcastmw.256(i16 7)
  store <8 x i32> %b4, ptr %out
  ret void
}
declare <16 x i8> @llvm.x86.sse2.pcmpeq.b(<16 x i8>, <16 x i8>)
declare <16 x i8> @llvm.x86.sse2.pcmpgt.b(<16 x i8>, <16 x i8>)
declare <8 x i32> @llvm.x86.avx2.pcmpeq.d(<8 x i32>, <8 x i32>)
declare <4 x i64> @llvm.x86.avx2.pcmpgt.q(<4 x i64>, <4 x i64>)
declare <8 x i64> @llvm.x86.avx512.broadcastmb.512(i8)
declare <16 x i32> @llvm.x86.avx512.broadcastmw.512(i16)
declare <2 x i64> @llvm.x86.avx512.broadcastmb.128(i8)
declare <8 x i32> @llvm.x86.avx512.broadcastmw.256(i16)
"#;

const STORES_AND_COMPARES_LLVM: &str = r#"define void @stores(ptr %p, <4 x float> %a, <2 x double> %b, <8 x float> %c, <4 x i64> %d, <16 x float> %e, <2 x i64> %q, <4 x i32> %i, i8 %m, i16 %w, <16 x i8> %bb, <32 x i8> %cb) {
  %extractelement = extractelement <4 x float> %a, i64 0
  store float %extractelement, ptr %p, align 1, !nontemporal !0
  %extractelement1 = extractelement <2 x double> %b, i64 0
  store double %extractelement1, ptr %p, align 1, !nontemporal !0
  store double 1.000000e+00, ptr %p, align 1, !nontemporal !0
  store <8 x float> %c, ptr %p, align 32, !nontemporal !0
  store <4 x i64> %d, ptr %p, align 32, !nontemporal !0
  store <16 x float> %e, ptr %p, align 64, !nontemporal !0
  %cast = bitcast <4 x i32> %i to <2 x i64>
  %1 = extractelement <2 x i64> %cast, i64 0
  store i64 %1, ptr %p, align 1
  store i64 extractelement (<2 x i64> bitcast (<4 x i32> <i32 1, i32 2, i32 3, i32 4> to <2 x i64>), i64 0), ptr %p, align 1
  store <4 x float> %a, ptr %p, align 1
  store <2 x double> %b, ptr %p, align 1
  store <16 x i8> %bb, ptr %p, align 1
  store <8 x float> %c, ptr %p, align 1
  store <32 x i8> %cb, ptr %p, align 1
  %2 = and i8 %m, 1
  %3 = bitcast i8 %2 to <8 x i1>
  %extract = shufflevector <8 x i1> %3, <8 x i1> %3, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  call void @llvm.masked.store.v4f32.p0(<4 x float> %a, ptr align 1 %p, <4 x i1> %extract)
  call void @llvm.masked.store.v4f32.p0(<4 x float> %a, ptr align 1 %p, <4 x i1> <i1 extractelement (<8 x i1> bitcast (<1 x i8> splat (i8 1) to <8 x i1>), i32 0), i1 extractelement (<8 x i1> bitcast (<1 x i8> splat (i8 1) to <8 x i1>), i32 1), i1 extractelement (<8 x i1> bitcast (<1 x i8> splat (i8 1) to <8 x i1>), i32 2), i1 extractelement (<8 x i1> bitcast (<1 x i8> splat (i8 1) to <8 x i1>), i32 3)>)
  %4 = bitcast i16 %w to <16 x i1>
  call void @llvm.masked.store.v16f32.p0(<16 x float> %e, ptr align 64 %p, <16 x i1> %4)
  store <16 x float> %e, ptr %p, align 64
  %5 = bitcast i16 %w to <16 x i1>
  call void @llvm.masked.store.v16f32.p0(<16 x float> %e, ptr align 1 %p, <16 x i1> %5)
  %6 = bitcast i8 %m to <8 x i1>
  %extract2 = shufflevector <8 x i1> %6, <8 x i1> %6, <2 x i32> <i32 0, i32 1>
  call void @llvm.masked.store.v2f64.p0(<2 x double> %b, ptr align 16 %p, <2 x i1> %extract2)
  %7 = bitcast i8 %m to <8 x i1>
  %extract3 = shufflevector <8 x i1> %7, <8 x i1> %7, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  call void @llvm.masked.store.v4i32.p0(<4 x i32> %i, ptr align 1 %p, <4 x i1> %extract3)
  call void @llvm.masked.store.v4i64.p0(<4 x i64> %d, ptr align 32 %p, <4 x i1> <i1 extractelement (<8 x i1> bitcast (<1 x i8> splat (i8 3) to <8 x i1>), i32 0), i1 extractelement (<8 x i1> bitcast (<1 x i8> splat (i8 3) to <8 x i1>), i32 1), i1 extractelement (<8 x i1> bitcast (<1 x i8> splat (i8 3) to <8 x i1>), i32 2), i1 extractelement (<8 x i1> bitcast (<1 x i8> splat (i8 3) to <8 x i1>), i32 3)>)
  %8 = bitcast i16 %w to <16 x i1>
  call void @llvm.masked.store.v16i8.p0(<16 x i8> %bb, ptr align 1 %p, <16 x i1> %8)
  ret void
}

define void @cmps(<16 x i8> %a, <16 x i8> %b, <8 x i32> %c, <8 x i32> %d, <4 x i64> %q, i8 %m8, i16 %m16, ptr %out) {
  %1 = icmp eq <16 x i8> %a, %b
  %2 = sext <16 x i1> %1 to <16 x i8>
  store <16 x i8> %2, ptr %out, align 16
  %3 = icmp sgt <16 x i8> %a, %b
  %4 = sext <16 x i1> %3 to <16 x i8>
  store <16 x i8> %4, ptr %out, align 16
  %5 = icmp eq <8 x i32> %c, %d
  %6 = sext <8 x i1> %5 to <8 x i32>
  store <8 x i32> %6, ptr %out, align 32
  %7 = icmp sgt <4 x i64> %q, zeroinitializer
  %8 = sext <4 x i1> %7 to <4 x i64>
  store <4 x i64> %8, ptr %out, align 32
  store <16 x i8> zeroinitializer, ptr %out, align 16
  %9 = zext i8 %m8 to i64
  %.splatinsert = insertelement <8 x i64> poison, i64 %9, i64 0
  %.splat = shufflevector <8 x i64> %.splatinsert, <8 x i64> poison, <8 x i32> zeroinitializer
  store <8 x i64> %.splat, ptr %out, align 64
  %10 = zext i16 %m16 to i32
  %.splatinsert1 = insertelement <16 x i32> poison, i32 %10, i64 0
  %.splat2 = shufflevector <16 x i32> %.splatinsert1, <16 x i32> poison, <16 x i32> zeroinitializer
  store <16 x i32> %.splat2, ptr %out, align 64
  %11 = zext i8 %m8 to i64
  %.splatinsert3 = insertelement <2 x i64> poison, i64 %11, i64 0
  %.splat4 = shufflevector <2 x i64> %.splatinsert3, <2 x i64> poison, <2 x i32> zeroinitializer
  store <2 x i64> %.splat4, ptr %out, align 16
  store <8 x i32> splat (i32 7), ptr %out, align 32
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: write)
declare void @llvm.masked.store.v4f32.p0(<4 x float>, ptr captures(none), <4 x i1>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: write)
declare void @llvm.masked.store.v16f32.p0(<16 x float>, ptr captures(none), <16 x i1>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: write)
declare void @llvm.masked.store.v2f64.p0(<2 x double>, ptr captures(none), <2 x i1>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: write)
declare void @llvm.masked.store.v4i32.p0(<4 x i32>, ptr captures(none), <4 x i1>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: write)
declare void @llvm.masked.store.v4i64.p0(<4 x i64>, ptr captures(none), <4 x i1>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: write)
declare void @llvm.masked.store.v16i8.p0(<16 x i8>, ptr captures(none), <16 x i1>) #0

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(argmem: write) }

!0 = !{i32 1}
"#;

const SQRT_PTEST_KMASK_SCALAR_ARITH: &str = r#"define void @sqrt(<4 x float> %a, <2 x double> %b, <8 x float> %c, <16 x float> %e, <8 x double> %f, i16 %w, i8 %m, ptr %out) {
  %s1 = call <4 x float> @llvm.x86.sse.sqrt.ss(<4 x float> %a)
  store <4 x float> %s1, ptr %out
  %s2 = call fast <2 x double> @llvm.x86.sse2.sqrt.sd(<2 x double> %b)
  store <2 x double> %s2, ptr %out
  %s3 = call <4 x float> @llvm.x86.sse.sqrt.ps(<4 x float> %a)
  store <4 x float> %s3, ptr %out
  %s4 = call nnan <2 x double> @llvm.x86.sse2.sqrt.pd(<2 x double> %b)
  store <2 x double> %s4, ptr %out
  %s5 = call <8 x float> @llvm.x86.avx.sqrt.ps.256(<8 x float> %c)
  store <8 x float> %s5, ptr %out
  %s6 = call <16 x float> @llvm.x86.avx512.mask.sqrt.ps.512(<16 x float> %e, <16 x float> zeroinitializer, i16 %w, i32 4)
  store <16 x float> %s6, ptr %out
  %s7 = call <16 x float> @llvm.x86.avx512.mask.sqrt.ps.512(<16 x float> %e, <16 x float> %e, i16 -1, i32 11)
  store <16 x float> %s7, ptr %out
  %s8 = call <8 x double> @llvm.x86.avx512.mask.sqrt.pd.512(<8 x double> %f, <8 x double> %f, i8 %m, i32 10)
  store <8 x double> %s8, ptr %out
  %s9 = call <4 x float> @llvm.x86.avx512.mask.sqrt.ps.128(<4 x float> %a, <4 x float> %a, i8 %m)
  store <4 x float> %s9, ptr %out
  %s10 = call <4 x float> @llvm.x86.sse.sqrt.ss(<4 x float> <float 4.0, float 1.0, float 2.0, float 3.0>)
  store <4 x float> %s10, ptr %out
  ret void
}
declare <4 x float> @llvm.x86.sse.sqrt.ss(<4 x float>)
declare <2 x double> @llvm.x86.sse2.sqrt.sd(<2 x double>)
declare <4 x float> @llvm.x86.sse.sqrt.ps(<4 x float>)
declare <2 x double> @llvm.x86.sse2.sqrt.pd(<2 x double>)
declare <8 x float> @llvm.x86.avx.sqrt.ps.256(<8 x float>)
declare <16 x float> @llvm.x86.avx512.mask.sqrt.ps.512(<16 x float>, <16 x float>, i16, i32)
declare <8 x double> @llvm.x86.avx512.mask.sqrt.pd.512(<8 x double>, <8 x double>, i8, i32)
declare <4 x float> @llvm.x86.avx512.mask.sqrt.ps.128(<4 x float>, <4 x float>, i8)

define void @ptest(<16 x i32> %a, <16 x i32> %b, <2 x i64> %c, <2 x i64> %d, <32 x i8> %e, i16 %w, i8 %m, i32 %k, ptr %out) {
  %p1 = call i16 @llvm.x86.avx512.ptestm.d.512(<16 x i32> %a, <16 x i32> %b, i16 %w)
  store i16 %p1, ptr %out
  %p2 = call i16 @llvm.x86.avx512.ptestnm.d.512(<16 x i32> %a, <16 x i32> %b, i16 -1)
  store i16 %p2, ptr %out
  %p3 = call i8 @llvm.x86.avx512.ptestm.q.128(<2 x i64> %c, <2 x i64> %d, i8 %m)
  store i8 %p3, ptr %out
  %p4 = call i32 @llvm.x86.avx512.ptestnm.b.256(<32 x i8> %e, <32 x i8> %e, i32 %k)
  store i32 %p4, ptr %out
  %b1 = call <16 x i32> @llvm.x86.avx512.mask.pbroadcast.d.gpr.512(i32 %k, <16 x i32> %a, i16 %w)
  store <16 x i32> %b1, ptr %out
  %b2 = call <2 x i64> @llvm.x86.avx512.mask.pbroadcast.q.gpr.128(i64 5, <2 x i64> %c, i8 %m)
  store <2 x i64> %b2, ptr %out
  %b3 = call <16 x i32> @llvm.x86.avx512.mask.pbroadcast.d.gpr.512(i32 %k, <16 x i32> %a, i16 -1)
  store <16 x i32> %b3, ptr %out
  ret void
}
declare i16 @llvm.x86.avx512.ptestm.d.512(<16 x i32>, <16 x i32>, i16)
declare i16 @llvm.x86.avx512.ptestnm.d.512(<16 x i32>, <16 x i32>, i16)
declare i8 @llvm.x86.avx512.ptestm.q.128(<2 x i64>, <2 x i64>, i8)
declare i32 @llvm.x86.avx512.ptestnm.b.256(<32 x i8>, <32 x i8>, i32)
declare <16 x i32> @llvm.x86.avx512.mask.pbroadcast.d.gpr.512(i32, <16 x i32>, i16)
declare <2 x i64> @llvm.x86.avx512.mask.pbroadcast.q.gpr.128(i64, <2 x i64>, i8)

define void @kops(i16 %a, i16 %b, i32 %c, i32 %d, i64 %e, i64 %f, ptr %out) {
  %k1 = call i16 @llvm.x86.avx512.kunpck.bw(i16 %a, i16 %b)
  store i16 %k1, ptr %out
  %k2 = call i32 @llvm.x86.avx512.kunpck.wd(i32 %c, i32 %d)
  store i32 %k2, ptr %out
  %k3 = call i64 @llvm.x86.avx512.kunpck.dq(i64 %e, i64 %f)
  store i64 %k3, ptr %out
  %k4 = call i16 @llvm.x86.avx512.kand.w(i16 %a, i16 %b)
  store i16 %k4, ptr %out
  %k5 = call i16 @llvm.x86.avx512.kandn.w(i16 %a, i16 %b)
  store i16 %k5, ptr %out
  %k6 = call i16 @llvm.x86.avx512.kor.w(i16 %a, i16 %b)
  store i16 %k6, ptr %out
  %k7 = call i16 @llvm.x86.avx512.kxor.w(i16 %a, i16 %b)
  store i16 %k7, ptr %out
  %k8 = call i16 @llvm.x86.avx512.kxnor.w(i16 %a, i16 %b)
  store i16 %k8, ptr %out
  %k9 = call i16 @llvm.x86.avx512.knot.w(i16 %a)
  store i16 %k9, ptr %out
  %k10 = call i32 @llvm.x86.avx512.kortestz.w(i16 %a, i16 %b)
  store i32 %k10, ptr %out
  %k11 = call i32 @llvm.x86.avx512.kortestc.w(i16 %a, i16 %b)
  store i32 %k11, ptr %out
  %k12 = call i16 @llvm.x86.avx512.kor.w(i16 %a, i16 0)
  store i16 %k12, ptr %out
  %k13 = call i16 @llvm.x86.avx512.kand.w(i16 3, i16 5)
  store i16 %k13, ptr %out
  %k14 = call i16 @llvm.x86.avx512.knot.w(i16 3)
  store i16 %k14, ptr %out
  %k15 = call i32 @llvm.x86.avx512.kortestc.w(i16 0, i16 %b)
  store i32 %k15, ptr %out
  %k16 = call i16 @llvm.x86.avx512.kunpck.bw(i16 1, i16 2)
  store i16 %k16, ptr %out
  ret void
}
declare i16 @llvm.x86.avx512.kunpck.bw(i16, i16)
declare i32 @llvm.x86.avx512.kunpck.wd(i32, i32)
declare i64 @llvm.x86.avx512.kunpck.dq(i64, i64)
declare i16 @llvm.x86.avx512.kand.w(i16, i16)
declare i16 @llvm.x86.avx512.kandn.w(i16, i16)
declare i16 @llvm.x86.avx512.kor.w(i16, i16)
declare i16 @llvm.x86.avx512.kxor.w(i16, i16)
declare i16 @llvm.x86.avx512.kxnor.w(i16, i16)
declare i16 @llvm.x86.avx512.knot.w(i16)
declare i32 @llvm.x86.avx512.kortestz.w(i16, i16)
declare i32 @llvm.x86.avx512.kortestc.w(i16, i16)

define void @arith(<4 x float> %a, <4 x float> %b, <2 x double> %c, <2 x double> %d, ptr %out) {
  %r1 = call <4 x float> @llvm.x86.sse.add.ss(<4 x float> %a, <4 x float> %b)
  store <4 x float> %r1, ptr %out
  %r2 = call nsz <4 x float> @llvm.x86.sse.sub.ss(<4 x float> %a, <4 x float> %b)
  store <4 x float> %r2, ptr %out
  %r3 = call <4 x float> @llvm.x86.sse.mul.ss(<4 x float> %a, <4 x float> <float 2.0, float 0.0, float 0.0, float 0.0>)
  store <4 x float> %r3, ptr %out
  %r4 = call <4 x float> @llvm.x86.sse.div.ss(<4 x float> %a, <4 x float> %b)
  store <4 x float> %r4, ptr %out
  %r5 = call <2 x double> @llvm.x86.sse2.add.sd(<2 x double> %c, <2 x double> %d)
  store <2 x double> %r5, ptr %out
  %r6 = call <2 x double> @llvm.x86.sse2.sub.sd(<2 x double> %c, <2 x double> %d)
  store <2 x double> %r6, ptr %out
  %r7 = call <2 x double> @llvm.x86.sse2.mul.sd(<2 x double> %c, <2 x double> %d)
  store <2 x double> %r7, ptr %out
  %r8 = call <2 x double> @llvm.x86.sse2.div.sd(<2 x double> <double 1.0, double 2.0>, <2 x double> <double 4.0, double 8.0>)
  store <2 x double> %r8, ptr %out
  ret void
}
declare <4 x float> @llvm.x86.sse.add.ss(<4 x float>, <4 x float>)
declare <4 x float> @llvm.x86.sse.sub.ss(<4 x float>, <4 x float>)
declare <4 x float> @llvm.x86.sse.mul.ss(<4 x float>, <4 x float>)
declare <4 x float> @llvm.x86.sse.div.ss(<4 x float>, <4 x float>)
declare <2 x double> @llvm.x86.sse2.add.sd(<2 x double>, <2 x double>)
declare <2 x double> @llvm.x86.sse2.sub.sd(<2 x double>, <2 x double>)
declare <2 x double> @llvm.x86.sse2.mul.sd(<2 x double>, <2 x double>)
declare <2 x double> @llvm.x86.sse2.div.sd(<2 x double>, <2 x double>)
"#;

const SQRT_PTEST_KMASK_SCALAR_ARITH_LLVM: &str = r#"define void @sqrt(<4 x float> %a, <2 x double> %b, <8 x float> %c, <16 x float> %e, <8 x double> %f, i16 %w, i8 %m, ptr %out) {
  %1 = extractelement <4 x float> %a, i64 0
  %2 = call float @llvm.sqrt.f32(float %1)
  %3 = insertelement <4 x float> %a, float %2, i64 0
  store <4 x float> %3, ptr %out, align 16
  %4 = extractelement <2 x double> %b, i64 0
  %5 = call double @llvm.sqrt.f64(double %4)
  %6 = insertelement <2 x double> %b, double %5, i64 0
  store <2 x double> %6, ptr %out, align 16
  %7 = call <4 x float> @llvm.sqrt.v4f32(<4 x float> %a)
  store <4 x float> %7, ptr %out, align 16
  %8 = call <2 x double> @llvm.sqrt.v2f64(<2 x double> %b)
  store <2 x double> %8, ptr %out, align 16
  %9 = call <8 x float> @llvm.sqrt.v8f32(<8 x float> %c)
  store <8 x float> %9, ptr %out, align 32
  %10 = call <16 x float> @llvm.sqrt.v16f32(<16 x float> %e)
  %11 = bitcast i16 %w to <16 x i1>
  %12 = select <16 x i1> %11, <16 x float> %10, <16 x float> zeroinitializer
  store <16 x float> %12, ptr %out, align 64
  %13 = call <16 x float> @llvm.x86.avx512.sqrt.ps.512(<16 x float> %e, i32 11)
  store <16 x float> %13, ptr %out, align 64
  %14 = call <8 x double> @llvm.x86.avx512.sqrt.pd.512(<8 x double> %f, i32 10)
  %15 = bitcast i8 %m to <8 x i1>
  %16 = select <8 x i1> %15, <8 x double> %14, <8 x double> %f
  store <8 x double> %16, ptr %out, align 64
  %17 = call <4 x float> @llvm.sqrt.v4f32(<4 x float> %a)
  %18 = bitcast i8 %m to <8 x i1>
  %extract = shufflevector <8 x i1> %18, <8 x i1> %18, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %19 = select <4 x i1> %extract, <4 x float> %17, <4 x float> %a
  store <4 x float> %19, ptr %out, align 16
  %20 = call float @llvm.sqrt.f32(float 4.000000e+00)
  %21 = insertelement <4 x float> <float 4.000000e+00, float 1.000000e+00, float 2.000000e+00, float 3.000000e+00>, float %20, i64 0
  store <4 x float> %21, ptr %out, align 16
  ret void
}

define void @ptest(<16 x i32> %a, <16 x i32> %b, <2 x i64> %c, <2 x i64> %d, <32 x i8> %e, i16 %w, i8 %m, i32 %k, ptr %out) {
  %1 = and <16 x i32> %a, %b
  %2 = icmp ne <16 x i32> %1, zeroinitializer
  %3 = bitcast i16 %w to <16 x i1>
  %4 = and <16 x i1> %2, %3
  %5 = bitcast <16 x i1> %4 to i16
  store i16 %5, ptr %out, align 2
  %6 = and <16 x i32> %a, %b
  %7 = icmp eq <16 x i32> %6, zeroinitializer
  %8 = bitcast <16 x i1> %7 to i16
  store i16 %8, ptr %out, align 2
  %9 = and <2 x i64> %c, %d
  %10 = icmp ne <2 x i64> %9, zeroinitializer
  %11 = bitcast i8 %m to <8 x i1>
  %extract = shufflevector <8 x i1> %11, <8 x i1> %11, <2 x i32> <i32 0, i32 1>
  %12 = and <2 x i1> %10, %extract
  %13 = shufflevector <2 x i1> %12, <2 x i1> zeroinitializer, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 2, i32 3, i32 2, i32 3>
  %14 = bitcast <8 x i1> %13 to i8
  store i8 %14, ptr %out, align 1
  %15 = and <32 x i8> %e, %e
  %16 = icmp eq <32 x i8> %15, zeroinitializer
  %17 = bitcast i32 %k to <32 x i1>
  %18 = and <32 x i1> %16, %17
  %19 = bitcast <32 x i1> %18 to i32
  store i32 %19, ptr %out, align 4
  %.splatinsert = insertelement <16 x i32> poison, i32 %k, i64 0
  %.splat = shufflevector <16 x i32> %.splatinsert, <16 x i32> poison, <16 x i32> zeroinitializer
  %20 = bitcast i16 %w to <16 x i1>
  %21 = select <16 x i1> %20, <16 x i32> %.splat, <16 x i32> %a
  store <16 x i32> %21, ptr %out, align 64
  %22 = bitcast i8 %m to <8 x i1>
  %extract3 = shufflevector <8 x i1> %22, <8 x i1> %22, <2 x i32> <i32 0, i32 1>
  %23 = select <2 x i1> %extract3, <2 x i64> splat (i64 5), <2 x i64> %c
  store <2 x i64> %23, ptr %out, align 16
  %.splatinsert1 = insertelement <16 x i32> poison, i32 %k, i64 0
  %.splat2 = shufflevector <16 x i32> %.splatinsert1, <16 x i32> poison, <16 x i32> zeroinitializer
  store <16 x i32> %.splat2, ptr %out, align 64
  ret void
}

define void @kops(i16 %a, i16 %b, i32 %c, i32 %d, i64 %e, i64 %f, ptr %out) {
  %1 = bitcast i16 %a to <16 x i1>
  %2 = bitcast i16 %b to <16 x i1>
  %3 = shufflevector <16 x i1> %1, <16 x i1> %1, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %4 = shufflevector <16 x i1> %2, <16 x i1> %2, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %5 = shufflevector <8 x i1> %4, <8 x i1> %3, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %6 = bitcast <16 x i1> %5 to i16
  store i16 %6, ptr %out, align 2
  %7 = bitcast i32 %c to <32 x i1>
  %8 = bitcast i32 %d to <32 x i1>
  %9 = shufflevector <32 x i1> %7, <32 x i1> %7, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %10 = shufflevector <32 x i1> %8, <32 x i1> %8, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %11 = shufflevector <16 x i1> %10, <16 x i1> %9, <32 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15, i32 16, i32 17, i32 18, i32 19, i32 20, i32 21, i32 22, i32 23, i32 24, i32 25, i32 26, i32 27, i32 28, i32 29, i32 30, i32 31>
  %12 = bitcast <32 x i1> %11 to i32
  store i32 %12, ptr %out, align 4
  %13 = bitcast i64 %e to <64 x i1>
  %14 = bitcast i64 %f to <64 x i1>
  %15 = shufflevector <64 x i1> %13, <64 x i1> %13, <32 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15, i32 16, i32 17, i32 18, i32 19, i32 20, i32 21, i32 22, i32 23, i32 24, i32 25, i32 26, i32 27, i32 28, i32 29, i32 30, i32 31>
  %16 = shufflevector <64 x i1> %14, <64 x i1> %14, <32 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15, i32 16, i32 17, i32 18, i32 19, i32 20, i32 21, i32 22, i32 23, i32 24, i32 25, i32 26, i32 27, i32 28, i32 29, i32 30, i32 31>
  %17 = shufflevector <32 x i1> %16, <32 x i1> %15, <64 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15, i32 16, i32 17, i32 18, i32 19, i32 20, i32 21, i32 22, i32 23, i32 24, i32 25, i32 26, i32 27, i32 28, i32 29, i32 30, i32 31, i32 32, i32 33, i32 34, i32 35, i32 36, i32 37, i32 38, i32 39, i32 40, i32 41, i32 42, i32 43, i32 44, i32 45, i32 46, i32 47, i32 48, i32 49, i32 50, i32 51, i32 52, i32 53, i32 54, i32 55, i32 56, i32 57, i32 58, i32 59, i32 60, i32 61, i32 62, i32 63>
  %18 = bitcast <64 x i1> %17 to i64
  store i64 %18, ptr %out, align 4
  %19 = bitcast i16 %a to <16 x i1>
  %20 = bitcast i16 %b to <16 x i1>
  %21 = and <16 x i1> %19, %20
  %22 = bitcast <16 x i1> %21 to i16
  store i16 %22, ptr %out, align 2
  %23 = bitcast i16 %a to <16 x i1>
  %24 = bitcast i16 %b to <16 x i1>
  %25 = xor <16 x i1> %23, splat (i1 true)
  %26 = and <16 x i1> %25, %24
  %27 = bitcast <16 x i1> %26 to i16
  store i16 %27, ptr %out, align 2
  %28 = bitcast i16 %a to <16 x i1>
  %29 = bitcast i16 %b to <16 x i1>
  %30 = or <16 x i1> %28, %29
  %31 = bitcast <16 x i1> %30 to i16
  store i16 %31, ptr %out, align 2
  %32 = bitcast i16 %a to <16 x i1>
  %33 = bitcast i16 %b to <16 x i1>
  %34 = xor <16 x i1> %32, %33
  %35 = bitcast <16 x i1> %34 to i16
  store i16 %35, ptr %out, align 2
  %36 = bitcast i16 %a to <16 x i1>
  %37 = bitcast i16 %b to <16 x i1>
  %38 = xor <16 x i1> %36, splat (i1 true)
  %39 = xor <16 x i1> %38, %37
  %40 = bitcast <16 x i1> %39 to i16
  store i16 %40, ptr %out, align 2
  %41 = bitcast i16 %a to <16 x i1>
  %42 = xor <16 x i1> %41, splat (i1 true)
  %43 = bitcast <16 x i1> %42 to i16
  store i16 %43, ptr %out, align 2
  %44 = bitcast i16 %a to <16 x i1>
  %45 = bitcast i16 %b to <16 x i1>
  %46 = or <16 x i1> %44, %45
  %47 = bitcast <16 x i1> %46 to i16
  %48 = icmp eq i16 %47, 0
  %49 = zext i1 %48 to i32
  store i32 %49, ptr %out, align 4
  %50 = bitcast i16 %a to <16 x i1>
  %51 = bitcast i16 %b to <16 x i1>
  %52 = or <16 x i1> %50, %51
  %53 = bitcast <16 x i1> %52 to i16
  %54 = icmp eq i16 %53, -1
  %55 = zext i1 %54 to i32
  store i32 %55, ptr %out, align 4
  %56 = bitcast i16 %a to <16 x i1>
  %57 = or <16 x i1> %56, zeroinitializer
  %58 = bitcast <16 x i1> %57 to i16
  store i16 %58, ptr %out, align 2
  %59 = and <16 x i1> bitcast (<1 x i16> splat (i16 3) to <16 x i1>), bitcast (<1 x i16> splat (i16 5) to <16 x i1>)
  %60 = bitcast <16 x i1> %59 to i16
  store i16 %60, ptr %out, align 2
  store i16 bitcast (<16 x i1> <i1 xor (i1 extractelement (<16 x i1> bitcast (<1 x i16> splat (i16 3) to <16 x i1>), i32 0), i1 true), i1 xor (i1 extractelement (<16 x i1> bitcast (<1 x i16> splat (i16 3) to <16 x i1>), i32 1), i1 true), i1 xor (i1 extractelement (<16 x i1> bitcast (<1 x i16> splat (i16 3) to <16 x i1>), i32 2), i1 true), i1 xor (i1 extractelement (<16 x i1> bitcast (<1 x i16> splat (i16 3) to <16 x i1>), i32 3), i1 true), i1 xor (i1 extractelement (<16 x i1> bitcast (<1 x i16> splat (i16 3) to <16 x i1>), i32 4), i1 true), i1 xor (i1 extractelement (<16 x i1> bitcast (<1 x i16> splat (i16 3) to <16 x i1>), i32 5), i1 true), i1 xor (i1 extractelement (<16 x i1> bitcast (<1 x i16> splat (i16 3) to <16 x i1>), i32 6), i1 true), i1 xor (i1 extractelement (<16 x i1> bitcast (<1 x i16> splat (i16 3) to <16 x i1>), i32 7), i1 true), i1 xor (i1 extractelement (<16 x i1> bitcast (<1 x i16> splat (i16 3) to <16 x i1>), i32 8), i1 true), i1 xor (i1 extractelement (<16 x i1> bitcast (<1 x i16> splat (i16 3) to <16 x i1>), i32 9), i1 true), i1 xor (i1 extractelement (<16 x i1> bitcast (<1 x i16> splat (i16 3) to <16 x i1>), i32 10), i1 true), i1 xor (i1 extractelement (<16 x i1> bitcast (<1 x i16> splat (i16 3) to <16 x i1>), i32 11), i1 true), i1 xor (i1 extractelement (<16 x i1> bitcast (<1 x i16> splat (i16 3) to <16 x i1>), i32 12), i1 true), i1 xor (i1 extractelement (<16 x i1> bitcast (<1 x i16> splat (i16 3) to <16 x i1>), i32 13), i1 true), i1 xor (i1 extractelement (<16 x i1> bitcast (<1 x i16> splat (i16 3) to <16 x i1>), i32 14), i1 true), i1 xor (i1 extractelement (<16 x i1> bitcast (<1 x i16> splat (i16 3) to <16 x i1>), i32 15), i1 true)> to i16), ptr %out, align 2
  %61 = bitcast i16 %b to <16 x i1>
  %62 = or <16 x i1> zeroinitializer, %61
  %63 = bitcast <16 x i1> %62 to i16
  %64 = icmp eq i16 %63, -1
  %65 = zext i1 %64 to i32
  store i32 %65, ptr %out, align 4
  store i16 bitcast (<16 x i1> <i1 extractelement (<16 x i1> bitcast (<1 x i16> splat (i16 2) to <16 x i1>), i32 0), i1 extractelement (<16 x i1> bitcast (<1 x i16> splat (i16 2) to <16 x i1>), i32 1), i1 extractelement (<16 x i1> bitcast (<1 x i16> splat (i16 2) to <16 x i1>), i32 2), i1 extractelement (<16 x i1> bitcast (<1 x i16> splat (i16 2) to <16 x i1>), i32 3), i1 extractelement (<16 x i1> bitcast (<1 x i16> splat (i16 2) to <16 x i1>), i32 4), i1 extractelement (<16 x i1> bitcast (<1 x i16> splat (i16 2) to <16 x i1>), i32 5), i1 extractelement (<16 x i1> bitcast (<1 x i16> splat (i16 2) to <16 x i1>), i32 6), i1 extractelement (<16 x i1> bitcast (<1 x i16> splat (i16 2) to <16 x i1>), i32 7), i1 extractelement (<16 x i1> bitcast (<1 x i16> splat (i16 1) to <16 x i1>), i32 0), i1 extractelement (<16 x i1> bitcast (<1 x i16> splat (i16 1) to <16 x i1>), i32 1), i1 extractelement (<16 x i1> bitcast (<1 x i16> splat (i16 1) to <16 x i1>), i32 2), i1 extractelement (<16 x i1> bitcast (<1 x i16> splat (i16 1) to <16 x i1>), i32 3), i1 extractelement (<16 x i1> bitcast (<1 x i16> splat (i16 1) to <16 x i1>), i32 4), i1 extractelement (<16 x i1> bitcast (<1 x i16> splat (i16 1) to <16 x i1>), i32 5), i1 extractelement (<16 x i1> bitcast (<1 x i16> splat (i16 1) to <16 x i1>), i32 6), i1 extractelement (<16 x i1> bitcast (<1 x i16> splat (i16 1) to <16 x i1>), i32 7)> to i16), ptr %out, align 2
  ret void
}

define void @arith(<4 x float> %a, <4 x float> %b, <2 x double> %c, <2 x double> %d, ptr %out) {
  %1 = extractelement <4 x float> %a, i32 0
  %2 = extractelement <4 x float> %b, i32 0
  %3 = fadd float %1, %2
  %4 = insertelement <4 x float> %a, float %3, i32 0
  store <4 x float> %4, ptr %out, align 16
  %5 = extractelement <4 x float> %a, i32 0
  %6 = extractelement <4 x float> %b, i32 0
  %7 = fsub float %5, %6
  %8 = insertelement <4 x float> %a, float %7, i32 0
  store <4 x float> %8, ptr %out, align 16
  %9 = extractelement <4 x float> %a, i32 0
  %10 = fmul float %9, 2.000000e+00
  %11 = insertelement <4 x float> %a, float %10, i32 0
  store <4 x float> %11, ptr %out, align 16
  %12 = extractelement <4 x float> %a, i32 0
  %13 = extractelement <4 x float> %b, i32 0
  %14 = fdiv float %12, %13
  %15 = insertelement <4 x float> %a, float %14, i32 0
  store <4 x float> %15, ptr %out, align 16
  %16 = extractelement <2 x double> %c, i32 0
  %17 = extractelement <2 x double> %d, i32 0
  %18 = fadd double %16, %17
  %19 = insertelement <2 x double> %c, double %18, i32 0
  store <2 x double> %19, ptr %out, align 16
  %20 = extractelement <2 x double> %c, i32 0
  %21 = extractelement <2 x double> %d, i32 0
  %22 = fsub double %20, %21
  %23 = insertelement <2 x double> %c, double %22, i32 0
  store <2 x double> %23, ptr %out, align 16
  %24 = extractelement <2 x double> %c, i32 0
  %25 = extractelement <2 x double> %d, i32 0
  %26 = fmul double %24, %25
  %27 = insertelement <2 x double> %c, double %26, i32 0
  store <2 x double> %27, ptr %out, align 16
  store <2 x double> <double 2.500000e-01, double 2.000000e+00>, ptr %out, align 16
  ret void
}

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.sqrt.f32(float) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.sqrt.f64(double) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <4 x float> @llvm.sqrt.v4f32(<4 x float>) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x double> @llvm.sqrt.v2f64(<2 x double>) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <8 x float> @llvm.sqrt.v8f32(<8 x float>) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <16 x float> @llvm.sqrt.v16f32(<16 x float>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <16 x float> @llvm.x86.avx512.sqrt.ps.512(<16 x float>, i32 immarg) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <8 x double> @llvm.x86.avx512.sqrt.pd.512(<8 x double>, i32 immarg) #1

attributes #0 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(none) }
"#;

const MASKED_COMPARES_AND_INTEGER_OPS: &str = r#"define void @mcmp(<16 x i32> %a, <16 x i32> %b, <4 x i32> %c, <4 x i32> %d, <64 x i8> %e, <64 x i8> %f, <8 x i64> %q, i16 %w, i8 %m, i64 %l, ptr %out) {
  %c1 = call i16 @llvm.x86.avx512.mask.pcmpeq.d.512(<16 x i32> %a, <16 x i32> %b, i16 %w)
  store i16 %c1, ptr %out
  %c2 = call i8 @llvm.x86.avx512.mask.pcmpgt.d.128(<4 x i32> %c, <4 x i32> %d, i8 %m)
  store i8 %c2, ptr %out
  %c3 = call i64 @llvm.x86.avx512.mask.pcmpeq.b.512(<64 x i8> %e, <64 x i8> %f, i64 -1)
  store i64 %c3, ptr %out
  %c4 = call i16 @llvm.x86.avx512.mask.cmp.d.512(<16 x i32> %a, <16 x i32> %b, i32 1, i16 %w)
  store i16 %c4, ptr %out
  %c5 = call i16 @llvm.x86.avx512.mask.cmp.d.512(<16 x i32> %a, <16 x i32> %b, i32 3, i16 %w)
  store i16 %c5, ptr %out
  %c6 = call i16 @llvm.x86.avx512.mask.cmp.d.512(<16 x i32> %a, <16 x i32> %b, i32 7, i16 -1)
  store i16 %c6, ptr %out
  %c7 = call i8 @llvm.x86.avx512.mask.ucmp.d.128(<4 x i32> %c, <4 x i32> %d, i32 2, i8 %m)
  store i8 %c7, ptr %out
  %c8 = call i8 @llvm.x86.avx512.mask.ucmp.q.512(<8 x i64> %q, <8 x i64> %q, i32 5, i8 %m)
  store i8 %c8, ptr %out
  %c9 = call i8 @llvm.x86.avx512.mask.ucmp.d.128(<4 x i32> %c, <4 x i32> %d, i32 6, i8 -1)
  store i8 %c9, ptr %out
  %c10 = call i64 @llvm.x86.avx512.mask.vpshufbitqmb.512(<64 x i8> %e, <64 x i8> %f, i64 %l)
  store i64 %c10, ptr %out
  %c11 = call i16 @llvm.x86.avx512.mask.vpshufbitqmb.128(<16 x i8> zeroinitializer, <16 x i8> zeroinitializer, i16 %w)
  store i16 %c11, ptr %out
  %m1 = call i16 @llvm.x86.avx512.cvtb2mask.128(<16 x i8> zeroinitializer)
  store i16 %m1, ptr %out
  %m2 = call i8 @llvm.x86.avx512.cvtd2mask.128(<4 x i32> %c)
  store i8 %m2, ptr %out
  %m3 = call i8 @llvm.x86.avx512.cvtq2mask.512(<8 x i64> %q)
  store i8 %m3, ptr %out
  %m4 = call i32 @llvm.x86.avx512.cvtw2mask.512(<32 x i16> zeroinitializer)
  store i32 %m4, ptr %out
  ret void
}
declare i16 @llvm.x86.avx512.mask.pcmpeq.d.512(<16 x i32>, <16 x i32>, i16)
declare i8 @llvm.x86.avx512.mask.pcmpgt.d.128(<4 x i32>, <4 x i32>, i8)
declare i64 @llvm.x86.avx512.mask.pcmpeq.b.512(<64 x i8>, <64 x i8>, i64)
declare i16 @llvm.x86.avx512.mask.cmp.d.512(<16 x i32>, <16 x i32>, i32, i16)
declare i8 @llvm.x86.avx512.mask.ucmp.d.128(<4 x i32>, <4 x i32>, i32, i8)
declare i8 @llvm.x86.avx512.mask.ucmp.q.512(<8 x i64>, <8 x i64>, i32, i8)
declare i64 @llvm.x86.avx512.mask.vpshufbitqmb.512(<64 x i8>, <64 x i8>, i64)
declare i16 @llvm.x86.avx512.mask.vpshufbitqmb.128(<16 x i8>, <16 x i8>, i16)
declare i16 @llvm.x86.avx512.cvtb2mask.128(<16 x i8>)
declare i8 @llvm.x86.avx512.cvtd2mask.128(<4 x i32>)
declare i8 @llvm.x86.avx512.cvtq2mask.512(<8 x i64>)
declare i32 @llvm.x86.avx512.cvtw2mask.512(<32 x i16>)

define void @fpc(<4 x float> %a, <8 x double> %b, <16 x float> %e, <2 x double> %d, <8 x float> %c, i8 %m, i16 %w, i32 %r, ptr %out) {
  %f1 = call i8 @llvm.x86.avx512.mask.fpclass.ps.128(<4 x float> %a, i32 4, i8 %m)
  store i8 %f1, ptr %out
  %f2 = call i8 @llvm.x86.avx512.mask.fpclass.pd.512(<8 x double> %b, i32 2, i8 -1)
  store i8 %f2, ptr %out
  %f3 = call i16 @llvm.x86.avx512.mask.fpclass.ps.512(<16 x float> %e, i32 2, i16 %w)
  store i16 %f3, ptr %out
  %x1 = call <16 x i1> @llvm.x86.avx512.cmp.ps.512(<16 x float> %e, <16 x float> %e, i32 2, i32 8)
  store <16 x i1> %x1, ptr %out
  %x2 = call <2 x i1> @llvm.x86.avx512.cmp.pd.128(<2 x double> %d, <2 x double> zeroinitializer, i32 5)
  store <2 x i1> %x2, ptr %out
  %x3 = call <8 x i1> @llvm.x86.avx512.cmp.ps.256(<8 x float> %c, <8 x float> %c, i32 1)
  store <8 x i1> %x3, ptr %out
  %x4 = call <8 x i1> @llvm.x86.avx512.cmp.pd.512(<8 x double> %b, <8 x double> %b, i32 1, i32 4)
  store <8 x i1> %x4, ptr %out
  ret void
}
declare i8 @llvm.x86.avx512.mask.fpclass.ps.128(<4 x float>, i32, i8)
declare i8 @llvm.x86.avx512.mask.fpclass.pd.512(<8 x double>, i32, i8)
declare i16 @llvm.x86.avx512.mask.fpclass.ps.512(<16 x float>, i32, i16)
declare <16 x i1> @llvm.x86.avx512.cmp.ps.512(<16 x float>, <16 x float>, i32, i32)
declare <2 x i1> @llvm.x86.avx512.cmp.pd.128(<2 x double>, <2 x double>, i32)
declare <8 x i1> @llvm.x86.avx512.cmp.ps.256(<8 x float>, <8 x float>, i32)
declare <8 x i1> @llvm.x86.avx512.cmp.pd.512(<8 x double>, <8 x double>, i32, i32)

define void @intops(<16 x i8> %a, <16 x i8> %b, <8 x i16> %c, <4 x i32> %d, <8 x i32> %e, <16 x i32> %f, <8 x i64> %q, <2 x i64> %q2, i16 %w, i8 %m, ptr %out) {
  %a1 = call <16 x i8> @llvm.x86.ssse3.pabs.b.128(<16 x i8> %a)
  store <16 x i8> %a1, ptr %out
  %a2 = call <8 x i32> @llvm.x86.avx2.pabs.d(<8 x i32> %e)
  store <8 x i32> %a2, ptr %out
  %a3 = call <16 x i32> @llvm.x86.avx512.mask.pabs.d.512(<16 x i32> %f, <16 x i32> %f, i16 %w)
  store <16 x i32> %a3, ptr %out
  %a4 = call <8 x i64> @llvm.x86.avx512.mask.pabs.q.512(<8 x i64> %q, <8 x i64> zeroinitializer, i8 -1)
  store <8 x i64> %a4, ptr %out
  %x1 = call <16 x i8> @llvm.x86.sse41.pmaxsb(<16 x i8> %a, <16 x i8> %b)
  store <16 x i8> %x1, ptr %out
  %x2 = call <8 x i16> @llvm.x86.sse2.pmaxs.w(<8 x i16> %c, <8 x i16> %c)
  store <8 x i16> %x2, ptr %out
  %x3 = call <16 x i32> @llvm.x86.avx512.mask.pmaxs.d.512(<16 x i32> %f, <16 x i32> %f, <16 x i32> zeroinitializer, i16 %w)
  store <16 x i32> %x3, ptr %out
  %x4 = call <16 x i8> @llvm.x86.sse2.pmaxu.b(<16 x i8> %a, <16 x i8> %b)
  store <16 x i8> %x4, ptr %out
  %x5 = call <4 x i32> @llvm.x86.sse41.pmaxud(<4 x i32> %d, <4 x i32> %d)
  store <4 x i32> %x5, ptr %out
  %x6 = call <8 x i32> @llvm.x86.avx2.pmaxu.d(<8 x i32> %e, <8 x i32> %e)
  store <8 x i32> %x6, ptr %out
  %x7 = call <16 x i8> @llvm.x86.sse41.pminsb(<16 x i8> %a, <16 x i8> %b)
  store <16 x i8> %x7, ptr %out
  %x8 = call <4 x i32> @llvm.x86.avx512.mask.pmins.d.128(<4 x i32> %d, <4 x i32> %d, <4 x i32> %d, i8 %m)
  store <4 x i32> %x8, ptr %out
  %x9 = call <8 x i16> @llvm.x86.sse41.pminuw(<8 x i16> %c, <8 x i16> %c)
  store <8 x i16> %x9, ptr %out
  %x10 = call <8 x i64> @llvm.x86.avx512.mask.pminu.q.512(<8 x i64> %q, <8 x i64> %q, <8 x i64> %q, i8 %m)
  store <8 x i64> %x10, ptr %out
  %x11 = call <16 x i8> @llvm.x86.sse2.pminu.b(<16 x i8> <i8 1, i8 2, i8 3, i8 4, i8 5, i8 6, i8 7, i8 8, i8 1, i8 2, i8 3, i8 4, i8 5, i8 6, i8 7, i8 8>, <16 x i8> zeroinitializer)
  store <16 x i8> %x11, ptr %out
  %u1 = call <2 x i64> @llvm.x86.sse2.pmulu.dq(<4 x i32> %d, <4 x i32> %d)
  store <2 x i64> %u1, ptr %out
  %u2 = call <8 x i64> @llvm.x86.avx512.pmulu.dq.512(<16 x i32> %f, <16 x i32> %f)
  store <8 x i64> %u2, ptr %out
  %u3 = call <8 x i64> @llvm.x86.avx512.mask.pmulu.dq.512(<16 x i32> %f, <16 x i32> %f, <8 x i64> %q, i8 %m)
  store <8 x i64> %u3, ptr %out
  %u4 = call <2 x i64> @llvm.x86.sse41.pmuldq(<4 x i32> %d, <4 x i32> %d)
  store <2 x i64> %u4, ptr %out
  %u5 = call <4 x i64> @llvm.x86.avx2.pmul.dq(<8 x i32> %e, <8 x i32> %e)
  store <4 x i64> %u5, ptr %out
  %u6 = call <2 x i64> @llvm.x86.avx512.mask.pmul.dq.128(<4 x i32> %d, <4 x i32> %d, <2 x i64> %q2, i8 %m)
  store <2 x i64> %u6, ptr %out
  %u7 = call <2 x i64> @llvm.x86.sse41.pmuldq(<4 x i32> <i32 1, i32 2, i32 3, i32 4>, <4 x i32> <i32 -1, i32 2, i32 3, i32 4>)
  store <2 x i64> %u7, ptr %out
  ret void
}
declare <16 x i8> @llvm.x86.ssse3.pabs.b.128(<16 x i8>)
declare <8 x i32> @llvm.x86.avx2.pabs.d(<8 x i32>)
declare <16 x i32> @llvm.x86.avx512.mask.pabs.d.512(<16 x i32>, <16 x i32>, i16)
declare <8 x i64> @llvm.x86.avx512.mask.pabs.q.512(<8 x i64>, <8 x i64>, i8)
declare <16 x i8> @llvm.x86.sse41.pmaxsb(<16 x i8>, <16 x i8>)
declare <8 x i16> @llvm.x86.sse2.pmaxs.w(<8 x i16>, <8 x i16>)
declare <16 x i32> @llvm.x86.avx512.mask.pmaxs.d.512(<16 x i32>, <16 x i32>, <16 x i32>, i16)
declare <16 x i8> @llvm.x86.sse2.pmaxu.b(<16 x i8>, <16 x i8>)
declare <4 x i32> @llvm.x86.sse41.pmaxud(<4 x i32>, <4 x i32>)
declare <8 x i32> @llvm.x86.avx2.pmaxu.d(<8 x i32>, <8 x i32>)
declare <16 x i8> @llvm.x86.sse41.pminsb(<16 x i8>, <16 x i8>)
declare <4 x i32> @llvm.x86.avx512.mask.pmins.d.128(<4 x i32>, <4 x i32>, <4 x i32>, i8)
declare <8 x i16> @llvm.x86.sse41.pminuw(<8 x i16>, <8 x i16>)
declare <8 x i64> @llvm.x86.avx512.mask.pminu.q.512(<8 x i64>, <8 x i64>, <8 x i64>, i8)
declare <16 x i8> @llvm.x86.sse2.pminu.b(<16 x i8>, <16 x i8>)
declare <2 x i64> @llvm.x86.sse2.pmulu.dq(<4 x i32>, <4 x i32>)
declare <8 x i64> @llvm.x86.avx512.pmulu.dq.512(<16 x i32>, <16 x i32>)
declare <8 x i64> @llvm.x86.avx512.mask.pmulu.dq.512(<16 x i32>, <16 x i32>, <8 x i64>, i8)
declare <2 x i64> @llvm.x86.sse41.pmuldq(<4 x i32>, <4 x i32>)
declare <4 x i64> @llvm.x86.avx2.pmul.dq(<8 x i32>, <8 x i32>)
declare <2 x i64> @llvm.x86.avx512.mask.pmul.dq.128(<4 x i32>, <4 x i32>, <2 x i64>, i8)
"#;

const MASKED_COMPARES_AND_INTEGER_OPS_LLVM: &str = r#"define void @mcmp(<16 x i32> %a, <16 x i32> %b, <4 x i32> %c, <4 x i32> %d, <64 x i8> %e, <64 x i8> %f, <8 x i64> %q, i16 %w, i8 %m, i64 %l, ptr %out) {
  %1 = icmp eq <16 x i32> %a, %b
  %2 = bitcast i16 %w to <16 x i1>
  %3 = and <16 x i1> %1, %2
  %4 = bitcast <16 x i1> %3 to i16
  store i16 %4, ptr %out, align 2
  %5 = icmp sgt <4 x i32> %c, %d
  %6 = bitcast i8 %m to <8 x i1>
  %extract = shufflevector <8 x i1> %6, <8 x i1> %6, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %7 = and <4 x i1> %5, %extract
  %8 = shufflevector <4 x i1> %7, <4 x i1> zeroinitializer, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %9 = bitcast <8 x i1> %8 to i8
  store i8 %9, ptr %out, align 1
  %10 = icmp eq <64 x i8> %e, %f
  %11 = bitcast <64 x i1> %10 to i64
  store i64 %11, ptr %out, align 4
  %12 = icmp slt <16 x i32> %a, %b
  %13 = bitcast i16 %w to <16 x i1>
  %14 = and <16 x i1> %12, %13
  %15 = bitcast <16 x i1> %14 to i16
  store i16 %15, ptr %out, align 2
  %16 = bitcast i16 %w to <16 x i1>
  %17 = and <16 x i1> zeroinitializer, %16
  %18 = bitcast <16 x i1> %17 to i16
  store i16 %18, ptr %out, align 2
  store i16 -1, ptr %out, align 2
  %19 = icmp ule <4 x i32> %c, %d
  %20 = bitcast i8 %m to <8 x i1>
  %extract1 = shufflevector <8 x i1> %20, <8 x i1> %20, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %21 = and <4 x i1> %19, %extract1
  %22 = shufflevector <4 x i1> %21, <4 x i1> zeroinitializer, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %23 = bitcast <8 x i1> %22 to i8
  store i8 %23, ptr %out, align 1
  %24 = icmp uge <8 x i64> %q, %q
  %25 = bitcast i8 %m to <8 x i1>
  %26 = and <8 x i1> %24, %25
  %27 = bitcast <8 x i1> %26 to i8
  store i8 %27, ptr %out, align 1
  %28 = icmp ugt <4 x i32> %c, %d
  %29 = shufflevector <4 x i1> %28, <4 x i1> zeroinitializer, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %30 = bitcast <8 x i1> %29 to i8
  store i8 %30, ptr %out, align 1
  %31 = call <64 x i1> @llvm.x86.avx512.vpshufbitqmb.512(<64 x i8> %e, <64 x i8> %f)
  %32 = bitcast i64 %l to <64 x i1>
  %33 = and <64 x i1> %31, %32
  %34 = bitcast <64 x i1> %33 to i64
  store i64 %34, ptr %out, align 4
  %35 = call <16 x i1> @llvm.x86.avx512.vpshufbitqmb.128(<16 x i8> zeroinitializer, <16 x i8> zeroinitializer)
  %36 = bitcast i16 %w to <16 x i1>
  %37 = and <16 x i1> %35, %36
  %38 = bitcast <16 x i1> %37 to i16
  store i16 %38, ptr %out, align 2
  store i16 0, ptr %out, align 2
  %39 = icmp slt <4 x i32> %c, zeroinitializer
  %40 = shufflevector <4 x i1> %39, <4 x i1> zeroinitializer, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %41 = bitcast <8 x i1> %40 to i8
  store i8 %41, ptr %out, align 1
  %42 = icmp slt <8 x i64> %q, zeroinitializer
  %43 = bitcast <8 x i1> %42 to i8
  store i8 %43, ptr %out, align 1
  store i32 0, ptr %out, align 4
  ret void
}

define void @fpc(<4 x float> %a, <8 x double> %b, <16 x float> %e, <2 x double> %d, <8 x float> %c, i8 %m, i16 %w, i32 %r, ptr %out) {
  %1 = call <4 x i1> @llvm.x86.avx512.fpclass.ps.128(<4 x float> %a, i32 4)
  %2 = bitcast i8 %m to <8 x i1>
  %extract = shufflevector <8 x i1> %2, <8 x i1> %2, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %3 = and <4 x i1> %1, %extract
  %4 = shufflevector <4 x i1> %3, <4 x i1> zeroinitializer, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %5 = bitcast <8 x i1> %4 to i8
  store i8 %5, ptr %out, align 1
  %6 = call <8 x i1> @llvm.x86.avx512.fpclass.pd.512(<8 x double> %b, i32 2)
  %7 = bitcast <8 x i1> %6 to i8
  store i8 %7, ptr %out, align 1
  %8 = call <16 x i1> @llvm.x86.avx512.fpclass.ps.512(<16 x float> %e, i32 2)
  %9 = bitcast i16 %w to <16 x i1>
  %10 = and <16 x i1> %8, %9
  %11 = bitcast <16 x i1> %10 to i16
  store i16 %11, ptr %out, align 2
  %12 = call <16 x i1> @llvm.x86.avx512.mask.cmp.ps.512(<16 x float> %e, <16 x float> %e, i32 2, <16 x i1> splat (i1 true), i32 8)
  store <16 x i1> %12, ptr %out, align 2
  %13 = call <2 x i1> @llvm.x86.avx512.mask.cmp.pd.128(<2 x double> %d, <2 x double> zeroinitializer, i32 5, <2 x i1> splat (i1 true))
  store <2 x i1> %13, ptr %out, align 1
  %14 = call <8 x i1> @llvm.x86.avx512.mask.cmp.ps.256(<8 x float> %c, <8 x float> %c, i32 1, <8 x i1> splat (i1 true))
  store <8 x i1> %14, ptr %out, align 1
  %15 = call <8 x i1> @llvm.x86.avx512.mask.cmp.pd.512(<8 x double> %b, <8 x double> %b, i32 1, <8 x i1> splat (i1 true), i32 4)
  store <8 x i1> %15, ptr %out, align 1
  ret void
}

define void @intops(<16 x i8> %a, <16 x i8> %b, <8 x i16> %c, <4 x i32> %d, <8 x i32> %e, <16 x i32> %f, <8 x i64> %q, <2 x i64> %q2, i16 %w, i8 %m, ptr %out) {
  %1 = call <16 x i8> @llvm.abs.v16i8(<16 x i8> %a, i1 false)
  store <16 x i8> %1, ptr %out, align 16
  %2 = call <8 x i32> @llvm.abs.v8i32(<8 x i32> %e, i1 false)
  store <8 x i32> %2, ptr %out, align 32
  %3 = call <16 x i32> @llvm.abs.v16i32(<16 x i32> %f, i1 false)
  %4 = bitcast i16 %w to <16 x i1>
  %5 = select <16 x i1> %4, <16 x i32> %3, <16 x i32> %f
  store <16 x i32> %5, ptr %out, align 64
  %6 = call <8 x i64> @llvm.abs.v8i64(<8 x i64> %q, i1 false)
  store <8 x i64> %6, ptr %out, align 64
  %7 = call <16 x i8> @llvm.smax.v16i8(<16 x i8> %a, <16 x i8> %b)
  store <16 x i8> %7, ptr %out, align 16
  %8 = call <8 x i16> @llvm.smax.v8i16(<8 x i16> %c, <8 x i16> %c)
  store <8 x i16> %8, ptr %out, align 16
  %9 = call <16 x i32> @llvm.smax.v16i32(<16 x i32> %f, <16 x i32> %f)
  %10 = bitcast i16 %w to <16 x i1>
  %11 = select <16 x i1> %10, <16 x i32> %9, <16 x i32> zeroinitializer
  store <16 x i32> %11, ptr %out, align 64
  %12 = call <16 x i8> @llvm.umax.v16i8(<16 x i8> %a, <16 x i8> %b)
  store <16 x i8> %12, ptr %out, align 16
  %13 = call <4 x i32> @llvm.umax.v4i32(<4 x i32> %d, <4 x i32> %d)
  store <4 x i32> %13, ptr %out, align 16
  %14 = call <8 x i32> @llvm.umax.v8i32(<8 x i32> %e, <8 x i32> %e)
  store <8 x i32> %14, ptr %out, align 32
  %15 = call <16 x i8> @llvm.smin.v16i8(<16 x i8> %a, <16 x i8> %b)
  store <16 x i8> %15, ptr %out, align 16
  %16 = call <4 x i32> @llvm.smin.v4i32(<4 x i32> %d, <4 x i32> %d)
  %17 = bitcast i8 %m to <8 x i1>
  %extract = shufflevector <8 x i1> %17, <8 x i1> %17, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %18 = select <4 x i1> %extract, <4 x i32> %16, <4 x i32> %d
  store <4 x i32> %18, ptr %out, align 16
  %19 = call <8 x i16> @llvm.umin.v8i16(<8 x i16> %c, <8 x i16> %c)
  store <8 x i16> %19, ptr %out, align 16
  %20 = call <8 x i64> @llvm.umin.v8i64(<8 x i64> %q, <8 x i64> %q)
  %21 = bitcast i8 %m to <8 x i1>
  %22 = select <8 x i1> %21, <8 x i64> %20, <8 x i64> %q
  store <8 x i64> %22, ptr %out, align 64
  %23 = call <16 x i8> @llvm.umin.v16i8(<16 x i8> <i8 1, i8 2, i8 3, i8 4, i8 5, i8 6, i8 7, i8 8, i8 1, i8 2, i8 3, i8 4, i8 5, i8 6, i8 7, i8 8>, <16 x i8> zeroinitializer)
  store <16 x i8> %23, ptr %out, align 16
  %24 = bitcast <4 x i32> %d to <2 x i64>
  %25 = bitcast <4 x i32> %d to <2 x i64>
  %26 = and <2 x i64> %24, splat (i64 4294967295)
  %27 = and <2 x i64> %25, splat (i64 4294967295)
  %28 = mul <2 x i64> %26, %27
  store <2 x i64> %28, ptr %out, align 16
  %29 = bitcast <16 x i32> %f to <8 x i64>
  %30 = bitcast <16 x i32> %f to <8 x i64>
  %31 = and <8 x i64> %29, splat (i64 4294967295)
  %32 = and <8 x i64> %30, splat (i64 4294967295)
  %33 = mul <8 x i64> %31, %32
  store <8 x i64> %33, ptr %out, align 64
  %34 = bitcast <16 x i32> %f to <8 x i64>
  %35 = bitcast <16 x i32> %f to <8 x i64>
  %36 = and <8 x i64> %34, splat (i64 4294967295)
  %37 = and <8 x i64> %35, splat (i64 4294967295)
  %38 = mul <8 x i64> %36, %37
  %39 = bitcast i8 %m to <8 x i1>
  %40 = select <8 x i1> %39, <8 x i64> %38, <8 x i64> %q
  store <8 x i64> %40, ptr %out, align 64
  %41 = bitcast <4 x i32> %d to <2 x i64>
  %42 = bitcast <4 x i32> %d to <2 x i64>
  %43 = shl <2 x i64> %41, splat (i64 32)
  %44 = ashr <2 x i64> %43, splat (i64 32)
  %45 = shl <2 x i64> %42, splat (i64 32)
  %46 = ashr <2 x i64> %45, splat (i64 32)
  %47 = mul <2 x i64> %44, %46
  store <2 x i64> %47, ptr %out, align 16
  %48 = bitcast <8 x i32> %e to <4 x i64>
  %49 = bitcast <8 x i32> %e to <4 x i64>
  %50 = shl <4 x i64> %48, splat (i64 32)
  %51 = ashr <4 x i64> %50, splat (i64 32)
  %52 = shl <4 x i64> %49, splat (i64 32)
  %53 = ashr <4 x i64> %52, splat (i64 32)
  %54 = mul <4 x i64> %51, %53
  store <4 x i64> %54, ptr %out, align 32
  %55 = bitcast <4 x i32> %d to <2 x i64>
  %56 = bitcast <4 x i32> %d to <2 x i64>
  %57 = shl <2 x i64> %55, splat (i64 32)
  %58 = ashr <2 x i64> %57, splat (i64 32)
  %59 = shl <2 x i64> %56, splat (i64 32)
  %60 = ashr <2 x i64> %59, splat (i64 32)
  %61 = mul <2 x i64> %58, %60
  %62 = bitcast i8 %m to <8 x i1>
  %extract1 = shufflevector <8 x i1> %62, <8 x i1> %62, <2 x i32> <i32 0, i32 1>
  %63 = select <2 x i1> %extract1, <2 x i64> %61, <2 x i64> %q2
  store <2 x i64> %63, ptr %out, align 16
  %64 = shl <2 x i64> bitcast (<4 x i32> <i32 1, i32 2, i32 3, i32 4> to <2 x i64>), splat (i64 32)
  %65 = ashr <2 x i64> %64, splat (i64 32)
  %66 = shl <2 x i64> bitcast (<4 x i32> <i32 -1, i32 2, i32 3, i32 4> to <2 x i64>), splat (i64 32)
  %67 = ashr <2 x i64> %66, splat (i64 32)
  %68 = mul <2 x i64> %65, %67
  store <2 x i64> %68, ptr %out, align 16
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <64 x i1> @llvm.x86.avx512.vpshufbitqmb.512(<64 x i8>, <64 x i8>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <16 x i1> @llvm.x86.avx512.vpshufbitqmb.128(<16 x i8>, <16 x i8>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <4 x i1> @llvm.x86.avx512.fpclass.ps.128(<4 x float>, i32 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <8 x i1> @llvm.x86.avx512.fpclass.pd.512(<8 x double>, i32 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <16 x i1> @llvm.x86.avx512.fpclass.ps.512(<16 x float>, i32 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <16 x i1> @llvm.x86.avx512.mask.cmp.ps.512(<16 x float>, <16 x float>, i32 immarg, <16 x i1>, i32 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <2 x i1> @llvm.x86.avx512.mask.cmp.pd.128(<2 x double>, <2 x double>, i32 immarg, <2 x i1>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <8 x i1> @llvm.x86.avx512.mask.cmp.ps.256(<8 x float>, <8 x float>, i32 immarg, <8 x i1>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <8 x i1> @llvm.x86.avx512.mask.cmp.pd.512(<8 x double>, <8 x double>, i32 immarg, <8 x i1>, i32 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <16 x i8> @llvm.abs.v16i8(<16 x i8>, i1 immarg) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <8 x i32> @llvm.abs.v8i32(<8 x i32>, i1 immarg) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <16 x i32> @llvm.abs.v16i32(<16 x i32>, i1 immarg) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <8 x i64> @llvm.abs.v8i64(<8 x i64>, i1 immarg) #1

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <16 x i8> @llvm.smax.v16i8(<16 x i8>, <16 x i8>) #2

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <8 x i16> @llvm.smax.v8i16(<8 x i16>, <8 x i16>) #2

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <16 x i32> @llvm.smax.v16i32(<16 x i32>, <16 x i32>) #2

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <16 x i8> @llvm.umax.v16i8(<16 x i8>, <16 x i8>) #2

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <4 x i32> @llvm.umax.v4i32(<4 x i32>, <4 x i32>) #2

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <8 x i32> @llvm.umax.v8i32(<8 x i32>, <8 x i32>) #2

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <16 x i8> @llvm.smin.v16i8(<16 x i8>, <16 x i8>) #2

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <4 x i32> @llvm.smin.v4i32(<4 x i32>, <4 x i32>) #2

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <8 x i16> @llvm.umin.v8i16(<8 x i16>, <8 x i16>) #2

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <8 x i64> @llvm.umin.v8i64(<8 x i64>, <8 x i64>) #2

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <16 x i8> @llvm.umin.v16i8(<16 x i8>, <16 x i8>) #2

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(none) }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
"#;

const CONVERSIONS: &str = r#"define void @cvts(<4 x float> %a, <2 x double> %b, i32 %i, i64 %l, <4 x i32> %d, <8 x i32> %e, <16 x i32> %f, <8 x i64> %q, <4 x i64> %q4, <2 x i64> %q2, <8 x float> %c, <16 x float> %g, <8 x double> %h, <4 x double> %h4, i8 %m, i16 %w, i32 %r, ptr %out) {
  %s1 = call <4 x float> @llvm.x86.sse.cvtsi2ss(<4 x float> %a, i32 %i)
  store <4 x float> %s1, ptr %out
  %s2 = call <2 x double> @llvm.x86.sse2.cvtsi2sd(<2 x double> %b, i32 7)
  store <2 x double> %s2, ptr %out
  %s3 = call <4 x float> @llvm.x86.sse.cvtsi642ss(<4 x float> %a, i64 %l)
  store <4 x float> %s3, ptr %out
  %s4 = call <2 x double> @llvm.x86.sse2.cvtsi642sd(<2 x double> %b, i64 %l)
  store <2 x double> %s4, ptr %out
  %s5 = call <2 x double> @llvm.x86.avx512.cvtusi2sd(<2 x double> %b, i32 %i)
  store <2 x double> %s5, ptr %out
  %s6 = call <2 x double> @llvm.x86.sse2.cvtss2sd(<2 x double> %b, <4 x float> %a)
  store <2 x double> %s6, ptr %out
  %s7 = call <2 x double> @llvm.x86.sse2.cvtss2sd(<2 x double> %b, <4 x float> <float 1.5, float 0.0, float 0.0, float 0.0>)
  store <2 x double> %s7, ptr %out
  %v1 = call <2 x double> @llvm.x86.sse2.cvtdq2pd(<4 x i32> %d)
  store <2 x double> %v1, ptr %out
  %v2 = call <4 x float> @llvm.x86.sse2.cvtdq2ps(<4 x i32> %d)
  store <4 x float> %v2, ptr %out
  %v3 = call <4 x double> @llvm.x86.avx.cvtdq2.pd.256(<4 x i32> %d)
  store <4 x double> %v3, ptr %out
  %v4 = call <8 x float> @llvm.x86.avx.cvtdq2.ps.256(<8 x i32> %e)
  store <8 x float> %v4, ptr %out
  %v5 = call <2 x double> @llvm.x86.avx512.mask.cvtdq2pd.128(<4 x i32> %d, <2 x double> %b, i8 %m)
  store <2 x double> %v5, ptr %out
  %v6 = call <8 x double> @llvm.x86.avx512.mask.cvtudq2pd.512(<8 x i32> %e, <8 x double> %h, i8 %m, i32 4)
  store <8 x double> %v6, ptr %out
  %v7 = call <16 x float> @llvm.x86.avx512.mask.cvtdq2ps.512(<16 x i32> %f, <16 x float> %g, i16 %w, i32 4)
  store <16 x float> %v7, ptr %out
  %v8 = call <16 x float> @llvm.x86.avx512.mask.cvtudq2ps.512(<16 x i32> %f, <16 x float> %g, i16 %w, i32 9)
  store <16 x float> %v8, ptr %out
  %v9 = call <8 x double> @llvm.x86.avx512.mask.cvtqq2pd.512(<8 x i64> %q, <8 x double> %h, i8 -1, i32 8)
  store <8 x double> %v9, ptr %out
  %v10 = call <2 x double> @llvm.x86.avx512.mask.cvtuqq2pd.128(<2 x i64> %q2, <2 x double> %b, i8 %m)
  store <2 x double> %v10, ptr %out
  %v11 = call <4 x float> @llvm.x86.avx512.mask.cvtqq2ps.256(<4 x i64> %q4, <4 x float> %a, i8 %m)
  store <4 x float> %v11, ptr %out
  %v12 = call <8 x float> @llvm.x86.avx512.mask.cvtuqq2ps.512(<8 x i64> %q, <8 x float> %c, i8 %m, i32 4)
  store <8 x float> %v12, ptr %out
  %v13 = call <2 x double> @llvm.x86.sse2.cvtps2pd(<4 x float> %a)
  store <2 x double> %v13, ptr %out
  %v14 = call <4 x double> @llvm.x86.avx.cvt.ps2.pd.256(<4 x float> %a)
  store <4 x double> %v14, ptr %out
  %v15 = call <2 x double> @llvm.x86.avx512.mask.cvtps2pd.128(<4 x float> %a, <2 x double> %b, i8 %m)
  store <2 x double> %v15, ptr %out
  %v16 = call <4 x double> @llvm.x86.avx512.mask.cvtps2pd.256(<4 x float> %a, <4 x double> %h4, i8 -1)
  store <4 x double> %v16, ptr %out
  %v17 = call <2 x double> @llvm.x86.sse2.cvtdq2pd(<4 x i32> <i32 1, i32 -2, i32 3, i32 4>)
  store <2 x double> %v17, ptr %out
  %v18 = call <8 x double> @llvm.x86.avx512.mask.cvtudq2pd.512(<8 x i32> %e, <8 x double> %h, i8 %m, i32 11)
  store <8 x double> %v18, ptr %out
  %h1 = call <4 x float> @llvm.x86.vcvtph2ps.128(<8 x i16> zeroinitializer)
  store <4 x float> %h1, ptr %out
  %h2 = call <8 x float> @llvm.x86.vcvtph2ps.256(<8 x i16> <i16 1, i16 2, i16 3, i16 4, i16 5, i16 6, i16 7, i16 8>)
  store <8 x float> %h2, ptr %out
  %h3 = call <16 x float> @llvm.x86.avx512.mask.vcvtph2ps.512(<16 x i16> zeroinitializer, <16 x float> %g, i16 %w, i32 4)
  store <16 x float> %h3, ptr %out
  ret void
}
define void @cvth(<8 x i16> %x, <16 x i16> %y, <4 x float> %a, i8 %m, ptr %out) {
  %h1 = call <4 x float> @llvm.x86.vcvtph2ps.128(<8 x i16> %x)
  store <4 x float> %h1, ptr %out
  %h2 = call <8 x float> @llvm.x86.vcvtph2ps.256(<8 x i16> %x)
  store <8 x float> %h2, ptr %out
  %h3 = call <4 x float> @llvm.x86.avx512.mask.vcvtph2ps.128(<8 x i16> %x, <4 x float> %a, i8 %m)
  store <4 x float> %h3, ptr %out
  ret void
}
declare <4 x float> @llvm.x86.sse.cvtsi2ss(<4 x float>, i32)
declare <2 x double> @llvm.x86.sse2.cvtsi2sd(<2 x double>, i32)
declare <4 x float> @llvm.x86.sse.cvtsi642ss(<4 x float>, i64)
declare <2 x double> @llvm.x86.sse2.cvtsi642sd(<2 x double>, i64)
declare <2 x double> @llvm.x86.avx512.cvtusi2sd(<2 x double>, i32)
declare <2 x double> @llvm.x86.sse2.cvtss2sd(<2 x double>, <4 x float>)
declare <2 x double> @llvm.x86.sse2.cvtdq2pd(<4 x i32>)
declare <4 x float> @llvm.x86.sse2.cvtdq2ps(<4 x i32>)
declare <4 x double> @llvm.x86.avx.cvtdq2.pd.256(<4 x i32>)
declare <8 x float> @llvm.x86.avx.cvtdq2.ps.256(<8 x i32>)
declare <2 x double> @llvm.x86.avx512.mask.cvtdq2pd.128(<4 x i32>, <2 x double>, i8)
declare <8 x double> @llvm.x86.avx512.mask.cvtudq2pd.512(<8 x i32>, <8 x double>, i8, i32)
declare <16 x float> @llvm.x86.avx512.mask.cvtdq2ps.512(<16 x i32>, <16 x float>, i16, i32)
declare <16 x float> @llvm.x86.avx512.mask.cvtudq2ps.512(<16 x i32>, <16 x float>, i16, i32)
declare <8 x double> @llvm.x86.avx512.mask.cvtqq2pd.512(<8 x i64>, <8 x double>, i8, i32)
declare <2 x double> @llvm.x86.avx512.mask.cvtuqq2pd.128(<2 x i64>, <2 x double>, i8)
declare <4 x float> @llvm.x86.avx512.mask.cvtqq2ps.256(<4 x i64>, <4 x float>, i8)
declare <8 x float> @llvm.x86.avx512.mask.cvtuqq2ps.512(<8 x i64>, <8 x float>, i8, i32)
declare <2 x double> @llvm.x86.sse2.cvtps2pd(<4 x float>)
declare <4 x double> @llvm.x86.avx.cvt.ps2.pd.256(<4 x float>)
declare <2 x double> @llvm.x86.avx512.mask.cvtps2pd.128(<4 x float>, <2 x double>, i8)
declare <4 x double> @llvm.x86.avx512.mask.cvtps2pd.256(<4 x float>, <4 x double>, i8)
declare <4 x float> @llvm.x86.vcvtph2ps.128(<8 x i16>)
declare <8 x float> @llvm.x86.vcvtph2ps.256(<8 x i16>)
declare <16 x float> @llvm.x86.avx512.mask.vcvtph2ps.512(<16 x i16>, <16 x float>, i16, i32)
declare <4 x float> @llvm.x86.avx512.mask.vcvtph2ps.128(<8 x i16>, <4 x float>, i8)
"#;

const CONVERSIONS_LLVM: &str = r#"define void @cvts(<4 x float> %a, <2 x double> %b, i32 %i, i64 %l, <4 x i32> %d, <8 x i32> %e, <16 x i32> %f, <8 x i64> %q, <4 x i64> %q4, <2 x i64> %q2, <8 x float> %c, <16 x float> %g, <8 x double> %h, <4 x double> %h4, i8 %m, i16 %w, i32 %r, ptr %out) {
  %1 = sitofp i32 %i to float
  %2 = insertelement <4 x float> %a, float %1, i64 0
  store <4 x float> %2, ptr %out, align 16
  %3 = insertelement <2 x double> %b, double 7.000000e+00, i64 0
  store <2 x double> %3, ptr %out, align 16
  %4 = sitofp i64 %l to float
  %5 = insertelement <4 x float> %a, float %4, i64 0
  store <4 x float> %5, ptr %out, align 16
  %6 = sitofp i64 %l to double
  %7 = insertelement <2 x double> %b, double %6, i64 0
  store <2 x double> %7, ptr %out, align 16
  %8 = uitofp i32 %i to double
  %9 = insertelement <2 x double> %b, double %8, i64 0
  store <2 x double> %9, ptr %out, align 16
  %10 = extractelement <4 x float> %a, i64 0
  %11 = fpext float %10 to double
  %12 = insertelement <2 x double> %b, double %11, i64 0
  store <2 x double> %12, ptr %out, align 16
  %13 = insertelement <2 x double> %b, double 1.500000e+00, i64 0
  store <2 x double> %13, ptr %out, align 16
  %14 = shufflevector <4 x i32> %d, <4 x i32> %d, <2 x i32> <i32 0, i32 1>
  %cvt = sitofp <2 x i32> %14 to <2 x double>
  store <2 x double> %cvt, ptr %out, align 16
  %cvt1 = sitofp <4 x i32> %d to <4 x float>
  store <4 x float> %cvt1, ptr %out, align 16
  %cvt2 = sitofp <4 x i32> %d to <4 x double>
  store <4 x double> %cvt2, ptr %out, align 32
  %cvt3 = sitofp <8 x i32> %e to <8 x float>
  store <8 x float> %cvt3, ptr %out, align 32
  %15 = shufflevector <4 x i32> %d, <4 x i32> %d, <2 x i32> <i32 0, i32 1>
  %cvt4 = sitofp <2 x i32> %15 to <2 x double>
  %16 = bitcast i8 %m to <8 x i1>
  %extract = shufflevector <8 x i1> %16, <8 x i1> %16, <2 x i32> <i32 0, i32 1>
  %17 = select <2 x i1> %extract, <2 x double> %cvt4, <2 x double> %b
  store <2 x double> %17, ptr %out, align 16
  %cvt5 = uitofp <8 x i32> %e to <8 x double>
  %18 = bitcast i8 %m to <8 x i1>
  %19 = select <8 x i1> %18, <8 x double> %cvt5, <8 x double> %h
  store <8 x double> %19, ptr %out, align 64
  %cvt6 = sitofp <16 x i32> %f to <16 x float>
  %20 = bitcast i16 %w to <16 x i1>
  %21 = select <16 x i1> %20, <16 x float> %cvt6, <16 x float> %g
  store <16 x float> %21, ptr %out, align 64
  %22 = call <16 x float> @llvm.x86.avx512.uitofp.round.v16f32.v16i32(<16 x i32> %f, i32 9)
  %23 = bitcast i16 %w to <16 x i1>
  %24 = select <16 x i1> %23, <16 x float> %22, <16 x float> %g
  store <16 x float> %24, ptr %out, align 64
  %25 = call <8 x double> @llvm.x86.avx512.sitofp.round.v8f64.v8i64(<8 x i64> %q, i32 8)
  store <8 x double> %25, ptr %out, align 64
  %cvt7 = uitofp <2 x i64> %q2 to <2 x double>
  %26 = bitcast i8 %m to <8 x i1>
  %extract8 = shufflevector <8 x i1> %26, <8 x i1> %26, <2 x i32> <i32 0, i32 1>
  %27 = select <2 x i1> %extract8, <2 x double> %cvt7, <2 x double> %b
  store <2 x double> %27, ptr %out, align 16
  %cvt9 = sitofp <4 x i64> %q4 to <4 x float>
  %28 = bitcast i8 %m to <8 x i1>
  %extract10 = shufflevector <8 x i1> %28, <8 x i1> %28, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %29 = select <4 x i1> %extract10, <4 x float> %cvt9, <4 x float> %a
  store <4 x float> %29, ptr %out, align 16
  %cvt11 = uitofp <8 x i64> %q to <8 x float>
  %30 = bitcast i8 %m to <8 x i1>
  %31 = select <8 x i1> %30, <8 x float> %cvt11, <8 x float> %c
  store <8 x float> %31, ptr %out, align 32
  %32 = shufflevector <4 x float> %a, <4 x float> %a, <2 x i32> <i32 0, i32 1>
  %cvtps2pd = fpext <2 x float> %32 to <2 x double>
  store <2 x double> %cvtps2pd, ptr %out, align 16
  %cvtps2pd12 = fpext <4 x float> %a to <4 x double>
  store <4 x double> %cvtps2pd12, ptr %out, align 32
  %33 = shufflevector <4 x float> %a, <4 x float> %a, <2 x i32> <i32 0, i32 1>
  %cvtps2pd13 = fpext <2 x float> %33 to <2 x double>
  %34 = bitcast i8 %m to <8 x i1>
  %extract14 = shufflevector <8 x i1> %34, <8 x i1> %34, <2 x i32> <i32 0, i32 1>
  %35 = select <2 x i1> %extract14, <2 x double> %cvtps2pd13, <2 x double> %b
  store <2 x double> %35, ptr %out, align 16
  %cvtps2pd15 = fpext <4 x float> %a to <4 x double>
  store <4 x double> %cvtps2pd15, ptr %out, align 32
  store <2 x double> <double 1.000000e+00, double -2.000000e+00>, ptr %out, align 16
  %36 = call <8 x double> @llvm.x86.avx512.uitofp.round.v8f64.v8i32(<8 x i32> %e, i32 11)
  %37 = bitcast i8 %m to <8 x i1>
  %38 = select <8 x i1> %37, <8 x double> %36, <8 x double> %h
  store <8 x double> %38, ptr %out, align 64
  store <4 x float> zeroinitializer, ptr %out, align 16
  store <8 x float> <float 0x3E70000000000000, float 0x3E80000000000000, float 0x3E88000000000000, float 0x3E90000000000000, float 0x3E94000000000000, float 0x3E98000000000000, float 0x3E9C000000000000, float 0x3EA0000000000000>, ptr %out, align 32
  %h3 = call <16 x float> @llvm.x86.avx512.mask.vcvtph2ps.512(<16 x i16> zeroinitializer, <16 x float> %g, i16 %w, i32 4)
  store <16 x float> %h3, ptr %out, align 64
  ret void
}

define void @cvth(<8 x i16> %x, <16 x i16> %y, <4 x float> %a, i8 %m, ptr %out) {
  %1 = shufflevector <8 x i16> %x, <8 x i16> %x, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %2 = bitcast <4 x i16> %1 to <4 x half>
  %cvtph2ps = fpext <4 x half> %2 to <4 x float>
  store <4 x float> %cvtph2ps, ptr %out, align 16
  %3 = bitcast <8 x i16> %x to <8 x half>
  %cvtph2ps1 = fpext <8 x half> %3 to <8 x float>
  store <8 x float> %cvtph2ps1, ptr %out, align 32
  %4 = shufflevector <8 x i16> %x, <8 x i16> %x, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %5 = bitcast <4 x i16> %4 to <4 x half>
  %cvtph2ps2 = fpext <4 x half> %5 to <4 x float>
  %6 = bitcast i8 %m to <8 x i1>
  %extract = shufflevector <8 x i1> %6, <8 x i1> %6, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %7 = select <4 x i1> %extract, <4 x float> %cvtph2ps2, <4 x float> %a
  store <4 x float> %7, ptr %out, align 16
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <16 x float> @llvm.x86.avx512.mask.vcvtph2ps.512(<16 x i16>, <16 x float>, i16, i32 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <8 x double> @llvm.x86.avx512.uitofp.round.v8f64.v8i32(<8 x i32>, i32 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <16 x float> @llvm.x86.avx512.uitofp.round.v16f32.v16i32(<16 x i32>, i32 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <8 x double> @llvm.x86.avx512.sitofp.round.v8f64.v8i64(<8 x i64>, i32 immarg) #0

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(none) }
"#;

const LOADS_COMPRESS_EXPAND_BROADCAST_LOADS: &str = r#"define void @mem(ptr %p, <16 x float> %g, <8 x double> %h, <4 x i32> %d, <16 x i32> %f, <2 x double> %b, <4 x float> %a, <64 x i8> %bb, i8 %m, i16 %w, i64 %l, ptr %out) {
  %l1 = call <16 x float> @llvm.x86.avx512.mask.load.ps.512(ptr %p, <16 x float> %g, i16 %w)
  store <16 x float> %l1, ptr %out
  %l2 = call <16 x float> @llvm.x86.avx512.mask.loadu.ps.512(ptr %p, <16 x float> %g, i16 -1)
  store <16 x float> %l2, ptr %out
  %l3 = call <4 x i32> @llvm.x86.avx512.mask.load.d.128(ptr %p, <4 x i32> %d, i8 %m)
  store <4 x i32> %l3, ptr %out
  %l4 = call <2 x double> @llvm.x86.avx512.mask.loadu.pd.128(ptr %p, <2 x double> zeroinitializer, i8 %m)
  store <2 x double> %l4, ptr %out
  %l5 = call <64 x i8> @llvm.x86.avx512.mask.loadu.b.512(ptr %p, <64 x i8> %bb, i64 %l)
  store <64 x i8> %l5, ptr %out
  %e1 = call <16 x float> @llvm.x86.avx512.mask.expand.load.ps.512(ptr %p, <16 x float> %g, i16 %w)
  store <16 x float> %e1, ptr %out
  %e2 = call <4 x i32> @llvm.x86.avx512.mask.expand.load.d.128(ptr %p, <4 x i32> %d, i8 -1)
  store <4 x i32> %e2, ptr %out
  call void @llvm.x86.avx512.mask.compress.store.ps.512(ptr %p, <16 x float> %g, i16 %w)
  call void @llvm.x86.avx512.mask.compress.store.pd.128(ptr %p, <2 x double> %b, i8 %m)
  %c1 = call <16 x float> @llvm.x86.avx512.mask.compress.ps.512(<16 x float> %g, <16 x float> %g, i16 %w)
  store <16 x float> %c1, ptr %out
  %c2 = call <4 x i32> @llvm.x86.avx512.mask.compress.d.128(<4 x i32> %d, <4 x i32> zeroinitializer, i8 %m)
  store <4 x i32> %c2, ptr %out
  %c3 = call <8 x double> @llvm.x86.avx512.mask.expand.pd.512(<8 x double> %h, <8 x double> %h, i8 %m)
  store <8 x double> %c3, ptr %out
  %c4 = call <64 x i8> @llvm.x86.avx512.mask.expand.b.512(<64 x i8> %bb, <64 x i8> %bb, i64 -1)
  store <64 x i8> %c4, ptr %out
  %v1 = call <8 x float> @llvm.x86.avx.vbroadcast.ss.256(ptr %p)
  store <8 x float> %v1, ptr %out
  %v2 = call <4 x float> @llvm.x86.avx.vbroadcast.ss(ptr %p)
  store <4 x float> %v2, ptr %out
  %v3 = call <4 x double> @llvm.x86.avx.vbroadcast.sd.256(ptr %p)
  store <4 x double> %v3, ptr %out
  %v4 = call <16 x float> @llvm.x86.avx512.vbroadcast.ss.512(ptr %p)
  store <16 x float> %v4, ptr %out
  %v5 = call <8 x float> @llvm.x86.avx.vbroadcastf128.ps.256(ptr %p)
  store <8 x float> %v5, ptr %out
  %v6 = call <4 x double> @llvm.x86.avx.vbroadcastf128.pd.256(ptr %p)
  store <4 x double> %v6, ptr %out
  %v7 = call <4 x i64> @llvm.x86.avx2.vbroadcasti128(ptr %p)
  store <4 x i64> %v7, ptr %out
  ret void
}
declare <16 x float> @llvm.x86.avx512.mask.load.ps.512(ptr, <16 x float>, i16)
declare <16 x float> @llvm.x86.avx512.mask.loadu.ps.512(ptr, <16 x float>, i16)
declare <4 x i32> @llvm.x86.avx512.mask.load.d.128(ptr, <4 x i32>, i8)
declare <2 x double> @llvm.x86.avx512.mask.loadu.pd.128(ptr, <2 x double>, i8)
declare <64 x i8> @llvm.x86.avx512.mask.loadu.b.512(ptr, <64 x i8>, i64)
declare <16 x float> @llvm.x86.avx512.mask.expand.load.ps.512(ptr, <16 x float>, i16)
declare <4 x i32> @llvm.x86.avx512.mask.expand.load.d.128(ptr, <4 x i32>, i8)
declare void @llvm.x86.avx512.mask.compress.store.ps.512(ptr, <16 x float>, i16)
declare void @llvm.x86.avx512.mask.compress.store.pd.128(ptr, <2 x double>, i8)
declare <16 x float> @llvm.x86.avx512.mask.compress.ps.512(<16 x float>, <16 x float>, i16)
declare <4 x i32> @llvm.x86.avx512.mask.compress.d.128(<4 x i32>, <4 x i32>, i8)
declare <8 x double> @llvm.x86.avx512.mask.expand.pd.512(<8 x double>, <8 x double>, i8)
declare <64 x i8> @llvm.x86.avx512.mask.expand.b.512(<64 x i8>, <64 x i8>, i64)
declare <8 x float> @llvm.x86.avx.vbroadcast.ss.256(ptr)
declare <4 x float> @llvm.x86.avx.vbroadcast.ss(ptr)
declare <4 x double> @llvm.x86.avx.vbroadcast.sd.256(ptr)
declare <16 x float> @llvm.x86.avx512.vbroadcast.ss.512(ptr)
declare <8 x float> @llvm.x86.avx.vbroadcastf128.ps.256(ptr)
declare <4 x double> @llvm.x86.avx.vbroadcastf128.pd.256(ptr)
declare <4 x i64> @llvm.x86.avx2.vbroadcasti128(ptr)
"#;

const LOADS_COMPRESS_EXPAND_BROADCAST_LOADS_LLVM: &str = r#"define void @mem(ptr %p, <16 x float> %g, <8 x double> %h, <4 x i32> %d, <16 x i32> %f, <2 x double> %b, <4 x float> %a, <64 x i8> %bb, i8 %m, i16 %w, i64 %l, ptr %out) {
  %1 = bitcast i16 %w to <16 x i1>
  %2 = call <16 x float> @llvm.masked.load.v16f32.p0(ptr align 64 %p, <16 x i1> %1, <16 x float> %g)
  store <16 x float> %2, ptr %out, align 64
  %3 = load <16 x float>, ptr %p, align 1
  store <16 x float> %3, ptr %out, align 64
  %4 = bitcast i8 %m to <8 x i1>
  %extract = shufflevector <8 x i1> %4, <8 x i1> %4, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %5 = call <4 x i32> @llvm.masked.load.v4i32.p0(ptr align 16 %p, <4 x i1> %extract, <4 x i32> %d)
  store <4 x i32> %5, ptr %out, align 16
  %6 = bitcast i8 %m to <8 x i1>
  %extract1 = shufflevector <8 x i1> %6, <8 x i1> %6, <2 x i32> <i32 0, i32 1>
  %7 = call <2 x double> @llvm.masked.load.v2f64.p0(ptr align 1 %p, <2 x i1> %extract1, <2 x double> zeroinitializer)
  store <2 x double> %7, ptr %out, align 16
  %8 = bitcast i64 %l to <64 x i1>
  %9 = call <64 x i8> @llvm.masked.load.v64i8.p0(ptr align 1 %p, <64 x i1> %8, <64 x i8> %bb)
  store <64 x i8> %9, ptr %out, align 64
  %10 = bitcast i16 %w to <16 x i1>
  %11 = call <16 x float> @llvm.masked.expandload.v16f32(ptr %p, <16 x i1> %10, <16 x float> %g)
  store <16 x float> %11, ptr %out, align 64
  %12 = call <4 x i32> @llvm.masked.expandload.v4i32(ptr %p, <4 x i1> splat (i1 true), <4 x i32> %d)
  store <4 x i32> %12, ptr %out, align 16
  %13 = bitcast i16 %w to <16 x i1>
  call void @llvm.masked.compressstore.v16f32(<16 x float> %g, ptr %p, <16 x i1> %13)
  %14 = bitcast i8 %m to <8 x i1>
  %extract2 = shufflevector <8 x i1> %14, <8 x i1> %14, <2 x i32> <i32 0, i32 1>
  call void @llvm.masked.compressstore.v2f64(<2 x double> %b, ptr %p, <2 x i1> %extract2)
  %15 = bitcast i16 %w to <16 x i1>
  %16 = call <16 x float> @llvm.x86.avx512.mask.compress.v16f32(<16 x float> %g, <16 x float> %g, <16 x i1> %15)
  store <16 x float> %16, ptr %out, align 64
  %17 = bitcast i8 %m to <8 x i1>
  %extract3 = shufflevector <8 x i1> %17, <8 x i1> %17, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %18 = call <4 x i32> @llvm.x86.avx512.mask.compress.v4i32(<4 x i32> %d, <4 x i32> zeroinitializer, <4 x i1> %extract3)
  store <4 x i32> %18, ptr %out, align 16
  %19 = bitcast i8 %m to <8 x i1>
  %20 = call <8 x double> @llvm.x86.avx512.mask.expand.v8f64(<8 x double> %h, <8 x double> %h, <8 x i1> %19)
  store <8 x double> %20, ptr %out, align 64
  %21 = call <64 x i8> @llvm.x86.avx512.mask.expand.v64i8(<64 x i8> %bb, <64 x i8> %bb, <64 x i1> splat (i1 true))
  store <64 x i8> %21, ptr %out, align 64
  %22 = load float, ptr %p, align 4
  %23 = insertelement <8 x float> poison, float %22, i32 0
  %24 = insertelement <8 x float> %23, float %22, i32 1
  %25 = insertelement <8 x float> %24, float %22, i32 2
  %26 = insertelement <8 x float> %25, float %22, i32 3
  %27 = insertelement <8 x float> %26, float %22, i32 4
  %28 = insertelement <8 x float> %27, float %22, i32 5
  %29 = insertelement <8 x float> %28, float %22, i32 6
  %30 = insertelement <8 x float> %29, float %22, i32 7
  store <8 x float> %30, ptr %out, align 32
  %31 = load float, ptr %p, align 4
  %32 = insertelement <4 x float> poison, float %31, i32 0
  %33 = insertelement <4 x float> %32, float %31, i32 1
  %34 = insertelement <4 x float> %33, float %31, i32 2
  %35 = insertelement <4 x float> %34, float %31, i32 3
  store <4 x float> %35, ptr %out, align 16
  %36 = load double, ptr %p, align 8
  %37 = insertelement <4 x double> poison, double %36, i32 0
  %38 = insertelement <4 x double> %37, double %36, i32 1
  %39 = insertelement <4 x double> %38, double %36, i32 2
  %40 = insertelement <4 x double> %39, double %36, i32 3
  store <4 x double> %40, ptr %out, align 32
  %41 = load float, ptr %p, align 4
  %42 = insertelement <16 x float> poison, float %41, i32 0
  %43 = insertelement <16 x float> %42, float %41, i32 1
  %44 = insertelement <16 x float> %43, float %41, i32 2
  %45 = insertelement <16 x float> %44, float %41, i32 3
  %46 = insertelement <16 x float> %45, float %41, i32 4
  %47 = insertelement <16 x float> %46, float %41, i32 5
  %48 = insertelement <16 x float> %47, float %41, i32 6
  %49 = insertelement <16 x float> %48, float %41, i32 7
  %50 = insertelement <16 x float> %49, float %41, i32 8
  %51 = insertelement <16 x float> %50, float %41, i32 9
  %52 = insertelement <16 x float> %51, float %41, i32 10
  %53 = insertelement <16 x float> %52, float %41, i32 11
  %54 = insertelement <16 x float> %53, float %41, i32 12
  %55 = insertelement <16 x float> %54, float %41, i32 13
  %56 = insertelement <16 x float> %55, float %41, i32 14
  %57 = insertelement <16 x float> %56, float %41, i32 15
  store <16 x float> %57, ptr %out, align 64
  %58 = load <4 x float>, ptr %p, align 1
  %59 = shufflevector <4 x float> %58, <4 x float> poison, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3>
  store <8 x float> %59, ptr %out, align 32
  %60 = load <2 x double>, ptr %p, align 1
  %61 = shufflevector <2 x double> %60, <2 x double> poison, <4 x i32> <i32 0, i32 1, i32 0, i32 1>
  store <4 x double> %61, ptr %out, align 32
  %62 = load <2 x i64>, ptr %p, align 1
  %63 = shufflevector <2 x i64> %62, <2 x i64> poison, <4 x i32> <i32 0, i32 1, i32 0, i32 1>
  store <4 x i64> %63, ptr %out, align 32
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: read)
declare <16 x float> @llvm.masked.load.v16f32.p0(ptr captures(none), <16 x i1>, <16 x float>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: read)
declare <4 x i32> @llvm.masked.load.v4i32.p0(ptr captures(none), <4 x i1>, <4 x i32>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: read)
declare <2 x double> @llvm.masked.load.v2f64.p0(ptr captures(none), <2 x i1>, <2 x double>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: read)
declare <64 x i8> @llvm.masked.load.v64i8.p0(ptr captures(none), <64 x i1>, <64 x i8>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(read)
declare <16 x float> @llvm.masked.expandload.v16f32(ptr captures(none), <16 x i1>, <16 x float>) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(read)
declare <4 x i32> @llvm.masked.expandload.v4i32(ptr captures(none), <4 x i1>, <4 x i32>) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: write)
declare void @llvm.masked.compressstore.v16f32(<16 x float>, ptr captures(none), <16 x i1>) #2

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: write)
declare void @llvm.masked.compressstore.v2f64(<2 x double>, ptr captures(none), <2 x i1>) #2

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <16 x float> @llvm.x86.avx512.mask.compress.v16f32(<16 x float>, <16 x float>, <16 x i1>) #3

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <4 x i32> @llvm.x86.avx512.mask.compress.v4i32(<4 x i32>, <4 x i32>, <4 x i1>) #3

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <8 x double> @llvm.x86.avx512.mask.expand.v8f64(<8 x double>, <8 x double>, <8 x i1>) #3

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <64 x i8> @llvm.x86.avx512.mask.expand.v64i8(<64 x i8>, <64 x i8>, <64 x i1>) #3

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(argmem: read) }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(read) }
attributes #2 = { nocallback nofree nosync nounwind willreturn memory(argmem: write) }
attributes #3 = { nocallback nofree nosync nounwind willreturn memory(none) }
"#;

const XOP_ROTATES_CONCAT_SHIFTS_PMOV: &str = r#"define void @xop(<16 x i8> %a, <16 x i8> %b, <8 x i16> %c, <4 x i32> %d, <2 x i64> %q, <4 x i64> %q4, ptr %out) {
  %x1 = call <16 x i8> @llvm.x86.xop.vpcomb(<16 x i8> %a, <16 x i8> %b, i8 0)
  store <16 x i8> %x1, ptr %out
  %x2 = call <16 x i8> @llvm.x86.xop.vpcomub(<16 x i8> %a, <16 x i8> %b, i8 3)
  store <16 x i8> %x2, ptr %out
  %x3 = call <8 x i16> @llvm.x86.xop.vpcomltw(<8 x i16> %c, <8 x i16> %c)
  store <8 x i16> %x3, ptr %out
  %x4 = call <4 x i32> @llvm.x86.xop.vpcomgeud(<4 x i32> %d, <4 x i32> %d)
  store <4 x i32> %x4, ptr %out
  %x5 = call <2 x i64> @llvm.x86.xop.vpcomfalseq(<2 x i64> %q, <2 x i64> %q)
  store <2 x i64> %x5, ptr %out
  %x6 = call <2 x i64> @llvm.x86.xop.vpcomtrueuq(<2 x i64> %q, <2 x i64> %q)
  store <2 x i64> %x6, ptr %out
  %x7 = call <16 x i8> @llvm.x86.xop.vpcomneb(<16 x i8> %a, <16 x i8> %b)
  store <16 x i8> %x7, ptr %out
  %x8 = call <8 x i16> @llvm.x86.xop.vpcomequw(<8 x i16> %c, <8 x i16> %c)
  store <8 x i16> %x8, ptr %out
  %x9 = call <4 x i32> @llvm.x86.xop.vpcomled(<4 x i32> %d, <4 x i32> %d)
  store <4 x i32> %x9, ptr %out
  %x10 = call <4 x i32> @llvm.x86.xop.vpcomgtud(<4 x i32> %d, <4 x i32> zeroinitializer)
  store <4 x i32> %x10, ptr %out
  %m1 = call <2 x i64> @llvm.x86.xop.vpcmov(<2 x i64> %q, <2 x i64> %q, <2 x i64> zeroinitializer)
  store <2 x i64> %m1, ptr %out
  %m2 = call <4 x i64> @llvm.x86.xop.vpcmov.256(<4 x i64> %q4, <4 x i64> zeroinitializer, <4 x i64> %q4)
  store <4 x i64> %m2, ptr %out
  %r1 = call <16 x i8> @llvm.x86.xop.vprotb(<16 x i8> %a, <16 x i8> %b)
  store <16 x i8> %r1, ptr %out
  %r2 = call <16 x i8> @llvm.x86.xop.vprotbi(<16 x i8> %a, i8 3)
  store <16 x i8> %r2, ptr %out
  %r3 = call <2 x i64> @llvm.x86.xop.vprotqi(<2 x i64> %q, i8 -3)
  store <2 x i64> %r3, ptr %out
  ret void
}
declare <16 x i8> @llvm.x86.xop.vpcomb(<16 x i8>, <16 x i8>, i8)
declare <16 x i8> @llvm.x86.xop.vpcomub(<16 x i8>, <16 x i8>, i8)
declare <8 x i16> @llvm.x86.xop.vpcomltw(<8 x i16>, <8 x i16>)
declare <4 x i32> @llvm.x86.xop.vpcomgeud(<4 x i32>, <4 x i32>)
declare <2 x i64> @llvm.x86.xop.vpcomfalseq(<2 x i64>, <2 x i64>)
declare <2 x i64> @llvm.x86.xop.vpcomtrueuq(<2 x i64>, <2 x i64>)
declare <16 x i8> @llvm.x86.xop.vpcomneb(<16 x i8>, <16 x i8>)
declare <8 x i16> @llvm.x86.xop.vpcomequw(<8 x i16>, <8 x i16>)
declare <4 x i32> @llvm.x86.xop.vpcomled(<4 x i32>, <4 x i32>)
declare <4 x i32> @llvm.x86.xop.vpcomgtud(<4 x i32>, <4 x i32>)
declare <2 x i64> @llvm.x86.xop.vpcmov(<2 x i64>, <2 x i64>, <2 x i64>)
declare <4 x i64> @llvm.x86.xop.vpcmov.256(<4 x i64>, <4 x i64>, <4 x i64>)
declare <16 x i8> @llvm.x86.xop.vprotb(<16 x i8>, <16 x i8>)
declare <16 x i8> @llvm.x86.xop.vprotbi(<16 x i8>, i8)
declare <2 x i64> @llvm.x86.xop.vprotqi(<2 x i64>, i8)

define void @rot(<16 x i32> %a, <8 x i64> %q, <4 x i32> %d, <32 x i16> %w32, i32 %k, i16 %w, i8 %m, i64 %acc, i8 %byte, ptr %out) {
  %r1 = call <16 x i32> @llvm.x86.avx512.prol.d.512(<16 x i32> %a, i32 5)
  store <16 x i32> %r1, ptr %out
  %r2 = call <16 x i32> @llvm.x86.avx512.mask.prol.d.512(<16 x i32> %a, i32 5, <16 x i32> %a, i16 %w)
  store <16 x i32> %r2, ptr %out
  %r3 = call <8 x i64> @llvm.x86.avx512.prolv.q.512(<8 x i64> %q, <8 x i64> %q)
  store <8 x i64> %r3, ptr %out
  %r4 = call <8 x i64> @llvm.x86.avx512.mask.prolv.q.512(<8 x i64> %q, <8 x i64> %q, <8 x i64> zeroinitializer, i8 %m)
  store <8 x i64> %r4, ptr %out
  %r5 = call <16 x i32> @llvm.x86.avx512.pror.d.512(<16 x i32> %a, i32 %k)
  store <16 x i32> %r5, ptr %out
  %r6 = call <4 x i32> @llvm.x86.avx512.mask.pror.d.128(<4 x i32> %d, i32 3, <4 x i32> %d, i8 %m)
  store <4 x i32> %r6, ptr %out
  %r7 = call <8 x i64> @llvm.x86.avx512.mask.prorv.q.512(<8 x i64> %q, <8 x i64> %q, <8 x i64> %q, i8 -1)
  store <8 x i64> %r7, ptr %out
  %s1 = call <16 x i32> @llvm.x86.avx512.vpshld.d.512(<16 x i32> %a, <16 x i32> %a, i32 22)
  store <16 x i32> %s1, ptr %out
  %s2 = call <16 x i32> @llvm.x86.avx512.mask.vpshld.d.512(<16 x i32> %a, <16 x i32> %a, i32 22, <16 x i32> zeroinitializer, i16 %w)
  store <16 x i32> %s2, ptr %out
  %s3 = call <32 x i16> @llvm.x86.avx512.mask.vpshldv.w.512(<32 x i16> %w32, <32 x i16> %w32, <32 x i16> %w32, i32 %k)
  store <32 x i16> %s3, ptr %out
  %s4 = call <32 x i16> @llvm.x86.avx512.maskz.vpshldv.w.512(<32 x i16> %w32, <32 x i16> %w32, <32 x i16> %w32, i32 %k)
  store <32 x i16> %s4, ptr %out
  %s5 = call <8 x i64> @llvm.x86.avx512.vpshrd.q.512(<8 x i64> %q, <8 x i64> %q, i32 22)
  store <8 x i64> %s5, ptr %out
  %s6 = call <8 x i64> @llvm.x86.avx512.mask.vpshrd.q.512(<8 x i64> %q, <8 x i64> %q, i32 22, <8 x i64> %q, i8 %m)
  store <8 x i64> %s6, ptr %out
  %s7 = call <4 x i32> @llvm.x86.avx512.maskz.vpshrdv.d.128(<4 x i32> %d, <4 x i32> %d, <4 x i32> %d, i8 %m)
  store <4 x i32> %s7, ptr %out
  %c1 = call i64 @llvm.x86.sse42.crc32.64.8(i64 %acc, i8 %byte)
  store i64 %c1, ptr %out
  %c2 = call i64 @llvm.x86.sse42.crc32.64.8(i64 1234, i8 %byte)
  store i64 %c2, ptr %out
  ret void
}
declare <16 x i32> @llvm.x86.avx512.prol.d.512(<16 x i32>, i32)
declare <16 x i32> @llvm.x86.avx512.mask.prol.d.512(<16 x i32>, i32, <16 x i32>, i16)
declare <8 x i64> @llvm.x86.avx512.prolv.q.512(<8 x i64>, <8 x i64>)
declare <8 x i64> @llvm.x86.avx512.mask.prolv.q.512(<8 x i64>, <8 x i64>, <8 x i64>, i8)
declare <16 x i32> @llvm.x86.avx512.pror.d.512(<16 x i32>, i32)
declare <4 x i32> @llvm.x86.avx512.mask.pror.d.128(<4 x i32>, i32, <4 x i32>, i8)
declare <8 x i64> @llvm.x86.avx512.mask.prorv.q.512(<8 x i64>, <8 x i64>, <8 x i64>, i8)
declare <16 x i32> @llvm.x86.avx512.vpshld.d.512(<16 x i32>, <16 x i32>, i32)
declare <16 x i32> @llvm.x86.avx512.mask.vpshld.d.512(<16 x i32>, <16 x i32>, i32, <16 x i32>, i16)
declare <32 x i16> @llvm.x86.avx512.mask.vpshldv.w.512(<32 x i16>, <32 x i16>, <32 x i16>, i32)
declare <32 x i16> @llvm.x86.avx512.maskz.vpshldv.w.512(<32 x i16>, <32 x i16>, <32 x i16>, i32)
declare <8 x i64> @llvm.x86.avx512.vpshrd.q.512(<8 x i64>, <8 x i64>, i32)
declare <8 x i64> @llvm.x86.avx512.mask.vpshrd.q.512(<8 x i64>, <8 x i64>, i32, <8 x i64>, i8)
declare <4 x i32> @llvm.x86.avx512.maskz.vpshrdv.d.128(<4 x i32>, <4 x i32>, <4 x i32>, i8)
declare i64 @llvm.x86.sse42.crc32.64.8(i64, i8)

define void @pmov(<16 x i8> %a, <8 x i16> %c, <4 x i32> %d, <8 x i32> %e, <16 x i32> %f, <8 x i64> %q, <4 x i64> %q4, <32 x i16> %w32, <16 x i16> %w16, i8 %m, i16 %w, i32 %k, ptr %out) {
  %p1 = call <8 x i16> @llvm.x86.sse41.pmovsxbw(<16 x i8> %a)
  store <8 x i16> %p1, ptr %out
  %p2 = call <4 x i32> @llvm.x86.sse41.pmovzxwd(<8 x i16> %c)
  store <4 x i32> %p2, ptr %out
  %p3 = call <4 x i64> @llvm.x86.avx2.pmovsxdq(<4 x i32> %d)
  store <4 x i64> %p3, ptr %out
  %p4 = call <16 x i16> @llvm.x86.avx2.pmovzxbw(<16 x i8> %a)
  store <16 x i16> %p4, ptr %out
  %p5 = call <16 x i32> @llvm.x86.avx512.mask.pmovsxb.d.512(<16 x i8> %a, <16 x i32> %f, i16 %w)
  store <16 x i32> %p5, ptr %out
  %p6 = call <2 x i64> @llvm.x86.avx512.mask.pmovzxb.q.128(<16 x i8> %a, <2 x i64> zeroinitializer, i8 %m)
  store <2 x i64> %p6, ptr %out
  %p7 = call <2 x i64> @llvm.x86.sse41.pmovzxbq(<16 x i8> <i8 1, i8 -1, i8 3, i8 4, i8 5, i8 6, i8 7, i8 8, i8 1, i8 2, i8 3, i8 4, i8 5, i8 6, i8 7, i8 8>)
  store <2 x i64> %p7, ptr %out
  %t1 = call <8 x i32> @llvm.x86.avx512.mask.pmov.qd.512(<8 x i64> %q, <8 x i32> %e, i8 %m)
  store <8 x i32> %t1, ptr %out
  %t2 = call <4 x i32> @llvm.x86.avx512.mask.pmov.qd.256(<4 x i64> %q4, <4 x i32> %d, i8 -1)
  store <4 x i32> %t2, ptr %out
  %t3 = call <32 x i8> @llvm.x86.avx512.mask.pmov.wb.512(<32 x i16> %w32, <32 x i8> zeroinitializer, i32 %k)
  store <32 x i8> %t3, ptr %out
  %t4 = call <16 x i8> @llvm.x86.avx512.mask.pmov.wb.256(<16 x i16> %w16, <16 x i8> %a, i16 %w)
  store <16 x i8> %t4, ptr %out
  ret void
}
declare <8 x i16> @llvm.x86.sse41.pmovsxbw(<16 x i8>)
declare <4 x i32> @llvm.x86.sse41.pmovzxwd(<8 x i16>)
declare <4 x i64> @llvm.x86.avx2.pmovsxdq(<4 x i32>)
declare <16 x i16> @llvm.x86.avx2.pmovzxbw(<16 x i8>)
declare <16 x i32> @llvm.x86.avx512.mask.pmovsxb.d.512(<16 x i8>, <16 x i32>, i16)
declare <2 x i64> @llvm.x86.avx512.mask.pmovzxb.q.128(<16 x i8>, <2 x i64>, i8)
declare <2 x i64> @llvm.x86.sse41.pmovzxbq(<16 x i8>)
declare <8 x i32> @llvm.x86.avx512.mask.pmov.qd.512(<8 x i64>, <8 x i32>, i8)
declare <4 x i32> @llvm.x86.avx512.mask.pmov.qd.256(<4 x i64>, <4 x i32>, i8)
declare <32 x i8> @llvm.x86.avx512.mask.pmov.wb.512(<32 x i16>, <32 x i8>, i32)
declare <16 x i8> @llvm.x86.avx512.mask.pmov.wb.256(<16 x i16>, <16 x i8>, i16)
"#;

const XOP_ROTATES_CONCAT_SHIFTS_PMOV_LLVM: &str = r#"define void @xop(<16 x i8> %a, <16 x i8> %b, <8 x i16> %c, <4 x i32> %d, <2 x i64> %q, <4 x i64> %q4, ptr %out) {
  %1 = icmp slt <16 x i8> %a, %b
  %2 = sext <16 x i1> %1 to <16 x i8>
  store <16 x i8> %2, ptr %out, align 16
  %3 = icmp uge <16 x i8> %a, %b
  %4 = sext <16 x i1> %3 to <16 x i8>
  store <16 x i8> %4, ptr %out, align 16
  %5 = icmp slt <8 x i16> %c, %c
  %6 = sext <8 x i1> %5 to <8 x i16>
  store <8 x i16> %6, ptr %out, align 16
  %7 = icmp uge <4 x i32> %d, %d
  %8 = sext <4 x i1> %7 to <4 x i32>
  store <4 x i32> %8, ptr %out, align 16
  store <2 x i64> zeroinitializer, ptr %out, align 16
  store <2 x i64> splat (i64 -1), ptr %out, align 16
  %9 = icmp ne <16 x i8> %a, %b
  %10 = sext <16 x i1> %9 to <16 x i8>
  store <16 x i8> %10, ptr %out, align 16
  %11 = icmp eq <8 x i16> %c, %c
  %12 = sext <8 x i1> %11 to <8 x i16>
  store <8 x i16> %12, ptr %out, align 16
  %13 = icmp sle <4 x i32> %d, %d
  %14 = sext <4 x i1> %13 to <4 x i32>
  store <4 x i32> %14, ptr %out, align 16
  %15 = icmp ugt <4 x i32> %d, zeroinitializer
  %16 = sext <4 x i1> %15 to <4 x i32>
  store <4 x i32> %16, ptr %out, align 16
  %17 = and <2 x i64> %q, zeroinitializer
  %18 = and <2 x i64> %q, splat (i64 -1)
  %19 = or <2 x i64> %17, %18
  store <2 x i64> %19, ptr %out, align 16
  %20 = xor <4 x i64> %q4, splat (i64 -1)
  %21 = and <4 x i64> %q4, %q4
  %22 = and <4 x i64> zeroinitializer, %20
  %23 = or <4 x i64> %21, %22
  store <4 x i64> %23, ptr %out, align 32
  %24 = call <16 x i8> @llvm.fshl.v16i8(<16 x i8> %a, <16 x i8> %a, <16 x i8> %b)
  store <16 x i8> %24, ptr %out, align 16
  %25 = call <16 x i8> @llvm.fshl.v16i8(<16 x i8> %a, <16 x i8> %a, <16 x i8> splat (i8 3))
  store <16 x i8> %25, ptr %out, align 16
  %26 = call <2 x i64> @llvm.fshl.v2i64(<2 x i64> %q, <2 x i64> %q, <2 x i64> splat (i64 253))
  store <2 x i64> %26, ptr %out, align 16
  ret void
}

define void @rot(<16 x i32> %a, <8 x i64> %q, <4 x i32> %d, <32 x i16> %w32, i32 %k, i16 %w, i8 %m, i64 %acc, i8 %byte, ptr %out) {
  %1 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %a, <16 x i32> %a, <16 x i32> splat (i32 5))
  store <16 x i32> %1, ptr %out, align 64
  %2 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %a, <16 x i32> %a, <16 x i32> splat (i32 5))
  %3 = bitcast i16 %w to <16 x i1>
  %4 = select <16 x i1> %3, <16 x i32> %2, <16 x i32> %a
  store <16 x i32> %4, ptr %out, align 64
  %5 = call <8 x i64> @llvm.fshl.v8i64(<8 x i64> %q, <8 x i64> %q, <8 x i64> %q)
  store <8 x i64> %5, ptr %out, align 64
  %6 = call <8 x i64> @llvm.fshl.v8i64(<8 x i64> %q, <8 x i64> %q, <8 x i64> %q)
  %7 = bitcast i8 %m to <8 x i1>
  %8 = select <8 x i1> %7, <8 x i64> %6, <8 x i64> zeroinitializer
  store <8 x i64> %8, ptr %out, align 64
  %.splatinsert = insertelement <16 x i32> poison, i32 %k, i64 0
  %.splat = shufflevector <16 x i32> %.splatinsert, <16 x i32> poison, <16 x i32> zeroinitializer
  %9 = call <16 x i32> @llvm.fshr.v16i32(<16 x i32> %a, <16 x i32> %a, <16 x i32> %.splat)
  store <16 x i32> %9, ptr %out, align 64
  %10 = call <4 x i32> @llvm.fshr.v4i32(<4 x i32> %d, <4 x i32> %d, <4 x i32> splat (i32 3))
  %11 = bitcast i8 %m to <8 x i1>
  %extract = shufflevector <8 x i1> %11, <8 x i1> %11, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %12 = select <4 x i1> %extract, <4 x i32> %10, <4 x i32> %d
  store <4 x i32> %12, ptr %out, align 16
  %13 = call <8 x i64> @llvm.fshr.v8i64(<8 x i64> %q, <8 x i64> %q, <8 x i64> %q)
  store <8 x i64> %13, ptr %out, align 64
  %14 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %a, <16 x i32> %a, <16 x i32> splat (i32 22))
  store <16 x i32> %14, ptr %out, align 64
  %15 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %a, <16 x i32> %a, <16 x i32> splat (i32 22))
  %16 = bitcast i16 %w to <16 x i1>
  %17 = select <16 x i1> %16, <16 x i32> %15, <16 x i32> zeroinitializer
  store <16 x i32> %17, ptr %out, align 64
  %18 = call <32 x i16> @llvm.fshl.v32i16(<32 x i16> %w32, <32 x i16> %w32, <32 x i16> %w32)
  %19 = bitcast i32 %k to <32 x i1>
  %20 = select <32 x i1> %19, <32 x i16> %18, <32 x i16> %w32
  store <32 x i16> %20, ptr %out, align 64
  %21 = call <32 x i16> @llvm.fshl.v32i16(<32 x i16> %w32, <32 x i16> %w32, <32 x i16> %w32)
  %22 = bitcast i32 %k to <32 x i1>
  %23 = select <32 x i1> %22, <32 x i16> %21, <32 x i16> zeroinitializer
  store <32 x i16> %23, ptr %out, align 64
  %24 = call <8 x i64> @llvm.fshr.v8i64(<8 x i64> %q, <8 x i64> %q, <8 x i64> splat (i64 22))
  store <8 x i64> %24, ptr %out, align 64
  %25 = call <8 x i64> @llvm.fshr.v8i64(<8 x i64> %q, <8 x i64> %q, <8 x i64> splat (i64 22))
  %26 = bitcast i8 %m to <8 x i1>
  %27 = select <8 x i1> %26, <8 x i64> %25, <8 x i64> %q
  store <8 x i64> %27, ptr %out, align 64
  %28 = call <4 x i32> @llvm.fshr.v4i32(<4 x i32> %d, <4 x i32> %d, <4 x i32> %d)
  %29 = bitcast i8 %m to <8 x i1>
  %extract1 = shufflevector <8 x i1> %29, <8 x i1> %29, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %30 = select <4 x i1> %extract1, <4 x i32> %28, <4 x i32> zeroinitializer
  store <4 x i32> %30, ptr %out, align 16
  %31 = trunc i64 %acc to i32
  %32 = call i32 @llvm.x86.sse42.crc32.32.8(i32 %31, i8 %byte)
  %33 = zext i32 %32 to i64
  store i64 %33, ptr %out, align 4
  %34 = call i32 @llvm.x86.sse42.crc32.32.8(i32 1234, i8 %byte)
  %35 = zext i32 %34 to i64
  store i64 %35, ptr %out, align 4
  ret void
}

define void @pmov(<16 x i8> %a, <8 x i16> %c, <4 x i32> %d, <8 x i32> %e, <16 x i32> %f, <8 x i64> %q, <4 x i64> %q4, <32 x i16> %w32, <16 x i16> %w16, i8 %m, i16 %w, i32 %k, ptr %out) {
  %1 = shufflevector <16 x i8> %a, <16 x i8> poison, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %2 = sext <8 x i8> %1 to <8 x i16>
  store <8 x i16> %2, ptr %out, align 16
  %3 = shufflevector <8 x i16> %c, <8 x i16> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %4 = zext <4 x i16> %3 to <4 x i32>
  store <4 x i32> %4, ptr %out, align 16
  %5 = shufflevector <4 x i32> %d, <4 x i32> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %6 = sext <4 x i32> %5 to <4 x i64>
  store <4 x i64> %6, ptr %out, align 32
  %7 = shufflevector <16 x i8> %a, <16 x i8> poison, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %8 = zext <16 x i8> %7 to <16 x i16>
  store <16 x i16> %8, ptr %out, align 32
  %9 = shufflevector <16 x i8> %a, <16 x i8> poison, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %10 = sext <16 x i8> %9 to <16 x i32>
  %11 = bitcast i16 %w to <16 x i1>
  %12 = select <16 x i1> %11, <16 x i32> %10, <16 x i32> %f
  store <16 x i32> %12, ptr %out, align 64
  %13 = shufflevector <16 x i8> %a, <16 x i8> poison, <2 x i32> <i32 0, i32 1>
  %14 = zext <2 x i8> %13 to <2 x i64>
  %15 = bitcast i8 %m to <8 x i1>
  %extract = shufflevector <8 x i1> %15, <8 x i1> %15, <2 x i32> <i32 0, i32 1>
  %16 = select <2 x i1> %extract, <2 x i64> %14, <2 x i64> zeroinitializer
  store <2 x i64> %16, ptr %out, align 16
  store <2 x i64> <i64 1, i64 255>, ptr %out, align 16
  %17 = trunc <8 x i64> %q to <8 x i32>
  %18 = bitcast i8 %m to <8 x i1>
  %19 = select <8 x i1> %18, <8 x i32> %17, <8 x i32> %e
  store <8 x i32> %19, ptr %out, align 32
  %20 = trunc <4 x i64> %q4 to <4 x i32>
  store <4 x i32> %20, ptr %out, align 16
  %21 = trunc <32 x i16> %w32 to <32 x i8>
  %22 = bitcast i32 %k to <32 x i1>
  %23 = select <32 x i1> %22, <32 x i8> %21, <32 x i8> zeroinitializer
  store <32 x i8> %23, ptr %out, align 32
  %24 = trunc <16 x i16> %w16 to <16 x i8>
  %25 = bitcast i16 %w to <16 x i1>
  %26 = select <16 x i1> %25, <16 x i8> %24, <16 x i8> %a
  store <16 x i8> %26, ptr %out, align 16
  ret void
}

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <16 x i8> @llvm.fshl.v16i8(<16 x i8>, <16 x i8>, <16 x i8>) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x i64> @llvm.fshl.v2i64(<2 x i64>, <2 x i64>, <2 x i64>) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <16 x i32> @llvm.fshl.v16i32(<16 x i32>, <16 x i32>, <16 x i32>) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <8 x i64> @llvm.fshl.v8i64(<8 x i64>, <8 x i64>, <8 x i64>) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <16 x i32> @llvm.fshr.v16i32(<16 x i32>, <16 x i32>, <16 x i32>) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <4 x i32> @llvm.fshr.v4i32(<4 x i32>, <4 x i32>, <4 x i32>) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <8 x i64> @llvm.fshr.v8i64(<8 x i64>, <8 x i64>, <8 x i64>) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <32 x i16> @llvm.fshl.v32i16(<32 x i16>, <32 x i16>, <32 x i16>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare i32 @llvm.x86.sse42.crc32.32.8(i32, i8) #1

attributes #0 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(none) }
"#;

const SHUFFLES_BLENDS_BYTE_SHIFTS: &str = r#"define void @shuf(<16 x float> %g, <8 x double> %h, <16 x i32> %f, <8 x i64> %q, <8 x float> %c, <4 x float> %a, <4 x i32> %d, <2 x double> %b, <8 x i32> %e, <4 x double> %h4, <4 x i64> %q4, i8 %m, i16 %w, ptr %out) {
  %s1 = call <16 x float> @llvm.x86.avx512.mask.shuf.f32x4(<16 x float> %g, <16 x float> %g, i32 22, <16 x float> %g, i16 %w)
  store <16 x float> %s1, ptr %out
  %s2 = call <8 x i64> @llvm.x86.avx512.mask.shuf.i64x2(<8 x i64> %q, <8 x i64> %q, i32 -1, <8 x i64> %q, i8 -1)
  store <8 x i64> %s2, ptr %out
  %s3 = call <8 x float> @llvm.x86.avx512.mask.shuf.f32x4.256(<8 x float> %c, <8 x float> %c, i32 3, <8 x float> %c, i8 %m)
  store <8 x float> %s3, ptr %out
  %s4 = call <4 x i64> @llvm.x86.avx512.mask.shuf.i64x2.256(<4 x i64> %q4, <4 x i64> zeroinitializer, i32 1, <4 x i64> %q4, i8 %m)
  store <4 x i64> %s4, ptr %out
  %b1 = call <16 x float> @llvm.x86.avx512.mask.broadcastf32x4.512(<4 x float> %a, <16 x float> %g, i16 %w)
  store <16 x float> %b1, ptr %out
  %b2 = call <8 x i64> @llvm.x86.avx512.mask.broadcasti64x4.512(<4 x i64> %q4, <8 x i64> %q, i8 -1)
  store <8 x i64> %b2, ptr %out
  %b3 = call <8 x float> @llvm.x86.avx512.mask.broadcastf32x2.256(<4 x float> %a, <8 x float> %c, i8 %m)
  store <8 x float> %b3, ptr %out
  %p1 = call <16 x i8> @llvm.x86.avx2.pbroadcastb.128(<16 x i8> zeroinitializer)
  store <16 x i8> %p1, ptr %out
  %p2 = call <8 x i32> @llvm.x86.avx2.pbroadcastd.256(<4 x i32> %d)
  store <8 x i32> %p2, ptr %out
  %p3 = call <4 x double> @llvm.x86.avx2.vbroadcast.sd.pd.256(<2 x double> %b)
  store <4 x double> %p3, ptr %out
  %p4 = call <16 x i32> @llvm.x86.avx512.pbroadcastd.512(<4 x i32> %d, <16 x i32> %f, i16 %w)
  store <16 x i32> %p4, ptr %out
  %p5 = call <16 x float> @llvm.x86.avx512.mask.broadcast.ss.ps.512(<4 x float> %a, <16 x float> %g, i16 -1)
  store <16 x float> %p5, ptr %out
  %p6 = call <8 x double> @llvm.x86.avx512.mask.broadcast.sd.pd.512(<2 x double> %b, <8 x double> zeroinitializer, i8 %m)
  store <8 x double> %p6, ptr %out
  ret void
}
declare <16 x float> @llvm.x86.avx512.mask.shuf.f32x4(<16 x float>, <16 x float>, i32, <16 x float>, i16)
declare <8 x i64> @llvm.x86.avx512.mask.shuf.i64x2(<8 x i64>, <8 x i64>, i32, <8 x i64>, i8)
declare <8 x float> @llvm.x86.avx512.mask.shuf.f32x4.256(<8 x float>, <8 x float>, i32, <8 x float>, i8)
declare <4 x i64> @llvm.x86.avx512.mask.shuf.i64x2.256(<4 x i64>, <4 x i64>, i32, <4 x i64>, i8)
declare <16 x float> @llvm.x86.avx512.mask.broadcastf32x4.512(<4 x float>, <16 x float>, i16)
declare <8 x i64> @llvm.x86.avx512.mask.broadcasti64x4.512(<4 x i64>, <8 x i64>, i8)
declare <8 x float> @llvm.x86.avx512.mask.broadcastf32x2.256(<4 x float>, <8 x float>, i8)
declare <16 x i8> @llvm.x86.avx2.pbroadcastb.128(<16 x i8>)
declare <8 x i32> @llvm.x86.avx2.pbroadcastd.256(<4 x i32>)
declare <4 x double> @llvm.x86.avx2.vbroadcast.sd.pd.256(<2 x double>)
declare <16 x i32> @llvm.x86.avx512.pbroadcastd.512(<4 x i32>, <16 x i32>, i16)
declare <16 x float> @llvm.x86.avx512.mask.broadcast.ss.ps.512(<4 x float>, <16 x float>, i16)
declare <8 x double> @llvm.x86.avx512.mask.broadcast.sd.pd.512(<2 x double>, <8 x double>, i8)

define void @sat(<16 x i8> %a, <16 x i8> %b, <16 x i16> %c, <64 x i8> %bb, <32 x i16> %w32, i64 %l, i32 %k, ptr %out) {
  %r1 = call <16 x i8> @llvm.x86.sse2.padds.b(<16 x i8> %a, <16 x i8> %b)
  store <16 x i8> %r1, ptr %out
  %r2 = call <16 x i16> @llvm.x86.avx2.psubs.w(<16 x i16> %c, <16 x i16> %c)
  store <16 x i16> %r2, ptr %out
  %r3 = call <64 x i8> @llvm.x86.avx512.mask.padds.b.512(<64 x i8> %bb, <64 x i8> %bb, <64 x i8> zeroinitializer, i64 %l)
  store <64 x i8> %r3, ptr %out
  %r4 = call <32 x i16> @llvm.x86.avx512.psubs.w.512(<32 x i16> %w32, <32 x i16> %w32)
  store <32 x i16> %r4, ptr %out
  %r5 = call <16 x i8> @llvm.x86.sse2.paddus.b(<16 x i8> %a, <16 x i8> %b)
  store <16 x i8> %r5, ptr %out
  %r6 = call <32 x i16> @llvm.x86.avx512.mask.paddus.w.512(<32 x i16> %w32, <32 x i16> %w32, <32 x i16> %w32, i32 %k)
  store <32 x i16> %r6, ptr %out
  %r7 = call <16 x i16> @llvm.x86.avx2.psubus.w(<16 x i16> %c, <16 x i16> %c)
  store <16 x i16> %r7, ptr %out
  %r8 = call <64 x i8> @llvm.x86.avx512.mask.psubus.b.512(<64 x i8> %bb, <64 x i8> %bb, <64 x i8> %bb, i64 -1)
  store <64 x i8> %r8, ptr %out
  ret void
}
declare <16 x i8> @llvm.x86.sse2.padds.b(<16 x i8>, <16 x i8>)
declare <16 x i16> @llvm.x86.avx2.psubs.w(<16 x i16>, <16 x i16>)
declare <64 x i8> @llvm.x86.avx512.mask.padds.b.512(<64 x i8>, <64 x i8>, <64 x i8>, i64)
declare <32 x i16> @llvm.x86.avx512.psubs.w.512(<32 x i16>, <32 x i16>)
declare <16 x i8> @llvm.x86.sse2.paddus.b(<16 x i8>, <16 x i8>)
declare <32 x i16> @llvm.x86.avx512.mask.paddus.w.512(<32 x i16>, <32 x i16>, <32 x i16>, i32)
declare <16 x i16> @llvm.x86.avx2.psubus.w(<16 x i16>, <16 x i16>)
declare <64 x i8> @llvm.x86.avx512.mask.psubus.b.512(<64 x i8>, <64 x i8>, <64 x i8>, i64)

define void @align(<64 x i8> %bb, <16 x i8> %a, <16 x i32> %f, <8 x i64> %q, <4 x i32> %d, <2 x i64> %q2, <4 x i64> %q4, <32 x i8> %c32, <8 x i32> %e, i64 %l, i16 %w, i8 %m, i32 %k, ptr %out) {
  %a1 = call <64 x i8> @llvm.x86.avx512.mask.palignr.512(<64 x i8> %bb, <64 x i8> %bb, i32 2, <64 x i8> %bb, i64 %l)
  store <64 x i8> %a1, ptr %out
  %a2 = call <64 x i8> @llvm.x86.avx512.mask.palignr.512(<64 x i8> %bb, <64 x i8> zeroinitializer, i32 20, <64 x i8> %bb, i64 -1)
  store <64 x i8> %a2, ptr %out
  %a3 = call <16 x i8> @llvm.x86.avx512.mask.palignr.128(<16 x i8> %a, <16 x i8> %a, i32 40, <16 x i8> %a, i16 %w)
  store <16 x i8> %a3, ptr %out
  %a4 = call <16 x i32> @llvm.x86.avx512.mask.valign.d.512(<16 x i32> %f, <16 x i32> %f, i32 5, <16 x i32> %f, i16 %w)
  store <16 x i32> %a4, ptr %out
  %a5 = call <8 x i64> @llvm.x86.avx512.mask.valign.q.512(<8 x i64> %q, <8 x i64> %q, i32 11, <8 x i64> zeroinitializer, i8 %m)
  store <8 x i64> %a5, ptr %out
  %a6 = call <4 x i32> @llvm.x86.avx512.mask.valign.d.128(<4 x i32> %d, <4 x i32> %d, i32 1, <4 x i32> %d, i8 %m)
  store <4 x i32> %a6, ptr %out
  %a7 = call <32 x i8> @llvm.x86.avx512.mask.palignr.256(<32 x i8> %c32, <32 x i8> %c32, i32 17, <32 x i8> %c32, i32 %k)
  store <32 x i8> %a7, ptr %out
  %b1 = call <2 x i64> @llvm.x86.sse2.psll.dq(<2 x i64> %q2, i32 8)
  store <2 x i64> %b1, ptr %out
  %b2 = call <4 x i64> @llvm.x86.avx2.psrl.dq(<4 x i64> %q4, i32 24)
  store <4 x i64> %b2, ptr %out
  %b3 = call <2 x i64> @llvm.x86.sse2.psll.dq.bs(<2 x i64> %q2, i32 5)
  store <2 x i64> %b3, ptr %out
  %b4 = call <2 x i64> @llvm.x86.sse2.psrl.dq.bs(<2 x i64> %q2, i32 16)
  store <2 x i64> %b4, ptr %out
  %b5 = call <8 x i64> @llvm.x86.avx512.psll.dq.512(<8 x i64> %q, i32 3)
  store <8 x i64> %b5, ptr %out
  %b6 = call <8 x i64> @llvm.x86.avx512.psrl.dq.512(<8 x i64> %q, i32 15)
  store <8 x i64> %b6, ptr %out
  %b7 = call <4 x i64> @llvm.x86.avx2.psll.dq.bs(<4 x i64> zeroinitializer, i32 1)
  store <4 x i64> %b7, ptr %out
  ret void
}
declare <64 x i8> @llvm.x86.avx512.mask.palignr.512(<64 x i8>, <64 x i8>, i32, <64 x i8>, i64)
declare <16 x i8> @llvm.x86.avx512.mask.palignr.128(<16 x i8>, <16 x i8>, i32, <16 x i8>, i16)
declare <32 x i8> @llvm.x86.avx512.mask.palignr.256(<32 x i8>, <32 x i8>, i32, <32 x i8>, i32)
declare <16 x i32> @llvm.x86.avx512.mask.valign.d.512(<16 x i32>, <16 x i32>, i32, <16 x i32>, i16)
declare <8 x i64> @llvm.x86.avx512.mask.valign.q.512(<8 x i64>, <8 x i64>, i32, <8 x i64>, i8)
declare <4 x i32> @llvm.x86.avx512.mask.valign.d.128(<4 x i32>, <4 x i32>, i32, <4 x i32>, i8)
declare <2 x i64> @llvm.x86.sse2.psll.dq(<2 x i64>, i32)
declare <4 x i64> @llvm.x86.avx2.psrl.dq(<4 x i64>, i32)
declare <2 x i64> @llvm.x86.sse2.psll.dq.bs(<2 x i64>, i32)
declare <2 x i64> @llvm.x86.sse2.psrl.dq.bs(<2 x i64>, i32)
declare <8 x i64> @llvm.x86.avx512.psll.dq.512(<8 x i64>, i32)
declare <8 x i64> @llvm.x86.avx512.psrl.dq.512(<8 x i64>, i32)
declare <4 x i64> @llvm.x86.avx2.psll.dq.bs(<4 x i64>, i32)

define void @blend(<8 x i16> %c, <4 x float> %a, <2 x double> %b, <8 x float> %v8, <4 x double> %h4, <16 x i16> %c16, <4 x i32> %d, <8 x i32> %e, <16 x float> %g, <8 x double> %h, <16 x i32> %f, <8 x i64> %q, <4 x i64> %q4, i8 %m, i16 %w, ptr %out) {
  %b1 = call <8 x i16> @llvm.x86.sse41.pblendw(<8 x i16> %c, <8 x i16> %c, i8 5)
  store <8 x i16> %b1, ptr %out
  %b2 = call <4 x float> @llvm.x86.sse41.blendps(<4 x float> %a, <4 x float> zeroinitializer, i32 6)
  store <4 x float> %b2, ptr %out
  %b3 = call <2 x double> @llvm.x86.sse41.blendpd(<2 x double> %b, <2 x double> %b, i32 1)
  store <2 x double> %b3, ptr %out
  %b4 = call <8 x float> @llvm.x86.avx.blend.ps.256(<8 x float> %v8, <8 x float> %v8, i32 200)
  store <8 x float> %b4, ptr %out
  %b5 = call <16 x i16> @llvm.x86.avx2.pblendw(<16 x i16> %c16, <16 x i16> %c16, i32 77)
  store <16 x i16> %b5, ptr %out
  %b6 = call <4 x i32> @llvm.x86.avx2.pblendd.128(<4 x i32> %d, <4 x i32> %d, i32 15)
  store <4 x i32> %b6, ptr %out
  %b7 = call <4 x i32> @llvm.x86.avx2.pblendd.128(<4 x i32> %d, <4 x i32> %d, i32 0)
  store <4 x i32> %b7, ptr %out
  %i1 = call <8 x float> @llvm.x86.avx.vinsertf128.ps.256(<8 x float> %v8, <4 x float> %a, i8 1)
  store <8 x float> %i1, ptr %out
  %i2 = call <4 x double> @llvm.x86.avx.vinsertf128.pd.256(<4 x double> %h4, <2 x double> %b, i8 2)
  store <4 x double> %i2, ptr %out
  %i3 = call <4 x i64> @llvm.x86.avx2.vinserti128(<4 x i64> %q4, <2 x i64> zeroinitializer, i8 0)
  store <4 x i64> %i3, ptr %out
  %i4 = call <16 x float> @llvm.x86.avx512.mask.insertf32x4.512(<16 x float> %g, <4 x float> %a, i32 3, <16 x float> %g, i16 %w)
  store <16 x float> %i4, ptr %out
  %i5 = call <8 x i64> @llvm.x86.avx512.mask.inserti64x4.512(<8 x i64> %q, <4 x i64> %q4, i32 1, <8 x i64> %q, i8 -1)
  store <8 x i64> %i5, ptr %out
  %e1 = call <4 x float> @llvm.x86.avx.vextractf128.ps.256(<8 x float> %v8, i8 1)
  store <4 x float> %e1, ptr %out
  %e2 = call <2 x i64> @llvm.x86.avx2.vextracti128(<4 x i64> %q4, i8 7)
  store <2 x i64> %e2, ptr %out
  %e3 = call <4 x float> @llvm.x86.avx512.mask.vextractf32x4.512(<16 x float> %g, i32 2, <4 x float> %a, i8 %m)
  store <4 x float> %e3, ptr %out
  %e4 = call <4 x i64> @llvm.x86.avx512.mask.vextracti64x4.512(<8 x i64> %q, i32 1, <4 x i64> zeroinitializer, i8 %m)
  store <4 x i64> %e4, ptr %out
  %e5 = call <2 x double> @llvm.x86.avx.vextractf128.pd.256(<4 x double> <double 1.0, double 2.0, double 3.0, double 4.0>, i8 1)
  store <2 x double> %e5, ptr %out
  %p1 = call <8 x double> @llvm.x86.avx512.mask.perm.df.512(<8 x double> %h, i32 27, <8 x double> %h, i8 %m)
  store <8 x double> %p1, ptr %out
  %p2 = call <4 x i64> @llvm.x86.avx512.mask.perm.di.256(<4 x i64> %q4, i32 255, <4 x i64> %q4, i8 -1)
  store <4 x i64> %p2, ptr %out
  %v1 = call <8 x float> @llvm.x86.avx.vperm2f128.ps.256(<8 x float> %v8, <8 x float> %v8, i8 49)
  store <8 x float> %v1, ptr %out
  %v2 = call <4 x double> @llvm.x86.avx.vperm2f128.pd.256(<4 x double> %h4, <4 x double> zeroinitializer, i8 -120)
  store <4 x double> %v2, ptr %out
  %v3 = call <8 x i32> @llvm.x86.avx.vperm2f128.si.256(<8 x i32> %e, <8 x i32> %e, i8 2)
  store <8 x i32> %v3, ptr %out
  %v4 = call <4 x i64> @llvm.x86.avx2.vperm2i128(<4 x i64> %q4, <4 x i64> %q4, i8 19)
  store <4 x i64> %v4, ptr %out
  %v5 = call <4 x i64> @llvm.x86.avx2.vperm2i128(<4 x i64> %q4, <4 x i64> %q4, i8 -128)
  store <4 x i64> %v5, ptr %out
  %l1 = call <4 x float> @llvm.x86.avx.vpermil.ps(<4 x float> %a, i8 27)
  store <4 x float> %l1, ptr %out
  %l2 = call <4 x double> @llvm.x86.avx.vpermil.pd.256(<4 x double> %h4, i8 7)
  store <4 x double> %l2, ptr %out
  %l3 = call <4 x i32> @llvm.x86.sse2.pshuf.d(<4 x i32> %d, i8 -1)
  store <4 x i32> %l3, ptr %out
  %l4 = call <16 x float> @llvm.x86.avx512.mask.vpermil.ps.512(<16 x float> %g, i32 22, <16 x float> %g, i16 %w)
  store <16 x float> %l4, ptr %out
  %l5 = call <8 x double> @llvm.x86.avx512.mask.vpermil.pd.512(<8 x double> %h, i32 22, <8 x double> zeroinitializer, i8 -1)
  store <8 x double> %l5, ptr %out
  %l6 = call <16 x i32> @llvm.x86.avx512.mask.pshuf.d.512(<16 x i32> %f, i32 3, <16 x i32> %f, i16 %w)
  store <16 x i32> %l6, ptr %out
  %l7 = call <2 x double> @llvm.x86.avx.vpermil.pd(<2 x double> %b, i8 1)
  store <2 x double> %l7, ptr %out
  ret void
}
declare <8 x i16> @llvm.x86.sse41.pblendw(<8 x i16>, <8 x i16>, i8)
declare <4 x float> @llvm.x86.sse41.blendps(<4 x float>, <4 x float>, i32)
declare <2 x double> @llvm.x86.sse41.blendpd(<2 x double>, <2 x double>, i32)
declare <8 x float> @llvm.x86.avx.blend.ps.256(<8 x float>, <8 x float>, i32)
declare <16 x i16> @llvm.x86.avx2.pblendw(<16 x i16>, <16 x i16>, i32)
declare <4 x i32> @llvm.x86.avx2.pblendd.128(<4 x i32>, <4 x i32>, i32)
declare <8 x float> @llvm.x86.avx.vinsertf128.ps.256(<8 x float>, <4 x float>, i8)
declare <4 x double> @llvm.x86.avx.vinsertf128.pd.256(<4 x double>, <2 x double>, i8)
declare <4 x i64> @llvm.x86.avx2.vinserti128(<4 x i64>, <2 x i64>, i8)
declare <16 x float> @llvm.x86.avx512.mask.insertf32x4.512(<16 x float>, <4 x float>, i32, <16 x float>, i16)
declare <8 x i64> @llvm.x86.avx512.mask.inserti64x4.512(<8 x i64>, <4 x i64>, i32, <8 x i64>, i8)
declare <4 x float> @llvm.x86.avx.vextractf128.ps.256(<8 x float>, i8)
declare <2 x i64> @llvm.x86.avx2.vextracti128(<4 x i64>, i8)
declare <4 x float> @llvm.x86.avx512.mask.vextractf32x4.512(<16 x float>, i32, <4 x float>, i8)
declare <4 x i64> @llvm.x86.avx512.mask.vextracti64x4.512(<8 x i64>, i32, <4 x i64>, i8)
declare <2 x double> @llvm.x86.avx.vextractf128.pd.256(<4 x double>, i8)
declare <8 x double> @llvm.x86.avx512.mask.perm.df.512(<8 x double>, i32, <8 x double>, i8)
declare <4 x i64> @llvm.x86.avx512.mask.perm.di.256(<4 x i64>, i32, <4 x i64>, i8)
declare <8 x float> @llvm.x86.avx.vperm2f128.ps.256(<8 x float>, <8 x float>, i8)
declare <4 x double> @llvm.x86.avx.vperm2f128.pd.256(<4 x double>, <4 x double>, i8)
declare <8 x i32> @llvm.x86.avx.vperm2f128.si.256(<8 x i32>, <8 x i32>, i8)
declare <4 x i64> @llvm.x86.avx2.vperm2i128(<4 x i64>, <4 x i64>, i8)
declare <4 x float> @llvm.x86.avx.vpermil.ps(<4 x float>, i8)
declare <4 x double> @llvm.x86.avx.vpermil.pd.256(<4 x double>, i8)
declare <4 x i32> @llvm.x86.sse2.pshuf.d(<4 x i32>, i8)
declare <16 x float> @llvm.x86.avx512.mask.vpermil.ps.512(<16 x float>, i32, <16 x float>, i16)
declare <8 x double> @llvm.x86.avx512.mask.vpermil.pd.512(<8 x double>, i32, <8 x double>, i8)
declare <16 x i32> @llvm.x86.avx512.mask.pshuf.d.512(<16 x i32>, i32, <16 x i32>, i16)
declare <2 x double> @llvm.x86.avx.vpermil.pd(<2 x double>, i8)
"#;

const SHUFFLES_BLENDS_BYTE_SHIFTS_LLVM: &str = r#"define void @shuf(<16 x float> %g, <8 x double> %h, <16 x i32> %f, <8 x i64> %q, <8 x float> %c, <4 x float> %a, <4 x i32> %d, <2 x double> %b, <8 x i32> %e, <4 x double> %h4, <4 x i64> %q4, i8 %m, i16 %w, ptr %out) {
  %1 = shufflevector <16 x float> %g, <16 x float> %g, <16 x i32> <i32 8, i32 9, i32 10, i32 11, i32 4, i32 5, i32 6, i32 7, i32 20, i32 21, i32 22, i32 23, i32 16, i32 17, i32 18, i32 19>
  %2 = bitcast i16 %w to <16 x i1>
  %3 = select <16 x i1> %2, <16 x float> %1, <16 x float> %g
  store <16 x float> %3, ptr %out, align 64
  %4 = shufflevector <8 x i64> %q, <8 x i64> %q, <8 x i32> <i32 6, i32 7, i32 6, i32 7, i32 14, i32 15, i32 14, i32 15>
  store <8 x i64> %4, ptr %out, align 64
  %5 = shufflevector <8 x float> %c, <8 x float> %c, <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 12, i32 13, i32 14, i32 15>
  %6 = bitcast i8 %m to <8 x i1>
  %7 = select <8 x i1> %6, <8 x float> %5, <8 x float> %c
  store <8 x float> %7, ptr %out, align 32
  %8 = shufflevector <4 x i64> %q4, <4 x i64> zeroinitializer, <4 x i32> <i32 2, i32 3, i32 4, i32 5>
  %9 = bitcast i8 %m to <8 x i1>
  %extract = shufflevector <8 x i1> %9, <8 x i1> %9, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %10 = select <4 x i1> %extract, <4 x i64> %8, <4 x i64> %q4
  store <4 x i64> %10, ptr %out, align 32
  %11 = shufflevector <4 x float> %a, <4 x float> %a, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3>
  %12 = bitcast i16 %w to <16 x i1>
  %13 = select <16 x i1> %12, <16 x float> %11, <16 x float> %g
  store <16 x float> %13, ptr %out, align 64
  %14 = shufflevector <4 x i64> %q4, <4 x i64> %q4, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3>
  store <8 x i64> %14, ptr %out, align 64
  %b3 = call <8 x float> @llvm.x86.avx512.mask.broadcastf32x2.256(<4 x float> %a, <8 x float> %c, i8 %m)
  store <8 x float> %b3, ptr %out, align 32
  store <16 x i8> zeroinitializer, ptr %out, align 16
  %15 = shufflevector <4 x i32> %d, <4 x i32> poison, <8 x i32> zeroinitializer
  store <8 x i32> %15, ptr %out, align 32
  %16 = shufflevector <2 x double> %b, <2 x double> poison, <4 x i32> zeroinitializer
  store <4 x double> %16, ptr %out, align 32
  %17 = shufflevector <4 x i32> %d, <4 x i32> poison, <16 x i32> zeroinitializer
  %18 = bitcast i16 %w to <16 x i1>
  %19 = select <16 x i1> %18, <16 x i32> %17, <16 x i32> %f
  store <16 x i32> %19, ptr %out, align 64
  %20 = shufflevector <4 x float> %a, <4 x float> poison, <16 x i32> zeroinitializer
  store <16 x float> %20, ptr %out, align 64
  %21 = shufflevector <2 x double> %b, <2 x double> poison, <8 x i32> zeroinitializer
  %22 = bitcast i8 %m to <8 x i1>
  %23 = select <8 x i1> %22, <8 x double> %21, <8 x double> zeroinitializer
  store <8 x double> %23, ptr %out, align 64
  ret void
}

; Unknown intrinsic
declare <8 x float> @llvm.x86.avx512.mask.broadcastf32x2.256(<4 x float>, <8 x float>, i8)

define void @sat(<16 x i8> %a, <16 x i8> %b, <16 x i16> %c, <64 x i8> %bb, <32 x i16> %w32, i64 %l, i32 %k, ptr %out) {
  %1 = call <16 x i8> @llvm.sadd.sat.v16i8(<16 x i8> %a, <16 x i8> %b)
  store <16 x i8> %1, ptr %out, align 16
  %2 = call <16 x i16> @llvm.ssub.sat.v16i16(<16 x i16> %c, <16 x i16> %c)
  store <16 x i16> %2, ptr %out, align 32
  %3 = call <64 x i8> @llvm.sadd.sat.v64i8(<64 x i8> %bb, <64 x i8> %bb)
  %4 = bitcast i64 %l to <64 x i1>
  %5 = select <64 x i1> %4, <64 x i8> %3, <64 x i8> zeroinitializer
  store <64 x i8> %5, ptr %out, align 64
  %6 = call <32 x i16> @llvm.ssub.sat.v32i16(<32 x i16> %w32, <32 x i16> %w32)
  store <32 x i16> %6, ptr %out, align 64
  %7 = call <16 x i8> @llvm.uadd.sat.v16i8(<16 x i8> %a, <16 x i8> %b)
  store <16 x i8> %7, ptr %out, align 16
  %8 = call <32 x i16> @llvm.uadd.sat.v32i16(<32 x i16> %w32, <32 x i16> %w32)
  %9 = bitcast i32 %k to <32 x i1>
  %10 = select <32 x i1> %9, <32 x i16> %8, <32 x i16> %w32
  store <32 x i16> %10, ptr %out, align 64
  %11 = call <16 x i16> @llvm.usub.sat.v16i16(<16 x i16> %c, <16 x i16> %c)
  store <16 x i16> %11, ptr %out, align 32
  %12 = call <64 x i8> @llvm.usub.sat.v64i8(<64 x i8> %bb, <64 x i8> %bb)
  store <64 x i8> %12, ptr %out, align 64
  ret void
}

define void @align(<64 x i8> %bb, <16 x i8> %a, <16 x i32> %f, <8 x i64> %q, <4 x i32> %d, <2 x i64> %q2, <4 x i64> %q4, <32 x i8> %c32, <8 x i32> %e, i64 %l, i16 %w, i8 %m, i32 %k, ptr %out) {
  %palignr = shufflevector <64 x i8> %bb, <64 x i8> %bb, <64 x i32> <i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15, i32 64, i32 65, i32 18, i32 19, i32 20, i32 21, i32 22, i32 23, i32 24, i32 25, i32 26, i32 27, i32 28, i32 29, i32 30, i32 31, i32 80, i32 81, i32 34, i32 35, i32 36, i32 37, i32 38, i32 39, i32 40, i32 41, i32 42, i32 43, i32 44, i32 45, i32 46, i32 47, i32 96, i32 97, i32 50, i32 51, i32 52, i32 53, i32 54, i32 55, i32 56, i32 57, i32 58, i32 59, i32 60, i32 61, i32 62, i32 63, i32 112, i32 113>
  %1 = bitcast i64 %l to <64 x i1>
  %2 = select <64 x i1> %1, <64 x i8> %palignr, <64 x i8> %bb
  store <64 x i8> %2, ptr %out, align 64
  %palignr1 = shufflevector <64 x i8> %bb, <64 x i8> zeroinitializer, <64 x i32> <i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15, i32 64, i32 65, i32 66, i32 67, i32 20, i32 21, i32 22, i32 23, i32 24, i32 25, i32 26, i32 27, i32 28, i32 29, i32 30, i32 31, i32 80, i32 81, i32 82, i32 83, i32 36, i32 37, i32 38, i32 39, i32 40, i32 41, i32 42, i32 43, i32 44, i32 45, i32 46, i32 47, i32 96, i32 97, i32 98, i32 99, i32 52, i32 53, i32 54, i32 55, i32 56, i32 57, i32 58, i32 59, i32 60, i32 61, i32 62, i32 63, i32 112, i32 113, i32 114, i32 115>
  store <64 x i8> %palignr1, ptr %out, align 64
  store <16 x i8> zeroinitializer, ptr %out, align 16
  %palignr3 = shufflevector <16 x i32> %f, <16 x i32> %f, <16 x i32> <i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15, i32 16, i32 17, i32 18, i32 19, i32 20>
  %3 = bitcast i16 %w to <16 x i1>
  %4 = select <16 x i1> %3, <16 x i32> %palignr3, <16 x i32> %f
  store <16 x i32> %4, ptr %out, align 64
  %palignr4 = shufflevector <8 x i64> %q, <8 x i64> %q, <8 x i32> <i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10>
  %5 = bitcast i8 %m to <8 x i1>
  %6 = select <8 x i1> %5, <8 x i64> %palignr4, <8 x i64> zeroinitializer
  store <8 x i64> %6, ptr %out, align 64
  %palignr5 = shufflevector <4 x i32> %d, <4 x i32> %d, <4 x i32> <i32 1, i32 2, i32 3, i32 4>
  %7 = bitcast i8 %m to <8 x i1>
  %extract = shufflevector <8 x i1> %7, <8 x i1> %7, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %8 = select <4 x i1> %extract, <4 x i32> %palignr5, <4 x i32> %d
  store <4 x i32> %8, ptr %out, align 16
  %palignr2 = shufflevector <32 x i8> %c32, <32 x i8> zeroinitializer, <32 x i32> <i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15, i32 32, i32 17, i32 18, i32 19, i32 20, i32 21, i32 22, i32 23, i32 24, i32 25, i32 26, i32 27, i32 28, i32 29, i32 30, i32 31, i32 48>
  %9 = bitcast i32 %k to <32 x i1>
  %10 = select <32 x i1> %9, <32 x i8> %palignr2, <32 x i8> %c32
  store <32 x i8> %10, ptr %out, align 32
  %cast = bitcast <2 x i64> %q2 to <16 x i8>
  %11 = shufflevector <16 x i8> zeroinitializer, <16 x i8> %cast, <16 x i32> <i32 15, i32 16, i32 17, i32 18, i32 19, i32 20, i32 21, i32 22, i32 23, i32 24, i32 25, i32 26, i32 27, i32 28, i32 29, i32 30>
  %cast6 = bitcast <16 x i8> %11 to <2 x i64>
  store <2 x i64> %cast6, ptr %out, align 16
  %cast7 = bitcast <4 x i64> %q4 to <32 x i8>
  %12 = shufflevector <32 x i8> %cast7, <32 x i8> zeroinitializer, <32 x i32> <i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15, i32 32, i32 33, i32 34, i32 19, i32 20, i32 21, i32 22, i32 23, i32 24, i32 25, i32 26, i32 27, i32 28, i32 29, i32 30, i32 31, i32 48, i32 49, i32 50>
  %cast8 = bitcast <32 x i8> %12 to <4 x i64>
  store <4 x i64> %cast8, ptr %out, align 32
  %cast9 = bitcast <2 x i64> %q2 to <16 x i8>
  %13 = shufflevector <16 x i8> zeroinitializer, <16 x i8> %cast9, <16 x i32> <i32 11, i32 12, i32 13, i32 14, i32 15, i32 16, i32 17, i32 18, i32 19, i32 20, i32 21, i32 22, i32 23, i32 24, i32 25, i32 26>
  %cast10 = bitcast <16 x i8> %13 to <2 x i64>
  store <2 x i64> %cast10, ptr %out, align 16
  %cast11 = bitcast <2 x i64> %q2 to <16 x i8>
  store <2 x i64> zeroinitializer, ptr %out, align 16
  %cast12 = bitcast <8 x i64> %q to <64 x i8>
  %14 = shufflevector <64 x i8> zeroinitializer, <64 x i8> %cast12, <64 x i32> <i32 13, i32 14, i32 15, i32 64, i32 65, i32 66, i32 67, i32 68, i32 69, i32 70, i32 71, i32 72, i32 73, i32 74, i32 75, i32 76, i32 29, i32 30, i32 31, i32 80, i32 81, i32 82, i32 83, i32 84, i32 85, i32 86, i32 87, i32 88, i32 89, i32 90, i32 91, i32 92, i32 45, i32 46, i32 47, i32 96, i32 97, i32 98, i32 99, i32 100, i32 101, i32 102, i32 103, i32 104, i32 105, i32 106, i32 107, i32 108, i32 61, i32 62, i32 63, i32 112, i32 113, i32 114, i32 115, i32 116, i32 117, i32 118, i32 119, i32 120, i32 121, i32 122, i32 123, i32 124>
  %cast13 = bitcast <64 x i8> %14 to <8 x i64>
  store <8 x i64> %cast13, ptr %out, align 64
  %cast14 = bitcast <8 x i64> %q to <64 x i8>
  %15 = shufflevector <64 x i8> %cast14, <64 x i8> zeroinitializer, <64 x i32> <i32 15, i32 64, i32 65, i32 66, i32 67, i32 68, i32 69, i32 70, i32 71, i32 72, i32 73, i32 74, i32 75, i32 76, i32 77, i32 78, i32 31, i32 80, i32 81, i32 82, i32 83, i32 84, i32 85, i32 86, i32 87, i32 88, i32 89, i32 90, i32 91, i32 92, i32 93, i32 94, i32 47, i32 96, i32 97, i32 98, i32 99, i32 100, i32 101, i32 102, i32 103, i32 104, i32 105, i32 106, i32 107, i32 108, i32 109, i32 110, i32 63, i32 112, i32 113, i32 114, i32 115, i32 116, i32 117, i32 118, i32 119, i32 120, i32 121, i32 122, i32 123, i32 124, i32 125, i32 126>
  %cast15 = bitcast <64 x i8> %15 to <8 x i64>
  store <8 x i64> %cast15, ptr %out, align 64
  store <4 x i64> zeroinitializer, ptr %out, align 32
  ret void
}

define void @blend(<8 x i16> %c, <4 x float> %a, <2 x double> %b, <8 x float> %v8, <4 x double> %h4, <16 x i16> %c16, <4 x i32> %d, <8 x i32> %e, <16 x float> %g, <8 x double> %h, <16 x i32> %f, <8 x i64> %q, <4 x i64> %q4, i8 %m, i16 %w, ptr %out) {
  %1 = shufflevector <8 x i16> %c, <8 x i16> %c, <8 x i32> <i32 8, i32 1, i32 10, i32 3, i32 4, i32 5, i32 6, i32 7>
  store <8 x i16> %1, ptr %out, align 16
  %2 = shufflevector <4 x float> %a, <4 x float> zeroinitializer, <4 x i32> <i32 0, i32 5, i32 6, i32 3>
  store <4 x float> %2, ptr %out, align 16
  %3 = shufflevector <2 x double> %b, <2 x double> %b, <2 x i32> <i32 2, i32 1>
  store <2 x double> %3, ptr %out, align 16
  %4 = shufflevector <8 x float> %v8, <8 x float> %v8, <8 x i32> <i32 0, i32 1, i32 2, i32 11, i32 4, i32 5, i32 14, i32 15>
  store <8 x float> %4, ptr %out, align 32
  %5 = shufflevector <16 x i16> %c16, <16 x i16> %c16, <16 x i32> <i32 16, i32 1, i32 18, i32 19, i32 4, i32 5, i32 22, i32 7, i32 24, i32 9, i32 26, i32 27, i32 12, i32 13, i32 30, i32 15>
  store <16 x i16> %5, ptr %out, align 32
  %6 = shufflevector <4 x i32> %d, <4 x i32> %d, <4 x i32> <i32 4, i32 5, i32 6, i32 7>
  store <4 x i32> %6, ptr %out, align 16
  %7 = shufflevector <4 x i32> %d, <4 x i32> %d, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  store <4 x i32> %7, ptr %out, align 16
  %8 = shufflevector <4 x float> %a, <4 x float> poison, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 4, i32 4, i32 4>
  %9 = shufflevector <8 x float> %v8, <8 x float> %8, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 9, i32 10, i32 11>
  store <8 x float> %9, ptr %out, align 32
  %10 = shufflevector <2 x double> %b, <2 x double> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 2>
  %11 = shufflevector <4 x double> %h4, <4 x double> %10, <4 x i32> <i32 4, i32 5, i32 2, i32 3>
  store <4 x double> %11, ptr %out, align 32
  %12 = shufflevector <4 x i64> %q4, <4 x i64> <i64 0, i64 0, i64 poison, i64 poison>, <4 x i32> <i32 4, i32 5, i32 2, i32 3>
  store <4 x i64> %12, ptr %out, align 32
  %13 = shufflevector <4 x float> %a, <4 x float> poison, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4>
  %14 = shufflevector <16 x float> %g, <16 x float> %13, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 16, i32 17, i32 18, i32 19>
  %15 = bitcast i16 %w to <16 x i1>
  %16 = select <16 x i1> %15, <16 x float> %14, <16 x float> %g
  store <16 x float> %16, ptr %out, align 64
  %17 = shufflevector <4 x i64> %q4, <4 x i64> poison, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 4, i32 4, i32 4>
  %18 = shufflevector <8 x i64> %q, <8 x i64> %17, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 9, i32 10, i32 11>
  store <8 x i64> %18, ptr %out, align 64
  %19 = shufflevector <8 x float> %v8, <8 x float> %v8, <4 x i32> <i32 4, i32 5, i32 6, i32 7>
  store <4 x float> %19, ptr %out, align 16
  %20 = shufflevector <4 x i64> %q4, <4 x i64> %q4, <2 x i32> <i32 2, i32 3>
  store <2 x i64> %20, ptr %out, align 16
  %21 = shufflevector <16 x float> %g, <16 x float> %g, <4 x i32> <i32 8, i32 9, i32 10, i32 11>
  %22 = bitcast i8 %m to <8 x i1>
  %extract = shufflevector <8 x i1> %22, <8 x i1> %22, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %23 = select <4 x i1> %extract, <4 x float> %21, <4 x float> %a
  store <4 x float> %23, ptr %out, align 16
  %24 = shufflevector <8 x i64> %q, <8 x i64> %q, <4 x i32> <i32 4, i32 5, i32 6, i32 7>
  %25 = bitcast i8 %m to <8 x i1>
  %extract1 = shufflevector <8 x i1> %25, <8 x i1> %25, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %26 = select <4 x i1> %extract1, <4 x i64> %24, <4 x i64> zeroinitializer
  store <4 x i64> %26, ptr %out, align 32
  store <2 x double> <double 3.000000e+00, double 4.000000e+00>, ptr %out, align 16
  %27 = shufflevector <8 x double> %h, <8 x double> %h, <8 x i32> <i32 3, i32 2, i32 1, i32 0, i32 7, i32 6, i32 5, i32 4>
  %28 = bitcast i8 %m to <8 x i1>
  %29 = select <8 x i1> %28, <8 x double> %27, <8 x double> %h
  store <8 x double> %29, ptr %out, align 64
  %30 = shufflevector <4 x i64> %q4, <4 x i64> %q4, <4 x i32> <i32 3, i32 3, i32 3, i32 3>
  store <4 x i64> %30, ptr %out, align 32
  %31 = shufflevector <8 x float> %v8, <8 x float> %v8, <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 12, i32 13, i32 14, i32 15>
  store <8 x float> %31, ptr %out, align 32
  store <4 x double> zeroinitializer, ptr %out, align 32
  %32 = shufflevector <8 x i32> %e, <8 x i32> %e, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 9, i32 10, i32 11>
  store <8 x i32> %32, ptr %out, align 32
  %33 = shufflevector <4 x i64> %q4, <4 x i64> %q4, <4 x i32> <i32 2, i32 3, i32 6, i32 7>
  store <4 x i64> %33, ptr %out, align 32
  %34 = shufflevector <4 x i64> %q4, <4 x i64> zeroinitializer, <4 x i32> <i32 0, i32 1, i32 4, i32 5>
  store <4 x i64> %34, ptr %out, align 32
  %35 = shufflevector <4 x float> %a, <4 x float> %a, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
  store <4 x float> %35, ptr %out, align 16
  %36 = shufflevector <4 x double> %h4, <4 x double> %h4, <4 x i32> <i32 1, i32 1, i32 3, i32 2>
  store <4 x double> %36, ptr %out, align 32
  %37 = shufflevector <4 x i32> %d, <4 x i32> %d, <4 x i32> <i32 3, i32 3, i32 3, i32 3>
  store <4 x i32> %37, ptr %out, align 16
  %38 = shufflevector <16 x float> %g, <16 x float> %g, <16 x i32> <i32 2, i32 1, i32 1, i32 0, i32 6, i32 5, i32 5, i32 4, i32 10, i32 9, i32 9, i32 8, i32 14, i32 13, i32 13, i32 12>
  %39 = bitcast i16 %w to <16 x i1>
  %40 = select <16 x i1> %39, <16 x float> %38, <16 x float> %g
  store <16 x float> %40, ptr %out, align 64
  %41 = shufflevector <8 x double> %h, <8 x double> %h, <8 x i32> <i32 0, i32 1, i32 3, i32 2, i32 5, i32 4, i32 6, i32 6>
  store <8 x double> %41, ptr %out, align 64
  %42 = shufflevector <16 x i32> %f, <16 x i32> %f, <16 x i32> <i32 3, i32 0, i32 0, i32 0, i32 7, i32 4, i32 4, i32 4, i32 11, i32 8, i32 8, i32 8, i32 15, i32 12, i32 12, i32 12>
  %43 = bitcast i16 %w to <16 x i1>
  %44 = select <16 x i1> %43, <16 x i32> %42, <16 x i32> %f
  store <16 x i32> %44, ptr %out, align 64
  %45 = shufflevector <2 x double> %b, <2 x double> %b, <2 x i32> <i32 1, i32 0>
  store <2 x double> %45, ptr %out, align 16
  ret void
}

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <16 x i8> @llvm.sadd.sat.v16i8(<16 x i8>, <16 x i8>) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <16 x i16> @llvm.ssub.sat.v16i16(<16 x i16>, <16 x i16>) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <64 x i8> @llvm.sadd.sat.v64i8(<64 x i8>, <64 x i8>) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <32 x i16> @llvm.ssub.sat.v32i16(<32 x i16>, <32 x i16>) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <16 x i8> @llvm.uadd.sat.v16i8(<16 x i8>, <16 x i8>) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <32 x i16> @llvm.uadd.sat.v32i16(<32 x i16>, <32 x i16>) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <16 x i16> @llvm.usub.sat.v16i16(<16 x i16>, <16 x i16>) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <64 x i8> @llvm.usub.sat.v64i8(<64 x i8>, <64 x i8>) #0

attributes #0 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
"#;

const DEBUG_LOCATIONS_AND_NAMES: &str = r#"define <4 x float> @dbg(<4 x float>* %p, <4 x float> %a, i8 %m, <2 x i64> %cast) !dbg !5 {
  %cast1 = call <4 x float> @llvm.x86.sse.sqrt.ss(<4 x float> %a), !dbg !8
  call void @llvm.x86.sse2.storel.dq(<4 x float>* %p, <4 x i32> <i32 1, i32 2, i32 3, i32 4>), !dbg !8
  call void @llvm.x86.sse2.storel.dq(<4 x float>* %p, <4 x i32> zeroinitializer), !dbg !8
  %x = call <2 x i64> @llvm.x86.sse2.psll.dq(<2 x i64> %cast, i32 8), !dbg !8
  %y = call <2 x i64> @llvm.x86.sse2.psrl.dq(<2 x i64> %x, i32 128), !dbg !8
  call void @llvm.x86.sse4a.movnt.ss(<4 x float>* %p, <4 x float> %cast1), !dbg !8
  %r = call <4 x float> @llvm.x86.avx512.mask.load.ps.128(<4 x float>* %p, <4 x float> %cast1, i8 %m), !dbg !8
  ret <4 x float> %r
}
declare <4 x float> @llvm.x86.sse.sqrt.ss(<4 x float>)
declare void @llvm.x86.sse2.storel.dq(<4 x float>*, <4 x i32>)
declare <2 x i64> @llvm.x86.sse2.psll.dq(<2 x i64>, i32)
declare <2 x i64> @llvm.x86.sse2.psrl.dq(<2 x i64>, i32)
declare void @llvm.x86.sse4a.movnt.ss(<4 x float>*, <4 x float>)
declare <4 x float> @llvm.x86.avx512.mask.load.ps.128(<4 x float>*, <4 x float>, i8)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "x", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "t.c", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "dbg", scope: !1, file: !1, line: 1, type: !6, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !DILocation(line: 2, column: 3, scope: !5)
"#;

const DEBUG_LOCATIONS_AND_NAMES_LLVM: &str = r#"define <4 x float> @dbg(ptr %p, <4 x float> %a, i8 %m, <2 x i64> %cast) !dbg !4 {
  %1 = extractelement <4 x float> %a, i64 0, !dbg !7
  %2 = call float @llvm.sqrt.f32(float %1), !dbg !7
  %3 = insertelement <4 x float> %a, float %2, i64 0, !dbg !7
  store i64 extractelement (<2 x i64> bitcast (<4 x i32> <i32 1, i32 2, i32 3, i32 4> to <2 x i64>), i64 0), ptr %p, align 1, !dbg !7
  store i64 0, ptr %p, align 1, !dbg !7
  %cast1 = bitcast <2 x i64> %cast to <16 x i8>, !dbg !7
  %4 = shufflevector <16 x i8> zeroinitializer, <16 x i8> %cast1, <16 x i32> <i32 15, i32 16, i32 17, i32 18, i32 19, i32 20, i32 21, i32 22, i32 23, i32 24, i32 25, i32 26, i32 27, i32 28, i32 29, i32 30>, !dbg !7
  %cast2 = bitcast <16 x i8> %4 to <2 x i64>, !dbg !7
  %cast3 = bitcast <2 x i64> %cast2 to <16 x i8>, !dbg !7
  %extractelement = extractelement <4 x float> %3, i64 0, !dbg !7
  store float %extractelement, ptr %p, align 1, !dbg !7, !nontemporal !8
  %5 = bitcast i8 %m to <8 x i1>, !dbg !7
  %extract = shufflevector <8 x i1> %5, <8 x i1> %5, <4 x i32> <i32 0, i32 1, i32 2, i32 3>, !dbg !7
  %6 = call <4 x float> @llvm.masked.load.v4f32.p0(ptr align 16 %p, <4 x i1> %extract, <4 x float> %3), !dbg !7
  ret <4 x float> %6
}

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.sqrt.f32(float) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: read)
declare <4 x float> @llvm.masked.load.v4f32.p0(ptr captures(none), <4 x i1>, <4 x float>) #1

attributes #0 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: read) }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "x", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "t.c", directory: "/")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = distinct !DISubprogram(name: "dbg", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{null}
!7 = !DILocation(line: 2, column: 3, scope: !4)
!8 = !{i32 1}
"#;

const NO_FAST_MATH_FLAGS: &str = r#"define <4 x float> @f(<4 x float> %a, <4 x float> %b, i8 %m, <4 x float> %c, i16 %x) {
  %s9 = call fast <4 x float> @llvm.x86.avx512.mask.sqrt.ps.128(<4 x float> %a, <4 x float> %b, i8 %m)
  %s1 = call fast <4 x float> @llvm.x86.avx512.mask.vcvtph2ps.128(<8 x i16> zeroinitializer, <4 x float> %b, i8 %m)
  %r = fadd <4 x float> %s9, %s1
  %r2 = fadd <4 x float> %r, %s1
  %r3 = fadd <4 x float> %r2, %s1
  ret <4 x float> %r3
}
declare <4 x float> @llvm.x86.avx512.mask.sqrt.ps.128(<4 x float>, <4 x float>, i8)
declare <4 x float> @llvm.x86.avx512.mask.vcvtph2ps.128(<8 x i16>, <4 x float>, i8)
"#;

const NO_FAST_MATH_FLAGS_LLVM: &str = r#"define <4 x float> @f(<4 x float> %a, <4 x float> %b, i8 %m, <4 x float> %c, i16 %x) {
  %1 = call <4 x float> @llvm.sqrt.v4f32(<4 x float> %a)
  %2 = bitcast i8 %m to <8 x i1>
  %extract = shufflevector <8 x i1> %2, <8 x i1> %2, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %3 = select <4 x i1> %extract, <4 x float> %1, <4 x float> %b
  %4 = bitcast i8 %m to <8 x i1>
  %extract1 = shufflevector <8 x i1> %4, <8 x i1> %4, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %5 = select <4 x i1> %extract1, <4 x float> zeroinitializer, <4 x float> %b
  %r = fadd <4 x float> %3, %5
  %r2 = fadd <4 x float> %r, %5
  %r3 = fadd <4 x float> %r2, %5
  ret <4 x float> %r3
}

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <4 x float> @llvm.sqrt.v4f32(<4 x float>) #0

attributes #0 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
"#;

const WEIRD: &str = r#"define void @f(ptr %p, <4 x i32> %a, <8 x i8> %b, <4 x i1> %c, i8 %m, i3 %m3, <3 x float> %v3, <1 x i64> %one, i64 %x, <8 x double> %h) {
  %1 = call <4 x i32> @llvm.x86.sse2.psll.dq(<4 x i32> %a, i32 8)
  %2 = call <1 x i64> @llvm.x86.sse2.psrl.dq.bs(<1 x i64> %one, i32 15)
  %3 = call i8 @llvm.x86.avx512.kunpck.bw(i8 %m, i8 %m)
  %4 = call <8 x i8> @llvm.x86.avx512.mask.palignr.128(<8 x i8> %b, <8 x i8> %b, i32 3, <8 x i8> %b, i8 %m)
  %5 = call <4 x i1> @llvm.x86.avx.vpermil.ps(<4 x i1> %c, i8 27)
  call void @llvm.x86.avx.movnt.ps.256(ptr %p, <3 x float> %v3)
  %6 = call <3 x float> @llvm.x86.avx512.mask.load.ps.128(ptr %p, <3 x float> %v3, i3 %m3)
  %7 = call i64 @llvm.x86.sse2.pcmpeq.b(i64 %x, i64 %x)
  %8 = call <8 x double> @llvm.x86.avx512.mask.shuf.f64x2(<8 x double> %h, <8 x double> %h, i32 -1, <8 x double> %h, i8 %m)
  %9 = call <4 x i32> @llvm.x86.avx.vinsertf128.si.256(<4 x i32> %a, <8 x i8> %b, i8 1)
  %10 = call <8 x i8> @llvm.x86.avx.vextractf128.si.256(<4 x i32> %a, i8 1)
  %11 = call <4 x i32> @llvm.x86.avx512.mask.valign.d.128(<4 x i32> %a, <4 x i32> %a, i32 -1, <4 x i32> %a, i8 %m)
  %12 = call <4 x i32> @llvm.x86.avx512.mask.cmp.d.128(<4 x i32> %a, <4 x i32> %a, i32 99, i8 %m)
  %13 = call <4 x i32> @llvm.x86.xop.vpcomw(<4 x i32> %a, <4 x i32> %a, i8 99)
  %14 = call <4 x i32> @llvm.x86.sse2.pshuf.d(<4 x i32> %a)
  %15 = call <4 x i32> @llvm.x86.avx512.mask.pmov.qd.256()
  %16 = call i32 @llvm.x86.avx512.broadcastmw.128(i16 3)
  %17 = call <4 x i32> @llvm.x86.avx512.mask.perm.df.256(<4 x i32> %a, i32 -1)
  %18 = call <4 x i32> @llvm.x86.avx.vperm2f128.si.256(<4 x i32> %a, <4 x i32> %a, i8 -1)
  %19 = call <4 x i32> @llvm.x86.avx2.vbroadcasti128(ptr %p)
  %20 = call <4 x i1> @llvm.x86.avx.vbroadcastf128.ps.256(ptr %p)
  %21 = call <4 x i32> @llvm.x86.avx512.mask.broadcasti32x4.512(<4 x i32> %a, <4 x i32> %a, i8 %m)
  ret void
}
declare <4 x i32> @llvm.x86.sse2.psll.dq(<4 x i32>, i32)
declare <1 x i64> @llvm.x86.sse2.psrl.dq.bs(<1 x i64>, i32)
declare i8 @llvm.x86.avx512.kunpck.bw(i8, i8)
declare <8 x i8> @llvm.x86.avx512.mask.palignr.128(<8 x i8>, <8 x i8>, i32, <8 x i8>, i8)
declare <4 x i1> @llvm.x86.avx.vpermil.ps(<4 x i1>, i8)
declare void @llvm.x86.avx.movnt.ps.256(ptr, <3 x float>)
declare <3 x float> @llvm.x86.avx512.mask.load.ps.128(ptr, <3 x float>, i3)
declare i64 @llvm.x86.sse2.pcmpeq.b(i64, i64)
declare <8 x double> @llvm.x86.avx512.mask.shuf.f64x2(<8 x double>, <8 x double>, i32, <8 x double>, i8)
declare <4 x i32> @llvm.x86.avx.vinsertf128.si.256(<4 x i32>, <8 x i8>, i8)
declare <8 x i8> @llvm.x86.avx.vextractf128.si.256(<4 x i32>, i8)
declare <4 x i32> @llvm.x86.avx512.mask.valign.d.128(<4 x i32>, <4 x i32>, i32, <4 x i32>, i8)
declare <4 x i32> @llvm.x86.avx512.mask.cmp.d.128(<4 x i32>, <4 x i32>, i32, i8)
declare <4 x i32> @llvm.x86.xop.vpcomw(<4 x i32>, <4 x i32>, i8)
declare <4 x i32> @llvm.x86.sse2.pshuf.d(<4 x i32>)
declare <4 x i32> @llvm.x86.avx512.mask.pmov.qd.256()
declare i32 @llvm.x86.avx512.broadcastmw.128(i16)
declare <4 x i32> @llvm.x86.avx512.mask.perm.df.256(<4 x i32>, i32)
declare <4 x i32> @llvm.x86.avx.vperm2f128.si.256(<4 x i32>, <4 x i32>, i8)
declare <4 x i32> @llvm.x86.avx2.vbroadcasti128(ptr)
declare <4 x i1> @llvm.x86.avx.vbroadcastf128.ps.256(ptr)
declare <4 x i32> @llvm.x86.avx512.mask.broadcasti32x4.512(<4 x i32>, <4 x i32>, i8)
"#;
