//! Malformed and pathological input gets an error or a result, never a panic or a stack overflow.

use llrs_asm::{parse_module, print_module};

const SEED_MODULE: &str = r#"source_filename = "t.ll"
target datalayout = "e-m:e-i64:64-f80:128-n8:16:32:64-S128"
%T = type { i32, [2 x ptr], <4 x float> }
@g = private unnamed_addr constant [6 x i8] c"hello\00", align 1
@p = global ptr getelementptr inbounds ([6 x i8], ptr @g, i64 0, i64 1)
define i32 @f(i32 %x, ptr %q) #0 !dbg !3 {
entry:
  %a = alloca %T, align 8
  %c = icmp slt i32 %x, 0
  br i1 %c, label %neg, label %done
neg:
  %n = sub nsw i32 0, %x
  store i32 %n, ptr %a, align 4
  br label %done
done:
  %r = phi i32 [ %x, %entry ], [ %n, %neg ]
  %v = call float @llvm.fabs.f32(float 1.0)
    #dbg_value(i32 %r, !4, !DIExpression(), !5)
  ret i32 %r
}
declare float @llvm.fabs.f32(float)
attributes #0 = { nounwind "frame-pointer"="all" }
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "t.c", directory: "/")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, unit: !0)
!4 = !DILocalVariable(name: "r", scope: !3, file: !1, line: 2)
!5 = !DILocation(line: 2, column: 3, scope: !3)
"#;

/// A small deterministic generator (no dependency needed).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) as usize
    }
}

fn check(src: &[u8]) {
    if let Ok(m) = parse_module(src, "fuzz.ll") {
        let _ = print_module(&m);
    }
}

#[test]
fn seed_module_parses_and_prints() {
    let m = parse_module(SEED_MODULE.as_bytes(), "t.ll").expect("the seed module is valid");
    let text = String::from_utf8(print_module(&m)).expect("UTF-8");
    assert!(text.contains("define i32 @f(i32 %x, ptr %q) #0 !dbg !"));
    assert!(text.contains("align 4"));
}

#[test]
fn truncations_and_mutations_never_panic() {
    let base = SEED_MODULE.as_bytes();
    let mut rng = Lcg(42);
    for cut in 0..base.len() {
        check(&base[..cut]);
    }
    let junk = b"(){}[]<>,=!%@#\"0123456789 \n\\x:*.-^$";
    for _ in 0..3000 {
        let mut m = base.to_vec();
        for _ in 0..1 + rng.next() % 6 {
            let i = rng.next() % m.len();
            match rng.next() % 3 {
                0 => m[i] = junk[rng.next() % junk.len()],
                1 => {
                    m.remove(i);
                }
                _ => {
                    let j = rng.next() % base.len();
                    let len = (rng.next() % 40).min(base.len() - j);
                    m.splice(i..i, base[j..j + len].iter().copied());
                }
            }
        }
        check(&m);
    }
}

#[test]
fn deep_nesting_is_an_error() {
    let n = 100_000;
    let ty = format!("@x = global {}i8{} zeroinitializer\n", "[1 x ".repeat(n), "]".repeat(n));
    let md = format!("!0 = !{{{}{}}}\n", "!{".repeat(n), "}".repeat(n));
    let ce = format!(
        "@g = global i8 0\n@h = global ptr {}@g{}\n",
        "getelementptr (i8, ptr ".repeat(n),
        ", i64 1)".repeat(n)
    );
    for src in [ty, md, ce] {
        let err = parse_module(src.as_bytes(), "deep.ll").expect_err("too deep");
        assert_eq!(err.message, "nesting too deep");
    }
}

#[test]
fn deep_but_allowed_nesting_reads_prints_and_verifies() {
    // Just under the limit, on a test thread's small stack, in any build profile.
    let n = 500;
    let ty = format!("@x = global {}i8{} zeroinitializer\n", "[1 x ".repeat(n), "]".repeat(n));
    let ce = format!(
        "@g = global i8 0\n@h = global ptr {}@g{}\n",
        "getelementptr (i8, ptr ".repeat(n / 2),
        ", i64 1)".repeat(n / 2)
    );
    let md = format!("!named = !{{!0}}\n!0 = !{{{}{}}}\n", "!{".repeat(n), "}".repeat(n));
    for src in [ty, ce, md] {
        let m = parse_module(src.as_bytes(), "deep.ll").expect("within the limit");
        let out = llrs_asm::print_module(&m);
        assert!(!out.is_empty());
    }
}

/// A chain of metadata nodes as long as a module may hold reads and prints on a test thread's
/// small stack (every walk over metadata is iterative).
#[test]
fn long_metadata_chains_are_walked_without_recursion() {
    let n = 200_000;
    let mut src = String::from("!named = !{!0}\n");
    for i in 0..n {
        src.push_str(&format!("!{i} = !{{!{}, i32 {i}}}\n", i + 1));
    }
    src.push_str(&format!("!{n} = !{{}}\n"));
    let m = llrs_asm::parse_module(src.as_bytes(), "chain.ll").expect("parses");
    let text = llrs_asm::print_module(&m);
    assert!(text.ends_with(format!("!{n} = !{{}}\n").as_bytes()));
}
