//! The second half of `visitIntrinsicCall`, `visitVPIntrinsic`, `visitConstrainedFPIntrinsic` and
//! the convergence verifier against what `llvm-as-22` reports for small modules.

use crate::report::Subject;
use crate::verify;

/// The module errors of `src`, in order.
fn errors(src: &str) -> Vec<String> {
    let m = llrs_asm::parse_module(src.as_bytes(), "t.ll").expect("parses");
    verify(&m).errors().map(|d| d.message.to_string()).collect()
}

/// A function `@f(params)` with `body` (then `ret void`) and the declarations `decls`.
fn func(params: &str, body: &str, decls: &str) -> String {
    format!("define void @f({params}) {{\n{body}\n  ret void\n}}\n{decls}\n")
}

#[test]
fn vector_splice_left_and_right() {
    let decl = "declare <4 x i32> @llvm.vector.splice.left.v4i32(<4 x i32>, <4 x i32>, i32 immarg)\n\
                declare <4 x i32> @llvm.vector.splice.right.v4i32(<4 x i32>, <4 x i32>, i32 immarg)";
    let call = |side: &str, idx: i32| {
        func(
            "<4 x i32> %a",
            &format!("  %r = call <4 x i32> @llvm.vector.splice.{side}.v4i32(<4 x i32> %a, <4 x i32> %a, i32 {idx})"),
            decl,
        )
    };
    assert!(errors(&call("left", 3)).is_empty());
    assert!(errors(&call("right", 4)).is_empty());
    assert!(errors(&call("left", 4))[0].starts_with("The splice index exceeds the range [0, VL-1]"));
    assert!(errors(&call("right", 5))[0].starts_with("The splice index exceeds the range [0, VL]"));
    assert!(errors(&call("right", -1))[0].starts_with("The splice index exceeds the range [0, VL]"));
    // vscale_range multiplies the known minimum of a scalable vector.
    let src = "define <vscale x 4 x i32> @f(<vscale x 4 x i32> %a) vscale_range(2,4) {\n  \
               %r = call <vscale x 4 x i32> @llvm.vector.splice.left.nxv4i32(<vscale x 4 x i32> %a, <vscale x 4 x i32> %a, i32 7)\n  \
               ret <vscale x 4 x i32> %r\n}\n\
               declare <vscale x 4 x i32> @llvm.vector.splice.left.nxv4i32(<vscale x 4 x i32>, <vscale x 4 x i32>, i32 immarg)\n";
    assert!(errors(src).is_empty());
    assert_eq!(errors(&src.replace("i32 7)", "i32 8)")).len(), 1);
}

#[test]
fn vector_insert_extract_and_stepvector() {
    let decls = "declare <4 x i32> @llvm.vector.extract.v4i32.v8i32(<8 x i32>, i64 immarg)\n\
                 declare <8 x i32> @llvm.vector.insert.v8i32.v4i32(<8 x i32>, <4 x i32>, i64 immarg)\n\
                 declare <4 x i1> @llvm.stepvector.v4i1()";
    let body = "  %d = call <4 x i32> @llvm.vector.extract.v4i32.v8i32(<8 x i32> %w, i64 2)\n  \
                %e = call <4 x i32> @llvm.vector.extract.v4i32.v8i32(<8 x i32> %w, i64 8)\n  \
                %h = call <8 x i32> @llvm.vector.insert.v8i32.v4i32(<8 x i32> %w, <4 x i32> %v, i64 6)\n  \
                %j = call <8 x i32> @llvm.vector.insert.v8i32.v4i32(<8 x i32> %w, <4 x i32> %v, i64 8)\n  \
                %r = call <4 x i1> @llvm.stepvector.v4i1()";
    assert_eq!(
        errors(&func("<8 x i32> %w, <4 x i32> %v", body, decls)),
        [
            "vector_extract index must be a constant multiple of the result type's known minimum vector length.",
            "vector_extract would overrun.",
            "vector_insert index must be a constant multiple of the subvector's known minimum vector length.",
            "subvector operand of vector_insert would overrun the vector being inserted into.",
            "stepvector only supported for vectors of integers with a bitwidth of at least 8.",
        ]
    );
}

