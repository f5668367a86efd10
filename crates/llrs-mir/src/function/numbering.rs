//! How llc numbers what the body refers to, once the function is read: virtual registers in
//! order of first reference, blocks by position, stack objects in order, fixed stack objects
//! in reverse order, constant pool entries after sharing, jump tables in order. The printers
//! of the fields here and of the body (`mi`) must use the same numbers: llc reprints every
//! reference with the new number (MIRParser's `PerFunctionMIParsingState` slots, then
//! MIRPrinter's numbering).

use rustc_hash::FxHashMap;

use super::facts::BodyFacts;
use super::model::MachineFunction;
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
        let n = mf.fixed_stack.len() as u32;
        Numbering {
            vregs: VRegNumbering::new(mf, facts),
            stack: mf.stack.iter().enumerate().map(|(i, o)| (o.id.value, i as u32)).collect(),
            fixed_stack: mf.fixed_stack.iter().enumerate().map(|(i, o)| (o.id.value, n - 1 - i as u32)).collect(),
            constants: mf.constant_slots.iter().copied().collect(),
            jump_tables: mf.jump_table.entries.iter().enumerate().map(|(i, e)| (e.id.value, i as u32)).collect(),
        }
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

/// llc's numbering of virtual registers: in order of first reference (`registers:` with each
/// entry's preferred register, then `liveins:`, then the body), with the class of each.
pub struct VRegNumbering {
    /// Written number → new number.
    pub map: rustc_hash::FxHashMap<u32, u32>,
    /// Per new number: the written number, the class, the preferred register and the flags
    /// as written.
    pub regs: Vec<(u32, String, String, Vec<StrVal>)>,
}

impl VRegNumbering {
    /// Numbers the virtual registers of `mf` as llc does.
    pub fn new(mf: &MachineFunction, facts: &BodyFacts) -> Self {
        let mut v = VRegNumbering { map: Default::default(), regs: Vec::new() };
        for r in &mf.registers {
            v.note(r.id.value, Some(&r.class.value), &r.preferred_register.value);
            if let Some(&i) = v.map.get(&r.id.value) {
                if v.regs[i as usize].3.is_empty() {
                    v.regs[i as usize].3 = r.flags.clone();
                }
            }
            if let Some(p) = vreg_of(&r.preferred_register.value) {
                v.note(p, None, "");
            }
        }
        for l in &mf.liveins {
            if let Some(p) = vreg_of(&l.virtual_reg.value) {
                v.note(p, None, "");
            }
        }
        for (n, class) in &facts.vregs {
            v.note(*n, class.as_deref(), "");
        }
        v
    }

    fn note(&mut self, n: u32, class: Option<&str>, preferred: &str) {
        match self.map.get(&n) {
            Some(&i) => {
                let r = &mut self.regs[i as usize];
                if r.1.is_empty() {
                    if let Some(c) = class {
                        r.1 = c.to_string();
                    }
                }
                if r.2.is_empty() {
                    r.2 = preferred.to_string();
                }
            }
            None => {
                self.map.insert(n, self.regs.len() as u32);
                self.regs.push((n, class.unwrap_or("").to_string(), preferred.to_string(), Vec::new()));
            }
        }
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
