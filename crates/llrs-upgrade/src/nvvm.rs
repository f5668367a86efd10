//! `UpgradeNVVMAnnotations`: `!nvvm.annotations` entries that LLVM 22 turns into IR — `kernel`
//! becomes the `ptx_kernel` calling convention, `align` a stack alignment attribute, the launch
//! bounds (`maxntid{x,y,z}`, `reqntid*`, `cluster_dim_*`, `minctasm`, `maxnreg`,
//! `maxclusterrank`) `"nvvm.*"` function attributes and `grid_constant` parameter attributes.
//! Repeated entries and entries not about a global go; the others keep their other pairs.

use crate::Up;
use llrs_ir::attributes::{Attr, AttrArg};
use llrs_ir::metadata::Md;
use llrs_ir::{AttrsId, Const, MdNode, Module};

/// LLVM's `CallingConv::PTX_Kernel`.
const PTX_KERNEL: u32 = 71;

/// `UpgradeNVVMAnnotations`: the `!nvvm.annotations` entries that LLVM 22 turns into IR.
pub fn upgrade_nvvm_annotations(m: &mut Module) {
    Up { m }.upgrade_nvvm_annotations();
}

impl Up<'_> {
    fn upgrade_nvvm_annotations(&mut self) {
        let Some(key) = self.m.ctx.names.lookup(b"nvvm.annotations") else { return };
        let Some(idx) = self.m.named_md.iter().position(|(n, _)| *n == key) else { return };
        let entries = self.m.named_md[idx].1.clone();
        let mut kept = Vec::with_capacity(entries.len());
        let mut seen = rustc_hash::FxHashSet::default();
        for id in entries {
            if !seen.insert(id) {
                continue;
            }
            let node = self.m.ctx.md(id).clone();
            let g = match node.ops.first() {
                Some(Md::Const(c)) => match self.m.ctx.const_of(*c) {
                    Const::Global(_, g) => Some(*g),
                    _ => None,
                },
                _ => None,
            };
            let Some(g) = g else { continue };
            if self.m.globals[g].func.is_none() {
                kept.push(id);
                continue;
            }
            let mut rest = vec![node.ops[0]];
            let mut changed = false;
            let mut i = 1;
            while i + 1 < node.ops.len() {
                let (k, v) = (node.ops[i], node.ops[i + 1]);
                i += 2;
                if let (Md::Str(ks), Md::Node(list)) = (k, v) {
                    if self.m.ctx.name(ks) == b"grid_constant" {
                        self.grid_constant(g, list);
                        changed = true;
                        continue;
                    }
                }
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
                let key = self.m.ctx.name(ks).to_vec();
                let vector = [&b"maxntid"[..], b"reqntid", b"cluster_dim_"].iter().find_map(|p| {
                    let d = key.strip_prefix(*p)?;
                    matches!(d, b"x" | b"y" | b"z").then(|| (*p, (d[0] - b'x') as usize))
                });
                if let Some((p, dim)) = vector {
                    let attr = match p {
                        b"maxntid" => "nvvm.maxntid",
                        b"reqntid" => "nvvm.reqntid",
                        _ => "nvvm.cluster_dim",
                    };
                    self.nvvm_vector_attr(g, attr, dim, value);
                    changed = true;
                    continue;
                }
                match &key[..] {
                    b"kernel" => {
                        if value != 0 {
                            self.m.func_mut(g).cconv = PTX_KERNEL;
                        }
                        changed = true;
                    }
                    b"maxclusterrank" | b"cluster_max_blocks" | b"minctasm" | b"maxnreg" => {
                        let attr = match &key[..] {
                            b"minctasm" => "nvvm.minctasm",
                            b"maxnreg" => "nvvm.maxnreg",
                            _ => "nvvm.maxclusterrank",
                        };
                        self.add_fn_str_attr(g, attr, &value.to_string());
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

    /// Sets the function attribute `"key"="value"` of `g`.
    fn add_fn_str_attr(&mut self, g: llrs_ir::GlobalId, key: &str, value: &str) {
        let (kind, val) = (self.m.ctx.sym(key), self.m.ctx.sym(value));
        let set = self.m.func(g).attrs.func;
        let new = self.m.ctx.with_str_attr(set, kind, Some(val));
        self.m.func_mut(g).attrs.func = new;
    }

    /// `upgradeNVVMFnVectorAttr`: sets dimension `dim` of the `"x,y,z"` attribute `key` (missing
    /// dimensions up to it are 1).
    fn nvvm_vector_attr(&mut self, g: llrs_ir::GlobalId, key: &str, dim: usize, value: u64) {
        let kind = self.m.ctx.sym(key);
        let existing = self.m.ctx.str_attr(self.m.func(g).attrs.func, kind).flatten();
        let existing = existing.map(|v| String::from_utf8_lossy(self.m.ctx.name(v)).into_owned());
        let mut dims: Vec<u64> =
            existing.map(|e| e.split(',').map(|d| d.trim().parse().unwrap_or(1)).collect()).unwrap_or_default();
        if dims.len() <= dim {
            dims.resize(dim + 1, 1);
        }
        dims[dim] = value;
        let text = dims.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        self.add_fn_str_attr(g, key, &text);
    }

    /// `grid_constant`: the parameters listed (from 1) get `"nvvm.grid_constant"`.
    fn grid_constant(&mut self, g: llrs_ir::GlobalId, list: llrs_ir::MdId) {
        let kind = self.m.ctx.sym("nvvm.grid_constant");
        let ops = self.m.ctx.md(list).ops.clone();
        for &op in ops.iter() {
            let Md::Const(c) = op else { continue };
            let Const::Int(_, v) = self.m.ctx.const_of(c) else { continue };
            let Some(p) = (v.low_u64() as usize).checked_sub(1) else { continue };
            let f = self.m.func(g).attrs.clone();
            let mut set = self.m.ctx.attrs_of(f.param(p)).to_vec();
            set.retain(|a| a.kind != kind);
            set.push(Attr { kind, arg: AttrArg::Str(None) });
            let new = self.m.ctx.attrs(set);
            let fa = &mut self.m.func_mut(g).attrs;
            if fa.params.len() <= p {
                fa.params.resize(p + 1, AttrsId::EMPTY);
            }
            fa.params[p] = new;
        }
    }
}
