//! The constant pool as MIRParser builds it (`initializeConstantPool`): an entry without an
//! `alignment` gets its type's preferred alignment from the module's data layout, and an entry
//! equal to an earlier one shares its slot (`getConstantPoolIndex`), which keeps the larger
//! alignment.
//!
//! llc reprints each value through the IR printer: a value that stands alone (no global or
//! named type) is reprinted here by `llrs_asm` as the initializer of a one-line module; others
//! are kept as written (a standalone constant parser in the module's context is still to come).

use llrs_ir::{FloatKind, Type, TypeId};

use super::model::Constant;

/// Fills the default alignments and merges equal entries, as llc does; returns the entries in
/// pool order and, per written id, its pool index.
pub fn build_pool(constants: &[Constant], module: Option<&mut llrs_ir::Module>) -> (Vec<Constant>, Vec<(u32, u32)>) {
    let (mut pool, slots, defaults) = merge_pool(constants);
    fill_default_alignments(&mut pool, &defaults, module);
    (pool, slots)
}

/// Merges equal entries (as the IR printer prints them), as `getConstantPoolIndex` does:
/// returns the entries in pool order with the largest alignment written, per written id its
/// pool index, and per entry whether one of its members had no alignment (it then also
/// gets its type's preferred alignment: [`fill_default_alignments`]). The pool's numbers
/// need no module.
pub fn merge_pool(constants: &[Constant]) -> (Vec<Constant>, Vec<(u32, u32)>, Vec<bool>) {
    let mut pool: Vec<Constant> = Vec::with_capacity(constants.len());
    let mut defaults: Vec<bool> = Vec::with_capacity(constants.len());
    let mut slots = Vec::with_capacity(constants.len());
    let mut by_value: rustc_hash::FxHashMap<String, usize> = Default::default();
    for c in constants {
        let mut c = c.clone();
        if let Some(v) = reprint(&c.value.value) {
            c.value.value = v;
        }
        let id = c.id.value;
        match by_value.get(&c.value.value).copied() {
            Some(i) => {
                pool[i].alignment = pool[i].alignment.max(c.alignment);
                defaults[i] |= c.alignment == 0;
                slots.push((id, i as u32));
            }
            None => {
                slots.push((id, pool.len() as u32));
                if !c.is_target_specific {
                    by_value.insert(c.value.value.clone(), pool.len());
                }
                defaults.push(c.alignment == 0);
                pool.push(c);
            }
        }
    }
    (pool, slots, defaults)
}

/// Gives the entries of [`merge_pool`] that had a member without alignment their type's
/// preferred alignment in the module's data layout (when larger).
pub fn fill_default_alignments(pool: &mut [Constant], defaults: &[bool], module: Option<&mut llrs_ir::Module>) {
    let Some(m) = module else { return };
    if !defaults.iter().any(|&d| d) {
        return;
    }
    let layout = m
        .data_layout
        .as_deref()
        .and_then(|d| llrs_ir::datalayout::DataLayout::parse(&String::from_utf8_lossy(d)).ok())
        .unwrap_or_default();
    for (c, _) in pool.iter_mut().zip(defaults).filter(|(_, &d)| d) {
        if let Some(ty) = parse_type(&mut m.ctx, c.value.value.trim_start()).map(|(t, _)| t) {
            c.alignment = c.alignment.max(layout.pref_align(&m.ctx, ty));
        }
    }
}

/// The value as the IR printer prints it, when it parses on its own.
fn reprint(value: &str) -> Option<String> {
    if value.contains(['@', '%', '!', '\n']) {
        return None;
    }
    let src = format!("{PREFIX}{value}\n");
    let m = llrs_asm::parse_module(src.as_bytes(), "constant").ok()?;
    let text = String::from_utf8(llrs_asm::print_module(&m)).ok()?;
    let line = text.lines().find_map(|l| l.strip_prefix(PREFIX))?;
    Some(line.to_string())
}

const PREFIX: &str = "@llrs.mir.constant = global ";

/// `parseConstantValue` of a value that stands alone: `Err((offset, message))` where LLParser
/// rejects it (`expected end of string` where a complete constant is followed by more text).
pub fn check_value(value: &str) -> Result<(), (usize, String)> {
    if value.contains(['@', '%', '!', '\n']) {
        return Ok(());
    }
    let src = format!("{PREFIX}{value}\n");
    let Err(d) = llrs_asm::parse_module(src.as_bytes(), "constant") else { return Ok(()) };
    if d.line != 1 {
        // The text ended early; with a comma, inside a global's properties: the constant ended
        // at its last comma.
        return Err(match value.rfind(',') {
            Some(i) => (i, "expected end of string".to_string()),
            None => (value.len(), d.message),
        });
    }
    let offset = (d.col as usize).saturating_sub(1 + PREFIX.len()).min(value.len());
    if d.message == "expected top-level entity" || d.message.contains("global variable property") {
        return Err((offset, "expected end of string".to_string()));
    }
    Err((offset, d.message))
}

