//! LLVM's `UpgradeInlineAsmString`: the Objective-C retain/release marker in inline asm
//! (`mov\tfp, fp\t\t# marker for objc_retainAutoreleaseReturnValue`) had its comment start
//! with `#`, which is `;` now.

use llrs_ir::Module;

/// `UpgradeInlineAsmString`: in an asm string that starts with `mov\tfp` and names
/// `objc_retainAutoreleaseReturnValue`, the `#` of the first `# marker` becomes `;`. Returns
/// whether the string changed.
pub fn upgrade_inline_asm_string(asm: &mut [u8]) -> bool {
    if !asm.starts_with(b"mov\tfp") || !contains(asm, b"objc_retainAutoreleaseReturnValue") {
        return false;
    }
    let Some(pos) = asm.windows(8).position(|w| w == b"# marker") else { return false };
    asm[pos] = b';';
    true
}

/// Whether `haystack` contains `needle`.
fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// [`upgrade_inline_asm_string`] on the code of every inline asm of the module, as LLVM's
/// bitcode reader applies it to each inline asm it reads.
pub fn upgrade_inline_asm_strings(m: &mut Module) {
    let ids: Vec<llrs_ir::module::AsmId> = m.asms.keys().collect();
    for id in ids {
        let text = m.ctx.name(m.asms[id].asm);
        if !text.starts_with(b"mov\tfp") {
            continue;
        }
        let mut text = text.to_vec();
        if upgrade_inline_asm_string(&mut text) {
            m.asms[id].asm = m.ctx.sym_bytes(&text);
        }
    }
}
