//! What of a module's summary index survives `llvm-as | llvm-dis`: the index as LLVM reads it
//! back from the bitcode that `llvm-as` writes (llvm-as.cpp `WriteOutputFile`, BitcodeWriter's
//! summary writers, the summary reader).
//!
//! - No global value and no flag: no summary is written, none is printed.
//! - A module without functions or variables: a combined index is written instead of the module,
//!   and the module printed is empty (`source_filename = "<stdin>"`). Only summaries survive, by
//!   GUID without names; references to values without a summary are dropped, as are vtable
//!   functions, memprof contexts, unreferenced type ids and the vtable type ids.
//! - Otherwise a per-module summary: one module `<stdin>` with a zero hash, an entry for every
//!   variable, function and alias of the module (named after it), the first summary of each
//!   defined in the index, the values called or referenced by the index's function summaries,
//!   the vtable type ids; no type id.
//!
//! An index read from bitcode (`SummaryIndex::from_bitcode`) is what `llvm-dis` read already:
//! it is printed as it is, after the module.

use llrs_ir::module::GlobalId;
use llrs_ir::summary::{
    global_guid, AliasSummary, GlobalValueSummary, Guid, RefAccess, SummaryIndex, SummaryKind, ValueEntry,
    PER_MODULE_FLAGS,
};
use llrs_ir::{Const, Module};
use rustc_hash::{FxHashMap, FxHashSet};

/// The summary `llvm-dis` prints after the bitcode round trip.
pub(super) enum RoundTrip<'a> {
    /// Nothing is written.
    None,
    /// A per-module summary, printed after the module.
    PerModule(SummaryIndex),
    /// A combined index, printed alone in an empty module.
    Combined(SummaryIndex),
    /// An index read from bitcode, printed as it is after the module (`llvm-dis` prints the
    /// module, then the index).
    AsRead(&'a SummaryIndex),
}

impl RoundTrip<'_> {
    /// The index printed after the module, if any.
    pub(super) fn after_module(&self) -> Option<&SummaryIndex> {
        match self {
            RoundTrip::PerModule(idx) => Some(idx),
            RoundTrip::AsRead(idx) => Some(idx),
            RoundTrip::None | RoundTrip::Combined(_) => None,
        }
    }
}

/// Runs the round trip of `m`'s summary index (none for an index read from bitcode).
pub(super) fn round_trip(m: &Module) -> RoundTrip<'_> {
    let idx = &m.summary;
    if idx.from_bitcode {
        RoundTrip::AsRead(idx)
    } else if idx.is_empty() {
        RoundTrip::None
    } else if m.functions.is_empty() && m.vars.is_empty() {
        RoundTrip::Combined(combined(idx))
    } else {
        RoundTrip::PerModule(per_module(m, idx))
    }
}

/// The index as a combined index file keeps it.
fn combined(idx: &SummaryIndex) -> SummaryIndex {
    let has_id = |g: &Guid| idx.values.get(g).is_some_and(|e| !e.summaries.is_empty());
    let mut out = SummaryIndex {
        modules: idx.modules.clone(),
        flags: idx.flags,
        block_count: idx.block_count,
        ..Default::default()
    };
    let mut type_ids = FxHashSet::default();
    for (&guid, entry) in idx.values.iter().filter(|(g, _)| has_id(g)) {
        let mut summaries = Vec::with_capacity(entry.summaries.len());
        for s in &entry.summaries {
            let mut s = s.clone();
            s.refs.retain(|r| has_id(&r.guid));
            match &mut s.kind {
                SummaryKind::Function(f) => {
                    f.calls.retain(|c| has_id(&c.callee));
                    f.params.retain(|p| p.calls.iter().all(|c| has_id(&c.callee)));
                    for site in &mut f.callsites {
                        site.callee = site.callee.filter(has_id);
                    }
                    for mib in f.allocs.iter_mut().flat_map(|a| a.mibs.iter_mut()) {
                        mib.stack_ids.clear();
                    }
                    type_ids.extend(f.type_id_info.type_id_guids());
                }
                SummaryKind::Variable(v) => {
                    v.vtable_funcs.clear();
                    for r in &mut s.refs {
                        r.access = RefAccess::Any;
                    }
                }
                SummaryKind::Alias(a) => {
                    a.aliasee = a.aliasee.filter(|&g| idx.find_summary_in_module(g, &s.module).is_some());
                }
            }
            summaries.push(s);
        }
        out.values.insert(guid, ValueEntry { name: None, summaries });
    }
    out.type_ids = idx.type_ids.iter().filter(|(g, _)| type_ids.contains(*g)).map(|(g, l)| (*g, l.clone())).collect();
    out
}

