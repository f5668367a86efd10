//! Attachments that name scopes and tags: `!noalias`/`!alias.scope` (`visitAliasScopeListMetadata`,
//! `visitAliasScopeMetadata`), `!llvm.access.group` (`visitAccessGroupMetadata`), `!mmra`
//! (`visitMMRAMetadata`) and `!annotation` (`visitAnnotationMetadata`).

use super::super::FnCtx;
use crate::node::Class;
use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::attributes::{AttrArg, AttrsId, MemoryEffects};
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

    /// The memory effects an attribute set states (`memory(...)`, or the older `readnone`,
    /// `readonly`, `writeonly`); every access when it states none.
    fn attrs_memory_effects(&self, attrs: AttrsId) -> u32 {
        let ctx = self.v.ctx();
        let all = MemoryEffects::uniform(3).0;
        let mut me = all;
        for a in ctx.attrs_of(attrs) {
            match (&a.arg, ctx.name(a.kind)) {
                (AttrArg::Memory(m), _) => me &= m.0,
                (AttrArg::None, b"readnone") => me = 0,
                (AttrArg::None, b"readonly") => me &= MemoryEffects::uniform(1).0,
                (AttrArg::None, b"writeonly") => me &= MemoryEffects::uniform(2).0,
                _ => {}
            }
        }
        me
    }

    /// `isReadWriteMemCall`: `CallBase::getMemoryEffects()` is not `none`: the call's own
    /// attributes, met with the callee's widened by operand bundles (any bundle but `ptrauth`,
    /// `kcfi`, `convergencectrl` and `deactivation-symbol` reads memory; all but those and
    /// `deopt`, `funclet` write it; none count on `llvm.assume`).
    fn call_accesses_memory(&self, inst: &InstData) -> bool {
        let Some(call) = inst.call() else { return false };
        let mut me = self.attrs_memory_effects(call.attrs.func);
        let callee = inst.operands.first().and_then(|&v| self.global_of(v));
        if let Some(fd) = callee.and_then(|g| self.v.m.globals[g].func.as_deref()) {
            let mut fn_me = self.attrs_memory_effects(fd.attrs.func);
            let assume = callee.is_some_and(|g| self.global_name(g) == b"llvm.assume");
            let ctx = self.v.ctx();
            let tags = || call.bundles.iter().map(|b| ctx.name(b.tag));
            let neutral = |t: &[u8]| matches!(t, b"ptrauth" | b"kcfi" | b"convergencectrl" | b"deactivation-symbol");
            if !assume && tags().any(|t| !neutral(t)) {
                fn_me |= MemoryEffects::uniform(1).0;
            }
            if !assume && tags().any(|t| !neutral(t) && !matches!(t, b"deopt" | b"funclet")) {
                fn_me |= MemoryEffects::uniform(2).0;
            }
            me &= fn_me;
        }
        me != 0
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
