//! The module-level metadata read from each test module's bitcode (`X.ll.bc`) is the metadata of
//! the module the `.ll` parser reads from what `llvm-dis-22` prints for it (`X.ll.canon`): the
//! named metadata, and the attachments of global variables and function declarations, compared
//! node by node (each node reachable from them rendered with its fields and operands, numbered
//! in the order it is reached, so that neither node ids nor contexts matter; cycles are met
//! once). The attachments of function definitions and the metadata of function blocks come with
//! the function bodies and are not compared here. By default a fixed subset is read;
//! `LLRS_FULL_CORPUS=1` reads every module.

mod common;

use std::collections::{HashMap, VecDeque};
use std::path::PathBuf;

use common::{printed, written_modules};
use llrs_asm::ValuePrinter;
use llrs_bitcode::bitstream::{Cursor, Entry};
use llrs_bitcode::codes::{FUNCTION_BLOCK_ID, METADATA_ATTACHMENT_ID, METADATA_BLOCK_ID};
use llrs_bitcode::metadata::{AttachTarget, Env};
use llrs_bitcode::values::{ModuleValues, ValueSource};
use llrs_bitcode::{reader, Error};
use llrs_ir::metadata::Local;
use llrs_ir::module::GlobalId;
use llrs_ir::{DiValue, Md, MdId, MdKind, Module, Symbol};

/// The metadata reachable from a module's roots, as text independent of node ids.
struct Render<'m> {
    m: &'m Module,
    vp: ValuePrinter<'m>,
    num: HashMap<MdId, usize>,
    queue: VecDeque<MdId>,
    lines: Vec<String>,
}

impl<'m> Render<'m> {
    fn new(m: &'m Module) -> Self {
        Render { m, vp: ValuePrinter::new(m), num: HashMap::new(), queue: VecDeque::new(), lines: Vec::new() }
    }

    fn name(&self, s: llrs_ir::Symbol) -> String {
        String::from_utf8_lossy(self.m.ctx.name(s)).into_owned()
    }

    /// A reference: a node by its number (numbered when first met), anything else as itself.
    fn md(&mut self, md: Md) -> String {
        match md {
            Md::Null => "null".into(),
            Md::Str(s) => format!("!{:?}", self.name(s)),
            Md::Local(_) => "<local>".into(),
            Md::Const(_) => {
                let mut s = String::new();
                self.vp.metadata(md, &mut s);
                s
            }
            Md::Node(n) => {
                let next = self.num.len();
                let k = *self.num.entry(n).or_insert_with(|| {
                    self.queue.push_back(n);
                    next
                });
                format!("#{k}")
            }
        }
    }

    fn value(&mut self, v: &DiValue) -> String {
        match v {
            DiValue::Md(m) => self.md(*m),
            DiValue::Int(i) => i.to_string(),
            DiValue::Str(s) => format!("{:?}", self.name(*s)),
            DiValue::Ident(s) | DiValue::BigInt(s) => self.name(*s),
            DiValue::Flags(f) => f.iter().map(|&s| self.name(s)).collect::<Vec<_>>().join(" | "),
            DiValue::List(l) => {
                let items: Vec<String> = l.iter().map(|&m| self.md(m)).collect();
                format!("{{{}}}", items.join(", "))
            }
        }
    }

    /// A root line, then the nodes it reaches that are new.
    fn root(&mut self, line: String) {
        self.lines.push(line);
        while let Some(n) = self.queue.pop_front() {
            let node = self.m.ctx.md(n).clone();
            let kind = match node.kind {
                MdKind::Tuple => String::from("!"),
                MdKind::Special(k) => self.name(k),
                MdKind::Expression => String::from("DIExpression"),
                MdKind::ArgList => String::from("DIArgList"),
                MdKind::Location { line, column, bits } => format!("DILocation({line}, {column}, {bits})"),
            };
            let mut items: Vec<String> = node.ops.iter().map(|&o| self.md(o)).collect();
            for (f, v) in node.fields.iter() {
                let v = self.value(v);
                items.push(match f {
                    Some(f) => format!("{}: {v}", self.name(*f)),
                    None => v,
                });
            }
            let k = self.num[&n];
            let distinct = if node.distinct { "distinct " } else { "" };
            self.lines.push(format!("  #{k} = {distinct}{kind}({})", items.join(", ")));
        }
    }

