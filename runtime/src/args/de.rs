//! Deserialising a JSON value with a structured error and the path of the failure.
//!
//! `serde_path_to_error` tracks the path; what it wraps must report failures as
//! data, not text, and serde_json's own `Value` deserializer only has text. So the
//! value is fed to serde through serde's generic `value` deserializers, with an
//! error type that keeps what serde said: which failure, what was expected, what
//! was found.
//!
//! Named text values (query and path parameters) go through the same error type;
//! they are one level deep, so each failure is given its key directly.

use core::fmt;

use serde::de::value::{MapAccessDeserializer, MapDeserializer, SeqDeserializer};
use serde::de::{
    self, DeserializeSeed, Deserializer, Expected, IntoDeserializer, MapAccess, SeqAccess,
    Unexpected, Visitor,
};
use serde::forward_to_deserialize_any;
use serde_json::{Number, Value};
use serde_path_to_error::{Segment, Track};

use super::words;
use super::{Violation, ViolationKind};

/// Deserialises `T` from `value`; a failure becomes a violation at its path.
pub(super) fn from_value<'de, T: de::Deserialize<'de>>(value: &'de Value) -> Result<T, Violation> {
    let mut track = Track::new();
    let result = T::deserialize(serde_path_to_error::Deserializer::new(
        ValueDeserializer(value),
        &mut track,
    ));
    result.map_err(|failure| failure.into_violation(&track.path()))
}

/// Deserialises `T` from named text values; a failure becomes a violation at its
/// key.
pub(super) fn from_pairs<'de, T: de::Deserialize<'de>>(
    pairs: &'de [(&'de str, &'de str)],
) -> Result<T, Violation> {
    T::deserialize(Pairs(pairs)).map_err(|failure| failure.into_violation(&Track::new().path()))
}

/// A failure as serde reported it, before the path is known.
#[derive(Debug)]
pub(super) struct Failure(Box<Reported>);

#[derive(Debug)]
struct Reported {
    kind: ViolationKind,
    expected: String,
    actual: String,
    /// The field a missing, unknown or duplicate-field failure names: the path ends
    /// at the object, the field is one step further.
    field: Option<String>,
    message: Option<String>,
}

impl Failure {
    fn new(kind: ViolationKind, expected: String, actual: String) -> Self {
        Failure(Box::new(Reported {
            kind,
            expected,
            actual,
            field: None,
            message: None,
        }))
    }

    fn with_field(mut self, field: &str) -> Self {
        self.0.field = Some(field.to_owned());
        self
    }

    /// The failure of the value at `key`, unless it already names its field.
    fn at_key(self, key: &str) -> Self {
        if self.0.field.is_some() {
            self
        } else {
            self.with_field(key)
        }
    }

    /// The failure is the key's, not the value's: say so.
    fn bad_key(mut self) -> Self {
        self.0.message = Some(format!("the key must be {}", self.0.expected));
        self
    }

    fn into_violation(self, path: &serde_path_to_error::Path) -> Violation {
        let Reported {
            kind,
            expected,
            actual,
            field,
            message,
        } = *self.0;
        let mut at = String::new();
        let mut last_key = None;
        for segment in path.iter() {
            last_key = match segment {
                Segment::Map { key } => Some(key.as_str()),
                _ => None,
            };
            match segment {
                Segment::Seq { index } => {
                    at.push('[');
                    at.push_str(&index.to_string());
                    at.push(']');
                }
                Segment::Map { key } | Segment::Enum { variant: key } => push_key(&mut at, key),
                Segment::Unknown => {}
            }
        }
        // A missing or repeated field is named beside a path that ends at its
        // object; an unknown field's key was already read, so the path may end
        // with it.
        if let Some(field) = &field
            && (kind != ViolationKind::UnknownField || last_key != Some(field.as_str()))
        {
            push_key(&mut at, field);
        }
        let mut violation = Violation::new(kind, at, expected, actual);
        violation.message = message;
        violation
    }
}

/// Appends `.key`, or `["key"]` when the key is not a plain identifier.
fn push_key(path: &mut String, key: &str) {
    let plain = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if plain {
        if !path.is_empty() {
            path.push('.');
        }
        path.push_str(key);
    } else {
        path.push('[');
        path.push_str(&serde_json::to_string(key).unwrap_or_default());
        path.push(']');
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0.message {
            Some(message) => f.write_str(message),
            None => write!(f, "expected {}, got {}", self.0.expected, self.0.actual),
        }
    }
}

impl std::error::Error for Failure {}

impl de::Error for Failure {
    fn custom<T: fmt::Display>(message: T) -> Self {
        let mut failure = Failure::new(
            ViolationKind::Rule,
            "a valid value".to_owned(),
            "an invalid value".to_owned(),
        );
        failure.0.message = Some(message.to_string());
        failure
    }

    fn invalid_type(unexpected: Unexpected<'_>, expected: &dyn Expected) -> Self {
        Failure::new(
            ViolationKind::WrongType,
            words::expected_type(expected),
            words::json_type(&unexpected).to_owned(),
        )
    }

