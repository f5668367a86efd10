//! Printing a machine function as MIRPrinter's `printMF` + `yaml::Output` (with
//! `setWriteDefaultValues(true)`) print it: every field, defaults included, in the mapping
//! traits' order, with the values llc recomputes.

use super::facts::BodyFacts;
use super::model::*;
use super::numbering::{Numbering, VRegNumbering};
use super::target_info::TargetKind;
use crate::yaml::input::StrVal;
use crate::yaml::output::Output;
use crate::yaml::tree::{Kind, Node, Style};

/// Appends the document of `mf` (`---` ... `...`) to `out`, with its body as printed.
pub fn write_function(
    out: &mut String,
    mf: &MachineFunction,
    target: TargetKind,
    facts: &BodyFacts,
    body: Option<&str>,
) {
    let mut o = Output::new(out);
    o.begin_document();
    o.begin_map();
    o.key_string("name", &mf.name.value);
    o.key_num("alignment", mf.alignment.max(1));
    o.key_bool("exposesReturnsTwice", mf.exposes_returns_twice);
    o.key_bool("legalized", mf.legalized);
    o.key_bool("regBankSelected", mf.reg_bank_selected);
    o.key_bool("selected", mf.selected);
    o.key_bool("failedISel", mf.failed_isel);
    o.key_bool("tracksRegLiveness", mf.tracks_reg_liveness);
    o.key_bool("hasWinCFI", mf.has_win_cfi);
    o.key_bool("noPhis", mf.no_phis.unwrap_or(!facts.has_phi));
    o.key_bool("isSSA", mf.is_ssa.unwrap_or(facts.is_ssa));
    o.key_bool("noVRegs", mf.no_vregs.unwrap_or(!facts.has_vregs));
    o.key_bool("hasFakeUses", mf.has_fake_uses.unwrap_or(facts.has_fake_use));
    o.key_bool("callsEHReturn", mf.calls_eh_return);
    o.key_bool("callsUnwindInit", mf.calls_unwind_init);
    o.key_bool("hasEHContTarget", mf.has_eh_cont_target);
    o.key_bool("hasEHScopes", mf.has_eh_scopes);
    o.key_bool("hasEHFunclets", mf.has_eh_funclets);
    o.key_bool("isOutlined", mf.is_outlined);
    o.key_bool("debugInstrRef", mf.debug_instr_ref);
    o.key_bool("failsVerification", mf.fails_verification);
    o.key_bool("tracksDebugUserValues", mf.tracks_debug_user_values);
    let numbering = Numbering::new(mf, facts);
    write_registers(&mut o, &numbering.vregs);
    o.key("liveins");
    o.begin_seq();
    for l in &mf.liveins {
        o.element();
        o.begin_flow_map();
        o.key_string("reg", &l.reg.value);
        o.key_string("virtual-reg", &numbering.vregs.rename(&l.virtual_reg.value));
        o.end_flow_map();
        o.end_element();
    }
    o.end_seq();
    o.end_key();
    if let Some(csr) = &mf.callee_saved_registers {
        o.key("calleeSavedRegisters");
        flow_strings(&mut o, csr);
        o.end_key();
    }
    write_frame_info(&mut o, mf, target, facts, &numbering);
    write_fixed_stack(&mut o, mf);
    write_stack(&mut o, mf);
    o.key("entry_values");
    o.begin_seq();
    for e in &mf.entry_values {
        o.element();
        o.begin_flow_map();
        o.key_string("entry-value-register", &e.register.value);
        o.key_string("debug-info-variable", &e.debug_var.value);
        o.key_string("debug-info-expression", &e.debug_expr.value);
        o.key_string("debug-info-location", &e.debug_loc.value);
        o.end_flow_map();
        o.end_element();
    }
    o.end_seq();
    o.end_key();
    write_call_sites(&mut o, mf);
    o.key("debugValueSubstitutions");
    o.begin_seq();
    for s in &mf.debug_value_substitutions {
        o.element();
        o.begin_flow_map();
        o.key_num("srcinst", s.src_inst);
        o.key_num("srcop", s.src_op);
        o.key_num("dstinst", s.dst_inst);
        o.key_num("dstop", s.dst_op);
        o.key_num("subreg", s.subreg);
        o.end_flow_map();
        o.end_element();
    }
    o.end_seq();
    o.end_key();
    o.key("constants");
    o.begin_seq();
    for (i, c) in mf.constants.iter().enumerate() {
        o.element();
        o.begin_map();
        o.key_num("id", i);
        o.key_string("value", &c.value.value);
        o.key_num("alignment", c.alignment);
        o.key_bool("isTargetSpecific", c.is_target_specific);
        o.end_map();
        o.end_element();
    }
    o.end_seq();
    o.end_key();
    write_function_info(&mut o, &mf.function_info, &numbering);
    if !mf.jump_table.entries.is_empty() {
        o.key("jumpTable");
        o.begin_map();
        o.key_plain("kind", JT_KINDS[mf.jump_table.kind.min(JT_KINDS.len() - 1)]);
        o.key("entries");
        o.begin_seq();
        for (i, e) in mf.jump_table.entries.iter().enumerate() {
            o.element();
            o.begin_map();
            o.key_num("id", i);
            o.key("blocks");
            let blocks: Vec<StrVal> = e.blocks.iter().map(|b| StrVal::new(block_reference(facts, &b.value))).collect();
            flow_strings(&mut o, &blocks);
            o.end_key();
            o.end_map();
            o.end_element();
        }
        o.end_seq();
        o.end_key();
        o.end_map();
        o.end_key();
    }
    if !mf.machine_metadata_nodes.is_empty() {
        o.key("machineMetadataNodes");
        o.begin_seq();
        for n in &mf.machine_metadata_nodes {
            o.element();
            o.string(&n.value);
            o.end_element();
        }
        o.end_seq();
        o.end_key();
    }
    if !mf.called_globals.is_empty() {
        let mut cgs: Vec<&CalledGlobal> = mf.called_globals.iter().collect();
        cgs.sort_by_key(|c| (c.bb, c.offset));
        o.key("calledGlobals");
        o.begin_seq();
        for c in cgs {
            o.element();
            o.begin_map();
            o.key_num("bb", c.bb);
            o.key_num("offset", c.offset);
            o.key_string("callee", &c.callee.value);
            o.key_num("flags", c.flags);
            o.end_map();
            o.end_element();
        }
        o.end_seq();
        o.end_key();
    }
    o.key("body");
    o.block(body.unwrap_or(""));
    o.end_key();
    o.end_map();
    o.end_document();
}

