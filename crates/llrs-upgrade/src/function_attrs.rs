//! LLVM's `UpgradeFunctionAttributes`: a function's attributes (and the call sites and atomics of
//! its body) that relied on old behaviour.
//!
//! LLVM 22's bitcode reader calls it for every function once the module's globals are read
//! (`globalCleanup`), and again for each body it reads (`materialize`); LLParser does not call
//! it. What LLVM 22 does, as `llvm-as-22 | llvm-dis-22` shows it: call sites marked `strictfp` in
//! a function that is not become `nobuiltin`; return and parameter attributes that do not fit
//! their type go; `"implicit-section-name"` becomes the section; `"amdgpu-unsafe-fp-atomics"`
//! goes from definitions, its `"true"` turning into the AMDGPU metadata of their
//! floating-point `atomicrmw`s. (Later LLVM also rewrites `"nooutline"`,
//! `"uniform-work-group-size"` and `"denormal-fp-math"` here; LLVM 22 keeps them as written.)

use llrs_ir::attributes::remove_type_incompatible;
use llrs_ir::instructions::{InstExtra, RMW_OPS};
use llrs_ir::{Attr, AttrArg, AttrsId, Context, GlobalId, MdNode, Module, Opcode, Symbol, Value};

/// Whether [`upgrade_function_attributes`] removes the return and parameter attributes that do
/// not fit their type (`AttributeFuncs::typeIncompatible`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypeIncompatible {
    /// Remove them, as LLVM does: for a bitcode reader.
    Remove,
    /// Keep them, for the verifier to reject: for a reader whose module is verified after it is
    /// upgraded, as the `.ll` reader's is (`llvm-as` verifies what LLParser read before the
    /// bitcode reader ever upgrades it, so such attributes are an error there).
    Keep,
}

/// The names the upgrade looks for, interned.
struct Keys {
    strictfp: Symbol,
    nobuiltin: Symbol,
    implicit_section: Symbol,
    unsafe_atomics: Symbol,
}

impl Keys {
    fn new(ctx: &mut Context) -> Self {
        Keys {
            strictfp: ctx.sym_bytes(b"strictfp"),
            nobuiltin: ctx.sym_bytes(b"nobuiltin"),
            implicit_section: ctx.sym_bytes(b"implicit-section-name"),
            unsafe_atomics: ctx.sym_bytes(b"amdgpu-unsafe-fp-atomics"),
        }
    }
}

/// `UpgradeFunctionAttributes` of function `f` (nothing for a global that is not a function).
pub fn upgrade_function_attributes(m: &mut Module, f: GlobalId, incompatible: TypeIncompatible) {
    let keys = Keys::new(&mut m.ctx);
    upgrade_one(m, f, incompatible, &keys);
}

/// [`upgrade_function_attributes`] of every function of the module, in order; with
/// [`TypeIncompatible::Keep`], nothing is looked at in a module that never names the attributes
/// involved (the common case).
pub fn upgrade_module_function_attributes(m: &mut Module, incompatible: TypeIncompatible) {
    if incompatible == TypeIncompatible::Keep {
        let names = &m.ctx.names;
        let named = [&b"strictfp"[..], b"implicit-section-name", b"amdgpu-unsafe-fp-atomics"];
        if named.iter().all(|n| names.lookup(n).is_none()) {
            return;
        }
    }
    let keys = Keys::new(&mut m.ctx);
    for i in 0..m.functions.len() {
        let f = m.functions[i];
        upgrade_one(m, f, incompatible, &keys);
    }
}

/// Whether `set` has the (non-string) attribute `kind`.
fn has(ctx: &Context, set: AttrsId, kind: Symbol) -> bool {
    ctx.attrs_of(set).iter().any(|a| a.kind == kind && !matches!(a.arg, AttrArg::Str(_)))
}

/// `UpgradeFunctionAttributes` of one function.
fn upgrade_one(m: &mut Module, f: GlobalId, incompatible: TypeIncompatible, keys: &Keys) {
    let Some(fd) = m.globals.get(f).and_then(|g| g.func.as_deref()) else { return };
    let defined = fd.body.is_some();
    if defined && !has(&m.ctx, fd.attrs.func, keys.strictfp) {
        strictfp_calls_to_nobuiltin(m, f, keys);
    }
    if incompatible == TypeIncompatible::Remove {
        remove_incompatible(m, f);
    }
    let ctx = &mut m.ctx;
    let Some(fd) = m.globals[f].func.as_deref() else { return };
    let mut set = fd.attrs.func;
    if let Some(value) = ctx.str_attr(set, keys.implicit_section) {
        let section = value.filter(|&v| !ctx.name(v).is_empty());
        m.globals[f].section = section;
        set = ctx.without_str_attr(set, keys.implicit_section);
    }
    if defined {
        if let Some(value) = ctx.str_attr(set, keys.unsafe_atomics) {
            if value.is_some_and(|v| ctx.name(v) == b"true") {
                mark_fp_atomics(m, f);
            }
            set = m.ctx.without_str_attr(set, keys.unsafe_atomics);
        }
    }
    if let Some(fd) = m.globals[f].func.as_deref_mut() {
        fd.attrs.func = set;
    }
}

