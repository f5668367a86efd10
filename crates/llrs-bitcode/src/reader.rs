//! Reading modules, as `BitcodeReader` does: the modules of a file (`getBitcodeModuleList`:
//! identification and module blocks, the string table after them), the identification block,
//! and the module block as `parseModule` reads it: its records, its tables, the value symbol
//! table that places the function bodies (read later, by [`crate::module`]).

use llrs_ir::constants::Const;
use llrs_ir::entity::EntityId;
use llrs_ir::module::{GlobalId, GlobalKind};
use llrs_ir::value::Value;
use llrs_ir::{Context, Module};

use crate::attributes::{set_variable_attrs, AttrTable};
use crate::bitstream::{stream_error, BlockInfo, Cursor, Entry, StreamError, BLOCKINFO_BLOCK_ID, BLOCK_ID_WIDTH};
use crate::codes::*;
use crate::constants::read_constants;
use crate::globals::{GlobalRecords, Pending};
use crate::metadata::{Env, MetadataLoader};
use crate::types::{read_type_table, TypeTable};
use crate::values::{ModuleValues, Slot, ValueList};
use crate::{bitcode_bytes, Error};
use rustc_hash::{FxHashMap, FxHashSet};

/// One module of a bitcode file (`BitcodeModule`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModuleSource<'a> {
    /// The module's bytes: from its identification block (if any) through its module block.
    pub bytes: &'a [u8],
    /// Where the identification block's contents start (after its id), if there is one.
    pub identification_bit: Option<u64>,
    /// Where the module block's contents start (after its id).
    pub module_bit: u64,
    /// The string table that serves the module (empty if none follows it).
    pub strtab: &'a [u8],
}

/// The modules of a bitcode file, in order (`getBitcodeFileContents`): each identification and
/// module block, and the string table blocks that follow them (one serves every module before
/// it that has none yet); symbol tables are read, other blocks and records stepped over.
pub fn modules(bytes: &[u8]) -> Result<Vec<ModuleSource<'_>>, Error> {
    let stream = bitcode_bytes(bytes)?;
    let mut cur = Cursor::new(stream);
    // The signature was read (`hasInvalidBitcodeHeader`).
    cur.jump_to(32).map_err(stream_error)?;
    let mut out: Vec<ModuleSource<'_>> = Vec::new();
    let info = BlockInfo::default();
    loop {
        let begin = cur.bit() / 8;
        // Up to 8 bytes of trailing padding are allowed.
        if begin + 8 >= stream.len() as u64 {
            return Ok(out);
        }
        let mut id = match cur.advance().map_err(stream_error)? {
            Entry::SubBlock(id) => id,
            Entry::EndBlock => return Err(Error::new("Malformed block")),
            Entry::Record(a) => {
                cur.skip_record(a).map_err(stream_error)?;
                continue;
            }
        };
        let mut identification_bit = None;
        if id == IDENTIFICATION_BLOCK_ID {
            identification_bit = Some(cur.bit() - 8 * begin);
            cur.skip_block().map_err(stream_error)?;
            match cur.advance() {
                Ok(Entry::SubBlock(MODULE_BLOCK_ID)) => id = MODULE_BLOCK_ID,
                Ok(_) | Err(StreamError::MalformedEntry) => return Err(Error::new("Malformed block")),
                Err(e) => return Err(stream_error(e)),
            }
        }
        match id {
            MODULE_BLOCK_ID => {
                let module_bit = cur.bit() - 8 * begin;
                cur.skip_block().map_err(stream_error)?;
                let end = (cur.bit() / 8).min(stream.len() as u64) as usize;
                out.push(ModuleSource {
                    bytes: &stream[(begin as usize).min(end)..end],
                    identification_bit,
                    module_bit,
                    strtab: &[],
                });
            }
            STRTAB_BLOCK_ID => {
                let blob = read_blob_in_record(&mut cur, &info, STRTAB_BLOCK_ID, STRTAB_BLOB)?;
                for m in out.iter_mut().rev() {
                    if !m.strtab.is_empty() {
                        break;
                    }
                    m.strtab = blob;
                }
            }
            SYMTAB_BLOCK_ID => {
                read_blob_in_record(&mut cur, &info, SYMTAB_BLOCK_ID, SYMTAB_BLOB)?;
            }
            _ => cur.skip_block().map_err(stream_error)?,
        }
    }
}

