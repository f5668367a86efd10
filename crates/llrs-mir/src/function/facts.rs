//! Facts about the body that the container needs to print what llc prints: the hook between
//! the function-level model and the parsed `body:` ([`crate::mi::Body`]).
//!
//! llc recomputes some printed fields from the parsed instructions (`computeFunctionProperties`
//! in MIRParser.cpp, `computeMaxCallFrameSize` for AArch64): `noPhis`, `isSSA`, `noVRegs` and
//! `hasFakeUses` when they are not written, and `maxCallFrameSize` when it is not. The fields
//! that refer to blocks and virtual registers are reprinted with llc's numbers.

use crate::mi::{self, VRegKind, VRegName};

/// What the body tells about the function.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BodyFacts {
    /// Some instruction is a `PHI` or `G_PHI`.
    pub has_phi: bool,
    /// Some instruction is a `FAKE_USE`.
    pub has_fake_use: bool,
    /// The function has virtual registers (declared or used).
    pub has_vregs: bool,
    /// Every virtual register has at most one definition, none of a subregister.
    pub is_ssa: bool,
    /// The largest call frame of the call frame setup/destroy pseudos (`ADJCALLSTACK*`), if any.
    pub max_call_frame: Option<u32>,
    /// The numbers of the blocks as written (`bb.N`), in order: llc numbers them anew by
    /// position, and block references outside the body (jump tables, save and restore points)
    /// follow.
    pub blocks: Vec<u32>,
    /// Written block number → position in `blocks` (the first definition).
    pub block_index: rustc_hash::FxHashMap<u32, usize>,
    /// The virtual registers in llc's numbering order (index = llc's number): how each was
    /// written and its class, bank or `_` as an index in `classes` (`u32::MAX`: unknown, which
    /// `setupRegisterInfo` refuses).
    pub vregs: Vec<(VRegName, u32)>,
    /// The classes, banks and `_` the virtual registers have, each once.
    pub classes: Vec<String>,
}

impl BodyFacts {
    /// The facts of a parsed body.
    pub fn from_body(body: &mi::Body) -> BodyFacts {
        let f = mi::facts(body);
        let mut classes: Vec<String> = Vec::new();
        let mut class_index: rustc_hash::FxHashMap<&[u8], u32> = Default::default();
        let mut vregs = Vec::with_capacity(body.vregs.len());
        for (_, v) in body.vregs.iter() {
            let name = match (v.name, v.input_id) {
                (Some(s), _) => VRegName::Named(String::from_utf8_lossy(body.names.get(s)).into_owned()),
                (None, n) => VRegName::Number(n.unwrap_or(0)),
            };
            let class: Option<&[u8]> = match v.kind {
                VRegKind::Unknown => None,
                VRegKind::Generic => Some(b"_"),
                VRegKind::Normal | VRegKind::RegBank => Some(v.class.map_or(&b""[..], |c| body.names.get(c))),
            };
            let class = match class {
                None => u32::MAX,
                Some(c) => *class_index.entry(c).or_insert_with(|| {
                    classes.push(String::from_utf8_lossy(c).into_owned());
                    classes.len() as u32 - 1
                }),
            };
            vregs.push((name, class));
        }
        BodyFacts {
            has_phi: f.has_phi,
            has_fake_use: f.has_fake_use,
            has_vregs: f.has_vregs,
            is_ssa: f.is_ssa,
            max_call_frame: f.max_call_frame.map(|v| v.min(u64::from(u32::MAX)) as u32),
            block_index: index_blocks(&f.blocks),
            blocks: f.blocks,
            vregs,
            classes,
        }
    }

    /// The blocks of a body the `mi` parser refused, from its `bb.N` lines: enough to check
    /// the block references of the frame information and jump tables, which llc checks
    /// before the instructions.
    pub fn written_blocks(body: &str) -> BodyFacts {
        let mut blocks = Vec::new();
        for line in body.lines() {
            if let Some(rest) = line.trim_start().strip_prefix("bb.") {
                let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
                if let Ok(n) = rest[..digits].parse::<u32>() {
                    blocks.push(n);
                }
            }
        }
        BodyFacts { block_index: index_blocks(&blocks), blocks, ..BodyFacts::default() }
    }

    /// The class, bank or `_` of a virtual register of `vregs` (empty: unknown).
    pub fn class_of(&self, v: &(VRegName, u32)) -> &str {
        self.classes.get(v.1 as usize).map_or("", String::as_str)
    }

    /// The number llc gives the block written `bb.N`, if it is defined.
    pub fn block_number(&self, n: u32) -> Option<usize> {
        self.block_index.get(&n).copied()
    }
}

fn index_blocks(blocks: &[u32]) -> rustc_hash::FxHashMap<u32, usize> {
    let mut index = rustc_hash::FxHashMap::default();
    for (i, &n) in blocks.iter().enumerate() {
        index.entry(n).or_insert(i);
    }
    index
}

/// The opcode of the instruction at `offset` (counting bundled instructions, as
/// `instr_begin()` does) of the block at position `block`.
pub fn opcode_at(body: &mi::Body, block: usize, offset: u32) -> Option<&[u8]> {
    let (_, b) = body.blocks.iter().nth(block)?;
    let &mi = b.insts.get(offset as usize)?;
    body.insts[mi].opcode.map(|s| body.names.get(s))
}

/// The number of instructions of each block, in order.
pub fn block_sizes(body: &mi::Body) -> Vec<u32> {
    body.blocks.iter().map(|(_, b)| b.insts.len() as u32).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mi::parse_body;

    fn facts_of(src: &str) -> BodyFacts {
        BodyFacts::from_body(&parse_body(src.as_bytes(), &crate::mi::tests::ctx()).unwrap())
    }

    #[test]
    fn facts_of_bodies() {
        let f = facts_of("bb.0:\n  %0:gr32 = COPY $edi\n  %1:gr32 = PHI %0, %bb.0\n");
        assert!(f.has_phi && f.has_vregs && f.is_ssa);
        let f = facts_of("bb.0:\n  %0:gr32 = COPY $edi\n  %0:gr32 = COPY $esi\n");
        assert!(!f.is_ssa);
        let f = facts_of("bb.0:\n  ADJCALLSTACKDOWN64 16, 0, 0, implicit-def $rsp\n  RET 0\n");
        assert_eq!(f.max_call_frame, Some(16));
        assert!(f.is_ssa && !f.has_vregs);
        let f = facts_of("bb.0.entry:\n  JMP_1 %bb.3\n\nbb.3.x:\n  RET 0\n");
        assert_eq!((f.blocks.clone(), f.block_number(3)), (vec![0, 3], Some(1)));
        let f = facts_of("bb.0:\n  %3:_(s32) = COPY %1\n  %1:gr32 = COPY %3\n");
        let vregs: Vec<(VRegName, &str)> = f.vregs.iter().map(|v| (v.0.clone(), f.class_of(v))).collect();
        assert_eq!(vregs, vec![(VRegName::Number(3), "_"), (VRegName::Number(1), "gr32")]);
    }

    #[test]
    fn blocks_of_refused_bodies() {
        let f = BodyFacts::written_blocks("bb.0.entry:\n  JMP_1 %bb.3\n\nbb.3.x (%ir-block.2):\n  bogus\n");
        assert_eq!((f.blocks.clone(), f.block_number(3)), (vec![0, 3], Some(1)));
    }
}
