//! The `CONSTANTS` block (`parseConstants`): one value per record but `SETTYPE`, appended to
//! the value list. Scalars are built at once; aggregates and expressions are kept as their
//! records ([`Deferred`]) and built when first used, as LLVM 22 does.

use llrs_ir::apint::APInt;
use llrs_ir::constants::Const;
use llrs_ir::fold;
use llrs_ir::instructions::{flags, CmpPred, Opcode};
use llrs_ir::module::InlineAsm;
use llrs_ir::types::{FloatKind, Type, TypeId};
use llrs_ir::value::Value;
use llrs_ir::Module;
use smallvec::SmallVec;

use crate::bitstream::stream_error;
use crate::bitstream::{Cursor, Entry};
use crate::codes::*;
use crate::types::TypeTable;
use crate::values::{gep_flags, overflow_flags, Deferred, DeferredOp, ValueList};
use crate::Error;

/// `decodeSignRotatedValue`.
pub fn decode_sign_rotated(v: u64) -> u64 {
    if v & 1 == 0 {
        v >> 1
    } else if v != 1 {
        (v >> 1).wrapping_neg()
    } else {
        1 << 63
    }
}

/// `getDecodedCastOpcode`.
pub fn cast_opcode(v: u64) -> Option<Opcode> {
    use Opcode::*;
    Some(match v {
        0 => Trunc,
        1 => ZExt,
        2 => SExt,
        3 => FPToUI,
        4 => FPToSI,
        5 => UIToFP,
        6 => SIToFP,
        7 => FPTrunc,
        8 => FPExt,
        9 => PtrToInt,
        10 => IntToPtr,
        11 => BitCast,
        12 => AddrSpaceCast,
        13 => PtrToAddr,
        _ => return None,
    })
}

/// Whether `t` is an integer, a float, or a vector of either, and which.
fn int_or_fp(m: &Module, t: TypeId) -> Option<bool> {
    let s = match m.ctx.type_of(t) {
        Type::Vector { elem, .. } => *elem,
        _ => t,
    };
    match m.ctx.type_of(s) {
        Type::Int(_) => Some(false),
        Type::Float(_) => Some(true),
        _ => None,
    }
}

/// `getDecodedBinaryOpcode`: decided by the type (integer or floating point).
pub fn binary_opcode(m: &Module, v: u64, t: TypeId) -> Option<Opcode> {
    use Opcode::*;
    let fp = int_or_fp(m, t)?;
    Some(match (v, fp) {
        (0, false) => Add,
        (0, true) => FAdd,
        (1, false) => Sub,
        (1, true) => FSub,
        (2, false) => Mul,
        (2, true) => FMul,
        (3, false) => UDiv,
        (4, false) => SDiv,
        (4, true) => FDiv,
        (5, false) => URem,
        (6, false) => SRem,
        (6, true) => FRem,
        (7, false) => Shl,
        (8, false) => LShr,
        (9, false) => AShr,
        (10, false) => And,
        (11, false) => Or,
        (12, false) => Xor,
        _ => return None,
    })
}

/// `getDecodedUnaryOpcode`: `fneg` for floating-point types.
pub fn unary_opcode(m: &Module, v: u64, t: TypeId) -> Option<Opcode> {
    (v == 0 && int_or_fp(m, t) == Some(true)).then_some(Opcode::FNeg)
}

/// A compare predicate by its LLVM number (0-15 fcmp, 32-41 icmp).
pub fn predicate(v: u64) -> Option<CmpPred> {
    use CmpPred::*;
    const F: [CmpPred; 16] =
        [FFalse, FOeq, FOgt, FOge, FOlt, FOle, FOne, FOrd, FUno, FUeq, FUgt, FUge, FUlt, FUle, FUne, FTrue];
    const I: [CmpPred; 10] = [Eq, Ne, Ugt, Uge, Ult, Ule, Sgt, Sge, Slt, Sle];
    match v {
        0..=15 => Some(F[v as usize]),
        32..=41 => Some(I[(v - 32) as usize]),
        _ => None,
    }
}