#[test]
fn vector_match_and_partial_reduce() {
    let decls = "declare <vscale x 4 x i1> @llvm.experimental.vector.match.nxv4i32.nxv4i32(<vscale x 4 x i32>, <vscale x 4 x i32>, <vscale x 4 x i1>)\n\
                 declare <4 x i32> @llvm.vector.partial.reduce.add.v4i32.v6i32(<4 x i32>, <6 x i32>)";
    let body = "  %o = call <vscale x 4 x i1> @llvm.experimental.vector.match.nxv4i32.nxv4i32(<vscale x 4 x i32> %s, <vscale x 4 x i32> %s, <vscale x 4 x i1> zeroinitializer)\n  \
                %x = call <4 x i32> @llvm.vector.partial.reduce.add.v4i32.v6i32(<4 x i32> %a, <6 x i32> %b)";
    assert_eq!(
        errors(&func("<vscale x 4 x i32> %s, <4 x i32> %a, <6 x i32> %b", body, decls)),
        [
            "Second operand must be a fixed length vector.",
            "Invalid vector widths for partial reduction. The width of the input vector must be a positive integer \
             multiple of the width of the accumulator vector.",
        ]
    );
}

#[test]
fn pointer_rules() {
    let decls = "@tl = thread_local global i32 0\n@g = global i32 0\n\
                 declare ptr @llvm.threadlocal.address.p0(ptr)\n\
                 declare ptr @llvm.ptrmask.p0.i32(ptr, i32)\n\
                 declare i32 @llvm.aarch64.stxr.p0(i64, ptr)\n\
                 declare void @llvm.aarch64.prefetch(ptr, i32 immarg, i32 immarg, i32 immarg, i32 immarg)";
    let body = "  %a = call ptr @llvm.threadlocal.address.p0(ptr @g)\n  \
                %t = call ptr @llvm.threadlocal.address.p0(ptr @tl)\n  \
                %b = call ptr @llvm.ptrmask.p0.i32(ptr %p, i32 %x)\n  \
                %s = call i32 @llvm.aarch64.stxr.p0(i64 0, ptr %p)\n  \
                %e = call i32 @llvm.aarch64.stxr.p0(i64 0, ptr elementtype(i32) %p)\n  \
                call void @llvm.aarch64.prefetch(ptr %p, i32 0, i32 4, i32 0, i32 1)";
    assert_eq!(
        errors(&func("ptr %p, i32 %x", body, decls)),
        [
            "llvm.threadlocal.address operand isThreadLocal() must be true",
            "llvm.ptrmask intrinsic second argument bitwidth must match pointer index type size of first argument",
            "Intrinsic requires elementtype attribute on second argument.",
            "target argument to llvm.aarch64.prefetch must be 0-3",
        ]
    );
}

#[test]
fn callbr_landingpad() {
    let src = "define i32 @f(i32 %x) {\nentry:\n  %r = callbr i32 asm \"\", \"=r,!i\"() to label %ok [label %ind]\n\
               ok:\n  %z = call i32 @llvm.callbr.landingpad.i32(i32 %r)\n  ret i32 %r\n\
               ind:\n  %y = add i32 0, 0\n  %w = call i32 @llvm.callbr.landingpad.i32(i32 %r)\n  \
               %v = call i32 @llvm.callbr.landingpad.i32(i32 %x)\n  ret i32 %w\n}\n\
               declare i32 @llvm.callbr.landingpad.i32(i32)\n";
    assert_eq!(
        errors(src),
        [
            "Intrinsic's corresponding callbr must have intrinsic's parent basic block in indirect destination list",
            "No other instructions may proceed intrinsic",
            "intrinstic requires callbr operand",
        ]
    );
}

