//! Unit tests of the folds, one or more per rule (checked against LLVM 22's `llvm-as`).

use super::*;
use crate::instructions::flags;
use crate::module::GlobalKind;
use crate::Module;

/// A module with one global `@g`, for pointer constants.
struct T {
    m: Module,
    g: ConstId,
}

impl T {
    fn new() -> T {
        let mut m = Module::default();
        let i32t = m.ctx.int_ty(32);
        let name = m.ctx.sym("g");
        let gid = m.new_global(Some(name), GlobalKind::Var, i32t);
        let p = m.ctx.ptr_ty(0);
        let g = m.ctx.konst(Const::Global(p, gid));
        T { m, g }
    }
    fn c(&mut self) -> &mut Context {
        &mut self.m.ctx
    }
    fn ty(&mut self, t: Type) -> TypeId {
        self.m.ctx.ty(t)
    }
    fn int(&mut self, bits: u32, v: i64) -> ConstId {
        let t = self.m.ctx.int_ty(bits);
        self.m.ctx.konst(Const::Int(t, APInt::from_i64(bits, v)))
    }
    fn vec_ty(&mut self, len: u32, elem: TypeId, scalable: bool) -> TypeId {
        self.ty(Type::Vector { scalable, len, elem })
    }
    fn ivec(&mut self, bits: u32, vals: &[i64]) -> ConstId {
        let e = self.m.ctx.int_ty(bits);
        let t = self.vec_ty(vals.len() as u32, e, false);
        let ids = vals.iter().map(|&v| self.int(bits, v)).collect();
        vector(&mut self.m.ctx, t, ids)
    }
    fn ptr_to_int(&mut self, bits: u32) -> ConstId {
        let t = self.m.ctx.int_ty(bits);
        let g = self.g;
        get_cast(&mut self.m.ctx, Opcode::PtrToInt, g, t)
    }
    fn k(&self, c: ConstId) -> &Const {
        self.m.ctx.const_of(c)
    }
    fn is_expr_op(&self, c: ConstId, op: Opcode) -> bool {
        matches!(self.k(c), Const::Expr(e) if e.op == op)
    }
}

// ---- casts ----

#[test]
fn cast_of_poison_and_undef() {
    let mut t = T::new();
    let i64t = t.c().int_ty(64);
    let p = t.c().ptr_ty(0);
    let up = undef(t.c(), p);
    let pp = poison(t.c(), p);
    let r = get_cast(t.c(), Opcode::PtrToInt, pp, i64t);
    assert!(matches!(t.k(r), Const::Poison(_)));
    let r = get_cast(t.c(), Opcode::PtrToInt, up, i64t);
    assert!(matches!(t.k(r), Const::Undef(_)));
    let i8t = t.c().int_ty(8);
    let u8 = undef(t.c(), i8t);
    let r = fold_cast(t.c(), Opcode::ZExt, u8, i64t);
    assert_eq!(r.map(|r| is_null(t.c(), r)), Some(true));
}

#[test]
fn cast_of_null_is_null_but_not_addrspacecast() {
    let mut t = T::new();
    let i64t = t.c().int_ty(64);
    let p1 = t.c().ptr_ty(1);
    let null1 = null_value(t.c(), p1);
    let r = get_cast(t.c(), Opcode::PtrToInt, null1, i64t);
    assert_eq!(t.k(r), &Const::Int(i64t, APInt::zero(64)));
    let zero = t.int(64, 0);
    let p0 = t.c().ptr_ty(0);
    let r = get_cast(t.c(), Opcode::IntToPtr, zero, p0);
    assert_eq!(t.k(r), &Const::Null(p0));
    let r = get_cast(t.c(), Opcode::AddrSpaceCast, null1, p0);
    assert!(t.is_expr_op(r, Opcode::AddrSpaceCast));
}

