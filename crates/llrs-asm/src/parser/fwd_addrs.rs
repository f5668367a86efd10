//! `blockaddress` and `dso_local_equivalent`: the constants that name a function, possibly before
//! it is defined. LLVM keeps their forward references apart from those of other values: it
//! resolves a `blockaddress` when the function's body begins (checking each block's type there),
//! refuses one when the function turns out to be a declaration, and reports what is left at the
//! end of the module before any other undefined value.

use super::{PResult, Parser};
use crate::lexer::Tok;
use llrs_ir::module::GlobalKind;
use llrs_ir::{Const, ConstId, GlobalId, Type, TypeId};
use std::collections::BTreeMap;

/// A global or block as the text names it, in LLVM's `ValID` order: numbers before names.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum RefKey {
    /// `@12` / `%12`
    Num(u32),
    /// `@name` / `%name`
    Name(Vec<u8>),
}

impl RefKey {
    /// The name LLVM prints in messages: empty for a number.
    fn name_text(&self) -> String {
        match self {
            RefKey::Num(_) => String::new(),
            RefKey::Name(n) => String::from_utf8_lossy(n).into_owned(),
        }
    }
}

/// The blocks of one not-yet-defined function taken by `blockaddress`: where each was first
/// named and with which pointer type.
#[derive(Default)]
pub(crate) struct FwdBlocks {
    /// Where the function was first named.
    pub pos: usize,
    /// Each block: where it was first named and the type it was given.
    pub blocks: BTreeMap<RefKey, (usize, TypeId)>,
}

/// Forward references made by `blockaddress` and `dso_local_equivalent`.
#[derive(Default)]
pub(crate) struct FwdAddrs {
    /// `blockaddress` of functions not defined yet.
    pub blocks: BTreeMap<RefKey, FwdBlocks>,
    /// `dso_local_equivalent` of globals not defined yet: where each was first named.
    pub dso: BTreeMap<RefKey, usize>,
}

impl<'a> Parser<'a> {
    /// The key of the global named by the current token (`@name` or `@N`).
    fn global_key(&self) -> PResult<RefKey> {
        if self.is(Tok::GlobalId) {
            return Ok(RefKey::Num(self.tok_num()?));
        }
        Ok(RefKey::Name(self.val().into_owned()))
    }

    /// The key of the block named by the current token (`%name` or `%N`).
    fn label_key(&self) -> PResult<RefKey> {
        if self.is(Tok::LocalVarId) {
            return Ok(RefKey::Num(self.tok_num()?));
        }
        Ok(RefKey::Name(self.val().into_owned()))
    }

    /// The global `key` names if it is defined (a forward reference is not).
    fn defined_global(&self, key: &RefKey) -> Option<GlobalId> {
        match key {
            RefKey::Num(n) => self.global_nums.get(n).copied(),
            RefKey::Name(n) => {
                let sym = self.m.ctx.names.lookup(n)?;
                self.global_names.get(&sym).copied().filter(|g| !self.fwd_globals.contains_key(g))
            }
        }
    }

