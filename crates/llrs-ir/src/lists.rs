//! Small lists held in every instruction, in as few bytes as they need: the indices of an
//! aggregate access, and metadata attachments.

use crate::metadata::{Md, MdId};
use crate::symbol::Symbol;
use smallvec::SmallVec;
use thin_vec::ThinVec;

/// Equality, hashing and debug printing of a list type by the slice it reads as.
macro_rules! slice_like {
    ($t:ty) => {
        impl PartialEq for $t {
            fn eq(&self, other: &Self) -> bool {
                **self == **other
            }
        }

        impl Eq for $t {}

        impl std::hash::Hash for $t {
            fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
                (**self).hash(state)
            }
        }

        impl std::fmt::Debug for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.debug_list().entries(self.iter()).finish()
            }
        }
    };
}

/// The indices of an `extractvalue` or `insertvalue`: up to three are held inline, more on
/// the heap (16 bytes either way, so that [`crate::instructions::InstExtra`] takes 24).
#[derive(Clone)]
pub struct IndexList(IndexRepr);

#[derive(Clone)]
enum IndexRepr {
    /// How many of the three are used, and the three (the unused ones 0).
    Inline(u8, [u32; 3]),
    /// Four or more.
    Heap(ThinVec<u32>),
}

impl IndexList {
    /// The indices of `idx`.
    pub fn from_slice(idx: &[u32]) -> Self {
        match idx.len() {
            n @ 0..=3 => {
                let mut a = [0; 3];
                a[..n].copy_from_slice(idx);
                IndexList(IndexRepr::Inline(n as u8, a))
            }
            _ => IndexList(IndexRepr::Heap(idx.into())),
        }
    }
}

impl Default for IndexList {
    fn default() -> Self {
        IndexList(IndexRepr::Inline(0, [0; 3]))
    }
}

impl std::ops::Deref for IndexList {
    type Target = [u32];
    fn deref(&self) -> &[u32] {
        match &self.0 {
            IndexRepr::Inline(n, a) => &a[..*n as usize],
            IndexRepr::Heap(v) => v,
        }
    }
}

impl<'a> IntoIterator for &'a IndexList {
    type Item = &'a u32;
    type IntoIter = std::slice::Iter<'a, u32>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl FromIterator<u32> for IndexList {
    fn from_iter<I: IntoIterator<Item = u32>>(iter: I) -> Self {
        let v: SmallVec<[u32; 3]> = iter.into_iter().collect();
        Self::from_slice(&v)
    }
}

slice_like!(IndexList);

/// The operands of a metadata node: up to two held in place (a location's scope and
/// `inlinedAt`, most small tuples), more on the heap. Reads as a slice.
#[derive(Clone)]
pub struct MdOps(OpsRepr);

#[derive(Clone)]
enum OpsRepr {
    /// How many of the two are used, and the two (the unused ones null).
    Few(u8, [Md; 2]),
    /// Three or more.
    Many(Box<[Md]>),
}

impl MdOps {
    /// The operands `ops`.
    pub fn from_slice(ops: &[Md]) -> Self {
        match ops.len() {
            n @ 0..=2 => {
                let mut a = [Md::Null; 2];
                a[..n].copy_from_slice(ops);
                MdOps(OpsRepr::Few(n as u8, a))
            }
            _ => MdOps(OpsRepr::Many(ops.into())),
        }
    }
}

impl Default for MdOps {
    fn default() -> Self {
        MdOps(OpsRepr::Few(0, [Md::Null; 2]))
    }
}

impl std::ops::Deref for MdOps {
    type Target = [Md];
    #[inline]
    fn deref(&self) -> &[Md] {
        match &self.0 {
            OpsRepr::Few(n, a) => &a[..*n as usize],
            OpsRepr::Many(v) => v,
        }
    }
}

impl std::ops::DerefMut for MdOps {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Md] {
        match &mut self.0 {
            OpsRepr::Few(n, a) => &mut a[..*n as usize],
            OpsRepr::Many(v) => v,
        }
    }
}

impl<'a> IntoIterator for &'a MdOps {
    type Item = &'a Md;
    type IntoIter = std::slice::Iter<'a, Md>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl FromIterator<Md> for MdOps {
    fn from_iter<I: IntoIterator<Item = Md>>(iter: I) -> Self {
        let v: SmallVec<[Md; 2]> = iter.into_iter().collect();
        match v.spilled() {
            false => Self::from_slice(&v),
            true => MdOps(OpsRepr::Many(v.into_vec().into_boxed_slice())),
        }
    }
}

impl From<Vec<Md>> for MdOps {
    fn from(v: Vec<Md>) -> Self {
        match v.len() {
            0..=2 => Self::from_slice(&v),
            _ => MdOps(OpsRepr::Many(v.into_boxed_slice())),
        }
    }
}

impl From<Box<[Md]>> for MdOps {
    fn from(v: Box<[Md]>) -> Self {
        match v.len() {
            0..=2 => Self::from_slice(&v),
            _ => MdOps(OpsRepr::Many(v)),
        }
    }
}

