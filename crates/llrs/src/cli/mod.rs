//! The commands of the `llrs` command line, as library functions: `main.rs` only parses arguments
//! and does the I/O; everything a test may want to call without a subprocess lives here.

pub mod fmt;
pub mod mir;
pub mod verify;
