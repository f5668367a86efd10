//! LLVM's normalization of specialized debug-info nodes as they are read: old field spellings,
//! implied fields and values that LLVM rewrites (e.g. `isLocal:`/`isDefinition:` into `spFlags:`).
//!
//! LLVM's parser turns every `!DIxxx(...)` into an object with one value per field (defaults for
//! the fields not written), and its printer writes those values back, leaving out the ones
//! `writeDIxxx` in `AsmWriter.cpp` skips when they are default. The writer of llrs prints the
//! fields a node holds, so this module makes a node hold exactly what LLVM 22 prints:
//!
//! * fields that are always printed and were not written get their default (`isOptimized:
//!   false`, `runtimeVersion: 0`, `emissionKind: NoDebug`, `scope: null`, `line: 0`, ...);
//! * fields written with the value the printer skips are dropped (`producer: ""`,
//!   `imports: null`, `column: 0`, `splitDebugInlining: true`, `tag: DW_TAG_base_type` on a
//!   `DIBasicType`, ...);
//! * values are written in the printer's spelling: DWARF constants by name (`emissionKind: 2` is
//!   `LineTablesOnly`, `tag: 3` is `DW_TAG_entry_point`), flags split and ordered as
//!   `DINode::splitFlags` / `DISubprogram::splitFlags` do (unknown bits last, as a number);
//! * `DISubprogram`'s legacy `isLocal:`, `isDefinition:` (default true), `isOptimized:` and
//!   `virtuality:` fold into `spFlags:` when that is absent (`DISubprogram::toSPFlags`), and
//!   `virtualIndex:` is printed exactly when the virtuality or the index is non-zero;
//! * fields are put in print order, so equal nodes written in different orders are uniqued.
//!
//! The rules follow `llvm/lib/AsmParser/LLParser.cpp` (defaults of each `parseDIxxx`),
//! `llvm/lib/IR/AsmWriter.cpp` (`MDFieldPrinter` and `writeDIxxx`), and were checked against the
//! LLVM 22 binaries; the field tables are [`llrs_ir::di_tables`].

use llrs_ir::di_tables::{di_node_spec_bytes, DiField, DiFieldKind, PARSE_ONLY_FIELDS};
use llrs_ir::dwarf::{
    di_flag_value, sp_flag_value, DI_FLAGS, DW_ATES, DW_CCS, DW_LANGS, DW_MACINFOS, DW_TAGS, SP_FLAGS,
};
use llrs_ir::{Context, DiValue, Md, MdKind, MdNode, Symbol};
use smallvec::SmallVec;

/// Rewrites a specialized node as LLVM 22 holds it after reading.
pub fn upgrade_di_node(ctx: &mut Context, node: &mut MdNode) {
    let MdKind::Special(kw) = node.kind else { return };
    let mut written = SmallVec::from_vec(std::mem::take(&mut node.fields).into_vec());
    node.fields = upgrade_di_fields(ctx, kw, &mut written);
}

/// The symbols of `DILocation` and of the fields it is usually written with, interned once per
/// context for [`canonical_location`].
#[derive(Clone, Copy, Debug)]
pub struct LocationSyms {
    /// `DILocation`.
    pub kind: Symbol,
    /// `line`, `column`, `scope` and `inlinedAt`, in print order.
    fields: [Symbol; 4],
}

impl LocationSyms {
    /// Interns the symbols in `ctx`.
    pub fn new(ctx: &mut Context) -> Self {
        LocationSyms {
            kind: ctx.sym("DILocation"),
            fields: [ctx.sym("line"), ctx.sym("column"), ctx.sym("scope"), ctx.sym("inlinedAt")],
        }
    }
}

/// The fields of a `DILocation` when they are written as LLVM prints them, which
/// [`upgrade_di_fields`] leaves as they are: `line:` and `scope:` with any value, a `column:`
/// that is not 0 and an `inlinedAt:` that is not null, each at most once, in that order, and no
/// other field. `None` otherwise (and `written` is untouched). The most common node of a
/// module with debug info then takes no look-up by name.
pub fn canonical_location(syms: &LocationSyms, written: &mut SmallVec<[Field; 16]>) -> Option<Box<[Field]>> {
    let [line, column, scope, inlined_at] = syms.fields;
    let mut next = 0;
    for (name, v) in written.iter() {
        let at = syms.fields[next..].iter().position(|f| Some(*f) == *name)? + next;
        let dropped = match syms.fields[at] {
            s if s == column => matches!(v, DiValue::Int(0) | DiValue::Md(Md::Null)),
            s if s == inlined_at => matches!(v, DiValue::Md(Md::Null)),
            _ => false,
        };
        if dropped {
            return None;
        }
        next = at + 1;
    }
    let has = |s: Symbol| written.iter().any(|(n, _)| *n == Some(s));
    (has(line) && has(scope)).then(|| boxed(written))
}

