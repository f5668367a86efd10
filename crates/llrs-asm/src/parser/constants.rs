//! Values and constants: literals, aggregates, global references, constant expressions.

use super::{PResult, Parser};
use crate::lexer::Tok;
use llrs_ir::fold;
use llrs_ir::instructions::flags;
use llrs_ir::module::{GlobalId, GlobalKind};
use llrs_ir::{APInt, Const, ConstId, FloatKind, Type, TypeId, Value};
use smallvec::SmallVec;

impl<'a> Parser<'a> {
    /// Parses `T v` and returns both.
    pub fn parse_typed_value(&mut self) -> PResult<(TypeId, Value)> {
        let ty = self.parse_type("expected type")?;
        let v = self.parse_value(ty)?;
        Ok((ty, v))
    }

    /// Parses a value of type `ty`: a local, a constant, or inline asm.
    pub fn parse_value(&mut self, ty: TypeId) -> PResult<Value> {
        let local = matches!(self.tok.kind, Tok::LocalVar | Tok::LocalVarId);
        if local && matches!(self.m.ctx.type_of(ty), Type::Function { .. }) {
            return self.err_here("functions are not values, refer to them as pointers");
        }
        match self.tok.kind {
            Tok::LocalVar | Tok::LocalVarId => self.parse_local_ref(ty),
            Tok::Ident if self.is_kw(b"asm") => self.parse_inline_asm(ty),
            _ => Ok(Value::Const(self.parse_const(ty)?)),
        }
    }

    /// Parses `T c` for a constant.
    pub fn parse_typed_const(&mut self) -> PResult<ConstId> {
        let ty = self.parse_type("expected type")?;
        self.parse_const(ty)
    }

    /// The integer value of the current integer token, truncated to `bits`.
    pub fn int_token_value(&self, bits: u32) -> PResult<APInt> {
        let t = self.text();
        let v = if t.len() > 3 && (t[0] == b'u' || t[0] == b's') && &t[1..3] == b"0x" {
            let digits = &t[3..];
            let needed = (digits.len() as u32 * 4).max(1);
            let wide = APInt::parse(needed.max(bits), digits, 16);
            match wide {
                Some(w) => {
                    if t[0] == b's' {
                        // Signed hex: the digits' own width holds a two's complement value.
                        APInt::from_words(needed, w.words()).sext_or_trunc(bits)
                    } else {
                        w.zext_or_trunc(bits)
                    }
                }
                None => return self.err_here("invalid hex integer"),
            }
        } else {
            let digits = t.iter().filter(|c| c.is_ascii_digit()).count() as u32;
            let wide = (digits * 4 + 2).max(bits);
            match APInt::parse(wide, t.strip_prefix(b"+").unwrap_or(t), 10) {
                Some(w) => w.sext_or_trunc(bits),
                None => return self.err_here("invalid integer"),
            }
        };
        Ok(v)
    }

    /// A global by name or number, created as a forward reference when new.
    pub fn global_ref(&mut self) -> PResult<GlobalId> {
        let pos = self.pos();
        let g = if self.is(Tok::GlobalId) {
            let n = self.tok_num()?;
            if let Some(&g) = self.global_nums.get(&n) {
                g
            } else if let Some(&(g, _)) = self.fwd_global_nums.get(&n) {
                g
            } else {
                let void = self.m.ctx.void_ty();
                let g = self.m.new_global(None, GlobalKind::Var, void);
                self.fwd_global_nums.insert(n, (g, pos));
                g
            }
        } else {
            let name = self.val_sym();
            match self.global_names.get(&name) {
                Some(&g) => g,
                None => {
                    let void = self.m.ctx.void_ty();
                    let g = self.m.new_global(Some(name), GlobalKind::Var, void);
                    self.global_names.insert(name, g);
                    self.fwd_globals.insert(g, pos);
                    g
                }
            }
        };
        self.next();
        Ok(g)
    }

