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

/// The upgrades LLVM 22's bitcode reader makes when `llvm-dis` reads back what `llvm-as` wrote
/// (`UpgradeARCRuntime`, `UpgradeInlineAsmString`, `UpgradeFunctionAttributes`): each expected
/// text is `llvm-as-22 t.ll -o - | llvm-dis-22` without its `; ModuleID` line.
mod bitcode_reader {
    use llrs_asm::{parse_module, print_module};

    fn fmt(src: &str) -> String {
        let m = parse_module(src.as_bytes(), "t.ll").expect("parses");
        String::from_utf8(print_module(&m)).expect("utf-8")
    }

    /// With the old marker: calls become `llvm.objc.*` calls (name and tail marker kept;
    /// attributes, bundles, calling convention and other metadata dropped; an `i32` result
    /// bitcast back to `float`), calls whose bitcasts would be invalid or whose type is not the
    /// function's stay, an existing declaration is reused, functions left unused are removed
    /// (a definition too; the tuple that named one holds `null` and becomes distinct), and the
    /// marker becomes a module flag with `;` for `#`.
    #[test]
    fn arc_runtime_calls_become_intrinsic_calls() {
        let src = r##"declare ptr @objc_retain(ptr)
declare void @objc_release(ptr)
declare float @objc_sync_enter(ptr)
declare ptr @objc_autorelease(ptr addrspace(1))
declare ptr @llvm.objc.retainBlock(ptr)
declare ptr @objc_retainBlock(ptr)
declare void @clang.arc.use(...)

define ptr @objc_loadWeak(ptr %x) {
  ret ptr %x
}

define ptr @f(ptr %a, ptr addrspace(1) %b) {
  %r = tail call fastcc ptr @objc_retain(ptr %a) #0 [ "foo"(i32 1) ], !foo !1
  call void @objc_release(ptr %a, ptr %a)
  %s = notail call float @objc_sync_enter(ptr %r)
  %t = fadd float %s, 1.0
  %q = call ptr @objc_autorelease(ptr addrspace(1) %b)
  %rb = call ptr @objc_retainBlock(ptr %a)
  %w = call ptr @objc_loadWeak(ptr %a)
  call void (...) @clang.arc.use(ptr %a, ptr %r)
  store ptr @objc_release, ptr %a
  ret ptr %w
}

attributes #0 = { nounwind }

!clang.arc.retainAutoreleasedReturnValueMarker = !{!0}
!named = !{!2}
!0 = !{!"mov\09fp, fp\09\09# marker for objc_retainAutoreleaseReturnValue"}
!1 = !{}
!2 = !{ptr @objc_retain}
"##;
        let want = r##"source_filename = "t.ll"

declare void @objc_release(ptr)

declare ptr @objc_autorelease(ptr addrspace(1))

; Function Attrs: nounwind
declare ptr @llvm.objc.retainBlock(ptr) #0

define ptr @f(ptr %a, ptr addrspace(1) %b) {
  %r = tail call ptr @llvm.objc.retain(ptr %a)
  call void @objc_release(ptr %a, ptr %a)
  %s = notail call i32 @llvm.objc.sync.enter(ptr %r)
  %1 = bitcast i32 %s to float
  %t = fadd float %1, 1.000000e+00
  %q = call ptr @objc_autorelease(ptr addrspace(1) %b)
  %rb = call ptr @llvm.objc.retainBlock(ptr %a)
  %w = call ptr @llvm.objc.loadWeak(ptr %a)
  call void (...) @llvm.objc.clang.arc.use(ptr %a, ptr %r)
  store ptr @objc_release, ptr %a, align 8
  ret ptr %w
}

; Function Attrs: nounwind
declare void @llvm.objc.clang.arc.use(...) #0

; Function Attrs: nounwind
declare ptr @llvm.objc.autorelease(ptr returned) #0

; Function Attrs: nounwind
declare ptr @llvm.objc.loadWeak(ptr) #0

; Function Attrs: nounwind
declare void @llvm.objc.release(ptr) #0

; Function Attrs: nounwind
declare ptr @llvm.objc.retain(ptr returned) #0

; Function Attrs: nounwind
declare i32 @llvm.objc.sync.enter(ptr) #0

attributes #0 = { nounwind }

!named = !{!0}
!llvm.module.flags = !{!1}

!0 = distinct !{null}
!1 = !{i32 1, !"clang.arc.retainAutoreleasedReturnValueMarker", !"mov\09fp, fp\09\09; marker for objc_retainAutoreleaseReturnValue"}
"##;
        assert_eq!(fmt(src), want);
    }

