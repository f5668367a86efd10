//! Module layout (`printModule`), globals, aliases, ifuncs, comdats, functions and blocks.

use super::names::{write_escaped, write_name, write_quoted, write_u64};
use super::slots::FuncSlots;
use super::Writer;
use llrs_ir::attributes::AttrsId;
use llrs_ir::callconv::cc_print_name;
use llrs_ir::function::Body;
use llrs_ir::instructions::InstExtra;
use llrs_ir::module::{
    sanitizer, ComdatId, DllStorage, Global, GlobalId, Linkage, ThreadLocal, UnnamedAddr, Visibility,
};
use llrs_ir::{BlockId, Value};
use rayon::prelude::*;
use rustc_hash::FxHashSet;

/// Below this many instructions, functions are printed on one thread.
pub(super) const PARALLEL_PRINT_MIN: usize = 20_000;

/// From this many instructions on, a function printed to a sink is printed on the calling
/// thread straight to the sink, a piece at a time, not whole into a buffer.
pub(super) const STREAM_MIN: usize = 100_000;

/// The runs of functions of `m` (by index) to print on separate threads, of about equal size;
/// none when the functions print on this thread: a module of fewer than `parallel_min`
/// instructions, or of one function, or one thread. A function of `stream_min` instructions
/// or more is a run of its own.
pub(super) fn parallel_runs(
    m: &llrs_ir::Module,
    parallel_min: usize,
    stream_min: usize,
) -> Vec<std::ops::Range<usize>> {
    let threads = rayon::current_num_threads();
    if threads < 2 || m.functions.len() < 2 {
        return Vec::new();
    }
    let sizes = llrs_ir::runs::function_sizes(m);
    if sizes.iter().sum::<usize>() < parallel_min {
        return Vec::new();
    }
    let mut runs = Vec::new();
    for run in llrs_ir::runs::balanced_runs(&sizes, threads * 16) {
        let mut start = run.start;
        for i in run.clone() {
            if sizes[i] >= stream_min {
                if start < i {
                    runs.push(start..i);
                }
                runs.push(i..i + 1);
                start = i + 1;
            }
        }
        if start < run.end {
            runs.push(start..run.end);
        }
    }
    runs
}

impl<'a> Writer<'a> {
    /// `AssemblyWriter::printModule`.
    pub(super) fn print_module(&mut self, sink: &mut super::Sink<'_>) {
        let m = self.m;
        let summary = super::summary_bitcode::round_trip(m);
        if let super::summary_bitcode::RoundTrip::Combined(idx) = &summary {
            // `llvm-as` writes a combined index instead of an empty module.
            self.out.extend_from_slice(b"source_filename = \"<stdin>\"\n");
            super::summary::write_summary_index(&mut self.out, idx);
            return;
        }
        if let Some(s) = &m.source_filename {
            if !s.is_empty() {
                self.out.extend_from_slice(b"source_filename = \"");
                write_escaped(&mut self.out, s);
                self.out.extend_from_slice(b"\"\n");
            }
        }
        if let Some(dl) = &m.data_layout {
            if !dl.is_empty() {
                self.out.extend_from_slice(b"target datalayout = \"");
                self.out.extend_from_slice(dl);
                self.out.extend_from_slice(b"\"\n");
            }
        }
        if let Some(t) = &m.triple {
            if !t.is_empty() {
                self.out.extend_from_slice(b"target triple = \"");
                self.out.extend_from_slice(t);
                self.out.extend_from_slice(b"\"\n");
            }
        }
        if !m.module_asm.is_empty() {
            self.out.push(b'\n');
            let mut rest: &[u8] = &m.module_asm;
            loop {
                let (front, tail) = match rest.iter().position(|&b| b == b'\n') {
                    Some(i) => (&rest[..i], &rest[i + 1..]),
                    None => (rest, &rest[rest.len()..]),
                };
                self.out.extend_from_slice(b"module asm \"");
                write_escaped(&mut self.out, front);
                self.out.extend_from_slice(b"\"\n");
                rest = tail;
                if rest.is_empty() {
                    break;
                }
            }
        }
        self.print_type_identities();

        // Comdats used by global objects: functions first, then variables.
        let mut comdats: Vec<ComdatId> = Vec::new();
        let mut seen = FxHashSet::default();
        for &g in m.functions.iter().chain(m.vars.iter()) {
            if let Some(cd) = m.globals[g].comdat {
                if seen.insert(cd) {
                    comdats.push(cd);
                }
            }
        }
        if !comdats.is_empty() {
            self.out.push(b'\n');
        }
        for (i, &cd) in comdats.iter().enumerate() {
            let comdat = &m.comdats[cd];
            write_name(&mut self.out, Some(b'$'), self.c.name(comdat.name));
            self.out.extend_from_slice(b" = comdat ");
            self.out.extend_from_slice(comdat.kind.name().as_bytes());
            self.out.push(b'\n');
            if i + 1 != comdats.len() {
                self.out.push(b'\n');
            }
        }

        if !m.vars.is_empty() {
            self.out.push(b'\n');
        }
        for &g in &m.vars {
            self.print_global_var(g);
            self.out.push(b'\n');
            self.flush_out(sink, super::FLUSH_MIN);
        }
        if !m.aliases.is_empty() {
            self.out.push(b'\n');
        }
        for &g in &m.aliases {
            self.print_alias(g, false);
        }
        if !m.ifuncs.is_empty() {
            self.out.push(b'\n');
        }
        for &g in &m.ifuncs {
            self.print_alias(g, true);
        }
        llrs_ir::phases::mark("print: functions");
        if !self.print_functions(sink) {
            // Finished in order from where a function met a node only printing in order numbers.
            return;
        }
        llrs_ir::phases::mark("print: metadata");
        self.print_module_rest(&summary, sink);
    }