#[test]
fn amdgpu_rules() {
    let chain = "declare void @llvm.amdgcn.cs.chain(ptr, i32, <4 x i32>, { ptr, <3 x i32> }, i32, ...) noreturn\n\
                 define CC void @f(ptr %fn, i32 %exec, <4 x i32> %sgpr, { ptr, <3 x i32> } %vgpr) {\n  \
                 call void(ptr, i32, <4 x i32>, { ptr, <3 x i32> }, i32, ...) @llvm.amdgcn.cs.chain(ptr %fn, i32 %exec, <4 x i32> %sgpr, { ptr, <3 x i32> } %vgpr, i32 0)\n  \
                 unreachable\n}\n";
    assert_eq!(
        errors(&chain.replace("CC ", "")),
        [
            "Intrinsic cannot be called from functions with this calling convention",
            "SGPR arguments must have the `inreg` attribute"
        ]
    );
    assert_eq!(errors(&chain.replace("CC", "amdgpu_gs")), ["SGPR arguments must have the `inreg` attribute"]);
    let ww = "declare i32 @llvm.amdgcn.call.whole.wave.i32.p0(ptr, ...)\n\
              define amdgpu_gfx_whole_wave i32 @good(i1 %active, i32 %x, i32 inreg %y) {\n  ret i32 %x\n}\n\
              define amdgpu_gfx void @f(ptr %p, i32 %x) {\n  \
              %a = call i32(ptr, ...) @llvm.amdgcn.call.whole.wave.i32.p0(ptr %p, i32 %x)\n  \
              %c = call i32(ptr, ...) @llvm.amdgcn.call.whole.wave.i32.p0(ptr @good, i32 %x)\n  \
              %d = call i32(ptr, ...) @llvm.amdgcn.call.whole.wave.i32.p0(ptr @good, i32 %x, i32 inreg %x)\n  \
              %e = call i32(ptr, ...) @llvm.amdgcn.call.whole.wave.i32.p0(ptr @good, i64 0, i32 inreg %x)\n  \
              %g = call i32(ptr, ...) @llvm.amdgcn.call.whole.wave.i32.p0(ptr @good, i32 %x, i32 %x)\n  \
              ret void\n}\n";
    assert_eq!(
        errors(ww),
        [
            "Indirect whole wave calls are not allowed",
            "Call argument count must match callee argument count",
            "Argument types must match",
            "Argument inreg attributes must match",
        ]
    );
    let decls = "declare void @llvm.amdgcn.s.prefetch.data.p3(ptr addrspace(3), i32)\n\
                 declare void @llvm.amdgcn.init.exec.from.input(i32, i32 immarg)\n\
                 declare i32 @llvm.amdgcn.cooperative.atomic.load.32x4B.p0(ptr, i32 immarg, metadata)\n\
                 declare void @llvm.nvvm.setmaxnreg.inc.sync.aligned.u32(i32 immarg)\n!0 = !{i32 1}";
    let body = "  call void @llvm.amdgcn.s.prefetch.data.p3(ptr addrspace(3) %l, i32 0)\n  \
                call void @llvm.amdgcn.init.exec.from.input(i32 %b, i32 0)\n  \
                call void @llvm.amdgcn.init.exec.from.input(i32 %a, i32 0)\n  \
                %c = call i32 @llvm.amdgcn.cooperative.atomic.load.32x4B.p0(ptr %q, i32 0, metadata !0)\n  \
                call void @llvm.nvvm.setmaxnreg.inc.sync.aligned.u32(i32 28)";
    assert_eq!(
        errors(&func("ptr addrspace(3) %l, ptr %q, i32 inreg %a, i32 %b", body, decls)),
        [
            "llvm.amdgcn.s.prefetch.data only supports global or constant memory",
            "only inreg arguments to the parent function are valid as inputs to this intrinsic",
            "cooperative atomic intrinsics require that the last argument is a metadata string",
            "reg_count argument to nvvm.setmaxnreg must be in multiples of 8",
        ]
    );
}

#[test]
fn scaled_matrix_formats() {
    let decls = "declare <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v4i32.v8i32(<4 x i32>, <8 x i32>, <4 x float>, i32, i32, i32, i32, i32, i32)\n\
                 declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.f8f6f4.v8f32.v8i32.v16i32(i32, <8 x i32>, i32, <16 x i32>, i16, <8 x float>)";
    let body = "  %z = call <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v4i32.v8i32(<4 x i32> %b, <8 x i32> %a, <4 x float> %c, i32 5, i32 0, i32 0, i32 0, i32 0, i32 0)\n  \
                %w = call <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v4i32.v8i32(<4 x i32> %b, <8 x i32> %a, <4 x float> %c, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0)\n  \
                %v = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.f8f6f4.v8f32.v8i32.v16i32(i32 0, <8 x i32> %a, i32 7, <16 x i32> %d, i16 0, <8 x float> %e)";
    assert_eq!(
        errors(&func("<8 x i32> %a, <4 x i32> %b, <4 x float> %c, <16 x i32> %d, <8 x float> %e", body, decls)),
        ["invalid value for cbsz format", "invalid vector type for format", "invalid value for matrix format"]
    );
}

