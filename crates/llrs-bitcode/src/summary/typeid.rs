//! Type ids in summaries: the virtual calls of a function (`FS_TYPE_TEST_ASSUME_VCALLS`,
//! `FS_TYPE_CHECKED_LOAD_VCALLS`, `*_CONST_VCALL`), type-id summaries (`FS_TYPE_ID`:
//! `parseTypeIdSummaryRecord` with its devirtualization resolutions), the vtables compatible with
//! a type id (`FS_TYPE_ID_METADATA`), and parameter accesses (`FS_PARAM_ACCESS`:
//! `parseParamAccesses`).

use llrs_ir::summary::{ConstVCall, OffsetRange, ParamAccess, ParamCall, TypeIdSummary, VFuncId, VTableTypeIdEntry};

use super::flags::{by_arg_kind, sign_rotated, ttres_kind, wpd_kind};
use super::{invalid, IndexReader, Rec};
use crate::Error;

/// `[guid, offset]` pairs of virtual calls.
pub(super) fn vfunc_ids(r: Rec<'_>) -> Result<Vec<VFuncId>, Error> {
    if !r.len().is_multiple_of(2) {
        return Err(invalid());
    }
    Ok(r.0.chunks_exact(2).map(|p| VFuncId { guid: p[0], offset: p[1] }).collect())
}

/// `[guid, offset, args...]`: a virtual call with constant arguments.
pub(super) fn const_vcall(r: Rec<'_>) -> Result<ConstVCall, Error> {
    Ok(ConstVCall { vfunc: VFuncId { guid: r.at(0)?, offset: r.at(1)? }, args: r.from(2).to_vec() })
}

/// Reads operands in order, each checked.
struct Slots<'r> {
    r: Rec<'r>,
    at: usize,
}

impl<'r> Slots<'r> {
    fn next(&mut self) -> Result<u64, Error> {
        let v = self.r.at(self.at)?;
        self.at += 1;
        Ok(v)
    }
    fn take(&mut self, n: u64) -> Result<&'r [u64], Error> {
        let s = self.r.slice(self.at, n)?;
        self.at += s.len();
        Ok(s)
    }
    fn done(&self) -> bool {
        self.at >= self.r.len()
    }
}

impl IndexReader<'_> {
    /// `parseTypeIdSummaryRecord`: `[name offset, name size, ttres kind, sizeM1BitWidth,
    /// alignLog2, sizeM1, bitMask, inlineBits]`, then devirtualization resolutions: `[offset,
    /// kind, name offset, name size, count, (argcount, args..., kind, info, byte, bit)...]`.
    pub(super) fn type_id(&mut self, r: Rec<'_>) -> Result<(), Error> {
        let name = self.strtab_str(r.at(0)?, r.at(1)?)?;
        let mut s = Slots { r, at: 2 };
        // Read whole first: the summary of the same name is updated in place.
        let mut read = TypeIdSummary::default();
        read.ttres.kind = ttres_kind(s.next()?);
        read.ttres.size_m1_bit_width = s.next()? as u32;
        read.ttres.align_log2 = s.next()?;
        read.ttres.size_m1 = s.next()?;
        read.ttres.bit_mask = s.next()? as u8;
        read.ttres.inline_bits = s.next()?;
        let mut wpds = Vec::new();
        while !s.done() {
            let offset = s.next()?;
            let kind = wpd_kind(s.next()?);
            let (off, size) = (s.next()?, s.next()?);
            let single_impl_name = self.strtab_str(off, size)?;
            let n = s.next()?;
            let mut by_args = Vec::new();
            for _ in 0..n {
                let count = s.next()?;
                let args = s.take(count)?.to_vec();
                let kind = by_arg_kind(s.next()?);
                let (info, byte, bit) = (s.next()?, s.next()? as u32, s.next()? as u32);
                by_args.push((args, kind, info, byte, bit));
            }
            wpds.push((offset, kind, single_impl_name, by_args));
        }
        let tis = self.index.type_id_mut(&name);
        tis.ttres = read.ttres;
        for (offset, kind, single_impl_name, by_args) in wpds {
            let wpd = tis.wpd.entry(offset).or_default();
            wpd.kind = kind;
            wpd.single_impl_name = single_impl_name;
            for (args, kind, info, byte, bit) in by_args {
                let by = wpd.res_by_arg.entry(args).or_default();
                (by.kind, by.info, by.byte, by.bit) = (kind, info, byte, bit);
            }
        }
        Ok(())
    }

    /// `parseTypeIdCompatibleVtableSummaryRecord`: `[name offset, name size, (offset,
    /// valueid)...]`.
    pub(super) fn type_id_metadata(&mut self, r: Rec<'_>) -> Result<(), Error> {
        let name = self.strtab_str(r.at(0)?, r.at(1)?)?;
        let rest = r.from(2);
        if !rest.len().is_multiple_of(2) {
            return Err(invalid());
        }
        let entries = rest
            .chunks_exact(2)
            .map(|p| Ok(VTableTypeIdEntry { offset: p[0], vtable: self.value(p[1])? }))
            .collect::<Result<Vec<_>, Error>>()?;
        self.index.vtable_type_ids.entry(name).or_default().extend(entries);
        Ok(())
    }

    /// `parseParamAccesses`: `[param, lower, upper, ncalls, (param, callee, lower,
    /// upper)...]...`, bounds sign-rotated.
    pub(super) fn param_accesses(&self, r: Rec<'_>) -> Result<Vec<ParamAccess>, Error> {
        let mut s = Slots { r, at: 0 };
        let range = |s: &mut Slots<'_>| -> Result<OffsetRange, Error> {
            Ok(OffsetRange { lower: sign_rotated(s.next()?), upper: sign_rotated(s.next()?) })
        };
        let mut out = Vec::new();
        while !s.done() {
            let param = s.next()?;
            let offsets = range(&mut s)?;
            let n = s.next()?;
            let mut calls = Vec::new();
            // Each call takes four operands: the count cannot outrun the record.
            for _ in 0..n {
                let param = s.next()?;
                let callee = self.value(s.next()?)?;
                let offsets = range(&mut s)?;
                calls.push(ParamCall { callee, param, offsets });
            }
            out.push(ParamAccess { param, offsets, calls });
        }
        Ok(out)
    }
}