    /// Without the marker only `clang.arc.use` is upgraded.
    #[test]
    fn arc_use_is_upgraded_without_the_marker() {
        let src = r##"declare ptr @objc_retain(ptr)
declare void @clang.arc.use(...)

define void @f(ptr %a) {
  %r = call ptr @objc_retain(ptr %a)
  call void (...) @clang.arc.use(ptr %a)
  ret void
}
"##;
        let want = r##"source_filename = "t.ll"

declare ptr @objc_retain(ptr)

define void @f(ptr %a) {
  %r = call ptr @objc_retain(ptr %a)
  call void (...) @llvm.objc.clang.arc.use(ptr %a)
  ret void
}

; Function Attrs: nounwind
declare void @llvm.objc.clang.arc.use(...) #0

attributes #0 = { nounwind }
"##;
        assert_eq!(fmt(src), want);
    }

    /// A marker with more than one `#` is kept as it is; `!dbg` stays on the new call; a debug
    /// record naming a call whose result was unused names `poison`, one naming a used result the
    /// new call.
    #[test]
    fn arc_marker_and_debug_records() {
        let src = r##"declare ptr @objc_retain(ptr)
declare void @objc_release(ptr)

define void @f(ptr %a) !dbg !5 {
    #dbg_value(ptr %a, !7, !DIExpression(), !9)
  %r = call ptr @objc_retain(ptr %a), !dbg !9
    #dbg_value(ptr %r, !7, !DIExpression(), !9)
  %r2 = call ptr @objc_retain(ptr %a), !dbg !9
    #dbg_value(ptr %r2, !7, !DIExpression(), !9)
  call void @objc_release(ptr %r2)
  ret void
}

!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!clang.arc.retainAutoreleasedReturnValueMarker = !{!3, !4}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, emissionKind: FullDebug)
!2 = !DIFile(filename: "a.c", directory: "/")
!3 = !{!"mov\09fp, fp # marker # objc_retainAutoreleaseReturnValue"}
!4 = !{!"other"}
!5 = distinct !DISubprogram(name: "f", scope: !2, file: !2, line: 1, unit: !1, spFlags: DISPFlagDefinition)
!7 = !DILocalVariable(name: "x", scope: !5, file: !2, line: 2, type: !8)
!8 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!9 = !DILocation(line: 3, scope: !5)
"##;
        let want = r##"source_filename = "t.ll"

define void @f(ptr %a) !dbg !4 {
    #dbg_value(ptr %a, !5, !DIExpression(), !7)
  %r = call ptr @llvm.objc.retain(ptr %a), !dbg !7
    #dbg_value(ptr poison, !5, !DIExpression(), !7)
  %r2 = call ptr @llvm.objc.retain(ptr %a), !dbg !7
    #dbg_value(ptr %r2, !5, !DIExpression(), !7)
  call void @llvm.objc.release(ptr %r2)
  ret void
}

; Function Attrs: nounwind
declare void @llvm.objc.release(ptr) #0

; Function Attrs: nounwind
declare ptr @llvm.objc.retain(ptr returned) #0

attributes #0 = { nounwind }

!llvm.module.flags = !{!0, !1}
!llvm.dbg.cu = !{!2}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{i32 1, !"clang.arc.retainAutoreleasedReturnValueMarker", !"mov\09fp, fp # marker # objc_retainAutoreleaseReturnValue"}
!2 = distinct !DICompileUnit(language: DW_LANG_C99, file: !3, isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!3 = !DIFile(filename: "a.c", directory: "/")
!4 = distinct !DISubprogram(name: "f", scope: !3, file: !3, line: 1, spFlags: DISPFlagDefinition, unit: !2)
!5 = !DILocalVariable(name: "x", scope: !4, file: !3, line: 2, type: !6)
!6 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!7 = !DILocation(line: 3, scope: !4)
"##;
        assert_eq!(fmt(src), want);
    }

