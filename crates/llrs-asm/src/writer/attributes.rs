//! Attributes (`Attribute::getAsString`, `writeAttribute`, `writeAttributeSet`) and groups.

use super::names::{write_escaped, write_u64};
use super::Writer;
use llrs_ir::attributes::{
    AllocFnKind, Attr, AttrArg, AttrsId, CaptureComponents, CaptureInfo, ConstantRangeList, FPClassTest, MemoryEffects,
    UwTableKind, MEMORY_LOCATIONS,
};

const MODREF: [&[u8]; 4] = [b"none", b"read", b"write", b"readwrite"];

/// `memory(...)` as LLVM 22.1's `Attribute::getAsString` prints it: the access kind of `other`
/// first (unless it is `none` and something else is not), then every location that differs from
/// it (target memory locations included, even when `none`).
pub fn write_memory(out: &mut Vec<u8>, me: MemoryEffects) {
    const OTHER: usize = 3;
    out.extend_from_slice(b"memory(");
    let other = me.get(OTHER);
    let union = (0..MEMORY_LOCATIONS.len()).fold(0, |a, l| a | me.get(l));
    let mut first = true;
    if other != 0 || union == other {
        first = false;
        out.extend_from_slice(MODREF[other as usize]);
    }
    for (loc, name) in MEMORY_LOCATIONS.iter().enumerate() {
        let mr = me.get(loc);
        if mr == other {
            continue;
        }
        if !first {
            out.extend_from_slice(b", ");
        }
        first = false;
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(b": ");
        out.extend_from_slice(MODREF[mr as usize]);
    }
    out.push(b')');
}

/// Names separated by `sep`.
fn write_names(out: &mut Vec<u8>, names: impl Iterator<Item = &'static str>, sep: &[u8]) {
    for (i, n) in names.enumerate() {
        if i > 0 {
            out.extend_from_slice(sep);
        }
        out.extend_from_slice(n.as_bytes());
    }
}

fn write_components(out: &mut Vec<u8>, c: CaptureComponents) {
    write_names(out, c.names(), b", ");
}

/// `captures(...)` as LLVM's `operator<<(CaptureInfo)` prints it: the other components (unless
/// `none` while the return value's are not), then `ret: ...` when those differ.
pub fn write_captures(out: &mut Vec<u8>, ci: CaptureInfo) {
    out.extend_from_slice(b"captures(");
    if ci.prints_other() {
        write_components(out, ci.other);
    }
    if ci.prints_ret() {
        if ci.prints_other() {
            out.extend_from_slice(b", ");
        }
        out.extend_from_slice(b"ret: ");
        write_components(out, ci.ret);
    }
    out.push(b')');
}

/// `nofpclass(...)` with LLVM's grouped class names.
pub fn write_nofpclass(out: &mut Vec<u8>, t: FPClassTest) {
    out.extend_from_slice(b"nofpclass(");
    write_names(out, t.names(), b" ");
    out.push(b')');
}

/// `initializes((lo, hi), ...)`.
pub fn write_initializes(out: &mut Vec<u8>, l: &ConstantRangeList) {
    let int = |out: &mut Vec<u8>, v: i64| {
        if v < 0 {
            out.push(b'-');
        }
        write_u64(out, v.unsigned_abs());
    };
    out.extend_from_slice(b"initializes(");
    for (i, r) in l.ranges().iter().enumerate() {
        out.extend_from_slice(if i > 0 { b", (" } else { b"(" });
        int(out, r.lo);
        out.extend_from_slice(b", ");
        int(out, r.hi);
        out.push(b')');
    }
    out.push(b')');
}

/// `uwtable` (async, LLVM's default) or `uwtable(sync)`.
pub fn write_uwtable(out: &mut Vec<u8>, k: UwTableKind) {
    out.extend_from_slice(if k == UwTableKind::Sync { b"uwtable(sync)" } else { b"uwtable" });
}

/// `allockind("...")` with the kinds in LLVM's fixed order.
pub fn write_allockind(out: &mut Vec<u8>, k: AllocFnKind) {
    out.extend_from_slice(b"allockind(\"");
    write_names(out, k.names(), b",");
    out.extend_from_slice(b"\")");
}

