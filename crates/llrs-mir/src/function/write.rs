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
    o.key_seq("liveins", &mf.liveins, |o, l| {
        o.map(true, |o| {
            o.key_string("reg", &l.reg.value);
            o.key_string("virtual-reg", &numbering.vregs.rename(&l.virtual_reg.value));
        })
    });
    if let Some(csr) = &mf.callee_saved_registers {
        o.key_with("calleeSavedRegisters", |o| flow_strings(o, csr));
    }
    write_frame_info(&mut o, mf, target, facts, &numbering);
    write_fixed_stack(&mut o, mf);
    write_stack(&mut o, mf);
    o.key_seq("entry_values", &mf.entry_values, |o, e| {
        o.map(true, |o| {
            o.key_string("entry-value-register", &e.register.value);
            debug_info(o, &e.debug_var, &e.debug_expr, &e.debug_loc);
        })
    });
    write_call_sites(&mut o, mf);
    o.key_seq("debugValueSubstitutions", &mf.debug_value_substitutions, |o, s| {
        o.map(true, |o| {
            o.key_num("srcinst", s.src_inst);
            o.key_num("srcop", s.src_op);
            o.key_num("dstinst", s.dst_inst);
            o.key_num("dstop", s.dst_op);
            o.key_num("subreg", s.subreg);
        })
    });
    o.key_seq("constants", mf.constants.iter().enumerate(), |o, (i, c)| {
        o.map(false, |o| {
            o.key_num("id", i);
            o.key_string("value", &c.value.value);
            o.key_num("alignment", c.alignment);
            o.key_bool("isTargetSpecific", c.is_target_specific);
        })
    });
    write_function_info(&mut o, &mf.function_info, &numbering);
    if !mf.jump_table.entries.is_empty() {
        o.key_with("jumpTable", |o| {
            o.map(false, |o| {
                o.key_plain("kind", JT_KINDS[mf.jump_table.kind.min(JT_KINDS.len() - 1)]);
                o.key_seq("entries", mf.jump_table.entries.iter().enumerate(), |o, (i, e)| {
                    o.map(false, |o| {
                        o.key_num("id", i);
                        o.key_with("blocks", |o| {
                            o.seq(true, &e.blocks, |o, b| o.string(&block_reference(facts, &b.value)))
                        });
                    })
                });
            })
        });
    }
    if !mf.machine_metadata_nodes.is_empty() {
        o.key_seq("machineMetadataNodes", &mf.machine_metadata_nodes, |o, n| o.string(&n.value));
    }
    if !mf.called_globals.is_empty() {
        let mut cgs: Vec<&CalledGlobal> = mf.called_globals.iter().collect();
        cgs.sort_by_key(|c| (c.bb, c.offset));
        o.key_seq("calledGlobals", cgs, |o, c| {
            o.map(false, |o| {
                o.key_num("bb", c.bb);
                o.key_num("offset", c.offset);
                o.key_string("callee", &c.callee.value);
                o.key_num("flags", c.flags);
            })
        });
    }
    o.key_with("body", |o| o.block(body.unwrap_or("")));
    o.end_map();
    o.end_document();
}

fn flow_strings(o: &mut Output<'_>, items: &[StrVal]) {
    o.seq(true, items, |o, s| o.string(&s.value));
}

fn write_registers(o: &mut Output<'_>, numbering: &VRegNumbering) {
    // Named registers are not listed.
    let listed = numbering.regs.iter().enumerate().filter(|(_, (written, ..))| written.is_some());
    o.key_seq("registers", listed, |o, (i, (_, class, preferred, flags))| {
        o.map(true, |o| {
            o.key_num("id", i);
            o.key_string("class", class);
            o.key_string("preferred-register", &numbering.rename(preferred));
            o.key_with("flags", |o| flow_strings(o, flags));
        })
    });
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
        o.key_seq(key, points, |o, (point, p)| {
            o.map(false, |o| {
                o.key_string("point", &point);
                if !p.registers.is_empty() {
                    let mut regs: Vec<&str> = p.registers.iter().map(|r| r.value.as_str()).collect();
                    regs.sort_unstable();
                    o.key_seq("registers", regs, |o, r| o.string(r));
                }
            })
        });
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
    // Fixed objects are created at the front: llc prints them in reverse order, numbered anew.
    o.key_seq("fixedStack", mf.fixed_stack.iter().rev().enumerate(), |o, (i, x)| {
        o.map(true, |o| {
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
        })
    });
}

fn write_stack(o: &mut Output<'_>, mf: &MachineFunction) {
    o.key_seq("stack", mf.stack.iter().enumerate(), |o, (i, x)| {
        o.map(true, |o| {
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
        })
    });
}

fn write_call_sites(o: &mut Output<'_>, mf: &MachineFunction) {
    let mut sites: Vec<&CallSite> = mf.call_sites.iter().collect();
    sites.sort_by_key(|c| (c.bb, c.offset));
    o.key_seq("callSites", sites, |o, c| {
        o.map(true, |o| {
            o.key_num("bb", c.bb);
            o.key_num("offset", c.offset);
            o.key_seq("fwdArgRegs", &c.fwd_arg_regs, |o, a| {
                o.map(true, |o| {
                    o.key_num("arg", a.arg);
                    o.key_string("reg", &a.reg.value);
                })
            });
            if !c.callee_type_ids.is_empty() {
                o.key_seq("calleeTypeIds", &c.callee_type_ids, |o, t| o.plain(&t.to_string()));
            }
        })
    });
}

fn write_info_map(o: &mut Output<'_>, fields: &[(&str, InfoValue)], flow: bool, numbering: &Numbering) {
    o.map(flow, |o| {
        for (k, v) in fields {
            o.key_with(k, |o| match v {
                InfoValue::Bool(b) => o.plain(if *b { "true" } else { "false" }),
                InfoValue::Num(s) => o.plain(s),
                InfoValue::Str(s) => o.string(s),
                InfoValue::Map(m) => write_info_map(o, m, false, numbering),
                InfoValue::FlowMap(m) => write_info_map(o, m, true, numbering),
                InfoValue::Seq(items) => o.seq(false, items, |o, s| o.string(s)),
                InfoValue::FrameIndex(s, _) => o.string(&numbering.frame_index(s)),
            });
        }
    });
}

fn write_function_info(o: &mut Output<'_>, info: &FunctionInfo, numbering: &Numbering) {
    match info {
        FunctionInfo::None => {}
        FunctionInfo::Fields(fields) => {
            o.key_with("machineFunctionInfo", |o| write_info_map(o, fields, false, numbering))
        }
        FunctionInfo::Raw(node) => o.key_with("machineFunctionInfo", |o| write_raw(o, node, 0)),
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
            o.map(node.flow && !items.is_empty(), |o| {
                for (k, v) in items {
                    o.key_with(k.scalar().unwrap_or(""), |o| write_raw(o, v, depth + 1));
                }
            });
        }
        Kind::Seq(items) => o.seq(node.flow, items, |o, v| write_raw(o, v, depth + 1)),
    }
}