    fn invalid_value(unexpected: Unexpected<'_>, expected: &dyn Expected) -> Self {
        Failure::new(
            ViolationKind::InvalidValue,
            words::expected_value(expected),
            words::given(&unexpected),
        )
    }

    fn invalid_length(len: usize, expected: &dyn Expected) -> Self {
        Failure::new(
            ViolationKind::WrongLength,
            words::expected_type(expected),
            match len {
                1 => "1 item".to_owned(),
                n => format!("{n} items"),
            },
        )
    }

    fn unknown_variant(variant: &str, expected: &'static [&'static str]) -> Self {
        Failure::new(
            ViolationKind::NotAllowed,
            words::one_of(expected),
            words::quoted(variant),
        )
    }

    fn unknown_field(field: &str, expected: &'static [&'static str]) -> Self {
        Failure::new(
            ViolationKind::UnknownField,
            words::one_of(expected),
            words::quoted(field),
        )
        .with_field(field)
    }

    fn missing_field(field: &'static str) -> Self {
        Failure::new(
            ViolationKind::Missing,
            "a value".to_owned(),
            "missing".to_owned(),
        )
        .with_field(field)
    }

    fn duplicate_field(field: &'static str) -> Self {
        Failure::new(
            ViolationKind::Duplicate,
            "a single value".to_owned(),
            "a repeated field".to_owned(),
        )
        .with_field(field)
    }
}

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
fn visit_number<'de, V: Visitor<'de>>(n: &Number, visitor: V) -> Result<V::Value, Failure> {
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
struct ValueDeserializer<'de>(&'de Value);

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

/// An object key: a string, read as a number or boolean when the map's key type
/// asks for one (`HashMap<u16, _>` from `{"7": ...}`), as serde_json does.
struct KeyDeserializer<'de>(&'de str);

impl<'de> IntoDeserializer<'de, Failure> for KeyDeserializer<'de> {
    type Deserializer = Self;

    fn into_deserializer(self) -> Self {
        self
    }
}

/// The methods the two one-piece-of-text deserializers (a key, a text value) share:
/// any type reads the text itself, an option is `Some`, a newtype its content, an
/// enum the variant the text names.
macro_rules! one_text_piece {
    () => {
        fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Failure> {
            visitor.visit_borrowed_str(self.0)
        }

        fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Failure> {
            visitor.visit_some(self)
        }

        fn deserialize_newtype_struct<V: Visitor<'de>>(
            self,
            _name: &'static str,
            visitor: V,
        ) -> Result<V::Value, Failure> {
            visitor.visit_newtype_struct(self)
        }

        fn deserialize_enum<V: Visitor<'de>>(
            self,
            _name: &'static str,
            _variants: &'static [&'static str],
            visitor: V,
        ) -> Result<V::Value, Failure> {
            visitor.visit_enum(self.0.into_deserializer())
        }
    };
}

macro_rules! parse_key {
    ($($method:ident => $visit:ident : $ty:ty),* $(,)?) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Failure> {
            // Only keys that are JSON numbers (no `+7`, `07` or `NaN`), as serde_json.
            let number = self.0.parse::<Number>().ok().map(|_| self.0);
            match number.unwrap_or("not a number").parse::<$ty>() {
                Ok(value) => visitor.$visit(value),
                // The key never became a path step: name it.
                Err(_) => Err(<Failure as de::Error>::invalid_type(
                    Unexpected::Str(self.0),
                    &visitor,
                )
                .with_field(self.0)
                .bad_key()),
            }
        }
    )*};
}

impl<'de> Deserializer<'de> for KeyDeserializer<'de> {
    type Error = Failure;

    one_text_piece!();

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Failure> {
        match self.0 {
            "true" => visitor.visit_bool(true),
            "false" => visitor.visit_bool(false),
            _ => Err(
                <Failure as de::Error>::invalid_type(Unexpected::Str(self.0), &visitor)
                    .with_field(self.0)
                    .bad_key(),
            ),
        }
    }

    parse_key! {
        deserialize_i8 => visit_i8: i8,
        deserialize_i16 => visit_i16: i16,
        deserialize_i32 => visit_i32: i32,
        deserialize_i64 => visit_i64: i64,
        deserialize_i128 => visit_i128: i128,
        deserialize_u8 => visit_u8: u8,
        deserialize_u16 => visit_u16: u16,
        deserialize_u32 => visit_u32: u32,
        deserialize_u64 => visit_u64: u64,
        deserialize_u128 => visit_u128: u128,
        deserialize_f32 => visit_f32: f32,
        deserialize_f64 => visit_f64: f64,
    }

    forward_to_deserialize_any! {
        char str string bytes byte_buf unit unit_struct seq tuple tuple_struct map
        struct identifier ignored_any
    }
}

