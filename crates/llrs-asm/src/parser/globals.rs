//! Module-level entities: global variables, functions headers, aliases, ifuncs, comdats.

use super::attrs::AttrPos;
use super::{GroupUse, PResult, Parser};
use crate::lexer::Tok;
use llrs_ir::callconv::cc_number;
use llrs_ir::instructions::AttrList;
use llrs_ir::module::{
    sanitizer, ComdatKind, DllStorage, FuncData, GlobalId, GlobalKind, Linkage, ThreadLocal, UnnamedAddr, Visibility,
};
use llrs_ir::{Symbol, Type, TypeId};

/// The keywords that may precede `global`/`alias`/`define`.
#[derive(Default, Clone, Copy)]
pub(crate) struct Prefix {
    pub linkage: Option<Linkage>,
    pub dso_local: bool,
    pub visibility: Visibility,
    pub dll: DllStorage,
    pub tls: ThreadLocal,
    pub unnamed_addr: UnnamedAddr,
}

pub(crate) fn linkage_of(kw: &[u8]) -> Option<Linkage> {
    Some(match kw {
        b"private" => Linkage::Private,
        b"internal" => Linkage::Internal,
        b"available_externally" => Linkage::AvailableExternally,
        b"linkonce" => Linkage::LinkOnce,
        b"weak" => Linkage::Weak,
        b"common" => Linkage::Common,
        b"appending" => Linkage::Appending,
        b"extern_weak" => Linkage::ExternWeak,
        b"linkonce_odr" => Linkage::LinkOnceOdr,
        b"weak_odr" => Linkage::WeakOdr,
        b"external" => Linkage::External,
        _ => return None,
    })
}

impl<'a> Parser<'a> {
    pub(crate) fn parse_prefix(&mut self) -> PResult<Prefix> {
        let mut p = Prefix::default();
        if let Some(l) = linkage_of(self.text()).filter(|_| self.is(Tok::Ident)) {
            p.linkage = Some(l);
            self.next();
        }
        if self.eat_kw(b"dso_local") {
            p.dso_local = true;
        } else {
            self.eat_kw(b"dso_preemptable");
        }
        if self.eat_kw(b"hidden") {
            p.visibility = Visibility::Hidden;
        } else if self.eat_kw(b"protected") {
            p.visibility = Visibility::Protected;
        } else {
            self.eat_kw(b"default");
        }
        if self.eat_kw(b"dllimport") {
            p.dll = DllStorage::Import;
        } else if self.eat_kw(b"dllexport") {
            p.dll = DllStorage::Export;
        }
        if self.eat_kw(b"thread_local") {
            p.tls = ThreadLocal::GeneralDynamic;
            if self.eat(Tok::LParen) {
                p.tls = match self.text() {
                    b"localdynamic" => ThreadLocal::LocalDynamic,
                    b"initialexec" => ThreadLocal::InitialExec,
                    b"localexec" => ThreadLocal::LocalExec,
                    _ => return self.err_here("expected localdynamic, initialexec or localexec"),
                };
                self.next();
                self.expect(Tok::RParen, "expected ')' after thread local model")?;
            }
        }
        p.unnamed_addr = self.parse_unnamed_addr();
        Ok(p)
    }

    fn parse_unnamed_addr(&mut self) -> UnnamedAddr {
        if self.eat_kw(b"unnamed_addr") {
            UnnamedAddr::Global
        } else if self.eat_kw(b"local_unnamed_addr") {
            UnnamedAddr::Local
        } else {
            UnnamedAddr::None
        }
    }

