//! The EH visitors against what LLVM 22 (`llvm-as-22`) says of small modules.

fn errors(src: &str) -> Vec<String> {
    let m = llrs_asm::parse_module(src.as_bytes(), "t.ll").expect("parses");
    crate::verify(&m).errors().map(|d| d.message.to_string()).collect()
}

fn first(src: &str) -> String {
    errors(src).into_iter().next().unwrap_or_default()
}

/// `@t` with `personality` (empty for none) and `body`.
fn func(personality: &str, body: &str) -> String {
    format!(
        "declare void @f()\ndeclare i32 @__gxx_personality_v0(...)\ndeclare i32 @__CxxFrameHandler3(...)\n\
         define void @t(i32 %x) {personality} {{\n{body}\n}}\n"
    )
}

const GXX: &str = "personality ptr @__gxx_personality_v0";
const MSVC: &str = "personality ptr @__CxxFrameHandler3";

const INVOKE: &str = "  invoke void @f() to label %a unwind label %b\na:\n  ret void\nb:\n";

#[test]
fn landing_pads() {
    let ok = format!("{INVOKE}  %l = landingpad {{ ptr, i32 }} cleanup\n  resume {{ ptr, i32 }} %l");
    assert_eq!(errors(&func(GXX, &ok)), Vec::<String>::new());
    let cases = [
        (
            func("", &format!("{INVOKE}  %l = landingpad {{ ptr, i32 }} cleanup\n  ret void")),
            "LandingPadInst needs to be in a function with a personality.",
        ),
        (
            func(GXX, "  invoke void @f() to label %b unwind label %b\nb:\n  %l = landingpad { ptr, i32 } cleanup\n  ret void"),
            "Block containing LandingPadInst must be jumped to only by the unwind edge of an invoke.",
        ),
        (
            func(GXX, "  br label %b\nb:\n  %l = landingpad { ptr, i32 } cleanup\n  ret void"),
            "Block containing LandingPadInst must be jumped to only by the unwind edge of an invoke.",
        ),
        (func(GXX, "  %l = landingpad { ptr, i32 } cleanup\n  ret void"), "EH pad cannot be in entry block."),
        (
            func(GXX, &format!("{INVOKE}  %l = landingpad {{ ptr, i32 }} catch i32 0\n  ret void")),
            "Catch operand does not have pointer type!",
        ),
        (
            func(GXX, &format!("{INVOKE}  %l = landingpad {{ ptr, i32 }} filter [1 x i32] [i32 1]\n  ret void")),
            "Filter operand is not an array of constants!",
        ),
        (
            func(GXX, &format!("{INVOKE}  %l = landingpad {{ ptr, i32 }} filter [1 x ptr] undef\n  ret void")),
            "Filter operand is not an array of constants!",
        ),
        (func(GXX, &format!("{INVOKE}  %l = landingpad {{ ptr, i32 }} filter [1 x ptr] [ptr @f]\n  ret void")), ""),
        (
            func(GXX, &format!("{INVOKE}  %l = landingpad {{ ptr, i32 }} cleanup\n  resume {{ ptr, i64 }} undef")),
            "The resume instruction should have a consistent result type inside a function.",
        ),
        (func("", "  resume { ptr, i32 } undef"), "ResumeInst needs to be in a function with a personality."),
        (
            func(GXX, &format!("{INVOKE}  ret void")),
            "The unwind destination does not have an exception handling instruction!",
        ),
    ];
    for (src, want) in cases {
        assert_eq!(first(&src), want, "{src}");
    }
    let two =
        "  invoke void @f() to label %a unwind label %b\na:\n  invoke void @f() to label %c unwind label %d\nc:\n  ret void\n\
         b:\n  %l = landingpad { ptr, i32 } cleanup\n  ret void\nd:\n  %l2 = landingpad { ptr, i64 } cleanup\n  ret void";
    assert_eq!(
        first(&func(GXX, two)),
        "The landingpad instruction should have a consistent result type inside a function."
    );
}

const CS: &str = "  invoke void @f() to label %a unwind label %cs\na:\n  ret void\ncs:\n";

