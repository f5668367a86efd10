define void @f() {
  ret i32 