/// `readBlobInRecord`: the blob of the last `code` record of the block just met.
fn read_blob_in_record<'a>(cur: &mut Cursor<'a>, info: &BlockInfo, block: u32, code: u32) -> Result<&'a [u8], Error> {
    cur.enter_block(block, info).map_err(stream_error)?;
    let mut blob: &'a [u8] = &[];
    loop {
        match cur.advance().map_err(stream_error)? {
            Entry::EndBlock => return Ok(blob),
            Entry::SubBlock(_) => cur.skip_block().map_err(stream_error)?,
            Entry::Record(a) => {
                let rec = cur.read_record(a).map_err(stream_error)?;
                if rec.code == code {
                    blob = rec.blob.unwrap_or(&[]);
                }
            }
        }
    }
}

/// `readIdentificationBlock`: the producer string (the `STRING` records joined), after checking
/// the epoch.
fn read_identification(cur: &mut Cursor<'_>) -> Result<String, Error> {
    cur.enter_block(IDENTIFICATION_BLOCK_ID, &BlockInfo::default()).map_err(stream_error)?;
    let mut producer = Vec::new();
    // LLVM reads an empty `EPOCH` record's operand from what its buffer held before.
    let mut buffer: Vec<u64> = Vec::new();
    loop {
        match cur.advance().map_err(stream_error)? {
            Entry::EndBlock => return Ok(String::from_utf8_lossy(&producer).into_owned()),
            Entry::SubBlock(_) => return Err(Error::new("Malformed block")),
            Entry::Record(a) => {
                let rec = cur.read_record_ops(a).map_err(stream_error)?;
                if buffer.len() < rec.ops.len() {
                    buffer.resize(rec.ops.len(), 0);
                }
                buffer[..rec.ops.len()].copy_from_slice(&rec.ops);
                match rec.code {
                    IDENTIFICATION_CODE_STRING => producer.extend(rec.ops.iter().map(|&c| c as u8)),
                    IDENTIFICATION_CODE_EPOCH => {
                        let epoch = buffer.first().copied().unwrap_or(0) as u32;
                        if epoch != BITCODE_CURRENT_EPOCH {
                            return Err(Error::new(format!(
                                "Incompatible epoch: Bitcode '{epoch}' vs current: '{BITCODE_CURRENT_EPOCH}'"
                            )));
                        }
                    }
                    _ => return Err(Error::new("Invalid value")),
                }
            }
        }
    }
}

/// What a module block says of the module as a whole.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Header {
    /// The producer (`IDENTIFICATION` `STRING` records), empty if none.
    pub producer: String,
    /// The `VERSION` record (0 when absent).
    pub version: u64,
    /// The target triple, as written.
    pub triple: Vec<u8>,
    /// The data layout, upgraded as `ResolveDataLayout` upgrades it.
    pub datalayout: Vec<u8>,
    /// The source file name (the file's name when the module does not say).
    pub source_filename: Vec<u8>,
    /// The module-level inline asm (the last `ASM` record).
    pub asm: Vec<u8>,
    /// The section names (`SECTIONNAME`), in order.
    pub sections: Vec<Vec<u8>>,
    /// The garbage collector names (`GCNAME`), in order.
    pub gcs: Vec<Vec<u8>>,
}

/// `BitcodeReaderBase::error`: LLVM adds the producer to the module reader's own messages (not
/// to the bitstream's, nor to those it makes elsewhere, which are [`Error::bare`]).
pub(crate) fn with_producer(e: Error, producer: &str) -> Error {
    if e.bare || producer.is_empty() {
        e
    } else {
        Error::bare(format!("{} (Producer: '{producer}' Reader: 'LLVM 22.1.8')", e.message))
    }
}

