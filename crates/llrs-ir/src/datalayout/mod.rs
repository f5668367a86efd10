//! The data layout of a target: LLVM's `DataLayout` (LLVM 22, `llvm/lib/IR/DataLayout.cpp`).
//!
//! A [`DataLayout`] is parsed from the string of `target datalayout = "..."` with
//! [`DataLayout::parse`], which reports LLVM's own message for a malformed string. It answers the
//! questions LLVM's `DataLayout` answers: endianness, pointer sizes and alignments per address
//! space, the size, store size, alloc size and ABI/preferred alignment of every sized type, the
//! layout of structs (field offsets, padding), native integer widths, mangling, and the special
//! address spaces (program, alloca, globals, non-integral).
//!
//! Sizes and offsets are in bytes unless the name says bits; alignments are in bytes and always a
//! power of two. Scalable vectors (and structs or arrays of them) have a size known only up to a
//! multiple of `vscale`: their [`TypeSize`] holds the known minimum and a `scalable` flag.
//!
//! ```
//! use llrs_ir::datalayout::DataLayout;
//! use llrs_ir::Context;
//!
//! let dl = DataLayout::parse("e-m:e-p:32:32-i64:64-n32").unwrap();
//! let mut ctx = Context::default();
//! let i8t = ctx.int_ty(8);
//! let i64t = ctx.int_ty(64);
//! let s = ctx.ty(llrs_ir::Type::Struct { packed: false, elems: [i8t, i64t].into_iter().collect() });
//! assert_eq!(dl.type_alloc_size(&ctx, s), 16);
//! assert_eq!(dl.struct_layout(&ctx, s).unwrap().offsets, vec![0, 8]);
//! assert_eq!(DataLayout::parse("i8:16").unwrap_err(), "i8 must be 8-bit aligned");
//! ```

mod parse;
#[cfg(test)]
mod tests;

use crate::context::Context;
use crate::types::{Type, TypeId};
use rustc_hash::FxHashMap;

/// Types nested deeper than this are treated as unsized rather than risking the stack.
const MAX_DEPTH: u32 = 512;

/// A size that is either fixed or a known minimum scaled at run time by `vscale`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct TypeSize {
    /// The size, or its known minimum when `scalable`.
    pub min: u64,
    /// The real size is `min * vscale`.
    pub scalable: bool,
}

impl TypeSize {
    /// A fixed size.
    pub const fn fixed(min: u64) -> Self {
        TypeSize { min, scalable: false }
    }
    /// A size of `min * vscale`.
    pub const fn scalable(min: u64) -> Self {
        TypeSize { min, scalable: true }
    }
    /// The fixed value, or `None` when scalable.
    pub fn fixed_value(self) -> Option<u64> {
        (!self.scalable).then_some(self.min)
    }
}

/// The alignments of integers, floats or vectors of one bit width (`i<size>:<abi>:<pref>`).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct PrimitiveSpec {
    /// The bit width this entry is for.
    pub bit_width: u32,
    /// ABI alignment in bytes.
    pub abi_align: u64,
    /// Preferred alignment in bytes.
    pub pref_align: u64,
}

/// The pointers of one address space (`p[<flags>]<n>[(<name>)]:<size>:<abi>:<pref>:<idx>`).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct PointerSpec {
    /// The address space.
    pub addr_space: u32,
    /// Size of the pointer representation in bits.
    pub bit_width: u32,
    /// ABI alignment in bytes.
    pub abi_align: u64,
    /// Preferred alignment in bytes.
    pub pref_align: u64,
    /// Width of GEP indices and of addresses in bits (at most `bit_width`).
    pub index_bit_width: u32,
    /// The representation may change at any time (flag `u`, or listed in `ni:`).
    pub unstable: bool,
    /// Pointers carry state stored outside their bits (flag `e`).
    pub external_state: bool,
    /// The symbolic name of the address space, empty when none.
    pub name: String,
}

/// How the alignment of function pointers relates to the alignment of functions (`F<type><abi>`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum FunctionPtrAlignType {
    /// `Fi`: independent of the functions' alignment.
    #[default]
    Independent,
    /// `Fn`: a multiple of the functions' alignment.
    MultipleOfFunctionAlign,
}

/// The symbol mangling mode (`m:<mode>`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum Mangling {
    /// No `m:` specification.
    #[default]
    None,
    /// `m:e`: ELF, private symbols start with `.L`.
    Elf,
    /// `m:o`: Mach-O, private symbols start with `L`, others with `_`.
    MachO,
    /// `m:w`: Windows COFF.
    WinCoff,
    /// `m:x`: Windows x86 COFF, with `_` prefixes and `@N` suffixes for fastcall/stdcall.
    WinCoffX86,
    /// `m:l`: GOFF, private symbols start with `L#`.
    Goff,
    /// `m:m`: MIPS, private symbols start with `$`.
    Mips,
    /// `m:a`: XCOFF, private symbols start with `L..`.
    XCoff,
}

