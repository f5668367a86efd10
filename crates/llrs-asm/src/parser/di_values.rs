//! The value of one field of a specialized debug-info node, read as `LLParser::parseMDField`
//! reads it for the field's type ([`FieldTy`]): the same checks in the same order, with LLVM's
//! messages at LLVM's positions. The value is kept as written ([`DiValue`]); what it means is
//! settled by the node's upgrade and by the printer.

use super::di_fields::FieldTy;
use super::{PResult, Parser};
use crate::lexer::Tok;
use llrs_ir::metadata::{DiValue, Md};

/// An integer token as LLVM's lexer makes it (`APSInt`): signed when written with `-` (or
/// `s0x`), and its magnitude (`None` when beyond 128 bits).
struct IntTok {
    signed: bool,
    negative: bool,
    magnitude: Option<u128>,
}

impl IntTok {
    fn of(text: &[u8]) -> IntTok {
        let (signed, negative, digits, radix) = match text {
            [b'-', rest @ ..] => (true, true, rest, 10),
            [b'u', b'0', b'x', rest @ ..] => (false, false, rest, 16),
            [b's', b'0', b'x', rest @ ..] => (true, false, rest, 16),
            _ => (false, false, text, 10),
        };
        let mut magnitude: Option<u128> = Some(0);
        for &c in digits {
            let d = (c as char).to_digit(radix).map(u128::from);
            magnitude = match (magnitude, d) {
                (Some(m), Some(d)) => m.checked_mul(u128::from(radix)).and_then(|m| m.checked_add(d)),
                _ => None,
            };
        }
        IntTok { signed, negative, magnitude }
    }

    /// `APSInt::ugt(max)` of an unsigned value.
    fn above(&self, max: u64) -> bool {
        self.magnitude.is_none_or(|m| m > u128::from(max))
    }

    /// The value as a signed number, `None` beyond `i128`.
    fn value(&self) -> Option<i128> {
        let m = i128::try_from(self.magnitude?).ok()?;
        Some(if self.negative { -m } else { m })
    }
}

/// The names `dwarf::getTag` knows that the printer's table ([`llrs_ir::dwarf::DW_TAGS`]) leaves
/// out.
const EXTRA_TAGS: &[&[u8]] =
    &[b"DW_TAG_null", b"DW_TAG_SUN_hi", b"DW_TAG_PGI_kanji_type", b"DW_TAG_PGI_interface_block"];

/// A keyword field (`DwarfTagField`, `EmissionKindField`, ...): the token kind LLVM's lexer gives
/// its names, what to say when another token stands there, the name of an invalid one, its
/// maximum as a number, and whether a name is known.
struct Keyword {
    is_token: fn(&[u8]) -> bool,
    expected: &'static str,
    invalid: &'static str,
    max: u64,
    known: fn(&[u8]) -> bool,
}

fn named<T>(table: &[(T, &str)], name: &[u8]) -> bool {
    table.iter().any(|(_, n)| n.as_bytes() == name)
}

