//! The records of scopes and of what lives in them: `DIFile`, `DICompileUnit`, `DISubprogram`
//! (every layout since LLVM 3.7), `DILexicalBlock`, `DILexicalBlockFile`, `DICommonBlock`,
//! `DINamespace`, `DIModule`, `DIMacro`, `DIMacroFile`, `DITemplateTypeParameter`,
//! `DITemplateValueParameter`, `DIImportedEntity`, `DIObjCProperty`.

use llrs_ir::dwarf::DW_LNAMES;
use llrs_ir::{Const, Md, Module};

use super::fields::Di;
use super::MetadataLoader;
use crate::Error;

fn invalid() -> Error {
    Error::new("Invalid record")
}

/// `adjustColumn`: a column beyond 16 bits is unknown (0).
pub(super) fn column(v: u64) -> u64 {
    let c = v as u32;
    if c >= 1 << 16 {
        0
    } else {
        u64::from(c)
    }
}

impl MetadataLoader {
    /// `METADATA_FILE` `[distinct, filename, directory, (checksumKind, checksum)?, source?]`.
    pub(super) fn file(&mut self, m: &mut Module, r: &[u64]) -> Result<(), Error> {
        if !matches!(r.len(), 3 | 5 | 6) {
            return Err(invalid());
        }
        let filename = self.string(m, r[1])?;
        let directory = self.string(m, r[2])?;
        // The writer puts zeros there when there is no checksum.
        let checksum = if r.len() > 4 && r[3] != 0 && r[4] != 0 {
            let kind = match r[3] as u32 {
                1 => "CSK_MD5",
                2 => "CSK_SHA1",
                3 => "CSK_SHA256",
                _ => return Err(invalid()),
            };
            Some((kind, self.string(m, r[4])?))
        } else {
            None
        };
        let source = if r.len() > 5 { self.string(m, r[5])? } else { None };
        let mut di = Di::new(&mut m.ctx, "DIFile");
        di.str("filename", filename);
        di.str("directory", directory);
        if let Some((kind, value)) = checksum {
            di.ident("checksumkind", kind);
            di.str("checksum", value);
        }
        di.str("source", source);
        let node = di.finish(r[0] != 0);
        self.assign_node(m, node);
        Ok(())
    }

    /// `METADATA_COMPILE_UNIT` `[distinct, language (bit 63: a versioned name), file, producer,
    /// isOptimized, flags, runtimeVersion, splitDebugFilename, emissionKind, enums,
    /// retainedTypes, subprograms (old), globals, imports, dwoId?, macros?, splitDebugInlining?,
    /// debugInfoForProfiling?, nameTableKind?, rangesBaseAddress?, sysroot?, sdk?,
    /// languageVersion?]`. Always distinct.
    pub(super) fn compile_unit(&mut self, m: &mut Module, r: &[u64]) -> Result<(), Error> {
        if r.len() < 14 || r.len() > 23 {
            return Err(invalid());
        }
        let opt = |i: usize| r.get(i).copied();
        let file = self.md_or_null(m, r[2]);
        let producer = self.string(m, r[3])?;
        let flags = self.string(m, r[5])?;
        let split = self.string(m, r[7])?;
        let lists: Vec<Md> = [9, 10, 12, 13].iter().map(|&i| self.md_or_null(m, r[i])).collect();
        let macros = self.md_or_null(m, opt(15).unwrap_or(0));
        let sysroot = self.string(m, opt(20).unwrap_or(0))?;
        let sdk = self.string(m, opt(21).unwrap_or(0))?;
        let mut di = Di::new(&mut m.ctx, "DICompileUnit");
        let lang = r[1];
        if lang >> 63 == 1 {
            let code = lang as u32;
            match DW_LNAMES.iter().find(|(v, _)| *v == code) {
                Some((_, name)) => di.ident("sourceLanguageName", name),
                None => di.uint("sourceLanguageName", u64::from(code)),
            }
            let version = opt(22).unwrap_or(0) as u32;
            if version != 0 {
                di.uint("sourceLanguageVersion", u64::from(version));
            }
        } else {
            di.uint("language", lang & 0xffff);
        }
        di.md("file", file);
        di.str("producer", producer);
        di.bool("isOptimized", r[4] != 0);
        di.str("flags", flags);
        di.uint("runtimeVersion", r[6] as u32 as u64);
        di.str("splitDebugFilename", split);
        di.uint("emissionKind", r[8] as u32 as u64);
        for (name, v) in ["enums", "retainedTypes", "globals", "imports"].into_iter().zip(lists) {
            di.md(name, v);
        }
        di.md("macros", macros);
        di.uint("dwoId", opt(14).unwrap_or(0));
        di.bool("splitDebugInlining", opt(16).is_none_or(|v| v != 0));
        di.bool("debugInfoForProfiling", opt(17).is_some_and(|v| v != 0));
        di.uint("nameTableKind", opt(18).unwrap_or(0) as u32 as u64);
        di.bool("rangesBaseAddress", opt(19).is_some_and(|v| v != 0));
        di.str("sysroot", sysroot);
        di.str("sdk", sdk);
        let node = di.finish(true);
        let cu = self.assign_node(m, node);
        // The subprograms of old files name their unit the other way round.
        if r[11] != 0 {
            let sps = self.md(m, r[11] - 1);
            self.up.cu_subprograms.push((cu, sps));
        }
        Ok(())
    }

