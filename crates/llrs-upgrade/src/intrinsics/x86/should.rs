//! `shouldUpgradeX86Intrinsic`: the old x86 intrinsics (`NAME` in `llvm.x86.NAME`) whose calls
//! LLVM 22 rewrites into other IR, leaving no declaration behind. The comments give the LLVM
//! release that started upgrading each.

/// Whether `name` (after `llvm.x86.`) is one of them.
pub(crate) fn should_upgrade(name: &str) -> bool {
    let sw = |n: &str, ps: &[&str]| ps.iter().any(|p| n.starts_with(p));
    if let Some(n) = name.strip_prefix("avx.") {
        return sw(n, &["blend.p", "movnt.", "sqrt.p", "storeu.", "vbroadcast.s", "vbroadcastf128"])
            || matches!(n, "cvt.ps2.pd.256" | "cvtdq2.pd.256" | "cvtdq2.ps.256")
            || sw(n, &["vextractf128.", "vinsertf128.", "vperm2f128.", "vpermil."]);
    }
    if let Some(n) = name.strip_prefix("avx2.") {
        return matches!(n, "movntdqa" | "pblendw" | "pmul.dq" | "pmulu.dq")
            || matches!(n, "vbroadcasti128" | "vextracti128" | "vinserti128" | "vperm2i128")
            || sw(n, &["pabs.", "padds.", "paddus.", "pblendd.", "pbroadcast", "pcmpeq.", "pcmpgt."])
            || sw(n, &["pmax", "pmin", "pmovsx", "pmovzx", "psll.dq", "psrl.dq", "psubs.", "psubus."])
            || n.starts_with("vbroadcast");
    }
    if let Some(n) = name.strip_prefix("avx512.") {
        if let Some(m) = n.strip_prefix("mask.") {
            return mask_name(m);
        }
        if let Some(m) = n.strip_prefix("mask3.") {
            return sw(m, &["vfmadd.", "vfmaddsub.", "vfmsub.", "vfmsubadd.", "vfnmsub."]);
        }
        if let Some(m) = n.strip_prefix("maskz.") {
            return sw(m, &["pternlog.", "vfmadd.", "vfmaddsub.", "vpdpbusd.", "vpdpbusds.", "vpdpwssd."])
                || sw(m, &["vpdpwssds.", "vpermt2var.", "vpmadd52", "vpshldv.", "vpshrdv."]);
        }
        return matches!(n, "movntdqa" | "pmul.dq.512" | "pmulu.dq.512" | "cvtusi2sd")
            || matches!(n, "kand.w" | "kandn.w" | "knot.w" | "kor.w" | "kortestc.w" | "kortestz.w")
            || matches!(n, "kxnor.w" | "kxor.w")
            || sw(n, &["broadcastm", "cmp.p", "cvtb2mask.", "cvtd2mask.", "cvtmask2", "cvtq2mask."])
            || sw(n, &["cvtw2mask.", "kunpck", "padds.", "pbroadcast", "prol", "pror", "psll.dq"])
            || sw(n, &["psrl.dq", "psubs.", "ptestm", "ptestnm", "storent.", "vbroadcast.s", "vpshld."])
            || n.starts_with("vpshrd.");
    }
    if let Some(n) = name.strip_prefix("fma.") {
        return sw(n, &["vfmadd.", "vfmsub.", "vfmsubadd.", "vfnmadd.", "vfnmsub."]);
    }
    if let Some(n) = name.strip_prefix("fma4.") {
        return n.starts_with("vfmadd.s");
    }
    if let Some(n) = name.strip_prefix("sse.") {
        return matches!(n, "add.ss" | "cvtsi2ss" | "cvtsi642ss" | "div.ss" | "mul.ss" | "sqrt.ss" | "sub.ss")
            || sw(n, &["sqrt.p", "storeu."]);
    }
    if let Some(n) = name.strip_prefix("sse2.") {
        return matches!(n, "add.sd" | "cvtdq2pd" | "cvtdq2ps" | "cvtps2pd" | "cvtsi2sd" | "cvtsi642sd")
            || matches!(n, "cvtss2sd" | "div.sd" | "mul.sd" | "pmaxs.w" | "pmaxu.b" | "pmins.w" | "pminu.b")
            || matches!(n, "pmulu.dq" | "sqrt.sd" | "storel.dq" | "sub.sd")
            || sw(n, &["padds.", "paddus.", "pcmpeq.", "pcmpgt.", "pshuf", "psll.dq", "psrl.dq"])
            || sw(n, &["psubs.", "psubus.", "sqrt.p", "storeu."]);
    }
    if let Some(n) = name.strip_prefix("sse41.") {
        return n.starts_with("blendp")
            || matches!(n, "movntdqa" | "pblendw" | "pmaxsb" | "pmaxsd" | "pmaxud" | "pmaxuw")
            || matches!(n, "pminsb" | "pminsd" | "pminud" | "pminuw" | "pmuldq")
            || sw(n, &["pmovsx", "pmovzx"]);
    }
    if let Some(n) = name.strip_prefix("sse42.") {
        return n == "crc32.64.8";
    }
    if let Some(n) = name.strip_prefix("sse4a.") {
        return n.starts_with("movnt.");
    }
    if let Some(n) = name.strip_prefix("ssse3.") {
        return matches!(n, "pabs.b.128" | "pabs.d.128" | "pabs.w.128");
    }
    if let Some(n) = name.strip_prefix("xop.") {
        return matches!(n, "vpcmov" | "vpcmov.256") || sw(n, &["vpcom", "vprot"]);
    }
    matches!(name, "addcarry.u32" | "addcarry.u64" | "addcarryx.u32" | "addcarryx.u64")
        || matches!(name, "subborrow.u32" | "subborrow.u64")
        || name.starts_with("vcvtph2ps.")
}

