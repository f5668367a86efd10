//! The cast visitors (`visitTruncInst` ... `visitAddrSpaceCastInst`) and
//! `CastInst::castIsValid` for `bitcast`.

use super::{element_count, has, is_vector, primitive_size};
use crate::ir::util::Types;
use crate::ir::FnCtx;
use crate::report::Subject;
use crate::walk::{Step, Verifier};
use llrs_ir::{InstId, Opcode, TypeId};

/// The messages of a cast that changes the width of integers or floats, in LLVM's order.
struct Resize {
    /// The source is not of the kind.
    src: &'static str,
    /// The result is not of the kind.
    dst: &'static str,
    /// One is a vector and the other not.
    shape: &'static str,
    /// The widths go the wrong way.
    width: &'static str,
    /// Floating point (else integer).
    fp: bool,
    /// The result must be narrower (else wider).
    narrows: bool,
}

const TRUNC: Resize = Resize {
    src: "Trunc only operates on integer",
    dst: "Trunc only produces integer",
    shape: "trunc source and destination must both be a vector or neither",
    width: "DestTy too big for Trunc",
    fp: false,
    narrows: true,
};
const ZEXT: Resize = Resize {
    src: "ZExt only operates on integer",
    dst: "ZExt only produces an integer",
    shape: "zext source and destination must both be a vector or neither",
    width: "Type too small for ZExt",
    fp: false,
    narrows: false,
};
const SEXT: Resize = Resize {
    src: "SExt only operates on integer",
    dst: "SExt only produces an integer",
    shape: "sext source and destination must both be a vector or neither",
    width: "Type too small for SExt",
    fp: false,
    narrows: false,
};
const FPTRUNC: Resize = Resize {
    src: "FPTrunc only operates on FP",
    dst: "FPTrunc only produces an FP",
    shape: "fptrunc source and destination must both be a vector or neither",
    width: "DestTy too big for FPTrunc",
    fp: true,
    narrows: true,
};
const FPEXT: Resize = Resize {
    src: "FPExt only operates on FP",
    dst: "FPExt only produces an FP",
    shape: "fpext source and destination must both be a vector or neither",
    width: "DestTy too small for FPExt",
    fp: true,
    narrows: false,
};

/// The messages of a conversion between integers and floats, in LLVM's order.
struct Convert {
    /// One is a vector and the other not.
    shape: &'static str,
    /// The source is not of the kind.
    src: &'static str,
    /// The result is not of the kind.
    dst: &'static str,
    /// The vectors differ in length.
    len: &'static str,
    /// From integers to floats (else from floats to integers).
    to_fp: bool,
}

const UITOFP: Convert = Convert {
    shape: "UIToFP source and dest must both be vector or scalar",
    src: "UIToFP source must be integer or integer vector",
    dst: "UIToFP result must be FP or FP vector",
    len: "UIToFP source and dest vector length mismatch",
    to_fp: true,
};
const SITOFP: Convert = Convert {
    shape: "SIToFP source and dest must both be vector or scalar",
    src: "SIToFP source must be integer or integer vector",
    dst: "SIToFP result must be FP or FP vector",
    len: "SIToFP source and dest vector length mismatch",
    to_fp: true,
};
const FPTOUI: Convert = Convert {
    shape: "FPToUI source and dest must both be vector or scalar",
    src: "FPToUI source must be FP or FP vector",
    dst: "FPToUI result must be integer or integer vector",
    len: "FPToUI source and dest vector length mismatch",
    to_fp: false,
};
const FPTOSI: Convert = Convert {
    shape: "FPToSI source and dest must both be vector or scalar",
    src: "FPToSI source must be FP or FP vector",
    dst: "FPToSI result must be integer or integer vector",
    len: "FPToSI source and dest vector length mismatch",
    to_fp: false,
};

