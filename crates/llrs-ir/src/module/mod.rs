//! Modules and global values: variables, functions, aliases and ifuncs.

use crate::attributes::AttrsId;
use crate::constants::ConstId;
use crate::context::Context;
use crate::entity::IdVec;
use crate::entity_id;
use crate::function::Body;
use crate::instructions::AttrList;
use crate::metadata::MdId;
use crate::symbol::Symbol;
use crate::types::TypeId;

entity_id!(
    /// A global value (variable, function, alias or ifunc).
    GlobalId
);
entity_id!(
    /// A comdat.
    ComdatId
);
entity_id!(
    /// An inline assembly value.
    AsmId
);

/// Linkage types.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum Linkage {
    /// `external` (the default).
    #[default]
    External,
    /// `private`
    Private,
    /// `internal`
    Internal,
    /// `available_externally`
    AvailableExternally,
    /// `linkonce`
    LinkOnce,
    /// `weak`
    Weak,
    /// `common`
    Common,
    /// `appending`
    Appending,
    /// `extern_weak`
    ExternWeak,
    /// `linkonce_odr`
    LinkOnceOdr,
    /// `weak_odr`
    WeakOdr,
}

impl Linkage {
    /// The keyword (empty for external).
    pub fn name(self) -> &'static str {
        match self {
            Linkage::External => "",
            Linkage::Private => "private",
            Linkage::Internal => "internal",
            Linkage::AvailableExternally => "available_externally",
            Linkage::LinkOnce => "linkonce",
            Linkage::Weak => "weak",
            Linkage::Common => "common",
            Linkage::Appending => "appending",
            Linkage::ExternWeak => "extern_weak",
            Linkage::LinkOnceOdr => "linkonce_odr",
            Linkage::WeakOdr => "weak_odr",
        }
    }
    /// True for private and internal.
    pub fn is_local(self) -> bool {
        matches!(self, Linkage::Private | Linkage::Internal)
    }
}

/// Symbol visibility.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum Visibility {
    /// `default`
    #[default]
    Default,
    /// `hidden`
    Hidden,
    /// `protected`
    Protected,
}

/// DLL storage class.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum DllStorage {
    /// None.
    #[default]
    Default,
    /// `dllimport`
    Import,
    /// `dllexport`
    Export,
}

/// Thread-local storage models.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum ThreadLocal {
    /// Not thread-local.
    #[default]
    None,
    /// `thread_local`
    GeneralDynamic,
    /// `thread_local(localdynamic)`
    LocalDynamic,
    /// `thread_local(initialexec)`
    InitialExec,
    /// `thread_local(localexec)`
    LocalExec,
}

/// `unnamed_addr` / `local_unnamed_addr`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum UnnamedAddr {
    /// Address is significant.
    #[default]
    None,
    /// `local_unnamed_addr`
    Local,
    /// `unnamed_addr`
    Global,
}

/// Comdat selection kinds.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum ComdatKind {
    /// `any`
    #[default]
    Any,
    /// `exactmatch`
    ExactMatch,
    /// `largest`
    Largest,
    /// `nodeduplicate`
    NoDeduplicate,
    /// `samesize`
    SameSize,
}

impl ComdatKind {
    /// The keyword.
    pub fn name(self) -> &'static str {
        match self {
            ComdatKind::Any => "any",
            ComdatKind::ExactMatch => "exactmatch",
            ComdatKind::Largest => "largest",
            ComdatKind::NoDeduplicate => "nodeduplicate",
            ComdatKind::SameSize => "samesize",
        }
    }
}

/// A comdat: `$name = comdat any`.
#[derive(Clone, Debug)]
pub struct Comdat {
    /// Its name.
    pub name: Symbol,
    /// Selection kind.
    pub kind: ComdatKind,
}

/// What a global value is.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum GlobalKind {
    /// A global variable.
    Var,
    /// A function.
    Function,
    /// An alias.
    Alias,
    /// An ifunc.
    IFunc,
}

/// Sanitizer metadata bits of a global variable.
pub mod sanitizer {
    /// `no_sanitize_address`
    pub const NO_ADDRESS: u8 = 1;
    /// `no_sanitize_hwaddress`
    pub const NO_HWADDRESS: u8 = 2;
    /// `sanitize_memtag`
    pub const MEMTAG: u8 = 4;
    /// `sanitize_address_dyninit`
    pub const DYNINIT: u8 = 8;
}