    /// Only the retain/release marker's asm gets `;` for its `#`.
    #[test]
    fn inline_asm_marker_comment() {
        let src = r##"define void @f() {
  call void asm sideeffect "mov\09fp, fp\09\09# marker for objc_retainAutoreleaseReturnValue", ""()
  call void asm sideeffect "mov\09fp, fp\09\09# marker for something else", ""()
  call void asm sideeffect "nop # marker for objc_retainAutoreleaseReturnValue", ""()
  ret void
}
"##;
        let want = r##"source_filename = "t.ll"

define void @f() {
  call void asm sideeffect "mov\09fp, fp\09\09; marker for objc_retainAutoreleaseReturnValue", ""()
  call void asm sideeffect "mov\09fp, fp\09\09# marker for something else", ""()
  call void asm sideeffect "nop # marker for objc_retainAutoreleaseReturnValue", ""()
  ret void
}
"##;
        assert_eq!(fmt(src), want);
    }

    /// Call sites that are `strictfp` (by their own attributes or their callee's) in a function
    /// that is not become `nobuiltin`, except constrained intrinsics; `"implicit-section-name"`
    /// becomes the section (none when empty), declarations included; `"nooutline"`,
    /// `"uniform-work-group-size"` and `"denormal-fp-math"` stay as LLVM 22 keeps them, and so
    /// does `"amdgpu-unsafe-fp-atomics"` on a declaration.
    #[test]
    fn function_attributes() {
        let src = r##"declare float @g(float) #0
declare float @h(float)
declare float @llvm.experimental.constrained.sqrt.f32(float, metadata, metadata)
declare void @k() #2

define float @f(float %q) #1 {
  %s = call float @g(float %q)
  %t = call float @h(float %q) nounwind strictfp
  %u = call float @llvm.experimental.constrained.sqrt.f32(float %q, metadata !"round.dynamic", metadata !"fpexcept.strict") strictfp
  ret float %s
}

define float @strict(float %q) #0 {
  %s = call float @h(float %q) strictfp
  ret float %s
}

define void @sec() #3 section "old" {
  ret void
}

attributes #0 = { strictfp }
attributes #1 = { "implicit-section-name"="foo" "nooutline" "uniform-work-group-size"="false" "denormal-fp-math"="preserve-sign,preserve-sign" }
attributes #2 = { "implicit-section-name"="bar" "amdgpu-unsafe-fp-atomics"="true" }
attributes #3 = { "implicit-section-name" }
"##;
        let want = r##"source_filename = "t.ll"

; Function Attrs: strictfp
declare float @g(float) #0

declare float @h(float)

; Function Attrs: nocallback nofree nosync nounwind strictfp willreturn memory(inaccessiblemem: readwrite)
declare float @llvm.experimental.constrained.sqrt.f32(float, metadata, metadata) #1

declare void @k() #2 section "bar"

define float @f(float %q) #3 section "foo" {
  %s = call float @g(float %q) #4
  %t = call float @h(float %q) #5
  %u = call float @llvm.experimental.constrained.sqrt.f32(float %q, metadata !"round.dynamic", metadata !"fpexcept.strict") #0
  ret float %s
}

; Function Attrs: strictfp
define float @strict(float %q) #0 {
  %s = call float @h(float %q) #0
  ret float %s
}

define void @sec() {
  ret void
}

attributes #0 = { strictfp }
attributes #1 = { nocallback nofree nosync nounwind strictfp willreturn memory(inaccessiblemem: readwrite) }
attributes #2 = { "amdgpu-unsafe-fp-atomics"="true" }
attributes #3 = { "denormal-fp-math"="preserve-sign,preserve-sign" "nooutline" "uniform-work-group-size"="false" }
attributes #4 = { nobuiltin }
attributes #5 = { nobuiltin nounwind }
"##;
        assert_eq!(fmt(src), want);
    }

    /// LLVM 22 upgrades `llvm.vectorizer.*` loop tags only in bitcode with old-style strings:
    /// neither LLParser nor reading back what `llvm-as` writes does.
    #[test]
    fn old_loop_tags_are_kept() {
        let src = r##"define void @f(i32 %n) {
entry:
  br label %l
l:
  %i = phi i32 [0, %entry], [%j, %l]
  %j = add i32 %i, 1
  %c = icmp eq i32 %j, %n
  br i1 %c, label %e, label %l, !llvm.loop !0
e:
  ret void
}
!0 = distinct !{!0, !1, !2}
!1 = !{!"llvm.vectorizer.width", i32 4}
!2 = !{!"llvm.vectorizer.unroll", i32 2}
"##;
        let want = r##"source_filename = "t.ll"

define void @f(i32 %n) {
entry:
  br label %l

l:                                                ; preds = %l, %entry
  %i = phi i32 [ 0, %entry ], [ %j, %l ]
  %j = add i32 %i, 1
  %c = icmp eq i32 %j, %n
  br i1 %c, label %e, label %l, !llvm.loop !0

e:                                                ; preds = %l
  ret void
}

