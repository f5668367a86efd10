//! The records of debug-info types and their parts: `DISubrange` (every version),
//! `DIGenericSubrange`, `DIEnumerator`, `DIBasicType`, `DIFixedPointType`, `DIStringType`,
//! `DIDerivedType`, `DISubrangeType`, `DICompositeType`, `DISubroutineType`.

use llrs_ir::{APInt, DiValue, Md, MdKind, Module};

use super::fields::{int_text, Di, Num};
use super::MetadataLoader;
use crate::constants::decode_sign_rotated;
use crate::Error;

fn invalid() -> Error {
    Error::new("Invalid record")
}

/// `unrotateSign`: the sign in the low bit, as the old records of subranges and enumerators hold
/// it.
pub(super) fn unrotate_sign(u: u64) -> i64 {
    if u & 1 == 1 {
        !((u >> 1) as i64)
    } else {
        (u >> 1) as i64
    }
}

/// `readWideAPInt`: an integer of `width` bits from sign-rotated words, printed signed or
/// unsigned as the parser reads it back. A width beyond the words given is zero-extended (so
/// the width itself sizes nothing).
fn wide_int(m: &mut Module, words: &[u64], width: u64, unsigned: bool) -> Result<DiValue, Error> {
    let words: Vec<u64> = words.iter().map(|&w| decode_sign_rotated(w)).collect();
    if width > 1 << 23 {
        return Err(invalid());
    }
    let held = (words.len() as u64) * 64;
    let text = if width == 0 {
        String::from("0")
    } else if width > held {
        // The top bit is beyond the words: the value is what they hold, unsigned.
        APInt::from_words(held.max(64) as u32, &words).to_string_unsigned()
    } else {
        let ap = APInt::from_words(width as u32, &words);
        if unsigned {
            ap.to_string_unsigned()
        } else {
            ap.to_string_signed()
        }
    };
    Ok(int_text(&mut m.ctx, &text))
}

impl MetadataLoader {
    /// A size or offset that is metadata (`SizeIsMetadata`) or a plain number
    /// (`getMetadataOrConstant`).
    pub(super) fn num(&mut self, m: &mut Module, is_md: bool, v: u64) -> Num {
        if is_md {
            Num::Md(self.md_or_null(m, v))
        } else {
            Num::Raw(v)
        }
    }

    /// `METADATA_SUBRANGE` `[distinct | version << 1, count, lowerBound, (upperBound, stride)]`:
    /// version 0 holds integers, 1 a count node and an integer, 2 four nodes.
    pub(super) fn subrange(&mut self, m: &mut Module, r: &[u64]) -> Result<(), Error> {
        let Some(&head) = r.first() else { return Err(invalid()) };
        let version = head >> 1;
        let need = if version == 2 { 5 } else { 3 };
        if version > 2 {
            return Err(Error::new("Invalid record: Unsupported version of DISubrange"));
        }
        if r.len() < need {
            return Err(invalid());
        }
        let bounds: Vec<Md> = match version {
            2 => (1..5).map(|i| self.md_or_null(m, r[i])).collect(),
            _ => {
                let count = if version == 0 { Md::Null } else { self.md_or_null(m, r[1]) };
                vec![count]
            }
        };
        let mut di = Di::new(&mut m.ctx, "DISubrange");
        match version {
            0 => {
                di.int("count", r[1] as i64);
                di.int("lowerBound", unrotate_sign(r[2]));
            }
            1 => {
                di.md_or_int("count", bounds[0], false);
                di.int("lowerBound", unrotate_sign(r[2]));
            }
            _ => {
                for (name, b) in ["count", "lowerBound", "upperBound", "stride"].into_iter().zip(bounds) {
                    di.md_or_int(name, b, false);
                }
            }
        }
        let node = di.finish(head & 1 == 1);
        self.assign_node(m, node);
        Ok(())
    }

