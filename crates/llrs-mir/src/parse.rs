//! Reading a `.mir` file as llc's MIRParser does: the optional IR module (a block scalar in
//! the first document, parsed by `llrs_asm`), then one machine function per document.

use std::fmt;

use rayon::prelude::*;
use rustc_hash::FxHashSet;

use crate::function::{BodyFacts, MachineFunction, TargetKind};
use crate::reading::{complete, Collected, Read, Reading};
use crate::yaml::split::Part;
use crate::yaml::tree::{DocReader, Document, Kind, Mark, Style};

/// A `.mir` file read: the IR module and the machine functions.
#[derive(Debug)]
pub struct MirFile {
    /// The file's name as given (llc's `; ModuleID`).
    pub file: String,
    /// The embedded IR module; `None` when the file has none (llc then makes dummy functions).
    pub module: Option<llrs_ir::Module>,
    /// The machine functions, in the order llc prints them (the IR module's order).
    pub functions: Vec<MachineFunction>,
    /// Facts about each function's body, as llc recomputes them (same order as `functions`).
    pub facts: Vec<BodyFacts>,
    /// Each function's body as llc prints it (lines ending in `\n`, not indented; same order
    /// as `functions`; `None`: a function llc made). Bodies are printed as soon as they are
    /// parsed, so that a large file never holds more than one body's model.
    pub bodies: Vec<Option<String>>,
    /// The length of the source read (what the printed text is expected to be near).
    pub source_len: usize,
    /// The target, from the module's triple.
    pub target: TargetKind,
    /// The target's description (registers, classes, ...), from the module's triple.
    pub target_info: Option<&'static crate::target::Target>,
}

/// An error as llc reports it: `FILE:LINE:COL: error: MESSAGE` with the source line and a
/// caret, or `FILE: error: MESSAGE` where llc gives no position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// The file's name as given.
    pub file: String,
    /// 1-based line and column, when llc gives them.
    pub pos: Option<(u32, u32)>,
    /// llc's message.
    pub message: String,
    /// The text of the line (empty without a position).
    pub source_line: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.pos {
            Some((line, col)) => {
                let d = llrs_asm::Diagnostic {
                    file: self.file.clone(),
                    line,
                    col,
                    message: self.message.clone(),
                    source_line: self.source_line.clone().into_bytes(),
                };
                d.fmt(f)
            }
            None => write!(f, "{}: error: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for Error {}

/// The source's lines, found when an error shows one (a large file's line table is never
/// built).
pub(crate) struct Lines<'a> {
    src: &'a str,
}

impl<'a> Lines<'a> {
    fn new(src: &'a str) -> Self {
        Lines { src }
    }

    /// The text of 1-based line `n`, without its newline.
    pub(crate) fn line(&self, n: u32) -> &'a str {
        let Some(skip) = (n as usize).checked_sub(1) else { return "" };
        self.src.split('\n').nth(skip).unwrap_or("").trim_end_matches('\r')
    }
}

pub(crate) fn error_at(file: &str, lines: &Lines<'_>, at: Mark, message: String) -> Error {
    Error {
        file: file.to_string(),
        pos: Some((at.line, at.col)),
        message,
        source_line: lines.line(at.line).to_string(),
    }
}

pub(crate) fn error_nopos(file: &str, message: String) -> Error {
    Error { file: file.to_string(), pos: None, message, source_line: String::new() }
}

/// The target llc uses for a module without a triple: its default target (x86-64 Linux where
/// the reference outputs were made).
pub const DEFAULT_TRIPLE: &str = "x86_64-unknown-linux-gnu";

/// The data layout llc gives a module of [`DEFAULT_TRIPLE`] that has none.
pub const DEFAULT_DATA_LAYOUT: &str = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128";

/// The data layout llc's target machine has for an ELF triple of the targets of the corpus;
/// `None` where it is not known here (the module's own is kept).
fn target_data_layout(triple: &str) -> Option<&'static str> {
    let mut parts = triple.split('-');
    let arch = parts.next().unwrap_or("");
    if parts.any(|p| {
        ["apple", "darwin", "macos", "ios", "windows", "msvc", "win32", "mingw32", "cygnus", "uefi"]
            .iter()
            .any(|os| p.starts_with(os))
    }) {
        return None;
    }
    Some(match arch {
        "x86_64" => DEFAULT_DATA_LAYOUT,
        "aarch64" => "e-m:e-p270:32:32-p271:32:32-p272:64:64-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32",
        "riscv64" => "e-m:e-p:64:64-i64:64-i128:128-n32:64-S128",
        "armv7" => "e-m:e-p:32:32-Fi8-i64:64-v128:64:128-a:0:32-n32-S64",
        "amdgcn" => concat!(
            "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-",
            "p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-",
            "v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
        ),
        _ => return None,
    })
}

