//! Memory-profile records of summaries: the stack ids (`FS_STACK_IDS`), the radix tree of call
//! stacks (`FS_CONTEXT_RADIX_TREE_ARRAY`, `parseAllocInfoContext`), call sites
//! (`FS_PERMODULE_CALLSITE_INFO`, `FS_COMBINED_CALLSITE_INFO`) and allocations
//! (`FS_PERMODULE_ALLOC_INFO`, `FS_COMBINED_ALLOC_INFO`, `FS_COMBINED_ALLOC_INFO_NO_CONTEXT`).
//! Stack ids are kept as their values, which is what `llvm-dis` prints.

use llrs_ir::summary::{AllocInfo, AllocType, CallsiteInfo, Mib};

use super::entries::Block;
use super::flags::alloc_type;
use super::{invalid, IndexReader, Rec};
use crate::Error;

/// `FS_STACK_IDS`: the ids themselves up to version 11, then pairs of 32-bit halves (most
/// significant first).
pub(super) fn stack_ids(r: Rec<'_>, version: u64) -> Result<Vec<u64>, Error> {
    if version <= 11 {
        return Ok(r.0.to_vec());
    }
    if !r.len().is_multiple_of(2) {
        return Err(invalid());
    }
    Ok(r.0.chunks_exact(2).map(|p| (p[0] << 32) | p[1]).collect())
}

/// The stack id at index `i` of `FS_STACK_IDS`.
fn stack_id(b: &Block, i: u64) -> Result<u64, Error> {
    usize::try_from(i).ok().and_then(|i| b.stack_ids.get(i)).copied().ok_or_else(invalid)
}

/// `parseAllocInfoContext`: a context's stack ids, listed in the record (a count, then stack id
/// indices) or, when the block has a radix tree, found from its index in the tree.
fn alloc_context(b: &Block, r: Rec<'_>, i: &mut usize) -> Result<Vec<u64>, Error> {
    let first = r.at(*i)?;
    *i += 1;
    let mut ids = Vec::new();
    if b.radix.is_empty() {
        for _ in 0..first {
            ids.push(stack_id(b, r.at(*i)?)?);
            *i += 1;
        }
        return Ok(ids);
    }
    // The frame count, then frames in increasing order; a negative entry is the (negated)
    // distance to the next frame.
    let radix = |k: u32| b.radix.get(k as usize).map(|&v| v as u32).ok_or_else(invalid);
    let mut k = first as u32;
    let n = radix(k)?;
    k = k.wrapping_add(1);
    for _ in 0..n {
        // Every frame is a distinct entry of the tree.
        if ids.len() >= b.radix.len() {
            return Err(invalid());
        }
        let mut elem = radix(k)?;
        if (elem as i32) < 0 {
            k = k.wrapping_sub(elem);
            elem = radix(k)?;
            if (elem as i32) < 0 {
                return Err(invalid());
            }
        }
        k = k.wrapping_add(1);
        ids.push(stack_id(b, u64::from(elem))?);
    }
    Ok(ids)
}

impl IndexReader<'_> {
    /// `FS_PERMODULE_CALLSITE_INFO`: `[valueid, stackidindex...]`.
    pub(super) fn per_module_callsite(&self, b: &Block, r: Rec<'_>) -> Result<CallsiteInfo, Error> {
        let callee = self.value(r.at(0)?)?;
        let stack_ids = r.from(1).iter().map(|&i| stack_id(b, i)).collect::<Result<Vec<_>, Error>>()?;
        Ok(CallsiteInfo { callee: Some(callee), clones: vec![0], stack_ids })
    }

    /// `FS_COMBINED_CALLSITE_INFO`: `[valueid, numstackindices, numver, stackidindex...,
    /// version...]`; the callee may be absent from the index.
    pub(super) fn combined_callsite(&self, b: &Block, r: Rec<'_>) -> Result<CallsiteInfo, Error> {
        let callee = self.value_opt(r.at(0)?);
        let (n, versions) = (u64::from(r.at(1)? as u32), u64::from(r.at(2)? as u32));
        let stack_ids = r.slice(3, n)?.iter().map(|&i| stack_id(b, i)).collect::<Result<Vec<_>, Error>>()?;
        let clones = r.slice(3 + n as usize, versions)?.iter().map(|&v| v as u32).collect();
        Ok(CallsiteInfo { callee, clones, stack_ids })
    }
}

/// `FS_PERMODULE_ALLOC_INFO`: `[nummib, (alloc type, context)...]` (no count before version 10:
/// contexts to the end), then the context sizes, which are not printed.
pub(super) fn per_module_alloc(b: &Block, r: Rec<'_>) -> Result<AllocInfo, Error> {
    let mut i = 0;
    let mut mibs = Vec::new();
    if b.version >= 10 {
        let n = r.at(i)?;
        i += 1;
        for _ in 0..n {
            mibs.push(mib(b, r, &mut i, true)?);
        }
    } else {
        while i < r.len() {
            mibs.push(mib(b, r, &mut i, true)?);
        }
    }
    Ok(AllocInfo { versions: vec![AllocType::None], mibs })
}

/// One allocation context: its type, then its stack ids when `context`.
fn mib(b: &Block, r: Rec<'_>, i: &mut usize, context: bool) -> Result<Mib, Error> {
    let alloc_type = alloc_type(r.at(*i)?);
    *i += 1;
    let stack_ids = if context { alloc_context(b, r, i)? } else { Vec::new() };
    Ok(Mib { alloc_type, stack_ids })
}

/// `FS_COMBINED_ALLOC_INFO`: `[nummib, numver, (alloc type, context)..., version...]`;
/// `FS_COMBINED_ALLOC_INFO_NO_CONTEXT`: the same without the contexts.
pub(super) fn combined_alloc(b: &Block, r: Rec<'_>, context: bool) -> Result<AllocInfo, Error> {
    let (n, versions) = (u64::from(r.at(0)? as u32), u64::from(r.at(1)? as u32));
    let mut i = 2;
    let mut mibs = Vec::new();
    for _ in 0..n {
        mibs.push(mib(b, r, &mut i, context)?);
    }
    let versions = r.slice(i, versions)?.iter().map(|&v| alloc_type(v)).collect();
    Ok(AllocInfo { versions, mibs })
}
