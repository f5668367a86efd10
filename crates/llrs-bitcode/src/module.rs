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
    read_with(bytes, file, crate::prefetch::Mode::Auto)
}

/// [`read_named`], the bodies decoded ahead as `prefetch` says.
pub(crate) fn read_with(bytes: &[u8], file: &str, prefetch: crate::prefetch::Mode) -> Result<Module, Error> {
    let mods = modules(bytes)?;
    let Some(src) = mods.first() else { return Err(Error::new("Expected a single module")) };
    let mut m = Module::default();
    // The module's identifier: the file's name without its directories (as the corpus's
    // llvm-dis runs named it).
    let base = std::path::Path::new(file).file_name().and_then(|n| n.to_str()).unwrap_or(file);
    let mut r = ModuleReader::new(src, base)?;
    r.prefetch = prefetch;
    let producer = r.header.producer.clone();
    r.parse_module(&mut m, 0).map_err(|e| with_producer(e, &producer))?;
    llrs_ir::phases::mark("bitcode: module read");
    r.materialize_module(&mut m).map_err(|e| with_producer(e, &producer))?;
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
    // The layout was parsed where LLVM resolves it.
    let dl = llrs_ir::datalayout::DataLayout::parse(&String::from_utf8_lossy(&h.datalayout)).map_err(Error::bare)?;
    llrs_ir::phases::mark("bitcode: bodies read");
    drop_dbg_declarations(&mut m);
    upgrade(&mut m, &dl);
    // Every uniqued node is made: the index of them is made again only if more are looked up.
    m.ctx.md_register_all_later();
    llrs_ir::phases::mark("bitcode: upgraded");
    // `llvm-dis` then asks for the module's LTO info (`lto_info`, which steps over the module
    // block again) and reads the summary if there is one.
    if let Some(index) = crate::summary::read(src, base)? {
        m.summary = index;
    }
    Ok(m)
}

/// The declarations of the old debug intrinsics go with their calls, which became records.
fn drop_dbg_declarations(m: &mut Module) {
    let is_dbg = |g: &GlobalId| {
        let gl = &m.globals[*g];
        gl.func.as_ref().is_some_and(|f| f.body.is_none())
            && gl.name.is_some_and(|n| {
                matches!(
                    m.ctx.name(n),
                    b"llvm.dbg.value" | b"llvm.dbg.declare" | b"llvm.dbg.assign" | b"llvm.dbg.label"
                )
            })
    };
    if m.functions.iter().any(is_dbg) {
        let keep: Vec<GlobalId> = m.functions.iter().copied().filter(|g| !is_dbg(g)).collect();
        m.functions = keep;
    }
}

/// What LLVM's reader upgrades once the module is read (`globalCleanup`, `materialize`,
/// `materializeModule`), in its order.
fn upgrade(m: &mut Module, dl: &llrs_ir::datalayout::DataLayout) {
    llrs_upgrade::upgrade_inline_asm_strings(m);
    llrs_upgrade::upgrade_intrinsics_as_bitcode_reader(m, dl);
    llrs_asm::apply_intrinsic_attributes(m);
    llrs_upgrade::upgrade_module_function_attributes(m, llrs_upgrade::TypeIncompatible::Remove);
    llrs_upgrade::upgrade_debug_info(m);
    llrs_upgrade::upgrade_module_flags(m);
    llrs_upgrade::upgrade_nvvm_annotations(m);
    llrs_upgrade::upgrade_arc_runtime(m);
    llrs_upgrade::copy_module_attr_to_functions(m);
}

