//! Parsing of data layout strings, following `DataLayout::parseLayoutString` of LLVM 22 step by step
//! so that every malformed string is rejected with LLVM's message.

use super::{DataLayout, FunctionPtrAlignType, Mangling, PointerSpec, PrimitiveSpec};

/// `malformed specification, must be of the form "FORMAT"`.
fn format_error(format: &str) -> String {
    format!("malformed specification, must be of the form \"{format}\"")
}

/// LLVM's `to_integer(Str, unsigned, 10)`: decimal digits only (no sign, no blanks, no prefix), and
/// the value must fit in 32 bits.
fn to_u32(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut v: u64 = 0;
    for b in s.bytes() {
        v = v.checked_mul(10)?.checked_add(u64::from(b - b'0'))?;
    }
    u32::try_from(v).ok()
}

/// `StringRef::consumeInteger(10, unsigned)`: the longest run of leading digits as a 32-bit value,
/// and the rest of the string; `None` when the value does not fit.
fn consume_u32(s: &str) -> Option<(u32, &str)> {
    let end = s.bytes().position(|b| !b.is_ascii_digit()).unwrap_or(s.len());
    let v = to_u32(&s[..end])?;
    Some((v, &s[end..]))
}

/// The first character of `s` as LLVM prints a `char` (the whole character for non-ASCII input).
fn first_char(s: &str) -> char {
    s.chars().next().unwrap_or('\0')
}

const MAX_24: u32 = (1 << 24) - 1;

/// An address space component: a 24-bit integer.
fn parse_addr_space(s: &str) -> Result<u32, String> {
    if s.is_empty() {
        return Err("address space component cannot be empty".into());
    }
    match to_u32(s) {
        Some(v) if v <= MAX_24 => Ok(v),
        _ => Err("address space must be a 24-bit integer".into()),
    }
}

/// The address space of a pointer specification after its flags: `[<n>][(<name>)]`.
fn parse_addr_space_and_name(s: &str) -> Result<(u32, &str), String> {
    if s.is_empty() {
        return Err("address space component cannot be empty".into());
    }
    let mut addr_space = 0;
    let mut rest = s;
    if rest.as_bytes()[0].is_ascii_digit() {
        match consume_u32(rest) {
            Some((v, r)) if v <= MAX_24 => {
                addr_space = v;
                rest = r;
            }
            _ => return Err("address space must be a 24-bit integer".into()),
        }
    }
    if rest.is_empty() {
        return Ok((addr_space, ""));
    }
    if !rest.starts_with('(') {
        return Err("address space must be a 24-bit integer".into());
    }
    if !rest.ends_with(')') || rest.len() == 2 {
        return Err("Expected `( address space name )`".into());
    }
    // `rest` is at least "()" here, and both ends are ASCII, so these are char boundaries.
    let name = &rest[1..rest.len() - 1];
    if matches!(name, "P" | "G" | "A") {
        return Err("Cannot use predefined address space names P/G/A in data layout".into());
    }
    Ok((addr_space, name))
}

/// A size component: a non-zero 24-bit integer.
fn parse_size(s: &str, name: &str) -> Result<u32, String> {
    if s.is_empty() {
        return Err(format!("{name} component cannot be empty"));
    }
    match to_u32(s) {
        Some(v) if v != 0 && v <= MAX_24 => Ok(v),
        _ => Err(format!("{name} must be a non-zero 24-bit integer")),
    }
}

/// An alignment component in bits, returned in bytes. Zero means one byte when `allow_zero`.
fn parse_alignment(s: &str, name: &str, allow_zero: bool) -> Result<u64, String> {
    if s.is_empty() {
        return Err(format!("{name} alignment component cannot be empty"));
    }
    let value = match to_u32(s) {
        Some(v) if v <= 0xffff => v,
        _ => return Err(format!("{name} alignment must be a 16-bit integer")),
    };
    if value == 0 {
        if !allow_zero {
            return Err(format!("{name} alignment must be non-zero"));
        }
        return Ok(1);
    }
    if value % 8 != 0 || !(value / 8).is_power_of_two() {
        return Err(format!("{name} alignment must be a power of two times the byte width"));
    }
    Ok(u64::from(value / 8))
}

/// The state of one parse: the layout being filled and what is resolved at the end.
struct Parser<'a> {
    dl: &'a mut DataLayout,
    non_integral: Vec<u32>,
    names: Vec<String>,
}

