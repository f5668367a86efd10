//! How llc numbers what the body refers to, once the function is read: virtual registers in
//! order of first reference, blocks by position, stack objects in order, fixed stack objects
//! in reverse order, constant pool entries after sharing, jump tables in order. The printers
//! of the fields here and of the body (`mi`) must use the same numbers: llc reprints every
//! reference with the new number (MIRParser's `PerFunctionMIParsingState` slots, then
//! MIRPrinter's numbering).

use rustc_hash::FxHashMap;

use super::facts::BodyFacts;
use super::model::MachineFunction;
use crate::mi::VRegName;
use crate::yaml::input::StrVal;

/// Written number → llc's number, for each kind of reference.
pub struct Numbering {
    /// Virtual registers.
    pub vregs: VRegNumbering,
    /// `%stack.N`.
    pub stack: FxHashMap<u32, u32>,
    /// `%fixed-stack.N`.
    pub fixed_stack: FxHashMap<u32, u32>,
    /// `%const.N`.
    pub constants: FxHashMap<u32, u32>,
    /// `%jump-table.N`.
    pub jump_tables: FxHashMap<u32, u32>,
}

impl Numbering {
    /// The numbering of `mf` (its constants as `parse` left them).
    pub fn new(mf: &MachineFunction, facts: &BodyFacts) -> Self {
        let (stack, fixed_stack) = Numbering::frame_objects(mf);
        Numbering {
            vregs: VRegNumbering::new(mf, facts),
            stack,
            fixed_stack,
            constants: mf.constant_slots.iter().copied().collect(),
            jump_tables: mf.jump_table.entries.iter().enumerate().map(|(i, e)| (e.id.value, i as u32)).collect(),
        }
    }

    /// The numbers of the stack objects (in order) and of the fixed stack objects (in reverse
    /// order: llc creates them from the last).
    pub fn frame_objects(mf: &MachineFunction) -> (FxHashMap<u32, u32>, FxHashMap<u32, u32>) {
        let n = mf.fixed_stack.len() as u32;
        (
            mf.stack.iter().enumerate().map(|(i, o)| (o.id.value, i as u32)).collect(),
            mf.fixed_stack.iter().enumerate().map(|(i, o)| (o.id.value, n - 1 - i as u32)).collect(),
        )
    }

    /// A frame index (`%stack.N`, `%fixed-stack.N`) with llc's number, without a name.
    pub fn frame_index(&self, text: &str) -> String {
        let renumber =
            |rest: &str, map: &FxHashMap<u32, u32>| rest.parse::<u32>().ok().and_then(|id| map.get(&id).copied());
        if let Some(i) = text.strip_prefix("%stack.").and_then(|r| renumber(r, &self.stack)) {
            return format!("%stack.{i}");
        }
        if let Some(i) = text.strip_prefix("%fixed-stack.").and_then(|r| renumber(r, &self.fixed_stack)) {
            return format!("%fixed-stack.{i}");
        }
        text.to_string()
    }

    /// A `%stack.N[.name]` or `%fixed-stack.N` reference as llc reprints it: with the object's
    /// new number and its alloca's name.
    pub fn stack_reference(&self, mf: &MachineFunction, text: &str) -> String {
        if let Some(rest) = text.strip_prefix("%stack.") {
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            if let Some(&i) = rest[..digits].parse::<u32>().ok().and_then(|id| self.stack.get(&id)) {
                let name = mf.stack.get(i as usize).map_or("", |o| o.name.value.as_str());
                return if name.is_empty() { format!("%stack.{i}") } else { format!("%stack.{i}.{name}") };
            }
        } else if let Some(rest) = text.strip_prefix("%fixed-stack.") {
            if let Some(&i) = rest.parse::<u32>().ok().and_then(|id| self.fixed_stack.get(&id)) {
                return format!("%fixed-stack.{i}");
            }
        }
        text.to_string()
    }
}

/// llc's numbering of virtual registers: in creation order (`registers:` with each entry's
/// preferred register, then `liveins:`, then the body, as the body parser made them), with
/// the class of each.
pub struct VRegNumbering {
    /// Written number → new number.
    pub map: rustc_hash::FxHashMap<u32, u32>,
    /// Per new number: the written number (`None`: a named register, which `registers:` does
    /// not list), the class, the preferred register and the flags as written.
    pub regs: Vec<(Option<u32>, String, String, Vec<StrVal>)>,
}

impl VRegNumbering {
    /// Numbers the virtual registers of `mf` as llc does.
    pub fn new(mf: &MachineFunction, facts: &BodyFacts) -> Self {
        let mut v = VRegNumbering { map: Default::default(), regs: Vec::with_capacity(facts.vregs.len()) };
        let mut declared: rustc_hash::FxHashMap<u32, usize> = Default::default();
        for (i, r) in mf.registers.iter().enumerate() {
            declared.entry(r.id.value).or_insert(i);
        }
        for reg in &facts.vregs {
            let class = facts.class_of(reg);
            let n = match &reg.0 {
                VRegName::Number(n) => Some(*n),
                VRegName::Named(_) => None,
            };
            let (preferred, flags) = match n.and_then(|n| declared.get(&n)).and_then(|&i| mf.registers.get(i)) {
                Some(r) => (r.preferred_register.value.clone(), r.flags.clone()),
                None => (String::new(), Vec::new()),
            };
            if let Some(n) = n {
                v.map.entry(n).or_insert(v.regs.len() as u32);
            }
            v.regs.push((n, class.to_string(), preferred, flags));
        }
        v
    }

    /// A register reference with a virtual register renumbered.
    pub fn rename(&self, text: &str) -> String {
        match vreg_of(text).and_then(|n| self.map.get(&n)) {
            Some(i) => format!("%{i}"),
            None => text.to_string(),
        }
    }
}

/// The number of a `%N` reference.
fn vreg_of(text: &str) -> Option<u32> {
    text.strip_prefix('%')?.parse().ok()
}
