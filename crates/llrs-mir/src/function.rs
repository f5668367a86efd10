//! Machine functions: the YAML-level model of one function document ([`model`]), read as
//! llc's `yamlize` + MIRParser read it ([`read`]), and printed as MIRPrinter prints it
//! ([`write`](mod@write)), with the facts about the body llc recomputes ([`facts`]) and each target's
//! `machineFunctionInfo` ([`target_info`]).

//!
//! # The body (`mi`)
//!
//! [`crate::parse()`] checks each function in llc's order (`initializeMachineFunction`):
//! [`check::check_before_body`] (register info, constants), then the body with
//! [`body::parse_function_body`] (block definitions and instructions, with the objects the
//! fields declare and the IR function; an error placed in the file as MIRParser's
//! `diagFromBlockStringDiag` places it), [`check::check_frame`] (frame information and jump
//! tables, which llc checks between the block definitions and the instructions: when the body
//! is refused, an error in a block header wins, else a frame error, else the body's), then
//! [`check::check_after_body`] (`setupRegisterInfo`, target info, properties, call sites).
//! [`BodyFacts`] come from the parsed body. The body is printed as soon as it is parsed
//! ([`body::print_function_body`], with the numbers of [`numbering::Numbering`]; jump-table
//! operands renumbered, constant-pool operands kept as written as llc does) and the model is
//! dropped, so a large file holds only printed bodies.

pub mod amdgpu_info;
pub mod body;
pub mod check;
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
