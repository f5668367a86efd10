//! Reading a module, as `BitcodeReader` does: the top level (the identification block, then
//! the module block), and the module block's sub-blocks. So far: the type table.

use llrs_ir::Context;

use crate::bitstream::{BlockInfo, Cursor, Entry, BLOCKINFO_BLOCK_ID};
use crate::codes::*;
use crate::types::{read_type_table, TypeTable};
use crate::walk::stream_error;
use crate::{bitcode_bytes, Error};

/// The type table of the first module in `bytes`, read into a new context (an empty table for a
/// module without one).
pub fn read_types(bytes: &[u8]) -> Result<(Context, TypeTable), Error> {
    let bytes = bitcode_bytes(bytes)?;
    let mut cur = Cursor::new(bytes);
    cur.jump_to(32).map_err(stream_error)?;
    let mut info = BlockInfo::default();
    let mut ctx = Context::default();
    loop {
        if cur.bits() - cur.bit() < 32 {
            return Err(Error::new("Malformed IR file"));
        }
        match cur.advance().map_err(stream_error)? {
            Entry::SubBlock(BLOCKINFO_BLOCK_ID) => cur.read_block_info(&mut info).map_err(stream_error)?,
            Entry::SubBlock(MODULE_BLOCK_ID) => break,
            Entry::SubBlock(_) => cur.skip_block().map_err(stream_error)?,
            _ => return Err(Error::new("Malformed block")),
        }
    }
    cur.enter_block(MODULE_BLOCK_ID, &info).map_err(stream_error)?;
    loop {
        match cur.advance().map_err(stream_error)? {
            Entry::EndBlock => return Ok((ctx, TypeTable::default())),
            Entry::SubBlock(BLOCKINFO_BLOCK_ID) => cur.read_block_info(&mut info).map_err(stream_error)?,
            Entry::SubBlock(TYPE_BLOCK_ID_NEW) => {
                cur.enter_block(TYPE_BLOCK_ID_NEW, &info).map_err(stream_error)?;
                let table = read_type_table(&mut cur, &mut ctx)?;
                return Ok((ctx, table));
            }
            Entry::SubBlock(_) => cur.skip_block().map_err(stream_error)?,
            Entry::Record(a) => {
                cur.read_record(a).map_err(stream_error)?;
            }
        }
    }
}
