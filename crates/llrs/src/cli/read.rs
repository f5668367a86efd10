//! Reading an input file: a large one mapped, or read in pieces on several threads at once.
//!
//! Reading 48 MB takes about a tenth of `llrs fmt`'s time on such a file, all of it copying from
//! the page cache and clearing fresh pages, on one core while the other waits. Mapped, its pages
//! are the page cache's own: nothing is copied, and the pages a reader has read through can be
//! given back as it goes ([`Text::release`]), so that reading holds the module, not the text too.
//! Where a file cannot be mapped it is read in pieces at once.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::ops::{Deref, Range};
use std::path::Path;

/// From this size on a file is mapped, or read in pieces on several threads.
pub const PARALLEL_READ_MIN: u64 = 4 << 20;

/// The bytes of an input.
pub enum Text {
    /// Read into memory.
    Bytes(Vec<u8>),
    /// A large file, mapped (read-only, private).
    Mapped(memmap2::Mmap),
}

impl Deref for Text {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Text::Bytes(b) => b,
            Text::Mapped(m) => m,
        }
    }
}

impl Text {
    /// Gives back the memory of the whole pages within `range` where that costs nothing but
    /// time to undo: a mapped file's pages, which the next read of them fetches from the file
    /// again. Text read into memory is kept.
    pub fn release(&self, range: Range<usize>) {
        let Text::Mapped(map) = self else { return };
        const PAGE: usize = 4096;
        let start = range.start.next_multiple_of(PAGE);
        let end = range.end.min(map.len()) / PAGE * PAGE;
        if start < end {
            // SAFETY: the map is a private, read-only map of a file, never written through. On
            // such a map `MADV_DONTNEED` only unmaps clean page-cache pages: the next read of
            // one maps the file's page again, so every read of the map still sees the file's
            // bytes, as before (the contract of mapping the file at all, in `read_file`).
            let _ = unsafe { map.unchecked_advise_range(memmap2::UncheckedAdvice::DontNeed, start, end - start) };
        }
    }
}

/// The bytes of the file at `path`, as [`std::fs::read`] gives them: a large regular file is
/// mapped.
pub fn read_file(path: &Path) -> io::Result<Text> {
    let mut file = File::open(path)?;
    let meta = file.metadata().ok();
    let len = meta.as_ref().map_or(0, |m| m.len());
    if len >= PARALLEL_READ_MIN && cfg!(unix) && meta.is_some_and(|m| m.is_file()) {
        // SAFETY: the map is read-only and private. Like LLVM's own readers (`MemoryBuffer`
        // maps large files) llrs assumes that no one changes a file while reading it: a file
        // cut short meanwhile would make reading past its new end fail with `SIGBUS`.
        if let Ok(map) = unsafe { memmap2::MmapOptions::new().map(&file) } {
            if map.len() as u64 == len {
                return Ok(Text::Mapped(map));
            }
        }
    }
    let threads = rayon::current_num_threads().min(4);
    if len < PARALLEL_READ_MIN || threads < 2 || usize::try_from(len).is_err() {
        let mut buf = Vec::with_capacity(usize::try_from(len).unwrap_or(0));
        file.read_to_end(&mut buf)?;
        return Ok(Text::Bytes(buf));
    }
    let mut buf = vec![0u8; len as usize];
    if read_pieces(&file, &mut buf, threads).is_err() {
        // The file changed while being read, or cannot be read at an offset (a FIFO, say):
        // read it again, in order.
        let mut file = File::open(path)?;
        buf.clear();
        file.read_to_end(&mut buf)?;
        return Ok(Text::Bytes(buf));
    }
    // Whatever was appended since its size was taken.
    let mut rest = Vec::new();
    file.seek(SeekFrom::Start(len))?;
    file.read_to_end(&mut rest)?;
    buf.extend_from_slice(&rest);
    Ok(Text::Bytes(buf))
}

/// Fills `buf` from the start of `file`, `threads` pieces at once.
#[cfg(unix)]
fn read_pieces(file: &File, buf: &mut [u8], threads: usize) -> io::Result<()> {
    use rayon::prelude::*;
    use std::os::unix::fs::FileExt;
    let piece = buf.len().div_ceil(threads);
    buf.par_chunks_mut(piece).enumerate().try_for_each(|(i, chunk)| file.read_exact_at(chunk, (i * piece) as u64))
}

/// Fills `buf` from the start of `file` (in order, where reading at an offset is not portable).
#[cfg(not(unix))]
fn read_pieces(file: &File, buf: &mut [u8], _threads: usize) -> io::Result<()> {
    let mut file = file;
    file.read_exact(buf)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_large_file_reads_whole_and_in_order() {
        let dir = std::env::temp_dir().join(format!("llrs-read-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        let path = dir.join("big.ll");
        let text: Vec<u8> = (0..(PARALLEL_READ_MIN as usize + 12_345)).map(|i| (i % 251) as u8).collect();
        std::fs::write(&path, &text).expect("written");
        let pool = rayon::ThreadPoolBuilder::new().num_threads(3).build().expect("a pool");
        let read = pool.install(|| read_file(&path)).expect("read");
        assert_eq!(read.len(), text.len());
        assert!(*read == *text, "the bytes differ");
        // Pages given back read again as the file's.
        read.release(0..read.len());
        assert!(*read == *text, "the bytes differ after release");
        let mut pieces = vec![0u8; text.len()];
        read_pieces(&File::open(&path).expect("open"), &mut pieces, 3).expect("read in pieces");
        assert!(pieces == text, "the pieces differ");
        let small = dir.join("small.ll");
        std::fs::write(&small, b"abc").expect("written");
        assert_eq!(&*read_file(&small).expect("read"), b"abc");
        std::fs::remove_dir_all(&dir).ok();
    }
}
