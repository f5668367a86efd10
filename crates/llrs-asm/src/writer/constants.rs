//! Constants (`WriteConstantInternal`) and floating-point formatting (`WriteAPFloatInternal`,
//! with APFloat's `toString(Str, 6, 0, false)` reproduced exactly).

use super::names::{write_escaped, write_hex_min, write_hex_padded, write_i64, write_u64};
use super::Writer;
use llrs_ir::constants::{Const, ConstId};
use llrs_ir::instructions::{flags, Opcode};
use llrs_ir::types::{FloatKind, Type, TypeId};
use llrs_ir::APInt;

/// Writes a float constant of kind `k` from its bit pattern.
pub fn write_float(out: &mut Vec<u8>, k: FloatKind, bits: u128) {
    match k {
        FloatKind::Double => write_ieee(out, bits as u64, 52, 11),
        FloatKind::Float => write_ieee(out, bits as u64 & 0xffff_ffff, 23, 8),
        FloatKind::Half => {
            out.extend_from_slice(b"0xH");
            write_hex_padded(out, bits as u64 & 0xffff, 4);
        }
        FloatKind::BFloat => {
            out.extend_from_slice(b"0xR");
            write_hex_padded(out, bits as u64 & 0xffff, 4);
        }
        FloatKind::X86Fp80 => {
            out.extend_from_slice(b"0xK");
            write_hex_padded(out, (bits >> 64) as u64 & 0xffff, 4);
            write_hex_padded(out, bits as u64, 16);
        }
        FloatKind::Fp128 | FloatKind::PpcFp128 => {
            out.extend_from_slice(if k == FloatKind::Fp128 { b"0xL" } else { b"0xM" });
            write_hex_padded(out, bits as u64, 16);
            write_hex_padded(out, (bits >> 64) as u64, 16);
        }
    }
}

/// float or double: decimal `%e`-style when it reads back exactly, else the double's hex.
fn write_ieee(out: &mut Vec<u8>, bits: u64, mant_bits: u32, exp_bits: u32) {
    let mant = bits & ((1u64 << mant_bits) - 1);
    let bexp = (bits >> mant_bits) & ((1u64 << exp_bits) - 1);
    let neg = (bits >> (mant_bits + exp_bits)) & 1 == 1;
    let max_exp = (1u64 << exp_bits) - 1;
    let bias = (1i32 << (exp_bits - 1)) - 1;
    // The value widened to double, bit for bit (NaN payloads shifted as LLVM does).
    let dbits = if mant_bits == 52 {
        bits
    } else if bexp == max_exp {
        ((neg as u64) << 63) | (0x7ffu64 << 52) | (mant << 29)
    } else {
        (f32::from_bits(bits as u32) as f64).to_bits()
    };
    if bexp != max_exp {
        let start = out.len();
        if bexp == 0 && mant == 0 {
            if neg {
                out.push(b'-');
            }
            out.extend_from_slice(b"0.000000e+00");
            return;
        }
        let (sig, exp) = if bexp == 0 {
            (mant, 1 - bias - mant_bits as i32)
        } else {
            (mant | (1u64 << mant_bits), bexp as i32 - bias - mant_bits as i32)
        };
        if neg {
            out.push(b'-');
        }
        to_string_sci6(out, sig, exp);
        let ok = std::str::from_utf8(&out[start..])
            .ok()
            .and_then(|s| s.parse::<f64>().ok())
            .is_some_and(|v| v == f64::from_bits(dbits));
        if ok {
            return;
        }
        out.truncate(start);
    }
    out.extend_from_slice(b"0x");
    write_hex_min(out, dbits);
}

/// A small unsigned big integer (little-endian 32-bit limbs) for decimal conversion.
struct Big(Vec<u32>);

