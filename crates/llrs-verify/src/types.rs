//! Checks of types and their parts: basic, fixed-point, string, derived, composite and
//! subroutine types, subrange types, subranges (`Verifier::visitDI*`).

use crate::dwarf::{ate, flag, tag};
use crate::node::{Class, DiKind, Raw, F};
use crate::report::Subject;
use crate::scopes::conflicting_reference_flags;
use crate::walk::{Step, Verifier};
use llrs_ir::{Md, MdId};

const BOUND_MSG: [&str; 4] = [
    "Count must be signed constant or DIVariable or DIExpression",
    "LowerBound must be signed constant or DIVariable or DIExpression",
    "UpperBound must be signed constant or DIVariable or DIExpression",
    "Stride must be signed constant or DIVariable or DIExpression",
];

impl Verifier<'_> {
    /// A size field: a constant, or (where `var_or_expr`) a variable or expression.
    fn size_ok(&self, id: MdId, var_or_expr: bool) -> bool {
        match self.v.raw(id, F::Size) {
            Raw::Null | Raw::Const => true,
            r @ Raw::Md(..) => var_or_expr && r.is_bound_or_null(),
            Raw::Other => false,
        }
    }

    /// `visitDISubrange`.
    pub fn visit_subrange(&mut self, id: MdId) -> Step {
        let n = [Subject::Md(id)];
        let count = self.v.raw(id, F::Count);
        let upper = self.v.raw(id, F::UpperBound);
        self.check(count == Raw::Null || upper == Raw::Null, "Subrange can have any one of count or upperBound", &n)?;
        self.check(count.is_bound_or_null(), BOUND_MSG[0], &n)?;
        if let Some(llrs_ir::DiValue::Int(c)) = self.v.field(id, F::Count) {
            self.check(*c >= -1, "invalid subrange count", &n)?;
        }
        for (i, f) in [(1, F::LowerBound), (2, F::UpperBound), (3, F::Stride)] {
            let raw = self.v.raw(id, f);
            self.check(raw.is_bound_or_null(), BOUND_MSG[i], &n)?;
        }
        Some(())
    }

    /// `visitDIGenericSubrange` (integers are held as expressions).
    pub fn visit_generic_subrange(&mut self, id: MdId) -> Step {
        let n = [Subject::Md(id)];
        let get = |s: &Self, f| match s.v.raw(id, f) {
            Raw::Const => Raw::Md(Md::Null, Class::Expression),
            r => r,
        };
        let count = get(self, F::Count);
        let upper = get(self, F::UpperBound);
        self.check(
            count == Raw::Null || upper == Raw::Null,
            "GenericSubrange can have any one of count or upperBound",
            &n,
        )?;
        self.check(count.is_var_or_expr_or_null(), BOUND_MSG[0], &n)?;
        let lower = get(self, F::LowerBound);
        self.check(lower != Raw::Null, "GenericSubrange must contain lowerBound", &n)?;
        self.check(lower.is_var_or_expr_or_null(), BOUND_MSG[1], &n)?;
        self.check(upper.is_var_or_expr_or_null(), BOUND_MSG[2], &n)?;
        let stride = get(self, F::Stride);
        self.check(stride != Raw::Null, "GenericSubrange must contain stride", &n)?;
        self.check(stride.is_var_or_expr_or_null(), BOUND_MSG[3], &n)
    }

    /// `visitDISubrangeType`.
    pub fn visit_subrange_type(&mut self, id: MdId) -> Step {
        let n = [Subject::Md(id)];
        let base = self.v.md(id, F::BaseType);
        self.check(self.v.is_type_or_null(base), "BaseType must be a type", &[])?;
        for (i, f) in [(1, F::LowerBound), (2, F::UpperBound), (3, F::Stride)] {
            let raw = self.v.raw(id, f);
            self.check(raw.is_bound_or_null(), BOUND_MSG[i], &n)?;
        }
        let bias = self.v.raw(id, F::Bias);
        self.check(bias.is_bound_or_null(), "Bias must be signed constant or DIVariable or DIExpression", &n)?;
        self.check(self.size_ok(id, false), "SizeInBits must be a constant", &[])
    }

    /// `visitDIBasicType`.
    pub fn visit_basic_type(&mut self, id: MdId) -> Step {
        let t = self.v.tag(id);
        let ok = t == tag::BASE_TYPE || t == tag::UNSPECIFIED_TYPE || t == tag::STRING_TYPE;
        self.check(ok, "invalid tag", &[Subject::Md(id)])?;
        self.check(self.size_ok(id, false), "SizeInBits must be a constant", &[])
    }

    /// `visitDIFixedPointType`.
    pub fn visit_fixed_point_type(&mut self, id: MdId) -> Step {
        self.visit_basic_type(id)?;
        let n = [Subject::Md(id)];
        self.check(self.v.tag(id) == tag::BASE_TYPE, "invalid tag", &n)?;
        let e = self.v.encoding(id);
        self.check(e == ate::SIGNED_FIXED || e == ate::UNSIGNED_FIXED, "invalid encoding", &n)?;
        let rational = matches!(self.v.field(id, F::Kind),
            Some(llrs_ir::DiValue::Ident(s)) if self.v.ctx().name(*s) == b"Rational");
        let zero = |f| match self.v.field(id, f) {
            None | Some(llrs_ir::DiValue::Int(0)) => true,
            Some(llrs_ir::DiValue::BigInt(s)) => self.v.ctx().name(*s).iter().all(|&b| b == b'0' || b == b'-'),
            _ => false,
        };
        let factor_zero = zero(F::Factor);
        let nd_zero = zero(F::Numerator) && zero(F::Denominator);
        self.check(!rational || factor_zero, "factor should be 0 for rationals", &n)?;
        self.check(rational || nd_zero, "numerator and denominator should be 0 for non-rationals", &n)
    }

    /// `visitDIStringType`.
    pub fn visit_string_type(&mut self, id: MdId) -> Step {
        let n = [Subject::Md(id)];
        self.check(self.v.tag(id) == tag::STRING_TYPE, "invalid tag", &n)?;
        let f = self.v.di_flags(id);
        self.check(f & flag::BIG_ENDIAN == 0 || f & flag::LITTLE_ENDIAN == 0, "has conflicting flags", &n)
    }

    /// `visitDIDerivedType`.
    pub fn visit_derived_type(&mut self, id: MdId) -> Step {
        self.visit_scope_file(id)?;
        let n = Subject::Md(id);
        let t = self.v.tag(id);
        let flags = self.v.di_flags(id);
        let ok = matches!(
            t,
            tag::TYPEDEF
                | tag::POINTER_TYPE
                | tag::PTR_TO_MEMBER_TYPE
                | tag::REFERENCE_TYPE
                | tag::RVALUE_REFERENCE_TYPE
                | tag::CONST_TYPE
                | tag::IMMUTABLE_TYPE
                | tag::VOLATILE_TYPE
                | tag::RESTRICT_TYPE
                | tag::ATOMIC_TYPE
                | tag::LLVM_PTRAUTH_TYPE
                | tag::MEMBER
                | tag::INHERITANCE
                | tag::FRIEND
                | tag::SET_TYPE
                | tag::TEMPLATE_ALIAS
        ) || (t == tag::VARIABLE && flags & flag::STATIC_MEMBER != 0);
        self.check(ok, "invalid tag", &[n])?;
        if t == tag::PTR_TO_MEMBER_TYPE {
            let extra = self.v.md(id, F::ExtraData);
            self.check(self.v.is_type_or_null(extra), "invalid pointer to member type", &[n, Subject::MdRef(extra)])?;
        }
        let base = self.v.md(id, F::BaseType);
        if t == tag::SET_TYPE {
            if let Md::Node(b) = base {
                let ok = match self.v.kind(base) {
                    Some(DiKind::CompositeType) => self.v.tag(b) == tag::ENUMERATION_TYPE,
                    Some(DiKind::BasicType | DiKind::FixedPointType) => matches!(
                        self.v.encoding(b),
                        ate::UNSIGNED | ate::SIGNED | ate::UNSIGNED_CHAR | ate::SIGNED_CHAR | ate::BOOLEAN
                    ),
                    _ => false,
                };
                self.check(ok, "invalid set base type", &[n, Subject::MdRef(base)])?;
            }
        }
        let scope = self.v.md(id, F::Scope);
        self.check(self.v.is_scope_or_null(scope), "invalid scope", &[n, Subject::MdRef(scope)])?;
        self.check(self.v.is_type_or_null(base), "invalid base type", &[n, Subject::MdRef(base)])?;
        if self.v.field(id, F::DwarfAddressSpace).is_some() {
            let ok = matches!(t, tag::POINTER_TYPE | tag::REFERENCE_TYPE | tag::RVALUE_REFERENCE_TYPE);
            self.check(ok, "DWARF address space only applies to pointer or reference types", &[n])?;
        }
        self.check(self.size_ok(id, true), "SizeInBits must be a constant or DIVariable or DIExpression", &[])
    }

    /// `visitDICompositeType`.
    pub fn visit_composite_type(&mut self, id: MdId) -> Step {
        self.visit_scope_file(id)?;
        let n = Subject::Md(id);
        let t = self.v.tag(id);
        let ok = matches!(
            t,
            tag::ARRAY_TYPE
                | tag::STRUCTURE_TYPE
                | tag::UNION_TYPE
                | tag::ENUMERATION_TYPE
                | tag::CLASS_TYPE
                | tag::VARIANT_PART
                | tag::VARIANT
                | tag::NAMELIST
        );
        self.check(ok, "invalid tag", &[n])?;
        let scope = self.v.md(id, F::Scope);
        self.check(self.v.is_scope_or_null(scope), "invalid scope", &[n, Subject::MdRef(scope)])?;
        let base = self.v.md(id, F::BaseType);
        self.check(self.v.is_type_or_null(base), "invalid base type", &[n, Subject::MdRef(base)])?;
        let elements = self.v.md(id, F::Elements);
        let elems = self.v.tuple_ops(elements);
        let subj = [n, Subject::MdRef(elements)];
        self.check(elements == Md::Null || elems.is_some(), "invalid composite elements", &subj)?;
        let holder = self.v.md(id, F::VtableHolder);
        self.check(self.v.is_type_or_null(holder), "invalid vtable holder", &[n, Subject::MdRef(holder)])?;
        let flags = self.v.di_flags(id);
        self.check(!conflicting_reference_flags(flags), "invalid reference flags", &[n])?;
        self.check(
            flags & flag::BLOCK_BYREF_STRUCT == 0,
            "DIBlockByRefStruct on DICompositeType is no longer supported",
            &[n],
        )?;
        let elems = elems.unwrap_or(&[]);
        self.check(!elems.contains(&Md::Null), "DISubprogram contains null entry in `elements` field", &[n])?;
        if flags & flag::VECTOR != 0 {
            let ok = match elems {
                [Md::Node(e)] => self.v.tag(*e) == tag::SUBRANGE_TYPE,
                _ => false,
            };
            self.check(ok, "invalid vector, expected one element of type subrange", &[n])?;
        }
        let params = self.v.md(id, F::TemplateParams);
        if params != Md::Null {
            // `checkTemplateParams`: a failure ends that check only.
            let _ = self.visit_template_params(id, params);
        }
        let disc = self.v.md(id, F::Discriminator);
        if disc != Md::Null {
            let ok = self.v.is(disc, DiKind::DerivedType) && t == tag::VARIANT_PART;
            self.check(ok, "discriminator can only appear on variant part", &[])?;
        }
        for (f, msg) in [
            (F::DataLocation, "dataLocation can only appear in array type"),
            (F::Associated, "associated can only appear in array type"),
            (F::Allocated, "allocated can only appear in array type"),
            (F::Rank, "rank can only appear in array type"),
        ] {
            if self.v.raw(id, f) != Raw::Null {
                self.check(t == tag::ARRAY_TYPE, msg, &[])?;
            }
        }
        if t == tag::ARRAY_TYPE {
            self.check(base != Md::Null, "array types must have a base type", &[n])?;
        }
        self.check(self.size_ok(id, true), "SizeInBits must be a constant or DIVariable or DIExpression", &[])
    }

    /// `visitDISubroutineType`.
    pub fn visit_subroutine_type(&mut self, id: MdId) -> Step {
        let n = Subject::Md(id);
        let types = self.v.md(id, F::Types);
        if types != Md::Null {
            let Some(ops) = self.v.tuple_ops(types) else {
                return self.check(false, "invalid composite elements", &[n, Subject::MdRef(types)]);
            };
            for &op in ops {
                let ok = self.v.is_type_or_null(op);
                self.check(ok, "invalid subroutine type ref", &[n, Subject::MdRef(types), Subject::MdRef(op)])?;
            }
        }
        let flags = self.v.di_flags(id);
        self.check(!conflicting_reference_flags(flags), "invalid reference flags", &[n])
    }

    /// `visitDITemplateTypeParameter`.
    pub fn visit_template_type_parameter(&mut self, id: MdId) -> Step {
        let ty = self.v.md(id, F::Type);
        self.check(self.v.is_type_or_null(ty), "invalid type ref", &[Subject::Md(id), Subject::MdRef(ty)])
    }

    /// `visitDITemplateValueParameter`.
    pub fn visit_template_value_parameter(&mut self, id: MdId) -> Step {
        self.visit_template_type_parameter(id)?;
        let t = self.v.tag(id);
        let ok = matches!(
            t,
            tag::TEMPLATE_VALUE_PARAMETER | tag::GNU_TEMPLATE_TEMPLATE_PARAM | tag::GNU_TEMPLATE_PARAMETER_PACK
        );
        self.check(ok, "invalid tag", &[Subject::Md(id)])
    }
}
