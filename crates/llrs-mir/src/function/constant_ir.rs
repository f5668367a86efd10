//! Quoted IR constants of memory operands (`` `ptr @g` ``), read against a skeleton of the
//! module instead of its whole text, once per distinct constant.
//!
//! The body parser reads such a constant as LLParser's `parseConstantValue` does, by parsing
//! the module's text with the constant added ([`crate::mi::IrInfo::constant`]): over a large
//! module that is a parse of the whole module per constant. A constant only needs the module's
//! named types and its globals (their names, slots and address spaces), so the text given to
//! the body parser is that skeleton, and [`CachedIr`] keeps each answer for the file.

use std::cell::RefCell;

use crate::mi::IrInfo;
use llrs_ir::Module;
use rustc_hash::FxHashMap;

/// The module's target lines and named types (from its text), then one external declaration
/// per global in LLVM's slot order (variables, aliases, ifuncs, functions), each in its
/// address space.
pub fn skeleton(module: &Module, ir_text: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(1 << 12);
    for line in ir_text.lines() {
        let t = line.trim_start();
        let is_type = t.starts_with('%') && t.contains(" = type ");
        if is_type || t.starts_with("target ") {
            out.extend_from_slice(t.as_bytes());
            out.push(b'\n');
        }
    }
    let order = module.vars.iter().chain(&module.aliases).chain(&module.ifuncs).chain(&module.functions);
    let mut unnamed = 0u32;
    for &g in order {
        let gl = &module.globals[g];
        out.push(b'@');
        match gl.name {
            Some(s) => quoted(&mut out, module.ctx.name(s)),
            None => {
                out.extend_from_slice(unnamed.to_string().as_bytes());
                unnamed += 1;
            }
        }
        out.extend_from_slice(b" = external ");
        if gl.addrspace != 0 {
            out.extend_from_slice(format!("addrspace({}) ", gl.addrspace).as_bytes());
        }
        out.extend_from_slice(b"global i8\n");
    }
    out
}

/// `"name"` with LLVM's escapes.
fn quoted(out: &mut Vec<u8>, name: &[u8]) {
    out.push(b'"');
    for &c in name {
        if c == b'"' || c == b'\\' || !(0x20..0x7f).contains(&c) {
            out.extend_from_slice(format!("\\{c:02X}").as_bytes());
        } else {
            out.push(c);
        }
    }
    out.push(b'"');
}

/// Answers of [`IrInfo::constant`] by constant text, for a whole file.
pub type ConstantCache = RefCell<FxHashMap<Vec<u8>, Result<Vec<u8>, (usize, String)>>>;

/// An [`IrInfo`] that keeps the answers of [`IrInfo::constant`] and asks the rest of `inner`.
pub struct CachedIr<'a> {
    /// The function's IR.
    pub inner: &'a dyn IrInfo,
    /// The file's answers.
    pub cache: &'a ConstantCache,
}

impl IrInfo for CachedIr<'_> {
    fn has_block(&self, name: &[u8]) -> bool {
        self.inner.has_block(name)
    }
    fn has_block_slot(&self, slot: u32) -> bool {
        self.inner.has_block_slot(slot)
    }
    fn has_block_in(&self, f: &[u8], block: &[u8], slot: Option<u32>) -> bool {
        self.inner.has_block_in(f, block, slot)
    }
    fn has_value(&self, name: &[u8]) -> bool {
        self.inner.has_value(name)
    }
    fn has_value_slot(&self, slot: u32) -> bool {
        self.inner.has_value_slot(slot)
    }
    fn is_pointer_value(&self, name: &[u8]) -> bool {
        self.inner.is_pointer_value(name)
    }
    fn is_pointer_value_slot(&self, slot: u32) -> bool {
        self.inner.is_pointer_value_slot(slot)
    }
    fn constant(&self, text: &[u8]) -> Result<Vec<u8>, (usize, String)> {
        if let Some(r) = self.cache.borrow().get(text) {
            return r.clone();
        }
        let r = self.inner.constant(text);
        self.cache.borrow_mut().insert(text.to_vec(), r.clone());
        r
    }
    fn has_global(&self, name: &[u8]) -> bool {
        self.inner.has_global(name)
    }
    fn has_global_slot(&self, slot: u32) -> bool {
        self.inner.has_global_slot(slot)
    }
    fn is_function(&self, name: &[u8]) -> bool {
        self.inner.is_function(name)
    }
    fn has_metadata(&self, n: u32) -> bool {
        self.inner.has_metadata(n)
    }
    fn pointer_bits(&self, addrspace: u32) -> u32 {
        self.inner.pointer_bits(addrspace)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skeleton_keeps_types_and_globals() {
        let src = "target triple = \"x86_64\"\n%s = type { i32, i32 }\n@g = global %s zeroinitializer\n@0 = addrspace(1) global i32 0\ndefine void @\"f g\"() {\n  ret void\n}\n";
        let m = llrs_asm::parse_module(src.as_bytes(), "a.ll").unwrap();
        let s = String::from_utf8(skeleton(&m, src)).unwrap();
        assert_eq!(
            s,
            "target triple = \"x86_64\"\n%s = type { i32, i32 }\n@\"g\" = external global i8\n@0 = external addrspace(1) global i8\n@\"f g\" = external global i8\n"
        );
        assert!(llrs_asm::parse_module(s.as_bytes(), "s.ll").is_ok());
    }
}
