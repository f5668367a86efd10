//! Function, variable and alias summaries of `gv:` entries (LLParser's `parseFunctionSummary`,
//! `parseVariableSummary`, `parseAliasSummary` and their optional fields).

use super::summary::{Field, GvRef, Pending};
use super::{PResult, Parser};
use crate::lexer::Tok;
use llrs_ir::summary::{
    AliasSummary, AllocInfo, AllocType, CallEdge, CallsiteInfo, ConstVCall, FuncFlags, FunctionSummary,
    GlobalValueSummary, Hotness, Mib, OffsetRange, ParamAccess, ParamCall, SummaryKind, VFuncId, ValueRef, VarFlags,
    VariableSummary, VirtFunc,
};

impl Parser<'_> {
    /// `function: (module: ^M, flags: (...), insts: N, ...)`.
    pub(super) fn parse_function_summary(&mut self) -> PResult<(GlobalValueSummary, Pending)> {
        self.skip_word();
        self.colon("expected ':' here")?;
        self.lparen("expected '(' here")?;
        let module = self.parse_module_ref()?;
        self.expect(Tok::Comma, "expected ',' here")?;
        let flags = self.parse_gv_flags()?;
        self.expect(Tok::Comma, "expected ',' here")?;
        self.field(b"insts", "expected 'insts' here", "expected ':' here")?;
        let mut fs = FunctionSummary { insts: self.sum_u32()?, ..Default::default() };
        let mut refs = Vec::new();
        let mut pending = Pending::default();
        while self.eat(Tok::Comma) {
            match self.sum_word() {
                Some(b"funcFlags") => self.parse_func_flags(&mut fs.flags)?,
                Some(b"calls") => self.parse_calls(&mut fs.calls, &mut pending)?,
                Some(b"typeIdInfo") => self.parse_type_id_info(&mut fs, &mut pending)?,
                Some(b"refs") => self.parse_refs(&mut refs, &mut pending)?,
                Some(b"params") => self.parse_params(&mut fs.params, &mut pending)?,
                Some(b"allocs") => self.parse_allocs(&mut fs.allocs)?,
                Some(b"callsites") => self.parse_callsites(&mut fs.callsites, &mut pending)?,
                _ => return self.err_here("expected optional function summary field"),
            }
        }
        self.rparen("expected ')' here")?;
        let kind = SummaryKind::Function(Box::new(fs));
        Ok((GlobalValueSummary { module, flags, refs, kind }, pending))
    }

    /// `funcFlags: (readNone: F, ...)`.
    pub(super) fn parse_func_flags(&mut self, ff: &mut FuncFlags) -> PResult<()> {
        self.skip_word();
        self.colon("expected ':' in funcFlags")?;
        self.lparen("expected '(' in funcFlags")?;
        self.sum_list(|p| {
            let slot = match p.sum_word() {
                Some(b"readNone") => &mut ff.read_none,
                Some(b"readOnly") => &mut ff.read_only,
                Some(b"noRecurse") => &mut ff.no_recurse,
                Some(b"returnDoesNotAlias") => &mut ff.return_does_not_alias,
                Some(b"noInline") => &mut ff.no_inline,
                Some(b"alwaysInline") => &mut ff.always_inline,
                Some(b"noUnwind") => &mut ff.no_unwind,
                Some(b"mayThrow") => &mut ff.may_throw,
                Some(b"hasUnknownCall") => &mut ff.has_unknown_call,
                Some(b"mustBeUnreachable") => &mut ff.must_be_unreachable,
                _ => return p.err_here("expected function flag type"),
            };
            *slot = p.flag_field()?;
            Ok(())
        })?;
        self.rparen("expected ')' in funcFlags")
    }

    /// `calls: ((callee: ^N [, hotness: H | relbf: N | tail: F]*), ...)`.
    pub(super) fn parse_calls(&mut self, calls: &mut Vec<CallEdge>, pending: &mut Pending) -> PResult<()> {
        self.skip_word();
        self.colon("expected ':' in calls")?;
        self.lparen("expected '(' in calls")?;
        self.sum_list(|p| {
            p.lparen("expected '(' in call")?;
            p.field(b"callee", "expected 'callee' in call", "expected ':'")?;
            let loc = p.pos();
            let (_, callee) = p.parse_gv_ref()?;
            let mut edge = CallEdge { callee: callee.guid(), hotness: Hotness::Unknown, tail: false };
            while p.eat(Tok::Comma) {
                match p.sum_word() {
                    Some(b"hotness") => {
                        p.skip_word();
                        p.colon("expected ':'")?;
                        edge.hotness = match p.sum_word() {
                            Some(b"unknown") => Hotness::Unknown,
                            Some(b"cold") => Hotness::Cold,
                            Some(b"none") => Hotness::None,
                            Some(b"hot") => Hotness::Hot,
                            Some(b"critical") => Hotness::Critical,
                            _ => return p.err_here("invalid call edge hotness"),
                        };
                        p.next();
                    }
                    Some(b"relbf") => {
                        p.skip_word();
                        p.colon("expected ':'")?;
                        p.sum_u32()?;
                    }
                    Some(b"tail") => edge.tail = p.flag_field()?,
                    _ => return p.err_here("expected hotness, relbf, or tail"),
                }
            }
            if let GvRef::Fwd(id) = callee {
                pending.values.push((id, loc, Field::Call(calls.len())));
            }
            calls.push(edge);
            p.rparen("expected ')' in call")
        })?;
        self.rparen("expected ')' in calls")
    }

    /// `refs: ([readonly|writeonly] ^N, ...)`, ordered plain, read-only, write-only.
    pub(super) fn parse_refs(&mut self, refs: &mut Vec<ValueRef>, pending: &mut Pending) -> PResult<()> {
        self.skip_word();
        self.colon("expected ':' in refs")?;
        self.lparen("expected '(' in refs")?;
        let mut list = Vec::new();
        self.sum_list(|p| {
            let loc = p.pos();
            let (access, r) = p.parse_gv_ref()?;
            list.push((access, r, loc));
            Ok(())
        })?;
        list.sort_by_key(|&(access, _, _)| access);
        for (access, r, loc) in list {
            if let GvRef::Fwd(id) = r {
                pending.values.push((id, loc, Field::Ref(refs.len())));
            }
            refs.push(ValueRef { guid: r.guid(), access });
        }
        self.rparen("expected ')' in refs")
    }

    /// `typeIdInfo: (typeTests: (...), typeTestAssumeVCalls: (...), ...)`.
    pub(super) fn parse_type_id_info(&mut self, fs: &mut FunctionSummary, pending: &mut Pending) -> PResult<()> {
        self.skip_word();
        self.colon("expected ':' here")?;
        self.lparen("expected '(' in typeIdInfo")?;
        let info = &mut fs.type_id_info;
        self.sum_list(|p| match p.sum_word() {
            Some(b"typeTests") => {
                p.skip_word();
                p.colon("expected ':' here")?;
                p.lparen("expected '(' in typeIdInfo")?;
                let tests = &mut info.type_tests;
                p.sum_list(|p| {
                    if p.is(Tok::SummaryId) {
                        let id = p.tok_num()?;
                        pending.type_ids.push((id, p.pos(), Field::TypeTest(tests.len())));
                        p.next();
                        tests.push(0);
                    } else {
                        tests.push(p.sum_u64()?);
                    }
                    Ok(())
                })?;
                p.rparen("expected ')' in typeIdInfo")
            }
            Some(b"typeTestAssumeVCalls") => {
                p.parse_vfunc_id_list(&mut info.type_test_assume_vcalls, pending, Field::AssumeVCall)
            }
            Some(b"typeCheckedLoadVCalls") => {
                p.parse_vfunc_id_list(&mut info.type_checked_load_vcalls, pending, Field::CheckedLoadVCall)
            }
            Some(b"typeTestAssumeConstVCalls") => {
                p.parse_const_vcall_list(&mut info.type_test_assume_const_vcalls, pending, Field::AssumeConstVCall)
            }
            Some(b"typeCheckedLoadConstVCalls") => p.parse_const_vcall_list(
                &mut info.type_checked_load_const_vcalls,
                pending,
                Field::CheckedLoadConstVCall,
            ),
            _ => p.err_here("invalid typeIdInfo list type"),
        })?;
        self.rparen("expected ')' in typeIdInfo")
    }

    /// `vFuncId: (^N | guid: G, offset: O)`; a `^N` type id is recorded in `pending` as `field`.
    pub(super) fn parse_vfunc_id(&mut self, pending: &mut Pending, field: Field) -> PResult<VFuncId> {
        self.skip_word();
        self.colon("expected ':' here")?;
        self.lparen("expected '(' here")?;
        let mut v = VFuncId::default();
        if self.is(Tok::SummaryId) {
            let id = self.tok_num()?;
            pending.type_ids.push((id, self.pos(), field));
            self.next();
        } else {
            self.field(b"guid", "expected 'guid' here", "expected ':' here")?;
            v.guid = self.sum_u64()?;
        }
        self.expect(Tok::Comma, "expected ',' here")?;
        self.field(b"offset", "expected 'offset' here", "expected ':' here")?;
        v.offset = self.sum_u64()?;
        self.rparen("expected ')' here")?;
        Ok(v)
    }

    pub(super) fn parse_vfunc_id_list(
        &mut self,
        list: &mut Vec<VFuncId>,
        pending: &mut Pending,
        field: fn(usize) -> Field,
    ) -> PResult<()> {
        self.skip_word();
        self.colon("expected ':' here")?;
        self.lparen("expected '(' here")?;
        self.sum_list(|p| {
            let v = p.parse_vfunc_id(pending, field(list.len()))?;
            list.push(v);
            Ok(())
        })?;
        self.rparen("expected ')' here")
    }

    pub(super) fn parse_const_vcall_list(
        &mut self,
        list: &mut Vec<ConstVCall>,
        pending: &mut Pending,
        field: fn(usize) -> Field,
    ) -> PResult<()> {
        self.skip_word();
        self.colon("expected ':' here")?;
        self.lparen("expected '(' here")?;
        self.sum_list(|p| {
            p.lparen("expected '(' here")?;
            let vfunc = p.parse_vfunc_id(pending, field(list.len()))?;
            let args = if p.eat(Tok::Comma) { p.parse_args()? } else { Vec::new() };
            list.push(ConstVCall { vfunc, args });
            p.rparen("expected ')' here")
        })?;
        self.rparen("expected ')' here")
    }

    /// `args: (N, ...)`.
    pub(super) fn parse_args(&mut self) -> PResult<Vec<u64>> {
        self.field(b"args", "expected 'args' here", "expected ':' here")?;
        self.lparen("expected '(' here")?;
        let mut args = Vec::new();
        self.sum_list(|p| {
            args.push(p.sum_u64()?);
            Ok(())
        })?;
        self.rparen("expected ')' here")?;
        Ok(args)
    }

    /// `param: N`.
    pub(super) fn parse_param_no(&mut self) -> PResult<u64> {
        self.field(b"param", "expected 'param' here", "expected ':' here")?;
        self.sum_u64()
    }

    /// `offset: [LO, HI]`.
    pub(super) fn parse_param_offset(&mut self) -> PResult<OffsetRange> {
        self.field(b"offset", "expected 'offset' here", "expected ':' here")?;
        self.expect(Tok::LSquare, "expected '[' here")?;
        let lo = self.sum_apsint()?;
        self.expect(Tok::Comma, "expected ',' here")?;
        let hi = self.sum_apsint()?;
        self.expect(Tok::RSquare, "expected ']' here")?;
        Ok(OffsetRange::from_inclusive(lo, hi))
    }

    /// `params: ((param: N, offset: [A, B] [, calls: (...)]), ...)`.
    pub(super) fn parse_params(&mut self, params: &mut Vec<ParamAccess>, pending: &mut Pending) -> PResult<()> {
        self.skip_word();
        self.colon("expected ':' here")?;
        self.lparen("expected '(' here")?;
        self.sum_list(|p| {
            p.lparen("expected '(' here")?;
            let param = p.parse_param_no()?;
            p.expect(Tok::Comma, "expected ',' here")?;
            let offsets = p.parse_param_offset()?;
            let mut access = ParamAccess { param, offsets, calls: Vec::new() };
            if p.eat(Tok::Comma) {
                p.field(b"calls", "expected 'calls' here", "expected ':' here")?;
                p.lparen("expected '(' here")?;
                let i = params.len();
                p.sum_list(|p| {
                    p.lparen("expected '(' here")?;
                    p.field(b"callee", "expected 'callee' here", "expected ':' here")?;
                    let loc = p.pos();
                    let (_, callee) = p.parse_gv_ref()?;
                    p.expect(Tok::Comma, "expected ',' here")?;
                    let param = p.parse_param_no()?;
                    p.expect(Tok::Comma, "expected ',' here")?;
                    let offsets = p.parse_param_offset()?;
                    p.rparen("expected ')' here")?;
                    if let GvRef::Fwd(id) = callee {
                        pending.values.push((id, loc, Field::ParamCall(i, access.calls.len())));
                    }
                    access.calls.push(ParamCall { callee: callee.guid(), param, offsets });
                    Ok(())
                })?;
                p.rparen("expected ')' here")?;
            }
            p.rparen("expected ')' here")?;
            params.push(access);
            Ok(())
        })?;
        self.rparen("expected ')' here")
    }

    /// `none | notcold | cold | hot`.
    pub(super) fn parse_alloc_type(&mut self) -> PResult<AllocType> {
        let t = match self.sum_word() {
            Some(b"none") => AllocType::None,
            Some(b"notcold") => AllocType::NotCold,
            Some(b"cold") => AllocType::Cold,
            Some(b"hot") => AllocType::Hot,
            _ => return self.err_here("invalid alloc type"),
        };
        self.next();
        Ok(t)
    }

    /// `(N, ...)` or `()` of stack ids, after `stackIds:`.
    pub(super) fn parse_stack_ids(&mut self, ids: &mut Vec<u64>) -> PResult<()> {
        self.lparen("expected '(' in stackIds")?;
        if !self.is(Tok::RParen) {
            self.sum_list(|p| {
                ids.push(p.sum_u64()?);
                Ok(())
            })?;
        }
        self.rparen("expected ')' in stackIds")
    }

    /// `allocs: ((versions: (T, ...), memProf: ((type: T, stackIds: (...)), ...)), ...)`.
    pub(super) fn parse_allocs(&mut self, allocs: &mut Vec<AllocInfo>) -> PResult<()> {
        self.skip_word();
        self.colon("expected ':' in allocs")?;
        self.lparen("expected '(' in allocs")?;
        self.sum_list(|p| {
            p.lparen("expected '(' in alloc")?;
            p.field(b"versions", "expected 'versions' in alloc", "expected ':'")?;
            p.lparen("expected '(' in versions")?;
            let mut versions = Vec::new();
            p.sum_list(|p| {
                versions.push(p.parse_alloc_type()?);
                Ok(())
            })?;
            p.rparen("expected ')' in versions")?;
            p.expect(Tok::Comma, "expected ',' in alloc")?;
            p.skip_word();
            p.colon("expected ':' in memprof")?;
            p.lparen("expected '(' in memprof")?;
            let mut mibs = Vec::new();
            p.sum_list(|p| {
                p.lparen("expected '(' in memprof")?;
                p.field(b"type", "expected 'type' in memprof", "expected ':'")?;
                let alloc_type = p.parse_alloc_type()?;
                p.expect(Tok::Comma, "expected ',' in memprof")?;
                p.field(b"stackIds", "expected 'stackIds' in memprof", "expected ':'")?;
                let mut stack_ids = Vec::new();
                p.parse_stack_ids(&mut stack_ids)?;
                mibs.push(Mib { alloc_type, stack_ids });
                p.rparen("expected ')' in memprof")
            })?;
            p.rparen("expected ')' in memprof")?;
            allocs.push(AllocInfo { versions, mibs });
            p.rparen("expected ')' in alloc")
        })?;
        self.rparen("expected ')' in allocs")
    }

    /// `callsites: ((callee: ^N | null, clones: (N, ...), stackIds: (...)), ...)`.
    pub(super) fn parse_callsites(&mut self, sites: &mut Vec<CallsiteInfo>, pending: &mut Pending) -> PResult<()> {
        self.skip_word();
        self.colon("expected ':' in callsites")?;
        self.lparen("expected '(' in callsites")?;
        self.sum_list(|p| {
            p.lparen("expected '(' in callsite")?;
            p.field(b"callee", "expected 'callee' in callsite", "expected ':'")?;
            let loc = p.pos();
            let callee = if p.eat_kw(b"null") { None } else { Some(p.parse_gv_ref()?.1) };
            p.expect(Tok::Comma, "expected ',' in callsite")?;
            p.field(b"clones", "expected 'clones' in callsite", "expected ':'")?;
            p.lparen("expected '(' in clones")?;
            let mut clones = Vec::new();
            p.sum_list(|p| {
                clones.push(p.sum_u32()?);
                Ok(())
            })?;
            p.rparen("expected ')' in clones")?;
            p.expect(Tok::Comma, "expected ',' in callsite")?;
            p.field(b"stackIds", "expected 'stackIds' in callsite", "expected ':'")?;
            let mut stack_ids = Vec::new();
            p.parse_stack_ids(&mut stack_ids)?;
            if let Some(GvRef::Fwd(id)) = callee {
                pending.values.push((id, loc, Field::Callsite(sites.len())));
            }
            sites.push(CallsiteInfo { callee: callee.map(GvRef::guid), clones, stack_ids });
            p.rparen("expected ')' in callsite")
        })?;
        self.rparen("expected ')' in callsites")
    }

    /// `variable: (module: ^M, flags: (...), varFlags: (...) [, vTableFuncs: (...)] [, refs: (...)])`.
    pub(super) fn parse_variable_summary(&mut self) -> PResult<(GlobalValueSummary, Pending)> {
        self.skip_word();
        self.colon("expected ':' here")?;
        self.lparen("expected '(' here")?;
        let module = self.parse_module_ref()?;
        self.expect(Tok::Comma, "expected ',' here")?;
        let flags = self.parse_gv_flags()?;
        self.expect(Tok::Comma, "expected ',' here")?;
        let mut vs = VariableSummary { flags: self.parse_var_flags()?, vtable_funcs: Vec::new() };
        let mut refs = Vec::new();
        let mut pending = Pending::default();
        while self.eat(Tok::Comma) {
            match self.sum_word() {
                Some(b"vTableFuncs") => self.parse_vtable_funcs(&mut vs.vtable_funcs, &mut pending)?,
                Some(b"refs") => self.parse_refs(&mut refs, &mut pending)?,
                _ => return self.err_here("expected optional variable summary field"),
            }
        }
        self.rparen("expected ')' here")?;
        Ok((GlobalValueSummary { module, flags, refs, kind: SummaryKind::Variable(vs) }, pending))
    }

    /// `varFlags: (readonly: F, writeonly: F, constant: F [, vcall_visibility: F])`.
    pub(super) fn parse_var_flags(&mut self) -> PResult<VarFlags> {
        self.skip_word();
        self.colon("expected ':' here")?;
        self.lparen("expected '(' here")?;
        let mut f = VarFlags::default();
        self.sum_list(|p| {
            match p.sum_word() {
                Some(b"readonly") => f.read_only = p.flag_field()?,
                Some(b"writeonly") => f.write_only = p.flag_field()?,
                Some(b"constant") => f.constant = p.flag_field()?,
                Some(b"vcall_visibility") => f.vcall_visibility = p.flag_field()? as u8,
                _ => return p.err_here("expected gvar flag type"),
            }
            Ok(())
        })?;
        self.rparen("expected ')' here")?;
        Ok(f)
    }

    /// `vTableFuncs: ((virtFunc: ^N, offset: O), ...)`.
    pub(super) fn parse_vtable_funcs(&mut self, funcs: &mut Vec<VirtFunc>, pending: &mut Pending) -> PResult<()> {
        self.skip_word();
        self.colon("expected ':' in vTableFuncs")?;
        self.lparen("expected '(' in vTableFuncs")?;
        self.sum_list(|p| {
            p.lparen("expected '(' in vTableFunc")?;
            p.field(b"virtFunc", "expected 'callee' in vTableFunc", "expected ':'")?;
            let loc = p.pos();
            let (_, func) = p.parse_gv_ref()?;
            p.expect(Tok::Comma, "expected comma")?;
            p.field(b"offset", "expected offset", "expected ':'")?;
            let offset = p.sum_u64()?;
            if let GvRef::Fwd(id) = func {
                pending.values.push((id, loc, Field::VirtFunc(funcs.len())));
            }
            funcs.push(VirtFunc { func: func.guid(), offset });
            p.rparen("expected ')' in vTableFunc")
        })?;
        self.rparen("expected ')' in vTableFuncs")
    }

    /// `alias: (module: ^M, flags: (...), aliasee: ^N | null)`; `loc` is where `alias` stands.
    pub(super) fn parse_alias_summary(&mut self, loc: usize) -> PResult<(GlobalValueSummary, Pending)> {
        self.skip_word();
        self.colon("expected ':' here")?;
        self.lparen("expected '(' here")?;
        let module = self.parse_module_ref()?;
        self.expect(Tok::Comma, "expected ',' here")?;
        let flags = self.parse_gv_flags()?;
        self.expect(Tok::Comma, "expected ',' here")?;
        self.field(b"aliasee", "expected 'aliasee' here", "expected ':' here")?;
        let mut pending = Pending::default();
        let mut alias = AliasSummary::default();
        if !self.eat_kw(b"null") {
            match self.parse_gv_ref()?.1 {
                GvRef::Fwd(id) => pending.aliasees.push((id, loc)),
                GvRef::Known(g) => {
                    alias.aliasee = self.m.summary.find_summary_in_module(g, &module).is_some().then_some(g);
                }
            }
        }
        self.rparen("expected ')' here")?;
        Ok((GlobalValueSummary { module, flags, refs: Vec::new(), kind: SummaryKind::Alias(alias) }, pending))
    }
}
