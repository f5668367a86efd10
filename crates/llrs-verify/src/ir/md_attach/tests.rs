//! Cases of the attachment checks and of the TBAA verifier: each a small function and LLVM 22's
//! first message for it (checked with `llvm-as-22`; empty when the module is valid).

use crate::walk::Verifier;

const HEAD: &str = "declare ptr @g()\ndeclare void @h()\ndeclare void @rn() memory(none)\n\
    define void @f(ptr %p, float %x, i64 %i, i32 %a, i1 %c) {\n";

fn first_message(src: &str) -> String {
    let m = llrs_asm::parse_module(src.as_bytes(), "t.ll").expect("parses");
    crate::verify(&m).errors().next().map(|d| d.message.to_string()).unwrap_or_default()
}

/// `(name, instruction, metadata, LLVM's first message)`.
const CASES: &[(&str, &str, &str, &str)] = &[
    ("fpmath_needs_fp", "%r = add i32 %a, %a, !fpmath !0", "!0 = !{float 2.5}", "fpmath requires a floating point result!"),
    ("fpmath_one_operand", "%r = fadd float %x, %x, !fpmath !0", "!0 = !{float 2.5, float 1.0}", "fpmath takes one operand!"),
    ("fpmath_float_type", "%r = fadd float %x, %x, !fpmath !0", "!0 = !{double 2.5}", "fpmath accuracy must have float type"),
    ("fpmath_positive", "%r = fadd float %x, %x, !fpmath !0", "!0 = !{float -1.0}", "fpmath accuracy not a positive number!"),
    ("fpmath_accuracy_constant", "%r = fadd float %x, %x, !fpmath !0", "!0 = !{!\"x\"}", "invalid fpmath accuracy!"),
    ("range_only_on_loads_calls", "%r = add i32 %a, %a, !range !0", "!0 = !{i32 0, i32 1}", "Ranges are only for loads, calls and invokes!"),
    ("range_unfinished", "%r = load i32, ptr %p, !range !0", "!0 = !{i32 0}", "Unfinished range!"),
    ("range_at_least_one", "%r = load i32, ptr %p, !range !0", "!0 = !{}", "It should have at least one range!"),
    ("range_lower_int", "%r = load i32, ptr %p, !range !0", "!0 = !{!\"a\", i32 1}", "The lower limit must be an integer!"),
    ("range_type", "%r = load i32, ptr %p, !range !0", "!0 = !{i8 0, i8 1}", "Range types must match instruction type!"),
    ("range_pair_types", "%r = load i32, ptr %p, !range !0", "!0 = !{i32 0, i8 1}", "Range pair types must match!"),
    ("range_same_limits", "%r = load i32, ptr %p, !range !0", "!0 = !{i32 3, i32 3}", "The upper and lower limits cannot be the same value"),
    ("range_empty", "%r = load i32, ptr %p, !range !0", "!0 = !{i32 0, i32 0}", "Range must not be empty!"),
    ("range_full", "%r = load i32, ptr %p, !range !0", "!0 = !{i32 -1, i32 -1}", "Range must not be empty!"),
    ("range_overlap", "%r = load i32, ptr %p, !range !0", "!0 = !{i32 0, i32 10, i32 5, i32 20}", "Intervals are overlapping"),
    ("range_order", "%r = load i32, ptr %p, !range !0", "!0 = !{i32 10, i32 20, i32 0, i32 5}", "Intervals are not in order"),
    ("range_contiguous", "%r = load i32, ptr %p, !range !0", "!0 = !{i32 0, i32 10, i32 10, i32 20}", "Intervals are contiguous"),
    ("range_wrap_first_last", "%r = load i8, ptr %p, !range !0", "!0 = !{i8 -6, i8 1, i8 3, i8 5, i8 7, i8 -6}", "Intervals are contiguous"),
    ("range_valid_wrapping", "%r = load i8, ptr %p, !range !0", "!0 = !{i8 -6, i8 1, i8 3, i8 5}", ""),
    ("noalias_addrspace_i32", "%r = load i32, ptr %p, !noalias.addrspace !0", "!0 = !{i64 0, i64 1}", "noalias.addrspace type must be i32!"),
    ("noalias_addrspace_memory", "%r = add i32 %a, %a, !noalias.addrspace !0", "!0 = !{i32 0, i32 1}", "noalias.addrspace are only for memory operations!"),
    ("invariant_group_loads", "%r = add i32 %a, %a, !invariant.group !0", "!0 = !{}", "invariant.group metadata is only for loads and stores"),
    ("nonnull_pointer", "%r = load i32, ptr %p, !nonnull !0", "!0 = !{}", "nonnull applies only to pointer types"),
    ("nonnull_load", "%r = call ptr @g(), !nonnull !0", "!0 = !{}", "nonnull applies only to load instructions, use attributes for calls or invokes"),
    ("nonnull_empty", "%r = load ptr, ptr %p, !nonnull !0", "!0 = !{i32 1}", "nonnull metadata must be empty"),
    ("deref_pointer", "%r = load i32, ptr %p, !dereferenceable !0", "!0 = !{i64 8}", "dereferenceable, dereferenceable_or_null apply only to pointer types"),
    ("deref_load", "%r = call ptr @g(), !dereferenceable_or_null !0", "!0 = !{i64 8}", "dereferenceable, dereferenceable_or_null apply only to load and inttoptr instructions, use attributes for calls or invokes"),
    ("deref_one_operand", "%r = load ptr, ptr %p, !dereferenceable !0", "!0 = !{}", "dereferenceable, dereferenceable_or_null take one operand!"),
    ("deref_i64", "%r = inttoptr i64 %i to ptr, !dereferenceable !0", "!0 = !{i32 8}", "dereferenceable, dereferenceable_or_null metadata value must be an i64!"),
    ("align_pointer", "%r = load i32, ptr %p, !align !0", "!0 = !{i64 8}", "align applies only to pointer types"),
    ("align_load", "%r = call ptr @g(), !align !0", "!0 = !{i64 8}", "align applies only to load instructions, use attributes for calls or invokes"),
    ("align_one_operand", "%r = load ptr, ptr %p, !align !0", "!0 = !{i64 8, i64 8}", "align takes one operand!"),
    ("align_i64", "%r = load ptr, ptr %p, !align !0", "!0 = !{i32 8}", "align metadata value must be an i64!"),
    ("align_power_of_two", "%r = load ptr, ptr %p, !align !0", "!0 = !{i64 12}", "align metadata value must be a power of 2!"),
    ("align_limit", "%r = load ptr, ptr %p, !align !0", "!0 = !{i64 8589934592}", "alignment is larger that implementation defined limit"),
    ("scope_list_nodes", "%r = load i32, ptr %p, !noalias !0", "!0 = !{!\"s\"}", "scope list must consist of MDNodes"),
    ("scope_operands", "%r = load i32, ptr %p, !alias.scope !0", "!0 = !{!1}\n!1 = !{!1}", "scope must have two or three operands"),
    ("scope_domain", "%r = load i32, ptr %p, !alias.scope !0", "!0 = !{!1}\n!1 = distinct !{!1, !2}\n!2 = !{}", "domain must have one or two operands"),
    ("access_group_nodes", "%r = load i32, ptr %p, !llvm.access.group !0", "!0 = !{!\"x\"}", "Access scope list must consist of MDNodes"),
    ("access_group_distinct", "%r = load i32, ptr %p, !llvm.access.group !0", "!0 = !{!1}\n!1 = !{}", "Access scope list contains invalid access scope"),
    ("prof_unknown_placement", "%r = add i32 %a, %a, !prof !0", "!0 = !{!\"unknown\", !\"pass\"}", "'unknown' !prof should only appear on instructions on which 'branch_weights' would"),
    ("prof_unknown_operands", "call void @h(), !prof !0", "!0 = !{!\"unknown\"}", "'unknown' !prof should have a single additional operand"),
    ("prof_unknown_string", "call void @h(), !prof !0", "!0 = !{!\"unknown\", i32 1}", "'unknown' !prof should have an additional operand of type string"),
    ("prof_unknown_empty", "call void @h(), !prof !0", "!0 = !{!\"unknown\", !\"\"}", "the 'unknown' !prof operand should not be an empty string"),
    ("prof_two_operands", "call void @h(), !prof !0", "!0 = !{!\"branch_weights\"}", "!prof annotations should have no less than 2 operands"),
    ("prof_name", "call void @h(), !prof !0", "!0 = !{i32 1, i32 2}", "expected string with name of the !prof annotation"),
    ("prof_unknown_name", "call void @h(), !prof !0", "!0 = !{!\"weights\", i32 2}", "expected either branch_weights or VP profile name"),
    ("prof_weights_not_allowed", "%r = add i32 %a, %a, !prof !0", "!0 = !{!\"branch_weights\", i32 2}", "!prof branch_weights are not allowed for this instruction"),
    ("prof_weights_count", "%r = select i1 %c, i32 %a, i32 %a, !prof !0", "!0 = !{!\"branch_weights\", i32 2}", "Wrong number of operands"),
    ("prof_weights_expected_origin", "%r = select i1 %c, i32 %a, i32 %a, !prof !0", "!0 = !{!\"branch_weights\", !\"expected\", i32 2}", "Wrong number of operands"),
    ("prof_weights_const", "call void @h(), !prof !0", "!0 = !{!\"branch_weights\", !\"x\"}", "!prof brunch_weights operand is not a const int"),
    ("prof_vp_short", "call void @h(), !prof !0", "!0 = !{!\"VP\", i32 0, i64 1}", "invalid value profiling metadata"),
    ("prof_vp_kind", "call void @h(), !prof !0", "!0 = !{!\"VP\", i32 7, i64 1, i64 2, i64 3}", "Invalid VP !prof kind"),
    ("prof_vp_even", "call void @h(), !prof !0", "!0 = !{!\"VP\", i32 2, i64 1, i64 2, i64 3, i64 4}", "VP !prof should have an even number of arguments after 'VP'"),
    ("prof_vp_call", "%r = add i32 %a, %a, !prof !0", "!0 = !{!\"VP\", i32 1, i64 1, i64 2, i64 3}", "VP !prof indirect call or memop size expected to be applied to CallBase instructions only"),
    ("memprof_calls", "%r = add i32 %a, %a, !memprof !0", "!0 = !{}", "!memprof metadata should only exist on calls"),
    ("memprof_mib_operands", "call void @h(), !memprof !0", "!0 = !{!1}\n!1 = !{!2}\n!2 = !{i64 1}", "Each !memprof MemInfoBlock should have at least 2 operands"),
    ("memprof_mib_second", "call void @h(), !memprof !0", "!0 = !{!1}\n!1 = !{!2, i64 2}\n!2 = !{i64 1}", "!memprof MemInfoBlock second operand should be an MDString"),
    ("memprof_mib_pairs", "call void @h(), !memprof !0", "!0 = !{!1}\n!1 = !{!2, !\"cold\", !3}\n!2 = !{i64 1}\n!3 = !{i64 1}", "Not all !memprof MemInfoBlock operands 2 to N are MDNode with 2 operands"),
    ("memprof_mib_pair_ints", "call void @h(), !memprof !0", "!0 = !{!1}\n!1 = !{!2, !\"cold\", !3}\n!2 = !{i64 1}\n!3 = !{i64 1, !\"x\"}", "Not all !memprof MemInfoBlock operands 2 to N are MDNode with ConstantInt operands"),
    ("callsite_calls", "%r = add i32 %a, %a, !callsite !0", "!0 = !{i64 1}", "!callsite metadata should only exist on calls"),
    ("callsite_stack_ints", "call void @h(), !callsite !0", "!0 = !{!\"x\"}", "call stack metadata operand should be constant integer"),
    ("mmra_kind", "%r = add i32 %a, %a, !mmra !0", "!0 = !{!\"a\", !\"b\"}", "!mmra metadata attached to unexpected instruction kind"),
    ("mmra_no_memory_call", "call void @rn(), !mmra !0", "!0 = !{!\"a\", !\"b\"}", "!mmra metadata attached to unexpected instruction kind"),
    ("mmra_tuple", "fence seq_cst, !mmra !0", "!0 = distinct !{!\"a\"}", "!mmra metadata tuple operand is not an MMRA tag"),
    ("mmra_tags", "fence seq_cst, !mmra !0", "!0 = !{!1, !\"a\"}\n!1 = !{!\"a\", !\"b\"}", "!mmra metadata tuple operand is not an MMRA tag"),
    ("annotation_operands", "%r = add i32 %a, %a, !annotation !0", "!0 = !{}", "annotation must have at least one operand"),
    ("annotation_strings", "%r = add i32 %a, %a, !annotation !0", "!0 = !{i32 1}", "operands must be a string or a tuple of strings"),
    ("tbaa_no_operands_kind", "%r = add i32 %a, %a, !tbaa !0", "!0 = !{!1, !1, i64 0}\n!1 = !{!\"int\", !2}\n!2 = !{!\"root\"}", "This instruction shall not have a TBAA access tag!"),
    ("tbaa_valid", "%r = load i32, ptr %p, !tbaa !0", "!0 = !{!1, !1, i64 0}\n!1 = !{!\"int\", !2}\n!2 = !{!\"root\"}", ""),
    ("tbaa_struct_path", "%r = load i32, ptr %p, !tbaa !0", "!0 = !{!3, !1, i64 4}\n!1 = !{!\"int\", !2}\n!2 = !{!\"root\"}\n!3 = !{!\"S\", !1, i64 0, !1, i64 4}", ""),
    ("tbaa_offset_not_zero", "%r = load i32, ptr %p, !tbaa !0", "!0 = !{!1, !1, i64 4}\n!1 = !{!\"int\", !2}\n!2 = !{!\"root\"}", "Offset not zero at the point of scalar access"),
    ("tbaa_access_scalar", "%r = load i32, ptr %p, !tbaa !0", "!0 = !{!3, !3, i64 0}\n!1 = !{!\"int\", !2}\n!2 = !{!\"root\"}\n!3 = !{!\"S\", !1, i64 0}", ""),
    ("tbaa_not_in_path", "%r = load i32, ptr %p, !tbaa !0", "!0 = !{!3, !4, i64 0}\n!1 = !{!\"int\", !2}\n!2 = !{!\"root\"}\n!3 = !{!\"S\", !1, i64 0}\n!4 = !{!\"char\", !2}", "Did not see access type in access path!"),
    ("tbaa_increasing", "%r = load i32, ptr %p, !tbaa !0", "!0 = !{!3, !1, i64 0}\n!1 = !{!\"int\", !2}\n!2 = !{!\"root\"}\n!3 = !{!\"S\", !1, i64 4, !1, i64 0}", "Offsets must be increasing!"),
    ("tbaa_bitwidth", "%r = load i32, ptr %p, !tbaa !0", "!0 = !{!3, !1, i64 0}\n!1 = !{!\"int\", !2}\n!2 = !{!\"root\"}\n!3 = !{!\"S\", !1, i32 0}", "Access bit-width not the same as description bit-width"),
    ("tbaa_new_format", "%r = load i32, ptr %p, !tbaa !0", "!0 = !{!3, !1, i64 0, i64 4}\n!1 = !{!2, i64 4, !\"int\"}\n!2 = !{!\"root\"}\n!3 = !{!2, i64 8, !\"S\", !1, i64 0, i64 4, !1, i64 4}", "Access tag nodes must have the number of operands that is a multiple of 3!"),
    ("tbaa_new_format_size", "%r = load i32, ptr %p, !tbaa !0", "!0 = !{!1, !1, i64 0, !\"x\"}\n!1 = !{!2, i64 4, !\"int\"}\n!2 = !{!\"root\"}", "Access size field must be a constant"),
    ("tbaa_immutable", "%r = load i32, ptr %p, !tbaa !0", "!0 = !{!1, !1, i64 0, i64 2}\n!1 = !{!\"int\", !2}\n!2 = !{!\"root\"}", "Immutability part of the struct tag metadata must be either 0 or 1"),
    ("tbaa_cycle", "%r = load i32, ptr %p, !tbaa !0", "!0 = !{!3, !1, i64 0}\n!1 = !{!\"int\", !2}\n!2 = !{!\"root\"}\n!3 = !{!\"S\", !3, i64 0}", "Cycle detected in struct path"),
    ("nofree_pointer", "%r = add i32 %a, %a, !nofree !0", "!0 = !{}", "nofree applies only to pointer types"),
    ("nofree_inttoptr", "%r = load ptr, ptr %p, !nofree !0", "!0 = !{}", "nofree applies only to inttoptr instruction"),
    ("nofree_empty", "%r = inttoptr i64 %i to ptr, !nofree !0", "!0 = !{i32 1}", "nofree metadata must be empty"),
    ("nofree_then_align", "%r = load i32, ptr %p, !align !0, !nofree !0", "!0 = !{}", "nofree applies only to pointer types"),
    ("callee_type_calls", "%r = add i32 %a, %a, !callee_type !0", "!0 = !{}", "!callee_type metadata should only exist on calls"),
    ("callee_type_nodes", "call void @h(), !callee_type !0", "!0 = !{!\"x\"}", "The callee_type metadata must be a list of type metadata nodes"),
    ("callee_type_two", "call void @h(), !callee_type !0", "!0 = !{!1}\n!1 = !{i64 0}", "Well-formed generalized type metadata must contain exactly two operands"),
    ("callee_type_zero", "call void @h(), !callee_type !0", "!0 = !{!1}\n!1 = !{i64 1, !\"a.generalized\"}", "The first operand of type metadata for functions must be zero"),
    ("callee_type_generalized", "call void @h(), !callee_type !0", "!0 = !{!1}\n!1 = !{i64 0, !\"a\"}", "Only generalized type metadata can be part of the callee_type metadata list"),
    ("callee_type_valid", "call void @h(), !callee_type !0", "!0 = !{!1}\n!1 = !{i64 0, !\"a.generalized\"}", ""),
    ("captures_stores", "%r = add i32 %a, %a, !captures !0", "!0 = !{}", "!captures metadata can only be applied to store instructions"),
    ("captures_pointer", "store i32 0, ptr %p, !captures !0", "!0 = !{}", "!captures metadata can only be applied to store with value operand of pointer type"),
    ("captures_empty", "store ptr null, ptr %p, !captures !0", "!0 = !{}", "!captures metadata cannot be empty"),
    ("captures_strings", "store ptr null, ptr %p, !captures !0", "!0 = !{i32 1}", "!captures metadata must be a list of strings"),
    ("captures_entry", "store ptr null, ptr %p, !captures !0", "!0 = !{!\"bogus\"}", "invalid entry in !captures metadata"),
    ("captures_valid", "store ptr null, ptr %p, !captures !0", "!0 = !{!\"address\", !\"address_is_null\", !\"provenance\", !\"read_provenance\"}", ""),
    ("alloc_token_calls", "%r = add i32 %a, %a, !alloc_token !0", "!0 = !{}", "!alloc_token should only exist on calls"),
    ("alloc_token_two", "call void @h(), !alloc_token !0", "!0 = !{}", "!alloc_token must have 2 operands"),
    ("alloc_token_string", "call void @h(), !alloc_token !0", "!0 = !{i32 1, i32 2}", "expected string"),
    ("alloc_token_int", "call void @h(), !alloc_token !0", "!0 = !{!\"a\", !\"b\"}", "expected integer constant"),
    ("alloc_token_valid", "call void @h(), !alloc_token !0", "!0 = !{!\"a\", i1 true}", ""),
    ("late_kinds_order", "%r = add i32 %a, %a, !alloc_token !0, !captures !0, !annotation !0, !callee_type !0", "!0 = !{}", "!callee_type metadata should only exist on calls"),
    ("mmra_call_site_none", "call void @h() memory(none), !mmra !0", "!0 = !{!\"a\", !\"b\"}", "!mmra metadata attached to unexpected instruction kind"),
    ("mmra_bundle_reads", "call void @rn() [ \"deopt\"() ], !mmra !0", "!0 = !{!\"a\", !\"b\"}", ""),
    ("mmra_kcfi_bundle", "call void @rn() [ \"kcfi\"(i32 1) ], !mmra !0", "!0 = !{!\"a\", !\"b\"}", "!mmra metadata attached to unexpected instruction kind"),
];