/// The reader of one module (`BitcodeReader`): the cursor over the module's bytes, shared by the
/// module block and the function bodies, and what the module block's records and tables give.
/// The module block is read as `parseModule` reads it: up to the first function block, where
/// the value symbol table gives each body's place; the bodies are read later
/// (`materialize`), then the rest of the module block.
pub struct ModuleReader<'a> {
    /// The cursor, inside the module block.
    pub cur: Cursor<'a>,
    /// The header records.
    pub header: Header,
    /// The type table.
    pub types: TypeTable,
    /// Whether a type block was read.
    seen_types: bool,
    /// Whether LLVM's type list has grown besides the type table (the virtual type ids of
    /// global values and constants): a later type table is then a second one.
    virtual_types: bool,
    /// What the global values' records leave for later.
    pub pending: Pending,
    /// The module-level value list: global values and constants.
    pub values: ValueList,
    /// The operand bundle tags.
    pub bundle_tags: Vec<llrs_ir::Symbol>,
    /// The sync scope names (`None` for the system scope).
    pub sync_scopes: Vec<Option<llrs_ir::Symbol>>,
    /// The abbreviations of `BLOCKINFO`.
    pub info: BlockInfo,
    /// The attribute groups and lists (`getAttributes` for the calls of function bodies).
    pub attrs: AttrTable,
    /// The module's metadata (kinds, module-level metadata), for the function bodies to go on
    /// with.
    pub metadata: MetadataLoader,
    /// The state of the global values' records.
    globals: GlobalRecords<'a>,
    /// The data layout as written, until it is resolved.
    tentative_dl: Vec<u8>,
    /// `ResolvedDataLayout`.
    resolved: bool,
    /// `DeferredFunctionInfo`: where the body of each function with one starts (after the
    /// block's id), 0 while not known.
    pub deferred: FxHashMap<GlobalId, u64>,
    /// The functions whose bodies are still to read (`isMaterializable`).
    pub materializable: FxHashSet<GlobalId>,
    /// `FunctionsWithBodies`: the functions whose blocks are still to meet (reversed at the first
    /// function block, then taken from the back).
    functions_with_bodies: Vec<GlobalId>,
    /// `SeenFirstFunctionBody`.
    pub seen_first_function_body: bool,
    /// `SeenValueSymbolTable`.
    seen_vst: bool,
    /// `VSTOffset`: the module-level value symbol table's word offset (0: none).
    vst_offset: u64,
    /// `NextUnreadBit`: where the module block's reading stopped.
    pub next_unread_bit: u64,
    /// `LastFunctionBlockBit`: the last function block the value symbol table names.
    pub last_function_block_bit: u64,
    /// Whether the bodies are decoded ahead on a helper thread ([`crate::prefetch`]).
    pub(crate) prefetch: crate::prefetch::Mode,
    /// The recording of the body just read, to be reused.
    pub(crate) done_recording: Option<crate::bitstream::Recording>,
}

/// The reader after the module block's header: kept under its old name.
pub type Skeleton<'a> = ModuleReader<'a>;

/// Reads the module block of `m` (named `file`) into `module` as `getLazyModule` does: the
/// identification block, then the module block up to its first function body (the header, the
/// type table, comdats, global values and constants, the value symbol table with the bodies'
/// places). Errors carry the producer as LLVM's do.
pub fn read_header<'a>(m: &ModuleSource<'a>, file: &str, module: &mut Module) -> Result<ModuleReader<'a>, Error> {
    let mut r = ModuleReader::new(m, file)?;
    let producer = r.header.producer.clone();
    r.parse_module(module, 0).map_err(|e| with_producer(e, &producer))?;
    Ok(r)
}

impl<'a> ModuleReader<'a> {
    /// A reader of `m` (`getModuleImpl` up to `parseBitcodeInto`): the identification block is
    /// read, the cursor left at the module block's contents.
    pub fn new(m: &ModuleSource<'a>, file: &str) -> Result<Self, Error> {
        let mut cur = Cursor::new(m.bytes);
        let mut header = Header { source_filename: file.as_bytes().to_vec(), ..Header::default() };
        if let Some(bit) = m.identification_bit {
            cur.jump_to(bit).map_err(stream_error)?;
            header.producer = read_identification(&mut cur)?;
        }
        cur.jump_to(m.module_bit).map_err(stream_error)?;
        Ok(ModuleReader {
            cur,
            header,
            types: TypeTable::default(),
            seen_types: false,
            virtual_types: false,
            pending: Pending::default(),
            values: ValueList::new(m.bytes.len()),
            bundle_tags: Vec::new(),
            sync_scopes: Vec::new(),
            info: BlockInfo::default(),
            attrs: AttrTable::default(),
            metadata: MetadataLoader::new(m.bytes.len()),
            globals: GlobalRecords {
                strtab: m.strtab,
                use_strtab: false,
                sections: Vec::new(),
                gcs: Vec::new(),
                comdats: Vec::new(),
                program_addrspace: 0,
                pending: Pending::default(),
            },
            tentative_dl: Vec::new(),
            resolved: false,
            deferred: FxHashMap::default(),
            materializable: FxHashSet::default(),
            functions_with_bodies: Vec::new(),
            seen_first_function_body: false,
            seen_vst: false,
            vst_offset: 0,
            next_unread_bit: 0,
            last_function_block_bit: 0,
            prefetch: crate::prefetch::Mode::Auto,
            done_recording: None,
        })
    }

