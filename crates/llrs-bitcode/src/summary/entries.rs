//! `parseEntireSummary`: the summary block, record by record. Type-id and memprof records come
//! before the function summary they belong to and wait in [`Pending`]; the function, variable and
//! alias records are read in `values.rs`.

use llrs_ir::summary::{AllocInfo, CallsiteInfo, ParamAccess, TypeIdInfo, KNOWN_FLAGS};

use super::{advance_skipping_subblocks, invalid, IndexReader, Rec};
use crate::bitstream::{Cursor, Entry};
use crate::codes::*;
use crate::walk::stream_error;
use crate::Error;

/// `ModuleSummaryIndex::BitcodeSummaryVersion` of LLVM 22.
pub(super) const SUMMARY_VERSION: u64 = 12;

/// What the records before a function summary collect for it.
#[derive(Default)]
pub(super) struct Pending {
    /// `PendingTypeTests` and the four lists of virtual calls.
    pub type_id_info: TypeIdInfo,
    /// `PendingParamAccesses`.
    pub params: Vec<ParamAccess>,
    /// `PendingCallsites`.
    pub callsites: Vec<CallsiteInfo>,
    /// `PendingAllocs`.
    pub allocs: Vec<AllocInfo>,
}

/// The state of one summary block.
pub(super) struct Block {
    /// The `VERSION` record.
    pub version: u64,
    /// The records waiting for the next function summary.
    pub pending: Pending,
    /// A combined summary was just read (`LastSeenSummary`, for `COMBINED_ORIGINAL_NAME`).
    pub last_seen: bool,
    /// `FS_STACK_IDS`.
    pub stack_ids: Vec<u64>,
    /// `FS_CONTEXT_RADIX_TREE_ARRAY`.
    pub radix: Vec<u64>,
}

impl IndexReader<'_> {
    /// `parseEntireSummary`: the cursor is after the id of the summary block `id`.
    pub(super) fn parse_entire_summary(&mut self, cur: &mut Cursor<'_>, id: u32) -> Result<(), Error> {
        cur.enter_block(id, &self.info).map_err(stream_error)?;
        let Entry::Record(a) = advance_skipping_subblocks(cur)? else {
            return Err(Error::new("Invalid Summary Block: record for version expected"));
        };
        let rec = cur.read_record(a).map_err(stream_error)?;
        if rec.code != FS_VERSION {
            return Err(Error::new("Invalid Summary Block: version expected"));
        }
        let version = Rec(&rec.ops).at(0)?;
        if !(1..=SUMMARY_VERSION).contains(&version) {
            return Err(Error::new(format!(
                "Invalid summary version {version}. Version should be in the range [1-{SUMMARY_VERSION}]."
            )));
        }
        let mut b =
            Block { version, pending: Pending::default(), last_seen: false, stack_ids: Vec::new(), radix: Vec::new() };
        loop {
            let a = match advance_skipping_subblocks(cur)? {
                Entry::EndBlock => return Ok(()),
                Entry::SubBlock(_) => return Err(Error::new("Malformed block")),
                Entry::Record(a) => a,
            };
            let rec = cur.read_record(a).map_err(stream_error)?;
            self.summary_record(&mut b, rec.code, Rec(&rec.ops))?;
        }
    }

    /// One record of the summary block.
    fn summary_record(&mut self, b: &mut Block, code: u32, r: Rec<'_>) -> Result<(), Error> {
        let version = b.version;
        match code {
            FS_FLAGS => self.index.flags |= r.at(0)? & KNOWN_FLAGS,
            FS_VALUE_GUID => {
                // [valueid, guid] (before version 11) or [valueid, guid high, guid low].
                let id = r.at(0)?;
                let guid = if version >= 11 { (r.at(1)? << 32) | r.at(2)? } else { r.at(1)? };
                self.insert_value(id, guid);
            }
            FS_PERMODULE | FS_PERMODULE_PROFILE | FS_PERMODULE_RELBF => self.per_module_function(b, code, r)?,
            FS_ALIAS => self.per_module_alias(version, r)?,
            FS_PERMODULE_GLOBALVAR_INIT_REFS => self.per_module_variable(version, r)?,
            FS_PERMODULE_VTABLE_GLOBALVAR_INIT_REFS => self.per_module_vtable(version, r)?,
            FS_COMBINED | FS_COMBINED_PROFILE => {
                self.combined_function(b, code, r)?;
                b.last_seen = true;
            }
            FS_COMBINED_ALIAS => {
                self.combined_alias(version, r)?;
                b.last_seen = true;
            }
            FS_COMBINED_GLOBALVAR_INIT_REFS => {
                self.combined_variable(version, r)?;
                b.last_seen = true;
            }
            FS_COMBINED_ORIGINAL_NAME => {
                // The original name's GUID is not printed.
                r.at(0)?;
                if !b.last_seen {
                    return Err(Error::new("Name attachment that does not follow a combined record"));
                }
                b.last_seen = false;
            }
            FS_TYPE_TESTS => b.pending.type_id_info.type_tests.extend_from_slice(r.0),
            FS_TYPE_TEST_ASSUME_VCALLS => {
                let list = super::typeid::vfunc_ids(r)?;
                b.pending.type_id_info.type_test_assume_vcalls.extend(list);
            }
            FS_TYPE_CHECKED_LOAD_VCALLS => {
                let list = super::typeid::vfunc_ids(r)?;
                b.pending.type_id_info.type_checked_load_vcalls.extend(list);
            }
            FS_TYPE_TEST_ASSUME_CONST_VCALL => {
                let c = super::typeid::const_vcall(r)?;
                b.pending.type_id_info.type_test_assume_const_vcalls.push(c);
            }
            FS_TYPE_CHECKED_LOAD_CONST_VCALL => {
                let c = super::typeid::const_vcall(r)?;
                b.pending.type_id_info.type_checked_load_const_vcalls.push(c);
            }
            // The CFI function names (pairs of string table offset and size) are not printed.
            FS_CFI_FUNCTION_DEFS | FS_CFI_FUNCTION_DECLS => {}
            FS_TYPE_ID => self.type_id(r)?,
            FS_TYPE_ID_METADATA => self.type_id_metadata(r)?,
            FS_BLOCK_COUNT => self.index.block_count = self.index.block_count.wrapping_add(r.at(0)?),
            FS_PARAM_ACCESS => b.pending.params = self.param_accesses(r)?,
            FS_STACK_IDS => b.stack_ids = super::memprof::stack_ids(r, version)?,
            FS_CONTEXT_RADIX_TREE_ARRAY => b.radix = r.0.to_vec(),
            FS_PERMODULE_CALLSITE_INFO => {
                let c = self.per_module_callsite(b, r)?;
                b.pending.callsites.push(c);
            }
            FS_COMBINED_CALLSITE_INFO => {
                let c = self.combined_callsite(b, r)?;
                b.pending.callsites.push(c);
            }
            // The context ids only serve the context sizes, which are not printed.
            FS_ALLOC_CONTEXT_IDS if !r.len().is_multiple_of(2) => return Err(invalid()),
            FS_PERMODULE_ALLOC_INFO => {
                let a = super::memprof::per_module_alloc(b, r)?;
                b.pending.allocs.push(a);
            }
            FS_COMBINED_ALLOC_INFO | FS_COMBINED_ALLOC_INFO_NO_CONTEXT => {
                let a = super::memprof::combined_alloc(b, r, code == FS_COMBINED_ALLOC_INFO)?;
                b.pending.allocs.push(a);
            }
            _ => {}
        }
        Ok(())
    }
}
