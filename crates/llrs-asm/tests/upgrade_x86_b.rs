//! LLVM 22's `upgradeX86IntrinsicCall`, part two (`sse2.pshufl.w` to `upgradeAVX512MaskToSelect`):
//! old-form modules read and printed, compared with what `llvm-as-22 | llvm-dis-22` prints for
//! them (without the `; ModuleID` and `source_filename` lines).

mod common;
use common::upgraded;

/// `sse2.pshufl.w` and masked `pshufh.w`, `shuf.ps`, `movddup`/`movshdup`, `punpcklbw` and
/// `unpckh.pd`: shuffles by the immediate, then selects (none for an all-ones mask; a constant
/// mask folds into a constant `<4 x i1>`).
#[test]
fn shuffles() {
    assert_eq!(upgraded(SHUFFLES), SHUFFLES_LLVM);
}

/// `andn`/`pxor` on integers, `pmull`, `add.ps.512` with its rounding operand, `div.ps` of zeros
/// folded to LLVM's default NaN, `min.pd.512`, `max.pd.256` through `avx.max.pd.256`, `lzcnt`;
/// the old calls' fast-math flags are dropped, as LLVM 22 drops them.
#[test]
fn arith() {
    assert_eq!(upgraded(ARITH), ARITH_LLVM);
}

/// Masked shifts: by vector, by immediate (`pslli.q`, `psrl.wi`), variable (`psllv8.hi`,
/// `psrav.q.256`, `psrlv32hi`, `psrlv2.di`) and the 64-bit arithmetic ones of AVX-512VL.
#[test]
fn shifts() {
    assert_eq!(upgraded(SHIFTS), SHIFTS_LLVM);
}

/// FMA: `fma.vfnmsub.ss` (negations after the extracts), `fma4.vfmadd.sd` into zero, masked
/// scalar forms (`mask3` passthru re-extracted, `avx512.vfmadd.f64` for a rounding mode, a
/// constant mask as a constant `extractelement`), packed 512-bit forms with and without a rounding
/// mode, `vfmsubadd` through `vfmaddsub`, and the masked `vfmaddsub` as two `llvm.fma` shuffled.
#[test]
fn fma() {
    assert_eq!(upgraded(FMA), FMA_LLVM);
}

/// `move.ss`, `cvtmask2b`/`q` (`vpmovm2` names made unique), `movntdqa` through a typed pointer
/// (`!nontemporal`), `addcarry`/`subborrow` (a store of the second result) with the call's `!dbg`.
#[test]
fn misc() {
    assert_eq!(upgraded(MISC), MISC_LLVM);
}

/// `pternlog` (zero passthru), `vpmadd52h`, `vpermt2var`/`vpermi2var`, `vpdpbusd` on old `i32`
/// operands (bitcast to `i8`) and `vpdpwssds` on new ones, and `upgradeAVX512MaskToSelect`
/// (`pmaddw.d`, `permvar.sf`, `conflict.q`, `max.ps.256`, `cvttps2dq`).
#[test]
fn select() {
    assert_eq!(upgraded(SELECT), SELECT_LLVM);
}

/// Operands of unexpected types or counts (which LLVM asserts on, reports as fatal, or reads
/// past the name or the index list for): the upgrade leaves such a call or builds what it can,
/// and never panics.
#[test]
fn unexpected_operands_do_not_panic() {
    let m = llrs_asm::parse_module(WEIRD.as_bytes(), "t.ll").expect("parses");
    let _ = llrs_asm::print_module(&m);
}

const SHUFFLES: &str = r#"declare <8 x i16> @llvm.x86.sse2.pshufl.w(<8 x i16>, i8)
declare <16 x i16> @llvm.x86.avx512.mask.pshufh.w.256(<16 x i16>, i32, <16 x i16>, i16)
declare <8 x float> @llvm.x86.avx512.mask.shuf.ps.256(<8 x float>, <8 x float>, i32, <8 x float>, i8)
declare <4 x double> @llvm.x86.avx512.mask.movddup.256(<4 x double>, <4 x double>, i8)
declare <4 x float> @llvm.x86.avx512.mask.movshdup.128(<4 x float>, <4 x float>, i8)
declare <16 x i8> @llvm.x86.avx512.mask.punpcklbw.128(<16 x i8>, <16 x i8>, <16 x i8>, i16)
declare <4 x double> @llvm.x86.avx512.mask.unpckh.pd.256(<4 x double>, <4 x double>, <4 x double>, i8)

define <8 x i16> @f(<8 x i16> %a, <16 x i16> %b, i16 %m16, <8 x float> %c, i8 %m, <4 x double> %d, <4 x float> %e, <16 x i8> %g) {
  %r0 = call <8 x i16> @llvm.x86.sse2.pshufl.w(<8 x i16> %a, i8 27)
  %r1 = call <16 x i16> @llvm.x86.avx512.mask.pshufh.w.256(<16 x i16> %b, i32 228, <16 x i16> zeroinitializer, i16 %m16)
  %r2 = call <8 x float> @llvm.x86.avx512.mask.shuf.ps.256(<8 x float> %c, <8 x float> %c, i32 22, <8 x float> %c, i8 -1)
  %r3 = call <4 x double> @llvm.x86.avx512.mask.movddup.256(<4 x double> %d, <4 x double> %d, i8 %m)
  %r4 = call <4 x float> @llvm.x86.avx512.mask.movshdup.128(<4 x float> %e, <4 x float> %e, i8 5)
  %r5 = call <16 x i8> @llvm.x86.avx512.mask.punpcklbw.128(<16 x i8> %g, <16 x i8> %g, <16 x i8> %g, i16 %m16)
  %r6 = call <4 x double> @llvm.x86.avx512.mask.unpckh.pd.256(<4 x double> %d, <4 x double> zeroinitializer, <4 x double> %d, i8 %m)
  ret <8 x i16> %r0
}
"#;

