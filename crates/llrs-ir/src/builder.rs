//! A builder API (to be filled).
