//! LLVM's `UpgradeARCRuntime`: calls of the Objective-C ARC runtime functions become calls of
//! the `llvm.objc.*` intrinsics. `clang.arc.use` always; the runtime functions (`objc_retain`,
//! `objc_release`, ...) only in a module that still has the old
//! `!clang.arc.retainAutoreleasedReturnValueMarker`, which becomes a module flag
//! (`upgradeRetainReleaseMarker`).

use crate::local::{callee_of, local_value_ty, replace_local_refs, LocalRef};
use llrs_ir::fold::{cast_is_valid, get_cast, poison};
use llrs_ir::instructions::{AttrList, CallData, InstExtra};
use llrs_ir::metadata::MdKind;
use llrs_ir::module::User;
use llrs_ir::{Const, Context, GlobalId, GlobalKind, InstData, InstId, Md, MdNode, Module, Opcode, TypeId, Value};

/// `clang.arc.use`, upgraded in every module.
const ARC_USE: (&str, &str) = ("clang.arc.use", "llvm.objc.clang.arc.use");

/// The runtime functions and their intrinsics, in LLVM's order (which is the order the new
/// declarations are made in).
const RUNTIME: [(&str, &str); 29] = [
    ("objc_autorelease", "llvm.objc.autorelease"),
    ("objc_autoreleasePoolPop", "llvm.objc.autoreleasePoolPop"),
    ("objc_autoreleasePoolPush", "llvm.objc.autoreleasePoolPush"),
    ("objc_autoreleaseReturnValue", "llvm.objc.autoreleaseReturnValue"),
    ("objc_copyWeak", "llvm.objc.copyWeak"),
    ("objc_destroyWeak", "llvm.objc.destroyWeak"),
    ("objc_initWeak", "llvm.objc.initWeak"),
    ("objc_loadWeak", "llvm.objc.loadWeak"),
    ("objc_loadWeakRetained", "llvm.objc.loadWeakRetained"),
    ("objc_moveWeak", "llvm.objc.moveWeak"),
    ("objc_release", "llvm.objc.release"),
    ("objc_retain", "llvm.objc.retain"),
    ("objc_retainAutorelease", "llvm.objc.retainAutorelease"),
    ("objc_retainAutoreleaseReturnValue", "llvm.objc.retainAutoreleaseReturnValue"),
    ("objc_retainAutoreleasedReturnValue", "llvm.objc.retainAutoreleasedReturnValue"),
    ("objc_retainBlock", "llvm.objc.retainBlock"),
    ("objc_storeStrong", "llvm.objc.storeStrong"),
    ("objc_storeWeak", "llvm.objc.storeWeak"),
    ("objc_unsafeClaimAutoreleasedReturnValue", "llvm.objc.unsafeClaimAutoreleasedReturnValue"),
    ("objc_retainedObject", "llvm.objc.retainedObject"),
    ("objc_unretainedObject", "llvm.objc.unretainedObject"),
    ("objc_unretainedPointer", "llvm.objc.unretainedPointer"),
    ("objc_retain_autorelease", "llvm.objc.retain.autorelease"),
    ("objc_sync_enter", "llvm.objc.sync.enter"),
    ("objc_sync_exit", "llvm.objc.sync.exit"),
    ("objc_arc_annotation_topdown_bbstart", "llvm.objc.arc.annotation.topdown.bbstart"),
    ("objc_arc_annotation_topdown_bbend", "llvm.objc.arc.annotation.topdown.bbend"),
    ("objc_arc_annotation_bottomup_bbstart", "llvm.objc.arc.annotation.bottomup.bbstart"),
    ("objc_arc_annotation_bottomup_bbend", "llvm.objc.arc.annotation.bottomup.bbend"),
];

/// The named metadata of the old marker, and the key of the module flag it becomes.
const MARKER_KEY: &[u8] = b"clang.arc.retainAutoreleasedReturnValueMarker";

