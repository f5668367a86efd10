//! Rejections checked against llc-22 (`llc -mtriple=x86_64 -run-pass=none` on the function
//! below with each body): llc's message at llc's position, as a byte offset in the body.

use super::*;

const IR: &[u8] = b"define i32 @f(i32 %a, ptr %p) {\nentry:\n  br label %next\nnext:\n  ret i32 %a\n}\n";

#[rustfmt::skip]
const CASES: &[(&str, usize, &str)] = &[
    ("bb.0.entry:\n  successors: %bb.1(0x80000000) %bb.1\n  JMP_1 %bb.1\nbb.1.next:\n  RET 0\n", 44, "expected line break at the end of a list"),
    ("bb.0.entry:\n  successors: %bb.1(abc)\n  JMP_1 %bb.1\nbb.1.next:\n  RET 0\n", 32, "expected an integer literal after '('"),
    ("bb.0.entry:\n  liveins: $edi:\n  RET 0\n", 28, "expected a lane mask"),
    ("bb.0.entry:\n  liveins: %0\n  RET 0\n", 23, "expected a named register"),
    ("bb.0.entry:\n  liveins: $edi $esi\n  RET 0\n", 28, "expected line break at the end of a list"),
    ("bb.0.entry (foo):\n  RET 0\n", 12, "expected ')'"),
    ("bb.0.entry (align 3):\n  RET 0\n", 19, "expected a power-of-2 literal after 'align'"),
    ("bb.0.entry (bb_id x):\n  RET 0\n", 18, "Unknown BB ID"),
    ("bb.0.nope:\n  RET 0\n", 0, "basic block 'nope' is not defined in the function 'f'"),
    ("bb.0:\n  RET 0\n}\n", 14, "extraneous closing brace ('}')"),
    ("bb.0:\n  BUNDLE {\n  RET 0\n", 25, "expected '}'"),
    ("bb.0:\n  BUNDLE {\n  BUNDLE {\n  }\n  }\n", 26, "nested instruction bundles are not allowed"),
    ("bb.0:\n  %0:gr64 = COPY $rdi\n  RET 0\n", 11, "conflicting register classes, previously: GR32"),
    ("bb.0:\n  %1:_ = COPY $rdi\n  RET 0\n", 13, "generic virtual registers must have a type"),
    ("bb.0:\n  %1:_(s32) = COPY $edi\n  %2:gr32 = COPY %1:gr32\n  RET 0\n", 50, "register class specification on generic register"),
    ("bb.0:\n  %1:gr32 = COPY $edi\n  %2:gr32 = COPY %1:_\n  RET 0\n", 48, "register bank specification on normal register"),
    ("bb.0:\n  %1:_(s32) = COPY $edi\n  %2:_(s64) = COPY %1(s64)\n  RET 0\n", 56, "inconsistent type for generic virtual register"),
    ("bb.0:\n  %1:gr32 = COPY killed $edi, implicit-def killed $eflags\n  RET 0\n", 63, "cannot have a killed def operand"),
    ("bb.0:\n  %1:gr32 = COPY dead $edi\n  RET 0\n", 32, "cannot have a dead use operand"),
    ("bb.0:\n  %1:gr32 = COPY $edi, implicit implicit $eax\n  RET 0\n", 38, "duplicate 'implicit' register flag"),
    ("bb.0:\n  %1:gr32 = ADD32rr %0, %0(tied-def 9), implicit-def $eflags\n  RET 0\n", 30, "use of invalid tied-def operand index '9'; instruction has only 4 operands"),
    ("bb.0:\n  %1:gr32 = ADD32rr %0, %0(tied-def 1), implicit-def $eflags\n  RET 0\n", 30, "use of invalid tied-def operand index '1'; the operand #1 isn't a defined register"),
    ("bb.0:\n  %1:gr32, %2:gr32 = ADD32rr %0(tied-def 0), %0(tied-def 0), implicit-def $eflags\n  RET 0\n", 51, "the tied-def operand #0 is already tied with another register operand"),
    ("bb.0:\n  %1:gr32 = nnan ADD32rr %0, %0\n  RET 0\n", 37, "missing implicit register operand 'implicit-def $eflags'"),
    ("bb.0:\n  %1:gr32 COPY $edi\n  RET 0\n", 16, "expected '='"),
    ("bb.0:\n  = COPY $edi\n  RET 0\n", 8, "expected a machine instruction"),
    ("bb.0:\n  %1:gr32 = COPY $edi, %subreg.foo\n  RET 0\n", 29, "unknown subregister index 'foo'"),
    ("bb.0:\n  %1:gr32 = COPY $edi, 0x1p3\n  RET 0\n", 29, "expected a machine operand"),
    ("bb.0:\n  %1:gr32 = COPY $edi, %stack.0.x\n  RET 0\n", 29, "use of undefined stack object '%stack.0'"),
    ("bb.0:\n  %1:gr32 = COPY $edi, %jump-table.0\n  RET 0\n", 29, "use of undefined jump table '%jump-table.0'"),
    ("bb.0:\n  %1:<2 x s32> = COPY $edi\n  RET 0\n", 11, "expected '_', register class, or register bank name"),
    ("bb.0:\n  %1:_(<2 x s32) = COPY $edi\n  RET 0\n", 13, "expected <M x sN> or <M x pA> for vector type"),
    ("bb.0:\n  %1:_(<0 x s32>) = COPY $edi\n  RET 0\n", 14, "invalid number of vector elements"),
    ("bb.0:\n  %1:_(s99999) = COPY $edi\n  RET 0\n", 13, "invalid size for scalar type"),
    ("bb.0:\n  %1:_(p16777216) = COPY $edi\n  RET 0\n", 13, "invalid address space number"),
    ("bb.0:\n  %1:_(<vscale 2 x s32>) = COPY $edi\n  RET 0\n", 21, "expected <vscale x M x sN> or <vscale x M x pA>"),
    ("bb.0:\n  %1:_(<2 x q32>) = COPY $edi\n  RET 0\n", 13, "expected <M x sN> or <M x pA> for vector type"),
    ("bb.0:\n  %1:_(s32) = G_ICMP intpred(eq, %0, %0\n  RET 0\n", 37, "predicate should be terminated by ')'."),
    ("bb.0:\n  %1:_(s32) = G_ICMP intpred(xx), %0, %0\n  RET 0\n", 35, "invalid integer predicate"),
    ("bb.0:\n  %1:_(s32) = G_FCMP floatpred(eq), %0, %0\n  RET 0\n", 37, "invalid floating-point predicate"),
    ("bb.0:\n  DBG_VALUE $edi, $noreg, !1, !DIExpression(DW_OP_plus_uconst 4)\n  RET 0\n", 32, "use of undefined metadata '!1'"),
    ("bb.0:\n  %1:gr32 = COPY $edi, dbg-instr-ref(1, -2)\n  RET 0\n", 46, "expected unsigned integer for operand index"),
    ("bb.0:\n  %1:gr32 = COPY $edi :: (load (s32) from %ir.p) (load (s32) from %ir.p)\n  RET 0\n", 55, "expected ',' before the next machine memory operand"),
    ("bb.0:\n  %1:gr32 = COPY $edi :: (dereferenceable dereferenceable load (s32) from %ir.p)\n  RET 0\n", 48, "duplicate 'dereferenceable' memory operand flag"),
    ("bb.0:\n  %1:gr32 = COPY $edi :: (\"foo\" load (s32) from %ir.p)\n  RET 0\n", 32, "use of undefined target MMO flag 'foo'"),
    ("bb.0:\n  %1:gr32 = COPY $edi :: (load syncscope(foo) (s32) from %ir.p)\n  RET 0\n", 47, "expected string constant"),
    ("bb.0:\n  %1:gr32 = COPY $edi :: (load (s32) from call-entry 5)\n  RET 0\n", 59, "expected a global value or an external symbol after 'call-entry'"),
    ("bb.0:\n  %1:gr32 = COPY $edi :: (load (s32) from `i32 5`)\n  RET 0\n", 48, "expected a pointer IR value"),
    ("bb.0:\n  %1:gr32 = COPY $edi :: (load (s32) from %ir.a)\n  RET 0\n", 48, "expected a pointer IR value"),
    ("bb.0:\n  %1:gr32 = COPY $edi, heap-alloc-marker 5\n  RET 0\n", 48, "expected metadata id after '!'"),
    ("bb.0:\n  %1:gr32 = COPY $edi, target-index(foo)\n  RET 0\n", 42, "use of undefined target index 'foo'"),
    ("bb.0:\n  %1:gr32 = COPY $edi, liveout($eax, 5)\n  RET 0\n", 43, "expected a named register"),
    ("bb.0:\n  %1:gr32 = COPY $edi, blockaddress(@g, %ir-block.entry)\n  RET 0\n", 42, "use of undefined global value '@g'"),
    ("bb.0:\n  %1:gr32 = COPY $edi, blockaddress(@f, %ir-block.nope)\n  RET 0\n", 46, "use of undefined IR block '%ir-block.nope'"),
];

#[test]
fn rejects_as_llc() {
    let Some(t) = TargetAdapter::for_triple("x86_64") else { return };
    let Ok(m) = llrs_asm::parse_module(IR, "f.ll") else { panic!("IR") };
    let mut mir = ModuleIr::new(&m);
    mir.set_ir_text(IR);
    let ir = mir.function(b"f");
    let vregs = [VRegDecl { id: 0, class: b"gr32", preferred_vreg: None }];
    let ctx = BodyContext {
        target: &t,
        ir: &ir,
        function_name: b"f",
        stack_objects: Some(&[]),
        fixed_stack_objects: Some(&[]),
        constants: Some(&[]),
        jump_tables: Some(&[]),
        vregs: &vregs,
    };
    let mut wrong = Vec::new();
    for &(src, offset, message) in CASES {
        match parse_body(src.as_bytes(), &ctx) {
            Err(e) if e.offset == offset && e.message == message => {}
            other => wrong.push(format!("{src:?}: want {offset}: {message}, got {other:?}")),
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