/// A global value.
#[derive(Clone, Debug)]
pub struct Global {
    /// The name; `None` for numbered globals (`@0`).
    pub name: Option<Symbol>,
    /// Variable, function, alias or ifunc.
    pub kind: GlobalKind,
    /// Linkage.
    pub linkage: Linkage,
    /// `dso_local`.
    pub dso_local: bool,
    /// Visibility.
    pub visibility: Visibility,
    /// DLL storage class.
    pub dll: DllStorage,
    /// Thread-local model.
    pub thread_local: ThreadLocal,
    /// unnamed_addr.
    pub unnamed_addr: UnnamedAddr,
    /// Address space of the global's pointer.
    pub addrspace: u32,
    /// The value type: the variable's type, the function's type, the alias's value type.
    pub value_ty: TypeId,
    /// `section "..."`.
    pub section: Option<Symbol>,
    /// `partition "..."`.
    pub partition: Option<Symbol>,
    /// The comdat.
    pub comdat: Option<ComdatId>,
    /// Alignment in bytes (0 = none).
    pub align: u64,
    /// Metadata attachments.
    pub md: crate::lists::Attachments,
    /// Variables: constant, initializer and attributes.
    pub var: VarData,
    /// Functions: the rest of a function.
    pub func: Option<Box<FuncData>>,
    /// Alias aliasee or ifunc resolver.
    pub target: Option<ConstId>,
}

/// A `uselistorder` directive kept in the module: the value and the new order of its uses.
#[derive(Clone, Debug, PartialEq)]
pub struct UseListOrder {
    /// Whose uses.
    pub target: UseListTarget,
    /// `order[i]`: the new position of the `i`-th use, in LLVM's order (most recent first).
    pub order: Box<[u32]>,
}

/// The value of a kept `uselistorder` directive.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum UseListTarget {
    /// A constant or global value (`uselistorder T v, {...}`).
    Value(crate::value::Value),
    /// A block of a function, by its name or number as written (`uselistorder_bb @f, %bb, {...}`).
    Block(GlobalId, Symbol),
}

/// Data of global variables.
#[derive(Clone, Debug, Default)]
pub struct VarData {
    /// `constant` rather than `global`.
    pub constant: bool,
    /// The initializer; `None` for a declaration.
    pub init: Option<ConstId>,
    /// `externally_initialized`.
    pub externally_initialized: bool,
    /// Attribute set (`#N` after a variable).
    pub attrs: AttrsId,
    /// `code_model "..."`.
    pub code_model: Option<Symbol>,
    /// [`sanitizer`] bits.
    pub sanitizer: u8,
}

/// Data of functions.
#[derive(Clone, Debug, Default)]
pub struct FuncData {
    /// Calling convention number.
    pub cconv: u32,
    /// Attributes.
    pub attrs: AttrList,
    /// Argument names (`None` = numbered).
    pub arg_names: Vec<Option<Symbol>>,
    /// `gc "..."`.
    pub gc: Option<Symbol>,
    /// `prefix T v`.
    pub prefix: Option<ConstId>,
    /// `prologue T v`.
    pub prologue: Option<ConstId>,
    /// `personality T v`.
    pub personality: Option<ConstId>,
    /// `prefalign(N)`.
    pub prefalign: u64,
    /// The body; `None` for a declaration.
    pub body: Option<Body>,
}

/// Inline assembly: `asm sideeffect alignstack inteldialect unwind "code", "constraints"`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct InlineAsm {
    /// The function type of the asm.
    pub fn_ty: TypeId,
    /// The code string.
    pub asm: Symbol,
    /// The constraint string.
    pub constraints: Symbol,
    /// `sideeffect`
    pub side_effect: bool,
    /// `alignstack`
    pub align_stack: bool,
    /// `inteldialect`
    pub intel: bool,
    /// `unwind`
    pub can_throw: bool,
}

/// A module: the unit of IR.
#[derive(Debug, Default)]
pub struct Module {
    /// Types, constants, attributes, metadata and names.
    pub ctx: Context,
    /// `source_filename = "..."`.
    pub source_filename: Option<Vec<u8>>,
    /// `target datalayout = "..."`.
    pub data_layout: Option<Vec<u8>>,
    /// `target triple = "..."`.
    pub triple: Option<Vec<u8>>,
    /// Module inline asm as LLVM keeps it: the `module asm` pieces appended, each ending in a
    /// newline (one is added when a piece lacks it; an empty piece adds nothing).
    pub module_asm: Vec<u8>,
    /// Comdats.
    pub comdats: IdVec<ComdatId, Comdat>,
    /// Every global value.
    pub globals: IdVec<GlobalId, Global>,
    /// Global variables in order.
    pub vars: Vec<GlobalId>,
    /// Functions in order.
    pub functions: Vec<GlobalId>,
    /// Aliases in order.
    pub aliases: Vec<GlobalId>,
    /// IFuncs in order.
    pub ifuncs: Vec<GlobalId>,
    /// Named metadata `!name = !{...}` in order.
    pub named_md: Vec<(Symbol, Vec<MdId>)>,
    /// Inline asm values.
    pub asms: IdVec<AsmId, InlineAsm>,
    /// The ThinLTO module summary index read from `^N = ...` entries.
    pub summary: crate::summary::SummaryIndex,
    /// `uselistorder` directives for values without use-lists in llrs (globals, constants, and
    /// blocks used by `blockaddress`): kept for a writer that preserves use-list order. Those on
    /// local values are applied to the function's use-lists when read.
    pub uselist_orders: Vec<UseListOrder>,
    /// The `"Debug Info Version"` of debug info the reader dropped (`UpgradeDebugInfo` on a
    /// module whose version is not the current one, when dropping changed something): LLVM
    /// warns of it ("ignoring debug info with an invalid version").
    pub stripped_debug_version: Option<u64>,
}