#[test]
fn vp_intrinsics() {
    let decls = "declare <4 x i32> @llvm.vp.trunc.v4i32.v4i32(<4 x i32>, <4 x i1>, i32)\n\
                 declare <4 x i1> @llvm.vp.fcmp.v4f32(<4 x float>, <4 x float>, metadata, <4 x i1>, i32)\n\
                 declare <4 x i1> @llvm.vp.icmp.v4i32(<4 x i32>, <4 x i32>, metadata, <4 x i1>, i32)\n\
                 declare <4 x i1> @llvm.vp.is.fpclass.v4f32(<4 x float>, i32, <4 x i1>, i32)\n\
                 declare <4 x i64> @llvm.vp.lrint.v4i64.v4i32(<4 x i32>, <4 x i1>, i32)\n\
                 declare <4 x i32> @llvm.vp.fptosi.v4i32.v4i32(<4 x i32>, <4 x i1>, i32)";
    let body = "  %t = call <4 x i32> @llvm.vp.trunc.v4i32.v4i32(<4 x i32> %a, <4 x i1> %m, i32 %n)\n  \
                %c = call <4 x i1> @llvm.vp.fcmp.v4f32(<4 x float> %x, <4 x float> %x, metadata !\"eq\", <4 x i1> %m, i32 %n)\n  \
                %d = call <4 x i1> @llvm.vp.fcmp.v4f32(<4 x float> %x, <4 x float> %x, metadata !\"oeq\", <4 x i1> %m, i32 %n)\n  \
                %e = call <4 x i1> @llvm.vp.icmp.v4i32(<4 x i32> %a, <4 x i32> %a, metadata !\"oeq\", <4 x i1> %m, i32 %n)\n  \
                %k = call <4 x i1> @llvm.vp.is.fpclass.v4f32(<4 x float> %x, i32 2048, <4 x i1> %m, i32 %n)\n  \
                %r = call <4 x i64> @llvm.vp.lrint.v4i64.v4i32(<4 x i32> %a, <4 x i1> %m, i32 %n)\n  \
                %s = call <4 x i32> @llvm.vp.fptosi.v4i32.v4i32(<4 x i32> %a, <4 x i1> %m, i32 %n)";
    assert_eq!(
        errors(&func("<4 x i32> %a, <4 x float> %x, <4 x i1> %m, i32 %n", body, decls)),
        [
            "llvm.vp.trunc intrinsic the bit size of first argument must be larger than the bit size of the return type",
            "invalid predicate for VP FP comparison intrinsic",
            "invalid predicate for VP integer comparison intrinsic",
            "unsupported bits for llvm.vp.is.fpclass test mask",
            "llvm.vp.fptoui, llvm.vp.fptosi, llvm.vp.lrint or llvm.vp.llrintintrinsic first argument element type \
             must be floating-point and result element type must be integer",
        ]
    );
}

#[test]
fn constrained_intrinsics() {
    let src = "define void @f(double %a, <2 x double> %v, float %s) strictfp {\n  \
        %1 = call <2 x i64> @llvm.experimental.constrained.lround.v2i64.v2f64(<2 x double> %v, metadata !\"fpexcept.strict\") strictfp\n  \
        %2 = call i1 @llvm.experimental.constrained.fcmp.f64(double %a, double %a, metadata !\"eq\", metadata !\"fpexcept.strict\") strictfp\n  \
        %3 = call i32 @llvm.experimental.constrained.fptosi.i32.v2f64(<2 x double> %v, metadata !\"fpexcept.strict\") strictfp\n  \
        %4 = call double @llvm.experimental.constrained.fptrunc.f64.f32(float %s, metadata !\"round.dynamic\", metadata !\"fpexcept.strict\") strictfp\n  \
        %5 = call double @llvm.experimental.constrained.sqrt.f64(double %a, metadata !\"round.dynamic\", metadata !\"fpexcept.maytrap\") strictfp\n  \
        %6 = call double @llvm.experimental.constrained.sqrt.f64(double %a, metadata !\"round.bogus\", metadata !\"fpexcept.strict\") strictfp\n  \
        %7 = call double @llvm.experimental.constrained.trunc.f64(double %a, metadata !\"fpexcept.x\") strictfp\n  \
        ret void\n}\n\
        declare <2 x i64> @llvm.experimental.constrained.lround.v2i64.v2f64(<2 x double>, metadata)\n\
        declare i1 @llvm.experimental.constrained.fcmp.f64(double, double, metadata, metadata)\n\
        declare i32 @llvm.experimental.constrained.fptosi.i32.v2f64(<2 x double>, metadata)\n\
        declare double @llvm.experimental.constrained.fptrunc.f64.f32(float, metadata, metadata)\n\
        declare double @llvm.experimental.constrained.sqrt.f64(double, metadata, metadata)\n\
        declare double @llvm.experimental.constrained.trunc.f64(double, metadata)\n";
    assert_eq!(
        errors(src),
        [
            "Intrinsic does not support vectors",
            "invalid predicate for constrained FP comparison intrinsic",
            "Intrinsic first argument and result disagree on vector use",
            "Intrinsic first argument's type must be larger than result type",
            "invalid rounding mode argument",
            "invalid exception behavior argument",
        ]
    );
}

const CONV_DECLS: &str = "declare void @f() convergent\ndeclare void @g()\n\
    declare token @llvm.experimental.convergence.entry()\n\
    declare token @llvm.experimental.convergence.anchor()\n\
    declare token @llvm.experimental.convergence.loop()\n";

