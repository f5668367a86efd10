//! A map from small, mostly dense numbers (`!12`, `%7`) to values: a vector for dense keys and a
//! hash map for far-out ones, so that a huge number in the input costs no huge allocation.

use rustc_hash::FxHashMap;

/// Number-keyed map.
#[derive(Debug, Clone)]
pub(crate) struct NumMap<V: Copy> {
    dense: Vec<Option<V>>,
    sparse: FxHashMap<u32, V>,
}

impl<V: Copy> Default for NumMap<V> {
    fn default() -> Self {
        NumMap { dense: Vec::new(), sparse: FxHashMap::default() }
    }
}

impl<V: Copy> NumMap<V> {
    /// The value of `n`.
    #[inline]
    pub fn get(&self, n: u32) -> Option<V> {
        match self.dense.get(n as usize) {
            Some(Some(v)) => Some(*v),
            // A key stored sparsely may lie inside the dense range grown since.
            _ if self.sparse.is_empty() => None,
            _ => self.sparse.get(&n).copied(),
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
        if i < self.dense.len() {
            self.dense[i] = Some(v);
        } else if i <= self.dense.len() * 2 + 1024 {
            self.dense.resize(i + 1, None);
            self.dense[i] = Some(v);
        } else {
            self.sparse.insert(n, v);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::NumMap;

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
}
