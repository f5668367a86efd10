//! The type table (`TYPE_BLOCK_ID_NEW`, `BitcodeReader::parseTypeTableBody`): each record
//! defines the next type id; named structs may be referred to before their record (a
//! placeholder is made, as `getTypeByID` does, and filled when the record comes).
//!
//! The entry count the block announces (`NUMENTRY`) bounds the ids but sizes nothing: the table
//! grows a record at a time.

use llrs_ir::types::{FloatKind, StructBody, Type, TypeId};
use llrs_ir::Context;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use crate::bitstream::stream_error;
use crate::bitstream::{Cursor, Entry};
use crate::codes::*;
use crate::Error;

/// LLVM's limit on integer widths (`IntegerType::MAX_INT_BITS`).
const MAX_INT_BITS: u64 = 1 << 23;

/// The types of a module's type table, by id.
#[derive(Clone, Debug, Default)]
pub struct TypeTable {
    /// The types defined so far, in id order.
    defined: Vec<TypeId>,
    /// Named structs referred to before their record: their placeholders, by id.
    forward: FxHashMap<u64, TypeId>,
    /// The number of entries the block announced.
    declared: u64,
}

impl TypeTable {
    /// The type with id `id` (`getTypeByID`): a defined one, or, for an id still to come, a
    /// placeholder identified struct (the only types that may be referred to early).
    pub fn get(&mut self, ctx: &mut Context, id: u64) -> Option<TypeId> {
        if id >= self.declared {
            return None;
        }
        if let Some(&t) = usize::try_from(id).ok().and_then(|i| self.defined.get(i)) {
            return Some(t);
        }
        let t = *self.forward.entry(id).or_insert_with(|| {
            let s = ctx.new_struct(None);
            ctx.structs[s].ty.expect("a struct has its type")
        });
        Some(t)
    }

    /// The number of entries the block announced (`NUMENTRY`).
    pub fn declared(&self) -> u64 {
        self.declared
    }

    /// The number of types defined.
    pub fn len(&self) -> usize {
        self.defined.len()
    }

    /// True when no type is defined.
    pub fn is_empty(&self) -> bool {
        self.defined.is_empty()
    }
}

