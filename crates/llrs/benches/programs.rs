//! Throughput of the `.ll` reader and writer on real programs: for every
//! `target/corpus/programs/NAME.ll.canon` (sqlite3 by clang, rust crates by rustc), the benchmarks
//! `lex/NAME` (every token of the text), `parse/NAME` (text → module), `print/NAME` (module →
//! text), `verify/NAME` (the verifier on the parsed module), `verify-cmd/NAME` (`llrs verify`'s
//! work: parse and verify) and `fmt/NAME` (`llrs fmt`'s work: parse, verify, print), all on the
//! rayon pool, and `fmt-1t/NAME`, the same on one thread; reported in bytes of input per second. Run with `cargo bench -p llrs --bench programs` (add a name to run only some, e.g.
//! `-- parse/rust-regex`). The corpus comes from `../shared/tools/corpus target/corpus`.

mod common;

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};

fn programs() -> Vec<(String, PathBuf)> {
    common::corpus_files("programs", ".ll.canon", false)
}

/// Every token of `src`; their number.
fn lex(src: &[u8]) -> usize {
    let mut lexer = llrs::asm::lexer::Lexer::new(src);
    let mut n = 0;
    while lexer.next_token().kind != llrs::asm::lexer::Tok::Eof {
        n += 1;
    }
    n
}

/// `llrs fmt`'s work on a module's text: read, verify, print; the length of the output.
fn fmt(src: &[u8], file_name: &str) -> usize {
    llrs::asm::parse_module(src, file_name).map_or(0, |m| common::verify_and_print(&m))
}

fn bench_programs(c: &mut Criterion) {
    for (name, path) in programs() {
        let Some((src, file_name)) = common::load(&name, &path) else { continue };
        let module = match llrs::asm::parse_module(&src, &file_name) {
            Ok(module) => module,
            Err(diag) => {
                println!(
                    "note: skipping {name}: it does not parse yet: {}",
                    diag.to_string().lines().next().unwrap_or("")
                );
                continue;
            }
        };
        let bytes = Throughput::Bytes(src.len() as u64);

        let mut group = c.benchmark_group("lex");
        group.throughput(bytes.clone()).sampling_mode(SamplingMode::Flat);
        group.bench_function(&name, |b| b.iter(|| lex(black_box(&src))));
        group.finish();

        let mut group = c.benchmark_group("parse");
        group.throughput(bytes.clone()).sampling_mode(SamplingMode::Flat);
        group.bench_function(&name, |b| b.iter(|| llrs::asm::parse_module(black_box(&src), &file_name)));
        group.finish();

        let mut group = c.benchmark_group("print");
        group.throughput(bytes.clone()).sampling_mode(SamplingMode::Flat);
        group.bench_function(&name, |b| b.iter(|| llrs::asm::print_module(black_box(&module))));
        group.finish();

        let mut group = c.benchmark_group("verify");
        group.throughput(bytes.clone()).sampling_mode(SamplingMode::Flat);
        group.bench_function(&name, |b| b.iter(|| llrs::verify::verify(black_box(&module))));
        group.finish();

        let mut group = c.benchmark_group("verify-cmd");
        group.throughput(bytes.clone()).sampling_mode(SamplingMode::Flat);
        group.bench_function(&name, |b| {
            b.iter(|| llrs::cli::verify::verify_source(black_box(&src), &file_name).map(|w| w.len()))
        });
        group.finish();

        let mut group = c.benchmark_group("fmt");
        group.throughput(bytes.clone()).sampling_mode(SamplingMode::Flat);
        group.bench_function(&name, |b| b.iter(|| fmt(black_box(&src), &file_name)));
        group.finish();

        let mut group = c.benchmark_group("fmt-1t");
        group.throughput(bytes).sampling_mode(SamplingMode::Flat);
        let Ok(one) = rayon::ThreadPoolBuilder::new().num_threads(1).build() else { continue };
        group.bench_function(&name, |b| b.iter(|| one.install(|| fmt(black_box(&src), &file_name))));
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = bench_programs
}
criterion_main!(benches);
