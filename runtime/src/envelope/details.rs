//! The details as the envelope shows them: limited, redacted, or left out. (The
//! writing side, `DetailWriter`, is in `crate::writers`.)

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use super::{Envelope, Reduction};
use crate::limit::{Cuts, Limited, Text};
use crate::writers::DetailSink;
use crate::{DetailWriter, Policy};

/// The details of an envelope: `Serialize`, usually as an object.
#[derive(Clone, Copy)]
pub struct Details<'a> {
    pub(super) envelope: &'a Envelope<'a>,
}

/// What `details()` wrote, learnt without serialising anything.
#[derive(Default)]
struct DetailShape {
    fields: usize,
    whole: bool,
}

impl DetailShape {
    fn is_empty(&self) -> bool {
        self.fields == 0 && !self.whole
    }
}

impl DetailSink for DetailShape {
    fn field(&mut self, _: &str, _: &dyn erased_serde::Serialize, _: bool) {
        self.fields += 1;
    }
    fn whole(&mut self, _: &dyn erased_serde::Serialize) {
        self.whole = true;
    }
}

impl<'a> Details<'a> {
    fn shown(&self) -> bool {
        self.envelope.policy.include_details && self.envelope.reduction < Reduction::Details
    }

    fn shape(&self) -> DetailShape {
        let mut shape = DetailShape::default();
        if self.shown() {
            self.envelope
                .error
                .details(&mut DetailWriter::new(&mut shape));
        }
        shape
    }

    /// Whether there is nothing to show (profiles usually omit the key then).
    pub fn is_empty(&self) -> bool {
        self.shape().is_empty()
    }

    /// Writes `key` and the details into `map` when there is something to show:
    /// what a profile does with [`is_empty`](Self::is_empty) and `Serialize`, with
    /// the shape learnt once (one walk of the error's details to count, one to
    /// write).
    pub fn write_entry<M: SerializeMap>(
        &self,
        map: &mut M,
        key: &'static str,
    ) -> Result<(), M::Error> {
        let shape = self.shape();
        if shape.is_empty() {
            return Ok(());
        }
        map.serialize_entry(
            key,
            &Shaped {
                details: *self,
                shape,
            },
        )
    }

    /// Writes the detail fields into `map`, then the mark counting those the item
    /// limit left out.
    fn write_fields<M: SerializeMap>(&self, map: &mut M) -> Result<(), M::Error> {
        let mut sink = MapSink::new(map, self.envelope);
        self.envelope
            .error
            .details(&mut DetailWriter::new(&mut sink));
        sink.finish()
    }

    /// Serialises the details as an object even when the error supplied a whole
    /// non-object value (which is then under the key `value`).
    pub fn as_object(&self) -> impl Serialize + 'a {
        DetailsObject(*self)
    }
}

struct MapSink<'a, M: SerializeMap> {
    map: &'a mut M,
    policy: &'a Policy,
    cuts: Cuts<'a>,
    written: usize,
    skipped: usize,
    failed: Option<M::Error>,
}

impl<'a, M: SerializeMap> MapSink<'a, M> {
    /// Writes `envelope`'s detail fields into `map` under its policy.
    fn new(map: &'a mut M, envelope: &'a Envelope<'a>) -> Self {
        MapSink {
            map,
            policy: envelope.policy,
            cuts: envelope.cuts,
            written: 0,
            skipped: 0,
            failed: None,
        }
    }

    /// After the fields: the first error, or the mark counting those the item
    /// limit left out.
    fn finish(self) -> Result<(), M::Error> {
        if let Some(error) = self.failed {
            return Err(error);
        }
        if self.skipped > 0 {
            self.cuts.record();
            self.map
                .serialize_entry(crate::Limits::TRUNCATION_MARK, &self.skipped)?;
        }
        Ok(())
    }
}

impl<M: SerializeMap> DetailSink for MapSink<'_, M> {
    /// Writes one field, limited, or the redaction marker in its place.
    fn field(&mut self, name: &str, value: &dyn erased_serde::Serialize, redact: bool) {
        if self.failed.is_some() {
            return;
        }
        if self.written >= self.policy.limits.max_items {
            self.skipped += 1;
            return;
        }
        self.written += 1;
        let limits = &self.policy.limits;
        // A name is a string: cut as the limiting serializer would cut it.
        let key = Text::new(name, limits.max_string_chars, self.cuts);
        let result = if redact && self.policy.redact {
            self.map
                .serialize_entry(&key, &*self.policy.redaction_marker)
        } else {
            self.map
                .serialize_entry(&key, &Limited::new(value, limits, self.cuts))
        };
        if let Err(error) = result {
            self.failed = Some(error);
        }
    }

    fn whole(&mut self, _: &dyn erased_serde::Serialize) {
        // The shape pass routes whole values elsewhere; nothing to add to a map.
    }
}

/// The details with their shape already known.
struct Shaped<'a> {
    details: Details<'a>,
    shape: DetailShape,
}

impl Serialize for Shaped<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.details
            .serialize_shaped(serializer, false, &self.shape)
    }
}

struct WholeSink<'a, S: Serializer> {
    serializer: Option<S>,
    limits: &'a crate::Limits,
    cuts: Cuts<'a>,
    result: Option<Result<S::Ok, S::Error>>,
}

impl<S: Serializer> DetailSink for WholeSink<'_, S> {
    fn field(&mut self, _: &str, _: &dyn erased_serde::Serialize, _: bool) {}

    fn whole(&mut self, value: &dyn erased_serde::Serialize) {
        if let Some(serializer) = self.serializer.take() {
            self.result = Some(Limited::new(value, self.limits, self.cuts).serialize(serializer));
        }
    }
}

impl Details<'_> {
    fn serialize_object<S: Serializer>(
        &self,
        serializer: S,
        wrap_whole: bool,
    ) -> Result<S::Ok, S::Error> {
        self.serialize_shaped(serializer, wrap_whole, &self.shape())
    }

    fn serialize_shaped<S: Serializer>(
        &self,
        serializer: S,
        wrap_whole: bool,
        shape: &DetailShape,
    ) -> Result<S::Ok, S::Error> {
        let policy = self.envelope.policy;
        if shape.whole {
            if wrap_whole {
                let mut map = serializer.serialize_map(Some(1))?;
                map.serialize_entry("value", self)?;
                return map.end();
            }
            let mut sink = WholeSink {
                serializer: Some(serializer),
                limits: &policy.limits,
                cuts: self.envelope.cuts,
                result: None,
            };
            self.envelope
                .error
                .details(&mut DetailWriter::new(&mut sink));
            return match (sink.result, sink.serializer) {
                (Some(result), _) => result,
                // details() wrote a whole value in the shape pass but not now.
                (None, Some(serializer)) => serializer.serialize_map(Some(0))?.end(),
                (None, None) => Err(serde::ser::Error::custom("details changed between passes")),
            };
        }
        // The mark of skipped fields counts too: a map announced empty is closed
        // at once by some serializers.
        let len = policy.limits.capped_len(shape.fields);
        let mut map = serializer.serialize_map(Some(len))?;
        if shape.fields > 0 {
            self.write_fields(&mut map)?;
        }
        map.end()
    }
}

struct DetailsObject<'a>(Details<'a>);

impl Serialize for DetailsObject<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize_object(serializer, true)
    }
}

impl Serialize for Details<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.serialize_object(serializer, false)
    }
}
