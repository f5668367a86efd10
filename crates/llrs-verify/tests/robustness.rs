//! The verifier never panics, whatever the module: modules read from text are damaged the way
//! a careless program using the library could damage them (operands swapped for values of other
//! types or other kinds, operands dropped, result types changed, blocks emptied, terminators
//! removed), then verified and their reports printed. Inputs: a few modules written here, and
//! every 7th verifier case of the corpus when it is unpacked (`target/corpus`).

use llrs_ir::{Module, Value};
use std::path::Path;

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

const MODULES: &[&str] = &[
    "define i32 @f(i32 %a, ptr %p) personality ptr null {\nentry:\n  %x = add i32 %a, 1\n  %y = load i32, ptr %p\n  store i32 %x, ptr %p\n  %c = icmp eq i32 %x, %y\n  br i1 %c, label %t, label %e\nt:\n  %r = invoke i32 @g(i32 %x) to label %e unwind label %lp\nlp:\n  %l = landingpad { ptr, i32 } cleanup\n  resume { ptr, i32 } %l\ne:\n  %z = phi i32 [ %x, %entry ], [ %r, %t ]\n  switch i32 %z, label %d [ i32 0, label %d ]\nd:\n  ret i32 %z\n}\ndeclare i32 @g(i32)\n",
    "declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)\n@g = global [2 x i32] zeroinitializer\ndefine void @h(ptr %a) {\n  call void @llvm.memcpy.p0.p0.i64(ptr %a, ptr @g, i64 8, i1 false), !tbaa !0\n  %v = extractvalue { i32, i32 } zeroinitializer, 1\n  %w = insertelement <4 x i32> zeroinitializer, i32 %v, i32 0\n  %s = shufflevector <4 x i32> %w, <4 x i32> poison, <4 x i32> zeroinitializer\n  %q = getelementptr inbounds [2 x i32], ptr @g, i64 0, i64 1\n  %x = atomicrmw add ptr %q, i32 1 seq_cst\n  %y = cmpxchg ptr %q, i32 0, i32 1 acquire monotonic\n  fence release\n  ret void\n}\n!0 = !{!1, !1, i64 0}\n!1 = !{!\"int\", !2}\n!2 = !{!\"root\"}\n",
];

/// Damages `m` at random, `rounds` times.
fn damage(m: &mut Module, rng: &mut Rng, rounds: usize) {
    let funcs: Vec<_> = m.functions.clone();
    if funcs.is_empty() {
        return;
    }
    for _ in 0..rounds {
        if rng.below(6) == 0 {
            // A global: another global's type, or a function without its data.
            let n = m.globals.len();
            let (a, b) = (llrs_ir::GlobalId(rng.below(n) as u32), llrs_ir::GlobalId(rng.below(n) as u32));
            if rng.below(2) == 0 {
                let ty = m.globals[b].value_ty;
                m.globals[a].value_ty = ty;
            } else if m.globals[a].func.as_ref().is_some_and(|f| f.body.is_none()) {
                m.globals[a].func = None;
            }
            continue;
        }
        let g = funcs[rng.below(funcs.len())];
        let Some(fd) = m.globals[g].func.as_deref_mut() else { continue };
        let Some(body) = fd.body.as_mut() else { continue };
        let n = body.insts.len();
        if n == 0 {
            continue;
        }
        let i = llrs_ir::InstId(rng.below(n) as u32);
        let other = llrs_ir::InstId(rng.below(n) as u32);
        let nblocks = body.blocks.len();
        match rng.below(8) {
            0 => {
                let data = &mut body.insts[i];
                if !data.operands.is_empty() {
                    let k = rng.below(data.operands.len());
                    data.operands[k] = Value::Inst(other);
                }
            }
            1 => {
                let data = &mut body.insts[i];
                if !data.operands.is_empty() {
                    let k = rng.below(data.operands.len());
                    data.operands[k] = match rng.below(3) {
                        0 => Value::Arg(rng.below(4) as u32),
                        1 => Value::Block(llrs_ir::BlockId(rng.below(nblocks.max(1)) as u32)),
                        _ => Value::Md(llrs_ir::Md::Null),
                    };
                }
            }
            2 => {
                let data = &mut body.insts[i];
                let keep = rng.below(data.operands.len() + 1);
                data.operands.truncate(keep);
            }
            3 => {
                let ty = body.insts[other].ty;
                body.insts[i].ty = ty;
            }
            4 => {
                if nblocks > 0 {
                    let b = llrs_ir::BlockId(rng.below(nblocks) as u32);
                    body.blocks[b].insts.pop();
                }
            }
            5 => {
                let data = &mut body.insts[i];
                data.extra = llrs_ir::InstExtra::None;
            }
            6 => {
                let data = &mut body.insts[i];
                data.operands.push(Value::Inst(other));
            }
            _ => {
                let op = body.insts[other].op;
                body.insts[i].op = op;
            }
        }
        body.invalidate_uses();
    }
}

fn check(src: &[u8], name: &str, seed: u64) {
    let mut rng = Rng(seed | 1);
    for round in 0..6 {
        let Ok(mut copy) = llrs_asm::parse_module(src, name) else { return };
        damage(&mut copy, &mut rng, 1 + round);
        let report = llrs_verify::verify(&copy);
        let _ = report.render(&copy, name);
    }
}

#[test]
fn damaged_modules_never_panic() {
    for (k, src) in MODULES.iter().enumerate() {
        for seed in 0..200u64 {
            check(src.as_bytes(), "t.ll", seed * 7919 + k as u64);
        }
    }
}

#[test]
fn damaged_corpus_modules_never_panic() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/corpus/verify-mutants");
    let Ok(kinds) = std::fs::read_dir(&dir) else {
        println!("note: no corpus at {}: only the built-in modules were damaged", dir.display());
        return;
    };
    let mut files: Vec<_> = kinds
        .flatten()
        .flat_map(|k| std::fs::read_dir(k.path()).into_iter().flatten().flatten())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ll"))
        .collect();
    files.sort();
    for (k, path) in files.iter().enumerate().filter(|(k, _)| k % 7 == 0) {
        let Ok(src) = std::fs::read(path) else { continue };
        check(&src, "t.ll", k as u64 + 1);
    }
}
