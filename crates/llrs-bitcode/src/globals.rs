//! The module block's records of global values (`parseComdatRecord`, `parseGlobalVarRecord`,
//! `parseFunctionRecord`, `parseGlobalIndirectSymbolRecord`): names from the string table, and
//! each field decoded as LLVM 22 decodes it, with its checks in LLVM's order. Initializers,
//! aliasees, attributes and the data of functions (prefix, prologue, personality) are value and
//! attribute ids that later blocks resolve; they are kept as ids here.

use llrs_ir::module::{
    ComdatId, ComdatKind, DllStorage, GlobalId, GlobalKind, Linkage, ThreadLocal, UnnamedAddr, Visibility,
};
use llrs_ir::types::{Type, TypeId};
use llrs_ir::Module;

use crate::attributes::{function_attrs, AttrTable};
use crate::types::TypeTable;

/// What the records of a module's global values leave for later: ids to resolve once the
/// values they name are read.
#[derive(Clone, Debug, Default)]
pub struct Pending {
    /// Each global variable with an initializer, and the initializer's value id.
    pub inits: Vec<(GlobalId, u64)>,
    /// Each alias or ifunc, and its target's value id.
    pub targets: Vec<(GlobalId, u64)>,
    /// Each function's attribute list index (0: none; else `index - 1`).
    pub fn_attrs: Vec<(GlobalId, u64)>,
    /// Each variable's attribute list index (0: none).
    pub var_attrs: Vec<(GlobalId, u64)>,
    /// Each function's prologue, prefix and personality value ids (each `id + 1`, 0: none).
    pub fn_operands: Vec<(GlobalId, [u64; 3])>,
    /// The functions with a body, in order.
    pub with_bodies: Vec<GlobalId>,
}

/// The state the records of global values share: the string table, the version's naming
/// scheme, the section, gc and comdat tables.
pub struct GlobalRecords<'a> {
    /// The module's string table.
    pub strtab: &'a [u8],
    /// Names come from the string table (`VERSION` 2).
    pub use_strtab: bool,
    /// The `SECTIONNAME` records, in order.
    pub sections: Vec<Vec<u8>>,
    /// The `GCNAME` records, in order.
    pub gcs: Vec<Vec<u8>>,
    /// The `COMDAT` records, in order (one comdat may appear twice).
    pub comdats: Vec<ComdatId>,
    /// The program address space of the data layout (functions without their own).
    pub program_addrspace: u32,
    /// What later blocks resolve.
    pub pending: Pending,
}

/// `getDecodedLinkage`, and whether the value implies a comdat (old weak/linkonce forms).
pub fn decode_linkage(v: u64) -> (Linkage, bool) {
    match v {
        1 => (Linkage::Weak, true),
        2 => (Linkage::Appending, false),
        3 => (Linkage::Internal, false),
        4 => (Linkage::LinkOnce, true),
        7 => (Linkage::ExternWeak, false),
        8 => (Linkage::Common, false),
        9 | 13 | 14 => (Linkage::Private, false),
        10 => (Linkage::WeakOdr, true),
        11 => (Linkage::LinkOnceOdr, true),
        12 => (Linkage::AvailableExternally, false),
        16 => (Linkage::Weak, false),
        17 => (Linkage::WeakOdr, false),
        18 => (Linkage::LinkOnce, false),
        19 => (Linkage::LinkOnceOdr, false),
        _ => (Linkage::External, false),
    }
}

fn visibility(v: u64) -> Visibility {
    match v {
        1 => Visibility::Hidden,
        2 => Visibility::Protected,
        _ => Visibility::Default,
    }
}

fn dll(v: u64) -> DllStorage {
    match v {
        1 => DllStorage::Import,
        2 => DllStorage::Export,
        _ => DllStorage::Default,
    }
}

fn thread_local(v: u64) -> ThreadLocal {
    match v {
        0 => ThreadLocal::None,
        2 => ThreadLocal::LocalDynamic,
        3 => ThreadLocal::InitialExec,
        4 => ThreadLocal::LocalExec,
        _ => ThreadLocal::GeneralDynamic,
    }
}

fn unnamed_addr(v: u64) -> UnnamedAddr {
    match v {
        1 => UnnamedAddr::Global,
        2 => UnnamedAddr::Local,
        _ => UnnamedAddr::None,
    }
}

/// `parseAlignmentValue`: `log2(align) + 1`, 0 for none.
fn alignment(v: u64) -> Result<u64, &'static str> {
    match v {
        0 => Ok(0),
        1..=33 => Ok(1 << (v - 1)),
        _ => Err("Invalid alignment value"),
    }
}