/// The floating-point bits of a `FLOAT` record for a type of kind `k`.
fn float_bits(k: FloatKind, r: &[u64]) -> Option<u128> {
    let w = |i: usize| r.get(i).copied();
    Some(match k {
        FloatKind::Half | FloatKind::BFloat => u128::from(w(0)? & 0xffff),
        FloatKind::Float => u128::from(w(0)? & 0xffff_ffff),
        FloatKind::Double => u128::from(w(0)?),
        FloatKind::X86Fp80 => {
            let (a, b) = (w(0)?, w(1)?);
            let low = (b & 0xffff) | (a << 16);
            (u128::from(a >> 48) << 64) | u128::from(low)
        }
        FloatKind::Fp128 | FloatKind::PpcFp128 => (u128::from(w(1).unwrap_or(0)) << 64) | u128::from(w(0)?),
    })
}

/// The scalar type of `t` (the element of a vector).
fn scalar(m: &Module, t: TypeId) -> TypeId {
    match m.ctx.type_of(t) {
        Type::Vector { elem, .. } => *elem,
        _ => t,
    }
}

/// Reads a `CONSTANTS` block (entered) into `values`.
pub fn read_constants(
    cur: &mut Cursor<'_>,
    m: &mut Module,
    types: &mut TypeTable,
    values: &mut ValueList,
) -> Result<(), Error> {
    let mut cur_ty = m.ctx.int_ty(32);
    let mut next = values.len();
    loop {
        let a = match cur.advance().map_err(stream_error)? {
            Entry::EndBlock => {
                if next != values.len() {
                    return Err(Error::new("Invalid constant reference"));
                }
                return Ok(());
            }
            Entry::SubBlock(_) => {
                cur.skip_block().map_err(stream_error)?;
                continue;
            }
            Entry::Record(a) => a,
        };
        let rec = cur.read_record_ops(a).map_err(stream_error)?;
        let r = &rec.ops[..];
        if rec.code == CST_CODE_SETTYPE {
            let Some(t) = r.first().and_then(|&t| types.get(&mut m.ctx, t)) else {
                return Err(Error::new("Invalid settype record"));
            };
            if m.ctx.is_void(t) {
                return Err(Error::new("Invalid constant type"));
            }
            cur_ty = t;
            continue;
        }
        let v = record(m, types, rec.code, r, cur_ty)?;
        if next != values.len() {
            // A forward reference grew the list: LLVM assigns into the slot.
            return Err(Error::new("Invalid constant reference"));
        }
        match v {
            Made::Const(c) => values.push(Value::Const(c), cur_ty),
            Made::Asm(v) => values.push(v, cur_ty),
            Made::Deferred(d) => values.push_deferred(d, cur_ty),
        }
        next += 1;
    }
}

/// What one record makes.
enum Made {
    Const(llrs_ir::ConstId),
    Asm(Value),
    Deferred(Deferred),
}

fn deferred(op: DeferredOp, ops: &[u64]) -> Deferred {
    Deferred {
        op,
        flags: 0,
        pred: None,
        ops: ops.iter().map(|&v| v as u32).collect(),
        block: 0,
        source_ty: None,
        inrange: None,
    }
}

