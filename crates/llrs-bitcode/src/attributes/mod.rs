//! The attribute blocks of a module (`parseAttributeGroupBlock`, `parseAttributeBlock`): the
//! attribute groups (`PARAMATTR_GROUP_BLOCK_ID`), each one set at one index, and the attribute
//! lists (`PARAMATTR_BLOCK_ID`) that functions, calls and global variables name by number.
//!
//! A list is kept as its sets by LLVM's `AttributeList` index ([`FUNCTION_INDEX`] for the
//! function, 0 for the return value, `k` for parameter `k - 1`); [`AttrTable::get`] turns it
//! into an [`AttrList`].
//!
//! `byval`, `sret` and `inalloca` written without a type (old bitcode) are held with the argument
//! [`AttrArg::None`] (LLVM's null type) until the list is used: see [`fill_typeless`].
//!
//! For the readers of the module's records: a `FUNCTION` record's list is
//! [`function_attrs`], a `GLOBALVAR` record's [`set_variable_attrs`]. For a call, invoke or
//! callbr (`propagateAttributeTypes`): [`AttrTable::get_for`] with the number of arguments, then
//! [`fill_typeless`] on each argument's set with the pointee of that argument's type
//! (`None` gives LLVM's `Missing element type for typed attribute upgrade`).

mod group;
mod kinds;
mod old;
mod use_sites;
mod values;

#[cfg(test)]
mod tests;

use std::collections::BTreeMap;

use llrs_ir::attributes::{Attr, AttrArg, AttrsId};
use llrs_ir::instructions::AttrList;
use llrs_ir::{Context, Symbol};
use rustc_hash::FxHashMap;

use crate::bitstream::{Cursor, Entry};
use crate::codes::*;
use crate::types::TypeTable;
use crate::walk::stream_error;
use crate::Error;

pub use group::MISSING_TYPE;
pub use kinds::{kind_name, upgradable_type_kind};
pub use use_sites::{fill_typeless, function_attrs, is_typeless, set_variable_attrs};

/// LLVM's `AttributeList::FunctionIndex`.
pub const FUNCTION_INDEX: u32 = u32::MAX;

/// The most parameter sets [`AttrTable::get`] gives (a list may name any index up to 2^32 - 2;
/// no function or call has that many parameters, and the index must not size an allocation):
/// use [`AttrTable::get_for`] with the number of parameters or arguments.
pub const MAX_PARAMS: usize = 1 << 16;

/// LLVM's `AttrBuilder`: attributes keyed by kind (string attributes by key), a later one
/// replacing an earlier one; an attribute whose argument means "none" is not added.
#[derive(Default)]
struct Builder {
    attrs: Vec<Attr>,
    at: FxHashMap<(Symbol, bool), usize>,
}

impl Builder {
    /// Adds (or replaces) the attribute `name` with `arg`.
    fn add(&mut self, ctx: &mut Context, name: &str, arg: AttrArg) {
        let kind = ctx.sym(name);
        self.push(Attr { kind, arg });
    }

    /// Adds (or replaces) `a`.
    fn push(&mut self, a: Attr) {
        if a.arg.is_void() {
            return;
        }
        let key = (a.kind, matches!(a.arg, AttrArg::Str(_)));
        match self.at.get(&key).and_then(|&i| self.attrs.get_mut(i)) {
            Some(slot) => *slot = a,
            None => {
                self.at.insert(key, self.attrs.len());
                self.attrs.push(a);
            }
        }
    }

    fn finish(self) -> Vec<Attr> {
        self.attrs
    }
}

/// One attribute list: its non-empty sets by `AttributeList` index, in index order.
type SparseList = Vec<(u32, AttrsId)>;

/// The attribute groups and lists of a module (LLVM's `MAttributeGroups` and `MAttributes`).
#[derive(Clone, Debug, Default)]
pub struct AttrTable {
    /// The groups by id: the index of their set, and the set.
    groups: BTreeMap<u32, (u32, AttrsId)>,
    /// The lists, in order (file number `n` is `lists[n - 1]`).
    lists: Vec<SparseList>,
}

impl AttrTable {
    /// The number of lists.
    pub fn len(&self) -> usize {
        self.lists.len()
    }

    /// True when there is no list.
    pub fn is_empty(&self) -> bool {
        self.lists.is_empty()
    }

    /// The group `id` (truncated to 32 bits, as LLVM keys them): its `AttributeList` index and
    /// its set, if the group block defined it.
    pub fn group(&self, id: u64) -> Option<(u32, AttrsId)> {
        self.groups.get(&(id as u32)).copied()
    }

