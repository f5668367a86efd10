//! Constant expressions LLVM 22 no longer makes, met as operands in a body: expanded into
//! instructions at the end of the current block (the instruction path of `materializeValue`),
//! named `constexpr` (`constexpr.ins` for the aggregate chains) and uniqued as the function's
//! symbol table uniques names.

use llrs_ir::apint::APInt;
use llrs_ir::constants::{Const, ConstId};
use llrs_ir::fold;
use llrs_ir::instructions::{IndexList, InstData, InstExtra};
use llrs_ir::types::{Type, TypeId};
use llrs_ir::value::Value;
use llrs_ir::Opcode;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use super::{FnReader, Into};
use crate::values::{build, supported, DeferredOp, Slot};
use crate::Error;
use llrs_ir::BlockId;

impl FnReader<'_, '_> {
    /// A name unique in the function: `base`, else `base` with the next number.
    pub(crate) fn unique_name(&mut self, base: &str) -> llrs_ir::Symbol {
        let sym = self.m.ctx.sym(base);
        self.unique_sym(sym)
    }

    /// [`FnReader::unique_name`] of a symbol: taken into the function's symbol table, as
    /// `ValueSymbolTable::makeUniqueName` makes it (`base` and `++LastUnique`).
    pub(crate) fn unique_sym(&mut self, base: llrs_ir::Symbol) -> llrs_ir::Symbol {
        if self.used_names.insert(base) {
            return base;
        }
        loop {
            self.last_unique += 1;
            let text = [self.m.ctx.name(base), self.last_unique.to_string().as_bytes()].concat();
            let s = self.m.ctx.sym_bytes(&text);
            if self.used_names.insert(s) {
                return s;
            }
        }
    }

    /// `materializeValue(id, CurBB)`: the value at `id`, its unsupported expressions expanded
    /// into the current block.
    pub(crate) fn expand(&mut self, id: usize) -> Result<Value, Error> {
        if let Slot::Val(v) = self.values.slot(id) {
            return Ok(v);
        }
        let mut memo: FxHashMap<usize, Value> = FxHashMap::default();
        // Expressions whose operands were asked for: the ancestors of what is being built.
        let mut gray: rustc_hash::FxHashSet<usize> = Default::default();
        let mut stack = vec![id];
        while let Some(&top) = stack.last() {
            if memo.contains_key(&top) {
                stack.pop();
                continue;
            }
            let d = match self.values.slot(top) {
                Slot::Val(v) => {
                    memo.insert(top, v);
                    stack.pop();
                    continue;
                }
                Slot::Deferred(_) => {
                    self.values.deferred(top).cloned().ok_or_else(|| Error::new("Invalid value ID"))?
                }
                _ => return Err(Error::new("Invalid value ID")),
            };
            let mut pending = false;
            for &o in d.ops.iter().rev() {
                let o = o as usize;
                if !memo.contains_key(&o) {
                    if gray.contains(&o) {
                        return Err(Error::new("Invalid value ID"));
                    }
                    stack.push(o);
                    pending = true;
                }
            }
            if pending {
                gray.insert(top);
                continue;
            }
            gray.remove(&top);
            let ops: SmallVec<[Value; 4]> = d.ops.iter().map(|&o| memo[&(o as usize)]).collect();
            let ty = self.values.ty(top).ok_or_else(|| Error::new("Invalid value ID"))?;
            let consts: Option<SmallVec<[ConstId; 4]>> =
                ops.iter().map(|v| if let Value::Const(c) = v { Some(*c) } else { None }).collect();
            let v = match consts {
                Some(cs) if supported(self.m, &d) => {
                    let c = build(self.m, &d, ty, &cs)?;
                    self.values.set_built(top, c);
                    Value::Const(c)
                }
                _ => self.expand_one(&d, ty, &ops)?,
            };
            memo.insert(top, v);
            stack.pop();
        }
        memo.get(&id).copied().ok_or_else(|| Error::new("Invalid value ID"))
    }