    /// Defines the global named by the current token (or a numbered one), reusing a forward
    /// reference. Returns its id.
    fn define_global(
        &mut self,
        name: Option<Symbol>,
        num: Option<u32>,
        kind: GlobalKind,
        pos: usize,
    ) -> PResult<GlobalId> {
        let void = self.m.ctx.void_ty();
        let g = match (name, num) {
            (Some(n), _) => match self.global_names.get(&n) {
                Some(&g) => {
                    if self.fwd_globals.remove(&g).is_none() {
                        let nm = String::from_utf8_lossy(self.m.ctx.name(n)).into_owned();
                        return if kind == GlobalKind::Function {
                            self.err(pos, format!("invalid redefinition of function '{nm}'"))
                        } else {
                            self.err(pos, format!("redefinition of global '@{nm}'"))
                        };
                    }
                    g
                }
                None => {
                    let g = self.m.new_global(Some(n), kind, void);
                    self.global_names.insert(n, g);
                    g
                }
            },
            (None, num) => {
                let next = self.next_global_num;
                let n = num.unwrap_or(next);
                if n < next {
                    let what = if kind == GlobalKind::Function { "function" } else { "global" };
                    return self.err(pos, format!("{what} expected to be numbered '@{next}' or greater"));
                }
                self.next_global_num = n + 1;
                let g = match self.fwd_global_nums.remove(&n) {
                    Some((g, _)) => g,
                    None => self.m.new_global(None, kind, void),
                };
                self.global_nums.insert(n, g);
                g
            }
        };
        self.m.globals[g].kind = kind;
        match kind {
            GlobalKind::Var => self.m.vars.push(g),
            GlobalKind::Function => self.m.functions.push(g),
            GlobalKind::Alias => self.m.aliases.push(g),
            GlobalKind::IFunc => self.m.ifuncs.push(g),
        }
        Ok(g)
    }

    fn check_prefix(&self, p: &Prefix, pos: usize) -> PResult<()> {
        if p.linkage.is_some_and(|l| l.is_local()) {
            if p.dll != DllStorage::Default {
                return self.err(pos, "symbol with local linkage cannot have a DLL storage class");
            }
            if p.visibility != Visibility::Default {
                return self.err(pos, "symbol with local linkage must have default visibility");
            }
        }
        Ok(())
    }

    fn apply_prefix(&mut self, g: GlobalId, p: &Prefix) {
        let gl = &mut self.m.globals[g];
        gl.linkage = p.linkage.unwrap_or(Linkage::External);
        gl.visibility = p.visibility;
        gl.dll = p.dll;
        gl.thread_local = p.tls;
        gl.unnamed_addr = p.unnamed_addr;
        gl.dso_local = p.dso_local
            || gl.linkage.is_local()
            || (p.visibility != Visibility::Default && gl.linkage != Linkage::ExternWeak);
    }