/// Reads a `.mir` file.
///
/// A file with an IR module is read in parts, one or more documents each, on several threads
/// ([`crate::yaml::split`]); the results are taken in document order, so the first error is
/// the one reading in order meets. Where a part does not read as YAML, the whole file is read
/// again in order, for the error as the stream gives it.
pub fn parse(src: &str, file: &str) -> Result<MirFile, Error> {
    let lines = Lines::new(src);
    if let Some(parts) = crate::yaml::split::split_documents(src) {
        if parts.len() > 1 {
            if let Some(result) = parse_parts(src, file, &lines, &parts) {
                return result;
            }
        }
    }
    parse_in_order(src, file, &lines)
}

/// A YAML syntax error placed as LLVM places it.
fn syntax_error(file: &str, lines: &Lines<'_>, e: crate::yaml::tree::SyntaxError) -> Error {
    let mut at = e.at;
    // LLVM reports a tab in the indentation where the tab is, the scanner where the
    // previous line ends.
    if e.message.starts_with("Found invalid tab") {
        let indent_tab = |l: &str| l.find(|c: char| c != ' ').filter(|&i| l.as_bytes()[i] == b'\t');
        if indent_tab(lines.line(at.line)).is_none() {
            if let Some(i) = indent_tab(lines.line(at.line + 1)) {
                at = Mark { line: at.line + 1, col: i as u32 + 1 };
            }
        }
    }
    // LLVM reports an unexpected value indicator where the `:` is, the scanner where its
    // key starts.
    let mut message = e.message;
    if let Some(m) = message.strip_suffix(" (at the value indicator)") {
        let line = lines.line(at.line);
        let from = (at.col as usize).saturating_sub(1).min(line.len());
        let colon = line.get(from..).and_then(|rest| {
            rest.char_indices()
                .find(|&(i, c)| c == ':' && rest[i + 1..].chars().next().is_none_or(|n| n == ' '))
                .map(|(i, _)| i)
        });
        if let Some(i) = colon {
            at.col = (from + i) as u32 + 1;
        }
        message = m.to_string();
    }
    error_at(file, lines, at, message)
}

impl MirFile {
    /// A file with nothing read yet: the default target's.
    fn empty(file: &str, source_len: usize) -> Self {
        MirFile {
            file: file.to_string(),
            module: None,
            functions: Vec::new(),
            facts: Vec::new(),
            bodies: Vec::new(),
            source_len,
            target: TargetKind::from_triple(DEFAULT_TRIPLE),
            target_info: crate::target::Target::for_triple(DEFAULT_TRIPLE),
        }
    }
}

/// The first non-empty document taken as the IR module (a block scalar), which gives `out` its
/// target; or given back, when it is a machine function already.
fn take_module(
    doc: Document,
    out: &mut MirFile,
    file: &str,
    lines: &Lines<'_>,
) -> Result<Result<(llrs_ir::Module, String), Document>, Error> {
    let (text, start) = match doc.root.kind {
        Kind::Scalar(text, Style::Block) => (text, doc.root.start),
        _ => return Ok(Err(doc)),
    };
    let mut module = parse_module(&text, start, file, lines)?;
    let triple = module.triple.as_deref().map(String::from_utf8_lossy).map(|t| t.into_owned());
    if let Some(triple) = &triple {
        out.target = TargetKind::from_triple(triple);
        out.target_info = crate::target::Target::for_triple(triple);
    }
    // llc gives the module its target's data layout.
    if let Some(dl) = target_data_layout(triple.as_deref().unwrap_or(DEFAULT_TRIPLE)) {
        module.data_layout = Some(dl.into());
    }
    Ok(Ok((module, text)))
}

