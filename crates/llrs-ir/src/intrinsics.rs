//! LLVM 22's intrinsic names, and the lookup LLVM does to give a function named `llvm.*` its
//! intrinsic ID (`Intrinsic::lookupIntrinsicID`). A function whose name starts with `llvm.` but
//! finds no ID is an "unknown intrinsic" (AsmWriter prints `; Unknown intrinsic` above it).
//!
//! `intrinsics.txt` holds LLVM 22.1's `IntrinsicNameTable` in ID order (the target-independent
//! names sorted, then every target's names sorted), one per line, with `\t1` after the names of
//! overloaded intrinsics. It was read from LLVM 22.1.8's library; which names are overloaded was
//! found by asking `llvm-as-22 | llvm-dis-22` whether `NAME.zzqx` is an intrinsic.

use std::sync::OnceLock;

const DATA: &str = include_str!("intrinsics.txt");

struct Table {
    /// All names in ID order (ID = index + 1).
    names: Vec<&'static str>,
    overloaded: Vec<bool>,
    /// Target sections: (target name, start, end) into `names`; the generic section is first
    /// with an empty name.
    targets: Vec<(&'static str, usize, usize)>,
}

/// Builds the intrinsic tables (names, signatures, attributes) now, which are otherwise built
/// on first use (a few milliseconds): for a reader that has a thread with time to spare before
/// its upgrades need them.
pub fn prewarm_tables() {
    table();
    crate::intrinsic_sig::prewarm();
    crate::intrinsic_attrs::prewarm();
}

fn table() -> &'static Table {
    static T: OnceLock<Table> = OnceLock::new();
    T.get_or_init(|| {
        let mut names = Vec::with_capacity(16384);
        let mut overloaded = Vec::with_capacity(16384);
        for line in DATA.lines() {
            let (n, o) = match line.split_once('\t') {
                Some((n, o)) => (n, o == "1"),
                None => (line, false),
            };
            names.push(n);
            overloaded.push(o);
        }
        // The generic section ends where sorting restarts.
        let generic_end = names.windows(2).position(|w| w[1] < w[0]).map(|i| i + 1).unwrap_or(names.len());
        let mut targets = vec![("", 0, generic_end)];
        let mut i = generic_end;
        while i < names.len() {
            let t = target_of(names[i]);
            let start = i;
            while i < names.len() && target_of(names[i]) == t {
                i += 1;
            }
            targets.push((t, start, i));
        }
        Table { names, overloaded, targets }
    })
}

fn target_of(name: &str) -> &str {
    let rest = name.strip_prefix("llvm.").unwrap_or(name);
    rest.split('.').next().unwrap_or("")
}

/// `strncmp(a + start, b + start, end - start) < 0` on NUL-terminated names.
fn cmp_range(a: &[u8], b: &[u8], start: usize, end: usize) -> std::cmp::Ordering {
    for i in start..end {
        let x = a.get(i).copied().unwrap_or(0);
        let y = b.get(i).copied().unwrap_or(0);
        if x != y {
            return x.cmp(&y);
        }
        if x == 0 {
            break;
        }
    }
    std::cmp::Ordering::Equal
}

/// The intrinsic ID (1-based index into LLVM's table) of a function name, or `None` for a
/// name that is not an intrinsic (including `llvm.*` names LLVM does not know).
pub fn lookup(name: &[u8]) -> Option<u32> {
    if !name.starts_with(b"llvm.") {
        return None;
    }
    let t = table();
    let target = {
        let rest = &name[5..];
        let end = rest.iter().position(|&b| b == b'.').unwrap_or(rest.len());
        &rest[..end]
    };
    let &(tname, base, end) =
        t.targets.iter().find(|(n, _, _)| !n.is_empty() && n.as_bytes() == target).unwrap_or(&t.targets[0]);
    let sub = &t.names[base..end];
    // Successive equal_range searches over the dotted components (lookupLLVMIntrinsicByName).
    let mut cmp_end = 4usize;
    if !tname.is_empty() {
        cmp_end += 1 + tname.len();
    }
    let (mut low, mut high) = (0usize, sub.len());
    let mut last_low = low;
    while cmp_end < name.len() && high > low {
        let cmp_start = cmp_end;
        cmp_end =
            name[cmp_start + 1..].iter().position(|&b| b == b'.').map(|p| p + cmp_start + 1).unwrap_or(name.len());
        last_low = low;
        let slice = &sub[low..high];
        let lo = slice.partition_point(|n| cmp_range(n.as_bytes(), name, cmp_start, cmp_end).is_lt());
        let hi = slice.partition_point(|n| !cmp_range(name, n.as_bytes(), cmp_start, cmp_end).is_lt());
        high = low + hi;
        low += lo;
    }
    if high > low {
        last_low = low;
    }
    if last_low >= sub.len() {
        return None;
    }
    let found = sub[last_low].as_bytes();
    let exact = name == found;
    if !(exact || (name.starts_with(found) && name.get(found.len()) == Some(&b'.'))) {
        return None;
    }
    let idx = base + last_low;
    if exact || t.overloaded[idx] {
        Some(idx as u32 + 1)
    } else {
        None
    }
}

/// True for a name starting with `llvm.` that LLVM does not recognize as an intrinsic.
pub fn is_unknown_intrinsic(name: &[u8]) -> bool {
    name.starts_with(b"llvm.") && lookup(name).is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_and_unknown() {
        assert!(lookup(b"llvm.memcpy.p0.p0.i64").is_some());
        assert!(lookup(b"llvm.dbg.value").is_some());
        assert!(lookup(b"llvm.x86.sse2.pause").is_some());
        assert!(lookup(b"llvm.abs.i32").is_some());
        assert!(is_unknown_intrinsic(b"llvm.foo"));
        assert!(is_unknown_intrinsic(b"llvm.dbg.stoppoint"));
        assert!(is_unknown_intrinsic(b"llvm.x86.sse2.pause.i32"));
        assert!(is_unknown_intrinsic(b"llvm.not.really.an.intrinsic"));
        assert!(!is_unknown_intrinsic(b"memcpy"));
    }
}
