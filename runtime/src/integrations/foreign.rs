//! Other crates' error types as tool errors: an error without a contract of its
//! own (I/O, JSON, a boxed error, an error report) renders as `INTERNAL_ERROR`,
//! `Internal`, its message masked unless verbose, unless it says what failed.
//!
//! Failures are read by what they are, never by their text: an I/O error whose kind
//! says a connection failed or an operation timed out is a dependency that is down
//! or slow (wait, retry), not a defect (give up). So an error without a contract
//! renders as `CONNECTION_FAILED` or `TIMED_OUT` when such a failure is anywhere in
//! its cause chain (hyper, reqwest and tokio keep the `std::io::Error` there), with
//! a fixed message: the source's text, which may hold an address or a path, goes
//! to the log only. A missing file or a denied permission is the server's own
//! failure, and stays `INTERNAL_ERROR`. The features `reqwest` (reqwest 0.13) and
//! `tokio` add the failures that carry no I/O error: reqwest's own timeouts and
//! failed connections (a name that does not resolve), and `tokio::time::timeout`'s
//! `Elapsed`.

use std::error::Error as StdError;
use std::io::{self, ErrorKind};

use crate::catalog::Finder;
use crate::{Catalog, Entry, Kind, StaticCatalog, ToolError};

/// The code every foreign error renders with unless it is read as a failure.
pub(crate) const FOREIGN_CODE: &str = "INTERNAL_ERROR";

/// What every foreign error renders as unless it is read as a failure.
static FOREIGN_ENTRY: Entry = Entry::new("Foreign", FOREIGN_CODE, Kind::Internal)
    .with_doc("An unexpected failure inside the server.");

/// The catalog of every foreign error type: its one `INTERNAL_ERROR` entry.
pub(crate) static FOREIGN_CATALOG: Catalog = Catalog::new(
    "foreign error",
    "tool_error",
    core::slice::from_ref(&FOREIGN_ENTRY),
)
.with_doc("An error from outside the contract (I/O, parsing, a boxed error): `Internal`, message masked unless verbose.");

/// The built-in catalog of failures read by kind.
pub(crate) static FAILURE_CATALOG: Catalog = Catalog::new("Failure", module_path!(), &ENTRIES).with_doc(
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
fn failure_of(kind: ErrorKind) -> Option<&'static Entry> {
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
    (found.code() != FOREIGN_CODE).then_some(found as &(dyn ToolError + 'static))
}

/// The entry a foreign error renders with: the failure it reads as, else the
/// foreign one.
fn entry_of(read: Option<&'static Entry>) -> &'static Entry {
    read.unwrap_or(&FOREIGN_ENTRY)
}

/// Implements `ToolError` for a foreign type from the entry its value reads as
/// (`$read`), or as a foreign error like any other (`INTERNAL_ERROR`) when it reads
/// as none. A read failure's message is the entry's, written for the client; its
/// cause, where the chain the log shows starts, is the failure itself, so its own
/// text reaches the log; otherwise it is the error's own `source()`.
macro_rules! foreign_tool_error {
    ($ty:ty, |$this:ident| $read:expr) => {
        const _: () = {
            /// The failure the value reads as, if any.
            fn read($this: &$ty) -> Option<&'static Entry> {
                $read
            }

            impl ToolError for $ty {
                fn code(&self) -> &'static str {
                    entry_of(read(self)).code()
                }
                fn kind(&self) -> Kind {
                    entry_of(read(self)).kind()
                }
                fn recoverable(&self) -> bool {
                    entry_of(read(self)).recoverable()
                }
                fn http_status(&self) -> u16 {
                    entry_of(read(self)).http_status()
                }
                fn jsonrpc_code(&self) -> i32 {
                    entry_of(read(self)).jsonrpc_code()
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
                    Some(read(self).map_or(&FOREIGN_CATALOG, |_| &FAILURE_CATALOG))
                }
                fn entry(&self) -> Option<&'static Entry> {
                    Some(entry_of(read(self)))
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

foreign_tool_error!(io::Error, |error| failure_of(error.kind()));
foreign_tool_error!(serde_json::Error, |_error| None);
foreign_tool_error!(core::fmt::Error, |_error| None);
foreign_tool_error!(dyn StdError + 'static, |_error| None);
foreign_tool_error!(dyn StdError + Send + 'static, |_error| None);
foreign_tool_error!(dyn StdError + Send + Sync + 'static, |_error| None);

#[cfg(feature = "reqwest")]
foreign_tool_error!(reqwest::Error, |error| {
    if error.is_timeout() {
        Some(&ENTRIES[1])
    } else if error.is_connect() {
        Some(&ENTRIES[0])
    } else {
        None
    }
});

#[cfg(feature = "tokio")]
foreign_tool_error!(tokio::time::error::Elapsed, |_error| Some(&ENTRIES[1]));

#[cfg(test)]
mod tests {
    use std::error::Error as StdError;

    use super::FOREIGN_CODE;
    use crate::{Kind, ToolError};

    #[test]
    fn foreign_errors_are_internal() {
        let io = std::io::Error::other("disk on fire");
        assert_eq!(io.code(), FOREIGN_CODE);
        assert_eq!(ToolError::kind(&io), Kind::Internal);
        assert!(!io.recoverable());

        let boxed: Box<dyn StdError + Send + Sync> = "boom".into();
        assert_eq!(boxed.kind(), Kind::Internal);
        let as_dyn: &dyn ToolError = &boxed;
        assert_eq!(as_dyn.code(), FOREIGN_CODE);
    }
}