    /// `METADATA_SUBPROGRAM`: `[distinct | hasUnit << 1 | hasSPFlags << 2, scope, name,
    /// linkageName, file, line, type, ...]`, the rest as the record's version lays it out:
    /// flags packed into `spFlags` (version 5 on), or the old booleans and a virtuality; a
    /// function (version 1) or a unit (version 3 on) in the 16th field.
    pub(super) fn subprogram(&mut self, m: &mut Module, r: &[u64]) -> Result<(), Error> {
        if r.len() < 18 || r.len() > 21 {
            return Err(invalid());
        }
        let has_sp_flags = r[0] & 4 != 0;
        let (mut flags, mut sp_flags) = if has_sp_flags { (r[11] as u32, r[9] as u32) } else { (r[11 + 2] as u32, 0) };
        // `DIFlagMainSubprogram` (bit 21) of old flags is a subprogram flag now.
        let old_main = flags & 1 << 21 != 0;
        if old_main {
            flags &= !(1 << 21);
        }
        if has_sp_flags && old_main {
            sp_flags |= 1 << 8;
        } else if !has_sp_flags {
            // `toSPFlags(IsLocalToUnit, IsDefinition, IsOptimized, Virtuality, IsMain)`.
            let virtuality = (r[11] as u32) & 3;
            sp_flags = virtuality
                | u32::from(r[7] != 0) << 2
                | u32::from(r[8] != 0) << 3
                | u32::from(r[14] != 0) << 4
                | u32::from(old_main) << 8;
        }
        let distinct = r[0] & 1 != 0 || sp_flags & 8 != 0;
        let has_unit = r[0] & 2 != 0;
        if !has_sp_flags && has_unit && r.len() < 19 {
            return Err(invalid());
        }
        if has_sp_flags && !has_unit {
            return Err(invalid());
        }
        let (mut has_fn, mut has_this_adj, mut has_thrown) = (false, true, true);
        let (mut has_annotations, mut has_target, mut key_instructions) = (false, false, false);
        let (mut off_a, mut off_b) = (0, 0);
        if !has_sp_flags {
            off_a = 2;
            off_b = 2;
            if r.len() >= 19 {
                has_fn = !has_unit;
                off_b += 1;
            }
            has_this_adj = r.len() >= 20;
            has_thrown = r.len() >= 21;
        } else {
            has_annotations = r.len() >= 19;
            has_target = r.len() >= 20;
            key_instructions = r.len() >= 21 && r[20] != 0;
        }
        let at = |i: usize| r.get(i).copied().ok_or_else(invalid);
        let unit_or_fn = self.md_or_null(m, at(12 + off_b)?);
        let scope = self.md_or_null(m, r[1]);
        let name = self.string(m, r[2])?;
        let linkage = self.string(m, r[3])?;
        let file = self.md_or_null(m, r[4]);
        let ty = self.md_or_null(m, r[6]);
        let containing = self.md_or_null(m, at(8 + off_a)?);
        let template = self.md_or_null(m, at(13 + off_b)?);
        let decl = self.md_or_null(m, at(14 + off_b)?);
        let retained = self.md_or_null(m, at(15 + off_b)?);
        let this_adj = if has_this_adj { at(16 + off_b)? as u32 as i32 } else { 0 };
        let thrown = if has_thrown { self.md_or_null(m, at(17 + off_b)?) } else { Md::Null };
        let annotations = if has_annotations { self.md_or_null(m, at(18 + off_b)?) } else { Md::Null };
        let target = if has_target { self.string(m, at(19 + off_b)?)? } else { None };
        let mut di = Di::new(&mut m.ctx, "DISubprogram");
        di.str("name", name);
        di.str("linkageName", linkage);
        di.md("scope", scope);
        di.md("file", file);
        di.uint("line", r[5] as u32 as u64);
        di.md("type", ty);
        di.uint("scopeLine", at(7 + off_a)? as u32 as u64);
        di.md("containingType", containing);
        di.uint("virtualIndex", at(10 + off_a)? as u32 as u64);
        di.int("thisAdjustment", i64::from(this_adj));
        di.uint("flags", u64::from(flags));
        di.uint("spFlags", u64::from(sp_flags));
        di.md("unit", if has_unit { unit_or_fn } else { Md::Null });
        di.md("templateParams", template);
        di.md("declaration", decl);
        di.md("retainedNodes", retained);
        di.md("thrownTypes", thrown);
        di.md("annotations", annotations);
        di.str("targetFuncName", target);
        di.bool("keyInstructions", key_instructions);
        let node = di.finish(distinct);
        let sp = self.assign_node(m, node);
        // Old files name the function from the subprogram; LLVM names it the other way round
        // once the function is read.
        if has_fn {
            if let Md::Const(c) = unit_or_fn {
                if let Some(Const::Global(_, g)) = m.ctx.try_const_of(c) {
                    let g = *g;
                    if m.globals[g].func.is_some() {
                        self.up.functions_with_sps.push((g, sp));
                    }
                }
            }
        }
        Ok(())
    }

