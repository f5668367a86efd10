//! The instruction records of a body, each read as `parseFunctionBody` reads it: operands in
//! LLVM's order, its checks and messages.

use llrs_ir::constants::Const;
use llrs_ir::instructions::{
    flags, Atomic, Bundle, CallData, Clause, DbgKind, DbgRecord, IndexList, InstData, InstExtra, Ordering, TailKind,
};
use llrs_ir::metadata::{Local, Md};
use llrs_ir::symbol::Symbol;
use llrs_ir::types::{Type, TypeId};
use llrs_ir::value::Value;
use llrs_ir::Opcode;
use smallvec::SmallVec;

use super::FnReader;
use crate::codes::*;
use crate::constants::{binary_opcode, cast_opcode, predicate, unary_opcode};
use crate::values::{gep_flags, overflow_flags};
use crate::Error;

/// `getDecodedFastMathFlags`, in llrs's bits.
fn fmf(v: u64) -> u8 {
    if v & 1 != 0 {
        return llrs_ir::instructions::fmf::FAST;
    }
    ((v & 0x7e) as u8) | (((v >> 7) & 1) as u8)
}

/// `getDecodedOrdering`.
fn ordering(v: u64) -> Ordering {
    match v {
        0 => Ordering::NotAtomic,
        1 => Ordering::Unordered,
        2 => Ordering::Monotonic,
        3 => Ordering::Acquire,
        4 => Ordering::Release,
        5 => Ordering::AcqRel,
        _ => Ordering::SeqCst,
    }
}

/// `parseAlignmentValue`.
fn align(v: u64) -> Result<u64, Error> {
    match v {
        0 => Ok(0),
        1..=33 => Ok(1 << (v - 1)),
        _ => Err(Error::new("Invalid alignment value")),
    }
}

/// `getDecodedRMWOperation`: the index into [`llrs_ir::instructions::RMW_OPS`].
fn rmw_op(v: u64) -> Option<u8> {
    Some(match v {
        0..=14 => v as u8,
        15 => 17,
        16 => 18,
        17 => 19,
        18 => 20,
        19 => 15,
        20 => 16,
        _ => return None,
    })
}

fn invalid(msg: &str) -> Error {
    Error::new(msg)
}

impl FnReader<'_, '_> {
    /// `getDecodedSyncScopeID`: `None` for the system scope.
    fn scope(&mut self, v: u64) -> Option<Symbol> {
        match v {
            0 => Some(self.m.ctx.sym("singlethread")),
            1 => None,
            _ => self.t.sync_scopes.get(v as usize).copied().flatten(),
        }
    }

    fn is_ptr(&self, t: TypeId) -> bool {
        matches!(self.m.ctx.type_of(t), Type::Ptr(_))
    }

    /// `typeCheckLoadStoreInst` once the pointer is known to be one: the value's type must be
    /// loadable and storable (`isLoadableOrStorableType`).
    fn check_load_store(&self, t: TypeId) -> Result<(), Error> {
        match self.m.ctx.type_of(t) {
            Type::Void | Type::Label | Type::Metadata | Type::Token | Type::X86Amx | Type::Function { .. } => {
                Err(invalid("Cannot load/store from pointer"))
            }
            _ => Ok(()),
        }
    }

    /// `Type::isSized`.
    fn is_sized(&self, t: TypeId) -> bool {
        llrs_ir::datalayout::DataLayout::default().is_sized(&self.m.ctx, t)
    }

    fn vector_shape(&self, t: TypeId) -> Option<(bool, u32, TypeId)> {
        match self.m.ctx.type_of(t) {
            Type::Vector { scalable, len, elem } => Some((*scalable, *len, *elem)),
            _ => None,
        }
    }

    /// A type of the shape of `t` (a vector or a scalar) with element `elem`.
    fn same_shape(&mut self, t: TypeId, elem: TypeId) -> TypeId {
        match self.vector_shape(t) {
            Some((scalable, len, _)) => self.m.ctx.ty(Type::Vector { scalable, len, elem }),
            None => elem,
        }
    }

    /// One record of the body.
    pub(crate) fn record(&mut self, code: u32, r: &[u64]) -> Result<(), Error> {
        let n = r.len();
        match code {
            FUNC_CODE_DECLAREBLOCKS => {
                let Some(&nb) = r.first().filter(|&&v| v != 0) else {
                    return Err(invalid("Invalid record"));
                };
                if !self.blocks.is_empty() {
                    return Err(invalid("Invalid record"));
                }
                // Each block ends in a terminator record of at least a few bits: more blocks than
                // the stream has room for are not made.
                if nb > self.t.stream_bits / 4 {
                    return Err(invalid("Invalid record"));
                }
                for _ in 0..nb {
                    let b = self.body.create_block(None);
                    self.body.append_block(b);
                    self.blocks.push(b);
                }
                self.cur = 0;
                Ok(())
            }
            FUNC_CODE_BLOCKADDR_USERS => {
                if r.is_empty() {
                    return Err(invalid("Invalid record"));
                }
                Ok(())
            }
            FUNC_CODE_DEBUG_LOC_AGAIN => {
                let (Some(x), Some(loc)) = (self.last, self.last_loc) else {
                    return Err(invalid("Invalid record"));
                };
                self.set_dbg(x, loc);
                Ok(())
            }
            FUNC_CODE_DEBUG_LOC => {
                let e = "Invalid record";
                let Some(x) = self.last.filter(|_| n >= 4) else { return Err(invalid(e)) };
                let scope = match r[2] {
                    0 => Md::Null,
                    s => Md::Node(self.md.node(s - 1).ok_or_else(|| invalid(e))?),
                };
                let ia = match r[3] {
                    0 => Md::Null,
                    s => Md::Node(self.md.node(s - 1).ok_or_else(|| invalid(e))?),
                };
                if scope == Md::Null {
                    return Err(invalid(e));
                }
                let loc = crate::metadata::Loc {
                    line: r[0],
                    col: r[1],
                    scope,
                    inlined_at: ia,
                    implicit: n >= 5 && r[4] != 0,
                    atom: (n == 7).then(|| (r[5], r[6])),
                };
                let loc = self.md.debug_location(self.m, loc);
                self.last_loc = Some(loc);
                self.set_dbg(x, loc);
                Ok(())
            }
            FUNC_CODE_DEBUG_RECORD_LABEL
            | FUNC_CODE_DEBUG_RECORD_VALUE_SIMPLE
            | FUNC_CODE_DEBUG_RECORD_VALUE
            | FUNC_CODE_DEBUG_RECORD_DECLARE
            | FUNC_CODE_DEBUG_RECORD_DECLARE_VALUE
            | FUNC_CODE_DEBUG_RECORD_ASSIGN => {
                let Some(x) = self.last else { return Err(invalid("Invalid dbg record: missing instruction")) };
                let rec = self.debug_record(code, r)?;
                self.body.insts[x].dbg_records.push(rec);
                Ok(())
            }
            FUNC_CODE_OPERAND_BUNDLE => {
                let Some(tag) = r.first().and_then(|&t| self.t.bundle_tags.get(t as usize)).copied() else {
                    return Err(invalid("Invalid operand bundle record"));
                };
                let mut inputs = Vec::new();
                let mut p = 1;
                while p != n {
                    if r[p] == 0x8000_0000 {
                        return Err(invalid("Invalid operand bundle record"));
                    }
                    let Some((v, _)) = self.value_type_pair(r, &mut p) else {
                        return Err(invalid("Invalid operand bundle record"));
                    };
                    inputs.push(v);
                }
                self.bundles.push(Bundle { tag, inputs });
                Ok(())
            }
            _ => {
                let data = self.instruction(code, r)?;
                self.place(data)?;
                Ok(())
            }
        }
    }

