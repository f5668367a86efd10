//! A metadata block (`parseMetadata`) and the records that are not debug-info nodes
//! (`parseOneMetadata`): strings, named metadata, tuples, values, argument lists, the kinds of old
//! files and the attachments of global declarations. The debug-info records are read in
//! `di_types`, `di_scopes` and `di_vars`.

use llrs_ir::metadata::Local;
use llrs_ir::{Md, MdKind, MdNode, Module, Type};

use super::{Env, MetadataLoader};
use crate::bitstream::{BlockInfo, Cursor, Entry, Record};
use crate::codes::*;
use crate::walk::stream_error;
use crate::Error;

impl MetadataLoader {
    /// Reads a `METADATA_BLOCK` whose id was just read (`parseMetadata`): at module level
    /// (`module_level`) or in a function. At its end the forward references are resolved and the
    /// debug info of old files upgraded.
    pub fn parse_metadata(
        &mut self,
        cur: &mut Cursor<'_>,
        info: &BlockInfo,
        env: &mut Env<'_>,
        module_level: bool,
    ) -> Result<(), Error> {
        if !module_level && self.has_fwd_refs() {
            return Err(Error::new("Invalid metadata: fwd refs into function blocks"));
        }
        cur.enter_block(METADATA_BLOCK_ID, info).map_err(stream_error)?;
        self.block_start = env.module.ctx.num_mds();
        loop {
            let a = match cur.advance().map_err(stream_error)? {
                Entry::EndBlock => {
                    self.resolve_block(env.module)?;
                    self.upgrade_debug_info(env.module, module_level);
                    return Ok(());
                }
                // `advanceSkippingSubblocks`.
                Entry::SubBlock(_) => {
                    cur.skip_block().map_err(stream_error)?;
                    continue;
                }
                Entry::Record(a) => a,
            };
            let rec = cur.read_record(a).map_err(stream_error)?;
            self.parse_one(cur, env, &rec)?;
            cur.recycle(rec);
        }
    }

    /// One record of a metadata block (`parseOneMetadata`), in LLVM's order of cases.
    fn parse_one(&mut self, cur: &mut Cursor<'_>, env: &mut Env<'_>, rec: &Record<'_>) -> Result<(), Error> {
        let r = &rec.ops[..];
        let m = &mut *env.module;
        match rec.code {
            METADATA_NAME => self.named(cur, m, r)?,
            METADATA_OLD_FN_NODE => self.old_fn_node(env, r)?,
            METADATA_OLD_NODE => self.old_node(env, r)?,
            METADATA_VALUE => self.value(env, r)?,
            METADATA_DISTINCT_NODE | METADATA_NODE => {
                let distinct = rec.code == METADATA_DISTINCT_NODE;
                let ops: Vec<Md> = r.iter().map(|&v| self.md_or_null(m, v)).collect();
                self.assign_node(m, MdNode::tuple(distinct, ops));
            }
            METADATA_LOCATION => self.location(m, r)?,
            METADATA_GENERIC_DEBUG => self.generic_debug(m, r)?,
            METADATA_SUBRANGE => self.subrange(m, r)?,
            METADATA_GENERIC_SUBRANGE => self.generic_subrange(m, r)?,
            METADATA_ENUMERATOR => self.enumerator(m, r)?,
            METADATA_BASIC_TYPE => self.basic_type(m, r)?,
            METADATA_FIXED_POINT_TYPE => self.fixed_point_type(m, r)?,
            METADATA_STRING_TYPE => self.string_type(m, r)?,
            METADATA_DERIVED_TYPE => self.derived_type(m, r)?,
            METADATA_SUBRANGE_TYPE => self.subrange_type(m, r)?,
            METADATA_COMPOSITE_TYPE => self.composite_type(m, r)?,
            METADATA_SUBROUTINE_TYPE => self.subroutine_type(m, r)?,
            METADATA_MODULE => self.module(m, r)?,
            METADATA_FILE => self.file(m, r)?,
            METADATA_COMPILE_UNIT => self.compile_unit(m, r)?,
            METADATA_SUBPROGRAM => self.subprogram(m, r)?,
            METADATA_LEXICAL_BLOCK => self.lexical_block(m, r)?,
            METADATA_LEXICAL_BLOCK_FILE => self.lexical_block_file(m, r)?,
            METADATA_COMMON_BLOCK => self.common_block(m, r)?,
            METADATA_NAMESPACE => self.namespace(m, r)?,
            METADATA_MACRO => self.macro_(m, r)?,
            METADATA_MACRO_FILE => self.macro_file(m, r)?,
            METADATA_TEMPLATE_TYPE => self.template_type(m, r)?,
            METADATA_TEMPLATE_VALUE => self.template_value(m, r)?,
            METADATA_GLOBAL_VAR => self.global_var(m, r)?,
            METADATA_ASSIGN_ID => self.assign_id(m, r)?,
            METADATA_LOCAL_VAR => self.local_var(m, r)?,
            METADATA_LABEL => self.label(m, r)?,
            METADATA_EXPRESSION => self.expression(m, r)?,
            METADATA_GLOBAL_VAR_EXPR => self.global_var_expr(m, r)?,
            METADATA_OBJC_PROPERTY => self.objc_property(m, r)?,
            METADATA_IMPORTED_ENTITY => self.imported_entity(m, r)?,
            METADATA_STRING_OLD => {
                let s: Vec<u8> = r.iter().map(|&c| c as u8).collect();
                self.has_seen_old_loop_tags |= llrs_upgrade::may_be_old_loop_attachment_tag(&s);
                let sym = m.ctx.sym_bytes(&s);
                self.assign(Md::Str(sym));
            }
            METADATA_STRINGS => self.strings(m, r, rec.blob.unwrap_or(&[]))?,
            METADATA_GLOBAL_DECL_ATTACHMENT => self.global_decl_attachment(env, r)?,
            METADATA_KIND => self.kind_record(m, r)?,
            METADATA_ARG_LIST => self.arg_list(m, r)?,
            // `METADATA_INDEX_OFFSET` and `METADATA_INDEX` serve lazy loading; this reader reads
            // the block in order. Unknown records are ignored.
            _ => {}
        }
        Ok(())
    }

