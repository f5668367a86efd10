//! The bitstream container, ported from LLVM 22's `llvm/Bitstream/BitstreamReader.h` and
//! `BitstreamReader.cpp`: the cursor reads the bytes a 64-bit word at a time as
//! `SimpleBitstreamCursor` does (so its errors name the same byte and bit counts), blocks with
//! their abbreviation width (`EnterSubBlock`, `SkipBlock`, `ReadBlockEnd`), abbreviations
//! (`ReadAbbrevRecord`: literal, fixed, VBR, array, char6 and blob operands), records read
//! plainly or through an abbreviation (`readRecord`, `skipRecord`), and the `BLOCKINFO` block
//! (`ReadBlockInfoBlock`). Every check is LLVM's, in LLVM's order, with its message
//! ([`StreamError`]); [`stream_error`] turns one into the reader's [`Error`].
//!
//! Nothing read from the stream sizes an allocation: a record's operand count must be plausible
//! (fewer than the stream's bits, as LLVM checks) and operands are pushed as they are read, a
//! blob is a slice of the stream, and an abbreviation grows by one operand per operand read.

mod replay;

use std::fmt;
use std::rc::Rc;

pub use replay::{record_block, record_block_into, Recording, MAX_RECORDING};

use crate::Error;

/// Why the stream could not be read: LLVM's messages (`BitstreamReader`), and the `Error` entry
/// of `advance`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StreamError {
    /// `advance` found no entry: the end of the stream, or an `END_BLOCK` outside any block
    /// (LLVM's `BitstreamEntry::Error`). The readers report it as their own "Malformed block".
    MalformedEntry,
    /// `fillCurWord` at or past the end of the stream: the byte it would read and the stream's
    /// size ("Unexpected end of file reading %u of %u bytes").
    EndOfFileBytes { next: u64, size: u64 },
    /// `Read` found fewer bits than it needs in the stream's last word ("Unexpected end of
    /// file reading %u of %u bits").
    EndOfFileBits { have: u32, want: u32 },
    /// A VBR field longer than its value can be.
    UnterminatedVbr,
    /// A block's abbreviation width above 32 ("can't read more than 32 at a time, trying to
    /// read %u").
    CodeSizeTooLarge(u32),
    /// A block's abbreviation width of 0.
    ZeroCodeSize,
    /// A block entered whose header ends the stream.
    EnterAtEnd,
    /// A block skipped whose header ends the stream.
    SkipAtEnd,
    /// A block skipped whose length goes past the stream: where it would end, and where its
    /// contents start.
    SkipTo { to: u64, from: u64 },
    /// An abbreviation id that names no abbreviation of the block.
    InvalidAbbrev,
    /// The operand count of a record or array could not be read ("Failed to read size: ...").
    FailedToReadSize(Box<StreamError>),
    /// One of LLVM's fixed messages ("Invalid encoding", "Size is not plausible", "Blob ends too
    /// soon", ...).
    Invalid(&'static str),
}

impl fmt::Display for StreamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StreamError::MalformedEntry => f.write_str("Malformed block"),
            // LLVM prints both `size_t`s with `%u`: their low 32 bits.
            StreamError::EndOfFileBytes { next, size } => {
                write!(f, "Unexpected end of file reading {} of {} bytes", *next as u32, *size as u32)
            }
            StreamError::EndOfFileBits { have, want } => {
                write!(f, "Unexpected end of file reading {have} of {want} bits")
            }
            StreamError::UnterminatedVbr => f.write_str("Unterminated VBR"),
            StreamError::CodeSizeTooLarge(n) => {
                write!(f, "can't read more than {MAX_CHUNK_SIZE} at a time, trying to read {n}")
            }
            StreamError::ZeroCodeSize => f.write_str("can't enter sub-block: current code size is 0"),
            StreamError::EnterAtEnd => f.write_str("can't enter sub block: already at end of stream"),
            StreamError::SkipAtEnd => f.write_str("can't skip block: already at end of stream"),
            StreamError::SkipTo { to, from } => write!(f, "can't skip to bit {to} from {from}"),
            StreamError::InvalidAbbrev => f.write_str("Invalid abbrev number"),
            StreamError::FailedToReadSize(e) => write!(f, "Failed to read size: {e}"),
            StreamError::Invalid(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for StreamError {}

/// The reader's error for a stream error. An error of the stream is handed on as it is (LLVM
/// returns it without the producer the module reader adds to its own messages); the `Error` entry
/// of `advance` is the reader's own "Malformed block", which does get the producer.
pub fn stream_error(e: StreamError) -> Error {
    match e {
        StreamError::MalformedEntry => Error::new("Malformed block"),
        e => Error::from_stream(e.to_string()),
    }
}

/// The widest fixed or VBR field, and the widest abbreviation id (`MaxChunkSize`).
pub const MAX_CHUNK_SIZE: u32 = 32;

/// One operand of an abbreviation (`BitCodeAbbrevOp`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AbbrevOp {
    /// A value fixed by the abbreviation.
    Literal(u64),
    /// A fixed-width field of this many bits (1 to 32).
    Fixed(u8),
    /// A variable-width field in chunks of this many bits (1 to 32).
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
    /// The operands; LLVM reads an `Array` only as the operand before last.
    pub ops: Vec<AbbrevOp>,
}

/// What comes next in a block (`BitstreamEntry`; its `Error` kind is
/// [`StreamError::MalformedEntry`]).
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
/// The width of a block id (`BlockIDWidth`).
pub const BLOCK_ID_WIDTH: u32 = 8;
/// The width of a block's abbreviation width (`CodeLenWidth`).
const CODE_LEN_WIDTH: u32 = 4;
/// The width of a block's length in words (`BlockSizeWidth`).
const BLOCK_SIZE_WIDTH: u32 = 32;

/// The `BLOCKINFO` record codes.
const BLOCKINFO_CODE_SETBID: u32 = 1;
const BLOCKINFO_CODE_BLOCKNAME: u32 = 2;
const BLOCKINFO_CODE_SETRECORDNAME: u32 = 3;

/// The abbreviations `BLOCKINFO` gives each block id (`BitstreamBlockInfo`).
#[derive(Clone, Debug, Default)]
pub struct BlockInfo {
    blocks: Vec<(u32, Vec<Rc<Abbrev>>)>,
}

