//! Throughput of the bitcode reader on real programs: for every
//! `target/corpus/programs/NAME.ll.bc` (what `llvm-as-22` writes for sqlite3 by clang and the
//! rust crates by rustc), `bcread/NAME` (bitcode → module, with LLVM's upgrades) and `bcfmt/NAME`
//! (`llrs fmt NAME.ll.bc`'s work: read, verify, print), on the rayon pool; reported in bytes of
//! bitcode per second. Run with `cargo bench -p llrs --bench bitcode` (add a name to run only
//! some, e.g. `-- bcread/sqlite3`). The corpus comes from `../shared/tools/corpus target/corpus`.

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
            let stem = name.strip_suffix(".ll.bc")?.to_string();
            Some((stem, entry.path()))
        })
        .collect();
    files.sort();
    files
}

/// `llrs fmt`'s work on a bitcode file: read, verify, print; the length of the output.
fn fmt(bytes: &[u8], file_name: &str) -> usize {
    let Ok(m) = llrs::bitcode::read_named(bytes, file_name) else { return 0 };
    if llrs::verify::verify(&m).is_broken() {
        return 0;
    }
    llrs::asm::print_module(&m).len()
}

fn bench_bitcode(c: &mut Criterion) {
    for (name, path) in programs() {
        let bytes = match std::fs::read(&path) {
            Ok(bytes) => bytes,
            Err(err) => {
                println!("note: skipping {name}: could not read {}: {err}", path.display());
                continue;
            }
        };
        let file_name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        if let Err(err) = llrs::bitcode::read_named(&bytes, &file_name) {
            println!("note: skipping {name}: it does not read: {err}");
            continue;
        }
        let size = Throughput::Bytes(bytes.len() as u64);

        let mut group = c.benchmark_group("bcread");
        group.throughput(size.clone()).sampling_mode(SamplingMode::Flat);
        group.bench_function(&name, |b| b.iter(|| llrs::bitcode::read_named(black_box(&bytes), &file_name)));
        group.finish();

        let mut group = c.benchmark_group("bcfmt");
        group.throughput(size).sampling_mode(SamplingMode::Flat);
        group.bench_function(&name, |b| b.iter(|| fmt(black_box(&bytes), &file_name)));
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = bench_bitcode
}
criterion_main!(benches);
