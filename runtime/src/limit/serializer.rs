//! A serializer adapter that caps every string, collection and nesting level of a
//! value.

use core::fmt;

use serde::ser::{
    Serialize, SerializeMap, SerializeSeq, SerializeStruct, SerializeStructVariant, SerializeTuple,
    SerializeTupleStruct, SerializeTupleVariant, Serializer,
};

use super::text::{Truncated, serialize_str_cut};
use super::{Cuts, MARK};
use crate::Limits;

/// Whether a struct of this name is a serializer's own token rather than data: by
/// serde's convention such names start with `$` (serde_json serialises a `RawValue`,
/// pre-rendered JSON that must never be cut, and an arbitrary-precision `Number`
/// this way), and no Rust type can be named so without a `rename`.
pub(crate) fn is_private_token(name: &str) -> bool {
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
        Limited {
            value,
            caps: Caps { limits, cuts },
            level: Level::TOP,
        }
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

    /// A compound value nested too deep: swallowed, then the mark.
    fn swallow<C>(self) -> Result<Compound<'a, S, C>, S::Error> {
        self.caps.cuts.record();
        Ok(Compound::TooDeep(self.inner))
    }
}

/// A compound value being written, or swallowed because it is nested too deep
/// (then the mark is written in its place when it ends).
enum Compound<'a, S: Serializer, C> {
    Writing {
        compound: C,
        caps: Caps<'a>,
        /// The level of the items.
        level: Level,
        written: usize,
        skipped: usize,
        skipping_value: bool,
    },
    TooDeep(S),
}

