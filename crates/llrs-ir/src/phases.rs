//! Marks of where a run of llrs is, for profiling: with `LLRS_PHASES` set in the environment,
//! each [`mark`] prints the seconds since the first mark and its name on stderr, so that where
//! the time of a whole `llrs fmt` goes can be seen without a profiler (and on several threads:
//! the marks of each thread interleave in time order). Without it, a mark costs a load.

use std::sync::OnceLock;
use std::time::Instant;

/// When the first mark was made, if marks are printed.
fn origin() -> Option<Instant> {
    static ORIGIN: OnceLock<Option<Instant>> = OnceLock::new();
    *ORIGIN.get_or_init(|| std::env::var_os("LLRS_PHASES").is_some().then(Instant::now))
}

/// Marks that the phase `what` is reached (printed only with `LLRS_PHASES` set).
pub fn mark(what: &str) {
    if let Some(t) = origin() {
        eprintln!("{:8.3} {what}", t.elapsed().as_secs_f64());
    }
}
