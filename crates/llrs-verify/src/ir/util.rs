//! What several visitors ask of types and values: LLVM's `Type::is*` predicates, the type of a
//! value in a function, the called function of a call, constant integers, the data layout.

use super::FnCtx;
use crate::walk::Verifier;
use llrs_ir::datalayout::DataLayout;
use llrs_ir::{Const, Context, GlobalId, GlobalKind, InstData, Type, TypeId, Value};

/// LLVM's `Type` predicates over the context's types.
pub struct Types<'c>(pub &'c Context);

impl Types<'_> {
    /// The structure of `t`.
    pub fn of(&self, t: TypeId) -> &Type {
        self.0.type_of(t)
    }
    /// `isVoidTy`.
    pub fn is_void(&self, t: TypeId) -> bool {
        matches!(self.of(t), Type::Void)
    }
    /// `isIntegerTy()`; with `bits`, `isIntegerTy(bits)`.
    pub fn is_int(&self, t: TypeId) -> bool {
        matches!(self.of(t), Type::Int(_))
    }
    /// The width of an integer type.
    pub fn int_bits(&self, t: TypeId) -> Option<u32> {
        match self.of(t) {
            Type::Int(n) => Some(*n),
            _ => None,
        }
    }
    /// `isFloatingPointTy`.
    pub fn is_fp(&self, t: TypeId) -> bool {
        matches!(self.of(t), Type::Float(_))
    }
    /// `isPointerTy`.
    pub fn is_ptr(&self, t: TypeId) -> bool {
        matches!(self.of(t), Type::Ptr(_))
    }
    /// The address space of a pointer or vector of pointers.
    pub fn ptr_addrspace(&self, t: TypeId) -> Option<u32> {
        match self.of(self.scalar(t)) {
            Type::Ptr(a) => Some(*a),
            _ => None,
        }
    }
    /// `isVectorTy`.
    pub fn is_vector(&self, t: TypeId) -> bool {
        matches!(self.of(t), Type::Vector { .. })
    }
    /// `(scalable, min elements, element type)` of a vector type.
    pub fn vector(&self, t: TypeId) -> Option<(bool, u32, TypeId)> {
        match self.of(t) {
            Type::Vector { scalable, len, elem } => Some((*scalable, *len, *elem)),
            _ => None,
        }
    }
    /// `getScalarType`: the element type of a vector, else the type itself.
    pub fn scalar(&self, t: TypeId) -> TypeId {
        match self.of(t) {
            Type::Vector { elem, .. } => *elem,
            _ => t,
        }
    }
    /// `isIntOrIntVectorTy`.
    pub fn is_int_or_int_vector(&self, t: TypeId) -> bool {
        self.is_int(self.scalar(t))
    }
    /// `isFPOrFPVectorTy`.
    pub fn is_fp_or_fp_vector(&self, t: TypeId) -> bool {
        self.is_fp(self.scalar(t))
    }
    /// `isPtrOrPtrVectorTy`.
    pub fn is_ptr_or_ptr_vector(&self, t: TypeId) -> bool {
        self.is_ptr(self.scalar(t))
    }
    /// `getScalarSizeInBits` of integers and floats (0 otherwise, as LLVM's for other types).
    pub fn scalar_bits(&self, t: TypeId) -> u32 {
        match self.of(self.scalar(t)) {
            Type::Int(n) => *n,
            Type::Float(k) => k.bits(),
            _ => 0,
        }
    }
    /// `isStructTy` (literal or identified).
    pub fn is_struct(&self, t: TypeId) -> bool {
        matches!(self.of(t), Type::Struct { .. } | Type::Named(_))
    }
    /// The element types of a literal struct or an identified struct with a body.
    pub fn struct_elems(&self, t: TypeId) -> Option<&[TypeId]> {
        match self.of(t) {
            Type::Struct { elems, .. } => Some(elems),
            Type::Named(s) => self.0.structs.get(*s)?.body.as_ref().map(|b| &b.elems[..]),
            _ => None,
        }
    }
    /// `isArrayTy`.
    pub fn is_array(&self, t: TypeId) -> bool {
        matches!(self.of(t), Type::Array(..))
    }
    /// `isAggregateType`: structs and arrays.
    pub fn is_aggregate(&self, t: TypeId) -> bool {
        self.is_struct(t) || self.is_array(t)
    }
    /// `isLabelTy`.
    pub fn is_label(&self, t: TypeId) -> bool {
        matches!(self.of(t), Type::Label)
    }
    /// `isMetadataTy`.
    pub fn is_metadata(&self, t: TypeId) -> bool {
        matches!(self.of(t), Type::Metadata)
    }
    /// `isTokenTy`.
    pub fn is_token(&self, t: TypeId) -> bool {
        matches!(self.of(t), Type::Token)
    }
    /// `isX86_AMXTy`.
    pub fn is_x86_amx(&self, t: TypeId) -> bool {
        matches!(self.of(t), Type::X86Amx)
    }
    /// `isFirstClassType`: not a function or void type.
    pub fn is_first_class(&self, t: TypeId) -> bool {
        !matches!(self.of(t), Type::Function { .. } | Type::Void)
    }
    /// `isSingleValueType`: integers, floats, pointers, vectors, `x86_amx`, target types.
    pub fn is_single_value(&self, t: TypeId) -> bool {
        matches!(
            self.of(t),
            Type::Int(_) | Type::Float(_) | Type::Ptr(_) | Type::Vector { .. } | Type::X86Amx | Type::TargetExt { .. }
        )
    }
}

