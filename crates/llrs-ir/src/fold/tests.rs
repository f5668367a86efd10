//! Unit tests of the folds, one per rule.
