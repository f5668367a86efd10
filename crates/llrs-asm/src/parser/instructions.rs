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

    /// `parseTypeAndBasicBlock`: any type and value, which must be a block.
    fn parse_label_value(&mut self) -> PResult<Value> {
        let loc = self.pos();
        // The usual `label %bb`, without looking the type up.
        if self.is_kw(b"label") {
            let save = self.lex_state();
            self.next();
            if self.is(Tok::LocalVar) || self.is(Tok::LocalVarId) {
                return Ok(Value::Block(self.block_ref()?));
            }
            self.restore_lex(save);
        }
        let t = self.parse_type("expected type")?;
        let v = self.parse_value(t)?;
        if !matches!(v, Value::Block(_)) {
            return self.err(loc, "expected a basic block");
        }
        Ok(v)
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
                return self.err_here("expected 'tail call', 'musttail call', or 'notail call'");
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
                let ty = self.parse_type_void("expected type")?;
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
                self.expect(Tok::Comma, "expected ',' after switch condition")?;
                let def = self.parse_label_value()?;
                self.expect(Tok::LSquare, "expected '[' with switch table")?;
                if !matches!(self.m.ctx.type_of(ty), Type::Int(_)) {
                    return self.err(p, "switch condition must have integer type");
                }
                let mut ops: SmallVec<[Value; 3]> = SmallVec::from_slice(&[cond, def]);
                // Case values seen, for the duplicate check (constants are uniqued).
                let mut seen = rustc_hash::FxHashSet::default();
                while !self.is(Tok::RSquare) {
                    let cp = self.pos();
                    let (_, cv) = self.parse_typed_value()?;
                    self.expect(Tok::Comma, "expected ',' after case value")?;
                    let d = self.parse_label_value()?;
                    if !seen.insert(cv) {
                        return self.err(cp, "duplicate case value in switch");
                    }
                    let is_int =
                        matches!(cv, Value::Const(c) if matches!(self.m.ctx.const_of(c), llrs_ir::Const::Int(..)));
                    if !is_int {
                        return self.err(cp, "case value is not a constant integer");
                    }
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
                let ap = self.pos();
                let (at, addr) = self.parse_typed_value()?;
                self.expect(Tok::Comma, "expected ',' after indirectbr address")?;
                self.expect(Tok::LSquare, "expected '[' with indirectbr")?;
                if !matches!(self.m.ctx.type_of(at), Type::Ptr(_)) {
                    return self.err(ap, "indirectbr address must have pointer type");
                }
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
                if !(self.is_kw(b"none") || self.is(Tok::LocalVar) || self.is(Tok::LocalVarId)) {
                    return self.err_here("expected scope value for catchswitch");
                }
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
                // `parseCatchPad` / `parseCleanupPad`, then `parseExceptionArgs`.
                let (within, scope) = if op == CatchPad {
                    ("expected 'within' after catchpad", "expected scope value for catchpad")
                } else {
                    ("expected 'within' after cleanuppad", "expected scope value for cleanuppad")
                };
                self.expect_kw(b"within", within)?;
                let none_ok = op == CleanupPad && self.is_kw(b"none");
                if !(none_ok || self.is(Tok::LocalVar) || self.is(Tok::LocalVarId)) {
                    return self.err_here(scope);
                }
                let tok = self.m.ctx.ty(Type::Token);
                let parent = if none_ok { Value::Const(self.parse_const(tok)?) } else { self.parse_value(tok)? };
                self.expect(Tok::LSquare, "expected '[' in catchpad/cleanuppad")?;
                let mut ops: SmallVec<[Value; 3]> = SmallVec::from_slice(&[parent]);
                while !self.is(Tok::RSquare) {
                    if ops.len() > 1 {
                        self.expect(Tok::Comma, "expected ',' in argument list")?;
                    }
                    let t = self.parse_type("expected type")?;
                    if matches!(self.m.ctx.type_of(t), Type::Metadata) {
                        let m = if self.is(Tok::Exclaim) || self.is(Tok::MetadataVar) {
                            self.parse_md_ref()?
                        } else {
                            self.parse_md_operand()?
                        };
                        ops.push(Value::Md(m));
                    } else {
                        ops.push(self.parse_value(t)?);
                    }
                }
                self.next();
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
                // The flags each opcode takes, in the order LLVM eats them.
                let mut fl = 0;
                if matches!(op, Add | Sub | Mul | Shl) {
                    let nuw = self.eat_kw(b"nuw");
                    if self.eat_kw(b"nsw") {
                        fl |= flags::NSW;
                    }
                    if nuw || self.eat_kw(b"nuw") {
                        fl |= flags::NUW;
                    }
                } else if matches!(op, UDiv | SDiv | LShr | AShr) {
                    if self.eat_kw(b"exact") {
                        fl |= flags::EXACT;
                    }
                } else if op == Or && self.eat_kw(b"disjoint") {
                    fl |= flags::DISJOINT;
                }
                // `parseLogical` for and/or/xor, `parseArithmetic` for the rest.
                let logical = matches!(op, And | Or | Xor);
                let p = self.pos();
                let (ty, a) = self.parse_typed_value()?;
                self.expect(
                    Tok::Comma,
                    if logical { "expected ',' in logical operation" } else { "expected ',' in arithmetic operation" },
                )?;
                let b = self.parse_value(ty)?;
                if !is_int_or_vec(self, ty) {
                    return self.err(
                        p,
                        if logical {
                            "instruction requires integer or integer vector operands"
                        } else {
                            "invalid operand type for instruction"
                        },
                    );
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
                let (it, i) = self.parse_typed_value()?;
                let elem = match self.m.ctx.type_of(vt) {
                    Type::Vector { elem, .. } if matches!(self.m.ctx.type_of(it), Type::Int(_)) => *elem,
                    _ => return self.err(p, "invalid extractelement operands"),
                };
                Ok(InstData::new(op, elem, [v, i]))
            }
            InsertElement => {
                let p = self.pos();
                let (vt, v) = self.parse_typed_value()?;
                self.expect(Tok::Comma, "expected ',' after insertelement value")?;
                let (et, e) = self.parse_typed_value()?;
                self.expect(Tok::Comma, "expected ',' after insertelement value")?;
                let (it, i) = self.parse_typed_value()?;
                let fits = matches!(self.m.ctx.type_of(vt), Type::Vector { elem, .. } if *elem == et);
                if !fits || !matches!(self.m.ctx.type_of(it), Type::Int(_)) {
                    return self.err(p, "invalid insertelement operands");
                }
                Ok(InstData::new(op, vt, [v, e, i]))
            }
            ShuffleVector => {
                let p = self.pos();
                let (vt, a) = self.parse_typed_value()?;
                self.expect(Tok::Comma, "expected ',' after shuffle mask")?;
                let (bt, b) = self.parse_typed_value()?;
                self.expect(Tok::Comma, "expected ',' after shuffle value")?;
                let (mty, mask) = self.parse_typed_value()?;
                // `ShuffleVectorInst::isValidOperands`: only a constant mask can be valid.
                let mask = match mask {
                    Value::Const(c) if self.shuffle_operands_valid(vt, bt, c) => c,
                    _ => return self.err(p, "invalid shufflevector operands"),
                };
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
                // The flags each cast takes, in the order LLVM eats them.
                let mut fl = 0;
                let f = if matches!(op, FPTrunc | FPExt | UIToFP | SIToFP) { self.parse_fmf() } else { 0 };
                if op == Trunc {
                    let nuw = self.eat_kw(b"nuw");
                    if self.eat_kw(b"nsw") {
                        fl |= flags::NSW;
                    }
                    if nuw || self.eat_kw(b"nuw") {
                        fl |= flags::NUW;
                    }
                } else if matches!(op, ZExt | UIToFP) && self.eat_kw(b"nneg") {
                    fl |= flags::NNEG;
                }
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
                    return self.err_here(if op == FCmp {
                        "expected fcmp predicate (e.g. 'oeq')"
                    } else {
                        "expected icmp predicate (e.g. 'eq')"
                    });
                };
                self.next();
                let p = self.pos();
                let (ty, a) = self.parse_typed_value()?;
                self.expect(Tok::Comma, "expected ',' after compare value")?;
                let b = self.parse_value(ty)?;
                let (shape, scalar) = match *self.m.ctx.type_of(ty) {
                    Type::Vector { scalable, len, elem } => (Some((scalable, len)), elem),
                    _ => (None, ty),
                };
                let fits = match self.m.ctx.type_of(scalar) {
                    Type::Int(_) | Type::Ptr(_) => op == ICmp,
                    Type::Float(_) => op == FCmp,
                    _ => false,
                };
                let i1 = self.m.ctx.int_ty(1);
                let rt = match shape {
                    Some((scalable, len)) if fits => self.m.ctx.ty(Type::Vector { scalable, len, elem: i1 }),
                    None if fits => i1,
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
                // `parsePHI`: none or more `[value, block]`, a comma before metadata left for the
                // attachments.
                let mut vals: SmallVec<[Value; 3]> = SmallVec::new();
                let mut blocks = thin_vec::ThinVec::new();
                let mut first = true;
                loop {
                    if first {
                        if !self.is(Tok::LSquare) {
                            break;
                        }
                        first = false;
                    } else {
                        if !self.is(Tok::Comma) {
                            break;
                        }
                        let save_lex = self.lex_state();
                        self.next();
                        if self.is(Tok::MetadataVar) {
                            self.restore_lex(save_lex);
                            break;
                        }
                    }
                    self.expect(Tok::LSquare, "expected '[' in phi value list")?;
                    let v = self.parse_value(ty)?;
                    self.expect(Tok::Comma, "expected ',' after insertelement value")?;
                    let b = if self.is(Tok::LocalVar) || self.is(Tok::LocalVarId) {
                        self.block_ref()?
                    } else {
                        let label = self.label_ty();
                        let Value::Block(b) = self.parse_value(label)? else {
                            return self.err_here("expected a basic block");
                        };
                        b
                    };
                    self.expect(Tok::RSquare, "expected ']' in phi value list")?;
                    vals.push(v);
                    blocks.push(b);
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
                let (bt, b) = self.parse_typed_value()?;
                if let Some(reason) = self.select_invalid_operands(ct, ty, bt) {
                    return self.err(cp, reason);
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
                    let vp = self.pos();
                    let (vt, v) = self.parse_typed_value()?;
                    let array = matches!(self.m.ctx.type_of(vt), Type::Array(..));
                    if catch && array {
                        return self.err(vp, "'catch' clause has an invalid type");
                    }
                    if !catch && !array {
                        return self.err(vp, "'filter' clause has an invalid type");
                    }
                    if !matches!(v, Value::Const(_)) {
                        return self.err(vp, "clause argument must be a constant");
                    }
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

    pub(crate) fn lex_state(&self) -> (crate::lexer::Token, usize) {
        (self.tok, self.lex_pos())
    }

    pub(crate) fn restore_lex(&mut self, s: (crate::lexer::Token, usize)) {
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

    /// `parseIndexList`: `(',' uint32)+`, a comma before metadata left for the attachments.
    fn parse_indices(&mut self) -> PResult<SmallVec<[u32; 2]>> {
        if !self.is(Tok::Comma) {
            return self.err_here("expected ',' as start of index list");
        }
        let mut idx = SmallVec::new();
        while self.is(Tok::Comma) {
            let save = self.lex_state();
            self.next();
            if self.is(Tok::MetadataVar) {
                if idx.is_empty() {
                    return self.err_here("expected index");
                }
                self.restore_lex(save);
                break;
            }
            idx.push(self.parse_uint32()?);
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
        // `parseAlloc`: an optional count, then `align` and `addrspace` in that order.
        let mut align = 0;
        let mut addrspace = 0;
        let mut count = None;
        if self.is(Tok::Comma) {
            let save = self.lex_state();
            self.next();
            if self.is(Tok::MetadataVar) {
                self.restore_lex(save);
            } else if !self.alloca_align_or_addrspace(&mut align, &mut addrspace)? {
                let cp = self.pos();
                let (ct, cv) = self.parse_typed_value()?;
                count = Some((cp, ct, cv));
                if self.is(Tok::Comma) {
                    let save = self.lex_state();
                    self.next();
                    if self.is(Tok::MetadataVar) {
                        self.restore_lex(save);
                    } else {
                        // Anything else: LLVM has eaten the comma and ends the instruction.
                        self.alloca_align_or_addrspace(&mut align, &mut addrspace)?;
                    }
                }
            }
        }
        if let Some((cp, ct, _)) = count {
            if !matches!(self.m.ctx.type_of(ct), Type::Int(_)) {
                return self.err(cp, "element count must have integer type");
            }
        }
        let count = count.map(|c| c.2);
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

    /// After a comma in `alloca`: `align N` (then `parseOptionalCommaAddrSpace`) or
    /// `addrspace(N)`; false when neither starts here.
    fn alloca_align_or_addrspace(&mut self, align: &mut u64, addrspace: &mut u32) -> PResult<bool> {
        if self.eat_kw(b"align") {
            *align = self.parse_align_value(false)?;
            while self.eat_comma_before_more() {
                if !self.is_kw(b"addrspace") {
                    return self.err_here("expected metadata or 'addrspace'");
                }
                *addrspace = self.parse_addrspace()?;
            }
            Ok(true)
        } else if self.is_kw(b"addrspace") {
            *addrspace = self.parse_addrspace()?;
            Ok(true)
        } else {
            Ok(false)
        }
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

    /// `SelectInst::areInvalidOperands`: why a select of these types is invalid, if it is.
    fn select_invalid_operands(&self, cond: TypeId, a: TypeId, b: TypeId) -> Option<&'static str> {
        let c = &self.m.ctx;
        if a != b {
            return Some("both values to select must have same type");
        }
        if matches!(c.type_of(a), Type::Token) {
            return Some("select values cannot have token type");
        }
        match *c.type_of(cond) {
            Type::Vector { elem, scalable, len } => {
                if !matches!(c.type_of(elem), Type::Int(1)) {
                    return Some("vector select condition element type must be i1");
                }
                let Type::Vector { scalable: s2, len: l2, .. } = *c.type_of(a) else {
                    return Some("selected values for vector select must be vectors");
                };
                if (s2, l2) != (scalable, len) {
                    return Some(
                        "vector select requires selected vectors to have the same vector length as select condition",
                    );
                }
                None
            }
            Type::Int(1) => None,
            _ => Some("select condition must be i1 or <n x i1>"),
        }
    }

    /// At a `,`: eats it and says so, unless metadata attachments follow it (the comma is then
    /// left for them: LLVM's `AteExtraComma`).
    fn eat_comma_before_more(&mut self) -> bool {
        if !self.is(Tok::Comma) {
            return false;
        }
        let save = self.lex_state();
        self.next();
        if self.is(Tok::MetadataVar) {
            self.restore_lex(save);
            return false;
        }
        true
    }

    /// `parseOptionalCommaAlign`: `(',' 'align' N)*`; a comma before metadata is left for the
    /// attachments, any other token after a comma is an error.
    fn parse_mem_tail(&mut self) -> PResult<u64> {
        let mut align = 0;
        while self.eat_comma_before_more() {
            if !self.eat_kw(b"align") {
                return self.err_here("expected metadata or 'align'");
            }
            align = self.parse_align_value(false)?;
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
        let pp = self.pos();
        let (pt, ptr) = self.parse_typed_value()?;
        self.expect(Tok::Comma, "expected ',' after cmpxchg address")?;
        let (ty, cmp) = self.parse_typed_value()?;
        self.expect(Tok::Comma, "expected ',' after cmpxchg cmp operand")?;
        let np = self.pos();
        let (nt, new) = self.parse_typed_value()?;
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
        if !matches!(self.m.ctx.type_of(pt), Type::Ptr(_)) {
            return self.err(pp, "cmpxchg operand must be a pointer");
        }
        if ty != nt {
            return self.err(np, "compare value and new value type do not match");
        }
        if !self.is_first_class(nt) {
            return self.err(np, "cmpxchg operand must be a first class value");
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
    /// `parseCall`, `parseInvoke` and `parseCallBr`: the callee is read as LLVM reads its
    /// `ValID`, and given its type (and, for inline asm, checked) only once the arguments,
    /// attributes, bundles and destinations are read; then the arguments are checked against
    /// the function type.
    fn parse_call_rest(&mut self, op: Opcode, tail: TailKind, opos: usize) -> PResult<InstData> {
        // LLParser's `CallLoc`: the `call` of a tail call, else the token after it.
        let call_loc = if tail == TailKind::None { self.pos() } else { opos };
        let f = if op == Opcode::Call { self.parse_fmf() } else { 0 };
        let cconv = self.parse_cconv()?;
        let ret_attrs = self.parse_attr_list(AttrPos::Ret)?;
        let call_as = if op == Opcode::CallBr {
            0
        } else if self.is_kw(b"addrspace") {
            self.parse_addrspace()?
        } else {
            self.program_addrspace()
        };
        let tp = self.pos();
        let ty = self.parse_type_void("expected type")?;
        let callee = self.parse_callee_syntax()?;
        let in_vararg_fn = self.fs.func.is_some_and(|g| {
            matches!(self.m.ctx.type_of(self.m.globals[g].value_ty), Type::Function { vararg: true, .. })
        });
        let args = self.parse_param_list(tail == TailKind::MustTail, in_vararg_fn)?;
        let (fn_attrs, groups, _) = self.parse_fn_attrs(false)?;
        let bundles = self.parse_bundles()?;
        let mut dests: SmallVec<[Value; 3]> = SmallVec::new();
        if op == Opcode::Invoke {
            self.expect_kw(b"to", "expected 'to' in invoke")?;
            dests.push(self.parse_label_value()?);
            self.expect_kw(b"unwind", "expected 'unwind' in invoke")?;
            dests.push(self.parse_label_value()?);
        } else if op == Opcode::CallBr {
            self.expect_kw(b"to", "expected 'to' in callbr")?;
            dests.push(self.parse_label_value()?);
            self.expect(Tok::LSquare, "expected '[' in callbr")?;
            if !self.is(Tok::RSquare) {
                loop {
                    dests.push(self.parse_label_value()?);
                    if !self.eat(Tok::Comma) {
                        break;
                    }
                }
            }
            self.expect(Tok::RSquare, "expected ']' at end of block list")?;
        }
        // `resolveFunctionType`.
        let fn_ty = if matches!(self.m.ctx.type_of(ty), Type::Function { .. }) {
            ty
        } else {
            if matches!(self.m.ctx.type_of(ty), Type::Label | Type::Metadata) {
                return self.err(tp, "Invalid result type for LLVM function");
            }
            let arg_tys: Vec<TypeId> = args.iter().map(|a| a.1).collect();
            self.m.ctx.fn_ty(ty, &arg_tys, false)
        };
        let callee = self.resolve_callee(callee, fn_ty, call_as)?;
        // The arguments against the function type, without copying its parameters.
        let params = self.m.ctx.fn_params(fn_ty);
        let vararg = matches!(self.m.ctx.type_of(fn_ty), Type::Function { vararg: true, .. });
        let bad = args.iter().enumerate().find_map(|(i, &(ap, at, _, _))| match params.get(i) {
            Some(&want) if want != at => Some((ap, Some(want))),
            None if !vararg => Some((ap, None)),
            _ => None,
        });
        let too_few = args.len() < params.len();
        match bad {
            Some((ap, Some(want))) => {
                let w = super::types::type_text(&self.m, want);
                return self.err(ap, format!("argument is not of expected type '{w}'"));
            }
            Some((ap, None)) => return self.err(ap, "too many arguments specified"),
            None if too_few => return self.err(call_loc, "not enough parameters specified for call"),
            None => {}
        }
        let ret = self.m.ctx.fn_ret(fn_ty).expect("function type");
        let mut ops: SmallVec<[Value; 3]> = SmallVec::new();
        ops.push(callee);
        ops.extend(args.iter().map(|a| a.2));
        let num_args = args.len() as u32;
        ops.extend(dests);
        let mut param_attrs: Vec<AttrsId> = args.iter().map(|a| a.3).collect();
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

    /// `parseParameterList`: `'(' (Type Attrs Value (',' ...)*)? ')'`, with the ellipsis a musttail
    /// call in a variadic function may end with. Each argument: where its type is, its type, its
    /// value and its attributes.
    fn parse_param_list(
        &mut self,
        must_tail: bool,
        in_vararg_fn: bool,
    ) -> PResult<Vec<(usize, TypeId, Value, AttrsId)>> {
        self.expect(Tok::LParen, "expected '(' in call")?;
        let mut args = Vec::new();
        while !self.is(Tok::RParen) {
            if !args.is_empty() {
                self.expect(Tok::Comma, "expected ',' in argument list")?;
            }
            if self.is(Tok::DotDotDot) {
                const MSG: &str = "unexpected ellipsis in argument list for ";
                if !must_tail {
                    return self.err_here(format!("{MSG}non-musttail call"));
                }
                if !in_vararg_fn {
                    return self.err_here(format!("{MSG}musttail call in non-varargs function"));
                }
                self.next();
                self.expect(Tok::RParen, "expected ')' at end of argument list")?;
                return Ok(args);
            }
            let ap = self.pos();
            let at = self.parse_type("expected type")?;
            if !self.is_valid_arg_type(at) {
                return self.err(ap, "invalid type for function argument");
            }
            let (v, attrs) = if matches!(self.m.ctx.type_of(at), Type::Metadata) {
                let m = if self.is(Tok::Exclaim) || self.is(Tok::MetadataVar) {
                    self.parse_md_ref()?
                } else {
                    self.parse_md_operand()?
                };
                (Value::Md(m), AttrsId::EMPTY)
            } else {
                let attrs = self.parse_attr_list(AttrPos::Param)?;
                let attrs = self.m.ctx.attrs(attrs);
                (self.parse_value(at)?, attrs)
            };
            args.push((ap, at, v, attrs));
        }
        if must_tail && in_vararg_fn {
            return self.err_here("expected '...' at end of argument list for musttail call in varargs function");
        }
        self.next();
        Ok(args)
    }

    /// The callee's `ValID`: a named or numbered value is only stepped over (it is read once the
    /// function type is known, as `convertValIDToValue` does), inline asm is read without its
    /// type, anything else is read now.
    fn parse_callee_syntax(&mut self) -> PResult<Callee> {
        let pos = self.pos();
        match self.tok.kind {
            Tok::LocalVar | Tok::LocalVarId | Tok::GlobalVar | Tok::GlobalId => {
                let at = self.lex_state();
                self.next();
                Ok(Callee::Later(at))
            }
            Tok::Ident if self.is_kw(b"asm") => Ok(Callee::Asm(pos, self.parse_inline_asm_syntax()?)),
            _ => {
                let ptr = self.m.ctx.ptr_ty(0);
                Ok(Callee::Now(self.parse_value(ptr)?))
            }
        }
    }

    /// `convertValIDToValue` of the callee, now that the function type is known.
    fn resolve_callee(&mut self, callee: Callee, fn_ty: TypeId, call_as: u32) -> PResult<Value> {
        match callee {
            Callee::Now(v) => Ok(v),
            Callee::Asm(pos, mut a) => {
                a.fn_ty = fn_ty;
                if let Err(msg) = llrs_ir::inline_asm::verify(&self.m.ctx, fn_ty, self.m.ctx.name(a.constraints)) {
                    return self.err(pos, msg);
                }
                Ok(Value::Asm(self.m.asms.push(a)))
            }
            Callee::Later(at) => {
                let end = self.lex_state();
                self.restore_lex(at);
                let v = if self.is(Tok::LocalVar) || self.is(Tok::LocalVarId) {
                    // Callees in other address spaces come with their own pointer type.
                    self.parse_callee_local()?
                } else {
                    let ptr = self.m.ctx.ptr_ty(call_as);
                    self.parse_value(ptr)?
                };
                self.restore_lex(end);
                Ok(v)
            }
        }
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

    /// `parseOptionalOperandBundles`: `'[' ("tag" '(' (Type Value (',' ...)*)? ')')+ ']'`.
    fn parse_bundles(&mut self) -> PResult<Vec<Bundle>> {
        let mut out = Vec::new();
        let begin = self.pos();
        if !self.eat(Tok::LSquare) {
            return Ok(out);
        }
        while !self.is(Tok::RSquare) {
            if !out.is_empty() {
                self.expect(Tok::Comma, "expected ',' in input list")?;
            }
            let tag = self.parse_str("expected string constant")?;
            let tag = self.m.ctx.sym_bytes(&tag);
            self.expect(Tok::LParen, "expected '(' in operand bundle")?;
            let mut inputs = Vec::new();
            while !self.is(Tok::RParen) {
                if !inputs.is_empty() {
                    self.expect(Tok::Comma, "expected ',' in input list")?;
                }
                let t = self.parse_type("expected type")?;
                if matches!(self.m.ctx.type_of(t), Type::Metadata) {
                    let m = self.parse_md_operand()?;
                    inputs.push(Value::Md(m));
                } else {
                    inputs.push(self.parse_value(t)?);
                }
            }
            self.next();
            out.push(Bundle { tag, inputs });
        }
        if out.is_empty() {
            return self.err(begin, "operand bundle set must not be empty");
        }
        self.next();
        Ok(out)
    }

    /// `asm [sideeffect] [alignstack] [inteldialect] [unwind] "asm", "constraints"`, where a
    /// value of type `ty` is expected outside a call: LLVM has no function type for it there.
    pub fn parse_inline_asm(&mut self, _ty: TypeId) -> PResult<Value> {
        let pos = self.pos();
        self.parse_inline_asm_syntax()?;
        self.err(pos, "invalid type for inline asm constraint string")
    }

    /// The tokens of an inline asm `ValID`, its function type still to be set.
    fn parse_inline_asm_syntax(&mut self) -> PResult<llrs_ir::module::InlineAsm> {
        self.next();
        let placeholder = self.m.ctx.void_ty();
        let mut a = llrs_ir::module::InlineAsm {
            fn_ty: placeholder,
            asm: llrs_ir::Symbol(0),
            constraints: llrs_ir::Symbol(0),
            side_effect: false,
            align_stack: false,
            intel: false,
            can_throw: false,
        };
        // `parseOptionalToken` of each flag, in this order.
        a.side_effect = self.eat_kw(b"sideeffect");
        a.align_stack = self.eat_kw(b"alignstack");
        a.intel = self.eat_kw(b"inteldialect");
        a.can_throw = self.eat_kw(b"unwind");
        let s = self.parse_str("expected string constant")?;
        self.expect(Tok::Comma, "expected comma in inline asm expression")?;
        let c = self.parse_str("expected constraint string")?;
        a.asm = self.m.ctx.sym_bytes(&s);
        a.constraints = self.m.ctx.sym_bytes(&c);
        Ok(a)
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

/// A callee as `parseValID` leaves it, before `convertValIDToValue`.
enum Callee {
    /// A named or numbered value, to be read from this lexer state.
    Later((crate::lexer::Token, usize)),
    /// Inline asm at this position, its function type still to be set.
    Asm(usize, llrs_ir::module::InlineAsm),
    /// Any other value, already read.
    Now(Value),
}
