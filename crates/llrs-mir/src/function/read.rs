//! Reading a machine function document as `yamlize(In, YamlMF)` does: keys in the mapping
//! traits' order, LLVM's defaults, required keys and value checks.

use super::model::*;
use super::target_info::{read_function_info, TargetKind};
use crate::yaml::input::*;
use crate::yaml::tree::{Kind, Node};

/// Reads the document `root` as a machine function of a `target` function.
pub fn read_function(root: &Node, target: TargetKind) -> YResult<MachineFunction> {
    let mut mf = MachineFunction::default();
    let mut m = MapIn::new(root);
    mf.name = m.req("name", string)?;
    mf.alignment = m.opt("alignment", 0, maybe_align)?;
    for (key, field) in [
        ("exposesReturnsTwice", &mut mf.exposes_returns_twice),
        ("legalized", &mut mf.legalized),
        ("regBankSelected", &mut mf.reg_bank_selected),
        ("selected", &mut mf.selected),
        ("failedISel", &mut mf.failed_isel),
        ("tracksRegLiveness", &mut mf.tracks_reg_liveness),
        ("hasWinCFI", &mut mf.has_win_cfi),
    ] {
        *field = m.opt(key, false, boolean)?;
    }
    for (key, field) in [
        ("noPhis", &mut mf.no_phis),
        ("isSSA", &mut mf.is_ssa),
        ("noVRegs", &mut mf.no_vregs),
        ("hasFakeUses", &mut mf.has_fake_uses),
    ] {
        *field = m.opt(key, None, |n| boolean(n).map(Some))?;
    }
    for (key, field) in [
        ("callsEHReturn", &mut mf.calls_eh_return),
        ("callsUnwindInit", &mut mf.calls_unwind_init),
        ("hasEHContTarget", &mut mf.has_eh_cont_target),
        ("hasEHScopes", &mut mf.has_eh_scopes),
        ("hasEHFunclets", &mut mf.has_eh_funclets),
        ("isOutlined", &mut mf.is_outlined),
        ("debugInstrRef", &mut mf.debug_instr_ref),
        ("failsVerification", &mut mf.fails_verification),
        ("tracksDebugUserValues", &mut mf.tracks_debug_user_values),
    ] {
        *field = m.opt(key, false, boolean)?;
    }
    mf.registers = m.opt("registers", Vec::new(), |n| seq_of(n, read_vreg))?;
    mf.liveins = m.opt("liveins", Vec::new(), |n| seq_of(n, read_livein))?;
    mf.callee_saved_registers = m.opt("calleeSavedRegisters", None, |n| seq_of(n, string).map(Some))?;
    mf.frame_info = m.opt("frameInfo", FrameInfo::default(), read_frame_info)?;
    mf.fixed_stack = m.opt("fixedStack", Vec::new(), |n| seq_of(n, read_fixed_object))?;
    mf.stack = m.opt("stack", Vec::new(), |n| seq_of(n, read_stack_object))?;
    mf.entry_values = m.opt("entry_values", Vec::new(), |n| seq_of(n, read_entry_value))?;
    mf.call_sites = m.opt("callSites", Vec::new(), |n| seq_of(n, read_call_site))?;
    mf.debug_value_substitutions = m.opt("debugValueSubstitutions", Vec::new(), |n| seq_of(n, read_substitution))?;
    mf.constants = m.opt("constants", Vec::new(), |n| seq_of(n, read_constant))?;
    mf.function_info = match m.optional("machineFunctionInfo")? {
        Some(n) => {
            if target == TargetKind::Amdgpu {
                mf.info_registers = super::amdgpu_info::register_refs(n);
            }
            read_function_info(n, target)?
        }
        None => read_function_info(&Node { kind: Kind::Null, start: root.start, flow: false }, target)?,
    };
    mf.jump_table = m.opt("jumpTable", JumpTable::default(), read_jump_table)?;
    mf.machine_metadata_nodes = m.opt("machineMetadataNodes", Vec::new(), |n| seq_of(n, string))?;
    mf.called_globals = m.opt("calledGlobals", Vec::new(), |n| seq_of(n, read_called_global))?;
    if let Some(n) = m.optional("body")? {
        let s = scalar(n)?;
        mf.body = Body { text: s.to_string(), start: n.start };
    }
    m.finish()?;
    Ok(mf)
}

/// Reads every element of a sequence with `f`.
pub fn seq_of<T>(n: &Node, mut f: impl FnMut(&Node) -> YResult<T>) -> YResult<Vec<T>> {
    sequence(n)?.iter().map(&mut f).collect()
}