#[test]
fn attachments_as_llvm_checks_them() {
    for (name, inst, md, want) in CASES {
        let src = format!("{HEAD}  {inst}\n  ret void\n}}\n{md}\n");
        assert_eq!(first_message(&src), *want, "case {name}");
    }
}

/// A function's attachments (`verifyFunctionMetadata`), called as `visitFunction` calls it.
fn function_messages(attachments: &str, md: &str) -> Vec<String> {
    let src = format!("define void @f() {attachments} {{\n  ret void\n}}\n{md}\n");
    let m = llrs_asm::parse_module(src.as_bytes(), "t.ll").expect("parses");
    let mut v = Verifier::new(&m);
    let g = m.functions[0];
    let _ = v.verify_function_metadata(g);
    v.report.diagnostics.iter().map(|d| d.message.to_string()).collect()
}

#[test]
fn function_entry_counts() {
    assert!(function_messages("!prof !0", "!0 = !{!\"function_entry_count\", i64 1}").is_empty());
    assert!(function_messages("!prof !0", "!0 = !{!\"unknown\", !\"pass\"}").is_empty());
    let want = ["!prof annotations should have no less than 2 operands"];
    assert_eq!(function_messages("!prof !0", "!0 = !{!\"unknown\"}"), want);
    let want = ["'unknown' !prof should have a single additional operand"];
    assert_eq!(function_messages("!prof !0", "!0 = !{!\"unknown\", !\"a\", !\"b\"}"), want);
    let want = ["first operand should be 'function_entry_count' or 'synthetic_function_entry_count'"];
    assert_eq!(function_messages("!prof !0", "!0 = !{!\"branch_weights\", i64 1}"), want);
    let want = ["expected integer argument to function_entry_count"];
    assert_eq!(function_messages("!prof !0", "!0 = !{!\"function_entry_count\", !\"x\"}"), want);
}

