//! Old IR read by the `.ll` reader and printed, compared with what LLVM 22's `llvm-as | llvm-dis`
//! prints: the module-wide upgrades of `llrs-upgrade` as the reader calls them.

mod nvvm_annotations {
    use llrs_asm::{parse_module, print_module};

    /// What `llvm-as | llvm-dis` (LLVM 22) prints for these annotations.
    #[test]
    fn annotations_become_attributes() {
        let src = "target triple = \"nvptx64-nvidia-cuda\"\ndefine void @a(ptr %p, i32 %q) { ret void }\ndefine void @b() { ret void }\ndefine void @c(ptr %p) { ret void }\n!nvvm.annotations = !{!0, !1, !2, !3, !4, !5, !6, !7, !8, !9, !10}\n!0 = !{ptr @a, !\"maxntidx\", i32 64}\n!1 = !{ptr @a, !\"maxntidz\", i32 4}\n!2 = !{ptr @b, !\"reqntidy\", i32 8}\n!3 = !{ptr @b, !\"minctasm\", i32 2}\n!4 = !{ptr @b, !\"maxnreg\", i32 32}\n!5 = !{ptr @b, !\"maxclusterrank\", i32 3}\n!6 = !{ptr @c, !\"cluster_dim_x\", i32 2}\n!7 = !{ptr @c, !\"grid_constant\", !11}\n!8 = !{ptr @c, !\"unknown\", i32 1}\n!9 = !{ptr @a, !\"kernel\", i32 1}\n!10 = !{ptr @c, !\"cluster_max_blocks\", i32 5}\n!11 = !{i32 1}\n";
        let want = "source_filename = \"t.ll\"\ntarget triple = \"nvptx64-nvidia-cuda\"\n\ndefine ptx_kernel void @a(ptr %p, i32 %q) #0 {\n  ret void\n}\n\ndefine void @b() #1 {\n  ret void\n}\n\ndefine void @c(ptr \"nvvm.grid_constant\" %p) #2 {\n  ret void\n}\n\nattributes #0 = { \"nvvm.maxntid\"=\"64,1,4\" }\nattributes #1 = { \"nvvm.maxclusterrank\"=\"3\" \"nvvm.maxnreg\"=\"32\" \"nvvm.minctasm\"=\"2\" \"nvvm.reqntid\"=\"1,8\" }\nattributes #2 = { \"nvvm.cluster_dim\"=\"2\" \"nvvm.maxclusterrank\"=\"5\" }\n\n!nvvm.annotations = !{!0}\n\n!0 = !{ptr @c, !\"unknown\", i32 1}\n";
        let m = parse_module(src.as_bytes(), "t.ll").expect("parses");
        assert_eq!(String::from_utf8(print_module(&m)).expect("utf-8"), want);
    }
}

mod module_attrs {
    use llrs_asm::{parse_module, print_module};

    /// What `llvm-as | llvm-dis` (LLVM 22) prints for this module.
    #[test]
    fn branch_protection_flags_become_function_attributes() {
        let src = "target triple = \"aarch64-arm-none-eabi\"\ndefine void @a() #0 { ret void }\ndefine void @b() #1 { ret void }\ndefine void @c() #2 { ret void }\ndefine void @d() { ret void }\ndefine void @e() #3 { ret void }\ndeclare void @x() #0\nattributes #0 = { \"branch-target-enforcement\"=\"true\" \"sign-return-address\"=\"none\" \"sign-return-address-key\"=\"b_key\" }\nattributes #1 = { \"branch-target-enforcement\"=\"false\" \"guarded-control-stack\"=\"true\" }\nattributes #2 = { \"branch-target-enforcement\" \"sign-return-address\"=\"all\" }\nattributes #3 = { \"branch-protection-pauth-lr\"=\"false\" }\n!llvm.module.flags = !{!0, !1}\n!0 = !{i32 8, !\"guarded-control-stack\", i32 1}\n!1 = !{i32 8, !\"sign-return-address\", i32 0}\n";
        let want = "source_filename = \"t.ll\"\ntarget triple = \"aarch64-arm-none-eabi\"\n\ndefine void @a() #0 {\n  ret void\n}\n\ndefine void @b() #1 {\n  ret void\n}\n\ndefine void @c() #2 {\n  ret void\n}\n\ndefine void @d() #1 {\n  ret void\n}\n\ndefine void @e() #1 {\n  ret void\n}\n\ndeclare void @x() #3\n\nattributes #0 = { \"branch-target-enforcement\" \"guarded-control-stack\" }\nattributes #1 = { \"guarded-control-stack\" }\nattributes #2 = { \"branch-target-enforcement\" \"guarded-control-stack\" \"sign-return-address\"=\"all\" }\nattributes #3 = { \"branch-target-enforcement\"=\"true\" \"sign-return-address\"=\"none\" \"sign-return-address-key\"=\"b_key\" }\n\n!llvm.module.flags = !{!0, !1}\n\n!0 = !{i32 8, !\"guarded-control-stack\", i32 2}\n!1 = !{i32 8, !\"sign-return-address\", i32 0}\n";
        let m = parse_module(src.as_bytes(), "t.ll").expect("parses");
        assert_eq!(String::from_utf8(print_module(&m)).expect("utf-8"), want);
    }
}

