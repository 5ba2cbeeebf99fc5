//! A next call serialised under the policy's limits: left out whole rather than
//! sent changed.

use core::fmt;

use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};

use crate::__private::Fields;
use crate::Limits;
use crate::limit::{Cuts, Limited, Text, Truncated};
use crate::template::Template;

use super::call::{Arguments, NextCall};
use super::spec::ArgumentValue;

/// A call as the native envelope writes it, every string and value within
/// `limits`, its cuts reported to `cuts`.
pub(crate) struct LimitedCall<'c, 'a> {
    pub(crate) call: &'c NextCall<'a>,
    pub(crate) limits: &'c Limits,
    pub(crate) cuts: Cuts<'c>,
}

impl Serialize for LimitedCall<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (call, limits, cuts) = (self.call, self.limits, self.cuts);
        let mut map = serializer.serialize_map(None)?;
        let tool = Text::new(call.tool, limits.max_string_chars, cuts);
        map.serialize_entry("tool", &tool)?;
        let arguments = LimitedArguments {
            arguments: call.arguments,
            limits,
            cuts,
        };
        map.serialize_entry("arguments", &arguments)?;
        if call.caller_supplied_names().next().is_some() {
            map.serialize_entry("caller_supplies", &CallerSupplied(self))?;
        }
        map.serialize_entry("read_only", &call.read_only)?;
        map.end()
    }
}

/// The names in a call's `caller_supplies`: written by hand, or the declared
/// `name = _`.
struct CallerSupplied<'l, 'c, 'a>(&'l LimitedCall<'c, 'a>);

impl Serialize for CallerSupplied<'_, '_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let LimitedCall { call, limits, cuts } = *self.0;
        let mut seq = serializer.serialize_seq(None)?;
        for (index, name) in call.caller_supplied_names().enumerate() {
            if index >= limits.max_items {
                cuts.record();
                break;
            }
            seq.serialize_element(&Text::new(name, limits.max_string_chars, cuts))?;
        }
        seq.end()
    }
}

/// The `arguments` object of a call, within the limits.
pub(super) struct LimitedArguments<'a> {
    pub(super) arguments: Arguments<'a>,
    pub(super) limits: &'a Limits,
    pub(super) cuts: Cuts<'a>,
}

impl Serialize for LimitedArguments<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (limits, cuts) = (self.limits, self.cuts);
        match self.arguments {
            Arguments::Value(value) => {
                Limited::new(value.as_erased(), limits, cuts).serialize(serializer)
            }
            Arguments::Declared {
                spec,
                slots,
                fields,
            } => {
                let mut map = serializer.serialize_map(None)?;
                // Every declared argument: their number is fixed at compile time,
                // and a call missing one is not the call the server declared.
                let given = spec
                    .iter()
                    .filter(|argument| !matches!(argument.value, ArgumentValue::CallerSupplies));
                for argument in given {
                    let value = DeclaredValue {
                        value: argument.value,
                        slots,
                        fields,
                        limits,
                        cuts,
                    };
                    map.serialize_entry(argument.name, &value)?;
                }
                map.end()
            }
        }
    }
}

/// One declared argument's value, filled from the fields.
struct DeclaredValue<'a> {
    value: ArgumentValue,
    slots: &'static [&'static str],
    fields: &'a Fields<'a>,
    limits: &'a Limits,
    cuts: Cuts<'a>,
}

impl Serialize for DeclaredValue<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.value {
            ArgumentValue::Text(template) => {
                let text = Template::new(template, self.slots, self.fields.args);
                Truncated::new(text, self.limits.max_string_chars, self.cuts).serialize(serializer)
            }
            ArgumentValue::Field { index, .. } => match self.fields.call_values.get(index) {
                Some(value) => {
                    Limited::new(value.as_erased(), self.limits, self.cuts).serialize(serializer)
                }
                None => serializer.serialize_unit(),
            },
            ArgumentValue::Integer(value) => serializer.serialize_i64(value),
            ArgumentValue::Number(value) => serializer.serialize_f64(value),
            ArgumentValue::Boolean(value) => serializer.serialize_bool(value),
            ArgumentValue::CallerSupplies => serializer.serialize_unit(),
        }
    }
}

impl NextCall<'_> {
    /// Whether the call fits `limits` whole: a call with a cut tool name or argument
    /// is not the call the server meant, so the envelope leaves it out.
    pub(crate) fn fits(&self, limits: &Limits) -> bool {
        let cut = core::cell::Cell::new(false);
        let probe = LimitedCall {
            call: self,
            limits,
            cuts: Cuts::into(&cut),
        };
        serde_json::to_writer(std::io::sink(), &probe).is_ok() && !cut.get()
    }
}

/// A call's `Debug` is its JSON, whole: the call as sent without limits.
impl fmt::Debug for NextCall<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let whole = LimitedCall {
            call: self,
            limits: &Limits::UNLIMITED,
            cuts: Cuts::IGNORED,
        };
        f.write_str(&serde_json::to_string(&whole).unwrap_or_default())
    }
}
