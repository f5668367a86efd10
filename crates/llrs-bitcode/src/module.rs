//! A whole module read from bitcode (`getModuleImpl` then `materializeAll`): the module
//! block's tables and global values, then every function body, then what LLVM resolves and
//! upgrades at the end.

use llrs_ir::Module;

use crate::bitstream::Cursor;
use crate::codes::FUNCTION_BLOCK_ID;
use crate::function::{read_body, ModuleTables};
use crate::reader::{modules, read_header, resolve_inits};
use crate::walk::stream_error;
use crate::Error;

/// Reads the first module of a bitcode file (`file` names it where the module does not say its
/// source file name), as `llvm-dis` reads it.
pub fn read_named(bytes: &[u8], file: &str) -> Result<Module, Error> {
    let mods = modules(bytes)?;
    let Some(src) = mods.first() else { return Err(Error::new("Expected a single module")) };
    let mut m = Module::default();
    // The module's identifier: the file's name without its directories (as the corpus's
    // llvm-dis runs named it).
    let base = std::path::Path::new(file).file_name().and_then(|n| n.to_str()).unwrap_or(file);
    let mut sk = read_header(src, base, &mut m)?;
    let producer = sk.header.producer.clone();
    let err = |e: Error| -> Error {
        if producer.is_empty() || e.message.starts_with("Assigned value does not match") {
            e
        } else {
            Error::new(format!("{} (Producer: '{producer}' Reader: 'LLVM 22.1.8')", e.message))
        }
    };
    let h = &sk.header;
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
    let dl = llrs_ir::datalayout::DataLayout::parse(&String::from_utf8_lossy(&h.datalayout)).map_err(Error::new)?;
    let alloca_addrspace = datalayout_number(&h.datalayout, b'A');
    let tables = &ModuleTables {
        attrs: &sk.attrs,
        bundle_tags: &sk.bundle_tags,
        sync_scopes: &sk.sync_scopes,
        relative: h.version >= 1,
        info: &sk.info,
        alloca_addrspace,
    };
    let mut cur = Cursor::new(src.bytes);
    for (i, &bit) in sk.bodies.iter().enumerate() {
        let Some(&g) = sk.pending.with_bodies.get(i) else {
            return Err(err(Error::new("Insufficient function protos")));
        };
        cur.jump_to(bit).map_err(stream_error)?;
        cur.enter_block(FUNCTION_BLOCK_ID, &sk.info).map_err(stream_error)?;
        read_body(&mut cur, &mut m, &mut sk.types, &mut sk.values, tables, &mut sk.metadata, g).map_err(err)?;
        if let Some(sp) = sk.metadata.subprogram_for_function(g) {
            let dbg = m.ctx.md_kind(b"dbg");
            m.globals[g].md.push((dbg, sp));
        }
    }
    resolve_inits(&mut m, &mut sk.values, &mut sk.pending).map_err(err)?;
    if !sk.pending.inits.is_empty() || !sk.pending.targets.is_empty() {
        return Err(err(Error::new("Malformed global initializer set")));
    }
    if !sk.pending.fn_operands.is_empty() {
        return Err(err(Error::new("Malformed global initializer set")));
    }
    upgrade(&mut m, &dl);
    if let Some(index) = crate::summary::read(src, base)? {
        m.summary = index;
    }
    Ok(m)
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