    /// The named metadata, the attachments of global variables and functions, and those of
    /// instructions but `!dbg` (`insts`: function, index of the instruction in its body, kind,
    /// node).
    fn module(m: &'m Module, insts: &[InstAttachment]) -> Vec<String> {
        let mut r = Render::new(m);
        for (name, ops) in &m.named_md {
            let refs: Vec<String> = ops.iter().map(|&o| r.md(Md::Node(o))).collect();
            let line = format!("!{} = {{{}}}", r.name(*name), refs.join(", "));
            r.root(line);
        }
        for &g in m.vars.iter().chain(&m.functions) {
            let gl = &m.globals[g];
            let mut md: Vec<(String, MdId)> = gl.md.iter().map(|&(k, n)| (r.name(k), n)).collect();
            md.sort_by(|a, b| a.0.cmp(&b.0));
            for (k, n) in md {
                let name = gl.name.map(|s| r.name(s)).unwrap_or_default();
                let line = format!("@{name} !{k} {}", r.md(Md::Node(n)));
                r.root(line);
            }
        }
        let mut insts: Vec<(usize, u32, String, MdId)> = insts
            .iter()
            .map(|&(g, i, k, n)| (m.functions.iter().position(|&f| f == g).unwrap_or(usize::MAX), i, r.name(k), n))
            .collect();
        insts.sort_by(|a, b| (a.0, a.1, &a.2).cmp(&(b.0, b.1, &b.2)));
        for (f, i, k, n) in insts {
            let line = format!("function {f} instruction {i} !{k} {}", r.md(Md::Node(n)));
            r.root(line);
        }
        r.lines
    }
}

/// An attachment of an instruction: its function, its index in the body, its kind and node.
type InstAttachment = (GlobalId, u32, Symbol, MdId);

/// The attachments of the instructions of a module's bodies, but `!dbg`.
fn inst_attachments(m: &Module) -> Vec<InstAttachment> {
    let mut out = Vec::new();
    for &g in &m.functions {
        let Some(body) = m.globals[g].func.as_ref().and_then(|f| f.body.as_ref()) else { continue };
        let insts = body.layout.iter().flat_map(|&b| body.blocks[b].insts.iter());
        for (i, &inst) in insts.enumerate() {
            for &(k, n) in body.insts[inst].md.iter() {
                if m.ctx.name(k) != b"dbg" {
                    out.push((g, i as u32, k, n));
                }
            }
        }
    }
    out
}

/// The value list of a body as its metadata sees it here: the module's values, and for the
/// ids after them stand-ins for the body's own values (its arguments, constants and
/// instructions are not read by this test).
struct BodyValues<'a> {
    module: ModuleValues<'a>,
    base: u64,
}

impl ValueSource for BodyValues<'_> {
    fn value_md(&mut self, module: &mut Module, id: u64, ty: llrs_ir::TypeId) -> Option<Md> {
        if id < self.base {
            return self.module.value_md(module, id, ty);
        }
        Some(Md::Local(Local::Arg((id - self.base) as u32)))
    }
}

