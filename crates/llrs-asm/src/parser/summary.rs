//! ThinLTO summary entries (`^N = module: ...`, `gv:`, `typeid:`, `typeidCompatibleVTable:`,
//! `flags:`, `blockcount:`): LLParser's `parseSummaryEntry` and friends, with their messages.
//!
//! Entries are read into the module's [`SummaryIndex`]. A `^N` reference to a global value
//! defined earlier is its GUID at once; a later one is a forward reference, filled in when the
//! entry `^N` is defined (the first definition wins, as LLParser does). References to type ids
//! (`typeTests`, `vFuncId`) are always forward and only `typeid`/`typeidCompatibleVTable` entries
//! that come after them resolve them. What stays unresolved is reported at the end of the module.

use super::{PResult, Parser};
use crate::lexer::Tok;
use llrs_ir::module::{Linkage, Visibility};
use llrs_ir::summary::{
    global_guid, md5_low64, GlobalValueSummary, Guid, GvFlags, ImportKind, ModuleHash, RefAccess, SummaryKind,
    KNOWN_FLAGS,
};
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;

/// A field of a summary that holds a reference.
#[derive(Copy, Clone, Debug)]
pub(super) enum Field {
    Call(usize),
    Ref(usize),
    VirtFunc(usize),
    ParamCall(usize, usize),
    Callsite(usize),
    Aliasee,
    TypeTest(usize),
    AssumeVCall(usize),
    CheckedLoadVCall(usize),
    AssumeConstVCall(usize),
    CheckedLoadConstVCall(usize),
}

/// Where a forward reference is written once resolved.
#[derive(Clone, Debug)]
pub(super) enum Slot {
    /// A field of the `k`-th summary of `guid`.
    Summary { guid: Guid, k: usize, field: Field },
    /// The vtable of an entry of a `typeidCompatibleVTable` list.
    VTable { name: Vec<u8>, i: usize },
}

/// Forward references, by the summary id they wait for: where each stands and what it fills.
type FwdRefs = BTreeMap<u32, Vec<(usize, Slot)>>;

/// The summary entries' parse state (LLParser's `ModuleIdMap`, `NumberedValueInfos` and the
/// three maps of forward references).
#[derive(Default)]
pub(crate) struct SummaryState {
    module_ids: FxHashMap<u32, Vec<u8>>,
    numbered: FxHashMap<u32, Guid>,
    fwd_values: FwdRefs,
    fwd_aliasees: FwdRefs,
    fwd_type_ids: FwdRefs,
}

/// Forward references made inside a summary being parsed: id, position, field.
#[derive(Default)]
pub(super) struct Pending {
    pub values: Vec<(u32, usize, Field)>,
    pub aliasees: Vec<(u32, usize)>,
    pub type_ids: Vec<(u32, usize, Field)>,
}

/// A `^N` reference to a global value: known already, or forward.
#[derive(Copy, Clone)]
pub(super) enum GvRef {
    Known(Guid),
    Fwd(u32),
}

impl GvRef {
    pub(super) fn guid(self) -> Guid {
        match self {
            GvRef::Known(g) => g,
            GvRef::Fwd(_) => 0,
        }
    }
}

/// An integer token read as LLLexer's APSInt.
struct IntLit {
    /// Negative decimal or `s0x`.
    signed: bool,
    /// The value, saturated to `u64` (`getLimitedValue`).
    sat: u64,
    /// The low 64 bits, sign-extended for signed literals (`extOrTrunc(64)`).
    low: u64,
}

