//! `visitFunction` (its debug-info parts are in `crate::function`): the signature and
//! attributes, calling-convention rules, argument and return types, metadata attachments,
//! declarations against definitions, the entry block, intrinsic definitions and uses.

mod uses;

#[cfg(test)]
mod tests;

pub use uses::ModuleUses;
pub(crate) use uses::Walk as UsesWalk;

use super::FnCtx;
use crate::function::FnState;
use crate::node::DiKind;
use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::module::Linkage;
use llrs_ir::{GlobalId, Md, MdId, Opcode, Symbol, Type, Value};

/// LLVM's calling-convention numbers that `visitFunction` checks.
mod cc {
    pub const FAST: u32 = 8;
    pub const COLD: u32 = 9;
    pub const PTX_KERNEL: u32 = 71;
    pub const PTX_DEVICE: u32 = 72;
    pub const SPIR_KERNEL: u32 = 76;
    pub const INTEL_OCL_BI: u32 = 77;
    pub const X86_INTR: u32 = 83;
    pub const AMDGPU_VS: u32 = 87;
    pub const AMDGPU_GS: u32 = 88;
    pub const AMDGPU_PS: u32 = 89;
    pub const AMDGPU_CS: u32 = 90;
    pub const AMDGPU_KERNEL: u32 = 91;
    pub const AMDGPU_HS: u32 = 93;
    pub const AMDGPU_CS_CHAIN: u32 = 104;
    pub const AMDGPU_CS_CHAIN_PRESERVE: u32 = 105;
    pub const AMDGPU_GFX_WHOLE_WAVE: u32 = 124;
}

