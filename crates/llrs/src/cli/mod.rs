//! The commands of the `llrs` command line, as library functions: `main.rs` only parses arguments
//! and does the I/O; everything a test may want to call without a subprocess lives here.
//!
//! A command runs a [`job`] per input file, on several threads when there are several files
//! ([`batch`]); each job returns what it prints as events, which are printed in the order of
//! the inputs ([`printer`]), diagnostics made by [`report`] and painted by [`style`] on a
//! terminal, with a progress bar and a summary line for a batch at a terminal ([`progress`]).

pub mod batch;
pub mod diff;
pub mod fmt;
pub mod job;
pub mod mir;
pub mod printer;
pub mod progress;
pub mod read;
pub mod report;
pub mod style;
pub mod verify;

/// Frees a module (IR or Machine IR) read from `size` bytes of source: on another thread when it is large (see
/// [`drop_in_background`]), here when it is small (starting a thread would cost more than
/// freeing it).
pub fn drop_module<T: Send + 'static>(module: T, size: usize) {
    if size >= BACKGROUND_DROP_MIN {
        drop_in_background(module);
    }
}

/// The size of source (1 MiB) from which freeing a module on another thread pays.
pub const BACKGROUND_DROP_MIN: usize = 1 << 20;

/// Frees `value` on another thread. A command is done with a module once it has printed or
/// verified it, and freeing a large one takes a twentieth of the whole run: this lets the next
/// file (or the process's exit, which frees everything at once) go on meanwhile.
pub fn drop_in_background<T: Send + 'static>(value: T) {
    if std::thread::Builder::new().name("llrs-drop".into()).spawn(move || drop(value)).is_err() {
        // No thread to be had: the value was moved into the failed closure and is freed here.
    }
}