    fn const_global(&mut self, ty: TypeId) -> PResult<ConstId> {
        let pos = self.pos();
        if !matches!(self.m.ctx.type_of(ty), Type::Ptr(_)) {
            return self.err(pos, "global variable reference must have pointer type");
        }
        let g = self.global_ref()?;
        let fwd = self.fwd_globals.contains_key(&g) || self.fwd_global_nums.values().any(|&(x, _)| x == g);
        // `checkValidVariableType`: a defined global is a pointer in its own address space; a
        // forward reference has the type of its first use.
        let own = if fwd {
            self.fwd_global_types.entry(g).or_insert((ty, pos)).0
        } else {
            self.m.ctx.ptr_ty(self.m.globals[g].addrspace)
        };
        {
            if own != ty {
                let name = match self.m.globals[g].name {
                    Some(n) => format!("@{}", String::from_utf8_lossy(self.m.ctx.name(n))),
                    None => format!("@{}", self.global_nums.iter().find(|(_, &x)| x == g).map_or(0, |(&n, _)| n)),
                };
                let msg = format!(
                    "'{name}' defined with type '{}' but expected '{}'",
                    self.type_name(own),
                    self.type_name(ty)
                );
                return self.err(pos, msg);
            }
        }
        Ok(self.m.ctx.konst(Const::Global(ty, g)))
    }

    /// Parses a constant of type `ty`.
    pub fn parse_const(&mut self, ty: TypeId) -> PResult<ConstId> {
        self.nested(|p| p.parse_const_inner(ty))
    }

    fn parse_const_inner(&mut self, ty: TypeId) -> PResult<ConstId> {
        let pos = self.pos();
        let tyk = self.m.ctx.type_of(ty).clone();
        if matches!(tyk, Type::Function { .. }) {
            return self.err_here("functions are not values, refer to them as pointers");
        }
        match self.tok.kind {
            Tok::Int => {
                let bits = match tyk {
                    Type::Int(b) => b,
                    _ => return self.err_here("integer constant must have integer type"),
                };
                let v = self.int_token_value(bits)?;
                self.next();
                Ok(self.m.ctx.konst(Const::Int(ty, v)))
            }
            Tok::Float => {
                let k = match tyk {
                    Type::Float(k) => k,
                    _ => return self.err_here("floating point constant invalid for type"),
                };
                let bits = match float_bits(self.text(), k) {
                    Some(b) => b,
                    None => return self.err_here("floating point constant invalid for type"),
                };
                self.next();
                Ok(self.m.ctx.konst(Const::Float(ty, bits)))
            }
            Tok::GlobalVar | Tok::GlobalId => self.const_global(ty),
            Tok::LSquare => {
                // `parseValID`'s array constant: typed by its first element, then given the
                // expected type as a `t_Constant`.
                self.next();
                let first = self.pos();
                let elems = self.parse_const_list(Tok::RSquare, "expected end of array constant")?;
                let Some(&(t0, _, _)) = elems.first() else {
                    if !matches!(tyk, Type::Array(0, _)) {
                        return self.err(pos, "invalid empty array initializer");
                    }
                    // LLParser reads `[]` as poison of the empty array type.
                    return Ok(self.m.ctx.konst(Const::Poison(ty)));
                };
                if !self.is_first_class(t0) {
                    let t = super::types::type_text(&self.m, t0);
                    return self.err(first, format!("invalid array element type: {t}"));
                }
                if let Some(i) = elems.iter().position(|e| e.0 != t0) {
                    let t = super::types::type_text(&self.m, t0);
                    return self.err(first, format!("array element #{i} is not of type '{t}"));
                }
                let got = self.m.ctx.ty(Type::Array(elems.len() as u64, t0));
                self.expect_const_type(pos, got, ty)?;
                let ids: Vec<ConstId> = elems.iter().map(|e| e.2).collect();
                Ok(fold::array(&mut self.m.ctx, ty, ids))
            }
            Tok::LBrace => {
                self.next();
                let elems = self.parse_const_list(Tok::RBrace, "expected end of struct constant")?;
                self.make_struct_const(ty, pos, elems, false)
            }
            Tok::Less => {
                self.next();
                if self.eat(Tok::LBrace) {
                    let elems = self.parse_const_list(Tok::RBrace, "expected end of packed struct")?;
                    self.expect(Tok::Greater, "expected end of constant")?;
                    return self.make_struct_const(ty, pos, elems, true);
                }
                let first = self.pos();
                let elems = self.parse_const_list(Tok::Greater, "expected end of constant")?;
                // `parseValID`'s vector constant: typed by its first element, then given the
                // expected type as a `t_Constant`.
                let Some(&(t0, _, _)) = elems.first() else {
                    return self.err(pos, "constant vector must not be empty");
                };
                if !matches!(self.m.ctx.type_of(t0), Type::Int(_) | Type::Float(_) | Type::Ptr(_)) {
                    return self.err(first, "vector elements must have integer, pointer or floating point type");
                }
                if let Some(i) = elems.iter().position(|e| e.0 != t0) {
                    let t = super::types::type_text(&self.m, t0);
                    return self.err(first, format!("vector element #{i} is not of type '{t}"));
                }
                let len = u32::try_from(elems.len()).unwrap_or(u32::MAX);
                let got = self.m.ctx.ty(Type::Vector { scalable: false, len, elem: t0 });
                self.expect_const_type(pos, got, ty)?;
                let ids: Vec<ConstId> = elems.iter().map(|e| e.2).collect();
                Ok(fold::vector(&mut self.m.ctx, ty, ids))
            }
            Tok::Ident => self.parse_const_keyword(ty, &tyk),
            Tok::LocalVar | Tok::LocalVarId => self.err_here("invalid use of function-local name"),
            _ => self.err_here("expected value token"),
        }
    }