/// The object an alias stands for (`getAliaseeObject`): through aliases, casts and offsets.
fn aliasee_object(m: &Module, g: GlobalId) -> Option<GlobalId> {
    let mut c = m.globals[g].target?;
    for _ in 0..64 {
        match m.ctx.const_of(c) {
            Const::Global(_, t) => {
                let t = *t;
                if m.globals[t].kind != llrs_ir::GlobalKind::Alias {
                    return Some(t);
                }
                c = m.globals[t].target?;
            }
            Const::Expr(e) => c = *e.operands.first()?,
            _ => return None,
        }
    }
    None
}

/// The index as a per-module summary keeps it.
fn per_module(m: &Module, idx: &SummaryIndex) -> SummaryIndex {
    const PATH: &[u8] = b"<stdin>";
    let src = m.source_filename.as_deref().unwrap_or_default();
    let mut out = SummaryIndex { flags: idx.flags & PER_MODULE_FLAGS, ..Default::default() };
    out.modules.insert(PATH.to_vec(), [0; 5]);
    // Every variable, function and alias, in value-id order.
    let globals: Vec<GlobalId> = m.vars.iter().chain(&m.functions).chain(&m.aliases).copied().collect();
    let mut guid_of = FxHashMap::default();
    let mut value_id: FxHashMap<Guid, usize> = FxHashMap::default();
    for (i, &g) in globals.iter().enumerate() {
        let gl = &m.globals[g];
        let name = gl.name.map(|s| m.ctx.name(s)).unwrap_or_default();
        let guid = global_guid(name, gl.linkage, src);
        guid_of.insert(g, guid);
        value_id.entry(guid).or_insert(i);
        let entry = out.values.entry(guid).or_default();
        entry.name = (!name.is_empty()).then(|| name.to_vec());
    }
    if idx.values.is_empty() {
        return out;
    }
    out.block_count = idx.block_count;
    for f in idx.function_summaries() {
        for g in f.calls.iter().map(|c| c.callee) {
            out.values.entry(g).or_default();
        }
    }
    for s in idx.values.values().flat_map(|e| &e.summaries) {
        if let SummaryKind::Function(_) = s.kind {
            for r in &s.refs {
                out.values.entry(r.guid).or_default();
            }
        }
    }
    let first = |g: GlobalId| idx.values.get(&guid_of[&g]).and_then(|e| e.summaries.first());
    let add = |out: &mut SummaryIndex, g: GlobalId, mut s: GlobalValueSummary| {
        s.module = PATH.to_vec();
        out.values.entry(guid_of[&g]).or_default().summaries.push(s);
    };
    for &g in &m.functions {
        if let Some(s) = first(g).filter(|s| matches!(s.kind, SummaryKind::Function(_))) {
            let mut s = s.clone();
            if let SummaryKind::Function(f) = &mut s.kind {
                for site in &mut f.callsites {
                    site.clones = vec![0];
                }
                for a in &mut f.allocs {
                    a.versions = vec![Default::default()];
                }
            }
            add(&mut out, g, s);
        }
    }
    for &g in &m.vars {
        if let Some(s) = first(g).filter(|s| matches!(s.kind, SummaryKind::Variable(_))) {
            let mut s = s.clone();
            for r in &mut s.refs {
                r.access = RefAccess::Any;
            }
            s.refs.sort_by_key(|r| value_id.get(&r.guid).copied().unwrap_or(usize::MAX));
            add(&mut out, g, s);
        }
    }
    for &g in &m.aliases {
        let Some(obj) = aliasee_object(m, g) else { continue };
        if m.globals[obj].name.is_none() || m.globals[obj].kind == llrs_ir::GlobalKind::IFunc {
            continue;
        }
        let Some(s) = first(g).filter(|s| matches!(s.kind, SummaryKind::Alias(_))) else { continue };
        let obj_guid = guid_of.get(&obj).copied();
        let known = obj_guid.filter(|o| out.values.get(o).is_some_and(|e| !e.summaries.is_empty()));
        let s = GlobalValueSummary { kind: SummaryKind::Alias(AliasSummary { aliasee: known }), ..s.clone() };
        add(&mut out, g, s);
    }
    out.vtable_type_ids = idx.vtable_type_ids.clone();
    out
}