fn keyword(ty: FieldTy) -> Option<Keyword> {
    use llrs_ir::dwarf;
    let k = |is_token, expected, invalid, max, known| Some(Keyword { is_token, expected, invalid, max, known });
    match ty {
        FieldTy::Tag => k(
            |t| t.starts_with(b"DW_TAG_"),
            "expected DWARF tag",
            "invalid DWARF tag",
            0xffff,
            |t| named(dwarf::DW_TAGS, t) || EXTRA_TAGS.contains(&t),
        ),
        FieldTy::Macinfo => k(
            |t| t.starts_with(b"DW_MACINFO_"),
            "expected DWARF macinfo type",
            "invalid DWARF macinfo type",
            0xff,
            |t| named(dwarf::DW_MACINFOS, t),
        ),
        FieldTy::Virtuality => k(
            |t| t.starts_with(b"DW_VIRTUALITY_"),
            "expected DWARF virtuality code",
            "invalid DWARF virtuality code",
            2,
            |t| matches!(t, b"DW_VIRTUALITY_none" | b"DW_VIRTUALITY_virtual" | b"DW_VIRTUALITY_pure_virtual"),
        ),
        FieldTy::EnumKind => k(
            |t| t.starts_with(b"DW_APPLE_ENUM_KIND_"),
            "expected DWARF enum kind code",
            "invalid DWARF enum kind code",
            1,
            |t| matches!(t, b"DW_APPLE_ENUM_KIND_Closed" | b"DW_APPLE_ENUM_KIND_Open"),
        ),
        FieldTy::Lang => k(
            |t| t.starts_with(b"DW_LANG_"),
            "expected DWARF language",
            "invalid DWARF language",
            0xffff,
            |t| named(dwarf::DW_LANGS, t),
        ),
        FieldTy::LangName => k(
            |t| t.starts_with(b"DW_LNAME_"),
            "expected DWARF source language name",
            "invalid DWARF source language name",
            u64::from(u32::MAX),
            |t| named(dwarf::DW_LNAMES, t),
        ),
        FieldTy::Cc => k(
            |t| t.starts_with(b"DW_CC_"),
            "expected DWARF calling convention",
            "invalid DWARF calling convention",
            0xff,
            |t| named(dwarf::DW_CCS, t),
        ),
        FieldTy::EmissionKind => k(
            |t| matches!(t, b"NoDebug" | b"FullDebug" | b"LineTablesOnly" | b"DebugDirectivesOnly"),
            "expected emission kind",
            "invalid emission kind",
            3,
            |_| true,
        ),
        FieldTy::FixedPointKind => k(
            |t| matches!(t, b"Binary" | b"Decimal" | b"Rational"),
            "expected fixed-point kind",
            "invalid fixed-point kind",
            2,
            |_| true,
        ),
        FieldTy::NameTableKind => k(
            |t| matches!(t, b"GNU" | b"Apple" | b"None" | b"Default"),
            "expected nameTable kind",
            "invalid nameTable kind",
            3,
            |_| true,
        ),
        FieldTy::AttEncoding => k(
            |t| t.starts_with(b"DW_ATE_"),
            "expected DWARF type attribute encoding",
            "invalid DWARF type attribute encoding",
            0xff,
            |t| named(dwarf::DW_ATES, t),
        ),
        _ => None,
    }
}

impl<'a> Parser<'a> {
    /// The value of field `name` of type `ty`, the label already read.
    pub(super) fn parse_di_field(&mut self, name: &str, ty: FieldTy) -> PResult<DiValue> {
        if let Some(k) = keyword(ty) {
            if self.is(Tok::Int) {
                return self.parse_di_unsigned(name, k.max);
            }
            let t = self.text();
            if !self.is(Tok::Ident) || !(k.is_token)(t) {
                return self.err_here(k.expected);
            }
            if !(k.known)(t) {
                return self.err_here(format!("{} '{}'", k.invalid, String::from_utf8_lossy(t)));
            }
            let s = self.m.ctx.sym_bytes(t);
            self.next();
            return Ok(DiValue::Ident(s));
        }
        match ty {
            FieldTy::Unsigned(max) => self.parse_di_unsigned(name, max),
            FieldTy::Signed(min, max) => self.parse_di_signed(name, min, max),
            FieldTy::Bool => {
                if !self.is_kw(b"true") && !self.is_kw(b"false") {
                    return self.err_here("expected 'true' or 'false'");
                }
                let s = self.m.ctx.sym_bytes(self.text());
                self.next();
                Ok(DiValue::Ident(s))
            }
            FieldTy::Md(allow_null) => self.parse_di_md(name, allow_null),
            FieldTy::Str(_) | FieldTy::StrKeepEmpty => {
                if !self.is(Tok::Str) {
                    return self.err_here("expected string constant");
                }
                let s = self.val().into_owned();
                if s.is_empty() && ty == FieldTy::Str(false) {
                    return self.err_here(format!("'{name}' cannot be empty"));
                }
                self.next();
                Ok(DiValue::Str(self.m.ctx.sym_bytes(&s)))
            }
            FieldTy::Flags => self.parse_di_flags(false),
            FieldTy::SpFlags => self.parse_di_flags(true),
            FieldTy::SignedOrMd(min, max) => {
                if self.is(Tok::Int) {
                    return self.parse_di_signed(name, min, max);
                }
                self.parse_di_md(name, true)
            }
            FieldTy::SignedOrMdNoNull(min, max) => {
                if self.is(Tok::Int) {
                    return self.parse_di_signed(name, min, max);
                }
                self.parse_di_md(name, false)
            }
            FieldTy::UnsignedOrMd(max) => {
                if self.is(Tok::Int) {
                    return self.parse_di_unsigned(name, max);
                }
                self.parse_di_md(name, true)
            }
            FieldTy::ApsInt => {
                if !self.is(Tok::Int) {
                    return self.err_here("expected integer");
                }
                Ok(self.parse_di_int())
            }
            FieldTy::MdList => {
                let list = self.parse_md_node_vector()?;
                Ok(DiValue::List(Box::new(list.into_vec().into_boxed_slice())))
            }
            FieldTy::ChecksumKind => {
                let t = self.text();
                if !self.is(Tok::Ident) || !matches!(t, b"CSK_MD5" | b"CSK_SHA1" | b"CSK_SHA256") {
                    // LLVM names the token only when it lexes as a checksum kind; otherwise its
                    // lexer still holds the label's text.
                    let shown = if self.is(Tok::Ident) && t.starts_with(b"CSK_") { t } else { name.as_bytes() };
                    return self.err_here(format!("invalid checksum kind '{}'", String::from_utf8_lossy(shown)));
                }
                let s = self.m.ctx.sym_bytes(t);
                self.next();
                Ok(DiValue::Ident(s))
            }
            _ => self.err_here("expected metadata field value"),
        }
    }