    fn parse_const_list(&mut self, close: Tok, msg: &str) -> PResult<Vec<(TypeId, usize, ConstId)>> {
        let mut out = Vec::new();
        if self.eat(close) {
            return Ok(out);
        }
        loop {
            let p = self.pos();
            let t = self.parse_type("expected type")?;
            let c = self.parse_const(t)?;
            out.push((t, p, c));
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        self.expect(close, msg)?;
        Ok(out)
    }

    fn make_struct_const(
        &mut self,
        ty: TypeId,
        pos: usize,
        elems: Vec<(TypeId, usize, ConstId)>,
        packed: bool,
    ) -> PResult<ConstId> {
        // `convertValIDToValue` of a struct constant: its count, its packing, then each element,
        // all reported at the constant. (An opaque struct has no elements.)
        let (body_packed, body): (bool, Vec<TypeId>) = match self.m.ctx.type_of(ty) {
            Type::Struct { packed, elems } => (*packed, elems.to_vec()),
            Type::Named(s) => match &self.m.ctx.structs[*s].body {
                Some(b) => (b.packed, b.elems.clone()),
                None => (false, Vec::new()),
            },
            _ => return self.err(pos, "constant expression type mismatch"),
        };
        if body.len() != elems.len() {
            return self.err(pos, "initializer with struct type has wrong # elements");
        }
        if body_packed != packed {
            return self.err(pos, "packed'ness of initializer and type don't match");
        }
        for (i, &(t, _, _)) in elems.iter().enumerate() {
            if t != body[i] {
                return self.err(pos, format!("element {i} of struct initializer doesn't match struct element type"));
            }
        }
        let ids: Vec<ConstId> = elems.iter().map(|e| e.2).collect();
        Ok(fold::structure(&mut self.m.ctx, ty, ids))
    }

    fn parse_const_keyword(&mut self, ty: TypeId, tyk: &Type) -> PResult<ConstId> {
        let kw = self.text();
        let pos = self.pos();
        match kw {
            b"true" | b"false" => {
                // An `i1` constant, which must be the expected type.
                let i1 = self.m.ctx.int_ty(1);
                self.expect_const_type(pos, i1, ty)?;
                let v = kw == b"true";
                self.next();
                Ok(self.m.ctx.konst(Const::Int(ty, APInt::from_u64(1, v as u64))))
            }
            b"null" => {
                if !matches!(tyk, Type::Ptr(_)) {
                    return self.err_here("null must be a pointer type");
                }
                self.next();
                Ok(self.m.ctx.konst(Const::Null(ty)))
            }
            b"none" => {
                if !matches!(tyk, Type::Token) {
                    return self.err_here("invalid type for none constant");
                }
                self.next();
                Ok(self.m.ctx.konst(Const::NoneToken(ty)))
            }
            b"undef" => {
                if !self.is_first_class(ty) || matches!(tyk, Type::Label) {
                    return self.err_here("invalid type for undef constant");
                }
                self.next();
                Ok(self.m.ctx.konst(Const::Undef(ty)))
            }
            b"poison" => {
                if !self.is_first_class(ty) || matches!(tyk, Type::Label) {
                    return self.err_here("invalid type for poison constant");
                }
                self.next();
                Ok(self.m.ctx.konst(Const::Poison(ty)))
            }
            b"zeroinitializer" => {
                let no_zero = match tyk {
                    Type::TargetExt { name, .. } => {
                        !llrs_ir::datalayout::target_ext_has_zero_init(self.m.ctx.name(*name))
                    }
                    _ => false,
                };
                if no_zero || !self.is_first_class(ty) || matches!(tyk, Type::Label | Type::Token | Type::Metadata) {
                    return self.err_here("invalid type for null constant");
                }
                self.next();
                Ok(fold::null_value(&mut self.m.ctx, ty))
            }
            b"c" => {
                self.next();
                if !self.is(Tok::Str) {
                    return self.err_here("expected string");
                }
                let bytes = self.val().into_owned();
                self.next();
                // The string is an `[N x i8]` constant, which must be the expected type.
                let fits = matches!(*tyk, Type::Array(n, e)
                    if matches!(self.m.ctx.type_of(e), Type::Int(8)) && n == bytes.len() as u64);
                if !fits {
                    let i8t = self.m.ctx.int_ty(8);
                    let got = self.m.ctx.ty(Type::Array(bytes.len() as u64, i8t));
                    self.expect_const_type(pos, got, ty)?;
                }
                if bytes.iter().all(|&b| b == 0) {
                    return Ok(self.m.ctx.konst(Const::Zero(ty)));
                }
                Ok(self.m.ctx.konst(Const::Bytes(ty, bytes.into_boxed_slice())))
            }
            b"splat" => {
                self.next();
                self.expect(Tok::LParen, "expected '(' after vector splat")?;
                let c = self.parse_typed_const()?;
                self.expect(Tok::RParen, "expected ')' at end of vector splat")?;
                let elem = match tyk {
                    Type::Vector { elem, .. } => *elem,
                    _ => return self.err(pos, "vector constant must have vector type"),
                };
                let got = self.m.ctx.const_of(c).ty();
                self.expect_const_type(pos, got, elem)?;
                Ok(fold::splat(&mut self.m.ctx, ty, c))
            }
            b"blockaddress" => self.parse_blockaddress(ty),
            b"dso_local_equivalent" => self.parse_dso_local_equivalent(ty),
            b"no_cfi" => {
                self.next();
                if !(self.is(Tok::GlobalVar) || self.is(Tok::GlobalId)) {
                    return self.err_here("expected global value name in no_cfi");
                }
                let g = self.global_ref()?;
                Ok(self.m.ctx.konst(Const::NoCfi(ty, g)))
            }
            b"ptrauth" => {
                self.next();
                self.expect(Tok::LParen, "expected '(' in constant ptrauth expression")?;
                let mut ops = SmallVec::new();
                loop {
                    ops.push(self.parse_typed_const()?);
                    if !self.eat(Tok::Comma) {
                        break;
                    }
                }
                self.expect(Tok::RParen, "expected ')' in constant ptrauth expression")?;
                Ok(self.m.ctx.konst(Const::PtrAuth(ty, ops)))
            }
            _ => self.parse_const_expr(Some(ty)),
        }
    }

    /// A constant expression; `expect` is the type it must have (None: implied by the expression).
    pub fn parse_const_expr(&mut self, expect: Option<TypeId>) -> PResult<ConstId> {
        let pos = self.pos();
        let c = self.parse_const_expr_inner()?;
        if let Some(t) = expect {
            let got = self.m.ctx.const_of(c).ty();
            self.expect_const_type(pos, got, t)?;
        }
        Ok(c)
    }

    /// `convertValIDToValue` of a `t_Constant`: the constant read at `pos` has type `got`, which
    /// must be the expected `want`.
    fn expect_const_type(&self, pos: usize, got: TypeId, want: TypeId) -> PResult<()> {
        if got == want {
            return Ok(());
        }
        let (g, w) = (super::types::type_text(&self.m, got), super::types::type_text(&self.m, want));
        self.err(pos, format!("constant expression type mismatch: got type '{g}' but expected '{w}'"))
    }

    fn parse_const_expr_inner(&mut self) -> PResult<ConstId> {
        use llrs_ir::Opcode;
        let pos = self.pos();
        let kw = self.text();
        let Some(op) = Opcode::from_name(kw) else {
            return self.err_here("expected value token");
        };
        match op {
            Opcode::Trunc
            | Opcode::PtrToInt
            | Opcode::PtrToAddr
            | Opcode::IntToPtr
            | Opcode::BitCast
            | Opcode::AddrSpaceCast => {
                self.next();
                self.expect(Tok::LParen, "expected '(' after constantexpr cast")?;
                let c = self.parse_typed_const()?;
                self.expect_kw(b"to", "expected 'to' in constantexpr cast")?;
                let dest = self.parse_type("expected type")?;
                self.expect(Tok::RParen, "expected ')' at end of constantexpr cast")?;
                let src = self.m.ctx.const_of(c).ty();
                if !fold::cast_is_valid(&self.m.ctx, op, src, dest) {
                    let (s, d) = (super::types::type_text(&self.m, src), super::types::type_text(&self.m, dest));
                    return self.err(pos, format!("invalid cast opcode for cast from '{s}' to '{d}'"));
                }
                Ok(fold::get_cast(&mut self.m.ctx, op, c, dest))
            }
            Opcode::Add | Opcode::Sub | Opcode::Xor => {
                self.next();
                let mut fl = 0;
                loop {
                    if self.eat_kw(b"nuw") {
                        fl |= flags::NUW;
                    } else if self.eat_kw(b"nsw") {
                        fl |= flags::NSW;
                    } else {
                        break;
                    }
                }
                self.expect(Tok::LParen, "expected '(' in binary constantexpr")?;
                let a = self.parse_typed_const()?;
                self.expect(Tok::Comma, "expected comma in binary constantexpr")?;
                let b = self.parse_typed_const()?;
                self.expect(Tok::RParen, "expected ')' in binary constantexpr")?;
                let at = self.m.ctx.const_of(a).ty();
                if at != self.m.ctx.const_of(b).ty() {
                    return self.err(pos, "operands of constexpr must have same type");
                }
                if !matches!(self.m.ctx.type_of(fold_scalar(&self.m.ctx, at)), Type::Int(_)) {
                    return self.err(pos, "constexpr requires integer or integer vector operands");
                }
                Ok(fold::get_binary(&mut self.m.ctx, op, a, b, fl))
            }
            Opcode::GetElementPtr => {
                // `parseValID`'s getelementptr: the flags, then at most one `inrange`.
                self.next();
                let mut fl = 0;
                loop {
                    if self.eat_kw(b"inbounds") {
                        fl |= flags::INBOUNDS;
                    } else if self.eat_kw(b"nusw") {
                        fl |= flags::NUSW;
                    } else if self.eat_kw(b"nuw") {
                        fl |= flags::NUW;
                    } else {
                        break;
                    }
                }
                let mut inrange = None;
                if self.eat_kw(b"inrange") {
                    self.expect(Tok::LParen, "expected '('")?;
                    if !self.is(Tok::Int) {
                        return self.err_here("expected integer");
                    }
                    let lo = self.parse_apint_lit(64)?;
                    self.expect(Tok::Comma, "expected ','")?;
                    if !self.is(Tok::Int) {
                        return self.err_here("expected integer");
                    }
                    let hi = self.parse_apint_lit(64)?;
                    self.expect(Tok::RParen, "expected ')'")?;
                    inrange = Some((lo, hi));
                }
                self.expect(Tok::LParen, "expected '(' in constantexpr")?;
                let src = self.parse_type("expected type")?;
                self.expect(Tok::Comma, "expected comma after getelementptr's type")?;
                let ops = self.parse_global_value_vector()?;
                self.expect(Tok::RParen, "expected ')' in constantexpr")?;
                self.check_const_gep(src, &ops, pos)?;
                let gep = fold::GepInfo { source_ty: src, flags: fl, inrange };
                Ok(fold::get_gep(&mut self.m.ctx, &gep, ops[0], &ops[1..]))
            }
            Opcode::ExtractElement | Opcode::InsertElement | Opcode::ShuffleVector => {
                self.next();
                self.expect(Tok::LParen, "expected '(' in constantexpr")?;
                let ops = self.parse_global_value_vector()?;
                self.expect(Tok::RParen, "expected ')' in constantexpr")?;
                self.check_vector_op(op, &ops, pos)?;
                Ok(match op {
                    Opcode::ExtractElement => fold::get_extract_element(&mut self.m.ctx, ops[0], ops[1]),
                    Opcode::InsertElement => fold::get_insert_element(&mut self.m.ctx, ops[0], ops[1], ops[2]),
                    _ => fold::get_shuffle_vector(&mut self.m.ctx, ops[0], ops[1], ops[2]),
                })
            }
            _ => self.err_here(format!("{} constexprs are no longer supported", op.name())),
        }
    }
}

impl<'a> Parser<'a> {
    /// True when `t` is or holds a scalable vector. Each type is looked at once, as shared
    /// struct types may nest deeply.
    pub(super) fn is_scalable(&mut self, t: TypeId) -> bool {
        if let Some(&known) = self.scalable_memo.get(&t) {
            return known;
        }
        let mut seen = rustc_hash::FxHashSet::default();
        let mut stack = vec![t];
        // A struct without a body yet may get one later: then the answer is not final.
        let mut fin = true;
        let mut scalable = false;
        while let Some(t) = stack.pop() {
            if !seen.insert(t) {
                continue;
            }
            match self.m.ctx.type_of(t) {
                Type::Vector { scalable: true, .. } => {
                    scalable = true;
                    break;
                }
                Type::Struct { elems, .. } => stack.extend(elems.iter().copied()),
                Type::Named(s) => match &self.m.ctx.structs[*s].body {
                    Some(b) => stack.extend(b.elems.iter().copied()),
                    None => fin = false,
                },
                Type::Array(_, e) => stack.push(*e),
                _ => {}
            }
        }
        if fin || scalable {
            self.scalable_memo.insert(t, scalable);
        }
        scalable
    }

