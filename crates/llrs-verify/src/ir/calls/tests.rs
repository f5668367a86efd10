//! Tests of the call visitors.
