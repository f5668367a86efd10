//! The checks of casts, operators, comparisons, `select`, vector and aggregate operations and
//! `getelementptr`, against LLVM 22's messages. Cases LLVM's parser rejects are made by editing
//! a parsed module, as a pass building bad IR would.

use super::casts::bitcast_is_valid;
use super::vector::{shuffle_operands_valid, Mask};
use crate::ir::util::Types;
use llrs_ir::instructions::CmpPred;
use llrs_ir::{Const, InstData, InstExtra, Module, Opcode, Type, Value};

/// The module errors of `src`, after `edit`.
pub(crate) fn errors_after(src: &str, edit: impl FnOnce(&mut Module)) -> Vec<String> {
    let mut m = llrs_asm::parse_module(src.as_bytes(), "t.ll").expect("parses");
    edit(&mut m);
    crate::verify(&m).errors().map(|d| d.message.to_string()).collect()
}

/// The module errors of `src`.
pub(crate) fn errors(src: &str) -> Vec<String> {
    errors_after(src, |_| {})
}

/// The first module error of `src` after `edit` (empty when none).
pub(crate) fn first_after(src: &str, edit: impl FnOnce(&mut Module)) -> String {
    errors_after(src, edit).into_iter().next().unwrap_or_default()
}

/// The `n`-th instruction of the first defined function.
pub(crate) fn inst(m: &mut Module, n: usize) -> &mut InstData {
    let g = m.functions.iter().copied().find(|&g| m.globals[g].func.as_ref().is_some_and(|f| f.body.is_some()));
    let body = m.globals[g.expect("a definition")].func.as_mut().and_then(|f| f.body.as_mut()).expect("body");
    body.insts.values_mut().nth(n).expect("instruction")
}

const CASTS: &str = "define void @f(i32 %x, float %y, ptr %p, <2 x ptr> %v) {
  %a = trunc i32 %x to i8
  %b = zext i32 %x to i64
  %c = sext i32 %x to i64
  %d = fptrunc float %y to half
  %e = fpext float %y to double
  %g = uitofp i32 %x to float
  %h = sitofp i32 %x to float
  %i = fptoui float %y to i32
  %j = fptosi float %y to i32
  %k = ptrtoint ptr %p to i64
  %l = ptrtoaddr ptr %p to i64
  %m = inttoptr i32 %x to ptr
  %n = bitcast i32 %x to float
  %o = addrspacecast ptr %p to ptr addrspace(1)
  %q = bitcast ptr %p to <1 x ptr>
  %r = ptrtoint <2 x ptr> %v to <2 x i64>
  ret void
}
";

#[test]
fn valid_casts() {
    assert_eq!(errors(CASTS), Vec::<String>::new());
}

#[test]
fn casts_check_widths_and_kinds() {
    let to = |n: usize, op: Opcode, ty: fn(&mut Module) -> llrs_ir::TypeId| {
        first_after(CASTS, |m| {
            let t = ty(m);
            let i = inst(m, n);
            i.op = op;
            i.ty = t;
        })
    };
    assert_eq!(to(0, Opcode::Trunc, |m| m.ctx.int_ty(64)), "DestTy too big for Trunc");
    assert_eq!(to(1, Opcode::ZExt, |m| m.ctx.int_ty(8)), "Type too small for ZExt");
    assert_eq!(to(2, Opcode::SExt, |m| m.ctx.float_ty(llrs_ir::FloatKind::Double)), "SExt only produces an integer");
    assert_eq!(to(3, Opcode::FPTrunc, |m| m.ctx.float_ty(llrs_ir::FloatKind::Double)), "DestTy too big for FPTrunc");
    assert_eq!(to(4, Opcode::FPExt, |m| m.ctx.int_ty(64)), "FPExt only produces an FP");
    assert_eq!(to(5, Opcode::UIToFP, |m| m.ctx.int_ty(64)), "UIToFP result must be FP or FP vector");
    assert_eq!(
        to(7, Opcode::FPToUI, |m| m.ctx.float_ty(llrs_ir::FloatKind::Double)),
        "FPToUI result must be integer or integer vector"
    );
    assert_eq!(to(9, Opcode::PtrToInt, |m| m.ctx.ptr_ty(0)), "PtrToInt result must be integral");
    assert_eq!(to(11, Opcode::IntToPtr, |m| m.ctx.int_ty(64)), "IntToPtr result must be a pointer");
    assert_eq!(to(12, Opcode::BitCast, |m| m.ctx.int_ty(64)), "Invalid bitcast");
    assert_eq!(
        to(13, Opcode::AddrSpaceCast, |m| m.ctx.ptr_ty(0)),
        "AddrSpaceCast must be between different address spaces"
    );
    let vec3 = |m: &mut Module| {
        let e = m.ctx.int_ty(64);
        m.ctx.ty(Type::Vector { scalable: false, len: 3, elem: e })
    };
    assert_eq!(to(15, Opcode::PtrToInt, vec3), "PtrToInt Vector length mismatch");
    assert_eq!(to(0, Opcode::Trunc, vec3), "trunc source and destination must both be a vector or neither");
    assert_eq!(to(5, Opcode::SIToFP, vec3), "SIToFP source and dest must both be vector or scalar");
}

