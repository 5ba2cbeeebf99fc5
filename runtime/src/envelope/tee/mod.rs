//! One serialisation into two outputs: JSON text, written by the serializer it
//! wraps (serde_json's), and the `serde_json::Value` that `serde_json::to_value`
//! would build from the same value.
//!
//! An MCP tool result carries the envelope twice, as text content and as
//! `structuredContent`. Serialising it twice runs the error's own code twice
//! (its message, its details, its suggestions); parsing the text back would read
//! every byte again. Here the envelope is walked once: every leaf goes to both
//! outputs, each nested value is serialised once into both, and every byte of the
//! text is still serde_json's. Scalars become values through serde_json's own value
//! serializer, so both outputs agree with what serde_json makes of them alone.

mod compound;
#[cfg(test)]
mod tests;

use core::cell::Cell;
use core::fmt::Write as _;

use serde::ser::{self, Serialize, Serializer};
use serde_json::{Map, Value};

use self::compound::{TeeMap, TeeSeq, TeeStruct};

// serde_json's value serializer, which builds the value of every scalar.
use serde_json::value::Serializer as ValueSerializer;

/// The entries the envelope's map has room for from the start (its length is
/// unknown while its keys stream): most of what the built-in profiles write. An
/// entry of a `Map` with `preserve_order` takes 104 bytes, so 9 is the most that
/// stays under glibc's large-chunk size (1,024 bytes): a larger request makes the
/// allocator consolidate its fast bins on every render (about 8% of rmcp's
/// conversion).
const MAP_ROOM: usize = 9;

/// `value` written as JSON text into `out` by serde_json, and built as the `Value`
/// that `serde_json::to_value` would make of it, in one walk.
pub(crate) fn write_and_build<T, W>(value: &T, out: W) -> Result<Value, serde_json::Error>
where
    T: Serialize + ?Sized,
    W: std::io::Write,
{
    let mut built = None;
    value.serialize(Tee {
        text: &mut serde_json::Serializer::new(out),
        slot: Slot::Root(&mut built),
        outermost: true,
    })?;
    // Every walk that succeeds puts its value; this is only a guard.
    built.ok_or_else(|| ser::Error::custom("no value was built"))
}

/// Where a value built by a [`Tee`] goes: each one is put straight where it
/// belongs (into its array, its object, or the caller's option) rather than handed
/// back up through every serializer's result, which moved each 72-byte `Value`
/// several times and put that code on every leaf.
enum Slot<'a> {
    /// The outermost value, or a value that is wrapped before it goes on.
    Root(&'a mut Option<Value>),
    /// An element of an array.
    Push(&'a mut Vec<Value>),
    /// A value of an object, under its key.
    Insert(&'a mut Map<String, Value>, String),
}

impl Slot<'_> {
    /// Out of line: one copy for every leaf and compound that puts a value.
    #[inline(never)]
    fn put(self, value: Value) {
        match self {
            Slot::Root(out) => *out = Some(value),
            Slot::Push(items) => items.push(value),
            Slot::Insert(map, key) => {
                map.insert(key, value);
            }
        }
    }
}

/// A serializer that writes through `text` and puts the value it builds into its
/// [`Slot`]; its output is the text side's.
struct Tee<'a, S> {
    text: S,
    slot: Slot<'a>,
    /// Whether this is the outermost value (the envelope), not one nested in it.
    outermost: bool,
}

/// A value failed to build (serde_json refuses it alone too, e.g. an integer too
/// large for a `Value`), as the text side's error.
fn value_of<E: ser::Error>(value: Result<Value, serde_json::Error>) -> Result<Value, E> {
    value.map_err(E::custom)
}

/// A value nested in a compound: handed to the text side, which serialises it with
/// the serializer of its position; that is wrapped in a [`Tee`] again, which puts
/// the value built alongside into `slot`.
struct Nested<'a, 's, T: ?Sized> {
    value: &'a T,
    slot: Cell<Option<Slot<'s>>>,
}

