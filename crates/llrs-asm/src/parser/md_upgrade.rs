//! LLVM's read-time upgrades of metadata: old scalar TBAA tags (`UpgradeTBAANode`) and debug info
//! of a version this IR cannot hold (`UpgradeDebugInfo`).

use super::Parser;
use llrs_ir::debug_strip::{debug_metadata_version, strip_debug_info, DEBUG_METADATA_VERSION};
use llrs_ir::{Const, Context, Md, MdId, MdKind, MdNode};

impl<'a> Parser<'a> {
    /// Replaces every instruction attachment of kind `kind` for which `changes(node)` by
    /// `f(node)`, once per node. The functions that have such an attachment are found on every
    /// thread first: usually none has one.
    fn rewrite_attachments(
        &mut self,
        kind: &[u8],
        changes: impl Fn(&Context, MdId) -> bool + Sync,
        mut f: impl FnMut(&mut Context, MdId) -> MdId,
    ) {
        use rayon::prelude::*;
        let Some(kind) = self.m.ctx.names.lookup(kind) else { return };
        let (m, ctx) = (&self.m, &self.m.ctx);
        let to_rewrite: Vec<usize> = (0..m.functions.len())
            .into_par_iter()
            .filter(|&fi| {
                let body = m.globals[m.functions[fi]].func.as_ref().and_then(|f| f.body.as_ref());
                body.is_some_and(|body| {
                    body.insts.values().any(|inst| inst.md.iter().any(|&(k, id)| k == kind && changes(ctx, id)))
                })
            })
            .collect();
        if to_rewrite.is_empty() {
            return;
        }
        // What each node became, by id (`UNSET` before it is met): nodes made by `f` are never
        // attachments met later.
        const UNSET: u32 = u32::MAX;
        let mut done = vec![UNSET; self.m.ctx.num_mds()];
        for fi in to_rewrite {
            let g = self.m.functions[fi];
            let Some(mut body) = self.m.globals[g].func.as_mut().and_then(|f| f.body.take()) else { continue };
            for inst in body.insts.values_mut() {
                for (k, id) in inst.md.iter_mut() {
                    if *k != kind || !changes(&self.m.ctx, *id) {
                        continue;
                    }
                    match done.get_mut(id.0 as usize) {
                        Some(memo) if *memo != UNSET => *id = MdId(*memo),
                        Some(memo) => {
                            let new = f(&mut self.m.ctx, *id);
                            *memo = new.0;
                            *id = new;
                        }
                        None => *id = f(&mut self.m.ctx, *id),
                    }
                }
            }
            if let Some(fd) = self.m.globals[g].func.as_mut() {
                fd.body = Some(body);
            }
        }
    }

    /// `UpgradeTBAANode` on every `!tbaa` attachment: an old scalar tag `!{!"name", !parent}`
    /// becomes the struct-path tag `!{!T, !T, i64 0}` (with `T` the scalar type node).
    pub(super) fn upgrade_tbaa_tags(&mut self) {
        self.rewrite_attachments(b"tbaa", |ctx, id| !tbaa_tag_is_struct_path(ctx.md(id)), upgrade_tbaa_node);
    }

    /// Instruction locations as bitcode keeps them: a `!dbg` attachment is written as a location
    /// record, not a node, so a `distinct !DILocation` used there comes back uniqued (the node
    /// itself stays for its other users: loop metadata, debug records).
    pub(super) fn unique_instruction_locations(&mut self) {
        let Some(kw) = self.m.ctx.names.lookup(b"DILocation") else { return };
        let distinct_location = move |node: &MdNode| node.distinct && node.kind == MdKind::Special(kw);
        self.rewrite_attachments(
            b"dbg",
            |ctx, id| distinct_location(ctx.md(id)),
            |ctx, id| {
                let mut copy = ctx.md(id).clone();
                copy.distinct = false;
                ctx.md_intern(copy)
            },
        );
    }

    /// `UpgradeDebugInfo`: debug info whose `"Debug Info Version"` module flag is missing or not
    /// the current version is dropped from the module.
    pub(super) fn upgrade_debug_info(&mut self) {
        if debug_metadata_version(&self.m) != DEBUG_METADATA_VERSION {
            strip_debug_info(&mut self.m);
        }
    }
}

/// Whether a `!tbaa` attachment is left as it is: a struct-path tag, or not a tag at all (an
/// empty tag is left to the verifier: "TBAA metadata cannot have 0 operands").
fn tbaa_tag_is_struct_path(node: &MdNode) -> bool {
    node.kind != MdKind::Tuple
        || node.ops.is_empty()
        || (matches!(node.ops.first(), Some(Md::Node(_))) && node.ops.len() >= 3)
}

/// The struct-path form of a TBAA tag; the node itself when it already is one.
fn upgrade_tbaa_node(ctx: &mut Context, id: MdId) -> MdId {
    let node = ctx.md(id);
    if tbaa_tag_is_struct_path(node) {
        return id;
    }
    let ops = node.ops.clone();
    let i64t = ctx.int_ty(64);
    let zero = Md::Const(ctx.konst(Const::Int(i64t, llrs_ir::APInt::from_u64(64, 0))));
    if ops.len() == 3 {
        let scalar = Md::Node(ctx.md_intern(MdNode::tuple(false, [ops[0], ops[1]])));
        return ctx.md_intern(MdNode::tuple(false, [scalar, scalar, zero, ops[2]]));
    }
    ctx.md_intern(MdNode::tuple(false, [Md::Node(id), Md::Node(id), zero]))
}

