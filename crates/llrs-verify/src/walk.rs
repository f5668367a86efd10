//! The verifier's state and its walk over metadata (`Verifier::visitMDNode`): every node is
//! checked once, when first reached, and whether a `DILocation` may appear below it is decided
//! by that first visit, as in LLVM.

use crate::node::{Class, DiKind, View};
use crate::report::{Diagnostic, Kind, Report, Subject};
use llrs_ir::{DiValue, GlobalId, Md, MdId, Type, TypeId};
use rustc_hash::{FxHashMap, FxHashSet};

/// `CheckDI`'s result: `None` when the check failed (the visit stops, as LLVM's `return`).
pub type Step = Option<()>;

/// The verifier of one module.
pub struct Verifier<'m> {
    /// The module's metadata view.
    pub v: View<'m>,
    /// What was found.
    pub report: Report,
    /// `MDNodes`: the nodes visited so far (a bit per node id).
    visited: Vec<u64>,
    /// The work list of [`Verifier::visit_md_node`], kept to reuse its allocation.
    stack: Vec<MdId>,
    /// The locations the function numbered `seen_in.0` (from 1) has checked so far.
    pub seen_in: (u32, FxHashSet<MdId>),
    /// For each location: whether its atom group is allowed (0 not known yet, 1 yes, 2 no).
    pub atom_ok: Vec<u8>,
    /// `CUVisited`, in visiting order.
    pub cu_visited: Vec<MdId>,
    /// `DISubprogramAttachments`.
    pub sp_attachments: FxHashMap<MdId, GlobalId>,
    /// `getSubprogram` of local scopes, memoized (`None`: the chain is broken).
    sp_of: FxHashMap<MdId, Option<MdId>>,
    /// `DISubprogram::isDefinition` of the subprograms asked about.
    sp_definition: FxHashMap<MdId, bool>,
    /// The `dbg` attachment kind, when the module uses it.
    pub dbg: Option<llrs_ir::Symbol>,
    /// The `llvm.loop` attachment kind.
    pub llvm_loop: Option<llrs_ir::Symbol>,
    /// The `DIAssignID` attachment kind.
    pub assign_kind: Option<llrs_ir::Symbol>,
    /// For each `DIAssignID`: the `#dbg_assign` records that use it (the last of each run in
    /// one function), in the order they were read.
    pub assign_users: crate::module::AssignUses,
    /// For each `DIAssignID`: the instructions that carry it (the first of each run in one
    /// function), in the order they were read.
    pub assign_insts: crate::module::AssignUses,
    /// The module's data layout (LLVM's default when it has none).
    pub layout: llrs_ir::datalayout::DataLayout,
    /// `isSized` and `isScalableTy` of the aggregate types asked about (see
    /// [`Verifier::type_sized`]).
    layout_memo: std::cell::RefCell<LayoutMemo>,
    /// State of the instruction visitors (`crate::ir::inst`).
    pub inst_state: crate::ir::inst::InstState,
    /// A printer for the texts of messages (attributes), made when first needed.
    pub printer: Option<llrs_asm::ValuePrinter<'m>>,
    /// The convergence-control verifier's state for the current function.
    pub conv_state: crate::ir::intrinsics::convergence::ConvState,
    /// State of the exception-handling visitors (`crate::ir::eh`).
    pub eh_state: crate::ir::eh::EhState,
    /// State of the intrinsic checks (`crate::ir::intrinsics`).
    pub intr_state: crate::ir::intrinsics::IntrState,
    /// State of the attribute checks (`crate::ir::attrs`).
    pub attr_state: crate::ir::attrs::AttrState,
    /// The TBAA verifier's caches (`crate::ir::tbaa`).
    pub tbaa_state: crate::ir::tbaa::TbaaState,
    /// State of the global-value checks (`crate::globals`).
    pub global_state: crate::globals::GlobalState,
}

/// What the data layout answered of aggregate types: whether each is sized and whether it
/// holds a scalable vector.
#[derive(Default)]
struct LayoutMemo {
    sized: FxHashMap<TypeId, bool>,
    scalable: FxHashMap<TypeId, bool>,
}

impl<'m> Verifier<'m> {
    /// `Type::isSized` of `t` (the data layout's walk, once per aggregate type: LLVM keeps the
    /// answer on the struct; a module's types do not change while it is verified).
    pub fn type_sized(&self, t: TypeId) -> bool {
        self.layout_answer(t, |m| &mut m.sized, llrs_ir::datalayout::DataLayout::is_sized)
    }

    /// `Type::isScalableTy` of `t`, once per aggregate type (as [`Verifier::type_sized`]).
    pub fn type_scalable(&self, t: TypeId) -> bool {
        self.layout_answer(t, |m| &mut m.scalable, llrs_ir::datalayout::DataLayout::is_scalable)
    }