#[test]
fn kcfi_types() {
    assert!(function_messages("!kcfi_type !0", "!0 = !{i32 1}").is_empty());
    let want = ["!kcfi_type must have exactly one operand"];
    assert_eq!(function_messages("!kcfi_type !0", "!0 = !{}"), want);
    let want = ["expected a constant operand for !kcfi_type"];
    assert_eq!(function_messages("!kcfi_type !0", "!0 = !{!\"x\"}"), want);
    let want = ["expected a constant integer operand for !kcfi_type"];
    assert_eq!(function_messages("!kcfi_type !0", "!0 = !{<2 x i32> <i32 1, i32 2>}"), want);
    let want = ["expected a 32-bit integer constant operand for !kcfi_type"];
    assert_eq!(function_messages("!kcfi_type !0", "!0 = !{i64 1}"), want);
    // `!prof` is checked first (kinds in id order); its failure ends the check, an `unknown`
    // marker's does not.
    let want = ["!prof annotations should have no less than 2 operands"];
    assert_eq!(function_messages("!kcfi_type !1 !prof !0", "!0 = !{}\n!1 = !{}"), want);
    let want =
        ["the 'unknown' !prof operand should not be an empty string", "!kcfi_type must have exactly one operand"];
    assert_eq!(function_messages("!kcfi_type !1 !prof !0", "!0 = !{!\"unknown\", !\"\"}\n!1 = !{}"), want);
}