/// Reads the file's documents one after the other.
fn parse_in_order(src: &str, file: &str, lines: &Lines<'_>) -> Result<MirFile, Error> {
    let mut reader = DocReader::new(src);
    let syntax = |e| syntax_error(file, lines, e);
    let mut out = MirFile::empty(file, src.len());
    // The first non-empty document: the IR module, or already a machine function.
    let mut pending = None;
    let mut module = None;
    while let Some(doc) = reader.next_document().map_err(syntax)? {
        if matches!(doc.root.kind, Kind::Null) {
            continue;
        }
        match take_module(doc, &mut out, file, lines)? {
            Ok(m) => module = Some(m),
            Err(doc) => pending = Some(doc),
        }
        break;
    }
    let (module, ir_text) = module.map_or((None, None), |(m, t)| (Some(m), Some(t)));
    let mut got = Collected::default();
    {
        let reading = Reading::new(&out, module.as_ref(), ir_text, file, lines);
        loop {
            let doc = match pending.take() {
                Some(d) => d,
                None => match reader.next_document().map_err(syntax)? {
                    Some(d) => d,
                    None => break,
                },
            };
            if matches!(doc.root.kind, Kind::Null) {
                continue;
            }
            let (mf, rank) = reading.start(&doc.root)?;
            drop(doc);
            got.add_name(&mf.name.value, file)?;
            let read = reading.finish(mf, &got.names)?;
            got.push(rank, read);
        }
    }
    Ok(complete(out, module, got))
}

/// What became of one document read in parts.
enum Outcome {
    /// An empty document.
    Empty,
    /// An error before the function's name is known to be new.
    Failed(Error),
    /// The function's name, its rank, and the rest of its reading.
    Named(String, usize, Box<Result<Read, Error>>),
}

/// Reads the file in `parts` ([`parse`]); `None` where it is to be read in order: a part that is
/// not well formed YAML, or a file without an IR module (whose bodies see the functions read
/// before them).
fn parse_parts(src: &str, file: &str, lines: &Lines<'_>, parts: &[Part]) -> Option<Result<MirFile, Error>> {
    llrs_ir::phases::mark("mir: parts");
    let read_part = |i: usize| crate::yaml::split::read_part(src, &parts[i], i + 1 == parts.len());
    // The first non-empty document, which must be the module, and the documents after it in its
    // part.
    let mut first = None;
    let mut rest = Vec::new();
    let mut next = 0;
    while first.is_none() && next < parts.len() {
        for doc in read_part(next)? {
            if first.is_some() {
                rest.push(doc);
            } else if !matches!(doc.root.kind, Kind::Null) {
                first = Some(doc);
            }
        }
        next += 1;
    }
    let mut out = MirFile::empty(file, src.len());
    llrs_ir::phases::mark("mir: module's document read");
    let (module, ir_text) = match take_module(first?, &mut out, file, lines) {
        Err(e) => return Some(Err(e)),
        Ok(Err(_)) => return None,
        Ok(Ok(m)) => m,
    };
    let mut got = Collected::default();
    {
        llrs_ir::phases::mark("mir: module read");
        let reading = Reading::new(&out, Some(&module), Some(ir_text), file, lines);
        llrs_ir::phases::mark("mir: module's look-ups made");
        let no_names = FxHashSet::default();
        let outcome = |doc: Document| {
            if matches!(doc.root.kind, Kind::Null) {
                return Outcome::Empty;
            }
            match reading.start(&doc.root) {
                Err(e) => Outcome::Failed(e),
                Ok((mf, rank)) => {
                    drop(doc);
                    let name = mf.name.value.clone();
                    Outcome::Named(name, rank, Box::new(reading.finish(mf, &no_names)))
                }
            }
        };
        let first_part: Vec<Outcome> = rest.into_iter().map(outcome).collect();
        let later: Vec<Option<Vec<Outcome>>> = (next..parts.len())
            .into_par_iter()
            .map(|i| Some(read_part(i)?.into_iter().map(outcome).collect()))
            .collect();
        llrs_ir::phases::mark("mir: functions read");
        for outcomes in std::iter::once(Some(first_part)).chain(later) {
            for o in outcomes? {
                match o {
                    Outcome::Empty => {}
                    Outcome::Failed(e) => return Some(Err(e)),
                    Outcome::Named(name, rank, read) => {
                        if let Err(e) = got.add_name(&name, file) {
                            return Some(Err(e));
                        }
                        match *read {
                            Ok(read) => got.push(rank, read),
                            Err(e) => return Some(Err(e)),
                        }
                    }
                }
            }
        }
    }
    let out = complete(out, Some(module), got);
    llrs_ir::phases::mark("mir: functions collected");
    Some(Ok(out))
}