    /// Sets the `!dbg` attachment of an instruction.
    fn set_dbg(&mut self, x: llrs_ir::InstId, loc: llrs_ir::MdId) {
        let dbg = self.m.ctx.dbg_kind();
        let md = &mut self.body.insts[x].md;
        md.retain(|(k, _)| *k != dbg);
        md.push((dbg, loc));
    }

    /// `getFnMetadataByID`.
    fn fn_md(&mut self, id: Option<&u64>) -> Result<Md, Error> {
        id.and_then(|&i| self.md.get_or_fwd(self.m, i)).ok_or_else(|| invalid("Invalid record"))
    }

    /// A debug record (`#dbg_value`, `#dbg_declare`, `#dbg_assign`, `#dbg_label`, ...).
    fn debug_record(&mut self, code: u32, r: &[u64]) -> Result<DbgRecord, Error> {
        if code == FUNC_CODE_DEBUG_RECORD_LABEL {
            let dbg = self.fn_md(r.first())?;
            let label = self.fn_md(r.get(1))?;
            return Ok(DbgRecord {
                kind: DbgKind::Label,
                loc: Md::Null,
                var: label,
                expr: Md::Null,
                assign: None,
                dbg,
            });
        }
        let dbg = self.fn_md(r.first())?;
        let var = self.fn_md(r.get(1))?;
        let expr = self.fn_md(r.get(2))?;
        let mut p = 3;
        let loc = if code == FUNC_CODE_DEBUG_RECORD_VALUE_SIMPLE {
            let (v, _) = self.value_type_pair(r, &mut p).ok_or_else(|| invalid("Invalid dbg record: invalid value"))?;
            match v {
                Value::Const(c) => Md::Const(c),
                Value::Arg(a) => Md::Local(Local::Arg(a)),
                Value::Inst(i) => Md::Local(Local::Inst(i)),
                _ => return Err(invalid("Invalid dbg record: invalid value")),
            }
        } else {
            p += 1;
            self.fn_md(r.get(3))?
        };
        let kind = match code {
            FUNC_CODE_DEBUG_RECORD_DECLARE => DbgKind::Declare,
            FUNC_CODE_DEBUG_RECORD_DECLARE_VALUE => DbgKind::DeclareValue,
            FUNC_CODE_DEBUG_RECORD_ASSIGN => DbgKind::Assign,
            _ => DbgKind::Value,
        };
        let assign = if kind == DbgKind::Assign {
            let id = self.fn_md(r.get(p))?;
            let aexpr = self.fn_md(r.get(p + 1))?;
            let addr = self.fn_md(r.get(p + 2))?;
            Some((id, addr, aexpr))
        } else {
            None
        };
        Ok(DbgRecord { kind, loc, var, expr, assign, dbg })
    }

