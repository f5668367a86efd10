//! LLVM's `UpgradeBitCastInst` and `UpgradeBitCastExpr`: a `bitcast` between pointers of
//! different address spaces (once allowed) becomes `ptrtoint` to `i64` then `inttoptr`. For
//! bitcode readers, which meet such casts in old modules; the `.ll` reader rejects them as
//! LLParser does ("invalid cast opcode").

use llrs_ir::fold::get_cast;
use llrs_ir::{ConstId, Context, InstData, Opcode, Type, TypeId, Value};

/// The two instructions that replace an old address-space-changing `bitcast`
/// ([`upgrade_bitcast_inst`]).
#[derive(Clone, Debug)]
pub struct BitCastUpgrade {
    /// `ptrtoint ... to i64`, to be inserted first (LLVM's `Temp`).
    pub ptr_to_int: InstData,
    /// The type the `bitcast` cast to.
    pub dest_ty: TypeId,
}

impl BitCastUpgrade {
    /// The `inttoptr` of `temp` (the inserted [`BitCastUpgrade::ptr_to_int`]) that replaces the
    /// `bitcast`.
    pub fn int_to_ptr(&self, temp: Value) -> InstData {
        InstData::new(Opcode::IntToPtr, self.dest_ty, [temp])
    }
}

/// The address space of a pointer or vector of pointers.
fn pointer_addrspace(ctx: &Context, ty: TypeId) -> Option<u32> {
    let scalar = match ctx.type_of(ty) {
        Type::Vector { elem, .. } => *elem,
        _ => ty,
    };
    match ctx.type_of(scalar) {
        Type::Ptr(a) => Some(*a),
        _ => None,
    }
}

/// Whether `op` from `src_ty` to `dest_ty` is a bitcast between pointers (or vectors of them)
/// of different address spaces.
fn changes_addrspace(ctx: &Context, op: Opcode, src_ty: TypeId, dest_ty: TypeId) -> bool {
    if op != Opcode::BitCast {
        return false;
    }
    match (pointer_addrspace(ctx, src_ty), pointer_addrspace(ctx, dest_ty)) {
        (Some(a), Some(b)) => a != b,
        _ => false,
    }
}

/// `UpgradeBitCastInst`: for a cast `op` of `v` (of type `src_ty`) to `dest_ty` that is a
/// `bitcast` between pointers of different address spaces, the `ptrtoint v to i64` to insert
/// and the `inttoptr` to use in its place (LLVM assumes pointers of at most 64 bits, having no
/// data layout). `None` for every other cast.
pub fn upgrade_bitcast_inst(
    ctx: &mut Context,
    op: Opcode,
    v: Value,
    src_ty: TypeId,
    dest_ty: TypeId,
) -> Option<BitCastUpgrade> {
    if !changes_addrspace(ctx, op, src_ty, dest_ty) {
        return None;
    }
    let i64t = ctx.int_ty(64);
    Some(BitCastUpgrade { ptr_to_int: InstData::new(Opcode::PtrToInt, i64t, [v]), dest_ty })
}

/// `UpgradeBitCastExpr`: for a constant cast `op` of `c` to `dest_ty` that is a `bitcast` between
/// pointers of different address spaces, `inttoptr (ptrtoint c to i64) to dest_ty`. `None` for
/// every other cast.
pub fn upgrade_bitcast_expr(ctx: &mut Context, op: Opcode, c: ConstId, dest_ty: TypeId) -> Option<ConstId> {
    let src_ty = ctx.try_const_of(c)?.ty();
    if !changes_addrspace(ctx, op, src_ty, dest_ty) {
        return None;
    }
    let i64t = ctx.int_ty(64);
    let int = get_cast(ctx, Opcode::PtrToInt, c, i64t);
    Some(get_cast(ctx, Opcode::IntToPtr, int, dest_ty))
}
