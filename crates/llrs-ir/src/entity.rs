//! Entity ids and arenas in the style of cranelift-entity: every IR entity is named by a `u32`
//! newtype id into an [`IdVec`].

use std::marker::PhantomData;
use std::ops::{Index, IndexMut};

/// A `u32` newtype usable as an arena index.
pub trait EntityId: Copy + Eq {
    /// The id of arena slot `index`.
    fn new(index: usize) -> Self;
    /// The arena slot of this id.
    fn index(self) -> usize;
}

/// Declares a `u32` newtype id implementing [`EntityId`].
#[macro_export]
macro_rules! entity_id {
    ($(#[$attr:meta])* $name:ident) => {
        $(#[$attr])*
        #[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
        pub struct $name(pub u32);
        impl $crate::entity::EntityId for $name {
            #[inline]
            fn new(index: usize) -> Self {
                $name(index as u32)
            }
            #[inline]
            fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}

/// A primary arena: owns values, hands out ids in order.
#[derive(Clone, Debug)]
pub struct IdVec<K, V> {
    items: Vec<V>,
    _key: PhantomData<K>,
}

impl<K, V> Default for IdVec<K, V> {
    fn default() -> Self {
        IdVec { items: Vec::new(), _key: PhantomData }
    }
}

impl<K: EntityId, V> IdVec<K, V> {
    /// An empty arena.
    pub fn new() -> Self {
        Self::default()
    }
    /// Adds a value, returning its id.
    #[inline]
    pub fn push(&mut self, v: V) -> K {
        let k = K::new(self.items.len());
        self.items.push(v);
        k
    }
    /// Number of entities.
    #[inline]
    pub fn len(&self) -> usize {
        self.items.len()
    }
    /// True when empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
    /// The value of `k`, if any.
    #[inline]
    pub fn get(&self, k: K) -> Option<&V> {
        self.items.get(k.index())
    }
    /// Iterates `(id, value)` in id order.
    pub fn iter(&self) -> impl Iterator<Item = (K, &V)> {
        self.items.iter().enumerate().map(|(i, v)| (K::new(i), v))
    }
    /// Iterates the ids in order.
    pub fn keys(&self) -> impl Iterator<Item = K> {
        (0..self.items.len()).map(K::new)
    }
    /// Iterates the values in id order.
    pub fn values(&self) -> std::slice::Iter<'_, V> {
        self.items.iter()
    }
    /// All values, mutable, in id order.
    pub fn values_mut(&mut self) -> std::slice::IterMut<'_, V> {
        self.items.iter_mut()
    }
    /// Gives back room not in use (after building an arena that will not grow much more).
    pub fn shrink_to_fit(&mut self) {
        self.items.shrink_to_fit();
    }
    /// Makes room for `n` more entities.
    pub fn reserve(&mut self, n: usize) {
        self.items.reserve(n);
    }
}

impl<K: EntityId, V> Index<K> for IdVec<K, V> {
    type Output = V;
    #[inline]
    fn index(&self, k: K) -> &V {
        &self.items[k.index()]
    }
}

impl<K: EntityId, V> IndexMut<K> for IdVec<K, V> {
    #[inline]
    fn index_mut(&mut self, k: K) -> &mut V {
        &mut self.items[k.index()]
    }
}

/// A side table keyed by ids of a primary arena, with a default for absent keys.
#[derive(Clone, Debug)]
pub struct SecondaryMap<K, V: Clone> {
    items: Vec<V>,
    default: V,
    _key: PhantomData<K>,
}

impl<K: EntityId, V: Clone + Default> Default for SecondaryMap<K, V> {
    fn default() -> Self {
        Self::with_default(V::default())
    }
}

impl<K: EntityId, V: Clone> SecondaryMap<K, V> {
    /// An empty map returning `default` for absent keys.
    pub fn with_default(default: V) -> Self {
        SecondaryMap { items: Vec::new(), default, _key: PhantomData }
    }
    /// The value for `k` (the default when never set).
    #[inline]
    pub fn get(&self, k: K) -> &V {
        self.items.get(k.index()).unwrap_or(&self.default)
    }
    /// A mutable slot for `k`, growing the table as needed.
    #[inline]
    pub fn get_mut(&mut self, k: K) -> &mut V {
        let i = k.index();
        if i >= self.items.len() {
            self.items.resize(i + 1, self.default.clone());
        }
        &mut self.items[i]
    }
    /// Sets the value for `k`.
    #[inline]
    pub fn set(&mut self, k: K, v: V) {
        *self.get_mut(k) = v;
    }
    /// Resets to empty.
    pub fn clear(&mut self) {
        self.items.clear();
    }
    /// Gives back room not in use.
    pub fn shrink_to_fit(&mut self) {
        self.items.shrink_to_fit();
    }
    /// Makes room for `n` more keys.
    pub fn reserve(&mut self, n: usize) {
        self.items.reserve(n);
    }
}