#[test]
fn cast_pairs() {
    let mut t = T::new();
    // trunc (ptrtoint @g to i64) to i32 -> ptrtoint @g to i32
    let p64 = t.ptr_to_int(64);
    let i32t = t.c().int_ty(32);
    let r = get_cast(t.c(), Opcode::Trunc, p64, i32t);
    let want = t.ptr_to_int(32);
    assert_eq!(r, want);
    // inttoptr (ptrtoint @g) needs the data layout: stays.
    let p0 = t.c().ptr_ty(0);
    let r = get_cast(t.c(), Opcode::IntToPtr, p64, p0);
    assert!(t.is_expr_op(r, Opcode::IntToPtr));
    // addrspacecast (addrspacecast @g to as2) to as0 -> bitcast -> @g
    let p2 = t.c().ptr_ty(2);
    let g = t.g;
    let a = get_cast(t.c(), Opcode::AddrSpaceCast, g, p2);
    let r = get_cast(t.c(), Opcode::AddrSpaceCast, a, p0);
    assert_eq!(r, g);
    // a scalar-to-vector bitcast does not merge with ptrtoint
    let v2 = t.vec_ty(2, i32t, false);
    let r = get_cast(t.c(), Opcode::BitCast, p64, v2);
    assert!(t.is_expr_op(r, Opcode::BitCast));
}

#[test]
fn cast_vectors_elementwise_and_splats() {
    let mut t = T::new();
    let v = t.ivec(32, &[65537, 3]);
    let i16t = t.c().int_ty(16);
    let vt = t.vec_ty(2, i16t, false);
    let r = get_cast(t.c(), Opcode::Trunc, v, vt);
    let want = t.ivec(16, &[1, 3]);
    assert_eq!(r, want);
    // A scalable splat casts as a splat.
    let i32t = t.c().int_ty(32);
    let s32 = t.vec_ty(4, i32t, true);
    let s16 = t.vec_ty(4, i16t, true);
    let e = t.int(32, 65538);
    let sp = splat(t.c(), s32, e);
    let r = get_cast(t.c(), Opcode::Trunc, sp, s16);
    let e16 = t.int(16, 2);
    assert_eq!(t.k(r), &Const::Splat(s16, e16));
}

#[test]
fn bitcasts() {
    let mut t = T::new();
    let f = t.c().float_ty(FloatKind::Float);
    let i32t = t.c().int_ty(32);
    let one = t.int(32, 0x3f80_0000);
    let r = get_cast(t.c(), Opcode::BitCast, one, f);
    assert_eq!(t.k(r), &Const::Float(f, 0x3f80_0000));
    let back = get_cast(t.c(), Opcode::BitCast, r, i32t);
    assert_eq!(back, one);
    // All ones folds whatever the shape.
    let i16t = t.c().int_ty(16);
    let v4 = t.vec_ty(4, i16t, false);
    let m1 = t.ivec(16, &[-1, -1, -1, -1]);
    let i64t = t.c().int_ty(64);
    let r = get_cast(t.c(), Opcode::BitCast, m1, i64t);
    assert_eq!(t.k(r), &Const::Int(i64t, APInt::all_ones(64)));
    // A scalar bitcast to a vector goes through a one-element vector.
    let five = t.int(64, 5);
    let r = get_cast(t.c(), Opcode::BitCast, five, v4);
    let Const::Expr(e) = t.k(r).clone() else { panic!("expected a bitcast expression") };
    let v1 = t.vec_ty(1, i64t, false);
    assert_eq!(t.k(e.operands[0]), &Const::Splat(v1, five));
    // ppc_fp128 does not fold to an integer.
    let ppc = t.c().float_ty(FloatKind::PpcFp128);
    let i128t = t.c().int_ty(128);
    let x = t.c().konst(Const::Float(ppc, 0x3ff0_0000_0000_0000));
    let r = get_cast(t.c(), Opcode::BitCast, x, i128t);
    assert!(t.is_expr_op(r, Opcode::BitCast));
}

// ---- binary operators ----

