//! Types: `i32`, `ptr addrspace(1)`, `[4 x i8]`, `<vscale x 2 x i64>`, `{ i32, ptr }`, `%T`,
//! function types, `target("x", ...)`, and old typed pointers (`i8*`), read as `ptr`.

use super::{PResult, Parser};
use crate::lexer::Tok;
use llrs_ir::types::StructBody;
use llrs_ir::{FloatKind, Type, TypeId};
use smallvec::SmallVec;

impl<'a> Parser<'a> {
    /// `parseType`: a type, `void` excepted (`AllowVoid` false, LLVM's default).
    pub fn parse_type(&mut self, msg: &str) -> PResult<TypeId> {
        let at = self.pos();
        let t = self.parse_type_void(msg)?;
        if self.m.ctx.is_void(t) {
            return self.err(at, "void type only allowed for function results");
        }
        Ok(t)
    }

    /// `parseType` with `AllowVoid`: a function's or call's result, `ret`, a target type's
    /// parameters.
    pub fn parse_type_void(&mut self, msg: &str) -> PResult<TypeId> {
        // A type that starts with a keyword (`i32`, `ptr`, `double`) nests only through a
        // function type's parameters or a target type's, which are nested where they start.
        if self.tok.kind == Tok::Ident {
            return self.parse_type_inner(msg);
        }
        self.nested(|p| p.parse_type_inner(msg))
    }

    fn parse_type_inner(&mut self, msg: &str) -> PResult<TypeId> {
        let start = self.pos();
        let is_ptr = self.is_kw(b"ptr");
        let mut ty = self.parse_base_type(msg)?;
        // `ptr [addrspace(N)]` takes no suffix but a function type's parameters: anything else
        // after it belongs to what follows the type.
        if is_ptr {
            if self.is(Tok::Star) {
                return self.err_here("ptr* is invalid - use ptr instead");
            }
            if !self.is(Tok::LParen) {
                return Ok(ty);
            }
        }
        // Suffixes: typed pointers and function types.
        loop {
            match self.tok.kind {
                Tok::Star => {
                    self.check_pointee(ty, "pointers to void are invalid - use i8* instead")?;
                    self.next();
                    ty = self.m.ctx.ptr_ty(0);
                }
                Tok::Ident if self.is_kw(b"addrspace") => {
                    self.check_pointee(ty, "pointers to void are invalid; use i8* instead")?;
                    let as_ = self.parse_addrspace()?;
                    if !self.is(Tok::Star) {
                        return self.err_here("expected '*' in address space");
                    }
                    self.next();
                    ty = self.m.ctx.ptr_ty(as_);
                }
                Tok::LParen => {
                    ty = self.nested(|p| p.parse_fn_type_rest(ty, start))?;
                }
                _ => break,
            }
        }
        Ok(ty)
    }

    /// The checks of a typed pointer's pointee (`T*`, `T addrspace(N)*`), at the suffix; `void`
    /// has its own message for each.
    fn check_pointee(&self, ty: TypeId, void_msg: &str) -> PResult<()> {
        match self.m.ctx.type_of(ty) {
            Type::Label => self.err_here("basic block pointers are invalid"),
            Type::Void => self.err_here(void_msg),
            Type::X86Amx | Type::Metadata | Type::Token => self.err_here("pointer to this type is invalid"),
            _ => Ok(()),
        }
    }