impl<T: Serialize + ?Sized> Serialize for Nested<'_, '_, T> {
    #[inline]
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let slot = self
            .slot
            .take()
            .ok_or_else(|| ser::Error::custom("a nested value was serialised twice"))?;
        self.value.serialize(Tee {
            text: serializer,
            slot,
            outermost: false,
        })
    }
}

/// `value` serialised into the text through `write`, and built into `slot`.
#[inline]
fn nested<T, O, E>(
    value: &T,
    slot: Slot<'_>,
    write: impl FnOnce(&Nested<'_, '_, T>) -> Result<O, E>,
) -> Result<O, E>
where
    T: Serialize + ?Sized,
    E: ser::Error,
{
    let nested = Nested {
        value,
        slot: Cell::new(Some(slot)),
    };
    let ok = write(&nested)?;
    match nested.slot.into_inner() {
        None => Ok(ok),
        Some(_) => Err(E::custom("a nested value was not serialised")),
    }
}

/// A map key as the value's key: what serde_json's value serializer accepts as a
/// key (strings, and numbers, booleans and unit variants written as text).
fn key_of<K: Serialize + ?Sized, E: ser::Error>(key: &K) -> Result<String, E> {
    match key.serialize(ValueSerializer) {
        Ok(Value::String(text)) => Ok(text),
        Ok(Value::Number(number)) => Ok(number.to_string()),
        Ok(Value::Bool(flag)) => Ok(flag.to_string()),
        Ok(_) => Err(E::custom("key must be a string")),
        Err(error) => Err(E::custom(error)),
    }
}

/// `value` inside an object under `variant`, as serde_json writes an enum variant.
fn in_variant(variant: Option<&'static str>, value: Value) -> Value {
    match variant {
        Some(variant) => {
            let mut object = Map::new();
            object.insert(variant.to_owned(), value);
            Value::Object(object)
        }
        None => value,
    }
}

macro_rules! scalars {
    ($($method:ident($ty:ty);)*) => {$(
        fn $method(self, value: $ty) -> Result<Self::Ok, S::Error> {
            let built = value_of(ValueSerializer.$method(value))?;
            let ok = self.text.$method(value)?;
            self.slot.put(built);
            Ok(ok)
        }
    )*};
}

impl<'a, S: Serializer> Serializer for Tee<'a, S> {
    type Ok = S::Ok;
    type Error = S::Error;
    type SerializeSeq = TeeSeq<'a, S::SerializeSeq>;
    type SerializeTuple = TeeSeq<'a, S::SerializeTuple>;
    type SerializeTupleStruct = TeeSeq<'a, S::SerializeTupleStruct>;
    type SerializeTupleVariant = TeeSeq<'a, S::SerializeTupleVariant>;
    type SerializeMap = TeeMap<'a, S::SerializeMap>;
    type SerializeStruct = TeeStruct<'a, S::SerializeStruct>;
    type SerializeStructVariant = TeeMap<'a, S::SerializeStructVariant>;

    scalars! {
        serialize_bool(bool);
        serialize_i8(i8);
        serialize_i16(i16);
        serialize_i32(i32);
        serialize_i64(i64);
        serialize_i128(i128);
        serialize_u8(u8);
        serialize_u16(u16);
        serialize_u32(u32);
        serialize_u64(u64);
        serialize_u128(u128);
        serialize_f32(f32);
        serialize_f64(f64);
        serialize_char(char);
        serialize_str(&str);
        serialize_bytes(&[u8]);
    }

