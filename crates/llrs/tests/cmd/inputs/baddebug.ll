define void @f() !dbg !1 {
  ret void
}
!1 = distinct !DISubprogram()
!llvm.module.flags = !{!0}
!0 = !{i32 2, !"Debug Info Version", i32 3}