#[test]
fn ptrtoaddr_gives_the_address_width() {
    let src = "define i32 @f(ptr %p) {\n  %a = ptrtoaddr ptr %p to i32\n  ret i32 %a\n}\n";
    assert_eq!(errors(src), ["PtrToAddr result must be address width"]);
    let wide = "target datalayout = \"e-p:64:64-p1:128:128:128:64\"\n\
        define i64 @f(ptr addrspace(1) %p) {\n  %a = ptrtoaddr ptr addrspace(1) %p to i64\n  ret i64 %a\n}\n";
    assert_eq!(errors(wide), Vec::<String>::new());
}

#[test]
fn bitcast_rules() {
    let mut m = llrs_asm::parse_module(b"", "t.ll").expect("parses");
    let c = &mut m.ctx;
    let (i32t, i64t, f32t) = (c.int_ty(32), c.int_ty(64), c.float_ty(llrs_ir::FloatKind::Float));
    let (p0, p1) = (c.ptr_ty(0), c.ptr_ty(1));
    let v1p = c.ty(Type::Vector { scalable: false, len: 1, elem: p0 });
    let v2p = c.ty(Type::Vector { scalable: false, len: 2, elem: p0 });
    let v2i = c.ty(Type::Vector { scalable: false, len: 2, elem: i32t });
    let s2i = c.ty(Type::Vector { scalable: true, len: 2, elem: i32t });
    let t = Types(&m.ctx);
    assert!(bitcast_is_valid(&t, Some(i32t), Some(f32t)));
    assert!(bitcast_is_valid(&t, Some(v2i), Some(i64t)));
    assert!(!bitcast_is_valid(&t, Some(s2i), Some(i64t)));
    assert!(!bitcast_is_valid(&t, Some(i32t), Some(i64t)));
    assert!(!bitcast_is_valid(&t, Some(p0), Some(i64t)));
    assert!(!bitcast_is_valid(&t, Some(p0), Some(p1)));
    assert!(bitcast_is_valid(&t, Some(p0), Some(v1p)));
    assert!(!bitcast_is_valid(&t, Some(p0), Some(v2p)));
}

/// Constant bitcasts follow the same rule as instructions: `<1 x ptr>` to `ptr` and back is
/// valid (`llvm-as-22` takes `bitcast (<1 x ptr> <ptr @g> to ptr)`).
#[test]
fn constant_bitcasts_of_one_pointer_vectors() {
    let src = "@g = global i32 0\n@h = global ptr bitcast (<1 x ptr> <ptr @g> to ptr)\n@i = global <1 x ptr> bitcast (ptr @g to <1 x ptr>)\n";
    assert_eq!(errors(src), Vec::<String>::new());
}

const OPS: &str = "define void @f(i32 %x, float %y, <2 x i32> %v, { i32, [2 x i8] } %s, i1 %c) {
  %a = add i32 %x, %x
  %b = fneg float %y
  %d = icmp eq i32 %x, %x
  %e = fcmp oeq float %y, %y
  %g = select i1 %c, i32 %x, i32 %x
  %h = extractelement <2 x i32> %v, i64 0
  %i = insertelement <2 x i32> %v, i32 %x, i64 1
  %j = shufflevector <2 x i32> %v, <2 x i32> %v, <2 x i32> <i32 3, i32 poison>
  %k = extractvalue { i32, [2 x i8] } %s, 1, 1
  %l = insertvalue { i32, [2 x i8] } %s, i8 0, 1, 0
  %m = shl i32 %x, %x
  ret void
}
";

#[test]
fn valid_operators() {
    assert_eq!(errors(OPS), Vec::<String>::new());
}

