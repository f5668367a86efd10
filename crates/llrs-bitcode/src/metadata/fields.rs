//! A specialized node's fields as a record gives them, made into the node the `.ll` parser builds
//! for what `llvm-dis` prints: each value in the parser's spelling (integers, `true`/`false`,
//! strings, metadata), then `llrs_upgrade::di::upgrade_di_fields` (LLVM's printing rules:
//! defaults left out, DWARF constants and flags by name, print order).

use llrs_ir::{Const, Context, DiValue, Md, MdKind, MdNode, Symbol};
use smallvec::SmallVec;

/// A size or offset: metadata, or a plain number of an old record (`getMetadataOrConstant`).
#[derive(Copy, Clone, Debug)]
pub(super) enum Num {
    /// Metadata (a constant integer prints as its number).
    Md(Md),
    /// A number.
    Raw(u64),
}

/// The fields of one node, as read.
pub(super) struct Di<'c> {
    ctx: &'c mut Context,
    kind: Symbol,
    fields: SmallVec<[(Option<Symbol>, DiValue); 16]>,
}

/// An integer as the parser reads it: `Int` when it fits `i64`, else its decimal digits.
pub(super) fn int_text(ctx: &mut Context, text: &str) -> DiValue {
    match text.parse::<i64>() {
        Ok(v) => DiValue::Int(v),
        Err(_) => DiValue::BigInt(ctx.sym(text)),
    }
}

/// An unsigned 64-bit value as the parser reads it back from its printed digits.
pub(super) fn uint_value(ctx: &mut Context, v: u64) -> DiValue {
    match i64::try_from(v) {
        Ok(v) => DiValue::Int(v),
        Err(_) => DiValue::BigInt(ctx.sym(&v.to_string())),
    }
}

/// The integer a constant holds, when it is one: `(width, value as u64 zero-extended)` for
/// widths up to 64, with the signed value alongside.
pub(super) fn const_int(ctx: &Context, md: Md) -> Option<(u64, i64)> {
    let Md::Const(c) = md else { return None };
    match ctx.try_const_of(c)? {
        Const::Int(_, ap) if ap.width() <= 64 => Some((ap.low_u64(), ap.to_i64().unwrap_or(ap.low_u64() as i64))),
        _ => None,
    }
}

impl<'c> Di<'c> {
    /// The fields of a node of kind `kind` (`"DISubprogram"`, ...).
    pub(super) fn new(ctx: &'c mut Context, kind: &str) -> Self {
        let kind = ctx.sym(kind);
        Di { ctx, kind, fields: SmallVec::new() }
    }

    /// The context, for values made along the way.
    pub(super) fn ctx(&mut self) -> &mut Context {
        self.ctx
    }

    fn push(&mut self, name: &str, v: DiValue) {
        let sym = self.ctx.sym(name);
        self.fields.push((Some(sym), v));
    }

    /// A metadata field (null included).
    pub(super) fn md(&mut self, name: &str, v: Md) {
        self.push(name, DiValue::Md(v));
    }

    /// A field printed through `printMetadataOrInt`: a constant integer as its number (unsigned
    /// or signed), anything else as metadata; nothing when null.
    pub(super) fn md_or_int(&mut self, name: &str, v: Md, unsigned: bool) {
        if v == Md::Null {
            return;
        }
        let value = match const_int(self.ctx, v) {
            Some((u, _)) if unsigned => uint_value(self.ctx, u),
            Some((_, s)) => DiValue::Int(s),
            None => DiValue::Md(v),
        };
        self.push(name, value);
    }

    /// A size or offset field (`printMetadataOrInt`, unsigned).
    pub(super) fn size(&mut self, name: &str, v: Num) {
        match v {
            Num::Md(md) => self.md_or_int(name, md, true),
            Num::Raw(u) => self.uint(name, u),
        }
    }

    /// A string field: nothing when null.
    pub(super) fn str(&mut self, name: &str, v: Option<Symbol>) {
        if let Some(s) = v {
            self.push(name, DiValue::Str(s));
        }
    }

    /// A signed integer field.
    pub(super) fn int(&mut self, name: &str, v: i64) {
        self.push(name, DiValue::Int(v));
    }

    /// An unsigned integer field.
    pub(super) fn uint(&mut self, name: &str, v: u64) {
        let v = uint_value(self.ctx, v);
        self.push(name, v);
    }

    /// A `true`/`false` field.
    pub(super) fn bool(&mut self, name: &str, v: bool) {
        let s = self.ctx.sym(if v { "true" } else { "false" });
        self.push(name, DiValue::Ident(s));
    }

    /// A keyword field (`CSK_MD5`, ...).
    pub(super) fn ident(&mut self, name: &str, word: &str) {
        let s = self.ctx.sym(word);
        self.push(name, DiValue::Ident(s));
    }

    /// A field given as a ready value.
    pub(super) fn value(&mut self, name: &str, v: DiValue) {
        self.push(name, v);
    }

    /// The node, its fields as LLVM 22 prints them.
    pub(super) fn finish(mut self, distinct: bool) -> MdNode {
        let fields = llrs_upgrade::di::upgrade_di_fields(self.ctx, self.kind, &mut self.fields);
        MdNode { distinct, kind: MdKind::Special(self.kind), ops: Default::default(), fields }
    }
}
