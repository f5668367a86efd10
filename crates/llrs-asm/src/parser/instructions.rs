//! Instructions: one parse function per instruction family, building [`InstData`].

use super::attrs::AttrPos;
use super::{GroupUse, PResult, Parser};
use crate::lexer::Tok;
use llrs_ir::instructions::{
    flags, fmf, Atomic, AttrList, Bundle, CallData, Clause, CmpPred, Ordering, TailKind, RMW_OPS,
};
use llrs_ir::{AttrsId, InstData, InstExtra, Opcode, Type, TypeId, Value};
use smallvec::SmallVec;

impl<'a> Parser<'a> {
    fn void(&mut self) -> TypeId {
        self.m.ctx.void_ty()
    }

    fn parse_fmf(&mut self) -> u8 {
        let mut f = 0u8;
        loop {
            let t = self.text();
            let bit = match t {
                b"fast" => fmf::FAST,
                b"nnan" => 1 << 1,
                b"ninf" => 1 << 2,
                b"nsz" => 1 << 3,
                b"arcp" => 1 << 4,
                b"contract" => 1 << 5,
                b"afn" => 1 << 6,
                b"reassoc" => 1 << 0,
                _ => return f,
            };
            if !self.is(Tok::Ident) {
                return f;
            }
            f |= bit;
            self.next();
        }
    }

    fn parse_label_value(&mut self) -> PResult<Value> {
        self.expect_kw(b"label", "expected 'label' here")?;
        Ok(Value::Block(self.block_ref()?))
    }