/// `avx512.mask.*`.
fn mask_name(n: &str) -> bool {
    const PREFIXES: &[&str] = &[
        "add.p",
        "and.",
        "andn.",
        "broadcast.s",
        "broadcastf32x4.",
        "broadcastf32x8.",
        "broadcastf64x2.",
        "broadcastf64x4.",
        "broadcasti32x4.",
        "broadcasti32x8.",
        "broadcasti64x2.",
        "broadcasti64x4.",
        "cmp.b",
        "cmp.d",
        "cmp.q",
        "cmp.w",
        "compress.b",
        "compress.d",
        "compress.p",
        "compress.q",
        "compress.store.",
        "compress.w",
        "conflict.",
        "cvtdq2pd.",
        "cvtdq2ps.",
        "cvtqq2pd.",
        "cvtudq2pd.",
        "cvtudq2ps.",
        "cvtuqq2pd.",
        "dbpsadbw.",
        "div.p",
        "expand.b",
        "expand.d",
        "expand.load.",
        "expand.p",
        "expand.q",
        "expand.w",
        "fpclass.p",
        "insert",
        "load.",
        "loadu.",
        "lzcnt.",
        "max.p",
        "min.p",
        "movddup",
        "move.s",
        "movshdup",
        "movsldup",
        "mul.p",
        "or.",
        "pabs.",
        "packssdw.",
        "packsswb.",
        "packusdw.",
        "packuswb.",
        "padd.",
        "padds.",
        "paddus.",
        "palignr.",
        "pand.",
        "pandn.",
        "pavg",
        "pbroadcast",
        "pcmpeq.",
        "pcmpgt.",
        "perm.df.",
        "perm.di.",
        "permvar.",
        "pmaddubs.w.",
        "pmaddw.d.",
        "pmax",
        "pmin",
        "pmovsx",
        "pmovzx",
        "pmul.dq.",
        "pmul.hr.sw.",
        "pmulh.w.",
        "pmulhu.w.",
        "pmull.",
        "pmultishift.qb.",
        "pmulu.dq.",
        "por.",
        "prol.",
        "prolv.",
        "pror.",
        "prorv.",
        "pshuf.b.",
        "pshuf.d.",
        "pshufh.w.",
        "pshufl.w.",
        "psll.d",
        "psll.q",
        "psll.w",
        "pslli",
        "psllv",
        "psra.d",
        "psra.q",
        "psra.w",
        "psrai",
        "psrav",
        "psrl.d",
        "psrl.q",
        "psrl.w",
        "psrli",
        "psrlv",
        "psub.",
        "psubs.",
        "psubus.",
        "pternlog.",
        "punpckh",
        "punpckl",
        "pxor.",
        "shuf.f",
        "shuf.i",
        "shuf.p",
        "sqrt.p",
        "store.b.",
        "store.d.",
        "store.p",
        "store.q.",
        "store.w.",
        "storeu.",
        "sub.p",
        "ucmp.",
        "unpckh.",
        "unpckl.",
        "valign.",
        "vextract",
        "vfmadd.",
        "vfmaddsub.",
        "vfnmadd.",
        "vfnmsub.",
        "vpdpbusd.",
        "vpdpbusds.",
        "vpdpwssd.",
        "vpdpwssds.",
        "vpermi2var.",
        "vpermil.p",
        "vpermilvar.",
        "vpermt2var.",
        "vpmadd52",
        "vpshld.",
        "vpshldv.",
        "vpshrd.",
        "vpshrdv.",
        "vpshufbitqmb.",
        "xor.",
    ];
    const EXACT: &[&str] = &[
        "cvtpd2dq.256",
        "cvtpd2ps.256",
        "cvtps2pd.128",
        "cvtps2pd.256",
        "cvtqq2ps.256",
        "cvtqq2ps.512",
        "cvttpd2dq.256",
        "cvttps2dq.128",
        "cvttps2dq.256",
        "cvtuqq2ps.256",
        "cvtuqq2ps.512",
        "pmov.qd.256",
        "pmov.qd.512",
        "pmov.wb.256",
        "pmov.wb.512",
        "store.ss",
        "vcvtph2ps.128",
        "vcvtph2ps.256",
    ];
    PREFIXES.iter().any(|p| n.starts_with(p)) || EXACT.contains(&n)
}