fn int_lit(t: &[u8]) -> Option<IntLit> {
    let hex = |digits: &[u8], signed: bool| -> Option<IntLit> {
        let digits = digits.iter().skip_while(|&&c| c == b'0' && !signed).copied().collect::<Vec<u8>>();
        let mut low: u64 = 0;
        for &c in &digits {
            low = (low << 4) | (c as char).to_digit(16)? as u64;
        }
        let bits = digits.len() * 4;
        let sat = if bits > 64 && digits.iter().rev().skip(16).any(|&c| c != b'0') { u64::MAX } else { low };
        if signed && bits > 0 && bits < 64 && (low >> (bits - 1)) & 1 == 1 {
            low |= u64::MAX << bits;
        }
        Some(IntLit { signed, sat, low })
    };
    if let Some(d) = t.strip_prefix(b"u0x") {
        return hex(d, false);
    }
    if let Some(d) = t.strip_prefix(b"s0x") {
        return hex(d, true);
    }
    let (signed, digits) = match t.strip_prefix(b"-") {
        Some(d) => (true, d),
        None => (false, t),
    };
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let (mut low, mut sat, mut over) = (0u64, 0u64, false);
    for &c in digits {
        let d = (c - b'0') as u64;
        low = low.wrapping_mul(10).wrapping_add(d);
        match sat.checked_mul(10).and_then(|v| v.checked_add(d)) {
            Some(v) if !over => sat = v,
            _ => over = true,
        }
    }
    if over {
        sat = u64::MAX;
    }
    if signed {
        low = low.wrapping_neg();
    }
    Some(IntLit { signed, sat, low })
}

/// A linkage keyword (`parseOptionalLinkageAux`).
fn linkage_kw(t: &[u8]) -> Option<Linkage> {
    Some(match t {
        b"private" => Linkage::Private,
        b"internal" => Linkage::Internal,
        b"weak" => Linkage::Weak,
        b"weak_odr" => Linkage::WeakOdr,
        b"linkonce" => Linkage::LinkOnce,
        b"linkonce_odr" => Linkage::LinkOnceOdr,
        b"available_externally" => Linkage::AvailableExternally,
        b"appending" => Linkage::Appending,
        b"common" => Linkage::Common,
        b"extern_weak" => Linkage::ExternWeak,
        b"external" => Linkage::External,
        _ => return None,
    })
}

impl<'a> Parser<'a> {
    // ---- tokens: in summary entries `word:` is the keyword `word` then `:` ----