    /// Parses one instruction (after any `%x =`).
    pub fn parse_instruction(&mut self) -> PResult<InstData> {
        if self.is(Tok::Eof) {
            return self.err_here("found end of file when expecting more instructions");
        }
        if !self.is(Tok::Ident) {
            return self.err_here("expected instruction opcode");
        }
        let kw = self.text();
        let tail = match kw {
            b"tail" => TailKind::Tail,
            b"musttail" => TailKind::MustTail,
            b"notail" => TailKind::NoTail,
            _ => TailKind::None,
        };
        if tail != TailKind::None {
            self.next();
            if !self.is_kw(b"call") {
                return self.err_here("expected 'call' after tail marker");
            }
            return self.parse_call(Opcode::Call, tail);
        }
        let Some(op) = Opcode::from_name(kw) else {
            return self.err_here("expected instruction opcode");
        };
        let opos = self.pos();
        self.op_pos = opos;
        self.next();
        use Opcode::*;
        match op {
            Ret => {
                let tp = self.pos();
                let ty = self.parse_type("expected type")?;
                let want = self.fs.func.and_then(|g| self.m.ctx.fn_ret(self.m.globals[g].value_ty));
                let mismatch = |p: &Self| {
                    let w = super::types::type_text(&p.m, want.unwrap_or(ty));
                    p.err(tp, format!("value doesn't match function result type '{w}'"))
                };
                // A value is read before its type is compared with the function's.
                let v = if self.m.ctx.is_void(ty) { None } else { Some(self.parse_value(ty)?) };
                if want.is_some_and(|w| w != ty) {
                    return mismatch(self);
                }
                let Some(v) = v else {
                    return Ok(InstData::new(Ret, ty, []));
                };
                let void = self.void();
                Ok(InstData::new(Ret, void, [v]))
            }
            Br => {
                let p = self.pos();
                let (ty, v) = self.parse_typed_value()?;
                let void = self.void();
                match self.m.ctx.type_of(ty) {
                    Type::Label => Ok(InstData::new(Br, void, [v])),
                    Type::Int(1) => {
                        self.expect(Tok::Comma, "expected ',' after branch condition")?;
                        let t = self.parse_label_value()?;
                        self.expect(Tok::Comma, "expected ',' after true destination")?;
                        let f = self.parse_label_value()?;
                        Ok(InstData::new(Br, void, [v, t, f]))
                    }
                    _ => self.err(p, "branch condition must have 'i1' type"),
                }
            }
            Switch => {
                let p = self.pos();
                let (ty, cond) = self.parse_typed_value()?;
                if !matches!(self.m.ctx.type_of(ty), Type::Int(_)) {
                    return self.err(p, "switch condition must have integer type");
                }
                self.expect(Tok::Comma, "expected ',' after switch condition")?;
                let def = self.parse_label_value()?;
                self.expect(Tok::LSquare, "expected '[' with switch table")?;
                let mut ops: SmallVec<[Value; 3]> = SmallVec::from_slice(&[cond, def]);
                // Case values seen, for the duplicate check (constants are uniqued).
                let mut seen = rustc_hash::FxHashSet::default();
                while !self.is(Tok::RSquare) {
                    let cp = self.pos();
                    let (ct, cv) = self.parse_typed_value()?;
                    if !matches!(cv, Value::Const(_)) {
                        return self.err(cp, "case value is not a constant integer");
                    }
                    if ct != ty {
                        return self.err(cp, "case value is not a constant integer");
                    }
                    if !seen.insert(cv) {
                        return self.err(cp, "duplicate case value in switch");
                    }
                    self.expect(Tok::Comma, "expected ',' after case value")?;
                    let d = self.parse_label_value()?;
                    ops.push(cv);
                    ops.push(d);
                }
                self.next();
                let void = self.void();
                let mut d = InstData::new(Switch, void, []);
                d.operands = ops;
                Ok(d)
            }
            IndirectBr => {
                let (_, addr) = self.parse_typed_value()?;
                self.expect(Tok::Comma, "expected ',' after indirectbr address")?;
                self.expect(Tok::LSquare, "expected '[' with indirectbr")?;
                let mut ops: SmallVec<[Value; 3]> = SmallVec::from_slice(&[addr]);
                if !self.is(Tok::RSquare) {
                    loop {
                        ops.push(self.parse_label_value()?);
                        if !self.eat(Tok::Comma) {
                            break;
                        }
                    }
                }
                self.expect(Tok::RSquare, "expected ']' at end of block list")?;
                let void = self.void();
                let mut d = InstData::new(IndirectBr, void, []);
                d.operands = ops;
                Ok(d)
            }
            Invoke | CallBr => self.parse_call_rest(op, TailKind::None, opos),
            Call => self.parse_call_rest(op, TailKind::None, opos),
            Resume => {
                let (_, v) = self.parse_typed_value()?;
                let void = self.void();
                Ok(InstData::new(Resume, void, [v]))
            }
            Unreachable => {
                let void = self.void();
                Ok(InstData::new(Unreachable, void, []))
            }
            CleanupRet => {
                self.expect_kw(b"from", "expected 'from' after cleanupret")?;
                let tok = self.m.ctx.ty(Type::Token);
                let pad = self.parse_value(tok)?;
                self.expect_kw(b"unwind", "expected 'unwind' in cleanupret")?;
                let void = self.void();
                if self.eat_kw(b"to") {
                    self.expect_kw(b"caller", "expected 'caller' in cleanupret")?;
                    Ok(InstData::new(CleanupRet, void, [pad]))
                } else {
                    let u = self.parse_label_value()?;
                    Ok(InstData::new(CleanupRet, void, [pad, u]))
                }
            }
            CatchRet => {
                self.expect_kw(b"from", "expected 'from' after catchret")?;
                let tok = self.m.ctx.ty(Type::Token);
                let pad = self.parse_value(tok)?;
                self.expect_kw(b"to", "expected 'to' in catchret")?;
                let l = self.parse_label_value()?;
                let void = self.void();
                Ok(InstData::new(CatchRet, void, [pad, l]))
            }
            CatchSwitch => {
                self.expect_kw(b"within", "expected 'within' after catchswitch")?;
                let tok = self.m.ctx.ty(Type::Token);
                let parent =
                    if self.is_kw(b"none") { Value::Const(self.parse_const(tok)?) } else { self.parse_value(tok)? };
                self.expect(Tok::LSquare, "expected '[' with catchswitch labels")?;
                let mut ops: SmallVec<[Value; 3]> = SmallVec::from_slice(&[parent]);
                loop {
                    ops.push(self.parse_label_value()?);
                    if !self.eat(Tok::Comma) {
                        break;
                    }
                }
                self.expect(Tok::RSquare, "expected ']' after catchswitch labels")?;
                let n = ops.len() as u32 - 1;
                self.expect_kw(b"unwind", "expected 'unwind' after catchswitch scope")?;
                if self.eat_kw(b"to") {
                    self.expect_kw(b"caller", "expected 'caller' in catchswitch")?;
                } else {
                    ops.push(self.parse_label_value()?);
                }
                let mut d = InstData::new(CatchSwitch, tok, []);
                d.operands = ops;
                d.extra = InstExtra::CatchSwitch(n);
                Ok(d)
            }
            CatchPad | CleanupPad => {
                self.expect_kw(b"within", "expected 'within' after catchpad")?;
                let tok = self.m.ctx.ty(Type::Token);
                let parent =
                    if self.is_kw(b"none") { Value::Const(self.parse_const(tok)?) } else { self.parse_value(tok)? };
                self.expect(Tok::LSquare, "expected '[' in catchpad/cleanuppad")?;
                let mut ops: SmallVec<[Value; 3]> = SmallVec::from_slice(&[parent]);
                if !self.is(Tok::RSquare) {
                    loop {
                        if self.is_kw(b"metadata") {
                            self.next();
                            let m = self.parse_md_operand()?;
                            ops.push(Value::Md(m));
                        } else {
                            let (_, v) = self.parse_typed_value()?;
                            ops.push(v);
                        }
                        if !self.eat(Tok::Comma) {
                            break;
                        }
                    }
                }
                self.expect(Tok::RSquare, "expected ']' in catchpad/cleanuppad")?;
                let mut d = InstData::new(op, tok, []);
                d.operands = ops;
                Ok(d)
            }
            FNeg => {
                let f = self.parse_fmf();
                let p = self.pos();
                let (ty, v) = self.parse_typed_value()?;
                if !is_fp_or_vec(self, ty) {
                    return self.err(p, "invalid operand type for instruction");
                }
                let mut d = InstData::new(FNeg, ty, [v]);
                d.fmf = f;
                Ok(d)
            }
            Add | Sub | Mul | Shl | UDiv | SDiv | LShr | AShr | Or | And | Xor | URem | SRem => {
                let mut fl = 0;
                loop {
                    let allowed = match self.text() {
                        b"nuw" if matches!(op, Add | Sub | Mul | Shl) => flags::NUW,
                        b"nsw" if matches!(op, Add | Sub | Mul | Shl) => flags::NSW,
                        b"exact" if matches!(op, UDiv | SDiv | LShr | AShr) => flags::EXACT,
                        b"disjoint" if op == Or => flags::DISJOINT,
                        _ => 0,
                    };
                    if allowed == 0 || !self.is(Tok::Ident) {
                        break;
                    }
                    fl |= allowed;
                    self.next();
                }
                let p = self.pos();
                let (ty, a) = self.parse_typed_value()?;
                self.expect(Tok::Comma, "expected ',' in arithmetic operation")?;
                let b = self.parse_value(ty)?;
                if !is_int_or_vec(self, ty) {
                    return self.err(p, "invalid operand type for instruction");
                }
                let mut d = InstData::new(op, ty, [a, b]);
                d.flags = fl;
                Ok(d)
            }
            FAdd | FSub | FMul | FDiv | FRem => {
                let f = self.parse_fmf();
                let p = self.pos();
                let (ty, a) = self.parse_typed_value()?;
                self.expect(Tok::Comma, "expected ',' in arithmetic operation")?;
                let b = self.parse_value(ty)?;
                if !is_fp_or_vec(self, ty) {
                    return self.err(p, "invalid operand type for instruction");
                }
                let mut d = InstData::new(op, ty, [a, b]);
                d.fmf = f;
                Ok(d)
            }
            ExtractElement => {
                let p = self.pos();
                let (vt, v) = self.parse_typed_value()?;
                self.expect(Tok::Comma, "expected ',' after extract value")?;
                let (_, i) = self.parse_typed_value()?;
                let elem = match self.m.ctx.type_of(vt) {
                    Type::Vector { elem, .. } => *elem,
                    _ => return self.err(p, "invalid extractelement operands"),
                };
                Ok(InstData::new(op, elem, [v, i]))
            }
            InsertElement => {
                let p = self.pos();
                let (vt, v) = self.parse_typed_value()?;
                self.expect(Tok::Comma, "expected ',' after insertelement value")?;
                let (_, e) = self.parse_typed_value()?;
                self.expect(Tok::Comma, "expected ',' after insertelement value")?;
                let (_, i) = self.parse_typed_value()?;
                if !matches!(self.m.ctx.type_of(vt), Type::Vector { .. }) {
                    return self.err(p, "invalid insertelement operands");
                }
                Ok(InstData::new(op, vt, [v, e, i]))
            }
            ShuffleVector => {
                let p = self.pos();
                let (vt, a) = self.parse_typed_value()?;
                self.expect(Tok::Comma, "expected ',' after shuffle mask")?;
                let (_, b) = self.parse_typed_value()?;
                self.expect(Tok::Comma, "expected ',' after shuffle value")?;
                let mty = self.parse_type("expected type")?;
                let mask = self.parse_const(mty)?;
                let (elem, scalable) = match self.m.ctx.type_of(vt) {
                    Type::Vector { elem, scalable, .. } => (*elem, *scalable),
                    _ => return self.err(p, "invalid shufflevector operands"),
                };
                let len = match self.m.ctx.type_of(mty) {
                    Type::Vector { len, .. } => *len,
                    _ => return self.err(p, "invalid shufflevector operands"),
                };
                let rt = self.m.ctx.ty(Type::Vector { scalable, len, elem });
                let mut d = InstData::new(op, rt, [a, b]);
                d.extra = InstExtra::Shuffle(mask);
                Ok(d)
            }
            ExtractValue => {
                let p = self.pos();
                let (at, v) = self.parse_typed_value()?;
                let idx = self.parse_indices()?;
                let rt = match self.indexed_type(at, &idx) {
                    Some(t) => t,
                    None => return self.err(p, "invalid indices for extractvalue"),
                };
                let mut d = InstData::new(op, rt, [v]);
                d.extra = InstExtra::Indices(llrs_ir::instructions::IndexList::from_slice(&idx));
                Ok(d)
            }
            InsertValue => {
                let p = self.pos();
                let (at, v) = self.parse_typed_value()?;
                self.expect(Tok::Comma, "expected comma after insertvalue operand")?;
                let (_, e) = self.parse_typed_value()?;
                let idx = self.parse_indices()?;
                if self.indexed_type(at, &idx).is_none() {
                    return self.err(p, "invalid indices for insertvalue");
                }
                let mut d = InstData::new(op, at, [v, e]);
                d.extra = InstExtra::Indices(llrs_ir::instructions::IndexList::from_slice(&idx));
                Ok(d)
            }
            Alloca => self.parse_alloca(),
            Load => self.parse_load(),
            Store => self.parse_store(),
            Fence => {
                let atomic = self.parse_scope_ordering()?;
                let void = self.void();
                let mut d = InstData::new(op, void, []);
                d.extra = InstExtra::Mem { align: 0, atomic, rmw: 0 };
                Ok(d)
            }
            CmpXchg => self.parse_cmpxchg(),
            AtomicRmw => self.parse_atomicrmw(),
            GetElementPtr => self.parse_gep(),
            Trunc | ZExt | SExt | FPTrunc | FPExt | FPToUI | FPToSI | UIToFP | SIToFP | PtrToInt | PtrToAddr
            | IntToPtr | BitCast | AddrSpaceCast => {
                let mut fl = 0;
                loop {
                    let b = match self.text() {
                        b"nuw" if op == Trunc => flags::NUW,
                        b"nsw" if op == Trunc => flags::NSW,
                        b"nneg" if matches!(op, ZExt | UIToFP) => flags::NNEG,
                        _ => 0,
                    };
                    if b == 0 || !self.is(Tok::Ident) {
                        break;
                    }
                    fl |= b;
                    self.next();
                }
                let f = if matches!(op, FPTrunc | FPExt | UIToFP | SIToFP) { self.parse_fmf() } else { 0 };
                let vp = self.pos();
                let (vt, v) = self.parse_typed_value()?;
                self.expect_kw(b"to", "expected 'to' after cast value")?;
                let dt = self.parse_type("expected type")?;
                if !llrs_ir::fold::cast_is_valid(&self.m.ctx, op, vt, dt) {
                    let (s, d) = (super::types::type_text(&self.m, vt), super::types::type_text(&self.m, dt));
                    return self.err(vp, format!("invalid cast opcode for cast from '{s}' to '{d}'"));
                }
                let mut d = InstData::new(op, dt, [v]);
                d.flags = fl;
                d.fmf = f;
                Ok(d)
            }
            ICmp | FCmp => {
                let mut fl = 0;
                let mut f = 0;
                if op == ICmp {
                    if self.eat_kw(b"samesign") {
                        fl |= flags::SAMESIGN;
                    }
                } else {
                    f = self.parse_fmf();
                }
                let Some(pred) = (if self.is(Tok::Ident) { CmpPred::from_name(self.text(), op == FCmp) } else { None })
                else {
                    return self.err_here(
                        "expected icmp predicate (e.g. 'eq')".replace("icmp", if op == FCmp { "fcmp" } else { "icmp" }),
                    );
                };
                self.next();
                let p = self.pos();
                let (ty, a) = self.parse_typed_value()?;
                self.expect(Tok::Comma, "expected ',' after compare value")?;
                let b = self.parse_value(ty)?;
                let rt = match self.m.ctx.type_of(ty).clone() {
                    Type::Vector { scalable, len, .. } => {
                        let i1 = self.m.ctx.int_ty(1);
                        self.m.ctx.ty(Type::Vector { scalable, len, elem: i1 })
                    }
                    Type::Int(_) | Type::Ptr(_) if op == ICmp => self.m.ctx.int_ty(1),
                    Type::Float(_) if op == FCmp => self.m.ctx.int_ty(1),
                    _ => {
                        return self.err(
                            p,
                            if op == ICmp {
                                "icmp requires integer operands"
                            } else {
                                "fcmp requires floating point operands"
                            },
                        )
                    }
                };
                let mut d = InstData::new(op, rt, [a, b]);
                d.flags = fl;
                d.fmf = f;
                d.extra = InstExtra::Cmp(pred);
                Ok(d)
            }
            Phi => {
                let f = self.parse_fmf();
                let tp = self.pos();
                let ty = self.parse_type("expected type")?;
                if !self.is_first_class(ty) {
                    return self.err(tp, "phi node must have first class type");
                }
                let mut vals: SmallVec<[Value; 3]> = SmallVec::new();
                let mut blocks = thin_vec::ThinVec::new();
                loop {
                    self.expect(Tok::LSquare, "expected '[' in phi value list")?;
                    let v = self.parse_value(ty)?;
                    self.expect(Tok::Comma, "expected ',' after insertelement value")?;
                    let b = self.block_ref()?;
                    self.expect(Tok::RSquare, "expected ']' in phi value list")?;
                    vals.push(v);
                    blocks.push(b);
                    if !self.is(Tok::Comma) {
                        break;
                    }
                    // A comma may also start metadata attachments.
                    let save_lex = self.lex_state();
                    self.next();
                    if !self.is(Tok::LSquare) {
                        self.restore_lex(save_lex);
                        break;
                    }
                }
                if f != 0 && !self.m.ctx.is_fp_math_ty(ty) {
                    return self.err(
                        opos,
                        "fast-math-flags specified for phi without floating-point scalar or vector return type",
                    );
                }
                let mut d = InstData::new(Phi, ty, []);
                d.operands = vals;
                d.fmf = f;
                d.extra = InstExtra::Phi(blocks);
                Ok(d)
            }
            Select => {
                let f = self.parse_fmf();
                let cp = self.pos();
                let (ct, c) = self.parse_typed_value()?;
                self.expect(Tok::Comma, "expected ',' after select condition")?;
                let (ty, a) = self.parse_typed_value()?;
                self.expect(Tok::Comma, "expected ',' after select value")?;
                let (_, b) = self.parse_typed_value()?;
                if let (Type::Vector { scalable: s1, len: l1, .. }, Type::Vector { scalable: s2, len: l2, .. }) =
                    (self.m.ctx.type_of(ct).clone(), self.m.ctx.type_of(ty).clone())
                {
                    if s1 != s2 || l1 != l2 {
                        return self.err(cp, "vector select requires selected vectors to have the same vector length as select condition");
                    }
                }
                if f != 0 && !self.m.ctx.is_fp_math_ty(ty) {
                    return self.err(
                        opos,
                        "fast-math-flags specified for select without floating-point scalar or vector return type",
                    );
                }
                let mut d = InstData::new(Select, ty, [c, a, b]);
                d.fmf = f;
                Ok(d)
            }
            VAArg => {
                let (_, v) = self.parse_typed_value()?;
                self.expect(Tok::Comma, "expected ',' after vaarg operand")?;
                let tp = self.pos();
                let ty = self.parse_type("expected type")?;
                if !self.is_first_class(ty) {
                    return self.err(tp, "va_arg requires operand with first class type");
                }
                Ok(InstData::new(VAArg, ty, [v]))
            }
            LandingPad => {
                let ty = self.parse_type("expected type")?;
                let mut d = InstData::new(LandingPad, ty, []);
                if self.eat_kw(b"cleanup") {
                    d.flags |= flags::CLEANUP;
                }
                let mut clauses = Vec::new();
                loop {
                    let catch = if self.eat_kw(b"catch") {
                        true
                    } else if self.eat_kw(b"filter") {
                        false
                    } else {
                        break;
                    };
                    let (_, v) = self.parse_typed_value()?;
                    clauses.push(if catch { Clause::Catch(v) } else { Clause::Filter(v) });
                }
                d.extra = InstExtra::LandingPad(clauses.into());
                Ok(d)
            }
            Freeze => {
                let (ty, v) = self.parse_typed_value()?;
                Ok(InstData::new(Freeze, ty, [v]))
            }
        }
    }