#[test]
fn binary_integers() {
    let mut t = T::new();
    let (a, b) = (t.int(32, 2), t.int(32, 3));
    let r = get_binary(t.c(), Opcode::Add, a, b, 0);
    assert_eq!(r, t.int(32, 5));
    let (a, b) = (t.int(8, 1), t.int(8, 2));
    let r = get_binary(t.c(), Opcode::Sub, a, b, flags::NSW);
    assert_eq!(r, t.int(8, -1));
    let (a, b) = (t.int(8, 0x0f), t.int(8, -1));
    let r = get_binary(t.c(), Opcode::Xor, a, b, 0);
    assert_eq!(r, t.int(8, 0xf0u8 as i8 as i64));
    let (a, z) = (t.int(8, 7), t.int(8, 0));
    assert_eq!(fold_binary(t.c(), Opcode::UDiv, a, z).map(|r| is_poison(t.c(), r)), Some(true));
    let (m, n1) = (t.int(8, -128), t.int(8, -1));
    assert_eq!(fold_binary(t.c(), Opcode::SDiv, m, n1).map(|r| is_poison(t.c(), r)), Some(true));
    let big = t.int(8, 8);
    assert_eq!(fold_binary(t.c(), Opcode::Shl, a, big).map(|r| is_poison(t.c(), r)), Some(true));
}

#[test]
fn binary_undef_and_poison() {
    let mut t = T::new();
    let i32t = t.c().int_ty(32);
    let u = undef(t.c(), i32t);
    let x = t.ptr_to_int(32);
    let r = get_binary(t.c(), Opcode::Xor, u, u, 0);
    assert!(is_null(t.c(), r));
    let r = get_binary(t.c(), Opcode::Add, u, x, 0);
    assert!(matches!(t.k(r), Const::Undef(_)));
    let p = poison(t.c(), i32t);
    let r = get_binary(t.c(), Opcode::Sub, x, p, 0);
    assert!(is_poison(t.c(), r));
    // Fixed vectors fold lane by lane instead.
    let v2 = t.vec_ty(2, i32t, false);
    let one = t.int(32, 1);
    let uv = {
        let ops = vec![one, u];
        vector(t.c(), v2, ops)
    };
    let twos = t.ivec(32, &[2, 2]);
    let r = get_binary(t.c(), Opcode::Add, uv, twos, 0);
    let three = t.int(32, 3);
    assert_eq!(t.k(r), &Const::Vector(v2, vec![three, u].into_boxed_slice()));
}

#[test]
fn binary_identities_and_commuting() {
    let mut t = T::new();
    let x = t.ptr_to_int(32);
    let z = t.int(32, 0);
    assert_eq!(get_binary(t.c(), Opcode::Add, z, x, 0), x);
    assert_eq!(get_binary(t.c(), Opcode::Sub, x, z, 0), x);
    let r = get_binary(t.c(), Opcode::Sub, z, x, 0);
    assert!(t.is_expr_op(r, Opcode::Sub));
    // A constant integer on the left of add moves right, and the flags go.
    let one = t.int(32, 1);
    let r = get_binary(t.c(), Opcode::Add, one, x, flags::NSW);
    let Const::Expr(e) = t.k(r).clone() else { panic!("expected an add") };
    assert_eq!((e.operands[0], e.operands[1], e.flags), (x, one, 0));
    // x ^ x is not folded by LLVM.
    let r = get_binary(t.c(), Opcode::Xor, x, x, 0);
    assert!(t.is_expr_op(r, Opcode::Xor));
}

