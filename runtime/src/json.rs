//! The compact JSON writer that every render but `render_pretty` goes through
//! (`render_pretty` uses serde_json's pretty printer).
//!
//! It writes the same bytes as `serde_json::to_writer` for every value (numbers are
//! formatted by serde_json itself), but scans strings for characters to escape eight
//! bytes at a time. Strings are most of an envelope (keys, codes, messages,
//! suggestions), and the byte-at-a-time scan was the largest single cost of a
//! render.

use core::fmt;

use serde::ser::{self, Serialize};

/// serde_json serialises `RawValue` as a struct with this name around its text,
/// which is JSON already and is written as it is.
pub(crate) const RAW_VALUE_TOKEN: &str = "$serde_json::private::RawValue";

/// Likewise a `Number` when serde_json's `arbitrary_precision` is on: its digits.
const NUMBER_TOKEN: &str = "$serde_json::private::Number";

/// The name [`Key`] serialises under.
const KEY_TOKEN: &str = "$tool_error::private::Key";

/// An object key known, when it is built, to need no escaping: this writer copies
/// it as it is; any other serializer sees a newtype around a string, which is the
/// string. Built in a `const` block, so a key that would need escaping fails the
/// build: `&const { Key::new("code") }`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Key(&'static str);

impl Key {
    pub(crate) const fn new(name: &'static str) -> Key {
        let bytes = name.as_bytes();
        let mut at = 0;
        while at < bytes.len() {
            let byte = bytes[at];
            assert!(
                byte >= 0x20 && byte != b'"' && byte != b'\\',
                "a key written as it is must need no escaping"
            );
            at += 1;
        }
        Key(name)
    }
}

impl Serialize for Key {
    fn serialize<S: ser::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_newtype_struct(KEY_TOKEN, self.0)
    }
}

/// The text of a [`Key`], written without a scan.
struct PlainKey<'a> {
    out: &'a mut Vec<u8>,
}

type Error = serde_json::Error;

fn error(message: &str) -> Error {
    ser::Error::custom(message)
}

/// Appends `value` to `out` as compact JSON, exactly as `serde_json::to_writer`
/// would. On an error, what was written so far stays in `out`.
pub(crate) fn write<T: Serialize + ?Sized>(out: &mut Vec<u8>, value: &T) -> Result<(), Error> {
    value.serialize(&mut Writer { out })
}

