//! A JSON value as a serde `Deserializer` whose errors are [`Failure`]s, each
//! carrying the path of the value that failed.
//!
//! The value is consumed, as serde_json's own `from_value` consumes it: strings
//! move into the fields that take them. The path costs nothing until something
//! fails: a failure picks up each key and index on its way out of the objects and
//! arrays it is inside.

use serde::de::value::MapAccessDeserializer;
use serde::de::{
    DeserializeSeed, Deserializer, Error as _, IntoDeserializer, MapAccess, SeqAccess, Visitor,
};
use serde::forward_to_deserialize_any;
use serde_json::{Map, Value};

use super::text::KeyDeserializer;
use super::{Failure, Step, ViolationKind, visit_number, words};

/// A JSON value as a serde `Deserializer` with [`Failure`] as its error.
pub(super) struct ValueDeserializer(pub(super) Value);

impl<'de> Deserializer<'de> for ValueDeserializer {
    type Error = Failure;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Failure> {
        match self.0 {
            Value::Null => visitor.visit_unit(),
            Value::Bool(b) => visitor.visit_bool(b),
            Value::Number(n) => visit_number(&n, visitor),
            Value::String(s) => visitor.visit_string(s),
            Value::Array(items) => {
                let mut elements = Elements::new(items);
                let value = visitor.visit_seq(&mut elements)?;
                elements.end()?;
                Ok(value)
            }
            Value::Object(object) => {
                let mut entries = Entries::new(object);
                let value = visitor.visit_map(&mut entries)?;
                entries.end()?;
                Ok(value)
            }
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Failure> {
        match self.0 {
            Value::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Failure> {
        match self.0 {
            // A unit variant by name.
            Value::String(name) => visitor.visit_enum(name.into_deserializer()),
            // `{"Variant": content}`: the variant is a step of the content's path.
            Value::Object(object) if object.len() == 1 => {
                visitor.visit_enum(MapAccessDeserializer::new(Entries::new(object)))
            }
            other => Err(Failure::new(
                ViolationKind::WrongType,
                words::one_of(variants),
                words::value_type(&other).to_owned(),
            )),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Failure> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Failure> {
        visitor.visit_unit()
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct seq tuple tuple_struct map struct identifier
    }
}

/// An array's elements, read in order; a failure is at its element's index.
struct Elements {
    items: std::vec::IntoIter<Value>,
    read: usize,
}

impl Elements {
    fn new(items: Vec<Value>) -> Self {
        Elements {
            items: items.into_iter(),
            read: 0,
        }
    }

    /// Fails if the type read fewer elements than the array has.
    fn end(self) -> Result<(), Failure> {
        Failure::unless_all_read(self.read, self.items.len(), "sequence")
    }
}

impl<'de> SeqAccess<'de> for Elements {
    type Error = Failure;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Failure> {
        let Some(item) = self.items.next() else {
            return Ok(None);
        };
        let index = self.read;
        self.read += 1;
        seed.deserialize(ValueDeserializer(item))
            .map(Some)
            .map_err(|failure| failure.within(Step::Index(index)))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

/// An object's entries, read in order; a failure of a value is at its key.
struct Entries {
    entries: serde_json::map::IntoIter,
    /// The key just read and the value that goes with it.
    current: Option<(String, Value)>,
    read: usize,
}

impl Entries {
    fn new(object: Map<String, Value>) -> Self {
        Entries {
            entries: object.into_iter(),
            current: None,
            read: 0,
        }
    }

    /// Fails if the type read fewer entries than the object has.
    fn end(self) -> Result<(), Failure> {
        Failure::unless_all_read(self.read, self.entries.len(), "map")
    }
}

impl<'de> MapAccess<'de> for Entries {
    type Error = Failure;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Failure> {
        let Some((key, value)) = self.entries.next() else {
            return Ok(None);
        };
        self.read += 1;
        let read = seed.deserialize(KeyDeserializer(&key))?;
        self.current = Some((key, value));
        Ok(Some(read))
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Failure> {
        let Some((key, value)) = self.current.take() else {
            return Err(Failure::custom("a value was asked for before its key"));
        };
        seed.deserialize(ValueDeserializer(value))
            .map_err(|failure| failure.within(Step::Key(key)))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}
