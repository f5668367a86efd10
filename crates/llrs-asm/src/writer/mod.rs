//! The writer: prints a [`Module`] exactly as LLVM 22's `llvm-dis` does (AsmWriter.cpp), without
//! the `; ModuleID` line.
//!
//! One [`Writer`] walks the module once, writing into a single `Vec<u8>`. Numbering follows
//! LLVM's SlotTracker: module-level slots first ([`slots::ModuleSlots::new`]), then each
//! function's metadata, call-site attribute groups and local slots just before it is printed.

mod attributes;
mod constants;
mod instructions;
mod metadata;
mod module;
mod names;
mod slots;
mod summary;
mod summary_bitcode;
mod types;
mod value_print;

pub use constants::write_float;
pub use value_print::ValuePrinter;

use llrs_ir::metadata::Md;
use llrs_ir::module::{AsmId, GlobalId};
use llrs_ir::types::{Type, TypeId};
use llrs_ir::{BlockId, Context, Module, Value};
use names::{write_escaped, write_name, write_u64};
use slots::{FuncSlots, ModuleSlots};
use types::TypePrinter;

/// Prints `module` as `llvm-dis` does, appending to `out`.
pub fn print_module_into(module: &Module, out: Vec<u8>) -> Vec<u8> {
    print_with(module, out, module::PARALLEL_PRINT_MIN)
}

/// Prints `module` as `llvm-dis` does to `sink`, a piece at a time: the text is never held
/// whole. `head` comes first (a `; ModuleID` line, say).
pub fn print_module_to(module: &Module, head: &[u8], sink: &mut dyn std::io::Write) -> std::io::Result<()> {
    print_to_with(module, head, sink, module::PARALLEL_PRINT_MIN, module::STREAM_MIN)
}

/// What printing a module finds by walking the whole of it before it prints (types, slots, the
/// runs of functions for the threads), found ahead of time: while the module is verified, say.
/// Good for printing that module as it is when made, and no other.
pub struct PrintPrep {
    runs: Vec<std::ops::Range<usize>>,
    types: TypePrinter,
    slots: ModuleSlots,
    /// The module's functions and metadata nodes when made (a cheap check of its use).
    made_for: (usize, usize),
}

/// Finds what printing `module` needs before it prints, for [`print_prepared_to`]: on a large
/// module, work worth doing on a thread that would otherwise wait (while the module is
/// verified, say). It is done on the calling thread alone, so that it takes no room on the
/// thread pool from the work beside it.
pub fn prepare_print(module: &Module) -> PrintPrep {
    let runs = module::parallel_runs(module, module::PARALLEL_PRINT_MIN, module::STREAM_MIN);
    let (types, slots) = Writer::setup(module, !runs.is_empty(), false);
    PrintPrep { runs, types, slots, made_for: (module.functions.len(), module.ctx.num_mds()) }
}

/// [`crate::print_module_to`] with what [`prepare_print`] found for this same, unchanged module (found
/// again when it was made for another).
pub fn print_prepared_to(
    module: &Module,
    prep: PrintPrep,
    head: &[u8],
    sink: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    if prep.made_for != (module.functions.len(), module.ctx.num_mds()) {
        return print_module_to(module, head, sink);
    }
    llrs_ir::phases::mark("print");
    let mut w = Writer::from_parts(module, prep.runs, prep.types, prep.slots);
    w.out.extend_from_slice(head);
    finish_to(&mut w, sink)
}

/// [`print_module_to`], printing functions on several threads from `parallel_min`
/// instructions on, and a function of `stream_min` instructions or more straight to the sink.
pub(crate) fn print_to_with(
    module: &Module,
    head: &[u8],
    sink: &mut dyn std::io::Write,
    parallel_min: usize,
    stream_min: usize,
) -> std::io::Result<()> {
    llrs_ir::phases::mark("print");
    let mut w = Writer::with(module, module::parallel_runs(module, parallel_min, stream_min));
    w.parallel_min = parallel_min;
    w.stream_min = stream_min;
    w.out.extend_from_slice(head);
    finish_to(&mut w, sink)
}

