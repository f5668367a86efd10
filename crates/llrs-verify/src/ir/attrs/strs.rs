//! What `verifyFunctionAttrs` asks of string attributes' values: unsigned decimal numbers
//! (`StringRef::getAsInteger`), denormal modes (`parseDenormalFPAttribute`) and vector-function
//! ABI names (`VFABI::tryDemangleForVFABI`).

use crate::ir::util::Types;
use llrs_ir::{FloatKind, Type, TypeId};

/// `S.getAsInteger(10, N)` for an `unsigned N` succeeds: decimal digits only, fitting 32 bits.
pub fn is_unsigned_base_ten(s: &[u8]) -> bool {
    !s.is_empty() && s.iter().all(u8::is_ascii_digit) && std::str::from_utf8(s).is_ok_and(|s| s.parse::<u32>().is_ok())
}

/// `parseDenormalFPAttribute(S).isValid()`: `output[,input]`, each `ieee` (or empty),
/// `preserve-sign`, `positive-zero` or `dynamic`.
pub fn is_valid_denormal_mode(s: &[u8]) -> bool {
    let valid = |c: &[u8]| matches!(c, b"" | b"ieee" | b"preserve-sign" | b"positive-zero" | b"dynamic");
    match s.iter().position(|&b| b == b',') {
        None => valid(s),
        Some(i) => {
            let (out, inp) = (&s[..i], &s[i + 1..]);
            valid(out) && (inp.is_empty() || valid(inp))
        }
    }
}

/// The instruction sets of vector-function ABI names (`VFISAKind`).
#[derive(Copy, Clone, PartialEq, Eq)]
enum Isa {
    Llvm,
    Sve,
    Rvv,
    Other,
}

/// The kinds of parameters of a vector variant that matter here.
#[derive(Copy, Clone, PartialEq, Eq)]
enum ParamKind {
    Vector,
    Other,
}

/// A cursor over a mangled name (LLVM's `StringRef::consume_*`).
struct Cursor<'s>(&'s [u8]);

impl Cursor<'_> {
    fn eat(&mut self, p: &str) -> bool {
        match self.0.strip_prefix(p.as_bytes()) {
            Some(rest) => {
                self.0 = rest;
                true
            }
            None => false,
        }
    }
    /// `consumeInteger(10, unsigned)`: `None` on failure.
    fn unsigned(&mut self) -> Option<u64> {
        let n = self.0.iter().take_while(|b| b.is_ascii_digit()).count();
        if n == 0 {
            return None;
        }
        let v = std::str::from_utf8(&self.0[..n]).ok()?.parse::<u32>().ok()?;
        self.0 = &self.0[n..];
        Some(v as u64)
    }
    /// `consumeInteger(10, int)`: an optional `-`, then digits fitting an `int`.
    fn signed(&mut self) -> Option<i64> {
        let neg = self.0.first() == Some(&b'-');
        let digits = &self.0[neg as usize..];
        let n = digits.iter().take_while(|b| b.is_ascii_digit()).count();
        if n == 0 {
            return None;
        }
        let v: i64 = std::str::from_utf8(&digits[..n]).ok()?.parse().ok()?;
        let v = if neg { -v } else { v };
        i32::try_from(v).ok()?;
        self.0 = &digits[n..];
        Some(v)
    }
}

/// `tryParseParameter`: `Some(Some(kind))` for a parameter, `Some(None)` when none starts here,
/// `None` on a syntax error.
fn parse_param(c: &mut Cursor<'_>) -> Option<Option<ParamKind>> {
    if c.eat("v") {
        return Some(Some(ParamKind::Vector));
    }
    if c.eat("u") {
        return Some(Some(ParamKind::Other));
    }
    for tok in ["ls", "Rs", "Ls", "Us"] {
        if c.eat(tok) {
            c.signed()?;
            return Some(Some(ParamKind::Other));
        }
    }
    for tok in ["l", "R", "L", "U"] {
        if c.eat(tok) {
            c.eat("n");
            let _ = c.signed();
            return Some(Some(ParamKind::Other));
        }
    }
    Some(None)
}

/// `getElementCountForTy` for scalable variants: whether the lane count is known for `ty`.
fn scalable_lanes(t: &Types<'_>, ty: TypeId) -> Option<u32> {
    match t.of(ty) {
        Type::Int(64) | Type::Float(FloatKind::Double) | Type::Ptr(_) => Some(2),
        Type::Int(32) | Type::Float(FloatKind::Float) => Some(4),
        Type::Int(16) | Type::Float(FloatKind::Half | FloatKind::BFloat) => Some(8),
        Type::Int(8) => Some(16),
        _ => None,
    }
}

