//! The summaries of global values: functions (`FS_PERMODULE`, `FS_PERMODULE_PROFILE`,
//! `FS_PERMODULE_RELBF`, `FS_COMBINED`, `FS_COMBINED_PROFILE`), variables
//! (`FS_PERMODULE_GLOBALVAR_INIT_REFS`, `FS_PERMODULE_VTABLE_GLOBALVAR_INIT_REFS`,
//! `FS_COMBINED_GLOBALVAR_INIT_REFS`) and aliases (`FS_ALIAS`, `FS_COMBINED_ALIAS`), with their
//! references and call edges (`makeRefList`, `makeCallList`, `setSpecialRefs`).

use llrs_ir::summary::{
    AliasSummary, CallEdge, FunctionSummary, GlobalValueSummary, GvFlags, Hotness, RefAccess, SummaryKind, ValueRef,
    VarFlags, VariableSummary, VirtFunc,
};

use super::entries::Block;
use super::flags::{func_flags, gv_flags, hotness, relbf_tail, var_flags};
use super::{invalid, IndexReader, Rec};
use crate::codes::{FS_COMBINED_PROFILE, FS_PERMODULE_PROFILE, FS_PERMODULE_RELBF};
use crate::Error;

/// Where the parts of a function record are: flags, instruction count, function flags, the
/// reference counts and where the references start.
struct Layout {
    flags: u64,
    insts: u32,
    fflags: u64,
    refs: u64,
    read_only: u64,
    write_only: u64,
    start: usize,
}

