//! Machine functions: the YAML-level model of one function document ([`model`]), read as
//! llc's `yamlize` + MIRParser read it ([`read`]), and printed as MIRPrinter prints it
//! ([`write`](mod@write)), with the facts about the body llc recomputes ([`facts`]) and each target's
//! `machineFunctionInfo` ([`target_info`]).

//!
//! # Joining the body parser (`mi`)
//!
//! Until `src/mi` is merged, `body:` is kept as text ([`model::Body`]: the text and the
//! line/column of its first character in the file, for placing MI errors as MIRParser's
//! `diagFromBlockStringDiag` does) and printed as written. To plug the body in:
//! 1. parse the body after [`check::check_function`]'s field checks and before the checks
//!    that need it (llc's order: register info, constants, blocks, frame info, jump tables,
//!    instructions, `setupRegisterInfo`, target info, properties, call sites);
//! 2. fill [`BodyFacts`] from the parsed instructions instead of [`BodyFacts::scan`];
//! 3. print the body with the numbers of [`numbering::Numbering`] (virtual registers, blocks,
//!    stack and fixed stack objects, constants, jump tables), which the fields printed here
//!    use too, and replace `o.block(&mf.body.text)` in [`write::write_function()`].

pub mod amdgpu_info;
pub mod body;
pub mod check;
pub mod constant_ir;
pub mod constants;
pub mod facts;
pub mod model;
pub mod numbering;
pub mod read;
pub mod regs;
pub mod target_info;
pub mod write;

pub use facts::BodyFacts;
pub use model::MachineFunction;
pub use target_info::TargetKind;
