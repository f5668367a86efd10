//! Upgrades of sections and function attributes that LLVM applies to a module it reads:
//! `UpgradeSectionAttributes` (Objective-C category list sections without spaces) and
//! `copyModuleAttrToFunctions` (ARM and AArch64 branch-protection module flags become function
//! attributes).

use crate::Up;
use llrs_ir::{APInt, AttrsId, Const, Context, Md, MdKind, MdNode, Module, Symbol};

/// `UpgradeSectionAttributes`: `__DATA, __objc_catlist, ...` loses the spaces around its commas.
pub fn upgrade_section_attributes(m: &mut Module) {
    Up { m }.upgrade_section_names();
}

/// `copyModuleAttrToFunctions`: on ARM, Thumb and AArch64, the branch-protection module flags
/// (value 1) become attributes of every defined function, and the flags then say 2.
pub fn copy_module_attr_to_functions(m: &mut Module) {
    Up { m }.copy_module_attrs_to_functions();
}

impl Up<'_> {
    /// `UpgradeSectionAttributes`: `__DATA, __objc_catlist, ...` loses the spaces around its
    /// commas.
    fn upgrade_section_names(&mut self) {
        for i in 0..self.m.vars.len() {
            let g = self.m.vars[i];
            let Some(s) = self.m.globals[g].section else { continue };
            let text = self.m.ctx.name(s);
            if !text.starts_with(b"__DATA, __objc_catlist") {
                continue;
            }
            let parts: Vec<&[u8]> = text.split(|&c| c == b',').map(|p| p.trim_ascii()).collect();
            let joined = parts.join(&b","[..]);
            self.m.globals[g].section = Some(self.m.ctx.sym_bytes(&joined));
        }
    }

    /// `copyModuleAttrToFunctions`: on ARM, Thumb and AArch64, the branch-protection module flags
    /// (value 1) become attributes of every defined function, and the flags then say 2.
    fn copy_module_attrs_to_functions(&mut self) {
        let triple = self.m.triple.as_deref().unwrap_or(b"");
        let arch = triple.split(|&c| c == b'-').next().unwrap_or(b"");
        if !(arch.starts_with(b"arm") || arch.starts_with(b"thumb") || arch.starts_with(b"aarch64")) {
            return;
        }
        const KEYS: [&[u8]; 6] = [
            b"branch-target-enforcement",
            b"branch-protection-pauth-lr",
            b"guarded-control-stack",
            b"sign-return-address",
            b"sign-return-address-all",
            b"sign-return-address-with-bkey",
        ];
        let mut vals = [0u64; 6];
        let flags_key = self.m.ctx.names.lookup(b"llvm.module.flags");
        let slot = self.m.named_md.iter().position(|(n, _)| Some(*n) == flags_key);
        if let Some(slot) = slot {
            for &f in &self.m.named_md[slot].1 {
                let node = self.m.ctx.md(f);
                if node.kind != MdKind::Tuple || node.ops.len() != 3 {
                    continue;
                }
                let (Md::Str(id), Md::Const(c)) = (node.ops[1], node.ops[2]) else { continue };
                let Const::Int(_, v) = self.m.ctx.const_of(c) else { continue };
                let Some(k) = KEYS.iter().position(|k| *k == self.m.ctx.name(id)) else { continue };
                vals[k] = v.low_u64();
                if vals[k] == 2 {
                    return;
                }
            }
        }
        let [bte, pauth_lr, gcs, sra, sra_all, sra_bkey] = vals.map(|v| v == 1);
        let sign_type: &[u8] = if sra && sra_all { b"all" } else { b"non-leaf" };
        let sign_key: &[u8] = if sra && sra_bkey { b"b_key" } else { b"a_key" };
        let ctx = &mut self.m.ctx;
        let sra_key = ctx.sym_bytes(b"sign-return-address");
        let sra_key_key = ctx.sym_bytes(b"sign-return-address-key");
        let converts =
            [(bte, ctx.sym_bytes(KEYS[0])), (pauth_lr, ctx.sym_bytes(KEYS[1])), (gcs, ctx.sym_bytes(KEYS[2]))];
        for i in 0..self.m.functions.len() {
            let g = self.m.functions[i];
            let Some(f) = self.m.globals[g].func.as_deref() else { continue };
            if f.body.is_none() {
                continue;
            }
            let mut set = f.attrs.func;
            if sra {
                set = set_if_unset(ctx, set, sra_key, sign_type);
                set = set_if_unset(ctx, set, sra_key_key, sign_key);
            } else if ctx.str_attr(set, sra_key).flatten().is_some_and(|v| ctx.name(v) == b"none") {
                set = ctx.without_str_attr(set, sra_key);
                set = ctx.without_str_attr(set, sra_key_key);
            }
            for &(on, key) in &converts {
                set = convert(ctx, set, on, key);
            }
            if let Some(f) = self.m.globals[g].func.as_deref_mut() {
                f.attrs.func = set;
            }
        }
        let mut set_flags: Vec<&[u8]> = Vec::new();
        for (on, k) in [(bte, 0), (pauth_lr, 1), (gcs, 2), (sra, 3), (sra && sra_all, 4), (sra && sra_bkey, 5)] {
            if on {
                set_flags.push(KEYS[k]);
            }
        }
        for key in set_flags {
            self.set_min_flag(key, 2);
        }
    }

    /// `Module::setModuleFlag(Min, key, value)`: replaces the flag with that key, or adds it.
    fn set_min_flag(&mut self, key: &[u8], value: u64) {
        let ctx = &mut self.m.ctx;
        let i32t = ctx.int_ty(32);
        let b = Md::Const(ctx.konst(Const::Int(i32t, APInt::from_u64(32, 8))));
        let k = Md::Str(ctx.sym_bytes(key));
        let v = Md::Const(ctx.konst(Const::Int(i32t, APInt::from_u64(32, value))));
        let node = ctx.md_intern(MdNode::tuple(false, [b, k, v]));
        let flags_key = ctx.sym_bytes(b"llvm.module.flags");
        let slot = match self.m.named_md.iter().position(|(n, _)| *n == flags_key) {
            Some(s) => s,
            None => {
                self.m.named_md.push((flags_key, Vec::new()));
                self.m.named_md.len() - 1
            }
        };
        let ctx = &self.m.ctx;
        let flags = &mut self.m.named_md[slot].1;
        let same_key = |id: &llrs_ir::MdId| {
            let n = ctx.md(*id);
            n.kind == MdKind::Tuple && n.ops.len() >= 2 && n.ops[1] == k
        };
        match flags.iter().position(same_key) {
            Some(i) => flags[i] = node,
            None => flags.push(node),
        }
    }
}

/// `setFunctionAttrIfNotSet`.
fn set_if_unset(ctx: &mut Context, set: AttrsId, key: Symbol, value: &[u8]) -> AttrsId {
    if ctx.str_attr(set, key).is_some() {
        return set;
    }
    let value = ctx.sym_bytes(value);
    ctx.with_str_attr(set, key, Some(value))
}

/// `ConvertFunctionAttr`: `"key"="true"` becomes `"key"`, `"key"="false"` goes away, and a
/// missing attribute is added when its module flag is set.
fn convert(ctx: &mut Context, set: AttrsId, on: bool, key: Symbol) -> AttrsId {
    match ctx.str_attr(set, key) {
        Some(Some(v)) if ctx.name(v) == b"false" => ctx.without_str_attr(set, key),
        Some(Some(v)) if ctx.name(v) == b"true" => ctx.with_str_attr(set, key, None),
        None if on => ctx.with_str_attr(set, key, None),
        _ => set,
    }
}
