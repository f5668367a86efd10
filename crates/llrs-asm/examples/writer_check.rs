//! Development tool for the writer: for every path on stdin (an `X.ll` with `X.ll.canon`, or a
//! `.canon` file itself), parses it, prints it, and compares with the reference `.canon` (or
//! `.canon2` for canonical input when it exists). Prints the first differing line of each
//! failure, then a count. `find DIR -name '*.canon' | writer_check [-q]`.

use std::io::BufRead;

fn strip_id(s: &[u8]) -> &[u8] {
    if s.starts_with(b"; ModuleID = ") {
        match s.iter().position(|&b| b == b'\n') {
            Some(i) => &s[i + 1..],
            None => &[],
        }
    } else {
        s
    }
}

fn main() {
    let quiet = std::env::args().any(|a| a == "-q");
    let (mut ok, mut bad, mut perr) = (0usize, 0usize, 0usize);
    let (mut t_parse, mut t_print) = (std::time::Duration::ZERO, std::time::Duration::ZERO);
    for line in std::io::stdin().lock().lines() {
        let Ok(path) = line else { break };
        let Ok(src) = std::fs::read(&path) else { continue };
        let want_path = if path.ends_with(".canon") {
            let c2 = format!("{path}2");
            if std::path::Path::new(&c2).exists() {
                c2
            } else {
                path.clone()
            }
        } else {
            format!("{path}.canon")
        };
        let Ok(want) = std::fs::read(&want_path) else { continue };
        let t0 = std::time::Instant::now();
        let parsed = llrs_asm::parse_module(&src, &path);
        t_parse += t0.elapsed();
        let mut m = match parsed {
            Ok(m) => m,
            Err(d) => {
                if !quiet {
                    println!("{path}: parse error {}:{}: {}", d.line, d.col, d.message);
                }
                perr += 1;
                continue;
            }
        };
        if m.source_filename.is_none() || m.source_filename.as_deref() == Some(path.as_bytes()) {
            // llvm-as names the module after its input file.
            let base = path.rsplit('/').next().unwrap_or(&path);
            m.source_filename = Some(base.as_bytes().to_vec());
        }
        let t0 = std::time::Instant::now();
        let got = llrs_asm::print_module(&m);
        t_print += t0.elapsed();
        let want = strip_id(&want);
        if got == want {
            ok += 1;
            continue;
        }
        bad += 1;
        if quiet {
            println!("{path}");
            continue;
        }
        let g: Vec<&[u8]> = got.split(|&b| b == b'\n').collect();
        let w: Vec<&[u8]> = want.split(|&b| b == b'\n').collect();
        let mut shown = false;
        for (i, (a, b)) in g.iter().zip(w.iter()).enumerate() {
            if a != b {
                println!(
                    "{path}:{}\n  want {}\n  got  {}",
                    i + 2,
                    String::from_utf8_lossy(b),
                    String::from_utf8_lossy(a)
                );
                shown = true;
                break;
            }
        }
        if !shown {
            println!("{path}: want {} lines, got {}", w.len(), g.len());
        }
    }
    eprintln!("writer_check: {ok} passed, {bad} failed, {perr} parse errors (parse {t_parse:?}, print {t_print:?})");
}
