//! The target-independent cases of `upgradeIntrinsicFunction1` (and its RISC-V and WebAssembly
//! cases), by the first letter of the name after `llvm.`, in LLVM's order:
//! - `c`: `ctlz`/`cttz` with one operand (`i1 false` added). (`convert.{to,from}.fp16` became
//!   casts after LLVM 22, which keeps them; `coro.end` with two operands is
//!   `Intrinsics::upgrade_coro_end`.)
//! - `d`: `dbg.addr` (the other debug intrinsics become records as they are read);
//! - `e`: `experimental.vector.{extract,insert,reverse,interleave2,deinterleave2,
//!   partial.reduce.add}`, `experimental.vector.reduce.*`, `experimental.vector.splice`,
//!   `experimental.stepvector`;
//! - `f`: `flt.rounds` → `get.rounding`; `i`: `invariant.group.barrier` →
//!   `launder.invariant.group`; (`l`: lifetime markers with a size, `Intrinsics::upgrade_lifetime_decl`);
//! - `m`: `memcpy`/`memmove`/`memset` with an alignment operand, `masked.*` with one;
//! - `o`: `objectsize` with two or three operands; `p`: `ptr.annotation` with four;
//! - `r`: RISC-V crypto ([`super::riscv`]); `s`: `stackprotectorcheck` (calls go);
//! - `t`: `thread.pointer` unmangled; `v`: `var.annotation` with four operands, the old
//!   `vector.splice`; `w`: `wasm.{fma,fms,laneselect}`, `wasm.dot.i8x16.i7x16.*` → the relaxed
//!   forms.

use super::{debug, riscv, vector, Plan, Site};
use llrs_ir::module::GlobalId;
use llrs_ir::{Context, Type, TypeId};

/// The plan for an old target-independent, RISC-V or WebAssembly declaration (`rest` is the
/// name after `llvm.`); `None` when LLVM goes on to the struct-return and mangling upgrades.
pub(super) fn plan(ctx: &mut Context, rest: &str, fn_ty: TypeId) -> Option<Plan> {
    let Type::Function { ret, params, .. } = ctx.type_of(fn_ty).clone() else { return None };
    let p = |i: usize| params.get(i).copied();
    match rest.as_bytes().first()? {
        b'c' => {
            if params.len() != 1 {
                return None;
            }
            let base = if rest.starts_with("ctlz.") {
                "llvm.ctlz"
            } else if rest.starts_with("cttz.") {
                "llvm.cttz"
            } else {
                return None;
            };
            Plan::new_fn(ctx, base, &[p(0)?])
        }
        b'd' => debug::plan(rest, fn_ty),
        b'e' => experimental(ctx, rest, ret, &params),
        b'f' if rest.starts_with("flt.rounds") => Plan::new_fn(ctx, "llvm.get.rounding", &[]),
        b'i' if rest.starts_with("invariant.group.barrier") => {
            Plan::new_fn(ctx, "llvm.launder.invariant.group", &[p(0)?])
        }
        b'm' => memory(ctx, rest, ret, &params),
        b'o' if rest.starts_with("objectsize.") && matches!(params.len(), 2 | 3) => {
            Plan::new_fn(ctx, "llvm.objectsize", &[ret, p(0)?])
        }
        b'p' if rest.starts_with("ptr.annotation.") && params.len() == 4 => {
            Plan::new_fn(ctx, "llvm.ptr.annotation", &[p(0)?, p(1)?])
        }
        b'r' => riscv::plan(ctx, rest.strip_prefix("riscv.")?, fn_ty),
        b's' if rest == "stackprotectorcheck" => Some(Plan::expand(erase)),
        b't' if rest == "thread.pointer" => Plan::new_fn(ctx, "llvm.thread.pointer", &[ret]),
        b'v' => {
            if rest == "var.annotation" && params.len() == 4 {
                return Plan::new_fn(ctx, "llvm.var.annotation", &[p(0)?, p(1)?]);
            }
            let n = rest.strip_prefix("vector.splice")?;
            (!n.starts_with(".left") && !n.starts_with(".right")).then(|| Plan::expand(vector::splice))
        }
        b'w' => wasm(ctx, rest.strip_prefix("wasm.")?, ret),
        _ => None,
    }
}

/// `stackprotectorcheck`: the call goes.
fn erase(site: &mut Site<'_>, _: Option<GlobalId>) -> bool {
    site.erase();
    true
}