impl Verifier<'_> {
    /// `visit*Inst` of every cast opcode.
    pub fn visit_cast(&mut self, f: &FnCtx<'_>, i: InstId) -> Step {
        let inst = f.inst(i);
        let src = self.operand_ty(f, i, 0);
        let dst = Some(inst.ty);
        let s = [Subject::Inst(f.g, i)];
        match inst.op {
            Opcode::Trunc => self.check_resize(&TRUNC, src, dst, &s)?,
            Opcode::ZExt => self.check_resize(&ZEXT, src, dst, &s)?,
            Opcode::SExt => self.check_resize(&SEXT, src, dst, &s)?,
            Opcode::FPTrunc => self.check_resize(&FPTRUNC, src, dst, &s)?,
            Opcode::FPExt => self.check_resize(&FPEXT, src, dst, &s)?,
            Opcode::UIToFP => self.check_convert(&UITOFP, src, dst, &s)?,
            Opcode::SIToFP => self.check_convert(&SITOFP, src, dst, &s)?,
            Opcode::FPToUI => self.check_convert(&FPTOUI, src, dst, &s)?,
            Opcode::FPToSI => self.check_convert(&FPTOSI, src, dst, &s)?,
            Opcode::PtrToInt => self.check_ptr_to_int(src, dst, &s)?,
            Opcode::PtrToAddr => self.check_ptr_to_addr(src, dst, &s)?,
            Opcode::IntToPtr => self.check_int_to_ptr(src, dst, &s)?,
            Opcode::BitCast => {
                let ok = bitcast_is_valid(&self.types(), src, dst);
                self.check_module(ok, "Invalid bitcast", &s)?
            }
            Opcode::AddrSpaceCast => self.check_addrspace_cast(src, dst, &s)?,
            _ => {}
        }
        self.visit_instruction(f, i)
    }

    /// `visitTruncInst`, `visitZExtInst`, `visitSExtInst`, `visitFPTruncInst`, `visitFPExtInst`.
    fn check_resize(&mut self, r: &Resize, src: Option<TypeId>, dst: Option<TypeId>, s: &[Subject]) -> Step {
        let ty = self.types();
        let kind =
            |t: Option<TypeId>| has(t, |t| if r.fp { ty.is_fp_or_fp_vector(t) } else { ty.is_int_or_int_vector(t) });
        let bits = |t: Option<TypeId>| t.map_or(0, |t| ty.scalar_bits(t));
        let (sb, db) = (bits(src), bits(dst));
        self.check_module(kind(src), r.src, s)?;
        self.check_module(kind(dst), r.dst, s)?;
        self.check_module(is_vector(&ty, src) == is_vector(&ty, dst), r.shape, s)?;
        let ok = if r.narrows { sb > db } else { sb < db };
        self.check_module(ok, r.width, s)
    }

    /// `visitUIToFPInst`, `visitSIToFPInst`, `visitFPToUIInst`, `visitFPToSIInst`.
    fn check_convert(&mut self, c: &Convert, src: Option<TypeId>, dst: Option<TypeId>, s: &[Subject]) -> Step {
        let ty = self.types();
        let int = |t: Option<TypeId>| has(t, |t| ty.is_int_or_int_vector(t));
        let fp = |t: Option<TypeId>| has(t, |t| ty.is_fp_or_fp_vector(t));
        let (src_vec, dst_vec) = (is_vector(&ty, src), is_vector(&ty, dst));
        self.check_module(src_vec == dst_vec, c.shape, s)?;
        self.check_module(if c.to_fp { int(src) } else { fp(src) }, c.src, s)?;
        self.check_module(if c.to_fp { fp(dst) } else { int(dst) }, c.dst, s)?;
        if src_vec && dst_vec {
            self.check_module(element_count(&ty, src) == element_count(&ty, dst), c.len, s)?;
        }
        Some(())
    }

    /// `visitPtrToIntInst`.
    fn check_ptr_to_int(&mut self, src: Option<TypeId>, dst: Option<TypeId>, s: &[Subject]) -> Step {
        let ty = self.types();
        self.check_module(has(src, |t| ty.is_ptr_or_ptr_vector(t)), "PtrToInt source must be pointer", s)?;
        self.check_module(has(dst, |t| ty.is_int_or_int_vector(t)), "PtrToInt result must be integral", s)?;
        self.check_module(is_vector(&ty, src) == is_vector(&ty, dst), "PtrToInt type mismatch", s)?;
        if is_vector(&ty, src) {
            let same = element_count(&ty, src) == element_count(&ty, dst);
            self.check_module(same, "PtrToInt Vector length mismatch", s)?;
        }
        Some(())
    }

    /// `visitPtrToAddrInst` (`checkPtrToAddr`): as `ptrtoint`, and the result must be the
    /// address type of the pointer (`DataLayout::getAddressType`: an integer of the address
    /// width of its address space, a vector of them for a vector of pointers).
    fn check_ptr_to_addr(&mut self, src: Option<TypeId>, dst: Option<TypeId>, s: &[Subject]) -> Step {
        let ty = self.types();
        self.check_module(has(src, |t| ty.is_ptr_or_ptr_vector(t)), "PtrToAddr source must be pointer", s)?;
        self.check_module(has(dst, |t| ty.is_int_or_int_vector(t)), "PtrToAddr result must be integral", s)?;
        self.check_module(is_vector(&ty, src) == is_vector(&ty, dst), "PtrToAddr type mismatch", s)?;
        if is_vector(&ty, src) {
            let same = element_count(&ty, src) == element_count(&ty, dst);
            self.check_module(same, "PtrToAddr vector length mismatch", s)?;
        }
        let width = src.and_then(|t| ty.ptr_addrspace(t)).map(|a| self.data_layout().index_size_in_bits(a));
        let ok = width.is_some() && width == dst.and_then(|t| ty.int_bits(ty.scalar(t)));
        self.check_module(ok, "PtrToAddr result must be address width", s)
    }

    /// `visitIntToPtrInst`.
    fn check_int_to_ptr(&mut self, src: Option<TypeId>, dst: Option<TypeId>, s: &[Subject]) -> Step {
        let ty = self.types();
        self.check_module(has(src, |t| ty.is_int_or_int_vector(t)), "IntToPtr source must be an integral", s)?;
        self.check_module(has(dst, |t| ty.is_ptr_or_ptr_vector(t)), "IntToPtr result must be a pointer", s)?;
        self.check_module(is_vector(&ty, src) == is_vector(&ty, dst), "IntToPtr type mismatch", s)?;
        if is_vector(&ty, src) {
            let same = element_count(&ty, src) == element_count(&ty, dst);
            self.check_module(same, "IntToPtr Vector length mismatch", s)?;
        }
        Some(())
    }

    /// `visitAddrSpaceCastInst`.
    fn check_addrspace_cast(&mut self, src: Option<TypeId>, dst: Option<TypeId>, s: &[Subject]) -> Step {
        let ty = self.types();
        let ptr = |t: Option<TypeId>| has(t, |t| ty.is_ptr_or_ptr_vector(t));
        self.check_module(ptr(src), "AddrSpaceCast source must be a pointer", s)?;
        self.check_module(ptr(dst), "AddrSpaceCast result must be a pointer", s)?;
        let space = |t: Option<TypeId>| t.and_then(|t| ty.ptr_addrspace(t));
        self.check_module(space(src) != space(dst), "AddrSpaceCast must be between different address spaces", s)?;
        if is_vector(&ty, src) {
            let same = element_count(&ty, src) == element_count(&ty, dst);
            self.check_module(same, "AddrSpaceCast vector pointer number of elements mismatch", s)?;
        }
        Some(())
    }
}

/// `CastInst::castIsValid(BitCast, SrcTy, DstTy)`: first-class, non-aggregate types of the
/// same primitive size, or pointers (and vectors of pointers, `<1 x ptr>` for `ptr`) of one
/// address space.
pub(crate) fn bitcast_is_valid(ty: &Types<'_>, src: Option<TypeId>, dst: Option<TypeId>) -> bool {
    let plain = |t: Option<TypeId>| t.is_none_or(|t| ty.is_first_class(t) && !ty.is_aggregate(t));
    if !plain(src) || !plain(dst) {
        return false;
    }
    let space = |t: Option<TypeId>| t.and_then(|t| ty.ptr_addrspace(t));
    let (sp, dp) = (space(src), space(dst));
    match (sp, dp) {
        (None, None) => primitive_size(ty, src) == primitive_size(ty, dst),
        (Some(a), Some(b)) if a == b => match (element_count(ty, src), element_count(ty, dst)) {
            (Some(s), Some(d)) => s == d,
            (Some(ec), None) | (None, Some(ec)) => ec == (false, 1),
            (None, None) => true,
        },
        _ => false,
    }
}
