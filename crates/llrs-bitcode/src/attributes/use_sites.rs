//! Where the module's records use the attribute lists: a `FUNCTION` record's list, with the
//! upgrades LLVM 22 runs right after setting it (typeless `byval`/`sret`/`inalloca` given the
//! pointee type of their parameter; `x86_intrcc` given a `byval` first parameter), and a
//! `GLOBALVAR` record's list, of which only the function set is kept.

use llrs_ir::attributes::{Attr, AttrArg, AttrsId};
use llrs_ir::instructions::AttrList;
use llrs_ir::module::GlobalId;
use llrs_ir::types::{Type, TypeId};
use llrs_ir::{Context, Module};

use super::{upgradable_type_kind, AttrTable};

/// LLVM's `CallingConv::X86_INTR`.
const X86_INTR: u32 = 83;

/// True for `byval`, `sret` or `inalloca` without a type (LLVM's null type).
pub fn is_typeless(ctx: &Context, a: &Attr) -> bool {
    matches!(a.arg, AttrArg::None) && std::str::from_utf8(ctx.name(a.kind)).is_ok_and(upgradable_type_kind)
}

/// The set `set` of a parameter (or argument) with its typeless `byval`, `sret` and `inalloca`
/// given the type `pointee`, the pointee type of the parameter's typed pointer
/// (`getPtrElementTypeByID`). `None` when there is one and no pointee (LLVM:
/// `Missing param element type for attribute upgrade` on a function, `Missing element type for
/// typed attribute upgrade` on a call).
pub fn fill_typeless(ctx: &mut Context, set: AttrsId, pointee: Option<TypeId>) -> Option<AttrsId> {
    if !ctx.attrs_of(set).iter().any(|a| is_typeless(ctx, a)) {
        return Some(set);
    }
    let ty = pointee?;
    let mut attrs = ctx.attrs_of(set).to_vec();
    for a in attrs.iter_mut() {
        if is_typeless(ctx, a) {
            a.arg = AttrArg::Type(ty);
        }
    }
    Some(ctx.attrs(attrs))
}

/// A `FUNCTION` record's attribute list `n`, for a function of type `fn_ty` and calling
/// convention `cconv`, upgraded as `parseFunctionRecord` upgrades it right after setting it: each
/// parameter's typeless type attributes take the pointee type `pointee(i)` of parameter `i`
/// (`None`: an opaque pointer, or no pointer), and an `x86_intrcc` function whose first
/// parameter has no `byval` gets `byval` of that parameter's pointee. Parameter sets beyond the
/// function's parameters are left out (LLVM keeps them; they stand on nothing).
pub fn function_attrs(
    ctx: &mut Context,
    table: &AttrTable,
    fn_ty: TypeId,
    cconv: u32,
    n: u64,
    pointee: impl Fn(usize) -> Option<TypeId>,
) -> Result<AttrList, &'static str> {
    let arity = match ctx.type_of(fn_ty) {
        Type::Function { params, .. } => params.len(),
        _ => 0,
    };
    let mut list = table.get_for(n, arity);
    for (i, set) in list.params.iter_mut().enumerate() {
        *set = fill_typeless(ctx, *set, pointee(i)).ok_or("Missing param element type for attribute upgrade")?;
    }
    let byval = ctx.sym("byval");
    let has_byval = ctx.attrs_of(list.param(0)).iter().any(|a| a.kind == byval);
    if cconv == X86_INTR && arity > 0 && !has_byval {
        let t = pointee(0).ok_or("Missing param element type for x86_intrcc upgrade")?;
        let mut attrs = ctx.attrs_of(list.param(0)).to_vec();
        attrs.push(Attr { kind: byval, arg: AttrArg::Type(t) });
        let set = ctx.attrs(attrs);
        match list.params.first_mut() {
            Some(first) => *first = set,
            None => list.params.push(set),
        }
    }
    Ok(list)
}

/// A `GLOBALVAR` record's attribute list `n`: its function set becomes the variable's attributes.
pub fn set_variable_attrs(m: &mut Module, g: GlobalId, table: &AttrTable, n: u64) {
    m.globals[g].var.attrs = table.get_for(n, 0).func;
}