const SHUFFLES_LLVM: &str = r#"define <8 x i16> @f(<8 x i16> %a, <16 x i16> %b, i16 %m16, <8 x float> %c, i8 %m, <4 x double> %d, <4 x float> %e, <16 x i8> %g) {
  %1 = shufflevector <8 x i16> %a, <8 x i16> %a, <8 x i32> <i32 3, i32 2, i32 1, i32 0, i32 4, i32 5, i32 6, i32 7>
  %2 = shufflevector <16 x i16> %b, <16 x i16> %b, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %3 = bitcast i16 %m16 to <16 x i1>
  %4 = select <16 x i1> %3, <16 x i16> %2, <16 x i16> zeroinitializer
  %5 = shufflevector <8 x float> %c, <8 x float> %c, <8 x i32> <i32 2, i32 1, i32 9, i32 8, i32 6, i32 5, i32 13, i32 12>
  %6 = shufflevector <4 x double> %d, <4 x double> %d, <4 x i32> <i32 0, i32 0, i32 2, i32 2>
  %7 = bitcast i8 %m to <8 x i1>
  %extract = shufflevector <8 x i1> %7, <8 x i1> %7, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %8 = select <4 x i1> %extract, <4 x double> %6, <4 x double> %d
  %9 = shufflevector <4 x float> %e, <4 x float> %e, <4 x i32> <i32 1, i32 1, i32 3, i32 3>
  %10 = select <4 x i1> <i1 extractelement (<8 x i1> bitcast (<1 x i8> splat (i8 5) to <8 x i1>), i32 0), i1 extractelement (<8 x i1> bitcast (<1 x i8> splat (i8 5) to <8 x i1>), i32 1), i1 extractelement (<8 x i1> bitcast (<1 x i8> splat (i8 5) to <8 x i1>), i32 2), i1 extractelement (<8 x i1> bitcast (<1 x i8> splat (i8 5) to <8 x i1>), i32 3)>, <4 x float> %9, <4 x float> %e
  %11 = shufflevector <16 x i8> %g, <16 x i8> %g, <16 x i32> <i32 0, i32 16, i32 1, i32 17, i32 2, i32 18, i32 3, i32 19, i32 4, i32 20, i32 5, i32 21, i32 6, i32 22, i32 7, i32 23>
  %12 = bitcast i16 %m16 to <16 x i1>
  %13 = select <16 x i1> %12, <16 x i8> %11, <16 x i8> %g
  %14 = shufflevector <4 x double> %d, <4 x double> zeroinitializer, <4 x i32> <i32 1, i32 5, i32 3, i32 7>
  %15 = bitcast i8 %m to <8 x i1>
  %extract1 = shufflevector <8 x i1> %15, <8 x i1> %15, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %16 = select <4 x i1> %extract1, <4 x double> %14, <4 x double> %d
  ret <8 x i16> %1
}
"#;

const ARITH: &str = r#"declare <4 x float> @llvm.x86.avx512.mask.andn.ps.128(<4 x float>, <4 x float>, <4 x float>, i8)
declare <8 x i64> @llvm.x86.avx512.mask.pxor.q.512(<8 x i64>, <8 x i64>, <8 x i64>, i8)
declare <8 x i16> @llvm.x86.avx512.mask.pmull.w.128(<8 x i16>, <8 x i16>, <8 x i16>, i8)
declare <16 x float> @llvm.x86.avx512.mask.add.ps.512(<16 x float>, <16 x float>, <16 x float>, i16, i32)
declare <4 x float> @llvm.x86.avx512.mask.div.ps.128(<4 x float>, <4 x float>, <4 x float>, i8)
declare <8 x double> @llvm.x86.avx512.mask.min.pd.512(<8 x double>, <8 x double>, <8 x double>, i8, i32)
declare <4 x double> @llvm.x86.avx512.mask.max.pd.256(<4 x double>, <4 x double>, <4 x double>, i8)
declare <4 x i32> @llvm.x86.avx512.mask.lzcnt.d.128(<4 x i32>, <4 x i32>, i8)

define <4 x float> @f(<4 x float> %a, <8 x i64> %q, <8 x i16> %w, <16 x float> %z, <8 x double> %d, <4 x double> %y, <4 x i32> %i, i8 %m, i16 %m16) {
  %r0 = call fast <4 x float> @llvm.x86.avx512.mask.andn.ps.128(<4 x float> %a, <4 x float> %a, <4 x float> %a, i8 %m)
  %r1 = call <8 x i64> @llvm.x86.avx512.mask.pxor.q.512(<8 x i64> %q, <8 x i64> <i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7, i64 8>, <8 x i64> %q, i8 %m)
  %r2 = call <8 x i16> @llvm.x86.avx512.mask.pmull.w.128(<8 x i16> %w, <8 x i16> %w, <8 x i16> zeroinitializer, i8 -1)
  %r3 = call nnan <16 x float> @llvm.x86.avx512.mask.add.ps.512(<16 x float> %z, <16 x float> %z, <16 x float> %z, i16 %m16, i32 8)
  %r4 = call fast <4 x float> @llvm.x86.avx512.mask.div.ps.128(<4 x float> zeroinitializer, <4 x float> zeroinitializer, <4 x float> %a, i8 %m)
  %r5 = call <8 x double> @llvm.x86.avx512.mask.min.pd.512(<8 x double> %d, <8 x double> %d, <8 x double> %d, i8 %m, i32 4)
  %r6 = call <4 x double> @llvm.x86.avx512.mask.max.pd.256(<4 x double> %y, <4 x double> %y, <4 x double> %y, i8 %m)
  %r7 = call <4 x i32> @llvm.x86.avx512.mask.lzcnt.d.128(<4 x i32> %i, <4 x i32> %i, i8 %m)
  ret <4 x float> %r0
}
"#;

