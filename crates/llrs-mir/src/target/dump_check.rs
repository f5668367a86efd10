//! Development check: the decoded data reproduces the dumper's text exactly (names of
//! registers, classes, banks and masks lowercased). Needs the dumper's outputs, written by
//! `tools/mir-targets/generate --keep-dumps DIR`; run with
//! `LLRS_MIR_DUMPS=DIR cargo test -p llrs-mir dump_check -- --ignored`.

use std::fmt::Write;

use super::registry::SLOTS;
use super::{Reg, Target};

fn lower_names(line: &str) -> String {
    let mut f: Vec<String> = line.split('\t').map(str::to_owned).collect();
    if matches!(f[0].as_str(), "reg" | "bank" | "mask") {
        f[1] = f[1].to_ascii_lowercase();
    }
    f.join("\t")
}

/// The dumper's text for the static tables, rebuilt from the decoded data.
fn rebuild(t: &Target) -> String {
    let d = t.data;
    let mut o = String::new();
    let _ = writeln!(o, "opcodes\t{}", d.instrs.len());
    for (i, raw) in d.instrs.iter().enumerate() {
        let desc = t.instr(super::Opcode(i as u32));
        let _ = writeln!(
            o,
            "op\t{}\t{}\t{}\t{}\t{:x}\t{:x}",
            d.opcode_names.get(i).unwrap_or(""),
            raw.num_defs,
            raw.num_operands,
            raw.size,
            desc.flags(),
            desc.ts_flags()
        );
        o.push_str("idefs\t");
        for r in desc.implicit_defs() {
            let _ = write!(o, "{} ", r.0);
        }
        o.push_str("\niuses\t");
        for r in desc.implicit_uses() {
            let _ = write!(o, "{} ", r.0);
        }
        o.push_str("\nopnds\t");
        let span = d.operand_lists[raw.operands as usize];
        for op in span.of(&d.operand_pool) {
            let _ = write!(
                o,
                "{},{},{},{},{} ",
                op.reg_class, op.operand_type, op.flags, op.tied_to, op.early_clobber as u8
            );
        }
        o.push('\n');
    }
    let _ = writeln!(o, "subregidxs\t{}", t.num_sub_reg_indices());
    for i in 1..t.num_sub_reg_indices() {
        let _ = writeln!(o, "sri\t{}", t.sub_reg_idx_name(super::SubRegIdx(i as u32)));
    }
    let _ = writeln!(o, "regs\t{}", t.num_regs());
    for r in 0..t.num_regs() {
        let _ = write!(o, "reg\t{}\t", d.reg_names.get(r).unwrap_or(""));
        for (idx, sub) in t.sub_regs(Reg(r as u32)) {
            let _ = write!(o, "{}:{} ", idx.0, sub.0);
        }
        o.push('\n');
    }
    let _ = writeln!(o, "classes\t{}", t.num_reg_classes());
    for c in 0..t.num_reg_classes() {
        let class = super::RegClass(c as u32);
        let info = t.reg_class_info(class);
        let name = t.reg_class_target_name(class);
        assert_eq!(t.reg_class_name(class), name.to_ascii_lowercase());
        let _ = write!(o, "rc\t{}\t{}\t", name, info.allocatable as u8);
        for r in t.reg_class_members(class) {
            let _ = write!(o, "{} ", r.0);
        }
        o.push('\n');
    }
    let _ = writeln!(o, "regmasks\t{}\t{}", t.num_reg_masks(), d.mask_words);
    for m in 0..t.num_reg_masks() {
        let mask = super::RegMask(m as u32);
        let _ = write!(o, "mask\t{}\t", t.reg_mask_name(mask));
        for w in t.reg_mask_bits(mask) {
            let _ = write!(o, "{w:x} ");
        }
        o.push('\n');
    }
    let _ = writeln!(o, "banks\t{}", t.num_reg_banks());
    for b in 0..t.num_reg_banks() {
        let _ = writeln!(o, "bank\t{}", t.reg_bank_name(super::RegBank(b as u32)));
    }
    for (kind, flags) in [
        ("tfdirect", t.direct_target_flags()),
        ("tfbitmask", t.bitmask_target_flags()),
        ("tfmmo", t.mmo_target_flags()),
    ] {
        for (v, n) in flags.iter() {
            let _ = writeln!(o, "{kind}\t{v}\t{n}");
        }
    }
    for (v, n) in t.target_indices() {
        let _ = writeln!(o, "tindex\t{v}\t{n}");
    }
    let _ = writeln!(o, "tfsplit\t{}\t{}\t{}", d.direct_mask, d.bitmask_mask, d.split_is_linear as u8);
    o
}

/// A `mode` line's tables, rebuilt.
fn rebuild_mode(t: &Target) -> String {
    let m = &t.data.modes[t.mode];
    let mut o = String::new();
    for v in &m.hw_classes {
        let _ = write!(o, "{v} ");
    }
    o.push('\t');
    for c in &m.class_sizes {
        let _ = write!(o, "{},{},{} ", c.reg_size, c.spill_size, c.spill_align);
    }
    o.push('\t');
    for &(size, offset) in &m.subreg_ranges {
        let offset = if offset < 0 { 65535 } else { offset };
        let _ = write!(o, "{size},{offset} ");
    }
    o
}

#[test]
#[ignore]
fn dump_check() {
    let Some(dir) = std::env::var_os("LLRS_MIR_DUMPS") else {
        eprintln!("warning: LLRS_MIR_DUMPS is not set; skipped");
        return;
    };
    let dir = std::path::PathBuf::from(dir);
    for slot in &SLOTS {
        let text = std::fs::read_to_string(dir.join(format!("{}.txt", slot.file))).unwrap();
        let targets = slot.targets().unwrap();
        let t = &targets[0];
        // The static part: every line but `target`, `mode` and `end`, in order.
        let expected: String = text
            .lines()
            .filter(|l| !l.starts_with("target\t") && !l.starts_with("mode\t") && *l != "end")
            .map(|l| lower_names(l) + "\n")
            .collect();
        let got = rebuild(t);
        for (i, (e, g)) in expected.lines().zip(got.lines()).enumerate() {
            assert_eq!(e, g, "{}: line {}", slot.file, i + 1);
        }
        assert_eq!(expected.lines().count(), got.lines().count(), "{}", slot.file);
        // Every (triple, CPU) gets its mode.
        for line in text.lines().filter(|l| l.starts_with("mode\t")) {
            let f: Vec<&str> = line.splitn(4, '\t').collect();
            let target = Target::for_triple_cpu(f[1], f[2]).unwrap();
            assert!(std::ptr::eq(target.data, t.data), "{}", f[1]);
            assert_eq!(rebuild_mode(target), f[3], "{} {} {}", slot.file, f[1], f[2]);
        }
        eprintln!("{}: identical", slot.file);
    }
}
