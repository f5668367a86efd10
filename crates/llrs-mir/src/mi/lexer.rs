//! The lexer of the machine-instruction language (LLVM's `MILexer.cpp`).
//!
//! Tokens are spans over the body text; string values are decoded only when the parser asks
//! ([`Token::string_value`]). A lexing error is reported once, through [`Lexer::error`], as
//! `MILexer`'s error callback does, and the token is [`Tk::Error`].

use std::borrow::Cow;

/// Token kinds (`MIToken::TokenKind`).
#[allow(missing_docs)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Tk {
    Eof,
    Error,
    Newline,
    // Symbols.
    Comma,
    Dot,
    Equal,
    Colon,
    ColonColon,
    LParen,
    RParen,
    LBrace,
    RBrace,
    Plus,
    Minus,
    Less,
    Greater,
    Exclaim,
    // Keywords.
    Underscore,
    KwImplicit,
    KwImplicitDefine,
    KwDef,
    KwDead,
    KwKilled,
    KwUndef,
    KwInternal,
    KwEarlyClobber,
    KwDebugUse,
    KwRenamable,
    KwTiedDef,
    KwFrameSetup,
    KwFrameDestroy,
    KwNnan,
    KwNinf,
    KwNsz,
    KwArcp,
    KwContract,
    KwAfn,
    KwReassoc,
    KwNuw,
    KwNsw,
    KwNusw,
    KwExact,
    KwNneg,
    KwDisjoint,
    KwSamesign,
    KwInbounds,
    KwNofpexcept,
    KwUnpredictable,
    KwNoconvergent,
    KwNomerge,
    KwDebugLocation,
    KwDebugInstrNumber,
    KwDbgInstrRef,
    CfiSameValue,
    CfiOffset,
    CfiRelOffset,
    CfiDefCfaRegister,
    CfiDefCfaOffset,
    CfiAdjustCfaOffset,
    CfiEscape,
    CfiDefCfa,
    CfiLlvmDefAspaceCfa,
    CfiRememberState,
    CfiRestore,
    CfiRestoreState,
    CfiUndefined,
    CfiRegister,
    CfiWindowSave,
    CfiNegateRaSignState,
    KwBlockaddress,
    KwIntrinsic,
    KwTargetIndex,
    KwHalf,
    KwBfloat,
    KwFloat,
    KwDouble,
    KwX86Fp80,
    KwFp128,
    KwPpcFp128,
    KwTargetFlags,
    KwVolatile,
    KwNonTemporal,
    KwDereferenceable,
    KwInvariant,
    KwAlign,
    KwBasealign,
    KwAddrspace,
    KwStack,
    KwGot,
    KwJumpTable,
    KwConstantPool,
    KwCallEntry,
    KwCustom,
    KwLiveout,
    KwLandingPad,
    KwInlineasmBrIndirectTarget,
    KwEhfuncletEntry,
    KwEhscopeEntry,
    KwLiveins,
    KwSuccessors,
    KwFloatpred,
    KwIntpred,
    KwShufflemask,
    KwPreInstrSymbol,
    KwPostInstrSymbol,
    KwHeapAllocMarker,
    KwPcsections,
    KwMmra,
    KwCfiType,
    KwBbsections,
    KwBbId,
    KwUnknownSize,
    KwUnknownAddress,
    KwDistinct,
    KwIrBlockAddressTaken,
    KwMachineBlockAddressTaken,
    KwCallFrameSize,
    KwDeactivationSymbol,
    // Names and values.
    Identifier,
    NamedRegister,
    NamedVirtualRegister,
    VirtualRegister,
    MachineBasicBlockLabel,
    MachineBasicBlock,
    StackObject,
    FixedStackObject,
    NamedGlobalValue,
    GlobalValue,
    ExternalSymbol,
    MCSymbol,
    IntegerLiteral,
    FloatingPointLiteral,
    HexLiteral,
    ConstantPoolItem,
    JumpTableIndex,
    NamedIRBlock,
    IRBlock,
    NamedIRValue,
    IRValue,
    QuotedIRValue,
    SubRegisterIndex,
    StringConstant,
    // Metadata keywords.
    MdTbaa,
    MdAliasScope,
    MdNoalias,
    MdRange,
    MdNoaliasAddrspace,
    MdDiexpr,
    MdDilocation,
}