    /// The keyword at the current token: a bare word, or the word of a `word:` label.
    pub(super) fn sum_word(&self) -> Option<&'a [u8]> {
        match self.tok.kind {
            Tok::Ident => Some(self.text()),
            Tok::Label if !self.tok.quoted => Some(&self.src[self.tok.vstart as usize..self.tok.vend as usize]),
            _ => None,
        }
    }
    pub(super) fn at_word(&self, kw: &[u8]) -> bool {
        self.sum_word() == Some(kw)
    }
    /// Steps over one token as LLLexer sees it: the word only of a `word:` label.
    pub(super) fn skip_word(&mut self) {
        if self.tok.kind == Tok::Label && !self.tok.quoted {
            self.set_lex_pos(self.tok.vend as usize);
        }
        self.next();
    }
    /// `kw` as a word, or the error `msg`.
    pub(super) fn expect_word(&mut self, kw: &[u8], msg: &str) -> PResult<()> {
        if !self.at_word(kw) {
            return self.err_here(msg);
        }
        self.skip_word();
        Ok(())
    }
    /// `kw ':'` with LLParser's messages for each.
    pub(super) fn field(&mut self, kw: &[u8], msg: &str, colon: &str) -> PResult<()> {
        self.expect_word(kw, msg)?;
        self.expect(Tok::Colon, colon)
    }
    pub(super) fn colon(&mut self, msg: &str) -> PResult<()> {
        self.expect(Tok::Colon, msg)
    }
    pub(super) fn lparen(&mut self, msg: &str) -> PResult<()> {
        self.expect(Tok::LParen, msg)
    }
    pub(super) fn rparen(&mut self, msg: &str) -> PResult<()> {
        self.expect(Tok::RParen, msg)
    }
    fn unsigned_lit(&self) -> PResult<IntLit> {
        match (self.tok.kind == Tok::Int).then(|| int_lit(self.text())).flatten() {
            Some(v) if !v.signed => Ok(v),
            _ => self.err_here("expected integer"),
        }
    }
    /// `parseUInt64`.
    pub(super) fn sum_u64(&mut self) -> PResult<u64> {
        let v = self.unsigned_lit()?.sat;
        self.next();
        Ok(v)
    }
    /// `parseUInt32`.
    pub(super) fn sum_u32(&mut self) -> PResult<u32> {
        let v = self.unsigned_lit()?.sat;
        let Ok(v) = u32::try_from(v) else { return self.err_here("expected 32-bit integer (too large)") };
        self.next();
        Ok(v)
    }
    /// `parseFlag`: any unsigned integer, true when not zero.
    pub(super) fn sum_flag(&mut self) -> PResult<bool> {
        let v = self.unsigned_lit()?;
        self.next();
        Ok(v.low != 0 || v.sat != 0)
    }
    /// `kw ':' Flag` after the keyword was seen.
    pub(super) fn flag_field(&mut self) -> PResult<bool> {
        self.skip_word();
        self.colon("expected ':'")?;
        self.sum_flag()
    }
    /// A signed integer of a parameter offset, truncated to 64 bits.
    pub(super) fn sum_apsint(&mut self) -> PResult<u64> {
        match (self.tok.kind == Tok::Int).then(|| int_lit(self.text())).flatten() {
            Some(v) => {
                self.next();
                Ok(v.low)
            }
            None => self.err_here("expected integer"),
        }
    }
    /// A list `item (',' item)*` already opened.
    pub(super) fn sum_list(&mut self, mut item: impl FnMut(&mut Self) -> PResult<()>) -> PResult<()> {
        loop {
            item(self)?;
            if !self.eat(Tok::Comma) {
                return Ok(());
            }
        }
    }

    // ---- entries ----

    /// `^N = ...`: one summary entry.
    pub(super) fn parse_summary_entry(&mut self) -> PResult<()> {
        let id = self.tok_num()?;
        self.next();
        self.expect(Tok::Equal, "expected '=' here")?;
        match self.sum_word() {
            Some(b"gv") => self.parse_gv_entry(id),
            Some(b"module") => self.parse_module_entry(id),
            Some(b"typeid") => self.parse_type_id_entry(id),
            Some(b"typeidCompatibleVTable") => self.parse_vtable_type_id_entry(id),
            Some(b"flags") => {
                self.skip_word();
                self.colon("expected ':' here")?;
                let f = self.sum_u64()?;
                self.m.summary.flags |= f & KNOWN_FLAGS;
                Ok(())
            }
            Some(b"blockcount") => {
                self.skip_word();
                self.colon("expected ':' here")?;
                self.m.summary.block_count = self.sum_u64()?;
                Ok(())
            }
            _ => self.err_here("unexpected summary kind"),
        }
    }

    /// `module: (path: "P", hash: (H, H, H, H, H))`.
    pub(super) fn parse_module_entry(&mut self, id: u32) -> PResult<()> {
        self.skip_word();
        self.colon("expected ':' here")?;
        self.lparen("expected '(' here")?;
        self.field(b"path", "expected 'path' here", "expected ':' here")?;
        let path = self.parse_str("expected string constant")?;
        self.expect(Tok::Comma, "expected ',' here")?;
        self.field(b"hash", "expected 'hash' here", "expected ':' here")?;
        self.lparen("expected '(' here")?;
        let mut hash: ModuleHash = [0; 5];
        for (i, h) in hash.iter_mut().enumerate() {
            if i > 0 {
                self.expect(Tok::Comma, "expected ',' here")?;
            }
            *h = self.sum_u32()?;
        }
        self.rparen("expected ')' here")?;
        self.rparen("expected ')' here")?;
        self.m.summary.modules.entry(path.clone()).or_insert(hash);
        self.summary.module_ids.insert(id, path);
        Ok(())
    }

    /// `gv: (name: "N" | guid: G [, summaries: (S, ...)])`.
    pub(super) fn parse_gv_entry(&mut self, id: u32) -> PResult<()> {
        self.skip_word();
        self.colon("expected ':' here")?;
        self.lparen("expected '(' here")?;
        let loc = self.pos();
        let (name, guid) = match self.sum_word() {
            Some(b"name") => {
                self.skip_word();
                self.colon("expected ':' here")?;
                (Some(self.parse_str("expected string constant")?), 0)
            }
            Some(b"guid") => {
                self.skip_word();
                self.colon("expected ':' here")?;
                (None, self.sum_u64()?)
            }
            _ => return self.err_here("expected name or guid tag"),
        };
        if !self.eat(Tok::Comma) {
            self.rparen("expected ')' here")?;
            return self.add_global_value(name.as_deref(), guid, loc, id, None, Pending::default());
        }
        self.field(b"summaries", "expected 'summaries' here", "expected ':' here")?;
        self.lparen("expected '(' here")?;
        self.sum_list(|p| {
            let loc = p.pos();
            let (summary, pending) = match p.sum_word() {
                Some(b"function") => p.parse_function_summary()?,
                Some(b"variable") => p.parse_variable_summary()?,
                Some(b"alias") => p.parse_alias_summary(loc)?,
                _ => return p.err_here("expected summary type"),
            };
            p.add_global_value(name.as_deref(), guid, loc, id, Some(summary), pending)
        })?;
        self.rparen("expected ')' here")?;
        self.rparen("expected ')' here")
    }

    /// `addGlobalValueToIndex`: finds the GUID (by name, from the module's global), adds the
    /// summary, and resolves the forward references waiting for `^id`.
    pub(super) fn add_global_value(
        &mut self,
        name: Option<&[u8]>,
        guid: Guid,
        loc: usize,
        id: u32,
        summary: Option<GlobalValueSummary>,
        pending: Pending,
    ) -> PResult<()> {
        let guid = if guid != 0 {
            guid
        } else {
            let name = name.unwrap_or_default();
            let global = self.m.ctx.names.lookup(name).and_then(|s| self.global_names.get(&s)).copied();
            let Some(g) = global else {
                return self.err(loc, format!("Reference to undefined global \"{}\"", String::from_utf8_lossy(name)));
            };
            let src = self.m.source_filename.as_deref().unwrap_or_default();
            global_guid(name, self.m.globals[g].linkage, src)
        };
        let has_summary = summary.is_some();
        let entry = self.m.summary.values.entry(guid).or_default();
        if let Some(n) = name.filter(|_| entry.name.is_none()) {
            entry.name = Some(n.to_vec());
        }
        let k = entry.summaries.len();
        if let Some(s) = summary {
            entry.summaries.push(s);
        }
        let st = &mut self.summary;
        for (fid, at, field) in pending.values {
            st.fwd_values.entry(fid).or_default().push((at, Slot::Summary { guid, k, field }));
        }
        for (fid, at) in pending.aliasees {
            st.fwd_aliasees.entry(fid).or_default().push((at, Slot::Summary { guid, k, field: Field::Aliasee }));
        }
        for (fid, at, field) in pending.type_ids {
            st.fwd_type_ids.entry(fid).or_default().push((at, Slot::Summary { guid, k, field }));
        }
        if let Some(list) = self.summary.fwd_values.remove(&id) {
            for (_, slot) in list {
                self.fill_slot(&slot, guid);
            }
        }
        if let Some(list) = self.summary.fwd_aliasees.remove(&id) {
            for (_, slot) in list {
                if let Slot::Summary { guid: owner, k, .. } = slot {
                    if let Some(SummaryKind::Alias(a)) = self.summary_kind_mut(owner, k) {
                        a.aliasee = has_summary.then_some(guid);
                    }
                }
            }
        }
        self.summary.numbered.insert(id, guid);
        Ok(())
    }

    pub(super) fn summary_kind_mut(&mut self, guid: Guid, k: usize) -> Option<&mut SummaryKind> {
        Some(&mut self.m.summary.values.get_mut(&guid)?.summaries.get_mut(k)?.kind)
    }

    /// Writes the resolved `value` (a global value's or a type id's GUID) into `slot`.
    pub(super) fn fill_slot(&mut self, slot: &Slot, value: Guid) {
        let (owner, k, field) = match slot {
            Slot::VTable { name, i } => {
                if let Some(e) = self.m.summary.vtable_type_ids.get_mut(name).and_then(|l| l.get_mut(*i)) {
                    e.vtable = value;
                }
                return;
            }
            Slot::Summary { guid, k, field } => (*guid, *k, *field),
        };
        let Some(s) = self.m.summary.values.get_mut(&owner).and_then(|e| e.summaries.get_mut(k)) else { return };
        if let Field::Ref(i) = field {
            if let Some(r) = s.refs.get_mut(i) {
                r.guid = value;
            }
            return;
        }
        let target = match (&mut s.kind, field) {
            (SummaryKind::Variable(v), Field::VirtFunc(i)) => v.vtable_funcs.get_mut(i).map(|f| &mut f.func),
            (SummaryKind::Function(f), field) => {
                let t = &mut f.type_id_info;
                match field {
                    Field::Call(i) => f.calls.get_mut(i).map(|c| &mut c.callee),
                    Field::ParamCall(i, j) => {
                        f.params.get_mut(i).and_then(|p| p.calls.get_mut(j)).map(|c| &mut c.callee)
                    }
                    Field::Callsite(i) => f.callsites.get_mut(i).and_then(|c| c.callee.as_mut()),
                    Field::TypeTest(i) => t.type_tests.get_mut(i),
                    Field::AssumeVCall(i) => t.type_test_assume_vcalls.get_mut(i).map(|v| &mut v.guid),
                    Field::CheckedLoadVCall(i) => t.type_checked_load_vcalls.get_mut(i).map(|v| &mut v.guid),
                    Field::AssumeConstVCall(i) => t.type_test_assume_const_vcalls.get_mut(i).map(|v| &mut v.vfunc.guid),
                    Field::CheckedLoadConstVCall(i) => {
                        t.type_checked_load_const_vcalls.get_mut(i).map(|v| &mut v.vfunc.guid)
                    }
                    _ => None,
                }
            }
            _ => None,
        };
        if let Some(t) = target {
            *t = value;
        }
    }

    /// Resolves the type-id references waiting for `^id` to the type id `name`.
    pub(super) fn resolve_type_ids(&mut self, id: u32, name: &[u8]) {
        if let Some(list) = self.summary.fwd_type_ids.remove(&id) {
            let guid = md5_low64(name);
            for (_, slot) in list {
                self.fill_slot(&slot, guid);
            }
        }
    }

    /// Records a forward reference to the global value `^id` standing at `loc`.
    pub(super) fn add_fwd_value(&mut self, id: u32, loc: usize, slot: Slot) {
        self.summary.fwd_values.entry(id).or_default().push((loc, slot));
    }

    /// `validateEndOfIndex`: summary references never defined.
    pub(super) fn validate_summary(&self) -> PResult<()> {
        let first = |m: &FwdRefs| m.iter().next().map(|(id, l)| (*id, l.first().map_or(0, |(p, _)| *p)));
        if let Some((id, pos)) = first(&self.summary.fwd_values).or_else(|| first(&self.summary.fwd_aliasees)) {
            return self.err(pos, format!("use of undefined summary '^{id}'"));
        }
        if let Some((id, pos)) = first(&self.summary.fwd_type_ids) {
            return self.err(pos, format!("use of undefined type id summary '^{id}'"));
        }
        Ok(())
    }

    // ---- global value summaries ----

    /// `module: ^N` inside a summary: the module's path.
    pub(super) fn parse_module_ref(&mut self) -> PResult<Vec<u8>> {
        self.field(b"module", "expected 'module' here", "expected ':' here")?;
        if !self.is(Tok::SummaryId) {
            return self.err_here("expected module ID");
        }
        let id = self.tok_num()?;
        let Some(path) = self.summary.module_ids.get(&id).cloned() else {
            return self.err_here(format!("use of undefined summary '^{id}'"));
        };
        self.next();
        Ok(path)
    }

    /// `[readonly|writeonly] ^N`.
    pub(super) fn parse_gv_ref(&mut self) -> PResult<(RefAccess, GvRef)> {
        let access = if self.eat_kw(b"readonly") {
            RefAccess::ReadOnly
        } else if self.eat_kw(b"writeonly") {
            RefAccess::WriteOnly
        } else {
            RefAccess::Any
        };
        if !self.is(Tok::SummaryId) {
            return self.err_here("expected GV ID");
        }
        let id = self.tok_num()?;
        self.next();
        let r = match self.summary.numbered.get(&id) {
            Some(&g) => GvRef::Known(g),
            None => GvRef::Fwd(id),
        };
        Ok((access, r))
    }

    /// `flags: (linkage: L, visibility: V, notEligibleToImport: F, ...)`.
    pub(super) fn parse_gv_flags(&mut self) -> PResult<GvFlags> {
        self.skip_word();
        self.colon("expected ':' here")?;
        self.lparen("expected '(' here")?;
        let mut f = GvFlags::default();
        self.sum_list(|p| {
            match p.sum_word() {
                Some(b"linkage") => {
                    p.skip_word();
                    p.colon("expected ':'")?;
                    match p.sum_word().and_then(linkage_kw) {
                        Some(l) => {
                            f.linkage = l;
                            p.next();
                        }
                        None if p.is(Tok::Ident) => {
                            // LLLexer makes an unknown word a one-character error token.
                            f.linkage = Linkage::External;
                            p.set_lex_pos(p.pos() + 1);
                            p.next();
                        }
                        None => {
                            f.linkage = Linkage::External;
                            p.skip_word();
                        }
                    }
                }
                Some(b"visibility") => {
                    p.skip_word();
                    p.colon("expected ':'")?;
                    f.visibility = match p.sum_word() {
                        Some(b"hidden") => Visibility::Hidden,
                        Some(b"protected") => Visibility::Protected,
                        _ => Visibility::Default,
                    };
                    if matches!(p.sum_word(), Some(b"default" | b"hidden" | b"protected")) {
                        p.next();
                    }
                }
                Some(b"notEligibleToImport") => f.not_eligible_to_import = p.flag_field()?,
                Some(b"live") => f.live = p.flag_field()?,
                Some(b"dsoLocal") => f.dso_local = p.flag_field()?,
                Some(b"canAutoHide") => f.can_auto_hide = p.flag_field()?,
                Some(b"importType") => {
                    p.skip_word();
                    p.colon("expected ':'")?;
                    f.import_type = match p.sum_word() {
                        Some(b"definition") => ImportKind::Definition,
                        Some(b"declaration") => ImportKind::Declaration,
                        _ => return p.err_here("unknown import kind. Expect definition or declaration."),
                    };
                    p.next();
                }
                _ => return p.err_here("expected gv flag type"),
            }
            Ok(())
        })?;
        self.rparen("expected ')' here")?;
        Ok(f)
    }
}

