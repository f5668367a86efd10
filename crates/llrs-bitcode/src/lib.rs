//! LLVM bitcode for llrs: [`read`] (and [`read_named`]) turn a `.bc` file into an
//! [`llrs_ir::Module`] as `llvm-dis` reads it — every record of every LLVM version LLVM 22 reads,
//! typed pointers and old debug info included, with the upgrades LLVM's reader makes, the
//! ThinLTO summary into `Module::summary` — or give LLVM's message for a damaged file. Below
//! them: the bitstream container ([`bitstream`]), a walk over every block and record
//! ([`walk()`], as `llvm-bcanalyzer` walks), and a module block read piece by piece
//! ([`reader`]).
//!
//! ```
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! // What `llvm-as` writes for a function `@add` (the CLI's test input).
//! let bytes = include_bytes!("../../llrs/tests/cmd/inputs/hello.bc");
//! let m = llrs_bitcode::read(bytes)?;
//! assert!(m.function_named("add").is_some());
//! let text = String::from_utf8(llrs_asm::print_module(&m))?; // as `llvm-dis` prints it
//! assert!(text.contains("%s = add nsw i32 %a, %b"));
//! // A damaged file: LLVM's message.
//! let e = llrs_bitcode::read(&bytes[..100]).unwrap_err();
//! assert!(!e.message.is_empty());
//! # Ok(())
//! # }
//! ```

pub mod attributes;
pub mod bitstream;
pub mod codes;
pub mod constants;
pub mod function;
pub mod globals;
pub mod metadata;
pub mod module;
pub(crate) mod prefetch;
pub mod reader;
pub mod summary;
pub mod types;
pub mod values;
pub mod walk;

#[cfg(test)]
mod test_bits;

pub use module::{read, read_named};
pub use walk::{walk, Walk};

/// Why bytes are not bitcode, with llvm-dis's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// LLVM's message (`Invalid bitcode signature`, `Malformed block`, ...).
    pub message: String,
    /// An error LLVM does not make through the module reader's `error` (the bitstream's own, a
    /// data layout's): the module reader hands it on without the producer.
    pub bare: bool,
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

impl Error {
    /// An error with LLVM's message.
    pub fn new(message: impl Into<String>) -> Self {
        Error { message: message.into(), bare: false }
    }

    /// An error the module reader hands on as it is, without the producer: the bitstream's own,
    /// or one LLVM makes outside the reader.
    pub fn bare(message: impl Into<String>) -> Self {
        Error { message: message.into(), bare: true }
    }

    /// [`Error::bare`], for a message of the bitstream.
    pub(crate) fn from_stream(message: String) -> Self {
        Error::bare(message)
    }
}

/// The bitcode magic number, `BC` 0xC0DE.
const MAGIC: [u8; 4] = [b'B', b'C', 0xC0, 0xDE];
/// The magic number of the wrapper header (little-endian `0x0B17C0DE`).
const WRAPPER_MAGIC: [u8; 4] = [0xDE, 0xC0, 0x17, 0x0B];

/// True when `bytes` start as bitcode does: the magic number, or the wrapper header.
pub fn is_bitcode(bytes: &[u8]) -> bool {
    bytes.starts_with(&MAGIC) || bytes.starts_with(&WRAPPER_MAGIC)
}

/// The bitstream of a bitcode file, checked as `initStream` checks it: a length that is a
/// multiple of 4, the wrapper header if there is one (`SkipBitcodeWrapperHeader`: the offset and
/// size fields must lie inside the file), then the signature (`hasInvalidBitcodeHeader`).
pub fn bitcode_bytes(bytes: &[u8]) -> Result<&[u8], Error> {
    if !bytes.len().is_multiple_of(4) {
        return Err(Error::new("Invalid bitcode signature"));
    }
    let mut bytes = bytes;
    if bytes.starts_with(&WRAPPER_MAGIC) {
        // Magic, version, offset, size (and a CPU type LLVM does not need).
        let field =
            |i: usize| bytes.get(4 * i..4 * i + 4).map(|b| u64::from(u32::from_le_bytes([b[0], b[1], b[2], b[3]])));
        let (Some(offset), Some(size)) = (field(2), field(3)) else {
            return Err(Error::new("Invalid bitcode wrapper header"));
        };
        if offset + size > bytes.len() as u64 {
            return Err(Error::new("Invalid bitcode wrapper header"));
        }
        bytes = &bytes[offset as usize..(offset + size) as usize];
    }
    if bytes.len() < 4 {
        return Err(Error::new("file too small to contain bitcode header"));
    }
    if !bytes.starts_with(&MAGIC) {
        return Err(Error::new("file doesn't start with bitcode header"));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::bitcode_bytes;

    #[test]
    fn headers_are_checked_as_llvm_checks_them() {
        let msg = |b: &[u8]| bitcode_bytes(b).err().map(|e| e.message);
        assert_eq!(msg(b"BC\xc0"), Some("Invalid bitcode signature".into()));
        assert_eq!(msg(b"XXXX"), Some("file doesn't start with bitcode header".into()));
        assert_eq!(msg(b""), Some("file too small to contain bitcode header".into()));
        // A 16-byte wrapper is enough; its bitstream must lie inside the file.
        let mut w = vec![0xDE, 0xC0, 0x17, 0x0B, 0, 0, 0, 0, 16, 0, 0, 0, 4, 0, 0, 0];
        assert_eq!(msg(&w), Some("Invalid bitcode wrapper header".into()));
        w.extend_from_slice(b"BC\xc0\xde");
        assert_eq!(bitcode_bytes(&w).ok(), Some(&b"BC\xc0\xde"[..]));
        assert_eq!(msg(&[0xDE, 0xC0, 0x17, 0x0B, 0, 0, 0, 0]), Some("Invalid bitcode wrapper header".into()));
    }
}
