//! Attachments that name scopes and tags: `!noalias`/`!alias.scope` (`visitAliasScopeListMetadata`,
//! `visitAliasScopeMetadata`), `!llvm.access.group` (`visitAccessGroupMetadata`), `!mmra`
//! (`visitMMRAMetadata`) and `!annotation` (`visitAnnotationMetadata`).

use super::super::FnCtx;
use crate::node::Class;
use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::attributes::{AttrArg, AttrsId};
use llrs_ir::{InstData, InstId, Md, MdId, Opcode};

impl Verifier<'_> {
    /// `isa<MDTuple>(md)`.
    fn is_tuple(&self, md: Md) -> bool {
        matches!(md, Md::Node(id) if self.v.node_class(id) == Class::Tuple)
    }

    /// `visitAliasScopeMetadata`: `!{self-or-name, !domain[, !"name"]}` with the domain
    /// `!{self-or-name[, !"name"]}`.
    pub(crate) fn visit_alias_scope_metadata(&mut self, md: MdId) -> Step {
        let s = [Subject::Md(md)];
        let n = self.md_ops(md).len();
        self.check_module((2..=3).contains(&n), "scope must have two or three operands", &s)?;
        let first = self.md_op(md, 0);
        self.check_module(
            first == Md::Node(md) || matches!(first, Md::Str(_)),
            "first scope operand must be self-referential or string",
            &s,
        )?;
        if n == 3 {
            let third = self.md_op(md, 2);
            self.check_module(matches!(third, Md::Str(_)), "third scope operand must be string (if used)", &s)?;
        }
        let Some(domain) = self.as_node(self.md_op(md, 1)) else {
            self.fail_module("second scope operand must be MDNode", &s);
            return None;
        };
        let d = [Subject::Md(domain)];
        let dn = self.md_ops(domain).len();
        self.check_module((1..=2).contains(&dn), "domain must have one or two operands", &d)?;
        let first = self.md_op(domain, 0);
        self.check_module(
            first == Md::Node(domain) || matches!(first, Md::Str(_)),
            "first domain operand must be self-referential or string",
            &d,
        )?;
        if dn == 2 {
            let second = self.md_op(domain, 1);
            self.check_module(matches!(second, Md::Str(_)), "second domain operand must be string (if used)", &d)?;
        }
        Some(())
    }

    /// `visitAliasScopeListMetadata`: every operand a scope.
    pub(crate) fn visit_alias_scope_list_metadata(&mut self, md: MdId) -> Step {
        for k in 0..self.md_ops(md).len() {
            let Some(scope) = self.as_node(self.md_op(md, k)) else {
                self.fail_module("scope list must consist of MDNodes", &[Subject::Md(md)]);
                return None;
            };
            let _ = self.visit_alias_scope_metadata(scope);
        }
        Some(())
    }

    /// `visitAccessGroupMetadata`: a distinct empty node, or a list of them.
    pub(super) fn visit_access_group_metadata(&mut self, md: MdId) -> Step {
        let valid = |v: &Self, id: MdId| v.md_ops(id).is_empty() && v.v.node(id).distinct;
        if valid(self, md) {
            return Some(());
        }
        let s = [Subject::Md(md)];
        for k in 0..self.md_ops(md).len() {
            let Some(group) = self.as_node(self.md_op(md, k)) else {
                self.fail_module("Access scope list must consist of MDNodes", &s);
                return None;
            };
            self.check_module(valid(self, group), "Access scope list contains invalid access scope", &s)?;
        }
        Some(())
    }

    /// `MMRAMetadata::isTagMD`: `!{!"prefix", !"suffix"}`.
    fn is_mmra_tag(&self, md: Md) -> bool {
        let Md::Node(id) = md else { return false };
        let ops = self.md_ops(id);
        self.is_tuple(md) && ops.len() == 2 && ops.iter().all(|o| matches!(o, Md::Str(_)))
    }

    /// Whether an attribute set holds `memory(none)` (or the older `readnone`).
    fn attrs_access_no_memory(&self, attrs: AttrsId) -> bool {
        let ctx = self.v.ctx();
        ctx.attrs_of(attrs).iter().any(|a| match &a.arg {
            AttrArg::Memory(me) => me.0 == 0,
            AttrArg::None => ctx.name(a.kind) == b"readnone",
            _ => false,
        })
    }

    /// `isReadWriteMemCall`: a call whose memory effects (its own attributes, met with the
    /// callee's, widened by operand bundles) are not `none`.
    fn call_accesses_memory(&self, inst: &InstData) -> bool {
        let Some(call) = inst.call() else { return false };
        if self.attrs_access_no_memory(call.attrs.func) {
            return false;
        }
        let Some(callee) = self.global_of(inst.operands.first().copied().unwrap_or(llrs_ir::Value::Md(Md::Null)))
        else {
            return true;
        };
        let gl = &self.v.m.globals[callee];
        let Some(fd) = gl.func.as_deref() else { return true };
        if !self.attrs_access_no_memory(fd.attrs.func) {
            return true;
        }
        // Operand bundles other than these make the call read (and most also write) memory.
        let assume = self.global_name(callee) == b"llvm.assume";
        let ctx = self.v.ctx();
        let harmless = |tag: &[u8]| matches!(tag, b"ptrauth" | b"kcfi" | b"convergencectrl" | b"deactivation-symbol");
        !assume && call.bundles.iter().any(|b| !harmless(ctx.name(b.tag)))
    }

    /// `visitMMRAMetadata`: on memory operations and calls that access memory; a tag or a
    /// tuple of tags.
    pub(super) fn visit_mmra_metadata(&mut self, f: &FnCtx<'_>, i: InstId, md: MdId) -> Step {
        let inst = f.inst(i);
        let me = Subject::Inst(f.g, i);
        let node = Subject::Md(md);
        let allowed =
            matches!(inst.op, Opcode::Load | Opcode::Store | Opcode::CmpXchg | Opcode::AtomicRmw | Opcode::Fence)
                || (matches!(inst.op, Opcode::Call | Opcode::Invoke | Opcode::CallBr)
                    && self.call_accesses_memory(inst));
        self.check_module(allowed, "!mmra metadata attached to unexpected instruction kind", &[me, node])?;
        if self.is_mmra_tag(Md::Node(md)) {
            return Some(());
        }
        self.check_module(self.is_tuple(Md::Node(md)), "!mmra expected to be a metadata tuple", &[me, node])?;
        for k in 0..self.md_ops(md).len() {
            let op = self.md_op(md, k);
            let mut subjects = vec![me];
            subjects.extend((op != Md::Null).then_some(Subject::MdRef(op)));
            self.check_module(self.is_mmra_tag(op), "!mmra metadata tuple operand is not an MMRA tag", &subjects)?;
        }
        Some(())
    }

    /// `visitAnnotationMetadata`: a tuple of strings and tuples of strings.
    pub(super) fn visit_annotation_metadata(&mut self, md: MdId) -> Step {
        self.check_module(self.is_tuple(Md::Node(md)), "annotation must be a tuple", &[])?;
        self.check_module(!self.md_ops(md).is_empty(), "annotation must have at least one operand", &[])?;
        for k in 0..self.md_ops(md).len() {
            let op = self.md_op(md, k);
            let strings = self.is_tuple(op)
                && matches!(op, Md::Node(id) if self.md_ops(id).iter().all(|o| matches!(o, Md::Str(_))));
            self.check_module(
                matches!(op, Md::Str(_)) || strings,
                "operands must be a string or a tuple of strings",
                &[],
            )?;
        }
        Some(())
    }
}
