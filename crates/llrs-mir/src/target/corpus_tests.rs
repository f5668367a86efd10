//! Every name the corpus's canonical MIR uses resolves in its triple's target: opcodes,
//! physical registers, register classes and banks of `registers:`, subregister indices,
//! target flags, target indices and register masks; and the names llc rejects as unknown
//! in the mutants do not, and the implicit operands llc misses are the opcode's. The
//! corpus is `$LLRS_CORPUS_DIR/{mir,mir-mutants}` (default `target/corpus` at the workspace
//! root); without it the test passes with a warning.

use std::path::{Path, PathBuf};

use super::Target;

/// MIR instruction flags that may precede an opcode (`MIParser::parseInstruction`).
const INSTR_FLAGS: &[&str] = &[
    "frame-setup",
    "frame-destroy",
    "nnan",
    "ninf",
    "nsz",
    "arcp",
    "contract",
    "afn",
    "reassoc",
    "nuw",
    "nsw",
    "exact",
    "nofpexcept",
    "nomerge",
    "unpredictable",
    "noconvergent",
    "nneg",
    "disjoint",
    "nusw",
    "samesign",
    "inbounds",
];

#[derive(Default)]
struct Tally {
    files: usize,
    rejected: usize,
    implicit: usize,
    checked: [usize; 7],
    unresolved: Vec<String>,
}

const KINDS: [&str; 7] =
    ["opcode", "register", "class/bank", "subreg index", "target flag", "target index", "register mask"];

impl Tally {
    fn check(&mut self, kind: usize, ok: bool, what: &str, file: &Path) {
        self.checked[kind] += 1;
        if !ok {
            self.unresolved.push(format!("{}: {} `{what}`", file.display(), KINDS[kind]));
        }
    }
}

fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.' | b'$')
}

/// The line without its `"..."` strings and `/* ... */` comments, and from a `;` comment
/// on.
fn strip_strings(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut in_string = false;
    let mut in_comment = false;
    let mut escaped = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        if in_comment {
            if c == '*' && chars.peek() == Some(&'/') {
                chars.next();
                in_comment = false;
            }
        } else if c == '/' && chars.peek() == Some(&'*') {
            chars.next();
            in_comment = true;
        } else if in_string {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
        } else if c == '"' {
            in_string = true;
        } else if c == ';' {
            break;
        } else {
            out.push(c);
        }
    }
    out
}

/// The identifiers that follow `prefix` in `line` where it does not continue an identifier.
fn after<'a>(line: &'a str, prefix: &'a str) -> impl Iterator<Item = &'a str> + 'a {
    line.match_indices(prefix).filter_map(move |(i, _)| {
        if i > 0 && is_ident_char(line.as_bytes()[i - 1]) {
            return None;
        }
        let rest = &line[i + prefix.len()..];
        let n = rest.bytes().take_while(|&c| is_ident_char(c)).count();
        (n > 0).then(|| &rest[..n])
    })
}

/// The opcode of a body line that holds an instruction.
fn opcode_of(line: &str) -> Option<&str> {
    let t = line.trim_start();
    if t.is_empty()
        || t.starts_with("bb.")
        || t.starts_with("successors:")
        || t.starts_with("liveins:")
        || t.starts_with('}')
        || t.starts_with('{')
    {
        return None;
    }
    let mut rest = t;
    let defines = t.starts_with('%')
        || t.starts_with('$')
        || ["dead ", "early-clobber ", "undef ", "implicit", "renamable ", "def "].iter().any(|k| t.starts_with(k));
    if defines {
        rest = &t[t.find(" = ")? + 3..];
    }
    loop {
        let word = rest.split(' ').next()?;
        if INSTR_FLAGS.contains(&word) {
            rest = rest[word.len()..].trim_start();
        } else {
            break;
        }
    }
    let n = rest.bytes().take_while(|&c| c.is_ascii_alphanumeric() || c == b'_').count();
    (n > 0).then(|| &rest[..n])
}