const ARITH_LLVM: &str = r#"define <4 x float> @f(<4 x float> %a, <8 x i64> %q, <8 x i16> %w, <16 x float> %z, <8 x double> %d, <4 x double> %y, <4 x i32> %i, i8 %m, i16 %m16) {
  %1 = bitcast <4 x float> %a to <4 x i32>
  %2 = xor <4 x i32> %1, splat (i32 -1)
  %3 = bitcast <4 x float> %a to <4 x i32>
  %4 = and <4 x i32> %2, %3
  %5 = bitcast <4 x i32> %4 to <4 x float>
  %6 = bitcast i8 %m to <8 x i1>
  %extract = shufflevector <8 x i1> %6, <8 x i1> %6, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %7 = select <4 x i1> %extract, <4 x float> %5, <4 x float> %a
  %8 = xor <8 x i64> %q, <i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7, i64 8>
  %9 = bitcast i8 %m to <8 x i1>
  %10 = select <8 x i1> %9, <8 x i64> %8, <8 x i64> %q
  %11 = mul <8 x i16> %w, %w
  %12 = call <16 x float> @llvm.x86.avx512.add.ps.512(<16 x float> %z, <16 x float> %z, i32 8)
  %13 = bitcast i16 %m16 to <16 x i1>
  %14 = select <16 x i1> %13, <16 x float> %12, <16 x float> %z
  %15 = bitcast i8 %m to <8 x i1>
  %extract1 = shufflevector <8 x i1> %15, <8 x i1> %15, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %16 = select <4 x i1> %extract1, <4 x float> splat (float 0x7FF8000000000000), <4 x float> %a
  %17 = call <8 x double> @llvm.x86.avx512.min.pd.512(<8 x double> %d, <8 x double> %d, i32 4)
  %18 = bitcast i8 %m to <8 x i1>
  %19 = select <8 x i1> %18, <8 x double> %17, <8 x double> %d
  %20 = call <4 x double> @llvm.x86.avx.max.pd.256(<4 x double> %y, <4 x double> %y)
  %21 = bitcast i8 %m to <8 x i1>
  %extract2 = shufflevector <8 x i1> %21, <8 x i1> %21, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %22 = select <4 x i1> %extract2, <4 x double> %20, <4 x double> %y
  %23 = call <4 x i32> @llvm.ctlz.v4i32(<4 x i32> %i, i1 false)
  %24 = bitcast i8 %m to <8 x i1>
  %extract3 = shufflevector <8 x i1> %24, <8 x i1> %24, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %25 = select <4 x i1> %extract3, <4 x i32> %23, <4 x i32> %i
  ret <4 x float> %7
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <16 x float> @llvm.x86.avx512.add.ps.512(<16 x float>, <16 x float>, i32 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <8 x double> @llvm.x86.avx512.min.pd.512(<8 x double>, <8 x double>, i32 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <4 x double> @llvm.x86.avx.max.pd.256(<4 x double>, <4 x double>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <4 x i32> @llvm.ctlz.v4i32(<4 x i32>, i1 immarg) #1

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(none) }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
"#;

const SHIFTS: &str = r#"declare <4 x i32> @llvm.x86.avx512.mask.psll.d.128(<4 x i32>, <4 x i32>, <4 x i32>, i8)
declare <8 x i64> @llvm.x86.avx512.mask.pslli.q(<8 x i64>, i32, <8 x i64>, i8)
declare <8 x i16> @llvm.x86.avx512.mask.psllv8.hi(<8 x i16>, <8 x i16>, <8 x i16>, i8)
declare <2 x i64> @llvm.x86.avx512.mask.psra.q.128(<2 x i64>, <2 x i64>, <2 x i64>, i8)
declare <4 x i64> @llvm.x86.avx512.mask.psrav.q.256(<4 x i64>, <4 x i64>, <4 x i64>, i8)
declare <32 x i16> @llvm.x86.avx512.mask.psrlv32hi(<32 x i16>, <32 x i16>, <32 x i16>, i32)
declare <16 x i16> @llvm.x86.avx512.mask.psrl.wi.256(<16 x i16>, i32, <16 x i16>, i16)
declare <2 x i64> @llvm.x86.avx512.mask.psrlv2.di(<2 x i64>, <2 x i64>, <2 x i64>, i8)

define <4 x i32> @f(<4 x i32> %d, <8 x i64> %q, <8 x i16> %w, <2 x i64> %x, <4 x i64> %y, <32 x i16> %z, <16 x i16> %v, i8 %m, i16 %m16, i32 %m32) {
  %r0 = call <4 x i32> @llvm.x86.avx512.mask.psll.d.128(<4 x i32> %d, <4 x i32> %d, <4 x i32> %d, i8 %m)
  %r1 = call <8 x i64> @llvm.x86.avx512.mask.pslli.q(<8 x i64> %q, i32 3, <8 x i64> zeroinitializer, i8 %m)
  %r2 = call <8 x i16> @llvm.x86.avx512.mask.psllv8.hi(<8 x i16> %w, <8 x i16> %w, <8 x i16> %w, i8 -1)
  %r3 = call <2 x i64> @llvm.x86.avx512.mask.psra.q.128(<2 x i64> %x, <2 x i64> %x, <2 x i64> %x, i8 %m)
  %r4 = call <4 x i64> @llvm.x86.avx512.mask.psrav.q.256(<4 x i64> %y, <4 x i64> %y, <4 x i64> %y, i8 %m)
  %r5 = call <32 x i16> @llvm.x86.avx512.mask.psrlv32hi(<32 x i16> %z, <32 x i16> %z, <32 x i16> %z, i32 %m32)
  %r6 = call <16 x i16> @llvm.x86.avx512.mask.psrl.wi.256(<16 x i16> %v, i32 7, <16 x i16> %v, i16 %m16)
  %r7 = call <2 x i64> @llvm.x86.avx512.mask.psrlv2.di(<2 x i64> %x, <2 x i64> %x, <2 x i64> %x, i8 %m)
  ret <4 x i32> %r0
}
"#;

const SHIFTS_LLVM: &str = r#"define <4 x i32> @f(<4 x i32> %d, <8 x i64> %q, <8 x i16> %w, <2 x i64> %x, <4 x i64> %y, <32 x i16> %z, <16 x i16> %v, i8 %m, i16 %m16, i32 %m32) {
  %1 = call <4 x i32> @llvm.x86.sse2.psll.d(<4 x i32> %d, <4 x i32> %d)
  %2 = bitcast i8 %m to <8 x i1>
  %extract = shufflevector <8 x i1> %2, <8 x i1> %2, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %3 = select <4 x i1> %extract, <4 x i32> %1, <4 x i32> %d
  %4 = call <8 x i64> @llvm.x86.avx512.pslli.q.512(<8 x i64> %q, i32 3)
  %5 = bitcast i8 %m to <8 x i1>
  %6 = select <8 x i1> %5, <8 x i64> %4, <8 x i64> zeroinitializer
  %7 = call <8 x i16> @llvm.x86.avx512.psllv.w.128(<8 x i16> %w, <8 x i16> %w)
  %8 = call <2 x i64> @llvm.x86.avx512.psra.q.128(<2 x i64> %x, <2 x i64> %x)
  %9 = bitcast i8 %m to <8 x i1>
  %extract1 = shufflevector <8 x i1> %9, <8 x i1> %9, <2 x i32> <i32 0, i32 1>
  %10 = select <2 x i1> %extract1, <2 x i64> %8, <2 x i64> %x
  %11 = call <4 x i64> @llvm.x86.avx512.psrav.q.256(<4 x i64> %y, <4 x i64> %y)
  %12 = bitcast i8 %m to <8 x i1>
  %extract2 = shufflevector <8 x i1> %12, <8 x i1> %12, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %13 = select <4 x i1> %extract2, <4 x i64> %11, <4 x i64> %y
  %14 = call <32 x i16> @llvm.x86.avx512.psrlv.w.512(<32 x i16> %z, <32 x i16> %z)
  %15 = bitcast i32 %m32 to <32 x i1>
  %16 = select <32 x i1> %15, <32 x i16> %14, <32 x i16> %z
  %17 = call <16 x i16> @llvm.x86.avx2.psrli.w(<16 x i16> %v, i32 7)
  %18 = bitcast i16 %m16 to <16 x i1>
  %19 = select <16 x i1> %18, <16 x i16> %17, <16 x i16> %v
  %20 = call <2 x i64> @llvm.x86.avx2.psrlv.q(<2 x i64> %x, <2 x i64> %x)
  %21 = bitcast i8 %m to <8 x i1>
  %extract3 = shufflevector <8 x i1> %21, <8 x i1> %21, <2 x i32> <i32 0, i32 1>
  %22 = select <2 x i1> %extract3, <2 x i64> %20, <2 x i64> %x
  ret <4 x i32> %3
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <4 x i32> @llvm.x86.sse2.psll.d(<4 x i32>, <4 x i32>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <8 x i64> @llvm.x86.avx512.pslli.q.512(<8 x i64>, i32) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <8 x i16> @llvm.x86.avx512.psllv.w.128(<8 x i16>, <8 x i16>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <2 x i64> @llvm.x86.avx512.psra.q.128(<2 x i64>, <2 x i64>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <4 x i64> @llvm.x86.avx512.psrav.q.256(<4 x i64>, <4 x i64>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <32 x i16> @llvm.x86.avx512.psrlv.w.512(<32 x i16>, <32 x i16>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <16 x i16> @llvm.x86.avx2.psrli.w(<16 x i16>, i32) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <2 x i64> @llvm.x86.avx2.psrlv.q(<2 x i64>, <2 x i64>) #0

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(none) }
"#;

const FMA: &str = r#"declare <4 x float> @llvm.x86.fma.vfnmsub.ss(<4 x float>, <4 x float>, <4 x float>)
declare <8 x float> @llvm.x86.fma.vfmsub.ps.256(<8 x float>, <8 x float>, <8 x float>)
declare <2 x double> @llvm.x86.fma4.vfmadd.sd(<2 x double>, <2 x double>, <2 x double>)
declare <2 x double> @llvm.x86.avx512.mask3.vfmsub.sd(<2 x double>, <2 x double>, <2 x double>, i8, i32)
declare <4 x float> @llvm.x86.avx512.maskz.vfmadd.ss(<4 x float>, <4 x float>, <4 x float>, i8, i32)
declare <16 x float> @llvm.x86.avx512.mask.vfnmadd.ps.512(<16 x float>, <16 x float>, <16 x float>, i16, i32)
declare <4 x double> @llvm.x86.fma.vfmsubadd.pd.256(<4 x double>, <4 x double>, <4 x double>)
declare <8 x float> @llvm.x86.avx512.mask3.vfmsubadd.ps.256(<8 x float>, <8 x float>, <8 x float>, i8)
declare <8 x double> @llvm.x86.avx512.maskz.vfmaddsub.pd.512(<8 x double>, <8 x double>, <8 x double>, i8, i32)

define <4 x float> @f(<4 x float> %a, <8 x float> %b, <2 x double> %c, <16 x float> %z, <4 x double> %d, <8 x double> %e, i8 %m, i16 %m16) {
  %r0 = call <4 x float> @llvm.x86.fma.vfnmsub.ss(<4 x float> %a, <4 x float> %a, <4 x float> %a)
  %r1 = call <8 x float> @llvm.x86.fma.vfmsub.ps.256(<8 x float> %b, <8 x float> %b, <8 x float> %b)
  %r2 = call <2 x double> @llvm.x86.fma4.vfmadd.sd(<2 x double> %c, <2 x double> %c, <2 x double> %c)
  %r3 = call <2 x double> @llvm.x86.avx512.mask3.vfmsub.sd(<2 x double> %c, <2 x double> %c, <2 x double> %c, i8 %m, i32 8)
  %r4 = call <4 x float> @llvm.x86.avx512.maskz.vfmadd.ss(<4 x float> %a, <4 x float> %a, <4 x float> %a, i8 5, i32 4)
  %r5 = call <16 x float> @llvm.x86.avx512.mask.vfnmadd.ps.512(<16 x float> %z, <16 x float> %z, <16 x float> %z, i16 %m16, i32 4)
  %r6 = call <16 x float> @llvm.x86.avx512.mask.vfnmadd.ps.512(<16 x float> %z, <16 x float> %z, <16 x float> %z, i16 %m16, i32 9)
  %r7 = call <4 x double> @llvm.x86.fma.vfmsubadd.pd.256(<4 x double> %d, <4 x double> %d, <4 x double> %d)
  %r8 = call <8 x float> @llvm.x86.avx512.mask3.vfmsubadd.ps.256(<8 x float> %b, <8 x float> %b, <8 x float> %b, i8 %m)
  %r9 = call <8 x double> @llvm.x86.avx512.maskz.vfmaddsub.pd.512(<8 x double> %e, <8 x double> %e, <8 x double> %e, i8 %m, i32 4)
  ret <4 x float> %r0
}
"#;

const FMA_LLVM: &str = r#"define <4 x float> @f(<4 x float> %a, <8 x float> %b, <2 x double> %c, <16 x float> %z, <4 x double> %d, <8 x double> %e, i8 %m, i16 %m16) {
  %1 = extractelement <4 x float> %a, i64 0
  %2 = extractelement <4 x float> %a, i64 0
  %3 = extractelement <4 x float> %a, i64 0
  %4 = fneg float %2
  %5 = fneg float %3
  %6 = call float @llvm.fma.f32(float %1, float %4, float %5)
  %7 = insertelement <4 x float> %a, float %6, i64 0
  %8 = fneg <8 x float> %b
  %9 = call <8 x float> @llvm.fma.v8f32(<8 x float> %b, <8 x float> %b, <8 x float> %8)
  %10 = extractelement <2 x double> %c, i64 0
  %11 = extractelement <2 x double> %c, i64 0
  %12 = extractelement <2 x double> %c, i64 0
  %13 = call double @llvm.fma.f64(double %10, double %11, double %12)
  %14 = insertelement <2 x double> zeroinitializer, double %13, i64 0
  %15 = fneg <2 x double> %c
  %16 = extractelement <2 x double> %c, i64 0
  %17 = extractelement <2 x double> %c, i64 0
  %18 = extractelement <2 x double> %15, i64 0
  %19 = call double @llvm.x86.avx512.vfmadd.f64(double %16, double %17, double %18, i32 8)
  %20 = extractelement <2 x double> %c, i64 0
  %21 = bitcast i8 %m to <8 x i1>
  %22 = extractelement <8 x i1> %21, i64 0
  %23 = select i1 %22, double %19, double %20
  %24 = insertelement <2 x double> %c, double %23, i64 0
  %25 = extractelement <4 x float> %a, i64 0
  %26 = extractelement <4 x float> %a, i64 0
  %27 = extractelement <4 x float> %a, i64 0
  %28 = call float @llvm.fma.f32(float %25, float %26, float %27)
  %29 = select i1 extractelement (<8 x i1> bitcast (<1 x i8> splat (i8 5) to <8 x i1>), i64 0), float %28, float 0.000000e+00
  %30 = insertelement <4 x float> %a, float %29, i64 0
  %31 = fneg <16 x float> %z
  %32 = call <16 x float> @llvm.fma.v16f32(<16 x float> %z, <16 x float> %31, <16 x float> %z)
  %33 = bitcast i16 %m16 to <16 x i1>
  %34 = select <16 x i1> %33, <16 x float> %32, <16 x float> %z
  %35 = fneg <16 x float> %z
  %36 = call <16 x float> @llvm.x86.avx512.vfmadd.ps.512(<16 x float> %z, <16 x float> %35, <16 x float> %z, i32 9)
  %37 = bitcast i16 %m16 to <16 x i1>
  %38 = select <16 x i1> %37, <16 x float> %36, <16 x float> %z
  %39 = fneg <4 x double> %d
  %40 = call <4 x double> @llvm.x86.fma.vfmaddsub.pd.256(<4 x double> %d, <4 x double> %d, <4 x double> %39)
  %41 = call <8 x float> @llvm.fma.v8f32(<8 x float> %b, <8 x float> %b, <8 x float> %b)
  %42 = fneg <8 x float> %b
  %43 = call <8 x float> @llvm.fma.v8f32(<8 x float> %b, <8 x float> %b, <8 x float> %42)
  %44 = shufflevector <8 x float> %41, <8 x float> %43, <8 x i32> <i32 0, i32 9, i32 2, i32 11, i32 4, i32 13, i32 6, i32 15>
  %45 = bitcast i8 %m to <8 x i1>
  %46 = select <8 x i1> %45, <8 x float> %44, <8 x float> %b
  %47 = call <8 x double> @llvm.x86.avx512.vfmaddsub.pd.512(<8 x double> %e, <8 x double> %e, <8 x double> %e, i32 4)
  %48 = bitcast i8 %m to <8 x i1>
  %49 = select <8 x i1> %48, <8 x double> %47, <8 x double> zeroinitializer
  ret <4 x float> %7
}

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fma.f32(float, float, float) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <8 x float> @llvm.fma.v8f32(<8 x float>, <8 x float>, <8 x float>) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.fma.f64(double, double, double) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare double @llvm.x86.avx512.vfmadd.f64(double, double, double, i32 immarg) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <16 x float> @llvm.x86.avx512.vfmadd.ps.512(<16 x float>, <16 x float>, <16 x float>, i32 immarg) #1

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <16 x float> @llvm.fma.v16f32(<16 x float>, <16 x float>, <16 x float>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <4 x double> @llvm.x86.fma.vfmaddsub.pd.256(<4 x double>, <4 x double>, <4 x double>) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <8 x double> @llvm.x86.avx512.vfmaddsub.pd.512(<8 x double>, <8 x double>, <8 x double>, i32 immarg) #1

attributes #0 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(none) }
"#;

const MISC: &str = r#"declare <4 x float> @llvm.x86.avx512.mask.move.ss(<4 x float>, <4 x float>, <4 x float>, i8)
declare <16 x i8> @llvm.x86.avx512.cvtmask2b.128(i16)
declare <2 x i64> @llvm.x86.avx512.cvtmask2q.128(i8)
declare <4 x i64> @llvm.x86.avx2.movntdqa(<4 x i64>*)
declare i8 @llvm.x86.addcarry.u64(i8, i64, i64, i64*)
declare i8 @llvm.x86.subborrow.u32(i8, i32, i32, i32*)

define i8 @f(<4 x float> %a, i8 %m, i16 %m16, <4 x i64>* %p, i64* %q, i32* %r) !dbg !5 {
  %vpmovm2 = add i8 %m, 1
  %r0 = call <4 x float> @llvm.x86.avx512.mask.move.ss(<4 x float> %a, <4 x float> %a, <4 x float> zeroinitializer, i8 %m)
  %r1 = call <16 x i8> @llvm.x86.avx512.cvtmask2b.128(i16 %m16)
  %r2 = call <2 x i64> @llvm.x86.avx512.cvtmask2q.128(i8 %vpmovm2)
  %r3 = call <4 x i64> @llvm.x86.avx2.movntdqa(<4 x i64>* %p), !dbg !8
  %r4 = call i8 @llvm.x86.addcarry.u64(i8 %m, i64 1, i64 -1, i64* %q), !dbg !8
  %r5 = call i8 @llvm.x86.subborrow.u32(i8 %r4, i32 5, i32 6, i32* %r)
  ret i8 %r5
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "x", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !6, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DILocation(line: 2, scope: !5)
"#;

const MISC_LLVM: &str = r#"define i8 @f(<4 x float> %a, i8 %m, i16 %m16, ptr %p, ptr %q, ptr %r) !dbg !3 {
  %vpmovm2 = add i8 %m, 1
  %1 = and i8 %m, 1
  %2 = icmp ne i8 %1, 0
  %3 = extractelement <4 x float> %a, i64 0
  %4 = select i1 %2, float %3, float 0.000000e+00
  %5 = insertelement <4 x float> %a, float %4, i64 0
  %6 = bitcast i16 %m16 to <16 x i1>
  %vpmovm21 = sext <16 x i1> %6 to <16 x i8>
  %7 = bitcast i8 %vpmovm2 to <8 x i1>
  %extract = shufflevector <8 x i1> %7, <8 x i1> %7, <2 x i32> <i32 0, i32 1>
  %vpmovm22 = sext <2 x i1> %extract to <2 x i64>
  %8 = load <4 x i64>, ptr %p, align 32, !dbg !6, !nontemporal !7
  %9 = call { i8, i64 } @llvm.x86.addcarry.64(i8 %m, i64 1, i64 -1), !dbg !6
  %10 = extractvalue { i8, i64 } %9, 1, !dbg !6
  store i64 %10, ptr %q, align 1, !dbg !6
  %11 = extractvalue { i8, i64 } %9, 0, !dbg !6
  %12 = call { i8, i32 } @llvm.x86.subborrow.32(i8 %11, i32 5, i32 6)
  %13 = extractvalue { i8, i32 } %12, 1
  store i32 %13, ptr %r, align 1
  %14 = extractvalue { i8, i32 } %12, 0
  ret i8 %14
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare { i8, i64 } @llvm.x86.addcarry.64(i8, i64, i64) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare { i8, i32 } @llvm.x86.subborrow.32(i8, i32, i32) #0

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(none) }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "x", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, spFlags: DISPFlagDefinition, unit: !0)
!4 = !DISubroutineType(types: !5)
!5 = !{}
!6 = !DILocation(line: 2, scope: !3)
!7 = !{i32 1}
"#;

const SELECT: &str = r#"declare <4 x i32> @llvm.x86.avx512.maskz.pternlog.d.128(<4 x i32>, <4 x i32>, <4 x i32>, i32, i8)
declare <8 x i64> @llvm.x86.avx512.mask.vpmadd52h.uq.512(<8 x i64>, <8 x i64>, <8 x i64>, i8)
declare <8 x float> @llvm.x86.avx512.maskz.vpermt2var.ps.256(<8 x i32>, <8 x float>, <8 x float>, i8)
declare <16 x i16> @llvm.x86.avx512.mask.vpermi2var.hi.256(<16 x i16>, <16 x i16>, <16 x i16>, i16)
declare <4 x i32> @llvm.x86.avx512.mask.vpdpbusd.128(<4 x i32>, <4 x i32>, <4 x i32>, i8)
declare <16 x i32> @llvm.x86.avx512.maskz.vpdpwssds.512(<16 x i32>, <32 x i16>, <32 x i16>, i16)
declare <4 x i32> @llvm.x86.avx512.mask.pmaddw.d.128(<8 x i16>, <8 x i16>, <4 x i32>, i8)
declare <8 x float> @llvm.x86.avx512.mask.permvar.sf.256(<8 x float>, <8 x i32>, <8 x float>, i8)
declare <8 x i64> @llvm.x86.avx512.mask.conflict.q.512(<8 x i64>, <8 x i64>, i8)
declare <8 x float> @llvm.x86.avx512.mask.max.ps.256(<8 x float>, <8 x float>, <8 x float>, i8)
declare <4 x i32> @llvm.x86.avx512.mask.cvttps2dq.128(<4 x float>, <4 x i32>, i8)

define <4 x i32> @f(<4 x i32> %d, <8 x i64> %q, <8 x i32> %i8, <8 x float> %f8, <16 x i16> %h, <16 x i32> %e, <32 x i16> %w, <8 x i16> %s, <4 x float> %f4, i8 %m, i16 %m16) {
  %r0 = call <4 x i32> @llvm.x86.avx512.maskz.pternlog.d.128(<4 x i32> %d, <4 x i32> %d, <4 x i32> %d, i32 33, i8 %m)
  %r1 = call <8 x i64> @llvm.x86.avx512.mask.vpmadd52h.uq.512(<8 x i64> %q, <8 x i64> %q, <8 x i64> %q, i8 %m)
  %r2 = call <8 x float> @llvm.x86.avx512.maskz.vpermt2var.ps.256(<8 x i32> %i8, <8 x float> %f8, <8 x float> %f8, i8 %m)
  %r3 = call <16 x i16> @llvm.x86.avx512.mask.vpermi2var.hi.256(<16 x i16> %h, <16 x i16> %h, <16 x i16> %h, i16 %m16)
  %r4 = call <4 x i32> @llvm.x86.avx512.mask.vpdpbusd.128(<4 x i32> %d, <4 x i32> %d, <4 x i32> %d, i8 %m)
  %r5 = call <16 x i32> @llvm.x86.avx512.maskz.vpdpwssds.512(<16 x i32> %e, <32 x i16> %w, <32 x i16> %w, i16 %m16)
  %r6 = call <4 x i32> @llvm.x86.avx512.mask.pmaddw.d.128(<8 x i16> %s, <8 x i16> %s, <4 x i32> %d, i8 %m)
  %r7 = call <8 x float> @llvm.x86.avx512.mask.permvar.sf.256(<8 x float> %f8, <8 x i32> %i8, <8 x float> %f8, i8 -1)
  %r8 = call <8 x i64> @llvm.x86.avx512.mask.conflict.q.512(<8 x i64> %q, <8 x i64> %q, i8 %m)
  %r9 = call <8 x float> @llvm.x86.avx512.mask.max.ps.256(<8 x float> %f8, <8 x float> %f8, <8 x float> %f8, i8 %m)
  %r10 = call <4 x i32> @llvm.x86.avx512.mask.cvttps2dq.128(<4 x float> %f4, <4 x i32> %d, i8 %m)
  ret <4 x i32> %r0
}
"#;

const SELECT_LLVM: &str = r#"define <4 x i32> @f(<4 x i32> %d, <8 x i64> %q, <8 x i32> %i8, <8 x float> %f8, <16 x i16> %h, <16 x i32> %e, <32 x i16> %w, <8 x i16> %s, <4 x float> %f4, i8 %m, i16 %m16) {
  %1 = call <4 x i32> @llvm.x86.avx512.pternlog.d.128(<4 x i32> %d, <4 x i32> %d, <4 x i32> %d, i32 33)
  %2 = bitcast i8 %m to <8 x i1>
  %extract = shufflevector <8 x i1> %2, <8 x i1> %2, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %3 = select <4 x i1> %extract, <4 x i32> %1, <4 x i32> zeroinitializer
  %4 = call <8 x i64> @llvm.x86.avx512.vpmadd52h.uq.512(<8 x i64> %q, <8 x i64> %q, <8 x i64> %q)
  %5 = bitcast i8 %m to <8 x i1>
  %6 = select <8 x i1> %5, <8 x i64> %4, <8 x i64> %q
  %7 = call <8 x float> @llvm.x86.avx512.vpermi2var.ps.256(<8 x float> %f8, <8 x i32> %i8, <8 x float> %f8)
  %8 = bitcast i8 %m to <8 x i1>
  %9 = select <8 x i1> %8, <8 x float> %7, <8 x float> zeroinitializer
  %10 = call <16 x i16> @llvm.x86.avx512.vpermi2var.hi.256(<16 x i16> %h, <16 x i16> %h, <16 x i16> %h)
  %11 = bitcast i16 %m16 to <16 x i1>
  %12 = select <16 x i1> %11, <16 x i16> %10, <16 x i16> %h
  %13 = bitcast <4 x i32> %d to <16 x i8>
  %14 = bitcast <4 x i32> %d to <16 x i8>
  %15 = call <4 x i32> @llvm.x86.avx512.vpdpbusd.128(<4 x i32> %d, <16 x i8> %13, <16 x i8> %14)
  %16 = bitcast i8 %m to <8 x i1>
  %extract1 = shufflevector <8 x i1> %16, <8 x i1> %16, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %17 = select <4 x i1> %extract1, <4 x i32> %15, <4 x i32> %d
  %18 = call <16 x i32> @llvm.x86.avx512.vpdpwssds.512(<16 x i32> %e, <32 x i16> %w, <32 x i16> %w)
  %19 = bitcast i16 %m16 to <16 x i1>
  %20 = select <16 x i1> %19, <16 x i32> %18, <16 x i32> zeroinitializer
  %21 = call <4 x i32> @llvm.x86.sse2.pmadd.wd(<8 x i16> %s, <8 x i16> %s)
  %22 = bitcast i8 %m to <8 x i1>
  %extract2 = shufflevector <8 x i1> %22, <8 x i1> %22, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %23 = select <4 x i1> %extract2, <4 x i32> %21, <4 x i32> %d
  %24 = call <8 x float> @llvm.x86.avx2.permps(<8 x float> %f8, <8 x i32> %i8)
  %25 = call <8 x i64> @llvm.x86.avx512.conflict.q.512(<8 x i64> %q)
  %26 = bitcast i8 %m to <8 x i1>
  %27 = select <8 x i1> %26, <8 x i64> %25, <8 x i64> %q
  %28 = call <8 x float> @llvm.x86.avx.max.ps.256(<8 x float> %f8, <8 x float> %f8)
  %29 = bitcast i8 %m to <8 x i1>
  %30 = select <8 x i1> %29, <8 x float> %28, <8 x float> %f8
  %31 = call <4 x i32> @llvm.x86.sse2.cvttps2dq(<4 x float> %f4)
  %32 = bitcast i8 %m to <8 x i1>
  %extract3 = shufflevector <8 x i1> %32, <8 x i1> %32, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %33 = select <4 x i1> %extract3, <4 x i32> %31, <4 x i32> %d
  ret <4 x i32> %3
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <4 x i32> @llvm.x86.avx512.pternlog.d.128(<4 x i32>, <4 x i32>, <4 x i32>, i32 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <8 x i64> @llvm.x86.avx512.vpmadd52h.uq.512(<8 x i64>, <8 x i64>, <8 x i64>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <8 x float> @llvm.x86.avx512.vpermi2var.ps.256(<8 x float>, <8 x i32>, <8 x float>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <16 x i16> @llvm.x86.avx512.vpermi2var.hi.256(<16 x i16>, <16 x i16>, <16 x i16>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <4 x i32> @llvm.x86.avx512.vpdpbusd.128(<4 x i32>, <16 x i8>, <16 x i8>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <16 x i32> @llvm.x86.avx512.vpdpwssds.512(<16 x i32>, <32 x i16>, <32 x i16>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <4 x i32> @llvm.x86.sse2.pmadd.wd(<8 x i16>, <8 x i16>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <8 x float> @llvm.x86.avx2.permps(<8 x float>, <8 x i32>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <8 x i64> @llvm.x86.avx512.conflict.q.512(<8 x i64>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <8 x float> @llvm.x86.avx.max.ps.256(<8 x float>, <8 x float>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare <4 x i32> @llvm.x86.sse2.cvttps2dq(<4 x float>) #0

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(none) }
"#;

const WEIRD: &str = r#"define void @f(ptr %p, <4 x i16> %w4, <3 x float> %v3, <1 x i128> %big, float %s, i8 %m, i3 %m3, i32 %x, <3 x i32> %d3, <1 x i64> %q1, <16 x float> %z) {
  %1 = call <4 x i16> @llvm.x86.sse2.pshufl.w(<4 x i16> %w4, i8 27)
  %2 = call <4 x i16> @llvm.x86.avx512.mask.pshufh.w.128(<4 x i16> %w4, i32 %x, <4 x i16> %w4, i8 %m)
  %3 = call <3 x float> @llvm.x86.avx512.mask.shuf.ps.128(<3 x float> %v3, <3 x float> %v3, i32 22, <3 x float> %v3, i8 %m)
  %4 = call <1 x i128> @llvm.x86.avx512.mask.punpckhqdq.128(<1 x i128> %big, <1 x i128> %big, <1 x i128> %big, i8 %m)
  %5 = call <3 x float> @llvm.x86.avx512.mask.movsldup.128(<3 x float> %v3, <3 x float> %v3, i8 %m)
  %6 = call float @llvm.x86.avx512.mask.and.ps.128(float %s, float %s, float %s, i8 %m)
  %7 = call <4 x i16> @llvm.x86.avx512.mask.psllv(<4 x i16> %w4, <4 x i16> %w4, <4 x i16> %w4, i8 %m)
  %8 = call <4 x i16> @llvm.x86.avx512.mask.psra.b.128(<4 x i16> %w4, <4 x i16> %w4, <4 x i16> %w4, i8 %m)
  %9 = call <4 x float> @llvm.x86.fma.vfmadd.ss(<4 x float> zeroinitializer, <4 x float> zeroinitializer)
  %10 = call float @llvm.x86.fma4.vfmadd.ss(float %s, float %s, float %s)
  %11 = call i8 @llvm.x86.addcarry.u32(i8 %m, i32 %x, i32 %x)
  %12 = call <3 x i32> @llvm.x86.avx512.mask.vpdpbusd.128(<3 x i32> %d3, <3 x i32> %d3, <3 x i32> %d3, i8 %m)
  %13 = call <1 x i64> @llvm.x86.avx512.mask.vpmadd52l.uq.128(<1 x i64> %q1, <1 x i64> %q1, <1 x i64> %q1, i8 %m)
  %14 = call <3 x i32> @llvm.x86.avx512.cvtmask2d.128(i3 %m3)
  %15 = call i1 @llvm.x86.sse41.movntdqa(ptr %p)
  %16 = call <16 x float> @llvm.x86.avx512.mask.add.ps.512(<16 x float> %z, <16 x float> %z, <16 x float> %z, i16 -1)
  %17 = call <16 x float> @llvm.x86.avx512.mask.max.ps.512(<16 x float> %z, <16 x float> %z)
  %18 = call <4 x float> @llvm.x86.avx512.mask.vfmadd.ss(<4 x float> zeroinitializer, <4 x float> zeroinitializer, <4 x float> zeroinitializer, i8 %m, i32 %x)
  %19 = call <3 x i32> @llvm.x86.avx512.mask.conflict.(<3 x i32> %d3)
  %20 = call <3 x float> @llvm.x86.avx512.mask.vfmaddsub.ps.128(<3 x float> %v3, <3 x float> %v3, <3 x float> %v3, i8 %m)
  %21 = call <3 x float> @llvm.x86.avx512.mask.pternlog.d.128(<3 x float> %v3, <3 x float> %v3, <3 x float> %v3, i32 %x, i8 %m)
  %22 = call <3 x float> @llvm.x86.avx512.mask.vpermt2var.d.128(<3 x float> %v3, <3 x float> %v3, <3 x float> %v3, i8 %m)
  ret void
}
declare <4 x i16> @llvm.x86.sse2.pshufl.w(<4 x i16>, i8)
declare <4 x i16> @llvm.x86.avx512.mask.pshufh.w.128(<4 x i16>, i32, <4 x i16>, i8)
declare <3 x float> @llvm.x86.avx512.mask.shuf.ps.128(<3 x float>, <3 x float>, i32, <3 x float>, i8)
declare <1 x i128> @llvm.x86.avx512.mask.punpckhqdq.128(<1 x i128>, <1 x i128>, <1 x i128>, i8)
declare <3 x float> @llvm.x86.avx512.mask.movsldup.128(<3 x float>, <3 x float>, i8)
declare float @llvm.x86.avx512.mask.and.ps.128(float, float, float, i8)
declare <4 x i16> @llvm.x86.avx512.mask.psllv(<4 x i16>, <4 x i16>, <4 x i16>, i8)
declare <4 x i16> @llvm.x86.avx512.mask.psra.b.128(<4 x i16>, <4 x i16>, <4 x i16>, i8)
declare <4 x float> @llvm.x86.fma.vfmadd.ss(<4 x float>, <4 x float>)
declare float @llvm.x86.fma4.vfmadd.ss(float, float, float)
declare i8 @llvm.x86.addcarry.u32(i8, i32, i32)
declare <3 x i32> @llvm.x86.avx512.mask.vpdpbusd.128(<3 x i32>, <3 x i32>, <3 x i32>, i8)
declare <1 x i64> @llvm.x86.avx512.mask.vpmadd52l.uq.128(<1 x i64>, <1 x i64>, <1 x i64>, i8)
declare <3 x i32> @llvm.x86.avx512.cvtmask2d.128(i3)
declare i1 @llvm.x86.sse41.movntdqa(ptr)
declare <16 x float> @llvm.x86.avx512.mask.add.ps.512(<16 x float>, <16 x float>, <16 x float>, i16)
declare <16 x float> @llvm.x86.avx512.mask.max.ps.512(<16 x float>, <16 x float>)
declare <4 x float> @llvm.x86.avx512.mask.vfmadd.ss(<4 x float>, <4 x float>, <4 x float>, i8, i32)
declare <3 x i32> @llvm.x86.avx512.mask.conflict.(<3 x i32>)
declare <3 x float> @llvm.x86.avx512.mask.vfmaddsub.ps.128(<3 x float>, <3 x float>, <3 x float>, i8)
declare <3 x float> @llvm.x86.avx512.mask.pternlog.d.128(<3 x float>, <3 x float>, <3 x float>, i32, i8)
declare <3 x float> @llvm.x86.avx512.mask.vpermt2var.d.128(<3 x float>, <3 x float>, <3 x float>, i8)
"#;