/// The fields of a specialized node of kind `kw` (`DISubprogram`, ...) written as `written`,
/// as LLVM 22 holds them after reading (see [`upgrade_di_node`]); one allocation, of the
/// fields' exact size.
pub fn upgrade_di_fields(ctx: &mut Context, kw: Symbol, written: &mut SmallVec<[Field; 16]>) -> Box<[Field]> {
    let Some(spec) = di_node_spec_bytes(ctx.name(kw)) else {
        return boxed(written);
    };
    let kind = spec.name;
    let order = spec.print_order;
    let parse_only: &[&str] = PARSE_ONLY_FIELDS.iter().find(|(k, _)| *k == kind).map(|(_, f)| *f).unwrap_or(&[]);
    // `DISubprogram`'s flags, from the fields as written: a node whose values the fold does
    // not understand is left as written.
    let sp_bits = if kind == "DISubprogram" {
        let named = |name: &str| {
            written.iter().find(|(s, _)| s.is_some_and(|s| ctx.name(s) == name.as_bytes())).map(|(_, v)| v)
        };
        match sp_flag_bits(ctx, named) {
            Some(bits) => Some(bits),
            None => return boxed(written),
        }
    } else {
        None
    };
    let mut fields = Fields { order, slots: SmallVec::from_elem(None, order.len()), extras: SmallVec::new() };
    // Fields are usually written in print order: look for each from just after the last one.
    let mut hint = 0;
    for (sym, v) in written.drain(..) {
        let name = sym.map(|s| ctx.name(s));
        let at = name.and_then(|name| spec.print_index(name, hint));
        match at {
            Some(i) => {
                hint = i + 1;
                fields.slots[i] = Some((sym, v));
            }
            None => {
                let known = name
                    .and_then(|name| parse_only.iter().chain(QUERIED_FIELDS).copied().find(|n| n.as_bytes() == name));
                fields.extras.push((sym, known, v));
            }
        }
    }
    if let Some(bits) = sp_bits {
        fold_sp_flags(ctx, &mut fields, bits);
    }
    if kind == "DIDerivedType" {
        ptr_auth_fields(ctx, &mut fields);
    }
    let mut out: SmallVec<[Field; 24]> = SmallVec::new();
    for (f, slot) in order.iter().zip(fields.slots) {
        let value = match slot {
            Some((sym, v)) => normalize(ctx, kind, f, v).map(|v| (sym, v)),
            None => implied(ctx, kind, f).map(|v| (Some(ctx.sym(f.name)), v)),
        };
        if let Some((sym, v)) = value {
            out.push((sym, v));
        }
    }
    for (sym, name, v) in fields.extras {
        if name.is_some_and(|n| parse_only.contains(&n)) {
            continue;
        }
        out.push((sym, v));
    }
    boxed(&mut out)
}

/// The fields of `v`, moved into a slice of their exact size (`v` is left empty; nothing but
/// the fields is copied).
fn boxed<const N: usize>(v: &mut SmallVec<[Field; N]>) -> Box<[Field]>
where
    [Field; N]: smallvec::Array<Item = Field>,
{
    let mut b = Vec::with_capacity(v.len());
    b.extend(v.drain(..));
    b.into_boxed_slice()
}

/// Field names the rewrites below ask for that are not printed: legacy fields folded away.
const QUERIED_FIELDS: &[&str] = &["isLocal", "isDefinition", "isOptimized", "virtuality"];

/// A field as written: its name's symbol and its value.
pub type Field = (Option<Symbol>, DiValue);