/// Prints the whole module with `w`, its text so far first, to `sink`.
fn finish_to(w: &mut Writer<'_>, sink: &mut dyn std::io::Write) -> std::io::Result<()> {
    llrs_ir::phases::mark("print: types and slots");
    let mut sink: Sink<'_> = Some(sink);
    w.print_module(&mut sink);
    w.flush_out(&mut sink, 0);
    llrs_ir::phases::mark("print: done");
    match w.sink_err.take() {
        Some(err) => Err(err),
        None => Ok(()),
    }
}

/// [`print_module_into`], printing functions on several threads from `parallel_min`
/// instructions on.
pub(crate) fn print_with(module: &Module, out: Vec<u8>, parallel_min: usize) -> Vec<u8> {
    let mut w = Writer::with(module, module::parallel_runs(module, parallel_min, module::STREAM_MIN));
    w.parallel_min = parallel_min;
    w.out = out;
    w.print_module(&mut None);
    w.out
}

/// Where a writer's text goes as it is made ([`print_module_to`]); none: it stays in `out`.
type Sink<'s> = Option<&'s mut dyn std::io::Write>;

#[cfg(test)]
thread_local! {
    /// Tests: the start of the run of functions, and of the part of the metadata section, that
    /// report a node numbered late, as a module that has one would.
    pub(crate) static FORCE_LATE: std::cell::Cell<(Option<usize>, Option<usize>)> =
        const { std::cell::Cell::new((None, None)) };
}

/// Whether a part printed on another thread, starting at `start` of the functions (`md`:
/// of the metadata section), met a node numbered late; `met` is what it reported.
fn late(met: bool, start: usize, md: bool) -> bool {
    #[cfg(test)]
    {
        let (f, m) = FORCE_LATE.with(|c| c.get());
        if (if md { m } else { f }) == Some(start) {
            return true;
        }
    }
    let _ = (start, md);
    met
}

/// From this much text on, a writer with a sink hands its text over.
const FLUSH_MIN: usize = 1 << 20;

/// From this many functions or metadata nodes on, the writer's two module walks run at once.
const PARALLEL_SETUP_MIN: usize = 1000;

/// The type of a value, for printing and for comparing operand types.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum VTy {
    /// A type of the context.
    T(TypeId),
    /// `label`.
    Label,
    /// `metadata`.
    Metadata,
    /// `ptr` (inline asm).
    Ptr0,
}

/// The state of one module print.
pub(crate) struct Writer<'a> {
    m: &'a Module,
    c: &'a Context,
    out: Vec<u8>,
    types: std::sync::Arc<TypePrinter>,
    slots: std::sync::Arc<ModuleSlots>,
    /// The function being printed.
    func: Option<GlobalId>,
    /// Its local slots.
    fslots: FuncSlots,
    /// The datalayout's program address space.
    prog_as: u32,
    /// Every function's slots are made already (functions printed on several threads).
    slots_ready: bool,
    /// The runs of functions printed on separate threads (none: on this thread).
    runs: Vec<std::ops::Range<usize>>,
    /// Printing functions on several threads met what only printing in order can number.
    out_of_order: bool,
    /// Functions are printed on this thread only.
    in_order: bool,
    /// From how many instructions functions are printed on several threads.
    parallel_min: usize,
    /// From how many instructions a function printed on several threads' turn is printed on
    /// this thread straight to the sink ([`module::STREAM_MIN`]).
    stream_min: usize,
    /// The index of the function being printed straight to the sink, every slot made already:
    /// a node met unnumbered turns the writer to printing in order ([`Writer::switch_in_order`]).
    streaming: Option<usize>,
    /// The first error writing to the sink (nothing more is written after it).
    sink_err: Option<std::io::Error>,
}

/// The program address space of a datalayout string (`P<n>`).
fn program_addrspace(dl: Option<&[u8]>) -> u32 {
    let Some(dl) = dl else { return 0 };
    for part in dl.split(|&b| b == b'-') {
        if part.first() == Some(&b'P') {
            if let Ok(s) = std::str::from_utf8(&part[1..]) {
                if let Ok(n) = s.parse() {
                    return n;
                }
            }
        }
    }
    0
}

impl<'a> Writer<'a> {
    fn new(m: &'a Module) -> Self {
        Self::with(m, Vec::new())
    }