impl BlockInfo {
    /// The abbreviations registered for `block_id`.
    pub fn abbrevs(&self, block_id: u32) -> &[Rc<Abbrev>] {
        self.blocks.iter().find(|(id, _)| *id == block_id).map_or(&[], |(_, a)| a)
    }

    /// The abbreviations of each block id, owned (to be sent to another thread).
    pub fn to_parts(&self) -> Vec<(u32, Vec<Abbrev>)> {
        self.blocks.iter().map(|(id, a)| (*id, a.iter().map(|a| Abbrev::clone(a)).collect())).collect()
    }

    /// The block info [`BlockInfo::to_parts`] gave.
    pub fn from_parts(parts: Vec<(u32, Vec<Abbrev>)>) -> Self {
        BlockInfo { blocks: parts.into_iter().map(|(id, a)| (id, a.into_iter().map(Rc::new).collect())).collect() }
    }

    /// `getOrCreateBlockInfo`: the entry of `block_id`, by its place.
    fn entry(&mut self, block_id: u32) -> usize {
        match self.blocks.iter().position(|(id, _)| *id == block_id) {
            Some(i) => i,
            None => {
                self.blocks.push((block_id, Vec::new()));
                self.blocks.len() - 1
            }
        }
    }
}

/// The state of an enclosing block, kept while a sub-block is read (`Block`).
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

/// The bits of a 64-bit word (`word_t` on the hosts LLVM 22 is built for).
const WORD_BITS: u32 = 64;

/// A reader of a bitstream (`BitstreamCursor`): the bytes, the word being read, the blocks
/// entered.
#[derive(Clone, Debug)]
pub struct Cursor<'a> {
    bytes: &'a [u8],
    /// The next byte to load into `word` (`NextChar`); past the end after a jump there.
    next_char: u64,
    /// The bits loaded and not read yet, lowest first (`CurWord`).
    word: u64,
    /// How many bits of `word` are left (`BitsInCurWord`).
    bits_in_word: u32,
    /// The abbreviation id width of the block being read (2 outside any block).
    code_width: u32,
    /// The abbreviations of the block being read.
    abbrevs: Vec<Rc<Abbrev>>,
    /// The blocks around it (`BlockScope`).
    outer: Vec<Outer>,
    block_id: Option<u32>,
    /// A record's operand buffer given back ([`Cursor::recycle`]), reused by the next record.
    spare: Vec<u64>,
    /// Where the last record read with its blob had the blob among its operands.
    blob_at: u32,
    /// A block's entries decoded ahead, read instead of the stream ([`Cursor::replay`]).
    replay: Option<Box<replay::Replay>>,
}

impl<'a> Cursor<'a> {
    /// A cursor at the start of `bytes`, outside any block.
    pub fn new(bytes: &'a [u8]) -> Self {
        Cursor {
            bytes,
            next_char: 0,
            word: 0,
            bits_in_word: 0,
            code_width: 2,
            abbrevs: Vec::new(),
            outer: Vec::new(),
            block_id: None,
            spare: Vec::new(),
            blob_at: 0,
            replay: None,
        }
    }

    /// Reads the entries of `rec` from here on instead of the stream: the block it recorded
    /// (see [`record_block`]), as if just entered. The stream's position is left as it was;
    /// [`Cursor::end_replay`] goes back to it.
    pub fn replay(&mut self, rec: Recording) {
        self.replay = Some(Box::new(replay::Replay::new(rec)));
    }

