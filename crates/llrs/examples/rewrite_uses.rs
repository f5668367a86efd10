//! Reads a module and rewrites it: every use of the global `@limit` goes to `@new_limit`,
//! `%twice = add %x, %x` is replaced by a `shl`, and instructions left without uses are removed.
//! Run with `cargo run --example rewrite_uses`.

use llrs::ir::builder::FunctionBuilder;
use llrs::ir::module::User;
use llrs::ir::{Body, InstId, Module, Opcode, Value};

const SAMPLE: &str = "\
@limit = global i32 10
@new_limit = global i32 20

define i32 @clamp(i32 %x) {
entry:
  %l = load i32, ptr @limit, align 4
  %unused = mul i32 %x, 3
  %twice = add i32 %x, %x
  %c = icmp slt i32 %twice, %l
  %r = select i1 %c, i32 %twice, i32 %l
  ret i32 %r
}
";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut m = llrs::asm::parse_module(SAMPLE.as_bytes(), "sample.ll")?;
    let f = m.function_named("clamp").ok_or("no @clamp")?;

    // 1. A global's uses, module-wide, then all of them moved to another global.
    let old = m.global_named("limit").ok_or("no @limit")?;
    let new = m.global_named("new_limit").ok_or("no @new_limit")?;
    let show = llrs::asm::Show::new(&m);
    for u in m.uses_of(old) {
        match u.user {
            User::Inst { func, inst, operand } => {
                println!("@limit is operand {operand} of `{}`", show.inst(func, inst).to_string().trim())
            }
            other => println!("@limit is used by {other:?}"),
        }
    }
    drop(show);
    let changed = m.replace_global_uses(old, new)?;
    println!("{changed} use(s) of @limit now use @new_limit");

    // 2. An instruction replaced by another: build `shl %x, 1` before `%twice`, move the uses
    //    of %twice to it (same type, checked) and remove %twice; the unnamed shl takes its name.
    let twice = find(&m, f, "twice").ok_or("no %twice")?;
    let mut b = FunctionBuilder::new(&mut m, f)?;
    b.position_before(twice);
    let i32t = b.type_of(Value::Inst(twice))?;
    let one = b.const_int(i32t, 1)?;
    let shl = b.binop(Opcode::Shl, b.arg(0), one, 0, None)?;
    b.replace_and_remove(twice, shl)?;

    // 3. Dead code: instructions without uses and without side effects, until none is left.
    let body = m.body_mut(f);
    let removed = remove_dead(body);
    println!("removed {removed} dead instruction(s)");

    llrs::verify::check(&m)?;
    print!("{}", String::from_utf8_lossy(&llrs::asm::print_module(&m)));
    Ok(())
}

/// The instruction named `%name` in function `f`.
fn find(m: &Module, f: llrs::ir::GlobalId, name: &str) -> Option<InstId> {
    let sym = m.ctx.names.lookup(name.as_bytes())?;
    let body = m.body(f)?;
    body.inst_order().find(|&i| body.insts[i].name == Some(sym))
}

/// Removes the instructions that compute a value nobody uses; returns how many. Each removal may
/// leave its operands unused, so they are looked at again (a worklist, linear overall).
fn remove_dead(body: &mut Body) -> usize {
    let pure = |op: Opcode| {
        op.is_binary()
            || op.is_cast()
            || matches!(op, Opcode::ICmp | Opcode::FCmp | Opcode::Select | Opcode::GetElementPtr | Opcode::Phi)
    };
    let mut work: Vec<InstId> = body.inst_order().collect();
    let mut removed = 0;
    while let Some(i) = work.pop() {
        let d = &body.insts[i];
        if !pure(d.op) || body.inst_block.get(i).is_none() || !body.uses(Value::Inst(i)).is_empty() {
            continue;
        }
        let operands = body.insts[i].operands.clone();
        if body.remove_inst(i).is_ok() {
            removed += 1;
            work.extend(operands.iter().filter_map(|v| if let Value::Inst(o) = v { Some(*o) } else { None }));
        }
    }
    removed
}
