//! `visitModuleFlags` (every behavior and its rules, `visitModuleFlagCGProfileEntry`),
//! `visitModuleIdents` and `visitModuleCommandLines`.

#[cfg(test)]
mod tests;

use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::{Const, Md, MdId, MdKind, Symbol, Type};
use rustc_hash::FxHashMap;

/// `Module::ModFlagBehavior`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Behavior {
    /// 1: differing values are an error when linking.
    Error,
    /// 2: differing values are a warning.
    Warning,
    /// 3: another flag must have a given value.
    Require,
    /// 4: this value wins.
    Override,
    /// 5: node values are appended.
    Append,
    /// 6: node values are appended without duplicates.
    AppendUnique,
    /// 7: the largest integer wins.
    Max,
    /// 8: the smallest integer wins.
    Min,
}

/// `Module::isValidModFlagBehavior`: a constant integer from 1 to 8.
pub fn behavior(v: &Verifier<'_>, md: Md) -> Option<Behavior> {
    let Md::Const(c) = md else { return None };
    let Const::Int(_, val) = v.v.m.ctx.const_of(c) else { return None };
    // `getLimitedValue`: a value wider than 64 bits saturates.
    let n = if val.active_bits() > 64 { u64::MAX } else { val.low_u64() };
    Some(match n {
        1 => Behavior::Error,
        2 => Behavior::Warning,
        3 => Behavior::Require,
        4 => Behavior::Override,
        5 => Behavior::Append,
        6 => Behavior::AppendUnique,
        7 => Behavior::Max,
        8 => Behavior::Min,
        _ => return None,
    })
}

/// The subject LLVM prints for a metadata operand (nothing for null).
fn md_subject(md: Md) -> Vec<Subject> {
    match md {
        Md::Null => Vec::new(),
        Md::Node(id) => vec![Subject::Md(id)],
        other => vec![Subject::MdRef(other)],
    }
}

