//! Reads a module and checks it as `llvm-as` does, printing each error with the values it
//! names. Run with `cargo run --example verify -- FILE.ll` (with no FILE, a small broken module
//! written here is checked).

use std::process::ExitCode;

const BROKEN: &str = "\
define i32 @f(i32 %a) {
entry:
  %x = add i32 %y, 1
  %y = add i32 %a, 1
  ret i32 %x
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
        None => ("broken.ll".to_string(), BROKEN.as_bytes().to_vec()),
    };
    let module = match llrs::asm::parse_module(&src, &name) {
        Ok(m) => m,
        Err(diag) => {
            eprintln!("{diag}");
            return ExitCode::FAILURE;
        }
    };
    match llrs::verify::check(&module) {
        Ok(()) => {
            println!("{name}: valid");
            ExitCode::SUCCESS
        }
        Err(errors) => {
            for e in &errors.0 {
                println!("{name}: {}", e.message);
                for v in &e.values {
                    println!("    {}", v.trim_start());
                }
            }
            ExitCode::FAILURE
        }
    }
}
