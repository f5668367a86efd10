//! The structured arguments of attributes, read as LLParser reads them (same messages, same
//! positions): `memory(...)`, `captures(...)`, `nofpclass(...)`, `initializes(...)`,
//! `allockind("...")` and `uwtable(...)`. Each parser starts after the keyword.

use crate::lexer::Tok;
use crate::parser::{PResult, Parser};
use llrs_ir::attributes::{
    AllocFnKind, CaptureComponents, CaptureInfo, ConstantRangeList, FPClassTest, MemoryEffects, OffsetRange,
    UwTableKind,
};

const EXPECTED_COMPONENT: &str =
    "expected one of 'none', 'address', 'address_is_null', 'provenance' or 'read_provenance'";

impl<'a> Parser<'a> {
    /// The bare word at the current token: a keyword, or the name of an unquoted label. Inside
    /// `captures(...)` LLVM reads `ret:` as the keyword `ret` and a colon; our lexer makes it one
    /// label token, which [`Self::next_word`] splits.
    fn word(&self) -> Option<&'a [u8]> {
        match self.tok.kind {
            Tok::Ident => Some(self.text()),
            Tok::Label if !self.tok.quoted => Some(&self.src[self.tok.vstart as usize..self.tok.vend as usize]),
            _ => None,
        }
    }

    /// Moves past the word of [`Self::word`]: a label's colon becomes the next token.
    fn next_word(&mut self) {
        if self.tok.kind == Tok::Label {
            self.set_lex_pos(self.tok.vend as usize);
        }
        self.next();
    }

    /// `(other-components [, ret: ret-components])` of `captures`.
    pub(super) fn parse_captures(&mut self) -> PResult<CaptureInfo> {
        self.expect(Tok::LParen, "expected '('")?;
        let mut other = CaptureComponents::NONE;
        let mut ret: Option<CaptureComponents> = None;
        let mut seen = false;
        loop {
            if self.word() == Some(b"ret") {
                self.next_word();
                self.expect(Tok::Colon, "expected ':'")?;
                if ret.is_some() {
                    return self.err_here("duplicate 'ret' location");
                }
                ret = Some(CaptureComponents::NONE);
                seen = false;
            }
            let cur = match ret.as_mut() {
                Some(r) => r,
                None => &mut other,
            };
            let word = self.word().unwrap_or_default();
            if word == b"none" {
                self.next_word();
                if seen {
                    return self.err_here("cannot use 'none' with other component");
                }
                *cur = CaptureComponents::NONE;
            } else {
                if seen && cur.is_none() {
                    return self.err_here("cannot use 'none' with other component");
                }
                let Some(c) = CaptureComponents::from_name(word) else {
                    return self.err_here(EXPECTED_COMPONENT);
                };
                self.next_word();
                *cur |= c;
            }
            seen = true;
            if self.eat(Tok::RParen) {
                break;
            }
            self.expect(Tok::Comma, "expected ',' or ')'")?;
        }
        Ok(CaptureInfo::new(other, ret.unwrap_or(other)))
    }

    /// The value of an unsigned integer token as LLParser's `parseUInt64` reads it (saturated),
    /// or `None` for a signed one (`-1`, `s0x..`).
    fn unsigned_int_token(&self) -> Option<u64> {
        let t = self.text();
        let t = t.strip_prefix(b"+").unwrap_or(t);
        if let Some(hex) = t.strip_prefix(b"u0x") {
            let digits = hex.iter().position(|&c| c != b'0').map_or(&hex[..0], |i| &hex[i..]);
            let v = digits.iter().try_fold(0u64, |v, &c| {
                let d = (c as char).to_digit(16)?;
                v.checked_mul(16).map(|v| v | u64::from(d))
            });
            return Some(v.unwrap_or(u64::MAX));
        }
        if !t.first().is_some_and(u8::is_ascii_digit) {
            return None;
        }
        Some(crate::parser::dec_u64(t).unwrap_or(u64::MAX))
    }

    /// `(names...)` or `(mask)` of `nofpclass`: class names separated by spaces, or one integer.
    pub(super) fn parse_nofpclass(&mut self) -> PResult<FPClassTest> {
        self.expect(Tok::LParen, "expected '('")?;
        let mut mask = FPClassTest::NONE;
        loop {
            let named = if self.is(Tok::Ident) { FPClassTest::from_name(self.text()) } else { None };
            if let Some(t) = named {
                mask |= t;
            } else if let Some(v) = (mask.is_empty() && self.is(Tok::Int)).then(|| self.unsigned_int_token()).flatten()
            {
                self.next();
                let Some(t) = FPClassTest::from_bits(v).filter(|t| !t.is_empty()) else {
                    return self.err_here("invalid mask value for 'nofpclass'");
                };
                self.expect(Tok::RParen, "expected ')'")?;
                return Ok(t);
            } else {
                return self.err_here("expected nofpclass test mask");
            }
            self.next();
            if self.eat(Tok::RParen) {
                return Ok(mask);
            }
        }
    }

    /// An integer of `initializes`, as an i64.
    fn parse_i64_lit(&mut self) -> PResult<i64> {
        if !self.is(Tok::Int) {
            return self.err_here("expected integer");
        }
        let v = self.int_token_value(64)?;
        self.next();
        Ok(v.low_u64() as i64)
    }

    /// `((lo, hi), ...)` of `initializes`: ordered, disjoint, non-adjacent ranges.
    pub(super) fn parse_initializes(&mut self) -> PResult<ConstantRangeList> {
        self.expect(Tok::LParen, "expected '('")?;
        let mut ranges = Vec::new();
        loop {
            self.expect(Tok::LParen, "expected '('")?;
            let lo = self.parse_i64_lit()?;
            self.expect(Tok::Comma, "expected ','")?;
            let hi = self.parse_i64_lit()?;
            if lo == hi {
                return self.err_here("the range should not represent the full or empty set!");
            }
            self.expect(Tok::RParen, "expected ')'")?;
            ranges.push(OffsetRange { lo, hi });
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::RParen, "expected ')'")?;
        match ConstantRangeList::new(ranges) {
            Ok(l) => Ok(l),
            Err(_) => self.err_here("Invalid (unordered or overlapping) range list"),
        }
    }

    /// `("kind,kind,...")` of `allockind`.
    pub(super) fn parse_allockind(&mut self) -> PResult<AllocFnKind> {
        self.expect(Tok::LParen, "expected '('")?;
        let p = self.pos();
        if !self.is(Tok::Str) {
            return self.err(p, "expected allockind value");
        }
        let s = self.val();
        let mut kind = AllocFnKind::UNKNOWN;
        for part in s.split(|&c| c == b',') {
            match AllocFnKind::from_name(part) {
                Some(k) => kind |= k,
                None => return self.err(p, format!("unknown allockind {}", String::from_utf8_lossy(part))),
            }
        }
        self.next();
        self.expect(Tok::RParen, "expected ')'")?;
        if kind.is_unknown() {
            return self.err(p, "expected allockind value");
        }
        Ok(kind)
    }

    /// The optional `(sync)` / `(async)` of `uwtable` (async when absent).
    pub(super) fn parse_uwtable_kind(&mut self) -> PResult<UwTableKind> {
        if !self.eat(Tok::LParen) {
            return Ok(UwTableKind::Async);
        }
        let kind = if self.is_kw(b"sync") {
            UwTableKind::Sync
        } else if self.is_kw(b"async") {
            UwTableKind::Async
        } else {
            return self.err_here("expected unwind table kind");
        };
        self.next();
        self.expect(Tok::RParen, "expected ')'")?;
        Ok(kind)
    }

    /// `(...)` of `memory`: a default access kind, then per-location ones.
    pub(super) fn parse_memory_effects(&mut self) -> PResult<MemoryEffects> {
        self.expect(Tok::LParen, "expected '('")?;
        let mut me = MemoryEffects::uniform(0);
        let mut seen_default = false;
        loop {
            let loc = if self.is(Tok::Label) {
                let v = self.val().into_owned();
                let i = match v.as_slice() {
                    b"argmem" => vec![0],
                    b"inaccessiblemem" => vec![1],
                    b"errnomem" => vec![2],
                    b"target_mem0" => vec![4],
                    b"target_mem1" => vec![5],
                    b"target_mem" => vec![4, 5],
                    _ => return self.err_here("expected memory location (argmem, inaccessiblemem, errnomem)"),
                };
                self.next();
                Some(i)
            } else {
                None
            };
            let mr = match self.text() {
                b"none" => 0,
                b"read" => 1,
                b"write" => 2,
                b"readwrite" => 3,
                _ => {
                    return self.err_here(if loc.is_some() {
                        "expected access kind (none, read, write, readwrite)"
                    } else {
                        "expected memory location (argmem, inaccessiblemem, errnomem) or access kind (none, read, write, readwrite)"
                    })
                }
            };
            self.next();
            match loc {
                Some(ls) => {
                    for l in ls {
                        me.set(l, mr);
                    }
                }
                None => {
                    if seen_default {
                        return self.err_here("default access kind must be specified first");
                    }
                    seen_default = true;
                    me = MemoryEffects::uniform(mr);
                }
            }
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::RParen, "expected ')'")?;
        Ok(me)
    }
}