/// The layout of a struct type's fields (LLVM's `StructLayout`).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct StructLayout {
    /// Size in bytes including tail padding (the known minimum when `scalable`).
    pub size: u64,
    /// The struct holds scalable vectors: `size` and the offsets scale with `vscale`.
    pub scalable: bool,
    /// The largest ABI alignment of the fields (1 for a packed struct). The struct's own ABI
    /// alignment also honours the aggregate specification `a:`; see [`DataLayout::abi_align`].
    pub align: u64,
    /// Byte offset of each field.
    pub offsets: Vec<u64>,
    /// Padding was inserted between fields or at the end.
    pub padded: bool,
}

impl StructLayout {
    /// The index of the field that holds byte `offset`; of several fields at one offset (zero-sized
    /// ones before a sized one), the last. `None` for offsets before the first field or when the
    /// layout is scalable.
    pub fn element_containing_offset(&self, offset: u64) -> Option<usize> {
        if self.scalable {
            return None;
        }
        let after = self.offsets.partition_point(|&o| o <= offset);
        after.checked_sub(1)
    }
}

/// The size and alignments of a sized type, as LLVM's `DataLayout` computes them.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct TypeLayout {
    /// `getTypeSizeInBits`: bits of the value (e.g. 80 for `x86_fp80`, 36 for `i36`).
    pub size_in_bits: u64,
    /// `getTypeStoreSize`: bytes a store may write (`size_in_bits` rounded up to bytes).
    pub store_size: u64,
    /// `getTypeAllocSize`: distance in bytes between consecutive objects in memory.
    pub alloc_size: u64,
    /// `getABITypeAlign`, in bytes.
    pub abi_align: u64,
    /// `getPrefTypeAlign`, in bytes.
    pub pref_align: u64,
    /// The sizes are known minimums, scaled at run time by `vscale`.
    pub scalable: bool,
}

/// A parsed data layout string with LLVM's defaults for everything it leaves out.
///
/// Equality is LLVM's: two layouts are equal when they describe the same target, whatever their
/// strings.
#[derive(Clone, Debug)]
pub struct DataLayout {
    repr: String,
    big_endian: bool,
    alloca_addr_space: u32,
    program_addr_space: u32,
    globals_addr_space: u32,
    stack_natural_align: Option<u64>,
    function_ptr_align: Option<u64>,
    function_ptr_align_type: FunctionPtrAlignType,
    mangling: Mangling,
    legal_int_widths: Vec<u8>,
    int_specs: Vec<PrimitiveSpec>,
    float_specs: Vec<PrimitiveSpec>,
    vector_specs: Vec<PrimitiveSpec>,
    pointer_specs: Vec<PointerSpec>,
    struct_abi_align: u64,
    struct_pref_align: u64,
}

fn prim(bit_width: u32, abi_align: u64, pref_align: u64) -> PrimitiveSpec {
    PrimitiveSpec { bit_width, abi_align, pref_align }
}

impl Default for DataLayout {
    /// LLVM 22's defaults: little-endian, 64-bit pointers aligned to 8, `i8:8`, `i16:16`, `i32:32`,
    /// `i64:32:64` (no `i1` entry: `i1` takes the alignment of `i8`), `f16`..`f128` naturally
    /// aligned, `v64:64` and `v128:128`, aggregates `a:0:64`, no native integers.
    fn default() -> Self {
        DataLayout {
            repr: String::new(),
            big_endian: false,
            alloca_addr_space: 0,
            program_addr_space: 0,
            globals_addr_space: 0,
            stack_natural_align: None,
            function_ptr_align: None,
            function_ptr_align_type: FunctionPtrAlignType::Independent,
            mangling: Mangling::None,
            legal_int_widths: Vec::new(),
            int_specs: vec![prim(8, 1, 1), prim(16, 2, 2), prim(32, 4, 4), prim(64, 4, 8)],
            float_specs: vec![prim(16, 2, 2), prim(32, 4, 4), prim(64, 8, 8), prim(128, 16, 16)],
            vector_specs: vec![prim(64, 8, 8), prim(128, 16, 16)],
            pointer_specs: vec![PointerSpec {
                addr_space: 0,
                bit_width: 64,
                abi_align: 8,
                pref_align: 8,
                index_bit_width: 64,
                unstable: false,
                external_state: false,
                name: String::new(),
            }],
            struct_abi_align: 1,
            struct_pref_align: 8,
        }
    }
}

impl PartialEq for DataLayout {
    fn eq(&self, o: &Self) -> bool {
        self.big_endian == o.big_endian
            && self.alloca_addr_space == o.alloca_addr_space
            && self.program_addr_space == o.program_addr_space
            && self.globals_addr_space == o.globals_addr_space
            && self.stack_natural_align == o.stack_natural_align
            && self.function_ptr_align == o.function_ptr_align
            && self.function_ptr_align_type == o.function_ptr_align_type
            && self.mangling == o.mangling
            && self.legal_int_widths == o.legal_int_widths
            && self.int_specs == o.int_specs
            && self.float_specs == o.float_specs
            && self.vector_specs == o.vector_specs
            && self.pointer_specs == o.pointer_specs
            && self.struct_abi_align == o.struct_abi_align
            && self.struct_pref_align == o.struct_pref_align
    }
}

impl Eq for DataLayout {}

