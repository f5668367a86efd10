//! The module summary index as `llvm-dis` prints it (AsmWriter's `printModuleSummaryIndex`):
//! slots numbered modules first (by path), then global values (by GUID), then vtable type ids
//! (by name), then type ids; every field printed, defaults included, in LLVM's order.

use super::names::{write_escaped, write_i64, write_u64};
use llrs_ir::module::{Linkage, Visibility};
use llrs_ir::summary::{
    md5_low64, FunctionSummary, GlobalValueSummary, Guid, OffsetRange, RefAccess, SummaryIndex, SummaryKind,
    TypeIdInfo, TypeIdSummary, VFuncId, WpdKind, REGULAR_LTO_MODULE_NAME,
};
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;

/// Slot numbers (`SlotTracker::processIndex`).
struct Slots<'a> {
    modules: FxHashMap<&'a [u8], u64>,
    guids: FxHashMap<Guid, u64>,
    vtable_type_ids: BTreeMap<&'a [u8], u64>,
    type_ids: FxHashMap<&'a [u8], u64>,
    next: u64,
}

impl<'a> Slots<'a> {
    fn new(idx: &'a SummaryIndex) -> Self {
        let mut next = 0;
        let mut take = || {
            next += 1;
            next - 1
        };
        let modules = idx.modules.keys().map(|p| (p.as_slice(), take())).collect();
        let guids = idx.values.keys().map(|&g| (g, take())).collect();
        let vtable_type_ids = idx.vtable_type_ids.keys().map(|n| (n.as_slice(), take())).collect();
        let mut type_ids = FxHashMap::default();
        for (name, _) in idx.type_ids.values().flatten() {
            type_ids.entry(name.as_slice()).or_insert_with(&mut take);
        }
        Slots { modules, guids, vtable_type_ids, type_ids, next }
    }
    /// `^N` of a global value (`^-1` when it has no entry, as LLVM's missing slot).
    fn guid(&self, out: &mut Vec<u8>, g: Guid) {
        out.push(b'^');
        match self.guids.get(&g) {
            Some(&s) => write_u64(out, s),
            None => out.extend_from_slice(b"-1"),
        }
    }
}

/// `getLinkageName`.
fn linkage_name(l: Linkage) -> &'static str {
    match l {
        Linkage::External => "external",
        other => other.name(),
    }
}

fn visibility_name(v: Visibility) -> &'static str {
    match v {
        Visibility::Default => "default",
        Visibility::Hidden => "hidden",
        Visibility::Protected => "protected",
    }
}

fn put(out: &mut Vec<u8>, s: &str) {
    out.extend_from_slice(s.as_bytes());
}

fn put_flag(out: &mut Vec<u8>, key: &str, v: bool) {
    put(out, key);
    out.push(if v { b'1' } else { b'0' });
}

/// Writes `items` separated by `", "`.
fn join<T>(out: &mut Vec<u8>, items: impl IntoIterator<Item = T>, mut each: impl FnMut(&mut Vec<u8>, T)) {
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            out.extend_from_slice(b", ");
        }
        each(out, item);
    }
}

/// Prints `idx` as `printModuleSummaryIndex` does, starting with its blank line.
pub(super) fn write_summary_index(out: &mut Vec<u8>, idx: &SummaryIndex) {
    let slots = Slots::new(idx);
    let w = IndexWriter { idx, slots };
    w.write(out);
}

struct IndexWriter<'a> {
    idx: &'a SummaryIndex,
    slots: Slots<'a>,
}

