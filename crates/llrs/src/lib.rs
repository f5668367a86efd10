//! llrs: a pure-Rust toolkit for LLVM IR. This facade re-exports the llrs crates ([`ir`]: the
//! IR in memory and its builder; [`asm`]: the `.ll` reader and writer; [`verify`]: LLVM's
//! verifier; [`mir`]: Machine IR) and holds the commands of the `llrs` command line (see
//! [`cli`]), so tests and benchmarks can call them directly.
//!
//! # Using the library
//!
//! A [`ir::Module`] owns everything: its context (`m.ctx`) makes and uniques types and
//! constants, `m.globals` holds variables and functions by [`ir::GlobalId`], and each defined
//! function has a [`ir::Body`] of blocks and instructions named by [`ir::BlockId`] and
//! [`ir::InstId`]. Operands are [`ir::Value`]s.
//!
//! ## Parse and inspect
//!
//! ```
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use llrs::ir::{cfg::Cfg, Value};
//!
//! let src = b"define i32 @max(i32 %a, i32 %b) {
//! entry:
//!   %c = icmp sgt i32 %a, %b
//!   br i1 %c, label %done, label %other
//! other:
//!   br label %done
//! done:
//!   %m = phi i32 [ %a, %entry ], [ %b, %other ]
//!   ret i32 %m
//! }
//! ";
//! let m = llrs::asm::parse_module(src, "max.ll")?; // an error is LLVM's message, at LLVM's place
//! let f = m.function_named("max").ok_or("no @max")?;
//! let body = m.body(f).ok_or("a declaration")?;
//! let cfg = Cfg::new(body); // successors and predecessors of each block
//! let show = llrs::asm::Show::new(&m); // Display for types, values, instructions, as LLVM prints
//! for &b in &body.layout {
//!     let preds: Vec<String> = cfg.preds(b).iter().map(|&p| show.value(f, Value::Block(p)).to_string()).collect();
//!     println!("{} from [{}]", show.value(f, Value::Block(b)), preds.join(", "));
//!     for &i in &body.blocks[b].insts {
//!         println!("{}", show.inst(f, i)); // e.g. "  %c = icmp sgt i32 %a, %b"
//!     }
//! }
//! # Ok(())
//! # }
//! ```
//!
//! ## Build a function
//!
//! ```
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use llrs::ir::builder::FunctionBuilder;
//! use llrs::ir::instructions::CmpPred;
//! use llrs::ir::{Module, Opcode};
//!
//! let mut m = Module::new();
//! let i32t = m.ctx.int_ty(32);
//! let fty = m.ctx.fn_ty(i32t, &[i32t], false); // i32 (i32)
//! let f = m.add_function("abs", fty);
//! let mut b = FunctionBuilder::new(&mut m, f)?;
//! let (entry, neg, done) = (b.create_block(Some("entry")), b.create_block(Some("neg")), b.create_block(Some("done")));
//! let x = b.arg(0);
//! let zero = b.const_int(i32t, 0)?;
//! b.position_at_end(entry);
//! let is_neg = b.icmp(CmpPred::Slt, x, zero, Some("isneg"))?;
//! b.cond_br(is_neg, neg, done)?;
//! b.position_at_end(neg);
//! let n = b.binop(Opcode::Sub, zero, x, 0, Some("n"))?;
//! b.br(done)?;
//! b.position_at_end(done);
//! let r = b.phi(i32t, &[(x, entry), (n, neg)], Some("r"))?;
//! b.ret(Some(r))?;
//! // Every constructor checks its operands: a mistake is an error, not a broken module.
//! let err = b.ret(Some(is_neg)).unwrap_err();
//! assert_eq!(err.to_string(), "ret: the function returns i32, got i1");
//! llrs::verify::check(&m)?;
//! print!("{}", String::from_utf8_lossy(&llrs::asm::print_module(&m)));
//! # Ok(())
//! # }
//! ```
//!
//! ## Rewrite uses
//!
//! ```
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let src = b"@old = global i32 0
//! @new = global i32 1
//! define i32 @f() {
//!   %v = load i32, ptr @old, align 4
//!   %w = add i32 %v, 0
//!   ret i32 %w
//! }
//! ";
//! let mut m = llrs::asm::parse_module(src, "t.ll")?;
//! let (old, new) = (m.global_named("old").ok_or("@old")?, m.global_named("new").ok_or("@new")?);
//! assert_eq!(m.uses_of(old).len(), 1); // module-wide: instructions, initializers, constants, metadata
//! m.replace_global_uses(old, new)?;
//! let f = m.function_named("f").ok_or("@f")?;
//! let body = m.body_mut(f);
//! let w = body.inst_order().nth(1).ok_or("%w")?; // %w = add i32 %v, 0
//! let v = body.insts[w].operands[0];
//! assert!(body.remove_inst(w).is_err()); // still used by the ret
//! body.replace_and_remove(w, v)?; // the ret now returns %v
//! assert!(String::from_utf8(llrs::asm::print_module(&m))?.contains("ret i32 %v"));
//! # Ok(())
//! # }
//! ```
//!
//! ## Verify
//!
//! ```
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let m = llrs::asm::parse_module(b"define void @f() {\nentry:\n  br label %entry\n}\n", "t.ll")?;
//! if let Err(errors) = llrs::verify::check(&m) {
//!     for e in &errors.0 {
//!         println!("{}", e.message); // "Entry block to function must not have predecessors!"
//!         println!("{:?}", e.values); // ["label %entry"]
//!     }
//!     eprintln!("{errors}"); // LLVM's whole report
//! }
//! # Ok(())
//! # }
//! ```
pub use llrs_asm as asm;
pub use llrs_bitcode as bitcode;
pub use llrs_ir as ir;
pub use llrs_mir as mir;
pub use llrs_upgrade as upgrade;
pub use llrs_verify as verify;

pub mod cli;
