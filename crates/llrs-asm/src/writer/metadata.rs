//! Metadata: operand order of nodes (for numbering), and printing of references and node bodies.

use super::names::{write_escaped, write_i64, write_md_identifier, write_u64};
use super::Writer;
use llrs_ir::di_tables::di_node_spec;
use llrs_ir::metadata::{DiValue, Local, Md, MdId, MdKind};
use llrs_ir::{Context, Symbol, Value};
use smallvec::SmallVec;

/// The operands each kind of specialized node is walked in, as symbols of one context: looked
/// up once per kind, then compared as symbols (a name the context never interned names no
/// field).
#[derive(Default, Clone)]
pub struct OperandOrders(rustc_hash::FxHashMap<Symbol, Box<[(Symbol, bool)]>>);

impl OperandOrders {
    /// The order of `kind`'s operands: each name's symbol, and whether the walk skips it (a name
    /// starting with `_`, which still counts as ordered).
    fn of(&mut self, c: &Context, kind: Symbol) -> &[(Symbol, bool)] {
        self.0.entry(kind).or_insert_with(|| {
            let names: &[&str] =
                std::str::from_utf8(c.name(kind)).ok().and_then(di_node_spec).map(|s| s.operand_order).unwrap_or(&[]);
            names.iter().filter_map(|name| Some((c.names.lookup(name.as_bytes())?, name.starts_with('_')))).collect()
        })
    }
}

/// The `MDNode` operands of node `n`, in operand order (what `CreateMetadataSlot` recurses into).
/// Specialized nodes use [`llrs_ir::di_tables`]' operand order; fields it does not list follow
/// in print order.
pub fn node_operands(c: &Context, n: MdId, orders: &mut OperandOrders) -> SmallVec<[MdId; 8]> {
    let node = c.md(n);
    let mut v = SmallVec::new();
    let push = |v: &mut SmallVec<[MdId; 8]>, val: &DiValue| match val {
        DiValue::Md(Md::Node(x)) => v.push(*x),
        DiValue::List(items) => {
            for m in items.iter() {
                if let Md::Node(x) = m {
                    v.push(*x);
                }
            }
        }
        _ => {}
    };
    match node.kind {
        // A location's operands are its scope and `inlinedAt`, in that order.
        MdKind::Tuple | MdKind::Location { .. } => {
            for o in &node.ops {
                if let Md::Node(x) = o {
                    v.push(*x);
                }
            }
        }
        MdKind::Special(kw) => {
            let order = orders.of(c, kw);
            for &(name, skip) in order {
                if skip {
                    continue;
                }
                for (f, val) in &node.fields {
                    if *f == Some(name) {
                        push(&mut v, val);
                    }
                }
            }
            for (f, val) in &node.fields {
                if !f.is_some_and(|f| order.iter().any(|&(o, _)| o == f)) {
                    push(&mut v, val);
                }
            }
            for o in &node.ops {
                if let Md::Node(x) = o {
                    v.push(*x);
                }
            }
        }
        MdKind::Expression | MdKind::ArgList => {}
    }
    v
}

/// The indices of a node's fields in the order AsmWriter prints them: a specialized node's
/// fields follow [`llrs_ir::di_tables`]' print order (stable; unknown fields last), other kinds
/// keep their stored order.
fn field_print_order(c: &Context, n: MdId) -> SmallVec<[usize; 16]> {
    let node = c.md(n);
    let mut idx: SmallVec<[usize; 16]> = (0..node.fields.len()).collect();
    let MdKind::Special(kw) = node.kind else { return idx };
    let Some(spec) = llrs_ir::di_tables::di_node_spec_bytes(c.name(kw)) else { return idx };
    // Fields are usually in print order already (the reader puts them so): each is looked for
    // from just after the last one found.
    let mut hint = 0;
    let mut rank = |i: usize| -> usize {
        let Some(f) = node.fields[i].0 else { return usize::MAX };
        match spec.print_index(c.name(f), hint) {
            Some(j) => {
                hint = j + 1;
                j
            }
            None => usize::MAX,
        }
    };
    let ranks: SmallVec<[usize; 16]> = idx.iter().map(|&i| rank(i)).collect();
    if ranks.windows(2).any(|w| w[0] > w[1]) {
        idx.sort_by_key(|&i| ranks[i]);
    }
    idx
}

