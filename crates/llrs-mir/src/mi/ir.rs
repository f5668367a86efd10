//! [`IrInfo`] over an `llrs_ir::Module` and one of its functions: names and slot numbers as
//! LLVM's slot tracker gives them (function-local: unnamed arguments, then each block and
//! each value-producing instruction in order; module: unnamed variables, aliases, ifuncs,
//! then functions), and pointer sizes from the data layout.

use super::context::IrInfo;
use llrs_ir::datalayout::DataLayout;
use llrs_ir::module::{GlobalKind, Module};
use llrs_ir::types::Type;
use rustc_hash::{FxHashMap, FxHashSet};

/// Names and slots of a function's blocks, then of its values (with whether each is a pointer).
type LocalNames = (FxHashSet<Vec<u8>>, FxHashSet<u32>, FxHashMap<Vec<u8>, bool>, FxHashMap<u32, bool>);

/// What the body parser needs of a module: global names and slots, the data layout, the
/// metadata numbers. [`ModuleIr::function`] gives the [`IrInfo`] of one machine function.
pub struct ModuleIr<'m> {
    module: &'m Module,
    globals: FxHashMap<Vec<u8>, (bool, Option<llrs_ir::GlobalId>)>,
    unnamed_globals: u32,
    layout: Option<DataLayout>,
    metadata: Option<FxHashSet<u32>>,
    ir_text: Option<Vec<u8>>,
}

/// The [`IrInfo`] of one machine function: its IR function's local names and slots.
pub struct FunctionIr<'a, 'm> {
    module: &'a ModuleIr<'m>,
    blocks: FxHashSet<Vec<u8>>,
    block_slots: FxHashSet<u32>,
    values: FxHashMap<Vec<u8>, bool>,
    value_slots: FxHashMap<u32, bool>,
}

fn local_slots(m: &Module, g: llrs_ir::GlobalId) -> LocalNames {
    let mut blocks = FxHashSet::default();
    let mut block_slots = FxHashSet::default();
    let mut values = FxHashMap::default();
    let mut value_slots = FxHashMap::default();
    let Some(f) = m.globals[g].func.as_deref() else {
        return (blocks, block_slots, values, value_slots);
    };
    let params: Vec<bool> = match m.ctx.type_of(m.globals[g].value_ty) {
        Type::Function { params, .. } => params.iter().map(|&t| matches!(m.ctx.type_of(t), Type::Ptr(_))).collect(),
        _ => Vec::new(),
    };
    let mut next = 0u32;
    for (i, a) in f.arg_names.iter().enumerate() {
        let is_ptr = params.get(i).copied().unwrap_or(false);
        match a {
            Some(s) => {
                values.insert(m.ctx.name(*s).to_vec(), is_ptr);
            }
            None => {
                value_slots.insert(next, is_ptr);
                next += 1;
            }
        }
    }
    if let Some(body) = &f.body {
        for &b in &body.layout {
            let bd = &body.blocks[b];
            match bd.name {
                Some(s) => {
                    blocks.insert(m.ctx.name(s).to_vec());
                    values.insert(m.ctx.name(s).to_vec(), false);
                }
                None => {
                    block_slots.insert(next);
                    value_slots.insert(next, false);
                    next += 1;
                }
            }
            for &i in &bd.insts {
                let inst = &body.insts[i];
                let ty = m.ctx.type_of(inst.ty);
                if matches!(ty, Type::Void) {
                    continue;
                }
                let is_ptr = matches!(ty, Type::Ptr(_));
                match inst.name {
                    Some(s) => {
                        values.insert(m.ctx.name(s).to_vec(), is_ptr);
                    }
                    None => {
                        value_slots.insert(next, is_ptr);
                        next += 1;
                    }
                }
            }
        }
    }
    (blocks, block_slots, values, value_slots)
}