    /// `METADATA_LEXICAL_BLOCK` `[distinct, scope, file, line, column]`.
    pub(super) fn lexical_block(&mut self, m: &mut Module, r: &[u64]) -> Result<(), Error> {
        if r.len() != 5 {
            return Err(invalid());
        }
        let scope = self.md_or_null(m, r[1]);
        let file = self.md_or_null(m, r[2]);
        let mut di = Di::new(&mut m.ctx, "DILexicalBlock");
        di.md("scope", scope);
        di.md("file", file);
        di.uint("line", r[3] as u32 as u64);
        di.uint("column", column(r[4]));
        let node = di.finish(r[0] != 0);
        self.assign_node(m, node);
        Ok(())
    }

    /// `METADATA_LEXICAL_BLOCK_FILE` `[distinct, scope, file, discriminator]`.
    pub(super) fn lexical_block_file(&mut self, m: &mut Module, r: &[u64]) -> Result<(), Error> {
        if r.len() != 4 {
            return Err(invalid());
        }
        let scope = self.md_or_null(m, r[1]);
        let file = self.md_or_null(m, r[2]);
        let mut di = Di::new(&mut m.ctx, "DILexicalBlockFile");
        di.md("scope", scope);
        di.md("file", file);
        di.uint("discriminator", r[3] as u32 as u64);
        let node = di.finish(r[0] != 0);
        self.assign_node(m, node);
        Ok(())
    }

