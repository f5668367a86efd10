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
                    DiValue::List(items) => {
                        DiValue::List(Box::new(items.iter().map(|&m| remap_md(m, canon)).collect()))
                    }
                    other => other.clone(),
                };
                (*k, v)
            })
            .collect(),
    }
}

/// From this many nodes on, equal nodes are looked for on every thread, by hash.
const PARALLEL_CHECK_MIN: usize = 50_000;

/// True when no two uniqued nodes have the same content hash (so no two are equal). The hashes
/// are made on every thread and sorted; the index of the context is made later, if ever needed.
fn no_equal_hashes(ctx: &llrs_ir::Context) -> bool {
    use rayon::prelude::*;
    let mut hashes: Vec<u64> = (0..ctx.num_mds() as u32)
        .into_par_iter()
        .map(MdId)
        .filter(|&id| !ctx.md(id).distinct)
        .map(|id| ctx.md_content_hash(id))
        .collect();
    hashes.par_sort_unstable();
    !hashes.windows(2).any(|w| w[0] == w[1])
}

impl<'a> Parser<'a> {
    /// Merges structurally equal uniqued nodes and points every reference at the survivor.
    pub(super) fn unique_metadata(&mut self) {
        let n = self.m.ctx.num_mds();
        // Cheap check first: most modules (all of LLVM's own output) have no equal nodes. Every
        // uniqued node is then registered with the context, so that nodes made by later upgrades
        // are merged with equal ones read from the text.
        if n >= PARALLEL_CHECK_MIN && no_equal_hashes(&self.m.ctx) {
            self.m.ctx.md_register_all_later();
            return;
        }
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
        // A node that LLVM read as an earlier one refers, through it, to itself: distinct.
        for id in std::mem::take(&mut self.md_selfref_merged) {
            let Some(&s) = canon.get(id.0 as usize) else { continue };
            let me = Md::Node(s);
            let node = self.m.ctx.md(s);
            if !node.distinct && (node.ops.contains(&me) || node.fields.iter().any(|(_, v)| *v == DiValue::Md(me))) {
                let mut node = node.clone();
                node.distinct = true;
                self.m.ctx.md_set(s, node);
            }
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

#[cfg(test)]
mod tests {
    use crate::{parse_module, print_module};

    #[test]
    fn a_node_read_as_an_earlier_one_with_the_same_forward_operands_is_that_node() {
        // LLVM 22: `!2 = !{!2}` is read while `!2` is still a forward reference, so it is `!1`
        // (`!{T2}`), which becomes distinct once it refers to itself; `!3`/`!4` stay uniqued.
        let src = "!named = !{!1, !2, !3}\n!1 = !{!2}\n!2 = !{!2}\n!3 = !{!4}\n!4 = !{!3}\n";
        let m = parse_module(src.as_bytes(), "t.ll").expect("parses");
        let out = String::from_utf8(print_module(&m)).expect("utf-8");
        assert!(out.ends_with("!named = !{!0, !0, !1}\n\n!0 = distinct !{!0}\n!1 = !{!2}\n!2 = !{!1}\n"), "{out}");
        // The same with more operands, and a node referring to itself with no earlier equal one
        // after the first (as llvm-as-22 | llvm-dis-22 prints it).
        let src = "!named = !{!0, !1, !3}\n!0 = !{!1, !2}\n!1 = !{!1, !2}\n!2 = !{}\n!3 = !{!3, !4}\n!4 = !{!\"x\"}\n";
        let m = parse_module(src.as_bytes(), "t.ll").expect("parses");
        let out = String::from_utf8(print_module(&m)).expect("utf-8");
        let want =
            "!named = !{!0, !0, !2}\n\n!0 = distinct !{!0, !1}\n!1 = !{}\n!2 = distinct !{!2, !3}\n!3 = !{!\"x\"}\n";
        assert!(out.ends_with(want), "{out}");
    }

    #[test]
    fn a_self_reference_defined_alone_is_distinct_and_kept_apart() {
        let src = "!named = !{!5, !6}\n!5 = !{!5}\n!6 = !{!5}\n";
        let m = parse_module(src.as_bytes(), "t.ll").expect("parses");
        let out = String::from_utf8(print_module(&m)).expect("utf-8");
        assert!(out.ends_with("!named = !{!0, !1}\n\n!0 = distinct !{!0}\n!1 = !{!0}\n"), "{out}");
    }

    #[test]
    fn equal_nodes_among_many_are_merged() {
        let mut src = String::from("!named = !{!0, !1}\n!0 = !{}\n!1 = !{}\n");
        for i in 2..super::PARALLEL_CHECK_MIN + 10 {
            src.push_str(&format!("!{i} = !{{i32 {i}}}\n"));
        }
        let m = parse_module(src.as_bytes(), "t.ll").expect("parses");
        let out = String::from_utf8(print_module(&m)).expect("utf-8");
        assert!(out.ends_with("!named = !{!0, !0}\n\n!0 = !{}\n"), "{out}");
    }
}