    /// `@name = ...` at the top level.
    pub fn parse_named_global(&mut self) -> PResult<()> {
        let pos = self.pos();
        let (name, num) = if self.is(Tok::GlobalId) {
            (None, Some(self.tok_num()?))
        } else if self.tok.vstart == self.tok.vend {
            (None, None)
        } else {
            (Some(self.val_sym()), None)
        };
        self.next();
        self.expect(Tok::Equal, "expected '=' in global variable")?;
        let pre = self.parse_prefix()?;
        self.check_prefix(&pre, pos)?;
        if self.is_kw(b"alias") || self.is_kw(b"ifunc") {
            return self.parse_alias(name, num, pos, &pre);
        }
        // Global variable.
        let addrspace = if self.is_kw(b"addrspace") { self.parse_addrspace()? } else { 0 };
        let ext_init = self.eat_kw(b"externally_initialized");
        let constant = if self.eat_kw(b"constant") {
            true
        } else if self.eat_kw(b"global") {
            false
        } else {
            return self.err_here("expected 'global' or 'constant'");
        };
        let tp = self.pos();
        let ty = self.parse_type("expected type")?;
        // As in LLVM, the initializer is read before the type is checked and the name is
        // defined: a reference to the global itself is a forward reference, and a redefinition
        // is reported after it.
        let decl = matches!(pre.linkage, Some(Linkage::External) | Some(Linkage::ExternWeak));
        let init = if decl { None } else { Some(self.parse_const(ty)?) };
        if matches!(
            self.m.ctx.type_of(ty),
            Type::Function { .. } | Type::Label | Type::Void | Type::Metadata | Type::Token | Type::X86Amx
        ) {
            return self.err(tp, "invalid type for global variable");
        }
        let g = self.define_global(name, num, GlobalKind::Var, pos)?;
        if let Some((fty, _)) = self.fwd_global_types.remove(&g) {
            if fty != self.m.ctx.ptr_ty(addrspace) {
                return self.err(tp, "forward reference and definition of global have different types");
            }
        }
        self.apply_prefix(g, &pre);
        {
            let gl = &mut self.m.globals[g];
            gl.value_ty = ty;
            gl.addrspace = addrspace;
            gl.var.constant = constant;
            gl.var.externally_initialized = ext_init;
            gl.var.init = init;
        }
        while self.eat(Tok::Comma) {
            if self.is(Tok::MetadataVar) {
                self.parse_global_md_attachment(g)?;
                continue;
            }
            let kw = self.text();
            match kw {
                b"section" => {
                    self.next();
                    let s = self.parse_str("expected global section string")?;
                    self.m.globals[g].section = Some(self.m.ctx.sym_bytes(&s));
                }
                b"partition" => {
                    self.next();
                    let s = self.parse_str("expected partition string")?;
                    self.m.globals[g].partition = Some(self.m.ctx.sym_bytes(&s));
                }
                b"code_model" => {
                    self.next();
                    // `parseOptionalCodeModel`: one of the code models, as a string.
                    const MSG: &str = "expected global code model string";
                    if !self.is(Tok::Str)
                        || !matches!(&*self.val(), b"tiny" | b"small" | b"kernel" | b"medium" | b"large")
                    {
                        return self.err_here(MSG);
                    }
                    let s = self.parse_str(MSG)?;
                    self.m.globals[g].var.code_model = Some(self.m.ctx.sym_bytes(&s));
                }
                b"align" => {
                    self.next();
                    self.m.globals[g].align = self.parse_align_value(false)?;
                }
                b"comdat" => {
                    self.parse_comdat_ref(g)?;
                }
                b"no_sanitize_address" => {
                    self.next();
                    self.m.globals[g].var.sanitizer |= sanitizer::NO_ADDRESS;
                }
                b"no_sanitize_hwaddress" => {
                    self.next();
                    self.m.globals[g].var.sanitizer |= sanitizer::NO_HWADDRESS;
                }
                b"sanitize_memtag" => {
                    self.next();
                    self.m.globals[g].var.sanitizer |= sanitizer::MEMTAG;
                }
                b"sanitize_address_dyninit" => {
                    self.next();
                    self.m.globals[g].var.sanitizer |= sanitizer::DYNINIT;
                }
                _ => return self.err_here("unknown global variable property!"),
            }
        }
        // Attributes.
        let (attrs, groups, _) = self.parse_fn_attrs(false)?;
        if !attrs.is_empty() || !groups.is_empty() {
            self.group_uses.push((GroupUse::Var(g), groups, attrs));
        }
        Ok(())
    }

    fn parse_global_md_attachment(&mut self, g: GlobalId) -> PResult<()> {
        let kind = {
            let v = self.val().into_owned();
            self.m.ctx.md_kind(&v)
        };
        self.next();
        let node = self.parse_md_node_ref()?;
        self.m.globals[g].md.push((kind, node));
        Ok(())
    }