/// `x` rounded up to a multiple of the power of two `align`, or the largest multiple that fits.
fn align_to(x: u64, align: u64) -> u64 {
    let a = align.max(1);
    x.checked_next_multiple_of(a).unwrap_or(u64::MAX - u64::MAX % a)
}

/// The smallest power of two ≥ `x`, at least 1.
fn power_of_2_ceil(x: u64) -> u64 {
    x.checked_next_power_of_two().unwrap_or(1 << 63).max(1)
}

/// Size and alignments of one type while walking a type tree.
#[derive(Copy, Clone, Debug)]
struct Info {
    /// Size in bits.
    bits: u64,
    /// Store size in bytes (kept apart from `bits` so that huge sizes saturate sensibly).
    bytes: u64,
    scalable: bool,
    abi: u64,
    pref: u64,
}

impl Info {
    /// A type of `bits` bits whose store size is `bits` rounded up to bytes.
    fn scalar(bits: u64, scalable: bool, abi: u64, pref: u64) -> Info {
        Info { bits, bytes: bits.div_ceil(8), scalable, abi, pref }
    }
    /// An aggregate of `bytes` bytes.
    fn aggregate(bytes: u64, scalable: bool, abi: u64, pref: u64) -> Info {
        Info { bits: bytes.saturating_mul(8), bytes, scalable, abi, pref }
    }
    fn alloc(&self) -> u64 {
        align_to(self.bytes, self.abi)
    }
    fn layout(&self) -> TypeLayout {
        TypeLayout {
            size_in_bits: self.bits,
            store_size: self.bytes,
            alloc_size: self.alloc(),
            abi_align: self.abi,
            pref_align: self.pref,
            scalable: self.scalable,
        }
    }
}

/// The structure of `ty`, or `None` for an id this context never made.
fn type_of(ctx: &Context, ty: TypeId) -> Option<&Type> {
    ((ty.0 as usize) < ctx.num_types()).then(|| ctx.type_of(ty))
}

/// Packedness and element types of a literal or identified struct with a body.
fn struct_body(ctx: &Context, ty: TypeId) -> Option<(bool, &[TypeId])> {
    match type_of(ctx, ty)? {
        Type::Struct { packed, elems } => Some((*packed, elems)),
        Type::Named(s) => {
            let body = ctx.structs.get(*s)?.body.as_ref()?;
            Some((body.packed, &body.elems))
        }
        _ => None,
    }
}

/// The in-memory layout LLVM gives a target extension type (`getTargetTypeInfo`).
enum TargetLayout {
    /// `ptr`
    Ptr,
    /// `iN`
    Int(u32),
    /// `[N x iM]`
    IntArray(u64, u32),
    /// `<N x iM>` or `<vscale x N x iM>`
    IntVector(bool, u64, u32),
}

/// `TargetExtType::hasProperty(HasZeroInit)` (LLVM 22's `getTargetTypeInfo`): whether a target
/// type takes `zeroinitializer`.
pub fn target_ext_has_zero_init(name: &[u8]) -> bool {
    match name {
        b"spirv.Image"
        | b"spirv.SignedImage"
        | b"spirv.Type"
        | b"spirv.IntegralConstant"
        | b"spirv.Literal"
        | b"spirv.Padding" => false,
        b"aarch64.svcount" | b"riscv.vector.tuple" => true,
        _ => name.starts_with(b"spirv."),
    }
}

fn target_layout(ctx: &Context, name: &[u8], types: &[TypeId], ints: &[u32]) -> Option<TargetLayout> {
    match name {
        b"spirv.Type" => {
            let (size, align) = (u64::from(*ints.get(1)?), *ints.get(2)?);
            if size > 0 && align > 0 {
                Some(TargetLayout::IntArray(size * 8 / u64::from(align), align))
            } else {
                Some(TargetLayout::Int(32))
            }
        }
        b"spirv.IntegralConstant" | b"spirv.Literal" => None,
        _ if name.starts_with(b"spirv.") || name.starts_with(b"dx.") => Some(TargetLayout::Ptr),
        b"aarch64.svcount" => Some(TargetLayout::IntVector(true, 16, 1)),
        b"riscv.vector.tuple" => {
            let Some(Type::Vector { scalable: true, len, .. }) = type_of(ctx, *types.first()?) else {
                return None;
            };
            let total = u64::from((*len).max(8)) * u64::from(*ints.first()?);
            Some(TargetLayout::IntVector(true, total, 8))
        }
        b"amdgcn.named.barrier" => Some(TargetLayout::IntVector(false, 4, 32)),
        b"llvm.test.vectorelement" => Some(TargetLayout::Int(32)),
        _ => None,
    }
}

/// One query's walk over a type tree, with the layouts of the structs met so far.
struct Walker<'a> {
    dl: &'a DataLayout,
    ctx: &'a Context,
    memo: FxHashMap<TypeId, Option<Info>>,
    depth: u32,
}

impl<'a> Walker<'a> {
    fn new(dl: &'a DataLayout, ctx: &'a Context) -> Self {
        Walker { dl, ctx, memo: FxHashMap::default(), depth: 0 }
    }

    fn int(&self, bits: u32) -> Info {
        Info::scalar(u64::from(bits), false, self.dl.int_align(bits, true), self.dl.int_align(bits, false))
    }