    /// `METADATA_NAME` `[chars]`, then the `METADATA_NAMED_NODE` `[ids]` that must follow it.
    fn named(&mut self, cur: &mut Cursor<'_>, m: &mut Module, r: &[u64]) -> Result<(), Error> {
        let name: Vec<u8> = r.iter().map(|&c| c as u8).collect();
        let next = match cur.advance().map_err(stream_error)? {
            Entry::Record(a) => cur.read_record(a).map_err(stream_error)?,
            _ => return Err(Error::new("METADATA_NAME not followed by METADATA_NAMED_NODE")),
        };
        if next.code != METADATA_NAMED_NODE {
            return Err(Error::new("METADATA_NAME not followed by METADATA_NAMED_NODE"));
        }
        let sym = m.ctx.sym_bytes(&name);
        let at = match m.named_md.iter().position(|(n, _)| *n == sym) {
            Some(i) => i,
            None => {
                m.named_md.push((sym, Vec::new()));
                m.named_md.len() - 1
            }
        };
        for &id in &next.ops {
            // `getMDNodeFwdRefOrNull`: a node, or a forward reference to one.
            let node = match self.get(id) {
                Some(Md::Node(n)) if m.ctx.md(n).kind != MdKind::ArgList => Some(n),
                Some(_) => None,
                None => self.fwd_ref(m, id),
            };
            let Some(node) = node else {
                return Err(Error::new("Invalid named metadata: expect fwd ref to MDNode"));
            };
            m.named_md[at].1.push(node);
        }
        Ok(())
    }

    /// The type `id` of a value record, unless it is `metadata` or `void`.
    fn value_type(env: &mut Env<'_>, id: u64) -> Option<llrs_ir::TypeId> {
        let ty = env.types.get(&mut env.module.ctx, id)?;
        match env.module.ctx.type_of(ty) {
            Type::Metadata | Type::Void => None,
            _ => Some(ty),
        }
    }

    /// `METADATA_VALUE` `[type, value]`: a constant, global or local value as metadata.
    fn value(&mut self, env: &mut Env<'_>, r: &[u64]) -> Result<(), Error> {
        let &[ty, v] = r else { return Err(Error::new("Invalid record")) };
        let Some(ty) = Self::value_type(env, ty) else { return Err(Error::new("Invalid record")) };
        let Some(md) = env.values.value_md(env.module, v, ty) else {
            return Err(Error::new("Invalid value reference from metadata"));
        };
        self.assign(md);
        Ok(())
    }