impl Big {
    fn mul_small(&mut self, m: u32) {
        let mut carry = 0u64;
        for w in self.0.iter_mut() {
            let p = *w as u64 * m as u64 + carry;
            *w = p as u32;
            carry = p >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
    }
    fn shl(&mut self, n: u32) {
        let words = (n / 32) as usize;
        let bits = n % 32;
        if bits != 0 {
            let mut carry = 0u32;
            for w in self.0.iter_mut() {
                let nw = (*w << bits) | carry;
                carry = *w >> (32 - bits);
                *w = nw;
            }
            if carry != 0 {
                self.0.push(carry);
            }
        }
        if words > 0 {
            self.0.splice(0..0, std::iter::repeat_n(0, words));
        }
    }
    fn divrem_small(&mut self, d: u32) -> u32 {
        let mut rem = 0u64;
        for w in self.0.iter_mut().rev() {
            let cur = (rem << 32) | *w as u64;
            *w = (cur / d as u64) as u32;
            rem = cur % d as u64;
        }
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
        rem as u32
    }
    fn active_bits(&self) -> u32 {
        match self.0.iter().rposition(|&w| w != 0) {
            None => 0,
            Some(i) => i as u32 * 32 + (32 - self.0[i].leading_zeros()),
        }
    }
    fn is_zero(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
}

/// APFloat's `toString(Str, /*FormatPrecision=*/6, /*FormatMaxPadding=*/0, /*TruncateZero=*/false)`
/// for the finite nonzero value `sig * 2^exp` (sign already written).
fn to_string_sci6(out: &mut Vec<u8>, sig: u64, exp: i32) {
    const PREC: usize = 6;
    let tz = sig.trailing_zeros();
    let mut exp = exp + tz as i32;
    let mut n = Big(vec![(sig >> tz) as u32, ((sig >> tz) >> 32) as u32]);
    if exp > 0 {
        n.shl(exp as u32);
        exp = 0;
    } else if exp < 0 {
        let mut t = (-exp) as u32;
        while t >= 13 {
            n.mul_small(1_220_703_125); // 5^13
            t -= 13;
        }
        n.mul_small(5u32.pow(t));
    }
    // AdjustToPrecision on the integer: drop whole tens (truncating), as LLVM does.
    let bits = n.active_bits();
    let bits_required = (PREC as u32 * 196).div_ceil(59);
    if bits > bits_required {
        let mut tens = (bits - bits_required) * 59 / 196;
        exp += tens as i32;
        while tens >= 9 {
            n.divrem_small(1_000_000_000);
            tens -= 9;
        }
        if tens > 0 {
            n.divrem_small(10u32.pow(tens));
        }
    }
    // Digits, least significant first, trailing zeros dropped.
    let mut buf: Vec<u8> = Vec::with_capacity(24);
    let mut in_trail = true;
    while !n.is_zero() {
        let d = n.divrem_small(10) as u8;
        if in_trail && d == 0 {
            exp += 1;
        } else {
            buf.push(b'0' + d);
            in_trail = false;
        }
    }
    if buf.is_empty() {
        buf.push(b'0');
    }
    // AdjustToPrecision on the digits: round half up.
    let nd = buf.len();
    if nd > PREC {
        let mut first = nd - PREC;
        if buf[first - 1] < b'5' {
            while first < nd && buf[first] == b'0' {
                first += 1;
            }
            exp += first as i32;
            buf.drain(..first);
        } else {
            let mut i = first;
            while i < nd {
                if buf[i] == b'9' {
                    first += 1;
                    i += 1;
                } else {
                    buf[i] += 1;
                    break;
                }
            }
            if first == nd {
                exp += first as i32;
                buf.clear();
                buf.push(b'1');
            } else {
                exp += first as i32;
                buf.drain(..first);
            }
        }
    }
    let nd = buf.len();
    exp += nd as i32 - 1;
    out.push(buf[nd - 1]);
    out.push(b'.');
    for i in 1..nd {
        out.push(buf[nd - 1 - i]);
    }
    if PREC > nd - 1 {
        out.extend(std::iter::repeat_n(b'0', PREC - nd + 1));
    }
    out.push(b'e');
    out.push(if exp >= 0 { b'+' } else { b'-' });
    let e = exp.unsigned_abs();
    if e < 10 {
        out.push(b'0');
    }
    write_u64(out, e as u64);
}

/// Writes an APInt as a signed decimal.
pub fn write_apint_signed(out: &mut Vec<u8>, v: &APInt) {
    if v.width() <= 64 {
        write_i64(out, v.to_i64().unwrap_or(0));
    } else {
        out.extend_from_slice(v.to_string_signed().as_bytes());
    }
}

impl Writer<'_> {
    /// True for constants LLVM considers null (`Constant::isNullValue`).
    pub(super) fn is_null_const(&self, k: ConstId) -> bool {
        match self.c.const_of(k) {
            Const::Int(_, v) => v.is_zero(),
            Const::Float(t, bits) => {
                let w = match self.c.type_of(*t) {
                    Type::Float(fk) => fk.bits(),
                    Type::Vector { elem, .. } => match self.c.type_of(*elem) {
                        Type::Float(fk) => fk.bits(),
                        _ => 64,
                    },
                    _ => 64,
                };
                let mask = if w >= 128 { u128::MAX } else { (1u128 << w) - 1 };
                bits & mask == 0
            }
            Const::Null(_) | Const::Zero(_) | Const::NoneToken(_) => true,
            Const::Splat(_, e) => self.is_null_const(*e),
            Const::Bytes(_, b) => b.iter().all(|&x| x == 0),
            _ => false,
        }
    }

    fn scalar_of(&self, t: TypeId) -> TypeId {
        match self.c.type_of(t) {
            Type::Vector { elem, .. } => *elem,
            _ => t,
        }
    }

    fn is_vector(&self, t: TypeId) -> bool {
        matches!(self.c.type_of(t), Type::Vector { .. })
    }

    /// `WriteConstantInternal` (plus global names): the constant without its type.
    pub(super) fn write_const(&mut self, k: ConstId) {
        let c = self.c;
        match c.const_of(k) {
            Const::Int(t, v) => {
                let vec = self.is_vector(*t);
                let s = self.scalar_of(*t);
                if vec {
                    self.out.extend_from_slice(b"splat (");
                    self.write_type(s);
                    self.out.push(b' ');
                }
                if matches!(c.type_of(s), Type::Int(1)) {
                    self.out.extend_from_slice(if v.is_zero() { b"false" } else { b"true" });
                } else {
                    write_apint_signed(&mut self.out, v);
                }
                if vec {
                    self.out.push(b')');
                }
            }
            Const::Float(t, bits) => {
                let vec = self.is_vector(*t);
                let s = self.scalar_of(*t);
                if vec {
                    self.out.extend_from_slice(b"splat (");
                    self.write_type(s);
                    self.out.push(b' ');
                }
                let k = match c.type_of(s) {
                    Type::Float(k) => *k,
                    _ => FloatKind::Double,
                };
                write_float(&mut self.out, k, *bits);
                if vec {
                    self.out.push(b')');
                }
            }
            Const::Null(_) => self.out.extend_from_slice(b"null"),
            Const::NoneToken(_) => self.out.extend_from_slice(b"none"),
            Const::Undef(_) => self.out.extend_from_slice(b"undef"),
            Const::Poison(_) => self.out.extend_from_slice(b"poison"),
            Const::Zero(t) => self.write_zero(*t),
            Const::Global(_, g) => self.write_global_ref(*g),
            Const::Bytes(_, b) => {
                if b.iter().all(|&x| x == 0) {
                    self.out.extend_from_slice(b"zeroinitializer");
                } else {
                    self.out.extend_from_slice(b"c\"");
                    write_escaped(&mut self.out, b);
                    self.out.push(b'"');
                }
            }
            Const::Array(t, ops) => {
                if self.write_uniform_aggregate(ops, true) {
                    return;
                }
                let elem = match c.type_of(*t) {
                    Type::Array(_, e) => *e,
                    _ => *t,
                };
                if matches!(c.type_of(elem), Type::Int(8))
                    && ops.iter().all(|&o| matches!(c.const_of(o), Const::Int(..)))
                {
                    self.out.extend_from_slice(b"c\"");
                    let bytes: Vec<u8> = ops
                        .iter()
                        .map(|&o| match c.const_of(o) {
                            Const::Int(_, v) => v.low_u64() as u8,
                            _ => 0,
                        })
                        .collect();
                    write_escaped(&mut self.out, &bytes);
                    self.out.push(b'"');
                    return;
                }
                self.out.push(b'[');
                self.write_elements(elem, ops);
                self.out.push(b']');
            }
            Const::Vector(t, ops) => {
                if self.write_uniform_aggregate(ops, true) {
                    return;
                }
                let elem = self.scalar_of(*t);
                let first = ops[0];
                if ops.iter().all(|&o| o == first) && matches!(c.const_of(first), Const::Int(..) | Const::Float(..)) {
                    self.write_splat(elem, first);
                    return;
                }
                self.out.push(b'<');
                self.write_elements(elem, ops);
                self.out.push(b'>');
            }
            Const::Splat(t, e) => {
                let e = *e;
                let elem = self.scalar_of(*t);
                match c.const_of(e) {
                    Const::Int(..) | Const::Float(..) => self.write_splat(elem, e),
                    Const::Undef(_) => self.out.extend_from_slice(b"undef"),
                    Const::Poison(_) => self.out.extend_from_slice(b"poison"),
                    _ if self.is_null_const(e) => self.out.extend_from_slice(b"zeroinitializer"),
                    _ => {
                        let n = match c.type_of(*t) {
                            Type::Vector { len, .. } => *len as usize,
                            _ => 1,
                        };
                        let ops = vec![e; n];
                        self.out.push(b'<');
                        self.write_elements(elem, &ops);
                        self.out.push(b'>');
                    }
                }
            }
            Const::Struct(t, ops) => {
                if ops.is_empty() || ops.iter().all(|&o| self.is_null_const(o)) {
                    self.out.extend_from_slice(b"zeroinitializer");
                    return;
                }
                if ops.iter().all(|&o| matches!(c.const_of(o), Const::Poison(_))) {
                    self.out.extend_from_slice(b"poison");
                    return;
                }
                if ops.iter().all(|&o| matches!(c.const_of(o), Const::Undef(_) | Const::Poison(_)))
                    && ops.iter().any(|&o| matches!(c.const_of(o), Const::Undef(_)))
                {
                    // LLVM folds a struct of undef (and poison) elements to undef only when
                    // no element is poison; mixed stays a struct.
                    if ops.iter().all(|&o| matches!(c.const_of(o), Const::Undef(_))) {
                        self.out.extend_from_slice(b"undef");
                        return;
                    }
                }
                let packed = match c.type_of(*t) {
                    Type::Struct { packed, .. } => *packed,
                    Type::Named(s) => c.structs[*s].body.as_ref().is_some_and(|b| b.packed),
                    _ => false,
                };
                if packed {
                    self.out.push(b'<');
                }
                self.out.push(b'{');
                for (i, &o) in ops.iter().enumerate() {
                    self.out.extend_from_slice(if i == 0 { b" " } else { b", " });
                    self.write_typed_const(o);
                }
                self.out.extend_from_slice(b" }");
                if packed {
                    self.out.push(b'>');
                }
            }
            Const::BlockAddress(_, g, b) => {
                self.out.extend_from_slice(b"blockaddress(");
                self.write_global_ref(*g);
                self.out.extend_from_slice(b", ");
                self.write_block_of(*g, *b);
                self.out.push(b')');
            }
            Const::DsoLocalEquivalent(_, g) => {
                self.out.extend_from_slice(b"dso_local_equivalent ");
                self.write_global_ref(*g);
            }
            Const::NoCfi(_, g) => {
                self.out.extend_from_slice(b"no_cfi ");
                self.write_global_ref(*g);
            }
            Const::PtrAuth(_, ops) => {
                self.out.extend_from_slice(b"ptrauth (");
                for (i, &o) in ops.iter().enumerate() {
                    if i > 0 {
                        self.out.extend_from_slice(b", ");
                    }
                    self.write_typed_const(o);
                }
                self.out.push(b')');
            }
            Const::Expr(e) => {
                self.out.extend_from_slice(e.op.name().as_bytes());
                self.write_op_flags(e.op, e.flags, 0, e.inrange.as_ref());
                if let Some(p) = e.pred {
                    self.out.push(b' ');
                    self.out.extend_from_slice(p.name().as_bytes());
                }
                self.out.extend_from_slice(b" (");
                if e.op == Opcode::GetElementPtr {
                    if let Some(s) = e.source_ty {
                        self.write_type(s);
                        self.out.extend_from_slice(b", ");
                    }
                }
                let (ops, mask) = if e.op == Opcode::ShuffleVector && e.operands.len() == 3 {
                    (&e.operands[..2], Some(e.operands[2]))
                } else {
                    (&e.operands[..], None)
                };
                for (i, &o) in ops.iter().enumerate() {
                    if i > 0 {
                        self.out.extend_from_slice(b", ");
                    }
                    self.write_typed_const(o);
                }
                if e.op.is_cast() {
                    self.out.extend_from_slice(b" to ");
                    self.write_type(e.ty);
                }
                if let Some(mask) = mask {
                    self.write_shuffle_mask(e.ty, mask);
                }
                self.out.push(b')');
            }
        }
    }

    /// The null value of a type (`Constant::getNullValue`), as LLVM prints it.
    fn write_zero(&mut self, t: TypeId) {
        match self.c.type_of(t) {
            Type::Int(1) => self.out.extend_from_slice(b"false"),
            Type::Int(_) => self.out.push(b'0'),
            Type::Float(k) => write_float(&mut self.out, *k, 0),
            Type::Ptr(_) => self.out.extend_from_slice(b"null"),
            Type::Token => self.out.extend_from_slice(b"none"),
            _ => self.out.extend_from_slice(b"zeroinitializer"),
        }
    }

    /// Aggregates whose elements are all one undef/poison/null constant print as that.
    fn write_uniform_aggregate(&mut self, ops: &[ConstId], _array: bool) -> bool {
        let Some(&first) = ops.first() else {
            self.out.extend_from_slice(b"zeroinitializer");
            return true;
        };
        if !ops.iter().all(|&o| o == first) {
            return false;
        }
        match self.c.const_of(first) {
            Const::Poison(_) => self.out.extend_from_slice(b"poison"),
            Const::Undef(_) => self.out.extend_from_slice(b"undef"),
            _ if self.is_null_const(first) => self.out.extend_from_slice(b"zeroinitializer"),
            _ => return false,
        }
        true
    }

    fn write_splat(&mut self, elem: TypeId, e: ConstId) {
        self.out.extend_from_slice(b"splat (");
        self.write_type(elem);
        self.out.push(b' ');
        self.write_const(e);
        self.out.push(b')');
    }

    fn write_elements(&mut self, elem: TypeId, ops: &[ConstId]) {
        for (i, &o) in ops.iter().enumerate() {
            if i > 0 {
                self.out.extend_from_slice(b", ");
            }
            self.write_type(elem);
            self.out.push(b' ');
            self.write_const(o);
        }
    }

    /// `T v`.
    pub(super) fn write_typed_const(&mut self, k: ConstId) {
        let t = self.c.const_of(k).ty();
        self.write_type(t);
        self.out.push(b' ');
        self.write_const(k);
    }

    /// `PrintShuffleMask`: `, <N x i32> ...` from a mask constant.
    pub(super) fn write_shuffle_mask(&mut self, result_ty: TypeId, mask: ConstId) {
        let c = self.c;
        let (scalable, n) = match c.type_of(result_ty) {
            Type::Vector { scalable, len, .. } => (*scalable, *len as usize),
            _ => (false, 0),
        };
        // Mask elements: Some(i) or None for poison/undef.
        let elems: Vec<Option<i64>> = match c.const_of(mask) {
            Const::Vector(_, ops) => ops.iter().map(|&o| self.mask_elt(o)).collect(),
            Const::Splat(_, e) => vec![self.mask_elt(*e); n],
            Const::Zero(_) => vec![Some(0); n],
            Const::Undef(_) | Const::Poison(_) => vec![None; n],
            Const::Int(..) => vec![self.mask_elt(mask); n],
            _ => vec![None; n],
        };
        self.out.extend_from_slice(b", <");
        if scalable {
            self.out.extend_from_slice(b"vscale x ");
        }
        write_u64(&mut self.out, elems.len() as u64);
        self.out.extend_from_slice(b" x i32> ");
        if elems.iter().all(|e| *e == Some(0)) {
            self.out.extend_from_slice(b"zeroinitializer");
        } else if elems.iter().all(|e| e.is_none()) {
            self.out.extend_from_slice(b"poison");
        } else {
            self.out.push(b'<');
            for (i, e) in elems.iter().enumerate() {
                if i > 0 {
                    self.out.extend_from_slice(b", ");
                }
                self.out.extend_from_slice(b"i32 ");
                match e {
                    Some(v) => write_i64(&mut self.out, *v),
                    None => self.out.extend_from_slice(b"poison"),
                }
            }
            self.out.push(b'>');
        }
    }

    fn mask_elt(&self, k: ConstId) -> Option<i64> {
        match self.c.const_of(k) {
            Const::Int(_, v) => v.to_i64(),
            Const::Zero(_) => Some(0),
            _ => None,
        }
    }

    /// Flags after an opcode: fast-math flags, then the opcode's own flags.
    pub(super) fn write_op_flags(&mut self, op: Opcode, fl: u16, fmf: u8, inrange: Option<&(APInt, APInt)>) {
        use llrs_ir::instructions::fmf as F;
        if fmf != 0 {
            if fmf & F::FAST == F::FAST {
                self.out.extend_from_slice(b" fast");
            } else {
                if fmf & 1 != 0 {
                    self.out.extend_from_slice(b" reassoc");
                }
                for (name, bit) in F::NAMES {
                    if *bit != 1 && fmf & bit != 0 {
                        self.out.push(b' ');
                        self.out.extend_from_slice(name.as_bytes());
                    }
                }
            }
        }
        match op {
            Opcode::Add | Opcode::Sub | Opcode::Mul | Opcode::Shl | Opcode::Trunc => {
                if fl & flags::NUW != 0 {
                    self.out.extend_from_slice(b" nuw");
                }
                if fl & flags::NSW != 0 {
                    self.out.extend_from_slice(b" nsw");
                }
            }
            Opcode::UDiv | Opcode::SDiv | Opcode::LShr | Opcode::AShr if fl & flags::EXACT != 0 => {
                self.out.extend_from_slice(b" exact");
            }
            Opcode::Or if fl & flags::DISJOINT != 0 => {
                self.out.extend_from_slice(b" disjoint");
            }
            Opcode::GetElementPtr => {
                if fl & flags::INBOUNDS != 0 {
                    self.out.extend_from_slice(b" inbounds");
                } else if fl & flags::NUSW != 0 {
                    self.out.extend_from_slice(b" nusw");
                }
                if fl & flags::NUW != 0 {
                    self.out.extend_from_slice(b" nuw");
                }
                if let Some((lo, hi)) = inrange {
                    self.out.extend_from_slice(b" inrange(");
                    write_apint_signed(&mut self.out, lo);
                    self.out.extend_from_slice(b", ");
                    write_apint_signed(&mut self.out, hi);
                    self.out.push(b')');
                }
            }
            Opcode::ZExt | Opcode::UIToFP if fl & flags::NNEG != 0 => {
                self.out.extend_from_slice(b" nneg");
            }
            Opcode::ICmp if fl & flags::SAMESIGN != 0 => {
                self.out.extend_from_slice(b" samesign");
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(v: f64) -> String {
        let mut o = Vec::new();
        write_float(&mut o, FloatKind::Double, v.to_bits() as u128);
        String::from_utf8(o).unwrap()
    }
    fn f(v: f32) -> String {
        let mut o = Vec::new();
        write_float(&mut o, FloatKind::Float, v.to_bits() as u128);
        String::from_utf8(o).unwrap()
    }

    #[test]
    fn writer_floats() {
        assert_eq!(d(1.0), "1.000000e+00");
        assert_eq!(d(0.0), "0.000000e+00");
        assert_eq!(d(-0.0), "-0.000000e+00");
        assert_eq!(d(0.1), "1.000000e-01");
        assert_eq!(d(-2.5), "-2.500000e+00");
        assert_eq!(d(1e100), "1.000000e+100");
        assert_eq!(d(123456.0), "1.234560e+05");
        assert_eq!(d(1234567.0), "0x4132D68700000000");
        assert_eq!(d(f64::INFINITY), "0x7FF0000000000000");
        assert_eq!(d(f64::NAN), "0x7FF8000000000000");
        assert_eq!(d(f64::from_bits(0x8000000000000)), "0x8000000000000");
        // LLVM rounds to six significant digits: 4.94066e-324 still reads back as the smallest denormal.
        assert_eq!(d(5e-324), "4.940660e-324");
        assert_eq!(f(0.1), "0x3FB99999A0000000");
        assert_eq!(f(0.5), "5.000000e-01");
        assert_eq!(f(42.0), "4.200000e+01");
        assert_eq!(f(f32::from_bits(0x7f800001)), "0x7FF0000020000000");
        let mut o = Vec::new();
        write_float(&mut o, FloatKind::Half, 0x3c00);
        write_float(&mut o, FloatKind::X86Fp80, (0x3fffu128 << 64) | 0x8000000000000000);
        assert_eq!(o, b"0xH3C000xK3FFF8000000000000000");
    }
}
