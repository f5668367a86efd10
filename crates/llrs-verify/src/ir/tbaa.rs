//! LLVM's `TBAAVerifier`: `!tbaa` access tags, struct-path type nodes, offsets and access types
//! (`visitTBAAMetadata`, `verifyTBAABaseNode`, `verifyTBAABaseNodeImpl`,
//! `isValidScalarTBAANode`, `getFieldNodeFromTBAABaseNode`), in the old struct-path format
//! (`!{!base, !access, i64 offset[, i64 immutable]}`) and the new one
//! (`!{!base, !access, i64 offset, i64 size[, i64 immutable]}`).
//!
//! Its failures are module errors (`CheckFailed` of the verifier); each prints the instruction,
//! then the nodes and numbers it names. A failure ends the tag's check only.

use super::FnCtx;
use crate::node::Class;
use crate::report::Subject;
use crate::walk::Verifier;
use llrs_ir::apint::APInt;
use llrs_ir::{Const, InstId, Md, MdId, Opcode};
use rustc_hash::{FxHashMap, FxHashSet};

/// The TBAA verifier's caches (`TBAABaseNodes`, `TBAAScalarNodes`), kept for the whole module
/// as LLVM keeps them, with the attachment kinds of `crate::ir::md_attach`.
#[derive(Default)]
pub struct TbaaState {
    /// `TBAABaseNodes`: for each base node checked, `(invalid, bit width of its offsets)`.
    base_nodes: FxHashMap<MdId, (bool, u32)>,
    /// `TBAAScalarNodes`: whether a node is a valid scalar type node.
    scalar_nodes: FxHashMap<MdId, bool>,
    /// Scratch sets (`StructPath`, the `Visited` set of a scalar node's parents), kept to reuse
    /// their allocations.
    scratch: Vec<FxHashSet<MdId>>,
    /// The attachment kinds the instruction checks look up, found once.
    pub(crate) kinds: Option<Box<super::md_attach::AttachKinds>>,
    /// The access tags found valid: only the instruction's opcode is checked again (the rest
    /// of the checks read the tag alone).
    good_tags: FxHashSet<MdId>,
}

/// `{true, ~0u}`: an invalid base node.
const INVALID: (bool, u32) = (true, u32::MAX);