/// Reads the type table whose block was just entered, into `ctx`.
pub fn read_type_table(cur: &mut Cursor<'_>, ctx: &mut Context) -> Result<TypeTable, Error> {
    let mut table = TypeTable::default();
    let mut name: Vec<u8> = Vec::new();
    loop {
        let abbrev = match cur.advance().map_err(stream_error)? {
            Entry::EndBlock => {
                if table.defined.len() as u64 != table.declared {
                    return Err(Error::new("Malformed block"));
                }
                return Ok(table);
            }
            Entry::SubBlock(_) => {
                // `advanceSkippingSubblocks`.
                cur.skip_block().map_err(stream_error)?;
                continue;
            }
            Entry::Record(a) => a,
        };
        let rec = cur.read_record_ops(abbrev).map_err(stream_error)?;
        let r = &rec.ops;
        let simple = |t: Type, ctx: &mut Context| ctx.ty(t);
        let next = table.defined.len() as u64;
        let ty = match rec.code {
            TYPE_CODE_NUMENTRY => {
                let Some(&n) = r.first() else { return Err(Error::new("Invalid numentry record")) };
                table.declared = n;
                continue;
            }
            TYPE_CODE_VOID => simple(Type::Void, ctx),
            TYPE_CODE_HALF => ctx.float_ty(FloatKind::Half),
            TYPE_CODE_BFLOAT => ctx.float_ty(FloatKind::BFloat),
            TYPE_CODE_FLOAT => ctx.float_ty(FloatKind::Float),
            TYPE_CODE_DOUBLE => ctx.float_ty(FloatKind::Double),
            TYPE_CODE_X86_FP80 => ctx.float_ty(FloatKind::X86Fp80),
            TYPE_CODE_FP128 => ctx.float_ty(FloatKind::Fp128),
            TYPE_CODE_PPC_FP128 => ctx.float_ty(FloatKind::PpcFp128),
            TYPE_CODE_LABEL => simple(Type::Label, ctx),
            TYPE_CODE_METADATA => simple(Type::Metadata, ctx),
            // Deprecated: read as `<1 x i64>`.
            TYPE_CODE_X86_MMX => {
                let i64t = ctx.int_ty(64);
                ctx.ty(Type::Vector { scalable: false, len: 1, elem: i64t })
            }
            TYPE_CODE_X86_AMX => simple(Type::X86Amx, ctx),
            TYPE_CODE_TOKEN => simple(Type::Token, ctx),
            TYPE_CODE_INTEGER => {
                let Some(&bits) = r.first() else { return Err(Error::new("Invalid integer record")) };
                if !(1..=MAX_INT_BITS).contains(&bits) {
                    return Err(Error::new("Bitwidth for integer type out of range"));
                }
                ctx.int_ty(bits as u32)
            }
            TYPE_CODE_POINTER => {
                let Some(&pointee) = r.first() else { return Err(Error::new("Invalid pointer record")) };
                let space = if r.len() == 2 { r[1] as u32 } else { 0 };
                let valid = table.get(ctx, pointee).is_some_and(|t| {
                    !matches!(ctx.type_of(t), Type::Void | Type::Label | Type::Metadata | Type::Token | Type::X86Amx)
                });
                if !valid {
                    return Err(Error::new("Invalid type"));
                }
                ctx.ptr_ty(space)
            }
            TYPE_CODE_OPAQUE_POINTER => {
                if r.len() != 1 {
                    return Err(Error::new("Invalid opaque pointer record"));
                }
                ctx.ptr_ty(r[0] as u32)
            }
            TYPE_CODE_FUNCTION_OLD | TYPE_CODE_FUNCTION => {
                // FUNCTION_OLD: [vararg, attrid, retty, paramty x N]; FUNCTION: [vararg, retty, ...]
                let first = if rec.code == TYPE_CODE_FUNCTION_OLD { 2 } else { 1 };
                if r.len() < first + 1 {
                    return Err(Error::new("Invalid function record"));
                }
                let mut params: SmallVec<[TypeId; 4]> = SmallVec::new();
                for &p in &r[first + 1..] {
                    let Some(t) = table.get(ctx, p) else { break };
                    if rec.code == TYPE_CODE_FUNCTION && !valid_argument(ctx, t) {
                        return Err(Error::new("Invalid function argument type"));
                    }
                    params.push(t);
                }
                let ret = table.get(ctx, r[first]);
                let Some(ret) = ret.filter(|_| params.len() == r.len() - first - 1) else {
                    return Err(Error::new("Invalid type"));
                };
                ctx.ty(Type::Function { ret, params, vararg: r[0] != 0 })
            }
            TYPE_CODE_STRUCT_ANON => {
                let Some(&packed) = r.first() else { return Err(Error::new("Invalid anon struct record")) };
                let elems = element_types(&mut table, ctx, &r[1..]).ok_or_else(|| Error::new("Invalid type"))?;
                ctx.ty(Type::Struct { packed: packed != 0, elems: elems.into_iter().collect() })
            }
            TYPE_CODE_STRUCT_NAME => {
                name = r.iter().map(|&c| c as u8).collect();
                continue;
            }
            TYPE_CODE_STRUCT_NAMED | TYPE_CODE_OPAQUE => {
                let opaque = rec.code == TYPE_CODE_OPAQUE;
                if (opaque && r.len() != 1) || r.is_empty() {
                    return Err(Error::new(if opaque {
                        "Invalid opaque type record"
                    } else {
                        "Invalid named struct record"
                    }));
                }
                if next >= table.declared {
                    return Err(Error::new("Invalid TYPE table"));
                }
                let t = identified_struct(&mut table, ctx, next, std::mem::take(&mut name));
                if !opaque {
                    let elems = element_types(&mut table, ctx, &r[1..])
                        .ok_or_else(|| Error::new("Invalid named struct record"))?;
                    let &Type::Named(s) = ctx.type_of(t) else { return Err(Error::new("Invalid type")) };
                    ctx.structs[s].body = Some(StructBody { packed: r[0] != 0, elems });
                }
                t
            }
            TYPE_CODE_TARGET_TYPE => {
                let Some(&n) = r.first() else { return Err(Error::new("Invalid target extension type record")) };
                if next >= table.declared {
                    return Err(Error::new("Invalid TYPE table"));
                }
                if n >= r.len() as u64 {
                    return Err(Error::new("Too many type parameters"));
                }
                let n = n as usize;
                let mut types: SmallVec<[TypeId; 2]> = SmallVec::new();
                for &p in &r[1..=n] {
                    types.push(table.get(ctx, p).ok_or_else(|| Error::new("Invalid type"))?);
                }
                let mut ints: SmallVec<[u32; 2]> = SmallVec::new();
                for &v in &r[n + 1..] {
                    ints.push(u32::try_from(v).map_err(|_| Error::new("Integer parameter too large"))?);
                }
                let name = ctx.sym_bytes(&std::mem::take(&mut name));
                ctx.ty(Type::TargetExt { name, types, ints })
            }
            TYPE_CODE_ARRAY => {
                if r.len() < 2 {
                    return Err(Error::new("Invalid array type record"));
                }
                let elem = table.get(ctx, r[1]).filter(|&t| valid_element(ctx, t));
                let Some(elem) = elem else { return Err(Error::new("Invalid type")) };
                ctx.ty(Type::Array(r[0], elem))
            }
            TYPE_CODE_VECTOR => {
                if r.len() < 2 {
                    return Err(Error::new("Invalid vector type record"));
                }
                if r[0] == 0 {
                    return Err(Error::new("Invalid vector length"));
                }
                let elem = table
                    .get(ctx, r[1])
                    .filter(|&t| matches!(ctx.type_of(t), Type::Int(_) | Type::Float(_) | Type::Ptr(_)));
                let Some(elem) = elem else { return Err(Error::new("Invalid type")) };
                let scalable = r.get(2).is_some_and(|&s| s != 0);
                ctx.ty(Type::Vector { scalable, len: r[0] as u32, elem })
            }
            _ => return Err(Error::new("Invalid value")),
        };
        if next >= table.declared {
            return Err(Error::new("Invalid TYPE table"));
        }
        // Only a named struct may have been referred to before its record (its record takes the
        // placeholder over; one that refers to itself makes a new one, as in LLVM).
        if table.forward.contains_key(&next) {
            return Err(Error::new("Invalid TYPE table: Only named structs can be forward referenced"));
        }
        table.defined.push(ty);
    }
}