/// Appends `text` as a JSON string, quotes included.
#[inline]
pub(crate) fn write_str(out: &mut Vec<u8>, text: &str) {
    out.push(b'"');
    write_escaped(out, text);
    out.push(b'"');
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// Whether any of the eight bytes is a control character, `"` or `\`. Exact: a
/// borrow out of one byte's subtraction only happens after a byte that already
/// matched.
#[inline]
fn needs_escape(chunk: u64) -> bool {
    let below_space = chunk.wrapping_sub(ONES * 0x20);
    let quote = chunk ^ (ONES * u64::from(b'"'));
    let backslash = chunk ^ (ONES * u64::from(b'\\'));
    let has_zero = |x: u64| x.wrapping_sub(ONES) & !x;
    (below_space & !chunk | has_zero(quote) | has_zero(backslash)) & HIGHS != 0
}

/// Appends the escaped contents of a JSON string: `"`, `\` and control characters
/// escaped as serde_json escapes them, everything else copied.
#[inline]
fn write_escaped(out: &mut Vec<u8>, text: &str) {
    let bytes = text.as_bytes();
    if needs_no_escape(bytes) {
        out.extend_from_slice(bytes);
    } else {
        write_escaped_slowly(out, bytes);
    }
}

/// Whether no byte of `bytes` needs escaping. Most text needs none: that is found
/// out a word at a time, the last word overlapping the one before it (a copy of the
/// few bytes left into a padded word would cost more than the scan).
#[inline]
fn needs_no_escape(bytes: &[u8]) -> bool {
    let word_at = |at: usize| {
        let mut word = [0; 8];
        word.copy_from_slice(&bytes[at..at + 8]);
        u64::from_le_bytes(word)
    };
    if bytes.len() < 8 {
        return bytes
            .iter()
            .all(|&byte| byte >= 0x20 && byte != b'"' && byte != b'\\');
    }
    let mut at = 0;
    while at + 8 < bytes.len() {
        if needs_escape(word_at(at)) {
            return false;
        }
        at += 8;
    }
    !needs_escape(word_at(bytes.len() - 8))
}

/// The escape, for text known to need one: runs that need none are found a word at
/// a time and copied whole (JSON inside a JSON string, as MCP results carry it, is
/// mostly such runs between quotes).
#[cold]
fn write_escaped_slowly(out: &mut Vec<u8>, bytes: &[u8]) {
    let mut start = 0;
    let mut at = 0;
    while at < bytes.len() {
        if let Some(chunk) = bytes.get(at..at + 8) {
            let mut word = [0; 8];
            word.copy_from_slice(chunk);
            if !needs_escape(u64::from_le_bytes(word)) {
                at += 8;
                continue;
            }
        }
        let byte = bytes[at];
        at += 1;
        let escape: &[u8] = match byte {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            b'\n' => b"\\n",
            b'\r' => b"\\r",
            b'\t' => b"\\t",
            0x08 => b"\\b",
            0x0c => b"\\f",
            0..=0x1f => &[
                b'\\',
                b'u',
                b'0',
                b'0',
                HEX[usize::from(byte >> 4)],
                HEX[usize::from(byte & 0xf)],
            ],
            _ => continue,
        };
        out.extend_from_slice(&bytes[start..at - 1]);
        out.extend_from_slice(escape);
        start = at;
    }
    out.extend_from_slice(&bytes[start..]);
}

const HEX: &[u8; 16] = b"0123456789abcdef";

/// Appends `value`'s `Display` as a JSON string, escaped as it is formatted.
fn write_display<T: fmt::Display + ?Sized>(out: &mut Vec<u8>, value: &T) -> Result<(), Error> {
    out.push(b'"');
    fmt::write(&mut Escaping { out: &mut *out }, format_args!("{value}"))
        .map_err(|_| error("a Display implementation returned an error"))?;
    out.push(b'"');
    Ok(())
}

/// Escapes formatted text as it is written, for `collect_str`.
struct Escaping<'a> {
    out: &'a mut Vec<u8>,
}

impl fmt::Write for Escaping<'_> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        write_escaped(self.out, text);
        Ok(())
    }
}

/// The serializer: a borrowed output buffer.
struct Writer<'a> {
    out: &'a mut Vec<u8>,
}

impl Writer<'_> {
    /// A number, formatted by serde_json so the digits are exactly its.
    fn number<T: Serialize>(&mut self, value: T) -> Result<(), Error> {
        serde_json::to_writer(&mut *self.out, &value)
    }
}