/// `!absolute_symbol` of a global, as `visitGlobalValue` checks it.
fn absolute_symbol_messages(src: &str) -> Vec<String> {
    let m = llrs_asm::parse_module(src.as_bytes(), "t.ll").expect("parses");
    let mut v = Verifier::new(&m);
    let g = m.vars[0];
    let range = m.globals[g].md[0].1;
    let _ = v.verify_absolute_symbol_metadata(g, range);
    v.report.diagnostics.iter().map(|d| d.message.to_string()).collect()
}

#[test]
fn absolute_symbols() {
    let global = "@g = external global i32, !absolute_symbol !0\n";
    assert!(absolute_symbol_messages(&format!("{global}!0 = !{{i64 -1, i64 -1}}\n")).is_empty());
    assert!(absolute_symbol_messages(&format!("{global}!0 = !{{i64 0, i64 8}}\n")).is_empty());
    let want = ["Range must not be empty!"];
    assert_eq!(absolute_symbol_messages(&format!("{global}!0 = !{{i64 0, i64 0}}\n")), want);
    let want = ["Range types must match instruction type!"];
    assert_eq!(absolute_symbol_messages(&format!("{global}!0 = !{{i32 0, i32 8}}\n")), want);
    let narrow = format!("target datalayout = \"p:32:32\"\n{global}!0 = !{{i64 0, i64 8}}\n");
    assert_eq!(absolute_symbol_messages(&narrow), want);
}