#[test]
fn binary_reassociation() {
    let mut t = T::new();
    let x = t.ptr_to_int(32);
    let (one, two) = (t.int(32, 1), t.int(32, 2));
    let inner = get_binary(t.c(), Opcode::Add, x, one, 0);
    let r = get_binary(t.c(), Opcode::Add, inner, two, 0);
    let Const::Expr(e) = t.k(r).clone() else { panic!("expected an add") };
    assert_eq!((e.operands[0], e.operands[1]), (x, t.int(32, 3)));
    // sub is not associative.
    let inner = get_binary(t.c(), Opcode::Sub, x, one, 0);
    let r = get_binary(t.c(), Opcode::Sub, inner, two, 0);
    let Const::Expr(e) = t.k(r).clone() else { panic!("expected a sub") };
    assert_eq!(e.operands[0], inner);
    // (x ^ -1) ^ (y ^ -1) -> x ^ y
    let m1 = t.int(32, -1);
    let y = get_binary(t.c(), Opcode::Add, x, one, 0);
    let nx = get_binary(t.c(), Opcode::Xor, x, m1, 0);
    let ny = get_binary(t.c(), Opcode::Xor, y, m1, 0);
    let r = get_binary(t.c(), Opcode::Xor, nx, ny, 0);
    let Const::Expr(e) = t.k(r).clone() else { panic!("expected a xor") };
    assert_eq!((e.op, e.operands[0], e.operands[1]), (Opcode::Xor, x, y));
}

#[test]
fn binary_i1_and_vectors() {
    let mut t = T::new();
    let b = t.ptr_to_int(1);
    let tr = t.int(1, -1);
    let r = get_binary(t.c(), Opcode::Add, b, tr, 0);
    assert!(t.is_expr_op(r, Opcode::Xor));
    let i32t = t.c().int_ty(32);
    let s = t.vec_ty(2, i32t, true);
    let (one, two) = (t.int(32, 1), t.int(32, 2));
    let (a, b) = (splat(t.c(), s, one), splat(t.c(), s, two));
    let r = get_binary(t.c(), Opcode::Add, a, b, 0);
    let three = t.int(32, 3);
    assert_eq!(t.k(r), &Const::Splat(s, three));
    let (a, b) = (t.ivec(32, &[1, 2]), t.ivec(32, &[3, 4]));
    let r = get_binary(t.c(), Opcode::Sub, a, b, 0);
    assert_eq!(r, t.ivec(32, &[-2, -2]));
}

// ---- getelementptr ----

fn gep_info(src: TypeId) -> GepInfo {
    GepInfo { source_ty: src, flags: 0, inrange: None }
}

#[test]
fn gep_folds() {
    let mut t = T::new();
    let i8t = t.c().int_ty(8);
    let p = t.c().ptr_ty(0);
    let g = t.g;
    let (z, one) = (t.int(64, 0), t.int(64, 1));
    assert_eq!(get_gep(t.c(), &gep_info(i8t), g, &[]), g);
    assert_eq!(get_gep(t.c(), &gep_info(i8t), g, &[z]), g);
    let pp = poison(t.c(), p);
    let r = get_gep(t.c(), &gep_info(i8t), pp, &[one]);
    assert!(is_poison(t.c(), r));
    let i64t = t.c().int_ty(64);
    let u = undef(t.c(), i64t);
    assert_eq!(get_gep(t.c(), &gep_info(i8t), g, &[u]), g);
    // inrange keeps the expression.
    let ir = GepInfo { source_ty: i8t, flags: 0, inrange: Some((APInt::from_i64(64, -4), APInt::from_i64(64, 4))) };
    let r = get_gep(t.c(), &ir, g, &[z]);
    assert!(t.is_expr_op(r, Opcode::GetElementPtr));
    // All-zero vector indices splat the base.
    let i64t = t.c().int_ty(64);
    let v2 = t.vec_ty(2, i64t, false);
    let zv = t.c().konst(Const::Zero(v2));
    let r = get_gep(t.c(), &gep_info(i8t), g, &[zv]);
    let pv = t.vec_ty(2, p, false);
    assert_eq!(t.k(r), &Const::Splat(pv, g));
}