#[test]
fn convergence_visit_rules() {
    let src = format!(
        "define void @a() {{\n  %t1 = call token @llvm.experimental.convergence.anchor()\n  \
         %t2 = call token @llvm.experimental.convergence.anchor() [ \"convergencectrl\"(token %t1) ]\n  \
         %t3 = call token @llvm.experimental.convergence.loop()\n  ret void\n}}\n\
         define void @b() {{\n  call void @g()\n  call void @f()\n  \
         %t = call token @llvm.experimental.convergence.anchor()\n  ret void\n}}\n\
         define void @c() {{\n  %t = call token @llvm.experimental.convergence.entry()\n  ret void\n}}\n\
         define void @d() convergent {{\nA:\n  %t = call token @llvm.experimental.convergence.entry()\n  br label %B\n\
         B:\n  call void @f()\n  %h = call token @llvm.experimental.convergence.loop() [ \"convergencectrl\"(token %t) ]\n  \
         ret void\n}}\n{CONV_DECLS}"
    );
    assert_eq!(
        errors(&src),
        [
            "Entry or anchor intrinsic cannot have a convergencectrl token operand.",
            "Loop intrinsic must have a convergencectrl token operand.",
            "Cannot mix controlled and uncontrolled convergence in the same function.",
            "Entry intrinsic can occur only in a convergent function.",
            "Cannot mix controlled and uncontrolled convergence in the same function.",
            "Loop intrinsic cannot be preceded by a convergent operation in the same basic block.",
        ]
    );
}

#[test]
fn convergence_regions_and_cycles() {
    let src = format!(
        "define void @n(i1 %c) {{\nA:\n  %t1 = call token @llvm.experimental.convergence.anchor()\n  \
         %t2 = call token @llvm.experimental.convergence.anchor()\n  br i1 %c, label %B, label %C\n\
         B:\n  call void @f() [ \"convergencectrl\"(token %t1) ]\n  br label %C\n\
         C:\n  call void @f() [ \"convergencectrl\"(token %t2) ]\n  ret void\n}}\n\
         define void @irreducible(i1 %cond) {{\nA:\n  %a = call token @llvm.experimental.convergence.anchor()\n  \
         br i1 %cond, label %B, label %C\nB:\n  %b = call token @llvm.experimental.convergence.anchor()\n  \
         br i1 %cond, label %C, label %D\nC:\n  %h4 = call token @llvm.experimental.convergence.loop() [ \"convergencectrl\"(token %a) ]\n  \
         br i1 %cond, label %B, label %E\nD:\n  call void @f() [ \"convergencectrl\"(token %b) ]\n  \
         br i1 %cond, label %B, label %F\nE:\n  call void @f() [ \"convergencectrl\"(token %h4) ]\n  \
         br i1 %cond, label %C, label %F\nF:\n  call void @f() [ \"convergencectrl\"(token %a) ]\n  ret void\n}}\n{CONV_DECLS}"
    );
    let m = llrs_asm::parse_module(src.as_bytes(), "t.ll").expect("parses");
    let r = verify(&m);
    let msgs: Vec<&str> = r.errors().map(|d| &*d.message).collect();
    assert_eq!(msgs, ["Convergence region is not well-nested.", "Cycle heart must dominate all blocks in the cycle."]);
    let heart = r.errors().nth(1).expect("two errors");
    let Some(&Subject::Text(t)) = heart.subjects.get(2) else { panic!("a cycle") };
    assert_eq!(&*r.texts[t as usize], "depth=1: entries(C B) D E");
}

#[test]
fn vp_splice_index() {
    let src = |idx: i32, attrs: &str| {
        format!(
            "define void @f(<4 x i32> %a, <4 x i1> %m, i32 %n) {attrs} {{\n  \
             %x = call <4 x i32> @llvm.experimental.vp.splice.v4i32(<4 x i32> %a, <4 x i32> %a, i32 {idx}, <4 x i1> %m, i32 %n, i32 %n)\n  \
             ret void\n}}\n\
             declare <4 x i32> @llvm.experimental.vp.splice.v4i32(<4 x i32>, <4 x i32>, i32 immarg, <4 x i1>, i32, i32)\n"
        )
    };
    assert!(errors(&src(-4, "")).is_empty());
    assert!(errors(&src(3, "")).is_empty());
    assert!(errors(&src(7, "vscale_range(2,2)")).is_empty());
    for idx in [-5, 4] {
        assert!(errors(&src(idx, ""))[0].starts_with("The splice index exceeds the range [-VL, VL-1]"));
    }
}