    /// LLParser's checks of a constant `getelementptr`'s operands.
    fn check_const_gep(&mut self, src: TypeId, ops: &[ConstId], pos: usize) -> PResult<()> {
        let c = &self.m.ctx;
        let scalar = |t: TypeId| match c.type_of(t) {
            Type::Vector { elem, .. } => *elem,
            _ => t,
        };
        let Some(&base) = ops.first() else {
            return self.err(pos, "base of getelementptr must be a pointer");
        };
        let base_ty = c.const_of(base).ty();
        if !matches!(c.type_of(scalar(base_ty)), Type::Ptr(_)) {
            return self.err(pos, "base of getelementptr must be a pointer");
        }
        let mut width = match c.type_of(base_ty) {
            Type::Vector { len, .. } => *len,
            _ => 0,
        };
        for &i in &ops[1..] {
            let it = c.const_of(i).ty();
            if !matches!(c.type_of(scalar(it)), Type::Int(_)) {
                return self.err(pos, "getelementptr index must be an integer");
            }
            if let Type::Vector { len, .. } = c.type_of(it) {
                if width != 0 && width != *len {
                    return self.err(pos, "getelementptr vector index has a wrong number of elements");
                }
                width = *len;
            }
        }
        if ops.len() > 1 && !self.is_sized(src) {
            return self.err(pos, "base element of getelementptr must be sized");
        }
        if self.is_scalable(src) {
            return self.err(pos, "invalid base element for constant getelementptr");
        }
        if fold::gep_indexed_type(&mut self.m.ctx, src, &ops[1..]).is_none() {
            return self.err(pos, "invalid getelementptr indices");
        }
        Ok(())
    }