/// One record of the block but `SETTYPE`, of type `ty`.
fn record(m: &mut Module, types: &mut TypeTable, code: u32, r: &[u64], ty: TypeId) -> Result<Made, Error> {
    let err = |s: &str| Err(Error::new(s));
    let n = r.len();
    Ok(match code {
        CST_CODE_NULL => {
            if matches!(m.ctx.type_of(ty), Type::Void | Type::Function { .. } | Type::Label) {
                return err("Invalid type for a constant null value");
            }
            Made::Const(fold::null_value(&mut m.ctx, ty))
        }
        CST_CODE_POISON => Made::Const(fold::poison(&mut m.ctx, ty)),
        CST_CODE_INTEGER | CST_CODE_WIDE_INTEGER => {
            let msg = if code == CST_CODE_INTEGER {
                "Invalid integer const record"
            } else {
                "Invalid wide integer const record"
            };
            let Type::Int(w) = *m.ctx.type_of(scalar(m, ty)) else { return err(msg) };
            if n == 0 {
                return err(msg);
            }
            let v = if code == CST_CODE_INTEGER {
                APInt::from_i64(w, decode_sign_rotated(r[0]) as i64)
            } else {
                let words: Vec<u64> = r.iter().take(w.div_ceil(64) as usize).map(|&x| decode_sign_rotated(x)).collect();
                APInt::from_words(w, &words)
            };
            Made::Const(fold::int_value(&mut m.ctx, ty, v))
        }
        CST_CODE_FLOAT => {
            if n == 0 {
                return err("Invalid float const record");
            }
            let s = scalar(m, ty);
            match *m.ctx.type_of(s) {
                Type::Float(k) => {
                    let Some(bits) = float_bits(k, r) else { return err("Invalid float const record") };
                    let c = m.ctx.konst(Const::Float(s, bits));
                    Made::Const(if s == ty { c } else { fold::splat(&mut m.ctx, ty, c) })
                }
                _ => Made::Const(fold::poison(&mut m.ctx, ty)),
            }
        }
        CST_CODE_AGGREGATE => {
            if n == 0 {
                return err("Invalid aggregate record");
            }
            let op = match m.ctx.type_of(ty) {
                Type::Struct { .. } | Type::Named(_) => DeferredOp::Struct,
                Type::Array(..) => DeferredOp::Array,
                Type::Vector { .. } => DeferredOp::Vector,
                _ => return Ok(Made::Const(fold::poison(&mut m.ctx, ty))),
            };
            Made::Deferred(deferred(op, r))
        }
        CST_CODE_STRING | CST_CODE_CSTRING => {
            if n == 0 {
                return err("Invalid string record");
            }
            let mut bytes: Vec<u8> = r.iter().map(|&c| c as u8).collect();
            if code == CST_CODE_CSTRING {
                bytes.push(0);
            }
            // LLVM makes the array the record gives, whatever the current type says (the value
            // list keeps the current type as the value's type id).
            let i8t = m.ctx.int_ty(8);
            let aty = m.ctx.ty(Type::Array(bytes.len() as u64, i8t));
            if bytes.iter().all(|&b| b == 0) {
                Made::Const(m.ctx.konst(Const::Zero(aty)))
            } else {
                Made::Const(m.ctx.konst(Const::Bytes(aty, bytes.into_boxed_slice())))
            }
        }
        CST_CODE_DATA => {
            if n == 0 {
                return err("Invalid data record");
            }
            let (len, elem, vector) = match *m.ctx.type_of(ty) {
                Type::Array(len, e) => (len, e, false),
                Type::Vector { scalable: false, len, elem } => (len as u64, elem, true),
                _ => return err("Invalid type for value"),
            };
            if len != n as u64 {
                return err("Invalid data record");
            }
            let kind = match m.ctx.type_of(elem) {
                Type::Int(w @ (8 | 16 | 32 | 64)) => Ok(*w),
                Type::Float(k @ (FloatKind::Half | FloatKind::BFloat | FloatKind::Float | FloatKind::Double)) => {
                    Err(*k)
                }
                _ => return err("Invalid type for value"),
            };
            let mut elems = Vec::with_capacity(n);
            for &x in r {
                let c = match kind {
                    Ok(w) => Const::Int(elem, APInt::from_u64(w, x)),
                    Err(k) => Const::Float(elem, float_bits(k, &[x]).unwrap_or(0)),
                };
                elems.push(m.ctx.konst(c));
            }
            Made::Const(if vector { fold::vector(&mut m.ctx, ty, elems) } else { fold::array(&mut m.ctx, ty, elems) })
        }
        CST_CODE_CE_UNOP => {
            if n < 2 {
                return err("Invalid unary op constexpr record");
            }
            match unary_opcode(m, r[0], ty) {
                Some(op) => Made::Deferred(deferred(DeferredOp::Inst(op), &r[1..2])),
                None => Made::Const(fold::poison(&mut m.ctx, ty)),
            }
        }
        CST_CODE_CE_BINOP => {
            if n < 3 {
                return err("Invalid binary op constexpr record");
            }
            match binary_opcode(m, r[0], ty) {
                Some(op) => {
                    let mut d = deferred(DeferredOp::Inst(op), &r[1..3]);
                    if let Some(&f) = r.get(3) {
                        use Opcode::*;
                        d.flags = match op {
                            Add | Sub | Mul | Shl => overflow_flags(f),
                            SDiv | UDiv | LShr | AShr if f & 1 != 0 => flags::EXACT,
                            _ => 0,
                        };
                    }
                    Made::Deferred(d)
                }
                None => Made::Const(fold::poison(&mut m.ctx, ty)),
            }
        }
        CST_CODE_CE_CAST => {
            if n < 3 {
                return err("Invalid cast constexpr record");
            }
            match cast_opcode(r[0]) {
                Some(op) => {
                    if types.get(&mut m.ctx, r[1]).is_none() {
                        return err("Invalid cast constexpr record");
                    }
                    Made::Deferred(deferred(DeferredOp::Inst(op), &r[2..3]))
                }
                None => Made::Const(fold::poison(&mut m.ctx, ty)),
            }
        }
        CST_CODE_CE_GEP_OLD
        | CST_CODE_CE_INBOUNDS_GEP
        | CST_CODE_CE_GEP_WITH_INRANGE_INDEX_OLD
        | CST_CODE_CE_GEP_WITH_INRANGE
        | CST_CODE_CE_GEP => Made::Deferred(gep(m, types, code, r)?),
        CST_CODE_CE_SELECT => {
            if n < 3 {
                return err("Invalid select constexpr record");
            }
            Made::Deferred(deferred(DeferredOp::Inst(Opcode::Select), &r[..3]))
        }
        CST_CODE_CE_EXTRACTELT => {
            let msg = "Invalid extractelement constexpr record";
            if n < 3 {
                return err(msg);
            }
            let vt = types.get(&mut m.ctx, r[0]);
            if !vt.is_some_and(|t| matches!(m.ctx.type_of(t), Type::Vector { .. })) {
                return err(msg);
            }
            let idx = if n == 4 {
                if types.get(&mut m.ctx, r[2]).is_none() {
                    return err(msg);
                }
                r[3]
            } else {
                r[2]
            };
            Made::Deferred(deferred(DeferredOp::Inst(Opcode::ExtractElement), &[r[1], idx]))
        }
        CST_CODE_CE_INSERTELT => {
            let msg = "Invalid insertelement constexpr record";
            if n < 3 || !matches!(m.ctx.type_of(ty), Type::Vector { .. }) {
                return err(msg);
            }
            let idx = if n == 4 {
                if types.get(&mut m.ctx, r[2]).is_none() {
                    return err(msg);
                }
                r[3]
            } else {
                r[2]
            };
            Made::Deferred(deferred(DeferredOp::Inst(Opcode::InsertElement), &[r[0], r[1], idx]))
        }
        CST_CODE_CE_SHUFFLEVEC => {
            if n < 3 || !matches!(m.ctx.type_of(ty), Type::Vector { .. }) {
                return err("Invalid shufflevector constexpr record");
            }
            Made::Deferred(deferred(DeferredOp::Inst(Opcode::ShuffleVector), &r[..3]))
        }
        CST_CODE_CE_SHUFVEC_EX => {
            let msg = "Invalid shufflevector constexpr record";
            if n < 4 || !matches!(m.ctx.type_of(ty), Type::Vector { .. }) {
                return err(msg);
            }
            let ot = types.get(&mut m.ctx, r[0]);
            if !ot.is_some_and(|t| matches!(m.ctx.type_of(t), Type::Vector { .. })) {
                return err(msg);
            }
            Made::Deferred(deferred(DeferredOp::Inst(Opcode::ShuffleVector), &r[1..4]))
        }
        CST_CODE_CE_CMP => {
            if n < 4 {
                return err("Invalid cmp constexpt record");
            }
            let Some(ot) = types.get(&mut m.ctx, r[0]) else { return err("Invalid cmp constexpr record") };
            let op = if int_or_fp(m, ot) == Some(true) { Opcode::FCmp } else { Opcode::ICmp };
            let mut d = deferred(DeferredOp::Inst(op), &r[1..3]);
            d.pred = predicate(r[3] & 0xff);
            Made::Deferred(d)
        }
        CST_CODE_INLINEASM_OLD | CST_CODE_INLINEASM_OLD2 | CST_CODE_INLINEASM_OLD3 | CST_CODE_INLINEASM => {
            Made::Asm(inline_asm(m, types, code, r, ty)?)
        }
        CST_CODE_BLOCKADDRESS => {
            if n < 3 || types.get(&mut m.ctx, r[0]).is_none() {
                return err("Invalid blockaddress record");
            }
            let mut d = deferred(DeferredOp::BlockAddress, &r[1..2]);
            d.block = r[2] as u32;
            Made::Deferred(d)
        }
        CST_CODE_DSO_LOCAL_EQUIVALENT => {
            if n < 2 || types.get(&mut m.ctx, r[0]).is_none() {
                return err("Invalid dso_local record");
            }
            Made::Deferred(deferred(DeferredOp::DsoLocalEquivalent, &r[1..2]))
        }
        CST_CODE_NO_CFI_VALUE => {
            if n < 2 || types.get(&mut m.ctx, r[0]).is_none() {
                return err("Invalid no_cfi record");
            }
            Made::Deferred(deferred(DeferredOp::NoCfi, &r[1..2]))
        }
        CST_CODE_PTRAUTH => {
            if n < 4 {
                return err("Invalid ptrauth record");
            }
            Made::Deferred(deferred(DeferredOp::PtrAuth, &r[..4]))
        }
        CST_CODE_PTRAUTH2 => {
            if n < 5 {
                return err("Invalid ptrauth record");
            }
            Made::Deferred(deferred(DeferredOp::PtrAuth, &r[..5]))
        }
        // UNDEF, and any code LLVM 22 does not know.
        _ => Made::Const(fold::undef(&mut m.ctx, ty)),
    })
}

