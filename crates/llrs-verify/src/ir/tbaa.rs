//! LLVM's `TBAAVerifier`: `!tbaa` access tags, struct-path type nodes, offsets and access types.

/// The TBAA verifier's caches (`TBAABaseNodes`, `TBAAScalarNodes`).
#[derive(Default)]
pub struct TbaaState {}
