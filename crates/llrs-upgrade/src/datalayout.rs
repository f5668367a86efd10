//! `UpgradeDataLayoutString`: the data layout string of an old module, completed with what LLVM 22
//! expects of its target (address spaces, `i128`, `f80`, ...).

/// What LLVM needs to know of a target triple for data layout upgrades.
struct TripleInfo<'a> {
    arch: &'a str,
    os: &'a str,
    env: &'a str,
}

impl<'a> TripleInfo<'a> {
    fn new(triple: &'a str) -> Self {
        let mut parts = triple.split('-');
        let arch = parts.next().unwrap_or("");
        let _vendor = parts.next().unwrap_or("");
        let os = parts.next().unwrap_or("");
        let env = parts.next().unwrap_or("");
        TripleInfo { arch, os, env }
    }
    fn is_x86(&self) -> bool {
        matches!(
            self.arch,
            "i386" | "i486" | "i586" | "i686" | "i786" | "i886" | "i986" | "x86_64" | "amd64" | "x86_64h"
        )
    }
    fn is_aarch64(&self) -> bool {
        matches!(self.arch, "aarch64" | "arm64" | "aarch64_be" | "arm64_32" | "aarch64_32" | "arm64e" | "arm64ec")
    }
    fn is_amdgcn(&self) -> bool {
        self.arch == "amdgcn"
    }
    fn is_r600(&self) -> bool {
        self.arch == "r600"
    }
    fn is_spir(&self) -> bool {
        matches!(self.arch, "spir" | "spir64")
    }
    /// `spirv32` or `spirv64`, bare or with a version `v1.0` to `v1.6` (as `Triple::parseArch`
    /// spells them); `spirv` and `spirv1.N` are logical SPIR-V.
    fn is_spirv_physical(&self) -> bool {
        let version =
            |v: &str| v.is_empty() || matches!(v, "v1.0" | "v1.1" | "v1.2" | "v1.3" | "v1.4" | "v1.5" | "v1.6");
        ["spirv32", "spirv64"].iter().any(|p| self.arch.strip_prefix(p).is_some_and(version))
    }
    fn is_mips64(&self) -> bool {
        matches!(
            self.arch,
            "mips64"
                | "mips64eb"
                | "mipsn32"
                | "mipsisa64r6"
                | "mips64r6"
                | "mipsn32r6"
                | "mips64el"
                | "mipsn32el"
                | "mipsisa64r6el"
                | "mips64r6el"
                | "mipsn32r6el"
        )
    }
    fn is_ppc64(&self) -> bool {
        matches!(self.arch, "powerpc64" | "powerpc64le" | "ppc64" | "ppc64le" | "ppu")
    }
    fn is_sparc(&self) -> bool {
        matches!(self.arch, "sparc" | "sparcv9" | "sparcel" | "sparc64")
    }
    fn is_wasm(&self) -> bool {
        matches!(self.arch, "wasm32" | "wasm64")
    }
    fn is_64bit_riscv_or_loongarch(&self) -> bool {
        matches!(self.arch, "riscv64" | "loongarch64" | "riscv64be")
    }
    fn is_64bit(&self) -> bool {
        matches!(self.arch, "x86_64" | "amd64" | "x86_64h")
    }
    fn is_iamcu(&self) -> bool {
        self.os == "elfiamcu"
    }
    fn is_windows_msvc(&self) -> bool {
        (self.os.starts_with("windows") || self.os.starts_with("win32"))
            && (self.env.is_empty() || self.env.starts_with("msvc"))
    }
    fn is_ppc_aix(&self) -> bool {
        let ppc = matches!(self.arch, "powerpc" | "ppc" | "ppc32" | "powerpcspe" | "powerpcle" | "ppcle" | "ppc32le")
            || self.is_ppc64();
        ppc && self.os.starts_with("aix")
    }
}

