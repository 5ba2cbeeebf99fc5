//! The `ToolError` trait, its impls for wrappers (`Box`, `Arc`, `&`), and the one
//! walk of a cause chain. Other crates' error types: `integrations/foreign.rs`.

use core::fmt;
use std::backtrace::Backtrace;
use std::error::Error as StdError;
use std::time::Duration;

use crate::next_call::NextCallWriter;
use crate::{Catalog, Channel, DetailWriter, Entry, Kind, StaticCatalog, SuggestionWriter};

/// An error with a contract an agent can act on.
///
/// Usually derived (`#[derive(ToolError)]`); implement it by hand when a type needs
/// logic the attributes cannot express. Only [`code`](ToolError::code) and
/// [`kind`](ToolError::kind) are required: everything else defaults from the kind
/// or from `Display`.
///
/// The trait is object safe, so `&dyn ToolError` and `Box<dyn ToolError>` render like
/// any concrete error. It asks only for `Display` and `Debug`, not
/// [`std::error::Error`], so a hand-written contract type need not be an error type;
/// [`source_error`](ToolError::source_error) gives the cause chain that verbose debug
/// info shows.
///
/// ```
/// use std::fmt;
/// use tool_error::{DetailWriter, Kind, SuggestionWriter, ToolError};
///
/// #[derive(Debug)]
/// struct QuotaExceeded { used: u64, limit: u64 }
///
/// impl fmt::Display for QuotaExceeded {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         write!(f, "quota exceeded: {} of {}", self.used, self.limit)
///     }
/// }
///
/// impl ToolError for QuotaExceeded {
///     fn code(&self) -> &'static str { "QUOTA_EXCEEDED" }
///     fn kind(&self) -> Kind { Kind::Permission }
///     fn details(&self, details: &mut DetailWriter<'_>) {
///         details.field("used", &self.used).field("limit", &self.limit);
///     }
///     fn suggestions(&self, suggestions: &mut SuggestionWriter<'_>) {
///         suggestions.push(&"Ask an administrator to raise the quota");
///     }
/// }
///
/// let json = tool_error::Envelope::new(&QuotaExceeded { used: 12, limit: 10 }).to_json();
/// assert!(json.contains(r#""code":"QUOTA_EXCEEDED""#));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tool error",
    label = "`{Self}` needs a `ToolError` impl",
    note = "add `#[derive(tool_error::ToolError)]` to `{Self}`, or implement `ToolError` by hand"
)]
pub trait ToolError: fmt::Display + fmt::Debug {
    /// The stable machine identifier, e.g. `MODEL_NOT_FOUND`.
    fn code(&self) -> &'static str;

    /// The decision class.
    fn kind(&self) -> Kind;

    /// Whether retrying, possibly with changed input, may succeed. Defaults to
    /// [`Kind::default_recoverable`].
    fn recoverable(&self) -> bool {
        self.kind().default_recoverable()
    }

    /// A finer, free-form label beside the kind (e.g. `infeasibility_error`).
    fn category(&self) -> Option<&'static str> {
        None
    }

    /// The domain the code belongs to (e.g. `gem-flux`).
    fn domain(&self) -> Option<&'static str> {
        None
    }

    /// Writes the message for the caller. Defaults to `Display`.
    fn fmt_message(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }

    /// Whether the message was written for the caller, so it is shown even when the
    /// policy masks the messages of `Internal` errors. Derived: true for variants with
    /// an explicit `message = "..."`; `Display` output (which often carries a source's
    /// text) is not.
    fn message_is_public(&self) -> bool {
        false
    }

    /// Writes the structured details.
    fn details(&self, details: &mut DetailWriter<'_>) {
        let _ = details;
    }

    /// Writes the suggestions, most useful first.
    fn suggestions(&self, suggestions: &mut SuggestionWriter<'_>) {
        let _ = suggestions;
    }

    /// Writes the tool calls that may fix the error, most useful first: declared
    /// with `next_call(...)` when derived. Each is advice the agent may act on;
    /// see [`NextCall`](crate::NextCall) for the trust model.
    fn next_calls(&self, calls: &mut NextCallWriter<'_>) {
        let _ = calls;
    }

    /// How long to wait before retrying, when known.
    fn retry_after(&self) -> Option<Duration> {
        None
    }

    /// Whether the call was refused before it had any effect (a rate limit, an
    /// overloaded server turning calls away), so repeating it unchanged is safe
    /// whatever the call does; see [`Retry`](crate::envelope::Retry). Derived:
    /// `#[tool_error(no_effect)]`. Defaults to what the catalog entry says, else
    /// `false`: a failure whose effect is unknown (a timeout may have written) is
    /// not safe to repeat.
    fn no_effect(&self) -> bool {
        self.entry().is_some_and(Entry::no_effect)
    }

    /// The JSON-RPC error code. Defaults to [`Kind::default_jsonrpc_code`].
    fn jsonrpc_code(&self) -> i32 {
        self.kind().default_jsonrpc_code()
    }

    /// The HTTP status. Defaults to [`Kind::default_http_status`].
    fn http_status(&self) -> u16 {
        self.kind().default_http_status()
    }

    /// Whether the error is a tool result or a protocol error.
    fn channel(&self) -> Channel {
        Channel::Result
    }

    /// The static catalog of the error's type, when it has one.
    fn catalog(&self) -> Option<&'static Catalog> {
        None
    }

    /// The catalog entry this value renders from (through `transparent` nesting).
    fn entry(&self) -> Option<&'static Entry> {
        None
    }

    /// The underlying cause, the start of the chain verbose debug info shows. Derived:
    /// the field marked `#[source]` or `#[from]` or named `source`, as thiserror reads it.
    fn source_error(&self) -> Option<&(dyn StdError + 'static)> {
        None
    }

    /// A backtrace captured when the error was created, shown in verbose debug info.
    /// Derived: a field of type `Backtrace`.
    fn backtrace(&self) -> Option<&Backtrace> {
        None
    }
}

