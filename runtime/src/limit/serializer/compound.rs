//! The arrays and objects of a limited value: items past the limit dropped, and a
//! compound nested too deep swallowed, with the mark in its place.

use serde::ser::{
    Serialize, SerializeMap, SerializeSeq, SerializeStruct, SerializeStructVariant, SerializeTuple,
    SerializeTupleStruct, SerializeTupleVariant, Serializer,
};

use super::{Caps, Level, Limited};
use crate::limit::MARK;

/// A compound value being written, or swallowed because it is nested too deep
/// (then the mark is written in its place when it ends).
pub(super) enum Compound<'a, S: Serializer, C> {
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
    pub(super) fn writing(compound: C, caps: Caps<'a>, level: Level) -> Self {
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
                compound.$method($($key,)? &Limited::at(value, *caps, *level))
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
        compound.serialize_key(&Limited::at(key, *caps, *level))
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
        compound.serialize_value(&Limited::at(value, *caps, *level))
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