/// A field LLVM does not print: symbol, its name when known, value.
type Extra = (Option<Symbol>, Option<&'static str>, DiValue);

/// A node's fields while they are rewritten: those LLVM prints by their place in the print
/// order, the others (symbol, name when known, value) in the order written.
struct Fields {
    order: &'static [DiField],
    slots: SmallVec<[Option<Field>; 24]>,
    extras: SmallVec<[Extra; 2]>,
}

impl Fields {
    /// The place of a printed field.
    fn slot(&self, name: &str) -> Option<usize> {
        self.order.iter().position(|f| f.name == name)
    }

    /// The value of a field, if written.
    fn get(&self, name: &str) -> Option<&DiValue> {
        match self.slot(name) {
            Some(i) => self.slots[i].as_ref().map(|(_, v)| v),
            None => self.extras.iter().find(|(_, n, _)| *n == Some(name)).map(|(_, _, v)| v),
        }
    }

    /// Removes a field, giving back its symbol and value.
    fn take(&mut self, name: &str) -> Option<(Option<Symbol>, DiValue)> {
        match self.slot(name) {
            Some(i) => self.slots[i].take(),
            None => {
                let i = self.extras.iter().position(|(_, n, _)| *n == Some(name))?;
                let (s, _, v) = self.extras.remove(i);
                Some((s, v))
            }
        }
    }

    /// Sets a field (replacing its value, or adding it).
    fn set(&mut self, ctx: &mut Context, name: &'static str, v: DiValue) {
        match self.slot(name) {
            Some(i) => match &mut self.slots[i] {
                Some(slot) => slot.1 = v,
                None => self.slots[i] = Some((Some(ctx.sym(name)), v)),
            },
            None => match self.extras.iter_mut().find(|(_, n, _)| *n == Some(name)) {
                Some(slot) => slot.2 = v,
                None => self.extras.push((Some(ctx.sym(name)), Some(name), v)),
            },
        }
    }
}

/// `DISubprogram`'s flags from its fields (`get` gives a field's value by name): an explicit
/// `spFlags:` wins over the legacy fields; without it, `isLocal`/`isDefinition`/`isOptimized`/
/// `virtuality` make them. `None` when a value is not one LLVM accepts.
fn sp_flag_bits<'v>(ctx: &Context, get: impl Fn(&str) -> Option<&'v DiValue>) -> Option<u64> {
    if let Some(v) = get("spFlags") {
        return flag_bits(ctx, v, sp_flag_value);
    }
    let flag = |name: &str, default: bool| match get(name) {
        None => Some(default),
        Some(v) => as_bool(ctx, v),
    };
    let (local, def, opt) = (flag("isLocal", false)?, flag("isDefinition", true)?, flag("isOptimized", false)?);
    let virt = match get("virtuality") {
        None => 0,
        Some(DiValue::Int(v)) if (0..=2).contains(v) => *v as u64,
        Some(DiValue::Ident(s)) => match ctx.name(*s) {
            b"DW_VIRTUALITY_none" => 0,
            b"DW_VIRTUALITY_virtual" => 1,
            b"DW_VIRTUALITY_pure_virtual" => 2,
            _ => return None,
        },
        Some(_) => return None,
    };
    Some(virt | u64::from(local) << 2 | u64::from(def) << 3 | u64::from(opt) << 4)
}

/// `DISubprogram`: the flags `bits` (see [`sp_flag_bits`]) become `spFlags:` and the legacy
/// fields are dropped. Then `virtualIndex:` is kept exactly when LLVM prints it.
fn fold_sp_flags(ctx: &mut Context, fields: &mut Fields, bits: u64) {
    for legacy in ["isLocal", "isDefinition", "isOptimized", "virtuality"] {
        fields.take(legacy);
    }
    let v = flags_value(ctx, bits, &sp_flag_split(bits));
    fields.set(ctx, "spFlags", v);
    // writeDISubprogram: `virtualIndex` when virtuality != none or the index != 0 (then even 0).
    let virtual_ = bits & 3 != 0;
    match fields.get("virtualIndex") {
        Some(DiValue::Int(0)) if !virtual_ => {
            fields.take("virtualIndex");
        }
        None if virtual_ => fields.set(ctx, "virtualIndex", DiValue::Int(0)),
        _ => {}
    }
}

