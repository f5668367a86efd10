//! The call visitors against what LLVM 22 (`llvm-as-22`) says of small modules.

use crate::ir::FnCtx;
use crate::walk::Verifier;

/// The module errors of a module, in order.
fn errors(src: &str) -> Vec<String> {
    let m = llrs_asm::parse_module(src.as_bytes(), "t.ll").expect("parses");
    crate::verify(&m).errors().map(|d| d.message.to_string()).collect()
}

fn first(src: &str) -> String {
    errors(src).into_iter().next().unwrap_or_default()
}

const DECLS: &str = "declare void @f()\ndeclare void @g(i32)\ndeclare i32 @vf(i32, ...)\n\
declare void @llvm.prefetch.p0(ptr, i32 immarg, i32 immarg, i32 immarg)\n";

/// `@t(ptr %p, i32 %x)` with `body`, after `DECLS` and `pre`.
fn func(pre: &str, body: &str) -> String {
    format!("{pre}{DECLS}define void @t(ptr %p, i32 %x) {{\n{body}\n  ret void\n}}\n")
}

#[test]
fn valid_calls() {
    let src = func("", "  call void @g(i32 1)\n  call i32 (i32, ...) @vf(i32 1, i64 2)");
    assert_eq!(errors(&src), Vec::<String>::new());
    let src = func("", "  call void asm \"\", \"=*m,r\"(ptr elementtype(i32) %p, i32 %x)");
    assert_eq!(errors(&src), Vec::<String>::new());
}

#[test]
fn calling_convention() {
    let src = func("", "  call spir_kernel void @f()");
    assert_eq!(first(&src), "calling convention does not permit calls");
    let src = func("", "  call amdgpu_cs_chain void @f()");
    assert_eq!(first(&src), "calling convention does not permit calls");
    assert_eq!(errors(&func("", "  call ptx_kernel void @f()")), Vec::<String>::new());
}

#[test]
fn call_site_attributes() {
    let src = format!("{}attributes #0 = {{ speculatable }}\n", func("", "  call void @f() #0"));
    assert_eq!(first(&src), "speculatable attribute may not apply to call sites");
    let src = func("", "  call void @llvm.prefetch.p0(ptr %p, i32 %x, i32 1, i32 1)");
    assert_eq!(first(&src), "immarg operand has non-immediate parameter");
    let src = func("", "  call void @llvm.prefetch.p0(ptr %p, i32 undef, i32 1, i32 1)");
    assert_eq!(first(&src), "immarg operand has non-immediate parameter");
    let src = func("", "  call void @llvm.prefetch.p0(ptr immarg %p, i32 0, i32 1, i32 1)");
    assert_eq!(first(&src), "immarg may not apply only to call sites");
    let src = func("declare void @ia(ptr inalloca(i32))\n", "  %a = alloca i32\n  call void @ia(ptr inalloca(i32) %a)");
    assert_eq!(first(&src), "inalloca argument for call has mismatched alloca");
    let src = func("declare void @pa(ptr preallocated(i32))\n", "  call void @pa(ptr preallocated(i32) %p)");
    assert_eq!(
        first(&src),
        "preallocated operand either requires a preallocated bundle or the call to be musttail (but not both)"
    );
}

#[test]
fn swifterror_arguments() {
    let pre = "declare void @se(ptr swifterror)\n";
    let src = func(pre, "  %a = alloca ptr\n  call void @se(ptr swifterror %a)");
    assert_eq!(first(&src), "swifterror argument for call has mismatched alloca");
    let gep = "  %a = alloca [2 x ptr]\n  %b = getelementptr inbounds [2 x ptr], ptr %a, i32 0, i32 1\n  \
               call void @se(ptr swifterror %b)";
    assert_eq!(first(&func(pre, gep)), "swifterror argument for call has mismatched alloca");
    let src = func(pre, "  call void @se(ptr swifterror %p)");
    assert_eq!(first(&src), "swifterror argument for call has mismatched parameter");
    let src = func(pre, "  %q = load ptr, ptr %p\n  call void @se(ptr swifterror %q)");
    assert_eq!(first(&src), "swifterror argument should come from an alloca or parameter");
}

