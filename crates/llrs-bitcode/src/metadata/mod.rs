//! Metadata, as LLVM 22's `MetadataLoader` reads it: the kinds (`METADATA_KIND_BLOCK`), the
//! metadata blocks of the module and of each function (`parseMetadata`, `parseOneMetadata`: strings,
//! named metadata, tuples, values, every specialized debug-info node, with the upgrades of old
//! records), and the attachments (`METADATA_ATTACHMENT`, `METADATA_GLOBAL_DECL_ATTACHMENT`).
//!
//! Nodes are built as the `.ll` parser builds them for the text `llvm-dis` prints: specialized
//! nodes hold their fields as LLVM 22 prints them (through `llrs_upgrade::di::upgrade_di_fields`),
//! equal uniqued nodes are one node, and a uniqued node that is its own operand is distinct.
//!
//! # Use
//!
//! One [`MetadataLoader`] serves a module. The module reader calls, in its block loop:
//!
//! * [`MetadataLoader::parse_kinds`] at a `METADATA_KIND_BLOCK`;
//! * [`MetadataLoader::parse_metadata`] at a `METADATA_BLOCK` (module level), after the module's
//!   constants, with the value list as a [`ValueSource`].
//!
//! The function-body reader calls, for each function:
//!
//! * [`MetadataLoader::size`] on entering the function block, and [`MetadataLoader::shrink_to`]
//!   with that size when it leaves it (`MDLoader->shrinkTo(ModuleMDLoaderSize)`: the function's
//!   metadata ids are dropped, the nodes stay where they are used);
//! * [`MetadataLoader::parse_metadata`] (not module level) at a `METADATA_BLOCK` inside it;
//! * [`MetadataLoader::get`] / [`MetadataLoader::node`] for the metadata operands of its records
//!   (debug locations, debug records, metadata as values);
//! * [`MetadataLoader::parse_attachments`] at its `METADATA_ATTACHMENT` block, applying what it
//!   returns to the function and its instructions;
//! * [`MetadataLoader::subprogram_for_function`] and
//!   [`MetadataLoader::upgrade_debug_intrinsics`] once the body is read.
//!
//! Nothing read from the file sizes an allocation: ids are kept in maps until defined, and the
//! list grows a record at a time. Deep chains of nodes are walked with explicit work lists.

mod attach;
mod block;
mod di_scopes;
mod di_types;
mod di_vars;
mod fields;
mod kinds;
mod resolve;
mod upgrade;

#[cfg(test)]
mod tests;

pub use attach::{AttachTarget, Attachment};
pub use di_vars::Loc;

use llrs_ir::module::GlobalId;
use llrs_ir::{Md, MdId, MdNode, Module, Symbol};
use rustc_hash::FxHashMap;

use crate::types::TypeTable;
use crate::values::ValueSource;
use crate::Error;

/// What a metadata block reads with: the module (its context, named metadata and globals), the
/// type table and the value list.
pub struct Env<'e> {
    /// The module being read.
    pub module: &'e mut Module,
    /// The module's type table.
    pub types: &'e mut TypeTable,
    /// The value list, as metadata sees it.
    pub values: &'e mut dyn ValueSource,
}

/// The metadata of a module being read (`MetadataLoader`): every metadata id read so far, the
/// kinds, and what the upgrades of old records need at the end of a block.
#[derive(Debug, Default)]
pub struct MetadataLoader {
    /// The metadata by id, defined in order (strings, values and nodes alike).
    list: Vec<Md>,
    /// Ids referred to before their record: the placeholder node standing for each.
    fwd: FxHashMap<u32, MdId>,
    /// Placeholders that turned out to be something other than themselves (a string, a value,
    /// or an equal node made earlier): what each stands for, put in at the block's end.
    replaced: FxHashMap<MdId, Md>,
    /// Where the nodes of the block being read start in the context.
    block_start: usize,
    /// The ids of the module's kinds (`MDKindMap`): the bitcode's kind id to the kind's name.
    kinds: FxHashMap<u64, Symbol>,
    /// References beyond this are not followed (`RefsUpperBound`: the size of the stream).
    refs_upper_bound: u64,
    /// The state of LLVM's upgrades of old records.
    up: upgrade::State,
    /// An old loop tag (`llvm.vectorizer.*`) was read as a string (`HasSeenOldLoopTags`).
    has_seen_old_loop_tags: bool,
    /// `!tbaa` attachments are dropped (`StripTBAA`).
    strip_tbaa: bool,
    /// The symbols `DILocation`s are made of, once the first is made.
    loc_syms: Option<di_vars::LocSyms>,
}

impl MetadataLoader {
    /// A loader for a module whose stream is `stream_bytes` long (forward references beyond that
    /// are not followed, as LLVM's `RefsUpperBound`).
    pub fn new(stream_bytes: usize) -> Self {
        MetadataLoader { refs_upper_bound: (stream_bytes as u64).min(u64::from(u32::MAX)), ..Default::default() }
    }

    /// The number of metadata ids read so far (`MetadataLoader::size`).
    pub fn size(&self) -> usize {
        self.list.len()
    }

    /// Forgets the ids from `n` on (`shrinkTo`): called with the size taken on entering a
    /// function block, when leaving it. The nodes themselves stay in the context.
    pub fn shrink_to(&mut self, n: usize) {
        self.list.truncate(n);
        self.fwd.retain(|&i, _| (i as usize) < n);
    }

    /// Whether ids were referred to and never defined (`hasFwdRefs`).
    pub fn has_fwd_refs(&self) -> bool {
        !self.fwd.is_empty()
    }

