//! A serializer adapter that caps every string, collection and nesting level of a
//! value.

use core::fmt;

use serde::ser::{Serialize, SerializeSeq, Serializer};

use super::text::{Text, Truncated};
use super::{Cuts, MARK};
use crate::Limits;

use self::compound::Compound;

mod compound;

/// Whether a struct of this name is a serializer's own token rather than data: by
/// serde's convention such names start with `$` (serde_json serialises a `RawValue`,
/// pre-rendered JSON that must never be cut, and an arbitrary-precision `Number`
/// this way), and no Rust type can be named so without a `rename`.
fn is_private_token(name: &str) -> bool {
    name.starts_with('$')
}

/// Serialises the inner value with every string, collection and nesting level
/// capped, reporting each cut.
pub(crate) struct Limited<'a, T: ?Sized> {
    value: &'a T,
    caps: Caps<'a>,
    level: Level,
}

impl<'a, T: ?Sized> Limited<'a, T> {
    pub(crate) fn new(value: &'a T, limits: &'a Limits, cuts: Cuts<'a>) -> Self {
        Limited::at(value, Caps { limits, cuts }, Level::TOP)
    }

    /// `value`, found at `level` inside a limited value.
    fn at(value: &'a T, caps: Caps<'a>, level: Level) -> Self {
        Limited { value, caps, level }
    }
}

/// The limits, and where their cuts are reported.
#[derive(Clone, Copy)]
struct Caps<'a> {
    limits: &'a Limits,
    cuts: Cuts<'a>,
}

/// How deep a value sits.
///
/// Serialising a value recurses once per level of it, so the recursion is bounded
/// by refusing to go deeper than the ceiling: that is the guard against a stack
/// overflow. It must count every step, including `Some` and newtype wrappers, which
/// nest in serde without nesting in the JSON; and it counts in JSON levels where
/// there are more than one per step (a tuple or struct variant is an object around
/// an array or object), so the output's nesting stays within the ceiling too.
#[derive(Clone, Copy)]
struct Level {
    /// JSON arrays and objects around the value: what `max_depth` bounds.
    depth: usize,
    /// The same plus every wrapper step: what [`Limits::DEPTH_CEILING`] bounds.
    /// Never less than `depth`, and at least one more at every step.
    nesting: usize,
}

impl Level {
    const TOP: Level = Level {
        depth: 0,
        nesting: 0,
    };

    /// Whether a value that opens `levels` JSON levels here stays within the limits.
    fn fits(self, levels: usize, limits: &Limits) -> bool {
        self.depth.saturating_add(levels) <= limits.max_depth
            && self.nesting.saturating_add(levels) <= Limits::DEPTH_CEILING
    }

    /// Whether a wrapper here stays within the ceiling.
    fn fits_wrapper(self) -> bool {
        self.nesting < Limits::DEPTH_CEILING
    }

    /// Inside a value that opens `levels` JSON levels.
    fn inside(self, levels: usize) -> Level {
        Level {
            depth: self.depth + levels,
            nesting: self.nesting + levels,
        }
    }

    /// Inside a wrapper, which opens none.
    fn wrapped(self) -> Level {
        Level {
            depth: self.depth,
            nesting: self.nesting + 1,
        }
    }
}

/// The JSON levels of an array, an object, or a newtype variant (an object around
/// its value).
const ONE_LEVEL: usize = 1;
/// The JSON levels of a tuple or struct variant: an object around an array or object.
const VARIANT_AROUND_COMPOUND: usize = 2;

impl<T: Serialize + ?Sized> Serialize for Limited<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.value.serialize(LimitedSerializer {
            inner: serializer,
            caps: self.caps,
            level: self.level,
        })
    }
}

struct LimitedSerializer<'a, S> {
    inner: S,
    caps: Caps<'a>,
    level: Level,
}

impl<'a, S: Serializer> LimitedSerializer<'a, S> {
    /// Whether a value opening `levels` JSON levels here goes past a limit.
    fn too_deep(&self, levels: usize) -> bool {
        !self.level.fits(levels, self.caps.limits)
    }

    /// The mark in place of a value nested too deep.
    fn mark(self) -> Result<S::Ok, S::Error> {
        self.caps.cuts.record();
        self.inner.serialize_str(MARK)
    }

