//! A derived variant's detail values, with the common types kept as what they are.
//!
//! A detail reaches a renderer as a trait object, and a trait object is serialised
//! through `erased_serde`: a virtual call per string, number and sequence element,
//! each through its own small function. Most detail fields are strings, integers,
//! booleans or lists of strings, so the derive hands those over as a
//! [`DetailValue`] variant of their own, which a renderer serialises with the
//! concrete type's own `Serialize`: the same calls into the serializer, made
//! directly. Which types qualify is decided where the field's type is known, at the
//! derive's call site: `(&DetailProbe(field)).__detail_value()` finds a
//! [`TypedDetail`] impl for those types first and falls back to [`AnyDetail`] for
//! every other `Serialize` type (and for a type parameter, whatever it stands for).
//! An `Option` field, absent when `None`, is handed over by `__optional_value`,
//! through [`TypedOptionalDetail`] or [`AnyOptionalDetail`] in the same way.

use std::borrow::Cow;

use serde::{Serialize, Serializer};

use crate::writers::Detail;

/// One detail field's value as the derive hands it over.
#[derive(Clone, Copy, Debug)]
pub enum DetailValue<'a> {
    /// An `Option` field that is `None`: no entry.
    Absent,
    /// Any other `Serialize` value, serialised through its trait object.
    Any(&'a dyn Detail),
    /// A `String`, `&str`, `Box<str>` or `Cow<str>`.
    Str(&'a str),
    /// A `Vec<String>`.
    Strings(&'a [String]),
    /// A `u64` or `usize` (both serialise as `u64`).
    U64(u64),
    /// A `u32`.
    U32(u32),
    /// An `i64` or `isize` (both serialise as `i64`).
    I64(i64),
    /// An `i32`.
    I32(i32),
    /// A `bool`.
    Bool(bool),
    /// An `f64`.
    F64(f64),
}

impl DetailValue<'_> {
    /// The value as a [`Detail`], or `None` when absent: a typed value is one
    /// itself (its `Serialize` below), a trait object is handed on as it is.
    pub(crate) fn detail(&self) -> Option<&dyn Detail> {
        match self {
            DetailValue::Absent => None,
            DetailValue::Any(value) => Some(*value),
            typed => Some(typed),
        }
    }

    /// Whether the field has a value to write.
    pub(crate) fn is_present(&self) -> bool {
        !matches!(self, DetailValue::Absent)
    }
}

/// Each variant as its own type would serialise; an absent one as `None` (no
/// renderer writes it: they skip absent fields).
impl Serialize for DetailValue<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            DetailValue::Absent => serializer.serialize_none(),
            DetailValue::Any(value) => value.as_erased().serialize(serializer),
            DetailValue::Str(value) => value.serialize(serializer),
            DetailValue::Strings(value) => value.serialize(serializer),
            DetailValue::U64(value) => value.serialize(serializer),
            DetailValue::U32(value) => value.serialize(serializer),
            DetailValue::I64(value) => value.serialize(serializer),
            DetailValue::I32(value) => value.serialize(serializer),
            DetailValue::Bool(value) => value.serialize(serializer),
            DetailValue::F64(value) => value.serialize(serializer),
        }
    }
}

/// A borrowed field, for choosing how to hand it over (see the module docs).
#[derive(Debug)]
pub struct DetailProbe<'a, T: ?Sized>(pub &'a T);

impl<T: ?Sized> Clone for DetailProbe<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: ?Sized> Copy for DetailProbe<'_, T> {}

/// Any `Serialize` field, through its trait object: what method resolution falls
/// back to when no [`TypedDetail`] impl applies.
pub trait AnyDetail<'a, T> {
    /// The field's value.
    fn __detail_value(self) -> DetailValue<'a>
    where
        // On the method, not the impl: a field that is not `Serialize` is then
        // reported with `Detail`'s own message, at the field.
        T: Detail;
}

impl<'a, T: 'a> AnyDetail<'a, T> for DetailProbe<'a, T> {
    fn __detail_value(self) -> DetailValue<'a>
    where
        T: Detail,
    {
        DetailValue::Any(self.0)
    }
}

/// An `Option` field of any `Serialize` type, absent when `None`: the fallback of
/// [`TypedOptionalDetail`], as [`AnyDetail`] is of [`TypedDetail`].
pub trait AnyOptionalDetail<'a, T> {
    /// The field's value, absent when `None`.
    fn __optional_value(self) -> DetailValue<'a>
    where
        T: Detail;
}

impl<'a, T: 'a> AnyOptionalDetail<'a, T> for DetailProbe<'a, Option<T>> {
    fn __optional_value(self) -> DetailValue<'a>
    where
        T: Detail,
    {
        match self.0 {
            Some(value) => DetailValue::Any(value),
            None => DetailValue::Absent,
        }
    }
}

/// The field types handed over as they are. Implemented for `&DetailProbe<T>`, one
/// reference more than [`AnyDetail`], so method resolution tries these first.
pub trait TypedDetail<'a> {
    /// The field's value.
    fn __detail_value(self) -> DetailValue<'a>;
}

/// `Option`s of the types [`TypedDetail`] hands over as they are.
pub trait TypedOptionalDetail<'a> {
    /// The field's value, absent when `None`.
    fn __optional_value(self) -> DetailValue<'a>;
}

macro_rules! typed_detail {
    ($($ty:ty => |$value:ident| $view:expr;)*) => {$(
        impl<'a> TypedDetail<'a> for &DetailProbe<'a, $ty> {
            fn __detail_value(self) -> DetailValue<'a> {
                let $value = self.0;
                $view
            }
        }

        impl<'a> TypedOptionalDetail<'a> for &DetailProbe<'a, Option<$ty>> {
            fn __optional_value(self) -> DetailValue<'a> {
                match self.0 {
                    Some($value) => $view,
                    None => DetailValue::Absent,
                }
            }
        }
    )*};
}

