//! Inline metadata in operands: `!DIExpression(...)` is parsed and printed by llrs-asm (LLVM's
//! `parseDIExpressionBodyAtBeginning` is LLParser's), and `!DILocation(...)` is read as
//! MIParser's `parseDILocation` reads it.

use super::lexer::Tk;
use super::model::MdRef;
use super::parser::{PResult, Parser};

/// The text llrs-asm's parser is given: the expression as the only node of a named list.
const HEAD: &[u8] = b"!llvm.mir = !{!0}\n!0 = !DIExpression";
/// The length of `HEAD`'s second line, where the expression is.
const LINE2: usize = b"!0 = !DIExpression".len();

impl<'s, 'c> Parser<'s, 'c> {
    /// `parseDIExpression`: the current token is `!DIExpression`.
    pub(super) fn parse_diexpression(&mut self) -> PResult<MdRef> {
        let start = self.tok.end as usize;
        // The expression ends at the `)` closing its list (no nesting, no strings), else at the
        // end of the line, where LLParser reports what it misses.
        let rest = &self.src[start..];
        let line_end = rest.iter().position(|&c| c == b'\n' || c == b'\r').unwrap_or(rest.len());
        let end = rest[..line_end].iter().position(|&c| c == b')').map_or(line_end, |p| p + 1);
        let mut text = Vec::with_capacity(HEAD.len() + end + 1);
        text.extend_from_slice(HEAD);
        text.extend_from_slice(&rest[..end]);
        text.push(b'\n');
        match llrs_asm::parse_module(&text, "mir") {
            Err(d) => {
                let col = (d.col as usize).saturating_sub(1);
                let at = if d.line == 2 { start + col.saturating_sub(LINE2) } else { start + end };
                self.error_at(at.min(self.src.len()), d.message)?;
                Err(())
            }
            Ok(m) => {
                let printed = llrs_asm::print_module(&m);
                let node = printed
                    .split(|&c| c == b'\n')
                    .find_map(|l| l.strip_prefix(b"!0 = "))
                    .map(<[u8]>::to_vec)
                    .unwrap_or_else(|| b"!DIExpression()".to_vec());
                let sym = self.body.names.intern(&node);
                self.relex_at(start + end);
                Ok(MdRef::Inline(sym))
            }
        }
    }

    /// `parseDILocation`: the current token is `!DILocation`; the node is kept as LLVM prints
    /// it inline (`!DILocation(line: 1, column: 2, scope: !3)`).
    pub(super) fn parse_dilocation(&mut self) -> PResult<MdRef> {
        if self.md_depth >= 64 {
            return self.error("DILocation nested too deeply");
        }
        self.md_depth += 1;
        let r = self.parse_dilocation_fields();
        self.md_depth -= 1;
        r
    }

    fn parse_dilocation_fields(&mut self) -> PResult<MdRef> {
        self.lex();
        self.expect_and_consume(Tk::LParen)?;
        let (mut line, mut column, mut scope, mut inlined, mut implicit) = (None, 0u64, None, None, false);
        if !self.is(Tk::RParen) {
            loop {
                if self.is(Tk::Identifier) {
                    let key = self.text();
                    match key {
                        b"line" | b"column" => {
                            let is_line = key == b"line";
                            self.lex();
                            self.expect_and_consume(Tk::Colon)?;
                            if !self.is(Tk::IntegerLiteral) || self.int_is_signed() {
                                return self.error("expected unsigned integer");
                            }
                            let v = self.int_value().unwrap_or(0) as u64;
                            if is_line {
                                line = Some(v);
                            } else {
                                column = v;
                            }
                            self.lex();
                        }
                        b"scope" => {
                            self.lex();
                            self.expect_and_consume(Tk::Colon)?;
                            if !self.is(Tk::Exclaim) {
                                return self.error("expected metadata node");
                            }
                            scope = Some(self.parse_md_node().or_else(|_| self.error("expected metadata node"))?);
                        }
                        b"inlinedAt" => {
                            self.lex();
                            self.expect_and_consume(Tk::Colon)?;
                            let md = if self.is(Tk::Exclaim) {
                                self.parse_md_node()?
                            } else if self.is(Tk::MdDilocation) {
                                self.parse_dilocation()?
                            } else {
                                return self.error("expected metadata node");
                            };
                            inlined = Some(md);
                        }
                        b"isImplicitCode" => {
                            self.lex();
                            self.expect_and_consume(Tk::Colon)?;
                            implicit = match (self.is(Tk::Identifier), self.text()) {
                                (true, b"true") => true,
                                (true, b"false") => false,
                                _ => return self.error("expected true/false"),
                            };
                            self.lex();
                        }
                        _ => {
                            let k = String::from_utf8_lossy(&self.sv()).into_owned();
                            return self.error(format!("invalid DILocation argument '{k}'"));
                        }
                    }
                } else {
                    let k = String::from_utf8_lossy(&self.sv()).into_owned();
                    return self.error(format!("invalid DILocation argument '{k}'"));
                }
                if !self.consume_if(Tk::Comma) {
                    break;
                }
            }
        }
        self.expect_and_consume(Tk::RParen)?;
        let Some(line) = line else { return self.error("DILocation requires line number") };
        let Some(scope) = scope else { return self.error("DILocation requires a scope") };
        let mut out = format!("!DILocation(line: {line}");
        if column != 0 {
            out.push_str(&format!(", column: {column}"));
        }
        out.push_str(", scope: ");
        self.md_text(scope, &mut out);
        if let Some(i) = inlined {
            out.push_str(", inlinedAt: ");
            self.md_text(i, &mut out);
        }
        if implicit {
            out.push_str(", isImplicitCode: true");
        }
        out.push(')');
        Ok(MdRef::Inline(self.body.names.intern(out.as_bytes())))
    }

    fn md_text(&self, m: MdRef, out: &mut String) {
        match m {
            MdRef::Num(n) => out.push_str(&format!("!{n}")),
            MdRef::Inline(s) => out.push_str(&String::from_utf8_lossy(self.body.names.get(s))),
        }
    }
}
