//! Writer tests: modules built with the llrs-ir API, printed and compared with llvm-dis output.

use crate::print_module;
use llrs_ir::attributes::{Attr, AttrArg, MemoryEffects};
use llrs_ir::instructions::{flags, AttrList, CallData, CmpPred, InstData, InstExtra, Opcode, TailKind};
use llrs_ir::metadata::{DiValue, Md, MdKind, MdNode};
use llrs_ir::module::{Linkage, UnnamedAddr};
use llrs_ir::types::{FloatKind, Type};
use llrs_ir::{Const, Module, Value};

fn text(m: &Module) -> String {
    String::from_utf8(print_module(m)).expect("utf-8 output")
}

#[test]
fn writer_empty_module() {
    let mut m = Module::new();
    m.source_filename = Some(b"a.c".to_vec());
    m.triple = Some(b"x86_64-pc-linux-gnu".to_vec());
    assert_eq!(text(&m), "source_filename = \"a.c\"\ntarget triple = \"x86_64-pc-linux-gnu\"\n");
}

/// ```text
/// @.str = private unnamed_addr constant [3 x i8] c"hi\00", align 1
/// @0 = global i32 7
///
/// ; Function Attrs: nounwind memory(none)
/// define i32 @f(i32 %0, i32 noundef %b) #0 {
///   %2 = add nsw i32 %0, %b
///   %3 = icmp sgt i32 %2, 0
///   br i1 %3, label %4, label %done
///
/// 4:                                                ; preds = %1
///   br label %done
///
/// done:                                             ; preds = %4, %1
///   %5 = phi i32 [ %2, %4 ], [ 0, %1 ]
///   %6 = call i32 @f(i32 %5, i32 1) #1
///   ret i32 %6
/// }
///
/// attributes #0 = { nounwind memory(none) }
/// attributes #1 = { "k"="v" }
/// ```
#[test]
fn writer_function_with_blocks() {
    let mut m = Module::new();
    let c = &mut m.ctx;
    let i8t = c.int_ty(8);
    let i32t = c.int_ty(32);
    let arr = c.ty(Type::Array(3, i8t));
    let bytes = c.konst(Const::Bytes(arr, Box::from(&b"hi\0"[..])));
    let g = m.add_var(".str", arr, Some(bytes));
    m.globals[g].linkage = Linkage::Private;
    m.globals[g].unnamed_addr = UnnamedAddr::Global;
    m.globals[g].var.constant = true;
    m.globals[g].align = 1;
    let seven = m.ctx.const_int(i32t, 7);
    let g0 = m.new_global(None, llrs_ir::GlobalKind::Var, i32t);
    m.globals[g0].var.init = Some(seven);
    m.vars.push(g0);

    let fty = m.ctx.fn_ty(i32t, &[i32t, i32t], false);
    let f = m.add_function("f", fty);
    let b_name = m.ctx.sym("b");
    let nounwind = m.ctx.sym("nounwind");
    let memory = m.ctx.sym("memory");
    let noundef = m.ctx.sym("noundef");
    let k = m.ctx.sym("k");
    let v = m.ctx.sym("v");
    let fn_attrs = m.ctx.attrs(vec![
        Attr { kind: nounwind, arg: AttrArg::None },
        Attr { kind: memory, arg: AttrArg::Memory(MemoryEffects(0)) },
    ]);
    let p1 = m.ctx.attrs(vec![Attr { kind: noundef, arg: AttrArg::None }]);
    let call_attrs = m.ctx.attrs(vec![Attr { kind: k, arg: AttrArg::Str(Some(v)) }]);
    let i1t = m.ctx.int_ty(1);
    let void = m.ctx.void_ty();
    let zero = m.ctx.const_int(i32t, 0);
    let one = m.ctx.const_int(i32t, 1);
    let fptr = m.ctx.ptr_ty(0);
    let fconst = m.ctx.konst(Const::Global(fptr, f));
    let done_name = m.ctx.sym("done");
    {
        let fd = m.func_mut(f);
        fd.arg_names[1] = Some(b_name);
        fd.attrs = AttrList { func: fn_attrs, ret: Default::default(), params: vec![Default::default(), p1] };
    }
    let body = m.body_mut(f);
    let entry = body.create_block(None);
    let b5 = body.create_block(None);
    let done = body.create_block(Some(done_name));
    body.append_block(entry);
    body.append_block(b5);
    body.append_block(done);
    let mut add = InstData::new(Opcode::Add, i32t, [Value::Arg(0), Value::Arg(1)]);
    add.flags = flags::NSW;
    let add = body.append_inst(entry, add);
    let mut cmp = InstData::new(Opcode::ICmp, i1t, [Value::Inst(add), Value::Const(zero)]);
    cmp.extra = InstExtra::Cmp(CmpPred::Sgt);
    let cmp = body.append_inst(entry, cmp);
    body.append_inst(entry, InstData::new(Opcode::Br, void, [Value::Inst(cmp), Value::Block(b5), Value::Block(done)]));
    body.append_inst(b5, InstData::new(Opcode::Br, void, [Value::Block(done)]));
    let mut phi = InstData::new(Opcode::Phi, i32t, [Value::Inst(add), Value::Const(zero)]);
    phi.extra = InstExtra::Phi([b5, entry].as_slice().into());
    let phi = body.append_inst(done, phi);
    let mut call = InstData::new(Opcode::Call, i32t, [Value::Const(fconst), Value::Inst(phi), Value::Const(one)]);
    call.extra = InstExtra::Call(Box::new(CallData {
        fn_ty: fty,
        cconv: 0,
        attrs: AttrList { func: call_attrs, ..Default::default() },
        bundles: Vec::new(),
        tail: TailKind::None,
        num_args: 2,
    }));
    let call = body.append_inst(done, call);
    body.append_inst(done, InstData::new(Opcode::Ret, void, [Value::Inst(call)]));

    let want = "
@.str = private unnamed_addr constant [3 x i8] c\"hi\\00\", align 1
@0 = global i32 7

; Function Attrs: nounwind memory(none)
define i32 @f(i32 %0, i32 noundef %b) #0 {
  %2 = add nsw i32 %0, %b
  %3 = icmp sgt i32 %2, 0
  br i1 %3, label %4, label %done

4:                                                ; preds = %1
  br label %done

done:                                             ; preds = %4, %1
  %5 = phi i32 [ %2, %4 ], [ 0, %1 ]
  %6 = call i32 @f(i32 %5, i32 1) #1
  ret i32 %6
}

