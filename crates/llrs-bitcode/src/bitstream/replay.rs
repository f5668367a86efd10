//! A block decoded ahead of its reading, and read again from what was decoded.
//!
//! [`record_block`] decodes every entry of a block and of the blocks inside it (abbreviations
//! kept on the way, as [`Cursor::advance`] keeps them) into a [`Recording`]; a [`Cursor`] given
//! that recording ([`Cursor::replay`]) hands its entries and records to a reader exactly as it
//! would have read them from the stream. This lets another thread do the bit-level decoding of
//! function bodies while the reader builds the ones before.
//!
//! A recording is only made of a block whose reading from the stream could not go otherwise:
//! any error of the stream in it, or a sub-block whose length field does not lead to where its
//! entries end (so that stepping over it with [`Cursor::skip_block`] would land elsewhere),
//! gives no recording, and such a block is read from the stream as always, with its errors.

use super::{BlockInfo, Cursor, Entry, Record, StreamError};

/// The entries of one block, decoded.
#[derive(Clone, Debug, Default)]
pub struct Recording {
    events: Vec<Event>,
    /// The operands of every record, one after another.
    ops: Vec<u64>,
}

/// One entry of a recording.
#[derive(Copy, Clone, Debug)]
enum Event {
    /// The end of a block.
    EndBlock,
    /// A sub-block: its id, the length its header gives (in 32-bit words), and the index of the
    /// event after its end.
    SubBlock { id: u32, words: u32, after: u32 },
    /// A record read with abbreviation `abbrev`: its code, its operands `ops[start..end]`, and
    /// its blob (placed before operand `blob_at`, bytes `blob_start..blob_start + blob_len` of
    /// the stream) when `blob_len` is not `u32::MAX`.
    Record { abbrev: u32, code: u32, start: u32, end: u32, blob_at: u32, blob_start: u32, blob_len: u32 },
}

/// No blob.
const NO_BLOB: u32 = u32::MAX;

/// The 64-bit words an entry takes.
const ENTRY_WORDS: usize = std::mem::size_of::<Event>() / 8;

impl Recording {
    /// Its size, in 64-bit words (an entry takes four).
    pub fn words(&self) -> usize {
        self.ops.len() + ENTRY_WORDS * self.events.len()
    }

    /// The room its buffers have, in 64-bit words.
    pub fn capacity(&self) -> usize {
        self.ops.capacity() + ENTRY_WORDS * self.events.capacity()
    }
}

/// The most a recording holds, in 64-bit words ([`Recording::words`]): a block that would take
/// more (decoded operands take up to 64 times the bits they are written in) is not recorded, so
/// that a recording (4 MB at most) stays small beside what its reader makes of the block.
pub const MAX_RECORDING: usize = 1 << 19;

/// Decodes the block `block_id` whose header starts at bit `bit` of `bytes` (at its
/// `ENTER_SUBBLOCK`'s id, as [`Cursor::enter_block`] reads it), up to its end. `None` where
/// reading it from the stream would fail or could go otherwise (see the module's documentation),
/// where a position does not fit the recording's 32-bit fields, or where the block would take
/// more than [`MAX_RECORDING`].
pub fn record_block(bytes: &[u8], bit: u64, block_id: u32, info: &BlockInfo) -> Option<Recording> {
    record_block_into(Recording::default(), bytes, bit, block_id, info, MAX_RECORDING)
}

/// [`record_block`] into `rec`, a recording done with (its buffers reused), of at most `max`
/// words.
pub fn record_block_into(
    mut rec: Recording,
    bytes: &[u8],
    bit: u64,
    block_id: u32,
    info: &BlockInfo,
    max: usize,
) -> Option<Recording> {
    if bytes.len() >= (u32::MAX as usize) {
        return None;
    }
    rec.events.clear();
    rec.ops.clear();
    let mut cur = Cursor::new(bytes);
    cur.jump_to(bit).ok()?;
    let stream_words = cur.enter_block(block_id, info).ok()?;
    // Decoded, a block takes about four times the words it is written in: one whose length
    // alone is over the limit is not decoded to find out.
    if stream_words > max as u64 {
        return None;
    }
    // The sub-blocks entered: the index of each one's event and the bit its length leads to.
    let mut open: Vec<(usize, u64)> = Vec::new();
    loop {
        if rec.words() > max {
            return None;
        }
        match cur.advance().ok()? {
            Entry::EndBlock => {
                rec.events.push(Event::EndBlock);
                let Some((at, end)) = open.pop() else { return Some(rec) };
                if cur.bit() != end {
                    return None;
                }
                let after = u32::try_from(rec.events.len()).ok()?;
                if let Event::SubBlock { after: a, .. } = &mut rec.events[at] {
                    *a = after;
                }
            }
            Entry::SubBlock(id) => {
                let words = cur.enter_block(id, info).ok()?;
                let end = cur.bit() + words * 32;
                open.push((rec.events.len(), end));
                rec.events.push(Event::SubBlock { id, words: u32::try_from(words).ok()?, after: 0 });
            }
            Entry::Record(abbrev) => {
                let r = cur.read_record(abbrev).ok()?;
                let start = u32::try_from(rec.ops.len()).ok()?;
                rec.ops.extend_from_slice(&r.ops);
                let end = u32::try_from(rec.ops.len()).ok()?;
                let (blob_at, blob_start, blob_len) = match r.blob {
                    Some(b) => {
                        let offset = b.as_ptr() as usize - bytes.as_ptr() as usize;
                        (cur.blob_at, offset as u32, b.len() as u32)
                    }
                    None => (0, 0, NO_BLOB),
                };
                rec.events.push(Event::Record { abbrev, code: r.code, start, end, blob_at, blob_start, blob_len });
                cur.recycle(r);
            }
        }
    }
}

