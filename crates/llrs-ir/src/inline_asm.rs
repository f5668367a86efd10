//! Inline asm constraint strings: `InlineAsm::ParseConstraints` (each constraint's kind, its
//! modifiers and matching inputs, with LLVM's rejections) and `InlineAsm::verify` (the
//! constraints against the asm's function type), with LLVM's messages.

use crate::context::Context;
use crate::types::{Type, TypeId};

/// `InlineAsm::ConstraintPrefix`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ConstraintKind {
    /// No prefix.
    Input,
    /// `=`.
    Output,
    /// `~`.
    Clobber,
    /// `!`.
    Label,
}

/// One alternative of a constraint with `|` (`SubConstraintInfo`).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct SubConstraint {
    /// The input matched to this output in this alternative, if any.
    pub matching_input: Option<usize>,
    /// The constraint codes of this alternative.
    pub codes: Vec<Box<[u8]>>,
}

/// One constraint (`InlineAsm::ConstraintInfo`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ConstraintInfo {
    /// Input, output, clobber or label.
    pub kind: ConstraintKind,
    /// `&`: an early-clobber output.
    pub early_clobber: bool,
    /// `%`: commutative with the next operand.
    pub commutative: bool,
    /// `*`: the operand is a pointer to the value.
    pub indirect: bool,
    /// For an output: the input constrained to the same place.
    pub matching_input: Option<usize>,
    /// The constraint codes (`{reg}`, a digit run, `^xy`, `@3abc` or one letter).
    pub codes: Vec<Box<[u8]>>,
    /// The alternatives, when the constraint has `|`.
    pub alternatives: Vec<SubConstraint>,
}

impl ConstraintInfo {
    /// `hasArg`: inputs and indirect outputs take a call argument.
    pub fn has_arg(&self) -> bool {
        self.kind == ConstraintKind::Input || (self.kind == ConstraintKind::Output && self.indirect)
    }

    /// `ConstraintInfo::Parse`: `None` when LLVM does not understand the constraint.
    fn parse(s: &[u8], so_far: &mut [ConstraintInfo]) -> Option<ConstraintInfo> {
        let alt_count = s.iter().filter(|&&c| c == b'|').count() + 1;
        let mut info = ConstraintInfo {
            kind: ConstraintKind::Input,
            early_clobber: false,
            commutative: false,
            indirect: false,
            matching_input: None,
            codes: Vec::new(),
            alternatives: if alt_count > 1 { vec![SubConstraint::default(); alt_count] } else { Vec::new() },
        };
        let multiple = alt_count > 1;
        let mut alt = 0usize;
        let mut i = 0usize;
        let at = |i: usize| s.get(i).copied();
        match at(i) {
            Some(b'~') => {
                info.kind = ConstraintKind::Clobber;
                i += 1;
                // '{' must immediately follow '~'.
                if at(i).is_some_and(|c| c != b'{') {
                    return None;
                }
            }
            Some(b'=') => {
                i += 1;
                info.kind = ConstraintKind::Output;
            }
            Some(b'!') => {
                i += 1;
                info.kind = ConstraintKind::Label;
            }
            _ => {}
        }
        if at(i) == Some(b'*') {
            info.indirect = true;
            i += 1;
        }
        if i >= s.len() {
            return None; // Just a prefix, like "==" or "~".
        }
        // The modifiers.
        loop {
            match s[i] {
                b'&' => {
                    if info.kind != ConstraintKind::Output || info.early_clobber {
                        return None;
                    }
                    info.early_clobber = true;
                }
                b'%' => {
                    if info.kind == ConstraintKind::Clobber || info.commutative {
                        return None;
                    }
                    info.commutative = true;
                }
                b'#' | b'*' => return None,
                _ => break,
            }
            i += 1;
            if i >= s.len() {
                return None; // Just prefixes and modifiers.
            }
        }
        // The constraint codes. (Where LLVM would read past the end of a `^` or `@` code, the
        // constraint ends.)
        while i < s.len() {
            let codes = if multiple { &mut info.alternatives[alt].codes } else { &mut info.codes };
            let c = s[i];
            if c == b'{' {
                let end = s[i + 1..].iter().position(|&c| c == b'}')? + i + 1;
                codes.push(s[i..=end].into());
                i = end + 1;
            } else if c.is_ascii_digit() {
                let start = i;
                while i < s.len() && s[i].is_ascii_digit() {
                    i += 1;
                }
                codes.push(s[start..i].into());
                let n =
                    s[start..i].iter().try_fold(0usize, |n, &d| n.checked_mul(10)?.checked_add((d - b'0') as usize));
                let n = n.filter(|&n| n < so_far.len())?;
                if so_far[n].kind != ConstraintKind::Output || info.kind != ConstraintKind::Input {
                    return None;
                }
                let me = so_far.len();
                if multiple {
                    let sc = so_far[n].alternatives.get_mut(alt)?;
                    if sc.matching_input.is_some() {
                        return None;
                    }
                    sc.matching_input = Some(me);
                } else {
                    if so_far[n].matching_input.is_some_and(|m| m != me) {
                        return None;
                    }
                    so_far[n].matching_input = Some(me);
                }
            } else if c == b'|' {
                alt += 1;
                i += 1;
            } else if c == b'^' {
                codes.push(s[(i + 1).min(s.len())..(i + 3).min(s.len())].into());
                i += 3;
            } else if c == b'@' {
                i += 1;
                let n = at(i).map_or(0, |d| d.wrapping_sub(b'0') as usize);
                i += 1;
                codes.push(s[i.min(s.len())..(i + n).min(s.len())].into());
                i += n;
            } else {
                codes.push(s[i..=i].into());
                i += 1;
            }
        }
        Some(info)
    }
}