impl Parser<'_> {
    /// `[ifv]<size>:<abi>[:<pref>]`
    fn primitive(&mut self, spec: &str) -> Result<(), String> {
        let specifier = spec.as_bytes()[0];
        let comps: Vec<&str> = spec[1..].split(':').collect();
        if comps.len() < 2 || comps.len() > 3 {
            return Err(format_error(&format!("{}<size>:<abi>[:<pref>]", specifier as char)));
        }
        let bit_width = parse_size(comps[0], "size")?;
        let abi_align = parse_alignment(comps[1], "ABI", false)?;
        if specifier == b'i' && bit_width == 8 && abi_align != 1 {
            return Err("i8 must be 8-bit aligned".into());
        }
        let pref_align = match comps.get(2) {
            Some(c) => parse_alignment(c, "preferred", false)?,
            None => abi_align,
        };
        if pref_align < abi_align {
            return Err("preferred alignment cannot be less than the ABI alignment".into());
        }
        let specs = match specifier {
            b'i' => &mut self.dl.int_specs,
            b'f' => &mut self.dl.float_specs,
            _ => &mut self.dl.vector_specs,
        };
        set_primitive_spec(specs, PrimitiveSpec { bit_width, abi_align, pref_align });
        Ok(())
    }

    /// `a:<abi>[:<pref>]` (a size of zero is tolerated before the colon).
    fn aggregate(&mut self, spec: &str) -> Result<(), String> {
        let comps: Vec<&str> = spec[1..].split(':').collect();
        if comps.len() < 2 || comps.len() > 3 {
            return Err(format_error("a:<abi>[:<pref>]"));
        }
        if !comps[0].is_empty() && to_u32(comps[0]) != Some(0) {
            return Err("size must be zero".into());
        }
        let abi_align = parse_alignment(comps[1], "ABI", true)?;
        let pref_align = match comps.get(2) {
            Some(c) => parse_alignment(c, "preferred", false)?,
            None => abi_align,
        };
        if pref_align < abi_align {
            return Err("preferred alignment cannot be less than the ABI alignment".into());
        }
        self.dl.struct_abi_align = abi_align;
        self.dl.struct_pref_align = pref_align;
        Ok(())
    }

    /// `p[<flags>][<n>][(<name>)]:<size>:<abi>[:<pref>[:<idx>]]`
    fn pointer(&mut self, spec: &str) -> Result<(), String> {
        let comps: Vec<&str> = spec[1..].split(':').collect();
        if comps.len() < 3 || comps.len() > 5 {
            return Err(format_error("p[<n>]:<size>:<abi>[:<pref>[:<idx>]]"));
        }
        let mut external_state = false;
        let mut unstable = false;
        let mut rest = comps[0];
        while let Some(&c) = rest.as_bytes().first() {
            match c {
                b'e' => external_state = true,
                b'u' => unstable = true,
                c if c.is_ascii_alphabetic() => {
                    return Err(format!("'{}' is not a valid pointer specification flag", c as char));
                }
                _ => break,
            }
            rest = &rest[1..];
        }
        let (addr_space, name) = if rest.is_empty() { (0, "") } else { parse_addr_space_and_name(rest)? };
        if addr_space == 0 && (external_state || unstable) {
            return Err("address space 0 cannot be unstable or have external state".into());
        }
        if !name.is_empty() {
            if self.names.iter().any(|n| n == name) {
                return Err(format!("address space name `{name}` already used"));
            }
            self.names.push(name.to_string());
        }
        let bit_width = parse_size(comps[1], "pointer size")?;
        let abi_align = parse_alignment(comps[2], "ABI", false)?;
        let pref_align = match comps.get(3) {
            Some(c) => parse_alignment(c, "preferred", false)?,
            None => abi_align,
        };
        if pref_align < abi_align {
            return Err("preferred alignment cannot be less than the ABI alignment".into());
        }
        let index_bit_width = match comps.get(4) {
            Some(c) => parse_size(c, "index size")?,
            None => bit_width,
        };
        if index_bit_width > bit_width {
            return Err("index size cannot be larger than the pointer size".into());
        }
        self.dl.set_pointer_spec(PointerSpec {
            addr_space,
            bit_width,
            abi_align,
            pref_align,
            index_bit_width,
            unstable,
            external_state,
            name: name.to_string(),
        });
        Ok(())
    }

    /// One `-`-separated specification.
    fn specification(&mut self, spec: &str) -> Result<(), String> {
        // "ni" is the only two-character specifier.
        if let Some(rest) = spec.strip_prefix("ni") {
            let Some(rest) = rest.strip_prefix(':') else {
                return Err(format_error("ni:<address space>[:<address space>]..."));
            };
            for s in rest.split(':') {
                let addr_space = parse_addr_space(s)?;
                if addr_space == 0 {
                    return Err("address space 0 cannot be non-integral".into());
                }
                self.non_integral.push(addr_space);
            }
            return Ok(());
        }
        let specifier = spec.as_bytes()[0];
        match specifier {
            b'i' | b'f' | b'v' => return self.primitive(spec),
            b'a' => return self.aggregate(spec),
            b'p' => return self.pointer(spec),
            _ => {}
        }
        if !specifier.is_ascii() {
            return Err(format!("unknown specifier '{}'", first_char(spec)));
        }
        let rest = &spec[1..];
        match specifier {
            // Deprecated and ignored, whatever follows.
            b's' => {}
            b'e' | b'E' => {
                if !rest.is_empty() {
                    return Err("malformed specification, must be just 'e' or 'E'".into());
                }
                self.dl.big_endian = specifier == b'E';
            }
            b'n' => {
                for s in rest.split(':') {
                    let width = parse_size(s, "size")?;
                    // LLVM keeps native widths in `unsigned char`s: wider values wrap.
                    self.dl.legal_int_widths.push(width as u8);
                }
            }
            b'S' => {
                if rest.is_empty() {
                    return Err(format_error("S<size>"));
                }
                self.dl.stack_natural_align = Some(parse_alignment(rest, "stack natural", false)?);
            }
            b'F' => {
                if rest.is_empty() {
                    return Err(format_error("F<type><abi>"));
                }
                self.dl.function_ptr_align_type = match rest.as_bytes()[0] {
                    b'i' => FunctionPtrAlignType::Independent,
                    b'n' => FunctionPtrAlignType::MultipleOfFunctionAlign,
                    _ => return Err(format!("unknown function pointer alignment type '{}'", first_char(rest))),
                };
                self.dl.function_ptr_align = Some(parse_alignment(&rest[1..], "ABI", false)?);
            }
            b'P' | b'A' | b'G' => {
                if rest.is_empty() {
                    return Err(format_error(&format!("{}<address space>", specifier as char)));
                }
                let addr_space = parse_addr_space(rest)?;
                match specifier {
                    b'P' => self.dl.program_addr_space = addr_space,
                    b'A' => self.dl.alloca_addr_space = addr_space,
                    _ => self.dl.globals_addr_space = addr_space,
                }
            }
            b'm' => {
                let mode = match rest.strip_prefix(':') {
                    Some(m) if !m.is_empty() => m,
                    _ => return Err(format_error("m:<mangling>")),
                };
                self.dl.mangling = match mode {
                    "e" => Mangling::Elf,
                    "l" => Mangling::Goff,
                    "o" => Mangling::MachO,
                    "m" => Mangling::Mips,
                    "w" => Mangling::WinCoff,
                    "x" => Mangling::WinCoffX86,
                    "a" => Mangling::XCoff,
                    _ => return Err("unknown mangling mode".into()),
                };
            }
            _ => return Err(format!("unknown specifier '{}'", specifier as char)),
        }
        Ok(())
    }
}

