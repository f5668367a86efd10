//! A map from small, mostly dense numbers (`!12`, `%7`) to values: a vector for dense keys and a
//! hash map for far-out ones, so that a huge number in the input costs no huge allocation.
//!
//! Every key below the vector's length lives in the vector: the vector grows (taking in the
//! far-out keys it now covers) as long as it stays within a few times the number of keys held.

use rustc_hash::FxHashMap;

/// Number-keyed map.
#[derive(Debug, Clone)]
pub(crate) struct NumMap<V: Copy> {
    dense: Vec<Option<V>>,
    sparse: FxHashMap<u32, V>,
    /// How many keys have a value.
    len: usize,
}

impl<V: Copy> Default for NumMap<V> {
    fn default() -> Self {
        NumMap { dense: Vec::new(), sparse: FxHashMap::default(), len: 0 }
    }
}

impl<V: Copy> NumMap<V> {
    /// The value of `n`.
    #[inline]
    pub fn get(&self, n: u32) -> Option<V> {
        match self.dense.get(n as usize) {
            Some(v) => *v,
            None if self.sparse.is_empty() => None,
            None => self.sparse.get(&n).copied(),
        }
    }
    /// True when `n` has a value.
    #[inline]
    pub fn contains(&self, n: u32) -> bool {
        self.get(n).is_some()
    }
    /// Sets the value of `n`.
    pub fn insert(&mut self, n: u32, v: V) {
        let i = n as usize;
        if i >= self.dense.len() {
            // The most slots the vector may have: a few per key held, and some to start with.
            let most = 4 * (self.len + 1) + 1024;
            if i < most {
                self.grow((i + 1).max(self.dense.len() * 2).min(most));
            }
        }
        let old = match self.dense.get_mut(i) {
            Some(slot) => slot.replace(v),
            None => self.sparse.insert(n, v),
        };
        if old.is_none() {
            self.len += 1;
        }
    }

    /// Makes the vector `len` long, moving into it the far-out keys it now covers.
    fn grow(&mut self, len: usize) {
        self.dense.resize(len, None);
        if !self.sparse.is_empty() {
            let dense = &mut self.dense;
            self.sparse.retain(|&k, v| match dense.get_mut(k as usize) {
                Some(slot) => {
                    *slot = Some(*v);
                    false
                }
                None => true,
            });
        }
    }

    /// Removes the value of `n`, giving it back.
    pub fn remove(&mut self, n: u32) -> Option<V> {
        let old = match self.dense.get_mut(n as usize) {
            Some(slot) => slot.take(),
            None if self.sparse.is_empty() => None,
            None => self.sparse.remove(&n),
        };
        if old.is_some() {
            self.len -= 1;
        }
        old
    }

    /// The smallest key with a value, and its value.
    pub fn first(&self) -> Option<(u32, V)> {
        if self.len == 0 {
            return None;
        }
        let dense = self.dense.iter().enumerate().find_map(|(i, v)| v.map(|v| (i as u32, v)));
        let sparse = self.sparse.iter().map(|(&n, &v)| (n, v)).min_by_key(|&(n, _)| n);
        match (dense, sparse) {
            (Some(d), Some(s)) => Some(if s.0 < d.0 { s } else { d }),
            (d, s) => d.or(s),
        }
    }
}

/// Number-keyed source positions (where each forward-referenced `!N` was first met): four bytes
/// a key for positions below 4 GiB, the rare farther ones in a map of their own.
#[derive(Debug, Clone, Default)]
pub(crate) struct PosMap {
    near: NumMap<std::num::NonZeroU32>,
    far: FxHashMap<u32, usize>,
}