    /// `ask` of the data layout about `t`, remembered in `memo` for aggregate types.
    fn layout_answer(
        &self,
        t: TypeId,
        memo: fn(&mut LayoutMemo) -> &mut FxHashMap<TypeId, bool>,
        ask: fn(&llrs_ir::datalayout::DataLayout, &llrs_ir::Context, TypeId) -> bool,
    ) -> bool {
        let ctx = &self.v.m.ctx;
        if !matches!(ctx.type_of(t), Type::Array(..) | Type::Struct { .. } | Type::Named(_)) {
            return ask(&self.layout, ctx, t);
        }
        if let Some(&known) = memo(&mut self.layout_memo.borrow_mut()).get(&t) {
            return known;
        }
        let answer = ask(&self.layout, ctx, t);
        memo(&mut self.layout_memo.borrow_mut()).insert(t, answer);
        answer
    }

    /// A verifier for `m`.
    pub fn new(m: &'m llrs_ir::Module) -> Self {
        Verifier {
            v: View::new(m),
            report: Report::default(),
            visited: vec![0; m.ctx.num_mds().div_ceil(64)],
            stack: Vec::new(),
            seen_in: (0, FxHashSet::default()),
            atom_ok: vec![0; m.ctx.num_mds()],
            cu_visited: Vec::new(),
            sp_attachments: FxHashMap::default(),
            sp_of: FxHashMap::default(),
            sp_definition: FxHashMap::default(),
            dbg: m.ctx.names.lookup(b"dbg"),
            llvm_loop: m.ctx.names.lookup(b"llvm.loop"),
            assign_kind: m.ctx.names.lookup(b"DIAssignID"),
            assign_users: FxHashMap::default(),
            assign_insts: FxHashMap::default(),
            layout: m
                .data_layout
                .as_deref()
                .and_then(|s| std::str::from_utf8(s).ok())
                .and_then(|s| llrs_ir::datalayout::DataLayout::parse(s).ok())
                .unwrap_or_default(),
            layout_memo: Default::default(),
            inst_state: Default::default(),
            printer: None,
            conv_state: Default::default(),
            eh_state: Default::default(),
            intr_state: Default::default(),
            attr_state: Default::default(),
            tbaa_state: Default::default(),
            global_state: Default::default(),
        }
    }

    /// Takes in what `other`, which verified later functions of the same module, learnt that
    /// the module-level checks need: the metadata visited, the compile units in visiting order,
    /// the subprograms attached. False when the two together break a rule that spans functions
    /// (a subprogram attached to two of them): then only a walk in order gives LLVM's report.
    pub(crate) fn absorb(&mut self, other: Verifier<'m>) -> bool {
        for (sp, g) in other.sp_attachments {
            if self.sp_attachments.insert(sp, g).is_some_and(|prev| prev != g) {
                return false;
            }
        }
        for (w, o) in self.visited.iter_mut().zip(&other.visited) {
            *w |= o;
        }
        let known: FxHashSet<MdId> = self.cu_visited.iter().copied().collect();
        self.cu_visited.extend(other.cu_visited.into_iter().filter(|cu| !known.contains(cu)));
        true
    }

    /// Whether nothing this verifier saw needs the functions in order: no failure, and no
    /// `localescape`/`localrecover` (which tie functions together).
    pub(crate) fn clean_alone(&self) -> bool {
        self.report.diagnostics.is_empty() && self.intr_state.frame_escape.is_empty()
    }

    /// `CheckDI(cond, message, subjects...)`.
    pub fn check(&mut self, cond: bool, message: &'static str, subjects: &[Subject]) -> Step {
        if cond {
            return Some(());
        }
        self.fail(message, subjects);
        None
    }

    /// `DebugInfoCheckFailed`.
    pub fn fail(&mut self, message: &'static str, subjects: &[Subject]) {
        let d = Diagnostic { kind: Kind::DebugInfo, message: message.into(), subjects: subjects.to_vec() };
        self.report.diagnostics.push(d);
    }

    /// `Check(cond, message, subjects...)`: a module error. `None` when it failed, so that
    /// `?` returns from the visitor as LLVM's `Check` macro does.
    pub fn check_module(&mut self, cond: bool, message: &'static str, subjects: &[Subject]) -> Step {
        if cond {
            return Some(());
        }
        self.fail_module(message, subjects);
        None
    }

    /// A subject printed as `text` (then a newline), as LLVM prints attributes and numbers.
    pub fn text(&mut self, text: impl Into<Box<str>>) -> Subject {
        self.report.texts.push(text.into());
        Subject::Text(self.report.texts.len() as u32 - 1)
    }

    /// `CheckFailed(message, subjects...)`: records a module error (the message may be built
    /// at run time, as LLVM's `Twine`s are).
    pub fn fail_module(&mut self, message: impl Into<std::borrow::Cow<'static, str>>, subjects: &[Subject]) {
        let d = Diagnostic { kind: Kind::Error, message: message.into(), subjects: subjects.to_vec() };
        self.report.diagnostics.push(d);
    }

    fn mark(&mut self, id: MdId) -> bool {
        let i = id.0 as usize;
        let Some(word) = self.visited.get_mut(i / 64) else { return false };
        let bit = 1u64 << (i % 64);
        let fresh = *word & bit == 0;
        *word |= bit;
        fresh
    }

