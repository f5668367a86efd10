//! LLVM's `upgradeInstructionLoopAttachment`: `!llvm.loop` properties tagged with the old
//! `llvm.vectorizer.*` names become `llvm.loop.vectorize.*` (`llvm.vectorizer.unroll` becomes
//! `llvm.loop.interleave.count`).
//!
//! LLVM's metadata loader applies it only to bitcode whose strings are in the old one-record-
//! per-string form (`METADATA_STRING_OLD`, before LLVM 3.9) and one of them starts with
//! `llvm.vectorizer.` ([`may_be_old_loop_attachment_tag`]); LLParser never does, and neither
//! does reading back what LLVM 22 writes, so the `.ll` reader leaves such tags as written.

use llrs_ir::{Context, Md, MdId, MdKind, MdNode};

/// The prefix of the old tags.
const OLD_PREFIX: &[u8] = b"llvm.vectorizer.";

/// `mayBeOldLoopAttachmentTag`: whether a metadata string looks like an old loop tag.
pub fn may_be_old_loop_attachment_tag(name: &[u8]) -> bool {
    name.starts_with(OLD_PREFIX)
}

/// The old tag of a loop property `!{!"llvm.vectorizer.*", ...}` (`isOldLoopArgument`).
fn old_tag(ctx: &Context, md: Md) -> Option<&[u8]> {
    let Md::Node(id) = md else { return None };
    let node = ctx.md(id);
    if node.kind != MdKind::Tuple {
        return None;
    }
    let Some(&Md::Str(s)) = node.ops.first() else { return None };
    let text = ctx.name(s);
    may_be_old_loop_attachment_tag(text).then_some(text)
}

/// `upgradeLoopTag`: the new name of an old tag.
fn upgrade_loop_tag(old: &[u8]) -> Vec<u8> {
    if old == b"llvm.vectorizer.unroll" {
        return b"llvm.loop.interleave.count".to_vec();
    }
    [&b"llvm.loop.vectorize."[..], old.strip_prefix(OLD_PREFIX).unwrap_or(old)].concat()
}

/// `upgradeLoopArgument`: a loop property with an old tag as a (uniqued) tuple with the new tag
/// and the same other operands; any other operand as it is.
fn upgrade_loop_argument(ctx: &mut Context, md: Md) -> Md {
    let Some(tag) = old_tag(ctx, md) else { return md };
    let new_tag = upgrade_loop_tag(tag);
    let Md::Node(id) = md else { return md };
    let rest: Vec<Md> = ctx.md(id).ops.iter().skip(1).copied().collect();
    let tag = Md::Str(ctx.sym_bytes(&new_tag));
    Md::Node(ctx.md_intern(MdNode::tuple(false, std::iter::once(tag).chain(rest))))
}

/// `upgradeInstructionLoopAttachment`: a `!llvm.loop` tuple with an operand tagged
/// `llvm.vectorizer.*` becomes a new uniqued tuple whose such operands are upgraded (the loop's
/// first operand still names the old node, as in LLVM); any other node is returned as it is.
pub fn upgrade_instruction_loop_attachment(ctx: &mut Context, n: MdId) -> MdId {
    let node = ctx.md(n);
    if node.kind != MdKind::Tuple || !node.ops.iter().any(|&md| old_tag(ctx, md).is_some()) {
        return n;
    }
    let ops: Vec<Md> = node.ops.to_vec();
    let new_ops: Vec<Md> = ops.into_iter().map(|md| upgrade_loop_argument(ctx, md)).collect();
    ctx.md_intern(MdNode::tuple(false, new_ops))
}
