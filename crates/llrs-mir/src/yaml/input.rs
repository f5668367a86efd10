//! Reading the node tree as LLVM's `yaml::Input` does: required and optional keys in the
//! mapping traits' order, `unknown key` once a mapping's known keys are read, and the scalar
//! conversions of `ScalarTraits` with their messages.

use super::tree::{Kind, Mark, Node, Style};

/// An error of the YAML layer (`yaml::Input::setError`): a message at a node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct YamlError {
    /// Where.
    pub at: Mark,
    /// LLVM's message.
    pub message: String,
}

impl YamlError {
    /// An error at `at`.
    pub fn new(at: Mark, message: impl Into<String>) -> Self {
        YamlError { at, message: message.into() }
    }
}

/// A result of the YAML layer.
pub type YResult<T> = Result<T, YamlError>;

/// A string value and where it was written (LLVM's `yaml::StringValue`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StrVal {
    /// The value.
    pub value: String,
    /// Where its node starts (its opening quote if quoted); `None` when defaulted.
    pub at: Option<Mark>,
    /// Whether it was quoted (MIRParser skips the quote when it maps inner positions).
    pub quoted: bool,
}

impl StrVal {
    /// A value with no source.
    pub fn new(value: impl Into<String>) -> Self {
        StrVal { value: value.into(), at: None, quoted: false }
    }

    /// The position of the value's first character (after an opening quote).
    pub fn inner_start(&self) -> Mark {
        let m = self.at.unwrap_or_default();
        Mark { line: m.line, col: m.col + self.quoted as u32 }
    }
}

/// An unsigned value and where it was written (LLVM's `yaml::UnsignedValue`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UVal {
    /// The value.
    pub value: u32,
    /// Where.
    pub at: Mark,
}

/// A mapping being read.
pub struct MapIn<'n> {
    node: &'n Node,
    items: &'n [(Node, Node)],
    used: Vec<bool>,
}

impl<'n> MapIn<'n> {
    /// Starts reading `node` as a mapping. A non-mapping fails at the first key read.
    pub fn new(node: &'n Node) -> Self {
        let items: &[(Node, Node)] = match &node.kind {
            Kind::Map(items) => items,
            _ => &[],
        };
        MapIn { node, items, used: vec![false; items.len()] }
    }

    fn find(&mut self, key: &str, required: bool) -> YResult<Option<&'n Node>> {
        match &self.node.kind {
            Kind::Map(_) => {}
            Kind::Null if !required => return Ok(None),
            _ => return Err(YamlError::new(self.node.start, "not a mapping")),
        }
        for (i, (k, v)) in self.items.iter().enumerate() {
            if k.scalar() == Some(key) {
                self.used[i] = true;
                return Ok(Some(v));
            }
        }
        if required {
            return Err(YamlError::new(self.node.start, format!("missing required key '{key}'")));
        }
        Ok(None)
    }

    /// A required key's value.
    pub fn required(&mut self, key: &str) -> YResult<&'n Node> {
        let start = self.node.start;
        self.find(key, true)?.ok_or_else(|| YamlError::new(start, format!("missing required key '{key}'")))
    }

    /// An optional key's value.
    pub fn optional(&mut self, key: &str) -> YResult<Option<&'n Node>> {
        self.find(key, false)
    }

    /// Ends the mapping: the first key not read is an `unknown key`.
    pub fn finish(self) -> YResult<()> {
        if !matches!(self.node.kind, Kind::Map(_)) {
            return Ok(());
        }
        for (i, (k, _)) in self.items.iter().enumerate() {
            if !self.used[i] {
                let name = k.scalar().unwrap_or("");
                return Err(YamlError::new(k.start, format!("unknown key '{name}'")));
            }
        }
        Ok(())
    }

    /// Reads an optional key with a converter, or the default.
    pub fn opt<T>(&mut self, key: &str, default: T, f: impl FnOnce(&Node) -> YResult<T>) -> YResult<T> {
        match self.optional(key)? {
            Some(n) => f(n),
            None => Ok(default),
        }
    }

    /// Reads a required key with a converter.
    pub fn req<T>(&mut self, key: &str, f: impl FnOnce(&Node) -> YResult<T>) -> YResult<T> {
        let n = self.required(key)?;
        f(n)
    }
}

