//! The bitstream container (`llvm/Bitstream/BitstreamReader.h`, `BitstreamReader.cpp`): fixed
//! and variable-width fields, blocks with their abbreviation width and word length,
//! abbreviations (literal, fixed, VBR, array, char6, blob operands), the `BLOCKINFO` block, and
//! records read plainly or through an abbreviation.
//!
//! Nothing read from the stream is trusted to size an allocation: an array's or blob's length is
//! checked against the bits that are left before anything is reserved.

use std::rc::Rc;

/// Why the stream could not be read. The bitcode reader turns these into LLVM's messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StreamError {
    /// A read past the end of the stream.
    PastEnd,
    /// A VBR field whose value does not fit the width asked for.
    UnterminatedVbr,
    /// An abbreviation id that names no abbreviation of the block.
    InvalidAbbrev,
    /// An abbreviation definition LLVM refuses (widths, array or blob placement).
    BadAbbrevDefinition(&'static str),
    /// A record that does not follow its abbreviation (e.g. an array as the record code).
    BadRecord(&'static str),
    /// A block that ends beyond the stream, or an `END_BLOCK` outside any block.
    MalformedBlock,
    /// A `BLOCKINFO` block LLVM refuses.
    BadBlockInfo,
}

/// One operand of an abbreviation (`BitCodeAbbrevOp`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AbbrevOp {
    /// A value fixed by the abbreviation.
    Literal(u64),
    /// A fixed-width field of this many bits.
    Fixed(u8),
    /// A variable-width field in chunks of this many bits.
    Vbr(u8),
    /// An array: a VBR6 length, then elements as the next (last) operand says.
    Array,
    /// A 6-bit character (`[a-zA-Z0-9._]`).
    Char6,
    /// A blob: a VBR6 length, 32-bit alignment, the bytes, 32-bit alignment.
    Blob,
}

/// An abbreviation: its operands in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Abbrev {
    /// The operands; an `Array` is followed by its element operand, and ends the list.
    pub ops: Vec<AbbrevOp>,
}

/// What comes next in a block (`BitstreamEntry`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// The end of the current block (already left).
    EndBlock,
    /// A sub-block with this id starts (its header not read yet).
    SubBlock(u32),
    /// A record, read with this abbreviation id (`3`: unabbreviated).
    Record(u32),
}

/// The abbreviation ids with a meaning of their own.
pub mod abbrev_id {
    /// Leaves the block.
    pub const END_BLOCK: u32 = 0;
    /// Enters a sub-block.
    pub const ENTER_SUBBLOCK: u32 = 1;
    /// Defines an abbreviation for the rest of the block.
    pub const DEFINE_ABBREV: u32 = 2;
    /// A record with every field as VBR6.
    pub const UNABBREV_RECORD: u32 = 3;
    /// The first id of an abbreviation.
    pub const FIRST_APPLICATION_ABBREV: u32 = 4;
}

/// The id of the `BLOCKINFO` block.
pub const BLOCKINFO_BLOCK_ID: u32 = 0;

/// The abbreviations `BLOCKINFO` gives each block id.
#[derive(Clone, Debug, Default)]
pub struct BlockInfo {
    blocks: Vec<(u32, Vec<Rc<Abbrev>>)>,
}

impl BlockInfo {
    /// The abbreviations registered for `block_id`.
    pub fn abbrevs(&self, block_id: u32) -> &[Rc<Abbrev>] {
        self.blocks.iter().find(|(id, _)| *id == block_id).map_or(&[], |(_, a)| a)
    }

    fn abbrevs_mut(&mut self, block_id: u32) -> &mut Vec<Rc<Abbrev>> {
        match self.blocks.iter().position(|(id, _)| *id == block_id) {
            Some(i) => &mut self.blocks[i].1,
            None => {
                self.blocks.push((block_id, Vec::new()));
                &mut self.blocks.last_mut().expect("just pushed").1
            }
        }
    }
}

/// The state of an enclosing block, kept while a sub-block is read.
#[derive(Clone, Debug)]
struct Outer {
    block_id: Option<u32>,
    code_width: u32,
    abbrevs: Vec<Rc<Abbrev>>,
}

/// A record as read: its code, its operands, and its blob if its abbreviation had one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record<'a> {
    /// The record code.
    pub code: u32,
    /// The operands, as 64-bit values (arrays flattened in place, as LLVM's `readRecord`).
    pub ops: Vec<u64>,
    /// The blob, for an abbreviation with a `Blob` operand.
    pub blob: Option<&'a [u8]>,
}