    fn lex_state(&self) -> (crate::lexer::Token, usize) {
        (self.tok, self.lex_pos())
    }

    fn restore_lex(&mut self, s: (crate::lexer::Token, usize)) {
        self.tok = s.0;
        self.set_lex_pos(s.1);
    }

    /// Where LLVM's lexer stands after an optional `, align N` tail: when the tail ended at a comma
    /// that introduces metadata attachments, LLVM has already eaten that comma.
    fn pos_past_extra_comma(&mut self) -> usize {
        if !self.is(Tok::Comma) {
            return self.pos();
        }
        let save = self.lex_state();
        self.next();
        let pos = self.pos();
        self.restore_lex(save);
        pos
    }

    fn parse_indices(&mut self) -> PResult<SmallVec<[u32; 2]>> {
        let mut idx = SmallVec::new();
        while self.is(Tok::Comma) {
            let save = self.lex_state();
            self.next();
            if !self.is(Tok::Int) {
                self.restore_lex(save);
                break;
            }
            idx.push(self.parse_u32("expected index")?);
        }
        if idx.is_empty() {
            return self.err_here("expected index");
        }
        Ok(idx)
    }

    fn indexed_type(&self, mut t: TypeId, idx: &[u32]) -> Option<TypeId> {
        for &i in idx {
            t = match self.m.ctx.type_of(t) {
                Type::Array(n, e) => {
                    if (i as u64) >= *n {
                        return None;
                    }
                    *e
                }
                Type::Struct { elems, .. } => *elems.get(i as usize)?,
                Type::Named(s) => *self.m.ctx.structs[*s].body.as_ref()?.elems.get(i as usize)?,
                _ => return None,
            };
        }
        Some(t)
    }