    /// Parses `addrspace(N)` as `parseOptionalAddrSpace` does: a 24-bit number, or a symbolic
    /// address space of the data layout (`"A"` alloca, `"G"` globals, `"P"` program, or a name
    /// the layout gives an address space).
    pub fn parse_addrspace(&mut self) -> PResult<u32> {
        self.expect_kw(b"addrspace", "expected 'addrspace'")?;
        self.expect(Tok::LParen, "expected '(' in address space")?;
        let n = if self.is(Tok::Str) {
            let s = self.val().into_owned();
            let n = match s.as_slice() {
                b"A" => self.dl.alloca_addr_space(),
                b"G" => self.dl.default_globals_addr_space(),
                b"P" => self.dl.program_addr_space(),
                _ => match std::str::from_utf8(&s).ok().and_then(|name| self.dl.named_address_space(name)) {
                    Some(n) => n,
                    None => {
                        let msg = format!("invalid symbolic addrspace '{}'", String::from_utf8_lossy(&s));
                        return self.err_here(msg);
                    }
                },
            };
            self.next();
            n
        } else if self.is(Tok::Int) {
            let at = self.pos();
            let n = self.sum_u32()?;
            if n >= 1 << 24 {
                return self.err(at, "invalid address space, must be a 24-bit integer");
            }
            n
        } else {
            return self.err_here("expected integer or string constant");
        };
        self.expect(Tok::RParen, "expected ')' in address space")?;
        Ok(n)
    }

