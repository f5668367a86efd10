//! A whole module read from bitcode (`getLazyModule` then `materializeAll`): the module block
//! up to its first function body, then each function's body in the module's order, from where
//! the value symbol table (or a scan of the function blocks) places it (`materialize`), then
//! the rest of the module block (`materializeModule`).

use llrs_ir::module::GlobalId;
use llrs_ir::Module;

use crate::bitstream::stream_error;
use crate::codes::FUNCTION_BLOCK_ID;
use crate::function::{read_body, ModuleTables};
use crate::reader::{modules, with_producer, ModuleReader};
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
