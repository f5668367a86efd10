//! Unit tests over the embedded data of the corpus's targets and a few others.

use super::registry::SLOTS;
use super::*;

fn x86() -> &'static Target {
    Target::for_triple("x86_64").expect("x86_64")
}

#[test]
fn every_file_decodes() {
    for slot in &SLOTS {
        let data = slot.data().unwrap_or_else(|| panic!("{} is malformed", slot.file));
        assert!(!data.instrs.is_empty(), "{}", slot.file);
        assert!(!data.modes.is_empty(), "{}", slot.file);
        assert!(data.subregs().is_some(), "{}: subregisters", slot.file);
        let targets = slot.targets().expect("targets");
        let copy = &targets[0];
        assert_eq!(copy.opcode_name(copy.opcode("COPY").unwrap()), "COPY");
        assert!(copy.instr(copy.opcode("PHI").unwrap()).is_variadic());
    }
}

#[test]
fn triples_map_to_targets() {
    let cases = [
        ("x86_64", "x86-64"),
        ("i686-pc-linux", "x86-64"),
        ("aarch64", "aarch64"),
        ("arm64-apple-ios", "aarch64"),
        ("armv7", "arm"),
        ("thumbv7em", "arm"),
        ("riscv64", "riscv64"),
        ("riscv32", "riscv64"),
        ("amdgcn", "amdgcn"),
        ("r600", "r600"),
        ("wasm64", "wasm32"),
        ("spirv64", "spirv64"),
    ];
    for (triple, name) in cases {
        assert_eq!(Target::for_triple(triple).map(|t| t.name()), Some(name), "{triple}");
    }
    assert!(Target::for_triple("nonsense").is_none());
    assert_eq!(x86().triple(), "x86_64");
}

#[test]
fn x86_opcodes() {
    let t = x86();
    let copy = t.opcode("COPY").unwrap();
    assert_eq!(t.instr(copy).num_operands(), 2);
    assert!(t.opcode("copy").is_none());
    let g_add = t.opcode("G_ADD").unwrap();
    assert!(t.instr(g_add).is_pre_isel_opcode());
    let ops: Vec<_> = t.instr(g_add).operands().collect();
    assert_eq!(ops.len(), 3);
    assert!(ops.iter().all(|o| o.generic_type_index() == Some(0)));

    let mov = t.instr(t.opcode("MOV32rr").unwrap());
    assert_eq!((mov.num_defs(), mov.num_operands()), (1, 2));
    let gr32 = t.reg_class("gr32").unwrap();
    assert_eq!(mov.operand(0).unwrap().reg_class, Some(gr32));
    assert!(mov.has(InstrFlag::MoveReg));

    let add = t.instr(t.opcode("ADD32rr").unwrap());
    let eflags = t.reg("eflags").unwrap();
    assert_eq!(add.implicit_defs().collect::<Vec<_>>(), [eflags]);
    assert_eq!(add.implicit_uses().len(), 0);
    let ops: Vec<_> = add.operands().collect();
    assert_eq!(ops[1].tied_to, Some(0));
    assert_eq!(ops[2].tied_to, None);
    assert!(add.has(InstrFlag::Commutable));

    let call = t.instr(t.opcode("CALL64pcrel32").unwrap());
    assert!(call.is_call());
    let ret = t.instr(t.opcode("RET64").unwrap());
    assert!(ret.is_return() && ret.is_terminator() && ret.is_variadic());
}