fn flow_strings(o: &mut Output<'_>, items: &[StrVal]) {
    o.begin_flow_seq();
    for s in items {
        o.element();
        o.string(&s.value);
        o.end_element();
    }
    o.end_flow_seq();
}

fn write_registers(o: &mut Output<'_>, numbering: &VRegNumbering) {
    o.key("registers");
    o.begin_seq();
    for (i, (written, class, preferred, flags)) in numbering.regs.iter().enumerate() {
        // Named registers are not listed.
        if written.is_none() {
            continue;
        }
        o.element();
        o.begin_flow_map();
        o.key_num("id", i);
        o.key_string("class", class);
        o.key_string("preferred-register", &numbering.rename(preferred));
        o.key("flags");
        flow_strings(o, flags);
        o.end_key();
        o.end_flow_map();
        o.end_element();
    }
    o.end_seq();
    o.end_key();
}

/// Stack objects count towards the maximum alignment on the default and scalable stacks.
fn counts_for_max_align(stack_id: usize) -> bool {
    matches!(stack_id, 0 | 2 | 3)
}

fn write_frame_info(
    o: &mut Output<'_>,
    mf: &MachineFunction,
    target: TargetKind,
    facts: &BodyFacts,
    numbering: &Numbering,
) {
    let f = &mf.frame_info;
    // `ensureMaxAlignment(Align(N))`: an `Align` keeps the log2, rounding down.
    let max_align = match f.max_alignment {
        0 => 1,
        n => 1u64 << (31 - n.leading_zeros()),
    };
    let mut max_align = max_align;
    for x in &mf.fixed_stack {
        if counts_for_max_align(x.stack_id) {
            max_align = max_align.max(x.alignment);
        }
    }
    for x in &mf.stack {
        if counts_for_max_align(x.stack_id) {
            max_align = max_align.max(x.alignment);
        }
    }
    let has_csi = mf.fixed_stack.iter().any(|x| !x.callee_saved_register.value.is_empty())
        || mf.stack.iter().any(|x| !x.callee_saved_register.value.is_empty());
    let mut max_call_frame = f.max_call_frame_size;
    if max_call_frame == u32::MAX && target == TargetKind::AArch64 && !mf.generated {
        // AArch64's `mirFileLoaded` computes it from the call frame pseudos.
        max_call_frame = facts.max_call_frame.unwrap_or(0);
    }
    o.key("frameInfo");
    o.begin_map();
    o.key_bool("isFrameAddressTaken", f.is_frame_address_taken);
    o.key_bool("isReturnAddressTaken", f.is_return_address_taken);
    o.key_bool("hasStackMap", f.has_stack_map);
    o.key_bool("hasPatchPoint", f.has_patch_point);
    o.key_num("stackSize", f.stack_size);
    o.key_num("offsetAdjustment", f.offset_adjustment);
    o.key_num("maxAlignment", max_align);
    o.key_bool("adjustsStack", f.adjusts_stack);
    o.key_bool("hasCalls", f.has_calls);
    o.key_string("stackProtector", &numbering.stack_reference(mf, &f.stack_protector.value));
    o.key_string("functionContext", &numbering.stack_reference(mf, &f.function_context.value));
    o.key_num("maxCallFrameSize", max_call_frame);
    o.key_num("cvBytesOfCalleeSavedRegisters", f.cv_bytes_of_callee_saved_registers);
    o.key_bool("hasOpaqueSPAdjustment", f.has_opaque_sp_adjustment);
    o.key_bool("hasVAStart", f.has_va_start);
    o.key_bool("hasMustTailInVarArgFunc", f.has_must_tail_in_var_arg_func);
    o.key_bool("hasTailCall", f.has_tail_call);
    o.key_bool("isCalleeSavedInfoValid", f.is_callee_saved_info_valid || has_csi);
    o.key_num("localFrameSize", f.local_frame_size);
    for (key, points) in [("savePoint", &f.save_points), ("restorePoint", &f.restore_points)] {
        if points.is_empty() {
            continue;
        }
        let mut points: Vec<(String, &SaveRestorePoint)> =
            points.iter().map(|p| (block_reference(facts, &p.point.value), p)).collect();
        points.sort_by(|a, b| a.0.cmp(&b.0));
        o.key(key);
        o.begin_seq();
        for (point, p) in points {
            o.element();
            o.begin_map();
            o.key_string("point", &point);
            if !p.registers.is_empty() {
                let mut regs: Vec<&str> = p.registers.iter().map(|r| r.value.as_str()).collect();
                regs.sort_unstable();
                o.key("registers");
                o.begin_seq();
                for r in regs {
                    o.element();
                    o.string(r);
                    o.end_element();
                }
                o.end_seq();
                o.end_key();
            }
            o.end_map();
            o.end_element();
        }
        o.end_seq();
        o.end_key();
    }
    o.end_map();
    o.end_key();
}

