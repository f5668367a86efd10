//! Every bitcode file of the reference corpus (`target/corpus`, unpacked by
//! `../shared/tools/corpus`) walks to its end: each block and record read through its
//! abbreviations; damaged files (`bitcode/mutants`) give an error or a walk, never a panic.
//! Without the corpus there is nothing to check. By default a fixed subset is read (every 10th
//! file, every 50th in a debug build); `LLRS_FULL_CORPUS=1` reads every file.

mod common;

use common::{bitcode_files, corpus, printed, subset, written_modules};
use std::path::PathBuf;

#[test]
fn every_corpus_bitcode_file_walks() {
    let root = corpus();
    let mut files = Vec::new();
    for sub in ["llvm-test", "programs", "bitcode"] {
        bitcode_files(&root.join(sub), &mut files);
    }
    let files = subset(files);
    let mut failed = Vec::new();
    let mut walked = 0usize;
    for f in &files {
        let bytes = std::fs::read(f).expect("read");
        let damaged = f.components().any(|c| c.as_os_str() == "mutants");
        match llrs_bitcode::walk(&bytes, false) {
            Ok(_) => walked += 1,
            Err(e) if !damaged => failed.push(format!("{}: {e}", f.display())),
            Err(_) => {}
        }
    }
    assert!(failed.is_empty(), "{} of {} files do not walk:\n{}", failed.len(), files.len(), failed.join("\n"));
    eprintln!("{walked} of {} bitcode files walked", files.len());
}

/// The identified structs of each module's type table are the ones `llvm-dis` prints
/// (`%name = type ...`, numbered ones as `%N`), for every test module and program.
#[test]
fn type_tables_have_the_printed_structs() {
    let files = written_modules();
    let mut wrong = Vec::new();
    for f in &files {
        let canon = PathBuf::from(f.to_string_lossy().replace(".ll.bc", ".ll.canon"));
        let Ok(text) = std::fs::read_to_string(&canon) else { continue };
        let mut want: Vec<String> = text
            .lines()
            .filter_map(|l| l.strip_prefix('%').and_then(|r| r.split_once(" = type ")).map(|(n, _)| n.to_string()))
            .map(|n| {
                if n.bytes().all(|b| b.is_ascii_digit()) {
                    String::from("#")
                } else {
                    n.trim_matches('"').to_string()
                }
            })
            .collect();
        want.sort();
        let bytes = std::fs::read(f).expect("read");
        let got = match llrs_bitcode::reader::read_types(&bytes) {
            Ok((ctx, _)) => {
                let mut names: Vec<String> = ctx
                    .structs
                    .iter()
                    .map(|(_, s)| match s.name {
                        Some(n) => String::from_utf8_lossy(ctx.name(n)).into_owned(),
                        None => String::from("#"),
                    })
                    .collect();
                names.sort();
                names
            }
            Err(e) => vec![format!("error: {e}")],
        };
        if got != want {
            wrong.push(format!("{}: want {want:?} got {got:?}", f.display()));
        }
    }
    assert!(wrong.is_empty(), "{} files differ:\n{}", wrong.len(), wrong[..wrong.len().min(20)].join("\n"));
    eprintln!("{} of {} type tables differ:\n{}", wrong.len(), files.len(), wrong.join("\n"));
}

/// `printEscapedString`: `\` doubled, other printable bytes but `"` as they are, the rest as
/// `\XX`.
fn escaped(s: &[u8]) -> String {
    let mut out = String::new();
    for &b in s {
        if b == b'\\' {
            out.push_str("\\\\");
        } else if (0x20..0x7f).contains(&b) && b != b'"' {
            out.push(b as char);
        } else {
            out.push_str(&format!("\\{b:02X}"));
        }
    }
    out
}

