//! The checks of this module against LLVM 22 (`llvm-as-22`'s report on each small module).

use crate::verify;

/// Every message of the report, in order.
fn messages(src: &str) -> Vec<String> {
    let m = llrs_asm::parse_module(src.as_bytes(), "t.ll").expect("parses");
    verify(&m).diagnostics.iter().map(|d| d.message.to_string()).collect()
}

/// Each module with the messages LLVM 22 reports for it.
const CASES: &[(&str, &str, &[&str])] = &[
    (
        "align_int",
        "define void @f(i32 align 16 %a) { ret void }\n",
        &["Attribute 'align 16' applied to incompatible type!"],
    ),
    (
        "alloc_align_ptr",
        "define void @f(ptr allocalign %a) { ret void }\n",
        &["Attribute 'allocalign' applied to incompatible type!"],
    ),
    (
        "allockind",
        "declare ptr @f(i32) allockind(\"alloc,free\")\n",
        &["'allockind()' requires exactly one of alloc, realloc, and free"],
    ),
    (
        "allockind_free",
        "declare ptr @f(i32) allockind(\"free,zeroed\")\n",
        &["'allockind(\"free\")' doesn't allow uninitialized, zeroed, or aligned modifiers."],
    ),
    (
        "allockind_zu",
        "declare ptr @f(i32) allockind(\"alloc,zeroed,uninitialized\")\n",
        &["'allockind()' can't be both zeroed and uninitialized"],
    ),
    (
        "allocsize_n",
        "declare ptr @f(i32, i32) allocsize(0, 2)\n",
        &["'allocsize' number of elements argument is out of bounds"],
    ),
    ("allocsize_oob", "declare ptr @f(i32) allocsize(1)\n", &["'allocsize' element size argument is out of bounds"]),
    (
        "allocsize_ty",
        "declare ptr @f(ptr) allocsize(0)\n",
        &["'allocsize' element size argument must refer to an integer parameter"],
    ),
    (
        "avz_empty",
        "define void @f() \"alloc-variant-zeroed\" { ret void }\n",
        &["'alloc-variant-zeroed' must not be empty"],
    ),
    (
        "avz_family",
        "define void @f() \"alloc-variant-zeroed\"=\"g\" allockind(\"alloc\") \"alloc-family\"=\"x\" { ret void }\ndeclare void @g() allockind(\"alloc,zeroed\")\n",
        &["'alloc-variant-zeroed' must name a function belonging to the same 'alloc-family'"],
    ),
    (
        "avz_kind",
        "define void @f() \"alloc-variant-zeroed\"=\"g\" { ret void }\ndeclare void @g()\n",
        &["'alloc-variant-zeroed' must name a function with 'allockind(\"zeroed\")'"],
    ),
    (
        "avz_ok",
        "define fastcc void @f() \"alloc-variant-zeroed\"=\"g\" { ret void }\ndeclare void @g() allockind(\"alloc,zeroed\")\n",
        &[],
    ),
    (
        "avz_sig",
        "define void @f() \"alloc-variant-zeroed\"=\"g\" { ret void }\ndeclare void @g(i32) allockind(\"alloc,zeroed\")\n",
        &["'alloc-variant-zeroed' must name a function with the same signature"],
    ),
    (
        "bte",
        "define void @f() \"branch-target-enforcement\"=\"yes\" { ret void }\n",
        &["invalid value for 'branch-target-enforcement' attribute: yes"],
    ),
    (
        "byref_unsized",
        "%T = type opaque\ndefine void @f(ptr byref(%T) %a) { ret void }\n",
        &["Attribute 'byref' does not support unsized types!"],
    ),
    (
        "byval_inreg",
        "define void @f(ptr byval(i32) inreg %a) { ret void }\n",
        &["Attributes 'byval', 'inalloca', 'preallocated', 'inreg', 'nest', 'byref', and 'sret' are incompatible!"],
    ),
    (
        "byval_int",
        "define void @f(i32 byval(i32) %a) { ret void }\n",
        &["Attribute 'byval(i32)' applied to incompatible type!"],
    ),
    (
        "byval_nested_ok",
        "%P = type { double, double }\n%R = type { %P, %P }\ndefine void @f(ptr byval(%R) %a) { ret void }\n",
        &[],
    ),
    (
        "byval_unsized",
        "%T = type opaque\ndefine void @f(ptr byval(%T) %a) { ret void }\n",
        &["Attribute 'byval' does not support unsized types!"],
    ),
    (
        "captures_int",
        "define void @f(i32 captures(none) %a) { ret void }\n",
        &["Attribute 'captures(none)' applied to incompatible type!"],
    ),
    (
        "denorm",
        "define void @f() \"denormal-fp-math\"=\"ieee,bad\" { ret void }\n",
        &["invalid value for 'denormal-fp-math' attribute: ieee,bad"],
    ),
    (
        "deref_int",
        "define void @f(i32 dereferenceable(8) %a) { ret void }\n",
        &["Attribute 'dereferenceable(8)' applied to incompatible type!"],
    ),
    (
        "elementtype_decl",
        "declare void @f(ptr elementtype(i32))\n",
        &["Attribute 'elementtype' can only be applied to intrinsics and inline asm.", "Attribute 'elementtype' can only be applied to a callsite."],
    ),
    (
        "evex",
        "target triple = \"x86_64-unknown-linux-gnu\"\ndefine void @f(<16 x i32> %a) \"target-features\"=\"+avx512f,-evex512\" { ret void }\n",
        &[],
    ),
    (
        "fp",
        "define void @f() \"frame-pointer\"=\"always\" { ret void }\n",
        &["invalid value for 'frame-pointer' attribute: always"],
    ),
    (
        "gcs",
        "define void @f() \"guarded-control-stack\"=\"1\" { ret void }\n",
        &["invalid value for 'guarded-control-stack' attribute: 1"],
    ),
    ("huge_align", "define void @f(ptr align 4294967296 %a) { ret void }\n", &[]),
    (
        "huge_byval",
        "define void @f(ptr byval([4294967296 x i8]) %a) { ret void }\n",
        &["huge 'byval' arguments are unsupported"],
    ),
    ("immarg_nonintr", "declare void @f(i32 immarg)\n", &["immarg attribute only applies to intrinsics"]),
    (
        "immarg_other",
        "declare void @llvm.foo(i32 immarg zeroext)\n",
        &["Attribute 'immarg' is incompatible with other attributes except the 'range' attribute"],
    ),
    ("immarg_range", "declare void @llvm.foo(i32 immarg range(i32 0, 4))\n", &[]),
    (
        "immarg_range_noundef",
        "declare void @llvm.foo(i32 immarg range(i32 0, 4) noundef)\n",
        &["Attribute 'immarg' is incompatible with other attributes except the 'range' attribute"],
    ),
    (
        "inalloca_mid",
        "define void @f(ptr inalloca(i32) %a, i32 %b) { ret void }\n",
        &["inalloca isn't on the last parameter!"],
    ),
    (
        "inalloca_readonly",
        "define void @f(ptr inalloca(i32) readonly %a) { ret void }\n",
        &["Attributes 'inalloca and readonly' are incompatible!"],
    ),
    (
        "init_int",
        "define void @f(i32 initializes((0, 4)) %a) { ret void }\n",
        &["Attribute 'initializes((0, 4))' applied to incompatible type!"],
    ),
    ("jumptable", "define void @f() jumptable { ret void }\n", &["Attribute 'jumptable' requires 'unnamed_addr'"]),
    ("jumptable_ok", "define void @f() unnamed_addr jumptable { ret void }\n", &[]),
    (
        "modular_few",
        "define void @f(i32 %a) \"modular-format\"=\"a,b\" { ret void }\n",
        &["modular-format attribute requires at least 5 arguments"],
    ),
    (
        "modular_nonint",
        "define void @f(i32 %a) \"modular-format\"=\"a,b,x,d,e\" { ret void }\n",
        &["modular-format attribute first arg index is not an integer"],
    ),
    (
        "modular_oob",
        "define void @f(i32 %a) \"modular-format\"=\"a,b,2,d,e\" { ret void }\n",
        &["modular-format attribute first arg index is out of bounds"],
    ),
    ("modular_vararg_ok", "define void @f(i32 %a, ...) \"modular-format\"=\"a,b,2,d,e\" { ret void }\n", &[]),
    (
        "multi_sret",
        "define void @f(ptr sret(i32) %a, ptr sret(i32) %b) { ret void }\n",
        &["Cannot have multiple 'sret' parameters!"],
    ),
    (
        "njt",
        "define void @f() \"no-jump-tables\"=\"1\" { ret void }\n",
        &["invalid value for 'no-jump-tables' attribute: 1"],
    ),
    ("nofpclass_arr", "define void @f([2 x float] nofpclass(nan) %a) { ret void }\n", &[]),
    (
        "nofpclass_int",
        "define void @f(i32 nofpclass(nan) %a) { ret void }\n",
        &["Attribute 'nofpclass(nan)' applied to incompatible type!"],
    ),
    (
        "nofpclass_named",
        "%S = type {float, float}\ndefine void @f(%S nofpclass(nan) %a) { ret void }\n",
        &["Attribute 'nofpclass(nan)' applied to incompatible type!"],
    ),
    ("nofpclass_struct", "define void @f({float, float} nofpclass(nan) %a) { ret void }\n", &[]),
    (
        "noinline_always",
        "define void @f() noinline alwaysinline { ret void }\n",
        &["Attributes 'noinline and alwaysinline' are incompatible!"],
    ),
    ("noundef_void", "define noundef void @f() { ret void }\n", &["Attribute 'noundef' applied to incompatible type!"]),
    (
        "optdebug_minsize",
        "define void @f() optdebug minsize { ret void }\n",
        &["Attributes 'minsize and optdebug' are incompatible!"],
    ),
    ("optnone_alone", "define void @f() optnone { ret void }\n", &["Attribute 'optnone' requires 'noinline'!"]),
    (
        "optnone_optsize",
        "define void @f() optnone noinline optsize { ret void }\n",
        &["Attributes 'optsize and optnone' are incompatible!"],
    ),
    (
        "order",
        "define void @f(i32 %a) \"frame-pointer\"=\"x\" \"patchable-function-entry\"=\"x\" vscale_range(3,3) { ret void }\n",
        &["'vscale_range' minimum must be power-of-two value", "'vscale_range' maximum must be power-of-two value", "invalid value for 'frame-pointer' attribute: x", "\"patchable-function-entry\" takes an unsigned integer: x"],
    ),
    (
        "order_tail",
        "define void @f() \"target-features\"=\"x\" \"denormal-fp-math-f32\"=\"x\" \"vector-function-abi-variant\"=\"x\" { ret void }\n",
        &["invalid name for a VFABI variant: x", "invalid value for 'denormal-fp-math-f32' attribute: x", "target feature 'x' must start with a '+' or '-'"],
    ),
    (
        "pauth",
        "define void @f() \"branch-protection-pauth-lr\"=\"x\" { ret void }\n",
        &["invalid value for 'branch-protection-pauth-lr' attribute: x"],
    ),
    (
        "pfe",
        "define void @f() \"patchable-function-entry\"=\"x\" { ret void }\n",
        &["\"patchable-function-entry\" takes an unsigned integer: x"],
    ),
    (
        "pfes",
        "define void @f() \"patchable-function-entry-section\" \"patchable-function-entry\"=\"x\" \"warn-stack-size\"=\"x\" { ret void }\n",
        &["\"patchable-function-entry\" takes an unsigned integer: x", "\"patchable-function-entry-section\" must not be empty"],
    ),
    ("range_vec_ok", "define void @f(<2 x i32> range(i32 0, 3) %a) { ret void }\n", &[]),
    (
        "range_width",
        "define void @f(i32 range(i8 0, 3) %a) { ret void }\n",
        &["Attribute 'range(i8 0, 3)' applied to incompatible type!"],
    ),
    (
        "readnone_readonly",
        "define void @f(ptr readnone readonly %a) { ret void }\n",
        &["Attributes 'readnone and readonly' are incompatible!"],
    ),
    ("ret_align", "define align 8 i32 @f() { ret i32 0 }\n", &["Attribute 'align 8' applied to incompatible type!"]),
    (
        "returned_bad",
        "define i32 @f(i64 returned %a) { ret i32 0 }\n",
        &["Incompatible argument and return types for 'returned' attribute"],
    ),
    ("returned_vec", "define <2 x i32> @f(<4 x i16> returned %a) { ret <2 x i32> zeroinitializer }\n", &[]),
    (
        "rtsan",
        "define void @f() sanitize_realtime sanitize_realtime_blocking { ret void }\n",
        &["Attributes 'sanitize_realtime and sanitize_realtime_blocking' are incompatible!"],
    ),
    (
        "sm",
        "define void @f() \"aarch64_pstate_sm_enabled\" \"aarch64_pstate_sm_compatible\" { ret void }\n",
        &["Attributes 'aarch64_pstate_sm_enabled and aarch64_pstate_sm_compatible' are incompatible!"],
    ),
    (
        "sra",
        "define void @f() \"sign-return-address\"=\"bad\" { ret void }\n",
        &["invalid value for 'sign-return-address' attribute: bad"],
    ),
    (
        "srak",
        "define void @f() \"sign-return-address\"=\"all\" \"sign-return-address-key\"=\"c_key\" { ret void }\n",
        &["invalid value for 'sign-return-address-key' attribute: c_key"],
    ),
    (
        "srak_alone",
        "define void @f() \"sign-return-address-key\"=\"a_key\" { ret void }\n",
        &["'sign-return-address-key' present without `sign-return-address`"],
    ),
    (
        "sret_returned",
        "define void @f(ptr sret(i32) returned %a) { ret void }\n",
        &["Attributes 'sret and returned' are incompatible!", "Incompatible argument and return types for 'returned' attribute"],
    ),
    (
        "sret_third",
        "define void @f(i32 %x, i32 %y, ptr sret(i32) %a) { ret void }\n",
        &["Attribute 'sret' is not on first or second parameter!"],
    ),
    (
        "strbool",
        "define void @f() \"less-precise-fpmad\"=\"x\" \"use-sample-profile\"=\"y\" { ret void }\n",
        &["invalid value for 'less-precise-fpmad' attribute: x", "invalid value for 'use-sample-profile' attribute: y"],
    ),
    (
        "swiftasync2",
        "define void @f(ptr swiftasync %a, ptr swiftasync %b) { ret void }\n",
        &["Cannot have multiple 'swiftasync' parameters!"],
    ),
    (
        "swifterror_int",
        "define void @f(i32 swifterror %a) { ret void }\n",
        &["Attribute 'swifterror' applied to incompatible type!"],
    ),
    (
        "swiftself2",
        "define void @f(ptr swiftself %a, ptr swiftself %b) { ret void }\n",
        &["Cannot have multiple 'swiftself' parameters!"],
    ),
    (
        "tf_empty",
        "define void @f() \"target-features\"=\",x\" { ret void }\n",
        &["target-features attribute should not contain an empty string", "target feature 'x' must start with a '+' or '-'"],
    ),
    (
        "tf_sign",
        "define void @f() \"target-features\"=\"+a,b,c\" { ret void }\n",
        &["target feature 'b' must start with a '+' or '-'"],
    ),
    (
        "two_nest",
        "define void @f(ptr nest %a, ptr nest %b) { ret void }\n",
        &["More than one parameter has attribute nest!"],
    ),
    (
        "two_returned",
        "define i32 @f(i32 returned %a, i32 returned %b) { ret i32 %a }\n",
        &["More than one parameter has attribute returned!"],
    ),
    (
        "vfabi",
        "define double @f(double %x) \"vector-function-abi-variant\"=\"_ZGVnN2vv_f\" { ret double %x }\n",
        &["invalid name for a VFABI variant: _ZGVnN2vv_f"],
    ),
    (
        "vfabi_ok",
        "define double @f(double %x) \"vector-function-abi-variant\"=\"_ZGVnN2v_f(g)\" { ret double %x }\n",
        &[],
    ),
    (
        "vscale0",
        "define void @f() vscale_range(0,2) { ret void }\n",
        &["'vscale_range' minimum must be greater than 0"],
    ),
    ("vscale00", "declare void @f() vscale_range(0,0)\n", &[]),
    (
        "vscale3",
        "define void @f() vscale_range(3,4) { ret void }\n",
        &["'vscale_range' minimum must be power-of-two value"],
    ),
    (
        "vscale_gt",
        "define void @f() vscale_range(8,4) { ret void }\n",
        &["'vscale_range' minimum cannot be greater than maximum"],
    ),
    (
        "vscale_max",
        "define void @f() vscale_range(2,6) { ret void }\n",
        &["'vscale_range' maximum must be power-of-two value"],
    ),
    (
        "writable_mem",
        "define void @f(ptr writable %a) memory(read) { ret void }\n",
        &["Attribute writable and memory without argmem: write are incompatible!"],
    ),
    (
        "writable_readonly",
        "define void @f(ptr writable readonly %a) { ret void }\n",
        &["Attributes writable and readonly are incompatible!"],
    ),
    (
        "wss",
        "define void @f() \"warn-stack-size\"=\"-1\" { ret void }\n",
        &["\"warn-stack-size\" takes an unsigned integer: -1"],
    ),
    (
        "za",
        "define void @f() \"aarch64_new_za\" \"aarch64_in_za\" { ret void }\n",
        &["Attributes 'aarch64_new_za', 'aarch64_in_za', 'aarch64_out_za', 'aarch64_inout_za', 'aarch64_preserves_za' and 'aarch64_za_state_agnostic' are mutually exclusive"],
    ),
    (
        "zext_sext",
        "define void @f(i32 zeroext signext %a) { ret void }\n",
        &["Attributes 'zeroext and signext' are incompatible!"],
    ),
    (
        "zt0",
        "define void @f() \"aarch64_inout_zt0\" \"aarch64_za_state_agnostic\" { ret void }\n",
        &["Attributes 'aarch64_new_zt0', 'aarch64_in_zt0', 'aarch64_out_zt0', 'aarch64_inout_zt0', 'aarch64_preserves_zt0' and 'aarch64_za_state_agnostic' are mutually exclusive"],
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
