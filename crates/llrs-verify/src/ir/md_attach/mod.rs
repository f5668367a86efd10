//! Metadata attachments of instructions and functions: `!fpmath`, `!range`,
//! `!noalias.addrspace`, `!invariant.group`, `!nonnull`, `!dereferenceable(_or_null)`, `!tbaa`,
//! `!nofree`, `!noalias`/`!alias.scope`, `!access_group`, `!align`, `!prof`, `!memprof`,
//! `!callsite`, `!callee_type`, `!mmra`, `!annotation`, `!captures`, `!alloc_token` (the metadata
//! part of `visitInstruction`, as LLVM 22 has it), and
//! `verifyFunctionMetadata`, `verifyRangeLikeMetadata`.
//!
//! The checks written inline in LLVM's `visitInstruction` end it when they fail (`None`);
//! a failure inside one of the sub-visitors (`visitRangeMetadata`, `visitProfMetadata`, ...)
//! ends that sub-visitor only.

mod more;
mod prof;
mod range;
mod scopes;
#[cfg(test)]
mod tests;

pub use range::RangeKind;

use super::FnCtx;
use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::{Const, InstId, Md, MdId, Opcode, Symbol, Type};

/// The attachment kinds the checks look up (`None`: the module never names it).
pub struct AttachKinds {
    fpmath: Option<Symbol>,
    range: Option<Symbol>,
    noalias_addrspace: Option<Symbol>,
    invariant_group: Option<Symbol>,
    nonnull: Option<Symbol>,
    dereferenceable: Option<Symbol>,
    dereferenceable_or_null: Option<Symbol>,
    nofree: Option<Symbol>,
    tbaa: Option<Symbol>,
    noalias: Option<Symbol>,
    alias_scope: Option<Symbol>,
    access_group: Option<Symbol>,
    align: Option<Symbol>,
    prof: Option<Symbol>,
    memprof: Option<Symbol>,
    callsite: Option<Symbol>,
    callee_type: Option<Symbol>,
    mmra: Option<Symbol>,
    annotation: Option<Symbol>,
    captures: Option<Symbol>,
    alloc_token: Option<Symbol>,
    kcfi_type: Option<Symbol>,
}

impl AttachKinds {
    fn new(m: &llrs_ir::Module) -> Self {
        let k = |name: &[u8]| m.ctx.names.lookup(name);
        AttachKinds {
            fpmath: k(b"fpmath"),
            range: k(b"range"),
            noalias_addrspace: k(b"noalias.addrspace"),
            invariant_group: k(b"invariant.group"),
            nonnull: k(b"nonnull"),
            dereferenceable: k(b"dereferenceable"),
            dereferenceable_or_null: k(b"dereferenceable_or_null"),
            nofree: k(b"nofree"),
            tbaa: k(b"tbaa"),
            noalias: k(b"noalias"),
            alias_scope: k(b"alias.scope"),
            access_group: k(b"llvm.access.group"),
            align: k(b"align"),
            prof: k(b"prof"),
            memprof: k(b"memprof"),
            callsite: k(b"callsite"),
            callee_type: k(b"callee_type"),
            mmra: k(b"mmra"),
            annotation: k(b"annotation"),
            captures: k(b"captures"),
            alloc_token: k(b"alloc_token"),
            kcfi_type: k(b"kcfi_type"),
        }
    }
}

/// `Value::MaximumAlignment`: 2^32.
const MAXIMUM_ALIGNMENT: u64 = 1 << 32;

