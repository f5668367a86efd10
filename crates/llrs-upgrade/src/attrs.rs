//! LLVM's `UpgradeAttributes`: old string attributes that have a newer spelling, rewritten in
//! every finished attribute set (parameter, return, function and call-site sets, the latter after
//! their groups are merged in).

use llrs_ir::attributes::{Attr, AttrArg};
use llrs_ir::{Context, Symbol};

/// The value of the last string attribute `key` of `set` (`""` for `"key"` alone), and removes
/// every string attribute `key`.
fn take_str(set: &mut Vec<Attr>, key: Option<Symbol>, names: &llrs_ir::symbol::Interner) -> Option<Vec<u8>> {
    let key = key?;
    let is_key = |a: &Attr| a.kind == key && matches!(a.arg, AttrArg::Str(_));
    let value = match set.iter().rev().find(|a| is_key(a))?.arg {
        AttrArg::Str(Some(v)) => names.get(v).to_vec(),
        _ => Vec::new(),
    };
    set.retain(|a| !is_key(a));
    Some(value)
}

/// `UpgradeAttributes`: `"no-frame-pointer-elim"="true"` / `"false"` become `"frame-pointer"="all"` / `"none"`;
/// `"no-frame-pointer-elim-non-leaf"` (any value) makes it `"non-leaf"` unless it is `"all"`;
/// `"null-pointer-is-valid"` is dropped, and becomes `null_pointer_is_valid` when `"true"`.
pub fn upgrade_attributes(ctx: &mut Context, set: &mut Vec<Attr>) {
    if !set.iter().any(|a| matches!(a.arg, AttrArg::Str(_))) {
        return;
    }
    let names = &ctx.names;
    let elim = names.lookup(b"no-frame-pointer-elim");
    let non_leaf = names.lookup(b"no-frame-pointer-elim-non-leaf");
    let null_valid = names.lookup(b"null-pointer-is-valid");
    if elim.is_none() && non_leaf.is_none() && null_valid.is_none() {
        return;
    }
    let mut frame_pointer = take_str(set, elim, names).map(|v| if v == b"true" { "all" } else { "none" });
    if take_str(set, non_leaf, names).is_some() && frame_pointer != Some("all") {
        frame_pointer = Some("non-leaf");
    }
    let null_is_valid = take_str(set, null_valid, names).is_some_and(|v| v == b"true");
    if let Some(fp) = frame_pointer {
        let kind = ctx.sym("frame-pointer");
        let value = ctx.sym(fp);
        set.push(Attr { kind, arg: AttrArg::Str(Some(value)) });
    }
    if null_is_valid {
        let kind = ctx.sym("null_pointer_is_valid");
        set.push(Attr { kind, arg: AttrArg::None });
    }
}
