//! Failures read by what they are, never by their text: an I/O error whose kind
//! says a connection failed or an operation timed out is a dependency that is down
//! or slow (wait, retry), not a defect (give up). So an error without a contract
//! renders as `CONNECTION_FAILED` or `TIMED_OUT` when such a failure is anywhere in
//! its cause chain (hyper, reqwest and tokio keep the `std::io::Error` there), with
//! a fixed message: the source's text, which may hold an address or a path, goes
//! to the log only. A missing file or a denied permission is the server's own
//! failure, and stays `INTERNAL_ERROR`.
//!
//! The features `reqwest` and `tokio` add the timeouts that carry no I/O error:
//! reqwest's own, and `tokio::time::timeout`'s `Elapsed`.

use std::error::Error as StdError;
use std::io::{self, ErrorKind};

use crate::catalog::Finder;
use crate::error::FOREIGN_CATALOG;
use crate::{Catalog, Entry, Kind, StaticCatalog, ToolError};

/// The built-in catalog of failures read by kind.
pub(crate) static CATALOG: Catalog = Catalog::new("Failure", module_path!(), &ENTRIES).with_doc(
    "An error without a contract whose cause chain says what failed: a connection or a deadline.",
);

static ENTRIES: [Entry; 2] = [
    Entry {
        message: Some("A service this tool depends on could not be reached"),
        ..Entry::new("ConnectionFailed", "CONNECTION_FAILED", Kind::Transient)
    }
    .with_http_status(502)
    .with_doc("A connection to another service was refused, reset or aborted, or its host or network was unreachable."),
    Entry {
        message: Some("The operation timed out"),
        ..Entry::new("TimedOut", "TIMED_OUT", Kind::Transient)
    }
    .with_http_status(504)
    .with_doc("An operation, usually a request to another service, ran out of time; it may have taken effect."),
];

/// The entry a failure of this I/O kind renders with, if its kind says what failed.
fn entry_of(kind: ErrorKind) -> Option<&'static Entry> {
    match kind {
        ErrorKind::ConnectionRefused
        | ErrorKind::ConnectionReset
        | ErrorKind::ConnectionAborted
        | ErrorKind::NotConnected
        | ErrorKind::HostUnreachable
        | ErrorKind::NetworkUnreachable
        | ErrorKind::BrokenPipe => Some(&ENTRIES[0]),
        ErrorKind::TimedOut => Some(&ENTRIES[1]),
        _ => None,
    }
}

/// The finders of failures read by kind: each recognises its type in a cause chain
/// when the failure is one of this catalog's, and finds nothing otherwise.
pub(crate) const FINDERS: &[Finder] = &[
    classified::<io::Error>,
    #[cfg(feature = "reqwest")]
    classified::<reqwest::Error>,
    #[cfg(feature = "tokio")]
    classified::<tokio::time::error::Elapsed>,
];

fn classified<'a, T: ToolError + StdError + 'static>(
    error: &'a (dyn StdError + 'static),
) -> Option<&'a (dyn ToolError + 'static)> {
    let found = error.downcast_ref::<T>()?;
    (found.code() != crate::error::FOREIGN_CODE).then_some(found as &(dyn ToolError + 'static))
}

/// Implements `ToolError` for a foreign failure type from the entry its value
/// reads as, or as a foreign error like any other (`INTERNAL_ERROR`) when it reads
/// as none. A read failure's message is the entry's, written for the client; its
/// cause, where the chain the log shows starts, is the failure itself, so its own
/// text reaches the log.
macro_rules! failure_tool_error {
    ($ty:ty, |$this:ident| $entry:expr) => {
        const _: () = {
            fn read($this: &$ty) -> Option<&'static Entry> {
                $entry
            }

            impl ToolError for $ty {
                fn code(&self) -> &'static str {
                    read(self).map_or(crate::error::FOREIGN_CODE, Entry::code)
                }
                fn kind(&self) -> Kind {
                    read(self).map_or(Kind::Internal, Entry::kind)
                }
                fn fmt_message(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                    match read(self).and_then(Entry::message) {
                        Some(message) => f.write_str(message),
                        None => core::fmt::Display::fmt(self, f),
                    }
                }
                fn message_is_public(&self) -> bool {
                    read(self).is_some()
                }
                fn catalog(&self) -> Option<&'static Catalog> {
                    Some(read(self).map_or(&FOREIGN_CATALOG, |_| &CATALOG))
                }
                fn entry(&self) -> Option<&'static Entry> {
                    read(self).or(FOREIGN_CATALOG.entries.first())
                }
                fn source_error(&self) -> Option<&(dyn StdError + 'static)> {
                    match read(self) {
                        Some(_) => Some(self),
                        None => StdError::source(self),
                    }
                }
            }

            impl StaticCatalog for $ty {
                const CATALOG: &'static Catalog = &FOREIGN_CATALOG;
            }
        };
    };
}

failure_tool_error!(io::Error, |error| entry_of(error.kind()));

#[cfg(feature = "reqwest")]
failure_tool_error!(reqwest::Error, |error| {
    if error.is_timeout() {
        Some(&ENTRIES[1])
    } else if error.is_connect() {
        Some(&ENTRIES[0])
    } else {
        None
    }
});

#[cfg(feature = "tokio")]
failure_tool_error!(tokio::time::error::Elapsed, |_error| Some(&ENTRIES[1]));