    /// The key under which `keys` names the global `g`, if any.
    fn key_of<'k>(&self, g: GlobalId, mut keys: impl Iterator<Item = &'k RefKey>) -> Option<RefKey> {
        match self.m.globals[g].name {
            Some(n) => {
                let k = RefKey::Name(self.m.ctx.name(n).to_vec());
                keys.any(|x| *x == k).then_some(k)
            }
            None => keys.find(|k| matches!(k, RefKey::Num(n) if self.global_nums.get(n) == Some(&g))).cloned(),
        }
    }

    fn type_mismatch<T>(&self, pos: usize, got: TypeId, want: TypeId) -> PResult<T> {
        let (g, w) = (super::types::type_text(&self.m, got), super::types::type_text(&self.m, want));
        self.err(pos, format!("constant expression type mismatch: got type '{g}' but expected '{w}'"))
    }

    /// `blockaddress(@f, %bb)` of type `ty`. As LLVM does, the whole expression is read before it
    /// is checked; a function not defined yet is taken on trust, with the address space of `ty`.
    pub(super) fn parse_blockaddress(&mut self, ty: TypeId) -> PResult<ConstId> {
        let kw_pos = self.pos();
        self.next();
        self.expect(Tok::LParen, "expected '(' in block address expression")?;
        if !(self.is(Tok::GlobalVar) || self.is(Tok::GlobalId)) {
            return self.err_here("expected function name in blockaddress");
        }
        let fn_pos = self.pos();
        let fn_key = self.global_key()?;
        let fn_state = (self.tok, self.lex_pos());
        self.next();
        self.expect(Tok::Comma, "expected comma in block address expression")?;
        if !(self.is(Tok::LocalVar) || self.is(Tok::LocalVarId)) {
            return self.err_here("expected basic block name in blockaddress");
        }
        let label_pos = self.pos();
        let label_key = self.label_key()?;
        let label_state = (self.tok, self.lex_pos());
        self.next();
        self.expect(Tok::RParen, "expected ')' in block address expression")?;
        let end_state = (self.tok, self.lex_pos());

        let known = self.defined_global(&fn_key).filter(|&g| Some(g) != self.header_fn);
        if let Some(g) = known {
            if self.m.globals[g].kind != GlobalKind::Function {
                return self.err(fn_pos, "expected function name in blockaddress");
            }
            let parsing = self.fs.func == Some(g);
            if !parsing && self.m.globals[g].func.as_ref().is_none_or(|f| f.body.is_none()) {
                return self.err(fn_pos, "cannot take blockaddress inside a declaration");
            }
            if !parsing && matches!(label_key, RefKey::Num(_)) {
                return self.err(label_pos, "cannot take address of numeric label after the function is defined");
            }
        }
        // The function and the block as the rest of the parser resolves them.
        self.tok = fn_state.0;
        self.set_lex_pos(fn_state.1);
        let g = self.global_ref()?;
        self.tok = label_state.0;
        self.set_lex_pos(label_state.1);
        let b = self.block_ref_in(g)?;
        self.tok = end_state.0;
        self.set_lex_pos(end_state.1);

        match known {
            Some(g) => {
                let got = self.m.ctx.ptr_ty(self.m.globals[g].addrspace);
                if got != ty {
                    return self.type_mismatch(kw_pos, got, ty);
                }
            }
            None => {
                let first = self.fwd_addrs.blocks.get(&fn_key).and_then(|f| f.blocks.get(&label_key)).map(|&(_, t)| t);
                match first {
                    Some(t) if t != ty => return self.type_mismatch(kw_pos, t, ty),
                    Some(_) => {}
                    None => {
                        if !matches!(self.m.ctx.type_of(ty), Type::Ptr(_)) {
                            let t = super::types::type_text(&self.m, ty);
                            return self.err(kw_pos, format!("type of blockaddress must be a pointer and not '{t}'"));
                        }
                        let f = self
                            .fwd_addrs
                            .blocks
                            .entry(fn_key)
                            .or_insert_with(|| FwdBlocks { pos: fn_pos, ..Default::default() });
                        f.blocks.insert(label_key, (label_pos, ty));
                    }
                }
            }
        }
        Ok(self.m.ctx.konst(Const::BlockAddress(ty, g, b)))
    }

    /// True when `g` is a function, an ifunc, or an alias whose value type is a function type.
    fn is_function_valued(&self, g: GlobalId) -> bool {
        let gl = &self.m.globals[g];
        matches!(gl.kind, GlobalKind::Function | GlobalKind::IFunc)
            || matches!(self.m.ctx.type_of(gl.value_ty), Type::Function { .. })
    }

    /// `dso_local_equivalent @f` of type `ty`.
    pub(super) fn parse_dso_local_equivalent(&mut self, ty: TypeId) -> PResult<ConstId> {
        let kw_pos = self.pos();
        self.next();
        if !(self.is(Tok::GlobalVar) || self.is(Tok::GlobalId)) {
            return self.err_here("expected global value name in dso_local_equivalent");
        }
        let pos = self.pos();
        let key = self.global_key()?;
        let got = match self.defined_global(&key) {
            Some(g) => {
                if !self.is_function_valued(g) {
                    return self.err(pos, "expected a function, alias to function, or ifunc in dso_local_equivalent");
                }
                self.m.ctx.ptr_ty(self.m.globals[g].addrspace)
            }
            None => {
                self.fwd_addrs.dso.entry(key).or_insert(pos);
                self.m.ctx.ptr_ty(0)
            }
        };
        let g = self.global_ref()?;
        if got != ty {
            return self.type_mismatch(kw_pos, got, ty);
        }
        Ok(self.m.ctx.konst(Const::DsoLocalEquivalent(ty, g)))
    }

    /// When the body of `g` begins: the blocks `blockaddress` took before must have the type of a
    /// block address of `g`, and must not name an argument.
    pub(super) fn resolve_fwd_blockaddrs(&mut self, g: GlobalId) -> PResult<()> {
        let Some(key) = self.key_of(g, self.fwd_addrs.blocks.keys()) else { return Ok(()) };
        let Some(f) = self.fwd_addrs.blocks.remove(&key) else { return Ok(()) };
        let want = self.m.ctx.ptr_ty(self.m.globals[g].addrspace);
        for (label, (pos, ty)) in &f.blocks {
            let is_arg = match label {
                RefKey::Name(n) => {
                    self.m.func(g).arg_names.iter().flatten().any(|a| self.m.ctx.name(*a) == n.as_slice())
                }
                RefKey::Num(n) => self.arg_nums.contains(n),
            };
            if is_arg {
                return self.err(*pos, "referenced value is not a basic block");
            }
            if *ty != want {
                let (w, t) = (super::types::type_text(&self.m, want), super::types::type_text(&self.m, *ty));
                return self.err(*pos, format!("'{}' defined with type '{w}' but expected '{t}'", label.name_text()));
            }
        }
        Ok(())
    }

    /// After the header of a declaration `g`: a `blockaddress` of it cannot stand.
    pub(super) fn check_declared_blockaddrs(&self, g: GlobalId) -> PResult<()> {
        match self.key_of(g, self.fwd_addrs.blocks.keys()).and_then(|k| self.fwd_addrs.blocks.get(&k)) {
            Some(f) => self.err(f.pos, "cannot take blockaddress inside a declaration"),
            None => Ok(()),
        }
    }

    /// At the end of the module, before other undefined values: a `blockaddress` of a function
    /// never defined, then a `dso_local_equivalent` of something that is not a function.
    pub(super) fn check_fwd_addrs(&self) -> PResult<()> {
        if let Some(f) = self.fwd_addrs.blocks.values().next() {
            return self.err(f.pos, "expected function name in blockaddress");
        }
        for (key, &pos) in &self.fwd_addrs.dso {
            match self.defined_global(key) {
                None => {
                    let n = key.name_text();
                    return self.err(pos, format!("unknown function '{n}' referenced by dso_local_equivalent"));
                }
                Some(g) if !self.is_function_valued(g) => {
                    return self.err(pos, "expected a function, alias to function, or ifunc in dso_local_equivalent")
                }
                Some(_) => {}
            }
        }
        Ok(())
    }
}
