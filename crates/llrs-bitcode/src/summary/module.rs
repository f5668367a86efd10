//! The module block as the summary reader walks it (`ModuleSummaryIndexBitcodeReader::
//! parseModule`): the GUID of each global value (from its name in the string table, or from the
//! value symbol table of bitcode without one), the module hash, the summary block, and the module
//! paths of a combined index (`parseModuleStringTable`).

use llrs_ir::module::Linkage;
use llrs_ir::summary::global_guid;
use rustc_hash::FxHashMap;

use super::{advance_skipping_subblocks, invalid, IndexReader};
use crate::bitstream::{Cursor, Entry, BLOCKINFO_BLOCK_ID};
use crate::codes::*;
use crate::globals::decode_linkage;
use crate::walk::stream_error;
use crate::Error;

/// The characters of a record from operand `i` (`convertToString`: each operand a byte).
fn chars(ops: &[u64], i: usize) -> Result<Vec<u8>, Error> {
    let rest = ops.get(i..).ok_or_else(invalid)?;
    Ok(rest.iter().map(|&c| c as u8).collect())
}

impl IndexReader<'_> {
    /// `parseModule`: the cursor is at the module block's contents (its id read).
    pub(super) fn parse_module(&mut self, cur: &mut Cursor<'_>) -> Result<(), Error> {
        cur.enter_block(MODULE_BLOCK_ID, &self.info).map_err(stream_error)?;
        // The linkage of each value id, for bitcode whose names are in the value symbol table.
        let mut linkages: FxHashMap<u32, Linkage> = FxHashMap::default();
        let mut value_id: u32 = 0;
        loop {
            let a = match cur.advance().map_err(stream_error)? {
                Entry::EndBlock => return Ok(()),
                Entry::SubBlock(BLOCKINFO_BLOCK_ID) => {
                    // `readBlockInfo`: the block info read replaces the one before.
                    match cur.read_block_info(&self.info).map_err(stream_error)? {
                        Some(fresh) => self.info = fresh,
                        None => return Err(Error::new("Malformed block")),
                    }
                    continue;
                }
                Entry::SubBlock(id @ (GLOBALVAL_SUMMARY_BLOCK_ID | FULL_LTO_GLOBALVAL_SUMMARY_BLOCK_ID)) => {
                    // A per-module index has a source file name; its module is added first.
                    if !self.source_filename.is_empty() {
                        self.index.modules.entry(self.module_path.clone()).or_insert([0; 5]);
                    }
                    if self.vst_offset > 0 {
                        self.parse_value_symbol_table(cur, &linkages)?;
                    }
                    self.parse_entire_summary(cur, id)?;
                    continue;
                }
                Entry::SubBlock(MODULE_STRTAB_BLOCK_ID) => {
                    self.parse_module_strtab(cur)?;
                    continue;
                }
                Entry::SubBlock(_) => {
                    cur.skip_block().map_err(stream_error)?;
                    continue;
                }
                Entry::Record(a) => a,
            };
            let rec = cur.read_record(a).map_err(stream_error)?;
            let ops = &rec.ops;
            match rec.code {
                MODULE_CODE_VERSION => {
                    let Some(&v) = ops.first() else { return Err(Error::new("Invalid version record")) };
                    if v > 2 {
                        return Err(Error::new("Invalid value"));
                    }
                    self.use_strtab = v >= 2;
                }
                MODULE_CODE_SOURCE_FILENAME => self.source_filename = chars(ops, 0)?,
                MODULE_CODE_HASH => {
                    if ops.len() != 5 {
                        return Err(Error::new(format!("Invalid hash length {}", ops.len())));
                    }
                    // The module is there once its summary block was read (before the hash).
                    if let Some(hash) = self.index.modules.get_mut(&self.module_path) {
                        for (h, &v) in hash.iter_mut().zip(ops) {
                            *h = v as u32;
                        }
                    }
                }
                MODULE_CODE_VSTOFFSET => {
                    let Some(&off) = ops.first() else { return Err(invalid()) };
                    // Relative to one word before the module's bytes.
                    self.vst_offset = off.wrapping_sub(1);
                }
                MODULE_CODE_GLOBALVAR | MODULE_CODE_FUNCTION | MODULE_CODE_ALIAS => {
                    let (name, rest) = self.name_from_strtab(ops);
                    let Some(&raw) = rest.get(3) else { return Err(invalid()) };
                    let linkage = decode_linkage(raw).0;
                    let id = value_id;
                    value_id = value_id.wrapping_add(1);
                    if !self.use_strtab {
                        linkages.insert(id, linkage);
                        continue;
                    }
                    self.set_value_guid(id, &name, linkage);
                }
                _ => {}
            }
        }
    }

    /// `readNameFromStrtab`: the name and the rest of the record (nothing when the name lies
    /// outside the table); without a string table, no name and the whole record.
    fn name_from_strtab<'r>(&self, ops: &'r [u64]) -> (Vec<u8>, &'r [u64]) {
        if !self.use_strtab {
            return (Vec::new(), ops);
        }
        let (Some(&off), Some(&size)) = (ops.first(), ops.get(1)) else { return (Vec::new(), &[]) };
        match off.checked_add(size) {
            Some(end) if end <= self.strtab.len() as u64 => {
                (self.strtab[off as usize..end as usize].to_vec(), &ops[2..])
            }
            _ => (Vec::new(), &[]),
        }
    }

    /// `setValueGUID`: the value's GUID from its global identifier, its entry named after it.
    fn set_value_guid(&mut self, id: u32, name: &[u8], linkage: Linkage) {
        let guid = global_guid(name, linkage, &self.source_filename);
        self.index.values.entry(guid).or_default().name = Some(name.to_vec());
        self.values.insert(id, guid);
    }

    /// `parseValueSymbolTable` (for bitcode without a string table): the value symbol table at
    /// `VSTOFFSET` names the global values; the cursor comes back where it was.
    fn parse_value_symbol_table(
        &mut self,
        cur: &mut Cursor<'_>,
        linkages: &FxHashMap<u32, Linkage>,
    ) -> Result<(), Error> {
        if self.use_strtab {
            return Ok(());
        }
        let back = cur.bit();
        let bit = self.vst_offset.checked_mul(32).ok_or_else(|| Error::new("Malformed block"))?;
        cur.jump_to(bit).map_err(stream_error)?;
        if cur.advance().map_err(stream_error)? != Entry::SubBlock(VALUE_SYMTAB_BLOCK_ID) {
            return Err(Error::new("Expected value symbol table subblock"));
        }
        cur.enter_block(VALUE_SYMTAB_BLOCK_ID, &self.info).map_err(stream_error)?;
        loop {
            let a = match advance_skipping_subblocks(cur)? {
                Entry::EndBlock => {
                    cur.jump_to(back).map_err(stream_error)?;
                    return Ok(());
                }
                Entry::SubBlock(_) => return Err(Error::new("Malformed block")),
                Entry::Record(a) => a,
            };
            let rec = cur.read_record(a).map_err(stream_error)?;
            let ops = &rec.ops;
            match rec.code {
                VST_CODE_ENTRY | VST_CODE_FNENTRY => {
                    let name = chars(ops, if rec.code == VST_CODE_ENTRY { 1 } else { 2 })?;
                    let id = ops.first().copied().unwrap_or(0) as u32;
                    // A value id without a global record names nothing.
                    if let Some(&linkage) = linkages.get(&id) {
                        self.set_value_guid(id, &name, linkage);
                    }
                }
                VST_CODE_COMBINED_ENTRY => {
                    let (Some(&id), Some(&guid)) = (ops.first(), ops.get(1)) else { return Err(invalid()) };
                    self.insert_value(id, guid);
                }
                _ => {}
            }
        }
    }

    /// `parseModuleStringTable`: the module paths of a combined index, by module id, with their
    /// hashes.
    fn parse_module_strtab(&mut self, cur: &mut Cursor<'_>) -> Result<(), Error> {
        cur.enter_block(MODULE_STRTAB_BLOCK_ID, &self.info).map_err(stream_error)?;
        let mut last: Option<Vec<u8>> = None;
        loop {
            let a = match advance_skipping_subblocks(cur)? {
                Entry::EndBlock => return Ok(()),
                Entry::SubBlock(_) => return Err(Error::new("Malformed block")),
                Entry::Record(a) => a,
            };
            let rec = cur.read_record(a).map_err(stream_error)?;
            match rec.code {
                MST_CODE_ENTRY => {
                    let Some(&id) = rec.ops.first() else { return Err(invalid()) };
                    let path = chars(&rec.ops, 1)?;
                    self.index.modules.entry(path.clone()).or_insert([0; 5]);
                    self.module_ids.insert(id, path.clone());
                    last = Some(path);
                }
                MST_CODE_HASH => {
                    if rec.ops.len() != 5 {
                        return Err(Error::new(format!("Invalid hash length {}", rec.ops.len())));
                    }
                    let Some(path) = last.take() else {
                        return Err(Error::new("Invalid hash that does not follow a module path"));
                    };
                    if let Some(hash) = self.index.modules.get_mut(&path) {
                        for (h, &v) in hash.iter_mut().zip(&rec.ops) {
                            *h = v as u32;
                        }
                    }
                }
                _ => {}
            }
        }
    }
}