impl<'a, S: Serializer, C> Compound<'a, S, C> {
    fn writing(compound: C, caps: Caps<'a>, level: Level) -> Self {
        Compound::Writing {
            compound,
            caps,
            level,
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
                let Compound::Writing { compound, caps, level, written, skipped, .. } = self else {
                    return Ok(());
                };
                if *written >= caps.limits.max_items {
                    *skipped += 1;
                    return Ok(());
                }
                *written += 1;
                compound.$method($($key,)? &Limited { value, caps: *caps, level: *level })
            }

            fn end(self) -> Result<S::Ok, S::Error> {
                match self {
                    Compound::Writing { mut compound, caps, skipped, .. } => {
                        if skipped > 0 {
                            caps.cuts.record();
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
            caps,
            level,
            written,
            skipped,
            skipping_value,
        } = self
        else {
            return Ok(());
        };
        if *written >= caps.limits.max_items {
            *skipped += 1;
            *skipping_value = true;
            return Ok(());
        }
        *written += 1;
        *skipping_value = false;
        compound.serialize_key(&Limited {
            value: key,
            caps: *caps,
            level: *level,
        })
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), S::Error> {
        let Compound::Writing {
            compound,
            caps,
            level,
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
            caps: *caps,
            level: *level,
        })
    }

    fn end(self) -> Result<S::Ok, S::Error> {
        match self {
            Compound::Writing {
                mut compound,
                caps,
                skipped,
                ..
            } => {
                if skipped > 0 {
                    caps.cuts.record();
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
        serialize_str_cut(
            self.inner,
            v,
            self.caps.limits.max_string_chars,
            self.caps.cuts,
        )
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
        let mut seq = self
            .inner
            .serialize_seq(Some(max_items.saturating_add(1)))?;
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
        let value = Limited {
            value,
            caps: self.caps,
            level: self.level.wrapped(),
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
        if !self.level.fits_wrapper() {
            return self.mark();
        }
        let value = Limited {
            value,
            caps: self.caps,
            level: self.level.wrapped(),
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
        if self.too_deep(ONE_LEVEL) {
            return self.mark();
        }
        let value = Limited {
            value,
            caps: self.caps,
            level: self.level.inside(ONE_LEVEL),
        };
        self.inner
            .serialize_newtype_variant(name, index, variant, &value)
    }

    fn serialize_seq(self, len: Option<usize>) -> Result<Self::SerializeSeq, S::Error> {
        if self.too_deep(ONE_LEVEL) {
            return self.swallow();
        }
        let len = len.map(|n| n.min(self.caps.limits.max_items.saturating_add(1)));
        let seq = self.inner.serialize_seq(len)?;
        Ok(Compound::writing(
            seq,
            self.caps,
            self.level.inside(ONE_LEVEL),
        ))
    }

    fn serialize_tuple(self, len: usize) -> Result<Self::SerializeTuple, S::Error> {
        if self.too_deep(ONE_LEVEL) {
            return self.swallow();
        }
        let tuple = self.inner.serialize_tuple(len)?;
        Ok(Compound::writing(
            tuple,
            self.caps,
            self.level.inside(ONE_LEVEL),
        ))
    }

    fn serialize_tuple_struct(
        self,
        name: &'static str,
        len: usize,
    ) -> Result<Self::SerializeTupleStruct, S::Error> {
        if self.too_deep(ONE_LEVEL) {
            return self.swallow();
        }
        let tuple = self.inner.serialize_tuple_struct(name, len)?;
        Ok(Compound::writing(
            tuple,
            self.caps,
            self.level.inside(ONE_LEVEL),
        ))
    }

    fn serialize_tuple_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self::SerializeTupleVariant, S::Error> {
        if self.too_deep(VARIANT_AROUND_COMPOUND) {
            return self.swallow();
        }
        let tuple = self
            .inner
            .serialize_tuple_variant(name, index, variant, len)?;
        Ok(Compound::writing(
            tuple,
            self.caps,
            self.level.inside(VARIANT_AROUND_COMPOUND),
        ))
    }

    fn serialize_map(self, len: Option<usize>) -> Result<Self::SerializeMap, S::Error> {
        if self.too_deep(ONE_LEVEL) {
            return self.swallow();
        }
        let len = len.map(|n| n.min(self.caps.limits.max_items.saturating_add(1)));
        let map = self.inner.serialize_map(len)?;
        Ok(Compound::writing(
            map,
            self.caps,
            self.level.inside(ONE_LEVEL),
        ))
    }

    fn serialize_struct(
        self,
        name: &'static str,
        len: usize,
    ) -> Result<Self::SerializeStruct, S::Error> {
        if self.too_deep(ONE_LEVEL) {
            return self.swallow();
        }
        if is_private_token(name) {
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
        let fields = self.inner.serialize_struct(name, len)?;
        Ok(Compound::writing(
            fields,
            self.caps,
            self.level.inside(ONE_LEVEL),
        ))
    }

    fn serialize_struct_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self::SerializeStructVariant, S::Error> {
        if self.too_deep(VARIANT_AROUND_COMPOUND) {
            return self.swallow();
        }
        let fields = self
            .inner
            .serialize_struct_variant(name, index, variant, len)?;
        Ok(Compound::writing(
            fields,
            self.caps,
            self.level.inside(VARIANT_AROUND_COMPOUND),
        ))
    }

    fn collect_str<T: fmt::Display + ?Sized>(self, value: &T) -> Result<S::Ok, S::Error> {
        self.inner.collect_str(&Truncated {
            value,
            max_chars: self.caps.limits.max_string_chars,
            cuts: self.caps.cuts,
        })
    }

    fn is_human_readable(&self) -> bool {
        self.inner.is_human_readable()
    }
}

#[cfg(test)]
mod tests {
    use core::cell::Cell;

    use super::*;
    use serde_json::json;

    /// The value as limited, and whether a cut was reported.
    fn render<T: Serialize + ?Sized>(value: &T, limits: Limits) -> (serde_json::Value, bool) {
        let flag = Cell::new(false);
        let limited = Limited::new(value, &limits, Cuts::into(&flag));
        let text = serde_json::to_string(&limited).expect("serialises");
        (serde_json::from_str(&text).expect("valid JSON"), flag.get())
    }

    #[test]
    fn strings_are_cut_on_char_boundaries() {
        let limits = Limits::DEFAULT.with_max_string_chars(3);
        assert_eq!(render("héllo", limits), (json!("hél…[truncated]"), true));
        assert_eq!(render("abc", limits), (json!("abc"), false));
    }

    #[test]
    fn collections_keep_max_items_and_mark_the_rest() {
        let limits = Limits::DEFAULT.with_max_items(2);
        assert_eq!(
            render(&[1, 2, 3, 4], limits),
            (json!([1, 2, "…[truncated]"]), true)
        );
        assert_eq!(render(&[1, 2], limits), (json!([1, 2]), false));
        let map: std::collections::BTreeMap<_, _> = [("a", 1), ("b", 2), ("c", 3)].into();
        assert_eq!(
            render(&map, limits),
            (json!({"a": 1, "b": 2, "…[truncated]": 1}), true)
        );
    }

    #[test]
    fn byte_strings_at_the_item_limit_are_whole() {
        let limits = Limits::DEFAULT.with_max_items(2);
        assert_eq!(
            render(&Bytes(&[1, 2, 3]), limits),
            (json!([1, 2, "…[truncated]"]), true)
        );
        assert_eq!(render(&Bytes(&[1, 2]), limits), (json!([1, 2]), false));
    }

    /// Serialised with `serialize_bytes`.
    struct Bytes<'a>(&'a [u8]);

    impl Serialize for Bytes<'_> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.serialize_bytes(self.0)
        }
    }

    #[test]
    fn deep_values_become_the_mark() {
        let limits = Limits::DEFAULT.with_max_depth(2);
        let deep = json!({"a": {"b": {"c": 1}}});
        assert_eq!(
            render(&deep, limits),
            (json!({"a": {"b": "…[truncated]"}}), true)
        );
        let shallow = json!({"a": {"b": 1}});
        assert_eq!(render(&shallow, limits), (shallow.clone(), false));
    }

    #[test]
    fn the_ceiling_holds_under_unlimited() {
        // Built and dropped iteratively, well within serde_json's own limits.
        let levels = Limits::DEPTH_CEILING + 5;
        let deep = (0..levels).fold(json!("bottom"), |inner, _| json!([inner]));
        let (value, cut) = render(&deep, Limits::UNLIMITED);
        assert!(cut);
        let mut node = &value;
        let mut depth = 0;
        while let Some(next) = node.get(0) {
            node = next;
            depth += 1;
        }
        assert_eq!(depth, Limits::DEPTH_CEILING);
        assert_eq!(node, MARK);
    }

    #[test]
    fn wrappers_count_toward_the_ceiling() {
        #[derive(serde::Serialize)]
        struct Wrapper(Option<Box<Wrapper>>);
        let deep = (0..Limits::DEPTH_CEILING)
            .fold(Wrapper(None), |inner, _| Wrapper(Some(Box::new(inner))));
        // Each level is a newtype and a `Some`: two steps.
        let (value, cut) = render(&deep, Limits::UNLIMITED);
        assert_eq!((value, cut), (json!(MARK), true));
        let shallow = (0..10).fold(Wrapper(None), |inner, _| Wrapper(Some(Box::new(inner))));
        assert_eq!(render(&shallow, Limits::DEFAULT), (json!(null), false));
    }
}
