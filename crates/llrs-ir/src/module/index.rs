//! The direct users of every constant and global of a module at once (LLVM's use-lists of
//! constants), for questions about many globals: one pass, linear in the module's size.

use super::uses::User;
use super::{GlobalId, Module};
use crate::constants::{Const, ConstId};
use rustc_hash::{FxHashMap, FxHashSet};

/// The direct users of each constant the module reaches: the places that hold it (instruction
/// operands, initializers, ...) and the constants that have it as an operand, as LLVM's
/// `Value::users()` of a constant. Made by [`Module::const_users`]; a snapshot, not kept up to
/// date by later changes.
#[derive(Clone, Debug, Default)]
pub struct ConstUsers {
    users: FxHashMap<ConstId, Vec<User>>,
    /// The constants that name each global, each with whether it is the global's address (the
    /// others: `dso_local_equivalent`, `no_cfi`, `blockaddress`).
    named: FxHashMap<GlobalId, Vec<(ConstId, bool)>>,
}

impl ConstUsers {
    /// The direct users of constant `c`, in the order met (empty when unused).
    pub fn of_const(&self, c: ConstId) -> &[User] {
        self.users.get(&c).map_or(&[][..], |v| &v[..])
    }

    /// The direct users of global `g`: the users of its address, and the other constants that
    /// name it (`dso_local_equivalent @g`, `no_cfi @g`, `blockaddress(@g, ...)`) as
    /// [`User::Const`].
    pub fn of_global(&self, g: GlobalId) -> Vec<User> {
        let mut out = Vec::new();
        for &(c, address) in self.named.get(&g).map_or(&[][..], |v| &v[..]) {
            if address {
                out.extend_from_slice(self.of_const(c));
            } else {
                out.push(User::Const(c));
            }
        }
        out
    }

    /// Whether anything in the module uses global `g`.
    pub fn is_used(&self, g: GlobalId) -> bool {
        self.named.get(&g).is_some_and(|cs| cs.iter().any(|&(c, address)| !address || !self.of_const(c).is_empty()))
    }
}

impl Module {
    /// The direct users of every constant and global the module reaches, in one pass (see
    /// [`ConstUsers`]). [`Module::uses_of`] answers for one global, through constants too.
    pub fn const_users(&self) -> ConstUsers {
        let mut out = ConstUsers::default();
        let mut seen: FxHashSet<ConstId> = FxHashSet::default();
        let mut stack = Vec::new();
        self.for_each_slot(|user, c| {
            out.users.entry(c).or_default().push(user);
            if seen.insert(c) {
                stack.push(c);
            }
            while let Some(k) = stack.pop() {
                let konst = self.ctx.const_of(k);
                match konst {
                    Const::Global(_, g) => out.named.entry(*g).or_default().push((k, true)),
                    Const::DsoLocalEquivalent(_, g) | Const::NoCfi(_, g) | Const::BlockAddress(_, g, _) => {
                        out.named.entry(*g).or_default().push((k, false))
                    }
                    _ => {}
                }
                for &o in konst.operands() {
                    out.users.entry(o).or_default().push(User::Const(k));
                    if seen.insert(o) {
                        stack.push(o);
                    }
                }
            }
        });
        out
    }
}