#[test]
fn gep_vector_indices_are_canonical() {
    let mut t = T::new();
    let i16t = t.c().int_ty(16);
    let i32t = t.c().int_ty(32);
    let p = t.c().ptr_ty(0);
    let pv = t.vec_ty(2, p, false);
    let base = t.c().konst(Const::Zero(pv));
    let three = t.int(32, 3);
    let r = get_gep(t.c(), &gep_info(i16t), base, &[three]);
    let Const::Expr(e) = t.k(r).clone() else { panic!("expected a gep") };
    let v2 = t.vec_ty(2, i32t, false);
    assert_eq!(t.k(e.operands[1]), &Const::Splat(v2, three));
    // A vector index into a struct becomes its splat value.
    let st = t.ty(Type::Struct { packed: false, elems: smallvec::smallvec![i32t, i16t] });
    let g = t.g;
    let one = t.int(32, 1);
    let ones = splat(t.c(), v2, one);
    let idx0 = t.ivec(32, &[0, 1]);
    let r = get_gep(t.c(), &gep_info(st), g, &[idx0, ones]);
    let Const::Expr(e) = t.k(r).clone() else { panic!("expected a gep") };
    assert_eq!(e.operands[2], one);
    assert_eq!(e.ty, pv);
}

// ---- vectors ----

#[test]
fn extract_element() {
    let mut t = T::new();
    let v = t.ivec(32, &[1, 2, 3, 4]);
    let i = t.int(32, 2);
    assert_eq!(get_extract_element(t.c(), v, i), t.int(32, 3));
    let out = t.int(32, 4);
    let r = get_extract_element(t.c(), v, out);
    assert!(is_poison(t.c(), r));
    let i32t = t.c().int_ty(32);
    let ui = undef(t.c(), i32t);
    let r = get_extract_element(t.c(), v, ui);
    assert!(is_poison(t.c(), r));
    // Scalable: zero and splats fold below the minimum length only.
    let i8t = t.c().int_ty(8);
    let s = t.vec_ty(16, i8t, true);
    let z = t.c().konst(Const::Zero(s));
    let i15 = t.int(64, 15);
    let r = get_extract_element(t.c(), z, i15);
    assert_eq!(r, t.int(8, 0));
    let i16 = t.int(64, 16);
    let r = get_extract_element(t.c(), z, i16);
    assert!(t.is_expr_op(r, Opcode::ExtractElement));
    // Of an insertelement at a constant index.
    let x = t.ptr_to_int(8);
    let ins = get_insert_element(t.c(), z, x, i15);
    assert!(t.is_expr_op(ins, Opcode::InsertElement));
    assert_eq!(get_extract_element(t.c(), ins, i15), x);
    let i3 = t.int(32, 3);
    assert_eq!(get_extract_element(t.c(), ins, i3), t.int(8, 0));
}

#[test]
fn extract_element_of_vector_gep() {
    let mut t = T::new();
    let i32t = t.c().int_ty(32);
    let arr = t.ty(Type::Array(21, i32t));
    let g = t.g;
    let zv = t.ivec(32, &[0, 0, 0, 0]);
    let idx = t.ivec(32, &[1, 2, 3, 17]);
    let gep = get_gep(t.c(), &GepInfo { source_ty: arr, flags: flags::INBOUNDS, inrange: None }, g, &[zv, idx]);
    let three = t.int(32, 3);
    let r = get_extract_element(t.c(), gep, three);
    let Const::Expr(e) = t.k(r).clone() else { panic!("expected a gep") };
    assert_eq!(e.op, Opcode::GetElementPtr);
    assert_eq!(e.flags, flags::INBOUNDS);
    assert_eq!(&e.operands[..], &[g, t.int(32, 0), t.int(32, 17)]);
}

#[test]
fn insert_element() {
    let mut t = T::new();
    let v = t.ivec(32, &[1, 2, 3, 4]);
    let (x, i) = (t.int(32, 9), t.int(32, 1));
    let r = get_insert_element(t.c(), v, x, i);
    assert_eq!(r, t.ivec(32, &[1, 9, 3, 4]));
    let i9 = t.int(32, 9);
    let r = get_insert_element(t.c(), v, x, i9);
    assert!(is_poison(t.c(), r));
    let i64t = t.c().int_ty(64);
    let u = undef(t.c(), i64t);
    let r = get_insert_element(t.c(), v, x, u);
    assert!(is_poison(t.c(), r));
    let i32t = t.c().int_ty(32);
    let s = t.vec_ty(4, i32t, true);
    let z = t.c().konst(Const::Zero(s));
    let zero = t.int(32, 0);
    assert_eq!(get_insert_element(t.c(), z, zero, i9), z);
    let r = get_insert_element(t.c(), z, x, i);
    assert!(t.is_expr_op(r, Opcode::InsertElement));
}