/// Each module's header records (source file name, data layout as upgraded, triple, module
/// asm) are what llvm-dis prints at the top of the module.
#[test]
fn headers_are_the_printed_ones() {
    let files = written_modules();
    let mut wrong = Vec::new();
    let mut checked = 0usize;
    for f in &files {
        let Ok(text) = std::fs::read_to_string(printed(f)) else { continue };
        let want: Vec<&str> = text
            .lines()
            .skip(1)
            .take_while(|l| {
                l.starts_with("source_filename")
                    || l.starts_with("target ")
                    || l.starts_with("module asm")
                    || l.is_empty()
            })
            .filter(|l| !l.is_empty())
            .collect();
        let bytes = std::fs::read(f).expect("read");
        let mods = match llrs_bitcode::reader::modules(&bytes) {
            Ok(m) => m,
            Err(e) => {
                wrong.push(format!("{}: {e}", f.display()));
                continue;
            }
        };
        let Some(m) = mods.first() else { continue };
        let mut module = llrs_ir::Module::default();
        let name = f.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let h = match llrs_bitcode::reader::read_header(m, &name, &mut module) {
            Ok(sk) => sk.header,
            Err(e) => {
                wrong.push(format!("{}: {e}", f.display()));
                continue;
            }
        };
        let mut got = vec![format!("source_filename = \"{}\"", escaped(&h.source_filename))];
        if !h.datalayout.is_empty() {
            got.push(format!("target datalayout = \"{}\"", escaped(&h.datalayout)));
        }
        if !h.triple.is_empty() {
            got.push(format!("target triple = \"{}\"", escaped(&h.triple)));
        }
        if !h.asm.is_empty() {
            let asm = h.asm.strip_suffix(b"\n").unwrap_or(&h.asm);
            for line in asm.split(|&b| b == b'\n') {
                got.push(format!("module asm \"{}\"", escaped(line)));
            }
        }
        checked += 1;
        if got != want {
            wrong.push(format!("{}: want {want:?} got {got:?}", f.display()));
        }
    }
    eprintln!("{} of {checked} headers differ:\n{}", wrong.len(), wrong[..wrong.len().min(10)].join("\n"));
    assert!(wrong.is_empty());
}

/// One global value as the module-level records describe it, in words.
fn describe(m: &llrs_ir::Module, g: llrs_ir::module::GlobalId) -> String {
    let gl = &m.globals[g];
    let sym = |s: Option<llrs_ir::Symbol>| s.map(|s| String::from_utf8_lossy(m.ctx.name(s)).into_owned());
    let comdat = gl.comdat.map(|c| (sym(Some(m.comdats[c].name)), m.comdats[c].kind.name()));
    let func = gl.func.as_ref().map(|f| (f.cconv, sym(f.gc)));
    format!(
        "{:?} {:?} {:?} dso_local={} {:?} {:?} {:?} {:?} as={} section={:?} partition={:?} comdat={comdat:?} align={} \
         const={} ext_init={} model={:?} sanitizer={} func={func:?}",
        gl.kind,
        sym(gl.name),
        gl.linkage,
        gl.dso_local,
        gl.visibility,
        gl.dll,
        gl.thread_local,
        gl.unnamed_addr,
        gl.addrspace,
        sym(gl.section),
        sym(gl.partition),
        gl.align,
        gl.var.constant,
        gl.var.externally_initialized,
        sym(gl.var.code_model),
        gl.var.sanitizer,
    )
}