/// A recording being read by a cursor.
#[derive(Clone, Debug)]
pub(super) struct Replay {
    rec: Recording,
    /// The next event.
    next: usize,
}

impl Replay {
    pub(super) fn new(rec: Recording) -> Self {
        Replay { rec, next: 0 }
    }

    /// The recording, done with.
    pub(super) fn into_recording(self) -> Recording {
        self.rec
    }

    /// [`Cursor::advance`]: the next entry (a record or a block not read is stepped over).
    pub(super) fn advance(&mut self) -> Result<Entry, StreamError> {
        let Some(&e) = self.rec.events.get(self.next) else { return Err(StreamError::MalformedEntry) };
        self.next += 1;
        Ok(match e {
            Event::EndBlock => Entry::EndBlock,
            Event::SubBlock { id, .. } => Entry::SubBlock(id),
            Event::Record { abbrev, .. } => Entry::Record(abbrev),
        })
    }

    /// The event just handed out by [`Replay::advance`].
    fn last(&self) -> Option<Event> {
        self.next.checked_sub(1).and_then(|i| self.rec.events.get(i)).copied()
    }

    /// [`Cursor::enter_block`] after a sub-block entry: its length.
    pub(super) fn enter_block(&mut self) -> Result<u64, StreamError> {
        match self.last() {
            Some(Event::SubBlock { words, .. }) => Ok(u64::from(words)),
            _ => Err(StreamError::MalformedEntry),
        }
    }

    /// [`Cursor::skip_block`] after a sub-block entry.
    pub(super) fn skip_block(&mut self) -> Result<(), StreamError> {
        match self.last() {
            Some(Event::SubBlock { after, .. }) => {
                self.next = after as usize;
                Ok(())
            }
            _ => Err(StreamError::MalformedEntry),
        }
    }