/// The return and parameter attributes of `f` that do not fit their types, removed.
fn remove_incompatible(m: &mut Module, f: GlobalId) {
    let fn_ty = m.globals[f].value_ty;
    let Some(ret) = m.ctx.fn_ret(fn_ty) else { return };
    let params = m.ctx.fn_params(fn_ty).to_vec();
    let Some(fd) = m.globals[f].func.as_deref_mut() else { return };
    let ctx = &mut m.ctx;
    fd.attrs.ret = remove_type_incompatible(ctx, ret, fd.attrs.ret);
    for (i, set) in fd.attrs.params.iter_mut().enumerate() {
        if let Some(&ty) = params.get(i) {
            *set = remove_type_incompatible(ctx, ty, *set);
        }
    }
}

/// `StrictFPUpgradeVisitor`: in a definition without `strictfp`, each call, invoke or callbr
/// that is `strictfp` (`CallBase::isStrictFP`: its own attributes, or those of the function it
/// calls directly) loses the call-site `strictfp` and gains `nobuiltin`; calls of the
/// constrained floating-point intrinsics are left alone.
fn strictfp_calls_to_nobuiltin(m: &mut Module, f: GlobalId, keys: &Keys) {
    let ctx = &mut m.ctx;
    let globals = &m.globals;
    let callee_strictfp = |ctx: &Context, g: GlobalId| {
        globals.get(g).and_then(|gl| gl.func.as_deref()).is_some_and(|fd| has(ctx, fd.attrs.func, keys.strictfp))
    };
    let constrained = |ctx: &Context, g: GlobalId, call_ty| {
        let Some(gl) = globals.get(g) else { return false };
        let Some(name) = gl.name.map(|n| ctx.name(n)) else { return false };
        gl.value_ty == call_ty
            && name.starts_with(b"llvm.experimental.constrained.")
            && llrs_ir::intrinsics::lookup(name).is_some()
    };
    // What each call changes to, found first (the body is borrowed from the module's globals).
    let Some(body) = globals.get(f).and_then(|g| g.func.as_deref()).and_then(|fd| fd.body.as_ref()) else { return };
    let mut changes = Vec::new();
    for (id, inst) in body.insts.iter() {
        let InstExtra::Call(c) = &inst.extra else { continue };
        let callee = match inst.operands.first() {
            Some(&Value::Const(k)) => match ctx.try_const_of(k) {
                Some(&llrs_ir::Const::Global(_, g)) => Some(g),
                _ => None,
            },
            _ => None,
        };
        let strict = has(ctx, c.attrs.func, keys.strictfp) || callee.is_some_and(|g| callee_strictfp(ctx, g));
        if !strict || (inst.op == Opcode::Call && callee.is_some_and(|g| constrained(ctx, g, c.fn_ty))) {
            continue;
        }
        changes.push((id, c.attrs.func));
    }
    if changes.is_empty() {
        return;
    }
    let new_sets: Vec<AttrsId> = changes
        .iter()
        .map(|&(_, set)| {
            let mut attrs: Vec<Attr> = ctx.attrs_of(set).iter().filter(|a| a.kind != keys.strictfp).cloned().collect();
            if !attrs.iter().any(|a| a.kind == keys.nobuiltin) {
                attrs.push(Attr { kind: keys.nobuiltin, arg: AttrArg::None });
            }
            ctx.attrs(attrs)
        })
        .collect();
    let Some(body) = m.globals[f].func.as_deref_mut().and_then(|fd| fd.body.as_mut()) else { return };
    for ((id, _), set) in changes.into_iter().zip(new_sets) {
        if let InstExtra::Call(c) = &mut body.insts[id].extra {
            c.attrs.func = set;
        }
    }
}

/// `AMDGPUUnsafeFPAtomicsUpgradeVisitor`: every floating-point `atomicrmw` of `f` gets the empty
/// `!amdgpu.no.fine.grained.host.memory`, `!amdgpu.no.remote.memory.access` and
/// `!amdgpu.ignore.denormal.mode`.
fn mark_fp_atomics(m: &mut Module, f: GlobalId) {
    let ctx = &mut m.ctx;
    let empty = ctx.md_intern(MdNode::tuple(false, []));
    let kinds =
        [&b"amdgpu.no.fine.grained.host.memory"[..], b"amdgpu.no.remote.memory.access", b"amdgpu.ignore.denormal.mode"]
            .map(|k| ctx.md_kind(k));
    let Some(body) = m.globals[f].func.as_deref_mut().and_then(|fd| fd.body.as_mut()) else { return };
    for inst in body.insts.values_mut() {
        let InstExtra::Mem { rmw, .. } = inst.extra else { continue };
        let fp = RMW_OPS.get(rmw as usize).is_some_and(|op| op.starts_with('f'));
        if inst.op != Opcode::AtomicRmw || !fp {
            continue;
        }
        for k in kinds {
            match inst.md.iter_mut().find(|e| e.0 == k) {
                Some(e) => e.1 = empty,
                None => inst.md.push((k, empty)),
            }
        }
    }
}
