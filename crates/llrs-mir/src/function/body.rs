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
/// file.
pub fn parse_function_body(
    mf: &MachineFunction,
    target: &dyn TargetInfo,
    ir: &dyn IrInfo,
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
        .map_err(|e| CheckError { at: Some(error_mark(src, mf.body.start, &e)), message: e.message })
}

/// Where an error of the body is in the file: the body's first line + the error's line; the
/// error's column + where the body's line starts in the file line (its indentation; an empty
/// line or the end of the body: column 1), as `diagFromBlockStringDiag` finds it.
fn error_mark(src: &[u8], start: Mark, e: &mi::MiError) -> Mark {
    let (line, col) = e.line_col(src);
    let line_text = src.split(|&c| c == b'\n').nth(line).unwrap_or(b"");
    let indent = if line_text.is_empty() { 0 } else { start.col.saturating_sub(1) };
    Mark { line: start.line + line as u32, col: col as u32 + indent + 1 }
}

/// Whether an error of the body (placed in the file) is on a block's header line (`bb.N...:`),
/// where the block definitions are parsed, before the frame information is checked.
pub fn in_block_header(body: &super::model::Body, e: &CheckError) -> bool {
    let Some(at) = e.at else { return false };
    let Some(line) = at.line.checked_sub(body.start.line) else { return false };
    let text = body.text.lines().nth(line as usize).unwrap_or("");
    text.trim_start().starts_with("bb.")
}

/// The number of a `%N` reference.
fn vreg_number(text: &str) -> Option<u32> {
    text.strip_prefix('%')?.parse().ok()
}

/// Gives the constant-pool and jump-table operands of `body` llc's numbers (the pool's
/// merged entries of `mf.constant_slots`, the jump tables by position).
pub fn renumber_pools(body: &mut mi::Body, mf: &MachineFunction) {
    if mf.constant_slots.is_empty() && mf.jump_table.entries.is_empty() {
        return;
    }
    let constants: rustc_hash::FxHashMap<u32, u32> = mf.constant_slots.iter().copied().collect();
    let tables: rustc_hash::FxHashMap<u32, u32> =
        mf.jump_table.entries.iter().enumerate().map(|(i, e)| (e.id.value, i as u32)).rev().collect();
    for o in &mut body.operands {
        match &mut o.kind {
            OpKind::ConstPool(id, _) => {
                if let Some(&n) = constants.get(id) {
                    *id = n;
                }
            }
            OpKind::JumpTable(id) => {
                if let Some(&n) = tables.get(id) {
                    *id = n;
                }
            }
            _ => {}
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
    fn errors_are_placed_in_the_file() {
        let start = Mark { line: 10, col: 3 };
        let src = b"bb.0:\n  RET 0\n";
        let e = mi::MiError { offset: 8, message: String::new() };
        assert_eq!(error_mark(src, start, &e), Mark { line: 11, col: 5 });
        let e = mi::MiError { offset: src.len(), message: String::new() };
        assert_eq!(error_mark(src, start, &e), Mark { line: 12, col: 1 });
    }
}
