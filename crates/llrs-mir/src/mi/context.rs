//! The inputs of the body parser: the target, the IR, and the function-level facts the YAML
//! part of the file declares.

use super::target::TargetInfo;

/// An error of the body parser: llc's message at a byte offset of the body text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MiError {
    /// Byte offset in the body text given to [`super::parse_body`].
    pub offset: usize,
    /// llc's message.
    pub message: String,
}

impl MiError {
    /// The 0-based line and 0-based column of the error in `src`.
    pub fn line_col(&self, src: &[u8]) -> (usize, usize) {
        let upto = &src[..self.offset.min(src.len())];
        let line = upto.iter().filter(|&&c| c == b'\n').count();
        let col = upto.iter().rev().take_while(|&&c| c != b'\n').count();
        (line, col)
    }
}

impl std::fmt::Display for MiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for MiError {}

/// What the parser asks of the IR module and function (names and slots). Every method has a
/// permissive default ("it exists"), so a body can be parsed without IR.
pub trait IrInfo {
    /// A block of the current function by name.
    fn has_block(&self, _name: &[u8]) -> bool {
        true
    }
    /// An unnamed block of the current function by slot number.
    fn has_block_slot(&self, _slot: u32) -> bool {
        true
    }
    /// A block of function `f` (by name or slot) for `blockaddress`.
    fn has_block_in(&self, _f: &[u8], _block: &[u8], _slot: Option<u32>) -> bool {
        true
    }
    /// A value of the current function by name.
    fn has_value(&self, _name: &[u8]) -> bool {
        true
    }
    /// A value of the current function by slot.
    fn has_value_slot(&self, _slot: u32) -> bool {
        true
    }
    /// Whether the value of the current function named `name` is a pointer.
    fn is_pointer_value(&self, _name: &[u8]) -> bool {
        true
    }
    /// Whether the unnamed value of slot `slot` is a pointer.
    fn is_pointer_value_slot(&self, _slot: u32) -> bool {
        true
    }
    /// A quoted IR constant of a memory operand (`` `ptr @g` ``), read as LLParser's
    /// `parseConstantValue` reads it: its text as LLVM prints it, or LLParser's error (offset in
    /// `text`, message). The default keeps the text.
    fn constant(&self, text: &[u8]) -> Result<Vec<u8>, (usize, String)> {
        Ok(text.to_vec())
    }
    /// A global value by name.
    fn has_global(&self, _name: &[u8]) -> bool {
        true
    }
    /// A global value by slot.
    fn has_global_slot(&self, _slot: u32) -> bool {
        true
    }
    /// Whether a global (by name) is a function.
    fn is_function(&self, _name: &[u8]) -> bool {
        true
    }
    /// A metadata node `!N` of the module (or of the function's machine metadata).
    fn has_metadata(&self, _n: u32) -> bool {
        true
    }
    /// The pointer size in bits of an address space (for `pN` types).
    fn pointer_bits(&self, _addrspace: u32) -> u32 {
        64
    }
}

/// No IR: everything exists, pointers are 64 bits.
#[derive(Default, Debug, Clone, Copy)]
pub struct NoIr;

impl IrInfo for NoIr {}

/// A stack object declared by the YAML (`stack:`): its id and its IR name (may be empty).
#[derive(Clone, Copy, Debug)]
pub struct StackObjectDecl<'a> {
    /// `id:`.
    pub id: u32,
    /// `name:` (the alloca's name), empty when none.
    pub name: &'a [u8],
}

/// A virtual register declared in `registers:`.
#[derive(Clone, Copy, Debug)]
pub struct VRegDecl<'a> {
    /// `id:`.
    pub id: u32,
    /// `class:` (a class, a bank or `_`), empty when none.
    pub class: &'a [u8],
    /// `preferred-register:` when it names a virtual register `%N`: parsing it creates that
    /// register right after this one, which decides the printed numbers.
    pub preferred_vreg: Option<u32>,
}

/// Everything the body parser takes as input.
pub struct BodyContext<'a> {
    /// The target.
    pub target: &'a dyn TargetInfo,
    /// The IR module and function.
    pub ir: &'a dyn IrInfo,
    /// The function's name (for messages).
    pub function_name: &'a [u8],
    /// Stack objects (`None`: do not check).
    pub stack_objects: Option<&'a [StackObjectDecl<'a>]>,
    /// Fixed stack objects by id (`None`: do not check).
    pub fixed_stack_objects: Option<&'a [u32]>,
    /// Constant-pool entries by id (`None`: do not check).
    pub constants: Option<&'a [u32]>,
    /// Jump tables by id (`None`: do not check).
    pub jump_tables: Option<&'a [u32]>,
    /// Virtual registers of `registers:`, in order.
    pub vregs: &'a [VRegDecl<'a>],
}