    fn parse_fn_type_rest(&mut self, ret: TypeId, start: usize) -> PResult<TypeId> {
        match self.m.ctx.type_of(ret) {
            Type::Label | Type::Metadata => return self.err(start, "invalid function return type"),
            Type::Function { .. } => return self.err(start, "invalid function return type"),
            _ => {}
        }
        self.expect(Tok::LParen, "expected '('")?;
        let mut params: SmallVec<[TypeId; 4]> = SmallVec::new();
        let mut vararg = false;
        let mut bad: Option<(usize, &str)> = None;
        if !self.is(Tok::RParen) {
            loop {
                if self.eat(Tok::DotDotDot) {
                    vararg = true;
                    break;
                }
                // `parseArgumentList`: type, attributes, an optional name; the type is checked
                // at once, names and attributes once the list is read (`parseFunctionType`).
                let p = self.pos();
                let t = self.parse_type("expected type")?;
                let attrs = self.skip_param_attrs_in_type()?;
                let named = self.is(Tok::LocalVar) || self.is(Tok::LocalVarId);
                if named {
                    self.next();
                }
                if !self.is_valid_arg_type(t) {
                    return self.err(p, "invalid type for function argument");
                }
                if bad.is_none() && (named || attrs) {
                    bad = Some((
                        p,
                        if named {
                            "argument name invalid in function type"
                        } else {
                            "argument attributes invalid in function type"
                        },
                    ));
                }
                params.push(t);
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
        }
        self.expect(Tok::RParen, "expected ')' at end of argument list")?;
        if let Some((p, msg)) = bad {
            return self.err(p, msg);
        }
        Ok(self.m.ctx.ty(Type::Function { ret, params, vararg }))
    }

    /// Reads the parameter attributes after a type in a function type; true when there were
    /// any.
    fn skip_param_attrs_in_type(&mut self) -> PResult<bool> {
        let mut any = false;
        while self.tok.kind == Tok::Ident && super::attrs::is_param_attr_kw(self.text()) {
            let mut sink = Vec::new();
            self.parse_one_attr(&mut sink, super::attrs::AttrPos::Param)?;
            any = true;
        }
        Ok(any)
    }

    fn parse_base_type(&mut self, msg: &str) -> PResult<TypeId> {
        match self.tok.kind {
            Tok::Ident => {
                let t = self.text();
                if let Some(ty) = simple_type(t) {
                    self.next();
                    return Ok(self.m.ctx.ty(ty));
                }
                if let Some(w) = int_width(t) {
                    if w == 0 || w > (1 << 23) {
                        return self.err_here("bitwidth for integer type out of range");
                    }
                    self.next();
                    return Ok(self.m.ctx.int_ty(w));
                }
                match t {
                    b"ptr" => {
                        self.next();
                        let as_ = if self.is_kw(b"addrspace") { self.parse_addrspace()? } else { 0 };
                        Ok(self.m.ctx.ptr_ty(as_))
                    }
                    b"target" => self.nested(|p| p.parse_target_type()),
                    _ => self.err_here(msg),
                }
            }
            Tok::LBrace => {
                let (elems, _) = self.parse_struct_body_elems(false)?;
                Ok(self.m.ctx.ty(Type::Struct { packed: false, elems: elems.into_iter().collect() }))
            }
            Tok::Less => {
                self.next();
                if self.is(Tok::LBrace) {
                    let (elems, _) = self.parse_struct_body_elems(true)?;
                    Ok(self.m.ctx.ty(Type::Struct { packed: true, elems: elems.into_iter().collect() }))
                } else {
                    self.parse_vector_rest()
                }
            }
            Tok::LSquare => {
                self.next();
                let n = self.parse_u64("expected number in address space")?;
                self.expect_kw(b"x", "expected 'x' after element count")?;
                let p = self.pos();
                let elem = self.parse_type("expected type")?;
                self.expect(Tok::RSquare, "expected end of sequential type")?;
                if !is_valid_elem(self.m.ctx.type_of(elem)) {
                    return self.err(p, "invalid array element type");
                }
                Ok(self.m.ctx.ty(Type::Array(n, elem)))
            }
            Tok::LocalVar => {
                let name = self.val_sym();
                let p = self.pos();
                self.next();
                if let Some(&t) = self.type_aliases.get(&name) {
                    return Ok(t);
                }
                let (_, ty) = self.m.ctx.named_struct(name);
                if !self.defined_types.contains(&ty) {
                    self.type_fwd.entry(ty).or_insert(p);
                }
                Ok(self.resolve_type_alias(ty))
            }
            Tok::LocalVarId => {
                let n = self.tok_num()?;
                let p = self.pos();
                self.next();
                let ty = match self.numbered_types.get(&n) {
                    Some(&t) => t,
                    None => {
                        let s = self.m.ctx.new_struct(None);
                        let t = self.m.ctx.structs[s].ty.expect("struct type");
                        self.numbered_types.insert(n, t);
                        self.type_fwd.insert(t, p);
                        t
                    }
                };
                Ok(ty)
            }
            _ => self.err_here(msg),
        }
    }

    fn resolve_type_alias(&self, ty: TypeId) -> TypeId {
        ty
    }

    fn parse_vector_rest(&mut self) -> PResult<TypeId> {
        // After '<': [vscale x] N x T >
        let mut scalable = false;
        if self.is_kw(b"vscale") {
            self.next();
            self.expect_kw(b"x", "expected 'x' after vscale")?;
            scalable = true;
        }
        // `parseArrayVectorType`: the whole type is read, then checked.
        let size_at = self.pos();
        let n = self.parse_u64("expected number in address space")?;
        self.expect_kw(b"x", "expected 'x' after element count")?;
        let p = self.pos();
        let elem = self.parse_type("expected type")?;
        self.expect(Tok::Greater, "expected end of sequential type")?;
        if n == 0 {
            return self.err(size_at, "zero element vector is illegal");
        }
        if n >= 1 << 32 {
            return self.err(size_at, "size too large for vector");
        }
        if !matches!(self.m.ctx.type_of(elem), Type::Int(_) | Type::Float(_) | Type::Ptr(_)) {
            return self.err(p, "invalid vector element type");
        }
        Ok(self.m.ctx.ty(Type::Vector { scalable, len: n as u32, elem }))
    }

    /// Parses `{ T, T }` (after '<' for packed); returns the element types.
    pub fn parse_struct_body_elems(&mut self, packed: bool) -> PResult<(Vec<TypeId>, bool)> {
        self.expect(Tok::LBrace, "expected '{'")?;
        let mut elems = Vec::new();
        if !self.eat(Tok::RBrace) {
            loop {
                let p = self.pos();
                let t = self.parse_type("expected type")?;
                if !is_valid_elem(self.m.ctx.type_of(t)) {
                    return self.err(p, "invalid element type for struct");
                }
                elems.push(t);
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RBrace, "expected '}' at end of struct")?;
        }
        if packed {
            self.expect(Tok::Greater, "expected '>' in packed struct")?;
        }
        Ok((elems, packed))
    }

    fn parse_target_type(&mut self) -> PResult<TypeId> {
        self.next();
        self.expect(Tok::LParen, "expected '(' in target extension type")?;
        let name = self.parse_str("expected string for target extension type name")?;
        let name = self.m.ctx.sym_bytes(&name);
        let mut types = SmallVec::new();
        let mut ints = SmallVec::new();
        while self.eat(Tok::Comma) {
            if self.is(Tok::Int) {
                ints.push(self.parse_uint32()?);
            } else {
                if !ints.is_empty() {
                    return self.err_here("expected uint32 param");
                }
                types.push(self.parse_type_void("expected type")?);
            }
        }
        self.expect(Tok::RParen, "expected ')' in target extension type")?;
        Ok(self.m.ctx.ty(Type::TargetExt { name, types, ints }))
    }

    /// `%T = type ...` and `%0 = type ...`.
    pub fn parse_named_type(&mut self) -> PResult<()> {
        let numbered = self.is(Tok::LocalVarId);
        let name_pos = self.pos();
        let (name, num) = if numbered { (None, Some(self.tok_num()?)) } else { (Some(self.val_sym()), None) };
        self.next();
        self.expect(Tok::Equal, "expected '=' after name")?;
        self.expect_kw(b"type", "expected 'type' after name")?;
        // A non-struct body makes the name an alias of that type.
        let is_struct_body = self.is(Tok::LBrace)
            || self.is_kw(b"opaque")
            || (self.is(Tok::Less) && {
                let save = (self.tok, self.lex_pos());
                self.next();
                let r = self.is(Tok::LBrace);
                self.tok = save.0;
                self.set_lex_pos(save.1);
                r
            });
        if !is_struct_body {
            let referenced = match (name, num) {
                (Some(n), _) => self.m.ctx.find_struct(n).is_some() || self.type_aliases.contains_key(&n),
                (None, Some(n)) => self.numbered_types.contains_key(&n),
                _ => false,
            };
            if referenced {
                return self.err(name_pos, "non-struct types may not be recursive");
            }
            let t = self.parse_type("expected type")?;
            match (name, num) {
                (Some(n), _) => {
                    self.type_aliases.insert(n, t);
                }
                (None, Some(n)) => {
                    self.numbered_types.insert(n, t);
                }
                _ => {}
            }
            return Ok(());
        }
        let ty = match (name, num) {
            (Some(n), _) => self.m.ctx.named_struct(n).1,
            (None, Some(n)) => match self.numbered_types.get(&n) {
                Some(&t) => t,
                None => {
                    let s = self.m.ctx.new_struct(None);
                    let t = self.m.ctx.structs[s].ty.expect("struct type");
                    self.numbered_types.insert(n, t);
                    t
                }
            },
            _ => unreachable!("a type name is named or numbered"),
        };
        if self.defined_types.contains(&ty) {
            return self.err(name_pos, "redefinition of type");
        }
        self.defined_types.insert(ty);
        self.type_fwd.remove(&ty);
        let sid = match self.m.ctx.type_of(ty) {
            Type::Named(s) => *s,
            _ => unreachable!("named types are structs"),
        };
        if self.eat_kw(b"opaque") {
            return Ok(());
        }
        let packed = if self.is(Tok::Less) {
            self.next();
            if !self.is(Tok::LBrace) {
                return self.err_here("expected '{' in packed struct");
            }
            true
        } else {
            false
        };
        if !self.is(Tok::LBrace) {
            // A non-struct type given a name: LLVM keeps only the structure.
            return self.err_here("non-struct types may not be recursive");
        }
        let (elems, _) = self.parse_struct_body_elems(packed)?;
        self.m.ctx.structs[sid].body = Some(StructBody { packed, elems });
        if self.contains_by_value(ty, ty) {
            // A numbered struct has no name in LLVM: its message names ''.
            let n = match name {
                Some(n) => String::from_utf8_lossy(self.m.ctx.name(n)).into_owned(),
                None => String::new(),
            };
            // LLVM finds out when it sets the body: at the token after it.
            return self.err(self.pos(), format!("identified structure type '{n}' is recursive"));
        }
        Ok(())
    }
}

/// The type of a simple keyword.
pub fn simple_type(t: &[u8]) -> Option<Type> {
    Some(match t {
        b"void" => Type::Void,
        b"half" => Type::Float(FloatKind::Half),
        b"bfloat" => Type::Float(FloatKind::BFloat),
        b"float" => Type::Float(FloatKind::Float),
        b"double" => Type::Float(FloatKind::Double),
        b"x86_fp80" => Type::Float(FloatKind::X86Fp80),
        b"fp128" => Type::Float(FloatKind::Fp128),
        b"ppc_fp128" => Type::Float(FloatKind::PpcFp128),
        b"label" => Type::Label,
        b"metadata" => Type::Metadata,
        b"token" => Type::Token,
        b"x86_amx" => Type::X86Amx,
        _ => return None,
    })
}

/// The width of `iN`.
pub fn int_width(t: &[u8]) -> Option<u32> {
    if t.len() < 2 || t[0] != b'i' {
        return None;
    }
    let mut v: u64 = 0;
    for &c in &t[1..] {
        if !c.is_ascii_digit() {
            return None;
        }
        v = v.saturating_mul(10).saturating_add(u64::from(c - b'0'));
    }
    if t.len() > 10 {
        return Some(u32::MAX);
    }
    Some(v.min(u64::from(u32::MAX)) as u32)
}

fn is_valid_elem(t: &Type) -> bool {
    !matches!(t, Type::Void | Type::Label | Type::Metadata | Type::Function { .. } | Type::Token | Type::X86Amx)
}

/// A type as LLVM prints it, for error messages.
pub fn type_text(m: &llrs_ir::Module, t: TypeId) -> String {
    let ctx = &m.ctx;
    match ctx.type_of(t) {
        Type::Void => "void".into(),
        Type::Float(k) => k.name().into(),
        Type::X86Amx => "x86_amx".into(),
        Type::Label => "label".into(),
        Type::Metadata => "metadata".into(),
        Type::Token => "token".into(),
        Type::Int(b) => format!("i{b}"),
        Type::Ptr(0) => "ptr".into(),
        Type::Ptr(a) => format!("ptr addrspace({a})"),
        Type::Array(n, e) => format!("[{n} x {}]", type_text(m, *e)),
        Type::Vector { scalable, len, elem } => {
            format!("<{}{len} x {}>", if *scalable { "vscale x " } else { "" }, type_text(m, *elem))
        }
        Type::Struct { packed, elems } => {
            let inner: Vec<String> = elems.iter().map(|e| type_text(m, *e)).collect();
            let body = if inner.is_empty() { "{}".to_string() } else { format!("{{ {} }}", inner.join(", ")) };
            if *packed {
                format!("<{body}>")
            } else {
                body
            }
        }
        Type::Named(s) => match ctx.structs[*s].name {
            Some(n) => format!("%{}", String::from_utf8_lossy(ctx.name(n))),
            None => format!("%{}", s.0),
        },
        Type::Function { ret, params, vararg } => {
            let mut ps: Vec<String> = params.iter().map(|p| type_text(m, *p)).collect();
            if *vararg {
                ps.push("...".into());
            }
            format!("{} ({})", type_text(m, *ret), ps.join(", "))
        }
        Type::TargetExt { name, types, ints } => {
            let mut parts = vec![format!("\"{}\"", String::from_utf8_lossy(ctx.name(*name)))];
            parts.extend(types.iter().map(|t| type_text(m, *t)));
            parts.extend(ints.iter().map(|i| i.to_string()));
            format!("target({})", parts.join(", "))
        }
    }
}

impl<'a> Parser<'a> {
    /// LLVM's `Type::isSized`: whether a type has a size. Each type held by value is looked at
    /// once, as shared struct types may nest deeply.
    pub fn is_sized(&self, t: TypeId) -> bool {
        // The common case, without the walk's sets.
        if matches!(self.m.ctx.type_of(t), Type::Int(_) | Type::Float(_) | Type::Ptr(_) | Type::X86Amx) {
            return true;
        }
        // A type found sized stays so (a struct's body, once defined, does not change); one
        // that is not may be a struct defined later.
        if self.sized_known.borrow().contains(&t) {
            return true;
        }
        let sized = self.is_sized_walk(t);
        if sized {
            self.sized_known.borrow_mut().insert(t);
        }
        sized
    }