/// `experimental.*`.
fn experimental(ctx: &mut Context, rest: &str, ret: TypeId, params: &[TypeId]) -> Option<Plan> {
    if let Some(n) = rest.strip_prefix("experimental.vector.") {
        const RENAMED: &[(&str, &str)] = &[
            ("extract.", "vector.extract"),
            ("insert.", "vector.insert"),
            ("reverse.", "vector.reverse"),
            ("interleave2.", "vector.interleave2"),
            ("deinterleave2.", "vector.deinterleave2"),
            ("partial.reduce.add", "vector.partial.reduce.add"),
        ];
        // `extract.last.active` is another operation than `vector.extract`.
        let renamed = if n.starts_with("extract.last.active.") {
            None
        } else {
            RENAMED.iter().find(|(p, _)| n.starts_with(p)).map(|&(_, id)| id)
        };
        if let Some(id) = renamed {
            let mut tys = Vec::new();
            // Extracting and interleaving overload the result type; inserting and partial
            // reductions the second operand too.
            if matches!(id, "vector.extract" | "vector.interleave2") {
                tys.push(ret);
            }
            if id != "vector.interleave2" {
                tys.push(*params.first()?);
            }
            if matches!(id, "vector.insert" | "vector.partial.reduce.add") {
                tys.push(*params.get(1)?);
            }
            return Plan::new_fn(ctx, &format!("llvm.{id}"), &tys);
        }
        if let Some(r) = n.strip_prefix("reduce.") {
            let (id, v2) = reduction(r)?;
            let ty = if v2 { *params.get(1)? } else { *params.first()? };
            return Plan::new_fn(ctx, &format!("llvm.vector.reduce.{id}"), &[ty]);
        }
        return n.starts_with("splice").then(|| Plan::expand(vector::splice));
    }
    rest.strip_prefix("experimental.stepvector.")?;
    Plan::new_fn(ctx, "llvm.stepvector", &[ret])
}

/// The reduction `experimental.vector.reduce.{r}` stands for, and whether it is a `v2` form
/// (whose vector is the second operand): `^([a-z]+)\.[a-z][0-9]+` for the integer and
/// `fmax`/`fmin` ones, `^v2\.([a-z]+)\.[fi][0-9]+` for `fadd`/`fmul`.
fn reduction(r: &str) -> Option<(&'static str, bool)> {
    const OPS: &[&str] = &["add", "mul", "and", "or", "xor", "smax", "smin", "umax", "umin", "fmax", "fmin"];
    // `[a-z]+` then `.`, a letter in `letters`, and at least one digit.
    let word = |s: &str, letters: &[u8]| -> Option<String> {
        let end = s.bytes().position(|b| !b.is_ascii_lowercase())?;
        let (w, tail) = s.split_at(end);
        let tail = tail.strip_prefix('.')?.as_bytes();
        let ok = !w.is_empty() && tail.len() >= 2 && letters.contains(&tail[0]) && tail[1].is_ascii_digit();
        ok.then(|| w.to_string())
    };
    let lower: Vec<u8> = (b'a'..=b'z').collect();
    if let Some(w) = word(r, &lower) {
        if let Some(&op) = OPS.iter().find(|&&o| o == w) {
            return Some((op, false));
        }
    }
    let w = word(r.strip_prefix("v2.")?, b"fi")?;
    ["fadd", "fmul"].into_iter().find(|&o| o == w).map(|op| (op, true))
}

/// `memcpy`/`memmove`/`memset` with an alignment operand, `masked.*` with one.
fn memory(ctx: &mut Context, rest: &str, ret: TypeId, params: &[TypeId]) -> Option<Plan> {
    let p = |i: usize| params.get(i).copied();
    for (prefix, base) in [("memcpy.", "llvm.memcpy"), ("memmove.", "llvm.memmove")] {
        if rest.starts_with(prefix) && params.len() == 5 {
            return Plan::new_fn(ctx, base, &params[..3]);
        }
    }
    if rest.starts_with("memset.") && params.len() == 5 {
        return Plan::new_fn(ctx, "llvm.memset", &[p(0)?, p(2)?]);
    }
    let kind = ["load", "gather", "store", "scatter"]
        .into_iter()
        .find(|k| rest.strip_prefix("masked.").is_some_and(|r| r.starts_with(k)))?;
    if params.len() != 4 {
        return None;
    }
    let base = format!("llvm.masked.{kind}");
    if kind == "load" || kind == "gather" {
        Plan::new_fn(ctx, &base, &[ret, p(0)?])
    } else {
        Plan::new_fn(ctx, &base, &[p(0)?, p(1)?])
    }
}

/// `wasm.*` (`n` after `wasm.`): the relaxed SIMD forms.
fn wasm(ctx: &mut Context, n: &str, ret: TypeId) -> Option<Plan> {
    const RELAXED: &[(&str, &str)] =
        &[("fma.", "relaxed.madd"), ("fms.", "relaxed.nmadd"), ("laneselect.", "relaxed.laneselect")];
    if let Some(&(_, id)) = RELAXED.iter().find(|(p, _)| n.starts_with(p)) {
        return Plan::new_fn(ctx, &format!("llvm.wasm.{id}"), &[ret]);
    }
    let id = match n.strip_prefix("dot.i8x16.i7x16.")? {
        "signed" => "signed",
        "add.signed" => "add.signed",
        _ => return None,
    };
    Plan::new_fn(ctx, &format!("llvm.wasm.relaxed.dot.i8x16.i7x16.{id}"), &[])
}