/// The identified struct for id `id`: the placeholder made when it was referred to early, now
/// named, or a new one (`createIdentifiedStructType`).
fn identified_struct(table: &mut TypeTable, ctx: &mut Context, id: u64, name: Vec<u8>) -> TypeId {
    let name = (!name.is_empty()).then(|| ctx.sym_bytes(&name));
    let t = match table.forward.remove(&id) {
        Some(t) => t,
        None => {
            let s = ctx.new_struct(None);
            ctx.structs[s].ty.expect("a struct has its type")
        }
    };
    if let (&Type::Named(s), Some(n)) = (ctx.type_of(t), name) {
        // A name already taken (not in bitcode LLVM writes) leaves the struct numbered.
        ctx.set_struct_name(s, n);
    }
    t
}

/// The element types of a struct record, all of them known (else `None`).
fn element_types(table: &mut TypeTable, ctx: &mut Context, ids: &[u64]) -> Option<Vec<TypeId>> {
    ids.iter().map(|&id| table.get(ctx, id)).collect()
}

/// `ArrayType::isValidElementType`.
fn valid_element(ctx: &Context, t: TypeId) -> bool {
    !matches!(
        ctx.type_of(t),
        Type::Void | Type::Label | Type::Metadata | Type::Function { .. } | Type::Token | Type::X86Amx
    )
}