fn check_file(path: &Path, dir_triple: &str, tally: &mut Tally) {
    let Ok(text) = std::fs::read_to_string(path) else {
        return;
    };
    tally.files += 1;
    let triple = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("target triple = \""))
        .and_then(|t| t.split('"').next())
        .unwrap_or(dir_triple);
    let Some(target) = Target::for_triple(triple) else {
        tally.unresolved.push(format!("{}: triple {triple}", path.display()));
        return;
    };
    let mut in_ir = false;
    let mut in_body = false;
    for raw in text.lines() {
        if raw.starts_with("--- |") {
            in_ir = true;
            continue;
        }
        if raw.starts_with("---") || raw.starts_with("...") {
            in_ir = false;
            in_body = false;
            continue;
        }
        if in_ir {
            continue;
        }
        let line = strip_strings(raw);
        if !raw.starts_with(' ') && !raw.is_empty() {
            in_body = raw.starts_with("body:");
            continue;
        }
        if let Some(class) = line.trim_start().strip_prefix("- { id: ") {
            if let Some(c) = after(class, "class: ").next() {
                let ok = c == "_" || target.reg_class(c).is_some() || target.reg_bank(c).is_some();
                tally.check(2, ok, c, path);
            }
        }
        for reg in after(&line, "$") {
            tally.check(1, target.reg(reg).is_some(), reg, path);
        }
        if !in_body {
            continue;
        }
        if let Some(op) = opcode_of(&line) {
            tally.check(0, target.opcode(op).is_some(), op, path);
        }
        for (i, _) in line.match_indices('%') {
            let rest = &line[i + 1..];
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            let name = if digits > 0 { rest[digits..].strip_prefix('.') } else { rest.strip_prefix("subreg.") };
            if let Some(name) = name {
                let n = name.bytes().take_while(|&c| c.is_ascii_alphanumeric() || c == b'_').count();
                let idx = &name[..n];
                tally.check(3, target.sub_reg_idx(idx).is_some(), idx, path);
            }
        }
        for (i, _) in line.match_indices("target-flags(") {
            let inner = line[i + 13..].split(')').next().unwrap_or("");
            for flag in inner.split(',').map(str::trim) {
                let ok = target.direct_target_flags().value(flag).is_some()
                    || target.bitmask_target_flags().value(flag).is_some();
                tally.check(4, ok, flag, path);
            }
        }
        for index in after(&line, "target-index(") {
            tally.check(5, target.target_index(index).is_some(), index, path);
        }
        for word in line.split([' ', ',']) {
            if word.starts_with("csr_") {
                tally.check(6, target.reg_mask(word).is_some(), word, path);
            }
        }
    }
}

/// The name an llc message quotes: `... 'NAME'`.
fn quoted(message: &str) -> Option<&str> {
    let start = message.find('\'')? + 1;
    let len = message[start..].find('\'')?;
    Some(&message[start..start + len])
}

/// A rejected mutant: where llc says a name is unknown, it must not resolve; where llc says
/// an implicit operand is missing, the opcode must have it.
fn check_rejection(error: &Path, dir_triple: &str, tally: &mut Tally) {
    let (Ok(message), Ok(text)) = (std::fs::read_to_string(error), std::fs::read_to_string(error.with_extension("")))
    else {
        return;
    };
    let triple = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("target triple = \""))
        .and_then(|t| t.split('"').next())
        .unwrap_or(dir_triple);
    let Some(target) = Target::for_triple(triple) else {
        return;
    };
    let mut parts = message.trim_end().splitn(3, ':');
    let (Some(line), Some(_col), Some(msg)) = (parts.next(), parts.next(), parts.next()) else {
        return;
    };
    let msg = msg.trim_start();
    let Some(name) = quoted(msg) else {
        return;
    };
    let kind_and_found = if msg.starts_with("unknown register name") {
        Some((1, target.reg(name).is_some()))
    } else if msg.starts_with("unknown machine instruction name") {
        Some((0, target.opcode(name).is_some()))
    } else if msg.starts_with("use of undefined register class or register bank") {
        Some((2, target.reg_class(name).is_some() || target.reg_bank(name).is_some()))
    } else if msg.starts_with("use of unknown subregister index") || msg.starts_with("unknown subregister index") {
        Some((3, target.sub_reg_idx(name).is_some()))
    } else if msg.starts_with("use of undefined target flag") {
        let found =
            target.direct_target_flags().value(name).is_some() || target.bitmask_target_flags().value(name).is_some();
        Some((4, found))
    } else {
        None
    };
    if let Some((kind, found)) = kind_and_found {
        tally.rejected += 1;
        tally.check(kind, !found, &format!("{name} (llc: unknown)"), error);
        return;
    }
    if !msg.starts_with("missing implicit register operand") {
        return;
    }
    let Some(source) = line.parse::<usize>().ok().and_then(|l| text.lines().nth(l.checked_sub(1)?)) else {
        return;
    };
    let Some(op) = opcode_of(&strip_strings(source)).and_then(|op| target.opcode(op)) else {
        tally.check(0, false, source.trim(), error);
        return;
    };
    let (is_def, reg) = match name.split_once(" $") {
        Some(("implicit-def", reg)) => (true, reg),
        Some(("implicit", reg)) => (false, reg),
        _ => return,
    };
    let reg = target.reg(reg);
    let desc = target.instr(op);
    let found = if is_def {
        desc.implicit_defs().any(|r| Some(r) == reg)
    } else {
        desc.implicit_uses().any(|r| Some(r) == reg)
    };
    tally.implicit += 1;
    tally.check(1, found, name, error);
}

