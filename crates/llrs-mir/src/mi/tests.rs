use super::*;

#[test]
fn negative_literals_as_llvm_reads_them() {
    use super::parser::apsint_zext;
    assert_eq!(apsint_zext(b"-1"), Some(1));
    assert_eq!(apsint_zext(b"-2"), Some(2));
    assert_eq!(apsint_zext(b"-3"), Some(5));
    assert_eq!(apsint_zext(b"-5"), Some(11));
    assert_eq!(apsint_zext(b"42"), Some(42));
    let out = round("bb.0:\n  successors: %bb.1(-1)\n\nbb.1:\n").unwrap();
    assert!(out.starts_with("bb.0:\n  successors: %bb.1(0x80000000)\n"), "{out}");
}

/// A body context with no target and no IR module (also for other modules' tests).
pub(crate) fn ctx() -> BodyContext<'static> {
    BodyContext {
        target: &NoTarget,
        ir: &NoIr,
        function_name: b"f",
        stack_objects: None,
        fixed_stack_objects: None,
        constants: None,
        jump_tables: None,
        vregs: &[],
    }
}

fn round(src: &str) -> Result<String, (usize, String)> {
    let c = ctx();
    let b = parse_body(src.as_bytes(), &c).map_err(|e| (e.offset, e.message))?;
    let pc = PrintContext { target: &NoTarget, stack_object: None, fixed_stack_object: None, metadata: None };
    Ok(print_body(&b, &pc))
}

#[test]
fn prints_canonical_form() {
    let src = "bb.0 (%ir-block.0):\n  liveins:   $edi,$esi\n  %7:gr32 = COPY $edi   ; comment\n  %3:gr32 = ADD32rr %7, killed %7, implicit-def dead $eflags\n  $eax = COPY %3\n  RET 0, $eax\n";
    let want = "bb.0 (%ir-block.0):\n  liveins: $edi, $esi\n\n  %0:gr32 = COPY $edi\n  %1:gr32 = ADD32rr %0, killed %0, implicit-def dead $eflags\n  $eax = COPY %1\n  RET 0, $eax\n";
    assert_eq!(round(src).unwrap(), want);
}

#[test]
fn successors_and_probabilities() {
    let src = "bb.0:\n  successors: %bb.1(1), %bb.2(3)\n  JCC_1 %bb.2, 4, implicit $eflags\n  JMP_1 %bb.1\nbb.1:\n  RET 0\nbb.2:\n  RET 0\n";
    let out = round(src).unwrap();
    assert!(out.starts_with("bb.0:\n  successors: %bb.1(0x20000000), %bb.2(0x60000000)\n\n"), "{out}");
    // Guessed successors: equal shares.
    let src = "bb.0:\n  JCC_1 %bb.2, 4, implicit $eflags\nbb.1:\n  RET 0\nbb.2:\n  RET 0\n";
    let out = round(src).unwrap();
    assert!(out.starts_with("bb.0:\n  successors: %bb.2(0x40000000), %bb.1(0x40000000)\n\n"), "{out}");
}

#[test]
fn memory_operands() {
    let src = "bb.0:\n  %0:gr32 = MOV32rm $rip, 1, $noreg, %const.0, $noreg :: (load 4 from constant-pool, align 8)\n  %1:gr64 = MOV64rm %stack.0, 1, $noreg, 8, $noreg :: (volatile load (s64) from %ir.p + 8, basealign 16)\n  RET 0\n";
    let out = round(src).unwrap();
    assert!(out.contains(":: (load (s32) from constant-pool, align 8)\n"), "{out}");
    assert!(out.contains(":: (volatile load (s64) from %ir.p + 8, basealign 16)\n"), "{out}");
}