/// `DIDerivedType` with tag `DW_TAG_LLVM_ptrauth_type`: the pointer-authentication data is
/// always printed, the two numbers only when non-zero and the three flags always. The parser
/// keeps the data only when `ptrAuthKey` is non-zero (else it is all zero).
fn ptr_auth_fields(ctx: &mut Context, fields: &mut Fields) {
    let is_ptr_auth = match fields.get("tag") {
        Some(DiValue::Ident(s)) => ctx.name(*s) == b"DW_TAG_LLVM_ptrauth_type",
        Some(DiValue::Int(n)) => *n == 0x4300,
        _ => false,
    };
    if !is_ptr_auth {
        return;
    }
    let has_key = !matches!(fields.get("ptrAuthKey"), None | Some(DiValue::Int(0)));
    let has_discriminator = !matches!(fields.get("ptrAuthExtraDiscriminator"), None | Some(DiValue::Int(0)));
    if !has_key {
        fields.take("ptrAuthKey");
    }
    if !has_key || !has_discriminator {
        fields.take("ptrAuthExtraDiscriminator");
    }
    for flag in ["ptrAuthIsAddressDiscriminated", "ptrAuthIsaPointer", "ptrAuthAuthenticatesNullValues"] {
        if !has_key || fields.get(flag).is_none() {
            let v = DiValue::Ident(ctx.sym("false"));
            fields.set(ctx, flag, v);
        }
    }
}

/// `true`/`false` as written.
fn as_bool(ctx: &Context, v: &DiValue) -> Option<bool> {
    match v {
        DiValue::Ident(s) => match ctx.name(*s) {
            b"true" => Some(true),
            b"false" => Some(false),
            _ => None,
        },
        _ => None,
    }
}

/// Fields that are printed whenever the node has a value for them, even a zero or empty one
/// (`std::optional` fields, constant bounds, checksums), or that this module leaves as written.
fn printed_when_present(kind: &str, field: &str) -> bool {
    match kind {
        "DISubrange" | "DIGenericSubrange" => true,
        "DICompositeType" => matches!(field, "rank" | "enumKind"),
        "DIDerivedType" => field == "dwarfAddressSpace" || field.starts_with("ptrAuth"),
        "DILabel" => field == "coroSuspendIdx",
        "DIFile" => matches!(field, "source" | "checksum" | "checksumkind"),
        "DISubprogram" => field == "virtualIndex",
        "DICompileUnit" => matches!(field, "language" | "sourceLanguageName" | "sourceLanguageVersion"),
        _ => false,
    }
}

/// The tag a node kind has when `tag:` is not written (printed only when different).
fn default_tag(kind: &str) -> Option<&'static str> {
    match kind {
        "DIBasicType" | "DIFixedPointType" => Some("DW_TAG_base_type"),
        "DIStringType" => Some("DW_TAG_string_type"),
        "DITemplateValueParameter" => Some("DW_TAG_template_value_parameter"),
        _ => None,
    }
}

