@b = global i32 1
