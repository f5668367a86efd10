//! Builds a module from nothing: `@sum(i32 %n)` adds 0, 1, ..., n-1 in a loop. The builder checks
//! every instruction as it is made; the verifier checks the whole module; then it is printed as
//! `llvm-dis` would print it. Run with `cargo run --example build_function`.

use llrs::ir::builder::FunctionBuilder;
use llrs::ir::instructions::{flags, CmpPred};
use llrs::ir::{Module, Opcode};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut m = Module::new();
    m.source_filename = Some(b"sum.c".to_vec());
    let i32t = m.ctx.int_ty(32);
    let i64t = m.ctx.int_ty(64);
    let fty = m.ctx.fn_ty(i32t, &[i32t], false); // i32 (i32)
    let sum = m.add_function("sum", fty);

    let mut b = FunctionBuilder::new(&mut m, sum)?;
    b.name_arg(0, "n");
    let n = b.arg(0);
    let entry = b.create_block(Some("entry"));
    let body = b.create_block(Some("loop"));
    let exit = b.create_block(Some("exit"));
    let zero = b.const_int(i32t, 0)?;
    let one = b.const_int(i32t, 1)?;

    // entry: skip the loop when n <= 0.
    b.position_at_end(entry);
    let empty = b.icmp(CmpPred::Sle, n, zero, Some("empty"))?;
    b.cond_br(empty, exit, body)?;

    // loop: i and acc start at 0 and come back from the loop itself (added once known).
    b.position_at_end(body);
    let i = b.phi(i32t, &[(zero, entry)], Some("i"))?;
    let acc = b.phi(i32t, &[(zero, entry)], Some("acc"))?;
    let acc_next = b.binop(Opcode::Add, acc, i, 0, Some("acc.next"))?;
    let i_next = b.binop(Opcode::Add, i, one, flags::NSW, Some("i.next"))?;
    b.add_incoming(i, i_next, body)?;
    b.add_incoming(acc, acc_next, body)?;
    let done = b.icmp(CmpPred::Eq, i_next, n, Some("done"))?;
    b.cond_br(done, exit, body)?;

    // exit: 0 when the loop did not run, else the sum.
    b.position_at_end(exit);
    let r = b.phi(i32t, &[(zero, entry), (acc_next, body)], Some("r"))?;

    // A mistake is an error that says what is wrong, not a broken module.
    let wide = b.const_int(i64t, 1)?;
    match b.binop(Opcode::Add, r, wide, 0, None) {
        Err(e) => eprintln!("refused: {e}"), // add: operand types differ: i32 and i64
        Ok(_) => unreachable!("the builder checks operand types"),
    }
    b.ret(Some(r))?;

    llrs::verify::check(&m)?;
    print!("{}", String::from_utf8_lossy(&llrs::asm::print_module(&m)));
    Ok(())
}