impl<'w, 'a> ser::Serializer for &'w mut Writer<'a> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'w, 'a>;
    type SerializeTuple = Compound<'w, 'a>;
    type SerializeTupleStruct = Compound<'w, 'a>;
    type SerializeTupleVariant = Compound<'w, 'a>;
    type SerializeMap = Compound<'w, 'a>;
    type SerializeStruct = Compound<'w, 'a>;
    type SerializeStructVariant = Compound<'w, 'a>;

    fn serialize_bool(self, value: bool) -> Result<(), Error> {
        self.out
            .extend_from_slice(if value { b"true" } else { b"false" });
        Ok(())
    }
    fn serialize_i8(self, value: i8) -> Result<(), Error> {
        self.number(value)
    }
    fn serialize_i16(self, value: i16) -> Result<(), Error> {
        self.number(value)
    }
    fn serialize_i32(self, value: i32) -> Result<(), Error> {
        self.number(value)
    }
    fn serialize_i64(self, value: i64) -> Result<(), Error> {
        self.number(value)
    }
    fn serialize_i128(self, value: i128) -> Result<(), Error> {
        self.number(value)
    }
    fn serialize_u8(self, value: u8) -> Result<(), Error> {
        self.number(value)
    }
    fn serialize_u16(self, value: u16) -> Result<(), Error> {
        self.number(value)
    }
    fn serialize_u32(self, value: u32) -> Result<(), Error> {
        self.number(value)
    }
    fn serialize_u64(self, value: u64) -> Result<(), Error> {
        self.number(value)
    }
    fn serialize_u128(self, value: u128) -> Result<(), Error> {
        self.number(value)
    }
    fn serialize_f32(self, value: f32) -> Result<(), Error> {
        self.number(value)
    }
    fn serialize_f64(self, value: f64) -> Result<(), Error> {
        self.number(value)
    }
    fn serialize_char(self, value: char) -> Result<(), Error> {
        write_str(self.out, value.encode_utf8(&mut [0; 4]));
        Ok(())
    }
    fn serialize_str(self, value: &str) -> Result<(), Error> {
        write_str(self.out, value);
        Ok(())
    }
    fn serialize_bytes(self, value: &[u8]) -> Result<(), Error> {
        let mut seq = ser::Serializer::serialize_seq(self, Some(value.len()))?;
        for byte in value {
            ser::SerializeSeq::serialize_element(&mut seq, byte)?;
        }
        ser::SerializeSeq::end(seq)
    }
    fn serialize_none(self) -> Result<(), Error> {
        self.serialize_unit()
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Error> {
        self.out.extend_from_slice(b"null");
        Ok(())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        self.serialize_unit()
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.out.push(b'{');
        write_str(self.out, variant);
        self.out.push(b':');
        value.serialize(&mut *self)?;
        self.out.push(b'}');
        Ok(())
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Compound<'w, 'a>, Error> {
        self.out.push(b'[');
        Ok(Compound::new(self, b"]"))
    }
    fn serialize_tuple(self, len: usize) -> Result<Compound<'w, 'a>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<Compound<'w, 'a>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'w, 'a>, Error> {
        self.out.push(b'{');
        write_str(self.out, variant);
        self.out.extend_from_slice(b":[");
        Ok(Compound::new(self, b"]}"))
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Compound<'w, 'a>, Error> {
        self.out.push(b'{');
        Ok(Compound::new(self, b"}"))
    }
    fn serialize_struct(self, name: &'static str, len: usize) -> Result<Compound<'w, 'a>, Error> {
        if name == RAW_VALUE_TOKEN || name == NUMBER_TOKEN {
            return Ok(Compound {
                raw: true,
                ..Compound::new(self, b"")
            });
        }
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'w, 'a>, Error> {
        self.out.push(b'{');
        write_str(self.out, variant);
        self.out.extend_from_slice(b":{");
        Ok(Compound::new(self, b"}}"))
    }
    fn collect_str<T: fmt::Display + ?Sized>(self, value: &T) -> Result<(), Error> {
        write_display(self.out, value)
    }
}

/// An array or object being written.
struct Compound<'w, 'a> {
    writer: &'w mut Writer<'a>,
    /// Whether an element has been written (the next one needs a comma).
    started: bool,
    /// What closes it.
    close: &'static [u8],
    /// A `RawValue` or an arbitrary-precision `Number`: its one field is JSON text,
    /// written as it is.
    raw: bool,
}

impl<'w, 'a> Compound<'w, 'a> {
    fn new(writer: &'w mut Writer<'a>, close: &'static [u8]) -> Self {
        Compound {
            writer,
            started: false,
            close,
            raw: false,
        }
    }

    fn separate(&mut self) {
        if self.started {
            self.writer.out.push(b',');
        }
        self.started = true;
    }

    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.separate();
        value.serialize(&mut *self.writer)
    }

    fn field<T: Serialize + ?Sized>(&mut self, key: &str, value: &T) -> Result<(), Error> {
        if self.raw {
            return value.serialize(RawText {
                out: &mut *self.writer.out,
            });
        }
        self.separate();
        write_str(self.writer.out, key);
        self.writer.out.push(b':');
        value.serialize(&mut *self.writer)
    }

    fn finish(self) -> Result<(), Error> {
        self.writer.out.extend_from_slice(self.close);
        Ok(())
    }
}

/// The element-by-element compounds: arrays, and the array of a tuple variant.
macro_rules! elements {
    ($($trait:ident::$method:ident),*) => {$(
        impl ser::$trait for Compound<'_, '_> {
            type Ok = ();
            type Error = Error;
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
                self.element(value)
            }
            fn end(self) -> Result<(), Error> {
                self.finish()
            }
        }
    )*};
}

elements!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

impl ser::SerializeMap for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.separate();
        key.serialize(MapKey {
            out: &mut *self.writer.out,
        })?;
        self.writer.out.push(b':');
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        value.serialize(&mut *self.writer)
    }
    fn end(self) -> Result<(), Error> {
        self.finish()
    }
}

