//! A JSON value as a serde `Deserializer` whose errors are [`Failure`]s.

use serde::de::value::{MapAccessDeserializer, MapDeserializer, SeqDeserializer};
use serde::de::{Deserializer, IntoDeserializer, Visitor};
use serde::forward_to_deserialize_any;
use serde_json::{Number, Value};

use super::text::KeyDeserializer;
use super::{Failure, ViolationKind, words};

/// The JSON type of a value, in the words [`words::json_type`] uses.
fn value_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// Visits `n` as the narrowest Rust number that holds it.
pub(super) fn visit_number<'de, V: Visitor<'de>>(
    n: &Number,
    visitor: V,
) -> Result<V::Value, Failure> {
    match (n.as_u64(), n.as_i64()) {
        (Some(u), _) => visitor.visit_u64(u),
        (None, Some(i)) => visitor.visit_i64(i),
        // Wider integers exist only with serde_json's `arbitrary_precision`.
        (None, None) => match (n.as_u128(), n.as_i128()) {
            (Some(u), _) => visitor.visit_u128(u),
            (None, Some(i)) => visitor.visit_i128(i),
            (None, None) => visitor.visit_f64(n.as_f64().unwrap_or(f64::NAN)),
        },
    }
}

/// A JSON value as a serde `Deserializer` with [`Failure`] as its error.
#[derive(Clone, Copy)]
pub(super) struct ValueDeserializer<'de>(pub(super) &'de Value);

impl<'de> IntoDeserializer<'de, Failure> for ValueDeserializer<'de> {
    type Deserializer = Self;

    fn into_deserializer(self) -> Self {
        self
    }
}

impl<'de> ValueDeserializer<'de> {
    fn map(
        object: &'de serde_json::Map<String, Value>,
    ) -> MapDeserializer<'de, impl Iterator<Item = (KeyDeserializer<'de>, Self)>, Failure> {
        MapDeserializer::new(
            object
                .iter()
                .map(|(key, value)| (KeyDeserializer(key), ValueDeserializer(value))),
        )
    }
}

impl<'de> Deserializer<'de> for ValueDeserializer<'de> {
    type Error = Failure;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Failure> {
        match self.0 {
            Value::Null => visitor.visit_unit(),
            Value::Bool(b) => visitor.visit_bool(*b),
            Value::Number(n) => visit_number(n, visitor),
            Value::String(s) => visitor.visit_borrowed_str(s),
            Value::Array(items) => {
                let mut seq = SeqDeserializer::new(items.iter().map(ValueDeserializer));
                let value = visitor.visit_seq(&mut seq)?;
                seq.end()?;
                Ok(value)
            }
            Value::Object(object) => {
                let mut map = Self::map(object);
                let value = visitor.visit_map(&mut map)?;
                map.end()?;
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
            Value::String(name) => visitor.visit_enum(name.as_str().into_deserializer()),
            // `{"Variant": content}`.
            Value::Object(object) if object.len() == 1 => {
                visitor.visit_enum(MapAccessDeserializer::new(Self::map(object)))
            }
            other => Err(Failure::new(
                ViolationKind::WrongType,
                words::one_of(variants),
                value_type(other).to_owned(),
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
