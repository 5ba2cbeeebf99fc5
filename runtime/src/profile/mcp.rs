//! MCP `CallToolResult` with `isError: true`.

use serde::Serializer;
use serde::ser::SerializeMap;

use crate::{Envelope, Native, Profile};

/// An MCP `CallToolResult` for a failed tool call:
/// `{"content": [{"type": "text", "text": "<envelope JSON>"}], "structuredContent": {...}, "isError": true}`.
///
/// The text holds the envelope rendered by the inner profile ([`Native`] by default),
/// which is what the model reads. `structuredContent` repeats it as an object; it is
/// off by default because some clients validate `structuredContent` against the
/// tool's `outputSchema` even on errors, which an error envelope will not match.
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
/// let result = Envelope::new(&error).to_value(&tool_error::McpToolResult::new());
/// assert_eq!(result["isError"], true);
/// let text = result["content"][0]["text"].as_str().unwrap();
/// let envelope: serde_json::Value = serde_json::from_str(text).unwrap();
/// assert_eq!(envelope["suggestions"][0], "List orders with list_orders");
/// assert!(result.get("structuredContent").is_none());
///
/// let structured = tool_error::McpToolResult::new().structured(true);
/// let result = Envelope::new(&error).to_value(&structured);
/// assert_eq!(result["structuredContent"]["code"], "ORDER_MISSING");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct McpToolResult<P = Native> {
    inner: P,
    structured: bool,
}

impl McpToolResult<Native> {
    /// The native envelope as text, no `structuredContent`.
    pub const fn new() -> Self {
        McpToolResult {
            inner: Native,
            structured: false,
        }
    }
}

impl<P> McpToolResult<P> {
    /// The envelope rendered by `profile` as text.
    pub const fn with_profile(profile: P) -> Self {
        McpToolResult {
            inner: profile,
            structured: false,
        }
    }

    /// Also send the envelope as `structuredContent`.
    #[must_use]
    pub const fn structured(mut self, structured: bool) -> Self {
        self.structured = structured;
        self
    }
}

/// One item of MCP's `content`: `{"type": "text", "text": ...}`.
#[derive(serde::Serialize)]
struct TextItem<'a> {
    r#type: &'static str,
    text: &'a str,
}

impl<P: Profile> Profile for McpToolResult<P> {
    fn serialize_envelope<S: Serializer>(
        &self,
        envelope: &Envelope<'_>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        // The text is JSON inside a JSON string, so it is rendered first; the outer
        // rendering checks the total size.
        let text = envelope.render(&self.inner);
        let mut map = serializer.serialize_map(None)?;
        let item = TextItem {
            r#type: "text",
            text: &text,
        };
        map.serialize_entry("content", &[item])?;
        if self.structured {
            // The text parsed back: the same envelope, cuts included, without
            // running the error's code again.
            let structured: serde_json::Value =
                serde_json::from_str(&text).map_err(serde::ser::Error::custom)?;
            map.serialize_entry("structuredContent", &structured)?;
        }
        map.serialize_entry("isError", &true)?;
        map.end()
    }
}
