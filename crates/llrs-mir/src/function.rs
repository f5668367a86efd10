//! Machine functions: the YAML-level model of one function document ([`model`]), read as
//! llc's `yamlize` + MIRParser read it ([`read`]), and printed as MIRPrinter prints it
//! ([`write`]), with the facts about the body llc recomputes ([`facts`]) and each target's
//! `machineFunctionInfo` ([`target_info`]).

pub mod amdgpu_info;
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
