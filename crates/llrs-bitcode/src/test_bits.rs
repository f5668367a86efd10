//! A little bitstream writer for the tests: the signature, then fields least significant bit
//! first.

/// A little bitstream writer for the tests: fields least significant bit first.
pub struct Bits {
    pub bytes: Vec<u8>,
    pub bit: usize,
}

impl Bits {
    pub fn new() -> Self {
        Bits { bytes: b"BC\xc0\xde".to_vec(), bit: 32 }
    }
    pub fn put(&mut self, v: u64, n: usize) {
        for i in 0..n {
            if self.bit / 8 >= self.bytes.len() {
                self.bytes.push(0);
            }
            if v >> i & 1 == 1 {
                self.bytes[self.bit / 8] |= 1 << (self.bit % 8);
            }
            self.bit += 1;
        }
    }
    pub fn vbr(&mut self, mut v: u64, n: usize) {
        let hi = 1u64 << (n - 1);
        while v >= hi {
            self.put(v & (hi - 1) | hi, n);
            v >>= n - 1;
        }
        self.put(v, n);
    }
    pub fn align(&mut self) {
        while !self.bit.is_multiple_of(32) {
            self.put(0, 1);
        }
    }
}

impl Bits {
    /// Enters block `id` with abbreviation width `width` (from width 2 at the top level, else
    /// `outer`); returns where its length goes, for [`Bits::end_block`].
    pub fn enter(&mut self, outer: usize, id: u64, width: u64) -> usize {
        self.put(1, outer);
        self.vbr(id, 8);
        self.vbr(width, 4);
        self.align();
        let at = self.bit;
        self.put(0, 32);
        at
    }

    /// Ends the block whose length goes at `len_at` (`width`: its abbreviation width).
    pub fn end_block(&mut self, len_at: usize, width: usize) {
        self.put(0, width);
        self.align();
        let words = ((self.bit - len_at - 32) / 32) as u64;
        for i in 0..32 {
            if words >> i & 1 == 1 {
                self.bytes[(len_at + i) / 8] |= 1 << ((len_at + i) % 8);
            }
        }
    }

    /// An unabbreviated record (`width`: the block's abbreviation width).
    pub fn record(&mut self, width: usize, code: u64, ops: &[u64]) {
        self.put(3, width);
        self.vbr(code, 6);
        self.vbr(ops.len() as u64, 6);
        for &o in ops {
            self.vbr(o, 6);
        }
    }
}

impl Bits {
    /// Defines, in a block of abbreviation width `width`, the abbreviation `[code, vbr6...,
    /// blob]` with `fields` VBR6 fields before the blob (the block's first is id 4).
    pub fn blob_abbrev(&mut self, width: usize, code: u64, fields: usize) {
        self.put(2, width);
        self.vbr(2 + fields as u64, 5);
        self.put(1, 1);
        self.vbr(code, 8);
        for _ in 0..fields {
            self.put(0, 1);
            self.put(2, 3);
            self.vbr(6, 5);
        }
        self.put(0, 1);
        self.put(5, 3);
    }

    /// A record through a [`Bits::blob_abbrev`] abbreviation `id`: its fields, then the blob.
    pub fn blob_record(&mut self, width: usize, id: u64, fields: &[u64], blob: &[u8]) {
        self.put(id, width);
        for &f in fields {
            self.vbr(f, 6);
        }
        self.vbr(blob.len() as u64, 6);
        self.align();
        for &b in blob {
            self.put(u64::from(b), 8);
        }
        self.align();
    }
}