    /// A compound value opening `levels` JSON levels: opened by `open` on the
    /// wrapped serializer and capped inside, or swallowed (then the mark) when it
    /// would be too deep.
    fn open<C>(
        self,
        levels: usize,
        open: impl FnOnce(S) -> Result<C, S::Error>,
    ) -> Result<Compound<'a, S, C>, S::Error> {
        if self.too_deep(levels) {
            self.caps.cuts.record();
            return Ok(Compound::TooDeep(self.inner));
        }
        let (caps, level) = (self.caps, self.level.inside(levels));
        Ok(Compound::writing(open(self.inner)?, caps, level))
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
        Text::new(v, self.caps.limits.max_string_chars, self.caps.cuts).serialize(self.inner)
    }

    fn serialize_bytes(self, v: &[u8]) -> Result<S::Ok, S::Error> {
        if self.too_deep(ONE_LEVEL) {
            return self.mark();
        }
        let max_items = self.caps.limits.max_items;
        let Some(kept) = v.get(..max_items).filter(|kept| kept.len() < v.len()) else {
            return self.inner.serialize_bytes(v);
        };
        self.caps.cuts.record();
        let len = self.caps.limits.capped_len(v.len());
        let mut seq = self.inner.serialize_seq(Some(len))?;
        for byte in kept {
            seq.serialize_element(byte)?;
        }
        seq.serialize_element(MARK)?;
        seq.end()
    }

    fn serialize_none(self) -> Result<S::Ok, S::Error> {
        self.inner.serialize_none()
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<S::Ok, S::Error> {
        if !self.level.fits_wrapper() {
            return self.mark();
        }
        let value = Limited::at(value, self.caps, self.level.wrapped());
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
        if !self.level.fits_wrapper() {
            return self.mark();
        }
        let value = Limited::at(value, self.caps, self.level.wrapped());
        self.inner.serialize_newtype_struct(name, &value)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<S::Ok, S::Error> {
        if self.too_deep(ONE_LEVEL) {
            return self.mark();
        }
        let value = Limited::at(value, self.caps, self.level.inside(ONE_LEVEL));
        self.inner
            .serialize_newtype_variant(name, index, variant, &value)
    }

    fn serialize_seq(self, len: Option<usize>) -> Result<Self::SerializeSeq, S::Error> {
        let len = len.map(|n| self.caps.limits.capped_len(n));
        self.open(ONE_LEVEL, |inner| inner.serialize_seq(len))
    }

    fn serialize_tuple(self, len: usize) -> Result<Self::SerializeTuple, S::Error> {
        self.open(ONE_LEVEL, |inner| inner.serialize_tuple(len))
    }

    fn serialize_tuple_struct(
        self,
        name: &'static str,
        len: usize,
    ) -> Result<Self::SerializeTupleStruct, S::Error> {
        self.open(ONE_LEVEL, |inner| inner.serialize_tuple_struct(name, len))
    }

    fn serialize_tuple_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self::SerializeTupleVariant, S::Error> {
        self.open(VARIANT_AROUND_COMPOUND, |inner| {
            inner.serialize_tuple_variant(name, index, variant, len)
        })
    }

    fn serialize_map(self, len: Option<usize>) -> Result<Self::SerializeMap, S::Error> {
        let len = len.map(|n| self.caps.limits.capped_len(n));
        self.open(ONE_LEVEL, |inner| inner.serialize_map(len))
    }

    fn serialize_struct(
        self,
        name: &'static str,
        len: usize,
    ) -> Result<Self::SerializeStruct, S::Error> {
        if is_private_token(name) && !self.too_deep(ONE_LEVEL) {
            // Pre-rendered JSON or a number's digits: cutting it would break the
            // output, so it is written whole (it was bounded when it was built). Its
            // one field is text, so nothing recurses.
            let raw = self.inner.serialize_struct(name, len)?;
            let whole = Caps {
                limits: &Limits::UNLIMITED,
                cuts: Cuts::IGNORED,
            };
            return Ok(Compound::writing(raw, whole, Level::TOP));
        }
        self.open(ONE_LEVEL, |inner| inner.serialize_struct(name, len))
    }

    fn serialize_struct_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self::SerializeStructVariant, S::Error> {
        self.open(VARIANT_AROUND_COMPOUND, |inner| {
            inner.serialize_struct_variant(name, index, variant, len)
        })
    }

    fn collect_str<T: fmt::Display + ?Sized>(self, value: &T) -> Result<S::Ok, S::Error> {
        let max_chars = self.caps.limits.max_string_chars;
        self.inner
            .collect_str(&Truncated::new(value, max_chars, self.caps.cuts))
    }

    fn is_human_readable(&self) -> bool {
        self.inner.is_human_readable()
    }
}

#[cfg(test)]
mod tests;
