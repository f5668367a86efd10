//! The join of a machine function and its `body:`: the context the body parser ([`crate::mi`])
//! needs from the function's fields, its errors placed in the file as MIRParser's
//! `diagFromBlockStringDiag` places them, and the body printed with llc's numbers.

use super::check::CheckError;
use super::model::MachineFunction;
use super::numbering::Numbering;
use crate::mi::{self, BodyContext, IrInfo, OpKind, PrintContext, StackObjectDecl, TargetInfo, VRegDecl};
use crate::yaml::tree::Mark;

/// Parses the body of `mf` (`parseMachineBasicBlockDefinitions` then
/// `parseMachineInstructions`) with the objects its fields declare; an error is placed in the
/// file, whose 1-based lines `file_line` gives.
pub fn parse_function_body(
    mf: &MachineFunction,
    target: &dyn TargetInfo,
    ir: &dyn IrInfo,
    file_line: &dyn Fn(u32) -> String,
) -> Result<mi::Body, CheckError> {
    // The virtual registers made before the body: `registers:` (each with its preferred
    // register), then the virtual registers of `liveins:`.
    let mut vregs: Vec<VRegDecl<'_>> = Vec::with_capacity(mf.registers.len() + mf.liveins.len());
    for r in &mf.registers {
        vregs.push(VRegDecl {
            id: r.id.value,
            class: r.class.value.as_bytes(),
            preferred_vreg: vreg_number(&r.preferred_register.value),
        });
    }
    for l in &mf.liveins {
        if let Some(id) = vreg_number(&l.virtual_reg.value) {
            vregs.push(VRegDecl { id, class: b"", preferred_vreg: None });
        }
    }
    let stack: Vec<StackObjectDecl<'_>> =
        mf.stack.iter().map(|o| StackObjectDecl { id: o.id.value, name: o.name.value.as_bytes() }).collect();
    let fixed: Vec<u32> = mf.fixed_stack.iter().map(|o| o.id.value).collect();
    let constants: Vec<u32> = mf.constants.iter().map(|c| c.id.value).collect();
    let jump_tables: Vec<u32> = mf.jump_table.entries.iter().map(|e| e.id.value).collect();
    let ctx = BodyContext {
        target,
        ir,
        function_name: mf.name.value.as_bytes(),
        stack_objects: Some(&stack),
        fixed_stack_objects: Some(&fixed),
        constants: Some(&constants),
        jump_tables: Some(&jump_tables),
        vregs: &vregs,
    };
    let src = mf.body.text.as_bytes();
    mi::parse_body(src, &ctx)
        .map_err(|e| CheckError { at: Some(error_mark(src, mf.body.start, &e, file_line)), message: e.message })
}

/// Where an error of the body is in the file, as `diagFromBlockStringDiag` finds it: the line
/// is the body's first line + the error's line; the column is the error's column + where the
/// error's line of the body is found in that file line (a block scalar's indentation; 0 when it
/// is not found, as in a quoted scalar with escapes, or empty). `start` is the body's first
/// character that is not a line break: the text's leading empty lines come before it.
fn error_mark(src: &[u8], start: Mark, e: &mi::MiError, file_line: &dyn Fn(u32) -> String) -> Mark {
    let leading = src.iter().take_while(|&&c| c == b'\n').count() as u32;
    let (l, c) = e.line_col(src);
    let line = start.line.saturating_sub(leading) + l as u32;
    let contents = src.split(|&b| b == b'\n').nth(l).unwrap_or(b"");
    let contents = contents.strip_suffix(b"\r").unwrap_or(contents);
    let text = file_line(line);
    let indent = if contents.is_empty() {
        0
    } else {
        text.as_bytes().windows(contents.len()).position(|w| w == contents).unwrap_or(0)
    };
    Mark { line, col: (c + indent) as u32 + 1 }
}

/// Whether an error of the body comes from the block definitions (`parseBasicBlockDefinitions`,
/// which llc runs before checking the frame information): it is on a block's header line
/// (`bb.N...:`), or it is the lexer's (that pass lexes the whole body).
pub fn from_block_definitions(body: &super::model::Body, e: &CheckError) -> bool {
    let Some(at) = e.at else { return false };
    let leading = body.text.bytes().take_while(|&c| c == b'\n').count() as u32;
    let Some(line) = at.line.checked_sub(body.start.line.saturating_sub(leading)) else { return false };
    let text = body.text.lines().nth(line as usize).unwrap_or("");
    text.trim_start().starts_with("bb.") || lexer_error(body.text.as_bytes()).is_some_and(|m| m == e.message)
}

/// The first error of the lexer over `src`, if any.
fn lexer_error(src: &[u8]) -> Option<String> {
    let mut lexer = mi::Lexer::new(src, 0);
    loop {
        match lexer.next_token().kind {
            mi::Tk::Eof => return None,
            mi::Tk::Error => return lexer.error.map(|e| e.1),
            _ => {}
        }
    }
}

/// The IR llc makes for a file without a module: per machine function, `define void @NAME() {
/// entry: unreachable }` (made as each function is read, so the globals are the functions read
/// so far), no metadata.
pub struct DummyIr<'a> {
    /// The machine functions read so far, this one included.
    pub functions: &'a rustc_hash::FxHashSet<String>,
    /// The data layout llc gives the module (its default target's).
    pub layout: Option<&'a llrs_ir::datalayout::DataLayout>,
}

