@a = global i32 0