#[test]
fn x86_registers_and_classes() {
    let t = x86();
    assert_eq!(t.reg("noreg"), Some(Reg::NONE));
    assert_eq!(t.reg_name(Reg::NONE), "noreg");
    let xmm0 = t.reg("xmm0").unwrap();
    assert_eq!(t.reg_name(xmm0), "xmm0");
    assert!(t.reg("XMM0").is_none());
    let rax = t.reg("rax").unwrap();
    let eax = t.reg("eax").unwrap();
    let sub32 = t.sub_reg_idx("sub_32bit").unwrap();
    assert_eq!(t.sub_reg_idx_name(sub32), "sub_32bit");
    assert_eq!(t.sub_reg(rax, sub32), Some(eax));
    assert_eq!(t.sub_reg_idx_range(sub32), Some((32, Some(0))));
    assert!(t.sub_regs(rax).any(|(_, r)| t.reg_name(r) == "al"));

    let gr64 = t.reg_class("gr64").unwrap();
    assert_eq!(t.reg_class_name(gr64), "gr64");
    assert_eq!(t.reg_class_target_name(gr64), "GR64");
    assert!(t.reg_class("GR64").is_none());
    assert!(t.reg_class_contains(gr64, rax));
    assert!(!t.reg_class_contains(gr64, eax));
    assert!(t.reg_class_members(gr64).any(|r| r == rax));
    let info = t.reg_class_info(gr64);
    assert_eq!((info.size_in_bits, info.spill_size, info.spill_align), (64, 8, 8));
    assert!(info.allocatable);

    let csr = t.reg_mask("csr_64").unwrap();
    assert_eq!(t.reg_mask_name(csr), "csr_64");
    let bits = t.reg_mask_bits(csr);
    assert_eq!(bits.len(), t.num_regs().div_ceil(32));
    let preserved = |r: Reg| bits[r.index() / 32] >> (r.index() % 32) & 1 != 0;
    assert!(preserved(t.reg("rbx").unwrap()));
    assert!(!preserved(rax));
    assert_eq!(t.reg_mask_with_bits(bits), Some(csr));

    let gpr = t.reg_bank("gpr").unwrap();
    assert_eq!(t.reg_bank_name(gpr), "gpr");
}

#[test]
fn x86_flags_and_modes() {
    let t = x86();
    let direct = t.direct_target_flags();
    assert_eq!(direct.value("x86-gotpcrel"), Some(5));
    assert_eq!(direct.name(7), Some("x86-plt"));
    assert!(t.bitmask_target_flags().is_empty());
    assert_eq!(t.decompose_target_flags(5), (5, 0));
    assert!(t.target_flags_split_is_exact());

    // The base of an address (ptr_rc): gr64 in 64-bit mode, gr32 in 32-bit mode.
    let i686 = Target::for_triple("i686").unwrap();
    assert!(!std::ptr::eq(t, i686));
    let load = t.opcode("MOV32rm").unwrap();
    let base = |tg: &Target| tg.instr(load).operand(1).and_then(|o| o.reg_class);
    assert_eq!(base(t), t.reg_class("gr64"));
    assert_eq!(base(i686), t.reg_class("gr32"));
}

#[test]
fn other_targets() {
    let a64 = Target::for_triple("aarch64").unwrap();
    assert!(a64.reg_bank("gpr").is_some() && a64.reg_bank("fpr").is_some());
    assert!(a64.reg("w0").is_some() && a64.reg_class("gpr32").is_some());
    assert!(a64.opcode("ADDWrr").is_some());

    let rv64 = Target::for_triple("riscv64").unwrap();
    let rv32 = Target::for_triple("riscv32").unwrap();
    let gpr = rv64.reg_class("gpr").unwrap();
    assert_eq!(rv64.reg_class_info(gpr).size_in_bits, 64);
    assert_eq!(rv32.reg_class_info(gpr).size_in_bits, 32);
    assert_eq!(rv64.reg_bank("gprb").map(|b| rv64.reg_bank_name(b)), Some("gprb"));

    let amd = Target::for_triple("amdgcn").unwrap();
    assert!(amd.reg("vgpr0_vgpr1").is_some());
    assert!(amd.sub_reg_idx("sub0_sub1").is_some());
    let pair = amd.reg("vgpr4_vgpr5").unwrap();
    let sub1 = amd.sub_reg_idx("sub1").unwrap();
    assert_eq!(amd.sub_reg(pair, sub1), amd.reg("vgpr5"));
    assert_eq!(amd.target_index("amdgpu-scratch-rsrc-dword1"), Some(2));
    assert_eq!(amd.mmo_target_flags().value("amdgpu-noclobber"), Some(64));
    let gfx90a = Target::for_triple_cpu("amdgcn", "gfx90a").unwrap();
    assert_ne!(gfx90a.mode(), amd.mode());
    assert_eq!(Target::for_triple_cpu("amdgcn", "tahiti").unwrap().mode(), amd.mode());

    let arm = Target::for_triple("armv7").unwrap();
    assert!(arm.reg("r0").is_some() && arm.reg("cpsr").is_some());
    assert!(arm.reg_bank("gprb").is_some());
}