    fn parse_alloca(&mut self) -> PResult<InstData> {
        let mut fl = 0;
        if self.eat_kw(b"inalloca") {
            fl |= flags::INALLOCA;
        }
        if self.eat_kw(b"swifterror") {
            fl |= flags::SWIFTERROR;
        }
        let tp = self.pos();
        let ty = self.parse_type("expected type")?;
        if matches!(
            self.m.ctx.type_of(ty),
            Type::Function { .. } | Type::Void | Type::Label | Type::Metadata | Type::Token | Type::X86Amx
        ) {
            return self.err(tp, "invalid type for alloca");
        }
        let mut align = 0;
        let mut addrspace = 0;
        let mut count = None;
        while self.eat(Tok::Comma) {
            if self.eat_kw(b"align") {
                align = self.parse_align_value(false)?;
            } else if self.is_kw(b"addrspace") {
                addrspace = self.parse_addrspace()?;
            } else if self.is(Tok::MetadataVar) {
                // Attachments follow: give the comma back.
                self.unread_comma();
                break;
            } else {
                if count.is_some() {
                    return self.err_here("expected metadata after comma");
                }
                let (_, v) = self.parse_typed_value()?;
                count = Some(v);
            }
        }
        // Only a default alignment needs the size here (with an explicit one, a type still opaque
        // may be defined later; the verifier checks the end result).
        if align == 0 {
            if !self.is_sized(ty) {
                return self.err(tp, "Cannot allocate unsized type");
            }
            align = self.dl.default_alloca_align(&self.m.ctx, ty);
        }
        let pt = self.m.ctx.ptr_ty(addrspace);
        let mut d = InstData::new(Opcode::Alloca, pt, count);
        d.flags = fl;
        d.extra = InstExtra::Alloca { ty, align, addrspace };
        Ok(d)
    }

