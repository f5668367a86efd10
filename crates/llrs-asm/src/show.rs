//! `Display` for the parts of a module, as LLVM prints them: types, values, instructions,
//! functions and metadata, with the numbers `llvm-dis` gives them.
//!
//! ```
//! let m = llrs_asm::parse_module(b"define i32 @f(i32 %x) {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n", "t.ll")
//!     .expect("parses");
//! let f = m.function_named("f").expect("defined");
//! let body = m.globals[f].func.as_ref().and_then(|fd| fd.body.as_ref()).expect("a body");
//! let show = llrs_asm::Show::new(&m);
//! let first = body.blocks[body.layout[0]].insts[0];
//! assert_eq!(show.inst(f, first).to_string(), "  %y = add i32 %x, 1");
//! assert_eq!(show.value(f, llrs_ir::Value::Inst(first)).to_string(), "i32 %y");
//! assert!(show.function(f).to_string().starts_with("define i32 @f(i32 %x) {\n"));
//! ```

use crate::ValuePrinter;
use llrs_ir::metadata::Md;
use llrs_ir::module::GlobalId;
use llrs_ir::{InstId, Module, TypeId, Value};
use std::cell::RefCell;
use std::fmt;

/// Shows parts of one module. Numbering the module's metadata is done once, when it is made:
/// make one and show many things with it.
pub struct Show<'m> {
    printer: RefCell<ValuePrinter<'m>>,
}

/// One part of a module, to be formatted with `{}`.
pub struct Shown<'s, 'm> {
    show: &'s Show<'m>,
    what: What,
}

#[derive(Clone, Copy)]
enum What {
    Type(TypeId),
    Inst(GlobalId, InstId),
    Value(GlobalId, Value),
    Global(GlobalId),
    Function(GlobalId),
    Metadata(Md),
}

impl<'m> Show<'m> {
    /// Shows parts of `m`.
    pub fn new(m: &'m Module) -> Self {
        Show { printer: RefCell::new(ValuePrinter::new(m)) }
    }

    /// A type: `i32`, `ptr`, `{ i32, ptr }`, `%struct.S`.
    pub fn ty(&self, t: TypeId) -> Shown<'_, 'm> {
        Shown { show: self, what: What::Type(t) }
    }

    /// Instruction `i` of function `f`, as its line in the function (indented, no newline).
    pub fn inst(&self, f: GlobalId, i: InstId) -> Shown<'_, 'm> {
        Shown { show: self, what: What::Inst(f, i) }
    }

    /// A value of function `f` (or a constant) as an operand, with its type: `i32 %x`,
    /// `label %bb`, `ptr @g`, `i32 7`.
    pub fn value(&self, f: GlobalId, v: Value) -> Shown<'_, 'm> {
        Shown { show: self, what: What::Value(f, v) }
    }

    /// A global value as an operand: `ptr @g`.
    pub fn global(&self, g: GlobalId) -> Shown<'_, 'm> {
        Shown { show: self, what: What::Global(g) }
    }

    /// A whole function, definition or declaration, ending in a newline.
    pub fn function(&self, f: GlobalId) -> Shown<'_, 'm> {
        Shown { show: self, what: What::Function(f) }
    }

    /// Metadata: a node as `!N = !{...}` (inline nodes as themselves), a string, a value.
    pub fn metadata(&self, md: Md) -> Shown<'_, 'm> {
        Shown { show: self, what: What::Metadata(md) }
    }
}

impl fmt::Display for Shown<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Ok(mut p) = self.show.printer.try_borrow_mut() else { return Err(fmt::Error) };
        let mut out = String::new();
        match self.what {
            What::Type(t) => p.ty(t, &mut out),
            What::Inst(g, i) => p.instruction(g, i, &mut out),
            What::Value(g, v) => p.operand(g, v, &mut out),
            What::Global(g) => p.global(g, &mut out),
            What::Function(g) => p.function(g, &mut out),
            What::Metadata(md) => p.metadata(md, &mut out),
        }
        drop(p);
        f.write_str(&out)
    }
}

impl fmt::Debug for Shown<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