/// The field-by-field compounds: structs, and the object of a struct variant.
macro_rules! fields {
    ($($trait:ident),*) => {$(
        impl ser::$trait for Compound<'_, '_> {
            type Ok = ();
            type Error = Error;
            fn serialize_field<T: Serialize + ?Sized>(
                &mut self,
                key: &'static str,
                value: &T,
            ) -> Result<(), Error> {
                self.field(key, value)
            }
            fn end(self) -> Result<(), Error> {
                self.finish()
            }
        }
    )*};
}

fields!(SerializeStruct, SerializeStructVariant);

/// The text of a `RawValue`, written as it is.
struct RawText<'a> {
    out: &'a mut Vec<u8>,
}

/// A map key: JSON keys are strings, so strings, characters, booleans, numbers and
/// unit variants are written as one, as serde_json does, and anything else fails.
struct MapKey<'a> {
    out: &'a mut Vec<u8>,
}

impl MapKey<'_> {
    /// A number or boolean key, quoted.
    fn quoted<T: Serialize>(self, value: T) -> Result<(), Error> {
        self.out.push(b'"');
        serde_json::to_writer(&mut *self.out, &value)?;
        self.out.push(b'"');
        Ok(())
    }

    fn float(self, finite: bool, value: impl Serialize) -> Result<(), Error> {
        if finite {
            self.quoted(value)
        } else {
            Err(error("float key must be finite, got NaN or +/-inf"))
        }
    }
}

/// The serializer methods that fail, for the two serializers that accept only some
/// values.
macro_rules! refuse {
    ($message:expr; $($method:ident($($arg:ty),*);)*) => {
        $(fn $method(self, $(_: $arg),*) -> Result<(), Error> {
            Err(error($message))
        })*
    };
}

/// The compound methods that fail, likewise.
macro_rules! refuse_compounds {
    ($message:expr) => {
        type SerializeSeq = ser::Impossible<(), Error>;
        type SerializeTuple = ser::Impossible<(), Error>;
        type SerializeTupleStruct = ser::Impossible<(), Error>;
        type SerializeTupleVariant = ser::Impossible<(), Error>;
        type SerializeMap = ser::Impossible<(), Error>;
        type SerializeStruct = ser::Impossible<(), Error>;
        type SerializeStructVariant = ser::Impossible<(), Error>;

        fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Error> {
            Err(error($message))
        }
        fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Error> {
            Err(error($message))
        }
        fn serialize_tuple_struct(
            self,
            _: &'static str,
            _: usize,
        ) -> Result<Self::SerializeTupleStruct, Error> {
            Err(error($message))
        }
        fn serialize_tuple_variant(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: usize,
        ) -> Result<Self::SerializeTupleVariant, Error> {
            Err(error($message))
        }
        fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Error> {
            Err(error($message))
        }
        fn serialize_struct(
            self,
            _: &'static str,
            _: usize,
        ) -> Result<Self::SerializeStruct, Error> {
            Err(error($message))
        }
        fn serialize_struct_variant(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: usize,
        ) -> Result<Self::SerializeStructVariant, Error> {
            Err(error($message))
        }
        fn serialize_newtype_variant<T: Serialize + ?Sized>(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: &T,
        ) -> Result<(), Error> {
            Err(error($message))
        }
    };
}

const KEY_MUST_BE_A_STRING: &str = "key must be a string";