    /// The metadata with id `idx` (`getMetadataFwdRefOrLoad`), when it is defined.
    pub fn get(&self, idx: u64) -> Option<Md> {
        usize::try_from(idx).ok().and_then(|i| self.list.get(i)).copied()
    }

    /// The metadata with id `idx` as a body asks for it (`getMetadataFwdRefOrNull`): when not
    /// defined yet, a forward reference's placeholder (an error at the body's end if it stays
    /// one); `None` beyond the stream's size.
    pub fn get_or_fwd(&mut self, m: &mut Module, idx: u64) -> Option<Md> {
        match self.get(idx) {
            Some(md) => Some(md),
            None => self.fwd_ref(m, idx).map(Md::Node),
        }
    }

    /// The node with id `idx`, when it is defined and is a node.
    pub fn node(&self, idx: u64) -> Option<MdId> {
        match self.get(idx)? {
            Md::Node(n) => Some(n),
            _ => None,
        }
    }

    /// The kind a bitcode kind id names (`MDKindMap`).
    pub fn kind(&self, id: u64) -> Option<Symbol> {
        self.kinds.get(&id).copied()
    }

    /// Whether `!tbaa` attachments are being dropped (`isStrippingTBAA`).
    pub fn is_stripping_tbaa(&self) -> bool {
        self.strip_tbaa
    }

    /// Drops `!tbaa` attachments from here on (`setStripTBAA`).
    pub fn set_strip_tbaa(&mut self, strip: bool) {
        self.strip_tbaa = strip;
    }

    /// Whether old loop tags were read (`hasSeenOldLoopTags`).
    pub fn has_seen_old_loop_tags(&self) -> bool {
        self.has_seen_old_loop_tags
    }

    /// The subprogram an old (pre-3.9) `DISubprogram` record named `g` in
    /// (`lookupSubprogramForFunction`): the body reader attaches it as the function's `!dbg` once
    /// the body is read.
    pub fn subprogram_for_function(&self, g: GlobalId) -> Option<MdId> {
        self.up.functions_with_sps.iter().find(|(f, _)| *f == g).map(|&(_, sp)| sp)
    }

    /// The metadata `idx` stands for while a record is read (`getMD`): a defined id, or a
    /// placeholder for one still to come; `Md::Null` beyond the stream's size.
    fn md(&mut self, m: &mut Module, idx: u64) -> Md {
        if let Some(md) = self.get(idx) {
            return md;
        }
        self.fwd_ref(m, idx).map_or(Md::Null, Md::Node)
    }

    /// The placeholder of a forward reference to `idx` (`getMetadataFwdRef`): made when new;
    /// `None` beyond the stream's size.
    fn fwd_ref(&mut self, m: &mut Module, idx: u64) -> Option<MdId> {
        if idx >= self.refs_upper_bound {
            return None;
        }
        let i = idx as u32;
        Some(*self.fwd.entry(i).or_insert_with(|| m.ctx.md_new(MdNode::tuple(false, []))))
    }

    /// `getMDOrNull`: 0 is null, else id `v - 1`.
    fn md_or_null(&mut self, m: &mut Module, v: u64) -> Md {
        if v == 0 {
            Md::Null
        } else {
            self.md(m, v - 1)
        }
    }

    /// `getMDString`: null, or a string defined earlier.
    fn string(&mut self, m: &mut Module, v: u64) -> Result<Option<Symbol>, Error> {
        match self.md_or_null(m, v) {
            Md::Null => Ok(None),
            Md::Str(s) => Ok(Some(s)),
            _ => Err(Error::new("Invalid record")),
        }
    }

    /// Defines the next id as `md` (`assignValue`), resolving a forward reference to it.
    fn assign(&mut self, md: Md) {
        let i = self.list.len() as u32;
        if let Some(p) = self.fwd.remove(&i) {
            if md != Md::Node(p) {
                self.replaced.insert(p, md);
            }
        }
        self.list.push(md);
    }

    /// Defines the next id as the node `node` (`assignValue` of `MDNode::get`/`getDistinct`):
    /// a forward reference's placeholder becomes the node; a uniqued node equal to one made
    /// before is that node; a uniqued node that is its own operand is distinct.
    fn assign_node(&mut self, m: &mut Module, node: MdNode) -> MdId {
        let i = self.list.len() as u32;
        let id = match self.fwd.remove(&i) {
            Some(p) if node.distinct => {
                m.ctx.md_fill(p, node);
                p
            }
            Some(p) => {
                // `MDNode::get` first: an equal node made earlier is this one (and, once the
                // placeholder stands for it, may refer to itself).
                let self_ref = resolve::refers_to(&node, p);
                m.ctx.md_fill(p, node);
                if let Some(other) = m.ctx.md_register(p) {
                    self.replaced.insert(p, Md::Node(other));
                    self.list.push(Md::Node(other));
                    return other;
                }
                // `handleChangedOperand`: a uniqued node that becomes its own operand is
                // distinct.
                if self_ref {
                    let mut n = m.ctx.md(p).clone();
                    n.distinct = true;
                    m.ctx.md_set(p, n);
                }
                p
            }
            None if node.distinct => m.ctx.md_new(node),
            None => m.ctx.md_intern(node),
        };
        self.list.push(Md::Node(id));
        id
    }

    /// Ids of the nodes made since the block started.
    fn block_nodes(&self, m: &Module) -> std::ops::Range<usize> {
        self.block_start..m.ctx.num_mds()
    }
}
