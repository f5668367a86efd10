//! The subregisters of every register, decoded from their own section the first time they
//! are asked for (AMDGPU has 1.3 million (index, subregister) pairs; most uses of a target
//! need none of them).

use super::data::Span;
use super::reader::{Malformed, Read, Reader};

/// Per register, its subregisters and their indices, in LLVM's order.
#[derive(Debug)]
pub(crate) struct SubRegs {
    /// Index lists ("shapes"), shared by the registers of one kind.
    index_pool: Vec<u16>,
    shapes: Vec<Span>,
    /// Per register: its shape and where its subregisters start in `sub_pool`.
    reg_shape: Vec<u32>,
    reg_start: Vec<u32>,
    sub_pool: Vec<u16>,
}

impl SubRegs {
    /// Decodes the section (format in `tools/mir-targets/generate`) for `num_regs`
    /// registers.
    pub(crate) fn decode(bytes: &[u8], num_regs: usize) -> Read<SubRegs> {
        let r = &mut Reader::new(bytes);
        let n = r.count()?;
        let mut index_pool = Vec::new();
        let mut shapes = Vec::with_capacity(n);
        for _ in 0..n {
            let len = r.count()?;
            shapes.push(Span { start: index_pool.len() as u32, len: len as u32 });
            for _ in 0..len {
                index_pool.push(r.u16()?);
            }
        }
        let n = r.count()?;
        let mut delta_pool = Vec::new();
        let mut deltas = Vec::with_capacity(n);
        for _ in 0..n {
            let len = r.count()?;
            deltas.push(Span { start: delta_pool.len() as u32, len: len as u32 });
            for _ in 0..len {
                delta_pool.push(r.i32()?);
            }
        }
        let mut reg_shape = Vec::with_capacity(num_regs);
        let mut reg_start = Vec::with_capacity(num_regs);
        let mut sub_pool: Vec<u16> = Vec::new();
        // Per shape, where the subregisters of its last register start.
        let mut last: Vec<Option<usize>> = vec![None; shapes.len()];
        for reg in 0..num_regs {
            let shape = r.u32()?;
            let start = sub_pool.len();
            reg_shape.push(shape);
            reg_start.push(u32::try_from(start).map_err(|_| Malformed)?);
            if shape == 0 {
                continue;
            }
            let len = shapes.get(shape as usize).ok_or(Malformed)?.len as usize;
            let vector = deltas.get(r.u32()? as usize).ok_or(Malformed)?;
            let vector = vector.of(&delta_pool);
            if vector.len() != len {
                return Err(Malformed);
            }
            let base = last.get(shape as usize).copied().flatten();
            for (k, &delta) in vector.iter().enumerate() {
                let from = match base {
                    Some(b) => i64::from(sub_pool[b + k]),
                    None => reg as i64,
                };
                let sub = u16::try_from(from + i64::from(delta)).map_err(|_| Malformed)?;
                if usize::from(sub) >= num_regs {
                    return Err(Malformed);
                }
                sub_pool.push(sub);
            }
            last[shape as usize] = Some(start);
        }
        if !r.at_end() {
            return Err(Malformed);
        }
        Ok(SubRegs { index_pool, shapes, reg_shape, reg_start, sub_pool })
    }

    /// The (index, subregister) pairs of register `reg` (none out of range).
    pub(crate) fn of(&self, reg: usize) -> impl Iterator<Item = (u16, u16)> + '_ {
        let shape = self.reg_shape.get(reg).copied().unwrap_or(0);
        let indices = match shape {
            0 => &[][..],
            s => self.shapes.get(s as usize).copied().unwrap_or_default().of(&self.index_pool),
        };
        let start = self.reg_start.get(reg).copied().unwrap_or(0) as usize;
        let subs = self.sub_pool.get(start..start + indices.len()).unwrap_or(&[]);
        indices.iter().copied().zip(subs.iter().copied())
    }
}
