//! `UpgradeNVVMAnnotations`: `!nvvm.annotations` entries that LLVM 22 turns into IR — `kernel`
//! becomes the `ptx_kernel` calling convention and `align` a stack alignment attribute.

use super::Parser;
use llrs_ir::attributes::{Attr, AttrArg};
use llrs_ir::metadata::Md;
use llrs_ir::{AttrsId, Const, MdNode};

/// LLVM's `CallingConv::PTX_Kernel`.
const PTX_KERNEL: u32 = 71;

impl<'a> Parser<'a> {
    pub(super) fn upgrade_nvvm_annotations(&mut self) {
        let Some(key) = self.m.ctx.names.lookup(b"nvvm.annotations") else { return };
        let Some(idx) = self.m.named_md.iter().position(|(n, _)| *n == key) else { return };
        let entries = self.m.named_md[idx].1.clone();
        let mut kept = Vec::with_capacity(entries.len());
        for id in entries {
            let node = self.m.ctx.md(id).clone();
            let g = match node.ops.first() {
                Some(Md::Const(c)) => match self.m.ctx.const_of(*c) {
                    Const::Global(_, g) if self.m.globals[*g].func.is_some() => Some(*g),
                    _ => None,
                },
                _ => None,
            };
            let Some(g) = g else {
                kept.push(id);
                continue;
            };
            let mut rest = vec![node.ops[0]];
            let mut changed = false;
            let mut i = 1;
            while i + 1 < node.ops.len() {
                let (k, v) = (node.ops[i], node.ops[i + 1]);
                i += 2;
                let (Md::Str(ks), Md::Const(vc)) = (k, v) else {
                    rest.extend([k, v]);
                    continue;
                };
                let value = match self.m.ctx.const_of(vc) {
                    Const::Int(_, v) => v.low_u64(),
                    _ => {
                        rest.extend([k, v]);
                        continue;
                    }
                };
                match self.m.ctx.name(ks) {
                    b"kernel" if value == 1 => {
                        self.m.func_mut(g).cconv = PTX_KERNEL;
                        changed = true;
                    }
                    b"align" => {
                        let index = value >> 16;
                        let align = value & 0xffff;
                        let kind = self.m.ctx.sym("alignstack");
                        let attr = Attr { kind, arg: AttrArg::Int(align) };
                        let f = self.m.func(g).attrs.clone();
                        let slot = if index == 0 { f.ret } else { f.param(index as usize - 1) };
                        let mut set = self.m.ctx.attrs_of(slot).to_vec();
                        set.push(attr);
                        let new = self.m.ctx.attrs(set);
                        let fa = &mut self.m.func_mut(g).attrs;
                        if index == 0 {
                            fa.ret = new;
                        } else {
                            let p = index as usize - 1;
                            if fa.params.len() <= p {
                                fa.params.resize(p + 1, AttrsId::EMPTY);
                            }
                            fa.params[p] = new;
                        }
                        changed = true;
                    }
                    _ => rest.extend([k, v]),
                }
            }
            rest.extend(node.ops[i..].iter().copied());
            if !changed {
                kept.push(id);
            } else if rest.len() > 1 {
                kept.push(self.m.ctx.md_intern(MdNode::tuple(false, rest)));
            }
        }
        self.m.named_md[idx].1 = kept;
    }
}