/// A written field's value as LLVM prints it, or `None` when LLVM leaves it out.
fn normalize(ctx: &mut Context, kind: &str, f: &DiField, v: DiValue) -> Option<DiValue> {
    use DiFieldKind as K;
    // A `DISubrange` bound written as a typed constant (`count: i16 16`) is printed, and so
    // uniqued after a round trip, as its signed value.
    let v = match v {
        DiValue::Md(Md::Const(c))
            if kind == "DISubrange" && matches!(f.name, "count" | "lowerBound" | "upperBound" | "stride") =>
        {
            match ctx.const_of(c) {
                llrs_ir::Const::Int(_, ap) if ap.width() <= 64 => ap.to_i64().map_or(v, DiValue::Int),
                _ => v,
            }
        }
        v => v,
    };
    let keep_zero = printed_when_present(kind, f.name);
    let skip = f.skip_if_default && !keep_zero;
    let is_zero = matches!(v, DiValue::Int(0));
    let is_null = matches!(v, DiValue::Md(Md::Null));
    match f.kind {
        K::DwTag => {
            let v = named_enum(ctx, v, DW_TAGS);
            if let (Some(d), DiValue::Ident(s)) = (default_tag(kind), &v) {
                if ctx.name(*s) == d.as_bytes() {
                    return None;
                }
            }
            Some(v)
        }
        K::DwLang | K::DwAte | K::DwCc | K::DwMacinfo => {
            if skip && is_zero {
                return None;
            }
            let table = match f.kind {
                K::DwLang => DW_LANGS,
                K::DwAte => DW_ATES,
                K::DwCc => DW_CCS,
                _ => DW_MACINFOS,
            };
            Some(named_enum(ctx, v, table))
        }
        K::EmissionKind => Some(named_enum(ctx, v, EMISSION_KINDS)),
        K::NameTableKind => {
            let v = named_enum(ctx, v, NAME_TABLE_KINDS);
            match &v {
                DiValue::Ident(s) if ctx.name(*s) == b"Default" => None,
                _ => Some(v),
            }
        }
        K::DiFlags => match flag_bits(ctx, &v, di_flag_value) {
            Some(0) => None,
            Some(bits) => Some(canonical_flags(ctx, v, bits, &di_flag_split(bits))),
            None => Some(v),
        },
        K::DiSpFlags => match flag_bits(ctx, &v, sp_flag_value) {
            Some(bits) => Some(canonical_flags(ctx, v, bits, &sp_flag_split(bits))),
            None => Some(v),
        },
        K::Bool => {
            let default = kind == "DICompileUnit" && f.name == "splitDebugInlining";
            match as_bool(ctx, &v) {
                Some(b) if skip && b == default => None,
                _ => Some(v),
            }
        }
        K::Int | K::MdOrInt => (!(skip && is_zero || f.skip_if_default && is_null)).then_some(v),
        K::Md | K::Other("MdOrTypedInt") => (!(f.skip_if_default && is_null)).then_some(v),
        K::Str => match &v {
            DiValue::Str(s) if skip && ctx.name(*s).is_empty() => None,
            _ => Some(v),
        },
        K::Other("MdList") => match &v {
            DiValue::List(l) if l.is_empty() => None,
            _ => Some(v),
        },
        K::Other("DwEnumKind") => Some(named_enum(ctx, v, ENUM_KINDS)),
        _ => Some(v),
    }
}

/// The value LLVM prints for an always-printed field that was not written.
fn implied(ctx: &mut Context, kind: &str, f: &DiField) -> Option<DiValue> {
    use DiFieldKind as K;
    if f.skip_if_default {
        return None;
    }
    match f.kind {
        K::Md => Some(DiValue::Md(Md::Null)),
        K::Int => Some(DiValue::Int(0)),
        K::Str => Some(DiValue::Str(ctx.sym(""))),
        K::Bool => {
            let default = kind == "DIGlobalVariable" && f.name == "isDefinition";
            Some(DiValue::Ident(ctx.sym(if default { "true" } else { "false" })))
        }
        K::EmissionKind => Some(DiValue::Ident(ctx.sym("NoDebug"))),
        K::DiSpFlags => Some(DiValue::Int(0)),
        K::Other("FixedPointKind") => Some(DiValue::Ident(ctx.sym("Binary"))),
        _ => None,
    }
}

/// An integer DWARF constant by its name, when LLVM has one for it.
fn named_enum(ctx: &mut Context, v: DiValue, table: &[(u32, &str)]) -> DiValue {
    if let DiValue::Int(n) = v {
        if let Some((_, name)) = table.iter().find(|(k, _)| i64::from(*k) == n) {
            return DiValue::Ident(ctx.sym(name));
        }
    }
    v
}

/// The bits of a flags field (`DIFlagA | DIFlagB | 16`, a single name or a number), or `None`
/// when a name is unknown.
fn flag_bits(ctx: &Context, v: &DiValue, by_name: fn(&[u8]) -> Option<u64>) -> Option<u64> {
    let one = |s: &[u8]| -> Option<u64> {
        if s.first().is_some_and(u8::is_ascii_digit) {
            std::str::from_utf8(s).ok()?.parse::<u64>().ok()
        } else {
            by_name(s)
        }
    };
    match v {
        DiValue::Int(n) => u64::try_from(*n).ok(),
        DiValue::Ident(s) => one(ctx.name(*s)),
        DiValue::Flags(list) => list.iter().try_fold(0u64, |acc, s| Some(acc | one(ctx.name(*s))?)),
        _ => None,
    }
}

