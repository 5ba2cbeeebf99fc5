//! A serializer adapter that caps every string, collection and nesting level of a
//! value.

use core::fmt;

use serde::ser::{
    Serialize, SerializeMap, SerializeSeq, SerializeStruct, SerializeStructVariant, SerializeTuple,
    SerializeTupleStruct, SerializeTupleVariant, Serializer,
};

use super::MARK;
use super::text::{Truncated, serialize_str_cut};
use crate::Limits;

/// serde_json serialises `RawValue` as a struct with this name; its content is
/// pre-rendered JSON that must never be cut.
const RAW_VALUE_TOKEN: &str = "$serde_json::private::RawValue";

/// Serialises the inner value with every string, collection and nesting level capped.
pub(crate) struct Limited<'a, T: ?Sized> {
    pub(crate) value: &'a T,
    pub(crate) limits: &'a Limits,
    pub(crate) depth: usize,
}

impl<'a, T: ?Sized> Limited<'a, T> {
    pub(crate) fn new(value: &'a T, limits: &'a Limits) -> Self {
        Limited {
            value,
            limits,
            depth: 0,
        }
    }
}

impl<T: Serialize + ?Sized> Serialize for Limited<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.value.serialize(LimitedSerializer {
            inner: serializer,
            limits: self.limits,
            depth: self.depth,
        })
    }
}

struct LimitedSerializer<'a, S> {
    inner: S,
    limits: &'a Limits,
    depth: usize,
}

impl<'a, S> LimitedSerializer<'a, S> {
    fn child<'v, T: ?Sized>(&self, value: &'v T) -> Limited<'v, T>
    where
        'a: 'v,
    {
        Limited {
            value,
            limits: self.limits,
            depth: self.depth + 1,
        }
    }

    fn too_deep(&self) -> bool {
        self.depth >= self.limits.max_depth
    }
}

/// A compound value being written, or swallowed because it is nested too deep
/// (then the mark is written in its place when it ends).
enum Compound<'a, S: Serializer, C> {
    Writing {
        compound: C,
        limits: &'a Limits,
        depth: usize,
        written: usize,
        skipped: usize,
        skipping_value: bool,
    },
    TooDeep(S),
}

impl<'a, S: Serializer, C> Compound<'a, S, C> {
    fn writing(compound: C, limits: &'a Limits, depth: usize) -> Self {
        Compound::Writing {
            compound,
            limits,
            depth,
            written: 0,
            skipped: 0,
            skipping_value: false,
        }
    }
}

macro_rules! sequence_like {
    ($trait:ident, $method:ident $(, $key:ident)?) => {
        impl<S: Serializer, C: $trait<Ok = S::Ok, Error = S::Error>> $trait for Compound<'_, S, C> {
            type Ok = S::Ok;
            type Error = S::Error;

            fn $method<T: Serialize + ?Sized>(&mut self, $($key: &'static str,)? value: &T) -> Result<(), S::Error> {
                let Compound::Writing { compound, limits, depth, written, skipped, .. } = self else {
                    return Ok(());
                };
                if *written >= limits.max_items {
                    *skipped += 1;
                    return Ok(());
                }
                *written += 1;
                compound.$method($($key,)? &Limited { value, limits, depth: *depth + 1 })
            }

            fn end(self) -> Result<S::Ok, S::Error> {
                match self {
                    Compound::Writing { mut compound, skipped, .. } => {
                        if skipped > 0 {
                            sequence_like!(@mark compound, $method $(, $key)?);
                        }
                        compound.end()
                    }
                    Compound::TooDeep(serializer) => serializer.serialize_str(MARK),
                }
            }
        }
    };
    (@mark $compound:ident, $method:ident) => {
        $compound.$method(MARK)?
    };
    (@mark $compound:ident, $method:ident, $key:ident) => {
        $compound.$method(MARK, &true)?
    };
}

sequence_like!(SerializeSeq, serialize_element);
sequence_like!(SerializeTuple, serialize_element);
sequence_like!(SerializeTupleStruct, serialize_field);
sequence_like!(SerializeTupleVariant, serialize_field);
sequence_like!(SerializeStruct, serialize_field, key);
sequence_like!(SerializeStructVariant, serialize_field, key);

