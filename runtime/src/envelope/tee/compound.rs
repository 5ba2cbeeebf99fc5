//! The compound values of a [`Tee`](super::Tee): arrays, objects and structs,
//! each written through the text side's compound and built into a `Value` that
//! goes into the tee's [`Slot`] at the end.

use serde::ser::{
    self, Serialize, SerializeMap, SerializeSeq, SerializeStruct, SerializeStructVariant,
    SerializeTuple, SerializeTupleStruct, SerializeTupleVariant, Serializer,
};
use serde_json::{Map, Value};

use super::{Nested, Slot, ValueSerializer, in_variant, key_of, nested, value_of};

/// An array (or a tuple variant's array) being written and built.
pub(crate) struct TeeSeq<'a, C> {
    text: C,
    items: Vec<Value>,
    slot: Slot<'a>,
    variant: Option<&'static str>,
}

impl<'a, C> TeeSeq<'a, C> {
    #[inline]
    pub(super) fn new(
        text: C,
        slot: Slot<'a>,
        len: Option<usize>,
        variant: Option<&'static str>,
    ) -> Self {
        TeeSeq {
            text,
            items: Vec::with_capacity(len.unwrap_or(0)),
            slot,
            variant,
        }
    }

    #[inline]
    fn finish<O, E>(self, text: impl FnOnce(C) -> Result<O, E>) -> Result<O, E> {
        let ok = text(self.text)?;
        self.slot
            .put(in_variant(self.variant, Value::Array(self.items)));
        Ok(ok)
    }
}

macro_rules! seq_like {
    ($($trait:ident :: $method:ident;)*) => {$(
        impl<C: $trait> $trait for TeeSeq<'_, C> {
            type Ok = C::Ok;
            type Error = C::Error;

            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), C::Error> {
                let text = &mut self.text;
                nested(value, Slot::Push(&mut self.items), |value| text.$method(value))
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
pub(crate) struct TeeMap<'a, C> {
    text: C,
    map: Map<String, Value>,
    key: Option<String>,
    slot: Slot<'a>,
    variant: Option<&'static str>,
}

impl<'a, C> TeeMap<'a, C> {
    #[inline]
    pub(super) fn new(
        text: C,
        slot: Slot<'a>,
        len: Option<usize>,
        variant: Option<&'static str>,
    ) -> Self {
        TeeMap {
            text,
            map: Map::with_capacity(len.unwrap_or(0)),
            key: None,
            slot,
            variant,
        }
    }

    #[inline]
    fn finish<O, E>(self, text: impl FnOnce(C) -> Result<O, E>) -> Result<O, E> {
        let ok = text(self.text)?;
        self.slot
            .put(in_variant(self.variant, Value::Object(self.map)));
        Ok(ok)
    }

    /// `value` written by `write` (the text side's `serialize_value` or
    /// `serialize_field`) and built into the map under `key`.
    fn value_under<T, E>(
        &mut self,
        key: String,
        value: &T,
        write: impl FnOnce(&mut C, &Nested<'_, '_, T>) -> Result<(), E>,
    ) -> Result<(), E>
    where
        T: Serialize + ?Sized,
        E: ser::Error,
    {
        let text = &mut self.text;
        nested(value, Slot::Insert(&mut self.map, key), |value| {
            write(text, value)
        })
    }
}

impl<C: SerializeMap> SerializeMap for TeeMap<'_, C> {
    type Ok = C::Ok;
    type Error = C::Error;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), C::Error> {
        self.key = Some(self.write_key(key)?);
        Ok(())
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), C::Error> {
        let key = self
            .key
            .take()
            .ok_or_else(|| ser::Error::custom("a map value came before its key"))?;
        self.value_under(key, value, |text, value| text.serialize_value(value))
    }

    // What every entry of a profile goes through: the key is kept for the value's
    // slot directly rather than stored and taken back.
    fn serialize_entry<K, V>(&mut self, key: &K, value: &V) -> Result<(), C::Error>
    where
        K: Serialize + ?Sized,
        V: Serialize + ?Sized,
    {
        let key = self.write_key(key)?;
        self.value_under(key, value, |text, value| text.serialize_value(value))
    }

    fn end(self) -> Result<Self::Ok, C::Error> {
        self.finish(C::end)
    }
}

impl<C: SerializeMap> TeeMap<'_, C> {
    /// Writes `key` into the text and returns it as the value's key. Out of line:
    /// one copy per key type (nearly always `str`) rather than one inlined into
    /// every entry a profile writes, which kept a render's code from fitting the
    /// instruction cache.
    #[inline(never)]
    fn write_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<String, C::Error> {
        self.text.serialize_key(key)?;
        key_of(key)
    }
}

impl<C: SerializeStructVariant> SerializeStructVariant for TeeMap<'_, C> {
    type Ok = C::Ok;
    type Error = C::Error;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), C::Error> {
        self.value_under(key.to_owned(), value, |text, value| {
            text.serialize_field(key, value)
        })
    }

    fn skip_field(&mut self, key: &'static str) -> Result<(), C::Error> {
        self.text.skip_field(key)
    }

    fn end(self) -> Result<Self::Ok, C::Error> {
        self.finish(C::end)
    }
}

/// A struct being written and built, or a serializer's own token (see
/// [`Tee::serialize_struct`](super::Tee)).
pub(crate) enum TeeStruct<'a, C> {
    Fields(TeeMap<'a, C>),
    Token {
        text: C,
        value: <ValueSerializer as Serializer>::SerializeStruct,
        slot: Slot<'a>,
    },
}

impl<C: SerializeStruct> SerializeStruct for TeeStruct<'_, C> {
    type Ok = C::Ok;
    type Error = C::Error;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), C::Error> {
        match self {
            TeeStruct::Fields(fields) => {
                fields.value_under(key.to_owned(), value, |text, value| {
                    text.serialize_field(key, value)
                })
            }
            TeeStruct::Token {
                text, value: built, ..
            } => {
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
            TeeStruct::Token { text, value, slot } => {
                let ok = text.end()?;
                slot.put(value_of(SerializeStruct::end(value))?);
                Ok(ok)
            }
        }
    }
}
