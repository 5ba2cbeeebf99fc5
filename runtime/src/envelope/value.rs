//! The rendered envelope as a `serde_json::Value`, its object given room up front.

use serde::Serialize;
use serde_json::value::Serializer as Inner;
use serde_json::{Error, Value};

/// Keys the envelope's object has room for from the start. The native envelope
/// has at most 18, and more than 16 only with nearly every optional key present; a
/// smaller profile's object (the MCP tool result's two or three) keeps the unused
/// room.
const KEY_ROOM: usize = 16;

/// `value` as a `Value`, like `serde_json::to_value`, except that a map of unknown
/// length at the top starts with room for [`KEY_ROOM`] entries.
///
/// The built-in profiles write their envelope as such a map: whether `truncated` is
/// written is known only at its end, and serde asks for the exact length or none.
/// For a `Value` the length is only the room reserved, and with serde_json's
/// `preserve_order` an object grown from nothing is allocated three times on the
/// way to an envelope's dozen keys (what that costs an MCP tool result is in
/// BENCHMARKS.md).
pub(super) fn to_value<T: Serialize + ?Sized>(value: &T) -> Result<Value, Error> {
    value.serialize(WithRoom)
}

/// serde_json's `Value` serializer with [`KEY_ROOM`] for a top-level map of
/// unknown length; everything else, and everything nested, is serde_json's own.
struct WithRoom;

/// Methods passed to serde_json's serializer as they are.
macro_rules! forward {
    ($($method:ident($($arg:ident: $ty:ty),*) -> $out:ty;)*) => {
        $(fn $method(self, $($arg: $ty),*) -> Result<$out, Error> {
            Inner.$method($($arg),*)
        })*
    };
}

/// Methods with a value to serialise, passed on as they are.
macro_rules! forward_with_value {
    ($($method:ident($($arg:ident: $ty:ty),*);)*) => {
        $(fn $method<T: Serialize + ?Sized>(self, $($arg: $ty,)* value: &T) -> Result<Value, Error> {
            Inner.$method($($arg,)* value)
        })*
    };
}

impl serde::Serializer for WithRoom {
    type Ok = Value;
    type Error = Error;
    type SerializeSeq = <Inner as serde::Serializer>::SerializeSeq;
    type SerializeTuple = <Inner as serde::Serializer>::SerializeTuple;
    type SerializeTupleStruct = <Inner as serde::Serializer>::SerializeTupleStruct;
    type SerializeTupleVariant = <Inner as serde::Serializer>::SerializeTupleVariant;
    type SerializeMap = <Inner as serde::Serializer>::SerializeMap;
    type SerializeStruct = <Inner as serde::Serializer>::SerializeStruct;
    type SerializeStructVariant = <Inner as serde::Serializer>::SerializeStructVariant;

    fn serialize_map(self, len: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Inner.serialize_map(Some(len.unwrap_or(KEY_ROOM)))
    }

