//! Throughput of the bitcode reader on real programs: for every
//! `target/corpus/programs/NAME.ll.bc` (what `llvm-as-22` writes for sqlite3 by clang and the
//! rust crates by rustc), `bcread/NAME` (bitcode → module, with LLVM's upgrades) and `bcfmt/NAME`
//! (`llrs fmt NAME.ll.bc`'s work: read, verify, print), on the rayon pool; reported in bytes of
//! bitcode per second. Run with `cargo bench -p llrs --bench bitcode` (add a name to run only
//! some, e.g. `-- bcread/sqlite3`). The corpus comes from `../shared/tools/corpus target/corpus`.

mod common;

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};

fn programs() -> Vec<(String, PathBuf)> {
    common::corpus_files("programs", ".ll.bc", false)
}

/// `llrs fmt`'s work on a bitcode file: read, verify, print; the length of the output.
fn fmt(bytes: &[u8], file_name: &str) -> usize {
    llrs::bitcode::read_named(bytes, file_name).map_or(0, |m| common::verify_and_print(&m))
}

fn bench_bitcode(c: &mut Criterion) {
    for (name, path) in programs() {
        let Some((bytes, file_name)) = common::load(&name, &path) else { continue };
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
    config = common::config();
    targets = bench_bitcode
}
criterion_main!(benches);