impl IndexReader<'_> {
    /// `makeRefList`.
    fn ref_list(&self, ids: &[u64]) -> Result<Vec<ValueRef>, Error> {
        ids.iter().map(|&id| Ok(ValueRef { guid: self.value(id)?, access: RefAccess::Any })).collect()
    }

    /// `makeCallList`: callees alone (legacy records), with a hotness and tail-call word
    /// (profile records), or with a relative block frequency and tail-call word; version 1 has
    /// call-site and profile counts after each callee.
    fn call_list(&self, ops: &[u64], old_profile: bool, profile: bool, relbf: bool) -> Result<Vec<CallEdge>, Error> {
        let r = Rec(ops);
        let mut calls = Vec::new();
        let mut i = 0;
        while i < ops.len() {
            let callee = self.value(ops[i])?;
            let (mut hot, mut tail) = (Hotness::Unknown, false);
            if old_profile {
                i += if profile { 2 } else { 1 };
            } else if profile {
                i += 1;
                (hot, tail) = hotness(r.at(i)?);
            } else if relbf {
                i += 1;
                tail = relbf_tail(r.at(i)?);
            }
            calls.push(CallEdge { callee, hotness: hot, tail });
            i += 1;
        }
        Ok(calls)
    }

    /// A function summary of the records read so far, its references and calls at `layout`.
    fn function_summary(
        &self,
        b: &mut Block,
        r: Rec<'_>,
        l: &Layout,
        profile: bool,
        relbf: bool,
        module: Vec<u8>,
    ) -> Result<GlobalValueSummary, Error> {
        let mut refs = self.ref_list(r.slice(l.start, l.refs)?)?;
        let edges = r.from(l.start + l.refs as usize);
        let calls = self.call_list(edges, b.version == 1, profile, relbf)?;
        set_special_refs(&mut refs, l.read_only, l.write_only);
        let p = std::mem::take(&mut b.pending);
        let f = FunctionSummary {
            insts: l.insts,
            flags: func_flags(l.fflags),
            calls,
            type_id_info: p.type_id_info,
            params: p.params,
            callsites: p.callsites,
            allocs: p.allocs,
        };
        Ok(GlobalValueSummary {
            module,
            flags: gv_flags(l.flags, b.version),
            refs,
            kind: SummaryKind::Function(Box::new(f)),
        })
    }

    /// `FS_PERMODULE*`: `[valueid, flags, instcount, fflags, numrefs, rorefcnt, worefcnt,
    /// refs..., calls...]` (no function flags before version 4, no read-only count before 5,
    /// no write-only count before 7).
    pub(super) fn per_module_function(&mut self, b: &mut Block, code: u32, r: Rec<'_>) -> Result<(), Error> {
        let id = r.at(0)?;
        let mut l = Layout {
            flags: r.at(1)?,
            insts: r.at(2)? as u32,
            fflags: 0,
            refs: u64::from(r.at(3)? as u32),
            read_only: 0,
            write_only: 0,
            start: 4,
        };
        if b.version >= 4 {
            l.fflags = r.at(3)?;
            l.refs = u64::from(r.at(4)? as u32);
            l.start = 5;
            if b.version >= 5 {
                l.read_only = u64::from(r.at(5)? as u32);
                l.start = 6;
                if b.version >= 7 {
                    l.write_only = u64::from(r.at(6)? as u32);
                    l.start = 7;
                }
            }
        }
        let (profile, relbf) = (code == FS_PERMODULE_PROFILE, code == FS_PERMODULE_RELBF);
        let s = self.function_summary(b, r, &l, profile, relbf, self.module_path.clone())?;
        let guid = self.value(id)?;
        self.add_summary(guid, s);
        Ok(())
    }

    /// `FS_COMBINED*`: `[valueid, modid, flags, instcount, fflags, entrycount, numrefs,
    /// rorefcnt, worefcnt, refs..., calls...]` (no function flags before version 4, no read-only
    /// count before 5, no entry count before 6, no write-only count before 7).
    pub(super) fn combined_function(&mut self, b: &mut Block, code: u32, r: Rec<'_>) -> Result<(), Error> {
        let id = r.at(0)?;
        let module = self.module_of(r.at(1)?);
        let mut l = Layout {
            flags: r.at(2)?,
            insts: r.at(3)? as u32,
            fflags: 0,
            refs: u64::from(r.at(4)? as u32),
            read_only: 0,
            write_only: 0,
            start: 5,
        };
        if b.version >= 4 {
            l.fflags = r.at(4)?;
            l.start = 6;
            let mut refs_at = 5;
            if b.version >= 5 {
                let mut ro_offset = 1;
                l.start = 7;
                if b.version >= 6 {
                    refs_at = 6;
                    l.start = 8;
                    if b.version >= 7 {
                        l.start = 9;
                        l.write_only = u64::from(r.at(8)? as u32);
                        ro_offset = 2;
                    }
                }
                l.read_only = u64::from(r.at(l.start - ro_offset)? as u32);
            }
            l.refs = u64::from(r.at(refs_at)? as u32);
        }
        let s = self.function_summary(b, r, &l, code == FS_COMBINED_PROFILE, false, module)?;
        let guid = self.value(id)?;
        self.add_summary(guid, s);
        Ok(())
    }

    /// `FS_ALIAS`: `[valueid, flags, aliasee valueid]`; the aliasee's summary must be read
    /// already.
    pub(super) fn per_module_alias(&mut self, version: u64, r: Rec<'_>) -> Result<(), Error> {
        let (id, flags, aliasee) = (r.at(0)?, r.at(1)?, r.at(2)?);
        let aliasee = self.value(aliasee)?;
        if self.index.find_summary_in_module(aliasee, &self.module_path).is_none() {
            return Err(Error::new("Alias expects aliasee summary to be parsed"));
        }
        let s = GlobalValueSummary {
            module: self.module_path.clone(),
            flags: gv_flags(flags, version),
            refs: Vec::new(),
            kind: SummaryKind::Alias(AliasSummary { aliasee: Some(aliasee) }),
        };
        let guid = self.value(id)?;
        self.add_summary(guid, s);
        Ok(())
    }

    /// `FS_COMBINED_ALIAS`: `[valueid, modid, flags, aliasee valueid]`; the aliasee is printed
    /// only when its summary in the alias's module is in the index.
    pub(super) fn combined_alias(&mut self, version: u64, r: Rec<'_>) -> Result<(), Error> {
        let (id, module, flags, aliasee) = (r.at(0)?, self.module_of(r.at(1)?), r.at(2)?, r.at(3)?);
        let aliasee = self.value_opt(aliasee).filter(|&g| self.index.find_summary_in_module(g, &module).is_some());
        let s = GlobalValueSummary {
            module,
            flags: gv_flags(flags, version),
            refs: Vec::new(),
            kind: SummaryKind::Alias(AliasSummary { aliasee }),
        };
        let guid = self.value(id)?;
        self.add_summary(guid, s);
        Ok(())
    }

    /// A variable summary: `flags`, then (from version 5) variable flags at `ops[at]`, then the
    /// references.
    fn variable(
        &self,
        version: u64,
        flags: GvFlags,
        r: Rec<'_>,
        at: usize,
        module: Vec<u8>,
    ) -> Result<GlobalValueSummary, Error> {
        let (mut var, mut start) = (VarFlags::default(), at);
        if version >= 5 {
            var = var_flags(r.at(at)?);
            start = at + 1;
        }
        let refs = self.ref_list(r.from(start))?;
        let kind = SummaryKind::Variable(VariableSummary { flags: var, vtable_funcs: Vec::new() });
        Ok(GlobalValueSummary { module, flags, refs, kind })
    }

    /// `FS_PERMODULE_GLOBALVAR_INIT_REFS`: `[valueid, flags, varflags, refs...]`.
    pub(super) fn per_module_variable(&mut self, version: u64, r: Rec<'_>) -> Result<(), Error> {
        let (id, flags) = (r.at(0)?, gv_flags(r.at(1)?, version));
        let s = self.variable(version, flags, r, 2, self.module_path.clone())?;
        let guid = self.value(id)?;
        self.add_summary(guid, s);
        Ok(())
    }

    /// `FS_COMBINED_GLOBALVAR_INIT_REFS`: `[valueid, modid, flags, varflags, refs...]`.
    pub(super) fn combined_variable(&mut self, version: u64, r: Rec<'_>) -> Result<(), Error> {
        let (id, module, flags) = (r.at(0)?, self.module_of(r.at(1)?), gv_flags(r.at(2)?, version));
        let s = self.variable(version, flags, r, 3, module)?;
        let guid = self.value(id)?;
        self.add_summary(guid, s);
        Ok(())
    }

    /// `FS_PERMODULE_VTABLE_GLOBALVAR_INIT_REFS`: `[valueid, flags, varflags, numrefs,
    /// refs..., (valueid, offset)...]`.
    pub(super) fn per_module_vtable(&mut self, version: u64, r: Rec<'_>) -> Result<(), Error> {
        let (id, flags, var) = (r.at(0)?, gv_flags(r.at(1)?, version), var_flags(r.at(2)?));
        let n = u64::from(r.at(3)? as u32);
        let refs = self.ref_list(r.slice(4, n)?)?;
        let rest = r.from(4 + n as usize);
        if !rest.len().is_multiple_of(2) {
            return Err(invalid());
        }
        let vtable_funcs = rest
            .chunks_exact(2)
            .map(|p| Ok(VirtFunc { func: self.value(p[0])?, offset: p[1] }))
            .collect::<Result<Vec<_>, Error>>()?;
        let kind = SummaryKind::Variable(VariableSummary { flags: var, vtable_funcs });
        let s = GlobalValueSummary { module: self.module_path.clone(), flags, refs, kind };
        let guid = self.value(id)?;
        self.add_summary(guid, s);
        Ok(())
    }
}

/// `setSpecialRefs`: the last `wo` references are write-only, the `ro` before them read-only.
/// Counts larger than the list wrap as LLVM's `unsigned` arithmetic does (marking nothing, or
/// only what lies inside the list).
fn set_special_refs(refs: &mut [ValueRef], ro: u64, wo: u64) {
    let n = refs.len();
    let first_wo = (n as u32).wrapping_sub(wo as u32);
    let mut k = first_wo.wrapping_sub(ro as u32);
    if k < first_wo {
        for r in refs.iter_mut().take(first_wo as usize).skip(k as usize) {
            r.access = RefAccess::ReadOnly;
        }
        k = first_wo;
    }
    for r in refs.iter_mut().skip(k as usize) {
        r.access = RefAccess::WriteOnly;
    }
}