#[cfg(test)]
mod tests {
    use llrs_ir::module::Linkage;
    use llrs_ir::summary::{global_guid, md5_low64, RefAccess, SummaryKind};

    fn parse(src: &str) -> Result<llrs_ir::Module, String> {
        crate::parse_module(src.as_bytes(), "t.ll").map_err(|d| d.to_string())
    }

    fn first_line(e: String) -> String {
        e.lines().next().unwrap_or_default().to_string()
    }

    #[test]
    fn reads_entries_into_the_index() {
        let m = parse(
            "^0 = module: (path: \"a\\5Cb.o\", hash: (1, 2, 3, 4, 5))\n\
             ^1 = gv: (guid: 7, summaries: (function: (module: ^0, flags: (linkage: internal, dsoLocal: 1), \
             insts: 3, calls: ((callee: ^2, hotness: hot, tail: 1)), refs: (writeonly ^2, readonly ^3, ^2))))\n\
             ^2 = gv: (guid: 9)\n\
             ^3 = gv: (guid: 11, summaries: (variable: (module: ^0, flags: (linkage: external), \
             varFlags: (readonly: 1, writeonly: 0, constant: 0))))\n\
             ^4 = flags: 13\n^5 = blockcount: 42\n",
        )
        .unwrap();
        let idx = &m.summary;
        assert_eq!(idx.modules.get(&b"a\\b.o"[..]), Some(&[1, 2, 3, 4, 5]));
        assert_eq!((idx.flags, idx.block_count), (9, 42));
        let f = &idx.values[&7].summaries[0];
        assert_eq!(f.flags.linkage, Linkage::Internal);
        assert!(f.flags.dso_local);
        let refs: Vec<_> = f.refs.iter().map(|r| (r.guid, r.access)).collect();
        assert_eq!(refs, [(9, RefAccess::Any), (11, RefAccess::ReadOnly), (9, RefAccess::WriteOnly)]);
        let SummaryKind::Function(fs) = &f.kind else { panic!("not a function") };
        assert_eq!((fs.insts, fs.calls[0].callee, fs.calls[0].tail), (3, 9, true));
        assert!(idx.values[&9].summaries.is_empty());
    }