#[test]
fn catchswitch_and_catchpads() {
    let ok = format!(
        "{CS}  %s = catchswitch within none [label %h] unwind to caller\nh:\n  %c = catchpad within %s []\n  \
         catchret from %c to label %a"
    );
    assert_eq!(errors(&func(MSVC, &ok)), Vec::<String>::new());
    assert_eq!(first(&func("", &ok)), "CatchSwitchInst needs to be in a function with a personality.");
    let cases = [
        (
            format!("{CS}  %s = catchswitch within none [label %a] unwind to caller"),
            "CatchSwitchInst handlers must be catchpads",
        ),
        (
            format!(
                "{CS}  %s = catchswitch within none [label %h] unwind label %lp\nh:\n  %c = catchpad within %s []\n  \
                 catchret from %c to label %a\nlp:\n  %l = landingpad {{ ptr, i32 }} cleanup\n  ret void"
            ),
            "CatchSwitchInst must unwind to an EH block which is not a landingpad.",
        ),
        (
            format!(
                "{CS}  %s = catchswitch within none [label %h] unwind label %h\nh:\n  %c = catchpad within %s []\n  \
                 catchret from %c to label %a"
            ),
            "Catchswitch cannot unwind to one of its catchpads",
        ),
        (
            format!(
                "{CS}  %s = catchswitch within none [label %h] unwind to caller\nh:\n  %c = catchpad within %s []\n  \
                 cleanupret from %c unwind to caller"
            ),
            "CleanupReturnInst needs to be provided a CleanupPad",
        ),
        (
            format!(
                "{CS}  %s = catchswitch within none [label %h] unwind to caller\nh:\n  %c = catchpad within %s []\n  \
                 invoke void @f() [\"funclet\"(token %c)] to label %xx unwind label %cl2\nxx:\n  catchret from %c to label %a\n\
                 cl2:\n  %c2 = cleanuppad within none []\n  cleanupret from %c2 unwind to caller"
            ),
            "Unwind edges out of a catch must have the same unwind dest as the parent catchswitch",
        ),
    ];
    for (body, want) in cases {
        assert_eq!(first(&func(MSVC, &body)), want, "{body}");
    }
}

const CL: &str =
    "  invoke void @f() to label %a unwind label %cl\na:\n  ret void\ncl:\n  %c = cleanuppad within none []\n";

#[test]
fn cleanuppads() {
    let ok = format!("{CL}  cleanupret from %c unwind to caller");
    assert_eq!(errors(&func(MSVC, &ok)), Vec::<String>::new());
    let nested = format!(
        "{CL}  invoke void @f() [\"funclet\"(token %c)] to label %xx unwind label %cl2\nxx:\n  \
         cleanupret from %c unwind to caller\ncl2:\n  %c2 = cleanuppad within %c []\n  cleanupret from %c2 unwind to caller"
    );
    assert_eq!(errors(&func(MSVC, &nested)), Vec::<String>::new());
    let cases = [
        (format!("{CL}  catchret from %c to label %a"), "CatchReturnInst needs to be provided a CatchPad"),
        (format!("{CL}  cleanupret from %c unwind label %cl"), "EH pad cannot handle exceptions raised within it"),
        (
            format!("{CL}  br label %cl2\ncl2:\n  %c2 = cleanuppad within none []\n  cleanupret from %c2 unwind to caller"),
            "EH pad must be jumped to via an unwind edge",
        ),
        (
            format!("{CL}  cleanupret from %c unwind label %cl2\ncl2:\n  %c2 = cleanuppad within %c []\n  cleanupret from %c2 unwind to caller"),
            "A cleanupret must exit its cleanup",
        ),
        (
            format!(
                "{CL}  invoke void @f() [\"funclet\"(token %c)] to label %xx unwind label %cl2\nxx:\n  \
                 cleanupret from %c unwind to caller\ncl2:\n  %c2 = cleanuppad within none []\n  cleanupret from %c2 unwind to caller"
            ),
            "Unwind edges out of a funclet pad must have the same unwind dest",
        ),
        (
            format!(
                "{CL}  invoke void @f() [\"funclet\"(token %c)] to label %xx unwind label %cl2\nxx:\n  unreachable\n\
                 cl2:\n  %c2 = cleanuppad within none []\n  invoke void @f() [\"funclet\"(token %c2)] to label %yy unwind label %cl\n\
                 yy:\n  unreachable"
            ),
            "EH pads can't handle each other's exceptions",
        ),
        ("  %c = cleanuppad within none []\n  cleanupret from %c unwind to caller".to_string(), "EH pad cannot be in entry block."),
    ];
    for (body, want) in cases {
        assert_eq!(first(&func(MSVC, &body)), want, "{body}");
    }
}