    /// `visitMDNode(N, AllowLocs)`, iteratively.
    pub fn visit_md_node(&mut self, root: MdId, allow_locs: bool) {
        if self.is_visited(root) {
            return;
        }
        let mut stack = std::mem::take(&mut self.stack);
        stack.push(root);
        while let Some(id) = stack.pop() {
            if !self.mark(id) {
                continue;
            }
            self.visit_specialized(id);
            let start = stack.len();
            let v = &self.v;
            let node = v.node(id);
            let mut bad_loc = None;
            {
                let mut push = |m: &Md| -> bool {
                    let Md::Node(x) = *m else { return true };
                    match v.node_class(x) {
                        Class::ArgList => true,
                        Class::Di(DiKind::Location) if !allow_locs => {
                            bad_loc = Some(x);
                            false
                        }
                        _ => {
                            stack.push(x);
                            true
                        }
                    }
                };
                if node.ops.iter().all(&mut push) {
                    'fields: for (_, f) in node.fields.iter() {
                        let items: &[Md] = match f {
                            DiValue::Md(m) => std::slice::from_ref(m),
                            DiValue::List(l) => l,
                            _ => continue,
                        };
                        for m in items {
                            if !push(m) {
                                break 'fields;
                            }
                        }
                    }
                }
            }
            // Depth first, operands in order.
            stack[start..].reverse();
            if let Some(x) = bad_loc {
                self.fail("DILocation not allowed within this metadata node", &[Subject::Md(id), Subject::Md(x)]);
            }
        }
        self.stack = stack;
    }

    fn is_visited(&self, id: MdId) -> bool {
        let i = id.0 as usize;
        self.visited.get(i / 64).is_some_and(|w| w & (1u64 << (i % 64)) != 0)
    }

    /// The checks of one node's class (`visitDI*`).
    fn visit_specialized(&mut self, id: MdId) {
        use DiKind::*;
        let _ = match self.v.node_class(id) {
            Class::Expression => self.visit_expression(id),
            Class::Di(k) => match k {
                Location => self.visit_location(id),
                GlobalVariableExpression => self.visit_global_variable_expression(id),
                Generic => self.visit_generic(id),
                Subrange => self.visit_subrange(id),
                GenericSubrange => self.visit_generic_subrange(id),
                Enumerator => Some(()),
                BasicType => self.visit_basic_type(id),
                FixedPointType => self.visit_fixed_point_type(id),
                StringType => self.visit_string_type(id),
                DerivedType => self.visit_derived_type(id),
                CompositeType => self.visit_composite_type(id),
                SubroutineType => self.visit_subroutine_type(id),
                SubrangeType => self.visit_subrange_type(id),
                File => self.visit_file(id),
                CompileUnit => self.visit_compile_unit(id),
                Subprogram => self.visit_subprogram(id),
                LexicalBlock => self.visit_lexical_block(id),
                LexicalBlockFile => self.visit_lexical_block_base(id),
                Namespace => self.visit_namespace(id),
                Module => self.visit_module(id),
                CommonBlock => self.visit_common_block(id),
                TemplateTypeParameter => self.visit_template_type_parameter(id),
                TemplateValueParameter => self.visit_template_value_parameter(id),
                GlobalVariable => self.visit_global_variable(id),
                LocalVariable => self.visit_local_variable(id),
                Label => self.visit_label(id),
                ObjCProperty => self.visit_objc_property(id),
                ImportedEntity => self.visit_imported_entity(id),
                Macro => self.visit_macro(id),
                MacroFile => self.visit_macro_file(id),
                AssignId => self.visit_assign_id(id),
            },
            _ => Some(()),
        };
    }

    /// `DISubprogram::isDefinition` of `sp` (once per subprogram: scopes ask it of every
    /// location and block).
    pub fn sp_is_definition(&mut self, sp: MdId) -> bool {
        let v = &self.v;
        *self.sp_definition.entry(sp).or_insert_with(|| v.sp_is_definition(sp))
    }

    /// The subprogram a local scope belongs to (`getSubprogram`, walking lexical blocks);
    /// `None` for null, a non-local scope or a broken chain.
    pub fn subprogram_of(&mut self, scope: Md) -> Option<MdId> {
        let Md::Node(start) = scope else { return None };
        let mut path = Vec::new();
        let mut cur = start;
        let found = loop {
            match self.v.node_class(cur) {
                Class::Di(DiKind::Subprogram) => break Some(cur),
                Class::Di(DiKind::LexicalBlock | DiKind::LexicalBlockFile) => {
                    if let Some(&known) = self.sp_of.get(&cur) {
                        break known;
                    }
                    // In progress: reaching it again means a cycle.
                    self.sp_of.insert(cur, None);
                    path.push(cur);
                    match self.v.md(cur, crate::node::F::Scope) {
                        Md::Node(next) => cur = next,
                        _ => break None,
                    }
                }
                _ => break None,
            }
        };
        for p in path {
            self.sp_of.insert(p, found);
        }
        found
    }
}
