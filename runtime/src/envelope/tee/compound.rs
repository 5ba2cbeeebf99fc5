//! The compound values of a [`Tee`](super::Tee): arrays, objects and structs,
//! each written through the text side's compound and built into a `Value`.

use serde::ser::{
    self, Serialize, SerializeMap, SerializeSeq, SerializeStruct, SerializeStructVariant,
    SerializeTuple, SerializeTupleStruct, SerializeTupleVariant, Serializer,
};
use serde_json::{Map, Value};

use super::{Nested, ValueSerializer, in_variant, key_of, nested, value_of};

/// An array (or a tuple variant's array) being written and built.
pub(crate) struct TeeSeq<C> {
    text: C,
    items: Vec<Value>,
    variant: Option<&'static str>,
}

impl<C> TeeSeq<C> {
    pub(super) fn new(text: C, len: Option<usize>, variant: Option<&'static str>) -> Self {
        TeeSeq {
            text,
            items: Vec::with_capacity(len.unwrap_or(0)),
            variant,
        }
    }

    fn finish<O, E>(self, text: impl FnOnce(C) -> Result<O, E>) -> Result<(O, Value), E> {
        let ok = text(self.text)?;
        Ok((ok, in_variant(self.variant, Value::Array(self.items))))
    }
}

macro_rules! seq_like {
    ($($trait:ident :: $method:ident;)*) => {$(
        impl<C: $trait> $trait for TeeSeq<C> {
            type Ok = (C::Ok, Value);
            type Error = C::Error;

            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), C::Error> {
                let text = &mut self.text;
                let ((), value) = nested(value, |value| text.$method(value))?;
                self.items.push(value);
                Ok(())
            }

            fn end(self) -> Result<Self::Ok, C::Error> {
                self.finish(C::end)
            }
        }
    )*};
}

seq_like! {
    SerializeSeq::serialize_element;
    SerializeTuple::serialize_element;
    SerializeTupleStruct::serialize_field;
    SerializeTupleVariant::serialize_field;
}

/// An object (or a struct variant's object) being written and built.
pub(crate) struct TeeMap<C> {
    text: C,
    map: Map<String, Value>,
    key: Option<String>,
    variant: Option<&'static str>,
}

impl<C> TeeMap<C> {
    pub(super) fn new(text: C, len: Option<usize>, variant: Option<&'static str>) -> Self {
        TeeMap {
            text,
            map: Map::with_capacity(len.unwrap_or(0)),
            key: None,
            variant,
        }
    }

    fn finish<O, E>(self, text: impl FnOnce(C) -> Result<O, E>) -> Result<(O, Value), E> {
        let ok = text(self.text)?;
        Ok((ok, in_variant(self.variant, Value::Object(self.map))))
    }

    /// A struct's field: `value` written by `write` (the text side's
    /// `serialize_field`) and built into the map under `key`.
    fn field<T, E>(
        &mut self,
        key: &'static str,
        value: &T,
        write: impl FnOnce(&mut C, &Nested<'_, T>) -> Result<(), E>,
    ) -> Result<(), E>
    where
        T: Serialize + ?Sized,
        E: ser::Error,
    {
        let text = &mut self.text;
        let ((), value) = nested(value, |value| write(text, value))?;
        self.map.insert(key.to_owned(), value);
        Ok(())
    }
}

impl<C: SerializeMap> TeeMap<C> {
    /// The value of the key last written, into the map.
    #[inline(never)]
    fn insert(&mut self, value: Value) -> Result<(), C::Error> {
        let key = self
            .key
            .take()
            .ok_or_else(|| ser::Error::custom("a map value came before its key"))?;
        self.map.insert(key, value);
        Ok(())
    }
}

impl<C: SerializeMap> SerializeMap for TeeMap<C> {
    type Ok = (C::Ok, Value);
    type Error = C::Error;

    // Out of line, as `insert`: one copy per key type (nearly always `str`) rather
    // than one inlined into every entry a profile writes, which kept a render's
    // code from fitting the instruction cache.
    #[inline(never)]
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), C::Error> {
        self.text.serialize_key(key)?;
        self.key = Some(key_of(key)?);
        Ok(())
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), C::Error> {
        let text = &mut self.text;
        let ((), value) = nested(value, |value| text.serialize_value(value))?;
        self.insert(value)
    }

    fn end(self) -> Result<Self::Ok, C::Error> {
        self.finish(C::end)
    }
}

impl<C: SerializeStructVariant> SerializeStructVariant for TeeMap<C> {
    type Ok = (C::Ok, Value);
    type Error = C::Error;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), C::Error> {
        self.field(key, value, |text, value| text.serialize_field(key, value))
    }

    fn skip_field(&mut self, key: &'static str) -> Result<(), C::Error> {
        self.text.skip_field(key)
    }

    fn end(self) -> Result<Self::Ok, C::Error> {
        self.finish(C::end)
    }
}

/// A struct being written and built, or a serializer's own token (see
/// [`Tee::serialize_struct`]).
pub(crate) enum TeeStruct<C> {
    Fields(TeeMap<C>),
    Token {
        text: C,
        value: <ValueSerializer as Serializer>::SerializeStruct,
    },
}

impl<C: SerializeStruct> SerializeStruct for TeeStruct<C> {
    type Ok = (C::Ok, Value);
    type Error = C::Error;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), C::Error> {
        match self {
            TeeStruct::Fields(fields) => {
                fields.field(key, value, |text, value| text.serialize_field(key, value))
            }
            TeeStruct::Token { text, value: built } => {
                text.serialize_field(key, value)?;
                built
                    .serialize_field(key, value)
                    .map_err(ser::Error::custom)
            }
        }
    }

    fn skip_field(&mut self, key: &'static str) -> Result<(), C::Error> {
        match self {
            TeeStruct::Fields(fields) => fields.text.skip_field(key),
            TeeStruct::Token { text, .. } => text.skip_field(key),
        }
    }

    fn end(self) -> Result<Self::Ok, C::Error> {
        match self {
            TeeStruct::Fields(fields) => fields.finish(C::end),
            TeeStruct::Token { text, value } => {
                let ok = text.end()?;
                Ok((ok, value_of(SerializeStruct::end(value))?))
            }
        }
    }
}