    fn parse_comdat_ref(&mut self, g: GlobalId) -> PResult<()> {
        self.next();
        let name = if self.eat(Tok::LParen) {
            if !self.is(Tok::ComdatVar) {
                return self.err_here("expected comdat variable");
            }
            let s = self.val_sym();
            let p = self.pos();
            self.next();
            self.expect(Tok::RParen, "expected ')' after comdat var")?;
            (s, p)
        } else {
            match self.m.globals[g].name {
                Some(n) => (n, self.pos()),
                None => return self.err_here("comdat cannot be unnamed"),
            }
        };
        let c = match self.comdat_names.get(&name.0) {
            Some(&c) => c,
            None => {
                let c = self.m.comdats.push(llrs_ir::module::Comdat { name: name.0, kind: ComdatKind::Any });
                self.comdat_names.insert(name.0, c);
                self.fwd_comdats.insert(c, name.1);
                c
            }
        };
        self.m.globals[g].comdat = Some(c);
        Ok(())
    }

    /// `$name = comdat any`
    pub fn parse_comdat(&mut self) -> PResult<()> {
        let name = self.val_sym();
        let pos = self.pos();
        self.next();
        self.expect(Tok::Equal, "expected '=' here")?;
        self.expect_kw(b"comdat", "expected comdat keyword")?;
        let kind = match self.text() {
            b"any" => ComdatKind::Any,
            b"exactmatch" => ComdatKind::ExactMatch,
            b"largest" => ComdatKind::Largest,
            b"nodeduplicate" | b"noduplicates" => ComdatKind::NoDeduplicate,
            b"samesize" => ComdatKind::SameSize,
            _ => return self.err_here("unknown selection kind"),
        };
        self.next();
        match self.comdat_names.get(&name) {
            Some(&c) => {
                if self.fwd_comdats.remove(&c).is_none() {
                    let n = String::from_utf8_lossy(self.m.ctx.name(name)).into_owned();
                    return self.err(pos, format!("redefinition of comdat '${n}'"));
                }
                self.m.comdats[c].kind = kind;
            }
            None => {
                let c = self.m.comdats.push(llrs_ir::module::Comdat { name, kind });
                self.comdat_names.insert(name, c);
            }
        }
        Ok(())
    }

    fn parse_alias(&mut self, name: Option<Symbol>, num: Option<u32>, pos: usize, pre: &Prefix) -> PResult<()> {
        let is_alias = self.is_kw(b"alias");
        self.next();
        let vt = self.parse_type("expected type")?;
        self.expect(Tok::Comma, "expected comma after alias or ifunc's type")?;
        let target = if matches!(self.text(), b"bitcast" | b"getelementptr" | b"addrspacecast" | b"inttoptr")
            && self.is(Tok::Ident)
        {
            self.parse_const_expr(None)?
        } else {
            self.parse_typed_const()?
        };
        let addrspace = match self.m.ctx.type_of(self.m.ctx.const_of(target).ty()) {
            Type::Ptr(a) => *a,
            _ => return self.err(pos, "An alias or ifunc must have pointer type"),
        };
        let g = self.define_global(name, num, if is_alias { GlobalKind::Alias } else { GlobalKind::IFunc }, pos)?;
        self.apply_prefix(g, pre);
        {
            let gl = &mut self.m.globals[g];
            gl.value_ty = vt;
            gl.target = Some(target);
            gl.addrspace = addrspace;
        }
        while self.eat(Tok::Comma) {
            if self.eat_kw(b"partition") {
                let s = self.parse_str("expected partition string")?;
                self.m.globals[g].partition = Some(self.m.ctx.sym_bytes(&s));
            } else if !is_alias && self.is(Tok::MetadataVar) {
                // Only an ifunc takes attachments.
                self.parse_global_md_attachment(g)?;
            } else {
                return self.err_here("unknown alias or ifunc property!");
            }
        }
        Ok(())
    }

    /// Parses a calling convention, if present.
    pub fn parse_cconv(&mut self) -> PResult<u32> {
        if self.is(Tok::Ident) {
            if self.is_kw(b"cc") {
                self.next();
                return self.parse_u32("expected calling convention number");
            }
            if let Some(n) = cc_number(self.text()) {
                self.next();
                return Ok(n);
            }
            let t = self.text();
            if t.len() > 2 && t.starts_with(b"cc") && t[2..].iter().all(|c| c.is_ascii_digit()) {
                if let Some(n) = std::str::from_utf8(&t[2..]).ok().and_then(|s| s.parse::<u32>().ok()) {
                    self.next();
                    return Ok(n);
                }
            }
        }
        Ok(0)
    }

