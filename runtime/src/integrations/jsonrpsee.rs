//! JSON-RPC services built with [jsonrpsee](https://docs.rs/jsonrpsee): derived errors
//! into `ErrorObjectOwned`.
//!
//! With the `jsonrpsee` feature, every `#[derive(ToolError)]` type converts with
//! `From`, so an RPC method returns `Result<T, ErrorObjectOwned>` and uses `?` on it
//! (or returns `Result<T, MyError>` where jsonrpsee asks for `Into<ErrorObjectOwned>`).
//! The object carries the error's JSON-RPC code (never one the specifications
//! reserve), its message, and the envelope (native unless the options choose another
//! profile) as `data`.
//!
//! ```
//! use jsonrpsee_types::ErrorObjectOwned;
//! use tool_error::ToolError;
//!
//! #[derive(Debug, thiserror::Error, ToolError)]
//! #[error("Query '{query_id}' not found")]
//! #[tool_error(kind = not_found)]
//! struct QueryNotFound { query_id: String }
//!
//! let object = ErrorObjectOwned::from(QueryNotFound { query_id: "q1".into() });
//! assert_eq!(object.code(), -31404);
//! assert_eq!(object.message(), "Query 'q1' not found");
//! assert!(object.data().unwrap().get().contains(r#""code":"QUERY_NOT_FOUND""#));
//! ```
//!
//! [`error_object`] converts a `&dyn ToolError` (a boxed or foreign error), and
//! [`to_error_object`] takes explicit options and context. The `From` impls use the
//! installed [`Options`]: its policy, clock, logging and profile (which renders
//! `data`), and its [`JsonRpcOptions`] part.

use ::jsonrpsee_types::{ErrorObject, ErrorObjectOwned};

use crate::integrations::protocol::{JsonRpcError, pass_through};
use crate::{Context, Options, ToolError};

/// The JSON-RPC part of the [`Options`]: set it with
/// [`Options::with_jsonrpc`](crate::Options::with_jsonrpc).
///
/// The default: error objects carry the envelope as `data`.
#[derive(Clone, Debug)]
pub struct JsonRpcOptions {
    data: bool,
}

impl Default for JsonRpcOptions {
    fn default() -> Self {
        JsonRpcOptions::new()
    }
}

/// The settings of options that set none.
static DEFAULT: JsonRpcOptions = JsonRpcOptions::new();

impl Options {
    /// What only JSON-RPC services built with jsonrpsee need.
    #[cfg_attr(docsrs, doc(cfg(feature = "jsonrpsee")))]
    #[must_use]
    pub fn with_jsonrpc(self, jsonrpc: JsonRpcOptions) -> Self {
        self.with_part(jsonrpc)
    }

    /// The JSON-RPC settings.
    pub(crate) fn jsonrpc(&self) -> &JsonRpcOptions {
        self.part().unwrap_or(&DEFAULT)
    }
}

impl JsonRpcOptions {
    /// The defaults listed on the type.
    pub const fn new() -> Self {
        JsonRpcOptions { data: true }
    }

    /// Whether the object carries the envelope as `data`.
    #[must_use]
    pub fn with_data(mut self, data: bool) -> Self {
        self.data = data;
        self
    }
}

/// `error` as a JSON-RPC error object under explicit options and context: its
/// JSON-RPC code (never one the specifications reserve), its message (cut to the
/// policy's limit), and the envelope rendered by the options' profile as `data`.
pub fn to_error_object(
    error: &dyn ToolError,
    context: &Context<'_>,
    options: &Options,
) -> ErrorObjectOwned {
    let envelope = options.logged_envelope(error, context);
    let code = crate::profile::jsonrpc_error_code(error);
    let data = options
        .jsonrpc()
        .data
        .then(|| options.render_raw(&envelope));
    let message = envelope.wire_message();
    // Borrowed, then owned: the rendered `data` is copied as it is, where `owned`
    // would serialise it again.
    ErrorObject::borrowed(code, &message, data.as_deref()).into_owned()
}

/// `error` as a JSON-RPC error object under the installed options.
pub fn error_object(error: &dyn ToolError) -> ErrorObjectOwned {
    let options = Options::installed();
    to_error_object(error, &options.context(), options)
}

/// A method's parameters as `T`, or the [`ArgumentError`](crate::args::ArgumentError)
/// that names each bad field as an error object: code -32602 (invalid params), the
/// envelope with `details.violations` as `data`, instead of serde's text. A drop-in
/// for `params.parse()` in methods registered on an `RpcModule`:
///
/// ```
/// use jsonrpsee_types::Params;
///
/// #[derive(Debug, serde::Deserialize)]
/// struct Lookup { id: String, limit: u8 }
///
/// let params = Params::new(Some(r#"{"id": "q1", "limit": 300}"#));
/// let error = tool_error::jsonrpsee::parse_params::<Lookup>(&params).unwrap_err();
/// assert_eq!(error.code(), -32602);
/// let data: serde_json::Value = serde_json::from_str(error.data().unwrap().get()).unwrap();
/// assert_eq!(data["details"]["violations"][0]["field"], "limit");
/// assert_eq!(data["details"]["violations"][0]["expected"], "an integer from 0 to 255");
/// ```
///
/// Methods declared with jsonrpsee's `#[rpc]` macro parse their parameters in
/// generated code; to get the same errors there, take the parameters as one
/// `serde_json::Value` and call [`args::from_value`](crate::args::from_value).
pub fn parse_params<T: serde::de::DeserializeOwned>(
    params: &jsonrpsee_types::Params<'_>,
) -> Result<T, ErrorObjectOwned> {
    crate::args::from_str(params.as_str().unwrap_or("null")).map_err(|error| error_object(&error))
}