mod metadata {
    use llrs_asm::{parse_module, print_module};

    fn fmt(src: &str) -> String {
        let m = parse_module(src.as_bytes(), "t.ll").expect("parses");
        String::from_utf8(print_module(&m)).expect("utf-8")
    }

    #[test]
    fn old_scalar_tbaa_tags_become_struct_path_tags() {
        let out = fmt("define void @f(ptr %p) {\n  store i32 0, ptr %p, !tbaa !0\n  ret void\n}\n\
             !0 = !{!\"int\", !1}\n!1 = !{!\"root\"}\n");
        assert!(out.contains("store i32 0, ptr %p, align 4, !tbaa !0\n"), "{out}");
        assert!(out.contains("!0 = !{!1, !1, i64 0}\n!1 = !{!\"int\", !2}\n!2 = !{!\"root\"}\n"), "{out}");
    }

    #[test]
    fn debug_info_without_a_version_is_dropped() {
        let src = "@g = global i32 0, !dbg !5\ndefine void @f() !dbg !1 {\n  \
             #dbg_value(i32 0, !3, !DIExpression(), !4)\n  ret void, !dbg !4, !llvm.loop !6\n}\n\
             !llvm.dbg.cu = !{!0}\n!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2)\n\
             !1 = distinct !DISubprogram(name: \"f\", unit: !0)\n!2 = !DIFile(filename: \"a.c\", directory: \"\")\n\
             !3 = !DILocalVariable(name: \"x\", scope: !1)\n!4 = !DILocation(line: 1, scope: !1)\n\
             !5 = !DIGlobalVariableExpression(var: !7, expr: !DIExpression())\n!6 = distinct !{!6, !4, !8}\n\
             !7 = !DIGlobalVariable(name: \"g\", scope: !0)\n!8 = !{!\"llvm.loop.unroll.disable\"}\n";
        let out = fmt(src);
        let want = "@g = global i32 0\n\ndefine void @f() {\n  ret void, !llvm.loop !0\n}\n\n\
             !0 = distinct !{!0, !1}\n!1 = !{!\"llvm.loop.unroll.disable\"}\n";
        assert!(out.ends_with(want), "{out}");
        // With the current version, everything stays.
        let kept =
            fmt(&format!("{src}!llvm.module.flags = !{{!9}}\n!9 = !{{i32 2, !\"Debug Info Version\", i32 3}}\n"));
        assert!(kept.contains("#dbg_value(i32 0, !"), "{kept}");
        assert!(kept.contains("@g = global i32 0, !dbg !"), "{kept}");
    }