impl<S: Serializer, C: SerializeMap<Ok = S::Ok, Error = S::Error>> SerializeMap
    for Compound<'_, S, C>
{
    type Ok = S::Ok;
    type Error = S::Error;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), S::Error> {
        let Compound::Writing {
            compound,
            limits,
            depth,
            written,
            skipped,
            skipping_value,
        } = self
        else {
            return Ok(());
        };
        if *written >= limits.max_items {
            *skipped += 1;
            *skipping_value = true;
            return Ok(());
        }
        *written += 1;
        *skipping_value = false;
        compound.serialize_key(&Limited {
            value: key,
            limits,
            depth: *depth + 1,
        })
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), S::Error> {
        let Compound::Writing {
            compound,
            limits,
            depth,
            skipping_value,
            ..
        } = self
        else {
            return Ok(());
        };
        if *skipping_value {
            return Ok(());
        }
        compound.serialize_value(&Limited {
            value,
            limits,
            depth: *depth + 1,
        })
    }

    fn end(self) -> Result<S::Ok, S::Error> {
        match self {
            Compound::Writing {
                mut compound,
                skipped,
                ..
            } => {
                if skipped > 0 {
                    compound.serialize_entry(MARK, &skipped)?;
                }
                compound.end()
            }
            Compound::TooDeep(serializer) => serializer.serialize_str(MARK),
        }
    }
}

macro_rules! forward_scalar {
    ($($method:ident($ty:ty)),* $(,)?) => {$(
        fn $method(self, v: $ty) -> Result<S::Ok, S::Error> {
            self.inner.$method(v)
        }
    )*};
}

impl<'a, S: Serializer> Serializer for LimitedSerializer<'a, S> {
    type Ok = S::Ok;
    type Error = S::Error;
    type SerializeSeq = Compound<'a, S, S::SerializeSeq>;
    type SerializeTuple = Compound<'a, S, S::SerializeTuple>;
    type SerializeTupleStruct = Compound<'a, S, S::SerializeTupleStruct>;
    type SerializeTupleVariant = Compound<'a, S, S::SerializeTupleVariant>;
    type SerializeMap = Compound<'a, S, S::SerializeMap>;
    type SerializeStruct = Compound<'a, S, S::SerializeStruct>;
    type SerializeStructVariant = Compound<'a, S, S::SerializeStructVariant>;

    forward_scalar!(
        serialize_bool(bool),
        serialize_i8(i8),
        serialize_i16(i16),
        serialize_i32(i32),
        serialize_i64(i64),
        serialize_i128(i128),
        serialize_u8(u8),
        serialize_u16(u16),
        serialize_u32(u32),
        serialize_u64(u64),
        serialize_u128(u128),
        serialize_f32(f32),
        serialize_f64(f64),
        serialize_char(char),
    );

    fn serialize_str(self, v: &str) -> Result<S::Ok, S::Error> {
        serialize_str_cut(self.inner, v, self.limits.max_string_chars)
    }

    fn serialize_bytes(self, v: &[u8]) -> Result<S::Ok, S::Error> {
        if self.too_deep() {
            return self.inner.serialize_str(MARK);
        }
        let max_items = self.limits.max_items;
        if v.len() <= max_items {
            return self.inner.serialize_bytes(v);
        }
        let mut seq = self
            .inner
            .serialize_seq(Some(max_items.saturating_add(1)))?;
        for byte in &v[..max_items] {
            seq.serialize_element(byte)?;
        }
        seq.serialize_element(MARK)?;
        seq.end()
    }

