use super::*;
use crate::constants::ConstExpr;
use crate::instructions::{InstData, Opcode};
use crate::module::RauwError;
use crate::types::Type;
use crate::Module;
use smallvec::smallvec;

/// `getelementptr (i8, ptr base, i64 1)`, interned as is.
fn gep(m: &mut Module, base: ConstId) -> ConstId {
    let (i8t, i64t, ptr) = (m.ctx.int_ty(8), m.ctx.int_ty(64), m.ctx.ptr_ty(0));
    let one = m.ctx.const_int(i64t, 1);
    let e = ConstExpr {
        op: Opcode::GetElementPtr,
        ty: ptr,
        flags: 0,
        operands: smallvec![base, one],
        source_ty: Some(i8t),
        inrange: None,
        pred: None,
    };
    m.ctx.konst(Const::Expr(Box::new(e)))
}

fn addr(m: &mut Module, g: GlobalId) -> ConstId {
    let ptr = m.ctx.ptr_ty(0);
    m.ctx.konst(Const::Global(ptr, g))
}

/// Two `i32` globals `@g` and `@h`, `@p` initialised with `gep(@g)` and `@q` with `@g`, and a
/// declared `i32 @f()`.
struct Fixture {
    m: Module,
    g: GlobalId,
    h: GlobalId,
    ga: ConstId,
    through: ConstId,
    p: GlobalId,
    q: GlobalId,
    f: GlobalId,
}

fn fixture() -> Fixture {
    let mut m = Module::new();
    let i32t = m.ctx.int_ty(32);
    let ptr = m.ctx.ptr_ty(0);
    let g = m.add_var("g", i32t, None);
    let h = m.add_var("h", i32t, None);
    let ga = addr(&mut m, g);
    let through = gep(&mut m, ga);
    let p = m.add_var("p", ptr, Some(through));
    let q = m.add_var("q", ptr, Some(ga));
    let fty = m.ctx.fn_ty(i32t, &[], false);
    let f = m.add_function("f", fty);
    Fixture { m, g, h, ga, through, p, q, f }
}

#[test]
fn uses_of_a_global_everywhere() {
    let Fixture { mut m, g, h, ga, through, p, q, f } = fixture();
    let i32t = m.ctx.int_ty(32);
    let body = m.body_mut(f);
    let b = body.create_block(None);
    body.append_block(b);
    let load = body.append_inst(b, InstData::new(Opcode::Load, i32t, [Value::Const(through)]));
    let node = m.ctx.md_intern(crate::metadata::MdNode {
        distinct: false,
        kind: crate::metadata::MdKind::Tuple,
        ops: [Md::Const(ga)].into(),
        fields: Box::new([]),
    });
    let named = m.ctx.sym("named");
    m.named_md.push((named, vec![node]));
    // A node nothing refers to is not a use.
    m.ctx.md_intern(crate::metadata::MdNode {
        distinct: true,
        kind: crate::metadata::MdKind::Tuple,
        ops: [Md::Const(ga)].into(),
        fields: Box::new([]),
    });

    let uses = m.uses_of(g);
    let users: Vec<User> = uses.iter().map(|u| u.user).collect();
    assert!(users.contains(&User::Initializer(p)));
    assert!(users.contains(&User::Initializer(q)));
    assert!(users.contains(&User::Inst { func: f, inst: load, operand: 0 }));
    assert!(users.contains(&User::Metadata(node)));
    assert!(uses.contains(&ModuleUse { user: User::Const(through), value: ga }));
    assert_eq!(uses.len(), 5, "{uses:?}");
    assert!(m.uses_of(h).is_empty());

    let changed = m.replace_global_uses(g, h).expect("same type");
    assert_eq!(changed, 4);
    assert!(m.uses_of(g).is_empty(), "{:?}", m.uses_of(g));
    assert_eq!(m.uses_of(h).len(), 5);
    let ha = addr(&mut m, h);
    let new_gep = gep(&mut m, ha);
    assert_eq!(m.globals[p].var.init, Some(new_gep), "a new constant, uniqued");
    assert_eq!(m.globals[q].var.init, Some(ha));
    assert_eq!(m.ctx.md(node).ops[0], Md::Const(ha));
}

#[test]
fn replacing_constants_checks_types() {
    let mut m = Module::new();
    let (i32t, i64t) = (m.ctx.int_ty(32), m.ctx.int_ty(64));
    let a = m.ctx.const_int(i32t, 1);
    let b = m.ctx.const_int(i64t, 1);
    let e = m.replace_all_uses_with(a, b).unwrap_err();
    assert_eq!(e.to_string(), "replace_all_uses_with: types differ: i32 and i64");
    let g = m.add_var("g", i32t, Some(a));
    let two = m.ctx.const_int(i32t, 2);
    assert_eq!(m.uses_of_const(a), vec![ModuleUse { user: User::Initializer(g), value: a }]);
    assert_eq!(m.replace_all_uses_with(a, two), Ok(1));
    assert_eq!(m.globals[g].var.init, Some(two));
    let ga = addr(&mut m, g);
    let x = gep(&mut m, ga);
    assert_eq!(m.replace_all_uses_with(ga, x), Err(RauwError::NewContainsOld));
    let ptr1 = m.ctx.ty(Type::Ptr(1));
    let other = m.new_global(None, crate::GlobalKind::Var, i32t);
    m.globals[other].addrspace = 1;
    let _ = ptr1;
    assert!(matches!(m.replace_global_uses(g, other), Err(RauwError::TypeMismatch { .. })));
    assert_eq!(m.replace_global_uses(g, GlobalId(999)), Err(RauwError::NoSuchGlobal(GlobalId(999))));
}

#[test]
fn deep_constants_are_walked_without_recursion() {
    let mut m = Module::new();
    let i32t = m.ctx.int_ty(32);
    let ptr = m.ctx.ptr_ty(0);
    let g = m.add_var("g", i32t, None);
    let h = m.add_var("h", i32t, None);
    let mut c = addr(&mut m, g);
    const DEPTH: usize = 50_000;
    for _ in 0..DEPTH {
        c = gep(&mut m, c);
    }
    let p = m.add_var("p", ptr, Some(c));
    let uses = m.uses_of(g);
    assert_eq!(uses.len(), DEPTH + 1);
    assert_eq!(uses[0], ModuleUse { user: User::Initializer(p), value: c });
    assert_eq!(m.replace_global_uses(g, h), Ok(1));
    assert!(m.uses_of(g).is_empty());
    assert_eq!(m.uses_of(h).len(), DEPTH + 1);
}

#[test]
fn const_users_answer_for_every_global_at_once() {
    let Fixture { mut m, g, h, through, p, q, f, .. } = fixture();
    let ptr = m.ctx.ptr_ty(0);
    let dso = m.ctx.konst(Const::DsoLocalEquivalent(ptr, f));
    let r = m.add_var("r", ptr, Some(dso));
    let idx = m.const_users();
    assert_eq!(idx.of_global(g), vec![User::Const(through), User::Initializer(q)]);
    assert_eq!(idx.of_const(through), &[User::Initializer(p)]);
    assert_eq!(idx.of_global(f), vec![User::Const(dso)]);
    assert_eq!(idx.of_const(dso), &[User::Initializer(r)]);
    assert!(idx.is_used(g) && idx.is_used(f));
    assert!(!idx.is_used(h) && !idx.is_used(p));
    assert!(idx.of_global(h).is_empty());
}
