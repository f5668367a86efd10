//! Uniquing scopes for metadata: a reader that builds a function's metadata knows that nodes
//! referring to nodes made for that function are never asked for by anything after it, so such
//! nodes are uniqued in a small index of the function's own ([`Context::md_scope_begin`]) and
//! kept out of the module's index until a lookup could need them.

use super::{spread, Context};
use crate::entity::EntityId;
use crate::metadata::{DiValue, Md, MdId, MdNode};

/// An open uniquing scope.
#[derive(Debug)]
pub(super) struct MdScope {
    /// The first node made in it.
    pub from: u32,
    /// Its uniqued nodes that refer to a node made in it, by hash (as `Context::md_index`).
    pub index: hashbrown::HashTable<(u32, MdId)>,
}

/// Whether `n` refers (by an operand or a field) to a node whose id `f` accepts.
fn refers(n: &MdNode, f: impl Fn(u32) -> bool) -> bool {
    let node = |m: &Md| matches!(*m, Md::Node(id) if f(id.0));
    n.ops.iter().any(node)
        || n.fields.iter().any(|(_, v)| match v {
            DiValue::Md(m) => node(m),
            DiValue::List(l) => l.iter().any(node),
            _ => false,
        })
}

/// Where a node is uniqued.
#[derive(Copy, Clone)]
pub(super) struct Place {
    /// It refers to a node set aside by a scope that ended: those go in the module's index first.
    pub settle: bool,
    /// It refers to a node made in the open scope: it is uniqued in the scope's index.
    pub scoped: bool,
}

impl Context {
    /// Opens a uniquing scope (ending the one open): until [`Context::md_scope_end`], a node
    /// interned or registered that refers to a node made since is uniqued among such nodes only,
    /// in an index of the scope's own.
    ///
    /// For a reader of one function's metadata: any node equal to one that refers to a node of
    /// the scope refers to that node too, so it can only be made in the scope.
    pub fn md_scope_begin(&mut self) {
        self.md_scope_end();
        self.md_scope = Some(Box::new(MdScope { from: self.mds.len() as u32, index: hashbrown::HashTable::new() }));
    }

    /// Ends the open uniquing scope. The nodes it uniqued stay registered but are set aside:
    /// they go in the module's index only when a node referring to one of them is looked up.
    pub fn md_scope_end(&mut self) {
        let Some(scope) = self.md_scope.take() else { return };
        let hi = self.mds.len() as u32;
        if scope.from < hi {
            let lo = self.md_aside.map_or(scope.from, |(lo, _)| lo.min(scope.from));
            self.md_aside = Some((lo, hi));
        }
    }

    /// Where `n` is uniqued (see [`Place`]).
    pub(super) fn md_place(&self, n: &MdNode) -> Place {
        let settle = self.md_aside.is_some_and(|(lo, hi)| refers(n, |id| id >= lo && id < hi));
        let scoped = self.md_scope.as_ref().is_some_and(|s| refers(n, |id| id >= s.from));
        Place { settle, scoped }
    }

    /// Puts the nodes set aside by ended scopes in the module's index.
    pub(super) fn md_settle_aside(&mut self) {
        let Some((lo, hi)) = self.md_aside.take() else { return };
        for i in lo..hi {
            self.md_register_now(MdId::new(i as usize));
        }
    }

    /// The index a node is uniqued in.
    pub(super) fn md_table(&self, scoped: bool) -> &hashbrown::HashTable<(u32, MdId)> {
        match (&self.md_scope, scoped) {
            (Some(s), true) => &s.index,
            _ => &self.md_index,
        }
    }

    /// The index a node is uniqued in, to change.
    pub(super) fn md_table_mut(&mut self, scoped: bool) -> &mut hashbrown::HashTable<(u32, MdId)> {
        match (&mut self.md_scope, scoped) {
            (Some(s), true) => &mut s.index,
            _ => &mut self.md_index,
        }
    }

    /// Adds `id`, of hash `(low, h)`, to the index it belongs in.
    pub(super) fn md_insert(&mut self, scoped: bool, low: u32, h: u64, id: MdId) {
        self.md_table_mut(scoped).insert_unique(h, (low, id), |&(el, _)| spread(el));
    }
}