fn read_vreg(n: &Node) -> YResult<VirtualRegister> {
    let mut m = MapIn::new(n);
    let r = VirtualRegister {
        id: m.req("id", uval)?,
        class: m.req("class", string)?,
        preferred_register: m.opt("preferred-register", StrVal::default(), string)?,
        flags: m.opt("flags", Vec::new(), |n| seq_of(n, string))?,
    };
    m.finish()?;
    Ok(r)
}

fn read_livein(n: &Node) -> YResult<LiveIn> {
    let mut m = MapIn::new(n);
    let r = LiveIn { reg: m.req("reg", string)?, virtual_reg: m.opt("virtual-reg", StrVal::default(), string)? };
    m.finish()?;
    Ok(r)
}

fn read_sr_point(n: &Node) -> YResult<SaveRestorePoint> {
    let mut m = MapIn::new(n);
    let r = SaveRestorePoint {
        point: m.req("point", string)?,
        registers: m.opt("registers", Vec::new(), |n| seq_of(n, string))?,
    };
    m.finish()?;
    Ok(r)
}

fn read_frame_info(n: &Node) -> YResult<FrameInfo> {
    let mut m = MapIn::new(n);
    let mut f = FrameInfo {
        is_frame_address_taken: m.opt("isFrameAddressTaken", false, boolean)?,
        is_return_address_taken: m.opt("isReturnAddressTaken", false, boolean)?,
        has_stack_map: m.opt("hasStackMap", false, boolean)?,
        has_patch_point: m.opt("hasPatchPoint", false, boolean)?,
        stack_size: m.opt("stackSize", 0, u64_)?,
        offset_adjustment: m.opt("offsetAdjustment", 0, i32_)?,
        max_alignment: m.opt("maxAlignment", 0, u32_)?,
        adjusts_stack: m.opt("adjustsStack", false, boolean)?,
        has_calls: m.opt("hasCalls", false, boolean)?,
        stack_protector: m.opt("stackProtector", StrVal::default(), string)?,
        function_context: m.opt("functionContext", StrVal::default(), string)?,
        max_call_frame_size: m.opt("maxCallFrameSize", u32::MAX, u32_)?,
        ..FrameInfo::default()
    };
    f.cv_bytes_of_callee_saved_registers = m.opt("cvBytesOfCalleeSavedRegisters", 0, u32_)?;
    f.has_opaque_sp_adjustment = m.opt("hasOpaqueSPAdjustment", false, boolean)?;
    f.has_va_start = m.opt("hasVAStart", false, boolean)?;
    f.has_must_tail_in_var_arg_func = m.opt("hasMustTailInVarArgFunc", false, boolean)?;
    f.has_tail_call = m.opt("hasTailCall", false, boolean)?;
    f.is_callee_saved_info_valid = m.opt("isCalleeSavedInfoValid", false, boolean)?;
    f.local_frame_size = m.opt("localFrameSize", 0, u32_)?;
    f.save_points = m.opt("savePoint", Vec::new(), |n| seq_of(n, read_sr_point))?;
    f.restore_points = m.opt("restorePoint", Vec::new(), |n| seq_of(n, read_sr_point))?;
    m.finish()?;
    Ok(f)
}

fn stack_id(n: &Node) -> YResult<usize> {
    enumeration(n, &STACK_IDS)
}

fn read_fixed_object(n: &Node) -> YResult<FixedStackObject> {
    let mut m = MapIn::new(n);
    let mut o = FixedStackObject { id: m.req("id", uval)?, ..FixedStackObject::default() };
    o.spill_slot = m.opt("type", 0, |n| enumeration(n, &["default", "spill-slot"]))? == 1;
    o.offset = m.opt("offset", 0, i64_)?;
    o.size = m.opt("size", 0, u64_)?;
    o.alignment = m.opt("alignment", 0, maybe_align)?;
    o.stack_id = m.opt("stack-id", 0, stack_id)?;
    if !o.spill_slot {
        o.is_immutable = m.opt("isImmutable", false, boolean)?;
        o.is_aliased = m.opt("isAliased", false, boolean)?;
    }
    o.callee_saved_register = m.opt("callee-saved-register", StrVal::default(), string)?;
    o.callee_saved_restored = m.opt("callee-saved-restored", true, boolean)?;
    o.debug_var = m.opt("debug-info-variable", StrVal::default(), string)?;
    o.debug_expr = m.opt("debug-info-expression", StrVal::default(), string)?;
    o.debug_loc = m.opt("debug-info-location", StrVal::default(), string)?;
    m.finish()?;
    Ok(o)
}