#[test]
fn shuffle_vector() {
    let mut t = T::new();
    let (a, b) = (t.ivec(32, &[1, 2, 3, 4]), t.ivec(32, &[5, 6, 7, 8]));
    let i32t = t.c().int_ty(32);
    let mask = {
        let (l7, l0, l4) = (t.int(32, 7), t.int(32, 0), t.int(32, 4));
        let u = undef(t.c(), i32t);
        let mt = t.vec_ty(4, i32t, false);
        t.c().konst(Const::Vector(mt, vec![l7, l0, u, l4].into_boxed_slice()))
    };
    let r = get_shuffle_vector(t.c(), a, b, mask);
    let u = undef(t.c(), i32t);
    let v4 = t.vec_ty(4, i32t, false);
    let want = vec![t.int(32, 8), t.int(32, 1), u, t.int(32, 5)].into_boxed_slice();
    assert_eq!(t.k(r), &Const::Vector(v4, want));
    let m2 = t.vec_ty(2, i32t, false);
    let pm = poison(t.c(), m2);
    let r = get_shuffle_vector(t.c(), a, b, pm);
    assert!(is_poison(t.c(), r));
    let zm = t.c().konst(Const::Zero(m2));
    let r = get_shuffle_vector(t.c(), a, b, zm);
    let v2 = t.vec_ty(2, i32t, false);
    let one = t.int(32, 1);
    assert_eq!(t.k(r), &Const::Splat(v2, one));
}

#[test]
fn scalable_splat_shuffles() {
    let mut t = T::new();
    let i8t = t.c().int_ty(8);
    let i32t = t.c().int_ty(32);
    let s = t.vec_ty(16, i8t, true);
    let ms = t.vec_ty(16, i32t, true);
    let u = undef(t.c(), s);
    let (three, zero) = (t.int(8, 3), t.int(32, 0));
    let ins = get_insert_element(t.c(), u, three, zero);
    let mask = t.c().konst(Const::Zero(ms));
    let r = get_shuffle_vector(t.c(), ins, u, mask);
    assert_eq!(t.k(r), &Const::Splat(s, three));
    // Inserting at lane 1 splats lane 0: undef.
    let one = t.int(32, 1);
    let ins1 = get_insert_element(t.c(), u, three, one);
    let r = get_shuffle_vector(t.c(), ins1, u, mask);
    assert!(matches!(t.k(r), Const::Undef(_)));
    // A scalable splat of a pointer is LLVM's shufflevector expression.
    let p = t.c().ptr_ty(0);
    let sp = t.vec_ty(2, p, true);
    let g = t.g;
    let r = splat(t.c(), sp, g);
    assert!(t.is_expr_op(r, Opcode::ShuffleVector));
    assert_eq!(splat_value(t.c(), r), Some(g));
}

// ---- aggregates ----

#[test]
fn aggregates() {
    let mut t = T::new();
    let i8t = t.c().int_ty(8);
    let i32t = t.c().int_ty(32);
    let at = t.ty(Type::Array(2, i8t));
    let (a, b) = (t.int(8, 65), t.int(8, 66));
    let r = array(t.c(), at, vec![a, b]);
    assert_eq!(t.k(r), &Const::Bytes(at, Box::from(&b"AB"[..])));
    let z = t.int(8, 0);
    let r = array(t.c(), at, vec![z, z]);
    assert!(matches!(t.k(r), Const::Zero(_)));
    let st = t.ty(Type::Struct { packed: false, elems: smallvec::smallvec![i32t, i8t] });
    let (u32v, u8v, p8) = (undef(t.c(), i32t), undef(t.c(), i8t), poison(t.c(), i8t));
    let r = structure(t.c(), st, vec![u32v, u8v]);
    assert!(matches!(t.k(r), Const::Undef(_)));
    let r = structure(t.c(), st, vec![u32v, p8]);
    assert!(matches!(t.k(r), Const::Struct(..)));
    let vt = t.vec_ty(3, i8t, false);
    let r = vector(t.c(), vt, vec![a, a, a]);
    assert_eq!(t.k(r), &Const::Splat(vt, a));
    let r = vector(t.c(), vt, vec![p8, p8, p8]);
    assert!(is_poison(t.c(), r));
}

