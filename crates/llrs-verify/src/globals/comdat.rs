//! `visitComdat`, for each comdat in the order LLVM iterates its comdat symbol table, and the
//! part of `Triple` it needs (whether the object format is COFF).

use crate::report::Subject;
use crate::walk::Verifier;
use llrs_ir::module::Linkage;
use llrs_ir::GlobalId;

impl Verifier<'_> {
    /// `visitComdat` for every comdat: on COFF, the global value named as a comdat may not be
    /// private (it would have no symbol table entry).
    pub fn visit_comdats(&mut self) {
        let m = self.v.m;
        if !is_coff(m.triple.as_deref().unwrap_or(b"")) {
            return;
        }
        let names: rustc_hash::FxHashMap<llrs_ir::Symbol, GlobalId> =
            m.globals.iter().filter_map(|(g, gl)| gl.name.map(|n| (n, g))).collect();
        let comdats: Vec<&llrs_ir::module::Comdat> = m.comdats.values().collect();
        let order = string_map_order(comdats.iter().map(|c| m.ctx.name(c.name)));
        for i in order {
            let Some(c) = comdats.get(i) else { continue };
            let Some(&g) = names.get(&c.name) else { continue };
            if m.globals.get(g).is_some_and(|gl| gl.linkage == Linkage::Private) {
                self.fail_module("comdat global value has private linkage", &[Subject::Global(g)]);
            }
        }
    }
}

/// The order in which LLVM's `StringMap` iterates keys inserted in the given order: by bucket,
/// each key in the bucket its hash (`xxh3_64bits`, truncated to 32 bits) and quadratic probing
/// give it, the table starting at 16 buckets and doubling when more than 3/4 full.
pub(crate) fn string_map_order<'a>(keys: impl Iterator<Item = &'a [u8]>) -> Vec<usize> {
    let mut buckets: Vec<Option<(usize, u32)>> = vec![None; 16];
    let mut items = 0usize;
    for (i, key) in keys.enumerate() {
        let hash = super::xxh3::xxh3_64(key) as u32;
        place(&mut buckets, i, hash);
        items += 1;
        if items * 4 > buckets.len() * 3 {
            let mut grown: Vec<Option<(usize, u32)>> = vec![None; buckets.len() * 2];
            for &(j, h) in buckets.iter().flatten() {
                place(&mut grown, j, h);
            }
            buckets = grown;
        }
    }
    buckets.into_iter().flatten().map(|(i, _)| i).collect()
}

/// Puts item `i` of hash `hash` in the first free bucket of its probe sequence.
fn place(buckets: &mut [Option<(usize, u32)>], i: usize, hash: u32) {
    let mask = buckets.len() - 1;
    let mut b = hash as usize & mask;
    let mut probe = 1;
    for _ in 0..buckets.len() {
        match buckets.get_mut(b) {
            Some(slot @ None) => {
                *slot = Some((i, hash));
                return;
            }
            _ => {
                b = (b + probe) & mask;
                probe += 1;
            }
        }
    }
}

/// `Triple(T).isOSBinFormatCOFF()` (LLVM 22.1 does not normalize the triple here: the
/// components are read by position, so `x86_64-w64-mingw32` or `x86_64-windows` name no
/// Windows): an object format named at the end of the fourth component (`-coff`, `-elf`,
/// `-macho`, ...), else the default of the architecture and operating system (COFF for x86,
/// ARM and AArch64 when the third component is a Windows or UEFI one).
pub(crate) fn is_coff(triple: &[u8]) -> bool {
    // `Str.split(Components, '-', 3)`: the fourth component is the rest of the triple.
    let parts: Vec<&[u8]> = triple.splitn(4, |&b| b == b'-').collect();
    let arch = parts.first().copied().unwrap_or(b"");
    if let Some(env) = parts.get(3) {
        for (suffix, coff) in [
            (&b"xcoff"[..], false),
            (b"coff", true),
            (b"elf", false),
            (b"goff", false),
            (b"macho", false),
            (b"wasm", false),
            (b"spirv", false),
            (b"dxcontainer", false),
        ] {
            if env.ends_with(suffix) {
                return coff;
            }
        }
    }
    let os = parts.get(2).copied().unwrap_or(b"");
    let windows = os.starts_with(b"windows") || os.starts_with(b"win32") || os.starts_with(b"uefi");
    windows && coff_arch(arch)
}

/// Whether the architecture's default object format on Windows is COFF: x86, x86-64, ARM,
/// Thumb and AArch64 (little-endian), and any name LLVM's `parseArch` does not know.
fn coff_arch(arch: &[u8]) -> bool {
    // The names `parseArch` maps to another architecture.
    const OTHER: &[&[u8]] = &[
        b"powerpc",
        b"powerpcspe",
        b"ppc",
        b"ppc32",
        b"powerpcle",
        b"ppcle",
        b"ppc32le",
        b"powerpc64",
        b"ppu",
        b"ppc64",
        b"powerpc64le",
        b"ppc64le",
        b"xscaleeb",
        b"aarch64_be",
        b"arc",
        b"armeb",
        b"thumbeb",
        b"avr",
        b"m68k",
        b"msp430",
        b"mips",
        b"mipseb",
        b"mipsallegrex",
        b"mipsisa32r6",
        b"mipsr6",
        b"mipsel",
        b"mipsallegrexel",
        b"mipsisa32r6el",
        b"mipsr6el",
        b"mips64",
        b"mips64eb",
        b"mipsn32",
        b"mipsisa64r6",
        b"mips64r6",
        b"mipsn32r6",
        b"mips64el",
        b"mipsn32el",
        b"mipsisa64r6el",
        b"mips64r6el",
        b"mipsn32r6el",
        b"r600",
        b"amdgcn",
        b"riscv32",
        b"riscv64",
        b"riscv32be",
        b"riscv64be",
        b"hexagon",
        b"s390x",
        b"systemz",
        b"sparc",
        b"sparcel",
        b"sparcv9",
        b"sparc64",
        b"tce",
        b"tcele",
        b"xcore",
        b"nvptx",
        b"nvptx64",
        b"le32",
        b"le64",
        b"amdil",
        b"amdil64",
        b"hsail",
        b"hsail64",
        b"spir",
        b"spir64",
        b"lanai",
        b"renderscript32",
        b"renderscript64",
        b"shave",
        b"ve",
        b"wasm32",
        b"wasm64",
        b"csky",
        b"loongarch32",
        b"loongarch64",
        b"xtensa",
        b"bpf",
        b"bpfeb",
        b"bpfel",
        b"bpf_be",
        b"bpf_le",
    ];
    if OTHER.contains(&arch) || arch.starts_with(b"spirv") || arch.starts_with(b"dxil") || arch.starts_with(b"kalimba")
    {
        return false;
    }
    // ARM and Thumb sub-architectures: big-endian ones are `armeb`, `thumbeb`, `aarch64_be`.
    let arm = arch.starts_with(b"arm") || arch.starts_with(b"thumb");
    let big = arch.starts_with(b"armeb") || arch.starts_with(b"thumbeb") || arch.starts_with(b"aarch64_be");
    !(big || (arm && arch.ends_with(b"eb")))
}
