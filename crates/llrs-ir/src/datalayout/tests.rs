//! Unit tests; expected values are what LLVM 22 (`llvm-as-22`, `opt-22`) answers.

use super::*;
use crate::types::{FloatKind, StructBody};

fn dl(s: &str) -> DataLayout {
    DataLayout::parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

fn err(s: &str) -> String {
    DataLayout::parse(s).expect_err(s)
}

fn st(ctx: &mut Context, packed: bool, elems: &[TypeId]) -> TypeId {
    ctx.ty(Type::Struct { packed, elems: elems.iter().copied().collect() })
}

fn vec_ty(ctx: &mut Context, scalable: bool, len: u32, elem: TypeId) -> TypeId {
    ctx.ty(Type::Vector { scalable, len, elem })
}

fn target(ctx: &mut Context, name: &str, types: &[TypeId], ints: &[u32]) -> TypeId {
    let name = ctx.sym(name);
    ctx.ty(Type::TargetExt { name, types: types.iter().copied().collect(), ints: ints.iter().copied().collect() })
}

#[test]
fn defaults() {
    let d = DataLayout::default();
    assert!(d.is_little_endian() && d.is_default());
    assert_eq!(d, dl(""));
    assert_eq!(d.pointer_size_in_bits(0), 64);
    assert_eq!(d.pointer_size(7), 8);
    assert_eq!(d.pointer_abi_align(3), 8);
    assert_eq!(d.index_size_in_bits(1), 64);
    assert_eq!((d.int_abi_align(1), d.int_abi_align(64), d.int_pref_align(64)), (1, 4, 8));
    // No entry wider than i64: the widest entry applies.
    assert_eq!((d.int_abi_align(128), d.int_pref_align(1000)), (4, 8));
    assert_eq!((d.aggregate_abi_align(), d.aggregate_pref_align()), (1, 8));
    assert_eq!(d.stack_alignment(), None);
    assert_eq!(d.function_ptr_align(), None);
    assert_eq!(d.mangling(), Mangling::None);
    assert_eq!(d.private_global_prefix(), "");
    assert_eq!(d.global_prefix(), None);
    assert_eq!(d.largest_legal_int_width(), 0);
    assert!(!d.is_non_integral_address_space(1));
    assert_eq!((d.alloca_addr_space(), d.program_addr_space(), d.default_globals_addr_space()), (0, 0, 0));
}

#[test]
fn parse_specifications() {
    let d = dl("E-m:o-p:32:32-p1:16:8:16:8-i64:64-f80:32-v256:128:256-a:0:32-n8:16:32-S128-Fn32-P1-A5-G2");
    assert!(d.is_big_endian());
    assert_eq!(d.mangling(), Mangling::MachO);
    assert_eq!((d.global_prefix(), d.private_global_prefix(), d.linker_private_global_prefix()), (Some('_'), "L", "l"));
    assert_eq!(d.pointer_size(0), 4);
    let p1 = d.pointer_spec(1);
    assert_eq!((p1.bit_width, p1.abi_align, p1.pref_align, p1.index_bit_width), (16, 1, 2, 8));
    assert!(d.is_non_integral_address_space(1));
    assert_eq!(d.non_standard_address_spaces(), vec![1]);
    assert_eq!(d.max_index_size_in_bits(), 32);
    assert_eq!(d.int_abi_align(64), 8);
    assert_eq!(d.float_specs().iter().find(|s| s.bit_width == 80).map(|s| s.abi_align), Some(4));
    // `a:0:32`: an ABI alignment of 0 means one byte.
    assert_eq!((d.aggregate_abi_align(), d.aggregate_pref_align()), (1, 4));
    assert_eq!(d.legal_int_widths(), &[8, 16, 32]);
    assert!(d.is_legal_integer(16) && !d.is_legal_integer(64));
    assert!(d.fits_in_legal_integer(17) && !d.fits_in_legal_integer(33));
    assert_eq!(d.smallest_legal_int_width(9), Some(16));
    assert_eq!(d.stack_alignment(), Some(16));
    assert_eq!(
        (d.function_ptr_align(), d.function_ptr_align_type()),
        (Some(4), FunctionPtrAlignType::MultipleOfFunctionAlign)
    );
    assert_eq!((d.program_addr_space(), d.alloca_addr_space(), d.default_globals_addr_space()), (1, 5, 2));
    assert_eq!(
        d.string_representation(),
        "E-m:o-p:32:32-p1:16:8:16:8-i64:64-f80:32-v256:128:256-a:0:32-n8:16:32-S128-Fn32-P1-A5-G2"
    );
    // Later entries replace earlier ones; equality ignores the string.
    assert_eq!(dl("i64:32-i64:64"), dl("i64:64"));
    assert_ne!(dl("e"), dl("E"));
    assert_eq!(dl("e-E-e"), dl(""));
    // LLVM keeps native widths in 8 bits.
    assert_eq!(dl("n256:32").legal_int_widths(), &[0, 32]);
}

#[test]
fn pointer_flags_names_and_non_integral() {
    let d = dl("pu1(fat):128:128:128:32-pe2:64:64-p3(local):32:32-ni:4:3");
    assert!(d.has_unstable_representation(1) && !d.has_external_state(1));
    assert!(d.has_external_state(2) && d.must_not_introduce_int_to_ptr(2) && !d.must_not_introduce_ptr_to_int(2));
    assert_eq!(d.address_space_name(1), "fat");
    assert_eq!(d.named_address_space("local"), Some(3));
    assert_eq!(d.named_address_space("nope"), None);
    // `ni:` keeps the entry's name, and gives an address space without an entry a copy of AS 0's.
    assert!(d.has_unstable_representation(3));
    assert_eq!(d.address_space_name(3), "local");
    let p4 = d.pointer_spec(4);
    assert_eq!((p4.addr_space, p4.bit_width, p4.unstable), (4, 64, true));
    assert!(!d.is_non_integral_address_space(0));
    assert_eq!(d.non_standard_address_spaces(), vec![1, 2, 3, 4]);
    assert_eq!(dl("p(zero):64:64").address_space_name(0), "zero");
}

#[test]
fn parse_errors() {
    let cases = [
        ("i8:16", "i8 must be 8-bit aligned"),
        ("x", "unknown specifier 'x'"),
        ("e--i32:32", "empty specification is not allowed"),
        ("e-", "empty specification is not allowed"),
        ("ee", "malformed specification, must be just 'e' or 'E'"),
        ("i32", "malformed specification, must be of the form \"i<size>:<abi>[:<pref>]\""),
        ("v128:64:64:64", "malformed specification, must be of the form \"v<size>:<abi>[:<pref>]\""),
        ("i0:8", "size must be a non-zero 24-bit integer"),
        ("i:8", "size component cannot be empty"),
        ("i 8:8", "size must be a non-zero 24-bit integer"),
        ("i99999999999999999999999:8", "size must be a non-zero 24-bit integer"),
        ("i32:", "ABI alignment component cannot be empty"),
        ("i32:65536", "ABI alignment must be a 16-bit integer"),
        ("i32:0", "ABI alignment must be non-zero"),
        ("i32:24", "ABI alignment must be a power of two times the byte width"),
        ("i32:32:0", "preferred alignment must be non-zero"),
        ("i32:32:16", "preferred alignment cannot be less than the ABI alignment"),
        ("a1:8", "size must be zero"),
        ("a", "malformed specification, must be of the form \"a:<abi>[:<pref>]\""),
        ("a:16:8", "preferred alignment cannot be less than the ABI alignment"),
        ("p:8", "malformed specification, must be of the form \"p[<n>]:<size>:<abi>[:<pref>[:<idx>]]\""),
        ("p:0:8", "pointer size must be a non-zero 24-bit integer"),
        ("p16777216:8:8", "address space must be a 24-bit integer"),
        ("p99999999999:8:8", "address space must be a 24-bit integer"),
        ("p1x:8:8", "address space must be a 24-bit integer"),
        ("pz1:8:8", "'z' is not a valid pointer specification flag"),
        ("pu:8:8", "address space 0 cannot be unstable or have external state"),
        ("pe0:8:8", "address space 0 cannot be unstable or have external state"),
        ("p1():8:8", "Expected `( address space name )`"),
        ("p1(a:8:8", "Expected `( address space name )`"),
        ("p1(G):8:8", "Cannot use predefined address space names P/G/A in data layout"),
        ("p1(a):8:8-p2(a):8:8", "address space name `a` already used"),
        ("p:64:64:64:0", "index size must be a non-zero 24-bit integer"),
        ("p:64:64:64:65", "index size cannot be larger than the pointer size"),
        ("ni", "malformed specification, must be of the form \"ni:<address space>[:<address space>]...\""),
        ("ni:", "address space component cannot be empty"),
        ("ni:0", "address space 0 cannot be non-integral"),
        ("ni:a", "address space must be a 24-bit integer"),
        ("n", "size component cannot be empty"),
        ("n8::16", "size component cannot be empty"),
        ("S", "malformed specification, must be of the form \"S<size>\""),
        ("S0", "stack natural alignment must be non-zero"),
        ("S7", "stack natural alignment must be a power of two times the byte width"),
        ("F", "malformed specification, must be of the form \"F<type><abi>\""),
        ("Fx8", "unknown function pointer alignment type 'x'"),
        ("Fn", "ABI alignment component cannot be empty"),
        ("P", "malformed specification, must be of the form \"P<address space>\""),
        ("A-5", "malformed specification, must be of the form \"A<address space>\""),
        ("G16777216", "address space must be a 24-bit integer"),
        ("m", "malformed specification, must be of the form \"m:<mangling>\""),
        ("m:", "malformed specification, must be of the form \"m:<mangling>\""),
        ("m:ee", "unknown mangling mode"),
        ("m:q", "unknown mangling mode"),
        ("é", "unknown specifier 'é'"),
    ];
    for (s, want) in cases {
        assert_eq!(err(s), want, "{s:?}");
    }
    // Accepted oddities.
    for s in ["s", "s:whatever", "i08:08", "a:0", "a0:0:64", "Fi8", "G1", "e-E", "p(name):64:64", "pue1(x):8:8"] {
        assert!(DataLayout::parse(s).is_ok(), "{s:?}");
    }
}

#[test]
fn scalar_sizes_and_alignments() {
    let mut ctx = Context::default();
    let d = dl("e-m:e-p:32:32-p1:64:64:64:32-i64:64-i128:128-f80:32-n8:16:32-S128");
    let i1 = ctx.int_ty(1);
    let i24 = ctx.int_ty(24);
    let i65 = ctx.int_ty(65);
    let i1000 = ctx.int_ty(1000);
    let x86 = ctx.float_ty(FloatKind::X86Fp80);
    let half = ctx.float_ty(FloatKind::Half);
    let ppc = ctx.float_ty(FloatKind::PpcFp128);
    let p0 = ctx.ptr_ty(0);
    let p1 = ctx.ptr_ty(1);
    let l = d.type_layout(&ctx, i24).unwrap();
    assert_eq!((l.size_in_bits, l.store_size, l.alloc_size, l.abi_align), (24, 3, 4, 4));
    assert_eq!((d.type_alloc_size(&ctx, i1), d.abi_align(&ctx, i1)), (1, 1));
    assert_eq!((d.type_alloc_size(&ctx, i65), d.abi_align(&ctx, i65)), (16, 16));
    assert_eq!((d.type_alloc_size(&ctx, i1000), d.abi_align(&ctx, i1000)), (128, 16));
    assert_eq!((d.type_alloc_size(&ctx, x86), d.abi_align(&ctx, x86)), (12, 4));
    assert_eq!(d.type_size_in_bits(&ctx, x86), TypeSize::fixed(80));
    assert_eq!(d.type_store_size(&ctx, x86), TypeSize::fixed(10));
    assert_eq!((d.type_alloc_size(&ctx, half), d.abi_align(&ctx, half)), (2, 2));
    assert_eq!((d.type_alloc_size(&ctx, ppc), d.abi_align(&ctx, ppc)), (16, 16));
    assert_eq!((d.type_alloc_size(&ctx, p0), d.type_alloc_size(&ctx, p1)), (4, 8));
    assert_eq!(d.pointer_type_size_in_bits(&ctx, p1), Some(64));
    assert_eq!(d.index_type_size_in_bits(&ctx, p1), Some(32));
    let vp = vec_ty(&mut ctx, false, 2, p1);
    assert_eq!(d.index_type_size_in_bits(&ctx, vp), Some(32));
    assert_eq!(d.pointer_type_size_in_bits(&ctx, i1), None);
    // Without an f80 entry, x86_fp80 aligns to its store size rounded up to a power of two.
    let d0 = DataLayout::default();
    assert_eq!((d0.type_alloc_size(&ctx, x86), d0.abi_align(&ctx, x86)), (16, 16));
    assert_eq!(d0.default_atomic_align(&ctx, i24), 3);
}

#[test]
fn i1_has_no_default_entry() {
    // LLVM 22 dropped the default `i1:8:8`: i1 takes the next wider entry, i8.
    let mut ctx = Context::default();
    let i1 = ctx.int_ty(1);
    let i2 = ctx.int_ty(2);
    let i9 = ctx.int_ty(9);
    let d = dl("i8:8:32");
    assert_eq!((d.default_alloca_align(&ctx, i1), d.default_alloca_align(&ctx, i2)), (4, 4));
    assert_eq!(d.default_alloca_align(&ctx, i9), 2);
    let d = dl("i1:8:16-i8:8:32");
    assert_eq!(d.default_alloca_align(&ctx, i1), 2);
    assert_eq!(dl("i16:16:64").default_alloca_align(&ctx, i9), 8);
}

#[test]
fn vectors() {
    let mut ctx = Context::default();
    let d = dl("e-m:e-i64:64-i128:128-n32:64-S128-v256:128");
    let i1 = ctx.int_ty(1);
    let i8 = ctx.int_ty(8);
    let i32 = ctx.int_ty(32);
    let i48 = ctx.int_ty(48);
    let v3i32 = vec_ty(&mut ctx, false, 3, i32);
    let v8i32 = vec_ty(&mut ctx, false, 8, i32);
    let v4i48 = vec_ty(&mut ctx, false, 4, i48);
    let v16i1 = vec_ty(&mut ctx, false, 16, i1);
    assert_eq!((d.type_alloc_size(&ctx, v3i32), d.abi_align(&ctx, v3i32)), (16, 16));
    assert_eq!((d.type_alloc_size(&ctx, v8i32), d.abi_align(&ctx, v8i32)), (32, 16));
    assert_eq!((d.type_alloc_size(&ctx, v4i48), d.abi_align(&ctx, v4i48)), (32, 32));
    assert_eq!((d.type_alloc_size(&ctx, v16i1), d.abi_align(&ctx, v16i1)), (2, 2));
    // Scalable vectors: known minimum sizes, flagged scalable.
    let nx4i32 = vec_ty(&mut ctx, true, 4, i32);
    let nx16i1 = vec_ty(&mut ctx, true, 16, i1);
    let nx3i8 = vec_ty(&mut ctx, true, 3, i8);
    let nx16i32 = vec_ty(&mut ctx, true, 16, i32);
    let l = d.type_layout(&ctx, nx4i32).unwrap();
    assert_eq!((l.size_in_bits, l.alloc_size, l.abi_align, l.scalable), (128, 16, 16, true));
    assert_eq!(d.type_alloc_size(&ctx, nx4i32), 16);
    assert_eq!(d.type_alloc_size_full(&ctx, nx4i32), TypeSize::scalable(16));
    assert_eq!(d.type_size_in_bits(&ctx, nx4i32).fixed_value(), None);
    assert_eq!(d.default_alloca_align(&ctx, nx16i1), 2);
    assert_eq!(d.default_load_align(&ctx, nx3i8), 4);
    assert_eq!(d.default_alloca_align(&ctx, nx16i32), 64);
    assert!(d.is_scalable(&ctx, nx4i32) && !d.is_scalable(&ctx, v3i32));
}

#[test]
fn scalable_structs_and_target_types() {
    let mut ctx = Context::default();
    let d = dl("e-m:e-i64:64-i128:128-n32:64-S128");
    let i8 = ctx.int_ty(8);
    let i32 = ctx.int_ty(32);
    let nx4i32 = vec_ty(&mut ctx, true, 4, i32);
    let pair = st(&mut ctx, false, &[nx4i32, nx4i32]);
    let sl = d.struct_layout(&ctx, pair).unwrap();
    assert_eq!((sl.size, sl.scalable, sl.align, sl.offsets.clone()), (32, true, 16, vec![0, 16]));
    assert_eq!(sl.element_containing_offset(0), None);
    assert_eq!((d.default_load_align(&ctx, pair), d.type_alloc_size_full(&ctx, pair)), (16, TypeSize::scalable(32)));
    assert!(d.is_sized(&ctx, pair) && d.is_scalable(&ctx, pair));
    let mixed = st(&mut ctx, false, &[nx4i32, i32]);
    assert!(!d.is_sized(&ctx, mixed));

    let svcount = target(&mut ctx, "aarch64.svcount", &[], &[]);
    assert_eq!(d.default_alloca_align(&ctx, svcount), 2);
    assert_eq!(d.type_alloc_size_full(&ctx, svcount), TypeSize::scalable(2));
    assert!(d.is_scalable(&ctx, svcount) && d.is_sized(&ctx, svcount));
    let nx4i8 = vec_ty(&mut ctx, true, 4, i8);
    let tuple = target(&mut ctx, "riscv.vector.tuple", &[nx4i8], &[2]);
    assert_eq!(d.default_alloca_align(&ctx, tuple), 16);
    assert_eq!(d.type_alloc_size_full(&ctx, tuple), TypeSize::scalable(16));
    let spirv = target(&mut ctx, "spirv.Type", &[], &[0, 8, 4]);
    // Laid out as [8 * 8 / 4 x i4].
    assert_eq!((d.type_alloc_size(&ctx, spirv), d.default_alloca_align(&ctx, spirv)), (16, 1));
    let spirv32 = target(&mut ctx, "spirv.Type", &[], &[0, 8, 32]);
    assert_eq!((d.type_alloc_size(&ctx, spirv32), d.abi_align(&ctx, spirv32)), (8, 4));
    let image = target(&mut ctx, "spirv.Image", &[], &[]);
    assert_eq!(d.type_alloc_size(&ctx, image), 8);
    let barrier = target(&mut ctx, "amdgcn.named.barrier", &[], &[0]);
    assert_eq!((d.type_alloc_size(&ctx, barrier), d.abi_align(&ctx, barrier)), (16, 16));
    let unknown = target(&mut ctx, "foo.bar", &[], &[]);
    assert!(!d.is_sized(&ctx, unknown));
    assert_eq!(d.type_layout(&ctx, unknown), None);
    let amx = ctx.ty(Type::X86Amx);
    assert_eq!((d.type_alloc_size(&ctx, amx), d.abi_align(&ctx, amx)), (1024, 64));
}

#[test]
fn structs() {
    let mut ctx = Context::default();
    let d = dl("e-m:e-p:32:32-i64:64-n32");
    let i8 = ctx.int_ty(8);
    let i16 = ctx.int_ty(16);
    let i64 = ctx.int_ty(64);
    let s = st(&mut ctx, false, &[i8, i64, i16]);
    let sl = d.struct_layout(&ctx, s).unwrap();
    assert_eq!((sl.size, sl.align, sl.offsets.clone(), sl.padded), (24, 8, vec![0, 8, 16], true));
    assert_eq!(sl.element_containing_offset(9), Some(1));
    assert_eq!(sl.element_containing_offset(23), Some(2));
    let p = st(&mut ctx, true, &[i8, i64, i16]);
    let pl = d.struct_layout(&ctx, p).unwrap();
    assert_eq!((pl.size, pl.align, pl.offsets.clone(), pl.padded), (11, 1, vec![0, 1, 9], false));
    assert_eq!((d.abi_align(&ctx, p), d.pref_align(&ctx, p), d.type_alloc_size(&ctx, p)), (1, 8, 11));
    // Zero-sized fields share an offset with the next field; the last of them holds it.
    let empty = ctx.ty(Type::Array(0, i64));
    let z = st(&mut ctx, false, &[i16, empty, i16]);
    let zl = d.struct_layout(&ctx, z).unwrap();
    assert_eq!(zl.offsets, vec![0, 8, 8]);
    assert_eq!(zl.element_containing_offset(8), Some(2));
    let unit = st(&mut ctx, false, &[]);
    assert_eq!((d.type_alloc_size(&ctx, unit), d.abi_align(&ctx, unit), d.pref_align(&ctx, unit)), (0, 1, 8));
    assert_eq!(d.struct_layout(&ctx, i8), None);

    // The aggregate ABI alignment pads alloc sizes but not the struct layout's own size.
    let d32 = dl("e-a:32");
    let one = st(&mut ctx, false, &[i8]);
    assert_eq!(d32.struct_layout(&ctx, one).unwrap().size, 1);
    assert_eq!((d32.type_alloc_size(&ctx, one), d32.abi_align(&ctx, one)), (4, 4));
    let outer = st(&mut ctx, false, &[one, i8]);
    assert_eq!(d32.struct_layout(&ctx, outer).unwrap().offsets, vec![0, 4]);
}

#[test]
fn identified_structs() {
    let mut ctx = Context::default();
    let d = DataLayout::default();
    let i32 = ctx.int_ty(32);
    let double = ctx.float_ty(FloatKind::Double);
    let name = ctx.sym("T");
    let (sid, t) = ctx.named_struct(name);
    assert!(!d.is_sized(&ctx, t));
    assert_eq!(d.type_layout(&ctx, t), None);
    assert_eq!((d.type_alloc_size(&ctx, t), d.abi_align(&ctx, t)), (0, 1));
    ctx.structs[sid].body = Some(StructBody { packed: false, elems: vec![i32, double] });
    assert!(d.is_sized(&ctx, t));
    assert_eq!(d.struct_layout(&ctx, t).unwrap().offsets, vec![0, 8]);
    assert_eq!(d.type_alloc_size(&ctx, t), 16);
    let arr = ctx.ty(Type::Array(3, t));
    assert_eq!((d.type_alloc_size(&ctx, arr), d.default_alloca_align(&ctx, arr)), (48, 8));

    // A (malformed) recursive struct is reported unsized instead of overflowing the stack.
    let rname = ctx.sym("R");
    let (rid, r) = ctx.named_struct(rname);
    let wrap = st(&mut ctx, false, &[i32, r]);
    ctx.structs[rid].body = Some(StructBody { packed: false, elems: vec![wrap] });
    assert!(!d.is_sized(&ctx, r));
    assert_eq!(d.type_layout(&ctx, r), None);
    assert_eq!(d.struct_layout(&ctx, r), None);
    assert_eq!(d.indexed_offset(&ctx, r, &[0, 0, 1]), None);
}

#[test]
fn gep_offsets_and_global_alignment() {
    let mut ctx = Context::default();
    let d = DataLayout::default();
    let i8 = ctx.int_ty(8);
    let i32 = ctx.int_ty(32);
    let i64 = ctx.int_ty(64);
    let arr = ctx.ty(Type::Array(4, i32));
    let s = st(&mut ctx, false, &[i8, arr, i64]);
    assert_eq!(d.indexed_offset(&ctx, s, &[]), Some(0));
    assert_eq!(d.indexed_offset(&ctx, s, &[1]), Some(28));
    assert_eq!(d.indexed_offset(&ctx, s, &[0, 1, 2]), Some(12));
    assert_eq!(d.indexed_offset(&ctx, s, &[-1, 2]), Some(-8));
    assert_eq!(d.indexed_offset(&ctx, s, &[0, 3]), None);
    assert_eq!(d.indexed_offset(&ctx, s, &[0, 0, 0]), None);
    let big = ctx.ty(Type::Array(32, i8));
    assert_eq!(d.preferred_global_align(&ctx, big, None, false, true), 16);
    assert_eq!(d.preferred_global_align(&ctx, big, None, false, false), 1);
    assert_eq!(d.preferred_global_align(&ctx, big, Some(2), true, true), 2);
    assert_eq!(d.preferred_global_align(&ctx, i64, Some(2), false, true), 4);
    assert_eq!(d.preferred_global_align(&ctx, i64, Some(32), false, true), 32);
}

#[test]
fn no_panics_on_odd_types() {
    let mut ctx = Context::default();
    let d = DataLayout::default();
    let i64 = ctx.int_ty(64);
    let huge = ctx.ty(Type::Array(u64::MAX, i64));
    assert_eq!(d.type_alloc_size(&ctx, huge), !3);
    let huger = ctx.ty(Type::Array(u64::MAX, huge));
    let _ = d.type_layout(&ctx, huger);
    let _ = d.indexed_offset(&ctx, huger, &[i64::MAX, i64::MIN, 5]);
    let wide = ctx.int_ty(u32::MAX);
    let _ = d.type_layout(&ctx, wide);
    let mut t = i64;
    for _ in 0..2000 {
        t = st(&mut ctx, false, &[t]);
    }
    assert_eq!(d.type_layout(&ctx, t), None);
    assert!(!d.is_sized(&ctx, t));
    let void = ctx.void_ty();
    let f = ctx.fn_ty(void, &[], false);
    for ty in [void, f, ctx.ty(Type::Metadata), ctx.ty(Type::Token), TypeId(u32::MAX)] {
        assert_eq!(d.type_layout(&ctx, ty), None);
        assert!(!d.is_sized(&ctx, ty));
        assert_eq!((d.type_alloc_size(&ctx, ty), d.abi_align(&ctx, ty)), (0, 1));
    }
    let label = ctx.ty(Type::Label);
    assert!(!d.is_sized(&ctx, label));
    assert_eq!(d.type_alloc_size(&ctx, label), 8);
}
