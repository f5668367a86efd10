//! The metadata kinds (`METADATA_KIND_BLOCK`, `parseMetadataKinds`): each `KIND` record names a
//! kind by the id the file's attachments use; the module knows it by name (`getMDKindID`).

use llrs_ir::Module;

use super::MetadataLoader;
use crate::bitstream::{BlockInfo, Cursor, Entry};
use crate::codes::{METADATA_KIND, METADATA_KIND_BLOCK_ID};
use crate::walk::stream_error;
use crate::Error;

impl MetadataLoader {
    /// Reads a `METADATA_KIND_BLOCK` whose id was just read (`parseMetadataKinds`).
    pub fn parse_kinds(&mut self, cur: &mut Cursor<'_>, info: &BlockInfo, m: &mut Module) -> Result<(), Error> {
        cur.enter_block(METADATA_KIND_BLOCK_ID, info).map_err(stream_error)?;
        loop {
            let a = match cur.advance().map_err(stream_error)? {
                Entry::EndBlock => return Ok(()),
                // `advanceSkippingSubblocks`.
                Entry::SubBlock(_) => {
                    cur.skip_block().map_err(stream_error)?;
                    continue;
                }
                Entry::Record(a) => a,
            };
            let rec = cur.read_record(a).map_err(stream_error)?;
            if rec.code == METADATA_KIND {
                self.kind_record(m, &rec.ops)?;
            }
        }
    }

    /// A `KIND` record (`parseMetadataKindRecord`): `[id, name...]`.
    pub(super) fn kind_record(&mut self, m: &mut Module, rec: &[u64]) -> Result<(), Error> {
        let [id, name @ ..] = rec else { return Err(Error::new("Invalid record")) };
        if name.is_empty() {
            return Err(Error::new("Invalid record"));
        }
        let name: Vec<u8> = name.iter().map(|&c| c as u8).collect();
        let kind = m.ctx.md_kind(&name);
        if self.kinds.insert(*id, kind).is_some() {
            return Err(Error::new("Conflicting METADATA_KIND records"));
        }
        Ok(())
    }
}