!0 = distinct !{!0, !1, !2}
!1 = !{!"llvm.vectorizer.width", i32 4}
!2 = !{!"llvm.vectorizer.unroll", i32 2}
"##;
        assert_eq!(fmt(src), want);
    }
}

/// The upgrades only bitcode readers make (the `.ll` reader rejects what they change, as
/// `llvm-as` does), called here on modules read from text. The expected texts are what
/// `llvm-dis-22` prints of such bitcode (`llvm-as` of LLVM 14 with `-disable-verify`), or, where
/// no tool here writes such bitcode, what LLVM's code makes.
mod bitcode_only {
    use llrs_asm::{parse_module, print_module};
    use llrs_ir::{Const, InstExtra, Opcode, Type, Value};

    fn parse(src: &str) -> llrs_ir::Module {
        parse_module(src.as_bytes(), "t.ll").expect("parses")
    }

    fn text(m: &llrs_ir::Module) -> String {
        String::from_utf8(print_module(m)).expect("utf-8")
    }

    /// `UpgradeGlobalVariable` as `globalCleanup` applies it: the new variables come last, with
    /// the name and linkage only; `zeroinitializer` has no elements, so it becomes `[0 x ...]`.
    #[test]
    fn two_field_global_ctors_get_a_third_field() {
        let mut m = parse(
            "@llvm.global_ctors = appending global [2 x { i32, ptr }] [{ i32, ptr } { i32 65535, ptr @f }, { i32, ptr } zeroinitializer], section \"foo\", align 8\n@x = global i32 0\n@llvm.global_dtors = appending global [1 x { i32, ptr }] zeroinitializer\ndefine void @f() {\n  ret void\n}\n",
        );
        assert!(llrs_upgrade::upgrade_global_variables(&mut m));
        assert_eq!(text(&m), "source_filename = \"t.ll\"\n\n@x = global i32 0\n@llvm.global_ctors = appending global [2 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @f, ptr null }, { i32, ptr, ptr } zeroinitializer]\n@llvm.global_dtors = appending global [0 x { i32, ptr, ptr }] zeroinitializer\n\ndefine void @f() {\n  ret void\n}\n");
        assert!(!llrs_upgrade::upgrade_global_variables(&mut m), "the three-field form stays");
    }

    /// `UpgradeFunctionAttributes` in a bitcode reader: return and parameter attributes that do
    /// not fit their type go (what `llvm-dis-22` does with such bitcode from LLVM 14's
    /// `llvm-as -disable-verify`). The `.ll` reader keeps them for the verifier to reject.
    #[test]
    fn type_incompatible_attributes_are_removed() {
        let src = "declare noalias i32 @d(i32 noalias, ptr zeroext, i64 range(i32 0, 4), i32 range(i32 0, 4))\ndefine noalias i32 @f(i32 noalias %x, ptr zeroext align 4 %p, float inreg nonnull noundef %q, <2 x i32> signext %v) {\n  ret i32 %x\n}\n";
        let mut m = parse(src);
        assert!(text(&m).contains("declare noalias i32 @d(i32 noalias, ptr zeroext,"), "kept by the .ll reader");
        llrs_upgrade::upgrade_module_function_attributes(&mut m, llrs_upgrade::TypeIncompatible::Remove);
        assert_eq!(text(&m), "source_filename = \"t.ll\"\n\ndeclare i32 @d(i32, ptr, i64, i32 range(i32 0, 4))\n\ndefine i32 @f(i32 %x, ptr align 4 %p, float inreg noundef %q, <2 x i32> %v) {\n  ret i32 %x\n}\n");
    }

    /// `UpgradeOperandBundles`: an `"clang.arc.attachedcall"` bundle without operands goes.
    #[test]
    fn empty_attachedcall_bundles_are_dropped() {
        let mut m = parse(
            "declare ptr @foo()\ndefine void @f() {\n  %r = call ptr @foo() [ \"clang.arc.attachedcall\"() ]\n  %s = call ptr @foo() [ \"clang.arc.attachedcall\"(ptr @foo), \"x\"() ]\n  ret void\n}\n",
        );
        let ctx = &m.ctx;
        let f = m.functions[1];
        let body = m.globals[f].func.as_deref_mut().and_then(|fd| fd.body.as_mut()).expect("a body");
        for inst in body.insts.values_mut() {
            if let InstExtra::Call(c) = &mut inst.extra {
                llrs_upgrade::upgrade_operand_bundles(ctx, &mut c.bundles);
            }
        }
        let out = text(&m);
        assert!(
            out.contains(
                "  %r = call ptr @foo()\n  %s = call ptr @foo() [ \"clang.arc.attachedcall\"(ptr @foo), \"x\"() ]\n"
            ),
            "{out}"
        );
    }

