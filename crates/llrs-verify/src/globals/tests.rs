//! Global values, aliases, ifuncs and comdats against LLVM 22.