impl<'m> Verifier<'m> {
    /// The type predicates of this module's context.
    pub fn types(&self) -> Types<'m> {
        Types(&self.v.m.ctx)
    }

    /// The module's data layout (LLVM's default when it has none or it does not parse).
    pub fn data_layout(&self) -> &DataLayout {
        &self.layout
    }

    /// The type of a value in function `f` (`None` for a block (`label`), metadata
    /// (`metadata`) and inline asm (`ptr`), which have no type id of their own).
    pub fn value_ty(&self, f: &FnCtx<'_>, v: Value) -> Option<TypeId> {
        let m = self.v.m;
        match v {
            Value::Const(c) => Some(m.ctx.const_of(c).ty()),
            Value::Arg(a) => m.ctx.fn_params(f.fn_ty).get(a as usize).copied(),
            Value::Inst(i) => f.body.insts.get(i).map(|d| d.ty),
            Value::Asm(_) | Value::Block(_) | Value::Md(_) => None,
        }
    }

    /// The global a constant operand names directly (`dyn_cast<GlobalValue>`).
    pub fn global_of(&self, v: Value) -> Option<GlobalId> {
        let Value::Const(c) = v else { return None };
        match *self.v.m.ctx.const_of(c) {
            Const::Global(_, g) => Some(g),
            _ => None,
        }
    }

    /// `CallBase::getCalledFunction`: the callee when it is a function whose type is the
    /// call's function type.
    pub fn callee_fn(&self, inst: &InstData) -> Option<GlobalId> {
        self.called_function(inst)
    }

    /// The name of a global (empty when unnamed).
    pub fn global_name(&self, g: GlobalId) -> &'m [u8] {
        let m = self.v.m;
        m.globals[g].name.map_or(&[][..], |n| m.ctx.name(n))
    }

    /// The intrinsic a function is (`Function::isIntrinsic`: a name starting with `llvm.`),
    /// with its LLVM intrinsic id when LLVM 22 knows it.
    pub fn intrinsic_of(&self, g: GlobalId) -> Option<Option<u32>> {
        let gl = &self.v.m.globals[g];
        if gl.kind != GlobalKind::Function {
            return None;
        }
        self.v.intrinsic(g)
    }

    /// The value of a constant integer (`ConstantInt`), zero-extended, when it fits 64 bits.
    pub fn const_int(&self, v: Value) -> Option<u64> {
        let Value::Const(c) = v else { return None };
        crate::node::const_u64(&self.v.m.ctx, c)
    }

    /// Whether a value is a `ConstantInt`.
    pub fn is_const_int(&self, v: Value) -> bool {
        let Value::Const(c) = v else { return false };
        matches!(self.v.m.ctx.const_of(c), Const::Int(..))
    }
}
