//! Function bodies decoded ahead on another thread while the reader builds the ones before.
//!
//! Reading a body is two jobs: decoding the bitstream (bits, VBR fields, abbreviations) and
//! building the instructions from the records. The second must be done in the module's order,
//! on the module; the first needs nothing but the bytes and the block info. A helper thread
//! decodes the bodies in the order they are read ([`crate::bitstream::record_block`]), a few
//! ahead of the reader, who replays each recording instead of decoding it
//! ([`crate::bitstream::Cursor::replay`]); a body the helper has not claimed yet the reader
//! decodes itself, and one it could not record (damaged, or odd) is read from the stream as
//! always, so that every error is the one reading in order gives.

use std::sync::{Condvar, Mutex};

use crate::bitstream::{record_block_into, Abbrev, BlockInfo, Recording, MAX_RECORDING};
use crate::codes::FUNCTION_BLOCK_ID;

/// Below this many bytes of bitcode a helper thread is not worth starting.
pub const MIN_BYTES: usize = 256 << 10;

/// How many 64-bit words the recordings not taken yet may hold together (the helper waits
/// beyond it), so that memory stays a small part of the module's.
pub const MAX_AHEAD_OPS: usize = 1 << 16;

/// When the bodies are decoded ahead.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// On a helper thread, for a module of [`MIN_BYTES`] or more when there are two threads.
    Auto,
    /// Never: each body is decoded as it is read (only the tests ask for it).
    #[cfg_attr(not(test), allow(dead_code))]
    Never,
    /// Every body first, then each read from its recording (to check replaying, whatever the
    /// module's size and the threads' timing).
    First,
}

/// The state shared by the reader and the helper.
pub struct Shared {
    state: Mutex<State>,
    changed: Condvar,
}

#[derive(Default)]
struct State {
    /// The next body the helper may claim (bodies before it are claimed by one or the other).
    claimed: usize,
    /// What the helper made of each body it claimed: `None` while it works on it, then the
    /// recording (`None` inside when it could not make one).
    done: Vec<Option<Option<Recording>>>,
    /// The operands of the recordings made and not taken.
    ahead_ops: usize,
    /// The most `ahead_ops` may be before the helper waits.
    max_ahead_ops: usize,
    /// The reader is done (or failed): the helper stops.
    stop: bool,
    /// The helper waits for the reader to take recordings (until `ahead_ops` is half the most).
    helper_waits: bool,
    /// The reader waits for the helper to finish a body.
    reader_waits: bool,
    /// Recordings read, for the helper to fill again.
    spare: Vec<Recording>,
}

