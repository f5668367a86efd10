//! Type printing (`TypePrinting`) and the order of identified structs (`TypeFinder`).

use super::names::{write_escaped, write_name, write_u64};
use llrs_ir::attributes::{AttrArg, AttrsId};
use llrs_ir::constants::{Const, ConstId};
use llrs_ir::instructions::{AttrList, DbgKind, InstExtra, Opcode};
use llrs_ir::metadata::{DiValue, Md, MdId, MdKind};
use llrs_ir::types::{StructId, Type, TypeId};
use llrs_ir::{Context, Module, Value};

/// Prints types; knows the numbers of unnamed identified structs and the struct order.
pub struct TypePrinter {
    /// Number of each unnamed identified struct (`u32::MAX` when not numbered).
    num: Vec<u32>,
    /// Unnamed identified structs in number order.
    pub numbered: Vec<StructId>,
    /// Named identified structs in TypeFinder order.
    pub named: Vec<StructId>,
}

impl TypePrinter {
    /// Runs LLVM's TypeFinder over the module and numbers the unnamed structs it finds.
    pub fn new(m: &Module) -> Self {
        let c = &m.ctx;
        let mut f = Finder {
            c,
            visited_types: vec![false; c.num_types()],
            visited_consts: Seen::with_len(c.num_consts()),
            visited_md: Seen::with_len(c.num_mds()),
            md_stack: Vec::new(),
            structs: Vec::new(),
            work: Vec::new(),
        };
        f.run(m);
        let mut num = vec![u32::MAX; c.structs.len()];
        let mut numbered = Vec::new();
        let mut named = Vec::new();
        for s in f.structs {
            if c.structs[s].name.is_some() {
                named.push(s);
            } else {
                num[s.0 as usize] = numbered.len() as u32;
                numbered.push(s);
            }
        }
        TypePrinter { num, numbered, named }
    }

    /// True when no identified struct is printed.
    pub fn is_empty(&self) -> bool {
        self.numbered.is_empty() && self.named.is_empty()
    }

    /// Writes a type.
    pub fn print(&self, c: &Context, t: TypeId, out: &mut Vec<u8>) {
        match c.type_of(t) {
            Type::Void => out.extend_from_slice(b"void"),
            Type::Float(k) => out.extend_from_slice(k.name().as_bytes()),
            Type::X86Amx => out.extend_from_slice(b"x86_amx"),
            Type::Label => out.extend_from_slice(b"label"),
            Type::Metadata => out.extend_from_slice(b"metadata"),
            Type::Token => out.extend_from_slice(b"token"),
            Type::Int(w) => {
                out.push(b'i');
                write_u64(out, *w as u64);
            }
            Type::Ptr(a) => {
                out.extend_from_slice(b"ptr");
                if *a != 0 {
                    out.extend_from_slice(b" addrspace(");
                    write_u64(out, *a as u64);
                    out.push(b')');
                }
            }
            Type::Array(n, e) => {
                out.push(b'[');
                write_u64(out, *n);
                out.extend_from_slice(b" x ");
                self.print(c, *e, out);
                out.push(b']');
            }
            Type::Vector { scalable, len, elem } => {
                out.push(b'<');
                if *scalable {
                    out.extend_from_slice(b"vscale x ");
                }
                write_u64(out, *len as u64);
                out.extend_from_slice(b" x ");
                self.print(c, *elem, out);
                out.push(b'>');
            }
            Type::Struct { packed, elems } => self.print_body(c, *packed, elems, out),
            Type::Named(s) => {
                let def = &c.structs[*s];
                if let Some(n) = def.name {
                    write_name(out, Some(b'%'), c.name(n));
                } else {
                    let n = self.num.get(s.0 as usize).copied().unwrap_or(u32::MAX);
                    if n != u32::MAX {
                        out.push(b'%');
                        write_u64(out, n as u64);
                    } else {
                        // LLVM prints the address of a struct it did not enumerate.
                        out.extend_from_slice(b"%\"type 0x");
                        write_u64(out, s.0 as u64);
                        out.push(b'"');
                    }
                }
            }
            Type::Function { ret, params, vararg } => {
                self.print(c, *ret, out);
                out.extend_from_slice(b" (");
                for (i, p) in params.iter().enumerate() {
                    if i > 0 {
                        out.extend_from_slice(b", ");
                    }
                    self.print(c, *p, out);
                }
                if *vararg {
                    if !params.is_empty() {
                        out.extend_from_slice(b", ");
                    }
                    out.extend_from_slice(b"...");
                }
                out.push(b')');
            }
            Type::TargetExt { name, types, ints } => {
                out.extend_from_slice(b"target(\"");
                write_escaped(out, c.name(*name));
                out.push(b'"');
                for t in types {
                    out.extend_from_slice(b", ");
                    self.print(c, *t, out);
                }
                for i in ints {
                    out.extend_from_slice(b", ");
                    write_u64(out, *i as u64);
                }
                out.push(b')');
            }
        }
    }