    /// `MDUnsignedField`: a non-negative integer up to `max`.
    fn parse_di_unsigned(&mut self, name: &str, max: u64) -> PResult<DiValue> {
        if !self.is(Tok::Int) {
            return self.err_here("expected unsigned integer");
        }
        // Most are short decimals: read once.
        if let Some(v) = super::dec_u64(self.text()).filter(|&v| v <= max) {
            if let Ok(v) = i64::try_from(v) {
                self.next();
                return Ok(DiValue::Int(v));
            }
        }
        let n = IntTok::of(self.text());
        if n.signed {
            return self.err_here("expected unsigned integer");
        }
        if n.above(max) {
            return self.err_here(format!("value for '{name}' too large, limit is {max}"));
        }
        Ok(self.parse_di_int())
    }

    /// `MDSignedField`: an integer from `min` to `max`.
    fn parse_di_signed(&mut self, name: &str, min: i64, max: i64) -> PResult<DiValue> {
        if !self.is(Tok::Int) {
            return self.err_here("expected signed integer");
        }
        let n = IntTok::of(self.text());
        match n.value() {
            Some(v) if v < i128::from(min) => {
                return self.err_here(format!("value for '{name}' too small, limit is {min}"));
            }
            Some(v) if v > i128::from(max) => {
                return self.err_here(format!("value for '{name}' too large, limit is {max}"));
            }
            None if n.negative => return self.err_here(format!("value for '{name}' too small, limit is {min}")),
            None => return self.err_here(format!("value for '{name}' too large, limit is {max}")),
            Some(_) => {}
        }
        Ok(self.parse_di_int())
    }

    /// `MDField`: `null` (when allowed) or any metadata (`parseMetadata`).
    fn parse_di_md(&mut self, name: &str, allow_null: bool) -> PResult<DiValue> {
        if self.is_kw(b"null") {
            if !allow_null {
                return self.err_here(format!("'{name}' cannot be null"));
            }
            self.next();
            return Ok(DiValue::Md(Md::Null));
        }
        Ok(DiValue::Md(self.parse_md_operand()?))
    }

