//! Marks of where a run of llrs is, for profiling: with `LLRS_PHASES` set in the environment,
//! each [`mark`] prints the seconds since the first mark, the resident memory and its name on
//! stderr, so that where the time and memory of a whole `llrs fmt` go can be seen without a
//! profiler (and on several threads: the marks of each thread interleave in time order).
//! Without it, a mark costs a load.

use std::sync::OnceLock;
use std::time::Instant;

/// When the first mark was made, if marks are printed.
fn origin() -> Option<Instant> {
    static ORIGIN: OnceLock<Option<Instant>> = OnceLock::new();
    *ORIGIN.get_or_init(|| std::env::var_os("LLRS_PHASES").is_some().then(Instant::now))
}

/// Marks that the phase `what` is reached (printed only with `LLRS_PHASES` set), with the
/// process's resident memory where Linux tells it.
pub fn mark(what: &str) {
    if let Some(t) = origin() {
        match resident_mb() {
            Some(mb) => eprintln!("{:8.3} {mb:6.1} MB {what}", t.elapsed().as_secs_f64()),
            None => eprintln!("{:8.3} {what}", t.elapsed().as_secs_f64()),
        }
    }
}

/// The resident set size in MB (`/proc/self/statm`, pages of 4 KiB).
fn resident_mb() -> Option<f64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: f64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096.0 / (1 << 20) as f64)
}