    /// `parseModule`: from the module block's start (`resume` 0: the block is entered), or from
    /// `resume` after the bodies were read; returns at the first function body (after the
    /// value symbol table that places the bodies) or at the end of the block.
    pub fn parse_module(&mut self, module: &mut Module, resume: u64) -> Result<(), Error> {
        if resume != 0 {
            self.cur.jump_to(resume).map_err(stream_error)?;
        } else {
            self.cur.enter_block(MODULE_BLOCK_ID, &self.info).map_err(stream_error)?;
        }
        loop {
            let a = match self.cur.advance().map_err(stream_error)? {
                Entry::EndBlock => {
                    self.resolve_data_layout()?;
                    self.sync_header();
                    return self.global_cleanup(module);
                }
                Entry::SubBlock(id) => {
                    if self.sub_block(module, id)? {
                        self.sync_header();
                        return Ok(());
                    }
                    continue;
                }
                Entry::Record(a) => a,
            };
            let rec = self.cur.read_record_ops(a).map_err(stream_error)?;
            self.record(module, rec.code, &rec.ops)?;
        }
    }

    /// The header's tables as read so far.
    fn sync_header(&mut self) {
        self.header.sections = self.globals.sections.clone();
        self.header.gcs = self.globals.gcs.clone();
        self.pending = self.globals.pending.clone();
    }

    /// A sub-block of the module block; true where `parseModule` stops (at the first function
    /// body, once the value symbol table is read).
    fn sub_block(&mut self, module: &mut Module, id: u32) -> Result<bool, Error> {
        let cur = &mut self.cur;
        match id {
            BLOCKINFO_BLOCK_ID => match cur.read_block_info(&self.info).map_err(stream_error)? {
                Some(fresh) => self.info = fresh,
                None => return Err(Error::new("Malformed block")),
            },
            PARAMATTR_GROUP_BLOCK_ID => {
                cur.enter_block(PARAMATTR_GROUP_BLOCK_ID, &self.info).map_err(stream_error)?;
                // Before the type table, type attributes find no type.
                self.attrs.read_group_block(cur, &mut module.ctx, &mut self.types)?;
            }
            PARAMATTR_BLOCK_ID => {
                cur.enter_block(PARAMATTR_BLOCK_ID, &self.info).map_err(stream_error)?;
                self.attrs.read_list_block(cur, &mut module.ctx)?;
            }
            METADATA_KIND_BLOCK_ID => self.metadata.parse_kinds(cur, &self.info, module)?,
            METADATA_BLOCK_ID => {
                let mut env =
                    Env { module, types: &mut self.types, values: &mut ModuleValues { list: &mut self.values } };
                self.metadata.parse_metadata(cur, &self.info, &mut env, true)?;
            }
            TYPE_BLOCK_ID_NEW => {
                cur.enter_block(TYPE_BLOCK_ID_NEW, &self.info).map_err(stream_error)?;
                if (self.seen_types && self.types.declared() > 0) || self.virtual_types {
                    return Err(Error::new("Invalid multiple blocks"));
                }
                self.seen_types = true;
                self.types = read_type_table(cur, &mut module.ctx)?;
            }
            VALUE_SYMTAB_BLOCK_ID => {
                if !self.seen_vst {
                    self.parse_value_symbol_table(module, 0)?;
                    self.seen_vst = true;
                } else {
                    cur.skip_block().map_err(stream_error)?;
                }
            }
            CONSTANTS_BLOCK_ID => {
                cur.enter_block(CONSTANTS_BLOCK_ID, &self.info).map_err(stream_error)?;
                self.virtual_types = true;
                read_constants(cur, module, &mut self.types, &mut self.values)?;
                resolve_inits(module, &mut self.values, &mut self.globals.pending)?;
            }
            FUNCTION_BLOCK_ID => {
                self.resolve_data_layout()?;
                if !self.seen_first_function_body {
                    self.functions_with_bodies.reverse();
                    self.global_cleanup(module)?;
                    self.seen_first_function_body = true;
                }
                if self.vst_offset > 0 {
                    if !self.seen_vst {
                        self.parse_value_symbol_table(module, self.vst_offset)?;
                        self.seen_vst = true;
                    } else {
                        self.cur.skip_block().map_err(stream_error)?;
                        return Ok(false);
                    }
                }
                self.remember_and_skip_function_body()?;
                if self.seen_vst {
                    self.next_unread_bit = self.cur.bit();
                    self.global_cleanup(module)?;
                    return Ok(true);
                }
            }
            USELIST_BLOCK_ID => read_use_lists(cur, &self.info, |_| {})?,
            OPERAND_BUNDLE_TAGS_BLOCK_ID => {
                cur.enter_block(OPERAND_BUNDLE_TAGS_BLOCK_ID, &self.info).map_err(stream_error)?;
                if !self.bundle_tags.is_empty() {
                    return Err(Error::new("Invalid multiple blocks"));
                }
                for name in read_names(cur, OPERAND_BUNDLE_TAG, "Invalid operand bundle record")? {
                    self.bundle_tags.push(module.ctx.sym_bytes(&name));
                }
            }
            SYNC_SCOPE_NAMES_BLOCK_ID => {
                cur.enter_block(SYNC_SCOPE_NAMES_BLOCK_ID, &self.info).map_err(stream_error)?;
                if !self.sync_scopes.is_empty() {
                    return Err(Error::new("Invalid multiple synchronization scope names blocks"));
                }
                let names = read_names(cur, SYNC_SCOPE_NAME, "Invalid sync scope record")?;
                if names.is_empty() {
                    return Err(Error::new("Invalid empty synchronization scope names block"));
                }
                for name in names {
                    self.sync_scopes.push(if name.is_empty() { None } else { Some(module.ctx.sym_bytes(&name)) });
                }
            }
            _ => cur.skip_block().map_err(stream_error)?,
        }
        Ok(false)
    }