#[test]
fn generic_types_ties_and_flags() {
    let src = "bb.0:\n  %0:_(s32) = G_CONSTANT i32 -1\n  %1:_(<2 x s64>) = G_IMPLICIT_DEF\n  %2:gr32 = ADD32rr %0(tied-def 0), %0, implicit-def $eflags\n  %3:_(s1) = nnan G_FCMP floatpred(oeq), %0(s32), %0\n  $eax = COPY %2.sub_8bit, debug-location !12\n";
    let out = round(src).unwrap();
    assert!(out.contains("%0:_(s32) = G_CONSTANT i32 -1\n"), "{out}");
    assert!(out.contains("%1:_(<2 x s64>) = G_IMPLICIT_DEF\n"), "{out}");
    assert!(out.contains("ADD32rr %0(tied-def 0), %0, implicit-def $eflags"), "{out}");
    assert!(out.contains("= nnan G_FCMP floatpred(oeq), %0(s32), %0\n"), "{out}");
    assert!(out.contains("$eax = COPY %2.sub_8bit, debug-location !12\n"), "{out}");
}

#[test]
fn errors_at_llc_positions() {
    assert_eq!(round("  %0 = COPY $a\n"), Err((2, "expected a basic block definition before instructions".into())));
    assert_eq!(round("bb.0:\n  %0:gr32 = COPY killed\n"), Err((29, "expected a register after register flags".into())));
    assert_eq!(round("bb.0:\n  RET 0 #\n"), Err((14, "unexpected character '#'".into())));
    assert_eq!(round("bb.0:\n  JMP_1 %bb.3\n"), Err((14, "use of undefined machine basic block #3".into())));
    assert_eq!(round("bb.0:\nbb.0:\n"), Err((6, "redefinition of machine basic block with id #0".into())));
    assert_eq!(round("bb.0:\n  %0:gr32 = COPY $a :: (load 4 frm %ir.x)\n"), Err((37, "expected 'from'".into())));
}

#[test]
fn bundles_and_inline_asm() {
    let src = "bb.0:\n  BUNDLE implicit-def $x0 {\n    $x0 = ADDXri $x1, 1, 0\n  }\n  INLINEASM &nop, 1 /* sideeffect attdialect */, 12 /* clobber */, implicit-def early-clobber $x0\n";
    let out = round(src).unwrap();
    assert!(out.contains("  BUNDLE implicit-def $x0 {\n    $x0 = ADDXri $x1, 1, 0\n  }\n"), "{out}");
    assert!(
        out.contains(
            "INLINEASM &nop, 1 /* sideeffect attdialect */, 12 /* clobber */, implicit-def early-clobber $x0\n"
        ),
        "{out}"
    );
}

fn round_target(triple: &str, src: &str) -> Result<String, (usize, String)> {
    let Some(t) = TargetAdapter::for_triple(triple) else {
        return Err((0, "no target".into()));
    };
    let c = BodyContext { target: &t, ..ctx() };
    let b = parse_body(src.as_bytes(), &c).map_err(|e| (e.offset, e.message))?;
    let pc = PrintContext { target: &t, stack_object: None, fixed_stack_object: None, metadata: None };
    Ok(print_body(&b, &pc))
}

#[test]
fn x86_descriptions_decide_ties_types_and_checks() {
    // ADD32rr ties its first use to its def: a written tie that matches is not printed.
    let src =
        "bb.0:\n  %0:gr32 = COPY $edi\n  %1:gr32 = ADD32rr %0(tied-def 0), %0, implicit-def dead $eflags\n  RET 0\n";
    let out = round_target("x86_64", src).unwrap();
    assert!(out.contains("%1:gr32 = ADD32rr %0, %0, implicit-def dead $eflags\n"), "{out}");
    // Missing implicit operands are reported after the last operand.
    let src = "bb.0:\n  %0:gr32 = COPY $edi\n  %1:gr32 = ADD32rr %0, %0\n";
    assert_eq!(
        round_target("x86_64", src),
        Err((54, "missing implicit register operand 'implicit-def $eflags'".into()))
    );
    // Generic opcodes print each type index once.
    let src = "bb.0:\n  %0:_(s32) = COPY $edi\n  %1:_(s32) = G_ADD %0(s32), %0(s32)\n  $eax = COPY %1(s32)\n  RET 0, implicit $eax\n";
    let out = round_target("x86_64", src).unwrap();
    assert!(out.contains("%1:_(s32) = G_ADD %0, %0\n  $eax = COPY %1(s32)\n"), "{out}");
    assert_eq!(round_target("x86_64", "bb.0:\n  FOO 0\n"), Err((8, "unknown machine instruction name 'FOO'".into())));
    assert_eq!(round_target("x86_64", "bb.0:\n  $eax = COPY $foo\n"), Err((20, "unknown register name 'foo'".into())));
}