attributes #0 = { nounwind memory(none) }
attributes #1 = { \"k\"=\"v\" }
";
    assert_eq!(text(&m), want);
}

/// Metadata numbering: named metadata first, then function attachments in kind order,
/// operands depth first; DIExpression inline.
#[test]
fn writer_metadata_numbering() {
    let mut m = Module::new();
    let c = &mut m.ctx;
    let void = c.void_ty();
    let fty = c.fn_ty(void, &[], false);
    let s_a = c.sym("a");
    let s_b = c.sym("b");
    let a = c.md_intern(MdNode::tuple(false, [Md::Str(s_a)]));
    let b = c.md_intern(MdNode::tuple(true, [Md::Node(a), Md::Null]));
    let ident = c.sym("llvm.ident");
    m.named_md.push((ident, vec![b]));
    let dbg = m.ctx.md_kind(b"dbg");
    let prof = m.ctx.md_kind(b"prof");
    let line = m.ctx.sym("line");
    let scope = m.ctx.sym("scope");
    let dil = m.ctx.sym("DILocation");
    let loc = m.ctx.md_intern(MdNode {
        distinct: false,
        kind: MdKind::Special(dil),
        ops: Default::default(),
        fields: vec![(Some(line), DiValue::Int(3)), (Some(scope), DiValue::Md(Md::Node(b)))].into_boxed_slice(),
    });
    let p = m.ctx.md_intern(MdNode::tuple(false, [Md::Str(s_b)]));
    let f = m.add_function("g", fty);
    let body = m.body_mut(f);
    let e = body.create_block(None);
    body.append_block(e);
    let mut r = InstData::new(Opcode::Ret, void, []);
    r.md.push((prof, p));
    r.md.push((dbg, loc));
    body.append_inst(e, r);
    let want = "
define void @g() {
  ret void, !dbg !2, !prof !3
}

!llvm.ident = !{!0}

!0 = distinct !{!1, null}
!1 = !{!\"a\"}
!2 = !DILocation(line: 3, scope: !0)
!3 = !{!\"b\"}
";
    assert_eq!(text(&m), want);
}

#[test]
fn writer_constants() {
    let mut m = Module::new();
    let c = &mut m.ctx;
    let i32t = c.int_ty(32);
    let dbl = c.float_ty(FloatKind::Double);
    let v4 = c.ty(Type::Vector { scalable: false, len: 4, elem: i32t });
    let one = c.const_int(i32t, 1);
    let two = c.const_int(i32t, 2);
    let splat = c.konst(Const::Vector(v4, Box::from(&[one, one, one, one][..])));
    let vec = c.konst(Const::Vector(v4, Box::from(&[one, two, one, two][..])));
    let half = c.konst(Const::Float(dbl, 0.5f64.to_bits() as u128));
    let st = c.ty(Type::Struct { packed: true, elems: [i32t, dbl].into_iter().collect() });
    let s = c.konst(Const::Struct(st, Box::from(&[two, half][..])));
    m.add_var("a", v4, Some(splat));
    m.add_var("b", v4, Some(vec));
    m.add_var("c", st, Some(s));
    let want = "
@a = global <4 x i32> splat (i32 1)
@b = global <4 x i32> <i32 1, i32 2, i32 1, i32 2>
@c = global <{ i32, double }> <{ i32 2, double 5.000000e-01 }>
";
    assert_eq!(text(&m), want);
}

/// Parses canonical text and prints it back unchanged (LLVM's own output is a fixed point).
#[test]
fn writer_round_trip_canonical() {
    let src = "\
source_filename = \"t.ll\"
target datalayout = \"e-m:e-i64:64-n32:64\"

%struct.S = type { i32, %struct.T }
%struct.T = type { ptr }

@g = global %struct.S zeroinitializer, align 8

@h = alias i32, getelementptr inbounds nuw (%struct.S, ptr @g, i64 0, i32 1)

; Function Attrs: noinline nounwind
define dso_local i32 @main(i32 noundef %argc, ptr %argv) #0 !dbg !4 {
entry:
  %x = alloca i32, align 4
  store i32 %argc, ptr %x, align 4
    #dbg_declare(ptr %x, !7, !DIExpression(), !8)
  %0 = load i32, ptr %x, align 4
  switch i32 %0, label %sw.default [
    i32 1, label %sw.bb
    i32 2, label %sw.bb
  ]

sw.bb:                                            ; preds = %entry, %entry
  ret i32 1

sw.default:                                       ; preds = %entry
  %f = fadd fast double 1.000000e+00, 0x3FB99999A0000000
  %v = shufflevector <2 x i32> zeroinitializer, <2 x i32> poison, <2 x i32> <i32 1, i32 poison>
  ret i32 0
}

attributes #0 = { noinline nounwind }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: \"clang\", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, enums: !2, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: \"t.c\", directory: \"C:\\\\dir\")
!2 = !{}
!3 = !{i32 2, !\"Debug Info Version\", i32 3}
!4 = distinct !DISubprogram(name: \"main\", scope: !1, file: !1, line: 1, type: !5, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !2)
!5 = !DISubroutineType(types: !6)
!6 = !{null}
!7 = !DILocalVariable(name: \"x\", scope: !4, file: !1, line: 2)
!8 = !DILocation(line: 2, column: 7, scope: !4)
";
    let m = crate::parse_module(src.as_bytes(), "t.ll").expect("parses");
    assert_eq!(text(&m), src);
}

#[test]
fn writer_memory_effects() {
    use super::attributes::write_memory;
    let show = |me: MemoryEffects| {
        let mut v = Vec::new();
        write_memory(&mut v, me);
        String::from_utf8(v).expect("utf-8")
    };
    // Locations: argmem, inaccessiblemem, errnomem, other, target_mem0, target_mem1.
    let mut me = MemoryEffects(0);
    assert_eq!(show(me), "memory(none)");
    me.set(0, 3);
    assert_eq!(show(me), "memory(argmem: readwrite)");
    let mut me = MemoryEffects::uniform(1);
    me.set(1, 0);
    me.set(4, 0);
    me.set(5, 0);
    assert_eq!(show(me), "memory(read, inaccessiblemem: none, target_mem0: none, target_mem1: none)");
    assert_eq!(show(MemoryEffects::uniform(3)), "memory(readwrite)");
}

/// Unnamed structs are renumbered in TypeFinder order; only reachable structs print.
#[test]
fn writer_struct_numbering() {
    let mut m = Module::new();
    let c = &mut m.ctx;
    let i32t = c.int_ty(32);
    let unused = c.new_struct(None);
    let a = c.new_struct(None);
    let b_name = c.sym("B");
    let (b, bty) = c.named_struct(b_name);
    let aty = c.structs[a].ty.expect("type");
    c.structs[a].body = Some(llrs_ir::types::StructBody { packed: false, elems: vec![i32t, bty] });
    c.structs[b].body = Some(llrs_ir::types::StructBody { packed: true, elems: vec![] });
    let _ = unused;
    m.add_var("x", aty, None);
    let want = "
%0 = type { i32, %B }
%B = type <{}>

@x = external global %0
";
    assert_eq!(text(&m), want);
}

/// Functions printed on several threads give the text printed in order: metadata and
/// attribute groups numbered as met function after function.
#[test]
fn writer_parallel_functions_print_as_in_order() {
    let mut src = String::new();
    for i in 0..40 {
        src.push_str(&format!(
            "define i32 @f{i}(i32 %x) #{a} !dbg !{sp} {{\n  %y = add i32 %x, {i}, !tag !{t}\n  \
             call void @g() #{b}, !dbg !{loc}\n  ret i32 %y\n}}\n",
            a = i % 3,
            b = 3 + i % 2,
            sp = 100 + i,
            t = 300 + i % 7,
            loc = 200 + i,
        ));
    }
    src.push_str("declare void @g()\nattributes #0 = { nounwind }\nattributes #1 = { cold }\n");
    src.push_str("attributes #2 = { noinline }\nattributes #3 = { minsize }\nattributes #4 = { optsize }\n");
    src.push_str("!llvm.dbg.cu = !{!0}\n!llvm.module.flags = !{!2}\n");
    src.push_str("!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)\n");
    src.push_str("!1 = !DIFile(filename: \"a.c\", directory: \"/\")\n!2 = !{i32 2, !\"Debug Info Version\", i32 3}\n");
    for i in 0..40 {
        src.push_str(&format!(
            "!{} = distinct !DISubprogram(name: \"f{i}\", scope: !1, file: !1, spFlags: DISPFlagDefinition, unit: !0)\n",
            100 + i
        ));
        src.push_str(&format!("!{} = !DILocation(line: {i}, scope: !{})\n", 200 + i, 100 + i));
    }
    for t in 0..7 {
        src.push_str(&format!("!{} = !{{!\"t{t}\"}}\n", 300 + t));
    }
    let m = crate::parse_module(src.as_bytes(), "t.ll").expect("parses");
    let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().expect("a pool");
    let parallel = pool.install(|| super::print_with(&m, Vec::new(), 0));
    let in_order = String::from_utf8(super::print_with(&m, Vec::new(), usize::MAX)).expect("utf-8");
    assert_eq!(String::from_utf8(parallel).expect("utf-8"), in_order);
    // A part that meets a node numbered late: printing goes on in order from there, to the
    // same text, held whole or handed to a sink a piece at a time.
    // Functions printed straight to the sink (every one, from 0 instructions on) meet the node
    // in the middle of one and go on in order from there.
    for stream_min in [usize::MAX, 0] {
        for late in [(Some(0), None), (None, Some(0))] {
            let runs = pool.install(|| super::module::parallel_runs(&m, 0, stream_min));
            let later_run = runs.get(runs.len() / 2).map(|r| r.start);
            for late in [late, (later_run, None)] {
                let (resumed, streamed) = pool.install(|| {
                    super::FORCE_LATE.with(|c| c.set(late));
                    let resumed = super::print_with(&m, Vec::new(), 0);
                    let mut streamed = Vec::new();
                    super::print_to_with(&m, b"", &mut streamed, 0, stream_min).expect("written");
                    super::FORCE_LATE.with(|c| c.set((None, None)));
                    (resumed, streamed)
                });
                assert_eq!(String::from_utf8(resumed).expect("utf-8"), in_order, "{late:?}");
                assert_eq!(String::from_utf8(streamed).expect("utf-8"), in_order, "{late:?} {stream_min}");
            }
        }
    }
}

/// Printing with what was found ahead of time gives the text printed without it; made for
/// another module, it is not used.
#[test]
fn prepared_print_is_the_same_text() {
    let src = "define i32 @f(i32 %x) !dbg !3 {\n  %y = add i32 %x, 1, !tag !5\n  ret i32 %y\n}\n\
               define void @g() {\n  ret void\n}\n\
               !llvm.module.flags = !{!0}\n!0 = !{i32 2, !\"Debug Info Version\", i32 3}\n\
               !1 = !DIFile(filename: \"a.c\", directory: \"/\")\n\
               !2 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)\n\
               !3 = distinct !DISubprogram(name: \"f\", scope: !1, file: !1, spFlags: DISPFlagDefinition, unit: !2)\n\
               !5 = !{!\"t\"}\n";
    let m = crate::parse_module(src.as_bytes(), "t.ll").expect("parses");
    let other = crate::parse_module(b"define void @h() {\n  ret void\n}\n", "u.ll").expect("parses");
    let mut plain = Vec::new();
    super::print_module_to(&m, b"; head\n", &mut plain).expect("written");
    assert!(String::from_utf8_lossy(&plain).contains("!tag !"));
    let mut prepared = Vec::new();
    super::print_prepared_to(&m, super::prepare_print(&m), b"; head\n", &mut prepared).expect("written");
    assert_eq!(String::from_utf8(prepared).expect("utf-8"), String::from_utf8(plain.clone()).expect("utf-8"));
    let mut mismatched = Vec::new();
    super::print_prepared_to(&m, super::prepare_print(&other), b"; head\n", &mut mismatched).expect("written");
    assert_eq!(mismatched, plain);
}