impl Verifier<'_> {
    /// `visitFunction(F)`; `f` is `None` for a declaration.
    pub fn visit_function(&mut self, g: GlobalId, f: Option<&FnCtx<'_>>, st: &mut FnState) -> Step {
        // `visitGlobalValue(F)` first; its failures do not end `visitFunction`.
        let _ = self.visit_global_value(g);
        let m = self.v.m;
        let gl = &m.globals[g];
        let Some(fd) = gl.func.as_deref() else { return Some(()) };
        let fg = [Subject::Global(g)];
        let Type::Function { ret, params, vararg } = m.ctx.type_of(gl.value_ty) else { return Some(()) };
        let (ret, vararg) = (*ret, *vararg);
        let t = self.types();
        let attrs = &fd.attrs;

        self.check_module(gl.linkage != Linkage::Common, "Functions may not have common linkage", &fg)?;
        let ret_ok = t.is_first_class(ret) || t.is_void(ret) || t.is_struct(ret);
        self.check_module(ret_ok, "Functions cannot return aggregate values!", &fg)?;
        let has_sret = self.has_param_attr(attrs, 0, "sret") || self.has_param_attr(attrs, 1, "sret");
        self.check_module(!has_sret || t.is_void(ret), "Invalid struct return type!", &fg)?;
        self.check_module(self.verify_attribute_count(attrs, params.len()), "Attribute after last parameter!", &fg)?;
        let is_intrinsic = self.global_name(g).starts_with(b"llvm.");
        let _ = self.verify_function_attrs(gl.value_ty, attrs, &fg[0], is_intrinsic, false);
        self.check_module(
            !self.has_fn_attr(attrs, "builtin"),
            "Attribute 'builtin' can only be applied to a callsite.",
            &fg,
        )?;
        let elementtype = self.has_fn_attr(attrs, "elementtype")
            || self.has_ret_attr(attrs, "elementtype")
            || (0..attrs.params.len()).any(|i| self.has_param_attr(attrs, i, "elementtype"));
        self.check_module(!elementtype, "Attribute 'elementtype' can only be applied to a callsite.", &fg)?;
        let zt0_undef = self.str_attr_value(attrs.func, "aarch64_zt0_undef").is_some();
        self.check_module(!zt0_undef, "Attribute 'aarch64_zt0_undef' can only be applied to a callsite.", &[])?;
        if self.has_fn_attr(attrs, "naked") {
            if let Some(f) = f {
                for i in 0..params.len() {
                    let arg = Value::Arg(i as u32);
                    let unused = f.users(arg).is_empty();
                    self.check_module(unused, "cannot use argument of naked function", &[Subject::Value(g, arg)])?;
                }
            }
        }
        self.visit_calling_conv(g, params.len(), vararg)?;

        for (i, &ty) in params.iter().enumerate() {
            let arg = Subject::Value(g, Value::Arg(i as u32));
            self.check_module(t.is_first_class(ty), "Function arguments must have first-class types!", &[arg])?;
            if !is_intrinsic {
                let both = [arg, fg[0]];
                self.check_module(!t.is_metadata(ty), "Function takes metadata but isn't an intrinsic", &both)?;
                self.check_module(!t.is_token(ty), "Function takes token but isn't an intrinsic", &both)?;
                self.check_module(!t.is_x86_amx(ty), "Function takes x86_amx but isn't an intrinsic", &both)?;
            }
            if self.has_param_attr(attrs, i, "swifterror") {
                if let Some(f) = f {
                    let _ = self.verify_swift_error_arg(f, i as u32);
                }
            }
        }
        if !is_intrinsic {
            self.check_module(!t.is_token(ret), "Function returns a token but isn't an intrinsic", &fg)?;
            self.check_module(!t.is_x86_amx(ret), "Function returns a x86_amx but isn't an intrinsic", &fg)?;
        }
        let _ = self.verify_function_metadata(g);
        // A personality function always lives in this module.

        let mds = self.sorted_attachments(g);
        let prof = m.ctx.names.lookup(b"prof");
        let kcfi = m.ctx.names.lookup(b"kcfi_type");
        match f {
            None => {
                for &(kind, node) in &mds {
                    if Some(kind) == self.dbg {
                        let distinct = self.v.node(node).distinct;
                        self.check(!distinct, "function declaration may only have a unique !dbg attachment", &fg)?;
                    }
                    self.check_module(Some(kind) != prof, "function declaration may not have a !prof attachment", &fg)?;
                    self.visit_md_node(node, true);
                }
                self.check_module(
                    fd.personality.is_none(),
                    "Function declaration shouldn't have a personality routine",
                    &fg,
                )?;
            }
            Some(f) => {
                self.check_module(!is_intrinsic, "llvm intrinsics cannot be defined!", &fg)?;
                if let Some(entry) = f.entry() {
                    let e = [Subject::Value(g, Value::Block(entry))];
                    let no_preds = f.preds(entry).is_empty();
                    self.check_module(no_preds, "Entry block to function must not have predecessors!", &e)?;
                    let used = self.module_uses().entry_address_used.contains(&g);
                    self.check_module(!used, "blockaddress may not be used with the entry block!", &e)?;
                }
                let (mut n_dbg, mut n_prof, mut n_kcfi) = (0, 0, 0);
                for &(kind, node) in &mds {
                    let mut allow_locs = false;
                    let pair = [fg[0], Subject::Md(node)];
                    if Some(kind) == self.dbg {
                        n_dbg += 1;
                        self.check(n_dbg == 1, "function must have a single !dbg attachment", &pair)?;
                        let is_sp = self.v.is(Md::Node(node), DiKind::Subprogram);
                        self.check(is_sp, "function !dbg attachment must be a subprogram", &pair)?;
                        let distinct = self.v.node(node).distinct;
                        self.check(distinct, "function definition may only have a distinct !dbg attachment", &fg)?;
                        let prev = *self.sp_attachments.entry(node).or_insert(g);
                        self.check(
                            prev == g,
                            "DISubprogram attached to more than one function",
                            &[Subject::Md(node), fg[0]],
                        )?;
                        allow_locs = true;
                    } else if Some(kind) == prof {
                        n_prof += 1;
                        self.check_module(n_prof == 1, "function must have a single !prof attachment", &pair)?;
                    } else if Some(kind) == kcfi {
                        n_kcfi += 1;
                        self.check_module(n_kcfi == 1, "function must have a single !kcfi_type attachment", &pair)?;
                    }
                    self.visit_md_node(node, allow_locs);
                }
            }
        }
        if is_intrinsic {
            if let Some(&user) = self.module_uses().intrinsic_offender.get(&g) {
                self.fail_module("Invalid user of intrinsic instruction!", &[user]);
                return None;
            }
        }
        self.check_gc_pointer_intrinsics(g)?;

        st.has_debug_info = self.subprogram_attached(g).is_some();
        if let Some(sp) = self.subprogram_attached(g) {
            self.check_locations_lead_to(g, sp, st.number);
        }
        Some(())
    }

    /// `verifySwiftErrorValue(&Arg)`: a `swifterror` argument is only loaded, stored to, or passed
    /// as a `swifterror` argument (`verifySwiftErrorCall`).
    fn verify_swift_error_arg(&mut self, f: &FnCtx<'_>, arg: u32) -> Step {
        let val = Value::Arg(arg);
        let vs = Subject::Value(f.g, val);
        for u in f.users(val) {
            let inst = f.inst(u.user);
            let pair = [vs, Subject::Inst(f.g, u.user)];
            let op = inst.op;
            self.check_module(
                matches!(op, Opcode::Load | Opcode::Store | Opcode::Call | Opcode::Invoke),
                "swifterror value can only be loaded and stored from, or as a swifterror argument!",
                &pair,
            )?;
            if op == Opcode::Store {
                self.check_module(
                    inst.operands.get(1) == Some(&val),
                    "swifterror value should be the second operand when used by stores",
                    &pair,
                )?;
            }
            if let Some(cd) = inst.call() {
                let callee = self.callee_fn(inst);
                let args = inst.operands.get(1..1 + cd.num_args as usize).unwrap_or(&[]);
                for (k, &a) in args.iter().enumerate() {
                    if a != val {
                        continue;
                    }
                    let marked = self.attr(cd.attrs.param(k), "swifterror").is_some()
                        || callee
                            .and_then(|c| self.v.m.globals.get(c)?.func.as_deref())
                            .is_some_and(|fd| self.attr(fd.attrs.param(k), "swifterror").is_some());
                    if !marked {
                        self.fail_module(
                            "swifterror value when used in a callsite should be marked with swifterror attribute",
                            &pair,
                        );
                        break;
                    }
                }
            }
        }
        Some(())
    }

    /// The calling-convention rules of `visitFunction`.
    fn visit_calling_conv(&mut self, g: GlobalId, nargs: usize, vararg: bool) -> Step {
        let m = self.v.m;
        let gl = &m.globals[g];
        let Some(fd) = gl.func.as_deref() else { return Some(()) };
        let attrs = &fd.attrs;
        let fg = [Subject::Global(g)];
        let conv = fd.cconv;
        let ret_void = m.ctx.fn_ret(gl.value_ty).is_some_and(|r| self.types().is_void(r));
        use cc::*;
        match conv {
            X86_INTR => {
                let ok = nargs == 0 || self.has_param_attr(attrs, 0, "byval");
                self.check_module(ok, "Calling convention parameter requires byval", &fg)?;
                return Some(());
            }
            AMDGPU_KERNEL
            | SPIR_KERNEL
            | AMDGPU_CS_CHAIN
            | AMDGPU_CS_CHAIN_PRESERVE
            | AMDGPU_VS
            | AMDGPU_HS
            | AMDGPU_GS
            | AMDGPU_PS
            | AMDGPU_CS => {
                if matches!(conv, AMDGPU_KERNEL | SPIR_KERNEL | AMDGPU_CS_CHAIN | AMDGPU_CS_CHAIN_PRESERVE) {
                    self.check_module(ret_void, "Calling convention requires void return type", &fg)?;
                }
                let has_sret = self.has_param_attr(attrs, 0, "sret") || self.has_param_attr(attrs, 1, "sret");
                self.check_module(!has_sret, "Calling convention does not allow sret", &fg)?;
                if conv != SPIR_KERNEL {
                    let stack_as = self.data_layout().alloca_addr_space();
                    let params = m.ctx.fn_params(gl.value_ty);
                    for (i, &ty) in params.iter().enumerate() {
                        let h = |s: &Self, k| s.has_param_attr(attrs, i, k);
                        self.check_module(!h(self, "byval"), "Calling convention disallows byval", &fg)?;
                        self.check_module(!h(self, "preallocated"), "Calling convention disallows preallocated", &fg)?;
                        self.check_module(!h(self, "inalloca"), "Calling convention disallows inalloca", &fg)?;
                        if h(self, "byref") {
                            if let Some(a) = self.types().ptr_addrspace(ty).filter(|_| self.types().is_ptr(ty)) {
                                self.check_module(a != stack_as, "Calling convention disallows stack byref", &fg)?;
                            }
                        }
                    }
                }
            }
            AMDGPU_GFX_WHOLE_WAVE => {
                let params = m.ctx.fn_params(gl.value_ty);
                let i1 = params.first().is_some_and(|&p| self.types().int_bits(p) == Some(1));
                self.check_module(i1, "Calling convention requires first argument to be i1", &fg)?;
                self.check_module(
                    !self.has_param_attr(attrs, 0, "inreg"),
                    "Calling convention requires first argument to not be inreg",
                    &fg,
                )?;
            }
            FAST | COLD | INTEL_OCL_BI | PTX_KERNEL | PTX_DEVICE => {}
            _ => return Some(()),
        }
        self.check_module(!vararg, "Calling convention does not support varargs or perfect forwarding!", &fg)
    }

    /// The signature checks of `llvm.experimental.gc.get.pointer.base` and `.offset`.
    fn check_gc_pointer_intrinsics(&mut self, g: GlobalId) -> Step {
        let m = self.v.m;
        let name = self.global_name(g);
        let fty = m.globals[g].value_ty;
        let params = m.ctx.fn_params(fty);
        let Some(ret) = m.ctx.fn_ret(fty) else { return Some(()) };
        let t = self.types();
        let fg = [Subject::Global(g)];
        let base = name == b"llvm.experimental.gc.get.pointer.base"
            || name.starts_with(b"llvm.experimental.gc.get.pointer.base.");
        let offset = name == b"llvm.experimental.gc.get.pointer.offset"
            || name.starts_with(b"llvm.experimental.gc.get.pointer.offset.");
        if base {
            self.check_module(params.len() == 1, "wrong number of parameters", &fg)?;
            self.check_module(t.is_ptr(ret), "gc.get.pointer.base must return a pointer", &fg)?;
            self.check_module(
                params.first() == Some(&ret),
                "gc.get.pointer.base operand and result must be of the same type",
                &fg,
            )?;
        } else if offset {
            self.check_module(params.len() == 1, "wrong number of parameters", &fg)?;
            let ok = params.first().is_some_and(|&p| t.is_ptr(p));
            self.check_module(ok, "gc.get.pointer.offset operand must be a pointer", &fg)?;
            self.check_module(t.is_int(ret), "gc.get.pointer.offset must return integer", &fg)?;
        }
        Some(())
    }

    /// `F.getAllMetadata()`: the attachments by kind number (stable).
    fn sorted_attachments(&self, g: GlobalId) -> Vec<(Symbol, MdId)> {
        let c = &self.v.m.ctx;
        let mut v: Vec<(Symbol, MdId)> = self.v.m.globals[g].md.to_vec();
        v.sort_by_key(|(k, _)| c.md_kind_id(*k));
        v
    }

    /// `Attrs.hasParamAttr(i, kind)`.
    fn has_param_attr(&self, attrs: &llrs_ir::instructions::AttrList, i: usize, kind: &str) -> bool {
        self.attr(attrs.param(i), kind).is_some()
    }

    /// `Attrs.hasFnAttr(kind)`.
    fn has_fn_attr(&self, attrs: &llrs_ir::instructions::AttrList, kind: &str) -> bool {
        self.attr(attrs.func, kind).is_some()
    }

    /// `Attrs.hasRetAttr(kind)`.
    fn has_ret_attr(&self, attrs: &llrs_ir::instructions::AttrList, kind: &str) -> bool {
        self.attr(attrs.ret, kind).is_some()
    }
}