impl IrInfo for DummyIr<'_> {
    fn has_block(&self, name: &[u8]) -> bool {
        name == b"entry"
    }
    fn has_block_slot(&self, _slot: u32) -> bool {
        false
    }
    fn has_block_in(&self, f: &[u8], block: &[u8], slot: Option<u32>) -> bool {
        slot.is_none() && block == b"entry" && self.is_function(f)
    }
    fn has_value(&self, name: &[u8]) -> bool {
        name == b"entry"
    }
    fn has_value_slot(&self, _slot: u32) -> bool {
        false
    }
    fn is_pointer_value(&self, _name: &[u8]) -> bool {
        false
    }
    fn is_pointer_value_slot(&self, _slot: u32) -> bool {
        false
    }
    fn has_global(&self, name: &[u8]) -> bool {
        self.is_function(name)
    }
    fn has_global_slot(&self, _slot: u32) -> bool {
        false
    }
    fn is_function(&self, name: &[u8]) -> bool {
        std::str::from_utf8(name).is_ok_and(|n| self.functions.contains(n))
    }
    fn has_metadata(&self, _n: u32) -> bool {
        false
    }
    fn pointer_bits(&self, addrspace: u32) -> u32 {
        self.layout.map_or(64, |l| l.pointer_size_in_bits(addrspace))
    }
}

/// The number of a `%N` reference.
fn vreg_number(text: &str) -> Option<u32> {
    text.strip_prefix('%')?.parse().ok()
}

/// Gives the jump-table operands of `body` llc's numbers (the tables by position). Constant-pool
/// operands keep the number written: MIParser makes them with the id, not the pool's index
/// (checked with llc-22: `%const.7` of a pool of one entry prints as `%const.7`).
pub fn renumber_jump_tables(body: &mut mi::Body, mf: &MachineFunction) {
    if mf.jump_table.entries.is_empty() {
        return;
    }
    let tables: rustc_hash::FxHashMap<u32, u32> =
        mf.jump_table.entries.iter().enumerate().map(|(i, e)| (e.id.value, i as u32)).rev().collect();
    for o in &mut body.operands {
        if let OpKind::JumpTable(id) = &mut o.kind {
            if let Some(&n) = tables.get(id) {
                *id = n;
            }
        }
    }
}

/// The body as llc prints it (lines ending in `\n`, not indented), with llc's numbers of the
/// stack and fixed stack objects.
pub fn print_function_body(body: &mi::Body, mf: &MachineFunction, target: &dyn TargetInfo) -> String {
    let (stack_numbers, fixed_numbers) = Numbering::frame_objects(mf);
    let stack = |id: u32| match stack_numbers.get(&id) {
        Some(&i) => (i, mf.stack.get(i as usize).map_or(Vec::new(), |o| o.name.value.as_bytes().to_vec())),
        None => (id, Vec::new()),
    };
    let fixed = |id: u32| fixed_numbers.get(&id).copied().unwrap_or(id);
    let cx = PrintContext { target, stack_object: Some(&stack), fixed_stack_object: Some(&fixed), metadata: None };
    mi::print_body(body, &cx)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lexer_errors_come_from_the_block_definitions() {
        assert_eq!(lexer_error(b"bb.0:\n  RET 0, #\n").as_deref(), Some("unexpected character '#'"));
        assert_eq!(lexer_error(b"bb.0:\n  RET 0, bogus\n"), None);
    }

    #[test]
    fn dummy_functions_have_one_block() {
        let functions: rustc_hash::FxHashSet<String> = ["f".to_string()].into_iter().collect();
        let layout = llrs_ir::datalayout::DataLayout::parse(crate::parse::DEFAULT_DATA_LAYOUT).ok();
        let ir = DummyIr { functions: &functions, layout: layout.as_ref() };
        assert!(ir.has_block(b"entry") && !ir.has_block(b"x") && ir.is_function(b"f") && !ir.has_global(b"g"));
        assert_eq!((ir.pointer_bits(0), ir.pointer_bits(270)), (64, 32));
    }

    /// The positions llc-22 gives (checked by hand).
    #[test]
    fn errors_are_placed_in_the_file() {
        let file = ["---", "name: f", "body: |", "  bb.0:", "    RET 0, bogus", "..."];
        let file_line = |n: u32| file.get(n as usize - 1).unwrap_or(&"").to_string();
        let src = b"bb.0:\n  RET 0, bogus\n";
        let e = mi::MiError { offset: 15, message: String::new() };
        assert_eq!(error_mark(src, Mark { line: 4, col: 3 }, &e, &file_line), Mark { line: 5, col: 12 });
        let e = mi::MiError { offset: src.len(), message: String::new() };
        assert_eq!(error_mark(src, Mark { line: 4, col: 3 }, &e, &file_line), Mark { line: 6, col: 1 });
        // Leading empty lines come before the first character.
        let file = ["---", "name: f", "body: |", "", "  bb.0:", "    RET 0, bogus", "..."];
        let file_line = |n: u32| file.get(n as usize - 1).unwrap_or(&"").to_string();
        let src = b"\nbb.0:\n  RET 0, bogus\n";
        let e = mi::MiError { offset: 16, message: String::new() };
        assert_eq!(error_mark(src, Mark { line: 5, col: 3 }, &e, &file_line), Mark { line: 6, col: 12 });
        // A quoted body: where its text is found in the line.
        let file = ["---", "name: f", "body: \"RET 0, bogus\"", "..."];
        let file_line = |n: u32| file.get(n as usize - 1).unwrap_or(&"").to_string();
        let e = mi::MiError { offset: 0, message: String::new() };
        assert_eq!(error_mark(b"RET 0, bogus", Mark { line: 3, col: 7 }, &e, &file_line), Mark { line: 3, col: 8 });
    }
}