fn read_stack_object(n: &Node) -> YResult<StackObject> {
    let mut m = MapIn::new(n);
    let mut o = StackObject { id: m.req("id", uval)?, ..StackObject::default() };
    o.name = m.opt("name", StrVal::default(), string)?;
    o.ty = match m.opt("type", 0, |n| enumeration(n, &["default", "spill-slot", "variable-sized"]))? {
        1 => StackObjectType::SpillSlot,
        2 => StackObjectType::VariableSized,
        _ => StackObjectType::Default,
    };
    o.offset = m.opt("offset", 0, i64_)?;
    if o.ty != StackObjectType::VariableSized {
        o.size = m.req("size", u64_)?;
    }
    o.alignment = m.opt("alignment", 0, maybe_align)?;
    o.stack_id = m.opt("stack-id", 0, stack_id)?;
    o.callee_saved_register = m.opt("callee-saved-register", StrVal::default(), string)?;
    o.callee_saved_restored = m.opt("callee-saved-restored", true, boolean)?;
    o.local_offset = m.opt("local-offset", None, |n| i64_(n).map(Some))?;
    o.debug_var = m.opt("debug-info-variable", StrVal::default(), string)?;
    o.debug_expr = m.opt("debug-info-expression", StrVal::default(), string)?;
    o.debug_loc = m.opt("debug-info-location", StrVal::default(), string)?;
    m.finish()?;
    Ok(o)
}

fn read_entry_value(n: &Node) -> YResult<EntryValue> {
    let mut m = MapIn::new(n);
    let e = EntryValue {
        register: m.req("entry-value-register", string)?,
        debug_var: m.req("debug-info-variable", string)?,
        debug_expr: m.req("debug-info-expression", string)?,
        debug_loc: m.req("debug-info-location", string)?,
    };
    m.finish()?;
    Ok(e)
}

fn read_arg_reg(n: &Node) -> YResult<ArgReg> {
    let mut m = MapIn::new(n);
    let a = ArgReg { arg: m.req("arg", u16_)?, reg: m.req("reg", string)? };
    m.finish()?;
    Ok(a)
}

fn read_call_site(n: &Node) -> YResult<CallSite> {
    let mut m = MapIn::new(n);
    let c = CallSite {
        bb: m.req("bb", u32_)?,
        offset: m.req("offset", u32_)?,
        fwd_arg_regs: m.opt("fwdArgRegs", Vec::new(), |n| seq_of(n, read_arg_reg))?,
        callee_type_ids: m.opt("calleeTypeIds", Vec::new(), |n| seq_of(n, u64_))?,
    };
    m.finish()?;
    Ok(c)
}

fn read_substitution(n: &Node) -> YResult<DebugValueSubstitution> {
    let mut m = MapIn::new(n);
    let s = DebugValueSubstitution {
        src_inst: m.req("srcinst", u32_)?,
        src_op: m.req("srcop", u32_)?,
        dst_inst: m.req("dstinst", u32_)?,
        dst_op: m.req("dstop", u32_)?,
        subreg: m.req("subreg", u32_)?,
    };
    m.finish()?;
    Ok(s)
}

fn read_constant(n: &Node) -> YResult<Constant> {
    let mut m = MapIn::new(n);
    let c = Constant {
        id: m.req("id", uval)?,
        value: m.opt("value", StrVal::default(), string)?,
        alignment: m.opt("alignment", 0, maybe_align)?,
        is_target_specific: m.opt("isTargetSpecific", false, boolean)?,
    };
    m.finish()?;
    Ok(c)
}

fn read_jump_table(n: &Node) -> YResult<JumpTable> {
    let mut m = MapIn::new(n);
    let kind = m.req("kind", |n| enumeration(n, &JT_KINDS))?;
    let entries = m.opt("entries", Vec::new(), |n| {
        seq_of(n, |e| {
            let mut m = MapIn::new(e);
            let r =
                JumpTableEntry { id: m.req("id", uval)?, blocks: m.opt("blocks", Vec::new(), |n| seq_of(n, string))? };
            m.finish()?;
            Ok(r)
        })
    })?;
    m.finish()?;
    Ok(JumpTable { kind, entries })
}

fn read_called_global(n: &Node) -> YResult<CalledGlobal> {
    let mut m = MapIn::new(n);
    let c = CalledGlobal {
        bb: m.req("bb", u32_)?,
        offset: m.req("offset", u32_)?,
        callee: m.req("callee", string)?,
        flags: m.req("flags", u32_)?,
    };
    m.finish()?;
    Ok(c)
}
