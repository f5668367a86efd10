//! Checks `DataLayout` against LLVM 22's answers in `../shared/corpus/datalayout/`:
//! `cases.tsv` (alloc size, ABI alignment, default `load`/`alloca` alignments and struct field
//! offsets of (layout, type) pairs) and `invalid.tsv` (LLVM's message for each layout string, or
//! `ok`). Both files are read in place; when the shared folder is absent the tests say so and pass.

use llrs_ir::datalayout::DataLayout;
use llrs_ir::{Context, FloatKind, Type, TypeId};
use std::collections::HashMap;
use std::path::PathBuf;

/// The folder of the golden files, or `None` (with a note) when it is not there.
fn corpus_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/datalayout");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("note: {} is absent; data layout goldens not checked", dir.display());
        None
    }
}

/// A tiny parser for the type syntax of `cases.tsv`: `iN`, the float keywords, `ptr`,
/// `ptr addrspace(N)`, `[N x T]`, `<N x T>`, `<vscale x N x T>`, `{ T, ... }`, `<{ T, ... }>`,
/// `x86_amx`, and `%name` for identified structs already in the context.
struct TypeParser<'a, 'c> {
    s: &'a [u8],
    pos: usize,
    ctx: &'c mut Context,
}

impl TypeParser<'_, '_> {
    fn skip_ws(&mut self) {
        while self.pos < self.s.len() && self.s[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn eat(&mut self, tok: &str) -> bool {
        self.skip_ws();
        if self.s[self.pos..].starts_with(tok.as_bytes()) {
            self.pos += tok.len();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, tok: &str) -> Result<(), String> {
        if self.eat(tok) {
            Ok(())
        } else {
            Err(format!("expected `{tok}` at {}", self.pos))
        }
    }

    fn word(&mut self) -> String {
        self.skip_ws();
        let start = self.pos;
        while self.pos < self.s.len() && (self.s[self.pos].is_ascii_alphanumeric() || b"_.".contains(&self.s[self.pos]))
        {
            self.pos += 1;
        }
        String::from_utf8_lossy(&self.s[start..self.pos]).into_owned()
    }

    fn number(&mut self) -> Result<u64, String> {
        let w = self.word();
        w.parse().map_err(|_| format!("expected a number, got `{w}`"))
    }

    fn fields(&mut self, close: &str) -> Result<Vec<TypeId>, String> {
        let mut elems = Vec::new();
        if self.eat(close) {
            return Ok(elems);
        }
        loop {
            elems.push(self.ty()?);
            if self.eat(close) {
                return Ok(elems);
            }
            self.expect(",")?;
        }
    }

    fn ty(&mut self) -> Result<TypeId, String> {
        if self.eat("<{") {
            let elems = self.fields("}>")?;
            return Ok(self.ctx.ty(Type::Struct { packed: true, elems: elems.into_iter().collect() }));
        }
        if self.eat("{") {
            let elems = self.fields("}")?;
            return Ok(self.ctx.ty(Type::Struct { packed: false, elems: elems.into_iter().collect() }));
        }
        if self.eat("[") {
            let n = self.number()?;
            self.expect("x")?;
            let elem = self.ty()?;
            self.expect("]")?;
            return Ok(self.ctx.ty(Type::Array(n, elem)));
        }
        if self.eat("<") {
            let scalable = self.eat("vscale");
            if scalable {
                self.expect("x")?;
            }
            let len = u32::try_from(self.number()?).map_err(|e| e.to_string())?;
            self.expect("x")?;
            let elem = self.ty()?;
            self.expect(">")?;
            return Ok(self.ctx.ty(Type::Vector { scalable, len, elem }));
        }
        if self.eat("%") {
            let name = self.word();
            let sym = self.ctx.sym(&name);
            let (_, ty) = self.ctx.named_struct(sym);
            return Ok(ty);
        }
        let w = self.word();
        let t = match w.as_str() {
            "half" => Type::Float(FloatKind::Half),
            "bfloat" => Type::Float(FloatKind::BFloat),
            "float" => Type::Float(FloatKind::Float),
            "double" => Type::Float(FloatKind::Double),
            "x86_fp80" => Type::Float(FloatKind::X86Fp80),
            "fp128" => Type::Float(FloatKind::Fp128),
            "ppc_fp128" => Type::Float(FloatKind::PpcFp128),
            "x86_amx" => Type::X86Amx,
            "ptr" => {
                if self.eat("addrspace") {
                    self.expect("(")?;
                    let a = u32::try_from(self.number()?).map_err(|e| e.to_string())?;
                    self.expect(")")?;
                    Type::Ptr(a)
                } else {
                    Type::Ptr(0)
                }
            }
            _ => match w.strip_prefix('i').and_then(|n| n.parse().ok()) {
                Some(bits) => Type::Int(bits),
                None => return Err(format!("unknown type `{w}`")),
            },
        };
        Ok(self.ctx.ty(t))
    }
}

/// Builds the type written `text` in `ctx`.
fn parse_type(ctx: &mut Context, text: &str) -> Result<TypeId, String> {
    let mut p = TypeParser { s: text.as_bytes(), pos: 0, ctx };
    let ty = p.ty()?;
    p.skip_ws();
    if p.pos != p.s.len() {
        return Err(format!("trailing text at {}", p.pos));
    }
    Ok(ty)
}

#[test]
fn type_parser_builds_types() {
    let mut ctx = Context::default();
    let t = parse_type(&mut ctx, "{ i8, [3 x i64], <vscale x 4 x i32>, <{ ptr addrspace(3) }> }").unwrap();
    let Type::Struct { packed: false, elems } = ctx.type_of(t).clone() else { panic!("not a struct") };
    assert_eq!(elems.len(), 4);
    assert!(matches!(ctx.type_of(elems[2]), Type::Vector { scalable: true, len: 4, .. }));
    assert!(matches!(ctx.type_of(elems[3]), Type::Struct { packed: true, .. }));
    assert!(parse_type(&mut ctx, "{ i8").is_err());
}

#[test]
fn cases_tsv() {
    let Some(dir) = corpus_dir() else { return };
    let text = std::fs::read_to_string(dir.join("cases.tsv")).expect("cases.tsv is readable");
    let mut layouts: HashMap<String, DataLayout> = HashMap::new();
    let mut ctx = Context::default();
    let (mut pass, mut total) = (0usize, 0usize);
    let mut failures = Vec::new();
    for (lineno, line) in text.lines().enumerate().skip(1) {
        if line.is_empty() {
            continue;
        }
        total += 1;
        let cols: Vec<&str> = line.split('\t').collect();
        assert!(cols.len() >= 6, "line {}: {} columns", lineno + 1, cols.len());
        let (layout, ty_text) = (cols[0], cols[1]);
        let want: Vec<u64> = cols[2..6].iter().map(|c| c.parse().expect("numeric column")).collect();
        let want_offsets = cols.get(6).copied().unwrap_or("");
        let dl = layouts
            .entry(layout.to_string())
            .or_insert_with(|| DataLayout::parse(layout).unwrap_or_else(|e| panic!("layout {layout:?}: {e}")));
        let ty = parse_type(&mut ctx, ty_text).unwrap_or_else(|e| panic!("type {ty_text:?}: {e}"));
        // The goldens are `ptrtoint` of constant GEPs on `ptr null`: byte counts modulo 2^(index
        // width of address space 0). `abi_align` is the offset of T in `{ i1, T }`, which is T's
        // ABI alignment whenever i1 takes one byte.
        let wrap = |v: u64| match dl.index_size_in_bits(0) {
            bits @ 1..=63 => v % (1u64 << bits),
            _ => v,
        };
        let i1 = ctx.int_ty(1);
        let pair = ctx.ty(Type::Struct { packed: false, elems: [i1, ty].into_iter().collect() });
        let offset_after_i1 = dl.struct_layout(&ctx, pair).map_or(u64::MAX, |sl| sl.offsets[1]);
        let abi_consistent = dl.type_alloc_size(&ctx, i1) != 1 || dl.abi_align(&ctx, ty) == offset_after_i1;
        let got = [
            wrap(dl.type_alloc_size(&ctx, ty)),
            wrap(offset_after_i1),
            dl.default_load_align(&ctx, ty),
            dl.default_alloca_align(&ctx, ty),
        ];
        let got_offsets = match dl.struct_layout(&ctx, ty) {
            Some(sl) => sl.offsets.iter().map(|&o| wrap(o).to_string()).collect::<Vec<_>>().join(","),
            None => String::new(),
        };
        if got[..] == want[..] && got_offsets == want_offsets && abi_consistent {
            pass += 1;
        } else {
            failures.push(format!(
                "line {}: {layout:?} {ty_text}: got {got:?} [{got_offsets}] (abi_align {}), want {want:?} \
                 [{want_offsets}]",
                lineno + 1,
                dl.abi_align(&ctx, ty)
            ));
        }
    }
    println!("cases.tsv: {pass}/{total} rows pass");
    for f in failures.iter().take(30) {
        eprintln!("{f}");
    }
    assert!(failures.is_empty(), "{} of {total} rows of cases.tsv fail", failures.len());
    assert!(total > 4000, "cases.tsv has only {total} rows");
}

#[test]
fn invalid_tsv() {
    let Some(dir) = corpus_dir() else { return };
    let text = std::fs::read_to_string(dir.join("invalid.tsv")).expect("invalid.tsv is readable");
    let (mut pass, mut total) = (0usize, 0usize);
    let mut failures = Vec::new();
    for line in text.lines().skip(1) {
        let Some((layout, want)) = line.split_once('\t') else { continue };
        total += 1;
        let got = match DataLayout::parse(layout) {
            Ok(_) => "ok".to_string(),
            Err(e) => e,
        };
        if got == want {
            pass += 1;
        } else {
            failures.push(format!("{layout:?}: got {got:?}, want {want:?}"));
        }
    }
    println!("invalid.tsv: {pass}/{total} rows pass");
    assert!(failures.is_empty(), "invalid.tsv failures:\n{}", failures.join("\n"));
    assert!(total > 0);
}