impl IndexWriter<'_> {
    fn write(&self, out: &mut Vec<u8>) {
        out.push(b'\n');
        for (i, (path, hash)) in self.idx.modules.iter().enumerate() {
            put(out, "^");
            write_u64(out, i as u64);
            put(out, " = module: (path: \"");
            write_escaped(out, if path.is_empty() { REGULAR_LTO_MODULE_NAME } else { path });
            put(out, "\", hash: (");
            join(out, hash, |out, h| write_u64(out, *h as u64));
            put(out, "))\n");
        }
        for (&guid, entry) in &self.idx.values {
            self.slots.guid(out, guid);
            put(out, " = gv: (");
            let name = entry.name.as_deref().filter(|n| !n.is_empty());
            match name {
                Some(n) => {
                    put(out, "name: \"");
                    out.extend_from_slice(n);
                    out.push(b'"');
                }
                None => {
                    put(out, "guid: ");
                    write_u64(out, guid);
                }
            }
            if !entry.summaries.is_empty() {
                put(out, ", summaries: (");
                join(out, &entry.summaries, |out, s| self.summary(out, s));
                out.push(b')');
            }
            out.push(b')');
            if name.is_some() {
                put(out, " ; guid = ");
                write_u64(out, guid);
            }
            out.push(b'\n');
        }
        for (&guid, list) in &self.idx.type_ids {
            for (name, tis) in list {
                put(out, "^");
                write_u64(out, self.slots.type_ids.get(name.as_slice()).copied().unwrap_or_default());
                put(out, " = typeid: (name: \"");
                out.extend_from_slice(name);
                out.push(b'"');
                self.type_id_summary(out, tis);
                put(out, ") ; guid = ");
                write_u64(out, guid);
                out.push(b'\n');
            }
        }
        for (name, list) in &self.idx.vtable_type_ids {
            put(out, "^");
            write_u64(out, self.slots.vtable_type_ids[name.as_slice()]);
            put(out, " = typeidCompatibleVTable: (name: \"");
            out.extend_from_slice(name);
            put(out, "\", summary: (");
            join(out, list, |out, e| {
                put(out, "(offset: ");
                write_u64(out, e.offset);
                put(out, ", ");
                self.slots.guid(out, e.vtable);
                out.push(b')');
            });
            put(out, ")) ; guid = ");
            write_u64(out, md5_low64(name));
            out.push(b'\n');
        }
        let mut n = self.slots.next;
        if self.idx.flags != 0 {
            put(out, "^");
            write_u64(out, n);
            put(out, " = flags: ");
            write_u64(out, self.idx.flags);
            out.push(b'\n');
            n += 1;
        }
        put(out, "^");
        write_u64(out, n);
        put(out, " = blockcount: ");
        write_u64(out, self.idx.block_count);
        out.push(b'\n');
    }

    /// `printSummary`.
    fn summary(&self, out: &mut Vec<u8>, s: &GlobalValueSummary) {
        put(out, s.kind.name());
        put(out, ": (module: ^");
        match self.slots.modules.get(s.module.as_slice()) {
            Some(&m) => write_u64(out, m),
            None => put(out, "-1"),
        }
        let f = &s.flags;
        put(out, ", flags: (linkage: ");
        put(out, linkage_name(f.linkage));
        put(out, ", visibility: ");
        put(out, visibility_name(f.visibility));
        put_flag(out, ", notEligibleToImport: ", f.not_eligible_to_import);
        put_flag(out, ", live: ", f.live);
        put_flag(out, ", dsoLocal: ", f.dso_local);
        put_flag(out, ", canAutoHide: ", f.can_auto_hide);
        put(out, ", importType: ");
        put(out, f.import_type.name());
        out.push(b')');
        match &s.kind {
            SummaryKind::Alias(a) => {
                put(out, ", aliasee: ");
                match a.aliasee {
                    Some(g) => self.slots.guid(out, g),
                    None => put(out, "null"),
                }
            }
            SummaryKind::Function(fs) => self.function(out, fs),
            SummaryKind::Variable(v) => {
                put_flag(out, ", varFlags: (readonly: ", v.flags.read_only);
                put_flag(out, ", writeonly: ", v.flags.write_only);
                put_flag(out, ", constant: ", v.flags.constant);
                if !v.vtable_funcs.is_empty() {
                    put(out, ", vcall_visibility: ");
                    write_u64(out, v.flags.vcall_visibility as u64);
                }
                out.push(b')');
                if !v.vtable_funcs.is_empty() {
                    put(out, ", vTableFuncs: (");
                    join(out, &v.vtable_funcs, |out, vf| {
                        put(out, "(virtFunc: ");
                        self.slots.guid(out, vf.func);
                        put(out, ", offset: ");
                        write_u64(out, vf.offset);
                        out.push(b')');
                    });
                    out.push(b')');
                }
            }
        }
        if !s.refs.is_empty() {
            put(out, ", refs: (");
            join(out, &s.refs, |out, r| {
                match r.access {
                    RefAccess::ReadOnly => put(out, "readonly "),
                    RefAccess::WriteOnly => put(out, "writeonly "),
                    RefAccess::Any => {}
                }
                self.slots.guid(out, r.guid);
            });
            out.push(b')');
        }
        out.push(b')');
    }

    /// `printFunctionSummary`.
    fn function(&self, out: &mut Vec<u8>, fs: &FunctionSummary) {
        put(out, ", insts: ");
        write_u64(out, fs.insts as u64);
        if fs.flags.any() {
            put(out, ", funcFlags: (");
            join(out, fs.flags.named(), |out, (k, v)| {
                put(out, k);
                put_flag(out, ": ", v);
            });
            out.push(b')');
        }
        if !fs.calls.is_empty() {
            put(out, ", calls: (");
            join(out, &fs.calls, |out, c| {
                put(out, "(callee: ");
                self.slots.guid(out, c.callee);
                if c.hotness != Default::default() {
                    put(out, ", hotness: ");
                    put(out, c.hotness.name());
                }
                if c.tail {
                    put(out, ", tail: 1");
                }
                out.push(b')');
            });
            out.push(b')');
        }
        if !fs.type_id_info.is_empty() {
            self.type_id_info(out, &fs.type_id_info);
        }
        if !fs.allocs.is_empty() {
            put(out, ", allocs: (");
            join(out, &fs.allocs, |out, a| {
                put(out, "(versions: (");
                join(out, &a.versions, |out, v| put(out, v.name()));
                put(out, "), memProf: (");
                join(out, &a.mibs, |out, mib| {
                    put(out, "(type: ");
                    put(out, mib.alloc_type.name());
                    put(out, ", stackIds: (");
                    join(out, &mib.stack_ids, |out, id| write_u64(out, *id));
                    put(out, "))");
                });
                put(out, "))");
            });
            out.push(b')');
        }
        if !fs.callsites.is_empty() {
            put(out, ", callsites: (");
            join(out, &fs.callsites, |out, c| {
                match c.callee {
                    Some(g) => {
                        put(out, "(callee: ");
                        self.slots.guid(out, g);
                    }
                    None => put(out, "(callee: null"),
                }
                put(out, ", clones: (");
                join(out, &c.clones, |out, v| write_u64(out, *v as u64));
                put(out, "), stackIds: (");
                join(out, &c.stack_ids, |out, id| write_u64(out, *id));
                put(out, "))");
            });
            out.push(b')');
        }
        if !fs.params.is_empty() {
            let range = |out: &mut Vec<u8>, r: OffsetRange| {
                out.push(b'[');
                write_i64(out, r.signed_min());
                put(out, ", ");
                write_i64(out, r.signed_max());
                out.push(b']');
            };
            put(out, ", params: (");
            join(out, &fs.params, |out, p| {
                put(out, "(param: ");
                write_u64(out, p.param);
                put(out, ", offset: ");
                range(out, p.offsets);
                if !p.calls.is_empty() {
                    put(out, ", calls: (");
                    join(out, &p.calls, |out, c| {
                        put(out, "(callee: ");
                        self.slots.guid(out, c.callee);
                        put(out, ", param: ");
                        write_u64(out, c.param);
                        put(out, ", offset: ");
                        range(out, c.offsets);
                        out.push(b')');
                    });
                    out.push(b')');
                }
                out.push(b')');
            });
            out.push(b')');
        }
    }

    /// The type ids of a GUID as `^N` slots (several names may share it).
    fn type_id_slots(&self, guid: Guid) -> Vec<u64> {
        let list = self.idx.type_ids.get(&guid).map(Vec::as_slice).unwrap_or_default();
        list.iter().map(|(n, _)| self.slots.type_ids.get(n.as_slice()).copied().unwrap_or_default()).collect()
    }

    /// `printVFuncId`.
    fn vfunc_id(&self, out: &mut Vec<u8>, v: &VFuncId) {
        let slots = self.type_id_slots(v.guid);
        if slots.is_empty() {
            put(out, "vFuncId: (guid: ");
            write_u64(out, v.guid);
        } else {
            join(out, &slots, |out, s| {
                put(out, "vFuncId: (^");
                write_u64(out, *s);
                put(out, ", offset: ");
                write_u64(out, v.offset);
                out.push(b')');
            });
            return;
        }
        put(out, ", offset: ");
        write_u64(out, v.offset);
        out.push(b')');
    }

    /// `printTypeIdInfo`.
    fn type_id_info(&self, out: &mut Vec<u8>, t: &TypeIdInfo) {
        put(out, ", typeIdInfo: (");
        let mut parts: Vec<Vec<u8>> = Vec::new();
        if !t.type_tests.is_empty() {
            let mut p = b"typeTests: (".to_vec();
            let mut items = Vec::new();
            for &g in &t.type_tests {
                let slots = self.type_id_slots(g);
                if slots.is_empty() {
                    items.push(g.to_string());
                } else {
                    items.extend(slots.iter().map(|s| format!("^{s}")));
                }
            }
            p.extend_from_slice(items.join(", ").as_bytes());
            p.push(b')');
            parts.push(p);
        }
        for (tag, list) in [
            ("typeTestAssumeVCalls", &t.type_test_assume_vcalls),
            ("typeCheckedLoadVCalls", &t.type_checked_load_vcalls),
        ] {
            if !list.is_empty() {
                let mut p = format!("{tag}: (").into_bytes();
                join(&mut p, list, |out, v| self.vfunc_id(out, v));
                p.push(b')');
                parts.push(p);
            }
        }
        for (tag, list) in [
            ("typeTestAssumeConstVCalls", &t.type_test_assume_const_vcalls),
            ("typeCheckedLoadConstVCalls", &t.type_checked_load_const_vcalls),
        ] {
            if !list.is_empty() {
                let mut p = format!("{tag}: (").into_bytes();
                join(&mut p, list, |out, c| {
                    out.push(b'(');
                    self.vfunc_id(out, &c.vfunc);
                    if !c.args.is_empty() {
                        put(out, ", args: (");
                        join(out, &c.args, |out, a| write_u64(out, *a));
                        out.push(b')');
                    }
                    out.push(b')');
                });
                p.push(b')');
                parts.push(p);
            }
        }
        join(out, parts, |out, p| out.extend_from_slice(&p));
        out.push(b')');
    }

    /// `printTypeIdSummary`.
    fn type_id_summary(&self, out: &mut Vec<u8>, tis: &TypeIdSummary) {
        let r = &tis.ttres;
        put(out, ", summary: (typeTestRes: (kind: ");
        put(out, r.kind.name());
        put(out, ", sizeM1BitWidth: ");
        write_u64(out, r.size_m1_bit_width as u64);
        for (key, v) in [
            (", alignLog2: ", r.align_log2),
            (", sizeM1: ", r.size_m1),
            (", bitMask: ", r.bit_mask as u64),
            (", inlineBits: ", r.inline_bits),
        ] {
            if v != 0 {
                put(out, key);
                write_u64(out, v);
            }
        }
        out.push(b')');
        if !tis.wpd.is_empty() {
            put(out, ", wpdResolutions: (");
            join(out, &tis.wpd, |out, (offset, res)| {
                put(out, "(offset: ");
                write_u64(out, *offset);
                put(out, ", wpdRes: (kind: ");
                put(out, res.kind.name());
                if res.kind == WpdKind::SingleImpl {
                    put(out, ", singleImplName: \"");
                    out.extend_from_slice(&res.single_impl_name);
                    out.push(b'"');
                }
                if !res.res_by_arg.is_empty() {
                    put(out, ", resByArg: (");
                    join(out, &res.res_by_arg, |out, (args, by)| {
                        put(out, "args: (");
                        join(out, args, |out, a| write_u64(out, *a));
                        put(out, "), byArg: (kind: ");
                        put(out, by.kind.name());
                        use llrs_ir::summary::ByArgKind::{UniformRetVal, UniqueRetVal};
                        if matches!(by.kind, UniformRetVal | UniqueRetVal) {
                            put(out, ", info: ");
                            write_u64(out, by.info);
                        }
                        if by.byte != 0 || by.bit != 0 {
                            put(out, ", byte: ");
                            write_u64(out, by.byte as u64);
                            put(out, ", bit: ");
                            write_u64(out, by.bit as u64);
                        }
                        out.push(b')');
                    });
                    out.push(b')');
                }
                put(out, "))");
            });
            out.push(b')');
        }
        out.push(b')');
    }
}

