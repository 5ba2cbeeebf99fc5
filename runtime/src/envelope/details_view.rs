//! The details as the envelope shows them: limited, redacted, or left out. (The
//! writing side, `DetailWriter`, is in `crate::details`.)

use core::fmt;

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use super::{Envelope, Reduction};
use crate::details::DetailSink;
use crate::limit::{Cuts, Limited};
use crate::{DetailWriter, Policy};

/// The details of an envelope: `Serialize`, usually as an object.
#[derive(Clone, Copy)]
pub struct Details<'a> {
    envelope: &'a Envelope<'a>,
}

impl<'a> Details<'a> {
    pub(super) fn new(envelope: &'a Envelope<'a>) -> Self {
        Details { envelope }
    }
}

/// What `details()` wrote, learnt without serialising anything.
#[derive(Default)]
struct DetailShape {
    fields: usize,
    whole: bool,
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
        let shape = self.shape();
        shape.fields == 0 && !shape.whole
    }

    /// Writes each detail as an entry of a map the caller is serialising, for
    /// profiles that merge details with keys of their own (interbase's `data` holds
    /// the details and `retry_after`). A whole details value that is an object
    /// contributes its entries; any other whole value goes under `value`.
    pub fn serialize_entries<M: SerializeMap>(&self, map: &mut M) -> Result<(), M::Error> {
        let shape = self.shape();
        if shape.whole {
            let value =
                serde_json::to_value(WholeValue(*self)).map_err(serde::ser::Error::custom)?;
            return match value {
                serde_json::Value::Object(entries) => entries
                    .iter()
                    .try_for_each(|(key, value)| map.serialize_entry(key, value)),
                other => map.serialize_entry("value", &other),
            };
        }
        if shape.fields == 0 {
            return Ok(());
        }
        self.write_fields(map)
    }

    /// Writes the detail fields into `map`, then the mark counting those the item
    /// limit left out.
    fn write_fields<M: SerializeMap>(&self, map: &mut M) -> Result<(), M::Error> {
        let cuts = self.envelope.cuts;
        let mut sink = MapSink {
            map,
            policy: self.envelope.policy,
            cuts,
            written: 0,
            skipped: 0,
            failed: None,
        };
        self.envelope
            .error
            .details(&mut DetailWriter::new(&mut sink));
        let (failed, skipped) = (sink.failed, sink.skipped);
        if let Some(error) = failed {
            return Err(error);
        }
        if skipped > 0 {
            cuts.record();
            map.serialize_entry(crate::Limits::TRUNCATION_MARK, &skipped)?;
        }
        Ok(())
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

impl<M: SerializeMap> DetailSink for MapSink<'_, M> {
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
        let key = Limited::new(name, limits, self.cuts);
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
        let shape = self.shape();
        let policy = self.envelope.policy;
        if shape.whole {
            if wrap_whole {
                let mut map = serializer.serialize_map(Some(1))?;
                map.serialize_entry("value", &WholeValue(*self))?;
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
        let kept = shape.fields.min(policy.limits.max_items);
        let mut map = serializer.serialize_map(Some(kept + usize::from(shape.fields > kept)))?;
        if shape.fields > 0 {
            self.write_fields(&mut map)?;
        }
        map.end()
    }
}

struct WholeValue<'a>(Details<'a>);

impl Serialize for WholeValue<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize_object(serializer, false)
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

impl fmt::Debug for Details<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&serde_json::to_string(self).unwrap_or_default())
    }
}