impl Tk {
    /// `MIToken::isRegister`.
    pub fn is_register(self) -> bool {
        matches!(self, Tk::NamedRegister | Tk::VirtualRegister | Tk::NamedVirtualRegister | Tk::Underscore)
    }
    /// `MIToken::isRegisterFlag`.
    pub fn is_register_flag(self) -> bool {
        matches!(
            self,
            Tk::KwImplicit
                | Tk::KwImplicitDefine
                | Tk::KwDef
                | Tk::KwDead
                | Tk::KwKilled
                | Tk::KwUndef
                | Tk::KwInternal
                | Tk::KwEarlyClobber
                | Tk::KwDebugUse
                | Tk::KwRenamable
        )
    }
    /// `MIToken::isMemoryOperandFlag`.
    pub fn is_memory_operand_flag(self) -> bool {
        matches!(
            self,
            Tk::KwVolatile | Tk::KwNonTemporal | Tk::KwDereferenceable | Tk::KwInvariant | Tk::StringConstant
        )
    }
    /// `MIToken::isNewlineOrEOF`.
    pub fn is_newline_or_eof(self) -> bool {
        matches!(self, Tk::Newline | Tk::Eof)
    }
    /// `MIToken::isErrorOrEOF`.
    pub fn is_error_or_eof(self) -> bool {
        matches!(self, Tk::Error | Tk::Eof)
    }
    /// Whether this kind carries an integer value (`MIToken::hasIntegerValue`).
    pub fn has_integer_value(self) -> bool {
        matches!(
            self,
            Tk::IntegerLiteral
                | Tk::MachineBasicBlock
                | Tk::MachineBasicBlockLabel
                | Tk::StackObject
                | Tk::FixedStackObject
                | Tk::GlobalValue
                | Tk::VirtualRegister
                | Tk::ConstantPoolItem
                | Tk::JumpTableIndex
                | Tk::IRBlock
                | Tk::IRValue
        )
    }
}

/// One token: its kind, its range, the range of its string value and of its number.
#[derive(Clone, Copy, Debug)]
pub struct Token {
    /// The kind.
    pub kind: Tk,
    /// Start of the token's range (byte offset in the source).
    pub start: u32,
    /// End of the token's range.
    pub end: u32,
    /// Start of the string value.
    pub sv_start: u32,
    /// End of the string value.
    pub sv_end: u32,
    /// The string value is a quoted string still to unescape (quotes included).
    pub quoted: bool,
    /// Start of the digits of the integer value.
    pub num_start: u32,
    /// End of the digits of the integer value.
    pub num_end: u32,
}

impl Token {
    fn new(kind: Tk, start: usize, end: usize) -> Token {
        Token {
            kind,
            start: start as u32,
            end: end as u32,
            sv_start: start as u32,
            sv_end: end as u32,
            quoted: false,
            num_start: start as u32,
            num_end: end as u32,
        }
    }
    /// Whether the token is of kind `k`.
    #[inline]
    pub fn is(&self, k: Tk) -> bool {
        self.kind == k
    }
    /// The token's text.
    pub fn range<'s>(&self, src: &'s [u8]) -> &'s [u8] {
        src.get(self.start as usize..self.end as usize).unwrap_or(&[])
    }
    /// The token's string value (names without their prefix, unescaped when quoted).
    pub fn string_value<'s>(&self, src: &'s [u8]) -> Cow<'s, [u8]> {
        let raw = src.get(self.sv_start as usize..self.sv_end as usize).unwrap_or(&[]);
        if self.quoted {
            Cow::Owned(unescape_quoted(raw))
        } else {
            Cow::Borrowed(raw)
        }
    }
    /// The digits of the integer value (with a leading `-` for negative literals).
    pub fn number_text<'s>(&self, src: &'s [u8]) -> &'s [u8] {
        src.get(self.num_start as usize..self.num_end as usize).unwrap_or(&[])
    }
}

