//! A walk over every block and record of a bitcode file, as `llvm-bcanalyzer` walks it: the
//! `BLOCKINFO` blocks are read as they come and their abbreviations apply to the blocks after.

/// Where the readers used to find it: [`crate::bitstream::stream_error`].
pub(crate) use crate::bitstream::stream_error;
use crate::bitstream::{BlockInfo, Cursor, Entry, BLOCKINFO_BLOCK_ID};
use crate::{bitcode_bytes, Error};

/// What a walk found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Walk {
    /// The blocks, by id, in the order first met, with how many there were.
    pub blocks: Vec<(u32, usize)>,
    /// The records read.
    pub records: usize,
    /// The deepest nesting of blocks.
    pub depth: usize,
    /// One line per block entered and record read, indented by depth, when asked for.
    pub dump: Vec<String>,
}

/// Deeper than this, a file is not read (LLVM's blocks nest a few levels).
const MAX_DEPTH: usize = 64;

/// Walks the bitcode in `bytes` (wrapper header and signature checked first); `dump` asks for a
/// line per block and record.
pub fn walk(bytes: &[u8], dump: bool) -> Result<Walk, Error> {
    let bytes = bitcode_bytes(bytes)?;
    let mut cur = Cursor::new(bytes);
    cur.jump_to(32).map_err(stream_error)?;
    let mut info = BlockInfo::default();
    let mut out = Walk::default();
    let mut depth = 0usize;
    // At the top level only blocks may appear, each at a 32-bit boundary.
    while cur.bits().saturating_sub(cur.bit()) >= 32 {
        match cur.advance().map_err(stream_error)? {
            Entry::SubBlock(id) => walk_block(&mut cur, &mut info, id, &mut depth, &mut out, dump)?,
            _ => return Err(Error::new("Malformed block")),
        }
    }
    Ok(out)
}

fn walk_block(
    cur: &mut Cursor<'_>,
    info: &mut BlockInfo,
    id: u32,
    depth: &mut usize,
    out: &mut Walk,
    dump: bool,
) -> Result<(), Error> {
    match out.blocks.iter_mut().find(|(b, _)| *b == id) {
        Some((_, n)) => *n += 1,
        None => out.blocks.push((id, 1)),
    }
    if dump {
        out.dump.push(format!("{}<block {id}>", "  ".repeat(*depth)));
    }
    if id == BLOCKINFO_BLOCK_ID {
        // `llvm-bcanalyzer`: the block info read replaces the one before.
        return match cur.read_block_info(info).map_err(stream_error)? {
            Some(fresh) => {
                *info = fresh;
                Ok(())
            }
            None => Err(Error::new("Malformed BlockInfoBlock")),
        };
    }
    if *depth >= MAX_DEPTH {
        return Err(Error::new("Malformed block"));
    }
    cur.enter_block(id, info).map_err(stream_error)?;
    *depth += 1;
    out.depth = out.depth.max(*depth);
    loop {
        match cur.advance().map_err(stream_error)? {
            Entry::EndBlock => break,
            Entry::SubBlock(sub) => walk_block(cur, info, sub, depth, out, dump)?,
            Entry::Record(abbrev) => {
                let rec = cur.read_record(abbrev).map_err(stream_error)?;
                out.records += 1;
                if dump {
                    let blob = rec.blob.map_or(String::new(), |b| format!(" blob[{}]", b.len()));
                    out.dump.push(format!("{}<code {} ops {:?}{blob}>", "  ".repeat(*depth), rec.code, rec.ops));
                }
            }
        }
    }
    *depth -= 1;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_bits::Bits;

    /// A block (id 8, code width 3) with a `DEFINE_ABBREV` [literal 5, array of fixed(4)], a
    /// record through it, an unabbreviated record, and its end.
    fn sample() -> Vec<u8> {
        let mut b = Bits::new();
        b.put(1, 2); // ENTER_SUBBLOCK at width 2
        b.vbr(8, 8);
        b.vbr(3, 4);
        b.align();
        let len_at = b.bit;
        b.put(0, 32); // length, patched below
        let body = b.bit;
        b.put(2, 3); // DEFINE_ABBREV
        b.vbr(3, 5);
        b.put(1, 1);
        b.vbr(5, 8); // literal 5
        b.put(0, 1);
        b.put(3, 3); // array
        b.put(0, 1);
        b.put(1, 3);
        b.vbr(4, 5); // of fixed(4)
        b.put(4, 3); // the abbreviation
        b.vbr(3, 6);
        for v in [1, 2, 15] {
            b.put(v, 4);
        }
        b.put(3, 3); // UNABBREV_RECORD code 7, [100]
        b.vbr(7, 6);
        b.vbr(1, 6);
        b.vbr(100, 6);
        b.put(0, 3); // END_BLOCK
        b.align();
        let words = ((b.bit - body) / 32) as u64;
        for i in 0..32 {
            if words >> i & 1 == 1 {
                b.bytes[(len_at + i) / 8] |= 1 << ((len_at + i) % 8);
            }
        }
        b.bytes
    }

    #[test]
    fn blocks_abbreviations_and_records_are_read() {
        let w = walk(&sample(), true).expect("walks");
        assert_eq!(w.blocks, vec![(8, 1)]);
        assert_eq!(w.records, 2);
        assert_eq!(w.dump, vec!["<block 8>", "  <code 5 ops [1, 2, 15]>", "  <code 7 ops [100]>"]);
    }

    #[test]
    fn damaged_streams_are_errors() {
        let good = sample();
        assert_eq!(walk(b"BC\xc0", false).unwrap_err().message, "Invalid bitcode signature");
        assert_eq!(walk(b"BC\xc0\xdf", false).unwrap_err().message, "file doesn't start with bitcode header");
        // Every cut and every flipped byte is an error or a walk, never a panic.
        for n in 0..good.len() {
            let _ = walk(&good[..n], false);
            for bit in 0..8 {
                let mut bad = good.clone();
                bad[n] ^= 1 << bit;
                let _ = walk(&bad, false);
            }
        }
    }
}