    /// `METADATA_COMMON_BLOCK` `[distinct, scope, declaration, name, file, line]`.
    pub(super) fn common_block(&mut self, m: &mut Module, r: &[u64]) -> Result<(), Error> {
        if r.len() < 6 {
            return Err(invalid());
        }
        let scope = self.md_or_null(m, r[1]);
        let decl = self.md_or_null(m, r[2]);
        let name = self.string(m, r[3])?;
        let file = self.md_or_null(m, r[4]);
        let mut di = Di::new(&mut m.ctx, "DICommonBlock");
        di.md("scope", scope);
        di.md("declaration", decl);
        di.str("name", name);
        di.md("file", file);
        di.uint("line", r[5] as u32 as u64);
        let node = di.finish(r[0] & 1 == 1);
        self.assign_node(m, node);
        Ok(())
    }

    /// `METADATA_NAMESPACE` `[distinct | exportSymbols << 1, scope, name]`, or (old) `[distinct,
    /// scope, file, name, line]`.
    pub(super) fn namespace(&mut self, m: &mut Module, r: &[u64]) -> Result<(), Error> {
        let name = match r.len() {
            3 => self.string(m, r[2])?,
            5 => self.string(m, r[3])?,
            _ => return Err(invalid()),
        };
        let scope = self.md_or_null(m, r[1]);
        let mut di = Di::new(&mut m.ctx, "DINamespace");
        di.str("name", name);
        di.md("scope", scope);
        di.bool("exportSymbols", r[0] & 2 != 0);
        let node = di.finish(r[0] & 1 == 1);
        self.assign_node(m, node);
        Ok(())
    }

    /// `METADATA_MODULE` `[distinct, file (8 fields on), scope, name, configMacros, includePath,
    /// apinotes, line?, isDecl?]`.
    pub(super) fn module(&mut self, m: &mut Module, r: &[u64]) -> Result<(), Error> {
        if r.len() < 5 || r.len() > 9 {
            return Err(invalid());
        }
        let off = if r.len() >= 8 { 2 } else { 1 };
        let file = if r.len() >= 8 { self.md_or_null(m, r[1]) } else { Md::Null };
        let scope = self.md_or_null(m, r[off]);
        let mut strings = [None; 4];
        for (k, s) in strings.iter_mut().enumerate() {
            *s = match r.get(off + 1 + k) {
                Some(&v) => self.string(m, v)?,
                None => return Err(invalid()),
            };
        }
        let [name, macros, include, apinotes] = strings;
        let mut di = Di::new(&mut m.ctx, "DIModule");
        di.md("scope", scope);
        di.str("name", name);
        di.str("configMacros", macros);
        di.str("includePath", include);
        di.str("apinotes", apinotes);
        di.md("file", file);
        di.uint("line", if r.len() <= 7 { 0 } else { r[7] as u32 as u64 });
        di.bool("isDecl", r.len() > 8 && r[8] != 0);
        let node = di.finish(r[0] != 0);
        self.assign_node(m, node);
        Ok(())
    }

    /// `METADATA_MACRO` `[distinct, type, line, name, value]`.
    pub(super) fn macro_(&mut self, m: &mut Module, r: &[u64]) -> Result<(), Error> {
        if r.len() != 5 {
            return Err(invalid());
        }
        let name = self.string(m, r[3])?;
        let value = self.string(m, r[4])?;
        let mut di = Di::new(&mut m.ctx, "DIMacro");
        di.uint("type", r[1] as u32 as u64);
        di.uint("line", r[2] as u32 as u64);
        di.str("name", name);
        di.str("value", value);
        let node = di.finish(r[0] != 0);
        self.assign_node(m, node);
        Ok(())
    }

    /// `METADATA_MACRO_FILE` `[distinct, type, line, file, elements]` (the type is not printed).
    pub(super) fn macro_file(&mut self, m: &mut Module, r: &[u64]) -> Result<(), Error> {
        if r.len() != 5 {
            return Err(invalid());
        }
        let file = self.md_or_null(m, r[3]);
        let nodes = self.md_or_null(m, r[4]);
        let mut di = Di::new(&mut m.ctx, "DIMacroFile");
        di.uint("line", r[2] as u32 as u64);
        di.md("file", file);
        di.md("nodes", nodes);
        let node = di.finish(r[0] != 0);
        self.assign_node(m, node);
        Ok(())
    }