typed_detail! {
    String => |value| DetailValue::Str(value);
    &'a str => |value| DetailValue::Str(value);
    Box<str> => |value| DetailValue::Str(value);
    Cow<'a, str> => |value| DetailValue::Str(value);
    Vec<String> => |value| DetailValue::Strings(value);
    u64 => |value| DetailValue::U64(*value);
    // `usize` serialises as `u64` (serde widens it), so it is one.
    usize => |value| DetailValue::U64(*value as u64);
    u32 => |value| DetailValue::U32(*value);
    i64 => |value| DetailValue::I64(*value);
    // Likewise `isize` as `i64`.
    isize => |value| DetailValue::I64(*value as i64);
    i32 => |value| DetailValue::I32(*value);
    bool => |value| DetailValue::Bool(*value);
    f64 => |value| DetailValue::F64(*value);
}

// Written as the derive writes it: for the types without a typed impl the borrow is
// needless, and the same expression for every type is the point.
#[allow(clippy::needless_borrow)]
#[cfg(test)]
mod tests {
    use super::*;

    /// What each type serialises as through its own `Serialize`, and through the
    /// value the probe hands over, side by side.
    fn same_json<T: Serialize>(field: &T, value: DetailValue<'_>) {
        assert_eq!(
            serde_json::to_string(&value).ok(),
            serde_json::to_string(field).ok()
        );
        let erased = value
            .detail()
            .map(|detail| serde_json::to_string(detail.as_erased()).ok());
        assert_eq!(erased, Some(serde_json::to_string(field).ok()));
    }

    #[test]
    fn the_common_types_are_handed_over_typed_and_serialise_as_themselves() {
        let text = String::from("a \"quoted\" é");
        let texts = vec![String::from("x"), String::new()];
        let borrowed: &str = "b";
        let boxed: Box<str> = "c".into();
        let cow: Cow<'_, str> = Cow::Owned("d".into());
        assert!(matches!(
            (&DetailProbe(&text)).__detail_value(),
            DetailValue::Str(_)
        ));
        same_json(&text, (&DetailProbe(&text)).__detail_value());
        same_json(&texts, (&DetailProbe(&texts)).__detail_value());
        assert!(matches!(
            (&DetailProbe(&texts)).__detail_value(),
            DetailValue::Strings(_)
        ));
        same_json(&borrowed, (&DetailProbe(&borrowed)).__detail_value());
        same_json(&boxed, (&DetailProbe(&boxed)).__detail_value());
        same_json(&cow, (&DetailProbe(&cow)).__detail_value());
        same_json(&u64::MAX, (&DetailProbe(&u64::MAX)).__detail_value());
        same_json(&usize::MAX, (&DetailProbe(&usize::MAX)).__detail_value());
        assert!(matches!(
            (&DetailProbe(&7usize)).__detail_value(),
            DetailValue::U64(7)
        ));
        same_json(&u32::MAX, (&DetailProbe(&u32::MAX)).__detail_value());
        same_json(&i64::MIN, (&DetailProbe(&i64::MIN)).__detail_value());
        same_json(&isize::MIN, (&DetailProbe(&isize::MIN)).__detail_value());
        same_json(&i32::MIN, (&DetailProbe(&i32::MIN)).__detail_value());
        same_json(&true, (&DetailProbe(&true)).__detail_value());
        same_json(&1.5f64, (&DetailProbe(&1.5f64)).__detail_value());
        same_json(&f64::NAN, (&DetailProbe(&f64::NAN)).__detail_value());
    }

    #[test]
    fn other_types_and_type_parameters_go_through_the_trait_object() {
        fn through_parameter<T: Serialize>(value: &T) -> DetailValue<'_> {
            (&DetailProbe(value)).__detail_value()
        }
        let small = 3u8;
        assert!(matches!(
            (&DetailProbe(&small)).__detail_value(),
            DetailValue::Any(_)
        ));
        same_json(&small, (&DetailProbe(&small)).__detail_value());
        // A `String` behind a type parameter is not known to be one.
        let text = String::from("t");
        assert!(matches!(through_parameter(&text), DetailValue::Any(_)));
        same_json(&text, through_parameter(&text));
        let nested = vec![vec![1u8]];
        same_json(&nested, (&DetailProbe(&nested)).__detail_value());
    }

    #[test]
    fn options_are_absent_when_none_and_typed_like_their_contents() {
        let some = Some(String::from("s"));
        let none: Option<String> = None;
        assert!(matches!(
            (&DetailProbe(&some)).__optional_value(),
            DetailValue::Str("s")
        ));
        assert!(matches!(
            (&DetailProbe(&none)).__optional_value(),
            DetailValue::Absent
        ));
        let some_count = Some(9usize);
        assert!(matches!(
            (&DetailProbe(&some_count)).__optional_value(),
            DetailValue::U64(9)
        ));
        let other = Some(3u8);
        assert!(matches!(
            (&DetailProbe(&other)).__optional_value(),
            DetailValue::Any(_)
        ));
        same_json(&3u8, (&DetailProbe(&other)).__optional_value());
        let absent: Option<u8> = None;
        assert!(matches!(
            (&DetailProbe(&absent)).__optional_value(),
            DetailValue::Absent
        ));
    }

    #[test]
    fn an_absent_value_has_no_detail() {
        assert!(DetailValue::Absent.detail().is_none());
        assert!(!DetailValue::Absent.is_present());
        assert!(DetailValue::Bool(false).is_present());
    }
}
