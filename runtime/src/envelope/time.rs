//! Times and durations as they are written: RFC 3339 timestamps, seconds.

use core::fmt;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Serialize, Serializer};

/// A point in time rendered as RFC 3339 UTC (`2025-10-27T14:32:15Z`): `Display` and
/// `Serialize`. Times outside 1970..=9999 are clamped to that range.
///
/// ```
/// use std::time::{Duration, UNIX_EPOCH};
/// use tool_error::envelope::Timestamp;
///
/// let time = UNIX_EPOCH + Duration::from_millis(1_761_575_722_250);
/// assert_eq!(Timestamp::new(time).to_string(), "2025-10-27T14:35:22Z");
/// assert_eq!(Timestamp::new(time).with_millis().to_string(), "2025-10-27T14:35:22.250Z");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timestamp {
    time: SystemTime,
    millis: bool,
}

/// The last instant humantime can format (9999-12-31T23:59:59.999999999Z).
const LATEST_SECONDS: u64 = 253_402_300_799;

impl Timestamp {
    /// A timestamp of `time` at second precision.
    pub fn new(time: SystemTime) -> Self {
        Timestamp {
            time,
            millis: false,
        }
    }

    /// The same instant with milliseconds (`2025-10-27T14:32:15.123Z`).
    #[must_use]
    pub fn with_millis(mut self) -> Self {
        self.millis = true;
        self
    }

    fn clamped(&self) -> SystemTime {
        match self.time.duration_since(UNIX_EPOCH) {
            Err(_) => UNIX_EPOCH,
            // A platform whose clock cannot reach year 9999 cannot hold a time
            // past it either; `+` would panic there.
            Ok(_) => match UNIX_EPOCH.checked_add(Duration::new(LATEST_SECONDS, 999_999_999)) {
                Some(latest) if self.time > latest => latest,
                _ => self.time,
            },
        }
    }
}

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let time = self.clamped();
        if self.millis {
            humantime::format_rfc3339_millis(time).fmt(f)
        } else {
            humantime::format_rfc3339_seconds(time).fmt(f)
        }
    }
}

impl Serialize for Timestamp {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// A duration as a JSON number of seconds, rounded up to the millisecond so that a
/// wait never reads shorter than it is (500 µs is 0.001, not 0.0), as `Retry-After`
/// rounds up to the second; an integer when that is a whole number of seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Seconds(pub(super) Duration);

impl Serialize for Seconds {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let millis = self.0.as_nanos().div_ceil(1_000_000);
        match u64::try_from(millis / 1000) {
            // Whole seconds (rounded up or not) as an integer.
            Ok(seconds) if millis.is_multiple_of(1000) => serializer.serialize_u64(seconds),
            // u128 to f64 rounds and never overflows (u128::MAX < f64::MAX).
            _ => serializer.serialize_f64(millis as f64 / 1000.0),
        }
    }
}