    /// `METADATA_TEMPLATE_TYPE` `[distinct, name, type, defaulted?]`.
    pub(super) fn template_type(&mut self, m: &mut Module, r: &[u64]) -> Result<(), Error> {
        if r.len() < 3 || r.len() > 4 {
            return Err(invalid());
        }
        let name = self.string(m, r[1])?;
        let ty = self.md_or_null(m, r[2]);
        // `isDefault` is read as metadata and taken for whether it is there, as LLVM does.
        let defaulted = r.len() == 4 && self.md_or_null(m, r[3]) != Md::Null;
        let mut di = Di::new(&mut m.ctx, "DITemplateTypeParameter");
        di.str("name", name);
        di.md("type", ty);
        di.bool("defaulted", defaulted);
        let node = di.finish(r[0] != 0);
        self.assign_node(m, node);
        Ok(())
    }

    /// `METADATA_TEMPLATE_VALUE` `[distinct, tag, name, type, defaulted (6 fields), value]`.
    pub(super) fn template_value(&mut self, m: &mut Module, r: &[u64]) -> Result<(), Error> {
        if r.len() < 5 || r.len() > 6 {
            return Err(invalid());
        }
        let name = self.string(m, r[2])?;
        let ty = self.md_or_null(m, r[3]);
        // `isDefault` is read as metadata and taken for whether it is there, as LLVM does.
        let (defaulted, value) =
            if r.len() == 6 { (self.md_or_null(m, r[4]) != Md::Null, r[5]) } else { (false, r[4]) };
        let value = self.md_or_null(m, value);
        let mut di = Di::new(&mut m.ctx, "DITemplateValueParameter");
        di.uint("tag", r[1] & 0xffff);
        di.str("name", name);
        di.md("type", ty);
        di.bool("defaulted", defaulted);
        di.md("value", value);
        let node = di.finish(r[0] != 0);
        self.assign_node(m, node);
        Ok(())
    }

    /// `METADATA_OBJC_PROPERTY` `[distinct, name, file, line, setter, getter, attributes,
    /// type]` (the setter before the getter, as LLVM 22 writes them and reads them back).
    pub(super) fn objc_property(&mut self, m: &mut Module, r: &[u64]) -> Result<(), Error> {
        if r.len() != 8 {
            return Err(invalid());
        }
        let name = self.string(m, r[1])?;
        let file = self.md_or_null(m, r[2]);
        let setter = self.string(m, r[4])?;
        let getter = self.string(m, r[5])?;
        let ty = self.md_or_null(m, r[7]);
        let mut di = Di::new(&mut m.ctx, "DIObjCProperty");
        di.str("name", name);
        di.md("file", file);
        di.uint("line", r[3] as u32 as u64);
        di.str("setter", setter);
        di.str("getter", getter);
        di.uint("attributes", r[6] as u32 as u64);
        di.md("type", ty);
        let node = di.finish(r[0] != 0);
        self.assign_node(m, node);
        Ok(())
    }

    /// `METADATA_IMPORTED_ENTITY` `[distinct, tag, scope, entity, line, name, file?,
    /// elements?]`.
    pub(super) fn imported_entity(&mut self, m: &mut Module, r: &[u64]) -> Result<(), Error> {
        if r.len() < 6 || r.len() > 8 {
            return Err(Error::new("Invalid DIImportedEntity record"));
        }
        let has_file = r.len() >= 7;
        let scope = self.md_or_null(m, r[2]);
        let entity = self.md_or_null(m, r[3]);
        let file = if has_file { self.md_or_null(m, r[6]) } else { Md::Null };
        let name = self.string(m, r[5])?;
        let elements = if r.len() >= 8 { self.md_or_null(m, r[7]) } else { Md::Null };
        let mut di = Di::new(&mut m.ctx, "DIImportedEntity");
        di.uint("tag", r[1] & 0xffff);
        di.str("name", name);
        di.md("scope", scope);
        di.md("entity", entity);
        di.md("file", file);
        di.uint("line", if has_file { r[4] as u32 as u64 } else { 0 });
        di.md("elements", elements);
        let node = di.finish(r[0] != 0);
        self.assign_node(m, node);
        Ok(())
    }
}
