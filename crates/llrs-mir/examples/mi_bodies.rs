//! Development tool: split each machine function's `body: |` out of `.mir` files, parse and
//! print it with `llrs_mir::mi`, and compare with the same body of a reference file.
//!
//! Usage: `mi_bodies [--show N] FILE...` where each FILE is a `.mir.canon` (the body is parsed
//! from the canon and compared with itself), or `--time FILE` (parse+print only, timed).

use llrs_mir::mi::{parse_body, print_body, BodyContext, NoIr, NoTarget, PrintContext, VRegDecl};
use std::collections::BTreeMap;

/// The `registers:` entries (id, class) of the function whose body starts at line `body_line`.
fn registers(text: &[u8], body_line: usize, from_line: usize) -> Vec<(u32, Vec<u8>)> {
    let lines: Vec<&[u8]> = text.split(|&c| c == b'\n').take(body_line).skip(from_line).collect();
    let mut start = None;
    for (i, l) in lines.iter().enumerate().rev() {
        if l.starts_with(b"registers:") {
            start = Some(i);
            break;
        }
        if l.starts_with(b"name:") {
            break;
        }
    }
    let Some(start) = start else { return Vec::new() };
    let mut out = Vec::new();
    for l in &lines[start + 1..] {
        let Some(rest) = l.strip_prefix(b"  - { id: ") else { break };
        let s = String::from_utf8_lossy(rest);
        let id: u32 = s.split(',').next().and_then(|x| x.trim().parse().ok()).unwrap_or(0);
        let class = s.split("class: ").nth(1).and_then(|x| x.split(',').next()).unwrap_or("").trim().to_string();
        out.push((id, class.into_bytes()));
    }
    out
}

fn bodies(text: &[u8]) -> Vec<(usize, Vec<u8>)> {
    let mut out = Vec::new();
    let lines: Vec<&[u8]> = text.split(|&c| c == b'\n').collect();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].starts_with(b"body:") && lines[i].ends_with(b"|") {
            let start = i + 1;
            let mut b = Vec::new();
            i += 1;
            while i < lines.len() && (lines[i].starts_with(b"  ") || lines[i].is_empty()) {
                b.extend_from_slice(lines[i].get(2..).unwrap_or(b""));
                b.push(b'\n');
                i += 1;
            }
            out.push((start, b));
        } else {
            i += 1;
        }
    }
    out
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut show = 0usize;
    let mut time = false;
    if args.first().map(String::as_str) == Some("--show") && args.len() > 1 {
        show = args[1].parse().unwrap_or(0);
        args.drain(..2);
    }
    if args.first().map(String::as_str) == Some("--time") {
        time = true;
        args.remove(0);
    }
    let pc = PrintContext { target: &NoTarget, stack_object: None, fixed_stack_object: None };
    let mut per: BTreeMap<String, (usize, usize, usize)> = BTreeMap::new();
    let mut shown = 0;
    let mut el = std::time::Duration::ZERO;
    let mut bytes = 0usize;
    for f in &args {
        let Ok(text) = std::fs::read(f) else { continue };
        let triple = f.split('/').rev().nth(1).unwrap_or("?").to_string();
        let mut prev_line = 0;
        for (line, body) in bodies(&text) {
            bytes += body.len();
            let e = per.entry(triple.clone()).or_default();
            e.0 += 1;
            let regs = if time { Vec::new() } else { registers(&text, line, prev_line) };
            prev_line = line;
            let decls: Vec<VRegDecl<'_>> = regs.iter().map(|(id, c)| VRegDecl { id: *id, class: c }).collect();
            let ctx = BodyContext {
                target: &NoTarget,
                ir: &NoIr,
                function_name: b"",
                stack_objects: None,
                fixed_stack_objects: None,
                constants: None,
                jump_tables: None,
                vregs: &decls,
            };
            let t0 = std::time::Instant::now();
            let parsed = parse_body(&body, &ctx);
            let printed = parsed.as_ref().ok().map(|b| print_body(b, &pc));
            el += t0.elapsed();
            match parsed {
                Err(err) => {
                    e.2 += 1;
                    if shown < show {
                        shown += 1;
                        let (l, c) = err.line_col(&body);
                        println!("ERR {f}:{}:{}: {}", line + l + 1, c + 3, err.message);
                    }
                }
                Ok(_) => {
                    let out = printed.unwrap_or_default();
                    if time {
                        continue;
                    }
                    if out.as_bytes() == &body[..] {
                        e.1 += 1;
                    } else if shown < show {
                        shown += 1;
                        let want = String::from_utf8_lossy(&body);
                        for (a, b) in want.lines().zip(out.lines()) {
                            if a != b {
                                println!("DIFF {f}:{line}\n  want: {a}\n  got:  {b}");
                                break;
                            }
                        }
                        if want.lines().count() != out.lines().count() {
                            println!(
                                "DIFF {f}:{line}: line counts {} vs {}",
                                want.lines().count(),
                                out.lines().count()
                            );
                        }
                    }
                }
            }
        }
    }
    let (mut n, mut ok, mut er) = (0, 0, 0);
    for (t, (a, b, c)) in &per {
        println!("{t}: {b}/{a} bodies exact ({:.1}%), {c} parse errors", 100.0 * *b as f64 / (*a).max(1) as f64);
        n += a;
        ok += b;
        er += c;
    }
    println!(
        "total: {ok}/{n} exact ({:.1}%), {er} parse errors; {} MB of bodies in {:.3}s",
        100.0 * ok as f64 / n.max(1) as f64,
        bytes / 1_000_000,
        el.as_secs_f64()
    );
}
