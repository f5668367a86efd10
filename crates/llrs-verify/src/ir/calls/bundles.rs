//! The operand bundles of a call site (`visitCallBase`'s loop over them) and
//! `verifyAttachedCallBundle`.

use super::site::Site;
use super::FnCtx;
use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::instructions::Bundle;
use llrs_ir::{Const, GlobalKind, InstId, Opcode, Value};

/// The bundle tags LLVM knows (`LLVMContext::OB_*`) and checks here.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Tag {
    Deopt,
    Funclet,
    GcTransition,
    CfGuardTarget,
    Preallocated,
    GcLive,
    AttachedCall,
    Ptrauth,
    Kcfi,
    Other,
}

fn tag_of(name: &[u8]) -> Tag {
    match name {
        b"deopt" => Tag::Deopt,
        b"funclet" => Tag::Funclet,
        b"gc-transition" => Tag::GcTransition,
        b"cfguardtarget" => Tag::CfGuardTarget,
        b"preallocated" => Tag::Preallocated,
        b"gc-live" => Tag::GcLive,
        b"clang.arc.attachedcall" => Tag::AttachedCall,
        b"ptrauth" => Tag::Ptrauth,
        b"kcfi" => Tag::Kcfi,
        _ => Tag::Other,
    }
}

impl Verifier<'_> {
    /// Whether a value is a `ConstantInt` of `bits` bits.
    fn is_const_int_of(&self, v: Value, bits: u32) -> bool {
        let Value::Const(c) = v else { return false };
        match self.v.m.ctx.const_of(c) {
            Const::Int(t, _) => self.types().int_bits(*t) == Some(bits),
            _ => false,
        }
    }

    /// The operand-bundle loop of `visitCallBase`: at most one bundle of each kind LLVM knows,
    /// and the operands each takes. `Some(found a ptrauth bundle)` when every check passed.
    pub(super) fn verify_operand_bundles(&mut self, f: &FnCtx<'_>, i: InstId, site: Site<'_>) -> Option<bool> {
        let m = self.v.m;
        let me = Subject::Inst(f.g, i);
        let mut found: Vec<Tag> = Vec::new();
        for bu in &site.call.bundles {
            let tag = tag_of(m.ctx.name(bu.tag));
            if tag == Tag::Other {
                continue;
            }
            let dup = found.contains(&tag);
            found.push(tag);
            let inputs = &bu.inputs[..];
            match tag {
                Tag::Deopt => self.check_module(!dup, "Multiple deopt operand bundles", &[me])?,
                Tag::GcTransition => self.check_module(!dup, "Multiple gc-transition operand bundles", &[me])?,
                Tag::Funclet => {
                    self.check_module(!dup, "Multiple funclet operand bundles", &[me])?;
                    self.check_module(inputs.len() == 1, "Expected exactly one funclet bundle operand", &[me])?;
                    let pad = match inputs.first() {
                        Some(&Value::Inst(x)) => {
                            f.body.insts.get(x).is_some_and(|d| matches!(d.op, Opcode::CatchPad | Opcode::CleanupPad))
                        }
                        _ => false,
                    };
                    self.check_module(pad, "Funclet bundle operands should correspond to a FuncletPadInst", &[me])?;
                }
                Tag::CfGuardTarget => {
                    self.check_module(!dup, "Multiple CFGuardTarget operand bundles", &[me])?;
                    self.check_module(inputs.len() == 1, "Expected exactly one cfguardtarget bundle operand", &[me])?;
                }
                Tag::Ptrauth => {
                    self.check_module(!dup, "Multiple ptrauth operand bundles", &[me])?;
                    self.check_module(inputs.len() == 2, "Expected exactly two ptrauth bundle operands", &[me])?;
                    let key = inputs.first().is_some_and(|&v| self.is_const_int_of(v, 32));
                    self.check_module(key, "Ptrauth bundle key operand must be an i32 constant", &[me])?;
                    let disc = inputs.get(1).and_then(|&v| self.value_ty(f, v)).and_then(|t| self.types().int_bits(t))
                        == Some(64);
                    self.check_module(disc, "Ptrauth bundle discriminator operand must be an i64", &[me])?;
                }
                Tag::Kcfi => {
                    self.check_module(!dup, "Multiple kcfi operand bundles", &[me])?;
                    self.check_module(inputs.len() == 1, "Expected exactly one kcfi bundle operand", &[me])?;
                    let ok = inputs.first().is_some_and(|&v| self.is_const_int_of(v, 32));
                    self.check_module(ok, "Kcfi bundle operand must be an i32 constant", &[me])?;
                }
                Tag::Preallocated => {
                    self.check_module(!dup, "Multiple preallocated operand bundles", &[me])?;
                    self.check_module(inputs.len() == 1, "Expected exactly one preallocated bundle operand", &[me])?;
                    let setup = match inputs.first() {
                        Some(&Value::Inst(x)) => f.body.insts.get(x).is_some_and(|d| {
                            d.op == Opcode::Call
                                && d.operands.first().and_then(|&c| self.global_of(c)).is_some_and(|g| {
                                    m.globals[g].kind == GlobalKind::Function
                                        && self.intrinsic_is(g, "llvm.call.preallocated.setup")
                                })
                        }),
                        _ => false,
                    };
                    self.check_module(
                        setup,
                        "\"preallocated\" argument must be a token from llvm.call.preallocated.setup",
                        &[me],
                    )?;
                }
                Tag::GcLive => self.check_module(!dup, "Multiple gc-live operand bundles", &[me])?,
                Tag::AttachedCall => {
                    self.check_module(!dup, "Multiple \"clang.arc.attachedcall\" operand bundles", &[me])?;
                    let _ = self.verify_attached_call_bundle(f, i, site, bu);
                }
                Tag::Other => {}
            }
        }
        Some(found.contains(&Tag::Ptrauth))
    }

    /// `verifyAttachedCallBundle`.
    fn verify_attached_call_bundle(&mut self, f: &FnCtx<'_>, i: InstId, site: Site<'_>, bu: &Bundle) -> Step {
        let m = self.v.m;
        let me = Subject::Inst(f.g, i);
        let ret = m.ctx.fn_ret(site.call.fn_ty);
        let ok = ret.is_some_and(|r| {
            self.types().is_ptr(r) || (self.call_has_fn_attr(site, "noreturn") && self.types().is_void(r))
        });
        self.check_module(
            ok,
            "a call with operand bundle \"clang.arc.attachedcall\" must call a function returning a pointer or a \
             non-returning function that has a void return type",
            &[me],
        )?;
        let func = match bu.inputs[..] {
            [v] => self.global_of(v).filter(|&g| m.globals[g].kind == GlobalKind::Function),
            _ => None,
        };
        let Some(g) = func else {
            self.fail_module("operand bundle \"clang.arc.attachedcall\" requires one function as an argument", &[me]);
            return None;
        };
        let name = self.global_name(g);
        let ok = if self.known_intrinsic(g).is_some() {
            self.intrinsic_is(g, "llvm.objc.retainAutoreleasedReturnValue")
                || self.intrinsic_is(g, "llvm.objc.unsafeClaimAutoreleasedReturnValue")
        } else {
            name == b"objc_retainAutoreleasedReturnValue" || name == b"objc_unsafeClaimAutoreleasedReturnValue"
        };
        self.check_module(ok, "invalid function argument", &[me])
    }
}
