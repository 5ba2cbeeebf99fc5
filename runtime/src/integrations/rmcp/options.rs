//! What only MCP servers need: `structuredContent` on error results, and how
//! argument errors are reported.

use core::fmt;
use std::borrow::Cow;
use std::sync::Arc;

use crate::args::ArgumentError;
use crate::{Options, ToolError};

/// Turns the arguments error [`Parameters`](super::Parameters) reports into a server's own error.
pub(super) type ArgumentMapper =
    dyn Fn(ArgumentError) -> Box<dyn ToolError + Send + Sync> + Send + Sync;

/// The MCP part of the [`Options`](crate::Options): set it with
/// [`Options::with_mcp`](crate::Options::with_mcp). Cheap to clone.
///
/// By default an error result carries the envelope as `structuredContent` exactly
/// when the tool declares no `outputSchema`: clients such as the official
/// TypeScript SDK validate `structuredContent` against the tool's `outputSchema`
/// even on errors, and reject a result that breaks it, so the envelope stays in the
/// text content alone for those tools. That needs the tool's declaration, which the
/// [`Router`](super::Router) looks up; a conversion that does not know the tool
/// leaves `structuredContent` out.
#[derive(Clone)]
pub struct McpOptions {
    structured: Option<bool>,
    structured_tools: Vec<(Cow<'static, str>, bool)>,
    /// What the router answers arguments that fail with, when not the error itself.
    pub(super) argument_error: Option<Arc<ArgumentMapper>>,
    /// Whether the router checks arguments against the input schema.
    pub(super) argument_check: bool,
}

impl fmt::Debug for McpOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("McpOptions")
            .field("structured", &self.structured)
            .field("structured_tools", &self.structured_tools)
            .field(
                "argument_error",
                &self.argument_error.as_ref().map(|_| "<fn>"),
            )
            .field("argument_check", &self.argument_check)
            .finish()
    }
}

/// The settings of options that set none.
static DEFAULT: McpOptions = McpOptions::new();

impl Options {
    /// What only MCP servers built with rmcp need.
    #[cfg_attr(docsrs, doc(cfg(feature = "rmcp")))]
    #[must_use]
    pub fn with_mcp(self, mcp: McpOptions) -> Self {
        self.with_part(mcp)
    }

    /// The MCP settings.
    pub(crate) fn mcp(&self) -> &McpOptions {
        self.part().unwrap_or(&DEFAULT)
    }
}

impl Default for McpOptions {
    fn default() -> Self {
        McpOptions::new()
    }
}

impl McpOptions {
    /// The defaults listed on the type.
    pub const fn new() -> Self {
        McpOptions {
            structured: None,
            structured_tools: Vec::new(),
            argument_error: None,
            argument_check: true,
        }
    }

    /// Whether every error result carries `structuredContent`, whatever the tool
    /// declares.
    #[must_use]
    pub fn with_structured_content(mut self, structured: bool) -> Self {
        self.structured = Some(structured);
        self
    }

    /// Overrides the choice for one tool.
    #[must_use]
    pub fn with_structured_content_for(
        mut self,
        tool: impl Into<Cow<'static, str>>,
        structured: bool,
    ) -> Self {
        let tool = tool.into();
        self.structured_tools.retain(|(name, _)| *name != tool);
        self.structured_tools.push((tool, structured));
        self
    }

    /// Reports arguments that [`Parameters`](super::Parameters) fails to deserialise
    /// as `map(error)` instead of the [`ArgumentError`] itself, e.g. to give them the
    /// server's own code, category or JSON-RPC code. A mapped error on the
    /// [`Protocol`](crate::Channel::Protocol) channel becomes a JSON-RPC error.
    #[must_use]
    pub fn with_argument_error<E, F>(mut self, map: F) -> Self
    where
        E: ToolError + Send + Sync + 'static,
        F: Fn(ArgumentError) -> E + Send + Sync + 'static,
    {
        let mapper: Arc<ArgumentMapper> = Arc::new(move |error| Box::new(map(error)));
        self.argument_error = Some(mapper);
        self
    }

    /// Whether an error result of `tool` carries `structuredContent`;
    /// `has_output_schema` is what the tool declares, when known.
    pub(super) fn structured_for(
        &self,
        tool: Option<&str>,
        has_output_schema: Option<bool>,
    ) -> bool {
        let chosen = tool.and_then(|tool| {
            self.structured_tools
                .iter()
                .find(|(name, _)| name == tool)
                .map(|(_, structured)| *structured)
        });
        chosen
            .or(self.structured)
            .unwrap_or(has_output_schema == Some(false))
    }

    /// Whether the router checks each call's arguments against the tool's input
    /// schema before the handler runs (with the feature `jsonschema`; default on).
    /// Off, a call's arguments reach the handler unchecked, and an argument error
    /// states only what reading the arguments enforces: for a server whose schemas
    /// say more than its tools ask.
    #[must_use]
    pub fn with_argument_check(mut self, check: bool) -> Self {
        self.argument_check = check;
        self
    }
}