    /// A record of the module block.
    fn record(&mut self, module: &mut Module, code: u32, ops: &[u64]) -> Result<(), Error> {
        let chars = || ops.iter().map(|&c| c as u8).collect::<Vec<u8>>();
        let globals_before = module.globals.len();
        let bodies_before = self.globals.pending.with_bodies.len();
        let types = &mut self.types;
        match code {
            MODULE_CODE_VERSION => {
                let Some(&v) = ops.first() else { return Err(Error::new("Invalid version record")) };
                if v as u32 > 2 {
                    return Err(Error::new("Invalid value"));
                }
                self.header.version = u64::from(v as u32);
                self.globals.use_strtab = v as u32 >= 2;
            }
            MODULE_CODE_COMDAT => self.globals.comdat(module, ops).map_err(Error::new)?,
            MODULE_CODE_GLOBALVAR => {
                let g = self.globals.global_var(module, types, ops).map_err(Error::new)?;
                if let Some(&(_, n)) = self.globals.pending.var_attrs.last().filter(|(v, _)| *v == g) {
                    set_variable_attrs(module, g, &self.attrs, n);
                }
                self.virtual_types = true;
            }
            MODULE_CODE_FUNCTION => {
                self.resolve_data_layout()?;
                self.globals.program_addrspace = program_addrspace(&self.header.datalayout);
                self.globals.function(module, &mut self.types, &self.attrs, ops).map_err(Error::new)?;
                self.virtual_types = true;
            }
            MODULE_CODE_ALIAS_OLD | MODULE_CODE_ALIAS | MODULE_CODE_IFUNC => {
                self.globals.indirect(module, types, code, ops).map_err(Error::new)?;
                self.virtual_types = true;
            }
            MODULE_CODE_TRIPLE => {
                if self.resolved {
                    return Err(Error::new("target triple too late in module"));
                }
                self.header.triple = chars();
            }
            MODULE_CODE_DATALAYOUT => {
                if self.resolved {
                    return Err(Error::new("datalayout too late in module"));
                }
                self.tentative_dl = chars();
            }
            MODULE_CODE_ASM => self.header.asm = chars(),
            MODULE_CODE_SECTIONNAME => self.globals.sections.push(chars()),
            MODULE_CODE_GCNAME => self.globals.gcs.push(chars()),
            MODULE_CODE_VSTOFFSET => {
                let Some(&v) = ops.first() else { return Err(Error::new("Invalid record")) };
                // Relative to the word before the identification or module block.
                self.vst_offset = v.wrapping_sub(1);
            }
            MODULE_CODE_SOURCE_FILENAME => self.header.source_filename = chars(),
            _ => {}
        }
        for i in globals_before..module.globals.len() {
            let g = GlobalId::new(i);
            let pty = module.ctx.ptr_ty(module.globals[g].addrspace);
            let c = module.ctx.konst(Const::Global(pty, g));
            self.values.push(Value::Const(c), pty);
        }
        for i in bodies_before..self.globals.pending.with_bodies.len() {
            let f = self.globals.pending.with_bodies[i];
            self.functions_with_bodies.push(f);
            self.deferred.insert(f, 0);
            self.materializable.insert(f);
        }
        Ok(())
    }