impl<'m> ModuleIr<'m> {
    /// The module-wide facts of `m`.
    pub fn new(m: &'m Module) -> ModuleIr<'m> {
        let mut globals = FxHashMap::default();
        let mut unnamed = 0u32;
        let order = m.vars.iter().chain(&m.aliases).chain(&m.ifuncs).chain(&m.functions);
        for &g in order {
            let gl = &m.globals[g];
            match gl.name {
                Some(s) => {
                    let is_fn = gl.kind == GlobalKind::Function;
                    globals.insert(m.ctx.name(s).to_vec(), (is_fn, is_fn.then_some(g)));
                }
                None => unnamed += 1,
            }
        }
        let layout =
            m.data_layout.as_deref().and_then(|d| std::str::from_utf8(d).ok()).and_then(|d| DataLayout::parse(d).ok());
        ModuleIr { module: m, globals, unnamed_globals: unnamed, layout, metadata: None, ir_text: None }
    }

    /// The facts of the IR function named `function` (none when it does not exist).
    pub fn function(&self, function: &[u8]) -> FunctionIr<'_, 'm> {
        let (blocks, block_slots, values, value_slots) = match self.globals.get(function) {
            Some(&(true, Some(g))) => local_slots(self.module, g),
            _ => Default::default(),
        };
        FunctionIr { module: self, blocks, block_slots, values, value_slots }
    }

    /// Keeps the module's text: the metadata numbers it defines (`!N = ...` at the start of a
    /// line) are the slots `!N` references in a body resolve against
    /// (`PFS.IRSlots.MetadataNodes`), and quoted constants are parsed in its context. Without
    /// this call every `!N` and every constant is accepted as written.
    pub fn set_ir_text(&mut self, ir_text: &[u8]) {
        self.set_metadata_from_text(ir_text);
        self.ir_text = Some(ir_text.to_vec());
    }

    /// Records the metadata numbers the IR text defines (`!N = ...` at the start of a line).
    pub fn set_metadata_from_text(&mut self, ir_text: &[u8]) {
        let mut ids = FxHashSet::default();
        for line in ir_text.split(|&c| c == b'\n') {
            let Some(rest) = line.strip_prefix(b"!") else { continue };
            let n = rest.iter().take_while(|c| c.is_ascii_digit()).count();
            if n == 0 {
                continue;
            }
            let after = &rest[n..];
            let after = after.iter().position(|&c| c != b' ').map(|p| &after[p..]).unwrap_or(b"");
            if !after.starts_with(b"=") {
                continue;
            }
            if let Some(v) = std::str::from_utf8(&rest[..n]).ok().and_then(|s| s.parse().ok()) {
                ids.insert(v);
            }
        }
        self.metadata = Some(ids);
    }
}

impl IrInfo for FunctionIr<'_, '_> {
    fn has_block(&self, name: &[u8]) -> bool {
        self.blocks.contains(name)
    }
    fn has_block_slot(&self, slot: u32) -> bool {
        self.block_slots.contains(&slot)
    }
    fn has_block_in(&self, f: &[u8], block: &[u8], slot: Option<u32>) -> bool {
        let Some(&(true, Some(g))) = self.module.globals.get(f) else { return false };
        let (b, bs, _, _) = local_slots(self.module.module, g);
        match slot {
            Some(n) => bs.contains(&n),
            None => b.contains(block),
        }
    }
    fn has_value(&self, name: &[u8]) -> bool {
        self.values.contains_key(name)
    }
    fn has_value_slot(&self, slot: u32) -> bool {
        self.value_slots.contains_key(&slot)
    }
    fn is_pointer_value(&self, name: &[u8]) -> bool {
        self.values.get(name).copied().unwrap_or(false)
    }
    fn is_pointer_value_slot(&self, slot: u32) -> bool {
        self.value_slots.get(&slot).copied().unwrap_or(false)
    }
    fn has_global(&self, name: &[u8]) -> bool {
        self.module.globals.contains_key(name)
    }
    fn has_global_slot(&self, slot: u32) -> bool {
        slot < self.module.unnamed_globals
    }
    fn is_function(&self, name: &[u8]) -> bool {
        self.module.globals.get(name).is_some_and(|g| g.0)
    }
    fn has_metadata(&self, n: u32) -> bool {
        self.module.metadata.as_ref().is_none_or(|m| m.contains(&n))
    }
    fn constant(&self, text: &[u8]) -> Result<Vec<u8>, (usize, String)> {
        let Some(ir) = &self.module.ir_text else { return Ok(text.to_vec()) };
        // The constant as the initializer of one more global of the module, parsed and printed
        // by llrs-asm (LLVM's `parseConstantValue` reads a type and a constant the same way).
        const HEAD: &[u8] = b"@__llrs_mir_constant = global ";
        let mut src = ir.clone();
        if !src.ends_with(b"\n") {
            src.push(b'\n');
        }
        let line = src.iter().filter(|&&c| c == b'\n').count() as u32 + 1;
        src.extend_from_slice(HEAD);
        src.extend_from_slice(text);
        src.push(b'\n');
        match llrs_asm::parse_module(&src, "mir") {
            Err(d) if d.line == line => {
                let col = (d.col as usize).saturating_sub(1 + HEAD.len());
                Err((col.min(text.len()), d.message))
            }
            Err(d) => Err((0, d.message)),
            Ok(m) => {
                let printed = llrs_asm::print_module(&m);
                let found = printed
                    .split(|&c| c == b'\n')
                    .find_map(|l| l.strip_prefix(HEAD))
                    .map(|rest| strip_align(rest).to_vec());
                Ok(found.unwrap_or_else(|| text.to_vec()))
            }
        }
    }
    fn pointer_bits(&self, addrspace: u32) -> u32 {
        match &self.module.layout {
            Some(l) => l.pointer_size_in_bits(addrspace),
            None => 64,
        }
    }
}

/// A global's initializer without the `, align N` the writer may print after it.
fn strip_align(rest: &[u8]) -> &[u8] {
    const ALIGN: &[u8] = b", align ";
    if let Some(p) = rest.windows(ALIGN.len()).rposition(|w| w == ALIGN) {
        if rest[p + ALIGN.len()..].iter().all(u8::is_ascii_digit) {
            return &rest[..p];
        }
    }
    rest
}