    /// What `llvm-as | llvm-dis` (LLVM 22) prints: distinct locations of instructions come back
    /// uniqued; those of debug records and loop metadata stay distinct.
    #[test]
    fn instruction_locations_are_uniqued() {
        let src = "define void @f(i32 %x) !dbg !3 {\n  call void @g(), !dbg !4\n    #dbg_value(i32 %x, !7, !DIExpression(), !5)\n  ret void, !dbg !6, !llvm.loop !8\n}\ndeclare void @g()\n!llvm.dbg.cu = !{!0}\n!llvm.module.flags = !{!2}\n!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1)\n!1 = !DIFile(filename: \"a.c\", directory: \"\")\n!2 = !{i32 2, !\"Debug Info Version\", i32 3}\n!3 = distinct !DISubprogram(name: \"f\", scope: !1, file: !1, line: 5, scopeLine: 5, unit: !0)\n!4 = distinct !DILocation(line: 10, column: 10, scope: !3)\n!5 = distinct !DILocation(line: 20, column: 20, scope: !3)\n!6 = distinct !DILocation(line: 30, column: 30, scope: !3, inlinedAt: !9)\n!7 = !DILocalVariable(name: \"x\", scope: !3)\n!8 = distinct !{!8, !6}\n!9 = distinct !DILocation(line: 40, column: 40, scope: !3)\n";
        assert_eq!(fmt(src), "source_filename = \"t.ll\"\n\ndefine void @f(i32 %x) !dbg !3 {\n  call void @g(), !dbg !4\n    #dbg_value(i32 %x, !5, !DIExpression(), !6)\n  ret void, !dbg !7, !llvm.loop !9\n}\n\ndeclare void @g()\n\n!llvm.dbg.cu = !{!0}\n!llvm.module.flags = !{!2}\n\n!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, isOptimized: false, runtimeVersion: 0, emissionKind: NoDebug)\n!1 = !DIFile(filename: \"a.c\", directory: \"\")\n!2 = !{i32 2, !\"Debug Info Version\", i32 3}\n!3 = distinct !DISubprogram(name: \"f\", scope: !1, file: !1, line: 5, scopeLine: 5, spFlags: DISPFlagDefinition, unit: !0)\n!4 = !DILocation(line: 10, column: 10, scope: !3)\n!5 = !DILocalVariable(name: \"x\", scope: !3)\n!6 = distinct !DILocation(line: 20, column: 20, scope: !3)\n!7 = !DILocation(line: 30, column: 30, scope: !3, inlinedAt: !8)\n!8 = distinct !DILocation(line: 40, column: 40, scope: !3)\n!9 = distinct !{!9, !10}\n!10 = distinct !DILocation(line: 30, column: 30, scope: !3, inlinedAt: !8)\n");
    }
}

mod cu_locals {
    use llrs_asm::{parse_module, print_module};

    /// LLVM 22's `llvm-as | llvm-dis` of this module: the entity imported into `f2` moves to its
    /// retained nodes (and with `f2` unused, out of sight); the CU's `imports` is the empty `!2`.
    #[test]
    fn local_imports_move_to_their_subprogram() {
        let src = "!llvm.dbg.cu = !{!0, !5}\n!llvm.module.flags = !{!3}\n\
            !0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug, enums: !2)\n\
            !1 = !DIFile(filename: \"a.c\", directory: \"/\")\n!2 = !{}\n\
            !3 = !{i32 2, !\"Debug Info Version\", i32 3}\n\
            !5 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug, imports: !6)\n\
            !6 = !{!7}\n!7 = !DIImportedEntity(tag: DW_TAG_imported_module, scope: !8, entity: !8, file: !1, line: 3)\n\
            !8 = distinct !DISubprogram(name: \"f2\", scope: !1, file: !1, line: 2, unit: !5, retainedNodes: !2)\n";
        let m = parse_module(src.as_bytes(), "t.ll").expect("parses");
        let out = String::from_utf8(print_module(&m)).expect("utf-8");
        assert!(out.contains("!3 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, imports: !2)\n"), "{out}");
        assert!(!out.contains("DIImportedEntity"), "{out}");
    }
}

mod di_fields {
    /// LLVM 22 prints typed subrange bounds as their signed value; equal ones become one node.
    #[test]
    fn typed_subrange_bounds_are_signed_values() {
        let src = "!named = !{!0, !1, !2, !3}\n!0 = !DISubrange(count: 16)\n!1 = !DISubrange(count: i16 16)\n\
            !2 = !DISubrange(count: i32 16)\n!3 = !DISubrange(count: i1 true, lowerBound: i8 -2)\n";
        let m = llrs_asm::parse_module(src.as_bytes(), "t.ll").expect("parses");
        let out = String::from_utf8(llrs_asm::print_module(&m)).expect("utf-8");
        assert!(out.ends_with("!named = !{!0, !0, !0, !1}\n\n!0 = !DISubrange(count: 16)\n!1 = !DISubrange(count: -1, lowerBound: -2)\n"), "{out}");
    }
}