    fn print_body(&self, c: &Context, packed: bool, elems: &[TypeId], out: &mut Vec<u8>) {
        if packed {
            out.push(b'<');
        }
        if elems.is_empty() {
            out.extend_from_slice(b"{}");
        } else {
            out.extend_from_slice(b"{ ");
            for (i, e) in elems.iter().enumerate() {
                if i > 0 {
                    out.extend_from_slice(b", ");
                }
                self.print(c, *e, out);
            }
            out.extend_from_slice(b" }");
        }
        if packed {
            out.push(b'>');
        }
    }

    /// The body of an identified struct (`opaque` when it has none).
    pub fn print_struct_body(&self, c: &Context, s: StructId, out: &mut Vec<u8>) {
        match &c.structs[s].body {
            None => out.extend_from_slice(b"opaque"),
            Some(b) => self.print_body(c, b.packed, &b.elems, out),
        }
    }
}

/// LLVM's TypeFinder, recording identified structs in the order it meets them.
struct Finder<'a> {
    c: &'a Context,
    visited_types: Vec<bool>,
    visited_consts: Seen,
    visited_md: Seen,
    /// The walk of [`Finder::md_node`], kept for its room.
    md_stack: Vec<(MdId, usize)>,
    structs: Vec<StructId>,
    work: Vec<TypeId>,
}

/// A set of ids as one bit each.
struct Seen(Vec<u64>);

impl Seen {
    fn with_len(n: usize) -> Self {
        Seen(vec![0; n.div_ceil(64)])
    }
    /// Adds `i`; false when it was in already.
    #[inline]
    fn insert(&mut self, i: usize) -> bool {
        let (w, bit) = (i / 64, 1u64 << (i % 64));
        if w >= self.0.len() {
            self.0.resize(w + 1, 0);
        }
        let new = self.0[w] & bit == 0;
        self.0[w] |= bit;
        new
    }
}