    /// [`Parser::is_sized`]'s walk.
    fn is_sized_walk(&self, t: TypeId) -> bool {
        let mut seen = rustc_hash::FxHashSet::default();
        let mut stack = vec![t];
        while let Some(t) = stack.pop() {
            if !seen.insert(t) {
                continue;
            }
            let elems = match self.m.ctx.type_of(t) {
                Type::Int(_) | Type::Float(_) | Type::Ptr(_) | Type::X86Amx | Type::Vector { .. } => continue,
                Type::TargetExt { .. } => {
                    // Sized when its layout type is (`getLayoutType()->isSized()`).
                    if !self.dl.is_sized(&self.m.ctx, t) {
                        return false;
                    }
                    continue;
                }
                Type::Array(_, e) => {
                    stack.push(*e);
                    continue;
                }
                Type::Struct { elems, .. } => &elems[..],
                Type::Named(s) => match &self.m.ctx.structs[*s].body {
                    Some(b) => &b.elems[..],
                    None => return false,
                },
                _ => return false,
            };
            // A struct may hold scalable vectors only when all its fields are the same type.
            let scalable = |t: &TypeId| matches!(self.m.ctx.type_of(*t), Type::Vector { scalable: true, .. });
            if elems.iter().any(scalable) && !elems.iter().all(|e| Some(e) == elems.first()) {
                return false;
            }
            stack.extend(elems.iter().copied());
        }
        true
    }

