; ModuleID = 'hello.ll'
source_filename = "hello.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [6 x i8] c"hello\00", align 1

; Function Attrs: noinline nounwind uwtable
define i32 @main() #0 {
  %1 = call i32 @puts(ptr @.str)
  ret i32 0
}

declare i32 @puts(ptr)

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" "target-cpu"="x86-64" }