    /// `METADATA_GENERIC_SUBRANGE` `[distinct, count, lowerBound, upperBound, stride]`: a bound
    /// that is a signed constant expression prints as its number.
    pub(super) fn generic_subrange(&mut self, m: &mut Module, r: &[u64]) -> Result<(), Error> {
        if r.len() < 5 {
            return Err(invalid());
        }
        let bounds: Vec<Md> = (1..5).map(|i| self.md_or_null(m, r[i])).collect();
        let mut di = Di::new(&mut m.ctx, "DIGenericSubrange");
        for (name, b) in ["count", "lowerBound", "upperBound", "stride"].into_iter().zip(bounds) {
            match signed_constant(di.ctx(), b) {
                Some(v) => di.int(name, v),
                None if b == Md::Null => {}
                None => di.md(name, b),
            }
        }
        let node = di.finish(r[0] & 1 == 1);
        self.assign_node(m, node);
        Ok(())
    }

    /// `METADATA_ENUMERATOR` `[distinct | unsigned << 1 | bigint << 2, value or width, name,
    /// words...]`.
    pub(super) fn enumerator(&mut self, m: &mut Module, r: &[u64]) -> Result<(), Error> {
        if r.len() < 3 {
            return Err(invalid());
        }
        let unsigned = r[0] & 2 != 0;
        let value = if r[0] & 4 != 0 {
            wide_int(m, &r[3..], r[1], unsigned)?
        } else {
            let v = unrotate_sign(r[1]);
            let text = if unsigned { (v as u64).to_string() } else { v.to_string() };
            int_text(&mut m.ctx, &text)
        };
        let name = self.string(m, r[2])?;
        let mut di = Di::new(&mut m.ctx, "DIEnumerator");
        di.str("name", name);
        di.value("value", value);
        di.bool("isUnsigned", unsigned);
        let node = di.finish(r[0] & 1 == 1);
        self.assign_node(m, node);
        Ok(())
    }

    /// `METADATA_BASIC_TYPE` `[distinct | sizeIsMetadata << 1, tag, name, size, align, encoding,
    /// flags?, numExtraInhabitants?, dataSize?]`.
    pub(super) fn basic_type(&mut self, m: &mut Module, r: &[u64]) -> Result<(), Error> {
        if r.len() < 6 || r.len() > 9 {
            return Err(invalid());
        }
        let name = self.string(m, r[2])?;
        let size = self.num(m, r[0] & 2 != 0, r[3]);
        let mut di = Di::new(&mut m.ctx, "DIBasicType");
        di.uint("tag", r[1] & 0xffff);
        di.str("name", name);
        di.size("size", size);
        di.uint("align", r[4] as u32 as u64);
        di.uint("encoding", r[5] as u32 as u64);
        di.uint("num_extra_inhabitants", r.get(7).map_or(0, |&v| v as u32 as u64));
        di.uint("dataSize", r.get(8).map_or(0, |&v| v as u32 as u64));
        di.uint("flags", r.get(6).map_or(0, |&v| v as u32 as u64));
        let node = di.finish(r[0] & 1 == 1);
        self.assign_node(m, node);
        Ok(())
    }
}