/// A reader of a bitstream: the bytes, a bit position, the blocks entered.
#[derive(Clone, Debug)]
pub struct Cursor<'a> {
    bytes: &'a [u8],
    bit: u64,
    /// The abbreviation id width of the block being read (2 outside any block).
    code_width: u32,
    /// The abbreviations of the block being read.
    abbrevs: Vec<Rc<Abbrev>>,
    /// The blocks around it.
    outer: Vec<Outer>,
    block_id: Option<u32>,
}

impl<'a> Cursor<'a> {
    /// A cursor at the start of `bytes`, outside any block.
    pub fn new(bytes: &'a [u8]) -> Self {
        Cursor { bytes, bit: 0, code_width: 2, abbrevs: Vec::new(), outer: Vec::new(), block_id: None }
    }

    /// The bit position.
    pub fn bit(&self) -> u64 {
        self.bit
    }

    /// The number of bits in the stream.
    pub fn bits(&self) -> u64 {
        self.bytes.len() as u64 * 8
    }

    /// True at the end of the stream.
    pub fn at_end(&self) -> bool {
        self.bit >= self.bits()
    }

    /// The id of the block being read (`None` outside any block).
    pub fn block_id(&self) -> Option<u32> {
        self.block_id
    }

    /// Moves to bit `bit` (within the stream).
    pub fn jump_to(&mut self, bit: u64) -> Result<(), StreamError> {
        if bit > self.bits() {
            return Err(StreamError::PastEnd);
        }
        self.bit = bit;
        Ok(())
    }

    /// Reads `n` bits (at most 64), least significant first.
    pub fn read(&mut self, n: u32) -> Result<u64, StreamError> {
        debug_assert!(n <= 64);
        if n == 0 {
            return Ok(0);
        }
        let end = self.bit + u64::from(n);
        if end > self.bits() {
            return Err(StreamError::PastEnd);
        }
        let mut value = 0u64;
        let mut got = 0u32;
        let mut pos = self.bit;
        while got < n {
            let byte = u64::from(self.bytes[(pos / 8) as usize]);
            let shift = (pos % 8) as u32;
            let take = (8 - shift).min(n - got);
            let bits = (byte >> shift) & ((1u64 << take) - 1);
            value |= bits << got;
            got += take;
            pos += u64::from(take);
        }
        self.bit = end;
        Ok(value)
    }

    /// Reads a VBR field of `width`-bit chunks whose value fits 32 bits (`ReadVBR`).
    pub fn read_vbr(&mut self, width: u32) -> Result<u32, StreamError> {
        let v = self.read_vbr_up_to(width, 32)?;
        Ok(v as u32)
    }

    /// Reads a VBR field of `width`-bit chunks whose value fits 64 bits (`ReadVBR64`).
    pub fn read_vbr64(&mut self, width: u32) -> Result<u64, StreamError> {
        self.read_vbr_up_to(width, 64)
    }

    fn read_vbr_up_to(&mut self, width: u32, limit: u32) -> Result<u64, StreamError> {
        if !(2..=32).contains(&width) {
            return Err(StreamError::UnterminatedVbr);
        }
        let hi = 1u64 << (width - 1);
        let mut piece = self.read(width)?;
        if piece & hi == 0 {
            return Ok(piece);
        }
        let mut value = 0u64;
        let mut shift = 0u32;
        loop {
            value |= (piece & (hi - 1)) << shift;
            if piece & hi == 0 {
                return Ok(value);
            }
            shift += width - 1;
            if shift >= limit {
                return Err(StreamError::UnterminatedVbr);
            }
            piece = self.read(width)?;
        }
    }

    /// Skips to the next multiple of 32 bits.
    pub fn align32(&mut self) -> Result<(), StreamError> {
        let bit = self.bit.next_multiple_of(32);
        if bit > self.bits() {
            return Err(StreamError::PastEnd);
        }
        self.bit = bit;
        Ok(())
    }

    /// What comes next in the current block (`advance`): an abbreviation definition is read
    /// and kept on the way; the end of a block is left.
    pub fn advance(&mut self) -> Result<Entry, StreamError> {
        loop {
            if self.at_end() {
                return Err(StreamError::MalformedBlock);
            }
            let id = self.read(self.code_width)? as u32;
            match id {
                abbrev_id::END_BLOCK => {
                    self.exit_block()?;
                    return Ok(Entry::EndBlock);
                }
                abbrev_id::ENTER_SUBBLOCK => return Ok(Entry::SubBlock(self.read_vbr(8)?)),
                abbrev_id::DEFINE_ABBREV => {
                    let a = self.read_abbrev_definition()?;
                    self.abbrevs.push(Rc::new(a));
                }
                _ => return Ok(Entry::Record(id)),
            }
        }
    }