/// Upgrades a data layout string for `triple` as LLVM 22's `UpgradeDataLayoutString` does.
pub fn upgrade_data_layout_string(dl: &str, triple: &str) -> String {
    let t = TripleInfo::new(triple);
    let has_g = dl.contains("-G") || dl.starts_with('G');
    if (t.is_spir() || t.is_spirv_physical()) && !has_g {
        return if dl.is_empty() { "G1".to_string() } else { format!("{dl}-G1") };
    }
    if t.is_64bit_riscv_or_loongarch() {
        if let Some(i) = dl.find("-n64-") {
            return format!("{}-n32:64-{}", &dl[..i], &dl[i + 5..]);
        }
        return dl.to_string();
    }
    let mut res = dl.to_string();
    if t.is_amdgcn() || t.is_r600() {
        if !has_g {
            res.push_str(if res.is_empty() { "G1" } else { "-G1" });
        }
        // LLVM 22 spells out the ELF mangling.
        if !dl.contains("m:e") {
            res = if res.is_empty() { "m:e".to_string() } else { format!("m:e-{res}") };
        }
        if t.is_r600() {
            return res;
        }
        if !dl.contains("-ni") && !dl.starts_with("ni") {
            res.push_str("-ni:7:8:9");
        }
        if dl.ends_with("ni:7") {
            res.push_str(":8:9");
        }
        if dl.ends_with("ni:7:8") {
            res.push_str(":9");
        }
        if !dl.contains("-p7") && !dl.starts_with("p7") {
            res.push_str("-p7:160:256:256:32");
        }
        if !dl.contains("-p8") && !dl.starts_with("p8") {
            res.push_str("-p8:128:128:128:48");
        }
        const OLD_P8: &str = "-p8:128:128-";
        if let Some(i) = res.find(OLD_P8) {
            res.replace_range(i..i + OLD_P8.len(), "-p8:128:128:128:48-");
        }
        if !dl.contains("-p9") && !dl.starts_with("p9") {
            res.push_str("-p9:192:256:256:32");
        }
        return res;
    }
    let add_ptr_spaces = |res: &mut String| {
        const SPACES: &str = "-p270:32:32-p271:32:32-p272:64:64";
        if dl.contains(SPACES) {
            return;
        }
        // ^([Ee]-m:[a-z](-p:32:32)?)(-.*)$
        let b = res.as_bytes();
        if b.len() >= 5 && (b[0] == b'e' || b[0] == b'E') && &b[1..4] == b"-m:" && b[4].is_ascii_lowercase() {
            let mut end = 5;
            if res[end..].starts_with("-p:32:32") {
                end += 8;
            }
            if res[end..].starts_with('-') {
                *res = format!("{}{}{}", &res[..end], SPACES, &res[end..]);
            } else if end == 5 + 8 {
                // The optional group may also be left out with the rest starting at it.
                let alt = 5;
                if res[alt..].starts_with('-') {
                    *res = format!("{}{}{}", &res[..alt], SPACES, &res[alt..]);
                }
            }
        }
    };
    if t.is_aarch64() {
        if !dl.is_empty() && !dl.contains("-Fn32") {
            res.push_str("-Fn32");
        }
        add_ptr_spaces(&mut res);
        return res;
    }
    if t.is_ppc_aix() && !dl.is_empty() && !dl.contains("f64:32:64") {
        // AIX aligns doubles to 32 bits: spelled out before the stack alignment, or at the end.
        let at = res.find("-S128").unwrap_or(res.len());
        res.insert_str(at, "-f64:32:64");
    }
    if t.is_sparc() || (t.is_mips64() && !dl.contains("m:m")) || t.is_ppc64() || t.is_wasm() {
        if !res.contains("-i128:128") {
            if let Some(pos) = res.find("-i64:64") {
                res.insert_str(pos + 7, "-i128:128");
            }
        }
        return res;
    }
    if !t.is_x86() {
        return res;
    }
    add_ptr_spaces(&mut res);
    if !t.is_iamcu() && !res.contains("-i128:128") {
        // ^(e(-[mpi][^-]*)*)((-[^mpi][^-]*)*)$
        if res.starts_with('e') && (res.len() == 1 || res.as_bytes()[1] == b'-') {
            let specs: Vec<&str> = res[1..].split('-').skip(1).collect();
            let split = specs.iter().position(|s| !matches!(s.as_bytes().first(), Some(b'm' | b'p' | b'i')));
            let split = split.unwrap_or(specs.len());
            if specs[split..].iter().all(|s| !matches!(s.as_bytes().first(), Some(b'm' | b'p' | b'i'))) {
                let mut out = String::from("e");
                for s in &specs[..split] {
                    out.push('-');
                    out.push_str(s);
                }
                out.push_str("-i128:128");
                for s in &specs[split..] {
                    out.push('-');
                    out.push_str(s);
                }
                res = out;
            }
        }
    }
    if t.is_windows_msvc() && !t.is_64bit() {
        if let Some(i) = res.find("-f80:32-") {
            res = format!("{}-f80:128-{}", &res[..i], &res[i + 8..]);
        }
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_layouts() {
        assert_eq!(upgrade_data_layout_string("e-p:32:32", "i686-apple-darwin8"), "e-p:32:32-i128:128");
        assert_eq!(
            upgrade_data_layout_string("e-m:e-i64:64-f80:128-n8:16:32:64-S128", "x86_64-unknown-linux-gnu"),
            "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
        );
        assert_eq!(upgrade_data_layout_string("", "spirv32-unknown-unknown"), "G1");
        assert_eq!(upgrade_data_layout_string("e-p:64:64", "mips-unknown"), "e-p:64:64");
        assert_eq!(
            upgrade_data_layout_string("E-m:a-i64:64-p:32:32-n32-f80:32-S128-v256:256:256", "powerpc64-ibm-aix"),
            "E-m:a-i64:64-i128:128-p:32:32-n32-f80:32-f64:32:64-S128-v256:256:256"
        );
        assert_eq!(upgrade_data_layout_string("E-m:a-p:32:32-n32", "powerpc-ibm-aix"), "E-m:a-p:32:32-n32-f64:32:64");
        assert_eq!(
            upgrade_data_layout_string("e-m:x-p:32:32-i64:64-f80:32-n8:16:32-a:0:32-S32", "i686-pc-win32"),
            "e-m:x-p:32:32-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32-a:0:32-S32"
        );
        assert_eq!(
            upgrade_data_layout_string("", "amdgcn--"),
            "m:e-G1-ni:7:8:9-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32"
        );
    }

    /// Architectures as `Triple::parseArch` spells them (outputs of `llvm-as-22 | llvm-dis-22`).
    #[test]
    fn architecture_spellings() {
        let up = upgrade_data_layout_string;
        assert_eq!(up("e-i64:64-v16:16", "spirv1.6-unknown-vulkan1.3"), "e-i64:64-v16:16");
        assert_eq!(up("e-i64:64", "spirv64v1.6-unknown-unknown"), "e-i64:64-G1");
        assert_eq!(up("e-i64:64", "spirv64v1.9-unknown-unknown"), "e-i64:64");
        let mips = "E-m:e-i8:8:32-i16:16:32-i64:64-n32:64-S128";
        let mips_i128 = "E-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128";
        for arch in ["mipsn32", "mipsn32el", "mips64eb", "mipsisa64r6", "mipsisa64r6el", "mips64r6el"] {
            assert_eq!(up(mips, &format!("{arch}-unknown-linux-gnu")), mips_i128, "{arch}");
        }
        assert_eq!(up(mips, "mips64elr6-unknown-linux-gnu"), mips);
        assert_eq!(up("E-m:e-i64:64-n32:64", "ppu-unknown-linux"), "E-m:e-i64:64-i128:128-n32:64");
        assert_eq!(
            up("E-m:a-p:32:32-Fi32-i64:64-n32", "powerpcspe-ibm-aix"),
            "E-m:a-p:32:32-Fi32-i64:64-n32-f64:32:64"
        );
        assert_eq!(up("e-p:32:32-i64:64", "r600--"), "m:e-e-p:32:32-i64:64-G1");
        assert_eq!(up("", "r600--"), "m:e-G1");
    }
}