/// `v` when it is already written as [`flags_value`] would write it (the usual case), else that.
fn canonical_flags(ctx: &mut Context, v: DiValue, bits: u64, split: &(Vec<&'static str>, u64)) -> DiValue {
    let same = split.1 == 0
        && match &v {
            DiValue::Ident(s) => split.0.len() == 1 && ctx.name(*s) == split.0[0].as_bytes(),
            DiValue::Flags(list) => {
                list.len() == split.0.len() && list.iter().zip(&split.0).all(|(s, n)| ctx.name(*s) == n.as_bytes())
            }
            _ => false,
        };
    if same {
        v
    } else {
        flags_value(ctx, bits, split)
    }
}

/// Flags as printed: the names of the split flags joined with ` | `, then the bits without a
/// name as one number; `0` (or nothing) when no bit is set.
fn flags_value(ctx: &mut Context, bits: u64, split: &(Vec<&'static str>, u64)) -> DiValue {
    let (names, extra) = split;
    if bits == 0 {
        return DiValue::Int(0);
    }
    let mut syms: Vec<Symbol> = names.iter().map(|n| ctx.sym(n)).collect();
    if *extra != 0 {
        if syms.is_empty() {
            return match i64::try_from(*extra) {
                Ok(n) => DiValue::Int(n),
                Err(_) => DiValue::BigInt(ctx.sym(&extra.to_string())),
            };
        }
        syms.push(ctx.sym(&extra.to_string()));
    }
    if syms.len() == 1 {
        DiValue::Ident(syms[0])
    } else {
        DiValue::Flags(Box::new(syms.into_boxed_slice()))
    }
}

/// `DINode::splitFlags`: accessibility, then pointer-to-member representation, then
/// `DIFlagIndirectVirtualBase`, then single bits in definition order; the rest is returned.
fn di_flag_split(mut bits: u64) -> (Vec<&'static str>, u64) {
    let mut out = Vec::new();
    match bits & 3 {
        0 => {}
        1 => out.push("DIFlagPrivate"),
        2 => out.push("DIFlagProtected"),
        _ => out.push("DIFlagPublic"),
    }
    bits &= !3;
    match bits & (3 << 16) {
        0 => {}
        r if r == 1 << 16 => out.push("DIFlagSingleInheritance"),
        r if r == 2 << 16 => out.push("DIFlagMultipleInheritance"),
        _ => out.push("DIFlagVirtualInheritance"),
    }
    bits &= !(3 << 16);
    let ivb = (1 << 2) | (1 << 5);
    if bits & ivb == ivb {
        out.push("DIFlagIndirectVirtualBase");
        bits &= !ivb;
    }
    for (name, v) in DI_FLAGS {
        if v.count_ones() == 1 && bits & v != 0 {
            out.push(name);
            bits &= !v;
        }
    }
    (out, bits)
}

/// `DISubprogram::splitFlags`: single bits in definition order; the rest is returned.
fn sp_flag_split(mut bits: u64) -> (Vec<&'static str>, u64) {
    let mut out = Vec::new();
    for (name, v) in SP_FLAGS {
        if bits & v != 0 {
            out.push(*name);
            bits &= !v;
        }
    }
    (out, bits)
}

/// `DICompileUnit::DebugEmissionKind` names by value.
static EMISSION_KINDS: &[(u32, &str)] =
    &[(0, "NoDebug"), (1, "FullDebug"), (2, "LineTablesOnly"), (3, "DebugDirectivesOnly")];

/// `DICompileUnit::DebugNameTableKind` names by value.
static NAME_TABLE_KINDS: &[(u32, &str)] = &[(0, "Default"), (1, "GNU"), (2, "None"), (3, "Apple")];

/// `DW_APPLE_ENUM_KIND_*` names by value.
static ENUM_KINDS: &[(u32, &str)] = &[(0, "DW_APPLE_ENUM_KIND_Closed"), (1, "DW_APPLE_ENUM_KIND_Open")];

#[cfg(test)]
mod tests {
    use super::*;

    /// A value as the writer prints it (enough for these tests).
    fn show(ctx: &Context, v: &DiValue) -> String {
        match v {
            DiValue::Int(n) => n.to_string(),
            DiValue::Ident(s) | DiValue::BigInt(s) => String::from_utf8_lossy(ctx.name(*s)).into_owned(),
            DiValue::Str(s) => format!("{:?}", String::from_utf8_lossy(ctx.name(*s))),
            DiValue::Flags(f) => {
                f.iter().map(|s| String::from_utf8_lossy(ctx.name(*s)).into_owned()).collect::<Vec<_>>().join(" | ")
            }
            DiValue::Md(Md::Null) => "null".into(),
            DiValue::Md(_) => "!md".into(),
            DiValue::List(l) => format!("{{{} items}}", l.len()),
        }
    }

    /// Builds `!KIND(fields)` from `(name, value)` pairs, upgrades it, and prints its fields.
    fn upgrade(kind: &str, fields: &[(&str, &str)]) -> String {
        let mut ctx = Context::default();
        let fields: Vec<(Option<Symbol>, DiValue)> = fields
            .iter()
            .map(|(n, v)| {
                let value = if *v == "null" {
                    DiValue::Md(Md::Null)
                } else if let Ok(i) = v.parse::<i64>() {
                    DiValue::Int(i)
                } else if let Some(s) = v.strip_prefix('"').and_then(|s| s.strip_suffix('"')) {
                    DiValue::Str(ctx.sym(s))
                } else if v.contains(" | ") {
                    DiValue::Flags(Box::new(v.split(" | ").map(|p| ctx.sym(p)).collect()))
                } else {
                    DiValue::Ident(ctx.sym(v))
                };
                (Some(ctx.sym(n)), value)
            })
            .collect();
        let kw = ctx.sym(kind);
        let mut node = MdNode {
            distinct: true,
            kind: MdKind::Special(kw),
            ops: Default::default(),
            fields: fields.into_boxed_slice(),
        };
        upgrade_di_node(&mut ctx, &mut node);
        node.fields
            .iter()
            .map(|(n, v)| {
                format!(
                    "{}: {}",
                    n.map(|s| String::from_utf8_lossy(ctx.name(s)).into_owned()).unwrap_or_default(),
                    show(&ctx, v)
                )
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    #[test]
    fn locations_kept_as_written_are_what_the_upgrade_makes() {
        let mut ctx = Context::default();
        let syms = LocationSyms::new(&mut ctx);
        let node = DiValue::Md(Md::Node(llrs_ir::MdId(3)));
        let values = [DiValue::Int(0), DiValue::Int(7), DiValue::Md(Md::Null), node.clone()];
        let names = ["line", "column", "scope", "inlinedAt", "isImplicitCode", "atomGroup"];
        let mut kept = 0;
        // Every sequence of up to three fields (repeats and any order included), each with every
        // value: where the fast path keeps the fields, the upgrade gives the same.
        let (nn, nv) = (names.len(), values.len());
        let mut shapes: Vec<Vec<(usize, usize)>> = vec![vec![]];
        let mut last = shapes.clone();
        for _ in 0..3 {
            let mut longer = Vec::new();
            for s in &last {
                for n in 0..nn {
                    for v in 0..nv {
                        longer.push(s.iter().copied().chain([(n, v)]).collect::<Vec<_>>());
                    }
                }
            }
            shapes.extend(longer.iter().cloned());
            last = longer;
        }
        for shape in &shapes {
            let written: SmallVec<[Field; 16]> =
                shape.iter().map(|&(n, v)| (Some(ctx.sym(names[n])), values[v].clone())).collect();
            let fast = canonical_location(&syms, &mut written.clone());
            let slow = upgrade_di_fields(&mut ctx, syms.kind, &mut written.clone());
            if let Some(fast) = fast {
                assert_eq!(fast, slow, "{shape:?}");
                kept += 1;
            }
        }
        assert!(kept > 50, "{kept}");
    }

    #[test]
    fn compile_unit_always_printed_fields() {
        assert_eq!(
            upgrade("DICompileUnit", &[("language", "DW_LANG_C99"), ("file", "null"), ("producer", "\"\"")]),
            "language: DW_LANG_C99, file: null, isOptimized: false, runtimeVersion: 0, emissionKind: NoDebug"
        );
        assert_eq!(
            upgrade(
                "DICompileUnit",
                &[("emissionKind", "2"), ("language", "12"), ("splitDebugInlining", "true"), ("nameTableKind", "2")]
            ),
            "language: DW_LANG_C99, file: null, isOptimized: false, runtimeVersion: 0, emissionKind: LineTablesOnly, \
             nameTableKind: None"
        );
    }

    #[test]
    fn subprogram_legacy_fields_fold_into_sp_flags() {
        assert_eq!(
            upgrade(
                "DISubprogram",
                &[("name", "\"f\""), ("isLocal", "false"), ("isDefinition", "true"), ("isOptimized", "true")]
            ),
            "name: \"f\", scope: null, spFlags: DISPFlagDefinition | DISPFlagOptimized"
        );
        // isDefinition defaults to true; a virtual function prints its index, even 0.
        assert_eq!(
            upgrade("DISubprogram", &[("virtuality", "DW_VIRTUALITY_pure_virtual"), ("isLocal", "true")]),
            "scope: null, virtualIndex: 0, spFlags: DISPFlagPureVirtual | DISPFlagLocalToUnit | DISPFlagDefinition"
        );
        // An explicit spFlags wins; the legacy fields go.
        assert_eq!(
            upgrade("DISubprogram", &[("spFlags", "0"), ("isDefinition", "true"), ("virtualIndex", "0")]),
            "scope: null, spFlags: 0"
        );
        assert_eq!(upgrade("DISubprogram", &[("spFlags", "1040")]), "scope: null, spFlags: DISPFlagOptimized | 1024");
    }

    #[test]
    fn flags_split_as_llvm_does() {
        assert_eq!(
            upgrade("DIBasicType", &[("flags", "DIFlagPrototyped | DIFlagPublic | 2097152 | 36")]),
            "flags: DIFlagPublic | DIFlagIndirectVirtualBase | DIFlagPrototyped | 2097152"
        );
        assert_eq!(upgrade("DIBasicType", &[("flags", "0")]), "");
        assert_eq!(upgrade("DISubroutineType", &[("flags", "256")]), "flags: DIFlagPrototyped, types: null");
    }

    #[test]
    fn defaults_dropped_and_numbers_named() {
        assert_eq!(
            upgrade(
                "DIBasicType",
                &[("tag", "36"), ("name", "\"int\""), ("size", "32"), ("align", "0"), ("encoding", "5")]
            ),
            "name: \"int\", size: 32, encoding: DW_ATE_signed"
        );
        assert_eq!(upgrade("GenericDINode", &[("tag", "3"), ("header", "\"\"")]), "tag: DW_TAG_entry_point");
        assert_eq!(upgrade("GenericDINode", &[("tag", "65535")]), "tag: 65535");
        assert_eq!(upgrade("DILocation", &[("scope", "null"), ("column", "0")]), "line: 0, scope: null");
        assert_eq!(upgrade("DIMacroFile", &[("type", "DW_MACINFO_start_file"), ("line", "0")]), "file: null");
        assert_eq!(
            upgrade("DIGlobalVariable", &[("name", "\"g\"")]),
            "name: \"g\", scope: null, isLocal: false, isDefinition: true"
        );
    }

    #[test]
    fn present_values_kept_where_llvm_prints_them() {
        assert_eq!(upgrade("DISubrange", &[("count", "0"), ("lowerBound", "null")]), "count: 0");
        assert_eq!(
            upgrade(
                "DIDerivedType",
                &[("tag", "DW_TAG_pointer_type"), ("baseType", "null"), ("dwarfAddressSpace", "0")]
            ),
            "tag: DW_TAG_pointer_type, baseType: null, dwarfAddressSpace: 0"
        );
        assert_eq!(
            upgrade("DIDerivedType", &[("tag", "DW_TAG_LLVM_ptrauth_type"), ("baseType", "null"), ("ptrAuthKey", "2")]),
            "tag: DW_TAG_LLVM_ptrauth_type, baseType: null, ptrAuthKey: 2, ptrAuthIsAddressDiscriminated: false, \
             ptrAuthIsaPointer: false, ptrAuthAuthenticatesNullValues: false"
        );
    }

    #[test]
    fn unknown_spelling_left_alone() {
        // Not a flag LLVM knows: the node stays as written (the parser reports such names).
        assert_eq!(upgrade("DISubprogram", &[("spFlags", "DISPFlagNope")]), "spFlags: DISPFlagNope");
        assert_eq!(upgrade("DIBasicType", &[("flags", "DIFlagNope")]), "flags: DIFlagNope");
    }
}