/// Sets or updates the specification of one bit width, keeping the list sorted by width.
fn set_primitive_spec(specs: &mut Vec<PrimitiveSpec>, spec: PrimitiveSpec) {
    match specs.binary_search_by_key(&spec.bit_width, |s| s.bit_width) {
        Ok(i) => specs[i] = spec,
        Err(i) => specs.insert(i, spec),
    }
}

/// Parses `s` over LLVM's defaults into `dl`.
pub(super) fn parse_layout_string(dl: &mut DataLayout, s: &str) -> Result<(), String> {
    dl.repr = s.to_string();
    if s.is_empty() {
        return Ok(());
    }
    let mut p = Parser { dl, non_integral: Vec::new(), names: Vec::new() };
    for spec in s.split('-') {
        if spec.is_empty() {
            return Err("empty specification is not allowed".into());
        }
        p.specification(spec)?;
    }
    // Non-integral address spaces are marked once every pointer specification is known; one
    // without a specification of its own gets a copy of address space 0's.
    let Parser { dl, non_integral, .. } = p;
    for addr_space in non_integral {
        let base = dl.pointer_spec(addr_space).clone();
        let name = dl.address_space_name(addr_space).to_string();
        dl.set_pointer_spec(PointerSpec { addr_space, unstable: true, external_state: false, name, ..base });
    }
    Ok(())
}