    /// Steps back so that the caller sees the `,` before metadata attachments again.
    fn unread_comma(&mut self) {
        // The comma was consumed just before the current token: find it backwards.
        let mut p = self.tok.start as usize;
        while p > 0 && self.src[p - 1] != b',' {
            p -= 1;
        }
        self.set_lex_pos(p - 1);
        self.next();
    }

    fn parse_scope_ordering(&mut self) -> PResult<Atomic> {
        let mut a = Atomic::default();
        if self.eat_kw(b"syncscope") {
            self.expect(Tok::LParen, "Expected '(' in syncscope")?;
            let s = self.parse_str("Expected synchronization scope name")?;
            self.expect(Tok::RParen, "Expected ')' in syncscope")?;
            a.scope = Some(self.m.ctx.sym_bytes(&s));
        }
        a.ordering = self.parse_ordering()?;
        Ok(a)
    }

    fn parse_ordering(&mut self) -> PResult<Ordering> {
        let o = match self.text() {
            b"unordered" => Ordering::Unordered,
            b"monotonic" => Ordering::Monotonic,
            b"acquire" => Ordering::Acquire,
            b"release" => Ordering::Release,
            b"acq_rel" => Ordering::AcqRel,
            b"seq_cst" => Ordering::SeqCst,
            _ => return self.err_here("Expected ordering on atomic instruction"),
        };
        self.next();
        Ok(o)
    }

    fn parse_mem_tail(&mut self) -> PResult<u64> {
        let mut align = 0;
        while self.is(Tok::Comma) {
            let save = self.lex_state();
            self.next();
            if self.eat_kw(b"align") {
                align = self.parse_align_value(false)?;
            } else {
                self.restore_lex(save);
                break;
            }
        }
        Ok(align)
    }

    /// `load [atomic] [volatile] TY, ptr P [syncscope(..) ORDERING] [, align N]`. As in LLVM, the
    /// operands and the tail are read first, then checked: at the pointer operand, except for an
    /// unsized type, which is reported at the type.
    fn parse_load(&mut self) -> PResult<InstData> {
        let atomic = self.eat_kw(b"atomic");
        let volatile = self.eat_kw(b"volatile");
        let tp = self.pos();
        let ty = self.parse_type("expected type")?;
        self.expect(Tok::Comma, "expected comma after load's type")?;
        let p = self.pos();
        let (pt, ptr) = self.parse_typed_value()?;
        let at = if atomic { self.parse_scope_ordering()? } else { Atomic::default() };
        let mut align = self.parse_mem_tail()?;
        if !matches!(self.m.ctx.type_of(pt), Type::Ptr(_)) || !self.is_first_class(ty) {
            return self.err(p, "load operand must be a pointer to a first class type");
        }
        if atomic && align == 0 {
            return self.err(p, "atomic load must have explicit non-zero alignment");
        }
        if matches!(at.ordering, Ordering::Release | Ordering::AcqRel) {
            return self.err(p, "atomic load cannot use Release ordering");
        }
        if align == 0 {
            if !self.is_sized(ty) {
                return self.err(tp, "loading unsized types is not allowed");
            }
            align = self.dl.default_load_align(&self.m.ctx, ty);
        }
        let mut d = InstData::new(Opcode::Load, ty, [ptr]);
        if volatile {
            d.flags |= flags::VOLATILE;
        }
        d.extra = InstExtra::Mem { align, atomic: at, rmw: 0 };
        Ok(d)
    }

    /// `store [atomic] [volatile] TY V, ptr P [syncscope(..) ORDERING] [, align N]`, checked as
    /// LLVM does once the whole instruction is read.
    fn parse_store(&mut self) -> PResult<InstData> {
        let atomic = self.eat_kw(b"atomic");
        let volatile = self.eat_kw(b"volatile");
        let vp = self.pos();
        let (vt, v) = self.parse_typed_value()?;
        self.expect(Tok::Comma, "expected ',' after store operand")?;
        let p = self.pos();
        let (pt, ptr) = self.parse_typed_value()?;
        let at = if atomic { self.parse_scope_ordering()? } else { Atomic::default() };
        let mut align = self.parse_mem_tail()?;
        if !matches!(self.m.ctx.type_of(pt), Type::Ptr(_)) {
            return self.err(p, "store operand must be a pointer");
        }
        if !self.is_first_class(vt) {
            return self.err(vp, "store operand must be a first class value");
        }
        if atomic && align == 0 {
            return self.err(vp, "atomic store must have explicit non-zero alignment");
        }
        if matches!(at.ordering, Ordering::Acquire | Ordering::AcqRel) {
            return self.err(vp, "atomic store cannot use Acquire ordering");
        }
        if align == 0 {
            if !self.is_sized(vt) {
                return self.err(vp, "storing unsized types is not allowed");
            }
            align = self.dl.abi_align(&self.m.ctx, vt);
        }
        let void = self.void();
        let mut d = InstData::new(Opcode::Store, void, [v, ptr]);
        if volatile {
            d.flags |= flags::VOLATILE;
        }
        d.extra = InstExtra::Mem { align, atomic: at, rmw: 0 };
        Ok(d)
    }