/// Reads the metadata of the first module of `bytes`: the module's, then each function block's
/// with the function's own attachments (its instructions' are left to the body reader); and
/// what LLVM upgrades of it once the module is read.
fn read(bytes: &[u8]) -> Result<(Module, Vec<InstAttachment>), Error> {
    let mods = reader::modules(bytes)?;
    let Some(src) = mods.first() else { return Err(Error::new("no module")) };
    let mut m = Module::default();
    let mut sk = reader::read_header(src, "t.ll", &mut m)?;
    let base = sk.values.len() as u64;
    let mut insts: Vec<InstAttachment> = Vec::new();
    let stream = |e| Error::new(format!("{e:?}"));
    for (g, bit) in sk.body_places(&m)? {
        let mut cur = Cursor::new(src.bytes);
        cur.jump_to(bit).map_err(stream)?;
        cur.enter_block(FUNCTION_BLOCK_ID, &sk.info).map_err(stream)?;
        let size = sk.metadata.size();
        loop {
            match cur.advance().map_err(stream)? {
                Entry::EndBlock => break,
                Entry::SubBlock(METADATA_BLOCK_ID) => {
                    let mut values = BodyValues { module: ModuleValues { list: &mut sk.values }, base };
                    let mut env = Env { module: &mut m, types: &mut sk.types, values: &mut values };
                    sk.metadata.parse_metadata(&mut cur, &sk.info, &mut env, false)?;
                }
                Entry::SubBlock(METADATA_ATTACHMENT_ID) => {
                    for a in sk.metadata.parse_attachments(&mut cur, &sk.info, &mut m, usize::MAX)? {
                        match a.target {
                            AttachTarget::Function => m.globals[g].md.push((a.kind, a.node)),
                            // `setMetadata`: one attachment of a kind.
                            AttachTarget::Inst(i) => {
                                insts.retain(|x| !(x.0 == g && x.1 == i && x.2 == a.kind));
                                insts.push((g, i, a.kind, a.node));
                            }
                        }
                    }
                }
                Entry::SubBlock(_) => cur.skip_block().map_err(stream)?,
                Entry::Record(a) => {
                    cur.read_record(a).map_err(stream)?;
                }
            }
        }
        sk.metadata.shrink_to(size);
    }
    // `materializeModule`'s upgrades that concern metadata, in its order.
    llrs_upgrade::upgrade_debug_info(&mut m);
    llrs_upgrade::upgrade_module_flags(&mut m);
    llrs_upgrade::upgrade_nvvm_annotations(&mut m);
    llrs_upgrade::copy_module_attr_to_functions(&mut m);
    Ok((m, insts))
}

/// `LLRS_MD_SHOW=file.bc`: prints the metadata of a bitcode file as read, and of its print
/// (`file.bc` then `llvm-dis-22` of it, as `file.ll`) when there is one, for looking into a
/// difference.
#[test]
fn show_one() {
    let Some(path) = std::env::var_os("LLRS_MD_SHOW") else { return };
    let bytes = std::fs::read(&path).expect("read");
    let start = std::time::Instant::now();
    let got = read(&bytes);
    eprintln!("read in {:?}", start.elapsed());
    match got {
        Ok((m, insts)) => eprintln!("read:\n{}", Render::module(&m, &insts).join("\n")),
        Err(e) => eprintln!("read: {e}"),
    }
    let text = std::path::PathBuf::from(&path).with_extension("ll");
    if let Ok(text) = std::fs::read(text) {
        match llrs_asm::parse_module(&text, "t.ll") {
            Ok(m) => eprintln!("printed:\n{}", Render::module(&m, &inst_attachments(&m)).join("\n")),
            Err(e) => eprintln!("printed: {}", e.message),
        }
    }
}

