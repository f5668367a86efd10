//! Facts about the body that the container needs to print what llc prints: the hook between
//! the function-level model and the `body:` parser.
//!
//! llc recomputes some printed fields from the parsed instructions (`computeFunctionProperties`
//! in MIRParser.cpp, `computeMaxCallFrameSize` for AArch64): `noPhis`, `isSSA`, `noVRegs` and
//! `hasFakeUses` when they are not written, and `maxCallFrameSize` when it is not. The body
//! parser (`mi`) is to fill a [`BodyFacts`] exactly; until it is merged, [`BodyFacts::scan`]
//! estimates them from the body's text (TEMPORARY).

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
    /// The virtual registers `%N` the body refers to, in order of first reference, each with
    /// the class, bank or `_` written after its first `%N:` (llc numbers virtual registers in
    /// order of first reference: `registers:` first, then `liveins:`, then the body).
    pub vregs: Vec<(u32, Option<String>)>,
}

/// The text of the instruction at `offset` (counting bundled instructions, as
/// `instr_begin()` does) of the block at position `block`, and its opcode.
pub fn instruction_at(body: &str, block: usize, offset: u32) -> Option<(&str, &str)> {
    let mut current: Option<usize> = None;
    let mut seen = 0u32;
    for line in body.lines() {
        let t = line.trim_start();
        if t.starts_with("bb.") {
            current = Some(current.map_or(0, |c| c + 1));
            seen = 0;
            continue;
        }
        if current != Some(block) || !is_instruction_line(t) {
            continue;
        }
        if seen == offset {
            return Some((t, opcode_of(t)));
        }
        seen += 1;
    }
    None
}

/// The number of instructions of each block, in order.
pub fn block_sizes(body: &str) -> Vec<u32> {
    let mut sizes: Vec<u32> = Vec::new();
    for line in body.lines() {
        let t = line.trim_start();
        if t.starts_with("bb.") {
            sizes.push(0);
        } else if is_instruction_line(t) {
            if let Some(n) = sizes.last_mut() {
                *n += 1;
            }
        }
    }
    sizes
}

fn is_instruction_line(t: &str) -> bool {
    !(t.is_empty()
        || t.starts_with(';')
        || t.starts_with('}')
        || t.starts_with("successors:")
        || t.starts_with("liveins:"))
}

/// The opcode of an instruction line: the first word after the definitions and the flags.
fn opcode_of(t: &str) -> &str {
    let rest = match t.find(" = ") {
        Some(p) if !t[..p].contains('(') || t[..p].contains(':') => &t[p + 3..],
        _ => t,
    };
    rest.split_whitespace().find(|w| !is_mi_flag(w)).unwrap_or("").trim_end_matches(',')
}

impl BodyFacts {
    /// The number llc gives the block written `bb.N`, if it is defined.
    pub fn block_number(&self, n: u32) -> Option<usize> {
        self.block_index.get(&n).copied()
    }
}

impl BodyFacts {
    /// Estimates the facts from the body's text (TEMPORARY, until the `mi` parser provides them).
    pub fn scan(body: &str, declared_vregs: bool) -> BodyFacts {
        let mut f = BodyFacts { is_ssa: true, has_vregs: declared_vregs, ..BodyFacts::default() };
        let mut defined: rustc_hash::FxHashSet<&str> = Default::default();
        let mut seen_vregs: rustc_hash::FxHashMap<u32, usize> = Default::default();
        for line in body.lines() {
            let line = line.trim_start();
            if let Some(rest) = line.strip_prefix("bb.") {
                let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
                if let Ok(n) = rest[..digits].parse::<u32>() {
                    f.block_index.entry(n).or_insert(f.blocks.len());
                    f.blocks.push(n);
                }
                continue;
            }
            if line.starts_with(';') || line.starts_with("successors:") || line.starts_with("liveins:") {
                continue;
            }
            if has_vreg(line) {
                f.has_vregs = true;
                note_vregs(line, &mut f.vregs, &mut seen_vregs);
            }
            let (defs, rest) = match line.find(" = ") {
                Some(p) if !line[..p].contains('(') || line[..p].contains(':') => (&line[..p], &line[p + 3..]),
                _ => ("", line),
            };
            let opcode = rest.split_whitespace().find(|w| !is_mi_flag(w)).unwrap_or("");
            if opcode == "PHI" || opcode == "G_PHI" {
                f.has_phi = true;
            }
            if opcode == "FAKE_USE" {
                f.has_fake_use = true;
            }
            if opcode.starts_with("ADJCALLSTACK") {
                let size = rest
                    .split_whitespace()
                    .skip_while(|w| *w != opcode)
                    .nth(1)
                    .and_then(|w| w.trim_end_matches(',').parse::<u32>().ok());
                if let Some(size) = size {
                    f.max_call_frame = Some(f.max_call_frame.map_or(size, |m| m.max(size)));
                }
            }
            if f.is_ssa {
                for op in defs.split(',') {
                    let op = op.split_whitespace().find(|w| w.starts_with('%'));
                    if let Some(op) = op {
                        if !note_def(op, &mut defined) {
                            f.is_ssa = false;
                        }
                    }
                }
                let mut words = rest.split_whitespace().peekable();
                while let Some(w) = words.next() {
                    if w == "implicit-def" {
                        while let Some(n) = words.peek() {
                            if n.starts_with('%') {
                                if !note_def(n.trim_end_matches(','), &mut defined) {
                                    f.is_ssa = false;
                                }
                                break;
                            }
                            if !matches!(*n, "dead" | "undef" | "early-clobber" | "renamable" | "internal") {
                                break;
                            }
                            words.next();
                        }
                    }
                }
            }
        }
        if !f.has_vregs {
            f.is_ssa = true;
        }
        f
    }
}