fn is_blank(c: u8) -> bool {
    c == b' ' || c == b'\t'
}
fn is_newline(c: u8) -> bool {
    c == b'\n' || c == b'\r'
}
/// `[-a-zA-Z$._0-9]`.
pub fn is_identifier_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'-' || c == b'.' || c == b'$'
}
fn is_register_char(c: u8) -> bool {
    is_identifier_char(c) && c != b'.'
}

/// Unescapes a quoted string (`"..."`, quotes included): `\\` is one backslash, `\XX` a byte.
pub fn unescape_quoted(v: &[u8]) -> Vec<u8> {
    let inner = if v.len() >= 2 { &v[1..v.len() - 1] } else { &[][..] };
    let mut out = Vec::with_capacity(inner.len());
    let mut i = 0;
    while i < inner.len() {
        let c = inner[i];
        if c == b'\\' {
            if inner.get(i + 1) == Some(&b'\\') {
                out.push(b'\\');
                i += 2;
                continue;
            }
            if let (Some(a), Some(b)) = (inner.get(i + 1), inner.get(i + 2)) {
                if a.is_ascii_hexdigit() && b.is_ascii_hexdigit() {
                    out.push(hex(*a) * 16 + hex(*b));
                    i += 3;
                    continue;
                }
            }
        }
        out.push(c);
        i += 1;
    }
    out
}

fn hex(c: u8) -> u8 {
    match c {
        b'0'..=b'9' => c - b'0',
        b'a'..=b'f' => c - b'a' + 10,
        _ => c - b'A' + 10,
    }
}