/// Forwards every method, so wrappers and trait objects render like the inner error.
macro_rules! forward_tool_error {
    ($this:ident => $target:expr) => {
        crate::error::forward_contract!($this => $target);
        fn source_error(&$this) -> Option<&(dyn StdError + 'static)> {
            $target.source_error()
        }
        fn backtrace(&$this) -> Option<&Backtrace> {
            $target.backtrace()
        }
    };
}

/// Forwards every method but the cause and the backtrace, for a wrapper that has
/// its own.
macro_rules! forward_contract {
    ($this:ident => $target:expr) => {
        fn code(&$this) -> &'static str {
            $target.code()
        }
        fn kind(&$this) -> Kind {
            $target.kind()
        }
        fn recoverable(&$this) -> bool {
            $target.recoverable()
        }
        fn category(&$this) -> Option<&'static str> {
            $target.category()
        }
        fn domain(&$this) -> Option<&'static str> {
            $target.domain()
        }
        fn fmt_message(&$this, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            $target.fmt_message(f)
        }
        fn message_is_public(&$this) -> bool {
            $target.message_is_public()
        }
        fn details(&$this, details: &mut DetailWriter<'_>) {
            $target.details(details)
        }
        fn suggestions(&$this, suggestions: &mut SuggestionWriter<'_>) {
            $target.suggestions(suggestions)
        }
        fn next_calls(&$this, calls: &mut NextCallWriter<'_>) {
            $target.next_calls(calls)
        }
        fn no_effect(&$this) -> bool {
            $target.no_effect()
        }
        fn retry_after(&$this) -> Option<Duration> {
            $target.retry_after()
        }
        fn jsonrpc_code(&$this) -> i32 {
            $target.jsonrpc_code()
        }
        fn http_status(&$this) -> u16 {
            $target.http_status()
        }
        fn channel(&$this) -> Channel {
            $target.channel()
        }
        fn catalog(&$this) -> Option<&'static Catalog> {
            $target.catalog()
        }
        fn entry(&$this) -> Option<&'static Entry> {
            $target.entry()
        }
    };
}

pub(crate) use forward_contract;
#[cfg(any(feature = "anyhow", feature = "eyre"))]
pub(crate) use forward_tool_error;

impl<T: ToolError + ?Sized> ToolError for Box<T> {
    forward_tool_error!(self => (**self));
}

impl<T: ToolError + ?Sized> ToolError for std::sync::Arc<T> {
    forward_tool_error!(self => (**self));
}

impl<T: ToolError + ?Sized> ToolError for &T {
    forward_tool_error!(self => (**self));
}

impl<T: StaticCatalog + ?Sized> StaticCatalog for Box<T> {
    const CATALOG: &'static Catalog = T::CATALOG;
}

/// How many errors of a cause chain are read, against a cyclic `source()`.
const MAX_CHAIN: usize = 64;

/// How many causes are shown, in a log event or a verbose envelope's debug info.
pub(crate) const MAX_SHOWN_CAUSES: usize = 32;

/// `error`, then each `source()` below it: at most [`MAX_CHAIN`] errors.
pub(crate) fn causes<'a>(
    error: &'a (dyn StdError + 'static),
) -> impl Iterator<Item = &'a (dyn StdError + 'static)> {
    core::iter::successors(Some(error), |&current| current.source()).take(MAX_CHAIN)
}