    fn serialize_none(self) -> Result<S::Ok, S::Error> {
        self.inner.serialize_none()
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<S::Ok, S::Error> {
        let value = Limited {
            value,
            limits: self.limits,
            depth: self.depth,
        };
        self.inner.serialize_some(&value)
    }

    fn serialize_unit(self) -> Result<S::Ok, S::Error> {
        self.inner.serialize_unit()
    }

    fn serialize_unit_struct(self, name: &'static str) -> Result<S::Ok, S::Error> {
        self.inner.serialize_unit_struct(name)
    }

    fn serialize_unit_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
    ) -> Result<S::Ok, S::Error> {
        self.inner.serialize_unit_variant(name, index, variant)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        value: &T,
    ) -> Result<S::Ok, S::Error> {
        let value = Limited {
            value,
            limits: self.limits,
            depth: self.depth,
        };
        self.inner.serialize_newtype_struct(name, &value)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<S::Ok, S::Error> {
        if self.too_deep() {
            return self.inner.serialize_str(MARK);
        }
        let value = self.child(value);
        self.inner
            .serialize_newtype_variant(name, index, variant, &value)
    }

    fn serialize_seq(self, len: Option<usize>) -> Result<Self::SerializeSeq, S::Error> {
        if self.too_deep() {
            return Ok(Compound::TooDeep(self.inner));
        }
        let len = len.map(|n| n.min(self.limits.max_items.saturating_add(1)));
        let seq = self.inner.serialize_seq(len)?;
        Ok(Compound::writing(seq, self.limits, self.depth))
    }

    fn serialize_tuple(self, len: usize) -> Result<Self::SerializeTuple, S::Error> {
        if self.too_deep() {
            return Ok(Compound::TooDeep(self.inner));
        }
        let tuple = self.inner.serialize_tuple(len)?;
        Ok(Compound::writing(tuple, self.limits, self.depth))
    }

    fn serialize_tuple_struct(
        self,
        name: &'static str,
        len: usize,
    ) -> Result<Self::SerializeTupleStruct, S::Error> {
        if self.too_deep() {
            return Ok(Compound::TooDeep(self.inner));
        }
        let tuple = self.inner.serialize_tuple_struct(name, len)?;
        Ok(Compound::writing(tuple, self.limits, self.depth))
    }

    fn serialize_tuple_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self::SerializeTupleVariant, S::Error> {
        if self.too_deep() {
            return Ok(Compound::TooDeep(self.inner));
        }
        let tuple = self
            .inner
            .serialize_tuple_variant(name, index, variant, len)?;
        Ok(Compound::writing(tuple, self.limits, self.depth))
    }

    fn serialize_map(self, len: Option<usize>) -> Result<Self::SerializeMap, S::Error> {
        if self.too_deep() {
            return Ok(Compound::TooDeep(self.inner));
        }
        let len = len.map(|n| n.min(self.limits.max_items.saturating_add(1)));
        let map = self.inner.serialize_map(len)?;
        Ok(Compound::writing(map, self.limits, self.depth))
    }

    fn serialize_struct(
        self,
        name: &'static str,
        len: usize,
    ) -> Result<Self::SerializeStruct, S::Error> {
        if name == RAW_VALUE_TOKEN {
            // Pre-rendered JSON: cutting it would break the output, so it is written
            // whole (it was bounded when it was built) — unless it is nested too deep.
            if self.too_deep() {
                return Ok(Compound::TooDeep(self.inner));
            }
            let raw = self.inner.serialize_struct(name, len)?;
            return Ok(Compound::writing(raw, &Limits::UNLIMITED, 0));
        }
        if self.too_deep() {
            return Ok(Compound::TooDeep(self.inner));
        }
        let fields = self.inner.serialize_struct(name, len)?;
        Ok(Compound::writing(fields, self.limits, self.depth))
    }

    fn serialize_struct_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self::SerializeStructVariant, S::Error> {
        if self.too_deep() {
            return Ok(Compound::TooDeep(self.inner));
        }
        let fields = self
            .inner
            .serialize_struct_variant(name, index, variant, len)?;
        Ok(Compound::writing(fields, self.limits, self.depth))
    }

    fn collect_str<T: fmt::Display + ?Sized>(self, value: &T) -> Result<S::Ok, S::Error> {
        self.inner.collect_str(&Truncated {
            value,
            max_chars: self.limits.max_string_chars,
        })
    }

    fn is_human_readable(&self) -> bool {
        self.inner.is_human_readable()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn render<T: Serialize + ?Sized>(value: &T, limits: Limits) -> serde_json::Value {
        let text = serde_json::to_string(&Limited::new(value, &limits)).expect("serialises");
        serde_json::from_str(&text).expect("valid JSON")
    }

    #[test]
    fn strings_are_cut_on_char_boundaries() {
        let limits = Limits::DEFAULT.with_max_string_chars(3);
        assert_eq!(render("héllo", limits), json!("hél…[truncated]"));
        assert_eq!(render("abc", limits), json!("abc"));
    }

    #[test]
    fn collections_keep_max_items_and_mark_the_rest() {
        let limits = Limits::DEFAULT.with_max_items(2);
        assert_eq!(render(&[1, 2, 3, 4], limits), json!([1, 2, "…[truncated]"]));
        let map: std::collections::BTreeMap<_, _> = [("a", 1), ("b", 2), ("c", 3)].into();
        assert_eq!(
            render(&map, limits),
            json!({"a": 1, "b": 2, "…[truncated]": 1})
        );
    }

    #[test]
    fn deep_values_become_the_mark() {
        let limits = Limits::DEFAULT.with_max_depth(2);
        let deep = json!({"a": {"b": {"c": 1}}});
        assert_eq!(render(&deep, limits), json!({"a": {"b": "…[truncated]"}}));
    }
}