impl PosMap {
    /// The position of `n`.
    pub fn get(&self, n: u32) -> Option<usize> {
        match self.near.get(n) {
            Some(p) => Some(p.get() as usize - 1),
            None => self.far.get(&n).copied(),
        }
    }
    /// Sets the position of `n`.
    pub fn insert(&mut self, n: u32, pos: usize) {
        match u32::try_from(pos + 1).ok().and_then(std::num::NonZeroU32::new) {
            Some(p) => {
                self.far.remove(&n);
                self.near.insert(n, p);
            }
            None => {
                self.near.remove(n);
                self.far.insert(n, pos);
            }
        }
    }
    /// Removes the position of `n`, giving it back.
    pub fn remove(&mut self, n: u32) -> Option<usize> {
        match self.near.remove(n) {
            Some(p) => Some(p.get() as usize - 1),
            None => self.far.remove(&n),
        }
    }
    /// The smallest key with a position, and its position.
    pub fn first(&self) -> Option<(u32, usize)> {
        let near = self.near.first().map(|(n, p)| (n, p.get() as usize - 1));
        let far = self.far.iter().map(|(&n, &p)| (n, p)).min_by_key(|&(n, _)| n);
        match (near, far) {
            (Some(a), Some(b)) => Some(if b.0 < a.0 { b } else { a }),
            (a, b) => a.or(b),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{NumMap, PosMap};

    #[test]
    fn positions_near_and_far() {
        let mut m = PosMap::default();
        let far = u32::MAX as usize + 10;
        m.insert(9, far);
        m.insert(4, 0);
        m.insert(12, 77);
        assert_eq!(std::mem::size_of::<Option<std::num::NonZeroU32>>(), 4);
        assert_eq!((m.get(9), m.get(4), m.get(12), m.get(5)), (Some(far), Some(0), Some(77), None));
        assert_eq!(m.first(), Some((4, 0)));
        assert_eq!(m.remove(4), Some(0));
        assert_eq!(m.first(), Some((9, far)));
        assert_eq!(m.remove(9), Some(far));
        assert_eq!(m.remove(9), None);
        assert_eq!(m.first(), Some((12, 77)));
    }

    #[test]
    fn remove_and_first() {
        let mut m = NumMap::default();
        m.insert(1_000_000, 'a');
        m.insert(7, 'b');
        m.insert(3, 'c');
        m.insert(1500, 'x');
        m.insert(1000, 'd');
        m.insert(1500, 'e');
        assert_eq!(m.remove(1500), Some('e'));
        assert_eq!(m.get(1500), None);
        assert_eq!(m.remove(1000), Some('d'));
        assert_eq!(m.first(), Some((3, 'c')));
        assert_eq!(m.remove(3), Some('c'));
        assert_eq!(m.remove(3), None);
        assert_eq!(m.first(), Some((7, 'b')));
        assert_eq!(m.remove(7), Some('b'));
        assert_eq!(m.first(), Some((1_000_000, 'a')));
        assert_eq!(m.remove(1_000_000), Some('a'));
        assert_eq!(m.first(), None);
    }

    #[test]
    fn sparse_then_dense() {
        let mut m = NumMap::default();
        m.insert(5000, 1u32);
        for i in 0..6000 {
            if i != 5000 {
                m.insert(i, 2);
            }
        }
        assert_eq!(m.get(5000), Some(1));
        assert_eq!(m.get(4999), Some(2));
        assert_eq!(m.get(7000), None);
        m.insert(5000, 3);
        assert_eq!(m.get(5000), Some(3));
    }

    #[test]
    fn far_keys_move_into_the_vector_as_it_grows() {
        let mut m = NumMap::default();
        m.insert(u32::MAX, 0u32);
        m.insert(50_000, 1);
        assert!(m.dense.len() <= 2048, "one far key costs no big vector");
        for i in (0..60_000).filter(|&i| i != 50_000) {
            m.insert(i, 2);
        }
        assert!(m.dense.len() > 50_000, "the vector covers what it can hold densely");
        assert_eq!(m.sparse.len(), 1, "only the farthest key stays in the hash map");
        assert_eq!(m.get(50_000), Some(1));
        assert_eq!(m.remove(50_000), Some(1));
        assert_eq!(m.get(50_000), None);
        assert_eq!(m.get(u32::MAX), Some(0));
        assert_eq!(m.first(), Some((0, 2)));
    }
}