/// Compares the metadata of each bitcode file with that of its print (`with_insts`: the
/// attachments of instructions too); returns the modules compared and the differences. Modules the reader fails on before its metadata is in question
/// (the value list's "Invalid value ID") are set apart.
fn compare(pairs: &[(PathBuf, PathBuf)], with_insts: bool) -> (usize, Vec<String>) {
    let mut wrong = Vec::new();
    let (mut checked, mut with_md, mut unparsed) = (0usize, 0usize, 0usize);
    let mut elsewhere = Vec::new();
    for (f, canon) in pairs {
        // `llvm-dis` warned that it dropped the debug info as the verifier found it broken
        // (`UpgradeDebugInfo`): that is the verifier's to find.
        if PathBuf::from(format!("{}.warning", f.display())).exists() {
            continue;
        }
        let Ok(text) = std::fs::read(canon) else { continue };
        let Ok(want) = llrs_asm::parse_module(&text, "t.ll") else {
            unparsed += 1;
            continue;
        };
        let bytes = std::fs::read(f).expect("read");
        let (got, got_insts) = match read(&bytes) {
            Ok(r) => r,
            Err(e) if e.message.starts_with("Invalid value ID") => {
                elsewhere.push(format!("{}: {e}", f.display()));
                continue;
            }
            Err(e) => {
                wrong.push(format!("{}: {e}", f.display()));
                continue;
            }
        };
        checked += 1;
        let want_insts = if with_insts { inst_attachments(&want) } else { Vec::new() };
        let got_insts = if with_insts { got_insts } else { Vec::new() };
        let (w, g) = (Render::module(&want, &want_insts), Render::module(&got, &got_insts));
        if !w.is_empty() {
            with_md += 1;
        }
        if w != g {
            let at = w.iter().zip(&g).position(|(a, b)| a != b).unwrap_or(w.len().min(g.len()));
            let show = |v: &[String]| v.get(at).map_or("<none>".into(), |s| s.chars().take(600).collect::<String>());
            wrong.push(format!("{}: line {at}\n  want {}\n  got  {}", f.display(), show(&w), show(&g)));
        }
    }
    eprintln!(
        "{} of {checked} modules' metadata differ ({with_md} with metadata; {unparsed} printed modules not \
         parsed; {} not read for the value list):\n{}",
        wrong.len(),
        elsewhere.len(),
        wrong[..wrong.len().min(30)].join("\n")
    );
    for e in &elsewhere {
        eprintln!("  (value list) {e}");
    }
    (checked, wrong)
}

/// The test modules and programs `llvm-as-22` wrote.
#[test]
fn module_metadata_is_the_printed_one() {
    let pairs: Vec<(PathBuf, PathBuf)> = written_modules().into_iter().map(|f| (f.clone(), printed(&f))).collect();
    let (_, mut wrong) = compare(&pairs, true);
    // Calls of old AMDGPU atomic intrinsics become `atomicrmw` instructions with attachments of
    // their own (`UpgradeIntrinsicCall`), and their declarations go: the body reader's upgrades.
    const LATER: &[&str] = &[
        "AMDGPU/GlobalISel/fp64-atomics-gfx90a.ll.bc",
        "AMDGPU/atomics-hw-remarks-gfx90a.ll.bc",
        "AMDGPU/global-atomics-fp-wrong-subtarget.ll.bc",
        "AtomicExpand/AMDGPU/expand-atomic-rmw-fadd.ll.bc",
    ];
    wrong.retain(|w| !LATER.iter().any(|l| w.contains(l)));
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Bitcode written by LLVM 14, 15, 16 and 19 (`bitcode/vN/X.bc`, printed by `llvm-dis-22` as
/// `X.bc.canon`): the old layouts of records and their upgrades.
#[test]
fn old_module_metadata_is_the_printed_one() {
    let root = common::corpus().join("bitcode");
    let mut files = Vec::new();
    for v in ["v14", "v15", "v16", "v19", "v22-uselists"] {
        common::bitcode_files(&root.join(v), &mut files);
    }
    let pairs: Vec<(PathBuf, PathBuf)> = common::subset(files)
        .into_iter()
        .map(|f| (f.clone(), PathBuf::from(format!("{}.canon", f.display()))))
        .collect();
    // Old files count debug intrinsic calls among the instructions, and upgrades of intrinsics
    // make or drop some: their instructions' attachments wait for the body reader.
    let (_, mut wrong) = compare(&pairs, false);
    // `copyModuleAttrToFunctions` sets the branch-protection flags to 2 once it has given their
    // attributes to the functions with a body, which this test does not read.
    const LATER: &[&str] = &["Thumb2/pacbti-m-basic.bc", "AArch64/link-branch-target-enforcement.bc"];
    wrong.retain(|w| !LATER.iter().any(|l| w.contains(l)));
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
