//! JSON-RPC errors a framework already built (rmcp's `ErrorData`, jsonrpsee's
//! `ErrorObjectOwned`) as tool errors: a server that returned them before adopting
//! tool-error, and passes them up through an [`AnyError`](crate::AnyError), keeps
//! their JSON-RPC code and message.
//!
//! The rmcp and jsonrpsee integrations send such an error on unchanged; elsewhere
//! (an axum response, an envelope rendered by hand) it renders under the code this
//! catalog gives its JSON-RPC code, as a protocol error. The message of a refused
//! request (invalid params, method not found, ...) is public, since the server
//! wrote it for the client, and its `data`, when an object, is the details; an
//! internal one's message is masked and its data dropped, like any internal error's.

use crate::{Catalog, Channel, Entry, Kind};

/// The built-in catalog of JSON-RPC errors passed through.
pub(crate) static CATALOG: Catalog = Catalog::new("JsonRpcError", module_path!(), &ENTRIES)
    .with_doc("A JSON-RPC error built by rmcp or jsonrpsee that a handler passed up: it keeps its own JSON-RPC code and message.");

/// One entry per JSON-RPC code the specifications define for requests a server
/// refuses, and last one for every other code (see [`entry_for`]).
const ENTRIES: [Entry; 6] = [
    entry("ParseError", "PARSE_ERROR", Kind::Validation, -32700)
        .with_doc("The request was not valid JSON (JSON-RPC -32700)."),
    entry(
        "InvalidRequest",
        "INVALID_REQUEST",
        Kind::Validation,
        -32600,
    )
    .with_doc("The request was not a valid JSON-RPC request (-32600)."),
    entry("MethodNotFound", "METHOD_NOT_FOUND", Kind::NotFound, -32601)
        .with_doc("The method does not exist (JSON-RPC -32601)."),
    entry("InvalidParams", "INVALID_PARAMS", Kind::Validation, -32602)
        .with_doc("The parameters were invalid (JSON-RPC -32602)."),
    entry(
        "ResourceNotFound",
        "RESOURCE_NOT_FOUND",
        Kind::NotFound,
        -32002,
    )
    .with_doc("The resource does not exist (MCP -32002)."),
    Entry::new("Other", "PROTOCOL_ERROR", Kind::Internal)
        .with_channel(Channel::Protocol)
        .with_doc("Any other JSON-RPC error, sent with its own code (-32603 included)."),
];

const fn entry(variant: &'static str, code: &'static str, kind: Kind, jsonrpc: i32) -> Entry {
    Entry::new(variant, code, kind)
        .with_jsonrpc_code(jsonrpc)
        .with_channel(Channel::Protocol)
}

/// The entry for a JSON-RPC code: the one with that code, else the last, `Other`
/// (whose own code, -32603, is among those it takes).
#[cfg_attr(not(any(feature = "rmcp", feature = "jsonrpsee")), allow(dead_code))]
pub(crate) fn entry_for(code: i32) -> &'static Entry {
    let entries = CATALOG.entries();
    let named = entries.iter().find(|entry| entry.jsonrpc_code() == code);
    named.unwrap_or(&entries[entries.len() - 1])
}

/// Whether the message and data of an error with this JSON-RPC code were written
/// for the client: those of a refused request are; an internal error's (-32603,
/// or any code this catalog does not name) may hold the server's own details, so
/// they are masked like every other internal error's.
#[cfg_attr(not(any(feature = "rmcp", feature = "jsonrpsee")), allow(dead_code))]
pub(crate) fn is_public(code: i32) -> bool {
    entry_for(code).kind() != Kind::Internal
}