#[test]
fn arm_condition_code_comments() {
    let src = "bb.0:\n  BX_RET 14, $noreg, implicit $r0\n";
    let out = round_target("armv7", src).unwrap();
    assert_eq!(out, "bb.0:\n  BX_RET 14 /* CC::al */, $noreg, implicit $r0\n");
}

#[test]
fn no_panic_on_damaged_bodies() {
    let base = "bb.0.entry (%ir-block.0, align 4):\n  successors: %bb.1(0x40000000), %bb.2\n  liveins: $edi:0x0000000000000003\n  %0:gr32 = COPY $edi\n  %1:gr32 = ADD32rr %0(tied-def 0), %0, implicit-def dead $eflags :: (load (<2 x s64>) from %ir.p + 8, align 8, !tbaa !3)\n  INLINEASM &\"nop\", 1 /* sideeffect attdialect */, 2359306 /* regdef:GR32 */, def %2\n  %3:_(s32) = G_FCMP floatpred(oeq), %0(s32), %1, debug-location !DILocation(line: 3, scope: !4)\n  BUNDLE {\n    CFI_INSTRUCTION def_cfa_offset 16\n  }\n  JMP_1 %bb.1\nbb.1:\n  RET 0 ; done\n";
    let bytes = base.as_bytes();
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let t = TargetAdapter::for_triple("x86_64");
    for round in 0..3000 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let mut v = bytes.to_vec();
        let at = (seed as usize) % v.len();
        match round % 4 {
            0 => {
                v.remove(at);
            }
            1 => v.insert(at, b"\"(){}%$!,:.-0x`<>"[(seed >> 20) as usize % 17]),
            2 => v.truncate(at),
            _ => v[at] = b" \n/*;"[(seed >> 24) as usize % 5],
        }
        let c = ctx();
        if let Ok(b) = parse_body(&v, &c) {
            let pc = PrintContext { target: &NoTarget, stack_object: None, fixed_stack_object: None, metadata: None };
            let _ = print_body(&b, &pc);
        }
        if let Some(t) = &t {
            let c = BodyContext { target: t, ..ctx() };
            if let Ok(b) = parse_body(&v, &c) {
                let pc = PrintContext { target: t, stack_object: None, fixed_stack_object: None, metadata: None };
                let _ = print_body(&b, &pc);
            }
        }
    }
}

#[test]
fn facts_of_a_body() {
    let c = ctx();
    let src = "bb.3:\n  %5:gr32 = COPY $edi\n  %5:gr32 = ADD32rr %5, %5, implicit-def $eflags\n  ADJCALLSTACKDOWN64 16, 0, 0, implicit-def $rsp, implicit $rsp\nbb.1:\n  %n:gr64 = PHI %5, %bb.3\n";
    let b = parse_body(src.as_bytes(), &c).unwrap();
    let f = facts(&b);
    assert_eq!(f.blocks, vec![3, 1]);
    assert!(f.has_phi && !f.is_ssa && f.has_vregs);
    assert_eq!(f.max_call_frame, Some(16));
    assert_eq!(
        f.vregs,
        vec![(VRegName::Number(5), Some("gr32".into())), (VRegName::Named("n".into()), Some("gr64".into()))]
    );
}

#[test]
fn aarch64_target_flags_and_register_masks_in_llc_order() {
    // Checked with llc-22: flags print direct first, then bitmask flags in the target's order;
    // mask registers by number.
    let src = "bb.0:\n  $x0 = ADRP target-flags(aarch64-page, aarch64-nc, aarch64-got) @g\n  RET undef $lr, CustomRegMask($x3,$x1,$w0)\n";
    let out = round_target("aarch64", src).unwrap();
    assert_eq!(
        out,
        "bb.0:\n  $x0 = ADRP target-flags(aarch64-page, aarch64-got, aarch64-nc) @g\n  RET undef $lr, CustomRegMask($w0,$x1,$x3)\n"
    );
    assert_eq!(
        round_target("aarch64", "bb.0:\n  $x0 = ADRP target-flags(aarch64-nc, aarch64-g1) @g\n"),
        Err((44, "use of undefined target flag 'aarch64-g1'".into()))
    );
}

