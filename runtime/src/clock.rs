//! Where timestamps come from: the clock is a setting of the server, given once to
//! [`Options::with_clock`](crate::Options::with_clock).

use std::time::SystemTime;

/// A source of the current time, injectable so tests render fixed timestamps.
pub trait Clock: Send + Sync {
    /// The current time.
    fn now(&self) -> SystemTime;
}

/// The system's wall clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> SystemTime {
        SystemTime::now()
    }
}

/// A clock stopped at one instant.
///
/// ```
/// use tool_error::clock::FixedClock;
/// use tool_error::{Envelope, Options, ToolError};
///
/// #[derive(Debug, thiserror::Error, ToolError)]
/// #[error("busy")]
/// #[tool_error(kind = transient)]
/// struct Busy;
///
/// let options = Options::new().with_clock(FixedClock::from_rfc3339("2025-10-27T14:32:15Z").unwrap());
/// let envelope = Envelope::new(&Busy).with_context(options.context().with_tool("build_media"));
/// assert_eq!(envelope.timestamp().unwrap().to_string(), "2025-10-27T14:32:15Z");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FixedClock(pub SystemTime);

impl FixedClock {
    /// Parses an RFC 3339 UTC timestamp such as `2025-10-27T14:32:15Z`.
    pub fn from_rfc3339(text: &str) -> Result<Self, humantime::TimestampError> {
        humantime::parse_rfc3339(text).map(FixedClock)
    }
}

impl Clock for FixedClock {
    fn now(&self) -> SystemTime {
        self.0
    }
}