    /// `getAttributes(n)`: list `n` (1-based, truncated to 32 bits); 0 and numbers past the end
    /// give the empty list, silently. Parameter sets are given up to [`MAX_PARAMS`].
    pub fn get(&self, n: u64) -> AttrList {
        self.get_for(n, MAX_PARAMS)
    }

    /// [`Self::get`] for a function or call with `params` parameters (arguments): the sets of
    /// later parameters, which stand on nothing, are left out. Trailing empty sets are left out.
    pub fn get_for(&self, n: u64, params: usize) -> AttrList {
        let mut out = AttrList::default();
        let Some(list) = (n as u32).checked_sub(1).and_then(|i| self.lists.get(i as usize)) else { return out };
        for &(idx, set) in list {
            match idx {
                FUNCTION_INDEX => out.func = set,
                0 => out.ret = set,
                k => {
                    let p = (k - 1) as usize;
                    if p < params {
                        if out.params.len() <= p {
                            out.params.resize(p + 1, AttrsId::EMPTY);
                        }
                        out.params[p] = set;
                    }
                }
            }
        }
        out
    }

    /// Reads the attribute group block just entered (`parseAttributeGroupBlock`); type
    /// attributes take their types from `types`.
    pub fn read_group_block(
        &mut self,
        cur: &mut Cursor<'_>,
        ctx: &mut Context,
        types: &mut TypeTable,
    ) -> Result<(), Error> {
        if !self.groups.is_empty() {
            return Err(Error::new("Invalid multiple blocks"));
        }
        // What LLVM's record buffer holds past the current record: the operands of earlier
        // records, which an entry cut short reads on into.
        let mut stale: Vec<u64> = Vec::new();
        loop {
            let Some(rec) = next_record(cur)? else { return Ok(()) };
            let entry = rec.code == PARAMATTR_GRP_CODE_ENTRY;
            let read = match &rec.ops[..] {
                &[id, idx, _, ..] if entry => {
                    let past = stale.get(rec.ops.len()..).unwrap_or_default();
                    Some(group::read_entries(ctx, types, idx, &rec.ops, past).map(|a| (id, idx, a)))
                }
                _ if entry => return Err(Error::new("Invalid grp record")),
                _ => None,
            };
            let n = rec.ops.len().min(stale.len());
            stale[..n].copy_from_slice(&rec.ops[..n]);
            stale.extend_from_slice(&rec.ops[n..]);
            let Some(read) = read else { continue };
            let (id, idx, attrs) = read.map_err(Error::new)?;
            let set = ctx.attrs(attrs);
            // A group defined again replaces the first.
            self.groups.insert(id as u32, (idx as u32, set));
        }
    }

    /// Reads the attribute list block just entered (`parseAttributeBlock`).
    pub fn read_list_block(&mut self, cur: &mut Cursor<'_>, ctx: &mut Context) -> Result<(), Error> {
        if !self.lists.is_empty() {
            return Err(Error::new("Invalid multiple blocks"));
        }
        loop {
            let Some(rec) = next_record(cur)? else { return Ok(()) };
            let mut merged: BTreeMap<u32, Builder> = BTreeMap::new();
            match rec.code {
                PARAMATTR_CODE_ENTRY => {
                    for &id in &rec.ops {
                        // LLVM's `MAttributeGroups[id]` makes an empty group for an unknown id.
                        let (idx, set) = *self.groups.entry(id as u32).or_default();
                        let b = merged.entry(idx).or_default();
                        for a in ctx.attrs_of(set) {
                            b.push(a.clone());
                        }
                    }
                }
                PARAMATTR_CODE_ENTRY_OLD => {
                    if rec.ops.len() % 2 != 0 {
                        return Err(Error::new("Invalid parameter attribute record"));
                    }
                    for pair in rec.ops.chunks_exact(2) {
                        let b = merged.entry(pair[0] as u32).or_default();
                        for a in old::decode(ctx, pair[0], pair[1]) {
                            b.push(a);
                        }
                    }
                }
                _ => continue,
            }
            let list = merged
                .into_iter()
                .map(|(idx, b)| (idx, ctx.attrs(b.finish())))
                .filter(|&(_, set)| set != AttrsId::EMPTY)
                .collect();
            self.lists.push(list);
        }
    }
}

/// The next record of the block being read (`advanceSkippingSubblocks`), `None` at its end.
fn next_record<'a>(cur: &mut Cursor<'a>) -> Result<Option<crate::bitstream::Record<'a>>, Error> {
    loop {
        match cur.advance().map_err(stream_error)? {
            Entry::EndBlock => return Ok(None),
            Entry::SubBlock(_) => cur.skip_block().map_err(stream_error)?,
            Entry::Record(a) => return cur.read_record(a).map(Some).map_err(stream_error),
        }
    }
}