    /// The instruction of one record.
    fn instruction(&mut self, code: u32, r: &[u64]) -> Result<InstData, Error> {
        let n = r.len();
        let void = self.m.ctx.void_ty();
        Ok(match code {
            FUNC_CODE_INST_UNOP => {
                let e = "Invalid record";
                let mut p = 0;
                let (v, ty) = self.value_type_pair(r, &mut p).ok_or_else(|| invalid(e))?;
                let Some(&opc) = r.get(p) else { return Err(invalid(e)) };
                p += 1;
                let op = unary_opcode(self.m, opc, ty).ok_or_else(|| invalid(e))?;
                let mut d = InstData::new(op, ty, [v]);
                if let Some(&f) = r.get(p) {
                    d.fmf = fmf(f);
                }
                d
            }
            FUNC_CODE_INST_BINOP => {
                let e = "Invalid record";
                let mut p = 0;
                let (a, ty) = self.value_type_pair(r, &mut p).ok_or_else(|| invalid(e))?;
                let b = self.pop_value(r, &mut p, ty).ok_or_else(|| invalid(e))?;
                let Some(&opc) = r.get(p) else { return Err(invalid(e)) };
                p += 1;
                let op = binary_opcode(self.m, opc, ty).ok_or_else(|| invalid(e))?;
                let mut d = InstData::new(op, ty, [a, b]);
                if let Some(&f) = r.get(p) {
                    use Opcode::*;
                    match op {
                        Add | Sub | Mul | Shl => d.flags = overflow_flags(f),
                        SDiv | UDiv | LShr | AShr if f & 1 != 0 => d.flags = flags::EXACT,
                        Or if f & 1 != 0 => d.flags = flags::DISJOINT,
                        _ if self.fp_math(op, ty) => d.fmf = fmf(f),
                        _ => {}
                    }
                }
                d
            }
            FUNC_CODE_INST_CAST => {
                let e = "Invalid record";
                let mut p = 0;
                let (v, src) = self.value_type_pair(r, &mut p).ok_or_else(|| invalid(e))?;
                if p + 2 > n {
                    return Err(invalid(e));
                }
                let dst = self.types.get(&mut self.m.ctx, r[p]);
                let op = cast_opcode(r[p + 1]);
                p += 2;
                let (Some(dst), Some(op)) = (dst, op) else { return Err(invalid(e)) };
                if !llrs_ir::fold::cast_is_valid(&self.m.ctx, op, src, dst) {
                    return Err(invalid("Invalid cast"));
                }
                let mut d = InstData::new(op, dst, [v]);
                if let Some(&f) = r.get(p) {
                    match op {
                        Opcode::ZExt | Opcode::UIToFP if f & 1 != 0 => d.flags = flags::NNEG,
                        Opcode::Trunc => d.flags = overflow_flags(f),
                        Opcode::FPTrunc | Opcode::FPExt => d.fmf = fmf(f),
                        _ => {}
                    }
                }
                d
            }
            FUNC_CODE_INST_GEP | FUNC_CODE_INST_GEP_OLD | FUNC_CODE_INST_INBOUNDS_GEP_OLD => {
                let e = "Invalid record";
                let mut p = 0;
                let (fl, src) = if code == FUNC_CODE_INST_GEP {
                    if n < 2 {
                        return Err(invalid(e));
                    }
                    p = 2;
                    (gep_flags(r[0]), self.types.get(&mut self.m.ctx, r[1]))
                } else {
                    (if code == FUNC_CODE_INST_INBOUNDS_GEP_OLD { flags::INBOUNDS } else { 0 }, None)
                };
                let (base, bty) = self.value_type_pair(r, &mut p).ok_or_else(|| invalid(e))?;
                let Some(src) = src else { return Err(invalid("Missing element type for old-style GEP")) };
                let mut ops: SmallVec<[Value; 3]> = SmallVec::new();
                ops.push(base);
                let mut vec_ty = self.vector_shape(bty).map(|_| bty);
                while p != n {
                    let (v, t) = self.value_type_pair(r, &mut p).ok_or_else(|| invalid(e))?;
                    if vec_ty.is_none() && self.vector_shape(t).is_some() {
                        vec_ty = Some(t);
                    }
                    ops.push(v);
                }
                let ptr = match self.vector_shape(bty) {
                    Some((_, _, el)) => el,
                    None => bty,
                };
                let ty = match vec_ty {
                    Some(vt) => self.same_shape(vt, ptr),
                    None => ptr,
                };
                let mut d = InstData::new(Opcode::GetElementPtr, ty, ops);
                d.flags = fl;
                d.extra = InstExtra::Gep(src);
                d
            }
            FUNC_CODE_INST_EXTRACTVAL | FUNC_CODE_INST_INSERTVAL => {
                let ins = code == FUNC_CODE_INST_INSERTVAL;
                let name = if ins { "INSERTVAL" } else { "EXTRACTVAL" };
                let e = "Invalid record";
                let mut p = 0;
                let (agg, aty) = self.value_type_pair(r, &mut p).ok_or_else(|| invalid(e))?;
                let mut ops: SmallVec<[Value; 3]> = SmallVec::from_slice(&[agg]);
                let mut vty = None;
                if ins {
                    let (v, t) = self.value_type_pair(r, &mut p).ok_or_else(|| invalid(e))?;
                    ops.push(v);
                    vty = Some(t);
                }
                if p == n {
                    return Err(Error::new(format!("{name}: Invalid instruction with 0 indices")));
                }
                let mut idx: Vec<u32> = Vec::new();
                let mut cur = aty;
                for &i in &r[p..] {
                    let elems = match self.m.ctx.type_of(cur) {
                        Type::Struct { elems, .. } => Some(elems.to_vec()),
                        Type::Named(s) => {
                            Some(self.m.ctx.structs[*s].body.as_ref().map(|b| b.elems.to_vec()).unwrap_or_default())
                        }
                        Type::Array(..) => None,
                        _ => return Err(Error::new(format!("{name}: Invalid type"))),
                    };
                    if i > u64::from(u32::MAX) {
                        return Err(invalid("Invalid value"));
                    }
                    match elems {
                        Some(el) => {
                            let Some(&t) = el.get(i as usize) else {
                                return Err(Error::new(format!("{name}: Invalid struct index")));
                            };
                            cur = t;
                        }
                        None => {
                            let Type::Array(len, el) = *self.m.ctx.type_of(cur) else {
                                return Err(invalid("Invalid record"));
                            };
                            if i >= len {
                                return Err(Error::new(format!("{name}: Invalid array index")));
                            }
                            cur = el;
                        }
                    }
                    idx.push(i as u32);
                }
                if ins && vty != Some(cur) {
                    return Err(invalid("Inserted value type doesn't match aggregate type"));
                }
                let mut d = InstData::new(
                    if ins { Opcode::InsertValue } else { Opcode::ExtractValue },
                    if ins { aty } else { cur },
                    ops,
                );
                d.extra = InstExtra::Indices(IndexList::from_slice(&idx));
                d
            }
            FUNC_CODE_INST_SELECT => {
                let e = "Invalid record";
                let mut p = 0;
                let (t, ty) = self.value_type_pair(r, &mut p).ok_or_else(|| invalid(e))?;
                let f = self.pop_value(r, &mut p, ty).ok_or_else(|| invalid(e))?;
                let i1 = self.m.ctx.int_ty(1);
                let c = self.pop_value(r, &mut p, i1).ok_or_else(|| invalid(e))?;
                InstData::new(Opcode::Select, ty, [c, t, f])
            }
            FUNC_CODE_INST_VSELECT => {
                let e = "Invalid record";
                let mut p = 0;
                let (t, ty) = self.value_type_pair(r, &mut p).ok_or_else(|| invalid(e))?;
                let f = self.pop_value(r, &mut p, ty).ok_or_else(|| invalid(e))?;
                let (c, cty) = self.value_type_pair(r, &mut p).ok_or_else(|| invalid(e))?;
                let i1 = self.m.ctx.int_ty(1);
                let ok = match self.vector_shape(cty) {
                    Some((_, _, el)) => el == i1,
                    None => cty == i1,
                };
                if !ok {
                    return Err(invalid("Invalid type for value"));
                }
                let mut d = InstData::new(Opcode::Select, ty, [c, t, f]);
                if let Some(&fl) = r.get(p) {
                    if self.fp_math(Opcode::Select, ty) {
                        d.fmf = fmf(fl);
                    }
                }
                d
            }
            FUNC_CODE_INST_EXTRACTELT => {
                let e = "Invalid record";
                let mut p = 0;
                let (v, vt) = self.value_type_pair(r, &mut p).ok_or_else(|| invalid(e))?;
                let (i, _) = self.value_type_pair(r, &mut p).ok_or_else(|| invalid(e))?;
                let Some((_, _, el)) = self.vector_shape(vt) else { return Err(invalid("Invalid type for value")) };
                InstData::new(Opcode::ExtractElement, el, [v, i])
            }
            FUNC_CODE_INST_INSERTELT => {
                let mut p = 0;
                let (v, vt) = self.value_type_pair(r, &mut p).ok_or_else(|| invalid("Invalid record"))?;
                let Some((_, _, el)) = self.vector_shape(vt) else { return Err(invalid("Invalid type for value")) };
                let e = "Invalid record";
                let x = self.pop_value(r, &mut p, el).ok_or_else(|| invalid(e))?;
                let (i, _) = self.value_type_pair(r, &mut p).ok_or_else(|| invalid(e))?;
                InstData::new(Opcode::InsertElement, vt, [v, x, i])
            }
            FUNC_CODE_INST_SHUFFLEVEC => {
                let e = "Invalid record";
                let mut p = 0;
                let (a, at) = self.value_type_pair(r, &mut p).ok_or_else(|| invalid(e))?;
                let b = self.pop_value(r, &mut p, at).ok_or_else(|| invalid(e))?;
                let (mask, mt) = self.value_type_pair(r, &mut p).ok_or_else(|| invalid(e))?;
                let (Some((_, _, el)), Some((sc, len, _))) = (self.vector_shape(at), self.vector_shape(mt)) else {
                    return Err(invalid("Invalid type for value"));
                };
                let Value::Const(mc) = mask else { return Err(invalid(e)) };
                let ty = self.m.ctx.ty(Type::Vector { scalable: sc, len, elem: el });
                let mut d = InstData::new(Opcode::ShuffleVector, ty, [a, b]);
                d.extra = InstExtra::Shuffle(mc);
                d
            }
            FUNC_CODE_INST_CMP | FUNC_CODE_INST_CMP2 => {
                let e = "Invalid record";
                let mut p = 0;
                let (a, ty) = self.value_type_pair(r, &mut p).ok_or_else(|| invalid(e))?;
                let b = self.pop_value(r, &mut p, ty).ok_or_else(|| invalid(e))?;
                let Some(&pv) = r.get(p) else {
                    return Err(invalid("Invalid record: operand number exceeded available operands"));
                };
                let fp = self.m.ctx.is_fp_math_ty(ty)
                    && !matches!(self.m.ctx.type_of(ty), Type::Array(..) | Type::Struct { .. });
                let pred = predicate(pv);
                let mut fm = 0;
                let mut fl = 0;
                if fp {
                    if r.len() > p + 1 {
                        p += 1;
                        fm = fmf(r[p]);
                    }
                    if pred.is_none_or(|q| (q as u8) >= 16) {
                        return Err(invalid("Invalid fcmp predicate"));
                    }
                } else {
                    if pred.is_none_or(|q| (q as u8) < 16) {
                        return Err(invalid("Invalid icmp predicate"));
                    }
                    if r.len() > p + 1 {
                        p += 1;
                        if r[p] & 1 != 0 {
                            fl = flags::SAMESIGN;
                        }
                    }
                }
                if p + 1 != n {
                    return Err(invalid(e));
                }
                let i1 = self.m.ctx.int_ty(1);
                let rty = self.same_shape(ty, i1);
                let mut d = InstData::new(if fp { Opcode::FCmp } else { Opcode::ICmp }, rty, [a, b]);
                d.extra = InstExtra::Cmp(pred.ok_or_else(|| invalid(e))?);
                d.fmf = fm;
                d.flags = fl;
                d
            }
            FUNC_CODE_INST_RET => {
                if n == 0 {
                    return Ok(InstData::new(Opcode::Ret, void, []));
                }
                let mut p = 0;
                let (v, _) = self.value_type_pair(r, &mut p).ok_or_else(|| invalid("Invalid record"))?;
                if p != n {
                    return Err(invalid("Invalid record"));
                }
                InstData::new(Opcode::Ret, void, [v])
            }
            FUNC_CODE_INST_BR => {
                let e = "Invalid record";
                if n != 1 && n != 3 {
                    return Err(invalid(e));
                }
                let t = self.block(r[0]).ok_or_else(|| invalid(e))?;
                if n == 1 {
                    InstData::new(Opcode::Br, void, [Value::Block(t)])
                } else {
                    let f = self.block(r[1]);
                    let i1 = self.m.ctx.int_ty(1);
                    let c = self.get_value(r, 2, i1);
                    let (Some(f), Some(c)) = (f, c) else { return Err(invalid(e)) };
                    InstData::new(Opcode::Br, void, [c, Value::Block(t), Value::Block(f)])
                }
            }
            FUNC_CODE_INST_SWITCH => {
                let e = "Invalid record";
                if n < 3 || n.is_multiple_of(2) || (r[0] >> 16) == 0x4B5 {
                    return Err(invalid(e));
                }
                let ty = self.types.get(&mut self.m.ctx, r[0]);
                let cond = match ty {
                    Some(t) => self.get_value(r, 1, t),
                    None => None,
                };
                let def = self.block(r[2]);
                let (Some(ty), Some(cond), Some(def)) = (ty, cond, def) else { return Err(invalid(e)) };
                let mut ops: SmallVec<[Value; 3]> = SmallVec::from_slice(&[cond, Value::Block(def)]);
                for pair in r[3..].chunks(2) {
                    let v = self.values.get_fwd(self.m, u64::from(pair[0] as u32), Some(ty), false);
                    let ok = matches!(v, Some(Value::Const(c)) if matches!(self.m.ctx.const_of(c), Const::Int(..)));
                    let b = self.block(pair[1]);
                    let (true, Some(v), Some(b)) = (ok, v, b) else { return Err(invalid(e)) };
                    ops.push(v);
                    ops.push(Value::Block(b));
                }
                InstData::new(Opcode::Switch, void, ops)
            }
            FUNC_CODE_INST_INDIRECTBR => {
                let e = "Invalid record";
                if n < 2 {
                    return Err(invalid(e));
                }
                let ty = self.types.get(&mut self.m.ctx, r[0]).ok_or_else(|| invalid(e))?;
                let a = self.get_value(r, 1, ty).ok_or_else(|| invalid(e))?;
                let mut ops: SmallVec<[Value; 3]> = SmallVec::from_slice(&[a]);
                for &b in &r[2..] {
                    ops.push(Value::Block(self.block(b).ok_or_else(|| invalid(e))?));
                }
                InstData::new(Opcode::IndirectBr, void, ops)
            }
            FUNC_CODE_INST_INVOKE => self.call_like(Opcode::Invoke, r)?,
            FUNC_CODE_INST_CALLBR => self.call_like(Opcode::CallBr, r)?,
            FUNC_CODE_INST_CALL => self.call_like(Opcode::Call, r)?,
            FUNC_CODE_INST_RESUME => {
                let mut p = 0;
                let (v, _) = self.value_type_pair(r, &mut p).ok_or_else(|| invalid("Invalid record"))?;
                InstData::new(Opcode::Resume, void, [v])
            }
            FUNC_CODE_INST_UNREACHABLE => InstData::new(Opcode::Unreachable, void, []),
            FUNC_CODE_INST_PHI => {
                let e = "Invalid phi record";
                let ty = r.first().and_then(|&t| self.types.get(&mut self.m.ctx, t)).ok_or_else(|| invalid(e))?;
                let nargs = (n - 1) / 2;
                let fp = self.fp_math(Opcode::Phi, ty);
                if (n - 1) % 2 == 1 && !fp {
                    return Err(invalid(e));
                }
                let mut vals: SmallVec<[Value; 3]> = SmallVec::new();
                let mut blocks: thin_vec::ThinVec<llrs_ir::BlockId> = thin_vec::ThinVec::new();
                let here = self.blocks.get(self.cur).copied();
                // Where each predecessor was first met (`Args`), in a map for a long phi.
                let mut seen_at: Option<rustc_hash::FxHashMap<llrs_ir::BlockId, usize>> =
                    (nargs > 16).then(Default::default);
                for i in 0..nargs {
                    let Some(b) = self.block(r[i * 2 + 2]) else { return Err(invalid("Invalid phi BB")) };
                    // Constant expressions that need instructions go to a block of their own
                    // on the edge (`phi.constexpr`): the one this edge has, else the temporary.
                    let edge = here.and_then(|h| self.edge_index.get(&(b, h)).copied());
                    let seen = match &seen_at {
                        Some(map) => map.get(&b).copied(),
                        None => blocks.iter().position(|&x| x == b),
                    };
                    if let Some(map) = &mut seen_at {
                        map.entry(b).or_insert(blocks.len());
                    }
                    if let Some(k) = seen {
                        if edge.is_none() {
                            let v = vals[k];
                            vals.push(v);
                            blocks.push(b);
                        }
                        continue;
                    }
                    self.into = match edge {
                        Some(eb) => super::Into::Block(eb),
                        None => {
                            self.reserve_temp_block();
                            super::Into::Temp
                        }
                    };
                    let v = if self.t.relative {
                        self.get_value_signed(r, i * 2 + 1, ty)
                    } else {
                        self.get_value(r, i * 2 + 1, ty)
                    };
                    self.into = super::Into::Cur;
                    let v = v.ok_or_else(|| invalid(e))?;
                    if let (None, Some(h), Some((_, Some(tb)))) = (edge, here, self.phi_temp) {
                        self.edge_blocks.push(((b, h), tb));
                        self.edge_index.insert((b, h), tb);
                        self.phi_temp = None;
                    }
                    vals.push(v);
                    blocks.push(b);
                }
                let mut d = InstData::new(Opcode::Phi, ty, vals);
                d.extra = InstExtra::Phi(blocks);
                if n.is_multiple_of(2) {
                    d.fmf = fmf(r[n - 1]);
                }
                d
            }
            FUNC_CODE_INST_LANDINGPAD | FUNC_CODE_INST_LANDINGPAD_OLD => {
                let e = "Invalid record";
                let old = code == FUNC_CODE_INST_LANDINGPAD_OLD;
                if n < if old { 4 } else { 3 } {
                    return Err(invalid(e));
                }
                let ty = self.types.get(&mut self.m.ctx, r[0]).ok_or_else(|| invalid(e))?;
                let mut p = 1;
                if old {
                    let (pers, _) = self.value_type_pair(r, &mut p).ok_or_else(|| invalid(e))?;
                    let Value::Const(pc) = pers else { return Err(invalid(e)) };
                    let f = self.m.func_mut(self.g);
                    match f.personality {
                        None => f.personality = Some(pc),
                        Some(x) if x != pc => return Err(invalid("Personality function mismatch")),
                        Some(_) => {}
                    }
                }
                let (Some(&cleanup), Some(&nc)) = (r.get(p), r.get(p + 1)) else { return Err(invalid(e)) };
                p += 2;
                let mut clauses = thin_vec::ThinVec::new();
                for _ in 0..nc {
                    let Some(&ct) = r.get(p) else { return Err(invalid(e)) };
                    p += 1;
                    let (v, _) = self.value_type_pair(r, &mut p).ok_or_else(|| invalid(e))?;
                    clauses.push(if ct == 0 { Clause::Catch(v) } else { Clause::Filter(v) });
                }
                let mut d = InstData::new(Opcode::LandingPad, ty, []);
                if cleanup != 0 {
                    d.flags = flags::CLEANUP;
                }
                d.extra = InstExtra::LandingPad(clauses);
                d
            }
            FUNC_CODE_INST_ALLOCA => {
                let e = "Invalid record";
                if n != 4 && n != 5 {
                    return Err(invalid(e));
                }
                let packed = r[3];
                let inalloca = packed & (1 << 5) != 0;
                let explicit = packed & (1 << 6) != 0;
                let swifterror = packed & (1 << 7) != 0;
                let ty = self.types.get(&mut self.m.ctx, r[0]);
                if !explicit {
                    return Err(invalid("Missing element type for old-style alloca"));
                }
                let opty = self.types.get(&mut self.m.ctx, r[1]);
                let size = match opty {
                    Some(t) => self.values.get_fwd(self.m, r[2], Some(t), true),
                    None => None,
                };
                let al = align((packed & 0x1f) | (((packed >> 8) & 0x7) << 5))?;
                let (Some(ty), Some(size)) = (ty, size) else { return Err(invalid(e)) };
                let aspace = if n == 5 { r[4] as u32 } else { self.t.alloca_addrspace };
                let st = self.value_ty(size);
                if !matches!(self.m.ctx.type_of(st), Type::Int(_)) {
                    return Err(invalid("alloca element count must have integer type"));
                }
                let pty = self.m.ctx.ptr_ty(aspace);
                let mut d = InstData::new(Opcode::Alloca, pty, [size]);
                if inalloca {
                    d.flags |= flags::INALLOCA;
                }
                if swifterror {
                    d.flags |= flags::SWIFTERROR;
                }
                d.extra = InstExtra::Alloca { ty, align: al, addrspace: aspace };
                d
            }
            FUNC_CODE_INST_LOAD | FUNC_CODE_INST_LOADATOMIC => {
                let atomic = code == FUNC_CODE_INST_LOADATOMIC;
                let e = "Invalid record";
                let mut p = 0;
                let (ptr, pt) = self.value_type_pair(r, &mut p).ok_or_else(|| invalid(e))?;
                let ok = if atomic { (4..=6).contains(&(n - p.min(n))) } else { n == p + 2 || n == p + 3 };
                if !ok {
                    return Err(invalid(e));
                }
                if !self.is_ptr(pt) {
                    return Err(invalid("Load operand is not a pointer type"));
                }
                let explicit = if atomic { n >= p + 5 } else { n == p + 3 };
                if !explicit {
                    return Err(invalid(if atomic { "Missing atomic load type" } else { "Missing load type" }));
                }
                let ty = self
                    .types
                    .get(&mut self.m.ctx, r[p])
                    .ok_or_else(|| invalid(if atomic { "Missing atomic load type" } else { "Missing load type" }))?;
                p += 1;
                self.check_load_store(ty)?;
                let mut at = Atomic::default();
                if atomic {
                    let o = ordering(r[p + 2]);
                    if matches!(o, Ordering::NotAtomic | Ordering::Release | Ordering::AcqRel) || r[p] == 0 {
                        return Err(invalid(e));
                    }
                    at.ordering = o;
                    at.scope = self.scope(r[p + 3]);
                }
                let al = align(r[p])?;
                if atomic && al == 0 {
                    return Err(invalid("Alignment missing from atomic load"));
                }
                if al == 0 && !self.is_sized(ty) {
                    return Err(invalid("load of unsized type"));
                }
                let mut d = InstData::new(Opcode::Load, ty, [ptr]);
                if r[p + 1] != 0 {
                    d.flags = flags::VOLATILE;
                }
                d.extra = InstExtra::Mem { align: al, atomic: at, rmw: 0 };
                d
            }
            FUNC_CODE_INST_STORE | FUNC_CODE_INST_STOREATOMIC => {
                let atomic = code == FUNC_CODE_INST_STOREATOMIC;
                let e = "Invalid record";
                let mut p = 0;
                let (ptr, pt) = self.value_type_pair(r, &mut p).ok_or_else(|| invalid(e))?;
                if atomic && !self.is_ptr(pt) {
                    return Err(invalid(e));
                }
                let (val, vt) = self.value_type_pair(r, &mut p).ok_or_else(|| invalid(e))?;
                if n != p + if atomic { 4 } else { 2 } {
                    return Err(invalid(e));
                }
                if !self.is_ptr(pt) {
                    return Err(invalid("Load/Store operand is not a pointer type"));
                }
                self.check_load_store(vt)?;
                let mut at = Atomic::default();
                if atomic {
                    let o = ordering(r[p + 2]);
                    if matches!(o, Ordering::NotAtomic | Ordering::Acquire | Ordering::AcqRel) {
                        return Err(invalid(e));
                    }
                    at.ordering = o;
                    at.scope = self.scope(r[p + 3]);
                    if r[p] == 0 {
                        return Err(invalid(e));
                    }
                }
                let al = align(r[p])?;
                if atomic && al == 0 {
                    return Err(invalid("Alignment missing from atomic store"));
                }
                if al == 0 && !self.is_sized(vt) {
                    return Err(invalid("store of unsized type"));
                }
                let mut d = InstData::new(Opcode::Store, void, [val, ptr]);
                if r[p + 1] != 0 {
                    d.flags = flags::VOLATILE;
                }
                d.extra = InstExtra::Mem { align: al, atomic: at, rmw: 0 };
                d
            }
            FUNC_CODE_INST_CMPXCHG => {
                let e = "Invalid record";
                let mut p = 0;
                let (ptr, pt) = self.value_type_pair(r, &mut p).ok_or_else(|| invalid(e))?;
                if !self.is_ptr(pt) {
                    return Err(invalid("Cmpxchg operand is not a pointer type"));
                }
                let (cmp, ct) = self.value_type_pair(r, &mut p).ok_or_else(|| invalid(e))?;
                let new = self.pop_value(r, &mut p, ct).ok_or_else(|| invalid(e))?;
                if n < p + 3 || n > p + 6 {
                    return Err(invalid(e));
                }
                let vol = r[p] != 0;
                let succ = ordering(r[p + 1]);
                if matches!(succ, Ordering::NotAtomic | Ordering::Unordered) {
                    return Err(invalid("Invalid cmpxchg success ordering"));
                }
                let scope = self.scope(r[p + 2]);
                let Some(&fo) = r.get(p + 3) else { return Err(invalid(e)) };
                let fail = ordering(fo);
                if matches!(fail, Ordering::NotAtomic | Ordering::Unordered | Ordering::Release | Ordering::AcqRel) {
                    return Err(invalid("Invalid cmpxchg failure ordering"));
                }
                let Some(&weak) = r.get(p + 4) else { return Err(invalid(e)) };
                let al = if n == p + 6 { align(r[p + 5])? } else { 0 };
                let i1 = self.m.ctx.int_ty(1);
                let ty = self.m.ctx.ty(Type::Struct { packed: false, elems: SmallVec::from_slice(&[ct, i1]) });
                let mut d = InstData::new(Opcode::CmpXchg, ty, [ptr, cmp, new]);
                if vol {
                    d.flags |= flags::VOLATILE;
                }
                if weak != 0 {
                    d.flags |= flags::WEAK;
                }
                d.extra = InstExtra::Mem { align: al, atomic: Atomic { ordering: succ, failure: fail, scope }, rmw: 0 };
                d
            }
            FUNC_CODE_INST_ATOMICRMW => {
                let e = "Invalid record";
                let mut p = 0;
                let (ptr, pt) = self.value_type_pair(r, &mut p).ok_or_else(|| invalid(e))?;
                if !self.is_ptr(pt) {
                    return Err(invalid(e));
                }
                let (val, vt) = self.value_type_pair(r, &mut p).ok_or_else(|| invalid(e))?;
                if n != p + 4 && n != p + 5 {
                    return Err(invalid(e));
                }
                let op = rmw_op(r[p]).ok_or_else(|| invalid(e))?;
                let vol = r[p + 1] != 0;
                let o = ordering(r[p + 2]);
                if matches!(o, Ordering::NotAtomic | Ordering::Unordered) {
                    return Err(invalid(e));
                }
                let scope = self.scope(r[p + 3]);
                let al = if n == p + 5 { align(r[p + 4])? } else { 0 };
                let mut d = InstData::new(Opcode::AtomicRmw, vt, [ptr, val]);
                if vol {
                    d.flags |= flags::VOLATILE;
                }
                d.extra = InstExtra::Mem {
                    align: al,
                    atomic: Atomic { ordering: o, failure: Ordering::NotAtomic, scope },
                    rmw: op,
                };
                d
            }
            FUNC_CODE_INST_FENCE => {
                if n != 2 {
                    return Err(invalid("Invalid record"));
                }
                let o = ordering(r[0]);
                if matches!(o, Ordering::NotAtomic | Ordering::Unordered | Ordering::Monotonic) {
                    return Err(invalid("Invalid record"));
                }
                let scope = self.scope(r[1]);
                let mut d = InstData::new(Opcode::Fence, void, []);
                d.extra = InstExtra::Mem {
                    align: 0,
                    atomic: Atomic { ordering: o, failure: Ordering::NotAtomic, scope },
                    rmw: 0,
                };
                d
            }
            FUNC_CODE_INST_VAARG => {
                let e = "Invalid record";
                if n < 3 {
                    return Err(invalid(e));
                }
                let ot = self.types.get(&mut self.m.ctx, r[0]);
                let v = match ot {
                    Some(t) => self.get_value(r, 1, t),
                    None => None,
                };
                let rt = self.types.get(&mut self.m.ctx, r[2]);
                let (Some(v), Some(rt)) = (v, rt) else { return Err(invalid(e)) };
                InstData::new(Opcode::VAArg, rt, [v])
            }
            FUNC_CODE_INST_FREEZE => {
                let e = "Invalid record";
                let mut p = 0;
                let (v, t) = self.value_type_pair(r, &mut p).ok_or_else(|| invalid(e))?;
                if p != n {
                    return Err(invalid(e));
                }
                InstData::new(Opcode::Freeze, t, [v])
            }
            FUNC_CODE_INST_CLEANUPRET => {
                let e = "Invalid record";
                if n != 1 && n != 2 {
                    return Err(invalid(e));
                }
                let tok = self.m.ctx.ty(Type::Token);
                let pad = self.get_value(r, 0, tok).ok_or_else(|| invalid(e))?;
                let mut ops: SmallVec<[Value; 3]> = SmallVec::from_slice(&[pad]);
                if n == 2 {
                    ops.push(Value::Block(self.block(r[1]).ok_or_else(|| invalid(e))?));
                }
                InstData::new(Opcode::CleanupRet, void, ops)
            }
            FUNC_CODE_INST_CATCHRET => {
                let e = "Invalid record";
                if n != 2 {
                    return Err(invalid(e));
                }
                let tok = self.m.ctx.ty(Type::Token);
                let pad = self.get_value(r, 0, tok).ok_or_else(|| invalid(e))?;
                let b = self.block(r[1]).ok_or_else(|| invalid(e))?;
                InstData::new(Opcode::CatchRet, void, [pad, Value::Block(b)])
            }
            FUNC_CODE_INST_CATCHSWITCH => {
                let e = "Invalid record";
                if n < 2 {
                    return Err(invalid(e));
                }
                let tok = self.m.ctx.ty(Type::Token);
                let parent = self.get_value(r, 0, tok).ok_or_else(|| invalid(e))?;
                let nh = r[1];
                let mut p = 2usize;
                let mut ops: SmallVec<[Value; 3]> = SmallVec::from_slice(&[parent]);
                for _ in 0..nh {
                    let b = r.get(p).and_then(|&b| self.block(b)).ok_or_else(|| invalid(e))?;
                    ops.push(Value::Block(b));
                    p += 1;
                }
                if p + 1 == n {
                    ops.push(Value::Block(self.block(r[p]).ok_or_else(|| invalid(e))?));
                    p += 1;
                }
                if p != n {
                    return Err(invalid(e));
                }
                let mut d = InstData::new(Opcode::CatchSwitch, tok, ops);
                d.extra = InstExtra::CatchSwitch(nh as u32);
                d
            }
            FUNC_CODE_INST_CATCHPAD | FUNC_CODE_INST_CLEANUPPAD => {
                let e = "Invalid record";
                if n < 2 {
                    return Err(invalid(e));
                }
                let tok = self.m.ctx.ty(Type::Token);
                let parent = self.get_value(r, 0, tok).ok_or_else(|| invalid(e))?;
                let na = r[1];
                let mut p = 2usize;
                let mut ops: SmallVec<[Value; 3]> = SmallVec::from_slice(&[parent]);
                for _ in 0..na {
                    let (v, _) = self.value_type_pair(r, &mut p).ok_or_else(|| invalid(e))?;
                    ops.push(v);
                }
                if p != n {
                    return Err(invalid(e));
                }
                let op = if code == FUNC_CODE_INST_CATCHPAD { Opcode::CatchPad } else { Opcode::CleanupPad };
                InstData::new(op, tok, ops)
            }
            _ => return Err(invalid("Invalid value")),
        })
    }