#[test]
fn out_of_range_ids_are_harmless() {
    let t = x86();
    assert_eq!(t.opcode_name(Opcode(u32::MAX)), "");
    let d = t.instr(Opcode(u32::MAX));
    assert_eq!((d.num_operands(), d.flags()), (0, 0));
    assert_eq!(d.operands().len(), 0);
    assert_eq!(t.reg_name(Reg(u32::MAX)), "");
    assert_eq!(t.sub_regs(Reg(u32::MAX)).count(), 0);
    assert_eq!(t.reg_class_name(RegClass(u32::MAX)), "");
    assert!(!t.reg_class_contains(RegClass(u32::MAX), Reg(1)));
    assert_eq!(t.reg_mask_bits(RegMask(u32::MAX)), &[] as &[u32]);
    assert_eq!(t.sub_reg_idx_name(SubRegIdx(0)), "");
}

/// Decoding time per target (the work of a first `for_triple`): run with
/// `cargo test --release -p llrs-mir load_times -- --ignored --nocapture`.
#[test]
#[ignore]
fn load_times() {
    let only = std::env::var("LOAD_TIMES_ONLY").unwrap_or_default();
    for slot in SLOTS.iter().filter(|s| only.is_empty() || s.file == only) {
        let runs = 20;
        let start = std::time::Instant::now();
        for _ in 0..runs {
            let data = super::data::TargetData::decode(slot.bytes).expect("decodes");
            std::hint::black_box(&data);
        }
        let each = start.elapsed() / runs;
        let data = super::data::TargetData::decode(slot.bytes).expect("decodes");
        let start = std::time::Instant::now();
        for _ in 0..runs {
            let subs = super::subregs::SubRegs::decode(data.subreg_bytes, data.reg_names.len());
            std::hint::black_box(&subs.expect("decodes"));
        }
        let subregs = start.elapsed() / runs;
        let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
        eprintln!(
            "{:12} {:9} bytes {:7.3} ms, subregisters (on first use) {:7.3} ms",
            slot.file,
            slot.bytes.len(),
            ms(each),
            ms(subregs)
        );
    }
}

#[test]
fn names_as_bytes() {
    let t = x86();
    assert_eq!(t.opcode(b"COPY"), t.opcode("COPY"));
    assert_eq!(t.reg(b"noreg".as_slice()), Some(Reg::NONE));
    assert_eq!(t.reg_class(String::from("gr8")), t.reg_class("gr8"));
    assert!(t.reg(b"\xff").is_none());
}

#[test]
fn subregister_totals() {
    // The numbers of (register, index, subregister) triples LLVM 22 has (counted in the
    // dumper's output when the data was generated).
    for (triple, total) in [("x86_64", 461), ("aarch64", 11_891), ("amdgcn", 1_341_332)] {
        let t = Target::for_triple(triple).unwrap();
        let n: usize = (0..t.num_regs()).map(|r| t.sub_regs(Reg(r as u32)).count()).sum();
        assert_eq!(n, total, "{triple}");
    }
    let amd = Target::for_triple("amdgcn").unwrap();
    let big = amd.reg("vgpr0_vgpr1_vgpr2_vgpr3").unwrap();
    let sub2_sub3 = amd.sub_reg_idx("sub2_sub3").unwrap();
    assert_eq!(amd.sub_reg(big, sub2_sub3), amd.reg("vgpr2_vgpr3"));
}
