//! Old AMDGPU intrinsics: the `amdgcn.` case of LLVM 22's `upgradeIntrinsicFunction1`, in its
//! order, and `upgradeAMDGCNIntrinsicCall`:
//! 1. `alignbit` → `llvm.fshr` on the return type (calls only change callee);
//! 2. `atomic.{inc,dec,cond.sub,csub}*` → `atomicrmw` ([`atomic`]), no declaration;
//! 3. the legacy `wmma.i32.16x16x64.iu8` (7 operands) and `swmmac.i32.16x16x128.iu8` (8
//!    operands) without the clamp operand ([`wmma`]), no declaration until a call is upgraded;
//! 4. `{ds,global.atomic,flat.atomic}.{fadd,fmin,fmax}*` (not `fmin.num`/`fmax.num`) →
//!    `atomicrmw`, no declaration;
//! 5. `ldexp.*` → `llvm.ldexp` on the return and second operand types (calls only change
//!    callee). As in LLVM, the name tested here has lost a `ds.`, `global.atomic.` or
//!    `flat.atomic.` prefix that case 4 did not take (`amdgcn.ds.ldexp.f32` is upgraded too).

mod atomic;
mod wmma;

use super::{Plan, Site};
use llrs_ir::intrinsic_sig::intrinsic_declaration;
use llrs_ir::module::GlobalId;
use llrs_ir::{Context, Type, TypeId};

/// The plan for an old AMDGPU intrinsic declaration (`rest` is its name after `llvm.`).
pub(super) fn plan(ctx: &mut Context, rest: &str, fn_ty: TypeId) -> Option<Plan> {
    let mut name = rest.strip_prefix("amdgcn.")?;
    let Type::Function { ret, params, .. } = ctx.type_of(fn_ty).clone() else { return None };
    if name == "alignbit" {
        let (new_name, new_ty) = intrinsic_declaration(ctx, "llvm.fshr", &[ret])?;
        return Some(Plan::rename(new_name, new_ty));
    }
    if let Some(r) = name.strip_prefix("atomic.") {
        let rmw = ["inc", "dec", "cond.sub", "csub"].iter().any(|p| r.starts_with(p));
        return rmw.then(|| Plan::expand(call));
    }
    if wmma::legacy(rest, params.len()).is_some() {
        return Some(Plan::expand(call));
    }
    if let Some(r) = ["ds.", "global.atomic.", "flat.atomic."].iter().find_map(|p| name.strip_prefix(p)) {
        let rmw = r.starts_with("fadd")
            || (r.starts_with("fmin") && !r.starts_with("fmin.num"))
            || (r.starts_with("fmax") && !r.starts_with("fmax.num"));
        if rmw {
            return Some(Plan::expand(call));
        }
        name = r;
    }
    if name.starts_with("ldexp.") {
        let exp = *params.get(1)?;
        let (new_name, new_ty) = intrinsic_declaration(ctx, "llvm.ldexp", &[ret, exp])?;
        return Some(Plan::rename(new_name, new_ty));
    }
    None
}

/// `upgradeAMDGCNIntrinsicCall`: the legacy WMMA forms gain their clamp operand, the atomics
/// become `atomicrmw`.
fn call(site: &mut Site<'_>, _: Option<GlobalId>) -> bool {
    let old = site.old_name.to_owned();
    let Some(rest) = old.strip_prefix("llvm.") else { return false };
    if let Some(kind) = wmma::legacy(rest, site.num_args()) {
        return wmma::upgrade(site, kind);
    }
    atomic::upgrade(site, rest.strip_prefix("amdgcn.").unwrap_or(rest))
}