/// `UpgradeARCRuntime`: calls of `clang.arc.use` become calls of `llvm.objc.clang.arc.use`; then,
/// if the module has the old `!clang.arc.retainAutoreleasedReturnValueMarker` (which becomes an
/// `Error` module flag, see [`upgrade_retain_release_marker`]), calls of the ARC runtime functions
/// (`objc_retain`, `objc_release`, ... 29 of them) become calls of their `llvm.objc.*`
/// intrinsics.
///
/// For each old function the module has, the intrinsic is declared (at the end of the function
/// list) and every direct `call` of it whose function type is the old function's is rebuilt as
/// a call of the intrinsic: the name, the tail marker and `!dbg` stay; attributes, other
/// metadata, the calling convention and operand bundles go. Arguments (and the result) whose
/// type differs from the intrinsic's are bitcast, and a call is left alone when such a bitcast
/// would not be valid. The old function is removed when nothing but metadata uses it any more
/// (metadata tuples that named it then hold `null` and become distinct, as in LLVM).
///
/// The new declarations have no attributes: the reader gives intrinsics theirs. Returns whether
/// functions were declared or removed (the module's functions are then not the ones it had).
pub fn upgrade_arc_runtime(m: &mut Module) -> bool {
    let mut changed = upgrade_to_intrinsic(m, ARC_USE);
    if !upgrade_retain_release_marker(m) {
        return changed;
    }
    for entry in RUNTIME {
        changed |= upgrade_to_intrinsic(m, entry);
    }
    changed
}

/// `upgradeRetainReleaseMarker`: the string of the first node of the named metadata
/// `!clang.arc.retainAutoreleasedReturnValueMarker` becomes the value of the module flag
/// `!{i32 1, !"clang.arc.retainAutoreleasedReturnValueMarker", !"..."}` (with its `#` made a
/// `;` when it has exactly one), and the named metadata is removed. Returns whether it was
/// there (with a string first); nothing changes otherwise.
pub fn upgrade_retain_release_marker(m: &mut Module) -> bool {
    let Some(key) = m.ctx.names.lookup(MARKER_KEY) else { return false };
    let Some(slot) = m.named_md.iter().position(|(n, _)| *n == key) else { return false };
    let Some(&first) = m.named_md[slot].1.first() else { return false };
    let node = m.ctx.md(first);
    if node.kind != MdKind::Tuple {
        return false;
    }
    let Some(&Md::Str(id)) = node.ops.first() else { return false };
    let text = m.ctx.name(id);
    let mut value = id;
    let parts: Vec<&[u8]> = text.split(|&c| c == b'#').collect();
    if let [before, after] = parts[..] {
        let joined = [before, b";", after].concat();
        value = m.ctx.sym_bytes(&joined);
    }
    add_error_flag(m, key, value);
    m.named_md.retain(|(n, _)| *n != key);
    true
}

/// `Module::addModuleFlag(Module::Error, key, !"value")`: appends the flag to
/// `!llvm.module.flags`, made at the end of the named metadata when missing.
fn add_error_flag(m: &mut Module, key: llrs_ir::Symbol, value: llrs_ir::Symbol) {
    let ctx = &mut m.ctx;
    let i32t = ctx.int_ty(32);
    let behavior = Md::Const(ctx.const_int(i32t, 1));
    let node = ctx.md_intern(MdNode::tuple(false, [behavior, Md::Str(key), Md::Str(value)]));
    let flags = ctx.sym_bytes(b"llvm.module.flags");
    match m.named_md.iter_mut().find(|(n, _)| *n == flags) {
        Some((_, nodes)) => nodes.push(node),
        None => m.named_md.push((flags, vec![node])),
    }
}

/// The function named `name`, if the module has one.
fn function_named(m: &Module, name: &[u8]) -> Option<GlobalId> {
    let sym = m.ctx.names.lookup(name)?;
    m.functions.iter().copied().find(|&g| m.globals[g].name == Some(sym))
}

/// `Intrinsic::getOrInsertDeclaration` of a non-overloaded intrinsic: the function of that name
/// (whatever its type), else a new declaration of the intrinsic's type at the end of the
/// function list. `None` when another kind of global holds the name.
fn get_or_insert_decl(m: &mut Module, name: &str) -> Option<GlobalId> {
    if let Some(sym) = m.ctx.names.lookup(name.as_bytes()) {
        let lists = [&m.vars, &m.functions, &m.aliases, &m.ifuncs];
        if let Some(g) = lists.into_iter().flatten().copied().find(|&g| m.globals[g].name == Some(sym)) {
            return (m.globals[g].kind == GlobalKind::Function).then_some(g);
        }
    }
    let (_, fn_ty) = llrs_ir::intrinsic_sig::intrinsic_declaration(&mut m.ctx, name, &[])?;
    let g = m.add_function(name, fn_ty);
    m.globals[g].addrspace = crate::intrinsics::program_addrspace(m);
    Some(g)
}