    /// `ResolveDataLayout`: the layout upgraded for the triple known at that point, then parsed
    /// (its errors are the data layout's own).
    fn resolve_data_layout(&mut self) -> Result<(), Error> {
        if self.resolved {
            return Ok(());
        }
        self.resolved = true;
        let up = llrs_upgrade::upgrade_data_layout_string(
            &String::from_utf8_lossy(&self.tentative_dl),
            &String::from_utf8_lossy(&self.header.triple),
        );
        if let Err(e) = llrs_ir::datalayout::DataLayout::parse(&up) {
            return Err(Error::bare(e));
        }
        self.header.datalayout = up.into_bytes();
        Ok(())
    }

    /// `globalCleanup`: the initializers and targets resolved; one still unresolved is an error.
    fn global_cleanup(&mut self, module: &mut Module) -> Result<(), Error> {
        resolve_inits(module, &mut self.values, &mut self.globals.pending)?;
        self.pending = self.globals.pending.clone();
        if !self.globals.pending.inits.is_empty() || !self.globals.pending.targets.is_empty() {
            return Err(Error::new("Malformed global initializer set"));
        }
        Ok(())
    }

    /// `rememberAndSkipFunctionBody`: the block just met is the body of the next function with
    /// one; its place is kept and the block stepped over.
    pub(crate) fn remember_and_skip_function_body(&mut self) -> Result<(), Error> {
        let Some(f) = self.functions_with_bodies.pop() else {
            return Err(Error::new("Insufficient function protos"));
        };
        self.deferred.insert(f, self.cur.bit());
        self.cur.skip_block().map_err(stream_error)
    }

    /// `rememberAndSkipFunctionBodies`: the next function block after where the module block's
    /// reading stopped (for a body the value symbol table does not place).
    pub(crate) fn remember_and_skip_function_bodies(&mut self) -> Result<(), Error> {
        self.cur.jump_to(self.next_unread_bit).map_err(stream_error)?;
        if self.cur.at_end() {
            return Err(Error::new("Could not find function in stream"));
        }
        if !self.seen_first_function_body {
            return Err(Error::new("Trying to materialize functions before seeing function blocks"));
        }
        match self.cur.advance() {
            Ok(Entry::SubBlock(FUNCTION_BLOCK_ID)) => {
                self.remember_and_skip_function_body()?;
                self.next_unread_bit = self.cur.bit();
                Ok(())
            }
            Ok(Entry::SubBlock(_)) => Err(Error::new("Expect function block")),
            Ok(_) | Err(StreamError::MalformedEntry) => Err(Error::new("Expect SubBlock")),
            Err(e) => Err(stream_error(e)),
        }
    }

    /// `parseValueSymbolTable` for the module: at `offset` (in words, from the `VSTOFFSET`
    /// record; the reading goes back where it was after), or where the block was met (0).
    fn parse_value_symbol_table(&mut self, module: &mut Module, offset: u64) -> Result<(), Error> {
        let mut back = 0;
        if offset > 0 {
            // `jumpToValueSymbolTable`.
            back = self.cur.bit();
            self.cur.jump_to(offset.wrapping_mul(32)).map_err(stream_error)?;
            match self.cur.advance() {
                Ok(Entry::SubBlock(VALUE_SYMTAB_BLOCK_ID)) => {}
                Ok(_) | Err(StreamError::MalformedEntry) => {
                    return Err(Error::new("Expected value symbol table subblock"))
                }
                Err(e) => return Err(stream_error(e)),
            }
            if self.globals.use_strtab {
                self.parse_global_value_symbol_table(module)?;
                return self.cur.jump_to(back).map_err(stream_error);
            }
        }
        let delta = u64::from(self.cur.code_width() + BLOCK_ID_WIDTH);
        self.cur.enter_block(VALUE_SYMTAB_BLOCK_ID, &self.info).map_err(stream_error)?;
        loop {
            let a = match self.cur.advance_skipping_subblocks().map_err(stream_error)? {
                Entry::EndBlock => {
                    if offset > 0 {
                        self.cur.jump_to(back).map_err(stream_error)?;
                    }
                    return Ok(());
                }
                Entry::SubBlock(_) => return Err(Error::new("Malformed block")),
                Entry::Record(a) => a,
            };
            let rec = self.cur.read_record_ops(a).map_err(stream_error)?;
            let r = &rec.ops;
            match rec.code {
                VST_CODE_ENTRY => {
                    self.record_value(module, r, 1)?;
                }
                VST_CODE_FNENTRY => {
                    if let Some(f) = self.record_value(module, r, 2)? {
                        if module.globals[f].kind == GlobalKind::Function {
                            let word = r.get(1).copied().unwrap_or(0);
                            self.set_deferred_function_info(delta, Some(f), word);
                        }
                    }
                }
                VST_CODE_BBENTRY => return Err(Error::new("Invalid bbentry record")),
                _ => {}
            }
        }
    }