    /// `DIFlagField` / `DISPFlagField`: flags and unsigned 32-bit numbers joined with `|`.
    fn parse_di_flags(&mut self, sp: bool) -> PResult<DiValue> {
        let mut flags: Vec<llrs_ir::Symbol> = Vec::new();
        let mut lone_int;
        loop {
            let t = self.text();
            let n = IntTok::of(t);
            if self.is(Tok::Int) && !n.signed {
                if n.above(u64::from(u32::MAX)) {
                    return self.err_here("expected 32-bit integer (too large)");
                }
                lone_int = n.magnitude.and_then(|m| i64::try_from(m).ok());
            } else {
                let (prefix, known): (&[u8], bool) = if sp {
                    (b"DISPFlag", llrs_ir::dwarf::sp_flag_value(t).is_some())
                } else {
                    (b"DIFlag", llrs_ir::dwarf::di_flag_value(t).is_some())
                };
                if !self.is(Tok::Ident) || !t.starts_with(prefix) {
                    return self.err_here("expected debug info flag");
                }
                if !known {
                    let what = if sp { "subprogram debug info flag" } else { "debug info flag" };
                    return self.err_here(format!("invalid {what} '{}'", String::from_utf8_lossy(t)));
                }
                lone_int = None;
            }
            flags.push(self.m.ctx.sym_bytes(t));
            self.next();
            if !self.eat(Tok::Bar) {
                break;
            }
        }
        match (flags.len(), lone_int) {
            (1, Some(v)) => Ok(DiValue::Int(v)),
            (1, None) => Ok(DiValue::Ident(flags[0])),
            _ => Ok(DiValue::Flags(Box::new(flags.into_boxed_slice()))),
        }
    }
}

impl Parser<'_> {
    /// The checks of `parseDICompileUnit`, `parseDISubprogram`, `parseDIFile` and
    /// `parseDIEnumerator` once the fields are read (`pos` is the node's keyword, the current
    /// token the one after its `)`).
    pub(super) fn check_node_fields(
        &self,
        kw: &[u8],
        distinct: bool,
        pos: usize,
        fields: &[(Option<llrs_ir::Symbol>, DiValue)],
    ) -> PResult<()> {
        let ctx = &self.m.ctx;
        let get =
            |name: &str| fields.iter().find(|(n, _)| n.is_some_and(|n| ctx.name(n) == name.as_bytes())).map(|f| &f.1);
        let ident = |v: Option<&DiValue>, word: &[u8]| matches!(v, Some(DiValue::Ident(s)) if ctx.name(*s) == word);
        match kw {
            b"DICompileUnit" => {
                let (lang, name) = (get("language").is_some(), get("sourceLanguageName").is_some());
                if !lang && !name {
                    return self
                        .err(pos, "missing one of 'language' or 'sourceLanguageName', required for !DICompileUnit");
                }
                if lang && name {
                    return self
                        .err(pos, "can only specify one of 'language' and 'sourceLanguageName' on !DICompileUnit");
                }
                if get("sourceLanguageVersion").is_some() && !name {
                    return self.err(
                        pos,
                        "'sourceLanguageVersion' requires an associated 'sourceLanguageName' on !DICompileUnit",
                    );
                }
            }
            b"DISubprogram" if !distinct => {
                // `spFlags` when given, else the old `isDefinition` (true unless written false).
                let definition = match get("spFlags") {
                    Some(v) => self.sp_flags_value(v) & 8 != 0,
                    None => !ident(get("isDefinition"), b"false"),
                };
                if definition {
                    return self.err(pos, "missing 'distinct', required for !DISubprogram that is a Definition");
                }
            }
            b"DIFile" if get("checksumkind").is_some() != get("checksum").is_some() => {
                return self.err_here("'checksumkind' and 'checksum' must be provided together");
            }
            b"DIEnumerator" if ident(get("isUnsigned"), b"true") => {
                let negative = match get("value") {
                    Some(DiValue::Int(v)) => *v < 0,
                    Some(DiValue::BigInt(s)) => ctx.name(*s).starts_with(b"-"),
                    _ => false,
                };
                if negative {
                    return self.err_here("unsigned enumerator with negative value");
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// The bits of a `DISPFlagField` value as read by [`Parser::parse_di_field`].
    fn sp_flags_value(&self, v: &DiValue) -> u64 {
        let one = |s: llrs_ir::Symbol| {
            let t = self.m.ctx.name(s);
            llrs_ir::dwarf::sp_flag_value(t).unwrap_or_else(|| IntTok::of(t).magnitude.map_or(0, |m| m as u64))
        };
        match v {
            DiValue::Int(n) => *n as u64,
            DiValue::Ident(s) => one(*s),
            DiValue::Flags(list) => list.iter().fold(0, |acc, &s| acc | one(s)),
            _ => 0,
        }
    }
}
