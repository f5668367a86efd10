//! Parse errors at LLVM's position with LLVM's words: each case is an input and the first
//! diagnostic `llvm-as` 22 gives for it, `LINE:COL: error: MESSAGE`.

use llrs_asm::parse_module;

/// Input text and the diagnostic LLVM 22 reports for it.
const CASES: &[(&str, &str)] = &[
    // Struct constants: count, packing, then each element, at the constant.
    ("@0 = constant { i32 } { float 1.0 }\n", "1:23: error: element 0 of struct initializer doesn't match struct element type"),
    ("@0 = global {} { i32 7, float 1.0 }\n", "1:16: error: initializer with struct type has wrong # elements"),
    ("@0 = global <{ i32 }> { i32 7 }\n", "1:23: error: packed'ness of initializer and type don't match"),
    ("%T = type opaque\n@0 = global %T { i32 7 }\n", "2:16: error: initializer with struct type has wrong # elements"),
    // Casts are checked as `CastInst::castIsValid` does, at the operand.
    (
        "define ptr @f(i64 %x) {\n  %r = trunc i64 %x to ptr\n  ret ptr %r\n}\n",
        "2:14: error: invalid cast opcode for cast from 'i64' to 'ptr'",
    ),
    // A value of another type is named as LLVM names it (no comment, no quotes).
    ("define i32 @f(i1 %\"a b\") {\n  ret i32 %\"a b\"   ; c\n}\n", "2:11: error: '%a b' defined with type 'i1' but expected 'i32'"),
    ("define i32 @f(i1 %a) {\n  %x = add i32 1, 1\n", "3:1: error: found end of file when expecting more instructions"),
    // Fast-math flags only on floating-point results: at the opcode (select, phi), at `call` of
    // a tail call, else at the token after `call`.
    (
        "define i32 @g(i1 %c, i32 %a) {\n  %r = select fast i1 %c, i32 %a, i32 %a\n  ret i32 %r\n}\n",
        "2:8: error: fast-math-flags specified for select without floating-point scalar or vector return type",
    ),
    (
        "define i32 @g(i32 %a) {\ne:\n  br label %b\nb:\n  %r = phi fast i32 [ %a, %e ]\n  ret i32 %r\n}\n",
        "5:8: error: fast-math-flags specified for phi without floating-point scalar or vector return type",
    ),
    (
        "declare i32 @x()\ndefine i32 @g() {\n  %r = tail call fast i32 @x()\n  ret i32 %r\n}\n",
        "3:13: error: fast-math-flags specified for call without floating-point scalar or vector return type",
    ),
    (
        "declare <4 x i32> @x()\ndefine void @g() {\n  %r = call fast <4 x i32> @x()\n  ret void\n}\n",
        "3:13: error: fast-math-flags specified for call without floating-point scalar or vector return type",
    ),
    // cmpxchg orderings are checked once the instruction is read: at the next token.
    (
        "define void @f(ptr %a, i32 %b) {\n  %x = cmpxchg ptr %a, i32 %b, i32 %b unordered monotonic\n  ret void\n}\n",
        "3:3: error: invalid cmpxchg success ordering",
    ),
    (
        "define void @f(ptr %a, i32 %b) {\n  %x = cmpxchg ptr %a, i32 %b, i32 %b seq_cst release, align 4, !foo !0\n  ret void\n}\n!0 = !{}\n",
        "2:65: error: invalid cmpxchg failure ordering",
    ),
    // A metadata id defined twice: noticed after the second node, at the next token.
    ("!0 = !{}\n!0 = !{} ; x\n\n!1 = !{}\n", "4:1: error: Metadata id is already used"),
    ("!0 = !{}\n!0 = !{}", "2:9: error: Metadata id is already used"),
    // A recursive struct: noticed when its body is set, at the next token.
    ("%a = type { %a }\n\n@x = global i32 0\n", "3:1: error: identified structure type 'a' is recursive"),
    ("%0 = type { %0 }\n@x = global i32 0\n", "2:1: error: identified structure type '' is recursive"),
    ("%a = type { %b }\n%b = type { %a }\n@x = global i32 0\n", "3:1: error: identified structure type 'b' is recursive"),
    // `align(N` reports the missing parenthesis at the parenthesis it opened.
    ("declare void @f(ptr align(4 %p)\n", "1:26: error: expected ')'"),
    ("declare void @f(ptr align(3) %p)\n", "1:26: error: alignment is not a power of two"),
    ("declare void @f(ptr) #0\nattributes #0 = { align 4 }\n", "2:25: error: expected '=' here"),
    ("declare ptr @f(ptr) alignstack(3)\n", "1:32: error: stack alignment is not a power of two"),
    ("@a = global i32 0, align(4)\n", "1:25: error: expected integer"),
    ("declare void @f() gc \"x\" align 4\n", "1:26: error: expected top-level entity"),
    // `ptr [addrspace(N)]` takes no suffix.
    ("@g1 = external global ptr addrspace(3) addrspace(4)\n", "1:40: error: expected top-level entity"),
    ("@g1 = external global ptr addrspace(1)*\n", "1:39: error: ptr* is invalid - use ptr instead"),
    // Opaque structs are not first class.
    ("%foo = type { i32 (%foo)*, i32 }\n", "1:20: error: invalid type for function argument"),
    ("declare void @f(%foo)\n%foo = type {i32}\n", "1:17: error: invalid type for function argument"),
    (
        "%foo = type opaque\n@g = global ptr null\ndefine void @h(){\n call void @g(i32 0, %foo undef)\n ret void\n}\n",
        "4:22: error: invalid type for function argument",
    ),
    ("define void @h(){\n call void @g(label %x)\n ret void\n}\n", "2:15: error: invalid type for function argument"),
    (
        "%X = type opaque\ndefine void @h(ptr %p){\na:\n %a = phi %X [undef, %a]\n ret void\n}\n",
        "4:11: error: phi node must have first class type",
    ),
    (
        "%X = type opaque\ndefine void @h(ptr %p){\n %a = va_arg ptr %p, %X\n ret void\n}\n",
        "3:22: error: va_arg requires operand with first class type",
    ),
    ("%X = type opaque\n@g = global %X zeroinitializer\n", "2:16: error: invalid type for null constant"),
    // load and store: read whole, then checked.
    (
        "%X = type opaque\ndefine void @f(ptr %p) {\n  %t = load %X, ptr %p\n  ret void\n}\n",
        "3:17: error: load operand must be a pointer to a first class type",
    ),
    (
        "define void @h(ptr %p){\n %a = load i32, i32 0\n ret void\n}\n",
        "2:17: error: load operand must be a pointer to a first class type",
    ),
    (
        "define void @h(ptr %p){\n %a = load atomic i32, ptr %p monotonic\n ret void\n}\n",
        "2:24: error: atomic load must have explicit non-zero alignment",
    ),
    (
        "define void @h(ptr %p){\n store atomic i32 0, ptr %p acquire, align 4\n ret void\n}\n",
        "2:15: error: atomic store cannot use Acquire ordering",
    ),
    ("define void @h(ptr %p){\n %a = load label, ptr %p\n ret void\n}\n", "2:12: error: loading unsized types is not allowed"),
    (
        "%X = type {i32, %Y}\n%Y = type opaque\ndefine void @h(ptr %p, %X %x){\n store %X %x, i32 0\n ret void\n}\n",
        "4:15: error: store operand must be a pointer",
    ),
    // ret against the function's result type.
    ("define void @f() {\n  ret i64 0\n}\n", "2:7: error: value doesn't match function result type 'void'"),
    ("define i32 @f() {\n  ret i64 bad\n}\n", "2:11: error: expected value token"),
    // A global's initializer is read before its name is defined.
    ("@a = global i32 0\n@a = global i32 bad\n", "2:17: error: expected value token"),
    (
        "@a = addrspace(1) global ptr @a\n",
        "1:26: error: forward reference and definition of global have different types",
    ),
    // blockaddress
    (
        "define void @fn() addrspace(1) {\n  unreachable\nbb:\n  ret void\n}\n@g = constant ptr addrspace(2) blockaddress(@fn, %bb)\n",
        "6:32: error: constant expression type mismatch: got type 'ptr addrspace(1)' but expected 'ptr addrspace(2)'",
    ),
    (
        "@a = global ptr blockaddress(@f, %bb)\n@c = global ptr blockaddress(@f, %0)\ndefine void @f() addrspace(1) {\nbb:\n ret void\n}\n",
        "2:34: error: '' defined with type 'ptr addrspace(1)' but expected 'ptr'",
    ),
    ("@a = global i32 blockaddress(@f, %bb)\n", "1:17: error: type of blockaddress must be a pointer and not 'i32'"),
    ("@a = global ptr blockaddress(@f, %bb)\ndeclare void @f() !x bad\n", "1:30: error: cannot take blockaddress inside a declaration"),
    (
        "@a = global ptr blockaddress(@zz, %bb)\n@c = global ptr blockaddress(@1, %bb)\n@d = global ptr @x\n",
        "2:30: error: expected function name in blockaddress",
    ),
    (
        "define void @f() {\nbb:\n ret void\n}\n@a = global ptr blockaddress(@f, %0)\n",
        "5:34: error: cannot take address of numeric label after the function is defined",
    ),
    (
        "@a = global ptr blockaddress(@f, %x)\ndefine void @f(i32 %x) {\nbb:\n ret void\n}\n",
        "1:34: error: referenced value is not a basic block",
    ),
    // dso_local_equivalent
    (
        "@v = global i32 0\n@a = global ptr dso_local_equivalent @v\n",
        "2:38: error: expected a function, alias to function, or ifunc in dso_local_equivalent",
    ),
    (
        "@a = global ptr dso_local_equivalent @1\n@b = global ptr dso_local_equivalent @e\n",
        "1:38: error: unknown function '' referenced by dso_local_equivalent",
    ),
    // Undefined references at the end of the module, in LLVM's order.
    ("%t = type {%u, %0}\n", "1:16: error: use of undefined type '%0'"),
    ("%t = type {%zz}\n", "1:12: error: use of undefined type named 'zz'"),
    ("@a = global i32 0, comdat($c)\n@b = global ptr @0\n", "1:27: error: use of undefined comdat '$c'"),
    ("@a = global ptr @z\n@b = global ptr @y\n", "2:17: error: use of undefined value '@y'"),
    ("@a = global i32 0, !x !3\n@b = global ptr @0\n", "2:17: error: use of undefined value '@0'"),
    ("@a = global i32 0, !x !3\n@b = global i32 0, !x !2\n", "2:24: error: use of undefined metadata '!2'"),
    // DIExpression elements
    (
        "!named = !{!0}\n!0 = !DIExpression(DW_OP_LLVM_convert_generic)\n",
        "2:20: error: invalid DWARF op 'DW_OP_LLVM_convert_generic'",
    ),
    ("!named = !{!0}\n!0 = !DIExpression(DW_ATE_bogus)\n", "2:20: error: invalid DWARF attribute encoding 'DW_ATE_bogus'"),
    ("!named = !{!0}\n!0 = !DIExpression(DW_OP_consts, -1)\n", "2:34: error: expected unsigned integer"),
    (
        "!named = !{!0}\n!0 = !DIExpression(DW_OP_constu, 18446744073709551616)\n",
        "2:34: error: element too large, limit is 18446744073709551615",
    ),
    // getelementptr instructions
    (
        "define void @f(<vscale x 2 x ptr> %a) {\n  %w = getelementptr {i32, i32}, <vscale x 2 x ptr> %a, <vscale x 2 x i32> zeroinitializer, <vscale x 2 x i32> zeroinitializer\n  ret void\n}\n",
        "2:34: error: invalid getelementptr indices",
    ),
    (
        "define void @f(ptr %p, i32 %i) {\n  %x = getelementptr {i32, i32}, ptr %p, i32 0, i32 %i\n  ret void\n}\n",
        "2:34: error: invalid getelementptr indices",
    ),
    (
        "define void @f(<2 x ptr> %p) {\n  %x = getelementptr i32, <2 x ptr> %p, <4 x i32> zeroinitializer\n  ret void\n}\n",
        "2:41: error: getelementptr vector index has a wrong number of elements",
    ),
    (
        "%O = type opaque\ndefine void @f(ptr %p) {\n  %x = getelementptr %O, ptr %p, i32 0\n  ret void\n}\n",
        "3:26: error: base element of getelementptr must be sized",
    ),
    (
        "define void @f(ptr %p) {\n  %x = getelementptr {<vscale x 2 x i32>}, ptr %p, i32 0\n  ret void\n}\n",
        "2:44: error: getelementptr cannot target structure that contains scalable vector type",
    ),
];

#[test]
fn first_error_is_llvms() {
    let mut wrong = Vec::new();
    for (src, want) in CASES {
        let got = match parse_module(src.as_bytes(), "t.ll") {
            Ok(_) => "no error".to_string(),
            Err(d) => format!("{}:{}: error: {}", d.line, d.col, d.message),
        };
        if got != *want {
            wrong.push(format!("{src:?}\n  want {want}\n  got  {got}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Struct types shared many times over: the checks of sizes and recursion visit each type once.
#[test]
fn nested_shared_structs_are_checked_quickly() {
    let mut src = String::from("%13 = type { i32, i32 }\n");
    for i in (0..13).rev() {
        let fields = vec![format!("%{}", i + 1); 8].join(", ");
        src.push_str(&format!("%{i} = type {{ {fields} }}\n"));
    }
    src.push_str("define void @f(ptr %p) {\n  %a = getelementptr %0, ptr %p, i32 1\n  %b = load %0, ptr %p\n");
    src.push_str("  %c = alloca %0\n  ret void\n}\n");
    let start = std::time::Instant::now();
    assert!(parse_module(src.as_bytes(), "t.ll").is_ok());
    assert!(start.elapsed() < std::time::Duration::from_secs(5));
}