    /// `METADATA_OLD_FN_NODE` `[type, value]`: a function-local value (old files); any other
    /// shape is dropped as an empty tuple.
    fn old_fn_node(&mut self, env: &mut Env<'_>, r: &[u64]) -> Result<(), Error> {
        if !r.len().is_multiple_of(2) {
            return Err(Error::new("Invalid record"));
        }
        let ty = match r {
            &[ty, _] => Self::value_type(env, ty),
            _ => None,
        };
        let Some(ty) = ty else {
            self.assign_node(env.module, MdNode::tuple(false, []));
            return Ok(());
        };
        let Some(md) = env.values.value_md(env.module, r[1], ty) else {
            return Err(Error::new("Invalid value reference from old fn metadata"));
        };
        self.assign(md);
        Ok(())
    }

    /// `METADATA_OLD_NODE` `[type, value]...`: a tuple of old files, each operand metadata
    /// (type `metadata`), a value, or null (type `void`).
    fn old_node(&mut self, env: &mut Env<'_>, r: &[u64]) -> Result<(), Error> {
        if !r.len().is_multiple_of(2) {
            return Err(Error::new("Invalid record"));
        }
        let mut ops = Vec::new();
        for pair in r.chunks_exact(2) {
            let Some(ty) = env.types.get(&mut env.module.ctx, pair[0]) else {
                return Err(Error::new("Invalid record"));
            };
            match env.module.ctx.type_of(ty) {
                Type::Metadata => ops.push(self.md(env.module, pair[1])),
                Type::Void => ops.push(Md::Null),
                _ => match env.values.value_md(env.module, pair[1], ty) {
                    Some(md) => ops.push(md),
                    None => return Err(Error::new("Invalid value reference from old metadata")),
                },
            }
        }
        self.assign_node(env.module, MdNode::tuple(false, ops));
        Ok(())
    }

    /// `METADATA_STRINGS` `[count, offset]` with a blob: the lengths as VBR6 fields up to the
    /// offset, then the characters (`parseMetadataStrings`).
    fn strings(&mut self, m: &mut Module, r: &[u64], blob: &[u8]) -> Result<(), Error> {
        let &[count, offset] = r else { return Err(Error::new("Invalid record: metadata strings layout")) };
        let count = count as u32;
        if count == 0 {
            return Err(Error::new("Invalid record: metadata strings with no strings"));
        }
        let offset = offset as u32 as usize;
        if offset > blob.len() {
            return Err(Error::new("Invalid record: metadata strings corrupt offset"));
        }
        let (lengths, mut chars) = blob.split_at(offset);
        let mut lens = Cursor::new(lengths);
        for _ in 0..count {
            if lens.at_end() {
                return Err(Error::new("Invalid record: metadata strings bad length"));
            }
            // The stream's own error, as LLVM hands it on.
            let n = lens.read_vbr(6).map_err(stream_error)? as usize;
            if chars.len() < n {
                return Err(Error::new("Invalid record: metadata strings truncated chars"));
            }
            let (s, rest) = chars.split_at(n);
            chars = rest;
            let sym = m.ctx.sym_bytes(s);
            self.assign(Md::Str(sym));
        }
        Ok(())
    }

    /// `METADATA_ARG_LIST` `[ids]`: a `DIArgList` of values as metadata.
    fn arg_list(&mut self, m: &mut Module, r: &[u64]) -> Result<(), Error> {
        let mut ops = Vec::new();
        for &id in r {
            match self.md(m, id) {
                Md::Node(n) if self.is_placeholder(n) => {
                    return Err(Error::new("Invalid record: DIArgList should not contain forward refs"));
                }
                md @ (Md::Const(_) | Md::Local(Local::Arg(_) | Local::Inst(_))) => ops.push(md),
                _ => return Err(Error::new("Invalid record")),
            }
        }
        let node = MdNode { distinct: false, kind: MdKind::ArgList, ops: ops.into(), fields: Box::new([]) };
        self.assign_node(m, node);
        Ok(())
    }

    /// Whether `n` stands for an id not defined yet.
    fn is_placeholder(&self, n: llrs_ir::MdId) -> bool {
        self.fwd.values().any(|&p| p == n)
    }
}