/// Each module's global values (variables, functions, aliases, ifuncs and their comdats), as
/// their records give them, are the ones of the printed module read back.
#[test]
fn global_values_are_the_printed_ones() {
    let files = written_modules();
    let mut wrong = Vec::new();
    let mut checked = 0usize;
    for f in &files {
        let Ok(text) = std::fs::read(printed(f)) else { continue };
        let Ok(want) = llrs_asm::parse_module(&text, "t.ll") else { continue };
        let bytes = std::fs::read(f).expect("read");
        let Ok(mods) = llrs_bitcode::reader::modules(&bytes) else { continue };
        let Some(src) = mods.first() else { continue };
        let mut got = llrs_ir::Module::default();
        if let Err(e) = llrs_bitcode::reader::read_header(src, "t.ll", &mut got) {
            wrong.push(format!("{}: {e}", f.display()));
            continue;
        }
        checked += 1;
        let list = |m: &llrs_ir::Module| -> Vec<String> {
            m.vars.iter().chain(&m.functions).chain(&m.aliases).chain(&m.ifuncs).map(|&g| describe(m, g)).collect()
        };
        let (w, g) = (list(&want), list(&got));
        if w != g {
            let first = w.iter().zip(&g).find(|(a, b)| a != b).map(|(a, b)| format!("want {a}\n  got {b}"));
            wrong.push(format!(
                "{}: {}",
                f.display(),
                first.unwrap_or_else(|| format!("{} vs {} globals", w.len(), g.len()))
            ));
        }
    }
    eprintln!(
        "{} of {checked} modules' global values differ:\n{}",
        wrong.len(),
        wrong[..wrong.len().min(12)].join("\n")
    );
    // Its section comes from an `implicit-section-name` attribute, which `UpgradeFunctionAttributes`
    // turns into one at `globalCleanup` (not ported yet: see `later_upgrades`).
    const LATER: &[&str] = &["CodeGen/AArch64/clang-section-macho.ll.bc"];
    wrong.retain(|w| !LATER.iter().any(|l| w.contains(l)));
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Every bitcode file of the corpus (the subset by default) reads into a module that prints, or
/// gives an error with a message: never a panic. (How many print as `llvm-dis` prints them is
/// the conformance score's bcread.)
#[test]
fn every_corpus_bitcode_file_reads_or_is_refused() {
    let root = corpus();
    let mut files = Vec::new();
    for sub in ["llvm-test", "programs", "bitcode"] {
        bitcode_files(&root.join(sub), &mut files);
    }
    let files = subset(files);
    let (mut read, mut refused) = (0usize, 0usize);
    for f in &files {
        let bytes = std::fs::read(f).expect("read");
        let name = f.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        match llrs_bitcode::read_named(&bytes, &name) {
            Ok(m) => {
                read += 1;
                let _ = llrs_asm::print_module(&m);
            }
            Err(e) => {
                assert!(!e.message.is_empty(), "{}: an error without a message", f.display());
                refused += 1;
            }
        }
    }
    eprintln!("{read} of {} bitcode files read, {refused} refused", files.len());
}

/// One attribute as text, the same whatever the context holding it: the keyword (or key) and the
/// argument, types as `llvm-dis` prints them.
fn attr_text(m: &llrs_ir::Module, show: &llrs_asm::Show<'_>, a: &llrs_ir::attributes::Attr) -> String {
    use llrs_ir::attributes::AttrArg;
    let text = |s: llrs_ir::Symbol| String::from_utf8_lossy(m.ctx.name(s)).into_owned();
    let name = text(a.kind);
    match &a.arg {
        AttrArg::Type(t) => format!("{name}({})", show.ty(*t)),
        // `"key"` and `"key"=""` are one attribute in LLVM.
        AttrArg::Str(v) => format!("\"{name}\"={:?}", v.map(text).unwrap_or_default()),
        AttrArg::Range(t, lo, hi) => format!("{name}({} {lo:?} {hi:?})", show.ty(*t)),
        other => format!("{name}{other:?}"),
    }
}

/// An attribute set as text, in its order.
fn set_text(m: &llrs_ir::Module, show: &llrs_asm::Show<'_>, s: llrs_ir::attributes::AttrsId) -> String {
    m.ctx.attrs_of(s).iter().map(|a| attr_text(m, show, a)).collect::<Vec<_>>().join(" ")
}

/// The attributes of each global variable and function of a module, as text, in order.
fn attributes_text(m: &llrs_ir::Module) -> Vec<String> {
    let show = llrs_asm::Show::new(m);
    let name = |g: llrs_ir::module::GlobalId| {
        m.globals[g].name.map_or_else(|| "#".to_string(), |s| String::from_utf8_lossy(m.ctx.name(s)).into_owned())
    };
    let mut out: Vec<String> =
        m.vars.iter().map(|&g| format!("@{} {{{}}}", name(g), set_text(m, &show, m.globals[g].var.attrs))).collect();
    for &g in &m.functions {
        let Some(f) = m.globals[g].func.as_ref() else { continue };
        let mut params: Vec<String> = f.attrs.params.iter().map(|&p| set_text(m, &show, p)).collect();
        while params.last().is_some_and(|p| p.is_empty()) {
            params.pop();
        }
        out.push(format!(
            "@{}: fn {{{}}} ret {{{}}} params {{{}}}",
            name(g),
            set_text(m, &show, f.attrs.func),
            set_text(m, &show, f.attrs.ret),
            params.join(" | ")
        ));
    }
    out
}

/// What LLVM's `UpgradeFunctionAttributes` does to the string attributes of functions once the
/// module's globals are read (`globalCleanup`: `"implicit-section-name"` becomes the section) and
/// once a body is read (`materialize`: `"amdgpu-unsafe-fp-atomics"` leaves definitions): later
/// steps than the attribute blocks, done here by hand.
fn later_upgrades(m: &mut llrs_ir::Module, with_bodies: &[llrs_ir::module::GlobalId]) {
    let section = m.ctx.sym("implicit-section-name");
    let atomics = m.ctx.sym("amdgpu-unsafe-fp-atomics");
    for i in 0..m.functions.len() {
        let g = m.functions[i];
        let Some(set) = m.globals[g].func.as_ref().map(|f| f.attrs.func) else { continue };
        let mut new = m.ctx.without_str_attr(set, section);
        if with_bodies.contains(&g) {
            new = m.ctx.without_str_attr(new, atomics);
        }
        if let Some(f) = m.globals[g].func.as_deref_mut() {
            f.attrs.func = new;
        }
    }
}

/// The attributes of each module's functions and global variables, read from its attribute
/// blocks, are those of the printed module read back.
#[test]
fn attributes_are_the_printed_ones() {
    let files = written_modules();
    let mut wrong = Vec::new();
    let mut checked = 0usize;
    let mut lists = 0usize;
    // Modules whose attributes differ only by the later upgrades.
    let mut later = Vec::new();
    for f in &files {
        let Ok(text) = std::fs::read(printed(f)) else { continue };
        let Ok(want) = llrs_asm::parse_module(&text, "t.ll") else { continue };
        let bytes = std::fs::read(f).expect("read");
        let Ok(mods) = llrs_bitcode::reader::modules(&bytes) else { continue };
        let Some(src) = mods.first() else { continue };
        let mut got = llrs_ir::Module::default();
        let with_bodies = match llrs_bitcode::reader::read_header(src, "t.ll", &mut got) {
            Ok(sk) => {
                lists += sk.attrs.len();
                sk.pending.with_bodies
            }
            Err(e) => {
                wrong.push(format!("{}: {e}", f.display()));
                continue;
            }
        };
        checked += 1;
        let (w, g) = (attributes_text(&want), attributes_text(&got));
        if w != g {
            later_upgrades(&mut got, &with_bodies);
            if attributes_text(&got) == w {
                later.push(f.display().to_string());
                continue;
            }
            let first = w.iter().zip(&g).find(|(a, b)| a != b).map(|(a, b)| format!("want {a}\n  got  {b}"));
            wrong.push(format!(
                "{}: {}",
                f.display(),
                first.unwrap_or_else(|| format!("{} vs {} globals", w.len(), g.len()))
            ));
        }
    }
    eprintln!(
        "{} of {checked} modules' attributes differ ({lists} attribute lists read); {} only by the later \
         upgrades of function attributes:\n{}\n{}",
        wrong.len(),
        later.len(),
        later.join("\n"),
        wrong[..wrong.len().min(30)].join("\n")
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