    fn ptr(&self, addr_space: u32) -> Info {
        let spec = self.dl.pointer_spec(addr_space);
        Info::scalar(u64::from(spec.bit_width), false, spec.abi_align, spec.pref_align)
    }

    fn array(&self, len: u64, elem: Info) -> Info {
        Info::aggregate(len.saturating_mul(elem.alloc()), elem.scalable, elem.abi, elem.pref)
    }

    fn vector(&self, scalable: bool, len: u64, elem: Info) -> Info {
        let bits = len.saturating_mul(elem.bits);
        let (abi, pref) = match self.dl.vector_specs.iter().find(|s| u64::from(s.bit_width) == bits) {
            Some(s) => (s.abi_align, s.pref_align),
            None => {
                // Natural alignment: the store size rounded up to a power of two.
                let a = power_of_2_ceil(bits.div_ceil(8));
                (a, a)
            }
        };
        Info::scalar(bits, scalable, abi, pref)
    }

    fn info(&mut self, ty: TypeId) -> Option<Info> {
        if self.depth >= MAX_DEPTH {
            return None;
        }
        self.depth += 1;
        let r = self.info_inner(ty);
        self.depth -= 1;
        r
    }

    fn info_inner(&mut self, ty: TypeId) -> Option<Info> {
        let ctx = self.ctx;
        Some(match type_of(ctx, ty)? {
            Type::Int(bits) => self.int(*bits),
            Type::Float(k) => {
                let bits = k.bits();
                let (abi, pref) = match self.dl.float_specs.iter().find(|s| s.bit_width == bits) {
                    Some(s) => (s.abi_align, s.pref_align),
                    None => {
                        let a = power_of_2_ceil(u64::from(bits / 8));
                        (a, a)
                    }
                };
                Info::scalar(u64::from(bits), false, abi, pref)
            }
            Type::Ptr(addr_space) => self.ptr(*addr_space),
            // Not sized, but LLVM's DataLayout lays labels out as pointers of address space 0.
            Type::Label => self.ptr(0),
            Type::X86Amx => Info::scalar(8192, false, 64, 64),
            Type::Array(len, elem) => {
                let e = self.info(*elem)?;
                self.array(*len, e)
            }
            Type::Vector { scalable, len, elem } => {
                let e = self.info(*elem)?;
                self.vector(*scalable, u64::from(*len), e)
            }
            Type::Struct { .. } | Type::Named(_) => {
                if let Some(r) = self.memo.get(&ty) {
                    return *r;
                }
                // A struct met again while being laid out is recursive: not sized.
                self.memo.insert(ty, None);
                let r = self.struct_info(ty);
                self.memo.insert(ty, r);
                return r;
            }
            Type::TargetExt { name, types, ints } => match target_layout(ctx, ctx.name(*name), types, ints)? {
                TargetLayout::Ptr => self.ptr(0),
                TargetLayout::Int(bits) => self.int(bits),
                TargetLayout::IntArray(len, bits) => self.array(len, self.int(bits)),
                TargetLayout::IntVector(scalable, len, bits) => self.vector(scalable, len, self.int(bits)),
            },
            Type::Void | Type::Metadata | Type::Token | Type::Function { .. } => return None,
        })
    }

    fn struct_info(&mut self, ty: TypeId) -> Option<Info> {
        let (packed, _) = struct_body(self.ctx, ty)?;
        let sl = self.struct_layout(ty)?;
        let abi = if packed { 1 } else { self.dl.struct_abi_align.max(sl.align) };
        let pref = self.dl.struct_pref_align.max(sl.align);
        Some(Info::aggregate(sl.size, sl.scalable, abi, pref))
    }

    /// LLVM's `StructLayout` constructor.
    fn struct_layout(&mut self, ty: TypeId) -> Option<StructLayout> {
        let (packed, elems) = struct_body(self.ctx, ty)?;
        let mut sl = StructLayout {
            size: 0,
            scalable: false,
            align: 1,
            offsets: Vec::with_capacity(elems.len()),
            padded: false,
        };
        for (i, &elem) in elems.iter().enumerate() {
            if i == 0 && self.dl.is_scalable_rec(self.ctx, elem, &mut Vec::new(), 0) {
                sl.scalable = true;
            }
            let e = self.info(elem)?;
            let align = if packed { 1 } else { e.abi };
            if !sl.scalable && !sl.size.is_multiple_of(align) {
                sl.padded = true;
                sl.size = align_to(sl.size, align);
            }
            sl.align = sl.align.max(align);
            sl.offsets.push(sl.size);
            sl.size = sl.size.saturating_add(e.alloc());
        }
        if !sl.scalable && !sl.size.is_multiple_of(sl.align) {
            sl.padded = true;
            sl.size = align_to(sl.size, sl.align);
        }
        Some(sl)
    }
}

impl DataLayout {
    /// Parses a data layout string over LLVM's defaults; a malformed string gives LLVM's message
    /// (`"i8 must be 8-bit aligned"`, `"unknown specifier 'x'"`, ...). The one difference: where
    /// LLVM quotes the first byte of a non-ASCII specifier, this quotes the whole character.
    pub fn parse(s: &str) -> Result<DataLayout, String> {
        let mut dl = DataLayout::default();
        parse::parse_layout_string(&mut dl, s)?;
        Ok(dl)
    }