impl Module {
    /// An empty module.
    pub fn new() -> Self {
        Self::default()
    }
    /// A new global value with defaults, not yet placed in any order list.
    pub fn new_global(&mut self, name: Option<Symbol>, kind: GlobalKind, value_ty: TypeId) -> GlobalId {
        self.globals.push(Global {
            name,
            kind,
            linkage: Linkage::External,
            dso_local: false,
            visibility: Visibility::Default,
            dll: DllStorage::Default,
            thread_local: ThreadLocal::None,
            unnamed_addr: UnnamedAddr::None,
            addrspace: 0,
            value_ty,
            section: None,
            partition: None,
            comdat: None,
            align: 0,
            md: crate::lists::Attachments::new(),
            var: VarData::default(),
            func: None,
            target: None,
        })
    }
    /// A name for a new global: `None` for an empty name (a numbered global), `name` when no
    /// global has it, else `name.1`, `name.2`, ... as LLVM renames a clashing global. Costs a
    /// look at the globals only when the name is already interned.
    fn unique_global_name(&mut self, name: &str) -> Option<Symbol> {
        if name.is_empty() {
            return None;
        }
        let taken = |m: &Module, n: &str| m.global_named(n).is_some();
        if !taken(self, name) {
            return Some(self.ctx.sym(name));
        }
        (1u64..).map(|k| format!("{name}.{k}")).find(|cand| !taken(self, cand)).map(|cand| self.ctx.sym(&cand))
    }
    /// Adds a global variable at the end of the variable list. A name already used by a global
    /// gets a numbered suffix (`g.1`), as in LLVM; an empty name makes a numbered global (`@0`).
    pub fn add_var(&mut self, name: &str, ty: TypeId, init: Option<ConstId>) -> GlobalId {
        let sym = self.unique_global_name(name);
        let g = self.new_global(sym, GlobalKind::Var, ty);
        self.globals[g].var.init = init;
        self.vars.push(g);
        g
    }
    /// Adds a function (declaration until given a body) at the end of the function list, named
    /// as [`Module::add_var`] names a variable.
    pub fn add_function(&mut self, name: &str, fn_ty: TypeId) -> GlobalId {
        let sym = self.unique_global_name(name);
        let g = self.new_global(sym, GlobalKind::Function, fn_ty);
        let nparams = self.ctx.fn_params(fn_ty).len();
        self.globals[g].func = Some(Box::new(FuncData { arg_names: vec![None; nparams], ..Default::default() }));
        self.functions.push(g);
        g
    }
    /// The function data of a function.
    pub fn func(&self, g: GlobalId) -> &FuncData {
        self.globals[g].func.as_deref().expect("global is a function")
    }
    /// The function data of a function, mutably.
    pub fn func_mut(&mut self, g: GlobalId) -> &mut FuncData {
        self.globals[g].func.as_deref_mut().expect("global is a function")
    }
    /// The body of function `g`: `None` for a declaration or a global that is not a function.
    pub fn body(&self, g: GlobalId) -> Option<&Body> {
        self.globals.get(g)?.func.as_deref()?.body.as_ref()
    }
    /// The body of a function, created empty when absent.
    pub fn body_mut(&mut self, g: GlobalId) -> &mut Body {
        self.func_mut(g).body.get_or_insert_with(Body::new)
    }
    /// The global value named `name` (without its `@`): function, variable, alias or ifunc.
    /// One pass over the globals; keep the id when looking up often.
    pub fn global_named(&self, name: &str) -> Option<GlobalId> {
        let sym = self.ctx.names.lookup(name.as_bytes())?;
        self.globals.iter().find(|(_, g)| g.name == Some(sym)).map(|(id, _)| id)
    }
    /// The function named `name` (without its `@`), declared or defined.
    pub fn function_named(&self, name: &str) -> Option<GlobalId> {
        self.global_named(name).filter(|&g| self.globals[g].kind == GlobalKind::Function)
    }
}

mod index;
mod rauw;
mod uses;
pub use index::ConstUsers;
pub use rauw::RauwError;
pub use uses::{ModuleUse, User};
