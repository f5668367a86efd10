//! The work on each machine-function document once the IR module is read ([`Reading`]: read,
//! checked in MIRParser's order, parsed and printed; it shares nothing mutable, so documents can
//! be read on several threads), and the collection of the results in document order
//! ([`Collected`], [`complete`]).

use rustc_hash::{FxHashMap, FxHashSet};

use crate::function::body::{parse_function_body, print_function_body, renumber_jump_tables};
use crate::function::check::{check_after_body, check_before_body, check_frame, CheckError};
use crate::function::read::read_function;
use crate::function::{BodyFacts, MachineFunction, TargetKind};
use crate::parse::{error_at, error_nopos, Error, Lines, MirFile, DEFAULT_DATA_LAYOUT};
use crate::yaml::input::check_duplicates;
use crate::yaml::tree::{Kind, Mark, Node};

/// What every machine-function document is read against.
pub(crate) struct Reading<'m> {
    file: &'m str,
    lines: &'m Lines<'m>,
    module: Option<&'m llrs_ir::Module>,
    module_ir: Option<crate::mi::ModuleIr<'m>>,
    adapter: Option<crate::mi::TargetAdapter>,
    target: TargetKind,
    target_info: Option<&'static crate::target::Target>,
    /// Without a module, llc's dummy module has its default target's data layout.
    dummy_layout: Option<llrs_ir::datalayout::DataLayout>,
    /// The position of each function in the module's function list (llc's printing order).
    fn_rank: FxHashMap<llrs_ir::GlobalId, usize>,
    /// The module's globals by name, the first of each name (as `Module::global_named` finds
    /// them), made once: a look-up per machine function, not a walk of the globals.
    by_name: FxHashMap<llrs_ir::Symbol, llrs_ir::GlobalId>,
}

/// A machine function read, checked, parsed and printed.
pub(crate) struct Read {
    mf: MachineFunction,
    facts: BodyFacts,
    printed: String,
    /// The constant pool's entries that take their type's alignment.
    defaults: Vec<bool>,
}

impl<'m> Reading<'m> {
    /// The reading of the documents of `out`'s file against `module` (and its text, which
    /// `!N` references and quoted constants are read against).
    pub(crate) fn new(
        out: &MirFile,
        module: Option<&'m llrs_ir::Module>,
        ir_text: Option<String>,
        file: &'m str,
        lines: &'m Lines<'m>,
    ) -> Self {
        let module_ir = module.map(|m| {
            let mut x = crate::mi::ModuleIr::new(m);
            if let Some(t) = ir_text {
                x.set_ir_text(t.as_bytes());
            }
            x
        });
        let dummy_layout = match module {
            Some(_) => None,
            None => llrs_ir::datalayout::DataLayout::parse(DEFAULT_DATA_LAYOUT).ok(),
        };
        let fn_rank =
            module.map(|m| m.functions.iter().enumerate().map(|(i, &g)| (g, i)).collect()).unwrap_or_default();
        let by_name = module
            .map(|m| {
                let mut map = FxHashMap::default();
                for (g, gl) in m.globals.iter() {
                    if let Some(n) = gl.name {
                        map.entry(n).or_insert(g);
                    }
                }
                map
            })
            .unwrap_or_default();
        Reading {
            file,
            lines,
            module,
            module_ir,
            adapter: out.target_info.map(crate::mi::TargetAdapter::new),
            target: out.target,
            target_info: out.target_info,
            dummy_layout,
            fn_rank,
            by_name,
        }
    }

    fn mi_target(&self) -> &dyn crate::mi::TargetInfo {
        match &self.adapter {
            Some(a) => a,
            None => &crate::mi::NoTarget,
        }
    }

    /// `Module::function_named`, through `by_name`.
    fn function_named(&self, name: &str) -> Option<llrs_ir::GlobalId> {
        let m = self.module?;
        let g = *self.by_name.get(&m.ctx.names.lookup(name.as_bytes())?)?;
        (m.globals[g].kind == llrs_ir::GlobalKind::Function).then_some(g)
    }