    /// The string this layout was parsed from (empty for the default layout).
    pub fn string_representation(&self) -> &str {
        &self.repr
    }

    /// True when made from an empty string.
    pub fn is_default(&self) -> bool {
        self.repr.is_empty()
    }

    /// Big-endian (`E`).
    pub fn is_big_endian(&self) -> bool {
        self.big_endian
    }

    /// Little-endian (`e`, the default).
    pub fn is_little_endian(&self) -> bool {
        !self.big_endian
    }

    /// The address space of `alloca`s (`A<n>`, default 0).
    pub fn alloca_addr_space(&self) -> u32 {
        self.alloca_addr_space
    }

    /// The address space of functions (`P<n>`, default 0).
    pub fn program_addr_space(&self) -> u32 {
        self.program_addr_space
    }

    /// The default address space of global variables (`G<n>`, default 0).
    pub fn default_globals_addr_space(&self) -> u32 {
        self.globals_addr_space
    }

    /// The natural stack alignment in bytes (`S<bits>`), if given.
    pub fn stack_alignment(&self) -> Option<u64> {
        self.stack_natural_align
    }

    /// The alignment of function pointers in bytes (`F<type><bits>`), if given.
    pub fn function_ptr_align(&self) -> Option<u64> {
        self.function_ptr_align
    }

    /// How function pointer alignment relates to function alignment.
    pub fn function_ptr_align_type(&self) -> FunctionPtrAlignType {
        self.function_ptr_align_type
    }

    /// The mangling mode (`m:`).
    pub fn mangling(&self) -> Mangling {
        self.mangling
    }

    /// The prefix of every global symbol: `_` for Mach-O and Windows x86, else none.
    pub fn global_prefix(&self) -> Option<char> {
        matches!(self.mangling, Mangling::MachO | Mangling::WinCoffX86).then_some('_')
    }