    /// `UpgradeBitCastExpr` and `UpgradeBitCastInst`: a bitcast to another address space goes
    /// through `i64`.
    #[test]
    fn address_space_bitcasts_go_through_i64() {
        let mut m = parse("@g = global i8 0\n@h = global ptr addrspace(1) null\ndefine ptr addrspace(1) @f(ptr %p) {\n  ret ptr addrspace(1) null\n}\n");
        let ptr = m.ctx.ptr_ty(0);
        let ptr1 = m.ctx.ptr_ty(1);
        let (g, h, f) = (m.vars[0], m.vars[1], m.functions[0]);
        let c = m.ctx.konst(Const::Global(ptr, g));
        assert_eq!(llrs_upgrade::upgrade_bitcast_expr(&mut m.ctx, Opcode::BitCast, c, ptr), None);
        assert_eq!(llrs_upgrade::upgrade_bitcast_expr(&mut m.ctx, Opcode::AddrSpaceCast, c, ptr1), None);
        let up = llrs_upgrade::upgrade_bitcast_expr(&mut m.ctx, Opcode::BitCast, c, ptr1);
        m.globals[h].var.init = up;
        assert!(llrs_upgrade::upgrade_bitcast_inst(&mut m.ctx, Opcode::BitCast, Value::Arg(0), ptr, ptr).is_none());
        let up = llrs_upgrade::upgrade_bitcast_inst(&mut m.ctx, Opcode::BitCast, Value::Arg(0), ptr, ptr1)
            .expect("upgraded");
        assert!(matches!(m.ctx.type_of(up.dest_ty), Type::Ptr(1)));
        let body = m.globals[f].func.as_deref_mut().and_then(|fd| fd.body.as_mut()).expect("a body");
        let block = body.layout[0];
        let temp = body.insert_inst(block, 0, up.ptr_to_int.clone());
        let mut cast = up.int_to_ptr(Value::Inst(temp));
        cast.name = Some(m.ctx.sym("q"));
        let cast = body.insert_inst(block, 1, cast);
        let ret = body.blocks[block].insts[2];
        body.insts[ret].operands[0] = Value::Inst(cast);
        assert_eq!(text(&m), "source_filename = \"t.ll\"\n\n@g = global i8 0\n@h = global ptr addrspace(1) inttoptr (i64 ptrtoint (ptr @g to i64) to ptr addrspace(1))\n\ndefine ptr addrspace(1) @f(ptr %p) {\n  %1 = ptrtoint ptr %p to i64\n  %q = inttoptr i64 %1 to ptr addrspace(1)\n  ret ptr addrspace(1) %q\n}\n");
    }

    /// `upgradeInstructionLoopAttachment`: a new uniqued tuple of the upgraded properties (its
    /// first operand still the old loop node, as in LLVM).
    #[test]
    fn old_loop_tags_are_renamed() {
        let mut m = parse("define void @f() {\n  br label %l\nl:\n  br label %l, !llvm.loop !0\n}\n!0 = distinct !{!0, !1, !2, !3}\n!1 = !{!\"llvm.vectorizer.width\", i32 4}\n!2 = !{!\"llvm.vectorizer.unroll\", i32 2}\n!3 = !{!\"llvm.loop.unroll.disable\"}\n");
        assert!(llrs_upgrade::may_be_old_loop_attachment_tag(b"llvm.vectorizer.enable"));
        llrs_upgrade::rewrite_attachments(
            &mut m,
            b"llvm.loop",
            |_, _| true,
            llrs_upgrade::upgrade_instruction_loop_attachment,
        );
        let out = text(&m);
        assert!(out.contains("  br label %l, !llvm.loop !0\n"), "{out}");
        assert!(out.ends_with("!0 = !{!1, !5, !6, !4}\n!1 = distinct !{!1, !2, !3, !4}\n!2 = !{!\"llvm.vectorizer.width\", i32 4}\n!3 = !{!\"llvm.vectorizer.unroll\", i32 2}\n!4 = !{!\"llvm.loop.unroll.disable\"}\n!5 = !{!\"llvm.loop.vectorize.width\", i32 4}\n!6 = !{!\"llvm.loop.interleave.count\", i32 2}\n"), "{out}");
    }
}