fn keyword(id: &[u8]) -> Tk {
    match id {
        b"_" => Tk::Underscore,
        b"implicit" => Tk::KwImplicit,
        b"implicit-def" => Tk::KwImplicitDefine,
        b"def" => Tk::KwDef,
        b"dead" => Tk::KwDead,
        b"killed" => Tk::KwKilled,
        b"undef" => Tk::KwUndef,
        b"internal" => Tk::KwInternal,
        b"early-clobber" => Tk::KwEarlyClobber,
        b"debug-use" => Tk::KwDebugUse,
        b"renamable" => Tk::KwRenamable,
        b"tied-def" => Tk::KwTiedDef,
        b"frame-setup" => Tk::KwFrameSetup,
        b"frame-destroy" => Tk::KwFrameDestroy,
        b"nnan" => Tk::KwNnan,
        b"ninf" => Tk::KwNinf,
        b"nsz" => Tk::KwNsz,
        b"arcp" => Tk::KwArcp,
        b"contract" => Tk::KwContract,
        b"afn" => Tk::KwAfn,
        b"reassoc" => Tk::KwReassoc,
        b"nuw" => Tk::KwNuw,
        b"nsw" => Tk::KwNsw,
        b"nusw" => Tk::KwNusw,
        b"exact" => Tk::KwExact,
        b"nneg" => Tk::KwNneg,
        b"disjoint" => Tk::KwDisjoint,
        b"samesign" => Tk::KwSamesign,
        b"inbounds" => Tk::KwInbounds,
        b"nofpexcept" => Tk::KwNofpexcept,
        b"unpredictable" => Tk::KwUnpredictable,
        b"noconvergent" => Tk::KwNoconvergent,
        // llc 22 prints `nomerge` and `mmra` but its lexer has no such keywords: they are
        // identifiers there (an instruction name, a typed immediate), and here too.
        b"debug-location" => Tk::KwDebugLocation,
        b"debug-instr-number" => Tk::KwDebugInstrNumber,
        b"dbg-instr-ref" => Tk::KwDbgInstrRef,
        b"same_value" => Tk::CfiSameValue,
        b"offset" => Tk::CfiOffset,
        b"rel_offset" => Tk::CfiRelOffset,
        b"def_cfa_register" => Tk::CfiDefCfaRegister,
        b"def_cfa_offset" => Tk::CfiDefCfaOffset,
        b"adjust_cfa_offset" => Tk::CfiAdjustCfaOffset,
        b"escape" => Tk::CfiEscape,
        b"def_cfa" => Tk::CfiDefCfa,
        b"llvm_def_aspace_cfa" => Tk::CfiLlvmDefAspaceCfa,
        b"remember_state" => Tk::CfiRememberState,
        b"restore" => Tk::CfiRestore,
        b"restore_state" => Tk::CfiRestoreState,
        b"undefined" => Tk::CfiUndefined,
        b"register" => Tk::CfiRegister,
        b"window_save" => Tk::CfiWindowSave,
        b"negate_ra_sign_state" => Tk::CfiNegateRaSignState,
        b"blockaddress" => Tk::KwBlockaddress,
        b"intrinsic" => Tk::KwIntrinsic,
        b"target-index" => Tk::KwTargetIndex,
        b"half" => Tk::KwHalf,
        b"bfloat" => Tk::KwBfloat,
        b"float" => Tk::KwFloat,
        b"double" => Tk::KwDouble,
        b"x86_fp80" => Tk::KwX86Fp80,
        b"fp128" => Tk::KwFp128,
        b"ppc_fp128" => Tk::KwPpcFp128,
        b"target-flags" => Tk::KwTargetFlags,
        b"volatile" => Tk::KwVolatile,
        b"non-temporal" => Tk::KwNonTemporal,
        b"dereferenceable" => Tk::KwDereferenceable,
        b"invariant" => Tk::KwInvariant,
        b"align" => Tk::KwAlign,
        b"basealign" => Tk::KwBasealign,
        b"addrspace" => Tk::KwAddrspace,
        b"stack" => Tk::KwStack,
        b"got" => Tk::KwGot,
        b"jump-table" => Tk::KwJumpTable,
        b"constant-pool" => Tk::KwConstantPool,
        b"call-entry" => Tk::KwCallEntry,
        b"custom" => Tk::KwCustom,
        b"liveout" => Tk::KwLiveout,
        b"landing-pad" => Tk::KwLandingPad,
        b"inlineasm-br-indirect-target" => Tk::KwInlineasmBrIndirectTarget,
        b"ehfunclet-entry" => Tk::KwEhfuncletEntry,
        b"ehscope-entry" => Tk::KwEhscopeEntry,
        b"liveins" => Tk::KwLiveins,
        b"successors" => Tk::KwSuccessors,
        b"floatpred" => Tk::KwFloatpred,
        b"intpred" => Tk::KwIntpred,
        b"shufflemask" => Tk::KwShufflemask,
        b"pre-instr-symbol" => Tk::KwPreInstrSymbol,
        b"post-instr-symbol" => Tk::KwPostInstrSymbol,
        b"heap-alloc-marker" => Tk::KwHeapAllocMarker,
        b"pcsections" => Tk::KwPcsections,
        b"cfi-type" => Tk::KwCfiType,
        b"bbsections" => Tk::KwBbsections,
        b"bb_id" => Tk::KwBbId,
        b"unknown-size" => Tk::KwUnknownSize,
        b"unknown-address" => Tk::KwUnknownAddress,
        b"distinct" => Tk::KwDistinct,
        b"ir-block-address-taken" => Tk::KwIrBlockAddressTaken,
        b"machine-block-address-taken" => Tk::KwMachineBlockAddressTaken,
        b"call-frame-size" => Tk::KwCallFrameSize,
        b"deactivation-symbol" => Tk::KwDeactivationSymbol,
        _ => Tk::Identifier,
    }
}

/// The lexer: a cursor over the body text and the last error it reported.
pub struct Lexer<'s> {
    src: &'s [u8],
    pos: usize,
    /// The last error reported by the lexer (offset, message).
    pub error: Option<(usize, String)>,
}