    /// The prefix of private symbols (`.L`, `L`, `L#`, `$`, `L..`, or empty).
    pub fn private_global_prefix(&self) -> &'static str {
        match self.mangling {
            Mangling::None => "",
            Mangling::Elf | Mangling::WinCoff => ".L",
            Mangling::Goff => "L#",
            Mangling::Mips => "$",
            Mangling::MachO | Mangling::WinCoffX86 => "L",
            Mangling::XCoff => "L..",
        }
    }

    /// The prefix of linker-private symbols: `l` for Mach-O, else empty.
    pub fn linker_private_global_prefix(&self) -> &'static str {
        if self.mangling == Mangling::MachO {
            "l"
        } else {
            ""
        }
    }

    /// Windows x86 mangling: `_f@8` for stdcall, `@f@8` for fastcall.
    pub fn has_microsoft_fast_std_call_mangling(&self) -> bool {
        self.mangling == Mangling::WinCoffX86
    }

    /// Symbols starting with `?` are left unmangled (Windows modes).
    pub fn do_not_mangle_leading_question_mark(&self) -> bool {
        matches!(self.mangling, Mangling::WinCoff | Mangling::WinCoffX86)
    }

    /// The native integer widths (`n<w>:<w>...`) in order. As in LLVM, each is kept in 8 bits, so
    /// widths of 256 and more wrap.
    pub fn legal_int_widths(&self) -> &[u8] {
        &self.legal_int_widths
    }

    /// `width` is a native integer width.
    pub fn is_legal_integer(&self, width: u64) -> bool {
        self.legal_int_widths.iter().any(|&w| u64::from(w) == width)
    }

    /// Some native integer is at least `width` bits wide.
    pub fn fits_in_legal_integer(&self, width: u32) -> bool {
        self.legal_int_widths.iter().any(|&w| width <= u32::from(w))
    }

    /// The first native width (in the order given) of at least `width` bits.
    pub fn smallest_legal_int_width(&self, width: u32) -> Option<u32> {
        self.legal_int_widths.iter().map(|&w| u32::from(w)).find(|&w| width <= w)
    }

    /// The widest native integer, 0 when there is none.
    pub fn largest_legal_int_width(&self) -> u32 {
        self.legal_int_widths.iter().map(|&w| u32::from(w)).max().unwrap_or(0)
    }

    /// Integer alignment entries, sorted by width.
    pub fn int_specs(&self) -> &[PrimitiveSpec] {
        &self.int_specs
    }

    /// Floating-point alignment entries, sorted by width.
    pub fn float_specs(&self) -> &[PrimitiveSpec] {
        &self.float_specs
    }

    /// Vector alignment entries, sorted by width.
    pub fn vector_specs(&self) -> &[PrimitiveSpec] {
        &self.vector_specs
    }

    /// Pointer entries, sorted by address space; address space 0 is always first.
    pub fn pointer_specs(&self) -> &[PointerSpec] {
        &self.pointer_specs
    }

    /// The ABI alignment of aggregates in bytes (`a:<abi>`, default 1).
    pub fn aggregate_abi_align(&self) -> u64 {
        self.struct_abi_align
    }

    /// The preferred alignment of aggregates in bytes (`a:<abi>:<pref>`, default 8).
    pub fn aggregate_pref_align(&self) -> u64 {
        self.struct_pref_align
    }

    /// The pointer entry of `addr_space`, or address space 0's when it has none.
    pub fn pointer_spec(&self, addr_space: u32) -> &PointerSpec {
        if addr_space != 0 {
            if let Ok(i) = self.pointer_specs.binary_search_by_key(&addr_space, |s| s.addr_space) {
                return &self.pointer_specs[i];
            }
        }
        &self.pointer_specs[0]
    }

    fn set_pointer_spec(&mut self, spec: PointerSpec) {
        match self.pointer_specs.binary_search_by_key(&spec.addr_space, |s| s.addr_space) {
            Ok(i) => self.pointer_specs[i] = spec,
            Err(i) => self.pointer_specs.insert(i, spec),
        }
    }

    /// The name given to `addr_space` in its pointer entry, empty when none.
    pub fn address_space_name(&self, addr_space: u32) -> &str {
        match self.pointer_specs.binary_search_by_key(&addr_space, |s| s.addr_space) {
            Ok(i) => &self.pointer_specs[i].name,
            Err(_) => "",
        }
    }

    /// The address space named `name` in a pointer entry.
    pub fn named_address_space(&self, name: &str) -> Option<u32> {
        self.pointer_specs.iter().find(|s| s.name == name).map(|s| s.addr_space)
    }

    /// Pointer size in bits.
    pub fn pointer_size_in_bits(&self, addr_space: u32) -> u32 {
        self.pointer_spec(addr_space).bit_width
    }

    /// Pointer size in bytes (rounded up).
    pub fn pointer_size(&self, addr_space: u32) -> u32 {
        self.pointer_spec(addr_space).bit_width.div_ceil(8)
    }

    /// ABI alignment of pointers in bytes.
    pub fn pointer_abi_align(&self, addr_space: u32) -> u64 {
        self.pointer_spec(addr_space).abi_align
    }

    /// Preferred alignment of pointers in bytes.
    pub fn pointer_pref_align(&self, addr_space: u32) -> u64 {
        self.pointer_spec(addr_space).pref_align
    }

    /// Width of GEP indices (and addresses) in bits.
    pub fn index_size_in_bits(&self, addr_space: u32) -> u32 {
        self.pointer_spec(addr_space).index_bit_width
    }

    /// Width of GEP indices in bytes (rounded up).
    pub fn index_size(&self, addr_space: u32) -> u32 {
        self.pointer_spec(addr_space).index_bit_width.div_ceil(8)
    }

    /// The widest index of any address space, in bits.
    pub fn max_index_size_in_bits(&self) -> u32 {
        self.pointer_specs.iter().map(|s| s.index_bit_width).max().unwrap_or(0)
    }

    /// Pointers of `addr_space` are not plain integers: index narrower than the pointer,
    /// unstable representation, or external state.
    pub fn is_non_integral_address_space(&self, addr_space: u32) -> bool {
        let s = self.pointer_spec(addr_space);
        s.bit_width != s.index_bit_width || s.unstable || s.external_state
    }

    /// The representation of pointers of `addr_space` may change (`u` flag or `ni:`).
    pub fn has_unstable_representation(&self, addr_space: u32) -> bool {
        self.pointer_spec(addr_space).unstable
    }

    /// Pointers of `addr_space` carry state outside their bits (`e` flag).
    pub fn has_external_state(&self, addr_space: u32) -> bool {
        self.pointer_spec(addr_space).external_state
    }

    /// Passes must not create `inttoptr` into `addr_space`.
    pub fn must_not_introduce_int_to_ptr(&self, addr_space: u32) -> bool {
        self.has_unstable_representation(addr_space) || self.has_external_state(addr_space)
    }

    /// Passes must not create `ptrtoint` from `addr_space`.
    pub fn must_not_introduce_ptr_to_int(&self, addr_space: u32) -> bool {
        self.has_unstable_representation(addr_space)
    }

    /// The address spaces with unstable, external-state or non-integral pointers.
    pub fn non_standard_address_spaces(&self) -> Vec<u32> {
        self.pointer_specs
            .iter()
            .filter(|s| s.unstable || s.external_state || s.bit_width != s.index_bit_width)
            .map(|s| s.addr_space)
            .collect()
    }

    /// The alignment of `iN` in bytes: its entry, else the next wider entry's, else the widest's.
    fn int_align(&self, bits: u32, abi: bool) -> u64 {
        let i = self.int_specs.partition_point(|s| s.bit_width < bits);
        let s = self.int_specs.get(i).or(self.int_specs.last());
        s.map_or(1, |s| if abi { s.abi_align } else { s.pref_align })
    }

    /// ABI alignment of an integer of `bits` bits, in bytes.
    pub fn int_abi_align(&self, bits: u32) -> u64 {
        self.int_align(bits, true)
    }

    /// Preferred alignment of an integer of `bits` bits, in bytes.
    pub fn int_pref_align(&self, bits: u32) -> u64 {
        self.int_align(bits, false)
    }

    // ---- types ----

    /// Size, store size, alloc size and alignments of `ty`; `None` when the data layout cannot lay
    /// it out (void, functions, metadata, tokens, opaque or recursive structs, target types without
    /// a layout, types nested more than 512 deep).
    ///
    /// Like LLVM's `DataLayout`, this also lays out some types that `is_sized` rejects (labels,
    /// structs mixing scalable vectors with other fields).
    pub fn type_layout(&self, ctx: &Context, ty: TypeId) -> Option<TypeLayout> {
        Walker::new(self, ctx).info(ty).map(|i| i.layout())
    }

    /// `getTypeSizeInBits` (0 for types without a layout).
    pub fn type_size_in_bits(&self, ctx: &Context, ty: TypeId) -> TypeSize {
        self.type_layout(ctx, ty)
            .map_or_else(TypeSize::default, |l| TypeSize { min: l.size_in_bits, scalable: l.scalable })
    }

    /// `getTypeStoreSize` in bytes (0 for types without a layout).
    pub fn type_store_size(&self, ctx: &Context, ty: TypeId) -> TypeSize {
        self.type_layout(ctx, ty)
            .map_or_else(TypeSize::default, |l| TypeSize { min: l.store_size, scalable: l.scalable })
    }

    /// `getTypeAllocSize` in bytes with its scalable flag (0 for types without a layout).
    pub fn type_alloc_size_full(&self, ctx: &Context, ty: TypeId) -> TypeSize {
        self.type_layout(ctx, ty)
            .map_or_else(TypeSize::default, |l| TypeSize { min: l.alloc_size, scalable: l.scalable })
    }

    /// `getTypeAllocSize` in bytes: the store size rounded up to the ABI alignment; the known
    /// minimum for scalable types (see [`DataLayout::type_alloc_size_full`]); 0 for types without a
    /// layout.
    pub fn type_alloc_size(&self, ctx: &Context, ty: TypeId) -> u64 {
        self.type_layout(ctx, ty).map_or(0, |l| l.alloc_size)
    }

    /// `getABITypeAlign` in bytes (1 for types without a layout).
    pub fn abi_align(&self, ctx: &Context, ty: TypeId) -> u64 {
        self.type_layout(ctx, ty).map_or(1, |l| l.abi_align)
    }

    /// `getPrefTypeAlign` in bytes (1 for types without a layout).
    pub fn pref_align(&self, ctx: &Context, ty: TypeId) -> u64 {
        self.type_layout(ctx, ty).map_or(1, |l| l.pref_align)
    }

    /// The alignment LLVM's parser gives `load` and `store` of `ty` without `align`: the ABI
    /// alignment.
    pub fn default_load_align(&self, ctx: &Context, ty: TypeId) -> u64 {
        self.abi_align(ctx, ty)
    }

    /// The alignment LLVM's parser gives `alloca ty` without `align`: the preferred alignment.
    pub fn default_alloca_align(&self, ctx: &Context, ty: TypeId) -> u64 {
        self.pref_align(ctx, ty)
    }

    /// The alignment LLVM's parser gives `cmpxchg` and `atomicrmw` on `ty` without `align`: the
    /// store size.
    pub fn default_atomic_align(&self, ctx: &Context, ty: TypeId) -> u64 {
        self.type_layout(ctx, ty).map_or(1, |l| l.store_size.max(1))
    }

    /// The field layout of a struct type (literal or identified with a body); `None` for other
    /// types and for structs that cannot be laid out.
    pub fn struct_layout(&self, ctx: &Context, ty: TypeId) -> Option<StructLayout> {
        let mut w = Walker::new(self, ctx);
        w.memo.insert(ty, None);
        w.struct_layout(ty)
    }

    /// The size in bits of a pointer or vector of pointers' elements; `None` for other types.
    pub fn pointer_type_size_in_bits(&self, ctx: &Context, ty: TypeId) -> Option<u32> {
        Some(self.pointer_size_in_bits(pointer_addr_space(ctx, ty)?))
    }

    /// The GEP index width in bits for a pointer or vector of pointers; `None` for other types.
    pub fn index_type_size_in_bits(&self, ctx: &Context, ty: TypeId) -> Option<u32> {
        Some(self.index_size_in_bits(pointer_addr_space(ctx, ty)?))
    }

    /// `getIndexedOffsetInType`: the byte offset a `getelementptr ty, ptr %p, indices...` adds to
    /// `%p`, with LLVM's wrapping 64-bit arithmetic. `None` when an index does not select a field
    /// (struct index out of range, indexing into a scalar) or a type cannot be laid out.
    pub fn indexed_offset(&self, ctx: &Context, ty: TypeId, indices: &[i64]) -> Option<i64> {
        let Some((&first, rest)) = indices.split_first() else {
            return Some(0);
        };
        let mut w = Walker::new(self, ctx);
        let mut result = first.wrapping_mul(w.info(ty)?.alloc() as i64);
        let mut cur = ty;
        for &idx in rest {
            match type_of(ctx, cur)? {
                Type::Struct { .. } | Type::Named(_) => {
                    let (_, elems) = struct_body(ctx, cur)?;
                    let field = usize::try_from(idx).ok().filter(|&f| f < elems.len())?;
                    let sl = w.struct_layout(cur)?;
                    result = result.wrapping_add(sl.offsets[field] as i64);
                    cur = elems[field];
                }
                Type::Array(_, elem) | Type::Vector { elem, .. } => {
                    let stride = w.info(*elem)?.alloc();
                    result = result.wrapping_add(idx.wrapping_mul(stride as i64));
                    cur = *elem;
                }
                _ => return None,
            }
        }
        Some(result)
    }

    /// `getPreferredAlign` of a global variable of type `ty`: its explicit alignment when it has
    /// one and a section; else the preferred alignment of the type, raised to an explicit
    /// alignment (or lowered to it, but not under the ABI alignment), and 16 for an initialized
    /// global of more than 128 bits without explicit alignment.
    pub fn preferred_global_align(
        &self,
        ctx: &Context,
        ty: TypeId,
        explicit: Option<u64>,
        has_section: bool,
        has_initializer: bool,
    ) -> u64 {
        if let (Some(a), true) = (explicit, has_section) {
            return a;
        }
        let mut align = self.pref_align(ctx, ty);
        if let Some(a) = explicit {
            align = if a >= align { a } else { a.max(self.abi_align(ctx, ty)) };
        }
        if has_initializer && explicit.is_none() && align < 16 && self.type_size_in_bits(ctx, ty).min > 128 {
            align = 16;
        }
        align
    }

    /// LLVM's `Type::isSized`: integers, floats, pointers, `x86_amx`, and arrays, vectors and
    /// structs of sized types (structs that hold scalable vectors only when all their fields are
    /// the same scalable vector type), target types with a sized layout.
    pub fn is_sized(&self, ctx: &Context, ty: TypeId) -> bool {
        self.is_sized_rec(ctx, ty, &mut Vec::new(), &mut Vec::new(), 0)
    }

    /// `visited` holds the structs entered (LLVM's `Visited` set: a struct met again is not
    /// sized), `sized` those found sized (LLVM caches that on the struct, so a struct used
    /// twice is checked once).
    fn is_sized_rec(
        &self,
        ctx: &Context,
        ty: TypeId,
        visited: &mut Vec<TypeId>,
        sized: &mut Vec<TypeId>,
        depth: u32,
    ) -> bool {
        if depth >= MAX_DEPTH {
            return false;
        }
        match type_of(ctx, ty) {
            Some(Type::Int(_) | Type::Float(_) | Type::Ptr(_) | Type::X86Amx) => true,
            Some(Type::Array(_, elem) | Type::Vector { elem, .. }) => {
                self.is_sized_rec(ctx, *elem, visited, sized, depth + 1)
            }
            Some(Type::TargetExt { name, types, ints }) => target_layout(ctx, ctx.name(*name), types, ints).is_some(),
            Some(Type::Struct { .. } | Type::Named(_)) => {
                if sized.contains(&ty) {
                    return true;
                }
                let Some((_, elems)) = struct_body(ctx, ty) else {
                    return false;
                };
                if visited.contains(&ty) {
                    return false;
                }
                visited.push(ty);
                let homogeneous_scalable =
                    matches!(elems.first().and_then(|&e| type_of(ctx, e)), Some(Type::Vector { scalable: true, .. }))
                        && elems.iter().all(|&e| e == elems[0]);
                let ok = homogeneous_scalable
                    || elems.iter().all(|&e| {
                        !self.is_scalable_rec(ctx, e, &mut Vec::new(), depth + 1)
                            && self.is_sized_rec(ctx, e, visited, sized, depth + 1)
                    });
                if ok {
                    sized.push(ty);
                }
                ok
            }
            _ => false,
        }
    }

    /// LLVM's `Type::isScalableTy`: a scalable vector, a target type laid out as one, or an array
    /// or struct holding one.
    pub fn is_scalable(&self, ctx: &Context, ty: TypeId) -> bool {
        self.is_scalable_rec(ctx, ty, &mut Vec::new(), 0)
    }

    fn is_scalable_rec(&self, ctx: &Context, ty: TypeId, visited: &mut Vec<TypeId>, depth: u32) -> bool {
        if depth >= MAX_DEPTH {
            return false;
        }
        match type_of(ctx, ty) {
            Some(Type::Vector { scalable, .. }) => *scalable,
            Some(Type::Array(_, elem)) => self.is_scalable_rec(ctx, *elem, visited, depth + 1),
            Some(Type::TargetExt { name, types, ints }) => {
                matches!(target_layout(ctx, ctx.name(*name), types, ints), Some(TargetLayout::IntVector(true, ..)))
            }
            Some(Type::Struct { .. } | Type::Named(_)) => {
                let Some((_, elems)) = struct_body(ctx, ty) else {
                    return false;
                };
                if visited.contains(&ty) {
                    return false;
                }
                visited.push(ty);
                elems.iter().any(|&e| self.is_scalable_rec(ctx, e, visited, depth + 1))
            }
            _ => false,
        }
    }
}

/// The address space of a pointer or of a vector of pointers' elements.
fn pointer_addr_space(ctx: &Context, ty: TypeId) -> Option<u32> {
    match type_of(ctx, ty)? {
        Type::Ptr(a) => Some(*a),
        Type::Vector { elem, .. } => match type_of(ctx, *elem)? {
            Type::Ptr(a) => Some(*a),
            _ => None,
        },
        _ => None,
    }
}
