//! Builds a function with the builder API, rewrites it with `replace_all_uses_with`, prints it,
//! and compares with the text LLVM 22 prints for the same module (`llvm-as | llvm-dis`).

use llrs::asm::print_module;
use llrs::ir::builder::FunctionBuilder;
use llrs::ir::instructions::{flags, CmpPred};
use llrs::ir::{Module, Opcode, Value};

const EXPECTED: &str = r#"source_filename = "builder"

@counter = global i32 0, align 4

define i32 @abs_plus(i32 %x) {
entry:
  %isneg = icmp slt i32 %x, 0
  br i1 %isneg, label %neg, label %done

neg:                                              ; preds = %entry
  %n = sub nsw i32 0, %x
  br label %done

done:                                             ; preds = %neg, %entry
  %r = phi i32 [ %x, %entry ], [ %n, %neg ]
  %old = load i32, ptr @counter, align 4
  %sum = add i32 %r, 7
  store i32 %sum, ptr @counter, align 4
  %call = call i32 @abs_plus(i32 %old)
  ret i32 %sum
}
"#;

#[test]
fn build_rewrite_print() {
    let mut m = Module::new();
    m.source_filename = Some(b"builder".to_vec());
    let i32t = m.ctx.int_ty(32);
    let zero_init = m.ctx.const_int(i32t, 0);
    let counter = m.add_var("counter", i32t, Some(zero_init));
    m.globals[counter].align = 4;
    let fty = m.ctx.fn_ty(i32t, &[i32t], false);
    let f = m.add_function("abs_plus", fty);

    let mut b = FunctionBuilder::new(&mut m, f);
    b.name_arg(0, "x");
    let entry = b.create_block(Some("entry"));
    let neg = b.create_block(Some("neg"));
    let done = b.create_block(Some("done"));
    b.position_at_end(entry);
    let zero = b.const_int(i32t, 0);
    let x = b.arg(0);
    let is_neg = b.icmp(CmpPred::Slt, x, zero, Some("isneg"));
    b.cond_br(is_neg, neg, done);
    b.position_at_end(neg);
    let n = b.binop(Opcode::Sub, zero, x, flags::NSW, Some("n"));
    b.br(done);
    b.position_at_end(done);
    let r = b.phi(i32t, &[(x, entry), (n, neg)], Some("r"));
    let gptr = b.global(counter);
    let old = b.load(i32t, gptr, 4, Some("old"));
    // A temporary that the rewrite below replaces by a constant.
    let three = b.const_int(i32t, 3);
    let four = b.const_int(i32t, 4);
    let tmp = b.binop(Opcode::Add, three, four, 0, Some("tmp"));
    let sum = b.binop(Opcode::Add, r, tmp, 0, Some("sum"));
    b.store(sum, gptr, 4);
    b.call(f, &[old], Some("call"));
    b.ret(Some(sum));

    // Rewrite: every use of %tmp becomes the constant 7, and %tmp goes away.
    let seven = m.ctx.const_int(i32t, 7);
    let body = m.body_mut(f);
    let Value::Inst(tmp_id) = tmp else { panic!("tmp is an instruction") };
    assert_eq!(body.uses(tmp).len(), 1);
    body.replace_all_uses_with(tmp, Value::Const(seven));
    assert!(body.uses(tmp).is_empty());
    body.remove_inst(tmp_id);
    // %x is used by the icmp, the sub and the phi.
    assert_eq!(body.uses(x).len(), 3);
    assert_eq!(body.uses(sum).len(), 2);

    let text = String::from_utf8(print_module(&m)).expect("UTF-8 output");
    assert_eq!(text, EXPECTED);
}

#[test]
fn globals_and_functions_are_found_by_name() {
    let src = b"@g = global i32 0\ndeclare void @f()\ndefine void @h() {\n  ret void\n}\n";
    let m = llrs::asm::parse_module(src, "t.ll").expect("parses");
    let f = m.function_named("f").expect("@f");
    assert_eq!(m.globals[f].kind, llrs::ir::GlobalKind::Function);
    assert!(m.function_named("h").is_some());
    assert!(m.global_named("g").is_some());
    assert_eq!(m.function_named("g"), None, "@g is a variable");
    assert_eq!(m.global_named("nope"), None);
}