/// `upgradeDLLImportExportLinkage`: the old dllimport/dllexport linkages, for records too
/// short to have the field.
fn old_dll(m: &mut Module, g: GlobalId, raw_linkage: u64) {
    if m.globals[g].linkage.is_local() {
        return;
    }
    match raw_linkage {
        5 => m.globals[g].dll = DllStorage::Import,
        6 => m.globals[g].dll = DllStorage::Export,
        _ => {}
    }
}

/// `Module::getOrInsertComdat`: the comdat named `name`, made (of kind any) when new.
fn comdat_named(m: &mut Module, name: llrs_ir::Symbol) -> ComdatId {
    let found = m.comdats.iter().find(|(_, c)| c.name == name).map(|(id, _)| id);
    found.unwrap_or_else(|| m.comdats.push(llrs_ir::module::Comdat { name, kind: ComdatKind::Any }))
}

/// `inferDSOLocal`: local linkage, or a visibility other than default (but for extern_weak).
fn infer_dso_local(m: &mut Module, g: GlobalId) {
    let gl = &mut m.globals[g];
    if gl.linkage.is_local() || (gl.visibility != Visibility::Default && gl.linkage != Linkage::ExternWeak) {
        gl.dso_local = true;
    }
}

impl<'a> GlobalRecords<'a> {
    /// `readNameFromStrtab`: the name and the rest of the record (empty when the name lies
    /// outside the table).
    fn name<'r>(&self, r: &'r [u64]) -> (&'a [u8], &'r [u64]) {
        if !self.use_strtab {
            return (&[], r);
        }
        let (Some(&off), Some(&size)) = (r.first(), r.get(1)) else { return (&[], &[]) };
        match off.checked_add(size) {
            Some(end) if end <= self.strtab.len() as u64 => (&self.strtab[off as usize..end as usize], &r[2..]),
            _ => (&[], &[]),
        }
    }

    fn table_entry(table: &[Vec<u8>], v: u64) -> Result<Option<&[u8]>, &'static str> {
        if v == 0 {
            return Ok(None);
        }
        table.get((v - 1) as usize).map(|s| Some(s.as_slice())).ok_or("Invalid ID")
    }

    fn partition(&self, off: u64, size: u64) -> Option<&'a [u8]> {
        let end = off.checked_add(size)?;
        (end <= self.strtab.len() as u64).then(|| &self.strtab[off as usize..end as usize])
    }

    /// `COMDAT`: `[strtab offset, size, kind]` or (old) `[kind, name length, name...]`.
    pub fn comdat(&mut self, m: &mut Module, rec: &[u64]) -> Result<(), &'static str> {
        let (name, r) = self.name(rec);
        let Some(&kind) = r.first() else { return Err("Invalid record") };
        let kind = match kind {
            2 => ComdatKind::ExactMatch,
            3 => ComdatKind::Largest,
            4 => ComdatKind::NoDeduplicate,
            5 => ComdatKind::SameSize,
            _ => ComdatKind::Any,
        };
        let name: Vec<u8> = if self.use_strtab {
            name.to_vec()
        } else {
            if r.len() < 2 {
                return Err("Invalid record");
            }
            let len = r[1];
            if len > (r.len() - 2) as u64 {
                return Err("Comdat name size too large");
            }
            r[2..2 + len as usize].iter().map(|&c| c as u8).collect()
        };
        let sym = m.ctx.sym_bytes(&name);
        let id = comdat_named(m, sym);
        m.comdats[id].kind = kind;
        self.comdats.push(id);
        Ok(())
    }

    fn comdat_ref(&self, v: u64, msg: &'static str) -> Result<Option<ComdatId>, &'static str> {
        if v == 0 {
            return Ok(None);
        }
        self.comdats.get((v - 1) as usize).copied().map(Some).ok_or(msg)
    }

    /// `GLOBALVAR`.
    pub fn global_var(&mut self, m: &mut Module, types: &mut TypeTable, rec: &[u64]) -> Result<GlobalId, &'static str> {
        let (name, r) = self.name(rec);
        if r.len() < 6 {
            return Err("Invalid record");
        }
        let ty = types.get(&mut m.ctx, r[0]).ok_or("Invalid record")?;
        let explicit = r[1] & 2 != 0;
        let (value_ty, addrspace) = if explicit {
            (ty, (r[1] >> 2) as u32)
        } else {
            let &Type::Ptr(space) = m.ctx.type_of(ty) else { return Err("Invalid type for value") };
            // The pointee of an old typed pointer is not kept by the type table yet.
            let _ = space;
            return Err("Missing element type for old-style global");
        };
        let (linkage, implicit_comdat) = decode_linkage(r[3]);
        let align = alignment(r[4])?;
        let section = Self::table_entry(&self.sections, r[5])?.map(|s| s.to_vec());
        let sym = (!name.is_empty()).then(|| m.ctx.sym_bytes(name));
        let g = m.new_global(sym, GlobalKind::Var, value_ty);
        m.vars.push(g);
        {
            let gl = &mut m.globals[g];
            gl.linkage = linkage;
            gl.addrspace = addrspace;
            gl.align = align;
            gl.var.constant = r[1] & 1 != 0;
            if r.len() > 6 && !linkage.is_local() {
                gl.visibility = visibility(r[6]);
            }
            if r.len() > 7 {
                gl.thread_local = thread_local(r[7]);
            }
            if r.len() > 8 {
                gl.unnamed_addr = unnamed_addr(r[8]);
            }
            gl.var.externally_initialized = r.len() > 9 && r[9] != 0;
        }
        if let Some(s) = section {
            m.globals[g].section = Some(m.ctx.sym_bytes(&s));
        }
        if r.len() > 10 {
            if !linkage.is_local() {
                m.globals[g].dll = dll(r[10]);
            }
        } else {
            old_dll(m, g, r[3]);
        }
        if r[2] != 0 {
            self.pending.inits.push((g, r[2] - 1));
        }
        if r.len() > 11 {
            m.globals[g].comdat = self.comdat_ref(r[11], "Invalid global variable comdat ID")?;
        } else if implicit_comdat {
            self.implicit_comdat(m, g);
        }
        if r.len() > 12 && r[12] != 0 {
            self.pending.var_attrs.push((g, r[12]));
        }
        if r.len() > 13 {
            m.globals[g].dso_local = r[13] == 1;
        }
        infer_dso_local(m, g);
        if r.len() > 15 {
            if let Some(p) = self.partition(r[14], r[15]).filter(|p| !p.is_empty()) {
                m.globals[g].partition = Some(m.ctx.sym_bytes(p));
            }
        }
        if r.len() > 16 && r[16] != 0 {
            m.globals[g].var.sanitizer = (r[16] & 0xf) as u8;
        }
        if r.len() > 17 && r[17] != 0 {
            let model = match r[17] {
                1 => "tiny",
                2 => "small",
                3 => "kernel",
                4 => "medium",
                5 => "large",
                _ => return Err("Invalid global variable code model"),
            };
            m.globals[g].var.code_model = Some(m.ctx.sym(model));
        }
        Ok(g)
    }

    /// An implicit comdat of the old weak/linkonce linkages: one named after the global.
    fn implicit_comdat(&mut self, m: &mut Module, g: GlobalId) {
        let Some(name) = m.globals[g].name else { return };
        let id = comdat_named(m, name);
        m.globals[g].comdat = Some(id);
    }

    /// `FUNCTION`: its attribute list comes from `attrs` (the module's), upgraded as LLVM does at
    /// this record.
    pub fn function(
        &mut self,
        m: &mut Module,
        types: &mut TypeTable,
        attrs: &AttrTable,
        rec: &[u64],
    ) -> Result<GlobalId, &'static str> {
        let (name, r) = self.name(rec);
        if r.len() < 8 {
            return Err("Invalid record");
        }
        let ty = types.get(&mut m.ctx, r[0]).ok_or("Invalid record")?;
        let fn_ty: TypeId = match m.ctx.type_of(ty) {
            Type::Function { .. } => ty,
            Type::Ptr(_) => return Err("Missing element type for old-style function"),
            _ => return Err("Invalid type for value"),
        };
        let cc = r[1];
        if cc & !1023 != 0 {
            return Err("Invalid calling convention ID");
        }
        let addrspace = if r.len() > 16 { r[16] as u32 } else { self.program_addrspace };
        let sym = (!name.is_empty()).then(|| m.ctx.sym_bytes(name));
        let g = m.new_global(sym, GlobalKind::Function, fn_ty);
        m.functions.push(g);
        let (linkage, implicit_comdat) = decode_linkage(r[3]);
        m.globals[g].addrspace = addrspace;
        m.globals[g].linkage = linkage;
        let mut fd = llrs_ir::module::FuncData { cconv: cc as u32, ..Default::default() };
        if r[4] != 0 {
            self.pending.fn_attrs.push((g, r[4]));
        }
        // TODO: the type table does not keep the pointee types of typed pointers
        // (`getPtrElementTypeByID`) yet: every parameter is taken for an opaque pointer (LLVM's
        // "Missing param element type" errors for typeless byval/sret/inalloca and x86_intrcc),
        // where LLVM upgrades them in typed-pointer bitcode from older producers.
        fd.attrs = function_attrs(&mut m.ctx, attrs, fn_ty, fd.cconv, r[4], |_| None)?;
        m.globals[g].align = alignment(r[5])?;
        if let Some(s) = Self::table_entry(&self.sections, r[6])?.map(|s| s.to_vec()) {
            m.globals[g].section = Some(m.ctx.sym_bytes(&s));
        }
        if !linkage.is_local() {
            m.globals[g].visibility = visibility(r[7]);
        }
        if r.len() > 8 {
            if let Some(gc) = Self::table_entry(&self.gcs, r[8])?.map(|s| s.to_vec()) {
                fd.gc = Some(m.ctx.sym_bytes(&gc));
            }
        }
        if r.len() > 9 {
            m.globals[g].unnamed_addr = unnamed_addr(r[9]);
        }
        let mut operands = [0u64; 3];
        if r.len() > 10 {
            operands[0] = r[10];
        }
        if r.len() > 11 {
            if !linkage.is_local() {
                m.globals[g].dll = dll(r[11]);
            }
        } else {
            old_dll(m, g, r[3]);
        }
        if r.len() > 12 {
            m.globals[g].comdat = self.comdat_ref(r[12], "Invalid function comdat ID")?;
        } else if implicit_comdat {
            self.implicit_comdat(m, g);
        }
        if r.len() > 13 {
            operands[1] = r[13];
        }
        if r.len() > 14 {
            operands[2] = r[14];
        }
        if r.len() > 15 {
            m.globals[g].dso_local = r[15] == 1;
        }
        infer_dso_local(m, g);
        if r.len() > 18 {
            if let Some(p) = self.partition(r[17], r[18]).filter(|p| !p.is_empty()) {
                m.globals[g].partition = Some(m.ctx.sym_bytes(p));
            }
        }
        m.globals[g].func = Some(Box::new(fd));
        if operands.iter().any(|&o| o != 0) {
            self.pending.fn_operands.push((g, operands));
        }
        if r[2] == 0 {
            self.pending.with_bodies.push(g);
        }
        Ok(g)
    }

    /// `ALIAS_OLD`, `ALIAS` and `IFUNC`.
    pub fn indirect(
        &mut self,
        m: &mut Module,
        types: &mut TypeTable,
        code: u32,
        rec: &[u64],
    ) -> Result<GlobalId, &'static str> {
        let (name, r) = self.name(rec);
        let new = code != crate::codes::MODULE_CODE_ALIAS_OLD;
        if r.len() < 3 + usize::from(new) {
            return Err("Invalid record");
        }
        let ty = types.get(&mut m.ctx, r[0]).ok_or("Invalid record")?;
        let mut i = 1;
        let addrspace = if new {
            i += 1;
            r[1] as u32
        } else {
            let Type::Ptr(_) = m.ctx.type_of(ty) else { return Err("Invalid type for value") };
            return Err("Missing element type for old-style indirect symbol");
        };
        let target = r[i];
        let raw_linkage = r[i + 1];
        i += 2;
        let (linkage, _) = decode_linkage(raw_linkage);
        let kind = if code == crate::codes::MODULE_CODE_IFUNC { GlobalKind::IFunc } else { GlobalKind::Alias };
        let sym = (!name.is_empty()).then(|| m.ctx.sym_bytes(name));
        let g = m.new_global(sym, kind, ty);
        if kind == GlobalKind::Alias {
            m.aliases.push(g);
        } else {
            m.ifuncs.push(g);
        }
        m.globals[g].linkage = linkage;
        m.globals[g].addrspace = addrspace;
        if i < r.len() {
            if !linkage.is_local() {
                m.globals[g].visibility = visibility(r[i]);
            }
            i += 1;
        }
        if kind == GlobalKind::Alias {
            if i < r.len() {
                if !linkage.is_local() {
                    m.globals[g].dll = dll(r[i]);
                }
                i += 1;
            } else {
                old_dll(m, g, raw_linkage);
            }
            if i < r.len() {
                m.globals[g].thread_local = thread_local(r[i]);
                i += 1;
            }
            if i < r.len() {
                m.globals[g].unnamed_addr = unnamed_addr(r[i]);
                i += 1;
            }
        }
        if i < r.len() {
            m.globals[g].dso_local = r[i] == 1;
            i += 1;
        }
        infer_dso_local(m, g);
        if i + 1 < r.len() {
            let p = self.partition(r[i], r[i + 1]).ok_or("Malformed partition, too large.")?;
            if !p.is_empty() {
                m.globals[g].partition = Some(m.ctx.sym_bytes(p));
            }
        }
        self.pending.targets.push((g, target));
        Ok(g)
    }
}