#[test]
fn swifterror_values() {
    let src = "declare void @se(ptr swifterror)\ndeclare void @h(ptr)\n\
               define void @t() {\n  %a = alloca swifterror ptr\n  store ptr %a, ptr null\n  ret void\n}\n\
               define void @u() {\n  %a = alloca swifterror ptr\n  call void @h(ptr %a)\n  ret void\n}\n\
               define void @v() {\n  %a = alloca swifterror ptr\n  %b = getelementptr i8, ptr %a, i32 1\n  ret void\n}\n\
               define void @w() {\n  %a = alloca swifterror ptr\n  call void @se(ptr swifterror %a)\n  \
               %l = load ptr, ptr %a\n  store ptr null, ptr %a\n  ret void\n}\n";
    let m = llrs_asm::parse_module(src.as_bytes(), "t.ll").expect("parses");
    let mut got = Vec::new();
    for (g, _) in m.globals.iter().filter(|(_, gl)| gl.func.as_ref().is_some_and(|f| f.body.is_some())) {
        let f = FnCtx::new(&m, g).expect("a body");
        let mut v = Verifier::new(&m);
        let first = f.body.layout.first().and_then(|&b| f.body.blocks[b].insts.first().copied()).expect("an alloca");
        v.verify_swift_error_value(&f, llrs_ir::Value::Inst(first));
        got.push(v.report.errors().map(|d| d.message.to_string()).next().unwrap_or_default());
    }
    assert_eq!(
        got,
        [
            "swifterror value should be the second operand when used by stores",
            "swifterror value when used in a callsite should be marked with swifterror attribute",
            "swifterror value can only be loaded and stored from, or as a swifterror argument!",
            "",
        ]
    );
}

#[test]
fn varargs() {
    let src = func("", "  call i32 (i32, ...) @vf(i32 returned 1, i64 returned 2)");
    assert_eq!(first(&src), "More than one parameter has attribute returned!");
    let src = func("", "  call i32 (i32, ...) @vf(i32 1, i64 returned 2)");
    assert_eq!(first(&src), "Incompatible argument and return types for 'returned' attribute");
    let src = func("", "  call i32 (i32, ...) @vf(i32 1, ptr sret(i32) null)");
    assert_eq!(first(&src), "Attribute 'sret' cannot be used for vararg call arguments!");
    let src = func("", "  call i32 (i32, ...) @vf(i32 1, ptr inalloca(i32) null, i32 2)");
    assert_eq!(first(&src), "inalloca isn't on the last argument!");
}

#[test]
fn tokens_and_indirect_calls() {
    assert_eq!(first(&func("", "  call void %p(token none)")), "Function has token parameter but isn't an intrinsic");
    assert_eq!(first(&func("", "  %r = call token %p()")), "Return type cannot be token for indirect call!");
    assert_eq!(first(&func("", "  %r = call x86_amx %p()")), "Return type cannot be x86_amx for indirect call!");
}