    /// Enters the sub-block whose `ENTER_SUBBLOCK` and id were just read: its code width, its
    /// length, and the abbreviations `BLOCKINFO` gives its id. Returns the bit where it ends.
    pub fn enter_block(&mut self, block_id: u32, info: &BlockInfo) -> Result<u64, StreamError> {
        let code_width = self.read_vbr(4)?;
        self.align32()?;
        let words = self.read(32)?;
        if code_width == 0 || code_width > 32 {
            return Err(StreamError::MalformedBlock);
        }
        let end_bit = self.bit + words * 32;
        if end_bit > self.bits() {
            return Err(StreamError::MalformedBlock);
        }
        let abbrevs = std::mem::replace(&mut self.abbrevs, info.abbrevs(block_id).to_vec());
        self.outer.push(Outer { block_id: self.block_id, code_width: self.code_width, abbrevs });
        self.block_id = Some(block_id);
        self.code_width = code_width;
        Ok(end_bit)
    }

    /// Skips the sub-block whose `ENTER_SUBBLOCK` and id were just read, using its length.
    pub fn skip_block(&mut self) -> Result<(), StreamError> {
        let _width = self.read_vbr(4)?;
        self.align32()?;
        let words = self.read(32)?;
        let end = self.bit + words * 32;
        if end > self.bits() {
            return Err(StreamError::MalformedBlock);
        }
        self.bit = end;
        Ok(())
    }

    fn exit_block(&mut self) -> Result<(), StreamError> {
        let Some(outer) = self.outer.pop() else { return Err(StreamError::MalformedBlock) };
        self.align32()?;
        self.abbrevs = outer.abbrevs;
        self.block_id = outer.block_id;
        self.code_width = outer.code_width;
        Ok(())
    }

    /// Reads a `DEFINE_ABBREV` body, checked as `ReadAbbrevRecord` checks it.
    fn read_abbrev_definition(&mut self) -> Result<Abbrev, StreamError> {
        let n = self.read_vbr(5)? as usize;
        // Each operand takes at least one bit.
        if n as u64 > self.bits() - self.bit {
            return Err(StreamError::PastEnd);
        }
        let mut ops = Vec::with_capacity(n);
        let mut i = 0;
        while i < n {
            let literal = self.read(1)? == 1;
            if literal {
                ops.push(AbbrevOp::Literal(self.read_vbr64(8)?));
                i += 1;
                continue;
            }
            let encoding = self.read(3)?;
            let op = match encoding {
                1 | 2 => {
                    let width = self.read_vbr64(5)?;
                    if width > 64 || (encoding == 2 && width > 32) {
                        return Err(StreamError::BadAbbrevDefinition(
                            "Fixed or VBR abbrev record with size > MaxChunkData",
                        ));
                    }
                    if width == 0 {
                        // A zero-width field is the literal 0.
                        AbbrevOp::Literal(0)
                    } else if encoding == 1 {
                        AbbrevOp::Fixed(width as u8)
                    } else {
                        AbbrevOp::Vbr(width as u8)
                    }
                }
                3 => AbbrevOp::Array,
                4 => AbbrevOp::Char6,
                5 => AbbrevOp::Blob,
                _ => return Err(StreamError::BadAbbrevDefinition("Invalid encoding")),
            };
            ops.push(op);
            i += 1;
        }
        if ops.is_empty() {
            return Err(StreamError::BadAbbrevDefinition("Abbrev record with no operands"));
        }
        Ok(Abbrev { ops })
    }