    fn parse_cmpxchg(&mut self) -> PResult<InstData> {
        let mut fl = 0;
        if self.eat_kw(b"weak") {
            fl |= flags::WEAK;
        }
        if self.eat_kw(b"volatile") {
            fl |= flags::VOLATILE;
        }
        let (_, ptr) = self.parse_typed_value()?;
        self.expect(Tok::Comma, "expected ',' after cmpxchg address")?;
        let (ty, cmp) = self.parse_typed_value()?;
        self.expect(Tok::Comma, "expected ',' after cmpxchg cmp operand")?;
        let (_, new) = self.parse_typed_value()?;
        let mut at = self.parse_scope_ordering()?;
        at.failure = self.parse_ordering()?;
        let mut align = self.parse_mem_tail()?;
        if align == 0 {
            align = self.dl.default_atomic_align(&self.m.ctx, ty);
        }
        // LLVM checks the orderings once the optional `, align N` is read, at the token it stopped on.
        if matches!(at.ordering, Ordering::Unordered) {
            let p = self.pos_past_extra_comma();
            return self.err(p, "invalid cmpxchg success ordering");
        }
        if matches!(at.failure, Ordering::Unordered | Ordering::Release | Ordering::AcqRel) {
            let p = self.pos_past_extra_comma();
            return self.err(p, "invalid cmpxchg failure ordering");
        }
        let i1 = self.m.ctx.int_ty(1);
        let rt = self.m.ctx.ty(Type::Struct { packed: false, elems: SmallVec::from_slice(&[ty, i1]) });
        let mut d = InstData::new(Opcode::CmpXchg, rt, [ptr, cmp, new]);
        d.flags = fl;
        d.extra = InstExtra::Mem { align, atomic: at, rmw: 0 };
        Ok(d)
    }

    fn parse_atomicrmw(&mut self) -> PResult<InstData> {
        let mut fl = 0;
        if self.eat_kw(b"volatile") {
            fl |= flags::VOLATILE;
        }
        let Some(rmw) = RMW_OPS.iter().position(|o| o.as_bytes() == self.text()) else {
            return self.err_here("expected binary operation in atomicrmw");
        };
        self.next();
        let pp = self.pos();
        let (pt, ptr) = self.parse_typed_value()?;
        self.expect(Tok::Comma, "expected ',' after atomicrmw address")?;
        let vp = self.pos();
        let (ty, v) = self.parse_typed_value()?;
        let at = self.parse_scope_ordering()?;
        let mut align = self.parse_mem_tail()?;
        self.check_atomicrmw(rmw, pp, pt, vp, ty, &at)?;
        if align == 0 {
            align = self.dl.default_atomic_align(&self.m.ctx, ty);
        }
        let mut d = InstData::new(Opcode::AtomicRmw, ty, [ptr, v]);
        d.flags = fl;
        d.extra = InstExtra::Mem { align, atomic: at, rmw: rmw as u8 };
        Ok(d)
    }

    /// LLParser's checks of an `atomicrmw` once it is read: the ordering (reported at the token
    /// after the instruction's alignment, as LLVM's `tokError`), then the pointer and the value
    /// against the operation (at the typed value).
    fn check_atomicrmw(
        &mut self,
        rmw: usize,
        ptr_pos: usize,
        ptr_ty: TypeId,
        val_pos: usize,
        ty: TypeId,
        at: &llrs_ir::instructions::Atomic,
    ) -> PResult<()> {
        if at.ordering == llrs_ir::instructions::Ordering::Unordered {
            // `parseOptionalCommaAlign` has eaten a comma before trailing metadata.
            let save = self.lex_state();
            if self.is(Tok::Comma) {
                self.next();
            }
            let here = self.pos();
            self.restore_lex(save);
            return self.err(here, "atomicrmw cannot be unordered");
        }
        let c = &self.m.ctx;
        if !matches!(c.type_of(ptr_ty), Type::Ptr(_)) {
            return self.err(ptr_pos, "atomicrmw operand must be a pointer");
        }
        if self.dl.is_scalable(c, ty) {
            return self.err(val_pos, "atomicrmw operand may not be scalable");
        }
        let name = RMW_OPS.get(rmw).copied().unwrap_or("xchg");
        let scalar = match c.type_of(ty) {
            Type::Vector { elem, .. } => *elem,
            _ => ty,
        };
        let (int, float, ptr) = (
            matches!(c.type_of(ty), Type::Int(_)),
            matches!(c.type_of(ty), Type::Float(_)),
            matches!(c.type_of(ty), Type::Ptr(_)),
        );
        if name == "xchg" {
            if !int && !float && !ptr {
                let msg = format!("atomicrmw {name} operand must be an integer, floating point, or pointer type");
                return self.err(val_pos, msg);
            }
        } else if matches!(name, "fadd" | "fsub" | "fmax" | "fmin" | "fmaximum" | "fminimum") {
            if !matches!(c.type_of(scalar), Type::Float(_)) {
                return self.err(val_pos, format!("atomicrmw {name} operand must be a floating point type"));
            }
        } else if !int {
            return self.err(val_pos, format!("atomicrmw {name} operand must be an integer"));
        }
        let bits = self.dl.type_store_size(c, ty).min * 8;
        if bits < 8 || !bits.is_power_of_two() {
            return self.err(val_pos, "atomicrmw operand must be power-of-two byte-sized integer");
        }
        Ok(())
    }

