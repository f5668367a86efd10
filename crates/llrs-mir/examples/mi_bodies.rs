//! Development tool: split each machine function's `body: |` out of `.mir` files, parse and
//! print it with `llrs_mir::mi`, and compare with a reference.
//!
//! Usage: `mi_bodies [--show N] [--time] [--no-target] FILE...` (the target is the triple named by
//! the file's directory: `x86_64/`, `aarch64/`, ...).
//! - `X.mir.canon`: the bodies printed are compared with the canon's own bodies.
//! - `X.mir` with `X.mir.canon` beside it (mutants that llc accepts): compared with the canon.
//! - `X.mir` with `X.mir.parse-error`: the first body error (file line:col and message) is
//!   compared with llc's, when llc's error is in a body.
//!
//! The YAML around bodies is read with line patterns (ids of `registers:`, `stack:`,
//! `fixedStack:`, `constants:`, `jumpTable:`), enough for the corpus files.

use llrs_mir::mi::{
    parse_body, print_body, BodyContext, IrInfo, ModuleIr, NoIr, NoTarget, PrintContext, StackObjectDecl,
    TargetAdapter, TargetInfo, VRegDecl,
};
use std::collections::BTreeMap;

#[derive(Default)]
struct Func {
    name: Vec<u8>,
    regs: Vec<(u32, Vec<u8>, Option<u32>)>,
    stack: Vec<(u32, Vec<u8>)>,
    fixed: Vec<u32>,
    consts: Vec<u32>,
    jts: Vec<u32>,
    /// 0-based line of the first body line.
    body_line: usize,
    body: Vec<u8>,
}

fn field<'a>(s: &'a str, key: &str) -> Option<&'a str> {
    let i = s.find(key)?;
    let rest = &s[i + key.len()..];
    let end = rest.find([',', '}']).unwrap_or(rest.len());
    Some(rest[..end].trim())
}

fn unquote(s: &str) -> String {
    let s = s.trim();
    if s.len() >= 2 && (s.starts_with('\'') || s.starts_with('"')) {
        s[1..s.len() - 1].to_string()
    } else {
        s.to_string()
    }
}

fn split(text: &[u8]) -> (Option<Vec<u8>>, Vec<Func>) {
    let lines: Vec<&[u8]> = text.split(|&c| c == b'\n').collect();
    let mut ir = None;
    let mut funcs = Vec::new();
    let mut i = 0;
    let mut section = String::new();
    let mut cur: Option<Func> = None;
    while i < lines.len() {
        let l = lines[i];
        if l.starts_with(b"--- |") && ir.is_none() && funcs.is_empty() {
            let mut m = Vec::new();
            i += 1;
            while i < lines.len() && (lines[i].starts_with(b"  ") || lines[i].is_empty()) {
                m.extend_from_slice(lines[i].get(2..).unwrap_or(b""));
                m.push(b'\n');
                i += 1;
            }
            ir = Some(m);
            continue;
        }
        let s = String::from_utf8_lossy(l);
        if let Some(n) = s.strip_prefix("name:") {
            if let Some(f) = cur.take() {
                funcs.push(f);
            }
            cur = Some(Func { name: unquote(n).into_bytes(), ..Func::default() });
        } else if !l.is_empty() && !l.starts_with(b" ") && !l.starts_with(b"-") {
            section = s.split(':').next().unwrap_or("").to_string();
        }
        if let Some(f) = cur.as_mut() {
            if l.starts_with(b"body:") && l.ends_with(b"|") {
                f.body_line = i + 1;
                i += 1;
                while i < lines.len() && (lines[i].starts_with(b"  ") || lines[i].is_empty()) {
                    f.body.extend_from_slice(lines[i].get(2..).unwrap_or(b""));
                    f.body.push(b'\n');
                    i += 1;
                }
                continue;
            }
            let t = s.trim_start();
            let id = field(t, "id:").and_then(|x| x.parse::<u32>().ok());
            if t.starts_with("- ") {
                if let Some(id) = id {
                    match section.as_str() {
                        "registers" => {
                            let pref = unquote(field(t, "preferred-register:").unwrap_or(""));
                            let p = pref.strip_prefix('%').and_then(|x| x.parse::<u32>().ok());
                            f.regs.push((id, unquote(field(t, "class:").unwrap_or("")).into_bytes(), p))
                        }
                        "stack" => f.stack.push((id, unquote(field(t, "name:").unwrap_or("")).into_bytes())),
                        "fixedStack" => f.fixed.push(id),
                        "constants" => f.consts.push(id),
                        "jumpTable" => f.jts.push(id),
                        _ => {}
                    }
                }
            }
        }
        i += 1;
    }
    if let Some(f) = cur.take() {
        funcs.push(f);
    }
    (ir, funcs)
}

