//! The context: one instance of every type, constant, attribute set and uniqued metadata node.

use crate::attributes::{Attr, AttrsId};
use crate::constants::{Const, ConstId};
use crate::entity::IdVec;
use crate::metadata::{MdId, MdKind, MdNode};
use crate::symbol::{Interner, Symbol};
use crate::types::{FloatKind, StructDef, StructId, Type, TypeId};
use rustc_hash::FxHashMap;
use std::hash::Hash;

mod md_scope;

/// An arena that hands out one id per distinct value. Each value is held once, in the arena: the
/// index finds ids by the hash of their values (kept beside each id, so that growing the index
/// never hashes a value again).
pub struct Uniquer<K, V> {
    items: IdVec<K, V>,
    index: hashbrown::HashTable<(u32, K)>,
}

impl<K, V> std::fmt::Debug for Uniquer<K, V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Uniquer").field("values", &self.index.len()).finish()
    }
}

impl<K: crate::entity::EntityId + Hash, V: Eq + Hash> Default for Uniquer<K, V> {
    fn default() -> Self {
        Uniquer { items: IdVec::new(), index: hashbrown::HashTable::new() }
    }
}

/// The index's hash of a uniqued value, from the low half of its Fx hash (the half the index
/// keeps: its low bits are Fx's best mixed), spread over 64 bits by a multiplication, so that the
/// top bits hashbrown probes with are mixed too.
#[inline]
fn value_hash<V: Hash>(v: &V) -> (u32, u64) {
    use std::hash::BuildHasher;
    let low = rustc_hash::FxBuildHasher.hash_one(v) as u32;
    (low, spread(low))
}