#[test]
fn operand_bundles() {
    let cases = [
        ("\"deopt\"(), \"deopt\"()", "Multiple deopt operand bundles"),
        ("\"gc-transition\"(), \"gc-transition\"()", "Multiple gc-transition operand bundles"),
        ("\"gc-live\"(), \"gc-live\"()", "Multiple gc-live operand bundles"),
        ("\"cfguardtarget\"(ptr null), \"cfguardtarget\"(ptr null)", "Multiple CFGuardTarget operand bundles"),
        ("\"cfguardtarget\"()", "Expected exactly one cfguardtarget bundle operand"),
        ("\"funclet\"()", "Expected exactly one funclet bundle operand"),
        ("\"funclet\"(token none)", "Funclet bundle operands should correspond to a FuncletPadInst"),
        ("\"ptrauth\"(i32 0, i64 0), \"ptrauth\"(i32 0, i64 0)", "Multiple ptrauth operand bundles"),
        ("\"ptrauth\"(i32 0)", "Expected exactly two ptrauth bundle operands"),
        ("\"ptrauth\"(i32 %x, i64 0)", "Ptrauth bundle key operand must be an i32 constant"),
        ("\"ptrauth\"(i32 0, i32 0)", "Ptrauth bundle discriminator operand must be an i64"),
        ("\"kcfi\"(i32 0), \"kcfi\"(i32 0)", "Multiple kcfi operand bundles"),
        ("\"kcfi\"(i64 0)", "Kcfi bundle operand must be an i32 constant"),
        ("\"preallocated\"(i32 0)", "\"preallocated\" argument must be a token from llvm.call.preallocated.setup"),
        (
            "\"clang.arc.attachedcall\"(ptr null)",
            "operand bundle \"clang.arc.attachedcall\" requires one function as an argument",
        ),
        ("\"clang.arc.attachedcall\"(ptr @f)", "invalid function argument"),
        ("\"foo\"(), \"foo\"()", ""),
    ];
    for (bundles, want) in cases {
        let src = func("", &format!("  %r = call ptr %p() [ {bundles} ]"));
        assert_eq!(first(&src), want, "{bundles}");
    }
    let src = func("", "  call void @f() [ \"ptrauth\"(i32 0, i64 0) ]");
    assert_eq!(first(&src), "Direct call cannot have a ptrauth bundle");
    let src = func(
        "declare ptr @objc_retainAutoreleasedReturnValue(ptr)\n",
        "  call void @f() [ \"clang.arc.attachedcall\"(ptr @objc_retainAutoreleasedReturnValue) ]",
    );
    assert!(first(&src).starts_with("a call with operand bundle \"clang.arc.attachedcall\" must call a function"));
}

#[test]
fn inline_asm() {
    assert_eq!(first(&func("", "  call void asm \"\", \"!i\"()")), "Label constraints can only be used with callbr");
    let src = func("", "  call void asm \"\", \"=*m\"(i32 %x)");
    assert_eq!(first(&src), "Operand for indirect constraint must have pointer type");
    let src = func("", "  call void asm \"\", \"*m\"(ptr %p)");
    assert_eq!(first(&src), "Operand for indirect constraint must have elementtype attribute");
    let src = func("", "  call void asm \"\", \"r\"(ptr elementtype(i32) %p)");
    assert_eq!(first(&src), "Elementtype attribute can only be applied for indirect constraints");
}

#[test]
fn callbr() {
    let src = "define void @h() {\n  callbr void asm \"\", \"!i\"() to label %a []\na:\n  ret void\n}\n";
    assert_eq!(first(src), "Number of label constraints does not match number of callbr dests");
    let src =
        "define void @h() {\n  callbr void asm sideeffect unwind \"\", \"\"() to label %a []\na:\n  ret void\n}\n";
    assert_eq!(first(src), "Unwinding from Callbr is not allowed");
    let src = "define void @h(ptr %p) {\n  callbr void %p() to label %a []\na:\n  ret void\n}\n";
    assert_eq!(first(src), "Callbr: indirect function / invalid signature");
    let kill = "declare void @llvm.amdgcn.kill(i1)\ndefine void @h() {\n  \
                callbr void @llvm.amdgcn.kill(i1 true) to label %a [label %b, label %b]\na:\n  ret void\nb:\n  unreachable\n}\n";
    assert_eq!(first(kill), "Callbr amdgcn_kill only supports one indirect dest");
    let kill = "declare void @llvm.amdgcn.kill(i1)\ndefine void @h() {\n  \
                callbr void @llvm.amdgcn.kill(i1 true) to label %a [label %a]\na:\n  ret void\n}\n";
    assert_eq!(first(kill), "Callbr amdgcn_kill indirect dest needs to be unreachable");
    // Not visitCallBase: duplicate bundles and speculatable pass on callbr.
    let src = "define void @h() {\n  callbr void asm \"\", \"r,!i\"(i32 1) [ \"deopt\"(), \"deopt\"() ] \
               to label %a [label %b]\na:\n  ret void\nb:\n  unreachable\n}\n";
    assert_eq!(errors(src), Vec::<String>::new());
}