/// `InlineAsm::ParseConstraints`: every constraint of the string, or nothing at all when one
/// does not parse (an empty constraint, a trailing comma, or a constraint LLVM rejects).
pub fn parse_constraints(s: &[u8]) -> Vec<ConstraintInfo> {
    let mut out: Vec<ConstraintInfo> = Vec::new();
    let mut i = 0;
    while i < s.len() {
        let end = s[i..].iter().position(|&c| c == b',').map_or(s.len(), |p| p + i);
        if end == i {
            return Vec::new();
        }
        match ConstraintInfo::parse(&s[i..end], &mut out) {
            Some(info) => out.push(info),
            None => return Vec::new(),
        }
        i = end;
        if i < s.len() {
            i += 1;
            if i == s.len() {
                return Vec::new(); // "xyz,"
            }
        }
    }
    out
}

/// `InlineAsm::verify`: the constraints of an asm of function type `fn_ty`, with LLVM's message
/// when they do not fit. (Label constraints are counted by the verifier, against callbr.)
pub fn verify(ctx: &Context, fn_ty: TypeId, constraints: &[u8]) -> Result<(), &'static str> {
    let Type::Function { ret, params, vararg } = ctx.type_of(fn_ty) else {
        return Err("invalid type for inline asm constraint string");
    };
    if *vararg {
        return Err("inline asm cannot be variadic");
    }
    let parsed = parse_constraints(constraints);
    if parsed.is_empty() && !constraints.is_empty() {
        return Err("failed to parse constraints");
    }
    let (mut outputs, mut inputs, mut clobbers, mut indirect, mut labels) = (0usize, 0usize, 0usize, 0usize, 0usize);
    for c in &parsed {
        match c.kind {
            ConstraintKind::Output | ConstraintKind::Input => {
                if c.kind == ConstraintKind::Output {
                    if inputs - indirect != 0 || clobbers != 0 || labels != 0 {
                        return Err("output constraint occurs after input, clobber or label constraint");
                    }
                    if !c.indirect {
                        outputs += 1;
                        continue;
                    }
                    indirect += 1;
                }
                if clobbers != 0 {
                    return Err("input constraint occurs after clobber constraint");
                }
                inputs += 1;
            }
            ConstraintKind::Clobber => clobbers += 1,
            ConstraintKind::Label => {
                if clobbers != 0 {
                    return Err("label constraint occurs after clobber constraint");
                }
                labels += 1;
            }
        }
    }
    let ret_struct = match ctx.type_of(*ret) {
        Type::Struct { elems, .. } => Some(elems.len()),
        Type::Named(s) => Some(ctx.structs[*s].body.as_ref().map_or(0, |b| b.elems.len())),
        _ => None,
    };
    match outputs {
        0 => {
            if !ctx.is_void(*ret) {
                return Err("inline asm without outputs must return void");
            }
        }
        1 => {
            if ret_struct.is_some() {
                return Err("inline asm with one output cannot return struct");
            }
        }
        n => {
            if ret_struct != Some(n) {
                return Err("number of output constraints does not match number of return struct elements");
            }
        }
    }
    if params.len() != inputs {
        return Err("number of input constraints does not match number of parameters");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(s: &str) -> Vec<ConstraintKind> {
        parse_constraints(s.as_bytes()).iter().map(|c| c.kind).collect()
    }

    #[test]
    fn parses_as_llvm() {
        use ConstraintKind::*;
        assert_eq!(kinds("=r,r,~{memory}"), vec![Output, Input, Clobber]);
        assert_eq!(kinds("=*m,0,!i"), vec![Output, Input, Label]);
        assert!(kinds("~x{21}").is_empty());
        assert!(kinds("r,").is_empty());
        assert!(kinds("r,,r").is_empty());
        assert!(kinds("=").is_empty());
        assert!(kinds("{ax").is_empty());
        assert!(kinds("r,0").is_empty(), "a matching constraint must name an output");
        assert!(kinds("=r,0,0").is_empty(), "one output, two matching inputs");
        assert!(kinds("=&&r").is_empty());
        assert!(kinds("#r").is_empty());
    }

    #[test]
    fn verifies_against_the_type() {
        let mut ctx = Context::default();
        let void = ctx.void_ty();
        let i32t = ctx.int_ty(32);
        let f0 = ctx.fn_ty(void, &[], false);
        let f1 = ctx.fn_ty(i32t, &[i32t], false);
        assert_eq!(verify(&ctx, f0, b"=r,r"), Err("number of input constraints does not match number of parameters"));
        assert_eq!(verify(&ctx, f1, b"r"), Err("inline asm without outputs must return void"));
        assert_eq!(verify(&ctx, f0, b"~x{21}"), Err("failed to parse constraints"));
        assert_eq!(verify(&ctx, f1, b"=r,r"), Ok(()));
        assert_eq!(verify(&ctx, f1, b"=r"), Err("number of input constraints does not match number of parameters"));
        assert_eq!(verify(&ctx, f0, b"r,=r"), Err("output constraint occurs after input, clobber or label constraint"));
        assert_eq!(verify(&ctx, f0, b"~{ax},r"), Err("input constraint occurs after clobber constraint"));
        assert_eq!(verify(&ctx, f0, b""), Ok(()));
    }
}