impl MetadataLoader {
    /// `METADATA_FIXED_POINT_TYPE` `[distinct | sizeIsMetadata << 1, tag, name, size, align,
    /// encoding, flags, kind, factor, numerator, denominator]`, each wide integer as
    /// `[words << 32 | width, words...]`.
    pub(super) fn fixed_point_type(&mut self, m: &mut Module, r: &[u64]) -> Result<(), Error> {
        if r.len() < 11 {
            return Err(invalid());
        }
        let kind = match r[7] {
            0 => "Binary",
            1 => "Decimal",
            2 => "Rational",
            _ => return Err(invalid()),
        };
        // `isSigned`: the encoding is `DW_ATE_signed_fixed`.
        let unsigned = r[5] as u32 != 0x0d;
        let mut at = 9;
        let mut wide = |m: &mut Module| -> Result<DiValue, Error> {
            let head = *r.get(at).ok_or_else(invalid)?;
            let words = (head >> 32) as usize;
            let words = r.get(at + 1..).and_then(|rest| rest.get(..words)).ok_or_else(invalid)?;
            at += 1 + words.len();
            wide_int(m, words, head & 0xffff_ffff, unsigned)
        };
        let numerator = wide(m)?;
        let denominator = wide(m)?;
        let name = self.string(m, r[2])?;
        let size = self.num(m, r[0] & 2 != 0, r[3]);
        let mut di = Di::new(&mut m.ctx, "DIFixedPointType");
        di.uint("tag", r[1] & 0xffff);
        di.str("name", name);
        di.size("size", size);
        di.uint("align", r[4] as u32 as u64);
        di.uint("encoding", r[5] as u32 as u64);
        di.uint("flags", r[6] as u32 as u64);
        di.ident("kind", kind);
        if kind == "Rational" {
            di.value("numerator", numerator);
            di.value("denominator", denominator);
        } else {
            di.int("factor", i64::from(r[8] as i32));
        }
        let node = di.finish(r[0] & 1 == 1);
        self.assign_node(m, node);
        Ok(())
    }

    /// `METADATA_STRING_TYPE` `[distinct | sizeIsMetadata << 1, tag, name, stringLength,
    /// stringLengthExpression, stringLocationExpression (not in 8-field records), size, align,
    /// encoding]`.
    pub(super) fn string_type(&mut self, m: &mut Module, r: &[u64]) -> Result<(), Error> {
        if r.len() < 8 || r.len() > 9 {
            return Err(invalid());
        }
        let short = r.len() == 8;
        let name = self.string(m, r[2])?;
        let length = self.md_or_null(m, r[3]);
        let length_expr = self.md_or_null(m, r[4]);
        let location = if short { Md::Null } else { self.md_or_null(m, r[5]) };
        let at = if short { 5 } else { 6 };
        let size = self.num(m, r[0] & 2 != 0, r[at]);
        let mut di = Di::new(&mut m.ctx, "DIStringType");
        di.uint("tag", r[1] & 0xffff);
        di.str("name", name);
        di.md("stringLength", length);
        di.md("stringLengthExpression", length_expr);
        di.md("stringLocationExpression", location);
        di.size("size", size);
        di.uint("align", r[at + 1] as u32 as u64);
        di.uint("encoding", r[at + 2] as u32 as u64);
        let node = di.finish(r[0] & 1 == 1);
        self.assign_node(m, node);
        Ok(())
    }