impl Verifier<'_> {
    /// The operands of a node (`MDNode::operands`; empty for the specialized nodes, whose
    /// operands the struct-path rules never look at).
    pub(crate) fn md_ops(&self, id: MdId) -> &[Md] {
        &self.v.node(id).ops
    }

    /// `dyn_cast_or_null<MDNode>(md)`.
    pub(crate) fn as_node(&self, md: Md) -> Option<MdId> {
        match md {
            Md::Node(id) if self.v.node_class(id) != Class::ArgList => Some(id),
            _ => None,
        }
    }

    /// `mdconst::dyn_extract_or_null<ConstantInt>(md)`: the integer of a constant operand.
    pub(crate) fn md_int(&self, md: Md) -> Option<&APInt> {
        let Md::Const(c) = md else { return None };
        match self.v.ctx().const_of(c) {
            Const::Int(_, v) => Some(v),
            _ => None,
        }
    }

    /// The `i`-th operand of node `id` (`null` past the end).
    pub(crate) fn md_op(&self, id: MdId, i: usize) -> Md {
        self.md_ops(id).get(i).copied().unwrap_or(Md::Null)
    }

    /// `TBAAVerifier::visitTBAAMetadata(I, MD)`: whether the tag is valid.
    pub fn visit_tbaa_metadata(&mut self, f: &FnCtx<'_>, i: InstId, md: MdId) -> bool {
        let inst = Subject::Inst(f.g, i);
        let tag = Subject::Md(md);
        let n = self.md_ops(md).len();
        if n == 0 {
            self.fail_module("TBAA metadata cannot have 0 operands", &[inst, tag]);
            return false;
        }
        let op = f.inst(i).op;
        if !matches!(
            op,
            Opcode::Load | Opcode::Store | Opcode::Call | Opcode::VAArg | Opcode::AtomicRmw | Opcode::CmpXchg
        ) {
            self.fail_module("This instruction shall not have a TBAA access tag!", &[inst]);
            return false;
        }
        if self.tbaa_state.good_tags.contains(&md) {
            return true;
        }
        let before = self.report.diagnostics.len();
        let ok = self.visit_tbaa_tag(inst, tag, md, n);
        if ok && self.report.diagnostics.len() == before {
            self.tbaa_state.good_tags.insert(md);
        }
        ok
    }

    /// The checks of `visitTBAAMetadata` that read the tag `md` (of `n` operands) alone.
    fn visit_tbaa_tag(&mut self, inst: Subject, tag: Subject, md: MdId, n: usize) -> bool {
        let base = self.as_node(self.md_op(md, 0));
        if base.is_none() || n < 3 {
            self.fail_module("Old-style TBAA is no longer allowed, use struct-path TBAA instead", &[inst]);
            return false;
        }
        let access = self.as_node(self.md_op(md, 1));
        let new_format = self.is_new_format_tbaa_type_node(access);
        if new_format {
            if n != 4 && n != 5 {
                self.fail_module("Access tag metadata must have either 4 or 5 operands", &[inst, tag]);
                return false;
            }
            if self.md_int(self.md_op(md, 3)).is_none() {
                self.fail_module("Access size field must be a constant", &[inst, tag]);
                return false;
            }
        } else if n >= 5 {
            self.fail_module("Struct tag metadata must have either 3 or 4 operands", &[inst, tag]);
            return false;
        }
        let immutable_op = if new_format { 4 } else { 3 };
        if n == immutable_op + 1 {
            let Some(flag) = self.md_int(self.md_op(md, immutable_op)) else {
                self.fail_module("Immutability tag on struct tag metadata must be a constant", &[inst, tag]);
                return false;
            };
            if !flag.is_zero() && !flag.is_one() {
                self.fail_module("Immutability part of the struct tag metadata must be either 0 or 1", &[inst, tag]);
                return false;
            }
        }
        let (Some(base), Some(access)) = (base, access) else {
            let mut subjects = vec![inst, tag];
            subjects.extend(base.map(Subject::Md));
            subjects.extend(access.map(Subject::Md));
            self.fail_module(
                "Malformed struct tag metadata: base and access-type should be non-null and point to Metadata nodes",
                &subjects,
            );
            return false;
        };
        if !new_format && !self.is_valid_scalar_tbaa_node(access) {
            self.fail_module("Access type node must be a valid scalar type", &[inst, tag, Subject::Md(access)]);
            return false;
        }
        let Some(offset) = self.md_int(self.md_op(md, 2)) else {
            self.fail_module("Offset must be constant integer", &[inst, tag]);
            return false;
        };
        let offset = offset.clone();
        let mut path = self.tbaa_state.scratch.pop().unwrap_or_default();
        path.clear();
        let ok = self.walk_tbaa_path(inst, tag, base, access, offset, new_format, &mut path);
        self.tbaa_state.scratch.push(path);
        ok
    }

    /// The struct path of a tag, from its base type to its access type (the loop of
    /// `visitTBAAMetadata`).
    #[allow(clippy::too_many_arguments)]
    fn walk_tbaa_path(
        &mut self,
        inst: Subject,
        tag: Subject,
        mut base: MdId,
        access: MdId,
        mut offset: APInt,
        new_format: bool,
        path: &mut FxHashSet<MdId>,
    ) -> bool {
        let mut seen_access = false;
        loop {
            if self.md_ops(base).len() < 2 {
                // A root node ends the path.
                break;
            }
            if !path.insert(base) {
                self.fail_module("Cycle detected in struct path", &[inst, tag]);
                return false;
            }
            let (invalid, width) = self.verify_tbaa_base_node(inst, base, new_format);
            // An invalid base node has printed its errors already.
            if invalid {
                return false;
            }
            seen_access |= base == access;
            if (self.is_valid_scalar_tbaa_node(base) || base == access) && !offset.is_zero() {
                let text = self.text(offset.to_string_signed());
                self.fail_module("Offset not zero at the point of scalar access", &[inst, tag, text]);
                return false;
            }
            let ok = width == offset.width() || (width == 0 && offset.is_zero()) || (new_format && width == u32::MAX);
            if !ok {
                self.fail_module(
                    "Access bit-width not the same as description bit-width",
                    &[inst, tag, Subject::Number(width.into()), Subject::Number(offset.width().into())],
                );
                return false;
            }
            if new_format && seen_access {
                break;
            }
            match self.tbaa_field_node(inst, base, &mut offset, new_format) {
                Some(next) => base = next,
                None => break,
            }
        }
        if !seen_access {
            self.fail_module("Did not see access type in access path!", &[inst, tag]);
            return false;
        }
        true
    }

    /// `isNewFormatTBAATypeNode`: at least three operands, the first a node (the parent type).
    fn is_new_format_tbaa_type_node(&self, ty: Option<MdId>) -> bool {
        let Some(ty) = ty else { return false };
        self.md_ops(ty).len() >= 3 && self.as_node(self.md_op(ty, 0)).is_some()
    }

    /// `verifyTBAABaseNode`: `(invalid, bit width)`, cached per node.
    fn verify_tbaa_base_node(&mut self, inst: Subject, base: MdId, new_format: bool) -> (bool, u32) {
        if self.md_ops(base).len() < 2 {
            self.fail_module("Base nodes must have at least two operands", &[inst, Subject::Md(base)]);
            return INVALID;
        }
        if let Some(&r) = self.tbaa_state.base_nodes.get(&base) {
            return r;
        }
        let r = self.verify_tbaa_base_node_impl(inst, base, new_format);
        self.tbaa_state.base_nodes.insert(base, r);
        r
    }

    /// `verifyTBAABaseNodeImpl`.
    fn verify_tbaa_base_node_impl(&mut self, inst: Subject, base: MdId, new_format: bool) -> (bool, u32) {
        let n = self.md_ops(base).len();
        let node = Subject::Md(base);
        if n == 2 {
            // Scalar nodes can only be accessed at offset 0.
            return if self.is_valid_scalar_tbaa_node(base) { (false, 0) } else { INVALID };
        }
        if new_format {
            if !n.is_multiple_of(3) {
                self.fail_module("Access tag nodes must have the number of operands that is a multiple of 3!", &[node]);
                return INVALID;
            }
        } else if n % 2 != 1 {
            self.fail_module("Struct tag nodes must have an odd number of operands!", &[node]);
            return INVALID;
        }
        if new_format && self.md_int(self.md_op(base, 1)).is_none() {
            self.fail_module("Type size nodes must be constants!", &[inst, node]);
            return INVALID;
        }
        if !new_format && !matches!(self.md_op(base, 0), Md::Str(_)) {
            self.fail_module("Struct tag nodes have a string as their first operand", &[node]);
            return INVALID;
        }
        let mut failed = false;
        let mut prev: Option<APInt> = None;
        let mut width = u32::MAX;
        let (first, step) = if new_format { (3, 3) } else { (1, 2) };
        let mut idx = first;
        while idx < n {
            let field_ty = self.md_op(base, idx);
            let field_offset = self.md_op(base, idx + 1);
            idx += step;
            if self.as_node(field_ty).is_none() {
                self.fail_module("Incorrect field entry in struct type node!", &[inst, node]);
                failed = true;
                continue;
            }
            let Some(off) = self.md_int(field_offset).cloned() else {
                self.fail_module("Offset entries must be constants!", &[inst, node]);
                failed = true;
                continue;
            };
            if width == u32::MAX {
                width = off.width();
            }
            if off.width() != width {
                self.fail_module("Bitwidth between the offsets and struct type entries must match", &[inst, node]);
                failed = true;
                continue;
            }
            // Offsets must not decrease (equal offsets come from zero-sized bit fields).
            if prev.as_ref().is_some_and(|p| p.ucmp(&off) == std::cmp::Ordering::Greater) {
                self.fail_module("Offsets must be increasing!", &[inst, node]);
                failed = true;
            }
            prev = Some(off);
            if new_format && self.md_int(self.md_op(base, idx - step + 2)).is_none() {
                self.fail_module("Member size entries must be constants!", &[inst, node]);
                failed = true;
                continue;
            }
        }
        if failed {
            INVALID
        } else {
            (false, width)
        }
    }

    /// `isValidScalarTBAANode`, cached per node.
    fn is_valid_scalar_tbaa_node(&mut self, md: MdId) -> bool {
        if let Some(&r) = self.tbaa_state.scalar_nodes.get(&md) {
            return r;
        }
        let mut visited = self.tbaa_state.scratch.pop().unwrap_or_default();
        visited.clear();
        let r = self.is_scalar_tbaa_node_impl(md, &mut visited);
        self.tbaa_state.scratch.push(visited);
        self.tbaa_state.scalar_nodes.insert(md, r);
        r
    }

    /// `IsScalarTBAANodeImpl`, iteratively: `!{!"name", !parent[, i64 0]}` up to a root (a node
    /// with fewer than two operands), without cycles.
    fn is_scalar_tbaa_node_impl(&self, start: MdId, visited: &mut FxHashSet<MdId>) -> bool {
        let mut md = start;
        loop {
            let n = self.md_ops(md).len();
            if n != 2 && n != 3 {
                return false;
            }
            if !matches!(self.md_op(md, 0), Md::Str(_)) {
                return false;
            }
            if n == 3 && !self.md_int(self.md_op(md, 2)).is_some_and(|o| o.is_zero()) {
                return false;
            }
            let Some(parent) = self.as_node(self.md_op(md, 1)) else { return false };
            if !visited.insert(parent) {
                return false;
            }
            if self.md_ops(parent).len() < 2 {
                return true;
            }
            md = parent;
        }
    }

    /// `getFieldNodeFromTBAABaseNode`: the field of `base` at `offset`, with `offset` made
    /// relative to that field.
    fn tbaa_field_node(&mut self, inst: Subject, base: MdId, offset: &mut APInt, new_format: bool) -> Option<MdId> {
        let n = self.md_ops(base).len();
        // A scalar node's only field is its parent; the offset is zero here.
        if n == 2 {
            return self.as_node(self.md_op(base, 1));
        }
        let (first, step) = if new_format { (3, 3) } else { (1, 2) };
        let width = offset.width();
        if width <= 64 {
            return self.tbaa_field_node_u64(inst, base, offset, n, first, step);
        }
        let field_offset = |v: &Self, idx: usize| v.md_int(v.md_op(base, idx + 1)).map(|o| o.zext_or_trunc(width));
        let mut idx = first;
        while idx < n {
            let here = field_offset(self, idx)?;
            if here.ucmp(offset) == std::cmp::Ordering::Greater {
                if idx == first {
                    let text = self.text(offset.to_string_signed());
                    self.fail_module(
                        "Could not find TBAA parent in struct type node",
                        &[inst, Subject::Md(base), text],
                    );
                    return None;
                }
                let prev = idx - step;
                *offset = offset.sub(&field_offset(self, prev)?);
                return self.as_node(self.md_op(base, prev));
            }
            idx += step;
        }
        let last = n.checked_sub(step)?;
        *offset = offset.sub(&field_offset(self, last)?);
        self.as_node(self.md_op(base, last))
    }

    /// [`Self::tbaa_field_node`] for offsets of at most 64 bits (all real ones), in machine
    /// integers: the same walk, with wrapping arithmetic at the offset's width.
    fn tbaa_field_node_u64(
        &mut self,
        inst: Subject,
        base: MdId,
        offset: &mut APInt,
        n: usize,
        first: usize,
        step: usize,
    ) -> Option<MdId> {
        let width = offset.width();
        let mask = if width >= 64 { u64::MAX } else { (1u64 << width) - 1 };
        let field_offset = |v: &Self, idx: usize| v.md_int(v.md_op(base, idx + 1)).map(|o| o.low_u64() & mask);
        let off = offset.low_u64() & mask;
        let mut idx = first;
        while idx < n {
            let here = field_offset(self, idx)?;
            if here > off {
                if idx == first {
                    let text = self.text(offset.to_string_signed());
                    self.fail_module(
                        "Could not find TBAA parent in struct type node",
                        &[inst, Subject::Md(base), text],
                    );
                    return None;
                }
                let prev = idx - step;
                *offset = APInt::from_u64(width, off.wrapping_sub(field_offset(self, prev)?) & mask);
                return self.as_node(self.md_op(base, prev));
            }
            idx += step;
        }
        let last = n.checked_sub(step)?;
        *offset = APInt::from_u64(width, off.wrapping_sub(field_offset(self, last)?) & mask);
        self.as_node(self.md_op(base, last))
    }
}
