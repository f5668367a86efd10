//! `llvm.masked.{load,store,gather,scatter}` with their old `i32` alignment operand: LLVM 22
//! drops it and puts an `align` attribute on the pointer (or vector of pointers) argument. An
//! alignment of 0 on gather and scatter meant the ABI alignment of the element type.
//! The new call keeps the old one's name, tail marker and metadata, but not its attributes.

use super::site::with_align;
use super::{canonical_name, Plan, Site};
use llrs_ir::instructions::AttrList;
use llrs_ir::module::GlobalId;
use llrs_ir::{AttrsId, Context, Type, TypeId};

/// The four intrinsics: name, index of the old alignment operand, index of the pointer operand.
const KINDS: &[(&str, usize, usize)] = &[("load", 1, 0), ("store", 2, 1), ("gather", 1, 0), ("scatter", 2, 1)];

fn kind(rest: &str) -> Option<(&'static str, usize, usize)> {
    let op = rest.strip_prefix("masked.")?;
    KINDS.iter().copied().find(|(k, _, _)| op.strip_prefix(k).is_some_and(|r| r.is_empty() || r.starts_with('.')))
}

/// The plan for an old masked load, store, gather or scatter declaration (four operands).
pub(super) fn plan(ctx: &mut Context, rest: &str, fn_ty: TypeId) -> Option<Plan> {
    let (k, align_idx, _) = kind(rest)?;
    let Type::Function { ret, params, vararg: false } = ctx.type_of(fn_ty).clone() else { return None };
    if params.len() != 4 || !matches!(ctx.type_of(params[align_idx]), Type::Int(32)) {
        return None;
    }
    let mut new_params = params.to_vec();
    new_params.remove(align_idx);
    let new_ty = ctx.fn_ty(ret, &new_params, false);
    let base = format!("llvm.masked.{k}");
    if let Some(name) = canonical_name(ctx, &base, new_ty) {
        return Some(Plan::rewrite(name, new_ty, rewrite));
    }
    // `getOrInsertDeclaration(M, ID, {DataTy, PtrTy})`: the declaration LLVM's tables give for
    // the data and pointer types, whatever the old mask's type; the calls keep their arguments
    // (and the verifier then finds the mismatch).
    let (data, ptr) = if k == "load" || k == "gather" { (ret, params[0]) } else { (params[0], params[1]) };
    let Type::Vector { scalable, len, .. } = *ctx.type_of(data) else { return None };
    let i1 = ctx.int_ty(1);
    let mask = ctx.ty(Type::Vector { scalable, len, elem: i1 });
    let decl_ty = if k == "load" || k == "gather" {
        ctx.fn_ty(data, &[ptr, mask, data], false)
    } else {
        let void = ctx.void_ty();
        ctx.fn_ty(void, &[data, ptr, mask], false)
    };
    let name = llrs_ir::intrinsic_sig::mangled_name(ctx, &base, &[data, ptr]);
    Some(Plan::rewrite(name, decl_ty, rewrite))
}

/// Drops the alignment operand and puts it on the pointer as `align`.
fn rewrite(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let Some((k, align_idx, ptr_idx)) = site.old_name.strip_prefix("llvm.").and_then(kind) else { return false };
    let mut args = site.args();
    if args.len() != 4 {
        return false;
    }
    let Some(mut align) = site.const_u64(args[align_idx]) else { return false };
    if align == 0 {
        // The ABI alignment of the element type (of the result, or of the stored value).
        let data = if k == "load" || k == "gather" { site.ret_ty() } else { site.value_ty(args[0]) };
        let elem = match site.m.ctx.type_of(data) {
            Type::Vector { elem, .. } => *elem,
            _ => data,
        };
        align = site.dl.abi_align(&site.m.ctx, elem);
    }
    args.remove(align_idx);
    let tail = site.call_data().map(|c| c.tail).unwrap_or_default();
    let md = site.inst().md.clone();
    site.rebuild(g, &args);
    let mut params = vec![AttrsId::EMPTY; ptr_idx + 1];
    params[ptr_idx] = with_align(&mut site.m.ctx, AttrsId::EMPTY, align);
    site.set_attrs(AttrList { params, ..Default::default() });
    site.set_tail(tail);
    site.body.insts[site.call].md = md;
    true
}
