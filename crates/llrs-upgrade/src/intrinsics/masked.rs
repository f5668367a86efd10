//! The calls of `llvm.masked.{load,store,gather,scatter}` with their old `i32` alignment operand
//! (the cases of `UpgradeIntrinsicCall`'s switch): LLVM 22 drops it and puts an `align`
//! attribute on the pointer (or vector of pointers) argument (`CreateMaskedLoad` and friends).
//! An alignment of 0 on a gather or scatter means the ABI alignment of the element type.
//! The new call keeps the old one's name, tail marker and metadata, but not its attributes.

use super::calls::default_case;
use super::site::with_align;
use super::Site;
use llrs_ir::instructions::AttrList;
use llrs_ir::module::GlobalId;
use llrs_ir::{AttrsId, Type};

/// The alignment operand dropped, and `align` put on the pointer; `DefaultCase` for a call
/// without four operands. LLVM stops with a fatal error on an alignment that is not a constant
/// power of two (or zero on a load or store): such calls are left as they are.
pub(super) fn rewrite(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    if site.num_args() != 4 {
        return default_case(site, new);
    }
    let Some(sym) = site.m.globals[g].name else { return false };
    let base = match site.m.ctx.name(sym) {
        n if n.starts_with(b"llvm.masked.load") => "llvm.masked.load",
        n if n.starts_with(b"llvm.masked.gather") => "llvm.masked.gather",
        n if n.starts_with(b"llvm.masked.store") => "llvm.masked.store",
        n if n.starts_with(b"llvm.masked.scatter") => "llvm.masked.scatter",
        _ => return false,
    };
    let loads = matches!(base, "llvm.masked.load" | "llvm.masked.gather");
    let (align_idx, ptr_idx) = if loads { (1, 0) } else { (2, 1) };
    let mut args = site.args();
    let Some(mut align) = args.get(align_idx).and_then(|&a| site.const_u64(a)) else { return false };
    if align != 0 && !align.is_power_of_two() {
        return false;
    }
    // The type of the data: the result, or the stored value.
    let data = if loads { site.ret_ty() } else { site.value_ty(args[0]) };
    if align == 0 {
        if matches!(base, "llvm.masked.load" | "llvm.masked.store") {
            return false;
        }
        // `DataLayout::getValueOrABITypeAlignment` of the element type.
        let elem = match site.m.ctx.type_of(data) {
            Type::Vector { elem, .. } => *elem,
            _ => data,
        };
        align = site.dl.abi_align(&site.m.ctx, elem);
    }
    args.remove(align_idx);
    let ptr_ty = site.value_ty(args[ptr_idx]);
    // `CreateMasked*` declares the intrinsic for the data and pointer types of the call.
    let Some(decl) = site.intrinsic_decl(base, &[data, ptr_ty]) else { return false };
    let tail = site.call_data().map(|c| c.tail).unwrap_or_default();
    let md = site.inst().md.clone();
    site.rebuild(decl, &args);
    let mut params = vec![AttrsId::EMPTY; ptr_idx + 1];
    params[ptr_idx] = with_align(&mut site.m.ctx, AttrsId::EMPTY, align);
    site.set_attrs(AttrList { params, ..Default::default() });
    site.set_tail(tail);
    site.body.insts[site.call].md = md;
    true
}