#[test]
fn musttail() {
    let mt = |pre: &str, sig: &str, body: &str| format!("{pre}{DECLS}define {sig} {{\n{body}\n}}\n");
    let v = "void @t(ptr %p, i32 %x)";
    let cases = [
        (mt("", v, "  musttail call void asm \"\", \"\"()\n  ret void"), "cannot use musttail call with inline asm"),
        (
            mt("", v, "  %r = musttail call i32 (i32, ...) @vf(i32 1)\n  ret void"),
            "cannot guarantee tail call due to mismatched varargs",
        ),
        (
            mt("declare i32 @ri()\n", v, "  %r = musttail call i32 @ri()\n  ret void"),
            "cannot guarantee tail call due to mismatched return types",
        ),
        (
            mt("declare fastcc void @ff(ptr, i32)\n", v, "  musttail call fastcc void @ff(ptr %p, i32 %x)\n  ret void"),
            "cannot guarantee tail call due to mismatched calling conv",
        ),
        (
            mt(
                "declare void @ff(ptr, i32)\n",
                v,
                "  musttail call void @ff(ptr %p, i32 %x)\n  call void @f()\n  ret void",
            ),
            "musttail call must precede a ret with an optional bitcast",
        ),
        (
            mt(
                "declare ptr @rp(ptr, i32)\n",
                "ptr @t(ptr %p, i32 %x)",
                "  %r = musttail call ptr @rp(ptr %p, i32 %x)\n  ret ptr %p",
            ),
            "musttail call result must be returned",
        ),
        (
            mt(
                "declare ptr @rp(ptr, i32)\n",
                "ptr @t(ptr %p, i32 %x)",
                "  %r = musttail call ptr @rp(ptr %p, i32 %x)\n  %b = bitcast ptr %p to ptr\n  ret ptr %b",
            ),
            "bitcast following musttail call must use the call",
        ),
        (
            mt("declare void @ff(ptr)\n", v, "  musttail call void @ff(ptr %p)\n  ret void"),
            "cannot guarantee tail call due to mismatched parameter counts",
        ),
        (
            mt("declare void @ff(ptr, i64)\n", v, "  musttail call void @ff(ptr %p, i64 1)\n  ret void"),
            "cannot guarantee tail call due to mismatched parameter types",
        ),
        (
            mt("declare void @ff(ptr, i32)\n", v, "  musttail call void @ff(ptr byval(i32) %p, i32 %x)\n  ret void"),
            "cannot guarantee tail call due to mismatched ABI impacting function attributes",
        ),
        (
            mt(
                "declare tailcc void @ff(ptr, i32)\n",
                "tailcc void @t(ptr inreg %p, i32 %x)",
                "  musttail call tailcc void @ff(ptr %p, i32 inreg %x)\n  ret void",
            ),
            "inreg attribute not allowed in tailcc musttail caller",
        ),
        (
            mt(
                "declare ptr @rp(ptr, i32)\n",
                "ptr @t(ptr %p, i32 %x)",
                "  %r = musttail call ptr @rp(ptr %p, i32 %x)\n  ret ptr undef",
            ),
            "",
        ),
    ];
    for (src, want) in cases {
        assert_eq!(first(&src), want, "{src}");
    }
    // Both tailcc complaints are reported: LLVM's check returns from the helper only.
    let src = mt(
        "declare tailcc void @ff(ptr, i32)\n",
        "tailcc void @t(ptr inreg %p, i32 %x)",
        "  musttail call tailcc void @ff(ptr %p, i32 inreg %x)\n  ret void",
    );
    assert_eq!(
        errors(&src),
        [
            "inreg attribute not allowed in tailcc musttail caller",
            "inreg attribute not allowed in tailcc musttail callee"
        ]
    );
}

#[test]
fn constraint_strings() {
    use llrs_ir::inline_asm::{parse_constraints, ConstraintKind};
    let c = parse_constraints(b"=*m,r,~{memory},!i,=r");
    let kinds: Vec<(bool, bool, bool)> =
        c.iter().map(|c| (c.kind == ConstraintKind::Label, c.has_arg(), c.indirect)).collect();
    assert_eq!(
        kinds,
        [(false, true, true), (false, true, false), (false, false, false), (true, false, false), (false, false, false)]
    );
    assert!(parse_constraints(b"r,").is_empty());
    assert!(parse_constraints(b"r,,r").is_empty());
    assert!(parse_constraints(b"=").is_empty());
}