    /// The document's fields read, up to the check that its function is in the module; with
    /// its rank in llc's printing order.
    pub(crate) fn start(&self, root: &Node) -> Result<(MachineFunction, usize), Error> {
        let yaml_err = |e: crate::yaml::input::YamlError| error_at(self.file, self.lines, e.at, e.message);
        check_duplicates(root).map_err(yaml_err)?;
        let mut mf = read_function(root, self.target).map_err(yaml_err)?;
        let name = &mf.name.value;
        let Some(m) = self.module else { return Ok((mf, usize::MAX)) };
        let func = self.function_named(name);
        if let crate::function::model::FunctionInfo::Fields(fields) = &mut mf.function_info {
            let c_conv = func.and_then(|g| m.globals[g].func.as_ref()).is_some_and(|f| f.cconv == 0);
            if self.target == TargetKind::Amdgpu && c_conv {
                crate::function::amdgpu_info::add_default_arguments(fields);
            }
        }
        match func {
            Some(g) => Ok((mf, self.fn_rank.get(&g).copied().unwrap_or(usize::MAX))),
            None => {
                let name = &mf.name.value;
                Err(error_nopos(self.file, format!("function '{name}' isn't defined in the provided LLVM IR")))
            }
        }
    }

    /// The rest of the document's work: MIRParser's checks around the body, the body parsed,
    /// the constant pool merged and the body printed. `names`: the machine functions read so
    /// far, this one included (what a body may call without a module).
    pub(crate) fn finish(&self, mut mf: MachineFunction, names: &FxHashSet<String>) -> Result<Read, Error> {
        let check_err = |e: CheckError| match e.at {
            Some(at) => error_at(self.file, self.lines, at, e.message),
            None => error_nopos(self.file, e.message),
        };
        let mi_target = self.mi_target();
        check_before_body(&mf, self.target_info).map_err(check_err)?;
        let func = self.function_named(&mf.name.value);
        let fir;
        let dummy;
        let ir: &dyn crate::mi::IrInfo = match &self.module_ir {
            Some(m) => {
                fir = m.function(mf.name.value.as_bytes());
                &fir
            }
            None => {
                dummy = crate::function::body::DummyIr { functions: names, layout: self.dummy_layout.as_ref() };
                &dummy
            }
        };
        let file_line = |n: u32| self.lines.line(n).to_string();
        let mut body = match parse_function_body(&mf, mi_target, ir, &file_line) {
            Ok(body) => body,
            Err(e) => {
                // llc checks the frame information and the jump tables between the block
                // definitions and the instructions.
                if crate::function::body::from_block_definitions(&mf.body, &e) {
                    return Err(check_err(e));
                }
                let facts = BodyFacts::written_blocks(&mf.body.text);
                check_frame(&mf, &facts, self.target, self.target_info, self.module, func).map_err(check_err)?;
                return Err(check_err(e));
            }
        };
        let facts = BodyFacts::from_body(&body);
        check_frame(&mf, &facts, self.target, self.target_info, self.module, func).map_err(check_err)?;
        check_after_body(&mf, &facts, &body, mi_target, self.target_info, self.module).map_err(check_err)?;
        // The constant pool as llc builds it (after the checks of the entries as written); the
        // body printed with its numbers.
        let (pool, slots, defaults) = crate::function::constants::merge_pool(&mf.constants);
        (mf.constants, mf.constant_slots) = (pool, slots);
        renumber_jump_tables(&mut body, &mf);
        let printed = print_function_body(&body, &mf, mi_target);
        drop(body);
        // The body's text is not needed any more (its printed form is kept), nor the entries of
        // `registers:` that only give a class (the facts have the classes).
        mf.body.text = String::new();
        mf.registers.retain(|r| !r.preferred_register.value.is_empty() || !r.flags.is_empty());
        mf.registers.shrink_to_fit();
        Ok(Read { mf, facts, printed, defaults })
    }
}

/// The machine functions read so far, in document order.
#[derive(Default)]
pub(crate) struct Collected {
    functions: Vec<MachineFunction>,
    facts: Vec<BodyFacts>,
    bodies: Vec<Option<String>>,
    /// Each function's rank in llc's printing order and its place in `functions`.
    order: Vec<(usize, usize)>,
    /// Per function, its constant pool's entries that take their type's alignment.
    pending_alignments: Vec<(usize, Vec<bool>)>,
    /// The names of the machine functions read.
    pub(crate) names: FxHashSet<String>,
}