#[cfg(test)]
mod tests {
    fn fmt(src: &str) -> String {
        let m = crate::parse_module(src.as_bytes(), "t.ll").unwrap_or_else(|d| panic!("{d}"));
        String::from_utf8(crate::print_module(&m)).unwrap()
    }

    const MODULE: &str = "^0 = module: (path: \"x.o\", hash: (1, 2, 3, 4, 5))\n";
    const FLAGS: &str = "flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, \
                         dsoLocal: 0, canAutoHide: 0, importType: definition)";

    #[test]
    fn summary_only_is_a_combined_index() {
        let src = format!(
            "target triple = \"x86_64-unknown-linux-gnu\"\n{MODULE}\
             ^1 = module: (path: \"\", hash: (0, 0, 0, 0, 7))\n\
             ^2 = gv: (guid: 1, summaries: (function: (module: ^0, flags: (linkage: weak), insts: 3, \
             calls: ((callee: ^3, hotness: hot), (callee: ^4, tail: 1), (callee: ^5, relbf: 5)), \
             refs: (readonly ^5, ^4, writeonly ^3), typeIdInfo: (typeTests: (42, ^7)))))\n\
             ^3 = gv: (guid: 123)\n\
             ^4 = gv: (guid: 555, summaries: (function: (module: ^1, flags: (linkage: external), insts: 1)))\n\
             ^5 = gv: (guid: 777, summaries: (variable: (module: ^0, flags: (linkage: external), \
             varFlags: (readonly: 1, writeonly: 0, constant: 0, vcall_visibility: 1), \
             vTableFuncs: ((virtFunc: ^2, offset: 8)), refs: (^2, ^3))))\n\
             ^6 = gv: (guid: 888, summaries: (alias: (module: ^0, flags: (linkage: external), aliasee: ^5)))\n\
             ^7 = typeid: (name: \"_ZTS1A\", summary: (typeTestRes: (kind: single, sizeM1BitWidth: 0)))\n\
             ^8 = typeid: (name: \"_ZTS1B\", summary: (typeTestRes: (kind: single, sizeM1BitWidth: 0)))\n\
             ^9 = typeidCompatibleVTable: (name: \"_ZTS1A\", summary: ((offset: 16, ^5)))\n\
             ^10 = blockcount: 12\n"
        );
        let weak = FLAGS.replace("external", "weak");
        let want = format!(
            "source_filename = \"<stdin>\"\n\n\
             ^0 = module: (path: \"[Regular LTO]\", hash: (0, 0, 0, 0, 7))\n\
             ^1 = module: (path: \"x.o\", hash: (1, 2, 3, 4, 5))\n\
             ^2 = gv: (guid: 1, summaries: (function: (module: ^1, {weak}, insts: 3, \
             calls: ((callee: ^3, tail: 1), (callee: ^4)), typeIdInfo: (typeTests: (42, ^6)), \
             refs: (^3, readonly ^4))))\n\
             ^3 = gv: (guid: 555, summaries: (function: (module: ^0, {FLAGS}, insts: 1)))\n\
             ^4 = gv: (guid: 777, summaries: (variable: (module: ^1, {FLAGS}, \
             varFlags: (readonly: 1, writeonly: 0, constant: 0), refs: (^2))))\n\
             ^5 = gv: (guid: 888, summaries: (alias: (module: ^1, {FLAGS}, aliasee: ^4)))\n\
             ^6 = typeid: (name: \"_ZTS1A\", summary: (typeTestRes: (kind: single, sizeM1BitWidth: 0))) \
             ; guid = 7004155349499253778\n\
             ^7 = blockcount: 12\n"
        );
        assert_eq!(fmt(&src), want);
    }

