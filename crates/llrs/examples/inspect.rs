//! Reads a module and describes it: each function with its blocks, each block's predecessors,
//! and for every instruction its text and how many times its result is used. Run with
//! `cargo run --example inspect -- FILE.ll` (with no FILE, a small module written here).

use std::process::ExitCode;

const SAMPLE: &str = "\
define i32 @max(i32 %a, i32 %b) {
entry:
  %c = icmp sgt i32 %a, %b
  br i1 %c, label %left, label %right
left:
  br label %done
right:
  br label %done
done:
  %m = phi i32 [ %a, %left ], [ %b, %right ]
  ret i32 %m
}
";

fn main() -> ExitCode {
    let (name, src) = match std::env::args().nth(1) {
        Some(path) => match std::fs::read(&path) {
            Ok(src) => (path, src),
            Err(err) => {
                eprintln!("could not read {path}: {err}");
                return ExitCode::FAILURE;
            }
        },
        None => ("sample.ll".to_string(), SAMPLE.as_bytes().to_vec()),
    };
    let mut module = match llrs::asm::parse_module(&src, &name) {
        Ok(m) => m,
        Err(diag) => {
            eprintln!("{diag}");
            return ExitCode::FAILURE;
        }
    };
    // Use counts need the use-lists, which are built on first request (they need `&mut`).
    let mut uses = Vec::new();
    for &f in &module.functions {
        let Some(body) = module.globals[f].func.as_mut().and_then(|fd| fd.body.as_mut()) else { continue };
        let insts: Vec<_> = body.inst_order().collect();
        for i in insts {
            uses.push(((f, i), body.uses(llrs::ir::Value::Inst(i)).len()));
        }
    }
    let uses: std::collections::HashMap<_, _> = uses.into_iter().collect();

    let show = llrs::asm::Show::new(&module);
    for &f in &module.functions {
        let Some(body) = module.body(f) else {
            println!("declared: {}", show.global(f));
            continue;
        };
        let cfg = llrs::ir::cfg::Cfg::new(body);
        println!("function {} ({} blocks)", show.global(f), body.layout.len());
        for &b in &body.layout {
            let preds: Vec<String> =
                cfg.preds(b).iter().map(|&p| show.value(f, llrs::ir::Value::Block(p)).to_string()).collect();
            println!("  {}: predecessors [{}]", show.value(f, llrs::ir::Value::Block(b)), preds.join(", "));
            for &i in &body.blocks[b].insts {
                println!("  {:<50} ; used {} times", show.inst(f, i).to_string(), uses[&(f, i)]);
            }
        }
    }
    ExitCode::SUCCESS
}
