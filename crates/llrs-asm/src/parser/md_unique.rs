//! Uniquing of metadata nodes once every forward reference is resolved: LLVM keeps one node for
//! structurally equal uniqued (non-`distinct`) nodes, so `!5 = !{}` and `!6 = !{}` are one node.

use super::Parser;
use llrs_ir::metadata::Md;
use llrs_ir::{DiValue, InstExtra, MdId, MdNode, Value};
use rustc_hash::FxHashMap;

fn remap_md(m: Md, canon: &[MdId]) -> Md {
    match m {
        Md::Node(id) => Md::Node(canon[id.0 as usize]),
        other => other,
    }
}

fn remap_node(n: &MdNode, canon: &[MdId]) -> MdNode {
    MdNode {
        distinct: n.distinct,
        kind: n.kind,
        ops: n.ops.iter().map(|&m| remap_md(m, canon)).collect(),
        fields: n
            .fields
            .iter()
            .map(|(k, v)| {
                let v = match v {
                    DiValue::Md(m) => DiValue::Md(remap_md(*m, canon)),
                    DiValue::List(items) => DiValue::List(items.iter().map(|&m| remap_md(m, canon)).collect()),
                    other => other.clone(),
                };
                (*k, v)
            })
            .collect(),
    }
}

impl<'a> Parser<'a> {
    /// Merges structurally equal uniqued nodes and points every reference at the survivor.
    pub(super) fn unique_metadata(&mut self) {
        let n = self.m.ctx.num_mds();
        // Cheap check first: most modules (all of LLVM's own output) have no equal nodes. It
        // registers every uniqued node with the context, so that nodes made by later upgrades
        // are merged with equal ones read from the text.
        self.m.ctx.md_reserve(n);
        if (0..n).all(|i| self.m.ctx.md_register(MdId(i as u32)).is_none()) {
            return;
        }
        let mut canon: Vec<MdId> = (0..n as u32).map(MdId).collect();
        loop {
            let mut changed = false;
            let mut table: FxHashMap<MdNode, MdId> = FxHashMap::with_capacity_and_hasher(n, Default::default());
            for i in 0..n {
                let id = MdId(i as u32);
                if canon[i] != id {
                    continue;
                }
                let node = self.m.ctx.md(id);
                if node.distinct {
                    continue;
                }
                let key = remap_node(node, &canon);
                match table.get(&key) {
                    Some(&first) => {
                        canon[i] = first;
                        changed = true;
                    }
                    None => {
                        table.insert(key, id);
                    }
                }
            }
            // Follow chains so that every entry names its final survivor.
            for i in 0..n {
                let mut c = canon[i];
                while canon[c.0 as usize] != c {
                    c = canon[c.0 as usize];
                }
                canon[i] = c;
            }
            if !changed {
                break;
            }
        }
        // Rewrite every reference, then register the survivors again.
        for i in 0..n {
            let id = MdId(i as u32);
            let node = remap_node(self.m.ctx.md(id), &canon);
            self.m.ctx.md_set(id, node);
        }
        self.m.ctx.md_unregister_all();
        for (i, &c) in canon.iter().enumerate() {
            if c.0 as usize == i {
                self.m.ctx.md_register(c);
            }
        }
        for (_, ops) in self.m.named_md.iter_mut() {
            for o in ops.iter_mut() {
                *o = canon[o.0 as usize];
            }
        }
        let remap_value = |v: &mut Value| {
            if let Value::Md(m) = v {
                *m = remap_md(*m, &canon);
            }
        };
        for gi in 0..self.m.globals.len() {
            let g = &mut self.m.globals[llrs_ir::GlobalId(gi as u32)];
            for (_, m) in g.md.iter_mut() {
                *m = canon[m.0 as usize];
            }
            let Some(body) = g.func.as_mut().and_then(|f| f.body.as_mut()) else { continue };
            for ii in 0..body.insts.len() {
                let d = &mut body.insts[llrs_ir::InstId(ii as u32)];
                for (_, m) in d.md.iter_mut() {
                    *m = canon[m.0 as usize];
                }
                for op in d.operands.iter_mut() {
                    remap_value(op);
                }
                if let InstExtra::Call(cd) = &mut d.extra {
                    for b in cd.bundles.iter_mut() {
                        for v in b.inputs.iter_mut() {
                            remap_value(v);
                        }
                    }
                }
                for r in d.dbg_records.iter_mut() {
                    r.loc = remap_md(r.loc, &canon);
                    r.var = remap_md(r.var, &canon);
                    r.expr = remap_md(r.expr, &canon);
                    r.dbg = remap_md(r.dbg, &canon);
                    if let Some((a, b, c)) = &mut r.assign {
                        *a = remap_md(*a, &canon);
                        *b = remap_md(*b, &canon);
                        *c = remap_md(*c, &canon);
                    }
                }
            }
        }
    }
}