    /// [`Cursor::read_record`] (`want_blob`) or [`Cursor::read_record_ops`] after a record
    /// entry, its operands in `ops` (empty).
    pub(super) fn record<'a>(
        &mut self,
        bytes: &'a [u8],
        want_blob: bool,
        mut ops: Vec<u64>,
    ) -> Result<Record<'a>, StreamError> {
        let Some(Event::Record { code, start, end, blob_at, blob_start, blob_len, .. }) = self.last() else {
            return Err(StreamError::MalformedEntry);
        };
        let all = &self.rec.ops[start as usize..end as usize];
        if blob_len == NO_BLOB {
            ops.extend_from_slice(all);
            return Ok(Record { code, ops, blob: None });
        }
        let blob = &bytes[blob_start as usize..(blob_start + blob_len) as usize];
        if want_blob {
            ops.extend_from_slice(all);
            return Ok(Record { code, ops, blob: Some(blob) });
        }
        let (before, after) = all.split_at(blob_at as usize);
        ops.extend_from_slice(before);
        ops.extend(blob.iter().map(|&b| u64::from(b)));
        ops.extend_from_slice(after);
        Ok(Record { code, ops, blob: None })
    }

    /// The codes of the records of the block being replayed from its next entry on, not those
    /// of the blocks inside it.
    pub(super) fn block_codes(&self) -> impl Iterator<Item = u32> + '_ {
        let events = &self.rec.events;
        let mut i = self.next;
        std::iter::from_fn(move || loop {
            match *events.get(i)? {
                Event::EndBlock => return None,
                Event::SubBlock { after, .. } => i = (after as usize).max(i + 1),
                Event::Record { code, .. } => {
                    i += 1;
                    return Some(code);
                }
            }
        })
    }

    /// The record just handed out by [`Replay::advance`], when it has no blob: its code and
    /// operands.
    pub(super) fn plain_record(&self) -> Option<(u32, &[u64])> {
        match self.last()? {
            Event::Record { code, start, end, blob_len: NO_BLOB, .. } => {
                Some((code, self.rec.ops.get(start as usize..end as usize)?))
            }
            _ => None,
        }
    }

    /// [`Cursor::skip_record`] after a record entry: its code.
    pub(super) fn skip_record(&mut self) -> Result<u32, StreamError> {
        match self.last() {
            Some(Event::Record { code, .. }) => Ok(code),
            _ => Err(StreamError::MalformedEntry),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_bits::Bits;

    /// Block 8 (width 3) holding a record, a sub-block 9 (width 4) with a record and a blob
    /// record, then another record; the sub-block's length `skew` words off.
    fn stream(skew: i64) -> Bits {
        let mut b = Bits::new();
        let outer = b.enter(2, 8, 3);
        b.record(3, 7, &[1, 2, 3]);
        let inner = b.enter(3, 9, 4);
        b.record(4, 5, &[40]);
        b.blob_abbrev(4, 6, 1);
        b.blob_record(4, 4, &[9], b"abcde");
        b.end_block(inner, 4);
        if skew != 0 {
            let words = u32::from_le_bytes(b.bytes[inner / 8..inner / 8 + 4].try_into().expect("4 bytes"));
            let words = (i64::from(words) + skew) as u32;
            b.bytes[inner / 8..inner / 8 + 4].copy_from_slice(&words.to_le_bytes());
        }
        b.record(3, 8, &[]);
        b.end_block(outer, 3);
        b.align();
        b.put(0, 64);
        b
    }

    /// What a reader sees of block 8: its entries and records, entering or stepping over the
    /// sub-block, reading records with their blobs or as operands.
    fn read_all(c: &mut Cursor<'_>, enter: bool, want_blob: bool) -> Vec<String> {
        let mut out = Vec::new();
        let mut depth = 0;
        loop {
            match c.advance() {
                Ok(Entry::EndBlock) if depth == 0 => return out,
                Ok(Entry::EndBlock) => depth -= 1,
                Ok(Entry::SubBlock(id)) if enter => {
                    out.push(format!("enter {id} {:?}", c.enter_block(id, &BlockInfo::default())));
                    depth += 1;
                }
                Ok(Entry::SubBlock(id)) => out.push(format!("skip {id} {:?}", c.skip_block())),
                Ok(Entry::Record(a)) => {
                    let r = if want_blob { c.read_record(a) } else { c.read_record_ops(a) };
                    out.push(format!("{r:?}"));
                }
                Err(e) => {
                    out.push(format!("{e:?}"));
                    return out;
                }
            }
        }
    }

    fn live(b: &Bits) -> Cursor<'_> {
        let mut c = Cursor::new(&b.bytes);
        c.jump_to(32).expect("jumps");
        assert_eq!(c.advance(), Ok(Entry::SubBlock(8)));
        c.enter_block(8, &BlockInfo::default()).expect("enters");
        c
    }

    #[test]
    fn a_replay_reads_as_the_stream_does() {
        let b = stream(0);
        // The header of block 8 starts after the signature and its abbreviation id (2 bits).
        let rec = record_block(&b.bytes, 32 + 2 + 8, 8, &BlockInfo::default()).expect("recorded");
        for (enter, want_blob) in [(true, true), (true, false), (false, true)] {
            let mut c = Cursor::new(&b.bytes);
            c.replay(rec.clone());
            let replayed = read_all(&mut c, enter, want_blob);
            assert_eq!(replayed, read_all(&mut live(&b), enter, want_blob), "{enter} {want_blob}");
            assert_eq!(replayed.iter().any(|l| l.contains("97, 98, 99, 100, 101")), enter, "{replayed:?}");
        }
    }

    #[test]
    fn a_block_whose_length_leads_elsewhere_is_not_recorded() {
        for skew in [-1, 1] {
            let b = stream(skew);
            assert!(record_block(&b.bytes, 42, 8, &BlockInfo::default()).is_none(), "{skew}");
        }
        // Cut short: an error of the stream.
        let b = stream(0);
        let cut = &b.bytes[..b.bytes.len() - 16];
        assert!(record_block(cut, 42, 8, &BlockInfo::default()).is_none());
        assert!(record_block(&b.bytes, 42, 8, &BlockInfo::default()).is_some());
    }

    #[test]
    fn a_block_over_the_limit_is_not_recorded() {
        let b = stream(0);
        let info = BlockInfo::default();
        let whole = record_block(&b.bytes, 42, 8, &info).expect("recorded");
        let size = whole.words();
        assert!(record_block_into(Recording::default(), &b.bytes, 42, 8, &info, size).is_some());
        assert!(record_block_into(Recording::default(), &b.bytes, 42, 8, &info, size / 2).is_none());
    }
}