impl<'m> Verifier<'m> {
    /// The operands of a named metadata node, if the module has it.
    fn mf_named_ops(&self, name: &[u8]) -> Option<&'m [MdId]> {
        let m = self.v.m;
        let key = m.ctx.names.lookup(name)?;
        m.named_md.iter().find(|(n, _)| *n == key).map(|(_, ops)| &ops[..])
    }

    /// The operands of a node (`MDNode::operands`; a specialized node is taken as its generic
    /// operands).
    fn mf_ops(&self, id: MdId) -> &'m [Md] {
        &self.v.node(id).ops
    }

    /// Whether `md` is an `MDNode` (any node but a `DIArgList`).
    fn mf_is_node(&self, md: Md) -> bool {
        matches!(md, Md::Node(id) if self.v.node(id).kind != MdKind::ArgList)
    }

    /// `mdconst::dyn_extract_or_null<ConstantInt>`.
    fn mf_const_int(&self, md: Md) -> Option<&'m llrs_ir::APInt> {
        let Md::Const(c) = md else { return None };
        let ctx = &self.v.m.ctx;
        match ctx.const_of(c) {
            Const::Int(t, v) if matches!(ctx.type_of(*t), Type::Int(_)) => Some(v),
            _ => None,
        }
    }

    /// `visitModuleFlags`.
    pub fn visit_module_flags(&mut self) {
        let Some(flags) = self.mf_named_ops(b"llvm.module.flags") else { return };
        let mut seen: FxHashMap<Symbol, MdId> = FxHashMap::default();
        let mut requirements: Vec<MdId> = Vec::new();
        let mut pauth_platform = u64::MAX;
        let mut pauth_version = u64::MAX;
        for &op in flags {
            let _ = self.visit_module_flag(op, &mut seen, &mut requirements);
            let ops = self.mf_ops(op);
            if ops.len() != 3 {
                continue;
            }
            let (Some(&Md::Str(name)), Some(&val)) = (ops.get(1), ops.get(2)) else { continue };
            let name = self.v.m.ctx.name(name);
            let value = self.mf_const_int(val).map(|v| v.low_u64());
            if name == b"aarch64-elf-pauthabi-platform" {
                if let Some(v) = value {
                    pauth_platform = v;
                }
            } else if name == b"aarch64-elf-pauthabi-version" {
                if let Some(v) = value {
                    pauth_version = v;
                }
            }
        }
        if (pauth_platform == u64::MAX) != (pauth_version == u64::MAX) {
            self.fail_module(
                "either both or no 'aarch64-elf-pauthabi-platform' and 'aarch64-elf-pauthabi-version' module flags \
                 must be present",
                &[],
            );
        }

        for req in requirements {
            let ops = self.mf_ops(req);
            let (Some(&Md::Str(flag)), Some(&wanted)) = (ops.first(), ops.get(1)) else { continue };
            let Some(&op) = seen.get(&flag) else {
                self.fail_module(
                    "invalid requirement on flag, flag is not present in module",
                    &[Subject::MdRef(Md::Str(flag))],
                );
                continue;
            };
            if self.mf_ops(op).get(2).copied().unwrap_or(Md::Null) != wanted {
                self.fail_module(
                    "invalid requirement on flag, flag does not have the required value",
                    &[Subject::MdRef(Md::Str(flag))],
                );
            }
        }
    }

    /// `visitModuleFlag`.
    fn visit_module_flag(
        &mut self,
        op: MdId,
        seen: &mut FxHashMap<Symbol, MdId>,
        requirements: &mut Vec<MdId>,
    ) -> Step {
        let ops = self.mf_ops(op);
        self.check_module(ops.len() == 3, "incorrect number of operands in module flag", &[Subject::Md(op)])?;
        let (b, id, val) = (
            ops.first().copied().unwrap_or(Md::Null),
            ops.get(1).copied().unwrap_or(Md::Null),
            ops.get(2).copied().unwrap_or(Md::Null),
        );
        let Some(mfb) = behavior(self, b) else {
            let is_int = self.mf_const_int(b).is_some();
            self.check_module(
                is_int,
                "invalid behavior operand in module flag (expected constant integer)",
                &md_subject(b),
            )?;
            self.fail_module("invalid behavior operand in module flag (unexpected constant)", &md_subject(b));
            return None;
        };
        let Md::Str(id) = id else {
            self.fail_module("invalid ID operand in module flag (expected metadata string)", &md_subject(id));
            return None;
        };

        match mfb {
            Behavior::Error | Behavior::Warning | Behavior::Override => {}
            Behavior::Min => {
                let ok = self.mf_const_int(val).is_some_and(|v| !v.is_negative());
                self.check_module(
                    ok,
                    "invalid value for 'min' module flag (expected constant non-negative integer)",
                    &md_subject(val),
                )?;
            }
            Behavior::Max => {
                let ok = self.mf_const_int(val).is_some();
                self.check_module(
                    ok,
                    "invalid value for 'max' module flag (expected constant integer)",
                    &md_subject(val),
                )?;
            }
            Behavior::Require => {
                let pair = match val {
                    Md::Node(v) if self.mf_is_node(val) && self.mf_ops(v).len() == 2 => Some(v),
                    _ => None,
                };
                let Some(pair) = pair else {
                    self.fail_module(
                        "invalid value for 'require' module flag (expected metadata pair)",
                        &md_subject(val),
                    );
                    return None;
                };
                let first = self.mf_ops(pair).first().copied().unwrap_or(Md::Null);
                self.check_module(
                    matches!(first, Md::Str(_)),
                    "invalid value for 'require' module flag (first value operand should be a string)",
                    &md_subject(first),
                )?;
                requirements.push(pair);
            }
            Behavior::Append | Behavior::AppendUnique => {
                self.check_module(
                    self.mf_is_node(val),
                    "invalid value for 'append'-type module flag (expected a metadata node)",
                    &md_subject(val),
                )?;
            }
        }

        if mfb != Behavior::Require {
            let inserted = !seen.contains_key(&id);
            if inserted {
                seen.insert(id, op);
            }
            self.check_module(
                inserted,
                "module flag identifiers must be unique (or of 'require' type)",
                &[Subject::MdRef(Md::Str(id))],
            )?;
        }

        let name = self.v.m.ctx.name(id);
        if name == b"wchar_size" {
            let ok = self.mf_const_int(val).is_some();
            self.check_module(ok, "wchar_size metadata requires constant integer argument", &[])?;
        }
        if name == b"Linker Options" {
            // The reader upgrades the flag to `!llvm.linker.options`; a module with the flag but
            // without the named node made it by hand.
            let upgraded = self.mf_named_ops(b"llvm.linker.options").is_some();
            self.check_module(upgraded, "'Linker Options' named metadata no longer supported", &[])?;
        }
        if name == b"SemanticInterposition" {
            let ok = self.mf_const_int(val).is_some();
            self.check_module(ok, "SemanticInterposition metadata requires constant integer argument", &[])?;
        }
        if name == b"CG Profile" {
            // LLVM casts the value to a node without checking (a crash otherwise).
            if let Md::Node(v) = val {
                let entries: Vec<Md> = self.mf_ops(v).to_vec();
                for e in entries {
                    let _ = self.visit_module_flag_cg_profile_entry(e);
                }
            }
        }
        Some(())
    }

    /// `visitModuleFlagCGProfileEntry`: a triple of two functions (or null) and a count.
    fn visit_module_flag_cg_profile_entry(&mut self, entry: Md) -> Step {
        let node = match entry {
            Md::Node(n) if self.mf_is_node(entry) && self.mf_ops(n).len() == 3 => n,
            _ => {
                self.fail_module("expected a MDNode triple", &md_subject(entry));
                return None;
            }
        };
        let ops: Vec<Md> = self.mf_ops(node).to_vec();
        for &f in ops.iter().take(2) {
            // The check of each function returns from its own lambda only.
            if f == Md::Null {
                continue;
            }
            let is_fn = match f {
                Md::Const(c) => {
                    let s = self.gv_strip_casts(c, false);
                    match self.v.m.ctx.const_of(s) {
                        Const::Global(_, g) => {
                            self.v.m.globals.get(*g).is_some_and(|gl| gl.kind == llrs_ir::GlobalKind::Function)
                        }
                        _ => false,
                    }
                }
                _ => false,
            };
            if !is_fn {
                self.fail_module("expected a Function or null", &md_subject(f));
            }
        }
        let count = ops.get(2).copied().unwrap_or(Md::Null);
        let ok = match count {
            Md::Const(c) => self.types().is_int(self.gv_const_ty(c)),
            _ => false,
        };
        self.check_module(ok, "expected an integer constant", &md_subject(count))
    }

    /// `visitModuleIdents`: each `!llvm.ident` entry is one string.
    pub fn visit_module_idents(&mut self) {
        self.visit_string_list(
            b"llvm.ident",
            "incorrect number of operands in llvm.ident metadata",
            "invalid value for llvm.ident metadata entry operand(the operand should be a string)",
        );
    }

    /// `visitModuleCommandLines`: each `!llvm.commandline` entry is one string.
    pub fn visit_module_command_lines(&mut self) {
        self.visit_string_list(
            b"llvm.commandline",
            "incorrect number of operands in llvm.commandline metadata",
            "invalid value for llvm.commandline metadata entry operand(the operand should be a string)",
        );
    }

    /// The loop of `visitModuleIdents` and `visitModuleCommandLines` (the first failure ends it).
    fn visit_string_list(&mut self, name: &[u8], count_msg: &'static str, string_msg: &'static str) {
        let Some(entries) = self.mf_named_ops(name) else { return };
        for &n in entries {
            let ops = self.mf_ops(n);
            if ops.len() != 1 {
                self.fail_module(count_msg, &[Subject::Md(n)]);
                return;
            }
            let op = ops.first().copied().unwrap_or(Md::Null);
            if !matches!(op, Md::Str(_)) {
                self.fail_module(string_msg, &md_subject(op));
                return;
            }
        }
    }
}
