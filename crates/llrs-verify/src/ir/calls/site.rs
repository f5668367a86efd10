//! What the call visitors ask of a call site: its callee and arguments in LLVM's terms, the
//! attributes of the site and of the called function (`CallBase::paramHasAttr`,
//! `hasFnAttr`), and `Value::stripPointerCasts` / `stripInBoundsOffsets`.

use super::super::FnCtx;
use crate::walk::Verifier;
use llrs_ir::instructions::{flags, CallData};
use llrs_ir::{Const, GlobalId, GlobalKind, InstData, Opcode, Type, TypeId, Value};

/// A call, invoke or callbr seen as LLVM's `CallBase`.
#[derive(Copy, Clone)]
pub struct Site<'a> {
    /// The instruction.
    pub inst: &'a InstData,
    /// Its call data.
    pub call: &'a CallData,
}

impl<'a> Site<'a> {
    /// The call data of `inst`, when it is a call-like instruction.
    pub fn of(inst: &'a InstData) -> Option<Self> {
        inst.call().map(|call| Site { inst, call })
    }

    /// `getCalledOperand`.
    pub fn callee(&self) -> Option<Value> {
        self.inst.operands.first().copied()
    }

    /// `args()`.
    pub fn args(&self) -> &'a [Value] {
        let ops = &self.inst.operands[..];
        let n = (self.call.num_args as usize).min(ops.len().saturating_sub(1));
        ops.get(1..1 + n).unwrap_or(&[])
    }

    /// `getArgOperand(i)`.
    pub fn arg(&self, i: usize) -> Option<Value> {
        self.args().get(i).copied()
    }

    /// The blocks after the arguments: invoke's normal and unwind destinations, callbr's
    /// default and indirect destinations.
    pub fn dests(&self) -> &'a [Value] {
        let ops = &self.inst.operands[..];
        ops.get(1 + self.args().len()..).unwrap_or(&[])
    }

    /// `isInlineAsm`.
    pub fn is_inline_asm(&self) -> bool {
        matches!(self.callee(), Some(Value::Asm(_)))
    }

    /// `isMustTailCall` (calls only).
    pub fn is_must_tail(&self) -> bool {
        self.inst.op == Opcode::Call && self.call.tail == llrs_ir::instructions::TailKind::MustTail
    }

    /// LLVM's operand `k` (`getOperand(k)`): the arguments, then the bundle inputs, then the
    /// callee (and invoke's or callbr's blocks are not counted here).
    pub fn llvm_operand(&self, k: usize) -> Option<Value> {
        let args = self.args();
        if let Some(&v) = args.get(k) {
            return Some(v);
        }
        let mut k = k - args.len();
        for b in &self.call.bundles {
            if let Some(&v) = b.inputs.get(k) {
                return Some(v);
            }
            k -= b.inputs.len();
        }
        (k == 0).then(|| self.callee()).flatten()
    }
}

/// `(return type, parameter types, vararg)` of a function type.
pub fn signature(ctx: &llrs_ir::Context, t: TypeId) -> Option<(TypeId, &[TypeId], bool)> {
    match ctx.type_of(t) {
        Type::Function { ret, params, vararg } => Some((*ret, &params[..], *vararg)),
        _ => None,
    }
}

/// How far `strip` looks through pointer arithmetic.
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum Strip {
    /// `stripPointerCasts`: GEPs whose indices are all zero.
    ZeroIndices,
    /// `stripInBoundsOffsets`: `inbounds` GEPs.
    InBounds,
}