/// `FunctionType::isValidArgumentType` as LLVM 22 answers it: first class, not a label, not an
/// opaque struct.
fn valid_argument(ctx: &Context, t: TypeId) -> bool {
    match ctx.type_of(t) {
        Type::Void | Type::Function { .. } | Type::Label => false,
        // LLVM 22 refuses an opaque struct, such as a named struct referred to before its record.
        &Type::Named(s) => ctx.structs[s].body.is_some(),
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use crate::codes::*;
    use crate::reader::read_types;
    use crate::test_bits::Bits;
    use llrs_ir::types::Type;

    /// A module block holding a type table of these records (each `(code, ops)`).
    fn module(records: &[(u32, &[u64])]) -> Vec<u8> {
        let mut b = Bits::new();
        let module = b.enter(2, MODULE_BLOCK_ID.into(), 3);
        let types = b.enter(3, TYPE_BLOCK_ID_NEW.into(), 4);
        for &(code, ops) in records {
            b.record(4, code.into(), ops);
        }
        b.end_block(types, 4);
        b.end_block(module, 3);
        b.bytes
    }

    #[test]
    fn named_structs_may_be_used_before_their_record() {
        // 0: i32, 1: { %T } (T referred to early), 2: %T = { i32 }
        let bytes = module(&[
            (TYPE_CODE_NUMENTRY, &[3]),
            (TYPE_CODE_INTEGER, &[32]),
            (TYPE_CODE_STRUCT_ANON, &[0, 2]),
            (TYPE_CODE_STRUCT_NAME, &[b'T'.into()]),
            (TYPE_CODE_STRUCT_NAMED, &[0, 0]),
        ]);
        let (mut ctx, mut table) = read_types(&bytes).expect("reads");
        assert_eq!(table.len(), 3);
        let t = table.get(&mut ctx, 2).expect("T");
        let &Type::Named(s) = ctx.type_of(t) else { panic!("T is a struct") };
        assert_eq!(ctx.name(ctx.structs[s].name.expect("named")), b"T");
        let i32t = ctx.int_ty(32);
        assert_eq!(ctx.structs[s].body.as_ref().map(|b| b.elems.clone()), Some(vec![i32t]));
        let anon = table.get(&mut ctx, 1).expect("anon");
        assert!(matches!(ctx.type_of(anon), Type::Struct { elems, .. } if elems[..] == [t]));
    }

    #[test]
    fn bad_tables_get_llvms_messages() {
        let err = |records: &[(u32, &[u64])]| read_types(&module(records)).err().map(|e| e.message);
        assert_eq!(
            err(&[(TYPE_CODE_NUMENTRY, &[1]), (TYPE_CODE_INTEGER, &[0])]),
            Some("Bitwidth for integer type out of range".into())
        );
        assert_eq!(err(&[(TYPE_CODE_NUMENTRY, &[2]), (TYPE_CODE_INTEGER, &[8])]), Some("Malformed block".into()));
        assert_eq!(err(&[(TYPE_CODE_INTEGER, &[8])]), Some("Invalid TYPE table".into()));
        assert_eq!(
            err(&[(TYPE_CODE_NUMENTRY, &[2]), (TYPE_CODE_POINTER, &[1]), (TYPE_CODE_INTEGER, &[8])]),
            Some("Invalid TYPE table: Only named structs can be forward referenced".into())
        );
        assert_eq!(
            err(&[(TYPE_CODE_NUMENTRY, &[1]), (TYPE_CODE_VECTOR, &[0, 0])]),
            Some("Invalid vector length".into())
        );
        assert_eq!(err(&[(TYPE_CODE_NUMENTRY, &[1]), (99, &[])]), Some("Invalid value".into()));
        // LLVM 22 takes no opaque struct as an argument: one declared opaque, or one referred to
        // before its record.
        assert_eq!(
            err(&[
                (TYPE_CODE_NUMENTRY, &[3]),
                (TYPE_CODE_OPAQUE, &[0]),
                (TYPE_CODE_VOID, &[]),
                (TYPE_CODE_FUNCTION, &[0, 1, 0])
            ]),
            Some("Invalid function argument type".into())
        );
        assert_eq!(
            err(&[(TYPE_CODE_NUMENTRY, &[3]), (TYPE_CODE_VOID, &[]), (TYPE_CODE_FUNCTION, &[0, 0, 2])]),
            Some("Invalid function argument type".into())
        );
        // A named struct that names itself among its elements refers to itself before its record.
        assert_eq!(
            err(&[(TYPE_CODE_NUMENTRY, &[1]), (TYPE_CODE_STRUCT_NAMED, &[0, 0])]),
            Some("Invalid TYPE table: Only named structs can be forward referenced".into())
        );
        // A huge announced count sizes nothing.
        assert_eq!(
            err(&[(TYPE_CODE_NUMENTRY, &[u64::MAX]), (TYPE_CODE_INTEGER, &[8])]),
            Some("Malformed block".into())
        );
    }
}
