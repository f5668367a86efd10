//! `UpgradeAttributes`, which LLVM's bitcode reader applies to every attribute set it reads (and
//! so every module that `llvm-as | llvm-dis` round-trips): the legacy frame-pointer strings become
//! `"frame-pointer"`, and `"null-pointer-is-valid"="true"` becomes `null_pointer_is_valid`.

use super::Parser;
use llrs_ir::instructions::{AttrList, InstExtra};
use llrs_ir::{Attr, AttrArg, AttrsId, Context};
use rustc_hash::FxHashMap;

impl<'a> Parser<'a> {
    /// Upgrades the attribute sets of every function, call site and global variable.
    pub(super) fn upgrade_attributes(&mut self) {
        let mut memo: FxHashMap<AttrsId, AttrsId> = FxHashMap::default();
        let ctx = &mut self.m.ctx;
        for g in self.m.globals.values_mut() {
            if let Some(f) = g.func.as_deref_mut() {
                upgrade_list(ctx, &mut memo, &mut f.attrs);
                if let Some(body) = f.body.as_mut() {
                    for inst in body.insts.values_mut() {
                        if let InstExtra::Call(c) = &mut inst.extra {
                            upgrade_list(ctx, &mut memo, &mut c.attrs);
                        }
                    }
                }
            }
            g.var.attrs = upgrade_set(ctx, &mut memo, g.var.attrs);
        }
    }
}

fn upgrade_list(ctx: &mut Context, memo: &mut FxHashMap<AttrsId, AttrsId>, l: &mut AttrList) {
    l.func = upgrade_set(ctx, memo, l.func);
    l.ret = upgrade_set(ctx, memo, l.ret);
    for p in &mut l.params {
        *p = upgrade_set(ctx, memo, *p);
    }
}

fn upgrade_set(ctx: &mut Context, memo: &mut FxHashMap<AttrsId, AttrsId>, a: AttrsId) -> AttrsId {
    if a == AttrsId::EMPTY {
        return a;
    }
    if let Some(&n) = memo.get(&a) {
        return n;
    }
    let new = upgraded(ctx, a).map_or(a, |set| ctx.attrs(set));
    memo.insert(a, new);
    new
}

/// The upgraded attributes of a set, if anything changes.
fn upgraded(ctx: &mut Context, a: AttrsId) -> Option<Vec<Attr>> {
    let str_value = |ctx: &Context, key: &[u8]| {
        ctx.attrs_of(a).iter().find_map(|at| match at.arg {
            AttrArg::Str(v) if ctx.name(at.kind) == key => Some(v.map(|s| ctx.name(s).to_vec()).unwrap_or_default()),
            _ => None,
        })
    };
    let no_elim = str_value(ctx, b"no-frame-pointer-elim");
    let non_leaf = str_value(ctx, b"no-frame-pointer-elim-non-leaf");
    let null_valid = str_value(ctx, b"null-pointer-is-valid");
    if no_elim.is_none() && non_leaf.is_none() && null_valid.is_none() {
        return None;
    }
    let mut frame_pointer: Option<&[u8]> = None;
    if let Some(v) = &no_elim {
        frame_pointer = Some(if v == b"true" { b"all" } else { b"none" });
    }
    if non_leaf.is_some() && frame_pointer != Some(b"all") {
        frame_pointer = Some(b"non-leaf");
    }
    let drop: [&[u8]; 3] = [b"no-frame-pointer-elim", b"no-frame-pointer-elim-non-leaf", b"null-pointer-is-valid"];
    let mut set: Vec<Attr> = ctx
        .attrs_of(a)
        .iter()
        .filter(|at| !(matches!(at.arg, AttrArg::Str(_)) && drop.contains(&ctx.name(at.kind))))
        .cloned()
        .collect();
    if let Some(fp) = frame_pointer {
        let key = ctx.sym_bytes(b"frame-pointer");
        let val = ctx.sym_bytes(fp);
        set.retain(|at| !(at.kind == key && matches!(at.arg, AttrArg::Str(_))));
        set.push(Attr { kind: key, arg: AttrArg::Str(Some(val)) });
    }
    if null_valid.as_deref() == Some(b"true") {
        set.push(Attr { kind: ctx.sym_bytes(b"null_pointer_is_valid"), arg: AttrArg::None });
    }
    Some(set)
}

#[cfg(test)]
mod tests {
    use crate::{parse_module, print_module};

    #[test]
    fn legacy_frame_pointer_and_null_pointer_strings() {
        let src = "define void @f() #0 { ret void }\ndefine void @g() #1 { ret void }\n\
             attributes #0 = { \"no-frame-pointer-elim\"=\"true\" \"no-frame-pointer-elim-non-leaf\" }\n\
             attributes #1 = { \"no-frame-pointer-elim\"=\"false\" \"no-frame-pointer-elim-non-leaf\" \
             \"null-pointer-is-valid\"=\"true\" }\n";
        let m = parse_module(src.as_bytes(), "t.ll").expect("parses");
        let out = String::from_utf8(print_module(&m)).expect("utf-8");
        assert!(out.contains("attributes #0 = { \"frame-pointer\"=\"all\" }\n"), "{out}");
        assert!(out.contains("attributes #1 = { null_pointer_is_valid \"frame-pointer\"=\"non-leaf\" }\n"), "{out}");
    }
}
