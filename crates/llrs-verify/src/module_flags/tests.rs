//! Module flags, idents and command lines against LLVM 22.
