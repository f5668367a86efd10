//! The checks of `alloca`, `load`, `store`, `fence`, `cmpxchg` and `atomicrmw`, against LLVM
//! 22's messages (checked with `llvm-as-22`). Cases LLVM's parser rejects are made by editing
//! a parsed module.

use crate::ir::ops::tests::{errors, first_after, inst};
use llrs_ir::instructions::Ordering;
use llrs_ir::{InstExtra, Type, Value};

fn first(src: &str) -> String {
    first_after(src, |_| {})
}

const MEM: &str = "%A = type { i32 }
%B = type { %A, %A, [2 x %A] }
define void @f(ptr %p, i32 %x) {
  %a = alloca %B, align 4
  %b = load atomic i32, ptr %p acquire, align 4
  store atomic i32 %x, ptr %p release, align 4
  fence syncscope(\"singlethread\") acq_rel
  %c = cmpxchg ptr %p, i32 0, i32 1 seq_cst seq_cst
  %d = atomicrmw add ptr %p, i32 1 monotonic
  %e = atomicrmw fadd ptr %p, <2 x half> zeroinitializer seq_cst
  %g = load atomic <2 x ptr>, ptr %p seq_cst, align 16
  %h = load i32, ptr %p, align 4294967296
  ret void
}
";

#[test]
fn valid_memory_instructions() {
    assert_eq!(errors(MEM), Vec::<String>::new());
}

#[test]
fn atomic_access_sizes() {
    let load = |ty: &str| {
        first(&format!("define void @f(ptr %p) {{\n  %a = load atomic {ty}, ptr %p seq_cst, align 8\n  ret void\n}}\n"))
    };
    assert_eq!(load("i24"), "atomic memory access' operand must have a power-of-two size");
    assert_eq!(load("<3 x i8>"), "atomic memory access' operand must have a power-of-two size");
    assert_eq!(load("i1"), "atomic memory access' size must be byte-sized");
    assert_eq!(load("x86_fp80"), "atomic memory access' operand must have a power-of-two size");
    assert_eq!(load("{ i32 }"), "atomic load operand must have integer, pointer, floating point, or vector type!");
    assert_eq!(load("x86_amx"), "atomic load operand must have integer, pointer, floating point, or vector type!");
    assert_eq!(load("<vscale x 2 x i32>"), "");
    let store =
        "define void @f(ptr %p) {\n  store atomic [2 x i32] zeroinitializer, ptr %p seq_cst, align 8\n  ret void\n}\n";
    assert_eq!(first(store), "atomic store operand must have integer, pointer, floating point, or vector type!");
    let cx = "define void @f(ptr %p) {\n  %a = cmpxchg ptr %p, i24 0, i24 1 seq_cst seq_cst\n  ret void\n}\n";
    assert_eq!(first(cx), "atomic memory access' operand must have a power-of-two size");
    let cx = "define void @f(ptr %p) {\n  %a = cmpxchg ptr %p, float 0.0, float 1.0 seq_cst seq_cst\n  ret void\n}\n";
    assert_eq!(first(cx), "cmpxchg operand must have integer or pointer type");
}

#[test]
fn orderings() {
    let order = |n: usize, o: Ordering| {
        first_after(MEM, |m| {
            if let InstExtra::Mem { atomic, .. } = &mut inst(m, n).extra {
                atomic.ordering = o;
            }
        })
    };
    assert_eq!(order(1, Ordering::Release), "Load cannot have Release ordering");
    assert_eq!(order(2, Ordering::AcqRel), "Store cannot have Acquire ordering");
    assert_eq!(
        order(3, Ordering::Monotonic),
        "fence instructions may only have acquire, release, acq_rel, or seq_cst ordering."
    );
    assert_eq!(order(5, Ordering::Unordered), "atomicrmw instructions cannot be unordered.");
    assert_eq!(order(1, Ordering::NotAtomic), "");
    let scoped = first_after(MEM, |m| {
        let s = m.ctx.sym("singlethread");
        if let InstExtra::Mem { atomic, .. } = &mut inst(m, 2).extra {
            atomic.ordering = Ordering::NotAtomic;
            atomic.scope = Some(s);
        }
    });
    assert_eq!(scoped, "Non-atomic store cannot have SynchronizationScope specified");
}

#[test]
fn atomicrmw_operand_types() {
    let op = |n: usize, rmw: u8| {
        first_after(MEM, |m| {
            if let InstExtra::Mem { rmw: r, .. } = &mut inst(m, n).extra {
                *r = rmw;
            }
        })
    };
    assert_eq!(op(5, 11), "atomicrmw fadd operand must have floating-point or fixed vector of floating-point type!");
    assert_eq!(op(6, 1), "atomicrmw add operand must have integer type!");
    assert_eq!(op(6, 0), "atomicrmw xchg operand must have integer or floating point type!");
    assert_eq!(op(6, 200), "atomicrmw <invalid operation> operand must have integer type!");
    assert_eq!(op(5, 200), "Invalid binary operation!");
}

#[test]
fn huge_alignments() {
    let big = first_after(MEM, |m| {
        if let InstExtra::Mem { align, .. } = &mut inst(m, 8).extra {
            *align = 1 << 33;
        }
    });
    assert_eq!(big, "huge alignment values are unsupported");
}

#[test]
fn load_and_store_operands() {
    let not_ptr = first_after(MEM, |m| inst(m, 1).operands[0] = Value::Arg(1));
    assert_eq!(not_ptr, "Load operand must be a pointer.");
    let not_ptr = first_after(MEM, |m| inst(m, 2).operands[1] = Value::Arg(1));
    assert_eq!(not_ptr, "Store operand must be a pointer.");
    let opaque = first_after(MEM, |m| {
        let s = m.ctx.new_struct(None);
        let t = m.ctx.ty(Type::Named(s));
        inst(m, 8).ty = t;
    });
    assert_eq!(opaque, "loading unsized types is not allowed");
}

#[test]
fn allocas() {
    let alloca = |ty: &str| first(&format!("define void @f() {{\n  %a = alloca {ty}, align 4\n  ret void\n}}\n"));
    assert_eq!(alloca("target(\"foo\")"), "Cannot allocate unsized type");
    assert_eq!(alloca("{ <vscale x 2 x i32>, i32 }"), "Cannot allocate unsized type");
    assert_eq!(alloca("{ <vscale x 2 x i32>, <vscale x 2 x i32> }"), "");
    assert_eq!(alloca("[2 x target(\"amdgcn.named.barrier\", 0)]"), "Alloca has illegal target extension type");
    assert_eq!(alloca("target(\"spirv.Image\")"), "");
    assert_eq!(alloca("swifterror i32"), "swifterror alloca must have pointer type");
    assert_eq!(alloca("swifterror ptr, i32 2"), "swifterror alloca must not be array allocation");
    assert_eq!(alloca("swifterror ptr, i64 1"), "");
    let amd = |triple: &str, space: &str| {
        first(&format!(
            "target triple = \"{triple}\"\ndefine void @f() {{\n  %a = alloca i32, align 4{space}\n  ret void\n}}\n"
        ))
    };
    assert_eq!(amd("amdgcn-amd-amdhsa", ""), "alloca on amdgpu must be in addrspace(5)");
    assert_eq!(amd("r600--", ""), "alloca on amdgpu must be in addrspace(5)");
    assert_eq!(amd("amdgcn-amd-amdhsa", ", addrspace(5)"), "");
    assert_eq!(amd("x86_64-unknown-linux-gnu", ""), "");
}
