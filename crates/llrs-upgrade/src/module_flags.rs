//! `UpgradeModuleFlags`: LLVM's read-time rewriting of `!llvm.module.flags` entries (new
//! behaviors, the split Objective-C garbage collection flag, the Image Info Section without
//! spaces, and the flags LLVM adds when they are missing).

use crate::Up;
use llrs_ir::{APInt, Const, Md, MdId, MdKind, MdNode, Module, Symbol};

/// Module flag behaviors.
const ERROR: u64 = 1;
const OVERRIDE: u64 = 4;

/// `UpgradeModuleFlags`: rewrites the module flags as LLVM 22 does when it reads a module.
pub fn upgrade_module_flags(m: &mut Module) {
    Up { m }.upgrade_module_flag_entries();
}

/// Module flag behaviors as LLVM 22's `UpgradeModuleFlags` rewrites them: the new behavior for a
/// flag `name` that had behavior `old`, if it changes.
pub fn upgrade_module_flag_behavior(name: &[u8], old: u64) -> Option<u64> {
    const MAX: u64 = 7;
    const MIN: u64 = 8;
    match name {
        b"PIC Level" if old == ERROR || old == MAX => Some(MIN),
        b"PIE Level" if old == ERROR => Some(MAX),
        b"branch-target-enforcement" if old == ERROR => Some(MIN),
        n if n.starts_with(b"sign-return-address") && old == ERROR => Some(MIN),
        _ => None,
    }
}

impl Up<'_> {
    /// Rewrites the module flags as LLVM 22 does when it reads a module.
    pub(crate) fn upgrade_module_flag_entries(&mut self) {
        let Some(key) = self.m.ctx.names.lookup(b"llvm.module.flags") else { return };
        let Some(slot) = self.m.named_md.iter().position(|(n, _)| *n == key) else { return };
        let mut flags = self.m.named_md[slot].1.clone();
        let (mut objc, mut class_props) = (false, false);
        let mut swift: Option<(u64, u64, u64)> = None;
        for f in flags.iter_mut() {
            let node = self.m.ctx.md(*f).clone();
            if node.kind != MdKind::Tuple || node.ops.len() < 2 {
                continue;
            }
            let Md::Str(id) = node.ops[1] else { continue };
            match self.m.ctx.name(id) {
                b"Objective-C Image Info Version" => objc = true,
                b"Objective-C Class Properties" => class_props = true,
                _ => {}
            }
            if node.ops.len() != 3 {
                continue;
            }
            if let Some(new) = self.upgraded_flag(&node, id, &mut swift) {
                *f = new;
            }
        }
        if objc && !class_props {
            flags.push(self.int_flag(OVERRIDE, b"Objective-C Class Properties", 32, 0));
        }
        if let Some((abi, major, minor)) = swift {
            flags.push(self.int_flag(ERROR, b"Swift ABI Version", 32, abi));
            flags.push(self.int_flag(ERROR, b"Swift Major Version", 8, major));
            flags.push(self.int_flag(ERROR, b"Swift Minor Version", 8, minor));
        }
        self.m.named_md[slot].1 = flags;
    }

    /// The new node of one `!{behavior, !"name", value}` flag, if it changes.
    fn upgraded_flag(&mut self, node: &MdNode, id: Symbol, swift: &mut Option<(u64, u64, u64)>) -> Option<MdId> {
        let name = self.m.ctx.name(id).to_vec();
        let mut ops = node.ops.to_vec();
        let behavior = self.flag_int(ops[0]);
        if let Some((_, old)) = behavior {
            if let Some(new) = upgrade_module_flag_behavior(&name, old) {
                ops[0] = self.int_md(32, new);
            }
        }
        match name.as_slice() {
            b"Objective-C Garbage Collection" => {
                if let Some((bits, v)) = self.flag_int(ops[2]) {
                    if bits != 8 {
                        if v & 0xff != v {
                            *swift = Some(((v & 0xff00) >> 8, (v & 0xff00_0000) >> 24, (v & 0xff_0000) >> 16));
                        }
                        ops[0] = self.int_md(32, ERROR);
                        ops[2] = self.int_md(8, v & 0xff);
                    }
                }
            }
            b"Objective-C Image Info Section" => {
                if let Md::Str(s) = ops[2] {
                    let text = self.m.ctx.name(s);
                    if text.contains(&b' ') {
                        let joined: Vec<u8> = text.iter().copied().filter(|&c| c != b' ').collect();
                        ops[2] = Md::Str(self.m.ctx.sym_bytes(&joined));
                    }
                }
            }
            _ => {}
        }
        if ops[..] == node.ops[..] {
            return None;
        }
        Some(self.m.ctx.md_intern(MdNode::tuple(false, ops)))
    }

    /// The width and value of an integer constant operand.
    fn flag_int(&self, m: Md) -> Option<(u32, u64)> {
        let Md::Const(c) = m else { return None };
        match self.m.ctx.const_of(c) {
            Const::Int(_, v) => Some((v.width(), v.low_u64())),
            _ => None,
        }
    }

    fn int_md(&mut self, bits: u32, v: u64) -> Md {
        let t = self.m.ctx.int_ty(bits);
        Md::Const(self.m.ctx.konst(Const::Int(t, APInt::from_u64(bits, v))))
    }

    /// A new `!{i32 behavior, !"name", iN value}` flag.
    fn int_flag(&mut self, behavior: u64, name: &[u8], bits: u32, v: u64) -> MdId {
        let b = self.int_md(32, behavior);
        let n = Md::Str(self.m.ctx.sym_bytes(name));
        let val = self.int_md(bits, v);
        self.m.ctx.md_intern(MdNode::tuple(false, [b, n, val]))
    }
}
