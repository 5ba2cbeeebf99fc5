//! [`Uuid`], read from its 8-4-4-4-12 textual form.

use core::fmt;

use serde::{Serialize, Serializer};

// Only the doc comment of `Uuid` links to it.
#[cfg(doc)]
use super::reader::Params;

/// A UUID read from its textual form by [`Params::required_uuid`]; displays in the
/// canonical lowercase hyphenated form.
///
/// ```
/// use tool_error_examples::ontology::params::Uuid;
///
/// let id = Uuid::parse("67E55044-10b1-426f-9247-bb680e5fe0c8").unwrap();
/// assert_eq!(id.to_string(), "67e55044-10b1-426f-9247-bb680e5fe0c8");
/// assert!(Uuid::parse("67e5504410b1426f9247bb680e5fe0c8").is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Uuid([u8; 16]);

/// Where the hyphens of the 8-4-4-4-12 form are.
const UUID_HYPHENS: [usize; 4] = [8, 13, 18, 23];

impl Uuid {
    /// The UUID with these bytes.
    pub const fn from_bytes(bytes: [u8; 16]) -> Self {
        Uuid(bytes)
    }

    /// The sixteen bytes, most significant first.
    pub const fn as_bytes(&self) -> &[u8; 16] {
        &self.0
    }

    /// Reads the 8-4-4-4-12 hexadecimal form (either case), e.g.
    /// `67e55044-10b1-426f-9247-bb680e5fe0c8`. Any other form (no hyphens, braces,
    /// a `urn:uuid:` prefix, surrounding spaces) is refused. Version and variant
    /// bits are not checked: any 128-bit value in this form is accepted.
    pub fn parse(text: &str) -> Option<Uuid> {
        hyphenated(text.as_bytes())
    }

    /// Reads `text` the way Go's `uuid.Parse` (`github.com/google/uuid`, v1.6)
    /// does, for servers that promise Go's behaviour. By length in bytes:
    ///
    /// - 36: the 8-4-4-4-12 form;
    /// - 45: the same after a `urn:uuid:` prefix, in any case;
    /// - 38: the braced form `{8-4-4-4-12}`; as in Go, only the middle 36 bytes are
    ///   read, so the first and last may be any bytes;
    /// - 32: 32 hexadecimal digits without hyphens.
    ///
    /// Hex digits may be of either case. Anything else is refused.
    ///
    /// ```
    /// use tool_error_examples::ontology::params::Uuid;
    ///
    /// let id = Uuid::parse("67e55044-10b1-426f-9247-bb680e5fe0c8");
    /// for text in [
    ///     "67e55044-10b1-426f-9247-bb680e5fe0c8",
    ///     "URN:UUID:67e55044-10b1-426f-9247-bb680e5fe0c8",
    ///     "{67e55044-10b1-426f-9247-bb680e5fe0c8}",
    ///     "67E5504410B1426F9247BB680E5FE0C8",
    /// ] {
    ///     assert_eq!(Uuid::parse_go(text), id, "{text}");
    /// }
    /// assert_eq!(Uuid::parse_go("67e55044-10b1-426f-9247-bb680e5fe0c"), None);
    /// ```
    pub fn parse_go(text: &str) -> Option<Uuid> {
        let bytes = text.as_bytes();
        match bytes.len() {
            36 => Uuid::parse(text),
            45 => {
                let (prefix, rest) = bytes.split_at(9);
                if !prefix.eq_ignore_ascii_case(b"urn:uuid:") {
                    return None;
                }
                hyphenated(rest)
            }
            38 => hyphenated(bytes.get(1..37)?),
            32 => {
                let mut out = [0u8; 16];
                for (slot, pair) in out.iter_mut().zip(bytes.chunks_exact(2)) {
                    *slot = (hex_value(pair[0])? << 4) | hex_value(pair[1])?;
                }
                Some(Uuid(out))
            }
            _ => None,
        }
    }
}

/// The 8-4-4-4-12 form in exactly 36 bytes (which need not be a whole `str`).
fn hyphenated(bytes: &[u8]) -> Option<Uuid> {
    if bytes.len() != 36 {
        return None;
    }
    let mut out = [0u8; 16];
    let mut nibbles = 0usize;
    for (position, &byte) in bytes.iter().enumerate() {
        if UUID_HYPHENS.contains(&position) {
            if byte != b'-' {
                return None;
            }
            continue;
        }
        let value = hex_value(byte)?;
        let slot = out.get_mut(nibbles / 2)?;
        *slot = (*slot << 4) | value;
        nibbles += 1;
    }
    (nibbles == 32).then_some(Uuid(out))
}

const fn hex_value(byte: u8) -> Option<u8> {
    match byte {
        b'0'..=b'9' => Some(byte - b'0'),
        b'a'..=b'f' => Some(byte - b'a' + 10),
        b'A'..=b'F' => Some(byte - b'A' + 10),
        _ => None,
    }
}

impl fmt::Display for Uuid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, byte) in self.0.iter().enumerate() {
            if matches!(index, 4 | 6 | 8 | 10) {
                f.write_str("-")?;
            }
            write!(f, "{byte:02x}")?;
        }
        Ok(())
    }
}

impl Serialize for Uuid {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uuid_round_trip_and_refusals() {
        let id = Uuid::parse("00000000-0000-0000-0000-0000000000ff");
        assert_eq!(
            id.map(|id| id.as_bytes()[15]),
            Some(0xff),
            "last byte is read last"
        );
        for bad in [
            "",
            "00000000-0000-0000-0000-0000000000f",
            "00000000-0000-0000-0000-0000000000fff",
            "00000000_0000-0000-0000-0000000000ff",
            "0000000-00000-0000-0000-0000000000ff",
            "g0000000-0000-0000-0000-0000000000ff",
            "{00000000-0000-0000-0000-0000000000f}",
            "00000000-0000-0000-0000-00000000é0f",
        ] {
            assert_eq!(Uuid::parse(bad), None, "{bad:?}");
        }
    }
}