/// Reads a first-class type at the start of `s`: the type and the rest of the text.
fn parse_type<'s>(ctx: &mut llrs_ir::Context, s: &'s str) -> Option<(TypeId, &'s str)> {
    parse_type_depth(ctx, s, 0)
}

fn parse_type_depth<'s>(ctx: &mut llrs_ir::Context, s: &'s str, depth: u32) -> Option<(TypeId, &'s str)> {
    if depth > 32 {
        return None;
    }
    let s = s.trim_start();
    let word_len = s.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(s.len());
    let (word, rest) = s.split_at(word_len);
    let float = |k| Some(k);
    let kind = match word {
        "half" => float(FloatKind::Half),
        "bfloat" => float(FloatKind::BFloat),
        "float" => float(FloatKind::Float),
        "double" => float(FloatKind::Double),
        "x86_fp80" => float(FloatKind::X86Fp80),
        "fp128" => float(FloatKind::Fp128),
        "ppc_fp128" => float(FloatKind::PpcFp128),
        _ => None,
    };
    if let Some(k) = kind {
        return Some((ctx.float_ty(k), rest));
    }
    if word == "ptr" {
        let r = rest.trim_start();
        if let Some(r) = r.strip_prefix("addrspace(") {
            let end = r.find(')')?;
            let n: u32 = r[..end].trim().parse().ok()?;
            return Some((ctx.ptr_ty(n), &r[end + 1..]));
        }
        return Some((ctx.ptr_ty(0), rest));
    }
    if let Some(bits) = word.strip_prefix('i') {
        let bits: u32 = bits.parse().ok()?;
        return Some((ctx.int_ty(bits), rest));
    }
    let (close, r) = if let Some(r) = s.strip_prefix('<') {
        ('>', r)
    } else if let Some(r) = s.strip_prefix('[') {
        (']', r)
    } else {
        return None;
    };
    let mut r = r.trim_start();
    let mut scalable = false;
    if close == '>' {
        if let Some(x) = r.strip_prefix("vscale") {
            scalable = true;
            r = x.trim_start().strip_prefix('x')?;
        }
    }
    let r = r.trim_start();
    let digits = r.bytes().take_while(u8::is_ascii_digit).count();
    let len: u64 = r[..digits].parse().ok()?;
    let r = r[digits..].trim_start().strip_prefix('x')?;
    let (elem, r) = parse_type_depth(ctx, r, depth + 1)?;
    let r = r.trim_start().strip_prefix(close)?;
    let ty = if close == '>' {
        ctx.ty(Type::Vector { scalable, len: u32::try_from(len).ok()?, elem })
    } else {
        ctx.ty(Type::Array(len, elem))
    };
    Some((ty, r))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::input::StrVal;

    fn c(value: &str, alignment: u64) -> Constant {
        Constant { value: StrVal::new(value), alignment, ..Constant::default() }
    }

    #[test]
    fn default_alignment_and_sharing() {
        let mut m = llrs_asm::parse_module(b"target datalayout = \"e-m:e-i64:64-f80:128-n8:16:32:64-S128\"\n", "a.ll")
            .expect("module");
        let (pool, slots) = build_pool(
            &[
                c("double 1.0", 0),
                c("<4 x i32> <i32 1, i32 2, i32 3, i32 4>", 0),
                c("double 1.0", 16),
                c("x86_fp80 0xK0", 0),
            ],
            Some(&mut m),
        );
        let aligns: Vec<u64> = pool.iter().map(|c| c.alignment).collect();
        assert_eq!(aligns, vec![16, 16, 16]);
        assert_eq!(slots.iter().map(|s| s.1).collect::<Vec<_>>(), vec![0, 1, 0, 2]);
        assert_eq!(check_value("double 1.0.0"), Err((10, "expected end of string".to_string())));
        assert_eq!(check_value("<4 x i32> zeroinitializer,"), Err((25, "expected end of string".to_string())));
        assert_eq!(check_value("i32 1.5").map_err(|e| e.0), Err(4));
        assert_eq!(check_value("<2 x double> <double 1.0, double 2.0>"), Ok(()));
        assert_eq!(pool[0].value.value, "double 1.000000e+00");
        assert_eq!(pool[1].value.value, "<4 x i32> <i32 1, i32 2, i32 3, i32 4>");
    }
}