    /// `METADATA_DERIVED_TYPE` `[distinct | sizeIsMetadata << 1, tag, name, file, line, scope,
    /// baseType, size, align, offset, flags, extraData, dwarfAddressSpace + 1?, annotations?,
    /// ptrAuthData?]`: annotations and pointer-authentication data are read only when both are
    /// there (both have been the 14th field).
    pub(super) fn derived_type(&mut self, m: &mut Module, r: &[u64]) -> Result<(), Error> {
        if r.len() < 12 || r.len() > 15 {
            return Err(invalid());
        }
        let address_space = r.get(12).filter(|&&v| v != 0).map(|&v| (v - 1) as u32);
        let (annotations, ptr_auth) = if r.len() > 14 {
            let a = if r[13] != 0 { self.md_or_null(m, r[13]) } else { Md::Null };
            (a, (r[14] != 0).then_some(r[14] as u32))
        } else {
            (Md::Null, None)
        };
        let is_md = r[0] & 2 != 0;
        let name = self.string(m, r[2])?;
        let file = self.md_or_null(m, r[3]);
        let scope = self.md_or_null(m, r[5]);
        let base = self.md_or_null(m, r[6]);
        let size = self.num(m, is_md, r[7]);
        let offset = self.num(m, is_md, r[9]);
        let extra = self.md_or_null(m, r[11]);
        let mut di = Di::new(&mut m.ctx, "DIDerivedType");
        di.uint("tag", r[1] & 0xffff);
        di.str("name", name);
        di.md("scope", scope);
        di.md("file", file);
        di.uint("line", r[4] as u32 as u64);
        di.md("baseType", base);
        di.size("size", size);
        di.uint("align", r[8] as u32 as u64);
        di.size("offset", offset);
        di.uint("flags", r[10] as u32 as u64);
        di.md("extraData", extra);
        if let Some(space) = address_space {
            di.uint("dwarfAddressSpace", u64::from(space));
        }
        di.md("annotations", annotations);
        if let Some(p) = ptr_auth {
            // `PtrAuthData`: key (4 bits), address discriminated, extra discriminator (16 bits),
            // isa pointer, authenticates null values.
            di.uint("ptrAuthKey", u64::from(p & 0xf));
            di.bool("ptrAuthIsAddressDiscriminated", p >> 4 & 1 == 1);
            di.uint("ptrAuthExtraDiscriminator", u64::from(p >> 5 & 0xffff));
            di.bool("ptrAuthIsaPointer", p >> 21 & 1 == 1);
            di.bool("ptrAuthAuthenticatesNullValues", p >> 22 & 1 == 1);
        }
        let node = di.finish(r[0] & 1 == 1);
        self.assign_node(m, node);
        Ok(())
    }

    /// `METADATA_SUBRANGE_TYPE` `[distinct | sizeIsMetadata << 1, name, file, line, scope, size,
    /// align, flags, baseType, lowerBound, upperBound, stride, bias]`.
    pub(super) fn subrange_type(&mut self, m: &mut Module, r: &[u64]) -> Result<(), Error> {
        if r.len() != 13 {
            return Err(invalid());
        }
        let name = self.string(m, r[1])?;
        let file = self.md_or_null(m, r[2]);
        let scope = self.md_or_null(m, r[4]);
        let size = self.num(m, r[0] & 2 != 0, r[5]);
        let base = self.md_or_null(m, r[8]);
        let bounds: Vec<Md> = (9..13).map(|i| self.md_or_null(m, r[i])).collect();
        let mut di = Di::new(&mut m.ctx, "DISubrangeType");
        di.str("name", name);
        di.md("scope", scope);
        di.md("file", file);
        di.uint("line", r[3] as u32 as u64);
        di.size("size", size);
        di.uint("align", r[6] as u32 as u64);
        di.uint("flags", r[7] as u32 as u64);
        di.md("baseType", base);
        for (name, b) in ["lowerBound", "upperBound", "stride", "bias"].into_iter().zip(bounds) {
            di.md(name, b);
        }
        let node = di.finish(r[0] & 1 == 1);
        self.assign_node(m, node);
        Ok(())
    }