impl ModuleReader<'_> {
    /// `materializeModule`: every function with a body, in the module's order, then the rest
    /// of the module block.
    pub fn materialize_module(&mut self, m: &mut Module) -> Result<(), Error> {
        match self.placed_bodies(m) {
            Some(places) => self.materialize_placed(m, &places)?,
            None => {
                let functions: Vec<GlobalId> = m.functions.clone();
                for f in functions {
                    self.materialize(m, f, None)?;
                }
            }
        }
        if self.last_function_block_bit != 0 || self.next_unread_bit != 0 {
            let resume = self.last_function_block_bit.max(self.next_unread_bit);
            self.parse_module(m, resume)?;
        }
        Ok(())
    }

    /// Where each function's body starts (after its block's id), for the functions with one in
    /// the module's order: as `materialize` finds them (placed by the value symbol table, or
    /// found in the stream), without reading them.
    pub fn body_places(&mut self, m: &Module) -> Result<Vec<(GlobalId, u64)>, Error> {
        let mut out = Vec::new();
        for &f in &m.functions {
            if !self.materializable.contains(&f) {
                continue;
            }
            while self.deferred.get(&f).copied().unwrap_or(0) == 0 {
                self.remember_and_skip_function_bodies()?;
            }
            out.push((f, self.deferred.get(&f).copied().unwrap_or(0)));
        }
        Ok(out)
    }

    /// The places of the bodies still to read, in the module's order, when a helper thread is
    /// worth starting to decode them ([`crate::prefetch`]): a big module whose value symbol
    /// table placed every body (nothing to find in the stream), with two threads or more.
    fn placed_bodies(&self, m: &Module) -> Option<Vec<(GlobalId, u64)>> {
        use crate::prefetch::Mode;
        let worth = self.cur.bytes().len() >= crate::prefetch::MIN_BYTES && rayon::current_num_threads() >= 2;
        match self.prefetch {
            Mode::Never => return None,
            Mode::Auto if !worth => return None,
            Mode::Auto | Mode::First => {}
        }
        let mut out = Vec::new();
        let mut seen = rustc_hash::FxHashSet::default();
        for &f in &m.functions {
            if self.materializable.contains(&f) && seen.insert(f) {
                out.push((f, self.deferred.get(&f).copied().filter(|&b| b != 0)?));
            }
        }
        (out.len() >= 2).then_some(out)
    }

    /// Every body at `places` read in order, decoded ahead by a helper thread.
    fn materialize_placed(&mut self, m: &mut Module, places: &[(GlobalId, u64)]) -> Result<(), Error> {
        use crate::prefetch::{Mode, Shared, MAX_AHEAD_OPS};
        let first = self.prefetch == Mode::First;
        let shared = Shared::new(places.len(), if first { usize::MAX } else { MAX_AHEAD_OPS });
        let bits: Vec<u64> = places.iter().map(|&(_, b)| b).collect();
        let bytes = self.cur.bytes();
        let info = self.info.to_parts();
        if first {
            shared.help(bytes, &bits, info.clone());
        }
        std::thread::scope(|s| {
            let shared = &shared;
            let bits = &bits;
            if !first {
                s.spawn(move || shared.help(bytes, bits, info));
                // The upgrades after the bodies need the intrinsic tables: built meanwhile.
                s.spawn(llrs_ir::intrinsics::prewarm_tables);
            }
            let mut res = Ok(());
            for (i, &(f, _)) in places.iter().enumerate() {
                let rec = shared.take(i);
                res = self.materialize(m, f, rec);
                if res.is_err() {
                    break;
                }
                if let Some(rec) = self.done_recording.take() {
                    shared.give_back(rec);
                }
            }
            shared.stop();
            res
        })
    }

    /// `materialize`: the body of `f`, found in the stream if the value symbol table did not
    /// place it (`findFunctionInStream`), then read (`parseFunctionBody`); from `rec` when its
    /// entries were decoded ahead.
    fn materialize(
        &mut self,
        m: &mut Module,
        f: GlobalId,
        rec: Option<crate::bitstream::Recording>,
    ) -> Result<(), Error> {
        if !self.materializable.contains(&f) {
            return Ok(());
        }
        match rec {
            Some(rec) => self.cur.replay(rec),
            None => {
                // Each pass takes one more function block or fails: the loop ends.
                while self.deferred.get(&f).copied().unwrap_or(0) == 0 {
                    self.remember_and_skip_function_bodies()?;
                }
                let bit = self.deferred.get(&f).copied().unwrap_or(0);
                self.cur.jump_to(bit).map_err(stream_error)?;
                self.cur.enter_block(FUNCTION_BLOCK_ID, &self.info).map_err(stream_error)?;
            }
        }
        let alloca_addrspace = datalayout_number(&self.header.datalayout, b'A');
        let tables = ModuleTables {
            attrs: &self.attrs,
            bundle_tags: &self.bundle_tags,
            sync_scopes: &self.sync_scopes,
            relative: self.header.version >= 1,
            info: &self.info,
            alloca_addrspace,
            stream_bits: self.cur.bits(),
        };
        let res = read_body(&mut self.cur, m, &mut self.types, &mut self.values, &tables, &mut self.metadata, f);
        self.done_recording = self.cur.end_replay();
        res?;
        self.materializable.remove(&f);
        self.metadata.upgrade_debug_intrinsics(m, f);
        if let Some(sp) = self.metadata.subprogram_for_function(f) {
            let dbg = m.ctx.dbg_kind();
            m.globals[f].md.push((dbg, sp));
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codes::*;
    use crate::test_bits::Bits;

    /// A module block being written: its version, a type table (1: `void ()`), and functions
    /// of that type (`true`: with a body).
    fn start(bodies: &[bool]) -> (Bits, usize) {
        let mut b = Bits::new();
        let module = b.enter(2, MODULE_BLOCK_ID.into(), 3);
        b.record(3, MODULE_CODE_VERSION.into(), &[2]);
        let types = b.enter(3, TYPE_BLOCK_ID_NEW.into(), 4);
        b.record(4, TYPE_CODE_NUMENTRY.into(), &[2]);
        b.record(4, TYPE_CODE_VOID.into(), &[]);
        b.record(4, TYPE_CODE_FUNCTION.into(), &[0, 0]);
        b.end_block(types, 4);
        for &body in bodies {
            b.record(3, MODULE_CODE_FUNCTION.into(), &[0, 0, 1, 0, u64::from(!body), 0, 0, 0, 0, 0]);
        }
        (b, module)
    }

    /// A function block whose body is `ret void`; returns its word in the module's bytes.
    fn body(b: &mut Bits) -> u64 {
        let word = (b.bit as u64 - 32) / 32;
        let f = b.enter(3, FUNCTION_BLOCK_ID.into(), 4);
        b.record(4, FUNC_CODE_DECLAREBLOCKS.into(), &[1]);
        b.record(4, FUNC_CODE_INST_RET.into(), &[]);
        b.end_block(f, 4);
        word
    }

    /// A `VSTOFFSET` record whose value is patched later ([`patch`]): where its 32 bits are.
    fn vst_offset(b: &mut Bits) -> usize {
        b.put(2, 3); // DEFINE_ABBREV [literal VSTOFFSET, fixed(32)]
        b.vbr(2, 5);
        b.put(1, 1);
        b.vbr(MODULE_CODE_VSTOFFSET.into(), 8);
        b.put(0, 1);
        b.put(1, 3);
        b.vbr(32, 5);
        b.put(4, 3);
        let at = b.bit;
        b.put(0, 32);
        at
    }

    fn patch(b: &mut Bits, at: usize, v: u64) {
        for i in 0..32 {
            let (byte, bit) = ((at + i) / 8, (at + i) % 8);
            b.bytes[byte] = b.bytes[byte] & !(1 << bit) | (((v >> i) & 1) as u8) << bit;
        }
    }

    /// The module-level value symbol table: `FNENTRY [value, word + 1]` for each.
    fn vst(b: &mut Bits, entries: &[(u64, u64)]) -> u64 {
        b.align();
        let word = (b.bit as u64 - 32) / 32;
        let v = b.enter(3, VALUE_SYMTAB_BLOCK_ID.into(), 4);
        for &(value, at) in entries {
            b.record(4, VST_CODE_FNENTRY.into(), &[value, at + 1]);
        }
        b.end_block(v, 4);
        word
    }

    fn finish(mut b: Bits, module: usize) -> Vec<u8> {
        b.end_block(module, 3);
        b.bytes
    }

    fn err(bytes: &[u8]) -> String {
        read(bytes).err().map(|e| e.message).unwrap_or_default()
    }

    #[test]
    fn bodies_are_placed_by_the_symbol_table() {
        let (mut b, m) = start(&[true, true]);
        let off = vst_offset(&mut b);
        let f0 = body(&mut b);
        let f1 = body(&mut b);
        let v = vst(&mut b, &[(0, f0), (1, f1)]);
        patch(&mut b, off, v + 1);
        let module = read(&finish(b, m)).expect("reads");
        assert_eq!(module.functions.len(), 2);
        assert!(module.functions.iter().all(|&f| module.func(f).body.is_some()));
    }

    #[test]
    fn a_body_without_its_block_is_looked_for_as_llvm_does() {
        // No function block at all.
        let (b, m) = start(&[true]);
        assert_eq!(err(&finish(b, m)), "Trying to materialize functions before seeing function blocks");
        // The symbol table places one body; the next entry after its block is the table.
        let (mut b, m) = start(&[true, true]);
        let off = vst_offset(&mut b);
        let f0 = body(&mut b);
        let v = vst(&mut b, &[(0, f0)]);
        patch(&mut b, off, v + 1);
        assert_eq!(err(&finish(b, m)), "Expect function block");
        // More blocks than functions with bodies.
        let (mut b, m) = start(&[false]);
        body(&mut b);
        assert_eq!(err(&finish(b, m)), "Insufficient function protos");
    }

    #[test]
    fn the_symbol_table_is_checked_where_llvm_checks_it() {
        let (mut b, m) = start(&[true]);
        let off = vst_offset(&mut b);
        let f0 = body(&mut b);
        let v = vst(&mut b, &[(5, f0)]);
        patch(&mut b, off, v + 1);
        assert_eq!(err(&finish(b, m)), "Invalid value reference in symbol table");
        // An offset that names the function block instead.
        let (mut b, m) = start(&[true]);
        let off = vst_offset(&mut b);
        let f0 = body(&mut b);
        vst(&mut b, &[(0, f0)]);
        patch(&mut b, off, f0 + 1);
        assert_eq!(err(&finish(b, m)), "Expected value symbol table subblock");
    }

    #[test]
    fn stream_errors_are_handed_on_without_the_producer() {
        // A function block too long for the stream, after an identification block: LLVM's
        // reader names the producer in its own messages only.
        let mut b = Bits::new();
        let id = b.enter(2, IDENTIFICATION_BLOCK_ID.into(), 5);
        b.record(5, IDENTIFICATION_CODE_STRING.into(), &[b'P'.into()]);
        b.record(5, IDENTIFICATION_CODE_EPOCH.into(), &[0]);
        b.end_block(id, 5);
        let module = b.enter(2, MODULE_BLOCK_ID.into(), 3);
        b.record(3, MODULE_CODE_VERSION.into(), &[2]);
        b.record(3, MODULE_CODE_VERSION.into(), &[3]);
        let bytes = finish(b, module);
        assert_eq!(err(&bytes), "Invalid value (Producer: 'P' Reader: 'LLVM 22.1.8')");
        let (mut b, m) = start(&[true]);
        let f = b.enter(3, FUNCTION_BLOCK_ID.into(), 4);
        b.end_block(f, 4);
        patch(&mut b, f, 1000);
        let from = f as u64; // the block's contents, in the module's bytes (after the signature)
        assert_eq!(err(&finish(b, m)), format!("can't skip to bit {} from {from}", from + 32_000));
        // A data layout LLVM cannot parse: the data layout's message.
        let (mut b, m) = start(&[]);
        b.record(3, MODULE_CODE_DATALAYOUT.into(), &[b'x'.into()]);
        let want = llrs_ir::datalayout::DataLayout::parse("x").expect_err("refused");
        assert_eq!(err(&finish(b, m)), want);
    }
}