    /// When a recording is being replayed, the codes of the records of the current block from
    /// here to its end (not those of the blocks inside it): what is to come, for a reader to
    /// make room for.
    pub fn replay_block_codes(&self) -> Option<impl Iterator<Item = u32> + '_> {
        self.replay.as_deref().map(replay::Replay::block_codes)
    }

    /// Goes back to reading the stream where it was before [`Cursor::replay`]; the recording
    /// is handed back (to be reused).
    pub fn end_replay(&mut self) -> Option<Recording> {
        self.replay.take().map(|r| r.into_recording())
    }

    /// The bit position (`GetCurrentBitNo`).
    pub fn bit(&self) -> u64 {
        self.next_char.wrapping_mul(8).wrapping_sub(u64::from(self.bits_in_word))
    }

    /// The number of bits in the stream.
    pub fn bits(&self) -> u64 {
        self.bytes.len() as u64 * 8
    }

    /// The stream's bytes.
    pub fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// True at the end of the stream (`AtEndOfStream`).
    pub fn at_end(&self) -> bool {
        self.bits_in_word == 0 && self.bytes.len() as u64 <= self.next_char
    }

    /// The id of the block being read (`None` outside any block).
    pub fn block_id(&self) -> Option<u32> {
        self.block_id
    }

    /// The abbreviation id width of the block being read (`getAbbrevIDWidth`).
    pub fn code_width(&self) -> u32 {
        self.code_width
    }

    /// `canSkipToPos`: a byte of the stream, or the one just past its end.
    fn can_skip_to(&self, byte: u64) -> bool {
        byte <= self.bytes.len() as u64
    }

    /// `isSizePlausible`: fewer elements than the stream has bits.
    fn size_plausible(&self, n: u64) -> bool {
        n < self.bytes.len() as u64 * 8
    }

    /// Moves to bit `bit` (`JumpToBit`): to the start of its word, then the bits of the word
    /// before it are read. A position past the end is taken; the next read fails. A replay
    /// ends.
    pub fn jump_to(&mut self, bit: u64) -> Result<(), StreamError> {
        self.replay = None;
        self.next_char = (bit / 8) & !7;
        self.bits_in_word = 0;
        let word_bit = (bit % u64::from(WORD_BITS)) as u32;
        if word_bit != 0 {
            self.read(word_bit)?;
        }
        Ok(())
    }

    /// `fillCurWord`: the next 8 bytes (fewer at the end) into the word.
    fn fill_word(&mut self) -> Result<(), StreamError> {
        let size = self.bytes.len() as u64;
        if self.next_char >= size {
            return Err(StreamError::EndOfFileBytes { next: self.next_char, size });
        }
        let start = self.next_char as usize;
        let n = (self.bytes.len() - start).min(8);
        self.word = match self.bytes.get(start..start + 8).and_then(|b| <[u8; 8]>::try_from(b).ok()) {
            Some(bytes) => u64::from_le_bytes(bytes),
            None => {
                let mut word = 0u64;
                for (i, &b) in self.bytes[start..start + n].iter().enumerate() {
                    word |= u64::from(b) << (8 * i);
                }
                word
            }
        };
        self.next_char += n as u64;
        self.bits_in_word = n as u32 * 8;
        Ok(())
    }

    /// Reads `n` bits (1 to 64), least significant first (`Read`).
    pub fn read(&mut self, n: u32) -> Result<u64, StreamError> {
        debug_assert!((1..=WORD_BITS).contains(&n));
        if n == 0 || n > WORD_BITS {
            return Ok(0);
        }
        if self.bits_in_word >= n {
            let r = self.word & (!0u64 >> (WORD_BITS - n));
            self.word >>= n & (WORD_BITS - 1);
            self.bits_in_word -= n;
            return Ok(r);
        }
        let r = if self.bits_in_word > 0 { self.word } else { 0 };
        let left = n - self.bits_in_word;
        self.fill_word()?;
        if left > self.bits_in_word {
            return Err(StreamError::EndOfFileBits { have: self.bits_in_word, want: left });
        }
        let r2 = self.word & (!0u64 >> (WORD_BITS - left));
        self.word >>= left & (WORD_BITS - 1);
        self.bits_in_word -= left;
        Ok(r | (r2 << (n - left)))
    }

    /// Reads a VBR field of `width`-bit chunks whose value fits 32 bits (`ReadVBR`).
    pub fn read_vbr(&mut self, width: u32) -> Result<u32, StreamError> {
        if !(1..=MAX_CHUNK_SIZE).contains(&width) {
            return Err(StreamError::UnterminatedVbr);
        }
        let mut piece = self.read(width)? as u32;
        let mask = 1u32 << (width - 1);
        if piece & mask == 0 {
            return Ok(piece);
        }
        let mut value = 0u32;
        let mut shift = 0u32;
        loop {
            value |= (piece & (mask - 1)) << shift;
            if piece & mask == 0 {
                return Ok(value);
            }
            shift += width - 1;
            if shift >= 32 {
                return Err(StreamError::UnterminatedVbr);
            }
            piece = self.read(width)? as u32;
        }
    }

    /// Reads a VBR field of `width`-bit chunks whose value fits 64 bits (`ReadVBR64`).
    pub fn read_vbr64(&mut self, width: u32) -> Result<u64, StreamError> {
        if !(1..=MAX_CHUNK_SIZE).contains(&width) {
            return Err(StreamError::UnterminatedVbr);
        }
        let mut piece = self.read(width)? as u32;
        let mask = 1u32 << (width - 1);
        if piece & mask == 0 {
            return Ok(u64::from(piece));
        }
        let mut value = 0u64;
        let mut shift = 0u32;
        loop {
            value |= u64::from(piece & (mask - 1)) << shift;
            if piece & mask == 0 {
                return Ok(value);
            }
            // With 1-bit chunks LLVM never gets here: it reads on to the end of the stream.
            shift += width - 1;
            if shift >= 64 {
                return Err(StreamError::UnterminatedVbr);
            }
            piece = self.read(width)? as u32;
        }
    }

    /// Skips to the next multiple of 32 bits (`SkipToFourByteBoundary`).
    pub fn align32(&mut self) {
        if self.bits_in_word >= 32 {
            self.word >>= self.bits_in_word - 32;
            self.bits_in_word = 32;
        } else {
            self.bits_in_word = 0;
        }
    }

    /// What comes next in the current block (`advance`): an abbreviation definition is read
    /// and kept on the way; the end of a block is left. [`StreamError::MalformedEntry`] is LLVM's
    /// `Error` entry.
    pub fn advance(&mut self) -> Result<Entry, StreamError> {
        if let Some(r) = &mut self.replay {
            return r.advance();
        }
        loop {
            if self.at_end() {
                return Err(StreamError::MalformedEntry);
            }
            let code = self.read(self.code_width)? as u32;
            match code {
                abbrev_id::END_BLOCK => {
                    if !self.read_block_end() {
                        return Err(StreamError::MalformedEntry);
                    }
                    return Ok(Entry::EndBlock);
                }
                abbrev_id::ENTER_SUBBLOCK => return Ok(Entry::SubBlock(self.read_vbr(BLOCK_ID_WIDTH)?)),
                abbrev_id::DEFINE_ABBREV => {
                    let a = self.read_abbrev_record()?;
                    self.abbrevs.push(Rc::new(a));
                }
                _ => return Ok(Entry::Record(code)),
            }
        }
    }

    /// [`Cursor::advance`], stepping over sub-blocks (`advanceSkippingSubblocks`).
    pub fn advance_skipping_subblocks(&mut self) -> Result<Entry, StreamError> {
        loop {
            match self.advance()? {
                Entry::SubBlock(_) => self.skip_block()?,
                e => return Ok(e),
            }
        }
    }

    /// Enters the sub-block whose `ENTER_SUBBLOCK` and id were just read (`EnterSubBlock`): the
    /// abbreviations `info` gives its id, its abbreviation width, its length (returned, in
    /// 32-bit words; LLVM does not check it).
    pub fn enter_block(&mut self, block_id: u32, info: &BlockInfo) -> Result<u64, StreamError> {
        if let Some(r) = &mut self.replay {
            return r.enter_block();
        }
        let abbrevs = std::mem::take(&mut self.abbrevs);
        self.outer.push(Outer { block_id: self.block_id, code_width: self.code_width, abbrevs });
        self.block_id = Some(block_id);
        self.abbrevs.extend(info.abbrevs(block_id).iter().cloned());
        self.code_width = self.read_vbr(CODE_LEN_WIDTH)?;
        if self.code_width > MAX_CHUNK_SIZE {
            return Err(StreamError::CodeSizeTooLarge(self.code_width));
        }
        self.align32();
        let words = self.read(BLOCK_SIZE_WIDTH)?;
        if self.code_width == 0 {
            return Err(StreamError::ZeroCodeSize);
        }
        if self.at_end() {
            return Err(StreamError::EnterAtEnd);
        }
        Ok(words)
    }

    /// Skips the sub-block whose `ENTER_SUBBLOCK` and id were just read, by its length
    /// (`SkipBlock`).
    pub fn skip_block(&mut self) -> Result<(), StreamError> {
        if let Some(r) = &mut self.replay {
            return r.skip_block();
        }
        self.read_vbr(CODE_LEN_WIDTH)?;
        self.align32();
        let words = self.read(BLOCK_SIZE_WIDTH)?;
        let to = self.bit() + words * 32;
        if self.at_end() {
            return Err(StreamError::SkipAtEnd);
        }
        if !self.can_skip_to(to / 8) {
            return Err(StreamError::SkipTo { to, from: self.bit() });
        }
        self.jump_to(to)
    }

    /// `ReadBlockEnd`: leaves the block (false outside any block).
    fn read_block_end(&mut self) -> bool {
        let Some(outer) = self.outer.pop() else { return false };
        self.align32();
        self.abbrevs = outer.abbrevs;
        self.block_id = outer.block_id;
        self.code_width = outer.code_width;
        true
    }

    /// `getAbbrev`.
    fn abbrev(&self, id: u32) -> Result<Rc<Abbrev>, StreamError> {
        let n = id.wrapping_sub(abbrev_id::FIRST_APPLICATION_ABBREV) as usize;
        self.abbrevs.get(n).cloned().ok_or(StreamError::InvalidAbbrev)
    }

    /// Reads a `DEFINE_ABBREV` body (`ReadAbbrevRecord`).
    fn read_abbrev_record(&mut self) -> Result<Abbrev, StreamError> {
        let n = self.read_vbr(5)?;
        // Each operand takes at least 4 bits of the stream: the vector grows as they are read.
        let mut ops = Vec::new();
        for _ in 0..n {
            if self.read(1)? == 1 {
                ops.push(AbbrevOp::Literal(self.read_vbr64(8)?));
                continue;
            }
            let encoding = self.read(3)?;
            let op = match encoding {
                1 | 2 => {
                    let data = self.read_vbr64(5)?;
                    // A zero-width field is the literal 0.
                    if data == 0 {
                        AbbrevOp::Literal(0)
                    } else if data > u64::from(MAX_CHUNK_SIZE) {
                        return Err(StreamError::Invalid("Fixed or VBR abbrev record with size > MaxChunkData"));
                    } else if encoding == 1 {
                        AbbrevOp::Fixed(data as u8)
                    } else {
                        AbbrevOp::Vbr(data as u8)
                    }
                }
                3 => AbbrevOp::Array,
                4 => AbbrevOp::Char6,
                5 => AbbrevOp::Blob,
                _ => return Err(StreamError::Invalid("Invalid encoding")),
            };
            ops.push(op);
        }
        if ops.is_empty() {
            return Err(StreamError::Invalid("Abbrev record with no operands"));
        }
        Ok(Abbrev { ops })
    }

    /// `readAbbreviatedField`: a scalar operand.
    fn read_field(&mut self, op: AbbrevOp) -> Result<u64, StreamError> {
        Ok(match op {
            AbbrevOp::Literal(v) => v,
            AbbrevOp::Fixed(w) => self.read(u32::from(w))?,
            AbbrevOp::Vbr(w) => self.read_vbr64(u32::from(w))?,
            AbbrevOp::Char6 => decode_char6(self.read(6)? as u8),
            // Callers check for these first.
            AbbrevOp::Array | AbbrevOp::Blob => 0,
        })
    }

    /// Reads the record whose abbreviation id was just read (`readRecord` with a blob wanted):
    /// a blob operand is returned as [`Record::blob`].
    pub fn read_record(&mut self, id: u32) -> Result<Record<'a>, StreamError> {
        self.read_record_impl(id, true)
    }

    /// Reads the record whose abbreviation id was just read as LLVM's readers mostly do
    /// (`readRecord` without a blob): a blob's bytes are operands.
    pub fn read_record_ops(&mut self, id: u32) -> Result<Record<'a>, StreamError> {
        self.read_record_impl(id, false)
    }

    /// Reads the record whose abbreviation id was just read as [`Cursor::read_record_ops`] does
    /// and gives its code and operands to `f`: a record replayed without a blob is handed out
    /// where its recording holds it, not copied.
    pub fn with_record_ops<R>(&mut self, id: u32, f: impl FnOnce(u32, &[u64]) -> R) -> Result<R, StreamError> {
        if let Some(r) = &self.replay {
            if let Some((code, ops)) = r.plain_record() {
                return Ok(f(code, ops));
            }
        }
        let rec = self.read_record_ops(id)?;
        let out = f(rec.code, &rec.ops);
        self.recycle(rec);
        Ok(out)
    }

    /// Gives a record's operand buffer back, for the next record to fill: a reader that reads
    /// records in a loop allocates once instead of once per record.
    pub fn recycle(&mut self, rec: Record<'a>) {
        if rec.ops.capacity() > self.spare.capacity() {
            self.spare = rec.ops;
        }
    }

    /// The spare operand buffer, empty.
    fn take_spare(&mut self) -> Vec<u64> {
        let mut ops = std::mem::take(&mut self.spare);
        ops.clear();
        ops
    }

    fn read_record_impl(&mut self, id: u32, want_blob: bool) -> Result<Record<'a>, StreamError> {
        if self.replay.is_some() {
            let ops = self.take_spare();
            let bytes = self.bytes;
            return self.replay.as_mut().map_or(Err(StreamError::MalformedEntry), |r| r.record(bytes, want_blob, ops));
        }
        if id == abbrev_id::UNABBREV_RECORD {
            let code = self.read_vbr(6)?;
            let n = self.read_vbr(6).map_err(|e| StreamError::FailedToReadSize(Box::new(e)))?;
            if !self.size_plausible(u64::from(n)) {
                return Err(StreamError::Invalid("Size is not plausible"));
            }
            let mut ops = self.take_spare();
            for _ in 0..n {
                ops.push(self.read_vbr64(6)?);
            }
            return Ok(Record { code, ops, blob: None });
        }
        let abbrev = self.abbrev(id)?;
        let ops = &abbrev.ops;
        let Some(&first) = ops.first() else { return Err(StreamError::InvalidAbbrev) };
        let code = match first {
            AbbrevOp::Literal(v) => v as u32,
            AbbrevOp::Array | AbbrevOp::Blob => {
                return Err(StreamError::Invalid("Abbreviation starts with an Array or a Blob"))
            }
            op => self.read_field(op)? as u32,
        };
        let mut rec = Record { code, ops: self.take_spare(), blob: None };
        let mut i = 1;
        while i < ops.len() {
            match ops[i] {
                AbbrevOp::Array => {
                    let n = self.read_vbr(6).map_err(|e| StreamError::FailedToReadSize(Box::new(e)))?;
                    if !self.size_plausible(u64::from(n)) {
                        return Err(StreamError::Invalid("Size is not plausible"));
                    }
                    if i + 2 != ops.len() {
                        return Err(StreamError::Invalid("Array op not second to last"));
                    }
                    i += 1;
                    let elem = ops[i];
                    match elem {
                        AbbrevOp::Literal(_) => {
                            return Err(StreamError::Invalid("Array element type has to be an encoding of a type"))
                        }
                        AbbrevOp::Array | AbbrevOp::Blob => {
                            return Err(StreamError::Invalid("Array element type can't be an Array or a Blob"))
                        }
                        _ => {}
                    }
                    for _ in 0..n {
                        let v = self.read_field(elem)?;
                        rec.ops.push(v);
                    }
                }
                AbbrevOp::Blob => {
                    let n = u64::from(self.read_vbr(6)?);
                    self.align32();
                    let start = self.bit();
                    let end = start + n.next_multiple_of(4) * 8;
                    if !self.can_skip_to(end / 8) {
                        return Err(StreamError::Invalid("Blob ends too soon"));
                    }
                    self.jump_to(end)?;
                    let bytes = &self.bytes[(start / 8) as usize..(start / 8 + n) as usize];
                    if want_blob {
                        self.blob_at = rec.ops.len() as u32;
                        rec.blob = Some(bytes);
                    } else {
                        rec.ops.extend(bytes.iter().map(|&b| u64::from(b)));
                    }
                }
                op => {
                    let v = self.read_field(op)?;
                    rec.ops.push(v);
                }
            }
            i += 1;
        }
        Ok(rec)
    }

    /// Steps over the record whose abbreviation id was just read (`skipRecord`); returns its
    /// code.
    pub fn skip_record(&mut self, id: u32) -> Result<u32, StreamError> {
        if let Some(r) = &mut self.replay {
            return r.skip_record();
        }
        if id == abbrev_id::UNABBREV_RECORD {
            let code = self.read_vbr(6)?;
            let n = self.read_vbr(6)?;
            for _ in 0..n {
                self.read_vbr64(6)?;
            }
            return Ok(code);
        }
        let abbrev = self.abbrev(id)?;
        let ops = &abbrev.ops;
        let Some(&first) = ops.first() else { return Err(StreamError::InvalidAbbrev) };
        let code = match first {
            AbbrevOp::Literal(v) => v as u32,
            AbbrevOp::Array | AbbrevOp::Blob => {
                return Err(StreamError::Invalid("Abbreviation starts with an Array or a Blob"))
            }
            op => self.read_field(op)? as u32,
        };
        let mut i = 1;
        while i < ops.len() {
            match ops[i] {
                AbbrevOp::Literal(_) => {}
                AbbrevOp::Array => {
                    let n = u64::from(self.read_vbr(6)?);
                    // LLVM asserts the element is the last operand.
                    i += 1;
                    match ops.get(i).copied() {
                        Some(AbbrevOp::Fixed(w)) => self.jump_to(self.bit() + n * u64::from(w))?,
                        Some(AbbrevOp::Vbr(w)) => {
                            for _ in 0..n {
                                self.read_vbr64(u32::from(w))?;
                            }
                        }
                        // LLVM multiplies in 32 bits.
                        Some(AbbrevOp::Char6) => self.jump_to(self.bit() + u64::from((n as u32).wrapping_mul(6)))?,
                        _ => return Err(StreamError::Invalid("Array element type can't be an Array or a Blob")),
                    }
                }
                AbbrevOp::Blob => {
                    let n = u64::from(self.read_vbr(6)?);
                    self.align32();
                    let end = self.bit() + n.next_multiple_of(4) * 8;
                    // A blob past the end leaves the cursor at the end of the stream.
                    if !self.can_skip_to(end / 8) {
                        self.next_char = self.bytes.len() as u64;
                        break;
                    }
                    self.jump_to(end)?;
                }
                op => {
                    self.read_field(op)?;
                }
            }
            i += 1;
        }
        Ok(code)
    }

    /// Reads a `BLOCKINFO` block whose `ENTER_SUBBLOCK` and id were just read
    /// (`ReadBlockInfoBlock`): the abbreviations it defines, by the block ids its `SETBID`
    /// records name. `None` where LLVM gives up on the block without an error of the stream
    /// (its readers then say "Malformed block"); `info` is the block info in force, whose
    /// abbreviations for `BLOCKINFO` itself apply inside it.
    pub fn read_block_info(&mut self, info: &BlockInfo) -> Result<Option<BlockInfo>, StreamError> {
        self.enter_block(BLOCKINFO_BLOCK_ID, info)?;
        let mut fresh = BlockInfo::default();
        let mut current: Option<usize> = None;
        loop {
            // `advanceSkippingSubblocks(AF_DontAutoprocessAbbrevs)`.
            let id = loop {
                if self.at_end() {
                    return Ok(None);
                }
                let code = self.read(self.code_width)? as u32;
                match code {
                    abbrev_id::END_BLOCK => {
                        if !self.read_block_end() {
                            return Ok(None);
                        }
                        return Ok(Some(fresh));
                    }
                    abbrev_id::ENTER_SUBBLOCK => {
                        self.read_vbr(BLOCK_ID_WIDTH)?;
                        self.skip_block()?;
                    }
                    code => break code,
                }
            };
            if id == abbrev_id::DEFINE_ABBREV {
                let Some(at) = current else { return Ok(None) };
                let a = self.read_abbrev_record()?;
                fresh.blocks[at].1.push(Rc::new(a));
                continue;
            }
            let rec = self.read_record_ops(id)?;
            match rec.code {
                BLOCKINFO_CODE_SETBID => {
                    let Some(&bid) = rec.ops.first() else { return Ok(None) };
                    current = Some(fresh.entry(bid as u32));
                }
                BLOCKINFO_CODE_BLOCKNAME | BLOCKINFO_CODE_SETRECORDNAME if current.is_none() => return Ok(None),
                _ => {}
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_bits::Bits;

    /// The message the reader gives for a stream error.
    fn msg(e: StreamError) -> String {
        stream_error(e).message
    }

    /// A cursor over `b`'s bytes, after the signature.
    fn cursor(b: &Bits) -> Cursor<'_> {
        let mut c = Cursor::new(&b.bytes);
        c.jump_to(32).expect("the signature is there");
        c
    }

    /// Some words after the data, so that nothing ends the stream by accident.
    fn pad(b: &mut Bits) {
        b.align();
        b.put(0, 64);
    }

    /// Block 8 entered at the top level with abbreviation width 3; `body` writes into it.
    fn block(body: impl FnOnce(&mut Bits)) -> Bits {
        let mut b = Bits::new();
        let at = b.enter(2, 8, 3);
        body(&mut b);
        b.end_block(at, 3);
        pad(&mut b);
        b
    }

    /// The first error of reading every entry and record of block 8 (made by [`block`]).
    fn read_block(b: &Bits) -> Result<Vec<Record<'_>>, StreamError> {
        let mut c = cursor(b);
        assert_eq!(c.advance()?, Entry::SubBlock(8));
        c.enter_block(8, &BlockInfo::default())?;
        let mut out = Vec::new();
        loop {
            match c.advance()? {
                Entry::EndBlock => return Ok(out),
                Entry::SubBlock(_) => c.skip_block()?,
                Entry::Record(a) => out.push(c.read_record(a)?),
            }
        }
    }

    /// A `DEFINE_ABBREV` at width 3: each operand is `(literal, encoding, data)`.
    fn define(b: &mut Bits, ops: &[(bool, u64, u64)]) {
        b.put(abbrev_id::DEFINE_ABBREV as u64, 3);
        b.vbr(ops.len() as u64, 5);
        for &(literal, enc, data) in ops {
            if literal {
                b.put(1, 1);
                b.vbr(data, 8);
            } else {
                b.put(0, 1);
                b.put(enc, 3);
                if enc == 1 || enc == 2 {
                    b.vbr(data, 5);
                }
            }
        }
    }

    const LIT: bool = true;
    const ENC: bool = false;

    #[test]
    fn fields_are_read_across_words() {
        let mut b = Bits::new();
        b.put(0x1234_5678_9abc, 48);
        b.put(5, 3);
        b.vbr(1_000_000, 6);
        b.vbr(u64::MAX, 8);
        b.put(0xdead_beef, 32);
        pad(&mut b);
        let mut c = cursor(&b);
        assert_eq!(c.read(48), Ok(0x1234_5678_9abc));
        assert_eq!(c.read(3), Ok(5));
        assert_eq!(c.read_vbr(6), Ok(1_000_000));
        assert_eq!(c.read_vbr64(8), Ok(u64::MAX));
        assert_eq!(c.read(32), Ok(0xdead_beef));
        let bit = c.bit();
        c.jump_to(32 + 48).expect("in the stream");
        assert_eq!(c.read(3), Ok(5));
        c.align32();
        assert_eq!(c.bit(), 96);
        c.jump_to(bit).expect("in the stream");
        assert_eq!(c.bit(), bit);
    }

    #[test]
    fn reads_past_the_end_name_llvms_byte_and_bit_counts() {
        // 12 bytes: the signature and two words of zeros.
        let mut b = Bits::new();
        b.put(0, 64);
        let mut c = cursor(&b);
        assert_eq!(c.read(64), Ok(0));
        assert_eq!(msg(c.read(1).unwrap_err()), "Unexpected end of file reading 12 of 12 bytes");
        // A jump past the end is taken; the next read fails.
        c.jump_to(768).expect("a jump to a word reads nothing");
        assert!(c.at_end());
        assert_eq!(msg(c.read(2).unwrap_err()), "Unexpected end of file reading 96 of 12 bytes");
        // The last word has 32 bits, not the 40 asked for.
        let mut c = cursor(&b);
        assert_eq!(msg(c.jump_to(64 + 40).unwrap_err()), "Unexpected end of file reading 32 of 40 bits");
        // `advance` at the end of the stream: the reader's own "Malformed block".
        let mut c = cursor(&b);
        c.jump_to(96).expect("the end");
        assert_eq!(c.advance(), Err(StreamError::MalformedEntry));
        assert_eq!(msg(StreamError::MalformedEntry), "Malformed block");
        assert!(!stream_error(StreamError::MalformedEntry).bare);
        assert!(stream_error(StreamError::UnterminatedVbr).bare);
    }

    #[test]
    fn a_vbr_too_long_for_its_value_is_unterminated() {
        let mut b = Bits::new();
        for _ in 0..7 {
            b.put(0x3f, 6); // 5 bits of value and a continuation bit each
        }
        b.put(0, 6);
        pad(&mut b);
        assert_eq!(msg(cursor(&b).read_vbr(6).unwrap_err()), "Unterminated VBR");
        // 64-bit VBRs go on: 35 bits are no trouble.
        assert_eq!(cursor(&b).read_vbr64(6), Ok((1 << 35) - 1));
    }

    #[test]
    fn an_end_block_outside_any_block_is_an_error_entry() {
        let mut b = Bits::new();
        b.put(abbrev_id::END_BLOCK as u64, 2);
        pad(&mut b);
        assert_eq!(cursor(&b).advance(), Err(StreamError::MalformedEntry));
    }

    #[test]
    fn block_headers_are_checked_as_llvm_checks_them() {
        let header = |width: u64, words: u64, tail: bool| {
            let mut b = Bits::new();
            b.put(abbrev_id::ENTER_SUBBLOCK as u64, 2);
            b.vbr(8, 8);
            b.vbr(width, 4);
            b.align();
            b.put(words, 32);
            if tail {
                b.put(0, 32);
            }
            b
        };
        let enter = |b: &Bits| {
            let mut c = cursor(b);
            assert_eq!(c.advance(), Ok(Entry::SubBlock(8)));
            c.enter_block(8, &BlockInfo::default()).map_err(msg)
        };
        let skip = |b: &Bits| {
            let mut c = cursor(b);
            assert_eq!(c.advance(), Ok(Entry::SubBlock(8)));
            c.skip_block().map_err(msg)
        };
        assert_eq!(enter(&header(3, 1, true)), Ok(1));
        assert_eq!(skip(&header(3, 1, true)), Ok(()));
        // LLVM does not check the length of a block it enters.
        assert_eq!(enter(&header(3, 1000, true)), Ok(1000));
        assert_eq!(enter(&header(33, 1, true)).unwrap_err(), "can't read more than 32 at a time, trying to read 33");
        assert_eq!(enter(&header(0, 1, true)).unwrap_err(), "can't enter sub-block: current code size is 0");
        assert_eq!(enter(&header(3, 0, false)).unwrap_err(), "can't enter sub block: already at end of stream");
        assert_eq!(skip(&header(3, 0, false)).unwrap_err(), "can't skip block: already at end of stream");
        // The header ends at bit 96; 1000 words later is past the stream.
        assert_eq!(skip(&header(3, 1000, true)).unwrap_err(), "can't skip to bit 32096 from 96");
    }

    #[test]
    fn abbreviations_are_read_and_applied() {
        let b = block(|b| {
            // [literal 5, fixed(4), array of char6], then [vbr(6), blob].
            define(b, &[(LIT, 0, 5), (ENC, 1, 4), (ENC, 3, 0), (ENC, 4, 0)]);
            define(b, &[(ENC, 2, 6), (ENC, 5, 0)]);
            b.put(4, 3);
            b.put(9, 4);
            b.vbr(2, 6);
            b.put(0, 6); // 'a'
            b.put(63, 6); // '_'
            b.put(5, 3);
            b.vbr(77, 6);
            b.vbr(3, 6);
            b.align();
            b.put(0x636261, 32); // "abc" and a byte of padding
            b.record(3, 7, &[1, 2]);
        });
        let recs = read_block(&b).expect("reads");
        assert_eq!(recs[0], Record { code: 5, ops: vec![9, u64::from(b'a'), u64::from(b'_')], blob: None });
        assert_eq!(recs[1], Record { code: 77, ops: vec![], blob: Some(&b"abc"[..]) });
        assert_eq!(recs[2], Record { code: 7, ops: vec![1, 2], blob: None });
        // Without a blob wanted, its bytes are operands; skipping gives the codes.
        let mut c = cursor(&b);
        c.advance().expect("the block");
        c.enter_block(8, &BlockInfo::default()).expect("enters");
        let Ok(Entry::Record(a)) = c.advance() else { panic!("a record") };
        assert_eq!(c.skip_record(a), Ok(5));
        let Ok(Entry::Record(a)) = c.advance() else { panic!("a record") };
        assert_eq!(c.read_record_ops(a).map(|r| r.ops), Ok(vec![97, 98, 99]));
        let Ok(Entry::Record(a)) = c.advance() else { panic!("a record") };
        assert_eq!(c.skip_record(a), Ok(7));
        assert_eq!(c.advance(), Ok(Entry::EndBlock));
    }

    #[test]
    fn abbreviation_definitions_llvm_refuses() {
        let err = |ops: &[(bool, u64, u64)]| read_block(&block(|b| define(b, ops))).map(|r| r.len()).map_err(msg);
        assert_eq!(err(&[(ENC, 6, 0)]).unwrap_err(), "Invalid encoding");
        assert_eq!(err(&[(ENC, 0, 0)]).unwrap_err(), "Invalid encoding");
        assert_eq!(err(&[(ENC, 1, 33)]).unwrap_err(), "Fixed or VBR abbrev record with size > MaxChunkData");
        assert_eq!(err(&[(ENC, 2, 40)]).unwrap_err(), "Fixed or VBR abbrev record with size > MaxChunkData");
        assert_eq!(err(&[]).unwrap_err(), "Abbrev record with no operands");
        // A zero-width field is the literal 0; 32 bits is the widest.
        assert_eq!(err(&[(ENC, 1, 0), (ENC, 2, 32)]), Ok(0));
    }

    #[test]
    fn records_that_do_not_follow_their_abbreviation() {
        let err = |ops: &[(bool, u64, u64)], data: &dyn Fn(&mut Bits)| {
            read_block(&block(|b| {
                define(b, ops);
                b.put(4, 3);
                data(b);
            }))
            .map(|r| r.len())
            .map_err(msg)
        };
        let none = |_: &mut Bits| {};
        assert_eq!(err(&[(ENC, 3, 0), (ENC, 1, 4)], &none).unwrap_err(), "Abbreviation starts with an Array or a Blob");
        assert_eq!(err(&[(ENC, 5, 0)], &none).unwrap_err(), "Abbreviation starts with an Array or a Blob");
        let count = |b: &mut Bits| b.vbr(1, 6);
        assert_eq!(
            err(&[(LIT, 0, 1), (ENC, 3, 0), (ENC, 1, 4), (ENC, 1, 4)], &count).unwrap_err(),
            "Array op not second to last"
        );
        assert_eq!(err(&[(LIT, 0, 1), (ENC, 3, 0)], &count).unwrap_err(), "Array op not second to last");
        assert_eq!(
            err(&[(LIT, 0, 1), (ENC, 3, 0), (LIT, 0, 7)], &count).unwrap_err(),
            "Array element type has to be an encoding of a type"
        );
        assert_eq!(
            err(&[(LIT, 0, 1), (ENC, 3, 0), (ENC, 5, 0)], &count).unwrap_err(),
            "Array element type can't be an Array or a Blob"
        );
        // An array longer than the stream has bits.
        let long = |b: &mut Bits| b.vbr(1 << 20, 6);
        assert_eq!(err(&[(LIT, 0, 1), (ENC, 3, 0), (ENC, 1, 4)], &long).unwrap_err(), "Size is not plausible");
        let unterminated = |b: &mut Bits| {
            for _ in 0..7 {
                b.put(0x3f, 6);
            }
        };
        assert_eq!(
            err(&[(LIT, 0, 1), (ENC, 3, 0), (ENC, 1, 4)], &unterminated).unwrap_err(),
            "Failed to read size: Unterminated VBR"
        );
        // A blob longer than the stream.
        let blob = |b: &mut Bits| b.vbr(1000, 6);
        assert_eq!(err(&[(LIT, 0, 1), (ENC, 5, 0)], &blob).unwrap_err(), "Blob ends too soon");
    }

    #[test]
    fn unabbreviated_records_and_abbreviation_ids() {
        let err = |data: &dyn Fn(&mut Bits)| read_block(&block(|b| data(b))).map(|r| r.len()).map_err(msg);
        assert_eq!(err(&|b| b.put(4, 3)).unwrap_err(), "Invalid abbrev number");
        assert_eq!(
            err(&|b| {
                b.put(3, 3);
                b.vbr(1, 6);
                b.vbr(1 << 20, 6);
            })
            .unwrap_err(),
            "Size is not plausible"
        );
        assert_eq!(
            err(&|b| {
                b.put(3, 3);
                b.vbr(1, 6);
                for _ in 0..7 {
                    b.put(0x3f, 6);
                }
            })
            .unwrap_err(),
            "Failed to read size: Unterminated VBR"
        );
    }

    #[test]
    fn block_info_gives_abbreviations_to_later_blocks() {
        // BLOCKINFO (width 2): SETBID 8, an abbreviation [literal 9, fixed(8)]; then block 8
        // uses it as id 4.
        let mut b = Bits::new();
        let at = b.enter(2, u64::from(BLOCKINFO_BLOCK_ID), 2);
        b.record(2, BLOCKINFO_CODE_SETBID as u64, &[8]);
        b.put(abbrev_id::DEFINE_ABBREV as u64, 2);
        b.vbr(2, 5);
        b.put(1, 1);
        b.vbr(9, 8);
        b.put(0, 1);
        b.put(1, 3);
        b.vbr(8, 5);
        b.end_block(at, 2);
        let at = b.enter(2, 8, 3);
        b.put(4, 3);
        b.put(200, 8);
        b.end_block(at, 3);
        pad(&mut b);
        let mut c = cursor(&b);
        assert_eq!(c.advance(), Ok(Entry::SubBlock(BLOCKINFO_BLOCK_ID)));
        let info = c.read_block_info(&BlockInfo::default()).expect("reads").expect("well formed");
        assert_eq!(info.abbrevs(8).len(), 1);
        assert_eq!(c.advance(), Ok(Entry::SubBlock(8)));
        c.enter_block(8, &info).expect("enters");
        let Ok(Entry::Record(a)) = c.advance() else { panic!("a record") };
        assert_eq!(c.read_record(a).map(|r| (r.code, r.ops)), Ok((9, vec![200])));
        assert_eq!(c.advance(), Ok(Entry::EndBlock));

        // LLVM gives up on a BLOCKINFO whose abbreviation or name comes before any SETBID.
        let given_up = |body: &dyn Fn(&mut Bits)| {
            let mut b = Bits::new();
            let at = b.enter(2, u64::from(BLOCKINFO_BLOCK_ID), 3);
            body(&mut b);
            b.end_block(at, 3);
            pad(&mut b);
            let mut c = cursor(&b);
            c.advance().expect("the block");
            c.read_block_info(&BlockInfo::default()).map(|i| i.is_none()).map_err(msg)
        };
        assert_eq!(given_up(&|b| b.record(3, BLOCKINFO_CODE_BLOCKNAME as u64, &[97])), Ok(true));
        assert_eq!(given_up(&|b| b.record(3, BLOCKINFO_CODE_SETRECORDNAME as u64, &[1, 97])), Ok(true));
        assert_eq!(given_up(&|b| b.record(3, BLOCKINFO_CODE_SETBID as u64, &[])), Ok(true));
        assert_eq!(given_up(&|b| define(b, &[(LIT, 0, 1)])), Ok(true));
        assert_eq!(given_up(&|b| b.record(3, BLOCKINFO_CODE_SETBID as u64, &[8])), Ok(false));
        // The stream's own errors inside it are errors.
        assert_eq!(given_up(&|b| b.put(4, 3)), Err("Invalid abbrev number".into()));
    }

    #[test]
    fn every_cut_and_flip_is_an_error_or_a_read_never_a_panic() {
        let good = block(|b| {
            define(b, &[(LIT, 0, 5), (ENC, 1, 4), (ENC, 3, 0), (ENC, 2, 3)]);
            define(b, &[(ENC, 4, 0), (ENC, 5, 0)]);
            b.put(4, 3);
            b.put(9, 4);
            b.vbr(3, 6);
            for v in [1, 2, 300] {
                b.vbr(v, 3);
            }
            b.put(5, 3);
            b.put(1, 6);
            b.vbr(2, 6);
            b.align();
            b.put(0x4142, 32);
            b.record(3, 7, &[1, 2]);
        });
        assert!(read_block(&good).is_ok());
        for n in 0..good.bytes.len() {
            let cut = Bits { bytes: good.bytes[..n].to_vec(), bit: 0 };
            if n >= 4 {
                let _ = read_block_lenient(&cut);
            }
            for bit in 0..8 {
                let mut bad = Bits { bytes: good.bytes.clone(), bit: 0 };
                bad.bytes[n] ^= 1 << bit;
                let _ = read_block_lenient(&bad);
            }
        }
    }

    /// [`read_block`] without its expectations about the first entry.
    fn read_block_lenient(b: &Bits) -> Result<(), StreamError> {
        let mut c = Cursor::new(&b.bytes);
        c.jump_to(32)?;
        let info = BlockInfo::default();
        for _ in 0..10_000 {
            match c.advance()? {
                Entry::EndBlock => {}
                Entry::SubBlock(id) => {
                    c.enter_block(id, &info)?;
                }
                Entry::Record(a) => {
                    c.clone().skip_record(a)?;
                    c.read_record(a)?;
                }
            }
        }
        Ok(())
    }
}