#[test]
fn operators_check_types() {
    let i64_result = |n: usize| {
        first_after(OPS, |m| {
            let t = m.ctx.int_ty(64);
            inst(m, n).ty = t;
        })
    };
    assert_eq!(i64_result(0), "Integer arithmetic operators must have same type for operands and result!");
    assert_eq!(i64_result(1), "Unary operators must have same type foroperands and result!");
    assert_eq!(i64_result(4), "Select values must have same type as select instruction!");
    assert_eq!(i64_result(8), "Invalid ExtractValueInst operands!");
    assert_eq!(i64_result(10), "Shift return type must be same as operands!");
    let fadd = first_after(OPS, |m| inst(m, 0).op = Opcode::FAdd);
    assert_eq!(fadd, "Floating-point arithmetic operators only work with floating-point types!");
    let xor = first_after(OPS, |m| inst(m, 0).operands[1] = Value::Arg(1));
    assert_eq!(xor, "Both operands to a binary operator are not of the same type!");
    let pred = first_after(OPS, |m| inst(m, 2).extra = InstExtra::Cmp(CmpPred::FOeq));
    assert_eq!(pred, "Invalid predicate in ICmp instruction!");
    let pred = first_after(OPS, |m| inst(m, 3).extra = InstExtra::Cmp(CmpPred::Eq));
    assert_eq!(pred, "Invalid predicate in FCmp instruction!");
    let fcmp_int = first_after(OPS, |m| inst(m, 3).operands = [Value::Arg(0), Value::Arg(0)].into_iter().collect());
    assert_eq!(fcmp_int, "Invalid operand types for FCmp instruction");
    let cond = first_after(OPS, |m| inst(m, 4).operands[0] = Value::Arg(0));
    assert_eq!(cond, "Invalid operands for select instruction!");
    let ee = first_after(OPS, |m| inst(m, 5).operands[0] = Value::Arg(0));
    assert_eq!(ee, "Invalid extractelement operands!");
    let ie = first_after(OPS, |m| inst(m, 6).operands[1] = Value::Arg(1));
    assert_eq!(ie, "Invalid insertelement operands!");
    let iv = first_after(OPS, |m| inst(m, 9).extra = InstExtra::Indices([1, 2].into_iter().collect()));
    assert_eq!(iv, "Invalid InsertValueInst operands!");
    let sv = first_after(OPS, |m| {
        let i32t = m.ctx.int_ty(32);
        let vt = m.ctx.ty(Type::Vector { scalable: false, len: 2, elem: i32t });
        let four = m.ctx.const_int(i32t, 4);
        let mask = m.ctx.konst(Const::Splat(vt, four));
        inst(m, 7).extra = InstExtra::Shuffle(mask);
    });
    assert_eq!(sv, "Invalid shufflevector operands!");
}

#[test]
fn scalable_shuffles_splat_one_element() {
    let mut m = llrs_asm::parse_module(b"", "t.ll").expect("parses");
    let i32t = m.ctx.int_ty(32);
    let sv = m.ctx.ty(Type::Vector { scalable: true, len: 4, elem: i32t });
    let t = Types(&m.ctx);
    assert!(shuffle_operands_valid(&t, Some(sv), Some(sv), &Mask::Uniform(0, 4)));
    assert!(shuffle_operands_valid(&t, Some(sv), Some(sv), &Mask::Uniform(-1, 4)));
    assert!(!shuffle_operands_valid(&t, Some(sv), Some(sv), &Mask::Uniform(1, 4)));
    assert!(!shuffle_operands_valid(&t, Some(sv), Some(sv), &Mask::List(vec![0, -1, 0, 0])));
    assert!(!shuffle_operands_valid(&t, Some(sv), Some(i32t), &Mask::Uniform(0, 4)));
}

const GEPS: &str = "%S = type { i32, [4 x i8] }
define void @f(ptr %p, <2 x ptr> %v, i64 %n) {
  %a = getelementptr %S, ptr %p, i64 %n, i32 1, i64 %n
  %b = getelementptr %S, <2 x ptr> %v, <2 x i64> zeroinitializer, <2 x i32> <i32 1, i32 1>
  %c = getelementptr inbounds { %S, %S }, ptr %p, i64 0, i32 1, i32 0
  ret void
}
";

#[test]
fn valid_geps() {
    assert_eq!(errors(GEPS), Vec::<String>::new());
}

#[test]
fn gep_indices_select_a_type() {
    let bad_field = first_after(GEPS, |m| {
        let i32t = m.ctx.int_ty(32);
        let two = m.ctx.const_int(i32t, 2);
        inst(m, 0).operands[2] = Value::Const(two);
    });
    assert_eq!(bad_field, "Invalid indices for GEP pointer type!");
    let variable_field = first_after(GEPS, |m| inst(m, 0).operands[2] = Value::Arg(2));
    assert_eq!(variable_field, "Invalid indices for GEP pointer type!");
    let not_int = first_after(GEPS, |m| inst(m, 0).operands[1] = Value::Arg(0));
    assert_eq!(not_int, "GEP indexes must be integers");
    let base = first_after(GEPS, |m| inst(m, 0).operands[0] = Value::Arg(2));
    assert_eq!(base, "GEP base pointer is not a vector or a vector of pointers");
    let result = first_after(GEPS, |m| {
        let t = m.ctx.int_ty(64);
        inst(m, 0).ty = t;
    });
    assert_eq!(result, "GEP is not of right type for indices!");
    let space = first_after(GEPS, |m| {
        let t = m.ctx.ptr_ty(3);
        inst(m, 0).ty = t;
    });
    assert_eq!(space, "GEP address space doesn't match type");
    let width = first_after(GEPS, |m| {
        let p = m.ctx.ptr_ty(0);
        let t = m.ctx.ty(Type::Vector { scalable: false, len: 4, elem: p });
        inst(m, 1).ty = t;
    });
    assert_eq!(width, "Vector GEP result width doesn't match operand's");
    let opaque = first_after(GEPS, |m| {
        let s = m.ctx.new_struct(None);
        let t = m.ctx.ty(Type::Named(s));
        inst(m, 0).extra = InstExtra::Gep(t);
    });
    assert_eq!(opaque, "GEP into unsized type!");
}