#[cfg(test)]
mod tests {
    use crate::{parse_module, print_module};

    fn fmt(src: &str) -> String {
        let m = parse_module(src.as_bytes(), "t.ll").expect("parses");
        String::from_utf8(print_module(&m)).expect("utf-8")
    }

    #[test]
    fn old_scalar_tbaa_tags_become_struct_path_tags() {
        let out = fmt("define void @f(ptr %p) {\n  store i32 0, ptr %p, !tbaa !0\n  ret void\n}\n\
             !0 = !{!\"int\", !1}\n!1 = !{!\"root\"}\n");
        assert!(out.contains("store i32 0, ptr %p, align 4, !tbaa !0\n"), "{out}");
        assert!(out.contains("!0 = !{!1, !1, i64 0}\n!1 = !{!\"int\", !2}\n!2 = !{!\"root\"}\n"), "{out}");
    }

    #[test]
    fn debug_info_without_a_version_is_dropped() {
        let src = "@g = global i32 0, !dbg !5\ndefine void @f() !dbg !1 {\n  \
             #dbg_value(i32 0, !3, !DIExpression(), !4)\n  ret void, !dbg !4, !llvm.loop !6\n}\n\
             !llvm.dbg.cu = !{!0}\n!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2)\n\
             !1 = distinct !DISubprogram(name: \"f\", unit: !0)\n!2 = !DIFile(filename: \"a.c\", directory: \"\")\n\
             !3 = !DILocalVariable(name: \"x\", scope: !1)\n!4 = !DILocation(line: 1, scope: !1)\n\
             !5 = !DIGlobalVariableExpression(var: !7, expr: !DIExpression())\n!6 = distinct !{!6, !4, !8}\n\
             !7 = !DIGlobalVariable(name: \"g\", scope: !0)\n!8 = !{!\"llvm.loop.unroll.disable\"}\n";
        let out = fmt(src);
        let want = "@g = global i32 0\n\ndefine void @f() {\n  ret void, !llvm.loop !0\n}\n\n\
             !0 = distinct !{!0, !1}\n!1 = !{!\"llvm.loop.unroll.disable\"}\n";
        assert!(out.ends_with(want), "{out}");
        // With the current version, everything stays.
        let kept =
            fmt(&format!("{src}!llvm.module.flags = !{{!9}}\n!9 = !{{i32 2, !\"Debug Info Version\", i32 3}}\n"));
        assert!(kept.contains("#dbg_value(i32 0, !"), "{kept}");
        assert!(kept.contains("@g = global i32 0, !dbg !"), "{kept}");
    }

    /// What `llvm-as | llvm-dis` (LLVM 22) prints: distinct locations of instructions come back
    /// uniqued; those of debug records and loop metadata stay distinct.
    #[test]
    fn instruction_locations_are_uniqued() {
        let src = "define void @f(i32 %x) !dbg !3 {\n  call void @g(), !dbg !4\n    #dbg_value(i32 %x, !7, !DIExpression(), !5)\n  ret void, !dbg !6, !llvm.loop !8\n}\ndeclare void @g()\n!llvm.dbg.cu = !{!0}\n!llvm.module.flags = !{!2}\n!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1)\n!1 = !DIFile(filename: \"a.c\", directory: \"\")\n!2 = !{i32 2, !\"Debug Info Version\", i32 3}\n!3 = distinct !DISubprogram(name: \"f\", scope: !1, file: !1, line: 5, scopeLine: 5, unit: !0)\n!4 = distinct !DILocation(line: 10, column: 10, scope: !3)\n!5 = distinct !DILocation(line: 20, column: 20, scope: !3)\n!6 = distinct !DILocation(line: 30, column: 30, scope: !3, inlinedAt: !9)\n!7 = !DILocalVariable(name: \"x\", scope: !3)\n!8 = distinct !{!8, !6}\n!9 = distinct !DILocation(line: 40, column: 40, scope: !3)\n";
        assert_eq!(fmt(src), "source_filename = \"t.ll\"\n\ndefine void @f(i32 %x) !dbg !3 {\n  call void @g(), !dbg !4\n    #dbg_value(i32 %x, !5, !DIExpression(), !6)\n  ret void, !dbg !7, !llvm.loop !9\n}\n\ndeclare void @g()\n\n!llvm.dbg.cu = !{!0}\n!llvm.module.flags = !{!2}\n\n!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, isOptimized: false, runtimeVersion: 0, emissionKind: NoDebug)\n!1 = !DIFile(filename: \"a.c\", directory: \"\")\n!2 = !{i32 2, !\"Debug Info Version\", i32 3}\n!3 = distinct !DISubprogram(name: \"f\", scope: !1, file: !1, line: 5, scopeLine: 5, spFlags: DISPFlagDefinition, unit: !0)\n!4 = !DILocation(line: 10, column: 10, scope: !3)\n!5 = !DILocalVariable(name: \"x\", scope: !3)\n!6 = distinct !DILocation(line: 20, column: 20, scope: !3)\n!7 = !DILocation(line: 30, column: 30, scope: !3, inlinedAt: !8)\n!8 = distinct !DILocation(line: 40, column: 40, scope: !3)\n!9 = distinct !{!9, !10}\n!10 = distinct !DILocation(line: 30, column: 30, scope: !3, inlinedAt: !8)\n");
    }
}