    /// What follows the functions: attribute groups, named and numbered metadata, the summary.
    fn print_module_rest(&mut self, summary: &super::summary_bitcode::RoundTrip<'_>, sink: &mut super::Sink<'_>) {
        let m = self.m;
        if !self.slots.attr_order.is_empty() {
            self.out.push(b'\n');
            self.write_attr_groups();
        }
        if !m.named_md.is_empty() {
            self.out.push(b'\n');
        }
        self.write_named_md();
        if !self.slots.md.order.is_empty() {
            self.out.push(b'\n');
            self.write_all_md(sink);
        }
        if let Some(idx) = summary.after_module() {
            super::summary::write_summary_index(&mut self.out, idx);
        }
    }

    fn print_type_identities(&mut self) {
        if self.types.is_empty() {
            return;
        }
        self.out.push(b'\n');
        let c = self.c;
        for i in 0..self.types.numbered.len() {
            let s = self.types.numbered[i];
            self.out.push(b'%');
            write_u64(&mut self.out, i as u64);
            self.out.extend_from_slice(b" = type ");
            self.types.print_struct_body(c, s, &mut self.out);
            self.out.push(b'\n');
        }
        for i in 0..self.types.named.len() {
            let s = self.types.named[i];
            if let Some(n) = c.structs[s].name {
                write_name(&mut self.out, Some(b'%'), c.name(n));
            }
            self.out.extend_from_slice(b" = type ");
            self.types.print_struct_body(c, s, &mut self.out);
            self.out.push(b'\n');
        }
    }

    /// Linkage, dso_local, visibility, dll storage: the common prefix of global values.
    fn write_linkage_etc(&mut self, gl: &Global, dll: bool) {
        if gl.linkage != Linkage::External {
            self.out.extend_from_slice(gl.linkage.name().as_bytes());
            self.out.push(b' ');
        }
        let implicit =
            gl.linkage.is_local() || (gl.visibility != Visibility::Default && gl.linkage != Linkage::ExternWeak);
        if gl.dso_local && !implicit {
            self.out.extend_from_slice(b"dso_local ");
        }
        match gl.visibility {
            Visibility::Default => {}
            Visibility::Hidden => self.out.extend_from_slice(b"hidden "),
            Visibility::Protected => self.out.extend_from_slice(b"protected "),
        }
        if dll {
            match gl.dll {
                DllStorage::Default => {}
                DllStorage::Import => self.out.extend_from_slice(b"dllimport "),
                DllStorage::Export => self.out.extend_from_slice(b"dllexport "),
            }
        }
    }