    #[test]
    fn names_resolve_through_the_module() {
        let m = parse(
            "source_filename = \"s.c\"\ndefine internal void @f() {\n  ret void\n}\n\
             ^0 = module: (path: \"a\", hash: (0, 0, 0, 0, 0))\n\
             ^1 = gv: (name: \"f\", summaries: (function: (module: ^0, flags: (linkage: internal), insts: 1)))\n\
             ^2 = typeidCompatibleVTable: (name: \"_ZTS1A\", summary: ((offset: 16, ^1)))\n",
        )
        .unwrap();
        let g = global_guid(b"f", Linkage::Internal, b"s.c");
        assert_eq!(m.summary.values[&g].name.as_deref(), Some(&b"f"[..]));
        assert_eq!(m.summary.vtable_type_ids[&b"_ZTS1A"[..]][0].vtable, g);
    }

    #[test]
    fn forward_references_resolve_to_their_entry() {
        let m = parse(
            "^0 = module: (path: \"a\", hash: (0, 0, 0, 0, 0))\n\
             ^1 = gv: (guid: 1, summaries: (function: (module: ^0, flags: (linkage: external), insts: 1, \
             calls: ((callee: ^3)), typeIdInfo: (typeTests: (^4, 77)))))\n\
             ^2 = gv: (guid: 2, summaries: (alias: (module: ^0, flags: (linkage: external), aliasee: ^3)))\n\
             ^3 = gv: (guid: 3, summaries: (function: (module: ^0, flags: (linkage: external), insts: 1)))\n\
             ^4 = typeid: (name: \"_ZTS1A\", summary: (typeTestRes: (kind: single, sizeM1BitWidth: 0)))\n",
        )
        .unwrap();
        let SummaryKind::Function(f) = &m.summary.values[&1].summaries[0].kind else { panic!() };
        assert_eq!(f.calls[0].callee, 3);
        assert_eq!(f.type_id_info.type_tests, [md5_low64(b"_ZTS1A"), 77]);
        let SummaryKind::Alias(a) = &m.summary.values[&2].summaries[0].kind else { panic!() };
        assert_eq!(a.aliasee, Some(3));
    }

