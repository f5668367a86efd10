//! A whole module read from bitcode (`getLazyModule` then `materializeAll`): the module block
//! up to its first function body, then each function's body in the module's order, from where
//! the value symbol table (or a scan of the function blocks) places it (`materialize`), then
//! the rest of the module block (`materializeModule`).

use llrs_ir::module::GlobalId;
use llrs_ir::Module;

use crate::bitstream::{stream_error, BlockInfo, Cursor, Entry};
use crate::codes::{
    FS_FLAGS, FULL_LTO_GLOBALVAL_SUMMARY_BLOCK_ID, FUNCTION_BLOCK_ID, GLOBALVAL_SUMMARY_BLOCK_ID, MODULE_BLOCK_ID,
};
use crate::function::{read_body, ModuleTables};
use crate::reader::{modules, with_producer, ModuleReader, ModuleSource};
use crate::Error;

/// Reads the first module of a bitcode file (`file` names it where the module does not say its
/// source file name), as `llvm-dis` reads it.
pub fn read_named(bytes: &[u8], file: &str) -> Result<Module, Error> {
    let mods = modules(bytes)?;
    let Some(src) = mods.first() else { return Err(Error::new("Expected a single module")) };
    let mut m = Module::default();
    let mut r = ModuleReader::new(src, file)?;
    let producer = r.header.producer.clone();
    r.parse_module(&mut m, 0).map_err(|e| with_producer(e, &producer))?;
    r.materialize_module(&mut m).map_err(|e| with_producer(e, &producer))?;
    // `llvm-dis` then asks for the module's LTO info, which steps over the module block again.
    lto_info(src)?;
    let h = &r.header;
    m.source_filename = Some(h.source_filename.clone());
    if !h.datalayout.is_empty() {
        m.data_layout = Some(h.datalayout.clone());
    }
    if !h.triple.is_empty() {
        m.triple = Some(h.triple.clone());
    }
    m.module_asm = h.asm.clone();
    if !m.module_asm.is_empty() && !m.module_asm.ends_with(b"\n") {
        m.module_asm.push(b'\n');
    }
    Ok(m)
}

impl ModuleReader<'_> {
    /// `materializeModule`: every function with a body, in the module's order, then the rest
    /// of the module block.
    pub fn materialize_module(&mut self, m: &mut Module) -> Result<(), Error> {
        let functions: Vec<GlobalId> = m.functions.clone();
        for f in functions {
            self.materialize(m, f)?;
        }
        if self.last_function_block_bit != 0 || self.next_unread_bit != 0 {
            let resume = self.last_function_block_bit.max(self.next_unread_bit);
            self.parse_module(m, resume)?;
        }
        Ok(())
    }

    /// `materialize`: the body of `f`, found in the stream if the value symbol table did not
    /// place it (`findFunctionInStream`), then read (`parseFunctionBody`).
    fn materialize(&mut self, m: &mut Module, f: GlobalId) -> Result<(), Error> {
        if !self.materializable.contains(&f) {
            return Ok(());
        }
        // Each pass takes one more function block or fails: the loop ends.
        while self.deferred.get(&f).copied().unwrap_or(0) == 0 {
            self.remember_and_skip_function_bodies()?;
        }
        let bit = self.deferred.get(&f).copied().unwrap_or(0);
        self.cur.jump_to(bit).map_err(stream_error)?;
        self.cur.enter_block(FUNCTION_BLOCK_ID, &self.info).map_err(stream_error)?;
        let alloca_addrspace = datalayout_number(&self.header.datalayout, b'A');
        let tables = ModuleTables {
            attr_lists: &[],
            bundle_tags: &self.bundle_tags,
            sync_scopes: &self.sync_scopes,
            relative: self.header.version >= 1,
            info: &self.info,
            alloca_addrspace,
        };
        read_body(&mut self.cur, m, &mut self.types, &mut self.values, &tables, f)?;
        self.materializable.remove(&f);
        Ok(())
    }
}

/// What `getLTOInfo` says of a module: whether it has a summary, and the flags its summary
/// block gives.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct LtoInfo {
    /// A ThinLTO summary (`GLOBALVAL_SUMMARY_BLOCK`).
    pub is_thin_lto: bool,
    /// A summary block of either kind.
    pub has_summary: bool,
    /// The summary's `EnableSplitLTOUnit` flag.
    pub enable_split_lto_unit: bool,
    /// The summary's `UnifiedLTO` flag.
    pub unified_lto: bool,
}

/// `BitcodeModule::getLTOInfo`: the module block read again from its start with a cursor of its
/// own, every sub-block stepped over (with `SkipBlock`'s checks) and every record skipped, up
/// to a summary block, whose flags are read.
pub fn lto_info(m: &ModuleSource<'_>) -> Result<LtoInfo, Error> {
    let info = BlockInfo::default();
    let mut cur = Cursor::new(m.bytes);
    cur.jump_to(m.module_bit).map_err(stream_error)?;
    cur.enter_block(MODULE_BLOCK_ID, &info).map_err(stream_error)?;
    loop {
        match cur.advance().map_err(stream_error)? {
            Entry::EndBlock => return Ok(LtoInfo::default()),
            Entry::SubBlock(id @ (GLOBALVAL_SUMMARY_BLOCK_ID | FULL_LTO_GLOBALVAL_SUMMARY_BLOCK_ID)) => {
                let (enable_split_lto_unit, unified_lto) = summary_flags(&mut cur, &info, id)?;
                return Ok(LtoInfo {
                    is_thin_lto: id == GLOBALVAL_SUMMARY_BLOCK_ID,
                    has_summary: true,
                    enable_split_lto_unit,
                    unified_lto,
                });
            }
            Entry::SubBlock(_) => cur.skip_block().map_err(stream_error)?,
            Entry::Record(a) => {
                cur.skip_record(a).map_err(stream_error)?;
            }
        }
    }
}

/// `getEnableSplitLTOUnitAndUnifiedFlag`: the flags of a summary block's `FLAGS` record.
fn summary_flags(cur: &mut Cursor<'_>, info: &BlockInfo, id: u32) -> Result<(bool, bool), Error> {
    cur.enter_block(id, info).map_err(stream_error)?;
    loop {
        let a = match cur.advance_skipping_subblocks().map_err(stream_error)? {
            Entry::EndBlock => return Ok((false, false)),
            Entry::SubBlock(_) => return Err(Error::new("Malformed block")),
            Entry::Record(a) => a,
        };
        let rec = cur.read_record_ops(a).map_err(stream_error)?;
        if rec.code == FS_FLAGS {
            let flags = rec.ops.first().copied().unwrap_or(0);
            return Ok((flags & 0x8 != 0, flags & 0x200 != 0));
        }
    }
}

/// Reads the first module of a bitcode file.
///
/// ```
/// // Not bitcode: LLVM's message.
/// let e = llrs_bitcode::read(b"BC\xc0").unwrap_err();
/// assert_eq!(e.message, "Invalid bitcode signature");
/// ```
pub fn read(bytes: &[u8]) -> Result<Module, Error> {
    read_named(bytes, "")
}

/// The number after a data layout specification's letter (`A5` gives 5), 0 when absent.
fn datalayout_number(dl: &[u8], letter: u8) -> u32 {
    dl.split(|&b| b == b'-')
        .find_map(|spec| spec.strip_prefix(&[letter][..]))
        .and_then(|n| std::str::from_utf8(n).ok()?.parse().ok())
        .unwrap_or(0)
}