impl Verifier<'_> {
    /// The attachment kinds, looked up once per module.
    pub(crate) fn attach_kinds(&mut self) -> &AttachKinds {
        let m = self.v.m;
        self.tbaa_state.kinds.get_or_insert_with(|| Box::new(AttachKinds::new(m)))
    }

    /// The attachment checks of `visitInstruction`, from `!fpmath` to `!annotation`. `None`
    /// when one of `visitInstruction`'s own checks failed (it returns there).
    ///
    /// `!DIAssignID` (`visitDIAssignIDMetadata`, between `!callee_type` and `!mmra` in LLVM) is
    /// checked by the walk over all attachments that follows (`crate::function`).
    pub fn visit_instruction_metadata(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let inst = f.inst(i);
        if inst.md.is_empty() {
            return Some(());
        }
        let k = self.attach_kinds();
        let kinds = [
            k.fpmath,
            k.range,
            k.noalias_addrspace,
            k.invariant_group,
            k.nonnull,
            k.dereferenceable,
            k.dereferenceable_or_null,
            k.nofree,
            k.tbaa,
            k.noalias,
            k.alias_scope,
            k.access_group,
            k.align,
            k.prof,
            k.memprof,
            k.callsite,
            k.callee_type,
            k.mmra,
            k.annotation,
            k.captures,
            k.alloc_token,
        ];
        // `getMetadata(kind)`: the last attachment of the kind (a later one replaces it). One
        // pass over the attachments (most instructions have only `!dbg`).
        let mut found: [Option<MdId>; 21] = [None; 21];
        for &(s, n) in &inst.md {
            if let Some(j) = kinds.iter().position(|&k| k == Some(s)) {
                found[j] = Some(n);
            }
        }
        let [fpmath, range, noalias_addrspace, invariant_group, nonnull, deref, deref_or_null, nofree, tbaa, noalias, alias_scope, access_group, align, prof, memprof, callsite, callee_type, mmra, annotation, captures, alloc_token] =
            found;
        let me = Subject::Inst(f.g, i);
        let op = inst.op;
        let types = self.types();
        let ty = inst.ty;
        if let Some(md) = fpmath {
            self.check_module(types.is_fp_or_fp_vector(ty), "fpmath requires a floating point result!", &[me])?;
            self.check_module(self.md_ops(md).len() == 1, "fpmath takes one operand!", &[me])?;
            let accuracy = match self.md_op(md, 0) {
                Md::Const(c) => match *self.v.ctx().const_of(c) {
                    Const::Float(t, bits) => Some((t, bits)),
                    _ => None,
                },
                _ => None,
            };
            let Some((t, bits)) = accuracy else {
                self.fail_module("invalid fpmath accuracy!", &[me]);
                return None;
            };
            let single = matches!(types.of(t), Type::Float(llrs_ir::FloatKind::Float));
            self.check_module(single, "fpmath accuracy must have float type", &[me])?;
            // isFiniteNonZero() && !isNegative() of an IEEE single.
            let bits = bits as u32;
            let positive = bits >> 31 == 0 && (bits >> 23) & 0xff != 0xff && bits & 0x7fff_ffff != 0;
            self.check_module(positive, "fpmath accuracy not a positive number!", &[me])?;
        }
        if let Some(md) = range {
            let ok = matches!(op, Opcode::Load | Opcode::Call | Opcode::Invoke);
            self.check_module(ok, "Ranges are only for loads, calls and invokes!", &[me])?;
            let _ = self.verify_range_like_metadata(me, md, ty, RangeKind::Range);
        }
        if let Some(md) = noalias_addrspace {
            let ok = matches!(op, Opcode::Load | Opcode::Store | Opcode::AtomicRmw | Opcode::CmpXchg | Opcode::Call);
            self.check_module(ok, "noalias.addrspace are only for memory operations!", &[me])?;
            let _ = self.verify_range_like_metadata(me, md, ty, RangeKind::NoaliasAddrspace);
        }
        if invariant_group.is_some() {
            let ok = matches!(op, Opcode::Load | Opcode::Store);
            self.check_module(ok, "invariant.group metadata is only for loads and stores", &[me])?;
        }
        if let Some(md) = nonnull {
            self.check_module(types.is_ptr(ty), "nonnull applies only to pointer types", &[me])?;
            self.check_module(
                op == Opcode::Load,
                "nonnull applies only to load instructions, use attributes for calls or invokes",
                &[me],
            )?;
            self.check_module(self.md_ops(md).is_empty(), "nonnull metadata must be empty", &[me])?;
        }
        if let Some(md) = deref {
            let _ = self.visit_dereferenceable_metadata(me, op, ty, md);
        }
        if let Some(md) = deref_or_null {
            let _ = self.visit_dereferenceable_metadata(me, op, ty, md);
        }
        if let Some(md) = nofree {
            let _ = self.visit_nofree_metadata(me, inst, md);
        }
        if let Some(md) = tbaa {
            let _ = self.visit_tbaa_metadata(f, i, md);
        }
        if let Some(md) = noalias {
            let _ = self.visit_alias_scope_list_metadata(md);
        }
        if let Some(md) = alias_scope {
            let _ = self.visit_alias_scope_list_metadata(md);
        }
        if let Some(md) = access_group {
            let _ = self.visit_access_group_metadata(md);
        }
        if let Some(md) = align {
            self.check_module(types.is_ptr(ty), "align applies only to pointer types", &[me])?;
            self.check_module(
                op == Opcode::Load,
                "align applies only to load instructions, use attributes for calls or invokes",
                &[me],
            )?;
            self.check_module(self.md_ops(md).len() == 1, "align takes one operand!", &[me])?;
            let value = match self.md_op(md, 0) {
                Md::Const(c) => match self.v.ctx().const_of(c) {
                    Const::Int(t, v) if types.int_bits(*t) == Some(64) => Some(v.low_u64()),
                    _ => None,
                },
                _ => None,
            };
            let Some(value) = value else {
                self.fail_module("align metadata value must be an i64!", &[me]);
                return None;
            };
            self.check_module(value.is_power_of_two(), "align metadata value must be a power of 2!", &[me])?;
            self.check_module(
                value <= MAXIMUM_ALIGNMENT,
                "alignment is larger that implementation defined limit",
                &[me],
            )?;
        }
        if let Some(md) = prof {
            let _ = self.visit_prof_metadata(f, i, md);
        }
        if let Some(md) = memprof {
            let _ = self.visit_memprof_metadata(me, op, md);
        }
        if let Some(md) = callsite {
            let _ = self.visit_callsite_metadata(me, op, md);
        }
        if let Some(md) = callee_type {
            let _ = self.visit_callee_type_metadata(me, op, md);
        }
        if let Some(md) = mmra {
            let _ = self.visit_mmra_metadata(f, i, md);
        }
        if let Some(md) = annotation {
            let _ = self.visit_annotation_metadata(md);
        }
        if let Some(md) = captures {
            let stored_ptr = (op == Opcode::Store)
                .then(|| inst.operands.first().and_then(|&v| self.value_ty(f, v)).is_some_and(|t| types.is_ptr(t)));
            let _ = self.visit_captures_metadata(me, stored_ptr, md);
        }
        if let Some(md) = alloc_token {
            let _ = self.visit_alloc_token_metadata(me, op, md);
        }
        Some(())
    }

    /// `visitDereferenceableMetadata`.
    fn visit_dereferenceable_metadata(&mut self, me: Subject, op: Opcode, ty: llrs_ir::TypeId, md: MdId) -> Step {
        let types = self.types();
        self.check_module(
            types.is_ptr(ty),
            "dereferenceable, dereferenceable_or_null apply only to pointer types",
            &[me],
        )?;
        self.check_module(
            matches!(op, Opcode::Load | Opcode::IntToPtr),
            "dereferenceable, dereferenceable_or_null apply only to load and inttoptr instructions, use attributes \
             for calls or invokes",
            &[me],
        )?;
        self.check_module(
            self.md_ops(md).len() == 1,
            "dereferenceable, dereferenceable_or_null take one operand!",
            &[me],
        )?;
        let is_i64 = match self.md_op(md, 0) {
            Md::Const(c) => matches!(self.v.ctx().const_of(c), Const::Int(t, _) if types.int_bits(*t) == Some(64)),
            _ => false,
        };
        self.check_module(is_i64, "dereferenceable, dereferenceable_or_null metadata value must be an i64!", &[me])
    }
}
