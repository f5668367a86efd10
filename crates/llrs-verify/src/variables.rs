//! Checks of variables, labels, expressions and the other leaf nodes: `DIGlobalVariable`,
//! `DILocalVariable`, `DILabel`, `DIExpression`, `DIGlobalVariableExpression`,
//! `DIImportedEntity`, `DIObjCProperty`, macros, `DIAssignID` (`Verifier::visitDI*`), and the
//! fragment check (`verifyFragmentExpression`).

use crate::dwarf::{macinfo, tag};
use crate::expression;
use crate::node::{DiKind, F};
use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::{Md, MdId};

impl Verifier<'_> {
    /// `visitDIVariable`: scope and file.
    fn visit_variable(&mut self, id: MdId) -> Step {
        let scope = self.v.md(id, F::Scope);
        if scope != Md::Null {
            self.check(
                self.v.kind(scope).is_some_and(DiKind::is_scope),
                "invalid scope",
                &[Subject::Md(id), Subject::MdRef(scope)],
            )?;
        }
        let file = self.v.md(id, F::File);
        if file != Md::Null {
            self.check(self.v.is(file, DiKind::File), "invalid file", &[Subject::Md(id), Subject::MdRef(file)])?;
        }
        Some(())
    }

    /// `visitDIGlobalVariable`.
    pub fn visit_global_variable(&mut self, id: MdId) -> Step {
        self.visit_variable(id)?;
        let n = Subject::Md(id);
        let ty = self.v.md(id, F::Type);
        self.check(self.v.is_type_or_null(ty), "invalid type ref", &[n, Subject::MdRef(ty)])?;
        if self.v.bool(id, F::IsDefinition, true) {
            self.check(ty != Md::Null, "missing global variable type", &[n])?;
        }
        let member = self.v.md(id, F::Declaration);
        if member != Md::Null {
            let subj = [n, Subject::MdRef(member)];
            self.check(self.v.is(member, DiKind::DerivedType), "invalid static data member declaration", &subj)?;
        }
        Some(())
    }

    /// `visitDILocalVariable`.
    pub fn visit_local_variable(&mut self, id: MdId) -> Step {
        self.visit_variable(id)?;
        let n = Subject::Md(id);
        let ty = self.v.md(id, F::Type);
        self.check(self.v.is_type_or_null(ty), "invalid type ref", &[n, Subject::MdRef(ty)])?;
        let scope = self.v.md(id, F::Scope);
        self.check(self.v.is_local_scope(scope), "local variable requires a valid scope", &[n, Subject::MdRef(scope)])?;
        self.check(!self.v.is(ty, DiKind::SubroutineType), "invalid type", &[n, Subject::MdRef(ty)])
    }

    /// `visitDILabel`.
    pub fn visit_label(&mut self, id: MdId) -> Step {
        let n = Subject::Md(id);
        let scope = self.v.md(id, F::Scope);
        if scope != Md::Null {
            self.check(self.v.kind(scope).is_some_and(DiKind::is_scope), "invalid scope", &[n, Subject::MdRef(scope)])?;
        }
        let file = self.v.md(id, F::File);
        if file != Md::Null {
            self.check(self.v.is(file, DiKind::File), "invalid file", &[n, Subject::MdRef(file)])?;
        }
        self.check(self.v.is_local_scope(scope), "label requires a valid scope", &[n, Subject::MdRef(scope)])
    }

    /// `visitDIExpression`.
    pub fn visit_expression(&mut self, id: MdId) -> Step {
        let valid = expression::elements(self.v.ctx(), self.v.node(id)).is_some_and(|e| expression::is_valid(&e));
        self.check(valid, "invalid expression", &[Subject::Md(id)])
    }

    /// `visitDIGlobalVariableExpression`.
    pub fn visit_global_variable_expression(&mut self, id: MdId) -> Step {
        let var = self.v.md(id, F::Var);
        self.check(var != Md::Null, "missing variable", &[])?;
        if let Md::Node(var) = var {
            let _ = self.visit_global_variable(var);
        }
        let expr = self.v.md(id, F::Expr);
        if let Md::Node(e) = expr {
            if self.v.class(expr) == crate::node::Class::Expression {
                let _ = self.visit_expression(e);
                let elems = expression::elements(self.v.ctx(), self.v.node(e)).unwrap_or_default();
                if let (Some(frag), Md::Node(var)) = (expression::fragment(&elems), var) {
                    self.verify_fragment(var, frag, Subject::Md(id))?;
                }
            }
        }
        Some(())
    }

    /// `verifyFragmentExpression(V, Fragment, Desc)`: the fragment fits in the variable.
    pub fn verify_fragment(&mut self, var: MdId, (offset, size): (u64, u64), desc: Subject) -> Step {
        let Some(var_size) = self.variable_size(var) else { return Some(()) };
        // LLVM holds the fragment in `unsigned`s.
        let (size, offset) = (size as u32, offset as u32);
        let subjects = [desc, Subject::Md(var)];
        self.check(
            u64::from(size.wrapping_add(offset)) <= var_size,
            "fragment is larger than or outside of variable",
            &subjects,
        )?;
        self.check(u64::from(size) != var_size, "fragment covers entire variable", &subjects)
    }

    /// `DIVariable::getSizeInBits`: the size of the type, looking through derived types
    /// without one.
    pub fn variable_size(&self, var: MdId) -> Option<u64> {
        let mut ty = self.v.md(var, F::Type);
        let mut steps = 0usize;
        while let Md::Node(t) = ty {
            let kind = self.v.kind(ty)?;
            if kind.is_type() {
                let size = self.v.type_size(t);
                if size != 0 {
                    return Some(size);
                }
            }
            if kind != DiKind::DerivedType {
                return None;
            }
            steps += 1;
            if steps > self.v.ctx().num_mds() {
                return None;
            }
            ty = self.v.md(t, F::BaseType);
        }
        None
    }

    /// `visitDIObjCProperty`.
    pub fn visit_objc_property(&mut self, id: MdId) -> Step {
        let ty = self.v.md(id, F::Type);
        if ty != Md::Null {
            self.check(self.v.is_type_or_null(ty), "invalid type ref", &[Subject::Md(id), Subject::MdRef(ty)])?;
        }
        let file = self.v.md(id, F::File);
        if file != Md::Null {
            self.check(self.v.is(file, DiKind::File), "invalid file", &[Subject::Md(id), Subject::MdRef(file)])?;
        }
        Some(())
    }

    /// `visitDIImportedEntity`.
    pub fn visit_imported_entity(&mut self, id: MdId) -> Step {
        let n = Subject::Md(id);
        let t = self.v.tag(id);
        self.check(t == tag::IMPORTED_MODULE || t == tag::IMPORTED_DECLARATION, "invalid tag", &[n])?;
        let scope = self.v.md(id, F::Scope);
        if scope != Md::Null {
            let ok = self.v.kind(scope).is_some_and(DiKind::is_scope);
            self.check(ok, "invalid scope for imported entity", &[n, Subject::MdRef(scope)])?;
        }
        let entity = self.v.md(id, F::Entity);
        let ok = entity == Md::Null || self.v.kind(entity).is_some_and(DiKind::is_di_node);
        self.check(ok, "invalid imported entity", &[n, Subject::MdRef(entity)])
    }

    /// `visitDIMacro`.
    pub fn visit_macro(&mut self, id: MdId) -> Step {
        let n = Subject::Md(id);
        let t = self.v.macinfo(id, F::Type, 0);
        self.check(t == macinfo::DEFINE || t == macinfo::UNDEF, "invalid macinfo type", &[n])?;
        self.check(!self.v.str(id, F::Name).is_empty(), "anonymous macro", &[n])
    }

    /// `visitDIMacroFile`.
    pub fn visit_macro_file(&mut self, id: MdId) -> Step {
        let n = Subject::Md(id);
        let t = self.v.macinfo(id, F::Type, macinfo::START_FILE);
        self.check(t == macinfo::START_FILE, "invalid macinfo type", &[n])?;
        let file = self.v.md(id, F::File);
        if file != Md::Null {
            self.check(self.v.is(file, DiKind::File), "invalid file", &[n])?;
        }
        let nodes = self.v.md(id, F::Nodes);
        if nodes != Md::Null {
            let Some(ops) = self.v.tuple_ops(nodes) else {
                return self.check(false, "invalid macro list", &[n]);
            };
            for &op in ops {
                let ok = matches!(self.v.kind(op), Some(DiKind::Macro | DiKind::MacroFile));
                self.check(ok, "invalid macro ref", &[n])?;
            }
        }
        Some(())
    }

    /// `visitDIAssignID`.
    pub fn visit_assign_id(&mut self, id: MdId) -> Step {
        self.check(self.v.node(id).distinct, "DIAssignID must be distinct", &[Subject::Md(id)])
    }
}
