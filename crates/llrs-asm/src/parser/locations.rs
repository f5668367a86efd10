//! What the bitcode round trip of `llvm-as | llvm-dis` does to instruction locations, which the
//! reader reproduces: a `!dbg` attachment is written to bitcode as a location record, not as a
//! node, so a `distinct !DILocation` used there comes back uniqued.

use super::Parser;
use llrs_ir::{MdKind, MdNode};

impl<'a> Parser<'a> {
    /// Uniques the `distinct !DILocation` attachments of instructions (the node itself stays for
    /// its other users: loop metadata, debug records).
    pub(super) fn unique_instruction_locations(&mut self) {
        let Some(kw) = self.m.ctx.names.lookup(b"DILocation") else { return };
        let distinct_location = move |node: &MdNode| {
            node.distinct && (node.kind == MdKind::Special(kw) || matches!(node.kind, MdKind::Location { .. }))
        };
        llrs_upgrade::rewrite_attachments(
            &mut self.m,
            b"dbg",
            |ctx, id| distinct_location(ctx.md(id)),
            |ctx, id| {
                let mut copy = ctx.md(id).clone();
                copy.distinct = false;
                ctx.md_intern(copy)
            },
        );
    }
}