/// The GEP expressions (codes 12, 20, 24, 31, 32).
fn gep(m: &mut Module, types: &mut TypeTable, code: u32, r: &[u64]) -> Result<Deferred, Error> {
    let err = |s: &str| Err(Error::new(s));
    let n = r.len();
    if n < 2 {
        return err("Constant GEP record must have at least two elements");
    }
    let mut p = 0usize;
    let with_src =
        matches!(code, CST_CODE_CE_GEP_WITH_INRANGE_INDEX_OLD | CST_CODE_CE_GEP_WITH_INRANGE | CST_CODE_CE_GEP)
            || n % 2 == 1;
    let mut src = None;
    if with_src {
        src = types.get(&mut m.ctx, r[0]);
        p = 1;
    }
    let mut fl = 0u16;
    let mut inrange = None;
    match code {
        CST_CODE_CE_GEP_WITH_INRANGE_INDEX_OLD => {
            fl = gep_flags(r[p] & 1);
            p += 1;
        }
        CST_CODE_CE_GEP_WITH_INRANGE => {
            fl = gep_flags(r[p]);
            p += 1;
            let (range, q) = crate::constants::range(r, p)?;
            inrange = Some(range);
            p = q;
        }
        CST_CODE_CE_GEP => {
            fl = gep_flags(r[p]);
            p += 1;
        }
        CST_CODE_CE_INBOUNDS_GEP => fl = flags::INBOUNDS,
        _ => {}
    }
    let Some(&base_tid) = r.get(p) else { return err("Invalid gep with no operands") };
    let mut ops: SmallVec<[u32; 4]> = SmallVec::new();
    let mut base_ty = None;
    while p != n {
        let Some(t) = types.get(&mut m.ctx, r[p]) else { return err("Invalid getelementptr constexpr record") };
        let Some(&v) = r.get(p + 1) else { return err("Invalid getelementptr constexpr record") };
        if base_ty.is_none() {
            base_ty = Some(t);
        }
        ops.push(v as u32);
        p += 2;
    }
    let _ = base_tid;
    let Some(mut bt) = base_ty else { return err("Invalid gep with no operands") };
    if let Type::Vector { elem, .. } = m.ctx.type_of(bt) {
        bt = *elem;
    }
    if !matches!(m.ctx.type_of(bt), Type::Ptr(_)) {
        return err("GEP base operand must be pointer or vector of pointer");
    }
    let Some(src) = src else { return err("Missing element type for old-style constant GEP") };
    Ok(Deferred {
        op: DeferredOp::Inst(Opcode::GetElementPtr),
        flags: fl,
        pred: None,
        ops,
        block: 0,
        source_ty: Some(src),
        inrange,
    })
}

