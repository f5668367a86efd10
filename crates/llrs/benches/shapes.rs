//! Reading and verifying (`verify-shape/`), and the whole of `llrs fmt` (`fmt-shape/`: read,
//! verify, print), on modules of pathological shapes generated here (nothing is stored): a chain
//! of blocks, one long block, a switch whose cases meet in one phi, many small functions, one
//! value with very many uses, a large constant array, and all of them in one module (`mixed`:
//! one function of many blocks, many small functions and a large array). Each shape comes in
//! two sizes, four times apart, so that growth faster than the input shows as a ratio above 4.
//! Run with `cargo bench -p llrs --bench shapes`.

use std::fmt::Write;
use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};

/// `n` blocks, each adding to the argument and branching to the next.
fn chain(n: usize) -> String {
    let mut s = String::from("define i32 @f(i32 %a) {\nentry:\n  br label %b0\n");
    for i in 0..n {
        let _ = write!(s, "b{i}:\n  %x{i} = add i32 %a, {i}\n  br label %b{}\n", i + 1);
    }
    let _ = write!(s, "b{n}:\n  ret i32 %x{}\n}}\n", n.saturating_sub(1));
    s
}

/// One block of `n` instructions, each using the one before.
fn wide(n: usize) -> String {
    let mut s = String::from("define i32 @g(i32 %a) {\nentry:\n  %v0 = add i32 %a, 1\n");
    for i in 1..n {
        let _ = writeln!(s, "  %v{i} = add i32 %v{}, %a", i - 1);
    }
    let _ = write!(s, "  ret i32 %v{}\n}}\n", n - 1);
    s
}

/// A switch of `n` cases to `n` blocks that all branch to one block with an `n + 1`-entry phi.
fn switch_phi(n: usize) -> String {
    let mut s = String::from("define i32 @s(i32 %a) {\nentry:\n  switch i32 %a, label %d [\n");
    for i in 0..n {
        let _ = writeln!(s, "    i32 {i}, label %b{i}");
    }
    s.push_str("  ]\n");
    for i in 0..n {
        let _ = write!(s, "b{i}:\n  br label %d\n");
    }
    s.push_str("d:\n  %p = phi i32 [ 0, %entry ]");
    for i in 0..n {
        let _ = write!(s, ", [ {i}, %b{i} ]");
    }
    s.push_str("\n  ret i32 %p\n}\n");
    s
}

/// `n` small functions.
fn many(n: usize) -> String {
    let mut s = String::new();
    for i in 0..n {
        let _ = write!(s, "define i32 @f{i}(i32 %a) {{\n  %x = add i32 %a, 1\n  ret i32 %x\n}}\n");
    }
    s
}

/// One value used by `n` calls.
fn uses(n: usize) -> String {
    let mut s = String::from("declare void @u(i32)\ndefine void @f(i32 %a) {\nentry:\n  %x = add i32 %a, 1\n");
    for _ in 0..n {
        s.push_str("  call void @u(i32 %x)\n");
    }
    s.push_str("  ret void\n}\n");
    s
}

/// A global array of `n` integers and an alias of it.
fn array(n: usize) -> String {
    let mut s = format!("@g = global [{n} x i32] [");
    for i in 0..n {
        let _ = write!(s, "{}i32 {i}", if i > 0 { ", " } else { "" });
    }
    s.push_str("]\n@a = alias i32, ptr @g\n");
    s
}

/// One function of `n` blocks (each branching onward or to a phi of all of them), `n / 3` small
/// functions reading a global array of `n / 3` integers.
fn mixed(n: usize) -> String {
    let k = (n / 3).max(1);
    let mut s = format!("@arr = global [{k} x i32] [");
    for i in 0..k {
        let _ = write!(s, "{}i32 {}", if i > 0 { ", " } else { "" }, i * 7 % 1000);
    }
    s.push_str(
        "]

define i32 @big(i32 %x) {
entry:
  br label %b0
",
    );
    for i in 0..n {
        let prev = if i == 0 { "%x".to_string() } else { format!("%v{}", i - 1) };
        let _ = write!(
            s,
            "b{i}:
  %v{i} = add i32 {prev}, {}
  %c{i} = icmp slt i32 %v{i}, {}
  br i1 %c{i}, label %b{}, label %exit
",
            i % 97 + 1,
            1_000_000 + i,
            i + 1
        );
    }
    let _ = write!(
        s,
        "b{n}:
  br label %exit
exit:
  %r = phi i32 [ 0, %b{n} ]"
    );
    for i in 0..n {
        let _ = write!(s, ", [ {i}, %b{i} ]");
    }
    s.push_str(
        "
  ret i32 %r
}
",
    );
    for i in 0..k {
        let _ = write!(
            s,
            "
define i32 @f{i}(i32 %a, i32 %b) {{
  %s = add i32 %a, %b
  \
             %p = getelementptr inbounds [{k} x i32], ptr @arr, i64 0, i64 {i}
  \
             %l = load i32, ptr %p, align 4
  %r = add i32 %s, %l
  ret i32 %r
}}
"
        );
    }
    s
}

/// The whole of `llrs fmt` on a module's text: read, verify, print.
fn fmt(src: &[u8]) -> usize {
    let Ok(m) = llrs::asm::parse_module(src, "shape.ll") else { return 0 };
    if llrs::verify::verify(&m).is_broken() {
        return 0;
    }
    llrs::asm::print_module(&m).len()
}

/// A shape: its name, its generator and its smaller size.
type Shape = (&'static str, fn(usize) -> String, usize);

fn bench_shapes(c: &mut Criterion) {
    let shapes: [Shape; 7] = [
        ("chain", chain, 10_000),
        ("wide", wide, 25_000),
        ("switch-phi", switch_phi, 5_000),
        ("many-functions", many, 10_000),
        ("uses", uses, 25_000),
        ("array", array, 50_000),
        ("mixed", mixed, 15_000),
    ];
    let sources: Vec<(&str, usize, String)> =
        shapes.iter().flat_map(|&(name, make, n)| [1, 4].map(|scale| (name, scale, make(n * scale)))).collect();
    let mut group = c.benchmark_group("verify-shape");
    group.sampling_mode(SamplingMode::Flat);
    for (name, scale, src) in &sources {
        group.throughput(Throughput::Bytes(src.len() as u64));
        group.bench_function(format!("{name}/x{scale}"), |b| {
            b.iter(|| llrs::cli::verify::verify_source(black_box(src.as_bytes()), "shape.ll").map(|w| w.len()))
        });
    }
    group.finish();
    let mut group = c.benchmark_group("fmt-shape");
    group.sampling_mode(SamplingMode::Flat);
    for (name, scale, src) in &sources {
        group.throughput(Throughput::Bytes(src.len() as u64));
        group.bench_function(format!("{name}/x{scale}"), |b| b.iter(|| fmt(black_box(src.as_bytes()))));
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    targets = bench_shapes
}
criterion_main!(benches);