    fn write_tls_unnamed(&mut self, gl: &Global) {
        match gl.thread_local {
            ThreadLocal::None => {}
            ThreadLocal::GeneralDynamic => self.out.extend_from_slice(b"thread_local "),
            ThreadLocal::LocalDynamic => self.out.extend_from_slice(b"thread_local(localdynamic) "),
            ThreadLocal::InitialExec => self.out.extend_from_slice(b"thread_local(initialexec) "),
            ThreadLocal::LocalExec => self.out.extend_from_slice(b"thread_local(localexec) "),
        }
        match gl.unnamed_addr {
            UnnamedAddr::None => {}
            UnnamedAddr::Local => self.out.extend_from_slice(b"local_unnamed_addr "),
            UnnamedAddr::Global => self.out.extend_from_slice(b"unnamed_addr "),
        }
    }

    fn write_comdat(&mut self, gl: &Global, var: bool) {
        let Some(cd) = gl.comdat else { return };
        if var {
            self.out.push(b',');
        }
        self.out.extend_from_slice(b" comdat");
        let cname = self.m.comdats[cd].name;
        let same = match gl.name {
            Some(n) => self.c.name(n) == self.c.name(cname),
            None => self.c.name(cname).is_empty(),
        };
        if !same {
            self.out.push(b'(');
            write_name(&mut self.out, Some(b'$'), self.c.name(cname));
            self.out.push(b')');
        }
    }

    fn print_global_var(&mut self, g: GlobalId) {
        let m = self.m;
        let gl = &m.globals[g];
        self.write_global_ref(g);
        self.out.extend_from_slice(b" = ");
        if gl.var.init.is_none() && gl.linkage == Linkage::External {
            self.out.extend_from_slice(b"external ");
        }
        self.write_linkage_etc(gl, true);
        self.write_tls_unnamed(gl);
        if gl.addrspace != 0 {
            self.out.extend_from_slice(b"addrspace(");
            write_u64(&mut self.out, gl.addrspace as u64);
            self.out.extend_from_slice(b") ");
        }
        if gl.var.externally_initialized {
            self.out.extend_from_slice(b"externally_initialized ");
        }
        self.out.extend_from_slice(if gl.var.constant { b"constant " } else { b"global " });
        self.write_type(gl.value_ty);
        if let Some(init) = gl.var.init {
            self.out.push(b' ');
            self.write_const(init);
        }
        if let Some(s) = gl.section {
            self.out.extend_from_slice(b", section ");
            write_quoted(&mut self.out, self.c.name(s));
        }
        if let Some(s) = gl.partition {
            self.out.extend_from_slice(b", partition ");
            write_quoted(&mut self.out, self.c.name(s));
        }
        if let Some(s) = gl.var.code_model {
            self.out.extend_from_slice(b", code_model \"");
            self.out.extend_from_slice(self.c.name(s));
            self.out.push(b'"');
        }
        let sz = gl.var.sanitizer;
        if sz & sanitizer::NO_ADDRESS != 0 {
            self.out.extend_from_slice(b", no_sanitize_address");
        }
        if sz & sanitizer::NO_HWADDRESS != 0 {
            self.out.extend_from_slice(b", no_sanitize_hwaddress");
        }
        if sz & sanitizer::MEMTAG != 0 {
            self.out.extend_from_slice(b", sanitize_memtag");
        }
        if sz & sanitizer::DYNINIT != 0 {
            self.out.extend_from_slice(b", sanitize_address_dyninit");
        }
        self.write_comdat(gl, true);
        if gl.align != 0 {
            self.out.extend_from_slice(b", align ");
            write_u64(&mut self.out, gl.align);
        }
        self.write_attachments(&gl.md, b", ");
        self.write_attr_group_ref(gl.var.attrs);
    }

