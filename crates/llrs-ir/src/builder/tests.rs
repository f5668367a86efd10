//! One test per check of the builder: each builds the mistake and expects the error.

use super::{BuildError, BuildErrorKind as K, FunctionBuilder};
use crate::function::BlockId;
use crate::instructions::{flags, Clause, CmpPred, Opcode, Ordering};
use crate::module::{GlobalId, Module};
use crate::types::{FloatKind, Type};
use crate::value::Value;
use crate::Const;

/// A module with `define i32 @f(i32, i64, double, ptr, <4 x i32>, { i32, double })` and
/// `declare i32 @g(i32, i32)`, `declare void @v(ptr, ...)`.
fn module() -> (Module, GlobalId, GlobalId, GlobalId) {
    let mut m = Module::new();
    let c = &mut m.ctx;
    let (void, i32t, i64t, ptr) = (c.void_ty(), c.int_ty(32), c.int_ty(64), c.ptr_ty(0));
    let f64t = c.float_ty(FloatKind::Double);
    let v4 = c.ty(Type::Vector { scalable: false, len: 4, elem: i32t });
    let pair = c.ty(Type::Struct { packed: false, elems: [i32t, f64t].into_iter().collect() });
    let fty = c.fn_ty(i32t, &[i32t, i64t, f64t, ptr, v4, pair], false);
    let gty = c.fn_ty(i32t, &[i32t, i32t], false);
    let vty = c.fn_ty(void, &[ptr], true);
    let f = m.add_function("f", fty);
    let g = m.add_function("g", gty);
    let v = m.add_function("v", vty);
    (m, f, g, v)
}

const X32: Value = Value::Arg(0);
const X64: Value = Value::Arg(1);
const D: Value = Value::Arg(2);
const P: Value = Value::Arg(3);
const V4: Value = Value::Arg(4);
const PAIR: Value = Value::Arg(5);