    /// call, invoke and callbr.
    fn call_like(&mut self, op: Opcode, r: &[u64]) -> Result<InstData, Error> {
        let e = match op {
            Opcode::Invoke => "Invalid record",
            Opcode::CallBr => "Invalid record",
            _ => "Invalid record",
        };
        let n = r.len();
        if (op == Opcode::Invoke && n < 4) || (op == Opcode::Call && n < 3) || n < 2 {
            return Err(invalid(e));
        }
        let mut p = 0;
        let attr_index = r[p];
        let cc = r[p + 1];
        p += 2;
        let mut dests: SmallVec<[Value; 3]> = SmallVec::new();
        let mut fm = 0;
        match op {
            Opcode::Invoke => {
                let (a, b) = (self.block(r[p]), self.block(r[p + 1]));
                p += 2;
                let (Some(a), Some(b)) = (a, b) else { return Err(invalid(e)) };
                dests.push(Value::Block(a));
                dests.push(Value::Block(b));
            }
            Opcode::CallBr => {
                let d = r.get(p).and_then(|&b| self.block(b)).ok_or_else(|| invalid(e))?;
                dests.push(Value::Block(d));
                let Some(&ni) = r.get(p + 1) else { return Err(invalid(e)) };
                p += 2;
                for _ in 0..ni {
                    let b = r.get(p).and_then(|&b| self.block(b)).ok_or_else(|| invalid(e))?;
                    dests.push(Value::Block(b));
                    p += 1;
                }
            }
            _ => {
                if (cc >> CALL_FMF) & 1 != 0 {
                    let Some(&f) = r.get(p) else { return Err(invalid(e)) };
                    p += 1;
                    fm = fmf(f);
                    if fm == 0 {
                        return Err(invalid("Fast math flags indicator set for call with no FMF"));
                    }
                }
            }
        }
        let explicit_bit = if op == Opcode::Invoke { 13 } else { CALL_EXPLICIT_TYPE };
        let mut fty = None;
        if (cc >> explicit_bit) & 1 != 0 {
            let t = r.get(p).and_then(|&t| self.types.get(&mut self.m.ctx, t));
            p += 1;
            match t {
                Some(t) if matches!(self.m.ctx.type_of(t), Type::Function { .. }) => fty = Some(t),
                _ => {
                    return Err(invalid(if op == Opcode::Invoke {
                        "Explicit invoke type is not a function type"
                    } else {
                        "Explicit call type is not a function type"
                    }))
                }
            }
        }
        let (callee, cty) = self.value_type_pair(r, &mut p).ok_or_else(|| invalid(e))?;
        if !self.is_ptr(cty) {
            return Err(invalid(if op == Opcode::Invoke {
                "Callee is not a pointer"
            } else {
                "Callee is not a pointer type"
            }));
        }
        let Some(fty) = fty else { return Err(invalid("Callee is not of pointer to function type")) };
        let (params, vararg) = match self.m.ctx.type_of(fty) {
            Type::Function { params, vararg, .. } => (params.to_vec(), *vararg),
            _ => return Err(invalid(e)),
        };
        let ret = self.m.ctx.fn_ret(fty).unwrap_or_else(|| self.m.ctx.void_ty());
        if n < params.len() + p {
            return Err(invalid("Insufficient operands to call"));
        }
        let mut ops: SmallVec<[Value; 3]> = SmallVec::new();
        ops.push(callee);
        for &pt in &params {
            let v = if op != Opcode::Invoke && matches!(self.m.ctx.type_of(pt), Type::Label) {
                self.block(r[p]).map(Value::Block)
            } else {
                self.get_value(r, p, pt)
            };
            ops.push(v.ok_or_else(|| invalid(e))?);
            p += 1;
        }
        if !vararg {
            if p != n {
                return Err(invalid(e));
            }
        } else {
            while p != n {
                let (v, _) = self.value_type_pair(r, &mut p).ok_or_else(|| invalid(e))?;
                ops.push(v);
            }
        }
        let num_args = (ops.len() - 1) as u32;
        let attrs = self.t.attrs.get_for(attr_index, num_args as usize);
        ops.extend(dests);
        let (cconv, tail) = match op {
            Opcode::Invoke => ((cc & 0x3ff) as u32, TailKind::None),
            Opcode::CallBr => (((cc & 0x7ff) >> CALL_CCONV) as u32, TailKind::None),
            _ => {
                let mut t = TailKind::None;
                if cc & (1 << CALL_TAIL) != 0 {
                    t = TailKind::Tail;
                }
                if cc & (1 << CALL_MUSTTAIL) != 0 {
                    t = TailKind::MustTail;
                }
                if cc & (1 << CALL_NOTAIL) != 0 {
                    t = TailKind::NoTail;
                }
                (((cc & 0x7ff) >> CALL_CCONV) as u32, t)
            }
        };
        let bundles = std::mem::take(&mut self.bundles);
        let mut d = InstData::new(op, ret, ops);
        d.extra = InstExtra::Call(Box::new(CallData { fn_ty: fty, cconv, attrs, bundles, tail, num_args }));
        if fm != 0 {
            if !self.fp_math(Opcode::Call, ret) {
                return Err(invalid(
                    "Fast-math-flags specified for call without floating-point scalar or vector return type",
                ));
            }
            d.fmf = fm;
        }
        Ok(d)
    }
}