    /// `recordValue`: names the value a module-level symbol table entry gives (the global it
    /// is, if any).
    fn record_value(&mut self, module: &mut Module, r: &[u64], name_at: usize) -> Result<Option<GlobalId>, Error> {
        if name_at > r.len() {
            return Err(Error::new("Invalid record"));
        }
        let id = r[0] as u32 as usize;
        if id >= self.values.len() || matches!(self.values.slot(id), Slot::Empty) {
            return Err(Error::new("Invalid record"));
        }
        let name: Vec<u8> = r[name_at..].iter().map(|&c| c as u8).collect();
        if name.contains(&0) {
            return Err(Error::new("Invalid value name"));
        }
        let Some(g) = self.global_at(module, id) else { return Ok(None) };
        if module.globals[g].name.is_none() && !name.is_empty() {
            module.globals[g].name = Some(module.ctx.sym_bytes(&name));
        }
        Ok(Some(g))
    }

    /// The global value at `id` of the value list.
    fn global_at(&self, module: &Module, id: usize) -> Option<GlobalId> {
        match self.values.resolved(id)? {
            Value::Const(c) => match module.ctx.const_of(c) {
                Const::Global(_, g) => Some(*g),
                _ => None,
            },
            _ => None,
        }
    }

    /// `setDeferredFunctionInfo`: the body of `f` starts `delta` bits after word `word - 1`.
    fn set_deferred_function_info(&mut self, delta: u64, f: Option<GlobalId>, word: u64) {
        let bit = word.wrapping_sub(1).wrapping_mul(32);
        if let Some(f) = f {
            if let Some(place) = self.deferred.get_mut(&f) {
                *place = bit.wrapping_add(delta);
            }
        }
        if bit > self.last_function_block_bit {
            self.last_function_block_bit = bit;
        }
    }

    /// `parseGlobalValueSymbolTable`: the places of the function bodies (`FNENTRY` records).
    fn parse_global_value_symbol_table(&mut self, module: &mut Module) -> Result<(), Error> {
        let delta = u64::from(self.cur.code_width() + BLOCK_ID_WIDTH);
        self.cur.enter_block(VALUE_SYMTAB_BLOCK_ID, &self.info).map_err(stream_error)?;
        // LLVM reads a short record's missing operands from what the buffer held before.
        let mut buffer: Vec<u64> = Vec::new();
        loop {
            let a = match self.cur.advance_skipping_subblocks().map_err(stream_error)? {
                Entry::EndBlock => return Ok(()),
                Entry::SubBlock(_) => return Err(Error::new("Malformed block")),
                Entry::Record(a) => a,
            };
            let rec = self.cur.read_record_ops(a).map_err(stream_error)?;
            if buffer.len() < rec.ops.len() {
                buffer.resize(rec.ops.len(), 0);
            }
            buffer[..rec.ops.len()].copy_from_slice(&rec.ops);
            if rec.code == VST_CODE_FNENTRY {
                let op = |i: usize| buffer.get(i).copied().unwrap_or(0);
                let id = op(0) as u32 as usize;
                if id >= self.values.len() || matches!(self.values.slot(id), Slot::Empty) {
                    return Err(Error::new("Invalid value reference in symbol table"));
                }
                let f = self.global_at(module, id).filter(|&g| module.globals[g].kind == GlobalKind::Function);
                self.set_deferred_function_info(delta, f, op(1));
            }
        }
    }
}

