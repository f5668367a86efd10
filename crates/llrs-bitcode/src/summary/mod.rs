//! ThinLTO module summaries read from bitcode, as LLVM 22's `ModuleSummaryIndexBitcodeReader`
//! reads them for `llvm-dis`: `BitcodeModule::getLTOInfo` says whether the module block holds a
//! summary block (`GLOBALVAL_SUMMARY_BLOCK` or `FULL_LTO_GLOBALVAL_SUMMARY_BLOCK`), and
//! `getSummary` reads it into a [`SummaryIndex`] as `llvm-dis` then prints it after the module.
//!
//! - `module.rs`: `parseModule` of the summary reader (the GUIDs of the module's global values,
//!   the module hash, `MODULE_STRTAB` of a combined index) and `parseValueSymbolTable` for bitcode
//!   without a string table.
//! - `entries.rs`: `parseEntireSummary`, record by record; `values.rs`: the function, variable and
//!   alias records (per-module and combined); `typeid.rs`: type tests, virtual calls, type-id
//!   summaries, vtable type ids, parameter accesses; `memprof.rs`: stack ids, call sites and
//!   allocations; `flags.rs`: the flag words.
//!
//! A per-module summary is a summary of the module at path `file` (LLVM's module identifier); a
//! combined index (a module block without IR) names its modules in `MODULE_STRTAB`. Reading
//! never trusts a count from the file to size anything, and damaged records are errors.

mod entries;
mod flags;
mod memprof;
mod module;
mod typeid;
mod values;

use llrs_ir::summary::{GlobalValueSummary, Guid, SummaryIndex};
use rustc_hash::FxHashMap;

use crate::bitstream::{BlockInfo, Cursor, Entry};
use crate::reader::ModuleSource;
use crate::walk::stream_error;
use crate::Error;

/// Reads the summary of the module `src` as `llvm-dis` does (`getLTOInfo`, then `getSummary`
/// when the module has a summary block); `file` is the module's path in the index. `None` when
/// there is no summary block. Errors have LLVM's messages (without the producer: the summary
/// reader does not read the identification block).
pub fn read(src: &ModuleSource<'_>, file: &str) -> Result<Option<SummaryIndex>, Error> {
    if !has_summary(src)? {
        return Ok(None);
    }
    let mut r = IndexReader {
        strtab: src.strtab,
        module_path: file.as_bytes().to_vec(),
        index: SummaryIndex { from_bitcode: true, ..SummaryIndex::default() },
        values: FxHashMap::default(),
        module_ids: FxHashMap::default(),
        source_filename: Vec::new(),
        use_strtab: false,
        vst_offset: 0,
        info: BlockInfo::default(),
    };
    let mut cur = Cursor::new(src.bytes);
    cur.jump_to(src.module_bit).map_err(stream_error)?;
    r.parse_module(&mut cur)?;
    Ok(Some(r.index))
}

/// `getLTOInfo`: whether the module block has a summary block ([`crate::module::lto_info`], the
/// pass over the module block `llvm-dis` makes once the module is read).
fn has_summary(src: &ModuleSource<'_>) -> Result<bool, Error> {
    Ok(crate::module::lto_info(src)?.has_summary)
}

/// `advanceSkippingSubblocks`: the next record or end of block, sub-blocks stepped over.
fn advance_skipping_subblocks(cur: &mut Cursor<'_>) -> Result<Entry, Error> {
    loop {
        match cur.advance().map_err(stream_error)? {
            Entry::SubBlock(_) => cur.skip_block().map_err(stream_error)?,
            e => return Ok(e),
        }
    }
}

/// The message of a record too short for what it says it holds (LLVM reads past its end).
fn invalid() -> Error {
    Error::new("Invalid record")
}

/// A record's operands, read with bounds checks.
#[derive(Copy, Clone)]
struct Rec<'r>(&'r [u64]);

impl<'r> Rec<'r> {
    /// Operand `i`.
    fn at(self, i: usize) -> Result<u64, Error> {
        self.0.get(i).copied().ok_or_else(invalid)
    }
    /// The operands from `i` on (none when `i` is past the end).
    fn from(self, i: usize) -> &'r [u64] {
        self.0.get(i..).unwrap_or_default()
    }
    /// `n` operands from `i` (`ArrayRef::slice`, which must lie inside the record).
    fn slice(self, i: usize, n: u64) -> Result<&'r [u64], Error> {
        let end = u64::try_from(i).ok().and_then(|i| i.checked_add(n)).ok_or_else(invalid)?;
        usize::try_from(end).ok().and_then(|end| self.0.get(i..end)).ok_or_else(invalid)
    }
    fn len(self) -> usize {
        self.0.len()
    }
}

/// `ModuleSummaryIndexBitcodeReader`'s state.
struct IndexReader<'a> {
    /// The string table of the module (type-id names, names of global values).
    strtab: &'a [u8],
    /// The module's path in the index (its identifier).
    module_path: Vec<u8>,
    /// The index being read.
    index: SummaryIndex,
    /// `ValueIdToValueInfoMap`: the GUID of each value id (LLVM keys it by `unsigned`).
    values: FxHashMap<u32, Guid>,
    /// `ModuleIdMap`: the path of each module id of a combined index.
    module_ids: FxHashMap<u64, Vec<u8>>,
    /// The `SOURCE_FILENAME` record (empty without one: a combined index).
    source_filename: Vec<u8>,
    /// Global values are named by the string table (module `VERSION` 2).
    use_strtab: bool,
    /// `VSTOFFSET`, in 32-bit words from the start of the module's bytes (0: none).
    vst_offset: u64,
    /// The abbreviations of `BLOCKINFO`.
    info: BlockInfo,
}

impl IndexReader<'_> {
    /// `getValueInfoFromValueId`: the GUID of a value id the summary records name.
    fn value(&self, id: u64) -> Result<Guid, Error> {
        self.value_opt(id).ok_or_else(invalid)
    }

    /// The GUID of a value id, `None` where LLVM allows a null value (`AllowNullValueInfo`).
    fn value_opt(&self, id: u64) -> Option<Guid> {
        self.values.get(&(id as u32)).copied()
    }

    /// `getOrInsertValueInfo(GUID)`: the value's entry, made without a name when new.
    fn insert_value(&mut self, id: u64, guid: Guid) {
        self.index.values.entry(guid).or_default();
        self.values.insert(id as u32, guid);
    }

    /// `addGlobalValueSummary`.
    fn add_summary(&mut self, guid: Guid, s: GlobalValueSummary) {
        self.index.values.entry(guid).or_default().summaries.push(s);
    }

    /// The path of module id `id` of a combined index (`ModuleIdMap[id]`: empty when unknown).
    fn module_of(&self, id: u64) -> Vec<u8> {
        self.module_ids.get(&id).cloned().unwrap_or_default()
    }

    /// A string of the string table at `[offset, offset + size)` (an empty one wherever it
    /// starts: LLVM reads nothing then).
    fn strtab_str(&self, offset: u64, size: u64) -> Result<Vec<u8>, Error> {
        if size == 0 {
            return Ok(Vec::new());
        }
        let end = offset.checked_add(size).ok_or_else(invalid)?;
        if end > self.strtab.len() as u64 {
            return Err(invalid());
        }
        Ok(self.strtab[offset as usize..end as usize].to_vec())
    }
}

#[cfg(test)]
mod tests;
