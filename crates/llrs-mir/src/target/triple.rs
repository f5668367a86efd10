//! From a target triple to a target and its variant, as LLVM's `Triple::getArch` reads the
//! architecture (the part before the first `-`).

/// The generated targets, in the order of `registry::FAMILIES`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Family {
    X86,
    AArch64,
    Arm,
    RiscV,
    AmdGpu,
    R600,
    PowerPC,
    SystemZ,
    Mips,
    Hexagon,
    WebAssembly,
    Nvptx,
    LoongArch,
    Sparc,
    Bpf,
    Avr,
    Msp430,
    Lanai,
    Ve,
    M68k,
    XCore,
    Xtensa,
    SpirV,
}

/// The target of a triple and its variant (the position of its triple among those the
/// generator dumped for the target: `tools/mir-targets/generate`'s `TARGETS`).
pub(crate) fn parse_arch(triple: &str) -> Option<(Family, usize)> {
    let arch = triple.split('-').next().unwrap_or("");
    use Family::*;
    let found = match arch {
        "amd64" | "x86_64" | "x86_64h" => (X86, 0),
        "i386" | "i486" | "i586" | "i686" | "i786" | "i886" | "i986" => (X86, 1),
        "aarch64" | "arm64" | "arm64e" | "arm64ec" | "aarch64_be" | "aarch64_32" | "arm64_32" => (AArch64, 0),
        "riscv64" | "riscv64be" => (RiscV, 0),
        "riscv32" | "riscv32be" => (RiscV, 1),
        "amdgcn" => (AmdGpu, 0),
        "r600" => (R600, 0),
        "powerpc64" | "ppu" | "ppc64" | "powerpc64le" | "ppc64le" => (PowerPC, 0),
        "powerpc" | "ppc" | "ppc32" | "powerpcspe" | "powerpcle" | "ppcle" | "ppc32le" => (PowerPC, 1),
        "s390x" | "systemz" => (SystemZ, 0),
        "mips" | "mipseb" | "mipsallegrex" | "mipsisa32r6" | "mipsr6" | "mipsel" | "mipsallegrexel"
        | "mipsisa32r6el" | "mipsr6el" => (Mips, 0),
        "mips64" | "mips64eb" | "mipsn32" | "mipsisa64r6" | "mips64r6" | "mipsn32r6" | "mips64el" | "mipsn32el"
        | "mipsisa64r6el" | "mips64r6el" | "mipsn32r6el" => (Mips, 1),
        "hexagon" => (Hexagon, 0),
        "wasm32" => (WebAssembly, 0),
        "wasm64" => (WebAssembly, 1),
        "nvptx64" => (Nvptx, 0),
        "nvptx" => (Nvptx, 1),
        "loongarch64" => (LoongArch, 0),
        "loongarch32" => (LoongArch, 1),
        "sparc" | "sparcel" => (Sparc, 0),
        "sparcv9" | "sparc64" => (Sparc, 1),
        "bpf" | "bpfel" | "bpf_le" | "bpfeb" | "bpf_be" => (Bpf, 0),
        "avr" => (Avr, 0),
        "msp430" => (Msp430, 0),
        "lanai" => (Lanai, 0),
        "ve" => (Ve, 0),
        "m68k" => (M68k, 0),
        "xcore" => (XCore, 0),
        "xtensa" => (Xtensa, 0),
        _ if arch.starts_with("spirv") => (SpirV, 0),
        // ARM's many sub-architectures (armv7, armv7a, thumbv7m, armebv7, xscale, ...):
        // LLVM's parseARMArch accepts the valid ones; here any of these prefixes is ARM.
        _ if arch.starts_with("arm") || arch.starts_with("thumb") || arch.starts_with("xscale") => (Arm, 0),
        _ => return None,
    };
    Some(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arches() {
        assert_eq!(parse_arch("x86_64"), Some((Family::X86, 0)));
        assert_eq!(parse_arch("i686-pc-linux-gnu"), Some((Family::X86, 1)));
        assert_eq!(parse_arch("arm64-apple-macosx"), Some((Family::AArch64, 0)));
        assert_eq!(parse_arch("thumbv7em-none-eabi"), Some((Family::Arm, 0)));
        assert_eq!(parse_arch("riscv32"), Some((Family::RiscV, 1)));
        assert_eq!(parse_arch("amdgcn-amd-amdhsa"), Some((Family::AmdGpu, 0)));
        assert_eq!(parse_arch("spirv64v1.6-unknown-unknown"), Some((Family::SpirV, 0)));
        assert_eq!(parse_arch("unknown"), None);
        assert_eq!(parse_arch(""), None);
    }
}