/// `UpgradeARCRuntime`'s `UpgradeToIntrinsic`: the calls of one old function. Returns whether
/// functions were declared or removed.
fn upgrade_to_intrinsic(m: &mut Module, (old_name, new_name): (&str, &str)) -> bool {
    let Some(old) = function_named(m, old_name.as_bytes()) else { return false };
    let before = m.functions.len();
    let Some(new) = get_or_insert_decl(m, new_name) else { return false };
    let mut changed = m.functions.len() != before;
    let old_ty = m.globals[old].value_ty;
    let new_ty = m.globals[new].value_ty;
    let callee_ty = m.ctx.ptr_ty(m.globals[new].addrspace);
    let callee = Value::Const(m.ctx.konst(Const::Global(callee_ty, new)));
    let dbg_kind = m.ctx.md_kind(b"dbg");
    for i in 0..m.functions.len() {
        let f = m.functions[i];
        let Some(fd) = m.globals[f].func.as_deref() else { continue };
        let Some(body) = fd.body.as_ref() else { continue };
        let calls: Vec<InstId> = body
            .inst_order()
            .filter(|&id| {
                let d = &body.insts[id];
                d.op == Opcode::Call && d.call().is_some_and(|c| c.fn_ty == old_ty) && callee_of(&m.ctx, d) == Some(old)
            })
            .collect();
        if calls.is_empty() {
            continue;
        }
        let Some(mut body) = m.globals[f].func.as_deref_mut().and_then(|fd| fd.body.take()) else { continue };
        let params = m.ctx.fn_params(m.globals[f].value_ty).to_vec();
        let mut up = CallUpgrade { ctx: &mut m.ctx, body: &mut body, params: &params, dbg_kind };
        for call in calls {
            up.upgrade_call(call, callee, new_ty);
        }
        body.invalidate_uses();
        if let Some(fd) = m.globals[f].func.as_deref_mut() {
            fd.body = Some(body);
        }
    }
    // The old function goes when only metadata still names it.
    let uses = m.uses_of(old);
    if uses.iter().all(|u| matches!(u.user, User::Metadata(_))) {
        for u in uses {
            if let User::Metadata(id) = u.user {
                drop_global_from_tuple(&mut m.ctx, id, old);
            }
        }
        m.functions.retain(|&g| g != old);
        changed = true;
    }
    changed
}

/// What a metadata tuple that named a deleted global becomes in LLVM: `null` in its place, and
/// the node distinct.
fn drop_global_from_tuple(ctx: &mut Context, id: llrs_ir::MdId, g: GlobalId) {
    let node = ctx.md(id);
    if node.kind != MdKind::Tuple {
        return;
    }
    let names_g = |md: &Md| matches!(md, Md::Const(c) if matches!(ctx.const_of(*c), Const::Global(_, x) if *x == g));
    if !node.ops.iter().any(names_g) {
        return;
    }
    let ops: Vec<Md> = node.ops.iter().map(|md| if names_g(md) { Md::Null } else { *md }).collect();
    ctx.md_set(id, MdNode::tuple(true, ops));
}

/// The rewriting of calls in one body.
struct CallUpgrade<'a> {
    ctx: &'a mut Context,
    body: &'a mut llrs_ir::Body,
    /// The parameter types of the function that holds the body.
    params: &'a [TypeId],
    /// The `!dbg` kind.
    dbg_kind: llrs_ir::Symbol,
}

