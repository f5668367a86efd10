//! LLVM's read-time upgrades of metadata: old scalar TBAA tags (`UpgradeTBAANode`) and debug info
//! of a version this IR cannot hold (`UpgradeDebugInfo`).

use llrs_ir::debug_strip::{debug_metadata_version, strip_debug_info, DEBUG_METADATA_VERSION};
use llrs_ir::{Const, Context, Md, MdId, MdKind, MdNode, Module};

/// Replaces every instruction attachment of kind `kind` for which `changes(node)` by
/// `f(node)`, once per node. The functions that have such an attachment are found on every
/// thread first: usually none has one.
pub fn rewrite_attachments(
    m: &mut Module,
    kind: &[u8],
    changes: impl Fn(&Context, MdId) -> bool + Sync,
    mut f: impl FnMut(&mut Context, MdId) -> MdId,
) {
    use rayon::prelude::*;
    let Some(kind) = m.ctx.names.lookup(kind) else { return };
    let ctx = &m.ctx;
    let to_rewrite: Vec<usize> = (0..m.functions.len())
        .into_par_iter()
        .filter(|&fi| {
            let body = m.globals[m.functions[fi]].func.as_ref().and_then(|f| f.body.as_ref());
            body.is_some_and(|body| {
                body.insts.values().any(|inst| inst.md.iter().any(|&(k, id)| k == kind && changes(ctx, id)))
            })
        })
        .collect();
    if to_rewrite.is_empty() {
        return;
    }
    // What each node became, by id (`UNSET` before it is met): nodes made by `f` are never
    // attachments met later.
    const UNSET: u32 = u32::MAX;
    let mut done = vec![UNSET; m.ctx.num_mds()];
    for fi in to_rewrite {
        let g = m.functions[fi];
        let Some(mut body) = m.globals[g].func.as_mut().and_then(|f| f.body.take()) else { continue };
        for inst in body.insts.values_mut() {
            for (k, id) in inst.md.iter_mut() {
                if *k != kind || !changes(&m.ctx, *id) {
                    continue;
                }
                match done.get_mut(id.0 as usize) {
                    Some(memo) if *memo != UNSET => *id = MdId(*memo),
                    Some(memo) => {
                        let new = f(&mut m.ctx, *id);
                        *memo = new.0;
                        *id = new;
                    }
                    None => *id = f(&mut m.ctx, *id),
                }
            }
        }
        if let Some(fd) = m.globals[g].func.as_mut() {
            fd.body = Some(body);
        }
    }
}

/// `UpgradeTBAANode` on every `!tbaa` attachment: an old scalar tag `!{!"name", !parent}` becomes
/// the struct-path tag `!{!T, !T, i64 0}` (with `T` the scalar type node).
pub fn upgrade_tbaa_tags(m: &mut Module) {
    rewrite_attachments(m, b"tbaa", |ctx, id| !tbaa_tag_is_struct_path(ctx.md(id)), upgrade_tbaa_node);
}

/// `UpgradeDebugInfo`: debug info whose `"Debug Info Version"` module flag is missing or not the
/// current version is dropped from the module. Returns whether it was. When dropping changed
/// the module, the version is kept in [`Module::stripped_debug_version`] for LLVM's warning.
pub fn upgrade_debug_info(m: &mut Module) -> bool {
    let version = debug_metadata_version(m);
    if version != DEBUG_METADATA_VERSION {
        if strip_debug_info(m) {
            m.stripped_debug_version = Some(version);
        }
        return true;
    }
    false
}

/// Whether a `!tbaa` attachment is left as it is: a struct-path tag, or not a tag at all (an
/// empty tag is left to the verifier: "TBAA metadata cannot have 0 operands").
fn tbaa_tag_is_struct_path(node: &MdNode) -> bool {
    node.kind != MdKind::Tuple
        || node.ops.is_empty()
        || (matches!(node.ops.first(), Some(Md::Node(_))) && node.ops.len() >= 3)
}

/// `UpgradeTBAANode`: the struct-path form of a TBAA tag; the node itself when it already is one.
pub fn upgrade_tbaa_node(ctx: &mut Context, id: MdId) -> MdId {
    let node = ctx.md(id);
    if tbaa_tag_is_struct_path(node) {
        return id;
    }
    let ops = node.ops.clone();
    let i64t = ctx.int_ty(64);
    let zero = Md::Const(ctx.konst(Const::Int(i64t, llrs_ir::APInt::from_u64(64, 0))));
    if ops.len() == 3 {
        let scalar = Md::Node(ctx.md_intern(MdNode::tuple(false, [ops[0], ops[1]])));
        return ctx.md_intern(MdNode::tuple(false, [scalar, scalar, zero, ops[2]]));
    }
    ctx.md_intern(MdNode::tuple(false, [Md::Node(id), Md::Node(id), zero]))
}
