//! Throughput of the Machine IR reader and writer on real programs: for every
//! `target/corpus/mir-programs/TRIPLE/NAME.mir`, the benchmarks `mir-parse/NAME` (text → machine
//! functions), `mir-print/NAME` (→ text) and `mir-fmt/NAME` (`llrs fmt`'s work: both), reported
//! in bytes of input per second. Run with `cargo bench -p llrs --bench mir_programs`. The corpus
//! comes from `../shared/tools/corpus target/corpus`.

mod common;

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};

fn programs() -> Vec<(String, PathBuf)> {
    common::corpus_files("mir-programs", ".mir", true)
}

fn bench_mir_programs(c: &mut Criterion) {
    for (name, path) in programs() {
        let src = match std::fs::read_to_string(&path) {
            Ok(src) => src,
            Err(err) => {
                println!("note: skipping {name}: could not read {}: {err}", path.display());
                continue;
            }
        };
        let file_name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let file = match llrs::mir::parse(&src, &file_name) {
            Ok(file) => file,
            Err(err) => {
                println!("note: skipping {name}: {}", err.to_string().lines().next().unwrap_or(""));
                continue;
            }
        };
        let bytes = Throughput::Bytes(src.len() as u64);

        let mut group = c.benchmark_group("mir-parse");
        group.throughput(bytes.clone()).sampling_mode(SamplingMode::Flat);
        group.bench_function(&name, |b| b.iter(|| llrs::mir::parse(black_box(&src), &file_name).is_ok()));
        group.finish();

        let mut group = c.benchmark_group("mir-print");
        group.throughput(bytes.clone()).sampling_mode(SamplingMode::Flat);
        group.bench_function(&name, |b| b.iter(|| llrs::mir::print(black_box(&file)).len()));
        group.finish();

        let mut group = c.benchmark_group("mir-fmt");
        group.throughput(bytes).sampling_mode(SamplingMode::Flat);
        group.bench_function(&name, |b| {
            b.iter(|| llrs::cli::mir::format(black_box(src.as_bytes().to_vec()), &file_name, false).0.map(|t| t.len()))
        });
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).measurement_time(Duration::from_secs(20)).warm_up_time(Duration::from_secs(1));
    targets = bench_mir_programs
}
criterion_main!(benches);
