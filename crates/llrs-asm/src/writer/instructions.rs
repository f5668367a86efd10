//! Instructions (`printInstruction`) and debug records (`printDbgRecord`).

use super::names::{write_escaped, write_u64};
use super::{VTy, Writer};
use llrs_ir::attributes::AttrsId;
use llrs_ir::constants::Const;
use llrs_ir::function::Body;
use llrs_ir::instructions::{
    flags, Atomic, CallData, Clause, DbgKind, DbgRecord, InstData, InstExtra, Opcode, Ordering, TailKind, RMW_OPS,
};
use llrs_ir::metadata::Md;
use llrs_ir::types::Type;
use llrs_ir::{InstId, Value};

impl Writer<'_> {
    /// One instruction line, without the newline.
    pub(super) fn print_instruction(&mut self, body: &Body, id: InstId) {
        let c = self.c;
        let inst = &body.insts[id];
        self.out.extend_from_slice(b"  ");
        if inst.name.is_some() || !c.is_void(inst.ty) {
            self.write_local(Value::Inst(id));
            self.out.extend_from_slice(b" = ");
        }
        let call = inst.call();
        if inst.op == Opcode::Call {
            if let Some(cd) = call {
                match cd.tail {
                    TailKind::None => {}
                    TailKind::Tail => self.out.extend_from_slice(b"tail "),
                    TailKind::MustTail => self.out.extend_from_slice(b"musttail "),
                    TailKind::NoTail => self.out.extend_from_slice(b"notail "),
                }
            }
        }
        self.out.extend_from_slice(inst.op.name().as_bytes());
        let mem = match &inst.extra {
            InstExtra::Mem { align, atomic, rmw } => Some((*align, atomic, *rmw)),
            _ => None,
        };
        if matches!(inst.op, Opcode::Load | Opcode::Store)
            && mem.is_some_and(|(_, a, _)| a.ordering != Ordering::NotAtomic)
        {
            self.out.extend_from_slice(b" atomic");
        }
        if inst.op == Opcode::CmpXchg && inst.flags & flags::WEAK != 0 {
            self.out.extend_from_slice(b" weak");
        }
        if matches!(inst.op, Opcode::Load | Opcode::Store | Opcode::CmpXchg | Opcode::AtomicRmw)
            && inst.flags & flags::VOLATILE != 0
        {
            self.out.extend_from_slice(b" volatile");
        }
        self.write_op_flags(inst.op, inst.flags, inst.fmf, None);
        if let InstExtra::Cmp(p) = inst.extra {
            self.out.push(b' ');
            self.out.extend_from_slice(p.name().as_bytes());
        }
        if inst.op == Opcode::AtomicRmw {
            if let Some((_, _, rmw)) = mem {
                self.out.push(b' ');
                self.out.extend_from_slice(RMW_OPS.get(rmw as usize).copied().unwrap_or("xchg").as_bytes());
            }
        }
        let ops = &inst.operands;
        match inst.op {
            Opcode::Br if ops.len() == 3 => {
                self.out.push(b' ');
                self.write_typed_op(ops, 0);
                self.out.extend_from_slice(b", ");
                self.write_typed_op(ops, 1);
                self.out.extend_from_slice(b", ");
                self.write_typed_op(ops, 2);
            }
            Opcode::Switch => {
                self.out.push(b' ');
                self.write_typed_op(ops, 0);
                self.out.extend_from_slice(b", ");
                self.write_typed_op(ops, 1);
                self.out.extend_from_slice(b" [");
                for pair in ops.get(2..).unwrap_or(&[]).chunks(2) {
                    self.out.extend_from_slice(b"\n    ");
                    self.write_typed_value(pair[0]);
                    self.out.extend_from_slice(b", ");
                    if let Some(&d) = pair.get(1) {
                        self.write_typed_value(d);
                    }
                }
                self.out.extend_from_slice(b"\n  ]");
            }
            Opcode::IndirectBr => {
                self.out.push(b' ');
                self.write_typed_op(ops, 0);
                self.out.extend_from_slice(b", [");
                for (i, &d) in ops.get(1..).unwrap_or(&[]).iter().enumerate() {
                    if i > 0 {
                        self.out.extend_from_slice(b", ");
                    }
                    self.write_typed_value(d);
                }
                self.out.push(b']');
            }
            Opcode::Phi => {
                self.out.push(b' ');
                self.write_type(inst.ty);
                self.out.push(b' ');
                let blocks: &[llrs_ir::BlockId] = match &inst.extra {
                    InstExtra::Phi(b) => b,
                    _ => &[],
                };
                for (i, &v) in ops.iter().enumerate() {
                    if i > 0 {
                        self.out.extend_from_slice(b", ");
                    }
                    self.out.extend_from_slice(b"[ ");
                    self.write_value(v);
                    self.out.extend_from_slice(b", ");
                    if let Some(&b) = blocks.get(i) {
                        self.write_local(Value::Block(b));
                    }
                    self.out.extend_from_slice(b" ]");
                }
            }
            Opcode::ExtractValue | Opcode::InsertValue => {
                self.out.push(b' ');
                self.write_typed_op(ops, 0);
                if inst.op == Opcode::InsertValue {
                    self.out.extend_from_slice(b", ");
                    self.write_typed_op(ops, 1);
                }
                if let InstExtra::Indices(idx) = &inst.extra {
                    for &i in idx {
                        self.out.extend_from_slice(b", ");
                        write_u64(&mut self.out, i as u64);
                    }
                }
            }
            Opcode::LandingPad => {
                self.out.push(b' ');
                self.write_type(inst.ty);
                let cleanup = inst.flags & flags::CLEANUP != 0;
                let clauses: &[Clause] = match &inst.extra {
                    InstExtra::LandingPad(c) => c,
                    _ => &[],
                };
                if cleanup || !clauses.is_empty() {
                    self.out.push(b'\n');
                }
                if cleanup {
                    self.out.extend_from_slice(b"          cleanup");
                }
                for (i, cl) in clauses.iter().enumerate() {
                    if i != 0 || cleanup {
                        self.out.push(b'\n');
                    }
                    let v = match *cl {
                        Clause::Catch(v) => {
                            self.out.extend_from_slice(b"          catch ");
                            v
                        }
                        Clause::Filter(v) => {
                            self.out.extend_from_slice(b"          filter ");
                            v
                        }
                    };
                    self.write_typed_value(v);
                }
            }
            Opcode::CatchSwitch => {
                self.out.extend_from_slice(b" within ");
                self.write_op(ops, 0);
                self.out.extend_from_slice(b" [");
                let n = match inst.extra {
                    InstExtra::CatchSwitch(n) => n as usize,
                    _ => ops.len().saturating_sub(1),
                };
                for (i, &h) in ops.get(1..1 + n).unwrap_or(&[]).iter().enumerate() {
                    if i > 0 {
                        self.out.extend_from_slice(b", ");
                    }
                    self.write_typed_value(h);
                }
                self.out.extend_from_slice(b"] unwind ");
                match ops.get(1 + n) {
                    Some(&u) => self.write_typed_value(u),
                    None => self.out.extend_from_slice(b"to caller"),
                }
            }
            Opcode::CatchPad | Opcode::CleanupPad => {
                self.out.extend_from_slice(b" within ");
                self.write_op(ops, 0);
                self.out.extend_from_slice(b" [");
                for (i, &a) in ops.get(1..).unwrap_or(&[]).iter().enumerate() {
                    if i > 0 {
                        self.out.extend_from_slice(b", ");
                    }
                    self.write_typed_value(a);
                }
                self.out.push(b']');
            }
            Opcode::Ret if ops.is_empty() => self.out.extend_from_slice(b" void"),
            Opcode::CatchRet => {
                self.out.extend_from_slice(b" from ");
                self.write_op(ops, 0);
                self.out.extend_from_slice(b" to ");
                self.write_typed_op(ops, 1);
            }
            Opcode::CleanupRet => {
                self.out.extend_from_slice(b" from ");
                self.write_op(ops, 0);
                self.out.extend_from_slice(b" unwind ");
                match ops.get(1) {
                    Some(&u) => self.write_typed_value(u),
                    None => self.out.extend_from_slice(b"to caller"),
                }
            }
            Opcode::Call | Opcode::Invoke | Opcode::CallBr if call.is_some() => {
                let cd = call.expect("checked");
                self.write_call(inst, cd);
            }
            Opcode::Alloca => {
                self.out.push(b' ');
                if inst.flags & flags::INALLOCA != 0 {
                    self.out.extend_from_slice(b"inalloca ");
                }
                if inst.flags & flags::SWIFTERROR != 0 {
                    self.out.extend_from_slice(b"swifterror ");
                }
                let (aty, align, aspace) = match inst.extra {
                    InstExtra::Alloca { ty, align, addrspace } => (ty, align, addrspace),
                    _ => (inst.ty, 0, 0),
                };
                self.write_type(aty);
                if let Some(&n) = ops.first() {
                    let canonical = match n {
                        Value::Const(k) => match c.const_of(k) {
                            Const::Int(t, v) => matches!(c.type_of(*t), Type::Int(32)) && v.low_u64() == 1,
                            _ => false,
                        },
                        _ => false,
                    };
                    if !canonical {
                        self.out.extend_from_slice(b", ");
                        self.write_typed_value(n);
                    }
                }
                if align != 0 {
                    self.out.extend_from_slice(b", align ");
                    write_u64(&mut self.out, align);
                }
                if aspace != 0 {
                    self.out.extend_from_slice(b", addrspace(");
                    write_u64(&mut self.out, aspace as u64);
                    self.out.push(b')');
                }
            }
            op if op.is_cast() => {
                if let Some(&v) = ops.first() {
                    self.out.push(b' ');
                    self.write_typed_value(v);
                }
                self.out.extend_from_slice(b" to ");
                self.write_type(inst.ty);
            }
            Opcode::VAArg => {
                if let Some(&v) = ops.first() {
                    self.out.push(b' ');
                    self.write_typed_value(v);
                }
                self.out.extend_from_slice(b", ");
                self.write_type(inst.ty);
            }
            _ if !ops.is_empty() => {
                if inst.op == Opcode::GetElementPtr {
                    if let InstExtra::Gep(t) = inst.extra {
                        self.out.push(b' ');
                        self.write_type(t);
                        self.out.push(b',');
                    }
                } else if inst.op == Opcode::Load {
                    self.out.push(b' ');
                    self.write_type(inst.ty);
                    self.out.push(b',');
                }
                let first_ty = self.value_ty(ops[0]);
                let all = matches!(
                    inst.op,
                    Opcode::Select
                        | Opcode::Store
                        | Opcode::ShuffleVector
                        | Opcode::Ret
                        | Opcode::CmpXchg
                        | Opcode::AtomicRmw
                ) || ops.get(1..).unwrap_or(&[]).iter().any(|&o| !self.same_vty(self.value_ty(o), first_ty));
                if !all {
                    self.out.push(b' ');
                    self.write_vty(first_ty);
                }
                self.out.push(b' ');
                for (i, &o) in ops.iter().enumerate() {
                    if i > 0 {
                        self.out.extend_from_slice(b", ");
                    }
                    if all {
                        self.write_typed_value(o);
                    } else {
                        self.write_value(o);
                    }
                }
            }
            _ => {}
        }
        match inst.op {
            Opcode::Load | Opcode::Store => {
                if let Some((align, atomic, _)) = mem {
                    if atomic.ordering != Ordering::NotAtomic {
                        self.write_atomic(atomic, false);
                    }
                    if align != 0 {
                        self.out.extend_from_slice(b", align ");
                        write_u64(&mut self.out, align);
                    }
                }
            }
            Opcode::CmpXchg | Opcode::AtomicRmw => {
                if let Some((align, atomic, _)) = mem {
                    self.write_atomic(atomic, inst.op == Opcode::CmpXchg);
                    if align != 0 {
                        self.out.extend_from_slice(b", align ");
                        write_u64(&mut self.out, align);
                    }
                }
            }
            Opcode::Fence => {
                if let Some((_, atomic, _)) = mem {
                    if atomic.ordering != Ordering::NotAtomic {
                        self.write_atomic(atomic, false);
                    }
                }
            }
            Opcode::ShuffleVector => {
                if let InstExtra::Shuffle(mask) = inst.extra {
                    self.write_shuffle_mask(inst.ty, mask);
                }
            }
            _ => {}
        }
        self.write_attachments(&inst.md, b", ");
        if inst.op == Opcode::Call {
            self.write_gc_relocate_comment(body, inst);
        }
    }

    /// Operand `i` with its type, or LLVM's `<null operand!>` when absent.
    fn write_typed_op(&mut self, ops: &[Value], i: usize) {
        match ops.get(i) {
            Some(&v) => self.write_typed_value(v),
            None => self.out.extend_from_slice(b"<null operand!>"),
        }
    }

    /// Operand `i` without its type, or `<null operand!>` when absent.
    fn write_op(&mut self, ops: &[Value], i: usize) {
        match ops.get(i) {
            Some(&v) => self.write_value(v),
            None => self.out.extend_from_slice(b"<null operand!>"),
        }
    }

    fn write_atomic(&mut self, a: &Atomic, cmpxchg: bool) {
        if let Some(s) = a.scope {
            self.out.extend_from_slice(b" syncscope(\"");
            write_escaped(&mut self.out, self.c.name(s));
            self.out.extend_from_slice(b"\")");
        }
        self.out.push(b' ');
        self.out.extend_from_slice(a.ordering.name().as_bytes());
        if cmpxchg {
            self.out.push(b' ');
            self.out.extend_from_slice(a.failure.name().as_bytes());
        }
    }

    fn write_call(&mut self, inst: &InstData, cd: &CallData) {
        let c = self.c;
        let ops = &inst.operands;
        if cd.cconv != 0 {
            self.out.push(b' ');
            self.write_cconv(cd.cconv);
        }
        if cd.attrs.ret != AttrsId::EMPTY {
            self.out.push(b' ');
            self.write_attr_set(cd.attrs.ret, false);
        }
        let callee = ops.first().copied();
        if inst.op != Opcode::CallBr {
            let aspace = match callee {
                Some(Value::Const(k)) if matches!(c.const_of(k), Const::Global(..)) => match c.const_of(k) {
                    Const::Global(_, g) => self.m.globals[*g].addrspace,
                    _ => 0,
                },
                Some(v) => match self.value_ty(v) {
                    VTy::T(t) => match c.type_of(t) {
                        Type::Ptr(a) => *a,
                        _ => 0,
                    },
                    _ => 0,
                },
                None => 0,
            };
            if aspace != 0 || self.prog_as != 0 {
                self.out.extend_from_slice(b" addrspace(");
                write_u64(&mut self.out, aspace as u64);
                self.out.push(b')');
            }
        }
        self.out.push(b' ');
        match c.type_of(cd.fn_ty) {
            Type::Function { ret, vararg, .. } => {
                if *vararg {
                    self.write_type(cd.fn_ty);
                } else {
                    self.write_type(*ret);
                }
            }
            _ => self.write_type(cd.fn_ty),
        }
        self.out.push(b' ');
        if let Some(v) = callee {
            self.write_value(v);
        }
        self.out.push(b'(');
        let n = cd.num_args as usize;
        let args = ops.get(1..(1 + n).min(ops.len())).unwrap_or(&[]);
        for (i, &a) in args.iter().enumerate() {
            if i > 0 {
                self.out.extend_from_slice(b", ");
            }
            let t = self.value_ty(a);
            self.write_vty(t);
            let pa = cd.attrs.param(i);
            if pa != AttrsId::EMPTY {
                self.out.push(b' ');
                self.write_attr_set(pa, false);
            }
            self.out.push(b' ');
            self.write_value(a);
        }
        if inst.op == Opcode::Call && cd.tail == TailKind::MustTail {
            let vararg = self
                .func
                .is_some_and(|g| matches!(c.type_of(self.m.globals[g].value_ty), Type::Function { vararg: true, .. }));
            if vararg {
                if !args.is_empty() {
                    self.out.extend_from_slice(b", ");
                }
                self.out.extend_from_slice(b"...");
            }
        }
        self.out.push(b')');
        self.write_attr_group_ref(cd.attrs.func);
        if !cd.bundles.is_empty() {
            self.out.extend_from_slice(b" [ ");
            for (i, b) in cd.bundles.iter().enumerate() {
                if i > 0 {
                    self.out.extend_from_slice(b", ");
                }
                self.out.push(b'"');
                write_escaped(&mut self.out, c.name(b.tag));
                self.out.extend_from_slice(b"\"(");
                for (j, &v) in b.inputs.iter().enumerate() {
                    if j > 0 {
                        self.out.extend_from_slice(b", ");
                    }
                    self.write_typed_value(v);
                }
                self.out.push(b')');
            }
            self.out.extend_from_slice(b" ]");
        }
        let rest = ops.get(1 + n..).unwrap_or(&[]);
        match inst.op {
            Opcode::Invoke => {
                self.out.extend_from_slice(b"\n          to ");
                if let Some(&d) = rest.first() {
                    self.write_typed_value(d);
                }
                self.out.extend_from_slice(b" unwind ");
                if let Some(&d) = rest.get(1) {
                    self.write_typed_value(d);
                }
            }
            Opcode::CallBr => {
                self.out.extend_from_slice(b"\n          to ");
                if let Some(&d) = rest.first() {
                    self.write_typed_value(d);
                }
                self.out.extend_from_slice(b" [");
                for (i, &d) in rest.iter().skip(1).enumerate() {
                    if i > 0 {
                        self.out.extend_from_slice(b", ");
                    }
                    self.write_typed_value(d);
                }
                self.out.push(b']');
            }
            _ => {}
        }
    }

    /// ` ; (base, derived)` after a call to `llvm.experimental.gc.relocate`.
    fn write_gc_relocate_comment(&mut self, body: &Body, inst: &InstData) {
        let c = self.c;
        let Some(Value::Const(k)) = inst.operands.first() else { return };
        let Const::Global(_, g) = c.const_of(*k) else { return };
        let Some(name) = self.m.globals[*g].name else { return };
        if !c.name(name).starts_with(b"llvm.experimental.gc.relocate") {
            return;
        }
        let idx = |v: Option<&Value>| -> Option<usize> {
            match v? {
                Value::Const(k) => match c.const_of(*k) {
                    Const::Int(_, v) => Some(v.low_u64() as usize),
                    _ => None,
                },
                _ => None,
            }
        };
        let (Some(bi), Some(di)) = (idx(inst.operands.get(2)), idx(inst.operands.get(3))) else { return };
        // The statepoint: the token argument, or for a landingpad token the invoke that unwinds to it.
        let Some(&tok) = inst.operands.get(1) else { return };
        if let Value::Const(k) = tok {
            if matches!(c.const_of(k), Const::Undef(_) | Const::Poison(_)) {
                self.out.extend_from_slice(b" ; (undef, undef)");
            }
            return;
        }
        let sp = match tok {
            Value::Inst(t) => {
                let ti = &body.insts[t];
                if ti.op == Opcode::LandingPad {
                    let Some(lb) = *body.inst_block.get(t) else { return };
                    let mut found = None;
                    for &b in &body.layout {
                        if let Some(&term) = body.blocks[b].insts.last() {
                            let tt = &body.insts[term];
                            if tt.op == Opcode::Invoke && tt.operands.last() == Some(&Value::Block(lb)) {
                                found = Some(term);
                            }
                        }
                    }
                    match found {
                        Some(f) => f,
                        None => return,
                    }
                } else {
                    t
                }
            }
            _ => return,
        };
        let spi = &body.insts[sp];
        let Some(cd) = spi.call() else { return };
        let (base, derived) = match cd.bundles.iter().find(|b| c.name(b.tag) == b"gc-live") {
            Some(b) => (b.inputs.get(bi).copied(), b.inputs.get(di).copied()),
            None => (spi.operands.get(1 + bi).copied(), spi.operands.get(1 + di).copied()),
        };
        let (Some(base), Some(derived)) = (base, derived) else { return };
        self.out.extend_from_slice(b" ; (");
        self.write_value(base);
        self.out.extend_from_slice(b", ");
        self.write_value(derived);
        self.out.push(b')');
    }

    /// `#dbg_value(...)` and friends, without indentation or newline.
    pub(super) fn write_dbg_record(&mut self, r: &DbgRecord) {
        self.out.extend_from_slice(b"#dbg_");
        self.out.extend_from_slice(r.kind.name().as_bytes());
        self.out.push(b'(');
        if r.kind == DbgKind::Label {
            let label = if r.var != Md::Null { r.var } else { r.loc };
            self.write_record_md(label);
        } else {
            self.write_record_md(r.loc);
            self.out.extend_from_slice(b", ");
            self.write_record_md(r.var);
            self.out.extend_from_slice(b", ");
            self.write_record_md(r.expr);
            if let Some((id, addr, aexpr)) = r.assign {
                self.out.extend_from_slice(b", ");
                self.write_record_md(id);
                self.out.extend_from_slice(b", ");
                self.write_record_md(addr);
                self.out.extend_from_slice(b", ");
                self.write_record_md(aexpr);
            }
        }
        self.out.extend_from_slice(b", ");
        self.write_record_md(r.dbg);
        self.out.push(b')');
    }

    /// An operand of a debug record; a missing one is `(null)`.
    fn write_record_md(&mut self, md: Md) {
        match md {
            Md::Null => self.out.extend_from_slice(b"(null)"),
            _ => self.write_md(md),
        }
    }
}