    fn print_alias(&mut self, g: GlobalId, ifunc: bool) {
        let m = self.m;
        let gl = &m.globals[g];
        self.write_global_ref(g);
        self.out.extend_from_slice(b" = ");
        self.write_linkage_etc(gl, !ifunc);
        if ifunc {
            self.out.extend_from_slice(b"ifunc ");
        } else {
            self.write_tls_unnamed(gl);
            self.out.extend_from_slice(b"alias ");
        }
        self.write_type(gl.value_ty);
        self.out.extend_from_slice(b", ");
        match gl.target {
            Some(t) => {
                if matches!(self.c.const_of(t), llrs_ir::Const::Expr(_)) {
                    self.write_const(t);
                } else {
                    self.write_typed_const(t);
                }
            }
            None => self.out.extend_from_slice(b"ptr <<NULL ALIASEE>>"),
        }
        if let Some(s) = gl.partition {
            self.out.extend_from_slice(b", partition ");
            write_quoted(&mut self.out, self.c.name(s));
        }
        self.out.push(b'\n');
    }

    /// The functions, each after a blank line. A large module's are printed on several
    /// threads into buffers joined in order; the slots of every function are made first, in
    /// order, as printing in order makes them, so the text is the same. `false` when a function
    /// met a node that only printing in order numbers: the module was then printed to its end
    /// in order from that function's run on ([`Writer::resume_in_order`]).
    fn print_functions(&mut self, sink: &mut super::Sink<'_>) -> bool {
        let m = self.m;
        if self.in_order || self.runs.is_empty() {
            for &g in &m.functions {
                self.out.push(b'\n');
                self.print_function_to(g, sink);
                self.flush_out(sink, super::FLUSH_MIN);
            }
            return true;
        }
        // Every function's slots are made (`Writer::with`).
        let runs = std::mem::take(&mut self.runs);
        // `parallel_runs` makes every such function a run of its own.
        let streamed = |w: &Self, run: &std::ops::Range<usize>| {
            run.len() == 1 && llrs_ir::runs::function_size(m, m.functions[run.start]) >= w.stream_min
        };
        let mut i = 0;
        while i < runs.len() {
            if sink.is_some() && streamed(self, &runs[i]) {
                if self.stream_function(runs[i].start, sink) {
                    self.continue_in_order(runs[i].start + 1, sink);
                    return false;
                }
                i += 1;
                continue;
            }
            let end = (i..runs.len()).find(|&j| sink.is_some() && streamed(self, &runs[j])).unwrap_or(runs.len());
            let late = self.print_parts(
                &runs[i..end],
                sink,
                false,
                |r| r.start,
                |w, run| {
                    for &g in &m.functions[run.clone()] {
                        w.out.push(b'\n');
                        w.print_function(g);
                    }
                },
            );
            if let Some(k) = late {
                self.resume_in_order(runs[i + k].start, sink);
                return false;
            }
            i = end;
        }
        true
    }

    /// Prints the `index`-th function on this thread, handing its text to the sink a piece at a
    /// time. A node that only printing in order numbers, met on the way, turns the writer to
    /// printing in order where it stands ([`Writer::switch_in_order`]): `true` then, and the
    /// rest of the module is to be printed in order.
    fn stream_function(&mut self, index: usize, sink: &mut super::Sink<'_>) -> bool {
        self.out.push(b'\n');
        self.streaming = Some(index);
        self.print_function_to(self.m.functions[index], sink);
        let switched = self.streaming.is_none();
        self.streaming = None;
        self.flush_out(sink, super::FLUSH_MIN);
        switched
    }

    /// Makes the module's slots again as printing in order has them while it prints the
    /// `index`-th function (the module's, then each function's up to this one), and prints in
    /// order from here on. The text printed so far is the same either way: every node it met
    /// is numbered the same in both.
    pub(super) fn switch_in_order(&mut self, index: usize) {
        let m = self.m;
        let mut slots = super::slots::ModuleSlots::new(m);
        for &g in &m.functions[..=index] {
            slots.process_function(m, g);
        }
        self.slots = std::sync::Arc::new(slots);
        self.slots_ready = false;
        self.in_order = true;
        self.streaming = None;
    }