impl<'s> Lexer<'s> {
    /// A lexer over `src`, starting at offset `pos`.
    pub fn new(src: &'s [u8], pos: usize) -> Lexer<'s> {
        Lexer { src, pos, error: None }
    }
    /// The current offset.
    pub fn pos(&self) -> usize {
        self.pos
    }
    /// Moves the cursor (used after a sub-parser consumed text itself).
    pub fn set_pos(&mut self, pos: usize) {
        self.pos = pos.min(self.src.len());
    }
    #[inline]
    fn peek(&self, at: usize) -> u8 {
        self.src.get(at).copied().unwrap_or(0)
    }
    fn starts_with(&self, at: usize, s: &[u8]) -> bool {
        self.src.get(at..).is_some_and(|r| r.starts_with(s))
    }
    fn err(&mut self, at: usize, msg: String) {
        self.error = Some((at, msg));
    }

    /// Lexes the next token (`lexMIToken`).
    pub fn next_token(&mut self) -> Token {
        let t = self.lex_at(self.pos);
        self.pos = t.1;
        t.0
    }

    fn lex_at(&mut self, mut c: usize) -> (Token, usize) {
        while is_blank(self.peek(c)) {
            c += 1;
        }
        if self.peek(c) == b';' {
            while c < self.src.len() && !is_newline(self.src[c]) {
                c += 1;
            }
        }
        if c >= self.src.len() {
            return (Token::new(Tk::Eof, c, c), c);
        }
        if self.peek(c) == b'/' && self.peek(c + 1) == b'*' {
            while c < self.src.len() && !(self.peek(c) == b'*' && self.peek(c + 1) == b'/') {
                c += 1;
            }
            c = (c + 2).min(self.src.len());
            // llc 22 skips the blanks after a comment (not a second comment).
            while is_blank(self.peek(c)) {
                c += 1;
            }
            if c >= self.src.len() {
                return (Token::new(Tk::Eof, c, c), c);
            }
        }
        let ch = self.peek(c);
        // maybeLexMachineBasicBlock
        if self.starts_with(c, b"%bb.") || self.starts_with(c, b"bb.") {
            return self.lex_mbb(c);
        }
        if ch.is_ascii_alphabetic() || ch == b'_' {
            let mut e = c;
            while is_identifier_char(self.peek(e)) {
                e += 1;
            }
            let kind = keyword(&self.src[c..e]);
            return (Token::new(kind, c, e), e);
        }
        if let Some(r) = self.lex_index(c, b"%jump-table.", Tk::JumpTableIndex) {
            return r;
        }
        if let Some(r) = self.lex_index_and_name(c, b"%stack.", Tk::StackObject) {
            return r;
        }
        if let Some(r) = self.lex_index(c, b"%fixed-stack.", Tk::FixedStackObject) {
            return r;
        }
        if let Some(r) = self.lex_index(c, b"%const.", Tk::ConstantPoolItem) {
            return r;
        }
        if self.starts_with(c, b"%subreg.") {
            return self.lex_name(c, Tk::SubRegisterIndex, 8);
        }
        if self.starts_with(c, b"%ir-block.") {
            if self.peek(c + 10).is_ascii_digit() {
                if let Some(r) = self.lex_index(c, b"%ir-block.", Tk::IRBlock) {
                    return r;
                }
            }
            return self.lex_name(c, Tk::NamedIRBlock, 10);
        }
        if self.starts_with(c, b"%ir.") {
            if self.peek(c + 4).is_ascii_digit() {
                if let Some(r) = self.lex_index(c, b"%ir.", Tk::IRValue) {
                    return r;
                }
            }
            return self.lex_name(c, Tk::NamedIRValue, 4);
        }
        if ch == b'%' {
            if self.peek(c + 1).is_ascii_digit() {
                let mut e = c + 1;
                while self.peek(e).is_ascii_digit() {
                    e += 1;
                }
                let mut t = Token::new(Tk::VirtualRegister, c, e);
                t.num_start = (c + 1) as u32;
                return (t, e);
            }
            if is_register_char(self.peek(c + 1)) {
                let mut e = c + 1;
                while is_register_char(self.peek(e)) {
                    e += 1;
                }
                let mut t = Token::new(Tk::NamedVirtualRegister, c, e);
                t.sv_start = (c + 1) as u32;
                return (t, e);
            }
        }
        if ch == b'$' {
            let mut e = c + 1;
            while is_register_char(self.peek(e)) {
                e += 1;
            }
            let mut t = Token::new(Tk::NamedRegister, c, e);
            t.sv_start = (c + 1) as u32;
            return (t, e);
        }
        if ch == b'@' {
            if !self.peek(c + 1).is_ascii_digit() {
                return self.lex_name(c, Tk::NamedGlobalValue, 1);
            }
            let mut e = c + 1;
            while self.peek(e).is_ascii_digit() {
                e += 1;
            }
            let mut t = Token::new(Tk::GlobalValue, c, e);
            t.num_start = (c + 1) as u32;
            return (t, e);
        }
        if ch == b'&' {
            return self.lex_name(c, Tk::ExternalSymbol, 1);
        }
        if self.starts_with(c, b"<mcsymbol ") {
            return self.lex_mcsymbol(c);
        }
        if let Some(r) = self.lex_hex(c) {
            return r;
        }
        if ch.is_ascii_digit() || (ch == b'-' && self.peek(c + 1).is_ascii_digit()) {
            let mut e = c + 1;
            while self.peek(e).is_ascii_digit() {
                e += 1;
            }
            if self.peek(e) == b'.' {
                e += 1;
                while self.peek(e).is_ascii_digit() {
                    e += 1;
                }
                let p1 = self.peek(e + 1);
                if (self.peek(e) == b'e' || self.peek(e) == b'E')
                    && (p1.is_ascii_digit() || ((p1 == b'-' || p1 == b'+') && self.peek(e + 2).is_ascii_digit()))
                {
                    e += 2;
                    while self.peek(e).is_ascii_digit() {
                        e += 1;
                    }
                }
                return (Token::new(Tk::FloatingPointLiteral, c, e), e);
            }
            return (Token::new(Tk::IntegerLiteral, c, e), e);
        }
        if ch == b'!' {
            let n = self.peek(c + 1);
            if n.is_ascii_digit() || !is_identifier_char(n) {
                return (Token::new(Tk::Exclaim, c, c + 1), c + 1);
            }
            let mut e = c + 1;
            while is_identifier_char(self.peek(e)) {
                e += 1;
            }
            let kind = match &self.src[c..e] {
                b"!tbaa" => Tk::MdTbaa,
                b"!alias.scope" => Tk::MdAliasScope,
                b"!noalias" => Tk::MdNoalias,
                b"!range" => Tk::MdRange,
                b"!noalias.addrspace" => Tk::MdNoaliasAddrspace,
                b"!DIExpression" => Tk::MdDiexpr,
                b"!DILocation" => Tk::MdDilocation,
                _ => Tk::Error,
            };
            if kind == Tk::Error {
                let name = String::from_utf8_lossy(&self.src[c..e]).into_owned();
                self.err(c, format!("use of unknown metadata keyword '{name}'"));
            }
            return (Token::new(kind, c, e), e);
        }
        let sym = if ch == b':' && self.peek(c + 1) == b':' {
            Some((Tk::ColonColon, 2))
        } else {
            match ch {
                b',' => Some((Tk::Comma, 1)),
                b'.' => Some((Tk::Dot, 1)),
                b'=' => Some((Tk::Equal, 1)),
                b':' => Some((Tk::Colon, 1)),
                b'(' => Some((Tk::LParen, 1)),
                b')' => Some((Tk::RParen, 1)),
                b'{' => Some((Tk::LBrace, 1)),
                b'}' => Some((Tk::RBrace, 1)),
                b'+' => Some((Tk::Plus, 1)),
                b'-' => Some((Tk::Minus, 1)),
                b'<' => Some((Tk::Less, 1)),
                b'>' => Some((Tk::Greater, 1)),
                _ => None,
            }
        };
        if let Some((k, n)) = sym {
            return (Token::new(k, c, c + n), c + n);
        }
        if is_newline(ch) {
            return (Token::new(Tk::Newline, c, c + 1), c + 1);
        }
        if ch == b'`' {
            let mut e = c + 1;
            while self.peek(e) != b'`' {
                if e >= self.src.len() || is_newline(self.peek(e)) {
                    self.err(e, "end of machine instruction reached before the closing '`'".into());
                    return (Token::new(Tk::Error, c, self.src.len()), e);
                }
                e += 1;
            }
            let mut t = Token::new(Tk::QuotedIRValue, c, e + 1);
            t.sv_start = (c + 1) as u32;
            t.sv_end = e as u32;
            return (t, e + 1);
        }
        if ch == b'"' {
            return self.lex_name(c, Tk::StringConstant, 0);
        }
        let shown = char::from(ch);
        self.err(c, format!("unexpected character '{shown}'"));
        (Token::new(Tk::Error, c, self.src.len()), c)
    }

    fn lex_string_constant(&mut self, mut c: usize) -> Option<usize> {
        c += 1;
        while self.peek(c) != b'"' {
            if c >= self.src.len() || is_newline(self.peek(c)) {
                self.err(c, "end of machine instruction reached before the closing '\"'".into());
                return None;
            }
            c += 1;
        }
        Some(c + 1)
    }

    fn lex_name(&mut self, start: usize, kind: Tk, prefix: usize) -> (Token, usize) {
        let c = start + prefix;
        if self.peek(c) == b'"' {
            if let Some(e) = self.lex_string_constant(c) {
                let mut t = Token::new(kind, start, e);
                t.sv_start = c as u32;
                t.quoted = true;
                return (t, e);
            }
            return (Token::new(Tk::Error, start, self.src.len()), start);
        }
        let mut e = c;
        while is_identifier_char(self.peek(e)) {
            e += 1;
        }
        let mut t = Token::new(kind, start, e);
        t.sv_start = c as u32;
        (t, e)
    }

    fn lex_mbb(&mut self, c: usize) -> (Token, usize) {
        let is_ref = self.peek(c) == b'%';
        let prefix = if is_ref { 4 } else { 3 };
        let mut e = c + prefix;
        if !self.peek(e).is_ascii_digit() {
            self.err(e, "expected a number after '%bb.'".into());
            return (Token::new(Tk::Error, e, self.src.len()), e);
        }
        let ns = e;
        while self.peek(e).is_ascii_digit() {
            e += 1;
        }
        let ne = e;
        let mut sv = e;
        if self.peek(e) == b'.' {
            e += 1;
            sv = e;
            while is_identifier_char(self.peek(e)) {
                e += 1;
            }
        }
        let kind = if is_ref { Tk::MachineBasicBlock } else { Tk::MachineBasicBlockLabel };
        let mut t = Token::new(kind, c, e);
        t.num_start = ns as u32;
        t.num_end = ne as u32;
        t.sv_start = sv as u32;
        (t, e)
    }

    fn lex_index(&self, c: usize, rule: &[u8], kind: Tk) -> Option<(Token, usize)> {
        if !self.starts_with(c, rule) || !self.peek(c + rule.len()).is_ascii_digit() {
            return None;
        }
        let ns = c + rule.len();
        let mut e = ns;
        while self.peek(e).is_ascii_digit() {
            e += 1;
        }
        let mut t = Token::new(kind, c, e);
        t.num_start = ns as u32;
        Some((t, e))
    }

    fn lex_index_and_name(&self, c: usize, rule: &[u8], kind: Tk) -> Option<(Token, usize)> {
        let (mut t, mut e) = self.lex_index(c, rule, kind)?;
        t.num_end = e as u32;
        let mut sv = e;
        if self.peek(e) == b'.' {
            e += 1;
            sv = e;
            while is_identifier_char(self.peek(e)) {
                e += 1;
            }
        }
        t.end = e as u32;
        t.sv_start = sv as u32;
        t.sv_end = e as u32;
        Some((t, e))
    }

    fn lex_mcsymbol(&mut self, start: usize) -> (Token, usize) {
        let c = start + 10;
        if self.peek(c) != b'"' {
            let mut e = c;
            while is_identifier_char(self.peek(e)) {
                e += 1;
            }
            if self.peek(e) != b'>' {
                self.err(e, "expected the '<mcsymbol ...' to be closed by a '>'".into());
                return (Token::new(Tk::Error, start, self.src.len()), start);
            }
            let mut t = Token::new(Tk::MCSymbol, start, e + 1);
            t.sv_start = c as u32;
            t.sv_end = e as u32;
            return (t, e + 1);
        }
        let Some(r) = self.lex_string_constant(c) else {
            self.err(c, "unable to parse quoted string from opening quote".into());
            return (Token::new(Tk::Error, start, self.src.len()), start);
        };
        if self.peek(r) != b'>' {
            self.err(r, "expected the '<mcsymbol ...' to be closed by a '>'".into());
            return (Token::new(Tk::Error, start, self.src.len()), start);
        }
        let mut t = Token::new(Tk::MCSymbol, start, r + 1);
        t.sv_start = c as u32;
        t.sv_end = r as u32;
        t.quoted = true;
        (t, r + 1)
    }

    fn lex_hex(&self, c: usize) -> Option<(Token, usize)> {
        if self.peek(c) != b'0' || (self.peek(c + 1) != b'x' && self.peek(c + 1) != b'X') {
            return None;
        }
        let mut e = c + 2;
        let mut pref = 2;
        if matches!(self.peek(e), b'H' | b'K' | b'L' | b'M' | b'R') {
            e += 1;
            pref += 1;
        }
        while self.peek(e).is_ascii_hexdigit() {
            e += 1;
        }
        if e - c <= pref {
            return None;
        }
        let kind = if pref == 2 { Tk::HexLiteral } else { Tk::FloatingPointLiteral };
        Some((Token::new(kind, c, e), e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(s: &str) -> Vec<Tk> {
        let mut l = Lexer::new(s.as_bytes(), 0);
        let mut v = Vec::new();
        loop {
            let t = l.next_token();
            v.push(t.kind);
            if t.kind == Tk::Eof || t.kind == Tk::Error {
                break;
            }
        }
        v
    }

    #[test]
    fn instruction_tokens() {
        use Tk::*;
        assert_eq!(
            kinds("%0:gr32 = ADD32rr killed %1, $eax, implicit-def dead $eflags ; c\n"),
            vec![
                VirtualRegister,
                Colon,
                Identifier,
                Equal,
                Identifier,
                KwKilled,
                VirtualRegister,
                Comma,
                NamedRegister,
                Comma,
                KwImplicitDefine,
                KwDead,
                NamedRegister,
                Newline,
                Eof
            ]
        );
        assert_eq!(kinds("bb.1.for.body:"), vec![MachineBasicBlockLabel, Colon, Eof]);
        assert_eq!(
            kinds("%stack.0.x + 8 %fixed-stack.1 %const.2 %jump-table.0"),
            vec![StackObject, Plus, IntegerLiteral, FixedStackObject, ConstantPoolItem, JumpTableIndex, Eof]
        );
        assert_eq!(
            kinds("0xH3C00 1.5e+3 0x1f -7"),
            vec![FloatingPointLiteral, FloatingPointLiteral, HexLiteral, IntegerLiteral, Eof]
        );
        assert_eq!(
            kinds("!tbaa !5 !DIExpression()"),
            vec![MdTbaa, Exclaim, IntegerLiteral, MdDiexpr, LParen, RParen, Eof]
        );
        assert_eq!(kinds("12 /* clobber */, $x"), vec![IntegerLiteral, Comma, NamedRegister, Eof]);
        assert_eq!(kinds("12 /* a */ , $x"), vec![IntegerLiteral, Comma, NamedRegister, Eof]);
        assert_eq!(kinds("0 /* a */ /* b */"), vec![IntegerLiteral, Error]);
    }

    #[test]
    fn names_and_errors() {
        let src = br#"@"a\5Cb" <mcsymbol .Ltmp0> &memcpy %ir-block.3 %subreg.sub_32bit"#;
        let mut l = Lexer::new(src, 0);
        let t = l.next_token();
        assert_eq!(t.kind, Tk::NamedGlobalValue);
        assert_eq!(&*t.string_value(src), b"a\\b");
        let t = l.next_token();
        assert_eq!(t.kind, Tk::MCSymbol);
        assert_eq!(&*t.string_value(src), b".Ltmp0");
        assert_eq!(l.next_token().kind, Tk::ExternalSymbol);
        let t = l.next_token();
        assert_eq!((t.kind, t.number_text(src)), (Tk::IRBlock, &b"3"[..]));
        let t = l.next_token();
        assert_eq!((t.kind, &*t.string_value(src)), (Tk::SubRegisterIndex, &b"sub_32bit"[..]));
        let mut l = Lexer::new(b"!foo", 0);
        assert_eq!(l.next_token().kind, Tk::Error);
        assert_eq!(l.error.as_ref().map(|e| e.1.as_str()), Some("use of unknown metadata keyword '!foo'"));
        let mut l = Lexer::new(b"  #", 0);
        assert_eq!(l.next_token().kind, Tk::Error);
        assert_eq!(l.error, Some((2, "unexpected character '#'".to_string())));
        let mut l = Lexer::new(b"/* never closed", 0);
        assert_eq!(l.next_token().kind, Tk::Eof);
    }
}