/// Checks a mapping for a key written twice (`duplicated mapping key`), depth first.
pub fn check_duplicates(node: &Node) -> YResult<()> {
    let mut stack = vec![node];
    while let Some(n) = stack.pop() {
        match &n.kind {
            Kind::Map(items) => {
                let mut seen: rustc_hash::FxHashSet<&str> = Default::default();
                for (k, v) in items {
                    if let Some(name) = k.scalar() {
                        if !seen.insert(name) {
                            return Err(YamlError::new(k.start, format!("duplicated mapping key '{name}'")));
                        }
                    }
                    // Visit in source order: push after checking this mapping's keys.
                    let _ = v;
                }
                for (_, v) in items.iter().rev() {
                    stack.push(v);
                }
            }
            Kind::Seq(items) => stack.extend(items.iter().rev()),
            // LLVM reports an alias where its node ends: the start of the next line.
            Kind::Alias => {
                return Err(YamlError::new(Mark { line: n.start.line + 1, col: 1 }, "unknown node kind"));
            }
            _ => {}
        }
    }
    Ok(())
}

/// The scalar text of a node (`unexpected scalar` otherwise).
pub fn scalar(n: &Node) -> YResult<&str> {
    match &n.kind {
        Kind::Scalar(s, _) => Ok(s),
        _ => Err(YamlError::new(n.start, "unexpected scalar")),
    }
}

/// A string value.
pub fn string(n: &Node) -> YResult<StrVal> {
    let s = scalar(n)?;
    let quoted = matches!(&n.kind, Kind::Scalar(_, Style::SingleQuoted | Style::DoubleQuoted));
    Ok(StrVal { value: s.to_string(), at: Some(n.start), quoted })
}

/// LLVM's `yaml::parseBool`.
pub fn parse_bool(s: &str) -> Option<bool> {
    match s {
        "y" | "Y" | "yes" | "Yes" | "YES" | "true" | "True" | "TRUE" | "on" | "On" | "ON" => Some(true),
        "n" | "N" | "no" | "No" | "NO" | "false" | "False" | "FALSE" | "off" | "Off" | "OFF" => Some(false),
        _ => None,
    }
}

/// A boolean (`invalid boolean`).
pub fn boolean(n: &Node) -> YResult<bool> {
    parse_bool(scalar(n)?).ok_or_else(|| YamlError::new(n.start, "invalid boolean"))
}

/// `consumeUnsignedInteger` + all consumed, with `getAutoSenseRadix` when `radix` is 0.
pub fn get_unsigned(s: &str, radix: u32) -> Option<u64> {
    let (mut s, mut radix) = (s, radix);
    if radix == 0 {
        radix = 10;
        let b = s.as_bytes();
        if b.len() >= 2 && b[0] == b'0' && (b[1] == b'x' || b[1] == b'X') {
            s = &s[2..];
            radix = 16;
        } else if b.len() >= 2 && b[0] == b'0' && (b[1] == b'b' || b[1] == b'B') {
            s = &s[2..];
            radix = 2;
        } else if s.starts_with("0o") {
            s = &s[2..];
            radix = 8;
        } else if b.len() > 1 && b[0] == b'0' && b[1].is_ascii_digit() {
            s = &s[1..];
            radix = 8;
        }
    }
    if s.is_empty() {
        return None;
    }
    let mut v: u64 = 0;
    for c in s.chars() {
        let d = c.to_digit(36)?;
        if d >= radix {
            return None;
        }
        v = v.checked_mul(radix as u64)?.checked_add(d as u64)?;
    }
    Some(v)
}

/// `getAsSignedInteger` with radix auto-sensing.
pub fn get_signed(s: &str) -> Option<i64> {
    if let Some(r) = s.strip_prefix('-') {
        let v = get_unsigned(r, 0)?;
        if v > (i64::MAX as u64) + 1 {
            return None;
        }
        Some((v as i64).wrapping_neg())
    } else {
        let v = get_unsigned(s, 0)?;
        i64::try_from(v).ok()
    }
}

