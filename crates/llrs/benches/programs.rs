//! Throughput of the `.ll` reader and writer on real programs: for every
//! `target/corpus/programs/NAME.ll.canon` (sqlite3 by clang, rust crates by rustc), the benchmarks
//! `lex/NAME` (every token of the text), `parse/NAME` (text → module), `print/NAME` (module →
//! text), `verify/NAME` (the verifier on the parsed module), `verify-cmd/NAME` (`llrs verify`'s
//! work: parse and verify) and `fmt/NAME` (`llrs fmt`'s work: parse, verify, print), all on the
//! rayon pool, and `fmt-1t/NAME`, the same on one thread; reported in bytes of input per second. Run with `cargo bench -p llrs --bench programs` (add a name to run only some, e.g.
//! `-- parse/rust-regex`). The corpus comes from `../shared/tools/corpus target/corpus`.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};

fn programs() -> Vec<(String, PathBuf)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/corpus/programs");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        println!(
            "note: no corpus at {}: nothing to benchmark (run ../shared/tools/corpus target/corpus)",
            dir.display()
        );
        return Vec::new();
    };
    let mut files: Vec<(String, PathBuf)> = entries
        .flatten()
        .filter_map(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            let stem = name.strip_suffix(".ll.canon")?.to_string();
            Some((stem, entry.path()))
        })
        .collect();
    files.sort();
    files
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
    let Ok(m) = llrs::asm::parse_module(src, file_name) else { return 0 };
    if llrs::verify::verify(&m).is_broken() {
        return 0;
    }
    llrs::asm::print_module(&m).len()
}

fn bench_programs(c: &mut Criterion) {
    for (name, path) in programs() {
        let src = match std::fs::read(&path) {
            Ok(src) => src,
            Err(err) => {
                println!("note: skipping {name}: could not read {}: {err}", path.display());
                continue;
            }
        };
        let file_name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
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
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = bench_programs
}
criterion_main!(benches);