/// Implements `ToolError` for a framework's JSON-RPC error type, from its code, its
/// message and its `data` as a `serde_json::Value` when that is an object.
#[cfg(any(feature = "rmcp", feature = "jsonrpsee"))]
macro_rules! protocol_tool_error {
    ($ty:ty, |$this:ident| ($code:expr, $message:expr, $data:expr)) => {
        impl crate::ToolError for $ty {
            fn code(&self) -> &'static str {
                let $this = self;
                crate::integrations::protocol::entry_for($code).code()
            }
            fn kind(&self) -> crate::Kind {
                let $this = self;
                crate::integrations::protocol::entry_for($code).kind()
            }
            fn fmt_message(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                let $this = self;
                f.write_str($message)
            }
            fn message_is_public(&self) -> bool {
                let $this = self;
                crate::integrations::protocol::is_public($code)
            }
            fn details(&self, details: &mut crate::DetailWriter<'_>) {
                let $this = self;
                if !crate::integrations::protocol::is_public($code) {
                    return;
                }
                if let Some(data) = $data.filter(|data| data.is_object()) {
                    details.whole(&data);
                }
            }
            fn jsonrpc_code(&self) -> i32 {
                let $this = self;
                $code
            }
            fn channel(&self) -> crate::Channel {
                crate::Channel::Protocol
            }
            fn catalog(&self) -> Option<&'static crate::Catalog> {
                Some(&crate::integrations::protocol::CATALOG)
            }
            fn entry(&self) -> Option<&'static crate::Entry> {
                let $this = self;
                Some(crate::integrations::protocol::entry_for($code))
            }
        }
    };
}

/// A framework's JSON-RPC error type, as the pass-through reads and builds it.
#[cfg(any(feature = "rmcp", feature = "jsonrpsee"))]
pub(crate) trait JsonRpcError: std::error::Error + Clone + 'static {
    /// The error of `code`, `message` and `data`.
    fn new(code: i32, message: String, data: Option<serde_json::Value>) -> Self;
    /// Its JSON-RPC code.
    fn code(&self) -> i32;
}

/// What a handler's `Err(AnyError)` is sent as when the contract found in it is a
/// JSON-RPC error rmcp or jsonrpsee built: that error as a `T`, with its own code,
/// message and data, unless it is internal, whose message is masked and data
/// dropped like every internal error's (the log event, emitted here, keeps them).
/// `None` when the contract found is another.
#[cfg(any(feature = "rmcp", feature = "jsonrpsee"))]
pub(crate) fn pass_through<T: JsonRpcError>(
    error: &crate::AnyError,
    options: &crate::Options,
    context: &crate::Context<'_>,
) -> Option<T> {
    let original = match error.found_as::<T>() {
        Some(own) => own.clone(),
        None => built_by_the_other::<T>(error)?,
    };
    let envelope = options.logged_envelope(error, context);
    Some(if envelope.is_masked() {
        T::new(original.code(), envelope.wire_message(), None)
    } else {
        original
    })
}

/// The JSON-RPC error in `error` that the other framework built, as a `T`.
#[cfg(any(feature = "rmcp", feature = "jsonrpsee"))]
fn built_by_the_other<T: JsonRpcError>(error: &crate::AnyError) -> Option<T> {
    #[cfg(feature = "rmcp")]
    if let Some(data) = error.found_as::<::rmcp::ErrorData>() {
        let message = data.message.to_string();
        return Some(T::new(data.code.0, message, data.data.clone()));
    }
    #[cfg(feature = "jsonrpsee")]
    if let Some(object) = error.found_as::<::jsonrpsee_types::ErrorObjectOwned>() {
        let data = object
            .data()
            .and_then(|raw| serde_json::from_str(raw.get()).ok());
        return Some(T::new(object.code(), object.message().to_owned(), data));
    }
    None
}

#[cfg(feature = "rmcp")]
protocol_tool_error!(::rmcp::ErrorData, |error| (
    error.code.0,
    &error.message,
    error.data.as_ref()
));

#[cfg(feature = "jsonrpsee")]
protocol_tool_error!(::jsonrpsee_types::ErrorObjectOwned, |error| (
    error.code(),
    error.message(),
    error
        .data()
        .and_then(|raw| serde_json::from_str::<serde_json::Value>(raw.get()).ok())
));