    /// Reads the record whose abbreviation id was just read (`readRecord`).
    pub fn read_record(&mut self, id: u32) -> Result<Record<'a>, StreamError> {
        if id == abbrev_id::UNABBREV_RECORD {
            let code = self.read_vbr(6)?;
            let n = self.read_vbr(6)? as u64;
            // Each operand takes at least six bits.
            if n.saturating_mul(6) > self.bits() - self.bit {
                return Err(StreamError::PastEnd);
            }
            let mut ops = Vec::with_capacity(n as usize);
            for _ in 0..n {
                ops.push(self.read_vbr64(6)?);
            }
            return Ok(Record { code, ops, blob: None });
        }
        let idx = id.checked_sub(abbrev_id::FIRST_APPLICATION_ABBREV).ok_or(StreamError::InvalidAbbrev)? as usize;
        let abbrev = self.abbrevs.get(idx).cloned().ok_or(StreamError::InvalidAbbrev)?;
        let ops = &abbrev.ops;
        let Some(first) = ops.first() else { return Err(StreamError::BadRecord("Invalid abbrev")) };
        let code = match *first {
            AbbrevOp::Array | AbbrevOp::Blob => {
                return Err(StreamError::BadRecord("Abbreviation starts with an Array or a Blob"))
            }
            op => self.read_scalar(op)?,
        };
        let code = u32::try_from(code).map_err(|_| StreamError::BadRecord("Invalid record code"))?;
        let mut rec = Record { code, ops: Vec::with_capacity(ops.len()), blob: None };
        let mut i = 1;
        while i < ops.len() {
            match ops[i] {
                AbbrevOp::Array => {
                    // The element operand is the last one.
                    if i + 2 != ops.len() {
                        return Err(StreamError::BadRecord("Array op not second to last"));
                    }
                    let elem = ops[i + 1];
                    if matches!(elem, AbbrevOp::Array | AbbrevOp::Blob) {
                        return Err(StreamError::BadRecord("Array element type can't be an Array or a Blob"));
                    }
                    let n = u64::from(self.read_vbr(6)?);
                    let min_bits = match elem {
                        AbbrevOp::Fixed(w) | AbbrevOp::Vbr(w) => u64::from(w),
                        AbbrevOp::Char6 => 6,
                        _ => 0,
                    };
                    if n.saturating_mul(min_bits) > self.bits() - self.bit {
                        return Err(StreamError::PastEnd);
                    }
                    rec.ops.reserve(n.min(1 << 20) as usize);
                    for _ in 0..n {
                        rec.ops.push(self.read_scalar(elem)?);
                    }
                    return Ok(rec);
                }
                AbbrevOp::Blob => {
                    let n = u64::from(self.read_vbr(6)?);
                    self.align32()?;
                    let start = self.bit / 8;
                    let end_bit = self.bit + n * 8;
                    if end_bit > self.bits() {
                        return Err(StreamError::PastEnd);
                    }
                    rec.blob = Some(&self.bytes[start as usize..(start + n) as usize]);
                    self.bit = end_bit;
                    self.align32()?;
                }
                op => {
                    let v = self.read_scalar(op)?;
                    rec.ops.push(v);
                }
            }
            i += 1;
        }
        Ok(rec)
    }

    fn read_scalar(&mut self, op: AbbrevOp) -> Result<u64, StreamError> {
        Ok(match op {
            AbbrevOp::Literal(v) => v,
            AbbrevOp::Fixed(w) => self.read(u32::from(w))?,
            AbbrevOp::Vbr(w) => self.read_vbr64(u32::from(w))?,
            AbbrevOp::Char6 => decode_char6(self.read(6)? as u8),
            AbbrevOp::Array | AbbrevOp::Blob => return Err(StreamError::BadRecord("Invalid abbrev operand")),
        })
    }

    /// Reads a `BLOCKINFO` block whose `ENTER_SUBBLOCK` and id were just read
    /// (`ReadBlockInfoBlock`): the abbreviations it defines go to the block ids its `SETBID`
    /// records name.
    pub fn read_block_info(&mut self, info: &mut BlockInfo) -> Result<(), StreamError> {
        self.enter_block(BLOCKINFO_BLOCK_ID, info)?;
        let mut current: Option<u32> = None;
        loop {
            if self.at_end() {
                return Err(StreamError::MalformedBlock);
            }
            let entry = match self.read(self.code_width)? as u32 {
                abbrev_id::END_BLOCK => {
                    self.exit_block()?;
                    return Ok(());
                }
                abbrev_id::ENTER_SUBBLOCK => {
                    self.read_vbr(8)?;
                    self.skip_block()?;
                    continue;
                }
                abbrev_id::DEFINE_ABBREV => {
                    let Some(bid) = current else { return Err(StreamError::BadBlockInfo) };
                    let a = self.read_abbrev_definition()?;
                    info.abbrevs_mut(bid).push(Rc::new(a));
                    continue;
                }
                id => id,
            };
            let rec = self.read_record(entry)?;
            // SETBID; BLOCKNAME and SETRECORDNAME only name things.
            if rec.code == 1 {
                let Some(&bid) = rec.ops.first() else { return Err(StreamError::BadBlockInfo) };
                current = Some(u32::try_from(bid).map_err(|_| StreamError::BadBlockInfo)?);
            }
        }
    }
}

/// The character of a `Char6` value.
pub fn decode_char6(v: u8) -> u64 {
    u64::from(match v {
        0..=25 => b'a' + v,
        26..=51 => b'A' + (v - 26),
        52..=61 => b'0' + (v - 52),
        62 => b'.',
        _ => b'_',
    })
}