/// `readBitWidthAndConstantRange` from `r[p..]`: the range and where the record goes on.
pub fn range(r: &[u64], mut p: usize) -> Result<((APInt, APInt), usize), Error> {
    let few = || Error::new("Too few records for range");
    let bw = *r.get(p).ok_or_else(few)?;
    p += 1;
    if r.len() < p + 2 {
        return Err(few());
    }
    if bw > 64 {
        let x = r[p];
        p += 1;
        let (lo_n, hi_n) = ((x & 0xffff_ffff) as usize, (x >> 32) as usize);
        if r.len() - p < lo_n.saturating_add(hi_n) {
            return Err(few());
        }
        let w = u32::try_from(bw).map_err(|_| few())?;
        if w > 1 << 23 {
            return Err(few());
        }
        let words = |s: &[u64]| APInt::from_words(w, &s.iter().map(|&v| decode_sign_rotated(v)).collect::<Vec<_>>());
        let lo = words(&r[p..p + lo_n]);
        p += lo_n;
        let hi = words(&r[p..p + hi_n]);
        p += hi_n;
        Ok(((lo, hi), p))
    } else {
        let w = bw as u32;
        if w == 0 {
            return Err(few());
        }
        let lo = APInt::from_i64(w, decode_sign_rotated(r[p]) as i64);
        let hi = APInt::from_i64(w, decode_sign_rotated(r[p + 1]) as i64);
        Ok(((lo, hi), p + 2))
    }
}