    /// `parseGlobalValueVector`: typed constants separated by commas, none when the list
    /// closes at once (`inrange` in the list is left to the caller).
    fn parse_global_value_vector(&mut self) -> PResult<SmallVec<[ConstId; 4]>> {
        let mut out = SmallVec::new();
        if matches!(self.tok.kind, Tok::RBrace | Tok::RSquare | Tok::Greater | Tok::RParen) {
            return Ok(out);
        }
        loop {
            if self.is_kw(b"inrange") {
                return Ok(out);
            }
            out.push(self.parse_typed_const()?);
            if !self.eat(Tok::Comma) {
                return Ok(out);
            }
        }
    }

    /// `ShuffleVectorInst::isValidOperands` with the mask as a constant.
    pub(super) fn shuffle_operands_valid(&self, v1: TypeId, v2: TypeId, mask: ConstId) -> bool {
        let c = &self.m.ctx;
        let Type::Vector { len, scalable, .. } = *c.type_of(v1) else { return false };
        if v1 != v2 {
            return false;
        }
        let m = c.const_of(mask);
        let Type::Vector { elem, scalable: mask_scalable, .. } = *c.type_of(m.ty()) else { return false };
        if !matches!(c.type_of(elem), Type::Int(32)) || mask_scalable != scalable {
            return false;
        }
        if matches!(m, Const::Undef(_) | Const::Poison(_) | Const::Zero(_)) {
            return true;
        }
        if mask_scalable {
            return false;
        }
        let limit = 2 * u64::from(len);
        let in_range = |id: ConstId, undef_ok: bool| match c.const_of(id) {
            Const::Int(_, v) => v.ult_u64(limit),
            Const::Undef(_) | Const::Poison(_) => undef_ok,
            _ => false,
        };
        match m {
            Const::Vector(_, ops) => ops.iter().all(|&o| in_range(o, true)),
            Const::Splat(_, e) => in_range(*e, false),
            _ => false,
        }
    }

