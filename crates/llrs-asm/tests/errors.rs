//! Parse errors at LLVM's position with LLVM's words: each case is an input and the first
//! diagnostic `llvm-as` 22 gives for it, `LINE:COL: error: MESSAGE`.

use llrs_asm::parse_module;

/// Input text and the diagnostic LLVM 22 reports for it.
const CASES: &[(&str, &str)] = &[
    // Lexer errors (`LexUIntID`): the number wraps and the parse goes on; reported only if the
    // parse fails, and then before the parser's own error.
    (
        "define void @f() {\n  %99999999999999999999 = add i32 1, 1\n  ret void\n}\n",
        "2:3: error: constant bigger than 64 bits detected",
    ),
    ("@4294967296 = global i32 0\n@x = global i32 %y\n", "1:1: error: invalid value number (too large)"),
    // LLParser ported whole (issue 24): each production's checks in LLVM's order.
    ("define void @f(ptr %p, i32 %a, i1 %c) {\n  store i32 1, ptr %p, 4\n  ret void\n}\n", "2:24: error: expected metadata or 'align'"),
    ("define void @f(ptr %p, i32 %a, i1 %c) {\n  %x add i32 1, 1\n  ret void\n}\n", "2:6: error: expected '=' after instruction name"),
    ("define void @f(ptr %p, i32 %a, i1 %c) {\n  %5 add i32 1, 1\n  ret void\n}\n", "2:6: error: expected '=' after instruction id"),
    ("define void @f(ptr %p, i32 %a, i1 %c) {\n  %x = alloca i32, i32 4, align 4, 5\n  ret void\n}\n", "2:36: error: expected metadata or 'addrspace'"),
    ("declare void @g(i32)\ndefine void @f(ptr %p, i32 %a, i1 %c) {\n  call void @g(i32 1 i32 2)\n  ret void\n}\n", "3:22: error: expected ',' in argument list"),
    ("declare void @g(i32)\ndefine void @f(ptr %p, i32 %a, i1 %c) {\n  call void (i32) @g(i64 1)\n  ret void\n}\n", "3:22: error: argument is not of expected type 'i32'"),
    ("declare void @g(i32)\ndefine void @f(ptr %p, i32 %a, i1 %c) {\n  call void (i32) @g(i32 1, i32 2)\n  ret void\n}\n", "3:29: error: too many arguments specified"),
    ("declare void @g(i32)\ndefine void @f(ptr %p, i32 %a, i1 %c) {\n  call void (i32) @g()\n  ret void\n}\n", "3:8: error: not enough parameters specified for call"),
    ("declare void @g(i32)\ndefine void @f(ptr %p, i32 %a, i1 %c) {\n  call void @g(i32 1, ...)\n  ret void\n}\n", "3:23: error: unexpected ellipsis in argument list for non-musttail call"),
    ("define void @f(ptr %p, i32 %a, i1 %c) {\n  call void asm \"\", \"~x{21}\"()\n  ret void\n}\n", "2:13: error: failed to parse constraints"),
    ("define void @f(ptr %p, i32 %a, i1 %c) {\n  call void asm \"\", \"=r,r\"()\n  ret void\n}\n", "2:13: error: number of input constraints does not match number of parameters"),
    ("define void @f(ptr %p, i32 %a, i1 %c) {\n  call void asm \"\", \"r\"()\n  ret void\n}\n", "2:13: error: number of input constraints does not match number of parameters"),
    ("source_filename = x\"\n", "1:19: error: expected string constant"),
    ("@s = constant [2 x i8] c\"abc\"\n", "1:24: error: constant expression type mismatch: got type '[3 x i8]' but expected '[2 x i8]'"),
    ("@s = global [2 x ptr] [ptr null, ptr null, ptr null]\n", "1:23: error: constant expression type mismatch: got type '[3 x ptr]' but expected '[2 x ptr]'"),
    ("@s = global <2 x i32> <i32 1, i32 2, i32 3>\n", "1:23: error: constant expression type mismatch: got type '<3 x i32>' but expected '<2 x i32>'"),
    ("@s = global [2 x i32] [i32 1, i64 2]\n", "1:24: error: array element #1 is not of type 'i32"),
    ("@s = global [2 x i32] []\n", "1:23: error: invalid empty array initializer"),
    ("!0 = !{}\n!1 = \n", "3:1: error: Expected '!' here"),
    ("!0 = i32 0\n", "1:6: error: unexpected type in metadata definition"),
    ("define void @f(ptr %p, i32 %a, i1 %c) {\n  %x = insertvalue {i32} undef, i32 1 0\n  ret void\n}\n", "2:39: error: expected ',' as start of index list"),
    ("define void @f(ptr %p, i32 %a, i1 %c) {\n  %x = extractvalue {i32} undef, 4294967296\n  ret void\n}\n", "2:34: error: expected 32-bit integer (too large)"),
    ("define void @f(ptr %p, i32 %a, i1 %c) {\n  %x = load i32, metadata addrspace(1) %p\n  ret void\n}\n", "2:27: error: pointer to this type is invalid"),
    ("define void @f(ptr %p, i32 %a, i1 %c) {\n  %x = load i32, label addrspace(1) %p\n  ret void\n}\n", "2:24: error: basic block pointers are invalid"),
    ("define void @f(ptr %p, i32 %a, i1 %c) {\n  call void @h() [ \"a\"\\(i32 1) ]\n  ret void\n}\n", "2:23: error: expected '(' in operand bundle"),
    ("define void @f(ptr %p, i32 %a, i1 %c) {\n  call void @h() [ ]\n  ret void\n}\n", "2:18: error: operand bundle set must not be empty"),
    ("define void @f(ptr %p, i32 %a, i1 %c) {\n  %x = and i32 %a %a\n  ret void\n}\n", "2:19: error: expected ',' in logical operation"),
    ("attributes #0 = { }\n", "1:1: error: attribute group has no attributes"),
    ("define void @f(ptr %p, i32 %a, i1 %c) {\n  br ptr false, label %b, label %b\nb:\n  ret void\n}\n", "2:10: error: constant expression type mismatch: got type 'i1' but expected 'ptr'"),
    ("@0 = global i32 1\n@0 = global i32 1\n", "2:1: error: global expected to be numbered '@1' or greater"),
    ("@x = global i8 0\n@y = global ptr getelementptr (i8, ptr @x, i64 0,)\n", "2:50: error: expected type"),
    ("define void @f(ptr %p, i32 %a, i1 %c) {\n  %x = add i32 %1, 1\n  br label %1\n  ret void\n}\n", "3:12: error: '%1' is not a basic block"),
    ("define void @f(ptr %p, i32 %a, i1 %c) {\n  %x = add i32 %3, 1\n  br label %b\nb:\n  br label %c\nc:\n  br label %d\nd:\n  ret void\n}\n", "5:12: error: '%c' is not a basic block"),
    ("define void @f() {\n  br label %b\n4294967296:\n  ret void\n}\n", "3:1: error: invalid value number (too large)"),
    ("define void @f(ptr %p, i32 %a, i1 %c) {\n  %x = getelementptr i32, ptr %p, %T %5\n  ret void\n}\n", "2:38: error: invalid use of a non-first-class type"),
    ("define void @f(ptr %p, i32 %a, i1 %c) {\n  %x = fcmp fcmp oeq float 1.0, 1.0\n  ret void\n}\n", "2:13: error: expected fcmp predicate (e.g. 'oeq')"),
    ("define void @f(ptr %p, i32 %a, i1 %c) {\n  %x = load i32ptr , ptr %p\n  ret void\n}\n", "2:16: error: expected comma after load's type"),
    ("define void @f(ptr %p, i32 %a, i1 %c) {\n  switch i32 %a, label %b [ i32 1e, label %b ]\nb:\n  ret void\n}\n", "2:34: error: expected ',' after case value"),
    ("@x = global void 0\n", "1:13: error: void type only allowed for function results"),
    ("@x = global ptr null\ndeclare void @h(ptr)\ndefine void @k() {\n  call void (i32 zeroext) @x(i32 0)\n  ret void\n}\n", "4:14: error: argument attributes invalid in function type"),
    ("@x = global <0 x i32> zeroinitializer\n", "1:14: error: zero element vector is illegal"),
    ("define void @f(ptr %p, i32 %a, i1 %c) {\n  %x = add i32 %zz, 1\n  %y = add i32 %aa, 1\n  ret void\n}\n", "3:16: error: use of undefined value '%aa'"),
    ("@x = global ptr %y\n", "1:17: error: invalid use of function-local name"),
    ("define void @f(ptr %p, i32 %a, i1 %c) {\n  %x = select i1 %c, i32 1, i64 2\n  ret void\n}\n", "2:15: error: both values to select must have same type"),
    ("define void @f(ptr %p, i32 %a, i1 %c) {\n  %x = select i32 %a, i32 1, i32 2\n  ret void\n}\n", "2:15: error: select condition must be i1 or <n x i1>"),
    ("define void @k() {\ne:\n  br label %b\nb:\n  %x = phi i32 [ 1, %e ], foo\n  ret void\n}\n", "5:27: error: expected '[' in phi value list"),
    ("define void @k() personality ptr null {\n  %x = landingpad {ptr, i32} catch [1 x ptr] zeroinitializer\n  ret void\n}\n", "2:36: error: 'catch' clause has an invalid type"),
    ("define void @k() personality ptr null {\n  %x = catchpad within none []\n  ret void\n}\n", "2:24: error: expected scope value for catchpad"),
    ("define void @f(ptr %p, i32 %a, i1 %c) {\n  %x = shufflevector <2 x i32> zeroinitializer, <2 x i32> zeroinitializer, <2 x i32> %v\n  ret void\n}\n", "2:22: error: invalid shufflevector operands"),
    ("define void @f(ptr %p, i32 %a, i1 %c) {\n  %x = icmp eq <2 x float> zeroinitializer, zeroinitializer\n  ret void\n}\n", "2:16: error: icmp requires integer operands"),
    ("define void @f(ptr %p, i32 %a, i1 %c) {\n  %x = extractelement <2 x i32> zeroinitializer, float 1.0\n  ret void\n}\n", "2:23: error: invalid extractelement operands"),
    ("@x = global i32 0, section x\n", "1:28: error: expected global section string"),
    ("@x = global i32 0, code_model \"huge\"\n", "1:31: error: expected global code model string"),
    ("define void @f(ptr %p, i32 %a, i1 %c) {\n  %x = cmpxchg ptr %p, i32 1, i64 2 seq_cst seq_cst\n  ret void\n}\n", "2:31: error: compare value and new value type do not match"),
    ("define void @f(ptr %p, i32 %a, i1 %c) {\n  indirectbr i32 %a, []\n  ret void\n}\n", "2:14: error: indirectbr address must have pointer type"),
    ("@x = global [2 x i32] [i32 1, i32 2], align 99999999999999999999999\n", "1:45: error: alignment is not a power of two"),
    ("define void @f(ptr %p, i32 %a, i1 %c) {\n  %x = add nuw nuw i32 1, 1\n  ret void\n}\n", "2:16: error: expected type"),
    ("define void @f(ptr %p, i32 %a, i1 %c) {\n  %x = getelementptr inbounds (i8, ptr null, i64 1), align 1\n  ret void\n}\n", "2:31: error: expected type"),
    ("%T = type opaque\n@y = global ptr getelementptr (%T, ptr null, i64 1)\n", "2:17: error: base element of getelementptr must be sized"),
    ("!named = !{!DIArgList()}\n", "1:12: error: found DIArgList outside of function"),
    ("define void @f(ptr %p, i32 %a, i1 %c) {\n  call void @g(metadata !\"x\")\n  ret void\n}\n", "2:13: error: use of undefined value '@g'"),
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

/// A number too large for an id is a lexer error that LLVM reports only when the parse fails:
/// otherwise its low 32 bits are the id, and the module is read.
#[test]
fn wrapped_ids_are_read_when_nothing_fails() {
    for src in [
        "@4294967296 = global i32 0\n",
        "define void @f() {\n4294967296:\n  ret void\n}\n",
        "declare void @f() #4294967296\nattributes #0 = { nounwind }\n",
    ] {
        let m = parse_module(src.as_bytes(), "t.ll");
        assert!(m.is_ok(), "{src}: {:?}", m.err());
    }
}