    /// Prints `parts` of the text on several threads with `print`, joined in order and handed
    /// to the sink (with one, a window of a part per thread at a time, so that the text is never
    /// held whole). The index of the first part that met a node numbered late, if one did: it
    /// and the parts after it are left out. `start` names a part for [`super::late`] (`md`: a
    /// part of the metadata section).
    pub(super) fn print_parts<T: Sync>(
        &mut self,
        parts: &[T],
        sink: &mut super::Sink<'_>,
        md: bool,
        start: impl Fn(&T) -> usize,
        print: impl Fn(&mut Writer<'a>, &T) + Sync,
    ) -> Option<usize> {
        let window = if sink.is_some() { rayon::current_num_threads() } else { parts.len() };
        for (g, group) in parts.chunks(window.max(1)).enumerate() {
            let this = &*self;
            let texts: Vec<(Vec<u8>, bool)> = group
                .par_iter()
                .map(|part| {
                    let mut w = this.helper();
                    print(&mut w, part);
                    (w.out, w.out_of_order)
                })
                .collect();
            for (i, (part, (text, met))) in group.iter().zip(texts).enumerate() {
                if super::late(met, start(part), md) {
                    return Some(g * window.max(1) + i);
                }
                self.take_part(text, sink);
            }
        }
        None
    }

    /// Adds a part's text after the text so far: handed to the sink as it is when there is one
    /// (a large part is not copied), else taken as the text so far when there is none yet.
    fn take_part(&mut self, text: Vec<u8>, sink: &mut super::Sink<'_>) {
        match sink.is_some() {
            true if text.len() >= super::FLUSH_MIN => {
                self.flush_out(sink, 1);
                if let (Some(s), None) = (sink.as_mut(), &self.sink_err) {
                    if let Err(err) = s.write_all(&text) {
                        self.sink_err = Some(err);
                    }
                }
            }
            false if self.out.is_empty() => self.out = text,
            _ => {
                self.out.extend_from_slice(&text);
                drop(text);
                self.flush_out(sink, super::FLUSH_MIN);
            }
        }
    }

    /// Prints the functions from the `first`-th on and the rest of the module in order, as
    /// printing the whole module in order would: its slots are made again as that makes them
    /// (the module's, then each function's up to this one), and the text before this function,
    /// which met no node printing numbers late, is the same either way.
    fn resume_in_order(&mut self, first: usize, sink: &mut super::Sink<'_>) {
        let m = self.m;
        let mut w = Writer::with(m, Vec::new());
        w.types = self.types.clone();
        w.in_order = true;
        w.out = std::mem::take(&mut self.out);
        w.sink_err = self.sink_err.take();
        {
            let slots = std::sync::Arc::make_mut(&mut w.slots);
            for &g in &m.functions[..first] {
                slots.process_function(m, g);
            }
        }
        w.continue_in_order(first, sink);
        self.out = std::mem::take(&mut w.out);
        self.sink_err = w.sink_err.take();
    }

    /// Prints the functions from the `first`-th on and the rest of the module, in order, with
    /// the slots made so far.
    fn continue_in_order(&mut self, first: usize, sink: &mut super::Sink<'_>) {
        let m = self.m;
        for &g in &m.functions[first..] {
            self.out.push(b'\n');
            self.print_function_to(g, sink);
            self.flush_out(sink, super::FLUSH_MIN);
        }
        let summary = super::summary_bitcode::round_trip(m);
        self.print_module_rest(&summary, sink);
    }

    /// A writer for part of the text on another thread: every slot is made already, so a node
    /// not numbered yet marks its output out of order.
    pub(super) fn helper(&self) -> Writer<'a> {
        Writer {
            m: self.m,
            c: self.c,
            out: Vec::with_capacity(1 << 16),
            types: self.types.clone(),
            slots: self.slots.clone(),
            func: None,
            fslots: FuncSlots::default(),
            prog_as: self.prog_as,
            slots_ready: true,
            runs: Vec::new(),
            out_of_order: false,
            in_order: false,
            parallel_min: usize::MAX,
            stream_min: usize::MAX,
            streaming: None,
            sink_err: None,
        }
    }

    /// `AssemblyWriter::printFunction`.
    pub(super) fn print_function(&mut self, g: GlobalId) {
        self.print_function_to(g, &mut None);
    }