/// A JSON-RPC error a handler passed up (jsonrpsee's own, or rmcp's `ErrorData`)
/// is sent on with its code, message and data unchanged, unless it is an internal
/// one (-32603 or a code outside those the specifications define for refused
/// requests), whose message is masked like any internal error's, and data dropped.
impl From<crate::AnyError> for ErrorObjectOwned {
    fn from(error: crate::AnyError) -> Self {
        let options = Options::installed();
        pass_through(&error, options, &options.context()).unwrap_or_else(|| error_object(&error))
    }
}

impl JsonRpcError for ErrorObjectOwned {
    fn new(code: i32, message: String, data: Option<serde_json::Value>) -> Self {
        ErrorObjectOwned::owned(code, message, data)
    }

    fn code(&self) -> i32 {
        ErrorObjectOwned::code(self)
    }
}

/// Implements `From<Type> for ErrorObjectOwned` for a derived type.
#[doc(hidden)]
#[macro_export]
macro_rules! __tool_error_jsonrpsee {
    ([$($generics:tt)*] [$($ty:tt)*] [$($where:tt)*]) => {
        #[automatically_derived]
        impl $($generics)* ::core::convert::From<$($ty)*> for $crate::__private::jsonrpsee::ErrorObjectOwned $($where)* {
            fn from(error: $($ty)*) -> Self {
                $crate::__private::jsonrpsee::respond(&error)
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use core::fmt;

    use crate::{Envelope, Kind, Limits, Native, Options, Policy, SuggestionWriter, ToolError};

    /// A long message, and a suggestion long enough to push the envelope past a
    /// small size limit.
    #[derive(Debug)]
    struct Long;

    impl fmt::Display for Long {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            for digit in 0..400 {
                write!(f, "{}", digit % 10)?;
            }
            Ok(())
        }
    }

    impl ToolError for Long {
        fn code(&self) -> &'static str {
            "LONG"
        }
        fn kind(&self) -> Kind {
            Kind::Validation
        }
        fn suggestions(&self, out: &mut SuggestionWriter<'_>) {
            out.push_str(&"x".repeat(200));
        }
    }

    #[test]
    fn the_message_formatted_once_is_the_one_the_envelope_would_write() {
        let cut = Policy::DEFAULT.with_limits(Limits::DEFAULT.with_max_message_chars(10));
        // Too large even without the suggestion: reduced to the minimal envelope,
        // whose message is cut to 256 characters on its own terms.
        let small = Policy::DEFAULT.with_limits(Limits::DEFAULT.with_max_envelope_bytes(400));
        for policy in [Policy::DEFAULT, cut.clone(), small.clone()] {
            let options = Options::new().without_clock().with_policy(policy.clone());
            let object = super::to_error_object(&Long, &options.context(), &options);
            let data = object.data().map(|data| data.get().to_owned());
            let rendered = Envelope::new(&Long).with_policy(&policy).render(&Native);
            assert_eq!(data.as_deref(), Some(rendered.as_str()));
            let expected = if policy.limits.max_message_chars == 10 {
                format!("0123456789{}", Limits::TRUNCATION_MARK)
            } else {
                "0123456789".repeat(40)
            };
            assert_eq!(object.message(), expected);
        }
        let options = Options::new().without_clock().with_policy(small);
        let object = super::to_error_object(&Long, &options.context(), &options);
        let data: serde_json::Value =
            serde_json::from_str(object.data().map_or("null", |data| data.get())).unwrap();
        let minimal = format!(
            "{}012345{}",
            "0123456789".repeat(25),
            Limits::TRUNCATION_MARK
        );
        assert_eq!(data["message"], minimal.as_str());
        // Pinned, so the comparison above is not between two equally wrong renders.
        let options = Options::new().without_clock().with_policy(cut);
        let object = super::to_error_object(&Long, &options.context(), &options);
        let data = object.data().map(|data| data.get().to_owned());
        let suggestion = "x".repeat(200);
        assert_eq!(
            data.as_deref(),
            Some(
                format!(
                    r#"{{"code":"LONG","kind":"VALIDATION","message":"0123456789{}","recoverable":true,"suggestions":["{suggestion}"],"truncated":true}}"#,
                    Limits::TRUNCATION_MARK
                )
                .as_str()
            )
        );
    }
}