#[cfg(test)]
mod tests {
    fn fmt(src: &str) -> String {
        let m = crate::parse_module(src.as_bytes(), "t.ll").unwrap_or_else(|d| panic!("{d}"));
        String::from_utf8(crate::print_module(&m)).unwrap()
    }

    #[test]
    fn prints_every_field_in_llvm_order() {
        let src = "^0 = module: (path: \"a\", hash: (0, 0, 0, 0, 0))\n\
             ^1 = gv: (guid: 5, summaries: (function: (module: ^0, flags: (linkage: external), insts: 1, \
             callsites: ((callee: ^1, clones: (0), stackIds: (1, 2))), \
             allocs: ((versions: (none), memProf: ((type: cold, stackIds: (3, 4))))), \
             params: ((param: 0, offset: [0, 3], calls: ((callee: ^1, param: 2, offset: [-4, 5]))), \
             (param: 1, offset: [5, 4])), funcFlags: (noUnwind : 1))))\n\
             ^3 = gv: (guid: 6, summaries: (function: (module: ^0, flags: (linkage: external), insts: 1, \
             typeIdInfo: (typeCheckedLoadConstVCalls: ((vFuncId: (^2, offset: 16), args: (42)))))))\n\
             ^2 = typeid: (name: \"_ZTS1A\", summary: (typeTestRes: (kind: allOnes, sizeM1BitWidth: 7, \
             bitMask: 3), wpdResolutions: ((offset: 8, wpdRes: (kind: singleImpl, singleImplName: \"_ZN1A1nEi\")), \
             (offset: 0, wpdRes: (kind: indir, resByArg: (args: (3), byArg: (kind: uniformRetVal, info: 1), \
             args: (1, 2), byArg: (kind: indir, byte: 2, bit: 3)))))))";
        let want = "source_filename = \"<stdin>\"\n\n\
             ^0 = module: (path: \"a\", hash: (0, 0, 0, 0, 0))\n\
             ^1 = gv: (guid: 5, summaries: (function: (module: ^0, flags: (linkage: external, visibility: default, \
             notEligibleToImport: 0, live: 0, dsoLocal: 0, canAutoHide: 0, importType: definition), insts: 1, \
             funcFlags: (readNone: 0, readOnly: 0, noRecurse: 0, returnDoesNotAlias: 0, noInline: 0, \
             alwaysInline: 0, noUnwind: 1, mayThrow: 0, hasUnknownCall: 0, mustBeUnreachable: 0), \
             allocs: ((versions: (none), memProf: ((type: cold, stackIds: ())))), \
             callsites: ((callee: ^1, clones: (0), stackIds: (1, 2))), \
             params: ((param: 0, offset: [0, 3], calls: ((callee: ^1, param: 2, offset: [-4, 5]))), \
             (param: 1, offset: [0, -1])))))\n\
             ^2 = gv: (guid: 6, summaries: (function: (module: ^0, flags: (linkage: external, visibility: default, \
             notEligibleToImport: 0, live: 0, dsoLocal: 0, canAutoHide: 0, importType: definition), insts: 1, \
             typeIdInfo: (typeCheckedLoadConstVCalls: ((vFuncId: (^3, offset: 16), args: (42)))))))\n\
             ^3 = typeid: (name: \"_ZTS1A\", summary: (typeTestRes: (kind: allOnes, sizeM1BitWidth: 7, bitMask: 3), \
             wpdResolutions: ((offset: 0, wpdRes: (kind: indir, resByArg: (args: (1, 2), byArg: (kind: indir, \
             byte: 2, bit: 3), args: (3), byArg: (kind: uniformRetVal, info: 1)))), (offset: 8, wpdRes: (kind: \
             singleImpl, singleImplName: \"_ZN1A1nEi\"))))) ; guid = 7004155349499253778\n\
             ^4 = blockcount: 0\n";
        assert_eq!(fmt(src), want);
    }
}
