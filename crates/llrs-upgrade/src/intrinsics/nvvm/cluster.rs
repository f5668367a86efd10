//! NVVM intrinsics whose shared-memory pointers moved to the `shared::cluster` address space
//! (7), and the TMA tensor copies from global to shared memory that gained a `cta_group`
//! operand: LLVM 22's `shouldUpgradeNVPTXSharedClusterIntrinsic` and
//! `shouldUpgradeNVPTXTMAG2SIntrinsics` (the declaration of LLVM 22 replaces the old one, which
//! is renamed first), and their cases of `UpgradeIntrinsicCall`'s switch:
//! - `mapa.shared.cluster` returning a shared pointer: the new call (which takes the old one's
//!   name) returns a cluster pointer, cast back to shared;
//! - `cp.async.bulk.{global.to.shared.cluster,shared.cta.to.cluster}` with a shared destination:
//!   the destination cast to a cluster pointer;
//! - `cp.async.bulk.tensor.g2s.{tile.[1-5]d,im2col.[3-5]d}`: a shared destination cast to a
//!   cluster pointer, and `i32 0` appended when the old form lacked the `cta_group` flag.

use crate::intrinsics::{Plan, Rewrite, Site};
use llrs_ir::intrinsic_sig::intrinsic_declaration;
use llrs_ir::module::GlobalId;
use llrs_ir::{Context, Type, TypeId, Value};

/// NVPTX's shared address space.
const SHARED: u32 = 3;
/// NVPTX's `shared::cluster` address space.
const SHARED_CLUSTER: u32 = 7;

/// The plan for these intrinsics (`name` after `llvm.nvvm.`), if the declaration is old.
pub(super) fn plan(ctx: &mut Context, name: &str, ret: TypeId, params: &[TypeId]) -> Option<Plan> {
    let (base, calls): (String, Rewrite) = if let Some(b) = shared_cluster_intrinsic(ctx, name, ret, params) {
        (b.to_string(), if b == MAPA { mapa } else { bulk_copy })
    } else {
        (tma_g2s_intrinsic(ctx, name, params)?, tma_g2s)
    };
    let (new_name, new_ty) = intrinsic_declaration(ctx, &base, &[])?;
    Some(Plan::rewrite(new_name, new_ty, calls))
}

/// The new `mapa.shared.cluster`.
const MAPA: &str = "llvm.nvvm.mapa.shared.cluster";

/// The address space of a pointer type (or vector of pointers).
fn addrspace(ctx: &Context, t: TypeId) -> Option<u32> {
    let t = match ctx.type_of(t) {
        Type::Vector { elem, .. } => *elem,
        _ => t,
    };
    match ctx.type_of(t) {
        Type::Ptr(a) => Some(*a),
        _ => None,
    }
}

/// `shouldUpgradeNVPTXSharedClusterIntrinsic`.
fn shared_cluster_intrinsic(ctx: &Context, name: &str, ret: TypeId, params: &[TypeId]) -> Option<&'static str> {
    let mut name = name;
    if let Some(r) = name.strip_prefix("mapa.shared.cluster") {
        if addrspace(ctx, ret) == Some(SHARED) {
            return Some(MAPA);
        }
        name = r;
    }
    let base = match name.strip_prefix("cp.async.bulk.")? {
        "global.to.shared.cluster" => "llvm.nvvm.cp.async.bulk.global.to.shared.cluster",
        "shared.cta.to.cluster" => "llvm.nvvm.cp.async.bulk.shared.cta.to.cluster",
        _ => return None,
    };
    (addrspace(ctx, *params.first()?) == Some(SHARED)).then_some(base)
}

/// `shouldUpgradeNVPTXTMAG2SIntrinsics`: a shared destination, or no `cta_group` flag (the
/// third operand from the end is not the `i1` cta-mask flag).
fn tma_g2s_intrinsic(ctx: &Context, name: &str, params: &[TypeId]) -> Option<String> {
    let kind = name.strip_prefix("cp.async.bulk.tensor.g2s.")?;
    let known = ["im2col.3d", "im2col.4d", "im2col.5d", "tile.1d", "tile.2d", "tile.3d", "tile.4d", "tile.5d"];
    if !known.contains(&kind) {
        return None;
    }
    let shared_dst = addrspace(ctx, *params.first()?) == Some(SHARED);
    let flag = *params.get(params.len().checked_sub(3)?)?;
    let old = shared_dst || !matches!(ctx.type_of(flag), Type::Int(1));
    old.then(|| format!("llvm.nvvm.cp.async.bulk.tensor.g2s.{kind}"))
}

/// `mapa.shared.cluster`: the new call (named as the old one) cast back to a shared pointer.
fn mapa(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let (Some(a), Some(b)) = (site.arg(0), site.arg(1)) else { return false };
    let call = site.emit_call(g, &[a, b]);
    let shared = site.ptr_ty(SHARED);
    let res = site.addrspace_cast(call, shared);
    if let Value::Inst(i) = call {
        site.body.insts[i].name = site.body.insts[site.call].name.take();
    }
    site.replace(res, false);
    true
}

/// `cp.async.bulk.*`: the destination cast to a cluster pointer.
fn bulk_copy(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let mut args = site.args();
    let Some(dst) = args.first_mut() else { return false };
    let cluster = site.ptr_ty(SHARED_CLUSTER);
    *dst = site.addrspace_cast(*dst, cluster);
    site.rebuild(g, &args);
    true
}

/// `cp.async.bulk.tensor.g2s.*`: a shared destination cast to a cluster pointer, `i32 0` for a
/// missing `cta_group` flag.
fn tma_g2s(site: &mut Site<'_>, new: Option<GlobalId>) -> bool {
    let Some(g) = new else { return false };
    let mut args = site.args();
    let Some(&dst) = args.first() else { return false };
    let dst_ty = site.value_ty(dst);
    if addrspace(&site.m.ctx, dst_ty) == Some(SHARED) {
        let cluster = site.ptr_ty(SHARED_CLUSTER);
        args[0] = site.addrspace_cast(dst, cluster);
    }
    let Some(flag) = args.len().checked_sub(3).and_then(|i| site.arg(i)) else { return false };
    let flag_ty = site.value_ty(flag);
    if !matches!(site.m.ctx.type_of(flag_ty), Type::Int(1)) {
        args.push(site.int(32, 0));
    }
    site.rebuild(g, &args);
    true
}
