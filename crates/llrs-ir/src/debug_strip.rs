//! Removal of debug information from a module, as LLVM's `StripDebugInfo` does; readers apply it
//! when a module's debug info has a version they cannot read (`UpgradeDebugInfo`).

use crate::metadata::{DiValue, Md, MdId, MdKind, MdNode};
use crate::module::Module;
use crate::Context;
use rustc_hash::{FxHashMap, FxHashSet};

/// The version of debug metadata this IR holds (`DEBUG_METADATA_VERSION`).
pub const DEBUG_METADATA_VERSION: u64 = 3;

/// The value of the `"Debug Info Version"` module flag, 0 when there is none or it is not an
/// integer (LLVM's reading, which runs before the module flags are verified).
pub fn debug_metadata_version(m: &Module) -> u64 {
    let Some(key) = m.ctx.names.lookup(b"llvm.module.flags") else { return 0 };
    let Some((_, flags)) = m.named_md.iter().find(|(n, _)| *n == key) else { return 0 };
    let wanted = m.ctx.names.lookup(b"Debug Info Version");
    for &f in flags {
        let node = m.ctx.md(f);
        if node.kind != MdKind::Tuple || node.ops.len() < 3 {
            continue;
        }
        if matches!(node.ops[1], Md::Str(s) if Some(s) == wanted) {
            return version_of(&m.ctx, node.ops[2]);
        }
    }
    0
}

fn version_of(ctx: &Context, op: Md) -> u64 {
    match op {
        Md::Const(c) => match ctx.const_of(c) {
            crate::Const::Int(_, v) => v.low_u64(),
            _ => 0,
        },
        _ => 0,
    }
}

/// `StripDebugInfo`: removes the `llvm.dbg.*` and `llvm.gcov` named metadata, every debug
/// record, debug location and `!dbg` attachment of functions and global variables, the
/// `heapallocsite` and `DIAssignID` attachments, and the locations inside `!llvm.loop` nodes
/// (dropping a loop node that held nothing else). Returns whether anything changed.
pub fn strip_debug_info(m: &mut Module) -> bool {
    let mut changed = false;
    let before = m.named_md.len();
    let names = &m.ctx.names;
    m.named_md.retain(|(n, _)| {
        let n = names.get(*n);
        !(n.starts_with(b"llvm.dbg.") || n == b"llvm.gcov")
    });
    changed |= m.named_md.len() != before;

    let dbg = m.ctx.md_kind(b"dbg");
    let lp = m.ctx.md_kind(b"llvm.loop");
    let heap = m.ctx.md_kind(b"heapallocsite");
    let assign = m.ctx.md_kind(b"DIAssignID");
    let mut loops: FxHashMap<MdId, Option<MdId>> = FxHashMap::default();
    for fi in 0..m.functions.len() {
        let g = m.functions[fi];
        let before = m.globals[g].md.len();
        m.globals[g].md.retain(|e| e.0 != dbg);
        changed |= m.globals[g].md.len() != before;
        let Some(mut body) = m.globals[g].func.as_mut().and_then(|f| f.body.take()) else { continue };
        for b in body.layout.clone() {
            changed |= !body.blocks[b].trailing_records.is_empty();
            body.blocks[b].trailing_records.clear();
            for &i in &body.blocks[b].insts {
                let inst = &mut body.insts[i];
                changed |= !inst.dbg_records.is_empty();
                inst.dbg_records.clear();
                let n = inst.md.len();
                inst.md.retain(|e| e.0 != dbg && e.0 != heap && e.0 != assign);
                changed |= inst.md.len() != n;
                let Some(pos) = inst.md.iter().position(|&(k, _)| k == lp) else { continue };
                let id = inst.md[pos].1;
                let new = *loops.entry(id).or_insert_with(|| strip_loop_locations(&mut m.ctx, id));
                match new {
                    Some(n) => inst.md[pos].1 = n,
                    None => {
                        inst.md.remove(pos);
                    }
                }
            }
        }
        if let Some(f) = m.globals[g].func.as_mut() {
            f.body = Some(body);
        }
    }
    for &g in &m.vars {
        let gl = &mut m.globals[g];
        let n = gl.md.len();
        gl.md.retain(|e| e.0 != dbg);
        changed |= gl.md.len() != n;
    }
    changed
}

/// The metadata nodes a node refers to.
fn node_refs(n: &MdNode) -> impl Iterator<Item = MdId> + '_ {
    let ops = n.ops.iter().filter_map(|o| if let Md::Node(x) = o { Some(*x) } else { None });
    let fields = n.fields.iter().flat_map(|(_, v)| {
        let items: &[Md] = match v {
            DiValue::Md(m) => std::slice::from_ref(m),
            DiValue::List(l) => l,
            _ => &[],
        };
        items.iter().filter_map(|o| if let Md::Node(x) = o { Some(*x) } else { None })
    });
    ops.chain(fields)
}

fn is_location(ctx: &Context, n: MdId) -> bool {
    match ctx.md(n).kind {
        MdKind::Location { .. } => true,
        MdKind::Special(k) => ctx.name(k) == b"DILocation",
        _ => false,
    }
}

/// Whether `n` is a DILocation or reaches one (`isDILocationReachable`), memoized in `reach`.
fn reaches_location(ctx: &Context, n: MdId, seen: &mut FxHashSet<MdId>, reach: &mut FxHashSet<MdId>) -> bool {
    if is_location(ctx, n) || reach.contains(&n) {
        return true;
    }
    if !seen.insert(n) {
        return false;
    }
    // Depth-first without recursion: a path of nodes, each with the index of its next operand.
    let mut path: Vec<(MdId, Vec<MdId>, usize)> = vec![(n, node_refs(ctx.md(n)).collect(), 0)];
    while let Some((node, ops, i)) = path.last_mut() {
        if *i >= ops.len() {
            path.pop();
            continue;
        }
        let op = ops[*i];
        *i += 1;
        let node = *node;
        if is_location(ctx, op) || reach.contains(&op) {
            // Every node on the path reaches a location.
            reach.insert(node);
            for (p, _, _) in &path {
                reach.insert(*p);
            }
            return true;
        }
        if seen.insert(op) {
            path.push((op, node_refs(ctx.md(op)).collect(), 0));
        }
    }
    false
}

/// `stripDebugLocFromLoopID`: the loop node without its locations (and what only leads to them);
/// `None` when nothing else is left; the node itself when it holds no location.
fn strip_loop_locations(ctx: &mut Context, id: MdId) -> Option<MdId> {
    let node = ctx.md(id).clone();
    if node.kind != MdKind::Tuple || node.ops.is_empty() {
        return Some(id);
    }
    let mut seen = FxHashSet::default();
    seen.insert(id);
    let mut reach = FxHashSet::default();
    let hits: Vec<bool> = node.ops[1..]
        .iter()
        .map(|o| match o {
            Md::Node(x) => reaches_location(ctx, *x, &mut seen, &mut reach),
            _ => false,
        })
        .collect();
    if !hits.iter().any(|&h| h) {
        return Some(id);
    }
    if hits.iter().all(|&h| h) {
        return None;
    }
    let mut ops = vec![Md::Null];
    for (o, hit) in node.ops[1..].iter().zip(hits) {
        if !hit {
            ops.push(*o);
        }
    }
    let new = ctx.md_new(MdNode::tuple(true, ops.iter().copied()));
    ops[0] = Md::Node(new);
    ctx.md_set(new, MdNode::tuple(true, ops));
    Some(new)
}
