//! Intrinsics declared to return an identified (or packed) struct, such as
//! `%0 @llvm.uadd.with.overflow.i64` with `%0 = type { i64, i1 }`: LLVM 22 declares them with the
//! literal struct (remangled when the name needs it) and, in `DefaultCase`, rebuilds each call
//! as a call of the new declaration (keeping its attributes) whose fields are copied into a
//! value of the old struct type, all unnamed.

use super::{calls, canonical_name, Plan, Site};
use llrs_ir::intrinsic_sig::{match_signature, SigMatch};
use llrs_ir::module::GlobalId;
use llrs_ir::{Context, InstExtra, Type, TypeId, Value};

/// The plan for an intrinsic declaration that returns an identified or packed struct.
pub(super) fn plan(ctx: &mut Context, name: &str, fn_ty: TypeId) -> Option<Plan> {
    let Type::Function { ret, params, vararg } = ctx.type_of(fn_ty).clone() else { return None };
    let elems = match ctx.type_of(ret) {
        Type::Named(s) => ctx.structs.get(*s)?.body.as_ref()?.elems.to_vec(),
        Type::Struct { packed: true, elems } => elems.to_vec(),
        _ => return None,
    };
    if matches!(match_signature(ctx, name.as_bytes(), fn_ty), SigMatch::Matches { .. } | SigMatch::Unknown) {
        return None;
    }
    let lit = ctx.ty(Type::Struct { packed: false, elems: elems.into_iter().collect() });
    let new_ty = ctx.fn_ty(lit, &params, vararg);
    let base = llrs_ir::intrinsic_attrs::intrinsic_attrs(name.as_bytes())?.name;
    // The new declaration takes the old name, then the right mangling when the type has one.
    let new_name = canonical_name(ctx, base, new_ty).unwrap_or_else(|| name.to_string());
    Some(Plan { new_decl: Some((new_name, new_ty)), calls: calls::for_new_fn(base), remangle: false })
}

/// `DefaultCase` for a call returning a struct: a call of the new declaration `g`, its fields
/// inserted one by one into `poison` of the old type.
pub(super) fn literal_struct_call(site: &mut Site<'_>, g: GlobalId) -> bool {
    let old_ty = site.ret_ty();
    let n = match site.m.ctx.type_of(old_ty) {
        Type::Named(s) => site.m.ctx.structs.get(*s).and_then(|d| d.body.as_ref()).map_or(0, |b| b.elems.len()),
        Type::Struct { elems, .. } => elems.len(),
        _ => return false,
    };
    let args = site.args();
    let attrs = site.call_data().map(|c| c.attrs.clone()).unwrap_or_default();
    let call = site.emit_call(g, &args);
    if let Value::Inst(i) = call {
        if let InstExtra::Call(cd) = &mut site.body.insts[i].extra {
            cd.attrs = attrs;
        }
    }
    let mut res = site.poison(old_ty);
    for idx in 0..n as u32 {
        let e = site.extract_value(call, idx);
        res = site.insert_value(res, e, idx);
    }
    site.replace(res, false);
    true
}
