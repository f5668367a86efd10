//! The end of a metadata block (`resolveForwardRefsAndPlaceholders`, `tryToResolveCycles`): every
//! forward reference must have been defined; placeholders that stand for something other than
//! themselves (a string, a value, an equal node made earlier) are replaced wherever they are
//! used, as LLVM's `replaceAllUsesWith` of its temporaries does, and uniqued nodes that became
//! equal are merged.

use llrs_ir::{DiValue, Md, MdId, MdNode, Module};
use rustc_hash::FxHashMap;

use super::MetadataLoader;
use crate::Error;

/// The nodes a node refers to (operands, and node-valued fields).
pub(super) fn node_refs(node: &MdNode) -> impl Iterator<Item = MdId> + '_ {
    let ops = node.ops.iter().copied();
    let fields = node.fields.iter().flat_map(|(_, v)| {
        let (one, list): (Option<Md>, &[Md]) = match v {
            DiValue::Md(m) => (Some(*m), &[]),
            DiValue::List(l) => (None, &l[..]),
            _ => (None, &[]),
        };
        one.into_iter().chain(list.iter().copied())
    });
    ops.chain(fields).filter_map(|m| match m {
        Md::Node(n) => Some(n),
        _ => None,
    })
}

/// Whether `node` refers to `id` directly.
pub(super) fn refers_to(node: &MdNode, id: MdId) -> bool {
    node_refs(node).any(|r| r == id)
}

/// `node` with every operand `m` replaced by `f(m)`; `None` when nothing changes.
pub(super) fn map_node(node: &MdNode, f: &impl Fn(Md) -> Md) -> Option<MdNode> {
    let changes = |m: &Md| matches!(m, Md::Node(_)) && f(*m) != *m;
    let changed = node.ops.iter().any(changes)
        || node.fields.iter().any(|(_, v)| match v {
            DiValue::Md(m) => changes(m),
            DiValue::List(l) => l.iter().any(changes),
            _ => false,
        });
    if !changed {
        return None;
    }
    let fields = node
        .fields
        .iter()
        .map(|(n, v)| {
            let v = match v {
                DiValue::Md(m) => DiValue::Md(f(*m)),
                DiValue::List(l) => DiValue::List(Box::new(l.iter().map(|m| f(*m)).collect())),
                v => v.clone(),
            };
            (*n, v)
        })
        .collect();
    Some(MdNode { distinct: node.distinct, kind: node.kind, ops: node.ops.iter().map(|m| f(*m)).collect(), fields })
}

/// What `m` stands for once the replacements `map` are made (following chains).
fn follow(map: &FxHashMap<MdId, Md>, mut m: Md) -> Md {
    // A chain can be no longer than the map.
    for _ in 0..=map.len() {
        match m {
            Md::Node(n) => match map.get(&n) {
                Some(&to) => m = to,
                None => return m,
            },
            _ => return m,
        }
    }
    m
}

impl MetadataLoader {
    /// The end of a metadata block: forward references are checked, placeholders replaced,
    /// equal uniqued nodes merged.
    pub(super) fn resolve_block(&mut self, m: &mut Module) -> Result<(), Error> {
        if !self.fwd.is_empty() {
            return Err(Error::new("Invalid metadata: forward reference never defined"));
        }
        if self.replaced.is_empty() {
            return Ok(());
        }
        let mut map = std::mem::take(&mut self.replaced);
        loop {
            self.replace_everywhere(m, &map)?;
            let merged = self.merge_equal(m);
            if merged.is_empty() {
                return Ok(());
            }
            map = merged;
        }
    }

    /// Replaces the placeholders of `map` in the block's nodes, the list, the named metadata and
    /// the attachments of globals.
    fn replace_everywhere(&mut self, m: &mut Module, map: &FxHashMap<MdId, Md>) -> Result<(), Error> {
        let f = |md: Md| follow(map, md);
        // What was replaced is no longer used: it is set aside (as a distinct empty node, which
        // nothing merges with).
        for &gone in map.keys() {
            m.ctx.md_set(gone, MdNode::tuple(true, []));
        }
        for i in self.block_nodes(m) {
            let id = MdId(i as u32);
            if let Some(mut node) = map_node(m.ctx.md(id), &f) {
                if !node.distinct && refers_to(&node, id) {
                    node.distinct = true;
                }
                m.ctx.md_set(id, node);
            }
        }
        for md in &mut self.list {
            *md = f(*md);
        }
        // Named metadata and attachments hold nodes only.
        let mut not_node = false;
        let mut node_of = |id: &mut MdId| match f(Md::Node(*id)) {
            Md::Node(n) => *id = n,
            _ => not_node = true,
        };
        for (_, ops) in &mut m.named_md {
            ops.iter_mut().for_each(&mut node_of);
        }
        for g in m.globals.values_mut() {
            g.md.iter_mut().for_each(|(_, id)| node_of(id));
        }
        if not_node {
            return Err(Error::new("Invalid named metadata: expect fwd ref to MDNode"));
        }
        Ok(())
    }

    /// Merges the uniqued nodes of the block that are equal (the first stays), returning what
    /// each merged node became.
    fn merge_equal(&mut self, m: &mut Module) -> FxHashMap<MdId, Md> {
        let mut first: FxHashMap<&MdNode, MdId> = FxHashMap::default();
        let mut merged = FxHashMap::default();
        for i in 0..m.ctx.num_mds() {
            let id = MdId(i as u32);
            let node = m.ctx.md(id);
            if node.distinct {
                continue;
            }
            match first.get(node) {
                Some(&f) if i >= self.block_start => {
                    merged.insert(id, Md::Node(f));
                }
                Some(_) => {}
                None => {
                    first.insert(node, id);
                }
            }
        }
        merged
    }
}
