//! Reading modules, as `BitcodeReader` does: the modules of a file (`getBitcodeModuleList`:
//! identification and module blocks, the string table after them), the identification block,
//! and the module block's own records. So far: the header records, the type table, the
//! attribute blocks and the records of global values.

use llrs_ir::constants::Const;
use llrs_ir::entity::EntityId;
use llrs_ir::module::{GlobalId, GlobalKind};
use llrs_ir::value::Value;
use llrs_ir::{Context, Module};

use crate::attributes::{set_variable_attrs, AttrTable};
use crate::bitstream::{BlockInfo, Cursor, Entry, BLOCKINFO_BLOCK_ID};
use crate::codes::*;
use crate::constants::read_constants;
use crate::globals::{GlobalRecords, Pending};
use crate::metadata::{Env, MetadataLoader};
use crate::types::{read_type_table, TypeTable};
use crate::values::{ModuleValues, ValueList};
use crate::walk::stream_error;
use crate::{bitcode_bytes, Error};

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

/// The modules of a bitcode file, in order (`getBitcodeModuleList`): each identification and
/// module block, and the string table blocks that follow them (one serves every module before
/// it that has none yet).
pub fn modules(bytes: &[u8]) -> Result<Vec<ModuleSource<'_>>, Error> {
    let stream = bitcode_bytes(bytes)?;
    let mut cur = Cursor::new(stream);
    cur.jump_to(32).map_err(stream_error)?;
    let mut out: Vec<ModuleSource<'_>> = Vec::new();
    let info = BlockInfo::default();
    loop {
        let begin = cur.bit() / 8;
        // Up to 8 bytes of trailing padding are allowed.
        if begin + 8 >= stream.len() as u64 {
            return Ok(out);
        }
        let mut entry = cur.advance().map_err(stream_error)?;
        let mut identification_bit = None;
        if entry == Entry::SubBlock(IDENTIFICATION_BLOCK_ID) {
            identification_bit = Some(cur.bit() - 8 * begin);
            cur.skip_block().map_err(stream_error)?;
            entry = cur.advance().map_err(stream_error)?;
            if entry != Entry::SubBlock(MODULE_BLOCK_ID) {
                return Err(Error::new("Malformed block"));
            }
        }
        match entry {
            Entry::SubBlock(MODULE_BLOCK_ID) => {
                let module_bit = cur.bit() - 8 * begin;
                cur.skip_block().map_err(stream_error)?;
                let end = (cur.bit() / 8) as usize;
                out.push(ModuleSource {
                    bytes: &stream[begin as usize..end],
                    identification_bit,
                    module_bit,
                    strtab: &[],
                });
            }
            Entry::SubBlock(STRTAB_BLOCK_ID) => {
                let blob = read_blob_in_record(&mut cur, &info, STRTAB_BLOCK_ID, STRTAB_BLOB)?;
                for m in out.iter_mut().rev() {
                    if !m.strtab.is_empty() {
                        break;
                    }
                    m.strtab = blob;
                }
            }
            Entry::SubBlock(_) => cur.skip_block().map_err(stream_error)?,
            Entry::Record(a) => {
                cur.read_record(a).map_err(stream_error)?;
            }
            Entry::EndBlock => return Err(Error::new("Malformed block")),
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

/// `readIdentificationBlock`, its block entered: the producer string (the `STRING` records
/// joined), after checking the epoch.
fn read_identification(cur: &mut Cursor<'_>) -> Result<String, Error> {
    let mut producer = Vec::new();
    loop {
        match cur.advance().map_err(stream_error)? {
            Entry::EndBlock => return Ok(String::from_utf8_lossy(&producer).into_owned()),
            Entry::SubBlock(_) => return Err(Error::new("Malformed block")),
            Entry::Record(a) => {
                let rec = cur.read_record(a).map_err(stream_error)?;
                match rec.code {
                    IDENTIFICATION_CODE_STRING => producer.extend(rec.ops.iter().map(|&c| c as u8)),
                    IDENTIFICATION_CODE_EPOCH => {
                        let epoch = rec.ops.first().copied().unwrap_or(0) as u32;
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

/// The message of an error in a module's records: LLVM adds the producer
/// (`BitcodeReaderBase::error`) when there is one.
fn module_error(producer: &str, message: &str) -> Error {
    if producer.is_empty() {
        Error::new(message)
    } else {
        Error::new(format!("{message} (Producer: '{producer}' Reader: 'LLVM 22.1.8')"))
    }
}

/// What the module block's own records give: the header, the type table, and the global values
/// (in `module`), with what later blocks resolve.
#[derive(Debug)]
pub struct Skeleton {
    /// The header records.
    pub header: Header,
    /// The type table.
    pub types: TypeTable,
    /// What the global values' records leave for later.
    pub pending: Pending,
    /// The module-level value list: global values and constants.
    pub values: ValueList,
    /// Where each function block starts (after its id), in stream order.
    pub bodies: Vec<u64>,
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
}

/// Reads the module block of `m` (named `file`) into `module`: its header records, its type
/// table, its comdats and global values; the other sub-blocks are stepped over.
pub fn read_header(m: &ModuleSource<'_>, file: &str, module: &mut Module) -> Result<Skeleton, Error> {
    let mut cur = Cursor::new(m.bytes);
    let mut info = BlockInfo::default();
    let mut values = ValueList::new(m.bytes.len());
    let mut bodies: Vec<u64> = Vec::new();
    let mut bundle_tags = Vec::new();
    let mut sync_scopes = Vec::new();
    let mut metadata = MetadataLoader::new(m.bytes.len());
    let mut h = Header { source_filename: file.as_bytes().to_vec(), ..Header::default() };
    if let Some(bit) = m.identification_bit {
        cur.jump_to(bit).map_err(stream_error)?;
        cur.enter_block(IDENTIFICATION_BLOCK_ID, &info).map_err(stream_error)?;
        h.producer = read_identification(&mut cur)?;
    }
    cur.jump_to(m.module_bit).map_err(stream_error)?;
    cur.enter_block(MODULE_BLOCK_ID, &info).map_err(stream_error)?;
    let producer = h.producer.clone();
    let err = |msg: &str| module_error(&producer, msg);
    let mut tentative_dl: Vec<u8> = Vec::new();
    let mut resolved = false;
    let mut types: Option<TypeTable> = None;
    let mut attrs = AttrTable::default();
    let mut globals = GlobalRecords {
        strtab: m.strtab,
        use_strtab: false,
        sections: Vec::new(),
        gcs: Vec::new(),
        comdats: Vec::new(),
        program_addrspace: 0,
        pending: Pending::default(),
    };
    // `ResolveDataLayout`: the layout upgraded for the triple known at that point.
    let resolve = |h: &mut Header, dl: &[u8], resolved: &mut bool| {
        if !*resolved {
            *resolved = true;
            let up = llrs_upgrade::upgrade_data_layout_string(
                &String::from_utf8_lossy(dl),
                &String::from_utf8_lossy(&h.triple),
            );
            h.datalayout = up.into_bytes();
        }
    };
    loop {
        let a = match cur.advance().map_err(|e| err(&stream_error(e).message))? {
            Entry::EndBlock => {
                resolve(&mut h, &tentative_dl, &mut resolved);
                h.sections = globals.sections;
                h.gcs = globals.gcs;
                return Ok(Skeleton {
                    header: h,
                    types: types.unwrap_or_default(),
                    pending: globals.pending,
                    values,
                    bodies,
                    bundle_tags,
                    sync_scopes,
                    info,
                    attrs,
                    metadata,
                });
            }
            Entry::SubBlock(BLOCKINFO_BLOCK_ID) => {
                let mut fresh = BlockInfo::default();
                cur.read_block_info(&mut fresh).map_err(|_| err("Malformed block"))?;
                info = fresh;
                continue;
            }
            Entry::SubBlock(TYPE_BLOCK_ID_NEW) => {
                if types.is_some() {
                    return Err(err("Invalid multiple blocks"));
                }
                cur.enter_block(TYPE_BLOCK_ID_NEW, &info).map_err(stream_error)?;
                types = Some(read_type_table(&mut cur, &mut module.ctx).map_err(|e| err(&e.message))?);
                continue;
            }
            Entry::SubBlock(PARAMATTR_GROUP_BLOCK_ID) => {
                cur.enter_block(PARAMATTR_GROUP_BLOCK_ID, &info).map_err(stream_error)?;
                // Before the type table, type attributes find no type.
                let mut no_types = TypeTable::default();
                let table = types.as_mut().unwrap_or(&mut no_types);
                attrs.read_group_block(&mut cur, &mut module.ctx, table).map_err(|e| err(&e.message))?;
                continue;
            }
            Entry::SubBlock(PARAMATTR_BLOCK_ID) => {
                cur.enter_block(PARAMATTR_BLOCK_ID, &info).map_err(stream_error)?;
                attrs.read_list_block(&mut cur, &mut module.ctx).map_err(|e| err(&e.message))?;
                continue;
            }
            Entry::SubBlock(FUNCTION_BLOCK_ID) => {
                resolve(&mut h, &tentative_dl, &mut resolved);
                bodies.push(cur.bit());
                cur.skip_block().map_err(stream_error)?;
                continue;
            }
            Entry::SubBlock(CONSTANTS_BLOCK_ID) => {
                cur.enter_block(CONSTANTS_BLOCK_ID, &info).map_err(stream_error)?;
                let mut no_types = TypeTable::default();
                let table = types.as_mut().unwrap_or(&mut no_types);
                read_constants(&mut cur, module, table, &mut values).map_err(|e| err(&e.message))?;
                resolve_inits(module, &mut values, &mut globals.pending).map_err(|e| err(&e.message))?;
                continue;
            }
            Entry::SubBlock(METADATA_KIND_BLOCK_ID) => {
                metadata.parse_kinds(&mut cur, &info, module).map_err(|e| err(&e.message))?;
                continue;
            }
            Entry::SubBlock(METADATA_BLOCK_ID) => {
                let mut no_types = TypeTable::default();
                let table = types.as_mut().unwrap_or(&mut no_types);
                let mut env = Env { module, types: table, values: &mut ModuleValues { list: &mut values } };
                metadata.parse_metadata(&mut cur, &info, &mut env, true).map_err(|e| err(&e.message))?;
                continue;
            }
            Entry::SubBlock(OPERAND_BUNDLE_TAGS_BLOCK_ID) => {
                cur.enter_block(OPERAND_BUNDLE_TAGS_BLOCK_ID, &info).map_err(stream_error)?;
                for name in read_names(&mut cur, OPERAND_BUNDLE_TAG, "Invalid operand bundle record")? {
                    bundle_tags.push(module.ctx.sym_bytes(&name));
                }
                continue;
            }
            Entry::SubBlock(SYNC_SCOPE_NAMES_BLOCK_ID) => {
                cur.enter_block(SYNC_SCOPE_NAMES_BLOCK_ID, &info).map_err(stream_error)?;
                let names = read_names(&mut cur, SYNC_SCOPE_NAME, "Invalid sync scope record")?;
                if names.is_empty() {
                    return Err(err("Invalid empty synchronization scope names block"));
                }
                for name in names {
                    sync_scopes.push(if name.is_empty() { None } else { Some(module.ctx.sym_bytes(&name)) });
                }
                continue;
            }
            Entry::SubBlock(_) => {
                cur.skip_block().map_err(stream_error)?;
                continue;
            }
            Entry::Record(a) => a,
        };
        let rec = cur.read_record(a).map_err(stream_error)?;
        let chars = || rec.ops.iter().map(|&c| c as u8).collect::<Vec<u8>>();
        // Records before the type table find no types.
        let mut no_types = TypeTable::default();
        let table = types.as_mut().unwrap_or(&mut no_types);
        let globals_before = module.globals.len();
        match rec.code {
            MODULE_CODE_VERSION => {
                let Some(&v) = rec.ops.first() else { return Err(err("Invalid version record")) };
                if v > 2 {
                    return Err(err("Invalid value"));
                }
                h.version = v;
                globals.use_strtab = v >= 2;
            }
            MODULE_CODE_COMDAT => globals.comdat(module, &rec.ops).map_err(err)?,
            MODULE_CODE_GLOBALVAR => {
                let g = globals.global_var(module, table, &rec.ops).map_err(err)?;
                if let Some(&(_, n)) = globals.pending.var_attrs.last().filter(|(v, _)| *v == g) {
                    set_variable_attrs(module, g, &attrs, n);
                }
            }
            MODULE_CODE_FUNCTION => {
                resolve(&mut h, &tentative_dl, &mut resolved);
                globals.program_addrspace = program_addrspace(&h.datalayout);
                globals.function(module, table, &attrs, &rec.ops).map_err(err)?;
            }
            MODULE_CODE_ALIAS_OLD | MODULE_CODE_ALIAS | MODULE_CODE_IFUNC => {
                globals.indirect(module, table, rec.code, &rec.ops).map_err(err)?;
            }
            MODULE_CODE_TRIPLE => {
                if resolved {
                    return Err(err("target triple too late in module"));
                }
                h.triple = chars();
            }
            MODULE_CODE_DATALAYOUT => {
                if resolved {
                    return Err(err("datalayout too late in module"));
                }
                tentative_dl = chars();
            }
            MODULE_CODE_ASM => h.asm = chars(),
            MODULE_CODE_SECTIONNAME => globals.sections.push(chars()),
            MODULE_CODE_GCNAME => globals.gcs.push(chars()),
            MODULE_CODE_SOURCE_FILENAME => h.source_filename = chars(),
            _ => {}
        }
        for i in globals_before..module.globals.len() {
            let g = GlobalId::new(i);
            let pty = module.ctx.ptr_ty(module.globals[g].addrspace);
            let c = module.ctx.konst(Const::Global(pty, g));
            values.push(Value::Const(c), pty);
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
        match cur.advance().map_err(stream_error)? {
            Entry::EndBlock => return Ok(out),
            Entry::SubBlock(_) => return Err(Error::new("Malformed block")),
            Entry::Record(a) => {
                let rec = cur.read_record(a).map_err(stream_error)?;
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
    let sk = read_header(m, "", &mut module)?;
    Ok((module.ctx, sk.types))
}