    /// `METADATA_COMPOSITE_TYPE` `[distinct | notUsedInOldTypeRef << 1 | sizeIsMetadata << 2,
    /// tag, name, file, line, scope, baseType, size, align, offset, flags, elements, runtimeLang,
    /// vtableHolder, templateParams, identifier, discriminator?, dataLocation?, (associated,
    /// allocated)?, rank?, annotations?, numExtraInhabitants?, specification?, enumKind?,
    /// bitStride?]`.
    pub(super) fn composite_type(&mut self, m: &mut Module, r: &[u64]) -> Result<(), Error> {
        if r.len() < 16 || r.len() > 26 {
            return Err(invalid());
        }
        if r[8] > u64::from(u32::MAX) {
            return Err(Error::new("Alignment value is too large"));
        }
        let is_md = r[0] & 4 != 0;
        let opt = |i: usize, from: usize| if r.len() > from { r[i] } else { 0 };
        let name = self.string(m, r[2])?;
        let file = self.md_or_null(m, r[3]);
        let scope = self.md_or_null(m, r[5]);
        let base = self.md_or_null(m, r[6]);
        let offset = self.num(m, is_md, r[9]);
        let elements = self.md_or_null(m, r[11]);
        let vtable = self.md_or_null(m, r[13]);
        let template = self.md_or_null(m, r[14]);
        let identifier = self.string(m, r[15])?;
        let mut more = [Md::Null; 7];
        let at = [(16, 16), (17, 17), (18, 19), (19, 19), (20, 20), (21, 21), (23, 23)];
        for (slot, &(i, from)) in more.iter_mut().zip(&at) {
            *slot = self.md_or_null(m, opt(i, from));
        }
        let [discriminator, data_location, associated, allocated, rank, annotations, specification] = more;
        let bit_stride = self.md_or_null(m, opt(25, 25));
        let size = self.num(m, is_md, r[7]);
        let flags = r[10] as u32;
        let mut di = Di::new(&mut m.ctx, "DICompositeType");
        di.uint("tag", r[1] & 0xffff);
        di.str("name", name);
        di.md("scope", scope);
        di.md("file", file);
        di.uint("line", r[4] as u32 as u64);
        di.md("baseType", base);
        di.size("size", size);
        di.uint("align", r[8]);
        di.size("offset", offset);
        di.uint("num_extra_inhabitants", opt(22, 22) as u32 as u64);
        di.uint("flags", u64::from(flags));
        di.md("elements", elements);
        di.uint("runtimeLang", r[12] as u32 as u64);
        di.md("vtableHolder", vtable);
        di.md("templateParams", template);
        di.str("identifier", identifier);
        di.md("discriminator", discriminator);
        di.md("dataLocation", data_location);
        di.md("associated", associated);
        di.md("allocated", allocated);
        di.md_or_int("rank", rank, false);
        di.md("annotations", annotations);
        di.md("specification", specification);
        // `DW_APPLE_ENUM_KIND_invalid` (all ones) is no kind.
        if r.len() > 24 && r[24] as u32 != u32::MAX {
            di.uint("enumKind", r[24] as u32 as u64);
        }
        di.md("bitStride", bit_stride);
        let node = di.finish(r[0] & 1 == 1);
        let id = self.assign_node(m, node);
        if r[0] & 2 == 0 {
            if let Some(identifier) = identifier {
                // `DIFlagFwdDecl`.
                self.up.add_type_ref(identifier, id, flags & 4 != 0);
            }
        }
        Ok(())
    }

    /// `METADATA_SUBROUTINE_TYPE` `[distinct | notOldTypeRefArray << 1, flags, types, cc?]`.
    pub(super) fn subroutine_type(&mut self, m: &mut Module, r: &[u64]) -> Result<(), Error> {
        if r.len() < 3 || r.len() > 4 {
            return Err(invalid());
        }
        let types = self.md_or_null(m, r[2]);
        let mut di = Di::new(&mut m.ctx, "DISubroutineType");
        di.uint("flags", r[1] as u32 as u64);
        di.uint("cc", r.get(3).map_or(0, |&v| v as u8 as u64));
        di.md("types", types);
        let node = di.finish(r[0] & 1 == 1);
        let id = self.assign_node(m, node);
        if r[0] < 2 {
            self.up.type_ref_arrays.push(id);
        }
        Ok(())
    }
}

/// The number a `DIExpression` holding a signed constant stands for (`isConstant` giving
/// `SignedConstant`: `DW_OP_consts N`, optionally then `DW_OP_stack_value`).
fn signed_constant(ctx: &llrs_ir::Context, md: Md) -> Option<i64> {
    use llrs_ir::di_expr::op;
    let Md::Node(n) = md else { return None };
    let node = ctx.md(n);
    if node.kind != MdKind::Expression {
        return None;
    }
    let e = llrs_ir::di_expr::elements(ctx, node)?;
    match e[..] {
        [op::CONSTS, v] | [op::CONSTS, v, op::STACK_VALUE] => Some(v as i64),
        _ => None,
    }
}
