//! Attachments: of global declarations and definitions (`METADATA_GLOBAL_DECL_ATTACHMENT`, in the
//! module's metadata block), and of a function and its instructions (`METADATA_ATTACHMENT` block,
//! `parseMetadataAttachment`), with the upgrades of old `!tbaa` and `!llvm.loop` attachments.

use llrs_ir::{Md, MdId, MdKind, Module, Symbol};

use super::{Env, MetadataLoader};
use crate::bitstream::{BlockInfo, Cursor, Entry};
use crate::codes::{METADATA_ATTACHMENT, METADATA_ATTACHMENT_ID};
use crate::walk::stream_error;
use crate::Error;

/// What an attachment of a function block is attached to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AttachTarget {
    /// The function itself (`GlobalObject::addMetadata`: added beside others of its kind).
    Function,
    /// Its instruction with this index, counting every instruction of the body in order
    /// (`Instruction::setMetadata`: it replaces one of its kind).
    Inst(u32),
}

/// One attachment of a function block, for the body reader to apply.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Attachment {
    /// What it is attached to.
    pub target: AttachTarget,
    /// The kind (`dbg`, `tbaa`, ...).
    pub kind: Symbol,
    /// The node.
    pub node: MdId,
}

impl MetadataLoader {
    /// The attachments of a global object, `[kind, node]...` (`parseGlobalObjectAttachment`).
    fn object_attachments(&mut self, m: &mut Module, r: &[u64]) -> Result<Vec<(Symbol, MdId)>, Error> {
        let mut out = Vec::new();
        for pair in r.chunks_exact(2) {
            let Some(kind) = self.kind(pair[0]) else { return Err(Error::new("Invalid ID")) };
            let node = match self.get(pair[1]) {
                Some(Md::Node(n)) if m.ctx.md(n).kind != MdKind::ArgList => Some(n),
                Some(_) => None,
                None => self.fwd_ref(m, pair[1]),
            };
            let Some(node) = node else {
                return Err(Error::new("Invalid metadata attachment: expect fwd ref to MDNode"));
            };
            out.push((kind, node));
        }
        Ok(out)
    }

    /// `METADATA_GLOBAL_DECL_ATTACHMENT` `[value id, (kind, node)...]`: attachments of a global
    /// variable or function (of any other value, nothing).
    pub(super) fn global_decl_attachment(&mut self, env: &mut Env<'_>, r: &[u64]) -> Result<(), Error> {
        if r.len().is_multiple_of(2) {
            return Err(Error::new("Invalid record"));
        }
        let Some(g) = env.values.global_object(env.module, r[0]) else { return Err(Error::new("Invalid record")) };
        if let Some(g) = g {
            for a in self.object_attachments(env.module, &r[1..])? {
                env.module.globals[g].md.push(a);
            }
        }
        Ok(())
    }

    /// Reads a `METADATA_ATTACHMENT` block whose id was just read (`parseMetadataAttachment`),
    /// for a function of `num_insts` instructions: its attachments in order, old `!tbaa` tags
    /// and old loop tags upgraded, `!tbaa` dropped while TBAA is stripped. An attachment to
    /// function-local metadata ends its record (LLVM drops the rest).
    pub fn parse_attachments(
        &mut self,
        cur: &mut Cursor<'_>,
        info: &BlockInfo,
        m: &mut Module,
        num_insts: usize,
    ) -> Result<Vec<Attachment>, Error> {
        cur.enter_block(METADATA_ATTACHMENT_ID, info).map_err(stream_error)?;
        let mut out = Vec::new();
        loop {
            let a = match cur.advance().map_err(stream_error)? {
                Entry::EndBlock => return Ok(out),
                Entry::SubBlock(_) => {
                    cur.skip_block().map_err(stream_error)?;
                    continue;
                }
                Entry::Record(a) => a,
            };
            let rec = cur.read_record(a).map_err(stream_error)?;
            if rec.code != METADATA_ATTACHMENT {
                continue;
            }
            let r = &rec.ops[..];
            if r.is_empty() {
                return Err(Error::new("Invalid record"));
            }
            if r.len().is_multiple_of(2) {
                for (kind, node) in self.object_attachments(m, r)? {
                    out.push(Attachment { target: AttachTarget::Function, kind, node });
                }
                continue;
            }
            let inst = u32::try_from(r[0]).ok().filter(|&i| (i as usize) < num_insts);
            let Some(inst) = inst else { return Err(Error::new("Invalid record")) };
            for pair in r[1..].chunks_exact(2) {
                let Some(kind) = self.kind(pair[0]) else { return Err(Error::new("Invalid ID")) };
                let name = m.ctx.name(kind);
                let (tbaa, is_loop) = (name == b"tbaa", name == b"llvm.loop");
                if tbaa && self.strip_tbaa {
                    continue;
                }
                let node = match self.get(pair[1]) {
                    // Function-local metadata: dropped, with the rest of the record.
                    Some(Md::Local(_)) => break,
                    Some(Md::Node(n)) if m.ctx.md(n).kind != MdKind::ArgList => n,
                    _ => return Err(Error::new("Invalid metadata attachment")),
                };
                let node = if self.has_seen_old_loop_tags && is_loop {
                    llrs_upgrade::upgrade_instruction_loop_attachment(&mut m.ctx, node)
                } else {
                    node
                };
                let node = if tbaa { llrs_upgrade::upgrade_tbaa_node(&mut m.ctx, node) } else { node };
                out.push(Attachment { target: AttachTarget::Inst(inst), kind, node });
            }
        }
    }
}
