//! `TargetData`: one target's tables decoded from its generated file (the format is
//! described in `tools/mir-targets/generate`).

use std::sync::OnceLock;

use super::names::NameTable;
use super::reader::{Malformed, Read, Reader};
use super::subregs::SubRegs;

/// A list inside a pool: `start..start + len`.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Span {
    pub(crate) start: u32,
    pub(crate) len: u32,
}

impl Span {
    pub(crate) fn of<T>(self, pool: &[T]) -> &[T] {
        let start = self.start as usize;
        pool.get(start..start + self.len as usize).unwrap_or(&[])
    }
}

/// One operand of an instruction as LLVM's `MCOperandInfo` stores it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct RawOperand {
    /// `MCOperandInfo::RegClass`: a class id, -1 for none, or (with the
    /// `LookupRegClassByHwMode` flag) an index into the mode's table.
    pub(crate) reg_class: i16,
    pub(crate) operand_type: u8,
    pub(crate) flags: u8,
    /// The operand this one is tied to, -1 for none.
    pub(crate) tied_to: i8,
    pub(crate) early_clobber: bool,
}

/// One opcode's `MCInstrDesc`, with its lists as ids into the shared tables.
#[derive(Debug, Clone, Copy)]
pub(crate) struct RawInstr {
    pub(crate) num_defs: u8,
    pub(crate) size: u8,
    pub(crate) num_operands: u16,
    pub(crate) flags: u32,
    pub(crate) ts_flags: u32,
    pub(crate) operands: u32,
    pub(crate) implicit_defs: u32,
    pub(crate) implicit_uses: u32,
}

/// Register class sizes in one hardware mode, in bits (as `TargetRegisterInfo`'s
/// `RegClassInfo`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ClassSizes {
    pub(crate) reg_size: u32,
    pub(crate) spill_size: u32,
    pub(crate) spill_align: u32,
}

/// The tables that depend on the subtarget's hardware mode.
#[derive(Debug)]
pub(crate) struct Mode {
    /// Register classes of `LookupRegClassByHwMode` operands.
    pub(crate) hw_classes: Vec<i16>,
    /// Per register class.
    pub(crate) class_sizes: Vec<ClassSizes>,
    /// Per subregister index from 1: size and offset in bits (offset -1: unknown).
    pub(crate) subreg_ranges: Vec<(u16, i32)>,
}

/// A triple of the target: its mode with the generic CPU and the CPUs that differ.
#[derive(Debug)]
pub(crate) struct Variant {
    pub(crate) triple: String,
    pub(crate) default_mode: u32,
    pub(crate) cpus: Vec<(String, u32)>,
}

/// Target flag names with their values.
pub(crate) type FlagList = Vec<(u32, String)>;

/// One target's tables.
#[derive(Debug)]
pub(crate) struct TargetData {
    pub(crate) name: String,
    pub(crate) variants: Vec<Variant>,
    pub(crate) flag_words: Vec<u64>,
    pub(crate) ts_flag_words: Vec<u64>,
    pub(crate) reg_pool: Vec<u16>,
    pub(crate) reg_lists: Vec<Span>,
    pub(crate) operand_pool: Vec<RawOperand>,
    pub(crate) operand_lists: Vec<Span>,
    pub(crate) opcode_names: NameTable,
    pub(crate) instrs: Vec<RawInstr>,
    /// Subregister index names; name `i` is index `i + 1`.
    pub(crate) subreg_idx_names: NameTable,
    pub(crate) reg_names: NameTable,
    /// The subregister section, and what is decoded from it on first use.
    pub(crate) subreg_bytes: &'static [u8],
    pub(crate) subregs: OnceLock<Option<SubRegs>>,
    /// Register class names lowercased (MIR) and as the target spells them.
    pub(crate) class_names: NameTable,
    pub(crate) class_target_names: NameTable,
    pub(crate) class_allocatable: Vec<bool>,
    /// Members in allocation order, and the same sorted (for `contains`).
    pub(crate) member_pool: Vec<u16>,
    pub(crate) sorted_member_pool: Vec<u16>,
    pub(crate) class_members: Vec<Span>,
    pub(crate) bank_names: NameTable,
    pub(crate) mask_names: NameTable,
    /// `mask_words` words per mask, one bit per register.
    pub(crate) mask_words: usize,
    pub(crate) mask_pool: Vec<u32>,
    pub(crate) direct_flags: FlagList,
    pub(crate) bitmask_flags: FlagList,
    pub(crate) mmo_flags: FlagList,
    pub(crate) target_indices: Vec<(i32, String)>,
    pub(crate) direct_names: NameTable,
    pub(crate) bitmask_names: NameTable,
    pub(crate) mmo_names: NameTable,
    pub(crate) index_names: NameTable,
    pub(crate) direct_mask: u32,
    pub(crate) bitmask_mask: u32,
    pub(crate) split_is_linear: bool,
    pub(crate) modes: Vec<Mode>,
}