impl Writer<'_> {
    /// One attribute; `group` selects the attribute-group spelling (`align=8`).
    pub(super) fn write_attr(&mut self, a: &Attr, group: bool) {
        let c = self.c;
        let kind = c.name(a.kind);
        match &a.arg {
            AttrArg::None => self.out.extend_from_slice(kind),
            AttrArg::Int(n) => {
                self.out.extend_from_slice(kind);
                if kind == b"align" {
                    self.out.push(if group { b'=' } else { b' ' });
                    write_u64(&mut self.out, *n);
                } else if group && matches!(kind, b"alignstack" | b"dereferenceable" | b"dereferenceable_or_null") {
                    self.out.push(b'=');
                    write_u64(&mut self.out, *n);
                } else {
                    self.out.push(b'(');
                    write_u64(&mut self.out, *n);
                    self.out.push(b')');
                }
            }
            AttrArg::Type(t) => {
                self.out.extend_from_slice(kind);
                self.out.push(b'(');
                self.write_type(*t);
                self.out.push(b')');
            }
            AttrArg::Str(v) => {
                self.out.push(b'"');
                self.out.extend_from_slice(kind);
                self.out.push(b'"');
                if let Some(v) = v {
                    let v = c.name(*v);
                    if !v.is_empty() {
                        self.out.extend_from_slice(b"=\"");
                        write_escaped(&mut self.out, v);
                        self.out.push(b'"');
                    }
                }
            }
            AttrArg::Memory(me) => write_memory(&mut self.out, *me),
            AttrArg::Range(t, lo, hi) => {
                self.out.extend_from_slice(kind);
                self.out.push(b'(');
                self.write_type(*t);
                self.out.push(b' ');
                super::constants::write_apint_signed(&mut self.out, lo);
                self.out.extend_from_slice(b", ");
                super::constants::write_apint_signed(&mut self.out, hi);
                self.out.push(b')');
            }
            AttrArg::AllocSize(a, b) => {
                self.out.extend_from_slice(kind);
                self.out.push(b'(');
                write_u64(&mut self.out, *a as u64);
                if let Some(b) = b {
                    self.out.push(b',');
                    write_u64(&mut self.out, *b as u64);
                }
                self.out.push(b')');
            }
            AttrArg::VScale(a, b) => {
                self.out.extend_from_slice(kind);
                self.out.push(b'(');
                write_u64(&mut self.out, *a as u64);
                self.out.push(b',');
                write_u64(&mut self.out, *b as u64);
                self.out.push(b')');
            }
            AttrArg::Captures(ci) => write_captures(&mut self.out, *ci),
            AttrArg::NoFPClass(t) => write_nofpclass(&mut self.out, *t),
            AttrArg::Initializes(l) => write_initializes(&mut self.out, l),
            AttrArg::UwTable(k) => write_uwtable(&mut self.out, *k),
            AttrArg::AllocKind(k) => write_allockind(&mut self.out, *k),
        }
    }

    /// The attributes of a set separated by spaces, in LLVM's order.
    pub(super) fn write_attr_set(&mut self, a: AttrsId, group: bool) {
        let c = self.c;
        // `Context::attrs` keeps every set in LLVM's order.
        for (i, at) in c.attrs_of(a).iter().enumerate() {
            if i > 0 {
                self.out.push(b' ');
            }
            self.write_attr(at, group);
        }
    }

    /// `; Function Attrs: ...` line (non-string attributes only).
    pub(super) fn write_fn_attrs_comment(&mut self, a: AttrsId) {
        let c = self.c;
        let mut first = true;
        for at in c.attrs_of(a) {
            if matches!(at.arg, AttrArg::Str(_)) {
                continue;
            }
            if first {
                self.out.extend_from_slice(b"; Function Attrs: ");
                first = false;
            } else {
                self.out.push(b' ');
            }
            self.write_attr(at, false);
        }
        if !first {
            self.out.push(b'\n');
        }
    }

    /// ` #N` for a non-empty set.
    pub(super) fn write_attr_group_ref(&mut self, a: AttrsId) {
        if a == AttrsId::EMPTY {
            return;
        }
        self.out.extend_from_slice(b" #");
        match self.slots.attr_group(a) {
            Some(n) => write_u64(&mut self.out, n as u64),
            None => self.out.extend_from_slice(b"-1"),
        }
    }

    /// `attributes #N = { ... }` lines.
    pub(super) fn write_attr_groups(&mut self) {
        let order = std::mem::take(&mut std::sync::Arc::make_mut(&mut self.slots).attr_order);
        for (i, &a) in order.iter().enumerate() {
            self.out.extend_from_slice(b"attributes #");
            write_u64(&mut self.out, i as u64);
            self.out.extend_from_slice(b" = { ");
            self.write_attr_set(a, true);
            self.out.extend_from_slice(b" }\n");
        }
        std::sync::Arc::make_mut(&mut self.slots).attr_order = order;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use llrs_ir::attributes::OffsetRange;

    fn show(f: impl FnOnce(&mut Vec<u8>)) -> String {
        let mut out = Vec::new();
        f(&mut out);
        String::from_utf8(out).expect("utf-8")
    }

    #[test]
    fn built_arguments_print_as_llvm() {
        let c = CaptureComponents::ADDRESS | CaptureComponents::READ_PROVENANCE;
        assert_eq!(show(|o| write_captures(o, CaptureInfo::uniform(c))), "captures(address, read_provenance)");
        let ci = CaptureInfo::new(CaptureComponents::NONE, CaptureComponents::ALL);
        assert_eq!(show(|o| write_captures(o, ci)), "captures(ret: address, provenance)");
        let ci = CaptureInfo::new(CaptureComponents::ADDRESS_IS_NULL, CaptureComponents::NONE);
        assert_eq!(show(|o| write_captures(o, ci)), "captures(address_is_null, ret: none)");
        assert_eq!(show(|o| write_captures(o, CaptureInfo::NONE)), "captures(none)");
        let t = FPClassTest::NAN | FPClassTest::NEG_ZERO;
        assert_eq!(show(|o| write_nofpclass(o, t)), "nofpclass(nan nzero)");
        let r = |lo, hi| OffsetRange { lo, hi };
        let l = ConstantRangeList::new(vec![r(-8, -4), r(0, 4)]).expect("ordered");
        assert_eq!(show(|o| write_initializes(o, &l)), "initializes((-8, -4), (0, 4))");
        assert_eq!(show(|o| write_uwtable(o, UwTableKind::Async)), "uwtable");
        assert_eq!(show(|o| write_uwtable(o, UwTableKind::Sync)), "uwtable(sync)");
        let k = AllocFnKind::ZEROED | AllocFnKind::ALLOC;
        assert_eq!(show(|o| write_allockind(o, k)), "allockind(\"alloc,zeroed\")");
    }
}