    /// Whether `t` holds `target` by value (not through a pointer), at any depth below itself.
    fn contains_by_value(&self, t: TypeId, target: TypeId) -> bool {
        let mut seen = rustc_hash::FxHashSet::default();
        let mut stack = vec![t];
        while let Some(u) = stack.pop() {
            let inner: &[TypeId] = match self.m.ctx.type_of(u) {
                Type::Array(_, e) | Type::Vector { elem: e, .. } => std::slice::from_ref(e),
                Type::Struct { elems, .. } => elems,
                Type::Named(s) => self.m.ctx.structs[*s].body.as_ref().map_or(&[][..], |b| &b.elems[..]),
                _ => &[],
            };
            for &e in inner {
                if e == target {
                    return true;
                }
                if seen.insert(e) {
                    stack.push(e);
                }
            }
        }
        false
    }

    /// LLVM 22's `isFirstClassType`: anything but void, function types and opaque structs (a
    /// struct used before its body is given is opaque until then).
    pub fn is_first_class(&self, t: TypeId) -> bool {
        match self.m.ctx.type_of(t) {
            Type::Function { .. } | Type::Void => false,
            Type::Named(s) => self.m.ctx.structs[*s].body.is_some(),
            _ => true,
        }
    }

    /// LLVM's `FunctionType::isValidArgumentType`: first class and not `label`.
    pub fn is_valid_arg_type(&self, t: TypeId) -> bool {
        self.is_first_class(t) && !matches!(self.m.ctx.type_of(t), Type::Label)
    }
}