struct Outcome {
    printed: Vec<Result<String, (usize, usize, String)>>,
}

fn run(
    text: &[u8],
    target: &dyn TargetInfo,
    time: &mut std::time::Duration,
    bytes: &mut usize,
) -> (Outcome, Vec<Func>) {
    let (ir, funcs) = split(text);
    let module = ir.as_ref().and_then(|m| llrs_asm::parse_module(m, "x.ll").ok());
    let mir = module.as_ref().map(|m| {
        let mut x = ModuleIr::new(m);
        if let Some(t) = &ir {
            x.set_ir_text(t);
        }
        x
    });
    let mut printed = Vec::new();
    for f in &funcs {
        // llc prints fixed objects from the last created (frame index -n) up: the YAML entry at
        // position k gets the id n-1-k.
        let n = f.fixed.len() as u32;
        let fixed = |id: u32| match f.fixed.iter().position(|&x| x == id) {
            Some(k) => n - 1 - k as u32,
            None => id,
        };
        let pc = PrintContext { target, stack_object: None, fixed_stack_object: Some(&fixed), metadata: None };
        let fir;
        let ir: &dyn IrInfo = match &mir {
            Some(m) => {
                fir = m.function(&f.name);
                &fir
            }
            None => &NoIr,
        };
        let decls: Vec<VRegDecl<'_>> =
            f.regs.iter().map(|(id, c, p)| VRegDecl { id: *id, class: c, preferred_vreg: *p }).collect();
        let stack: Vec<StackObjectDecl<'_>> =
            f.stack.iter().map(|(id, n)| StackObjectDecl { id: *id, name: n }).collect();
        let ctx = BodyContext {
            target,
            ir,
            function_name: &f.name,
            stack_objects: Some(&stack),
            fixed_stack_objects: Some(&f.fixed),
            constants: Some(&f.consts),
            jump_tables: Some(&f.jts),
            vregs: &decls,
        };
        *bytes += f.body.len();
        let t0 = std::time::Instant::now();
        let r = parse_body(&f.body, &ctx);
        let out = r.as_ref().ok().map(|b| print_body(b, &pc));
        *time += t0.elapsed();
        printed.push(match (r, out) {
            (Ok(_), Some(o)) => Ok(o),
            (Err(e), _) => {
                let (l, c) = e.line_col(&f.body);
                // Past the body (EOF), the position is on the next line of the file, at column 1.
                let body_lines = f.body.iter().filter(|&&c| c == b'\n').count();
                let indent = if l < body_lines { 2 } else { 0 };
                Err((f.body_line + l + 1, c + indent + 1, e.message))
            }
            (Ok(_), None) => Ok(String::new()),
        });
    }
    (Outcome { printed }, funcs)
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut show = 0usize;
    let mut time_only = false;
    let mut no_target = false;
    loop {
        match args.first().map(String::as_str) {
            Some("--show") if args.len() > 1 => {
                show = args[1].parse().unwrap_or(0);
                args.drain(..2);
            }
            Some("--no-target") => {
                no_target = true;
                args.remove(0);
            }
            Some("--time") => {
                time_only = true;
                args.remove(0);
            }
            _ => break,
        }
    }
    // per triple: bodies, exact, parse errors; rejects: files, right message+pos, right message
    let mut per: BTreeMap<String, [usize; 6]> = BTreeMap::new();
    let mut shown = 0;
    let mut el = std::time::Duration::ZERO;
    let mut bytes = 0usize;
    for path in &args {
        let Ok(text) = std::fs::read(path) else { continue };
        let triple = path.split('/').rev().nth(1).unwrap_or("?").to_string();
        let e = per.entry(triple.clone()).or_default();
        let adapter = if no_target { None } else { TargetAdapter::for_triple(&triple) };
        let target: &dyn TargetInfo = match &adapter {
            Some(a) => a,
            None => &NoTarget,
        };
        let (out, funcs) = run(&text, target, &mut el, &mut bytes);
        if time_only {
            e[0] += funcs.len();
            continue;
        }
        let pe = std::fs::read_to_string(format!("{path}.parse-error")).ok();
        if let Some(pe) = pe {
            let want = pe.trim().to_string();
            let first_err = out.printed.iter().find_map(|r| r.as_ref().err());
            let got = first_err.map(|(l, c, m)| format!("{l}:{c}: {m}"));
            // Only count errors located in a body.
            let in_body = want.split(':').next().and_then(|l| l.parse::<usize>().ok()).is_some_and(|l| {
                funcs.iter().any(|f| l > f.body_line && l <= f.body_line + f.body.split(|&c| c == b'\n').count())
            });
            if !in_body {
                continue;
            }
            e[3] += 1;
            let wmsg = want.split(": ").nth(1).map(str::to_string).unwrap_or_default();
            let gmsg = first_err.map(|x| x.2.clone()).unwrap_or_default();
            if got.as_deref() == Some(want.as_str()) {
                e[4] += 1;
            } else {
                if wmsg == gmsg {
                    e[5] += 1;
                }
                if shown < show {
                    shown += 1;
                    println!("REJECT {path}\n  want: {want}\n  got:  {got:?}");
                }
            }
            continue;
        }
        if path.ends_with(".canon") && std::path::Path::new(&format!("{path}2")).exists() {
            // llc does not reproduce this canon (a `.canon2` exists): not a fixed point to test.
            continue;
        }
        let reference = if path.ends_with(".canon") {
            text.clone()
        } else {
            std::fs::read(format!("{path}.canon")).unwrap_or_default()
        };
        let (_, rfuncs) = split(&reference);
        for (k, r) in out.printed.iter().enumerate() {
            e[0] += 1;
            let want = rfuncs.get(k).map(|f| String::from_utf8_lossy(&f.body).into_owned()).unwrap_or_default();
            match r {
                Err((l, c, m)) => {
                    e[2] += 1;
                    if shown < show {
                        shown += 1;
                        println!("ERR {path}:{l}:{c}: {m}");
                    }
                }
                Ok(o) if *o == want => e[1] += 1,
                Ok(o) => {
                    if shown < show {
                        shown += 1;
                        for (a, b) in want.lines().zip(o.lines()) {
                            if a != b {
                                println!("DIFF {path} (function {k})\n  want: {a}\n  got:  {b}");
                                break;
                            }
                        }
                        if want.lines().count() != o.lines().count() {
                            println!("DIFF {path}: line counts {} vs {}", want.lines().count(), o.lines().count());
                        }
                    }
                }
            }
        }
    }
    let mut tot = [0usize; 6];
    for (t, v) in &per {
        if v[0] > 0 {
            println!(
                "{t}: {}/{} bodies exact ({:.1}%), {} parse errors",
                v[1],
                v[0],
                100.0 * v[1] as f64 / v[0] as f64,
                v[2]
            );
        }
        if v[3] > 0 {
            println!("{t}: rejects in bodies: {}/{} message and position, +{} message only", v[4], v[3], v[5]);
        }
        for k in 0..6 {
            tot[k] += v[k];
        }
    }
    println!(
        "total: {}/{} exact ({:.1}%), {} parse errors; rejects {}/{} (+{} message only); {} MB of bodies parsed and printed in {:.3}s",
        tot[1],
        tot[0],
        100.0 * tot[1] as f64 / tot[0].max(1) as f64,
        tot[2],
        tot[4],
        tot[3],
        tot[5],
        bytes / 1_000_000,
        el.as_secs_f64()
    );
}