/// A block reference `%bb.N[.name]` as llc reprints it: `%bb.` and the block's new number.
fn block_reference(facts: &BodyFacts, text: &str) -> String {
    if let Some(rest) = text.strip_prefix("%bb.") {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if let Some(i) = rest[..digits].parse::<u32>().ok().and_then(|n| facts.block_number(n)) {
            return format!("%bb.{i}");
        }
    }
    text.to_string()
}

fn debug_info(o: &mut Output<'_>, var: &StrVal, expr: &StrVal, loc: &StrVal) {
    o.key_string("debug-info-variable", &var.value);
    o.key_string("debug-info-expression", &expr.value);
    o.key_string("debug-info-location", &loc.value);
}

fn write_fixed_stack(o: &mut Output<'_>, mf: &MachineFunction) {
    o.key("fixedStack");
    o.begin_seq();
    // Fixed objects are created at the front: llc prints them in reverse order, numbered anew.
    for (i, x) in mf.fixed_stack.iter().rev().enumerate() {
        o.element();
        o.begin_flow_map();
        o.key_num("id", i);
        o.key_plain("type", if x.spill_slot { "spill-slot" } else { "default" });
        o.key_num("offset", x.offset);
        o.key_num("size", x.size);
        o.key_num("alignment", x.alignment.max(1));
        o.key_plain("stack-id", STACK_IDS[x.stack_id.min(STACK_IDS.len() - 1)]);
        if !x.spill_slot {
            o.key_bool("isImmutable", x.is_immutable);
            o.key_bool("isAliased", x.is_aliased);
        }
        o.key_string("callee-saved-register", &x.callee_saved_register.value);
        o.key_bool("callee-saved-restored", x.callee_saved_restored);
        debug_info(o, &x.debug_var, &x.debug_expr, &x.debug_loc);
        o.end_flow_map();
        o.end_element();
    }
    o.end_seq();
    o.end_key();
}

fn write_stack(o: &mut Output<'_>, mf: &MachineFunction) {
    o.key("stack");
    o.begin_seq();
    for (i, x) in mf.stack.iter().enumerate() {
        o.element();
        o.begin_flow_map();
        o.key_num("id", i);
        o.key_string("name", &x.name.value);
        o.key_plain(
            "type",
            match x.ty {
                StackObjectType::Default => "default",
                StackObjectType::SpillSlot => "spill-slot",
                StackObjectType::VariableSized => "variable-sized",
            },
        );
        o.key_num("offset", x.offset);
        if x.ty != StackObjectType::VariableSized {
            o.key_num("size", x.size);
        }
        o.key_num("alignment", x.alignment.max(1));
        o.key_plain("stack-id", STACK_IDS[x.stack_id.min(STACK_IDS.len() - 1)]);
        o.key_string("callee-saved-register", &x.callee_saved_register.value);
        o.key_bool("callee-saved-restored", x.callee_saved_restored);
        if let Some(lo) = x.local_offset {
            o.key_num("local-offset", lo);
        }
        debug_info(o, &x.debug_var, &x.debug_expr, &x.debug_loc);
        o.end_flow_map();
        o.end_element();
    }
    o.end_seq();
    o.end_key();
}