    forward! {
        serialize_bool(v: bool) -> Value;
        serialize_i8(v: i8) -> Value;
        serialize_i16(v: i16) -> Value;
        serialize_i32(v: i32) -> Value;
        serialize_i64(v: i64) -> Value;
        serialize_i128(v: i128) -> Value;
        serialize_u8(v: u8) -> Value;
        serialize_u16(v: u16) -> Value;
        serialize_u32(v: u32) -> Value;
        serialize_u64(v: u64) -> Value;
        serialize_u128(v: u128) -> Value;
        serialize_f32(v: f32) -> Value;
        serialize_f64(v: f64) -> Value;
        serialize_char(v: char) -> Value;
        serialize_str(v: &str) -> Value;
        serialize_bytes(v: &[u8]) -> Value;
        serialize_none() -> Value;
        serialize_unit() -> Value;
        serialize_unit_struct(name: &'static str) -> Value;
        serialize_unit_variant(name: &'static str, index: u32, variant: &'static str) -> Value;
        serialize_seq(len: Option<usize>) -> Self::SerializeSeq;
        serialize_tuple(len: usize) -> Self::SerializeTuple;
        serialize_tuple_struct(name: &'static str, len: usize) -> Self::SerializeTupleStruct;
        serialize_tuple_variant(name: &'static str, index: u32, variant: &'static str, len: usize) -> Self::SerializeTupleVariant;
        serialize_struct(name: &'static str, len: usize) -> Self::SerializeStruct;
        serialize_struct_variant(name: &'static str, index: u32, variant: &'static str, len: usize) -> Self::SerializeStructVariant;
    }

    forward_with_value! {
        serialize_some();
        serialize_newtype_struct(name: &'static str);
        serialize_newtype_variant(name: &'static str, index: u32, variant: &'static str);
    }

    // serde_json's builds the `String` once; serde's default would copy it again.
    fn collect_str<T: core::fmt::Display + ?Sized>(self, value: &T) -> Result<Value, Error> {
        Inner.collect_str(value)
    }
}

#[cfg(test)]
mod tests {
    use serde::Serialize;
    use serde::ser::{SerializeMap, Serializer};
    use serde_json::json;
    use serde_json::value::RawValue;

    use super::to_value;

    /// A map that does not say its length, as the profiles write the envelope.
    struct UnknownLength(Vec<(String, serde_json::Value)>);

    impl Serialize for UnknownLength {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            let mut map = serializer.serialize_map(None)?;
            for (key, value) in &self.0 {
                map.serialize_entry(key, value)?;
            }
            map.end()
        }
    }

    #[derive(Serialize)]
    enum Shape {
        Unit,
        Newtype(u8),
        Tuple(u8, char),
        Struct { side: f32 },
    }

    #[derive(Serialize)]
    struct Named {
        name: &'static str,
        size: Option<u32>,
    }

    #[derive(Serialize)]
    struct UnitStruct;

    #[derive(Serialize)]
    struct Pair(i8, bool);

    #[derive(Serialize)]
    struct Wrapper(Option<&'static str>);

    /// The same `Value` with its keys in the same order (what the text is written
    /// from), or the same error.
    fn same_as_serde_json<T: Serialize>(value: T) {
        let text = |value: serde_json::Value| serde_json::to_string(&value).unwrap();
        let ours = to_value(&value)
            .map(text)
            .map_err(|error| error.to_string());
        let theirs = serde_json::to_value(&value)
            .map(text)
            .map_err(|error| error.to_string());
        assert_eq!(ours, theirs);
    }

    #[test]
    fn every_shape_is_the_value_serde_json_makes() {
        // More entries than the room, out of order, and a key written twice.
        let mut entries: Vec<_> = (0..super::KEY_ROOM + 3)
            .rev()
            .map(|i| (format!("key{i}"), json!(i)))
            .collect();
        entries.push(("key3".to_owned(), json!([true, null])));
        same_as_serde_json(UnknownLength(entries));
        same_as_serde_json(UnknownLength(Vec::new()));
        same_as_serde_json(Named {
            name: "n",
            size: Some(3),
        });
        same_as_serde_json(UnitStruct);
        same_as_serde_json(Pair(-1, true));
        same_as_serde_json(RawValue::from_string(r#"{"b":1,"a":[2]}"#.to_owned()).unwrap());
        same_as_serde_json(format_args!("{}-{}", 1, "x"));
        same_as_serde_json(u128::from(u64::MAX) + 1);
        same_as_serde_json(i128::from(i64::MIN));
        same_as_serde_json(u128::MAX);
        same_as_serde_json(i128::from(i64::MIN) - 1);
        same_as_serde_json(-1.5f64);
        same_as_serde_json(f32::NAN);
        same_as_serde_json('é');
        same_as_serde_json(Wrapper(Some("x")));
        same_as_serde_json(Wrapper(None));
        same_as_serde_json((1u8, "two", 3.0f32));
        same_as_serde_json([Shape::Unit, Shape::Newtype(1), Shape::Tuple(2, 'x')]);
        same_as_serde_json(Shape::Struct { side: 0.5 });
        same_as_serde_json(());
    }
}