impl Finder<'_> {
    fn visit_type(&mut self, t: TypeId) -> bool {
        let i = t.0 as usize;
        if i >= self.visited_types.len() {
            self.visited_types.resize(i + 1, false);
        }
        !std::mem::replace(&mut self.visited_types[i], true)
    }

    fn ty(&mut self, t: TypeId) {
        if !self.visit_type(t) {
            return;
        }
        let c = self.c;
        self.work.push(t);
        while let Some(t) = self.work.pop() {
            let subs: &[TypeId] = match c.type_of(t) {
                Type::Named(s) => {
                    self.structs.push(*s);
                    match &c.structs[*s].body {
                        Some(b) => &b.elems,
                        None => &[],
                    }
                }
                Type::Struct { elems, .. } => elems,
                Type::Array(_, e) => std::slice::from_ref(e),
                Type::Vector { elem, .. } => std::slice::from_ref(elem),
                Type::TargetExt { types, .. } => types,
                Type::Function { ret, params, .. } => {
                    // subtypes: return type, then parameters; pushed in reverse.
                    for &p in params.iter().rev() {
                        if self.visit_type(p) {
                            self.work.push(p);
                        }
                    }
                    let r = *ret;
                    if self.visit_type(r) {
                        self.work.push(r);
                    }
                    continue;
                }
                _ => &[],
            };
            for &s in subs.iter().rev() {
                if self.visit_type(s) {
                    self.work.push(s);
                }
            }
        }
    }

    fn konst(&mut self, k: ConstId) {
        let c = self.c;
        let cv = c.const_of(k);
        if matches!(cv, Const::Global(..)) {
            return;
        }
        if !self.visited_consts.insert(k.0 as usize) {
            return;
        }
        self.ty(cv.ty());
        match cv {
            Const::Array(_, ops) | Const::Struct(_, ops) | Const::Vector(_, ops) => {
                for &o in ops.iter() {
                    self.konst(o);
                }
            }
            Const::Splat(_, e) => self.konst(*e),
            Const::PtrAuth(_, ops) => {
                for &o in ops.iter() {
                    self.konst(o);
                }
            }
            Const::Expr(e) => {
                if let Some(s) = e.source_ty {
                    self.ty(s);
                }
                for &o in e.operands.iter() {
                    self.konst(o);
                }
            }
            _ => {}
        }
    }

    /// A metadata operand of an instruction (`MetadataAsValue`).
    fn md_value(&mut self, m: Md) {
        match m {
            Md::Node(n) => {
                let node = self.c.md(n);
                if node.kind == MdKind::ArgList {
                    for &o in node.ops.clone().iter() {
                        if let Md::Const(k) = o {
                            self.konst(k);
                        }
                    }
                } else {
                    self.md_node(n);
                }
            }
            Md::Const(k) => self.konst(k),
            _ => {}
        }
    }

    /// A node and, depth first, what it references: its operands, then its fields, each
    /// operand's own references before the next operand's. Iterative: chains of nodes may be as
    /// long as the module.
    fn md_node(&mut self, n: MdId) {
        let c = self.c;
        if !self.visited_md.insert(n.0 as usize) || c.md(n).kind == MdKind::ArgList {
            return;
        }
        // Each node being walked, with how many of its operands and fields are done.
        let mut stack = std::mem::take(&mut self.md_stack);
        stack.push((n, 0));
        while let Some(&(id, done)) = stack.last() {
            let node = c.md(id);
            let next = match node.ops.get(done) {
                Some(&m) => Some(m),
                None => node.fields.get(done - node.ops.len()).map(|(_, v)| match v {
                    DiValue::Md(m) => *m,
                    _ => Md::Null,
                }),
            };
            let Some(m) = next else {
                stack.pop();
                continue;
            };
            if let Some(top) = stack.last_mut() {
                top.1 += 1;
            }
            match m {
                Md::Node(child) if self.visited_md.insert(child.0 as usize) && c.md(child).kind != MdKind::ArgList => {
                    stack.push((child, 0));
                }
                Md::Const(k) => self.konst(k),
                _ => {}
            }
        }
        self.md_stack = stack;
    }

    fn attrs(&mut self, a: AttrsId) {
        for at in self.c.attrs_of(a) {
            if let AttrArg::Type(t) = at.arg {
                self.ty(t);
            }
        }
    }

    fn attr_list(&mut self, l: &AttrList) {
        self.attrs(l.func);
        self.attrs(l.ret);
        for &p in &l.params {
            self.attrs(p);
        }
    }

    fn value(&mut self, v: Value) {
        match v {
            Value::Const(k) => self.konst(k),
            Value::Md(m) => self.md_value(m),
            _ => {}
        }
    }

    fn run(&mut self, m: &Module) {
        let c = self.c;
        // Once every identified struct is found, the rest of the walk finds nothing new.
        let all = c.structs.len();
        if all == 0 {
            return;
        }
        for &g in &m.vars {
            let gl = &m.globals[g];
            self.ty(gl.value_ty);
            if let Some(i) = gl.var.init {
                self.konst(i);
            }
        }
        for &g in &m.aliases {
            let gl = &m.globals[g];
            self.ty(gl.value_ty);
            if let Some(t) = gl.target {
                self.konst(t);
            }
        }
        for &g in &m.ifuncs {
            self.ty(m.globals[g].value_ty);
        }
        let dbg = c.names.lookup(b"dbg");
        for &g in &m.functions {
            if self.structs.len() == all {
                return;
            }
            let gl = &m.globals[g];
            self.ty(gl.value_ty);
            let Some(fd) = gl.func.as_deref() else { continue };
            self.attr_list(&fd.attrs);
            for k in [fd.personality, fd.prefix, fd.prologue].into_iter().flatten() {
                self.konst(k);
            }
            let Some(body) = fd.body.as_ref() else { continue };
            for &b in &body.layout {
                for &i in &body.blocks[b].insts {
                    if self.structs.len() == all {
                        return;
                    }
                    let inst = &body.insts[i];
                    self.ty(inst.ty);
                    match &inst.extra {
                        InstExtra::Call(cd) => {
                            let n = cd.num_args as usize;
                            for &v in inst.operands.iter().skip(1).take(n) {
                                self.value(v);
                            }
                            for b in &cd.bundles {
                                for &v in &b.inputs {
                                    self.value(v);
                                }
                            }
                            if let Some(&callee) = inst.operands.first() {
                                self.value(callee);
                            }
                        }
                        InstExtra::LandingPad(cl) => {
                            for cl in cl {
                                let (llrs_ir::instructions::Clause::Catch(v)
                                | llrs_ir::instructions::Clause::Filter(v)) = *cl;
                                self.value(v);
                            }
                        }
                        _ => {
                            for &v in &inst.operands {
                                self.value(v);
                            }
                        }
                    }
                    match &inst.extra {
                        InstExtra::Gep(t) if inst.op == Opcode::GetElementPtr => self.ty(*t),
                        InstExtra::Alloca { ty, .. } => self.ty(*ty),
                        InstExtra::Call(cd) => self.attr_list(&cd.attrs),
                        _ => {}
                    }
                    for &(k, n) in &inst.md {
                        if Some(k) != dbg {
                            self.md_node(n);
                        }
                    }
                    for r in &inst.dbg_records {
                        if r.kind == DbgKind::Label {
                            continue;
                        }
                        self.md_value(r.loc);
                    }
                }
            }
        }
        for (_, ops) in &m.named_md {
            for &n in ops {
                self.md_node(n);
            }
        }
    }
}
