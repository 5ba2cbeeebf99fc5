//! Text as a serde `Deserializer` whose errors are [`Failure`]s: an object key, and
//! named text values (query and path parameters), each read as a number, boolean or
//! enum variant when the type asks for one.

use serde::de::{
    self, DeserializeSeed, Deserializer, Expected, IntoDeserializer, MapAccess, SeqAccess,
    Unexpected, Visitor,
};
use serde::forward_to_deserialize_any;
use serde_json::Number;

use super::{Failure, visit_number};

/// An object key: a string, read as a number or boolean when the map's key type
/// asks for one (`HashMap<u16, _>` from `{"7": ...}`), as serde_json does.
pub(super) struct KeyDeserializer<'a>(pub(super) &'a str);

/// The methods the two one-piece-of-text deserializers (a key, a text value) share:
/// any type reads the text itself, an option is `Some`, a newtype its content, an
/// enum the variant the text names.
macro_rules! one_text_piece {
    () => {
        fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Failure> {
            visitor.visit_str(self.0)
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
                Err(_) => Err(self.refused(&visitor)),
            }
        }
    )*};
}

impl KeyDeserializer<'_> {
    /// The failure of a key the map's key type does not read: the key never became
    /// a path step, so the failure names it.
    fn refused(&self, expected: &dyn Expected) -> Failure {
        <Failure as de::Error>::invalid_type(Unexpected::Str(self.0), expected)
            .with_field(self.0)
            .bad_key()
    }
}

impl<'de> Deserializer<'de> for KeyDeserializer<'_> {
    type Error = Failure;

    one_text_piece!();

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Failure> {
        match self.0 {
            "true" => visitor.visit_bool(true),
            "false" => visitor.visit_bool(false),
            _ => Err(self.refused(&visitor)),
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
pub(super) struct Pairs<'de>(pub(super) &'de [(&'de str, &'de str)]);

impl<'de> Pairs<'de> {
    /// The only pair, for a `T` that is a single value.
    fn only(self) -> Result<(&'de str, &'de str), Failure> {
        match self.0 {
            [(key, value)] => Ok((key, value)),
            pairs => Err(de::Error::invalid_length(pairs.len(), &"exactly one value")),
        }
    }
}

/// The single value of `Pairs` for a scalar `T`.
macro_rules! single_value {
    ($($method:ident),* $(,)?) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Failure> {
            let (key, value) = self.only()?;
            TextValue(value).$method(visitor).map_err(|f| f.at_key(key))
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
        let left = seq.0.len();
        Failure::unless_all_read(self.0.len() - left, left, "sequence")?;
        Ok(value)
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
        let (key, value) = self.only()?;
        TextValue(value)
            .deserialize_enum(name, variants, visitor)
            .map_err(|f| f.at_key(key))
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
                Err(_) => Err(self.refused(&visitor)),
            }
        }
    )*};
}

impl TextValue<'_> {
    /// The failure of text that is not the number or boolean the type reads.
    fn refused(&self, expected: &dyn Expected) -> Failure {
        de::Error::invalid_value(Unexpected::Str(self.0), expected)
    }
}

impl<'de> Deserializer<'de> for TextValue<'de> {
    type Error = Failure;

    one_text_piece!();

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Failure> {
        match self.0 {
            "true" => visitor.visit_bool(true),
            "false" => visitor.visit_bool(false),
            _ => Err(self.refused(&visitor)),
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