#[test]
fn fold_expr_dispatches() {
    let mut t = T::new();
    let i32t = t.c().int_ty(32);
    let (a, b) = (t.int(32, 2), t.int(32, 3));
    let r = fold_expr(t.c(), expr(Opcode::Add, i32t, 0, &[a, b]));
    assert_eq!(r, t.int(32, 5));
    let x = t.ptr_to_int(32);
    let r = fold_expr(t.c(), expr(Opcode::Add, i32t, flags::NUW, &[x, b]));
    let Const::Expr(e) = t.k(r).clone() else { panic!("expected an add") };
    assert_eq!(e.flags, flags::NUW);
}

#[test]
fn cast_validity() {
    let mut t = T::new();
    let i32t = t.c().int_ty(32);
    let i64t = t.c().int_ty(64);
    let p0 = t.c().ptr_ty(0);
    let p1 = t.c().ptr_ty(1);
    let f = t.c().float_ty(FloatKind::Float);
    let v1p = t.vec_ty(1, p0, false);
    let v2i = t.vec_ty(2, i32t, false);
    let s1 = t.vec_ty(1, i64t, true);
    let s2 = t.vec_ty(2, i32t, true);
    let c = &t.m.ctx;
    assert!(cast_is_valid(c, Opcode::Trunc, i64t, i32t));
    assert!(!cast_is_valid(c, Opcode::Trunc, i32t, i64t));
    assert!(!cast_is_valid(c, Opcode::Trunc, i32t, p0));
    assert!(cast_is_valid(c, Opcode::BitCast, i32t, f));
    assert!(cast_is_valid(c, Opcode::BitCast, v2i, i64t));
    assert!(!cast_is_valid(c, Opcode::BitCast, i32t, p0));
    assert!(!cast_is_valid(c, Opcode::BitCast, p0, p1));
    assert!(cast_is_valid(c, Opcode::BitCast, p0, v1p));
    assert!(cast_is_valid(c, Opcode::BitCast, s1, s2));
    assert!(!cast_is_valid(c, Opcode::BitCast, s1, v2i));
    assert!(cast_is_valid(c, Opcode::AddrSpaceCast, p0, p1));
    assert!(!cast_is_valid(c, Opcode::AddrSpaceCast, p0, p0));
    assert!(cast_is_valid(c, Opcode::PtrToInt, p1, i32t));
    assert!(!cast_is_valid(c, Opcode::PtrToInt, v1p, i64t));
    assert!(cast_is_valid(c, Opcode::IntToPtr, i64t, p0));
}

#[test]
fn gep_indexed_types() {
    let mut t = T::new();
    let i8t = t.c().int_ty(8);
    let i32t = t.c().int_ty(32);
    let st = t.ty(Type::Struct { packed: false, elems: smallvec::smallvec![i32t, i8t] });
    let (z, one32, one64, two32) = (t.int(64, 0), t.int(32, 1), t.int(64, 1), t.int(32, 2));
    assert_eq!(gep_indexed_type(t.c(), st, &[z, one32]), Some(i8t));
    assert_eq!(gep_indexed_type(t.c(), st, &[z, one64]), None);
    assert_eq!(gep_indexed_type(t.c(), st, &[z, two32]), None);
    assert_eq!(gep_indexed_type(t.c(), i32t, &[z, one32]), None);
    let v2 = t.vec_ty(2, i32t, false);
    let ones = splat(t.c(), v2, one32);
    assert_eq!(gep_indexed_type(t.c(), st, &[z, ones]), Some(i8t));
    let mixed = t.ivec(32, &[0, 1]);
    assert_eq!(gep_indexed_type(t.c(), st, &[z, mixed]), None);
}