    /// A writer printing the functions of each of `runs` on its own thread (all on this one when
    /// there are none). With runs, the slots of every function are made up front, and a node
    /// any printing meets unnumbered marks the output out of order.
    fn with(m: &'a Module, runs: Vec<std::ops::Range<usize>>) -> Self {
        let (types, slots) = Self::setup(m, !runs.is_empty(), true);
        Self::from_parts(m, runs, types, slots)
    }

    /// The types and module slots of `m`; with every function's slots when `functions_first`.
    /// The type walk and the slots; both at the same time on a large module when `parallel`.
    fn setup(m: &Module, functions_first: bool, parallel: bool) -> (TypePrinter, ModuleSlots) {
        let slots = || {
            let mut slots = ModuleSlots::new(m);
            if functions_first {
                // In order, as printing in order makes them.
                for &g in &m.functions {
                    slots.process_function(m, g);
                }
            }
            slots
        };
        // Both walk the whole module: on a large one, at the same time.
        if parallel && (m.functions.len() >= PARALLEL_SETUP_MIN || m.ctx.num_mds() >= PARALLEL_SETUP_MIN) {
            rayon::join(|| TypePrinter::new(m), slots)
        } else {
            (TypePrinter::new(m), slots())
        }
    }

    /// A writer for `m` from its setup ([`Writer::setup`]).
    fn from_parts(m: &'a Module, runs: Vec<std::ops::Range<usize>>, types: TypePrinter, slots: ModuleSlots) -> Self {
        let functions_first = !runs.is_empty();
        Writer {
            m,
            c: &m.ctx,
            out: Vec::with_capacity(1 << 16),
            types: std::sync::Arc::new(types),
            slots: std::sync::Arc::new(slots),
            func: None,
            fslots: FuncSlots::default(),
            prog_as: program_addrspace(m.data_layout.as_deref()),
            slots_ready: functions_first,
            runs,
            out_of_order: false,
            in_order: false,
            parallel_min: module::PARALLEL_PRINT_MIN,
            stream_min: module::STREAM_MIN,
            streaming: None,
            sink_err: None,
        }
    }

    /// Hands the text made so far to the sink, once there is at least `min` bytes of it.
    fn flush_out(&mut self, sink: &mut Sink<'_>, min: usize) {
        if self.out.len() < min.max(1) {
            return;
        }
        if let Some(sink) = sink.as_mut() {
            if self.sink_err.is_none() {
                if let Err(err) = sink.write_all(&self.out) {
                    self.sink_err = Some(err);
                }
            }
            self.out.clear();
        }
    }

    fn write_type(&mut self, t: TypeId) {
        self.types.print(self.c, t, &mut self.out);
    }

    fn write_vty(&mut self, t: VTy) {
        match t {
            VTy::T(t) => self.write_type(t),
            VTy::Label => self.out.extend_from_slice(b"label"),
            VTy::Metadata => self.out.extend_from_slice(b"metadata"),
            VTy::Ptr0 => self.out.extend_from_slice(b"ptr"),
        }
    }

    /// Structural equality of value types.
    fn same_vty(&self, a: VTy, b: VTy) -> bool {
        let norm = |t: VTy| match t {
            VTy::T(id) => match self.c.type_of(id) {
                Type::Label => VTy::Label,
                Type::Metadata => VTy::Metadata,
                Type::Ptr(0) => VTy::Ptr0,
                _ => VTy::T(id),
            },
            o => o,
        };
        norm(a) == norm(b)
    }

    /// The type of a value in the current function.
    fn value_ty(&self, v: Value) -> VTy {
        match v {
            Value::Const(k) => VTy::T(self.c.const_of(k).ty()),
            Value::Arg(a) => {
                let params = self.func.map(|g| self.c.fn_params(self.m.globals[g].value_ty)).unwrap_or(&[]);
                match params.get(a as usize) {
                    Some(&t) => VTy::T(t),
                    None => VTy::Ptr0,
                }
            }
            Value::Inst(i) => {
                let body = self.func.and_then(|g| self.m.globals[g].func.as_deref()).and_then(|f| f.body.as_ref());
                match body.and_then(|b| b.insts.get(i)) {
                    Some(d) => VTy::T(d.ty),
                    None => VTy::Ptr0,
                }
            }
            Value::Block(_) => VTy::Label,
            Value::Md(_) => VTy::Metadata,
            Value::Asm(_) => VTy::Ptr0,
        }
    }