impl ser::Serializer for MapKey<'_> {
    type Ok = ();
    type Error = Error;
    refuse_compounds!(KEY_MUST_BE_A_STRING);
    refuse! { KEY_MUST_BE_A_STRING;
        serialize_bytes(&[u8]);
        serialize_none();
        serialize_unit();
        serialize_unit_struct(&'static str);
    }

    fn serialize_str(self, value: &str) -> Result<(), Error> {
        write_str(self.out, value);
        Ok(())
    }
    fn serialize_char(self, value: char) -> Result<(), Error> {
        write_str(self.out, value.encode_utf8(&mut [0; 4]));
        Ok(())
    }
    fn serialize_bool(self, value: bool) -> Result<(), Error> {
        self.quoted(value)
    }
    fn serialize_i8(self, value: i8) -> Result<(), Error> {
        self.quoted(value)
    }
    fn serialize_i16(self, value: i16) -> Result<(), Error> {
        self.quoted(value)
    }
    fn serialize_i32(self, value: i32) -> Result<(), Error> {
        self.quoted(value)
    }
    fn serialize_i64(self, value: i64) -> Result<(), Error> {
        self.quoted(value)
    }
    fn serialize_i128(self, value: i128) -> Result<(), Error> {
        self.quoted(value)
    }
    fn serialize_u8(self, value: u8) -> Result<(), Error> {
        self.quoted(value)
    }
    fn serialize_u16(self, value: u16) -> Result<(), Error> {
        self.quoted(value)
    }
    fn serialize_u32(self, value: u32) -> Result<(), Error> {
        self.quoted(value)
    }
    fn serialize_u64(self, value: u64) -> Result<(), Error> {
        self.quoted(value)
    }
    fn serialize_u128(self, value: u128) -> Result<(), Error> {
        self.quoted(value)
    }
    fn serialize_f32(self, value: f32) -> Result<(), Error> {
        self.float(value.is_finite(), value)
    }
    fn serialize_f64(self, value: f64) -> Result<(), Error> {
        self.float(value.is_finite(), value)
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        if name == KEY_TOKEN {
            return value.serialize(PlainKey { out: self.out });
        }
        value.serialize(self)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }
    fn collect_str<T: fmt::Display + ?Sized>(self, value: &T) -> Result<(), Error> {
        write_display(self.out, value)
    }
}

impl ser::Serializer for PlainKey<'_> {
    type Ok = ();
    type Error = Error;
    refuse_compounds!(KEY_MUST_BE_A_STRING);
    refuse! { KEY_MUST_BE_A_STRING;
        serialize_bool(bool);
        serialize_i8(i8);
        serialize_i16(i16);
        serialize_i32(i32);
        serialize_i64(i64);
        serialize_u8(u8);
        serialize_u16(u16);
        serialize_u32(u32);
        serialize_u64(u64);
        serialize_f32(f32);
        serialize_f64(f64);
        serialize_char(char);
        serialize_bytes(&[u8]);
        serialize_none();
        serialize_unit();
        serialize_unit_struct(&'static str);
        serialize_unit_variant(&'static str, u32, &'static str);
    }

    fn serialize_str(self, value: &str) -> Result<(), Error> {
        self.out.push(b'"');
        self.out.extend_from_slice(value.as_bytes());
        self.out.push(b'"');
        Ok(())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: &T,
    ) -> Result<(), Error> {
        Err(error(KEY_MUST_BE_A_STRING))
    }
    fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Result<(), Error> {
        Err(error(KEY_MUST_BE_A_STRING))
    }
}

const NOT_RAW_TEXT: &str = "a RawValue holds text";