fn write_call_sites(o: &mut Output<'_>, mf: &MachineFunction) {
    let mut sites: Vec<&CallSite> = mf.call_sites.iter().collect();
    sites.sort_by_key(|c| (c.bb, c.offset));
    o.key("callSites");
    o.begin_seq();
    for c in sites {
        o.element();
        o.begin_flow_map();
        o.key_num("bb", c.bb);
        o.key_num("offset", c.offset);
        o.key("fwdArgRegs");
        o.begin_seq();
        for a in &c.fwd_arg_regs {
            o.element();
            o.begin_flow_map();
            o.key_num("arg", a.arg);
            o.key_string("reg", &a.reg.value);
            o.end_flow_map();
            o.end_element();
        }
        o.end_seq();
        o.end_key();
        if !c.callee_type_ids.is_empty() {
            o.key("calleeTypeIds");
            o.begin_seq();
            for t in &c.callee_type_ids {
                o.element();
                o.plain(&t.to_string());
                o.end_element();
            }
            o.end_seq();
            o.end_key();
        }
        o.end_flow_map();
        o.end_element();
    }
    o.end_seq();
    o.end_key();
}

fn write_info_map(o: &mut Output<'_>, fields: &[(&str, InfoValue)], flow: bool, numbering: &Numbering) {
    if flow {
        o.begin_flow_map();
    } else {
        o.begin_map();
    }
    for (k, v) in fields {
        o.key(k);
        match v {
            InfoValue::Bool(b) => o.plain(if *b { "true" } else { "false" }),
            InfoValue::Num(s) => o.plain(s),
            InfoValue::Str(s) => o.string(s),
            InfoValue::Map(m) => write_info_map(o, m, false, numbering),
            InfoValue::FlowMap(m) => write_info_map(o, m, true, numbering),
            InfoValue::Seq(items) => {
                o.begin_seq();
                for s in items {
                    o.element();
                    o.string(s);
                    o.end_element();
                }
                o.end_seq();
            }
            InfoValue::FrameIndex(s, _) => o.string(&numbering.frame_index(s)),
        }
        o.end_key();
    }
    if flow {
        o.end_flow_map();
    } else {
        o.end_map();
    }
}

fn write_function_info(o: &mut Output<'_>, info: &FunctionInfo, numbering: &Numbering) {
    match info {
        FunctionInfo::None => {}
        FunctionInfo::Fields(fields) => {
            o.key("machineFunctionInfo");
            write_info_map(o, fields, false, numbering);
            o.end_key();
        }
        FunctionInfo::Raw(node) => {
            o.key("machineFunctionInfo");
            write_raw(o, node, 0);
            o.end_key();
        }
    }
}

/// Reprints a node as written, through `yaml::Output`'s layout: mappings and sequences keep
/// their flow or block style, plain scalars stay plain, quoted ones are quoted as
/// `needsQuotes` says.
pub fn write_raw(o: &mut Output<'_>, node: &Node, depth: usize) {
    if depth > 64 {
        o.plain("''");
        return;
    }
    match &node.kind {
        Kind::Null | Kind::Alias => o.plain("''"),
        Kind::Scalar(s, Style::Plain) => match crate::yaml::input::parse_bool(s) {
            // A boolean field reprints as `true`/`false`.
            Some(b) if s.len() > 3 => o.plain(if b { "true" } else { "false" }),
            _ => o.plain(s),
        },
        // A number written quoted reprints as the number it is read as.
        Kind::Scalar(s, _) if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => o.plain(s),
        Kind::Scalar(s, _) => o.string(s),
        Kind::Map(items) => {
            // The mappings kept as written are LLVM's custom or block mappings, which print
            // `{}` when empty (an empty flow sequence prints `[  ]`).
            let flow = node.flow && !items.is_empty();
            if flow {
                o.begin_flow_map();
            } else {
                o.begin_map();
            }
            for (k, v) in items {
                o.key(k.scalar().unwrap_or(""));
                write_raw(o, v, depth + 1);
                o.end_key();
            }
            if flow {
                o.end_flow_map();
            } else {
                o.end_map();
            }
        }
        Kind::Seq(items) => {
            let flow = node.flow;
            if flow {
                o.begin_flow_seq();
            } else {
                o.begin_seq();
            }
            for v in items {
                o.element();
                write_raw(o, v, depth + 1);
                o.end_element();
            }
            if flow {
                o.end_flow_seq();
            } else {
                o.end_seq();
            }
        }
    }
}
