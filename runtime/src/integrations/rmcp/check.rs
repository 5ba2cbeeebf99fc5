//! The startup check of a server's next calls against its own tools.

use rmcp::model::Tool;

use crate::Catalog;
use crate::next_call::{self, Mismatches, ServedTool};

/// Checks every next call declared in `catalogs` against `tools` (what the server's
/// `ToolRouter::list_all` returns): each names a served tool, sends arguments the
/// tool declares, with values its `inputSchema` accepts, and, when marked
/// `read_only`, names a tool whose annotations say `read_only_hint = true` and not
/// `destructive_hint = true`. A tool without annotations is not read-only (MCP's
/// default), so mark each tool a `read_only` call names with
/// `#[tool(annotations(read_only_hint = true))]`, or drop `read_only` from the call
/// so agents confirm it. See [`next_call::match_tools`].
///
/// Call it where the server starts, so a broken suggestion stops the server before
/// an agent follows it, or in a test:
///
/// ```
/// use rmcp::handler::server::{router::tool::ToolRouter, wrapper::Parameters};
/// use rmcp::{schemars, tool, tool_router};
/// use tool_error::{StaticCatalog, ToolError};
///
/// #[derive(Debug, thiserror::Error, ToolError)]
/// enum NoteError {
///     #[error("note {note_id} is locked")]
///     #[tool_error(kind = conflict, next_call(tool = "get_note", args(note_id), read_only))]
///     Locked { note_id: String },
/// }
///
/// #[derive(serde::Deserialize, schemars::JsonSchema)]
/// struct NoteId { note_id: String }
///
/// struct Notes { tool_router: ToolRouter<Self> }
///
/// #[tool_router]
/// impl Notes {
///     #[tool(description = "Read a note", annotations(read_only_hint = true))]
///     fn get_note(&self, Parameters(args): Parameters<NoteId>) -> String { args.note_id }
/// }
///
/// let tools = Notes::tool_router().list_all();
/// tool_error::rmcp::check_next_calls(&tools, [NoteError::CATALOG]).unwrap();
/// ```
///
/// With a crate catalog: `check_next_calls(&tools, ERROR_CODES.types().iter().copied())`.
/// `#[tool_router]` makes the `tool_router()` it writes private to the module of
/// the `impl`, so a test that calls it lives in that module (or in a test module
/// inside it).
pub fn check_next_calls(
    tools: &[Tool],
    catalogs: impl IntoIterator<Item = &'static Catalog>,
) -> Result<(), Mismatches> {
    let served = tools.iter().map(|tool| {
        let annotations = tool.annotations.as_ref();
        ServedTool::new(&tool.name, &tool.input_schema)
            .with_read_only_hint(annotations.and_then(|annotations| annotations.read_only_hint))
            .with_destructive_hint(annotations.and_then(|annotations| annotations.destructive_hint))
    });
    next_call::match_tools(catalogs, served)
}