/// Records a definition of `%N[.sub][:class]`; false when it breaks SSA.
fn note_def<'a>(op: &'a str, defined: &mut rustc_hash::FxHashSet<&'a str>) -> bool {
    let body = &op[1..];
    let end =
        body.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '$')).unwrap_or(body.len());
    let name = &body[..end];
    if name.is_empty() || !name.as_bytes()[0].is_ascii_digit() {
        return true;
    }
    if body[end..].starts_with('.') {
        return false;
    }
    defined.insert(name)
}

/// Records the virtual registers of `line` not seen yet, and the first class written for each.
fn note_vregs(line: &str, vregs: &mut Vec<(u32, Option<String>)>, seen: &mut rustc_hash::FxHashMap<u32, usize>) {
    let b = line.as_bytes();
    let mut i = 0;
    while i + 1 < b.len() {
        if b[i] != b'%'
            || !b[i + 1].is_ascii_digit()
            || (i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'.'))
        {
            i += 1;
            continue;
        }
        let start = i + 1;
        let mut j = start;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        let Ok(n) = line[start..j].parse::<u32>() else {
            i = j;
            continue;
        };
        // `%N.sub:class` or `%N:class`.
        let mut k = j;
        if k < b.len() && b[k] == b'.' {
            while k < b.len() && (b[k].is_ascii_alphanumeric() || b[k] == b'_' || b[k] == b'.') {
                k += 1;
            }
        }
        let class = (k < b.len() && b[k] == b':').then(|| {
            let c = &line[k + 1..];
            let end = c.find(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '_')).unwrap_or(c.len());
            c[..end].to_string()
        });
        match seen.get(&n) {
            Some(&at) => {
                if vregs[at].1.is_none() && class.is_some() {
                    vregs[at].1 = class;
                }
            }
            None => {
                seen.insert(n, vregs.len());
                vregs.push((n, class));
            }
        }
        i = k.max(j);
    }
}

fn has_vreg(line: &str) -> bool {
    let b = line.as_bytes();
    b.windows(2).any(|w| w[0] == b'%' && w[1].is_ascii_digit())
}

fn is_mi_flag(w: &str) -> bool {
    matches!(
        w,
        "frame-setup"
            | "frame-destroy"
            | "nnan"
            | "ninf"
            | "nsz"
            | "arcp"
            | "contract"
            | "afn"
            | "reassoc"
            | "nuw"
            | "nsw"
            | "exact"
            | "nofpexcept"
            | "nomerge"
            | "unpredictable"
            | "noconvergent"
            | "nneg"
            | "disjoint"
            | "nusw"
            | "samesign"
            | "inbounds"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scan_body() {
        let f = BodyFacts::scan("bb.0:\n  %0:gr32 = COPY $edi\n  %1:gr32 = PHI %0, %bb.0\n", true);
        assert!(f.has_phi && f.has_vregs && f.is_ssa);
        let f = BodyFacts::scan("bb.0:\n  %0:gr32 = COPY $edi\n  %0:gr32 = COPY $esi\n", true);
        assert!(!f.is_ssa);
        let f = BodyFacts::scan("bb.0:\n  %0.sub_8bit:gr32 = COPY $dil\n", true);
        assert!(!f.is_ssa);
        let f = BodyFacts::scan("bb.0:\n  ADJCALLSTACKDOWN 16, 0, implicit-def $sp\n  RET 0\n", false);
        assert_eq!(f.max_call_frame, Some(16));
        assert!(f.is_ssa && !f.has_vregs);
        assert_eq!(f.blocks, vec![0]);
        let f = BodyFacts::scan("bb.0.entry:\n  JMP_1 %bb.3\n\nbb.3.x (%ir-block.2):\n  RET 0\n", false);
        assert_eq!((f.blocks.clone(), f.block_number(3)), (vec![0, 3], Some(1)));
        let f = BodyFacts::scan("bb.0:\n  %3:_(s32) = COPY %1\n  %1:gr32 = COPY %3.sub_8bit\n", true);
        assert_eq!(f.vregs, vec![(3, Some("_".to_string())), (1, Some("gr32".to_string()))]);
    }
}