impl CallUpgrade<'_> {
    /// One call of the old function made a call of `callee` (of type `new_ty`), when every
    /// bitcast it needs is valid.
    fn upgrade_call(&mut self, call: InstId, callee: Value, new_ty: TypeId) {
        let Some(block) = *self.body.inst_block.get(call) else { return };
        let old_ret = self.body.insts[call].ty;
        let Some(new_ret) = self.ctx.fn_ret(new_ty) else { return };
        if new_ret != old_ret && !cast_is_valid(self.ctx, Opcode::BitCast, old_ret, new_ret) {
            return;
        }
        let d = &self.body.insts[call];
        let Some(cd) = d.call() else { return };
        let args: Vec<Value> = d.operands.iter().skip(1).take(cd.num_args as usize).copied().collect();
        let tail = cd.tail;
        let dbg = d.md.iter().find(|(k, _)| *k == self.dbg_kind).map(|&(_, n)| n);
        let params = self.ctx.fn_params(new_ty).to_vec();
        // Each argument with the type of its parameter: (argument, type, parameter type).
        let mut casts = Vec::new();
        for (i, &arg) in args.iter().enumerate() {
            let Some(&param) = params.get(i) else { break };
            let Some(ty) = local_value_ty(self.ctx, self.body, self.params, arg) else { return };
            if !cast_is_valid(self.ctx, Opcode::BitCast, ty, param) {
                return;
            }
            casts.push((i, ty, param));
        }
        let mut new_args = args;
        let mut inserted = Vec::new();
        for (i, ty, param) in casts {
            if ty == param {
                continue;
            }
            new_args[i] = match new_args[i] {
                Value::Const(c) => Value::Const(get_cast(self.ctx, Opcode::BitCast, c, param)),
                v => {
                    let mut cast = InstData::new(Opcode::BitCast, param, [v]);
                    cast.md.extend(dbg.map(|n| (self.dbg_kind, n)));
                    let index = self.position(block, call);
                    let id = self.body.insert_inst(block, index, cast);
                    inserted.push(id);
                    Value::Inst(id)
                }
            };
        }
        // Debug records before the call stay before the first instruction made for it.
        if let Some(&first) = inserted.first() {
            let records = std::mem::take(&mut self.body.insts[call].dbg_records);
            self.body.insts[first].dbg_records = records;
        }
        let used = self.is_used(call);
        let d = &mut self.body.insts[call];
        d.operands = std::iter::once(callee).chain(new_args.iter().copied()).collect();
        d.ty = new_ret;
        d.flags = 0;
        d.fmf = 0;
        d.md = dbg.map(|n| (self.dbg_kind, n)).into_iter().collect();
        d.extra = InstExtra::Call(Box::new(CallData {
            fn_ty: new_ty,
            cconv: 0,
            attrs: AttrList::default(),
            bundles: Vec::new(),
            tail,
            num_args: new_args.len() as u32,
        }));
        // The result, bitcast back to the old call's type.
        let mut result = call;
        if new_ret != old_ret {
            let mut cast = InstData::new(Opcode::BitCast, old_ret, [Value::Inst(call)]);
            cast.md.extend(dbg.map(|n| (self.dbg_kind, n)));
            let index = self.position(block, call) + 1;
            result = self.body.insert_inst(block, index, cast);
        }
        if used {
            // `replaceAllUsesWith`, metadata included.
            if result != call {
                replace_local_refs(self.body, call, LocalRef::Inst(result), result);
            }
        } else {
            // The old call is deleted unused: metadata that named it holds `poison`.
            let p = poison(self.ctx, old_ret);
            replace_local_refs(self.body, call, LocalRef::Poison(p), result);
        }
    }

    /// The index of `inst` in `block`.
    fn position(&self, block: llrs_ir::BlockId, inst: InstId) -> usize {
        self.body.blocks[block].insts.iter().position(|&i| i == inst).unwrap_or(0)
    }

    /// Whether an instruction operand or an operand-bundle input uses `inst` (LLVM's
    /// `!use_empty()`: metadata is no use).
    fn is_used(&self, inst: InstId) -> bool {
        let v = Value::Inst(inst);
        self.body.inst_order().any(|i| {
            let d = &self.body.insts[i];
            d.operands.contains(&v) || d.call().is_some_and(|c| c.bundles.iter().any(|b| b.inputs.contains(&v)))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_intrinsic_is_known() {
        let mut ctx = Context::default();
        for (_, name) in std::iter::once(ARC_USE).chain(RUNTIME) {
            assert!(llrs_ir::intrinsic_sig::intrinsic_declaration(&mut ctx, name, &[]).is_some(), "{name}");
        }
    }
}