impl<const N: usize> From<[Md; N]> for MdOps {
    fn from(v: [Md; N]) -> Self {
        Self::from_slice(&v)
    }
}

slice_like!(MdOps);

/// Metadata attachments `!kind !node`, in source order: one is held inline, more on the heap
/// (16 bytes either way). Reads as a slice.
#[derive(Clone)]
pub struct Attachments(AttachRepr);

#[derive(Clone)]
enum AttachRepr {
    /// None or one.
    Few(bool, [(Symbol, MdId); 1]),
    /// Two or more (or fewer, after removals).
    Many(ThinVec<(Symbol, MdId)>),
}

impl Attachments {
    /// No attachments.
    pub const fn new() -> Self {
        Attachments(AttachRepr::Few(false, [(Symbol(0), MdId(0))]))
    }
    /// Appends an attachment.
    pub fn push(&mut self, e: (Symbol, MdId)) {
        match &mut self.0 {
            AttachRepr::Few(used @ false, a) => {
                a[0] = e;
                *used = true;
            }
            AttachRepr::Few(true, a) => {
                let mut v = ThinVec::with_capacity(2);
                v.push(a[0]);
                v.push(e);
                self.0 = AttachRepr::Many(v);
            }
            AttachRepr::Many(v) => v.push(e),
        }
    }
    /// Keeps the attachments `keep` says yes to, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&(Symbol, MdId)) -> bool) {
        match &mut self.0 {
            AttachRepr::Few(used, a) => *used = *used && keep(&a[0]),
            AttachRepr::Many(v) => v.retain(|e| keep(e)),
        }
    }
    /// Removes and returns the `i`-th attachment.
    ///
    /// # Panics
    /// When there is no `i`-th attachment, as [`Vec::remove`].
    pub fn remove(&mut self, i: usize) -> (Symbol, MdId) {
        match &mut self.0 {
            AttachRepr::Few(used, a) if *used && i == 0 => {
                *used = false;
                a[0]
            }
            AttachRepr::Few(..) => panic!("no attachment {i}"),
            AttachRepr::Many(v) => v.remove(i),
        }
    }
}

impl Default for Attachments {
    fn default() -> Self {
        Self::new()
    }
}

impl std::ops::Deref for Attachments {
    type Target = [(Symbol, MdId)];
    fn deref(&self) -> &[(Symbol, MdId)] {
        match &self.0 {
            AttachRepr::Few(used, a) => &a[..*used as usize],
            AttachRepr::Many(v) => v,
        }
    }
}

impl std::ops::DerefMut for Attachments {
    fn deref_mut(&mut self) -> &mut [(Symbol, MdId)] {
        match &mut self.0 {
            AttachRepr::Few(used, a) => &mut a[..*used as usize],
            AttachRepr::Many(v) => v,
        }
    }
}

impl<'a> IntoIterator for &'a Attachments {
    type Item = &'a (Symbol, MdId);
    type IntoIter = std::slice::Iter<'a, (Symbol, MdId)>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl Extend<(Symbol, MdId)> for Attachments {
    fn extend<I: IntoIterator<Item = (Symbol, MdId)>>(&mut self, iter: I) {
        for e in iter {
            self.push(e);
        }
    }
}

impl FromIterator<(Symbol, MdId)> for Attachments {
    fn from_iter<I: IntoIterator<Item = (Symbol, MdId)>>(iter: I) -> Self {
        let mut a = Self::new();
        a.extend(iter);
        a
    }
}

slice_like!(Attachments);

#[cfg(test)]
mod tests {
    use super::{Attachments, IndexList};
    use crate::metadata::MdId;
    use crate::symbol::Symbol;

    #[test]
    fn index_lists_read_back_inline_or_not() {
        for n in 0..6u32 {
            let v: Vec<u32> = (10..10 + n).collect();
            let l = IndexList::from_slice(&v);
            assert_eq!(&*l, &v[..]);
            assert_eq!(l, v.iter().copied().collect::<IndexList>());
        }
        assert_eq!(std::mem::size_of::<IndexList>(), 16);
    }

    #[test]
    fn attachments_act_as_a_list() {
        let e = |i: u32| (Symbol(i), MdId(100 + i));
        let mut a = Attachments::new();
        assert!(a.is_empty());
        a.push(e(1));
        assert_eq!(&*a, &[e(1)]);
        a.push(e(2));
        a.push(e(3));
        assert_eq!(&*a, &[e(1), e(2), e(3)]);
        a.retain(|x| x.0 != Symbol(2));
        assert_eq!(&*a, &[e(1), e(3)]);
        assert_eq!(a.remove(0), e(1));
        a[0].1 = MdId(7);
        assert_eq!(&*a, &[(Symbol(3), MdId(7))]);
        let mut b: Attachments = [e(5)].into_iter().collect();
        assert_eq!(&*b, &[e(5)]);
        b.retain(|_| false);
        assert!(b.is_empty());
        b.extend([e(6)]);
        assert_eq!(b.remove(0), e(6));
        assert!(b.is_empty() && b == Attachments::default());
        assert_eq!(std::mem::size_of::<Attachments>(), 16);
    }
}