/// Parses the embedded IR module (`start`: where its text starts); its errors are placed in the `.mir` file as MIRParser's
/// `diagFromBlockStringDiag` places them.
fn parse_module(text: &str, start: Mark, file: &str, lines: &Lines<'_>) -> Result<llrs_ir::Module, Error> {
    llrs_asm::parse_module(text.as_bytes(), file).map_err(|d| {
        // The block scalar's mark is its first character: IR line 1 is that line.
        let line = start.line + d.line - 1;
        let file_line = lines.line(line);
        let mut col = d.col;
        if let Some(indent) = file_line.find(String::from_utf8_lossy(&d.source_line).as_ref()) {
            col += indent as u32;
        }
        Error { file: file.to_string(), pos: Some((line, col)), message: d.message, source_line: file_line.to_string() }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_functions() {
        let f = parse("---\nname: foo\nbody: |\n  bb.0:\n    RET 0\n...\n", "a.mir").unwrap();
        assert_eq!(f.functions.len(), 1);
        assert_eq!(f.functions[0].name.value, "foo");
        assert_eq!(f.functions[0].body.start, Mark { line: 4, col: 3 });
    }

    #[test]
    fn yaml_errors() {
        let e = parse("---\nalignment: 16\n...\n", "a.mir").unwrap_err();
        assert_eq!((e.pos, e.message.as_str()), (Some((2, 1)), "missing required key 'name'"));
        let e = parse("---\nname: foo\nselected: maybe\n", "a.mir").unwrap_err();
        assert_eq!((e.pos, e.message.as_str()), (Some((3, 11)), "invalid boolean"));
        let e = parse("---\nname: foo\nbogus: 1\n", "a.mir").unwrap_err();
        assert_eq!((e.pos, e.message.as_str()), (Some((3, 1)), "unknown key 'bogus'"));
        let e = parse("---\nname: foo\nregisters:\n  - { id: 0, class: _ }\n  - { id: 0, class: _ }\n", "a.mir")
            .unwrap_err();
        assert_eq!((e.pos, e.message.as_str()), (Some((5, 11)), "redefinition of virtual register '%0'"));
    }

    #[test]
    fn functions_must_be_in_the_ir() {
        let src = "--- |\n  define void @f() {\n    ret void\n  }\n...\n---\nname: g\n...\n";
        let e = parse(src, "a.mir").unwrap_err();
        assert_eq!((e.pos, e.message.as_str()), (None, "function 'g' isn't defined in the provided LLVM IR"));
    }

    const X86_IR: &str =
        "--- |\n  target triple = \"x86_64-unknown-linux-gnu\"\n  define void @f() {\n    ret void\n  }\n...\n";

    fn err(doc: &str) -> (Option<(u32, u32)>, String) {
        let e = parse(&format!("{X86_IR}{doc}"), "a.mir").unwrap_err();
        (e.pos, e.message)
    }

    #[test]
    fn registers_against_the_target() {
        let e = err("---\nname: f\nregisters:\n  - { id: 0, class: gr33 }\n");
        assert_eq!(e, (Some((10, 21)), "use of undefined register class or register bank 'gr33'".into()));
        let e = err("---\nname: f\nliveins:\n  - { reg: '$RDI' }\n");
        assert_eq!(e, (Some((10, 13)), "unknown register name 'RDI'".into()));
        let e = err("---\nname: f\nliveins:\n  - { reg: '%rdi' }\n");
        assert_eq!(e, (Some((10, 13)), "expected a named register".into()));
        assert!(parse(&format!("{X86_IR}---\nname: f\nregisters:\n  - {{ id: 0, class: gr64 }}\nliveins:\n  - {{ reg: '$rdi', virtual-reg: '%0' }}\n"), "a.mir").is_ok());
    }

    #[test]
    fn ir_errors_are_placed_in_the_file() {
        let e = parse("--- |\n  define void @f() {\n    bogus\n  }\n...\n", "a.mir").unwrap_err();
        assert_eq!(e.pos, Some((3, 5)));
        assert_eq!(e.source_line, "    bogus");
    }

    #[test]
    fn frame_checks() {
        let e = err("---\nname: f\nstack:\n  - { id: 0, size: 4, stack-id: scalable-vector }\n");
        assert_eq!(e, (Some((10, 11)), "StackID is not supported by target".into()));
        let e = err("---\nname: f\nframeInfo:\n  stackProtector: '%stack.3'\n");
        assert_eq!(e, (Some((10, 20)), "use of undefined stack object '%stack.3'".into()));
        let e = err("---\nname: f\nframeInfo:\n  maxAlignment: 4294967296\n");
        assert_eq!(e, (Some((10, 17)), "out of range number".into()));
        let e = err("---\nname: f\njumpTable:\n  kind: inline\n  entries:\n    - { id: 0, blocks: [ '%bb.7' ] }\nbody: |\n  bb.0:\n    RET 0\n");
        assert_eq!(e, (None, "use of undefined machine basic block #7".into()));
    }

    #[test]
    fn mirparser_checks_as_llc() {
        let e = err("---\nname: f\nliveins:\n  - { virtual-reg: '%0' }\n");
        assert_eq!(e, (Some((10, 7)), "missing required key 'reg'".into()));
        let e = err("---\nname: f\nstack:\n  - { id: 0, name: x, size: 4 }\n");
        assert_eq!(e, (Some((10, 20)), "alloca instruction named 'x' isn't defined in the function 'f'".into()));
        let e = err("---\nname: f\nregisters:\n  - { id: 0, class: gr32, preferred-register: '%3' }\n");
        assert_eq!(e, (None, "Cannot determine class/bank of virtual register 3 in function 'f'".into()));
    }

    #[test]
    fn functions_without_documents_and_the_targets_data_layout() {
        let src = "--- |\n  target datalayout = \"e\"\n  target triple = \"x86_64\"\n  define void @f() {\n    ret void\n  }\n  define void @g() {\n    ret void\n  }\n  declare void @h()\n...\n---\nname: f\n...\n";
        let f = parse(src, "a.mir").unwrap();
        let names: Vec<&str> = f.functions.iter().map(|m| m.name.value.as_str()).collect();
        assert_eq!(names, ["f", "g"]);
        assert!(f.functions[1].generated && f.functions[1].alignment == 16);
        let out = crate::print(&f);
        assert!(out.contains(
            "target datalayout = \"e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128\""
        ));
        assert!(out.contains("name:            g\nalignment:       16\n"));
        assert!(out.contains("noPhis:          false\nisSSA:           true\nnoVRegs:         false\n"));
    }

    #[test]
    fn frame_indices_of_function_info_by_position() {
        let ir = "--- |\n  target triple = \"amdgcn-amd-amdhsa\"\n  define void @f() {\n    ret void\n  }\n...\n";
        let doc = "---\nname: f\nstack:\n  - { id: 4, size: 4 }\nmachineFunctionInfo:\n  scavengeFI: '%stack.4'\nbody: |\n  bb.0:\n    S_ENDPGM 0\n";
        let e = parse(&format!("{ir}{doc}"), "a.mir").unwrap_err();
        assert_eq!((e.pos, e.message.as_str()), (Some((12, 17)), "invalid frame index 4"));
        let doc = doc.replace("%stack.4", "%stack.0");
        let out = crate::print(&parse(&format!("{ir}{doc}"), "a.mir").unwrap());
        assert!(out.contains("scavengeFI:      '%stack.0'"), "{out}");
    }

    /// A body printed from the model with llc's numbers (what llc-22 prints, checked by hand):
    /// virtual registers, blocks, stack objects, fixed stack objects in reverse and jump
    /// tables renumbered; constant-pool operands keep the id written.
    const JOIN: &str = r#"--- |
  target triple = "x86_64-unknown-linux-gnu"
  define void @f() {
    ret void
  }
...
---
name: f
registers:
  - { id: 5, class: gr64 }
constants:
  - { id: 3, value: 'double 1.0' }
  - { id: 7, value: 'double 1.0' }
jumpTable:
  kind: block-address
  entries:
    - { id: 9, blocks: [ '%bb.4' ] }
stack:
  - { id: 2, size: 8 }
fixedStack:
  - { id: 0, offset: 0, size: 8 }
  - { id: 1, offset: 8, size: 8 }
body: |
  bb.4:
    %5 = MOV64rm $rip, 1, $noreg, %const.7, $noreg
    %6:gr64 = LEA64r %stack.2, 1, $noreg, 0, $noreg
    %7:gr64 = LEA64r %fixed-stack.0, 1, $noreg, 0, $noreg
    %8:gr64 = LEA64r $rip, 1, $noreg, %jump-table.9, $noreg
    RET 0
...
"#;

    #[test]
    fn bodies_printed_with_llcs_numbers() {
        let out = crate::print(&parse(JOIN, "j.mir").unwrap());
        let want = "body:             |
  bb.0:
    %0:gr64 = MOV64rm $rip, 1, $noreg, %const.7, $noreg
    %1:gr64 = LEA64r %stack.0, 1, $noreg, 0, $noreg
    %2:gr64 = LEA64r %fixed-stack.1, 1, $noreg, 0, $noreg
    %3:gr64 = LEA64r $rip, 1, $noreg, %jump-table.0, $noreg
    RET 0
...
";
        assert!(out.ends_with(want), "{out}");
        assert!(out.contains(
            "registers:\n  - { id: 0, class: gr64, preferred-register: '', flags: [  ] }\n  - { id: 1, class: gr64,"
        ));
    }

    #[test]
    fn body_errors_at_their_file_position() {
        let src = JOIN.replace("RET 0", "RET 0, bogus");
        let e = parse(&src, "j.mir").unwrap_err();
        let want = "a typed immediate operand should start with one of 'i', 's', or 'p'";
        assert_eq!((e.pos, e.message.as_str(), e.source_line.as_str()), (Some((29, 12)), want, "    RET 0, bogus"));
        let src = JOIN.replace("    RET 0\n", "    RET 0, implicit\n");
        let e = parse(&src, "j.mir").unwrap_err();
        assert_eq!((e.pos, e.message.as_str()), (Some((29, 20)), "expected a register after register flags"));
    }

    #[test]
    fn call_sites_as_llc() {
        let body = "body: |\n  bb.0:\n    CALL64pcrel32 @f, csr_64, implicit $rsp, implicit $ssp\n    RET 0\n";
        let e = err(&format!("---\nname: f\ncallSites:\n  - {{ bb: 0, offset: 0 }}\n{body}"));
        assert_eq!(e, (None, "call site info provided but not used".into()));
        let e = err(&format!("---\nname: f\ncallSites:\n  - {{ bb: 0, offset: 1 }}\n{body}"));
        let want = "f call site info should reference call instruction. Instruction at bb:0 at offset:1 is not a call instruction";
        assert_eq!(e, (None, want.into()));
        let e = err(&format!("---\nname: f\ncallSites:\n  - {{ bb: 2, offset: 1 }}\n{body}"));
        assert_eq!(e, (None, "f instruction block out of range. Unable to reference bb:2".into()));
    }

    #[test]
    fn called_globals_as_llc() {
        let body = "body: |\n  bb.0:\n    CALL64pcrel32 @f, csr_64, implicit $rsp, implicit $ssp\n    RET 0\n";
        let e = err(&format!("---\nname: f\ncalledGlobals:\n  - {{ bb: 0, offset: 0, callee: zz, flags: 0 }}\n{body}"));
        assert_eq!(e, (Some((10, 33)), "use of undefined global 'zz'".into()));
        let src =
            format!("{X86_IR}---\nname: f\ncalledGlobals:\n  - {{ bb: 0, offset: 0, callee: f, flags: 0 }}\n{body}");
        let out = crate::print(&parse(&src, "a.mir").unwrap());
        assert!(out.contains("calledGlobals:\n  - bb:              0\n    offset:          0\n    callee:          f\n    flags:           0\nbody:"), "{out}");
    }

    #[test]
    fn yaml_syntax_errors_where_llvm_puts_them() {
        let e = parse("---\nname: f\nframeInfo:\n  maxAlignment: 1\n\tadjustsStack: false\n", "a.mir").unwrap_err();
        assert_eq!((e.pos, e.message.as_str()), (Some((5, 1)), "Found invalid tab character in indentation"));
        let e = parse("---\nname: f\nconstants: []\n machineFunctionInfo:\n  a: 1\n", "a.mir").unwrap_err();
        assert_eq!((e.pos, e.message.as_str()), (Some((4, 21)), "Unexpected token. Expected Key or Block End"));
    }
}
