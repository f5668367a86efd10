//! Checks of locations and scopes: `DILocation`, `DIFile`, `DICompileUnit`, `DISubprogram`,
//! lexical blocks, `DINamespace`, `DIModule`, `DICommonBlock` (`Verifier::visitDI*`).

use crate::dwarf::{flag, tag};
use crate::node::{DiKind, F};
use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::{Md, MdId};

/// `hasConflictingReferenceFlags`.
pub fn conflicting_reference_flags(f: u64) -> bool {
    (f & flag::LVALUE_REFERENCE != 0 && f & flag::RVALUE_REFERENCE != 0)
        || (f & flag::TYPE_PASS_BY_VALUE != 0 && f & flag::TYPE_PASS_BY_REFERENCE != 0)
}

impl Verifier<'_> {
    /// `visitDILocation`.
    pub fn visit_location(&mut self, id: MdId) -> Step {
        let n = Subject::Md(id);
        let scope = self.v.md(id, F::Scope);
        self.check(self.v.is_local_scope(scope), "location requires a valid scope", &[n, Subject::MdRef(scope)])?;
        let ia = self.v.md(id, F::InlinedAt);
        if ia != Md::Null {
            self.check(self.v.is(ia, DiKind::Location), "inlined-at should be a location", &[n, Subject::MdRef(ia)])?;
        }
        if let Md::Node(sp) = scope {
            if self.v.is(scope, DiKind::Subprogram) {
                let definition = self.sp_is_definition(sp);
                self.check(definition, "scope points into the type hierarchy", &[n])?;
            }
        }
        Some(())
    }

    /// `visitDIScope`: the file, if any, is a `DIFile`.
    pub fn visit_scope_file(&mut self, id: MdId) -> Step {
        let file = self.v.md(id, F::File);
        if file != Md::Null {
            self.check(self.v.is(file, DiKind::File), "invalid file", &[Subject::Md(id), Subject::MdRef(file)])?;
        }
        Some(())
    }

    /// `visitDIFile`: a checksum has the length of its kind and only hex digits.
    pub fn visit_file(&mut self, id: MdId) -> Step {
        if self.v.field(id, F::ChecksumKind).is_none() || self.v.field(id, F::Checksum).is_none() {
            return Some(());
        }
        let kind = match self.v.field(id, F::ChecksumKind) {
            Some(llrs_ir::DiValue::Ident(s)) => self.v.ctx().name(*s),
            _ => b"",
        };
        let size = match kind {
            b"CSK_MD5" => 32,
            b"CSK_SHA1" => 40,
            b"CSK_SHA256" => 64,
            _ => return self.check(false, "invalid checksum kind", &[Subject::Md(id)]),
        };
        let value = self.v.str(id, F::Checksum);
        self.check(value.len() == size, "invalid checksum length", &[Subject::Md(id)])?;
        self.check(value.iter().all(u8::is_ascii_hexdigit), "invalid checksum", &[Subject::Md(id)])
    }

    /// A list field that must be a tuple whose operands pass `ok` (`with_list`: a failing
    /// operand's report names the list before it).
    fn check_list(
        &mut self,
        id: MdId,
        f: F,
        list_msg: &'static str,
        item_msg: &'static str,
        with_list: bool,
        ok: impl Fn(&Self, Md) -> bool,
    ) -> Step {
        let raw = self.v.md(id, f);
        if raw == Md::Null {
            return Some(());
        }
        let Some(ops) = self.v.tuple_ops(raw) else {
            return self.check(false, list_msg, &[Subject::Md(id), Subject::MdRef(raw)]);
        };
        for &op in ops {
            let good = ok(self, op);
            // LLVM names the list too for an enum type, not for the other lists' operands.
            let (n, list, op) = (Subject::Md(id), Subject::MdRef(raw), Subject::MdRef(op));
            let subj: &[Subject] = if with_list { &[n, list, op] } else { &[n, op] };
            self.check(good, item_msg, subj)?;
        }
        Some(())
    }

    /// `visitDICompileUnit`.
    pub fn visit_compile_unit(&mut self, id: MdId) -> Step {
        let n = Subject::Md(id);
        self.check(self.v.node(id).distinct, "compile units must be distinct", &[n])?;
        let file = self.v.md(id, F::File);
        self.check(self.v.is(file, DiKind::File), "invalid file", &[n, Subject::MdRef(file)])?;
        let Md::Node(file) = file else { return None };
        self.check(!self.v.str(file, F::Filename).is_empty(), "invalid filename", &[n])?;
        self.check_list(id, F::Enums, "invalid enum list", "invalid enum type", true, |s, op| {
            s.v.is(op, DiKind::CompositeType) && matches!(op, Md::Node(e) if s.v.tag(e) == tag::ENUMERATION_TYPE)
        })?;
        self.check_list(
            id,
            F::RetainedTypes,
            "invalid retained type list",
            "invalid retained type",
            false,
            |s, op| match (op, s.v.kind(op)) {
                (_, Some(k)) if k.is_type() => true,
                (Md::Node(sp), Some(DiKind::Subprogram)) => !s.v.sp_is_definition(sp),
                _ => false,
            },
        )?;
        self.check_list(
            id,
            F::Globals,
            "invalid global variable list",
            "invalid global variable ref",
            false,
            |s, op| s.v.is(op, DiKind::GlobalVariableExpression),
        )?;
        self.check_list(
            id,
            F::Imports,
            "invalid imported entity list",
            "invalid imported entity ref",
            false,
            |s, op| s.v.is(op, DiKind::ImportedEntity),
        )?;
        self.check_list(id, F::Macros, "invalid macro list", "invalid macro ref", false, |s, op| {
            matches!(s.v.kind(op), Some(DiKind::Macro | DiKind::MacroFile))
        })?;
        self.cu_visited.push(id);
        Some(())
    }

    /// `visitTemplateParams`.
    pub fn visit_template_params(&mut self, id: MdId, raw: Md) -> Step {
        let Some(ops) = self.v.tuple_ops(raw) else {
            return self.check(false, "invalid template params", &[Subject::Md(id), Subject::MdRef(raw)]);
        };
        for &op in ops {
            let ok = matches!(self.v.kind(op), Some(DiKind::TemplateTypeParameter | DiKind::TemplateValueParameter));
            let subj = [Subject::Md(id), Subject::MdRef(raw), Subject::MdRef(op)];
            self.check(ok, "invalid template parameter", &subj)?;
        }
        Some(())
    }

    /// `visitDISubprogram`.
    pub fn visit_subprogram(&mut self, id: MdId) -> Step {
        let n = Subject::Md(id);
        let v = &self.v;
        let scope = v.md(id, F::Scope);
        self.check(v.is_scope_or_null(scope), "invalid scope", &[n, Subject::MdRef(scope)])?;
        let file = self.v.md(id, F::File);
        if file != Md::Null {
            self.check(self.v.is(file, DiKind::File), "invalid file", &[n, Subject::MdRef(file)])?;
        } else {
            let line = self.v.uint(id, F::Line);
            self.check(line == 0, "line specified with no file", &[n, Subject::Number(line)])?;
        }
        let ty = self.v.md(id, F::Type);
        if ty != Md::Null {
            self.check(self.v.is(ty, DiKind::SubroutineType), "invalid subroutine type", &[n, Subject::MdRef(ty)])?;
        }
        let containing = self.v.md(id, F::ContainingType);
        self.check(self.v.is_type_or_null(containing), "invalid containing type", &[n, Subject::MdRef(containing)])?;
        let params = self.v.md(id, F::TemplateParams);
        if params != Md::Null {
            // `checkTemplateParams`: a failure ends that check only.
            let _ = self.visit_template_params(id, params);
        }
        let decl = self.v.md(id, F::Declaration);
        if let Md::Node(d) = decl {
            let ok = self.v.is(decl, DiKind::Subprogram) && !self.v.sp_is_definition(d);
            self.check(ok, "invalid subprogram declaration", &[n, Subject::MdRef(decl)])?;
        } else if decl != Md::Null {
            self.check(false, "invalid subprogram declaration", &[n, Subject::MdRef(decl)])?;
        }
        self.visit_retained_nodes(id)?;
        let flags = self.v.di_flags(id);
        self.check(!conflicting_reference_flags(flags), "invalid reference flags", &[n])?;
        let unit = self.v.md(id, F::Unit);
        let definition = self.v.sp_is_definition(id);
        if definition {
            self.check(self.v.node(id).distinct, "subprogram definitions must be distinct", &[n])?;
            self.check(unit != Md::Null, "subprogram definitions must have a compile unit", &[n])?;
            self.check(self.v.is(unit, DiKind::CompileUnit), "invalid unit type", &[n, Subject::MdRef(unit)])?;
        } else {
            self.check(unit == Md::Null, "subprogram declarations must not have a compile unit", &[n])?;
            self.check(decl == Md::Null, "subprogram declaration must not have a declaration field", &[])?;
        }
        let thrown = self.v.md(id, F::ThrownTypes);
        if thrown != Md::Null {
            let Some(ops) = self.v.tuple_ops(thrown) else {
                return self.check(false, "invalid thrown types list", &[n, Subject::MdRef(thrown)]);
            };
            for &op in ops {
                let ok = self.v.kind(op).is_some_and(DiKind::is_type);
                self.check(ok, "invalid thrown type", &[n, Subject::MdRef(thrown), Subject::MdRef(op)])?;
            }
        }
        if flags & flag::ALL_CALLS_DESCRIBED != 0 {
            self.check(definition, "DIFlagAllCallsDescribed must be attached to a definition", &[])?;
        }
        Some(())
    }

    /// The retained nodes of a subprogram: local variables, labels and imported entities
    /// whose scope lies in the subprogram.
    fn visit_retained_nodes(&mut self, id: MdId) -> Step {
        let n = Subject::Md(id);
        let raw = self.v.md(id, F::RetainedNodes);
        if raw == Md::Null {
            return Some(());
        }
        let Some(ops) = self.v.tuple_ops(raw) else {
            return self.check(false, "invalid retained nodes list", &[n, Subject::MdRef(raw)]);
        };
        for &op in ops {
            self.check(op != Md::Null, "nullptr in retained nodes", &[n, Subject::MdRef(raw)])?;
            let ok = matches!(self.v.kind(op), Some(DiKind::LocalVariable | DiKind::Label | DiKind::ImportedEntity));
            let subj = [n, Subject::MdRef(raw), Subject::MdRef(op)];
            self.check(ok, "invalid retained nodes, expected DILocalVariable, DILabel or DIImportedEntity", &subj)?;
            let Md::Node(node) = op else { return None };
            let op_s = Subject::Md(node);
            let scope = self.v.md(node, F::Scope);
            let subj = [n, Subject::MdRef(raw), op_s];
            self.check(self.v.is_local_scope(scope), "invalid retained nodes, retained node is not local", &subj)?;
            let sp = self.subprogram_of(scope);
            let subj = [n, Subject::MdRef(raw), op_s, Subject::MdRef(scope)];
            self.check(sp == Some(id), "invalid retained nodes, retained node does not belong to subprogram", &subj)?;
        }
        Some(())
    }

    /// `visitDILexicalBlockBase`.
    pub fn visit_lexical_block_base(&mut self, id: MdId) -> Step {
        let n = Subject::Md(id);
        let scope = self.v.md(id, F::Scope);
        self.check(self.v.is_local_scope(scope), "invalid local scope", &[n, Subject::MdRef(scope)])?;
        if let Md::Node(sp) = scope {
            if self.v.is(scope, DiKind::Subprogram) {
                let definition = self.sp_is_definition(sp);
                self.check(definition, "scope points into the type hierarchy", &[n])?;
            }
        }
        Some(())
    }

    /// `visitDILexicalBlock`.
    pub fn visit_lexical_block(&mut self, id: MdId) -> Step {
        self.visit_lexical_block_base(id)?;
        let ok = self.v.uint(id, F::Line) != 0 || self.v.uint(id, F::Column) == 0;
        self.check(ok, "cannot have column info without line info", &[Subject::Md(id)])
    }

    /// `visitDICommonBlock`.
    pub fn visit_common_block(&mut self, id: MdId) -> Step {
        let scope = self.v.md(id, F::Scope);
        if scope != Md::Null {
            self.check(
                self.v.kind(scope).is_some_and(DiKind::is_scope),
                "invalid scope ref",
                &[Subject::Md(id), Subject::MdRef(scope)],
            )?;
        }
        let decl = self.v.md(id, F::Declaration);
        if decl != Md::Null {
            self.check(self.v.is(decl, DiKind::GlobalVariable), "invalid declaration", &[Subject::Md(id)])?;
        }
        Some(())
    }

    /// `visitDINamespace`.
    pub fn visit_namespace(&mut self, id: MdId) -> Step {
        let scope = self.v.md(id, F::Scope);
        if scope != Md::Null {
            self.check(
                self.v.kind(scope).is_some_and(DiKind::is_scope),
                "invalid scope ref",
                &[Subject::Md(id), Subject::MdRef(scope)],
            )?;
        }
        Some(())
    }

    /// `visitDIModule`.
    pub fn visit_module(&mut self, id: MdId) -> Step {
        self.check(!self.v.str(id, F::Name).is_empty(), "anonymous module", &[Subject::Md(id)])
    }

    /// `visitGenericDINode`.
    pub fn visit_generic(&mut self, id: MdId) -> Step {
        self.check(self.v.tag(id) != 0, "invalid tag", &[Subject::Md(id)])
    }
}
