//! LLVM's `UpgradeGlobalVariable`: `llvm.global_ctors` and `llvm.global_dtors` of the old
//! two-field form `{ i32, ptr }` get the third field `ptr null`.
//!
//! The bitcode reader applies it to every global variable it reads (`globalCleanup`). LLParser
//! does not: the verifier rejects the two-field form ("the third field of the element type is
//! mandatory, specify ptr null to migrate from the obsoleted 2-field form"), so the `.ll`
//! reader does not call it either.

use llrs_ir::fold::{array, null_value, poison, structure, undef};
use llrs_ir::{Const, ConstId, Context, GlobalId, GlobalKind, Module, Type, TypeId};

/// The element types of a struct type, literal or identified (none for an opaque one).
fn struct_elems(ctx: &Context, ty: TypeId) -> Option<Vec<TypeId>> {
    match ctx.type_of(ty) {
        Type::Struct { elems, .. } => Some(elems.to_vec()),
        Type::Named(s) => Some(ctx.structs.get(*s)?.body.as_ref().map(|b| b.elems.clone()).unwrap_or_default()),
        _ => None,
    }
}

/// `Constant::getAggregateElement(i)` of a struct constant of type `ty`: `None` where LLVM
/// gives none (a constant expression).
fn aggregate_element(ctx: &mut Context, c: ConstId, ty: TypeId, i: usize) -> Option<ConstId> {
    let elem_ty = *struct_elems(ctx, ty)?.get(i)?;
    match ctx.try_const_of(c)? {
        Const::Struct(_, elems) => elems.get(i).copied(),
        Const::Zero(_) => Some(null_value(ctx, elem_ty)),
        Const::Undef(_) => Some(undef(ctx, elem_ty)),
        Const::Poison(_) => Some(poison(ctx, elem_ty)),
        _ => None,
    }
}

/// `UpgradeGlobalVariable`: for `llvm.global_ctors` or `llvm.global_dtors` with an initializer
/// and the type `[N x { T0, T1 }]`, the variable that replaces it: of type
/// `[N x { T0, T1, ptr }]`, each element given `ptr null` as third field, with the same name
/// and linkage and nothing else (not constant, no section, alignment or address space), made
/// but not yet listed in the module. `None` for any other variable.
///
/// An initializer that is not a list of elements (`zeroinitializer`, `undef`) has no operands
/// in LLVM, so the new one is an empty array.
pub fn upgrade_global_variable(m: &mut Module, g: GlobalId) -> Option<GlobalId> {
    let gl = m.globals.get(g)?;
    let name = gl.name?;
    if gl.kind != GlobalKind::Var || !matches!(m.ctx.name(name), b"llvm.global_ctors" | b"llvm.global_dtors") {
        return None;
    }
    let init = gl.var.init?;
    let linkage = gl.linkage;
    let Type::Array(_, elem_ty) = *m.ctx.type_of(gl.value_ty) else { return None };
    let fields = struct_elems(&m.ctx, elem_ty)?;
    let [f0, f1] = fields[..] else { return None };
    let ctx = &mut m.ctx;
    let ptr = ctx.ptr_ty(0);
    let new_elem_ty = ctx.ty(Type::Struct { packed: false, elems: [f0, f1, ptr].into_iter().collect() });
    let ctors: Vec<ConstId> = match ctx.try_const_of(init)? {
        Const::Array(_, elems) => elems.to_vec(),
        _ => Vec::new(),
    };
    let null = null_value(ctx, ptr);
    let mut new_ctors = Vec::with_capacity(ctors.len());
    for c in ctors {
        let c_ty = ctx.try_const_of(c)?.ty();
        let a = aggregate_element(ctx, c, c_ty, 0)?;
        let b = aggregate_element(ctx, c, c_ty, 1)?;
        new_ctors.push(structure(ctx, new_elem_ty, vec![a, b, null]));
    }
    let new_ty = ctx.ty(Type::Array(new_ctors.len() as u64, new_elem_ty));
    let new_init = array(ctx, new_ty, new_ctors);
    let new = m.new_global(Some(name), GlobalKind::Var, new_ty);
    m.globals[new].linkage = linkage;
    m.globals[new].var.init = Some(new_init);
    Some(new)
}

/// The bitcode reader's use of [`upgrade_global_variable`] (`globalCleanup`): every variable it
/// upgrades is removed, and its replacement put at the end of the variables. Returns whether
/// any was.
pub fn upgrade_global_variables(m: &mut Module) -> bool {
    let names = &m.ctx.names;
    if names.lookup(b"llvm.global_ctors").is_none() && names.lookup(b"llvm.global_dtors").is_none() {
        return false;
    }
    let pairs: Vec<(GlobalId, GlobalId)> =
        m.vars.clone().into_iter().filter_map(|g| upgrade_global_variable(m, g).map(|new| (g, new))).collect();
    for &(old, new) in &pairs {
        m.vars.retain(|&g| g != old);
        m.vars.push(new);
    }
    !pairs.is_empty()
}