/// An invalid FP operation of non-NaN constants folds to APFloat's default NaN (positive, quiet,
/// no payload: `splat (float 0x7FF8000000000000)` for `fdiv` of zeros in llvm-as-22); NaN
/// operands are left alone.
#[test]
fn fp_binary_invalid_operations_give_the_default_nan() {
    let mut t = T::new();
    let f = t.c().float_ty(FloatKind::Float);
    let d = t.c().float_ty(FloatKind::Double);
    let fz = t.c().konst(Const::Float(f, 0));
    let r = fold_fp_binary(t.c(), Opcode::FDiv, fz, fz).expect("folds");
    assert_eq!(t.k(r), &Const::Float(f, 0x7fc0_0000));
    let inf = t.c().konst(Const::Float(d, 0x7ff0_0000_0000_0000));
    let r = fold_fp_binary(t.c(), Opcode::FSub, inf, inf).expect("folds");
    assert_eq!(t.k(r), &Const::Float(d, 0x7ff8_0000_0000_0000));
    let dz = t.c().konst(Const::Float(d, 0));
    let r = fold_fp_binary(t.c(), Opcode::FMul, dz, inf).expect("folds");
    assert_eq!(t.k(r), &Const::Float(d, 0x7ff8_0000_0000_0000));
    let nan = t.c().konst(Const::Float(d, 0xfff8_0000_0000_0001));
    assert_eq!(fold_fp_binary(t.c(), Opcode::FAdd, nan, dz), None);
}

#[test]
fn fptrunc_to_half_and_bfloat_rounds_to_nearest_even() {
    let mut t = T::new();
    let d = t.c().float_ty(FloatKind::Double);
    let h = t.c().float_ty(FloatKind::Half);
    let bf = t.c().float_ty(FloatKind::BFloat);
    let cases: &[(f64, TypeId, u128)] = &[
        (1.5, bf, 0x3FC0),
        (1.0 + 1.0 / 256.0, bf, 0x3F80),
        (1.0 + 3.0 / 256.0, bf, 0x3F82),
        (-2.0, bf, 0xC000),
        (65504.0, h, 0x7BFF),
        (65520.0, h, 0x7C00),
        (3e-8, h, 0x0001),
        (1e-9, h, 0x0000),
        (-0.0, h, 0x8000),
        (f64::INFINITY, bf, 0x7F80),
    ];
    for &(v, ty, want) in cases {
        let c = t.c().konst(Const::Float(d, v.to_bits() as u128));
        let r = fold_fp_cast(t.c(), Opcode::FPTrunc, c, ty);
        assert_eq!(r.map(|r| t.k(r).clone()), Some(Const::Float(ty, want)), "{v}");
    }
}

#[test]
fn fp_casts_of_nan_keep_the_payload_quiet() {
    let mut t = T::new();
    let f = t.c().float_ty(FloatKind::Float);
    let d = t.c().float_ty(FloatKind::Double);
    let bf = t.c().float_ty(FloatKind::BFloat);
    let qnan = t.c().konst(Const::Float(f, 0x7FC0_0000));
    let r = fold_fp_cast(t.c(), Opcode::FPTrunc, qnan, bf);
    assert_eq!(r.map(|r| t.k(r).clone()), Some(Const::Float(bf, 0x7FC0)));
    let snan = t.c().konst(Const::Float(f, 0xFF80_0001));
    let r = fold_fp_cast(t.c(), Opcode::FPExt, snan, d);
    assert_eq!(r.map(|r| t.k(r).clone()), Some(Const::Float(d, 0xFFF8_0000_2000_0000)));
}