/// The inline asm records: its strings, flags and function type.
fn inline_asm(m: &mut Module, types: &mut TypeTable, code: u32, r: &[u64], _ty: TypeId) -> Result<Value, Error> {
    let err = || Error::new("Invalid inlineasm record");
    let n = r.len();
    let q = if code == CST_CODE_INLINEASM { 3 } else { 2 };
    if n < q {
        return Err(err());
    }
    let fn_ty = if code == CST_CODE_INLINEASM {
        let t = types.get(&mut m.ctx, r[0]).ok_or_else(err)?;
        if !matches!(m.ctx.type_of(t), Type::Function { .. }) {
            return Err(err());
        }
        Some(t)
    } else {
        None
    };
    let f = r[q - 2];
    let (side_effect, align_stack, intel, can_throw) = match code {
        CST_CODE_INLINEASM_OLD => (f & 1 != 0, (f >> 1) != 0, false, false),
        CST_CODE_INLINEASM_OLD2 => (f & 1 != 0, (f >> 1) & 1 != 0, (f >> 2) == 1, false),
        _ => (f & 1 != 0, (f >> 1) & 1 != 0, (f >> 2) & 1 != 0, (f >> 3) & 1 != 0),
    };
    let l = r[q - 1] as usize;
    if q.saturating_add(l) >= n {
        return Err(err());
    }
    let c = r[q + l] as usize;
    if (q + l + 1).saturating_add(c) > n {
        return Err(err());
    }
    let mut asm: Vec<u8> = r[q..q + l].iter().map(|&x| x as u8).collect();
    let cons: Vec<u8> = r[q + l + 1..q + l + 1 + c].iter().map(|&x| x as u8).collect();
    llrs_upgrade::upgrade_inline_asm_string(&mut asm);
    let Some(fn_ty) = fn_ty else { return Err(Error::new("Missing element type for old-style inlineasm")) };
    let asm = m.ctx.sym_bytes(&asm);
    let constraints = m.ctx.sym_bytes(&cons);
    let ia = InlineAsm { fn_ty, asm, constraints, side_effect, align_stack, intel, can_throw };
    Ok(Value::Asm(m.asms.push(ia)))
}