impl<'m> Verifier<'m> {
    /// The attributes of a function global (`None` for other globals).
    pub fn fn_attrs(&self, g: GlobalId) -> Option<&'m llrs_ir::instructions::AttrList> {
        self.v.m.globals[g].func.as_deref().map(|fd| &fd.attrs)
    }

    /// `CallBase::paramHasAttr(i, kind)`: on the call site or on the called function.
    pub fn param_has_attr(&self, site: Site<'_>, i: usize, kind: &str) -> bool {
        if self.has(site.call.attrs.param(i), kind) {
            return true;
        }
        let callee = self.callee_fn(site.inst);
        callee.and_then(|g| self.fn_attrs(g)).is_some_and(|a| self.has(a.param(i), kind))
    }

    /// `CallBase::hasFnAttr(kind)`: on the call site or on the function called
    /// (`hasFnAttrOnCalledFunction`: a function callee, whatever its type).
    pub fn call_has_fn_attr(&self, site: Site<'_>, kind: &str) -> bool {
        if self.has(site.call.attrs.func, kind) {
            return true;
        }
        let callee = site.callee().and_then(|c| self.global_of(c));
        callee.and_then(|g| self.fn_attrs(g)).is_some_and(|a| self.has(a.func, kind))
    }

    /// The function a value names once pointer casts are stripped
    /// (`dyn_cast<Function>(V->stripPointerCasts())`).
    pub fn stripped_function(&self, f: &FnCtx<'_>, v: Value) -> Option<GlobalId> {
        let g = self.global_of(self.strip(f, v, Strip::ZeroIndices))?;
        (self.v.m.globals[g].kind == GlobalKind::Function).then_some(g)
    }

    /// The name of the LLVM intrinsic a function is, when LLVM 22 knows it (a non-zero
    /// `getIntrinsicID`).
    pub fn known_intrinsic(&self, g: GlobalId) -> Option<&'m [u8]> {
        matches!(self.intrinsic_of(g), Some(Some(_))).then(|| self.global_name(g))
    }

    /// Whether a function is the intrinsic `base` (`getIntrinsicID() == Intrinsic::...`, which
    /// holds for every overloaded name of it).
    pub fn intrinsic_is(&self, g: GlobalId, base: &str) -> bool {
        let Some(Some(id)) = self.intrinsic_of(g) else { return false };
        llrs_ir::intrinsics::lookup(base.as_bytes()) == Some(id)
    }

    /// `stripPointerCasts` (`Strip::ZeroIndices`) or `stripInBoundsOffsets` (`Strip::InBounds`):
    /// through GEPs, bitcasts, address-space casts and calls with a `returned` argument.
    pub fn strip(&self, f: &FnCtx<'_>, v: Value, kind: Strip) -> Value {
        let ctx = &self.v.m.ctx;
        let ty = |v: Value| match v {
            Value::Asm(_) => None,
            v => self.value_ty(f, v),
        };
        if !ty(v).is_some_and(|t| self.types().is_ptr(t)) {
            return v;
        }
        let zero = |c: Value| match c {
            Value::Const(c) => match ctx.const_of(c) {
                Const::Int(_, x) => x.is_zero(),
                Const::Zero(_) | Const::Null(_) => true,
                Const::Splat(_, e) => matches!(ctx.const_of(*e), Const::Int(_, x) if x.is_zero()),
                _ => false,
            },
            _ => false,
        };
        let mut seen: Vec<Value> = vec![v];
        let mut cur = v;
        for _ in 0..64 {
            let next = match cur {
                Value::Inst(i) => {
                    let Some(d) = f.body.insts.get(i) else { return cur };
                    match d.op {
                        Opcode::GetElementPtr => {
                            let idx = d.operands.get(1..).unwrap_or(&[]);
                            let ok = match kind {
                                Strip::ZeroIndices => idx.iter().all(|&x| zero(x)),
                                Strip::InBounds => d.flags & flags::INBOUNDS != 0,
                            };
                            if !ok {
                                return cur;
                            }
                            d.operands.first().copied()
                        }
                        Opcode::BitCast => {
                            let src = d.operands.first().copied();
                            if !src.and_then(ty).is_some_and(|t| self.types().is_ptr(t)) {
                                return cur;
                            }
                            src
                        }
                        Opcode::AddrSpaceCast => d.operands.first().copied(),
                        Opcode::Call | Opcode::Invoke | Opcode::CallBr => {
                            Site::of(d).and_then(|s| self.returned_arg(s))
                        }
                        _ => None,
                    }
                }
                Value::Const(c) => match ctx.const_of(c) {
                    Const::Expr(e) => match e.op {
                        Opcode::GetElementPtr => {
                            let idx = e.operands.get(1..).unwrap_or(&[]);
                            let ok = match kind {
                                Strip::ZeroIndices => idx.iter().all(|&x| zero(Value::Const(x))),
                                Strip::InBounds => e.flags & flags::INBOUNDS != 0,
                            };
                            if !ok {
                                return cur;
                            }
                            e.operands.first().map(|&x| Value::Const(x))
                        }
                        Opcode::BitCast => {
                            let src = e.operands.first().map(|&x| Value::Const(x));
                            if !src.and_then(ty).is_some_and(|t| self.types().is_ptr(t)) {
                                return cur;
                            }
                            src
                        }
                        Opcode::AddrSpaceCast => e.operands.first().map(|&x| Value::Const(x)),
                        _ => None,
                    },
                    _ => None,
                },
                _ => None,
            };
            let Some(next) = next else { return cur };
            if seen.contains(&next) {
                return next;
            }
            seen.push(next);
            cur = next;
        }
        cur
    }

    /// `CallBase::getReturnedArgOperand`: the argument with the `returned` attribute (on the
    /// call site, else on the called function).
    pub fn returned_arg(&self, site: Site<'_>) -> Option<Value> {
        let pick = |list: &llrs_ir::instructions::AttrList| list.params.iter().position(|&a| self.has(a, "returned"));
        let k = pick(&site.call.attrs)
            .or_else(|| self.callee_fn(site.inst).and_then(|g| self.fn_attrs(g)).and_then(pick))?;
        site.arg(k)
    }
}
