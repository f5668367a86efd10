//! Calling conventions: LLVM's numbers and their keywords.

/// The keyword of calling convention `cc` (`None` for numbers without one: printed `cc N`).
pub fn cc_name(cc: u32) -> Option<&'static str> {
    CALLING_CONVENTIONS.iter().find(|(_, n)| *n == cc).map(|(s, _)| *s)
}

/// The number of a calling convention keyword.
pub fn cc_number(name: &[u8]) -> Option<u32> {
    CALLING_CONVENTIONS.iter().find(|(s, _)| s.as_bytes() == name).map(|(_, n)| *n)
}

/// Keyword and number of every named calling convention, as LLParser accepts them and
/// AsmWriter's `PrintCallingConv` prints them (numbers without a keyword print as `ccN`; the
/// parser also accepts `cc N`). Two keywords print with a trailing space in LLVM
/// (`avr_intrcc `, `avr_signalcc `): see [`cc_print_name`]. The RISC-V VLS conventions take an
/// argument: `riscv_vls_cc(N)` for N = 32 << (number - 112).
pub const CALLING_CONVENTIONS: &[(&str, u32)] = &[
    ("ccc", 0),
    ("fastcc", 8),
    ("coldcc", 9),
    ("ghccc", 10),
    ("anyregcc", 13),
    ("preserve_mostcc", 14),
    ("preserve_allcc", 15),
    ("swiftcc", 16),
    ("cxx_fast_tlscc", 17),
    ("tailcc", 18),
    ("cfguard_checkcc", 19),
    ("swifttailcc", 20),
    ("preserve_nonecc", 21),
    ("x86_stdcallcc", 64),
    ("x86_fastcallcc", 65),
    ("arm_apcscc", 66),
    ("arm_aapcscc", 67),
    ("arm_aapcs_vfpcc", 68),
    ("msp430_intrcc", 69),
    ("x86_thiscallcc", 70),
    ("ptx_kernel", 71),
    ("ptx_device", 72),
    ("spir_func", 75),
    ("spir_kernel", 76),
    ("intel_ocl_bicc", 77),
    ("x86_64_sysvcc", 78),
    ("win64cc", 79),
    ("x86_vectorcallcc", 80),
    ("hhvmcc", 81),
    ("hhvm_ccc", 82),
    ("x86_intrcc", 83),
    ("avr_intrcc", 84),
    ("avr_signalcc", 85),
    ("amdgpu_vs", 87),
    ("amdgpu_gs", 88),
    ("amdgpu_ps", 89),
    ("amdgpu_cs", 90),
    ("amdgpu_kernel", 91),
    ("x86_regcallcc", 92),
    ("amdgpu_hs", 93),
    ("amdgpu_ls", 95),
    ("amdgpu_es", 96),
    ("aarch64_vector_pcs", 97),
    ("aarch64_sve_vector_pcs", 98),
    ("amdgpu_gfx", 100),
    ("aarch64_sme_preservemost_from_x0", 102),
    ("aarch64_sme_preservemost_from_x2", 103),
    ("amdgpu_cs_chain", 104),
    ("amdgpu_cs_chain_preserve", 105),
    ("m68k_rtdcc", 106),
    ("graalcc", 107),
    ("riscv_vector_cc", 110),
    ("aarch64_sme_preservemost_from_x1", 111),
    ("riscv_vls_cc(32)", 112),
    ("riscv_vls_cc(64)", 113),
    ("riscv_vls_cc(128)", 114),
    ("riscv_vls_cc(256)", 115),
    ("riscv_vls_cc(512)", 116),
    ("riscv_vls_cc(1024)", 117),
    ("riscv_vls_cc(2048)", 118),
    ("riscv_vls_cc(4096)", 119),
    ("riscv_vls_cc(8192)", 120),
    ("riscv_vls_cc(16384)", 121),
    ("riscv_vls_cc(32768)", 122),
    ("riscv_vls_cc(65536)", 123),
    ("amdgpu_gfx_whole_wave", 124),
];

/// What AsmWriter prints for calling convention `cc` (never called for 0, which is not printed):
/// the keyword (with LLVM's trailing space for the two AVR ones), or `None` for `ccN`.
pub fn cc_print_name(cc: u32) -> Option<&'static str> {
    match cc {
        0 => Some("ccc"),
        84 => Some("avr_intrcc "),
        85 => Some("avr_signalcc "),
        _ => cc_name(cc),
    }
}