    fn serialize_none(self) -> Result<Self::Ok, S::Error> {
        let ok = self.text.serialize_none()?;
        self.slot.put(Value::Null);
        Ok(ok)
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Self::Ok, S::Error> {
        let text = self.text;
        nested(value, self.slot, |value| text.serialize_some(value))
    }

    fn serialize_unit(self) -> Result<Self::Ok, S::Error> {
        let ok = self.text.serialize_unit()?;
        self.slot.put(Value::Null);
        Ok(ok)
    }

    fn serialize_unit_struct(self, name: &'static str) -> Result<Self::Ok, S::Error> {
        let ok = self.text.serialize_unit_struct(name)?;
        self.slot.put(Value::Null);
        Ok(ok)
    }

    fn serialize_unit_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
    ) -> Result<Self::Ok, S::Error> {
        let ok = self.text.serialize_unit_variant(name, index, variant)?;
        self.slot.put(Value::String(variant.to_owned()));
        Ok(ok)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        value: &T,
    ) -> Result<Self::Ok, S::Error> {
        let text = self.text;
        nested(value, self.slot, |value| {
            text.serialize_newtype_struct(name, value)
        })
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Self::Ok, S::Error> {
        let text = self.text;
        let mut inner = None;
        let ok = nested(value, Slot::Root(&mut inner), |value| {
            text.serialize_newtype_variant(name, index, variant, value)
        })?;
        let inner = inner.ok_or_else(|| ser::Error::custom("a nested value was not built"))?;
        self.slot.put(in_variant(Some(variant), inner));
        Ok(ok)
    }

    fn serialize_seq(self, len: Option<usize>) -> Result<Self::SerializeSeq, S::Error> {
        let text = self.text.serialize_seq(len)?;
        Ok(TeeSeq::new(text, self.slot, len, None))
    }

    fn serialize_tuple(self, len: usize) -> Result<Self::SerializeTuple, S::Error> {
        let text = self.text.serialize_tuple(len)?;
        Ok(TeeSeq::new(text, self.slot, Some(len), None))
    }

    fn serialize_tuple_struct(
        self,
        name: &'static str,
        len: usize,
    ) -> Result<Self::SerializeTupleStruct, S::Error> {
        let text = self.text.serialize_tuple_struct(name, len)?;
        Ok(TeeSeq::new(text, self.slot, Some(len), None))
    }

    fn serialize_tuple_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self::SerializeTupleVariant, S::Error> {
        let text = self
            .text
            .serialize_tuple_variant(name, index, variant, len)?;
        Ok(TeeSeq::new(text, self.slot, Some(len), Some(variant)))
    }

    fn serialize_map(self, len: Option<usize>) -> Result<Self::SerializeMap, S::Error> {
        // Profiles stream their keys (`len` is `None`); room for an envelope's keys
        // up front saves growing the map twice on the way.
        let room = len.or(self.outermost.then_some(MAP_ROOM));
        let text = self.text.serialize_map(len)?;
        Ok(TeeMap::new(text, self.slot, room, None))
    }

    fn serialize_struct(
        self,
        name: &'static str,
        len: usize,
    ) -> Result<Self::SerializeStruct, S::Error> {
        if crate::limit::is_private_token(name) {
            // A serializer's own token (serde_json's `RawValue`): its fields are
            // text that each side reads in its own way, so each gets them whole.
            let text = self.text.serialize_struct(name, len)?;
            let value = ValueSerializer
                .serialize_struct(name, len)
                .map_err(ser::Error::custom)?;
            return Ok(TeeStruct::Token {
                text,
                value,
                slot: self.slot,
            });
        }
        let text = self.text.serialize_struct(name, len)?;
        Ok(TeeStruct::Fields(TeeMap::new(
            text,
            self.slot,
            Some(len),
            None,
        )))
    }

    fn serialize_struct_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self::SerializeStructVariant, S::Error> {
        let text = self
            .text
            .serialize_struct_variant(name, index, variant, len)?;
        Ok(TeeMap::new(text, self.slot, Some(len), Some(variant)))
    }

    fn collect_str<T: core::fmt::Display + ?Sized>(self, value: &T) -> Result<Self::Ok, S::Error> {
        // Formatted once, for both sides.
        let mut text = String::with_capacity(32);
        if write!(text, "{value}").is_err() {
            return Err(ser::Error::custom(
                "a Display implementation returned an error",
            ));
        }
        let ok = self.text.serialize_str(&text)?;
        self.slot.put(Value::String(text));
        Ok(ok)
    }

    fn is_human_readable(&self) -> bool {
        self.text.is_human_readable()
    }
}