impl Shared {
    /// The state for `n` bodies, the helper going at most `max_ahead_ops` operands ahead.
    pub fn new(n: usize, max_ahead_ops: usize) -> Self {
        let state = State { done: (0..n).map(|_| None).collect(), max_ahead_ops, ..State::default() };
        Shared { state: Mutex::new(state), changed: Condvar::new() }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The helper: records the bodies at `places` (bit positions after each function block's
    /// id) from the front, as far ahead of the reader as the operands allowed allow, until all are
    /// claimed or the reader stops it.
    pub fn help(&self, bytes: &[u8], places: &[u64], info: Vec<(u32, Vec<Abbrev>)>) {
        let info = BlockInfo::from_parts(info);
        loop {
            let (i, spare) = {
                let mut s = self.lock();
                if s.ahead_ops > s.max_ahead_ops {
                    // Woken again only once the reader has taken half: not at every body.
                    s.helper_waits = true;
                    while !s.stop && s.helper_waits {
                        s = self.changed.wait(s).unwrap_or_else(|e| e.into_inner());
                    }
                }
                if s.stop || s.claimed >= places.len() {
                    return;
                }
                s.claimed += 1;
                (s.claimed - 1, s.spare.pop().unwrap_or_default())
            };
            // (A panic would leave the reader waiting: it reads the body from the stream.)
            let rec = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                record_block_into(spare, bytes, places[i], FUNCTION_BLOCK_ID, &info, MAX_RECORDING)
            }))
            .ok()
            .flatten();
            let mut s = self.lock();
            s.ahead_ops += rec.as_ref().map_or(0, Recording::words);
            s.done[i] = Some(rec);
            if std::mem::take(&mut s.reader_waits) {
                self.changed.notify_all();
            }
        }
    }

    /// The reader, at body `i` (taken in order): its recording, or `None` when it is to be read
    /// from the stream (the helper did not claim it, or could not record it).
    pub fn take(&self, i: usize) -> Option<Recording> {
        let mut s = self.lock();
        if i >= s.claimed {
            // Not claimed: the reader's own (the helper goes on after it).
            s.claimed = i + 1;
            return None;
        }
        loop {
            if let Some(done) = s.done.get_mut(i).and_then(Option::take) {
                s.ahead_ops -= done.as_ref().map_or(0, Recording::words);
                if s.helper_waits && s.ahead_ops <= s.max_ahead_ops / 2 {
                    s.helper_waits = false;
                    self.changed.notify_all();
                }
                return done;
            }
            s.reader_waits = true;
            s = self.changed.wait(s).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// Hands a recording read back, for the helper to fill again.
    pub fn give_back(&self, rec: Recording) {
        let mut s = self.lock();
        // (A large one goes: the helper's memory stays about its window's.)
        if s.spare.len() < 2 && rec.capacity() <= s.max_ahead_ops {
            s.spare.push(rec);
        }
    }

    /// Stops the helper.
    pub fn stop(&self) {
        self.lock().stop = true;
        self.changed.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::Mode;
    use crate::module::read_with;

    /// The bitcode files of the corpus (every tenth unless `LLRS_FULL_CORPUS` is set).
    fn corpus_files() -> Vec<std::path::PathBuf> {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/corpus");
        let mut stack: Vec<_> = ["bitcode", "llvm-test", "programs"].iter().map(|d| root.join(d)).collect();
        let mut files = Vec::new();
        while let Some(dir) = stack.pop() {
            for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
                let p = e.path();
                if p.is_dir() {
                    stack.push(p);
                } else if p.extension().is_some_and(|x| x == "bc") {
                    files.push(p);
                }
            }
        }
        files.sort();
        let step = if std::env::var_os("LLRS_FULL_CORPUS").is_some() { 1 } else { 10 };
        files.into_iter().step_by(step).collect()
    }

    /// How many bodies the first module of `bytes` has, and how many of them are recorded.
    fn recorded(bytes: &[u8]) -> Option<(usize, usize)> {
        let mods = crate::reader::modules(bytes).ok()?;
        let src = mods.first()?;
        let mut m = llrs_ir::Module::default();
        let mut r = crate::reader::read_header(src, "t.bc", &mut m).ok()?;
        let places = r.body_places(&m).ok()?;
        let code = crate::codes::FUNCTION_BLOCK_ID;
        // (However large: one over the size limit is read from the stream.)
        let record =
            |bit| crate::bitstream::record_block_into(Default::default(), src.bytes, bit, code, &r.info, usize::MAX);
        let made = places.iter().filter(|&&(_, bit)| record(bit).is_some());
        Some((places.len(), made.count()))
    }

    fn print(bytes: &[u8], mode: Mode) -> Result<Vec<u8>, String> {
        read_with(bytes, "t.bc", mode).map(|m| llrs_asm::print_module(&m)).map_err(|e| e.message)
    }

    /// Every bitcode file of the corpus (damaged ones too) reads, with every body replayed
    /// from its recording where one could be made, exactly as it reads decoded in place.
    #[test]
    fn replayed_bodies_read_as_decoded_ones() {
        let files = corpus_files();
        if files.is_empty() {
            eprintln!("warning: target/corpus is missing: corpus test skipped");
            return;
        }
        let (mut differ, mut unrecorded, mut bodies) = (Vec::new(), Vec::new(), 0);
        for f in &files {
            let Ok(bytes) = std::fs::read(f) else { continue };
            if print(&bytes, Mode::First) != print(&bytes, Mode::Never) {
                differ.push(f.display().to_string());
            }
            // Every body of an undamaged file is recorded.
            if !f.to_string_lossy().contains("mutants") {
                if let Some((n, made)) = recorded(&bytes) {
                    bodies += n;
                    if made != n {
                        unrecorded.push(f.display().to_string());
                    }
                }
            }
        }
        assert!(differ.is_empty(), "{} of {} differ: {:?}", differ.len(), files.len(), &differ[..differ.len().min(20)]);
        assert!(unrecorded.is_empty(), "not every body recorded: {unrecorded:?}");
        assert!(bodies > 1000, "only {bodies} bodies");
    }
}