    /// [`Writer::print_function`], handing the text to `sink` (when there is one) as it grows.
    pub(super) fn print_function_to(&mut self, g: GlobalId, sink: &mut super::Sink<'_>) {
        let m = self.m;
        let c = self.c;
        let gl = &m.globals[g];
        let Some(fd) = gl.func.as_deref() else { return };
        if fd.attrs.func != AttrsId::EMPTY {
            self.write_fn_attrs_comment(fd.attrs.func);
        }
        if gl.name.is_some_and(|n| llrs_ir::intrinsics::is_unknown_intrinsic(c.name(n))) {
            self.out.extend_from_slice(b"; Unknown intrinsic\n");
        }
        // Machine.incorporateFunction + processFunction.
        if !self.slots_ready {
            std::sync::Arc::make_mut(&mut self.slots).process_function(m, g);
        }
        self.fslots = FuncSlots::new(c, fd);
        self.func = Some(g);

        let decl = fd.body.is_none();
        if decl {
            self.out.extend_from_slice(b"declare");
            self.write_attachments(&gl.md, b" ");
            self.out.push(b' ');
        } else {
            self.out.extend_from_slice(b"define ");
        }
        self.write_linkage_etc(gl, true);
        if fd.cconv != 0 {
            self.write_cconv(fd.cconv);
            self.out.push(b' ');
        }
        if fd.attrs.ret != AttrsId::EMPTY {
            self.write_attr_set(fd.attrs.ret, false);
            self.out.push(b' ');
        }
        let (ret, params, vararg) = match c.type_of(gl.value_ty) {
            llrs_ir::Type::Function { ret, params, vararg } => (*ret, params.clone(), *vararg),
            _ => (gl.value_ty, Default::default(), false),
        };
        self.write_type(ret);
        self.out.push(b' ');
        self.write_global_ref(g);
        self.out.push(b'(');
        for (i, &p) in params.iter().enumerate() {
            if i > 0 {
                self.out.extend_from_slice(b", ");
            }
            self.write_type(p);
            let pa = fd.attrs.param(i);
            if pa != AttrsId::EMPTY {
                self.out.push(b' ');
                self.write_attr_set(pa, false);
            }
            if !decl {
                self.out.push(b' ');
                self.write_local(Value::Arg(i as u32));
            }
        }
        if vararg {
            if !params.is_empty() {
                self.out.extend_from_slice(b", ");
            }
            self.out.extend_from_slice(b"...");
        }
        self.out.push(b')');
        match gl.unnamed_addr {
            UnnamedAddr::None => {}
            UnnamedAddr::Local => self.out.extend_from_slice(b" local_unnamed_addr"),
            UnnamedAddr::Global => self.out.extend_from_slice(b" unnamed_addr"),
        }
        if gl.addrspace != 0 || self.prog_as != 0 {
            self.out.extend_from_slice(b" addrspace(");
            write_u64(&mut self.out, gl.addrspace as u64);
            self.out.push(b')');
        }
        self.write_attr_group_ref(fd.attrs.func);
        if let Some(s) = gl.section {
            self.out.extend_from_slice(b" section ");
            write_quoted(&mut self.out, c.name(s));
        }
        if let Some(s) = gl.partition {
            self.out.extend_from_slice(b" partition ");
            write_quoted(&mut self.out, c.name(s));
        }
        self.write_comdat(gl, false);
        if gl.align != 0 {
            self.out.extend_from_slice(b" align ");
            write_u64(&mut self.out, gl.align);
        }
        if fd.prefalign != 0 {
            self.out.extend_from_slice(b" prefalign(");
            write_u64(&mut self.out, fd.prefalign);
            self.out.push(b')');
        }
        if let Some(s) = fd.gc {
            self.out.extend_from_slice(b" gc \"");
            self.out.extend_from_slice(c.name(s));
            self.out.push(b'"');
        }
        if let Some(k) = fd.prefix {
            self.out.extend_from_slice(b" prefix ");
            self.write_typed_const(k);
        }
        if let Some(k) = fd.prologue {
            self.out.extend_from_slice(b" prologue ");
            self.write_typed_const(k);
        }
        if let Some(k) = fd.personality {
            self.out.extend_from_slice(b" personality ");
            self.write_typed_const(k);
        }
        match fd.body.as_ref() {
            None => self.out.push(b'\n'),
            Some(body) => {
                self.write_attachments(&gl.md, b" ");
                self.out.extend_from_slice(b" {");
                let preds = predecessors(body);
                for (bi, &b) in body.layout.iter().enumerate() {
                    self.print_block(body, b, bi == 0, &preds);
                    if sink.is_some() {
                        self.flush_out(sink, super::FLUSH_MIN);
                    }
                }
                self.out.extend_from_slice(b"}\n");
            }
        }
        self.func = None;
        self.fslots = FuncSlots::default();
    }