/// Runs `build` in the entry block of `@f` and returns its error.
fn fails(build: impl FnOnce(&mut FunctionBuilder<'_>, [GlobalId; 2]) -> Result<Value, BuildError>) -> BuildError {
    let (mut m, f, g, v) = module();
    let mut b = FunctionBuilder::new(&mut m, f).expect("a function");
    let entry = b.create_block(Some("entry"));
    b.position_at_end(entry);
    match build(&mut b, [g, v]) {
        Ok(v) => panic!("built {v:?}"),
        Err(e) => e,
    }
}

fn msg(e: BuildError) -> String {
    e.to_string()
}

#[test]
fn binop_operand_types_must_match() {
    let e = fails(|b, _| b.binop(Opcode::Add, X32, X64, 0, None));
    assert_eq!(msg(e), "add: operand types differ: i32 and i64");
}

#[test]
fn integer_binop_needs_integers() {
    let e = fails(|b, _| b.binop(Opcode::Add, D, D, 0, None));
    assert_eq!(msg(e), "add: operand must be an integer or a vector of integers, got double");
}

#[test]
fn fp_binop_needs_floating_point() {
    let e = fails(|b, _| b.binop(Opcode::FAdd, X32, X32, 0, None));
    assert!(matches!(e.kind, K::WrongType { .. }), "{e}");
}

#[test]
fn binop_flags_are_checked() {
    let e = fails(|b, _| b.binop(Opcode::UDiv, X32, X32, flags::NSW, None));
    assert_eq!(e.kind, K::InvalidFlags(flags::NSW));
}

#[test]
fn binop_needs_a_binary_opcode() {
    let e = fails(|b, _| b.binop(Opcode::Load, X32, X32, 0, None));
    assert_eq!(msg(e), "load: not a binary operator");
}

#[test]
fn fneg_needs_floating_point() {
    let e = fails(|b, _| b.fneg(X32, None));
    assert_eq!(msg(e), "fneg: operand must be floating point or a vector of floating point, got i32");
}

#[test]
fn icmp_needs_integers_or_pointers_and_an_integer_predicate() {
    assert!(matches!(fails(|b, _| b.icmp(CmpPred::Eq, D, D, None)).kind, K::WrongType { .. }));
    assert_eq!(msg(fails(|b, _| b.icmp(CmpPred::FOeq, X32, X32, None))), "icmp: oeq is not an icmp predicate");
    assert!(matches!(fails(|b, _| b.icmp(CmpPred::Eq, X32, X64, None)).kind, K::TypesDiffer { .. }));
}

#[test]
fn fcmp_needs_floating_point_and_an_fp_predicate() {
    assert!(matches!(fails(|b, _| b.fcmp(CmpPred::FOeq, X32, X32, None)).kind, K::WrongType { .. }));
    assert_eq!(msg(fails(|b, _| b.fcmp(CmpPred::Slt, D, D, None))), "fcmp: slt is not an fcmp predicate");
}

#[test]
fn select_condition_is_i1_and_arms_match() {
    assert_eq!(
        msg(fails(|b, _| b.select(X32, X32, X32, None))),
        "select: condition must be i1 or a vector of i1, got i32"
    );
    let e = fails(|b, _| {
        let t = b.icmp(CmpPred::Eq, X32, X32, None)?;
        b.select(t, X32, X64, None)
    });
    assert!(matches!(e.kind, K::TypesDiffer { .. }));
    let e = fails(|b, _| {
        let t = b.icmp(CmpPred::Eq, V4, V4, None)?;
        b.select(t, X32, X32, None)
    });
    assert!(matches!(e.kind, K::WrongType { .. }), "a vector condition needs vector arms: {e}");
}

#[test]
fn casts_must_be_valid() {
    let e = fails(|b, _| {
        let i64t = b.module().ctx.int_ty(64);
        b.cast(Opcode::Trunc, X32, i64t, None)
    });
    assert_eq!(msg(e), "trunc: invalid cast from i32 to i64");
    let e = fails(|b, _| {
        let i64t = b.module().ctx.int_ty(64);
        b.cast(Opcode::BitCast, X32, i64t, None)
    });
    assert!(matches!(e.kind, K::InvalidCast { .. }));
    let e = fails(|b, _| {
        let i8t = b.module().ctx.int_ty(8);
        b.cast_with_flags(Opcode::Trunc, X32, i8t, flags::NNEG, None)
    });
    assert_eq!(e.kind, K::InvalidFlags(flags::NNEG));
}

#[test]
fn load_needs_a_pointer_and_a_sized_type() {
    let e = fails(|b, _| {
        let i32t = b.module().ctx.int_ty(32);
        b.load(i32t, X32, 4, None)
    });
    assert_eq!(msg(e), "load: pointer operand must be a pointer, got i32");
    let e = fails(|b, _| {
        let void = b.module().ctx.void_ty();
        b.load(void, P, 4, None)
    });
    assert!(matches!(e.kind, K::WrongType { .. }));
}

#[test]
fn store_needs_a_pointer() {
    assert!(matches!(fails(|b, _| b.store(X32, X64, 4)).kind, K::WrongType { .. }));
}

#[test]
fn atomic_orderings_are_checked() {
    let e = fails(|b, _| {
        let i32t = b.module().ctx.int_ty(32);
        b.load_atomic(i32t, P, Ordering::Release, 4, None)
    });
    assert_eq!(msg(e), "load atomic: the ordering cannot be release");
    assert!(matches!(fails(|b, _| b.store_atomic(X32, P, Ordering::Acquire, 4)).kind, K::InvalidOrdering(_)));
    assert!(matches!(fails(|b, _| b.fence(Ordering::Monotonic)).kind, K::InvalidOrdering(_)));
    let e = fails(|b, _| b.cmpxchg(P, X32, X32, Ordering::SeqCst, Ordering::Release, None));
    assert_eq!(msg(e), "cmpxchg: the failure ordering cannot be release");
    let e = fails(|b, _| b.cmpxchg(P, X32, X32, Ordering::Unordered, Ordering::Monotonic, None));
    assert!(matches!(e.kind, K::InvalidOrdering(_)));
    assert!(matches!(fails(|b, _| b.atomicrmw("add", P, X32, Ordering::Unordered, None)).kind, K::InvalidOrdering(_)));
}

#[test]
fn atomic_types_are_checked() {
    let e = fails(|b, _| b.cmpxchg(P, X32, X64, Ordering::SeqCst, Ordering::SeqCst, None));
    assert!(matches!(e.kind, K::TypesDiffer { .. }));
    let e = fails(|b, _| b.cmpxchg(P, D, D, Ordering::SeqCst, Ordering::SeqCst, None));
    assert_eq!(msg(e), "cmpxchg: operand must be an integer or a pointer, got double");
    let e = fails(|b, _| b.atomicrmw("fadd", P, X32, Ordering::SeqCst, None));
    assert_eq!(msg(e), "atomicrmw fadd: operand must be floating point, got i32");
    let e = fails(|b, _| b.atomicrmw("add", P, D, Ordering::SeqCst, None));
    assert!(matches!(e.kind, K::WrongType { .. }));
    assert!(matches!(fails(|b, _| b.atomicrmw("frob", P, X32, Ordering::SeqCst, None)).kind, K::Other(_)));
    let e = fails(|b, _| {
        let i1 = b.module().ctx.int_ty(1);
        b.load_atomic(i1, P, Ordering::Acquire, 1, None)
    });
    assert_eq!(msg(e), "load atomic: operand must be a power-of-two byte-sized type, got i1");
}

#[test]
fn gep_indices_are_checked() {
    let e = fails(|b, _| {
        let i32t = b.module().ctx.int_ty(32);
        b.gep(i32t, P, &[D], false, None)
    });
    assert_eq!(msg(e), "getelementptr: index must be an integer or a vector of integers, got double");
    let e = fails(|b, _| {
        let i32t = b.module().ctx.int_ty(32);
        b.gep(i32t, X32, &[X32], false, None)
    });
    assert!(matches!(e.kind, K::WrongType { .. }));
    // A struct field needs a constant i32 in range.
    let e = fails(|b, _| {
        let pair_ty = b.type_of(PAIR)?;
        let zero = {
            let t = b.module().ctx.int_ty(32);
            b.const_int(t, 0)
        }?;
        b.gep(pair_ty, P, &[zero, X32], false, None)
    });
    assert!(matches!(e.kind, K::InvalidIndices(_)), "{e}");
    let e = fails(|b, _| {
        let pair_ty = b.type_of(PAIR)?;
        let i32t = b.module().ctx.int_ty(32);
        let (zero, two) = (b.const_int(i32t, 0)?, b.const_int(i32t, 2)?);
        b.gep(pair_ty, P, &[zero, two], false, None)
    });
    assert!(matches!(e.kind, K::InvalidIndices(_)), "{e}");
}

#[test]
fn phi_incoming_types_match() {
    let e = fails(|b, _| {
        let i32t = b.module().ctx.int_ty(32);
        let other = b.create_block(None);
        b.phi(i32t, &[(X64, other)], None)
    });
    assert_eq!(msg(e), "phi: operand types differ: i32 and i64");
}

#[test]
fn add_incoming_is_checked() {
    let (mut m, f, _, _) = module();
    let mut b = FunctionBuilder::new(&mut m, f).unwrap();
    let entry = b.create_block(None);
    b.position_at_end(entry);
    let i32t = b.module().ctx.int_ty(32);
    let phi = b.phi(i32t, &[], None).unwrap();
    assert!(b.add_incoming(phi, X64, entry).is_err());
    assert!(b.add_incoming(X32, X32, entry).is_err(), "not a phi");
    b.add_incoming(phi, X32, entry).unwrap();
    assert_eq!(b.operands(phi).as_slice(), &[X32]);
}

#[test]
fn call_argument_count_and_types() {
    let e = fails(|b, [g, _]| b.call(g, &[X32], None));
    assert_eq!(msg(e), "call @g: expected 2 arguments, got 1");
    let e = fails(|b, [g, _]| b.call(g, &[X32, X64], None));
    assert_eq!(msg(e), "call @g: argument 1 must be i32, got i64");
    let e = fails(|b, [_, v]| b.call(v, &[], None));
    assert_eq!(msg(e), "call @v: expected at least 1 argument, got 0");
}

#[test]
fn varargs_calls_take_more_arguments() {
    let (mut m, f, _, v) = module();
    let mut b = FunctionBuilder::new(&mut m, f).unwrap();
    let entry = b.create_block(None);
    b.position_at_end(entry);
    let call = b.call(v, &[P, X32, D], Some("ignored")).unwrap();
    let Value::Inst(i) = call else { panic!() };
    assert_eq!(b.module().body_mut(f).insts[i].name, None, "a void call has no name");
}

#[test]
fn indirect_calls_need_a_pointer_and_a_function_type() {
    let e = fails(|b, _| {
        let i32t = b.module().ctx.int_ty(32);
        b.call_indirect(i32t, P, &[], None)
    });
    assert_eq!(msg(e), "call: callee type must be a function type, got i32");
    let e = fails(|b, _| {
        let i32t = b.module().ctx.int_ty(32);
        let fty = b.module().ctx.fn_ty(i32t, &[], false);
        b.call_indirect(fty, X32, &[], None)
    });
    assert_eq!(msg(e), "call: callee must be a pointer, got i32");
}

#[test]
fn call_of_a_variable_is_refused() {
    let (mut m, f, _, _) = module();
    let i32t = m.ctx.int_ty(32);
    let var = m.add_var("x", i32t, None);
    let mut b = FunctionBuilder::new(&mut m, f).unwrap();
    let entry = b.create_block(None);
    b.position_at_end(entry);
    assert_eq!(msg(b.call(var, &[], None).unwrap_err()), "call @x: the callee is not a function");
}

#[test]
fn ret_matches_the_function() {
    assert_eq!(msg(fails(|b, _| b.ret(Some(X64)))), "ret: the function returns i32, got i64");
    assert_eq!(msg(fails(|b, _| b.ret(None))), "ret: the function returns i32, got void");
}

#[test]
fn br_condition_is_i1() {
    let e = fails(|b, _| {
        let t = b.create_block(None);
        b.cond_br(X32, t, t)
    });
    assert_eq!(msg(e), "br: condition must be i1, got i32");
}

#[test]
fn switch_cases_are_distinct_constants_of_the_condition_type() {
    let e = fails(|b, _| {
        let d = b.create_block(None);
        b.switch(D, d, &[])
    });
    assert!(matches!(e.kind, K::WrongType { .. }));
    let e = fails(|b, _| {
        let d = b.create_block(None);
        let c = {
            let t = b.module().ctx.int_ty(64);
            b.const_int(t, 1)
        }?;
        b.switch(X32, d, &[(c, d)])
    });
    assert!(matches!(e.kind, K::TypesDiffer { .. }));
    let e = fails(|b, _| {
        let d = b.create_block(None);
        b.switch(X32, d, &[(X32, d)])
    });
    assert_eq!(msg(e), "switch: a case value must be an integer constant");
    let e = fails(|b, _| {
        let d = b.create_block(None);
        let c = {
            let t = b.module().ctx.int_ty(32);
            b.const_int(t, 1)
        }?;
        b.switch(X32, d, &[(c, d), (c, d)])
    });
    assert_eq!(msg(e), "switch: duplicate case value");
}

#[test]
fn indirectbr_needs_a_pointer() {
    assert!(matches!(fails(|b, _| b.indirectbr(X32, &[])).kind, K::WrongType { .. }));
}

#[test]
fn invoke_is_checked_as_a_call() {
    let e = fails(|b, [g, _]| {
        let n = b.create_block(None);
        b.invoke(g, &[X32], n, n, None)
    });
    assert_eq!(msg(e), "invoke @g: expected 2 arguments, got 1");
    let e = fails(|b, [g, _]| b.invoke(g, &[X32, X32], BlockId(99), BlockId(99), None));
    assert!(matches!(e.kind, K::InvalidValue(_)));
}

#[test]
fn landingpad_clauses_are_checked() {
    let e = fails(|b, _| {
        let ty = b.type_of(PAIR)?;
        b.landingpad(ty, false, &[], None)
    });
    assert!(matches!(e.kind, K::Other(_)));
    let e = fails(|b, _| {
        let ty = b.type_of(PAIR)?;
        let one = {
            let t = b.module().ctx.int_ty(32);
            b.const_int(t, 1)
        }?;
        b.landingpad(ty, false, &[Clause::Catch(one)], None)
    });
    assert_eq!(msg(e), "landingpad: catch clause must be a pointer, got i32");
}

#[test]
fn aggregate_indices_are_checked() {
    let e = fails(|b, _| b.extract_value(PAIR, &[2], None));
    assert_eq!(msg(e), "extractvalue: indices [2] are not valid for { i32, double }");
    assert!(matches!(fails(|b, _| b.extract_value(X32, &[0], None)).kind, K::WrongType { .. }));
    assert!(matches!(fails(|b, _| b.extract_value(PAIR, &[], None)).kind, K::InvalidIndices(_)));
    let e = fails(|b, _| b.insert_value(PAIR, X32, &[1], None));
    assert_eq!(msg(e), "insertvalue: operand types differ: double and i32");
}

#[test]
fn vector_operations_are_checked() {
    assert!(matches!(fails(|b, _| b.extract_element(X32, X32, None)).kind, K::WrongType { .. }));
    assert!(matches!(fails(|b, _| b.extract_element(V4, D, None)).kind, K::WrongType { .. }));
    assert!(matches!(fails(|b, _| b.insert_element(V4, X64, X32, None)).kind, K::TypesDiffer { .. }));
    let e = fails(|b, _| b.shuffle_vector(V4, V4, &[0, 8], None));
    assert_eq!(msg(e), "shufflevector: mask element 8 is out of range");
    assert!(matches!(fails(|b, _| b.shuffle_vector(V4, X32, &[0], None)).kind, K::TypesDiffer { .. }));
}

#[test]
fn va_arg_and_freeze_are_checked() {
    let e = fails(|b, _| {
        let i32t = b.module().ctx.int_ty(32);
        b.va_arg(X32, i32t, None)
    });
    assert!(matches!(e.kind, K::WrongType { .. }));
    assert!(matches!(fails(|b, _| b.freeze(Value::Block(BlockId(0)), None)).kind, K::WrongType { .. }));
}

#[test]
fn alloca_needs_a_sized_type() {
    let e = fails(|b, _| {
        let void = b.module().ctx.void_ty();
        b.alloca(void, 0, None)
    });
    assert_eq!(msg(e), "alloca: type must be a sized type, got void");
}

#[test]
fn no_insertion_point_is_an_error() {
    let (mut m, f, _, _) = module();
    let mut b = FunctionBuilder::new(&mut m, f).unwrap();
    let e = b.binop(Opcode::Add, X32, X32, 0, None).unwrap_err();
    assert_eq!(e.kind, K::NoInsertionPoint);
    b.position_at_end(BlockId(7));
    assert!(matches!(b.unreachable().unwrap_err().kind, K::BadPosition(_)));
}

#[test]
fn nothing_goes_after_a_terminator() {
    let e = fails(|b, _| {
        b.unreachable()?;
        b.unreachable()
    });
    assert!(matches!(e.kind, K::Terminator(_)));
    let e = fails(|b, _| {
        let u = b.unreachable()?;
        let Value::Inst(u) = u else { unreachable!() };
        b.position_before(u);
        b.ret(Some(X32))
    });
    assert!(matches!(e.kind, K::Terminator(_)), "a terminator goes last: {e}");
}

#[test]
fn bad_values_are_errors() {
    assert!(matches!(fails(|b, _| b.binop(Opcode::Add, Value::Arg(9), X32, 0, None)).kind, K::InvalidValue(_)));
    assert!(matches!(
        fails(|b, _| b.binop(Opcode::Add, Value::Inst(crate::InstId(50)), X32, 0, None)).kind,
        K::InvalidValue(_)
    ));
    let e = fails(|b, _| {
        let t = b.create_block(None);
        let br = b.br(t)?;
        b.position_at_end(t);
        b.freeze(br, None)
    });
    assert!(matches!(e.kind, K::InvalidValue(_)), "a br has no result: {e}");
    assert!(matches!(fails(|b, _| b.br(BlockId(40))).kind, K::InvalidValue(_)));
    let foreign = Value::Const(crate::ConstId(u32::MAX - 1));
    let e = fails(|b, _| b.binop(Opcode::Add, foreign, X32, 0, None));
    assert!(matches!(e.kind, K::InvalidValue(_)), "a constant of another module: {e}");
    let e = fails(|b, _| b.const_int(crate::types::TypeId(u32::MAX), 1));
    assert!(matches!(e.kind, K::Other(_)));
    assert!(matches!(
        fails(|b, _| {
            let t = b.type_of(D)?;
            b.const_int(t, 1)
        })
        .kind,
        K::WrongType { .. }
    ));
}

#[test]
fn builder_needs_a_function() {
    let (mut m, _, _, _) = module();
    let i32t = m.ctx.int_ty(32);
    let var = m.add_var("x", i32t, None);
    assert!(FunctionBuilder::new(&mut m, var).is_err());
    assert!(FunctionBuilder::new(&mut m, GlobalId(1000)).is_err());
}

#[test]
fn position_before_inserts_in_order() {
    let (mut m, f, _, _) = module();
    let mut b = FunctionBuilder::new(&mut m, f).unwrap();
    let entry = b.create_block(None);
    b.position_at_end(entry);
    let r = b.ret(Some(X32)).unwrap();
    let Value::Inst(r) = r else { panic!() };
    b.position_before(r);
    let a = b.binop(Opcode::Add, X32, X32, 0, Some("a")).unwrap();
    let c = b.binop(Opcode::Mul, a, X32, 0, Some("a")).unwrap();
    let body = m.body_mut(f);
    let order: Vec<Value> = body.blocks[entry].insts.iter().map(|&i| Value::Inst(i)).collect();
    assert_eq!(order, vec![a, c, Value::Inst(r)]);
    let Value::Inst(ci) = c else { panic!() };
    let name = body.insts[ci].name.expect("named");
    assert_eq!(m.ctx.name(name), b"a1", "names are made unique");
}

#[test]
fn fast_math_only_on_floating_point() {
    let (mut m, f, _, _) = module();
    let mut b = FunctionBuilder::new(&mut m, f).unwrap();
    let entry = b.create_block(None);
    b.position_at_end(entry);
    let s = b.binop(Opcode::FAdd, D, D, 0, None).unwrap();
    b.set_fast_math(s, crate::instructions::fmf::FAST).unwrap();
    let a = b.binop(Opcode::Add, X32, X32, 0, None).unwrap();
    assert!(b.set_fast_math(a, crate::instructions::fmf::FAST).is_err());
    let poison = b.konst(Const::Poison(crate::types::TypeId(0)));
    assert!(b.set_fast_math(poison, 1).is_err());
}

#[test]
fn replace_and_remove_checks_types_and_uses() {
    let (mut m, f, _, _) = module();
    let mut b = FunctionBuilder::new(&mut m, f).unwrap();
    let entry = b.create_block(None);
    b.position_at_end(entry);
    let a = b.binop(Opcode::Add, X32, X32, 0, None).unwrap();
    let c = b.binop(Opcode::Mul, a, a, 0, None).unwrap();
    let Value::Inst(ai) = a else { panic!() };
    assert_eq!(msg(b.remove(ai).unwrap_err()), "remove: the instruction still has 2 uses");
    assert_eq!(msg(b.replace_and_remove(ai, X64).unwrap_err()), "replace: operand types differ: i32 and i64");
    b.replace_and_remove(ai, X32).unwrap();
    assert_eq!(b.operands(c).as_slice(), &[X32, X32]);
    assert!(matches!(b.binop(Opcode::Add, a, X32, 0, None).unwrap_err().kind, K::InvalidValue(_)), "a is gone");
}

#[test]
fn float_constants_have_the_types_bits() {
    let (mut m, f, _, _) = module();
    let mut b = FunctionBuilder::new(&mut m, f).unwrap();
    let mut bits = |k: FloatKind, v: f64| {
        let t = b.module().ctx.float_ty(k);
        let Value::Const(c) = b.const_float(t, v).unwrap() else { panic!() };
        match b.module().ctx.const_of(c) {
            Const::Float(_, x) => *x,
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(bits(FloatKind::Double, 1.5), 1.5f64.to_bits() as u128);
    assert_eq!(bits(FloatKind::Float, 1.5), 1.5f32.to_bits() as u128);
    assert_eq!(bits(FloatKind::Half, 1.0), 0x3c00);
    assert_eq!(bits(FloatKind::Half, -2.5), 0xc100);
    assert_eq!(bits(FloatKind::Half, 65504.0), 0x7bff);
    assert_eq!(bits(FloatKind::Half, 1e6), 0x7c00);
    assert_eq!(bits(FloatKind::Half, 2f64.powi(-24)), 0x0001);
    assert_eq!(bits(FloatKind::BFloat, 1.0), 0x3f80);
    let i32t = b.module().ctx.int_ty(32);
    assert!(b.const_float(i32t, 1.0).is_err());
    assert!(b.const_null(i32t).is_err());
    let void = b.module().ctx.void_ty();
    assert!(b.const_poison(void).is_err());
}

#[test]
fn phis_come_first() {
    let e = fails(|b, _| {
        let i32t = b.module().ctx.int_ty(32);
        b.binop(Opcode::Add, X32, X32, 0, None)?;
        b.phi(i32t, &[], None)
    });
    assert_eq!(msg(e), "phi: phi nodes must come first in their block");
    let e = fails(|b, _| {
        let i32t = b.module().ctx.int_ty(32);
        let Value::Inst(p) = b.phi(i32t, &[], None)? else { unreachable!() };
        b.position_before(p);
        b.binop(Opcode::Add, X32, X32, 0, None)
    });
    assert!(matches!(e.kind, K::BadPosition(_)), "{e}");
}

/// Random calls with random (often wrong) operands, types and positions: errors, never a panic.
#[test]
fn random_misuse_never_panics() {
    let (mut m, f, g, v) = module();
    let mut consts = Vec::new();
    for bits in [1, 8, 32, 64] {
        let t = m.ctx.int_ty(bits);
        consts.push(Value::Const(m.ctx.const_int(t, 3)));
    }
    let ptr = m.ctx.ptr_ty(0);
    consts.push(Value::Const(m.ctx.konst(Const::Null(ptr))));
    let types: Vec<_> = (0..m.ctx.num_types() as u32 + 3).map(crate::types::TypeId).collect();
    let mut b = FunctionBuilder::new(&mut m, f).unwrap();
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut rnd = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let mut values: Vec<Value> = (0..8).map(Value::Arg).chain(consts).collect();
    let mut blocks = vec![b.create_block(Some("entry")), BlockId(77)];
    let mut built = 0;
    for _ in 0..20_000 {
        let pick = |r: &mut dyn FnMut(usize) -> usize, vs: &Vec<Value>| vs[r(vs.len())];
        let (x, y, z) = (pick(&mut rnd, &values), pick(&mut rnd, &values), pick(&mut rnd, &values));
        let t = types[rnd(types.len())];
        let blk = blocks[rnd(blocks.len())];
        let r = match rnd(24) {
            0 => b.binop([Opcode::Add, Opcode::FMul, Opcode::Shl, Opcode::Or][rnd(4)], x, y, rnd(16) as u16, None),
            1 => b.icmp(CmpPred::Slt, x, y, None),
            2 => b.fcmp(CmpPred::FOlt, x, y, None),
            3 => b.select(x, y, z, None),
            4 => b.cast([Opcode::Trunc, Opcode::ZExt, Opcode::BitCast, Opcode::PtrToInt][rnd(4)], x, t, None),
            5 => b.load(t, x, 0, None),
            6 => b.store(x, y, 0),
            7 => b.gep(t, x, &[y, z], true, None),
            8 => b.phi(t, &[(x, blk)], None),
            9 => b.call(g, &[x, y], None),
            10 => b.call(v, &[x, y, z], None),
            11 => b.call_indirect(t, x, &[y], None),
            12 => b.extract_value(x, &[rnd(3) as u32], None),
            13 => b.insert_element(x, y, z, None),
            14 => b.shuffle_vector(x, y, &[0, -1, rnd(9) as i32], None),
            15 => b.cmpxchg(x, y, z, Ordering::SeqCst, Ordering::Acquire, None),
            16 => b.atomicrmw(["add", "xchg", "fadd"][rnd(3)], x, y, Ordering::Monotonic, None),
            17 => b.alloca(t, 0, None),
            18 => b.freeze(x, None),
            19 => {
                let nb = b.create_block(None);
                blocks.push(nb);
                b.cond_br(x, blk, nb)
            }
            20 => b.switch(x, blk, &[(y, blk)]),
            21 => {
                b.position_at_end(blk);
                continue;
            }
            22 => {
                if let Value::Inst(i) = x {
                    b.position_before(i);
                }
                continue;
            }
            _ => match x {
                Value::Inst(i) if rnd(2) == 0 => b.replace_and_remove(i, y).map(|_| y),
                Value::Inst(i) => b.remove(i).map(|_| y),
                _ => b.ret(Some(x)),
            },
        };
        if let Ok(val) = r {
            built += 1;
            values.push(val);
        }
    }
    assert!(built > 100, "only {built} instructions built");
}

#[test]
fn clashing_global_names_are_renamed_as_llvm_does() {
    let (mut m, _, _, _) = module();
    let i32t = m.ctx.int_ty(32);
    let g2 = m.add_var("g", i32t, None); // @g is the function
    let g3 = m.add_var("g", i32t, None);
    let unnamed = m.add_var("", i32t, None);
    let name = |m: &Module, g: GlobalId| m.globals[g].name.map(|n| String::from_utf8_lossy(m.ctx.name(n)).into_owned());
    assert_eq!(name(&m, g2).as_deref(), Some("g.1"));
    assert_eq!(name(&m, g3).as_deref(), Some("g.2"));
    assert_eq!(name(&m, unnamed), None);
    // A function whose type is not a function type cannot be built.
    let bad = m.add_function("bad", i32t);
    assert!(FunctionBuilder::new(&mut m, bad).is_err());
}

#[test]
fn position_after_inserts_after_the_instruction() {
    let (mut m, f, _, _) = module();
    let mut b = FunctionBuilder::new(&mut m, f).unwrap();
    let entry = b.create_block(None);
    b.position_at_end(entry);
    let a = b.binop(Opcode::Add, X32, X32, 0, None).unwrap();
    let r = b.ret(Some(a)).unwrap();
    let (Value::Inst(ai), Value::Inst(ri)) = (a, r) else { panic!() };
    b.position_after(ai);
    let c = b.binop(Opcode::Mul, a, a, 0, None).unwrap();
    let d = b.binop(Opcode::Sub, c, a, 0, None).unwrap();
    b.position_after(ri);
    assert!(matches!(b.unreachable().unwrap_err().kind, K::Terminator(_)), "nothing after the ret");
    b.position_after(crate::InstId(999));
    assert!(matches!(b.unreachable().unwrap_err().kind, K::BadPosition(_)));
    let order: Vec<Value> = m.body_mut(f).blocks[entry].insts.iter().map(|&i| Value::Inst(i)).collect();
    assert_eq!(order, vec![a, c, d, r]);
}