#[test]
fn deep_inline_locations_do_not_overflow() {
    let mut src = String::from("bb.0:\n  RET 0, debug-location ");
    for _ in 0..100_000 {
        src.push_str("!DILocation(line: 1, scope: !1, inlinedAt: ");
    }
    src.push('\n');
    let c = ctx();
    assert!(parse_body(src.as_bytes(), &c).is_err());
}

#[test]
fn diexpressions_print_as_llvm() {
    let src = "bb.0:\n  DBG_VALUE $r0, 0, !1, !DIExpression(DW_OP_plus_uconst,20, DW_OP_deref , DW_OP_LLVM_fragment, 0, 32), debug-location !2\n";
    let out = round(src).unwrap();
    assert_eq!(
        out,
        "bb.0:\n  DBG_VALUE $r0, 0, !1, !DIExpression(DW_OP_plus_uconst, 20, DW_OP_deref, DW_OP_LLVM_fragment, 0, 32), debug-location !2\n"
    );
    assert_eq!(
        round("bb.0:\n  DBG_VALUE !DIExpression(DW_OP_foo)\n"),
        Err((32, "invalid DWARF op 'DW_OP_foo'".into()))
    );
}

#[test]
fn zero_sized_memory_operands_as_llc() {
    // Checked with llc-22: no `align` for a zero size, and LLVM's Align(0) prints as 2^63.
    let body = |m: &str| format!("bb.0:\n  $eax = MOV32rm $rdi, 1, $noreg, 0, $noreg :: {m}\n");
    let cases = [
        ("(load (s0) from %ir.p)", "(load (s0) from %ir.p, basealign 9223372036854775808)"),
        ("(load (s0) from %ir.p + 12)", "(load (s0) from %ir.p + 12, basealign 9223372036854775808)"),
        ("(load (s0) from %ir.p, align 4)", "(load (s0) from %ir.p)"),
        ("(load (s0) from %ir.p + 12, basealign 16)", "(load (s0) from %ir.p + 12, basealign 16)"),
        ("(load 0 from %ir.p)", "(load (s0) from %ir.p, basealign 9223372036854775808)"),
    ];
    for (input, want) in cases {
        assert_eq!(round(&body(input)), Ok(body(want)));
    }
}

#[test]
fn unresolved_virtual_registers_as_llc() {
    // llc-22: "error: u.mir: Cannot determine class/bank of virtual register 3 in function 'f'"
    let c = ctx();
    let b = parse_body(b"bb.0:\n  %1:gr32 = COPY %3\n  %named = COPY %1\n  RET 0\n", &c).unwrap();
    assert_eq!(
        check_vregs(&b, &NoTarget, b"f"),
        vec![
            "Cannot determine class/bank of virtual register 3 in function 'f'".to_string(),
            "Cannot determine class/bank of virtual register named in function 'f'".to_string(),
        ]
    );
    // llc-22 orders numbers as text, then names.
    let b = parse_body(
        b"bb.0:\n  $eax = COPY %5\n  $eax = COPY %40\n  $eax = COPY %3\n  $eax = COPY %zed\n  $eax = COPY %b\n",
        &c,
    )
    .unwrap();
    let got: Vec<String> = check_vregs(&b, &NoTarget, b"f").iter().map(|m| m[48..m.len() - 16].to_string()).collect();
    assert_eq!(got, ["3", "40", "5", "b", "zed"]);
}

#[test]
fn error_positions_in_the_file() {
    let src = b"bb.0:\n  RET 0 #\n";
    let c = ctx();
    let e = parse_body(src, &c).unwrap_err();
    assert_eq!(e.file_position(src, 10, 2), (11, 11));
    let src = b"bb.0:\n  BUNDLE {\n  RET 0\n";
    let e = parse_body(src, &c).unwrap_err();
    assert_eq!(e.message, "expected '}'");
    assert_eq!(e.file_position(src, 10, 2), (13, 1));
}