    #[test]
    fn errors_have_llvm_messages_and_positions() {
        let err = |s: &str| first_line(parse(s).map(|_| ()).unwrap_err());
        assert_eq!(err("^0 = foo: 1\n"), "t.ll:1:6: error: unexpected summary kind");
        assert_eq!(err("^0 = flags: -1\n"), "t.ll:1:13: error: expected integer");
        assert_eq!(
            err("^0 = module: (path: \"a\", hash: (0,0,0,0,4294967296))\n"),
            "t.ll:1:41: error: expected 32-bit integer (too large)"
        );
        assert_eq!(
            err("^0 = module: (path: \"a\", hash: (0,0,0,0,0))\n^1 = gv: (name: \"foo\")\n"),
            "t.ll:2:11: error: Reference to undefined global \"foo\""
        );
        assert_eq!(
            err("^0 = module: (path: \"a\", hash: (0,0,0,0,0))\n^1 = gv: (guid: 5, summaries: (function: \
                 (module: ^0, flags: (linkage: external), insts: 1, calls: ((callee: ^7)))))\n"),
            "t.ll:2:110: error: use of undefined summary '^7'"
        );
        assert_eq!(
            err("^0 = module: (path: \"a\", hash: (0,0,0,0,0))\n^1 = gv: (guid: 5, summaries: (function: \
                 (module: ^0, flags: (linkage: external, importType: foo), insts: 1)))\n"),
            "t.ll:2:94: error: unknown import kind. Expect definition or declaration."
        );
        assert_eq!(
            err("^0 = typeid: (name: \"a\", summary: (typeTestRes: (kind: single, sizeM1BitWidth: 0)))\n\
                 ^1 = gv: (guid: 5, summaries: (function: (module: ^0, flags: (linkage: external), insts: 1)))\n"),
            "t.ll:2:51: error: use of undefined summary '^0'"
        );
        assert_eq!(
            err("^0 = module: (path: \"a\", hash: (0,0,0,0,0))\n^1 = gv: (guid: 5, summaries: (alias: \
                 (module: ^0, flags: (linkage: external), aliasee: ^4)))\n"),
            "t.ll:2:32: error: use of undefined summary '^4'"
        );
    }
}