/// The index's 64-bit hash of a kept half.
#[inline]
fn spread(low: u32) -> u64 {
    (low as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl<K: crate::entity::EntityId + Hash, V: Eq + Hash> Uniquer<K, V> {
    /// The id of `v`, adding it when new.
    pub fn intern(&mut self, v: V) -> K {
        let (low, h) = value_hash(&v);
        let items = &self.items;
        if let Some(&(_, k)) = self.index.find(h, |&(el, k)| el == low && items[k] == v) {
            return k;
        }
        let k = self.items.push(v);
        self.index.insert_unique(h, (low, k), |&(el, _)| spread(el));
        k
    }
    /// The id of `v` when it is already there.
    pub fn find(&self, v: &V) -> Option<K> {
        let (low, h) = value_hash(v);
        self.index.find(h, |&(el, k)| el == low && self.items[k] == *v).map(|&(_, k)| k)
    }
    /// The value of an id.
    #[inline]
    pub fn get(&self, k: K) -> &V {
        &self.items[k]
    }
    /// Number of distinct values.
    pub fn len(&self) -> usize {
        self.items.len()
    }
    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

/// Owns every uniqued entity of a module.
#[derive(Debug)]
pub struct Context {
    /// Interned strings.
    pub names: Interner,
    types: Uniquer<TypeId, Type>,
    consts: Uniquer<ConstId, Const>,
    attrs: Uniquer<AttrsId, Box<[Attr]>>,
    /// Identified structs in creation order.
    pub structs: IdVec<StructId, StructDef>,
    struct_names: FxHashMap<Symbol, StructId>,
    mds: IdVec<MdId, MdNode>,
    /// Uniqued metadata nodes by the hash of their contents: each entry the low half of the
    /// node's hash and its id (no copy of the nodes is kept).
    md_index: hashbrown::HashTable<(u32, MdId)>,
    /// Nodes `[0, md_owed)` are registered but not in `md_index` yet: they go in on the first
    /// lookup (see [`Context::md_register_all_later`]).
    md_owed: usize,
    /// The uniquing scope open, if any ([`Context::md_scope_begin`]).
    md_scope: Option<Box<md_scope::MdScope>>,
    /// Nodes `[lo, hi)`, made in uniquing scopes that have ended: registered, not in
    /// `md_index` until a lookup needs them ([`Context::md_scope_end`]).
    md_aside: Option<(u32, u32)>,
    md_kinds: Vec<Symbol>,
    md_kind_map: FxHashMap<Symbol, u32>,
    common: CommonTypes,
    /// The field names of `!DILocation`, once all are interned.
    loc_names: Option<crate::metadata::LocationNames>,
}

/// Types asked for all the time, interned once up front.
#[derive(Debug, Clone, Copy)]
struct CommonTypes {
    void: TypeId,
    i1: TypeId,
    i8: TypeId,
    i32: TypeId,
    i64: TypeId,
    ptr: TypeId,
}

/// LLVM 22's fixed metadata kinds, in kind-id order.
pub const FIXED_MD_KINDS: &[&str] = &[
    "dbg",
    "tbaa",
    "prof",
    "fpmath",
    "range",
    "tbaa.struct",
    "invariant.load",
    "alias.scope",
    "noalias",
    "nontemporal",
    "llvm.mem.parallel_loop_access",
    "nonnull",
    "dereferenceable",
    "dereferenceable_or_null",
    "make.implicit",
    "unpredictable",
    "invariant.group",
    "align",
    "llvm.loop",
    "type",
    "section_prefix",
    "absolute_symbol",
    "associated",
    "callees",
    "irr_loop",
    "llvm.access.group",
    "callback",
    "llvm.preserve.access.index",
    "vcall_visibility",
    "noundef",
    "annotation",
    "nosanitize",
    "func_sanitize",
    "exclude",
    "memprof",
    "callsite",
    "kcfi_type",
    "pcsections",
    "DIAssignID",
    "coro.outside.frame",
    "mmra",
    "noalias.addrspace",
];

impl Default for Context {
    fn default() -> Self {
        let mut c = Context {
            names: Interner::default(),
            types: Uniquer::default(),
            consts: Uniquer::default(),
            attrs: Uniquer::default(),
            structs: IdVec::new(),
            struct_names: FxHashMap::default(),
            mds: IdVec::new(),
            md_index: hashbrown::HashTable::new(),
            md_owed: 0,
            md_scope: None,
            md_aside: None,
            md_kinds: Vec::new(),
            md_kind_map: FxHashMap::default(),
            loc_names: None,
            common: CommonTypes {
                void: TypeId(0),
                i1: TypeId(0),
                i8: TypeId(0),
                i32: TypeId(0),
                i64: TypeId(0),
                ptr: TypeId(0),
            },
        };
        c.common = CommonTypes {
            void: c.ty(Type::Void),
            i1: c.ty(Type::Int(1)),
            i8: c.ty(Type::Int(8)),
            i32: c.ty(Type::Int(32)),
            i64: c.ty(Type::Int(64)),
            ptr: c.ty(Type::Ptr(0)),
        };
        let empty = c.attrs.intern(Box::new([]));
        debug_assert_eq!(empty, AttrsId::EMPTY);
        for k in FIXED_MD_KINDS {
            c.md_kind(k.as_bytes());
        }
        c
    }
}

impl Context {
    /// Interns a string.
    pub fn sym(&mut self, s: &str) -> Symbol {
        self.names.intern(s.as_bytes())
    }
    /// Interns bytes.
    pub fn sym_bytes(&mut self, s: &[u8]) -> Symbol {
        self.names.intern(s)
    }
    /// The bytes of a symbol.
    #[inline]
    pub fn name(&self, s: Symbol) -> &[u8] {
        self.names.get(s)
    }

    // ---- types ----

    /// The id of a type.
    pub fn ty(&mut self, t: Type) -> TypeId {
        self.types.intern(t)
    }
    /// The structure of a type.
    #[inline]
    pub fn type_of(&self, t: TypeId) -> &Type {
        self.types.get(t)
    }
    /// `void`
    pub fn void_ty(&mut self) -> TypeId {
        self.common.void
    }
    /// `iN`
    pub fn int_ty(&mut self, bits: u32) -> TypeId {
        match bits {
            1 => self.common.i1,
            8 => self.common.i8,
            32 => self.common.i32,
            64 => self.common.i64,
            _ => self.ty(Type::Int(bits)),
        }
    }
    /// `ptr addrspace(N)`
    /// The pointer type of an address space, when it exists (without making it).
    pub fn find_ptr_ty(&self, addrspace: u32) -> Option<TypeId> {
        if addrspace == 0 {
            return Some(self.common.ptr);
        }
        self.types.find(&Type::Ptr(addrspace))
    }
    /// The pointer type of an address space.
    pub fn ptr_ty(&mut self, addrspace: u32) -> TypeId {
        if addrspace == 0 {
            return self.common.ptr;
        }
        self.ty(Type::Ptr(addrspace))
    }
    /// A float type.
    pub fn float_ty(&mut self, k: FloatKind) -> TypeId {
        self.ty(Type::Float(k))
    }
    /// A function type.
    pub fn fn_ty(&mut self, ret: TypeId, params: &[TypeId], vararg: bool) -> TypeId {
        self.ty(Type::Function { ret, params: params.iter().copied().collect(), vararg })
    }
    /// Parameter types of a function type (empty for other types).
    pub fn fn_params(&self, t: TypeId) -> &[TypeId] {
        match self.type_of(t) {
            Type::Function { params, .. } => params,
            _ => &[],
        }
    }
    /// Return type of a function type.
    pub fn fn_ret(&self, t: TypeId) -> Option<TypeId> {
        match self.type_of(t) {
            Type::Function { ret, .. } => Some(*ret),
            _ => None,
        }
    }
    /// True for `void`.
    #[inline]
    pub fn is_void(&self, t: TypeId) -> bool {
        // Types are uniqued: `void` is one id.
        t == self.common.void
    }
    /// `FPMathOperator::classof` for a call, select or phi of type `t`: floating point, a vector
    /// of it, arrays of those, or a literal struct whose elements are all one such type. Only
    /// such instructions take fast-math flags.
    pub fn is_fp_math_ty(&self, mut t: TypeId) -> bool {
        while let Type::Array(_, e) = self.type_of(t) {
            t = *e;
        }
        let fp = |t: TypeId| match self.type_of(t) {
            Type::Float(_) => true,
            Type::Vector { elem, .. } => matches!(self.type_of(*elem), Type::Float(_)),
            _ => false,
        };
        match self.type_of(t) {
            Type::Struct { elems, .. } => elems.first().is_some_and(|&f| fp(f) && elems.iter().all(|&e| e == f)),
            _ => fp(t),
        }
    }
    /// The identified struct named `name`, created opaque when new.
    pub fn named_struct(&mut self, name: Symbol) -> (StructId, TypeId) {
        if let Some(&s) = self.struct_names.get(&name) {
            let ty = self.structs[s].ty.expect("struct has a type");
            return (s, ty);
        }
        let s = self.new_struct(Some(name));
        self.struct_names.insert(name, s);
        (s, self.structs[s].ty.expect("struct has a type"))
    }
    /// Names the identified struct `s` (which had no name): `StructType::setName`, without the
    /// renaming of a clash (`false` when the name is taken, and nothing changes).
    pub fn set_struct_name(&mut self, s: StructId, name: Symbol) -> bool {
        if self.struct_names.contains_key(&name) || self.structs[s].name.is_some() {
            return false;
        }
        self.structs[s].name = Some(name);
        self.struct_names.insert(name, s);
        true
    }
    /// The identified struct named `name`, if any.
    pub fn find_struct(&self, name: Symbol) -> Option<StructId> {
        self.struct_names.get(&name).copied()
    }
    /// A new identified struct (opaque until given a body).
    pub fn new_struct(&mut self, name: Option<Symbol>) -> StructId {
        let s = self.structs.push(StructDef { name, body: None, ty: None });
        let ty = self.ty(Type::Named(s));
        self.structs[s].ty = Some(ty);
        s
    }
    /// Number of types.
    pub fn num_types(&self) -> usize {
        self.types.len()
    }

    // ---- constants ----

    /// The id of a constant.
    pub fn konst(&mut self, c: Const) -> ConstId {
        self.consts.intern(c)
    }
    /// The structure of a constant.
    #[inline]
    pub fn const_of(&self, c: ConstId) -> &Const {
        self.consts.get(c)
    }
    /// The structure of a constant, `None` for an id this context never gave (one of another
    /// module's context).
    pub fn try_const_of(&self, c: ConstId) -> Option<&Const> {
        ((c.0 as usize) < self.consts.len()).then(|| self.consts.get(c))
    }
    /// The id of a constant that exists, without making it.
    pub fn find_const(&self, c: &Const) -> Option<ConstId> {
        self.consts.find(c)
    }
    /// How many constants there are (each constant's id is below this).
    pub fn num_consts(&self) -> usize {
        self.consts.len()
    }
    /// An integer constant from an i64 (sign-extended or truncated).
    pub fn const_int(&mut self, ty: TypeId, v: i64) -> ConstId {
        let bits = match self.type_of(ty) {
            Type::Int(b) => *b,
            _ => 64,
        };
        self.konst(Const::Int(ty, crate::apint::APInt::from_i64(bits, v)))
    }

    // ---- attributes ----

    /// The id of an attribute set, in LLVM's canonical form: one attribute per kind (and per
    /// string key), the last one given winning, sorted in LLVM's order; an attribute whose
    /// argument stands for no attribute ([`crate::AttrArg::is_void`]) removes its kind.
    pub fn attrs(&mut self, mut set: Vec<Attr>) -> AttrsId {
        if set.is_empty() {
            return AttrsId::EMPTY;
        }
        if set.len() > 1 {
            // The last of each kind wins (a small set is scanned, a large one hashed).
            let key = |a: &Attr| (a.kind, matches!(a.arg, crate::attributes::AttrArg::Str(_)));
            let keep: smallvec::SmallVec<[bool; 16]> = if set.len() <= 16 {
                (0..set.len()).map(|i| !set[i + 1..].iter().any(|b| key(b) == key(&set[i]))).collect()
            } else {
                let mut seen = rustc_hash::FxHashSet::default();
                let mut keep: smallvec::SmallVec<[bool; 16]> = set.iter().rev().map(|a| seen.insert(key(a))).collect();
                keep.reverse();
                keep
            };
            if keep.iter().any(|k| !k) {
                let mut it = keep.iter();
                set.retain(|_| *it.next().unwrap_or(&true));
            }
            let names = &self.names;
            if set.windows(2).any(|w| crate::attributes::attr_cmp(names, &w[0], &w[1]).is_gt()) {
                set.sort_by(|a, b| crate::attributes::attr_cmp(names, a, b));
            }
        }
        if set.iter().any(|a| a.arg.is_void()) {
            set.retain(|a| !a.arg.is_void());
            if set.is_empty() {
                return AttrsId::EMPTY;
            }
        }
        self.attrs.intern(set.into_boxed_slice())
    }
    /// The attributes of a set.
    #[inline]
    pub fn attrs_of(&self, a: AttrsId) -> &[Attr] {
        self.attrs.get(a)
    }
    /// The value of string attribute `key` in a set: `None` when absent, `Some(None)` for a bare
    /// `"key"`.
    pub fn str_attr(&self, a: AttrsId, key: Symbol) -> Option<Option<Symbol>> {
        self.attrs_of(a).iter().find_map(|at| match at.arg {
            crate::attributes::AttrArg::Str(v) if at.kind == key => Some(v),
            _ => None,
        })
    }
    /// The set with string attribute `key` set to `value` (`None`: a bare `"key"`).
    pub fn with_str_attr(&mut self, a: AttrsId, key: Symbol, value: Option<Symbol>) -> AttrsId {
        let mut set = self.attrs_of(a).to_vec();
        set.push(Attr { kind: key, arg: crate::attributes::AttrArg::Str(value) });
        self.attrs(set)
    }
    /// The set without string attribute `key`.
    pub fn without_str_attr(&mut self, a: AttrsId, key: Symbol) -> AttrsId {
        if self.str_attr(a, key).is_none() {
            return a;
        }
        let set = self
            .attrs_of(a)
            .iter()
            .filter(|at| !(at.kind == key && matches!(at.arg, crate::attributes::AttrArg::Str(_))))
            .cloned()
            .collect();
        self.attrs(set)
    }

    // ---- metadata ----

    /// A `!DILocation` held with fields, in its compact form ([`crate::MdKind::Location`])
    /// where it has one: every node of a context holds a location one way, so that equal
    /// locations are one node whoever made them.
    #[inline]
    fn normalize(&mut self, n: MdNode) -> MdNode {
        match n.kind {
            MdKind::Special(k) if self.names.get(k) == b"DILocation" => {
                let names = self.location_names();
                n.compact_location(&names).unwrap_or(n)
            }
            _ => n,
        }
    }

    /// The symbols of `!DILocation`'s field names (one no field has for a name not interned).
    fn location_names(&mut self) -> crate::metadata::LocationNames {
        if let Some(n) = self.loc_names {
            return n;
        }
        let none = Symbol(u32::MAX);
        let mut complete = true;
        let mut get = |s: &[u8]| {
            self.names.lookup(s).unwrap_or_else(|| {
                complete = false;
                none
            })
        };
        let names = crate::metadata::LocationNames {
            line: get(b"line"),
            column: get(b"column"),
            scope: get(b"scope"),
            inlined_at: get(b"inlinedAt"),
            implicit: get(b"isImplicitCode"),
            true_: get(b"true"),
            atom_group: get(b"atomGroup"),
            atom_rank: get(b"atomRank"),
        };
        if complete {
            self.loc_names = Some(names);
        }
        names
    }

    /// A uniqued node: equal uniqued nodes are one id. Distinct nodes are always new.
    pub fn md_intern(&mut self, n: MdNode) -> MdId {
        let n = self.normalize(n);
        if n.distinct {
            return self.mds.push(n);
        }
        self.md_settle();
        let place = self.md_place(&n);
        if place.settle {
            self.md_settle_aside();
        }
        let (low, h) = value_hash(&n);
        if let Some(id) = self.md_lookup(place.scoped, low, h, &n) {
            return id;
        }
        let id = self.mds.push(n);
        self.md_insert(place.scoped, low, h, id);
        id
    }
    fn md_lookup(&self, scoped: bool, low: u32, h: u64, n: &MdNode) -> Option<MdId> {
        let mds = &self.mds;
        self.md_table(scoped).find(h, |&(el, id)| el == low && mds[id] == *n).map(|&(_, id)| id)
    }
    /// Takes `id` out of its index, where it stands under the hash `(low, h)`; true when it
    /// was there.
    fn md_unindex(&mut self, scoped: bool, low: u32, h: u64, id: MdId) -> bool {
        match self.md_table_mut(scoped).find_entry(h, |&(el, x)| el == low && x == id) {
            Ok(entry) => {
                entry.remove();
                true
            }
            Err(_) => false,
        }
    }
    /// Makes an existing uniqued node (one made with [`Context::md_new`]) findable by
    /// [`Context::md_intern`]. When an equal node is already known, nothing changes and that
    /// node is returned.
    pub fn md_register(&mut self, id: MdId) -> Option<MdId> {
        self.md_settle();
        self.md_register_now(id)
    }
    fn md_register_now(&mut self, id: MdId) -> Option<MdId> {
        let n = &self.mds[id];
        if n.distinct {
            return None;
        }
        let place = self.md_place(n);
        if place.settle {
            self.md_settle_aside();
        }
        let n = &self.mds[id];
        let (low, h) = value_hash(n);
        if let Some(other) = self.md_lookup(place.scoped, low, h, n) {
            return (other != id).then_some(other);
        }
        self.md_insert(place.scoped, low, h, id);
        None
    }
    /// Registers every node there is now, as [`Context::md_register`] on each in order would,
    /// but only when something first looks a node up: for a caller that knows no two of them
    /// are equal (a reader that has just checked), so that a module nobody adds metadata to never
    /// pays for the index.
    pub fn md_register_all_later(&mut self) {
        // (The index's memory goes too: a module only read and printed never needs it again.)
        self.md_index = hashbrown::HashTable::new();
        self.md_owed = self.mds.len();
        self.md_scope = None;
        self.md_aside = None;
    }
    /// Puts the nodes owed by [`Context::md_register_all_later`] in the index.
    fn md_settle(&mut self) {
        let n = std::mem::take(&mut self.md_owed);
        if n > 0 {
            self.md_index.reserve(n, |&(el, _)| spread(el));
            for i in 0..n {
                self.md_register_now(MdId(i as u32));
            }
        }
    }
    /// The hash of a node's contents, as the index uses it: equal nodes have equal hashes.
    pub fn md_content_hash(&self, id: MdId) -> u64 {
        md_hash(&self.mds[id])
    }
    /// Forgets every registration (before registering again after a bulk rewrite).
    pub fn md_unregister_all(&mut self) {
        self.md_index.clear();
        self.md_owed = 0;
        self.md_aside = None;
        if let Some(s) = self.md_scope.as_mut() {
            s.index.clear();
        }
    }
    /// Reserves room for `n` more registered nodes.
    pub fn md_reserve(&mut self, n: usize) {
        self.md_index.reserve(n, |&(el, _)| spread(el));
    }
    /// A new node, not merged with any other (for nodes whose operands are still being resolved).
    pub fn md_new(&mut self, n: MdNode) -> MdId {
        let n = self.normalize(n);
        self.mds.push(n)
    }
    /// Replaces the contents of a node. A registered node stays registered, under its new contents.
    pub fn md_set(&mut self, id: MdId, n: MdNode) {
        let n = self.normalize(n);
        let old = &self.mds[id];
        if (id.0 as usize) < self.md_owed {
            if !old.distinct || n.distinct {
                // Still owed: it goes in under whatever it holds when the index is made.
                self.mds[id] = n;
                return;
            }
            // A distinct node turning uniqued was not registered: settle the rest first.
            self.md_settle();
        }
        if self.md_aside.is_some_and(|(lo, hi)| id.0 >= lo && id.0 < hi) {
            // Set aside, as owed above.
            if !self.mds[id].distinct || n.distinct {
                self.mds[id] = n;
                return;
            }
            self.md_settle_aside();
        }
        let old = &self.mds[id];
        let mut registered = false;
        if !old.distinct {
            let (low, h) = value_hash(old);
            let scoped = self.md_place(old).scoped;
            registered = self.md_unindex(scoped, low, h, id);
        }
        self.mds[id] = n;
        if registered && !self.mds[id].distinct {
            let place = self.md_place(&self.mds[id]);
            if place.settle {
                self.md_settle_aside();
            }
            let (low, h) = value_hash(&self.mds[id]);
            self.md_insert(place.scoped, low, h, id);
        }
    }
    /// [`Context::md_set`] of a node that is not distinct and was never registered (made by
    /// [`Context::md_new`], e.g. a forward reference's placeholder, and not looked up or
    /// registered since): nothing to take out of the index, so no hashing.
    pub fn md_fill(&mut self, id: MdId, n: MdNode) {
        debug_assert!(!self.mds[id].distinct);
        self.mds[id] = self.normalize(n);
    }
    /// The node of an id.
    #[inline]
    pub fn md(&self, id: MdId) -> &MdNode {
        &self.mds[id]
    }
    /// Number of metadata nodes.
    pub fn num_mds(&self) -> usize {
        self.mds.len()
    }
    /// The kind of `!dbg` attachments (kind 0, there from the start): [`Context::md_kind`]
    /// of `dbg` without looking the name up.
    #[inline]
    pub fn dbg_kind(&self) -> Symbol {
        self.md_kinds[0]
    }
    /// The kind id of a metadata attachment name (`dbg` = 0, ...; new names in order of first use).
    pub fn md_kind(&mut self, name: &[u8]) -> Symbol {
        let sym = self.names.intern(name);
        if !self.md_kind_map.contains_key(&sym) {
            self.md_kind_map.insert(sym, self.md_kinds.len() as u32);
            self.md_kinds.push(sym);
        }
        sym
    }
    /// The kind id of an attachment name registered with [`Context::md_kind`].
    pub fn md_kind_id(&self, sym: Symbol) -> u32 {
        self.md_kind_map.get(&sym).copied().unwrap_or(u32::MAX)
    }
}

/// The hash of a node's contents.
fn md_hash(n: &MdNode) -> u64 {
    use std::hash::{BuildHasher, BuildHasherDefault};
    BuildHasherDefault::<rustc_hash::FxHasher>::default().hash_one(n)
}

#[cfg(test)]
mod tests {
    use super::Context;
    use crate::metadata::{Md, MdNode};

    #[test]
    fn nodes_registered_later_are_found_by_the_first_lookup() {
        let mut c = Context::default();
        let s = c.names.intern(b"x");
        let a = c.md_new(MdNode::tuple(false, [Md::Str(s)]));
        let d = c.md_new(MdNode::tuple(true, [Md::Str(s)]));
        let b = c.md_new(MdNode::tuple(false, [Md::Node(a)]));
        let turned = c.md_new(MdNode::tuple(true, []));
        c.md_register_all_later();
        // Contents changed while owed count as they are when the index is made.
        c.md_set(b, MdNode::tuple(false, [Md::Node(a), Md::Null]));
        // A distinct node made uniqued after the registration stays unregistered.
        c.md_set(turned, MdNode::tuple(false, [Md::Null, Md::Null, Md::Null]));
        assert_eq!(c.md_intern(MdNode::tuple(false, [Md::Str(s)])), a);
        assert_ne!(c.md_intern(MdNode::tuple(true, [Md::Str(s)])), d);
        assert_eq!(c.md_intern(MdNode::tuple(false, [Md::Node(a), Md::Null])), b);
        assert_ne!(c.md_intern(MdNode::tuple(false, [Md::Null, Md::Null, Md::Null])), turned);
        assert_eq!(c.md_register(a), None);
    }

    #[test]
    fn scoped_nodes_are_uniqued_and_found_after_the_scope() {
        let mut c = Context::default();
        let s = c.names.intern(b"x");
        let old = c.md_intern(MdNode::tuple(false, [Md::Str(s)]));
        c.md_scope_begin();
        let own = c.md_new(MdNode::tuple(true, []));
        // Refers to the scope's node: uniqued in the scope.
        let young = c.md_intern(MdNode::tuple(false, [Md::Node(own), Md::Node(old)]));
        assert_eq!(c.md_intern(MdNode::tuple(false, [Md::Node(own), Md::Node(old)])), young);
        // Refers to nothing of the scope: found in the module's index.
        assert_eq!(c.md_intern(MdNode::tuple(false, [Md::Str(s)])), old);
        let plain = c.md_intern(MdNode::tuple(false, [Md::Node(old)]));
        // Registered later, and changed: found under what it holds.
        let late = c.md_new(MdNode::tuple(false, [Md::Node(own)]));
        assert_eq!(c.md_register(late), None);
        c.md_set(late, MdNode::tuple(false, [Md::Node(own), Md::Null]));
        c.md_scope_end();
        c.md_scope_begin();
        assert_eq!(c.md_intern(MdNode::tuple(false, [Md::Node(old)])), plain);
        // A node of an ended scope is found by a lookup that refers to that scope's nodes.
        assert_eq!(c.md_intern(MdNode::tuple(false, [Md::Node(own), Md::Node(old)])), young);
        assert_eq!(c.md_intern(MdNode::tuple(false, [Md::Node(own), Md::Null])), late);
        c.md_scope_end();
        assert_eq!(c.md_register(young), None);
    }
}