impl Collected {
    /// Records the next document's function name: an error if a function of that name was
    /// read before.
    pub(crate) fn add_name(&mut self, name: &str, file: &str) -> Result<(), Error> {
        if !self.names.insert(name.to_string()) {
            return Err(error_nopos(file, format!("redefinition of machine function '{name}'")));
        }
        Ok(())
    }

    /// Adds the next document's function.
    pub(crate) fn push(&mut self, rank: usize, read: Read) {
        if read.defaults.iter().any(|&d| d) {
            self.pending_alignments.push((self.functions.len(), read.defaults));
        }
        self.order.push((rank, self.functions.len()));
        self.functions.push(read.mf);
        self.facts.push(read.facts);
        self.bodies.push(Some(read.printed));
    }
}

/// `out` with the functions read and `module`: the constant pools' default alignments, a
/// machine function for each function of the module that has no document, in llc's order.
pub(crate) fn complete(mut out: MirFile, module: Option<llrs_ir::Module>, got: Collected) -> MirFile {
    let Collected { functions, facts, bodies, mut order, pending_alignments, names } = got;
    (out.functions, out.facts, out.bodies) = (functions, facts, bodies);
    out.module = module;
    // The default alignments of the constant pools, from the module's data layout.
    for (i, defaults) in pending_alignments {
        if let Some(mf) = out.functions.get_mut(i) {
            crate::function::constants::fill_default_alignments(&mut mf.constants, &defaults, out.module.as_mut());
        }
    }
    // llc makes a machine function for every function the module defines.
    if let Some(m) = &out.module {
        for (rank, &g) in m.functions.iter().enumerate() {
            let Some(name) = m.globals[g].name else { continue };
            let defined = m.globals[g].func.as_ref().is_some_and(|f| f.body.is_some());
            let name = String::from_utf8_lossy(m.ctx.name(name)).into_owned();
            if !defined || names.contains(&name) {
                continue;
            }
            // `optsize`/`minsize` keep the minimum alignment (x86: 1) instead of the preferred.
            let opt_size = m.globals[g].func.as_ref().is_some_and(|f| {
                m.ctx.attrs_of(f.attrs.func).iter().any(|a| {
                    !matches!(a.arg, llrs_ir::attributes::AttrArg::Str(_))
                        && matches!(m.ctx.name(a.kind), b"optsize" | b"minsize")
                })
            });
            let alignment = match out.target {
                TargetKind::X86 | TargetKind::Unknown if opt_size => 1,
                t => t.default_function_alignment(),
            };
            let mf = MachineFunction {
                name: crate::yaml::input::StrVal::new(name),
                alignment,
                tracks_reg_liveness: true,
                no_phis: Some(false),
                is_ssa: Some(true),
                no_vregs: Some(false),
                has_fake_uses: Some(false),
                function_info: crate::function::target_info::read_function_info(
                    &Node { kind: Kind::Null, start: Mark::default(), flow: false },
                    out.target,
                )
                .unwrap_or_default(),
                generated: true,
                ..MachineFunction::default()
            };
            order.push((rank, out.functions.len()));
            out.functions.push(mf);
            out.facts.push(BodyFacts::default());
            out.bodies.push(None);
        }
    }
    // llc prints machine functions in the module's order.
    order.sort();
    if order.windows(2).any(|w| w[0].1 > w[1].1) {
        let mut fs: Vec<Option<MachineFunction>> = out.functions.drain(..).map(Some).collect();
        let mut facts: Vec<Option<BodyFacts>> = out.facts.drain(..).map(Some).collect();
        let mut bodies: Vec<Option<Option<String>>> = out.bodies.drain(..).map(Some).collect();
        for &(_, i) in &order {
            if let (Some(f), Some(x), Some(b)) = (fs[i].take(), facts[i].take(), bodies[i].take()) {
                out.functions.push(f);
                out.facts.push(x);
                out.bodies.push(b);
            }
        }
    }
    out
}