impl Writer<'_> {
    /// `WriteAsOperandInternal` for metadata (`writeMetadataAsOperand` when `null` is allowed).
    pub(super) fn write_md(&mut self, m: Md) {
        match m {
            Md::Null => self.out.extend_from_slice(b"null"),
            Md::Node(n) => self.write_md_node_ref(n),
            Md::Str(s) => {
                self.out.extend_from_slice(b"!\"");
                write_escaped(&mut self.out, self.c.name(s));
                self.out.push(b'"');
            }
            Md::Const(k) => {
                let t = self.c.const_of(k).ty();
                self.write_type(t);
                self.out.push(b' ');
                self.write_const(k);
            }
            Md::Local(l) => {
                let v = match l {
                    Local::Arg(a) => Value::Arg(a),
                    Local::Inst(i) => Value::Inst(i),
                };
                self.write_typed_value(v);
            }
        }
    }

    /// A reference to a node: `!N`, or the node inline for DIExpression and DIArgList.
    pub(super) fn write_md_node_ref(&mut self, n: MdId) {
        let node = self.c.md(n);
        match node.kind {
            MdKind::Expression | MdKind::ArgList => self.write_md_body(n),
            _ => {
                if let Some(index) = self.streaming {
                    if super::late(false, index, false) {
                        // Tests: as if this node were met unnumbered.
                        self.switch_in_order(index);
                    }
                }
                let slot = match self.slots.md.get(n) {
                    Some(s) => Some(s),
                    // Numbered as met, in printing order: only printing in order knows it.
                    None if self.slots_ready => match self.streaming {
                        Some(index) => {
                            self.switch_in_order(index);
                            std::sync::Arc::make_mut(&mut self.slots).late_md(self.c, n)
                        }
                        None => {
                            self.out_of_order = true;
                            None
                        }
                    },
                    None => std::sync::Arc::make_mut(&mut self.slots).late_md(self.c, n),
                };
                match slot {
                    Some(s) => {
                        self.out.push(b'!');
                        write_u64(&mut self.out, s as u64);
                    }
                    None => self.out.extend_from_slice(b"<badref>"),
                }
            }
        }
    }

    /// The body of a node, as after `!N = `.
    pub(super) fn write_md_body(&mut self, n: MdId) {
        let c = self.c;
        let node = c.md(n);
        if node.distinct {
            self.out.extend_from_slice(b"distinct ");
        }
        match node.kind {
            MdKind::Tuple => {
                self.out.extend_from_slice(b"!{");
                for (i, &o) in node.ops.iter().enumerate() {
                    if i > 0 {
                        self.out.extend_from_slice(b", ");
                    }
                    self.write_md(o);
                }
                self.out.push(b'}');
            }
            MdKind::Expression => {
                self.out.extend_from_slice(b"!DIExpression(");
                // `writeDIExpression`: a valid expression as its operations by name with their
                // arguments as numbers (a conversion's encoding by name), an invalid one as
                // numbers.
                match llrs_ir::di_expr::elements(c, node) {
                    Some(elems) if !llrs_ir::di_expr::is_valid(&elems) => {
                        for (k, &e) in elems.iter().enumerate() {
                            if k > 0 {
                                self.out.extend_from_slice(b", ");
                            }
                            write_u64(&mut self.out, e);
                        }
                    }
                    Some(elems) if !elems.is_empty() => {
                        if !write_expression_ops(&mut self.out, &elems) {
                            self.write_fields(n);
                        }
                    }
                    _ => self.write_fields(n),
                }
                self.out.push(b')');
            }
            MdKind::ArgList => {
                self.out.extend_from_slice(b"!DIArgList(");
                for (i, &o) in node.ops.iter().enumerate() {
                    if i > 0 {
                        self.out.extend_from_slice(b", ");
                    }
                    self.write_md(o);
                }
                self.out.push(b')');
            }
            MdKind::Special(kw) => {
                self.out.push(b'!');
                self.out.extend_from_slice(c.name(kw));
                self.out.push(b'(');
                self.write_fields(n);
                self.out.push(b')');
            }
            MdKind::Location { .. } => {
                if let Some(loc) = node.as_location() {
                    self.write_location(&loc);
                }
            }
        }
    }

    /// `writeDILocation`: the line always, the column unless 0, the scope (even null), the
    /// `inlinedAt` unless null, `isImplicitCode` when set, `atomGroup` and `atomRank` unless 0.
    fn write_location(&mut self, loc: &llrs_ir::metadata::Location) {
        self.out.extend_from_slice(b"!DILocation(line: ");
        write_u64(&mut self.out, u64::from(loc.line));
        if loc.column != 0 {
            self.out.extend_from_slice(b", column: ");
            write_u64(&mut self.out, u64::from(loc.column));
        }
        self.out.extend_from_slice(b", scope: ");
        self.write_md(loc.scope);
        if loc.inlined_at != Md::Null {
            self.out.extend_from_slice(b", inlinedAt: ");
            self.write_md(loc.inlined_at);
        }
        if loc.implicit {
            self.out.extend_from_slice(b", isImplicitCode: true");
        }
        if loc.atom_group != 0 {
            self.out.extend_from_slice(b", atomGroup: ");
            write_u64(&mut self.out, loc.atom_group);
        }
        if loc.atom_rank != 0 {
            self.out.extend_from_slice(b", atomRank: ");
            write_u64(&mut self.out, u64::from(loc.atom_rank));
        }
        self.out.push(b')');
    }

    fn write_fields(&mut self, n: MdId) {
        let c = self.c;
        let node = c.md(n);
        let order = field_print_order(c, n);
        for (i, &fi) in order.iter().enumerate() {
            let (name, val) = &node.fields[fi];
            if i > 0 {
                self.out.extend_from_slice(b", ");
            }
            if let Some(name) = name {
                self.out.extend_from_slice(c.name(*name));
                self.out.extend_from_slice(b": ");
            }
            match val {
                DiValue::Md(m) => self.write_md(*m),
                DiValue::Int(v) => write_i64(&mut self.out, *v),
                DiValue::Str(s) => {
                    self.out.push(b'"');
                    write_escaped(&mut self.out, c.name(*s));
                    self.out.push(b'"');
                }
                DiValue::Ident(s) => self.out.extend_from_slice(c.name(*s)),
                DiValue::BigInt(s) => self.out.extend_from_slice(c.name(*s)),
                DiValue::List(items) => {
                    self.out.push(b'{');
                    for (j, &m) in items.iter().enumerate() {
                        if j > 0 {
                            self.out.extend_from_slice(b", ");
                        }
                        self.write_md(m);
                    }
                    self.out.push(b'}');
                }
                DiValue::Flags(fl) => {
                    for (j, f) in fl.iter().enumerate() {
                        if j > 0 {
                            self.out.extend_from_slice(b" | ");
                        }
                        self.out.extend_from_slice(c.name(*f));
                    }
                }
            }
        }
    }

    /// Attachments ` !kind !N` with the given separator, sorted by kind id.
    pub(super) fn write_attachments(&mut self, md: &[(Symbol, MdId)], sep: &[u8]) {
        if md.is_empty() {
            return;
        }
        let sorted = super::slots::sorted_attachments(self.c, md);
        for (k, n) in sorted {
            self.out.extend_from_slice(sep);
            self.out.push(b'!');
            write_md_identifier(&mut self.out, self.c.name(k));
            self.out.push(b' ');
            self.write_md_node_ref(n);
        }
    }

    /// `!name = !{!0, !1}` lines.
    pub(super) fn write_named_md(&mut self) {
        let m = self.m;
        for (name, ops) in &m.named_md {
            self.out.push(b'!');
            write_md_identifier(&mut self.out, self.c.name(*name));
            self.out.extend_from_slice(b" = !{");
            for (i, &n) in ops.iter().enumerate() {
                if i > 0 {
                    self.out.extend_from_slice(b", ");
                }
                self.write_md_node_ref(n);
            }
            self.out.extend_from_slice(b"}\n");
        }
    }

    /// Every numbered node: `!N = ...`.
    pub(super) fn write_all_md(&mut self, sink: &mut super::Sink<'_>) {
        let len = self.slots.md.order.len();
        let threads = rayon::current_num_threads();
        let mut i = 0;
        if !self.in_order && threads >= 2 && len >= self.parallel_min {
            // Every node to print is numbered: parts of the list print on every thread.
            let chunk = len.div_ceil(threads * 16);
            let starts: Vec<usize> = (0..len).step_by(chunk).collect();
            let late = self.print_parts(
                &starts,
                sink,
                true,
                |&start| start,
                |w, &start| {
                    for i in start..(start + chunk).min(len) {
                        w.write_md_def(i);
                    }
                },
            );
            // A node numbered as met: go on in order from that part, as printing in order
            // reaches it with the same numbers.
            match late {
                None => return,
                Some(p) => i = starts[p],
            }
            self.slots_ready = false;
        }
        // Printing may number nodes met late; keep going until every one is written.
        while i < self.slots.md.order.len() {
            self.write_md_def(i);
            i += 1;
            if i % 1024 == 0 {
                self.flush_out(sink, super::FLUSH_MIN);
            }
        }
    }

    /// `!I = node` for the node numbered `i`.
    fn write_md_def(&mut self, i: usize) {
        let n = self.slots.md.order[i];
        self.out.push(b'!');
        write_u64(&mut self.out, i as u64);
        self.out.extend_from_slice(b" = ");
        self.write_md_body(n);
        self.out.push(b'\n');
    }
}

/// The operations of a valid expression as LLVM prints them; `false` (and nothing written) when
/// an operation has no name.
fn write_expression_ops(out: &mut Vec<u8>, elems: &[u64]) -> bool {
    use llrs_ir::di_expr::{ate_name, op, op_size};
    let start = out.len();
    let text = out;
    let mut i = 0;
    while i < elems.len() {
        let o = elems[i];
        let Some(name) = crate::parser::dwarf_op_name(o) else {
            text.truncate(start);
            return false;
        };
        if i > 0 {
            text.extend_from_slice(b", ");
        }
        text.extend_from_slice(name.as_bytes());
        let size = op_size(o);
        for (a, &arg) in elems.iter().enumerate().skip(i + 1).take(size - 1) {
            text.extend_from_slice(b", ");
            match (o == op::LLVM_CONVERT && a == i + 2).then(|| ate_name(arg)).flatten() {
                Some(ate) => text.extend_from_slice(ate.as_bytes()),
                None => write_u64(text, arg),
            }
        }
        i += size;
    }
    true
}