    fn parse_gep(&mut self) -> PResult<InstData> {
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
        let src = self.parse_type("expected type")?;
        self.expect(Tok::Comma, "expected comma after getelementptr's type")?;
        let p = self.pos();
        let (bt, base) = self.parse_typed_value()?;
        let mut ops: SmallVec<[Value; 3]> = SmallVec::from_slice(&[base]);
        let mut rt = match self.m.ctx.type_of(bt) {
            Type::Ptr(_) => bt,
            Type::Vector { elem, .. } if matches!(self.m.ctx.type_of(*elem), Type::Ptr(_)) => bt,
            _ => return self.err(p, "base of getelementptr must be a pointer"),
        };
        // All vector operands must have as many elements as the first one.
        let mut width = match self.m.ctx.type_of(bt) {
            Type::Vector { scalable, len, .. } => Some((*scalable, *len)),
            _ => None,
        };
        let mut index_tys = Vec::new();
        while self.is(Tok::Comma) {
            let save = self.lex_state();
            self.next();
            if self.is(Tok::MetadataVar) {
                self.restore_lex(save);
                break;
            }
            let ip = self.pos();
            let (it, iv) = self.parse_typed_value()?;
            let shape = match self.m.ctx.type_of(it) {
                Type::Vector { scalable, len, elem } => Some((*scalable, *len, *elem)),
                _ => None,
            };
            let scalar = shape.map_or(it, |s| s.2);
            if !matches!(self.m.ctx.type_of(scalar), Type::Int(_)) {
                return self.err(ip, "getelementptr index must be an integer");
            }
            if let Some((scalable, len, _)) = shape {
                if width.is_some_and(|w| w != (scalable, len)) {
                    return self.err(ip, "getelementptr vector index has a wrong number of elements");
                }
                width = Some((scalable, len));
                if !matches!(self.m.ctx.type_of(rt), Type::Vector { .. }) {
                    rt = self.m.ctx.ty(Type::Vector { scalable, len, elem: rt });
                }
            }
            index_tys.push(it);
            ops.push(iv);
        }
        if !index_tys.is_empty() && !self.is_sized(src) {
            return self.err(p, "base element of getelementptr must be sized");
        }
        if matches!(self.m.ctx.type_of(src), Type::Struct { .. } | Type::Named(_)) && self.is_scalable(src) {
            return self.err(p, "getelementptr cannot target structure that contains scalable vector type");
        }
        // LLVM's `getIndexedType`: a value that is not a constant indexes arrays and vectors only,
        // as an `undef` index does.
        let consts: Vec<_> = (ops[1..].iter().zip(&index_tys))
            .map(|(v, &t)| match v {
                Value::Const(c) => *c,
                _ => self.m.ctx.konst(llrs_ir::Const::Undef(t)),
            })
            .collect();
        if llrs_ir::fold::gep_indexed_type(&mut self.m.ctx, src, &consts).is_none() {
            return self.err(p, "invalid getelementptr indices");
        }
        let mut d = InstData::new(Opcode::GetElementPtr, rt, []);
        d.operands = ops;
        d.flags = fl;
        d.extra = InstExtra::Gep(src);
        Ok(d)
    }

    fn parse_call(&mut self, op: Opcode, tail: TailKind) -> PResult<InstData> {
        let p = self.pos();
        self.next();
        self.parse_call_rest(op, tail, p)
    }

