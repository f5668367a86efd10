//! One record of the attribute group block (`PARAMATTR_GRP_CODE_ENTRY`: `[grpid, idx, entry...]`),
//! read as `parseAttributeGroupBlock` reads it: each entry starts with a tag (0 enum, 1 integer,
//! 3 and 4 string, 5 and 6 type, 7 constant range, 8 constant range list).
//!
//! LLVM does not check that an entry's operands are there: it reads on past the record's end
//! (and past an unterminated string) into its record buffer, which holds what earlier, longer
//! records of the block left there (`past`), and else memory never written, most often zero, a
//! tag 0 and a kind 0; so an entry cut short reads the earlier records' operands, then is
//! `Unknown attribute kind (0)`, for every entry form but the ranges, whose operands LLVM
//! counts.

use llrs_ir::attributes::{Attr, AttrArg, AttrClass, MemoryEffects};
use llrs_ir::Context;

use super::kinds::{kind, upgradable_type_kind};
use super::values::{int_arg, range, range_list};
use super::{Builder, FUNCTION_INDEX};
use crate::codes::*;
use crate::types::TypeTable;

/// The message for an entry whose operands run past the record (LLVM reads on: undefined
/// behaviour, whose usual outcome is this message).
const CUT_SHORT: &str = "Unknown attribute kind (0)";

/// The message for a type attribute with no type that LLVM cannot upgrade (`byref`,
/// `preallocated`, `elementtype`): LLVM 22 keeps it and crashes when the module is used.
pub const MISSING_TYPE: &str = "Missing param element type for attribute upgrade";

/// `upgradeOldMemoryAttribute`: the effects an old memory kind on a function allows, if `code`
/// is one.
fn old_memory(code: u64) -> Option<MemoryEffects> {
    let only = |locs: &[usize]| {
        let mut me = MemoryEffects::uniform(0);
        for &l in locs {
            me.set(l, 3);
        }
        me
    };
    Some(match u32::try_from(code).ok()? {
        ATTR_KIND_READ_NONE => MemoryEffects::uniform(0),
        ATTR_KIND_READ_ONLY => MemoryEffects::uniform(1),
        ATTR_KIND_WRITEONLY => MemoryEffects::uniform(2),
        ATTR_KIND_ARGMEMONLY => only(&[0]),
        ATTR_KIND_INACCESSIBLEMEM_ONLY => only(&[1]),
        ATTR_KIND_INACCESSIBLEMEM_OR_ARGMEMONLY => only(&[0, 1]),
        _ => return None,
    })
}

/// The operands of a record, read in order, and what the buffer holds after them.
struct Ops<'r> {
    ops: &'r [u64],
    past: &'r [u64],
    at: usize,
}

impl Ops<'_> {
    /// The operand at `i`, or what the buffer holds there.
    fn get(&self, i: usize) -> Option<u64> {
        self.ops.get(i).or_else(|| self.past.get(i - self.ops.len())).copied()
    }

    fn next(&mut self) -> Result<u64, String> {
        let v = self.get(self.at).ok_or(CUT_SHORT)?;
        self.at += 1;
        Ok(v)
    }

    /// Characters up to a 0 (each operand truncated to a byte), the 0 consumed.
    fn chars(&mut self) -> Result<Vec<u8>, String> {
        let mut out = Vec::new();
        loop {
            match self.next()? {
                0 => return Ok(out),
                c => out.push(c as u8),
            }
        }
    }
}

/// Reads the entries of a group record (`ops`: the whole record, at least 3 operands; `past`:
/// what LLVM's buffer holds after it) into a
/// set for index `idx`: the attributes, the old memory kinds folded into `memory`, then
/// `UpgradeAttributes`.
pub fn read_entries(
    ctx: &mut Context,
    types: &mut TypeTable,
    idx: u64,
    ops: &[u64],
    past: &[u64],
) -> Result<Vec<Attr>, String> {
    let mut b = Builder::default();
    let mut old_me = MemoryEffects::uniform(3);
    let mut r = Ops { ops, past, at: 2 };
    while r.at < ops.len() {
        match r.next()? {
            0 => {
                let code = r.next()?;
                // Only the exact 64-bit function index upgrades the old memory kinds.
                if idx == u64::from(FUNCTION_INDEX) {
                    if let Some(me) = old_memory(code) {
                        old_me = MemoryEffects(old_me.0 & me.0);
                        continue;
                    }
                }
                if code == u64::from(ATTR_KIND_NO_CAPTURE) {
                    b.add(ctx, "captures", AttrArg::Captures(llrs_ir::attributes::CaptureInfo::NONE));
                    continue;
                }
                let (name, class) = kind(code)?;
                let arg = match class {
                    // Typeless: the type is filled in where the list is used (`Pending`).
                    AttrClass::Type if upgradable_type_kind(name) => AttrArg::None,
                    AttrClass::Int if name == "uwtable" => AttrArg::UwTable(llrs_ir::attributes::UwTableKind::Async),
                    AttrClass::Enum => AttrArg::None,
                    _ => return Err("Not an enum attribute".into()),
                };
                b.add(ctx, name, arg);
            }
            1 => {
                let (name, class) = kind(r.next()?)?;
                if class != AttrClass::Int {
                    return Err("Not an int attribute".into());
                }
                if let Some(arg) = int_arg(name, r.next()?) {
                    b.add(ctx, name, arg);
                }
            }
            tag @ (3 | 4) => {
                let key = r.chars()?;
                let value = if tag == 4 { r.chars()? } else { Vec::new() };
                // `"key"=""` is `"key"` (LLVM stores an empty value for both).
                let value = (!value.is_empty()).then(|| ctx.sym_bytes(&value));
                let kind = ctx.sym_bytes(&key);
                b.push(Attr { kind, arg: AttrArg::Str(value) });
            }
            tag @ (5 | 6) => {
                let (name, class) = kind(r.next()?)?;
                if class != AttrClass::Type {
                    return Err("Not a type attribute".into());
                }
                // An id out of the table (or before it) is no type, without an error.
                let ty = if tag == 6 { types.get(ctx, r.next()?) } else { None };
                let arg = match ty {
                    Some(t) => AttrArg::Type(t),
                    None if upgradable_type_kind(name) => AttrArg::None,
                    None => return Err(MISSING_TYPE.into()),
                };
                b.add(ctx, name, arg);
            }
            7 => {
                let (name, class) = kind(r.next()?)?;
                if class != AttrClass::Range {
                    return Err("Not a ConstantRange attribute".into());
                }
                if let Some((width, lo, hi)) = range(ops, &mut r.at)? {
                    let ty = ctx.int_ty(width);
                    b.add(ctx, name, AttrArg::Range(ty, lo, hi));
                }
            }
            8 => {
                let (name, class) = kind(r.next()?)?;
                if class != AttrClass::RangeList {
                    return Err("Not a constant range list attribute".into());
                }
                let list = range_list(ops, &mut r.at)?;
                b.add(ctx, name, AttrArg::Initializes(list));
            }
            _ => return Err("Invalid attribute group entry".into()),
        }
    }
    // The old memory kinds replace an explicit `memory` of the same group.
    if old_me != MemoryEffects::uniform(3) {
        b.add(ctx, "memory", AttrArg::Memory(old_me));
    }
    let mut attrs = b.finish();
    llrs_upgrade::upgrade_attributes(ctx, &mut attrs);
    Ok(attrs)
}