/// `parseUseLists`: the use-list orders of a module or a body, their records checked; each
/// block's order (`USELIST_CODE_BB`, only in a body) goes to `on_block`, the values' orders are
/// not kept (nothing `llvm-dis` prints shows them).
pub(crate) fn read_use_lists(
    cur: &mut Cursor<'_>,
    info: &BlockInfo,
    mut on_block: impl FnMut(Vec<u64>),
) -> Result<(), Error> {
    cur.enter_block(USELIST_BLOCK_ID, info).map_err(stream_error)?;
    loop {
        let a = match cur.advance_skipping_subblocks().map_err(stream_error)? {
            Entry::EndBlock => return Ok(()),
            Entry::SubBlock(_) => return Err(Error::new("Malformed block")),
            Entry::Record(a) => a,
        };
        let rec = cur.read_record_ops(a).map_err(stream_error)?;
        if matches!(rec.code, USELIST_CODE_DEFAULT | USELIST_CODE_BB) && rec.ops.len() < 3 {
            return Err(Error::new("Invalid record"));
        }
        if rec.code == USELIST_CODE_BB {
            on_block(rec.ops);
        }
    }
}

/// `resolveGlobalAndIndirectSymbolInits`: the initializers, alias targets and function
/// operands whose values are read by now.
pub fn resolve_inits(module: &mut Module, values: &mut ValueList, p: &mut Pending) -> Result<(), Error> {
    let n = values.len() as u64;
    let inits = std::mem::take(&mut p.inits);
    for (g, id) in inits {
        if id >= n {
            p.inits.push((g, id));
            continue;
        }
        let c = values.constant(module, id as usize)?;
        module.globals[g].var.init = Some(c);
    }
    let targets = std::mem::take(&mut p.targets);
    for (g, id) in targets {
        if id >= n {
            p.targets.push((g, id));
            continue;
        }
        let c = values.constant(module, id as usize)?;
        let g_ty = module.ctx.ptr_ty(module.globals[g].addrspace);
        if module.globals[g].kind == GlobalKind::Alias && module.ctx.const_of(c).ty() != g_ty {
            return Err(Error::new("Alias and aliasee types don't match"));
        }
        module.globals[g].target = Some(c);
    }
    let ops = std::mem::take(&mut p.fn_operands);
    for (g, ids) in ops {
        let mut left = [0u64; 3];
        for (k, &id) in ids.iter().enumerate() {
            if id == 0 {
                continue;
            }
            if id > n {
                left[k] = id;
                continue;
            }
            let c = values.constant(module, (id - 1) as usize)?;
            let f = module.func_mut(g);
            match k {
                0 => f.prologue = Some(c),
                1 => f.prefix = Some(c),
                _ => f.personality = Some(c),
            }
        }
        if left.iter().any(|&x| x != 0) {
            p.fn_operands.push((g, left));
        }
    }
    Ok(())
}

/// The names of a block of one-string records (`OPERAND_BUNDLE_TAGS`, `SYNC_SCOPE_NAMES`).
fn read_names(cur: &mut Cursor<'_>, code: u32, msg: &str) -> Result<Vec<Vec<u8>>, Error> {
    let mut out = Vec::new();
    loop {
        match cur.advance_skipping_subblocks().map_err(stream_error)? {
            Entry::EndBlock => return Ok(out),
            Entry::SubBlock(_) => return Err(Error::new("Malformed block")),
            Entry::Record(a) => {
                let rec = cur.read_record_ops(a).map_err(stream_error)?;
                if rec.code != code {
                    return Err(Error::new(msg));
                }
                out.push(rec.ops.iter().map(|&c| c as u8).collect());
            }
        }
    }
}

/// The program address space a data layout names (`P<n>`), 0 by default.
fn program_addrspace(dl: &[u8]) -> u32 {
    dl.split(|&b| b == b'-')
        .find_map(|spec| spec.strip_prefix(b"P"))
        .and_then(|n| std::str::from_utf8(n).ok()?.parse().ok())
        .unwrap_or(0)
}

/// The type table of the first module in `bytes`, read into a new context (an empty table for a
/// module without one).
pub fn read_types(bytes: &[u8]) -> Result<(Context, TypeTable), Error> {
    let mods = modules(bytes)?;
    let Some(m) = mods.first() else { return Err(Error::new("Expected a single module")) };
    let mut module = Module::default();
    let r = read_header(m, "", &mut module)?;
    Ok((module.ctx, r.types))
}