    /// After `call`/`invoke`/`callbr`.
    fn parse_call_rest(&mut self, op: Opcode, tail: TailKind, opos: usize) -> PResult<InstData> {
        // LLParser's `CallLoc`: the `call` of a tail call, else the token after it.
        let call_loc = if tail == TailKind::None { self.pos() } else { opos };
        let f = if op == Opcode::Call { self.parse_fmf() } else { 0 };
        let cconv = self.parse_cconv()?;
        let ret_attrs = self.parse_attr_list(AttrPos::Ret)?;
        let call_as = if self.is_kw(b"addrspace") { self.parse_addrspace()? } else { self.program_addrspace() };
        let tp = self.pos();
        let ty = self.parse_type("expected type")?;
        let explicit_fn = matches!(self.m.ctx.type_of(ty), Type::Function { .. });
        // The callee is a pointer in the call's address space (the data layout's program address
        // space by default), defined or not.
        let ptr = self.m.ctx.ptr_ty(call_as);
        let callee = if self.is_kw(b"asm") {
            self.parse_inline_asm(ty)?
        } else if self.is(Tok::LocalVar) || self.is(Tok::LocalVarId) {
            // Callees in other address spaces come with their own pointer type.
            self.parse_callee_local()?
        } else {
            self.parse_value(ptr)?
        };
        self.expect(Tok::LParen, "expected '(' in call")?;
        let mut args: SmallVec<[Value; 3]> = SmallVec::new();
        let mut arg_tys: Vec<TypeId> = Vec::new();
        let mut param_attrs: Vec<AttrsId> = Vec::new();
        if !self.is(Tok::RParen) {
            loop {
                if self.eat(Tok::DotDotDot) {
                    break;
                }
                let ap = self.pos();
                let at = self.parse_type("expected type")?;
                if !self.is_valid_arg_type(at) {
                    return self.err(ap, "invalid type for function argument");
                }
                let attrs = self.parse_attr_list(AttrPos::Param)?;
                let v = if matches!(self.m.ctx.type_of(at), Type::Metadata) {
                    let m = if self.is(Tok::Exclaim) || self.is(Tok::MetadataVar) {
                        self.parse_md_ref()?
                    } else {
                        self.parse_md_operand()?
                    };
                    Value::Md(m)
                } else {
                    self.parse_value(at)?
                };
                args.push(v);
                arg_tys.push(at);
                let id = self.m.ctx.attrs(attrs);
                param_attrs.push(id);
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
        }
        self.expect(Tok::RParen, "expected ')' at end of argument list")?;
        let fn_ty = if explicit_fn {
            ty
        } else {
            if matches!(self.m.ctx.type_of(ty), Type::Label | Type::Metadata) {
                return self.err(tp, "Invalid result type for LLVM function");
            }
            self.m.ctx.fn_ty(ty, &arg_tys, false)
        };
        let ret = self.m.ctx.fn_ret(fn_ty).expect("function type");
        let (fn_attrs, groups, _) = self.parse_fn_attrs(false)?;
        let bundles = self.parse_bundles()?;
        let mut ops: SmallVec<[Value; 3]> = SmallVec::new();
        ops.push(callee);
        ops.extend(args.iter().copied());
        let num_args = args.len() as u32;
        if op == Opcode::Invoke {
            self.expect_kw(b"to", "expected 'to' in invoke")?;
            ops.push(self.parse_label_value()?);
            self.expect_kw(b"unwind", "expected 'unwind' in invoke")?;
            ops.push(self.parse_label_value()?);
        } else if op == Opcode::CallBr {
            self.expect_kw(b"to", "expected 'to' in callbr")?;
            ops.push(self.parse_label_value()?);
            self.expect(Tok::LSquare, "expected '[' in callbr")?;
            if !self.is(Tok::RSquare) {
                loop {
                    ops.push(self.parse_label_value()?);
                    if !self.eat(Tok::Comma) {
                        break;
                    }
                }
            }
            self.expect(Tok::RSquare, "expected ']' at end of block list")?;
        }
        while param_attrs.last() == Some(&AttrsId::EMPTY) {
            param_attrs.pop();
        }
        let ret_id = self.m.ctx.attrs(ret_attrs);
        let cd = CallData {
            fn_ty,
            cconv,
            attrs: AttrList { func: AttrsId::EMPTY, ret: ret_id, params: param_attrs },
            bundles,
            tail,
            num_args,
        };
        if f != 0 && !self.m.ctx.is_fp_math_ty(ret) {
            return self.err(
                call_loc,
                "fast-math-flags specified for call without floating-point scalar or vector return type",
            );
        }
        let mut d = InstData::new(op, ret, []);
        d.operands = ops;
        d.fmf = f;
        d.extra = InstExtra::Call(Box::new(cd));
        if !fn_attrs.is_empty() || !groups.is_empty() {
            // Resolved at the end of the module, once the instruction has its id.
            self.pending_call_groups = Some((groups, fn_attrs));
        }
        Ok(d)
    }

    fn parse_callee_local(&mut self) -> PResult<Value> {
        // Find the local's own type when it is already defined; otherwise assume `ptr`.
        let ptr = self.m.ctx.ptr_ty(0);
        let known = if self.is(Tok::LocalVar) {
            let n = self.m.ctx.names.lookup(&self.val());
            n.and_then(|n| self.fs.names.get(&n).copied())
        } else {
            self.tok_num().ok().and_then(|n| self.fs.nums.get(n))
        };
        let ty = match known {
            Some(v) if !matches!(v, Value::Block(_)) => self.local_type(v),
            _ => ptr,
        };
        self.parse_value(ty)
    }

    fn parse_bundles(&mut self) -> PResult<Vec<Bundle>> {
        let mut out = Vec::new();
        if !self.is(Tok::LSquare) {
            return Ok(out);
        }
        self.next();
        loop {
            let tag = self.parse_str("expected operand bundle tag")?;
            let tag = self.m.ctx.sym_bytes(&tag);
            self.expect(Tok::LParen, "expected '(' after operand bundle tag")?;
            let mut inputs = Vec::new();
            if !self.is(Tok::RParen) {
                loop {
                    let t = self.parse_type("expected type")?;
                    if matches!(self.m.ctx.type_of(t), Type::Metadata) {
                        let m = self.parse_md_operand()?;
                        inputs.push(Value::Md(m));
                    } else {
                        inputs.push(self.parse_value(t)?);
                    }
                    if !self.eat(Tok::Comma) {
                        break;
                    }
                }
            }
            self.expect(Tok::RParen, "expected ')' at end of operand bundle")?;
            out.push(Bundle { tag, inputs });
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::RSquare, "expected ']' at end of operand bundle list")?;
        Ok(out)
    }

    /// `asm [sideeffect] [alignstack] [inteldialect] [unwind] "asm", "constraints"`.
    pub fn parse_inline_asm(&mut self, ty: TypeId) -> PResult<Value> {
        self.next();
        let mut a = llrs_ir::module::InlineAsm {
            fn_ty: ty,
            asm: llrs_ir::Symbol(0),
            constraints: llrs_ir::Symbol(0),
            side_effect: false,
            align_stack: false,
            intel: false,
            can_throw: false,
        };
        loop {
            if self.eat_kw(b"sideeffect") {
                a.side_effect = true;
            } else if self.eat_kw(b"alignstack") {
                a.align_stack = true;
            } else if self.eat_kw(b"inteldialect") {
                a.intel = true;
            } else if self.eat_kw(b"unwind") {
                a.can_throw = true;
            } else {
                break;
            }
        }
        let s = self.parse_str("expected string")?;
        self.expect(Tok::Comma, "expected comma in inline asm expression")?;
        let c = self.parse_str("expected constraint string")?;
        a.asm = self.m.ctx.sym_bytes(&s);
        a.constraints = self.m.ctx.sym_bytes(&c);
        let id = self.m.asms.push(a);
        Ok(Value::Asm(id))
    }

    /// Records the call-site attribute groups of the instruction just defined.
    pub fn note_call_groups(&mut self, inst: llrs_ir::InstId) {
        if let Some((groups, attrs)) = self.pending_call_groups.take() {
            let g = self.fs.func.expect("in a function");
            self.group_uses.push((GroupUse::Call(g, inst), groups, attrs));
        }
    }
}

fn is_int_or_vec(p: &Parser<'_>, t: TypeId) -> bool {
    match p.m.ctx.type_of(t) {
        Type::Int(_) => true,
        Type::Vector { elem, .. } => matches!(p.m.ctx.type_of(*elem), Type::Int(_)),
        _ => false,
    }
}

fn is_fp_or_vec(p: &Parser<'_>, t: TypeId) -> bool {
    match p.m.ctx.type_of(t) {
        Type::Float(_) => true,
        Type::Vector { elem, .. } => matches!(p.m.ctx.type_of(*elem), Type::Float(_)),
        _ => false,
    }
}