    /// Checks the operand count and kinds of a vector constant expression.
    /// `parseValID`'s checks of a vector constant expression's operands.
    fn check_vector_op(&mut self, op: llrs_ir::Opcode, ops: &[ConstId], pos: usize) -> PResult<()> {
        use llrs_ir::Opcode;
        let ty = |p: &Self, i: usize| p.m.ctx.const_of(ops[i]).ty();
        let is_int = |p: &Self, t: TypeId| matches!(p.m.ctx.type_of(t), Type::Int(_));
        match op {
            Opcode::ShuffleVector => {
                if ops.len() != 3 {
                    return self.err(pos, "expected three operands to shufflevector");
                }
                if !self.shuffle_operands_valid(ty(self, 0), ty(self, 1), ops[2]) {
                    return self.err(pos, "invalid operands to shufflevector");
                }
            }
            Opcode::ExtractElement => {
                if ops.len() != 2 {
                    return self.err(pos, "expected two operands to extractelement");
                }
                if !matches!(self.m.ctx.type_of(ty(self, 0)), Type::Vector { .. }) || !is_int(self, ty(self, 1)) {
                    return self.err(pos, "invalid extractelement operands");
                }
            }
            _ => {
                if ops.len() != 3 {
                    return self.err(pos, "expected three operands to insertelement");
                }
                let fits = matches!(self.m.ctx.type_of(ty(self, 0)), Type::Vector { elem, .. } if *elem == ty(self, 1));
                if !fits || !is_int(self, ty(self, 2)) {
                    return self.err(pos, "invalid insertelement operands");
                }
            }
        }
        Ok(())
    }
}

/// The element type of a vector type, the type itself otherwise.
fn fold_scalar(ctx: &llrs_ir::Context, t: TypeId) -> TypeId {
    match ctx.type_of(t) {
        Type::Vector { elem, .. } => *elem,
        _ => t,
    }
}

/// The bits of a float literal in the format of `k`, or `None` when the value does not fit.
pub fn float_bits(text: &[u8], k: FloatKind) -> Option<u128> {
    if text.len() > 2 && text[0] == b'0' && text[1] == b'x' {
        let (form, digits) = match text[2] {
            c @ (b'K' | b'L' | b'M' | b'H' | b'R') => (Some(c), &text[3..]),
            _ => (None, &text[2..]),
        };
        let hex = |d: &[u8]| -> Option<u128> {
            let mut v: u128 = 0;
            for &c in d {
                v = v.checked_mul(16)? + (c as char).to_digit(16)? as u128;
            }
            Some(v)
        };
        return match form {
            None => {
                let bits = hex(digits)?;
                if bits > u64::MAX as u128 {
                    return None;
                }
                from_double_bits(bits as u64, k)
            }
            Some(b'K') => {
                if k != FloatKind::X86Fp80 {
                    return None;
                }
                let v = hex(digits)?;
                Some(v & ((1u128 << 80) - 1))
            }
            Some(b'L') | Some(b'M') => {
                if (form == Some(b'L') && k != FloatKind::Fp128) || (form == Some(b'M') && k != FloatKind::PpcFp128) {
                    return None;
                }
                // LLLexer's HexToIntPair: the first 16 digits are the low word and the rest the
                // high word; with fewer than 16 digits, all of them are the high word.
                let split = if digits.len() >= 16 { 16 } else { 0 };
                let lo = if split == 0 { 0 } else { hex(&digits[..split])? };
                let hi = hex(&digits[split..]).unwrap_or(0);
                Some((hi << 64) | (lo & u64::MAX as u128))
            }
            Some(b'H') => {
                if k != FloatKind::Half {
                    return None;
                }
                Some(hex(digits)? & 0xffff)
            }
            Some(b'R') => {
                if k != FloatKind::BFloat {
                    return None;
                }
                Some(hex(digits)? & 0xffff)
            }
            _ => None,
        };
    }
    let s = std::str::from_utf8(text).ok()?;
    let d: f64 = s.parse().ok()?;
    from_double_bits(d.to_bits(), k)
}

/// Converts a double (by bits) to format `k` exactly; `None` when precision would be lost.
pub fn from_double_bits(bits: u64, k: FloatKind) -> Option<u128> {
    let sign = bits >> 63;
    let exp = ((bits >> 52) & 0x7ff) as i64;
    let frac = bits & ((1u64 << 52) - 1);
    match k {
        FloatKind::Double => Some(bits as u128),
        FloatKind::Float => narrow(sign, exp, frac, 8, 23),
        FloatKind::Half => narrow(sign, exp, frac, 5, 10),
        FloatKind::BFloat => narrow(sign, exp, frac, 8, 7),
        FloatKind::Fp128 => {
            let (e, f) = widen_parts(exp, frac, 15)?;
            Some(((sign as u128) << 127) | ((e as u128) << 112) | ((f as u128) << 60))
        }
        FloatKind::X86Fp80 => {
            if exp == 0 && frac == 0 {
                return Some((sign as u128) << 79);
            }
            let (e, f) = widen_parts(exp, frac, 15)?;
            let int_bit: u128 = if exp == 0x7ff || e != 0 { 1 } else { 0 };
            Some(((sign as u128) << 79) | ((e as u128) << 64) | (int_bit << 63) | ((f as u128) << 11))
        }
        FloatKind::PpcFp128 => Some(bits as u128),
    }
}

/// Re-biases a double's exponent (and normalizes subnormals) for a wider format.
fn widen_parts(exp: i64, frac: u64, ebits: u32) -> Option<(u64, u64)> {
    let max = (1i64 << ebits) - 1;
    let bias = (1i64 << (ebits - 1)) - 1;
    if exp == 0x7ff {
        return Some((max as u64, frac));
    }
    if exp == 0 {
        if frac == 0 {
            return Some((0, 0));
        }
        // Subnormal double: normalize.
        let shift = frac.leading_zeros() as i64 - 11;
        let f = (frac << shift) & ((1u64 << 52) - 1);
        let e = 1 - 1023 - shift + bias;
        return Some((e as u64, f));
    }
    Some(((exp - 1023 + bias) as u64, frac))
}

/// Narrows a double to a format with `ebits` exponent and `mbits` fraction bits, exactly.
fn narrow(sign: u64, exp: i64, frac: u64, ebits: u32, mbits: u32) -> Option<u128> {
    let max = (1i64 << ebits) - 1;
    let bias = (1i64 << (ebits - 1)) - 1;
    let drop = 52 - mbits;
    let s = (sign as u128) << (ebits + mbits);
    if exp == 0x7ff {
        // Inf or NaN: keep the top fraction bits (NaN payload must survive).
        let f = frac >> drop;
        if frac != 0 && f == 0 {
            return None;
        }
        if frac & ((1u64 << drop) - 1) != 0 {
            return None;
        }
        return Some(s | ((max as u128) << mbits) | f as u128);
    }
    if exp == 0 {
        return if frac == 0 { Some(s) } else { None };
    }
    let e = exp - 1023 + bias;
    if e >= max {
        return None;
    }
    if e >= 1 {
        if frac & ((1u64 << drop) - 1) != 0 {
            return None;
        }
        return Some(s | ((e as u128) << mbits) | (frac >> drop) as u128);
    }
    // Subnormal in the narrow format.
    let full = frac | (1u64 << 52);
    let shift = drop as i64 + (1 - e);
    if shift >= 64 {
        return None;
    }
    if full & ((1u64 << shift) - 1) != 0 {
        return None;
    }
    Some(s | (full >> shift) as u128)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats() {
        assert_eq!(float_bits(b"1.0", FloatKind::Float), Some(0x3f80_0000));
        assert_eq!(float_bits(b"0.1", FloatKind::Float), None);
        assert_eq!(float_bits(b"0x3FB99999A0000000", FloatKind::Float), Some(0x3dcc_cccd));
        assert_eq!(float_bits(b"1.0", FloatKind::Half), Some(0x3c00));
        assert_eq!(float_bits(b"0xH3C00", FloatKind::Half), Some(0x3c00));
        assert_eq!(float_bits(b"1.0", FloatKind::X86Fp80), Some(0x3fff_8000_0000_0000_0000));
        assert_eq!(float_bits(b"1.0", FloatKind::Fp128), Some(0x3fff_0000_0000_0000_0000_0000_0000_0000));
        assert_eq!(float_bits(b"-0.0", FloatKind::Double), Some(0x8000_0000_0000_0000));
        assert_eq!(float_bits(b"0x7FF8000000000000", FloatKind::Float), Some(0x7fc0_0000));
    }
}