    /// `PrintCallingConv`.
    pub(super) fn write_cconv(&mut self, cc: u32) {
        match cc_print_name(cc) {
            Some(n) => self.out.extend_from_slice(n.as_bytes()),
            None => {
                self.out.extend_from_slice(b"cc");
                write_u64(&mut self.out, cc as u64);
            }
        }
    }

    fn print_block(&mut self, body: &Body, b: BlockId, entry: bool, preds: &[Vec<BlockId>]) {
        let c = self.c;
        let bd = &body.blocks[b];
        let line_start;
        if let Some(n) = bd.name {
            self.out.push(b'\n');
            line_start = self.out.len();
            write_name(&mut self.out, None, c.name(n));
            self.out.push(b':');
        } else if !entry {
            self.out.push(b'\n');
            line_start = self.out.len();
            match self.fslots.get(Value::Block(b)) {
                Some(s) => write_u64(&mut self.out, s as u64),
                None => self.out.extend_from_slice(b"<badref>"),
            }
            self.out.push(b':');
        } else {
            line_start = self.out.len();
        }
        if !entry {
            // PadToColumn(50): columns count characters, not bytes.
            let col = column_of(&self.out[line_start..]);
            self.out.extend(std::iter::repeat_n(b' ', 50usize.saturating_sub(col).max(1)));
            self.out.push(b';');
            let p = &preds[b.0 as usize];
            if p.is_empty() {
                self.out.extend_from_slice(b" No predecessors!");
            } else {
                self.out.extend_from_slice(b" preds = ");
                for (i, &pb) in p.iter().enumerate() {
                    if i > 0 {
                        self.out.extend_from_slice(b", ");
                    }
                    self.write_local(Value::Block(pb));
                }
            }
        }
        self.out.push(b'\n');
        for &i in &bd.insts {
            let inst = &body.insts[i];
            for r in &inst.dbg_records {
                self.out.extend_from_slice(b"    ");
                self.write_dbg_record(r);
                self.out.push(b'\n');
            }
            self.print_instruction(body, i);
            self.out.push(b'\n');
        }
        for r in &bd.trailing_records {
            self.out.extend_from_slice(b"    ");
            self.write_dbg_record(r);
            self.out.push(b'\n');
        }
    }
}

/// The column reached after writing `line` (formatted_raw_ostream counts UTF-8 characters).
fn column_of(line: &[u8]) -> usize {
    match std::str::from_utf8(line) {
        Ok(s) => s.chars().count(),
        Err(_) => line.iter().filter(|&&b| (b & 0xc0) != 0x80).count(),
    }
}

/// Predecessors of every block, in LLVM's use-list order (most recent use first): from the
/// body's use-lists when they are built, else the reverse of the order in which terminators name
/// the block (the order of a freshly read module).
fn predecessors(body: &Body) -> Vec<Vec<BlockId>> {
    let mut preds: Vec<Vec<BlockId>> = vec![Vec::new(); body.blocks.len()];
    if body.uses_built() {
        for (b, p) in preds.iter_mut().enumerate() {
            let uses = body.built_uses(Value::Block(BlockId(b as u32))).unwrap_or(&[]);
            for u in uses.iter().rev() {
                if u.phi_block || !body.insts[u.user].op.is_terminator() {
                    continue;
                }
                if let Some(from) = *body.inst_block.get(u.user) {
                    p.push(from);
                }
            }
        }
        return preds;
    }
    for &b in &body.layout {
        let Some(&t) = body.blocks[b].insts.last() else { continue };
        let inst = &body.insts[t];
        if !inst.op.is_terminator() {
            continue;
        }
        if let InstExtra::Phi(_) = inst.extra {
            continue;
        }
        for &op in &inst.operands {
            if let Value::Block(target) = op {
                if let Some(p) = preds.get_mut(target.0 as usize) {
                    p.push(b);
                }
            }
        }
    }
    for p in preds.iter_mut() {
        p.reverse();
    }
    preds
}
