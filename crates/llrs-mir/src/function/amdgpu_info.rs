//! AMDGPU's `machineFunctionInfo` (`yaml::SIMachineFunctionInfo`, LLVM 22): the fields in
//! their mapping order with their YAML defaults, `argumentInfo` (`SIArgumentInfo`), `mode`
//! (`SIMode`) and `scavengeFI`.
//!
//! A field that is not written is printed with the YAML struct's default; llc prints the value
//! of the function's `SIMachineFunctionInfo`, which for some fields (`isEntryFunction`,
//! `occupancy`, the argument registers) comes from the IR function and the subtarget: those
//! defaults are not modelled yet.

use super::model::InfoValue;
use crate::yaml::input::*;
use crate::yaml::tree::{Kind, Mark, Node, Style};

enum F {
    U64(u64),
    U32(u32),
    Align,
    Bool(bool),
    Str(&'static str),
    Args,
    Mode,
    StrSeq,
    FrameIndex,
}

const FIELDS: &[(&str, F)] = &[
    ("explicitKernArgSize", F::U64(0)),
    ("maxKernArgAlign", F::Align),
    ("ldsSize", F::U32(0)),
    ("gdsSize", F::U32(0)),
    ("dynLDSAlign", F::Align),
    ("isEntryFunction", F::Bool(false)),
    ("isChainFunction", F::Bool(false)),
    ("noSignedZerosFPMath", F::Bool(false)),
    ("memoryBound", F::Bool(false)),
    ("waveLimiter", F::Bool(false)),
    ("hasSpilledSGPRs", F::Bool(false)),
    ("hasSpilledVGPRs", F::Bool(false)),
    ("numWaveDispatchSGPRs", F::U32(0)),
    ("numWaveDispatchVGPRs", F::U32(0)),
    ("scratchRSrcReg", F::Str("$private_rsrc_reg")),
    ("frameOffsetReg", F::Str("$fp_reg")),
    ("stackPtrOffsetReg", F::Str("$sp_reg")),
    ("bytesInStackArgArea", F::U32(0)),
    ("returnsVoid", F::Bool(true)),
    ("argumentInfo", F::Args),
    ("psInputAddr", F::U32(0)),
    ("psInputEnable", F::U32(0)),
    ("maxMemoryClusterDWords", F::U32(8)),
    ("mode", F::Mode),
    ("highBitsOf32BitAddress", F::U32(0)),
    ("occupancy", F::U32(0)),
    ("spillPhysVGPRs", F::StrSeq),
    ("wwmReservedRegs", F::StrSeq),
    ("scavengeFI", F::FrameIndex),
    ("vgprForAGPRCopy", F::Str("")),
    ("sgprForEXECCopy", F::Str("")),
    ("longBranchReservedReg", F::Str("")),
    ("hasInitWholeWave", F::Bool(false)),
    ("dynamicVGPRBlockSize", F::U32(0)),
    ("scratchReservedForDynamicVGPRs", F::U32(0)),
    ("numKernargPreloadSGPRs", F::U32(0)),
    ("isWholeWaveFunction", F::Bool(false)),
];

const ARGS: [&str; 18] = [
    "privateSegmentBuffer",
    "dispatchPtr",
    "queuePtr",
    "kernargSegmentPtr",
    "dispatchID",
    "flatScratchInit",
    "privateSegmentSize",
    "workGroupIDX",
    "workGroupIDY",
    "workGroupIDZ",
    "workGroupInfo",
    "LDSKernelId",
    "privateSegmentWaveByteOffset",
    "implicitArgPtr",
    "implicitBufferPtr",
    "workItemIDX",
    "workItemIDY",
    "workItemIDZ",
];

const MODE: [&str; 6] = [
    "ieee",
    "dx10-clamp",
    "fp32-input-denormals",
    "fp32-output-denormals",
    "fp64-fp16-input-denormals",
    "fp64-fp16-output-denormals",
];

/// Reads AMDGPU's `machineFunctionInfo` (`n` is `Kind::Null` when absent).
pub fn read(n: &Node) -> YResult<Vec<(&'static str, InfoValue)>> {
    let mut m = MapIn::new(n);
    let mut out = Vec::with_capacity(FIELDS.len());
    for (key, f) in FIELDS {
        let v = m.optional(key)?;
        let value = match (f, v) {
            (F::U64(_), Some(v)) => Some(InfoValue::Num(u64_(v)?.to_string())),
            (F::U64(d), None) => Some(InfoValue::Num(d.to_string())),
            (F::U32(_), Some(v)) => Some(InfoValue::Num(u32_(v)?.to_string())),
            (F::U32(d), None) => Some(InfoValue::Num(d.to_string())),
            (F::Align, Some(v)) => Some(InfoValue::Num(align(v)?.to_string())),
            (F::Align, None) => Some(InfoValue::Num("1".into())),
            (F::Bool(_), Some(v)) => Some(InfoValue::Bool(boolean(v)?)),
            (F::Bool(d), None) => Some(InfoValue::Bool(*d)),
            (F::Str(_), Some(v)) => Some(InfoValue::Str(string(v)?.value)),
            (F::Str(d), None) => Some(InfoValue::Str(d.to_string())),
            (F::Args, Some(v)) => Some(read_args(v)?),
            (F::Args, None) => None,
            (F::Mode, v) => Some(read_mode(v)?),
            (F::StrSeq, Some(v)) => {
                let items = super::read::seq_of(v, string)?;
                (!items.is_empty()).then(|| InfoValue::Seq(items.into_iter().map(|s| s.value).collect()))
            }
            (F::StrSeq, None) => None,
            (F::FrameIndex, Some(v)) => {
                let quoted = matches!(v.kind, Kind::Scalar(_, Style::SingleQuoted | Style::DoubleQuoted));
                let at = Mark { line: v.start.line, col: v.start.col + quoted as u32 + 1 };
                Some(InfoValue::FrameIndex(frame_index(v)?, at))
            }
            (F::FrameIndex, None) => None,
        };
        if let Some(value) = value {
            out.push((*key, value));
        }
    }
    m.finish()?;
    Ok(out)
}

fn read_args(n: &Node) -> YResult<InfoValue> {
    let mut m = MapIn::new(n);
    let mut out = Vec::new();
    for key in ARGS {
        let Some(v) = m.optional(key)? else { continue };
        let mut a = MapIn::new(v);
        let mut arg = Vec::new();
        let has_reg = a.optional("reg")?;
        match has_reg {
            Some(r) => arg.push(("reg", InfoValue::Str(string(r)?.value))),
            None => match a.optional("offset")? {
                Some(o) => arg.push(("offset", InfoValue::Num(u32_(o)?.to_string()))),
                None => return Err(YamlError::new(v.start, "missing required key 'reg' or 'offset'")),
            },
        }
        if let Some(mask) = a.optional("mask")? {
            arg.push(("mask", InfoValue::Num(u32_(mask)?.to_string())));
        }
        a.finish()?;
        out.push((key, InfoValue::FlowMap(arg)));
    }
    m.finish()?;
    Ok(InfoValue::Map(out))
}

fn read_mode(n: Option<&Node>) -> YResult<InfoValue> {
    let mut out = Vec::new();
    match n {
        Some(n) => {
            let mut m = MapIn::new(n);
            for key in MODE {
                out.push((key, InfoValue::Bool(m.opt(key, true, boolean)?)));
            }
            m.finish()?;
        }
        None => out.extend(MODE.iter().map(|&k| (k, InfoValue::Bool(true)))),
    }
    Ok(InfoValue::Map(out))
}

/// `yaml::FrameIndex`: `%stack.N` or `%fixed-stack.N`.
fn frame_index(n: &Node) -> YResult<String> {
    let s = scalar(n)?;
    let num = if let Some(r) = s.strip_prefix("%stack.") {
        r
    } else if let Some(r) = s.strip_prefix("%fixed-stack.") {
        r
    } else {
        return Err(YamlError::new(n.start, "Invalid frame index, needs to start with %stack. or %fixed-stack."));
    };
    let digits = num.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || num[..digits].parse::<i32>().is_err() {
        return Err(YamlError::new(n.start, "Invalid frame index, not a valid number"));
    }
    Ok(s[..s.len() - num.len() + digits].to_string())
}

/// The argument registers of a callable function (the fixed ABI of LLVM 22), which llc
/// prints when `argumentInfo` is not written.
pub fn fixed_abi_arguments() -> InfoValue {
    let reg = |r: &str| InfoValue::FlowMap(vec![("reg", InfoValue::Str(r.to_string()))]);
    let masked = |m: &str| {
        InfoValue::FlowMap(vec![
            ("reg", InfoValue::Str("$vgpr31".to_string())),
            ("mask", InfoValue::Num(m.to_string())),
        ])
    };
    InfoValue::Map(vec![
        ("privateSegmentBuffer", reg("$sgpr0_sgpr1_sgpr2_sgpr3")),
        ("dispatchPtr", reg("$sgpr4_sgpr5")),
        ("queuePtr", reg("$sgpr6_sgpr7")),
        ("dispatchID", reg("$sgpr10_sgpr11")),
        ("workGroupIDX", reg("$sgpr12")),
        ("workGroupIDY", reg("$sgpr13")),
        ("workGroupIDZ", reg("$sgpr14")),
        ("LDSKernelId", reg("$sgpr15")),
        ("implicitArgPtr", reg("$sgpr8_sgpr9")),
        ("workItemIDX", masked("1023")),
        ("workItemIDY", masked("1047552")),
        ("workItemIDZ", masked("1072693248")),
    ])
}

/// Gives a function of the C calling convention without `argumentInfo` the fixed ABI's
/// arguments, as llc prints them (kernels and shaders: not modelled).
pub fn add_default_arguments(fields: &mut Vec<(&'static str, InfoValue)>) {
    if fields.iter().any(|(k, _)| *k == "argumentInfo") {
        return;
    }
    let at = fields.iter().position(|(k, _)| *k == "returnsVoid").map_or(fields.len(), |i| i + 1);
    fields.insert(at, ("argumentInfo", fixed_abi_arguments()));
}

/// The register references of AMDGPU's `machineFunctionInfo`, in the order
/// `parseMachineFunctionInfo` checks them (optional copies, the three stack registers, the
/// WWM reserved registers, then the argument registers).
pub fn register_refs(n: &Node) -> Vec<StrVal> {
    let crate::yaml::tree::Kind::Map(items) = &n.kind else { return Vec::new() };
    let get = |key: &str| items.iter().find(|(k, _)| k.scalar() == Some(key)).map(|(_, v)| v);
    let mut out = Vec::new();
    for key in ["vgprForAGPRCopy", "sgprForEXECCopy", "longBranchReservedReg"] {
        if let Some(v) = get(key).and_then(|v| string(v).ok()).filter(|v| !v.value.is_empty()) {
            out.push(v);
        }
    }
    for (key, default) in
        [("scratchRSrcReg", "$private_rsrc_reg"), ("frameOffsetReg", "$fp_reg"), ("stackPtrOffsetReg", "$sp_reg")]
    {
        out.push(get(key).and_then(|v| string(v).ok()).unwrap_or_else(|| StrVal::new(default)));
    }
    if let Some(v) = get("wwmReservedRegs") {
        out.extend(sequence(v).unwrap_or(&[]).iter().filter_map(|r| string(r).ok()));
    }
    if let Some(crate::yaml::tree::Kind::Map(args)) = get("argumentInfo").map(|v| &v.kind) {
        for key in ARGS {
            let Some((_, a)) = args.iter().find(|(k, _)| k.scalar() == Some(key)) else { continue };
            if let crate::yaml::tree::Kind::Map(fields) = &a.kind {
                if let Some((_, r)) = fields.iter().find(|(k, _)| k.scalar() == Some("reg")) {
                    out.extend(string(r).ok());
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    const IR: &str = "--- |\n  target triple = \"amdgcn\"\n  define void @f() {\n    ret void\n  }\n...\n";

    #[test]
    fn order_defaults_and_errors() {
        let src = format!(
            "{IR}---\nname: f\nmachineFunctionInfo:\n  occupancy: 10\n  isEntryFunction: True\n  argumentInfo:\n    workItemIDX: {{ reg: '$vgpr31', mask: 1023 }}\n    dispatchPtr: {{ reg: '$sgpr0_sgpr1' }}\n  mode:\n    ieee: false\n...\n"
        );
        let out = crate::print(&crate::parse(&src, "a.mir").unwrap());
        let want = "machineFunctionInfo:
  explicitKernArgSize: 0
  maxKernArgAlign: 1
  ldsSize:         0
  gdsSize:         0
  dynLDSAlign:     1
  isEntryFunction: true
";
        assert!(out.contains(want), "{out}");
        let want = "  returnsVoid:     true
  argumentInfo:
    dispatchPtr:     { reg: '$sgpr0_sgpr1' }
    workItemIDX:     { reg: '$vgpr31', mask: 1023 }
  psInputAddr:     0
  psInputEnable:   0
  maxMemoryClusterDWords: 8
  mode:
    ieee:            false
    dx10-clamp:      true
";
        assert!(out.contains(want), "{out}");
        assert!(out.contains("  occupancy:       10\n  vgprForAGPRCopy: ''\n"), "{out}");
        let src = format!("{IR}---\nname: f\nmachineFunctionInfo:\n  bogus: 1\n...\n");
        let e = crate::parse(&src, "a.mir").unwrap_err();
        assert_eq!((e.pos, e.message.as_str()), (Some((10, 3)), "unknown key 'bogus'"));
        let src = format!("{IR}---\nname: f\nmachineFunctionInfo:\n  scavengeFI: 'x'\n...\n");
        let e = crate::parse(&src, "a.mir").unwrap_err();
        assert_eq!(e.message, "Invalid frame index, needs to start with %stack. or %fixed-stack.");
    }
}