    /// `@name` or `@N`.
    fn write_global_ref(&mut self, g: GlobalId) {
        let gl = &self.m.globals[g];
        match gl.name {
            Some(n) => write_name(&mut self.out, Some(b'@'), self.c.name(n)),
            None => match self.slots.globals.get(g.0 as usize) {
                Some(&s) if s != slots::NONE => {
                    self.out.push(b'@');
                    write_u64(&mut self.out, s as u64);
                }
                _ => self.out.extend_from_slice(b"<badref>"),
            },
        }
    }

    /// A local value of the current function: `%name` or `%N`.
    fn write_local(&mut self, v: Value) {
        let name = self.func.and_then(|g| {
            let fd = self.m.globals[g].func.as_deref()?;
            match v {
                Value::Arg(a) => fd.arg_names.get(a as usize).copied().flatten(),
                Value::Inst(i) => fd.body.as_ref().and_then(|b| b.insts.get(i)?.name),
                Value::Block(b) => fd.body.as_ref().and_then(|bd| bd.blocks.get(b)?.name),
                _ => None,
            }
        });
        match name {
            Some(n) => write_name(&mut self.out, Some(b'%'), self.c.name(n)),
            None => match self.fslots.get(v) {
                Some(s) => {
                    self.out.push(b'%');
                    write_u64(&mut self.out, s as u64);
                }
                None => self.out.extend_from_slice(b"<badref>"),
            },
        }
    }

    /// A block of function `g` as an operand (`blockaddress`), numbered in that function.
    fn write_block_of(&mut self, g: GlobalId, b: BlockId) {
        if self.func == Some(g) {
            self.write_local(Value::Block(b));
            return;
        }
        let Some(fd) = self.m.globals[g].func.as_deref() else {
            self.out.extend_from_slice(b"<badref>");
            return;
        };
        let Some(body) = fd.body.as_ref() else {
            self.out.extend_from_slice(b"<badref>");
            return;
        };
        if let Some(n) = body.blocks.get(b).and_then(|bd| bd.name) {
            write_name(&mut self.out, Some(b'%'), self.c.name(n));
            return;
        }
        let fs = FuncSlots::new(self.c, fd);
        match fs.get(Value::Block(b)) {
            Some(s) => {
                self.out.push(b'%');
                write_u64(&mut self.out, s as u64);
            }
            None => self.out.extend_from_slice(b"<badref>"),
        }
    }

    /// `WriteAsOperandInternal` for a value: no type.
    fn write_value(&mut self, v: Value) {
        match v {
            Value::Const(k) => self.write_const(k),
            Value::Arg(_) | Value::Inst(_) | Value::Block(_) => self.write_local(v),
            Value::Md(m) => self.write_md_value(m),
            Value::Asm(a) => self.write_asm(a),
        }
    }

    /// Metadata as a value: like [`Writer::write_md`] but `null` never occurs here.
    fn write_md_value(&mut self, m: Md) {
        self.write_md(m);
    }

    /// `T v`.
    fn write_typed_value(&mut self, v: Value) {
        let t = self.value_ty(v);
        self.write_vty(t);
        self.out.push(b' ');
        self.write_value(v);
    }

    fn write_asm(&mut self, a: AsmId) {
        let asm = &self.m.asms[a];
        self.out.extend_from_slice(b"asm ");
        if asm.side_effect {
            self.out.extend_from_slice(b"sideeffect ");
        }
        if asm.align_stack {
            self.out.extend_from_slice(b"alignstack ");
        }
        if asm.intel {
            self.out.extend_from_slice(b"inteldialect ");
        }
        if asm.can_throw {
            self.out.extend_from_slice(b"unwind ");
        }
        self.out.push(b'"');
        write_escaped(&mut self.out, self.c.name(asm.asm));
        self.out.extend_from_slice(b"\", \"");
        write_escaped(&mut self.out, self.c.name(asm.constraints));
        self.out.push(b'"');
    }
}

#[cfg(test)]
mod tests;
