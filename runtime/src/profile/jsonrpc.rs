//! JSON-RPC 2.0 error objects and responses.

use serde::Serializer;
use serde::ser::SerializeMap;

use crate::{Envelope, Native, Profile, RequestId, ToolError};

/// The JSON-RPC 2.0 error object: `{"code", "message", "data"}`, with `data`
/// rendered by another profile ([`Native`] by default) or left out.
///
/// The code is the error's [`jsonrpc_code`](crate::ToolError::jsonrpc_code), which
/// the derive keeps out of the ranges the MCP specification reserves.
///
/// ```
/// use tool_error::{Envelope, ToolError};
///
/// #[derive(Debug, thiserror::Error, ToolError)]
/// #[error("order {id} not found")]
/// #[tool_error(kind = not_found, suggest = "List orders with list_orders")]
/// struct OrderMissing {
///     id: u64,
/// }
///
/// let error = OrderMissing { id: 7 };
/// let object = Envelope::new(&error).to_value(&tool_error::JsonRpc::new());
/// assert_eq!(object["code"], -31404);
/// assert_eq!(object["message"], "order 7 not found");
/// assert_eq!(object["data"]["code"], "ORDER_MISSING");
///
/// let bare = Envelope::new(&error).to_value(&tool_error::JsonRpc::bare());
/// assert_eq!(bare, serde_json::json!({"code": -31404, "message": "order 7 not found"}));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JsonRpc<P = Native> {
    data: Option<P>,
}

impl JsonRpc<Native> {
    /// With the native envelope as `data`.
    pub const fn new() -> Self {
        JsonRpc { data: Some(Native) }
    }

    /// Without `data`: only `code` and `message`.
    pub const fn bare() -> Self {
        JsonRpc { data: None }
    }
}

impl Default for JsonRpc<Native> {
    fn default() -> Self {
        JsonRpc::new()
    }
}

impl<P> JsonRpc<P> {
    /// With `data` rendered by `profile`.
    pub const fn with_data(profile: P) -> Self {
        JsonRpc {
            data: Some(profile),
        }
    }
}

impl<P: Profile> Profile for JsonRpc<P> {
    fn serialize_envelope<S: Serializer>(
        &self,
        envelope: &Envelope<'_>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("code", &envelope.jsonrpc_code())?;
        map.serialize_entry("message", &envelope.message())?;
        if let Some(data) = &self.data {
            map.serialize_entry("data", &envelope.wire(data))?;
        }
        map.end()
    }
}

/// The JSON-RPC code an error response carries, wherever it is written (the
/// object an integration sends, a profile's `code`, the log): the error's own, unless
/// it falls in a range JSON-RPC 2.0 or MCP (2026-07-28) reserves without defining
/// it, where the kind's default stands in. The derive refuses such codes; this
/// guards hand-written `ToolError` impls. A JSON-RPC error rmcp or jsonrpsee built
/// keeps its code, since the integrations send it on unchanged.
pub(crate) fn jsonrpc_error_code(error: &dyn ToolError) -> i32 {
    const STANDARD: [i32; 5] = [-32700, -32600, -32601, -32602, -32603];
    let code = error.jsonrpc_code();
    let legacy = (-32019..=-32000).contains(&code);
    let reserved = (-32768..=-32000).contains(&code) && !STANDARD.contains(&code) && !legacy;
    let passed_on = error
        .catalog()
        .is_some_and(|catalog| core::ptr::eq(catalog, &crate::integrations::protocol::CATALOG));
    if reserved && !passed_on {
        error.kind().default_jsonrpc_code()
    } else {
        code
    }
}

/// A whole JSON-RPC 2.0 error response: `{"jsonrpc": "2.0", "id", "error": {...}}`.
///
/// ```
/// use tool_error::profile::JsonRpcResponse;
/// use tool_error::{Envelope, JsonRpc, RequestId, ToolError};
///
/// #[derive(Debug, thiserror::Error, ToolError)]
/// #[error("Path is outside allowed roots")]
/// #[tool_error(kind = permission, jsonrpc = -32001, code = "PATH_NOT_ALLOWED")]
/// #[tool_error(legacy_jsonrpc)]
/// struct PathNotAllowed;
///
/// let json = Envelope::new(&PathNotAllowed)
///     .render(&JsonRpcResponse::new(RequestId::Number(1), JsonRpc::bare()));
/// assert_eq!(json, r#"{"jsonrpc":"2.0","id":1,"error":{"code":-32001,"message":"Path is outside allowed roots"}}"#);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JsonRpcResponse<'a, P = Native> {
    id: RequestId<'a>,
    error: JsonRpc<P>,
}

impl<'a, P> JsonRpcResponse<'a, P> {
    /// A response to request `id` carrying `error`.
    pub const fn new(id: RequestId<'a>, error: JsonRpc<P>) -> Self {
        JsonRpcResponse { id, error }
    }
}

impl<P: Profile> Profile for JsonRpcResponse<'_, P> {
    fn serialize_envelope<S: Serializer>(
        &self,
        envelope: &Envelope<'_>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry("jsonrpc", "2.0")?;
        map.serialize_entry("id", &self.id)?;
        map.serialize_entry("error", &envelope.wire(&self.error))?;
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Kind;

    #[derive(Debug)]
    struct Coded(i32, Kind);

    impl core::fmt::Display for Coded {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            f.write_str("coded")
        }
    }

    impl ToolError for Coded {
        fn code(&self) -> &'static str {
            "CODED"
        }
        fn kind(&self) -> Kind {
            self.1
        }
        fn jsonrpc_code(&self) -> i32 {
            self.0
        }
    }

    #[test]
    fn reserved_codes_fall_back_to_the_kind() {
        assert_eq!(jsonrpc_error_code(&Coded(-32050, Kind::NotFound)), -31404);
        assert_eq!(jsonrpc_error_code(&Coded(-32020, Kind::Conflict)), -31409);
        assert_eq!(jsonrpc_error_code(&Coded(-32700, Kind::Internal)), -32700);
        assert_eq!(jsonrpc_error_code(&Coded(-32200, Kind::Validation)), -32602);
        assert_eq!(jsonrpc_error_code(&Coded(-32001, Kind::NotFound)), -32001);
        assert_eq!(jsonrpc_error_code(&Coded(-32019, Kind::NotFound)), -32019);
        assert_eq!(jsonrpc_error_code(&Coded(-31999, Kind::NotFound)), -31999);
        assert_eq!(jsonrpc_error_code(&Coded(42, Kind::NotFound)), 42);
    }
}
