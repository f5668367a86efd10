//! Facts of a parsed body that the function-level YAML printer needs: what llc recomputes from
//! the instructions (`computeFunctionProperties`, `isSSA`, the call-frame size), and how the
//! body's numbers map to llc's (blocks by position, virtual registers in creation order).

use super::model::*;

/// What a body tells about its function.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BodyFacts {
    /// Some instruction is a `PHI` or `G_PHI` (`noPhis` is false).
    pub has_phi: bool,
    /// Some instruction is a `FAKE_USE` (`hasFakeUses`).
    pub has_fake_use: bool,
    /// Some instruction is inline asm.
    pub has_inline_asm: bool,
    /// Every tied use names the register of its def (`TiedOpsRewritten`).
    pub all_tied_ops_rewritten: bool,
    /// The function has virtual registers (`noVRegs` is false).
    pub has_vregs: bool,
    /// `isSSA`: each virtual register has at most one def, and that def has no subregister.
    pub is_ssa: bool,
    /// The largest immediate of the call-frame pseudos (`ADJCALLSTACKDOWN*`/`UP*`, operand 0).
    pub max_call_frame: Option<u64>,
    /// The block numbers as written, in layout order (index = llc's number).
    pub blocks: Vec<u32>,
    /// The virtual registers in llc's numbering order (index = llc's number): the number or
    /// name written and the class or bank (`None`: generic `_` or unknown).
    pub vregs: Vec<(VRegName, Option<String>)>,
}

/// How a virtual register was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VRegName {
    /// `%N`.
    Number(u32),
    /// `%name`.
    Named(String),
}

/// Computes the facts of `body`.
pub fn facts(body: &Body) -> BodyFacts {
    let mut f = BodyFacts { all_tied_ops_rewritten: true, has_vregs: !body.vregs.is_empty(), ..BodyFacts::default() };
    let mut defs = vec![(0u32, false); body.vregs.len()];
    for (_, b) in body.blocks.iter() {
        f.blocks.push(b.input_number);
        for &mi in &b.insts {
            let inst = &body.insts[mi];
            let name = inst.opcode.map(|s| body.names.get(s)).unwrap_or(b"");
            match name {
                b"PHI" | b"G_PHI" => f.has_phi = true,
                b"FAKE_USE" => f.has_fake_use = true,
                b"INLINEASM" | b"INLINEASM_BR" => f.has_inline_asm = true,
                _ => {}
            }
            let ops = &body.operands[inst.ops.range()];
            if name.starts_with(b"ADJCALLSTACKDOWN") || name.starts_with(b"ADJCALLSTACKUP") {
                if let Some(OpKind::Imm(v)) = ops.first().map(|o| o.kind) {
                    let v = v as u64;
                    f.max_call_frame = Some(f.max_call_frame.map_or(v, |m| m.max(v)));
                }
            }
            for o in ops {
                let OpKind::Reg { reg, sub, flags, tied, .. } = o.kind else { continue };
                let Reg::Virt(v) = reg else { continue };
                if flags & rflags::DEF != 0 {
                    if let Some(d) = defs.get_mut(v.0 as usize) {
                        d.0 += 1;
                        d.1 |= sub.is_some();
                    }
                } else if let Some(t) = tied {
                    if let Some(OpKind::Reg { reg: r, .. }) = ops.get(t as usize).map(|o| o.kind) {
                        if r != reg {
                            f.all_tied_ops_rewritten = false;
                        }
                    }
                }
            }
        }
    }
    f.is_ssa = defs.iter().all(|&(n, sub)| n <= 1 && !sub);
    for (_, v) in body.vregs.iter() {
        let name = match (v.name, v.input_id) {
            (Some(s), _) => VRegName::Named(String::from_utf8_lossy(body.names.get(s)).into_owned()),
            (None, Some(n)) => VRegName::Number(n),
            (None, None) => VRegName::Number(0),
        };
        let class = match v.kind {
            VRegKind::Normal | VRegKind::RegBank => {
                v.class.map(|c| String::from_utf8_lossy(body.names.get(c)).into_owned())
            }
            _ => None,
        };
        f.vregs.push((name, class));
    }
    f
}
