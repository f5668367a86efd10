//! `initializes(...)`: LLVM's `ConstantRangeList` of 64-bit offsets.

/// A half-open range of byte offsets `[lo, hi)`, with `lo < hi` (signed).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct OffsetRange {
    /// The first offset in the range.
    pub lo: i64,
    /// The first offset past the range.
    pub hi: i64,
}

/// Why a list of ranges is not a valid [`ConstantRangeList`].
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum RangeListError {
    /// A range with `lo == hi` (LLVM reads it as the empty or the full set).
    EmptyOrFull,
    /// A range with `lo > hi`, or ranges that are out of order, overlap or touch.
    Unordered,
}

/// The ranges of an `initializes` attribute: sorted, disjoint and not adjacent (LLVM's
/// `ConstantRangeList` of i64, where adjacent ranges are merged into one).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct ConstantRangeList(Box<[OffsetRange]>);

impl ConstantRangeList {
    /// The list of `ranges` as given, checked as LLVM's `getConstantRangeList` does: each range
    /// non-empty, each after the previous one with a gap between them.
    pub fn new(ranges: Vec<OffsetRange>) -> Result<Self, RangeListError> {
        if ranges.iter().any(|r| r.lo == r.hi) {
            return Err(RangeListError::EmptyOrFull);
        }
        let ordered = ranges.iter().all(|r| r.lo < r.hi) && ranges.windows(2).all(|w| w[0].hi < w[1].lo);
        if !ordered {
            return Err(RangeListError::Unordered);
        }
        Ok(ConstantRangeList(ranges.into_boxed_slice()))
    }
    /// The ranges, sorted.
    pub fn ranges(&self) -> &[OffsetRange] {
        &self.0
    }
    /// True when there is no range.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// Adds the offsets `[lo, hi)` (nothing when `lo >= hi`), merging ranges that overlap or touch
    /// as LLVM's `ConstantRangeList::insert` does.
    pub fn insert(&mut self, lo: i64, hi: i64) {
        if lo >= hi {
            return;
        }
        let mut out = Vec::with_capacity(self.0.len() + 1);
        let mut new = OffsetRange { lo, hi };
        let mut placed = false;
        for &r in self.0.iter() {
            if r.hi < new.lo {
                out.push(r);
            } else if new.hi < r.lo {
                if !placed {
                    out.push(new);
                    placed = true;
                }
                out.push(r);
            } else {
                new = OffsetRange { lo: new.lo.min(r.lo), hi: new.hi.max(r.hi) };
            }
        }
        if !placed {
            out.push(new);
        }
        self.0 = out.into_boxed_slice();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(lo: i64, hi: i64) -> OffsetRange {
        OffsetRange { lo, hi }
    }

    #[test]
    fn new_checks_as_llvm() {
        assert!(ConstantRangeList::new(vec![r(0, 4), r(8, 12)]).is_ok());
        assert!(ConstantRangeList::new(vec![r(-4, 4), r(5, 6)]).is_ok());
        assert_eq!(ConstantRangeList::new(vec![r(0, 4), r(4, 8)]), Err(RangeListError::Unordered));
        assert_eq!(ConstantRangeList::new(vec![r(4, 8), r(0, 2)]), Err(RangeListError::Unordered));
        assert_eq!(ConstantRangeList::new(vec![r(8, 4)]), Err(RangeListError::Unordered));
        assert_eq!(ConstantRangeList::new(vec![r(4, 4)]), Err(RangeListError::EmptyOrFull));
    }

    #[test]
    fn insert_merges() {
        let mut l = ConstantRangeList::default();
        l.insert(8, 12);
        l.insert(0, 4);
        assert_eq!(l.ranges(), [r(0, 4), r(8, 12)]);
        l.insert(4, 8);
        assert_eq!(l.ranges(), [r(0, 12)]);
        l.insert(20, 30);
        l.insert(14, 16);
        l.insert(-5, 1);
        assert_eq!(l.ranges(), [r(-5, 12), r(14, 16), r(20, 30)]);
        l.insert(10, 25);
        assert_eq!(l.ranges(), [r(-5, 30)]);
        l.insert(3, 3);
        assert_eq!(l.ranges(), [r(-5, 30)]);
    }
}