fn corpus_dir() -> PathBuf {
    std::env::var_os("LLRS_CORPUS_DIR")
        .map_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/corpus"), PathBuf::from)
}

/// The files of `dir/<triple>/`, sorted, with their triple.
fn files_by_triple(dir: &Path) -> Vec<(String, PathBuf)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let triple = entry.file_name().to_string_lossy().into_owned();
        for file in std::fs::read_dir(entry.path()).into_iter().flatten().flatten() {
            out.push((triple.clone(), file.path()));
        }
    }
    out.sort();
    out
}

#[test]
fn corpus_names_resolve() {
    let corpus = corpus_dir();
    if !corpus.join("mir").is_dir() {
        eprintln!("warning: {} is missing; corpus name check skipped", corpus.join("mir").display());
        return;
    }
    let mut tally = Tally::default();
    for suite in ["mir", "mir-mutants"] {
        for (triple, path) in files_by_triple(&corpus.join(suite)) {
            let name = path.to_string_lossy();
            if name.ends_with(".canon") || name.ends_with(".canon2") {
                check_file(&path, &triple, &mut tally);
            } else if name.ends_with(".parse-error") {
                check_rejection(&path, &triple, &mut tally);
            }
        }
    }
    let counts: Vec<String> = KINDS.iter().zip(tally.checked).map(|(k, n)| format!("{n} {k}")).collect();
    eprintln!(
        "corpus: {} canon files, {} unknown names of rejected mutants, {} missing implicit \
         operands; checked {}; wrong {}",
        tally.files,
        tally.rejected,
        tally.implicit,
        counts.join(", "),
        tally.unresolved.len()
    );
    for u in tally.unresolved.iter().take(20) {
        eprintln!("  wrong: {u}");
    }
    assert!(tally.files > 0, "no canon files under {}", corpus.display());
    assert!(tally.unresolved.is_empty(), "{} names are wrong", tally.unresolved.len());
}

#[test]
fn opcode_of_lines() {
    assert_eq!(opcode_of("    %0:gr32 = MOV32rr %1"), Some("MOV32rr"));
    assert_eq!(opcode_of("    $eax = COPY killed $edi"), Some("COPY"));
    assert_eq!(opcode_of("    RET 0, implicit $eax"), Some("RET"));
    assert_eq!(opcode_of("    frame-setup PUSH64r killed $rbp"), Some("PUSH64r"));
    assert_eq!(opcode_of("    %2:_(s32) = nsw G_ADD %0, %1"), Some("G_ADD"));
    assert_eq!(opcode_of("    dead $eflags = ADD32rr"), Some("ADD32rr"));
    assert_eq!(opcode_of("  bb.1.entry:"), None);
    assert_eq!(opcode_of("    liveins: $edi"), None);
    assert_eq!(strip_strings(r#"a "b\"c" d ; e"#), "a  d ");
    assert_eq!(strip_strings("1 /* x $0 */, %2"), "1 , %2");
    assert_eq!(after("<mcsymbol .La$b> $x", "$").collect::<Vec<_>>(), ["x"]);
}