    /// Appends one expansion instruction to the block expansions go to ([`Into`]).
    fn append_expansion(&mut self, mut data: InstData, name: &str) -> Result<Value, Error> {
        let b = match self.into {
            Into::Cur => match self.blocks.get(self.cur) {
                Some(&b) => b,
                None => return Err(Error::new("Invalid instruction with no BB")),
            },
            Into::Block(b) => b,
            Into::Temp => self.temp_block(),
        };
        data.name = Some(self.unique_name(name));
        Ok(Value::Inst(self.body.append_inst(b, data)))
    }

    /// The temporary edge block (`PhiConstExprBB`), made when a phi first needs one: its name
    /// is taken at once (`phi.constexpr`, uniqued), its block made, at the end of the
    /// function, when an instruction goes into it.
    pub(crate) fn temp_block(&mut self) -> BlockId {
        if let Some((_, Some(b))) = self.phi_temp {
            return b;
        }
        let name = self.reserve_temp_block();
        let b = self.body.create_block(Some(name));
        self.body.append_block(b);
        self.phi_temp = Some((name, Some(b)));
        b
    }

    /// The temporary edge block's name, taken when a phi first needs the block
    /// (`BasicBlock::Create(Context, "phi.constexpr", F)`).
    pub(crate) fn reserve_temp_block(&mut self) -> llrs_ir::Symbol {
        match self.phi_temp {
            Some((name, _)) => name,
            None => {
                let name = self.unique_name("phi.constexpr");
                self.phi_temp = Some((name, None));
                name
            }
        }
    }

    /// The instructions of one expression whose operands are ready.
    fn expand_one(&mut self, d: &crate::values::Deferred, ty: TypeId, ops: &[Value]) -> Result<Value, Error> {
        let bad = || Error::new("Invalid value ID");
        match d.op {
            DeferredOp::Inst(op) => {
                let mut data = match op {
                    Opcode::ICmp | Opcode::FCmp => {
                        let mut i = InstData::new(op, ty, ops.iter().copied());
                        i.extra = InstExtra::Cmp(d.pred.ok_or_else(bad)?);
                        i
                    }
                    Opcode::GetElementPtr => {
                        let mut i = InstData::new(op, ty, ops.iter().copied());
                        i.extra = InstExtra::Gep(d.source_ty.ok_or_else(bad)?);
                        i.flags = d.flags;
                        i
                    }
                    Opcode::ShuffleVector => {
                        let Some(&Value::Const(mask)) = ops.get(2) else { return Err(bad()) };
                        let mut i = InstData::new(op, ty, ops[..2].iter().copied());
                        i.extra = InstExtra::Shuffle(mask);
                        i
                    }
                    Opcode::Select => {
                        let mut i = InstData::new(op, ty, ops.iter().copied());
                        i.flags = 0;
                        i
                    }
                    _ => {
                        let mut i = InstData::new(op, ty, ops.iter().copied());
                        i.flags = d.flags;
                        i
                    }
                };
                if data.operands.is_empty() {
                    return Err(bad());
                }
                data.fmf = 0;
                self.append_expansion(data, "constexpr")
            }
            DeferredOp::Vector => {
                let mut acc = Value::Const(fold::poison(&mut self.m.ctx, ty));
                let i32t = self.m.ctx.int_ty(32);
                for (i, &o) in ops.iter().enumerate() {
                    let idx = self.m.ctx.konst(Const::Int(i32t, APInt::from_u64(32, i as u64)));
                    let data = InstData::new(Opcode::InsertElement, ty, [acc, o, Value::Const(idx)]);
                    acc = self.append_expansion(data, "constexpr.ins")?;
                }
                Ok(acc)
            }
            DeferredOp::Struct | DeferredOp::Array => {
                if !matches!(self.m.ctx.type_of(ty), Type::Struct { .. } | Type::Named(_) | Type::Array(..)) {
                    return Err(bad());
                }
                let mut acc = Value::Const(fold::poison(&mut self.m.ctx, ty));
                for (i, &o) in ops.iter().enumerate() {
                    let mut data = InstData::new(Opcode::InsertValue, ty, [acc, o]);
                    data.extra = InstExtra::Indices(IndexList::from_slice(&[i as u32]));
                    acc = self.append_expansion(data, "constexpr.ins")?;
                }
                Ok(acc)
            }
            _ => Err(bad()),
        }
    }
}
