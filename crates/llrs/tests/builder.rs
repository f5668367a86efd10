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
fn build_rewrite_print() -> Result<(), Box<dyn std::error::Error>> {
    let mut m = Module::new();
    m.source_filename = Some(b"builder".to_vec());
    let i32t = m.ctx.int_ty(32);
    let zero_init = m.ctx.const_int(i32t, 0);
    let counter = m.add_var("counter", i32t, Some(zero_init));
    m.globals[counter].align = 4;
    let fty = m.ctx.fn_ty(i32t, &[i32t], false);
    let f = m.add_function("abs_plus", fty);

    let mut b = FunctionBuilder::new(&mut m, f)?;
    b.name_arg(0, "x");
    let entry = b.create_block(Some("entry"));
    let neg = b.create_block(Some("neg"));
    let done = b.create_block(Some("done"));
    b.position_at_end(entry);
    let zero = b.const_int(i32t, 0)?;
    let x = b.arg(0);
    let is_neg = b.icmp(CmpPred::Slt, x, zero, Some("isneg"))?;
    b.cond_br(is_neg, neg, done)?;
    b.position_at_end(neg);
    let n = b.binop(Opcode::Sub, zero, x, flags::NSW, Some("n"))?;
    b.br(done)?;
    b.position_at_end(done);
    let r = b.phi(i32t, &[(x, entry), (n, neg)], Some("r"))?;
    let gptr = b.global(counter)?;
    let old = b.load(i32t, gptr, 4, Some("old"))?;
    // A temporary that the rewrite below replaces by a constant.
    let three = b.const_int(i32t, 3)?;
    let four = b.const_int(i32t, 4)?;
    let tmp = b.binop(Opcode::Add, three, four, 0, Some("tmp"))?;
    let sum = b.binop(Opcode::Add, r, tmp, 0, Some("sum"))?;
    b.store(sum, gptr, 4)?;
    b.call(f, &[old], Some("call"))?;
    b.ret(Some(sum))?;

    // Rewrite: every use of %tmp becomes the constant 7, and %tmp goes away.
    let seven = m.ctx.const_int(i32t, 7);
    let body = m.body_mut(f);
    let Value::Inst(tmp_id) = tmp else { panic!("tmp is an instruction") };
    assert_eq!(body.uses(tmp).len(), 1);
    assert_eq!(body.remove_inst(tmp_id), Err(llrs::ir::RemoveError::HasUses(1)), "%tmp is still used");
    body.replace_all_uses_with(tmp, Value::Const(seven));
    assert!(body.uses(tmp).is_empty());
    body.remove_inst(tmp_id)?;
    // %x is used by the icmp, the sub and the phi.
    assert_eq!(body.uses(x).len(), 3);
    assert_eq!(body.uses(sum).len(), 2);

    let text = String::from_utf8(print_module(&m)).expect("UTF-8 output");
    assert_eq!(text, EXPECTED);
    Ok(())
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

/// Every typed constructor of the builder, in one module that must print, read back to the same
/// text, and verify.
#[test]
fn every_instruction_prints_reads_back_and_verifies() -> Result<(), Box<dyn std::error::Error>> {
    use llrs::ir::instructions::{Clause, Ordering};
    use llrs::ir::types::{FloatKind, Type};
    let mut m = Module::new();
    m.source_filename = Some(b"built.ll".to_vec());
    let c = &mut m.ctx;
    let (void, i1, i8t, i32t, i64t, ptr) =
        (c.void_ty(), c.int_ty(1), c.int_ty(8), c.int_ty(32), c.int_ty(64), c.ptr_ty(0));
    let f64t = c.float_ty(FloatKind::Double);
    let v4 = c.ty(Type::Vector { scalable: false, len: 4, elem: i32t });
    let pair = c.ty(Type::Struct { packed: false, elems: [i32t, f64t].into_iter().collect() });
    let lp_ty = c.ty(Type::Struct { packed: false, elems: [ptr, i32t].into_iter().collect() });
    let callee_ty = c.fn_ty(i32t, &[i32t], false);
    let varargs_ty = c.fn_ty(void, &[ptr], true);
    let pers_ty = c.fn_ty(i32t, &[], true);
    let main_ty = c.fn_ty(i32t, &[i32t, f64t, ptr, v4], false);
    let callee = m.add_function("callee", callee_ty);
    let printf = m.add_function("printf", varargs_ty);
    let pers = m.add_function("__gxx_personality_v0", pers_ty);
    let f = m.add_function("all", main_ty);
    let pers_c = m.ctx.konst(llrs::ir::Const::Global(ptr, pers));
    m.func_mut(f).personality = Some(pers_c);

    let mut b = FunctionBuilder::new(&mut m, f)?;
    let (x, d, p, v) = (b.arg(0), b.arg(1), b.arg(2), b.arg(3));
    let entry = b.create_block(Some("entry"));
    let cont = b.create_block(Some("cont"));
    let lpad = b.create_block(Some("lpad"));
    let other = b.create_block(Some("other"));
    b.position_at_end(entry);
    let nd = b.fneg(d, Some("nd"))?;
    let lt = b.fcmp(CmpPred::FOlt, nd, d, Some("lt"))?;
    let fr = b.freeze(lt, Some("fr"))?;
    let sel = b.select(fr, x, x, Some("sel"))?;
    let wide = b.cast(Opcode::SExt, sel, i64t, Some("wide"))?;
    let _narrow = b.cast_with_flags(Opcode::Trunc, wide, i8t, flags::NUW, Some("narrow"))?;
    let slot = b.alloca(pair, 0, Some("slot"))?;
    let zero = b.const_int(i32t, 0)?;
    let one = b.const_int(i32t, 1)?;
    let field = b.gep(pair, slot, &[zero, one], true, Some("field"))?;
    b.store(d, field, 0)?;
    let undef_pair = b.konst(llrs::ir::Const::Poison(pair));
    let agg = b.insert_value(undef_pair, x, &[0], Some("agg"))?;
    let first = b.extract_value(agg, &[0], Some("first"))?;
    let e = b.extract_element(v, zero, Some("e"))?;
    let v2 = b.insert_element(v, first, one, Some("v2"))?;
    let _sh = b.shuffle_vector(v, v2, &[0, 5, -1, 3], Some("sh"))?;
    let _al = b.load_atomic(i32t, p, Ordering::Acquire, 4, Some("al"))?;
    b.store_atomic(e, p, Ordering::Release, 4)?;
    let cx = b.cmpxchg(p, x, e, Ordering::SeqCst, Ordering::Monotonic, Some("cx"))?;
    b.set_weak(cx)?;
    b.set_volatile(cx)?;
    b.set_syncscope(cx, "agent")?;
    let _rmw = b.atomicrmw("add", p, x, Ordering::AcqRel, Some("rmw"))?;
    b.fence(Ordering::SeqCst)?;
    let fp = b.global(callee)?;
    let _ind = b.call_indirect(callee_ty, fp, &[x], Some("ind"))?;
    b.call(printf, &[p, x, d], None)?;
    let _va = b.va_arg(p, i32t, Some("va"))?;
    let r = b.invoke(callee, &[x], cont, lpad, Some("r"))?;
    b.position_at_end(lpad);
    let null = b.konst(llrs::ir::Const::Null(ptr));
    let lp = b.landingpad(lp_ty, true, &[Clause::Catch(null)], Some("lp"))?;
    b.resume(lp)?;
    b.position_at_end(cont);
    let two = b.const_int(i32t, 2)?;
    let two_blk = lpad_free(&mut b)?;
    b.switch(r, other, &[(zero, two_blk), (two, two_blk)])?;
    b.position_at_end(other);
    let res = b.phi(i32t, &[(r, cont)], Some("res"))?;
    let ret = b.ret(Some(res))?;
    // Insert before the `ret`: a doubled result, returned instead.
    let Value::Inst(ret_id) = ret else { panic!("ret is an instruction") };
    b.position_before(ret_id);
    let twice = b.binop(Opcode::Add, res, res, flags::NSW, Some("twice"))?;
    assert!(b.set_operand(ret_id, 0, wide).is_err(), "an i64 for an i32 operand");
    assert!(b.set_operand(ret_id, 1, twice).is_err(), "ret has one operand");
    b.set_operand(ret_id, 0, twice)?;

    let text = print_module(&m);
    let back = llrs::asm::parse_module(&text, "built.ll").map_err(|e| e.to_string())?;
    assert_eq!(String::from_utf8(print_module(&back))?, String::from_utf8(text.clone())?);
    if let Err(errs) = llrs::verify::check(&m) {
        panic!("{errs}\n{}", String::from_utf8_lossy(&text));
    }
    let s = String::from_utf8(text)?;
    for needle in [
        "%nd = fneg double %1",
        "%lt = fcmp olt double %nd, %1",
        "%sh = shufflevector <4 x i32> %3, <4 x i32> %v2, <4 x i32> <i32 0, i32 5, i32 poison, i32 3>",
        "%cx = cmpxchg weak volatile ptr %2, i32 %0, i32 %e syncscope(\"agent\") seq_cst monotonic, align 4",
        "%rmw = atomicrmw add ptr %2, i32 %0 acq_rel, align 4",
        "%twice = add nsw i32 %res, %res\n  ret i32 %twice",
        "%r = invoke i32 @callee(i32 %0)",
    ] {
        assert!(s.contains(needle), "{needle:?} not in\n{s}");
    }
    let _ = i1;
    Ok(())
}

/// A block that only returns, for a switch case.
fn lpad_free(b: &mut FunctionBuilder<'_>) -> Result<llrs::ir::BlockId, llrs::ir::builder::BuildError> {
    let here = b.current_block();
    let blk = b.create_block(Some("two"));
    b.position_at_end(blk);
    let i32t = b.module().ctx.int_ty(32);
    let two = b.const_int(i32t, 2)?;
    b.ret(Some(two))?;
    if let Some(h) = here {
        b.position_at_end(h);
    }
    Ok(blk)
}

/// Module-wide uses of a global, through instructions, initializers, constant expressions,
/// aggregates, aliases and metadata, then all of them moved to another global.
#[test]
fn global_uses_are_found_and_replaced_module_wide() -> Result<(), Box<dyn std::error::Error>> {
    use llrs::ir::module::User;
    let src = br#"@g = global i32 1
@h = global i32 2
@p = global ptr getelementptr (i8, ptr @g, i64 4)
@arr = global [2 x ptr] [ptr @g, ptr null]
@a = alias i32, ptr @g

define i32 @f() {
  %x = load i32, ptr @g, align 4
  %y = load i32, ptr getelementptr (i8, ptr @g, i64 4), align 4
  %s = add i32 %x, %y
  ret i32 %s
}

!named = !{!0}
!0 = !{ptr @g}
"#;
    let mut m = llrs::asm::parse_module(src, "uses.ll").map_err(|e| e.to_string())?;
    let g = m.global_named("g").ok_or("@g")?;
    let h = m.global_named("h").ok_or("@h")?;
    let f = m.function_named("f").ok_or("@f")?;
    let users: Vec<User> = m.uses_of(g).iter().map(|u| u.user).collect();
    let count = |pred: &dyn Fn(&User) -> bool| users.iter().filter(|u| pred(u)).count();
    assert_eq!(count(&|u| matches!(u, User::Initializer(_))), 2, "{users:?}");
    assert_eq!(count(&|u| matches!(u, User::Target(_))), 1);
    assert_eq!(count(&|u| matches!(u, User::Inst { func, .. } if *func == f)), 2);
    assert_eq!(count(&|u| matches!(u, User::Metadata(_))), 1);
    assert_eq!(count(&|u| matches!(u, User::Const(_))), 2, "the gep and the array");

    assert_eq!(m.replace_global_uses(g, h)?, 6);
    assert!(m.uses_of(g).is_empty());
    let text = String::from_utf8(print_module(&m))?;
    let expected = r#"source_filename = "uses.ll"

@g = global i32 1
@h = global i32 2
@p = global ptr getelementptr (i8, ptr @h, i64 4)
@arr = global [2 x ptr] [ptr @h, ptr null]

@a = alias i32, ptr @h

define i32 @f() {
  %x = load i32, ptr @h, align 4
  %y = load i32, ptr getelementptr (i8, ptr @h, i64 4), align 4
  %s = add i32 %x, %y
  ret i32 %s
}

!named = !{!0}

!0 = !{ptr @h}
"#;
    assert_eq!(text, expected);
    Ok(())
}

/// The README's "Using the library" snippets are the crate documentation's doctests (which
/// `cargo test` compiles and runs), line for line, without the hidden `# ` lines.
#[test]
fn readme_snippets_are_the_doctests() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let readme = std::fs::read_to_string(format!("{root}/README.md")).expect("README.md");
    let lib = std::fs::read_to_string(format!("{root}/crates/llrs/src/lib.rs")).expect("lib.rs");
    let doc: Vec<&str> = lib
        .lines()
        .filter_map(|l| l.strip_prefix("//! ").or(if l == "//!" { Some("") } else { None }))
        .filter(|l| !l.starts_with("# ") && *l != "#")
        .collect();
    let blocks = |lines: Vec<&str>| -> Vec<String> {
        let mut out = Vec::new();
        let mut cur: Option<Vec<&str>> = None;
        for l in lines {
            match (&mut cur, l.starts_with("```")) {
                (None, true) => cur = Some(Vec::new()),
                (Some(b), true) => {
                    out.push(b.join("\n"));
                    cur = None;
                }
                (Some(b), false) => b.push(l),
                (None, false) => {}
            }
        }
        out
    };
    let section = readme.split("## Using the library").nth(1).expect("the section").split("\n## ").next().unwrap_or("");
    let in_readme = blocks(section.lines().collect());
    let in_docs = blocks(doc);
    assert_eq!(in_readme.len(), 4, "four tasks in the README");
    assert_eq!(in_readme, in_docs, "README.md and crates/llrs/src/lib.rs differ");
}

