//! Tests of the EH visitors.
