//! `NameTable`: a list of names with their ids, stored in one buffer, and a hash index from
//! name to id built once at load (open addressing over `u32` ids, no allocation per name).

use std::hash::BuildHasher;

use rustc_hash::FxBuildHasher;

use super::reader::{Malformed, Read, Reader};

/// Names `0..len()` and the index to find them.
#[derive(Debug, Default)]
pub(crate) struct NameTable {
    /// All names, concatenated.
    text: String,
    /// `ends[i]`: the end of name `i` in `text` (its start is the previous end).
    ends: Vec<u32>,
    /// Open-addressed hash index: `id + 1` of a name, `0` for an empty slot. Its length is
    /// a power of two at least twice the number of names.
    slots: Vec<u32>,
}

fn hash(name: &[u8]) -> u64 {
    FxBuildHasher.hash_one(name)
}

impl NameTable {
    /// Reads a front-coded name list and builds the index. Where two names are equal, the
    /// first keeps the name (LLVM's `StringMap::insert` keeps the first too).
    pub(crate) fn read(r: &mut Reader<'_>) -> Read<NameTable> {
        let n = r.count()?;
        let mut text = Vec::new();
        let mut ends = Vec::with_capacity(n);
        let mut prev_start = 0usize;
        for _ in 0..n {
            let shared = r.u32()? as usize;
            let rest = r.count()?;
            let start = text.len();
            if shared > start - prev_start {
                return Err(Malformed);
            }
            text.extend_from_within(prev_start..prev_start + shared);
            text.extend_from_slice(r.bytes(rest)?);
            ends.push(u32::try_from(text.len()).map_err(|_| Malformed)?);
            prev_start = start;
        }
        // One check for all names; `get` checks that each name's bounds are character
        // boundaries.
        let text = String::from_utf8(text).map_err(|_| Malformed)?;
        let mut table = NameTable { text, ends, slots: Vec::new() };
        table.index();
        Ok(table)
    }

    /// Reads a "pieced" name list: the distinct `_`-separated pieces, then per name runs
    /// of consecutive piece ids (see `tools/mir-targets/generate`).
    pub(crate) fn read_pieced(r: &mut Reader<'_>) -> Read<NameTable> {
        let pieces = NameTable::read(r)?;
        let n = r.count()?;
        let mut text = String::new();
        let mut ends = Vec::with_capacity(n);
        let mut prev_first = 0i64;
        for _ in 0..n {
            let runs = r.count()?;
            for k in 0..runs {
                let first = if k == 0 { prev_first + r.i64()? } else { i64::from(r.u32()?) };
                if k == 0 {
                    prev_first = first;
                }
                let len = i64::from(r.u32()?);
                for id in first..first.saturating_add(len) {
                    if k > 0 || id > first {
                        text.push('_');
                    }
                    let piece = usize::try_from(id).ok().and_then(|id| pieces.get(id));
                    text.push_str(piece.ok_or(Malformed)?);
                }
            }
            ends.push(u32::try_from(text.len()).map_err(|_| Malformed)?);
        }
        let mut table = NameTable { text, ends, slots: Vec::new() };
        table.index();
        Ok(table)
    }

    /// A table of the given names (for lists too short to be worth front coding).
    pub(crate) fn from_names<'n>(names: impl IntoIterator<Item = &'n str>) -> NameTable {
        let mut table = NameTable::default();
        for name in names {
            table.text.push_str(name);
            table.ends.push(table.text.len() as u32);
        }
        table.index();
        table
    }

    fn index(&mut self) {
        let size = (self.ends.len() * 2).next_power_of_two().max(2);
        self.slots = vec![0; size];
        let mask = size - 1;
        for id in 0..self.ends.len() {
            let name = self.get(id).unwrap_or("");
            let mut slot = hash(name.as_bytes()) as usize & mask;
            loop {
                match self.slots[slot] {
                    0 => {
                        self.slots[slot] = id as u32 + 1;
                        break;
                    }
                    other if self.get(other as usize - 1) == Some(name) => break,
                    _ => slot = (slot + 1) & mask,
                }
            }
        }
    }

    /// The number of names.
    pub(crate) fn len(&self) -> usize {
        self.ends.len()
    }

    /// Name `id`.
    pub(crate) fn get(&self, id: usize) -> Option<&str> {
        let end = *self.ends.get(id)? as usize;
        let start = if id == 0 { 0 } else { self.ends[id - 1] as usize };
        self.text.get(start..end)
    }

    /// The id of `name` (the first, if several are equal).
    pub(crate) fn find(&self, name: &[u8]) -> Option<usize> {
        let mask = self.slots.len().checked_sub(1)?;
        let mut slot = hash(name) as usize & mask;
        loop {
            match self.slots[slot] {
                0 => return None,
                id if self.get(id as usize - 1).map(str::as_bytes) == Some(name) => return Some(id as usize - 1),
                _ => slot = (slot + 1) & mask,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn front_coded_names() {
        // "ADD32rr", "ADD32ri" (shares 6), "SUB" (shares 0), "" , "ADD32rr" again.
        let mut bytes = vec![5, 0, 7];
        bytes.extend_from_slice(b"ADD32rr");
        bytes.extend_from_slice(&[6, 1, b'i', 0, 3]);
        bytes.extend_from_slice(b"SUB");
        bytes.extend_from_slice(&[0, 0, 0, 7]);
        bytes.extend_from_slice(b"ADD32rr");
        let t = NameTable::read(&mut Reader::new(&bytes)).unwrap();
        assert_eq!(t.len(), 5);
        assert_eq!(t.get(1), Some("ADD32ri"));
        assert_eq!(t.get(3), Some(""));
        assert_eq!(t.find(b"ADD32rr"), Some(0));
        assert_eq!(t.find(b"SUB"), Some(2));
        assert_eq!(t.find(b""), Some(3));
        assert_eq!(t.find(b"ADD32"), None);
        assert_eq!(t.get(5), None);
    }

    #[test]
    fn pieced_names() {
        // Pieces "", "vgpr0", "vgpr1", "vgpr2"; names "" (piece 0), "vgpr1_vgpr2" (one run
        // from 2), "vgpr2_vgpr0" (runs from 3 and from 1).
        let mut bytes = vec![4, 0, 0, 0, 5];
        bytes.extend_from_slice(b"vgpr0");
        bytes.extend_from_slice(&[4, 1, b'1', 4, 1, b'2']);
        bytes.extend_from_slice(&[3, 1, 0, 1, 1, 4, 2, 2, 2, 1, 1, 1]);
        let t = NameTable::read_pieced(&mut Reader::new(&bytes)).unwrap();
        assert_eq!(t.get(0), Some(""));
        assert_eq!(t.get(1), Some("vgpr1_vgpr2"));
        assert_eq!(t.get(2), Some("vgpr2_vgpr0"));
        assert_eq!(t.find(b"vgpr2_vgpr0"), Some(2));
        // A piece out of range.
        let bad = [1, 0, 0, 1, 1, 10, 1];
        assert!(NameTable::read_pieced(&mut Reader::new(&bad)).is_err());
    }

    #[test]
    fn bad_prefix_is_malformed() {
        let bytes = [1, 3, 0];
        assert!(NameTable::read(&mut Reader::new(&bytes)).is_err());
        let empty = NameTable::from_names([]);
        assert_eq!(empty.find(b"x"), None);
    }
}