/// Uses that are not operands: a landingpad clause, an operand-bundle input, and a constant as
/// metadata in a call argument.
#[test]
fn global_uses_outside_operands_are_replaced() -> Result<(), Box<dyn std::error::Error>> {
    use llrs::ir::module::User;
    let src = br#"@g = global i32 1
@h = global i32 2

declare i32 @pers(...)

declare void @llvm.foo(metadata)

define void @k() personality ptr @pers {
entry:
  invoke void @k() [ "deopt"(ptr @g) ]
          to label %ok unwind label %lp

ok:
  call void @llvm.foo(metadata ptr @g)
  ret void

lp:
  %l = landingpad { ptr, i32 }
          catch ptr @g
  resume { ptr, i32 } %l
}
"#;
    let mut m = llrs::asm::parse_module(src, "t.ll").map_err(|e| e.to_string())?;
    let (g, h) = (m.global_named("g").ok_or("@g")?, m.global_named("h").ok_or("@h")?);
    let users: Vec<User> = m.uses_of(g).iter().map(|u| u.user).collect();
    assert_eq!(users.iter().filter(|u| matches!(u, User::InstOther { .. })).count(), 2, "{users:?}");
    assert_eq!(users.iter().filter(|u| matches!(u, User::Inst { .. })).count(), 1, "{users:?}");
    assert_eq!(m.replace_global_uses(g, h)?, 3);
    let text = String::from_utf8(print_module(&m))?;
    assert!(!text.contains("ptr @g"), "{text}");
    assert_eq!(text.matches("ptr @h").count(), 3, "{text}");
    Ok(())
}