/// Named text values: a struct or map by name, a tuple by position, a single
/// value when there is exactly one pair (as axum's `Path` reads them).
#[derive(Clone, Copy)]
struct Pairs<'de>(&'de [(&'de str, &'de str)]);

/// The single value of `Pairs` for a scalar `T`.
macro_rules! single_value {
    ($($method:ident),* $(,)?) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Failure> {
            match self.0 {
                [(key, value)] => TextValue(value).$method(visitor).map_err(|f| f.at_key(key)),
                pairs => Err(<Failure as de::Error>::invalid_length(
                    pairs.len(),
                    &"exactly one value",
                )),
            }
        }
    )*};
}

impl<'de> Deserializer<'de> for Pairs<'de> {
    type Error = Failure;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Failure> {
        self.deserialize_map(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Failure> {
        visitor.visit_map(PairsMap {
            pairs: self.0.iter(),
            value: None,
        })
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Failure> {
        self.deserialize_map(visitor)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Failure> {
        let mut seq = PairsSeq(self.0.iter());
        let value = visitor.visit_seq(&mut seq)?;
        match seq.0.len() {
            0 => Ok(value),
            left => {
                // serde's words for a sequence longer than the type reads.
                let expected = format!("{} elements in sequence", self.0.len() - left);
                Err(<Failure as de::Error>::invalid_length(
                    self.0.len(),
                    &expected.as_str(),
                ))
            }
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Failure> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Failure> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Failure> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Failure> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Failure> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Failure> {
        match self.0 {
            [(key, value)] => TextValue(value)
                .deserialize_enum(name, variants, visitor)
                .map_err(|f| f.at_key(key)),
            pairs => Err(<Failure as de::Error>::invalid_length(
                pairs.len(),
                &"exactly one value",
            )),
        }
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Failure> {
        visitor.visit_unit()
    }

    single_value! {
        deserialize_bool, deserialize_i8, deserialize_i16, deserialize_i32, deserialize_i64,
        deserialize_i128, deserialize_u8, deserialize_u16, deserialize_u32, deserialize_u64,
        deserialize_u128, deserialize_f32, deserialize_f64, deserialize_char, deserialize_str,
        deserialize_string, deserialize_bytes, deserialize_byte_buf, deserialize_unit,
        deserialize_identifier,
    }
}

/// The pairs of a struct or map.
struct PairsMap<'de> {
    pairs: core::slice::Iter<'de, (&'de str, &'de str)>,
    /// The pair whose key was read last.
    value: Option<(&'de str, &'de str)>,
}

impl<'de> MapAccess<'de> for PairsMap<'de> {
    type Error = Failure;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Failure> {
        match self.pairs.next() {
            Some(&(key, value)) => {
                self.value = Some((key, value));
                seed.deserialize(KeyDeserializer(key)).map(Some)
            }
            None => Ok(None),
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Failure> {
        match self.value.take() {
            Some((key, value)) => seed
                .deserialize(TextValue(value))
                .map_err(|f| f.at_key(key)),
            None => Err(<Failure as de::Error>::custom(
                "a value was asked for before its key",
            )),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.pairs.len())
    }
}

/// The pairs of a tuple, in order.
struct PairsSeq<'de>(core::slice::Iter<'de, (&'de str, &'de str)>);

impl<'de> SeqAccess<'de> for PairsSeq<'de> {
    type Error = Failure;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Failure> {
        match self.0.next() {
            Some(&(key, value)) => seed
                .deserialize(TextValue(value))
                .map(Some)
                .map_err(|f| f.at_key(key)),
            None => Ok(None),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.0.len())
    }
}

/// One text value, read as a number or boolean when the type asks for one.
#[derive(Clone, Copy)]
struct TextValue<'de>(&'de str);

macro_rules! parse_number {
    ($($method:ident),* $(,)?) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Failure> {
            // Numbers as JSON writes them, then the type's own range check.
            match self.0.parse::<Number>() {
                Ok(number) => visit_number(&number, visitor),
                Err(_) => Err(<Failure as de::Error>::invalid_value(
                    Unexpected::Str(self.0),
                    &visitor,
                )),
            }
        }
    )*};
}

impl<'de> Deserializer<'de> for TextValue<'de> {
    type Error = Failure;

    one_text_piece!();

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Failure> {
        match self.0 {
            "true" => visitor.visit_bool(true),
            "false" => visitor.visit_bool(false),
            _ => Err(<Failure as de::Error>::invalid_value(
                Unexpected::Str(self.0),
                &visitor,
            )),
        }
    }

    parse_number! {
        deserialize_i8, deserialize_i16, deserialize_i32, deserialize_i64, deserialize_i128,
        deserialize_u8, deserialize_u16, deserialize_u32, deserialize_u64, deserialize_u128,
        deserialize_f32, deserialize_f64,
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Failure> {
        visitor.visit_unit()
    }

    forward_to_deserialize_any! {
        char str string bytes byte_buf unit unit_struct seq tuple tuple_struct map
        struct identifier
    }
}