impl ser::Serializer for RawText<'_> {
    type Ok = ();
    type Error = Error;
    refuse_compounds!(NOT_RAW_TEXT);
    refuse! { NOT_RAW_TEXT;
        serialize_bool(bool);
        serialize_i8(i8);
        serialize_i16(i16);
        serialize_i32(i32);
        serialize_i64(i64);
        serialize_u8(u8);
        serialize_u16(u16);
        serialize_u32(u32);
        serialize_u64(u64);
        serialize_f32(f32);
        serialize_f64(f64);
        serialize_char(char);
        serialize_bytes(&[u8]);
        serialize_none();
        serialize_unit();
        serialize_unit_struct(&'static str);
        serialize_unit_variant(&'static str, u32, &'static str);
    }

    fn serialize_str(self, value: &str) -> Result<(), Error> {
        // serde_json's `RawValue` only ever holds valid JSON, but any type may give
        // itself that name: the text is checked, so the output stays valid.
        serde_json::from_str::<serde::de::IgnoredAny>(value)?;
        self.out.extend_from_slice(value.as_bytes());
        Ok(())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: &T,
    ) -> Result<(), Error> {
        Err(error(NOT_RAW_TEXT))
    }
    fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Result<(), Error> {
        Err(error(NOT_RAW_TEXT))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Serialize;

    fn ours<T: Serialize + ?Sized>(value: &T) -> Result<String, String> {
        let mut out = Vec::new();
        write(&mut out, value).map_err(|e| e.to_string())?;
        String::from_utf8(out).map_err(|e| e.to_string())
    }

    fn theirs<T: Serialize + ?Sized>(value: &T) -> Result<String, String> {
        serde_json::to_string(value).map_err(|e| e.to_string())
    }

    #[track_caller]
    fn same<T: Serialize + ?Sized>(value: &T) {
        let (ours, theirs) = (ours(value), theirs(value));
        assert_eq!(ours.is_ok(), theirs.is_ok(), "{ours:?} vs {theirs:?}");
        if theirs.is_ok() {
            assert_eq!(ours, theirs);
        }
    }

    #[test]
    fn the_scan_finds_exactly_the_bytes_to_escape() {
        for byte in 0..=255u8 {
            let expected = byte < 0x20 || byte == b'"' || byte == b'\\';
            for at in 0..8 {
                let mut word = [b'a'; 8];
                word[at] = byte;
                assert_eq!(
                    needs_escape(u64::from_le_bytes(word)),
                    expected,
                    "{byte} at {at}"
                );
                // A match beside any other byte is still found, and a byte that
                // needs no escape is not reported because of its neighbours.
                for other in [0u8, 0x1f, 0x20, b'"', 0x7f, 0x80, 0xff] {
                    let mut word = [other; 8];
                    word[at] = byte;
                    let other_needs = other < 0x20 || other == b'"';
                    assert_eq!(
                        needs_escape(u64::from_le_bytes(word)),
                        expected || other_needs,
                        "{byte} at {at} among {other}"
                    );
                }
            }
        }
    }

    #[test]
    fn strings_are_escaped_as_serde_json_escapes_them() {
        let mut all = String::new();
        for code in (0..0x80).chain([0xe9, 0x2028, 0x1f600]) {
            all.push(char::from_u32(code).unwrap_or('?'));
        }
        same(&all);
        for length in 0..20 {
            for at in 0..length {
                for special in ['"', '\\', '\n', '\u{1}', '\u{1f}', 'é', '\u{7f}'] {
                    let text: String = (0..length)
                        .map(|i| if i == at { special } else { 'x' })
                        .collect();
                    same(&text);
                }
            }
        }
        same(&'"');
        same(&'\u{0}');
    }

    #[test]
    fn every_serde_shape_is_written_as_serde_json_writes_it() {
        use std::collections::BTreeMap;

        #[derive(Serialize)]
        enum Shapes {
            Unit,
            Newtype(u8),
            Tuple(u8, &'static str),
            Struct { a: Option<u8>, b: () },
        }
        #[derive(Serialize)]
        struct Unit;
        #[derive(Serialize)]
        struct Wrapper(i64);
        #[derive(Serialize)]
        struct Pair(u8, bool);

        same(&true);
        same(&(i8::MIN, i16::MIN, i32::MIN, i64::MIN, i128::MIN));
        same(&(u8::MAX, u16::MAX, u32::MAX, u64::MAX, u128::MAX));
        same(&(0.1f32, 1e300f64, -0.0f64, 1.0f64, f64::NAN, f32::INFINITY));
        same(&serde_bytes_like());
        same(&(None::<u8>, Some(3), (), Unit, Wrapper(-4), Pair(1, false)));
        same(&[Shapes::Unit, Shapes::Newtype(1), Shapes::Tuple(2, "x")]);
        same(&Shapes::Struct { a: None, b: () });
        same(&Vec::<u8>::new());
        same(&BTreeMap::<u8, u8>::new());
        let mut map = BTreeMap::new();
        map.insert("k\"ey", vec![1, 2]);
        map.insert("", vec![]);
        same(&map);
        same(&KeyedBy(true));
        same(&KeyedBy(-7i64));
        same(&KeyedBy(u128::MAX));
        same(&KeyedBy('c'));
        same(&KeyedBy(Unit));
        same(&KeyedBy(vec![1u8]));
        same(&KeyedBy(Some(1u8)));
        same(&KeyedBy(()));
        same(&KeyedBy(Wrapper(5)));
        same(&KeyedBy(Shapes::Unit));
        same(&KeyedBy(Shapes::Newtype(1)));
        same(&KeyedBy(1.5f64));
        same(&KeyedBy(f64::NAN));
        same(&KeyedBy(f32::NEG_INFINITY));
        let display = format_args!("a\"{}\\", 'b');
        same(&serde_json::json!({ "x": display.to_string() }));
    }

    /// A map with one entry under the key `.0`.
    struct KeyedBy<K>(K);

    impl<K: Serialize> Serialize for KeyedBy<K> {
        fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            use ser::SerializeMap;
            let mut map = s.serialize_map(Some(1))?;
            map.serialize_entry(&self.0, &1)?;
            map.end()
        }
    }

    fn serde_bytes_like() -> impl Serialize {
        struct Bytes;
        impl Serialize for Bytes {
            fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_bytes(b"\x00\xff")
            }
        }
        Bytes
    }

    #[test]
    fn collected_text_is_escaped_as_it_is_formatted() {
        struct Shown;
        impl Serialize for Shown {
            fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(&format_args!("{}\"{}\n", "quote", 7))
            }
        }
        same(&Shown);
        same(&KeyedBy(Shown));
    }

    /// What serde_json's `RawValue` serialises as.
    struct Raw(&'static str);

    impl Serialize for Raw {
        fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            use ser::SerializeStruct;
            let mut raw = s.serialize_struct(RAW_VALUE_TOKEN, 1)?;
            raw.serialize_field(RAW_VALUE_TOKEN, self.0)?;
            raw.end()
        }
    }

    #[test]
    fn plain_keys_are_strings_to_every_serializer() {
        let key = const { Key::new("code") };
        same(&KeyedBy(key));
        assert_eq!(ours(&KeyedBy(key)).as_deref(), Ok(r#"{"code":1}"#));
        // Outside a key it is the string too.
        same(&key);
        assert_eq!(
            serde_json::to_value(KeyedBy(key)).ok(),
            Some(serde_json::json!({"code": 1}))
        );
    }

    #[test]
    fn raw_values_are_written_as_they_are_when_they_are_json() {
        assert_eq!(
            ours(&[Raw("{ \"a\": [1] }")]).as_deref(),
            Ok("[{ \"a\": [1] }]")
        );
        assert!(ours(&Raw("{\"a\":")).is_err());
        assert!(ours(&Raw("1 2")).is_err());
    }

    /// Any JSON value: strings from any characters (control characters, quotes,
    /// backslashes and multi-byte ones weighted up), numbers of every kind.
    fn any_value() -> impl proptest::strategy::Strategy<Value = serde_json::Value> {
        use proptest::prelude::*;
        use serde_json::Value;
        let text = proptest::collection::vec(
            prop_oneof![
                3 => any::<char>(),
                2 => prop::sample::select(vec!['"', '\\', '\n', '\u{0}', '\u{1f}', '\u{7f}', 'é', '\u{2028}']),
                3 => prop::char::range('a', 'z'),
            ],
            0..40,
        )
        .prop_map(|chars| chars.into_iter().collect::<String>());
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(Value::from),
            any::<u64>().prop_map(Value::from),
            any::<f64>().prop_map(Value::from),
            text.clone().prop_map(Value::String),
        ];
        leaf.prop_recursive(4, 64, 8, move |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..8).prop_map(Value::Array),
                proptest::collection::vec((text.clone(), inner), 0..8)
                    .prop_map(|entries| Value::Object(entries.into_iter().collect())),
            ]
        })
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig {
            failure_persistence: None,
            ..proptest::prelude::ProptestConfig::default()
        })]

        #[test]
        fn any_value_is_written_as_serde_json_writes_it(value in any_value()) {
            proptest::prop_assert_eq!(ours(&value), theirs(&value));
        }
    }
}