fn read_flags(r: &mut Reader<'_>) -> Read<FlagList> {
    let n = r.count()?;
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        let v = r.u32()?;
        out.push((v, r.str()?.to_owned()));
    }
    Ok(out)
}

/// Reads `count` then `count` items of `item`, as a `Span` into `pool`.
fn read_list<T>(r: &mut Reader<'_>, pool: &mut Vec<T>, mut item: impl FnMut(&mut Reader<'_>) -> Read<T>) -> Read<Span> {
    let n = r.count()?;
    let start = u32::try_from(pool.len()).map_err(|_| Malformed)?;
    for _ in 0..n {
        pool.push(item(r)?);
    }
    Ok(Span { start, len: n as u32 })
}

impl TargetData {
    /// The subregisters, decoded on first use (None if malformed, which a test rules out).
    pub(crate) fn subregs(&self) -> Option<&SubRegs> {
        self.subregs.get_or_init(|| SubRegs::decode(self.subreg_bytes, self.reg_names.len()).ok()).as_ref()
    }

    /// Decodes a target's file.
    pub(crate) fn decode(bytes: &'static [u8]) -> Read<TargetData> {
        let r = &mut Reader::new(bytes);
        r.expect(b"LLRSMIR\x01")?;
        let name = r.str()?.to_owned();
        let _primary = r.str()?;
        let nvariants = r.count()?;
        let mut triples = Vec::with_capacity(nvariants);
        for _ in 0..nvariants {
            triples.push(r.str()?.to_owned());
        }

        let mut flag_words = Vec::new();
        let mut ts_flag_words = Vec::new();
        for table in [&mut flag_words, &mut ts_flag_words] {
            let n = r.count()?;
            table.reserve(n);
            for _ in 0..n {
                table.push(r.u64()?);
            }
        }
        let n = r.count()?;
        let mut reg_pool = Vec::new();
        let mut reg_lists = Vec::with_capacity(n);
        for _ in 0..n {
            reg_lists.push(read_list(r, &mut reg_pool, |r| r.u16())?);
        }
        let n = r.count()?;
        let mut operand_pool = Vec::new();
        let mut operand_lists = Vec::with_capacity(n);
        for _ in 0..n {
            operand_lists.push(read_list(r, &mut operand_pool, |r| {
                Ok(RawOperand {
                    reg_class: i16::try_from(r.i32()?).map_err(|_| Malformed)?,
                    operand_type: r.u8()?,
                    flags: r.u8()?,
                    tied_to: i8::try_from(r.i32()?).map_err(|_| Malformed)?,
                    early_clobber: r.u8()? != 0,
                })
            })?);
        }
        let opcode_names = NameTable::read(r)?;
        let mut instrs = Vec::with_capacity(opcode_names.len());
        for _ in 0..opcode_names.len() {
            let instr = RawInstr {
                num_defs: r.u8()?,
                num_operands: r.u16()?,
                size: r.u8()?,
                flags: r.u32()?,
                ts_flags: r.u32()?,
                operands: r.u32()?,
                implicit_defs: r.u32()?,
                implicit_uses: r.u32()?,
            };
            let ok = (instr.flags as usize) < flag_words.len()
                && (instr.ts_flags as usize) < ts_flag_words.len()
                && (instr.operands as usize) < operand_lists.len()
                && (instr.implicit_defs as usize) < reg_lists.len()
                && (instr.implicit_uses as usize) < reg_lists.len();
            if !ok {
                return Err(Malformed);
            }
            instrs.push(instr);
        }

        let subreg_idx_names = NameTable::read(r)?;

        let reg_names = NameTable::read_pieced(r)?;
        let n = r.count()?;
        let subreg_bytes = r.bytes(n)?;

        let class_target_names = NameTable::read(r)?;
        let lowered: Vec<String> = (0..class_target_names.len())
            .map(|i| class_target_names.get(i).unwrap_or("").to_ascii_lowercase())
            .collect();
        let class_names = NameTable::from_names(lowered.iter().map(String::as_str));
        let mut class_allocatable = Vec::with_capacity(class_names.len());
        let mut member_pool = Vec::new();
        let mut class_members = Vec::with_capacity(class_names.len());
        for _ in 0..class_names.len() {
            class_allocatable.push(r.u8()? != 0);
            let start = member_pool.len() as u32;
            let runs = r.count()?;
            let mut end = 0i64;
            for _ in 0..runs {
                let first = end + r.i64()?;
                let len = i64::from(r.u32()?);
                if first < 0 || first + len > reg_names.len() as i64 {
                    return Err(Malformed);
                }
                member_pool.extend((first..first + len).map(|m| m as u16));
                end = first + len;
            }
            class_members.push(Span { start, len: member_pool.len() as u32 - start });
        }
        let mut sorted_member_pool = member_pool.clone();
        for span in &class_members {
            let start = span.start as usize;
            let members = &mut sorted_member_pool[start..start + span.len as usize];
            if !members.is_sorted() {
                members.sort_unstable();
            }
        }

        let bank_names = NameTable::read(r)?;

        let mask_names = NameTable::read(r)?;
        let mask_words = reg_names.len().div_ceil(32);
        let mut mask_pool = vec![0u32; mask_words * mask_names.len()];
        for m in 0..mask_names.len() {
            let words = &mut mask_pool[m * mask_words..(m + 1) * mask_words];
            let runs = r.count()?;
            let mut end = 0usize;
            for _ in 0..runs {
                let first = end.saturating_add(r.u32()? as usize);
                let len = r.u32()? as usize;
                if first.saturating_add(len) > mask_words * 32 {
                    return Err(Malformed);
                }
                for bit in first..first + len {
                    words[bit / 32] |= 1 << (bit % 32);
                }
                end = first + len;
            }
        }

        let direct_flags = read_flags(r)?;
        let bitmask_flags = read_flags(r)?;
        let mmo_flags = read_flags(r)?;
        let n = r.count()?;
        let mut target_indices = Vec::with_capacity(n);
        for _ in 0..n {
            let v = r.i32()?;
            target_indices.push((v, r.str()?.to_owned()));
        }
        let direct_mask = r.u32()?;
        let bitmask_mask = r.u32()?;
        let split_is_linear = r.u8()? != 0;

        let nmodes = r.count()?;
        let mut modes = Vec::with_capacity(nmodes);
        for _ in 0..nmodes {
            let n = r.count()?;
            let mut hw_classes = Vec::with_capacity(n);
            for _ in 0..n {
                hw_classes.push(i16::try_from(r.i32()?).map_err(|_| Malformed)?);
            }
            let mut class_sizes = Vec::with_capacity(class_names.len());
            for _ in 0..class_names.len() {
                class_sizes.push(ClassSizes { reg_size: r.u32()?, spill_size: r.u32()?, spill_align: r.u32()? });
            }
            let mut subreg_ranges = Vec::with_capacity(subreg_idx_names.len());
            for _ in 0..subreg_idx_names.len() {
                subreg_ranges.push((r.u16()?, r.i32()?));
            }
            modes.push(Mode { hw_classes, class_sizes, subreg_ranges });
        }
        let mut variants = Vec::with_capacity(triples.len());
        for triple in triples {
            let default_mode = r.u32()?;
            let n = r.count()?;
            let mut cpus = Vec::with_capacity(n);
            for _ in 0..n {
                let cpu = r.str()?.to_owned();
                let mode = r.u32()?;
                if mode as usize >= modes.len() {
                    return Err(Malformed);
                }
                cpus.push((cpu, mode));
            }
            if default_mode as usize >= modes.len() {
                return Err(Malformed);
            }
            variants.push(Variant { triple, default_mode, cpus });
        }
        r.expect(b"END\x01")?;
        if !r.at_end() {
            return Err(Malformed);
        }

        let names = |l: &FlagList| NameTable::from_names(l.iter().map(|(_, n)| n.as_str()));
        Ok(TargetData {
            direct_names: names(&direct_flags),
            bitmask_names: names(&bitmask_flags),
            mmo_names: names(&mmo_flags),
            index_names: NameTable::from_names(target_indices.iter().map(|(_, n)| n.as_str())),
            name,
            variants,
            flag_words,
            ts_flag_words,
            reg_pool,
            reg_lists,
            operand_pool,
            operand_lists,
            opcode_names,
            instrs,
            subreg_idx_names,
            reg_names,
            subreg_bytes,
            subregs: OnceLock::new(),
            class_names,
            class_target_names,
            class_allocatable,
            member_pool,
            sorted_member_pool,
            class_members,
            bank_names,
            mask_names,
            mask_words,
            mask_pool,
            direct_flags,
            bitmask_flags,
            mmo_flags,
            target_indices,
            direct_mask,
            bitmask_mask,
            split_is_linear,
            modes,
        })
    }
}