/// An unsigned number of at most `max` (`invalid number`, `out of range number`).
pub fn unsigned(n: &Node, max: u64) -> YResult<u64> {
    let v = get_unsigned(scalar(n)?, 0).ok_or_else(|| YamlError::new(n.start, "invalid number"))?;
    if v > max {
        return Err(YamlError::new(n.start, "out of range number"));
    }
    Ok(v)
}

/// A `u32`.
pub fn u32_(n: &Node) -> YResult<u32> {
    Ok(unsigned(n, u32::MAX as u64)? as u32)
}

/// A `u64`.
pub fn u64_(n: &Node) -> YResult<u64> {
    unsigned(n, u64::MAX)
}

/// A `u16`.
pub fn u16_(n: &Node) -> YResult<u16> {
    Ok(unsigned(n, u16::MAX as u64)? as u16)
}

/// A signed number within `[min, max]`.
pub fn signed(n: &Node, min: i64, max: i64) -> YResult<i64> {
    let v = get_signed(scalar(n)?).ok_or_else(|| YamlError::new(n.start, "invalid number"))?;
    if v < min || v > max {
        return Err(YamlError::new(n.start, "out of range number"));
    }
    Ok(v)
}

/// An `i32`.
pub fn i32_(n: &Node) -> YResult<i32> {
    Ok(signed(n, i32::MIN as i64, i32::MAX as i64)? as i32)
}

/// An `i64`.
pub fn i64_(n: &Node) -> YResult<i64> {
    signed(n, i64::MIN, i64::MAX)
}

/// An `UnsignedValue`.
pub fn uval(n: &Node) -> YResult<UVal> {
    Ok(UVal { value: u32_(n)?, at: n.start })
}

/// A `MaybeAlign` (0 = none).
pub fn maybe_align(n: &Node) -> YResult<u64> {
    let v = get_unsigned(scalar(n)?, 10).ok_or_else(|| YamlError::new(n.start, "invalid number"))?;
    if v > 0 && !v.is_power_of_two() {
        return Err(YamlError::new(n.start, "must be 0 or a power of two"));
    }
    Ok(v)
}

/// An `Align`.
pub fn align(n: &Node) -> YResult<u64> {
    let v = get_unsigned(scalar(n)?, 10).ok_or_else(|| YamlError::new(n.start, "invalid number"))?;
    if !v.is_power_of_two() {
        return Err(YamlError::new(n.start, "must be a power of two"));
    }
    Ok(v)
}

/// An enumeration: the index of the matching name (`unknown enumerated scalar`).
pub fn enumeration(n: &Node, names: &[&str]) -> YResult<usize> {
    if let Kind::Scalar(s, _) = &n.kind {
        if let Some(i) = names.iter().position(|x| x == s) {
            return Ok(i);
        }
    }
    Err(YamlError::new(n.start, "unknown enumerated scalar"))
}

/// The elements of a sequence (`not a sequence`; a null scalar or no value is empty).
pub fn sequence(n: &Node) -> YResult<&[Node]> {
    match &n.kind {
        Kind::Seq(items) => Ok(items),
        Kind::Null => Ok(&[]),
        Kind::Scalar(s, _) if super::output::is_null(s) => Ok(&[]),
        _ => Err(YamlError::new(n.start, "not a sequence")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        assert_eq!(get_unsigned("0x10", 0), Some(16));
        assert_eq!(get_unsigned("010", 0), Some(8));
        assert_eq!(get_unsigned("10", 10), Some(10));
        assert_eq!(get_unsigned("", 0), None);
        assert_eq!(get_unsigned("1a", 0), None);
        assert_eq!(get_signed("-8"), Some(-8));
        assert_eq!(get_signed("-9223372036854775808"), Some(i64::MIN));
        assert_eq!(get_signed("9223372036854775808"), None);
        assert_eq!(parse_bool("yes"), Some(true));
        assert_eq!(parse_bool("maybe"), None);
    }
}
