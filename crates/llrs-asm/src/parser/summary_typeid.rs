//! Type-id summary entries: `typeid:` (LLParser's `parseTypeIdEntry`, type test and
//! devirtualization resolutions) and `typeidCompatibleVTable:`.

use super::summary::{GvRef, Slot};
use super::{PResult, Parser};
use crate::lexer::Tok;
use llrs_ir::summary::{ByArg, ByArgKind, TtResKind, TypeIdSummary, VTableTypeIdEntry, WpdKind, WpdResolution};

impl Parser<'_> {
    /// `typeid: (name: "N", summary: (typeTestRes: (...) [, wpdResolutions: (...)]))`.
    pub(super) fn parse_type_id_entry(&mut self, id: u32) -> PResult<()> {
        self.skip_word();
        self.colon("expected ':' here")?;
        self.lparen("expected '(' here")?;
        self.field(b"name", "expected 'name' here", "expected ':' here")?;
        let name = self.parse_str("expected string constant")?;
        let mut tis = self.m.summary.type_id_mut(&name).clone();
        self.expect(Tok::Comma, "expected ',' here")?;
        let parsed = self.parse_type_id_summary(&mut tis);
        *self.m.summary.type_id_mut(&name) = tis;
        parsed?;
        self.rparen("expected ')' here")?;
        self.resolve_type_ids(id, &name);
        Ok(())
    }

    pub(super) fn parse_type_id_summary(&mut self, tis: &mut TypeIdSummary) -> PResult<()> {
        self.field(b"summary", "expected 'summary' here", "expected ':' here")?;
        self.lparen("expected '(' here")?;
        self.field(b"typeTestRes", "expected 'typeTestRes' here", "expected ':' here")?;
        self.lparen("expected '(' here")?;
        self.field(b"kind", "expected 'kind' here", "expected ':' here")?;
        let r = &mut tis.ttres;
        r.kind = match self.sum_word() {
            Some(b"unknown") => TtResKind::Unknown,
            Some(b"unsat") => TtResKind::Unsat,
            Some(b"byteArray") => TtResKind::ByteArray,
            Some(b"inline") => TtResKind::Inline,
            Some(b"single") => TtResKind::Single,
            Some(b"allOnes") => TtResKind::AllOnes,
            _ => return self.err_here("unexpected TypeTestResolution kind"),
        };
        self.next();
        self.expect(Tok::Comma, "expected ',' here")?;
        self.field(b"sizeM1BitWidth", "expected 'sizeM1BitWidth' here", "expected ':' here")?;
        r.size_m1_bit_width = self.sum_u32()?;
        while self.eat(Tok::Comma) {
            let word = self.sum_word();
            if !matches!(word, Some(b"alignLog2" | b"sizeM1" | b"bitMask" | b"inlineBits")) {
                return self.err_here("expected optional TypeTestResolution field");
            }
            self.skip_word();
            self.colon("expected ':'")?;
            match word {
                Some(b"alignLog2") => r.align_log2 = self.sum_u64()?,
                Some(b"sizeM1") => r.size_m1 = self.sum_u64()?,
                Some(b"bitMask") => r.bit_mask = self.sum_u32()? as u8,
                _ => r.inline_bits = self.sum_u64()?,
            }
        }
        self.rparen("expected ')' here")?;
        if self.eat(Tok::Comma) {
            self.field(b"wpdResolutions", "expected 'wpdResolutions' here", "expected ':' here")?;
            self.lparen("expected '(' here")?;
            self.sum_list(|p| {
                p.lparen("expected '(' here")?;
                p.field(b"offset", "expected 'offset' here", "expected ':' here")?;
                let offset = p.sum_u64()?;
                p.expect(Tok::Comma, "expected ',' here")?;
                let res = p.parse_wpd_res()?;
                p.rparen("expected ')' here")?;
                tis.wpd.insert(offset, res);
                Ok(())
            })?;
            self.rparen("expected ')' here")?;
        }
        self.rparen("expected ')' here")
    }

    /// `wpdRes: (kind: K [, singleImplName: "N"] [, resByArg: (...)])`.
    pub(super) fn parse_wpd_res(&mut self) -> PResult<WpdResolution> {
        self.field(b"wpdRes", "expected 'wpdRes' here", "expected ':' here")?;
        self.lparen("expected '(' here")?;
        self.field(b"kind", "expected 'kind' here", "expected ':' here")?;
        let kind = match self.sum_word() {
            Some(b"indir") => WpdKind::Indir,
            Some(b"singleImpl") => WpdKind::SingleImpl,
            Some(b"branchFunnel") => WpdKind::BranchFunnel,
            _ => return self.err_here("unexpected WholeProgramDevirtResolution kind"),
        };
        let mut res = WpdResolution { kind, ..Default::default() };
        self.next();
        while self.eat(Tok::Comma) {
            match self.sum_word() {
                Some(b"singleImplName") => {
                    self.skip_word();
                    self.colon("expected ':' here")?;
                    res.single_impl_name = self.parse_str("expected string constant")?;
                }
                Some(b"resByArg") => self.parse_res_by_arg(&mut res)?,
                _ => return self.err_here("expected optional WholeProgramDevirtResolution field"),
            }
        }
        self.rparen("expected ')' here")?;
        Ok(res)
    }

    /// `resByArg: (args: (...), byArg: (kind: K [, info: N] [, byte: N] [, bit: N]), ...)`.
    pub(super) fn parse_res_by_arg(&mut self, res: &mut WpdResolution) -> PResult<()> {
        self.field(b"resByArg", "expected 'resByArg' here", "expected ':' here")?;
        self.lparen("expected '(' here")?;
        self.sum_list(|p| {
            let args = p.parse_args()?;
            p.expect(Tok::Comma, "expected ',' here")?;
            p.field(b"byArg", "expected 'byArg here", "expected ':' here")?;
            p.lparen("expected '(' here")?;
            p.field(b"kind", "expected 'kind' here", "expected ':' here")?;
            let kind = match p.sum_word() {
                Some(b"indir") => ByArgKind::Indir,
                Some(b"uniformRetVal") => ByArgKind::UniformRetVal,
                Some(b"uniqueRetVal") => ByArgKind::UniqueRetVal,
                Some(b"virtualConstProp") => ByArgKind::VirtualConstProp,
                _ => return p.err_here("unexpected WholeProgramDevirtResolution::ByArg kind"),
            };
            let mut by = ByArg { kind, ..Default::default() };
            p.next();
            while p.eat(Tok::Comma) {
                let word = p.sum_word();
                if !matches!(word, Some(b"info" | b"byte" | b"bit")) {
                    return p.err_here("expected optional whole program devirt field");
                }
                p.skip_word();
                p.colon("expected ':' here")?;
                match word {
                    Some(b"info") => by.info = p.sum_u64()?,
                    Some(b"byte") => by.byte = p.sum_u32()?,
                    _ => by.bit = p.sum_u32()?,
                }
            }
            p.rparen("expected ')' here")?;
            res.res_by_arg.insert(args, by);
            Ok(())
        })?;
        self.rparen("expected ')' here")
    }

    /// `typeidCompatibleVTable: (name: "N", summary: ((offset: O, ^N), ...))`.
    pub(super) fn parse_vtable_type_id_entry(&mut self, id: u32) -> PResult<()> {
        self.skip_word();
        self.colon("expected ':' here")?;
        self.lparen("expected '(' here")?;
        self.field(b"name", "expected 'name' here", "expected ':' here")?;
        let name = self.parse_str("expected string constant")?;
        self.m.summary.vtable_type_ids.entry(name.clone()).or_default();
        self.expect(Tok::Comma, "expected ',' here")?;
        self.field(b"summary", "expected 'summary' here", "expected ':' here")?;
        self.lparen("expected '(' here")?;
        let mut fwd = Vec::new();
        self.sum_list(|p| {
            p.lparen("expected '(' here")?;
            p.field(b"offset", "expected 'offset' here", "expected ':' here")?;
            let offset = p.sum_u64()?;
            p.expect(Tok::Comma, "expected ',' here")?;
            let loc = p.pos();
            let (_, vt) = p.parse_gv_ref()?;
            let list = p.m.summary.vtable_type_ids.entry(name.clone()).or_default();
            if let GvRef::Fwd(fid) = vt {
                fwd.push((fid, loc, list.len()));
            }
            list.push(VTableTypeIdEntry { offset, vtable: vt.guid() });
            p.rparen("expected ')' in call")
        })?;
        for (fid, loc, i) in fwd {
            self.add_fwd_value(fid, loc, Slot::VTable { name: name.clone(), i });
        }
        self.rparen("expected ')' here")?;
        self.rparen("expected ')' here")?;
        self.resolve_type_ids(id, &name);
        Ok(())
    }
}
