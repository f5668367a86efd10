//! Splitting a module's functions into runs of about equal size, for work done on several
//! threads whose results are joined in order (verifying, printing).

use crate::module::Module;
use std::ops::Range;

/// The size of each function of `m`, in instructions (a declaration counts one).
pub fn function_sizes(m: &Module) -> Vec<usize> {
    m.functions.iter().map(|&g| function_size(m, g)).collect()
}

/// The size of function `g` of `m`, as [`function_sizes`] counts it.
pub fn function_size(m: &Module, g: crate::module::GlobalId) -> usize {
    m.globals[g].func.as_ref().and_then(|f| f.body.as_ref()).map_or(1, |b| b.insts.len() + 1)
}

/// Splits `0..sizes.len()` into at most `parts` consecutive, non-empty ranges of about equal
/// total size, in order.
pub fn balanced_runs(sizes: &[usize], parts: usize) -> Vec<Range<usize>> {
    let total: usize = sizes.iter().sum();
    let target = total.div_ceil(parts.max(1)).max(1);
    let mut runs = Vec::with_capacity(parts);
    let (mut start, mut acc) = (0, 0);
    for (i, &s) in sizes.iter().enumerate() {
        acc += s;
        if acc >= target {
            runs.push(start..i + 1);
            start = i + 1;
            acc = 0;
        }
    }
    if start < sizes.len() {
        runs.push(start..sizes.len());
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::balanced_runs;

    #[test]
    fn runs_cover_everything_in_order() {
        assert_eq!(balanced_runs(&[5, 1, 1, 1, 9, 2, 2], 3), vec![0..3, 3..5, 5..7]);
        assert_eq!(balanced_runs(&[1, 1], 8), vec![0..1, 1..2]);
        assert!(balanced_runs(&[], 4).is_empty());
    }
}