    /// `declare ...`
    pub fn parse_declare(&mut self) -> PResult<()> {
        self.next();
        let mut mds = Vec::new();
        while self.is(Tok::MetadataVar) {
            let v = self.val().into_owned();
            let kind = self.m.ctx.md_kind(&v);
            self.next();
            let node = self.parse_md_node_ref()?;
            mds.push((kind, node));
        }
        let g = self.parse_function_header(false)?;
        self.m.globals[g].md.extend(mds);
        Ok(())
    }

    /// `define ... { body }`
    pub fn parse_define(&mut self) -> PResult<()> {
        let start = self.pos();
        if self.region_rx.is_some() {
            self.claim_define(start);
        }
        self.next();
        let g = self.parse_function_header(true)?;
        if self.region.is_some() && self.carry_claimed_body(start, g) {
            return Ok(());
        }
        self.parse_function_body(g)
    }

    pub(super) fn parse_function_header(&mut self, is_define: bool) -> PResult<GlobalId> {
        let lpos = self.pos();
        let pre = self.parse_prefix()?;
        self.check_prefix(&pre, lpos)?;
        if let Some(l) = pre.linkage {
            let ok = if is_define {
                !matches!(l, Linkage::ExternWeak | Linkage::Common | Linkage::Appending)
            } else {
                matches!(l, Linkage::External | Linkage::ExternWeak)
            };
            if !ok {
                return self.err(
                    lpos,
                    if is_define {
                        "invalid linkage for function definition"
                    } else {
                        "invalid linkage for function declaration"
                    },
                );
            }
        }
        let cconv = self.parse_cconv()?;
        let ret_attrs = self.parse_attr_list(AttrPos::Ret)?;
        let rpos = self.pos();
        let ret = self.parse_type_void("expected type")?;
        if matches!(self.m.ctx.type_of(ret), Type::Label | Type::Metadata | Type::Function { .. }) {
            return self.err(rpos, "invalid function return type");
        }
        let npos = self.pos();
        let (name, num) = match self.tok.kind {
            Tok::GlobalVar if self.tok.vstart == self.tok.vend => (None, None),
            Tok::GlobalVar => (Some(self.val_sym()), None),
            Tok::GlobalId => (None, Some(self.tok_num()?)),
            _ => return self.err_here("expected function name"),
        };
        self.next();
        self.expect(Tok::LParen, "expected '(' in function argument list")?;
        let mut params: Vec<TypeId> = Vec::new();
        let mut param_attrs = Vec::new();
        let mut arg_names = Vec::new();
        let mut vararg = false;
        let mut next_arg_num = 0u32;
        let mut arg_nums = Vec::new();
        if !self.is(Tok::RParen) {
            loop {
                if self.eat(Tok::DotDotDot) {
                    vararg = true;
                    break;
                }
                let tp = self.pos();
                let t = self.parse_type("expected type")?;
                if !self.is_valid_arg_type(t) {
                    return self.err(tp, "invalid type for function argument");
                }
                let a = self.parse_attr_list(AttrPos::Param)?;
                let an = match self.tok.kind {
                    Tok::LocalVar => {
                        let s = self.val_sym();
                        self.next();
                        arg_nums.push(u32::MAX);
                        Some(s)
                    }
                    Tok::LocalVarId => {
                        let n = self.tok_num()?;
                        if n < next_arg_num {
                            return self
                                .err_here(format!("argument expected to be numbered '%{next_arg_num}' or greater"));
                        }
                        self.next();
                        next_arg_num = n + 1;
                        arg_nums.push(n);
                        None
                    }
                    _ => {
                        arg_nums.push(next_arg_num);
                        next_arg_num += 1;
                        None
                    }
                };
                params.push(t);
                let aid = self.m.ctx.attrs(a);
                param_attrs.push(aid);
                arg_names.push(an);
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
        }
        self.expect(Tok::RParen, "expected ')' at end of argument list")?;
        let fn_ty = self.m.ctx.fn_ty(ret, &params, vararg);
        let unnamed_addr = match self.parse_unnamed_addr() {
            UnnamedAddr::None => pre.unnamed_addr,
            u => u,
        };
        let addrspace = if self.is_kw(b"addrspace") { self.parse_addrspace()? } else { self.program_addrspace() };
        let (fn_attrs, groups, mut align) = self.parse_fn_attrs(true)?;
        let g = self.define_global(name, num, GlobalKind::Function, npos)?;
        if let Some((fty, fpos)) = self.fwd_global_types.remove(&g) {
            let want = self.m.ctx.ptr_ty(addrspace);
            if fty != want {
                let fname = name.map(|n| String::from_utf8_lossy(self.m.ctx.name(n)).into_owned()).unwrap_or_default();
                return self.err(
                    fpos,
                    format!(
                        "invalid forward reference to function '{fname}' with wrong type: expected '{}' but was '{}'",
                        super::types::type_text(&self.m, want),
                        super::types::type_text(&self.m, fty)
                    ),
                );
            }
        }
        let mut pre2 = pre;
        pre2.unnamed_addr = unnamed_addr;
        self.apply_prefix(g, &pre2);
        let ret_id = self.m.ctx.attrs(ret_attrs);
        while param_attrs.last() == Some(&llrs_ir::AttrsId::EMPTY) {
            param_attrs.pop();
        }
        let mut fd = FuncData {
            cconv,
            attrs: AttrList { func: llrs_ir::AttrsId::EMPTY, ret: ret_id, params: param_attrs },
            arg_names,
            ..Default::default()
        };
        if !fn_attrs.is_empty() || !groups.is_empty() {
            self.group_uses.push((GroupUse::Func(g), groups, fn_attrs));
        }
        // The optional parts after the attributes, in LLVM's fixed order.
        if self.eat_kw(b"section") {
            let s = self.parse_str("expected string constant")?;
            self.m.globals[g].section = Some(self.m.ctx.sym_bytes(&s));
        }
        if self.eat_kw(b"partition") {
            let s = self.parse_str("expected string constant")?;
            self.m.globals[g].partition = Some(self.m.ctx.sym_bytes(&s));
        }
        if self.is_kw(b"comdat") {
            self.parse_comdat_ref(g)?;
        }
        if self.eat_kw(b"align") {
            align = self.parse_align_value(false)?;
        }
        if self.eat_kw(b"prefalign") {
            self.expect(Tok::LParen, "expected '('")?;
            fd.prefalign = self.parse_uint64()?;
            self.expect(Tok::RParen, "expected ')'")?;
        }
        if self.eat_kw(b"gc") {
            let s = self.parse_str("expected string constant")?;
            fd.gc = Some(self.m.ctx.sym_bytes(&s));
        }
        self.header_fn = is_define.then_some(g);
        if self.eat_kw(b"prefix") {
            fd.prefix = Some(self.parse_typed_const()?);
        }
        if self.eat_kw(b"prologue") {
            fd.prologue = Some(self.parse_typed_const()?);
        }
        if self.eat_kw(b"personality") {
            fd.personality = Some(self.parse_typed_const()?);
        }
        self.header_fn = None;
        if is_define {
            while self.is(Tok::MetadataVar) {
                self.parse_global_md_attachment(g)?;
            }
        }
        self.arg_nums = arg_nums;
        let gl = &mut self.m.globals[g];
        gl.value_ty = fn_ty;
        gl.addrspace = addrspace;
        gl.align = align;
        gl.func = Some(Box::new(fd));
        if !is_define {
            self.check_declared_blockaddrs(g)?;
        }
        Ok(g)
    }
}