/// `VFABI::tryDemangleForVFABI(S, FT)` succeeds: `_ZGV<isa><mask><vlen><params>_<name>[(<vector
/// name>)]` with one parameter per parameter of `fn_ty`.
pub fn is_valid_vfabi_name(t: &Types<'_>, name: &[u8], fn_ty: TypeId) -> bool {
    demangle_vfabi(t, name, fn_ty).is_some()
}

fn demangle_vfabi(t: &Types<'_>, name: &[u8], fn_ty: TypeId) -> Option<()> {
    let mut c = Cursor(name);
    if !c.eat("_ZGV") || c.0.is_empty() {
        return None;
    }
    let isa = if c.eat("_LLVM_") {
        Isa::Llvm
    } else {
        let isa = match c.0.first() {
            Some(b's') => Isa::Sve,
            Some(b'r') => Isa::Rvv,
            _ => Isa::Other,
        };
        c.0 = c.0.get(1..).unwrap_or(&[]);
        isa
    };
    if !c.eat("M") && !c.eat("N") {
        return None;
    }
    let scalable = if c.eat("x") {
        if isa != Isa::Sve && isa != Isa::Rvv {
            return None;
        }
        true
    } else {
        if c.unsigned()? == 0 {
            return None;
        }
        false
    };
    let mut params = Vec::new();
    while let Some(kind) = parse_param(&mut c)? {
        if c.eat("a") {
            let a = c.unsigned()?;
            if !a.is_power_of_two() {
                return None;
            }
        }
        params.push(kind);
    }
    let (ret, fparams) = match t.of(fn_ty) {
        Type::Function { ret, params, .. } => (*ret, params),
        _ => return None,
    };
    if params.is_empty() || params.len() != fparams.len() {
        return None;
    }
    if scalable {
        let mut min: Option<u32> = None;
        for (k, &pt) in params.iter().zip(fparams.iter()) {
            if *k == ParamKind::Vector {
                let ec = scalable_lanes(t, pt)?;
                min = Some(min.map_or(ec, |m| m.min(ec)));
            }
        }
        if !t.is_void(ret) {
            let contained: Vec<TypeId> = match t.of(ret) {
                Type::Struct { packed: false, elems } => elems.to_vec(),
                Type::Struct { .. } | Type::Named(_) => return None,
                _ => vec![ret],
            };
            for e in contained {
                let ec = scalable_lanes(t, e)?;
                min = Some(min.map_or(ec, |m| m.min(ec)));
            }
        }
        min?;
    }
    if !c.eat("_") {
        return None;
    }
    let scalar_len = c.0.iter().take_while(|&&b| b != b'(').count();
    if scalar_len == 0 {
        return None;
    }
    // `ltrim(ScalarName)` drops every leading character found in the scalar name.
    let scalar = &c.0[..scalar_len];
    let rest_start = c.0.iter().position(|b| !scalar.contains(b)).unwrap_or(c.0.len());
    c.0 = &c.0[rest_start..];
    let mut vector_name = name;
    if c.eat("(") {
        let inner = c.0.strip_suffix(b")")?;
        if inner.is_empty() {
            return None;
        }
        vector_name = inner;
    }
    if isa == Isa::Llvm && vector_name == name {
        return None;
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_modes() {
        assert!(is_unsigned_base_ten(b"12"));
        assert!(!is_unsigned_base_ten(b""));
        assert!(!is_unsigned_base_ten(b"+1"));
        assert!(!is_unsigned_base_ten(b"4294967296"));
        assert!(is_valid_denormal_mode(b"preserve-sign,ieee"));
        assert!(is_valid_denormal_mode(b""));
        assert!(!is_valid_denormal_mode(b"bad"));
        assert!(!is_valid_denormal_mode(b"ieee,bad"));
    }

    #[test]
    fn vfabi_names() {
        let mut ctx = llrs_ir::Context::default();
        let f = ctx.float_ty(FloatKind::Double);
        let fty = ctx.fn_ty(f, &[f], false);
        let t = Types(&ctx);
        assert!(is_valid_vfabi_name(&t, b"_ZGVnN2v_sin", fty));
        assert!(is_valid_vfabi_name(&t, b"_ZGVsMxv_sin(sv_sin)", fty));
        assert!(!is_valid_vfabi_name(&t, b"_ZGVnN2vv_sin", fty));
        assert!(!is_valid_vfabi_name(&t, b"foo", fty));
        assert!(!is_valid_vfabi_name(&t, b"_ZGVnN0v_sin", fty));
        assert!(!is_valid_vfabi_name(&t, b"_ZGV_LLVM_N2v_sin", fty));
        assert!(is_valid_vfabi_name(&t, b"_ZGV_LLVM_N2v_sin(vsin)", fty));
    }
}