/// Modules made by random builder calls (each instruction checked, the whole often invalid:
/// uses before definitions, unreachable blocks) print, verify without a panic, and read back to
/// the same text: the builder never makes an instruction the reader refuses.
#[test]
fn random_built_modules_print_verify_and_read_back() {
    use llrs::ir::instructions::Ordering;
    use llrs::ir::types::{FloatKind, Type};
    for seed in 1..=20u64 {
        let mut m = Module::new();
        m.source_filename = Some(b"random.ll".to_vec());
        let c = &mut m.ctx;
        let (i1, i32t, i64t, ptr) = (c.int_ty(1), c.int_ty(32), c.int_ty(64), c.ptr_ty(0));
        let f64t = c.float_ty(FloatKind::Double);
        let v4 = c.ty(Type::Vector { scalable: false, len: 4, elem: i32t });
        let fty = c.fn_ty(i32t, &[i32t, i64t, f64t, ptr, v4, i1], false);
        let f = m.add_function("f", fty);
        let types = [i1, i32t, i64t, ptr, f64t, v4];
        let mut b = FunctionBuilder::new(&mut m, f).expect("a function");
        let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut rnd = move |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        let mut values: Vec<Value> = (0..6).map(Value::Arg).collect();
        let mut blocks = vec![b.create_block(Some("entry"))];
        b.position_at_end(blocks[0]);
        for _ in 0..400 {
            let (x, y, z) = (values[rnd(values.len())], values[rnd(values.len())], values[rnd(values.len())]);
            let t = types[rnd(types.len())];
            let blk = blocks[rnd(blocks.len())];
            let r = match rnd(16) {
                0 => b.binop([Opcode::Add, Opcode::FMul, Opcode::Xor][rnd(3)], x, y, 0, None),
                1 => b.icmp(CmpPred::Ult, x, y, None),
                2 => b.select(x, y, z, None),
                3 => b.cast([Opcode::Trunc, Opcode::SExt, Opcode::BitCast][rnd(3)], x, t, None),
                4 => b.load(t, x, 0, None),
                5 => b.store(x, y, 0),
                6 => b.gep(t, x, &[y], false, None),
                7 => b.phi(t, &[(x, blk)], None),
                8 => b.extract_element(x, y, None),
                9 => b.atomicrmw("add", x, y, Ordering::SeqCst, None),
                10 => {
                    let nb = b.create_block(None);
                    blocks.push(nb);
                    b.cond_br(x, blk, nb)
                }
                11 => b.ret(Some(x)),
                12 => {
                    b.position_at_end(blk);
                    continue;
                }
                13 => b.freeze(x, None),
                14 => b.call(f, &[x, y, z], None),
                _ => b.alloca(t, 0, None),
            };
            if let Ok(v) = r {
                values.push(v);
            }
        }
        // End every block, so that the text is a module LLVM's grammar accepts.
        for &blk in &blocks {
            b.position_at_end(blk);
            let _ = b.unreachable();
        }
        let text = print_module(&m);
        let _ = llrs::verify::verify(&m);
        let back = match llrs::asm::parse_module(&text, "random.ll") {
            Ok(back) => back,
            Err(e) => panic!("seed {seed}: {e}\n{}", String::from_utf8_lossy(&text)),
        };
        // To compare with LLVM: LLRS_DUMP_RANDOM=DIR, then `llvm-as-22 --disable-verify | llvm-dis-22`
        // on each file gives the same text (checked for these seeds).
        if let Ok(dir) = std::env::var("LLRS_DUMP_RANDOM") {
            std::fs::write(format!("{dir}/random{seed}.ll"), &text).ok();
        }
        let again = print_module(&back);
        assert!(again == text, "seed {seed}: prints differently once read back:\n{}", String::from_utf8_lossy(&text));
        let _ = llrs::verify::verify(&back);
    }
}
