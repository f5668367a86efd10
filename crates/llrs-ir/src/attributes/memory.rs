//! `memory(...)`: LLVM's `MemoryEffects`, an access kind per memory location.

/// Per-location memory access kinds of `memory(...)`, two bits each (1 = read, 2 = write).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct MemoryEffects(pub u32);

/// The memory locations of [`MemoryEffects`], in LLVM's order.
pub const MEMORY_LOCATIONS: &[&str] = &["argmem", "inaccessiblemem", "errnomem", "other", "target_mem0", "target_mem1"];

impl MemoryEffects {
    /// Access kind of location `loc` (an index into [`MEMORY_LOCATIONS`]).
    pub fn get(self, loc: usize) -> u32 {
        (self.0 >> (2 * loc)) & 3
    }
    /// Sets the access kind of location `loc`.
    pub fn set(&mut self, loc: usize, mr: u32) {
        self.0 = (self.0 & !(3 << (2 * loc))) | ((mr & 3) << (2 * loc));
    }
    /// The same access kind at every location.
    pub fn uniform(mr: u32) -> Self {
        let mut m = MemoryEffects(0);
        for i in 0..MEMORY_LOCATIONS.len() {
            m.set(i, mr);
        }
        m
    }
}
