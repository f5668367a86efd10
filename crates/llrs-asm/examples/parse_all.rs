//! Development tool: parses every file named on stdin (one path per line) and prints the
//! first error of each file that fails, then a count. `find DIR -name '*.canon' | parse_all`.

use std::io::BufRead;

fn main() {
    let mut ok = 0usize;
    let mut bad = 0usize;
    for line in std::io::stdin().lock().lines() {
        let Ok(path) = line else { break };
        let Ok(src) = std::fs::read(&path) else { continue };
        match llrs_asm::parse_module(&src, &path) {
            Ok(_) => ok += 1,
            Err(d) => {
                bad += 1;
                println!(
                    "{}:{}:{}: {} | {}",
                    d.file,
                    d.line,
                    d.col,
                    d.message,
                    String::from_utf8_lossy(&d.source_line).trim()
                );
            }
        }
    }
    eprintln!("parsed {ok}, failed {bad}");
}
