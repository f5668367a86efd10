//! The checks of this module against LLVM 22 (`llvm-as-22`'s report on each small module).

use crate::verify;

/// Every message of the report, in order.
fn messages(src: &str) -> Vec<String> {
    let m = llrs_asm::parse_module(src.as_bytes(), "t.ll").expect("parses");
    verify(&m).diagnostics.iter().map(|d| d.message.to_string()).collect()
}

/// Each module with the messages LLVM 22 reports for it.
const CASES: &[(&str, &str, &[&str])] = &[
    ("amx_arg", "declare void @f(x86_amx)\n", &["Function takes x86_amx but isn't an intrinsic"]),
    ("amx_ret", "declare x86_amx @f()\n", &["Function returns a x86_amx but isn't an intrinsic"]),
    (
        "decl_personality",
        "declare void @f() personality ptr null\n",
        &["Function declaration shouldn't have a personality routine"],
    ),
    (
        "elementtype_def",
        "define void @llvm.not_call(ptr elementtype(i32) %a) { ret void }\n",
        &["Attribute 'elementtype' can only be applied to a callsite."],
    ),
    (
        "entry_ba",
        "define ptr @f() {\nentry:\n  ret ptr blockaddress(@f, %entry)\n}\n",
        &["blockaddress may not be used with the entry block!"],
    ),
    (
        "entry_ba_g",
        "@g = global ptr blockaddress(@f, %entry)\ndefine void @f() {\nentry:\n  ret void\n}\n",
        &["blockaddress may not be used with the entry block!"],
    ),
    (
        "entry_ba_unused",
        "define void @f() {\nentry:\n  ret void\n}\n!0 = !{ptr blockaddress(@f, %entry)}\n!named = !{!0}\n",
        &[],
    ),
    (
        "entry_pred",
        "define void @f() {\nentry:\n  br label %entry\n}\n",
        &["Entry block to function must not have predecessors!"],
    ),
    (
        "fast_vararg",
        "define fastcc void @f(...) { ret void }\n",
        &["Calling convention does not support varargs or perfect forwarding!"],
    ),
    (
        "gc_base",
        "declare i32 @llvm.experimental.gc.get.pointer.base.i32.p0(ptr)\n",
        &["gc.get.pointer.base must return a pointer"],
    ),
    (
        "intr_addr",
        "@g = global ptr @llvm.trap\ndeclare void @llvm.trap()\n",
        &["Invalid user of intrinsic instruction!"],
    ),
    ("intr_call_ok", "define void @f() {\n  call void @llvm.trap()\n  ret void\n}\ndeclare void @llvm.trap()\n", &[]),
    ("intr_def", "define void @llvm.foo() { ret void }\n", &["llvm intrinsics cannot be defined!"]),
    (
        "intr_struct_user",
        "declare void @llvm.trap()\n@g = global { ptr } { ptr @llvm.trap }\n",
        &["Invalid user of intrinsic instruction!"],
    ),
    (
        "kernel_byref",
        "define amdgpu_kernel void @f(ptr byref(i32) %a) { ret void }\n",
        &["Calling convention disallows stack byref"],
    ),
    (
        "kernel_byval",
        "define amdgpu_kernel void @f(ptr byval(i32) %a) { ret void }\n",
        &["Calling convention disallows byval"],
    ),
    ("kernel_ret", "define amdgpu_kernel i32 @f() { ret i32 0 }\n", &["Calling convention requires void return type"]),
    (
        "kernel_sret",
        "define amdgpu_kernel void @f(ptr sret(i32) %a) { ret void }\n",
        &["Calling convention does not allow sret"],
    ),
    ("md_arg", "declare void @f(metadata)\n", &["Function takes metadata but isn't an intrinsic"]),
    ("naked_unused", "define void @f(i32 %a) naked {\n  ret void\n}\n", &[]),
    ("naked_use", "define i32 @f(i32 %a) naked { ret i32 %a }\n", &["cannot use argument of naked function"]),
    (
        "ptx_vararg",
        "define ptx_kernel void @f(...) { ret void }\n",
        &["Calling convention does not support varargs or perfect forwarding!"],
    ),
    ("spir_byval_ok", "define spir_kernel void @f(ptr byval(i32) %a) { ret void }\n", &[]),
    (
        "swifterror_call",
        "define void @f(ptr swifterror %a) {\n  %v = load ptr, ptr %a\n  store ptr null, ptr %a\n  call void @g(ptr %a)\n  ret void\n}\ndeclare void @g(ptr)\n",
        &["swifterror value when used in a callsite should be marked with swifterror attribute"],
    ),
    (
        "swifterror_callee_attr",
        "define void @f(ptr swifterror %a) {\n  call void @g(ptr %a)\n  ret void\n}\ndeclare void @g(ptr swifterror)\n",
        &[],
    ),
    (
        "swifterror_gep",
        "define void @f(ptr swifterror %a) {\n  %x = getelementptr i8, ptr %a, i64 1\n  ret void\n}\n",
        &["swifterror value can only be loaded and stored from, or as a swifterror argument!"],
    ),
    ("token_arg", "define void @f(token %t) { ret void }\n", &["Function takes token but isn't an intrinsic"]),
    ("token_ret", "declare token @f()\n", &["Function returns a token but isn't an intrinsic"]),
    (
        "two_prof",
        "define void @f() !prof !0 !prof !0 { ret void }\n!0 = !{!\"function_entry_count\", i64 1}\n",
        &["function must have a single !prof attachment"],
    ),
    (
        "whole_wave_i1",
        "define amdgpu_gfx_whole_wave void @f(i32 %a) { ret void }\n",
        &["Calling convention requires first argument to be i1"],
    ),
    (
        "whole_wave_inreg",
        "define amdgpu_gfx_whole_wave void @f(i1 inreg %a) { ret void }\n",
        &["Calling convention requires first argument to not be inreg"],
    ),
    (
        "whole_wave_vararg",
        "define amdgpu_gfx_whole_wave void @f(i1 %a, ...) { ret void }\n",
        &["Calling convention does not support varargs or perfect forwarding!"],
    ),
    ("x86_intr", "define x86_intrcc void @f(ptr %a) { ret void }\n", &["Calling convention parameter requires byval"]),
    (
        "zt0_undef",
        "define void @f(i32 %a) \"aarch64_zt0_undef\" naked {\n  %b = add i32 %a, 1\n  ret void\n}\n",
        &["Attribute 'aarch64_zt0_undef' can only be applied to a callsite."],
    ),
];

#[test]
fn as_llvm_reports() {
    let mut wrong = Vec::new();
    for (name, src, want) in CASES {
        let got = messages(src);
        if got != *want {
            wrong.push(format!("{name}: want {want:?}, got {got:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