    #[test]
    fn module_with_code_keeps_a_per_module_summary() {
        let src = format!(
            "@v = global i32 0\n@u = global i32 0\ndefine void @f() {{\n  ret void\n}}\n{MODULE}\
             ^1 = gv: (guid: 99, summaries: (function: (module: ^0, flags: (linkage: external), insts: 3, \
             calls: ((callee: ^2)), refs: (^7))))\n\
             ^2 = gv: (guid: 123)\n\
             ^3 = gv: (name: \"v\", summaries: (variable: (module: ^0, flags: (linkage: external), \
             varFlags: (readonly: 1, writeonly: 0, constant: 0), vTableFuncs: ((virtFunc: ^4, offset: 16)), \
             refs: (^4, readonly ^6))))\n\
             ^4 = gv: (name: \"f\")\n^6 = gv: (name: \"u\")\n^7 = gv: (guid: 4444)\n\
             ^8 = typeidCompatibleVTable: (name: \"_ZTS1A\", summary: ((offset: 16, ^3)))\n\
             ^9 = flags: 13\n"
        );
        let out = fmt(&src);
        let summary = &out[out.find("^0").unwrap()..];
        let want = format!(
            "^0 = module: (path: \"<stdin>\", hash: (0, 0, 0, 0, 0))\n\
             ^1 = gv: (guid: 123)\n\
             ^2 = gv: (guid: 4444)\n\
             ^3 = gv: (name: \"u\") ; guid = 14288131496740812667\n\
             ^4 = gv: (name: \"f\") ; guid = 14740650423002898831\n\
             ^5 = gv: (name: \"v\", summaries: (variable: (module: ^0, {FLAGS}, varFlags: (readonly: 1, \
             writeonly: 0, constant: 0, vcall_visibility: 0), vTableFuncs: ((virtFunc: ^4, offset: 16)), \
             refs: (^3, ^4)))) ; guid = 15373995671890245278\n\
             ^6 = typeidCompatibleVTable: (name: \"_ZTS1A\", summary: ((offset: 16, ^5))) ; guid = 7004155349499253778\n\
             ^7 = flags: 8\n\
             ^8 = blockcount: 0\n"
        );
        assert_eq!(summary, want);
    }

    #[test]
    fn an_index_read_from_bitcode_prints_as_it_is() {
        let mut m = crate::parse_module(b"define void @f() {\n  ret void\n}\n", "t.ll").unwrap();
        m.summary.from_bitcode = true;
        m.summary.modules.insert(b"x.bc".to_vec(), [1, 2, 3, 4, 5]);
        let out = String::from_utf8(crate::print_module(&m)).unwrap();
        let want = "}\n\n^0 = module: (path: \"x.bc\", hash: (1, 2, 3, 4, 5))\n^1 = blockcount: 0\n";
        assert!(out.ends_with(want), "{out}");
    }

    #[test]
    fn nothing_written_without_values_or_flags() {
        let out = fmt(&format!("{MODULE}^1 = flags: 4\n^2 = blockcount: 5\n"));
        assert_eq!(out, "source_filename = \"t.ll\"\n");
    }
}
