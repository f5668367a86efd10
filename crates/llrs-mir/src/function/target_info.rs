//! `machineFunctionInfo:`: each target's `yaml::MachineFunctionInfo` mapping (LLVM 22).
//!
//! Modelled: X86 (`amxProgModel`), AArch64 (`hasRedZone`, `stackSizeZPR`, `stackSizePPR`,
//! `hasStackFrame`, `hasStreamingModeChanges`), RISC-V (`varArgsFrameIndex`,
//! `varArgsSaveSize`), ARM (`isLRSpilled`), AMDGPU (`SIMachineFunctionInfo`, in
//! `amdgpu_info`). WebAssembly's is kept as written and reprinted with `yaml::Output`'s layout.

use super::model::{FunctionInfo, InfoValue};
use crate::yaml::input::*;
use crate::yaml::tree::{Kind, Node};

/// The targets whose machine function info differs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TargetKind {
    /// No known target (no triple).
    #[default]
    Unknown,
    /// x86 and x86-64.
    X86,
    /// AArch64.
    AArch64,
    /// RISC-V.
    RiscV,
    /// ARM and Thumb.
    Arm,
    /// AMDGPU.
    Amdgpu,
    /// Hexagon: its info is kept as written.
    Hexagon,
    /// WebAssembly: its info is kept as written.
    WebAssembly,
    /// Another target: LLVM 22 has no `machineFunctionInfo` mapping for it (llc prints `{}`).
    Other,
}

impl TargetKind {
    /// The target of a triple.
    pub fn from_triple(triple: &str) -> TargetKind {
        let arch = triple.split('-').next().unwrap_or("");
        match arch {
            "x86_64" | "i386" | "i486" | "i586" | "i686" | "x86" | "amd64" => TargetKind::X86,
            "aarch64" | "arm64" | "aarch64_be" | "arm64_32" | "aarch64_32" => TargetKind::AArch64,
            "riscv32" | "riscv64" => TargetKind::RiscV,
            "amdgcn" | "r600" => TargetKind::Amdgpu,
            "hexagon" => TargetKind::Hexagon,
            "wasm32" | "wasm64" => TargetKind::WebAssembly,
            "" => TargetKind::Unknown,
            a if a.starts_with("arm") || a.starts_with("thumb") => TargetKind::Arm,
            _ => TargetKind::Other,
        }
    }
}

enum Field {
    /// Printed always, with this default.
    Bool(bool),
    /// Printed only when given.
    OptBool,
    /// Printed only when given and true.
    OptTrue,
    /// A signed number printed always, with this default.
    Int(i64),
    /// An unsigned number printed only when given.
    OptU64,
    /// An enumeration printed always: names, default.
    Enum(&'static [&'static str], usize),
}

fn fields(target: TargetKind) -> &'static [(&'static str, Field)] {
    match target {
        TargetKind::X86 => &[("amxProgModel", Field::Enum(&["None", "DirectReg", "ManagedRA"], 0))],
        TargetKind::AArch64 => &[
            ("hasRedZone", Field::OptBool),
            ("stackSizeZPR", Field::OptU64),
            ("stackSizePPR", Field::OptU64),
            ("hasStackFrame", Field::OptTrue),
            ("hasStreamingModeChanges", Field::OptBool),
        ],
        TargetKind::RiscV => &[("varArgsFrameIndex", Field::Int(0)), ("varArgsSaveSize", Field::Int(0))],
        TargetKind::Arm => &[("isLRSpilled", Field::Bool(false))],
        _ => &[],
    }
}

impl TargetKind {
    /// The alignment a new machine function gets (the target's preferred function alignment;
    /// llc's `MachineFunction` constructor, without `optsize`).
    pub fn default_function_alignment(self) -> u64 {
        match self {
            TargetKind::X86 | TargetKind::Unknown => 16,
            TargetKind::AArch64 | TargetKind::RiscV | TargetKind::Arm => 4,
            TargetKind::Amdgpu | TargetKind::WebAssembly | TargetKind::Other => 1,
            TargetKind::Hexagon => 16,
        }
    }
}

/// Reads `machineFunctionInfo` (`n` is `Kind::Null` when the key is absent).
pub fn read_function_info(n: &Node, target: TargetKind) -> YResult<FunctionInfo> {
    if target == TargetKind::Amdgpu {
        return super::amdgpu_info::read(n).map(FunctionInfo::Fields);
    }
    let table = fields(target);
    if table.is_empty() {
        return Ok(match n.kind {
            // A target without a mapping prints an empty one.
            Kind::Null if target == TargetKind::Other => FunctionInfo::Fields(Vec::new()),
            Kind::Null => FunctionInfo::None,
            _ => FunctionInfo::Raw(Box::new(n.clone())),
        });
    }
    let mut m = MapIn::new(n);
    let mut out = Vec::new();
    for (key, field) in table {
        let v = m.optional(key)?;
        let value = match (field, v) {
            (Field::Bool(_), Some(v)) | (Field::OptBool, Some(v)) => Some(InfoValue::Bool(boolean(v)?)),
            (Field::Bool(d), None) => Some(InfoValue::Bool(*d)),
            (Field::OptTrue, Some(v)) => boolean(v)?.then_some(InfoValue::Bool(true)),
            (Field::Int(_), Some(v)) => Some(InfoValue::Num(i32_(v)?.to_string())),
            (Field::Int(d), None) => Some(InfoValue::Num(d.to_string())),
            (Field::OptU64, Some(v)) => Some(InfoValue::Num(u64_(v)?.to_string())),
            (Field::Enum(names, _), Some(v)) => Some(InfoValue::Num(names[enumeration(v, names)?].to_string())),
            (Field::Enum(names, d), None) => Some(InfoValue::Num(names[*d].to_string())),
            (Field::OptBool | Field::OptTrue | Field::OptU64, None) => None,
        };
        if let Some(value) = value {
            out.push((*key, value));
        }
    }
    m.finish()?;
    Ok(FunctionInfo::Fields(out))
}
