//! AMDGPU and NVVM intrinsics that became others of the same type (`llvm.amdgcn.alignbit` →
//! `llvm.fshr`, `llvm.nvvm.brev32` → `llvm.bitreverse`, ...). Most calls only change
//! callee; calls of those that LLVM's `UpgradeIntrinsicCall` rebuilds (`bitreverse`, `ctpop`,
//! `ctlz`) lose their tail marker, attributes and metadata other than `!dbg`, and the old
//! `ctlz`-like ones gain an `i1 false` operand.

use super::{add_false, canonical_name, rebuild_same_args, Plan, Rewrite};
use llrs_ir::{Context, Type, TypeId};

/// What happens to the calls.
#[derive(Clone, Copy, PartialEq)]
enum Calls {
    /// Only the callee changes.
    Keep,
    /// Rebuilt with the same arguments.
    Rebuild,
    /// Rebuilt with an `i1 false` operand added (to `llvm.ctlz`).
    AddFalse,
}

use Calls::*;

/// Old name (after `llvm.`), whether it must match whole (else it is a prefix), new base name,
/// what happens to calls.
const RENAMES: &[(&str, bool, &str, Calls)] = &[
    ("amdgcn.alignbit", true, "fshr", Keep),
    ("amdgcn.ldexp.", false, "ldexp", Keep),
    ("nvvm.brev32", true, "bitreverse", Rebuild),
    ("nvvm.brev64", true, "bitreverse", Rebuild),
    ("nvvm.popc.i", true, "ctpop", Rebuild),
    ("nvvm.clz.i", true, "ctlz", AddFalse),
];

/// The plan for a renamed intrinsic.
pub(super) fn plan(ctx: &mut Context, rest: &str, fn_ty: TypeId) -> Option<Plan> {
    let Type::Function { ret, params, vararg: false } = ctx.type_of(fn_ty).clone() else { return None };
    let &(_, _, base, calls) =
        RENAMES.iter().find(|(old, exact, _, _)| if *exact { rest == *old } else { rest.starts_with(old) })?;
    let base = format!("llvm.{base}");
    match calls {
        Keep => Some(Plan::rename(canonical_name(ctx, &base, fn_ty)?, fn_ty)),
        Rebuild => Some(Plan::rewrite(canonical_name(ctx, &base, fn_ty)?, fn_ty, rebuild_same_args as Rewrite)),
        AddFalse => {
            if params.len() != 1 {
                return None;
            }
            let i1 = ctx.int_ty(1);
            let new_ty = ctx.fn_ty(ret, &[params[0], i1], false);
            Some(Plan::rewrite(canonical_name(ctx, &base, new_ty)?, new_ty, add_false))
        }
    }
}
